"""What every importer needs: reading text and JSON with refusals in the reader's language
(German the source text, scorer.words.i18n), names, dates, notes.

Pure: imports only the standard library, the core and the words.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Iterable, Sequence
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from scorer.core.names import PLAYER_NAME, InvalidName, NameField, clean_name
from scorer.core.rules import shown
from scorer.core.scoring import MAX_NOTE
from scorer.importers.plan import MAX_GAMES, MAX_PROBLEMS, ImportRefused, refuse
from scorer.words.formats import signed
from scorer.words.i18n import _
from scorer.words.imports import grouped

try:
    HOME_ZONE: dt.tzinfo = ZoneInfo("Europe/Berlin")
except ZoneInfoNotFoundError:  # a machine without time zone data: dates by UTC
    HOME_ZONE = dt.UTC
"""Where the evenings were played: an instant in a file becomes a date here (a game at 00:30
belongs to the evening that began the day before only by the clock, not by this)."""


class Problems:
    """Problems collected across a file, refused together (at most MAX_PROBLEMS named)."""

    def __init__(self) -> None:
        self.items: list[tuple[str, str]] = []

    def add(self, place: str, message: str) -> None:
        if len(self.items) >= MAX_PROBLEMS:
            self.items.append(("", _("weitere Probleme nicht aufgeführt")))
            raise ImportRefused(self.items)
        self.items.append((place, message))

    def raise_if_any(self) -> None:
        if self.items:
            raise ImportRefused(self.items)


def quoted(text: str) -> str:
    """A name or value in the language's quotes („Anna“, “Anna”), bounded and escaped like
    the core's messages."""
    if len(text) <= 40 and text.isprintable():
        return _("„%(text)s“") % {"text": text}
    return shown(text)


def decode_text(data: bytes) -> tuple[str, list[str]]:
    """The file as text: UTF-8 (a BOM dropped), else Windows-1252 as Excel writes CSV on
    Windows (said in the returned warnings). A file with NUL bytes is no text."""
    utf16 = _utf16(data)
    if utf16 is not None:
        try:
            return data.decode(utf16), [_("Die Datei ist UTF-16-kodiert (so speichert Excel "
                                          "„Unicode-Text“); sie wurde so gelesen.")]
        except UnicodeDecodeError:
            raise refuse("", _("die Datei sieht nach UTF-16 aus, ist aber nicht lesbar "
                               "kodiert")) from None
    if b"\x00" in data[:4096]:
        raise refuse("", _("keine Textdatei (binärer Inhalt): erwartet wird JSON, CSV oder XLSX"))
    try:
        return data.decode("utf-8-sig"), []
    except UnicodeDecodeError:
        pass
    try:
        text = data.decode("cp1252")
    except UnicodeDecodeError:
        raise refuse("", _("die Datei ist weder UTF-8 noch Windows-1252 kodiert")) from None
    return text, [_("Die Datei ist nicht UTF-8-kodiert; sie wurde als Windows-1252 gelesen "
                    "(so speichert Excel CSV unter Windows).")]


def _utf16(data: bytes) -> str | None:
    """The codec of UTF-16 text (Excel's "Unicode-Text" export): by its byte order mark, or
    by a NUL beside every character of a start in Latin script; None for anything else."""
    if data.startswith(b"\xff\xfe"):
        return "utf-16"
    if data.startswith(b"\xfe\xff"):
        return "utf-16"
    start = data[:512]
    if len(start) >= 8 and len(start) % 2 == 0:
        if start[1::2].count(0) == len(start) // 2 and start[0::2].count(0) == 0:
            return "utf-16-le"
        if start[0::2].count(0) == len(start) // 2 and start[1::2].count(0) == 0:
            return "utf-16-be"
    return None


def load_json(text: str) -> Any:
    """Parse JSON, refusing in the reader's language: where it breaks, and a file that ends too early as cut
    off (a truncated download or copy)."""
    try:
        return json.loads(text)
    except RecursionError:
        raise refuse("", _("das JSON ist zu tief verschachtelt")) from None
    except json.JSONDecodeError as err:
        if not text[err.pos:].strip() or err.msg.startswith("Unterminated string"):
            raise refuse("", _("die Datei ist abgeschnitten: das JSON endet mitten im Inhalt "
                               "(Zeile %(line)s)") % {"line": err.lineno}) from None
        raise refuse("", _("kein gültiges JSON: Fehler in Zeile %(line)s, Spalte %(column)s")
                     % {"line": err.lineno, "column": err.colno}) from None
    except ValueError:
        # A number of more digits than int() reads (sys.get_int_max_str_digits, 4,300): no
        # file of games has one, and reading it further would cost quadratic time.
        raise refuse("", _("die Datei enthält eine zu lange Zahl")) from None


FILE_NAME = NameField(PLAYER_NAME.label, 200)
"""A player's name as a file writes it: longer than a Runde's names may be, so that the
preview can offer (and ``--map`` give) the shorter name it becomes; the name a player gets
in the Runde is checked against PLAYER_NAME there (services.imports.match_names)."""


def player_name(raw: Any, place: str) -> str:
    """A player's name as the file has it (NFC, trimmed, visible, at most 200 characters),
    or a refusal naming the place: a player without a name is not imported."""
    if not isinstance(raw, str) or not raw.strip():
        raise refuse(place, _("Spieler ohne Namen"))
    try:
        return clean_name(raw, FILE_NAME)
    except InvalidName as err:
        raise refuse(place, f"{quoted(raw)}: {err}") from None


def distinct_names(names: Sequence[str]) -> list[str]:
    """Names made distinct where two people of a file share one: "Anna", "Anna (2)"."""
    seen: dict[str, int] = {}
    out = []
    taken = set(names)
    for name in names:
        count = seen.get(name, 0) + 1
        seen[name] = count
        if count == 1:
            out.append(name)
            continue
        candidate = f"{name} ({count})"
        while candidate in taken:
            count += 1
            candidate = f"{name} ({count})"
        taken.add(candidate)
        out.append(candidate)
    return out


def parse_instant(raw: Any, place: str, field: str) -> dt.datetime:
    """An ISO 8601 time stamp (``2026-05-12T19:30:00.000Z``), or a refusal."""
    if not isinstance(raw, str):
        raise refuse(place, _("%(field)s fehlt oder ist kein Zeitpunkt") % {"field": field})
    text = raw.strip()
    if text.endswith(("Z", "z")):
        text = text[:-1] + "+00:00"
    try:
        instant = dt.datetime.fromisoformat(text)
    except ValueError:
        raise refuse(place, _("%(field)s: %(value)s ist kein gültiges Datum")
                     % {"field": field, "value": quoted(raw)}) from None
    if instant.tzinfo is None:
        instant = instant.replace(tzinfo=HOME_ZONE)
    return instant


def local_date(instant: dt.datetime) -> dt.date:
    """The calendar date of an instant where the table sat."""
    return instant.astimezone(HOME_ZONE).date()


def date_from_millis(value: float) -> dt.date:
    """The date of a JavaScript time stamp (milliseconds since 1970)."""
    return local_date(dt.datetime.fromtimestamp(value / 1000, dt.UTC))


_GERMAN_DATE = re.compile(r"(?<!\d)(\d{1,2})[.\-/](\d{1,2})[.\-/](\d{4}|\d{2})(?!\d)")
_ISO_DATE = re.compile(r"(?<!\d)(\d{4})-(\d{1,2})-(\d{1,2})(?!\d)")
_COMPACT_DATE = re.compile(r"(?<!\d)(20\d{2})(\d{2})(\d{2})(?!\d)")


def date_in_text(text: str) -> dt.date | None:
    """The first date written in ``text`` (2026-05-12, 12.05.2026, 12-05-2026, 12.05.26,
    20260512), or None; an impossible one (31.02.) does not count."""
    candidates: list[tuple[int, int, int, int]] = []
    for m in _ISO_DATE.finditer(text):
        candidates.append((m.start(), int(m[1]), int(m[2]), int(m[3])))
    for m in _GERMAN_DATE.finditer(text):
        year = int(m[3]) + (2000 if len(m[3]) == 2 else 0)
        candidates.append((m.start(), year, int(m[2]), int(m[1])))
    for m in _COMPACT_DATE.finditer(text):
        candidates.append((m.start(), int(m[1]), int(m[2]), int(m[3])))
    for _start, year, month, day in sorted(candidates):
        try:
            return dt.date(year, month, day)
        except ValueError:
            continue
    return None


def note_of(parts: Iterable[str | None]) -> str | None:
    """A game's note from its parts, joined and cut to the core's 200 characters; control
    characters (a line break in a source's comment) become spaces."""
    text = "; ".join(" ".join(p.split()) for p in parts if p and p.strip())
    text = "".join(c if c.isprintable() else " " for c in text)
    if not text:
        return None
    if len(text) > MAX_NOTE:
        text = text[:MAX_NOTE - 1].rstrip() + "…"
    return text


def check_game_count(count: int) -> None:
    """Refuse a file with more games than MAX_GAMES before its games are read one by one."""
    if count > MAX_GAMES:
        raise refuse("", _("zu viele Spiele: %(count)s (höchstens %(most)s je Datei)")
                     % {"count": grouped(count), "most": grouped(MAX_GAMES)})


def whole_number(value: Any) -> int | None:
    """A JSON number that is a whole number (3, 3.0), as int; None for anything else."""
    if type(value) is int:
        return value
    if type(value) is float and value.is_integer() and abs(value) < 2**53:
        return int(value)
    return None


__all__ = ["HOME_ZONE", "Problems", "check_game_count", "date_from_millis", "date_in_text",
           "decode_text", "distinct_names", "load_json", "local_date", "note_of",
           "parse_instant", "player_name", "quoted", "signed", "whole_number"]
