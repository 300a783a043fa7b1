"""Fixtures for the web tests, flaskr-style: an app on a real SQLite file in tmp_path with
the real migrations applied, its test client and CLI runner. Core tests need none of this.
"""

from __future__ import annotations

import gc
import html
import json
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import jinja2
import jinja2.bccache
import pytest

import tests.budget  # noqa: F401  (registers and loads the Hypothesis profile)

TEST_DATABASE_URL = os.environ.get("TEST_DATABASE_URL")
"""A PostgreSQL URL to run the database tests against instead of SQLite (CI sets it)."""

DB_FIXTURES = {"app", "client", "runner", "table", "app_config"}

TAP_COUNTS: dict[str, int] = {}
"""Taps per kind of game, as the browser tests noted them (fixture ``count_taps``); they
come with the test reports, so this works with the tests spread over several workers."""
TAPS_FILE = Path(__file__).resolve().parent / "browser" / "artifacts" / "taps.json"


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.when == "call":
        for name, value in report.user_properties:
            if name == "taps":
                kind, taps = value
                TAP_COUNTS[kind] = taps


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Print the taps per game the browser tests counted, and keep them as an artifact."""
    if not TAP_COUNTS:
        return
    terminalreporter.section("taps per game (from the sheet until the sheet shows it)")
    for kind, taps in sorted(TAP_COUNTS.items()):
        terminalreporter.write_line(f"{kind}: {taps} taps + typing the Augen")
    TAPS_FILE.parent.mkdir(parents=True, exist_ok=True)
    TAPS_FILE.write_text(json.dumps(TAP_COUNTS, indent=2, sort_keys=True) + "\n",
                         encoding="utf-8")


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """Workers for ``-n auto`` (the README command): three for every two cores. Part of the
    suite waits rather than computes — on Chromium, on a server answering late on purpose,
    on a client the server must drop — and a worker more keeps the cores busy meanwhile (on
    this 2-core machine 3 workers took 4:31 where 2 took 5:13). xdist's own
    ``PYTEST_XDIST_AUTO_NUM_WORKERS`` still decides where it is set."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(2, (cores or 1) * 3 // 2)


def _shared_url_builders() -> None:
    """Werkzeug compiles two small Python functions per URL rule as an app is made (the URL
    builders, from an AST): nine tenths of ``create_app``'s 34 ms, paid by every one of the
    hundreds of apps this process makes. The functions depend only on the rule's text and
    parts (they reach the rule's converters through their ``self``), so a rule already
    compiled once in this process hands over its functions. A rule with defaults (which
    are folded into the function) is compiled as usual."""
    from werkzeug.routing import rules

    compile_builder = rules.Rule._compile_builder
    kept: dict[tuple[Any, ...], Any] = {}

    def shared(self: Any, append_unknown: bool = True) -> Any:
        if self.defaults:
            return compile_builder(self, append_unknown)
        key = (self.rule, tuple(self._trace), append_unknown)
        if key not in kept:
            kept[key] = compile_builder(self, append_unknown)
        return kept[key]

    rules.Rule._compile_builder = shared  # type: ignore[method-assign]


@pytest.hookimpl(trylast=True)
def pytest_configure(config: pytest.Config) -> None:
    """Before any test (each xdist worker too): a machine that names no language, so that the
    servers the tests start (a session's as much as a test's) print what their tests read
    whatever machine runs them (the terminal speaks the machine's language where the app
    offers it); and the catalogs compiled, as the app's start compiles them on a fresh clone,
    for a test that speaks English without making an app first (tests/test_core_english.py)."""
    from scorer.catalogs import compile_catalogs

    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        os.environ.pop(name, None)
    os.environ["LANG"] = "C.UTF-8"
    compile_catalogs()


def pytest_collection_finish(session: pytest.Session) -> None:
    """Garbage collection for a process that makes an app per test: what is loaded by now
    (the modules, the collected tests) stays, so the collector stops scanning it (freeze),
    and it runs its full collection less often. Each test leaves a whole app as cyclic
    garbage, so full collections came every few tests and took a fifth of the time of the
    database tests (measured: 41.6 s -> 33.6 s for four of their files); a worker holds
    some 100 MB more at its peak."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 100, 100)
    _shared_url_builders()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests that touch the database carry the `db` marker, so CI can rerun them on PostgreSQL."""
    for item in items:
        if DB_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.db)


def _empty_postgres(url: str) -> None:
    """Every test starts from an empty schema, like a fresh SQLite file."""
    import sqlalchemy as sa

    engine = sa.create_engine(url)
    with engine.begin() as connection:
        connection.execute(sa.text("DROP SCHEMA public CASCADE"))
        connection.execute(sa.text("CREATE SCHEMA public"))
    engine.dispose()


@pytest.fixture
def database_url(tmp_path: Path) -> str:
    """A real SQLite file in tmp_path, or the emptied PostgreSQL database of TEST_DATABASE_URL."""
    if TEST_DATABASE_URL:
        _empty_postgres(TEST_DATABASE_URL)
        return TEST_DATABASE_URL
    return f"sqlite:///{tmp_path / 'test.sqlite3'}"


@pytest.fixture
def app_config(database_url: str, tmp_path: Path) -> dict[str, Any]:
    """The test configuration; tests may change it before asking for ``app``."""
    return {
        "TESTING": True,
        "SECRET_KEY": "test",
        "SQLALCHEMY_DATABASE_URI": database_url,
        "WTF_CSRF_ENABLED": False,
        # Every test client is 127.0.0.1: the limits per client have tests of their own.
        "RATELIMIT_ENABLED": False,
        "DOKO_PDF_FOLDER": str(tmp_path / "zettel"),
    }


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file the real migrations brought to the newest revision, made once per
    worker; each test gets its own copy instead of running them again (400 tests)."""
    from flask_migrate import upgrade

    from scorer.app import create_app
    from scorer.store.extensions import db

    path = tmp_path_factory.mktemp("migrated") / "migrated.sqlite3"
    app = create_app({"TESTING": True, "SECRET_KEY": "test",
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"})
    with app.app_context():
        upgrade()
        db.engine.dispose()
    return path


def copy_migrated(uri: str, request: pytest.FixtureRequest) -> bool:
    """A SQLite file that does not exist yet starts as a copy of ``migrated_sqlite``: running
    the migrations on an empty file takes half a second, a copy a millisecond. True if it was
    copied; an existing file or a server's database still wants ``upgrade()``."""
    if not uri.startswith("sqlite:///"):
        return False
    fresh = Path(uri.removeprefix("sqlite:///"))
    if fresh.exists():
        return False
    shutil.copyfile(request.getfixturevalue("migrated_sqlite"), fresh)
    return True


def migrated_app(config: dict[str, Any], request: pytest.FixtureRequest) -> Any:
    """An app made from ``config`` on a database at the newest revision: a SQLite file not
    made yet starts as a copy of ``migrated_sqlite`` (``copy_migrated``), any other database
    is migrated."""
    from flask_migrate import upgrade

    from scorer.app import create_app

    copied = copy_migrated(config.get("SQLALCHEMY_DATABASE_URI", ""), request)
    app = create_app(config)
    if not copied:
        with app.app_context():
            upgrade()
    return app


class _CompiledTemplates(jinja2.BytecodeCache):
    """Templates compiled once per test process, not once per app (Jinja checks each
    template's source against what it compiled, so an edited template is compiled again)."""

    def __init__(self) -> None:
        self.kept: dict[str, bytes] = {}

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        if bucket.key in self.kept:
            bucket.bytecode_from_string(self.kept[bucket.key])

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self.kept[bucket.key] = bucket.bytecode_to_string()


COMPILED_TEMPLATES = _CompiledTemplates()


@pytest.fixture
def app(app_config: dict[str, Any], request: pytest.FixtureRequest) -> Iterator[Any]:
    """The app with the database migrated to the newest revision (a fresh SQLite file
    starts as a copy of ``migrated_sqlite``)."""
    from scorer.store.extensions import db

    app = migrated_app(app_config, request)
    app.jinja_env.bytecode_cache = COMPILED_TEMPLATES
    yield app
    with app.app_context():
        db.engine.dispose()


@pytest.fixture
def client(app: Any) -> Any:
    """A test client (one browser with its own session)."""
    return app.test_client()


@pytest.fixture
def runner(app: Any) -> Any:
    """The `flask` command line of the app."""
    return app.test_cli_runner()


def sql_rows(app: Any, sql: str) -> list[tuple[Any, ...]]:
    """The rows a plain SQL query gives on the app's database (the migration tests read
    tables the models may no longer describe)."""
    import sqlalchemy as sa

    from scorer.store.extensions import db

    with app.app_context():
        with db.engine.connect() as connection:
            return [tuple(row) for row in connection.execute(sa.text(sql))]


def csrf_token(html: str) -> str:
    """The CSRF token of the first form on a page."""
    match = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html)
    assert match, "no csrf_token on the page"
    return match.group(1)


class Table:
    """Drives the web app like a phone on the table: every step is a real request."""

    def __init__(self, app: Any, client: Any) -> None:
        self.app = app
        self.client = client
        self.token = ""

    # ------------------------------------------------------------------ Runde

    def create_group(self, name: str = "Donnerstagsrunde", preset: str = "ddv",
                     players: tuple[str, ...] = ("Anna", "Ben", "Cem", "Dora")) -> str:
        """A new Runde with players; returns its URL."""
        response = self.client.post("/", data={"name": name, "preset": preset})
        assert response.status_code == 302, response.text
        self.token = response.location.split("/")[2]
        for player in players:
            added = self.client.post(f"/r/{self.token}/spieler", data={"name": player})
            assert added.status_code == 302, added.text
        return f"/r/{self.token}/"

    def player_id(self, name: str) -> int:
        from sqlalchemy import select

        from scorer.store.extensions import db
        from scorer.store.models import Group, Player

        with self.app.app_context():
            return db.session.scalar(select(Player.id).join(Group).where(
                Group.edit_token == self.token, Player.name == name))

    def ids(self, *names: str) -> list[str]:
        return [str(self.player_id(n)) for n in names]

    # ------------------------------------------------------------------ evening

    def evening_form(self, seats: tuple[str, ...], first_dealer: str | None = None,
                     planned_games: int | None = None, cents: int = 10,
                     played_on: str = "2025-11-20", **options: Any) -> dict[str, Any]:
        """What the new-evening form posts: seats ticked and numbered, every rule option."""
        from scorer.web.pages.rule_forms import OPTION_NAMES

        with self.app.app_context():
            from scorer import services

            rules = services.house_rules(services.find_group(self.token)).to_dict()
        rules.update(options)
        data: dict[str, Any] = {
            "played_on": played_on,
            "present": self.ids(*seats),
            "first_dealer": str(self.player_id(first_dealer)) if first_dealer else "",
            "planned_games": "" if planned_games is None else str(planned_games),
            "cents_per_point": str(cents),
        }
        for k, pid in enumerate(self.ids(*seats)):
            data[f"seat-{pid}"] = str(k + 1)
        for name in OPTION_NAMES:
            value = rules[name]
            if isinstance(value, bool):
                if value:
                    data[f"rules-{name}"] = "y"
            elif isinstance(value, list):
                data[f"rules-{name}"] = value
            else:
                data[f"rules-{name}"] = str(value)
        return data

    def start_evening(self, seats: tuple[str, ...] = ("Anna", "Ben", "Cem", "Dora"),
                      **kwargs: Any) -> str:
        """Start an evening; returns the sheet URL."""
        response = self.client.post(f"/r/{self.token}/abend/neu",
                                    data=self.evening_form(seats, **kwargs))
        assert response.status_code == 302, response.text
        return response.location

    # ------------------------------------------------------------------ games

    def game_form(self, re: tuple[str, ...] = (), eyes: int | str | None = None,
                  players: tuple[str, ...] | None = None, **fields: Any) -> dict[str, Any]:
        """The entry form's fields for a game, players given by name."""
        import uuid

        data: dict[str, Any] = {"entry_key": str(uuid.uuid4()), "re": self.ids(*re)}
        if eyes is not None:
            data["re_eyes"] = str(eyes)
        if players is not None:
            data["players"] = self.ids(*players)
        data.update(fields)
        return data

    def enter(self, sheet_url: str, re: tuple[str, ...] = (), eyes: int | str | None = None,
              **fields: Any) -> Any:
        """Post one game through the entry form."""
        return self.client.post(sheet_url + "spiel/neu",
                                data=self.game_form(re, eyes, **fields))

    def play(self, sheet_url: str, re: tuple[str, ...] = (), eyes: int | None = None,
             **fields: Any) -> None:
        """Enter a game that must be accepted."""
        response = self.enter(sheet_url, re, eyes, **fields)
        assert response.status_code == 302, response.text

    def game_ids(self) -> list[int]:
        """Ids of the live games of the newest evening, in sheet order."""
        from sqlalchemy import select

        from scorer.store.extensions import db
        from scorer.store.models import Game

        with self.app.app_context():
            return list(db.session.scalars(
                select(Game.id).where(Game.deleted_at.is_(None)).order_by(Game.evening_id,
                                                                           Game.position)))

    def opened(self, sheet_url: str, client: Any = None) -> str:
        """The sheet with every row opened: each row's breakdown fetched as the sheet's
        script fetches it (static/js/panels.js) and put in its place."""
        client = client or self.client
        page = client.get(sheet_url)
        assert page.status_code == 200, page.text

        def fetched(match: re.Match[str]) -> str:
            # The row links are relative to the sheet, as the browser resolves them.
            url = urljoin(sheet_url, html.unescape(match.group(1)))
            panel = client.get(url, headers={"X-Doko-Panel": "1"})
            assert panel.status_code == 200, panel.text
            return f'<div class="game__words" data-panel-body>{panel.text}</div>'

        return re.sub(r'<div class="game__words" data-panel-body><p><a [^>]*href="([^"]+)">'
                      r'Rechnung von Spiel \d+</a></p></div>', fetched, page.text)

    def ledger(self, sheet_url: str) -> Any:
        """The core's ledger of an evening, folded from what the database holds."""
        from scorer import services

        number = int(sheet_url.rstrip("/").split("/")[-1])
        with self.app.app_context():
            group = services.find_group(self.token)
            return services.sheet(services.find_evening(group, number)).ledger


@pytest.fixture
def table(app: Any, client: Any) -> Table:
    """A helper that plays through the pages."""
    return Table(app, client)


def one_save_held(monkeypatch: Any) -> Any:
    """The next save waits a second after writing, before its commit: the Event is set
    when it has written (for ``at_once``)."""
    import threading
    import time

    from scorer.services import changes

    real = changes.commit_keeping
    wrote = threading.Event()

    def held(*rows: Any) -> None:
        if not wrote.is_set():
            wrote.set()
            time.sleep(1.0)
        real(*rows)

    monkeypatch.setattr(changes, "commit_keeping", held)
    return wrote


def at_once(app: Any, wrote: Any, first: Any, second: Any) -> tuple[Any, Any]:
    """``first(client)`` and, while its save is held before the commit (``one_save_held``),
    ``second(client)``: two phones, or one phone sending twice. Their responses."""
    import threading

    answers: dict[str, Any] = {}
    thread = threading.Thread(target=lambda: answers.update(first=first(app.test_client())))
    thread.start()
    assert wrote.wait(10)
    answers["second"] = second(app.test_client())
    thread.join()
    return answers["first"], answers["second"]


WORDS_BLOCK = re.compile(r'<script type="application/json" id="words">.*?</script>', re.S)


def shown(html: str) -> str:
    """A page without the words its scripts may say (templates/base.html carries them all, in
    the page's language): what the page itself shows."""
    return WORDS_BLOCK.sub("", html)


def fetch_pdf(client: Any, url: str, **kwargs: Any) -> Any:
    """The PDF at ``url`` as a browser gets it: while the sheet is being made (202, a page
    that asks again by itself), ask again; at most a minute."""
    import time

    deadline = time.monotonic() + 60
    while True:
        response = client.get(url, **kwargs)
        if response.status_code != 202 or time.monotonic() > deadline:
            return response
        time.sleep(0.05)


def visible_text(pdf: bytes) -> list[str]:
    """Each page's text as the page shows it: only what is drawn inside the page (a block
    too long for its page is written on past its foot, where a text extractor still reads
    it but no one sees it), its whitespace folded."""
    import io

    import pypdf

    pages = []
    for page in pypdf.PdfReader(io.BytesIO(pdf)).pages:
        box = page.mediabox
        shown: list[str] = []

        def keep(text: str, cm: Any, tm: Any, _font: Any, _size: Any,
                 box: Any = box, shown: list[str] = shown) -> None:
            x = cm[0] * tm[4] + cm[2] * tm[5] + cm[4]
            y = cm[1] * tm[4] + cm[3] * tm[5] + cm[5]
            if box.left <= x <= box.right and box.bottom <= y <= box.top:
                shown.append(text)

        page.extract_text(visitor_text=keep)
        pages.append(" ".join(" ".join(shown).split()))
    return pages


def count_rows(app: Any, model: Any) -> int:
    """How many rows a table holds."""
    from sqlalchemy import func, select

    from scorer.store.extensions import db

    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(model))


def game_entry(game: dict[str, Any], ids: dict[str, int] | None = None) -> Any:
    """A game written by a test as the typed entry the entry form makes: CLI.md JSON by
    names with ``ids`` (name -> player id), or stored facts (player ids) without."""
    from scorer.core.scoring import GameEntry

    if ids is None:
        return GameEntry.from_dict(game, int)
    return GameEntry.from_dict(game, str).keyed(ids.__getitem__)
