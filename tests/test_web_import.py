"""Issue 28 as a user meets it: Importieren on the Runde page — the upload, the preview, the
names and dates chosen, the import in one transaction — and every refusal, which names the
file and the place and writes nothing (every table counted before and after).

The expected totals come from the formats' own worked examples (tests/test_import_*.py work
them out by hand) or from the importers' plans: what is under test here is that the pages
store what the preview showed, not how a file is read."""

from __future__ import annotations

import datetime as dt
import io
import re
from pathlib import Path
from typing import Any

import pytest

from scorer.core.rules import preset
from scorer.importers import ImportMode, read_import

DATA = Path(__file__).resolve().parent / "data" / "import"
BACKUP = "bockzettel-backup-2026-02-02.json"
"""Three sheets: „Freitagsrunde“ (4 players), „Geburtstag Cem“ (5) and one without a title."""
BIRTHDAY = "bockzettel-geburtstag-cem-2025-11-15.json"
"""The sheet „Geburtstag Cem“ alone, exported on its own."""
FREITAG = {"Anna": -6, "Ben": 36, "Cem": -52, "Dora": 22}
"""Bogen „Freitagsrunde“ as Bockzettel counted it (worked out in test_import_bockzettel)."""


def sample(name: str) -> bytes:
    return (DATA / name).read_bytes()


def counts(app: Any) -> dict[str, int]:
    """Rows per table, every table (the waiting uploads too)."""
    from sqlalchemy import func, select

    from scorer.store.extensions import db

    with app.app_context():
        out = {t.name: db.session.scalar(select(func.count()).select_from(t))
               for t in db.metadata.sorted_tables}
        db.session.remove()
    return out


def text(html: str) -> str:
    """A page's words in one line, without tags."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#34;", '"')


def upload(table: Any, name: str, data: bytes | None = None) -> Any:
    """Choose the file and send it, as the browser's form does (the body built in memory:
    the test client would spool a large one to a file of its own and leave it open)."""
    from werkzeug.datastructures import FileStorage
    from werkzeug.test import encode_multipart

    boundary, body = encode_multipart({"file": FileStorage(io.BytesIO(
        sample(name) if data is None else data), filename=name)})
    return table.client.post(f"/r/{table.token}/importieren/", data=body,
                             content_type=f"multipart/form-data; boundary={boundary}")


def preview_url(response: Any) -> str:
    match = re.search(r'action="(/r/[^"]+/importieren/[0-9a-f]{64})"', response.text)
    assert match, response.text
    return match.group(1)


def confirm(table: Any, url: str, **fields: Any) -> Any:
    return table.client.post(url, data={"action": "import", **fields})


def runde(table: Any) -> Any:
    """Each evening of the Runde: (number, date, totals, closed)."""
    from scorer import services

    with table.app.app_context():
        group = services.find_group(table.token)
        out = [(e.number, e.played_on, services.sheet(e).ledger.totals, e.closed)
               for e in group.evenings]
        from scorer.store.extensions import db

        db.session.remove()
    return out


@pytest.fixture
def group(table: Any) -> Any:
    """A Runde whose „Dorothea“ is the files' „Dora“; „anna“ is written in small letters."""
    table.create_group(players=("anna", "Ben", "Cem", "Dorothea"))
    return table


# ------------------------------------------------------------------ the way there


def test_the_runde_page_offers_importieren_on_the_edit_link_only(app, group, client):
    from scorer import services

    page = client.get(f"/r/{group.token}/").text
    assert f'href="/r/{group.token}/importieren/">Importieren</a>' in page
    with app.app_context():
        read = services.find_group(group.token).read_token
    assert "importieren" not in client.get(f"/r/{read}/").text
    assert client.get(f"/r/{read}/importieren/").status_code == 403
    before = counts(app)
    refused = client.post(f"/r/{read}/importieren/", content_type="multipart/form-data",
                          data={"file": (io.BytesIO(sample(BIRTHDAY)), BIRTHDAY)})
    assert refused.status_code == 403 and counts(app) == before


# ------------------------------------------------------------------ preview, then import


def test_the_preview_shows_evenings_names_and_both_totals_and_writes_no_evening(app, group):
    before = counts(app)
    page = upload(group, BACKUP)
    assert page.status_code == 200
    words = text(page.text)
    assert f"„{BACKUP}“ (Bockzettel): 3 Abende, 19 Spiele, 5 Spieler" in words
    # Same name in any case is the Runde's player; the others get a choice, new by default.
    assert "Anna → anna (in der Runde)" in words
    assert "Dora (nicht in der Runde)" in words and "Wird neu angelegt als „Dora“" in words
    assert 'name="player_3"' in page.text and 'name="player_0"' not in page.text
    # Totals per evening, as Bockzettel showed them and re-scored under the Runde's rules.
    rescored = read_import(sample(BACKUP), BACKUP, mode=ImportMode.RESCORED,
                           rules=preset("ddv")).evenings[0].fold().totals
    row = " ".join(f"{name} {_signed(FREITAG[name])} {_signed(rescored[name])}"
                   for name in ("Ben", "Cem"))
    assert "Spieler Wie eingetragen Neu gewertet anna −6 " in words and row in words
    assert "Saison 2025/26 ab 03.10.2025" in words
    assert "Werden Saisons der Runde" in words
    # Only the file waits for its import: no player, evening or game yet.
    after = counts(app)
    assert after.pop("import_uploads") == before.pop("import_uploads") + 1
    assert after == before


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


def test_importing_stores_what_the_preview_showed_with_the_names_chosen(app, group, client):
    url = preview_url(upload(group, BACKUP))
    dorothea = group.player_id("Dorothea")
    done = confirm(group, url, mode="recorded", player_3=str(dorothea))
    assert done.status_code == 302 and done.location == f"/r/{group.token}/"
    flashed = text(client.get(done.location).text)
    assert f"Importiert aus „{BACKUP}“: 3 Abende, 19 Spiele." in flashed
    evenings = runde(group)
    assert [(n, d, closed) for n, d, _, closed in evenings] == [
        (1, dt.date(2025, 10, 3), True), (2, dt.date(2025, 11, 14), True),
        (3, dt.date(2026, 1, 9), True)]
    renamed = {"Anna": "anna", "Dora": "Dorothea"}
    assert evenings[0][2] == {renamed.get(p, p): v for p, v in FREITAG.items()}
    plan = read_import(sample(BACKUP), BACKUP)
    for (_, _, totals, _), planned in zip(evenings[1:], plan.evenings[1:]):
        assert totals == {renamed.get(p, p): v for p, v in planned.source_totals.items()}
    # Emil was new and is a player now; Dora is Dorothea, not a second player.
    page = client.get(f"/r/{group.token}/").text
    assert ">Emil<" in page.replace(" ", "") or "Emil" in text(page)
    assert counts(app)["players"] == 5 and counts(app)["import_uploads"] == 0
    assert counts(app)["games"] == counts(app)["game_events"] == 19


def test_older_evenings_imported_after_the_runde_s_own_get_the_next_numbers_and_are_told(
        app, group, client):
    # The Runde played one evening here (2026-11-20, Abend 1), then brings its history.
    group.play(group.start_evening(("anna", "Ben", "Cem", "Dorothea"), played_on="2026-11-20"),
               ("anna", "Ben"), 151)
    page = upload(group, BACKUP)
    words = text(page.text)
    assert ("Die Runde hat schon Abende bis Abend 1 (zuletzt am 20.11.2026). Die importierten "
            "Abende bekommen die Nummern danach, auch die älteren (ab 03.10.2025)") in words
    headings = re.findall(r'<h2 id="evening-\d+">\s*([^<]*?)\s*<span', page.text)
    assert headings == ["Abend 2 · 03.10.2025", "Abend 3 · 14.11.2025",
                        "Abend 4 · 09.01.2026"]
    assert confirm(group, preview_url(page), mode="recorded",
                   player_3=str(group.player_id("Dorothea"))).status_code == 302
    assert [(n, d) for n, d, _, _ in runde(group)] == [
        (1, dt.date(2026, 11, 20)), (2, dt.date(2025, 10, 3)), (3, dt.date(2025, 11, 14)),
        (4, dt.date(2026, 1, 9))]
    # The Runde's list goes by date, newest first, whatever the numbers.
    listed = re.findall(r"Abend (\d+) · ", text(client.get(f"/r/{group.token}/").text))
    assert listed == ["1", "4", "3", "2"]


def test_a_runde_without_evenings_numbers_the_imported_ones_by_date_and_says_nothing_more(
        group):
    words = text(upload(group, BACKUP).text)
    assert "Die Runde hat schon Abende" not in words


def test_rescored_games_follow_the_runde_s_rules_and_say_their_augen_on_the_sheet(app, group):
    url = preview_url(upload(group, BIRTHDAY))
    assert confirm(group, url, mode="rescored").status_code == 302
    plan = read_import(sample(BIRTHDAY), BIRTHDAY, mode=ImportMode.RESCORED,
                       rules=preset("ddv"))
    (_, _, totals, _), = runde(group)
    assert totals == {{"Anna": "anna"}.get(p, p): v
                      for p, v in plan.evenings[0].fold().totals.items()}
    sheet = group.opened(f"/r/{group.token}/abend/1/")
    assert "Notiz: Augen gewählt: Re" in sheet


def test_vorschau_aktualisieren_shows_the_names_chosen_and_stores_nothing(app, group):
    url = preview_url(upload(group, BACKUP))
    before = counts(app)
    page = group.client.post(url, data={"action": "preview",
                                        "player_3": str(group.player_id("Dorothea"))})
    assert page.status_code == 200 and counts(app) == before
    assert "Dorothea +22" in text(page.text)
    # Opened again later (a reload, the back button): the file is still there.
    assert group.client.get(url).status_code == 200


# ------------------------------------------------------------------ what the file lacks


def test_an_evening_without_a_date_is_asked_for_and_the_import_waits_for_it(app, group):
    page = upload(group, "jsdoppelkopf-data.json")
    assert 'name="date_0"' in page.text and "Abend ohne Datum" in text(page.text)
    url = preview_url(page)
    before = counts(app)
    waiting = confirm(group, url)
    assert waiting.status_code == 422 and counts(app) == before
    assert "Spielprotokoll: die Datei nennt kein Datum – bitte angeben" in text(waiting.text)
    assert confirm(group, url, date_0="2025-12-04").status_code == 302
    assert [(n, d) for n, d, _, _ in runde(group)] == [(1, dt.date(2025, 12, 4))]


def test_two_players_of_one_evening_made_one_is_refused_at_the_preview(app, group):
    url = preview_url(upload(group, BIRTHDAY))
    before = counts(app)
    # Dora and Emil both sat at the birthday: both onto Dorothea cannot be.
    dorothea = str(group.player_id("Dorothea"))
    refused = confirm(group, url, player_3=dorothea, player_4=dorothea)
    assert refused.status_code == 422 and counts(app) == before
    assert "zwei Spieler dieses Abends hießen dann Dorothea" in text(refused.text)


TWINS = "Datum;Anna;anna;Ben;Cem\n12.09.2025;1;1;-1;-1\n12.09.2025;2;-2;2;-2\n"
"""Two people whose names differ only in case: Anna +3, anna −1 (Ben +1, Cem −3)."""


def test_names_that_differ_only_in_case_stay_two_players_and_are_asked_about(app, group,
                                                                             client):
    # The Runde has „anna“: the file's „anna“ is she, its „Anna“ someone else, shown as
    # „Anna (2)“ and asked about (the page asked about neither and then refused the file).
    page = upload(group, "zwillinge.csv", TWINS.encode())
    assert page.status_code == 200
    shown = text(page.text)
    assert "Anna (2)" in shown
    assert 'name="player_0"' in page.text and 'name="player_1"' in page.text
    done = confirm(group, preview_url(page))
    assert done.status_code == 302
    ((_, _, totals, _),) = runde(group)
    assert totals == {"Anna (2)": 3, "anna": -1, "Ben": 1, "Cem": -3}


def test_a_sheet_without_bockzettels_settings_asks_which_bock_mode_it_counted_with(
        app, group):
    from tests.test_import_bockzettel import NORMAL, game, sheet_file
    # Two lost Re announcements open overlapping Bock windows: games 2-5 and 3-6. Re (Anna,
    # Ben) per game: −4, −6, then 1 + 2 a level: single Bock 3, 3, 3, 3, 1 → +3; Doppelbock
    # (level 2 in games 3-5) 5, 5, 5, 3, 1 → +9.
    lost_re = game(*NORMAL, "contra", ("reAnnounced",))
    data = sheet_file([lost_re, lost_re] + [game(*NORMAL, "re")] * 5, title="Ohne Modus")
    page = upload(group, "bogen.json", data)
    assert page.status_code == 200
    assert 'name="bock" value="sequential"' in page.text
    assert "Welchen Bock-Modus hatte Bockzettel eingestellt?" in text(page.text)
    url = preview_url(page)
    again = group.client.post(url, data={"action": "preview", "bock": "doppelbock",
                                         "mode": "recorded"})
    assert again.status_code == 200
    assert re.search(r'value="doppelbock"\s*checked', again.text)
    done = confirm(group, url, bock="doppelbock", mode="recorded")
    assert done.status_code == 302
    ((_, _, totals, _),) = runde(group)
    assert totals == {"anna": 9, "Ben": 9, "Cem": -9, "Dora": -9}


def test_a_sheet_whose_bock_mode_does_not_matter_is_not_asked_about(group):
    from tests.test_import_bockzettel import NORMAL, game, sheet_file
    data = sheet_file([game(*NORMAL, "contra", ("reAnnounced",))] + [game(*NORMAL, "re")] * 3)
    page = upload(group, "bogen.json", data)
    assert page.status_code == 200 and 'name="bock"' not in page.text


# ------------------------------------------------------------------ twice


def test_the_same_file_twice_is_refused_naming_when_it_came(app, group):
    assert confirm(group, preview_url(upload(group, BIRTHDAY))).status_code == 302
    before = counts(app)
    again = upload(group, BIRTHDAY)
    assert again.status_code == 422 and counts(app) == before
    today = dt.datetime.now(dt.UTC).date()
    assert (f"Datei „{BIRTHDAY}“: diese Datei ist am {today:%d.%m.%Y} schon in diese Runde "
            "importiert worden (1 Abend, 7 Spiele)") in text(again.text)


def test_an_evening_the_runde_has_already_is_not_doubled(app, group):
    assert confirm(group, preview_url(upload(group, BIRTHDAY))).status_code == 302
    page = upload(group, BACKUP)  # holds the same birthday sheet, and two more
    assert "Schon in der Runde (Abend 1): gleiches Datum, gleiche Spiele – wird übersprungen" \
        in text(page.text)
    assert confirm(group, preview_url(page)).status_code == 302
    assert [d for _, d, _, _ in runde(group)] == [
        dt.date(2025, 11, 14), dt.date(2025, 10, 3), dt.date(2026, 1, 9)]
    assert counts(app)["imports"] == 2


def test_a_file_whose_every_evening_is_there_is_refused(app, group):
    assert confirm(group, preview_url(upload(group, BACKUP))).status_code == 302
    before = counts(app)
    # The birthday sheet alone: another file (another hash), but nothing new in it.
    refused = upload(group, BIRTHDAY)
    assert refused.status_code == 422 and counts(app) == before
    assert "jeder Abend dieser Datei ist schon in der Runde" in text(refused.text)


# ------------------------------------------------------------------ refusals


def _bockzettel(change: Any) -> bytes:
    import json

    document = json.loads(sample(BIRTHDAY))
    change(document["payload"])
    return json.dumps(document).encode()


def _unknown_flag(payload: dict[str, Any]) -> None:
    payload["sheets"][0]["rounds"][0]["games"][1]["flagCodes"].append("reZwölfAugen")


def _no_name(payload: dict[str, Any]) -> None:
    payload["players"][1]["playerName"] = "  "
    payload["players"][1].pop("firstName", None)


@pytest.mark.parametrize(("name", "data", "says"), [
    pytest.param("abend.json", sample(BIRTHDAY)[:-400], "die Datei ist abgeschnitten",
                 id="truncated"),
    pytest.param("abend.csv", b"Anna;Ben;Cem;Dora\n2;-2;2;-1\n",
                 "Zeile 2: die Punkte ergeben zusammen +1, nicht 0", id="not-zero"),
    pytest.param("abend.json", _bockzettel(_unknown_flag),
                 "Runde 1, Spiel 2: unbekanntes Flag „reZwölfAugen“", id="unknown-flag"),
    pytest.param("abend.json", _bockzettel(_no_name), "Spieler ohne Namen", id="no-name"),
    pytest.param("abend.csv", b"Datum;Anna;Ben;Cem;Dora\n31.02.2025;1;-1;1;-1\n",
                 "31.02.2025", id="bad-date"),
    pytest.param("bild.png", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "keine Textdatei",
                 id="other-kind"),
    pytest.param("leer.csv", b"", "die Datei ist leer", id="empty"),
])
def test_a_file_that_is_not_imported_names_file_and_place_and_writes_nothing(
        app, group, name, data, says):
    before = counts(app)
    refused = upload(group, name, data)
    assert refused.status_code == 422, refused.text
    words = text(refused.text)
    assert says in words, words
    assert f"Datei „{name}“" in words
    assert counts(app) == before


def test_a_file_of_20_mb_or_more_is_refused_before_it_is_read(app, group):
    before = counts(app)
    refused = upload(group, "riesig.csv", b"Anna;Ben;Cem;Dora\n" + b" " * 20_000_000)
    assert refused.status_code == 422 and counts(app) == before
    assert "zu groß: 20,0 MB (Dateien ab 20 MB werden nicht gelesen)" in text(refused.text)
    # A request beyond the route's limit is not even read; other routes have none of it.
    from scorer.web.imports.upload import UPLOAD_LIMIT

    huge = upload(group, "riesig.csv", b"0" * (UPLOAD_LIMIT + 1))
    assert huge.status_code == 413 and counts(app) == before
    assert "Die Datei ist zu groß: Dateien ab 20 MB werden nicht gelesen." in text(huge.text)
    # The same for a link that is none: the page names no Runde, and nothing breaks.
    group.token, real = "x" * 32, group.token
    assert upload(group, "riesig.csv", b"0" * (UPLOAD_LIMIT + 1)).status_code == 413
    group.token = real


def test_an_upload_that_waited_too_long_is_asked_for_again(app, group, monkeypatch):
    from scorer.services import imports

    url = preview_url(upload(group, BIRTHDAY))
    monkeypatch.setattr(imports, "UPLOAD_KEPT", dt.timedelta(seconds=-1))
    before = counts(app)
    gone = confirm(group, url)
    assert gone.status_code == 302 and gone.location.endswith("/importieren/")
    assert counts(app) == before
    assert "Die hochgeladene Datei ist nicht mehr da" in group.client.get(gone.location).text
    # A hash the Runde never got is no file either.
    assert confirm(group, url[:-64] + "0" * 64).status_code == 302


def test_the_store_refuses_a_preview_of_a_runde_that_changed_meanwhile(app, group):
    from scorer import services
    from scorer.services import imports

    data = sample(BIRTHDAY)
    with app.app_context():
        g = services.find_group(group.token)
        target, read, other = imports.read_for(g, data, BIRTHDAY, ImportMode.RECORDED)
        shown = imports.preview(target, read, imports.Choices(), other)
        services.add_player(g, "Fritz")
        before = counts(app)
        with pytest.raises(services.Refused) as err:
            imports.store(g, shown)
    assert "inzwischen geändert" in str(err.value) and counts(app) == before


def test_a_player_renamed_after_the_preview_stops_the_import_until_it_is_seen(app, group):
    # The preview shows „anna“ as the file's Anna; in another tab anna becomes „Anna M.“.
    # Importieren on the old page would have added a second player „Anna“.
    page = upload(group, BIRTHDAY)
    url = preview_url(page)
    seen = re.search(r'name="seen" value="([0-9a-f]+)"', page.text).group(1)
    anna_id = group.player_id("anna")
    from scorer.store.extensions import db
    from scorer.store.models import Player
    with app.app_context():
        from scorer.services.runden import rename_player as rename
        rename(db.session.get(Player, anna_id), "Anna M.")
        db.session.remove()
    before = counts(app)
    stale = confirm(group, url, seen=seen)
    assert stale.status_code == 409 and "inzwischen geändert" in text(stale.text)
    assert counts(app) == before
    # The page shown again is the Runde as it is now: importing from it works.
    again = re.search(r'name="seen" value="([0-9a-f]+)"', stale.text).group(1)
    assert again != seen
    # and it asks what the file's Anna becomes, which the first page did not
    anna = read_import(sample(BIRTHDAY), BIRTHDAY).players.index("Anna")
    assert f'name="player_{anna}"' not in page.text
    assert f'name="player_{anna}"' in stale.text
    done = confirm(group, url, seen=again, **{f"player_{anna}": str(anna_id)})
    assert done.status_code == 302
    assert counts(app)["players"] == before["players"] + 2  # Dora and Emil; Anna is Anna M.


# ------------------------------------------------------------------ afterwards


def test_an_imported_evening_is_like_any_other_and_its_verlauf_says_where_it_came_from(
        app, group, client):
    url = preview_url(upload(group, "Doko 2025-12-05.qdk"))
    assert confirm(group, url).status_code == 302
    sheet = f"/r/{group.token}/abend/1/"
    today = dt.datetime.now(dt.UTC).date()
    origin = f"importiert aus QtDoppelKopf, Datei „Doko 2025-12-05.qdk“, am {today:%d.%m.%Y}"
    history = text(client.get(sheet + "verlauf/").text)
    assert f"Dieser Abend ist {origin}." in history
    assert "Spiel 20 eingetragen" in history and history.count(origin) == 23  # 20 + 2 + 1
    # Closed like any finished evening; reopened, a game is deleted and brought back.
    assert client.post(sheet + "oeffnen", data={"revision": "1"}).status_code == 302
    first = group.game_ids()[0]
    totals = runde(group)[0][2]
    assert client.post(f"{sheet}spiel/{first}/loeschen",
                       data={"revision": "1"}).status_code == 302
    assert runde(group)[0][2] != totals
    page = client.get(sheet + "verlauf/").text
    event = re.search(r'action="([^"]+/wiederherstellen)"', page).group(1)
    assert client.post(event, data={"revision": "2"}).status_code == 302
    assert runde(group)[0][2] == totals
    # The CSV says where each game came from (the PDF is worded by the same functions: the
    # recorded game's note is checked there in test_web_exports).
    csv_text = client.get(sheet + "spiele.csv").data.decode("utf-8-sig")
    assert csv_text.count("Punkte eingetragen") == 20
    stats = text(client.get(f"/r/{group.token}/statistik").text)
    assert "Jürgen −39" in stats


def test_the_file_s_seasons_become_the_runde_s_own_but_not_over_one_it_has(app, group):
    # A Bockzettel season group becomes one of the Runde's own seasons (RULES.md §11.1),
    # but not where the Runde has a season starting that day already.
    from scorer.store.extensions import db
    from scorer.store.models import Season

    client = group.client
    answer = client.post(f"/r/{group.token}/saisons/neu",
                         data={"name": "Altes Jahr", "start": "2025-01-01"})
    assert answer.status_code in (200, 302)
    page = upload(group, BACKUP)
    assert "Saison 2025/26" in text(page.text)
    assert "Nicht übernommen" not in text(page.text)
    assert confirm(group, preview_url(page)).status_code == 302
    with app.app_context():
        rows = [(s.name, s.start) for s in db.session.query(Season).order_by(Season.start)]
    assert rows == [("Altes Jahr", dt.date(2025, 1, 1)), ("Saison 2025/26", dt.date(2025, 10, 3))]
    # The Runde's page now offers that season.
    assert "Saison 2025/26" in text(client.get(f"/r/{group.token}/").text)


def test_a_season_the_runde_has_by_name_is_named_in_the_preview_as_not_taken(app, group):
    from scorer.store.extensions import db
    from scorer.store.models import Season

    client = group.client
    client.post(f"/r/{group.token}/saisons/neu",
                data={"name": "Saison 2025/26", "start": "2025-09-01"})
    page = upload(group, BACKUP)
    assert ("Nicht übernommen, weil die Runde schon eine Saison mit diesem Namen oder Anfang "
            "hat: „Saison 2025/26“.") in text(page.text)
    assert confirm(group, preview_url(page)).status_code == 302
    with app.app_context():
        assert [(s.name, s.start) for s in db.session.query(Season)] == [
            ("Saison 2025/26", dt.date(2025, 9, 1))]
