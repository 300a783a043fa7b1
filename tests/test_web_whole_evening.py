"""A whole evening through the pages, as the issue's definition of done describes it."""

from __future__ import annotations

import re

from scorer.core.evening import EveningSetup, describe_bock_queue, fold
from scorer.core.rules import preset

SEATS = ("Anna", "Ben", "Cem", "Dora")

# 22 games under the bockrunde preset: Bock from 120:120 and a lost Re, a solo, a
# Hochzeit with and one without partner, an Armut, a redeal, extras and announcements.
GAMES = [
    {"re": ["Anna", "Cem"], "re_eyes": 151},
    {"re": ["Ben", "Dora"], "re_eyes": 120},                                    # Bock ×2
    {"re": ["Anna", "Ben"], "re_eyes": 170, "announced": {"re": "ansage"}},
    {"kind": "solo", "solo": "damen", "re": ["Cem"], "re_eyes": 130},           # dealer stays
    {"re": ["Cem", "Dora"], "re_eyes": 95, "extras": {"kontra": {"fuchs_gefangen": 1}}},
    {"kind": "hochzeit", "re": ["Dora", "Anna"], "re_eyes": 140},
    {"re": ["Anna", "Dora"], "re_eyes": 200, "announced": {"re": "keine_90"}},
    {"kind": "redeal"},
    {"re": ["Ben", "Cem"], "re_eyes": 110, "announced": {"re": "ansage"}},     # lost Re: Bock
    {"re": ["Anna", "Cem"], "re_eyes": 125},
    {"kind": "armut", "re": ["Ben", "Dora"], "re_eyes": 150},
    {"re": ["Anna", "Ben"], "re_eyes": 90, "announced": {"kontra": "ansage"}},
    {"kind": "hochzeit", "re": ["Cem"], "re_eyes": 100},                         # no partner
    {"re": ["Cem", "Dora"], "re_eyes": 161, "extras": {"re": {"karlchen": 1}}},
    {"re": ["Anna", "Dora"], "re_eyes": 133},
    {"re": ["Ben", "Cem"], "re_eyes": 147, "extras": {"re": {"doppelkopf": 2}}},
    {"kind": "solo", "solo": "kreuz", "re": ["Dora"], "re_eyes": 181},
    {"re": ["Anna", "Ben"], "re_eyes": 128},
    {"re": ["Cem", "Dora"], "re_eyes": 72, "announced": {"kontra": "keine_90"}},
    {"re": ["Anna", "Cem"], "re_eyes": 156},
    {"re": ["Ben", "Dora"], "re_eyes": 121},
    {"re": ["Anna", "Dora"], "re_eyes": 139, "announced": {"kontra": "ansage"}},
]


def form_fields(table, game):
    """The taps and typing for one game."""
    fields = {"kind": game.get("kind", "normal")}
    if "solo" in game:
        fields["solo"] = game["solo"]
    for party, level in game.get("announced", {}).items():
        fields[f"announced_{party}"] = level
    for party, counts in game.get("extras", {}).items():
        for extra, n in counts.items():
            fields[f"extras_{party}_{extra}"] = str(n)
    return table.game_form(tuple(game.get("re", ())), game.get("re_eyes"), **fields)


def test_a_whole_evening_with_solo_hochzeit_bock_and_a_fix_three_games_back(table, client):
    table.create_group(preset="bockrunde", players=SEATS)
    sheet = table.start_evening(planned_games=24)
    typo = dict(GAMES[18], re_eyes=27)  # 27 typed instead of 72
    for game in GAMES[:18] + [typo] + GAMES[19:]:
        response = client.post(sheet + "spiel/neu", data=form_fields(table, game))
        assert response.status_code == 302, response.text

    wrong = fold(EveningSetup(preset("bockrunde"), SEATS, "Anna", 24),
                 GAMES[:18] + [typo] + GAMES[19:])
    assert table.ledger(sheet).totals == wrong.totals

    # Fix game 19, three games before the last, from its row on the sheet.
    page = client.get(sheet).text
    game_19 = table.game_ids()[18]
    assert f'spiel/{game_19}/">Spiel 19 ändern' in page
    form = client.get(sheet + f"spiel/{game_19}/").text
    revision = re.search(r'name="revision" type="hidden" value="(\d+)"', form).group(1)
    assert 'value="27"' in form
    fixed = client.post(sheet + f"spiel/{game_19}/",
                        data={**form_fields(table, GAMES[18]), "revision": revision})
    assert fixed.status_code == 302

    right = fold(EveningSetup(preset("bockrunde"), SEATS, "Anna", 24), GAMES)
    ledger = table.ledger(sheet)
    assert ledger.totals == right.totals != wrong.totals
    assert [g.bock for g in ledger.games] == [g.bock for g in right.games]
    assert any(g.bock > 1 for g in ledger.games)
    assert ledger.next == right.next
    assert sum(ledger.totals.values()) == 0

    page = client.get(sheet).text
    for name, total in right.totals.items():
        shown = f"+{total}" if total > 0 else f"−{-total}" if total < 0 else "0"
        assert f'<span class="total__name">{name}</span>\n        <span class="total__value">{shown}</span>' in page
    assert f"<dt>Geber</dt><dd>{right.next.dealer}</dd>" in page
    bock = describe_bock_queue(right.bock_queue) if right.bock_queue else "kein Bock"
    assert bock in page
    assert len(re.findall(r'<details class="game[ "]', page)) == 22
    assert ('<span class="cell-kind"><span class="cell-mark">S</span><small class="cell-dealer">' in page
            and '<span class="cell-kind"><span class="cell-mark">H</span><small class="cell-dealer">' in page)
    assert '<small class="cell-bock">×2</small>' in page
