"""Settings in time (RULES.md §11.4): a Runde's rules for its seasons and its Kasse are kept
with the date from which each applies, and the rule in force on an evening's date decides.
Pure: imports only the standard library and the core.

A Runde's absent members paid nothing, and from New Year 2026 on pay as the last:

>>> timeline = (Dated(FROM_THE_START, "nothing"), Dated(dt.date(2026, 1, 1), "as_last"))
>>> in_force(timeline, dt.date(2025, 12, 5)), in_force(timeline, dt.date(2026, 3, 6))
('nothing', 'as_last')

Applying the 2026 rule back to the 2025 season moves its start, and drops what it covers:

>>> [(d.start.year, d.rule) for d in applied_back(timeline, dt.date(2026, 1, 1),
...                                               dt.date(2025, 1, 1))]
[(1, 'nothing'), (2025, 'as_last')]
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from scorer.core.marked import N_
from scorer.core.rules import InvalidInput

T = TypeVar("T")

FROM_THE_START = dt.date.min
"""The start of a setting that applies from the Runde's beginning (every evening before the
first dated change): the first setting a Runde has."""


class InvalidTimeline(InvalidInput):
    """Dated settings that cannot be: two from one day, none from the start."""


@dataclass(frozen=True, slots=True)
class Dated(Generic[T]):
    """One setting and the day from which it applies (until the next one's day)."""

    start: dt.date
    """From this day on (inclusive); FROM_THE_START for the first setting."""
    rule: T


def in_force(timeline: Sequence[Dated[T]], date: dt.date) -> T:
    """The rule in force on ``date``: that of the latest setting dated on or before it.
    ``timeline`` has a setting from the start (check_timeline), so there always is one."""
    found = [d for d in timeline if d.start <= date]
    if not found:
        raise InvalidTimeline([("start", N_("die erste Einstellung gilt von Anfang an"))])
    return max(found, key=lambda d: d.start).rule


def check_timeline(timeline: Iterable[Dated[T]], field: str = "start") -> tuple[Dated[T], ...]:
    """The settings by date, or InvalidTimeline naming ``field``: two settings from one day,
    or none from the start (a Runde's first setting applies from its beginning)."""
    ordered = tuple(sorted(timeline, key=lambda d: d.start))
    problems: list[tuple[str, str]] = []
    starts = [d.start for d in ordered]
    if len(set(starts)) != len(starts):
        problems.append((field, N_("ab einem Tag gilt höchstens eine Einstellung")))
    if not ordered or ordered[0].start != FROM_THE_START:
        problems.append((field, N_("die erste Einstellung gilt von Anfang an")))
    if problems:
        raise InvalidTimeline(problems)
    return ordered


def with_setting(timeline: Iterable[Dated[T]], start: dt.date, rule: T) -> tuple[Dated[T], ...]:
    """The timeline with ``rule`` from ``start`` on (replacing a setting of that very day):
    the settings after ``start`` stay and still apply from their own days. A rule that is
    already in force on ``start`` adds nothing (the history keeps no repeats).

    >>> same = (Dated(FROM_THE_START, "nothing"),)
    >>> with_setting(same, dt.date(2026, 1, 1), "nothing") == same
    True
    """
    timeline = tuple(timeline)
    if all(d.start != start for d in timeline) and any(d.start <= start for d in timeline) \
            and in_force(timeline, start) == rule:
        return tuple(sorted(timeline, key=lambda d: d.start))
    kept = [d for d in timeline if d.start != start]
    return tuple(sorted([*kept, Dated(start, rule)], key=lambda d: d.start))


def applied_back(timeline: Iterable[Dated[T]], start: dt.date, back_to: dt.date
                 ) -> tuple[Dated[T], ...]:
    """The setting from ``start`` made to apply from the earlier ``back_to`` on: the
    settings it now covers (from ``back_to`` up to its own day) are dropped, the earlier
    ones stay. An explicit choice of the Runde (§11.4), shown before it is made."""
    timeline = tuple(timeline)
    moved = next((d for d in timeline if d.start == start), None)
    if moved is None or back_to > start:
        raise InvalidTimeline([("start", N_("diese Einstellung gibt es nicht (mehr)"))])
    kept = [d for d in timeline if not back_to <= d.start <= start]
    return tuple(sorted([*kept, Dated(back_to, moved.rule)], key=lambda d: d.start))


def without(timeline: Iterable[Dated[T]], start: dt.date) -> tuple[Dated[T], ...]:
    """The timeline without its setting from ``start`` (the one before it applies on);
    the setting from the start cannot go."""
    timeline = tuple(timeline)
    if start == FROM_THE_START or all(d.start != start for d in timeline):
        raise InvalidTimeline([("start", N_("diese Einstellung gibt es nicht (mehr)"))])
    return tuple(d for d in timeline if d.start != start)


__all__ = [
    "FROM_THE_START",
    "Dated",
    "InvalidTimeline",
    "applied_back",
    "check_timeline",
    "in_force",
    "with_setting",
    "without",
]
