"""The host check in a real browser: a phone that reaches the server under a forged name
(a DNS entry that points elsewhere, here Chromium's own resolver rule) never gets that name
in a link or QR code. The test-client version is tests/test_hosts.py."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest

from .conftest import CHROMIUM_ARGS, chromium_path

pytestmark = pytest.mark.browser

FORGED = "evil.example"


def scanned(page: Any) -> list[str]:
    """What a camera reads from each QR code on the page, as drawn on the screen."""
    import zxingcpp
    from PIL import Image

    out = []
    for code in page.locator(".qr svg").all():
        picture = Image.open(io.BytesIO(code.screenshot())).convert("L")
        # A camera sees the white page around the code: give the reader its quiet zone.
        framed = Image.new("L", (picture.width + 64, picture.height + 64), 255)
        framed.paste(picture, (32, 32))
        found = zxingcpp.read_barcode(framed)
        assert found is not None, "a QR code on the page could not be read"
        out.append(found.text)
    return out


@pytest.fixture
def forged_browser(chromium: Any) -> Any:
    """A Chromium for which evil.example is this machine."""
    browser = chromium.browser_type.launch(
        executable_path=chromium_path(),
        args=[*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {FORGED} 127.0.0.1"])
    yield browser
    browser.close()


def runde_page(phone: Any) -> str:
    phone.set_up_evening(["Anna", "Ben", "Cem", "Dora"])
    return phone.page.url.split("/abend/")[0] + "/"


def test_a_forged_host_is_refused_with_the_german_page_naming_the_real_address(
        phone, table_server, forged_browser):
    table = phone(360, 740, base=table_server.base, checks=False)
    runde = runde_page(table)
    page = forged_browser.new_page(locale="de-DE")
    try:
        answer = page.goto(runde.replace("127.0.0.1", FORGED))
        assert answer.status == 400
        assert "Unbekannte Adresse" in page.content()
        assert FORGED not in page.content()
        assert table_server.base + "/" in page.locator("body").inner_text()
    finally:
        page.close()


def test_with_the_check_switched_off_links_and_qr_codes_still_name_the_public_address(
        phone, forged_browser, tmp_path):
    from tests.servers import Server, console_script, server_env

    # An operator may trust every host (TRUSTED_HOSTS empty); the links must not follow.
    env = server_env(tmp_path, FLASK_TRUSTED_HOSTS="[]")
    with Server([console_script("doko-zettel"), "serve", "--local", "--port", "0"], env,
                tmp_path) as server:
        base = server.wait_for(r"(http://127\.0\.0\.1:\d+)", "stdout").group(1)
        server.wait_until_answering(int(base.rsplit(":", 1)[1]))
        table = phone(360, 740, base=base, checks=False)
        runde = runde_page(table)
        edit, read = (link for link in table_links(table.page, runde))

        page = forged_browser.new_page(viewport={"width": 360, "height": 740}, locale="de-DE")
        try:
            answer = page.goto(runde.replace("127.0.0.1", FORGED))
            assert answer.status == 200
            assert FORGED not in page.content()
            assert page.locator(".token-url").all_inner_texts() == [edit, read]
            assert scanned(page) == [edit, read]
            assert all(link.startswith(base + "/r/") for link in (edit, read))
        finally:
            page.close()


def table_links(page: Any, runde: str) -> list[str]:
    page.goto(runde)
    links = page.locator(".token-url").all_inner_texts()
    assert len(links) == 2 and all(re.match(r"http://127\.0\.0\.1:\d+/r/", x) for x in links)
    return links
