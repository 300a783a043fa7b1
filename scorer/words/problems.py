"""What the core refuses, in the reader's language: the message of an ``InvalidInput``
problem (``(field, message)``), which the core says in German (marked with its own ``N_``, or
a :class:`scorer.core.rules.Said` that keeps the German it was made from and its values).

Pure: the standard library, the core and the words package.

>>> from scorer.core.rules import Said
>>> problem_text(Said("fehlt für %(names)s", names="Anna")), problem_text("unbekanntes Feld")
('fehlt für Anna', 'unbekanntes Feld')
"""

from __future__ import annotations

from scorer.core.rules import InvalidInput, Said
from scorer.words.i18n import _


def problem_text(message: str) -> str:
    """One problem's message in the language spoken now (German as the core said it)."""
    if isinstance(message, Said):
        return _(message.message) % message.values if message.values else _(message.message)
    return _(message)


def problems(err: InvalidInput) -> tuple[tuple[str, str], ...]:
    """Every (field, message) of ``err``, each message in the language spoken now."""
    return tuple((field, problem_text(message)) for field, message in err.problems)


def first_problem(err: InvalidInput) -> str:
    """The first problem's message in the language spoken now (``err.message`` translated)."""
    return problem_text(err.problems[0][1])


__all__ = ["first_problem", "problem_text", "problems"]
