"""Tournaments in backups. The whole database's backup (`flask backup`) holds them with every
table's Runde and restores to the same ranking; a Runde's own backup never holds a
tournament (it spans many Runden); whatever restore accepts of a spoilt tournament, its pages
answer, and what it refuses it refuses in German, writing nothing."""

from __future__ import annotations

import copy
import json
from typing import Any

from tests.club_helpers import NINE, Club
from tests.conftest import fetch_pdf
from tests.test_backup import HOSTILE, fresh, rows_in, wipe  # noqa: F401  (fixture)

CLUB_TABLES = ("tournaments", "tournament_players", "tournament_rounds", "tournament_tables")


def played_tournament(app: Any, client: Any, table: Any, whole: bool = True) -> Club:
    """A tournament made in a Runde: two rounds drawn, the first played and ended, the
    second started with a game at each table (not ``whole``: round 1 started, one game at
    each table)."""
    table.create_group(preset="bockrunde", players=("Anna", "Ben"))
    club = Club(app, client)
    club.create(NINE, rules="runde", rounds=2, url=f"/r/{table.token}/turnier/neu",
                preset="bockrunde")
    club.draw(seed=3)
    club.start(1)
    if not whole:
        club.play_round(1, 1)
        return club
    club.play_round(1)
    club.end(1)
    club.draw(seed=4)
    club.start(2)
    club.play_round(2, 1)
    return club


def whole_backup(app: Any) -> dict[str, Any]:
    from scorer.store import backup
    from scorer.store.extensions import db

    with app.app_context():
        document = backup.dump(db.session, db.metadata)
        db.session.remove()
    return document


def pages(client: Any, club: Club) -> dict[str, Any]:
    from tests.club_helpers import shown_ranking

    out: dict[str, Any] = {"ranking": shown_ranking(client.get(club.home + "rangliste").text),
                           "csv": client.get(club.home + "turnier.csv").data}
    for path in ("", "anmeldung"):
        out[path] = client.get(club.home + path).status_code
    for played in club.tables.values():
        out[played.sheet] = client.get(played.sheet).status_code
        out[f"/r/{played.token}/"] = client.get(f"/r/{played.token}/").status_code
    return out


def test_the_whole_backup_restores_a_tournament_to_the_same_ranking(app, client, table,
                                                                     fresh, tmp_path):
    club = played_tournament(app, client, table)
    before = pages(client, club)
    assert all(v == 200 for k, v in before.items() if k not in ("ranking", "csv")), before
    document = whole_backup(app)
    assert all(document["tables"][name] for name in CLUB_TABLES)
    target = tmp_path / "whole.json"
    target.write_text(json.dumps(document), encoding="utf-8")
    restored = fresh()
    result = restored.test_cli_runner().invoke(args=["restore", str(target)])
    assert result.exit_code == 0, result.output
    assert pages(restored.test_client(), club) == before
    assert fetch_pdf(restored.test_client(), club.home + "ergebnis.pdf").status_code == 200


def test_a_runde_backup_holds_no_tournament_and_a_tables_link_makes_none(app, client, table):
    club = played_tournament(app, client, table, whole=False)
    document = client.get(f"/r/{table.token}/sicherung.json").get_json()
    assert not any(document["tables"].get(name) for name in CLUB_TABLES)
    assert [g["name"] for g in document["tables"]["groups"]] == ["Donnerstagsrunde"]
    assert client.get(f"/r/{club.tables[(1, 1)].token}/sicherung.json").status_code == 403


def test_restore_names_a_broken_seating_in_german_and_writes_nothing(app, client, table,
                                                                     fresh, tmp_path):
    club = played_tournament(app, client, table, whole=False)
    document = whole_backup(app)
    rounds = document["tables"]["tournament_rounds"]
    rounds[0]["seating"][0].append(rounds[0]["seating"][1][0])  # one player at two tables
    target = tmp_path / "broken.json"
    target.write_text(json.dumps(document), encoding="utf-8")
    empty = fresh()
    result = empty.test_cli_runner().invoke(args=["restore", str(target)])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "Turnier „Vereinsabend“, Runde 1, seating: nur angemeldete Spieler, jeder einmal",
        "Wiederherstellen abgebrochen: nichts geschrieben."]
    assert rows_in(empty) == 0
    assert club.token in json.dumps(document)


def spoil(tables: dict[str, list[dict[str, Any]]], data: Any) -> None:
    """A hostile value in one column of one tournament row (or in a seating), or the column
    left out."""
    from hypothesis import strategies as st

    name = data.draw(st.sampled_from([t for t in CLUB_TABLES if tables[t]]))
    row = data.draw(st.sampled_from(tables[name]))
    column = data.draw(st.sampled_from(sorted(row)))
    if data.draw(st.integers(0, 9)) == 0:
        del row[column]
        return
    others = [r[c] for t in CLUB_TABLES for r in tables[t] for c in r if c == column]
    value = copy.deepcopy(data.draw(st.sampled_from(HOSTILE + others)))
    if column == "seating" and data.draw(st.booleans()):
        table = data.draw(st.sampled_from(row[column]))
        table[data.draw(st.integers(0, len(table) - 1))] = value
    else:
        row[column] = value


def test_every_tournament_page_of_whatever_restore_accepts_answers(app, client, table,
                                                                   fresh, tmp_path):
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from tests.budget import examples

    club = played_tournament(app, client, table)
    original = json.dumps(whole_backup(app))
    tokens = {"edit": club.token}
    empty = fresh()
    runner, reader = empty.test_cli_runner(), empty.test_client()
    target = tmp_path / "spoilt.json"
    outcomes: dict[int, int] = {}

    @settings(max_examples=examples(12, 300), deadline=None, database=None,
              derandomize=True, suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def restore_spoilt(data: Any) -> None:
        document = json.loads(original)
        spoil(document["tables"], data)
        target.write_text(json.dumps(document), encoding="utf-8")
        result = runner.invoke(args=["restore", str(target)])
        outcomes[result.exit_code] = outcomes.get(result.exit_code, 0) + 1
        if result.exit_code != 0:
            assert result.exit_code == 2, result.output
            assert rows_in(empty) == 0
            return
        try:
            links = {t[k] for t in document["tables"]["tournaments"]
                     for k in ("edit_token", "read_token") if isinstance(t.get(k), str)}
            for token in links | {tokens["edit"]}:
                for page in ("", "rangliste", "anmeldung", "turnier.csv"):
                    response = reader.get(f"/t/{token}/{page}")
                    assert response.status_code < 500, (page, result.output)
            for played in club.tables.values():
                for page in ("", "abend/1/"):
                    response = reader.get(f"/r/{played.token}/{page}")
                    assert response.status_code < 500, (page, result.output)
        finally:
            wipe(empty)

    restore_spoilt()
    assert outcomes.get(0) and outcomes.get(2), outcomes  # both outcomes were reached
