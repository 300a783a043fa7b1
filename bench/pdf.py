"""How long the printable sheet takes: a figure to read, not a test.

    .venv/bin/python bench/pdf.py                      # 60 games, 5 players, median of 5 runs
    .venv/bin/python bench/pdf.py --games 24 --write /tmp/sheet.pdf   # also keep one PDF

The evening is made up but plays by the rules (a fixed seed): mostly normal games, some
announcements, a few solos, Hochzeiten, Armut and redeals, and the Bock rounds that follow
from 120:120 and lost announcements under the bockrunde preset.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

from scorer.evening import evening
from scorer.rules import GameKind, rules_from_spec
from scorer.settlement import settle
from scorer.sheet import render_sheet_pdf, sheet_context

TARGET_SECONDS = 1.5
SEATS = ("Anna", "Ben", "Cem", "Dora", "Emil", "Finn", "Greta")
EYES = (62, 85, 95, 104, 112, 118, 124, 131, 139, 146, 152, 163, 171, 184, 196)


def _game(rng: random.Random, players: Sequence[str], rules: Any,
          forced: str | None) -> dict[str, Any]:
    """One plausible game for these four players."""
    roll = rng.random()
    eyes = 120 if rng.random() < 0.03 else rng.choice(EYES)
    if forced is not None or roll < 0.08:
        soloist = forced or rng.choice(players)
        game: dict[str, Any] = {"kind": "solo", "solo": rng.choice(rules.solo_kinds).value,
                                "re": [soloist], "re_eyes": eyes}
        if rng.random() < 0.4:
            game["announced"] = {"re": "ansage"}
        return game
    if roll < 0.10:
        return {"kind": "redeal"}
    re = rng.sample(list(players), 2)
    kind = "normal"
    if roll < 0.14:
        kind = "hochzeit"
    elif roll < 0.17 and GameKind.ARMUT in rules.game_kinds:
        kind = "armut"
    game = {"kind": kind, "re": re, "re_eyes": eyes}
    announced = {}
    # Mostly announced by the party with the good cards, now and then a bluff that fails.
    if rng.random() < (0.4 if eyes >= 131 else 0.04):
        announced["re"] = "keine_90" if eyes >= 160 and rng.random() < 0.5 else "ansage"
    if rng.random() < (0.3 if eyes <= 110 else 0.03):
        announced["kontra"] = "ansage"
    if announced:
        game["announced"] = announced
    extras: dict[str, dict[str, int]] = {}
    winner_side = "re" if eyes > 120 else "kontra"
    if rng.random() < 0.25:
        extras.setdefault(winner_side, {})["fuchs_gefangen"] = 1
    if rng.random() < 0.2:
        extras.setdefault(rng.choice(["re", "kontra"]), {})["doppelkopf"] = 1
    if rng.random() < 0.08:
        extras.setdefault(winner_side, {})["karlchen"] = 1
    if extras:
        game["extras"] = extras
    return game


def sample_evening(games: int, players: int = 5, rules: str = "bockrunde",
                   seed: int = 7) -> dict[str, Any]:
    """A CLI.md evening input with ``games`` games for the first ``players`` of SEATS."""
    rng = random.Random(seed)
    rule_set = rules_from_spec(rules)
    data: dict[str, Any] = {"rules": rules, "seats": list(SEATS[:players]), "games": []}
    for _ in range(games):
        upcoming = evening(data).next
        data["games"].append(_game(rng, upcoming.players, rule_set, upcoming.forced_soloist))
    return data


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--write", metavar="PDF", help="also write the rendered sheet here")
    args = parser.parse_args(argv)

    ledger = evening(sample_evening(args.games, args.players))
    money = settle(ledger.totals, 10)

    def once() -> bytes:
        return render_sheet_pdf(sheet_context(ledger, title="Donnerstagsrunde",
                                              date="Donnerstag, 20.11.2025", settlement=money))

    start = time.perf_counter()
    pdf = once()  # the first run also imports WeasyPrint and loads the fonts
    first = time.perf_counter() - start
    times = []
    for _ in range(args.runs):
        start = time.perf_counter()
        once()
        times.append(time.perf_counter() - start)
    median = statistics.median(times)
    verdict = "ok" if median < TARGET_SECONDS else "TOO SLOW"
    print(f"PDF sheet, {args.games} games, {args.players} players ({len(pdf) // 1024} KiB)")
    print(f"  median of {args.runs} runs: {median:.2f} s   target < {TARGET_SECONDS:.1f} s   "
          f"{verdict}")
    print(f"  first run incl. WeasyPrint import and fonts: {first:.2f} s")
    if args.write:
        with open(args.write, "wb") as fh:
            fh.write(pdf)
        print(f"  written to {args.write}")


if __name__ == "__main__":
    main()
