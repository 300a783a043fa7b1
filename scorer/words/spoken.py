"""Words that are said each time they are read: a template global defined once, when the app
starts, that every page reads in its own language.

>>> from scorer.words.i18n import _
>>> word = Spoken(lambda: _("Hausregeln"))
>>> str(word), "%s" % word, list(Spoken(lambda: ("a", "b")))
('Hausregeln', 'Hausregeln', ['a', 'b'])
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any


class Spoken:
    """What ``say`` returns, asked anew whenever it is shown (``str``) or walked through
    (iteration): in the language spoken then. Not text itself, so a template escapes what it
    shows."""

    __slots__ = ("_say",)

    def __init__(self, say: Callable[[], Any]) -> None:
        self._say = say

    def __str__(self) -> str:
        return str(self._say())

    def __iter__(self) -> Iterator[Any]:
        return iter(self._say())

    def __repr__(self) -> str:
        return f"Spoken({self._say()!r})"


__all__ = ["Spoken"]
