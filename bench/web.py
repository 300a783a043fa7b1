#!/usr/bin/env python3
"""Server time of the two requests a table makes all evening, against a trivial GET.

    .venv/bin/python bench/web.py                 # 60 and 300 games, 5 players, bockrunde
    .venv/bin/python bench/web.py --profile 300   # plus where the sheet's time goes

For each evening size the app (create_app, CSRF on, a SQLite file, migrations applied) gets
a Runde of five and an evening of that many games stored through the services layer, the
same made-up but rule-true bockrunde games as bench/pdf.py. Then, in interleaved rounds so
that every figure sees the same machine load, Flask's test client times in-process:

  * GET /static/favicon.svg   a static file: the cheapest request there is
  * GET /                     the start page: session, a template, no evening
  * GET the sheet             fold the evening, render every row
  * POST a game               the entry form: validate, fold with the new game, store, 302

and prints medians and the ratios to the trivial GETs (target: sheet and save <= 3x). The
saved game is removed again outside the timing, so every save is game N+1 of the same N.
This is a script, not a test: timings depend on the machine.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import datetime as dt
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

TARGET_RATIO = 3.0
PLAYERS = 5


def build(app: Any, games: int) -> tuple[str, dict[str, Any]]:
    """A Runde and one evening of ``games`` games; the sheet URL and game N+1 (names)."""
    from scorer import services
    from scorer.rules import rules_from_spec

    data = sample_evening(games + 1, PLAYERS)
    *stored, following = data["games"]
    with app.app_context():
        group = services.create_group("Donnerstagsrunde", "bockrunde")
        players = [services.add_player(group, name) for name in SEATS[:PLAYERS]]
        ids = {p.name: p.id for p in players}
        evening = services.start_evening(
            group, played_on=dt.date(2025, 11, 20),
            seat_ids=[p.id for p in players], first_dealer_id=players[0].id,
            preset="bockrunde", rules=rules_from_spec("bockrunde"), planned_games=None,
            cents_per_point=10)
        for game in stored:
            services.add_game(evening, services.from_core(game, ids), str(uuid.uuid4()))
        url = f"/r/{group.edit_token}/abend/{evening.number}/"
        return url, following


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


def measure(games: int, rounds: int, profile: bool) -> dict[str, float]:
    """Median seconds per request kind for an evening of ``games`` games."""
    from flask_migrate import upgrade
    from sqlalchemy import delete, select

    from scorer import services
    from scorer.app import create_app
    from scorer.extensions import db
    from scorer.models import Game, GameEvent

    folder = tempfile.mkdtemp(prefix="doko-bench-")
    app = create_app({"SECRET_KEY": "bench",
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite3"})
    with app.app_context(), contextlib.redirect_stderr(io.StringIO()):
        upgrade()  # quietly: alembic.ini logs every migration
    sheet_url, following = build(app, games)
    client = app.test_client()
    entry = client.get(sheet_url + "spiel/neu").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', entry)
    assert token, "no CSRF token on the entry form"
    with app.app_context():
        sheet = services.sheet(services.find_evening(
            services.find_group(sheet_url.split("/")[2]), 1))
        ids, players = sheet.ids, list(sheet.ledger.next.players)

    def get(url: str) -> Callable[[], None]:
        def run() -> None:
            response = client.get(url)
            assert response.status_code == 200, (url, response.status_code)
            response.close()
        return run

    def save() -> None:
        fields = {**form_fields(following, ids, players), "csrf_token": token.group(1)}
        response = client.post(sheet_url + "spiel/neu", data=fields)
        assert response.status_code == 302, response.get_data(as_text=True)[:2000]

    def forget_saved() -> None:
        with app.app_context():
            newest = db.session.scalars(select(Game).order_by(Game.id.desc()).limit(1)).one()
            db.session.execute(delete(GameEvent).where(GameEvent.game_id == newest.id))
            db.session.execute(delete(Game).where(Game.id == newest.id))
            db.session.commit()

    kinds: dict[str, Callable[[], None]] = {
        "favicon": get("/static/favicon.svg"), "start": get("/"),
        "sheet": get(sheet_url), "save": save,
    }
    for run in kinds.values():  # warm up templates, caches and the connection pool
        run()
    forget_saved()
    times: dict[str, list[float]] = {k: [] for k in kinds}
    for _ in range(rounds):
        for kind, run in kinds.items():
            start = time.perf_counter()
            run()
            times[kind].append(time.perf_counter() - start)
        forget_saved()
    if profile:
        explain(app, sheet_url, kinds["sheet"], games, rounds)
    with app.app_context():
        db.engine.dispose()
    return {kind: statistics.median(values) for kind, values in times.items()}


def explain(app: Any, sheet_url: str, get_sheet: Callable[[], None], games: int,
            rounds: int) -> None:
    """Where the sheet's time goes: the core's fold, loading and folding the stored
    evening (services.sheet), the whole GET; then cProfile's top functions by own time."""
    from scorer import services
    from scorer.evening import evening as fold_input

    def timed(run: Callable[[], Any]) -> float:
        values = []
        for _ in range(rounds):
            with app.app_context():  # a fresh session, as a request has
                start = time.perf_counter()
                run()
                values.append(time.perf_counter() - start)
        return statistics.median(values)

    token = sheet_url.split("/")[2]

    def stored() -> Any:
        return services.find_evening(services.find_group(token), 1)

    with app.app_context():
        data = services.evening_input(stored())
    core = timed(lambda: fold_input(data))
    load_and_fold = timed(lambda: services.sheet(stored()))
    whole = timed(get_sheet)
    print(f"\nwhere a {games}-game sheet GET spends its {whole * 1000:.1f} ms (medians):")
    print(f"  core fold of the evening (scorer.evening)          {core * 1000:6.1f} ms")
    print(f"  services.sheet: load rows + ids->names + fold      {load_and_fold * 1000:6.1f} ms")
    print(f"  the rest: template, url_for per row, request       {(whole - load_and_fold) * 1000:6.1f} ms")
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


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[60, 300])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--profile", type=int, nargs="*", default=[], metavar="GAMES",
                        help="profile the sheet GET of these evening sizes")
    args = parser.parse_args(argv)

    print(f"Server time per request, Flask test client in-process, SQLite file, {PLAYERS} players, "
          f"bockrunde; median of {args.rounds} interleaved rounds")
    print(f"{'games':>5}  {'favicon':>8}  {'start /':>8}  {'sheet':>8}  {'save':>8}   "
          f"sheet ÷ start (÷ favicon)   save ÷ start (÷ favicon)")
    for games in args.games:
        m = measure(games, args.rounds, games in args.profile)
        ms = {k: v * 1000 for k, v in m.items()}
        sheet_ratio, save_ratio = m["sheet"] / m["start"], m["save"] / m["start"]
        verdict = lambda r: "ok" if r <= TARGET_RATIO else "over"  # noqa: E731
        print(f"{games:>5}  {ms['favicon']:>6.1f}ms  {ms['start']:>6.1f}ms  "
              f"{ms['sheet']:>6.1f}ms  {ms['save']:>6.1f}ms   "
              f"{sheet_ratio:5.1f}× ({m['sheet'] / m['favicon']:5.1f}×) {verdict(sheet_ratio):>4}"
              f"       {save_ratio:5.1f}× ({m['save'] / m['favicon']:5.1f}×) {verdict(save_ratio):>4}")
    print(f"target: sheet and save each <= {TARGET_RATIO:.0f}× a trivial GET (the start page)")


if __name__ == "__main__":
    main()
