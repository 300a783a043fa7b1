"""The installed app's icons are the favicon drawn large, by Chromium itself.

The suite draws static/favicon.svg at each size the manifest names (scorer/web/server/pwa.py) into
artifacts/icons/: as it is (purpose "any", transparent corners) and inside the safe zone
of a full green square (purpose "maskable": a phone may cut any shape from it). The
committed PNGs under static/icons/ must match what it draws; after a change of the favicon,
copy the new ones from artifacts/icons/.
"""

from __future__ import annotations

import base64
import io
from pathlib import Path

import pytest

from scorer.web.server.pwa import ICONS, THEME_COLOUR

from .conftest import ARTIFACTS

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SAFE_ZONE = 0.8
"""Of a maskable icon only the circle of 80 % of its width is sure to show."""


def drawing(size: int, maskable: bool) -> str:
    svg = (ROOT / "static" / "favicon.svg").read_bytes()
    source = "data:image/svg+xml;base64," + base64.b64encode(svg).decode()
    inner = round(size * SAFE_ZONE) if maskable else size
    background = THEME_COLOUR if maskable else "transparent"
    return (f'<!doctype html><html><body style="margin:0;background:transparent">'
            f'<div id="icon" style="width:{size}px;height:{size}px;background:{background};'
            f'display:flex;align-items:center;justify-content:center">'
            f'<img src="{source}" width="{inner}" height="{inner}" alt=""></div></body></html>')


@pytest.mark.parametrize(("path", "sizes", "purpose"), ICONS, ids=[i[0] for i in ICONS])
def test_the_committed_icon_is_the_favicon_drawn_at_its_size(chromium, path, sizes, purpose):
    from PIL import Image, ImageChops, ImageStat

    size = int(sizes.split("x")[0])
    page = chromium.new_page(viewport={"width": size, "height": size})
    try:
        page.set_content(drawing(size, purpose == "maskable"))
        page.locator("#icon img").evaluate("img => img.decode()")
        drawn = page.locator("#icon").screenshot(omit_background=True)
    finally:
        page.close()
    out = ARTIFACTS / "icons" / Path(path).name
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(drawn)

    committed = ROOT / "static" / path
    assert committed.exists(), f"{committed} is missing: copy it from {out}"
    mine = Image.open(committed).convert("RGBA")
    fresh = Image.open(io.BytesIO(drawn)).convert("RGBA")
    assert mine.size == fresh.size == (size, size)
    # Font hinting may move an edge by a pixel between Chromium versions; a different
    # drawing differs everywhere.
    difference = ImageStat.Stat(ImageChops.difference(mine, fresh)).mean
    assert max(difference) < 3, f"{committed} is not the favicon any more: see {out}"
    if purpose == "maskable":
        assert fresh.getpixel((0, 0))[3] == 255, "a maskable icon has no transparent corner"
    else:
        assert fresh.getpixel((0, 0))[3] == 0, "the favicon's rounded corner is transparent"
