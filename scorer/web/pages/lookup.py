"""URL parts to rows, and who may do what: the Runde's secret token, the evening's number,
a game's or a table change's id.

A Runde has two secret tokens. The edit token may do everything; the read-only token may
only look at the pages in READ_ONLY (GET). Whatever token a page was opened with is the one
its links carry (``link_token`` in templates), so a read-only link never reveals the edit
token. A wrong combination (a game of another evening, an evening of another Runde) is the
same German 404 as an unknown token, so a URL never tells whether something exists elsewhere.
"""

from __future__ import annotations

from flask import abort, g, request

from scorer import services
from scorer.store.extensions import db
from scorer.store.models import Evening, Game, GameEvent, Group
from scorer.web.pages.club_access import admit_table
from scorer.web.pages.numbers import MAX_INT

READ_ONLY = frozenset({"groups.show", "evenings.show", "evenings.game", "history.show",
                       "live.poll", "seasons.player", "seasons.pdf", "kasse.show",
                       "kasse.member", "kasse.history", "kasse.report", "kasse.csv",
                       "money.pay"})
"""Endpoints a read-only link may GET (live.poll answers either link without asking here:
it is the one-query check a watching phone makes every second)."""
DEVICE_ONLY = frozenset({"groups.remember"})
"""Endpoints a read-only link may POST: they change this device's session, never the Runde."""
READ_ONLY_BLUEPRINTS = frozenset({"exports", "stats", "records", "share"})
"""Blueprints whose GET pages a read-only link may see (PDF, CSV, statistics, records, the
shared result's picture)."""


def group_or_404(token: str) -> Group:
    """The Runde of this token; 403 when a read-only link tries anything but looking."""
    group = services.find_group(token)
    if group is None:
        abort(404)
    _admit(group, token)
    return group


def _admit(group: Group, token: str) -> None:
    """Note the Runde and the link of this request; 403 when a read-only link tries anything
    but looking."""
    g.link_token = token
    g.group_id = group.id
    # The session holds rows weakly: kept here, the Runde is loaded once per request, not
    # again by every evening that refers to it.
    g.group = group
    g.can_edit = token == group.edit_token
    if not g.can_edit and not _readable():
        abort(403)
    if group.tournament_table:
        # A tournament's table: its link changes that table's games and nothing else.
        admit_table(group)


def _readable() -> bool:
    endpoint = request.endpoint or ""
    if request.method not in ("GET", "HEAD"):
        return endpoint in DEVICE_ONLY
    return endpoint in READ_ONLY or endpoint.split(".")[0] in READ_ONLY_BLUEPRINTS


def evening_or_404(token: str, number: int) -> Evening:
    """Evening ``number`` of the Runde with this token."""
    # The URL's <int:…> takes any count of digits; the database's integers do not.
    found = services.find_evening_by_link(token, number) if number <= MAX_INT else None
    if found is None:
        group_or_404(token)  # 404 for an unknown link, 403 for a read-only one where it may not
        abort(404)
    group, evening = found
    _admit(group, token)
    return evening


def game_or_404(evening: Evening, game_id: int) -> Game:
    """A game of this evening (a table change's id is no game: 404)."""
    return _entry_or_404(evening, game_id, table_change=False)


def table_change_or_404(evening: Evening, entry_id: int) -> Game:
    """A table change of this evening (a game's id is none: 404)."""
    return _entry_or_404(evening, entry_id, table_change=True)


def _entry_or_404(evening: Evening, entry_id: int, table_change: bool) -> Game:
    entry = services.find_game(evening, entry_id) if entry_id <= MAX_INT else None
    if entry is None or services.is_table_change(entry.facts) != table_change:
        abort(404)
    return entry


def event_or_404(evening: Evening, event_id: int) -> GameEvent:
    """A history event of this evening."""
    event = db.session.get(GameEvent, event_id) if event_id <= MAX_INT else None
    if event is None or event.evening_id != evening.id:
        abort(404)
    return event
