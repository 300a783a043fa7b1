#!/usr/bin/env python3
"""A club evening under load, against the real server. Prints figures; not a test.

    .venv/bin/python bench/tournament.py [--postgres postgresql+psycopg://user@host:port/db]
                                         [--pg-workers 4] [--pause 2.0] [--games 24]

A tournament of 60 players on the DDV list (fifteen tables of four, 24 games each: 20 and the
four Pflichtsoli, which the form offers when they are forced) is made through the services
layer, round 1 drawn and started. Then, against ``doko-zettel serve --local`` (gunicorn
with its threaded workers, scorer.serve.TableWorker; on a fresh SQLite file with the default
workers, and with --postgres on that emptied PostgreSQL database with --pg-workers):

* one phone per table enters its games as the table's link does: GET the entry form, POST
  the game it offers (a forced Pflichtsolo as a Damensolo), a pause of about --pause seconds;
* three phones per table watch its sheet as static/js/live.js does: a check a second
  (``…/stand`` with the ETag they hold), the sheet fetched again when it changed;
* one projector watches the ranking the same way (``/t/<ranking link>/stand``, then the
  ranking page), and notes when each table's game count first shows on it.

Figures: errors (any answer but 200/302/304, a failed connection, a game never seen; the
target is 0), the save's latency p50/p95, and "ranking seen within": from the answer to a
save until the projector's ranking showed that game, p50/p95/worst (the goal: p95 ≤ 2 s).
Traffic goes to 127.0.0.1 only; every loop is bounded (games × tables).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

import live  # noqa: E402
from live import Server, empty_postgres  # noqa: E402

REQUESTS = [0]
"""Requests the phones made (counted under the GIL: one list item, incremented in place)."""


def get(port: int, path: str, headers: dict[str, str] | None = None,
        ) -> tuple[int, bytes, dict[str, str]]:
    REQUESTS[0] += 1
    return live.get(port, path, headers)


def post(port: int, path: str, body: str, headers: dict[str, str]) -> int:
    REQUESTS[0] += 1
    return live.post(port, path, body, headers)

PLAYERS = 60
WATCHERS = 3
"""Phones per table that only watch its sheet."""
POLL_PAUSE = 1.0
"""Seconds live.js waits after a check (FAST in static/js/live.js)."""

SETUP = """
import datetime as dt, json, sys
from scorer.app import create_app
from scorer import services
from scorer.core.rules import preset
app = create_app()
with app.app_context():
    t = services.create_tournament(
        name="Lasttest", played_on=dt.date(2026, 3, 14), preset="ddv", rules=preset("ddv"),
        planned_games=int(sys.argv[2]), round_count=1, ranking="table_points",
        absent_table_points=0)
    services.register(t, [f"Spieler {k:02d}" for k in range(1, int(sys.argv[1]) + 1)])
    r = services.draw_round(t, 60)
    services.start_round(r)
    print(json.dumps([t.read_token, [tt.group.edit_token for tt in r.tables]]))
"""

FORM_FIELDS = {
    "csrf": re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"'),
    "key": re.compile(r'name="entry_key" type="hidden" value="([^"]+)"'),
    "number": re.compile(r'data-live-entry="(\d+)"'),
}
CHECKED_RE = re.compile(r'<input type="checkbox" name="re" value="(\d+)" checked>')
SOLO_OFFERED = '<input type="radio" name="kind" value="solo" checked>'


class Figures:
    """What the phones note, shared between their threads."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.errors: list[str] = []
        self.saves: list[float] = []
        self.saved: dict[tuple[int, int], float] = {}
        """(table, game number) -> when the save was answered."""
        self.shown: dict[tuple[int, int], float] = {}
        """(table, game count) -> when the projector first showed it."""

    def error(self, what: str) -> None:
        with self.lock:
            self.errors.append(what)


def enter(port: int, table: int, token: str, games: int, pause: float,
          figures: Figures) -> None:
    """The table's phone: the form as the table's link offers it, the game it offers."""
    sheet = f"/r/{token}/abend/1/"
    cookie = ""
    time.sleep(random.random() * pause)
    for k in range(games):
        status, page, headers = get(port, sheet + "spiel/neu",
                                    {"Cookie": cookie} if cookie else {})
        cookie = (headers.get("Set-Cookie") or cookie).split(";")[0]
        text = page.decode()
        found = {name: pattern.search(text) for name, pattern in FORM_FIELDS.items()}
        if status != 200 or not all(found.values()):
            figures.error(f"form {status}")
            continue
        fields = [("csrf_token", found["csrf"].group(1)), ("entry_key", found["key"].group(1)),
                  ("re_eyes", str(95 + (k * 13) % 70))]
        if SOLO_OFFERED in text:  # a forced Pflichtsolo, its soloist ticked already
            fields += [("kind", "solo"), ("solo", "damen"), ("pflicht", "pflicht")]
            fields += [("re", i) for i in CHECKED_RE.findall(text)]
        else:
            ids = re.findall(r'<input type="checkbox" name="re" value="(\d+)"', text)
            fields += [("re", ids[k % 4]), ("re", ids[(k + 1) % 4])]
        started = time.monotonic()
        status = post(port, sheet + "spiel/neu", urllib.parse.urlencode(fields), {
            "Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"})
        answered = time.monotonic()
        if status != 302:
            figures.error(f"save {status}")
        else:
            with figures.lock:
                figures.saves.append(answered - started)
                figures.saved[(table, int(found["number"].group(1)))] = answered
        time.sleep(pause * random.uniform(0.75, 1.25))


def watch(port: int, page: str, check: str, stop: threading.Event, figures: Figures,
          seen: dict[tuple[int, int], float] | None = None) -> None:
    """A phone (or the projector) following a page as live.js does; with ``seen``, note
    when each table's game count first shows (the ranking's table strip)."""
    etag = ""
    time.sleep(random.random() * POLL_PAUSE)
    while not stop.is_set():
        status, body, _ = get(port, check, {"If-None-Match": f'"{etag}"'} if etag else {})
        if status == 200:
            etag = json.loads(body)["version"]
            status, text, _ = get(port, page, {"X-Doko-Live": "1"})
            if status != 200:
                figures.error(f"page {status}")
            elif seen is not None:
                now = time.monotonic()
                for table, games in re.findall(rb'data-table="(\d+)" data-games="(\d+)"', text):
                    for n in range(1, int(games) + 1):
                        seen.setdefault((int(table), n), now)
        elif status != 304:
            figures.error(f"check {status}")
        stop.wait(POLL_PAUSE)


def pick(values: list[float], q: float) -> float:
    return values[min(len(values) - 1, int(q * (len(values) - 1) + 0.5))]


def run(label: str, database_url: str, workers: int, games: int, pause: float) -> None:
    with tempfile.TemporaryDirectory(prefix="doko-tournament-") as tmp:
        server = Server(database_url, workers, Path(tmp))
        try:
            made = subprocess.run(
                [sys.executable, "-c", SETUP, str(PLAYERS), str(games)], env=server.env,
                check=True, capture_output=True, text=True)
            read, tables = json.loads(made.stdout.strip().splitlines()[-1])
            print(f"\n{label}: doko-zettel serve, gunicorn with {workers} threaded workers; "
                  f"{len(tables)} tables × ({games} games, 1 entering + {WATCHERS} watching "
                  f"phones) + 1 projector; a game every ~{pause} s per table")
            figures = Figures()
            stop = threading.Event()
            watchers = [threading.Thread(target=watch, args=(
                server.port, f"/r/{token}/abend/1/", f"/r/{token}/abend/1/stand", stop,
                figures)) for token in tables for _ in range(WATCHERS)]
            watchers.append(threading.Thread(target=watch, args=(
                server.port, f"/t/{read}/rangliste", f"/t/{read}/stand", stop, figures,
                figures.shown)))
            for thread in watchers:
                thread.start()
            time.sleep(2 * POLL_PAUSE)
            cpu_before, started = server.cpu(), time.monotonic()
            client_before, requests_before = time.process_time(), REQUESTS[0]
            entering = [threading.Thread(target=enter, args=(
                server.port, k, token, games, pause, figures))
                for k, token in enumerate(tables, 1)]
            for thread in entering:
                thread.start()
            for thread in entering:
                thread.join()
            time.sleep(3 * POLL_PAUSE)  # the last games reach the projector
            elapsed, cpu = time.monotonic() - started, server.cpu() - cpu_before
            client = time.process_time() - client_before
            requests = REQUESTS[0] - requests_before
            stop.set()
            for thread in watchers:
                thread.join()
        finally:
            server.stop()
    report(figures, len(tables) * games, elapsed, cpu, client, requests)


def report(figures: Figures, expected: int, elapsed: float, cpu: float, client: float,
           requests: int) -> None:
    delays = []
    for key, at in figures.saved.items():
        if key in figures.shown:
            delays.append(figures.shown[key] - at)
        else:
            figures.errors.append(f"game {key} never on the ranking")
    delays.sort()
    saves = sorted(figures.saves)
    errors = figures.errors
    print(f"  games stored {len(figures.saved)}/{expected}, errors {len(errors)} (target 0)"
          + (f": {sorted(set(errors))[:5]}" if errors else ""))
    if saves:
        print(f"  save (POST of a game): p50 {pick(saves, 0.5) * 1000:6.0f} ms, "
              f"p95 {pick(saves, 0.95) * 1000:6.0f} ms, worst {saves[-1] * 1000:6.0f} ms")
    if delays:
        print(f"  ranking seen within: p50 {pick(delays, 0.5) * 1000:6.0f} ms, "
              f"p95 {pick(delays, 0.95) * 1000:6.0f} ms, worst {delays[-1] * 1000:6.0f} ms "
              f"(goal: p95 ≤ 2000 ms)")
    print(f"  workers' CPU {cpu:.1f} s in {elapsed:.1f} s: {cpu / elapsed * 100:.0f} % of "
          f"one core; {requests} requests, {cpu / max(requests, 1) * 1000:.1f} ms of worker "
          f"CPU each (the 61 phones of this script: {client:.1f} s CPU)")
    print(f"  machine load average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} "
          "cores (other work on it slows every figure)")


def main() -> None:
    from scorer.serve import DEFAULT_WORKERS

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--postgres", help="a PostgreSQL database URL (emptied first)")
    parser.add_argument("--pg-workers", type=int, default=4)
    parser.add_argument("--games", type=int, default=24, help="games per table (×4)")
    parser.add_argument("--pause", type=float, default=2.0,
                        help="seconds between a table's games (a real table takes minutes)")
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores; figures from a shared machine are noisy")
    with tempfile.TemporaryDirectory() as tmp:
        run("SQLite", f"sqlite:///{Path(tmp) / 'tournament.sqlite3'}", DEFAULT_WORKERS,
            args.games, args.pause)
    if args.postgres:
        empty_postgres(args.postgres)
        run("PostgreSQL", args.postgres, args.pg_workers, args.games, args.pause)
    else:
        print("\nPostgreSQL skipped: pass --postgres URL of a database that may be emptied")


if __name__ == "__main__":
    main()
