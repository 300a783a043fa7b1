"""The public worked examples of ../shared/vectors/public.json, run in-process.

The same comparison as ../shared/tools/check-vectors (which runs them through the CLI):
for a game winner, points and (where listed) bock_reasons; for an evening every listed
field of every game, then totals, bock_queue, pflichtsolo_open and next. An expected
``{"error": true}`` means the core must raise InvalidInput.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scorer.evening import evening
from scorer.rules import InvalidInput
from scorer.scoring import score

VECTORS = Path(__file__).resolve().parents[1].parent / "shared" / "vectors" / "public.json"

GAME_FIELDS = ("winner", "points", "bock_reasons")
EVENING_GAME_FIELDS = ("dealer", "players", "bock", "winner", "points", "totals", "pflicht",
                       "bock_reasons")
EVENING_FIELDS = ("totals", "bock_queue", "pflichtsolo_open")
NEXT_FIELDS = ("dealer", "players", "bock", "forced_soloist")


def _load(section: str) -> list[Any]:
    if not VECTORS.is_file():
        reason = f"public vectors not found at {VECTORS} (shared/ sits next to the repo)"
        return [pytest.param(None, id="missing", marks=pytest.mark.skip(reason=reason))]
    data = json.loads(VECTORS.read_text(encoding="utf-8"))
    return [pytest.param(v, id=v["id"]) for v in data.get(section, [])]


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


def test_the_public_vectors_are_there_and_cover_games_and_evenings() -> None:
    if not VECTORS.is_file():
        pytest.skip(f"public vectors not found at {VECTORS}")
    data = json.loads(VECTORS.read_text(encoding="utf-8"))
    assert data["game"] and data["evening"]
