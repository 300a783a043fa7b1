"""An evening's money in the reader's language: how it settles, who pays whom, what goes into
the Kasse. The sheet, the settlement page and the printed sheet say it alike; the amounts come
from ``scorer.core.settlement`` and are written by ``scorer.words.formats``.

>>> from decimal import Decimal
>>> from scorer.core.settlement import settle
>>> result = settle({"Anna": 12, "Ben": -4, "Cem": -8}, 10)
>>> how(result)
'10 Cent pro Punkt · Ausgleich untereinander · auf den Cent'
>>> lines(result)
('Ben zahlt Anna 0,40 €', 'Cem zahlt Anna 0,80 €')
>>> price(10), price(Decimal("0.5")), price(150), price(Decimal("150.5"))
('10 Cent', '0,5 Cent', '1,50 €', '150,5 Cent')
"""

from __future__ import annotations

from scorer.core.settlement import (
    TENTHS,
    Payment,
    Price,
    Rounding,
    Settlement,
    SettlementMode,
    Transfer,
    price_tenths,
)
from scorer.words import formats
from scorer.words.i18n import N_, _, ngettext

MODES = {
    SettlementMode.ZERO_SUM: N_("Ausgleich untereinander"),
    SettlementMode.PAY_LEADER: N_("Differenz zum Führenden in die Kasse"),
    SettlementMode.PAY_LOSSES: N_("Minuspunkte in die Kasse"),
}
"""How an evening settles, by its mode: the form, the evening page and the PDF say the same."""

ROUNDINGS = {
    Rounding.CENT: N_("auf den Cent"),
    Rounding.TEN_CENTS: N_("auf 10 Cent"),
}
"""To what an evening's amounts are rounded."""


def mode(value: SettlementMode) -> str:
    """The words of a settlement mode: "Ausgleich untereinander"."""
    return _(MODES[value])


def rounding(value: Rounding) -> str:
    """The words of a rounding: "auf den Cent"."""
    return _(ROUNDINGS[value])


def price(cents_per_point: Price) -> str:
    """The price of a point as the table reads it: "10 Cent", "0,5 Cent", "1,50 €" /
    "10 cents", "0.5 cents", "€1.50"."""
    tenths = price_tenths(cents_per_point)
    if tenths >= 100 * TENTHS and tenths % TENTHS == 0:
        return formats.money(tenths // TENTHS)
    whole, rest = divmod(tenths, TENTHS)
    cents = f"{whole}{formats.decimal_symbol()}{rest}" if rest else str(whole)
    # A fraction of a cent reads as a plural ("0.5 cents"), as one whole cent does not.
    return ngettext("%(cents)s Cent", "%(cents)s Cent", 2 if rest else whole) % {"cents": cents}


def per_point(cents_per_point: Price) -> str:
    """"10 Cent pro Punkt"."""
    return _("%(price)s pro Punkt") % {"price": price(cents_per_point)}


def how(settlement: Settlement) -> str:
    """"10 Cent pro Punkt · Ausgleich untereinander · auf den Cent"."""
    return " · ".join([per_point(settlement.cents_per_point), mode(settlement.mode),
                       rounding(settlement.rounding)])


def transfer(line: Transfer) -> str:
    """"Ben zahlt Anna 3,40 €"."""
    return _("%(payer)s zahlt %(payee)s %(amount)s") % {
        "payer": line.payer, "payee": line.payee, "amount": formats.money(line.cents)}


def payment(line: Payment) -> str:
    """"Ben zahlt 3,40 € in die Kasse"."""
    return _("%(player)s zahlt %(amount)s in die Kasse") % {
        "player": line.player, "amount": formats.money(line.cents)}


def lines(settlement: Settlement) -> tuple[str, ...]:
    """Every transfer or payment as a sentence; empty when nobody pays."""
    return (tuple(transfer(t) for t in settlement.transfers)
            + tuple(payment(p) for p in settlement.payments))


def nobody_pays() -> str:
    """What the money says when nobody has to pay."""
    return _("Niemand muss etwas zahlen.")


def saved() -> str:
    """The flash after the settlement was changed."""
    return _("Abrechnung gespeichert.")


def pot(settlement: Settlement) -> str:
    """What the Kasse gets ("4,80 €"), or "" when the players pay each other."""
    return formats.money(settlement.pot) if settlement.payments else ""


def balance(cents: int) -> str:
    """A player's balance with its sign: "+3,40 €", "−1,20 €", "0,00 €"."""
    return formats.signed_money(cents)


__all__ = ["MODES", "ROUNDINGS", "balance", "how", "lines", "mode", "nobody_pays",
           "payment", "per_point", "pot", "price", "rounding", "saved", "transfer"]
