"""Changing the Runde's year: how its seasons rank, its own seasons, and the row whose
version every change to the year raises (the Kasse's changes go through ``touch_year`` too)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import select

from scorer.core.kasse import InvalidKasse, check_absent
from scorer.core.seasons import SAME_NAME, InvalidSeason, check_seasons, check_settings
from scorer.services.refusals import Refused
from scorer.services.runden import lock_group
from scorer.store.extensions import db
from scorer.store.models import Group, RundeYear, Season
from scorer.words.year import no_such_season, said


def touch_year(group: Group) -> RundeYear:
    """The Runde's year row, locked for this change and its version raised (made with the
    defaults if the Runde has none yet). The Runde's row is locked first: two phones
    changing the year at once take turns (SQLite's write transaction does this already)."""
    lock_group(group)
    row = db.session.get(RundeYear, group.id)
    if row is None:
        row = RundeYear(group_id=group.id, version=1)
        db.session.add(row)
    else:
        # An SQL increment, like an evening's version: no worker's count gets lost.
        row.version = RundeYear.version + 1
    return row


def set_ranking(group: Group, method: Any, min_games: Any, absent_table_points: Any) -> None:
    """How the seasons rank (RULES.md §11.1); Refused naming the field that is wrong."""
    try:
        found, games, points = check_settings(method, min_games, absent_table_points)
    except InvalidSeason as err:
        raise Refused(said(err.problems)) from None
    row = touch_year(group)
    row.season_ranking, row.season_min_games, row.absent_table_points = (
        found.value, games, points)
    db.session.commit()


def set_absent_pays(group: Group, mode: Any, fixed_cents: Any) -> None:
    """What a member who was not at an evening's table pays into the Kasse (§11.2)."""
    try:
        found, cents = check_absent(mode, fixed_cents)
    except InvalidKasse as err:
        raise Refused(said(err.problems)) from None
    row = touch_year(group)
    row.absent_pays, row.absent_fixed_cents = found.value, cents
    db.session.commit()


def set_kasse_fee(group: Group, fee_cents: Any, everyone: bool,
                  fines: Sequence[tuple[str, int]]) -> None:
    """The fixed fee per evening (0: none), whether every member pays it or only those at
    the table, and the Runde's fines (issue 38). Refused naming the field."""
    from scorer.core.kasse import MAX_CENTS
    from scorer.words import kasse as kasse_words

    if type(fee_cents) is not int or not 0 <= fee_cents <= MAX_CENTS:
        raise Refused([("fee", kasse_words.give_an_amount())])
    for text, cents in fines:
        if not text or len(text) > 80 or "\t" in text or not 0 < cents <= MAX_CENTS:
            raise Refused([("fines", kasse_words.fine_line(text))])
    row = touch_year(group)
    row.kasse_fee_cents = fee_cents
    row.kasse_fee_for = "members" if everyone else "present"
    row.kasse_fines = "\n".join(f"{text}\t{cents}" for text, cents in fines)
    db.session.commit()


def add_season(group: Group, name: Any, start: Any) -> Season:
    """A season of the Runde's own, from ``start`` until the next one starts; Refused (on
    ``name`` or ``start``) for a blank name, or a name or start another season has."""
    touch_year(group)
    existing = [(s.name, s.start) for s in _seasons(group)]
    try:
        check_seasons([(name, start), *existing])
    except InvalidSeason as err:
        db.session.rollback()  # the raised version too: the page drawn next reads afresh
        raise Refused(said(_own_field(f, m) for f, m in err.problems)) from None
    season = Season(group_id=group.id, name=name.strip(), start=start)
    db.session.add(season)
    db.session.commit()
    return season


def _own_field(field: str, message: str) -> tuple[str, str]:
    """The core names the list ("seasons[0].name", "seasons"); the form has two fields."""
    return ("name" if field.endswith(".name") or field == "seasons" and message == SAME_NAME
            else "start"), message


def remove_season(group: Group, season_id: int) -> Season:
    """Remove one of the Runde's own seasons; its evenings fall into the one before."""
    touch_year(group)
    season = next((s for s in _seasons(group) if s.id == season_id), None)
    if season is None:
        db.session.rollback()
        raise Refused([("", no_such_season())])
    db.session.delete(season)
    db.session.commit()
    return season


def find_season(group: Group, season_id: int) -> Season | None:
    """One of this Runde's own seasons."""
    season = db.session.get(Season, season_id)
    return season if season is not None and season.group_id == group.id else None


def _seasons(group: Group) -> list[Season]:
    return list(db.session.scalars(select(Season).where(Season.group_id == group.id)))
