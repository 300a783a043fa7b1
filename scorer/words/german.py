"""Small pieces of German grammar the sentences share: a name's genitive, a list of names.

Pure: imports only the standard library.
"""

from __future__ import annotations

from collections.abc import Sequence


def genitive(name: str) -> str:
    """A name's German genitive: "Doras", "Bens", "Klaus’".

    >>> genitive("Dora"), genitive("Ben"), genitive("Klaus")
    ('Doras', 'Bens', 'Klaus’')
    """
    return name + ("’" if name[-1:].lower() in ("s", "ß", "x", "z") else "s")


def names(people: Sequence[str]) -> str:
    """Names (or any items) in a sentence: "Anna", "Anna und Ben", "Anna, Ben und Cem"."""
    if len(people) <= 1:
        return "".join(people)
    return f"{', '.join(people[:-1])} und {people[-1]}"


__all__ = ["genitive", "names"]
