"""Kept folds are never served stale (scorer/store/fold_cache.py): whatever changes an evening, the
next page shows it, on the worker that made the change and on another one.

Two app instances share one database, as two gunicorn workers do (on PostgreSQL too, with
TEST_DATABASE_URL). Before every change both have read every page, so each keeps the folds
of that moment. After the change, every page from both must equal the same page from a third
instance started afterwards, which has nothing kept — and the pages the change concerns must
differ from before, so a kept fold that was served stale fails here. The pages: the open
evening's sheet, CSV and PDF (its text; read from the worker that did not make the change,
which is the other one at every step), the closed evening's sheet, the Runde page, the
Statistik and the Runde's CSV.
"""

from __future__ import annotations

import io
import re
import uuid
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from conftest import COMPILED_TEMPLATES, fetch_pdf, game_entry
from pypdf import PdfReader
from test_web_table_changes import change_form

FOUR = ("Anna", "Ben", "Cem", "Dora")


def pdf_text(body: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(body)).pages)


def _same_every_time(html: str) -> str:
    """A page without what differs per request: form tokens and the moment of the answer."""
    html = re.sub(r'(name="csrf_token" type="hidden" value=")[^"]*', r"\1", html)
    return re.sub(r'data-live-stamp="[^"]*"', "", html)


class Pages:
    """Reads every page of the Runde through one client of one app instance."""

    def __init__(self, client: Any, token: str) -> None:
        self.client = client
        self.runde = f"/r/{token}/"

    def get(self, url: str, fetch: Any = None) -> Any:
        response = fetch(self.client, url) if fetch else self.client.get(url)
        assert response.status_code == 200, (url, response.status_code)
        return response

    def read(self, pdf: bool = True) -> dict[str, str | bytes]:
        """Every page (the PDF only if ``pdf``: it takes longest). The PDF as it came:
        WeasyPrint writes the same bytes for the same sheet (no dates, no random ids), so
        equal bytes mean the same PDF and other bytes a changed one."""
        open_evening, old_evening = f"{self.runde}abend/2/", f"{self.runde}abend/1/"
        pages: dict[str, str | bytes] = (
            {"pdf": self.get(open_evening + "zettel.pdf", fetch_pdf).data} if pdf else {})
        return pages | {
            "sheet": _same_every_time(self.get(open_evening).text),
            "evening csv": self.get(open_evening + "spiele.csv").text,
            "closed sheet": _same_every_time(self.get(old_evening).text),
            "runde": _same_every_time(self.get(self.runde).text),
            "statistik": _same_every_time(self.get(self.runde + "statistik").text),
            "runde csv": self.get(self.runde + "spiele.csv").text,
        }


EVENING_PAGES = {"sheet", "evening csv", "pdf"}
RUNDE_PAGES = {"runde", "statistik", "runde csv"}


@pytest.fixture
def second_worker(app: Any, app_config: dict[str, Any]) -> Iterator[Any]:
    """Another instance of the app on the same database."""
    from scorer.app import create_app
    from scorer.store.extensions import db

    other = create_app(app_config)
    yield other
    with other.app_context():
        db.engine.dispose()


@pytest.fixture
def runde(table: Any) -> str:
    """ddv; Anna, Ben, Cem, Dora at both evenings, Emil in the Runde too. Evening 1: two
    games, closed. Evening 2 (open, 10 cents a point): two games. Returns its sheet URL."""
    table.create_group(players=(*FOUR, "Emil"))
    old = table.start_evening(FOUR)
    table.play(old, ("Anna", "Cem"), 151)
    table.play(old, ("Ben", "Cem"), 100)
    assert table.client.post(old + "schliessen", data={"revision": "1"}).status_code == 302
    sheet = table.start_evening(FOUR)
    table.play(sheet, ("Anna", "Ben"), 151)
    table.play(sheet, ("Cem", "Dora"), 130)
    return sheet


def entry_ids(client: Any, sheet: str) -> list[int]:
    """The sheet's games and table changes, by the links of their rows, in sheet order."""
    page = client.get(sheet).text
    return [int(i) for i in re.findall(r'(?:spiel|tisch)/(\d+)/loeschen"', page)]


def revision_of(app: Any, entry_id: int) -> str:
    from scorer.store.extensions import db
    from scorer.store.models import Game

    with app.app_context():
        return str(db.session.get(Game, entry_id).revision)


def evening_revision(app: Any, number: int) -> str:
    from sqlalchemy import select

    from scorer.store.extensions import db
    from scorer.store.models import Evening

    with app.app_context():
        return str(db.session.scalar(select(Evening.revision).where(Evening.number == number)))


def statements(app: Any, client: Any, urls: list[str]) -> list[str]:
    """The SQL statements GETs of ``urls`` run (each must answer 200)."""
    from sqlalchemy import event

    from scorer.store.extensions import db

    seen: list[str] = []

    def note(*args: Any) -> None:
        seen.append(args[2])

    with app.app_context():
        event.listen(db.engine, "before_cursor_execute", note)
        try:
            for url in urls:
                assert client.get(url).status_code == 200, url
        finally:
            event.remove(db.engine, "before_cursor_execute", note)
    return seen


def queries(app: Any, client: Any, url: str) -> int:
    """How many SQL statements a GET of ``url`` runs (it must answer 200)."""
    return len(statements(app, client, [url]))


def posted(response: Any) -> None:
    assert response.status_code in (201, 302), response.text[:2000]


def restore_link(client: Any, sheet: str, title: str) -> tuple[str, str]:
    """The Verlauf's restore form under the newest item titled ``title``: (action, revision)."""
    page = client.get(sheet + "verlauf/").text
    item = next(i for i in page.split('<li class="card history__item">')[1:] if title in i)
    action = re.search(r'action="([^"]+/wiederherstellen)"', item).group(1)
    return action, re.search(r'name="revision" value="(\d+)"', item).group(1)


def test_every_change_shows_on_the_next_page_of_every_worker(app, table, runde, app_config,
                                                             second_worker):
    from scorer.app import create_app
    from scorer.store.extensions import db

    sheet = runde
    workers = {"A": table.client, "B": second_worker.test_client()}
    readers = [Pages(app.test_client(), table.token), Pages(second_worker.test_client(),
                                                            table.token)]

    def game_ids() -> list[int]:
        return entry_ids(table.client, sheet)

    def add(client: Any) -> None:
        posted(client.post(sheet + "spiel/neu", data=table.game_form(("Anna", "Dora"), 100)))

    def add_offline(client: Any) -> None:
        pairs = [["re", pid] for pid in table.ids("Ben", "Dora")] + [["re_eyes", "200"]]
        body = {"entry_key": str(uuid.uuid4()), "number": len(game_ids()) + 1, "fields": pairs}
        posted(client.post(sheet + "nachtragen", json=body))

    def edit(client: Any) -> None:
        second = game_ids()[1]
        posted(client.post(f"{sheet}spiel/{second}/", data={
            **table.game_form(("Cem", "Dora"), 190), "revision": revision_of(app, second)}))

    def delete(client: Any) -> None:
        last = game_ids()[-1]
        posted(client.post(f"{sheet}spiel/{last}/loeschen",
                           data={"revision": revision_of(app, last)}))

    def undo(client: Any) -> None:
        # Rückgängig is offered once, to the phone that made the change.
        page = client.get(sheet).text
        posted(client.post(re.search(r'action="([^"]*/rueckgaengig/\d+)"', page).group(1)))

    def restore_edit(client: Any) -> None:
        action, revision = restore_link(client, sheet, "Spiel 2 geändert")
        posted(client.post(action, data={"revision": revision}))

    def restore_deleted(client: Any) -> None:
        action, revision = restore_link(client, sheet, "Spiel 1 gelöscht")
        posted(client.post(action, data={"revision": revision}))

    def delete_first(client: Any) -> None:
        first = game_ids()[0]
        posted(client.post(f"{sheet}spiel/{first}/loeschen",
                           data={"revision": revision_of(app, first)}))

    def join(client: Any) -> None:
        posted(client.post(sheet + "tisch/neu",
                           data=change_form(table, (*FOUR, "Emil"))))

    def changes() -> list[int]:
        page = table.client.get(sheet).text
        return [int(i) for i in re.findall(r'tisch/(\d+)/loeschen"', page)]

    def edit_change(client: Any) -> None:
        (row,) = changes()
        posted(client.post(f"{sheet}tisch/{row}/", data=change_form(
            table, ("Anna", "Emil", "Ben", "Cem", "Dora"), dealer="Emil",
            revision=revision_of(app, row))))

    def move_change(client: Any) -> None:
        (row,) = changes()
        posted(client.post(f"{sheet}tisch/{row}/", data=change_form(
            table, ("Anna", "Emil", "Ben", "Cem", "Dora"), dealer="Emil", after=1,
            revision=revision_of(app, row))))

    def delete_change(client: Any) -> None:
        (row,) = changes()
        posted(client.post(f"{sheet}tisch/{row}/loeschen",
                           data={"revision": revision_of(app, row)}))

    def settle_differently(client: Any) -> None:
        posted(client.post(sheet + "abrechnung", data={
            "revision": evening_revision(app, 2), "cents_per_point": "25",
            "settlement_mode": "pay_losses", "settlement_rounding": "ten_cents"}))

    def close(client: Any) -> None:
        posted(client.post(sheet + "schliessen", data={"revision": evening_revision(app, 2)}))

    def reopen(client: Any) -> None:
        posted(client.post(sheet + "oeffnen", data={"revision": evening_revision(app, 2)}))

    def rename(client: Any) -> None:
        posted(client.post(f"/r/{table.token}/spieler/{table.player_id('Anna')}",
                           data={"name": "Annette"}))

    def old_evening_corrected(client: Any) -> None:
        old = f"/r/{table.token}/abend/1/"
        posted(client.post(old + "oeffnen", data={"revision": evening_revision(app, 1)}))
        first = entry_ids(client, old)[0]
        posted(client.post(f"{old}spiel/{first}/", data={
            **table.game_form(("Annette", "Cem"), 80), "revision": revision_of(app, first)}))
        posted(client.post(old + "schliessen", data={"revision": evening_revision(app, 1)}))

    # (what, how, through which worker, the pages it changes); the workers take turns, but
    # Rückgängig is offered to the phone that made the change only.
    steps: list[tuple[str, Callable[[Any], None], str, set[str]]] = [
        ("a game saved", add, "A", EVENING_PAGES | RUNDE_PAGES),
        ("a game sent from a phone that was offline", add_offline, "B",
         EVENING_PAGES | RUNDE_PAGES),
        ("a game edited", edit, "A", EVENING_PAGES | RUNDE_PAGES),
        ("a game deleted", delete, "B", EVENING_PAGES | RUNDE_PAGES),
        ("the delete taken back (Rückgängig)", undo, "B", EVENING_PAGES | RUNDE_PAGES),
        ("the edit undone from the Verlauf", restore_edit, "A", EVENING_PAGES | RUNDE_PAGES),
        ("the first game deleted", delete_first, "B", EVENING_PAGES | RUNDE_PAGES),
        ("the deleted game restored from the Verlauf", restore_deleted, "A",
         EVENING_PAGES | RUNDE_PAGES),
        ("a player joins (table change)", join, "B", EVENING_PAGES | RUNDE_PAGES),
        # Every game keeps the four who played it: the totals stay, the rows show the change.
        ("the table change edited", edit_change, "A", EVENING_PAGES | {"runde csv"}),
        ("the table change moved to an earlier game", move_change, "B",
         EVENING_PAGES | {"runde csv"}),
        ("the table change deleted", delete_change, "A", EVENING_PAGES | RUNDE_PAGES),
        ("the settlement changed", settle_differently, "B", {"sheet", "pdf", "statistik"}),
        ("the evening closed", close, "A", {"sheet", "runde"}),
        ("the evening reopened", reopen, "B", {"sheet", "runde"}),
        ("a player renamed", rename, "A", EVENING_PAGES | RUNDE_PAGES | {"closed sheet"}),
        ("the closed evening reopened, corrected and closed", old_evening_corrected, "B",
         {"closed sheet"} | RUNDE_PAGES),
    ]
    before = readers[0].read()
    readers[1].read()
    for what, step, worker, concerned in steps:
        step(workers[worker])
        fresh = create_app(app_config)
        fresh.jinja_env.bytecode_cache = COMPILED_TEMPLATES  # a new worker, not a new compiler
        expected = Pages(fresh.test_client(), table.token).read()
        with fresh.app_context():
            db.engine.dispose()
        for name, reader in zip("AB", readers):
            # The PDF from the worker that did not make the change (the workers take turns).
            seen = reader.read(pdf=name != worker)
            for page in seen:
                assert seen[page] == expected[page], f"{what}: worker {name} showed an old {page}"
        for page in concerned:
            assert expected[page] != before[page], f"{what}: the {page} did not change"
        before = expected
    assert "Annette" in pdf_text(before["pdf"]) and "Annette" in before["runde csv"]
    assert "25 Cent pro Punkt" in before["sheet"]


def test_changed_house_rules_leave_every_evening_as_it_was(app, table, runde, app_config,
                                                          second_worker):
    readers = [Pages(app.test_client(), table.token), Pages(second_worker.test_client(),
                                                            table.token)]
    before = [reader.read() for reader in readers]
    response = table.client.post(f"/r/{table.token}/regeln/regelwerk", data={"preset": "voss"})
    assert response.status_code == 302
    for reader, earlier in zip(readers, before):
        now = reader.read()
        assert "Voss" in now["runde"] and now["runde"] != earlier["runde"]
        for page in EVENING_PAGES | {"closed sheet", "statistik", "runde csv"}:
            assert now[page] == earlier[page], page


def test_a_sheet_gone_on_from_a_kept_fold_is_the_sheet_folded_anew(app, table, second_worker):
    """Two ways a worker goes on from a fold it keeps instead of folding the evening anew:
    the worker that saves a game adds it to its fold and shares the rows drawn
    (Folded.extended), and another worker that kept an earlier version reads and folds
    only the games added since (services.folds._grown). Both must show the sheet a worker
    that keeps nothing folds from the database: after one game, after two at once, after a
    newcomer joined (every earlier game gets a new ledger entry), and after an edit or a
    renamed player together with a save (not only games added: folded anew)."""
    table.create_group()
    sheet = table.start_evening()
    table.play(sheet, ("Anna", "Cem"), 151)
    other = second_worker.test_client()
    other.get(sheet)  # kept there from before Fritz comes
    posted(table.client.post(sheet + "tisch/neu", data=change_form(
        table, ("Anna", "Ben", "Fritz", "Cem"), new="Fritz")))

    def scratch() -> str:
        second_worker.extensions["doko_folds"].clear()
        return _same_every_time(other.get(sheet).text)

    def first_game_edited() -> None:
        first = table.game_ids()[0]
        posted(table.client.post(sheet + f"spiel/{first}/", data={
            **table.game_form(("Anna", "Cem"), 100), "revision": revision_of(app, first)}))

    def ben_renamed() -> None:
        posted(table.client.post(f"/r/{table.token}/spieler/{table.player_id('Ben')}",
                                 data={"name": "Benedikt"}))

    rounds = [[(("Anna", "Fritz"), 130)], [(("Ben", "Cem"), 90), (("Fritz", "Cem"), 200)],
              [(("Anna", "Ben"), 121)], [first_game_edited, (("Ben", "Fritz"), 151)],
              [ben_renamed, (("Anna", "Cem"), 140)]]
    for k, games in enumerate(rounds):
        if k:
            other.get(sheet)  # the other worker keeps this version
        drawn = table.client.get(sheet).text  # the saving worker draws the rows and keeps them
        for game in games:
            if callable(game):
                game()
            else:
                table.play(sheet, *game)
        table.client.get(sheet)  # the page that takes the "Rückgängig" offer
        page = _same_every_time(table.client.get(sheet).text)
        assert page != _same_every_time(drawn)
        assert _same_every_time(other.get(sheet).text) == page == scratch()


def test_the_worker_that_saves_a_game_goes_on_from_the_fold_it_keeps(app, table, monkeypatch):
    """A save adds its game to the fold its worker keeps (services.add_game), under the key
    the next request reads from the database: the evening's version and the moment of the
    write, which the save sets on the evening it keeps loaded instead of reading them back.
    So the sheet that answers the save asks the database as often as the same sheet asked
    again with nothing changed (a fold under any other key reads every entry again), and
    the evening and history event a save leaves loaded are the stored ones."""
    from sqlalchemy import select

    from scorer import services
    from scorer.services import changes
    from scorer.store import fold_cache
    from scorer.store.extensions import db
    from scorer.store.models import Evening, GameEvent

    table.create_group()
    sheet = table.start_evening()
    table.play(sheet, ("Anna", "Cem"), 151)
    table.client.get(sheet)  # the page that takes the "Rückgängig" offer
    for party, eyes in ((("Ben", "Dora"), 130), (("Anna", "Dora"), 90)):
        table.play(sheet, party, eyes)
        # The page that answers the save, then the same page again.
        assert queries(app, table.client, sheet) == queries(app, table.client, sheet)

    with app.app_context():
        evening = services.find_evening(services.find_group(table.token), 1)
        ids = {name: table.player_id(name) for name in FOUR}
        saved = services.add_game(evening, game_entry(
            {"players": list(FOUR), "re": ["Anna", "Ben"], "re_eyes": 121}, ids),
            str(uuid.uuid4()))
        assert saved is not None
        kept = (evening.version, evening.updated_at, saved.id, saved.game_id,
                saved.game_number, saved.new_facts)
        db.session.expire_all()
        stored = db.session.execute(select(Evening.version, Evening.updated_at)
                                    .where(Evening.id == evening.id)).one()
        last = db.session.scalars(select(GameEvent).order_by(GameEvent.id.desc())).first()
        assert last is not None
        assert kept == (stored.version, services.folds.instant(stored.updated_at), last.id,
                        last.game_id, 4, last.new_facts)
        assert last.game.facts == last.new_facts

        # Between its statements and its commit a save reads and keeps no fold: what its
        # session reads then is not committed (scorer.store.fold_cache.committed_only).
        seen: list[bool] = []
        real = changes.commit_keeping

        def commit(*rows: Any) -> None:
            seen.append(fold_cache.committed_only(db.session()))
            real(*rows)

        monkeypatch.setattr(changes, "commit_keeping", commit)
        assert services.add_game(evening, game_entry(
            {"players": list(FOUR), "re": ["Cem", "Dora"], "re_eyes": 100}, ids),
            str(uuid.uuid4())) is not None
        assert seen == [False]


def test_a_runde_page_asks_the_database_as_often_for_five_evenings_as_for_one(app, table):
    table.create_group()
    runde = f"/r/{table.token}/"

    def fresh_and_kept(pages: list[str]) -> list[tuple[int, int]]:
        from scorer.store import fold_cache

        with app.app_context():
            fold_cache.cache().clear()  # nothing kept: every evening is read
        return [(queries(app, table.client, url), queries(app, table.client, url))
                for url in pages]

    pages = [runde, runde + "statistik", runde + "spiele.csv"]
    sheet = table.start_evening()
    table.play(sheet, ("Anna", "Cem"), 151)
    one = fresh_and_kept(pages)
    for _ in range(4):
        sheet = table.start_evening()
        table.play(sheet, ("Ben", "Cem"), 151)
        table.play(sheet, ("Anna", "Dora"), 120)
    assert fresh_and_kept(pages) == one


def test_a_runde_page_folds_its_evenings_with_the_collector_paused_once(app, table,
                                                                        monkeypatch):
    """Resumed between evenings, the cyclic collector walked everything folded so far again
    (a fresh worker's Runde page of 100 evenings: 150-800 ms). Every evening is folded with
    it paused, and it runs again once the page is answered."""
    import gc

    from scorer.services import folds
    from scorer.store import fold_cache

    table.create_group()
    for _ in range(3):
        sheet = table.start_evening()
        table.play(sheet, ("Anna", "Cem"), 151)
    real = folds.fold_facts
    collecting: list[bool] = []

    def spy(*args: Any, **kwargs: Any) -> Any:
        collecting.append(gc.isenabled())
        return real(*args, **kwargs)

    monkeypatch.setattr(folds, "fold_facts", spy)
    with app.app_context():
        fold_cache.cache().clear()
    assert gc.isenabled()
    assert table.client.get(f"/r/{table.token}/").status_code == 200
    assert collecting == [False, False, False]
    assert gc.isenabled()


def test_a_worker_that_kept_a_fold_before_a_backup_was_restored_shows_the_restored_evening(
        app, table, second_worker, tmp_path):
    """A database restored from a backup under the running app, then changed otherwise than
    before: a game edited again (to the same revision it had reached before the restore, its
    form's key unchanged) and a game saved. The other worker kept the fold of the edit that
    the restore took away; it must show what the database holds now, not go on from it."""
    from scorer.store.extensions import db

    table.create_group()
    sheet = table.start_evening()
    table.play(sheet, ("Anna", "Cem"), 151)
    (first,) = table.game_ids()
    target = tmp_path / "backup.json"
    runner = app.test_cli_runner()
    made = runner.invoke(args=["backup", "-o", str(target)])
    assert made.exit_code == 0, made.output

    # Before the restore: the game corrected to 100 Augen for Re; the other worker sees it.
    other = second_worker.test_client()
    as_played = other.get(sheet + "spiele.csv").text
    posted(table.client.post(f"{sheet}spiel/{first}/", data={
        **table.game_form(("Anna", "Cem"), 100), "revision": "1"}))
    assert other.get(sheet).status_code == 200
    assert other.get(sheet + "spiele.csv").text != as_played

    # The backup restored into the emptied database, under both running workers.
    with app.app_context():
        for t in reversed(db.metadata.sorted_tables):
            db.session.execute(t.delete())
        db.session.commit()
        db.session.remove()
    restored = runner.invoke(args=["restore", str(target)])
    assert restored.exit_code == 0, restored.output

    # After it: the same game corrected otherwise (Ben and Dora Re with 190), one game more.
    posted(table.client.post(f"{sheet}spiel/{first}/", data={
        **table.game_form(("Ben", "Dora"), 190), "revision": "1"}))
    table.play(sheet, ("Anna", "Ben"), 121)

    kept = other.get(sheet + "spiele.csv").text
    second_worker.extensions["doko_folds"].clear()
    assert kept == other.get(sheet + "spiele.csv").text, \
        "the other worker went on from the fold of an edit the restore took away"
