"""The settings in time (RULES.md §11.4) in a backup: the history of "Wer fehlt, zahlt" and
the Wertung, "Mitglied bis" and guests come back from `flask restore` with every number as
it was; a backup written before the history (its one setting in ``runde_years``, no
``ranking_rules``, ``absent_rules`` nor ``guest``) restores and bills as it always did."""

from __future__ import annotations

import json
from typing import Any

from tests.test_backup import fresh  # noqa: F401  (the fixture)
from tests.year_pages import FIVE, close, evening_on, play_season, post_ok, set_absent, table_rows


def owed(client: Any, token: str) -> dict[str, str]:
    page = client.get(f"/r/{token}/kasse/").text
    return {row[0]: row[2] for row in table_rows(page, "stats") if row[2] != "0,00 €"}


def dumped(app: Any) -> dict[str, Any]:
    from scorer.store import backup
    from scorer.store.extensions import db

    with app.app_context():
        return backup.dump(db.session, db.metadata)


def test_the_history_mitglied_bis_and_guests_come_back_from_a_backup(
        app, table, tmp_path, fresh):
    # Absent members pay nothing until 2025-03-10, then 1,00 € (evening 2, 13 March: Ben
    # 1,00 €); Fritz, a member from 1 January until 5 March, misses nothing he is billed
    # for; Hugo, a guest, misses both evenings and pays nothing.
    table.create_group(players=(*FIVE, "Fritz"))
    runde = f"/r/{table.token}/"
    post_ok(table, runde + "spieler", {"name": "Hugo", "guest": "y"})
    set_absent(table, "fixed", "1,00", since="2025-03-10")
    play_season(table)
    fritz = f"{runde}spieler/{table.player_id('Fritz')}"
    post_ok(table, fritz, {"since": "2025-01-01"})
    post_ok(table, fritz, {"until": "2025-03-05"})
    expected = {"Anna": "0,20 €", "Ben": "1,00 €", "Cem": "0,40 €", "Dora": "0,80 €",
                "Emil": "0,60 €"}
    assert owed(table.client, table.token) == expected
    document = dumped(app)
    history = [({"$date": "0001-01-01"}, "nothing", 0), ({"$date": "2025-03-10"}, "fixed", 100)]
    assert [(r["valid_from"], r["absent_pays"], r["absent_fixed_cents"])
            for r in document["tables"]["absent_rules"]] == history
    # The Runde's own backup (its page's "Sicherung") carries the history too.
    own = json.loads(table.client.get(runde + "sicherung.json").text)["tables"]
    assert [(r["valid_from"], r["absent_pays"], r["absent_fixed_cents"])
            for r in own["absent_rules"]] == history
    assert [p["name"] for p in own["players"] if p["guest"]] == ["Hugo"]
    target = tmp_path / "backup.json"
    target.write_text(json.dumps(document), encoding="utf-8")
    restored = fresh()
    result = restored.test_cli_runner().invoke(args=["restore", str(target)])
    assert result.exit_code == 0, result.output
    client = restored.test_client()
    assert owed(client, table.token) == expected
    again = dumped(restored)["tables"]
    for name in ("ranking_rules", "absent_rules", "players"):
        assert again[name] == document["tables"][name], name
    settings = client.get(f"/r/{table.token}/saisons").text
    assert "ab 10.03.2025" in settings and "von Anfang an" in settings


def test_a_backup_from_before_the_history_restores_and_bills_as_before(
        app, table, tmp_path, fresh):
    # The app before kept one setting in runde_years and had no guests: 1,50 € for an
    # absent member applied to every evening. Ben, absent from evening 2, owes 1,50 €.
    table.create_group(players=FIVE)
    play_season(table)
    sheet = evening_on(table, "2025-03-20", ("Anna", "Ben", "Cem", "Dora"))
    table.play(sheet, ("Anna", "Ben"), 151, players=("Anna", "Ben", "Cem", "Dora"))
    close(table, sheet)
    document = dumped(app)
    tables = document["tables"]
    for name in ("ranking_rules", "absent_rules"):
        tables.pop(name)
    for player in tables["players"]:
        player.pop("guest")
    tables["runde_years"] = [{"group_id": tables["groups"][0]["id"],
                              "season_ranking": "table_points", "season_min_games": 0,
                              "absent_table_points": -3, "absent_pays": "fixed",
                              "absent_fixed_cents": 150, "version": 3}]
    target = tmp_path / "old.json"
    target.write_text(json.dumps(document), encoding="utf-8")
    restored = fresh()
    result = restored.test_cli_runner().invoke(args=["restore", str(target)])
    assert result.exit_code == 0, result.output
    client = restored.test_client()
    # Evening 1: Cem, Dora 40 ct; evening 2: Anna 20, Dora 40, Emil 60, Ben absent 1,50 €;
    # evening 3 (Anna and Ben win with 151): Cem, Dora 40 ct each, Emil absent 1,50 €.
    assert owed(client, table.token) == {"Anna": "0,20 €", "Ben": "1,50 €", "Cem": "0,80 €",
                                         "Dora": "1,20 €", "Emil": "2,10 €"}
    # Ranked by table points with −3 for the absent: evening 1 Anna, Ben +2, Cem, Dora −2;
    # evening 2 Cem +3, Anna +1, Dora −1, Emil −3, Ben −3; evening 3 Anna, Ben +2, Cem,
    # Dora −2, Emil −3.
    ranking = table_rows(client.get(f"/r/{table.token}/?saison=2025-01-01").text, "ranking")
    assert [(r[1], r[2]) for r in ranking] == [("Anna", "+5"), ("Ben", "+1"), ("Cem", "−1"),
                                               ("Dora", "−5"), ("Emil", "−6")]
    page = client.get(f"/r/{table.token}/saisons").text
    assert "von Anfang an" in page and "Wer nicht da war, zahlt 1,50 €." in page
