"""The app in English on a 360 px phone (issue #35): English words are longer in places
("announcement" for "Ansage"), and still no page scrolls sideways, and a normal game is
still entered in four taps plus the Augen.

The server is the browser suite's (tests/browser/conftest.py) with English offered
(``DOKO_LANGUAGES``, read from ``FLASK_DOKO_LANGUAGES``); each phone chooses English with
the language switch (the cookie it keeps), as a person does. The data is sent through the
pages' own forms (``send``: the form as the page offers it, filled and posted from the
phone), so nothing here depends on the words a form is labelled with.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import pytest

from .conftest import SERVE, _served
from .phone import SUBMIT_JS

pytestmark = pytest.mark.browser

SEATS = ["Anna", "Ben", "Cem", "Dora", "Emil"]

SERVE_BILINGUAL = SERVE.replace(
    "from scorer import create_app",
    "from scorer import create_app\nos.environ['FLASK_DOKO_LANGUAGES'] = '[\"de\", \"en\"]'")
assert SERVE_BILINGUAL != SERVE

SEND_JS = """
async ([url, selector, values]) => {
  // The form as the page at ``url`` offers it, ``values`` set, posted; where it led.
  const page = await fetch(url);
  const doc = new DOMParser().parseFromString(await page.text(), "text/html");
  const form = doc.querySelector(selector);
  if (!form) throw new Error(`no form ${selector} on ${url}`);
  const data = new FormData(form);
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  const action = new URL(form.getAttribute("action") || url, page.url);
  const sent = await fetch(action, {method: "POST", body: new URLSearchParams(data)});
  if (!sent.ok) {
    throw new Error(`${action.pathname} answered ${sent.status}: ${(await sent.text()).slice(0, 2000)}`);
  }
  return sent.url;
}
"""

SIDEWAYS_JS = """
() => {
  const page = document.scrollingElement;
  // The widest elements reaching past the right edge: where to look.
  const wide = Array.from(document.body.querySelectorAll("*"))
    .filter((el) => el.getBoundingClientRect().right > page.clientWidth + 0.5)
    .slice(0, 3)
    .map((el) => `<${el.tagName.toLowerCase()}${el.className ? "." + String(el.className).trim().replace(/\\s+/g, ".") : ""}> `
                 + `${Math.round(el.getBoundingClientRect().right)} px "${(el.innerText || "").trim().slice(0, 40)}"`);
  return [page.scrollWidth, page.clientWidth, document.documentElement.lang, wide];
}
"""


@pytest.fixture(scope="module")
def english_server(tmp_path_factory: pytest.TempPathFactory,
                   migrated_sqlite: Path) -> Iterator[str]:
    """The app served with German and English offered; its base URL."""
    from .conftest import ARTIFACTS

    folder = tmp_path_factory.mktemp("english-server")
    with _served(folder, SERVE_BILINGUAL, ARTIFACTS / "english-server.log",
                 migrated_sqlite) as base:
        yield base


def in_english(device: Any) -> None:
    """The language switch, as a person taps it once on this phone."""
    device.page.goto(device.base_url + "/sprache/en?weiter=/")
    assert device.page.evaluate("document.documentElement.lang") == "en"


def send(device: Any, url: str, selector: str, values: dict[str, Any]) -> str:
    return str(device.page.evaluate(SEND_JS, [url, selector, values]))


def set_up(device: Any, games: bool = True) -> dict[str, str]:
    """A Runde (bockrunde) of five, a season, a Kasse entry, an evening of all five with
    a few games (a Bock round, a solo, an announcement) and a club evening with round 1
    drawn and started; the addresses of its pages."""
    page = device.page
    runde = page.evaluate(SUBMIT_JS, ["/", "form:has([name=preset])",
                                      {"name": "Friday Crew", "preset": "bockrunde"}, None])
    for name in SEATS:
        page.evaluate(SUBMIT_JS, [runde, "form:has(input[name=name])", {"name": name}, None])
    sheet = page.evaluate(SUBMIT_JS, [runde.rstrip("/") + "/abend/neu", "form.evening-form",
                                      {}, SEATS])
    where = {"runde": runde, "sheet": sheet}
    if not games:
        return where
    for values in ({"kind": "normal", "re": ["Ben", "Cem"], "re_eyes": "151"},
                   {"kind": "normal", "re": ["Cem", "Dora"], "re_eyes": "120"},
                   {"kind": "solo", "solo": "damen", "re": ["Dora"], "re_eyes": "130"},
                   {"kind": "normal", "re": ["Emil", "Anna"], "re_eyes": "190",
                    "announced_re": "keine_90"}):
        page.evaluate(SUBMIT_JS, [sheet + "spiel/neu", "form#entry", values, None])
    send(device, runde + "saisons", "form[action$='/saisons/neu']",
         {"name": "Winter 2025/26", "start": "2025-09-01"})
    send(device, runde + "kasse/", "form.kasse-entry-form",
         {"kind": "expense", "date": "2025-11-21", "text": "New cards", "amount": "4"})
    club = send(device, "/turnier/neu", "form.club-form", {"name": "Spring Cup"})
    club = club.split("/t/")[0] + "/t/" + club.split("/t/")[1].split("/")[0] + "/"
    send(device, club + "anmeldung", "form:has(textarea[name=names])",
         {"names": "\n".join(["Anna", "Ben", "Cem", "Dora", "Emil", "Fritz", "Gabi", "Hans"])})
    send(device, club, "form[action$='/auslosen']", {"seed": "1"})
    send(device, club, "form[action$='/runde/1/starten']", {})
    links = page.evaluate(
        "async (url) => { const r = await fetch(url); return await r.text(); }", sheet)
    game = re.search(r'href="([^"]*spiel/\d+/rechnung)"', links)
    assert game, "no game on the sheet"
    runde_page = page.evaluate(
        "async (url) => { const r = await fetch(url); return await r.text(); }", runde)
    player = re.search(r'href="([^"]*saison/spieler/\d+[^"]*)"', runde_page)
    assert player, "no season player link on the Runde page"
    where.update(game=urljoin(sheet, html.unescape(game.group(1))), club=club,
                 player=urljoin(runde, html.unescape(player.group(1))))
    return where


def test_no_page_scrolls_sideways_in_english_at_360_px(phone: Any, english_server: str) -> None:
    device = phone(360, 740, checks=False, base=english_server)
    in_english(device)
    where = set_up(device)
    runde, sheet, club = where["runde"], where["sheet"], where["club"]
    pages = {
        "start": "/",
        "Runde": runde,
        "sheet": sheet,
        "entry form": sheet + "spiel/neu",
        "a game's breakdown": where["game"],
        "a game's edit form": where["game"].removesuffix("rechnung"),
        "table change": sheet + "tisch/neu",
        "points entry (recorded game)": sheet + "punkte",
        "evening history": sheet + "verlauf/",
        "settlement": sheet + "abrechnung",
        "new evening": runde + "abend/neu",
        "house rules": runde + "regeln",
        "season settings": runde + "saisons",
        "season player": where["player"],
        "Kasse": runde + "kasse/",
        "Kasse history": runde + "kasse/verlauf",
        "Kasse report": runde + "kasse/bericht",
        "statistics": runde + "statistik",
        "records": runde + "bestenliste",
        "import": runde + "importieren/",
        "new tournament": "/turnier/neu",
        "club organiser": club,
        "club registration": club + "anmeldung",
        "club settings": club + "einstellungen",
        "club ranking": club + "rangliste",
    }
    # The control: a page made too wide is seen as one (the measure is not blind).
    device.page.goto(english_server + "/")
    device.page.evaluate("""() => { const wide = document.createElement("div");
        wide.style.width = "500px"; wide.style.height = "1em"; wide.id = "too-wide"; document.body.append(wide); }""")
    assert device.page.evaluate(SIDEWAYS_JS)[0] > 360
    device.page.evaluate("document.getElementById('too-wide').remove()")
    problems = []
    for name, path in pages.items():
        response = device.page.goto(path if path.startswith("http") else english_server + path)
        assert response is not None and response.ok, (name, path)
        device.page.wait_for_load_state("load")
        scroll_width, client_width, lang, wide = device.page.evaluate(SIDEWAYS_JS)
        if lang != "en":
            problems.append(f"{name} ({path}): the page is not in English (lang={lang!r})")
        if scroll_width > client_width:
            problems.append(f"{name} ({path}): scrolls sideways, {scroll_width} px wide in "
                            f"{client_width} px; reaching past the edge: {'; '.join(wide)}")
            device.screenshot(f"sideways-{name.replace(' ', '-')}")
    assert not problems, "English pages at 360 px:\n  " + "\n  ".join(problems)
    assert not device.console_errors, device.console_errors


def test_a_normal_game_takes_at_most_four_taps_in_english(phone: Any, english_server: str,
                                                          count_taps: Any) -> None:
    """tests/browser/test_taps.py's count (every tap, and bringing the focus to the Augen
    if the page does not; typing them is free), in English. The controls are found by
    what they are, not by their words, so the count holds whatever the words."""
    device = phone(360, 740, checks=False, base=english_server)
    in_english(device)
    sheet = set_up(device, games=False)["sheet"]
    page = device.page
    page.goto(sheet)
    assert page.evaluate("document.documentElement.lang") == "en"
    device.taps = 0
    device.tap_to(page.locator("a.button--primary[href$='/spiel/neu']"), "spiel-1-neu-en")
    assert page.evaluate("document.documentElement.lang") == "en"
    re_group = page.locator("fieldset[data-re]")
    for name in ("Ben", "Cem"):
        device.tap(device.chip(re_group, name))
    device.type_into(page.locator("input[name=re_eyes]"), "151")
    device.tap_to(page.locator("form#entry [data-savebar] button[type=submit]"),
                  "zettel-nach-spiel-1-en")
    assert page.locator("#spiel-1").count() == 1, "the sheet does not show game 1"
    count_taps("(a) normal game, no announcements, in English", device.taps)
    assert device.taps <= 4, f"{device.taps} taps for a normal game in English, at most 4"
