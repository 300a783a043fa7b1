"""Hausregeln on a 360 px phone (issue 25, item 16): the form does not offer what the deck
makes impossible, follows a change of the deck at once, and a refusal is the first thing on
the page that comes back, with a link that leads to the option."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def test_the_herzstich_follows_the_deck_and_a_refusal_is_said_at_the_top(phone):
    table = phone(360, 740)
    page = table.page
    table.goto("/", "start")
    table.type_into(page.get_by_label("Name der Runde"), "Regelrunde")
    table.tap_to(page.get_by_role("button", name="Runde anlegen"), "runde")
    table.goto(page.url.split("#")[0] + "regeln", "hausregeln")

    herzstich = page.locator("input[name=extras][value=herzstich]")
    why = page.locator("#why-extras-herzstich")
    trigger = page.locator("input[name=bock_triggers][value=herzstich]")
    # ddv: 48 cards. No Herzstich, nor Bock by a Herzstich, and the page says why.
    assert herzstich.is_disabled() and trigger.is_disabled()
    assert why.is_visible() and why.inner_text() == "Einen Herzstich gibt es nur mit 40 Karten."
    table.tap(table.chip(table.group("Kartenzahl"), "40 Karten (ohne Neunen)"))
    assert herzstich.is_enabled() and not why.is_visible()
    table.tap(table.chip(table.group("Sonderpunkte"), "Herzstich"))
    assert trigger.is_enabled()  # Bock by a Herzstich, now that it counts
    # Back to 48 with the Herzstich ticked: nothing is unticked behind the table’s back; the
    # reason stands beside it as a problem.
    table.tap(table.chip(table.group("Kartenzahl"), "48 Karten (mit Neunen)"))
    assert herzstich.is_checked() and why.is_visible()
    assert "error" in (why.get_attribute("class") or "")

    with page.expect_navigation():
        table.tap(page.get_by_role("button", name="Hausregeln speichern"))
    # Chromium logs the refusal's status (422) as a console error: expected here, and only it.
    table.console_errors = [e for e in table.console_errors if "422" not in e]
    table.arrived("abgelehnt")
    summary = page.locator(".error-summary")
    table.assert_seen(summary, "the refusal, on the screen the page opens with")
    assert "Sonderpunkte: einen Herzstich gibt es nur mit 40 Karten" in summary.inner_text()
    link = summary.get_by_role("link", name="Sonderpunkte")
    table.tap(link)
    page.wait_for_function("location.hash === '#option-extras'")
    table.assert_seen(page.locator("#option-extras legend"), "the option the link leads to")
    # Nothing was stored: the summary of the rules still has 48 cards and no Herzstich.
    table.goto(page.url.split("#")[0], "hausregeln-wieder")
    assert "48 Karten, 12 Stiche." in page.locator(".summary").first.inner_text()
    assert "Herzstich" not in page.locator(".summary").first.inner_text()
