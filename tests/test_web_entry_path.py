"""One save, one typed path (issue #34): the entry form makes one typed entry
(scorer.core.scoring.GameEntry), the services and the core take it as it is, and the core
reads it once, whether it was typed now or kept on a phone that left its players to the
rotation. What is stored stays the JSON it always was."""

from __future__ import annotations

import sys
from typing import Any

import pytest
from test_web_sync import FIVE, fields, send

from scorer.core.scoring import GameEntry


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every call of the core's parse_game from now on, wherever the app calls it from (the
    real one runs): what it was given."""
    from scorer.core import scoring

    real = scoring.parse_game
    calls: list[Any] = []

    def counting(data: Any, **kwargs: Any) -> Any:
        calls.append(data)
        return real(data, **kwargs)

    for name, module in list(sys.modules.items()):
        if name.startswith("scorer") and getattr(module, "parse_game", None) is real:
            monkeypatch.setattr(module, "parse_game", counting)
    return calls


def stored(app: Any) -> list[list[tuple[str, Any]]]:
    """Each game's stored facts, as the JSON has them (its keys in order)."""
    from sqlalchemy import select

    from scorer.store.extensions import db
    from scorer.store.models import Game

    with app.app_context():
        return [list(f.items()) for f in db.session.scalars(
            select(Game.facts).order_by(Game.position))]


def test_a_game_typed_on_the_entry_form_is_read_once_on_its_way_to_the_sheet(
        table, app, parses):
    table.create_group()
    sheet = table.start_evening()
    table.play(sheet, ("Anna", "Cem"), 130)
    table.client.get(sheet)  # the page after a save: its fold is kept
    parses.clear()
    saved = table.client.post(sheet + "spiel/neu", data=table.game_form(("Ben", "Dora"), 151))
    assert saved.status_code == 302
    assert len(parses) == 1 and isinstance(parses[0], GameEntry)
    anna, ben, cem, dora = (table.player_id(n) for n in ("Anna", "Ben", "Cem", "Dora"))
    assert stored(app)[1] == [("kind", "normal"), ("players", [anna, ben, cem, dora]),
                              ("re", [ben, dora]), ("re_eyes", 151)]


def test_a_game_with_0_augen_is_asked_about_and_still_read_once(table, parses):
    table.create_group(preset="bockrunde")
    sheet = table.start_evening()
    table.client.get(sheet)
    parses.clear()
    said = {"announced_re": "schwarz"}
    asked = table.enter(sheet, ("Anna", "Cem"), 240, **said)
    assert asked.status_code == 422 and "einen Stich gemacht hat" in asked.text
    assert parses == []  # the form asked the core whose trick matters, nothing was read
    table.play(sheet, ("Anna", "Cem"), 240, trickless="kontra", **said)
    assert len(parses) == 1


def test_a_game_a_phone_kept_without_its_players_is_read_once(table, app, parses):
    table.create_group(players=FIVE)
    sheet = table.start_evening(FIVE)
    table.client.get(sheet)
    parses.clear()
    answer = send(table, sheet, 1, fields(table, ("Cem", "Emil"), 151))
    assert answer.status_code == 201, answer.get_json()
    assert len(parses) == 1 and isinstance(parses[0], GameEntry)
    # Anna dealt and sat out: the rotation's four, named after the rest, as always.
    ben, cem, dora, emil = (table.player_id(n) for n in ("Ben", "Cem", "Dora", "Emil"))
    assert stored(app) == [[("kind", "normal"), ("re", [cem, emil]), ("re_eyes", 151),
                            ("players", [ben, cem, dora, emil])]]
