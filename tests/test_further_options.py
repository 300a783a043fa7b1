"""RULES.md §9 "Further options": one worked example per sentence that yields a number.

Each test quotes its sentence; the numbers are derived by hand in the comments. A normal
game with Re 130 is worth 1 (gewonnen); Re 100 means Kontra wins 1 + gegen die Alten 1.
"""

from __future__ import annotations

from typing import Any

import pytest

from scorer.core.evening import InvalidEvening, evening
from scorer.core.rules import InvalidInput
from scorer.core.scoring import InvalidGame, score

FOUR = ["A", "B", "C", "D"]


def game(rules: Any, **fields: Any) -> dict[str, Any]:
    return {"rules": rules, "players": FOUR, "kind": "normal", "re": ["A", "C"],
            "re_eyes": 130, **fields}


def solo_game(rules: Any, kind: str = "damen", **fields: Any) -> dict[str, Any]:
    return game(rules, kind="solo", solo=kind, re=["A"], **fields)


def ev(rules: Any, games: list[Any], **fields: Any) -> dict[str, Any]:
    return {"rules": rules, "seats": FOUR, "first_dealer": "A", "games": games, **fields}


def normal(a: str, b: str, eyes: int = 130, **fields: Any) -> dict[str, Any]:
    return {"kind": "normal", "re": [a, b], "re_eyes": eyes, **fields}


def solo(who: str, eyes: int = 130, kind: str = "damen", **fields: Any) -> dict[str, Any]:
    return {"kind": "solo", "solo": kind, "re": [who], "re_eyes": eyes, **fields}


# bockrunde 120:120 without announcements: Kontra wins, one reason (tie_120); after "Re" a
# second reason (lost_announcement).
TIE = normal("A", "B", 120)
DOUBLE_TIE = normal("A", "B", 120, announced={"re": "ansage"})


def labels(result: Any) -> list[str]:
    return [line.text() for line in result.lines]


# ---------------------------------------------------------------- 9.1 gegen die Alten im Solo

GDA_IN_SOLO = [
    # "ddv, Damensolo, soloist 100 Augen -> Kontra 1 + 1 = 2, soloist -6, each opponent +2
    # (today -3/+1)."
    pytest.param({"preset": "ddv", "gegen_die_alten_in_solo": True}, solo_game, {},
                 {"A": -6, "B": 2, "C": 2, "D": 2}, id="ddv damensolo: the sheet's example"),
    pytest.param("ddv", solo_game, {}, {"A": -3, "B": 1, "C": 1, "D": 1},
                 id="ddv damensolo without the option"),
    # "whatever extras_in_solo says": ddv counts no extras in solos, and a stille Hochzeit
    # lost to Kontra now gets the extra point too: 1 + 1 = 2, soloist -6.
    pytest.param({"preset": "ddv", "gegen_die_alten_in_solo": True},
                 lambda rules, **f: game(rules, kind="stille_hochzeit", re=["A"], **f), {},
                 {"A": -6, "B": 2, "C": 2, "D": 2}, id="ddv stille Hochzeit"),
    # "It stays an extra (extras_doubled)": bockrunde, Kreuz solo lost after the soloist's
    # "Re": value gewonnen 1 + Solo 1 = 2, x2 = 4; gegen die Alten 1, x2 = 2; side 6,
    # soloist -18.
    pytest.param({"preset": "bockrunde", "gegen_die_alten_in_solo": True},
                 lambda rules, **f: solo_game(rules, "kreuz", **f),
                 {"announced": {"re": "ansage"}}, {"A": -18, "B": 6, "C": 6, "D": 6},
                 id="bockrunde: doubled like every extra"),
    # "… except a Schwarze Sau": voss, the Sau player B loses with 100: 1 x2 (Sau) = 2.
    pytest.param({"preset": "voss", "gegen_die_alten_in_solo": True},
                 lambda rules, **f: game(rules, kind="schwarze_sau", re=["A"], **f), {},
                 {"A": -6, "B": 2, "C": 2, "D": 2}, id="voss: never in a Schwarze Sau"),
]


@pytest.mark.parametrize(("rules", "make", "fields", "points"), GDA_IN_SOLO)
def test_gegen_die_alten_counts_when_kontra_beats_a_soloist(rules: Any, make: Any,
                                                            fields: dict[str, Any],
                                                            points: dict[str, int]) -> None:
    assert score(make(rules, re_eyes=100, **fields)).points == points


def test_gegen_die_alten_in_solo_shows_in_the_breakdown() -> None:
    result = score(solo_game({"preset": "ddv", "gegen_die_alten_in_solo": True}, re_eyes=100))
    assert labels(result) == ["gewonnen +1", "gegen die Alten +1", "Solist zählt dreifach"]


# ---------------------------------------------------------------- 9.2 Bock added

BOCK_ADDED = [
    # "bockrunde ×4 game, Re won 1 -> 1 + 4 = 5 (today 4)."
    pytest.param({"preset": "bockrunde", "bock_effect": "add"}, game("", bock=4),
                 {"A": 5, "B": -5, "C": 5, "D": -5}, id="bockrunde x4: the sheet's example"),
    pytest.param("bockrunde", game("", bock=4), {"A": 4, "B": -4, "C": 4, "D": -4},
                 id="bockrunde x4 multiplied"),
    # "(+ when Re won, − when Kontra won)": ddv, Kontra wins 1 + gegen die Alten 1 = 2,
    # Bock x2 is one level: 2 + 2 = 4 for Kontra.
    pytest.param({"preset": "ddv", "bock_effect": "add"}, game("", re_eyes=100, bock=2),
                 {"A": -4, "B": 4, "C": -4, "D": 4}, id="Kontra won: minus for Re"),
    # "a soloist gets 3 × side as always": ddv solo 151, 1 + unter 90 = 2, x8 = 3 levels:
    # 2 + 6 = 8, soloist 24.
    pytest.param({"preset": "ddv", "bock_effect": "add"}, solo_game("", re_eyes=151, bock=8),
                 {"A": 24, "B": -8, "C": -8, "D": -8}, id="a solo: three times the side"),
    # "Nobody wins … no Bock points": the public example ddv-04 (both keine 60 missed, Re 1
    # against-point, Kontra 2 -> -1) stays -1 at x4.
    pytest.param({"preset": "ddv", "bock_effect": "add"},
                 game("", re_eyes=100, bock=4,
                      announced={"re": "keine_60", "kontra": "keine_60"}),
                 {"A": -1, "B": 1, "C": -1, "D": 1}, id="nobody wins: no Bock points"),
    # "A won Hammelrennen: (1 + 2k) × 3 for the winner, −(1 + 2k) for each other player":
    # voss, C closest to 60 wins, x2 is k = 1: C 9, the others -3.
    pytest.param({"preset": "voss", "bock_effect": "add"},
                 {"players": FOUR, "kind": "hammelrennen", "bock": 2,
                  "eyes": {"A": 70, "B": 55, "C": 60, "D": 55}},
                 {"A": -3, "B": -3, "C": 9, "D": -3}, id="a won Hammelrennen"),
    # "a Hammelrennen tie … no Bock points": A and C both 60 -> everybody 0.
    pytest.param({"preset": "voss", "bock_effect": "add"},
                 {"players": FOUR, "kind": "hammelrennen", "bock": 2,
                  "eyes": {"A": 60, "B": 70, "C": 60, "D": 50}},
                 {"A": 0, "B": 0, "C": 0, "D": 0}, id="a Hammelrennen tie"),
    # "A Schwarze Sau: value × 2 ± 2k": voss, the Sau player wins 1, x2 = 2, x4 = 2 levels:
    # 2 + 4 = 6, soloist 18.
    pytest.param({"preset": "voss", "bock_effect": "add"},
                 game("", kind="schwarze_sau", re=["A"], bock=4),
                 {"A": 18, "B": -6, "C": -6, "D": -6}, id="a Schwarze Sau"),
    # "a redeal: no Bock points"
    pytest.param({"preset": "ddv", "bock_effect": "add"},
                 {"players": FOUR, "kind": "redeal", "bock": 4},
                 {"A": 0, "B": 0, "C": 0, "D": 0}, id="a redeal"),
]


@pytest.mark.parametrize(("rules", "data", "points"), BOCK_ADDED)
def test_bock_added_gives_the_winner_two_points_per_level(rules: Any, data: dict[str, Any],
                                                          points: dict[str, int]) -> None:
    assert score({**data, "rules": rules}).points == points


def test_added_bock_is_a_line_of_points_for_the_winner() -> None:
    # "the breakdown shows {"party": winner, "label": "Bock", "points": 2k} instead of the
    # factor line"
    result = score({**game({"preset": "ddv", "bock_effect": "add"}, re_eyes=100, bock=4)})
    out = result.to_dict()
    assert {"party": "kontra", "label": "Bock", "points": 4} in out["lines"]
    assert not [line for line in out["lines"] if "factor" in line]
    assert "Bock +4" in labels(result)


def test_added_bock_keeps_the_grundwert_and_zero_game_before_bock() -> None:
    # "zero_game (side before Bock) [is] unchanged": bockrunde, Re wins 1, Kontra's fox -1:
    # side 0 fires zero_game, although Re is paid 2 for the x2.
    rules = {"preset": "bockrunde", "bock_effect": "add"}
    result = score(game(rules, bock=2, extras={"kontra": {"fuchs_gefangen": 1}}))
    assert result.bock_reasons[-1].value == "zero_game"
    assert result.value == 0
    assert result.points["A"] == 2


def test_an_evening_under_added_bock_keeps_its_queue() -> None:
    # "The queue, bock, bock_queue … are unchanged": bockrunde, game 1 ties -> 4 games x2;
    # game 2 (x2, one level) Re wins 1 + 2 = 3.
    ledger = evening(ev({"preset": "bockrunde", "bock_effect": "add"},
                        [TIE, normal("A", "B")]))
    assert [g.bock for g in ledger.games] == [1, 2]
    assert ledger.games[1].points == {"A": 3, "B": 3, "C": -3, "D": -3}
    assert ledger.bock_queue == (2, 2, 2)


# ---------------------------------------------------------------- 9.3 bock_cap


def test_a_capped_reason_skips_slots_at_the_cap_and_reaches_further() -> None:
    # "4 players, cap 8: a game with 2 reasons that leaves [4, 4] of a ×4 round makes it
    # [8, 8, 2, 2] with its first reason and [8, 8, 4, 4, 2, 2] with its second (uncapped
    # [16, 16, 4, 4])." Game 1: two reasons -> [4, 4, 4, 4]; game 2 uses one -> [4, 4, 4];
    # game 3 (x4) uses one -> [4, 4], then its two reasons.
    games = [DOUBLE_TIE, normal("A", "B"), DOUBLE_TIE]
    capped = evening(ev({"preset": "bockrunde", "bock_stacking": "multiply", "bock_cap": 8},
                        games))
    assert [g.bock for g in capped.games] == [1, 4, 4]
    assert capped.bock_queue == (8, 8, 4, 4, 2, 2)
    uncapped = evening(ev({"preset": "bockrunde", "bock_stacking": "multiply"}, games))
    assert uncapped.bock_queue == (16, 16, 4, 4)


def test_without_multiply_a_cap_has_no_effect() -> None:
    # "Only under multiply (no effect otherwise)": append puts x4 behind the x4 round.
    games = [DOUBLE_TIE, normal("A", "B"), DOUBLE_TIE]
    ledger = evening(ev({"preset": "bockrunde", "bock_cap": 2}, games))
    assert ledger.bock_queue == (4, 4, 4, 4, 4, 4)


# ---------------------------------------------------------------- 9.4 merge, restart, ignore

STACKING = [
    # One reason per game: game 1 ties -> [2, 2, 2, 2]; game 2 (x2) ties again and uses one.
    # "merge: slots 0…L−1 each take the larger of their factor and 2^k (… the running one
    # lasts until one round after the last reason)": [2, 2, 2] -> [2, 2, 2, 2].
    pytest.param("merge", [TIE, TIE], (2, 2, 2, 2), id="merge: one round after the last"),
    # "With one reason per game and no table change, merge and restart give the same
    # numbers": "restart: the queue is replaced by L slots of 2^k".
    pytest.param("restart", [TIE, TIE], (2, 2, 2, 2), id="restart: the same here"),
    pytest.param("append", [TIE, TIE], (2,) * 7, id="append: queued behind"),
    pytest.param("multiply", [TIE, TIE], (4, 4, 4, 2), id="multiply: overlapping x2 x2"),
    # "ignore: if the queue was not empty before the game, its reasons start nothing"
    pytest.param("ignore", [TIE, TIE], (2, 2, 2), id="ignore: nothing while queued"),
    # "… otherwise as append": a first tie, four games use the round up, a tie again.
    pytest.param("ignore", [TIE] + [normal("A", "B")] * 4 + [TIE], (2, 2, 2, 2),
                 id="ignore: after the round a reason counts again"),
    # "they differ when a round of ×4 is running": a x4 round, then one reason in its first
    # game: merge keeps the x4 [4, 4, 4, 2]; restart replaces it [2, 2, 2, 2].
    pytest.param("merge", [DOUBLE_TIE, TIE], (4, 4, 4, 2), id="merge keeps a running x4"),
    pytest.param("restart", [DOUBLE_TIE, TIE], (2, 2, 2, 2), id="restart drops a running x4"),
]


@pytest.mark.parametrize(("stacking", "games", "queue"), STACKING)
def test_bock_stacking_modes(stacking: str, games: list[Any], queue: tuple[int, ...]) -> None:
    ledger = evening(ev({"preset": "bockrunde", "bock_stacking": stacking}, games))
    assert ledger.bock_queue == queue


def test_ignore_still_lists_the_reasons() -> None:
    # "(bock_reasons still lists them)"
    ledger = evening(ev({"preset": "bockrunde", "bock_stacking": "ignore"}, [TIE, TIE]))
    assert [r.value for r in ledger.games[1].score.bock_reasons] == ["tie_120"]


def test_merge_and_restart_differ_when_the_table_size_changed() -> None:
    # "… or the table size changed in between": two reasons at 4 seats -> [4, 4, 4, 4]; E
    # joins; the next game (B deals, C D E A play, x4) uses one and ties: L = 5 slots.
    # merge: [4, 4, 4] and five x2 -> [4, 4, 4, 2, 2]; restart: [2, 2, 2, 2, 2].
    five = {"table": ["A", "B", "C", "D", "E"]}
    tie5 = normal("A", "C", 120)
    for stacking, queue in (("merge", (4, 4, 4, 2, 2)), ("restart", (2, 2, 2, 2, 2))):
        ledger = evening(ev({"preset": "bockrunde", "bock_stacking": stacking},
                            [DOUBLE_TIE, five, tie5]))
        assert ledger.bock_queue == queue, stacking


# ---------------------------------------------------------------- 9.5 manual Bock

MANUAL = {"preset": "bockrunde", "bock_triggers": ["tie_120", "lost_announcement",
                                                    "zero_game", "manual"]}


@pytest.mark.parametrize(("data", "reasons"), [
    # "A game entry of any kind (also a redeal) may carry "manual_bock": true … it fires
    # manual, listed last in bock_reasons."
    pytest.param({"players": FOUR, "kind": "redeal", "manual_bock": True}, ["manual"],
                 id="a redeal"),
    pytest.param(game("", manual_bock=True), ["manual"], id="a normal game"),
    pytest.param(game("", re_eyes=120, manual_bock=True), ["tie_120", "manual"],
                 id="listed last"),
    # "false is the same as leaving it out"
    pytest.param(game("", manual_bock=False), [], id="false is nothing"),
])
def test_the_table_declares_bock(data: dict[str, Any], reasons: list[str]) -> None:
    assert score({**data, "rules": MANUAL}).to_dict()["bock_reasons"] == reasons


def test_manual_bock_without_the_trigger_is_rejected_and_false_is_accepted() -> None:
    # "'manual_bock': true under rules whose bock_triggers lack manual is rejected; false is
    # the same as leaving it out."
    with pytest.raises(InvalidGame) as err:
        score(game("bockrunde", manual_bock=True))
    assert err.value.field == "manual_bock"
    assert score(game("ddv", manual_bock=False)).points["A"] == 1


def test_manual_bock_must_be_true_or_false() -> None:
    with pytest.raises(InvalidGame) as err:
        score(game(MANUAL, manual_bock="ja"))
    assert err.value.problems == (("manual_bock", "muss true oder false sein"),)


def test_manual_bock_and_a_lost_ansage_are_two_reasons() -> None:
    # "Decision: it is one reason like every trigger, so with a lost Ansage in the same game
    # it makes 2 reasons": one round of x4 appended.
    lost = normal("A", "B", 100, announced={"re": "ansage"}, manual_bock=True)
    ledger = evening(ev(MANUAL, [lost]))
    assert [r.value for r in ledger.games[0].score.bock_reasons] == [
        "lost_announcement", "manual"]
    assert ledger.bock_queue == (4, 4, 4, 4)


# ---------------------------------------------------------------- 9.6 Dulle gefangen

DULLE = {"preset": "ddv", "extras": ["doppelkopf", "fuchs_gefangen", "karlchen",
                                      "dulle_gefangen"]}


def test_a_caught_dulle_is_an_extra_point_for_the_catching_party() -> None:
    # "+1 for the party per Herz 10 (Dulle) of the other party it took in a trick": Re wins
    # 1, Kontra caught one Dulle -> netted 1 - 1 = 0.
    result = score(game(DULLE, extras={"kontra": {"dulle_gefangen": 1}}))
    assert result.points == {"A": 0, "B": 0, "C": 0, "D": 0}
    assert "Dulle gefangen +1" in labels(result)


@pytest.mark.parametrize(("data", "field"), [
    # "Rejected: more than 2 in a game (both parties together; there are two Herz 10)"
    pytest.param(game(DULLE, extras={"re": {"dulle_gefangen": 2},
                                     "kontra": {"dulle_gefangen": 1}}),
                 "extras.kontra.dulle_gefangen", id="three Dullen"),
    # "any in a damen, buben, damen_buben or fleischlos solo … even where extras do not count"
    pytest.param(solo_game(DULLE, "damen", extras={"re": {"dulle_gefangen": 1}}),
                 "extras.re.dulle_gefangen", id="in a Damensolo"),
    pytest.param(solo_game({**DULLE, "preset": "orbital", "extras": ["dulle_gefangen"]},
                           "damen_buben", extras={"kontra": {"dulle_gefangen": 1}}),
                 "extras.kontra.dulle_gefangen", id="in a Damen-Buben-Solo"),
    # "(an extra for extras; in no preset)": not used by ddv itself
    pytest.param(game("ddv", extras={"re": {"dulle_gefangen": 1}}),
                 "extras.re.dulle_gefangen", id="rules without the extra"),
])
def test_an_impossible_dulle_is_rejected(data: dict[str, Any], field: str) -> None:
    with pytest.raises(InvalidGame) as err:
        score(data)
    assert field in [f for f, _ in err.value.problems]


@pytest.mark.parametrize(("rules", "points"), [
    # "In solos it counts as extras_in_solo says, like every extra." ddv counts no extras in
    # solos: a Kreuz solo won with 130 stays 1, soloist 3.
    pytest.param(DULLE, 3, id="ddv: not counted in a solo"),
    # bockrunde counts all: 1 + Solo 1 + Dulle 1 = 3, soloist 9.
    pytest.param({"preset": "bockrunde", "extras": ["dulle_gefangen"]}, 9,
                 id="bockrunde: counted in a solo"),
])
def test_a_dulle_in_a_suit_solo_counts_as_extras_in_solo_says(rules: Any, points: int) -> None:
    result = score(solo_game(rules, "kreuz", extras={"re": {"dulle_gefangen": 1}}))
    assert result.points["A"] == points


# ---------------------------------------------------------------- 9.7 bock_pause_forced

PAUSE = {"preset": "ddv", "bock_triggers": ["lost_solo"], "bock_pause_forced": True}
# ddv, 4 seats, 5 planned. Game 1: B's first solo (his Pflichtsolo) is lost -> lost_solo,
# 4 games x2; the dealer A stays. Games 2 and 3 (x2) use two: [2, 2]; after them 3 planned
# games are left and A, C, D owe 3: forced from game 4 on (TSR 4.2.3). C deals; the first
# owing after C is D.
PAUSE_START = [solo("B", 100), normal("A", "B"), normal("A", "B")]


def test_a_forced_game_is_played_without_bock_and_the_queue_waits() -> None:
    # "a game for which a forced soloist is named … is played without Bock (factor 1; no
    # Bock points) and removes no slot; the queue waits and goes on with the first game
    # that is not forced." "next.bock is 1 when the next game is forced; bock_queue still
    # lists the waiting slots."
    ledger = evening(ev(PAUSE, PAUSE_START, planned_games=5))
    assert (ledger.next.forced_soloist, ledger.next.bock) == ("D", 1)
    assert ledger.bock_queue == (2, 2)
    # D, A and C play their forced Pflichtsoli (won, 130: soloist +3 each, no Bock).
    done = evening(ev(PAUSE, PAUSE_START + [solo("D"), solo("A"), solo("C")],
                      planned_games=5))
    assert [g.forced_soloist for g in done.games[3:]] == ["D", "A", "C"]
    assert [g.bock for g in done.games] == [1, 2, 2, 1, 1, 1]
    assert [g.points[g.forced_soloist] for g in done.games[3:]] == [3, 3, 3]
    assert (done.next.forced_soloist, done.next.bock) == (None, 2)
    assert done.bock_queue == (2, 2)


def test_without_the_pause_forced_games_use_up_bock() -> None:
    rules = {**PAUSE, "bock_pause_forced": False}
    done = evening(ev(rules, PAUSE_START + [solo("D"), solo("A"), solo("C")],
                      planned_games=5))
    assert [g.bock for g in done.games] == [1, 2, 2, 2, 2, 1]
    assert done.bock_queue == ()


def test_reasons_of_a_forced_game_are_queued_as_usual() -> None:
    # "Reasons a forced game fires are queued as usual, so they reach the first games after
    # the forced ones": D's forced solo is lost: [2, 2] + 4 games x2.
    ledger = evening(ev(PAUSE, PAUSE_START + [solo("D", 100)], planned_games=5))
    assert ledger.games[3].bock == 1
    assert ledger.bock_queue == (2,) * 6


def test_a_forced_game_is_one_with_a_forced_soloist_whatever_was_played() -> None:
    # "Decision: a forced game is one with a forced soloist named, whatever was then played":
    # the table plays a normal game instead of D's solo: still no Bock, no slot removed.
    ledger = evening(ev(PAUSE, PAUSE_START + [normal("A", "B")], planned_games=5))
    assert ledger.games[3].forced_soloist == "D"
    assert (ledger.games[3].bock, ledger.bock_queue) == (1, (2, 2))


# ---------------------------------------------------------------- bounds


def test_bock_that_would_pass_the_highest_factor_is_rejected() -> None:
    # Under multiply a redeal keeps the dealer and uses no Bock game, so a table declaring
    # Bock on every redeal doubles the next game again and again. At 2^30 (MAX_BOCK) the
    # next doubling is refused, naming the game, instead of growing without end.
    rules = {**MANUAL, "bock_stacking": "multiply"}
    redeal = {"kind": "redeal", "manual_bock": True}
    ledger = evening(ev(rules, [redeal] * 30))
    assert ledger.next.bock == 2**30
    with pytest.raises(InvalidEvening) as err:
        evening(ev(rules, [redeal] * 31))
    assert err.value.index == 30
    assert err.value.field == "games[30]"


@pytest.mark.parametrize("bock", [0, 3, 2**31, True, 2.0, "2", -2, 2**14284])
def test_a_bock_factor_is_a_power_of_two_up_to_the_highest(bock: Any) -> None:
    with pytest.raises(InvalidInput) as err:
        score(game("ddv", bock=bock))
    assert err.value.field == "bock"
    assert "1.073.741.824" in err.value.message


def test_the_highest_bock_factor_is_accepted() -> None:
    assert score(game("ddv", bock=2**30)).points["A"] == 2**30


def test_manual_bock_survives_the_round_trip_of_the_facts() -> None:
    from scorer.core.scoring import parse_game

    facts = parse_game({"players": FOUR, "kind": "redeal", "manual_bock": True})
    assert facts.manual_bock is True
    assert facts.to_dict() == {"players": FOUR, "kind": "redeal", "manual_bock": True}
    assert "manual_bock" not in parse_game({"players": FOUR, "kind": "redeal",
                                            "manual_bock": False}).to_dict()
