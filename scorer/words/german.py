"""Small pieces of grammar the sentences share: a name's genitive, a list of names, in the
language spoken now (German: "Doras", "Anna und Ben"; English: "Dora’s", "Anna and Ben").

Pure: imports only the standard library and the words package.
"""

from __future__ import annotations

from collections.abc import Sequence

from scorer.words.i18n import _, language


def genitive(name: str) -> str:
    """A name's genitive: "Doras", "Bens", "Klaus’" in German; "Dora’s", "Klaus’s" in English.

    >>> genitive("Dora"), genitive("Ben"), genitive("Klaus")
    ('Doras', 'Bens', 'Klaus’')
    """
    if language() == "en":
        return name + "’s"
    return name + ("’" if name[-1:].lower() in ("s", "ß", "x", "z") else "s")


def names(people: Sequence[str]) -> str:
    """Names (or any items) in a sentence: "Anna", "Anna und Ben", "Anna, Ben und Cem".

    >>> names(["Anna", "Ben", "Cem"])
    'Anna, Ben und Cem'
    """
    if len(people) <= 1:
        return "".join(people)
    return _("%(first)s und %(last)s") % {"first": ", ".join(people[:-1]), "last": people[-1]}


__all__ = ["genitive", "names"]
