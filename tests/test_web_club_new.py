"""Making a tournament (issue 37): the DDV-Liste with another plan is refused naming the
choice that plays it, and Bock is chosen on the same page."""

from __future__ import annotations

import re
from typing import Any

from scorer.core.rules import BockTrigger
from tests.club_helpers import Club

FORM = {"name": "Vereinsabend", "played_on": "2026-03-14", "planned_games": "12",
        "round_count": "2", "ranking": "table_points", "absent_table_points": "-3"}


def tournament_rules(app: Any, token: str) -> dict[str, Any]:
    from scorer import services
    from scorer.store.extensions import db

    with app.app_context():
        found = services.find_tournament(token)
        rules = dict(found.rules)
        db.session.remove()
    return rules


def test_the_ddv_list_with_twelve_games_names_the_rules_that_play_twelve(client):
    answer = client.post("/turnier/neu", data={**FORM, "rules": "ddv-liste"})
    assert answer.status_code == 422
    error = re.search(r'<p class="error" id="planned_games-error">(.*?)</p>', answer.text)
    assert error is not None
    assert "„DDV-Turnierspielregeln“" in error.group(1) and "12 Spiele" in error.group(1)
    # That choice plays twelve.
    made = client.post("/turnier/neu", data={**FORM, "rules": "ddv"})
    assert made.status_code == 302


def test_bock_is_chosen_on_the_first_page(app, client):
    page = client.get("/turnier/neu").text
    assert 'name="bock"' in page and "mit Bock" in page
    made = client.post("/turnier/neu", data={**FORM, "rules": "ddv", "bock": "mit"})
    assert made.status_code == 302
    club = Club(app, client)
    club.token = made.location.split("/")[2]
    rules = tournament_rules(app, club.token)
    assert set(rules["bock_triggers"]) == {BockTrigger.TIE_120.value,
                                           BockTrigger.LOST_ANNOUNCEMENT.value,
                                           BockTrigger.ZERO_GAME.value}
    # The rest of the DDV's rules stay as they are.
    assert rules["preset"] == "ddv" and rules["pflichtsolo"] is True
    none = client.post("/turnier/neu", data={**FORM, "rules": "bockrunde", "bock": "ohne"})
    assert tournament_rules(app, none.location.split("/")[2])["bock_triggers"] == []
    kept = client.post("/turnier/neu", data={**FORM, "rules": "bockrunde"})
    assert len(tournament_rules(app, kept.location.split("/")[2])["bock_triggers"]) == 3
