"""What the club evening's backup and restore, round clock, paper fallback and annual ranking
(Vereinsmeisterschaft) say, in the language spoken now (issue 37). Pure: the standard library,
the core and the words only.

>>> clock_left(3600 + 125), clock_left(59), clock_left(-1)
('noch 1:02:05', 'noch 0:59', 'Zeit abgelaufen')
"""

from __future__ import annotations

from scorer.words.i18n import _, ngettext, pgettext

# ------------------------------------------------------------------ backup and restore


def backup_too_large(megabytes: int) -> str:
    return _("die Datei ist größer als %(size)s MB") % {"size": megabytes}


def backup_too_many_rows(count: int, most: int) -> str:
    return _("die Datei hat %(count)s Zeilen, höchstens %(most)s gehen") % {
        "count": count, "most": most}


def backup_not_one(count: int) -> str:
    """A file holding no tournament, or several (a whole database's backup)."""
    if count == 0:
        return _("keine Sicherung eines Turniers: die Datei enthält kein Turnier (eine "
                 "Runde sichert und lädt die Runde auf ihrer eigenen Seite)")
    return _("keine Sicherung eines Turniers: die Datei enthält %(count)s Turniere (eine "
             "Sicherung des ganzen Servers stellt „flask restore“ wieder her)") % {
        "count": count}


def backup_foreign_runden(count: int) -> str:
    return ngettext("%(count)s Runde der Datei ist kein Tisch des Turniers",
                    "%(count)s Runden der Datei sind keine Tische des Turniers",
                    count) % {"count": count}


def backup_foreign_evenings(count: int) -> str:
    return ngettext("%(count)s Abend der Datei gehört zu keinem Tisch des Turniers",
                    "%(count)s Abende der Datei gehören zu keinem Tisch des Turniers",
                    count) % {"count": count}


def backup_foreign_rows(table: str, count: int) -> str:
    return ngettext("%(table)s: %(count)s Zeile gehört nicht zu einem Turnier",
                    "%(table)s: %(count)s Zeilen gehören nicht zu einem Turnier",
                    count) % {"table": table, "count": count}


def backup_upload_gone() -> str:
    return _("die hochgeladene Datei ist nicht mehr da (nach zwei Stunden verfällt sie): "
             "bitte noch einmal hochladen")


def backup_no_file() -> str:
    return _("Datei: bitte eine Sicherung eines Turniers wählen")


def backup_refused(file_name: str) -> str:
    return _("„%(file)s“ wird nicht wiederhergestellt:") % {"file": file_name}


def restored(name: str) -> str:
    return _("„%(name)s“ ist wiederhergestellt: ein neues Turnier mit neuen Links. Diesen "
             "Link als Lesezeichen speichern.") % {"name": name}


# ------------------------------------------------------------------ the round clock


def _clock(seconds: int) -> str:
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def clock_left(seconds: int) -> str:
    """The time left of a round as the clock shows it; "Zeit abgelaufen" once it is over."""
    if seconds < 0:
        return clock_over()
    return _("noch %(time)s") % {"time": _clock(seconds)}


def clock_over() -> str:
    return _("Zeit abgelaufen")


def clock_saved(minutes: int | None) -> str:
    if minutes is None:
        return _("Die Rundenuhr ist aus.")
    return ngettext("Eine Runde dauert jetzt %(count)s Minute.",
                    "Eine Runde dauert jetzt %(count)s Minuten.", minutes) % {"count": minutes}


def round_minutes_range(most: int) -> str:
    """The core's ROUND_MINUTES (scorer.core.club) in the language spoken now."""
    return _("die Rundenzeit in Minuten zwischen 1 und %(most)s, oder leer für keine Uhr") % {
        "most": most}


def clock_minutes_field() -> str:
    return _("Rundenzeit in Minuten: bitte eine ganze Zahl, oder leer für keine Uhr")


# ------------------------------------------------------------------ paper


def paper_file(round_number: int, table: int | None) -> str:
    if table is None:
        return _("spielliste-runde-%(round)s.pdf") % {"round": round_number}
    return _("spielliste-runde-%(round)s-tisch-%(table)s.pdf") % {"round": round_number,
                                                                  "table": table}


def paper_sits_out(size: int) -> str:
    """Who sits out at a table of ``size`` (RULES.md §7)."""
    if size == 5:
        return _("Am Fünfertisch setzt der Geber aus.")
    if size == 6:
        return _("Am Sechsertisch setzen der Geber und der Platz vor ihm aus: es spielen die "
                 "vier Plätze nach dem Geber.")
    return ""


# ------------------------------------------------------------------ the annual ranking


def series_method(method: str) -> str:
    if method == "placement":
        return _("Platzierungspunkte (n + 1 − Platz je Abend)")
    return _("Summe der Abendwertungen")


def series_method_short(method: str) -> str:
    return _("PP") if method == "placement" else _("Summe")


def series_name_label() -> str:
    return _("Name der Vereinsmeisterschaft")


def series_made(name: str) -> str:
    return _("„%(name)s“ ist angelegt. Diesen Link als Lesezeichen speichern.") % {"name": name}


def series_added(name: str) -> str:
    return _("„%(name)s“ zählt jetzt mit.") % {"name": name}


def series_removed(name: str) -> str:
    return _("„%(name)s“ zählt nicht mehr mit.") % {"name": name}


def series_no_such_link() -> str:
    return _("link: kein Link eines Turniers (den Link der Turnierleitung oder der "
             "Rangliste einfügen)")


def series_has_it(name: str) -> str:
    return _("link: „%(name)s“ zählt schon mit") % {"name": name}


def series_full(most: int) -> str:
    return _("link: höchstens %(most)s Abende je Vereinsmeisterschaft") % {"most": most}


def series_unknown_method() -> str:
    return _("ranking: bitte eine Wertung wählen")


def series_saved() -> str:
    return _("Gespeichert.")


def series_file(stamp: str, extension: str) -> str:
    return _("vereinsmeisterschaft-%(stamp)s.%(ext)s") % {"stamp": stamp, "ext": extension}


def series_legend(method: str) -> str:
    if method == "placement":
        return _("Jeder Abend gibt seinen n Spielern n + 1 − Platz Punkte (RULES.md §11.1); "
                 "bei Gleichstand zählen die Punkte (Pkt), dann die gewonnenen Abende (Siege). "
                 "„–“: nicht dabei.")
    return _("Summe der Wertung jedes Abends (Tischpunkte oder Punkte, §11.3); bei "
             "Gleichstand zählen die Punkte (Pkt), dann die gewonnenen Abende (Siege). "
             "„–“: nicht dabei.")


def csv_rank() -> str:
    return pgettext("rank", "Platz")


def csv_name() -> str:
    return _("Name")


def csv_points() -> str:
    return _("Pkt")


def csv_won() -> str:
    return _("Siege")
