"""Text at 200 % — the phone's own font size setting — on a 360 px phone (issue #39).

Chromium's default font size (what a phone's "font size" setting and a desktop browser's
font size setting change) is set to 32 px through the DevTools protocol
(``Page.setFontSizes``): the pages' text is in rem and follows it. Then the entry form and
the sheet must show everything without a second scroll direction (WCAG 1.4.10) and cut
nothing off (WCAG 1.4.4), and every focus stop on the form, walked with Tab, must stay in
view above the sticky save bar (WCAG 2.4.11). Browser zoom at 200 % is
test_accessibility.py's ``test_at_200_percent_zoom_...`` (a 390 px phone zoomed is a
195 px layout).
"""

from __future__ import annotations

from typing import Any

import pytest

from .phone import Phone
from .test_screen_reader_entry import SEATS, Keyboard

pytestmark = pytest.mark.browser

CUT_JS = """
() => {
  // Text that does not fit its box and is clipped rather than wrapped. The preview's lines
  // are clipped on purpose while the bar is folded: the bar is then a button that unfolds
  // all of it (entry.js), so it is left out here and unfolded below.
  const out = [];
  for (const el of document.body.querySelectorAll("*")) {
    if (!el.getClientRects().length || el.closest("#preview, .visually-hidden")) continue;
    const style = getComputedStyle(el);
    const clips = (v) => v === "hidden" || v === "clip";
    const own = Array.from(el.childNodes).some((n) => n.nodeType === 3 && n.data.trim());
    // Hidden for the eye on purpose, for a screen reader (the visually-hidden pattern).
    if (!own || (el.clientWidth <= 1 && el.clientHeight <= 1)) continue;
    if ((clips(style.overflowX) && el.scrollWidth > el.clientWidth + 1)
        || (clips(style.overflowY) && el.scrollHeight > el.clientHeight + 1)) {
      out.push(`<${el.tagName.toLowerCase()} class="${el.className}"> "${el.innerText.slice(0, 40)}" `
               + `${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight}`);
    }
  }
  return out;
}
"""
WIDE_JS = "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"


def _large_text(table: Phone) -> None:
    session = table.page.context.new_cdp_session(table.page)
    session.send("Page.enable")
    session.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})


def _fits(table: Phone, where: str) -> None:
    page = table.page
    assert page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)") == 32, \
        "the page's text does not follow the font size setting"
    wide, view = page.evaluate(WIDE_JS)
    assert wide <= view, f"{where}: {wide} px of content in {view} px: scrolls sideways"
    cut = page.evaluate(CUT_JS)
    assert not cut, f"{where}: text cut off:\n" + "\n".join(cut)


def test_the_form_and_the_sheet_at_200_percent_text_fit_and_the_focus_stays_in_view(
        phone: Any) -> None:
    table: Phone = phone(360, 740, name="360-text-200")
    page = table.page
    _large_text(table)
    table.set_up_evening(SEATS)
    table.send_games([{"re": ["Anna", "Ben"], "re_eyes": 151},
                      {"kind": "solo", "solo": "damen", "re": ["Cem"], "re_eyes": 130}])
    _fits(table, "the sheet")
    table.tap(page.locator("#spiel-2 > summary"))
    _fits(table, "the sheet, a row opened")

    keys = Keyboard(table)
    keys.tab_to(lambda f: f["tag"] == "a" and f["name"] == "Spiel 3 eintragen")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    table.arrived("spiel-3-text-200")
    _fits(table, "the entry form")
    # A game chosen and its points shown: the bar is at its tallest; then every stop of
    # the form, walked with Tab to Speichern, is in view and not under the bar.
    re_group = page.get_by_role("group", name="Re: die zwei Re-Spieler antippen")
    re_group.get_by_role("checkbox", name="Anna").check()
    re_group.get_by_role("checkbox", name="Dora").check()
    page.get_by_role("textbox", name="Augen Re").fill("140")
    page.get_by_role("status").filter(has_text="gewinnt").wait_for(state="attached")
    _fits(table, "the entry form with its preview")
    page.evaluate("window.scrollTo(0, 0)")
    page.locator("h1").click()  # the focus starts at the top
    keys.tab_to(lambda f: f["tag"] == "button" and f["name"] == "Speichern", limit=120)
    assert keys.stops > 15, keys.stops  # the walk went over the whole form


def test_nothing_on_the_pages_needs_a_drag_or_a_swipe() -> None:
    """WCAG 2.5.1/2.5.7: the scripts listen to no movement of a finger or a pointer; every
    action is a tap (or a key)."""
    from pathlib import Path

    scripts = Path(__file__).resolve().parents[2] / "static" / "js"
    moving = ("touchmove", "pointermove", "mousemove", "dragstart", "ondrag", "swipe",
              "gesturestart")
    found = [f"{path.name}: {word}" for path in sorted(scripts.glob("*.js"))
             for word in moving if word in path.read_text(encoding="utf-8").lower()]
    assert not found, found
    assert len(list(scripts.glob("*.js"))) >= 10


def test_grosse_zahlen_shows_the_standings_to_be_read_across_the_table(phone: Any) -> None:
    expect = pytest.importorskip("playwright.sync_api").expect
    table: Phone = phone(360, 740, name="grosse-zahlen")
    page = table.page
    table.set_up_evening(["Annemarie", "Ben", "Cem", "Dora", "Emil"])
    table.send_games([{"re": ["Ben", "Cem"], "re_eyes": 151}])
    switch = page.get_by_role("button", name="Große Zahlen")
    expect(switch).to_have_attribute("aria-pressed", "false")
    size = "parseFloat(getComputedStyle(document.querySelector('.status .total__value')).fontSize)"
    assert page.evaluate(size) < 24
    table.tap(switch)
    expect(switch).to_have_attribute("aria-pressed", "true")
    assert page.evaluate(size) >= 40
    table.check("grosse-zahlen")  # no sideways scroll, targets, contrast in both schemes
    table.screenshot("grosse-zahlen", full_page=False)
    # Kept on this phone: the next visit shows them large at once.
    table.goto(page.url, "grosse-zahlen-wieder")
    expect(page.get_by_role("button", name="Große Zahlen")).to_have_attribute(
        "aria-pressed", "true")
    assert page.evaluate(size) >= 40
