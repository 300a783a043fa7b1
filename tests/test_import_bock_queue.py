"""The Bock queue of QtDoppelKopf and jsdoppelkopf files is walked in linear time (issue 36:
a 32 KB .qdk of many Bock events took 25 s to preview) and still gives every deal the level
the apps give it: the new walk is compared with the old one, slot by slot, on random logs."""

from __future__ import annotations

import signal
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

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


class TooSlow(Exception):
    pass


@contextmanager
def at_most(seconds: float) -> Iterator[None]:
    """Stop the block after ``seconds`` (a regression fails instead of running for minutes)."""
    def stop(_signum: int, _frame: Any) -> None:
        raise TooSlow(f"more than {seconds} s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def many_events(walk: Callable[[Sequence[Any]], Any], log: list[Any]) -> float:
    started = time.perf_counter()
    with at_most(2.0):
        walk(log)
    return time.perf_counter() - started


def test_a_qtdoppelkopf_log_of_nine_events_per_deal_is_walked_in_linear_time() -> None:
    # QtDoppelKopf's most: 9 events a deal; the queue ahead grows by 9 × 4 slots a deal and
    # the old walk crossed all of it for every event.
    log: list[Any] = [table(4)] + [_Deal("", {}, 9, length=4, mandatory=k % 50 == 0)
                                   for k in range(5_000)]
    assert many_events(qt_levels, log) < 0.5


def test_a_jsdoppelkopf_log_of_many_events_is_walked_in_linear_time() -> None:
    log: list[Any] = [table(4)]
    for k in range(5_000):
        log.append(_Deal("", {}, 9))
        if k % 50 == 0:
            log.append(_Trigger(""))
    assert many_events(js_levels, log) < 0.5

