"""The pure packages type-check under ``mypy --strict`` (STYLE.md "Strict typing"), with the
configuration in pyproject.toml: a type error there fails the suite, not a later reader."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def cache_dir(name: str) -> Path:
    """mypy's cache for one of the two type tests, in the repository's git-ignored
    .mypy_cache: kept between runs (mypy writes each file whole under a temporary name, and
    checks every module again whose source or dependencies changed)."""
    return ROOT / ".mypy_cache" / f"pytest-{name}"
CHECKED = ("scorer/core", "scorer/words", "scorer/importers")


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None,
                    reason="mypy is not installed (pip install -e '.[test]')")
def test_the_pure_packages_are_clean_under_mypy_strict(tmp_path: Path) -> None:
    # A cache of its own (two workers may run this and test_types_package.py at once), kept
    # between runs: mypy checks again what changed and what depends on it, the same verdict
    # in a fraction of the time.
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
         "--strict", "--cache-dir", str(cache_dir("strict")), *CHECKED],
        cwd=ROOT, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
