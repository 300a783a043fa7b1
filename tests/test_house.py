"""The house's rules, read from the code's own imports (issue #34): no import circle anywhere
(imports inside functions included), no blueprint imports another blueprint, and no module
takes another module's private (underscore) name."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "scorer"


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _imports(name: str, tree: ast.AST) -> Iterator[tuple[str, str | None]]:
    """(module, name taken from it or None) for every import of ``tree``, at any depth;
    ``from scorer.web import forms`` names the module scorer.web.forms where that is one."""
    package = name if MODULES[name].name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, None
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")
                parent = parent[:len(parent) - node.level + 1]
                base = ".".join([*parent, base] if base else parent)
            for alias in node.names:
                if f"{base}.{alias.name}" in MODULES:
                    yield f"{base}.{alias.name}", None
                else:
                    yield base, alias.name


def _graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        graph[name] = {target for target, _ in _imports(name, tree) if target in MODULES
                       and target != name}
    return graph


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return out


def _package_parents(name: str) -> set[str]:
    """A package's ``__init__`` runs when any module inside it is imported: an arrow to the
    package itself is not a circle of the code (``scorer`` -> ``scorer.app``)."""
    parts = name.split(".")
    return {".".join(parts[:k]) for k in range(1, len(parts))}


def test_no_import_circle_anywhere() -> None:
    graph = _graph()
    graph = {name: {t for t in targets if t not in _package_parents(name)}
             for name, targets in graph.items()}
    assert _circles(graph) == []


def test_the_circle_check_finds_a_circle() -> None:
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def _blueprints() -> set[str]:
    return {name for name, path in MODULES.items()
            if name.startswith("scorer.web.") and "Blueprint(" in path.read_text("utf-8")}


def test_no_blueprint_imports_another_blueprint() -> None:
    blueprints = _blueprints()
    assert len(blueprints) >= 15
    graph = _graph()
    crossing = sorted((name, target) for name in blueprints for target in graph[name]
                      if target in blueprints)
    assert crossing == []


def test_no_module_takes_another_modules_private_name() -> None:
    taken = []
    for name, path in MODULES.items():
        for module, imported in _imports(name, ast.parse(path.read_text("utf-8"))):
            # (gettext's ``_`` is the one underscore name meant to be taken: STYLE.md "Words".)
            if (imported is not None and imported.startswith("_") and imported != "_"
                    and not imported.startswith("__") and module.startswith("scorer")):
                taken.append(f"{name}: from {module} import {imported}")
    assert taken == []
