"""The Runde's year kept between requests (services.year): its pages ask the database as
often for many evenings as for one, and a worker that kept them shows what a worker that
keeps nothing shows, after every kind of change another worker made."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.test_web_kept_folds import queries
from tests.year_pages import FIVE, close, evening_on, play_season, post_ok, set_absent, set_ranking

PAGES = ["", "?saison=2025-01-01", "kasse/", "kasse/bericht?saison=2025-01-01",
         "bestenliste", "statistik?saison=2025-01-01", "saison/spieler/{ben}"]


ONE_TIME_KEY = re.compile(r'name="entry_key" (?:type="hidden" )?value="[^"]*"')


def test_the_years_pages_ask_the_database_as_often_for_six_evenings_as_for_two(app, table):
    from scorer.store import fold_cache

    table.create_group(players=FIVE)
    runde = f"/r/{table.token}/"
    pages = [runde + p.format(ben=table.player_id("Ben")) for p in PAGES]

    def fresh_and_kept() -> list[tuple[int, int]]:
        with app.app_context():
            fold_cache.cache().clear()  # nothing kept: every evening is read
        return [(queries(app, table.client, url), queries(app, table.client, url))
                for url in pages]

    play_season(table)
    post_ok(table, runde + "kasse/eintrag", {"kind": "expense", "date": "2025-12-12",
                                             "text": "Karten", "amount": "4,50"})
    two = fresh_and_kept()
    for week in range(4):
        day = dt.date(2025, 4, 10) + dt.timedelta(days=7 * week)
        sheet = evening_on(table, day.isoformat(), ("Anna", "Ben", "Cem", "Emil"))
        table.play(sheet, ("Ben", "Cem"), 151)
        close(table, sheet)
    assert fresh_and_kept() == two
    # Kept, a page reads the Runde, its players, the evenings' versions and the year's
    # settings (the Kasse also its newest change), after BEGIN: six at most, whatever the
    # evenings.
    assert max(kept for _, kept in two) <= 6, two


@pytest.fixture
def second_worker(app: Any, app_config: dict[str, Any]) -> Iterator[Any]:
    """Another instance of the app on the same database."""
    from scorer.app import create_app
    from scorer.store.extensions import db

    other = create_app(app_config)
    yield other
    with other.app_context():
        db.engine.dispose()


def test_a_worker_that_kept_the_year_shows_every_change_another_worker_made(
        app, table, second_worker):
    table.create_group(players=FIVE)
    sheets = play_season(table)
    runde = f"/r/{table.token}/"
    pages = [runde + p.format(ben=table.player_id("Ben")) for p in PAGES]
    other = second_worker.test_client()

    def read(client: Any) -> list[str]:
        # A money form's one-time key is new on every page drawn (not something kept).
        return [ONE_TIME_KEY.sub('name="entry_key" value=""', client.get(p).text)
                for p in pages]

    def as_a_worker_keeping_nothing_shows() -> list[str]:
        second_worker.extensions["doko_folds"].clear()
        return read(other)

    dora, emil = table.player_id("Dora"), table.player_id("Emil")
    steps: list[tuple[str, Callable[[], Any]]] = [
        ("a charge paid", lambda: post_ok(table, runde + "kasse/bezahlt", {
            "abend": "2", "spieler": str(dora), "betrag": "40"})),
        ("an expense", lambda: post_ok(table, runde + "kasse/eintrag", {
            "kind": "expense", "date": "2025-12-12", "text": "Karten", "amount": "4,50"})),
        ("the ranking method", lambda: set_ranking(table, "table_points", absent=-3)),
        ("what the absent pay", lambda: set_absent(table, "as_last")),
        ("an own season", lambda: post_ok(table, runde + "saisons/neu", {
            "name": "Frühjahr 2025", "start": "2025-03-10"})),
        ("a player renamed", lambda: post_ok(table, f"{runde}spieler/{emil}",
                                             {"name": "Emilia"})),
        ("an evening reopened", lambda: post_ok(table, sheets[1] + "oeffnen",
                                                {"revision": "2"})),
        ("a game added", lambda: table.play(sheets[1], ("Dora", "Emilia"), 151,
                                            players=("Anna", "Cem", "Dora", "Emilia"))),
    ]
    before = read(other)
    for what, step in steps:
        step()
        seen = read(other)
        expected = as_a_worker_keeping_nothing_shows()
        for page, shown, wanted in zip(pages, seen, expected):
            assert shown == wanted, f"{what}: the other worker showed an old {page}"
        assert seen != before, f"{what}: nothing changed"
        before = seen
