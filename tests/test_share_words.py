"""The shared result's words and picture (scorer.words.share), without the app: what the
SVG says, read back from its text elements."""

from __future__ import annotations

import datetime as dt
import xml.etree.ElementTree as ET

from scorer.words.i18n import speaking
from scorer.words.share import Result, picture, standings_line, text

SVG = "{http://www.w3.org/2000/svg}"


def _said(svg: str) -> list[str]:
    return [" ".join("".join(t.itertext()).split()) for t in ET.fromstring(svg).iter(f"{SVG}text")]


def test_names_are_escaped_and_players_level_share_a_place():
    result = Result("<Runde> & Co", 3, dt.date(2026, 1, 8), 1,
                    (('A"<b>', 3), ("Ben", 3), ("Cem", -3), ("Dora", -3)), None,
                    ('A"<b>', "Ben", "Cem", "Dora"),
                    ({'A"<b>': 3, "Ben": 3, "Cem": -3, "Dora": -3},))
    svg = picture(result)
    said = _said(svg)  # parses: every name is escaped
    assert said[:2] == ["<Runde> & Co", "Abend 3 · 08.01.2026 · 1 Spiel"]
    assert said[2:14] == ["1.", 'A"<b>', "+3", "1.", "Ben", "+3", "3.", "Cem", "−3",
                          "3.", "Dora", "−3"]
    assert "<b>" not in svg and "href" not in svg
    assert text(result).splitlines()[1:3] == ['1. A"<b> +3', "1. Ben +3"]


def test_a_long_name_is_cut_on_the_picture_but_not_in_the_text():
    name = "Bartholomäus-Friedrich"
    result = Result("Stammtisch", 1, dt.date(2026, 1, 8), 0, ((name, 0),))
    assert "Bartholomäus-…" in _said(picture(result))
    assert name in text(result) and standings_line(result) == f"{name} 0"


def test_the_picture_speaks_english():
    result = Result("Stammtisch", 12, dt.date(2026, 11, 28), 2,
                    (("Anna", 4), ("Ben", -4)), {"Anna": 40, "Ben": -40})
    with speaking("en"):
        said = _said(picture(result))
        assert text(result).splitlines()[0] == "Stammtisch · Evening 12 · 28 Nov 2026"
    assert said[1] == "Evening 12 · 28 Nov 2026 · 2 games"
    assert said[2:6] == ["1.", "Anna", "+4", "+€0.40"]
