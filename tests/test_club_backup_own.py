"""A tournament's own backup (issue 37): the organiser downloads the tournament with every
table's Runde; uploaded again it is checked as a restore checks a backup (through the core),
previewed with the ranking the file's games give, and written as a new tournament with new
links and the same numbers. Hostile or foreign files are refused with what is wrong, and
nothing is written."""

from __future__ import annotations

import io
import json
import re
from typing import Any

from tests.club_helpers import NINE, Club, shown_ranking
from tests.conftest import fetch_pdf
from tests.test_backup_club import CLUB_TABLES, played_tournament


def _counts(app: Any) -> dict[str, int]:
    import sqlalchemy as sa

    from scorer.store.extensions import db

    with app.app_context():
        out = {t.name: db.session.execute(sa.select(sa.func.count()).select_from(t)).scalar_one()
               for t in db.metadata.sorted_tables if t.name != "tournament_uploads"}
        db.session.remove()
    return out


def _upload(client: Any, data: bytes, name: str = "turnier.json") -> Any:
    """Choose the file and send it as the browser's form does (the body built in memory: the
    test client would spool a large one to a file of its own and leave it open)."""
    from werkzeug.datastructures import FileStorage
    from werkzeug.test import encode_multipart

    assert client.get("/turnier/wiederherstellen").status_code == 200
    boundary, body = encode_multipart({"file": FileStorage(io.BytesIO(data), filename=name)})
    return client.post("/turnier/wiederherstellen", data=body,
                       content_type=f"multipart/form-data; boundary={boundary}")


def _restore(client: Any, preview: Any) -> Any:
    action = re.search(r'action="(/turnier/wiederherstellen/[0-9a-f]{64})"', preview.text)
    assert action, preview.text
    return client.post(action.group(1))


def test_a_tournament_comes_back_as_a_new_one_with_the_same_ranking(app, client, table):
    club = played_tournament(app, client, table)
    ranking = shown_ranking(client.get(club.home + "rangliste").text)
    expected = club.expected(NINE)
    response = client.get(club.home + "sicherung.json")
    assert response.status_code == 200
    assert "attachment" in response.headers["Content-Disposition"]
    document = response.get_json()
    assert document["content"] == "tournament"
    assert len(document["tables"]["tournaments"]) == 1
    assert document["tables"]["tournaments"][0]["group_id"] is None  # not its Runde
    assert "Donnerstagsrunde" not in json.dumps(document)
    # round 1: 2 tables, round 2: 2 tables, each a Runde
    assert len(document["tables"]["groups"]) == 4
    before = _counts(app)

    preview = _upload(client, response.data)
    assert preview.status_code == 200, preview.text
    assert "Vorschau: Vereinsabend" in preview.text
    assert _counts(app) == before  # the preview writes nothing of a tournament
    for standing in expected:  # the preview's ranking: the core's, from the file
        row = re.search(rf'<tr data-player="{standing.player}"><td class="num">(\d+)\.</td>',
                        preview.text)
        assert row and int(row.group(1)) == standing.rank, standing

    done = _restore(client, preview)
    assert done.status_code == 302
    token = done.location.split("/")[2]
    assert token != club.token
    after = _counts(app)
    for name in ("tournaments", "groups", "evenings", "games"):
        assert after[name] == 2 * before[name] - (1 if name == "groups" else 0), name
    copy = Club(app, client)
    copy.token = token
    page = client.get(copy.home)
    assert page.status_code == 200 and "ist wiederhergestellt" in page.text
    assert shown_ranking(client.get(copy.home + "rangliste").text) == ranking
    # new links everywhere: none of the file's works for the copy
    with app.app_context():
        from scorer import services
        from scorer.store.extensions import db

        restored = services.find_tournament(token)
        links = {t.group.edit_token for r in restored.rounds for t in r.tables}
        assert restored.group_id is None
        assert not links & {t.token for t in club.tables.values()}
        db.session.remove()
    assert fetch_pdf(client, copy.home + "ergebnis.pdf").status_code == 200
    # the original is untouched
    assert shown_ranking(client.get(club.home + "rangliste").text) == ranking


def test_the_ranking_link_gets_no_backup(app, client, table):
    club = played_tournament(app, client, table, whole=False)
    with app.app_context():
        from scorer import services
        from scorer.store.extensions import db

        read = services.find_tournament(club.token).read_token
        db.session.remove()
    assert client.get(f"/t/{read}/sicherung.json").status_code == 403


def _refused(client: Any, app: Any, data: bytes) -> list[str]:
    before = _counts(app)
    answer = _upload(client, data)
    assert answer.status_code == 422, answer.text
    assert _counts(app) == before
    assert "Nichts wurde gespeichert." in answer.text
    block = re.search(r'<div class="flash flash--error" role="alert" id="restore-problems">'
                      r'(.*?)</div>', answer.text, re.S)
    assert block
    return [re.sub(r"<[^>]+>", "", li).strip() for li in re.findall(r"<li>(.*?)</li>",
                                                                  block.group(1), re.S)]


def test_broken_and_foreign_files_are_refused_naming_what_is_wrong(app, client, table):
    club = played_tournament(app, client, table, whole=False)
    good = client.get(club.home + "sicherung.json").get_json()

    assert _refused(client, app, b"\xff\xfe not text") == ["die Datei ist kein UTF-8-Text"]
    assert _refused(client, app, b'{"format": ')[0].startswith("kein gültiges JSON")
    assert _refused(client, app, b'{"hello": 1}') == ["keine Doko-Zettel-Sicherung"]
    # a Runde's own backup holds no tournament
    runde = client.get(f"/r/{table.token}/sicherung.json").data
    assert _refused(client, app, runde)[0].startswith(
        "keine Sicherung eines Turniers: die Datei enthält kein Turnier")
    # a seating that seats a player twice: the tournament's check
    spoilt = json.loads(json.dumps(good))
    rounds = spoilt["tables"]["tournament_rounds"]
    rounds[0]["seating"][0].append(rounds[0]["seating"][1][0])
    assert _refused(client, app, json.dumps(spoilt).encode()) == [
        "Turnier „Vereinsabend“, Runde 1, seating: nur angemeldete Spieler, jeder einmal"]
    # a game the core refuses: Augen beyond 240
    spoilt = json.loads(json.dumps(good))
    game = spoilt["tables"]["games"][0]
    game["facts"]["re_eyes"] = 300
    problems = _refused(client, app, json.dumps(spoilt).encode())
    assert len(problems) == 1 and "Abend 1, Spiel 1" in problems[0] and "re_eyes" in problems[0]
    # a round clock no form allows (it would count past the year 9999)
    spoilt = json.loads(json.dumps(good))
    spoilt["tables"]["tournaments"][0]["round_minutes"] = 2**31 - 1
    assert _refused(client, app, json.dumps(spoilt).encode()) == [
        "Turnier „Vereinsabend“, round_minutes: die Rundenzeit in Minuten zwischen 1 und 600, "
        "oder leer für keine Uhr"]
    # a stranger's Runde smuggled in
    spoilt = json.loads(json.dumps(good))
    extra = dict(spoilt["tables"]["groups"][0])
    extra.update(id=99999, name="Fremde", edit_token="x" * 32, read_token="y" * 32,
                 tournament_table=False)
    spoilt["tables"]["groups"].append(extra)
    assert _refused(client, app, json.dumps(spoilt).encode()) == [
        "1 Runde der Datei ist kein Tisch des Turniers"]
    assert all(good["tables"][name] for name in CLUB_TABLES)


def test_a_file_too_large_is_refused_before_it_is_read(app, client):
    from scorer.services import tournament_backup
    from scorer.web.club.more import UPLOAD_LIMIT

    answer = _upload(client, b" " * (tournament_backup.MAX_BYTES + 10))
    assert answer.status_code == 422 and "größer als 20 MB" in answer.text
    answer = _upload(client, b" " * (UPLOAD_LIMIT + 1))  # beyond the route's limit: not read
    assert answer.status_code == 413 and "größer als 20 MB" in answer.text
    many = json.dumps({"format": "doko-zettel-backup", "version": 2,
                       "tables": {"games": [{}] * (tournament_backup.MAX_ROWS + 1)}})
    answer = _upload(client, many.encode())
    assert answer.status_code == 422
    assert "die Datei hat 30001 Zeilen, höchstens 30000 gehen" in answer.text


def test_an_expired_or_unknown_upload_writes_nothing(app, client):
    before = _counts(app)
    answer = client.post("/turnier/wiederherstellen/" + "a" * 64)
    assert answer.status_code == 422 and "nicht mehr da" in answer.text
    assert _counts(app) == before


def test_the_new_tournament_page_leads_to_the_restore(client):
    page = client.get("/turnier/neu").text
    assert 'href="/turnier/wiederherstellen"' in page


def test_whatever_a_spoilt_tournament_backup_does_it_is_refused_whole_or_answers(
        app, client, table):
    """A hostile value in any column of any row (the tournament's or a table's), or a column
    left out: refused with its problems and nothing written, or restored to pages that
    answer."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from tests import test_backup, test_backup_club
    from tests.budget import examples

    club = played_tournament(app, client, table, whole=False)
    original = client.get(club.home + "sicherung.json").data.decode("utf-8")
    outcomes: dict[str, int] = {}

    @settings(max_examples=examples(10, 200), deadline=None, database=None,
              derandomize=True, suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def upload_spoilt(data: Any) -> None:
        document = json.loads(original)
        if data.draw(st.booleans()):
            test_backup_club.spoil(document["tables"], data)
        else:
            test_backup.spoil(document["tables"], data)
        before = _counts(app)
        preview = _upload(client, json.dumps(document).encode())
        assert preview.status_code in (200, 422), preview.status_code
        if preview.status_code == 422:
            outcomes["refused"] = outcomes.get("refused", 0) + 1
            assert _counts(app) == before and "Nichts wurde gespeichert." in preview.text
            return
        done = _restore(client, preview)
        assert done.status_code in (302, 422), done.status_code
        if done.status_code == 422:
            assert _counts(app) == before
            return
        outcomes["restored"] = outcomes.get("restored", 0) + 1
        home = done.location
        for page in ("", "rangliste", "anmeldung", "turnier.csv", "sicherung.json"):
            assert client.get(home + page).status_code < 500, page
        with app.app_context():
            from scorer import services
            from scorer.store.extensions import db

            copy = services.find_tournament(home.split("/")[2])
            links = [t.group.edit_token for r in copy.rounds for t in r.tables]
            db.session.remove()
        for token in links:
            for page in ("", "abend/1/"):
                assert client.get(f"/r/{token}/{page}").status_code < 500, page

    upload_spoilt()
    assert outcomes.get("refused") and outcomes.get("restored"), outcomes


def test_at_most_twenty_uploads_wait(app):
    from scorer.services import tournament_backup
    from scorer.store.extensions import db
    from scorer.store.models import TournamentUpload

    with app.app_context():
        hashes = [tournament_backup.keep_upload(f"file {k}".encode(), f"{k}.json")
                  for k in range(tournament_backup.UPLOADS_WAITING + 3)]
        assert db.session.query(TournamentUpload).count() == tournament_backup.UPLOADS_WAITING
        assert tournament_backup.kept_upload(hashes[0]) is None
        assert tournament_backup.kept_upload(hashes[-1]) == b"file 22"
        db.session.remove()
