"""The worked examples of the shared folder, run in-process from the copies in tests/data/.

public.json (editions 1–3), edition4.json (table changes, RULES.md §9) and edition5.json
(recorded games and the carried Bock queue, §10) are copied here so a
bare clone runs every vector; when ../shared sits next to the repository, a test checks that
the copies are still the originals.

The same comparison as ../shared/tools/check-vectors (which runs them through the CLI):
for a game winner, points and (where listed) bock_reasons; for an evening every listed
field of every game, then totals, bock_queue, pflichtsolo_open, table_changes and next. An
expected ``{"error": true}`` means the core must raise InvalidInput.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scorer.core.evening import evening
from scorer.core.rules import InvalidInput
from scorer.core.scoring import score

DATA = Path(__file__).resolve().parent / "data"
SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "vectors"
FILES = ("public.json", "edition4.json", "edition5.json")

GAME_FIELDS = ("winner", "points", "bock_reasons")
EVENING_GAME_FIELDS = ("dealer", "players", "bock", "winner", "points", "totals", "pflicht",
                       "bock_reasons")
EVENING_FIELDS = ("totals", "bock_queue", "pflichtsolo_open", "table_changes")
NEXT_FIELDS = ("dealer", "players", "bock", "forced_soloist", "seats")


def _load(section: str) -> list[Any]:
    params = []
    for name in FILES:
        data = json.loads((DATA / name).read_text(encoding="utf-8"))
        params += [pytest.param(v, id=f"{name.removesuffix('.json')}:{v['id']}")
                   for v in data.get(section, [])]
    return params


def _differences(expected: dict[str, Any], got: dict[str, Any], fields: tuple[str, ...],
                 prefix: str = "") -> list[str]:
    """Only the fields the vector lists are compared, exactly (lists in order)."""
    return [f"{prefix}{k}: expected {expected[k]!r}, got {got.get(k, '<missing>')!r}"
            for k in fields if k in expected and got.get(k) != expected[k]]


@pytest.mark.parametrize("vector", _load("game"))
def test_game_vector_scores_as_the_worked_example_says(vector: dict[str, Any]) -> None:
    expected = vector["expected"]
    if expected.get("error") is True:
        with pytest.raises(InvalidInput):
            score(vector["input"])
        return
    got = score(vector["input"]).to_dict()
    assert _differences(expected, got, GAME_FIELDS) == [], vector.get("note")


@pytest.mark.parametrize("vector", _load("evening"))
def test_evening_vector_folds_as_the_worked_example_says(vector: dict[str, Any]) -> None:
    expected = vector["expected"]
    if expected.get("error") is True:
        with pytest.raises(InvalidInput):
            evening(vector["input"])
        return
    got = evening(vector["input"]).to_dict()
    problems = []
    assert len(got["games"]) == len(expected["games"])
    for i, (exp_game, got_game) in enumerate(zip(expected["games"], got["games"])):
        problems += _differences(exp_game, got_game, EVENING_GAME_FIELDS, f"games[{i}].")
    problems += _differences(expected, got, EVENING_FIELDS)
    if "next" in expected:
        problems += _differences(expected["next"], got["next"], NEXT_FIELDS, "next.")
    assert problems == [], vector.get("note")


@pytest.mark.parametrize("name", FILES)
def test_both_vector_files_are_here_and_cover_games_and_evenings(name: str) -> None:
    data = json.loads((DATA / name).read_text(encoding="utf-8"))
    assert data["game"] and data["evening"]


def test_the_edition4_vectors_include_table_changes() -> None:
    data = json.loads((DATA / "edition4.json").read_text(encoding="utf-8"))
    changes = [v for v in data["evening"]
               if any("table" in g for g in v["input"]["games"])]
    assert changes


@pytest.mark.parametrize("name", FILES)
def test_the_copies_are_still_the_shared_originals(name: str) -> None:
    original = SHARED / name
    if not SHARED.is_dir():
        pytest.skip(f"no shared folder at {SHARED} (a bare clone): the copies are what we have")
    assert original.is_file(), f"{original} is gone from the shared folder"
    assert (DATA / name).read_bytes() == original.read_bytes(), (
        f"tests/data/{name} differs from {original}: copy the new edition over")
