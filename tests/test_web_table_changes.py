"""Tisch ändern through the pages: a table change (RULES.md §7) added, edited, moved, deleted,
undone and restored like a game, and every refusal German, beside its field, storing nothing.

The numbers are worked out by hand from RULES.md §7 (ddv: a won normal game with 151 Augen is
gewonnen + keine 90 = 2 points for each winner).
"""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from conftest import count_rows, shown

from scorer.store.models import Game, GameEvent, Player

SEATS = ("Anna", "Ben", "Cem", "Dora")


def change_form(table: Any, seats: tuple[str, ...], new: str | None = None,
                dealer: str | None = None, after: int | None = None,
                **fields: Any) -> dict[str, Any]:
    """What "Tisch ändern" posts: the new table clockwise (``new`` typed in as a player new
    to the Runde), the dealer by name (None: as the rule says) and the place."""
    data: dict[str, Any] = {"entry_key": str(uuid.uuid4()), "present": [],
                            "after": "" if after is None else str(after)}
    for k, name in enumerate(seats, start=1):
        if name == new:
            data["new_name"], data["seat-neu"] = name, str(k)
        else:
            pid = str(table.player_id(name))
            data["present"].append(pid)
            data[f"seat-{pid}"] = str(k)
    if dealer is None:
        data["dealer"] = ""
    else:
        data["dealer"] = "neu" if dealer == new else str(table.player_id(dealer))
    data.update(fields)
    return data


def change(table: Any, sheet: str, seats: tuple[str, ...], **kwargs: Any) -> Any:
    response = table.client.post(sheet + "tisch/neu", data=change_form(table, seats, **kwargs))
    assert response.status_code == 302, response.text
    return response


def rows(app: Any) -> tuple[int, int, int]:
    """Entries, history events and players stored: a refusal changes none of them."""
    return count_rows(app, Game), count_rows(app, GameEvent), count_rows(app, Player)


def change_ids(app: Any) -> list[int]:
    """Ids of the live table changes, in sheet order."""
    from sqlalchemy import select

    from scorer.store.extensions import db

    with app.app_context():
        entries = db.session.scalars(select(Game).where(Game.deleted_at.is_(None))
                                     .order_by(Game.position)).all()
        return [e.id for e in entries if "table" in e.facts]


def undo_link(page: str) -> str:
    return re.search(r'action="([^"]*/rueckgaengig/\d+)"', page).group(1)


@pytest.fixture
def evening(table: Any) -> str:
    """ddv, Anna, Ben, Cem, Dora (Anna deals first) in a Runde that also knows Emil; game 1:
    Anna and Cem win with 151 (Anna +2, Ben −2, Cem +2, Dora −2)."""
    table.create_group(players=(*SEATS, "Emil"))
    sheet = table.start_evening(SEATS)
    table.play(sheet, ("Anna", "Cem"), 151)
    return sheet


# --------------------------------------------------------------------------- adding


def test_a_player_new_to_the_runde_joins_on_the_spot_and_the_sheet_says_so(app, table, evening):
    page = table.client.get(evening + "tisch/neu").text
    # The form: today's table ticked in seat order, Emil offered, Ben deals by the rule.
    assert re.findall(r'name="present" value="(\d+)"\s+checked', page) == table.ids(*SEATS)
    assert 'name="new_name"' in page and ">Emil<" in page
    assert "nach der Regel: Ben" in page
    change(table, evening, ("Anna", "Ben", "Cem", "Fritz", "Dora"), new="Fritz")
    ledger = table.ledger(evening)
    # Ben would have dealt and is still seated: he deals, and the four after him play.
    assert ledger.seats == ("Anna", "Ben", "Cem", "Fritz", "Dora")
    assert (ledger.next.dealer, ledger.next.players) == ("Ben", ("Cem", "Fritz", "Dora", "Anna"))
    assert ledger.totals == {"Anna": 2, "Ben": -2, "Cem": 2, "Dora": -2, "Fritz": 0}
    sheet = table.client.get(evening).text
    assert "Tischwechsel gespeichert." in sheet and "Rückgängig" in sheet
    assert "Fritz kommt dazu · gibt: Ben" in sheet
    assert "Spiel 2 eintragen" in sheet  # a table change is no game
    with app.app_context():
        from scorer.store.extensions import db

        assert db.session.query(Player).filter_by(name="Fritz").one().group.name


def test_a_runde_player_joins_and_the_entry_form_then_offers_the_new_table(table, evening):
    change(table, evening, ("Anna", "Ben", "Emil", "Cem", "Dora"))
    page = table.client.get(evening + "spiel/neu").text
    # Five at the table: the form asks who plays (chips in seat order), the four after Ben
    # ticked.
    assert re.findall(r'name="players" value="(\d+)" checked', page) == table.ids(
        "Anna", "Emil", "Cem", "Dora")
    # Who plays, in the order of play: from the seat after Ben (RULES.md §7).
    assert "Es spielen Emil, Cem, Dora, Anna · Ben setzt aus" in page
    table.play(evening, ("Emil", "Cem"), 100, players=("Emil", "Cem", "Dora", "Anna"))
    # Emil and Cem lose with 100: Kontra (Dora, Anna) gets gewonnen +1, gegen die Alten +1.
    assert table.ledger(evening).totals == {"Anna": 4, "Ben": -2, "Cem": 0, "Dora": 0, "Emil": -2}


def test_a_leaver_keeps_the_total_and_the_open_pflichtsolo_is_dropped(table, evening):
    change(table, evening, ("Anna", "Ben", "Emil", "Cem", "Dora"))
    change(table, evening, ("Anna", "Ben", "Emil", "Cem"))
    ledger = table.ledger(evening)
    assert ledger.table_changes[-1].pflichtsolo_dropped == ("Dora",)
    assert ledger.pflichtsolo_open == ("Anna", "Ben", "Emil", "Cem")
    page = table.client.get(evening).text
    assert "Dora geht (Pflichtsolo offen, entfällt) · gibt: Ben" in page
    assert "<dt>Nicht am Tisch</dt><dd>Dora</dd>" in page
    assert 'total--away' in page and "(nicht am Tisch)" in page


def test_a_change_before_an_earlier_game_is_placed_there(table, evening):
    table.play(evening, ("Ben", "Dora"), 151)
    change(table, evening, ("Anna", "Ben", "Cem", "Dora", "Emil"), after=1)
    ledger = table.ledger(evening)
    assert ledger.table_changes[0].after == 1
    # Game 2 keeps the four who played it; Emil was at the table and sat out.
    assert ledger.games[1].seats == ("Anna", "Ben", "Cem", "Dora", "Emil")
    assert "aus" in re.search(r'id="spiel-2".*?</summary>', table.client.get(evening).text,
                              re.S).group(0)


def test_a_double_tap_stores_one_table_change(app, table, evening):
    form = change_form(table, ("Anna", "Ben", "Cem", "Fritz", "Dora"), new="Fritz")
    responses = [table.client.post(evening + "tisch/neu", data=form) for _ in range(3)]
    assert {r.status_code for r in responses} == {302}
    assert len(change_ids(app)) == 1
    assert [p for p in table.ledger(evening).players] == [*SEATS, "Fritz"]


# --------------------------------------------------------------------------- the dealer


def test_the_dealer_follows_section_7_when_the_dealer_to_be_leaves(table, evening):
    # Ben would deal game 2; he goes: the next one after him clockwise (old order) deals.
    form = change_form(table, ("Anna", "Cem", "Dora", "Emil"))
    preview = table.client.post(evening + "tisch/vorschau", data=form).json
    assert preview == {"ok": True, "suggested": "Cem",
                       "text": "Emil kommt dazu · Ben geht (Pflichtsolo offen, entfällt) · gibt: Cem"}
    change(table, evening, ("Anna", "Cem", "Dora", "Emil"))
    assert table.ledger(evening).next.dealer == "Cem"


def test_the_table_can_choose_another_dealer(table, evening):
    change(table, evening, ("Anna", "Ben", "Cem", "Fritz", "Dora"), new="Fritz", dealer="Fritz")
    ledger = table.ledger(evening)
    assert ledger.next.dealer == "Fritz"
    assert ledger.next.players == ("Dora", "Anna", "Ben", "Cem")
    assert "Fritz kommt dazu · gibt: Fritz" in table.client.get(evening).text


# --------------------------------------------------------------------------- edit, move, delete


def test_an_edit_moves_the_change_to_an_earlier_game_and_rueckgaengig_moves_it_back(
        app, table):
    table.create_group(players=SEATS)
    sheet = table.start_evening(SEATS)
    table.play(sheet, ("Anna", "Cem"), 151)
    table.play(sheet, ("Ben", "Dora"), 151)
    # Fritz sits between Ben and Cem, arriving after game 2: Cem deals game 3.
    change(table, sheet, ("Anna", "Ben", "Fritz", "Cem", "Dora"), new="Fritz")
    table.play(sheet, ("Dora", "Fritz"), 151, players=("Dora", "Anna", "Ben", "Fritz"))
    assert [g.dealer for g in table.ledger(sheet).games] == ["Anna", "Ben", "Cem"]
    (moved,) = change_ids(app)
    form = table.client.get(f"{sheet}tisch/{moved}/").text
    assert re.search(r'<option selected value="2">nach Spiel 2</option>', form)
    response = table.client.post(f"{sheet}tisch/{moved}/", data=change_form(
        table, ("Anna", "Ben", "Fritz", "Cem", "Dora"), after=1, revision="1"))
    assert response.status_code == 302
    ledger = table.ledger(sheet)
    # After game 1 Fritz sits at the table: Ben deals game 2 (Fritz sits out), and the seat
    # after Ben is Fritz's, so Fritz deals game 3. Points stay (every game keeps its players).
    assert ledger.table_changes[0].after == 1
    assert [g.dealer for g in ledger.games] == ["Anna", "Ben", "Fritz"]
    assert ledger.totals == {"Anna": -2, "Ben": -2, "Cem": 0, "Dora": 2, "Fritz": 2}
    page = table.client.get(sheet).text
    assert page.index("Fritz kommt dazu") < page.index('id="spiel-2"')
    history = table.client.get(f"{sheet}verlauf/").text
    assert "Tischwechsel nach Spiel 1 geändert (vorher nach Spiel 2)" in history
    assert table.client.post(sheet + undo_link(page).split("/abend/1/")[1]).status_code == 302
    ledger = table.ledger(sheet)
    assert ledger.table_changes[0].after == 2
    assert [g.dealer for g in ledger.games] == ["Anna", "Ben", "Cem"]


def test_the_history_restores_the_place_and_seats_before_an_edit(app, table, evening):
    table.play(evening, ("Ben", "Dora"), 151)
    change(table, evening, ("Anna", "Ben", "Cem", "Dora", "Emil"))
    (row,) = change_ids(app)
    table.client.post(f"{evening}tisch/{row}/", data=change_form(
        table, ("Anna", "Emil", "Ben", "Cem", "Dora"), after=1, revision="1"))
    assert table.ledger(evening).table_changes[0].seats == ("Anna", "Emil", "Ben", "Cem", "Dora")
    from scorer import services

    with app.app_context():
        evening_row = services.find_evening(services.find_group(table.token), 1)
        edit = next(e for e in services.history(evening_row) if e.action == "edit")
        event_id, revision = edit.id, edit.game.revision
    page = table.client.get(f"{evening}verlauf/").text
    assert "Fassung von vorher wiederherstellen" in page
    assert "Am Tisch: Anna, Ben, Cem, Dora, Emil · Geber nach der Regel" in page
    table.client.post(f"{evening}verlauf/{event_id}/wiederherstellen",
                      data={"revision": str(revision)})
    restored = table.ledger(evening).table_changes[0]
    assert (restored.after, restored.seats) == (2, ("Anna", "Ben", "Cem", "Dora", "Emil"))


def test_restoring_a_moved_change_puts_it_after_the_game_it_followed_after_an_earlier_delete(
        app, table):
    table.create_group(players=SEATS)
    sheet = table.start_evening(SEATS)
    # Five won games told apart by their Augen: game k has 111 + 10k for Re.
    for k in range(1, 4):
        table.play(sheet, ("Anna", "Cem"), 111 + 10 * k)
    change(table, sheet, ("Anna", "Cem", "Ben", "Dora"))  # Ben and Cem swap after game 3
    for k in range(4, 6):
        table.play(sheet, ("Anna", "Cem"), 111 + 10 * k)
    (moved,) = change_ids(app)
    assert table.client.post(f"{sheet}tisch/{moved}/", data=change_form(
        table, ("Anna", "Cem", "Ben", "Dora"), after=5, revision="1")).status_code == 302
    first = table.game_ids()[0]
    assert table.client.post(f"{sheet}spiel/{first}/loeschen",
                             data={"revision": "1"}).status_code == 302
    page = table.client.get(f"{sheet}verlauf/").text
    assert "Tischwechsel nach Spiel 4 geändert (damals nach Spiel 5, vorher nach Spiel 3)" in page
    # The history's buttons, newest first: game 1 back, then the change's earlier version.
    _, event_id = re.findall(r'verlauf/(\d+)/wiederherstellen', page)
    assert table.client.post(f"{sheet}verlauf/{event_id}/wiederherstellen",
                             data={"revision": "2"}).status_code == 302
    ledger = table.ledger(sheet)
    # Game 1 is gone: the game that was game 3 (141 Augen) is game 2 now, and the change
    # stands right after it again.
    assert ledger.table_changes[0].after == 2
    assert ledger.games[1].facts.re_eyes == 141
    assert [g.facts.re_eyes for g in ledger.games] == [131, 141, 151, 161]


def test_a_move_recorded_before_the_game_was_kept_goes_back_after_as_many_games(app, table):
    from sqlalchemy import update

    from scorer.store.extensions import db

    table.create_group(players=SEATS)
    sheet = table.start_evening(SEATS)
    for eyes in (121, 131, 141):
        table.play(sheet, ("Anna", "Cem"), eyes)
    change(table, sheet, ("Anna", "Cem", "Ben", "Dora"), after=1)
    (moved,) = change_ids(app)
    table.client.post(f"{sheet}tisch/{moved}/", data=change_form(
        table, ("Anna", "Cem", "Ben", "Dora"), after=3, revision="1"))
    with app.app_context():  # as an edit stored before the migration d7e3a1f5c920 left it
        db.session.execute(update(GameEvent).values(old_after_game_id=None))
        db.session.commit()
    page = table.client.get(f"{sheet}verlauf/").text
    (event_id,) = re.findall(r'verlauf/(\d+)/wiederherstellen', page)
    table.client.post(f"{sheet}verlauf/{event_id}/wiederherstellen", data={"revision": "2"})
    assert table.ledger(sheet).table_changes[0].after == 1


def test_deleting_a_change_asks_first_and_rueckgaengig_brings_it_back(app, table, evening):
    change(table, evening, ("Anna", "Ben", "Cem", "Dora", "Emil"))
    (row,) = change_ids(app)
    confirm = table.client.get(f"{evening}tisch/{row}/loeschen").text
    assert "Tischwechsel nach Spiel 1 löschen?" in confirm
    assert "Emil kommt dazu · gibt: Ben" in confirm
    assert table.client.post(f"{evening}tisch/{row}/loeschen",
                             data={"revision": "1"}).status_code == 302
    assert table.ledger(evening).seats == SEATS
    page = table.client.get(evening).text
    assert "Tischwechsel gelöscht." in page
    table.client.post(evening + undo_link(page).split("/abend/1/")[1])
    assert table.ledger(evening).seats == ("Anna", "Ben", "Cem", "Dora", "Emil")


def test_the_history_brings_back_a_deleted_change(app, table, evening):
    change(table, evening, ("Anna", "Ben", "Cem", "Dora", "Emil"))
    (row,) = change_ids(app)
    table.client.post(f"{evening}tisch/{row}/loeschen", data={"revision": "1"})
    page = table.client.get(f"{evening}verlauf/").text
    assert "Tischwechsel nach Spiel 1 gelöscht" in page
    assert "Tischwechsel nach Spiel 1 eingetragen" in page
    event_id = re.search(r'verlauf/(\d+)/wiederherstellen', page).group(1)
    response = table.client.post(f"{evening}verlauf/{event_id}/wiederherstellen",
                                 data={"revision": "2"})
    assert response.status_code == 302
    assert table.ledger(evening).seats == ("Anna", "Ben", "Cem", "Dora", "Emil")
    assert "Tischwechsel wiederhergestellt." in table.client.get(evening).text


def test_a_stale_edit_of_a_change_overwrites_nothing(app, table, evening):
    change(table, evening, ("Anna", "Ben", "Cem", "Dora", "Emil"))
    (row,) = change_ids(app)
    first = change_form(table, ("Anna", "Emil", "Ben", "Cem", "Dora"), revision="1")
    assert table.client.post(f"{evening}tisch/{row}/", data=first).status_code == 302
    before = rows(app)
    stale = table.client.post(f"{evening}tisch/{row}/",
                              data=change_form(table, SEATS, revision="1"))
    assert stale.status_code == 422 and "inzwischen geändert" in stale.text
    assert rows(app) == before
    assert table.ledger(evening).seats == ("Anna", "Emil", "Ben", "Cem", "Dora")


def test_a_game_id_is_no_table_change_and_a_change_id_no_game(app, table, evening):
    change(table, evening, ("Anna", "Ben", "Cem", "Dora", "Emil"))
    (game,) = [i for i in table.game_ids() if i not in change_ids(app)]
    (row,) = change_ids(app)
    assert table.client.get(f"{evening}tisch/{game}/").status_code == 404
    assert table.client.get(f"{evening}spiel/{row}/").status_code == 404
    assert table.client.get(f"{evening}spiel/{row}/loeschen").status_code == 404


# --------------------------------------------------------------------------- refusals


def test_eight_at_the_table_are_refused_beside_the_seats(app, table):
    table.create_group(players=("Anna", "Ben", "Cem", "Dora", "Emil", "Fritz", "Gerd"))
    sheet = table.start_evening(("Anna", "Ben", "Cem", "Dora", "Emil", "Fritz", "Gerd"))
    before = rows(app)
    response = table.client.post(sheet + "tisch/neu", data=change_form(
        table, ("Anna", "Ben", "Cem", "Dora", "Emil", "Fritz", "Gerd", "Hans"), new="Hans"))
    assert response.status_code == 422
    assert 'id="present-error">4 bis 7 verschiedene Namen angeben' in response.text
    assert rows(app) == before  # Hans was not added to the Runde either


def test_a_change_seating_away_a_player_of_a_later_game_is_refused(app, table, evening):
    table.play(evening, ("Ben", "Dora"), 151)
    before = rows(app)
    # Dora leaving after game 1 would leave game 2 with a player who is not at the table.
    response = table.client.post(evening + "tisch/neu", data=change_form(
        table, ("Anna", "Ben", "Cem", "Emil"), after=1))
    assert response.status_code == 422
    assert "Spiel 2 ginge danach nicht mehr auf: sitzt nicht am Tisch: Dora" in response.text
    assert rows(app) == before


def test_a_leaver_who_played_the_forced_pflichtsolo_cannot_be_seated_away_before_it(app, table):
    # ddv, 5 players, 2 planned games: 5 open Pflichtsoli ≥ 2 games left, so both games are
    # forced. Anna deals game 1; the forced soloist is the first owing one after her: Ben.
    table.create_group(players=("Anna", "Ben", "Cem", "Dora", "Emil"))
    sheet = table.start_evening(("Anna", "Ben", "Cem", "Dora", "Emil"), planned_games=2)
    assert table.ledger(sheet).next.forced_soloist == "Ben"
    table.play(sheet, ("Ben",), 130, kind="solo", solo="damen",
               players=("Ben", "Cem", "Dora", "Emil"))
    assert table.ledger(sheet).games[0].pflicht
    before = rows(app)
    response = table.client.post(sheet + "tisch/neu", data=change_form(
        table, ("Anna", "Cem", "Dora", "Emil"), after=0))
    assert response.status_code == 422
    assert "Spiel 1 ginge danach nicht mehr auf: sitzt nicht am Tisch: Ben" in response.text
    assert rows(app) == before


def test_the_next_forced_soloist_may_leave_and_the_forcing_moves_on(table):
    table.create_group(players=("Anna", "Ben", "Cem", "Dora", "Emil"))
    sheet = table.start_evening(("Anna", "Ben", "Cem", "Dora", "Emil"), planned_games=2)
    change(table, sheet, ("Anna", "Cem", "Dora", "Emil"))
    ledger = table.ledger(sheet)
    # Ben would deal… no: Anna deals game 1 (nothing played yet); Ben's Pflichtsolo is
    # dropped and the first owing player after Anna is now Cem.
    assert ledger.table_changes[0].pflichtsolo_dropped == ("Ben",)
    assert (ledger.next.dealer, ledger.next.forced_soloist) == ("Anna", "Cem")


def test_a_game_naming_a_player_who_left_is_refused_beside_the_players(app, table, evening):
    change(table, evening, ("Anna", "Ben", "Cem", "Fritz", "Dora"), new="Fritz")
    change(table, evening, ("Anna", "Ben", "Cem", "Fritz", "Emil"))
    before = rows(app)
    response = table.enter(evening, ("Anna", "Cem"), 151, players=("Anna", "Ben", "Cem", "Dora"))
    assert response.status_code == 422
    assert 'id="players-error">sitzt nicht am Tisch: Dora' in response.text
    assert rows(app) == before


def refused_alike(app: Any, table: Any, sheet: str, data: dict[str, Any], field: str,
                  message: str) -> None:
    """The preview and saving refuse ``data`` with the same German message, saving beside
    ``field``; nothing is stored."""
    before = rows(app)
    assert table.client.post(sheet + "tisch/vorschau", data=data).json == {
        "ok": False, "messages": [message]}
    response = table.client.post(sheet + "tisch/neu", data=data)
    assert response.status_code == 422
    assert f'id="{field}-error">{message}' in response.text
    assert rows(app) == before


@pytest.mark.parametrize(("fields", "field", "message"), [
    ({"after": "7"}, "after", "zwischen 0 (vor Spiel 1) und 1 (nach dem letzten Spiel) wählen"),
    ({"after": "x"}, "after", "die Nummer eines Spiels angeben (0: vor Spiel 1)"),
    ({"new_name": "Anna", "seat-neu": "5"}, "new_name", "Anna gibt es in dieser Runde schon"),
    ({"new_name": " emil ", "seat-neu": "5"}, "new_name", "emil gibt es in dieser Runde schon"),
    ({"new_name": "F\u202eritz", "seat-neu": "5"}, "new_name",
     "Name darf keine Zeichen zur Schreibrichtung enthalten"),
    ({"dealer": "neu"}, "dealer", "erst den Namen des neuen Spielers eintragen"),
], ids=["after-past-the-last-game", "after-no-number", "new-name-at-the-table",
        "new-name-of-a-runde-player-in-other-case", "new-name-bidi", "new-dealer-without-name"])
def test_a_bad_field_is_refused_beside_it_the_preview_says_the_same_and_nothing_is_stored(
        app, table, evening, fields, field, message):
    data = {**change_form(table, ("Anna", "Ben", "Cem", "Dora")), **fields}
    refused_alike(app, table, evening, data, field, message)


def test_a_player_of_no_runde_is_refused_by_the_preview_as_by_saving(app, table, evening):
    data = change_form(table, SEATS)
    stranger = str(max(table.player_id(n) for n in (*SEATS, "Emil")) + 1)
    data["present"].append(stranger)
    data[f"seat-{stranger}"] = "5"
    refused_alike(app, table, evening, data, "present",
                  "nur Spieler dieser Runde können mitspielen")


def test_a_dealer_who_is_not_at_the_new_table_is_refused(app, table, evening):
    refused_alike(app, table, evening, change_form(table, ("Anna", "Ben", "Cem", "Emil"),
                                                   dealer="Dora"),
                  "dealer", "sitzt nach dem Tischwechsel nicht am Tisch: Dora")


def test_a_retired_player_cannot_come_to_the_table(app, table, evening):
    emil = table.player_id("Emil")
    assert table.client.post(f"/r/{table.token}/spieler/{emil}",
                             data={"retire": "1"}).status_code == 302
    refused_alike(app, table, evening, change_form(table, ("Anna", "Ben", "Cem", "Dora", "Emil")),
                  "present", "ausgeschiedene Spieler können nicht dazukommen: Emil. "
                  "Zurückholen: in der Runde unter „Spieler“ auf „Ändern“ und „spielt wieder "
                  "mit“ tippen")


def test_a_retired_player_typed_in_as_new_is_told_how_to_come_back(app, table, evening):
    # A tester typed the name of a retired player as the newcomer and was told only that
    # the name exists.
    emil = table.player_id("Emil")
    assert table.client.post(f"/r/{table.token}/spieler/{emil}",
                             data={"retire": "1"}).status_code == 302
    refused_alike(app, table, evening, {**change_form(table, ("Anna", "Ben", "Cem", "Dora")),
                                        "new_name": "emil", "seat-neu": "5"},
                  "new_name", "Emil ist ausgeschieden. Zurückholen: in der Runde unter "
                  "„Spieler“ auf „Ändern“ und „spielt wieder mit“ tippen")


def test_a_change_moved_before_a_game_its_leaver_played_says_how_early_it_may_go(app, table):
    # A tester moved a change to an earlier game and was only told that a game would no
    # longer add up. Five at the table: the dealer sits out; Emil deals game 5.
    five = (*SEATS, "Emil")
    table.create_group(players=five)
    sheet = table.start_evening(five)
    for dealer in range(5):  # the four after the dealer play
        players = tuple(five[(dealer + k) % 5] for k in range(1, 5))
        table.play(sheet, players[:2], 151, players=players)
    assert "Emil" not in table.ledger(sheet).games[4].players
    # Fritz comes for Emil after game 5, then is moved earlier: Emil played game 4.
    change(table, sheet, ("Anna", "Ben", "Cem", "Dora", "Fritz"), new="Fritz")
    (moved,) = change_ids(app)
    before = rows(app)
    data = change_form(table, ("Anna", "Ben", "Cem", "Dora", "Fritz"), after=2, revision="1")
    hint = "Emil spielt bis Spiel 4 mit: frühestens nach Spiel 4 wählen"
    preview = table.client.post(f"{sheet}tisch/{moved}/vorschau", data=data).json
    assert preview == {"ok": False, "messages": [
        "Spiel 3 ginge danach nicht mehr auf: sitzt nicht am Tisch: Emil", hint]}
    response = table.client.post(f"{sheet}tisch/{moved}/", data=data)
    assert response.status_code == 422
    assert f'id="after-error">{hint}' in response.text
    assert rows(app) == before
    data["after"] = "4"  # as the hint says
    assert table.client.post(f"{sheet}tisch/{moved}/", data=data).status_code == 302
    assert table.ledger(sheet).table_changes[0].after == 4


def test_a_closed_evening_offers_no_table_change_and_refuses_one(app, table, evening):
    table.client.post(evening + "schliessen", data={"revision": "1"})
    page = table.client.get(evening).text
    assert "Tisch ändern" not in page
    before = rows(app)
    response = table.client.post(evening + "tisch/neu", data=change_form(
        table, ("Anna", "Ben", "Cem", "Dora", "Emil")))
    assert response.status_code == 302
    assert rows(app) == before


def test_the_read_only_link_shows_the_change_but_no_way_to_make_one(app, table, evening):
    change(table, evening, ("Anna", "Ben", "Cem", "Dora", "Emil"))
    with app.app_context():
        from scorer import services

        read = services.find_group(table.token).read_token
    page = table.client.get(evening.replace(table.token, read)).text
    assert "Emil kommt dazu · gibt: Ben" in page
    assert "Tisch ändern" not in page and "Tischwechsel ändern" not in page
    assert table.client.get(evening.replace(table.token, read) + "tisch/neu").status_code == 403


@pytest.fixture
def fold_kept_at_the_cap(app_config: dict[str, Any]) -> None:
    """A worker that keeps a fold of 50,000 entries between requests (the default budget
    folds such an evening anew for each: seconds per page, and the same refusals)."""
    from scorer.core.evening import MAX_ENTRIES

    app_config["DOKO_FOLD_BUDGET"] = 2 * MAX_ENTRIES


@pytest.mark.usefixtures("fold_kept_at_the_cap")
def test_an_evening_at_the_cores_cap_takes_no_further_entry(app, table, evening):
    from sqlalchemy import insert, select

    from scorer.core.evening import MAX_ENTRIES
    from scorer.store.extensions import db

    (first,) = table.game_ids()
    table.client.post(f"{evening}spiel/{first}/loeschen", data={"revision": "1"})
    with app.app_context():
        evening_id = db.session.scalar(select(Game.evening_id))
        db.session.execute(insert(Game), [
            {"evening_id": evening_id, "position": 10 + k, "facts": {"kind": "redeal"},
             "entry_key": str(uuid.uuid4()), "revision": 1} for k in range(MAX_ENTRIES)])
        db.session.commit()
    before = rows(app)
    game = table.enter(evening, ("Anna", "Cem"), 151)
    assert game.status_code == 422
    assert "höchstens 50.000 Einträge (Spiele und Tischwechsel) je Abend" in game.text
    table_change = table.client.post(evening + "tisch/neu", data=change_form(
        table, ("Anna", "Ben", "Cem", "Dora", "Emil")))
    assert table_change.status_code == 422 and "höchstens 50.000 Einträge" in table_change.text
    with app.app_context():
        from scorer import services

        evening_row = services.find_evening(services.find_group(table.token), 1)
        deleted = next(e for e in services.history(evening_row) if e.action == "delete").id
    restore = table.client.post(f"{evening}verlauf/{deleted}/wiederherstellen",
                                data={"revision": "2"})
    assert restore.status_code == 302
    assert rows(app) == before
    with app.app_context():
        assert db.session.get(Game, first).deleted_at is not None


def test_gibt_noch_einmal_is_said_only_when_the_dealer_does_deal_again(table):
    table.create_group(players=SEATS)
    sheet = table.start_evening(SEATS)
    # ddv: Ben's first solo is his Pflichtsolo, after which Anna, the dealer, stays.
    table.play(sheet, ("Ben",), 130, kind="solo", solo="damen")
    assert "Nach dem Pflichtsolo gibt Anna noch einmal." in table.opened(sheet)
    change(table, sheet, SEATS, dealer="Cem")
    page = table.opened(sheet)
    assert "Tisch wie bisher · gibt: Cem" in page
    assert "noch einmal" not in shown(page)
