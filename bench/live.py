#!/usr/bin/env python3
"""What a watching phone costs, against the real server. Prints figures; not a test.

    .venv/bin/python bench/live.py [--postgres postgresql+psycopg://user@host:port/db]
                                   [--workers 2] [--checks 400] [--slow 16] [--games 30]

Starts ``doko-zettel serve --local --port 0`` (gunicorn, as the README runs it) on a fresh
SQLite file — and, with --postgres, on that (emptied) PostgreSQL database — with a Runde of
four and an evening of 60 bockrunde games stored through the services layer.

1. The idle check. In interleaved rounds, each request on a fresh connection as a phone's
   first (later ones may reuse a kept-alive connection): GET /static/favicon.svg (a static
   file, the cheapest request there is), GET / (the start page: session and template),
   GET …/stand with the current ETag (what a watching phone sends every second: a 304), and
   the sheet itself. Medians of wall time, and the gunicorn workers' CPU time per request
   (from /proc), with the check as a ratio to both trivial GETs.
2. Twenty phones watch one evening while one phone enters 30 games. Each watcher does what
   static/js/live.js does: a check, then a pause of a second, and on a 200 the sheet
   fetched with X-Doko-Live. The entering phone GETs the form and POSTs a game every 1.5 s.
   For every game and watcher: the time from the POST's answer (the game is stored) to the
   moment that watcher holds a sheet with the game. Errors (any status but 200/302/304, a
   failed connection, a game a watcher never saw), p50, p95 and the worst case.
3. The same again with ``--slow`` stalled clients beside the watching phones, the whole time:
   half of them hold a request header half-sent, the other half connect and send nothing;
   one the server drops is opened again at once. Two half-sent headers used to make every
   phone's check wait 30 s (issue 26): the figures of 2. should hold.

Traffic goes to the server on 127.0.0.1 only, each phone from a loopback address of its own
(127.0.0.2 …), as each phone at a table is a client of its own to the server's limits per
client (scorer/web/server/ratelimits.py); every loop is bounded.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

WATCHERS = 20
GAMES = 30
STORED = 60
"""Games already on the evening when the watching starts."""
POLL_PAUSE = 1.0
"""Seconds live.js waits after a check before the next (FAST in static/js/live.js)."""
ENTRY_PAUSE = 1.5

SETUP = """
import datetime as dt, json, sys, uuid
sys.path.insert(0, sys.argv[2])
from pdf import sample_evening
from scorer.app import create_app
from scorer import services
from scorer.core.scoring import GameEntry
app = create_app()
with app.app_context():
    group = services.create_group("Beobachtet", "bockrunde")
    names = ("Anna", "Ben", "Cem", "Dora")
    players = [services.add_player(group, name) for name in names]
    ids = {p.name: p.id for p in players}
    evening = services.start_evening(group, played_on=dt.date(2026, 11, 22),
        seat_ids=[p.id for p in players], first_dealer_id=players[0].id, preset="bockrunde",
        rules=services.house_rules(group), planned_games=None, cents_per_point=10)
    for game in sample_evening(int(sys.argv[1]), 4)["games"]:
        entry = GameEntry.from_dict(game, str).keyed(ids.__getitem__)
        services.add_game(evening, entry, str(uuid.uuid4()))
    print(json.dumps([group.edit_token, [ids[n] for n in names]]))
"""


class Server:
    """``doko-zettel serve`` in a session of its own; its output in a file."""

    def __init__(self, database_url: str, workers: int, folder: Path) -> None:
        self.env = {k: v for k, v in os.environ.items()
                    if not k.startswith(("FLASK_", "DOKO_", "GUNICORN"))}
        self.env.update(DATABASE_URL=database_url, FLASK_SECRET_KEY="bench-live",
                        PYTHONUNBUFFERED="1", HOME=str(folder),
                        DOKO_RATELIMIT_STORAGE=f"doko+sqlite:///{folder / 'limits.sqlite3'}")
        serve = shutil.which("doko-zettel", path=str(Path(sys.executable).parent))
        assert serve, "doko-zettel is not installed beside this Python: pip install -e ."
        self.log = folder / "serve.log"
        with open(self.log, "wb") as out:
            self.process = subprocess.Popen(
                [serve, "serve", "--local", "--port", "0", "--workers", str(workers)],
                env=self.env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + 60
        while not (found := re.search(r"http://127\.0\.0\.1:(\d+)", self.log.read_text())):
            assert self.process.poll() is None, self.log.read_text()
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.1)
        self.port = int(found.group(1))
        while get(self.port, "/")[0] != 200:
            time.sleep(0.1)

    def workers(self) -> list[int]:
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        return [int(p) for p in children.read_text().split()]

    def cpu(self) -> float:
        """CPU seconds the workers used so far (user + system)."""
        ticks = os.sysconf("SC_CLK_TCK")
        total = 0
        for pid in self.workers():
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        return total / ticks

    def stop(self) -> None:
        os.killpg(self.process.pid, 15)
        self.process.wait(timeout=30)


def phone_address(k: int) -> str:
    """Phone ``k``'s own loopback address (all of 127.0.0.0/8 reaches the server): like the
    phones at a table, each is a client of its own for the server's limits per client."""
    return f"127.0.{k // 250}.{k % 250 + 2}"


def get(port: int, path: str, headers: dict[str, str] | None = None,
        source: str = "127.0.0.1") -> tuple[int, bytes, dict[str, str]]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30,
                                            source_address=(source, 0))
    try:
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        return response.status, response.read(), dict(response.getheaders())
    except OSError:
        return 0, b"", {}
    finally:
        connection.close()


def post(port: int, path: str, body: str, headers: dict[str, str],
         source: str = "127.0.0.1") -> int:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30,
                                            source_address=(source, 0))
    try:
        connection.request("POST", path, body=body, headers=headers)
        response = connection.getresponse()
        response.read()
        return response.status
    except OSError:
        return 0
    finally:
        connection.close()


# --------------------------------------------------------------------------- 1. idle check


def idle_check(server: Server, sheet: str, rounds: int) -> None:
    status, body, _ = get(server.port, sheet + "stand")
    assert status == 200, status
    etag = json.loads(body)["version"]
    kinds = {
        "GET favicon": ("/static/favicon.svg", {}, 200),
        "GET start page": ("/", {}, 200),
        "idle check (304)": (sheet + "stand", {"If-None-Match": f'"{etag}"'}, 304),
        f"GET sheet ({STORED} games)": (sheet, {}, 200),
    }
    walls: dict[str, list[float]] = {k: [] for k in kinds}
    cpus: dict[str, float] = dict.fromkeys(kinds, 0.0)
    for _ in range(3):
        for path, headers, _expected in kinds.values():
            get(server.port, path, headers)
    for round_ in range(rounds):
        # As from the phones of a crowded room, a dozen rounds each: the machine itself
        # (127.0.0.1) would skip the limits per device, and one device would meet them.
        source = phone_address(WATCHERS + 2 + round_ // 12)
        for kind, (path, headers, expected) in kinds.items():
            before = server.cpu()
            start = time.perf_counter()
            status, _, _ = get(server.port, path, headers, source)
            walls[kind].append(time.perf_counter() - start)
            cpus[kind] += server.cpu() - before
            assert status == expected, (kind, status)
    print(f"\n  idle check: {rounds} interleaved rounds, one connection per request")
    print(f"  {'request':24s} {'wall p50':>9s} {'worker CPU':>11s}")
    for kind in kinds:
        print(f"  {kind:24s} {statistics.median(walls[kind]) * 1000:7.2f}ms "
              f"{cpus[kind] / rounds * 1000:8.2f}ms")
    check = statistics.median(walls["idle check (304)"])
    for trivial in ("GET favicon", "GET start page"):
        print(f"  idle check ÷ {trivial[4:]:11s} {check / statistics.median(walls[trivial]):5.2f}× "
              f"wall, {cpus['idle check (304)'] / max(cpus[trivial], 1e-9):5.2f}× CPU")
    busy = check / (POLL_PAUSE + check)
    print(f"  a watching phone keeps a worker busy {busy * 100:.2f} % of the time (one check "
          f"a second); {WATCHERS} phones {busy * WATCHERS * 100:.1f} %")


# --------------------------------------------------------------------------- 2. watchers


def watch(port: int, sheet: str, stop: threading.Event, seen: dict[int, float],
          errors: list[str], source: str, checks: list[float]) -> None:
    """One phone on the sheet, as live.js: check, pause, fetch the sheet on a change."""
    etag = ""
    time.sleep(random.random() * POLL_PAUSE)
    while not stop.is_set():
        started = time.perf_counter()
        status, body, headers = get(port, sheet + "stand",
                                    {"If-None-Match": f'"{etag}"'} if etag else {}, source)
        checks.append(time.perf_counter() - started)
        if status == 200:
            etag = json.loads(body)["version"]
            status, page, _ = get(port, sheet, {"X-Doko-Live": "1"}, source)
            if status != 200:
                errors.append(f"sheet {status}")
            else:
                now = time.monotonic()
                for number in map(int, re.findall(rb'id="spiel-(\d+)"', page)):
                    seen.setdefault(number, now)
        elif status != 304:
            errors.append(f"check {status}")
        stop.wait(POLL_PAUSE)


def enter(port: int, sheet: str, ids: list[int], saved: dict[int, float],
          errors: list[str], source: str = phone_address(WATCHERS)) -> None:
    """The phone on the table: the form, then the game, every ENTRY_PAUSE seconds."""
    cookie = ""
    for i in range(GAMES):
        status, page, headers = get(port, sheet + "spiel/neu",
                                    {"Cookie": cookie} if cookie else {}, source)
        cookie = (headers.get("Set-Cookie") or cookie).split(";")[0]
        text = page.decode()
        csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', text)
        key = re.search(r'name="entry_key" type="hidden" value="([^"]+)"', text)
        number = re.search(r'data-live-entry="(\d+)"', text)
        if status != 200 or not (csrf and key and number):
            errors.append(f"form {status}")
            continue
        body = urllib.parse.urlencode(
            [("csrf_token", csrf.group(1)), ("entry_key", key.group(1)),
             ("re_eyes", str(95 + (i * 13) % 70))]
            + [("re", str(r)) for r in (ids[i % 4], ids[(i + 1) % 4])])
        status = post(port, sheet + "spiel/neu", body, {
            "Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"}, source)
        if status != 302:
            errors.append(f"save {status}")
        else:
            saved[int(number.group(1))] = time.monotonic()
        time.sleep(ENTRY_PAUSE)


def stall(port: int, count: int, stop: threading.Event, dropped: list[int]) -> None:
    """Keep ``count`` stalled connections open until ``stop``: half with half a request
    header sent, half silent; one the server dropped is opened again."""
    clients: list[socket.socket | None] = [None] * count
    try:
        while not stop.is_set():
            for k, client in enumerate(clients):
                if client is not None:
                    try:
                        if client.recv(1, socket.MSG_DONTWAIT | socket.MSG_PEEK) == b"":
                            client.close()
                            clients[k] = client = None
                            dropped[0] += 1
                    except BlockingIOError:
                        pass  # still open, nothing said: as it should be
                    except OSError:
                        client.close()
                        clients[k] = client = None
                        dropped[0] += 1
                if client is None:
                    try:
                        client = socket.create_connection(
                            ("127.0.0.1", port), timeout=5,
                            source_address=(phone_address(WATCHERS + 1), 0))
                        if k % 2 == 0:
                            client.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
                        clients[k] = client
                    except OSError:
                        pass
            stop.wait(0.2)
    finally:
        for client in clients:
            if client is not None:
                client.close()


def watching(server: Server, sheet: str, ids: list[int], slow: int = 0) -> None:
    stop = threading.Event()
    dropped = [0]
    stalling = threading.Thread(target=stall, args=(server.port, slow, stop, dropped))
    if slow:
        stalling.start()
        time.sleep(1)
    seen: list[dict[int, float]] = [{} for _ in range(WATCHERS)]
    saved: dict[int, float] = {}
    errors: list[str] = []
    checks: list[float] = []
    watchers = [threading.Thread(target=watch, args=(server.port, sheet, stop, seen[k], errors,
                                                     phone_address(k), checks))
                for k in range(WATCHERS)]
    for thread in watchers:
        thread.start()
    time.sleep(2 * POLL_PAUSE)  # every watcher holds the sheet as it is
    cpu_before, started = server.cpu(), time.monotonic()
    enter(server.port, sheet, ids, saved, errors)
    time.sleep(3 * POLL_PAUSE)  # the last game reaches everybody
    elapsed, cpu = time.monotonic() - started, server.cpu() - cpu_before
    stop.set()
    for thread in watchers:
        thread.join()
    if slow:
        stalling.join()
    delays = []
    for number, at in saved.items():
        for watcher in seen:
            if number in watcher:
                delays.append(watcher[number] - at)
            else:
                errors.append(f"game {number} never seen")
    delays.sort()
    pick = lambda q: delays[min(len(delays) - 1, int(q * (len(delays) - 1) + 0.5))]  # noqa: E731
    print(f"\n  {WATCHERS} phones watching, one entering {GAMES} games "
          f"(one every {ENTRY_PAUSE} s) on an evening of {STORED}")
    if slow:
        print(f"  beside {slow} stalled clients ({slow - slow // 2} half-sent headers, "
              f"{slow // 2} silent), dropped by the server and opened again {dropped[0]} times")
    print(f"  games stored {len(saved)}/{GAMES}, errors {len(errors)} (target 0)"
          + (f": {sorted(set(errors))[:5]}" if errors else ""))
    if delays:
        print(f"  save -> seen on another phone: p50 {pick(0.5) * 1000:6.0f} ms, "
              f"p95 {pick(0.95) * 1000:6.0f} ms, worst {delays[-1] * 1000:6.0f} ms "
              f"({len(delays)} sightings; target: within 2 s)")
    checks.sort()
    if checks:
        print(f"  a check's answer: p50 {checks[len(checks) // 2] * 1000:5.0f} ms, p99 "
              f"{checks[int(0.99 * (len(checks) - 1))] * 1000:5.0f} ms, slowest "
              f"{checks[-1] * 1000:5.0f} ms ({len(checks)} checks)")
    print(f"  workers' CPU {cpu:.1f} s in {elapsed:.1f} s: {cpu / elapsed * 100:.0f} % of one core")


# --------------------------------------------------------------------------- main


def empty_postgres(url: str) -> None:
    import sqlalchemy as sa

    engine = sa.create_engine(url)
    with engine.begin() as connection:
        connection.execute(sa.text("DROP SCHEMA public CASCADE"))
        connection.execute(sa.text("CREATE SCHEMA public"))
    engine.dispose()


def run(label: str, database_url: str, workers: int, rounds: int, slow: int) -> None:
    with tempfile.TemporaryDirectory(prefix="doko-live-") as tmp:
        server = Server(database_url, workers, Path(tmp))
        try:
            made = subprocess.run([sys.executable, "-c", SETUP, str(STORED), str(ROOT / "bench")],
                                  env=server.env, check=True, capture_output=True, text=True)
            token, ids = json.loads(made.stdout.strip().splitlines()[-1])
            sheet = f"/r/{token}/abend/1/"
            print(f"\n{label}: doko-zettel serve, gunicorn with {workers} workers")
            idle_check(server, sheet, rounds)
            watching(server, sheet, ids)
            if slow:
                watching(server, sheet, ids, slow)
        finally:
            server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--postgres", help="a PostgreSQL database URL (emptied first)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--checks", type=int, default=400, help="rounds of the idle check")
    parser.add_argument("--games", type=int, default=30,
                        help="games the entering phone enters in parts 2 and 3")
    parser.add_argument("--slow", type=int, default=16,
                        help="stalled clients beside the watching phones in part 3 (0: skip)")
    args = parser.parse_args()
    global GAMES
    GAMES = args.games
    print(f"{os.cpu_count()} cores; figures from a shared machine are noisy")
    with tempfile.TemporaryDirectory() as tmp:
        run("SQLite", f"sqlite:///{Path(tmp) / 'live.sqlite3'}", args.workers, args.checks,
            args.slow)
    if args.postgres:
        empty_postgres(args.postgres)
        run("PostgreSQL", args.postgres, args.workers, args.checks, args.slow)
    else:
        print("\nPostgreSQL skipped: pass --postgres URL of a database that may be emptied")


if __name__ == "__main__":
    main()
