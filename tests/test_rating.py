"""The rating's arithmetic is the openskill library's: its own documented example, and what a
Doppelkopf game (a solo's one against three, a game nobody wins) makes of it."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from scorer.services.rating import MIN_GAMES, Rating, rate_games, shown


def test_two_against_two_gives_the_librarys_documented_numbers():
    # openskill's README: from the start, a and b beat x and y:
    # a = PlackettLuceRating(mu=26.964294621803063, sigma=8.177962604389991)
    # x = PlackettLuceRating(mu=23.035705378196937, sigma=8.177962604389991)
    found = rate_games([(("a", "b"), ("x", "y"), 0)])
    assert found["a"].mu == pytest.approx(26.964294621803063, abs=1e-12)
    assert found["a"].sigma == pytest.approx(8.177962604389991, abs=1e-12)
    assert found["x"].mu == pytest.approx(23.035705378196937, abs=1e-12)
    assert found["b"] == Rating("b", found["a"].mu, found["a"].sigma, 1)


def test_kontra_winning_is_the_same_game_the_other_way_round():
    found = rate_games([(("a", "b"), ("x", "y"), 1)])
    assert found["x"].mu == pytest.approx(26.964294621803063, abs=1e-12)


def test_a_solo_is_one_team_of_one_against_three():
    model = PlackettLuce()
    r = model.rating
    [[solo], others] = model.rate([[r(name="s")], [r(name="p"), r(name="q"), r(name="t")]],
                                  ranks=[1, 2])
    found = rate_games([(("s",), ("p", "q", "t"), 0)])
    assert found["s"].mu == solo.mu and found["p"].mu == others[0].mu
    assert found["s"].mu > 25 > found["p"].mu


def test_ratings_carry_from_game_to_game_and_count_games():
    found = rate_games([(("a", "b"), ("x", "y"), 0), (("a", "x"), ("b", "y"), None)])
    assert found["a"].games == 2
    assert found["a"].sigma < PlackettLuce().rating().sigma


def test_only_enough_games_and_no_hidden_player_are_shown():
    ratings = {"a": Rating("a", 30, 2, MIN_GAMES), "b": Rating("b", 35, 2, MIN_GAMES - 1),
               "c": Rating("c", 20, 2, MIN_GAMES + 5), "d": Rating("d", 40, 2, MIN_GAMES)}
    assert [r.name for r in shown(ratings, ["d"])] == ["a", "c"]


def test_evening_by_evening_is_the_same_as_all_games_at_once_and_a_change_is_seen():
    from scorer.services.rating import rate_evenings

    first = [(("a", "b"), ("x", "y"), 0), (("a", "x"), ("b", "y"), 1)]
    second = [(("a",), ("b", "x", "y"), 0)]
    assert rate_evenings([first, second]) == rate_games(first + second)
    # The same first evening again (kept), a different second one: rated anew.
    changed = [(("a",), ("b", "x", "y"), 1)]
    assert rate_evenings([first, changed]) == rate_games(first + changed)
    assert rate_evenings([first, changed])["a"].mu < rate_evenings([first, second])["a"].mu
