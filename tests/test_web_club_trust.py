"""Every route of a tournament (/t/<token>/…), whatever it is sent: an unknown link is a 404,
the ranking link sees what it may and is refused the rest without a change, and hostile form
values never break a page or leave a tournament its pages cannot show."""

from __future__ import annotations

import re
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.budget import examples
from tests.club_helpers import NINE, Club
from tests.test_web_hostile import SCRIPT, fingerprint

READABLE = {"club_ranking.show", "club_ranking.poll", "club_ranking.pdf", "club_ranking.csv"}


def routes(app: Any) -> list[tuple[str, str, str]]:
    """(endpoint, method, rule) of every route under /t/<token>/."""
    return [(rule.endpoint, method, rule.rule) for rule in app.url_map.iter_rules()
            if rule.rule.startswith("/t/<token>")
            for method in sorted(rule.methods - {"HEAD", "OPTIONS"})]


def url(rule: str, token: str, player_id: int = 1) -> str:
    values = {"token": token, "number": "1", "table": "1", "player_id": str(player_id)}
    return re.sub(r"<(?:int:)?(\w+)>", lambda m: values[m.group(1)], rule)


def drawn(app: Any, client: Any) -> tuple[Club, str, int]:
    club = Club(app, client)
    club.create(NINE)
    club.draw(seed=1)
    club.start(1)
    club.play(club.tables[(1, 1)], 1)
    from scorer import services

    with app.app_context():
        tournament = services.find_tournament(club.token)
        return club, tournament.read_token, tournament.players[0].id


def test_every_tournament_route_is_a_404_for_a_link_that_does_not_exist(app, client):
    club, read, player = drawn(app, client)
    before = fingerprint(app)
    for endpoint, method, rule in routes(app):
        for token in ("x" * 32, "-", read[:-1], club.tables[(1, 1)].token):
            response = client.open(url(rule, token, player), method=method,
                                   data={"names": "Mallory", "seed": "1"})
            assert response.status_code == 404, (endpoint, method, token)
    assert fingerprint(app) == before


def test_the_ranking_link_opens_what_it_may_and_nothing_else_on_every_route(app, client):
    club, read, player = drawn(app, client)
    reader = app.test_client()
    before = fingerprint(app)
    for endpoint, method, rule in routes(app):
        response = reader.open(url(rule, read, player), method=method,
                               data={"names": "Mallory", "seed": "1", "action": "geht",
                                     "name": "Mallory", "one": "1", "other": "2"})
        if method == "GET" and endpoint in READABLE:
            # A PDF still being made is answered 202, a page that asks again.
            ok = (200, 202) if endpoint == "club_ranking.pdf" else (200,)
            assert response.status_code in ok, endpoint
            assert club.token.encode() not in response.data, endpoint
        elif endpoint == "club.show":
            assert response.status_code == 302  # on to the ranking
        else:
            assert response.status_code == 403, (endpoint, method)
    assert fingerprint(app) == before


def test_hostile_form_values_never_break_a_tournament(app, client):
    club, read, player = drawn(app, client)
    targets = sorted({url(rule, club.token, player) for _, method, rule in routes(app)
                      if method == "POST"})
    names = ["name", "played_on", "rules", "round_count", "planned_games", "ranking",
             "absent_table_points", "names", "from_runde", "seed", "one", "other", "action",
             "revision"]
    value = st.one_of(st.text(max_size=12), st.integers(-10**12, 10**12).map(str),
                      st.sampled_from(["", "0", "1", "2", "-3", "24", "9999999999", SCRIPT,
                                       "geht", "kommt", "ddv", "bogus", "2026-02-30",
                                       "Anna\nBen", "x" * 500, "\u202eX"]))
    seen: dict[str, int] = {}

    @settings(max_examples=examples(15, 1_000), deadline=None, database=None,
              derandomize=True, suppress_health_check=list(HealthCheck))
    @given(target=st.sampled_from(targets),
           payload=st.dictionaries(st.sampled_from(names), value, max_size=8))
    def post(target: str, payload: dict[str, Any]) -> None:
        before = fingerprint(app)
        response = client.post(target, data=payload)
        seen[target] = seen.get(target, 0) + 1
        assert response.status_code < 500, (target, payload, response.text[:300])
        if response.status_code >= 400:
            assert fingerprint(app) == before, (target, payload)
        for page in ("", "rangliste", "anmeldung"):
            shown = client.get(club.home + page)
            assert shown.status_code < 500, (target, payload, page)
            assert SCRIPT not in shown.text, (target, payload, page)

    post()
    assert len(seen) >= len(targets) // 2, seen  # (the thorough profile reaches them all)
