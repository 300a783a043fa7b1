"""Games kept on a phone while it had no connection, sent when it has one again: stored once,
never silently at another number, refused in German naming the field."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from conftest import at_once, count_rows, one_save_held

from scorer.store.models import Game

FIVE = ("Anna", "Ben", "Cem", "Dora", "Emil")


def fields(table: Any, re: tuple[str, ...], eyes: int | str,
           players: tuple[str, ...] = (), **more: str) -> list[list[str]]:
    """The entry form's fields as the phone keeps them: (name, value) pairs."""
    out = [["re", pid] for pid in table.ids(*re)] + [["re_eyes", str(eyes)]]
    out += [["players", pid] for pid in table.ids(*players)]
    return out + [[k, v] for k, v in more.items()]


def send(table: Any, sheet: str, number: int, pairs: list[list[str]], key: str | None = None,
         as_next: bool = False, client: Any = None) -> Any:
    body = {"entry_key": key or str(uuid.uuid4()), "number": number, "fields": pairs,
            "as_next": as_next}
    return (client or table.client).post(sheet + "nachtragen", json=body)


def stored_facts(app: Any) -> list[dict[str, Any]]:
    from sqlalchemy import select

    from scorer.store.extensions import db

    with app.app_context():
        return [dict(f) for f in db.session.scalars(
            select(Game.facts).where(Game.deleted_at.is_(None)).order_by(Game.position))]


def test_a_waiting_game_is_stored_as_the_number_it_was_entered_as(table, app):
    table.create_group()
    sheet = table.start_evening()
    table.play(sheet, ("Anna", "Cem"), 130)
    answer = send(table, sheet, 2, fields(table, ("Ben", "Dora"), 151))
    assert answer.status_code == 201
    assert answer.get_json() == {"result": "stored", "number": 2}
    # Ben and Dora won 151 : 89 (RULES.md §1): +1 won, +1 Kontra under 90 Augen.
    assert table.ledger(sheet).games[1].points == {"Anna": -2, "Ben": 2, "Cem": -2, "Dora": 2}


def test_a_game_sent_again_after_a_lost_answer_is_stored_once(table, app):
    table.create_group()
    sheet = table.start_evening()
    key = str(uuid.uuid4())
    pairs = fields(table, ("Anna", "Cem"), 130)
    assert send(table, sheet, 1, pairs, key).status_code == 201
    again = send(table, sheet, 1, pairs, key)
    assert again.status_code == 200
    assert again.get_json() == {"result": "already", "number": 1}
    assert count_rows(app, Game) == 1


def test_a_number_taken_meanwhile_stores_nothing_and_shows_both_versions(table, app):
    table.create_group()
    sheet = table.start_evening()
    table.play(sheet, ("Anna", "Cem"), 130)           # game 1, typed on another phone
    answer = send(table, sheet, 1, fields(table, ("Ben", "Dora"), 151))
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["result"] == "taken" and body["number"] == 1 and body["now"] == 2
    assert "Re Anna, Cem" in body["theirs"] and "130" in body["theirs"]
    assert "Re Ben, Dora" in body["mine"] and "151" in body["mine"]
    assert body["lines"] == ["Spiel 1 ist inzwischen eingetragen"]
    assert count_rows(app, Game) == 1


def test_a_taken_game_saved_as_the_next_one_lands_after_the_other(table, app):
    table.create_group()
    sheet = table.start_evening()
    table.play(sheet, ("Anna", "Cem"), 130)
    key = str(uuid.uuid4())
    pairs = fields(table, ("Ben", "Dora"), 151)
    assert send(table, sheet, 1, pairs, key).get_json()["result"] == "taken"
    answer = send(table, sheet, 1, pairs, key, as_next=True)
    assert answer.get_json() == {"result": "stored", "number": 2}
    assert [g.facts.re for g in table.ledger(sheet).games] == [("Anna", "Cem"), ("Ben", "Dora")]


def test_a_sheet_with_fewer_games_than_the_phone_saw_is_a_conflict_too(table, app):
    table.create_group()
    sheet = table.start_evening()
    table.play(sheet, ("Anna", "Cem"), 130)
    answer = send(table, sheet, 3, fields(table, ("Ben", "Dora"), 151))
    assert answer.status_code == 200
    assert answer.get_json()["theirs"] is None and answer.get_json()["now"] == 2
    assert answer.get_json()["lines"] == ["Spiel 3 wäre jetzt Spiel 2"]
    assert count_rows(app, Game) == 1


@pytest.mark.parametrize(("pairs", "line_start"), [
    pytest.param(lambda t: fields(t, ("Anna", "Cem"), 300), "Augen Re:", id="Augen over 240"),
    pytest.param(lambda t: fields(t, ("Anna",), 130), "Re:", id="one Re player in a normal game"),
    pytest.param(lambda t: fields(t, ("Anna", "Cem"), "1٣0"), "Augen Re:",
                 id="a digit that is no 0 to 9"),
])
def test_a_waiting_game_that_does_not_add_up_is_refused_naming_the_field(
        table, app, pairs, line_start):
    table.create_group()
    sheet = table.start_evening()
    answer = send(table, sheet, 1, pairs(table))
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["result"] == "refused"
    assert any(line.startswith(line_start) for line in body["lines"]), body["lines"]
    assert count_rows(app, Game) == 0


def test_a_waiting_game_for_a_closed_evening_is_refused(table, app):
    table.create_group()
    sheet = table.start_evening()
    table.client.post(sheet + "schliessen", data={"revision": "1"})
    answer = send(table, sheet, 1, fields(table, ("Anna", "Cem"), 130))
    assert answer.status_code == 200
    assert "abgeschlossen" in answer.get_json()["lines"][0]
    assert count_rows(app, Game) == 0


def test_an_entry_key_that_stored_another_game_is_refused(table, app):
    table.create_group()
    sheet = table.start_evening()
    key = str(uuid.uuid4())
    assert send(table, sheet, 1, fields(table, ("Anna", "Cem"), 130), key).status_code == 201
    answer = send(table, sheet, 2, fields(table, ("Ben", "Dora"), 151), key)
    assert answer.status_code == 200
    assert "schon ein anderes Spiel gespeichert (Spiel 1)" in answer.get_json()["lines"][0]
    assert count_rows(app, Game) == 1


def test_without_players_the_rotation_decides_who_played_and_it_is_stored(table, app):
    # Five at the table (RULES.md §6): the dealer sits out. Anna deals game 1, Ben game 2.
    table.create_group(players=FIVE)
    sheet = table.start_evening(seats=FIVE)
    assert send(table, sheet, 1, fields(table, ("Ben", "Cem"), 130)).status_code == 201
    assert send(table, sheet, 2, fields(table, ("Anna", "Cem"), 130)).status_code == 201
    first, second = stored_facts(app)
    assert sorted(first["players"]) == sorted(int(i) for i in table.ids("Ben", "Cem", "Dora",
                                                                        "Emil"))
    assert sorted(second["players"]) == sorted(int(i) for i in table.ids("Anna", "Cem", "Dora",
                                                                         "Emil"))


def test_without_players_a_re_player_who_sits_out_is_refused(table, app):
    table.create_group(players=FIVE)
    sheet = table.start_evening(seats=FIVE)
    answer = send(table, sheet, 1, fields(table, ("Anna", "Cem"), 130))  # Anna deals: out
    assert answer.status_code == 200
    assert any(line.startswith("Re:") for line in answer.get_json()["lines"])
    assert count_rows(app, Game) == 0


def test_chosen_players_are_kept_as_chosen(table, app):
    table.create_group(players=FIVE)
    sheet = table.start_evening(seats=FIVE)
    pairs = fields(table, ("Anna", "Cem"), 130, players=("Anna", "Ben", "Cem", "Dora"))
    assert send(table, sheet, 1, pairs).status_code == 201
    (facts,) = stored_facts(app)
    assert sorted(facts["players"]) == sorted(int(i) for i in table.ids("Anna", "Ben", "Cem",
                                                                        "Dora"))


def test_a_resent_game_without_players_is_recognised_after_the_rotation_moved_on(table, app):
    table.create_group(players=FIVE)
    sheet = table.start_evening(seats=FIVE)
    key = str(uuid.uuid4())
    pairs = fields(table, ("Ben", "Cem"), 130)
    assert send(table, sheet, 1, pairs, key).status_code == 201
    table.play(sheet, ("Cem", "Dora"), 140, players=("Cem", "Dora", "Emil", "Anna"))
    assert send(table, sheet, 1, pairs, key).get_json()["result"] == "already"
    assert count_rows(app, Game) == 2


def hammelrennen(table: Any, who: tuple[str, ...]) -> list[list[str]]:
    """A Hammelrennen as the phone keeps it: 130, 50, 30 and 30 Augen for ``who``."""
    return [["kind", "hammelrennen"]] + [[f"eyes_{pid}", str(eyes)] for pid, eyes in
                                         zip(table.ids(*who), (130, 50, 30, 30))]


# A Hammelrennen (voss, RULES.md §5): more than 120 Augen wins; the winner gets +3, paid by
# the three others with −1 each.

def test_a_hammelrennen_at_four_of_a_runde_of_five_is_stored_with_everybodys_augen(
        table, app):
    table.create_group(preset="voss", players=FIVE)
    sheet = table.start_evening(FIVE[:4])
    answer = send(table, sheet, 1, hammelrennen(table, FIVE[:4]))
    assert answer.get_json() == {"result": "stored", "number": 1}
    assert table.ledger(sheet).games[0].points == {"Anna": 3, "Ben": -1, "Cem": -1, "Dora": -1}


def test_a_hammelrennen_saved_online_and_sent_again_offline_is_the_same_game(table, app):
    from werkzeug.datastructures import MultiDict

    table.create_group(preset="voss", players=FIVE)
    sheet = table.start_evening(FIVE[:4])
    key = str(uuid.uuid4())
    pairs = hammelrennen(table, FIVE[:4])
    typed = table.client.post(sheet + "spiel/neu",
                              data=MultiDict([("entry_key", key), *map(tuple, pairs)]))
    assert typed.status_code == 302, typed.text
    assert send(table, sheet, 1, pairs, key).get_json() == {"result": "already", "number": 1}
    assert count_rows(app, Game) == 1


def test_a_hammelrennen_at_five_without_players_is_played_by_the_four_the_rotation_names(
        table, app):
    # Anna deals game 1 and sits out (RULES.md §6): Ben, Cem, Dora and Emil play it.
    table.create_group(preset="voss", players=FIVE)
    sheet = table.start_evening(FIVE)
    answer = send(table, sheet, 1, hammelrennen(table, ("Ben", "Cem", "Dora", "Emil")))
    assert answer.get_json() == {"result": "stored", "number": 1}
    assert table.ledger(sheet).games[0].points == {"Anna": 0, "Ben": 3, "Cem": -1, "Dora": -1,
                                                   "Emil": -1}


@pytest.mark.parametrize("body", [
    pytest.param(None, id="no JSON"),
    pytest.param([], id="a list"),
    pytest.param({"entry_key": "nope", "number": 1, "fields": []}, id="a key that is no UUID"),
    pytest.param({"entry_key": str(uuid.UUID(int=1)), "number": "1", "fields": []},
                 id="a number as text"),
    pytest.param({"entry_key": str(uuid.UUID(int=1)), "number": 2**40, "fields": []},
                 id="a number beyond any id"),
    pytest.param({"entry_key": str(uuid.UUID(int=1)), "number": 1, "fields": [["re"]]},
                 id="a field without value"),
    pytest.param({"entry_key": str(uuid.UUID(int=1)), "number": 1,
                  "fields": [["re_eyes", "1\x0030"]]}, id="a NUL byte"),
    pytest.param({"entry_key": str(uuid.UUID(int=1)), "number": 1,
                  "fields": [["re", "1"]] * 301}, id="more fields than any form has"),
])
def test_a_body_that_is_no_waiting_game_is_a_400_and_stores_nothing(table, app, body):
    table.create_group()
    sheet = table.start_evening()
    answer = table.client.post(sheet + "nachtragen", json=body)
    assert answer.status_code == 400
    assert count_rows(app, Game) == 0


def test_the_read_only_link_cannot_send_games(table, app):
    from scorer import services

    table.create_group()
    sheet = table.start_evening()
    with app.app_context():
        read = services.find_group(table.token).read_token
    reader = app.test_client()
    read_sheet = sheet.replace(table.token, read)
    assert reader.get(read_sheet + "nachtragen").status_code == 403
    assert send(table, read_sheet, 1, fields(table, ("Anna", "Cem"), 130),
                client=reader).status_code == 403
    assert count_rows(app, Game) == 0


def test_sending_needs_the_csrf_token_in_a_header_which_a_get_hands_out(table, app):
    table.create_group()
    sheet = table.start_evening()
    app.config["WTF_CSRF_ENABLED"] = True
    phone = app.test_client()  # a phone whose session is new (the browser was closed)
    pairs = fields(table, ("Anna", "Cem"), 130)
    assert send(table, sheet, 1, pairs, client=phone).status_code == 400
    token = phone.get(sheet + "nachtragen").get_json()["csrf_token"]
    body = {"entry_key": str(uuid.uuid4()), "number": 1, "fields": pairs}
    answer = phone.post(sheet + "nachtragen", json=body, headers={"X-CSRFToken": token})
    assert answer.status_code == 201
    assert count_rows(app, Game) == 1


def test_hostile_waiting_games_never_break_anything_and_store_only_what_adds_up(table, app):
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from tests.budget import examples
    from tests.test_web_hostile import SCRIPT, field_names, fingerprint, values

    table.create_group(players=FIVE)
    sheet = table.start_evening(seats=FIVE)
    names = sorted(field_names(table.client.get(sheet + "spiel/neu").text) | {"players"})
    player_ids = [table.player_id(n) for n in FIVE]
    pairs = st.lists(st.tuples(st.one_of(st.sampled_from(names), st.text(max_size=8)),
                               values(player_ids).map(lambda v: v[:200])).map(list),
                     max_size=12)

    @settings(max_examples=examples(60, 600), deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(pairs=pairs, number=st.integers(1, 4), as_next=st.booleans())
    def send_one(pairs: list[list[str]], number: int, as_next: bool) -> None:
        before = fingerprint(app)
        answer = send(table, sheet, number, [p for p in pairs if "\x00" not in "".join(p)],
                      as_next=as_next)
        assert answer.status_code in (200, 201), answer.text[:500]
        result = answer.get_json()["result"]
        assert result in ("stored", "taken", "refused"), result
        if result != "stored":
            assert fingerprint(app) == before
            assert answer.get_json()["lines"]
        else:
            shown = table.client.get(sheet)
            assert shown.status_code == 200 and SCRIPT not in shown.text

    send_one()


def test_the_same_game_sent_twice_at_once_is_stored_once_and_is_the_phones_own(
        app, table, monkeypatch):
    """A phone sends a waiting game again before the first answer came. On PostgreSQL the
    second send is checked as the next game while the first commits: number 1 is taken then,
    and Ben's Pflichtsolo would be his second. Either way it is the game this phone stored:
    "already", never the conflict."""
    table.create_group()
    sheet = table.start_evening()
    for pairs in (fields(table, ("Anna", "Cem"), 130),
                  fields(table, ("Ben",), 121, kind="solo", solo="damen", pflicht="pflicht")):
        key, number = str(uuid.uuid4()), len(stored_facts(app)) + 1
        first, second = at_once(app, one_save_held(monkeypatch),
                                lambda c: send(table, sheet, number, pairs, key, client=c),
                                lambda c: send(table, sheet, number, pairs, key, client=c))
        assert first.get_json() == {"result": "stored", "number": number}
        assert second.get_json()["result"] == "already", second.get_json()
        assert len(stored_facts(app)) == number
