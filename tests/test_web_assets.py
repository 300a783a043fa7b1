"""Static files under versioned addresses (scorer/web/server/assets.py): a phone keeps each
stylesheet and script until the file itself changes."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "static"
IMMUTABLE = "public, max-age=31536000, immutable"


def version_of(path: Path) -> str:
    """What ?v= must be: the start of the file's SHA-256, computed here on its own."""
    return hashlib.sha256(path.read_bytes()).hexdigest()[:12]


def static_addresses(page: str) -> list[str]:
    return re.findall(r'(?:href|src)="(/static/[^"]+)"', page)


def cache_control(client, address: str) -> str:
    with client.get(address) as answer:  # a static file: closed after reading
        assert answer.status_code == 200, address
        return answer.headers["Cache-Control"]


def test_every_static_address_of_a_page_carries_the_files_version(client, table):
    pages = [client.get("/").text, client.get(f"/r/{table.token}/").text]
    addresses = {a for page in pages for a in static_addresses(page)}
    assert len(addresses) >= 8  # stylesheets, scripts, icons
    for address in addresses:
        path, _, query = address.partition("?")
        assert query == f"v={version_of(ROOT / path.lstrip('/'))}", address


def test_a_versioned_file_is_kept_for_a_year_anything_else_is_asked_again(client):
    right = f"/static/css/app.css?v={version_of(STATIC / 'css' / 'app.css')}"
    assert cache_control(client, right) == IMMUTABLE
    for other in ("/static/css/app.css", "/static/css/app.css?v=000000000000",
                  f"/static/js/live.js?v={version_of(STATIC / 'css' / 'app.css')}"):
        control = cache_control(client, other)
        assert "immutable" not in control and "max-age=31536000" not in control, other
        assert "no-cache" in control, other


def service_worker_build(client) -> dict:
    with client.get("/sw.js") as answer:
        script = answer.text
    found = re.search(r"^var BUILD = (\{.*\});$", script, re.MULTILINE)
    assert found, "sw.js carries no filled-in BUILD line"
    build: dict = json.loads(found.group(1))
    return build


def test_the_service_worker_keeps_the_versioned_files_the_pages_use(client, table):
    build = service_worker_build(client)
    precache = build["precache"]
    sheet = client.get(f"/r/{table.token}/").text
    used = [a for a in static_addresses(sheet) if "/js/" in a or "/css/" in a]
    assert set(used) <= set(precache), "a stylesheet or script of the sheet is not kept"
    for address in precache:
        assert cache_control(client, address) == IMMUTABLE


@pytest.fixture
def own_static(app, tmp_path: Path) -> Path:
    """The app serving a copy of the static folder that a test may change."""
    folder = tmp_path / "static"
    shutil.copytree(STATIC, folder)
    app.static_folder = str(folder)
    return folder


def test_a_changed_file_gets_a_new_address_and_a_new_worker_cache(client, own_static):
    before = service_worker_build(client)
    old = f"/static/css/app.css?v={version_of(own_static / 'css' / 'app.css')}"
    assert old in before["precache"]
    with (own_static / "css" / "app.css").open("a", encoding="utf-8") as css:
        css.write("\n/* a new version */\n")
    after = service_worker_build(client)
    new = f"/static/css/app.css?v={version_of(own_static / 'css' / 'app.css')}"
    assert new != old and new in after["precache"] and old not in after["precache"]
    assert after["cache"] != before["cache"]
    assert new in static_addresses(client.get("/").text)
    # The old address still answers (an old page), with the new file, but not to be kept.
    assert "immutable" not in cache_control(client, old)
    assert cache_control(client, new) == IMMUTABLE


def test_a_path_outside_the_static_folder_gets_no_version(app):
    with app.test_request_context("/"):
        from flask import url_for

        assert "v=" not in url_for("static", filename="../pyproject.toml")
        assert "v=" not in url_for("static", filename="css/nonexistent.css")
