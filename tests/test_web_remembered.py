"""Which Runden a device remembers: only when asked, forgettable from the start page, a
read-only link stays read-only, renewed links stop old entries, and nothing stored in the
browser gives a link away."""

from __future__ import annotations

import json
import re
import zlib
from typing import Any

from itsdangerous.encoding import base64_decode

from tests.conftest import Table, csrf_token


def tokens(app: Any, token: str) -> tuple[str, str]:
    from scorer import services

    with app.app_context():
        group = services.find_group(token)
        return group.edit_token, group.read_token


def group_id(app: Any, token: str) -> int:
    from scorer import services

    with app.app_context():
        return services.find_group(token).id


def cookie_payload(client: Any) -> str:
    """The session cookie as anyone holding the phone can read it: no secret needed."""
    value = client.get_cookie("session").value
    compressed = value.startswith(".")
    data = base64_decode(value.lstrip(".").split(".")[0])
    return (zlib.decompress(data) if compressed else data).decode()


def start_page_links(client: Any) -> list[str]:
    page = client.get("/").text
    return re.findall(r'class="list__link" href="/r/([^/]+)/"', page)


def test_opening_a_runde_remembers_nothing_until_this_device_is_asked_to(app, client, table):
    table.create_group("Mittwochsrunde")
    edit, _ = tokens(app, table.token)
    runde = client.get(f"/r/{edit}/").text
    assert "Auf diesem Gerät merken" in runde
    assert start_page_links(client) == []
    response = client.post(f"/r/{edit}/merken")
    assert response.status_code == 302 and response.location == f"/r/{edit}/"
    assert start_page_links(client) == [edit]
    assert "Mittwochsrunde" in client.get("/").text
    assert "Auf diesem Gerät gemerkt" in client.get(f"/r/{edit}/").text
    assert start_page_links(app.test_client()) == []  # another browser knows nothing


def test_a_read_only_visit_remembers_only_the_read_only_link(app, table):
    table.create_group("Mittwochsrunde")
    edit, read = tokens(app, table.token)
    reader = app.test_client()
    assert "Auf diesem Gerät merken" in reader.get(f"/r/{read}/").text
    assert reader.post(f"/r/{read}/merken").status_code == 302
    assert start_page_links(reader) == [read]
    start = reader.get("/").text
    assert "nur lesen" in start and edit not in start
    assert reader.post(f"/r/{read}/spieler", data={"name": "Mallory"}).status_code == 403


def test_a_remembered_runde_is_forgotten_from_the_start_page_and_its_link_still_works(
        app, client, table):
    table.create_group("Mittwochsrunde")
    client.post(f"/r/{table.token}/merken")
    other = Table(app, client)
    other.create_group("Freitagsrunde")
    client.post(f"/r/{other.token}/merken")
    start = client.get("/").text
    assert start.count("Vergessen") >= 2 and "auf diesem Gerät vergessen?" in start
    response = client.post("/vergessen", data={"runde": str(group_id(app, table.token))},
                           follow_redirects=True)
    assert response.status_code == 200
    assert "„Mittwochsrunde“ ist auf diesem Gerät vergessen." in response.text
    assert start_page_links(client) == [other.token]
    assert client.get(f"/r/{table.token}/").status_code == 200


def test_the_session_cookie_gives_no_link_away_without_the_servers_key(app, client, table):
    table.create_group("Mittwochsrunde")
    sheet = table.start_evening()
    table.play(sheet, ("Anna", "Cem"), 151)
    edit, read = tokens(app, table.token)
    client.post(f"/r/{edit}/merken")
    second = Table(app, app.test_client())
    second.create_group("Freitagsrunde")
    _, second_read = tokens(app, second.token)
    client.post(f"/r/{second_read}/merken")
    for page in ("/", f"/r/{edit}/", sheet, f"{sheet}spiel/neu", f"/r/{second_read}/"):
        client.get(page)
    payload = cookie_payload(client)
    assert json.loads(payload)  # really the session
    for token in (edit, read, second_read):
        assert token not in payload and token[:12] not in payload
    assert start_page_links(client) == [second_read, edit]


def test_a_session_from_before_keeps_its_runden_but_loses_the_tokens(app, client, table):
    table.create_group("Mittwochsrunde")
    edit, read = tokens(app, table.token)
    # How the app kept remembered Runden before: their tokens, in the clear.
    serializer = app.session_interface.get_signing_serializer(app)
    client.set_cookie("session", serializer.dumps({"runden": [read, "x" * 32, edit]}))
    assert start_page_links(client) == [read]  # one entry per Runde, the first one kept
    assert edit not in cookie_payload(client) and read not in cookie_payload(client)


def test_renewed_links_stop_every_remembered_entry_but_the_renewing_devices(app, table):
    table.create_group("Mittwochsrunde")
    edit, read = tokens(app, table.token)
    phones = [app.test_client() for _ in range(3)]
    for phone, token in zip(phones, (edit, edit, read)):
        assert phone.post(f"/r/{token}/merken").status_code == 302
    renewed = phones[0].post(f"/r/{edit}/links")
    new_edit = renewed.location.split("/")[2]
    assert start_page_links(phones[0]) == [new_edit]  # the device that renewed keeps it
    for phone in phones[1:]:
        assert start_page_links(phone) == []
        assert "Mittwochsrunde" not in phone.get("/").text


def test_remembering_and_forgetting_need_the_csrf_token(app, client, table):
    table.create_group("Mittwochsrunde")
    app.config["WTF_CSRF_ENABLED"] = True
    assert client.post(f"/r/{table.token}/merken").status_code == 400
    assert start_page_links(client) == []
    token = csrf_token(client.get(f"/r/{table.token}/").text)
    assert client.post(f"/r/{table.token}/merken",
                       data={"csrf_token": token}).status_code == 302
    runde = str(group_id(app, table.token))
    assert client.post("/vergessen", data={"runde": runde}).status_code == 400
    assert start_page_links(client) == [table.token]
    forget = client.get("/").text
    assert client.post("/vergessen", data={"runde": runde,
                                           "csrf_token": csrf_token(forget)}).status_code == 302
    assert start_page_links(client) == []



def test_a_device_that_remembers_nothing_gets_no_new_cookie_on_every_page(app, client, table):
    table.create_group("Mittwochsrunde")
    app.config["WTF_CSRF_ENABLED"] = True  # the session then holds the form token
    first = client.get("/")
    assert "Set-Cookie" in first.headers
    for page in ("/", f"/r/{table.token}/", "/static/css/app.css"):
        response = client.get(page)
        response.close()
        assert "Set-Cookie" not in response.headers, page
