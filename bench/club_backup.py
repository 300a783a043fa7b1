#!/usr/bin/env python3
"""A club evening's own backup and restore at size. Prints figures; not a test.

    .venv/bin/python bench/club_backup.py [--players 60] [--rounds 3] [--games 24]

A tournament of --players players (tables of four to six) plays --rounds rounds of --games
games at a table of four (a five plays 5/4 of them), entered through the pages as the
tables enter them (tests.club_helpers.Club, on a fresh SQLite file). Then the organiser's
"Sicherung herunterladen", the upload's check and preview (scorer.services.tournament_backup
.read: the file's tables, every evening and game through the core, the ranking folded) and
"Als neues Turnier wiederherstellen" are timed, with the file's size and rows.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=24)
    args = parser.parse_args()

    from flask_migrate import upgrade

    from scorer.app import create_app
    from tests.club_helpers import Club

    folder = Path(tempfile.mkdtemp(prefix="doko-bench-"))
    app = create_app({"TESTING": True, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False,
                      "RATELIMIT_ENABLED": False, "DOKO_PDF_FOLDER": str(folder / "zettel"),
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'bench.sqlite3'}"})
    with app.app_context():
        upgrade()
    client = app.test_client()
    club = Club(app, client)
    names = tuple(f"Spieler {k:02d}" for k in range(1, args.players + 1))
    started = time.perf_counter()
    club.create(names, planned=args.games, rounds=args.rounds)
    for number in range(1, args.rounds + 1):
        club.draw(seed=number)
        club.start(number)
        club.play_round(number)
        club.end(number)
    print(f"played: {args.players} players, {args.rounds} rounds, "
          f"{sum(len(t.games) for t in club.tables.values())} games "
          f"in {time.perf_counter() - started:.1f} s")

    started = time.perf_counter()
    answer = client.get(club.home + "sicherung.json")
    data = answer.data
    rows = sum(len(v) for v in json.loads(data)["tables"].values())
    print(f"download: {len(data) / 1e6:.2f} MB, {rows} rows, "
          f"{time.perf_counter() - started:.2f} s")

    from werkzeug.datastructures import FileStorage
    from werkzeug.test import encode_multipart

    boundary, body = encode_multipart({"file": FileStorage(io.BytesIO(data),
                                                           filename="turnier.json")})
    started = time.perf_counter()
    preview = client.post("/turnier/wiederherstellen", data=body,
                          content_type=f"multipart/form-data; boundary={boundary}")
    assert preview.status_code == 200, preview.status_code
    print(f"check and preview: {time.perf_counter() - started:.2f} s")
    action = preview.text.split('action="/turnier/wiederherstellen/')[1].split('"')[0]
    started = time.perf_counter()
    done = client.post(f"/turnier/wiederherstellen/{action}")
    assert done.status_code == 302, done.status_code
    print(f"restore (checked again, written): {time.perf_counter() - started:.2f} s")


if __name__ == "__main__":
    main()
