"""The Runde's Kasse (RULES.md §11.2): what the evenings settled into the Kasse charge each
member, what absent members pay, deposits and expenses, the balance and what is owed. Pure:
imports only the standard library and the core. Money is whole cents, never a float.

Evening 1 is settled into the Kasse: Anna leads, Ben pays 80 ct, Cem 180 ct; Dora, a member,
was not there and pays as the last-placed did:

>>> charges = evening_charges(1, dt.date(2026, 3, 5), {"Ben": 80, "Cem": 180},
...                           {"Anna": 12, "Ben": 4, "Cem": -6}, frozenset({"Dora"}),
...                           AbsentPays.AS_LAST)
>>> [(c.player, c.cents, c.absent) for c in charges]
[('Ben', 80, False), ('Cem', 180, False), ('Dora', 180, True)]
>>> state = kasse_state(charges, paid={(1, "Ben")}, entries=[Entry(dt.date(2026, 3, 6),
...                     "Jahresessen", -50)])
>>> state.balance, state.owed
(30, {'Cem': 180, 'Dora': 180})
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Any

from scorer.core.rules import InvalidInput


class InvalidKasse(InvalidInput):
    """A Kasse entry or setting that cannot be: no text, no amount, a bad date."""


class AbsentPays(str, Enum):
    """What a member who was not at an evening's table pays into the Kasse (§11.2)."""

    NOTHING = "nothing"
    """Nothing."""
    AS_LAST = "as_last"
    """What that evening's last-placed player was charged."""
    FIXED = "fixed"
    """A fixed amount (``absent_fixed_cents``)."""


ABSENT_LABELS = {
    AbsentPays.NOTHING: "nichts",
    AbsentPays.AS_LAST: "so viel wie der Letzte des Abends",
    AbsentPays.FIXED: "einen festen Betrag",
}
"""The choices in the table's words."""

MAX_CENTS = 10_000_000
"""The largest amount one Kasse entry may have: 100.000 €, beyond any group's cash box."""


@dataclass(frozen=True, slots=True)
class Charge:
    """What one evening charges one member (owed until marked paid)."""

    key: Any
    """The evening (its number): every charge can be traced to it."""
    date: dt.date
    player: str
    cents: int
    absent: bool
    """Charged as an absent member, not from the table."""


@dataclass(frozen=True, slots=True)
class Entry:
    """A deposit (positive) or an expense (negative) with its date and text."""

    date: dt.date
    text: str
    cents: int


@dataclass(frozen=True, slots=True)
class KasseState:
    """The Kasse as it stands."""

    balance: int
    """Charges marked paid + deposits − expenses, in cents."""
    owed: dict[str, int]
    """Unpaid charges per member (only members who owe something), in cents."""
    paid: dict[str, int]
    """Paid charges per member, in cents."""
    deposits: int
    expenses: int
    """Both as positive sums."""


@dataclass(frozen=True, slots=True)
class MemberReport:
    """One member's season (§11.2 season report)."""

    player: str
    evenings_played: int
    points: int
    charges: tuple[Charge, ...]
    """The charges of the season's evenings, absent ones included, in date order."""

    @property
    def total(self) -> int:
        """The sum of the charges, in cents."""
        return sum(c.cents for c in self.charges)

    @property
    def average(self) -> Fraction | None:
        """The charge per evening charged, exactly; None without charges."""
        return Fraction(self.total, len(self.charges)) if self.charges else None

    @property
    def minimum(self) -> int | None:
        """The smallest charge of an evening, None without charges."""
        return min((c.cents for c in self.charges), default=None)

    @property
    def maximum(self) -> int | None:
        """The largest charge of an evening, None without charges."""
        return max((c.cents for c in self.charges), default=None)


def evening_charges(key: Any, date: dt.date, payments: Mapping[str, int],
                    totals: Mapping[str, int], absent_members: Collection[str],
                    absent_pays: AbsentPays = AbsentPays.NOTHING,
                    absent_fixed_cents: int = 0) -> list[Charge]:
    """The charges of one evening settled into the Kasse: each payment of its settlement,
    then each absent member's charge (§11.2), in the order given. ``payments`` are the
    settlement's payments into the Kasse (cents per player, players paying 0 left out);
    ``totals`` the evening's totals, to find its last-placed player."""
    out = [Charge(key, date, player, cents, False) for player, cents in payments.items() if cents]
    if absent_pays is AbsentPays.NOTHING or not absent_members:
        return out
    if absent_pays is AbsentPays.FIXED:
        amount = absent_fixed_cents
    else:
        lowest = min(totals.values(), default=0)
        amount = max((payments.get(p, 0) for p, t in totals.items() if t == lowest), default=0)
    return out + [Charge(key, date, player, amount, True)
                  for player in absent_members if amount and player not in totals]


def kasse_state(charges: Iterable[Charge], paid: Collection[tuple[Any, str]],
                entries: Iterable[Entry]) -> KasseState:
    """The balance and what is owed: ``paid`` holds (evening key, player) of the charges
    marked paid."""
    owed: dict[str, int] = {}
    paid_by: dict[str, int] = {}
    for charge in charges:
        book = paid_by if (charge.key, charge.player) in paid else owed
        book[charge.player] = book.get(charge.player, 0) + charge.cents
    deposits = expenses = 0
    for entry in entries:
        if entry.cents >= 0:
            deposits += entry.cents
        else:
            expenses -= entry.cents
    return KasseState(balance=sum(paid_by.values()) + deposits - expenses,
                      owed={p: c for p, c in owed.items() if c}, paid=paid_by,
                      deposits=deposits, expenses=expenses)


def season_report(charges: Iterable[Charge], totals: Iterable[Mapping[str, int]],
                  members: Iterable[str]) -> list[MemberReport]:
    """Per member: evenings played and points (from the season's evenings' ``totals``), and
    the charges of the season's evenings (absent ones included), in date order."""
    charges = sorted(charges, key=lambda c: c.date)
    played: dict[str, int] = {}
    points: dict[str, int] = {}
    for evening in totals:
        for name, total in evening.items():
            played[name] = played.get(name, 0) + 1
            points[name] = points.get(name, 0) + total
    return [MemberReport(name, played.get(name, 0), points.get(name, 0),
                         tuple(c for c in charges if c.player == name))
            for name in members]


def check_entry(date: Any, text: Any, cents: Any) -> Entry:
    """A deposit or expense as typed, or InvalidKasse naming the field."""
    problems = []
    if not isinstance(date, dt.date):
        problems.append(("date", "ein Datum angeben"))
    if not isinstance(text, str) or not text.strip() or len(text.strip()) > 80:
        problems.append(("text", "sagen, wofür (höchstens 80 Zeichen)"))
    if type(cents) is not int or cents == 0 or abs(cents) > MAX_CENTS:
        problems.append(("cents", "einen Betrag angeben, nicht 0 und höchstens 100.000 €"))
    if problems:
        raise InvalidKasse(problems)
    return Entry(date, text.strip(), cents)


__all__ = [
    "ABSENT_LABELS",
    "AbsentPays",
    "Charge",
    "Entry",
    "InvalidKasse",
    "KasseState",
    "MAX_CENTS",
    "MemberReport",
    "check_entry",
    "evening_charges",
    "kasse_state",
    "season_report",
]
