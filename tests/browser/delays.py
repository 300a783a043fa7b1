"""A slow server for the browser tests: the real app behind a test-only WSGI middleware that
answers chosen requests late, as a busy pub WLAN does.

The middleware is never part of the app: ``slow_server`` (tests/browser/conftest.py) runs it
in its own process on 127.0.0.1, and a test sets the delays over HTTP (``POST /__delays__``
with a JSON list of rules; an empty list ends them). A rule delays the requests whose path
matches ``path`` (a regular expression), and, if given, whose method is ``method`` and which
carry the header ``header`` with the value "1": ``before`` the app handles them (the server
is busy) or ``after`` (the app has stored it, the answer is late).
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any

CONTROL = "/__delays__"
"""The middleware's own address: the rules as a JSON list."""

Respond = Callable[..., Any]


class Delays:
    """WSGI middleware: the app's answers, some of them late."""

    def __init__(self, app: Callable[[dict[str, Any], Respond], Iterable[bytes]]) -> None:
        self.app = app
        self.rules: list[dict[str, Any]] = []
        self.lock = threading.Lock()

    def __call__(self, environ: dict[str, Any], respond: Respond) -> Iterable[bytes]:
        if environ.get("PATH_INFO") == CONTROL and environ["REQUEST_METHOD"] == "POST":
            size = int(environ.get("CONTENT_LENGTH") or 0)
            rules = json.loads(environ["wsgi.input"].read(size) or b"[]")
            with self.lock:
                self.rules = rules
            respond("204 No Content", [])
            return [b""]
        rule = self._rule_for(environ)
        if rule is None:
            return self.app(environ, respond)
        if rule.get("when", "before") == "before":
            time.sleep(rule["seconds"])
            return self.app(environ, respond)
        answer = list(self.app(environ, respond))  # handled (stored) now, answered late
        time.sleep(rule["seconds"])
        return answer

    def _rule_for(self, environ: dict[str, Any]) -> dict[str, Any] | None:
        with self.lock:
            rules = list(self.rules)
        for rule in rules:
            if not re.search(rule["path"], environ.get("PATH_INFO", "")):
                continue
            if rule.get("method") and rule["method"] != environ["REQUEST_METHOD"]:
                continue
            header = rule.get("header")
            if header and environ.get("HTTP_" + header.upper().replace("-", "_")) != "1":
                continue
            return rule
        return None


SERVE = """
import os, sys
from werkzeug.serving import make_server
from scorer import create_app
from tests.browser.delays import Delays
app = None
delays = Delays(lambda environ, respond: app(environ, respond))
server = make_server("127.0.0.1", 0, delays, threaded=True)
os.environ["DOKO_PUBLIC_URL"] = f"http://127.0.0.1:{server.server_port}"
app = create_app()
print(server.server_port, flush=True)
server.serve_forever()
"""
"""The app behind the middleware on a free port (it prints the port), as ``live_server``
serves it."""
