"""A payment offer as a page shows it: the sentence, the GiroCode drawn as inline SVG, the
IBAN to type and the PayPal.me link (templates/_pay.html). The offers themselves come from
services.payees; this only draws them."""

from __future__ import annotations

from dataclasses import dataclass

from markupsafe import Markup

from scorer import services
from scorer.web.pages.qr import girocode_svg
from scorer.words import formats
from scorer.words.pay import girocode_title


@dataclass(frozen=True)
class OfferView:
    """One offer on the page (templates/_pay.html ``pay_offer``)."""

    payee: str
    amount: str
    """"3,40 €"."""
    qr: Markup | None
    """The GiroCode as inline SVG, or None (no IBAN in the SEPA zone)."""
    iban: str | None
    holder: str | None
    paypal: str | None


@dataclass(frozen=True)
class PayLineView:
    """A transfer or payment of a settlement: its sentence, with how to pay it (or None)."""

    text: str
    offer: OfferView | None


def offer_view(offer: services.PayOffer | None) -> OfferView | None:
    """``offer`` drawn for a page; None stays None."""
    if offer is None:
        return None
    amount = formats.money(offer.cents)
    qr = (girocode_svg(offer.girocode, girocode_title(offer.payee, amount))
          if offer.girocode else None)
    return OfferView(offer.payee, amount, qr, offer.iban, offer.holder, offer.paypal)


def line_views(lines: tuple[services.PayLine, ...],
               texts: tuple[str, ...]) -> tuple[PayLineView, ...]:
    """The settlement's lines (``texts``: scorer.words.money.lines, the same order) with their
    offers drawn."""
    return tuple(PayLineView(text, offer_view(line.offer)) for line, text in zip(lines, texts))


__all__ = ["OfferView", "PayLineView", "line_views", "offer_view"]
