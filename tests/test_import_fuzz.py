"""A fuzz of every import format (issue 36): each sample file, damaged at random — bytes
changed, inserted or cut, a JSON value anywhere replaced by any other, a field dropped, a
cell of a sheet rewritten — is either read into a plan that folds or refused with lines in
the reader's language. Nothing else: no other exception, which on the page is a 500."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.importers import ImportRefused, read_import
from tests.budget import examples
from tests.test_import_files import DATA, SAMPLES


def workbook() -> bytes:
    """A small XLSX score sheet (two sheets, one of notes)."""
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "12.05.2026"
    sheet.append(["Datum", "Anna", "Ben", "Cem", "Dora"])
    for row in ([1, 1, -1, -1], [2, -2, 2, -2], [-3, 1, 1, 1], ["Summe", None, None, None]):
        sheet.append(["12.05.2026", *row])
    book.create_sheet("Notizen").append(["Getränke", 12])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


FILES = {name: (DATA / name).read_bytes() for name in SAMPLES}
FILES["abend.xlsx"] = workbook()

SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), st.integers(-10**30, 10**30),
                    st.floats(allow_nan=False), st.text(max_size=30),
                    st.sampled_from(["", "Anna", "2025-13-40", "sequential", "deal", "re",
                                     "1e999", "NaN", "\u202e", "x" * 300]))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=10), inner, max_size=4)),
    max_leaves=8)


def answered(data: bytes, name: str) -> None:
    """Read ``data``: a plan whose evenings fold, or a refusal with lines; anything else
    fails the test."""
    try:
        plan = read_import(data, name)
    except ImportRefused as err:
        lines = err.lines()
        assert lines and all(isinstance(line, str) and line for line in lines)
        return
    for evening in plan.evenings:
        evening.fold()


@pytest.mark.parametrize("name", sorted(FILES))
@settings(max_examples=examples(30, 300))
@given(data=st.data())
def test_changed_bytes_are_read_or_refused(name: str, data: st.DataObject) -> None:
    raw = bytearray(FILES[name])
    for _ in range(data.draw(st.integers(1, 8), label="edits")):
        at = data.draw(st.integers(0, len(raw)), label="at")
        how = data.draw(st.sampled_from(["set", "insert", "cut"]), label="how")
        piece = data.draw(st.binary(min_size=1, max_size=6), label="bytes")
        if how == "set" and at < len(raw):
            raw[at:at + len(piece)] = piece
        elif how == "insert":
            raw[at:at] = piece
        else:
            del raw[at:at + len(piece)]
    answered(bytes(raw), name)


def _containers(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a list or an object in ``value``."""
    out = []
    if isinstance(value, dict):
        out.append(path)
        for key, inner in value.items():
            out += _containers(inner, path + (key,))
    elif isinstance(value, list):
        out.append(path)
        for index, inner in enumerate(value):
            out += _containers(inner, path + (index,))
    return out


def _documents(name: str) -> list[Any]:
    text = FILES[name].decode("utf-8-sig")
    try:
        return [json.loads(text)]
    except ValueError:
        return [json.loads(line) for line in text.splitlines() if line.strip()]


JSON_FILES = sorted(n for n in FILES if n.endswith((".json", ".qdk")))


@pytest.mark.parametrize("name", JSON_FILES)
@settings(max_examples=examples(40, 400))
@given(data=st.data())
def test_any_json_value_replaced_or_dropped_is_read_or_refused(name: str,
                                                              data: st.DataObject) -> None:
    documents = _documents(name)
    for _ in range(data.draw(st.integers(1, 4), label="changes")):
        paths = _containers(documents)
        path = data.draw(st.sampled_from(paths), label="path")
        target: Any = documents
        for step in path:
            target = target[step]
        if not target:
            continue
        key = data.draw(st.sampled_from(sorted(target) if isinstance(target, dict)
                                        else list(range(len(target)))), label="key")
        if data.draw(st.booleans(), label="drop"):
            del target[key]
        else:
            target[key] = data.draw(VALUES, label="value")
    lines = (json.dumps(d) for d in documents)
    answered("\n".join(lines).encode(), name)


CSV_FILES = sorted(n for n in FILES if n.endswith(".csv"))


@pytest.mark.parametrize("name", CSV_FILES)
@settings(max_examples=examples(40, 400))
@given(data=st.data())
def test_any_cell_of_a_sheet_rewritten_is_read_or_refused(name: str,
                                                          data: st.DataObject) -> None:
    raw = FILES[name]
    encoding = "utf-8" if raw[:3] == b"\xef\xbb\xbf" or _utf8(raw) else "cp1252"
    rows = [line.split(";") for line in raw.decode(encoding).splitlines()]
    for _ in range(data.draw(st.integers(1, 4), label="changes")):
        row = data.draw(st.integers(0, len(rows) - 1), label="row")
        if not rows[row]:
            continue
        cell = data.draw(st.integers(0, len(rows[row]) - 1), label="cell")
        rows[row][cell] = data.draw(st.one_of(
            st.text(alphabet=st.characters(blacklist_characters=";\n\r"), max_size=12),
            st.integers(-10**20, 10**20).map(str),
            st.sampled_from(["Summe", "", "−3", "3,5", "1.000", "12.05.2026", "Geber"])),
            label="text")
    answered("\n".join(";".join(r) for r in rows).encode(encoding, "replace"), name)


def _utf8(raw: bytes) -> bool:
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True
