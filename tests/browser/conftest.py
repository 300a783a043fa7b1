"""The browser suite's fixtures: the real app server in a subprocess, one Chromium, phones.

The server is the same app a table runs (`create_app()` configured from the environment)
on a fresh SQLite file with the real migrations applied, served by Werkzeug on a free port.
Chromium is Debian's package (chromium-headless-shell, else chromium: HEADLESS_BUILDS),
launched through Playwright's ``executable_path``: nothing is downloaded. Without Chromium or
Playwright every test here is skipped with the reason.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from .phone import Phone

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
"""Screenshots and figures of the last run (git-ignored)."""
ROOT = Path(__file__).resolve().parents[2]
"""The repository: the servers import the test-only middleware from tests/."""

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]

# Binds port 0 and prints the port it got, so two runs never race for a port. The app is
# built once the port is known: its links and QR codes carry the public URL.
SERVE = """
import os
from werkzeug.serving import make_server
from scorer import create_app
app = None
server = make_server("127.0.0.1", 0, lambda environ, respond: app(environ, respond),
                     threaded=True)
os.environ["DOKO_PUBLIC_URL"] = f"http://127.0.0.1:{server.server_port}"
app = create_app()
print(server.server_port, flush=True)
server.serve_forever()
"""



def server_log() -> Path:
    """Where this worker's ``live_server`` writes its log: a line per request."""
    return ARTIFACTS / f"server{os.environ.get('PYTEST_XDIST_WORKER', '')}.log"


HEADLESS_BUILDS = ("chromium-headless-shell", "chromium")
"""Debian's Chromium, in the order tried. ``chromium-headless-shell`` is the same Chromium
(engine, version and Debian source package) built as the headless shell that Playwright
itself runs tests in: the whole suite's pages, service workers, IndexedDB and offline mode
behave the same in both, and the shell needs less than half the CPU of the full browser in
headless mode (it draws no browser window it never shows). Where only ``chromium`` is
installed, that is used."""


def chromium_path() -> str | None:
    """Debian's Chromium, where CI installs it (HEADLESS_BUILDS)."""
    for name in HEADLESS_BUILDS:
        for found in (f"/usr/bin/{name}", shutil.which(name)):
            if found and os.path.exists(found):
                return found
    return None


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory, migrated_sqlite: Path) -> Iterator[str]:
    """The app served on 127.0.0.1 from a fresh, migrated SQLite file; yields its base URL."""
    folder = tmp_path_factory.mktemp("server")
    with _served(folder, SERVE, server_log(), migrated_sqlite) as base:
        yield base


@contextmanager
def _served(folder: Path, script: str, log_path: Path, migrated: Path) -> Iterator[str]:
    """Serve the app with ``script`` (it prints its port) on a fresh copy of the SQLite file
    the real migrations made (``migrated``, tests/conftest.py) in ``folder``; yields the base
    URL, stops the server at the end."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("FLASK_", "TEST_DATABASE", "DOKO_"))}
    env.update(DATABASE_URL=f"sqlite:///{folder / 'doko.sqlite3'}",
               FLASK_SECRET_KEY="browser-tests", PYTHONUNBUFFERED="1",
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")])),
               DOKO_RATELIMIT_STORAGE=f"doko+sqlite:///{folder / 'ratelimits.sqlite3'}",
               FLASK_DOKO_KEPT_FOLDER=str(folder / "kept"))
    shutil.copyfile(migrated, folder / "doko.sqlite3")
    ARTIFACTS.mkdir(exist_ok=True)
    log = open(log_path, "w", encoding="utf-8")
    server = subprocess.Popen([sys.executable, "-c", script], env=env, stdout=subprocess.PIPE,
                              stderr=log, text=True)
    try:
        assert server.stdout is not None
        port = server.stdout.readline().strip()
        assert port.isdigit(), f"server did not start: {log_path.read_text()}"
        base = f"http://127.0.0.1:{port}"
        _wait_until_it_answers(base, server)
        yield base
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        if server.stdout is not None:
            server.stdout.close()
        log.close()


def _wait_until_it_answers(base: str, server: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(base + "/", timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError):
            pass
        assert server.poll() is None, "the app server exited"
        assert time.monotonic() < deadline, "the app server did not answer within 30 s"
        time.sleep(0.1)


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """One headless Chromium for the whole run."""
    executable = chromium_path()
    if executable is None:
        pytest.skip("Chromium is not installed (apt-get install chromium-headless-shell or "
                    "chromium; .ci/run does)")
    sync_api = pytest.importorskip(
        "playwright.sync_api", reason="Playwright for Python is not installed (pip install -e '.[test]')")
    playwright = sync_api.sync_playwright().start()
    try:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield browser
        browser.close()
    finally:
        playwright.stop()


FAILED = pytest.StashKey[bool]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: Any) -> Any:
    """Note a failed test, so that its phones can show where they were."""
    report = yield
    if report.when == "call" and report.failed:
        item.stash[FAILED] = True
    return report


def _last_pictures(request: pytest.FixtureRequest, phones: list[Phone]) -> None:
    """After a failure: a screenshot of the page each phone shows now."""
    if not request.node.stash.get(FAILED, False):
        return
    for device in phones:
        try:
            device.screenshot(f"failed-after-{device.pages:02d}-pages")
        except Exception:
            pass


@pytest.fixture
def phone(chromium: Any, live_server: str,
          request: pytest.FixtureRequest) -> Iterator[Callable[..., Phone]]:
    """Make a phone: a fresh browser context of a given size with its own session.

    Every page it reaches is checked (and, with DOKO_SCREENSHOTS=1, screenshot into
    artifacts/<test>/; a failed test leaves the last page of each phone there): no console
    error, no horizontal scrolling, the accessibility basics (contrast in both colour
    schemes; ``scheme`` is the one the phone is set to). Teardown fails the test if a
    console error came after the last check.
    """
    folder = ARTIFACTS / _safe(request.node.name)
    shutil.rmtree(folder, ignore_errors=True)
    made: list[tuple[Any, Phone]] = []

    def make(width: int = 360, height: int = 740, scale: float = 1, name: str = "",
             checks: bool = True, base: str | None = None,
             service_workers: str = "allow", scheme: str = "light") -> Phone:
        context = chromium.new_context(viewport={"width": width, "height": height},
                                       device_scale_factor=scale, is_mobile=True,
                                       has_touch=True, locale="de-DE",
                                       service_workers=service_workers, color_scheme=scheme)
        context.set_default_timeout(10_000)
        page = context.new_page()
        where = folder / (name or f"{width}x{height}")
        where.mkdir(parents=True, exist_ok=True)
        device = Phone(page, base or live_server, where, width, height, checks=checks,
                       scheme=scheme)
        made.append((context, device))
        return device

    yield make
    _last_pictures(request, [device for _, device in made])
    errors = [e for _, device in made for e in device.console_errors]
    for context, _ in made:
        context.close()
    assert not errors, "console errors: " + "; ".join(errors)


@dataclass
class TableServer:
    """``doko-zettel serve`` as the README runs it (gunicorn, two sync workers), on this
    machine only: http://127.0.0.1 is a secure context, so service workers run."""

    base: str
    database: Path


@pytest.fixture(scope="session")
def table_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TableServer]:
    """The real server on a free port, with its own fresh SQLite file; yields the address
    it printed."""
    from tests.servers import Server, console_script, server_env

    folder = tmp_path_factory.mktemp("table-server")
    server = Server([console_script("doko-zettel"), "serve", "--local", "--port", "0"],
                    server_env(folder), folder)
    with server:
        base = server.wait_for(r"(http://127\.0\.0\.1:\d+)", "stdout").group(1)
        server.wait_until_answering(int(base.rsplit(":", 1)[1]))
        yield TableServer(base, folder / "doko.sqlite3")


@dataclass
class SlowServer:
    """The app behind the test-only middleware of tests/browser/delays.py: a real server
    whose answers come late where a test says so (a busy pub WLAN, not a mock)."""

    base: str
    database: Path
    rules: list[dict[str, Any]] = field(default_factory=list)

    def delay(self, path: str, seconds: float, method: str | None = None,
              header: str | None = None, when: str = "before") -> None:
        """From now on, answer the requests to ``path`` (a regular expression) late (besides
        the delays set before)."""
        self.rules.append({"path": path, "seconds": seconds, "method": method,
                           "header": header, "when": when})
        self._send()

    def clear(self) -> None:
        """Answer everything at once again."""
        self.rules.clear()
        self._send()

    def _send(self) -> None:
        from .delays import CONTROL

        request = urllib.request.Request(self.base + CONTROL,
                                         data=json.dumps(self.rules).encode(), method="POST")
        with urllib.request.urlopen(request, timeout=5) as answer:
            assert answer.status == 204


@pytest.fixture(scope="session")
def slow_server_session(tmp_path_factory: pytest.TempPathFactory,
                        migrated_sqlite: Path) -> Iterator[SlowServer]:
    from .delays import SERVE as SERVE_SLOWLY

    folder = tmp_path_factory.mktemp("slow-server")
    log = ARTIFACTS / f"slow-server{os.environ.get('PYTEST_XDIST_WORKER', '')}.log"
    with _served(folder, SERVE_SLOWLY, log, migrated_sqlite) as base:
        yield SlowServer(base, folder / "doko.sqlite3")


@pytest.fixture
def slow_server(slow_server_session: SlowServer) -> Iterator[SlowServer]:
    """A server on 127.0.0.1 (a secure context: service workers run) that answers late
    where the test says; every test starts and ends with no delay."""
    slow_server_session.clear()
    yield slow_server_session
    slow_server_session.clear()


@pytest.fixture
def count_taps(request: pytest.FixtureRequest) -> Callable[[str, int], None]:
    """Note the taps a kind of game took; the run prints them at its end (tests/conftest.py),
    from whichever worker ran the test."""

    def note(kind: str, taps: int) -> None:
        request.node.user_properties.append(("taps", [kind, taps]))

    return note


@pytest.fixture
def kept_phone(chromium: Any, tmp_path: Path,
               request: pytest.FixtureRequest) -> Iterator[Callable[..., Phone]]:
    """A phone whose browser profile lives on disk (service worker, its caches, IndexedDB):
    closed and made again, it is the same phone after a restart. ``offline`` starts it
    without a connection."""
    folder = ARTIFACTS / _safe(request.node.name)
    made: list[tuple[Any, Phone]] = []

    def make(base: str, width: int = 360, height: int = 740, offline: bool = False,
             name: str = "kept") -> Phone:
        context = chromium.browser_type.launch_persistent_context(
            str(tmp_path / "profile"), executable_path=chromium_path(), args=CHROMIUM_ARGS,
            viewport={"width": width, "height": height}, is_mobile=True, has_touch=True,
            locale="de-DE", offline=offline)
        context.set_default_timeout(10_000)
        page = context.pages[0] if context.pages else context.new_page()
        where = folder / f"{name}-{len(made) + 1}"
        where.mkdir(parents=True, exist_ok=True)
        device = Phone(page, base, where, width, height, checks=False)
        device.offline_on_purpose = offline
        context.on("close", lambda _context: closed.add(id(context)))
        made.append((context, device))
        return device

    closed: set[int] = set()
    yield make
    _last_pictures(request, [device for context, device in made if id(context) not in closed])
    errors = [e for _, device in made for e in device.console_errors]
    for context, _ in made:
        if id(context) not in closed:  # a restart in the test closed it already
            context.close()
    assert not errors, "console errors: " + "; ".join(errors)


def _safe(name: str) -> str:
    return "".join(c if c.isalnum() or c in "-_." else "-" for c in name).strip("-")
