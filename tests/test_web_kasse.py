"""The Kasse through the pages (RULES.md §11.2): what absent members pay, charges marked
paid and taken back through the history, deposits and expenses in German amounts, a charge
corrected after it was paid, the season report and the CSV. Amounts are worked out from
the rule text in the comments."""

from __future__ import annotations

import datetime as dt
import json
import re
from typing import Any

from conftest import shown

from tests.year_pages import (
    FIVE,
    evening_on,
    flash_of,
    play_season,
    post_ok,
    set_absent,
    table_rows,
)

# Season 2025 (tests/year_pages.py), both evenings pay_leader at 10 ct a point, closed:
# evening 1 (Anna, Ben 2; Cem, Dora −2): Cem and Dora pay the gap of 4 to the leaders,
# 40 ct each; Emil was no member yet. Evening 2 (Cem 3, Anna 1, Dora −1, Emil −3; Ben, a
# member, away): Anna 20 ct, Dora 40, Emil 60 (the last-placed).
OWED_AT_THE_TABLE = {"Anna": "0,20 €", "Cem": "0,40 €", "Dora": "0,80 €", "Emil": "0,60 €"}


def kasse(client: Any, table: Any) -> str:
    response = client.get(f"/r/{table.token}/kasse/")
    assert response.status_code == 200
    return response.text


def members(page: str) -> dict[str, tuple[str, str]]:
    """Name -> (paid, owed) from the Kasse page's members."""
    return {row[0]: (row[1], row[2]) for row in table_rows(page, "stats")}


def balance(page: str) -> str:
    found = re.search(r'<p class="kasse-state__balance[^"]*">([^<]+)</p>', page)
    assert found
    return found.group(1)


ABSENT = [
    ("nothing", "", "0,00 €"),      # "is charged nothing"
    ("as_last", "", "0,60 €"),      # "what that evening's last-placed player was charged"
    ("fixed", "1,50", "1,50 €"),    # absent_fixed_cents
]


def test_an_absent_member_pays_as_the_runde_decided(table, client):
    # One season, each row of ABSENT chosen on the settings page in turn.
    table.create_group(players=FIVE)
    play_season(table)
    for mode, amount, ben in ABSENT:
        set_absent(table, mode, amount)
        owed = {name: o for name, (_, o) in members(kasse(client, table)).items()}
        assert owed == {**OWED_AT_THE_TABLE, "Ben": ben}, mode


def test_only_members_on_the_evenings_date_pay_as_absent(table, client):
    # "a member of the Runde on the evening's date (added on or before it, not retired
    # before it)": Fritz, added today, is no member of a 2025 evening; Dora, retired
    # today, is no member of an evening tomorrow.
    table.create_group(players=(*FIVE, "Fritz"))
    play_season(table)
    set_absent(table, "fixed", "1")
    dora = table.player_id("Dora")
    post_ok(table, f"/r/{table.token}/spieler/{dora}", {"retire": "1"})
    tomorrow = (dt.date.today() + dt.timedelta(days=1)).isoformat()
    later = evening_on(table, tomorrow, ("Anna", "Ben", "Cem", "Emil"))
    table.play(later, ("Anna", "Ben"), 151)
    from tests.year_pages import close

    close(table, later)
    page = kasse(client, table)
    absent = re.findall(r'kasse-charge__who">(\w+) <span class="badge">fehlte</span>', page)
    # Evening 2: Ben (1,00 €); tomorrow's evening: Fritz (added today), not Dora.
    assert sorted(absent) == ["Ben", "Fritz"]
    assert members(page)["Dora"][1] == "0,80 €"


def test_a_player_added_after_the_evenings_he_missed_is_made_a_member_of_them(table, client):
    # Tester finding: a Runde that brings its history (back-dated or imported evenings)
    # adds its players today, so nobody was "a member on the evening's date" of the old
    # evenings and the absence rules never applied. "Mitglied seit" on the player's page
    # sets the day of adding. Fritz missed both 2025 evenings; with 1,00 € for an absent
    # member he owes 2,00 € once he is a member since 1 January 2025.
    table.create_group(players=(*FIVE, "Fritz"))
    play_season(table)
    set_absent(table, "fixed", "1")
    assert "Fritz" not in members(kasse(client, table))
    player = f"/r/{table.token}/spieler/{table.player_id('Fritz')}"
    # Bad dates are refused beside the field, and change nothing.
    for value, message in (("", "ein Datum angeben"),
                           ((dt.date.today() + dt.timedelta(days=1)).isoformat(),
                            "das Datum darf nicht in der Zukunft liegen")):
        response = client.post(player, data={"since": value})
        assert response.status_code == 422 and message in response.text, value
        assert 'id="since-error"' in response.text
        assert "Fritz" not in members(kasse(client, table))
    page = post_ok(table, player, {"since": "2025-01-01"})
    assert "Fritz ist Mitglied seit 01.01.2025." in flash_of(page)
    assert 'value="2025-01-01"' in client.get(player).text
    assert members(kasse(client, table))["Fritz"] == ("0,00 €", "2,00 €")


def test_a_payment_is_marked_and_taken_back_through_the_history(app, table, client):
    table.create_group(players=FIVE)
    play_season(table)
    dora = table.player_id("Dora")
    runde = f"/r/{table.token}/"
    page = post_ok(table, runde + "kasse/bezahlt", {"abend": "2", "spieler": str(dora),
                                                     "betrag": "40"})
    assert "Dora: 0,40 € für Abend 2 bezahlt." in flash_of(page)
    assert balance(page) == "0,40 €" and members(page)["Dora"] == ("0,40 €", "0,40 €")
    # A second phone's page still showing 40 ct open for the same charge: refused.
    before = json.dumps(tables_of(app), sort_keys=True, default=str)
    page = post_ok_or_flash(table, runde + "kasse/bezahlt", {
        "abend": "2", "spieler": str(dora), "betrag": "40"})
    assert "inzwischen geändert" in flash_of(page)
    assert json.dumps(tables_of(app), sort_keys=True, default=str) == before
    history = client.get(runde + "kasse/verlauf").text
    assert "Dora: 0,40 € für Abend 2 bezahlt" in history and "über diesen Link" in history
    undo = re.search(r'action="([^"]+/rueckgaengig)"', history)
    assert undo
    page = post_ok(table, undo.group(1), {"back": "verlauf"})
    assert "Rückgängig gemacht." in flash_of(page)
    assert "Dora: 0,40 € für Abend 2 wieder offen" in page
    # Only the newest change of a charge can be taken back: one button, for the undo.
    assert page.count("/rueckgaengig") == 1
    assert balance(kasse(client, table)) == "0,00 €"
    assert members(kasse(client, table))["Dora"] == ("0,00 €", "0,80 €")


def test_nicht_bezahlt_on_the_members_page_opens_a_charge_again(table, client):
    table.create_group(players=FIVE)
    play_season(table)
    emil = table.player_id("Emil")
    runde = f"/r/{table.token}/"
    post_ok(table, runde + "kasse/bezahlt", {"abend": "2", "spieler": str(emil),
                                             "betrag": "60", "back": "spieler"})
    page = client.get(f"{runde}kasse/spieler/{emil}").text
    assert "0,60 € · bezahlt" in page
    page = post_ok(table, runde + "kasse/offen", {"abend": "2", "spieler": str(emil),
                                                  "betrag": "60", "back": "spieler"})
    assert "0,60 € · offen" in page and "Emil: Abend 2 ist wieder offen." in flash_of(page)


def test_an_evening_corrected_after_a_payment_asks_for_the_difference(table, client):
    table.create_group(players=FIVE)
    sheets = play_season(table)
    dora = table.player_id("Dora")
    runde = f"/r/{table.token}/"
    post_ok(table, runde + "kasse/bezahlt", {"abend": "2", "spieler": str(dora),
                                             "betrag": "40"})
    # Reopened: evening 2 charges nothing while it runs; Dora's 40 ct stay in the Kasse.
    post_ok(table, sheets[1] + "oeffnen", {"revision": "2"})
    page = kasse(client, table)
    assert balance(page) == "0,40 €" and "0,40 € Guthaben" in page
    # A forgotten game: Anna and Emil win with 151 (2 each). Now Anna leads with 3, Dora
    # (−3) pays 6 points: 60 ct, of which 40 are paid.
    table.play(sheets[1], ("Anna", "Emil"), 151, players=("Anna", "Cem", "Dora", "Emil"))
    from tests.year_pages import close

    close(table, sheets[1])
    page = kasse(client, table)
    assert "noch 0,20 € (von 0,60 €)" in page
    assert members(page)["Dora"] == ("0,40 €", "0,60 €")
    page = post_ok(table, runde + "kasse/bezahlt", {"abend": "2", "spieler": str(dora),
                                                    "betrag": "20"})
    assert members(page)["Dora"] == ("0,60 €", "0,40 €")  # evening 1's 40 ct still open
    history = client.get(runde + "kasse/verlauf").text
    assert "Dora: 0,60 € für Abend 2 bezahlt (vorher 0,40 € bezahlt)" in history


def test_deposits_and_expenses_are_typed_in_euros_and_come_back_from_the_history(
        app, table, client):
    table.create_group(players=FIVE)
    runde = f"/r/{table.token}/"
    post_ok(table, runde + "kasse/eintrag", {"kind": "deposit", "date": "2025-01-02",
                                             "text": "Startgeld", "amount": "50"})
    page = post_ok(table, runde + "kasse/eintrag", {"kind": "expense", "date": "2025-12-12",
                                                    "text": "Jahresessen", "amount": "180,00"})
    assert balance(page) == "−130,00 €"
    assert "2025-12-12" not in page and "12.12.2025 · Jahresessen" in page
    assert "−180,00 €" in page and "+50,00 €" in page
    before = json.dumps(tables_of(app), sort_keys=True, default=str)
    for data, field in (({"amount": "12.50"}, "amount"), ({"amount": "-5"}, "amount"),
                        ({"amount": "0"}, "amount"), ({"text": " "}, "text"),
                        ({"date": "2025-02-30"}, "date"),
                        ({"amount": "100000,01"}, "amount")):
        response = client.post(runde + "kasse/eintrag", data={
            "kind": "expense", "date": "2025-12-12", "text": "Karten", "amount": "4,50",
            **data})
        assert response.status_code == 422, data
        assert f'id="{field}-error"' in response.text, (data, response.text[-3000:])
    assert json.dumps(tables_of(app), sort_keys=True, default=str) == before
    # Deleting asks first (its own button); "Zuletzt … Rückgängig" brings it back.
    entry = re.search(r'action="([^"]+/eintrag/\d+/loeschen)"', page)
    assert entry and "Ja, „Jahresessen“ löschen" in page
    page = post_ok(table, entry.group(1), {})
    assert balance(page) == "50,00 €"
    undo = re.search(r'<form class="undo" method="post" action="([^"]+)"', page)
    assert undo and "„Jahresessen“" in page
    page = post_ok(table, undo.group(1), {})
    assert balance(page) == "−130,00 €"


def test_an_amount_of_other_digits_or_thousands_of_them_is_refused_beside_its_field(
        app, table, client):
    # Issue #36: 5,000 digits were a 500 (beyond int()'s digits), "٣٣" was read as 33,00 €.
    table.create_group(players=FIVE)
    runde = f"/r/{table.token}/"
    before = json.dumps(tables_of(app), sort_keys=True, default=str)
    for amount in ("1" * 5000, "٣٣", "３", "1" * 30):
        response = client.post(runde + "kasse/eintrag", data={
            "kind": "deposit", "date": "2025-12-12", "text": "Karten", "amount": amount})
        assert response.status_code == 422, amount[:10]
        assert 'id="amount-error"' in response.text
        response = client.post(runde + "kasse/fehlende", data={
            "absent_pays": "fixed", "absent_fixed": amount})
        assert response.status_code == 422, amount[:10]
        assert 'id="absent_fixed-error"' in response.text
    assert json.dumps(tables_of(app), sort_keys=True, default=str) == before


def test_every_example_the_amount_hint_gives_is_accepted(app, table, client):
    # A reader who copies the hint's example must not be refused next: no minus sign in it.
    table.create_group(players=FIVE)
    runde = f"/r/{table.token}/"
    entry = {"kind": "expense", "date": "2025-12-12", "text": "Karten"}
    response = client.post(runde + "kasse/eintrag", data={**entry, "amount": "zehn"})
    assert response.status_code == 422
    hint = re.search(r'<p class="error" id="amount-error">([^<]+)</p>', response.text)
    assert hint and "etwa" in hint.group(1), response.text[-3000:]
    examples = re.findall(r"[−+-]?\d[\d.,]*", hint.group(1).split("etwa", 1)[1])
    assert len(examples) >= 2, hint.group(1)
    for example in examples:
        response = client.post(runde + "kasse/eintrag", data={**entry, "amount": example})
        assert response.status_code == 302, (example, hint.group(1))


def test_the_season_report_sums_averages_and_bounds_each_members_charges(table, client):
    table.create_group(players=FIVE)
    play_season(table)
    set_absent(table, "fixed", "1,50")
    post_ok(table, f"/r/{table.token}/kasse/bezahlt", {
        "abend": "1", "spieler": str(table.player_id("Cem")), "betrag": "40"})
    page = client.get(f"/r/{table.token}/kasse/bericht?saison=2025-01-01").text
    played, charges = (re.findall(r"<tbody>(.*?)</tbody>", page, re.S))
    from tests.year_pages import cells

    rows = [cells(r) for r in re.findall(r"<tr>(.*?)</tr>", played, re.S)]
    assert rows == [["Anna", "2", "+3", "0,00 €"], ["Ben", "1", "+2", "0,00 €"],
                    ["Cem", "2", "+1", "0,40 €"], ["Dora", "2", "−3", "0,00 €"],
                    ["Emil", "1", "−3", "0,00 €"]]
    rows = [cells(r) for r in re.findall(r"<tr>(.*?)</tr>", charges, re.S)]
    # Anna: 0 (she led evening 1) and 20 ct; Ben: 0 and 1,50 € absent; Emil: 60 ct only
    # (no member on evening 1).
    assert rows == [["Anna", "0,20 €", "0,10 €", "0,00 €", "0,20 €"],
                    ["Ben", "1,50 €", "0,75 €", "0,00 €", "1,50 €"],
                    ["Cem", "0,40 €", "0,20 €", "0,00 €", "0,40 €"],
                    ["Dora", "0,80 €", "0,40 €", "0,40 €", "0,40 €"],
                    ["Emil", "0,60 €", "0,60 €", "0,60 €", "0,60 €"]]


def test_the_kasse_csv_lists_every_charge_and_entry_for_a_spreadsheet(table, client):
    table.create_group(players=FIVE)
    play_season(table)
    post_ok(table, f"/r/{table.token}/kasse/eintrag", {
        "kind": "expense", "date": "2025-12-12", "text": "=SUMME(A1)", "amount": "4,50"})
    post_ok(table, f"/r/{table.token}/kasse/bezahlt", {
        "abend": "1", "spieler": str(table.player_id("Dora")), "betrag": "40"})
    response = client.get(f"/r/{table.token}/kasse/kasse.csv")
    assert response.headers["Content-Type"].startswith("text/csv")
    text = response.data.decode("utf-8")
    assert text.startswith("\ufeffDatum;Art;Abend;Spieler;Text;Betrag;Bezahlt;Offen\r\n")
    lines = text.lstrip("\ufeff").splitlines()[1:]
    assert lines[:4] == ["2025-03-06;Abend;1;Anna;;0,00;0,00;0,00",
                         "2025-03-06;Abend;1;Ben;;0,00;0,00;0,00",
                         "2025-03-06;Abend;1;Cem;;0,40;0,00;0,40",
                         "2025-03-06;Abend;1;Dora;;0,40;0,40;0,00"]
    assert lines[-1] == "2025-12-12;Ausgabe;;;'=SUMME(A1);-4,50;;"
    assert len(lines) == 4 + 4 + 1


def test_a_read_only_link_sees_the_kasse_and_changes_nothing(app, table, client):
    table.create_group(players=FIVE)
    play_season(table)
    from scorer import services

    with app.app_context():
        read = services.find_group(table.token).read_token
    page = client.get(f"/r/{read}/kasse/").text
    assert "Offene Beträge" in page and "bezahlt<span" not in page and "Eintragen" not in shown(page)
    response = client.post(f"/r/{read}/kasse/bezahlt", data={
        "abend": "1", "spieler": str(table.player_id("Dora")), "betrag": "40"})
    assert response.status_code == 403


def tables_of(app: Any) -> dict[str, Any]:
    from scorer.store import backup
    from scorer.store.extensions import db

    with app.app_context():
        tables = backup.dump(db.session, db.metadata)["tables"]
        db.session.remove()
    return tables


def post_ok_or_flash(table: Any, url: str, data: dict[str, Any]) -> str:
    """Post a form that is answered with a redirect (accepted or refused with a flash)."""
    response = table.client.post(url, data=data)
    assert response.status_code == 302, response.text[:2000]
    return table.client.get(response.location).text


def _forms(page: str, action: str) -> list[dict[str, str]]:
    """Each form of the page that posts to a URL ending in ``action``: its hidden fields."""
    found = []
    for url, body in re.findall(r'<form[^>]*action="([^"]+)"[^>]*>(.*?)</form>', page, re.S):
        if url.endswith(action):
            fields = {}
            for tag in re.findall(r'<input[^>]*>', body):
                name, value = re.search(r'name="([^"]+)"', tag), re.search(r'value="([^"]*)"', tag)
                if 'type="hidden"' in tag and name:
                    fields[name.group(1)] = value.group(1) if value else ""
            found.append(fields)
    return found


def _kasse_rows(app: Any) -> tuple[int, int, int]:
    tables = tables_of(app)
    return (len(tables["kasse_entries"]), len(tables["kasse_marks"]),
            len(tables["kasse_events"]))


def test_an_entry_sent_again_with_its_forms_key_stores_nothing_more(app, table, client):
    # Issue #36: the same "Eintragen" sent twice stored two deposits (a double tap and a
    # resend three; after a lost answer, entering it again doubled it).
    table.create_group(players=FIVE)
    runde = f"/r/{table.token}/"
    page = kasse(client, table)
    (form,) = _forms(page, "/kasse/eintrag")
    key = form.get("entry_key", "")
    assert re.fullmatch(r"[0-9a-f-]{36}", key), form
    sent = {"kind": "deposit", "date": "2025-01-02", "text": "Startgeld", "amount": "50",
            "entry_key": key}
    for _ in range(3):
        page = post_ok(table, runde + "kasse/eintrag", sent)
        assert "„Startgeld“" in flash_of(page) and balance(page) == "50,00 €"
    assert _kasse_rows(app) == (1, 0, 1)
    # The next form has a key of its own; the same form sent back changed is another entry.
    assert _forms(page, "/kasse/eintrag")[0]["entry_key"] != key
    page = post_ok(table, runde + "kasse/eintrag", {**sent, "amount": "20"})
    assert balance(page) == "70,00 €" and _kasse_rows(app) == (2, 0, 2)
    # A form without a key (an old page) is stored as before.
    post_ok(table, runde + "kasse/eintrag", {**sent, "entry_key": ""})
    assert _kasse_rows(app) == (3, 0, 3)


def test_bezahlt_and_nicht_bezahlt_sent_again_change_nothing_more(app, table, client):
    table.create_group(players=FIVE)
    play_season(table)
    dora = table.player_id("Dora")
    runde = f"/r/{table.token}/"
    forms = [f for f in _forms(kasse(client, table), "/kasse/bezahlt")
             if f["spieler"] == str(dora) and f["abend"] == "2"]
    (form,) = forms
    assert re.fullmatch(r"[0-9a-f-]{36}", form.get("entry_key", "")), form
    keys = [f["entry_key"] for f in _forms(kasse(client, table), "/kasse/bezahlt")]
    assert len(set(keys)) == len(keys) > 1
    for _ in range(2):
        page = post_ok(table, runde + "kasse/bezahlt", form)
        assert "Dora: 0,40 € für Abend 2 bezahlt." in flash_of(page)
        assert balance(page) == "0,40 €"
    assert _kasse_rows(app) == (0, 1, 1)
    page = client.get(f"{runde}kasse/spieler/{dora}").text
    (again,) = [f for f in _forms(page, "/kasse/offen") if f["abend"] == "2"]
    assert re.fullmatch(r"[0-9a-f-]{36}", again.get("entry_key", "")), again
    for _ in range(2):
        page = post_ok(table, runde + "kasse/offen", again)
        assert "Dora: Abend 2 ist wieder offen." in flash_of(page)
    assert _kasse_rows(app) == (0, 0, 2)
