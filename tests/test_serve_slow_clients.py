"""Slow and stalled clients against the real `doko-zettel serve` on 127.0.0.1: they must
never hold the workers that answer the table (scorer/serve.py, TableWorker).

Bounded: a fixed number of sockets, a few seconds each, all closed at the end."""

from __future__ import annotations

import http.client
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.servers import Server, console_script, create_evening, server_env

HALF_SENT = 16
"""Clients holding a request header half-sent and never closing their side (two were enough
to stop the table before)."""
SILENT = 8
TRICKLING = 200
"""Clients sending their request head a byte at a time, never silent for the read timeout
(80 froze the table before: each held a thread for as long as it went on)."""
TRICKLE_EVERY = 0.5
"""Seconds between a trickling client's bytes: well inside the read timeout."""
"""Clients that connect and send nothing at all."""
READ_TIMEOUT = 1.0
"""The server's wait for a client here (``--read-timeout``; 10 s by default, READ_TIMEOUT in
scorer/serve.py): the same drop, ten times sooner."""
DROPPED_WITHIN = READ_TIMEOUT + 3
"""Seconds after which a client that stopped sending is dropped (sync workers held it until
gunicorn killed the worker, 30 s later)."""
ANSWER_WITHIN = 5.0
"""Seconds a phone's check may take here before it counts as stalled (a check takes a few
milliseconds; the stall this guards against lasted 30 s)."""


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, str]]:
    folder: Path = tmp_path_factory.mktemp("slow")
    env = server_env(folder)
    # One worker: whatever stops a worker stops every answer (with two, the other one may
    # happen to have taken none of the stalled clients).
    server = Server([console_script("doko-zettel"), "serve", "--local", "--port", "0",
                     "--workers", "1", "--read-timeout", f"{READ_TIMEOUT:g}"], env, folder)
    with server:
        port = int(server.wait_for(r"http://127\.0\.0\.1:(\d+)/", "stdout").group(1))
        server.wait_until_answering(port)
        yield port, create_evening(env["DATABASE_URL"])


def check(port: int, sheet: str) -> tuple[int, float]:
    """One check of a watching phone on a fresh connection: its status and how long it took."""
    started = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=ANSWER_WITHIN)
    try:
        connection.request("GET", sheet + "stand")
        response = connection.getresponse()
        response.read()
        return response.status, time.monotonic() - started
    finally:
        connection.close()


def half_sent(port: int) -> socket.socket:
    """A client that sent the start of a request and nothing more."""
    client = socket.create_connection(("127.0.0.1", port), timeout=30)
    client.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: langsam")
    return client


def test_half_sent_and_silent_connections_do_not_stop_the_tables_checks(served):
    port, sheet = served
    stalled = [half_sent(port) for _ in range(HALF_SENT)]
    stalled += [socket.create_connection(("127.0.0.1", port)) for _ in range(SILENT)]
    try:
        time.sleep(0.5)  # every worker has taken its share of them
        answers = []
        # On past the moment the server drops the half-sent ones (which never close their
        # side): that must not stop a worker either.
        deadline = time.monotonic() + DROPPED_WITHIN + 1
        while time.monotonic() < deadline:
            answers.append(check(port, sheet))  # a stalled server times out: the test fails
            time.sleep(0.5)
    finally:
        for client in stalled:
            client.close()
    assert {status for status, _ in answers} == {200}
    print(f"slowest check beside {len(stalled)} stalled clients: "
          f"{max(took for _, took in answers) * 1000:.0f} ms")


def test_a_client_that_stops_halfway_through_its_request_is_dropped(served):
    port, _ = served
    client = half_sent(port)
    started = time.monotonic()
    try:
        client.settimeout(DROPPED_WITHIN)
        # The server hangs up: an empty read (or a reset), without an answer.
        try:
            assert client.recv(1024) == b""
        except ConnectionResetError:
            pass
    finally:
        client.close()
    assert READ_TIMEOUT - 0.5 < time.monotonic() - started < DROPPED_WITHIN


class Trickle:
    """Clients that send a request head one byte every ``TRICKLE_EVERY`` seconds, from one
    thread, until stopped (or hung up on): bounded in count and time."""

    def __init__(self, port: int, count: int) -> None:
        self.clients = [socket.create_connection(("127.0.0.1", port), timeout=5)
                        for _ in range(count)]
        self.hung_up: dict[socket.socket, float] = {}
        self.started = time.monotonic()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> Trickle:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(10)
        for client in self.clients:
            client.close()

    def _run(self) -> None:
        head = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Langsam: " + b"a" * 1000
        sent = 0
        while not self._stop.wait(TRICKLE_EVERY) and sent < len(head):
            for client in self.clients:
                if client in self.hung_up:
                    continue
                try:
                    client.sendall(head[sent:sent + 1])
                except OSError:
                    self.hung_up[client] = time.monotonic() - self.started
            sent += 1


def test_trickling_request_heads_do_not_stop_the_tables_checks(served):
    port, sheet = served
    with Trickle(port, TRICKLING) as trickle:
        answers = []
        deadline = time.monotonic() + DROPPED_WITHIN + 2
        while time.monotonic() < deadline:
            answers.append(check(port, sheet))  # a stalled server times out: the test fails
            time.sleep(0.5)
        dropped = len(trickle.hung_up)
    assert {status for status, _ in answers} == {200}
    # Every trickling client was hung up on once its head had taken the read timeout.
    assert dropped == TRICKLING
    print(f"slowest check beside {TRICKLING} trickling clients: "
          f"{max(took for _, took in answers) * 1000:.0f} ms")


def test_a_request_head_that_takes_longer_than_the_read_timeout_is_dropped(served):
    port, _ = served
    with Trickle(port, 1) as trickle:
        (client,) = trickle.clients
        deadline = time.monotonic() + DROPPED_WITHIN + 2
        while client not in trickle.hung_up and time.monotonic() < deadline:
            time.sleep(0.1)
        took = trickle.hung_up.get(client)
    assert took is not None, "a client sending a byte every half second was never dropped"
    assert READ_TIMEOUT - 0.5 < took < DROPPED_WITHIN
