"""How long the printable sheet takes: figures to read, not a test.

    .venv/bin/python bench/pdf.py                      # 60 games, 5 players, median of 5 runs
    .venv/bin/python bench/pdf.py --games 24 --write /tmp/sheet.pdf   # also keep one PDF
    .venv/bin/python bench/pdf.py --no-server          # without the web worker figures

Figures, medians of interleaved runs:
  * a warm render in this process, and where it goes: the same sheet without its game rows,
    without the chart, with neither (so: per game row, the chart, the rest), beside the
    cost of parsing the print stylesheet alone — what the template decides, for the layout
  * `scorer sheet FILE -o PDF`, whole process (target < 1.0 s), beside a process that only
    imports WeasyPrint and one that only starts Python
  * the first and a later PDF a web worker renders: `doko-zettel serve` (one sync worker,
    SQLite) with the same evening stored; the first request comes right after the worker
    answered its first page (target: no `import weasyprint` on that request)

The evening is made up but plays by the rules (a fixed seed): mostly normal games, some
announcements, a few solos, Hochzeiten, Armut and redeals, and the Bock rounds that follow
from 120:120 and lost announcements under the bockrunde preset.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from scorer.core.evening import evening
from scorer.core.rules import GameKind, rules_from_spec
from scorer.core.settlement import settle
from scorer.sheet import render_sheet_pdf, sheet_context

TARGET_SECONDS = 1.5
TARGET_PROCESS_SECONDS = 1.0
ROOT = Path(__file__).resolve().parents[1]
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


def _median_of(run: Callable[[], Any], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def breakdown(context: dict[str, Any], runs: int) -> None:
    """Where a warm render goes, by leaving parts of the sheet out."""
    from weasyprint import CSS  # type: ignore[import-untyped]

    from scorer.sheet import TEMPLATES, html_to_pdf, sheet_html

    variants = {"whole sheet": context, "without game rows": {**context, "rows": []},
                "without chart": {**context, "chart": ""},
                "without either": {**context, "rows": [], "chart": ""}}
    pages = {name: sheet_html(c) for name, c in variants.items()}
    times: dict[str, list[float]] = {name: [] for name in pages}
    for _ in range(runs):
        for name, html in pages.items():
            start = time.perf_counter()
            html_to_pdf(html)
            times[name].append(time.perf_counter() - start)
    m = {name: statistics.median(values) for name, values in times.items()}
    rows = max(len(context["rows"]), 1)
    css = (TEMPLATES / "sheet.css").read_text(encoding="utf-8")
    parse = _median_of(lambda: CSS(string=css), runs)
    print(f"  warm render {m['whole sheet']:.2f} s: game rows {m['whole sheet'] - m['without game rows']:.2f} s "
          f"({(m['whole sheet'] - m['without game rows']) / rows * 1000:.1f} ms per row, "
          f"{len(context['players'])} players), chart "
          f"{m['whole sheet'] - m['without chart']:.2f} s, the rest {m['without either']:.2f} s "
          f"(of which parsing sheet.css {parse * 1000:.0f} ms)")


def process_figures(data: dict[str, Any], runs: int) -> None:
    """`scorer sheet` as a whole process, beside Python alone and Python importing WeasyPrint
    (plainly, and as scorer.sheet does)."""
    folder = Path(tempfile.mkdtemp(prefix="doko-bench-pdf-"))
    source = folder / "evening.json"
    source.write_text(json.dumps(data), encoding="utf-8")
    scorer = shutil.which("scorer", path=str(Path(sys.executable).parent)) or "scorer"
    commands = {
        "scorer sheet": [scorer, "sheet", str(source), "-o", str(folder / "sheet.pdf")],
        "python -c 'import weasyprint'": [sys.executable, "-c", "import weasyprint"],
        "as scorer.sheet imports it": [sys.executable, "-c",
                                       "from scorer.sheet import _weasyprint; _weasyprint()"],
        "python -c pass": [sys.executable, "-c", "pass"],
    }
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, command in commands.items():
            start = time.perf_counter()
            subprocess.run(command, check=True, capture_output=True)
            times[name].append(time.perf_counter() - start)
    m = {name: statistics.median(values) for name, values in times.items()}
    whole, imports = m["scorer sheet"], m["python -c 'import weasyprint'"]
    verdict = "ok" if whole < TARGET_PROCESS_SECONDS else "over"
    print(f"  `scorer sheet` whole process {whole:.2f} s (target < {TARGET_PROCESS_SECONDS:.1f} s "
          f"{verdict}); Python alone {m['python -c pass']:.2f} s, Python importing WeasyPrint "
          f"{imports:.2f} s, the same as scorer.sheet imports it (without ctypes' library "
          f"search) {m['as scorer.sheet imports it']:.2f} s")
    shutil.rmtree(folder)


WORKER_SETUP = """
import datetime as dt, json, sys, uuid
sys.path.insert(0, sys.argv[2])
from pdf import sample_evening
from scorer.app import create_app
from scorer import services
app = create_app()
with app.app_context():
    group = services.create_group("Donnerstagsrunde", "bockrunde")
    players = [services.add_player(group, n) for n in ("Anna", "Ben", "Cem", "Dora", "Emil")]
    ids = {p.name: p.id for p in players}
    evening = services.start_evening(group, played_on=dt.date(2025, 11, 20),
        seat_ids=[p.id for p in players], first_dealer_id=players[0].id, preset="bockrunde",
        rules=services.house_rules(group), planned_games=None, cents_per_point=10)
    for game in sample_evening(int(sys.argv[1]), 5)["games"]:
        services.add_game(evening, services.from_core(game, ids), str(uuid.uuid4()))
    print(json.dumps(group.edit_token))
"""


def worker_figures(games: int, runs: int) -> None:
    """The first PDF of a fresh `doko-zettel serve` worker against a later one."""
    sys.path.insert(0, str(ROOT / "bench"))
    from live import Server, get

    firsts, laters = [], []
    for _ in range(runs):
        folder = Path(tempfile.mkdtemp(prefix="doko-bench-pdf-"))
        server = Server(f"sqlite:///{folder}/serve.sqlite3", 1, folder)
        try:
            made = subprocess.run([sys.executable, "-c", WORKER_SETUP, str(games),
                                   str(ROOT / "bench")], env=server.env, check=True,
                                  capture_output=True, text=True)
            token = json.loads(made.stdout.strip().splitlines()[-1])
            url = f"/r/{token}/abend/1/zettel.pdf"
            for later in (False, True):
                start = time.perf_counter()
                status, body, _ = get(server.port, url)
                (laters if later else firsts).append(time.perf_counter() - start)
                assert status == 200 and body.startswith(b"%PDF"), status
        finally:
            server.stop()
            shutil.rmtree(folder, ignore_errors=True)
    first, later = statistics.median(firsts), statistics.median(laters)
    print(f"  web worker (doko-zettel serve, 1 worker): first PDF {first:.2f} s, a later one "
          f"{later:.2f} s: the first pays {first - later:+.2f} s (target: no import, about 0)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--write", metavar="PDF", help="also write the rendered sheet here")
    parser.add_argument("--no-server", action="store_true", help="skip the web worker figures")
    args = parser.parse_args(argv)

    data = sample_evening(args.games, args.players)
    ledger = evening(data)
    money = settle(ledger.totals, 10)
    context = sheet_context(ledger, title="Donnerstagsrunde", date="Donnerstag, 20.11.2025",
                            settlement=money)

    def once() -> bytes:
        return render_sheet_pdf(context)

    start = time.perf_counter()
    pdf = once()  # the first run also imports WeasyPrint and loads the fonts
    first = time.perf_counter() - start
    median = _median_of(once, args.runs)
    verdict = "ok" if median < TARGET_SECONDS else "TOO SLOW"
    print(f"PDF sheet, {args.games} games, {args.players} players ({len(pdf) // 1024} KiB)")
    print(f"  median of {args.runs} runs: {median:.2f} s   target < {TARGET_SECONDS:.1f} s   "
          f"{verdict}")
    print(f"  first run incl. WeasyPrint import and fonts: {first:.2f} s")
    breakdown(context, args.runs)
    process_figures(data, args.runs)
    if not args.no_server:
        worker_figures(args.games, max(args.runs // 2, 2))
    if args.write:
        with open(args.write, "wb") as fh:
            fh.write(pdf)
        print(f"  written to {args.write}")


if __name__ == "__main__":
    main()
