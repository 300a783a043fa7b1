"""The Bestenliste (issue 27, part 3): each record from evenings played through the core, and
the missed announcements, with Hypothesis properties that hold for any evenings."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.core.evening import evening
from scorer.core.records import (
    Bestenliste,
    RecordKind,
    bestenliste,
    evening_records,
    game_worth,
)
from scorer.core.stats import won_game
from tests.budget import examples

FOUR = ["Anna", "Ben", "Cem", "Dora"]
DAY = dt.date(2026, 3, 5)


def night(games: list[dict[str, Any]], seats: list[str] = FOUR, rules: str = "ddv",
          key: int = 1) -> Any:
    return evening_records(key, DAY + dt.timedelta(7 * (key - 1)),
                           evening({"rules": rules, "seats": seats, "games": games}))


def holders(best: Bestenliste, kind: RecordKind) -> list[tuple[Any, ...]]:
    """(players, figure, evening, game, start evening, start game) of each feat."""
    return [(f.players, f.figure, f.place.key, f.place.game,
             f.start.key if f.start else None, f.start.game if f.start else None)
            for f in best.record(kind).feats]


WIN = {"re": ["Anna", "Cem"], "re_eyes": 130}   # Anna and Cem win: gewonnen, 1 point each
LOSE = {"re": ["Anna", "Cem"], "re_eyes": 100}  # Ben and Dora win (+1 gegen die Alten)


# ------------------------------------------------------------------ one game's worth


@pytest.mark.parametrize("game, rules, worth", [
    ({"re": ["Anna", "Cem"], "re_eyes": 130}, "ddv", 1),                     # gewonnen
    ({"re": ["Anna", "Cem"], "re_eyes": 151}, "ddv", 2),                     # + keine 90
    ({"re": ["Anna", "Cem"], "re_eyes": 130, "announced": {"re": "ansage"}}, "ddv", 3),
    ({"kind": "solo", "solo": "buben", "re": ["Ben"], "re_eyes": 151}, "ddv", 2),  # Ben: 6
    ({"kind": "redeal"}, "ddv", None),
    ({"kind": "recorded", "points": {"Anna": 30, "Ben": -10, "Cem": -10, "Dora": -10}},
     "ddv", None),
], ids=["won", "keine-90", "re-said", "solo-the-three", "redeal", "recorded"])
def test_a_game_is_worth_what_each_player_not_alone_wins_or_loses(game: dict[str, Any],
                                                                   rules: str,
                                                                   worth: int | None) -> None:
    ledger = evening({"rules": rules, "seats": FOUR, "games": [game]})
    assert game_worth(ledger.games[0]) == worth


def test_bock_doubles_what_a_game_is_worth() -> None:
    # bockrunde: 120:120 starts a Bock round; the next game, won with 151, is worth twice
    # its 2 points (gewonnen, keine 90).
    ledger = evening({"rules": "bockrunde", "seats": FOUR, "games": [
        {"re": ["Anna", "Cem"], "re_eyes": 120}, {"re": ["Anna", "Cem"], "re_eyes": 151}]})
    assert ledger.games[1].bock == 2
    assert game_worth(ledger.games[1]) == 2 * 2


# ------------------------------------------------------------------ the records


def test_the_highest_game_names_its_evening_game_and_winners_and_keeps_ties() -> None:
    best = bestenliste([
        night([WIN, {"re": ["Ben", "Dora"], "re_eyes": 151}], key=1),
        night([WIN, {"re": ["Cem", "Dora"], "re_eyes": 151}], key=2),
        # (Kontra winning is worth one more, gegen die Alten: with 151 it would be 3)
    ])
    assert holders(best, RecordKind.HIGHEST_GAME) == [
        (("Ben", "Dora"), 2, 1, 2, None, None), (("Cem", "Dora"), 2, 2, 2, None, None)]


def test_a_recorded_game_is_no_highest_game_however_many_points_it_wrote() -> None:
    best = bestenliste([night([WIN, {"kind": "recorded", "points": {
        "Anna": 30, "Ben": -10, "Cem": -10, "Dora": -10}}])])
    assert holders(best, RecordKind.HIGHEST_GAME) == [(("Anna", "Cem"), 1, 1, 1, None, None)]


def test_the_best_and_worst_evening_are_the_highest_and_lowest_evening_totals() -> None:
    first = night([WIN, WIN, LOSE], key=1)    # all 0 (the lost game: 2 to Kontra)
    second = night([WIN] * 3, key=2)          # Anna, Cem 3; Ben, Dora −3
    best = bestenliste([first, second])
    assert holders(best, RecordKind.BEST_EVENING) == [
        (("Anna",), 3, 2, None, None, None), (("Cem",), 3, 2, None, None, None)]
    assert [f.players for f in best.record(RecordKind.WORST_EVENING).feats] == [("Ben",),
                                                                                ("Dora",)]
    assert best.record(RecordKind.WORST_EVENING).figure == -3


def test_a_run_of_won_games_goes_on_into_the_next_evening_and_ends_with_a_lost_game() -> None:
    # Five at the table: sitting out (Emil in game 1, Anna in game 2) ends no run.
    five = ["Anna", "Ben", "Cem", "Dora", "Emil"]
    first = night([{"re": ["Ben", "Cem"], "re_eyes": 130, "players": ["Ben", "Cem", "Dora", "Anna"]},
                   {"re": ["Cem", "Dora"], "re_eyes": 130, "players": ["Cem", "Dora", "Emil", "Ben"]},
                   {"re": ["Cem", "Emil"], "re_eyes": 130, "players": ["Dora", "Emil", "Anna", "Cem"]}],
                  seats=five, key=1)
    second = night([{"re": ["Cem", "Ben"], "re_eyes": 130},
                    {"re": ["Cem", "Ben"], "re_eyes": 100}], key=2, seats=["Ben", "Cem", "Dora", "Anna"])
    best = bestenliste([first, second])
    # Cem won games 1, 2, 3 of the first evening and game 1 of the second: 4, then lost.
    assert holders(best, RecordKind.WON_GAMES_RUN) == [(("Cem",), 4, 2, 1, 1, 1)]


def test_a_run_of_won_evenings_counts_shared_first_places_and_skips_evenings_away() -> None:
    evenings = [
        night([WIN], key=1),                                    # Anna, Cem first
        night([], key=2, seats=["Ben", "Cem", "Dora", "Emil"]),  # all 0: all first; Anna away
        night([WIN], key=3),                                    # Anna, Cem first again
        night([LOSE], key=4),                                   # Ben, Dora first
    ]
    best = bestenliste(evenings)
    assert holders(best, RecordKind.WON_EVENINGS_RUN) == [(("Cem",), 3, 3, None, 1, None)]


def test_the_most_solos_won_and_bock_games_are_counted_per_evening() -> None:
    solo = {"kind": "solo", "solo": "damen", "re": ["Dora"], "re_eyes": 130}
    lost_solo = {**solo, "re_eyes": 100}
    first = night([solo, solo, lost_solo], key=1)
    # bockrunde: 120:120 queues a Bock round of four games.
    second = night([{"re": ["Anna", "Cem"], "re_eyes": 120}, WIN, WIN, solo], rules="bockrunde",
                   key=2)
    best = bestenliste([first, second])
    assert holders(best, RecordKind.SOLOS_WON) == [(("Dora",), 2, 1, None, None, None)]
    assert holders(best, RecordKind.BOCK_GAMES) == [((), 3, 2, None, None, None)]


def test_before_any_evening_nobody_holds_a_record() -> None:
    best = bestenliste([])
    assert all(r.feats == () and r.figure is None for r in best.records)
    assert [r.kind for r in best.records] == list(RecordKind)
    assert best.missed == ()


# ------------------------------------------------------------------ missed announcements


@pytest.mark.parametrize("game, missed", [
    # "a party that won with 151 or more without any Ansage"
    ({"re": ["Anna", "Cem"], "re_eyes": 151}, {"Anna": (1, 0), "Cem": (1, 0)}),
    # "or made keine 90 without announcing it": Re said, keine 90 not
    ({"re": ["Anna", "Cem"], "re_eyes": 190, "announced": {"re": "ansage"}},
     {"Anna": (0, 1), "Cem": (0, 1)}),
    # Kontra won with 240 − 89 = 151
    ({"re": ["Anna", "Cem"], "re_eyes": 89}, {"Ben": (1, 0), "Dora": (1, 0)}),
    # a soloist alone
    ({"kind": "solo", "solo": "buben", "re": ["Ben"], "re_eyes": 200}, {"Ben": (1, 0)}),
    # announced and made: nothing missed
    ({"re": ["Anna", "Cem"], "re_eyes": 190, "announced": {"re": "keine_90"}}, {}),
    # 150 is not keine 90 made
    ({"re": ["Anna", "Cem"], "re_eyes": 150}, {}),
    # Re had 160, but Kontra said keine 90... no: Re lost by announcing keine 60
    ({"re": ["Anna", "Cem"], "re_eyes": 160, "announced": {"re": "keine_60"}}, {}),
], ids=["no-ansage", "ansage-without-absage", "kontra", "solo", "announced", "150",
        "lost-by-announcing-more"])
def test_missed_announcements_follow_the_issue_sentence(game: dict[str, Any],
                                                        missed: dict[str, tuple[int, int]]
                                                        ) -> None:
    best = bestenliste([night([game])])
    assert {m.player: (m.without_ansage, m.without_absage) for m in best.missed} == missed
    assert all(m.places[0].game == 1 for m in best.missed)


def test_missed_announcements_add_up_per_player_most_first() -> None:
    best = bestenliste([night([{"re": ["Anna", "Cem"], "re_eyes": 151},
                               {"re": ["Anna", "Ben"], "re_eyes": 160,
                                "announced": {"re": "ansage"}}])])
    assert [(m.player, m.total) for m in best.missed] == [("Anna", 2), ("Ben", 1), ("Cem", 1)]
    assert [p.game for p in best.missed[0].places] == [1, 2]


# ------------------------------------------------------------------ properties


@st.composite
def evenings(draw: Any) -> list[Any]:
    out = []
    for key in range(1, draw(st.integers(0, 4)) + 1):
        games = []
        for _ in range(draw(st.integers(0, 8))):
            re = draw(st.permutations(FOUR))[:draw(st.sampled_from([1, 2]))]
            game: dict[str, Any] = {"re": re, "re_eyes": draw(st.integers(0, 240))}
            if len(re) == 1:
                game.update(kind="solo", solo="damen")
            if draw(st.booleans()):
                game["announced"] = {draw(st.sampled_from(["re", "kontra"])):
                                     draw(st.sampled_from(["ansage", "keine_90"]))}
            games.append(game)
        out.append(night(games, rules=draw(st.sampled_from(["ddv", "bockrunde"])), key=key))
    return out


@settings(max_examples=examples(40, 400), deadline=None)
@given(st.data())
def test_who_won_each_game_is_who_the_statistik_says_won_it(data: Any) -> None:
    # The records' extract tells winners from losers per party; the Statistik asks
    # won_game player by player: they agree for every kind, a Hammelrennen included.
    rules = data.draw(st.sampled_from(["ddv", "voss"]))
    games: list[dict[str, Any]] = []
    for _ in range(data.draw(st.integers(1, 8))):
        four = data.draw(st.permutations(FOUR))
        kind = data.draw(st.sampled_from(["normal", "solo", "hammelrennen"]
                                         if rules == "voss" else ["normal", "solo"]))
        if kind == "hammelrennen":
            cut = sorted(data.draw(st.lists(st.integers(0, 240), min_size=3, max_size=3)))
            shares = [cut[0], cut[1] - cut[0], cut[2] - cut[1], 240 - cut[2]]
            games.append({"kind": "hammelrennen", "eyes": dict(zip(four, shares))})
        elif kind == "solo":
            games.append({"kind": "solo", "solo": "damen", "re": four[:1],
                          "re_eyes": data.draw(st.integers(0, 240))})
        else:
            games.append({"re": four[:2], "re_eyes": data.draw(st.integers(0, 240))})
    try:
        ledger = evening({"rules": rules, "seats": FOUR, "games": games})
    except ValueError:
        return  # a Hammelrennen the rules do not allow here
    extract = evening_records(1, DAY, ledger)
    for game, mark in zip([g for g in ledger.games], extract.games):
        assert set(mark.winners) == {p for p in game.players if won_game(game, p)}
        assert set(mark.losers) == (set(game.players) - set(mark.winners)
                                    if game.score.winner is not None else set())


@settings(max_examples=examples(40, 400), deadline=None)
@given(evenings())
def test_every_holder_has_the_records_figure_and_nothing_beats_it(nights: list[Any]) -> None:
    best = bestenliste(nights)
    for record in best.records:
        assert all(f.figure == record.figure for f in record.feats)
    totals = [t for e in nights for t in e.totals.values()]
    if totals:
        assert best.record(RecordKind.BEST_EVENING).figure == max(totals)
        assert best.record(RecordKind.WORST_EVENING).figure == min(totals)
    worths = [m.worth for e in nights for m in e.games if m.worth is not None]
    assert best.record(RecordKind.HIGHEST_GAME).figure == (max(worths) if worths else None)
    games = sum(len(e.games) for e in nights)
    run = best.record(RecordKind.WON_GAMES_RUN).figure
    assert run is None or 1 <= run <= games
    evening_run = best.record(RecordKind.WON_EVENINGS_RUN).figure
    assert evening_run is None or 1 <= evening_run <= len(nights)


@settings(max_examples=examples(40, 400), deadline=None)
@given(evenings(), evenings())
def test_the_records_of_all_time_are_at_least_those_of_any_season(one: list[Any],
                                                                  two: list[Any]) -> None:
    both = bestenliste([*one, *[night_at(e, len(one)) for e in two]])
    for part in (bestenliste(one), bestenliste(two)):
        for record in part.records:
            if record.figure is None:
                continue
            overall = both.record(record.kind).figure
            assert overall is not None
            if record.kind is RecordKind.WORST_EVENING:
                assert overall <= record.figure
            else:
                assert overall >= record.figure
        for missed in part.missed:
            assert missed.total <= next(m.total for m in both.missed if m.player == missed.player)


def night_at(records: Any, shift: int) -> Any:
    """The same evening, numbered after ``shift`` others."""
    from dataclasses import replace

    return replace(records, key=records.key + shift)
