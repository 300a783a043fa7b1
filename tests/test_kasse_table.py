"""The Kasse as the table pays (issue 37) and beyond points (issue 38), in the core: money
handed in goes to the member's oldest open charges, what was paid too much on one charge
pays the others, a fixed fee per evening, fines, drinks and a host's contribution, each
owed until paid, in the balance and the season report. Every number below is worked out
by hand in the comments."""

from __future__ import annotations

import datetime as dt

from hypothesis import given
from hypothesis import strategies as st

from scorer.core.kasse import (
    AbsentPays,
    Charge,
    Entry,
    Item,
    ItemKey,
    ItemKind,
    evening_charges,
    item_charge,
    kasse_state,
    season_report,
    with_fee,
)

JAN, FEB, MAR = dt.date(2026, 1, 9), dt.date(2026, 2, 6), dt.date(2026, 3, 6)


def test_money_handed_in_pays_the_oldest_open_charges_first_and_the_rest_is_credit() -> None:
    # Anna owes 1,00 € (January), 2,50 € (February), 0,80 € (March).
    charges = [Charge(3, MAR, "Anna", 80, False), Charge(1, JAN, "Anna", 100, False),
               Charge(2, FEB, "Anna", 250, False)]
    # "Anna gibt 3 €": January in full (1,00), February 2,00 of 2,50; March stays open.
    state = kasse_state(charges, {}, [], {"Anna": 300})
    assert {c.key: rest for c, rest in state.open} == {2: 50, 3: 80}
    assert state.owed == {"Anna": 130} and state.credit == {}
    assert state.paid == {"Anna": 300} and state.balance == 300
    assert state.applied == {(1, "Anna"): 100, (2, "Anna"): 200}
    # "Anna gibt 5 €": everything (4,30) and 0,70 € credit.
    state = kasse_state(charges, {}, [], {"Anna": 500})
    assert state.open == () and state.owed == {} and state.credit == {"Anna": 70}
    assert state.balance == 500


def test_what_was_paid_too_much_on_one_evening_pays_the_others() -> None:
    # Ben paid 0,80 € for evening 1, which now charges 0,75 € (corrected): 0,05 € too much.
    # Evening 2 wants 13,20 €. Netted: 13,15 € open, no credit beside it.
    charges = [Charge(1, JAN, "Ben", 75, False), Charge(2, FEB, "Ben", 1320, False)]
    state = kasse_state(charges, {(1, "Ben"): 80}, [])
    assert state.owed == {"Ben": 1315} and state.credit == {}
    assert [(c.key, rest) for c, rest in state.open] == [(2, 1315)]
    assert state.balance == 80


def test_a_member_who_handed_in_money_before_being_charged_has_it_as_credit() -> None:
    state = kasse_state([], {}, [], {"Cem": 2000})
    assert state.credit == {"Cem": 2000} and state.balance == 2000 and state.owed == {}


# A hand-computed year (issue 38): members Anna, Ben, Cem, Dora; a fee of 2,00 € per evening
# for those at the table.
# Evening 1 (9 Jan), settled into the Kasse: Ben pays 0,80, Cem 1,80, Anna leads (0);
#   Dora absent, absent members pay nothing. With the fee: Anna 2,00, Ben 2,80, Cem 3,80.
# Evening 2 (6 Feb), not settled into the Kasse: Anna, Ben, Dora there: the fee alone,
#   2,00 € each; Cem absent pays nothing (fee only for those present).
# Items: fine "zu spät" Ben 1,00 (9 Jan); drinks Dora 3,50 (6 Feb); host's contribution
#   Anna 5,00 (6 Feb).
# Paid: Anna's evening 1 (2,00) marked paid; Dora's drinks (3,50) marked paid; Ben hands in
#   5,00 €: evening 1 (2,80), the fine (1,00: the same day, after the evening), evening 2
#   1,20 of 2,00 → Ben owes 0,80.
# Deposits and expenses: Spende +10,00, Karten −3,00.
# Owed: Anna 2,00 + 5,00 = 7,00; Ben 0,80; Cem 3,80; Dora 2,00 → 13,60 €.
# Balance: 2,00 + 3,50 + 5,00 + 10,00 − 3,00 = 17,50 €.
FINE = Item(1, JAN, "Ben", ItemKind.FINE, "zu spät", 100, evening=1)
DRINKS = Item(2, FEB, "Dora", ItemKind.DRINKS, "Bier", 350, evening=2)
HOST = Item(3, FEB, "Anna", ItemKind.HOST, "Essen", 500)


def year(everyone: bool = False) -> list[Charge]:
    first = evening_charges(1, JAN, {"Ben": 80, "Cem": 180},
                            {"Anna": 12, "Ben": 4, "Cem": -6}, ["Dora"], AbsentPays.NOTHING)
    return [*with_fee(first, 1, JAN, ["Anna", "Ben", "Cem"], ["Dora"], 200, everyone),
            *with_fee([], 2, FEB, ["Anna", "Ben", "Dora"], ["Cem"], 200, everyone),
            *map(item_charge, (FINE, DRINKS, HOST))]


PAID = {(1, "Anna"): 200, (ItemKey(2), "Dora"): 350}
ENTRIES = [Entry(JAN, "Spende", 1000), Entry(FEB, "Karten", -300)]


def test_a_year_with_a_fee_fines_drinks_and_a_host_adds_up_as_computed_by_hand() -> None:
    charges = year()
    assert sorted((c.key, c.player, c.cents, c.fee) for c in charges if c.item is None) == [
        (1, "Anna", 200, 200), (1, "Ben", 280, 200), (1, "Cem", 380, 200),
        (2, "Anna", 200, 200), (2, "Ben", 200, 200), (2, "Dora", 200, 200)]
    state = kasse_state(charges, PAID, ENTRIES, {"Ben": 500})
    assert state.owed == {"Anna": 700, "Ben": 80, "Cem": 380, "Dora": 200}
    assert sum(state.owed.values()) == 1360
    assert state.balance == 1750
    assert state.applied == {(1, "Ben"): 280, (ItemKey(1), "Ben"): 100, (2, "Ben"): 120}
    report = {r.player: r for r in season_report(
        charges, [{"Anna": 12, "Ben": 4, "Cem": -6}, {"Anna": 3, "Ben": -1, "Dora": -2}],
        ["Anna", "Ben", "Cem", "Dora"],
        {k: PAID.get(k, 0) + state.applied.get(k, 0) for k in
         {(c.key, c.player) for c in charges}})}
    ben = report["Ben"]
    assert (ben.total, ben.fees, ben.items_total, ben.paid) == (480, 400, 100, 500)
    assert [c.item.text for c in ben.items if c.item] == ["zu spät"]
    anna = report["Anna"]
    assert (anna.total, anna.fees, anna.items_total, anna.paid) == (400, 400, 500, 200)
    dora = report["Dora"]
    assert (dora.evenings_played, dora.total, dora.items_total, dora.paid) == (1, 200, 350, 350)
    # The average and bounds per evening are over the evenings' shares, not the items.
    assert (dora.minimum, dora.maximum) == (200, 200)


def test_a_fee_for_every_member_charges_the_absent_too() -> None:
    charges = year(everyone=True)
    absent = sorted((c.key, c.player, c.cents) for c in charges if c.absent)
    assert absent == [(1, "Dora", 200), (2, "Cem", 200)]
    state = kasse_state(charges, PAID, ENTRIES, {"Ben": 500})
    assert state.owed == {"Anna": 700, "Ben": 80, "Cem": 580, "Dora": 400}


def test_without_a_fee_an_evenings_charges_are_as_they_were() -> None:
    first = evening_charges(1, JAN, {"Ben": 80}, {"Anna": 2, "Ben": -2}, ["Dora"],
                            AbsentPays.FIXED, 150)
    assert with_fee(first, 1, JAN, ["Anna", "Ben"], ["Dora"], 0, True) == first
    assert with_fee([], 2, FEB, ["Anna"], [], 0) == []


amounts = st.integers(0, 3000)


@given(st.lists(st.tuples(st.integers(1, 6), st.sampled_from(["A", "B"]), amounts),
                max_size=10, unique_by=lambda t: (t[0], t[1])),
       st.dictionaries(st.tuples(st.integers(1, 7), st.sampled_from(["A", "B"])), amounts),
       st.dictionaries(st.sampled_from(["A", "B", "C"]), amounts))
def test_netting_moves_money_between_a_members_charges_and_loses_none(
        rows: list[tuple[int, str, int]], paid: dict[tuple[int, str], int],
        handed: dict[str, int]) -> None:
    charges = [Charge(k, JAN + dt.timedelta(k), p, c, False) for k, p, c in rows]
    state = kasse_state(charges, paid, [], handed)
    # Everything given is in the Kasse; what is owed less credit is what is charged less
    # everything given.
    assert state.balance == sum(paid.values()) + sum(handed.values())
    assert (sum(state.owed.values()) - sum(state.credit.values())
            == sum(c.cents for c in charges) - sum(paid.values()) - sum(handed.values()))
    # Nobody both owes and has a credit that netting could have used, except a credit of
    # a mark whose evening charges nothing (it waits for that evening).
    charged = {(c.key, c.player) for c in charges}
    for player in state.owed:
        waiting = sum(v for (k, p), v in paid.items() if p == player and (k, p) not in charged)
        assert state.credit.get(player, 0) == waiting
