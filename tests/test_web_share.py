"""A closed evening's result for the group's chat (scorer/web/evening/share.py): the link
preview a messenger reads from the read-only link, the picture as a picture (a PNG of the
size the preview states, drawn from an SVG whose text is read back), the share button's
text, no edit token in anything shared, and the picture made once per evening version.
The pictures are the real render process's, kept in the app's folder."""

from __future__ import annotations

import io
import time
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from PIL import Image

pytest.importorskip("cairosvg")

SEATS = ("Anna", "Ben", "Cem", "Dora")
MESSENGER = {"User-Agent": "WhatsApp/2.24.1 A"}
"""A link preview's fetch: no cookies, no language asked for."""


class MetaTags(HTMLParser):
    """The <meta> tags of a page, as a link preview reads them."""

    def __init__(self) -> None:
        super().__init__()
        self.found: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "meta":
            named = dict(attrs)
            key = named.get("property") or named.get("name")
            if key and named.get("content") is not None:
                self.found[key] = str(named["content"])


def meta(page: str) -> dict[str, str]:
    parser = MetaTags()
    parser.feed(page)
    return parser.found


def _tokens(app: Any) -> tuple[str, str]:
    from scorer.store.extensions import db
    from scorer.store.models import Group

    with app.app_context():
        group = db.session.query(Group).one()
        return group.edit_token, group.read_token


def _closed_evening(table: Any, client: Any, cents: int = 10) -> str:
    table.create_group(players=SEATS)
    sheet = table.start_evening(cents=cents)
    # Re 151: Kontra keine 90, 2 points; Re 181: keine 90 and keine 60, 3 points.
    table.play(sheet, ("Anna", "Cem"), 151)
    table.play(sheet, ("Anna", "Dora"), 181)
    assert client.post(sheet + "schliessen", data={"revision": "1"}).status_code == 302
    return sheet


def _picture(client: Any, url: str) -> Any:
    """The picture as a messenger gets it: asked again while it is being made (503)."""
    deadline = time.monotonic() + 60
    while True:
        response = client.get(url, headers=MESSENGER)
        if response.status_code != 503 or time.monotonic() > deadline:
            return response
        assert response.headers["Retry-After"]
        time.sleep(0.05)


def _kept(app: Any) -> list[Path]:
    return sorted(Path(app.config["DOKO_PDF_FOLDER"]).glob("*.png"))


def test_a_messenger_reads_the_preview_from_the_read_only_link(table, client, app):
    sheet = _closed_evening(table, client)
    edit, read = _tokens(app)
    readable = sheet.replace(edit, read)
    messenger = app.test_client()  # no cookies, no session
    page = messenger.get(readable, headers=MESSENGER)
    assert page.status_code == 200
    tags = meta(page.text)
    # Anna 2 + 3 = +5, Dora −2 + 3 = +1, Cem 2 − 3 = −1, Ben −2 − 3 = −5.
    assert tags["og:title"] == "Donnerstagsrunde · Abend 1 · 20.11.2025"
    assert tags["og:description"] == "Anna +5 · Dora +1 · Cem −1 · Ben −5"
    assert tags["og:url"] == "http://127.0.0.1:5000" + readable
    assert tags["og:image:type"] == "image/png"
    assert (tags["og:image:width"], tags["og:image:height"]) == ("1200", "630")
    assert tags["twitter:card"] == "summary_large_image"
    image = tags["og:image"]
    assert urlsplit(image).path == readable + "ergebnis.png" and edit not in image
    # The picture, fetched as the preview does: only the read-only token, no cookies.
    picture = _picture(app.test_client(), image)
    assert picture.status_code == 200 and picture.mimetype == "image/png"
    assert picture.data.startswith(b"\x89PNG\r\n\x1a\n")
    with Image.open(io.BytesIO(picture.data)) as shown:
        assert shown.format == "PNG"
        assert shown.size == (1200, 630)


def test_nothing_shared_carries_the_edit_token(table, client, app):
    sheet = _closed_evening(table, client)
    edit, read = _tokens(app)
    page = client.get(sheet).text  # opened with the edit link
    head = page.split("</head>")[0]
    shared = page.split("<div class=\"share\"")[1].split("</div>")[0]
    assert edit not in head and edit not in shared
    assert read in shared and f'href="{sheet.replace(edit, read)}ergebnis.png"' in shared
    tags = meta(page)
    assert read in tags["og:image"] and read in tags["og:url"]


def test_the_share_button_carries_the_result_as_text(table, client, app):
    sheet = _closed_evening(table, client)
    _, read = _tokens(app)
    page = client.get(sheet).text
    shared = page.split('<div class="share"')[1].split("</div>")[0]
    # 10 Cent a point, settled among the players: +5 = +0,50 €.
    text = ("Donnerstagsrunde · Abend 1 · 20.11.2025\n1. Anna +5 (+0,50 €)\n"
            "2. Dora +1 (+0,10 €)\n3. Cem −1 (−0,10 €)\n4. Ben −5 (−0,50 €)\n2 Spiele")
    assert f'data-share-text="{text}"' in shared
    assert "Ergebnis teilen</a>" in shared
    assert 'download="doko-zettel-donnerstagsrunde-abend-1-2025-11-20.png"' in shared


def test_the_picture_is_drawn_from_an_svg_that_says_the_result(table, client, app):
    from scorer import services
    from scorer.printed.picture import picture_svg, rasterise
    from scorer.web.pages.sharing import context
    from scorer.words.i18n import speaking

    sheet = _closed_evening(table, client)
    edit, read = _tokens(app)
    served = _picture(client, sheet.replace(edit, read) + "ergebnis.png")
    with app.app_context():
        group = services.find_group(read)
        evening = services.find_evening(group, 1)
        with speaking("de"):
            svg = picture_svg(context(evening, services.sheet(evening)))
    # The PNG served is exactly that SVG drawn: what the SVG says is what the picture shows.
    assert rasterise(svg) == served.data
    root = ET.fromstring(svg)
    assert (root.get("width"), root.get("height")) == ("1200", "630")
    said = [" ".join("".join(t.itertext()).split()) for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert said[:2] == ["Donnerstagsrunde", "Abend 1 · 20.11.2025 · 2 Spiele"]
    standings = said[2:2 + 4 * 4]
    assert standings == ["1.", "Anna", "+5", "+0,50 €", "2.", "Dora", "+1", "+0,10 €",
                         "3.", "Cem", "−1", "−0,10 €", "4.", "Ben", "−5", "−0,50 €"]
    # The chart names each line at its end; the picture holds no link of the Runde.
    assert {"Anna", "Ben", "Cem", "Dora"} <= set(said[2 + 16:])
    assert edit not in svg and read not in svg and "http" not in svg.replace(
        "http://www.w3.org/2000/svg", "")


def test_a_runde_that_prints_in_english_shares_in_english(table, client, app):
    from scorer.store.extensions import db
    from scorer.store.models import Group

    sheet = _closed_evening(table, client)
    with app.app_context():
        db.session.query(Group).one().language = "en"
        db.session.commit()
    edit, read = _tokens(app)
    tags = meta(app.test_client().get(sheet.replace(edit, read), headers=MESSENGER).text)
    assert tags["og:title"] == "Donnerstagsrunde · Evening 1 · 20 Nov 2025"
    assert tags["og:description"] == "Anna +5 · Dora +1 · Cem −1 · Ben −5"
    page = client.get(sheet).text  # read in German, shared in English
    assert "1. Anna +5 (+€0.50)" in page and "2 games" in page and "Ergebnis teilen" in page


def test_the_picture_is_made_once_per_version(table, client, app):
    sheet = _closed_evening(table, client)
    edit, read = _tokens(app)
    picture = sheet.replace(edit, read) + "ergebnis.png"
    first = _picture(client, picture)
    renders = set()  # each render writes a new file (renamed into place): a new inode
    for _ in range(3):
        for asker in (client.get(sheet), client.get(sheet.replace(edit, read)),
                      _picture(app.test_client(), picture), _picture(client, picture)):
            assert asker.status_code == 200
            (kept,) = _kept(app)
            renders.add(kept.stat().st_ino)
    assert len(renders) == 1
    # Unchanged, the phone that has it gets nothing again.
    again = client.get(picture, headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.data == b""
    # A new version of the evening (reopened, a game more, closed): drawn once more, and
    # the older picture goes.
    assert client.post(sheet + "oeffnen", data={"revision": "2"}).status_code == 302
    table.play(sheet, ("Ben", "Cem"), 130)
    assert client.post(sheet + "schliessen", data={"revision": "3"}).status_code == 302
    newer = _picture(client, picture)
    assert newer.headers["ETag"] != first.headers["ETag"] and newer.data != first.data
    for _ in range(3):
        _picture(app.test_client(), picture)
        (kept,) = _kept(app)
        renders.add(kept.stat().st_ino)
    assert len(renders) == 2


def test_a_running_evening_has_no_picture_and_no_share_button(table, client, app):
    table.create_group(players=SEATS)
    sheet = table.start_evening()
    table.play(sheet, ("Anna", "Cem"), 151)
    page = client.get(sheet).text
    assert "data-share" not in page and "og:image" not in page
    assert client.get(sheet + "ergebnis.png").status_code == 404


def test_an_evening_without_money_shares_only_the_points(table, client, app):
    sheet = _closed_evening(table, client, cents=0)
    page = client.get(sheet).text
    assert "1. Anna +5\n2. Dora +1\n3. Cem −1\n4. Ben −5\n2 Spiele" in page
    assert "€" not in page.split('<div class="share"')[1].split("</div>")[0]


# ------------------------------------------------------------------ a season's table


def _season(table: Any, client: Any) -> str:
    """Two closed evenings of the Runde's season 2025; the Runde page's URL."""
    sheet = _closed_evening(table, client)
    second = table.start_evening(played_on="2025-11-27")
    table.play(second, ("Ben", "Cem"), 151)  # Ben, Cem +2; Anna, Dora −2
    assert client.post(second + "schliessen", data={"revision": "1"}).status_code == 302
    return sheet.split("abend/")[0]


def test_the_season_table_is_shared_as_a_picture_and_a_text(table, client, app):
    from dataclasses import asdict

    from scorer import services
    from scorer.printed.picture import rasterise, season_picture_svg
    from scorer.services.year import year_of
    from scorer.web.pages.sharing import season_result
    from scorer.words.i18n import speaking

    runde = _season(table, client)
    edit, read = _tokens(app)
    page = client.get(runde).text
    shared = page.split('<div class="share"')[1].split("</div>")[0]
    # The season adds up the evenings: Anna 5 − 2 = +3, Cem −1 + 2 = +1, Dora 1 − 2 = −1,
    # Ben −5 + 2 = −3.
    text = ("Donnerstagsrunde · Saison 2025 · Stand 27.11.2025\n1. Anna +3\n2. Cem +1\n"
            "3. Dora −1\n4. Ben −3\n2 Abende")
    assert f'data-share-text="{text}"' in shared and edit not in shared
    tags = meta(app.test_client().get(runde.replace(edit, read), headers=MESSENGER).text)
    assert tags["og:description"] == "Anna +3 · Cem +1 · Dora −1 · Ben −3"
    assert read in tags["og:image"] and edit not in tags["og:image"]
    served = _picture(app.test_client(), tags["og:image"])
    assert served.status_code == 200 and served.mimetype == "image/png"
    with Image.open(io.BytesIO(served.data)) as shown:
        assert shown.size == (1200, 630)
    with app.app_context():
        group = services.find_group(read)
        year = year_of(group)
        with speaking("de"):
            svg = season_picture_svg(asdict(season_result(group, year, year.season(None))))
    assert rasterise(svg) == served.data
    said = [" ".join("".join(t.itertext()).split())
            for t in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}text")]
    assert said[:2] == ["Donnerstagsrunde", "Saison 2025 · 2 Abende · Stand 27.11.2025"]
    assert said[2:14] == ["1.", "Anna", "+3", "2.", "Cem", "+1", "3.", "Dora", "−1",
                          "4.", "Ben", "−3"]
    # Made once for this season's version, however often the page and the picture are asked.
    seen = set()
    for _ in range(3):
        client.get(runde)
        _picture(client, tags["og:image"])
        (kept,) = [p for p in _kept(app) if p.name.startswith("saison-")]
        seen.add(kept.stat().st_ino)
    assert len(seen) == 1
