"""The row model (scorer.words.rows, issue #34): one row per game and per table change that
the page, the PDF, the CSV and the entry form's preview read field by field. A row works out
its words only when they are read (the page reads a few), the printed compositions are
patterns of the row's parts, and a table change is worded once. No database."""

from __future__ import annotations

from typing import Any

import pytest

from scorer.core.evening import Ledger, evening
from scorer.printed.evening import sheet_context
from scorer.printed.tables import evening_csv, game_row
from scorer.words.labels import kind_head, result_text
from scorer.words.rows import AWAY, PLAYS, SITS_OUT, ChangeWords, RowWords, SheetWords

A, B, C, D = "Anna", "Ben", "Cem", "Dora"


def ev(rules: Any, games: list[Any], seats: tuple[str, ...] = (A, B, C, D)) -> Ledger:
    return evening({"rules": rules, "seats": list(seats), "games": games})


def worked_out(row: RowWords) -> set[str]:
    """The words a row has worked out so far (what the page shows is there from the start)."""
    return {name for name in vars(row) if not name.startswith("_")}


def test_a_row_works_out_no_word_until_it_is_read() -> None:
    ledger = ev("ddv", [{"kind": "solo", "solo": "kreuz", "re": [B], "re_eyes": 100}])
    row = SheetWords(ledger)[1]
    assert (row.number, row.marker, row.value, row.bock) == (1, "P", 1, 1)
    assert worked_out(row) == set()
    # ddv, Ben's Kreuz-Solo with 100 Augen: Kontra wins; worked out once read, and kept.
    assert row.head == "Pflichtsolo (Kreuz-Solo) · Ben"
    assert row.result.startswith("Kontra gewinnt · gewonnen +1")
    assert {"head", "kind", "solo", "who", "result", "winner"} <= worked_out(row)
    assert "notes" not in worked_out(row)


def test_a_sheets_rows_are_made_when_asked_for_and_then_kept() -> None:
    words = SheetWords(ev("ddv", [{"re": [A, C], "re_eyes": 151}, {"re": [B, D], "re_eyes": 151}]))
    assert words[2] is words.game(2) is words.games()[1]
    assert [type(r) for r in words.entries()] == [RowWords, RowWords]


@pytest.mark.parametrize("eyes", [
    {A: 130, B: 50, C: 30, D: 30},   # over 120 wins
    {A: 70, B: 50, C: 60, D: 60},    # closest to 60 - but Cem and Dora tie at 60
    {A: 70, B: 55, C: 45, D: 70},    # Ben is closest to 60
], ids=["over-120", "tie-at-60", "closest-to-60"])
def test_a_hammelrennen_row_says_what_decided_it_as_the_core_does(eyes: dict[str, int]) -> None:
    ledger = ev("voss", [{"kind": "hammelrennen", "eyes": eyes}])
    game, row = ledger.games[0], SheetWords(ledger)[1]
    # The page says the core's first line; the printed row says it after the kind's head.
    assert row.breakdown.split(" · ")[0] == game.score.lines[0].text()
    assert row.result.split(" · ")[0] == row.kind_note
    assert f"{row.kind}: {row.kind_note}" == game.score.lines[0].text()


@pytest.mark.parametrize(("rules", "game", "first"), [
    # ddv, Cem's Kreuz-Solo with 100: Kontra wins, every point Kontra's: who won first.
    ("ddv", {"kind": "solo", "solo": "kreuz", "re": [C], "re_eyes": 100}, "Kontra gewinnt"),
    # Points to both parties: grouped under their names, which say who won.
    ("ddv", {"re": [A, C], "re_eyes": 151, "extras": {"kontra": {"fuchs_gefangen": 1}}},
     "Re: gewonnen +1, unter 90 gespielt +1"),
    # Both Absagen missed: nobody wins, the parties are named.
    ("ddv", {"re": [A, C], "re_eyes": 140, "announced": {"re": "keine_90", "kontra": "keine_90"}},
     "Re: 120 gegen keine 90 +1"),
    # A redeal has no breakdown: who won is all there is to say.
    ("ddv", {"kind": "redeal"}, "keine Punkte"),
], ids=["all-to-the-winner", "both-parties", "nobody-wins", "redeal"])
def test_the_printed_result_names_the_winner_first_where_the_breakdown_does_not(
        rules: str, game: dict[str, Any], first: str) -> None:
    row = SheetWords(ev(rules, [game]))[1]
    assert row.result.split(" · ")[0] == first
    assert row.result == result_text(row.winner, row.kind_note, row.breakdown_parts,
                                     row.winner_first, row.bock_reasons)
    assert sheet_context(ev(rules, [game]))["rows"][0]["breakdown"] == row.result


def test_the_printed_head_is_one_pattern_of_the_rows_parts() -> None:
    solo = {"kind": "solo", "solo": "damen", "re": [D], "re_eyes": 130}
    plain, pflicht = SheetWords(ev("bockrunde", [solo]))[1], SheetWords(ev("ddv", [solo]))[1]
    assert (plain.kind, plain.solo, plain.who, plain.pflicht_or_lust) == (
        "Solo", "Damensolo", D, False)
    assert (pflicht.kind, pflicht.solo, pflicht.who, pflicht.pflicht_or_lust) == (
        "Pflichtsolo", "Damensolo", D, True)
    assert plain.head == kind_head("Solo", "Damensolo", D, False) == "Damensolo · Dora"
    assert pflicht.head == "Pflichtsolo (Damensolo) · Dora"


def test_who_called_is_said_with_the_kind_or_after_a_head_that_names_it() -> None:
    row = SheetWords(ev("bockrunde", [{"kind": "armut", "re": [B, A], "caller": A,
                                       "re_eyes": 130}]))[1]
    assert (row.caller, row.partner) == (A, B)
    assert row.called == "Armut: Anna, mitgenommen von Ben"
    assert row.called_short == "Anna, mitgenommen von Ben"
    assert row.about.startswith("Anna, mitgenommen von Ben · Re Ben, Anna 130 : 110")


LATE = [{"re": [A, C], "re_eyes": 151},
        {"table": [A, B, C, "Fritz", D]},
        {"re": [C, "Fritz"], "re_eyes": 151, "players": [C, "Fritz", D, A]},
        {"table": [A, B, C, "Fritz"]},
        {"re": ["Fritz", A], "re_eyes": 151}]


def test_a_table_change_is_worded_once_for_the_page_the_pdf_and_the_csv() -> None:
    ledger = ev("ddv", LATE)
    changes = SheetWords(ledger).changes()
    assert [type(r) for r in SheetWords(ledger).entries()] == [
        RowWords, ChangeWords, RowWords, ChangeWords, RowWords]
    first = changes[0]
    assert (first.lead, first.text) == ("Tischwechsel nach Spiel 1: ",
                                        "Fritz kommt dazu · gibt: Ben")
    assert first.seated == "Am Tisch ab Spiel 2: Anna, Ben, Cem, Fritz, Dora"
    printed = [r["change"] for r in sheet_context(ledger)["rows"] if "change" in r]
    assert printed == [c.line for c in changes]
    assert [c.cell for c in changes] == [line.split(";")[2] for line in
                                         evening_csv(ledger).splitlines() if "Tischwechsel" in line]


def test_a_rows_cells_say_who_played_sat_out_or_was_away() -> None:
    ledger = ev("ddv", LATE)
    rows = SheetWords(ledger).games()
    players = (*ledger.players, "Gast")  # a player of another evening (a Runde's CSV)
    # Game 2: Ben deals and sits out, Fritz plays; game 3: Dora has gone.
    assert [state for state, _, _ in rows[1].cells(players)] == [
        PLAYS, SITS_OUT, PLAYS, PLAYS, PLAYS, AWAY]
    assert rows[2].cells(players)[3] == (AWAY, 0, ledger.games[2].totals[D])
    assert rows[2].cells(players)[-1] == (AWAY, 0, 0)
    assert game_row(rows[1], players)[-6:] == [-2, "aus", 2, -2, 2, ""]
