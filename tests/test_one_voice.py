"""One voice (issue #35): what a person reads comes from the words package through gettext.

The guard lists the files outside ``scorer/words/`` that still hold user-facing German text of
their own (a Python string that is no docstring and goes through no gettext call, a template's
text outside ``_()``/``{% trans %}``, a script's string). The list may only shrink: a file that
speaks through the words package must leave it, and no new file may join it. It is empty when
every word is the words package's.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

STILL_GERMAN: set[str] = set()
"""The files that still speak German of their own: 133 when the guard started, none now.
No file may join it again."""

_UMLAUT = re.compile(r"[äöüÄÖÜß]")
_WORDS = frozenset("""
abend abende alle aller bitte das dem den der des die diese dieser dieses ein eine einen einem
einer eintragen gespeichert gelöscht ist kein keine keinen mit nicht noch nur oder schon sind
spiel spiele und von vom wird zum zur zurück runde neu speichern ändern geändert fehlt fehler
gibt gilt hier jetzt kann können muss seite stand wieder wurde wurden zu für über bei nach
""".split())
NOT_SPOKEN = frozenset({"doko-zettel remembered runde"})
"""Strings that read like German words but nobody reads: a signing salt."""
_GETTEXT = frozenset({"_", "N_", "gettext", "ngettext", "pgettext", "lazy_gettext"})


def german(text: str) -> bool:
    """Whether ``text`` reads as German words a person sees (not a key, a path or a format).

    >>> german("Spiel gespeichert."), german("kind_labels"), german("über"), german("%d.%m.%Y")
    (True, False, True, False)
    """
    if _UMLAUT.search(text):
        return True
    words = re.findall(r"[A-Za-z]+", text)
    return any(w.lower() in _WORDS for w in words) and " " in text.strip()


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list):
            for stmt in body:
                if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) \
                        and isinstance(stmt.value.value, str):
                    ids.add(id(stmt.value))
    return ids


def _through_gettext(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = node.func.id if isinstance(node.func, ast.Name) else \
                node.func.attr if isinstance(node.func, ast.Attribute) else ""
            if name in _GETTEXT:
                ids.update(id(sub) for arg in node.args for sub in ast.walk(arg))
    return ids


def python_speaks_german(text: str) -> bool:
    """Whether Python source holds a German string of its own (not a docstring, not a
    message handed to gettext)."""
    tree = ast.parse(text)
    skip = _docstrings(tree) | _through_gettext(tree)
    return any(isinstance(node, ast.Constant) and isinstance(node.value, str)
               and id(node) not in skip and node.value not in NOT_SPOKEN and german(node.value)
               for node in ast.walk(tree))


_JINJA = re.compile(r"{#.*?#}|{%-?\s*trans\b.*?endtrans\s*-?%}|{{.*?}}|{%.*?%}", re.S)


def template_speaks_german(text: str) -> bool:
    """Whether a template holds German text outside its expressions and trans blocks (an
    expression's own string literals count unless they go through ``_()``)."""
    for match in _JINJA.finditer(text):
        block = match.group(0)
        if block.startswith("{{") or (block.startswith("{%") and "trans" not in block[:12]):
            inner = re.sub(r"\b(?:_|gettext|ngettext|pgettext)\(\s*(['\"]).*?\1"
                           r"(?:\s*,\s*(['\"]).*?\2)?", "", block, flags=re.S)
            if any(german(s) for s in re.findall(r"'([^']*)'|\"([^\"]*)\"", inner)
                   for s in s if s):
                return True
    outside = _JINJA.sub(" ", text)
    outside = re.sub(r"<script.*?</script>|<style.*?</style>", " ", outside, flags=re.S)
    visible = re.sub(r"<[^>]*>", " ", outside)
    attributes = re.findall(r"(?:title|alt|aria-label|placeholder|content|value)=\"([^\"{]*)\"",
                            outside)
    return german(visible) or any(german(a) for a in attributes)


def script_speaks_german(text: str) -> bool:
    """Whether a script holds a German string (comments aside)."""
    code = re.sub(r"//[^\n]*|/\*.*?\*/", " ", text, flags=re.S)
    return any(german(a or b or c) for a, b, c in
               re.findall(r"\"([^\"\n]*)\"|'([^'\n]*)'|`([^`]*)`", code))


def speaking_german() -> set[str]:
    """Every file outside the words package that holds German text of its own."""
    out = set()
    for path in sorted((ROOT / "scorer").rglob("*.py")):
        relative = path.relative_to(ROOT).as_posix()
        if relative.startswith("scorer/words/"):
            continue
        if python_speaks_german(path.read_text(encoding="utf-8")):
            out.add(relative)
    for path in sorted((ROOT / "templates").rglob("*.html")):
        if template_speaks_german(path.read_text(encoding="utf-8")):
            out.add(path.relative_to(ROOT).as_posix())
    for path in sorted((ROOT / "static" / "js").glob("*.js")):
        if script_speaks_german(path.read_text(encoding="utf-8")):
            out.add(path.relative_to(ROOT).as_posix())
    return out


def test_no_file_outside_the_words_package_starts_speaking_german() -> None:
    assert speaking_german() - STILL_GERMAN == set()


def test_a_file_that_speaks_through_the_words_package_leaves_the_list() -> None:
    assert STILL_GERMAN - speaking_german() == set()


def test_the_guard_sees_german_where_it_is_and_not_where_it_is_not() -> None:
    assert python_speaks_german('flash("Spiel gespeichert.")\n')
    assert not python_speaks_german('flash(_("Spiel gespeichert."))\n')
    assert not python_speaks_german('def f():\n    """Speichert ein Spiel für die Runde."""\n')
    assert not python_speaks_german('KIND = "stille_hochzeit"\n')
    assert template_speaks_german("<p>Noch kein Spiel</p>")
    assert not template_speaks_german("<p>{{ _('Noch kein Spiel') }}</p>")
    assert not template_speaks_german("{% trans %}Noch kein Spiel{% endtrans %}")
    assert template_speaks_german('{{ "Zurück" if x }}')
    assert script_speaks_german('status.textContent = "Der Zettel ist fertig";')
    assert not script_speaks_german("// Der Zettel ist fertig\nvar x = 1;")
