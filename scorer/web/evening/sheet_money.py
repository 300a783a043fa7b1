"""The evening's money and chart as the sheet shows them beside its rows.

The amounts come from ``scorer.core.settlement`` on the ledger's totals
(``services.settlement``); the chart is ``scorer.words.chart``'s SVG of the ledger's running
totals. Nothing is counted here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import g, url_for
from markupsafe import Markup

from scorer import services
from scorer.core.settlement import Settlement, price_cents
from scorer.store.models import Evening
from scorer.words import money as money_words


@dataclass(frozen=True)
class Money:
    """A settlement as the page words it."""

    how: str
    """"10 Cent pro Punkt · untereinander · auf den Cent"."""
    lines: tuple[str, ...]
    """"Ben zahlt Anna 3,40 €" or "Ben zahlt 0,80 € in die Kasse"; never empty."""
    pot: str
    """What the Kasse gets ("4,80 €"), or "" when the players pay each other."""
    balances: tuple[tuple[str, str, str], ...]
    """(name, signed amount, "plus"/"minus"/"zero") per player, in seat order."""


def money(settlement: Settlement | None) -> Money | None:
    """The page's view of a settlement (None: the evening is played without money)."""
    if settlement is None:
        return None
    balances = tuple(
        (name, money_words.balance(cents),
         "plus" if cents > 0 else "minus" if cents < 0 else "zero")
        for name, cents in settlement.balances.items())
    return Money(how=money_words.how(settlement),
                 lines=money_words.lines(settlement) or (money_words.nobody_pays(),),
                 pot=money_words.pot(settlement), balances=balances)


def sheet_extras(evening: Evening, sheet: services.Sheet) -> dict[str, Any]:
    """What the evening page shows beside the Zettel: the chart and the money (the form to
    change how it settles is a page of its own, ``edit``: a rare change, and the sheet that
    every save answers with stays lighter without it).

    The chart is our own SVG with every name escaped (scorer.words.chart), so it goes into the
    page as markup.
    """
    tenths = evening.tenth_cents_per_point
    settled = services.settlement(evening, sheet.ledger.totals)
    # A link to the GiroCodes whenever somebody pays: that page draws them, or says how a
    # player gets them. The sheet answers every save: no query more (the players' details)
    # and no QR code drawn here.
    payable = (settled is not None and bool(settled.transfers or settled.payments)
               and g.get("link_token") is not None)
    return {
        "pay_url": url_for("money.pay", token=g.link_token, number=evening.number)
        if payable else None,
        "chart": Markup(sheet.folded.chart),
        "money": money(settled),
        "price": money_words.price(price_cents(tenths)) if tenths else None,
    }
