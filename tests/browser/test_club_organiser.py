"""The organiser's phone page in the third of four rounds (issue 37): what to do next at the
top, the rounds that ended one line each, and "Runde beenden" that asks before it ends.
Thirteen players at three tables, on a 360 × 740 phone."""

from __future__ import annotations

import re

import pytest

from .club_helpers import THIRTEEN, draw, end, new_tournament, start

pytestmark = pytest.mark.browser

SCREEN = 740


def test_from_round_three_on_the_organiser_page_keeps_the_next_step_on_the_first_screen(phone):
    organiser = phone(360, SCREEN, name="turnierleitung-runde-3")
    organiser.goto("/turnier/neu", "turnier-neu")
    home = new_tournament(organiser, THIRTEEN, rounds=4)
    for number, seed in ((1, 11), (2, 12)):
        draw(organiser, home, seed)
        start(organiser, home, number)
        end(organiser, home, number)
    draw(organiser, home, 13)
    start(organiser, home, 3)
    organiser.goto(home, "runde-3-laeuft")
    page = organiser.page

    # The next draw is on the first screen (it sat below every round before).
    heading = page.get_by_role("heading", name="Runde 4 auslosen")
    assert heading.bounding_box()["y"] + heading.bounding_box()["height"] <= SCREEN
    # The rounds that ended are folded: their tables are there, but not drawn.
    for number in (1, 2):
        assert page.locator(f"#runde-{number} .progress").count() == 1
        assert not page.locator(f"#runde-{number} .progress").is_visible()
        assert page.locator(f"#runde-{number} summary").is_visible()
    rounds_end = page.locator("#runde-1").bounding_box()
    bottom = rounds_end["y"] + rounds_end["height"]
    height = page.evaluate("document.documentElement.scrollHeight")
    print(f"organiser page in round 3 of 4 at 360 px: the rounds end at {bottom:.0f} px "
          f"({bottom / SCREEN:.1f} screens), the page at {height} px")
    assert bottom <= 2 * SCREEN, bottom
    # An ended round opens with one tap, its tables and "Tisch öffnen" inside.
    organiser.tap(page.locator("#runde-1 summary"))
    assert page.locator("#runde-1 .progress").is_visible()
    assert page.get_by_role("button", name="Tisch öffnen (1, zum Korrigieren)").first.is_visible()

    # "Runde 3 beenden" asks first: the first tap ends nothing.
    organiser.tap(page.get_by_text("Runde 3 beenden", exact=True))
    confirm = page.get_by_role("button", name="Ja, Runde 3 beenden")
    assert confirm.is_visible()
    # With it, the DDV's way: a started game may still be entered (ticked).
    assert page.get_by_label("Angefangene Spiele dürfen noch eingetragen werden").is_checked()
    organiser.check("runde-3-beenden-offen")
    assert page.get_by_role("heading", name="Runde 3 läuft").is_visible()
    organiser.tap_to(confirm, "runde-3-beendet")
    assert page.get_by_role("heading", name="Runde 3 ist beendet").count() == 1
    assert "Runde 3 beendet" in page.content()


FITS_JS = """
(select) => {
  // Each option's text as the closed box would draw it, against the room the box has for
  // it (its width less its padding and the arrow's): none may be cut.
  const style = getComputedStyle(select);
  const ctx = document.createElement("canvas").getContext("2d");
  ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const room = select.clientWidth - parseFloat(style.paddingLeft)
    - parseFloat(style.paddingRight);
  return [...select.options].map(o => [o.text, Math.ceil(ctx.measureText(o.text).width), room]);
}
"""


@pytest.mark.parametrize("width", [360, 390])
def test_a_new_tournament_on_a_phone_shows_each_rules_choice_whole_and_bock_on_the_page(
        phone, width):
    organiser = phone(width, SCREEN, name=f"turnier-neu-{width}")
    organiser.goto("/turnier/neu", "turnier-neu")
    page = organiser.page
    for text, needed, room in page.get_by_label("Regeln", exact=True).evaluate(FITS_JS):
        assert needed <= room, (text, needed, room)
    assert page.get_by_role("radio", name=re.compile("^mit Bock")).count() == 1
    # The default DDV-Liste with twelve games: the refusal names the choice that plays it.
    page.get_by_label("Name des Turniers").fill("Vereinsabend")
    page.get_by_label("Spiele je Runde am Vierertisch").fill("12")
    with page.expect_navigation():
        organiser.tap(page.get_by_role("button", name="Turnier anlegen"))
    # Chromium logs the refusal's status (422) as a console error: expected here, and only it.
    organiser.console_errors = [e for e in organiser.console_errors if "422" not in e]
    organiser.arrived("ddv-liste-12")
    error = page.locator("#planned_games-error")
    assert "„DDV-Turnierspielregeln“" in error.inner_text()
    assert error.is_visible()
    page.get_by_label("Regeln", exact=True).select_option(label="DDV-Turnierspielregeln")
    organiser.tap(page.get_by_role("radio", name=re.compile("^mit Bock")))
    organiser.tap_to(page.get_by_role("button", name="Turnier anlegen"), "angelegt")
    assert "/anmeldung" in page.url
