"""The Runde's Kasse (RULES.md §11.2): what the evenings settled into the Kasse charge each
member, what absent members pay, deposits and expenses, the balance and what is owed. Pure:
imports only the standard library and the core. Money is whole cents, never a float.

Evening 1 is settled into the Kasse: Anna leads and pays nothing, Ben pays 80 ct, Cem 180 ct;
Dora, a member, was not there and pays as the last-placed did:

>>> charges = evening_charges(1, dt.date(2026, 3, 5), {"Ben": 80, "Cem": 180},
...                           {"Anna": 12, "Ben": 4, "Cem": -6}, frozenset({"Dora"}),
...                           AbsentPays.AS_LAST)
>>> [(c.player, c.cents, c.absent) for c in charges]
[('Anna', 0, False), ('Ben', 80, False), ('Cem', 180, False), ('Dora', 180, True)]
>>> state = kasse_state(charges, paid={(1, "Ben"): 80}, entries=[Entry(dt.date(2026, 3, 6),
...                     "Jahresessen", -50)])
>>> state.balance, state.owed
(30, {'Cem': 180, 'Dora': 180})

Amounts are typed the German way:

>>> parse_cents("12,50"), parse_cents("-180"), parse_cents("1.234,5 €"), parse_cents("−0,05")
(1250, -18000, 123450, -5)
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import Enum
from fractions import Fraction
from typing import Any

from scorer.core.marked import N_
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


@dataclass(frozen=True, slots=True)
class AbsentRule:
    """What an absent member pays (§11.2); the setting in force on an evening's date
    charges that evening (§11.4: ``scorer.core.dated.in_force``)."""

    absent_pays: AbsentPays = AbsentPays.NOTHING
    absent_fixed_cents: int = 0
    """Under ``fixed``: the amount, in cents."""


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
    """What the evening charges, 0 for a player at the table who pays nothing (the leader
    under ``pay_leader``): the season report counts that evening too."""
    absent: bool
    """Charged as an absent member, not from the table."""
    fee: int = 0
    """The part of ``cents`` that is the evening's fixed fee (``with_fee``), 0 without one."""
    item: Item | None = None
    """A Kasse item (a fine, drinks, a host's contribution: ``item_charge``) rather than an
    evening's share; its ``key`` is then an ItemKey."""


@dataclass(frozen=True, slots=True, order=True)
class ItemKey:
    """The key of a Kasse item's charge: never equal to an evening's number."""

    id: int


class ItemKind(str, Enum):
    """What a Kasse item is (issue 38): charged to one member, with its own "bezahlt"."""

    FINE = "fine"
    """A fine the Runde chose ("vergeben", "zu spät")."""
    DRINKS = "drinks"
    """Drinks or food put on a player."""
    HOST = "host"
    """A host's contribution or food money."""
    OTHER = "other"
    """Anything else the Kasse charges one member."""


@dataclass(frozen=True, slots=True)
class Item:
    """A Kasse item as stored: one member owes ``cents`` for it from ``date`` on."""

    id: int
    date: dt.date
    player: str
    kind: ItemKind
    text: str
    cents: int
    evening: int | None = None
    """The evening it belongs to (its number), if any."""


def item_charge(item: Item) -> Charge:
    """A Kasse item as a charge of its member (owed until marked paid, like a share)."""
    return Charge(ItemKey(item.id), item.date, item.player, item.cents, False, item=item)


def charge_order(charge: Charge) -> tuple[dt.date, int, int]:
    """Oldest first: by date, an evening's share before an item of the same day, then the
    evening's number or the item's id."""
    key = charge.key
    if isinstance(key, ItemKey):
        return (charge.date, 1, key.id)
    return (charge.date, 0, key if isinstance(key, int) else 0)


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
    """What each member still owes (only members who owe something), in cents: the charges
    not marked paid, and what a charge grew by after it was marked paid."""
    paid: dict[str, int]
    """What each member paid into the Kasse (the amounts marked paid), in cents."""
    deposits: int
    expenses: int
    """Both as positive sums."""
    credit: dict[str, int]
    """What a member paid beyond a charge: a charge that shrank (the evening corrected)
    after it was marked paid, or an evening no longer settled into the Kasse; in cents."""
    open: tuple[tuple[Charge, int], ...]
    """Every charge not settled yet, with what it still wants: the amount not paid (a
    negative amount: paid too much), in the order of the charges."""
    applied: Mapping[tuple[Any, str], int] = field(default_factory=dict)
    """What netting moved onto a charge (positive: money handed in, or a credit, now
    paying it) or off it (negative: what was paid too much on it, now paying another);
    by (key, player). Paid on a charge = its mark + this."""
    handed: Mapping[str, int] = field(default_factory=dict)
    """What each member handed in as an amount ("Anna gibt 20 €"), in cents."""

    def settled(self, charge: Charge, marks: Mapping[tuple[Any, str], int]) -> int:
        """What is paid of ``charge``: marked paid, plus what netting put on it."""
        mark = (charge.key, charge.player)
        return marks.get(mark, 0) + self.applied.get(mark, 0)

    @property
    def due(self) -> dict[str, int]:
        """What each member still has to pay, their credit taken off (only those above 0)."""
        out = {p: c - self.credit.get(p, 0) for p, c in self.owed.items()}
        return {p: c for p, c in out.items() if c > 0}


@dataclass(frozen=True, slots=True)
class MemberReport:
    """One member's season (§11.2 season report)."""

    player: str
    evenings_played: int
    points: int
    charges: tuple[Charge, ...]
    """The charges of the season's evenings, absent ones included, in date order."""
    paid: int = 0
    """What the member paid of those charges (the amounts marked paid), in cents."""
    items: tuple[Charge, ...] = ()
    """The Kasse items charged to the member in the season (fines, drinks, a host's
    contribution), in date order; their payments are in ``paid``."""

    @property
    def fees(self) -> int:
        """The evenings' fixed fees among the charges, in cents."""
        return sum(c.fee for c in self.charges)

    @property
    def items_total(self) -> int:
        """The sum of the items, in cents."""
        return sum(c.cents for c in self.items)

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
    """The charges of one evening settled into the Kasse (§11.2): every player of the
    evening's ``totals`` is charged their payment (0 when paying nothing), then each of the
    ``absent_members`` who was not at the table what ``absent_pays`` says, in the order
    given. ``payments`` are the settlement's payments into the Kasse, in cents per player.

    Under ``as_last`` the absent pay what the last-placed player was charged; players tied
    for last: the most any of them was charged. Under ``nothing`` (or an amount of 0) an
    absent member gets no charge at all, so their season report leaves the evening out.
    """
    out = [Charge(key, date, player, payments.get(player, 0), False) for player in totals]
    if absent_pays is AbsentPays.NOTHING or not absent_members:
        return out
    if absent_pays is AbsentPays.FIXED:
        amount = absent_fixed_cents
    else:
        lowest = min(totals.values(), default=0)
        amount = max((payments.get(p, 0) for p, t in totals.items() if t == lowest), default=0)
    return out + [Charge(key, date, player, amount, True)
                  for player in absent_members if amount and player not in totals]


def with_fee(charges: Iterable[Charge], key: Any, date: dt.date, present: Iterable[str],
             absent_members: Collection[str], fee_cents: int,
             everyone: bool = False) -> list[Charge]:
    """An evening's charges with its fixed fee (issue 38) added: to every player at the
    table (``present``), and with ``everyone`` to every absent member too. The fee is part
    of the evening's share (one "bezahlt" for both) and said apart in ``Charge.fee``. An
    evening not settled into the Kasse (no ``charges``) charges the fee alone. Without a
    fee the charges are as they were."""
    out = list(charges)
    if not fee_cents:
        return out
    seen = {c.player for c in out}
    out = [replace(c, cents=c.cents + fee_cents, fee=fee_cents)
           if everyone or not c.absent else c for c in out]
    out += [Charge(key, date, p, fee_cents, False, fee=fee_cents)
            for p in present if p not in seen]
    if everyone:
        here = seen | set(present)
        out += [Charge(key, date, p, fee_cents, True, fee=fee_cents)
                for p in absent_members if p not in here]
    return out


Paid = Collection[tuple[Any, str]] | Mapping[tuple[Any, str], int]
"""The charges marked paid, by (evening key, player): with the amount marked paid, or (a
plain collection) each for its whole amount."""


def _paid_amounts(paid: Paid, charges: Iterable[Charge]) -> tuple[list[Charge],
                                                                 dict[tuple[Any, str], int]]:
    charges = list(charges)
    if isinstance(paid, Mapping):
        return charges, dict(paid)
    marked = set(paid)
    return charges, {(c.key, c.player): c.cents for c in charges
                     if (c.key, c.player) in marked}


def kasse_state(charges: Iterable[Charge], paid: Paid, entries: Iterable[Entry],
                handed: Mapping[str, int] | None = None) -> KasseState:
    """The balance and what is owed (§11.2). ``paid`` holds the charges marked paid: a mark
    counts what was marked paid (the whole charge then); a charge that changed since (its
    evening corrected) wants the difference, and a mark without a charge any more is the
    member's credit. What was marked paid is in the Kasse, whatever became of the charge.

    Netting (issue 37): what a member paid too much on one charge pays their other open
    charges, oldest first (``charge_order``); then what they ``handed`` in as an amount
    ("Anna gibt 20 €") does; what is left of that is their credit. Nothing of this is
    stored: a corrected evening or a payment taken back moves it again."""
    charges, amounts = _paid_amounts(paid, charges)
    handed = {p: c for p, c in (handed or {}).items() if c}
    rests = {(c.key, c.player): c.cents - amounts.get((c.key, c.player), 0) for c in charges}
    applied: dict[tuple[Any, str], int] = {}
    left: dict[str, int] = {}
    by_player: dict[str, list[Charge]] = {}
    for charge in charges:
        by_player.setdefault(charge.player, []).append(charge)
    for player in dict.fromkeys([*by_player, *handed]):
        own = sorted(by_player.get(player, []), key=charge_order)
        owing = [(c.key, player) for c in own if rests[c.key, player] > 0]
        sources: list[tuple[tuple[Any, str] | None, int]] = [
            ((c.key, player), -rests[c.key, player]) for c in own if rests[c.key, player] < 0]
        if handed.get(player):
            sources.append((None, handed[player]))
        for source, cents in sources:
            while cents and owing:
                target = owing[0]
                step = min(cents, rests[target])
                rests[target] -= step
                applied[target] = applied.get(target, 0) + step
                if source is not None:
                    rests[source] += step
                    applied[source] = applied.get(source, 0) - step
                cents -= step
                if not rests[target]:
                    owing.pop(0)
            if source is None and cents:
                left[player] = cents
    owed: dict[str, int] = {}
    credit: dict[str, int] = {}
    paid_by: dict[str, int] = {}
    open_: list[tuple[Charge, int]] = []
    charged = set()
    for charge in charges:
        mark = (charge.key, charge.player)
        charged.add(mark)
        rest = rests[mark]
        if rest:
            open_.append((charge, rest))
            book = owed if rest > 0 else credit
            book[charge.player] = book.get(charge.player, 0) + abs(rest)
    for (_, player), cents in amounts.items():
        paid_by[player] = paid_by.get(player, 0) + cents
    for player, cents in handed.items():
        paid_by[player] = paid_by.get(player, 0) + cents
    for (key, player), cents in amounts.items():
        if (key, player) not in charged and cents:
            credit[player] = credit.get(player, 0) + cents
    for player, cents in left.items():
        credit[player] = credit.get(player, 0) + cents
    deposits = expenses = 0
    for entry in entries:
        if entry.cents >= 0:
            deposits += entry.cents
        else:
            expenses -= entry.cents
    return KasseState(balance=sum(paid_by.values()) + deposits - expenses,
                      owed=owed, paid={p: c for p, c in paid_by.items() if c},
                      deposits=deposits, expenses=expenses, credit=credit, open=tuple(open_),
                      applied={k: v for k, v in applied.items() if v}, handed=handed)


def season_report(charges: Iterable[Charge], totals: Iterable[Mapping[str, int]],
                  members: Iterable[str], paid: Paid = ()) -> list[MemberReport]:
    """Per member: evenings played and points (from the season's evenings' ``totals``), the
    charges of the season's evenings (absent ones included), in date order, and what of
    them was marked paid."""
    charges, amounts = _paid_amounts(paid, charges)
    items = sorted((c for c in charges if c.item is not None), key=charge_order)
    charges = [c for c in charges if c.item is None]
    charges.sort(key=lambda c: c.date)
    played: dict[str, int] = {}
    points: dict[str, int] = {}
    for evening in totals:
        for name, total in evening.items():
            played[name] = played.get(name, 0) + 1
            points[name] = points.get(name, 0) + total
    out = []
    for name in members:
        own = tuple(c for c in charges if c.player == name)
        things = tuple(c for c in items if c.player == name)
        out.append(MemberReport(name, played.get(name, 0), points.get(name, 0), own,
                                sum(amounts.get((c.key, name), 0) for c in own + things),
                                things))
    return out


def check_entry(date: Any, text: Any, cents: Any) -> Entry:
    """A deposit or expense as typed, or InvalidKasse naming the field."""
    problems = []
    if not isinstance(date, dt.date):
        problems.append(("date", N_("ein Datum angeben")))
    if not isinstance(text, str) or not text.strip() or len(text.strip()) > 80:
        problems.append(("text", N_("sagen, wofür (höchstens 80 Zeichen)")))
    if type(cents) is not int or cents == 0 or abs(cents) > MAX_CENTS:
        problems.append(("cents",
                         N_("einen Betrag angeben, nicht 0 und höchstens 100.000 €")))
    if problems:
        raise InvalidKasse(problems)
    return Entry(date, text.strip(), cents)


_AMOUNT = re.compile(r"([+-]?)([0-9]{1,3}(?:\.[0-9]{3})+|[0-9]+)(?:,([0-9]{1,2}))?", re.ASCII)
MAX_TYPED = 24
"""The longest amount read (after the € and spaces are taken off): "-100.000.000,00" and
room to spare. A longer one is refused before it is read: 5,000 digits would be beyond
int()'s limit (a 500), and no Kasse holds such a sum."""


def parse_cents(text: Any, field: str = "amount") -> int:
    """A typed amount of euros in cents, exactly: "12,50", "-180", "1.234,56 €", "0,5"
    (50 ct); a real minus sign or a plus in front. ASCII digits only, as every number
    typed here ("٣٣" and "３" are no amount). InvalidKasse naming ``field`` for anything
    else (a decimal point, three decimals, letters, more than MAX_TYPED characters)."""
    if isinstance(text, str):
        cleaned = text.strip().removesuffix("€").strip().replace("−", "-").replace(" ", "")
        if len(cleaned) > MAX_TYPED:
            raise InvalidKasse([(field, N_("höchstens 100.000 € angeben"))])
        match = _AMOUNT.fullmatch(cleaned)
        if match is not None:
            sign, euros, cents = match.groups()
            value = int(euros.replace(".", "")) * 100 + int((cents or "0").ljust(2, "0"))
            return -value if sign == "-" else value
    raise InvalidKasse([(field, N_("einen Betrag in Euro angeben, etwa 12,50 oder 180"))])


def check_absent(mode: Any, fixed_cents: Any) -> tuple[AbsentPays, int]:
    """The Runde's ``absent_pays`` and ``absent_fixed_cents`` as stored, or InvalidKasse
    naming the field: an unknown mode, a fixed amount not above 0 or beyond MAX_CENTS."""
    found = next((m for m in AbsentPays if m.value == mode), None)
    if found is None:
        raise InvalidKasse([("absent_pays", N_("nichts, so viel wie der Letzte, oder einen "
                                               "festen Betrag wählen"))])
    if found is AbsentPays.FIXED:
        if type(fixed_cents) is not int or not 0 < fixed_cents <= MAX_CENTS:
            raise InvalidKasse([("absent_fixed_cents", N_("einen Betrag über 0 und "
                                                          "höchstens 100.000 € angeben"))])
        return found, fixed_cents
    return found, 0


__all__ = [
    "AbsentPays",
    "AbsentRule",
    "Charge",
    "Entry",
    "InvalidKasse",
    "Item",
    "ItemKey",
    "ItemKind",
    "KasseState",
    "MAX_CENTS",
    "MemberReport",
    "Paid",
    "check_absent",
    "charge_order",
    "check_entry",
    "evening_charges",
    "item_charge",
    "kasse_state",
    "parse_cents",
    "season_report",
    "with_fee",
]
