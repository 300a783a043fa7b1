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
    check_absent,
    check_entry,
    evening_charges,
    kasse_state,
    parse_cents,
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
    # Anna leads and pays nothing: charged 0, so her season report counts the evening.
    assert {c.player: c.cents for c in charges if not c.absent} == {"Anna": 0, **PAYMENTS}
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
    assert state.paid == {"Ben": 80, "Emil": 100}


def test_a_charge_that_changed_after_it_was_paid_wants_the_difference() -> None:
    # Ben paid 80 ct; the evening was reopened and corrected: now he is charged 100 ct.
    # Cem paid 180 ct, now charged 150: 30 ct are his credit. What was paid stays in.
    charges = evening_charges(1, DAY, {"Ben": 100, "Cem": 150}, TOTALS, ())
    state = kasse_state(charges, paid={(1, "Ben"): 80, (1, "Cem"): 180, (2, "Dora"): 50},
                        entries=[])
    assert state.balance == 80 + 180 + 50
    assert state.owed == {"Ben": 20}
    # Dora paid for evening 2, which is no longer settled into the Kasse: her credit.
    assert state.credit == {"Cem": 30, "Dora": 50}
    assert [(c.player, rest) for c, rest in state.open] == [("Ben", 20), ("Cem", -30)]


@pytest.mark.parametrize("text, cents", [
    ("12,50", 1250), ("12,5", 1250), ("0,05", 5), ("-180", -18000), ("−180,00 €", -18000),
    ("+3", 300), ("1.234,56", 123456), (" 7 € ", 700),
])
def test_amounts_are_read_the_german_way_exactly(text: str, cents: int) -> None:
    assert parse_cents(text) == cents


@pytest.mark.parametrize("text", ["12.50", "1,234", "12,505", "zwölf", "", "1.23,4", "--3",
                                  None, "٣٣", "３", "1,٥", "²", "1" * 5000, "1" * 25,
                                  "-" + "9" * 4400 + ",00 €"])
def test_an_amount_that_is_no_german_euro_amount_is_refused(text: object) -> None:
    with pytest.raises(InvalidKasse) as err:
        parse_cents(text, "betrag")
    assert [f for f, _ in err.value.problems] == ["betrag"]


@pytest.mark.parametrize("mode, fixed, field", [
    ("sometimes", 0, "absent_pays"), ("fixed", 0, "absent_fixed_cents"),
    ("fixed", 10_000_001, "absent_fixed_cents"), ("fixed", "5", "absent_fixed_cents"),
])
def test_impossible_absent_settings_are_refused_naming_the_field(mode: str, fixed: object,
                                                                 field: str) -> None:
    with pytest.raises(InvalidKasse) as err:
        check_absent(mode, fixed)
    assert [f for f, _ in err.value.problems] == [field]


def test_absent_settings_keep_an_amount_only_when_fixed() -> None:
    assert check_absent("as_last", 500) == (AbsentPays.AS_LAST, 0)
    assert check_absent("fixed", 500) == (AbsentPays.FIXED, 500)


def test_the_season_report_sums_averages_and_bounds_each_members_charges() -> None:
    second = DAY + dt.timedelta(7)
    charges = [*evening_charges(1, DAY, PAYMENTS, TOTALS, {"Emil"}, AbsentPays.FIXED, 100),
               *evening_charges(2, second, {"Ben": 30, "Emil": 70}, {"Anna": 5, "Ben": 2,
                                "Emil": -2, "Cem": 1}, {"Dora"}, AbsentPays.FIXED, 100)]
    report = {r.player: r for r in season_report(
        charges, [TOTALS, {"Anna": 5, "Ben": 2, "Emil": -2, "Cem": 1}],
        ["Anna", "Ben", "Cem", "Dora", "Emil", "Fritz"], paid={(1, "Ben"): 80})}
    ben = report["Ben"]
    assert (ben.evenings_played, ben.points, ben.total, ben.paid) == (2, 6, 110, 80)
    assert (ben.average, ben.minimum, ben.maximum) == (Fraction(55), 30, 80)
    dora = report["Dora"]
    assert [c.absent for c in dora.charges] == [False, True]
    assert (dora.evenings_played, dora.total) == (1, 320)
    # Anna led both evenings: charged 0 twice, which the average and minimum count.
    anna = report["Anna"]
    assert (anna.total, anna.average, anna.minimum, anna.maximum) == (0, 0, 0, 0)
    assert report["Fritz"].charges == () and report["Fritz"].average is None


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


# An evening charges a player once: (key, player) is unique.
charge_lists = st.lists(st.builds(Charge, st.integers(1, 5), st.just(DAY),
                                  st.sampled_from(["A", "B", "C"]), st.integers(0, 5000),
                                  st.booleans()), max_size=12,
                        unique_by=lambda c: (c.key, c.player))
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


@given(charge_lists, entry_lists, st.dictionaries(
    st.tuples(st.integers(1, 6), st.sampled_from(["A", "B", "C"])), st.integers(0, 5000)))
def test_what_is_owed_less_credit_is_what_is_charged_less_what_was_paid(
        charges: list[Charge], entries: list[Entry], paid: dict[tuple[int, str], int]) -> None:
    state = kasse_state(charges, paid, entries)
    assert state.balance == sum(paid.values()) + sum(e.cents for e in entries)
    assert (sum(state.owed.values()) - sum(state.credit.values())
            == sum(c.cents for c in charges) - sum(paid.values()))
    assert sum(rest for _, rest in state.open) == (
        sum(c.cents for c in charges)
        - sum(v for k, v in paid.items() if k in {(c.key, c.player) for c in charges}))
