"""Real servers in subprocesses for the tests: start one, read what it prints, ask it over
HTTP with any Host header, stop it. Output goes to files, so a chatty server never blocks
on a full pipe."""

from __future__ import annotations

import http.client
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

BIN = Path(sys.executable).parent


def console_script(name: str) -> str:
    """A console script of this environment (``pip install -e .`` puts it beside python)."""
    path = shutil.which(name, path=str(BIN))
    assert path, f"{name} is not installed beside {sys.executable}: pip install -e ."
    return path


def server_env(folder: Path, **extra: str) -> dict[str, str]:
    """The environment of a server on a fresh SQLite file in ``folder``, nothing inherited
    that would point it elsewhere."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("FLASK_", "TEST_DATABASE", "DOKO_", "GUNICORN", "XDG_"))}
    # HOME too: gunicorn >= 25.1 puts a control socket there, which two servers would share.
    # The limits per client count in the server's folder, not in the repository's instance/
    # that every server of the run would share.
    # No PDF renderer prepared per worker (DOKO_PDF_PRELOAD, the default; scorer/serve.py):
    # these servers print nothing, or print on request; tests/test_pdf_preload.py has both.
    env.update(DATABASE_URL=f"sqlite:///{folder / 'doko.sqlite3'}", FLASK_SECRET_KEY="tests",
               PYTHONUNBUFFERED="1", HOME=str(folder), DOKO_PDF_PRELOAD="0",
               DOKO_RATELIMIT_STORAGE=f"doko+sqlite:///{folder / 'ratelimits.sqlite3'}",
               # What the workers keep on disk (scorer.store.kept_files): the server's own.
               FLASK_DOKO_KEPT_FOLDER=str(folder / "kept"))
    env.update(extra)
    return env


def free_port() -> int:
    """A port nobody listens on right now (for servers that cannot take port 0)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """A server process whose stdout and stderr land in files in ``folder``."""

    def __init__(self, command: list[str], env: dict[str, str], folder: Path) -> None:
        self.out_path = folder / "stdout.txt"
        self.err_path = folder / "stderr.txt"
        with open(self.out_path, "wb") as out, open(self.err_path, "wb") as err:
            # A session of its own: stopping it stops gunicorn's workers too.
            self.process = subprocess.Popen(command, env=env, stdout=out, stderr=err,
                                            stdin=subprocess.DEVNULL, start_new_session=True)

    @property
    def stdout(self) -> str:
        return _plain(self.out_path.read_text(encoding="utf-8", errors="replace"))

    @property
    def stderr(self) -> str:
        return _plain(self.err_path.read_text(encoding="utf-8", errors="replace"))

    @property
    def output(self) -> str:
        return self.stdout + self.stderr

    def wait_for(self, pattern: str, where: str = "output", timeout: float = 60) -> re.Match[str]:
        """The first match of ``pattern`` in what the server printed, once it appears."""
        deadline = time.monotonic() + timeout
        while True:
            match = re.search(pattern, getattr(self, where))
            if match:
                return match
            assert self.process.poll() is None, f"the server exited:\n{self.output}"
            assert time.monotonic() < deadline, f"no {pattern!r} within {timeout} s:\n{self.output}"
            time.sleep(0.1)

    def wait_until_answering(self, port: int, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while True:
            try:
                if request("127.0.0.1", port, "/")[0] == 200:
                    return
            except OSError:
                pass
            assert self.process.poll() is None, f"the server exited:\n{self.output}"
            assert time.monotonic() < deadline, f"no answer within {timeout} s:\n{self.output}"
            time.sleep(0.1)

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()

    def __enter__(self) -> Server:
        return self

    def __exit__(self, *_exc: Any) -> None:
        self.stop()


def _plain(text: str) -> str:
    """Without terminal colours (Werkzeug colours its request lines)."""
    return re.sub(r"\x1b\[[0-9;]*m", "", text)


def request(address: str, port: int, path: str, host: str | None = None) -> tuple[int, str]:
    """GET ``path`` from ``address``:``port`` with the given Host header; status and body."""
    connection = http.client.HTTPConnection(address, port, timeout=30)
    try:
        connection.putrequest("GET", path, skip_host=host is not None)
        if host is not None:
            connection.putheader("Host", host)
        connection.endheaders()
        response = connection.getresponse()
        return response.status, response.read().decode("utf-8", errors="replace")
    finally:
        connection.close()


def create_group(database_url: str) -> str:
    """A Runde made straight in the server's database; returns its edit token."""
    from flask_migrate import upgrade

    from scorer import services
    from scorer.app import create_app
    from scorer.store.extensions import db

    app = create_app({"SQLALCHEMY_DATABASE_URI": database_url, "SECRET_KEY": "tests"})
    with app.app_context():
        upgrade()
        token = services.create_group("Donnerstagsrunde", "ddv").edit_token
    with app.app_context():  # the first context handed its connection back when it ended
        db.engine.dispose()
    return token


def create_evening(database_url: str) -> str:
    """A Runde of four with an evening, made straight in the server's database; returns the
    evening's address (``/r/<edit>/abend/1/``)."""
    import datetime as dt

    from scorer import services
    from scorer.app import create_app
    from scorer.store.extensions import db

    app = create_app({"SQLALCHEMY_DATABASE_URI": database_url, "SECRET_KEY": "tests"})
    with app.app_context():
        group = services.find_group(create_group(database_url))
        assert group is not None
        players = [services.add_player(group, name) for name in ("Anna", "Ben", "Cem", "Dora")]
        services.start_evening(group, played_on=dt.date(2026, 11, 22),
                               seat_ids=[p.id for p in players], first_dealer_id=players[0].id,
                               preset="ddv", rules=services.house_rules(group),
                               planned_games=None, cents_per_point=0)
        token = group.edit_token
    with app.app_context():
        db.engine.dispose()
    return f"/r/{token}/abend/1/"


def break_the_runden_table(database_url: str) -> None:
    """Rename the table of Runden, so that every Runde page fails with a server error."""
    import sqlalchemy as sa

    engine = sa.create_engine(database_url)
    with engine.begin() as connection:
        connection.execute(sa.text("ALTER TABLE groups RENAME TO groups_gone"))
    engine.dispose()
