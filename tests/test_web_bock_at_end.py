"""Bock games left at the end of an evening, through the pages (RULES.md §10.2, issue: a
bockrunde evening said "Der Abend ist fertig" with Bock games still queued and the closed
sheet printed "Noch 23 Bockspiele ×2" without a word on what becomes of them).

bockrunde, four players, Anna deals first: 120:120 in game 1 queues one round of four ×2;
games 2–4 each use one slot, so after four planned games one Bock game is left.
"""

from __future__ import annotations

import html
import io
import re
from typing import Any

import pytest
from conftest import fetch_pdf, game_entry
from pypdf import PdfReader

TIE = (("Anna", "Cem"), 120)  # 120:120: Kontra wins with 120, one Bock round follows
PLAIN = (("Ben", "Dora"), 130)


def _text(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def _evening(table: Any, mode: str, games: int = 4, **more: Any) -> str:
    sheet = table.start_evening(planned_games=4, bock_at_end=mode, **more)
    table.play(sheet, *TIE)
    for _ in range(games - 1):
        table.play(sheet, *PLAIN)
    return sheet


def _close(table: Any, sheet: str) -> Any:
    # The evening's revision counts closings and settlements, not games: 1 for a new one.
    return table.client.post(sheet + "schliessen", data={"revision": "1"},
                             follow_redirects=True)


@pytest.fixture
def bockrunde(table: Any) -> Any:
    table.create_group(preset="bockrunde")
    return table


def test_drop_says_when_the_plan_is_done_that_the_last_bock_game_lapses(bockrunde: Any) -> None:
    sheet = _evening(bockrunde, "drop")
    page = _text(bockrunde.client.get(sheet).text)
    assert "Der Abend ist fertig" in page
    assert "Ein Bockspiel verfällt mit dem Ende des Abends." in page
    closed = _text(_close(bockrunde, sheet).text)
    # Said once (tester finding: the message and the sheet both said it), and the Bock line
    # no longer promises the lapsed game as still to come.
    assert "Abend abgeschlossen." in closed
    assert closed.count("Ein Bockspiel verfällt mit dem Ende des Abends.") == 1
    assert "Noch 1 Bockspiel" not in closed
    assert "Beim Ende offen: 1 Bockspiel ×2" in closed


def test_play_out_is_not_done_while_bock_games_are_left(bockrunde: Any) -> None:
    sheet = _evening(bockrunde, "play_out")
    page = _text(bockrunde.client.get(sheet).text)
    assert "Der Abend ist fertig" not in page
    assert "Die geplanten Spiele sind gespielt; noch ein Bockspiel, dann ist Schluss." in page
    bockrunde.play(sheet, *PLAIN)
    page = _text(bockrunde.client.get(sheet).text)
    assert "Der Abend ist fertig: alle 4 geplanten Spiele und alle Bockspiele sind gespielt." \
        in page
    assert bockrunde.ledger(sheet).bock_queue == ()


def test_the_rules_of_the_evening_say_what_becomes_of_bock_left_at_the_end(bockrunde: Any) -> None:
    sheet = _evening(bockrunde, "carry", games=1)
    assert ("Bockspiele, die am Ende des Abends noch offen sind, gehen in den nächsten Abend "
            "der Runde mit.") in _text(bockrunde.client.get(sheet).text)


def test_carry_hands_the_queue_to_the_next_evening_when_closed(bockrunde: Any) -> None:
    first = _evening(bockrunde, "carry")
    assert bockrunde.ledger(first).bock_queue == (2,)
    second = bockrunde.start_evening(planned_games=4, bock_at_end="carry")
    # Evening 1 is still open: nothing is carried yet.
    assert bockrunde.ledger(second).setup.bock_queue_start == ()
    closed = _text(_close(bockrunde, first).text)
    assert closed.count("Ein Bockspiel geht in den nächsten Abend der Runde mit.") == 1
    assert bockrunde.ledger(second).setup.bock_queue_start == (2,)
    bockrunde.play(second, *PLAIN)
    ledger = bockrunde.ledger(second)
    assert ledger.games[0].bock == 2
    assert ledger.totals["Ben"] == 2  # Re won: 1, ×2
    page = _text(bockrunde.client.get(second).text)
    assert "1 Bockspiel aus dem letzten Abend mitgebracht" in page


def test_an_evening_started_after_a_closed_one_starts_from_its_queue(bockrunde: Any) -> None:
    first = _evening(bockrunde, "carry")
    _close(bockrunde, first)
    second = bockrunde.start_evening(planned_games=4)
    assert bockrunde.ledger(second).setup.bock_queue_start == (2,)


def test_drop_carries_nothing(bockrunde: Any) -> None:
    first = _evening(bockrunde, "drop")
    _close(bockrunde, first)
    second = bockrunde.start_evening(planned_games=4)
    assert bockrunde.ledger(second).setup.bock_queue_start == ()


def test_closing_an_earlier_evening_recomputes_the_chain_after_it(bockrunde: Any) -> None:
    # Evening 2 has no games and is closed before evening 1: it carries nothing yet. Closing
    # evening 1 gives evening 2 its queue, which evening 2 (closed, carrying) hands on.
    first = _evening(bockrunde, "carry")
    second = bockrunde.start_evening(bock_at_end="carry")
    third = bockrunde.start_evening(bock_at_end="carry")
    _close(bockrunde, second)
    assert bockrunde.ledger(third).setup.bock_queue_start == ()
    _close(bockrunde, first)
    assert bockrunde.ledger(second).setup.bock_queue_start == (2,)
    assert bockrunde.ledger(third).setup.bock_queue_start == (2,)


def test_a_recorded_game_is_stored_by_player_id_and_folds_back_by_name(bockrunde: Any) -> None:
    # The services store every player of a game's facts by id (renaming never breaks an old
    # evening); a recorded game's points are per player, so they are keyed by id too.
    from scorer import services
    from scorer.store.extensions import db
    from scorer.store.models import Game

    sheet = bockrunde.start_evening()
    with bockrunde.app.app_context():
        evening = services.find_evening(services.find_group(bockrunde.token), 1)
        facts = {"kind": "recorded", "points": {"Anna": 3, "Ben": -1, "Cem": -1, "Dora": -1},
                 "note": "Strafpunkte"}
        services.add_game(evening, game_entry(facts, services.sheet(evening).ids),
                          "7d1a3f0e-0000-4000-8000-000000000001")
        stored = db.session.scalars(db.select(Game.facts)).one()
    assert set(stored["points"]) == {str(bockrunde.player_id(n)) for n in ("Anna", "Ben", "Cem",
                                                                           "Dora")}
    ledger = bockrunde.ledger(sheet)
    assert ledger.totals == {"Anna": 3, "Ben": -1, "Cem": -1, "Dora": -1}
    assert "Strafpunkte" in bockrunde.opened(sheet)  # the row's breakdown is its note


@pytest.mark.parametrize(("mode", "sentence"), [
    ("drop", "Ein Bockspiel verfällt mit dem Ende des Abends."),
    ("carry", "Ein Bockspiel geht in den nächsten Abend der Runde mit."),
])
def test_the_closed_evening_s_pdf_says_what_becomes_of_the_bock_left(
        bockrunde: Any, mode: str, sentence: str) -> None:
    sheet = _evening(bockrunde, mode)
    _close(bockrunde, sheet)
    pdf = fetch_pdf(bockrunde.client, sheet + "zettel.pdf")
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.data)).pages)
                    .split())
    assert "Offen nach Spiel 4" in text and sentence in text
