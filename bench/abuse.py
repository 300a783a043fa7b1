#!/usr/bin/env python3
"""What a public server meets first — size and cost — against the real server. Prints figures.

    .venv/bin/python bench/abuse.py

Starts ``doko-zettel serve --local --port 0`` on a fresh SQLite file with a Runde of four and an
evening, then sends what the outside probe of issue 26 sent, each from a loopback address of
its own (a device of its own to the limits per device), and prints per probe the answer, the
time it took, and the highest resident memory any worker has reached so far (VmHWM):

* 100 MB of form body to ``GET /`` (no link needed);
* 200 MB of JSON to ``…/nachtragen``, a 50 MB field and 50,000 extra fields to the entry form
  (with the edit link and a CSRF token, as a phone has them);
* JSON nested 5,000 deep to ``…/nachtragen``;
* 200 new Runden and 2,000 live checks from one device, as fast as the server answers.

Traffic goes to 127.0.0.1 only; every loop is bounded.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MB = 1024 * 1024
SETUP = """
import datetime as dt, json
from scorer.app import create_app
from scorer import services
app = create_app()
with app.app_context():
    group = services.create_group("Probe", "ddv")
    players = [services.add_player(group, n) for n in ("Anna", "Ben", "Cem", "Dora")]
    services.start_evening(group, played_on=dt.date(2026, 11, 22),
        seat_ids=[p.id for p in players], first_dealer_id=players[0].id, preset="ddv",
        rules=services.house_rules(group), planned_games=None, cents_per_point=0)
    print(json.dumps([group.edit_token, [p.id for p in players]]))
"""


class Server:
    def __init__(self, folder: Path) -> None:
        self.env = {k: v for k, v in os.environ.items()
                    if not k.startswith(("FLASK_", "DOKO_", "GUNICORN"))}
        self.env.update(DATABASE_URL=f"sqlite:///{folder / 'abuse.sqlite3'}",
                        FLASK_SECRET_KEY="bench-abuse", PYTHONUNBUFFERED="1", HOME=str(folder),
                        DOKO_RATELIMIT_STORAGE=f"doko+sqlite:///{folder / 'limits.sqlite3'}")
        serve = shutil.which("doko-zettel", path=str(Path(sys.executable).parent))
        assert serve, "doko-zettel is not installed beside this Python: pip install -e ."
        self.log = folder / "serve.log"
        with open(self.log, "wb") as out:
            self.process = subprocess.Popen([serve, "serve", "--local", "--port", "0"],
                                            env=self.env, stdout=out, stderr=subprocess.STDOUT,
                                            start_new_session=True)
        deadline = time.monotonic() + 60
        while not (found := re.search(r"http://127\.0\.0\.1:(\d+)", self.log.read_text())):
            assert self.process.poll() is None and time.monotonic() < deadline, \
                self.log.read_text()
            time.sleep(0.1)
        self.port = int(found.group(1))
        time.sleep(2)

    def peak_mb(self) -> float:
        """The highest resident memory any worker reached since it started (MB)."""
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        peaks = []
        for pid in children.read_text().split():
            status = Path(f"/proc/{pid}/status").read_text()
            peaks.append(int(re.search(r"VmHWM:\s+(\d+) kB", status).group(1)) / 1024)
        return max(peaks)

    def stop(self) -> None:
        os.killpg(self.process.pid, 15)
        self.process.wait(timeout=30)


def send(port: int, method: str, path: str, body: Iterator[bytes] | bytes | None = None,
         length: int = 0, headers: dict[str, str] | None = None,
         source: str = "127.0.0.2") -> tuple[int, bytes, dict[str, str]]:
    """One request on a connection of its own; a body the server stops reading is cut off."""
    if isinstance(body, bytes):
        length = len(body)
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60,
                                            source_address=(source, 0))
    try:
        connection.putrequest(method, path)
        for name, value in (headers or {}).items():
            connection.putheader(name, value)
        if body is not None:
            connection.putheader("Content-Length", str(length))
        connection.endheaders()
        try:
            for chunk in ([body] if isinstance(body, bytes) else body or []):
                connection.send(chunk)
        except OSError:
            pass  # answered (and closed) before the body was sent
        response = connection.getresponse()
        return response.status, response.read(), dict(response.getheaders())
    except OSError as err:
        return 0, str(err).encode(), {}
    finally:
        connection.close()


def chunks(total: int, piece: bytes) -> Iterator[bytes]:
    block = piece * (MB // len(piece))
    for _ in range(total // len(block)):
        yield block


def probe(server: Server, label: str, call: object) -> None:
    started = time.perf_counter()
    status, _, _ = call()  # type: ignore[operator]
    took = time.perf_counter() - started
    print(f"  {label:44s} {status:4d} {took:7.2f} s   workers' peak {server.peak_mb():6.0f} MB")


def phone_session(port: int, sheet: str) -> tuple[str, str, str]:
    """Cookie, CSRF token and entry key of the entry form, as a phone holds them."""
    status, page, headers = send(port, "GET", sheet + "spiel/neu")
    assert status == 200, status
    text = page.decode()
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', text).group(1)
    key = re.search(r'name="entry_key" type="hidden" value="([^"]+)"', text).group(1)
    return headers.get("Set-Cookie", "").split(";")[0], csrf, key


def main() -> None:
    print(f"{os.cpu_count()} cores; figures from a shared machine are noisy")
    with tempfile.TemporaryDirectory(prefix="doko-abuse-") as tmp:
        server = Server(Path(tmp))
        try:
            made = subprocess.run([sys.executable, "-c", SETUP], env=server.env, check=True,
                                  capture_output=True, text=True)
            token, ids = json.loads(made.stdout.strip().splitlines()[-1])
            sheet = f"/r/{token}/abend/1/"
            port = server.port
            print(f"\n  doko-zettel serve; before any probe the workers' peak is "
                  f"{server.peak_mb():.0f} MB")
            form = {"Content-Type": "application/x-www-form-urlencoded"}
            probe(server, "GET / with 100 MB of form body", lambda: send(
                port, "GET", "/", chunks(100 * MB, b"a=b&"), 100 * MB, form))
            cookie, csrf, key = phone_session(port, sheet)
            _, token_page, _ = send(port, "GET", sheet + "nachtragen", headers={"Cookie": cookie})
            sync_csrf = json.loads(token_page)["csrf_token"]
            sync = {"Cookie": cookie, "X-CSRFToken": sync_csrf, "Content-Type": "application/json"}
            game = [["re", str(ids[0])], ["re", str(ids[2])], ["re_eyes", "151"]]
            big = json.dumps({"entry_key": key, "number": 1, "fields": game,
                              "pad": ""}).encode()[:-2]
            probe(server, "…/nachtragen with 200 MB of JSON", lambda: send(
                port, "POST", sheet + "nachtragen",
                iter([big, *chunks(200 * MB - len(big) - 2, b"x"), b'"}']), 200 * MB, sync))
            fields = urllib.parse.urlencode([("csrf_token", csrf), ("entry_key", key),
                                             ("re", ids[1]), ("re", ids[3]), ("re_eyes", "130")])
            entry = dict(form, Cookie=cookie)
            probe(server, "entry form with a 50 MB field", lambda: send(
                port, "POST", sheet + "spiel/neu",
                iter([(fields + "&x=").encode(), *chunks(50 * MB, b"y")]),
                len(fields) + 3 + 50 * MB, entry))
            _, _, key2 = phone_session(port, sheet)
            extra = (urllib.parse.urlencode([("csrf_token", csrf), ("entry_key", key2),
                                             ("re", ids[0]), ("re", ids[1]), ("re_eyes", "100")])
                     + "&x=" * 50_000).encode()
            probe(server, "entry form with 50,000 extra fields", lambda: send(
                port, "POST", sheet + "spiel/neu", extra, len(extra), entry))
            deep = ("[" * 5000 + "]" * 5000).encode()
            probe(server, "…/nachtragen with JSON nested 5,000 deep", lambda: send(
                port, "POST", sheet + "nachtragen", deep, len(deep), sync))
            _, games, _ = send(port, "GET", sheet + "stand")
            print(f"  games on the sheet now: {json.loads(games)['games']}")

            status, page, headers = send(port, "GET", "/", source="127.0.0.3")
            start = {"Cookie": headers.get("Set-Cookie", "").split(";")[0], **form}
            start_csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"',
                                   page.decode()).group(1)
            started = time.perf_counter()
            runden = Counter(send(port, "POST", "/", urllib.parse.urlencode(
                {"csrf_token": start_csrf, "name": f"R{n}", "preset": "ddv"}).encode(), 0,
                start, "127.0.0.3")[0] for n in range(200))
            print(f"  200 new Runden from one device in {time.perf_counter() - started:5.2f} s: "
                  f"{dict(runden)}")
            started = time.perf_counter()
            checks = Counter(send(port, "GET", sheet + "stand", source="127.0.0.4")[0]
                             for _ in range(2000))
            print(f"  2,000 live checks from one device in "
                  f"{time.perf_counter() - started:5.2f} s: {dict(checks)}")
        finally:
            server.stop()


if __name__ == "__main__":
    main()
