"""The sheet's rows (issue 11 and 12): compact cells, the breakdown of a row fetched when it
is opened (or on the game's own page without JavaScript), links built once per page, and
the players "Neuer Abend" ticks.
"""

from __future__ import annotations

import html
import re
import uuid
from urllib.parse import urljoin

from scorer.web.evening.sheet import PANEL_HEADER

FIVE = ("Anna", "Ben", "Cem", "Dora", "Emil")


def panel_url(page: str, number: int, sheet: str) -> str:
    """Row ``number``'s breakdown URL, resolved against the sheet as a browser does."""
    found = re.search(rf'id="spiel-{number}" data-panel="([^"]+)"', page)
    assert found, f"no row {number} with a breakdown to fetch"
    return urljoin(sheet, html.unescape(found.group(1)))


def test_the_sheet_holds_no_breakdown_only_the_link_to_it(table, client):
    table.create_group()
    sheet = table.start_evening()
    table.play(sheet, ("Anna", "Cem"), 151, extras_kontra_fuchs_gefangen="1")
    page = client.get(sheet).text
    assert "Fuchs gefangen +1" not in page and "151 : 89" not in page
    url = panel_url(page, 1, sheet)
    assert url == f"{sheet}spiel/{table.game_ids()[0]}/rechnung"
    assert 'href="spiel/' in page and 'Rechnung von Spiel 1</a>' in page
    # ddv, Re 151: gewonnen 1, Kontra under 90 1; Kontra's fox 1 for Kontra.
    fragment = client.get(url, headers={PANEL_HEADER: "1"})
    assert fragment.status_code == 200
    assert "<html" not in fragment.text
    assert "Re: gewonnen +1, unter 90 gespielt +1 · Kontra: Fuchs gefangen +1" in fragment.text
    assert "Re Anna, Cem 151 : 89 Kontra Ben, Dora" in fragment.text
    assert PANEL_HEADER in fragment.headers["Vary"]
    # Without JavaScript the same link is a page of its own, with the way back.
    own = client.get(url)
    assert own.status_code == 200 and "<html" in own.text
    assert "Re: gewonnen +1, unter 90 gespielt +1 · Kontra: Fuchs gefangen +1" in own.text
    assert f'href="{sheet}#spiel-1"' in own.text


def test_the_row_links_are_the_apps_own_urls(table, client, app):
    table.create_group()
    sheet = table.start_evening()
    table.play(sheet, ("Anna", "Cem"), 151)
    game = table.game_ids()[0]
    page = client.get(sheet).text
    # Relative to the sheet: the token is not repeated in every row.
    for link in (f"spiel/{game}/", f"spiel/{game}/loeschen", f"spiel/{game}/rechnung"):
        assert f'href="{link}"' in page
        assert client.get(urljoin(sheet, link)).status_code == 200


def test_a_read_only_link_reads_a_breakdown_and_offers_no_change(table, app):
    from scorer import services

    table.create_group()
    sheet = table.start_evening()
    table.play(sheet, ("Anna", "Cem"), 151)
    with app.app_context():
        group = services.find_group(table.token)
        read_sheet = sheet.replace(group.edit_token, group.read_token)
    reader = app.test_client()
    page = reader.get(read_sheet).text
    assert "ändern</a>" not in page and "loeschen" not in page
    fragment = reader.get(panel_url(page, 1, read_sheet), headers={PANEL_HEADER: "1"})
    assert fragment.status_code == 200 and "gewonnen +1" in fragment.text


def test_a_deleted_game_or_a_table_change_has_no_breakdown(table, client):
    table.create_group(players=FIVE)
    sheet = table.start_evening()
    table.play(sheet, ("Anna", "Cem"), 151)
    game = table.game_ids()[0]
    client.post(sheet + f"spiel/{game}/loeschen", data={"revision": "1"})
    assert client.get(sheet + f"spiel/{game}/rechnung").status_code == 404
    change = client.post(sheet + "tisch/neu", data={
        "entry_key": str(uuid.uuid4()), "present": table.ids(*FIVE), "after": "",
        "dealer": "", **{f"seat-{pid}": str(k) for k, pid in enumerate(table.ids(*FIVE), 1)}})
    assert change.status_code == 302
    assert client.get(sheet + f"spiel/{table.game_ids()[-1]}/rechnung").status_code == 404


def test_a_row_shows_the_bock_factor_under_the_number_and_the_dealer_under_the_kind(
        table, client):
    # bockrunde: game 1 at 120:120 starts a round ×2; game 2 (Ben deals) is its first game.
    table.create_group(preset="bockrunde")
    sheet = table.start_evening()
    table.play(sheet, ("Anna", "Cem"), 120)
    table.play(sheet, ("Ben", "Dora"), 130)
    page = client.get(sheet).text
    row2 = re.search(r'id="spiel-2".*?</summary>', page, re.S).group(0)
    assert 'class="game game--bock"' in page
    assert '2<small class="cell-bock">×2</small>' in row2
    assert ('<small class="cell-dealer"><span aria-hidden="true">Ben</span>'
            '<span class="visually-hidden">Geber Ben</span></small>') in row2
    assert "Bock: 1 Bockspiel gespielt · ausgelöst in Spiel 1 · Noch 3 Bockspiele ×2" in page


def test_rules_changed_only_in_order_are_no_deviation_on_the_sheet(table, client):
    table.create_group(preset="bockrunde")
    sheet = table.start_evening(solo_kinds=[
        "damen", "buben", "fleischlos", "kreuz", "pik", "herz", "karo"])
    page = client.get(sheet).text
    assert "Bockrunde, ohne Abweichung." in page
    assert "Soli: Kreuz-Solo, Pik-Solo, Herz-Solo, Karo-Solo, Damensolo, Bubensolo" in page
    sheet = table.start_evening(solo_kinds=["damen", "kreuz"])
    assert "Abweichend von Bockrunde: Erlaubte Soli: Kreuz-Solo, Damensolo" in client.get(
        sheet).text


# --------------------------------------------------------------------------- Neuer Abend


def ticked(page: str) -> list[str]:
    return re.findall(r'name="present" value="(\d+)"\s+checked', page)


def seat_numbers(page: str) -> dict[str, str]:
    return dict(re.findall(r'name="seat-(\d+)"\s+value="(\d+)"', page))


def test_before_the_first_evening_every_active_player_is_ticked_up_to_seven(table, client):
    url = table.create_group(players=FIVE)
    assert sorted(ticked(client.get(f"{url}abend/neu").text)) == sorted(table.ids(*FIVE))
    eight = table.create_group(players=(*FIVE, "Fritz", "Gabi", "Hein"))
    assert ticked(client.get(f"{eight}abend/neu").text) == []


def test_the_players_of_the_last_evening_are_ticked_in_their_seat_order(table, client):
    url = table.create_group(players=(*FIVE, "Fritz"))
    sheet = table.start_evening(seats=("Cem", "Anna", "Ben", "Dora"))
    table.play(sheet, ("Anna", "Cem"), 151)
    # Fritz joins: he played the evening too.
    client.post(sheet + "tisch/neu", data={
        "entry_key": str(uuid.uuid4()), "present": table.ids("Cem", "Anna", "Ben", "Dora",
                                                             "Fritz"),
        "after": "", "dealer": "",
        **{f"seat-{pid}": str(k) for k, pid in enumerate(
            table.ids("Cem", "Anna", "Ben", "Dora", "Fritz"), 1)}})
    page = client.get(f"{url}abend/neu").text
    last = table.ids("Cem", "Anna", "Ben", "Dora", "Fritz")
    assert sorted(ticked(page)) == sorted(last)
    numbers = seat_numbers(page)
    assert [numbers[pid] for pid in last] == ["1", "2", "3", "4", "5"]
    assert numbers[table.ids("Emil")[0]] == "6"


def row_cells(page: str, number: int) -> list[str]:
    """The points cells of game ``number``'s row (players at the table) as text: "+2 6"
    (points, then the total)."""
    row = re.search(rf'id="spiel-{number}".*?</summary>', page, re.S)
    assert row, f"no row {number}"
    cells = re.findall(r'<span class="cell-points[^"]*"><small>([^<]*)</small>([^<]*)</span>',
                       row.group(0))
    return [f"{points} {total}" for points, total in cells]


def test_an_edited_first_game_moves_the_totals_of_every_later_row(table, client):
    table.create_group()
    sheet = table.start_evening()
    for _ in range(3):
        table.play(sheet, ("Anna", "Cem"), 151)
    # ddv, Re 151: gewonnen 1, Kontra under 90 1 -> Anna and Cem +2, Ben and Dora -2 a game.
    assert row_cells(client.get(sheet).text, 3) == ["+2 6", "−2 −6", "+2 6", "−2 −6"]
    first = table.game_ids()[0]
    page = client.get(sheet + f"spiel/{first}/").text
    revision = re.search(r'name="revision" type="hidden" value="(\d+)"', page).group(1)
    edited = client.post(sheet + f"spiel/{first}/", data={
        **table.game_form(("Anna", "Cem"), 121), "revision": revision})
    assert edited.status_code == 302, edited.text
    # Re 121 wins without more: +1 in game 1, so 1 + 2 + 2 after game 3.
    page = client.get(sheet).text
    assert row_cells(page, 1) == ["+1 1", "−1 −1", "+1 1", "−1 −1"]
    assert row_cells(page, 3) == ["+2 5", "−2 −5", "+2 5", "−2 −5"]


def test_rows_drawn_for_the_edit_link_are_not_what_the_read_only_link_gets(table, app):
    from scorer import services

    table.create_group()
    sheet = table.start_evening()
    table.play(sheet, ("Anna", "Cem"), 151)
    with app.app_context():
        group = services.find_group(table.token)
        read_sheet = sheet.replace(group.edit_token, group.read_token)
    assert "Spiel 1 ändern" in table.client.get(sheet).text
    page = app.test_client().get(read_sheet).text
    assert "Spiel 1 ändern" not in page and "loeschen" not in page
    assert group.edit_token not in page
    assert row_cells(page, 1) == ["+2 2", "−2 −2", "+2 2", "−2 −2"]


def test_a_closed_evening_offers_no_change_in_the_rows_drawn_before(table, client):
    table.create_group()
    sheet = table.start_evening()
    table.play(sheet, ("Anna", "Cem"), 151)
    page = client.get(sheet).text
    assert "Spiel 1 ändern" in page
    revision = re.search(r'name="revision" type="hidden" value="(\d+)"', page).group(1)
    closed = client.post(sheet + "schliessen", data={"revision": revision})
    assert closed.status_code == 302
    assert "Spiel 1 ändern" not in client.get(sheet).text


def test_a_token_holding_the_placeholder_digits_still_gets_its_row_links(app):
    from scorer.web.evening.sheet_rows import _PLACEHOLDER, RowLinks

    token = f"ab{_PLACEHOLDER}cdefghijklmnopqrstuvw"
    with app.test_request_context():
        links = RowLinks(token, 1)
    assert links("edit", 7) == "spiel/7/"
    assert links("panel", 7) == "spiel/7/rechnung"
