"""The Bock queue of QtDoppelKopf and jsdoppelkopf files is walked in linear time (issue 36:
a 32 KB .qdk of many Bock events took 25 s to preview) and still gives every deal the level
the apps give it: the new walk is compared with the old one, slot by slot, on random logs."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.importers.tristhaus import MAX_LEVEL, _Deal, _Table, _Trigger, js_levels, qt_levels


def old_qt_levels(log: Sequence[Any]) -> tuple[list[int], list[bool]]:
    """QtDoppelKopf's queue as the importer walked it before: every event from the head."""
    deals = [e for e in log if isinstance(e, _Deal)]
    levels: list[int] = []
    mandatory: list[bool] = []

    def at(i: int) -> None:
        while len(levels) <= i:
            levels.append(0)
            mandatory.append(False)

    for k, deal in enumerate(deals):
        start = k + 1
        if deal.mandatory:
            at(start)
            levels[start:start] = [0] * deal.length
            mandatory[start:start] = [True] * deal.length
        for _event in range(deal.events):
            i = start
            at(i)
            while levels[i] == MAX_LEVEL or mandatory[i]:
                i += 1
                at(i)
            for _seat in range(deal.length):
                at(i)
                levels[i] += 1
                i += 1
    at(len(deals))
    return levels[:len(deals)], mandatory[:len(deals)]


def old_js_levels(log: Sequence[Any]) -> tuple[list[int], list[bool]]:
    """jsdoppelkopf's queue as the importer walked it before."""
    levels: list[int] = []
    mandatory: list[bool] = []
    game = 0
    length = 0
    for entry in log:
        if isinstance(entry, _Table):
            length = len(entry.names)
        elif isinstance(entry, _Trigger):
            while len(levels) < game:
                levels.append(0)
                mandatory.append(False)
            levels[game:game] = [0] * length
            mandatory[game:game] = [True] * length
        else:
            for _ in range(entry.events):
                i, end = game + 1, game + 1 + length
                while i < end:
                    while len(levels) <= i:
                        levels.append(0)
                        mandatory.append(False)
                    if levels[i] < MAX_LEVEL:
                        levels[i] += 1
                    else:
                        end += 1
                    i += 1
            game += 1
    pad = max(0, game - len(levels))
    return (levels + [0] * pad)[:game], (mandatory + [False] * pad)[:game]


def table(size: int) -> _Table:
    names = tuple(f"P{n}" for n in range(size))
    return _Table("", names, names[0], frozenset())


@st.composite
def qt_logs(draw: st.DrawFn) -> list[Any]:
    size = draw(st.integers(4, 7))
    log: list[Any] = [table(size)]
    for _ in range(draw(st.integers(0, 40))):
        deal = _Deal("", {}, draw(st.integers(0, 9)), length=size,
                     mandatory=draw(st.booleans()) and draw(st.booleans()))
        log.append(deal)
    return log


@st.composite
def js_logs(draw: st.DrawFn) -> list[Any]:
    log: list[Any] = [table(draw(st.integers(4, 7)))]
    for _ in range(draw(st.integers(0, 40))):
        kind = draw(st.sampled_from(["deal", "deal", "deal", "trigger", "table"]))
        if kind == "deal":
            log.append(_Deal("", {}, draw(st.integers(0, 9))))
        elif kind == "trigger":
            log.append(_Trigger(""))
        else:
            log.append(table(draw(st.integers(4, 7))))
    return log


@settings(max_examples=300, deadline=None)
@given(qt_logs())
def test_the_linear_qtdoppelkopf_queue_gives_every_deal_the_old_level(log: list[Any]) -> None:
    assert qt_levels(log) == old_qt_levels(log)


@settings(max_examples=300, deadline=None)
@given(js_logs())
def test_the_linear_jsdoppelkopf_queue_gives_every_deal_the_old_level(log: list[Any]) -> None:
    assert js_levels(log) == old_js_levels(log)


class TooMany(Exception):
    pass


def steps(walk: Callable[[Sequence[Any]], Any], log: list[Any], most: float = 1e12) -> int:
    """How many calls the walk makes, its own and the built-ins' (dict.get, set.add, …):
    a count of its work that, unlike a clock, does not depend on the machine's load. Past
    ``most`` the walk is stopped, so a walk gone quadratic fails instead of running for hours."""
    count = 0

    def counted(_frame: Any, _event: str, _arg: Any) -> None:
        nonlocal count
        count += 1
        if count > most:
            raise TooMany(f"more than {most:.0f} calls")

    previous = sys.getprofile()
    sys.setprofile(counted)
    try:
        walk(log)
    finally:
        sys.setprofile(previous)
    return count


def qt_log(deals: int) -> list[Any]:
    # QtDoppelKopf's most: 9 events a deal; the queue ahead grows by 9 × 4 slots a deal and
    # the old walk crossed all of it for every event.
    return [table(4)] + [_Deal("", {}, 9, length=4, mandatory=k % 50 == 0)
                         for k in range(deals)]


def js_log(deals: int) -> list[Any]:
    log: list[Any] = [table(4)]
    for k in range(deals):
        log.append(_Deal("", {}, 9))
        if k % 50 == 0:
            log.append(_Trigger(""))
    return log


PER_DEAL = 1_000
"""The calls a deal may cost at most: nine events raise 36 slots, a few calls each (the walks
take 128 and 226 a deal)."""


# Four times the deals cost four times the steps, give or take the start; the old walks
# took about 16 times as many (see test_the_step_count_tells_the_old_quadratic_walks_apart).
@pytest.mark.parametrize(("walk", "log"), [(qt_levels, qt_log), (js_levels, js_log)],
                         ids=["qtdoppelkopf", "jsdoppelkopf"])
def test_a_log_of_many_bock_events_is_walked_in_linear_time(
        walk: Callable[[Sequence[Any]], Any], log: Callable[[int], list[Any]]) -> None:
    most = 4.5 * steps(walk, log(1_000), PER_DEAL * 1_000)
    assert steps(walk, log(4_000), most) < most


@pytest.mark.parametrize(("walk", "log"), [(old_qt_levels, qt_log), (old_js_levels, js_log)],
                         ids=["qtdoppelkopf", "jsdoppelkopf"])
def test_the_step_count_tells_the_old_quadratic_walks_apart(
        walk: Callable[[Sequence[Any]], Any], log: Callable[[int], list[Any]]) -> None:
    assert steps(walk, log(120)) > 8 * steps(walk, log(30))
