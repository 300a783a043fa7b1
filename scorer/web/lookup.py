"""URL parts to rows: the Runde's secret token, the evening's number, a game's id.

A wrong combination (a game of another evening, an evening of another Runde) is the same
German 404 as an unknown token, so a URL never tells whether something exists elsewhere.
"""

from __future__ import annotations

from flask import abort, session

from scorer import services
from scorer.models import Evening, Game, Group

REMEMBERED = "runden"
"""Session key: the edit tokens of the Runden this browser has opened, newest first."""


def group_or_404(token: str) -> Group:
    """The Runde of this token, remembered for the start page."""
    group = services.find_group(token)
    if group is None:
        abort(404)
    remember(token)
    return group


def remember(token: str) -> None:
    """Put a Runde's token first in the signed session (at most 20 are kept)."""
    tokens = [t for t in session.get(REMEMBERED, []) if t != token]
    if session.get(REMEMBERED, [])[:1] != [token]:
        session[REMEMBERED] = [token, *tokens][:20]
        session.permanent = True


def evening_or_404(token: str, number: int) -> Evening:
    """Evening ``number`` of the Runde with this token."""
    evening = services.find_evening(group_or_404(token), number)
    if evening is None:
        abort(404)
    return evening


def game_or_404(evening: Evening, game_id: int) -> Game:
    """A game of this evening."""
    game = services.find_game(evening, game_id)
    if game is None:
        abort(404)
    return game
