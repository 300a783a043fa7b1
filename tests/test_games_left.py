"""What an evening with planned games still has to play (scorer.core.evening.games_left) and
how fast the table plays (scorer.core.pace): worked examples counted by hand from RULES.md
§7/§9/§10.2, and the invariant that playing the games it predicts ends the evening exactly
then."""

from __future__ import annotations

import datetime as dt
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.core.evening import GamesLeft, evening, games_left, resume
from scorer.core.pace import finish, seconds_per_game
from tests.budget import examples

SEATS = ["A", "B", "C", "D"]


def _evening(rules: Any, planned: int | None, games: list[dict[str, Any]],
             bock: list[int] | None = None) -> Any:
    data: dict[str, Any] = {"rules": rules, "seats": SEATS, "games": games}
    if planned is not None:
        data["planned_games"] = planned
    if bock:
        data["bock_queue_start"] = bock
    return evening(data)


def _normal(re: tuple[str, str] = ("A", "C")) -> dict[str, Any]:
    return {"re": list(re), "re_eyes": 130}


def test_an_evening_without_planned_games_has_no_end_to_tell():
    assert games_left(_evening("ddv", None, [_normal()])) is None


def test_forced_within_the_plan_the_pflichtsoli_are_among_the_games_left():
    # 10 planned, 3 played; four owe a solo, forced once 4 >= games left (TSR 4.2.3), and a
    # forced solo moves the dealer on: 7 games, the last 4 of them Pflichtsoli.
    ledger = _evening("ddv", 10, [_normal(), _normal(("B", "D")), _normal()])
    assert games_left(ledger) == GamesLeft(games=7, pflichtsoli=4, bock=0)


def test_forced_after_the_plan_each_pflichtsolo_is_one_game_more():
    # grundregeln: forced once the plan is played, and the dealer stays after a Pflichtsolo
    # (stay_pflicht): 8 - 2 = 6 planned games, then the 4 solos on top.
    ledger = _evening("grundregeln", 8, [_normal(), _normal(("B", "D"))])
    assert games_left(ledger) == GamesLeft(games=10, pflichtsoli=4, bock=0)


def test_a_pflichtsolo_played_is_no_longer_counted():
    solo = {"kind": "solo", "solo": "damen", "re": ["B"], "re_eyes": 150, "pflicht": True}
    ledger = _evening("grundregeln", 8, [_normal(), solo])
    # The dealer stayed for B's solo: one planned game counted, 7 left, then A, C, D.
    assert games_left(ledger) == GamesLeft(games=10, pflichtsoli=3, bock=0)


def test_the_dealer_stays_for_each_pflichtsolo_after_the_plan_and_so_does_the_bock_game():
    # grundregeln: 2 planned games played, each using up one of 4 queued Bock games; the
    # 4 forced solos come after the plan and the dealer stays for each (stay_pflicht), so
    # none uses up a Bock slot: all 4 are played ×2, and 2 slots lapse at the end.
    ledger = _evening("grundregeln", 2, [_normal(), _normal(("B", "D"))], bock=[2, 2, 2, 2])
    assert ledger.bock_queue == (2, 2)
    assert games_left(ledger) == GamesLeft(games=4, pflichtsoli=4, bock=4)


def test_queued_bock_games_are_counted_where_they_fall():
    rules = {"preset": "bockrunde"}  # no Pflichtsolo; Bock left at the end lapses (drop)
    ledger = _evening(rules, 6, [_normal()], bock=[2, 2, 2, 2, 2, 2, 2, 2])
    # 5 games left, all Bock (the queue holds 8 - 1 = 7); the two over the plan lapse.
    assert games_left(ledger) == GamesLeft(games=5, pflichtsoli=0, bock=5)


def test_bock_games_played_out_lengthen_the_evening():
    rules = {"preset": "bockrunde", "bock_at_end": "play_out"}
    ledger = _evening(rules, 6, [_normal()], bock=[2, 2, 2, 2, 2, 2, 2, 2])
    # The 7 Bock games left are all played: 2 beyond the 5 planned.
    assert games_left(ledger) == GamesLeft(games=7, pflichtsoli=0, bock=7)


def test_a_complete_evening_has_nothing_left():
    rules = {"preset": "bockrunde"}
    ledger = _evening(rules, 2, [_normal(), _normal()])
    assert ledger.complete and games_left(ledger) == GamesLeft(0, 0, 0)


@settings(max_examples=examples(40, 300))
@given(preset=st.sampled_from(["ddv", "grundregeln", "bockrunde", "voss", "kuss-rosa"]),
       bock_at_end=st.sampled_from(["drop", "play_out", "carry"]),
       planned=st.integers(0, 14), played=st.integers(0, 6),
       queue=st.lists(st.sampled_from([2, 4]), max_size=12))
def test_playing_the_games_left_ends_the_evening_exactly_then(preset, bock_at_end, planned,
                                                               played, queue):
    """Play what games_left foresees (plain games that start no Bock, each forced solo as
    it is forced) through the real fold: the evening is complete after exactly that many
    games, with that many forced Pflichtsoli and Bock games among them."""
    rules = {"preset": preset, "bock_at_end": bock_at_end}
    ledger = _evening(rules, planned, [], bock=queue)
    for _ in range(played):
        if ledger.complete:
            break
        ledger = resume(ledger, [_next(ledger)])
    left = games_left(ledger)
    assert left is not None
    games = solos = bock = 0
    while not ledger.complete:
        assert games < 100, "the evening never ends"
        forced = ledger.next.forced_soloist is not None
        ledger = resume(ledger, [_next(ledger)])
        last = ledger.games[-1]
        games += 1
        solos += forced
        bock += last.bock > 1
    assert (games, solos, bock) == (left.games, left.pflichtsoli, left.bock)


def _next(ledger: Any) -> dict[str, Any]:
    """The next game as the table plays it: the forced solo (won), else a plain game of the
    first two of the four, won without announcements (no Bock trigger fires)."""
    forced = ledger.next.forced_soloist
    if forced is not None:
        return {"kind": "solo", "solo": "damen", "re": [forced], "re_eyes": 130}
    players = ledger.next.players
    return {"re": [players[0], players[1]], "re_eyes": 130}


def test_the_pace_is_the_time_between_the_first_and_the_last_save():
    first = dt.datetime(2026, 11, 28, 19, 30, tzinfo=dt.UTC)
    last = dt.datetime(2026, 11, 28, 21, 0, tzinfo=dt.UTC)
    # 10 games: 9 between the first save and the last, in 90 minutes.
    assert seconds_per_game(first, last, 10) == 600.0
    # 14 games left at 10 minutes: 140 minutes after 21:00.
    assert finish(last, 600.0, 14) == dt.datetime(2026, 11, 28, 23, 20, tzinfo=dt.UTC)


def test_games_saved_at_once_tell_no_pace():
    at = dt.datetime(2026, 11, 28, 21, 0, tzinfo=dt.UTC)
    assert seconds_per_game(at, at + dt.timedelta(seconds=20), 3) is None  # 10 s a game
    assert seconds_per_game(at, at + dt.timedelta(minutes=2), 3) == 60.0
    assert seconds_per_game(at, at, 1) is None
