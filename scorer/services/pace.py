"""When an evening's games were saved: what the running sheet's pace is measured from
(scorer.core.pace)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from sqlalchemy import select

from scorer.services.folds import instant
from scorer.store.extensions import db
from scorer.store.models import Game


def saved_at(game_ids: Sequence[int]) -> list[dt.datetime]:
    """When each of these games was first saved (UTC), in the order of ``game_ids``; one
    query on the primary key."""
    if not game_ids:
        return []
    found = dict(db.session.execute(
        select(Game.id, Game.created_at).where(Game.id.in_(set(game_ids)))).all())
    return [instant(found[i]) for i in game_ids if i in found]


__all__ = ["saved_at"]
