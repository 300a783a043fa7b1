"""The PDF renderer is prepared at a web worker's first "Drucken / PDF" (an idle server holds no
render process, issue #40), or as the worker starts with ``DOKO_PDF_PRELOAD=1``: the worker
starts its render process (scorer.printed.render), which loads WeasyPrint; the web worker
itself, which never renders, and the `scorer` command and the app factory never load it."""

from __future__ import annotations

import json
import os
import runpy
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def loaded_after(code: str) -> bool:
    """Whether WeasyPrint is loaded after running ``code`` in a fresh interpreter."""
    done = subprocess.run(
        [sys.executable, "-c", code + "\nimport json, sys\n"
         "print(json.dumps('weasyprint' in sys.modules))"],
        capture_output=True, text=True, cwd=ROOT, check=True)
    return bool(json.loads(done.stdout.splitlines()[-1]))


STARTED_WORKER = """
import json, os, sys
from pathlib import Path
from scorer.serve import worker_started
worker_started(None)
def pango(pid):
    return "libpango" in Path(f"/proc/{pid}/maps").read_text()
def parent(pid):
    try:  # any process of the machine may end between the listing and the reading
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1]
    except OSError:
        return None
children = [int(p.name) for p in Path("/proc").iterdir() if p.name.isdigit()
            and parent(p.name) == str(os.getpid())]
print(json.dumps({"worker": ["weasyprint" in sys.modules, pango(os.getpid())],
                  "children": [pango(child) for child in children]}))
"""


def test_with_doko_pdf_preload_1_a_starting_worker_starts_its_render_process() -> None:
    done = subprocess.run([sys.executable, "-c", STARTED_WORKER], capture_output=True,
                          text=True, cwd=ROOT, check=True, timeout=120,
                          env={**os.environ, "DOKO_PDF_PRELOAD": "1"})
    found = json.loads(done.stdout.splitlines()[-1])
    assert found["worker"] == [False, False]  # the web worker renders nothing
    # One child with Pango (WeasyPrint) loaded: the render process (multiprocessing's
    # resource tracker may be another child, without it).
    assert found["children"].count(True) == 1


def test_by_default_a_starting_worker_leaves_the_renderer_to_the_first_pdf() -> None:
    for env in ({k: v for k, v in os.environ.items() if k != "DOKO_PDF_PRELOAD"},
                {**os.environ, "DOKO_PDF_PRELOAD": "0"}):
        done = subprocess.run([sys.executable, "-c", STARTED_WORKER], capture_output=True,
                              text=True, cwd=ROOT, check=True, timeout=120, env=env)
        found = json.loads(done.stdout.splitlines()[-1])
        assert found["worker"] == [False, False]
        assert found["children"] == []  # no render process, no resource tracker


def test_the_app_factory_and_the_scoring_commands_do_not_load_it(tmp_path: Path) -> None:
    database = tmp_path / "x.sqlite3"
    assert not loaded_after(
        "from scorer.app import create_app\n"
        f"create_app({{'SECRET_KEY': 'x', 'SQLALCHEMY_DATABASE_URI': 'sqlite:///{database}'}})")
    assert not loaded_after(
        "import contextlib, io, sys\nfrom scorer.cli import main\n"
        "sys.stdin = io.StringIO('{\"rules\": \"ddv\", \"seats\": [\"A\", \"B\", \"C\", \"D\"], "
        "\"games\": [{\"re\": [\"A\", \"B\"], \"re_eyes\": 151}]}')\n"
        "out = io.StringIO()\n"
        "with contextlib.redirect_stdout(out):\n    main(['evening', '-'])\n"
        "assert '\"totals\"' in out.getvalue(), out.getvalue()")


def test_gunicorn_started_in_the_repository_runs_the_same_worker_start() -> None:
    from scorer.serve import worker_started

    config = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert config["post_worker_init"] is worker_started


def test_loading_it_starts_no_program_and_leaves_the_library_search_as_it_was() -> None:
    # ctypes' library search runs ldconfig, gcc and ld for every name WeasyPrint tries that
    # is not in the linker cache: most of the import, on a machine with a compiler.
    done = subprocess.run([sys.executable, "-c", (
        "import ctypes.util, json, subprocess\n"
        "started = []\n"
        "popen = subprocess.Popen.__init__\n"
        "def init(self, args, *rest, **kw):\n"
        "    started.append(args)\n"
        "    popen(self, args, *rest, **kw)\n"
        "subprocess.Popen.__init__ = init\n"
        "search = ctypes.util.find_library\n"
        "from scorer.printed.pdf import weasyprint as _weasyprint\n"
        "weasyprint = _weasyprint()\n"
        "print(json.dumps([str(a) for a in started]))\n"
        "assert ctypes.util.find_library is search\n"
        "assert weasyprint.HTML and weasyprint.urls.URLFetcher\n")],
        capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[-1]) == []


def test_where_the_libraries_go_by_other_names_it_is_loaded_the_usual_way() -> None:
    # A system whose libraries only the search finds: the first import fails as WeasyPrint's
    # does there, and the second, with the search, succeeds.
    done = subprocess.run([sys.executable, "-c", (
        "import ctypes.util, importlib, sys\n"
        "load = importlib.import_module\n"
        "tries = []\n"
        "def import_module(name, *rest):\n"
        "    if name != 'weasyprint':\n"
        "        return load(name, *rest)\n"
        "    tries.append(ctypes.util.find_library('c'))\n"
        "    if len(tries) == 1:\n"
        "        load('weasyprint.css')  # half imported, then the libraries fail\n"
        "        raise OSError('cannot load library pango-1.0-0')\n"
        "    return load(name)\n"
        "importlib.import_module = import_module\n"
        "from scorer.printed.pdf import weasyprint as _weasyprint\n"
        "weasyprint = _weasyprint()\n"
        "assert len(tries) == 2 and tries[0] is None and tries[1], tries\n"
        "assert weasyprint.HTML and sys.modules['weasyprint'] is weasyprint\n")],
        capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr


def test_a_render_process_ends_soon_after_its_worker_is_killed() -> None:
    # gunicorn kills a stuck worker with SIGKILL: its render process must not stay behind.
    import signal
    import time

    with subprocess.Popen([sys.executable, "-c", STARTED_WORKER + (
            "\nprint(json.dumps(children), flush=True)\nimport time\ntime.sleep(600)\n")],
            stdout=subprocess.PIPE, text=True, cwd=ROOT,
            env={**os.environ, "DOKO_PDF_PRELOAD": "1"}) as worker:
        try:
            assert worker.stdout is not None
            worker.stdout.readline()  # what STARTED_WORKER prints
            children = json.loads(worker.stdout.readline())
            assert children
        finally:
            worker.send_signal(signal.SIGKILL)
            worker.wait()
    deadline = time.monotonic() + 30
    while any(Path(f"/proc/{pid}").exists() for pid in children):
        assert time.monotonic() < deadline, "a render process outlived its worker"
        time.sleep(0.2)
