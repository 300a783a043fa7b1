"""What the pages that enter and change an evening's entries say (a game, points entered, a
table change, a game a phone sends later, "Rückgängig"): their messages beside a field, their
flash messages and notices, and the choices worded in Python, in the language spoken now
(scorer.words.i18n). The words on the pages themselves are the templates'.

>>> from scorer.words.i18n import speaking
>>> with speaking("de"):
...     undone_offer("create", 9, False), after_label(3, 3, True), level_text("keine_90")
('Spiel 9 gespeichert.', 'jetzt, vor Spiel 4', 'keine 90')
"""

from __future__ import annotations

from scorer.words.i18n import N_, _, ngettext

# --------------------------------------------------------------------------- the game form

LEVEL_TEXT = {"none": "—", "keine_90": N_("keine 90"), "keine_60": N_("keine 60"),
              "keine_30": N_("keine 30"), "schwarz": N_("schwarz")}
"""The announcement ladder's bids on the entry form (the Ansage itself is the party's name)."""

FIELD_WORDS = {"eyes": N_("Augen"), "extras_re": N_("Sonderpunkte Re"),
               "extras_kontra": N_("Sonderpunkte Kontra"), "announced": N_("Ansagen")}
"""Names of problems the core reports for a group of the form's fields rather than one."""


def level_text(level: str) -> str:
    """A bid of the ladder: "keine 90" … "schwarz" ("—" for none)."""
    return _(LEVEL_TEXT[level]) if level != "none" else LEVEL_TEXT[level]


def field_words(name: str) -> str:
    """A group of fields the core names in a problem ("Augen"), or ``name`` itself."""
    return _(FIELD_WORDS[name]) if name in FIELD_WORDS else name


def trickless_question(party: str) -> str:
    """The schwarz question's refusal when it is left open where it counts (``party``: "Re"
    or "Kontra")."""
    return _("bitte angeben, ob %(party)s einen Stich gemacht hat (0 Augen gehen auch mit "
             "einem Stich aus vier Neunen)") % {"party": party}


def unknown_player() -> str:
    return _("unbekannter Spieler")


def eyes_missing(name: str) -> str:
    """A Hammelrennen player without Augen."""
    return _("Augen von %(name)s fehlen") % {"name": name}


# --------------------------------------------------------------------------- a game


def club_closed() -> str:
    """A tournament table's evening, closed with its round: only the organiser corrects."""
    return _("der Abend ist abgeschlossen, die Runde des Turniers beendet: korrigieren kann "
             "jetzt nur die Turnierleitung")


def game_deleted_elsewhere() -> str:
    return _("Dieses Spiel wurde gerade auf einem anderen Handy gelöscht.")


def game_deleted() -> str:
    return _("Dieses Spiel ist gelöscht.")


def game_deleted_already() -> str:
    return _("Dieses Spiel ist schon gelöscht.")


def game_stored_before(number: int) -> str:
    """A changed form sent again under the key of game ``number``: offered as a new game."""
    return _("Dieses Spiel ist schon gespeichert (Spiel %(number)d). Als neues Spiel "
             "eintragen?") % {"number": number}


def undone() -> str:
    return _("Rückgängig gemacht.")


UNDO_GAME = {"create": N_("Spiel %(number)d gespeichert."),
             "edit": N_("Spiel %(number)d geändert."),
             "delete": N_("Spiel %(number)d gelöscht."),
             "restore": N_("Spiel %(number)d wiederhergestellt.")}
"""What "Rückgängig" on the sheet says the last change of a game was, by its action."""
UNDO_TABLE = {"create": N_("Tischwechsel gespeichert."),
              "edit": N_("Tischwechsel geändert."),
              "delete": N_("Tischwechsel gelöscht."),
              "restore": N_("Tischwechsel wiederhergestellt.")}
"""The same for a table change."""


def undone_offer(action: str, number: int | None, table_change: bool) -> str:
    """What "Rückgängig" takes back: "Spiel 9 gespeichert.", "Tischwechsel gelöscht."."""
    if table_change:
        return _(UNDO_TABLE[action]) if action in UNDO_TABLE else f"Tischwechsel {action}."
    if action in UNDO_GAME:
        return _(UNDO_GAME[action]) % {"number": number}
    return f"Spiel {number} {action}."


# --------------------------------------------------------------------------- points entered


def points_not_whole(name: str) -> str:
    return _("Punkte für %(name)s: eine ganze Zahl angeben (z. B. −2 oder 6)") % {"name": name}


def points_problem(name: str, problem: str) -> str:
    """The core's problem with one player's points."""
    return _("Punkte für %(name)s: %(problem)s") % {"name": name, "problem": problem}


def too_few_points(typed: int) -> str:
    """Points typed for fewer than four players."""
    return ngettext("genau vier Spieler bekommen Punkte, hier sind es %(count)d: bei den "
                    "anderen eine Zahl eintragen (auch 0)",
                    "genau vier Spieler bekommen Punkte, hier sind es %(count)d: bei den "
                    "anderen eine Zahl eintragen (auch 0)", typed) % {"count": typed}


def too_many_points(typed: int) -> str:
    """Points typed for more than four players."""
    return _("genau vier Spieler bekommen Punkte, hier sind es %(count)d: die anderen Felder "
             "leer lassen. Strafpunkte für fünf Spieler lassen sich nicht als ein Spiel "
             "schreiben") % {"count": typed}


def points_stored_before(number: int) -> str:
    return _("Dieses Spiel ist schon gespeichert (Spiel %(number)d). Als neues Spiel "
             "eintragen? Dann noch einmal Speichern.") % {"number": number}


# --------------------------------------------------------------------------- a table change


def table_change_stored_before() -> str:
    return _("Dieser Tischwechsel ist schon gespeichert. Als weiteren speichern?")


def table_change_deleted() -> str:
    return _("Dieser Tischwechsel ist gelöscht.")


def table_change_deleted_already() -> str:
    return _("Dieser Tischwechsel ist schon gelöscht.")


def table_change_deleted_elsewhere() -> str:
    return _("Dieser Tischwechsel wurde gerade auf einem anderen Handy gelöscht.")


def new_player_first() -> str:
    """The new player chosen as dealer before a name is typed."""
    return _("erst den Namen des neuen Spielers eintragen")


def after_not_a_number() -> str:
    return _("die Nummer eines Spiels angeben (0: vor Spiel 1)")


def dealer_by_rule(suggested: str | None) -> str:
    """The dealer choice that leaves it to the rules, with the one they name."""
    if suggested:
        return _("nach der Regel: %(name)s") % {"name": suggested}
    return _("nach der Regel (wer dran wäre)")


def the_new_player() -> str:
    return _("der neue Spieler")


def after_label(after: int, games: int, new: bool) -> str:
    """A place of a table change: "jetzt, vor Spiel 4", "vor Spiel 1", "nach Spiel 3"."""
    if after == games and new:
        return _("jetzt, vor Spiel %(number)d") % {"number": games + 1}
    if after == 0:
        return _("vor Spiel 1")
    return _("nach Spiel %(number)d") % {"number": after}


# --------------------------------------------------------------------------- sent later, live


def not_a_waiting_game() -> str:
    return _("Das ist kein wartendes Spiel.")


def other_game_under_key(number: int) -> str:
    """A game sent later under a key that stored another game."""
    return _("Unter diesem Schlüssel ist schon ein anderes Spiel gespeichert (Spiel "
             "%(number)d).") % {"number": number}


def no_such_evening() -> str:
    return _("Diesen Abend gibt es unter diesem Link nicht (mehr).")


__all__ = ["FIELD_WORDS", "LEVEL_TEXT", "UNDO_GAME", "UNDO_TABLE", "after_label",
           "after_not_a_number", "club_closed", "dealer_by_rule", "eyes_missing", "field_words",
           "game_deleted", "game_deleted_already", "game_deleted_elsewhere", "game_stored_before",
           "level_text", "new_player_first", "no_such_evening", "not_a_waiting_game",
           "other_game_under_key", "points_not_whole", "points_problem", "points_stored_before",
           "table_change_deleted", "table_change_deleted_already",
           "table_change_deleted_elsewhere", "table_change_stored_before", "the_new_player",
           "too_few_points", "too_many_points", "trickless_question", "undone", "undone_offer",
           "unknown_player"]
