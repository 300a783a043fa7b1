"""Seasons and their rankings (RULES.md §11.1), from the sentences of the rule text, with
Hypothesis properties for what must hold for any evenings."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorer.core.seasons import (
    EveningResult,
    InvalidSeason,
    Method,
    Season,
    check_seasons,
    check_settings,
    evening_ranks,
    placement_points,
    rank,
    ranks_after_each,
    season_of,
    table_points,
)

DAY = dt.date(2026, 3, 5)


def night(totals: dict[str, int], games: dict[str, int] | None = None, *, key: Any = 1,
          date: dt.date = DAY, members: frozenset[str] = frozenset()) -> EveningResult:
    return EveningResult(key, date, totals, games or {p: 10 for p in totals}, members)


# ------------------------------------------------------------------ one evening


def test_ties_share_the_best_rank_and_placement_points_follow_the_example() -> None:
    # "totals 10, 10, 4, −24 rank 1, 1, 3, 4 and give 4, 4, 2, 1 with n = 4"
    totals = {"A": 10, "B": 10, "C": 4, "D": -24}
    assert evening_ranks(totals) == {"A": 1, "B": 1, "C": 3, "D": 4}
    assert placement_points(totals) == {"A": 4, "B": 4, "C": 2, "D": 1}


@pytest.mark.parametrize("totals, points", [
    ({"A": 9, "B": 5, "C": -1, "D": -13}, {"A": 3, "B": 1, "C": -1, "D": -3}),  # "3, 1, −1, −3"
    ({"A": 9, "B": 5, "C": 0, "D": -1, "E": -13},
     {"A": 4, "B": 2, "C": 0, "D": -2, "E": -4}),  # "4, 2, 0, −2, −4"
    ({"A": 9, "B": 9, "C": -1, "D": -17}, {"A": 2, "B": 2, "C": -1, "D": -3}),  # "2 each"
    ({"A": 0, "B": 0, "C": 0, "D": 0}, {"A": 0, "B": 0, "C": 0, "D": 0}),
], ids=["four", "five", "two-tied-at-the-top", "all-tied"])
def test_table_points_as_the_rule_text_counts_them(totals: dict[str, int],
                                                   points: dict[str, int]) -> None:
    assert table_points(totals) == points


# ------------------------------------------------------------------ methods


EVENINGS = [
    night({"A": 10, "B": 10, "C": 4, "D": -24}, key=1),
    night({"A": -6, "B": 2, "C": 8, "E": -4}, key=2, date=DAY + dt.timedelta(7),
          members=frozenset({"A", "B", "C", "D", "E"})),
]


def test_points_add_the_evening_totals_and_rank_by_them() -> None:
    got = [(s.rank, s.player, s.figure) for s in rank(EVENINGS)]
    assert got == [(1, "B", 12), (1, "C", 12), (3, "A", 4), (4, "E", -4), (5, "D", -24)]


def test_equal_points_are_told_apart_by_evenings_won() -> None:
    # B and C both have 12 points: B won evening 1 (shared), C evening 2 -> still equal.
    standings = {s.player: s for s in rank(EVENINGS)}
    assert standings["B"].evenings_won == standings["C"].evenings_won == 1
    # With a third evening C wins, C leads on evenings won at equal points.
    third = night({"B": 0, "C": 0, "A": 0, "E": 0}, key=3, date=DAY + dt.timedelta(14))
    got = [(s.rank, s.player) for s in rank([*EVENINGS, third])][:2]
    assert got == [(1, "B"), (1, "C")]  # all tie on 0: both win it too, still equal
    fourth = night({"C": 1, "B": -1, "A": 0, "E": 0}, key=4, date=DAY + dt.timedelta(21))
    fifth = night({"C": -1, "B": 1, "A": 0, "E": 0}, key=5, date=DAY + dt.timedelta(28))
    got = [(s.rank, s.player, s.evenings_won) for s in rank([*EVENINGS, fourth])][:2]
    assert got == [(1, "C", 2), (2, "B", 1)]
    got = [(s.rank, s.player) for s in rank([*EVENINGS, fourth, fifth])][:2]
    assert got == [(1, "B"), (1, "C")]


def test_placement_gives_absent_players_nothing() -> None:
    standings = {s.player: s.figure for s in rank(EVENINGS, Method.PLACEMENT)}
    # evening 1: A, B 4 each, C 2, D 1; evening 2 (n = 4): C 4, B 3, E 2, A 1
    assert standings == {"A": 5, "B": 7, "C": 6, "D": 1, "E": 2}


def test_table_points_charge_absent_members_and_not_strangers() -> None:
    # Evening 2's members include D (absent: gets -3); E was no member of evening 1.
    standings = {s.player: s for s in rank(EVENINGS, Method.TABLE_POINTS,
                                           absent_table_points=-3)}
    # evening 1: A, B 2, C -1, D -3; evening 2: C 3, B 1, E -1, A -3
    assert {p: s.figure for p, s in standings.items()} == {"A": -1, "B": 3, "C": 2, "D": -6,
                                                           "E": -1}
    assert [(e.key, e.rank, e.figure) for e in standings["D"].evenings] == [(1, 4, -3),
                                                                           (2, None, -3)]
    assert [e.key for e in standings["E"].evenings] == [2]


def test_average_compares_exact_fractions_and_lists_the_few_games_unranked() -> None:
    evenings = [
        night({"A": 10, "B": -10, "C": 1, "D": -1}, {"A": 3, "B": 3, "C": 3, "D": 3}),
        night({"A": 0, "B": 10, "C": 0, "E": -10}, {"A": 3, "B": 3, "C": 0, "E": 1}, key=2),
    ]
    standings = rank(evenings, Method.AVERAGE, min_games=2)
    # A 10/6, C 1/3 (C played 3 games), D -1/3, B 0/6; E 1 game: unranked
    assert [(s.rank, s.player, s.figure) for s in standings] == [
        (1, "A", Fraction(10, 6)), (2, "C", Fraction(1, 3)), (3, "B", Fraction(0)),
        (4, "D", Fraction(-1, 3)), (None, "E", Fraction(-10))]


def test_a_player_with_no_games_is_unranked_under_average() -> None:
    standings = rank([night({"A": 0, "B": 0, "C": 0, "D": 0}, {"A": 2, "B": 2, "C": 2})],
                     Method.AVERAGE)
    assert [(s.player, s.rank) for s in standings][-1] == ("D", None)


# ------------------------------------------------------------------ seasons


def test_without_seasons_of_its_own_a_runde_counts_calendar_years() -> None:
    assert season_of(dt.date(2026, 12, 31)) == Season("2026", dt.date(2026, 1, 1))
    assert season_of(dt.date(2027, 1, 1)).name == "2027"


def test_a_season_runs_from_its_start_until_the_next_one_starts() -> None:
    seasons = check_seasons([("Saison 2027/28", dt.date(2027, 9, 1)),
                             ("Saison 2026/27", dt.date(2026, 9, 1))])
    assert season_of(dt.date(2026, 9, 1), seasons).name == "Saison 2026/27"
    assert season_of(dt.date(2027, 8, 31), seasons).name == "Saison 2026/27"
    assert season_of(dt.date(2027, 9, 1), seasons).name == "Saison 2027/28"
    assert season_of(dt.date(2026, 8, 31), seasons).name == "Davor"


@pytest.mark.parametrize("seasons, field", [
    ([("", dt.date(2026, 9, 1))], "seasons[0].name"),
    ([("A", "2026-09-01")], "seasons[0].start"),
    ([("A", dt.date(2026, 9, 1)), ("a", dt.date(2027, 9, 1))], "seasons"),
    ([("A", dt.date(2026, 9, 1)), ("B", dt.date(2026, 9, 1))], "seasons"),
])
def test_impossible_seasons_are_refused_naming_the_field(seasons: Any, field: str) -> None:
    with pytest.raises(InvalidSeason) as err:
        check_seasons(seasons)
    assert field in {f for f, _ in err.value.problems}


# ------------------------------------------------------------------ properties

NAMES = ["A", "B", "C", "D", "E", "F", "G"]
totals = st.lists(st.integers(-60, 60), min_size=4, max_size=7).map(
    lambda values: dict(zip(NAMES, values)))


@given(totals)
def test_the_table_points_of_an_evening_sum_to_zero(t: dict[str, int]) -> None:
    assert sum(table_points(t).values()) == 0


@given(totals)
def test_placement_points_are_n_to_1_with_ties_sharing_the_best(t: dict[str, int]) -> None:
    n = len(t)
    points = placement_points(t)
    for name, total in t.items():
        better = sum(1 for other in t.values() if other > total)
        assert points[name] == n - better
    assert sorted(points.values(), reverse=True)[0] == n


@given(st.lists(totals, min_size=1, max_size=6), st.sampled_from(list(Method)))
def test_a_seasons_figures_are_the_sums_over_its_evenings(evenings: list[dict[str, int]],
                                                          method: Method) -> None:
    results = [night(t, key=k, date=DAY + dt.timedelta(k)) for k, t in enumerate(evenings)]
    standings = rank(results, method)
    for s in standings:
        assert s.points == sum(t.get(s.player, 0) for t in evenings)
        if method is not Method.AVERAGE:
            assert s.figure == sum(e.figure for e in s.evenings)
    ranked = [s for s in standings if s.rank is not None]
    assert [s.rank for s in ranked] == sorted(s.rank for s in ranked)
    assert all(s.rank <= k for k, s in enumerate(ranked, 1))


# ------------------------------------------------------------------ who led when


def test_the_ranking_after_each_evening_is_the_ranking_of_the_evenings_so_far() -> None:
    # After evening 1: A, B 10 (shared 1), C 4, D −24. After evening 2 (D absent, E new):
    # B, C 12, A 4, E −4, D −24: the points ranking of both evenings together.
    after = ranks_after_each(list(reversed(EVENINGS)))
    assert after[0] == {"A": 1, "B": 1, "C": 3, "D": 4}
    assert after[1] == {s.player: s.rank for s in rank(EVENINGS)}
    assert after[1]["E"] == 4


def test_the_ranking_after_each_evening_leaves_the_too_few_games_unranked() -> None:
    evenings = [night({"A": 10, "B": -10, "C": 1, "D": -1}, {"A": 3, "B": 3, "C": 3, "D": 1}),
                night({"A": 0, "B": 0, "C": 0, "D": 0}, {"A": 1, "B": 1, "C": 1, "D": 2},
                      key=2, date=DAY + dt.timedelta(7))]
    after = ranks_after_each(evenings, Method.AVERAGE, min_games=3)
    assert after[0]["D"] is None and after[1]["D"] == 3


@pytest.mark.parametrize("method, min_games, absent, fields", [
    ("points", 0, 0, []),
    ("table_points", 12, -3, []),
    ("wins", 0, 0, ["season_ranking"]),
    ("average", -1, 0, ["min_games"]),
    ("average", "3", 0, ["min_games"]),
    ("average", 10_001, 0, ["min_games"]),
    ("table_points", 0, -101, ["absent_table_points"]),
    ("points", True, 2.5, ["min_games", "absent_table_points"]),
])
def test_the_season_settings_are_checked_field_by_field(method: str, min_games: object,
                                                        absent: object,
                                                        fields: list[str]) -> None:
    if not fields:
        assert check_settings(method, min_games, absent) == (Method(method), min_games, absent)
        return
    with pytest.raises(InvalidSeason) as err:
        check_settings(method, min_games, absent)
    assert [f for f, _ in err.value.problems] == fields
