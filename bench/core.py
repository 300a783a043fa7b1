#!/usr/bin/env python3
"""Speed figures of the scoring core, printed beside their targets (one core).

    .venv/bin/python bench/core.py            # the figures
    .venv/bin/python bench/core.py --profile  # plus cProfile hot spots of scoring and folding

Figures:
  * games scored per second, ddv and bockrunde: score_game() on parsed facts, and
    score() on the raw JSON dict (parse + validate + score)      target >= 50,000 games/s
  * seconds to fold a 10,000-game bockrunde evening with 5 players target < 0.5 s
  * wall time of one `scorer score FILE` process (median of 10)   target < 0.2 s

The games are a plausible mix drawn from random.Random(SEED), so every run measures the same
input. In-process figures are CPU time of this process (time.process_time), so other work on
a shared machine does not distort them; the fold also shows its wall time. The CLI figure is
wall time. This is a script, not a test: timings depend on the machine.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import json
import pstats
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scorer.evening import EveningSetup, fold  # noqa: E402
from scorer.rules import Extra, HouseRules, preset  # noqa: E402
from scorer.scoring import GameFacts, parse_game, score, score_game  # noqa: E402

SEED = 20240521
TARGET_GAMES_PER_S = 50_000
TARGET_FOLD_S = 0.5
TARGET_CLI_S = 0.2
SEATS = ("Anna", "Ben", "Cem", "Dora", "Emil")


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
    beside = Path(sys.executable).with_name("scorer")
    if beside.exists():
        return [str(beside)]
    found = shutil.which("scorer")
    return [found] if found else [sys.executable, "-m", "scorer"]


def cli_wall_times(runs: int = 10) -> list[float]:
    game = random_inputs("ddv", 1)[0]
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as fh:
        json.dump(game, fh)
        path = fh.name
    try:
        times = []
        cmd = scorer_command() + ["score", path]
        subprocess.run(cmd, capture_output=True, check=True)  # warm the OS caches
        for _ in range(runs):
            start = time.perf_counter()
            subprocess.run(cmd, capture_output=True, check=True)
            times.append(time.perf_counter() - start)
        return times
    finally:
        Path(path).unlink()


def row(label: str, value: str, target: str, ok: bool) -> None:
    print(f"{label:<48} {value:>14}   target {target:<14} {'ok' if ok else 'MISSED'}")


def profile(title: str, func: Callable[[], Any]) -> None:
    prof = cProfile.Profile()
    prof.enable()
    func()
    prof.disable()
    out = io.StringIO()
    pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(12)
    print(f"\n--- cProfile: {title} (sorted by own time) ---")
    print("\n".join(out.getvalue().splitlines()[4:]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--profile", action="store_true", help="print cProfile hot spots")
    args = parser.parse_args()

    print(f"Python {sys.version.split()[0]}, seed {SEED}, one process (one core)\n")
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

    games = bockrunde_evening(10_000)
    setup = EveningSetup(rules=preset("bockrunde"), seats=SEATS, first_dealer=SEATS[0])
    ledger = fold(setup, games)  # warm up, and a sanity check of the generated evening
    assert len(ledger.games) == 10_000 and sum(ledger.totals.values()) == 0
    bock_games = sum(1 for g in ledger.games if g.bock > 1)
    queued = len(ledger.bock_queue)
    # Time each fold on its own: no earlier ledger kept alive for the garbage collector to
    # walk through again and again (the collector itself stays on, as in the app).
    del ledger, facts, inputs
    cpu_times, wall_times = [], []
    for _ in range(5):
        gc.collect()
        cpu, wall = time.process_time(), time.perf_counter()
        fold(setup, games)
        cpu_times.append(time.process_time() - cpu)
        wall_times.append(time.perf_counter() - wall)
    cpu_median = statistics.median(cpu_times)
    row("fold 10,000 bockrunde games, 5 seats (median of 5)", f"{cpu_median:.3f} s",
        f"< {TARGET_FOLD_S} s", cpu_median < TARGET_FOLD_S)
    print(f"{'':<48} (wall median {statistics.median(wall_times):.3f} s; "
          f"{bock_games:,} Bock games, {queued} still queued)")

    times = cli_wall_times()
    median = statistics.median(times)
    row("`scorer score FILE` wall time (median of 10)", f"{median:.3f} s",
        f"< {TARGET_CLI_S} s", median < TARGET_CLI_S)
    print(f"{'':<48} (min {min(times):.3f} s, max {max(times):.3f} s)")

    if args.profile:
        rules = preset("bockrunde")
        facts = random_facts("bockrunde", 2000)
        profile("score_game x 20,000 (bockrunde)",
                lambda: [score_game(f, rules) for _ in range(10) for f in facts])
        inputs = random_inputs("bockrunde", 2000)
        profile("score() x 20,000 (bockrunde)",
                lambda: [score(d) for _ in range(10) for d in inputs])
        profile("fold of 10,000 bockrunde games", lambda: fold(setup, games))
    return 0


if __name__ == "__main__":
    sys.exit(main())
