"""What the pages that change an evening's entries (games, table changes) share: the way
back to the sheet, the refusal on a closed evening, the form's one-time key and the
"Rückgängig" offer."""

from __future__ import annotations

import uuid

from flask import flash, g, redirect, session, url_for
from werkzeug.wrappers import Response

from scorer import services
from scorer.models import Evening, GameEvent
from scorer.web.evenings import UNDO


def sheet_url(evening: Evening) -> str:
    """The evening's sheet under the link of this request."""
    return url_for("evenings.show", token=g.link_token, number=evening.number)


def refuse_if_closed(evening: Evening) -> Response | None:
    """Back to the sheet with a word when the evening is closed; None when it is open."""
    if evening.closed:
        flash(services.CLOSED[0].upper() + services.CLOSED[1:] + ".", "error")
        return redirect(sheet_url(evening))
    return None


def entry_key(value: str | None) -> str:
    """The form's one-time key; a tampered or missing one becomes a fresh key."""
    try:
        return str(uuid.UUID(value or ""))
    except ValueError:
        return str(uuid.uuid4())


def offer_undo(event: GameEvent, message: str) -> None:
    """Remember the change just made, so the sheet offers "Rückgängig" once."""
    session[UNDO] = {"evening_id": event.evening_id, "event_id": event.id, "message": message}
