"""`flask --app scorer backup` and `restore`: where a backup is written and who may read it,
and what a restore refuses before it writes anything."""

from __future__ import annotations

import copy
import json
import stat
import subprocess
from pathlib import Path
from typing import Any

import pytest
from conftest import fetch_pdf, migrated_app

ROOT = Path(__file__).resolve().parent.parent


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_backup_goes_to_the_instance_backups_folder_readable_by_its_owner_only(
        app, runner, table, tmp_path, monkeypatch):
    table.create_group()
    monkeypatch.chdir(tmp_path)
    app.instance_path = str(tmp_path / "instance")
    first = runner.invoke(args=["backup"])
    second = runner.invoke(args=["backup"])  # the same second: a second file, not overwritten
    assert first.exit_code == second.exit_code == 0, first.output + second.output
    folder = tmp_path / "instance" / "backups"
    files = sorted(folder.glob("doko-zettel-backup-*.json"))
    assert len(files) == 2
    assert mode(folder) == 0o700
    for path in files:
        assert mode(path) == 0o600
        assert table.token in path.read_text(encoding="utf-8")
        assert str(path) in first.output + second.output
    assert not list(tmp_path.glob("*.json"))  # nothing in the current folder


def test_a_backup_to_a_given_path_is_readable_by_its_owner_only(app, runner, table, tmp_path):
    table.create_group()
    (tmp_path / "out").mkdir()
    target = tmp_path / "out" / "sicherung.json"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o644)
    result = runner.invoke(args=["backup", "-o", str(target)])
    assert result.exit_code == 0, result.output
    assert mode(target) == 0o600
    assert json.loads(target.read_text(encoding="utf-8"))["format"] == "doko-zettel-backup"
    assert [p.name for p in target.parent.iterdir()] == ["sicherung.json"]  # no temporary left


@pytest.mark.skipif(not (ROOT / ".git").exists(), reason="not a git checkout")
def test_backups_in_the_repository_are_ignored_by_git():
    for path in ("instance/backups/doko-zettel-backup-20260101-120000.json",
                 "doko-zettel-backup-20260101-120000.json"):
        checked = subprocess.run(["git", "check-ignore", "-q", path], cwd=ROOT)
        assert checked.returncode == 0, path


# ------------------------------------------------------------------ restore refuses


def backup_document(app: Any, table: Any, year: bool = False) -> dict[str, Any]:
    """A Runde of five (Emil not at the table) with an evening of three games, one of them
    edited and one deleted; with ``year`` its year too: a second evening settled into the
    Kasse (closed, Ben's charge paid), two seasons of its own, the season ranking, what the
    absent pay and an expense; as `flask backup` writes it."""
    from scorer.store import backup
    from scorer.store.extensions import db

    table.create_group(players=("Anna", "Ben", "Cem", "Dora", "Emil"))
    sheet = table.start_evening()
    for re_players, eyes in ((("Anna", "Cem"), 151), (("Ben", "Dora"), 100),
                             (("Anna", "Ben"), 130)):
        table.play(sheet, re_players, eyes)
    first, _, last = table.game_ids()
    assert table.client.post(f"{sheet}spiel/{first}/", data=table.game_form(
        ("Anna", "Cem"), 140, revision="1")).status_code == 302
    assert table.client.post(f"{sheet}spiel/{last}/loeschen",
                             data={"revision": "1"}).status_code == 302
    if year:
        year_of_the_runde(table)
    with app.app_context():
        return backup.dump(db.session, db.metadata)


def year_of_the_runde(table: Any) -> None:
    """Evening 2 into the Kasse, closed, Ben's charge paid; seasons, ranking, an expense."""
    from tests.year_pages import evening_on

    runde = f"/r/{table.token}/"
    kasse = evening_on(table, "2025-11-20", ("Anna", "Ben", "Cem", "Dora"), "pay_leader")
    table.play(kasse, ("Anna", "Cem"), 151)
    for page, data in (
            (kasse + "schliessen", {"revision": "1"}),
            (runde + "saisons/wertung", {"season_ranking": "table_points", "min_games": "0",
                                         "absent_table_points": "-3",
                                         "ranking_applies": "start", "confirm": "1"}),
            (runde + "kasse/fehlende", {"absent_pays": "fixed", "absent_fixed": "1,50",
                                        "absent_applies": "start", "confirm": "1"}),
            (runde + "saisons/neu", {"name": "Saison 2024/25", "start": "2024-09-01"}),
            (runde + "saisons/neu", {"name": "Saison 2025/26", "start": "2025-09-01"}),
            (runde + "kasse/eintrag", {"kind": "expense", "date": "2025-11-21",
                                       "text": "Karten", "amount": "4,50"}),
            (runde + "kasse/bezahlt", {"abend": "2", "spieler": str(table.player_id("Ben")),
                                       "betrag": "40"})):
        response = table.client.post(page, data=data)
        assert response.status_code == 302, (page, response.text)
        flashed = table.client.get(response.location).text
        assert "flash--error" not in flashed, (page, flashed)


@pytest.fixture
def fresh(app_config: dict[str, Any], tmp_path: Path, request: pytest.FixtureRequest) -> Any:
    """Makes a second app on an empty, migrated database, to restore into. Call it after
    the backup is made: on PostgreSQL both apps share one database, which this empties."""
    from scorer.store.extensions import db

    made = []

    def make() -> Any:
        config = dict(app_config)
        if config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
            config["SQLALCHEMY_DATABASE_URI"] = f"sqlite:///{tmp_path / 'fresh.sqlite3'}"
        else:
            from tests.conftest import _empty_postgres

            _empty_postgres(config["SQLALCHEMY_DATABASE_URI"])
        app = migrated_app(config, request)
        made.append(app)
        return app

    yield make
    for app in made:
        with app.app_context():
            db.engine.dispose()


def rows_in(app: Any) -> int:
    from scorer.store import backup
    from scorer.store.extensions import db

    with app.app_context():
        tables = backup.dump(db.session, db.metadata)["tables"]
        db.session.remove()
    return sum(len(rows) for rows in tables.values())


def nested(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


def _seated(t: dict[str, Any]) -> set[int]:
    return {s["player_id"] for s in t["evening_seats"]}


BROKEN: dict[str, tuple[Any, str]] = {
    "a game of an evening that is not in the file": (
        lambda t: t["games"][0].update(evening_id=999),
        "games, Zeile 1 (id 1), evening_id: verweist auf evenings.id 999, die es in der "
        "Sicherung nicht gibt"),
    "two players of one Runde with the same name": (
        lambda t: t["players"][1].update(name=t["players"][0]["name"]),
        "players, Zeile 2 (id 2): group_id, name wie in Zeile 1 – muss eindeutig sein"),
    "one entry key for two games": (
        lambda t: t["games"][1].update(entry_key=t["games"][0]["entry_key"]),
        "games, Zeile 2 (id 2): entry_key wie in Zeile 1 – muss eindeutig sein"),
    "text where a number belongs": (
        lambda t: t["evenings"][0].update(number="eins"),
        "evenings, Zeile 1 (id 1), number: muss eine ganze Zahl sein"),
    "a date without its tag": (
        lambda t: t["evenings"][0].update(played_on="2025-11-20"),
        "evenings, Zeile 1 (id 1), played_on: muss ein Datum sein"),
    "a number too big for the database": (
        lambda t: t["games"][0].update(position=2**40),
        "games, Zeile 1 (id 1), position: muss eine ganze Zahl sein"),
    "a name longer than its column": (
        lambda t: t["players"][0].update(name="x" * 41),
        "players, Zeile 1 (id 1), name: höchstens 40 Zeichen"),
    "a lone surrogate in a name": (
        lambda t: t["groups"][0].update(name="Runde \ud800"),
        "groups, Zeile 1 (id 1), name: enthält Zeichen, die kein Unicode-Text sind"),
    "a row without a required column": (
        lambda t: t["evenings"][0].pop("number"),
        "evenings, Zeile 1 (id 1), number: fehlt"),
    "facts nested 500 deep": (
        lambda t: t["games"][0].update(facts={"players": nested(500)}),
        "games, Zeile 1 (id 1), facts: zu tief verschachtelt"),
    "a game of an unknown kind": (
        lambda t: t["games"][0]["facts"].update(kind="bogus"),
        "Runde „Donnerstagsrunde“, Abend 1, Spiel 1, kind: unbekannte Spielart 'bogus'"),
    "a Runde with an unknown rule option": (
        lambda t: t["groups"][0].update(overrides={"bogus": 1}),
        "Runde „Donnerstagsrunde“, rules.bogus: unbekannte Regel-Option"),
    "an evening whose first dealer is not at the table": (
        lambda t: t["evenings"][0].update(first_dealer_id=next(
            p["id"] for p in t["players"] if p["id"] not in _seated(t))),
        "Runde „Donnerstagsrunde“, Abend 1, first_dealer: der erste Geber muss am Tisch "
        "sitzen"),
    "an unknown way of settling": (
        lambda t: t["evenings"][0].update(settlement_mode="bogus"),
        "Runde „Donnerstagsrunde“, Abend 1, settlement_mode: unbekannte Art der Abrechnung"),
    "a history entry of an unknown kind": (
        lambda t: t["game_events"][0]["new_facts"].update(kind="bogus"),
        "Runde „Donnerstagsrunde“, Abend 1, Verlauf (id 1), new_facts.kind: unbekannte "
        "Spielart 'bogus'"),
    "a deleted game whose facts are no object": (
        lambda t: t["games"][2].update(facts="x"),
        "Runde „Donnerstagsrunde“, Abend 1, gelöschtes Spiel (id 3): ein Spiel muss ein "
        "JSON-Objekt sein"),
    "a link that is no token": (
        lambda t: t["groups"][0].update(edit_token="kurz"),
        "Runde „Donnerstagsrunde“, edit_token: kein gültiger Link"),
    "one token as both links": (
        lambda t: t["groups"][0].update(read_token=t["groups"][0]["edit_token"]),
        "Runde „Donnerstagsrunde“, read_token: derselbe Link wie ein anderer"),
    # What the pages refuse to store, a restore refuses too (scorer.core.names and the
    # counters the pages start at 1).
    "a player's name turning the text around": (
        lambda t: t["players"][0].update(name="\u202eanuA"),
        "Runde „Donnerstagsrunde“, Spieler (id 1), name: Name darf keine Zeichen zur "
        "Schreibrichtung enthalten"),
    "a player's name of zero-width characters only": (
        lambda t: t["players"][0].update(name="\u200b\u200b"),
        "Runde „Donnerstagsrunde“, Spieler (id 1), name: Name darf keine unsichtbaren "
        "Zeichen enthalten"),
    "a blank player's name": (  # Emil, who is not at the table: the core never sees him
        lambda t: t["players"][4].update(name="   "),
        "Runde „Donnerstagsrunde“, Spieler (id 5), name: Name fehlt"),
    "a player's name with blanks around it": (
        lambda t: t["players"][0].update(name=" Anna "),
        "Runde „Donnerstagsrunde“, Spieler (id 1), name: Name ist nicht so gespeichert, wie "
        "die Seiten Namen speichern (Leerzeichen am Rand, Zeichen nicht zusammengesetzt)"),
    "two players whose names differ only in case": (
        lambda t: t["players"][1].update(name="ANNA"),
        "Runde „Donnerstagsrunde“, Spieler (id 2), name: „ANNA“ gibt es in dieser Runde "
        "schon („Anna“, id 1)"),
    "a Runde's name with a control character": (
        lambda t: t["groups"][0].update(name="Donnerstags\x1b[2Jrunde"),
        "Runde (id 1), name: Name der Runde darf keine Zeilenumbrüche oder Steuerzeichen "
        "enthalten"),
    "evening number 0": (
        lambda t: t["evenings"][0].update(number=0),
        "Runde „Donnerstagsrunde“, Abende: nummeriert 0 – „Neuer Abend“ zählt von 1 an ohne "
        "Lücke"),
    "a negative evening number": (
        lambda t: t["evenings"][0].update(number=-3),
        "Runde „Donnerstagsrunde“, Abende: nummeriert -3 – „Neuer Abend“ zählt von 1 an ohne "
        "Lücke"),
    "the largest evening number the database holds": (
        lambda t: t["evenings"][0].update(number=2**31 - 1),
        "Runde „Donnerstagsrunde“, Abende: nummeriert 2147483647 – „Neuer Abend“ zählt von 1 "
        "an ohne Lücke"),
    "a negative revision of a game": (
        lambda t: t["games"][0].update(revision=-1),
        "games (id 1), revision: -1 – zählt von 1 an hoch und muss kleiner als 2147483647 "
        "sein"),
    "a negative version of an evening": (
        lambda t: t["evenings"][0].update(version=-5),
        "evenings (id 1), version: -5 – zählt von 1 an hoch und muss kleiner als 2147483647 "
        "sein"),
    "a version of a Runde that cannot count up": (
        lambda t: t["groups"][0].update(version=2**31 - 1),
        "groups (id 1), version: 2147483647 – zählt von 1 an hoch und muss kleiner als "
        "2147483647 sein"),
    "any text as a history entry's link fingerprint": (
        lambda t: t["game_events"][0].update(via="<script>"),
        "game_events (id 1), via: kein Fingerabdruck eines Links"),
}


YEAR_BROKEN: dict[str, tuple[Any, str]] = {
    "an unknown way of ranking the seasons": (
        lambda t: t["runde_years"][0].update(season_ranking="bogus"),
        "Runde „Donnerstagsrunde“, Saison und Kasse, season_ranking: unbekannte Wertung "
        "(points, average, placement, table_points)"),
    "a fixed amount for the absent of nothing": (
        lambda t: t["absent_rules"][0].update(absent_fixed_cents=0),
        "Runde „Donnerstagsrunde“, Saison und Kasse, von Anfang an, absent_fixed_cents: "
        "einen Betrag über 0 und höchstens 100.000 € angeben"),
    "a fixed amount in the old one setting of a file without the history": (
        lambda t: (t["runde_years"][0].update(absent_pays="fixed", absent_fixed_cents=0),
                   t.pop("absent_rules")),
        "Runde „Donnerstagsrunde“, Saison und Kasse, absent_fixed_cents: einen Betrag über 0 "
        "und höchstens 100.000 € angeben"),
    "a setting in time from a day, with none from the beginning": (
        lambda t: t["ranking_rules"][0].update(valid_from={"$date": "2025-01-01"}),
        "Runde „Donnerstagsrunde“, Saison und Kasse, ranking_rules.valid_from: die erste "
        "Einstellung gilt von Anfang an"),
    "two seasons by one name, whatever the case": (
        lambda t: t["seasons"][1].update(name=t["seasons"][0]["name"].upper()),
        "Runde „Donnerstagsrunde“, Saisons: jeder Saison-Name nur einmal"),
    "a Kasse entry of nothing": (
        lambda t: t["kasse_entries"][0].update(cents=0),
        "Runde „Donnerstagsrunde“, Kasse (id 1), cents: einen Betrag angeben, nicht 0 und "
        "höchstens 100.000 €"),
    "a payment of nothing": (
        lambda t: t["kasse_marks"][0].update(cents=0),
        "Runde „Donnerstagsrunde“, Abend 2, bezahlt, cents: über 0 und höchstens 100.000 €"),
    "a Kasse history entry of an unknown kind": (
        lambda t: t["kasse_events"][0].update(action="bogus"),
        "Runde „Donnerstagsrunde“, Verlauf der Kasse (id 1), action: unbekannte Änderung "
        "'bogus'"),
    "a payment without its amount in the history": (
        lambda t: next(e for e in t["kasse_events"] if e["action"] == "paid").update(
            new_cents=None),
        "Runde „Donnerstagsrunde“, Verlauf der Kasse (id 2), new_cents: fehlt"),
}
"""What only a backup with the Runde's year can break."""


BUILT: dict[bool, dict[str, Any]] = {}
"""``backup_document`` without and with the year, as the first refusal test built it."""


@pytest.mark.parametrize("spoil, line, year",
                         [(*v, False) for v in BROKEN.values()]
                         + [(*v, True) for v in YEAR_BROKEN.values()],
                         ids=[*BROKEN.keys(), *YEAR_BROKEN.keys()])
def test_restore_refuses_a_file_the_app_could_not_show_with_one_line_and_writes_nothing(
        app, table, fresh, tmp_path, spoil, line, year):
    if year not in BUILT:  # the same Runde for each spoiled copy: built once per process
        BUILT[year] = backup_document(app, table, year)
    document = copy.deepcopy(BUILT[year])
    spoil(document["tables"])
    target = tmp_path / "broken.json"
    target.write_text(json.dumps(document), encoding="utf-8")
    empty = fresh()
    result = empty.test_cli_runner().invoke(args=["restore", str(target)])
    assert result.exit_code == 2, result.output
    problems = result.stderr.splitlines()
    assert problems[:-1] == [line]
    assert problems[-1] == "Wiederherstellen abgebrochen: nichts geschrieben."
    assert rows_in(empty) == 0


def test_restore_names_every_problem_on_its_own_line(app, table, fresh, tmp_path):
    document = backup_document(app, table)
    BROKEN["one entry key for two games"][0](document["tables"])
    BROKEN["text where a number belongs"][0](document["tables"])
    target = tmp_path / "broken.json"
    target.write_text(json.dumps(document), encoding="utf-8")
    result = fresh().test_cli_runner().invoke(args=["restore", str(target)])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        BROKEN["text where a number belongs"][1], BROKEN["one entry key for two games"][1],
        "Wiederherstellen abgebrochen: nichts geschrieben."]


def test_a_restored_backup_shows_every_page(app, table, fresh, tmp_path):
    document = backup_document(app, table, year=True)
    target = tmp_path / "good.json"
    target.write_text(json.dumps(document), encoding="utf-8")
    restored = fresh()
    result = restored.test_cli_runner().invoke(args=["restore", str(target)])
    assert result.exit_code == 0, result.output
    client = restored.test_client()
    for page in ("", "abend/1/", "abend/1/verlauf/", "statistik", "kasse/", "kasse/verlauf",
                 "kasse/bericht", "bestenliste", "saisons"):
        assert client.get(f"/r/{table.token}/{page}").status_code == 200, page
    assert fetch_pdf(client, f"/r/{table.token}/saison.pdf").status_code == 200
    assert fetch_pdf(client, f"/r/{table.token}/abend/1/zettel.pdf").status_code == 200
    # The Kasse as it was: Ben paid his 40 ct of evening 2.
    kasse = client.get(f"/r/{table.token}/kasse/").text
    assert "−4,10 €" in kasse  # 0,40 € paid − 4,50 € for the cards


# ------------------------------------------------------------------ whatever restore accepts


HOSTILE = [None, "", "x", "bogus", -1, 0, 1, 7, 2**40, 1.5, True, [], {}, [1, 2], {"x": 1},
           {"kind": "bogus"}, {"$date": "2025-02-30"}, "\ud800", "x" * 100, nested(20)]
FACT_KEYS = ["kind", "solo", "pflicht", "players", "re", "re_eyes", "trickless", "announced",
             "doppelt", "extras", "eyes", "bogus"]


def spoil(tables: dict[str, list[dict[str, Any]]], data: Any) -> None:
    """Put a hostile value into one column of one row or one key of stored facts, or leave
    the column out."""
    from hypothesis import strategies as st

    name = data.draw(st.sampled_from(sorted(t for t in tables if tables[t])))
    row = data.draw(st.sampled_from(tables[name]))
    column = data.draw(st.sampled_from(sorted(row)))
    if data.draw(st.integers(0, 9)) == 0:
        del row[column]
        return
    others = [r[c] for t in tables.values() for r in t for c in r if c == column]
    value = copy.deepcopy(data.draw(st.sampled_from(HOSTILE + others)))
    if isinstance(row[column], dict) and data.draw(st.booleans()):
        row[column][data.draw(st.sampled_from(FACT_KEYS))] = value
    else:
        row[column] = value


def wipe(app: Any) -> None:
    from scorer.store.extensions import db

    with app.app_context():
        for table in reversed(db.metadata.sorted_tables):
            db.session.execute(table.delete())
        db.session.commit()
        db.session.remove()


def test_every_page_of_whatever_restore_accepts_answers_and_a_refusal_writes_nothing(
        app, table, fresh, tmp_path):
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from tests.budget import examples

    original = json.dumps(backup_document(app, table, year=True))
    empty = fresh()
    runner, client = empty.test_cli_runner(), empty.test_client()
    target = tmp_path / "spoilt.json"
    outcomes: dict[int, int] = {}

    @settings(max_examples=examples(40, 400), deadline=None, database=None,
              derandomize=True, suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def restore_spoilt(data: Any) -> None:
        document = json.loads(original)
        for _ in range(data.draw(st.integers(1, 2))):
            spoil(document["tables"], data)
        target.write_text(json.dumps(document), encoding="utf-8")
        result = runner.invoke(args=["restore", str(target)])
        outcomes[result.exit_code] = outcomes.get(result.exit_code, 0) + 1
        if result.exit_code != 0:
            assert result.exit_code == 2, result.output
            assert rows_in(empty) == 0
            return
        try:
            tokens = [t for g in document["tables"]["groups"]
                      for t in (g["edit_token"], g["read_token"])]
            for token in tokens:
                for page in ("", "statistik", "spiele.csv", "abend/1/", "abend/1/verlauf/",
                             "abend/1/spiele.csv", "abend/1/spiel/neu", "kasse/",
                             "kasse/verlauf", "kasse/bericht", "bestenliste", "saisons",
                             "kasse/kasse.csv"):
                    response = client.get(f"/r/{token}/{page}")
                    assert response.status_code < 500, (page, result.output)
        finally:
            wipe(empty)

    restore_spoilt()
    assert outcomes.get(0) and outcomes.get(2), outcomes  # both outcomes were reached


UNREADABLE = {
    "not JSON": (b"not json", "keine JSON-Datei (Zeile 1, Spalte 1)"),
    "not UTF-8": (b'{"format": "\xff"}', "die Datei ist kein UTF-8-Text"),
    "a number of 5,000 digits": (b"[" + b"9" * 5000 + b"]",
                                 "die Datei enthält eine zu lange Zahl"),
    "nested 100,000 deep": (b"[" * 100_000 + b"]" * 100_000,
                            "die Datei ist zu tief verschachtelt"),
}


@pytest.mark.parametrize("content, line", UNREADABLE.values(), ids=UNREADABLE.keys())
def test_restore_refuses_an_unreadable_file_in_german(fresh, tmp_path, content, line):
    target = tmp_path / "unreadable.json"
    target.write_bytes(content)
    empty = fresh()
    result = empty.test_cli_runner().invoke(args=["restore", str(target)])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        line, "Wiederherstellen abgebrochen: nichts geschrieben."]
    assert rows_in(empty) == 0


def test_a_row_without_an_optional_column_gets_the_columns_default(app, table, fresh,
                                                                     tmp_path):
    document = backup_document(app, table)
    tables = document["tables"]
    for row in tables["games"]:
        row.pop("revision")
    tables["evenings"][0].pop("tenth_cents_per_point")
    tables["games"][0].pop("deleted_at")
    target = tmp_path / "short.json"
    target.write_text(json.dumps(document), encoding="utf-8")
    restored = fresh()
    result = restored.test_cli_runner().invoke(args=["restore", str(target)])
    assert result.exit_code == 0, result.output
    tables = json.loads(json.dumps(restored_tables(restored)))
    assert {g["revision"] for g in tables["games"]} == {1}  # models.Game.revision default
    assert tables["evenings"][0]["tenth_cents_per_point"] == 0    # models.Evening default
    assert tables["games"][0]["deleted_at"] is None
    assert restored.test_client().get(f"/r/{table.token}/abend/1/").status_code == 200


def restored_tables(app: Any) -> dict[str, Any]:
    from scorer.store import backup
    from scorer.store.extensions import db

    with app.app_context():
        tables = backup.dump(db.session, db.metadata)["tables"]
        db.session.remove()
    return tables


# ------------------------------------------------------------------ the price in tenths


def as_version_1(document: dict[str, Any]) -> dict[str, Any]:
    """A backup as the app wrote it before the price was kept in tenths of a cent: format
    version 1, each evening's ``cents_per_point`` in whole cents."""
    old = copy.deepcopy(document)
    old["version"] = 1
    for row in old["tables"]["evenings"]:
        tenths = row.pop("tenth_cents_per_point")
        assert tenths % 10 == 0
        row["cents_per_point"] = tenths // 10
    return old


def test_a_backup_from_before_the_price_in_tenths_restores_with_its_price(
        app, table, fresh, tmp_path):
    document = backup_document(app, table)  # 10 Cent pro Punkt (conftest's evening_form)
    sheet = f"/r/{table.token}/abend/1/"
    before = table.client.get(sheet).text
    target = tmp_path / "old.json"
    target.write_text(json.dumps(as_version_1(document)), encoding="utf-8")
    restored = fresh()
    result = restored.test_cli_runner().invoke(args=["restore", str(target)])
    assert result.exit_code == 0, result.output
    assert restored_tables(restored)["evenings"][0]["tenth_cents_per_point"] == 100
    page = restored.test_client().get(sheet).text
    assert "10 Cent pro Punkt" in page
    assert _money_block(page) == _money_block(before)


@pytest.mark.parametrize(("cents", "line"), [
    ("zehn", "evenings, Zeile 1 (id 1), cents_per_point: muss eine ganze Zahl (0 oder mehr) sein"),
    (-5, "evenings, Zeile 1 (id 1), cents_per_point: muss eine ganze Zahl (0 oder mehr) sein"),
    (1001, "Runde „Donnerstagsrunde“, Abend 1, cents_per_point: zwischen 0 und 1000 Cent"),
], ids=["text", "negative", "too-much"])
def test_an_old_backup_with_a_wrong_price_is_refused_by_its_old_column(
        app, table, fresh, tmp_path, cents, line):
    old = as_version_1(backup_document(app, table))
    old["tables"]["evenings"][0]["cents_per_point"] = cents
    target = tmp_path / "old.json"
    target.write_text(json.dumps(old), encoding="utf-8")
    empty = fresh()
    result = empty.test_cli_runner().invoke(args=["restore", str(target)])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [line, "Wiederherstellen abgebrochen: nichts geschrieben."]
    assert rows_in(empty) == 0


def test_half_a_cent_per_point_comes_back_from_a_backup_exactly(app, table, fresh, tmp_path):
    document = backup_document(app, table)
    sheet = f"/r/{table.token}/abend/1/"
    assert table.client.post(sheet + "abrechnung", data={
        "revision": "1", "cents_per_point": "0,5", "settlement_mode": "zero_sum",
        "settlement_rounding": "cent"}).status_code == 302
    from scorer.store import backup
    from scorer.store.extensions import db

    with app.app_context():
        document = backup.dump(db.session, db.metadata)
    assert document["version"] == 2
    assert document["tables"]["evenings"][0]["tenth_cents_per_point"] == 5
    target = tmp_path / "half.json"
    target.write_text(json.dumps(document), encoding="utf-8")
    restored = fresh()
    assert restored.test_cli_runner().invoke(args=["restore", str(target)]).exit_code == 0
    assert "0,5 Cent pro Punkt" in restored.test_client().get(sheet).text


def _money_block(page: str) -> str:
    start = page.index('<div class="money" id="abrechnung">')
    return page[start:page.index("</div>", start)]
