"""The whole package type-checks: ``mypy scorer`` with the configuration in pyproject.toml
(the pure packages held to --strict there, the rest with typed definitions checked); the pure
packages under plain ``--strict`` are tests/test_types.py's."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_types import cache_dir

ROOT = Path(__file__).resolve().parents[1]



@pytest.mark.skipif(importlib.util.find_spec("mypy") is None,
                    reason="mypy is not installed (pip install -e '.[test]')")
def test_mypy_finds_no_error_in_the_package(tmp_path: Path) -> None:
    # A cache of its own, as tests/test_types.py has, kept between runs (cache_dir).
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
         "--cache-dir", str(cache_dir("package")), "scorer"],
        cwd=ROOT, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, f"mypy scorer:\n{done.stdout}{done.stderr}"
