"""The evening's sheet in the reader's language: what the sheet page, its history and the
printed sheet say around the rows (the rows themselves are ``scorer.words.rows``'s).

>>> game_title("create", 14, 15), table_title("edit", 4, 5, 3)
('Spiel 14 eingetragen (damals Spiel 15)', 'Tischwechsel nach Spiel 4 geändert (damals nach Spiel 5, vorher nach Spiel 3)')
>>> games_played(1, None), games_played(24, 24), final_label()
('1 Spiel', '24 Spiele (geplant: 24)', 'Endstand')
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from scorer.words import formats
from scorer.words.i18n import N_, _, language, ngettext, pgettext

# ------------------------------------------------------------------ the sheet page


def evening_begins(number: int) -> str:
    """The flash of a new evening."""
    return _("Abend %(number)s beginnt. Gut Blatt!") % {"number": number}


def evening_closed(closed: bool) -> str:
    """The flash after closing or reopening an evening."""
    return _("Abend abgeschlossen.") if closed else _("Abend wieder geöffnet.")


def first_dealer_default() -> str:
    """The first-dealer choice that means whoever sits in seat 1."""
    return _("wer auf Platz 1 sitzt")


def who_is_here() -> str:
    """The new evening's question of who came, as the list of problems names it."""
    return _("Wer ist da?")


# ------------------------------------------------------------------ the history

GAME_ACTIONS = {
    "create": N_("Spiel %(number)s eingetragen"),
    "edit": N_("Spiel %(number)s geändert"),
    "delete": N_("Spiel %(number)s gelöscht"),
    "restore": N_("Spiel %(number)s wiederhergestellt"),
}
"""A game's change in the history, by what was done."""
TABLE_ACTIONS = {
    "create": N_("Tischwechsel %(where)s eingetragen"),
    "edit": N_("Tischwechsel %(where)s geändert"),
    "delete": N_("Tischwechsel %(where)s gelöscht"),
    "restore": N_("Tischwechsel %(where)s wiederhergestellt"),
}
"""A table change's change in the history, by what was done."""


def after(games: int) -> str:
    """Where a table change stands: "nach Spiel 3", "vor Spiel 1"."""
    return _("nach Spiel %(number)s") % {"number": games} if games else _("vor Spiel 1")


def game_title(action: str, now: int, then: int) -> str:
    """"Spiel 4 geändert"; with the number it had then where it has moved since: "Spiel 14
    eingetragen (damals Spiel 15)"."""
    title = (_(GAME_ACTIONS[action]) % {"number": now} if action in GAME_ACTIONS
             else _("Spiel %(number)s") % {"number": now} + " " + action)
    if then != now:
        title += " (" + _("damals Spiel %(number)s") % {"number": then} + ")"
    return title


def table_title(action: str, now: int, then: int, before: int | None = None) -> str:
    """"Tischwechsel nach Spiel 4 geändert (damals nach Spiel 5, vorher nach Spiel 3)":
    ``then`` where it stood when changed, ``before`` where it stood before an edit moved it
    (None: not moved)."""
    where = after(now)
    title = (_(TABLE_ACTIONS[action]) % {"where": where} if action in TABLE_ACTIONS
             else " ".join([_("Tischwechsel"), where, action]))
    notes = [_("damals %(where)s") % {"where": after(then)}] if then != now else []
    if before is not None:
        notes.append(_("vorher %(where)s") % {"where": after(before)})
    return title + (f" ({', '.join(notes)})" if notes else "")


def restored(table: bool, number: int) -> str:
    """The flash after bringing back a game or a table change."""
    if table:
        return _("Tischwechsel wiederhergestellt.")
    return _("Spiel %(number)s wiederhergestellt.") % {"number": number}


def when(moment: dt.datetime) -> str:
    """When a change was made, as the history lists it: "28.11. 21:05" / "28 Nov 21:05"."""
    return f"{formats.day(moment.date())} {formats.time(moment.time())}"


# ------------------------------------------------------------------ the printed sheet


def printed_title(group: str, number: int) -> str:
    """The printed sheet's title: "Donnerstagsrunde · Abend 12"."""
    return _("%(group)s · Abend %(number)s") % {"group": group, "number": number}


THOUSANDS = {"de": ".", "en": ","}
"""The thousands separator of each language (a count: scorer.words.formats writes no count
with thousands yet)."""


def count(value: int) -> str:
    """A count with the language's thousands: "1.234" / "1,234"."""
    return f"{value:,}".replace(",", THOUSANDS.get(language(), "."))


def printed_date(date: dt.date | str | None) -> str:
    """The evening's date as the printed sheet heads it: "Samstag, 28.11.2026"; a string is
    printed as given."""
    if date is None or isinstance(date, str):
        return date or ""
    return formats.weekday_date(date)


def games_played(games: int, planned: int | None) -> str:
    """"24 Spiele (geplant: 24)", "1 Spiel"."""
    text = ngettext("%(num)d Spiel", "%(num)d Spiele", games) % {"num": games}
    if planned is not None:
        text += " " + _("(geplant: %(planned)s)") % {"planned": planned}
    return text


def final_label(last: int | None = None) -> str:
    """The label of the sheet's last row: "Endstand", or for a part of a long evening that
    ends before its last game "Stand nach Spiel 500" (``last``)."""
    return _("Endstand") if last is None else total_after(last)


def total_after(game: int) -> str:
    """"Stand nach Spiel 500": the totals a part of a long evening ends or starts with."""
    return pgettext("total", "Stand nach Spiel %(number)s") % {"number": game}


def part_title(number: int, of: int, first: int, last: int) -> str:
    """"Teil 2 von 3 · Spiele 501–1000"."""
    return _("Teil %(part)s von %(of)s · Spiele %(first)s–%(last)s") % {
        "part": number, "of": of, "first": first, "last": last}


def pending_bock(after_game: int, queue: str) -> str:
    """The row under the last game with the Bock games still to come: "Offen nach Spiel 12:
    2× Bock"."""
    return pgettext("pending", "Offen nach Spiel %(number)s: %(bock)s") % {
        "number": after_game, "bock": queue}


def pflicht_lines(played: Sequence[tuple[str, int]], owed: Sequence[str],
                  dropped: Sequence[tuple[str, int]]) -> list[str]:
    """The printed sheet's note on the mandatory solos: who played one (in which game), who
    owes one, whose went when they left."""
    names = [_("%(player)s (Spiel %(number)s)") % {"player": p, "number": n} for p, n in played]
    out = [_("Gespielt: %(players)s") % {"players": ", ".join(names) if names
                                          else _("noch keins")}]
    out.append(pgettext("owed", "Offen: %(players)s") % {"players": ", ".join(owed)}
               if owed else _("Alle Pflichtsoli gespielt"))
    if dropped:
        gone = [_("%(player)s (ging nach Spiel %(number)s)") % {"player": p, "number": n}
                for p, n in dropped]
        out.append(_("Entfallen: %(players)s") % {"players": ", ".join(gone)})
    return out


def not_rendered(name: str, error: BaseException) -> str:
    """The log's line when a printed sheet could not be made."""
    return _("Zettel %(name)s nicht erstellt: %(error)r") % {"name": name, "error": error}


COLUMN_HEADS = {"number": N_("Nr."), "value": N_("Wert")}
"""The printed game table's narrow columns' heads (number and dealer; value and Bock), in
German: their columns are at least as wide as the German heads need, wider where a language's
head is longer."""


def column_heads() -> dict[str, str]:
    """The printed game table's narrow columns' heads, said."""
    return {key: _(head) for key, head in COLUMN_HEADS.items()}


def sitting_out() -> str:
    """A player's cell in a game the player sat out (sheet, PDF, CSV): "aus"."""
    return pgettext("sits out", "aus")


__all__ = ["COLUMN_HEADS", "GAME_ACTIONS", "TABLE_ACTIONS", "THOUSANDS", "after", "column_heads", "count",
           "evening_begins", "evening_closed", "final_label", "first_dealer_default", "game_title", "games_played", "not_rendered",
           "part_title", "pending_bock", "pflicht_lines", "printed_date", "printed_title",
           "restored", "sitting_out", "table_title", "total_after", "when", "who_is_here"]
