"""The whole package type-checks: ``mypy scorer`` with the configuration in pyproject.toml
(the pure packages held to --strict there, the rest with typed definitions checked)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None,
                    reason="mypy is not installed (pip install -e '.[test]')")
def test_mypy_finds_no_error_in_the_package() -> None:
    run = subprocess.run([sys.executable, "-m", "mypy", "scorer"], cwd=ROOT,
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, f"mypy scorer:\n{run.stdout}{run.stderr}"
