"""A change that is not made: ``Refused`` with (field, message) pairs, the common
refusals (worded in scorer.words.refusals), and the core's refusal of a candidate entry (InvalidEvening)
turned into one naming the form's field, or the later entry that would stop adding up."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from scorer.core.evening import EveningSetup, InvalidEvening, Ledger, fold
from scorer.services.facts import is_table_change
from scorer.store.models import Game
from scorer.words import refusals as words
from scorer.words.refusals import CLOSED, FULL, STALE


class Refused(ValueError):
    """A change that is not made; ``problems`` are (field, message) pairs, in the language
    spoken when it was refused.

    ``field`` is a form field of the page that asked (or "" for the whole form).
    """

    def __init__(self, problems: Iterable[tuple[str, str]]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(f"{f}: {m}" if f else m for f, m in self.problems))


class NumberTaken(Refused):
    """A game sent as game ``number`` (entered offline, or while another phone was faster)
    would now be game ``now``: the table decides, nothing is stored."""

    def __init__(self, number: int, now: int, game: Game | None) -> None:
        self.number = number
        self.now = now
        self.game = game
        """The game that has the number now (None when the sheet has fewer games)."""
        super().__init__([("", words.number_taken(number, now, game is not None))])


def check_revision(current: int, sent: int) -> None:
    if current != sent:
        raise Refused([("", words.stale())])


def fold_checked(setup: EveningSetup, raws: Sequence[Any],
                  candidate: int | None) -> Ledger:
    return checked(lambda: fold(setup, raws), lambda: raws, candidate)


def checked(folding: Callable[[], Ledger], entries: Callable[[], Sequence[Any]],
             candidate: int | None) -> Ledger:
    """Run ``folding`` (of ``entries()``, the candidate at index ``candidate``); what the
    core refuses becomes Refused: the candidate's own fields, or which later entry would no
    longer add up."""
    try:
        return folding()
    except InvalidEvening as err:
        if err.index is not None and err.index == candidate:
            prefix = f"games[{candidate}]"
            raise Refused((_strip(f, prefix), m) for f, m in err.problems) from None
        if err.index is None:
            raise Refused([("", words.would_not_add_up(m, None))
                           for _, m in err.problems]) from None
        raws = entries()
        games = sum(1 for raw in raws[:err.index] if not is_table_change(raw))
        table_change = is_table_change(raws[err.index])
        raise Refused([("", words.would_not_add_up(m, games, table_change))
                       for _, m in err.problems]) from None


def _strip(field: str, prefix: str) -> str:
    if field == prefix:
        return ""
    return field.removeprefix(prefix + ".")


__all__ = ["CLOSED", "FULL", "STALE", "NumberTaken", "Refused", "check_revision", "checked",
           "fold_checked"]
