"""Our own Runde backup into another Runde (another server) through the same preview: the
round trip backup → import into an empty Runde → backup keeps everything that matters, and
a backup the app could not show is refused naming the place, writing nothing.

What differs, by design: ids, the links, the Runde's name, times (created, updated, closed),
revisions and versions, the entries' one-time keys and positions (the deleted entries do
not come along, nor does the history: each entry's Verlauf starts with its import), and the
import's own row."""

from __future__ import annotations

import datetime as dt
import json
import re
from typing import Any

import pytest

from tests.conftest import game_entry
from tests.test_web_import import counts, preview_url, text, upload


def _runde_a(app: Any) -> str:
    """A Runde lived in: six players (Fritz retired), changed house rules, a closed evening of
    five with a table change, an edited and a deleted game, a recorded penalty and money
    settled to ten cents, and an open evening with a plan. Returns its edit token."""
    from scorer import services
    from scorer.core.rules import rules_from_spec

    with app.app_context():
        group = services.create_group("Alte Runde", "ddv")
        ids = {n: services.add_player(group, n).id
               for n in ("Anna", "Ben", "Cem", "Dora", "Emil", "Fritz")}
        services.set_house_rules(group, "ddv", {"extras": ["doppelkopf", "fuchs_gefangen"]})
        first = services.start_evening(
            group, played_on=dt.date(2025, 11, 6),
            seat_ids=[ids[n] for n in ("Anna", "Ben", "Cem", "Dora", "Emil")],
            first_dealer_id=ids["Ben"], preset="ddv", rules=services.house_rules(group),
            planned_games=None, cents_per_point=10, settlement_mode="pay_leader",
            settlement_rounding="ten_cents")
        key = iter(f"00000000-0000-4000-8000-{k:012d}" for k in range(100))
        # Ben deals first and sits out, then Cem, then Dora (twice: after the Pflichtsolo).
        for facts in ({"re": ["Anna", "Dora"], "re_eyes": 151},
                      {"re": ["Emil", "Ben"], "re_eyes": 100, "announced": {"re": "ansage"}},
                      {"kind": "solo", "solo": "damen", "re": ["Anna"], "re_eyes": 130},
                      {"re": ["Anna", "Ben"], "re_eyes": 125}):
            services.add_game(first, game_entry(facts, ids), next(key))
        services.add_table_change(first, [ids["Anna"], ids["Ben"], ids["Cem"], ids["Dora"]],
                                  None, None, next(key))
        penalty = {"kind": "recorded", "points": {"Anna": 3, "Ben": -1, "Cem": -1, "Dora": -1},
                   "note": "Strafpunkte: falsch bedient"}
        services.add_game(first, game_entry(penalty, ids), next(key))
        services.add_game(first, game_entry({"re": ["Cem", "Ben"], "re_eyes": 90}, ids),
                          next(key))
        games = services.live_entries(first)
        services.edit_game(games[0], game_entry({**games[0].facts, "re_eyes": 161}), 1)
        services.delete_game(games[-1], 1)
        services.set_closed(first, True, first.revision)
        second = services.start_evening(
            group, played_on=dt.date(2025, 11, 13),
            seat_ids=[ids[n] for n in ("Dora", "Cem", "Ben", "Anna")],
            first_dealer_id=ids["Cem"], preset="bockrunde", rules=rules_from_spec("bockrunde"),
            planned_games=24, cents_per_point=5)
        services.add_game(second, game_entry({"re": ["Dora", "Ben"], "re_eyes": 120},
                                                     ids), next(key))
        services.retire_player(services.find_group(group.edit_token).players[-1], True)
        return group.edit_token


def _what_matters(document: dict[str, Any]) -> dict[str, Any]:
    """A Runde's backup without what differs by design (see the module's docstring)."""
    tables = document["tables"]
    (group,) = tables["groups"]
    names = {p["id"]: p["name"] for p in tables["players"]}

    def named(facts: dict[str, Any]) -> dict[str, Any]:
        from scorer.services import to_core

        return to_core(facts, names)

    seats: dict[int, list[str]] = {}
    for seat in sorted(tables["evening_seats"], key=lambda s: s["position"]):
        seats.setdefault(seat["evening_id"], []).append(names[seat["player_id"]])
    entries: dict[int, list[dict[str, Any]]] = {}
    for game in sorted(tables["games"], key=lambda g: g["position"]):
        if game["deleted_at"] is None:
            entries.setdefault(game["evening_id"], []).append(named(game["facts"]))
    return {
        "rules": (group["preset"], group["overrides"]),
        "players": sorted((p["name"], p["retired_at"] is not None) for p in tables["players"]),
        "evenings": [{
            "number": e["number"], "played_on": e["played_on"], "rules": e["rules"],
            "seats": seats[e["id"]], "first_dealer": names[e["first_dealer_id"]],
            "planned_games": e["planned_games"], "bock_queue_start": e["bock_queue_start"],
            "money": (e["tenth_cents_per_point"], e["settlement_mode"], e["settlement_rounding"]),
            "closed": e["closed_at"] is not None, "entries": entries.get(e["id"], []),
        } for e in sorted(tables["evenings"], key=lambda e: e["number"])],
    }


def test_a_runde_s_backup_imported_into_an_empty_runde_backs_up_the_same(app, client, table):
    old = _runde_a(app)
    exported = client.get(f"/r/{old}/sicherung.json")
    assert exported.status_code == 200
    table.create_group("Neue Runde", players=())
    page = upload(table, "doko-zettel-alte-runde.json", exported.data)
    assert page.status_code == 200
    words = text(page.text)
    assert "„doko-zettel-alte-runde.json“ (Doko-Zettel-Sicherung): 2 Abende, 6 Spiele, " \
           "6 Spieler" in words
    assert "Die Hausregeln der Sicherung übernehmen" in words
    assert "der Verlauf jedes Spiels beginnt hier neu" in words
    done = table.client.post(preview_url(page), data={"action": "import", "take_rules": "y"})
    assert done.status_code == 302, done.text
    again = client.get(f"/r/{table.token}/sicherung.json")
    before, after = (_what_matters(json.loads(r.data)) for r in (exported, again))
    assert after == before
    # The history is new: one create per live entry (six games, a table change), each naming
    # the import.
    events = json.loads(again.data)["tables"]["game_events"]
    assert len(events) == 7 and {e["action"] for e in events} == {"create"}
    assert len({e["import_id"] for e in events}) == 1


def test_the_same_runde_s_backup_into_itself_is_nothing_new(app, client, table):
    token = _runde_a(app)
    table.token = token
    before = counts(app)
    refused = upload(table, "sicherung.json", client.get(f"/r/{token}/sicherung.json").data)
    assert refused.status_code == 422 and counts(app) == before
    assert "jeder Abend dieser Datei ist schon in der Runde" in text(refused.text)


def _whole_database(app: Any) -> bytes:
    from scorer.store import backup
    from scorer.store.extensions import db

    with app.app_context():
        return json.dumps(backup.dump(db.session, db.metadata), default=str).encode()


def _broken_game(document: dict[str, Any]) -> None:
    document["tables"]["games"][1]["facts"]["re_eyes"] = 300


@pytest.mark.parametrize(("change", "says"), [
    pytest.param(None, "die Sicherung enthält 2 Runden; importiert wird die Sicherung einer "
                       "Runde", id="whole-database"),
    pytest.param(_broken_game, "Runde „Alte Runde“, Abend 1, Spiel 2, re_eyes: Augen müssen "
                               "zwischen 0 und 240 liegen", id="broken-game"),
])
def test_a_backup_the_app_could_not_show_is_refused_naming_the_place(app, client, table,
                                                                     change, says):
    old = _runde_a(app)
    table.create_group("Neue Runde", players=())
    if change is None:
        data = _whole_database(app)
    else:
        document = json.loads(client.get(f"/r/{old}/sicherung.json").data)
        change(document)
        data = json.dumps(document).encode()
    before = counts(app)
    refused = upload(table, "sicherung.json", data)
    assert refused.status_code == 422 and counts(app) == before
    assert re.search(r"Datei „sicherung\.json“: .*" + re.escape(says), text(refused.text))
