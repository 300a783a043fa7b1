"""How long the printable sheet takes: figures to read, not a test.

    .venv/bin/python bench/pdf.py                      # 60 games, 5 players, median of 5 runs
    .venv/bin/python bench/pdf.py --games 24 --write /tmp/sheet.pdf   # also keep one PDF
    .venv/bin/python bench/pdf.py --no-server          # without the web worker figures
    .venv/bin/python bench/pdf.py --beside 0 --long 0  # without the two long server runs

Figures, medians of interleaved runs:
  * a warm render in this process, and where it goes: the same sheet without its game rows,
    without the chart, with neither (so: per game row, the chart, the rest), beside the
    cost of parsing the print stylesheet alone — what the template decides, for the layout
  * `scorer sheet FILE -o PDF`, whole process, against the floor: a fresh process that imports
    WeasyPrint and renders a plain table of as many rows and columns (target: within 1.5× the
    floor, issue 26), beside a process that only imports WeasyPrint and one that only starts
    Python
  * what a phone waits for the PDF from `doko-zettel serve` (one worker, SQLite; the sheet is
    rendered outside the request, scorer.printed.render): the first after the start, the same
    unchanged evening again (kept: target, no rendering), and after one more game
  * another phone's live check while two phones fetch the PDFs of two 1000-game evenings
    (target: no stall), and an evening of 3000 games printed in parts (target: every part
    comes, none near gunicorn's 30 s)

The evening is made up but plays by the rules (a fixed seed): mostly normal games, some
announcements, a few solos, Hochzeiten, Armut and redeals, and the Bock rounds that follow
from 120:120 and lost announcements under the bockrunde preset.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from scorer.core.evening import evening, resume
from scorer.core.rules import GameKind, rules_from_spec
from scorer.core.settlement import settle
from scorer.printed.evening import render_sheet_pdf, sheet_context

TARGET_SECONDS = 1.5
TARGET_FLOOR_RATIO = 1.5
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
    ledger = evening(data)
    for _ in range(games):  # each game folded once, going on from the ledger so far
        upcoming = ledger.next
        game = _game(rng, upcoming.players, rule_set, upcoming.forced_soloist)
        data["games"].append(game)
        ledger = resume(ledger, [game])
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

    from scorer.printed.evening import sheet_html
    from scorer.printed.pdf import TEMPLATES, html_to_pdf

    variants = {"whole sheet": context, "without game rows": {**context, "rows": []},
                "without chart": {**context, "chart": ""},
                "without either": {**context, "rows": [], "chart": ""}}
    pages = {name: sheet_html(c) for name, c in variants.items()}
    times: dict[str, list[float]] = {name: [] for name in pages}
    for _ in range(runs):
        for name, html in pages.items():
            start = time.process_time()  # CPU: on a shared machine wall time is mostly noise
            html_to_pdf(html)
            times[name].append(time.process_time() - start)
    m = {name: statistics.median(values) for name, values in times.items()}
    rows = max(len(context["rows"]), 1)
    css = (TEMPLATES / "sheet.css").read_text(encoding="utf-8")
    parse = _median_of(lambda: CSS(string=css), runs)
    print(f"  warm render, CPU {m['whole sheet']:.2f} s: game rows {m['whole sheet'] - m['without game rows']:.2f} s "
          f"({(m['whole sheet'] - m['without game rows']) / rows * 1000:.1f} ms per row, "
          f"{len(context['players'])} players), chart "
          f"{m['whole sheet'] - m['without chart']:.2f} s, the rest {m['without either']:.2f} s "
          f"(of which parsing sheet.css {parse * 1000:.0f} ms)")


def _children_cpu() -> float:
    """CPU seconds used so far by this process's finished children."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


FLOOR = """
import sys
import weasyprint
rows, columns = int(sys.argv[1]), int(sys.argv[2])
cells = "".join(f"<td>{c}</td>" for c in range(columns))
html = "<table>" + "".join(f"<tr><td>{r}</td>{cells}</tr>" for r in range(rows)) + "</table>"
weasyprint.HTML(string=html).write_pdf(sys.argv[3])
"""
"""The floor: import WeasyPrint and render a plain table, one row per game, a column per
player and three more (number, value, the game in words), as the sheet has."""


def process_figures(data: dict[str, Any], runs: int) -> None:
    """`scorer sheet` as a whole process, against the floor (FLOOR), beside Python alone and
    Python importing WeasyPrint (plainly, and as scorer.printed does)."""
    folder = Path(tempfile.mkdtemp(prefix="doko-bench-pdf-"))
    source = folder / "evening.json"
    source.write_text(json.dumps(data), encoding="utf-8")
    scorer = shutil.which("scorer", path=str(Path(sys.executable).parent)) or "scorer"
    commands = {
        "scorer sheet": [scorer, "sheet", str(source), "-o", str(folder / "sheet.pdf")],
        "floor": [sys.executable, "-c", FLOOR, str(len(data["games"])),
                  str(len(data["seats"]) + 2), str(folder / "floor.pdf")],
        "python -c 'import weasyprint'": [sys.executable, "-c", "import weasyprint"],
        "as scorer.printed imports it": [sys.executable, "-c",
                                       "from scorer.printed.pdf import weasyprint; weasyprint()"],
        "python -c pass": [sys.executable, "-c", "pass"],
    }
    times: dict[str, list[float]] = {name: [] for name in commands}
    cpus: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, command in commands.items():
            start, used = time.perf_counter(), _children_cpu()
            subprocess.run(command, check=True, capture_output=True)
            times[name].append(time.perf_counter() - start)
            cpus[name].append(_children_cpu() - used)
    m = {name: statistics.median(values) for name, values in times.items()}
    c = {name: statistics.median(values) for name, values in cpus.items()}
    whole, imports, floor = m["scorer sheet"], m["python -c 'import weasyprint'"], m["floor"]
    ratio = whole / floor
    verdict = "ok" if ratio <= TARGET_FLOOR_RATIO else "over"
    print(f"  `scorer sheet` whole process {whole:.2f} s, the floor (import WeasyPrint, render "
          f"a plain {len(data['games'])}-row table) {floor:.2f} s: {ratio:.2f}× the floor "
          f"(target ≤ {TARGET_FLOOR_RATIO:.1f}×, {verdict}); in CPU {c['scorer sheet']:.2f} s "
          f"against {c['floor']:.2f} s: {c['scorer sheet'] / c['floor']:.2f}×")
    print(f"  Python alone {m['python -c pass']:.2f} s, Python importing WeasyPrint "
          f"{imports:.2f} s, the same as scorer.printed imports it (without ctypes' library "
          f"search) {m['as scorer.printed imports it']:.2f} s")
    shutil.rmtree(folder)


SETUP = """
import datetime as dt, json, sys, uuid
sys.path.insert(0, sys.argv[1])
from pdf import sample_evening
from scorer.app import create_app
from scorer import services
from scorer.core.scoring import GameEntry
app = create_app()
with app.app_context():
    group = services.create_group("Donnerstagsrunde", "bockrunde")
    players = [services.add_player(group, n) for n in ("Anna", "Ben", "Cem", "Dora", "Emil")]
    ids = {p.name: p.id for p in players}
    urls = []
    for games in map(int, sys.argv[2:]):
        evening = services.start_evening(group, played_on=dt.date(2025, 11, 20),
            seat_ids=[p.id for p in players], first_dealer_id=players[0].id,
            preset="bockrunde", rules=services.house_rules(group), planned_games=None,
            cents_per_point=10)
        for game in sample_evening(games, 5)["games"]:
            entry = GameEntry.from_dict(game, str).keyed(ids.__getitem__)
            services.add_game(evening, entry, str(uuid.uuid4()))
        urls.append(f"/r/{group.read_token}/abend/{evening.number}/")
    print(json.dumps([group.edit_token, urls]))
"""
"""A Runde with one evening per game count given, stored through the services; prints the
edit token and each evening's URL through the read-only link (as the probe asked)."""


def _server(games: Sequence[int], workers: int) -> tuple[Any, list[str], str, Path]:
    """`doko-zettel serve` (SQLite) with the evenings of SETUP."""
    sys.path.insert(0, str(ROOT / "bench"))
    from live import Server

    folder = Path(tempfile.mkdtemp(prefix="doko-bench-pdf-"))
    server = Server(f"sqlite:///{folder}/serve.sqlite3", workers, folder)
    made = subprocess.run([sys.executable, "-c", SETUP, str(ROOT / "bench"),
                           *map(str, games)], env=server.env, check=True,
                          capture_output=True, text=True)
    token, urls = json.loads(made.stdout.strip().splitlines()[-1])
    return server, urls, token, folder


def _stop(server: Any, folder: Path) -> None:
    """Stop the server (killing it when its workers are still busy after 30 s: an old
    version renders PDFs in the workers) and remove its folder."""
    import signal

    try:
        server.stop()
    except subprocess.TimeoutExpired:
        os.killpg(server.process.pid, signal.SIGKILL)
        server.process.wait(timeout=30)
    shutil.rmtree(folder, ignore_errors=True)


def fetch_sheet(port: int, url: str) -> tuple[int, float]:
    """Every PDF of an evening's sheet as a phone gets them: the one PDF, or each part from
    the page of parts, one after the other. The worst status and the seconds it took."""
    from live import get

    start = time.perf_counter()
    status, body, _ = get(port, url)
    links = re.findall(rb'href="([^"]+)">Teil \d+:', body) if status == 200 else []
    statuses = [fetch_pdf(port, link.decode().replace("&amp;", "&"))[0] for link in links]
    if not links:
        statuses = [fetch_pdf(port, url)[0]]
    return max(statuses, key=lambda s: s != 200), time.perf_counter() - start


ASK_AGAIN = 0.3
"""Seconds between a phone's questions while its sheet is made (static/js/zettel.js)."""


def fetch_pdf(port: int, url: str, deadline: float = 300.0) -> tuple[int, bytes, float]:
    """GET a PDF as a phone does: while the answer is "wird erstellt" (202), ask again as
    static/js/zettel.js does. The status, the body and the seconds until it came."""
    from live import get

    start = time.perf_counter()
    while True:
        status, body, _ = get(port, url)
        if status != 202 or time.perf_counter() - start > deadline:
            return status, body, time.perf_counter() - start
        time.sleep(ASK_AGAIN)


def worker_figures(games: int, runs: int) -> None:
    """What a phone waits for the PDF: the first of a fresh `doko-zettel serve` worker, the
    same unchanged evening again (kept), and after one more game (a new version)."""
    from live import get

    firsts, agains, changed = [], [], []
    for _ in range(runs):
        server, (url,), _, folder = _server([games], 1)
        try:
            for times in (firsts, agains):
                status, body, took = fetch_pdf(server.port, url + "zettel.pdf")
                assert status == 200 and body.startswith(b"%PDF"), status
                times.append(took)
            # One game more, stored as a phone saves it: a new version of the evening.
            subprocess.run([sys.executable, "-c", MORE, url.split("/")[2]],
                           env=server.env, check=True, capture_output=True)
            status, body, took = fetch_pdf(server.port, url + "zettel.pdf")
            assert status == 200 and body.startswith(b"%PDF"), status
            changed.append(took)
            assert get(server.port, url + "zettel.pdf")[0] == 200
        finally:
            _stop(server, folder)
    print(f"  a phone waits for the PDF of {games} games (doko-zettel serve, 1 worker): the "
          f"first after the start {statistics.median(firsts):.2f} s, the same again "
          f"{statistics.median(agains) * 1000:.0f} ms (kept, not rendered), after one more "
          f"game {statistics.median(changed):.2f} s (asking every {ASK_AGAIN} s, as the page does)")


MORE = """
import sys, uuid
from scorer.app import create_app
from scorer import services
from scorer.core.rules import GameKind
from scorer.core.scoring import GameEntry
app = create_app()
with app.app_context():
    group = services.find_group(sys.argv[1])
    evening = group.evenings[-1]
    services.add_game(evening, GameEntry(kind=GameKind.REDEAL), str(uuid.uuid4()))
"""


def beside_the_table(games: int, pdfs: int, seconds: float) -> None:
    """Another phone's live check (every 0.25 s, on a short evening) while ``pdfs`` phones
    ask for the PDFs of as many long evenings at once, through the read-only link: what the
    probe saw stall for 12–18 s. `doko-zettel serve` with its default workers."""
    from live import get

    server, urls, _, folder = _server([*([games] * pdfs), 8], 2)
    watched = urls[-1] + "stand"
    try:
        etag = json.loads(get(server.port, watched)[1])["version"]

        failed: list[int] = []

        def checks(until: float) -> list[float]:
            out = []
            while time.perf_counter() < until:
                start = time.perf_counter()
                status = get(server.port, watched, {"If-None-Match": f'"{etag}"'})[0]
                out.append(time.perf_counter() - start)
                if status != 304:
                    failed.append(status)
                time.sleep(0.25)
            return out

        quiet = checks(time.perf_counter() + seconds)
        ready: list[tuple[int, float]] = []
        threads = [threading.Thread(target=lambda u=u: ready.append(
            fetch_sheet(server.port, u + "zettel.pdf"))) for u in urls[:-1]]
        for thread in threads:
            thread.start()
        busy: list[float] = []
        while any(t.is_alive() for t in threads):
            busy += checks(time.perf_counter() + 1)
        for thread in threads:
            thread.join()
    finally:
        _stop(server, folder)

    def line(times: list[float]) -> str:
        ordered = sorted(times)
        p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
        return (f"p50 {statistics.median(ordered) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, "
                f"worst {ordered[-1] * 1000:.0f} ms ({len(ordered)} checks)")

    print(f"  another phone's live check, quiet: {line(quiet)}")
    came = ", ".join(f"{t:.1f} s" + ("" if status == 200 else f" ({status})")
                     for status, t in sorted(ready, key=lambda r: r[1]))
    print(f"  the same while {pdfs} phones fetch the PDFs of {pdfs} evenings of {games} games "
          f"(all parts): {line(busy)}{f', {len(failed)} failed' if failed else ''}; the sheets "
          f"came after {came}")


def long_evening(games: int) -> None:
    """An evening of ``games`` games (the probe's 3,000 failed after gunicorn's 30 s): every
    part of its sheet, one after the other, as a phone fetches them from the parts page."""
    from live import get

    server, (url,), _, folder = _server([games], 2)
    try:
        start = time.perf_counter()
        status, page, _ = get(server.port, url + "zettel.pdf")
        took = time.perf_counter() - start
        links = re.findall(rb'href="([^"]+)">Teil \d+:', page) if status == 200 else []
        times = []
        for link in links:
            status, body, took = fetch_pdf(server.port, link.decode().replace("&amp;", "&"))
            assert status == 200 and body.startswith(b"%PDF"), status
            times.append(took)
    finally:
        _stop(server, folder)
    if links:
        print(f"  an evening of {games} games: {len(links)} parts, each ready after "
              f"{min(times):.1f}–{max(times):.1f} s (all {sum(times):.1f} s)")
    else:
        print(f"  an evening of {games} games in one PDF: status {status} after {took:.1f} s")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--write", metavar="PDF", help="also write the rendered sheet here")
    parser.add_argument("--no-server", action="store_true", help="skip the web worker figures")
    parser.add_argument("--beside", type=int, default=1000, metavar="GAMES",
                        help="games of the two evenings whose PDFs are fetched beside a live "
                             "check (0: skip)")
    parser.add_argument("--long", type=int, default=3000, metavar="GAMES",
                        help="games of the evening printed in parts (0: skip)")
    args = parser.parse_args(argv)
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (the CPU figures "
          "hold on a busy machine, the wall times less)")

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
        if args.beside:
            beside_the_table(args.beside, 2, 5.0)
        if args.long:
            long_evening(args.long)
    if args.write:
        with open(args.write, "wb") as fh:
            fh.write(pdf)
        print(f"  written to {args.write}")


if __name__ == "__main__":
    main()
