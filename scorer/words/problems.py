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
        if not message.values:
            return _(message.message)
        return _(message.message) % {key: problem_text(value) if isinstance(value, Said)
                                     else value for key, value in message.values.items()}
    return _(message)


def problems(err: InvalidInput) -> tuple[tuple[str, str], ...]:
    """Every (field, message) of ``err``, each message in the language spoken now."""
    return tuple((field, problem_text(message)) for field, message in err.problems)


def refusal_text(err: ValueError) -> str:
    """A refusal with one message (scorer.core.names.InvalidName) in the language spoken now.

    >>> from scorer.core.names import PLAYER_NAME, InvalidName, clean_name
    >>> try:
    ...     clean_name(" ", PLAYER_NAME)
    ... except InvalidName as err:
    ...     print(refusal_text(err))
    Name fehlt
    """
    message = err.args[0] if err.args else ""
    return problem_text(message) if isinstance(message, str) else str(err)


def not_a_whole_number(label: str) -> str:
    """What a number field says of text that is no whole number, naming itself (the entry
    form's bar shows the message away from its field)."""
    return _("%(label)s: eine ganze Zahl mit den Ziffern 0 bis 9 angeben") % {"label": label}


def first_problem(err: InvalidInput) -> str:
    """The first problem's message in the language spoken now (``err.message`` translated)."""
    return problem_text(err.problems[0][1])


__all__ = ["first_problem", "not_a_whole_number", "problem_text", "problems", "refusal_text"]
