"""The PDF renderer is prepared when a web worker starts, never on import: the first "Drucken /
PDF" of an evening does not wait half a second for WeasyPrint, and the `scorer` command and
the app factory never load it."""

from __future__ import annotations

import json
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


def test_a_starting_worker_loads_the_pdf_renderer() -> None:
    assert loaded_after("from scorer.serve import worker_started\nworker_started(None)")


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
