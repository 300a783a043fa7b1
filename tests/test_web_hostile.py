"""Bad input at every write endpoint: at least 10,000 random and hostile payloads (wrong
types, huge strings, unknown players, missing fields, negative Augen, script tags) must never
cause a server error, a rejected request must never change the database, and every name that
does get stored is shown escaped."""

from __future__ import annotations

import hashlib
import os
import json
import re
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer.rules import GameKind, SoloKind
from tests.budget import examples
from tests.conftest import TEST_DATABASE_URL, Table

SCRIPT = "<script>alert(1)</script>"
# The thorough profile (.ci/run) sends the full 10,000 on SQLite; on PostgreSQL every request
# costs a network round trip, so 1,500 there. The fast profile of the README command: 400.
EXAMPLES = int(os.environ.get(
    "HOSTILE_EXAMPLES", examples(400, 1_500 if TEST_DATABASE_URL else 10_000)))


def fingerprint(app: Any) -> str:
    """A hash of every row of every table."""
    from scorer import backup
    from scorer.extensions import db

    with app.app_context():
        tables = backup.dump(db.session, db.metadata)["tables"]
        db.session.remove()
    return hashlib.sha256(json.dumps(tables, sort_keys=True).encode()).hexdigest()


def field_names(html: str) -> set[str]:
    return set(re.findall(r'name="([^"]+)"', html)) - {"csrf_token"}


def write_targets(app: Any, token: str, ids: dict[str, int]) -> list[str]:
    """Every POST route of a Runde (renewing the links aside: it is meant to change them)."""
    values = {"token": token, **{k: str(v) for k, v in ids.items()}}
    out = []
    for rule in app.url_map.iter_rules():
        if "POST" not in rule.methods or rule.endpoint == "groups.renew_links":
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
                         "schwarze_sau", "redeal", "damen_buben", "fleischlos"]),
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
        "revision": st.sampled_from(["1", "2"]),
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
    ids = {"player_id": table.player_id("Anna"), "number": 1, "game_id": table.game_ids()[0],
           "event_id": 1}
    pages = [client.get(p).text for p in (
        "/", f"/r/{table.token}/", f"/r/{table.token}/regeln", f"/r/{table.token}/abend/neu",
        f"{sheet}spiel/neu", f"{sheet}spiel/{ids['game_id']}/", sheet,
        f"/r/{table.token}/spieler/{ids['player_id']}")]
    names = sorted(set().union(*(field_names(p) for p in pages)))
    player_ids = [table.player_id(n) for n in ("Anna", "Ben", "Cem", "Dora", "Emil")]
    targets = write_targets(app, table.token, ids)
    assert len(targets) >= 10 and len(names) >= 20
    seen: dict[str, int] = {}

    @settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(target=st.sampled_from(targets), payload=payloads(names, player_ids))
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
    assert sum(seen.values()) >= EXAMPLES * 0.9
    assert set(seen) == set(targets)
    # The Runde still works afterwards: its pages render and its sheet folds.
    assert client.get(f"/r/{table.token}/").status_code == 200
    assert SCRIPT not in client.get(f"/r/{table.token}/").text
