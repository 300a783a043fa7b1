"""The round clock (issue 37; DDV: a round ends after its time, the games started by then
are finished): the organiser sets a round length; from the round's start the organiser's
page, the projector and the tables' sheets show the time left, and once it is over "Zeit
abgelaufen" — while the tables may still enter their games until the organiser ends the
round."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest

from tests.club_helpers import NINE, Club


def test_the_core_counts_the_time_left() -> None:
    from scorer.core.club import InvalidClub, check_round_minutes, seconds_left

    start = dt.datetime(2026, 3, 14, 19, 0, tzinfo=dt.UTC)
    # 90 minutes from 19:00 end at 20:30: at 19:45:30, 44 min 30 s are left
    assert seconds_left(start, 90, dt.datetime(2026, 3, 14, 19, 45, 30, tzinfo=dt.UTC)) == 2670
    assert seconds_left(start, 90, dt.datetime(2026, 3, 14, 20, 30, tzinfo=dt.UTC)) == 0
    assert seconds_left(start, 90, dt.datetime(2026, 3, 14, 20, 30, 1, tzinfo=dt.UTC)) == -1
    check_round_minutes(None)
    check_round_minutes(1)
    check_round_minutes(600)
    for wrong in (0, -5, 601):
        with pytest.raises(InvalidClub):
            check_round_minutes(wrong)


def _started_ago(app: Any, token: str, number: int, minutes: float) -> None:
    """Move round ``number``'s start ``minutes`` into the past (the clock runs on)."""
    from scorer import services
    from scorer.store.extensions import db

    with app.app_context():
        round_ = services.find_round(services.find_tournament(token), number)
        round_.started_at = dt.datetime.now(dt.UTC) - dt.timedelta(minutes=minutes)
        db.session.commit()
        db.session.remove()


def _clock(html: str) -> tuple[int, str, bool] | None:
    """(seconds left as given to the script, the time shown, whether the over-time notice
    shows), or None without a clock."""
    found = re.search(r'data-clock-left="(-?\d+)">.*?data-clock-time>([^<]*)</strong>', html,
                      re.S)
    if found is None:
        return None
    over = re.search(r'<p class="notice round-clock__over"[^>]*data-clock-over( hidden)?>',
                     html)
    assert over is not None
    return int(found.group(1)), found.group(2), over.group(1) is None


def _read_token(app: Any, token: str) -> str:
    from scorer import services
    from scorer.store.extensions import db

    with app.app_context():
        read = services.find_tournament(token).read_token
        db.session.remove()
    return read


def test_the_clock_runs_on_every_page_and_runs_out(app, client):
    club = Club(app, client)
    club.create(NINE, rounds=2)
    page = club.post("rundenuhr", {"round_minutes": "90"})
    assert "Eine Runde dauert jetzt 90 Minuten." in page.text
    assert _clock(page.text) is None  # no round runs yet
    club.draw(seed=1)
    club.start(1)
    table = club.tables[(1, 1)]
    read = _read_token(app, club.token)
    pages = (club.home, f"/t/{read}/rangliste", table.sheet, f"/r/{table.token}/")
    for url in pages:
        left, shown, over = _clock(client.get(url).text)
        assert 90 * 60 - 60 < left <= 90 * 60 and shown.startswith("noch 1:2"), url
        assert not over
    _started_ago(app, club.token, 1, 30.5)  # 59 min 30 s left
    left, shown, over = _clock(client.get(table.sheet).text)
    assert 59 * 60 + 20 < left <= 59 * 60 + 30 and shown.startswith("noch 59:")
    _started_ago(app, club.token, 1, 91)
    for url in pages:
        left, shown, over = _clock(client.get(url).text)
        assert left < 0 and shown == "Zeit abgelaufen" and over, url
    # over time, a started game is still entered: the clock ends nothing
    club.play(table, 1)
    assert "Zeit abgelaufen" in client.get(table.sheet).text
    club.end(1)
    for url in pages:
        assert _clock(client.get(url).text) is None, url


def test_a_wrong_round_length_is_refused_naming_it(app, client):
    club = Club(app, client)
    club.create(NINE)
    for typed in ("0", "601", "zehn"):
        page = club.post("rundenuhr", {"round_minutes": typed})
        assert "Rundenzeit" in page.text, typed
    page = club.post("rundenuhr", {"round_minutes": "45"})
    assert "Eine Runde dauert jetzt 45 Minuten." in page.text
    page = club.post("rundenuhr", {"round_minutes": ""})
    assert "Die Rundenuhr ist aus." in page.text
    with app.app_context():
        from scorer import services
        from scorer.store.extensions import db

        assert services.find_tournament(club.token).round_minutes is None
        db.session.remove()
    read = _read_token(app, club.token)
    assert client.post(f"/t/{read}/rundenuhr", data={"round_minutes": "5"}).status_code == 403
