"""axe-core over every page of the app (issue #39): WCAG 2.2 A and AA, measured.

The data is the English test's world (tests/test_english.py ``_build``): a Runde whose
evening has a Hochzeit, a solo, a Bock round, a table change, a recorded game and a deleted
game, a second evening settled into the Kasse, a season, Kasse entries, the records, an
import preview waiting, and a club evening with a round played and one running. It is
built once into a SQLite file, which the real server then serves. The pages are every GET
route of every blueprint filled from that data (``route_urls``, the same list the English
test asks for, so a new route is covered without editing this file) that answers a page,
plus the pages those pages link to with a new query or a club table (``?saison=``,
``?teil=``, the club's table sheets), one of each kind.

One Chromium context, one tab: each page is opened once per width (360 px, then 1280 px)
and checked in the light and in the dark colour scheme by ``emulate_media`` on the same
page. axe (from the axe-playwright-python package, which carries axe-core) runs the rules
tagged wcag2a, wcag2aa, wcag21a, wcag21aa and wcag22aa; in the second scheme only the rules
a scheme can change (colour contrast) run again. Beside axe, every control (inline links
in a sentence excepted, as WCAG 2.5.8 allows) is measured: at least 24 × 24 CSS px.

What axe cannot decide is listed in README.md ("Accessibility") with what was checked by
hand and what the other tests in this folder check.
"""

from __future__ import annotations

import re
import shutil
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import pytest

from .conftest import ARTIFACTS, SERVE, _served
from .phone import TOUCH_TARGETS_JS

pytestmark = pytest.mark.browser

WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
SCHEME_RULES = ["color-contrast"]
"""What a colour scheme can change, run again in the second scheme."""
WIDTHS = ((360, 740), (1280, 800), (1920, 1080))
"""A phone, a laptop, and the projector (the club ranking's pages only)."""
TARGET = 24
"""CSS px both ways (WCAG 2.5.8, AA)."""
FILES = (".pdf", ".csv", ".json", ".js", ".webmanifest", ".png")
NOT_PAGES = ("language.switch", "sync.token", "groups.backup", "live.poll",
             "club_ranking.poll", "pwa.manifest", "pwa.service_worker", "static")
"""GET routes that answer no page (a redirect, JSON, a script, a file)."""
ONE_OF_EACH = ("groups.edit_player", "kasse.member", "seasons.player", "games.delete")
"""Routes with a page per player or game that looks the same for each: checked once."""
EACH_GAME = ("evenings.game", "games.edit")
"""A game's page and its form look different for each kind (solo, Hochzeit, Bock, table
change, recorded game): checked for every game with the edit link, once with the read link."""


@dataclass
class EveryPage:
    base: str
    pages: list[str]
    """Paths, each a page of its own kind."""
    endpoints: set[str]
    projector: list[str]
    """The club ranking's pages, which a projector shows (1920 × 1080)."""


def _world_pages(database: Path, folder: Path) -> tuple[list[str], set[str], list[str]]:
    """Build the data into ``database`` and list the pages to check."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/ for its helpers
    from scorer.app import create_app
    from scorer.store.extensions import db
    from tests.test_english import _build, route_urls

    app = create_app({"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}",
                      "RATELIMIT_ENABLED": False, "DOKO_PDF_FOLDER": str(folder / "zettel"),
                      "DOKO_LANGUAGES": ("de", "en")})
    english = app.test_client()
    english.set_cookie("sprache", "en")
    data = _build(app, english, [])
    client = app.test_client()
    tokens = {data["token"]: "edit", data["read"]: "read", data["club"]: "organiser",
              data["club_read"]: "ranking"}
    seen: set[tuple[Any, ...]] = set()
    pages: list[str] = []
    endpoints: set[str] = set()
    projector: list[str] = []

    def kind(url: str, endpoint: str) -> tuple[Any, ...]:
        parts = urlsplit(url)
        token = next((role for t, role in tokens.items() if t in parts.path), "other")
        key: tuple[Any, ...] = (endpoint, token,
                                tuple(sorted(k for k, _ in parse_qsl(parts.query))))
        if (endpoint in ONE_OF_EACH or endpoint.endswith("show") and token == "other"
                or endpoint in EACH_GAME and token != "edit"):
            return key
        return (*key, parts.path)  # each game, evening, ...: a page of its own

    def look_at(url: str, endpoint: str) -> list[str]:
        key = kind(url, endpoint)
        if key in seen or endpoint in NOT_PAGES or urlsplit(url).path.endswith(FILES):
            return []
        seen.add(key)
        answer = client.get(url)
        try:
            if answer.mimetype != "text/html" or answer.status_code in (301, 302, 303):
                return []
            if answer.status_code >= 400 and ("error", answer.status_code) in seen:
                return []
            seen.add(("error", answer.status_code))
            pages.append(url)
            endpoints.add(endpoint)
            if endpoint == "club_ranking.show":
                projector.append(url)
            return re.findall(r'\shref="(/[^"#]*)"', answer.get_data(as_text=True))
        finally:
            answer.close()

    def endpoint_of(url: str) -> str:
        from werkzeug.exceptions import HTTPException

        try:
            return str(app.url_map.bind("localhost").match(urlsplit(url).path, "GET")[0])
        except HTTPException:
            return "?"

    links: list[str] = []
    for endpoint, url, _link in route_urls(app, data):
        links += look_at(url, endpoint)
    for href in links:  # one step further: the query variants and the club's tables
        url = href.replace("&amp;", "&")
        if not url.startswith(("/sprache/", "/static/")):
            look_at(url, endpoint_of(url))
    look_at("/r/no-such-runde/", "?")  # the 404 page
    with app.app_context():
        db.engine.dispose()
    return pages, endpoints, projector


@pytest.fixture(scope="module")
def every_page(tmp_path_factory: pytest.TempPathFactory,
               migrated_sqlite: Path) -> Iterator[EveryPage]:
    folder = tmp_path_factory.mktemp("every-page")
    database = folder / "world.sqlite3"
    shutil.copyfile(migrated_sqlite, database)
    pages, endpoints, projector = _world_pages(database, folder)
    (folder / "served").mkdir()
    with _served(folder / "served", SERVE, ARTIFACTS / "axe-server.log", database) as base:
        yield EveryPage(base, pages, endpoints, projector)


def _axe_script() -> str:
    axe = pytest.importorskip("axe_playwright_python.base",
                              reason="axe-playwright-python is not installed")
    return str(axe.AXE_SCRIPT)


STILL_JS = """
() => {
  // With "reduce motion" set: nothing runs an animation or a transition, nothing scrolls
  // smoothly (WCAG 2.3.3).
  const out = document.getAnimations().filter((a) => a.playState === "running").map((a) => `animation running on <${a.effect && a.effect.target ? a.effect.target.tagName.toLowerCase() : "?"}>`);
  const seconds = (value) => Math.max(...value.split(",").map((v) => parseFloat(v) * (v.trim().endsWith("ms") ? 0.001 : 1)));
  for (const el of document.querySelectorAll("*")) {
    const style = getComputedStyle(el);
    if (style.animationName !== "none" && seconds(style.animationDuration) > 0.01) out.push(`<${el.tagName.toLowerCase()}> animates`);
    if (style.transitionProperty !== "none" && seconds(style.transitionDuration) > 0.01) out.push(`<${el.tagName.toLowerCase()}> has a transition`);
    if (style.scrollBehavior === "smooth") out.push(`<${el.tagName.toLowerCase()}> scrolls smoothly`);
  }
  return out;
}
"""

AXE_RUN = """
async ([tags, rules]) => {
  const options = {resultTypes: ["violations"],
                   runOnly: rules ? {type: "rule", values: rules} : {type: "tag", values: tags}};
  const found = await axe.run(document, options);
  return found.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — `
    + v.nodes.slice(0, 4).map((n) => n.target.join(" ") + ": " + n.failureSummary.replace(/\\s+/g, " ")).join(" | "));
}
"""


def test_axe_finds_no_wcag_22_aa_violation_on_any_page(chromium: Any,
                                                         every_page: EveryPage) -> None:
    (Path(__file__).parent / "artifacts").mkdir(exist_ok=True)
    context = chromium.new_context(viewport={"width": 360, "height": 740}, locale="de-DE",
                                   is_mobile=True, has_touch=True,
                                   service_workers="block", reduced_motion="reduce")
    context.add_init_script(_axe_script())
    context.set_default_timeout(20_000)
    page = context.new_page()
    problems: list[str] = []
    checked = 0
    try:
        for width, height in WIDTHS:
            page.set_viewport_size({"width": width, "height": height})
            for path in every_page.pages if width < 1920 else every_page.projector:
                page.goto(every_page.base + path)
                # The sticky save bar stands over whatever is at the screen's bottom edge; at
                # the page's end it stands in its own place. A control under it is scrolled
                # above it when it takes the focus (scroll-padding; test_screen_reader_entry.py
                # checks it), which axe's target-size rule cannot know at the page's top.
                page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
                where = f"{path} at {width} px"
                # Colours do not change with the width: the dark scheme at the phone's.
                for scheme in ("light", "dark") if width < 400 else ("light",):
                    page.emulate_media(color_scheme=scheme)
                    rules = None if scheme == "light" else SCHEME_RULES
                    problems += [f"{where}, {scheme}: {v}"
                                 for v in page.evaluate(AXE_RUN, [WCAG_TAGS, rules])]
                    checked += 1
                # The house's own rule (links in a sentence keep the line's height) is checked
                # on the pages the phones reach (phone.py); here only the size.
                problems += [f"{where}: {p}" for p in page.evaluate(TOUCH_TARGETS_JS, TARGET)
                             if p.startswith("touch target too small")]
                problems += [f"{where}: {p}" for p in page.evaluate(STILL_JS)]
    finally:
        context.close()
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)
    # Every page, both schemes at 360 px, light at 1280 px, the projector: a bound that
    # notices a route gone missing.
    assert checked == 3 * len(every_page.pages) + len(every_page.projector), checked
    assert len(every_page.pages) >= 45 and every_page.projector, every_page.projector


def test_every_page_the_check_reads_covers_every_route_that_answers_a_page(
        every_page: EveryPage) -> None:
    from tests.test_english import NOT_FILLED

    assert not NOT_FILLED
    for needed in ("evenings.show", "evenings.game", "games.new", "games.edit", "recorded.new",
                   "table.new", "kasse.show", "seasons.player", "records.show", "stats.show",
                   "imports.confirm", "club.show", "club_ranking.show", "groups.index",
                   "pwa.offline", "history.show", "money.edit"):
        assert needed in every_page.endpoints, needed
