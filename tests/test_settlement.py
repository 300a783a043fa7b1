"""Settlement: points -> money transfers and Kasse payments (scorer.core.settlement)."""

from __future__ import annotations

import ast
import doctest
import subprocess
import sys
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import scorer.core.settlement
from scorer.core.rules import InvalidInput
from scorer.core.settlement import (
    InvalidSettlement,
    Rounding,
    SettlementMode,
    format_euro,
    parse_price,
    round_balances,
    settle,
    transfers,
)

SETTLEMENT = Path(__file__).resolve().parent.parent / "scorer" / "core" / "settlement.py"
NAMES = ["Anna", "Ben", "Cem", "Dora", "Emil", "Finn", "Gül", "Hanna"]


def test_settlement_imports_only_the_standard_library_and_the_rules():
    tree = ast.parse(SETTLEMENT.read_text(encoding="utf-8"))
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            imported.add(node.module or "")
    foreign = {m for m in imported
               if m.split(".")[0] not in sys.stdlib_module_names and m != "scorer.core.rules"}
    assert foreign == set()


def test_importing_settlement_loads_no_web_or_pdf_library():
    code = ("import sys, scorer.core.settlement; "
            "print(sorted(m for m in ('flask', 'sqlalchemy', 'wtforms', 'weasyprint', 'jinja2') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_worked_examples_in_the_docstrings_hold():
    # pyproject's --doctest-modules list names only the scoring modules, so run them here.
    assert doctest.testmod(scorer.core.settlement).failed == 0


@pytest.mark.parametrize(
    ("cents", "text"),
    [
        (340, "3,40 €"),
        (-120, "−1,20 €"),
        (0, "0,00 €"),
        (7, "0,07 €"),
        (-5, "−0,05 €"),
        (100000, "1.000,00 €"),
        (-1234567, "−12.345,67 €"),
    ],
    ids=["plain", "negative", "zero", "single-cent", "negative-cents", "thousand", "big-negative"],
)
def test_euro_amounts_are_written_the_german_way(cents, text):
    assert format_euro(cents) == text


# Each case worked out by hand: balances = points × cents, then the fewest transfers.
ZERO_SUM_CASES = [
    pytest.param(
        {"Anna": 34, "Ben": -34, "Cem": 0, "Dora": 0}, 10,
        ["Ben zahlt Anna 3,40 €"],
        id="one-loser-one-winner",
    ),
    pytest.param(
        # 60 + 40 = 30 + 30 + 40: Emil settles with Ben alone, Cem and Dora with Anna.
        {"Anna": 6, "Ben": 4, "Cem": -3, "Dora": -3, "Emil": -4}, 10,
        ["Cem zahlt Anna 0,30 €", "Dora zahlt Anna 0,30 €", "Emil zahlt Ben 0,40 €"],
        id="splits-into-groups-that-settle-among-themselves",
    ),
    pytest.param(
        # Cem's −90 cents cover Anna's 50 and Ben's 40.
        {"Anna": 5, "Ben": 4, "Cem": -9, "Dora": 0}, 10,
        ["Cem zahlt Anna 0,50 €", "Cem zahlt Ben 0,40 €"],
        id="one-loser-pays-two-winners",
    ),
    pytest.param(
        {"Anna": 0, "Ben": 0, "Cem": 0, "Dora": 0}, 10, [],
        id="nobody-owes-anything",
    ),
    pytest.param(
        {"Anna": 120, "Ben": -40, "Cem": -50, "Dora": -30}, 25,
        ["Ben zahlt Anna 10,00 €", "Cem zahlt Anna 12,50 €", "Dora zahlt Anna 7,50 €"],
        id="one-winner-three-losers",
    ),
]


@pytest.mark.parametrize(("totals", "cents", "lines"), ZERO_SUM_CASES)
def test_zero_sum_settles_with_the_fewest_transfers(totals, cents, lines):
    assert settle(totals, cents).lines() == lines


def test_the_fewest_transfers_beat_pairing_the_biggest_debtor_with_the_biggest_creditor():
    # Greedy alone: Emil pays Anna 40 (Anna +20 left), Ben takes 30 from Cem (+10 left),
    # Anna takes 20 from Dora (Dora −10 left), Dora pays Ben 10: four transfers. Three do it.
    balances = {"Anna": 60, "Ben": 40, "Cem": -30, "Dora": -30, "Emil": -40}
    assert len(transfers(balances)) == 3


def test_ten_cent_rounding_gives_the_leftover_to_the_biggest_remainder_then_the_earlier_seat():
    # 3 cents per point: 51, 27, −39, −39 cents. Rounded down: 50, 20, −40, −40 (sum −10),
    # so one step of 10 goes back; remainders 1, 7, 1, 1 -> Ben gets it.
    result = settle({"Anna": 17, "Ben": 9, "Cem": -13, "Dora": -13}, 3, rounding="ten_cents")
    assert result.balances == {"Anna": 50, "Ben": 30, "Cem": -40, "Dora": -40}
    assert result.lines() == ["Cem zahlt Anna 0,40 €", "Dora zahlt Anna 0,10 €",
                              "Dora zahlt Ben 0,30 €"]


def test_ten_cent_rounding_breaks_a_tie_in_seat_order():
    # 15, 15, −30 cents: both winners lose 5 by rounding down; the earlier seat gets the 10.
    assert round_balances({"Ben": 15, "Anna": 15, "Cem": -30}, 10) == {
        "Ben": 20, "Anna": 10, "Cem": -30}


def test_equal_totals_pay_the_same_when_half_cents_are_rounded():
    # Tester finding at 0,5 Cent pro Punkt: Ben and Cem both ended at −19 (9,5 cents each),
    # yet Ben paid 0,09 € and Cem 0,10 €. Four players lose half a cent by rounding down and
    # two cents go back: to the two at −19 together, so both pay 0,09 €.
    totals = {"Anna": -3, "Ben": -19, "Cem": -19, "Dora": -7, "Emil": 44, "Franziska": 4}
    balances = settle(totals, Decimal("0.5")).balances
    assert balances["Ben"] == balances["Cem"] == -9
    assert sum(balances.values()) == 0


PAY_CASES = [
    pytest.param(
        "pay_leader", "cent", {"Anna": 12, "Ben": 4, "Cem": -6, "Dora": -10}, 10,
        ["Ben zahlt 0,80 € in die Kasse", "Cem zahlt 1,80 € in die Kasse",
         "Dora zahlt 2,20 € in die Kasse"], 480,
        id="leader-everybody-pays-the-gap",
    ),
    pytest.param(
        "pay_leader", "cent", {"Anna": 8, "Ben": 8, "Cem": -16, "Dora": 0}, 5,
        ["Cem zahlt 1,20 € in die Kasse", "Dora zahlt 0,40 € in die Kasse"], 160,
        id="leader-two-leaders-pay-nothing",
    ),
    pytest.param(
        # gaps 9 and 21 points at 5 cents: 45 -> 50 (halves up), 105 -> 110
        "pay_leader", "ten_cents", {"Anna": 12, "Ben": 3, "Cem": -9, "Dora": -6}, 5,
        ["Ben zahlt 0,50 € in die Kasse", "Cem zahlt 1,10 € in die Kasse",
         "Dora zahlt 0,90 € in die Kasse"], 250,
        id="leader-ten-cents-halves-up",
    ),
    pytest.param(
        "pay_losses", "cent", {"Anna": 12, "Ben": 4, "Cem": -6, "Dora": -10}, 10,
        ["Cem zahlt 0,60 € in die Kasse", "Dora zahlt 1,00 € in die Kasse"], 160,
        id="losses-only-minus-points-pay",
    ),
    pytest.param(
        # 7 × 3 = 21 -> 20, 2 × 3 = 6 -> 10
        "pay_losses", "ten_cents", {"Anna": 9, "Ben": -7, "Cem": -2}, 3,
        ["Ben zahlt 0,20 € in die Kasse", "Cem zahlt 0,10 € in die Kasse"], 30,
        id="losses-ten-cents",
    ),
]


@pytest.mark.parametrize(("mode", "rounding", "totals", "cents", "lines", "pot"), PAY_CASES)
def test_kasse_modes_collect_the_right_payments(mode, rounding, totals, cents, lines, pot):
    result = settle(totals, cents, mode=mode, rounding=rounding)
    assert result.lines() == lines
    assert result.pot == pot
    assert result.transfers == ()


def test_a_settlement_is_json_ready():
    result = settle({"Anna": 3, "Ben": -3}, 10, mode=SettlementMode.ZERO_SUM,
                    rounding=Rounding.CENT)
    assert result.to_dict() == {
        "mode": "zero_sum", "cents_per_point": 10, "rounding": "cent",
        "balances": {"Anna": 30, "Ben": -30},
        "transfers": [{"payer": "Ben", "payee": "Anna", "cents": 30}],
        "payments": [], "pot": 0,
    }


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"cents_per_point": -1}, "cents_per_point"),
        ({"cents_per_point": 2.5}, "cents_per_point"),
        ({"cents_per_point": Decimal("0.25")}, "cents_per_point"),
        ({"cents_per_point": Decimal("NaN")}, "cents_per_point"),
        ({"cents_per_point": True}, "cents_per_point"),
        ({"mode": "winner_takes_all"}, "mode"),
        ({"mode": ["zero_sum"]}, "mode"),
        ({"rounding": "euro"}, "rounding"),
        ({"totals": {"Anna": 3, "Ben": -2}}, "totals"),
        ({"totals": {}}, "totals"),
        ({"totals": {"Anna": 1.5, "Ben": -1.5}}, "totals.Anna"),
        ({"totals": [("Anna", 0)]}, "totals"),
    ],
    ids=["negative-price", "float-price", "finer-than-a-tenth", "not-a-number", "bool-price", "unknown-mode", "list-mode",
         "unknown-rounding", "zero-sum-totals-not-zero", "no-players", "fractional-points",
         "totals-not-a-mapping"],
)
def test_impossible_input_is_rejected_naming_the_field(kwargs, field):
    args = {"totals": {"Anna": 3, "Ben": -3}, "cents_per_point": 10, **kwargs}
    with pytest.raises(InvalidSettlement) as caught:
        settle(**args)
    assert isinstance(caught.value, InvalidInput)
    assert caught.value.field == field


# --------------------------------------------------------------------------- properties


@st.composite
def zero_sum_totals(draw, max_players=8, bound=400):
    n = draw(st.integers(min_value=1, max_value=max_players))
    points = draw(st.lists(st.integers(-bound, bound), min_size=n - 1, max_size=n - 1))
    return dict(zip(NAMES, [*points, -sum(points)]))


any_totals = st.integers(1, 8).flatmap(
    lambda n: st.lists(st.integers(-400, 400), min_size=n, max_size=n)
).map(lambda points: dict(zip(NAMES, points)))
prices = st.integers(0, 50)
roundings = st.sampled_from(list(Rounding))


@given(zero_sum_totals(), prices, roundings)
def test_transfers_settle_every_balance_exactly(totals, cents, rounding):
    result = settle(totals, cents, rounding=rounding)
    left = dict(result.balances)
    for t in result.transfers:
        assert t.cents > 0 and t.payer != t.payee
        left[t.payer] += t.cents
        left[t.payee] -= t.cents
    assert set(left.values()) <= {0}


@given(zero_sum_totals(), prices, roundings)
def test_there_are_never_more_transfers_than_players_minus_one(totals, cents, rounding):
    assert len(settle(totals, cents, rounding=rounding).transfers) <= len(totals) - 1


def _most_zero_sum_blocks(values):
    """Brute force over every set partition: the most blocks that each sum to zero."""
    if not values:
        return 0
    first, rest = values[0], values[1:]
    best = 0
    for mask in range(1 << len(rest)):
        block = [first] + [v for i, v in enumerate(rest) if mask >> i & 1]
        if sum(block) == 0:
            others = [v for i, v in enumerate(rest) if not mask >> i & 1]
            best = max(best, 1 + _most_zero_sum_blocks(others))
    return best


@given(zero_sum_totals(max_players=6, bound=4))
def test_the_transfer_count_is_the_true_minimum(totals):
    nonzero = [p for p in totals.values() if p]
    assert len(transfers(totals)) == len(nonzero) - _most_zero_sum_blocks(nonzero)


@given(zero_sum_totals(), prices)
def test_rounding_to_ten_cents_gives_multiples_of_ten_that_sum_to_zero(totals, cents):
    balances = settle(totals, cents, rounding="ten_cents").balances
    assert all(b % 10 == 0 for b in balances.values())
    assert sum(balances.values()) == 0
    assert all(abs(balances[n] - totals[n] * cents) < 10 for n in totals)


def _roundings_by_largest_remainder(balances, step):
    """Brute force: every way to round each balance down or up to a multiple of ``step``
    that sums to zero and never rounds up a balance that lost less by rounding down than
    one rounded down."""
    names = list(balances)
    for mask in range(1 << len(names)):
        up = {n for i, n in enumerate(names) if mask >> i & 1}
        out = {n: balances[n] // step * step + (step if n in up else 0) for n in names}
        lost = {n: balances[n] % step for n in names}
        if sum(out.values()) == 0 and all(lost[u] >= lost[d] for u in up
                                          for d in names if d not in up):
            yield out


def _keeps_ties(balances, rounded):
    return all(rounded[a] == rounded[b] for a in balances for b in balances
               if balances[a] == balances[b])


@given(zero_sum_totals(max_players=7, bound=30), st.sampled_from([5, 15, 25]))
def test_equal_totals_are_rounded_alike_whenever_some_rounding_allows_it(totals, tenths):
    # A price in tenths of a cent (0,5 / 1,5 / 2,5 Cent) rounded to the cent: if any
    # largest-remainder rounding gives equal totals equal money, the one chosen does.
    exact = {n: p * tenths for n, p in totals.items()}
    rounded = round_balances(exact, 10)
    possible = list(_roundings_by_largest_remainder(exact, 10))
    assert rounded in possible
    if any(_keeps_ties(exact, r) for r in possible):
        assert _keeps_ties(exact, rounded)


@given(zero_sum_totals(), prices)
def test_rounding_to_the_cent_changes_nothing(totals, cents):
    assert settle(totals, cents).balances == {n: p * cents for n, p in totals.items()}


@given(any_totals, prices, roundings, st.sampled_from(["pay_leader", "pay_losses"]))
def test_kasse_payments_are_positive_and_nobody_receives(totals, cents, rounding, mode):
    result = settle(totals, cents, mode=mode, rounding=rounding)
    assert all(p.cents > 0 for p in result.payments)
    assert all(b <= 0 for b in result.balances.values())
    assert result.pot == -sum(result.balances.values())
    if rounding is Rounding.TEN_CENTS:
        assert all(p.cents % 10 == 0 for p in result.payments)


@given(any_totals, prices)
def test_the_leader_never_pays_and_nobody_in_plus_pays_for_losses(totals, cents):
    leaders = {n for n, p in totals.items() if p == max(totals.values())}
    payers = {p.player for p in settle(totals, cents, mode="pay_leader").payments}
    assert not payers & leaders
    payers = {p.player for p in settle(totals, cents, mode="pay_losses").payments}
    assert all(totals[n] < 0 for n in payers)


# --------------------------------------------------------------------------- a tenth of a cent


@pytest.mark.parametrize(("typed", "cents"), [
    ("10", 10), ("0", 0), ("0,5", Decimal("0.5")), ("0.5", Decimal("0.5")),
    ("1,5", Decimal("1.5")), ("0,1", Decimal("0.1")), ("0,50", Decimal("0.5")),
    (" 2,0 ", 2), (",5", Decimal("0.5")), ("1000", 1000),
], ids=lambda v: repr(v))
def test_a_price_is_read_as_typed_in_german_or_english(typed, cents):
    assert parse_price(typed) == cents


@pytest.mark.parametrize(("typed", "said"), [
    ("0,05", "auf 0,1 Cent genau angeben"),
    ("0,55", "auf 0,1 Cent genau angeben"),
    ("1.000", "ohne Tausenderpunkt angeben, z. B. 1000; Bruchteile auf 0,1 Cent genau, z. B. 0,5"),
    ("1,000", "ohne Tausenderpunkt angeben, z. B. 1000; Bruchteile auf 0,1 Cent genau, z. B. 0,5"),
    ("", "eine Zahl in Cent angeben, z. B. 10 oder 0,5"),
    ("-1", "eine Zahl in Cent angeben, z. B. 10 oder 0,5"),
    ("0,5 €", "eine Zahl in Cent angeben, z. B. 10 oder 0,5"),
    ("1,5,0", "eine Zahl in Cent angeben, z. B. 10 oder 0,5"),
    ("١٠", "eine Zahl in Cent angeben, z. B. 10 oder 0,5"),
    ("9" * 5000, "eine Zahl in Cent angeben, z. B. 10 oder 0,5"),
], ids=["hundredth", "two-places", "thousands-dot", "thousands-comma", "empty", "negative",
        "with-unit", "two-commas", "arabic-indic", "5000-digits"])
def test_a_price_that_is_not_exact_to_a_tenth_or_is_unclear_is_refused(typed, said):
    with pytest.raises(InvalidSettlement) as caught:
        parse_price(typed)
    assert caught.value.problems == (("cents_per_point", said),)


@pytest.mark.parametrize(("cents", "shown"), [
    (10, "10 Cent"), (Decimal("0.5"), "0,5 Cent"), (Decimal("1.5"), "1,5 Cent"),
    (0, "0 Cent"), (150, "1,50 €"), (Decimal("150.5"), "150,5 Cent"), (1000, "10,00 €"),
])
def test_a_price_reads_as_the_table_wrote_it(cents, shown):
    from scorer.words.money import price

    assert price(cents) == shown


@pytest.mark.parametrize(("totals", "cents", "rounding", "lines"), [
    # jsdoppelkopf's default stake, half a cent: 34 points are 17 cents exactly.
    ({"Anna": 34, "Ben": -34}, Decimal("0.5"), "cent", ["Ben zahlt Anna 0,17 €"]),
    # 0,5 × 7 = 3,5 Cent: to the cent the half goes to the earlier seat (round_balances).
    ({"Anna": 7, "Ben": -7}, Decimal("0.5"), "cent", ["Ben zahlt Anna 0,04 €"]),
    # 1,5 × 13 = 19,5 Cent and 1,5 × 27 = 40,5: to 10 cents, 20 and 40, summing to 60.
    ({"Anna": 13, "Ben": 27, "Cem": -40}, Decimal("1.5"), "ten_cents",
     ["Cem zahlt Anna 0,20 €", "Cem zahlt Ben 0,40 €"]),
    # 0,1 Cent a point: 250 points are 25 cents.
    ({"Anna": 250, "Ben": -250}, Decimal("0.1"), "cent", ["Ben zahlt Anna 0,25 €"]),
], ids=["half-cent", "half-cent-rounded", "one-and-a-half-ten-cents", "tenth"])
def test_a_stake_in_tenths_settles_exactly_then_rounds_as_chosen(totals, cents, rounding, lines):
    assert settle(totals, cents, rounding=rounding).lines() == lines


tenth_prices = st.integers(0, 500).map(lambda tenths: Decimal(tenths).scaleb(-1))


@given(zero_sum_totals(), tenth_prices, roundings)
def test_a_stake_in_tenths_is_never_more_than_half_a_step_from_the_exact_amount(
        totals, cents, rounding):
    """The exact amount is points × price as a fraction; rounding to the cent or to 10
    cents moves each balance by less than one step, and the balances still sum to 0."""
    balances = settle(totals, cents, rounding=rounding).balances
    assert sum(balances.values()) == 0
    for name, points in totals.items():
        assert abs(balances[name] - Fraction(points) * Fraction(cents)) < rounding.step


@given(zero_sum_totals(), prices, roundings)
def test_a_whole_price_written_with_a_tenth_settles_as_the_whole_price(totals, cents, rounding):
    assert (settle(totals, Decimal(f"{cents}.0"), rounding=rounding).balances
            == settle(totals, cents, rounding=rounding).balances)
