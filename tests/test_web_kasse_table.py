"""The Kasse as the treasurer uses it (issues 37, 38), through the pages: "Dora gibt 1 €"
paying her oldest open shares first with the rest as credit, "alles bezahlt" per evening
and per member, a deposit that needs no kind chosen before, fines and drinks with their
own "bezahlt", a fee per evening, in the season report and the CSV. Amounts are worked out
by hand in the comments from tests/year_pages.py's season."""

from __future__ import annotations

import re

from tests.year_pages import FIVE, flash_of, play_season, post_ok, table_rows

# Season 2025, both evenings pay_leader at 10 ct a point, closed (tests/test_web_kasse.py):
# evening 1 (6 March): Cem 0,40, Dora 0,40; evening 2 (13 March): Anna 0,20, Dora 0,40,
# Emil 0,60. Dora owes 0,80 €.


def kasse(table) -> str:
    response = table.client.get(f"/r/{table.token}/kasse/")
    assert response.status_code == 200
    return response.text


def members(page: str) -> dict[str, tuple[str, str]]:
    return {row[0]: (row[1], re.sub(r"\s+", " ", row[2])) for row in table_rows(page, "stats")}


def balance(page: str) -> str:
    found = re.search(r'<p class="kasse-state__balance[^"]*">([^<]+)</p>', page)
    assert found
    return found.group(1)


def hand(table, name: str, amount: str, date: str = "2025-03-20") -> str:
    return post_ok(table, f"/r/{table.token}/kasse/gibt", {
        "gibt-player": str(table.player_id(name)), "gibt-amount": amount, "gibt-date": date})


def test_money_handed_in_pays_the_oldest_shares_first_and_the_rest_is_credit(table):
    table.create_group(players=FIVE)
    play_season(table)
    # "Dora gibt 0,50 €": evening 1's 0,40 in full, 0,10 of evening 2's 0,40.
    page = hand(table, "Dora", "0,50")
    assert "Dora gibt 0,50 €" in flash_of(page)
    assert balance(page) == "0,50 €"
    assert members(page)["Dora"] == ("0,50 €", "0,30 €")
    assert "noch 0,30 € (von 0,40 €)" in page
    # "Dora gibt 1 €" more: 0,30 € pay evening 2, 0,70 € are her credit.
    page = hand(table, "Dora", "1")
    assert balance(page) == "1,50 €"
    assert members(page)["Dora"] == ("1,50 €", "0,00 €0,70 € Guthaben")
    history = table.client.get(f"/r/{table.token}/kasse/verlauf").text
    assert "Dora gibt 1,00 €" in history and "Dora gibt 0,50 €" in history
    # Her page says what she handed in, and her shares as paid.
    dora = table.client.get(f"/r/{table.token}/kasse/spieler/{table.player_id('Dora')}").text
    assert "0,40 € · bezahlt" in dora and dora.count("Dora gibt") == 2
    csv = table.client.get(f"/r/{table.token}/kasse/kasse.csv").data.decode("utf-8-sig")
    assert "2025-03-20;Geld gegeben;;Dora;;0,50;;" in csv
    # Evening 1's 0,40 € share is paid by the money handed in.
    assert "2025-03-06;Abend;1;Dora;;0,40;0,40;0,00" in csv


def test_handing_in_no_amount_or_nobody_is_refused_naming_the_field(table):
    table.create_group(players=FIVE)
    play_season(table)
    for data, said in (({"gibt-amount": "zwanzig"}, 'id="gibt-amount-error"'),
                       ({"gibt-amount": "0"}, 'id="gibt-amount-error"'),
                       ({"gibt-player": "999999"}, "diesen Spieler gibt es in dieser Runde")):
        response = table.client.post(f"/r/{table.token}/kasse/gibt", data={
            "gibt-player": str(table.player_id("Dora")), "gibt-amount": "5",
            "gibt-date": "2025-03-20", **data})
        assert response.status_code == 422, data
        assert said in response.text, data
    assert balance(kasse(table)) == "0,00 €"


def test_alles_bezahlt_settles_an_evening_or_a_member_in_one_tap(table):
    table.create_group(players=FIVE)
    play_season(table)
    runde = f"/r/{table.token}/kasse/"
    # Evening 2: Anna 0,20 + Dora 0,40 + Emil 0,60 = 1,20 €. A stale sum is refused.
    response = table.client.post(runde + "alles", data={"abend": "2", "betrag": "100"})
    assert response.status_code == 302
    assert "inzwischen" in flash_of(table.client.get(response.location).text)
    page = post_ok(table, runde + "alles", {"abend": "2", "betrag": "120"})
    assert balance(page) == "1,20 €" and "Alles bezahlt: 1,20 €." in flash_of(page)
    # Cem: 0,40 € of evening 1, his only share.
    page = post_ok(table, runde + "alles", {"spieler": str(table.player_id("Cem")),
                                            "betrag": "40"})
    assert balance(page) == "1,60 €"
    assert members(page)["Cem"] == ("0,40 €", "0,00 €")
    assert members(page)["Dora"] == ("0,40 €", "0,40 €")


def test_the_entry_form_opens_on_no_kind_and_refuses_without_one(table):
    table.create_group(players=FIVE)
    page = kasse(table)
    # No kind is checked in advance: one tap either way, and none is taken for granted.
    assert 'name="kind" value="deposit"' in page and 'name="kind" value="expense"' in page
    assert not re.search(r'<input type="radio" name="kind"[^>]*checked', page)
    runde = f"/r/{table.token}/kasse/"
    page = post_ok(table, runde + "eintrag", {"kind": "deposit", "date": "2025-12-24",
                                              "text": "Weihnachtsspende", "amount": "20"})
    assert balance(page) == "20,00 €"
    response = table.client.post(runde + "eintrag", data={
        "date": "2025-12-24", "text": "Spende", "amount": "5"})
    assert response.status_code == 422 and "die Art wählen" in response.text
    assert balance(kasse(table)) == "20,00 €"


def test_fines_and_drinks_are_owed_until_paid_and_in_the_report_and_csv(table):
    table.create_group(players=FIVE)
    play_season(table)
    runde = f"/r/{table.token}/kasse/"
    ben = str(table.player_id("Ben"))
    page = post_ok(table, runde + "posten", {
        "posten-player": ben, "posten-kind": "fine", "posten-text": "zu spät",
        "posten-amount": "1,00", "posten-date": "2025-03-13"})
    # Ben owed nothing; now the fine.
    assert members(page)["Ben"] == ("0,00 €", "1,00 €")
    assert "Strafe: zu spät" in page
    post_ok(table, runde + "posten", {
        "posten-player": str(table.player_id("Emil")), "posten-kind": "drinks",
        "posten-text": "Bier", "posten-amount": "3,50", "posten-date": "2025-03-13"})
    with table.app.app_context():
        from scorer.store.extensions import db
        from scorer.store.models import KasseItem

        fine_id = db.session.query(KasseItem).filter_by(text="zu spät").one().id
    page = post_ok(table, runde + f"posten/{fine_id}/bezahlt", {"betrag": "100"})
    assert members(page)["Ben"] == ("1,00 €", "0,00 €") and balance(page) == "1,00 €"
    history = table.client.get(runde + "verlauf").text
    assert "Ben: 1,00 € für „Strafe: zu spät“ bezahlt" in history
    report = table.client.get(runde + "bericht").text
    rows = {r[0]: r for r in table_rows(report, "kasse-extras")}
    # Emil: evening 2's 0,60 and drinks 3,50; Ben the fine. No fee set: 0,00.
    assert rows["Emil"][1:] == ["0,00 €", "3,50 €"] and rows["Ben"][1:] == ["0,00 €", "1,00 €"]
    csv = table.client.get(runde + "kasse.csv").data.decode("utf-8-sig")
    assert "Strafe;;Ben;zu spät;1,00;1,00;0,00" in csv
    assert "Getränke/Essen;;Emil;Bier;3,50;0,00;3,50" in csv


def test_a_fee_per_evening_is_part_of_each_share(table):
    table.create_group(players=FIVE)
    play_season(table)
    runde = f"/r/{table.token}/kasse/"
    page = post_ok(table, runde + "beitrag", {"fee": "2", "fee_for": "present",
                                              "fines": "vergeben 0,50\nzu spät 1,00"})
    # Evening 1: Anna 2,00, Ben 2,00, Cem 2,40, Dora 2,40; evening 2: Anna 2,20, Cem 2,00,
    # Dora 2,40, Emil 2,60 (Ben away: no fee for him).
    owed = {name: v[1] for name, v in members(page).items()}
    assert owed == {"Anna": "4,20 €", "Ben": "2,00 €", "Cem": "4,40 €", "Dora": "4,80 €",
                    "Emil": "2,60 €"}
    assert "Jeder Abend kostet, wer dabei war, 2,00 €." in page
    assert "vergeben 0,50 €" in page
    # A fine of the list needs no amount typed: "zu spät" is 1,00 €.
    page = post_ok(table, runde + "posten", {
        "posten-player": str(table.player_id("Ben")), "posten-kind": "fine",
        "posten-text": "zu spät", "posten-amount": "", "posten-date": "2025-03-13"})
    assert "Ben: „zu spät“ 1,00 € eingetragen." in flash_of(page)
    assert members(page)["Ben"][1] == "3,00 €"
    csv = table.client.get(runde + "kasse.csv").data.decode("utf-8-sig")
    assert "2025-03-06;Abend;1;Cem;Beitrag 2,00 €;2,40;0,00;2,40" in csv
    # For every member: Ben pays evening 2's fee too (away): 2,00 + 2,00 + the fine 1,00.
    page = post_ok(table, runde + "beitrag", {"fee": "2", "fee_for": "members", "fines": ""})
    assert members(page)["Ben"][1] == "5,00 €"
    response = table.client.post(runde + "beitrag", data={"fee": "2", "fee_for": "present",
                                                          "fines": "nur Text"})
    assert response.status_code == 422 and "„nur Text“" in response.text


def test_money_handed_in_and_an_item_come_back_with_rueckgaengig(table):
    table.create_group(players=FIVE)
    play_season(table)
    runde = f"/r/{table.token}/kasse/"
    page = hand(table, "Dora", "0,80")
    assert members(page)["Dora"] == ("0,80 €", "0,00 €")
    # Zuletzt: "Dora gibt 0,80 €" – Rückgängig: she owes her 0,80 € again.
    undo = re.search(r'action="([^"]*/verlauf/\d+/rueckgaengig)"', page)
    assert undo and "Zuletzt: Dora gibt 0,80 €" in page
    page = post_ok(table, undo.group(1), {})
    assert members(page)["Dora"] == ("0,00 €", "0,80 €") and balance(page) == "0,00 €"
    history = table.client.get(runde + "verlauf").text
    assert "Dora gibt 0,80 € – gelöscht" in history
    # A fine marked paid, then taken back from the Verlauf: owed again.
    post_ok(table, runde + "posten", {
        "posten-player": str(table.player_id("Ben")), "posten-kind": "fine",
        "posten-text": "vergeben", "posten-amount": "0,50", "posten-date": "2025-03-13"})
    with table.app.app_context():
        from scorer.store.extensions import db
        from scorer.store.models import KasseItem

        fine = db.session.query(KasseItem).filter_by(text="vergeben").one().id
    page = post_ok(table, runde + f"posten/{fine}/bezahlt", {"betrag": "50"})
    assert members(page)["Ben"] == ("0,50 €", "0,00 €")
    undo = re.search(r'action="([^"]*/verlauf/\d+/rueckgaengig)"', page)
    assert undo
    page = post_ok(table, undo.group(1), {})
    assert members(page)["Ben"] == ("0,00 €", "0,50 €")


def test_the_season_pdf_has_the_fee_and_the_items(table, client):
    import io

    import pytest

    pypdf = pytest.importorskip("pypdf")
    from tests.conftest import fetch_pdf

    url = table.create_group(players=FIVE)
    play_season(table)
    runde = f"/r/{table.token}/kasse/"
    post_ok(table, runde + "beitrag", {"fee": "1", "fee_for": "present", "fines": ""})
    post_ok(table, runde + "posten", {
        "posten-player": str(table.player_id("Emil")), "posten-kind": "drinks",
        "posten-text": "Bier", "posten-amount": "3,50", "posten-date": "2025-03-13"})
    response = fetch_pdf(client, url + "saison.pdf?saison=2025-01-01")
    assert response.status_code == 200
    text = " ".join(" ".join(p.extract_text() for p in
                             pypdf.PdfReader(io.BytesIO(response.data)).pages).split())
    # Emil: one evening (1,00 € fee) and the drinks; Anna two evenings (2,00 €), no items.
    assert "Emil 1,00 € 3,50 €" in text and "Anna 2,00 € 0,00 €" in text
    assert "Der Beitrag ist in den Anteilen je Abend enthalten" in text


def test_money_handed_in_before_any_evening_is_credit_for_the_next(table):
    table.create_group(players=FIVE)
    page = hand(table, "Dora", "5", date="2025-03-01")
    assert members(page)["Dora"] == ("5,00 €", "0,00 €5,00 € Guthaben")
    play_season(table)
    # Her 0,40 + 0,40 € come off the 5,00 €: 4,20 € credit left, nothing open.
    page = kasse(table)
    assert members(page)["Dora"] == ("5,00 €", "0,00 €4,20 € Guthaben")
    assert "Dora" not in re.sub(r".*Offene Beträge", "", page, flags=re.S).split(
        "ein-und-ausgaben")[0].split("Beitrag, Strafen")[0]


def test_the_runde_backup_keeps_money_handed_in_and_items(table):
    table.create_group(players=FIVE)
    hand(table, "Dora", "5", date="2025-03-01")
    post_ok(table, f"/r/{table.token}/kasse/posten", {
        "posten-player": str(table.player_id("Ben")), "posten-kind": "host",
        "posten-text": "Essen", "posten-amount": "12", "posten-date": "2025-03-01"})
    with table.app.app_context():
        from scorer import services

        tables = services.backup_group(services.find_group(table.token))["tables"]
    assert sorted((r["kind"], r["text"], r["cents"]) for r in tables["kasse_items"]) == [
        ("host", "Essen", 1200), ("payment", "", 500)]
    assert len([e for e in tables["kasse_events"] if e["item_id"]]) == 2


def test_one_alles_bezahlt_is_one_change_and_one_rueckgaengig(table):
    """A tester's one "alles bezahlt" for an evening kept a change per member, and
    Rückgängig took back only the last: the evening's 1,20 € must come back whole (issue
    37), and the Verlauf shows the tap as one line. So for a member's; a second Rückgängig
    pays it all again."""
    table.create_group(players=FIVE)
    play_season(table)
    runde = f"/r/{table.token}/kasse/"

    def undo(page: str) -> str:
        found = re.search(r'action="([^"]*/verlauf/\d+/rueckgaengig)"', page)
        assert found
        return post_ok(table, found.group(1), {})

    # Evening 2: Anna 0,20 + Dora 0,40 + Emil 0,60 = 1,20 €.
    page = post_ok(table, runde + "alles", {"abend": "2", "betrag": "120"})
    assert balance(page) == "1,20 €"
    history = table.client.get(runde + "verlauf").text
    assert history.count("/rueckgaengig") == 1
    one = re.search(r'<li[^>]*>(?:(?!</li>).)*Anna(?:(?!</li>).)*</li>', history, re.S)
    assert one and "Dora" in one.group(0) and "Emil" in one.group(0)
    page = undo(page)
    assert balance(page) == "0,00 €"
    assert members(page)["Anna"] == ("0,00 €", "0,20 €")
    assert members(page)["Dora"] == ("0,00 €", "0,80 €")
    assert members(page)["Emil"] == ("0,00 €", "0,60 €")
    # Dora: 0,40 € of evening 1 and 0,40 € of evening 2, one tap, one Rückgängig.
    page = post_ok(table, runde + "alles", {"spieler": str(table.player_id("Dora")),
                                            "betrag": "80"})
    assert balance(page) == "0,80 €" and members(page)["Dora"] == ("0,80 €", "0,00 €")
    page = undo(page)
    assert balance(page) == "0,00 €" and members(page)["Dora"] == ("0,00 €", "0,80 €")
    page = undo(page)  # taking back the Rückgängig: both paid again
    assert balance(page) == "0,80 €" and members(page)["Dora"] == ("0,80 €", "0,00 €")


def options(page: str, name: str) -> list[str]:
    select = re.search(rf'<select[^>]*name="{name}"[^>]*>(.*?)</select>', page, re.S)
    assert select
    return re.findall(r"<option[^>]*>([^<]*)</option>", select.group(1))


def test_a_member_who_left_and_owes_is_still_offered_to_pay(table):
    """Dora left ("Mitglied bis") owing 0,80 €: "Wer gibt Geld?" and a Posten's "Wer?" still
    offer her, marked "(ausgeschieden)", and her money pays her shares (issue 37). Ben left
    with nothing charged and is no longer offered."""
    table.create_group(players=FIVE)
    play_season(table)
    for name in ("Dora", "Ben"):
        post_ok(table, f"/r/{table.token}/spieler/{table.player_id(name)}", {"retire": "1"})
    page = kasse(table)
    for field in ("gibt-player", "posten-player"):
        assert options(page, field) == ["Anna", "Cem", "Dora (ausgeschieden)", "Emil"], field
    page = hand(table, "Dora", "0,80")
    assert members(page)["Dora"] == ("0,80 €", "0,00 €")
