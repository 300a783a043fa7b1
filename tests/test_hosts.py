"""Links and QR codes come from the public URL, never from the Host a request names; a
request for an unknown host gets a German 400 page (scorer/web/server/hosts.py)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.conftest import migrated_app
from tests.qr import decode_svg

PUBLIC = "http://192.168.178.20:8000"


@pytest.fixture
def make_app(app_config: dict[str, Any], request: pytest.FixtureRequest) -> Any:
    """Build migrated apps with changes to the test configuration; their engines are closed
    afterwards (PostgreSQL warns about connections left open)."""
    from scorer.store.extensions import db

    made: list[Any] = []

    def make(**config: Any) -> Any:
        app = migrated_app({**app_config, **config}, request)
        made.append(app)
        return app

    yield make
    for app in made:
        with app.app_context():
            db.engine.dispose()


def tokens(app: Any, token: str) -> tuple[str, str]:
    from scorer import services

    with app.app_context():
        group = services.find_group(token)
        return group.edit_token, group.read_token


def qr_codes(page: str) -> list[str]:
    """The texts of the QR codes on a page, in page order."""
    return [decode_svg(svg) for svg in re.findall(r"<svg[^>]*class=\"segno\".*?</svg>", page,
                                                  flags=re.S)]


def link_texts(page: str) -> list[str]:
    return re.findall(r'<span class="token-url">([^<]*)</span>', page)


@pytest.mark.parametrize(("host", "check_off"), [
    pytest.param("evil.example", True, id="a forged host with the host check switched off"),
    pytest.param("127.0.0.1:6666", False, id="a loopback name with a port of its own"),
    pytest.param("localhost", False, id="localhost"),
    pytest.param("192.168.178.20:8000", False, id="the public host itself"),
])
def test_the_runde_page_links_and_qr_codes_point_at_the_public_url_whatever_the_host(
        make_app, host, check_off):
    # An operator may switch the check off (an empty list trusts every host); the links
    # must still not follow the Host header.
    app = make_app(DOKO_PUBLIC_URL=PUBLIC, **({"TRUSTED_HOSTS": []} if check_off else {}))
    client = app.test_client()
    token = client.post("/", data={"name": "Runde", "preset": "ddv"}).location.split("/")[2]
    edit, read = tokens(app, token)

    page = client.get(f"/r/{edit}/", headers={"Host": host}).text

    expected = [f"{PUBLIC}/r/{edit}/", f"{PUBLIC}/r/{read}/"]
    assert qr_codes(page) == expected
    assert link_texts(page) == expected
    if host != "192.168.178.20:8000":
        assert host not in page


def test_without_a_public_url_links_point_at_the_development_server(client, table):
    table.create_group()
    edit, read = tokens(client.application, table.token)
    page = client.get(f"/r/{edit}/", headers={"Host": "localhost:1234"}).text
    # `flask run` serves on http://127.0.0.1:5000 unless told otherwise.
    assert link_texts(page) == [f"http://127.0.0.1:5000/r/{edit}/",
                                f"http://127.0.0.1:5000/r/{read}/"]
    assert "1234" not in page


def test_a_public_url_under_a_path_keeps_the_path_once(make_app):
    app = make_app(DOKO_PUBLIC_URL="https://example.org/doko/")
    # A proxy that mounts the app under /doko tells it so through SCRIPT_NAME.
    client = app.test_client()
    mounted = {"SCRIPT_NAME": "/doko", "HTTP_HOST": "example.org"}
    token = client.post("/", data={"name": "Runde", "preset": "ddv"},
                        environ_overrides=mounted).location.split("/")[3]
    edit, read = tokens(app, token)
    page = client.get(f"/r/{edit}/", environ_overrides=mounted).text
    assert link_texts(page) == [f"https://example.org/doko/r/{edit}/",
                                f"https://example.org/doko/r/{read}/"]


@pytest.mark.parametrize("host", [
    pytest.param("evil.example", id="another name"),
    pytest.param("evil.example:8000", id="another name with the public port"),
    pytest.param("192.168.178.20.evil.example", id="the public host as a prefix"),
    pytest.param("10.0.0.7:8000", id="another address"),
])
@pytest.mark.parametrize(("method", "path"), [
    pytest.param("GET", "/", id="start page"),
    pytest.param("GET", "/r/{edit}/", id="Runde page"),
    pytest.param("POST", "/r/{edit}/spieler", id="a form post without its CSRF token"),
    pytest.param("GET", "/static/css/app.css", id="a static file"),
])
def test_a_request_for_an_unknown_host_gets_the_german_400_page(make_app, host, method,
                                                                  path):
    from scorer import services

    app = make_app(DOKO_PUBLIC_URL=PUBLIC, WTF_CSRF_ENABLED=True, TESTING=False)
    with app.app_context():
        edit = services.create_group("Runde", "ddv").edit_token
    client = app.test_client()

    response = client.open(path.format(edit=edit), method=method, headers={"Host": host},
                           data={"name": "Eve"} if method == "POST" else None)

    assert response.status_code == 400
    assert "Unbekannte Adresse" in response.text
    assert f'href="{PUBLIC}/">{PUBLIC}/</a>' in response.text
    assert edit not in response.text
    assert host not in response.text
    assert response.headers["Content-Security-Policy"].startswith("default-src 'self'")
    with app.app_context():
        assert [p.name for p in services.find_group(edit).players] == []


@pytest.mark.parametrize("host", ["192.168.178.20", "192.168.178.20:8000", "localhost",
                                  "localhost:5000", "127.0.0.1", "127.0.0.1:8000"])
def test_the_public_host_and_this_machines_own_names_are_served(make_app, host):
    client = make_app(DOKO_PUBLIC_URL=PUBLIC).test_client()
    assert client.get("/", headers={"Host": host}).status_code == 200


@pytest.mark.parametrize("url", [
    pytest.param("192.168.178.20:8000", id="no scheme"),
    pytest.param("ftp://doko.example.org", id="not http"),
    pytest.param("http://", id="no host"),
    pytest.param("http://doko.example.org:99999", id="a port out of range"),
    pytest.param("http://doko.example.org/?x=1", id="a query"),
])
def test_a_public_url_that_is_no_web_address_stops_the_app_with_a_german_message(
        app_config, url):
    from scorer.app import create_app
    from scorer.web.server.hosts import InvalidPublicUrl

    app_config["DOKO_PUBLIC_URL"] = url
    with pytest.raises(InvalidPublicUrl, match="DOKO_PUBLIC_URL: .* ist keine Adresse"):
        create_app(app_config)


def test_the_public_url_comes_from_the_environment(monkeypatch, tmp_path):
    from scorer.app import create_app
    from scorer.store.extensions import db

    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'env.sqlite3'}")
    monkeypatch.setenv("FLASK_SECRET_KEY", "env")
    monkeypatch.setenv("DOKO_PUBLIC_URL", "https://doko.example.org")
    app = create_app()
    client = app.test_client()
    assert client.get("/", headers={"Host": "doko.example.org"}).status_code == 200
    assert client.get("/", headers={"Host": "evil.example"}).status_code == 400
    with app.app_context():
        db.engine.dispose()
