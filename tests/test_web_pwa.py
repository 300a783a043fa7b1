"""The installable app: manifest, service worker and the page for no connection."""

from __future__ import annotations

import io
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def css_colour(name: str) -> str:
    """A colour of the app's own stylesheet (static/css/app.css)."""
    css = (ROOT / "static" / "css" / "app.css").read_text(encoding="utf-8")
    return re.search(rf"--{name}:\s*(#[0-9a-fA-F]{{6}})", css).group(1)


def test_the_manifest_names_the_app_its_colours_and_a_standalone_start_page(client):
    answer = client.get("/manifest.webmanifest")
    assert answer.status_code == 200
    assert answer.mimetype == "application/manifest+json"
    manifest = answer.get_json()
    assert manifest["name"] == "Doko-Zettel"
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "/" and manifest["scope"] == "/"
    assert manifest["theme_color"] == css_colour("accent")
    assert manifest["background_color"] == css_colour("paper")
    page = client.get("/").text
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert f'<meta name="theme-color" content="{css_colour("accent")}">' in page


def test_every_icon_of_the_manifest_is_there_in_its_size_with_maskable_ones(client):
    from PIL import Image

    icons = client.get("/manifest.webmanifest").get_json()["icons"]
    assert {i["purpose"] for i in icons} == {"any", "maskable"}
    assert {i["sizes"] for i in icons if i["purpose"] == "maskable"} >= {"192x192", "512x512"}
    for icon in icons:
        with client.get(icon["src"]) as answer:  # a static file: closed after reading
            assert answer.status_code == 200, icon["src"]
            data = answer.data
        if icon["type"] == "image/png":
            width, height = map(int, icon["sizes"].split("x"))
            assert Image.open(io.BytesIO(data)).size == (width, height)


def test_the_service_worker_is_served_from_the_root_and_never_from_a_cache(client):
    with client.get("/sw.js") as answer:
        assert answer.status_code == 200
        assert answer.mimetype == "text/javascript"
        assert answer.headers["Cache-Control"] == "no-cache"
        assert b"importScripts" in answer.data
    assert 'data-sw="/sw.js"' in client.get("/").text


def test_the_page_for_no_connection_says_so_in_german(client):
    answer = client.get("/offline")
    assert answer.status_code == 200
    assert "Keine Verbindung" in answer.text and "nicht gespeichert" in answer.text
    assert "Auf diesem Gerät merken" in answer.text  # how to make a phone keep them
