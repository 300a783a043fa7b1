"""Names cut short where a column is narrow, so that the players at a table stay apart.

A cut at a fixed width turns Markus and Martin into "Mar…" and "Mar…" (issue 25). Every
place that shortens a player's name asks here instead: the sheet's column heads and the
dealer under "Art", the PDF's dealer, the chart's legend. The shortest start of a name that
no other name at the table begins with, and never shorter than a few letters, so that it
still reads as the name. Pure: imports only the standard library.

>>> short_names(["Markus", "Martin", "Sabine", "Stefanie", "Annegret"])
{'Markus': 'Mark', 'Martin': 'Mart', 'Sabine': 'Sab', 'Stefanie': 'Ste', 'Annegret': 'Ann'}
>>> short_names(["Anna", "Ben", "Christoph", "Christian"])
{'Anna': 'Anna', 'Ben': 'Ben', 'Christoph': 'Christo', 'Christian': 'Christi'}
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence

LEAST = 3
"""Letters a short name keeps at least: "Sab" still reads as Sabine, "Sa" barely."""

_JOINERS = frozenset("\u200d\ufe0e\ufe0f")


def _joined(name: str, cut: int) -> bool:
    """Whether cutting ``name`` before position ``cut`` would split one visible character
    (a letter and its accent, an emoji and its modifier or joiner, a flag's two letters)."""
    if cut <= 0 or cut >= len(name):
        return False
    after, before = name[cut], name[cut - 1]
    if unicodedata.combining(after) or unicodedata.category(after) in ("Mn", "Mc", "Me"):
        return True
    if after in _JOINERS or before == "\u200d" or "\U0001f3fb" <= after <= "\U0001f3ff":
        return True
    if "\U000e0020" <= after <= "\U000e007f":  # tag characters of a subdivision flag
        return True
    regional = [c for c in name[:cut] if "\U0001f1e6" <= c <= "\U0001f1ff"]
    return "\U0001f1e6" <= after <= "\U0001f1ff" and len(regional) % 2 == 1


def unique_prefix(name: str, others: Iterable[str], least: int = LEAST) -> str:
    """The shortest start of ``name``, at least ``least`` letters, that none of ``others``
    begins with (upper and lower case alike); the whole name where only the whole name
    tells it apart, or where the cut would save a single letter."""
    folded = [other.casefold() for other in others if other != name]
    cut = min(least, len(name))
    while cut < len(name) and (_joined(name, cut) or any(
            other.startswith(name[:cut].casefold()) for other in folded)):
        cut += 1
    return name if cut >= len(name) - 1 else name[:cut]


def short_names(players: Sequence[str], least: int = LEAST) -> dict[str, str]:
    """Each player's :func:`unique_prefix` at this table."""
    return {name: unique_prefix(name, players, least) for name in players}


__all__ = ["LEAST", "short_names", "unique_prefix"]
