"""The rules, a game's breakdown and the core's refusals read in English (issue #35), while
the core and its CLI keep their German. Needs the English catalog with the words of
the catalog (scorer/translations)."""

from __future__ import annotations

import pytest

from scorer.core.evening import evening
from scorer.core.rules import InvalidInput, preset
from scorer.core.scoring import score
from scorer.words import explain
from scorer.words.i18n import speaking
from scorer.words.problems import problems
from scorer.words.rows import SheetWords

EVENING = {"rules": "bockrunde", "seats": ["Anna", "Ben", "Cem", "Dora"], "games": [
    {"re": ["Ben", "Cem"], "re_eyes": 151, "announced": {"re": "keine_90"},
     "extras": {"kontra": {"fuchs_gefangen": 1}}},
    {"kind": "solo", "solo": "damen", "re": ["Dora"], "re_eyes": 100}]}


def test_a_breakdown_reads_in_english_and_the_core_keeps_its_german() -> None:
    ledger = evening(EVENING)
    with speaking("en"):
        words = SheetWords(ledger)
        assert words[1].breakdown == ("Re: won +1, under 90 +1, no 90 bid +1 · "
                                      "Kontra: Fuchs caught +1 · Re ×2")
        assert words[2].result == "Kontra wins · won +1 · solo bonus +1 · soloist counts triple"
        assert words[2].notes == ("After the solo Ben deals again.",)
    assert SheetWords(ledger)[1].breakdown == ("Re: gewonnen +1, unter 90 gespielt +1, keine 90 "
                                               "abgesagt +1 · Kontra: Fuchs gefangen +1 · Re ×2")
    assert ledger.games[0].score.lines[0].to_dict() == {"label": "gewonnen", "party": "re",
                                                        "points": 1}


def test_the_rule_summary_reads_in_english() -> None:
    with speaking("en"):
        lines = explain.summary(preset("ddv"))
    assert "Re and Kontra are worth 2 points each; each bid is worth 1 point." in lines
    assert "Everybody plays a mandatory solo. The first solo is the mandatory solo." in lines


def test_a_refusal_of_the_core_reads_in_english() -> None:
    with pytest.raises(InvalidInput) as caught:
        score({"rules": "ddv", "players": ["A", "B", "C", "D"], "re": ["A", "X"], "re_eyes": 300})
    assert caught.value.problems[0][1] == "spielt in diesem Spiel nicht mit: X"
    with speaking("en"):
        assert problems(caught.value) == (("re", "Not playing in this game: X"),
                                          ("re_eyes", "Eyes must be between 0 and 240"))


def test_the_kind_markers_stand_for_english_words_in_english() -> None:
    from scorer.words.i18n import speaking
    from scorer.words.labels import legend, mark

    assert (mark("NG"), mark("P"), mark("H")) == ("NG", "P", "H")
    with speaking("en"):
        assert (mark("NG"), mark("P"), mark("H"), mark("")) == ("R", "M", "H", "")
        shown = dict(legend())
        assert shown["R"].lower() == "redeal" and shown["M"].lower() == "mandatory solo"


def test_a_solos_own_point_is_a_solo_bonus_in_english_and_solo_in_german() -> None:
    from scorer.core.scoring import Line
    from scorer.words.breakdown import line_text

    assert line_text(Line("Solo", 1)) == "Solo +1"
    with speaking("en"):
        assert line_text(Line("Solo", 1)) == "solo bonus +1"


def test_games_that_started_bock_are_listed_as_a_reader_lists_them() -> None:
    from scorer.words.labels import game_numbers

    assert game_numbers([3, 5, 7]) == "3, 5, 7"  # German, as the sheet always wrote them
    with speaking("en"):
        assert (game_numbers([4]), game_numbers([3, 7]), game_numbers([3, 5, 7])) == (
            "4", "3 and 7", "3, 5 and 7")
