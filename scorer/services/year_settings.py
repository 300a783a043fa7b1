"""Changing the Runde's year: how its seasons rank and what absent members pay, each from a
day on (RULES.md §11.4: a change is made as a whole new set of settings in time, previewed
against the evenings already played, then stored), its own seasons, and the row whose version
every change to the year raises (the Kasse's changes go through ``touch_year`` too)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import select

from scorer.core.dated import (
    FROM_THE_START,
    Dated,
    InvalidTimeline,
    applied_back,
    check_timeline,
    with_setting,
    without,
)
from scorer.core.kasse import AbsentRule, InvalidKasse, check_absent
from scorer.core.seasons import (
    SAME_NAME,
    InvalidSeason,
    RankingRule,
    check_seasons,
    check_settings,
)
from scorer.services.refusals import Refused
from scorer.services.runden import lock_group
from scorer.services.year import Rules, SeasonView, Year, year_of, year_rules, year_under
from scorer.store.extensions import db
from scorer.store.models import AbsentRule as AbsentRuleRow
from scorer.store.models import Group, RundeYear, Season
from scorer.store.models import RankingRule as RankingRuleRow
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


RANKING, ABSENT = "ranking", "absent"
"""The two settings kept in time (RULES.md §11.4): how seasons rank, what absent members pay."""
PARTS = (RANKING, ABSENT)


def ranking_setting(group: Group, method: Any, min_games: Any, absent_table_points: Any,
                    valid_from: dt.date) -> Rules:
    """The Runde's settings with how seasons rank (§11.1) set from ``valid_from`` on
    (FROM_THE_START: from the beginning); nothing stored. Refused naming the field."""
    try:
        found, games, points = check_settings(method, min_games, absent_table_points)
    except InvalidSeason as err:
        raise Refused(said(err.problems)) from None
    rules = year_rules(group)
    return replace(rules, ranking=with_setting(rules.ranking, valid_from,
                                               RankingRule(found, games, points)))


def absent_setting(group: Group, mode: Any, fixed_cents: Any, valid_from: dt.date) -> Rules:
    """The Runde's settings with what absent members pay (§11.2) set from ``valid_from``
    on; nothing stored. Refused naming the field."""
    try:
        found, cents = check_absent(mode, fixed_cents)
    except InvalidKasse as err:
        raise Refused(said(err.problems)) from None
    rules = year_rules(group)
    return replace(rules, absent=with_setting(rules.absent, valid_from,
                                              AbsentRule(found, cents)))


def _timeline(rules: Rules, part: str) -> tuple[Dated[Any], ...]:
    return rules.ranking if part == RANKING else rules.absent


def _with_timeline(rules: Rules, part: str, timeline: tuple[Dated[Any], ...]) -> Rules:
    if part == RANKING:
        return replace(rules, ranking=timeline)
    return replace(rules, absent=timeline)


def applied_back_to(group: Group, part: str, start: dt.date, back_to: dt.date) -> Rules:
    """The Runde's settings with its ``part`` setting from ``start`` applied back from the
    earlier ``back_to`` on (a past season's start, or the beginning); nothing stored."""
    rules = year_rules(group)
    try:
        return _with_timeline(rules, part, applied_back(_timeline(rules, part), start, back_to))
    except InvalidTimeline as err:
        raise Refused(said(err.problems)) from None


def removed(group: Group, part: str, start: dt.date) -> Rules:
    """The Runde's settings without its ``part`` setting from ``start`` (the one before it
    applies on); nothing stored."""
    rules = year_rules(group)
    try:
        return _with_timeline(rules, part, without(_timeline(rules, part), start))
    except InvalidTimeline as err:
        raise Refused(said(err.problems)) from None


def set_ranking(group: Group, method: Any, min_games: Any, absent_table_points: Any,
                valid_from: dt.date = FROM_THE_START) -> None:
    """Store how seasons rank from ``valid_from`` on, without a preview (the pages show
    one first); Refused naming the field."""
    store_rules(group, ranking_setting(group, method, min_games, absent_table_points,
                                       valid_from))


def set_absent_pays(group: Group, mode: Any, fixed_cents: Any,
                    valid_from: dt.date = FROM_THE_START) -> None:
    """Store what absent members pay from ``valid_from`` on, without a preview."""
    store_rules(group, absent_setting(group, mode, fixed_cents, valid_from))


def store_rules(group: Group, rules: Rules) -> None:
    """Keep ``rules`` as the Runde's settings in time: rows of days no longer set go, rows
    of new days come, changed ones change; the year's version is raised."""
    touch_year(group)
    _store(group, RankingRuleRow, {d.start: _ranking_values(d.rule)
                                   for d in check_timeline(rules.ranking)})
    _store(group, AbsentRuleRow, {d.start: _absent_values(d.rule)
                                  for d in check_timeline(rules.absent)})
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


def _store(group: Group, rows: type[RankingRuleRow] | type[AbsentRuleRow],
           wanted: dict[dt.date, dict[str, Any]]) -> None:
    found: list[Any] = list(db.session.scalars(select(rows).where(rows.group_id == group.id)))
    kept: dict[dt.date, Any] = {r.valid_from: r for r in found}
    for day, row in kept.items():
        if day not in wanted:
            db.session.delete(row)
    db.session.flush()  # a day dropped and set again: its unique row goes first
    for day, values in wanted.items():
        row = kept.get(day)
        if row is None:
            db.session.add(rows(group_id=group.id, valid_from=day, **values))
        else:
            for name, value in values.items():
                setattr(row, name, value)


def _ranking_values(rule: RankingRule) -> dict[str, Any]:
    return {"season_ranking": rule.method.value, "season_min_games": rule.min_games,
            "absent_table_points": rule.absent_table_points}


def _absent_values(rule: AbsentRule) -> dict[str, Any]:
    return {"absent_pays": rule.absent_pays.value, "absent_fixed_cents": rule.absent_fixed_cents}


@dataclass(frozen=True)
class MemberChange:
    """What a change of the settings does to one member's Kasse, in cents."""

    player: str
    charged_before: int
    charged_after: int
    """Everything the evenings charge the member, before and after."""
    owed_before: int
    owed_after: int
    """What is still open, before and after."""


@dataclass(frozen=True)
class SeasonChange:
    """A season whose ranking a change of the settings alters."""

    before: SeasonView
    after: SeasonView


@dataclass(frozen=True)
class RuleChange:
    """What storing other settings would change in the evenings already played (§11.4:
    shown before a change reaches back)."""

    members: tuple[MemberChange, ...]
    seasons: tuple[SeasonChange, ...]

    @property
    def any(self) -> bool:
        """Something already billed or ranked would change."""
        return bool(self.members or self.seasons)


def _standings(view: SeasonView) -> tuple[tuple[Any, ...], ...]:
    return tuple((s.rank, s.player, s.figure, s.points) for s in view.ranking)


def rule_change(group: Group, rules: Rules) -> RuleChange:
    """What ``rules`` would change against the Runde's settings now: each member's charges
    and what they owe, each season's ranking (all evenings together rank under today's rule
    and are no season of the past: left out)."""
    before, after = year_of(group), year_under(group, rules)

    def charged(year: Year) -> dict[str, int]:
        out: dict[str, int] = {}
        for charge in year.everything.charges:
            out[charge.player] = out.get(charge.player, 0) + charge.cents
        return out

    was, now = charged(before), charged(after)
    members = tuple(
        MemberChange(name, was.get(name, 0), now.get(name, 0), before.kasse.owed.get(name, 0),
                     after.kasse.owed.get(name, 0))
        for name in dict.fromkeys([*was, *now])
        if (was.get(name, 0), before.kasse.owed.get(name, 0))
        != (now.get(name, 0), after.kasse.owed.get(name, 0)))
    seasons = tuple(SeasonChange(old, new) for old in before.seasons
                    for new in after.seasons if new.key == old.key
                    and _standings(old) != _standings(new))
    return RuleChange(members, seasons)


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
