"""The Runde's Kasse (RULES.md §11.2), sentence by sentence, and its invariants."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorer.core.kasse import (
    AbsentPays,
    Charge,
    Entry,
    InvalidKasse,
    check_entry,
    evening_charges,
    kasse_state,
    season_report,
)

DAY = dt.date(2026, 3, 5)
# pay_leader at 10 ct: Anna 12 leads; Ben pays 8 x 10, Cem 18 x 10, Dora 22 x 10.
TOTALS = {"Anna": 12, "Ben": 4, "Cem": -6, "Dora": -10}
PAYMENTS = {"Ben": 80, "Cem": 180, "Dora": 220}


@pytest.mark.parametrize("mode, fixed, emil", [
    (AbsentPays.NOTHING, 0, None),
    (AbsentPays.AS_LAST, 0, 220),  # what the last-placed (Dora) was charged
    (AbsentPays.FIXED, 500, 500),
])
def test_an_absent_member_pays_as_the_runde_decided(mode: AbsentPays, fixed: int,
                                                    emil: int | None) -> None:
    charges = evening_charges(1, DAY, PAYMENTS, TOTALS, {"Emil"}, mode, fixed)
    assert {c.player: c.cents for c in charges if not c.absent} == PAYMENTS
    absent = {c.player: c.cents for c in charges if c.absent}
    assert absent == ({} if emil is None else {"Emil": emil})


def test_players_tied_for_last_make_the_as_last_charge_the_larger_of_theirs() -> None:
    totals = {"Anna": 12, "Ben": -6, "Cem": -6}
    charges = evening_charges(1, DAY, {"Ben": 180, "Cem": 190}, totals, {"Emil"},
                              AbsentPays.AS_LAST)
    assert [c.cents for c in charges if c.absent] == [190]


def test_a_member_at_the_table_is_never_charged_as_absent() -> None:
    charges = evening_charges(1, DAY, PAYMENTS, TOTALS, {"Anna"}, AbsentPays.FIXED, 300)
    assert not any(c.absent for c in charges)


def test_balance_counts_paid_charges_deposits_and_expenses_and_owed_stays_apart() -> None:
    charges = evening_charges(1, DAY, PAYMENTS, TOTALS, {"Emil"}, AbsentPays.FIXED, 100)
    entries = [Entry(DAY, "Startgeld", 1000), Entry(DAY, "Jahresessen", -18000)]
    state = kasse_state(charges, paid={(1, "Ben"), (1, "Emil")}, entries=entries)
    assert state.balance == 80 + 100 + 1000 - 18000
    assert state.owed == {"Cem": 180, "Dora": 220}
    assert (state.deposits, state.expenses) == (1000, 18000)


def test_the_season_report_sums_averages_and_bounds_each_members_charges() -> None:
    second = DAY + dt.timedelta(7)
    charges = [*evening_charges(1, DAY, PAYMENTS, TOTALS, {"Emil"}, AbsentPays.FIXED, 100),
               *evening_charges(2, second, {"Ben": 30, "Emil": 70}, {"Anna": 5, "Ben": 2,
                                "Emil": -2, "Cem": 1}, {"Dora"}, AbsentPays.FIXED, 100)]
    report = {r.player: r for r in season_report(
        charges, [TOTALS, {"Anna": 5, "Ben": 2, "Emil": -2, "Cem": 1}],
        ["Anna", "Ben", "Cem", "Dora", "Emil"])}
    ben = report["Ben"]
    assert (ben.evenings_played, ben.points, ben.total) == (2, 6, 110)
    assert (ben.average, ben.minimum, ben.maximum) == (Fraction(55), 30, 80)
    dora = report["Dora"]
    assert [c.absent for c in dora.charges] == [False, True]
    assert (dora.evenings_played, dora.total) == (1, 320)
    assert report["Anna"].charges == () and report["Anna"].average is None


@pytest.mark.parametrize("date, text, cents, field", [
    ("2026-03-05", "Essen", -100, "date"),
    (DAY, "  ", -100, "text"),
    (DAY, "x" * 81, -100, "text"),
    (DAY, "Essen", 0, "cents"),
    (DAY, "Essen", 1.5, "cents"),
    (DAY, "Essen", 10_000_001, "cents"),
])
def test_a_bad_deposit_or_expense_is_refused_naming_the_field(date: object, text: object,
                                                              cents: object,
                                                              field: str) -> None:
    with pytest.raises(InvalidKasse) as err:
        check_entry(date, text, cents)
    assert [f for f, _ in err.value.problems] == [field]


charge_lists = st.lists(st.builds(Charge, st.integers(1, 5), st.just(DAY),
                                  st.sampled_from(["A", "B", "C"]), st.integers(0, 5000),
                                  st.booleans()), max_size=12)
entry_lists = st.lists(st.builds(Entry, st.just(DAY), st.just("x"),
                                 st.integers(-9000, 9000).filter(bool)), max_size=6)


@given(charge_lists, entry_lists, st.sets(st.tuples(st.integers(1, 5),
                                                    st.sampled_from(["A", "B", "C"]))))
def test_the_balance_equals_the_sum_of_its_entries(charges: list[Charge], entries: list[Entry],
                                                   paid: set[tuple[int, str]]) -> None:
    state = kasse_state(charges, paid, entries)
    assert state.balance == (sum(c.cents for c in charges if (c.key, c.player) in paid)
                             + sum(e.cents for e in entries))
    assert sum(state.owed.values()) + sum(state.paid.values()) == sum(c.cents for c in charges)
