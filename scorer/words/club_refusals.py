"""Why a club evening's change is refused (RULES.md §11.3), in the language spoken now
(scorer.words.i18n): the draw, a round's start and end, a table opened again, the settings and
the registrations; and the problems the core's club module names (scorer.core.club), which it
keeps in German. Pure: standard library and core only.

>>> from scorer.core.club import MAX_PLAYERS, MIN_PLAYERS, PLAYER_COUNT
>>> core_problem(PLAYER_COUNT % {"low": MIN_PLAYERS, "high": MAX_PLAYERS})
'4 bis 200 Spieler anmelden'
>>> on_line(3, already_registered("Anna")), on_line(0, "Name fehlt")
('Zeile 3: Anna ist schon angemeldet', 'Name fehlt')
"""

from __future__ import annotations

from collections.abc import Iterable

from scorer.core.club import MAX_PLAYERS, MIN_PLAYERS, PLAYER_COUNT
from scorer.words.i18n import _

_PLAYER_RANGE = {"low": MIN_PLAYERS, "high": MAX_PLAYERS}


def core_problem(message: str) -> str:
    """A problem the core's club module raised (scorer.core.club, German), in the language
    spoken now."""
    if message == PLAYER_COUNT % _PLAYER_RANGE:
        return _(PLAYER_COUNT) % _PLAYER_RANGE
    return _(message)


def core_problems(problems: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    """The core's (field, problem) pairs, each problem said in the language spoken now."""
    return [(field, core_problem(message)) for field, message in problems]


# ------------------------------------------------------------------ rounds


def all_rounds_begun() -> str:
    return _("alle Runden haben schon begonnen")


def seed_range(high: int) -> str:
    """A typed seed out of range."""
    return _("eine Zahl von 0 bis %(high)s") % {"high": high}


def round_problem(number: int, message: str) -> str:
    """A round's draw refused by the core: "Runde 2: 4 bis 200 Spieler anmelden"."""
    return _("Runde %(number)s: %(problem)s") % {"number": number,
                                                  "problem": core_problem(message)}


def round_begun(number: int) -> str:
    return _("Runde %(number)s hat schon begonnen") % {"number": number}


def round_not_begun(number: int) -> str:
    return _("Runde %(number)s hat noch nicht begonnen") % {"number": number}


def round_ended_already(number: int) -> str:
    return _("Runde %(number)s ist schon beendet") % {"number": number}


def round_not_ended(number: int) -> str:
    return _("Runde %(number)s ist nicht beendet") % {"number": number}


def round_still_running(number: int) -> str:
    """The next round cannot start yet."""
    return _("Runde %(number)s läuft noch: erst wenn jeder Tisch fertig ist oder die Runde "
             "beendet wurde") % {"number": number}


def not_drawn(names: Iterable[str]) -> str:
    """Registered since the draw (part of ``draw_changed``)."""
    return _("nicht ausgelost: %(names)s") % {"names": ", ".join(names)}


def drawn_but_gone(names: Iterable[str]) -> str:
    """Drawn, but gone since (part of ``draw_changed``)."""
    return _("ausgelost, aber nicht mehr dabei: %(names)s") % {"names": ", ".join(names)}


def draw_changed(changes: Iterable[str]) -> str:
    """A round that cannot start as drawn: who came or went since the draw."""
    return _("Seit der Auslosung hat sich die Anmeldung geändert (%(changes)s): bitte neu "
             "auslosen") % {"changes": "; ".join(changes)}


def cannot_resume(number: int) -> str:
    """``number`` ended, and the round after it started already."""
    return _("Runde %(next)s hat schon begonnen: Runde %(number)s lässt sich nicht mehr "
             "fortsetzen (einzelne Tische: „Tisch öffnen“)") % {"next": number + 1,
                                                                 "number": number}


def table_not_played() -> str:
    return _("dieser Tisch hat noch nicht gespielt")


# ------------------------------------------------------------------ settings


def planned_range(high: int) -> str:
    return _("zwischen 4 und %(high)s Spielen") % {"high": high}


def rounds_range(high: int) -> str:
    return _("zwischen 1 und %(high)s Runden") % {"high": high}


def choose_figure() -> str:
    return _("Tischpunkte oder Punkte wählen")


def absent_range(low: int, high: int) -> str:
    return _("zwischen %(low)s und %(high)s") % {"low": low, "high": high}


def unknown_preset() -> str:
    return _("unbekanntes Regelwerk")


def rules_fixed() -> str:
    return _("Regeln und geplante Spiele stehen fest, sobald die erste Runde begonnen hat")


def rounds_drawn(least: int) -> str:
    """Fewer rounds than have been drawn."""
    return _("mindestens %(least)s: so viele Runden sind schon ausgelost") % {"least": least}


# ------------------------------------------------------------------ registrations


def on_line(line: int, problem: str) -> str:
    """A problem of a typed line (numbered from 1; 0: a player ticked from the Runde)."""
    if not line:
        return problem
    return _("Zeile %(line)s: %(problem)s") % {"line": line, "problem": problem}


def already_registered(name: str) -> str:
    return _("%(name)s ist schon angemeldet") % {"name": name}


def listed_before(name: str, line: int) -> str:
    """The same name earlier in the typed list (``line``), or ticked from the Runde (0)."""
    if line:
        return _("%(name)s steht schon in Zeile %(line)s") % {"name": name, "line": line}
    return _("%(name)s ist schon aus der Runde angehakt") % {"name": name}


def no_name() -> str:
    return _("mindestens einen Namen angeben")


def too_many_players(most: int) -> str:
    return _("höchstens %(most)s Spieler je Turnier") % {"most": most}
