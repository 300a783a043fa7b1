"""Accessibility basics on every page a Runde reaches, and the app at 200 % zoom.

Each page the phone arrives at gets the checks of ``Phone.check``: every control has an
accessible name (as Chromium computes it), touch targets are at least 44 × 44 CSS px (links
inside a sentence exempt), text contrast is at least 4.5:1 (3:1 for large text), no
console error and no sideways scrolling. Here the pages are reached in every state the
evening test does not show: each game kind on the entry form, rule options unfolded, a row
of the sheet opened, and every page linked from the Runde and the sheet.
"""

from __future__ import annotations

import re
from urllib.parse import urljoin, urlsplit

import pytest

pytestmark = pytest.mark.browser

SEATS = ["Anna", "Ben", "Cem", "Dora", "Emil"]
GAMES = [
    {"re": ["Ben", "Cem"], "re_eyes": 151},
    {"kind": "solo", "solo": "damen", "re": ["Dora"], "re_eyes": 130},
    {"re": ["Anna", "Emil"], "re_eyes": 120, "announced": {"re": "ansage"}},
]
DOWNLOADS = (".pdf", ".csv", ".json")
"""Links that download a file rather than open a page."""


def test_every_page_and_state_has_labels_big_targets_and_readable_text(phone):
    table = phone(360, 740)
    page = table.page
    table.start_evening(SEATS)
    for number, game in enumerate(GAMES, start=1):
        table.enter_game(game, number)
    sheet = page.url

    # The entry form with each kind's fields showing.
    table.tap_to(page.get_by_role("link", name=f"Spiel {len(GAMES) + 1} eintragen"), "eintragen")
    for kind in ("Solo", "Hochzeit", "Armut", "Stille Hochzeit", "neu gegeben"):
        table.tap(table.chip(table.group("Spielart"), kind))
        table.check(f"eintragen-{kind}")
    # A row of the sheet opened, and the sheet's own folded parts.
    table.goto(sheet, "zettel")
    table.tap(page.locator("#spiel-2 > summary"))
    for summary in page.locator("details:not(.game) > summary").all():
        table.tap(summary)
    table.check("zettel-offen")
    # The new-evening page with the rule options unfolded.
    table.goto(urljoin(sheet, "../neu"), "neuer-abend")
    table.tap(page.get_by_text("Regeln nur für diesen Abend ändern"))
    table.check("neuer-abend-regeln")

    # Remembered on this device: the Runde page says so, the start page lists it with its
    # "Vergessen" unfolded.
    runde = urljoin(sheet, "../../")
    table.goto(runde, "runde-merken")
    table.tap_to(page.get_by_role("button", name="Auf diesem Gerät merken"), "runde-gemerkt")
    table.goto("/", "start-gemerkt")
    table.tap(page.locator(".remembered__forget > summary"))
    table.check("start-vergessen-offen")

    # Every page linked from the Runde and from the sheet.
    seen = {sheet, runde, urljoin(sheet, "../neu")}
    table.goto(runde, "runde")
    for start in (runde, sheet):
        table.goto(start, "start-der-suche")
        links = page.eval_on_selector_all("a[href]", "links => links.map(a => a.href)")
        for link in links:
            url = link.split("#")[0]
            if url in seen or urlsplit(url).netloc != urlsplit(sheet).netloc:
                continue
            seen.add(url)
            if urlsplit(url).path.endswith(DOWNLOADS):
                continue
            answer = page.request.head(url)
            if not answer.headers.get("content-type", "").startswith("text/html"):
                continue
            page_name = re.sub(r"^/r/[^/]+", "runde", urlsplit(url).path).strip("/")
            table.goto(url, page_name.replace("/", "-") or "start")
    assert table.pages >= 20


def test_at_200_percent_zoom_nothing_scrolls_sideways_and_speichern_is_reachable(phone):
    # 390 × 844 at 200 %: the layout sees 195 × 422 CSS px, drawn with two device pixels each.
    table = phone(195, 422, scale=2, name="195x422-zoom-200")
    page = table.page
    table.start_evening(SEATS)
    table.tap_to(page.get_by_role("link", name="Spiel 1 eintragen"), "spiel-1-neu")
    table.fill_game(GAMES[0])
    save = page.get_by_role("button", name="Speichern")
    save.scroll_into_view_if_needed()
    box = save.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 422
    assert box["x"] >= 0 and box["x"] + box["width"] <= 195
    table.save(1)
    table.open_game(1)
    table.check("zettel-spiel-1-offen")
    assert table.totals()["Ben"] > 0
