"""What `doko-zettel serve` holds in memory while nobody prints: figures to read, not a test.

    .venv/bin/python bench/memory.py              # the default settings (2 workers)
    .venv/bin/python bench/memory.py --workers 4

Two servers, one after the other, each left alone for a few seconds after a few GETs of its
start page: `doko-zettel serve` on a fresh SQLite file, as the README starts it, and a
hello-world Flask app under the same gunicorn settings (the same worker class, workers and
threads). Printed per server: the PSS (proportional set size: shared pages counted once,
split among the processes sharing them) of every process of its tree, their sum, and the
ratio of the two sums (target, issue #40: ≤ 2.5×). Then the first PDF of a 60-game evening
after the start (the render process is started by it) against the floor of bench/pdf.py
(a fresh process importing WeasyPrint and rendering a plain table as long: target ≤ 1.5×),
and the memory once it has printed.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

HELLO = '''
from flask import Flask

app = Flask(__name__)


@app.get("/")
def hello():
    return "Hallo"
'''

IDLE_SECONDS = 4.0


def _tree(root: int) -> list[int]:
    """``root`` and every process below it."""
    out, todo = [], [root]
    while todo:
        pid = todo.pop()
        out.append(pid)
        try:
            for task in Path(f"/proc/{pid}/task").iterdir():
                todo += [int(c) for c in (task / "children").read_text().split()]
        except OSError:
            continue
    return out


def _pss_kib(pid: int) -> int:
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return 0
    found = re.search(r"^Pss:\s+(\d+) kB", text, re.M)
    return int(found.group(1)) if found else 0


def _name(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()[:70]
    except OSError:
        return "?"


def measure(label: str, root: int) -> float:
    """Print the PSS of ``root``'s tree; returns the sum in MiB."""
    pids = _tree(root)
    total = 0
    print(f"{label}:")
    for pid in pids:
        kib = _pss_kib(pid)
        total += kib
        print(f"  {kib / 1024:7.1f} MiB  {_name(pid)}")
    print(f"  {total / 1024:7.1f} MiB  in {len(pids)} processes")
    return total / 1024


def _env(folder: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("FLASK_", "DOKO_", "GUNICORN", "TEST_DATABASE"))}
    env.update(DATABASE_URL=f"sqlite:///{folder / 'doko.sqlite3'}", FLASK_SECRET_KEY="bench",
               PYTHONUNBUFFERED="1", HOME=str(folder),
               DOKO_RATELIMIT_STORAGE=f"doko+sqlite:///{folder / 'limits.sqlite3'}",
               FLASK_DOKO_KEPT_FOLDER=str(folder / "kept"),
               FLASK_DOKO_PDF_FOLDER=str(folder / "zettel"))
    return env


def _start(command: list[str], env: dict[str, str], folder: Path,
           cwd: Path | None = None) -> tuple[subprocess.Popen[bytes], int]:
    log = folder / "serve.log"
    with open(log, "wb") as out:
        process = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT,
                                   start_new_session=True, cwd=cwd)
    deadline = time.monotonic() + 90
    while not (found := re.search(r"(?:http://127\.0\.0\.1|Listening at: http://127\.0\.0\.1)"
                                  r":(\d+)", log.read_text())):
        assert process.poll() is None, log.read_text()
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.1)
    port = int(found.group(1))
    from live import get

    while True:
        try:
            if get(port, "/")[0] == 200:
                break
        except OSError:
            pass
        time.sleep(0.1)
    return process, port


def _stop(process: subprocess.Popen[bytes]) -> None:
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def _idle(port: int) -> None:
    from live import get

    for _ in range(10):
        get(port, "/")
    time.sleep(IDLE_SECONDS)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--no-pdf", action="store_true", help="without the first PDF")
    args = parser.parse_args(argv)
    from scorer.serve import DEFAULT_THREADS, WORKER_CLASS

    bin_folder = Path(sys.executable).parent
    serve = shutil.which("doko-zettel", path=str(bin_folder))
    gunicorn = shutil.which("gunicorn", path=str(bin_folder))
    assert serve and gunicorn, "pip install -e . first"

    folder = Path(tempfile.mkdtemp(prefix="doko-bench-memory-"))
    try:
        hello_folder = folder / "hello"
        hello_folder.mkdir()
        (hello_folder / "hello.py").write_text(HELLO, encoding="utf-8")
        process, port = _start([gunicorn, "-w", str(args.workers), "--threads",
                                str(DEFAULT_THREADS), "-k", WORKER_CLASS,
                                "-b", "127.0.0.1:0", "hello:app"],
                               _env(hello_folder), hello_folder, cwd=hello_folder)
        try:
            _idle(port)
            hello = measure(f"hello-world Flask, gunicorn -w {args.workers} --threads "
                            f"{DEFAULT_THREADS} -k {WORKER_CLASS}", process.pid)
        finally:
            _stop(process)

        app_folder = folder / "app"
        app_folder.mkdir()
        env = _env(app_folder)
        process, port = _start([serve, "serve", "--local", "--port", "0", "--workers",
                                str(args.workers)], env, app_folder)
        try:
            _idle(port)
            served = measure(f"doko-zettel serve --workers {args.workers}", process.pid)
            print(f"idle: doko-zettel serve {served:.0f} MiB, hello-world {hello:.0f} MiB: "
                  f"{served / hello:.2f}× (target ≤ 2.5×)")
            if not args.no_pdf:
                _first_pdf(process.pid, port, env, hello)
        finally:
            _stop(process)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _first_pdf(root: int, port: int, env: dict[str, str], hello: float) -> None:
    """The first PDF of a 60-game evening after the start, against bench/pdf.py's floor."""
    import json

    from live import SETUP
    from pdf import FLOOR, fetch_pdf

    here = Path(__file__).resolve().parent
    made = subprocess.run([sys.executable, "-c", SETUP, "60", str(here)], env=env,
                          check=True, capture_output=True, text=True)
    token = json.loads(made.stdout.splitlines()[-1])[0]
    status, body, took = fetch_pdf(port, f"/r/{token}/abend/1/zettel.pdf")
    assert status == 200 and body.startswith(b"%PDF"), status
    with tempfile.TemporaryDirectory() as out:
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", FLOOR, "60", "6", str(Path(out) / "f.pdf")],
                       check=True, capture_output=True)
        floor = time.perf_counter() - start
    print(f"the first PDF (60 games) after the start: {took:.2f} s, the floor {floor:.2f} s: "
          f"{took / floor:.2f}× (target ≤ 1.5×)")
    time.sleep(IDLE_SECONDS)
    printed = measure("doko-zettel serve after the first PDF", root)
    print(f"after printing: {printed:.0f} MiB, {printed / hello:.2f}× the hello-world")


if __name__ == "__main__":
    main()
