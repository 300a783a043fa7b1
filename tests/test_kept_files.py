"""What a worker computed of the Runde's year, kept on disk for a worker that has nothing kept
(scorer.store.kept_files): a fresh worker's first look at the year reads it back instead of
folding every evening again (and loads the templates another worker compiled), and shows
exactly what a worker that keeps nothing anywhere shows, after every kind of change."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.test_web_kept_folds import statements
from tests.test_web_year_kept import ONE_TIME_KEY, PAGES
from tests.year_pages import FIVE, close, play_season, post_ok, set_absent, set_ranking


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


def test_a_fresh_worker_reads_the_year_and_what_its_pages_added_up(app, table, workers,
                                                                     tmp_path):
    table.create_group(players=FIVE)
    play_season(table)
    runde = f"/r/{table.token}/"
    pages = [runde + "bestenliste", runde + "statistik"]
    shown = read(app.test_client(), pages)
    kept = tmp_path / "kept"
    year = [p for p in kept.glob("*/year-*.pickle") if p.stem.count("-") == 1]
    assert len(year) == 1  # the year as its pages read it, the evenings' parts in it
    added = sorted(p.name.split("-alle-")[1] for p in kept.glob("*/year-*-alle-*.pickle"))
    assert added == ["records.pickle", "season_chart-de.pickle", "stats.pickle"]

    def evenings_read(worker: Any) -> list[str]:
        # The evenings' own rows (a year computed anew reads each evening's date).
        return [s for s in statements(worker, worker.test_client(), pages)
                if "evenings.played_on" in s or "FROM games" in s]

    assert not evenings_read(workers())
    assert read(workers().test_client(), pages) == shown
    year[0].unlink()  # without it, the year is computed again from the evenings' files
    assert evenings_read(workers())
    assert read(workers().test_client(), pages) == shown
    nothing = workers(files=False)
    asked = statements(nothing, nothing.test_client(), pages[:1])
    assert [s for s in asked if "FROM games" in s]  # a worker without files folds them


YEAR_PAGES = ["", "kasse/", "bestenliste", "bestenliste?saison=2025-01-01", "statistik",
              "statistik?saison=2025-01-01"]
"""The pages that add up the year: the Runde page, the Kasse, the Bestenliste and the
Statistik of all evenings and of a season (the Statistik read in English too: its charts
are worded)."""


def read_year(worker: Any, runde: str) -> list[str]:
    """What ``worker`` shows of YEAR_PAGES (and the Statistik in English)."""
    english = worker.test_client()
    english.set_cookie("sprache", "en")
    return read(worker.test_client(), [runde + p for p in YEAR_PAGES]) + read(
        english, [runde + "statistik", runde + "statistik?saison=2025-01-01"])


def shows_what_a_worker_without_files_shows(app: Any, workers: Callable[..., Any], runde: str,
                                            steps: list[tuple[str, Callable[[], Any]]]) -> None:
    """After each step: a fresh worker first, with the files kept before the step (which
    must not be shown), then another once the first kept the new ones, show what a worker
    with no files at all shows; and every step changes something shown."""
    read_year(app, runde)  # the files kept at the start
    before = read_year(workers(files=False), runde)
    for what, step in steps:
        step()
        expected = read_year(workers(files=False), runde)
        assert expected != before, f"{what}: nothing changed"
        first = read_year(workers(), runde)
        second = read_year(workers(), runde)
        pages = YEAR_PAGES + ["statistik (en)", "statistik?saison=2025-01-01 (en)"]
        for page, a, b, wanted in zip(pages, first, second, expected):
            assert a == wanted, f"{what}: a fresh worker showed an old {page}"
            assert b == wanted, f"{what}: a fresh worker showed the kept {page} wrong"
        before = expected


def test_after_every_change_to_an_evening_a_fresh_worker_shows_what_a_worker_without_files_shows(
        app, table, workers):
    table.create_group(players=FIVE)
    sheets = play_season(table)
    runde = f"/r/{table.token}/"
    four = ("Anna", "Cem", "Dora", "Emil")
    # What each evening's kept part (services.year.EveningDigest) is keyed by: its games,
    # its closing; the year (and what its pages add up) by every evening's.
    steps: list[tuple[str, Callable[[], Any]]] = [
        ("an evening reopened", lambda: post_ok(table, sheets[1] + "oeffnen",
                                                {"revision": "2"})),
        ("a game added", lambda: table.play(sheets[1], ("Dora", "Emil"), 151, players=four)),
        ("a game edited", lambda: post_ok(
            table, sheets[1] + f"spiel/{table.game_ids()[-1]}/",
            {**table.game_form(("Anna", "Emil"), 200, players=four), "revision": "1"})),
        ("a game deleted", lambda: post_ok(table, sheets[1] + f"spiel/{table.game_ids()[-1]}"
                                           "/loeschen", {"revision": "2"})),
        ("an evening closed", lambda: close(table, sheets[1])),
    ]
    shows_what_a_worker_without_files_shows(app, workers, runde, steps)


def test_after_every_change_to_the_runde_a_fresh_worker_shows_what_a_worker_without_files_shows(
        app, table, workers):
    table.create_group(players=FIVE)
    play_season(table)
    runde = f"/r/{table.token}/"
    emil, dora = table.player_id("Emil"), table.player_id("Dora")
    # The year's key holds the Runde's players and settings in time and the version every
    # change to the Kasse raises: none of them is in an evening's kept part.
    steps: list[tuple[str, Callable[[], Any]]] = [
        ("a player renamed", lambda: post_ok(table, f"{runde}spieler/{emil}",
                                             {"name": "Emilia"})),
        ("a member added", lambda: post_ok(table, runde + "spieler", {"name": "Hugo"})),
        ("the ranking from a day on", lambda: set_ranking(table, "table_points", absent=-3,
                                                          since="2025-01-01")),
        ("what the absent pay from a day on", lambda: set_absent(table, "as_last",
                                                                 since="2025-03-10")),
        ("an own season", lambda: post_ok(table, runde + "saisons/neu", {
            "name": "Frühjahr 2025", "start": "2025-01-01"})),
        ("the rating switched on", lambda: post_ok(table, runde + "statistik/wertung",
                                                   {"rating": "1"})),
        ("a charge paid", lambda: post_ok(table, runde + "kasse/bezahlt", {
            "abend": "2", "spieler": str(dora), "betrag": "40"})),
        ("an expense", lambda: post_ok(table, runde + "kasse/eintrag", {
            "kind": "expense", "date": "2025-12-12", "text": "Karten", "amount": "4,50"})),
        ("a fine", lambda: post_ok(table, runde + "kasse/posten", {
            "posten-player": str(table.player_id("Ben")), "posten-kind": "fine",
            "posten-text": "zu spät", "posten-amount": "0,50", "posten-date": "2025-03-13"})),
    ]
    shows_what_a_worker_without_files_shows(app, workers, runde, steps)


def test_a_damaged_or_foreign_file_is_computed_again(app, table, workers, tmp_path):
    import hashlib

    def checksum(data: bytes, secret: str = app.config["SECRET_KEY"]) -> bytes:
        key = hashlib.sha256(secret.encode()).digest()
        return hashlib.blake2b(data, digest_size=16, key=key).digest()

    table.create_group(players=FIVE)
    play_season(table)
    runde = f"/r/{table.token}/"
    pages = [runde + p.format(ben=table.player_id("Ben")) for p in PAGES] + [
        runde + "statistik"]
    shown = read(app.test_client(), pages)
    files = sorted((tmp_path / "kept").glob("*/year-*.pickle"))
    assert len(files) >= 6  # two evenings, the year, what its pages added up
    # A file written by other code: whole, but its pickle names a class there is no more.
    foreign = b"cscorer.services.gone\nThing\n."
    for k, path in enumerate(files):
        data = path.read_bytes()
        if k % 4 == 0:
            path.write_bytes(data[:40])  # cut off
        elif k % 4 == 1:
            path.write_bytes(b"not a pickle at all")
        elif k % 4 == 2:  # one byte changed in the middle (a packed part, say)
            middle = len(data) // 2
            path.write_bytes(data[:middle] + bytes([data[middle] ^ 1]) + data[middle + 1:])
        else:
            path.write_bytes(checksum(foreign) + foreign)
    fresh = workers()
    asked = statements(fresh, fresh.test_client(), pages[:1])
    assert [s for s in asked if "FROM games" in s]
    assert read(fresh.test_client(), pages) == shown


class Figures:
    """A value to pack (a class of this module, so that it can go)."""

    def __init__(self, points: int) -> None:
        self.points = points

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Figures) and other.points == self.points


def test_a_packed_value_is_unpickled_only_when_it_is_read(monkeypatch):
    import pickle
    import sys

    from scorer.store.kept_files import Packed

    packed = Packed(Figures(3))
    data = pickle.dumps(packed)
    assert pickle.loads(data) == packed and pickle.loads(data).value.points == 3
    # Read back, it is its pickle's bytes until read: a class gone meanwhile is noticed
    # only then (the folder of kept files is named by the code, so it never is).
    monkeypatch.delattr(sys.modules[__name__], "Figures")
    back = pickle.loads(data)
    with pytest.raises(AttributeError):
        _ = back.value
    # Until read, it pickles again as the same bytes, not unpickled and pickled again.
    assert pickle.dumps(back) == data


class _Planted:
    """A pickle that touches a file as it is read: what a stranger's file could do."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[Any, ...]:
        return (Path.touch, (self.marker,))


def test_a_file_not_checked_with_this_apps_secret_is_never_unpickled(tmp_path):
    import hashlib
    import pickle

    from scorer.store.kept_files import KeptFiles

    secret = hashlib.sha256(b"this app").digest()
    kept = KeptFiles(tmp_path / "kept", "sqlite://", secret)
    kept.put("thing", 1, "value")
    assert kept.get("thing", 1) == "value"
    marker = tmp_path / "ran"
    planted = pickle.dumps((1, _Planted(marker)))
    for key in (b"", hashlib.sha256(b"another app").digest(), secret):
        (kept.folder / "thing.pickle").write_bytes(
            hashlib.blake2b(planted, digest_size=16, key=key).digest() + planted)
        kept.get("thing", 1)
        # Unkeyed or another app's key: never read. This app's key: read (so the check
        # above is what kept the others out).
        assert marker.exists() == (key == secret), key


def test_a_folder_of_another_user_is_not_used(app_config, tmp_path):
    import os

    from scorer.app import create_app

    if os.getuid() != 0:
        pytest.skip("only root can give a folder to another user")
    folder = tmp_path / "kept"
    folder.mkdir()
    os.chown(folder, 65534, 65534)
    app = create_app({**app_config, "DOKO_KEPT_FOLDER": str(folder)})
    assert app.extensions["doko_kept_files"] is None
    mine = create_app({**app_config, "DOKO_KEPT_FOLDER": str(tmp_path / "mine")})
    assert mine.extensions["doko_kept_files"] is not None
