"""`doko-zettel serve`: the real server in a subprocess on a free port, asked through the
address it printed (scorer/serve.py, scorer/web/server/lan.py)."""

from __future__ import annotations

import re
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.qr import decode_svg, decode_terminal
from tests.servers import Server, console_script, create_group, request, server_env

ROOT = Path(__file__).resolve().parent.parent
QR_LINE = re.compile(r"[ \u2580\u2584\u2588]*[\u2580\u2584\u2588][ \u2580\u2584\u2588]*")


def routing_table_address() -> str | None:
    """This machine's LAN address as iproute2 reads it from the kernel: the source address
    of the route towards a private-range address; None without such a route."""
    ip = shutil.which("ip") or shutil.which("ip", path="/usr/sbin:/sbin")
    if ip is None:
        pytest.skip("iproute2 (ip) is not installed: nothing to compare the address with")
    answer = subprocess.run([ip, "-4", "route", "get", "10.255.255.255"],
                            capture_output=True, text=True)
    match = re.search(r"\bsrc (\S+)", answer.stdout)
    return match.group(1) if answer.returncode == 0 and match else None


def migrations_head() -> str:
    from alembic.script import ScriptDirectory

    return str(ScriptDirectory(str(ROOT / "migrations")).get_current_head())


@dataclass
class Started:
    server: Server
    address: str
    """The first address the server printed: the one the phones open."""
    port: int
    database: str


def start_serve(folder: Path, *args: str, env: dict[str, str] | None = None,
                wrapper: tuple[str, ...] = ()) -> Started:
    environment = env or server_env(folder)
    server = Server([*wrapper, console_script("doko-zettel"), "serve", "--port", "0", *args],
                    environment, folder)
    address = server.wait_for(r"(https?://\S+)", "stdout").group(1)
    server.wait_for(r"Beenden mit Strg\+C", "stdout")
    port = int(server.wait_for(r"Listening at: \S+:(\d+)", "stderr").group(1))
    return Started(server, address, port, environment["DATABASE_URL"])


def test_the_lan_address_is_the_one_the_routing_table_gives():
    from scorer.web.server.lan import lan_address

    assert lan_address() == routing_table_address()


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Started]:
    """One `doko-zettel serve` on a fresh SQLite file, on all interfaces, as the README runs it."""
    started = start_serve(tmp_path_factory.mktemp("serve"))
    with started.server:
        started.server.wait_until_answering(started.port)
        yield started


def test_serve_applies_the_migrations_before_it_serves(served):
    path = served.database.removeprefix("sqlite:///")
    with sqlite3.connect(path) as connection:
        (revision,), = connection.execute("SELECT version_num FROM alembic_version")
    assert revision == migrations_head()


def test_serve_prints_the_address_the_routing_table_gives(served):
    lan = routing_table_address()
    if lan is None:
        assert "Kein Netzwerk gefunden" in served.server.stdout
        assert served.address == f"http://127.0.0.1:{served.port}/"
    else:
        assert "Die Handys am Tisch öffnen im selben WLAN:" in served.server.stdout
        assert served.address == f"http://{lan}:{served.port}/"
        assert (f"Auf diesem Rechner geht auch http://127.0.0.1:{served.port}/"
                in served.server.stdout)


def test_serve_prints_a_qr_code_of_the_address(served):
    if routing_table_address() is None:
        pytest.skip("no LAN on this machine: no QR code is printed")
    lines = served.server.stdout.splitlines()
    start = lines.index(f"    {served.address}") + 1
    qr = [line for line in lines[start:start + 60] if QR_LINE.fullmatch(line)]
    assert decode_terminal(qr) == served.address


def test_the_runde_page_behind_the_printed_address_links_to_that_address(served):
    edit = create_group(served.database)
    host = urlsplit(served.address).netloc
    # Through the printed address itself where the machine has a LAN; through 127.0.0.1
    # with the printed Host otherwise (the same request a phone makes).
    status, page = request(urlsplit(served.address).hostname or "", served.port, f"/r/{edit}/",
                           host=host)
    assert status == 200
    links = re.findall(r'<span class="token-url">([^<]*)</span>', page)
    assert links[0] == f"{served.address}r/{edit}/"
    svgs = re.findall(r'<svg[^>]*class="segno".*?</svg>', page, flags=re.S)
    assert decode_svg(svgs[0]) == f"{served.address}r/{edit}/"


@pytest.mark.parametrize("host", ["localhost", "127.0.0.1"])
def test_the_server_answers_on_this_machine_by_its_loopback_names(served, host):
    assert request("127.0.0.1", served.port, "/", host=f"{host}:{served.port}")[0] == 200


def test_the_server_refuses_a_forged_host_with_the_german_page(served):
    edit = create_group(served.database)
    status, page = request("127.0.0.1", served.port, f"/r/{edit}/", host="evil.example")
    assert status == 400
    assert "Unbekannte Adresse" in page and served.address in page
    assert "evil.example" not in page and edit not in page


def test_serve_local_stays_on_this_machine(tmp_path):
    started = start_serve(tmp_path, "--local")
    with started.server:
        started.server.wait_until_answering(started.port)
        out = started.server.stdout
        assert started.address == f"http://127.0.0.1:{started.port}/"
        assert "Doko-Zettel läuft nur auf diesem Rechner" in out
        assert not any(QR_LINE.fullmatch(line) for line in out.splitlines())
        assert "Listening at: http://127.0.0.1:" in started.server.stderr
        lan = routing_table_address()
        if lan is not None:
            with pytest.raises(ConnectionRefusedError):
                request(lan, started.port, "/")


def test_serve_without_any_network_says_so_in_german(tmp_path):
    # A network namespace of its own has only a loopback interface, and that one is down.
    if subprocess.run(["unshare", "--net", "true"], capture_output=True).returncode != 0:
        pytest.skip("cannot make a network namespace here (unshare --net needs root)")
    started = start_serve(tmp_path, wrapper=("unshare", "--net"))
    with started.server:
        out = started.server.stdout
    assert "Kein Netzwerk gefunden: andere Geräte erreichen diesen Rechner nicht." in out
    assert started.address == f"http://127.0.0.1:{started.port}/"
    assert not any(QR_LINE.fullmatch(line) for line in out.splitlines())


def test_a_configured_public_url_is_the_printed_address_and_the_links(tmp_path):
    # As behind a TLS proxy: the server on this machine only, the phones use the proxy.
    env = server_env(tmp_path, DOKO_PUBLIC_URL="https://doko.example.org")
    started = start_serve(tmp_path, "--local", env=env)
    with started.server:
        started.server.wait_until_answering(started.port)
        assert started.address == "https://doko.example.org/"
        lines = started.server.stdout.splitlines()
        qr = [line for line in lines if QR_LINE.fullmatch(line)]
        assert decode_terminal(qr) == "https://doko.example.org/"
        edit = create_group(started.database)
        status, page = request("127.0.0.1", started.port, f"/r/{edit}/",
                               host="doko.example.org")
        assert status == 200
        assert f"https://doko.example.org/r/{edit}/" in page


def test_a_public_url_that_is_no_address_stops_serve_with_exit_2(tmp_path):
    env = server_env(tmp_path, DOKO_PUBLIC_URL="doko.example.org")
    done = subprocess.run([console_script("doko-zettel"), "serve", "--port", "0"], env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "DOKO_PUBLIC_URL: 'doko.example.org' ist keine Adresse" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_read_timeout_is_read_with_a_comma_or_a_point():
    from scorer.serve import _parser

    for text in ("2,5", "2.5"):
        assert _parser().parse_args(["serve", "--read-timeout", text]).read_timeout == 2.5


@pytest.mark.parametrize(("args", "message"), [
    pytest.param(["--port", "65536"], "'65536' ist kein Port", id="a port too high"),
    pytest.param(["--port", "acht"], "'acht' ist kein Port", id="a port that is no number"),
    pytest.param(["--workers", "0"], "'0': zwischen 1 und 64 Worker", id="no workers"),
    pytest.param(["--read-timeout", "0"], "'0': zwischen 0,5 und 300 Sekunden",
                 id="no wait for a client"),
    pytest.param(["--read-timeout", "zehn"], "'zehn': zwischen 0,5 und 300 Sekunden",
                 id="a wait that is no number"),
    pytest.param(["--read-timeout", "nan"], "'nan': zwischen 0,5 und 300 Sekunden",
                 id="a wait that is not a number either"),
    pytest.param(["--read-timeout", "0,4"], "'0,4': zwischen 0,5 und 300 Sekunden",
                 id="a wait too short, written the German way"),
    pytest.param(["--local", "--host", "0.0.0.0"], "not allowed with argument",
                 id="--local and --host together"),
])
def test_serve_refuses_bad_options_with_exit_2(capsys, args, message):
    from scorer.serve import main

    with pytest.raises(SystemExit) as exited:
        main(["serve", *args])
    assert exited.value.code == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize(("offered", "message"), [
    pytest.param('["de", "en"]', "'acht' is not a port (0 to 65535)", id="English offered"),
    pytest.param(None, "'acht' is not a port (0 to 65535)", id="every language by default"),
    pytest.param('["de"]', "'acht' ist kein Port (0 bis 65535)", id="German only"),
])
def test_serve_speaks_the_machines_language_when_the_app_offers_it(monkeypatch, capsys, offered,
                                                                   message):
    from scorer.serve import main

    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    if offered is not None:
        monkeypatch.setenv("FLASK_DOKO_LANGUAGES", offered)
    else:
        monkeypatch.delenv("FLASK_DOKO_LANGUAGES", raising=False)
    with pytest.raises(SystemExit):
        main(["serve", "--port", "acht"])
    assert message in capsys.readouterr().err


def test_the_banner_in_english():
    import io

    from scorer.serve import Address, banner
    from scorer.words.i18n import speaking

    out = io.StringIO()
    with speaking("en"):
        banner(Address("http://127.0.0.1:8000", reachable=False), "127.0.0.1", 8000, out)
    assert out.getvalue() == ("\nDoko-Zettel is running on this computer only: "
                              "http://127.0.0.1:8000/\nOther devices cannot reach it like this "
                              "(without --local: on the whole Wi-Fi).\nStop with Ctrl+C.\n\n")


@pytest.mark.parametrize(("host", "lan", "url", "reachable"), [
    pytest.param("0.0.0.0", "192.168.178.20", "http://192.168.178.20:8000", True,
                 id="all interfaces with a LAN"),
    pytest.param("0.0.0.0", None, "http://127.0.0.1:8000", False,
                 id="all interfaces without a network"),
    pytest.param("::", "10.0.0.5", "http://10.0.0.5:8000", True, id="all IPv6 interfaces"),
    pytest.param("127.0.0.1", None, "http://127.0.0.1:8000", False, id="--local"),
    pytest.param("localhost", None, "http://localhost:8000", False, id="localhost"),
    pytest.param("::1", None, "http://[::1]:8000", False, id="IPv6 loopback"),
    pytest.param("192.168.1.5", None, "http://192.168.1.5:8000", True, id="one address"),
])
def test_the_printed_address_follows_where_the_server_listens(host, lan, url, reachable):
    from scorer.serve import address_for

    address = address_for(host, 8000, None, lan)
    assert (address.url, address.reachable) == (url, reachable)
