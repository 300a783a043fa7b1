"""Names people type for a Runde or a player: composed, trimmed, and visible.

A list of players must never show an "empty" name, two names that look the same, or a
name that turns the text after it around. So every name that is stored passes
:func:`clean_name`: Unicode NFC (a precomposed "ë" and "e" + combining diaeresis are one
name), blanks at both ends dropped, and refused with a German message naming the field when
it holds a line break or another control character, a bidi control, an invisible format
character, or nothing visible at all; and the players of a Runde differ by more than case
(:func:`name_key`). The messages are marked for the catalog and keep their parts
(scorer.core.rules.Said), so scorer.words.problems says them in the reader's language.
Pure: imports only the standard library and the core.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from scorer.core.marked import N_
from scorer.core.rules import Said


class InvalidName(ValueError):
    """A name that is not stored; the message is German and names the field."""


@dataclass(frozen=True)
class NameField:
    """Where a name goes: its German label and the most characters it may have."""

    label: str
    max_length: int


RUNDE_NAME = NameField(Said(N_("Name der Runde")), 80)
PLAYER_NAME = NameField(Said(N_("Name")), 40)

BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                          "\u2066\u2067\u2068\u2069")
"""Arabic letter mark, LRM/RLM, embeddings and overrides, isolates (Unicode UAX #9)."""

JOINERS = frozenset("\u200c\u200d")
"""Zero-width (non-)joiners are format characters that some scripts and emoji need."""

BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
"""Fillers that count as letters or symbols but show nothing."""


def _is_tag(char: str) -> bool:
    # Tag characters spell out subdivision flags such as Scotland's after a black flag.
    return "\U000e0020" <= char <= "\U000e007f"


def _visible(char: str) -> bool:
    return unicodedata.category(char)[0] in "LNPS" and char not in BLANK_LETTERS


def clean_name(raw: str, field: NameField) -> str:
    """The name to store, or InvalidName.

    >>> clean_name("  Zoe\\u0308 ", PLAYER_NAME)
    'Zoë'
    >>> try:
    ...     clean_name("\\u202eanuA", PLAYER_NAME)
    ... except InvalidName as err:
    ...     print(err)
    Name darf keine Zeichen zur Schreibrichtung enthalten
    """
    name = unicodedata.normalize("NFC", raw).strip()
    label = field.label
    if not name:
        raise InvalidName(Said(N_("%(label)s fehlt"), label=label))
    categories = [unicodedata.category(c) for c in name]
    if any(cat in ("Cc", "Zl", "Zp", "Cs") for cat in categories):
        raise InvalidName(Said(N_("%(label)s darf keine Zeilenumbrüche oder Steuerzeichen "
                                  "enthalten"), label=label))
    if any(c in BIDI_CONTROLS for c in name):
        raise InvalidName(Said(N_("%(label)s darf keine Zeichen zur Schreibrichtung enthalten"),
                               label=label))
    if any(cat == "Cf" and c not in JOINERS and not _is_tag(c)
           for c, cat in zip(name, categories)):
        raise InvalidName(Said(N_("%(label)s darf keine unsichtbaren Zeichen enthalten"),
                               label=label))
    if not any(_visible(c) for c in name):
        raise InvalidName(Said(N_("%(label)s braucht mindestens ein sichtbares Zeichen"),
                               label=label))
    if len(name) > field.max_length:
        raise InvalidName(Said(N_("%(label)s darf höchstens %(max)s Zeichen lang sein"),
                               label=label, max=field.max_length))
    return name


def name_key(name: str) -> str:
    """What two names of one Runde must not share: "Anna" and "anna" are one player.

    >>> name_key("Anna") == name_key("ANNA"), name_key("Straße") == name_key("STRASSE")
    (True, True)
    """
    return name.casefold()
