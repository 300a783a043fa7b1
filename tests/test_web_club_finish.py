"""Ending a club round with "angefangene Spiele dürfen noch eingetragen werden" (issue 37,
DDV practice: a started game is finished): a table short of its plan enters the one game it
started and closes after it; a complete table closes at once; without the choice nothing
more is entered. The ranking counts the finished game as the core does."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from tests.club_helpers import NINE, Club, as_shown, shown_ranking


@pytest.fixture
def club(app: Any, client: Any) -> Club:
    return Club(app, client)


def games_on(table: Any, client: Any) -> int:
    return client.get(table.sheet + "stand").get_json()["games"]


def try_game(club: Club, table: Any, client: Any) -> bool:
    """Send the next game the rotation names (as Club.play does): whether it was stored."""
    ids = club.ids(table.token)
    four = table.ledger().next.players
    before = games_on(table, client)
    client.post(table.sheet + "spiel/neu", data={
        "entry_key": str(uuid.uuid4()), "players": [str(ids[p]) for p in four],
        "re": [str(ids[p]) for p in four[:2]], "re_eyes": "130"})
    return games_on(table, client) == before + 1


def test_a_started_game_is_finished_after_the_round_ended(club, app):
    club.create(NINE, planned=4, rounds=2)
    club.draw(seed=5)
    club.start(1)
    four, five = sorted(club.tables.values(), key=lambda t: len(t.seats))
    club.play(four, four.planned)           # done
    club.play(five, 2)                       # 2 of 5: a game under way when time is up
    page = club.post("runde/1/beenden", {"angefangene": "1"})
    assert "Angefangene Spiele dürfen noch eingetragen werden" in page.text
    assert "Tisch 2: spielt das angefangene Spiel zu Ende" in page.text
    phone = app.test_client()
    sheet = phone.get(five.sheet).text
    assert "nur das angefangene Spiel 3 noch eintragen" in sheet
    assert "abgeschlossen" in phone.get(four.sheet).text  # the complete table is closed
    club.play(five, 1, client=phone)         # the started game
    assert "abgeschlossen" in phone.get(five.sheet).text
    assert not try_game(club, five, phone)  # and no further one
    assert len(five.ledger().games) == 3
    ranking = shown_ranking(club.client.get(club.home + "rangliste").text)
    assert ranking == as_shown(club.expected(NINE))


def test_without_the_choice_the_round_closes_every_table_at_once(club, app):
    club.create(NINE, planned=4, rounds=2)
    club.draw(seed=5)
    club.start(1)
    table = club.tables[(1, 1)]
    club.play(table, 1)
    club.end(1)
    assert not try_game(club, table, app.test_client())


def test_the_next_round_closes_a_table_that_had_no_game_left_to_finish(club, app):
    club.create(NINE, planned=4, rounds=2)
    club.draw(seed=5)
    club.start(1)
    table = club.tables[(1, 1)]
    club.play(table, 1)
    club.post("runde/1/beenden", {"angefangene": "1"})
    club.draw(seed=6)
    club.start(2)
    assert "abgeschlossen" in app.test_client().get(table.sheet).text
    assert not try_game(club, table, app.test_client())


def changes_of(app: Any, table: Any) -> list[tuple[int, int, int]]:
    """The table's history as (event id, game id, game number), oldest first."""
    from sqlalchemy import select

    from scorer.store.extensions import db
    from scorer.store.models import Evening, GameEvent, Group

    with app.app_context():
        rows = db.session.execute(
            select(GameEvent.id, GameEvent.game_id, GameEvent.game_number)
            .join(Evening, Evening.id == GameEvent.evening_id).join(Group)
            .where(Group.edit_token == table.token).order_by(GameEvent.id)).all()
        db.session.remove()
    return [tuple(r) for r in rows]


def test_a_finishing_table_may_only_enter_its_started_game(club, app):
    """The tester undid game 2 of a table after its round ended and the standings changed:
    the table's own link may no longer undo, delete or edit what counted, only enter the
    started game; its sheet offers neither (issue 37)."""
    club.create(NINE, planned=4, rounds=2)
    club.draw(seed=5)
    club.start(1)
    four, five = sorted(club.tables.values(), key=lambda t: len(t.seats))
    club.play(four, four.planned)
    phone = app.test_client()
    club.play(five, 2, client=phone)
    club.post("runde/1/beenden", {"angefangene": "1"})
    (*_, (event, game, number)) = changes_of(app, five)
    assert number == 2
    sheet = phone.get(five.sheet).text
    assert f"/rueckgaengig/{event}" not in sheet
    assert f"/spiel/{game}/loeschen" not in sheet
    assert "Tisch ändern" not in sheet
    page = phone.post(five.sheet + f"rueckgaengig/{event}", follow_redirects=True).text
    assert "Korrekturen macht die Turnierleitung" in page
    assert games_on(five, phone) == 2
    phone.post(five.sheet + f"spiel/{game}/loeschen", data={"revision": "1"})
    assert games_on(five, phone) == 2
    sheet = phone.get(five.sheet).text
    assert "nur das angefangene Spiel 3 noch eintragen" in sheet
    assert "Spiel 3 eintragen" in sheet
    club.play(five, 1, client=phone)  # the started game: then the table closes
    assert games_on(five, phone) == 3
    assert "abgeschlossen" in phone.get(five.sheet).text


def test_the_turnierleitung_still_corrects_a_finishing_table(club, app):
    """The organiser's device may take back a game of a finishing table; the sheet then
    names the game the table may still enter as the next one, and it closes after it."""
    club.create(NINE, planned=4, rounds=2)
    club.draw(seed=5)
    club.start(1)
    four, five = sorted(club.tables.values(), key=lambda t: len(t.seats))
    club.play(four, four.planned)
    club.play(five, 2)
    club.post("runde/1/beenden", {"angefangene": "1"})
    (*_, (event, _game, _number)) = changes_of(app, five)
    club.client.post(five.sheet + f"rueckgaengig/{event}")  # the organiser's session
    assert games_on(five, club.client) == 1
    five.games.pop()
    sheet = app.test_client().get(five.sheet).text
    assert "nur das angefangene Spiel 2 noch eintragen" in sheet
    assert "Tisch ändern" in club.client.get(five.sheet).text  # the organiser's device
    assert "Spiel 2 eintragen" in sheet
    club.play(five, 1)
    assert games_on(five, club.client) == 2
    assert "abgeschlossen" in app.test_client().get(five.sheet).text
