"""Settings in time (RULES.md §11.4) in the core: the rule in force on a date decides, a
season ranks under the rule of its first day, and applying a rule back only moves its start."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorer.core.dated import (
    FROM_THE_START,
    Dated,
    InvalidTimeline,
    applied_back,
    check_timeline,
    in_force,
    with_setting,
    without,
)
from scorer.core.kasse import AbsentPays, AbsentRule, evening_charges
from scorer.core.seasons import Method, RankingRule, Season, calendar_year, season_rule

NEW_YEAR = dt.date(2026, 1, 1)
ABSENT = (Dated(FROM_THE_START, AbsentRule()),
          Dated(NEW_YEAR, AbsentRule(AbsentPays.AS_LAST)))


def test_the_rule_in_force_on_an_evenings_date_charges_it():
    # §11.4's example: nothing until 2025-12-31, "as the last" from 2026-01-01. Dora, a
    # member, misses both evenings; the last-placed player pays 180 ct each time.
    charged = []
    for day in (dt.date(2025, 12, 5), dt.date(2026, 3, 6)):
        rule = in_force(ABSENT, day)
        charges = evening_charges(day.isoformat(), day, {"Ben": 80, "Cem": 180},
                                  {"Anna": 12, "Ben": 4, "Cem": -6}, ["Dora"],
                                  rule.absent_pays, rule.absent_fixed_cents)
        charged.append([c.cents for c in charges if c.player == "Dora"])
    assert charged == [[], [180]]
    assert in_force(ABSENT, dt.date(2025, 12, 31)).absent_pays is AbsentPays.NOTHING
    assert in_force(ABSENT, NEW_YEAR).absent_pays is AbsentPays.AS_LAST


def test_a_season_ranks_under_the_rule_of_its_first_day():
    # A change dated after a season started applies from the next one on.
    timeline = (Dated(FROM_THE_START, RankingRule()),
                Dated(dt.date(2026, 3, 1), RankingRule(Method.TABLE_POINTS, 0, -3)))
    assert season_rule(timeline, calendar_year(dt.date(2026, 6, 1))) == RankingRule()
    assert season_rule(timeline, calendar_year(dt.date(2027, 1, 1))).method is Method.TABLE_POINTS
    # An own season starting on the change's very day ranks under it.
    own = Season("Frühjahr", dt.date(2026, 3, 1))
    assert season_rule(timeline, own).absent_table_points == -3


def test_applying_back_moves_the_start_and_drops_the_settings_it_now_covers():
    timeline = (Dated(FROM_THE_START, "a"), Dated(dt.date(2024, 1, 1), "b"),
                Dated(dt.date(2025, 6, 1), "c"), Dated(NEW_YEAR, "d"),
                Dated(dt.date(2027, 1, 1), "e"))
    back = applied_back(timeline, NEW_YEAR, dt.date(2025, 1, 1))
    assert [(d.start, d.rule) for d in back] == [
        (FROM_THE_START, "a"), (dt.date(2024, 1, 1), "b"), (dt.date(2025, 1, 1), "d"),
        (dt.date(2027, 1, 1), "e")]
    assert [d.rule for d in applied_back(timeline, NEW_YEAR, FROM_THE_START)] == ["d", "e"]
    with pytest.raises(InvalidTimeline):
        applied_back(timeline, dt.date(2026, 2, 2), FROM_THE_START)  # no such setting


def test_a_setting_of_a_day_already_set_replaces_it_and_the_first_cannot_go():
    timeline = (Dated(FROM_THE_START, "a"), Dated(NEW_YEAR, "b"))
    assert [d.rule for d in with_setting(timeline, NEW_YEAR, "c")] == ["a", "c"]
    # Saved again unchanged from a later day: no repeat in the history.
    assert with_setting(timeline, dt.date(2026, 5, 1), "b") == timeline
    assert [d.rule for d in without(timeline, NEW_YEAR)] == ["a"]
    with pytest.raises(InvalidTimeline):
        without(timeline, FROM_THE_START)


@pytest.mark.parametrize("timeline, message", [
    ((Dated(NEW_YEAR, "a"),), "die erste Einstellung gilt von Anfang an"),
    ((Dated(FROM_THE_START, "a"), Dated(NEW_YEAR, "b"), Dated(NEW_YEAR, "c")),
     "ab einem Tag gilt höchstens eine Einstellung"),
], ids=["none from the start", "two from one day"])
def test_an_impossible_history_is_refused_naming_the_field(timeline, message):
    with pytest.raises(InvalidTimeline) as err:
        check_timeline(timeline, "valid_from")
    assert err.value.problems == (("valid_from", message),)


days = st.dates(min_value=dt.date(2000, 1, 1), max_value=dt.date(2040, 12, 31))


@given(st.lists(days, unique=True, max_size=6), days, days, st.data())
def test_applying_back_changes_only_the_days_from_back_to_up_to_its_start(
        starts, day, back_to, data):
    timeline = check_timeline([Dated(FROM_THE_START, 0)]
                              + [Dated(s, k + 1) for k, s in enumerate(sorted(starts))])
    if len(timeline) < 2:
        return
    moved = data.draw(st.sampled_from(timeline[1:]))
    back_to = min(back_to, moved.start)
    after = check_timeline(applied_back(timeline, moved.start, back_to))
    if back_to <= day < moved.start:
        assert in_force(after, day) == moved.rule
    else:
        assert in_force(after, day) == in_force(timeline, day)
