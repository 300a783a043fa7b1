"""The scoring core stays pure (STYLE.md "Pure and enforced").

Importing the core and the CLI must not drag in the web stack, and the pure modules (the
scoring core, its German words and the sheet's row words) may import only the standard
library and each other.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CORE_IMPORTS = ("scorer", "scorer.rules", "scorer.scoring", "scorer.evening", "scorer.explain",
                "scorer.labels", "scorer.cli")
WEB_STACK = ("flask", "sqlalchemy", "wtforms", "weasyprint", "jinja2")
PURE_MODULES = ("rules.py", "scoring.py", "evening.py", "explain.py", "labels.py",
                "table_text.py", "chart.py", "settlement.py", "stats.py")
PURE_NAMES = {"scorer." + m.removesuffix(".py") for m in PURE_MODULES}


def test_importing_the_core_and_the_cli_loads_no_web_framework() -> None:
    # A fresh interpreter: in this process pytest plugins may already have loaded anything.
    code = (
        "import importlib, json, sys\n"
        f"for name in {CORE_IMPORTS!r}:\n"
        "    importlib.import_module(name)\n"
        f"print(json.dumps(sorted(m for m in {WEB_STACK!r} if m in sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, check=True)
    assert json.loads(done.stdout) == []


def _imported_modules(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module == "scorer":
            names += [f"scorer.{alias.name}" for alias in node.names]  # from scorer import x
        elif isinstance(node, ast.ImportFrom):
            # A relative import stays inside the package.
            names.append("scorer" if node.level else (node.module or ""))
    return names


@pytest.mark.parametrize("module", PURE_MODULES)
def test_core_module_imports_only_the_standard_library_and_the_core(module: str) -> None:
    imported = _imported_modules(ROOT / "scorer" / module)
    assert imported, "the AST walk found no imports at all: the check would be vacuous"
    # "scorer" alone is a relative import or the package itself; scorer.services, the web
    # layer or anything else of the package is not the core.
    foreign = [name for name in imported
               if name.split(".")[0] not in sys.stdlib_module_names
               and name != "scorer" and name not in PURE_NAMES]
    assert foreign == []


def test_the_import_check_itself_notices_a_third_party_import(tmp_path: Path) -> None:
    # Guard against a check that can never fail.
    fake = tmp_path / "fake.py"
    fake.write_text("import os\nfrom flask import Flask\nfrom . import rules\n", encoding="utf-8")
    imported = _imported_modules(fake)
    assert imported == ["os", "flask", "scorer"]
    assert "flask" not in sys.stdlib_module_names
