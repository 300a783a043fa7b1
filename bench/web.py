#!/usr/bin/env python3
"""Server time of the requests a table and a Runde make, against a trivial GET, in one run.

    .venv/bin/python bench/web.py                    # every figure of issue 12's web rows
    .venv/bin/python bench/web.py --quick            # 60 and 300 games, 20 evenings, fewer rounds
    .venv/bin/python bench/web.py --profile 300      # plus where a 300-game sheet's time goes
    .venv/bin/python bench/web.py --language en      # every page read in English
    .venv/bin/python bench/web.py --closed-only      # only the closed evening's sheet

The app (create_app, CSRF on, a SQLite file, migrations applied) gets its data through the
services layer: per evening size a Runde of five and one evening of that many made-up but
rule-true bockrunde games (bench/pdf.py's), and a Runde of five with 100 evenings × 40 games
(all closed but the last) beside one with 10 such evenings. Flask's test client then times
in-process, in interleaved rounds so that every figure sees the same machine load (medians):

  * GET /static/favicon.svg and GET / (the start page): the trivial GETs; the ratios are to
    the start page (a template and the session, no evening)
  * POST a game through the entry form (validate, check it in its place, store, 302), then
    GET the sheet, as a phone does, and (untimed) the entry form for the next game: games
    N+1, N+2, … as a table enters them, one more per round
  * the same sheet GET in a second worker (another app instance on the same database), which
    did not make the save and so folds the evening anew: what a phone pays when gunicorn's
    next request lands on another worker
  * GET a closed evening's sheet (final standings, "Ergebnis teilen", the link preview's
    tags; its PDF and picture made ahead and kept) by the edit and the read-only link:
    target ≤ 3× the trivial GET (issue 38)
  * GET the Runde page, the Statistik and the Runde's CSV
  * the same three as the first request of a worker that has nothing kept (a new app
    instance on the same database)

and counts the SQL statements of each request (BEGIN not counted). Targets (issue 12): sheet
and save ≤ 3× / 4× / 6× the trivial GET at 60 / 300 / 1000 games; the Runde's pages ≤ 10× with
100 evenings and as many queries as with 10.

The Runde's year (issue 27): a Runde of six with ten years of weekly evenings (500 × 40 games,
five at the table and one member away in turn, settled into the Kasse, absent members paying
as the last-placed, most charges paid, some deposits and expenses) beside one of a tenth as
many: the Runde page (the current season), a season's ranking, the Kasse and the
Bestenliste, kept and in a fresh worker, with their queries. Target: ≤ 10× the start page
once kept, queries flat. Its evenings are written one transaction each (the rows add_game
writes, from a few generated evenings reused; the first and last are folded as a check):
500 × 40 saves through the entry path would take the set-up a quarter of an hour.

    .venv/bin/python bench/web.py --year-only          # only the year's rows
    .venv/bin/python bench/web.py --year-evenings 100  # a smaller year

This is a script, not a test.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import datetime as dt
import gc
import io
import pstats
import re
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from pdf import SEATS, sample_evening  # noqa: E402

PLAYERS = 5
TARGETS = {60: 3.0, 300: 4.0, 1000: 6.0}
LANGUAGE = "de"
"""The language every page is asked in (``--language``): the device's choice, a cookie."""
RUNDE_TARGET = 10.0
CLOSED_TARGET = 3.0
"""A closed evening's sheet against the trivial GET (issue 38)."""
RUNDE_GAMES = 40


class Bench:
    """One app on a fresh SQLite file, with a statement counter."""

    def __init__(self) -> None:
        from flask_migrate import upgrade
        from sqlalchemy import event

        from scorer.app import create_app
        from scorer.store.extensions import db

        folder = tempfile.mkdtemp(prefix="doko-bench-")
        self.folder = folder
        # The workers of one machine share the folder of kept files (scorer.store.kept_files).
        self.config = {"SECRET_KEY": "bench",
                       "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite3",
                       "DOKO_LANGUAGES": ("de", "en"), "DOKO_KEPT_FOLDER": f"{folder}/kept"}
        self.app = create_app(self.config)
        with self.app.app_context(), contextlib.redirect_stderr(io.StringIO()):
            upgrade()  # quietly: alembic.ini logs every migration
        self.statements = 0

        def count(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
            if not statement.startswith("BEGIN"):
                self.statements += 1

        self._count = count
        self._others: list[Any] = []
        with self.app.app_context():
            event.listen(db.engine, "before_cursor_execute", count)
        self.client = client_of(self.app)

    def runde(self, evenings: int, games: int) -> str:
        """A Runde of PLAYERS with ``evenings`` evenings of ``games`` games (all closed but the
        last); its URL."""
        from scorer import services
        from scorer.core.scoring import GameEntry

        with self.app.app_context():
            group = services.create_group("Donnerstagsrunde", "bockrunde")
            players = [services.add_player(group, name) for name in SEATS[:PLAYERS]]
            ids = {p.name: p.id for p in players}
            for k in range(evenings):
                evening = services.start_evening(
                    group, played_on=dt.date(2025, 1, 1) + dt.timedelta(days=7 * k),
                    seat_ids=[p.id for p in players], first_dealer_id=players[0].id,
                    preset="bockrunde", rules=services.house_rules(group), planned_games=None,
                    cents_per_point=10)
                for game in sample_evening(games, PLAYERS, seed=k)["games"]:
                    entry = GameEntry.from_dict(game, str).keyed(ids.__getitem__)
                    services.add_game(evening, entry, str(uuid.uuid4()))
                if k < evenings - 1:
                    services.set_closed(evening, True, evening.revision)
            return f"/r/{group.edit_token}/"

    def year(self, evenings: int, games: int) -> str:
        """A Runde of six, ``evenings`` weekly evenings up to last week of ``games`` games
        each, five at the table and one member away in turn, settled into the Kasse (all
        closed but the last; absent members pay as the last-placed); the first four fifths
        of the charges paid, a deposit and an expense a year. Its URL."""
        from sqlalchemy import select

        from scorer import services
        from scorer.services.year_settings import touch_year
        from scorer.store.extensions import db
        from scorer.store.models import Evening, Game, KasseMark

        names = list(SEATS[:PLAYERS + 1])
        samples = [sample_evening(games, PLAYERS, seed=k)["games"] for k in range(8)]
        first = dt.date.today() - dt.timedelta(days=7 * evenings)
        with self.app.app_context():
            group = services.create_group("Donnerstagsrunde", "bockrunde")
            players = [services.add_player(group, name) for name in names]
            services.set_absent_pays(group, "as_last", 0)
            rules = services.house_rules(group)
            for k in range(evenings):
                away = k % len(players)
                seated = [p for i, p in enumerate(players) if i != away]
                # The sample's names are the first five seats: here, whoever sits there.
                ids = {SEATS[i]: p.id for i, p in enumerate(seated)}
                evening = services.start_evening(
                    group, played_on=first + dt.timedelta(days=7 * k),
                    seat_ids=[p.id for p in seated], first_dealer_id=seated[0].id,
                    preset="bockrunde", rules=rules, planned_games=None, cents_per_point=10,
                    settlement_mode="pay_leader")
                for position, game in enumerate(samples[k % len(samples)]):
                    db.session.add(Game(evening_id=evening.id, position=position,
                                        facts=services.from_core(game, ids),
                                        entry_key=str(uuid.uuid4())))
                # As add_game raises it: once per entry (and once more for closing).
                evening.version = evening.version + games + (k < evenings - 1)
                if k < evenings - 1:
                    evening.closed_at = dt.datetime.now(dt.UTC)
                db.session.commit()
            for k in range(max(evenings // 50, 1)):
                day = first + dt.timedelta(days=365 * k)
                services.add_kasse_entry(group, day, "Startgeld", 5000)
                services.add_kasse_entry(group, day + dt.timedelta(days=300), "Jahresessen",
                                         -18000)
            year = services.year_of(group)
            numbers = {e.number: e.id for e in group.evenings}
            player_ids = {p.name: p.id for p in players}
            paid = [c for c in year.everything.charges if c.cents
                    and c.key <= evenings * 4 // 5]
            db.session.add_all(KasseMark(evening_id=numbers[c.key],
                                         player_id=player_ids[c.player], cents=c.cents)
                               for c in paid)
            touch_year(group)
            db.session.commit()
            for number in (1, evenings):  # the rows fold as the app's own would
                found = db.session.scalar(select(Evening).where(
                    Evening.group_id == group.id, Evening.number == number))
                assert len(services.sheet(found).ledger.games) == games
            return f"/r/{group.edit_token}/"

    def queries(self, run: Callable[[], None]) -> int:
        self.statements = 0
        run()
        return self.statements

    def get(self, url: str, client: Any = None) -> Callable[[], None]:
        def run() -> None:
            response = (client or self.client).get(url)
            assert response.status_code == 200, (url, response.status_code)
            response.close()
        return run

    def fresh_worker(self, machine: bool = True) -> Any:
        """Another app instance on the same database (its statements counted too): a worker
        that has nothing kept in memory; with ``machine=False`` on a machine that has nothing
        kept on disk either (the first worker after a deploy)."""
        from sqlalchemy import event

        from scorer.app import create_app
        from scorer.store.extensions import db

        config = dict(self.config)
        if not machine:
            config["DOKO_KEPT_FOLDER"] = tempfile.mkdtemp(prefix="kept-", dir=self.folder)
        app = create_app(config)
        with app.app_context():
            event.listen(db.engine, "before_cursor_execute", self._count)
        self._others.append(app)
        return app

    def close(self) -> None:
        from sqlalchemy import event

        from scorer.store.extensions import db

        for app in (self.app, *self._others):
            with app.app_context():
                event.remove(db.engine, "before_cursor_execute", self._count)
                db.engine.dispose()


def form_fields(game: dict[str, Any], ids: dict[str, int], players: list[str]) -> dict[str, Any]:
    """The entry form as a phone posts it for this game."""
    fields: dict[str, Any] = {
        "entry_key": str(uuid.uuid4()), "kind": game.get("kind", "normal"),
        "players": [str(ids[p]) for p in players], "re": [str(ids[p]) for p in game.get("re", [])],
    }
    if "solo" in game:
        fields["solo"] = game["solo"]
    if "re_eyes" in game:
        fields["re_eyes"] = str(game["re_eyes"])
    for party, level in game.get("announced", {}).items():
        fields[f"announced_{party}"] = level
    for party, counts in game.get("extras", {}).items():
        for extra, n in counts.items():
            fields[f"extras_{party}_{extra}"] = str(n)
    return fields


def medians(kinds: dict[str, Callable[[], None]], rounds: int,
            between: Callable[[], None] | None = None) -> dict[str, float]:
    """Each kind once per round, in order; ``between`` after every round, untimed."""
    times: dict[str, list[float]] = {k: [] for k in kinds}
    cpus: dict[str, list[float]] = {k: [] for k in kinds}
    for _ in range(rounds):
        for kind, run in kinds.items():
            start, cpu = time.perf_counter(), time.process_time()
            run()
            times[kind].append(time.perf_counter() - start)
            cpus[kind].append(time.process_time() - cpu)
        if between is not None:
            between()
    # CPU too ("<kind> cpu"): on a machine busy with other work the wall clock says little.
    return {**{kind: statistics.median(values) for kind, values in times.items()},
            **{f"{kind} cpu": statistics.median(values) for kind, values in cpus.items()}}


def evening_figures(games: int, rounds: int, profile: bool) -> dict[str, float]:
    """Seconds per request and statements of save and sheet for an evening of ``games``."""
    from scorer import services
    from scorer.core.evening import evening as fold_input
    from scorer.core.scoring import GameEntry

    bench = Bench()
    data = sample_evening(games + rounds + 8, PLAYERS)
    stored, coming = data["games"][:games], data["games"][games:]
    # Who plays each coming game: the rotation's players after the games before it.
    players = [list(fold_input({**data, "games": data["games"][:games + k]}).next.players)
               for k in range(len(coming))]
    with bench.app.app_context():
        from scorer.core.rules import rules_from_spec

        group = services.create_group("Donnerstagsrunde", "bockrunde")
        added = [services.add_player(group, name) for name in SEATS[:PLAYERS]]
        ids = {p.name: p.id for p in added}
        evening = services.start_evening(
            group, played_on=dt.date(2025, 11, 20), seat_ids=[p.id for p in added],
            first_dealer_id=added[0].id, preset="bockrunde", rules=rules_from_spec("bockrunde"),
            planned_games=None, cents_per_point=10)
        for game in stored:
            entry = GameEntry.from_dict(game, str).keyed(ids.__getitem__)
            services.add_game(evening, entry, str(uuid.uuid4()))
        sheet_url = f"/r/{group.edit_token}/abend/{evening.number}/"
    client = bench.client
    other = client_of(bench.fresh_worker())
    entry = client.get(sheet_url + "spiel/neu").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', entry)
    assert token, "no CSRF token on the entry form"
    saved = 0

    def save() -> None:
        nonlocal saved
        game = coming[saved]
        fields = {**form_fields(game, ids, players[saved]), "csrf_token": token.group(1)}
        response = client.post(sheet_url + "spiel/neu", data=fields)
        assert response.status_code == 302, response.get_data(as_text=True)[:2000]
        saved += 1

    kinds = {"favicon": bench.get("/static/favicon.svg"), "start": bench.get("/"),
             "save": save, "sheet": bench.get(sheet_url),
             "other worker": bench.get(sheet_url, other)}
    for run in kinds.values():  # warm up templates, caches and the connection pool
        run()
    figures = medians(kinds, rounds, bench.get(sheet_url + "spiel/neu"))
    figures["save queries"] = bench.queries(save)
    figures["sheet queries"] = bench.queries(kinds["sheet"])
    if profile:
        explain(bench, sheet_url, kinds["sheet"], games, rounds)
    bench.close()
    return figures


def closed_figures(games: int, rounds: int) -> dict[str, float]:
    """Seconds per request and statements of a closed evening's sheet of ``games`` games (its
    final standings, the share button and the link preview's tags; its PDF and picture asked
    for ahead), by the edit link and by the read-only link, against the trivial GETs."""
    from scorer import services
    from scorer.core.scoring import GameEntry
    from scorer.printed import render

    bench = Bench()
    with bench.app.app_context():
        group = services.create_group("Donnerstagsrunde", "bockrunde")
        added = [services.add_player(group, name) for name in SEATS[:PLAYERS]]
        ids = {p.name: p.id for p in added}
        evening = services.start_evening(
            group, played_on=dt.date(2025, 11, 20), seat_ids=[p.id for p in added],
            first_dealer_id=added[0].id, preset="bockrunde", rules=services.house_rules(group),
            planned_games=None, cents_per_point=10)
        for game in sample_evening(games, PLAYERS)["games"]:
            entry = GameEntry.from_dict(game, str).keyed(ids.__getitem__)
            services.add_game(evening, entry, str(uuid.uuid4()))
        services.set_closed(evening, True, evening.revision)
        edit = f"/r/{group.edit_token}/abend/{evening.number}/"
        read = f"/r/{group.read_token}/abend/{evening.number}/"
    kinds = {"favicon": bench.get("/static/favicon.svg"), "start": bench.get("/"),
             "closed": bench.get(edit), "closed read-only": bench.get(read)}
    for run in kinds.values():  # warm up; the PDF and the picture are made meanwhile
        run()
    folder = Path(bench.app.instance_path) / render.FOLDER
    deadline = time.monotonic() + 60
    while len(list(folder.glob("*.png"))) + len(list(folder.glob("*.pdf"))) < 2:
        if time.monotonic() > deadline:
            break
        time.sleep(0.1)
    figures = medians(kinds, rounds)
    figures["closed queries"] = bench.queries(kinds["closed"])
    bench.close()
    return figures


def runde_figures(evenings: int, rounds: int) -> dict[str, float]:
    """Seconds per request (kept and in a fresh worker) and statements of the Runde's pages,
    with a Runde of ``evenings`` evenings beside one of a tenth as many."""
    bench = Bench()
    small = bench.runde(max(evenings // 10, 1), RUNDE_GAMES)
    url = bench.runde(evenings, RUNDE_GAMES)
    pages = {"runde": url, "statistik": url + "statistik", "csv": url + "spiele.csv"}
    figures = page_figures(bench, pages, url, small, rounds)
    bench.close()
    return figures


def year_figures(evenings: int, rounds: int) -> dict[str, float]:
    """The same for the Runde's year: the Runde page (current season), a season's ranking,
    the Kasse and the Bestenliste, with ``evenings`` weekly evenings beside a tenth as many."""
    bench = Bench()
    started = time.perf_counter()
    small = bench.year(max(evenings // 10, 1), RUNDE_GAMES)
    url = bench.year(evenings, RUNDE_GAMES)
    built = time.perf_counter() - started
    last_year = dt.date.today().year - 1
    pages = {"runde": url, "season": url + f"?saison={last_year}-01-01",
             "kasse": url + "kasse/", "bestenliste": url + "bestenliste",
             "statistik": url + "statistik"}
    figures = page_figures(bench, {k: v for k, v in pages.items() if k != "season"}, url,
                           small, rounds)
    # A tenth of the evenings may not reach back to last year: its season is the newest.
    season = page_figures(bench, {"season": pages["season"]}, url, small, rounds,
                          small_page=small + f"?saison={dt.date.today().year}-01-01")
    figures.update({k: v for k, v in season.items() if k.startswith("season")})
    figures["built"] = built
    bench.close()
    return figures


def page_figures(bench: Bench, pages: dict[str, str], url: str, small: str, rounds: int,
                 small_page: str | None = None) -> dict[str, float]:
    """Medians of the pages kept (against the trivial GETs), in a fresh worker, and their
    statements kept, fresh and for the small Runde."""
    kinds = {"favicon": bench.get("/static/favicon.svg"), "start": bench.get("/"),
             **{name: bench.get(page) for name, page in pages.items()}}
    for run in kinds.values():
        run()
    figures = medians(kinds, rounds)
    cold: dict[str, list[float]] = {name: [] for name in pages}
    cold_cpu: dict[str, list[float]] = {name: [] for name in pages}
    first: dict[str, list[float]] = {name: [] for name in pages}
    cold_queries: dict[str, int] = {}
    for _ in range(max(rounds // 5, 3)):
        for name, page in pages.items():
            worker = client_of(bench.fresh_worker())
            bench.get("/", worker)()  # the worker is up and has answered something
            start, cpu = time.perf_counter(), time.process_time()
            cold_queries[name] = bench.queries(bench.get(page, worker))
            cold[name].append(time.perf_counter() - start)
            cold_cpu[name].append(time.process_time() - cpu)
            gc.collect()  # the last worker's garbage is not this one's to pay
    for _ in range(2):
        for name, page in pages.items():
            worker = client_of(bench.fresh_worker(machine=False))
            bench.get("/", worker)()
            start = time.perf_counter()
            bench.get(page, worker)()
            first[name].append(time.perf_counter() - start)
            gc.collect()
    for name, page in pages.items():
        figures[f"{name} first"] = statistics.median(first[name])
        figures[f"{name} fresh"] = statistics.median(cold[name])
        # CPU time too: on a machine busy with other work the wall clock says little.
        figures[f"{name} fresh cpu"] = statistics.median(cold_cpu[name])
        figures[f"{name} fresh queries"] = cold_queries[name]
        figures[f"{name} queries"] = bench.queries(bench.get(page))
        mirrored = small_page or page.replace(url, small)
        bench.get(mirrored)()
        figures[f"{name} queries small"] = bench.queries(bench.get(mirrored))
    return figures


def explain(bench: Bench, sheet_url: str, get_sheet: Callable[[], None], games: int,
            rounds: int) -> None:
    """Where the sheet's time goes: the services layer's sheet (kept or folded), the whole
    GET; then cProfile's top functions by own time."""
    from scorer import services

    token = sheet_url.split("/")[2]

    def timed(run: Callable[[], Any]) -> float:
        values = []
        for _ in range(rounds):
            with bench.app.app_context():  # a fresh session, as a request has
                start = time.perf_counter()
                run()
                values.append(time.perf_counter() - start)
        return statistics.median(values)

    load = timed(lambda: services.sheet(services.find_evening(services.find_group(token), 1)))
    whole = timed(get_sheet)
    print(f"\nwhere a {games}-game sheet GET spends its {whole * 1000:.1f} ms (medians):")
    print(f"  services.sheet: look up the Runde and evening, the fold   {load * 1000:6.1f} ms")
    print(f"  the rest: template, url_for per row, request              "
          f"{(whole - load) * 1000:6.1f} ms")
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(5):
        get_sheet()
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(15)
    print("cProfile, 5 sheet GETs, by own time:")
    lines = out.getvalue().splitlines()
    start = next(i for i, line in enumerate(lines) if "ncalls" in line)
    print("\n".join(line for line in lines[start:] if line.strip()))


def client_of(app: Any) -> Any:
    """A test client of ``app`` that reads the pages in LANGUAGE."""
    client = app.test_client()
    client.set_cookie("sprache", LANGUAGE)
    return client


def verdict(ratio: float, target: float) -> str:
    return "ok" if ratio <= target else "over"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=None)
    parser.add_argument("--evenings", type=int, default=None)
    parser.add_argument("--year-evenings", type=int, default=None)
    parser.add_argument("--year-only", action="store_true",
                        help="only the rows of the Runde's year")
    parser.add_argument("--closed-only", action="store_true",
                        help="only the closed evening's sheet")
    parser.add_argument("--rounds", type=int, default=None)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--profile", type=int, nargs="*", default=[], metavar="GAMES",
                        help="profile the sheet GET of these evening sizes")
    parser.add_argument("--language", choices=("de", "en"), default="de",
                        help="the language every page is read in")
    args = parser.parse_args(argv)
    global LANGUAGE
    LANGUAGE = args.language
    sizes = args.games or ([60, 300] if args.quick else [60, 300, 1000])
    evenings = args.evenings or (20 if args.quick else 100)
    year_evenings = args.year_evenings or (50 if args.quick else 500)
    rounds = args.rounds or (10 if args.quick else 30)

    print(f"Server time per request: Flask test client in-process, SQLite file, {PLAYERS} "
          f"players, bockrunde; medians of {rounds} interleaved rounds. Ratios are to the "
          f"start page (GET /), a trivial GET of the same run. Pages read in {LANGUAGE!r}.")
    if args.closed_only:
        closed_table(sizes, rounds)
        return
    if not args.year_only:
        print(f"\n{'games':>5}  {'favicon':>8}  {'start /':>8}  {'save':>8}  {'sheet':>8}   "
              f"{'save ÷ start':>13}  {'sheet ÷ start':>14}  target   queries save / sheet   "
              "sheet in another worker")
        for games in sizes:
            m = evening_figures(games, rounds, games in args.profile)
            target = TARGETS.get(games, 3.0)
            save, sheet = m["save"] / m["start"], m["sheet"] / m["start"]
            print(f"{games:>5}  {m['favicon'] * 1000:6.2f}ms  {m['start'] * 1000:6.2f}ms  "
                  f"{m['save'] * 1000:6.2f}ms  {m['sheet'] * 1000:6.2f}ms   "
                  f"{save:6.1f}× {verdict(save, target):>4}  {sheet:7.1f}× "
                  f"{verdict(sheet, target):>4}  ≤ {target:.0f}×     {m['save queries']:.0f} / "
                  f"{m['sheet queries']:.0f}              {m['other worker'] * 1000:6.2f}ms "
                  f"{m['other worker'] / m['start']:5.1f}×")

        closed_table(sizes, rounds)

        m = runde_figures(evenings, max(rounds // 2, 5))
        print(f"\nA Runde with {evenings} evenings × {RUNDE_GAMES} games (all closed but the "
              f"last); start page {m['start'] * 1000:.2f} ms, favicon {m['favicon'] * 1000:.2f} ms")
        page_table(m, ("runde", "statistik", "csv"), evenings)

    m = year_figures(year_evenings, max(rounds // 2, 5))
    print(f"\nThe Runde's year: {year_evenings} weekly evenings × {RUNDE_GAMES} games, six "
          f"members, into the Kasse (built in {m['built']:.0f} s); start page "
          f"{m['start'] * 1000:.2f} ms, favicon {m['favicon'] * 1000:.2f} ms")
    page_table(m, ("runde", "season", "kasse", "bestenliste", "statistik"), year_evenings)
    print("fresh worker: a worker's first request for the page (nothing kept in its memory; "
          "what other workers kept on disk, scorer.store.kept_files, read back), target "
          f"≤ {FRESH_TARGET:.0f}× the kept page (issue #40); first on the machine: nothing "
          "kept on disk either (the first worker after a deploy)")


FRESH_TARGET = 10.0
"""A fresh worker's first look at a page against the same page kept (issue #40)."""


def closed_table(sizes: list[int], rounds: int) -> None:
    print(f"\n{'games':>5}  {'start /':>8}  {'closed':>8}  {'read-only':>9}   "
          f"{'closed ÷ start':>15}  target   queries   (a closed evening's sheet: "
          "standings, share button, link preview; its PDF and picture kept)")
    for games in sizes:
        m = closed_figures(games, rounds)
        ratio, read = m["closed"] / m["start"], m["closed read-only"] / m["start"]
        print(f"{games:>5}  {m['start'] * 1000:6.2f}ms  {m['closed'] * 1000:6.2f}ms  "
              f"{m['closed read-only'] * 1000:7.2f}ms   {ratio:6.1f}× / {read:.1f}× "
              f"{verdict(max(ratio, read), CLOSED_TARGET):>4}  ≤ {CLOSED_TARGET:.0f}×  "
              f"{m['closed queries']:.0f}")


def page_table(m: dict[str, float], names: tuple[str, ...], evenings: int) -> None:
    print(f"{'page':>11}  {'kept':>8}  {'÷ start':>9}  {'fresh worker':>12}  {'÷ start':>8}  "
          f"{'÷ kept':>8}  {'(its CPU)':>10}  {'÷ kept CPU':>10}  {'first on the machine':>20}  "
          f"{'÷ kept':>7}  "
          f"queries kept / fresh / with {max(evenings // 10, 1)} evenings   "
          f"target ≤ {RUNDE_TARGET:.0f}×, queries flat")
    for name in names:
        ratio, fresh = m[name] / m["start"], m[f"{name} fresh"] / m["start"]
        to_kept = m[f"{name} fresh"] / m[name]
        first = m.get(f"{name} first")
        print(f"{name:>11}  {m[name] * 1000:6.2f}ms  {ratio:6.1f}× {verdict(ratio, RUNDE_TARGET):>2}"
              f"  {m[f'{name} fresh'] * 1000:10.1f}ms  {fresh:7.1f}×  "
              f"{to_kept:5.1f}× {verdict(to_kept, FRESH_TARGET):>2}  "
              f"{m[f'{name} fresh cpu'] * 1000:8.0f}ms  "
              f"{m[f'{name} fresh cpu'] / max(m[f'{name} cpu'], 1e-6):8.1f}×  "
              + (f"{first * 1000:18.1f}ms  {first / m[name]:6.1f}×  " if first else " " * 31)
              + f"{m[f'{name} queries']:.0f} / {m[f'{name} fresh queries']:.0f} / "
              f"{m[f'{name} queries small']:.0f}")


if __name__ == "__main__":
    main()
