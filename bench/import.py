#!/usr/bin/env python3
"""What an import costs on the server: a paper sheet of many games read, previewed and
stored through the services the Importieren page and ``flask import`` use.

    .venv/bin/python bench/import.py                 # 50,000 games (the most a file may hold)
    .venv/bin/python bench/import.py --games 5000

The file is a CSV of made-up points (four players, each game summing to 0), written as a
group would keep it: one evening per 1,000 rows with a date column. Printed, each once (this
is a script, not a test; the machine's load shows in the figures):

  * read: the file detected, parsed and every evening folded (``read_for``: the Runde read
    first, its transaction ended)
  * preview: the names matched and every evening folded again, compared with the Runde's
  * store: players, evenings, every entry and its history event written and committed, with
    the Runde locked and read again (the write lock is held only for this part)
  * the whole Runde page and one imported evening's sheet afterwards, in a new worker
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import random
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def sheet(games: int, seed: int = 7) -> bytes:
    """A CSV of ``games`` rows: Datum and four players' points."""
    rng = random.Random(seed)
    lines = ["Datum;Anna;Ben;Cem;Dora"]
    day = dt.date(2020, 1, 3)
    for k in range(games):
        if k and k % 1000 == 0:
            day += dt.timedelta(days=7)
        a, b = rng.choice([(1, 1), (2, 2), (3, 3), (3, -1)])
        points = [a, b, -a, -b] if (a, b) != (3, -1) else [3, -1, -1, -1]
        rng.shuffle(points)
        lines.append(f"{day:%d.%m.%Y};" + ";".join(map(str, points)))
    return ("\n".join(lines) + "\n").encode()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50_000)
    args = parser.parse_args()

    import logging

    logging.disable(logging.INFO)
    from flask_migrate import upgrade

    from scorer import services
    from scorer.app import create_app
    from scorer.importers import ImportMode
    from scorer.services import imports

    data = sheet(args.games)
    with tempfile.TemporaryDirectory() as folder:
        config = {"TESTING": True, "SECRET_KEY": "bench",
                  "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite3"}
        app = create_app(config)
        with app.app_context():
            upgrade()
            group = services.create_group("Bench", "ddv")
            token = group.edit_token
            with timed("read") as line:
                target, read, other = imports.read_for(group, data, "zettel.csv",
                                                       ImportMode.RECORDED)
            lines = [line]
            with timed("preview") as line:
                shown = imports.preview(target, read, imports.Choices(), other)
            lines.append(line)
            with timed("store", "(the Runde's write lock held)") as line:
                evenings = imports.store(group, shown).evenings
            lines.append(line)
        print(f"{args.games} games in {evenings} evenings, {len(data) / 1e6:.1f} MB "
              "(wall / this process's CPU)")
        fresh = create_app(config).test_client()
        for what, url in (("Runde page", f"/r/{token}/"), ("a sheet", f"/r/{token}/abend/1/")):
            with timed(what, "(a new worker)") as line:
                assert fresh.get(url).status_code == 200
            lines.append(line)
        for line in lines:
            print(line[0])


@contextlib.contextmanager
def timed(what: str, note: str = "") -> Iterator[list[str]]:
    """Time the block; the line to print is put in the list it yields."""
    line: list[str] = []
    wall, cpu = time.perf_counter(), time.process_time()
    yield line
    line.append(f"  {what:<10} {time.perf_counter() - wall:6.2f} s / "
                f"{time.process_time() - cpu:6.2f} s  {note}".rstrip())


if __name__ == "__main__":
    main()
