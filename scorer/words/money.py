"""An evening's money in the reader's language: the settlement's modes and rounding, the
price of a point, and who pays whom (scorer.core.settlement computes, in cents; the core's
own German sentences stay for its exports and doctests).

Pure: the standard library, the core and the words package (numbers through
scorer.words.formats).

>>> from scorer.core.settlement import Transfer
>>> transfer_text(Transfer("Ben", "Anna", 340)), price_text(10)
('Ben zahlt Anna 3,40 €', '10 Cent')
"""

from __future__ import annotations

from decimal import Decimal

from scorer.core.settlement import (
    MODE_LABELS,
    ROUNDING_LABELS,
    TENTHS,
    Payment,
    Price,
    Rounding,
    Settlement,
    SettlementMode,
    Transfer,
    price_tenths,
)
from scorer.words.formats import money, plain_decimal
from scorer.words.i18n import _


def mode_label(mode: SettlementMode) -> str:
    """A settlement mode: "Ausgleich untereinander"."""
    return _(MODE_LABELS[mode])


def rounding_label(rounding: Rounding) -> str:
    """A rounding: "auf den Cent"."""
    return _(ROUNDING_LABELS[rounding])


def price_text(cents_per_point: Price) -> str:
    """The price of a point: "10 Cent", "0,5 Cent", "1,50 €" / "10 cents", "€1.50"."""
    tenths = price_tenths(cents_per_point)
    if tenths >= 100 * TENTHS and tenths % TENTHS == 0:
        return money(tenths // TENTHS)
    whole, rest = divmod(tenths, TENTHS)
    cents = plain_decimal(Decimal(tenths) / TENTHS, 1) if rest else str(whole)
    return _("%(cents)s Cent") % {"cents": cents}


def transfer_text(transfer: Transfer) -> str:
    """One transfer: "Ben zahlt Anna 3,40 €"."""
    return _("%(payer)s zahlt %(payee)s %(amount)s") % {
        "payer": transfer.payer, "payee": transfer.payee, "amount": money(transfer.cents)}


def payment_text(payment: Payment) -> str:
    """One payment into the kitty: "Ben zahlt 3,40 € in die Kasse"."""
    return _("%(player)s zahlt %(amount)s in die Kasse") % {
        "player": payment.player, "amount": money(payment.cents)}


def settlement_lines(settlement: Settlement) -> list[str]:
    """Every transfer or payment of an evening as a sentence (``Settlement.lines``)."""
    return ([transfer_text(t) for t in settlement.transfers]
            + [payment_text(p) for p in settlement.payments])


__all__ = ["mode_label", "payment_text", "price_text", "rounding_label", "settlement_lines",
           "transfer_text"]
