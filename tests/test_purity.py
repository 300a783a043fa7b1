"""The scoring core stays pure (STYLE.md "Pure and enforced").

Importing the core and the CLI must not drag in the web stack, and every module of the pure
packages imports only the standard library and the pure packages it may lean on: the game and
the money (``scorer/core/``) only itself, the sheet's words (``scorer/words/``) the core and
themselves, the importers of foreign files (``scorer/importers/``) the core, the words (their
refusals speak through gettext) and themselves. The check walks the packages, so a module
added there is checked without a list. One adapter may name a library
more (the XLSX reader, openpyxl), and only imports it when it runs.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
WEB_STACK = ("flask", "sqlalchemy", "wtforms", "weasyprint", "jinja2")
PURE = {"core": {"scorer.core"}, "words": {"scorer.core", "scorer.words"},
        "importers": {"scorer.core", "scorer.importers", "scorer.words"}}
"""Each pure package, with the packages its modules may import besides the standard library."""
ADAPTERS = {"importers/xlsx.py": {"openpyxl"}, "words/formats.py": {"babel"}}
"""Modules of a pure package that may also import these libraries, lazily (inside a function)."""
LAZY = ("openpyxl", "babel")
"""Libraries an adapter imports only when it runs: importing the packages must not load them."""


def _pure_modules() -> list[Path]:
    return [path for package in PURE for path in sorted((ROOT / "scorer" / package).rglob("*.py"))]


def _allowed(path: Path) -> set[str]:
    relative = path.relative_to(ROOT / "scorer")
    return PURE[relative.parts[0]] | ADAPTERS.get(relative.as_posix(), set())


def _dotted(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def test_importing_the_pure_packages_and_the_cli_loads_no_web_framework() -> None:
    # A fresh interpreter: in this process pytest plugins may already have loaded anything.
    names = ["scorer", "scorer.cli"] + [_dotted(path) for path in _pure_modules()]
    code = (
        "import importlib, json, sys\n"
        f"for name in {names!r}:\n"
        "    importlib.import_module(name)\n"
        f"print(json.dumps(sorted(m for m in {WEB_STACK + LAZY!r} if m in sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, check=True)
    assert json.loads(done.stdout) == []


def _imported_modules(path: Path, text: str | None = None) -> list[str]:
    if text is None:
        text = path.read_text(encoding="utf-8")
    tree = ast.parse(text, filename=str(path))
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module is not None \
                and node.module.startswith("scorer"):
            names += [f"{node.module}.{alias.name}" for alias in node.names]  # from scorer.x import y
        elif isinstance(node, ast.ImportFrom):
            # A relative import stays inside its own package.
            names.append(_dotted(path).rsplit(".", 1)[0] if node.level else (node.module or ""))
    return names


def _foreign(imported: list[str], allowed: set[str]) -> list[str]:
    return [name for name in imported
            if name.split(".")[0] not in sys.stdlib_module_names
            and not any(name == pkg or name.startswith(pkg + ".") for pkg in allowed)]


@pytest.mark.parametrize("path", _pure_modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_pure_module_imports_only_the_standard_library_and_its_pure_packages(path: Path) -> None:
    imported = _imported_modules(path)
    if path.name == "__init__.py" and not imported:
        return  # a package's docstring alone
    assert imported, "the AST walk found no imports at all: the check would be vacuous"
    assert _foreign(imported, _allowed(path)) == []


@pytest.mark.parametrize("adapter", sorted(ADAPTERS))
def test_an_adapter_imports_its_library_only_inside_a_function(adapter: str) -> None:
    tree = ast.parse((ROOT / "scorer" / adapter).read_text(encoding="utf-8"))
    top = [alias.name.split(".")[0] for node in tree.body if isinstance(node, ast.Import)
           for alias in node.names]
    top += [(node.module or "").split(".")[0] for node in tree.body
            if isinstance(node, ast.ImportFrom)]
    assert not set(top) & ADAPTERS[adapter]


def test_the_pure_packages_are_there_and_hold_modules() -> None:
    for package in PURE:
        assert len(list((ROOT / "scorer" / package).glob("*.py"))) > 1, package


def test_the_import_check_itself_notices_a_foreign_import() -> None:
    # Guard against a check that can never fail: a module of the core that imports Flask and
    # the web layer, and one relative import.
    text = ("import os\nfrom flask import Flask\nfrom scorer.web import forms\n"
            "from scorer.core import rules\nfrom . import scoring\n")
    imported = _imported_modules(ROOT / "scorer" / "core" / "fake.py", text)
    assert imported == ["os", "flask", "scorer.web.forms", "scorer.core.rules", "scorer.core"]
    assert _foreign(imported, PURE["core"]) == ["flask", "scorer.web.forms"]
    # The words lean on the core; the core never on the words.
    assert _foreign(["scorer.core.evening", "scorer.words.labels"], PURE["words"]) == []
    assert _foreign(["scorer.words.labels"], PURE["core"]) == ["scorer.words.labels"]
