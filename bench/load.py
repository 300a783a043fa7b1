"""Load: 20 phones at once, each entering 30 games into its own evening, against gunicorn with
2 workers, on SQLite and on PostgreSQL. Prints errors (target 0) and the median and
95th-percentile latency of a game POST. A script that prints figures, not a test.

    .venv/bin/python bench/load.py [--postgres postgresql+psycopg://user@host:port/db]

Without --postgres only SQLite is measured. Traffic goes to 127.0.0.1 only (each phone from a
loopback address of its own), and every loop is bounded (phones × games requests). A phone
here saves as fast as the server answers, far above a table's pace, so the limits per
device are switched off (FLASK_RATELIMIT_ENABLED=false): this measures the database and the
workers, not the limits (bench/live.py runs with them).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
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

PHONES = 20
GAMES = 30
ROOT = Path(__file__).resolve().parent.parent
SETUP = """
import datetime as dt, json, sys
from scorer.app import create_app
from scorer import services
app = create_app()
out = []
with app.app_context():
    for n in range(int(sys.argv[1])):
        group = services.create_group(f"Lasttest {n}", "bockrunde")
        players = [services.add_player(group, name) for name in ("Anna", "Ben", "Cem", "Dora")]
        services.start_evening(group, played_on=dt.date(2026, 11, 22),
                               seat_ids=[p.id for p in players], first_dealer_id=players[0].id,
                               preset="bockrunde", rules=services.house_rules(group),
                               planned_games=None, cents_per_point=0)
        out.append([group.edit_token, [p.id for p in players]])
print(json.dumps(out))
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for(port: int, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("server did not start")


def phone(port: int, token: str, ids: list[int], latencies: list[float],
          errors: list[str], source: str) -> None:
    """One phone: GET the entry form, POST the game, GAMES times, one keep-alive connection,
    from a loopback address of its own (a device of its own to the limits per device)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30,
                                            source_address=(source, 0))
    cookie = ""
    path = f"/r/{token}/abend/1/spiel/neu"
    for i in range(GAMES):
        try:
            connection.request("GET", path, headers={"Cookie": cookie} if cookie else {})
            response = connection.getresponse()
            page = response.read().decode()
            cookie = (response.getheader("Set-Cookie") or cookie).split(";")[0]
            csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
            key = re.search(r'name="entry_key" type="hidden" value="([^"]+)"', page)
            if response.status != 200 or not csrf or not key:
                errors.append(f"GET form: {response.status}")
                continue
            re_ids = [ids[i % 4], ids[(i + 1) % 4]]
            body = urllib.parse.urlencode(
                [("csrf_token", csrf.group(1)), ("entry_key", key.group(1)),
                 ("re_eyes", str(95 + (i * 13) % 70))] + [("re", str(r)) for r in re_ids])
            started = time.perf_counter()
            connection.request("POST", path, body=body, headers={
                "Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"})
            response = connection.getresponse()
            response.read()
            latencies.append(time.perf_counter() - started)
            if response.status != 302:
                errors.append(f"POST game: {response.status}")
        except (OSError, http.client.HTTPException) as err:
            errors.append(f"{type(err).__name__}: {err}")
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30,
                                                    source_address=(source, 0))
    connection.close()


def run(label: str, database_url: str, folder: Path) -> None:
    env = dict(os.environ, DATABASE_URL=database_url, FLASK_SECRET_KEY="load-test",
               FLASK_RATELIMIT_ENABLED="false",
               DOKO_RATELIMIT_STORAGE=f"doko+sqlite:///{folder / f'limits-{label}.sqlite3'}")
    flask = [sys.executable, "-m", "flask", "--app", "scorer"]
    subprocess.run([*flask, "db", "upgrade"], env=env, check=True, capture_output=True)
    evenings = json.loads(subprocess.run(
        [sys.executable, "-c", SETUP, str(PHONES)], env=env, check=True,
        capture_output=True, text=True).stdout.strip().splitlines()[-1])
    gunicorn = shutil.which("gunicorn", path=str(Path(sys.executable).parent)) or "gunicorn"
    port = free_port()
    server = subprocess.Popen(
        [gunicorn, "-w", "2", "-b", f"127.0.0.1:{port}", "--log-level", "warning",
         "scorer:create_app()"], env=env, cwd=ROOT)
    try:
        wait_for(port)
        latencies: list[float] = []
        errors: list[str] = []
        threads = [threading.Thread(target=phone, args=(port, token, ids, latencies, errors,
                                                        f"127.0.0.{k + 2}"))
                   for k, (token, ids) in enumerate(evenings)]
        started = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        elapsed = time.perf_counter() - started
    finally:
        server.terminate()
        server.wait(timeout=30)
    latencies.sort()
    p95 = latencies[int(0.95 * (len(latencies) - 1))] if latencies else float("nan")
    print(f"{label:10s} games {len(latencies):4d}/{PHONES * GAMES}  errors {len(errors):3d} "
          f"(target 0)  POST median {statistics.median(latencies) * 1000:6.1f} ms  "
          f"p95 {p95 * 1000:6.1f} ms  throughput {len(latencies) / elapsed:5.1f} games/s")
    for error in sorted(set(errors))[:5]:
        print(f"           e.g. {error}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--postgres", help="an empty PostgreSQL database URL (optional)")
    args = parser.parse_args()
    print(f"{PHONES} phones × {GAMES} games, gunicorn -w 2, {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as tmp:
        run("SQLite", f"sqlite:///{Path(tmp) / 'load.sqlite3'}", Path(tmp))
        if args.postgres:
            run("PostgreSQL", args.postgres, Path(tmp))
    if not args.postgres:
        print("PostgreSQL skipped: pass --postgres URL of an empty database")


if __name__ == "__main__":
    main()
