#!/usr/bin/env python3
"""Speed figures of the scoring core, printed beside their targets, measured in one run.

    .venv/bin/python bench/core.py            # the figures
    .venv/bin/python bench/core.py --quick    # fewer rounds, no 50,000-game process runs
    .venv/bin/python bench/core.py --profile  # plus cProfile hot spots of scoring and folding

Figures (issue 12's core rows first):
  * `scorer evening FILE`, whole process, for 10,000- and 50,000-game bockrunde evenings, each
    beside the floor: a fresh process of the same interpreter that only does a plain
    `json.load` + `json.dumps(sort_keys=True)` of the same file. Rounds are interleaved
    (scorer, floor, scorer, floor …) so both see the same machine load; medians.
                                                      target 10k < 0.5 s
  * cost per game at 1,000 / 10,000 / 50,000 games: what the whole process takes beyond an
    empty evening, minus what the floor takes beyond an empty evening, divided by the games;
    and the in-process fold alone, and the JSON text it prints alone (CPU time)
                                                            target: flat (50k/1k <= 1.2)
  * adding one game to a folded 10,000-game ledger with `resume`        target: tens of µs
  * objects the garbage collector tracks per game of a folded ledger (after a collection)
  * games scored per second, ddv and bockrunde: score_game() on parsed facts, and score() on
    the raw JSON dict (parse + validate + score)               target >= 50,000 games/s
  * wall time of one `scorer score FILE` process (median of 10)  target < 0.2 s

Every evening is generated here from random.Random(SEED) (nothing is committed): a plausible
mix of games at a 5-seat bockrunde table, the same games at every size (the 1,000-game
evening is the start of the 10,000-game one). In-process figures are CPU time of this process
(time.process_time); process figures are wall time. The machine may be shared: compare the
ratios of one run, not absolute figures across runs. This is a script, not a test.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import json
import os
import pstats
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scorer.core.evening import EveningSetup, fold  # noqa: E402
from scorer.core.rules import Extra, HouseRules, preset  # noqa: E402
from scorer.core.scoring import GameFacts, parse_game, score, score_game  # noqa: E402

SEED = 20240521
TARGET_GAMES_PER_S = 50_000
TARGET_PROCESS_10K_S = 0.5
TARGET_FLAT = 1.2
TARGET_CLI_S = 0.2
SEATS = ("Anna", "Ben", "Cem", "Dora", "Emil")
SIZES = (1_000, 10_000, 50_000)
FLOOR = "import json, sys; json.dumps(json.load(open(sys.argv[1], encoding='utf-8')), sort_keys=True)"


def random_game(rng: random.Random, rules: HouseRules, players: tuple[str, ...]) -> dict[str, Any]:
    """One plausible game entry (CLI.md, without rules and bock) for a 48-card preset."""
    roll = rng.random()
    if roll < 0.04:
        return {"kind": "redeal"}
    if roll < 0.14:
        kind, re = "solo", [rng.choice(players)]
    elif roll < 0.20:
        kind = "hochzeit"
        re = rng.sample(players, 2) if rng.random() < 0.8 else [rng.choice(players)]
    elif roll < 0.22:
        kind, re = "stille_hochzeit", [rng.choice(players)]
    elif roll < 0.27 and "armut" in {k.value for k in rules.game_kinds}:
        kind, re = "armut", rng.sample(players, 2)
    else:
        kind, re = "normal", rng.sample(players, 2)
    game: dict[str, Any] = {"kind": kind, "re": re,
                            "re_eyes": max(0, min(240, int(rng.gauss(124, 38))))}
    if kind == "solo":
        game["solo"] = rng.choice(rules.solo_kinds).value
        game["pflicht"] = False
    if game["re_eyes"] in (0, 240) and rng.random() < 0.5:
        game["trickless"] = "re" if game["re_eyes"] == 0 else "kontra"
    # Tables mostly announce when their cards are good: the party that ends up ahead says
    # Re/Kontra in about one game of five, the other side rarely; Absagen are rarer still.
    re_ahead = game["re_eyes"] > 120
    announced: dict[str, str] = {}
    for party, ahead in (("re", re_ahead), ("kontra", not re_ahead)):
        if rng.random() < (0.2 if ahead else 0.03):
            announced[party] = rng.choice(["ansage"] * 6 + ["keine_90"] * 2 + ["keine_60"])
            if kind == "solo" and not rules.solo_absagen:
                announced[party] = "ansage"
    if announced:
        game["announced"] = announced
    parties = [p for p in ("re", "kontra") if p != game.get("trickless")]
    extras: dict[str, dict[str, int]] = {}

    def add(extra: Extra) -> None:
        party = rng.choice(parties)
        counts = extras.setdefault(party, {})
        counts[extra.value] = counts.get(extra.value, 0) + 1

    for _ in range(rng.choice([0, 0, 0, 0, 1, 1, 2])):
        add(Extra.FUCHS_GEFANGEN)
    for _ in range(rng.choice([0, 0, 0, 1, 1, 2])):
        add(Extra.DOPPELKOPF)
    if rng.random() < 0.1:
        add(Extra.KARLCHEN)
    if extras:
        game["extras"] = extras
    return game


def random_facts(name: str, count: int) -> list[GameFacts]:
    rng = random.Random(SEED)
    rules = preset(name)
    players = SEATS[:4]
    return [parse_game(random_game(rng, rules, players), players=players) for _ in range(count)]


def random_inputs(name: str, count: int) -> list[dict[str, Any]]:
    rng = random.Random(SEED)
    rules = preset(name)
    players = SEATS[:4]
    return [{"rules": name, "players": list(players), **random_game(rng, rules, players)}
            for _ in range(count)]


def bockrunde_evening(count: int) -> list[dict[str, Any]]:
    """``count`` games at a 5-seat bockrunde table; players follow from the dealer (RULES.md
    §7), which this simulates: bockrunde keeps the dealer after an announced solo and after a
    redeal, and has no Pflichtsolo to force."""
    rng = random.Random(SEED)
    rules = preset("bockrunde")
    dealer = 0
    games = []
    for _ in range(count):
        players = tuple(SEATS[(dealer + k) % len(SEATS)] for k in range(1, 5))
        game = random_game(rng, rules, players)
        games.append(game)
        if game["kind"] not in ("solo", "redeal"):
            dealer = (dealer + 1) % len(SEATS)
    return games


def evening_input(count: int) -> dict[str, Any]:
    """The CLI.md `evening` input of a ``count``-game bockrunde evening."""
    return {"rules": "bockrunde", "seats": list(SEATS), "first_dealer": SEATS[0],
            "games": bockrunde_evening(count)}


def rate(func: Callable[[Any], Any], items: list[Any], seconds: float = 1.0) -> float:
    """Calls per second of ``func`` over ``items``, cycling for about ``seconds``."""
    for item in items[:200]:
        func(item)  # warm up
    done, start = 0, time.process_time()
    while True:
        for item in items:
            func(item)
        done += len(items)
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return done / elapsed


def scorer_command() -> list[str]:
    """`python -m scorer` of this checkout (the code the bench imports, installed or not)."""
    return [sys.executable, "-m", "scorer"]


# Processes run as they do on an installed system: with byte-compiled modules (an environment
# may switch that off with PYTHONDONTWRITEBYTECODE; a warm-up run writes them), and importing
# the scorer of this checkout.
PROCESS_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
PROCESS_ENV["PYTHONPATH"] = os.pathsep.join(
    [str(ROOT)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p])


CPU_SECONDS: dict[str, list[float]] = {}
"""User + system CPU seconds of every process run, by command line: beside the wall time,
what a process costs when it does not have to wait for a shared core."""


def wall(cmd: list[str]) -> float:
    """Wall time of one process; its output goes nowhere (it must succeed)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=True,
                   env=PROCESS_ENV)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    CPU_SECONDS.setdefault(" ".join(cmd), []).append(cpu)
    return elapsed


def cli_wall_times(runs: int = 10) -> list[float]:
    game = random_inputs("ddv", 1)[0]
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as fh:
        json.dump(game, fh)
        path = fh.name
    try:
        cmd = scorer_command() + ["score", path]
        wall(cmd)  # warm the OS caches
        return [wall(cmd) for _ in range(runs)]
    finally:
        Path(path).unlink()


def process_times(path: Path, rounds: int) -> tuple[float, float]:
    """Medians of `scorer evening FILE` and of the floor process, interleaved."""
    scorer_cmd = scorer_command() + ["evening", str(path)]
    floor_cmd = [sys.executable, "-c", FLOOR, str(path)]
    wall(scorer_cmd), wall(floor_cmd)  # warm the OS caches, write byte code
    CPU_SECONDS.clear()
    scorer_t, floor_t = [], []
    for _ in range(rounds):
        scorer_t.append(wall(scorer_cmd))
        floor_t.append(wall(floor_cmd))
    PROCESS_CPU[path.name] = (statistics.median(CPU_SECONDS[" ".join(scorer_cmd)]),
                              statistics.median(CPU_SECONDS[" ".join(floor_cmd)]))
    return statistics.median(scorer_t), statistics.median(floor_t)


PROCESS_CPU: dict[str, tuple[float, float]] = {}
"""Per evening file: median CPU seconds of the scorer and of the floor process."""


def json_cpu(setup: EveningSetup, games: list[dict[str, Any]], rounds: int) -> float:
    """Median CPU seconds of writing a folded ledger's JSON text (what `scorer evening`
    prints, without the write)."""
    ledger = fold(setup, games)
    times = []
    for _ in range(rounds):
        gc.collect()
        start = time.process_time()
        for _piece in ledger.json_pieces():
            pass
        times.append(time.process_time() - start)
    return statistics.median(times)


def fold_cpu(setup: EveningSetup, games: list[dict[str, Any]], rounds: int) -> float:
    """Median CPU seconds of one fold; no earlier ledger is kept alive meanwhile."""
    times = []
    for _ in range(rounds):
        gc.collect()
        start = time.process_time()
        fold(setup, games)
        times.append(time.process_time() - start)
    return statistics.median(times)


def row(label: str, value: str, target: str, ok: bool | None) -> None:
    verdict = "" if ok is None else ("ok" if ok else "MISSED")
    print(f"{label:<52} {value:>22}   {target:<16} {verdict}")


def profile(title: str, func: Callable[[], Any]) -> None:
    prof = cProfile.Profile()
    prof.enable()
    func()
    prof.disable()
    out = io.StringIO()
    pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(12)
    print(f"\n--- cProfile: {title} (sorted by own time) ---")
    print("\n".join(out.getvalue().splitlines()[4:]))


def whole_process(sizes: tuple[int, ...], rounds: int, tmp: Path) -> dict[int, tuple[float, float]]:
    """Per size: (scorer median, floor median), every size in this run, and size 0 (an empty
    evening: start-up and imports, the fixed cost of a process). Small sizes are cheap and
    their per-game figure is a small difference of two noisy times, so they get more rounds."""
    out = {}
    for size in (0, *sizes):
        path = tmp / f"evening-{size}.json"
        path.write_text(json.dumps(evening_input(size)), encoding="utf-8")
        more = 4 * rounds if size <= 1_000 else rounds if size <= 10_000 else max(1, rounds // 2)
        out[size] = process_times(path, more)
    return out


def resume_figure(setup: EveningSetup, games: list[dict[str, Any]]) -> float | None:
    """Median CPU µs to add one game to a folded ledger with `resume`, if the core has it."""
    try:
        from scorer.core.evening import resume  # type: ignore[attr-defined]
    except ImportError:
        return None
    *played, following = games
    ledger = fold(setup, played)
    times = []
    for _ in range(200):
        start = time.process_time()
        resume(ledger, [following])
        times.append(time.process_time() - start)
    return statistics.median(times) * 1e6


def tracked_per_game(setup: EveningSetup, games: list[dict[str, Any]]) -> float:
    """GC-tracked objects a folded ledger keeps alive, per game (after full collections,
    which untrack tuples and dicts that hold nothing to track)."""
    gc.collect()
    before = len(gc.get_objects())
    ledger = fold(setup, games)
    gc.collect()
    after = len(gc.get_objects())
    del ledger
    return (after - before) / len(games)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--profile", action="store_true", help="print cProfile hot spots")
    parser.add_argument("--quick", action="store_true",
                        help="one round per process figure, no 50,000-game processes")
    args = parser.parse_args()
    rounds = 1 if args.quick else 5
    sizes = SIZES[:2] if args.quick else SIZES

    print(f"Python {sys.version.split()[0]}, seed {SEED}; process figures are wall time "
          f"(medians of {rounds} interleaved rounds), in-process figures CPU time\n")

    with tempfile.TemporaryDirectory() as tmp:
        processes = whole_process(sizes, rounds, Path(tmp))
    print(f"{'empty evening: process start-up':<52} {processes[0][0]:>20.3f} s"
          f"   floor {processes[0][1]:.3f} s")
    for size in sizes:
        scorer_t, floor_t = processes[size]
        target = f"< {TARGET_PROCESS_10K_S} s" if size == 10_000 else ""
        row(f"`scorer evening`, {size:,} games, whole process",
            f"{scorer_t:.3f} s = {scorer_t / floor_t:.1f}x floor", target,
            scorer_t < TARGET_PROCESS_10K_S if size == 10_000 else None)
        scorer_cpu, floor_cpu = PROCESS_CPU[f"evening-{size}.json"]
        print(f"{'':<52} {'floor (json.load + dumps)':>22}   {floor_t:.3f} s; CPU time: "
              f"scorer {scorer_cpu:.3f} s, floor {floor_cpu:.3f} s")

    setup = EveningSetup(rules=preset("bockrunde"), seats=SEATS, first_dealer=SEATS[0])
    longest = bockrunde_evening(sizes[-1])
    empty_scorer, empty_floor = processes[0]
    per_game_process = {n: ((processes[n][0] - empty_scorer) - (processes[n][1] - empty_floor))
                        / n * 1e6 for n in sizes}
    per_game_fold = {n: fold_cpu(setup, longest[:n], 3 if n <= 10_000 else 1) / n * 1e6
                     for n in sizes}
    for n in sizes:
        row(f"cost per game at {n:,} games: process beyond floor", f"{per_game_process[n]:.1f} µs",
            "", None)
        row(f"cost per game at {n:,} games: fold only (CPU)", f"{per_game_fold[n]:.1f} µs",
            "", None)
        row(f"cost per game at {n:,} games: JSON text only (CPU)",
            f"{json_cpu(setup, longest[:n], 3) / n * 1e6:.1f} µs", "", None)
    first, last = sizes[0], sizes[-1]
    for what, figures in (("process", per_game_process), ("fold", per_game_fold)):
        ratio = figures[last] / figures[first]
        row(f"per-game growth {first:,} -> {last:,} ({what})", f"{ratio:.2f}x",
            f"<= {TARGET_FLAT}x", ratio <= TARGET_FLAT)

    row("GC-tracked objects kept per game (10,000 games)",
        f"{tracked_per_game(setup, longest[:10_000]):.1f}", "", None)
    resumed = resume_figure(setup, longest[:10_001])
    if resumed is not None:
        row("resume: one more game onto a 10,000-game ledger", f"{resumed:.0f} µs", "", None)
    del longest

    for name in ("ddv", "bockrunde"):
        rules = preset(name)
        facts = random_facts(name, 2000)
        per_s = rate(lambda f: score_game(f, rules), facts)
        row(f"{name}: score_game on parsed facts", f"{per_s:,.0f}/s",
            f">= {TARGET_GAMES_PER_S:,}/s", per_s >= TARGET_GAMES_PER_S)
        inputs = random_inputs(name, 2000)
        per_s = rate(score, inputs)
        row(f"{name}: score() = parse + validate + score", f"{per_s:,.0f}/s",
            f">= {TARGET_GAMES_PER_S:,}/s", per_s >= TARGET_GAMES_PER_S)

    times = cli_wall_times()
    median = statistics.median(times)
    row("`scorer score FILE` wall time (median of 10)", f"{median:.3f} s",
        f"< {TARGET_CLI_S} s", median < TARGET_CLI_S)

    if args.profile:
        rules = preset("bockrunde")
        facts = random_facts("bockrunde", 2000)
        profile("score_game x 20,000 (bockrunde)",
                lambda: [score_game(f, rules) for _ in range(10) for f in facts])
        inputs = random_inputs("bockrunde", 2000)
        profile("score() x 20,000 (bockrunde)",
                lambda: [score(d) for _ in range(10) for d in inputs])
        games = bockrunde_evening(10_000)
        profile("fold of 10,000 bockrunde games", lambda: fold(setup, games))
    return 0


if __name__ == "__main__":
    sys.exit(main())
