"""The treasurer at the table on a 360 px phone (issue 37): "Anna gibt 20 €" is a member
chosen, an amount typed and one tap; it pays her oldest open shares and the rest is her
credit. "alles bezahlt" settles a member in one tap. Every page gets the phone's checks
(no console error, no sideways scrolling, named controls, 44 px targets, contrast)."""

from __future__ import annotations

import re

import pytest

from .test_year import submit

pytestmark = pytest.mark.browser

SEATS = ["Anna", "Ben", "Cem", "Dora"]


def cents(text: str) -> int:
    found = re.search(r"(-?\d+),(\d\d)", text.replace("−", "-"))
    assert found, text
    return int(found.group(1)) * 100 + int(found.group(2))


def test_anna_gibt_20_euro_on_a_phone(phone):
    table = phone(360, 740)
    page = table.page
    table.goto("/", "start")
    runde = submit(table, "/", "form:has([name=preset])",
                   {"name": "Kassenrunde", "preset": "ddv"})
    for name in SEATS:
        submit(table, runde, "form:has(input[name=name])", {"name": name})
    # Five evenings into the Kasse (one more than the Kasse page lists with buttons): Ben and
    # Cem win twice each evening (ddv: 2 each), Anna and Dora lose.
    for day in ("2026-01-08", "2026-01-15", "2026-01-22", "2026-01-29", "2026-02-05"):
        sheet = submit(table, runde.rstrip("/") + "/abend/neu", "form.evening-form",
                       {"played_on": day, "settlement_mode": "pay_leader"}, SEATS)
        for _ in range(2):
            submit(table, sheet + "spiel/neu", "form#entry",
                   {"re": ["Ben", "Cem"], "re_eyes": "151"})
        submit(table, sheet, 'form[action$="schliessen"]', {})

    table.goto(runde + "kasse/", "kasse")
    row = page.locator("table.stats tbody tr").filter(has_text="Anna")
    owed = cents(row.locator("td").nth(1).inner_text())
    assert owed > 0
    # The four newest evenings are listed with their shares; the fifth is counted below.
    assert page.locator(".kasse-charge").filter(has_text="Anna").count() == 4
    taps = table.taps
    who = page.get_by_label("Wer gibt Geld?")
    table.tap(who)
    who.select_option(label="Anna")
    table.type_into(page.get_by_label("Wie viel Euro?"), "20")
    table.tap_to(page.get_by_role("button", name="Zahlung vermerken"), "anna-gibt")
    assert "Anna gibt 20,00 €" in page.locator(".flash").inner_text()
    anna_taps = table.taps - taps
    # Her shares are paid; what is left of the 20 € is her credit.
    assert page.locator(".kasse-charge").filter(has_text="Anna").count() == 0
    cell = page.locator("table.stats tbody tr").filter(has_text="Anna").locator("td").nth(1)
    text = cell.inner_text()
    assert cents(text) == 0 and "Guthaben" in text
    assert cents(text.split("\n")[-1]) == 2000 - owed
    # Dora: everything in one tap.
    dora = page.locator("table.stats tbody tr").filter(has_text="Dora")
    assert cents(dora.locator("td").nth(1).inner_text()) > 0
    taps = table.taps
    table.tap_to(dora.get_by_role("button", name="alles bezahlt"), "dora-alles")
    dora = page.locator("table.stats tbody tr").filter(has_text="Dora")
    assert cents(dora.locator("td").nth(1).inner_text()) == 0
    assert page.locator(".kasse-charge").count() == 0
    # Ten shares of five evenings, the oldest not listed on the Kasse page: 3 taps for
    # Anna's 20 € (who, the amount, the button), 1 for Dora's "alles bezahlt".
    assert (anna_taps, table.taps - taps) == (3, 1)


WORD_LINES_JS = """
([selector, word]) => {
  // How many lines ``word`` takes in the element: 1 unless it was broken inside.
  const el = document.querySelector(selector);
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = node.data.indexOf(word);
    if (at < 0) continue;
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + word.length);
    return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
  }
  return 0;
}
"""


def test_a_long_german_word_is_not_broken_in_the_kasse_at_360_px(phone):
    table = phone(360, 740)
    page = table.page
    table.goto("/", "start")
    runde = submit(table, "/", "form:has([name=preset])",
                   {"name": "Kassenrunde", "preset": "ddv"})
    submit(table, runde + "kasse/", "form.kasse-entry-form",
           {"kind": "deposit", "date": "2025-12-24", "text": "Weihnachtsspende",
            "amount": "120,00"})
    table.goto(runde + "kasse/", "kasse-spende")
    assert page.evaluate(WORD_LINES_JS, [".kasse-entry__what", "Weihnachtsspende"]) == 1
