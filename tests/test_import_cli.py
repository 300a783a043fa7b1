"""``flask --app scorer import FILE --runde LINK``: the same preview as the page, in German on
the terminal, then the import; every problem one line on stderr, exit status 2, and nothing
written (every table counted before and after)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest

from scorer.core.rules import preset
from scorer.importers import ImportMode, read_import
from tests.test_web_import import BIRTHDAY, DATA, counts, runde


@pytest.fixture
def group(table: Any) -> Any:
    table.create_group(players=("anna", "Ben", "Cem", "Dorothea"))
    return table


def run(runner: Any, name: str, *args: str, link: str | None = None, table: Any = None,
        path: Path | None = None) -> Any:
    link = link if link is not None else f"http://192.168.1.5:8000/r/{table.token}/"
    return runner.invoke(args=["import", str(path or DATA / name), "--runde", link, *args])


def test_a_dry_run_prints_the_preview_and_writes_nothing(app, runner, group):
    before = counts(app)
    done = run(runner, "jsdoppelkopf-games.json", "--dry-run", "--map", "Dora=Dorothea",
               table=group)
    assert done.exit_code == 0, done.output
    lines = done.output.splitlines()
    assert lines[0] == "„jsdoppelkopf-games.json“ (jsdoppelkopf): 2 Abende, 25 Spiele, 6 Spieler"
    assert "  Anna = anna (in der Runde)" in lines
    assert "  Dora → Dorothea (in der Runde)" in lines
    assert "  Jürgen: wird neu angelegt" in lines
    plan = read_import((DATA / "jsdoppelkopf-games.json").read_bytes(), "x.json")
    first = lines.index("Abend 1 · 04.12.2025 (Dokument 1): 20 Spiele, 2 Tischwechsel, am Tisch "
                        "anna, Ben, Cem, Dorothea")
    shown = {line.split()[0]: line.split()[-1] for line in lines[first + 2:first + 8]}
    renamed = {"Anna": "anna", "Dora": "Dorothea"}
    assert shown == {renamed.get(p, p): f"{v:+d}".replace("-", "−") if v else "0"
                     for p, v in plan.evenings[0].source_totals.items()}
    assert lines[-1] == "Probelauf: nichts gespeichert."
    assert counts(app) == before


def test_it_imports_with_the_names_mapped_and_re_scored_on_request(app, runner, group):
    done = run(runner, BIRTHDAY, "--map", "Dora=Dorothea", "--map", "Emil=Emil K.",
               "--as", "rescored", table=group)
    assert done.exit_code == 0, done.output
    assert "Übernommen: neu gewertet (--as rescored); die Summen unten auf beide Arten." \
        in done.output
    assert done.output.splitlines()[-1] == "Importiert: 1 Abend, 7 Spiele."
    plan = read_import((DATA / BIRTHDAY).read_bytes(), BIRTHDAY, mode=ImportMode.RESCORED,
                       rules=preset("ddv"))
    renamed = {"Anna": "anna", "Dora": "Dorothea", "Emil": "Emil K."}
    (_, date, totals, closed), = runde(group)
    assert (date, closed) == (dt.date(2025, 11, 14), True)
    assert totals == {renamed.get(p, p): v for p, v in plan.evenings[0].fold().totals.items()}


def _truncated(tmp_path: Path) -> Path:
    path = tmp_path / "kaputt.json"
    lines = (DATA / BIRTHDAY).read_bytes().splitlines(keepends=True)
    assert len(lines) == 209
    path.write_bytes(b"".join(lines[:193]) + lines[193][:6])
    return path


@pytest.mark.parametrize(("name", "args", "link", "lines"), [
    pytest.param(BIRTHDAY, (), "nichtda-aaaaaaaaaaaaaaaa",
                 ["--runde: keine Runde mit diesem Link (nichtda-…)"], id="unknown-runde"),
    pytest.param(BIRTHDAY, ("--map", "Dora"), None,
                 ["--map: „Dora“ hat nicht die Form Name=Name (z. B. \"Anna B.=Anna\")"],
                 id="map-form"),
    pytest.param(BIRTHDAY, ("--map", "Doris=Dorothea"), None,
                 ["„Doris“ kommt in der Datei nicht vor"], id="map-stranger"),
    pytest.param(BIRTHDAY, ("--map", "Dora=Dorothea", "--map", "Emil=Dorothea"), None,
                 ["Bogen 1 „Geburtstag Cem“: zwei Spieler dieses Abends hießen dann "
                  "Dorothea"], id="two-made-one"),
    pytest.param("jsdoppelkopf-data.json", (), None,
                 ["Spielprotokoll: die Datei nennt kein Datum – bitte angeben "
                  "(--date JJJJ-MM-TT)"], id="no-date"),
    pytest.param("paper-points.csv", ("--as", "rescored"), None,
                 ["Datei „paper-points.csv“: neu werten geht nur mit Bockzettel-Dateien; "
                  "eine Tabelle-Datei hat nur Punkte (bitte „wie eingetragen“ wählen)"],
                 id="rescored-table"),
    # Cut in its line 194 of 209: the JSON ends there.
    pytest.param("kaputt.json", (), None,
                 ["Datei „kaputt.json“: die Datei ist abgeschnitten: das JSON endet mitten im "
                  "Inhalt (Zeile 194)"], id="truncated"),
])
def test_every_problem_is_one_line_exit_2_and_nothing_written(app, runner, group, tmp_path,
                                                               name, args, link, lines):
    before = counts(app)
    path = _truncated(tmp_path) if name == "kaputt.json" else None
    done = run(runner, name, *args, link=link, table=group, path=path)
    assert done.exit_code == 2, done.output
    assert done.stderr.splitlines() == [*lines, "Import abgebrochen: nichts gespeichert."]
    assert counts(app) == before


LONG = "Dorothea Maria Theresia von und zu Hohenstaufen-Lang"
"""A name of 52 characters: longer than a Runde's names may be (40)."""


def long_sheet(tmp_path: Path) -> Path:
    path = tmp_path / "lang.csv"
    path.write_text(f"Datum;anna;Ben;Cem;{LONG}\n12.09.2025;1;1;-1;-1\n"
                    "12.09.2025;2;-2;2;-2\n", encoding="utf-8")
    return path


def test_a_name_too_long_for_the_runde_can_be_mapped_to_a_shorter_one(app, runner, group,
                                                                       tmp_path):
    done = run(runner, "", "--map", f"{LONG}=Dorothea", table=group, path=long_sheet(tmp_path))
    assert done.exit_code == 0, done.output
    ((_, _, totals, _),) = runde(group)
    assert totals == {"anna": 3, "Ben": -1, "Cem": 1, "Dorothea": -3}


def test_a_name_too_long_for_the_runde_and_not_mapped_says_so(app, runner, group, tmp_path):
    before = counts(app)
    done = run(runner, "", table=group, path=long_sheet(tmp_path))
    assert done.exit_code == 2
    assert LONG in done.stderr and "40" in done.stderr
    assert counts(app) == before


def test_a_file_imported_before_is_named_so_before_it_is_read(app, runner, group):
    # Asked to re-score a paper sheet (which reading it refuses), the file that came before
    # is refused as such: found by its hash, before a byte of it is read.
    assert run(runner, "paper-points.csv", table=group).exit_code == 0
    before = counts(app)
    twice = run(runner, "paper-points.csv", "--as", "rescored", table=group)
    assert twice.exit_code == 2 and counts(app) == before
    assert "schon in diese Runde importiert worden (2 Abende, 10 Spiele)" in twice.stderr
    assert "neu werten" not in twice.stderr


def test_bock_gives_the_bock_mode_bockzettel_counted_with(app, runner, group, tmp_path):
    from tests.test_import_bockzettel import NORMAL, game, sheet_file
    lost_re = game(*NORMAL, "contra", ("reAnnounced",))
    path = tmp_path / "bogen.json"
    path.write_bytes(sheet_file([lost_re, lost_re] + [game(*NORMAL, "re")] * 5))
    asked = run(runner, "", "--dry-run", table=group, path=path)
    assert "--bock doppelbock" in asked.output
    done = run(runner, "", "--bock", "doppelbock", table=group, path=path)
    assert done.exit_code == 0, done.output
    ((_, _, totals, _),) = runde(group)
    assert totals == {"anna": 9, "Ben": 9, "Cem": -9, "Dora": -9}  # as worked out by hand in
    # test_web_import's test of the same sheet


def test_a_sheet_of_minus_points_shows_the_files_totals_beside_and_the_places_that_moved(
        app, runner, group):
    # Minus points: Anna −5, Jürgen −1, Cem −2, Dora −4 (places 4, 1, 2, 3). As plus and
    # minus (the winners get what the losers paid; game 3 is Anna's won solo, game 4 her lost
    # one): Anna 1 − 2 + 3 − 3 = −1, Jürgen 1 + 2 − 1 + 1 = 3, Cem −1 + 2 − 1 + 1 = 1, Dora
    # −1 − 2 − 1 + 1 = −3 (places 3, 1, 2, 4): Anna and Dora swap.
    done = run(runner, "minuspunkte-2025-11-21.csv", "--dry-run", "--date", "2025-11-21",
               table=group)
    assert done.exit_code == 0, done.output
    lines = done.output.splitlines()
    head = next(line for line in lines if "laut Datei" in line)
    assert "Wie eingetragen" not in head
    rows = {line.split()[0]: line.split()[1:] for line in lines[lines.index(head) + 1:]
            if line.startswith("  ") and len(line.split()) == 3}
    assert rows == {"anna": ["−1", "−5"], "Jürgen": ["+3", "−1"], "Cem": ["+1", "−2"],
                    "Dora": ["−3", "−4"]}
    moved = next(line for line in lines if "auf anderen Plätzen" in line)
    assert "anna, Dora" in moved or "Anna, Dora" in moved


def test_the_read_only_link_and_the_same_file_twice_are_refused(app, runner, group):
    from scorer import services

    with app.app_context():
        read = services.find_group(group.token).read_token
    refused = run(runner, BIRTHDAY, link=f"/r/{read}/", table=group)
    assert refused.exit_code == 2
    assert refused.stderr.splitlines()[0] == ("--runde: das ist der Lesen-Link; importieren "
                                              "geht nur mit dem Bearbeiten-Link der Runde")
    assert run(runner, BIRTHDAY, table=group).exit_code == 0
    before = counts(app)
    twice = run(runner, BIRTHDAY, link=group.token)
    assert twice.exit_code == 2 and counts(app) == before
    assert "schon in diese Runde importiert worden (1 Abend, 7 Spiele)" in twice.stderr
