"""One hand, one screen (issue 11): a normal game for a table of five is entered without a
scroll and without the save bar covering what is typed, the schwarz question appears where
the eye is, and the sheet shows every player's points and total without sideways scrolling.

The phone's keyboard is played by making the window lower while the Augen are typed, as a
phone does that shrinks the page for its keyboard (``interactive-widget=resizes-content``,
Chrome on Android); the checks look at the visual viewport, which is what the person sees.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from scorer.core.evening import evening

pytestmark = pytest.mark.browser

FIVE = ["Anna", "Ben", "Cem", "Dora", "Emil"]
SEVEN = ["Anna", "Ben", "Cem", "Dora", "Emil", "Finn", "Greta"]
KEYBOARD = 300
"""CSS px a phone's keyboard takes from the bottom of the screen."""
SIZES = [(360, 740), (390, 844)]
SIZE_IDS = ["360x740", "390x844"]


def re_chips(table: Any) -> Any:
    return table.group(re.compile(r"^Re:"))


def keyboard(table: Any, open_: bool) -> None:
    """Open or close the phone's keyboard: the page gets lower, or its height again."""
    height = table.height - KEYBOARD if open_ else table.height
    table.page.set_viewport_size({"width": table.width, "height": height})
    table.page.wait_for_function("h => window.innerHeight === h", arg=height)
    table.page.wait_for_timeout(150)  # the page's resize handler scrolls


def the_four_are_seen(table: Any, what: str) -> None:
    """Re, the Augen field, the preview and Speichern: on the screen, nothing over them."""
    page = table.page
    table.assert_seen(re_chips(table), f"{what}: the Re choice")
    table.assert_seen(page.locator("#re_eyes"), f"{what}: the Augen field")
    table.assert_seen(page.locator("#preview"), f"{what}: the preview")
    table.assert_seen(page.get_by_role("button", name="Speichern"), f"{what}: Speichern")


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_a_normal_game_of_a_table_of_five_fits_one_screen_while_the_augen_are_typed(
        phone, size):
    table = phone(*size)
    page = table.page
    table.set_up_evening(FIVE)
    table.taps = 0
    table.tap_to(page.get_by_role("link", name="Spiel 1 eintragen"), "spiel-1-neu")
    # Anna deals and sits out: the form says so in one line, and offers only the four as Re.
    assert page.locator("[data-who-text]").inner_text() == (
        "Es spielen Ben, Cem, Dora, Emil · Anna setzt aus")
    assert re_chips(table).locator("label.chip:visible").all_inner_texts() == [
        "Ben", "Cem", "Dora", "Emil"]
    for name in ("Ben", "Dora"):
        table.tap(table.chip(re_chips(table), name))
    eyes = page.locator("#re_eyes")
    assert eyes.evaluate("el => el === document.activeElement"), "the Augen did not get the focus"
    for digit in "151":
        page.keyboard.type(digit)
        # At the moment of typing: what is drawn at the field's centre is the field itself.
        assert table.seen(eyes)["covered"] is False, table.seen(eyes)
    page.locator(".preview__points").wait_for()
    assert page.evaluate("window.scrollY") == 0, "the page had to scroll"
    the_four_are_seen(table, "before the keyboard")

    keyboard(table, True)
    assert eyes.evaluate("el => el === document.activeElement")
    table.assert_seen(eyes, "with the keyboard open: the Augen field")
    table.assert_seen(page.get_by_role("button", name="Speichern"),
                      "with the keyboard open: Speichern")
    table.screenshot("spiel-1-tastatur", full_page=False)
    keyboard(table, False)

    table.save(1)
    assert table.taps <= 4, f"{table.taps} taps for a normal game"
    assert table.totals() == evening({"rules": "bockrunde", "seats": FIVE, "games": [
        {"re": ["Ben", "Dora"], "re_eyes": 151}]}).totals


def test_the_preview_growing_under_the_typed_augen_does_not_cover_them(phone):
    # The keyboard opens first, then the first digit brings the points: the bar grows by a
    # line, and the field moves up with it (found by a tester at 360 × 740).
    table = phone(360, 740)
    page = table.page
    table.set_up_evening(FIVE)
    table.tap_to(page.get_by_role("link", name="Spiel 1 eintragen"), "spiel-1-neu")
    for name in ("Ben", "Dora"):
        table.tap(table.chip(re_chips(table), name))
    eyes = page.locator("#re_eyes")
    keyboard(table, True)
    page.keyboard.type("1")
    page.locator(".preview__points").wait_for()
    page.wait_for_timeout(150)  # the bar's resize observer scrolls
    table.assert_seen(eyes, "after the preview grew: the Augen field")
    assert clear_of_the_bar(page), "the grown save bar covers part of the Augen field"
    page.keyboard.type("51")
    page.wait_for_timeout(150)
    table.assert_seen(eyes, "the Augen typed: the Augen field")
    assert clear_of_the_bar(page), "the save bar covers part of the Augen field"
    # … and only just: the page scrolled no further than the field needed, so the choices
    # above it stay on the screen (a room kept twice put the field at the top edge).
    assert page.evaluate("window.scrollY") > 0, "the field was never covered: nothing tested"
    gap = page.evaluate("""() => document.querySelector('.savebar').getBoundingClientRect().top
        - document.querySelector('#re_eyes').getBoundingClientRect().bottom""")
    assert gap <= 24, f"the page scrolled {gap:.0f} px further than the Augen field needed"


def clear_of_the_bar(page: Any) -> bool:
    """The whole Augen field above the save bar (not only its centre)."""
    return page.evaluate("""() => {
      const field = document.querySelector('#re_eyes').getBoundingClientRect();
      const bar = document.querySelector('.savebar').getBoundingClientRect();
      return field.bottom <= bar.top + 0.5;
    }""")


UNDER_THE_BAR_JS = """() => {
  // Every control of the entry form, brought into view the way the browser does it for a
  // focus or a tap from further up (and Playwright before a tap): which end under the bar?
  const bar = document.querySelector('.savebar');
  const controls = Array.from(document.querySelectorAll(
    'form label.chip, form input:not([type=hidden]), form select, form button, form summary'));
  const under = [];
  for (const el of controls) {
    if (bar.contains(el) || !el.getClientRects().length) continue;
    window.scrollTo(0, 0);
    el.scrollIntoView({block: 'nearest'});
    const box = el.getBoundingClientRect();
    if (box.bottom > bar.getBoundingClientRect().top + 0.5) {
      under.push((el.id || el.name || el.textContent.trim()).slice(0, 40));
    }
  }
  window.scrollTo(0, 0);
  return under;
}"""


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_nothing_the_browser_scrolls_to_lands_under_the_save_bar(phone, size):
    # A tester's offline form: its two notes pushed the Re chips down, and a tap scrolled
    # them to the bottom edge of the screen, under the sticky bar.
    table = phone(*size)
    page = table.page
    table.set_up_evening(FIVE)
    table.tap_to(page.get_by_role("link", name="Spiel 1 eintragen"), "spiel-1-neu")
    # Everything the form can show: the extras opened, the notes long.
    for details in page.locator("form details").all():
        details.evaluate("el => { el.open = true; }")
    page.evaluate("""() => document.querySelector('form').insertAdjacentHTML('afterbegin',
        '<p>' + 'Ohne Verbindung. '.repeat(40) + '</p>')""")
    assert page.evaluate(UNDER_THE_BAR_JS) == []


def test_nothing_the_browser_scrolls_to_lands_under_the_bar_of_a_table_change(phone):
    table = phone(360, 740)
    page = table.page
    table.set_up_evening(FIVE)
    table.tap_to(page.get_by_role("link", name="Tisch ändern"), "tisch-aendern")
    assert page.evaluate(UNDER_THE_BAR_JS) == []


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_schwarz_question_appears_in_view_and_the_preview_waits_for_the_answer(
        phone, size):
    table = phone(*size)
    page = table.page
    table.set_up_evening(FIVE)
    table.tap_to(page.get_by_role("link", name="Spiel 1 eintragen"), "spiel-1-neu")
    for name in ("Ben", "Cem"):
        table.tap(table.chip(re_chips(table), name))
    keyboard(table, True)
    page.keyboard.type("240")
    question = page.get_by_role("radiogroup", name=re.compile(r"hat 0 Augen"))
    question.wait_for()
    page.wait_for_timeout(150)
    assert question.locator("legend").inner_text() == (
        "Kontra hat 0 Augen – mit Stich oder schwarz?")
    table.assert_seen(question, "the schwarz question, keyboard open")
    table.assert_seen(page.locator("#re_eyes"), "the Augen, keyboard open")
    table.screenshot("schwarz-tastatur", full_page=False)
    # No answer chosen by the page; the preview waits for the table's.
    assert question.locator("input:checked").count() == 0
    page.locator(".preview__problem").filter(has_text="einen Stich gemacht hat").wait_for()
    keyboard(table, False)
    table.assert_seen(question, "the schwarz question")
    table.check("schwarz-gefragt")
    table.tap(table.chip(question, "schwarz (kein Stich)"))
    page.locator(".preview__points").wait_for()
    table.save(1)
    # bockrunde: Re wins 240 : 0 against a Kontra without a trick: gewonnen, under 90, 60,
    # 30 and schwarz = 5 for each Re player.
    totals = table.totals()
    assert (totals["Ben"], totals["Cem"], totals["Dora"]) == (5, 5, -5)
    assert totals == evening({"rules": "bockrunde", "seats": FIVE, "games": [
        {"re": ["Ben", "Cem"], "re_eyes": 240, "trickless": "kontra"}]}).totals


SHEET_FITS_JS = """
() => {
  const scroll = document.querySelector(".sheet-scroll");
  const cut = [];
  for (const cell of document.querySelectorAll(".sheet__row > span")) {
    for (const part of [cell, ...cell.querySelectorAll("small, span:not(.visually-hidden)")]) {
      if (part.scrollWidth > part.clientWidth + 0.5 && part.clientWidth > 0) {
        const row = cell.closest("details");
        cut.push(`${row ? row.id : "head"}: "${part.textContent.trim()}" `
                 + `${part.scrollWidth} > ${part.clientWidth}`);
      }
    }
  }
  for (const total of document.querySelectorAll(".totals .total__value")) {
    if (total.scrollWidth > total.clientWidth + 0.5) {
      cut.push(`total: "${total.textContent.trim()}" ${total.scrollWidth} > ${total.clientWidth}`);
    }
  }
  return {scrollWidth: scroll.scrollWidth, clientWidth: scroll.clientWidth, cut: cut};
}
"""

# Games that make wide cells: a redeal ("NG"), Bock ×4, a lost solo with big numbers, an
# Absage and a fox for the other party. Re is given by place among the four who play.
WIDE_GAMES = [
    {"re": [0, 1], "re_eyes": 120, "announced": {"re": "ansage"}},
    {"kind": "redeal"},
    {"kind": "solo", "solo": "damen", "re": [2], "re_eyes": 80,
     "announced": {"re": "keine_90"}},
    {"re": [3, 0], "re_eyes": 190, "announced": {"re": "keine_90"},
     "extras": {"kontra": {"fuchs_gefangen": 1}}},
]


@pytest.mark.parametrize(("seats", "size"), [(FIVE, (360, 740)), (SEVEN, (390, 844))],
                         ids=["5-players-360", "7-players-390"])
def test_the_whole_sheet_is_seen_at_a_glance_without_sideways_scrolling(phone, seats, size):
    table = phone(*size)
    page = table.page
    table.set_up_evening(seats)
    games = []  # sent through the entry form: the sheet is what this test is about
    for game in WIDE_GAMES:
        coming = evening({"rules": "bockrunde", "seats": seats, "games": games}).next
        fitted = {**game, "re": [coming.players[k] for k in game["re"]]} if "re" in game else game
        table.send_games([fitted])
        games.append(fitted)
    fits = page.evaluate(SHEET_FITS_JS)
    assert fits["scrollWidth"] == fits["clientWidth"], fits
    assert fits["cut"] == [], fits["cut"]
    # Every player's points and total are in the row, in seat order.
    ledger = evening({"rules": "bockrunde", "seats": seats, "games": games})
    last = ledger.games[-1]
    cells = page.locator(f"#spiel-{last.number} .cell-points").all_inner_texts()
    assert [c.split("\n")[-1].replace("−", "-") for c in cells] == [
        str(last.totals[p]) for p in seats]
    table.screenshot("zettel", full_page=True)


STATS_FIT_JS = """() => Array.from(document.querySelectorAll('.sheet-scroll')).map(box => ({
  table: (box.querySelector('caption') || box).textContent.trim().slice(0, 20),
  scrollWidth: box.scrollWidth, clientWidth: box.clientWidth}))"""


def test_the_statistik_of_a_table_of_seven_is_seen_without_sideways_scrolling(phone):
    # A tester at 360 px had to swipe for the Statistik's last three columns; a later one,
    # with "Franziska", money and two-digit totals, for the last column.
    seats = [*SEVEN[:5], "Franziska", SEVEN[6]]
    table = phone(360, 740)
    page = table.page
    table.set_up_evening(seats)
    games: list[dict[str, Any]] = []
    for k in range(10):
        coming = evening({"rules": "bockrunde", "seats": seats, "games": games}).next
        games.append({"re": list(coming.players[:2]), "re_eyes": 151 if k % 3 else 60})
    table.send_games(games)
    table.goto(page.url.split("/abend/")[0] + "/statistik", "statistik")
    for box in page.evaluate(STATS_FIT_JS):
        assert box["scrollWidth"] == box["clientWidth"], box
    heads = page.locator("table.stats thead th").all_inner_texts()
    for figure in ("Punkte", "Geld", "Ø/Spiel", "Abende", "Spiele", "gew.", "Soli", "Soli gew."):
        assert figure in heads, heads
    players = page.locator("section[aria-labelledby=stats-title] table.stats tbody tr")
    assert players.count() == 2 * len(seats)
    # The partner and head-to-head tables fit too (checked above with every table).
    assert page.locator("#stats-partners").count() == page.locator("#stats-opponents").count() == 1
    table.screenshot("statistik", full_page=True)
