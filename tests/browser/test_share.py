"""A closed evening's "Ergebnis teilen" at 360 px (templates/_share.html, static/js/share.js):
on a phone whose share sheet takes files, on one without the Web Share API (the picture is
saved, the text copied), and the link preview a messenger reads from the read-only link.
The Web Share API is the browser's: it is replaced before the page loads
(``add_init_script``), the page's own script runs as it is."""

from __future__ import annotations

import io
import urllib.request
from html.parser import HTMLParser
from urllib.parse import urlsplit

import pytest
from PIL import Image

pytestmark = pytest.mark.browser

FOUR = ["Anna", "Ben", "Cem", "Dora"]
GAMES = [{"re": ["Anna", "Cem"], "re_eyes": 151}, {"re": ["Anna", "Dora"], "re_eyes": 181}]

SHARES_FILES = """
window.__shared = null;
Object.defineProperty(navigator, "canShare", { configurable: true, value: (data) =>
  !!data && Array.isArray(data.files) && data.files.every((f) => f.type === "image/png") });
Object.defineProperty(navigator, "share", { configurable: true, value: async (data) => {
  const file = data.files[0];
  const bitmap = await createImageBitmap(file);
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  window.__shared = { title: data.title, text: data.text, url: data.url || null,
    name: file.name, type: file.type, width: bitmap.width, height: bitmap.height,
    png: Array.from(head).join(",") };
} });
"""
"""A phone whose share sheet takes pictures: the share is recorded, with the picture's size."""

SHARES_TEXT_ONLY = """
window.__shared = null;
Object.defineProperty(navigator, "canShare", { configurable: true, value: (data) =>
  !(data && data.files) });
Object.defineProperty(navigator, "share", { configurable: true, value: async (data) => {
  window.__shared = { title: data.title, text: data.text, url: data.url || null,
                      files: data.files ? data.files.length : 0 };
} });
"""
"""A phone whose share sheet takes text and links but no files."""

NO_WEB_SHARE = """
Object.defineProperty(navigator, "share", { configurable: true, value: undefined });
Object.defineProperty(navigator, "canShare", { configurable: true, value: undefined });
"""
"""A browser without the Web Share API (a desktop Firefox, say)."""

PNG = "137,80,78,71,13,10,26,10"


def closed_evening(table) -> tuple[str, str]:
    """An evening of two games, closed; the sheet's edit URL and its read-only one."""
    sheet = table.set_up_evening(FOUR)
    table.send_games(GAMES)
    page = table.page
    table.tap_to(page.get_by_role("button", name="Abend abschließen"), "abgeschlossen")
    readable = page.locator("[data-share]").get_attribute("data-share-url")
    return sheet, readable


def test_a_phone_that_shares_files_gets_the_picture_and_the_text(phone):
    table = phone(360, 740)
    table.page.add_init_script(SHARES_FILES)
    sheet, readable = closed_evening(table)
    edit = urlsplit(sheet).path.split("/")[2]
    page = table.page
    button = page.get_by_role("link", name="Ergebnis teilen")
    table.assert_seen(button, "the share button")
    table.tap(button)
    shared = shared_on(page)
    assert shared["type"] == "image/png" and shared["png"] == PNG
    assert (shared["width"], shared["height"]) == (1200, 630)
    assert shared["name"] == "doko-zettel-donnerstagsrunde-abend-1-" + \
        page.locator("[data-share]").get_attribute("data-share-file").split("-abend-1-")[1]
    # Anna 2 + 3 = +5, Dora −2 + 3 = +1, Cem 2 − 3 = −1, Ben −2 − 3 = −5.
    assert "1. Anna +5" in shared["text"] and "4. Ben −5" in shared["text"]
    assert shared["text"].endswith(readable) and edit not in shared["text"]
    assert edit not in readable
    assert page.get_by_role("status").filter(has_text="Geteilt.").count() == 1
    table.arrived("geteilt")


def shared_on(page):
    for _ in range(200):  # (wait_for_function evaluates a string: the page's CSP forbids it)
        shared = page.evaluate("() => window.__shared")
        if shared:
            return shared
        page.wait_for_timeout(50)
    raise AssertionError("nothing was shared")


def test_a_phone_that_shares_no_files_shares_the_text_and_the_read_only_link(phone):
    table = phone(360, 740, checks=False)  # the same page as above, another phone
    table.page.add_init_script(SHARES_TEXT_ONLY)
    sheet, readable = closed_evening(table)
    table.tap(table.page.get_by_role("link", name="Ergebnis teilen"))
    shared = shared_on(table.page)
    # The link's preview shows the picture: the link goes as the share's URL.
    assert shared["files"] == 0 and shared["url"] == readable
    assert shared["text"].startswith("Donnerstagsrunde · Abend 1 · ")
    assert "1. Anna +5" in shared["text"] and readable not in shared["text"]


def test_a_phone_without_web_share_saves_the_picture_and_copies_the_text(phone, tmp_path):
    table = phone(360, 740)
    page = table.page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.add_init_script(NO_WEB_SHARE)
    sheet, readable = closed_evening(table)
    edit = urlsplit(sheet).path.split("/")[2]
    with page.expect_download() as saving:
        table.tap(page.get_by_role("link", name="Ergebnis teilen"))
    download = saving.value
    assert download.suggested_filename.endswith(".png")
    saved = tmp_path / download.suggested_filename
    download.save_as(saved)
    with Image.open(saved) as picture:
        assert picture.format == "PNG" and picture.size == (1200, 630)
    status = page.get_by_role("status").filter(has_text="Bild gespeichert")
    status.wait_for()
    assert "Text kopiert" in status.inner_text()
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied.startswith("Donnerstagsrunde · Abend 1 · ")
    assert "1. Anna +5" in copied and copied.endswith(readable) and edit not in copied
    table.arrived("gespeichert")


class MetaTags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        key = named.get("property") or named.get("name")
        if tag == "meta" and key and named.get("content") is not None:
            self.found[key] = str(named["content"])


def test_the_read_only_link_shows_a_preview_in_a_messenger(phone):
    table = phone(360, 740, checks=False)  # the page is the sheet above; this is the preview
    sheet, readable = closed_evening(table)
    edit = urlsplit(sheet).path.split("/")[2]
    # A messenger's preview: the link fetched without cookies, the meta tags read.
    asked = urllib.request.Request(readable, headers={"User-Agent": "TelegramBot (like TwitterBot)"})
    with urllib.request.urlopen(asked, timeout=30) as answer:
        parser = MetaTags()
        parser.feed(answer.read().decode("utf-8"))
    tags = parser.found
    assert tags["og:title"].startswith("Donnerstagsrunde · Abend 1 · ")
    assert tags["og:description"] == "Anna +5 · Dora +1 · Cem −1 · Ben −5"
    assert tags["og:url"] == readable
    image = tags["og:image"]
    assert edit not in image and urlsplit(image).path.startswith(urlsplit(readable).path)
    with urllib.request.urlopen(urllib.request.Request(image), timeout=30) as answer:
        assert answer.headers["Content-Type"] == "image/png"
        data = answer.read()
    with Image.open(io.BytesIO(data)) as picture:
        assert picture.format == "PNG"
        assert picture.size == (int(tags["og:image:width"]), int(tags["og:image:height"]))


def test_the_season_table_is_shared_from_the_read_only_runde_page(phone, tmp_path):
    table = phone(360, 740)
    page = table.page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.add_init_script(NO_WEB_SHARE)
    sheet, readable = closed_evening(table)
    edit = urlsplit(sheet).path.split("/")[2]
    runde = readable.split("abend/")[0]
    table.goto(urlsplit(runde).path, "runde-nur-lesen")
    with page.expect_download() as saving:
        table.tap(page.locator("section.season").get_by_role("link", name="Ergebnis teilen"))
    saved = tmp_path / saving.value.suggested_filename
    saving.value.save_as(saved)
    with Image.open(saved) as picture:
        assert picture.format == "PNG" and picture.size == (1200, 630)
    page.get_by_role("status").filter(has_text="Bild gespeichert").wait_for()
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied.startswith("Donnerstagsrunde · Saison ")
    assert "1. Anna +5" in copied and edit not in copied
    table.arrived("saison-geteilt")
