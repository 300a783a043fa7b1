"""The sheet's "Rückgängig" for the evening's last change, and which changes a browser is not
offered to take back (it came to the evening after them: the organiser opening a closed table
again lands on its sheet)."""

from __future__ import annotations

from typing import Any

from flask import session

from scorer import services
from scorer.store.models import Evening
from scorer.words.entry import undone_offer

NOT_MINE = "undo_not_mine"
"""The session's list of changes this browser is not offered to take back."""


MAX_NOT_MINE = 20


def not_mine(evening: Evening) -> None:
    """This browser came to ``evening`` after its last change, made elsewhere (the organiser
    opening a closed table again lands on its sheet): the sheet says what this browser did
    and does not offer "Rückgängig" for that earlier change of the table's phone."""
    event = services.last_change(evening)
    if event is not None:
        kept = [i for i in session.get(NOT_MINE, []) if i != event.id]
        session[NOT_MINE] = [event.id, *kept][:MAX_NOT_MINE]


def undo_offer(evening: Evening) -> dict[str, Any] | None:
    """"Rückgängig" for the evening's last change, on every phone with the edit link and
    after a reload, until the next change (services.last_change) or until the evening is
    closed (``closed_after_change``: reopened, it offers nothing from before); not for a
    change this browser only came to afterwards (``not_mine``)."""
    event = services.last_change(evening)
    if event is None or event.id in session.get(NOT_MINE, []):
        return None
    if evening.closed_after_change is not None and event.id <= evening.closed_after_change:
        return None
    table_change = services.is_table_change(event.new_facts or event.old_facts)
    return {"event_id": event.id,
            "message": undone_offer(event.action, event.game_number, table_change)}
