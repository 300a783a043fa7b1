"""What the organiser's pages of a club evening tell after a change, and the choices and
form errors they word themselves (RULES.md §11.3), in the language spoken now
(scorer.words.i18n). Pure: standard library and core only.

>>> drawn(1, 42, 0)
'Runde 1 ausgelost (Startzahl 42).'
>>> drawn(2, 9, 6)
'Runde 2 ausgelost (Startzahl 9; 6 Paare sitzen wieder zusammen).'
>>> registered([1, 2, 3, 4, 5, 6], None), registered([10], 2)
('6 angemeldet (Nr. 1–6).', '1 angemeldet (Nr. 10), spielen ab Runde 2 mit.')
"""

from __future__ import annotations

from collections.abc import Sequence

from scorer.words.i18n import _, ngettext, pgettext

# ------------------------------------------------------------------ a new tournament


def created() -> str:
    return _("Turnier angelegt. Diese Adresse ist der Schlüssel der Turnierleitung: als "
             "Lesezeichen speichern. Jetzt die Spieler anmelden.")


def ddv_list_choice(games: int) -> str:
    """The rules choice "DDV-Liste" (the ddv preset, ``games`` at a table of four), short
    enough for a phone's select box; the form's hint says the rest."""
    return _("DDV-Liste (%(games)s Spiele)") % {"games": games}


def runde_rules_choice(runde: str) -> str:
    """The rules choice of a Runde's own house rules."""
    return _("Hausregeln der Runde „%(runde)s“") % {"runde": runde}


def choose_rules() -> str:
    return _("Regeln auswählen")


def ddv_list_games(games: int, planned: int | None, rules: str) -> str:
    """The DDV-Liste chosen with other planned games: what to choose instead (``rules``:
    the ddv rule set's name, as the choice says it)."""
    if planned is None:
        return _("Die DDV-Liste spielt %(games)s Spiele am Vierertisch (ein Fünfertisch 30). "
                 "Für eine andere Zahl unter „Regeln“ „%(rules)s“ wählen.") % {
            "games": games, "rules": rules}
    return _("Die DDV-Liste spielt %(games)s Spiele am Vierertisch (ein Fünfertisch 30). "
             "Für %(planned)s Spiele unter „Regeln“ „%(rules)s“ wählen: dieselben Regeln "
             "mit %(planned)s Spielen.") % {"games": games, "planned": planned,
                                           "rules": rules}


def bock_choices() -> list[tuple[str, str]]:
    """(value, label) of the tournament form's Bock choice: the rules' own Bock, none, or
    Bock rounds as the Bockrunde has them (RULES.md §7)."""
    return [("", _("wie die gewählten Regeln")), ("ohne", _("ohne Bock")),
            ("mit", _("mit Bock: bei 120:120, verlorenem Re oder Kontra und einem "
                      "0-Punkte-Spiel eine Bockrunde"))]


def rounds_label() -> str:
    """The tournament form's field of how many rounds are played."""
    return pgettext("round", "Runden")


def runde_players_label() -> str:
    """The registration form's players ticked from the tournament's Runde (a group)."""
    return pgettext("group", "Aus der Runde")


def rule_set_label() -> str:
    """The rules field's label on the settings page (a rule set, not the DDV-Liste)."""
    return _("Regelwerk")


def settings_saved() -> str:
    return _("Einstellungen gespeichert.")


# ------------------------------------------------------------------ rounds


def seated_choice(table: int, name: str) -> str:
    """A seated player in the swap's lists: "Tisch 2: Anna"."""
    return _("Tisch %(table)s: %(name)s") % {"table": table, "name": name}


def drawn(number: int, seed: int, repeats: int) -> str:
    """A round drawn, with its seed and how many pairs sit together again."""
    said = {"number": number, "seed": seed, "repeats": repeats}
    if not repeats:
        return _("Runde %(number)s ausgelost (Startzahl %(seed)s).") % said
    return ngettext("Runde %(number)s ausgelost (Startzahl %(seed)s; %(repeats)s Paar sitzt "
                    "wieder zusammen).",
                    "Runde %(number)s ausgelost (Startzahl %(seed)s; %(repeats)s Paare sitzen "
                    "wieder zusammen).", repeats) % said


def swapped(one: str, other: str) -> str:
    return _("%(one)s und %(other)s haben die Plätze getauscht.") % {"one": one, "other": other}


def started(number: int) -> str:
    return _("Runde %(number)s läuft. Gut Blatt!") % {"number": number}


def ended(number: int) -> str:
    return _("Runde %(number)s beendet: die gespielten Spiele zählen. Zu früh? „Runde "
             "%(number)s fortsetzen“ öffnet die Tische wieder.") % {"number": number}


def ended_finishing(number: int) -> str:
    return _("Runde %(number)s beendet. Angefangene Spiele dürfen noch eingetragen werden; "
             "danach schließt jeder Tisch von selbst.") % {"number": number}


def tables_closed(number: int) -> str:
    return _("Die Tische von Runde %(number)s sind geschlossen.") % {"number": number}


def resumed(number: int) -> str:
    return _("Runde %(number)s geht weiter: die Tische, die „Runde beenden“ geschlossen hat, "
             "sind wieder offen.") % {"number": number}


def reopened(number: int, table: int) -> str:
    return _("Runde %(number)s, Tisch %(table)s ist wieder offen: korrigieren, dann „Abend "
             "abschließen“. Die Rangliste rechnet mit.") % {"number": number, "table": table}


# ------------------------------------------------------------------ registrations


def registered(numbers: Sequence[int], from_round: int | None) -> str:
    """Players registered with these start numbers; from round ``from_round`` on when a
    round has started (else None)."""
    if len(numbers) == 1:
        span = _("Nr. %(number)s") % {"number": numbers[0]}
    else:
        span = _("Nr. %(first)s–%(last)s") % {"first": numbers[0], "last": numbers[-1]}
    said = {"count": len(numbers), "numbers": span, "round": from_round}
    if from_round is None:
        return ngettext("%(count)s angemeldet (%(numbers)s).",
                        "%(count)s angemeldet (%(numbers)s).", len(numbers)) % said
    return ngettext("%(count)s angemeldet (%(numbers)s), spielen ab Runde %(round)s mit.",
                    "%(count)s angemeldet (%(numbers)s), spielen ab Runde %(round)s mit.",
                    len(numbers)) % said


def signed_off(name: str) -> str:
    """A player who was never drawn, no longer registered."""
    return _("%(name)s ist abgemeldet.") % {"name": name}


def leaves(name: str) -> str:
    return _("%(name)s geht: die gespielten Runden zählen, die übrigen fehlen.") % {
        "name": name}


def comes_back(name: str, number: int) -> str:
    return _("%(name)s spielt ab Runde %(number)s wieder mit.") % {"name": name,
                                                                      "number": number}


def renamed(name: str) -> str:
    return _("Umbenannt in %(name)s.") % {"name": name}


# ------------------------------------------------------------------ the ranking


def no_such_tournament() -> str:
    """The ranking's check for a link that names no tournament (any more)."""
    return _("Dieses Turnier gibt es unter diesem Link nicht (mehr).")
