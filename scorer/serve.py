"""``doko-zettel serve``: bring the database up to date and serve the app to the table.

One command for the machine the table plays at: it applies the migrations (as ``flask --app
scorer db upgrade`` does), starts gunicorn on all network interfaces and prints the address
the phones open, with a QR code of it in the terminal. It speaks the machine's language (its
locale) if the app offers it, else German (scorer.words.serving says every line). That address is also the
one the app's links and QR codes are built from (``DOKO_PUBLIC_URL``, unless that is
configured already).

The workers are threaded (:class:`TableWorker`, gunicorn's gthread worker): a connection
waits in the worker's poller until its request head is complete (``READ_TIMEOUT`` seconds at
most, however slowly it trickles in), a request is answered by one of ``threads`` threads,
and a client that stops sending in the middle of a body is dropped after ``READ_TIMEOUT``
seconds. So a slow or stalled phone (or a client that holds requests half-sent on purpose)
costs no thread for its head and a thread for a few seconds at most for its body, never a
whole worker: the other phones' checks go on being answered. With sync workers two half-sent requests held both
workers until gunicorn killed them, 30 s later (issue 26).
"""

from __future__ import annotations

import argparse
import errno
import gc
import ipaddress
import json
import os
import selectors
import socket
import sys
import time
from dataclasses import dataclass
from functools import partial
from typing import Any, TextIO

from gunicorn import util as gunicorn_util
from gunicorn.app.base import BaseApplication
from gunicorn.http2 import negotiation
from gunicorn.workers.gthread import TConn, ThreadWorker

from scorer.words import serving
from scorer.words.i18n import LANGUAGES, speaking
from scorer.words.languages import machine_language

DEFAULT_PORT = 8000
"""The port phones open when none is given (Flask's development server keeps 5000)."""

DEFAULT_WORKERS = 2
"""Worker processes: one per core of a small machine (the Python code of one process runs
on one core at a time); SQLite in WAL mode serves their writers in turn."""

DEFAULT_THREADS = 32
"""Threads per worker: requests answered at once by one worker. A phone's check takes a
thread for about a millisecond; a stalled client holds one for ``READ_TIMEOUT`` at most."""

READ_TIMEOUT = 10.0
"""Seconds a worker thread waits for the next bytes of a request (or for a client to take
the next bytes of its answer) before it drops the connection."""

HEAD_LIMIT = 64 * 1024
"""Bytes of a request head a worker's poller collects before a thread takes the request
(gunicorn's parser refuses a longer head line by line anyway: 8,190 bytes a field)."""

WORKER_CLASS = "scorer.serve.TableWorker"

UNTRUSTED_FORWARDING: dict[str, Any] = {"forwarded_allow_ips": "", "secure_scheme_headers": {}}
"""gunicorn believes a local proxy's X-Forwarded-Proto by default; the app decides itself
which proxies to trust (``DOKO_TRUSTED_PROXIES``, scorer/web/server/https.py)."""

ALL_INTERFACES = ("0.0.0.0", "::", "")
LOCAL_ONLY = "127.0.0.1"


def main(argv: list[str] | None = None) -> int:
    """The ``doko-zettel`` console script."""
    with speaking(machine_language(os.environ, _offered())):
        args = _parser().parse_args(argv)
        return serve(host=LOCAL_ONLY if args.local else args.host, port=args.port,
                     workers=args.workers, threads=args.threads, read_timeout=args.read_timeout)


def _offered() -> tuple[str, ...]:
    """The languages the app will offer, as far as the environment says before it is built
    (``FLASK_DOKO_LANGUAGES``, a JSON list, as the app reads it; else all it speaks): what the
    options and their refusals are said in. The lines after the start follow the app's own
    configuration (scorer.web.server.language.terminal)."""
    try:
        chosen = json.loads(os.environ.get("FLASK_DOKO_LANGUAGES", "null"))
    except ValueError:
        chosen = None
    return tuple(chosen) if isinstance(chosen, list) else LANGUAGES


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="doko-zettel", description=serving.program())
    commands = parser.add_subparsers(dest="command", required=True,
                                     metavar=serving.command_placeholder())
    summary, description = serving.serve_help()
    serve_parser = commands.add_parser("serve", help=summary, description=description)
    where = serve_parser.add_mutually_exclusive_group()
    where.add_argument("--host", default="0.0.0.0", help=serving.host_help())
    where.add_argument("--local", action="store_true", help=serving.local_help())
    serve_parser.add_argument("--port", type=_port, default=DEFAULT_PORT,
                              help=serving.port_help(DEFAULT_PORT))
    serve_parser.add_argument("--workers", type=_workers, default=DEFAULT_WORKERS,
                              help=serving.workers_help(DEFAULT_WORKERS))
    serve_parser.add_argument("--threads", type=_threads, default=DEFAULT_THREADS,
                              help=serving.threads_help(DEFAULT_THREADS))
    serve_parser.add_argument("--read-timeout", type=_seconds, default=READ_TIMEOUT,
                              help=serving.read_timeout_help(f"{READ_TIMEOUT:g}"))
    return parser


def _port(text: str) -> int:
    if not (text.isascii() and text.isdigit() and int(text) <= 65535):
        raise argparse.ArgumentTypeError(serving.not_a_port(repr(text)))
    return int(text)


def _workers(text: str) -> int:
    if not (text.isascii() and text.isdigit() and 1 <= int(text) <= 64):
        raise argparse.ArgumentTypeError(serving.workers_between(repr(text)))
    return int(text)


def _seconds(text: str) -> float:
    try:
        value = float(text.replace(",", ".", 1))
    except ValueError:
        value = -1.0
    if not 0.5 <= value <= 300:
        raise argparse.ArgumentTypeError(serving.seconds_between(repr(text)))
    return value


def _threads(text: str) -> int:
    if not (text.isascii() and text.isdigit() and 1 <= int(text) <= 256):
        raise argparse.ArgumentTypeError(serving.threads_between(repr(text)))
    return int(text)


def serve(host: str, port: int, workers: int, threads: int = DEFAULT_THREADS,
          read_timeout: float = READ_TIMEOUT) -> int:
    """Migrate, then run gunicorn until it is stopped; 2 on a configuration error."""
    from flask_migrate import upgrade

    from scorer.app import create_app
    from scorer.store.extensions import db
    from scorer.web.server import language
    from scorer.web.server.hosts import InvalidPublicUrl

    try:
        app = create_app()
    except InvalidPublicUrl as err:
        print(err, file=sys.stderr)
        return 2
    with app.app_context():
        upgrade()
        configured = app.config.get("DOKO_PUBLIC_URL")
        # The workers build their own app and engine; no connection may cross the fork.
        db.engine.dispose()
    PatientSocket.wait = read_timeout  # the workers are forked from this process
    # The lines from here on (gunicorn's when_ready runs in this thread) in the app's choice.
    with speaking(language.terminal(app)):
        _run(host, port, workers, threads, configured)
    return 0  # pragma: no cover - gunicorn's master exits the process itself


def _run(host: str, port: int, workers: int, threads: int, configured: str | None) -> None:
    """gunicorn with the table's settings, until it is stopped."""
    # What this process loaded (the app, the migrations) is inherited by every worker it
    # forks: frozen, the workers' garbage collector never writes to those objects, so their
    # pages stay shared with this process instead of being copied into each worker.
    gc.collect()
    gc.freeze()
    _Gunicorn({
        "bind": [_bind(host, port)],
        "workers": workers,
        "worker_class": WORKER_CLASS,
        "threads": threads,
        "accesslog": "-",
        "errorlog": "-",
        "loglevel": "info",
        "proc_name": "doko-zettel",
        "when_ready": lambda arbiter: _announce(arbiter, host, configured),
        # gunicorn >= 25.1 opens a control socket in the home folder; a table needs none.
        "control_socket_disable": True,
        **UNTRUSTED_FORWARDING,
        "post_worker_init": worker_started,
    }).run()


def worker_started(_worker: Any) -> None:
    """gunicorn's ``post_worker_init``. A worker starts its render process (and so WeasyPrint)
    at its first "Drucken / PDF", not as it starts: an idle server holds no renderer (two
    render processes and their resource trackers were half of an idle server's memory,
    issue #40), and the first PDF, which starts the process, still comes within the time a
    fresh process takes to import WeasyPrint and render a plain table (bench/memory.py).
    ``DOKO_PDF_PRELOAD=1`` prepares the renderer as the worker starts instead (a server
    that prints much and has the memory)."""
    if os.environ.get("DOKO_PDF_PRELOAD", "0").strip() != "1":
        return
    from scorer.printed.evening import preload

    preload()


class PatientSocket(socket.socket):
    """A client's socket in a :class:`TableWorker`: where gunicorn makes it blocking, it
    waits ``wait`` seconds at most, and a client silent that long counts as gone (the same
    as one that hung up: gunicorn drops the connection without a traceback)."""

    __slots__ = ()
    wait = READ_TIMEOUT
    """Seconds to wait for a client (``doko-zettel serve --read-timeout``)."""

    def setblocking(self, flag: bool) -> None:
        self.settimeout(self.wait if flag else 0.0)

    def recv(self, bufsize: int, flags: int = 0) -> bytes:
        try:
            return super().recv(bufsize, flags)
        except TimeoutError:
            return b""

    def sendall(self, data: Any, flags: int = 0) -> None:
        try:
            super().sendall(data, flags)
        except TimeoutError:
            raise BrokenPipeError(errno.EPIPE, "client took nothing") from None

    def sendfile(self, file: Any, offset: int = 0, count: int | None = None) -> int:
        try:
            return super().sendfile(file, offset, count)
        except TimeoutError:
            raise BrokenPipeError(errno.EPIPE, "client took nothing") from None


class HeadConn(TConn):
    """A connection whose request head the worker's poller reads, before any thread."""

    def __init__(self, cfg: Any, sock: Any, client: Any, server: Any) -> None:
        super().__init__(cfg, sock, client, server)
        self.head = bytearray()
        self.head_until = 0.0

    def expect_head(self) -> None:
        """From now on, a whole request head within ``PatientSocket.wait`` seconds."""
        self.head.clear()
        self.head_until = time.monotonic() + PatientSocket.wait

    def head_complete(self) -> bool:
        return b"\r\n\r\n" in self.head or len(self.head) >= HEAD_LIMIT


class TableWorker(ThreadWorker):
    """gunicorn's threaded worker: a request's head is read by the worker's poller, a
    thread takes the request only when its head is complete, and waits a bounded time for
    the rest of it; the worker loop never waits for a client.

    A thread that has begun to read a request blocks until the request is complete: a
    client that stopped halfway held its thread for good, and one that sent a byte of its
    head every few seconds (never silent for ``READ_TIMEOUT``) held it for as long as it
    liked: 80 of them stopped the table (issue 36). Now a head must be complete within
    ``READ_TIMEOUT`` of the connection (or of the answer before, on a kept-alive one),
    else the poller drops it; no thread ever waits for one. A body is read by the thread
    on a :class:`PatientSocket` (the same object, seen through a subclass that adds no
    state), silent for ``READ_TIMEOUT`` at most. A finished connection is closed by its
    thread, not by the loop that accepts and hands out all the others.
    """

    def init_process(self) -> None:
        self.heads: set[HeadConn] = set()
        super().init_process()

    def _reads_heads(self, client: Any) -> bool:
        # TLS bytes are no request head; an HTTP/2 preface is sniffed by gunicorn itself.
        return not self.cfg.is_ssl and not negotiation.prior_knowledge_allowed(self.cfg, client)

    def accept(self, listener: Any) -> None:
        try:
            client_sock, client_addr = listener.accept()
        except OSError as err:
            if err.errno not in (errno.EAGAIN, errno.ECONNABORTED, errno.EWOULDBLOCK):
                raise
            return
        self.nr_conns += 1
        conn = HeadConn(self.cfg, client_sock, client_addr, listener.getsockname())
        if self._reads_heads(client_addr):
            self._wait_for_head(conn)
        else:
            client_sock.setblocking(True)
            self.enqueue_req(conn)

    def on_client_socket_readable(self, conn: Any, client: Any) -> None:
        if not isinstance(conn, HeadConn) or not self._reads_heads(conn.client):
            super().on_client_socket_readable(conn, client)
            return
        self.poller.unregister(client)
        self.keepalived_conns.remove(conn)
        self._wait_for_head(conn)
        self._read_head(conn, client)

    def _wait_for_head(self, conn: HeadConn) -> None:
        conn.expect_head()
        self.heads.add(conn)
        self.poller.register(conn.sock, selectors.EVENT_READ, partial(self._read_head, conn))

    def _read_head(self, conn: HeadConn, client: Any) -> None:
        """The poller's callback: take what the client sent; hand a complete head on."""
        if conn not in self.heads:
            return
        try:
            data = client.recv(HEAD_LIMIT - len(conn.head))
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:
            self._drop_head(conn)
            return
        conn.head += data
        if conn.head_complete():
            self.poller.unregister(client)
            self.heads.discard(conn)
            conn.data_ready = True
            self.enqueue_req(conn)

    def _drop_head(self, conn: HeadConn) -> None:
        self.heads.discard(conn)
        try:
            self.poller.unregister(conn.sock)
        except (OSError, KeyError, ValueError):
            pass
        self.nr_conns -= 1
        conn.close()

    def murder_pending(self) -> None:
        super().murder_pending()
        now = time.monotonic()
        for conn in [conn for conn in self.heads if conn.head_until <= now]:
            self._drop_head(conn)

    def handle(self, conn: Any) -> Any:
        if type(conn.sock) is socket.socket:
            conn.sock.__class__ = PatientSocket
        if isinstance(conn, HeadConn) and conn.head:
            conn.sock.setblocking(True)
            conn.init()
            unreader = getattr(conn.parser, "unreader", None)  # an HTTP/1 parser's
            if unreader is None:  # no head read here comes to any other (see _reads_heads)
                return False
            unreader.unread(bytes(conn.head))
            conn.head.clear()
        keep = super().handle(conn)
        if not keep:
            # gthread would close the connection on its main loop, lingering up to 2 s for
            # the client to close its side too: a client that never does (one dropped for
            # stalling) would stop the whole worker that long. Linger here, in this thread.
            gunicorn_util.close_graceful(conn.sock)
            conn.close = _closed
        return keep


def _closed(graceful: bool = False) -> None:
    """A connection's close once its thread has closed it."""


def _bind(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


@dataclass(frozen=True)
class Address:
    """Where the phones go, and whether other devices can get there at all."""

    url: str
    """The start page's address, printed and used for every link in the app."""
    reachable: bool
    """False when only this machine can open it (--local, or no network found)."""
    configured: bool = False
    """The address came from DOKO_PUBLIC_URL, not from the serve command."""


def address_for(host: str, port: int, configured: str | None,
                lan: str | None) -> Address:
    """The address to print for a server bound to ``host``:``port``.

    >>> address_for("0.0.0.0", 8000, None, "192.168.178.20").url
    'http://192.168.178.20:8000'
    >>> address_for("0.0.0.0", 8000, None, None).reachable
    False
    """
    if configured:
        return Address(configured.rstrip("/"), reachable=True, configured=True)
    if host in ALL_INTERFACES:
        if lan is None:
            return Address(f"http://127.0.0.1:{port}", reachable=False)
        return Address(f"http://{lan}:{port}", reachable=True)
    local = host == "localhost" or _is_loopback(host)
    shown = f"[{host}]" if ":" in host else host
    return Address(f"http://{shown}:{port}", reachable=not local)


def _is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _announce(arbiter: Any, host: str, configured: str | None) -> None:
    """Once gunicorn listens (and before it starts the workers): publish and print the
    address. The real port is known only now (``--port 0``)."""
    from scorer.web.server.lan import lan_address

    port = arbiter.LISTENERS[0].sock.getsockname()[1]
    address = address_for(host, port, configured,
                          lan_address() if host in ALL_INTERFACES else None)
    # The workers are forked after this hook and build their app from the environment.
    os.environ["DOKO_PUBLIC_URL"] = address.url
    banner(address, host, port, sys.stdout)


def banner(address: Address, host: str, port: int, out: TextIO) -> None:
    """The lines (and the QR code) for whoever started the server, in the language spoken."""
    import segno

    url = address.url + "/"
    if address.reachable:
        out.write(f"\n{serving.running(not address.configured)}\n\n    {url}\n\n")
        segno.make(url, error="m").terminal(out=out, compact=True)
        out.write("\n")
    elif host in ALL_INTERFACES:
        out.write(f"\n{serving.no_network(url)}\n")
    else:
        out.write(f"\n{serving.this_machine_only(url)}\n")
    if address.reachable and host in ALL_INTERFACES:
        out.write(f"{serving.also_here(port)}\n")
    out.write(f"{serving.how_to_stop()}\n\n")
    out.flush()


class _Gunicorn(BaseApplication):
    """gunicorn run from Python with the options above instead of its command line."""

    def __init__(self, options: dict[str, Any]) -> None:
        self._options = options
        super().__init__(prog="doko-zettel serve")

    def load_config(self) -> None:
        for key, value in self._options.items():
            if key in self.cfg.settings:  # older gunicorn lacks the control socket
                self.cfg.set(key, value)

    def load(self) -> Any:
        from scorer.app import create_app

        return create_app()
