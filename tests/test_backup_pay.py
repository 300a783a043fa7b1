"""A player's bank details, the treasurer and the rating's choices are in the Runde's backup
and come back with a restore; a backup from before them still restores (issue #38)."""

from __future__ import annotations

import json
from typing import Any

from tests.test_backup import fresh, restored_tables  # noqa: F401  (fresh: a fixture)

IBAN = "DE89370400440532013000"


def _runde_with_pay_details(table: Any) -> str:
    table.create_group()
    client = table.client
    anna = f"/r/{table.token}/spieler/{table.player_id('Anna')}"
    for data in ({"iban": IBAN, "holder": "Anna Schmidt", "paypal": "AnnaDoko"},
                 {"treasurer": "1"}, {"hide_rating": "1"}):
        assert client.post(anna, data=data).status_code == 302
    assert client.post(f"/r/{table.token}/statistik/wertung",
                       data={"rating": "1"}).status_code == 302
    sheet = table.start_evening(cents=85)
    table.play(sheet, ("Anna", "Cem"), 151)
    return sheet


def _restore(fresh: Any, tmp_path: Any, document: dict[str, Any]) -> Any:
    target = tmp_path / "runde.json"
    target.write_text(json.dumps(document), encoding="utf-8")
    restored = fresh()
    result = restored.test_cli_runner().invoke(args=["restore", str(target)])
    assert result.exit_code == 0, result.output
    return restored


def test_the_runde_s_backup_keeps_the_pay_details_and_a_restore_brings_them_back(
        app, table, fresh, tmp_path):
    sheet = _runde_with_pay_details(table)
    document = json.loads(table.client.get(f"/r/{table.token}/sicherung.json").data)
    anna = next(p for p in document["tables"]["players"] if p["name"] == "Anna")
    assert (anna["iban"], anna["account_holder"], anna["paypal_me"], anna["treasurer"],
            anna["hide_rating"]) == (IBAN, "Anna Schmidt", "AnnaDoko", True, True)
    assert document["tables"]["runde_years"][0]["rating"] is True
    restored = _restore(fresh, tmp_path, document)
    page = restored.test_client().get(sheet + "bezahlen").text
    assert "https://paypal.me/AnnaDoko/1.70EUR" in page and "DE89 3704 0044" in page
    tables = restored_tables(restored)
    assert [p["iban"] for p in tables["players"]] == [IBAN, None, None, None]


def test_a_backup_from_before_the_pay_details_restores_without_them(
        app, table, fresh, tmp_path):
    sheet = _runde_with_pay_details(table)
    document = json.loads(table.client.get(f"/r/{table.token}/sicherung.json").data)
    for row in document["tables"]["players"]:
        for column in ("iban", "account_holder", "paypal_me", "treasurer", "hide_rating"):
            row.pop(column)
    for row in document["tables"]["runde_years"]:
        row.pop("rating")
    restored = _restore(fresh, tmp_path, document)
    tables = restored_tables(restored)
    assert {(p["iban"], p["paypal_me"], p["treasurer"], p["hide_rating"])
            for p in tables["players"]} == {(None, None, False, False)}
    assert tables["runde_years"][0]["rating"] is False
    client = restored.test_client()
    assert client.get(sheet).status_code == 200
    assert "paypal.me" not in client.get(sheet + "bezahlen").text
