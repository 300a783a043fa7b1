#!/usr/bin/env python3
"""How long the season PDF of a long Runde, the club's result PDF and a long evening's sheet
take, against a floor measured in the same run; and whether they print every row they claim.
Figures, not a test.

    .venv/bin/python bench/printouts.py                  # 500 evenings, 15 tables × 3 rounds,
                                                         # an evening of 1000 games
    .venv/bin/python bench/printouts.py --evenings 100 --runs 3
    .venv/bin/python bench/printouts.py --write /tmp/pdfs   # also keep the PDFs there

Every figure is a warm render in this process (the render process's work: template filled,
WeasyPrint laying it out and writing the PDF, the garbage collector off as it is there), the
median of interleaved runs in CPU seconds (on a machine shared with other work the wall clock
says little; one process, one thread: the same on a quiet machine), as a ratio to
the floor: WeasyPrint rendering a plain 60-row table of seven columns, one page (issue 40: each
≤ 2 s and ≤ 12× that floor).

  * the season PDF of all evenings of a Runde of six with ``--evenings`` weekly evenings of 40
    games, five at the table and one away in turn (bench/web.py's year: ~5/6 of the evenings
    in each player's list), and the season PDF of last year of it
  * the club's result PDF of a 15-table evening of three rounds (60 players: the ranking and
    every round's tables), made-up figures in the shape ``scorer.printed.club.result_context``
    gives
  * the evening sheet of ``--games`` games (bench/pdf.py's made-up evening, five players),
    against its own floor: WeasyPrint rendering a plain table of as many rows and eight
    columns (issue 40: ≤ 1.3×)

and, read back with pypdf, how many of the evenings of each player's list (the season) and of
the ranking's and tables' names (the club) the PDF holds.
"""

from __future__ import annotations

import argparse
import datetime as dt
import gc
import io
import random
import re
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

TARGET_SECONDS = 2.0
TARGET_RATIO = 12.0
TARGET_SHEET_RATIO = 1.3
"""A long evening's sheet against a plain table of as many rows (issue 40)."""


def floor_document(rows: int = 60, columns: int = 7) -> Callable[[], bytes]:
    """WeasyPrint rendering a plain table (60 rows of seven columns: one A4 page)."""
    from scorer.printed.pdf import weasyprint

    cells = "".join(f"<td>{c}</td>" for c in range(columns - 1))
    html = "<table>" + "".join(f"<tr><td>{r}</td>{cells}</tr>" for r in range(rows)) + "</table>"
    library = weasyprint()
    return lambda: library.HTML(string=html).write_pdf()


def sheet_document(games: int) -> Callable[[], bytes]:
    """The evening sheet of ``games`` games, as the render process makes it."""
    from pdf import sample_evening

    from scorer.core.evening import evening
    from scorer.core.settlement import settle
    from scorer.printed.evening import render_sheet_pdf, sheet_context

    ledger = evening(sample_evening(games, 5))
    context = sheet_context(ledger, title="Donnerstagsrunde", date="Donnerstag, 20.11.2025",
                            settlement=settle(ledger.totals, 10))
    return lambda: render_sheet_pdf(context)


def club_context(tables: int = 15, rounds: int = 3, seed: int = 1) -> dict[str, Any]:
    """A club evening's result, as ``result_context`` shapes it: ``tables`` × 4 players,
    every one at a table in each of ``rounds`` rounds, table points."""
    rng = random.Random(seed)
    players = [f"Spielerin {k:02d} {rng.choice(['Meyer', 'Schulze', 'Öztürk', 'Kowalski'])}"
               for k in range(1, tables * 4 + 1)]
    numbers = {name: k for k, name in enumerate(players, 1)}
    figures: dict[str, list[int]] = {name: [] for name in players}
    points: dict[str, int] = dict.fromkeys(players, 0)
    round_list = []
    for r in range(1, rounds + 1):
        seated = players[:]
        rng.shuffle(seated)
        table_list = []
        for t in range(tables):
            four = seated[4 * t:4 * t + 4]
            totals = [rng.randrange(-60, 61) for _ in range(3)]
            totals.append(-sum(totals))
            order = sorted(totals, reverse=True)
            table_points = {v: (3, 2, 1, 0)[order.index(v)] for v in totals}
            table_list.append({
                "number": t + 1, "games": "24 von 24 Spielen",
                "players": [{"name": n, "number": numbers[n], "points": f"{v:+d}",
                             "figure": str(table_points[v])} for n, v in zip(four, totals)]})
            for n, v in zip(four, totals):
                figures[n].append(table_points[v])
                points[n] += v
        round_list.append({"number": r, "ended": True, "tables": table_list})
    ranked = sorted(players, key=lambda n: (-sum(figures[n]), -points[n], n))
    return {
        "lang": "de", "title": "Vereinsabend im Mai", "date": "15.05.2026",
        "deviation": "", "rules": "", "state": f"nach Runde {rounds} von {rounds}",
        "label": "Tischpunkte", "short": "TP", "round_numbers": list(range(1, rounds + 1)),
        "standings": [{"rank": k, "number": numbers[n], "name": n,
                       "rounds": [str(v) for v in figures[n]], "figure": str(sum(figures[n])),
                       "points": f"{points[n]:+d}", "solos": rng.randrange(0, 3)}
                      for k, n in enumerate(ranked, 1)],
        "rounds": round_list,
    }


def season_contexts(evenings: int) -> dict[str, dict[str, Any]]:
    """The season PDF's context of all evenings and of last year, of bench/web.py's year."""
    from web import Bench

    from scorer import services
    from scorer.printed.season import season_context
    from scorer.store.extensions import db
    from scorer.store.models import Group
    from scorer.web.year.season_pages import title

    bench = Bench()
    started = time.perf_counter()
    url = bench.year(evenings, 40)
    token = url.split("/")[2]
    with bench.app.app_context():
        group = db.session.query(Group).filter_by(edit_token=token).one()
        year = services.year_of(group)
        out = {}
        for label, key in (("all evenings", "alle"), ("last year", f"{dt.date.today().year - 1}-01-01")):
            view = year.season(key)
            out[label] = season_context(group.name, title(year, view), view, dt.date.today(),
                                        year.kasse)
    bench.close()
    print(f"  (a Runde of six with {evenings} evenings × 40 games built and folded in "
          f"{time.perf_counter() - started:.1f} s)")
    return out


def timed(kinds: dict[str, Callable[[], bytes]], runs: int) -> dict[str, float]:
    """Median CPU seconds of each, in interleaved runs after one warm-up each, the garbage
    collector off during each (as in the render process, scorer.printed.render)."""
    for run in kinds.values():
        run()
    times: dict[str, list[float]] = {name: [] for name in kinds}
    for _ in range(runs):
        for name, run in kinds.items():
            gc.collect()
            gc.disable()
            try:
                start = time.process_time()
                run()
                times[name].append(time.process_time() - start)
            finally:
                gc.enable()
    return {name: statistics.median(values) for name, values in times.items()}


def text_of(pdf: bytes) -> str:
    """The PDF's text as its pages show it: only what is drawn inside a page (a block too
    long for its page is written on past the page's foot, where no one sees it)."""
    import pypdf

    shown: list[str] = []
    for page in pypdf.PdfReader(io.BytesIO(pdf)).pages:
        box = page.mediabox

        def keep(text: str, cm: Any, tm: Any, _font: Any, _size: Any, box: Any = box) -> None:
            x = cm[0] * tm[4] + cm[2] * tm[5] + cm[4]
            y = cm[1] * tm[4] + cm[3] * tm[5] + cm[5]
            if box.left <= x <= box.right and box.bottom <= y <= box.top:
                shown.append(text)

        page.extract_text(visitor_text=keep)
    return " ".join(" ".join(shown).split())


def season_found(context: dict[str, Any], pdf: bytes) -> tuple[int, int, int]:
    """(evenings in the players' lists, how many of them the PDF prints, its pages)."""
    import pypdf

    text = text_of(pdf)
    claimed = sum(len(r["evenings_list"]) for r in context["ranking"])
    printed = len(re.findall(r"Abend \d+ \(?\d\d\.\d\d\.", text))
    return claimed, printed, len(pypdf.PdfReader(io.BytesIO(pdf)).pages)


def club_found(context: dict[str, Any], pdf: bytes) -> tuple[int, int]:
    """(rows the result claims: ranking lines and table lines, names the PDF prints)."""
    text = text_of(pdf)
    claimed = len(context["standings"]) + sum(len(t["players"]) for r in context["rounds"]
                                              for t in r["tables"])
    return claimed, len(re.findall(r"Spielerin \d\d", text))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--evenings", type=int, default=500)
    parser.add_argument("--tables", type=int, default=15)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--games", type=int, default=1000,
                        help="games of the evening sheet (0: none)")
    parser.add_argument("--only-sheet", action="store_true",
                        help="only the evening sheet against its floor")
    parser.add_argument("--write", type=Path, help="a folder to keep the PDFs in")
    args = parser.parse_args(argv)

    from scorer.printed.club import render_result
    from scorer.printed.season import render_season_pdf

    if args.games:
        sheet_figures(args.games, args.runs)
    if args.only_sheet:
        return
    seasons = season_contexts(args.evenings)
    club = club_context(args.tables)
    kinds: dict[str, Callable[[], bytes]] = {"floor": floor_document()}
    kinds[f"club result, {args.tables} tables × 3 rounds"] = lambda: render_result(club)
    for label, context in seasons.items():
        kinds[f"season PDF, {label}"] = (lambda c=context: render_season_pdf(c))
    m = timed(kinds, args.runs)
    floor = m.pop("floor")
    print(f"  floor (a plain 60-row table, one page): {floor * 1000:.0f} ms")
    for name, seconds in m.items():
        ok = seconds <= TARGET_SECONDS and seconds / floor <= TARGET_RATIO
        print(f"  {name:<44} {seconds:6.2f} s = {seconds / floor:5.1f}× the floor "
              f"(target ≤ {TARGET_SECONDS:.0f} s, ≤ {TARGET_RATIO:.0f}×: "
              f"{'ok' if ok else 'over'})")
    pdf = render_result(club)
    claimed, printed = club_found(club, pdf)
    print(f"  club result: {printed} of {claimed} rows' names printed")
    if args.write:
        args.write.mkdir(parents=True, exist_ok=True)
        (args.write / "club.pdf").write_bytes(pdf)
    for label, context in seasons.items():
        pdf = render_season_pdf(context)
        claimed, printed, pages = season_found(context, pdf)
        print(f"  season PDF, {label}: {printed} of {claimed} evenings of the players' lists "
              f"printed, {pages} pages")
        if args.write:
            (args.write / f"season-{label.replace(' ', '-')}.pdf").write_bytes(pdf)


def sheet_figures(games: int, runs: int) -> None:
    """A long evening's sheet against a plain table of as many rows."""
    m = timed({"floor": floor_document(games, 8), "sheet": sheet_document(games)}, runs)
    ratio = m["sheet"] / m["floor"]
    print(f"  evening sheet, {games} games: {m['sheet']:.2f} s, a plain {games}-row table "
          f"{m['floor']:.2f} s: {ratio:.2f}× (target ≤ {TARGET_SHEET_RATIO}×: "
          f"{'ok' if ratio <= TARGET_SHEET_RATIO else 'over'})")


if __name__ == "__main__":
    main()
