"""A change that is not made: ``Refused`` with (field, German message) pairs, the common
refusals in the table's words, and the core's refusal of a candidate entry (InvalidEvening)
turned into one naming the form's field, or the later entry that would stop adding up."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from scorer.core.evening import MAX_ENTRIES, EveningSetup, InvalidEvening, Ledger, fold
from scorer.core.rules import german_number
from scorer.services.facts import is_table_change
from scorer.store.models import Game


class Refused(ValueError):
    """A change that is not made; ``problems`` are (field, German message) pairs.

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
        super().__init__([("", f"Spiel {number} ist inzwischen eingetragen" if game else
                           f"Spiel {number} wäre jetzt Spiel {now}")])


STALE = "inzwischen geändert: bitte die Seite neu laden und noch einmal prüfen"

CLOSED = "der Abend ist abgeschlossen; zum Ändern erst wieder öffnen"

FULL = (f"höchstens {german_number(MAX_ENTRIES)} Einträge (Spiele und Tischwechsel) je Abend: "
        "für mehr einen neuen Abend beginnen")
"""The core's cap on an evening's entries (scorer.core.evening.MAX_ENTRIES), in the table's words."""


def check_revision(current: int, sent: int) -> None:
    if current != sent:
        raise Refused([("", STALE)])


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
        where = _entry_name(entries(), err.index) if err.index is not None else "Der Abend"
        raise Refused([("", f"{where} ginge danach nicht mehr auf: {m}")
                       for _, m in err.problems]) from None


def _entry_name(raws: Sequence[Any], index: int) -> str:
    """An entry as the sheet names it: "Spiel 5", "Der Tischwechsel nach Spiel 3"."""
    games = sum(1 for raw in raws[:index] if not is_table_change(raw))
    if is_table_change(raws[index]):
        return f"Der Tischwechsel nach Spiel {games}"
    return f"Spiel {games + 1}"


def _strip(field: str, prefix: str) -> str:
    if field == prefix:
        return ""
    return field.removeprefix(prefix + ".")
