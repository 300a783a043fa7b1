"""Backups of evenings with table changes: they restore to the same sheets, and restore
refuses a change the pages could not show (a stranger at the table, a bad seat list)
before it writes anything."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest
from conftest import fetch_pdf
from test_backup import fresh, restored_tables, rows_in, wipe  # noqa: F401 (fixture)
from test_web_table_changes import change, change_form

SEATS = ("Anna", "Ben", "Cem", "Dora")


def document_with_changes(app: Any, table: Any) -> dict[str, Any]:
    """Fritz joins on the spot after game 1, the change is moved before game 1 and back,
    Dora leaves after game 2, and a third change is made and deleted."""
    from scorer.store import backup
    from scorer.store.extensions import db

    table.create_group(players=(*SEATS, "Emil"))
    sheet = table.start_evening(SEATS)
    table.play(sheet, ("Anna", "Cem"), 151)
    change(table, sheet, ("Anna", "Ben", "Cem", "Fritz", "Dora"), new="Fritz")
    ids = [row for row in table.game_ids() if row != table.game_ids()[0]]
    (fritz,) = ids
    for after, revision in ((0, "1"), (1, "2")):
        assert table.client.post(f"{sheet}tisch/{fritz}/", data=change_form(
            table, ("Anna", "Ben", "Cem", "Fritz", "Dora"), after=after,
            revision=revision)).status_code == 302
    table.play(sheet, ("Cem", "Fritz"), 151, players=("Cem", "Fritz", "Dora", "Anna"))
    change(table, sheet, ("Anna", "Ben", "Cem", "Fritz"))
    change(table, sheet, ("Anna", "Ben", "Cem", "Fritz", "Emil"))
    last = table.game_ids()[-1]
    assert table.client.post(f"{sheet}tisch/{last}/loeschen",
                             data={"revision": "1"}).status_code == 302
    with app.app_context():
        return backup.dump(db.session, db.metadata)


def _shown(body: bytes) -> bytes:
    """A page without the moment it was made (the live view's time stamp)."""
    return re.sub(rb' data-live-stamp="[^"]*"', b"", body)


def restore(fresh_app: Any, document: dict[str, Any], tmp_path: Any) -> Any:
    target = tmp_path / "backup.json"
    target.write_text(json.dumps(document), encoding="utf-8")
    return fresh_app.test_cli_runner().invoke(args=["restore", str(target)])


def test_a_backup_with_table_changes_restores_to_the_same_sheet(app, table, fresh, tmp_path):
    document = document_with_changes(app, table)
    sheet = f"/r/{table.token}/abend/1/"
    looker = app.test_client()  # no flash or Rückgängig of the phone that made the changes
    before = {page: _shown(looker.get(sheet + page).data)
              for page in ("", "spiele.csv", "verlauf/")}
    restored = fresh()
    result = restore(restored, document, tmp_path)
    assert result.exit_code == 0, result.output
    client = restored.test_client()
    for page, body in before.items():
        assert _shown(client.get(sheet + page).data) == body, page
    assert fetch_pdf(client, sheet + "zettel.pdf").status_code == 200


def _row(tables: dict[str, Any], n: int) -> dict[str, Any]:
    """The n-th table change row of the backup (0-based, in position order)."""
    changes = sorted((g for g in tables["games"] if "table" in g["facts"]),
                     key=lambda g: g["position"])
    return changes[n]


def _stranger(tables: dict[str, Any]) -> int:
    return max(p["id"] for p in tables["players"]) + 1


BROKEN = {
    "a stranger at the table": (
        lambda t: (t["players"].append({**t["players"][0], "id": _stranger(t),
                                        "group_id": 999, "name": "Mallory"}),
                   t["groups"].append({**t["groups"][0], "id": 999, "name": "Andere",
                                       "edit_token": "e" * 32, "read_token": "r" * 32}),
                   _row(t, 0)["facts"]["table"].append(_stranger(t) - 1)),
        "Tischwechsel (id {id}): nennt Spieler, die nicht zu dieser Runde gehören: {stranger}"),
    "a name instead of an id": (
        lambda t: _row(t, 0)["facts"]["table"].__setitem__(0, "Anna"),
        "Tischwechsel (id {id}): nennt Spieler, die nicht zu dieser Runde gehören: Anna"),
    "eight at the table": (
        lambda t: _row(t, 0)["facts"]["table"].extend(
            [p["id"] for p in t["players"] if p["id"] not in _row(t, 0)["facts"]["table"]]
            * 2),
        "Tischwechsel nach Spiel 1, table: 4 bis 7 verschiedene Namen angeben"),
    "a dealer who is not seated": (
        lambda t: _row(t, 1)["facts"].update(dealer=next(
            p["id"] for p in t["players"] if p["name"] == "Dora")),
        "Tischwechsel nach Spiel 2, dealer: sitzt nach dem Tischwechsel nicht am Tisch: Dora"),
    "a leaver who plays a later game": (
        lambda t: _row(t, 0)["facts"]["table"].remove(next(
            p["id"] for p in t["players"] if p["name"] == "Dora")),
        "Spiel 2, players: sitzt nicht am Tisch: Dora"),
}


BUILT: list[dict[str, Any]] = []
"""``document_with_changes`` as the first refusal test built it: each case spoils a copy."""


@pytest.mark.parametrize("spoil, line", BROKEN.values(), ids=BROKEN.keys())
def test_restore_refuses_a_table_change_the_pages_could_not_show(app, table, fresh, tmp_path,
                                                                 spoil, line):
    if not BUILT:  # the same evening for each spoiled copy: built once per process
        BUILT.append(document_with_changes(app, table))
    document = copy.deepcopy(BUILT[0])
    tables = document["tables"]
    spoil(tables)
    line = line.format(id=_row(tables, 0)["id"], stranger=_stranger(tables) - 1)
    empty = fresh()
    result = restore(empty, document, tmp_path)
    assert result.exit_code == 2, result.output
    assert f"Runde „Donnerstagsrunde“, Abend 1, {line}" in result.stderr.splitlines()
    assert rows_in(empty) == 0


HOSTILE = [None, "", "x", -1, 0, 1, 2**40, 1.5, True, [], {}, [1, 2], [1, 1, 1, 1],
           list(range(1, 9)), {"x": 1}, "\ud800", [None] * 4]


def test_whatever_restore_accepts_of_a_spoilt_table_change_every_page_shows(
        app, table, fresh, tmp_path):
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from tests.budget import examples

    original = json.dumps(document_with_changes(app, table))
    empty = fresh()
    runner, client = empty.test_cli_runner(), empty.test_client()
    target = tmp_path / "spoilt.json"
    outcomes: dict[int, int] = {}

    @settings(max_examples=examples(20, 200), deadline=None, database=None,
              derandomize=True, suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def restore_spoilt(data: Any) -> None:
        document = json.loads(original)
        tables = document["tables"]
        rows = [g["facts"] for g in tables["games"] if "table" in g["facts"]]
        rows += [e[k] for e in tables["game_events"] for k in ("old_facts", "new_facts")
                 if isinstance(e[k], dict) and "table" in e[k]]
        facts = data.draw(st.sampled_from(rows))
        key = data.draw(st.sampled_from(["table", "dealer", "bogus"]))
        facts[key] = copy.deepcopy(data.draw(st.sampled_from(HOSTILE)))
        target.write_text(json.dumps(document), encoding="utf-8")
        result = runner.invoke(args=["restore", str(target)])
        outcomes[result.exit_code] = outcomes.get(result.exit_code, 0) + 1
        if result.exit_code != 0:
            assert result.exit_code == 2, result.output
            assert rows_in(empty) == 0
            return
        try:
            for page in ("abend/1/", "abend/1/verlauf/", "abend/1/spiele.csv",
                         "abend/1/tisch/neu", "statistik", "spiele.csv"):
                response = client.get(f"/r/{table.token}/{page}")
                assert response.status_code == 200, (page, result.output)
        finally:
            wipe(empty)

    restore_spoilt()
    assert outcomes.get(2), outcomes


def test_the_restored_history_keeps_where_a_moved_change_stood(app, table, fresh, tmp_path):
    document = document_with_changes(app, table)
    restored = fresh()
    assert restore(restored, document, tmp_path).exit_code == 0
    events = restored_tables(restored)["game_events"]
    assert sorted(e["old_after"] for e in events if e["old_after"] is not None) == [0, 1]


def test_restore_refuses_a_moved_change_said_to_have_followed_another_evenings_game(
        app, table, fresh, tmp_path):
    from scorer.store import backup
    from scorer.store.extensions import db

    document_with_changes(app, table)
    other = table.start_evening(SEATS)
    table.play(other, ("Anna", "Cem"), 151)
    with app.app_context():
        document = backup.dump(db.session, db.metadata)
    tables = document["tables"]
    # Fritz's change moved before game 1: until then it had followed game 1.
    (moved,) = [e for e in tables["game_events"] if e["old_after_game_id"] is not None]
    moved["old_after_game_id"] = max(g["id"] for g in tables["games"])  # evening 2's game
    empty = fresh()
    result = restore(empty, document, tmp_path)
    assert result.exit_code == 2, result.output
    assert (f"Runde „Donnerstagsrunde“, Abend 1, Verlauf (id {moved['id']}), old_after_game_id: "
            "gehört zu einem Spiel eines anderen Abends") in result.stderr.splitlines()
    assert rows_in(empty) == 0
