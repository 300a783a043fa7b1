"""What a worker computed of the Runde's year, kept on disk for a worker that has nothing kept
(scorer.store.kept_files): a fresh worker's first look at the year reads it back instead of
folding every evening again (and loads the templates another worker compiled), and shows
exactly what a worker that keeps nothing anywhere shows, after every kind of change."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.test_web_year_kept import ONE_TIME_KEY, PAGES
from tests.year_pages import FIVE, play_season, post_ok


@pytest.fixture
def app_config(app_config: dict[str, Any], tmp_path: Path) -> dict[str, Any]:
    """The test configuration with a folder of kept files (a test app keeps none unless
    it names one)."""
    return {**app_config, "DOKO_KEPT_FOLDER": str(tmp_path / "kept")}


@pytest.fixture
def workers(app: Any, app_config: dict[str, Any]) -> Iterator[Callable[..., Any]]:
    """Make another instance of the app on the same database: with the same folder of kept
    files (a fresh worker of the same machine), or with none (``files=False``)."""
    from scorer.app import create_app
    from scorer.store.extensions import db

    made = []

    def make(files: bool = True) -> Any:
        config = dict(app_config)
        if not files:
            del config["DOKO_KEPT_FOLDER"]
        other = create_app(config)
        made.append(other)
        return other

    yield make
    for other in made:
        with other.app_context():
            db.engine.dispose()


def statements(app: Any, client: Any, urls: list[str]) -> list[str]:
    """The SQL statements GETs of ``urls`` run (each must answer 200)."""
    from sqlalchemy import event

    from scorer.store.extensions import db

    seen: list[str] = []

    def note(*args: Any) -> None:
        seen.append(args[2])

    with app.app_context():
        event.listen(db.engine, "before_cursor_execute", note)
        try:
            for url in urls:
                assert client.get(url).status_code == 200, url
        finally:
            event.remove(db.engine, "before_cursor_execute", note)
    return seen


def read(client: Any, pages: list[str]) -> list[str]:
    # A money form's one-time key is new on every page drawn (not something kept).
    return [ONE_TIME_KEY.sub('name="entry_key" value=""', client.get(p).text) for p in pages]


def test_a_fresh_worker_reads_the_evenings_another_worker_kept_instead_of_their_games(
        app, table, workers, tmp_path):
    table.create_group(players=FIVE)
    play_season(table)
    runde = f"/r/{table.token}/"
    pages = [runde + p.format(ben=table.player_id("Ben")) for p in PAGES]
    shown = read(app.test_client(), pages)  # this worker folds every evening, and keeps them
    assert len(list((tmp_path / "kept").glob("*/year-evening-*.pickle"))) == 2

    fresh = workers()
    asked = statements(fresh, fresh.test_client(), pages)
    assert not [s for s in asked if "FROM games" in s], asked  # no evening folded again
    assert read(fresh.test_client(), pages) == shown
    # The templates it compiled are kept too (the tests' own app keeps them in memory), and
    # a worker loading them shows the same pages.
    assert len(list((tmp_path / "kept" / "templates").glob("*.cache"))) >= 3
    assert read(workers().test_client(), pages) == shown
    nothing = workers(files=False)
    asked = statements(nothing, nothing.test_client(), pages[:1])
    assert [s for s in asked if "FROM games" in s]  # a worker without files folds them


def test_after_every_kind_of_change_a_fresh_worker_shows_what_a_worker_without_files_shows(
        app, table, workers):
    table.create_group(players=FIVE)
    sheets = play_season(table)
    runde = f"/r/{table.token}/"
    pages = [runde, runde + "kasse/", runde + "statistik?saison=2025-01-01"]
    emil = table.player_id("Emil")
    # What each evening's kept part (services.year.EveningDigest) is keyed by: its games,
    # its closing, the names it shows; the Runde's settings are not in it.
    steps: list[tuple[str, Callable[[], Any]]] = [
        ("a player renamed", lambda: post_ok(table, f"{runde}spieler/{emil}",
                                             {"name": "Emilia"})),
        ("an evening reopened", lambda: post_ok(table, sheets[1] + "oeffnen",
                                                {"revision": "2"})),
        ("a game added", lambda: table.play(sheets[1], ("Dora", "Emilia"), 151,
                                            players=("Anna", "Cem", "Dora", "Emilia"))),
        ("a game deleted", lambda: post_ok(table, sheets[1] + f"spiel/{table.game_ids()[-1]}"
                                           "/loeschen", {"revision": "1"})),
    ]
    read(app.test_client(), pages)  # the files kept at the start
    before = read(workers(files=False).test_client(), pages)
    for what, step in steps:
        step()
        expected = read(workers(files=False).test_client(), pages)
        assert expected != before, f"{what}: nothing changed"
        # The files hold what was kept before the change: a fresh worker must not show it.
        first = read(workers().test_client(), pages)
        # And once a worker kept what the database holds now, a fresh one reads that back.
        second = read(workers().test_client(), pages)
        for page, a, b, wanted in zip(pages, first, second, expected):
            assert a == wanted, f"{what}: a fresh worker showed an old {page}"
            assert b == wanted, f"{what}: a fresh worker showed the kept {page} wrong"
        before = expected


def test_a_damaged_or_foreign_file_is_folded_again(app, table, workers, tmp_path):
    table.create_group(players=FIVE)
    play_season(table)
    runde = f"/r/{table.token}/"
    pages = [runde + p.format(ben=table.player_id("Ben")) for p in PAGES]
    shown = read(app.test_client(), pages)
    files = sorted((tmp_path / "kept").glob("*/year-evening-*.pickle"))
    assert len(files) == 2
    files[0].write_bytes(files[0].read_bytes()[:40])  # cut off
    files[1].write_bytes(b"not a pickle at all")
    fresh = workers()
    asked = statements(fresh, fresh.test_client(), pages[:1])
    assert [s for s in asked if "FROM games" in s]
    assert read(fresh.test_client(), pages) == shown
