"""Durability: the real server on a SQLite file, phones entering games at the same time, the
server killed with SIGKILL in the middle of the burst and started again. Every game a phone
was told is saved must be there, with its whole facts, numbered without gaps."""

from __future__ import annotations

import http.client
import http.cookiejar
import json
import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

from conftest import copy_migrated

FLASK = [sys.executable, "-m", "flask", "--app", "scorer"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def server_env(database: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(DATABASE_URL=f"sqlite:///{database}", FLASK_SECRET_KEY="durability-test")
    return env


def start_server(env: dict[str, str], port: int) -> subprocess.Popen[bytes]:
    process = subprocess.Popen(
        [*FLASK, "run", "--port", str(port), "--no-reload", "--no-debugger"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("server did not start")


def make_evening(database: Path) -> tuple[str, list[int]]:
    """A Runde with four players and an open ddv evening, made through the services."""
    import datetime as dt

    from scorer import services
    from scorer.app import create_app
    from scorer.store.extensions import db

    app = create_app({"SECRET_KEY": "durability-test",
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}"})
    with app.app_context():
        group = services.create_group("Dauertest", "ddv")
        players = [services.add_player(group, n) for n in ("Anna", "Ben", "Cem", "Dora")]
        services.start_evening(group, played_on=dt.date(2026, 11, 22),
                               seat_ids=[p.id for p in players], first_dealer_id=players[0].id,
                               preset="ddv", rules=services.house_rules(group),
                               planned_games=None, cents_per_point=0)
        made = group.edit_token, [p.id for p in players]
        db.session.remove()
        db.engine.dispose()
    return made


class Phone:
    """One phone at the table: its own cookies, a real form round trip per game."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()),
            NoRedirect())

    def enter(self, re_ids: list[int], eyes: int) -> str | None:
        """Enter a game; the entry key if the server acknowledged it, else None."""
        form = self.opener.open(self.base + "spiel/neu", timeout=10).read().decode()
        csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', form).group(1)
        key = re.search(r'name="entry_key" type="hidden" value="([^"]+)"', form).group(1)
        data = urllib.parse.urlencode(
            [("csrf_token", csrf), ("entry_key", key), ("re_eyes", str(eyes))]
            + [("re", str(i)) for i in re_ids]).encode()
        try:
            self.opener.open(self.base + "spiel/neu", data=data, timeout=10)
        except urllib.error.HTTPError as err:
            return key if err.code == 302 else None
        return None


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


def test_a_killed_server_keeps_every_acknowledged_game_whole_and_numbered(tmp_path, request):
    database = tmp_path / "durability.sqlite3"
    env = server_env(database)
    # The migrated file (tests/conftest.py) and the evening made in this process: two
    # interpreters fewer that would load the app only to prepare the file.
    assert copy_migrated(f"sqlite:///{database}", request)
    token, ids = make_evening(database)
    port = free_port()
    server = start_server(env, port)
    base = f"http://127.0.0.1:{port}/r/{token}/abend/1/"

    acknowledged: list[str] = []
    lock = threading.Lock()
    stop = threading.Event()

    def phone(n: int) -> None:
        me = Phone(base)
        i = 0
        while not stop.is_set() and i < 200:
            i += 1
            try:
                key = me.enter([ids[n % 4], ids[(n + 1) % 4]], 100 + (i * 7 + n) % 60)
            except (OSError, http.client.HTTPException, AttributeError):
                # The server went away mid-request (or cut a page short): not acknowledged.
                continue
            if key:
                with lock:
                    acknowledged.append(key)

    threads = [threading.Thread(target=phone, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    deadline = time.monotonic() + 60
    while len(acknowledged) < 40 and time.monotonic() < deadline:
        time.sleep(0.05)
    server.send_signal(signal.SIGKILL)   # mid-burst: requests are in flight
    server.wait()
    stop.set()
    for t in threads:
        t.join()
    assert len(acknowledged) >= 40, "the burst was too slow to test anything"

    # Restart on the same file: the app comes up and shows the evening.
    server = start_server(env, port)
    try:
        with urllib.request.urlopen(base, timeout=10) as response:
            assert response.status == 200
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait()

    connection = sqlite3.connect(database)
    rows = connection.execute(
        "SELECT id, position, entry_key, facts, deleted_at FROM games ORDER BY position").fetchall()
    events = dict(connection.execute(
        "SELECT game_id, COUNT(*) FROM game_events WHERE action = 'create' GROUP BY game_id"))
    check = connection.execute("PRAGMA integrity_check").fetchone()[0]
    connection.close()
    assert check == "ok"
    stored_keys = {row[2] for row in rows}
    missing = set(acknowledged) - stored_keys
    assert not missing, f"{len(missing)} acknowledged games lost"
    assert len(acknowledged) == len(set(acknowledged))
    # Numbers without gaps: positions 1..n, every game whole, each with its create event.
    assert [row[1] for row in rows] == list(range(1, len(rows) + 1))
    for game_id, _, _, facts, deleted_at in rows:
        facts = json.loads(facts)
        assert deleted_at is None
        assert len(facts["re"]) == 2 and 100 <= facts["re_eyes"] < 160
        assert events.get(game_id) == 1
    # Whatever was stored (acknowledged or not) still folds into a valid evening.
    assert len(rows) >= len(acknowledged)
