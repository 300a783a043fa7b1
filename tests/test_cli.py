"""The installed `scorer` console script against CLI.md, each call in its own process."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.cli import main
from scorer.core.rules import PRESETS
from tests.budget import examples


def _scorer_command() -> list[str]:
    beside_python = Path(sys.executable).with_name("scorer")
    if beside_python.exists():
        return [str(beside_python)]
    found = shutil.which("scorer")
    if found is None:
        pytest.skip("the scorer console script is not installed (pip install -e .)")
    return [found]


def run(*args: str, stdin: str | None = None,
        module: bool = False) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "scorer"] if module else _scorer_command()
    return subprocess.run(cmd + list(args), input=stdin, capture_output=True, text=True,
                          encoding="utf-8", timeout=30)


def _keys_sorted_everywhere(text: str) -> bool:
    ok = True

    def check(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        nonlocal ok
        keys = [k for k, _ in pairs]
        ok = ok and keys == sorted(keys)
        return dict(pairs)

    json.loads(text, object_pairs_hook=check)
    return ok


# Re (Anna, Cem) 151 after "Re, keine 90" and "Kontra", ddv:
# 1 gewonnen + unter 90 + keine 90 abgesagt + Re 2 + Kontra 2 = 7.
GAME = {
    "rules": "ddv",
    "players": ["Anna", "Ben", "Cem", "Dora"],
    "kind": "normal",
    "re": ["Anna", "Cem"],
    "re_eyes": 151,
    "announced": {"re": "keine_90", "kontra": "ansage"},
}
SEVEN = {"Anna": 7, "Ben": -7, "Cem": 7, "Dora": -7}

# ddv, four seats, Anna deals: Ben, Cem, Dora, Anna play; Re 130 -> 1 each.
EVENING = {
    "rules": "ddv",
    "seats": ["Anna", "Ben", "Cem", "Dora"],
    "games": [{"re": ["Ben", "Dora"], "re_eyes": 130}],
}


def test_score_reads_a_file_and_prints_the_result_with_sorted_keys(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(GAME), encoding="utf-8")
    done = run("score", str(path))
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["winner"] == "re"
    assert result["points"] == SEVEN
    assert result["bock_reasons"] == []
    assert {"label": "gewonnen", "party": "re", "points": 1} in result["lines"]
    assert _keys_sorted_everywhere(done.stdout)


@pytest.mark.parametrize("args", [pytest.param(("score", "-"), id="dash-means-stdin"),
                                  pytest.param(("score",), id="no-file-means-stdin")])
def test_score_reads_stdin(args: tuple[str, ...]) -> None:
    done = run(*args, stdin=json.dumps(GAME))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["points"] == SEVEN


def test_evening_prints_the_ledger_with_sorted_keys() -> None:
    done = run("evening", "-", stdin=json.dumps(EVENING))
    assert done.returncode == 0, done.stderr
    ledger = json.loads(done.stdout)
    assert ledger["games"][0]["dealer"] == "Anna"
    assert ledger["games"][0]["players"] == ["Ben", "Cem", "Dora", "Anna"]
    assert ledger["totals"] == {"Anna": -1, "Ben": 1, "Cem": -1, "Dora": 1}
    # CLI.md edition 4: next.seats is the seat order at the end (the input seats here).
    assert ledger["next"] == {"dealer": "Ben", "players": ["Cem", "Dora", "Anna", "Ben"],
                              "bock": 1, "forced_soloist": None,
                              "seats": ["Anna", "Ben", "Cem", "Dora"]}
    assert ledger["table_changes"] == []
    assert _keys_sorted_everywhere(done.stdout)


def test_presets_lists_every_preset_with_its_full_option_set() -> None:
    done = run("presets")
    assert done.returncode == 0, done.stderr
    presets = json.loads(done.stdout)
    assert sorted(presets) == sorted(["ddv", "grundregeln", "voss", "orbital", "kuss-rosa",
                                      "bockrunde"])
    assert presets == {name: rules.to_dict() for name, rules in PRESETS.items()}
    assert presets["voss"]["deck"] == 40 and presets["orbital"]["announcements"] == "doppelt"
    assert _keys_sorted_everywhere(done.stdout)


def test_python_dash_m_scorer_does_the_same_as_the_console_script() -> None:
    done = run("score", "-", stdin=json.dumps(GAME), module=True)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["points"] == SEVEN


def _lines(stderr: str) -> list[str]:
    return stderr.strip("\n").split("\n")


def test_invalid_game_exits_2_with_one_stderr_line_per_problem_naming_the_field() -> None:
    bad = dict(GAME, re_eyes=250, kind="bogus")
    done = run("score", "-", stdin=json.dumps(bad))
    assert done.returncode == 2
    assert done.stdout == ""
    lines = _lines(done.stderr)
    assert len(lines) == 2
    assert sorted(line.split(":")[0] for line in lines) == ["kind", "re_eyes"]


def test_too_many_foxes_are_reported_on_the_fox_field() -> None:
    bad = dict(GAME, extras={"re": {"fuchs_gefangen": 2}, "kontra": {"fuchs_gefangen": 1}})
    done = run("score", "-", stdin=json.dumps(bad))
    assert (done.returncode, done.stdout) == (2, "")
    assert _lines(done.stderr)[0].startswith("extras.kontra.fuchs_gefangen: ")


def test_unknown_rule_option_is_reported_under_rules() -> None:
    bad = dict(GAME, rules={"preset": "ddv", "bockrunden": True})
    done = run("score", "-", stdin=json.dumps(bad))
    assert (done.returncode, done.stdout) == (2, "")
    assert [line.split(":")[0] for line in _lines(done.stderr)] == ["rules.bockrunden"]


def test_invalid_evening_names_the_game_and_its_field() -> None:
    bad = dict(EVENING, games=[EVENING["games"][0], {"re": ["Cem"], "re_eyes": 130,
                                                      "kind": "solo", "solo": "damen",
                                                      "bock": 2}])
    done = run("evening", "-", stdin=json.dumps(bad))
    assert (done.returncode, done.stdout) == (2, "")
    assert [line.split(":")[0] for line in _lines(done.stderr)] == ["games[1].bock"]


@pytest.mark.parametrize("command", ["score", "evening"])
def test_broken_json_exits_2_with_one_line_naming_the_input(command: str, tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"rules": "ddv", ', encoding="utf-8")
    done = run(command, str(path))
    assert (done.returncode, done.stdout) == (2, "")
    lines = _lines(done.stderr)
    assert len(lines) == 1 and lines[0].startswith(f"{path}: ")


def test_broken_json_on_stdin_names_the_dash() -> None:
    done = run("score", "-", stdin="not json")
    assert (done.returncode, done.stdout) == (2, "")
    lines = _lines(done.stderr)
    assert len(lines) == 1 and lines[0].startswith("-: ")


def test_missing_file_exits_2_with_one_line_naming_the_file(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.json"
    done = run("score", str(path))
    assert (done.returncode, done.stdout) == (2, "")
    lines = _lines(done.stderr)
    assert len(lines) == 1 and lines[0].startswith(f"{path}: ")


def test_a_json_value_that_is_not_an_object_is_invalid_input() -> None:
    done = run("score", "-", stdin="[1, 2, 3]")
    assert (done.returncode, done.stdout) == (2, "")
    assert len(_lines(done.stderr)) == 1


def test_output_is_utf8_json_with_the_german_labels_unescaped() -> None:
    # ddv solo with an entered fox: ddv counts no extras in solos, so the note line shows.
    game = {"rules": "ddv", "players": ["A", "B", "C", "D"], "kind": "solo", "solo": "damen",
            "re": ["A"], "re_eyes": 130, "extras": {"re": {"fuchs_gefangen": 1}}}
    done = run("score", "-", stdin=json.dumps(game))
    assert done.returncode == 0, done.stderr
    assert "Sonderpunkte zählen im Solo nicht" in done.stdout


# ---------------------------------------------------------------- in-process, same contract
# The same entry point called directly (cheap, and measured by coverage, which does not
# follow the subprocesses above).


def call(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def test_main_scores_a_game_from_stdin() -> None:
    code, out, err = call("score", "-", stdin=json.dumps(GAME))
    assert (code, err) == (0, "")
    assert json.loads(out)["points"] == SEVEN
    assert _keys_sorted_everywhere(out)


def test_main_folds_an_evening_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "evening.json"
    path.write_text(json.dumps(EVENING), encoding="utf-8")
    code, out, err = call("evening", str(path))
    assert (code, err) == (0, "")
    assert json.loads(out)["totals"] == {"Anna": -1, "Ben": 1, "Cem": -1, "Dora": 1}


def test_main_lists_the_presets() -> None:
    code, out, _ = call("presets")
    assert code == 0 and set(json.loads(out)) == set(PRESETS)


@pytest.mark.parametrize(("argv", "stdin", "first_field"), [
    pytest.param(("score", "-"), json.dumps(dict(GAME, re_eyes=-5)), "re_eyes", id="bad Augen"),
    pytest.param(("evening", "-"), json.dumps(dict(EVENING, seats=["Anna"])), "seats",
                 id="bad seats"),
    pytest.param(("score", "-"), "{", "-", id="broken JSON names the input"),
    pytest.param(("score", "/nonexistent/game.json"), "", "/nonexistent/game.json",
                 id="missing file names the file"),
    pytest.param(("score", "-"), '"just a string"', "", id="not an object"),
    pytest.param(("evening", "-"), "[" * 100_000 + "]" * 100_000, "-", id="nested too deep"),
])
def test_main_rejects_invalid_input_with_exit_2_and_nothing_on_stdout(
        argv: tuple[str, ...], stdin: str, first_field: str) -> None:
    code, out, err = call(*argv, stdin=stdin)
    assert (code, out) == (2, "")
    assert err.endswith("\n") and err.count("\n") == 1
    if first_field:
        assert err.startswith(f"{first_field}: ")


def test_json_nested_deeper_than_the_parser_can_go_is_invalid_input(tmp_path: Path) -> None:
    # CLI.md: exit 2 for invalid input, never a traceback.
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    done = run("score", str(path))
    assert (done.returncode, done.stdout) == (2, "")
    lines = _lines(done.stderr)
    assert len(lines) == 1 and lines[0].startswith(f"{path}: ")


# ---------------------------------------------------------------- hostile input (issue 13.4)
# Each of these once ended in a traceback. CLI.md: exit 2, nothing on stdout, one German line
# naming the field.


def _one_line_naming(done: subprocess.CompletedProcess[str], field: str) -> None:
    assert (done.returncode, done.stdout) == (2, ""), done.stderr[-500:]
    lines = _lines(done.stderr)
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"{field}: "), lines[0]
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(("command", "text", "field"), [
    pytest.param("score", json.dumps({**GAME, "players": ["\ud800", "Ben", "Cem", "Dora"],
                                      "re": ["Ben", "Cem"]}), "players",
                 id="a lone surrogate as a player's name"),
    pytest.param("score", json.dumps({**GAME, "players": ["Anna\n", "Ben", "Cem", "Dora"],
                                      "re": ["Ben", "Cem"]}), "players",
                 id="a control character in a player's name"),
    pytest.param("evening", json.dumps({**EVENING, "seats": ["Anna", "Ben", "Cem", "\udfff"]}),
                 "seats", id="a lone surrogate as a seat"),
    pytest.param("evening", json.dumps({**EVENING, "games": [
        {"table": ["Anna", "Ben", "Cem", "\ud800"]}]}), "games[0].table",
                 id="a lone surrogate in a table change"),
    pytest.param("score", '{"rules": "ddv", "players": ["Anna", "Ben", "Cem", "Dora"], '
                          '"re": ["Anna", "Cem"], "re_eyes": 151, "bock": '
                 + str(2**14284) + "}", "bock", id="a Bock factor of 4,300 digits"),
    pytest.param("score", json.dumps({**GAME, "bock": 2**64}), "bock",
                 id="a Bock factor of 2**64"),
])
def test_hostile_input_exits_2_with_one_german_line_naming_the_field(
        command: str, text: str, field: str) -> None:
    _one_line_naming(run(command, "-", stdin=text), field)


def test_an_evening_of_more_than_max_entries_exits_2_naming_games() -> None:
    from scorer.core.evening import MAX_ENTRIES

    games = [{"kind": "redeal"}] * (MAX_ENTRIES + 1)
    _one_line_naming(run("evening", "-", stdin=json.dumps({**EVENING, "games": games})),
                     "games")


def test_the_cap_is_50000_entries_as_many_as_the_bench_folds() -> None:
    from scorer.core.evening import MAX_ENTRIES

    assert MAX_ENTRIES == 50_000


# A JSON document the parser accepts can still carry what no scorekeeper types: lone
# surrogates and control characters in names, integers of thousands of digits, deep nesting.
# Whatever comes in, the CLI answers 0 with UTF-8 JSON or 2 with lines naming fields.
ODD_TEXT = st.sampled_from(["\ud800", "Anna\udfff", "B\x00", "C\n", "D\u2028", "", " ",
                            "Anna", "Ben", "Cem", "Dora", "Emil", "re", "kontra", "ddv",
                            "bockrunde", "normal", "solo", "redeal", "damen", "ansage"])
ODD_INT = st.sampled_from([0, 1, 2, 4, 120, 240, -1, 2**30, 2**31, 2**64, 10**4000, True])
ODD_LEAF = st.none() | ODD_TEXT | ODD_INT | st.floats(allow_nan=False)
ODD_JSON = st.recursive(ODD_LEAF, lambda inner: st.lists(inner, max_size=5)
                        | st.dictionaries(ODD_TEXT, inner, max_size=5), max_leaves=20)
GAME_KEYS = ["players", "kind", "solo", "re", "re_eyes", "announced", "extras", "eyes",
             "bock", "manual_bock", "trickless", "doppelt", "pflicht"]


def _deep(value: object, depth: int) -> object:
    for _ in range(depth):
        value = [value]
    return value


@settings(max_examples=examples(60, 600), deadline=None)
@given(st.fixed_dictionaries({"rules": st.sampled_from(["ddv", "voss", "bockrunde"]) | ODD_JSON,
                              "players": st.lists(ODD_TEXT, min_size=4, max_size=4)},
                             optional={k: ODD_JSON for k in GAME_KEYS[1:]}))
def test_any_game_json_exits_0_or_2_never_with_a_traceback(game: dict[str, object]) -> None:
    text = json.dumps(game)
    code, out, err = call("score", "-", stdin=text)
    assert code in (0, 2)
    if code == 2:
        assert out == "" and err.endswith("\n")
    else:
        json.loads(out)
        out.encode("utf-8")  # strict: no lone surrogate reaches stdout


@settings(max_examples=examples(40, 400), deadline=None)
@given(st.lists(ODD_TEXT, min_size=4, max_size=7),
       st.lists(st.dictionaries(st.sampled_from(GAME_KEYS + ["table", "dealer"]), ODD_JSON,
                                max_size=4), max_size=6))
def test_any_evening_json_exits_0_or_2_never_with_a_traceback(seats: list[str],
                                                              games: list[object]) -> None:
    text = json.dumps({"rules": "bockrunde", "seats": seats, "games": games})
    code, out, err = call("evening", "-", stdin=text)
    assert code in (0, 2)
    if code == 2:
        assert out == "" and err.endswith("\n")
    else:
        out.encode("utf-8")


@pytest.mark.parametrize("where", ["kind", "rules", "announced", "players", "eyes"])
def test_deeply_nested_values_the_parser_accepts_exit_2(where: str) -> None:
    # 900 levels: within what json.loads takes, beyond what repr() in an error message would.
    game = {**GAME, where: _deep("x", 900)}
    code, out, err = call("score", "-", stdin=json.dumps(game))
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and len(err) < 300


def test_an_input_larger_than_the_cap_exits_2_naming_the_input() -> None:
    from scorer.cli import MAX_INPUT_CHARS

    code, out, err = call("evening", "-", stdin=" " * (MAX_INPUT_CHARS + 1))
    assert (code, out) == (2, "")
    assert err.startswith("-: ") and err.count("\n") == 1


def test_main_leaves_the_garbage_collector_as_it_found_it() -> None:
    import gc

    assert gc.isenabled()
    call("evening", "-", stdin=json.dumps(EVENING))
    assert gc.isenabled()
