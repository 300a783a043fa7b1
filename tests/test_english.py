"""The whole app in English (issue #35): every GET route of every blueprint, with realistic
data behind it, every PDF and every CSV, read in English and scanned for German words.

One app is set up once for the module (``world``): a Runde that played an evening with a
Hochzeit, a solo, a Bock round, a table change and a recorded game (and a deleted game),
a second evening settled into the Kasse with a payment, a season of its own, Kasse deposits
and expenses, the records and statistics, an import preview waiting to be confirmed, and a
club evening whose first round was played and ended and whose second round runs. Then an
English phone (the cookie ``sprache=en`` that the language switch sets) asks for every GET
route filled from that data (``route_urls``), with the edit link and with the read link,
and for every link those pages show (a bounded crawl: ``?saison=``, ``?teil=``, the club's
table pages ...); PDFs are fetched as a browser waits for them and read back with pypdf,
CSV files are read cell by cell, JSON answers value by value, and the scripts by their
string literals.

The scan (``german_words``) looks at what a person reads: an HTML page's text outside
script and style, and its title, alt, aria-label, placeholder, button values, the words a
script reads from a JSON block or a data-…-text attribute. German is any word with ä, ö, ü
or ß, any word of ``GERMAN`` (common German words of this app and of the language, whole
words), and German number and date formats ("3,40 €", "28.11.2026"); not German are the
game's own names the glossary keeps (docs/glossary.md, ``KEPT``), the app's name, the
language switch's "Deutsch", and the data's own names (players, the Runde, the season, the
tournament, the Kasse's texts, the links' tokens: ``DataNames``), which are stripped first.

``test_english_*`` fails until every German word has moved into the catalog; its message
lists each page, PDF and CSV that still speaks German, with its first words. The control
(``test_the_scan_finds_german_on_the_german_sheet``) keeps the scanner honest: the same
scan over the German sheet must find German.
"""

from __future__ import annotations

import csv
import html
import io
import json
import re
import shutil
import time
import uuid
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.club_helpers import NINE, Club
from tests.conftest import COMPILED_TEMPLATES, Table, fetch_pdf

pytestmark = pytest.mark.db

ROOT = Path(__file__).resolve().parents[1]
IMPORT_FILE = ROOT / "tests" / "data" / "import" / "abend-2025-10-10.csv"
"""A file whose data holds no German word: players Anna, Ben, Cem, Dora, numbers."""

# --------------------------------------------------------------------------- the words

GERMAN = frozenset("""
und oder nicht noch nur auch aber wenn dann dass weil sowie bzw
der die das den dem des ein eine einen einem einer eines kein keine keinen keiner
ist sind wird werden wurde wurden waren hat haben kann können muss soll darf gibt
mit ohne für von vom zum zur auf bis nach vor bei über unter gegen zwischen seit durch
wie wer wo warum woher wofür welche welcher welches hier jetzt heute gestern morgen
alle allen jeder jede jedes je mehr weniger schon wieder bitte danke ja nein
sich sie er du dein deine dich dir wir uns ihr ihre sein seine
neu neue neuer neues alte erste erster ersten letzte letzter letzten nächste
gespielt gewonnen verloren gewinnt verliert gespeichert gelöscht geändert eingetragen
eintragen speichern löschen ändern bearbeiten abbrechen zurück weiter drucken merken
beenden starten beginnen abschließen abgeschlossen öffnen anlegen hinzufügen importieren
bezahlt zahlt offen fertig läuft setzt aus dazu kommt geht fehlte angesagt abgesagt
prüfen lesen vergessen warten wartet ausgeschieden zufällig gezählt geplant geplante
Spiel Spiele Spielen Spiels Abend Abende Abends Abenden Runde Runden Zettel Tisch Tische
Tischwechsel Sitzordnung Platz Plätze Geber Spieler Spielerin Mitglied Mitglieder
Ansage Ansagen Absage Absagen Augen Sonderpunkte Sonderpunkt Punkte Punkt Punkten
Pflichtsolo Pflichtsoli Lustsolo Soli Damensolo Bubensolo Farbsolo Trumpfsolo Solist
Normalspiel Spielart Spielwert Grundwert Wert Partei Gegenpartei Stich Stiche Trumpf
Dame Damen Bube Buben Kreuz Pik Herz Karo Bockspiel Bockspiele Bockrunden Doppelbock
Wertung Ergebnis Ergebnisse Stand Endstand Gespielt Gewinner Sieger Siege Rechnung
Notiz Hinweise Hinweis Sicherung Verlauf Rückgängig Einstellungen Regeln Hausregeln
Regelwerk Grundregeln Abweichend Abweichung Saison Saisons Saisonbericht Kasse Kassenstand
Guthaben Einzahlung Ausgabe Ausgaben Betrag Anteil Anteile Abrechnung Rundung Statistik
Bestenliste Rekorde Schnitt Tabelle Gleichstand Turnier Vereinsabend Turnierleitung
Anmeldung Startnummer Startzahl Auslosung Rangliste Sitzplan Tischzettel Zuschauen
Vierertisch Datum Namen Seite Startseite Handy Gerät Verbindung Fehler Vorschau Datei
Gesamt Summe Anzahl Nr Jahr Monat Woche Uhr Sprache Liste Tage Teil Teile
Januar Februar März Juni Juli Oktober Dezember
Montag Dienstag Mittwoch Donnerstag Freitag Samstag Sonntag
immer nie nichts etwas viel viele wenig gleich genau insgesamt selbst eigene eigenen andere
anderen beide beiden zwei drei vier sechs zehn eins sonst erst dort
Vorzeichen umkehren zeigen anzeigen ausblenden schließen Hilfe Erklärung Beispiel Zeit
Zeile Spalte Feld Felder Angabe angeben Eingabe Auswahl wählen gewählt tippen antippen Tippe
""".split())
"""Common German words, as German writes them: a lower-case word is also found with a
capital (a sentence's start), a noun only with its capital. Words English spells alike are
left out (was, war, will, also, Art, Tag, Name, Link, Start, Solo, Cent, Euro, Rest ...)."""

KEPT = frozenset("""
Re Kontra Hochzeit Stille stille Armut Hammelrennen Schweine Schmeißen Fleischloser schwarz
Schwarz Doppelt Doppelkopf Doko Fuchs Füchse Karlchen Dulle Dullen Herzstich Bock Bockrunde
DDV Voss Deutsch English
""".split())
"""The glossary's kept German (docs/glossary.md: "kept"), the language switch's own names."""

KEPT_PHRASES = ("Doko-Zettel", "Schwarze Sau", "gegen die Alten", "Gegen die Alten",
                "Deutscher Doppelkopf-Verband", "Kuss Rosa", "Orbital Networks")
"""Kept names of more than one word (their words alone would be German)."""

UMLAUT = re.compile(r"[äöüÄÖÜß]")
WORD = re.compile(r"[^\W\d_]+")
FORMATS = (
    (re.compile(r"\d,\d\d\s?€"), "German money format"),
    (re.compile(r"(?<![\d.])\d{1,2}\.\d{1,2}\.\d{4}(?![\d.])"), "German date format"),
)


def german_words(text: str, data_names: list[str]) -> list[str]:
    """The German words (and German-formatted numbers) in ``text``, in order of appearance,
    once each; the data's names and the kept phrases are stripped first."""
    text = re.sub(r"https?://\S+", " ", text)
    for name in (*data_names, *KEPT_PHRASES):
        if name in text:  # (a regular expression's scan of every document for every name
            # took a second of the run; where the name is not in the text it finds nothing)
            text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", " ", text)
    found: list[str] = []
    for pattern, what in FORMATS:
        found += [f"{m.group(0)} ({what})" for m in pattern.finditer(text)]
    for word in WORD.findall(text):
        if word in KEPT:
            continue
        lower = word.lower()
        if (UMLAUT.search(word) or word in GERMAN
                or (word[0].isupper() and word[1:].islower() and lower in GERMAN)
                or (word.isupper() and len(word) > 2 and (word.capitalize() in GERMAN
                                                          or lower in GERMAN))):
            found.append(word)
    return list(dict.fromkeys(found))


# --------------------------------------------------------------------------- reading


class _Visible(HTMLParser):
    """What a person reads of an HTML page (see the module's docstring)."""

    SKIP = {"script", "style"}
    SHOWN_ATTRIBUTES = {"title", "alt", "aria-label", "placeholder", "aria-description",
                        "aria-roledescription", "aria-valuetext", "label"}
    WORD_ATTRIBUTES = re.compile(r"^data-(?:[\w-]*-)?(?:text|words|message|label|title|"
                                 r"hint|confirm|prompt)$")

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skipping: list[str] = []
        self.json_block: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        if tag in self.SKIP:
            if tag == "script" and "json" in values.get("type", ""):
                self.json_block = []
            self.skipping.append(tag)
        for name, value in values.items():
            if name in self.SHOWN_ATTRIBUTES or self.WORD_ATTRIBUTES.match(name):
                self.parts.append(value)
        if tag == "input" and values.get("type") in ("submit", "button", "reset"):
            self.parts.append(values.get("value", ""))
        if tag == "meta" and values.get("name") in ("description", "apple-mobile-web-app-title"):
            self.parts.append(values.get("content", ""))
        self.parts.append(" ")  # <th>Platz<span>Pl.</span></th> is two words

    def handle_endtag(self, tag: str) -> None:
        if tag in self.SKIP and self.skipping:
            self.skipping.pop()
            if tag == "script" and self.json_block is not None:
                try:
                    self.parts += json_strings(json.loads("".join(self.json_block)))
                except ValueError:
                    self.parts.append("".join(self.json_block))
                self.json_block = None
        self.parts.append(" ")

    def handle_data(self, data: str) -> None:
        if self.json_block is not None:
            self.json_block.append(data)
        elif not self.skipping:
            self.parts.append(data)


def visible_text(page: str) -> str:
    parser = _Visible()
    parser.feed(page)
    parser.close()
    return re.sub(r"[ \t]+", " ", "".join(parser.parts))


def json_strings(value: Any) -> list[str]:
    """Every string value (not the keys) of a JSON document; HTML inside read as a page."""
    if isinstance(value, str):
        return [visible_text(value) if "<" in value and ">" in value else value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in json_strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in json_strings(v)]
    return []


JS_TOKENS = re.compile(r"""//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`""",
                       re.S)


FORM_VALUES = frozenset({"neu"})
"""Script literals that are values of the server's forms, never shown (table.js compares a
seat's option with "neu", the new player's value)."""


def script_strings(source: str) -> str:
    """The string literals of a script (its comments left out): what it may show."""
    out = []
    for token in JS_TOKENS.findall(source):
        if token.startswith(("//", "/*")) or token[1:-1] in FORM_VALUES:
            continue
        literal = re.sub(r"\$\{[^}]*\}", " ", token[1:-1])
        if re.search(r"[^\W\d_]{2}", literal):
            out.append(literal)
    return "\n".join(out)


def pdf_text(data: bytes) -> str:
    from pypdf import PdfReader

    return "\n".join(page.extract_text() or "" for page in PdfReader(io.BytesIO(data)).pages)


def csv_text(data: bytes) -> str:
    body = data.decode("utf-8-sig")
    dialect = csv.Sniffer().sniff(body[:4096], delimiters=";,\t")
    return "\n".join(" | ".join(row) for row in csv.reader(io.StringIO(body), dialect))


# --------------------------------------------------------------------------- the world


@dataclass
class Document:
    """One thing read in English: where, what kind, its words."""

    name: str
    kind: str  # page, pdf, csv, json, script, wait page, after a POST
    text: str
    endpoint: str = ""
    link: str = ""
    """Which link asked: edit link, read link, organiser, ranking link, followed link."""


@dataclass
class World:
    app: Any
    english: Any
    german: Any
    sheet: str
    names: list[str]
    documents: list[Document] = field(default_factory=list)
    answered: dict[str, int] = field(default_factory=dict)
    """URL -> status of every English request."""
    endpoints: dict[str, set[str]] = field(default_factory=dict)
    """Endpoint -> URLs asked for it."""
    problems: list[str] = field(default_factory=list)
    """Routes that did not answer as expected."""
    seconds: float = 0.0


NOT_FILLED: dict[str, str] = {}
"""GET routes this test does not ask for, and why (none: every route is filled)."""

NOT_SCANNED = {
    "groups.backup": "a backup (sicherung.json) is data for a machine: stored facts and "
                     "keys, no sentence a person reads; it is fetched and must answer 200",
    "sync.token": "answers a CSRF token as JSON, no words; fetched",
    "language.switch": "a redirect that keeps the language; fetched (302)",
}
"""GET routes asked for but not scanned, and why. Static files other than scripts (CSS,
icons, fonts) are fetched, not scanned."""

READ_ONLY_REFUSED = (200, 403)


def _follow(world_docs: list[Document], client: Any, label: str, response: Any) -> None:
    """The page a POST led to (its flash message) or the POST's own answer, in English."""
    if response.status_code in (301, 302, 303):
        page = client.get(response.location)
        world_docs.append(Document(f"after {label}: GET {response.location}", "after a POST",
                                   visible_text(page.text)))
    elif response.is_json:
        world_docs.append(Document(f"{label} (JSON)", "after a POST",
                                   "\n".join(json_strings(response.get_json()))))
    else:
        world_docs.append(Document(f"{label} ({response.status_code})", "after a POST",
                                   visible_text(response.get_data(as_text=True))))


def _post(table: Table, docs: list[Document], label: str, url: str, data: dict[str, Any],
          expect: tuple[int, ...] = (302,)) -> Any:
    response = table.client.post(url, data=data)
    assert response.status_code in expect, (label, response.status_code,
                                            response.get_data(as_text=True)[:2000])
    _follow(docs, table.client, label, response)
    return response


def _build(app: Any, english: Any, docs: list[Document]) -> dict[str, Any]:
    """The data, entered through the pages by the English phone; what the routes need."""
    from tests.test_web_table_changes import change_form
    from tests.year_pages import close, evening_on

    table = Table(app, english)
    table.create_group("Friday Crew", preset="bockrunde",
                       players=("Anna", "Ben", "Cem", "Dora", "Emil"))
    runde = f"/r/{table.token}/"
    # An English table prints in English: the Runde's language for its PDFs and CSV files.
    _post(table, docs, "print language", runde + "sprache", {"sprache": "en"})
    _post(table, docs, "new season", runde + "saisons/neu",
          {"name": "Winter 2025/26", "start": "2025-09-01"})
    _post(table, docs, "Kasse deposit", runde + "kasse/eintrag",
          {"kind": "deposit", "date": "2025-11-01", "text": "Annual fee", "amount": "20,00"})
    _post(table, docs, "Kasse expense", runde + "kasse/eintrag",
          {"kind": "expense", "date": "2025-11-21", "text": "New cards", "amount": "4,50"})
    _post(table, docs, "refused Kasse amount", runde + "kasse/eintrag",
          {"kind": "expense", "date": "2025-11-21", "text": "Cards", "amount": "ten"},
          expect=(422,))

    # Evening 1 (bockrunde, Anna deals first): the kinds of game a sheet shows.
    sheet = table.start_evening(("Anna", "Ben", "Cem", "Dora"), played_on="2025-11-20")
    table.play(sheet, ("Anna", "Cem"), 151)                       # normal game
    table.play(sheet, ("Ben", "Dora"), 120)                       # 120:120 starts a Bock round
    table.play(sheet, ("Ben",), 130, kind="solo", solo="damen")   # a solo, in the Bock round
    table.play(sheet, ("Anna", "Ben"), 190, announced_re="keine_90",
               extras_re_fuchs_gefangen="1")                      # announcement and an extra
    ids = dict(zip(("Anna", "Ben", "Cem", "Dora"), table.ids("Anna", "Ben", "Cem", "Dora")))
    table.play(sheet, ("Cem", "Dora"), 140, kind="hochzeit", caller=ids["Cem"])
    _post(table, docs, "entry preview", sheet + "vorschau",
          table.game_form(("Anna", "Dora"), 100), expect=(200,))
    _post(table, docs, "refused game (Augen 300)", sheet + "spiel/neu",
          table.game_form(("Anna", "Dora"), 300), expect=(422,))
    # A table change: Emil joins.
    _post(table, docs, "table change", sheet + "tisch/neu",
          change_form(table, ("Anna", "Ben", "Cem", "Dora", "Emil")))
    # A recorded game: points the table agreed on.
    _post(table, docs, "recorded game", sheet + "punkte", {
        "entry_key": str(uuid.uuid4()), "note": "Penalty for a revoke",
        **{f"points_{table.player_id(n)}": v
           for n, v in (("Anna", "3"), ("Ben", "-1"), ("Cem", "-1"), ("Dora", "-1"))}})
    for eyes in (160, 80):  # five at the table now: the four the rotation names play
        four = table.ledger(sheet).next.players
        table.play(sheet, four[:2], eyes, players=four)
    deleted = table.game_ids()[-1]
    _post(table, docs, "delete a game", f"{sheet}spiel/{deleted}/loeschen", {"revision": "1"})

    # Evening 2: settled into the Kasse, closed, one charge paid.
    second = evening_on(table, "2025-11-27", ("Anna", "Ben", "Cem", "Emil"), mode="pay_leader")
    table.play(second, ("Anna", "Ben"), 151, players=("Anna", "Ben", "Cem", "Emil"))
    table.play(second, ("Cem", "Anna"), 100, players=("Anna", "Ben", "Cem", "Emil"))
    close(table, second)
    kasse = english.get(runde + "kasse/").text
    paid = re.search(r'name="abend" value="(\d+)">\s*<input type="hidden" name="spieler" '
                     r'value="(\d+)">\s*<input type="hidden" name="betrag" value="(\d+)">', kasse)
    assert paid, "no open charge on the Kasse page"
    _post(table, docs, "payment", runde + "kasse/bezahlt",
          {"abend": paid.group(1), "spieler": paid.group(2), "betrag": paid.group(3)})

    # The import: a file read and shown, waiting for its confirmation.
    from werkzeug.datastructures import FileStorage
    from werkzeug.test import encode_multipart

    boundary, body = encode_multipart({"file": FileStorage(io.BytesIO(IMPORT_FILE.read_bytes()),
                                                           filename=IMPORT_FILE.name)})
    preview = english.post(runde + "importieren/", data=body,
                           content_type=f"multipart/form-data; boundary={boundary}")
    assert preview.status_code == 200, preview.text
    docs.append(Document("POST /importieren/ (its preview)", "after a POST",
                         visible_text(preview.text)))
    content_hash = re.search(r"/importieren/([0-9a-f]{64})", preview.text).group(1)

    # The club evening: nine players, round 1 played and ended, round 2 started.
    club = Club(app, english)
    response = english.post("/turnier/neu", data={
        "name": "Spring Cup", "played_on": "2026-03-14", "rules": "bockrunde",
        "planned_games": "4", "round_count": "2", "ranking": "table_points",
        "absent_table_points": "-3"})
    assert response.status_code == 302, response.text
    club.token = response.location.split("/")[2]
    club.register(*NINE)
    club.draw(seed=1)
    club.start(1)
    club.play_round(1)
    club.end(1)
    club.draw(seed=2)
    club.start(2)
    club.play(club.tables[(2, 1)], 1)
    made = club.client.post(club.home + "vereinsmeisterschaft",
                            data={"name": "Club championship", "ranking": "sum"})
    assert made.status_code == 302, made.status_code
    series_token = made.location.split("/")[2]

    from sqlalchemy import select

    from scorer import services
    from scorer.store.extensions import db
    from scorer.store.models import Game, Group, Tournament

    with app.app_context():
        group = services.find_group(table.token)
        games = db.session.scalars(select(Game).where(Game.deleted_at.is_(None))
                                   .order_by(Game.evening_id, Game.position)).all()
        by_evening: dict[int, dict[str, list[int]]] = {}
        for game in games:
            if game.evening.group_id != group.id:
                continue
            kind = ("table" if "table" in game.facts else
                    "recorded" if game.facts.get("kind") == "recorded" else "game")
            by_evening.setdefault(game.evening.number, {}).setdefault(kind, []).append(game.id)
        tournament = services.find_tournament(club.token)
        club_table = services.find_table(tournament, 2, 1).group
        tokens = [t for g in db.session.scalars(select(Group)) for t in (g.edit_token,
                                                                           g.read_token)]
        tokens += [t for tr in db.session.scalars(select(Tournament))
                   for t in (tr.edit_token, tr.read_token)]
        from scorer.services import club_more

        series = club_more.find_series(series_token)
        tokens += [series.edit_token, series.read_token]
        names = [g.name for g in db.session.scalars(select(Group))]
        out = {
            "token": group.edit_token, "read": group.read_token,
            "players": [p.id for p in group.players],
            "games": by_evening, "content_hash": content_hash,
            "club": club.token, "club_read": tournament.read_token,
            "club_table": club_table.edit_token, "club_table_read": club_table.read_token,
            "club_players": [p.id for p in tournament.players],
            "tournament_id": tournament.id,
            "series": series.edit_token, "series_read": series.read_token,
            "tokens": tokens, "group_names": names, "sheet": sheet,
        }
        db.session.remove()
    return out


def route_urls(app: Any, data: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(endpoint, URL, link) for every GET route, filled from the data: each evening, each
    game of each kind, each player; every Runde route with the edit and the read link,
    every tournament route with the organiser's and the ranking link."""
    out: list[tuple[str, str, str]] = []
    static = sorted(p.relative_to(ROOT / "static").as_posix()
                    for p in (ROOT / "static").rglob("*") if p.is_file())
    for rule in sorted(app.url_map.iter_rules(), key=lambda r: r.rule):
        if "GET" not in rule.methods or rule.endpoint in NOT_FILLED:
            continue
        args = rule.arguments
        if rule.rule.startswith("/t/"):
            links = (("organiser", data["club"]), ("ranking link", data["club_read"]))
        elif rule.rule.startswith("/vm/"):
            links = (("series", data["series"]), ("series read link", data["series_read"]))
        elif rule.endpoint == "club_table.poll":  # a tournament table's link only
            links = (("table link", data["club_table"]),
                     ("table read link", data["club_table_read"]))
        elif "token" in args:
            links = (("edit link", data["token"]), ("read link", data["read"]))
        else:
            links = (("", ""),)
        choices: list[dict[str, Any]] = [{}]

        def spread(name: str, values: list[Any]) -> None:
            choices[:] = [{**c, name: v} for c in choices for v in values]

        if "number" in args:
            spread("number", [1] if rule.rule.startswith("/t/") else sorted(data["games"]))
        if "player_id" in args:
            spread("player_id", data["club_players"][:1] if rule.rule.startswith("/t/")
                   else data["players"])
        if "content_hash" in args:
            spread("content_hash", [data["content_hash"]])
        if "table" in args:
            spread("table", [1])
        if "tournament_id" in args:
            spread("tournament_id", [data["tournament_id"]])
        if "language" in args:
            spread("language", ["en"])
        if "filename" in args:
            spread("filename", static)
        for link, token in links:
            for values in choices:
                if "game_id" in args:
                    kinds = {"recorded.edit": "recorded", "table.edit": "table",
                             "table.delete": "table"}
                    ids = data["games"][values["number"]].get(
                        kinds.get(rule.endpoint, "game"), [])
                    combos = [{**values, "game_id": i} for i in ids]
                else:
                    combos = [values]
                for combo in combos:
                    if token:
                        combo = {**combo, "token": token}
                    url = re.sub(r"<(?:\w+:)?(\w+)>", lambda m, c=combo: str(c[m.group(1)]),
                                 rule.rule)
                    out.append((rule.endpoint, url, link))
    return out


def _endpoint(app: Any, url: str) -> str:
    from werkzeug.exceptions import HTTPException

    parts = urlsplit(url)
    try:
        return app.url_map.bind("localhost").match(parts.path, "GET")[0]
    except HTTPException:
        return "?"


def _read(world: World, url: str, endpoint: str, link: str) -> list[str]:
    """Ask for ``url`` in English and keep what a person reads of it; the links it shows.
    A redirect is followed once (a closed evening's entry form leads to its sheet, with a
    message): what it leads to is read as well."""
    client = world.english
    response = client.get(url)
    world.answered[url] = response.status_code
    world.endpoints.setdefault(endpoint, set()).add(url)
    label = f"{url} [{endpoint}{', ' + link if link else ''}]"

    def keep(kind: str, text: str, name: str = url) -> None:
        world.documents.append(Document(name, kind, text, endpoint, link))

    if response.status_code == 202:  # a printout being made: its waiting page, then the file
        keep("wait page", visible_text(response.get_data(as_text=True)))
        response.close()
        response = fetch_pdf(client, url)
        world.answered[url] = response.status_code
    deadline = time.monotonic() + 60
    while response.status_code == 503 and endpoint.startswith("share.") \
            and time.monotonic() < deadline:  # a result's picture being made: asked again
        response.close()
        time.sleep(0.05)
        response = client.get(url)
        world.answered[url] = response.status_code
    try:
        refused = READ_ONLY_REFUSED if link in ("read link", "ranking link") else ()
        # A running evening has no result to share (tests/test_web_share.py).
        refused += (404,) if endpoint == "share.picture" else ()
        if response.status_code >= 400 and response.status_code not in refused:
            world.problems.append(f"{label}: answered {response.status_code}")
        if response.status_code in (301, 302, 303):
            if endpoint == "language.switch":
                return []
            target = urlsplit(response.location)
            page = client.get(target.path + (f"?{target.query}" if target.query else ""))
            keep("page", visible_text(page.get_data(as_text=True)),
                 f"{url} → {target.path}")
            page.close()
            return []
        if endpoint in NOT_SCANNED:
            return []
        mimetype = response.mimetype or ""
        data = response.get_data()
    finally:
        response.close()
    links: list[str] = []
    if mimetype == "application/pdf":
        keep("pdf", pdf_text(data))
    elif mimetype in ("text/csv", "text/comma-separated-values"):
        keep("csv", csv_text(data))
    elif mimetype.endswith("json"):
        keep("json", "\n".join(json_strings(json.loads(data))))
    elif mimetype.endswith("javascript"):
        keep("script", script_strings(data.decode()))
    elif mimetype == "text/html":
        page = data.decode()
        keep("page", visible_text(page))
        links = [html.unescape(h) for h in re.findall(r'\shref="([^"]+)"', page)]
    return links


CRAWL_LIMIT = 700
"""Links followed beyond the filled routes, at most (the run needs some 300)."""


def _crawl(world: World, start: list[str]) -> None:
    """Follow the links the pages show (this site's GET pages) that no filled route asked
    for: query variants (?saison=, ?teil=), the club's table pages and their years."""
    queue = list(start)
    followed = 0
    while queue and followed < CRAWL_LIMIT:
        href = queue.pop(0)
        parts = urlsplit(href)
        if parts.scheme or parts.netloc or not href.startswith("/") or href.startswith("//"):
            continue
        url = parts.path + (f"?{parts.query}" if parts.query else "")
        if url in world.answered or url.startswith(("/sprache/", "/static/")):
            continue
        endpoint = _endpoint(world.app, url)
        if parts.path.endswith(".pdf") and endpoint in world.endpoints:
            continue  # a PDF of a route read already: the same words, seconds to make
        followed += 1
        queue += _read(world, url, endpoint, "followed link")


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory, migrated_sqlite: Path) -> Iterator[World]:
    """One bilingual app with the data, every route read in English (see the docstring)."""
    from scorer.app import create_app
    from scorer.store.extensions import db

    began = time.monotonic()
    folder = tmp_path_factory.mktemp("english")
    database = folder / "test.sqlite3"
    shutil.copyfile(migrated_sqlite, database)
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}",
                      "RATELIMIT_ENABLED": False, "DOKO_PDF_FOLDER": str(folder / "zettel"),
                      "DOKO_LANGUAGES": ("de", "en")})
    app.jinja_env.bytecode_cache = COMPILED_TEMPLATES
    english = app.test_client()
    english.set_cookie("sprache", "en")
    german = app.test_client()
    docs: list[Document] = []
    data = _build(app, english, docs)
    names = sorted({*NINE, "Emil", "Fritz", "Friday Crew", "Spring Cup", "Winter 2025/26",
                    "Annual fee", "New cards", "Penalty for a revoke", IMPORT_FILE.name,
                    *data["group_names"], *data["tokens"]}, key=len, reverse=True)
    world = World(app, english, german, data["sheet"], names, documents=docs)
    links: list[str] = []
    for endpoint, url, link in route_urls(app, data):
        links += _read(world, url, endpoint, link)
    _crawl(world, links)
    world.seconds = time.monotonic() - began
    yield world
    with app.app_context():
        db.engine.dispose()


# --------------------------------------------------------------------------- the tests


def test_the_english_phone_is_answered_in_english(world: World) -> None:
    page = world.english.get(world.sheet)
    assert page.status_code == 200 and '<html lang="en">' in page.text


def test_the_scan_finds_german_on_the_german_sheet(world: World) -> None:
    """The control: the same scan over the sheet in German (no cookie, no Accept-Language)
    finds German, so an empty finding in English means something."""
    page = world.german.get(world.sheet)
    assert page.status_code == 200 and '<html lang="de">' in page.text
    found = german_words(visible_text(page.text), world.names)
    assert {"Spiel", "Augen"} <= set(found) or len(found) >= 10, found
    # ... and the scanner does not take the data's names or the kept words for German.
    assert not {"Anna", "Emil", "Friday", "Re", "Kontra", "Bock"} & set(found), found


def test_the_scan_itself() -> None:
    assert german_words("Spiel 5 eintragen · Zurück", []) == ["Spiel", "eintragen", "Zurück"]
    assert german_words("Enter game 5 · Re's eyes · Fuchs caught, two Füchse", []) == []
    assert german_words("Kontra gegen die Alten +1 · Doko-Zettel · Deutsch", []) == []
    assert german_words("Nicht gespeichert", []) == ["Nicht", "gespeichert"]
    assert german_words("Jürgen pays €3.40", ["Jürgen"]) == []
    assert german_words("Ben zahlt 3,40 € am 28.11.2026", []) == [
        "3,40 € (German money format)", "28.11.2026 (German date format)", "zahlt"]
    assert german_words("the stand", []) == []  # a noun only with its capital
    assert german_words("Stand von 21:14", []) == ["Stand", "von"]
    assert visible_text('<p title="Zurück">x<script>var a = "Spiel";</script>'
                        '<script type="application/json">{"k": "Abend"}</script>'
                        '<input type="submit" value="Speichern"></p>').split() == [
        "Zurück", "x", "Abend", "Speichern"]
    assert script_strings('// Spiel\nel("p", "Die Rechnung lädt")') == "Die Rechnung lädt"


def test_every_get_route_is_asked_for_and_answers(world: World) -> None:
    """Coverage: each GET route of every blueprint was asked for in English (or is in
    NOT_FILLED with its reason), and answered as a person with that link is answered."""
    rules = {r.endpoint for r in world.app.url_map.iter_rules() if "GET" in r.methods}
    missing = sorted(rules - set(world.endpoints) - set(NOT_FILLED))
    assert not missing, f"GET routes never asked for: {missing}"
    assert not world.problems, "\n".join(world.problems)
    kinds = Counter(d.kind for d in world.documents)
    assert kinds["pdf"] >= 5 and kinds["csv"] >= 4, kinds


def _report(documents: list[Document], names: list[str]) -> tuple[list[str], Counter[str]]:
    """One line per route (and link) whose documents hold German: the first URL, how many
    more of the same route, and the first German words found in them."""
    groups: dict[tuple[str, str, str], list[tuple[str, list[str]]]] = {}
    words: Counter[str] = Counter()
    for doc in documents:
        found = german_words(doc.text, names)
        if found:
            words.update(found)
            # Each script on its own line; pages of one route (and link) on one line.
            by_route = doc.endpoint and doc.kind != "script"
            key = (doc.kind, doc.endpoint if by_route else doc.name, doc.link)
            groups.setdefault(key, []).append((doc.name, found))
    lines = []
    for (kind, endpoint, link), docs in groups.items():
        found = list(dict.fromkeys(w for _, f in docs for w in f))
        more = f" … (+{len(found) - 10} more words)" if len(found) > 10 else ""
        also = f" and {len(docs) - 1} more like it" if len(docs) > 1 else ""
        where = f"{endpoint} ({link}) {docs[0][0]}" if endpoint != docs[0][0] else endpoint
        lines.append(f"  [{kind}] {where}{also}: {', '.join(found[:10])}{more}")
    return lines, words


def test_english_every_page_pdf_and_csv_has_no_german_word(world: World) -> None:
    """Issue #35: every page, PDF, CSV, JSON answer and flash message in English, with
    no German word outside the glossary's kept game words."""
    shown = [d for d in world.documents if d.kind != "script"]
    lines, words = _report(shown, world.names)
    if lines:
        speaking = [d for d in shown if german_words(d.text, world.names)]
        kinds = Counter(d.kind for d in speaking)
        common = ", ".join(f"{w} ×{n}" for w, n in words.most_common(25))
        pytest.fail(f"{len(speaking)} of {len(shown)} documents read in English still hold "
                    f"German ({', '.join(f'{k}: {n}' for k, n in sorted(kinds.items()))}), "
                    f"on {len(lines)} routes:\n"
                    + "\n".join(sorted(lines)) + f"\nMost frequent: {common}", pytrace=False)


def test_english_the_scripts_show_no_german(world: World) -> None:
    """The scripts' texts (static/js, the service worker): string literals that are
    German are texts a script shows in German whatever the page's language."""
    scripts = [d for d in world.documents if d.kind == "script"]
    assert scripts, "no script was read"
    lines, words = _report(scripts, world.names)
    if lines:
        pytest.fail(f"{len(lines)} of {len(scripts)} scripts hold German texts:\n"
                    + "\n".join(lines), pytrace=False)
