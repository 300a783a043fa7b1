"""The `scorer` examples the README names, docs/examples/game.json and evening.json, run
through the installed console script; the numbers are worked out by hand below."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "examples"


def scorer(*args: str) -> Any:
    beside = Path(sys.executable).with_name("scorer")
    command = str(beside) if beside.exists() else shutil.which("scorer")
    if command is None:
        pytest.skip("the scorer console script is not installed (pip install -e .)")
    done = subprocess.run([command, *args], capture_output=True, text=True, encoding="utf-8",
                          timeout=30)
    assert (done.returncode, done.stderr) == (0, "")
    return json.loads(done.stdout)


def test_the_game_example_scores_seven() -> None:
    # ddv: Re (Anna, Cem) 151 after "Re, keine 90", Kontra said "Kontra": gewonnen 1 +
    # unter 90 1 + keine 90 abgesagt 1 + Re 2 + Kontra 2 = 7; Re's fox and Kontra's
    # Doppelkopf net to 0.
    result = scorer("score", str(EXAMPLES / "game.json"))
    assert result["winner"] == "re"
    assert result["points"] == {"Anna": 7, "Ben": -7, "Cem": 7, "Dora": -7}


def test_the_evening_example_seats_fritz_and_lets_dora_go() -> None:
    # bockrunde, five seats. Game 2 is 120:120 after "Re": two reasons, one round of five
    # games x4 (five at the table). Game 4 is Ben's solo: the dealer Dora stays and no Bock
    # game is used. Fritz sits down and deals game 5 (Dora, Emil, Anna, Ben play), game 6 is
    # dealt again, Dora leaves after game 7, Emil deals the last. Of the x4 round games 3, 5,
    # 7 and 8 used one each: one is left.
    ledger = scorer("evening", str(EXAMPLES / "evening.json"))
    games = ledger["games"]
    assert [g["dealer"] for g in games] == ["Anna", "Ben", "Cem", "Dora", "Fritz", "Dora",
                                            "Dora", "Emil"]
    assert [g["bock"] for g in games] == [1, 1, 4, 4, 4, 4, 4, 4]
    assert games[4]["players"] == ["Dora", "Emil", "Anna", "Ben"]
    # Game 7: Kontra said keine 90 and Re made 88: (1 + unter 90 + keine 90 abgesagt) x2
    # + gegen die Alten 1 x2 = 8, x4 Bock = 32.
    assert games[6]["points"] == {"Anna": 32, "Ben": -32, "Cem": -32, "Dora": 0, "Emil": 32,
                                  "Fritz": 0}
    assert all(set(g["points"]) == {"Anna", "Ben", "Cem", "Dora", "Emil", "Fritz"}
               for g in games)
    assert sum(ledger["totals"].values()) == 0
    assert ledger["bock_queue"] == [4]
    assert [(c["after"], c["joined"], c["left"], c["dealer"])
            for c in ledger["table_changes"]] == [(4, ["Fritz"], [], "Fritz"),
                                                  (7, [], ["Dora"], "Emil")]
    assert ledger["next"]["seats"] == ["Anna", "Ben", "Cem", "Fritz", "Emil"]
