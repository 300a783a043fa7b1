"""The evening ledger (RULES.md §7): who deals, who plays, Bock, Pflichtsolo, totals.

Expected dealers, players and Bock factors are worked out by hand from RULES.md §7 in the
comments; the scoring of single games is tested elsewhere, so games here are kept plain
(a normal game with Re 130 is worth 1 per player in ddv and bockrunde).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from scorer.core.evening import (
    EveningSetup,
    InvalidEvening,
    Ledger,
    describe_bock_queue,
    evening,
    fold,
    games_ahead,
    moves_on,
)
from scorer.core.rules import InvalidInput, preset, rules_from_spec

FOUR = ["A", "B", "C", "D"]


def ev(rules: Any, games: list[Any], seats: list[str] = FOUR, **fields: Any) -> dict[str, Any]:
    return {"rules": rules, "seats": seats, "first_dealer": seats[0], "games": games, **fields}


def normal(a: str, b: str, eyes: int = 130, **fields: Any) -> dict[str, Any]:
    return {"kind": "normal", "re": [a, b], "re_eyes": eyes, **fields}


def solo(who: str, eyes: int = 130, kind: str = "damen", **fields: Any) -> dict[str, Any]:
    return {"kind": "solo", "solo": kind, "re": [who], "re_eyes": eyes, **fields}


def lonely_hochzeit(who: str) -> dict[str, Any]:
    return {"kind": "hochzeit", "re": [who], "re_eyes": 130}


def stille(who: str) -> dict[str, Any]:
    return {"kind": "stille_hochzeit", "re": [who], "re_eyes": 130}


REDEAL: dict[str, Any] = {"kind": "redeal"}
# bockrunde 120:120 without announcements: Kontra wins, one reason (tie_120).
TIE = {"kind": "normal", "re": ["A", "B"], "re_eyes": 120}


def dealers(ledger: Ledger) -> list[str]:
    return [g.dealer for g in ledger.games]


def bocks(ledger: Ledger) -> list[int]:
    return [g.bock for g in ledger.games]


# ---------------------------------------------------------------- who plays


@pytest.mark.parametrize(("seats", "first", "players", "out"), [
    pytest.param(FOUR, "A", ("B", "C", "D", "A"), (), id="4 seats: the dealer plays, last"),
    pytest.param(list("ABCDE"), "A", ("B", "C", "D", "E"), ("A",), id="5 seats: dealer sits out"),
    pytest.param(list("ABCDEF"), "A", ("B", "C", "D", "E"), ("A", "F"),
                 id="6 seats: the dealer and the seat before him sit out"),
    pytest.param(list("ABCDEFG"), "A", ("B", "C", "D", "E"), ("A", "F", "G"),
                 id="7 seats: the dealer and the two seats before him sit out"),
    pytest.param(list("ABCDE"), "D", ("E", "A", "B", "C"), ("D",),
                 id="5 seats, D deals: clockwise round the table"),
])
def test_the_four_seats_after_the_dealer_play(seats: list[str], first: str,
                                              players: tuple[str, ...],
                                              out: tuple[str, ...]) -> None:
    ledger = evening({"rules": "ddv", "seats": seats, "first_dealer": first})
    assert ledger.next.dealer == first
    assert ledger.next.players == players
    assert ledger.sitting_out == out


@pytest.mark.parametrize(("seats", "games", "played"), [
    # Each dealer moves one seat on; the four after the dealer play.
    pytest.param(list("ABCDE"),
                 [normal("B", "C"), normal("C", "D"), normal("D", "E"), normal("E", "A"),
                  normal("A", "B")],
                 [("B", "C", "D", "E"), ("C", "D", "E", "A"), ("D", "E", "A", "B"),
                  ("E", "A", "B", "C"), ("A", "B", "C", "D")],
                 id="5 seats: A, B, C, D, E sit out in turn"),
    pytest.param(list("ABCDEF"), [normal("B", "C"), normal("C", "D"), normal("D", "E")],
                 [("B", "C", "D", "E"), ("C", "D", "E", "F"), ("D", "E", "F", "A")],
                 id="6 seats: two sit out each game"),
    pytest.param(list("ABCDEFG"), [normal("B", "C"), normal("C", "D")],
                 [("B", "C", "D", "E"), ("C", "D", "E", "F")], id="7 seats: three sit out"),
])
def test_sitting_out_rotates_with_the_dealer(seats: list[str], games: list[Any],
                                             played: list[tuple[str, ...]]) -> None:
    ledger = evening(ev("ddv", games, seats))
    assert [g.players for g in ledger.games] == played
    for game in ledger.games:
        assert set(game.points) == set(seats)
        assert all(game.points[s] == 0 for s in seats if s not in game.players)


def test_an_entry_may_name_the_four_players_itself() -> None:
    # 5 seats, A deals and would sit out; the table says A, B, C, D played (E sat out).
    ledger = evening(ev("ddv", [{"players": ["D", "A", "C", "B"], **normal("A", "B")}],
                        list("ABCDE")))
    game = ledger.games[0]
    assert game.players == ("B", "C", "D", "A"), "listed in seat order after the dealer"
    assert game.points == {"A": 1, "B": 1, "C": -1, "D": -1, "E": 0}



def test_each_game_keeps_the_four_the_rotation_named_beside_those_who_played() -> None:
    # 5 seats, A deals game 1: the rotation names B, C, D, E; the table says A played for E.
    # Game 2 (B deals) names no players: C, D, E, A play, as the rotation says.
    ledger = evening(ev("ddv", [{"players": ["A", "B", "C", "D"], **normal("A", "B")},
                                normal("C", "D")], list("ABCDE")))
    first, second = ledger.games
    assert first.rotation_players == ("B", "C", "D", "E")
    assert first.players == ("B", "C", "D", "A")
    assert second.rotation_players == second.players == ("C", "D", "E", "A")


def test_the_rotation_swaps_in_a_forced_soloist_and_ignores_who_was_entered() -> None:
    # grundregeln, 5 seats, nothing planned: Pflichtsoli are forced at once. B..E play flagged
    # Pflichtsoli, the dealer A stays; then A, the dealer, is forced and plays while E (the
    # last of B, C, D, E) sits out: the rotation names B, C, D, A.
    games = [solo(p, pflicht=True) for p in "BCDE"] + [solo("A")]
    ledger = evening(ev("grundregeln", games, list("ABCDE"), planned_games=0))
    assert ledger.games[-1].rotation_players == ("B", "C", "D", "A")
    assert all(g.players == g.rotation_players for g in ledger.games)
    # The same table, but B (forced first after A every time) lets C and D go first, and E's
    # Pflichtsolo is entered with A playing instead of B: the rotation still names B, C, D, E.
    games = [solo("C", pflicht=True), solo("D", pflicht=True),
             {"players": ["A", "C", "D", "E"], **solo("E", pflicht=True)}]
    ledger = evening(ev("grundregeln", games, list("ABCDE"), planned_games=0))
    assert [g.forced_soloist for g in ledger.games] == ["B", "B", "B"]
    assert [g.rotation_players for g in ledger.games] == [("B", "C", "D", "E")] * 3
    assert ledger.games[-1].players == ("C", "D", "E", "A")

# ---------------------------------------------------------------- dealer


DEALER_CASES = [
    # advance (orbital, kuss-rosa): the dealer never stays after a solo.
    pytest.param("orbital", [solo("B"), solo("C"), normal("A", "B")], ["A", "B", "C"], "D",
                 id="advance: solo, solo, normal -> A, B, C, next D"),
    # stay_pflicht (ddv): first solo of B is the Pflichtsolo -> stays; B's second is Lust.
    pytest.param("ddv", [solo("B"), solo("B"), normal("A", "B")], ["A", "A", "B"], "C",
                 id="stay_pflicht: Pflicht stays, Lust moves -> A, A, B, next C"),
    # stay (bockrunde): every announced solo keeps the dealer; a Hochzeit without partner and a
    # stille Hochzeit are normal games for the dealer (RULES.md §4 Decision, TSR 4.4).
    pytest.param("bockrunde", [solo("B", kind="kreuz"), lonely_hochzeit("B"), stille("C"),
                               normal("A", "B")],
                 ["A", "A", "B", "C"], "D",
                 id="stay: solo stays; lonely Hochzeit and stille Hochzeit move -> A, A, B, C"),
    # stay_until_third (voss): stays after an announced solo unless it is the third in a row.
    pytest.param("voss", [solo("B"), solo("C"), solo("D"), solo("A")], ["A", "A", "A", "B"], "B",
                 id="stay_until_third: A, A, A (third moves), B"),
    pytest.param("voss", [solo("B"), REDEAL, solo("C"), solo("D"), normal("A", "B")],
                 ["A", "A", "A", "A", "B"], "C",
                 id="stay_until_third: a redeal neither counts nor breaks the row"),
    pytest.param("voss", [solo("B"), normal("A", "B"), solo("C"), solo("D"), solo("A")],
                 ["A", "A", "B", "B", "B"], "C",
                 id="stay_until_third: a normal game breaks the row"),
    pytest.param("voss", [solo("B"), lonely_hochzeit("C"), solo("C"), solo("D"), solo("A")],
                 ["A", "A", "B", "B", "B"], "C",
                 id="stay_until_third: a Hochzeit without partner is no announced solo"),
    pytest.param("voss", [{"kind": "schwarze_sau", "re": ["B"], "re_eyes": 130},
                          {"kind": "hammelrennen", "eyes": {"C": 130, "D": 50, "A": 40,
                                                            "B": 20}}],
                 ["A", "B"], "C", id="Schwarze Sau and Hammelrennen move the dealer"),
    # After a redeal the dealer stays (dealer_after_redeal stay) unless overridden.
    pytest.param("ddv", [REDEAL, REDEAL, normal("A", "B")], ["A", "A", "A"], "B",
                 id="redeal: the same dealer deals again"),
    pytest.param({"preset": "ddv", "dealer_after_redeal": "advance"}, [REDEAL], ["A"], "B",
                 id="redeal with dealer_after_redeal advance"),
]


@pytest.mark.parametrize(("rules", "games", "expected", "next_dealer"), DEALER_CASES)
def test_dealer_rotation_follows_dealer_after_solo(rules: Any, games: list[Any],
                                                  expected: list[str], next_dealer: str) -> None:
    ledger = evening(ev(rules, games))
    assert dealers(ledger) == expected
    assert ledger.next.dealer == next_dealer
    assert [g.dealer_stays for g in ledger.games] == [
        a == b for a, b in zip(expected, expected[1:] + [next_dealer])]


# ---------------------------------------------------------------- Bock


def test_bock_rounds_are_appended_and_last_as_many_games_as_seats() -> None:
    # bockrunde: game 1 ties (1 reason) -> 4 games x2; game 2 is the first of them and ties
    # again -> after it 3 left + 4 appended = 7 games x2 ("hinten angefügt").
    ledger = evening(ev("bockrunde", [TIE, TIE]))
    assert bocks(ledger) == [1, 2]
    assert [g.winner for g in ledger.games] == ["kontra", "kontra"]
    assert list(ledger.bock_queue) == [2] * 7
    assert ledger.next.bock == 2
    # game 2: Kontra (C, D) wins 1 + gegen die Alten 1 = 2, x Bock 2 = 4
    assert ledger.games[1].points == {"A": -4, "B": -4, "C": 4, "D": 4}


def test_bock_rounds_multiply_where_they_overlap() -> None:
    # multiply: game 2 uses one x2 game (3 left) and starts its own 4-game round at game 3:
    # [2, 2, 2] x [2, 2, 2, 2] -> [4, 4, 4, 2]
    ledger = evening(ev({"preset": "bockrunde", "bock_stacking": "multiply"}, [TIE, TIE]))
    assert bocks(ledger) == [1, 2]
    assert list(ledger.bock_queue) == [4, 4, 4, 2]


@pytest.mark.parametrize(("stacking", "queue"), [
    # Game 1 ties: [2, 2, 2, 2]. Game 2 (x2) ties after "Re": 2 reasons.
    # append: [2, 2, 2] + [4, 4, 4, 4]; multiply: [2, 2, 2] x [4, 4, 4, 4] = [8, 8, 8, 4].
    pytest.param("append", [2, 2, 2, 4, 4, 4, 4], id="append 2 reasons: one round x4 at the end"),
    pytest.param("multiply", [8, 8, 8, 4], id="multiply 2 reasons: x4 on the next 4 games"),
])
def test_two_reasons_in_one_game_make_a_double_bock(stacking: str, queue: list[int]) -> None:
    games = [TIE, {**TIE, "announced": {"re": "ansage"}}]
    ledger = evening(ev({"preset": "bockrunde", "bock_stacking": stacking}, games))
    assert [g.score.bock_reasons for g in ledger.games][1] != ()
    assert list(ledger.bock_queue) == queue


def test_three_reasons_in_one_game_make_a_triple_bock() -> None:
    # 120:120 after "Re" with Re's two Doppelkopf: Kontra 1 x2, extras (2 - gegen die Alten 1)
    # x2 -> side 0: tie_120 + lost_announcement + zero_game -> one round x8.
    triple = {**TIE, "announced": {"re": "ansage"}, "extras": {"re": {"doppelkopf": 2}}}
    ledger = evening(ev("bockrunde", [triple]))
    assert len(ledger.games[0].score.bock_reasons) == 3
    assert list(ledger.bock_queue) == [8, 8, 8, 8]


def test_a_solo_inside_a_bock_round_extends_it_by_one_game() -> None:
    # bockrunde: tie -> 4 Bock games. The solo (game 3) keeps the dealer: it is doubled but
    # uses up no Bock game, so games 2-6 are Bock games: 4 + 1.
    games = [TIE, normal("A", "B"), solo("D", kind="kreuz"), normal("A", "B"), normal("A", "B"),
             normal("A", "B"), normal("A", "B")]
    ledger = evening(ev("bockrunde", games))
    assert bocks(ledger) == [1, 2, 2, 2, 2, 2, 1]
    assert dealers(ledger) == ["A", "B", "C", "C", "D", "A", "B"]
    # the solo in Bock: (1 + Solo 1) x Bock 2 = 4 per opponent, soloist +12
    assert ledger.games[2].points == {"A": -4, "B": -4, "C": -4, "D": 12}
    assert ledger.bock_queue == ()


def test_a_redeal_inside_a_bock_round_uses_up_no_bock_game() -> None:
    ledger = evening(ev("bockrunde", [TIE, REDEAL, normal("A", "B")]))
    assert bocks(ledger) == [1, 2, 2]
    assert list(ledger.bock_queue) == [2, 2, 2]


def test_editing_an_early_game_moves_the_bock_window() -> None:
    setup = EveningSetup(rules=preset("bockrunde"), seats=tuple(FOUR), first_dealer="A")
    later = [normal("A", "B"), TIE, normal("A", "B"), normal("A", "B"), normal("A", "B")]
    # Game 1 a tie: Bock on games 2-5; game 3 ties again inside it and appends 4 more.
    # Queue: [2,2,2,2] -> g2 [2,2,2] -> g3 [2,2] + [2,2,2,2] -> g4, g5 -> 4 left.
    first = fold(setup, [TIE] + later)
    assert bocks(first) == [1, 2, 2, 2, 2, 2]
    assert list(first.bock_queue) == [2, 2, 2]
    # The table corrects game 1 to a plain Re win: only game 3's tie is left, Bock on 4-6.
    edited = fold(setup, [normal("A", "B")] + later)
    assert bocks(edited) == [1, 1, 1, 2, 2, 2]
    assert list(edited.bock_queue) == [2]
    # Folding is pure: the same list gives the same ledger again.
    assert fold(setup, [TIE] + later) == first


def test_without_bock_triggers_the_queue_stays_empty() -> None:
    ledger = evening(ev("ddv", [normal("A", "B", 120, announced={"re": "ansage"})]))
    assert ledger.bock_queue == () and ledger.next.bock == 1


@pytest.mark.parametrize(("queue", "text"), [
    pytest.param((), "keine Bockspiele", id="none"),
    pytest.param((2,), "noch 1 Bockspiel ×2", id="one"),
    pytest.param((2, 2, 4), "noch 2 Bockspiele ×2, danach 1 ×4", id="two runs"),
])
def test_the_bock_queue_reads_as_the_table_says_it(queue: tuple[int, ...], text: str) -> None:
    assert describe_bock_queue(queue) == text


# ---------------------------------------------------------------- Pflichtsolo


def test_first_solo_is_pflicht_makes_a_players_first_solo_the_pflichtsolo() -> None:
    ledger = evening(ev("ddv", [solo("B"), solo("B"), solo("C")]))
    assert [g.pflicht for g in ledger.games] == [True, False, True]
    assert ledger.pflichtsolo_open == ("A", "D")


def test_hochzeit_without_partner_and_stille_hochzeit_are_never_a_pflichtsolo() -> None:
    # RULES.md §4 Decision (TSR 4.4): normal games for Pflichtsolo and dealer.
    ledger = evening(ev("ddv", [lonely_hochzeit("B"), stille("C")]))
    assert [g.pflicht for g in ledger.games] == [False, False]
    assert dealers(ledger) == ["A", "B"]
    assert ledger.pflichtsolo_open == ("A", "B", "C", "D")


def test_explicit_flags_say_pflicht_or_lust() -> None:
    # grundregeln: no first-solo rule. B's flagged Pflichtsolo keeps the dealer; C's Lust
    # and D's unflagged solo (not forced -> Lust) move him.
    ledger = evening(ev("grundregeln", [solo("B", pflicht=True), solo("C", pflicht=False),
                                        solo("D")]))
    assert [g.pflicht for g in ledger.games] == [True, False, False]
    assert dealers(ledger) == ["A", "A", "B"]
    assert ledger.next.dealer == "C"
    assert ledger.pflichtsolo_open == ("A", "C", "D")


@pytest.mark.parametrize(("rules", "games", "index"), [
    pytest.param("ddv", [solo("B"), solo("B", pflicht=True)], 1,
                 id="ddv: B's first solo already was the Pflichtsolo"),
    pytest.param("voss", [solo("B", pflicht=True), normal("A", "B"), solo("B", pflicht=True)], 2,
                 id="voss: a second flagged Pflichtsolo"),
    pytest.param("bockrunde", [solo("B", pflicht=True)], 0,
                 id="bockrunde: nobody owes a Pflichtsolo"),
])
def test_a_pflichtsolo_by_a_player_who_owes_none_is_rejected(rules: str, games: list[Any],
                                                             index: int) -> None:
    with pytest.raises(InvalidEvening) as err:
        evening(ev(rules, games))
    assert err.value.index == index
    assert err.value.field == f"games[{index}].pflicht"


def test_forced_pflichtsoli_within_the_plan_move_the_dealer_on() -> None:
    # ddv, 4 seats, 5 planned games. 4 open < 5 left: game 1 is free. After it 4 left, 4 open:
    # every remaining game is forced (TSR 4.2.3), each forced solo is a planned game and the
    # dealer advances (TSR 4.2.5). Forced: first owing after the dealer.
    games = [normal("A", "B"), solo("C"), solo("D"), solo("A"), solo("B")]
    ledger = evening(ev("ddv", games, planned_games=5))
    assert dealers(ledger) == ["A", "B", "C", "D", "A"]
    assert [g.forced_soloist for g in ledger.games] == [None, "C", "D", "A", "B"]
    assert [g.pflicht for g in ledger.games] == [False, True, True, True, True]
    assert (ledger.next.dealer, ledger.next.forced_soloist) == ("B", None)
    assert ledger.pflichtsolo_open == ()
    assert ledger.planned_played == 5


def test_forced_pflichtsoli_after_the_plan_keep_the_dealer() -> None:
    # grundregeln, 4 seats, 2 planned games: after them C deals and the open Pflichtsoli are
    # played one after another from the seat after the dealer: D, A, B, C (the dealer, who
    # plays with 4 seats). Unflagged forced solos are Pflicht, and the dealer stays.
    games = [normal("A", "B"), normal("A", "B"), solo("D"), solo("A"), solo("B"), solo("C")]
    ledger = evening(ev("grundregeln", games, planned_games=2))
    assert dealers(ledger) == ["A", "B", "C", "C", "C", "C"]
    assert [g.forced_soloist for g in ledger.games] == [None, None, "D", "A", "B", "C"]
    assert [g.pflicht for g in ledger.games] == [False, False, True, True, True, True]
    assert (ledger.next.dealer, ledger.next.forced_soloist) == ("C", None)
    assert ledger.planned_played == 2


def test_next_names_the_forced_soloist_before_the_game_is_played() -> None:
    ledger = evening(ev("grundregeln", [normal("A", "B"), normal("A", "B"), solo("D")],
                        planned_games=2))
    assert ledger.next.forced_soloist == "A"
    assert ledger.pflichtsolo_open == ("A", "B", "C")


def test_without_planned_games_open_pflichtsoli_are_only_listed() -> None:
    ledger = evening(ev("ddv", [normal("A", "B")] * 6))
    assert ledger.next.forced_soloist is None
    assert ledger.pflichtsolo_open == ("A", "B", "C", "D")


def test_the_ledger_accepts_another_game_than_the_forced_one() -> None:
    # grundregeln after the plan, D is forced; the table plays a normal game instead.
    ledger = evening(ev("grundregeln", [normal("A", "B"), normal("D", "A")], planned_games=1))
    assert ledger.games[1].forced_soloist == "C"
    assert ledger.games[1].pflicht is False
    # C still owes; dealer moved to C; C is first owing after C -> D.
    assert (ledger.next.dealer, ledger.next.forced_soloist) == ("C", "D")


def test_a_forced_soloist_who_would_sit_out_plays_and_the_last_of_the_four_sits_out() -> None:
    # grundregeln, 5 seats, nothing planned: B..E have played flagged Pflichtsoli (A keeps
    # dealing); A, the dealer, owes the last one and is forced. A plays, E (last of B, C, D, E)
    # sits out.
    games = [solo(p, pflicht=True) for p in "BCDE"]
    ledger = evening(ev("grundregeln", games, list("ABCDE"), planned_games=0))
    assert dealers(ledger) == ["A"] * 4
    assert ledger.next.forced_soloist == "A"
    assert ledger.next.players == ("B", "C", "D", "A")
    assert ledger.sitting_out == ("E",)
    # played: A's solo, unflagged -> Pflicht for the forced soloist, E gets 0.
    done = evening(ev("grundregeln", games + [solo("A")], list("ABCDE"), planned_games=0))
    last = done.games[-1]
    assert last.players == ("B", "C", "D", "A") and last.pflicht is True
    assert last.points == {"A": 3, "B": -1, "C": -1, "D": -1, "E": 0}


def test_a_forced_dealer_plays_within_the_plan_too() -> None:
    # ddv, 5 seats, 6 planned. B..E play their first solos (Pflicht, not forced: 4 open < 6
    # left, dealer A stays). Five normal games move the dealer round to A again (5 planned
    # games played, 1 left, A owes 1): A is forced though he deals; E sits out.
    games = [solo(p) for p in "BCDE"] + [normal("B", "C"), normal("C", "D"), normal("D", "E"),
                                         normal("E", "A"), normal("A", "B")]
    ledger = evening(ev("ddv", games, list("ABCDE"), planned_games=6))
    assert [g.pflicht for g in ledger.games][:4] == [True] * 4
    assert dealers(ledger) == ["A"] * 5 + ["B", "C", "D", "E"]
    assert (ledger.next.dealer, ledger.next.forced_soloist) == ("A", "A")
    assert ledger.next.players == ("B", "C", "D", "A")


# ---------------------------------------------------------------- totals


def test_totals_list_every_seat_and_add_up_game_by_game() -> None:
    # ddv, 5 seats: game 1 B, C win 1 (A sits out); game 2 soloist D wins 1 x3 (B sits out).
    ledger = evening(ev("ddv", [normal("B", "C"), solo("D", pflicht=False)], list("ABCDE")))
    assert ledger.games[0].totals == {"A": 0, "B": 1, "C": 1, "D": -1, "E": -1}
    assert ledger.games[1].points == {"A": -1, "B": 0, "C": -1, "D": 3, "E": -1}
    assert ledger.games[1].totals == {"A": -1, "B": 1, "C": 0, "D": 2, "E": -2}
    assert ledger.totals == ledger.games[1].totals
    assert sum(ledger.totals.values()) == 0


def test_an_empty_evening_has_zero_totals_and_the_first_game_next() -> None:
    ledger = evening(ev("bockrunde", [], list("ABCDE"), first_dealer="C"))
    assert ledger.totals == dict.fromkeys("ABCDE", 0)
    assert (ledger.next.dealer, ledger.next.players, ledger.next.bock) == (
        "C", ("D", "E", "A", "B"), 1)


def test_the_ledger_output_has_the_cli_md_shape() -> None:
    out = evening(ev("bockrunde", [TIE])).to_dict()
    assert set(out) >= {"games", "totals", "next", "bock_queue", "pflichtsolo_open",
                        "table_changes"}
    assert set(out["games"][0]) >= {"number", "dealer", "players", "bock", "winner", "points",
                                    "totals", "bock_reasons", "pflicht"}
    assert out["games"][0]["bock_reasons"] == ["tie_120"]
    assert out["next"] == {"dealer": "B", "players": ["C", "D", "A", "B"], "bock": 2,
                           "forced_soloist": None, "seats": ["A", "B", "C", "D"]}
    assert out["table_changes"] == []
    assert out["bock_queue"] == [2, 2, 2, 2]


def test_a_long_evening_prints_in_pieces_that_make_its_dict_with_sorted_keys() -> None:
    # `scorer evening` writes json_pieces, the games a thousand at a time from a template:
    # joined, they are to_dict with sorted keys byte for byte (names not in alphabetical
    # order, unescaped, with a quote, a backslash and a per cent sign; a table change between
    # the pieces' games; Bock rounds from the 120:120 games).
    def played(seats: list[str], count: int) -> list[dict[str, Any]]:
        return [normal(seats[k % 4], seats[(k + 1) % 4], eyes=100 + k % 41,
                       **({"announced": {"re": "ansage"}} if k % 7 == 0 else {}))
                for k in range(count)]

    first, then = ["Zoë", 'Ben "B"', "Ärne", "C\\em"], ["Zoë", 'Ben "B"', "100 % Ida", "C\\em"]
    entries = [*played(first, 1_500), {"table": then}, *played(then, 1_000)]
    ledger = evening(ev("bockrunde", entries, first))
    pieces = list(ledger.json_pieces())
    assert len(pieces) > 3  # the frame's two ends and more than one piece of games
    assert "".join(pieces) == json.dumps(ledger.to_dict(), sort_keys=True, ensure_ascii=False)


# ---------------------------------------------------------------- invalid evenings


@pytest.mark.parametrize(("key", "value"), [("rules", "ddv"), ("bock", 2)])
def test_a_game_carrying_rules_or_bock_is_rejected(key: str, value: Any) -> None:
    games = [normal("A", "B"), {**normal("A", "B"), key: value}]
    with pytest.raises(InvalidEvening) as err:
        evening(ev("ddv", games))
    assert err.value.index == 1
    assert err.value.field == f"games[1].{key}"


@pytest.mark.parametrize(("data", "field"), [
    pytest.param(ev("ddv", [], ["A", "B", "C"]), "seats", id="three seats"),
    pytest.param(ev("ddv", [], list("ABCDEFGH")), "seats", id="eight seats"),
    pytest.param(ev("ddv", [], ["A", "B", "C", "A"]), "seats", id="a seat twice"),
    pytest.param(ev("ddv", [], ["A", "B", "C", ""]), "seats", id="a blank name"),
    pytest.param({"rules": "ddv", "seats": "ABCD"}, "seats", id="seats not a list"),
    pytest.param({"rules": "ddv"}, "seats", id="no seats"),
    pytest.param(ev("ddv", [], first_dealer="E"), "first_dealer", id="dealer not at the table"),
    pytest.param(ev("ddv", [], first_dealer=1), "first_dealer", id="dealer not a name"),
    pytest.param(ev("ddv", [], planned_games=-1), "planned_games", id="negative plan"),
    pytest.param(ev("ddv", [], planned_games="10"), "planned_games", id="plan as a string"),
    pytest.param(ev("ddv", [], planned_games=True), "planned_games", id="plan as a bool"),
    pytest.param(ev("ddv", [], bockrunden=2), "bockrunden", id="unknown field"),
    pytest.param({"seats": FOUR}, "rules", id="no rules"),
    pytest.param(ev("ddv", {"re": ["A", "B"]}), "games", id="games not a list"),
    pytest.param(ev("ddv", ["normal"]), "games[0]", id="a game not an object"),
    pytest.param(ev("ddv", [normal("A", "E")]), "games[0].re", id="Re player not in the game"),
    pytest.param(ev("ddv", [{"players": ["A", "B", "C", "X"], **normal("A", "B")}]),
                 "games[0].players", id="a player not at the table"),
    pytest.param(ev("ddv", [normal("A", "B"), {"kind": "solo", "re": ["A"], "re_eyes": 1}]),
                 "games[1].solo", id="a solo without its kind"),
])
def test_an_impossible_evening_is_rejected_naming_the_field(data: Any, field: str) -> None:
    with pytest.raises(InvalidEvening) as err:
        evening(data)
    assert field in [f for f, _ in err.value.problems]


def test_an_evening_that_is_not_an_object_is_rejected() -> None:
    with pytest.raises(InvalidEvening):
        evening([])


@pytest.mark.parametrize(("rules", "field"), [
    pytest.param({"preset": "ddv", "deck": 32}, "rules.deck", id="impossible option"),
    pytest.param("tarock", "rules", id="unknown preset"),
])
def test_invalid_rules_of_an_evening_name_the_option(rules: Any, field: str) -> None:
    with pytest.raises(InvalidInput) as err:
        evening(ev(rules, []))
    assert err.value.field == field


def test_the_setup_validates_itself() -> None:
    with pytest.raises(InvalidEvening) as err:
        EveningSetup(rules=rules_from_spec("ddv"), seats=("A", "B", "C", "D"), first_dealer="Z")
    assert err.value.field == "first_dealer"


# ---------------------------------------------------------------- the cap (issue 13.4)


def test_an_evening_holds_at_most_max_entries_and_exactly_that_many_fold() -> None:
    from scorer.core.evening import MAX_ENTRIES, resume

    setup = EveningSetup(rules=preset("ddv"), seats=tuple(FOUR), first_dealer="A")
    with pytest.raises(InvalidEvening) as err:
        fold(setup, [REDEAL] * (MAX_ENTRIES + 1))
    assert err.value.field == "games" and err.value.index is None
    full = fold(setup, [REDEAL] * MAX_ENTRIES)  # the bench folds this many games
    assert len(full.games) == MAX_ENTRIES
    with pytest.raises(InvalidEvening) as err:
        resume(full, [REDEAL])
    assert err.value.field == "games"


# ---------------------------------------------------------------- the games ahead (RULES.md §7)

def test_the_games_ahead_of_a_ddv_plan_bring_the_forced_pflichtsolo_in_time() -> None:
    # ddv, A B C D, A deals first, 6 planned games, 4 Pflichtsoli open. Game 1 (A deals) is
    # played. Ahead: game 2 (B deals, 5 planned left, free), game 3 (C deals, 4 left, 4 open:
    # forced; the first owing after C is D), game 4 (D deals, 3 left: forced, A).
    ledger = evening({"rules": "ddv", "seats": ["A", "B", "C", "D"], "planned_games": 6,
                      "games": [{"re": ["A", "C"], "re_eyes": 130}]})
    ahead = games_ahead(ledger, 3)
    assert [(a.game.dealer, a.game.forced_soloist) for a in ahead] == [
        ("B", None), ("C", "D"), ("D", "A")]
    assert [a.game.players for a in ahead] == [("C", "D", "A", "B"), ("D", "A", "B", "C"),
                                               ("A", "B", "C", "D")]


def test_the_bock_ahead_counts_down_the_queue_as_the_dealer_moves_on() -> None:
    # bockrunde, four seats: 120:120 in game 1 queues a round of 4 games ×2.
    ledger = evening({"rules": "bockrunde", "seats": ["A", "B", "C", "D"],
                      "games": [{"re": ["A", "C"], "re_eyes": 120}]})
    assert [(a.game.bock, len(a.bock_queue)) for a in games_ahead(ledger, 6)] == [
        (2, 4), (2, 3), (2, 2), (2, 1), (1, 0), (1, 0)]


@pytest.mark.parametrize(("rules", "kind", "moves"), [
    ("ddv", "normal", True), ("ddv", "hochzeit", True), ("bockrunde", "armut", True),
    ("ddv", "solo", False),        # the dealer stays after a Pflichtsolo
    ("bockrunde", "solo", False),  # stays after every solo
    ("orbital", "solo", True),     # never stays, and nobody owes a Pflichtsolo
    ("ddv", "redeal", False),      # the dealer deals again
])
def test_which_games_surely_move_the_dealer_on(rules: str, kind: str, moves: bool) -> None:
    from scorer.core.rules import GameKind

    assert moves_on(GameKind(kind), preset(rules)) is moves
