"""Table changes (RULES.md §7 "Table changes", CLI.md `scorer evening`): one test per sentence.

Each test quotes the sentence it checks; dealers, players, totals and Bock queues are worked
out by hand in the comments. Games are plain (ddv: a normal game with Re 130 is worth 1 per
player; Re 100 means Kontra wins 1 + gegen die Alten 1 = 2), so the numbers come from the
seats, not from scoring.
"""

from __future__ import annotations

from typing import Any

import pytest

from scorer.core.evening import InvalidEvening, Ledger, TableChange, evening, fold, resume
from scorer.core.rules import preset

FOUR = ["A", "B", "C", "D"]
FIVE = ["A", "B", "C", "D", "E"]


def ev(rules: Any, games: list[Any], seats: list[str] = FOUR, **fields: Any) -> dict[str, Any]:
    return {"rules": rules, "seats": seats, "first_dealer": seats[0], "games": games, **fields}


def normal(a: str, b: str, eyes: int = 130) -> dict[str, Any]:
    return {"kind": "normal", "re": [a, b], "re_eyes": eyes}


def solo(who: str, eyes: int = 130, kind: str = "damen", **fields: Any) -> dict[str, Any]:
    return {"kind": "solo", "solo": kind, "re": [who], "re_eyes": eyes, **fields}


def table(*seats: str, dealer: str | None = None) -> dict[str, Any]:
    change: dict[str, Any] = {"table": list(seats)}
    if dealer is not None:
        change["dealer"] = dealer
    return change


def dealers(ledger: Ledger) -> list[str]:
    return [g.dealer for g in ledger.games]


# ---------------------------------------------------------------- where a change may stand


def test_a_change_may_stand_before_game_1() -> None:
    # "A change may stand anywhere: before game 1 …" and "0 before game 1". A deals (the
    # first dealer is still seated); with five seats the four after A play, A sits out.
    ledger = evening(ev("ddv", [table(*FIVE), normal("B", "C")]))
    assert ledger.table_changes[0].after == 0
    assert ledger.games[0].number == 1
    assert (ledger.games[0].dealer, ledger.games[0].players) == ("A", ("B", "C", "D", "E"))
    assert ledger.games[0].points == {"A": 0, "B": 1, "C": 1, "D": -1, "E": -1}


def test_several_changes_in_a_row_count_games_without_the_changes() -> None:
    # "… several in a row, as the last entry. Games are numbered without the changes; a
    # change comes 'after game n' (n = games before it)."
    ledger = evening(ev("ddv", [normal("B", "C"), table(*FIVE), table("A", "B", "C", "E"),
                                normal("C", "E"), table(*FOUR)]))
    assert [g.number for g in ledger.games] == [1, 2]
    assert [c.after for c in ledger.table_changes] == [1, 1, 2]
    assert [c.index for c in ledger.table_changes] == [1, 2, 4]
    assert [type(e).__name__ for e in ledger.entries] == [
        "LedgerGame", "TableChange", "TableChange", "LedgerGame", "TableChange"]
    assert ledger.seats == ledger.next.seats == tuple(FOUR)


def test_nothing_before_a_change_is_recomputed() -> None:
    # "From the change on, everything in this section uses the new seats; nothing before it
    # is recomputed." The games before the change are the games of the evening without it.
    before = [normal("B", "C"), normal("C", "D")]
    plain = evening(ev("ddv", before))
    changed = evening(ev("ddv", before + [table("D", "C", "B", "A")]))
    assert [(g.dealer, g.players, g.points) for g in changed.games] == [
        (g.dealer, g.players, g.points) for g in plain.games]
    assert all(g.seats == tuple(FOUR) for g in changed.games)


# ---------------------------------------------------------------- dealer


DEALER_CASES = [
    # A deals game 1, so D = B. "If D is still seated, D deals" -- F sits down between C and
    # D; with six seats the four after B play: C, F, D, E (A and B sit out).
    pytest.param(FIVE, [normal("B", "C"), table("A", "B", "C", "F", "D", "E")],
                 "B", ("C", "F", "D", "E"), id="D still seated deals"),
    # "otherwise the first player after D, clockwise in the old seat order, who is still
    # seated": B and C leave, the first after B in A, B, C, D, E still seated is D.
    pytest.param(FIVE, [normal("B", "C"), table("A", "D", "E", "F")],
                 "D", ("E", "F", "A", "D"), id="D left: the next still-seated after D"),
    # "if nobody of the old table is still seated, the first seat of the new order"
    pytest.param(FOUR, [normal("B", "C"), table("E", "F", "G", "H")],
                 "E", ("F", "G", "H", "E"), id="a whole new table: its first seat"),
    # "An explicit dealer overrides all of this."
    pytest.param(FIVE, [normal("B", "C"), table(*FIVE, dealer="D")],
                 "D", ("E", "A", "B", "C"), id="an explicit dealer"),
]


@pytest.mark.parametrize(("seats", "games", "dealer", "players"), DEALER_CASES)
def test_the_dealer_after_a_change(seats: list[str], games: list[Any], dealer: str,
                                   players: tuple[str, ...]) -> None:
    ledger = evening(ev("ddv", games, seats))
    assert ledger.table_changes[-1].dealer == dealer
    assert (ledger.next.dealer, ledger.next.players) == (dealer, players)


@pytest.mark.parametrize(("seats", "dealer"), [
    # "Let D be the player who would deal the next game had nothing changed (after a game
    # where the dealer stays, that same dealer)." bockrunde keeps the dealer after a solo:
    # A dealt B's solo, so D = A.
    pytest.param(("A", "C", "B", "D"), "A", id="the staying dealer is still seated"),
    # A leaves: the first after A in the old order A, B, C, D who is still seated is B.
    pytest.param(("B", "C", "D", "E"), "B", id="the staying dealer left"),
])
def test_after_a_game_where_the_dealer_stays_d_is_that_dealer(seats: tuple[str, ...],
                                                              dealer: str) -> None:
    ledger = evening(ev("bockrunde", [solo("B", kind="kreuz"), table(*seats)]))
    assert ledger.games[0].dealer_stays
    assert ledger.next.dealer == dealer


def test_the_stay_until_third_row_goes_on_when_d_deals() -> None:
    # "The stay_until_third row goes on when D deals the next game": voss, A deals two solos
    # and stays; the table reorders, A deals on, and the third solo in a row moves the dealer.
    games = [solo("B"), solo("C"), table("A", "C", "B", "D"), solo("D")]
    ledger = evening(ev("voss", games))
    assert dealers(ledger) == ["A", "A", "A"]
    assert ledger.next.dealer == "C"  # after A in the new order A, C, B, D


def test_the_stay_until_third_row_starts_again_when_somebody_else_deals() -> None:
    # "… and starts again when somebody else does": after two solos the table makes B deal;
    # B's first solo is the first of a new row, so B stays.
    games = [solo("B"), solo("C"), table(*FOUR, dealer="B"), solo("D")]
    ledger = evening(ev("voss", games))
    assert dealers(ledger) == ["A", "A", "B"]
    assert ledger.next.dealer == "B"


# ---------------------------------------------------------------- who plays


def test_with_four_players_after_a_change_the_dealer_plays() -> None:
    # "Who plays: the rule above with the new seats (the four seats after the dealer in the
    # new order; with 4 players the dealer plays)." E leaves a five-seat table after game 1:
    # B deals (D = B) and plays, last.
    ledger = evening(ev("ddv", [normal("B", "C"), table(*FOUR), normal("C", "D")], FIVE))
    assert ledger.games[1].players == ("C", "D", "A", "B")
    assert ledger.games[1].points["E"] == 0
    assert ledger.sitting_out == ()


def test_a_game_may_not_name_a_player_who_has_left() -> None:
    # "A game's players must be seated at the table of that moment." CLI.md:
    # games[5].players: sitzt nicht am Tisch: Dora -- here Dora leaves at index 1.
    seats = ["Anna", "Ben", "Cem", "Dora", "Emil"]
    games = [normal("Ben", "Cem"), table("Anna", "Ben", "Cem", "Emil"),
             {"players": ["Anna", "Ben", "Cem", "Dora"], **normal("Ben", "Cem")}]
    with pytest.raises(InvalidEvening) as err:
        evening(ev("ddv", games, seats))
    assert err.value.index == 2
    assert err.value.problems == (("games[2].players", "sitzt nicht am Tisch: Dora"),)


# ---------------------------------------------------------------- totals


def test_a_leaver_keeps_the_total_and_goes_on_from_it_on_returning() -> None:
    # "A player's total runs through the whole evening: a leaver keeps it (and goes on from
    # it on returning)". Game 1 (A deals, B C D E play): B, C +1, D, E -1. E leaves; game 2
    # (B deals, C D A B play) C, D win: C +1 (2), D +1 (0), A -1, B -1 (0); E stays at -1.
    # E returns; game 3 (C deals, D E A B play) D, E win: E -1 + 1 = 0.
    games = [normal("B", "C"), table(*FOUR), normal("C", "D"), table(*FIVE),
             normal("D", "E")]
    ledger = evening(ev("ddv", games, FIVE))
    assert [g.totals["E"] for g in ledger.games] == [-1, -1, 0]
    assert [g.points["E"] for g in ledger.games] == [-1, 0, 1]
    assert ledger.totals == {"A": -2, "B": -1, "C": 2, "D": 1, "E": 0}


def test_a_newcomer_starts_at_zero_and_is_listed_in_every_game() -> None:
    # "… a player new to the evening starts at 0. Every game sums to zero, so the totals do."
    # CLI.md: points and totals "list every player who sat at the table at any time during
    # the evening … with 0 for a game they did not play".
    games = [normal("B", "C"), table(*FOUR, "F"), normal("C", "D")]
    ledger = evening(ev("ddv", games))
    assert ledger.players == ("A", "B", "C", "D", "F")
    assert ledger.games[0].points == {"A": -1, "B": 1, "C": 1, "D": -1, "F": 0}
    assert ledger.games[0].totals["F"] == 0
    # game 2: B deals, C D A F play (B sits out): C, D win
    assert ledger.games[1].points == {"A": -1, "B": 0, "C": 1, "D": 1, "F": -1}
    assert ledger.totals == {"A": -2, "B": 1, "C": 2, "D": 0, "F": -1}
    assert all(sum(g.points.values()) == 0 for g in ledger.games)
    assert sum(ledger.totals.values()) == 0


# ---------------------------------------------------------------- Bock


def test_queued_bock_games_stay_and_a_later_reason_queues_as_many_games_as_players() -> None:
    # "Games already queued stay as they are (factor and number). A reason fired later queues
    # rounds as long as the number of players at the table when it fires." bockrunde, four
    # seats: game 1 ties 120:120 -> 4 games x2. E joins: still [2, 2, 2, 2]. Game 2 (B deals,
    # C D E A play) ties again: it uses one (3 left) and appends 5 for five players.
    tie = {"kind": "normal", "re": ["A", "C"], "re_eyes": 120}
    ledger = evening(ev("bockrunde", [{**tie, "re": ["A", "B"]}, table(*FIVE)]))
    assert ledger.bock_queue == (2, 2, 2, 2)
    ledger = evening(ev("bockrunde", [{**tie, "re": ["A", "B"]}, table(*FIVE), tie]))
    assert ledger.games[1].bock == 2
    assert ledger.bock_queue == (2,) * 8


# ---------------------------------------------------------------- Pflichtsolo


def test_a_leavers_open_pflichtsolo_is_dropped_and_reported() -> None:
    # "A leaver's open Pflichtsolo is dropped and reported with the change
    # (pflichtsolo_dropped)". ddv: B's first solo is his Pflichtsolo. B and C leave, E and F
    # come: only C's was open; E and F owe one each.
    games = [solo("B"), table("A", "D", "E", "F")]
    ledger = evening(ev("ddv", games))
    change = ledger.table_changes[0]
    assert (change.joined, change.left, change.pflichtsolo_dropped) == (
        ("E", "F"), ("B", "C"), ("C",))
    assert ledger.pflichtsolo_open == ("A", "D", "E", "F")


@pytest.mark.parametrize(("returning", "owes"), [
    # "a returning player only if they have not played theirs"
    pytest.param("B", False, id="B played his: owes none on returning"),
    pytest.param("C", True, id="C's was dropped: owes it again on returning"),
])
def test_a_returning_player_owes_a_pflichtsolo_only_if_not_played(returning: str,
                                                                  owes: bool) -> None:
    games = [solo("B"), table("A", "D", "E", "F"), table("A", returning, "D", "E", "F")]
    ledger = evening(ev("ddv", games))
    assert (returning in ledger.pflichtsolo_open) is owes
    assert ledger.table_changes[1].joined == (returning,)


def test_a_newcomer_can_start_the_forcing_within_the_plan() -> None:
    # "whether Pflichtsoli are forced, and who the forced soloist is, follow from the seats
    # and open Pflichtsoli at the moment of the next game (a newcomer can start the forcing
    # under within …)". ddv, 4 seats, 6 planned: after game 1, 5 planned games are left and
    # 4 Pflichtsoli open: not forced. E joins: 5 open >= 5 left. B deals; the first owing
    # after B in A, B, C, D, E is C.
    ledger = evening(ev("ddv", [normal("B", "C")], planned_games=6))
    assert ledger.next.forced_soloist is None
    ledger = evening(ev("ddv", [normal("B", "C"), table(*FIVE)], planned_games=6))
    assert ledger.next.forced_soloist == "C"
    assert ledger.planned_played == 1, "planned_games is not changed by a table change"


def test_a_leavers_drop_can_end_the_forcing() -> None:
    # "… a leaver's drop can end it". ddv, 5 seats, 6 planned: after game 1, 5 left and 5
    # open: forced (C, the first owing after the dealer B). E leaves: 4 open < 5 left.
    ledger = evening(ev("ddv", [normal("B", "C")], FIVE, planned_games=6))
    assert ledger.next.forced_soloist == "C"
    ledger = evening(ev("ddv", [normal("B", "C"), table(*FOUR)], FIVE, planned_games=6))
    assert ledger.next.forced_soloist is None
    assert ledger.table_changes[0].pflichtsolo_dropped == ("E",)


# ---------------------------------------------------------------- the entry and its errors


@pytest.mark.parametrize(("change", "field", "message"), [
    # CLI.md: "games[3].table: 4 bis 7 verschiedene Namen angeben (not a list of 4–7
    # different names)"
    pytest.param({"table": ["A", "B", "C"]}, "table", "4 bis 7 verschiedene Namen angeben",
                 id="three names"),
    pytest.param({"table": list("ABCDEFGH")}, "table", "4 bis 7 verschiedene Namen angeben",
                 id="eight names"),
    pytest.param({"table": ["A", "B", "C", "A"]}, "table",
                 "4 bis 7 verschiedene Namen angeben", id="a name twice"),
    pytest.param({"table": "ABCD"}, "table", "4 bis 7 verschiedene Namen angeben",
                 id="not a list"),
    pytest.param({"table": ["A", "B", "C", 4]}, "table", "4 bis 7 verschiedene Namen angeben",
                 id="not all names"),
    pytest.param({"table": ["A", "B", "C", " "]}, "table",
                 "4 bis 7 verschiedene Namen angeben", id="a blank name"),
    # "games[3].dealer: sitzt nach dem Tischwechsel nicht am Tisch: Ute"
    pytest.param({"table": FOUR, "dealer": "Ute"}, "dealer",
                 "sitzt nach dem Tischwechsel nicht am Tisch: Ute", id="dealer not seated"),
    # "games[3].re: ein Tischwechsel hat nur die Felder table und dealer (any other field)"
    pytest.param({"table": FOUR, "re": ["A", "B"]}, "re",
                 "ein Tischwechsel hat nur die Felder table und dealer", id="another field"),
])
def test_an_impossible_change_is_rejected_as_cli_md_shows(change: dict[str, Any], field: str,
                                                          message: str) -> None:
    # "Error fields name an entry by its index in games, table changes counted": the change
    # is entry 3 (after two games and one other change).
    games = [normal("B", "C"), table(*FOUR), normal("C", "D"), change]
    with pytest.raises(InvalidEvening) as err:
        evening(ev("ddv", games))
    assert err.value.index == 3
    assert (f"games[3].{field}", message) in err.value.problems


def test_a_game_after_a_change_is_named_by_its_index_with_changes_counted() -> None:
    games = [table(*FOUR), normal("B", "C"), table(*FOUR), {"re": ["B"], "re_eyes": 130}]
    with pytest.raises(InvalidEvening) as err:
        evening(ev("ddv", games))
    assert err.value.index == 3
    assert err.value.field == "games[3].re"


def test_the_change_reports_the_cli_md_shape() -> None:
    # CLI.md: {"after": 3, "seats": [...], "dealer": "Fritz", "joined": ["Fritz"],
    # "left": ["Dora"], "pflichtsolo_dropped": ["Dora"]}. ddv, three games; Fritz takes
    # Dora's seat and is made dealer. Dora's Pflichtsolo was open.
    seats = ["Anna", "Ben", "Cem", "Dora"]
    games = [normal("Ben", "Dora"), normal("Cem", "Dora"), normal("Dora", "Anna"),
             table("Anna", "Ben", "Cem", "Fritz", dealer="Fritz")]
    out = evening(ev("ddv", games, seats)).to_dict()
    assert out["table_changes"] == [{
        "after": 3, "seats": ["Anna", "Ben", "Cem", "Fritz"], "dealer": "Fritz",
        "joined": ["Fritz"], "left": ["Dora"], "pflichtsolo_dropped": ["Dora"]}]
    assert out["next"]["seats"] == ["Anna", "Ben", "Cem", "Fritz"]
    assert out["next"]["dealer"] == "Fritz"
    assert out["pflichtsolo_open"] == ["Anna", "Ben", "Cem", "Fritz"]
    assert set(out["totals"]) == {"Anna", "Ben", "Cem", "Dora", "Fritz"}


def test_the_table_change_object_keeps_its_input_index() -> None:
    change = evening(ev("ddv", [normal("B", "C"), table(*FIVE)])).entries[1]
    assert isinstance(change, TableChange)
    assert (change.index, change.after, change.seats) == (1, 1, tuple(FIVE))
    assert "index" not in change.to_dict()


# ---------------------------------------------------------------- resume


SPLIT_EVENING = [normal("B", "C"), table(*FIVE), normal("C", "D"), solo("E"),
                 table("A", "C", "D", "E", "F", dealer="F"), normal("A", "C"), table(*FOUR),
                 normal("D", "A")]


@pytest.mark.parametrize("cut", range(len(SPLIT_EVENING) + 1))
def test_resuming_anywhere_gives_the_ledger_of_one_fold(cut: int) -> None:
    setup = evening(ev("ddv", [])).setup
    whole = fold(setup, SPLIT_EVENING)
    assert resume(fold(setup, SPLIT_EVENING[:cut]), SPLIT_EVENING[cut:]) == whole


def test_resume_with_nothing_more_is_the_same_ledger() -> None:
    ledger = evening(ev("ddv", SPLIT_EVENING))
    assert resume(ledger, []) is ledger


def test_resume_leaves_the_earlier_ledger_as_it_was() -> None:
    # A cached ledger stays valid: resuming with a newcomer builds new games for the
    # widened points and never touches the old ones. (Game 1: A deals and plays, last.)
    setup = evening(ev("ddv", [])).setup
    first = fold(setup, SPLIT_EVENING[:1])
    before = first.games[0].points.copy()
    resume(first, SPLIT_EVENING[1:])
    assert first.games[0].points == before == {"A": -1, "B": 1, "C": 1, "D": -1}
    assert first.players == ("A", "B", "C", "D")


def test_an_error_while_resuming_names_the_index_in_the_whole_list() -> None:
    ledger = evening(ev("ddv", SPLIT_EVENING))
    with pytest.raises(InvalidEvening) as err:
        resume(ledger, [normal("D", "A"), {"table": ["A"]}])
    assert err.value.index == len(SPLIT_EVENING) + 1
    assert err.value.field == f"games[{len(SPLIT_EVENING) + 1}].table"


def test_the_rules_of_a_resumed_evening_are_its_own() -> None:
    setup = evening(ev("bockrunde", [])).setup
    assert setup.rules is preset("bockrunde")
    assert resume(fold(setup, []), [normal("B", "C")]).setup is setup


def test_a_name_that_is_no_text_is_refused_in_a_change() -> None:
    # Names end up in the JSON output: a control character or a lone surrogate is refused
    # naming the table (issue 13.4).
    with pytest.raises(InvalidEvening) as err:
        evening(ev("ddv", [table("A", "B", "C", "Fritz\n")]))
    assert err.value.field == "games[0].table"
    assert "kein gültiger Name" in err.value.message
