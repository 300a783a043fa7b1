"""What the phone's scripts say (static/js/*.js), in the language of the page.

The scripts hold no words of their own: every page carries these, translated by the server
for the request (templates/base.html puts :func:`page_words` into a ``<script
type="application/json" id="words">`` block), and static/js/words.js reads them by key.
A message is German with ``%(name)s`` placeholders, which the script fills in
(``DokoWords.say("live.taken", {number: 5})``); a message said for a count is a pair of
forms (the singular and the plural, ``DokoWords.count(key, n)``: the languages the app
speaks, German and English, take the singular for 1 only). The service worker has no page:
it is given :func:`worker_words` as it is served (scorer/web/server/pwa.py), and keeps the
"Keine Verbindung" page rendered in the device's language.

Said at run time (never at import), so each page reads its own language; kept per language,
since the same words are asked for by every page.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache

from scorer.words.i18n import _, language, ngettext

Words = dict[str, "str | list[str]"]


def _counted(said: Callable[[int], str]) -> list[str]:
    """Both forms of a message said for a count (``said``: the ngettext call for a count),
    for one and for more (the script picks one for its count)."""
    return [said(1), said(2)]


def script_words() -> Words:
    """Every message of the scripts by key, in the language spoken now."""
    return {
        # Shared: a game by its number, a list of names.
        "game": _("Spiel %(number)s"),
        "names.last": _("%(rest)s und %(last)s"),
        # draft.js: a half-entered game kept on the phone.
        "draft.begun": _("Spiel %(number)s ist auf diesem Handy angefangen (%(time)s): "
                         "%(link)s."),
        "draft.continue": _("weiter eintragen"),
        "draft.restored": _("Entwurf von %(time)s wiederhergestellt."),
        "draft.discard": _("Verwerfen"),
        # entry.js: the entry form.
        "entry.re.solo": _("Re: den Solisten antippen"),
        "entry.re.stille_hochzeit": _("Re: den Spieler mit beiden Kreuz-Damen antippen"),
        "entry.re.schwarze_sau": _("Re: wer die zweite Pik-Dame gestochen hat"),
        "entry.re.hochzeit": _("Re: den Hochzeiter und seinen Partner antippen (ohne Partner: "
                               "nur ihn)"),
        "entry.re.armut": _("Re: die Armut und wer sie genommen hat antippen"),
        "entry.caller.hochzeit": _("Wer hat die Hochzeit? (kann leer bleiben)"),
        "entry.caller.armut": _("Wer hatte die Armut? (kann leer bleiben; der andere hat sie "
                                "mitgenommen)"),
        "entry.who.auto": _("Wer spielt, ergibt der Zettel beim Senden"),
        "entry.who.ask": _("Wer spielt? Bitte vier antippen"),
        "entry.who.playing": _("Es spielen %(names)s"),
        "entry.who.out": _counted(lambda n: ngettext("%(names)s setzt aus",
                                                     "%(names)s setzen aus", n)),
        "entry.schwarz.question": _("%(party)s hat 0 Augen – mit Stich oder schwarz?"),
        "entry.schwarz.trick": _("mit Stich"),
        "entry.schwarz.none": _("schwarz (kein Stich)"),
        "entry.step.less": _("%(field)s weniger"),
        "entry.step.more": _("%(field)s mehr"),
        "entry.offline": _("Offline: die Punkte rechnet der Server, sobald das Spiel gesendet "
                           "ist."),
        # live.js: the sheet changed while the form was open.
        "live.discard": _("Verwerfen, zum Zettel"),
        "live.closed.title": _("Der Abend ist inzwischen abgeschlossen"),
        "live.closed.text": _("Zum Eintragen muss ihn erst jemand wieder öffnen."),
        # A club table whose round the organiser ended meanwhile.
        "live.closed.club.title": _("Die Runde ist inzwischen beendet"),
        "live.closed.club.text": _("Dieses Spiel lässt sich hier nicht mehr speichern. Ob "
                                   "es noch zählt, entscheidet die Turnierleitung: sie kann "
                                   "den Tisch wieder öffnen."),
        "live.to_sheet": _("Zum Zettel"),
        "live.taken.title": _("Spiel %(number)s ist inzwischen eingetragen"),
        "live.moved.title": _("Auf dem Zettel hat sich etwas geändert"),
        "live.taken.text": _("Ein anderes Handy hat Spiel %(number)s gespeichert, während du es "
                             "eingetragen hast. Ist es dasselbe Spiel, verwirf deins; sonst "
                             "wird deins Spiel %(now)s."),
        "live.moved.text": _("Dein Spiel wäre jetzt Spiel %(now)s (ein Spiel wurde gelöscht)."),
        "live.players": _("Wer spielt, war für Spiel %(number)s vorausgewählt: bitte prüfen."),
        "live.save_as": _("Meins als Spiel %(now)s speichern"),
        # live.js: what a screen reader is told when the sheet changed on another phone.
        "live.told.new": _("Spiel %(number)s eingetragen"),
        "live.told.changed": _("Der Zettel wurde geändert"),
        # offline.js: the page without a connection, and the games waiting on the phone.
        "offline.as_of.today": _("offline – Stand von %(time)s"),
        "offline.as_of.day": _("offline – Stand vom %(day)s.%(month)s. %(time)s"),
        "offline.new_games_wait": _("Neue Spiele warten auf dem Handy, bis die Verbindung "
                                    "wieder da ist."),
        "offline.slow": _("Langsame Verbindung: der Server antwortet spät, aber er antwortet."),
        "offline.saving_slowly": _("Wird gespeichert – der Server antwortet langsam. Bitte "
                                   "warten: doppelt gespeichert wird nichts."),
        "offline.on_phone": _counted(lambda n: ngettext(
            "%(count)s Spiel auf diesem Handy", "%(count)s Spiele auf diesem Handy", n)),
        "offline.unanswered": _counted(lambda n: ngettext(
            "%(count)s Spiel: Antwort des Servers steht aus",
            "%(count)s Spiele: Antwort des Servers steht aus", n)),
        "offline.waiting": _counted(lambda n: ngettext(
            "%(count)s Spiel wartet auf Verbindung", "%(count)s Spiele warten auf Verbindung", n)),
        "offline.points_later": _counted(lambda n: ngettext(
            "Die Punkte rechnet der Server, sobald es gesendet ist; der Zettel darunter zeigt "
            "den Stand ohne sie.",
            "Die Punkte rechnet der Server, sobald sie gesendet sind; der Zettel darunter zeigt "
            "den Stand ohne sie.", n)),
        "offline.item": _("Spiel %(number)s: %(text)s"),
        "offline.item.unsettled": _("Spiel %(number)s – ungeklärt: %(text)s"),
        "offline.item.sent": _("Spiel %(number)s – gesendet, Antwort steht aus: %(text)s"),
        "offline.sent_slowly": _("Gesendet, als der Server langsam antwortete: vielleicht ist es "
                                 "schon gespeichert. Es wird nicht doppelt gespeichert: es geht "
                                 "noch einmal hinaus, und der Zettel zeigt es einmal."),
        "offline.taken.title": _("Spiel %(number)s gibt es schon"),
        "offline.taken.text": _("Ein anderes Handy hat Spiel %(number)s eingetragen, während "
                                "dieses offline war. Gespeichert wurde nichts doppelt."),
        "offline.on_sheet": _("Auf dem Zettel:"),
        "offline.on_this_phone": _("Auf diesem Handy:"),
        "offline.taken.hint": _("Dasselbe Spiel? Dann deins verwerfen. Sonst wird deins das "
                                "nächste Spiel (jetzt Spiel %(now)s)."),
        "offline.moved.title": _("Spiel %(number)s wäre jetzt Spiel %(now)s"),
        "offline.moved.text": _("Auf dem Zettel stehen inzwischen weniger Spiele, als dieses "
                                "Handy dachte (eins wurde gelöscht)."),
        "offline.refused.title": _("Spiel %(number)s ließ sich nicht speichern"),
        "offline.save_next": _("Meins als nächstes Spiel speichern"),
        "offline.correct": _("Im Formular korrigieren"),
        "offline.discard": _("Meins verwerfen"),
        "offline.behind": _counted(lambda n: ngettext(
            "%(count)s Spiel dahinter wartet, bis das geklärt ist.",
            "%(count)s Spiele dahinter warten, bis das geklärt ist.", n)),
        "offline.read_only": _("Mit diesem Link lässt sich nichts eintragen."),
        "offline.normal": _("Normalspiel"),
        "offline.armut": _("Armut: %(caller)s, mitgenommen von %(other)s"),
        "offline.hochzeit": _("Hochzeit: %(caller)s, Partner %(other)s"),
        "offline.eyes": _("%(eyes)s Augen"),
        "offline.announced": _("%(party)s angesagt"),
        "offline.doppelt": _("Doppelt %(party)s ×%(count)s"),
        "offline.schwarz": _("%(party)s schwarz (kein Stich)"),
        "offline.trick": _("%(party)s mit Stich (0 Augen)"),
        "offline.bock": _("Bock vom Tisch beschlossen"),
        "offline.note.title": _("Ohne Verbindung: Spiel %(number)s"),
        "offline.note.text": _("Speichern legt das Spiel auf diesem Handy ab; gesendet wird es, "
                               "sobald die Verbindung wieder da ist. Geber, Bock und Punkte "
                               "rechnet dann der Server."),
        "offline.players_auto": _("Wer spielt, ergibt der Zettel beim Senden. Nur antippen, "
                                  "wenn es anders war."),
        "offline.mark": _("ohne Verbindung"),
        "offline.behind.title": _("Spiel %(number)s: nach den Spielen auf diesem Handy"),
        "offline.behind.text": _counted(lambda n: ngettext(
            "Auf diesem Handy wartet noch %(games)s. Speichern legt dieses dahinter; gesendet "
            "wird in dieser Reihenfolge.",
            "Auf diesem Handy warten noch %(games)s. Speichern legt dieses dahinter; gesendet "
            "wird in dieser Reihenfolge.", n)),
        "offline.kept": _("Spiel %(number)s wartet auf dem Handy."),
        "offline.not_kept": _("Das Spiel ließ sich auf dem Handy nicht ablegen (Speicher voll "
                              "oder privates Fenster?). Bitte notieren."),
        "offline.needs_connection": _("Das geht erst wieder mit Verbindung."),
        "offline.entry_works": _("Neue Spiele lassen sich auch offline eintragen."),
        "offline.gone.title": _("Dieser Link gilt nicht mehr."),
        "offline.gone.text": _("Vielleicht hat die Runde neue Links bekommen."),
        # panels.js: a sheet row's breakdown.
        "panels.offline": _("Die Rechnung lädt, sobald wieder Verbindung da ist."),
        "panels.big": _("Große Zahlen"),
        # seats.js: the seat order of a new evening.
        "seats.up": _("%(name)s nach oben"),
        "seats.down": _("%(name)s nach unten"),
        "seats.moved": _("%(name)s sitzt jetzt auf Platz %(seat)s."),
        # points.js: the "±" beside a player's points.
        "points.sign": _("Vorzeichen umkehren: %(name)s"),
        # table.js: changing the table.
        "table.open": _("Noch offen: %(problems)s"),
        "table.by_rule": _("nach der Regel: %(dealer)s"),
        "table.new_named": _("%(name)s (neu)"),
        "table.new_player": _("der neue Spieler"),
        # share.js: "Ergebnis teilen" on a closed evening.
        "share.shared": _("Geteilt."),
        "share.saved": _("Bild gespeichert und Text kopiert: im Chat einfügen."),
        "share.saved_only": _("Bild gespeichert. Den Text bitte selbst kopieren:"),
        "share.failed": _("Das Bild ist gerade nicht zu haben; bitte gleich noch einmal."),
        # zettel.js: the printed sheet being made.
        "zettel.ready": _("Der Zettel ist fertig und wird heruntergeladen."),
        # club_clock.js: a club evening's round clock.
        "clock.left": _("noch %(time)s"),
        "clock.over": _("Zeit abgelaufen"),
    }


def worker_words() -> Words:
    """What the service worker says itself (static/js/sw.js): the words of an answer when
    not even the "Keine Verbindung" page is kept."""
    return {"offline": _("Keine Verbindung.")}


def as_json(words: Words) -> str:
    """``words`` as JSON that may stand inside an HTML ``<script>`` block (no ``<``, ``>``
    or ``&`` in it: nothing can close the block)."""
    text = json.dumps(words, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


@cache
def _page_words(spoken: str) -> str:
    del spoken  # the key of the cache: the words are said in the language spoken now
    return as_json(script_words())


def page_words() -> str:
    """The scripts' words as the page carries them (JSON), in the language spoken now."""
    return _page_words(language())


__all__ = ["Words", "as_json", "page_words", "script_words", "worker_words"]
