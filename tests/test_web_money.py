"""The evening's money on the sheet: settlement lines, the chart, and the form that sets the
price of a point, the mode and the rounding."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from conftest import count_rows, csrf_token, fetch_pdf

from scorer.core.settlement import price_cents, settle
from scorer.store.models import Evening


def _evening_row(app) -> tuple[Any, str, str, int]:
    """The evening's money as stored: the price in cents (kept in tenths of a cent)."""
    from scorer.store.extensions import db

    with app.app_context():
        evening = db.session.scalars(db.select(Evening)).one()
        return (price_cents(evening.tenth_cents_per_point), evening.settlement_mode,
                evening.settlement_rounding, evening.revision)


def _lines(page: str) -> list[str]:
    block = page.split('class="money__lines">', 1)[1].split("</ul>", 1)[0]
    return [unescape(line) for line in re.findall(r"<li>(.*?)</li>", block)]


def test_the_sheet_shows_the_settlement_of_the_core_for_the_totals(table, client):
    table.create_group()
    sheet = table.start_evening(cents=20)
    table.play(sheet, ("Anna", "Cem"), 151)
    table.play(sheet, ("Anna", "Dora"), 70)
    page = client.get(sheet).text
    expected = settle(table.ledger(sheet).totals, 20).lines()
    assert _lines(page) == expected
    assert "20 Cent pro Punkt · Ausgleich untereinander · auf den Cent" in page


def test_without_money_the_sheet_shows_no_settlement_but_offers_the_form(table, client):
    table.create_group()
    sheet = table.start_evening(cents=0)
    table.play(sheet, ("Anna", "Cem"), 151)
    page = client.get(sheet).text
    assert "money__lines" not in page
    assert f'href="{sheet}abrechnung">Abrechnung einstellen</a>' in page
    form = client.get(sheet + "abrechnung").text
    assert "Dieser Abend wird ohne Geld gespielt." in form
    cents = re.search(r'<input[^>]*name="cents_per_point"[^>]*>', form).group(0)
    assert 'value="0"' in cents, cents


def test_the_running_totals_chart_is_inline_svg_with_escaped_names(table, client):
    table.create_group(players=("Anna", "Ben <i>", "Cem", "Dora"))
    sheet = table.start_evening(seats=("Anna", "Ben <i>", "Cem", "Dora"))
    page = client.get(sheet).text
    assert "<svg" not in page  # no games, no chart
    table.play(sheet, ("Anna", "Cem"), 151)
    page = client.get(sheet).text
    assert page.count('<svg xmlns="http://www.w3.org/2000/svg"') == 1
    assert "<title>Ben &lt;i&gt;</title>" in page and "<i>" not in page


def test_changing_the_settlement_stores_it_and_the_sheet_settles_anew(table, client, app):
    table.create_group()
    sheet = table.start_evening(cents=10)
    table.play(sheet, ("Anna", "Cem"), 151)
    response = client.post(sheet + "abrechnung", data={
        "revision": "1", "cents_per_point": "25", "settlement_mode": "pay_losses",
        "settlement_rounding": "ten_cents"})
    assert response.status_code == 302
    assert response.location == sheet + "#abrechnung"
    assert _evening_row(app) == (25, "pay_losses", "ten_cents", 2)
    page = client.get(sheet).text
    money = settle(table.ledger(sheet).totals, 25, "pay_losses", "ten_cents")
    assert _lines(page) == money.lines() == ["Ben zahlt 0,50 € in die Kasse",
                                             "Dora zahlt 0,50 € in die Kasse"]
    assert "In die Kasse: <strong>1,00 €</strong>" in page
    assert "Abrechnung gespeichert." in page


def test_a_wrong_price_or_mode_is_named_beside_its_field_and_nothing_changes(table, client, app):
    table.create_group()
    sheet = table.start_evening(cents=10)
    response = client.post(sheet + "abrechnung", data={
        "revision": "1", "cents_per_point": "-5", "settlement_mode": "alles_mir",
        "settlement_rounding": "cent"})
    assert response.status_code == 422
    page = response.text
    assert re.search(r'id="cents_per_point".*?<p class="error" id="cents_per_point-error">'
                     r"eine Zahl in Cent angeben, z. B. 10 oder 0,5</p>", page, re.S)
    assert re.search(r'id="settlement_mode".*?<p class="error" id="settlement_mode-error">'
                     r"Keine gültige Auswahl.</p>", page, re.S)
    assert _evening_row(app) == (10, "zero_sum", "cent", 1)
    missing = client.post(sheet + "abrechnung", data={"revision": "1", "cents_per_point": ""})
    assert missing.status_code == 422 and "Betrag angeben (0 für ohne Geld)" in missing.text


def test_a_stale_form_is_refused(table, client, app):
    table.create_group()
    sheet = table.start_evening(cents=10)
    data = {"cents_per_point": "5", "settlement_mode": "zero_sum", "settlement_rounding": "cent"}
    assert client.post(sheet + "abrechnung", data={**data, "revision": "1"}).status_code == 302
    stale = client.post(sheet + "abrechnung", data={**data, "cents_per_point": "50",
                                                    "revision": "1"})
    assert stale.status_code == 422 and "inzwischen geändert" in stale.text
    assert _evening_row(app)[0] == 5


def test_a_closed_evening_keeps_its_settlement(table, client, app):
    table.create_group()
    sheet = table.start_evening(cents=10)
    table.play(sheet, ("Anna", "Cem"), 151)
    client.post(sheet + "schliessen", data={"revision": "1"})
    page = client.get(sheet).text
    assert "Abrechnung einstellen" not in page
    assert _lines(page) == ["Ben zahlt Anna 0,20 €", "Dora zahlt Cem 0,20 €"]
    assert 'button--primary" href="' + sheet + 'zettel.pdf">Drucken / PDF' in page
    refused = client.post(sheet + "abrechnung", data={
        "revision": "2", "cents_per_point": "50", "settlement_mode": "zero_sum",
        "settlement_rounding": "cent"})
    assert refused.status_code == 422 and "abgeschlossen" in refused.text
    assert _evening_row(app)[0] == 10


def test_the_settlement_form_needs_its_csrf_token(table, client, app):
    table.create_group()
    sheet = table.start_evening(cents=10)
    app.config["WTF_CSRF_ENABLED"] = True
    data = {"revision": "1", "cents_per_point": "30", "settlement_mode": "zero_sum",
            "settlement_rounding": "cent"}
    assert client.post(sheet + "abrechnung", data=data).status_code == 400
    assert _evening_row(app)[0] == 10
    token = csrf_token(client.get(sheet + "abrechnung").text)
    assert client.post(sheet + "abrechnung",
                       data={**data, "csrf_token": token}).status_code == 302
    assert _evening_row(app)[0] == 30


def test_the_new_evening_form_offers_mode_and_rounding_in_german(table, client, app):
    url = table.create_group()
    page = client.get(f"{url}abend/neu").text
    for label in ("Ausgleich untereinander",
                  "Differenz zum Führenden in die Kasse",
                  "Minuspunkte in die Kasse", "auf den Cent", "auf 10 Cent"):
        assert f">{label}</option>" in page
    data = table.evening_form(("Anna", "Ben", "Cem", "Dora"), cents=5)
    data.update(settlement_mode="pay_leader", settlement_rounding="ten_cents")
    assert client.post(f"{url}abend/neu", data=data).status_code == 302
    assert _evening_row(app)[:3] == (5, "pay_leader", "ten_cents")


def test_the_new_evening_form_refuses_an_unknown_mode(table, client, app):
    url = table.create_group()
    data = table.evening_form(("Anna", "Ben", "Cem", "Dora"))
    data["settlement_rounding"] = "auf_den_euro"
    response = client.post(f"{url}abend/neu", data=data)
    assert response.status_code == 422 and "Keine gültige Auswahl." in response.text
    assert count_rows(app, Evening) == 0


def test_a_read_only_link_sees_the_money_but_cannot_change_it(table, client, app):
    from scorer import services

    table.create_group()
    sheet = table.start_evening(cents=10)
    table.play(sheet, ("Anna", "Cem"), 151)
    with app.app_context():
        read = services.find_group(table.token).read_token
    read_sheet = sheet.replace(table.token, read)
    page = client.get(read_sheet).text
    assert _lines(page) == ["Ben zahlt Anna 0,20 €", "Dora zahlt Cem 0,20 €"]
    assert "Abrechnung einstellen" not in page and "/abrechnung" not in page
    assert client.get(read_sheet + "abrechnung").status_code == 403
    refused = client.post(read_sheet + "abrechnung", data={
        "revision": "1", "cents_per_point": "50", "settlement_mode": "zero_sum",
        "settlement_rounding": "cent"})
    assert refused.status_code == 403
    assert _evening_row(app)[0] == 10


@pytest.mark.parametrize(("typed", "shown", "tenths"), [
    ("0,5", "0,5 Cent", 5), ("0.5", "0,5 Cent", 5), ("1,5", "1,5 Cent", 15),
    ("0,1", "0,1 Cent", 1), ("10", "10 Cent", 100), ("150", "1,50 €", 1500),
], ids=["german", "english", "one-and-a-half", "a-tenth", "whole", "euro"])
def test_a_price_in_tenths_is_kept_as_typed_and_settles_exactly(table, client, app, typed,
                                                                shown, tenths):
    from decimal import Decimal

    from scorer.store.extensions import db

    table.create_group()
    sheet = table.start_evening(cents=10)
    table.play(sheet, ("Anna", "Cem"), 151)
    table.play(sheet, ("Anna", "Dora"), 70)
    assert client.post(sheet + "abrechnung", data={
        "revision": "1", "cents_per_point": typed, "settlement_mode": "zero_sum",
        "settlement_rounding": "cent"}).status_code == 302
    with app.app_context():
        assert db.session.scalars(db.select(Evening)).one().tenth_cents_per_point == tenths
    expected = settle(table.ledger(sheet).totals, Decimal(tenths).scaleb(-1)).lines()
    page = client.get(sheet).text
    assert _lines(page) == expected
    assert f"{shown} pro Punkt · Ausgleich untereinander · auf den Cent" in page
    assert f"; {shown} pro Punkt." in page  # "Regeln dieses Abends"
    form = client.get(sheet + "abrechnung").text
    field = re.search(r'<input[^>]*name="cents_per_point"[^>]*>', form).group(0)
    assert f'value="{typed if "." not in typed else typed.replace(".", ",")}"' in field
    assert 'inputmode="decimal"' in field and 'type="text"' in field
    from tests.test_web_exports import _pdf_text

    pdf = _pdf_text(fetch_pdf(client, sheet + "zettel.pdf").data)
    assert f"{shown} pro Punkt · Ausgleich untereinander · auf den Cent" in pdf
    for line in expected:
        assert line in pdf


@pytest.mark.parametrize(("typed", "said"), [
    ("0,05", "auf 0,1 Cent genau angeben"),
    ("1.000", "ohne Tausenderpunkt angeben"),
    ("1001", "zwischen 0 und 1000 Cent"),
    ("0,5 €", "eine Zahl in Cent angeben, z. B. 10 oder 0,5"),
], ids=["hundredth", "thousands", "too-much", "with-unit"])
def test_a_price_that_cannot_be_kept_as_typed_is_refused_and_nothing_changes(
        table, client, app, typed, said):
    table.create_group()
    sheet = table.start_evening(cents=10)
    response = client.post(sheet + "abrechnung", data={
        "revision": "1", "cents_per_point": typed, "settlement_mode": "zero_sum",
        "settlement_rounding": "cent"})
    assert response.status_code == 422
    assert re.search(r'<p class="error" id="cents_per_point-error">' + re.escape(said),
                     response.text)
    assert _evening_row(app) == (10, "zero_sum", "cent", 1)
