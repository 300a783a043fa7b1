"""What the import of another app's file says around the importers' own refusals: the
preview's notes, the upload page's flashes, the ``flask import`` command's terminal text.
The importers (scorer.importers) say their refusals themselves through scorer.words.i18n,
where the problem is found. Pure: the standard library, the core and the words only.

>>> from scorer.words.i18n import speaking
>>> grouped(50000), grouped(20)
('50.000', '20')
>>> with speaking("en"):
...     grouped(50000)
'50,000'
"""

from __future__ import annotations

import datetime as dt

from scorer.words import formats
from scorer.words.formats import decimal_symbol
from scorer.words.i18n import N_, _, ngettext, pgettext


def grouped(count: int) -> str:
    """A whole number with the language's thousands separator: "50.000" / "50,000"."""
    separator = "." if decimal_symbol() == "," else ","
    return f"{count:,}".replace(",", separator)


__all__ = ["grouped"]


# ------------------------------------------------------------------ counts and the summary


def evenings(count: int) -> str:
    """"1 Abend", "3 Abende"."""
    return ngettext("%(count)s Abend", "%(count)s Abende", count) % {"count": count}


def games(count: int) -> str:
    """"1 Spiel", "19 Spiele"."""
    return ngettext("%(count)s Spiel", "%(count)s Spiele", count) % {"count": count}


def players(count: int) -> str:
    """"1 Spieler", "5 Spieler"."""
    return ngettext("%(count)s Spieler", "%(count)s Spieler", count) % {"count": count}


def table_changes(count: int) -> str:
    """"1 Tischwechsel", "2 Tischwechsel"."""
    return ngettext("%(count)s Tischwechsel", "%(count)s Tischwechsel", count) % {"count": count}


def summary(file_name: str, source: str, evening_count: int, game_count: int,
            player_count: int) -> str:
    """What a file holds: "„x.json“ (Bockzettel): 3 Abende, 19 Spiele, 5 Spieler"."""
    return _("„%(file)s“ (%(source)s): %(evenings)s, %(games)s, %(players)s") % {
        "file": file_name, "source": source, "evenings": evenings(evening_count),
        "games": games(game_count), "players": players(player_count)}


MODES = {"recorded": N_("wie eingetragen"), "rescored": N_("neu gewertet")}
"""The two ways a Bockzettel file comes over (scorer.importers.ImportMode's values), in the
preview's words."""

MODE_HINTS = {"recorded": N_("jedes Spiel mit den Punkten, die Bockzettel zeigte"),
              "rescored": N_("die Spiele nach euren Hausregeln gezählt")}
"""What each way means, beside it on the preview."""


def mode(value: str) -> str:
    """How the games come over: "wie eingetragen", "neu gewertet"."""
    return _(MODES[value])


def mode_choice(value: str) -> str:
    """A way with what it means: "wie eingetragen: jedes Spiel mit den Punkten, …"."""
    return _("%(mode)s: %(hint)s") % {"mode": mode(value), "hint": _(MODE_HINTS[value])}


def mode_heading(value: str) -> str:
    """A way as the heading of a column of totals: "Wie eingetragen", "Neu gewertet"."""
    return {"recorded": _("Wie eingetragen"), "rescored": _("Neu gewertet")}[value]


def file_without_name() -> str:
    """The name of an uploaded file that came without one."""
    return _("Datei")


# ------------------------------------------------------------------ the preview's refusals


def date_missing(place: str) -> str:
    return _("%(place)s: die Datei nennt kein Datum – bitte angeben") % {"place": place}


def nothing_new() -> str:
    return _("jeder Abend dieser Datei ist schon in der Runde (gleiches Datum, gleiche "
             "Spiele): nichts zu importieren")


def imported_before(on: dt.date, evening_count: int, game_count: int) -> str:
    return _("diese Datei ist am %(date)s schon in diese Runde importiert worden (%(evenings)s, "
             "%(games)s)") % {"date": formats.date(on), "evenings": evenings(evening_count),
                              "games": games(game_count)}


def not_in_file(name: str) -> str:
    return _("„%(name)s“ kommt in der Datei nicht vor") % {"name": name}


def runde_changed(stale: str) -> str:
    """The Runde changed between preview and import (``stale``: the services' own words)."""
    return _("Die Runde wurde %(stale)s") % {"stale": stale}


def importing_already() -> str:
    return _("diese Datei wird gerade schon importiert")


# ------------------------------------------------------------------ the preview's notes


def bock_lapses() -> str:
    return _("Bockspiele am Ende eines importierten Abends verfallen (die Datei gibt keine an "
             "den nächsten Abend weiter), auch wenn eure Hausregeln sie anders behandeln.")


def numbered_after(numbers: int, newest: dt.date, oldest: dt.date) -> str:
    """Older evenings imported into a Runde that has newer ones: their numbers come after."""
    return _("Die Runde hat schon Abende bis Abend %(number)s (zuletzt am %(newest)s). Die "
             "importierten Abende bekommen die Nummern danach, auch die älteren (ab "
             "%(oldest)s): die Nummer eines Abends ist seine Adresse und bleibt. Die Liste der "
             "Runde, Saisons, Statistik und Bestenliste ordnen nach Datum.") % {
        "number": numbers, "newest": formats.date(newest), "oldest": formats.date(oldest)}


def seasons_skipped(names: list[str]) -> str:
    return _("Nicht übernommen, weil die Runde schon eine Saison mit diesem Namen oder Anfang "
             "hat: %(seasons)s.") % {"seasons": ", ".join(f"„{n}“" for n in names)}


def origin(source: str, file_name: str, on: dt.date) -> str:
    """Where an imported evening or entry came from, as the Verlauf says it."""
    return _("importiert aus %(source)s, Datei „%(file)s“, am %(date)s") % {
        "source": source, "file": file_name, "date": formats.date(on)}


# ------------------------------------------------------------------ the upload page


def preview_form_words() -> dict[str, str]:
    """The preview form's own labels."""
    return {"new": _("neu anlegen"), "mode": _("Wie sollen die Spiele kommen?"),
            "take_rules": _("Die Hausregeln der Sicherung übernehmen"),
            "unknown": _("unbekannter Spieler"),
            "bock": _("Welchen Bock-Modus hatte Bockzettel eingestellt?")}


def source_bock_choice(value: str) -> str:
    """One of Bockzettel's Bock modes as a choice of the preview (and of ``--bock``)."""
    if value == "doppelbock":
        return _("Doppelbock, solange zwei Bockrunden zugleich offen sind")
    return _("einfachen Bock, solange eine Bockrunde offen ist (Bockzettels Voreinstellung)")


def source_bock_cli() -> str:
    """The command line's word where the file does not say Bockzettel's Bock mode."""
    return _("Die Datei speichert Bockzettels Bock-Modus nicht, und er ändert Summen: mit "
             "--bock doppelbock wählen, falls Bockzettel so eingestellt war.")


def source_bock_hint() -> str:
    """Why the preview asks for Bockzettel's Bock mode."""
    return _("Die Datei speichert Bockzettels Einstellungen nicht, und bei mindestens einem "
             "Abend ergibt der Bock-Modus andere Summen. Die Summen unten folgen der Wahl.")


def retired(name: str) -> str:
    """A player of the Runde who retired, as a choice: "Anna (ausgeschieden)"."""
    return _("%(name)s (ausgeschieden)") % {"name": name}


def date_of(place: str) -> str:
    """The label of an evening's date the file does not give."""
    return _("Datum: %(place)s") % {"place": place}


def too_large() -> tuple[str, str]:
    """A file beyond what the upload reads: the error page's title and message."""
    return _("Datei zu groß"), _("Die Datei ist zu groß: Dateien ab 20 MB werden nicht "
                                 "gelesen. Es wurde nichts gespeichert.")


def upload_gone() -> str:
    return _("Die hochgeladene Datei ist nicht mehr da (sie wartet 12 Stunden, und nur die drei "
             "neuesten je Runde). Bitte noch einmal auswählen.")


def imported(file_name: str, evening_count: int, game_count: int, skipped: int) -> str:
    """The flash after the import: what came in, and how many evenings were there already."""
    done = {"file": file_name, "evenings": evenings(evening_count), "games": games(game_count)}
    if not skipped:
        return _("Importiert aus „%(file)s“: %(evenings)s, %(games)s.") % done
    return ngettext("Importiert aus „%(file)s“: %(evenings)s, %(games)s; %(num)d Abend war "
                    "schon da.",
                    "Importiert aus „%(file)s“: %(evenings)s, %(games)s; %(num)d Abende waren "
                    "schon da.", skipped) % {**done, "num": skipped}


def totals_column() -> str:
    """The heading of the totals as stored."""
    return pgettext("total", "Stand")


def places_differ(place: str, players: list[str]) -> str:
    """An evening whose places by the file's own totals are not those by the totals stored."""
    return _("%(place)s: nach den Summen der Datei stehen %(players)s auf anderen Plätzen als "
             "nach den übernommenen Punkten (beide Spalten unten).") % {
        "place": place, "players": ", ".join(players)}


def file_column() -> str:
    """The heading of the totals the source app showed."""
    return _("laut Datei")


# ------------------------------------------------------------------ the flask import command

COMMAND_HELP = {
    "command": N_("Abende aus einer Datei (Bockzettel, QtDoppelKopf, jsdoppelkopf, Tabelle als "
                  "CSV oder XLSX, Doko-Zettel-Sicherung) in eine Runde importieren."),
    "runde": N_("Bearbeiten-Link der Runde (oder nur sein Schlüssel nach /r/)"),
    "dry_run": N_("nur die Vorschau zeigen, nichts speichern"),
    "map": N_("einen Namen der Datei einem Spieler der Runde zuordnen, z. B. \"Anna B.=Anna\" "
              "(ein neuer Name legt den Spieler so an); mehrmals möglich"),
    "as": N_("Bockzettel: Punkte wie eingetragen oder neu gewertet nach den Hausregeln"),
    "date": N_("Datum für Abende, zu denen die Datei keins nennt"),
    "take_rules": N_("Doko-Zettel-Sicherung: auch ihre Hausregeln übernehmen"),
    "bock": N_("Bockzettel-Bogen ohne Einstellungen: der Bock-Modus, den Bockzettel "
               "eingestellt hatte (sequential: einfacher Bock, die Voreinstellung; "
               "doppelbock)"),
}
"""The ``flask import`` command's help, by option (click reads it when the command is
defined: said in German, marked for the catalog)."""


def dry_run_done() -> str:
    return _("Probelauf: nichts gespeichert.")


def command_imported(evening_count: int, game_count: int) -> str:
    return _("Importiert: %(evenings)s, %(games)s.") % {"evenings": evenings(evening_count),
                                                        "games": games(game_count)}


def no_runde(link: str) -> str:
    return _("--runde: keine Runde mit diesem Link (%(link)s)") % {"link": link}


def read_link() -> str:
    return _("--runde: das ist der Lesen-Link; importieren geht nur mit dem Bearbeiten-Link der "
             "Runde")


def bad_map(value: str) -> str:
    return _("--map: „%(value)s“ hat nicht die Form Name=Name (z. B. \"Anna B.=Anna\")") % {
        "value": value}


def date_option(message: str) -> str:
    """A missing date, with the option that gives it."""
    return _("%(message)s (--date JJJJ-MM-TT)") % {"message": message}


def command_aborted() -> str:
    return _("Import abgebrochen: nichts gespeichert.")


def new_of(new: int) -> str:
    """How many of the file's evenings are new, when some are in the Runde already."""
    return _("%(new)s davon neu; die anderen sind schon in der Runde und werden übersprungen.") % {
        "new": new}


def remark(line: str) -> str:
    return _("Hinweis: %(line)s") % {"line": line}


def taken_as(value: str) -> str:
    return _("Übernommen: %(mode)s (--as %(value)s); die Summen unten auf beide Arten.") % {
        "mode": mode(value), "value": value}


def players_heading() -> str:
    return _("Spieler:")


def player_in_runde(name: str, arrow: str, player: str) -> str:
    return _("  %(name)s %(arrow)s %(player)s (in der Runde)") % {
        "name": name, "arrow": arrow, "player": player}


def player_added(name: str, player: str) -> str:
    if player != name:
        return _("  %(name)s: wird neu angelegt als „%(player)s“") % {"name": name,
                                                                     "player": player}
    return _("  %(name)s: wird neu angelegt") % {"name": name}


def evening_line(number: int | None, date: dt.date | None, place: str, game_count: int,
                 change_count: int, seats: list[str]) -> str:
    """One evening of the preview: "Abend 4 · 12.05.2026 (Bogen 1): 12 Spiele, am Tisch …"."""
    if number and date:
        when = _("Abend %(number)s · %(date)s") % {"number": number, "date": formats.date(date)}
    elif date:
        when = _("Abend am %(date)s") % {"date": formats.date(date)}
    else:
        when = _("Abend ohne Datum")
    what = games(game_count)
    if change_count:
        what = f"{what}, {table_changes(change_count)}"
    return _("%(evening)s (%(place)s): %(what)s, am Tisch %(players)s") % {
        "evening": when, "place": place, "what": what, "players": ", ".join(seats)}


def already_there(number: int | None) -> str:
    if number:
        return _("  schon in der Runde (Abend %(number)s): gleiches Datum, gleiche Spiele – "
                 "wird übersprungen") % {"number": number}
    return _("  schon in der Runde: gleiches Datum, gleiche Spiele – wird übersprungen")


def totals_heading() -> str:
    return _("Summen")


def seasons_line(seasons: list[tuple[str, dt.date]]) -> str:
    return _("Saisons: %(seasons)s") % {"seasons": ", ".join(
        _("%(season)s ab %(date)s") % {"season": name, "date": formats.date(start)}
        for name, start in seasons)}
