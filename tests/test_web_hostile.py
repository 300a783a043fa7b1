"""Bad input at every write endpoint: at least 10,000 random and hostile payloads (wrong
types, huge strings, unknown players, missing fields, negative Augen, script tags) must never
cause a server error, a rejected request must never change the database, and every name that
does get stored is shown escaped."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import sqlite3
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer.core.rules import GameKind, SoloKind
from tests.budget import THOROUGH, examples
from tests.conftest import TEST_DATABASE_URL

SCRIPT = "<script>alert(1)</script>"
NOT_ASCII_NUMBERS = ["²", "³", "¹", "٣", "３", "9" * 5000]
"""What str.isdigit() accepts or int() reads, but no phone's number pad types."""
# The thorough profile (.ci/run) sends the full 10,000 on SQLite; on PostgreSQL every request
# costs a network round trip, so 1,500 there. The fast profile of the README command: 200
# (each write route still gets at least five).
EXAMPLES = int(os.environ.get(
    "HOSTILE_EXAMPLES", examples(200, 1_500 if TEST_DATABASE_URL else 10_000)))


def fingerprint(app: Any) -> str:
    """A hash of every row of every table."""
    from scorer.store import backup
    from scorer.store.extensions import db

    with app.app_context():
        tables = backup.dump(db.session, db.metadata)["tables"]
        db.session.remove()
    return hashlib.sha256(json.dumps(tables, sort_keys=True).encode()).hexdigest()


def field_names(html: str) -> set[str]:
    return set(re.findall(r'name="([^"]+)"', html)) - {"csrf_token"}


def write_targets(app: Any, token: str, ids: dict[str, int]) -> list[str]:
    """Every POST route of a Runde (renewing the links aside: it is meant to change them; a
    tournament's, under /t/, are tests/test_web_club_trust.py's, a Vereinsmeisterschaft's,
    under /vm/, tests/test_club_series.py's)."""
    values = {"token": token, "part": "absent", "day": "2026-01-01",
              **{k: str(v) for k, v in ids.items()}}
    out = []
    for rule in app.url_map.iter_rules():
        if ("POST" not in rule.methods or rule.endpoint == "groups.renew_links"
                or rule.rule.startswith(("/t/", "/vm/"))):
            continue
        out.append(re.sub(r"<(?:int:)?(\w+)>", lambda m: values[m.group(1)], rule.rule))
    return sorted(out)


def values(player_ids: list[int]) -> st.SearchStrategy[str]:
    return st.one_of(
        st.text(max_size=20),
        st.sampled_from(["", " ", SCRIPT, f"Anna{SCRIPT}", "y", "on", "1", "0", "-1", "-120",
                         "240", "241", "1e9", "NaN", "null", "[]", "{}", "normal", "solo",
                         "damen", "keine_90", "schwarz", "re", "kontra", "zero_sum",
                         "2025-02-30", "2026-11-22", "ä" * 300, "x" * 20_000,
                         # every game kind, also those the Runde's rules don't allow
                         "hochzeit", "armut", "stille_hochzeit", "hammelrennen",
                         "schwarze_sau", "redeal", "damen_buben", "fleischlos",
                         *NOT_ASCII_NUMBERS]),
        st.integers(-10**12, 10**12).map(str),
        st.sampled_from(player_ids + [0, 999_999]).map(str),
    )


def payloads(names: list[str], player_ids: list[int]) -> st.SearchStrategy[dict[str, Any]]:
    """Either anything at all, or a game a phone could have sent with a few fields spoiled —
    so that hostile values also get past the form's own checks into the deeper code."""
    keys = st.one_of(st.sampled_from(names), st.text(min_size=1, max_size=12))
    value = values(player_ids)
    anything = st.dictionaries(keys, st.one_of(value, st.lists(value, max_size=6)), max_size=12)
    plausible = st.fixed_dictionaries({
        "entry_key": st.uuids().map(str),
        "players": st.permutations(player_ids).map(lambda p: [str(i) for i in p[:4]]),
        "re": st.permutations(player_ids).map(lambda p: [str(i) for i in p[:2]]),
        "re_eyes": st.integers(0, 240).map(str),
        # every kind and solo, also those the Runde's rules don't allow
        "kind": st.sampled_from([k.value for k in GameKind] + ["bogus"]),
        "solo": st.sampled_from([k.value for k in SoloKind] + [""]),
        # "0" is always stale: the conflict page must cope with whatever else was sent
        "revision": st.sampled_from(["0", "1", "2"]),
        "announced_re": st.sampled_from(["none", "ansage", "keine_90", "x"]),
        "name": st.just(f"Emil{SCRIPT}"),
    })
    spoiled = st.tuples(plausible, st.dictionaries(keys, value, min_size=1, max_size=3)).map(
        lambda pair: {**pair[0], **pair[1]})
    return st.one_of(anything, spoiled)


def test_thousands_of_hostile_payloads_never_break_or_change_anything(app, table):
    table.create_group(f"Runde {SCRIPT}", players=("Anna", "Ben", "Cem", "Dora", "Emil"))
    sheet = table.start_evening(("Anna", "Ben", "Cem", "Dora", "Emil"))
    table.play(sheet, ("Ben", "Cem"), 151, players=("Ben", "Cem", "Dora", "Emil"))
    table.play(sheet, ("Dora", "Emil"), 100, players=("Cem", "Dora", "Emil", "Anna"))
    client = table.client
    # A file waiting for its import (a date to give, names to map): its preview is a target.
    from tests.test_web_import import preview_url, upload

    waiting = upload(table, "jsdoppelkopf-data.json")
    ids = {"player_id": table.player_id("Anna"), "number": 1, "game_id": table.game_ids()[0],
           "event_id": 1, "entry_id": 1, "season_id": 1, "content_hash": preview_url(waiting)[-64:]}
    pages = [waiting.text] + [client.get(p).text for p in (
        "/", f"/r/{table.token}/", f"/r/{table.token}/regeln", f"/r/{table.token}/abend/neu",
        f"{sheet}spiel/neu", f"{sheet}spiel/{ids['game_id']}/", sheet,
        f"/r/{table.token}/spieler/{ids['player_id']}")]
    names = sorted(set().union(*(field_names(p) for p in pages)))
    player_ids = [table.player_id(n) for n in ("Anna", "Ben", "Cem", "Dora", "Emil")]
    targets = write_targets(app, table.token, ids)
    assert len(targets) >= 10 and len(names) >= 20
    seen: dict[str, int] = {}
    # Every target gets its share of the examples: drawn from all of them at once, a few
    # of thirty-odd targets could go without any.
    for target in targets:
        @settings(max_examples=max(EXAMPLES // len(targets), 5), deadline=None, database=None,
                  derandomize=True, suppress_health_check=list(HealthCheck))
        @given(target=st.just(target), payload=payloads(names, player_ids))
        def post(target: str, payload: dict[str, Any]) -> None:
            before = fingerprint(app)
            response = client.post(target, data=payload)
            status = response.status_code
            seen[target] = seen.get(target, 0) + 1
            assert status < 500, (target, payload, response.text[:500])
            if status >= 400:
                assert fingerprint(app) == before, (target, payload, status)
            elif fingerprint(app) != before:
                for page in (f"/r/{table.token}/", sheet):
                    shown = client.get(page)
                    assert shown.status_code < 500
                    assert SCRIPT not in shown.text, (target, payload)

        post()
    assert sum(seen.values()) >= EXAMPLES * 0.8
    assert set(seen) == set(targets)
    # The Runde still works afterwards: its pages render and its sheet folds.
    assert client.get(f"/r/{table.token}/").status_code == 200
    assert SCRIPT not in client.get(f"/r/{table.token}/").text


# ------------------------------------------------------------------ every form, field by field


class Forms(HTMLParser):
    """The forms of a page as a browser would submit them untouched: (action, fields), where
    fields are (name, value) pairs, and the names of the fields that take a number."""

    def __init__(self, url: str) -> None:
        super().__init__()
        self.url = url
        self.forms: list[tuple[str, list[tuple[str, str]], set[str]]] = []
        self._select: tuple[str, list[str], list[str]] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.forms.append((a.get("action") or self.url, [], set()))
            return
        if not self.forms:
            return
        _, fields, numeric = self.forms[-1]
        name = a.get("name", "")
        if tag == "input" and name:
            kind = a.get("type", "text")
            if kind in ("checkbox", "radio"):
                if a.get("value", "").isascii() and a.get("value", "").isdigit():
                    numeric.add(name)
                if "checked" in a:
                    fields.append((name, a.get("value", "on")))
            elif kind not in ("submit", "button"):
                fields.append((name, a.get("value", "")))
                if kind == "number" or a.get("inputmode") == "numeric" or (
                        a.get("value", "").isascii() and a.get("value", "").isdigit()):
                    numeric.add(name)
        elif tag == "select" and name:
            self._select = (name, [], [])
        elif tag == "option" and self._select is not None:
            value = a.get("value", "")
            self._select[1].append(value)
            if "selected" in a:
                self._select[2].append(value)
            if value.isascii() and value.isdigit():
                numeric.add(self._select[0])

    def handle_endtag(self, tag: str) -> None:
        if tag == "select" and self._select is not None and self.forms:
            name, options, selected = self._select
            self.forms[-1][1].extend((name, v) for v in (selected or options[:1]))
            self._select = None


def forms_of(client: Any, url: str) -> list[tuple[str, list[tuple[str, str]], set[str]]]:
    page = client.get(url)
    assert page.status_code == 200, url
    parser = Forms(url)
    parser.feed(page.text)
    return parser.forms


def with_value(fields: list[tuple[str, str]], name: str, value: str) -> dict[str, list[str]]:
    """The form with the first value of ``name`` replaced (or added) by ``value``."""
    out: dict[str, list[str]] = {}
    replaced = False
    for key, old in fields:
        if key == name and not replaced:
            old, replaced = value, True
        out.setdefault(key, []).append(old)
    if not replaced:
        out.setdefault(name, []).append(value)
    return out


def hostile_evening(table: Any, preset: str) -> tuple[str, int]:
    """A Runde of five with an evening of games, one edited and one deleted, so that every
    form of the app is on some page; returns the sheet URL and the edited game's id."""
    table.create_group(f"Runde {SCRIPT}", preset=preset,
                       players=("Anna", "Ben", "Cem", "Dora", "Emil"))
    sheet = table.start_evening(("Anna", "Ben", "Cem", "Dora", "Emil"))
    table.play(sheet, ("Ben", "Cem"), 151, players=("Ben", "Cem", "Dora", "Emil"))
    table.play(sheet, ("Dora", "Emil"), 100, players=("Cem", "Dora", "Emil", "Anna"))
    table.play(sheet, ("Anna", "Emil"), 130, players=("Dora", "Emil", "Anna", "Ben"))
    first, _, last = table.game_ids()
    edited = table.client.post(f"{sheet}spiel/{first}/", data=table.game_form(
        ("Ben", "Dora"), 140, players=("Ben", "Cem", "Dora", "Emil"), revision="1"))
    deleted = table.client.post(f"{sheet}spiel/{last}/loeschen", data={"revision": "1"})
    remembered = table.client.post(f"/r/{table.token}/merken")  # the start page's "Vergessen"
    assert edited.status_code == deleted.status_code == remembered.status_code == 302
    return sheet, first


@pytest.mark.parametrize("preset", ["voss", "orbital"],
                         ids=["with Hammelrennen Augen", "with Doppelt counters"])
def test_no_integer_field_of_any_form_takes_unicode_digits_or_5000_digits_badly(
        app, table, preset):
    sheet, game = hostile_evening(table, preset)
    client = table.client
    pages = ["/", f"/r/{table.token}/", f"/r/{table.token}/regeln",
             f"/r/{table.token}/abend/neu", f"/r/{table.token}/spieler/{table.player_id('Ben')}",
             sheet, f"{sheet}spiel/neu", f"{sheet}spiel/{game}/", f"{sheet}spiel/{game}/loeschen",
             f"{sheet}verlauf/", f"{sheet}abrechnung", f"/r/{table.token}/saisons",
             f"/r/{table.token}/kasse/"]
    tried: set[str] = set()
    sent: set[str] = set()
    before = fingerprint(app)
    fields_seen = 0
    for page in pages:
        for action, fields, numeric in forms_of(client, page):
            for name in sorted(numeric):
                tried.add(name.split("-")[0] if name.startswith("seat-") else name)
                # The thorough profile sends every value to every field; the fast one two
                # to each, taking turns, so that every value still reaches many fields.
                values = NOT_ASCII_NUMBERS if THOROUGH else [
                    NOT_ASCII_NUMBERS[(2 * fields_seen + k) % len(NOT_ASCII_NUMBERS)]
                    for k in range(2)]
                fields_seen += 1
                for value in values:
                    sent.add(value)
                    response = client.post(action, data=with_value(fields, name, value))
                    assert response.status_code < 500, (page, name, value[:10])
                    after = fingerprint(app)
                    if response.status_code >= 400:
                        assert after == before, (page, name, value[:10])
                    before = after  # an accepted post may have changed something
    assert sent == set(NOT_ASCII_NUMBERS)
    # Every kind of number the forms take was tried.
    assert {"first_dealer", "seat", "present", "planned_games", "cents_per_point", "revision",
            "players", "re", "re_eyes", "runde", "min_games", "absent_table_points"} <= tried
    assert ("eyes_" if preset == "voss" else "doppelt_re") in " ".join(tried)
    assert any(name.startswith("extras_") for name in tried)


BUILT: dict[str, Any] = {}
"""The ddv ``hostile_evening`` as the first stale-edit case of this process built it: a copy
of its database file, the Runde's token, the sheet, the edited game and the phone's cookies."""


@pytest.fixture
def ddv_evening(app_config: dict[str, Any], request: pytest.FixtureRequest,
                tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any, str, int]:
    """The app, its phone (``table``), and ``hostile_evening(table, "ddv")``'s sheet and
    edited game. The first case builds the evening through the pages; each later case starts
    from a copy of that database file and of the phone's cookies (a case may save the
    game). On a database server the evening is built for each case."""
    uri = app_config["SQLALCHEMY_DATABASE_URI"]
    on_file = uri.startswith("sqlite:///") and not TEST_DATABASE_URL
    path = Path(uri.removeprefix("sqlite:///"))
    if on_file and BUILT:
        shutil.copyfile(BUILT["file"], path)
    app = request.getfixturevalue("app")
    table = request.getfixturevalue("table")
    if on_file and BUILT:
        table.token = BUILT["token"]
        for cookie in BUILT["cookies"]:
            table.client.set_cookie(cookie.key, cookie.value, domain=cookie.domain,
                                    path=cookie.path)
        return app, table, BUILT["sheet"], BUILT["game"]
    sheet, game = hostile_evening(table, "ddv")
    if on_file:
        kept = tmp_path_factory.mktemp("hostile-evening") / "evening.sqlite3"
        with sqlite3.connect(path) as source, sqlite3.connect(kept) as copy:
            source.backup(copy)  # with what the WAL still holds
        source.close()
        copy.close()
        BUILT.update(file=kept, token=table.token, sheet=sheet, game=game,
                     cookies=list(table.client._cookies.values()))
    return app, table, sheet, game


@pytest.mark.parametrize("field", ["kind", "solo", "pflicht", "trickless", "announced_re",
                                   "announced_kontra", "players", "re", "re_eyes"])
def test_a_stale_edit_with_an_unknown_value_is_refused_like_a_current_one(ddv_evening, field):
    app, table, sheet, game = ddv_evening
    url = f"{sheet}spiel/{game}/"
    ((action, fields, _),) = [f for f in forms_of(table.client, url) if f[0] == url]
    data = with_value(fields, field, "x")
    if field == "solo":
        data["kind"] = ["solo"]
    before = fingerprint(app)
    stale = table.client.post(action, data={**data, "revision": ["0"]})
    assert stale.status_code == 422, stale.text[:300]
    assert fingerprint(app) == before
    # With the current revision the same post is refused too, or saved where the form
    # ignores a leftover (an unknown Pflicht or Schwarz answer): never a server error.
    current = table.client.post(action, data={**data, "revision": ["2"]})
    assert current.status_code in (302, 422)
