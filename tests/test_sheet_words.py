"""What the sheet and the PDF both say about a game and an evening, from one function each
(issue 11): whose points a breakdown line is, why a game starts a Bock round, how many Bock
games were played, the dealer's short name, and whether the rules deviate from a preset.

Every expected sentence is worked out by hand from RULES.md in the comments.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from scorer.core.evening import Ledger, evening
from scorer.core.rules import PRESETS, SoloKind, differences
from scorer.printed.evening import sheet_context
from scorer.words.explain import deviation_text
from scorer.words.labels import bock_summary, short_names
from scorer.words.rows import sheet_words

SEATS = ["Anna", "Ben", "Cem", "Dora"]


def ev(rules: Any, games: list[Any], seats: list[str] = SEATS) -> Ledger:
    return evening({"rules": rules, "seats": seats, "games": games})


@pytest.mark.parametrize(
    ("rules", "game", "breakdown", "value"),
    [
        # ddv, Re (Anna, Cem) 151: gewonnen +1, Kontra under 90 (89): +1; Kontra caught a fox:
        # +1 for Kontra. Re's side 2 − 1 = 1. Both parties have points: each is named.
        pytest.param("ddv", {"re": ["Anna", "Cem"], "re_eyes": 151,
                             "extras": {"kontra": {"fuchs_gefangen": 1}}},
                     "Re: gewonnen +1, unter 90 gespielt +1 · Kontra: Fuchs gefangen +1", 1,
                     id="kontra-fox-in-a-game-re-won"),
        # bockrunde, the game 8: Re 130 wins 1, Kontra's fox 1: 0 for everybody.
        pytest.param("bockrunde", {"re": ["Anna", "Cem"], "re_eyes": 130,
                                   "extras": {"kontra": {"fuchs_gefangen": 1}}},
                     "Re: gewonnen +1 · Kontra: Fuchs gefangen +1", 0,
                     id="the-issues-fox-worth-nothing-in-the-end"),
        # ddv, Kontra (Ben, Dora) wins with 130 against Re's 110: gewonnen +1 and gegen die
        # Alten +1 for Kontra; Re's Doppelkopf +1 for Re. The winner is named first.
        pytest.param("ddv", {"re": ["Anna", "Cem"], "re_eyes": 110,
                             "extras": {"re": {"doppelkopf": 1}}},
                     "Kontra: gewonnen +1, gegen die Alten +1 · Re: Doppelkopf +1", 1,
                     id="kontra-won-re-has-a-doppelkopf"),
        # ddv, both say keine 90, Re 140 : 100. Re misses (Kontra has 100 ≥ 90), Kontra
        # misses (Re has 140 ≥ 90): nobody wins (TSR 7.1.3). Re reached 120 against Kontra's
        # keine 90: +1 for Re, and nobody is the winner, so the party is named.
        pytest.param("ddv", {"re": ["Anna", "Cem"], "re_eyes": 140,
                             "announced": {"re": "keine_90", "kontra": "keine_90"}},
                     "Re: 120 gegen keine 90 +1 · niemand gewinnt: beide Absagen verfehlt", 1,
                     id="nobody-wins-re-gets-its-against-point"),
        # Every point to the winner: the lines as they are, no party named.
        pytest.param("ddv", {"re": ["Anna", "Cem"], "re_eyes": 151,
                             "extras": {"re": {"fuchs_gefangen": 1}}},
                     "gewonnen +1 · unter 90 gespielt +1 · Fuchs gefangen +1", 3,
                     id="all-to-the-winner-no-party-named"),
    ],
)
def test_a_breakdown_credits_each_point_to_its_party_when_both_have_points(
        rules: str, game: dict[str, Any], breakdown: str, value: int) -> None:
    ledger = ev(rules, [game])
    words = sheet_words(ledger)[0]
    assert words.breakdown == breakdown
    assert ledger.games[0].score.value == value
    # The PDF prints the same words, and the reason of a Bock round after them: bockrunde's
    # 0-point game (Re's side 0 before Bock) starts one.
    reasons = "löst Bock aus: 0-Punkte-Spiel" if rules == "bockrunde" else ""
    assert words.bock_reasons == reasons
    # Where the lines name no party, the PDF says who won first ("Re gewinnt").
    said = f"{words.winner} · {breakdown}" if breakdown.startswith("gewonnen") else breakdown
    assert sheet_context(ledger)["rows"][0]["breakdown"] == " · ".join(
        filter(None, [said, reasons]))


# bockrunde, four seats, Anna deals first (RULES.md §7, bockrunde: `append`, 4 games a round):
#  1 Re Anna+Ben 120: Kontra wins 120:120 (no Ansage: Re needs 121); tie_120 fires: one
#    round ×2 of four games.
#  2 thrown in: a redeal; the dealer deals again and uses up no Bock game; no points.
#  3 Re Anna+Cem 150, ×2: one Bock game used, three left.
#  4 Re Ben+Dora 150, ×2: two left.
BOCK_EVENING = [
    {"re": ["Anna", "Ben"], "re_eyes": 120},
    {"kind": "redeal"},
    {"re": ["Anna", "Cem"], "re_eyes": 150},
    {"re": ["Ben", "Dora"], "re_eyes": 150},
]


def test_a_redeal_in_a_bock_round_shows_no_factor_and_is_no_bock_game() -> None:
    ledger = ev("bockrunde", BOCK_EVENING)
    assert [w.bock for w in sheet_words(ledger)] == [1, 1, 2, 2]
    assert bock_summary(ledger) == ("2 Bockspiele gespielt", "ausgelöst in Spiel 1",
                                    "Noch 2 Bockspiele ×2")
    # The PDF says the same, in the same words, and marks the same rows.
    context = sheet_context(ledger)
    assert context["bock"] == list(bock_summary(ledger))
    assert [r["bock"] for r in context["rows"]] == ["", "", "×2", "×2"]


def test_a_game_that_starts_a_bock_round_names_the_reason() -> None:
    ledger = ev("bockrunde", BOCK_EVENING)
    assert [w.bock_reasons for w in sheet_words(ledger)] == [
        "löst Bock aus: 120:120", "", "", ""]


def test_without_bock_in_the_rules_nothing_is_said_about_bock() -> None:
    assert bock_summary(ev("ddv", [{"re": ["Anna", "Ben"], "re_eyes": 120}])) == ()


@pytest.mark.parametrize(
    ("players", "short"),
    [
        # Short names whole: cutting "Anna" to "Ann" saves one letter and reads worse.
        (["Anna", "Ben", "Cem", "Dora"], ["Anna", "Ben", "Cem", "Dora"]),
        # Issue 25: "Mar…" twice. The shortest start only one of them has, three letters at
        # least (a lone "A" under "Art" reads as Armut, the legend's mark).
        (["Markus", "Martin", "Sabine", "Stefanie", "Annegret"],
         ["Mark", "Mart", "Sab", "Ste", "Ann"]),
        (["Christoph", "Christian", "Anna", "Annegret", "Ben"],
         ["Christo", "Christi", "Anna", "Anne", "Ben"]),
        # Stefan is the start of Stefanie: only the whole names tell them apart.
        (["Stefan", "Stefanie", "Sven", "Ute"], ["Stefan", "Stefanie", "Sven", "Ute"]),
        # Upper and lower case alike: "anna" and "Anna" need every letter.
        (["Anna", "anna", "Sebastian", "Paul"], ["Anna", "anna", "Seb", "Paul"]),
        # A letter with its accent (typed as two characters) is never cut in two.
        (["Zoe\u0308lle", "Zora", "Zoran"], ["Zoe\u0308", "Zora", "Zoran"]),
    ],
    ids=["whole-short-names", "markus-and-martin", "christoph-and-christian",
         "one-name-starts-another", "case", "combining-accent"],
)
def test_a_short_name_is_the_shortest_start_that_tells_the_players_apart(
        players: list[str], short: list[str]) -> None:
    assert short_names(players) == dict(zip(players, short))


def test_the_same_allowed_solos_in_another_order_are_no_deviation() -> None:
    bockrunde = PRESETS["bockrunde"]
    shuffled = dataclasses.replace(bockrunde, solo_kinds=tuple(reversed(bockrunde.solo_kinds)))
    assert differences(shuffled, bockrunde) == {}
    assert deviation_text(shuffled) is None
    assert deviation_text(bockrunde) is None


def test_a_real_deviation_is_named_once_for_the_sheet_and_the_pdf() -> None:
    fewer = dataclasses.replace(PRESETS["bockrunde"], solo_kinds=(SoloKind.DAMEN,))
    assert deviation_text(fewer) == "Abweichend von Bockrunde: Erlaubte Soli: Damensolo"
    ledger = evening({"rules": {"preset": "bockrunde", "solo_kinds": ["damen"]},
                      "seats": SEATS})
    assert sheet_context(ledger)["rules"]["deviation"] == deviation_text(fewer)


def test_the_pdf_row_of_a_lost_solo_says_kontra_won_not_the_soloist() -> None:
    # ddv, Cem's Kreuz-Solo with 100 Augen: Kontra has 140, wins: gewonnen +1 (a tester read
    # "Kreuz-Solo · Cem: gewonnen +1" on the PDF as Cem's win).
    ledger = ev("ddv", [{"kind": "solo", "solo": "kreuz", "re": ["Cem"], "re_eyes": 100}])
    row = sheet_context(ledger)["rows"][0]
    assert row["breakdown"].startswith("Kontra gewinnt · gewonnen +1")
    assert ledger.games[0].points["Cem"] < 0
