"""RULES.md §10 (edition 5), sentence by sentence: the recorded game (§10.1) and the Bock
games still queued at the end of an evening (§10.2). Every expected number is worked out here
from the rule text, not taken from the code."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorer.core.evening import evening
from scorer.core.rules import InvalidInput
from scorer.core.scoring import score

SEATS = ["Anna", "Ben", "Cem", "Dora"]
PENALTY = {"Anna": 6, "Ben": -2, "Cem": -2, "Dora": -2}


def recorded(points: dict[str, int] = PENALTY, **more: Any) -> dict[str, Any]:
    return {"kind": "recorded", "points": points, **more}


def one(rules: Any = "ddv", **game: Any) -> dict[str, Any]:
    return score({"rules": rules, "players": SEATS, **game}).to_dict()


def fields(err: pytest.ExceptionInfo[InvalidInput]) -> set[str]:
    return {f for f, _ in err.value.problems}


# ------------------------------------------------------------------ §10.1 the facts


def test_the_worked_example_keeps_the_points_as_written() -> None:
    # "ddv, players A B C D, points {A: 6, B: −2, C: −2, D: −2} → those points"
    got = one(**recorded())
    assert got["points"] == PENALTY
    assert got["winner"] is None


def test_the_totals_move_by_exactly_the_recorded_points() -> None:
    before = evening({"rules": "ddv", "seats": SEATS,
                      "games": [{"re": ["Anna", "Ben"], "re_eyes": 151}]})
    after = evening({"rules": "ddv", "seats": SEATS,
                     "games": [{"re": ["Anna", "Ben"], "re_eyes": 151}, recorded()]})
    assert {p: after.totals[p] - before.totals[p] for p in SEATS} == PENALTY


@pytest.mark.parametrize("note, label", [
    (None, "übernommen"),
    ("", "übernommen"),
    ("Strafpunkte: falsch bedient", "Strafpunkte: falsch bedient"),
], ids=["no-note", "empty-note", "note"])
def test_the_breakdown_is_one_line_naming_the_note_or_uebernommen(note: str | None,
                                                                   label: str) -> None:
    game = recorded() if note is None else recorded(note=note)
    assert one(**game)["lines"] == [{"party": None, "label": label, "points": 0}]


@pytest.mark.parametrize("points", [
    {"Anna": 6, "Ben": -2, "Cem": -2, "Dora": -1},  # sums to 1
    {"Anna": 6, "Ben": -2, "Cem": -4},  # Dora has no entry
    {**PENALTY, "Emil": 0},  # somebody else has one
    {"Anna": True, "Ben": False, "Cem": 0, "Dora": -1},  # true is no integer
    {"Anna": 2.5, "Ben": -2.5, "Cem": 0, "Dora": 0},  # nor is 2.5
    {"Anna": "6", "Ben": -2, "Cem": -2, "Dora": -2},
    [6, -2, -2, -2],
], ids=["sum-not-0", "player-missing", "stranger", "bool", "fraction", "text", "list"])
def test_points_that_are_not_whole_numbers_for_exactly_the_four_summing_to_0_are_refused(
        points: Any) -> None:
    with pytest.raises(InvalidInput) as err:
        one(**recorded(points))
    assert all(f.startswith("points") for f in fields(err)), err.value.problems


def test_a_recorded_game_without_points_is_refused_naming_points() -> None:
    with pytest.raises(InvalidInput) as err:
        one(kind="recorded")
    assert fields(err) == {"points"}


@pytest.mark.parametrize("field, value", [
    ("re", ["Anna"]), ("re", []), ("re_eyes", 120), ("re_eyes", None),
    ("announced", {"re": "ansage"}), ("announced", {}), ("extras", {"re": {"doppelkopf": 1}}),
    ("solo", "damen"), ("pflicht", True), ("pflicht", False), ("trickless", "re"),
    ("doppelt", {"re": 1}), ("eyes", {"Anna": 240}),
])
def test_the_facts_of_a_played_game_are_refused_whatever_their_value(field: str,
                                                                      value: Any) -> None:
    with pytest.raises(InvalidInput) as err:
        one(**recorded(), **{field: value})
    assert field in fields(err)


@pytest.mark.parametrize("kind, more", [
    ("normal", {"re": ["Anna", "Ben"], "re_eyes": 130}),
    ("redeal", {}),
    ("solo", {"re": ["Anna"], "re_eyes": 130, "solo": "damen"}),
])
@pytest.mark.parametrize("field, value", [("points", PENALTY), ("dealer_stays", False)])
def test_points_and_dealer_stays_belong_to_the_recorded_game_only(kind: str, more: dict[str, Any],
                                                                  field: str, value: Any) -> None:
    with pytest.raises(InvalidInput) as err:
        one(kind=kind, **more, **{field: value})
    assert field in fields(err)


@pytest.mark.parametrize("kind, more", [
    ("normal", {"re": ["Anna", "Ben"], "re_eyes": 130}),
    ("redeal", {}),
    ("recorded", {"points": PENALTY}),
])
def test_a_note_of_200_characters_goes_with_every_kind_and_201_are_refused(
        kind: str, more: dict[str, Any]) -> None:
    assert one(kind=kind, **more, note="ä" * 200)["points"]
    with pytest.raises(InvalidInput) as err:
        one(kind=kind, **more, note="ä" * 201)
    assert fields(err) == {"note"}


@pytest.mark.parametrize("note", [7, ["x"], "zwei\nZeilen", "\ud800"])
def test_a_note_must_be_one_line_of_text(note: Any) -> None:
    with pytest.raises(InvalidInput) as err:
        one(**recorded(note=note))
    assert fields(err) == {"note"}


def test_bock_does_not_multiply_a_recorded_game() -> None:
    assert one(**recorded(), bock=4)["points"] == PENALTY


def test_a_recorded_game_fires_no_bock_reason_but_the_tables_own() -> None:
    # bockrunde: a 0:0 "game" would be a zero_game if it were scored; a recorded one is not.
    zero = {p: 0 for p in SEATS}
    assert one("bockrunde", **recorded(zero))["bock_reasons"] == []
    manual = {"preset": "bockrunde", "bock_triggers": ["tie_120", "manual"]}
    assert one(manual, **recorded(zero), manual_bock=True)["bock_reasons"] == ["manual"]


def test_a_penalty_for_a_player_who_sits_out_needs_the_players_named() -> None:
    five = [*SEATS, "Emil"]
    # The first dealer Anna sits out at five; her penalty must name the players.
    with pytest.raises(InvalidInput):
        evening({"rules": "ddv", "seats": five, "games": [recorded()]})
    ledger = evening({"rules": "ddv", "seats": five,
                      "games": [recorded(players=["Anna", "Ben", "Cem", "Dora"])]})
    assert ledger.totals == {**PENALTY, "Emil": 0}


# ------------------------------------------------------------------ §10.1 in the evening


def bockrunde(*games: dict[str, Any], **more: Any) -> Any:
    return evening({"rules": more.pop("rules", "bockrunde"), "seats": SEATS,
                    "games": list(games), **more})


TIE = {"re": ["Anna", "Cem"], "re_eyes": 120}  # 120:120: one Bock round of 4 in bockrunde
NORMAL = {"re": ["Ben", "Dora"], "re_eyes": 130}


def test_a_recorded_game_reports_the_bock_of_its_slot_and_uses_the_slot_up() -> None:
    ledger = bockrunde(TIE, recorded(), NORMAL)
    assert [g.bock for g in ledger.games] == [1, 2, 2]
    assert ledger.games[1].points == PENALTY
    assert ledger.bock_queue == (2, 2)  # four slots, two used


def test_with_dealer_stays_the_slot_waits_and_the_same_dealer_deals_again() -> None:
    ledger = bockrunde(TIE, recorded(dealer_stays=True), NORMAL)
    assert [g.dealer for g in ledger.games] == ["Anna", "Ben", "Ben"]
    assert [g.bock for g in ledger.games] == [1, 2, 2]
    assert ledger.bock_queue == (2, 2, 2)


def test_a_recorded_game_has_no_winner_and_is_no_pflichtsolo() -> None:
    ledger = evening({"rules": "ddv", "seats": SEATS, "games": [recorded()]})
    game = ledger.to_dict()["games"][0]
    assert (game["winner"], game["pflicht"], game["kind"]) == (None, False, "recorded")


def test_it_counts_as_a_planned_game_and_pays_off_no_pflichtsolo() -> None:
    # grundregeln forces after the plan: after 1 planned game, the first owing player after
    # the next dealer (Ben deals game 2: Cem) is forced. A recorded game there leaves Cem's
    # Pflichtsolo open, and Cem is forced again in game 3 (dealer stays? no: it advanced).
    ledger = evening({"rules": "grundregeln", "seats": SEATS, "planned_games": 1,
                      "games": [recorded(), recorded({"Anna": 1, "Ben": 1, "Cem": -1,
                                                      "Dora": -1})]})
    assert ledger.planned_played == 2
    assert ledger.games[1].forced_soloist == "Cem"
    assert not ledger.games[1].pflicht
    assert "Cem" in ledger.pflichtsolo_open
    assert ledger.next.forced_soloist is not None


def test_under_bock_pause_a_recorded_game_in_a_forced_slot_is_played_without_bock() -> None:
    rules = {"preset": "bockrunde", "pflichtsolo": True, "pflichtsolo_forced": "after",
             "bock_pause_forced": True}
    ledger = bockrunde(TIE, recorded(), rules=rules, planned_games=1)
    forced = ledger.games[1]
    assert forced.forced_soloist is not None
    assert forced.bock == 1 and forced.points == PENALTY
    assert ledger.bock_queue == (2, 2, 2, 2)  # no slot removed


def test_a_recorded_game_breaks_the_row_of_solos_even_when_the_dealer_stays() -> None:
    # voss: the dealer stays after an announced solo unless it is the third in a row.
    solo = {"kind": "solo", "solo": "damen", "re": ["Ben"], "re_eyes": 130, "pflicht": False}
    row = evening({"rules": "voss", "seats": SEATS, "games": [solo, solo, solo]})
    assert [g.dealer_stays for g in row.games] == [True, True, False]
    broken = evening({"rules": "voss", "seats": SEATS,
                      "games": [solo, solo, recorded(dealer_stays=True), solo]})
    assert [g.dealer for g in broken.games] == ["Anna"] * 4
    assert broken.games[3].dealer_stays  # the row started again: this is its first solo


# ------------------------------------------------------------------ §10.2 bock_queue_start


@pytest.mark.parametrize("start", [[1], [3], [2, 0], [True], ["2"], 2, [2**31]],
                         ids=["one", "three", "zero", "bool", "text", "no-list", "too-big"])
def test_a_starting_queue_of_anything_but_factors_2_4_8_is_refused(start: Any) -> None:
    with pytest.raises(InvalidInput) as err:
        bockrunde(NORMAL, bock_queue_start=start)
    assert fields(err) == {"bock_queue_start"}


def test_a_carried_queue_is_taken_as_given_also_above_the_cap() -> None:
    rules = {"preset": "bockrunde", "bock_stacking": "multiply", "bock_cap": 4}
    ledger = bockrunde(NORMAL, rules=rules, bock_queue_start=[16, 2])
    assert ledger.games[0].bock == 16
    assert ledger.bock_queue == (2,)


@pytest.mark.parametrize("stacking, queue", [
    # 120:120 in game 1 (a reason; L = 4) on a carried [2, 2, 2, 2, 2, 2], slot 0 used:
    ("multiply", (4, 4, 4, 4, 2)),  # the first four slots doubled
    ("restart", (2, 2, 2, 2)),  # replaced by one round of 2
    ("merge", (2, 2, 2, 2, 2)),  # each of the first four takes max(2, 2)
    ("append", (2, 2, 2, 2, 2, 2, 2, 2, 2)),  # five left, four appended
    ("ignore", (2, 2, 2, 2, 2)),  # a carried queue counts as running: nothing starts
])
def test_a_carried_slot_is_an_ordinary_slot(stacking: str, queue: tuple[int, ...]) -> None:
    ledger = bockrunde(TIE, rules={"preset": "bockrunde", "bock_stacking": stacking},
                       bock_queue_start=[2] * 6)
    assert ledger.games[0].bock == 2
    assert ledger.bock_queue == queue


# ------------------------------------------------------------------ §10.2 bock_at_end


@pytest.mark.parametrize("mode", ["drop", "play_out", "carry"])
def test_the_numbers_are_the_same_under_every_bock_at_end(mode: str) -> None:
    base = bockrunde(TIE, NORMAL, NORMAL, planned_games=2)
    other = bockrunde(TIE, NORMAL, NORMAL, planned_games=2,
                      rules={"preset": "bockrunde", "bock_at_end": mode})
    assert other.to_dict() == base.to_dict()


def test_play_out_makes_the_evening_complete_only_once_the_queue_is_empty() -> None:
    rules = {"preset": "bockrunde", "bock_at_end": "play_out"}
    games = [TIE, NORMAL]
    drop = bockrunde(*games, planned_games=2)
    assert drop.complete and drop.bock_queue == (2, 2, 2)
    play_out = bockrunde(*games, planned_games=2, rules=rules)
    assert play_out.plan_played and not play_out.complete
    done = bockrunde(*games, NORMAL, NORMAL, NORMAL, planned_games=2, rules=rules)
    assert done.bock_queue == () and done.complete


def test_without_planned_games_no_evening_is_complete_by_its_plan() -> None:
    assert not bockrunde(NORMAL).complete


@given(st.lists(st.lists(st.integers(-40, 40), min_size=3, max_size=3), max_size=8),
       st.lists(st.sampled_from([2, 4, 8]), max_size=6))
def test_recorded_games_move_the_totals_by_their_points_and_leave_bock_alone(
        threes: list[list[int]], start: list[int]) -> None:
    games = [recorded(dict(zip(SEATS, [*three, -sum(three)]))) for three in threes]
    ledger = bockrunde(*games, bock_queue_start=start)
    expected = {p: sum(g["points"][p] for g in games) for p in SEATS}
    assert ledger.totals == expected
    assert sum(ledger.totals.values()) == 0
    assert ledger.bock_queue == tuple(start[len(games):])  # each one used a slot up
    assert [g.bock for g in ledger.games] == (start + [1] * len(games))[:len(games)]
