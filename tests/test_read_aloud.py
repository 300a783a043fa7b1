"""A row of the sheet as a screen reader says it (scorer.words.read_aloud, issue #39)."""

from __future__ import annotations

import pytest

from scorer.words.i18n import speaking
from scorer.words.read_aloud import row_said

CASES = [
    pytest.param("de", 12, 2, "", "Re gewinnt", [("Anna", 6), ("Ben", -6), ("Jan", 6), ("Cem", -6)],
                 "Spiel 12, Bock ×2, Re gewinnt: Anna und Jan je +6, Ben und Cem je −6",
                 id="bock-pairs-de"),
    pytest.param("en", 12, 2, "", "Re wins", [("Anna", 6), ("Ben", -6), ("Jan", 6), ("Cem", -6)],
                 "Game 12, Bock ×2, Re wins: Anna and Jan +6 each, Ben and Cem −6 each",
                 id="bock-pairs-en"),
    pytest.param("de", 3, 1, "Damensolo", "Dora gewinnt",
                 [("Anna", -2), ("Ben", -2), ("Cem", -2), ("Dora", 6)],
                 "Spiel 3, Damensolo, Dora gewinnt: Dora +6, Anna, Ben und Cem je −2",
                 id="solo-de"),
    pytest.param("de", 4, 1, "neu gegeben", "keine Punkte",
                 [("Anna", 0), ("Ben", 0), ("Cem", 0), ("Dora", 0)],
                 "Spiel 4, neu gegeben, keine Punkte: Anna, Ben, Cem und Dora je 0",
                 id="redeal-de"),
]


@pytest.mark.parametrize(("language", "number", "bock", "kind", "winner", "points", "said"),
                         CASES)
def test_a_row_is_said_as_a_person_at_the_table_would_say_it(
        language: str, number: int, bock: int, kind: str, winner: str,
        points: list[tuple[str, int]], said: str) -> None:
    with speaking(language):
        assert row_said(number, bock, kind, winner, points) == said
