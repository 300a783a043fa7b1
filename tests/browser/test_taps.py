"""Taps per game on a 360 px phone, counted from the sheet until the sheet shows the game.

Every tap counts, and so does bringing the focus to the Augen field if the page does not
take it there itself; typing the Augen does not. The issue's budget: a normal game without
announcements takes at most 4 taps plus typing the Augen.
"""

from __future__ import annotations

import pytest

from scorer.evening import evening

pytestmark = pytest.mark.browser

SEATS = ["Anna", "Ben", "Cem", "Dora", "Emil"]

NORMAL = {"re": ["Ben", "Cem"], "re_eyes": 151}
RE_KEINE_90_FOX = {"re": ["Cem", "Anna"], "re_eyes": 190, "announced": {"re": "keine_90"},
                   "extras": {"re": {"fuchs_gefangen": 1}}}
SOLO = {"kind": "solo", "solo": "damen", "re": ["Dora"], "re_eyes": 130}

BUDGET = {
    "(a) normal game, no announcements": (NORMAL, 4),
    "(b) Re, keine 90, a fox caught": (RE_KEINE_90_FOX, 6),
    "(c) Damensolo": (SOLO, 5),
}
"""Game and the most taps it may take: (a) is the issue's budget, (b) and (c) what it takes
today (open, the choices that differ from the defaults, Speichern), so a regression shows."""


def test_a_normal_game_takes_at_most_four_taps_plus_the_augen(phone, count_taps):
    table = phone(360, 740, checks=False)  # the evening test checks these pages already
    table.start_evening(SEATS)
    for number, (kind, (game, most)) in enumerate(BUDGET.items(), start=1):
        taps = table.enter_game(game, number)
        count_taps(kind, taps)
        assert taps <= most, f"{kind}: {taps} taps, at most {most} expected"
    games = [game for game, _ in BUDGET.values()]
    assert table.totals() == evening({"rules": "bockrunde", "seats": SEATS,
                                      "first_dealer": "Anna", "games": games}).totals
