"""Games: enter one (with a live preview), edit, delete with confirmation, undo."""

from __future__ import annotations

import uuid
from typing import Any

from flask import (
    Blueprint,
    flash,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from werkzeug.wrappers import Response

from scorer import services
from scorer.core.rules import GameKind
from scorer.core.scoring import GameEntry
from scorer.store.models import Evening, Game
from scorer.web.evening.entry import (
    entry_key,
    read_game,
    refuse_if_closed,
    row_of,
    sheet_url,
    wanted_number,
)
from scorer.web.evening.entry_page import Conflict, Taken, entry_page
from scorer.web.evening.forms import GameForm, field_of, form_data_from_facts, game_form
from scorer.web.pages.display import facts_text, game_words, open_question
from scorer.web.pages.forms import ActionForm, errors_by_field, sent_revision
from scorer.web.pages.lookup import evening_or_404, event_or_404, game_or_404
from scorer.words import entry as words
from scorer.words import refusals
from scorer.words.explain import pflicht_decision, pflicht_help
from scorer.words.labels import deletion_note, owes_before
from scorer.words.rows import PLAYS, SheetWords

bp = Blueprint("games", __name__, url_prefix="/r/<token>/abend/<int:number>")


@bp.route("/spiel/neu", methods=["GET", "POST"])
def new(token: str, number: int) -> str | Response | tuple[str, int]:
    """Enter the next game: pre-filled with its four players."""
    evening = evening_or_404(token, number)
    if (closed := refuse_if_closed(evening)) is not None:
        return closed
    sheet = services.sheet(evening)
    if request.method == "GET":
        ids = sheet.ids
        coming = sheet.ledger.next
        data: dict[str, Any] = {"entry_key": str(uuid.uuid4()),
                                "game_number": str(len(sheet.rows) + 1),
                                "players": [str(ids[p]) for p in coming.players]}
        if coming.forced_soloist is not None:
            # The forced game is most likely the forced Pflichtsolo: have it ready, so it
            # takes the taps of a solo or fewer. Anything else can still be entered.
            data.update(kind="solo", re=[str(ids[coming.forced_soloist])], pflicht="pflicht")
        form = game_form(sheet.rules, sheet.table(sheet.ledger.seats), data)
        return _entry_page(evening, sheet, form, {}, game=None)
    # A posted form brings its own players (add_game checks the game in its place).
    form, entry, errors = read_game(sheet, sheet.ledger.seats)
    taken: services.NumberTaken | None = None
    if not form.errors:
        key = entry_key(form.entry_key.data)
        if entry is not None and not errors:
            try:
                event = services.add_game(evening, entry, key, number=wanted_number(form.game_number.data))
            except services.NumberTaken as err:
                taken = err
            except services.Refused as err:
                errors = errors_by_field(err.problems, field_of)
            else:
                if event is not None:
                    return redirect(sheet_url(evening))
        # Not stored: was this form stored before (a double tap, a reload, the same key twice
        # at once)? Asked only now: a key is nearly always new, and since it is unique, a form
        # stored already never stores a second game but ends up here.
        if (sent := services.sent_before(evening, key, entry)) is not None:
            return _sent_again(evening, form, errors, *sent)
    sheet = services.sheet(evening)  # the evening as it is now: another phone may have saved
    if taken is not None and entry is not None:
        return _number_taken(evening, sheet, form, entry, taken)
    return _entry_page(evening, sheet, form, errors, game=None)


def _number_taken(evening: Evening, sheet: services.Sheet, form: GameForm,
                  entry: GameEntry[int], err: services.NumberTaken) -> tuple[str, int]:
    """Another phone saved the game this form was drawn for (or the sheet has fewer games
    now): nothing is stored; the table decides, as for a game kept offline (sync.py). Both
    versions in words, and "Meins als nächstes Spiel speichern" or "Meins verwerfen". The
    form is now the form of the next game: saving it stores that game, not one after it."""
    names, deck = sheet.names, sheet.rules.deck
    taken = Taken(number=err.number, now=err.now,
                  theirs=(game_words(err.game.facts, names, deck)
                          if err.game is not None else None),
                  mine=game_words(entry, names, deck))
    form.game_number.data = str(err.now)
    return _entry_page(evening, sheet, form, {}, game=None, taken=taken, status=409)


def _sent_again(evening: Evening, form: GameForm, errors: dict[str, list[str]], game: Game,
                same: bool) -> Response | tuple[str, int]:
    """A form whose one-time key already stored a game. Sent unchanged (``same``: a double
    tap, a reload, a resent request) it was simply saved: on to the sheet, not a word.
    Changed (back in the browser, Augen corrected, Speichern) it is offered as a new game,
    with what was sent and a fresh key, so nothing is lost and nothing is stored twice."""
    if same:
        return redirect(sheet_url(evening))
    form.entry_key.data = str(uuid.uuid4())
    notice = words.game_stored_before(services.number_of(game))
    sheet = services.sheet(evening)
    form.game_number.data = str(len(sheet.rows) + 1)  # offered as the next game
    return _entry_page(evening, sheet, form, errors, game=None, notice=notice, status=409)


@bp.route("/spiel/<int:game_id>/", methods=["GET", "POST"])
def edit(token: str, number: int, game_id: int) -> str | Response | tuple[str, int]:
    """Correct a game; everything after it is recomputed."""
    evening = evening_or_404(token, number)
    game = game_or_404(evening, game_id)
    if (closed := refuse_if_closed(evening)) is not None:
        return closed
    if game.deleted_at is not None:
        flash(words.game_deleted(), "error")
        return redirect(sheet_url(evening))
    if game.facts.get("kind") == GameKind.RECORDED.value:  # its own page: points as written
        return redirect(url_for("recorded.edit", token=token, number=number, game_id=game_id))
    sheet = services.sheet(evening)
    seats = row_of(sheet, game).entry.seats
    initial = {**form_data_from_facts(game.facts), "revision": game.revision}
    if request.method == "GET":
        form = game_form(sheet.rules, sheet.table(seats), initial)
        return _entry_page(evening, sheet, form, {}, game=game)
    form, entry, errors = read_game(sheet, seats, initial)
    conflict: Conflict | None = None
    if entry is not None and not errors:
        try:
            services.edit_game(game, entry, sent_revision(form))
        except services.Refused as err:
            errors = errors_by_field(err.problems, field_of)
            if any(m == refusals.stale() for _, m in err.problems):
                # Two phones: show both versions; saving again now overwrites knowingly.
                conflict = Conflict(
                    stored=facts_text(services.to_core(game.facts, sheet.names),
                                      sheet.rules.deck),
                    mine=facts_text(entry.keyed(sheet.names.__getitem__).to_dict(),
                                    sheet.rules.deck))
                form.revision.data = str(game.revision)
        else:
            return redirect(sheet_url(evening))
    return _entry_page(evening, sheet, form, errors, game=game, conflict=conflict)


def _entry_page(evening: Evening, sheet: services.Sheet, form: GameForm,
                errors: dict[str, list[str]], game: Game | None,
                conflict: Conflict | None = None, notice: str | None = None,
                status: int | None = None, taken: Taken | None = None) -> tuple[str, int]:
    """The entry form, with the core's messages beside the fields they concern."""
    if status is None:
        status = 422 if request.method == "POST" else 200
    page = entry_page(evening, sheet, form, errors, game, conflict, notice, taken)
    return render_template("entry.html", group=evening.group, page=page), status


@bp.post("/vorschau")
def preview_new(token: str, number: int) -> Response:
    """Live preview: the evening folded with the candidate game, as JSON."""
    return _preview(evening_or_404(token, number), None)


@bp.post("/spiel/<int:game_id>/vorschau")
def preview_edit(token: str, number: int, game_id: int) -> Response:
    """Live preview of an edited game in its place."""
    evening = evening_or_404(token, number)
    return _preview(evening, game_or_404(evening, game_id))


def _preview(evening: Evening, game: Game | None) -> Response:
    sheet = services.sheet(evening)
    live = game if game is not None and game.deleted_at is None else None
    seats = row_of(sheet, live).entry.seats if live is not None else sheet.ledger.seats
    _, candidate, errors = read_game(sheet, seats)
    if candidate is not None and not errors:
        try:
            ledger, entry = services.preview(evening, candidate, replacing=live)
        except services.Refused as err:
            errors = errors_by_field(err.problems, field_of)
    if errors:
        messages = [m for ms in errors.values() for m in ms]
        return jsonify(ok=False, errors=errors, messages=messages,
                       open=open_question(messages))
    words = SheetWords(ledger)[entry.number]
    soloist = entry.facts.re[0] if entry.facts.kind is GameKind.SOLO else None
    pflicht = (pflicht_decision(ledger.setup.rules, soloist, entry.facts.pflicht,
                                owes=owes_before(ledger, entry.number, soloist),
                                forced=entry.forced_soloist)
               if soloist is not None else pflicht_help(ledger.setup.rules))
    return jsonify(
        ok=True,
        winner=words.winner,
        lines=list(words.lines),
        breakdown=words.breakdown,
        bock_reasons=words.bock_reasons,
        value=entry.score.value,
        bock=entry.bock,
        warnings=list(words.warnings),
        pflicht=pflicht,
        players=[{"name": s, "points": points, "total": total, "plays": state == PLAYS}
                 for s, (state, points, total) in zip(entry.seats, words.cells(entry.seats))],
    )


@bp.route("/spiel/<int:game_id>/loeschen", methods=["GET", "POST"])
def delete(token: str, number: int, game_id: int) -> str | Response | tuple[str, int]:
    """Ask, then delete (softly: "Rückgängig" brings it back)."""
    evening = evening_or_404(token, number)
    game = game_or_404(evening, game_id)
    if (closed := refuse_if_closed(evening)) is not None:
        return closed
    if game.deleted_at is not None:
        # Sent again (a double tap, a resend after a lost answer, a second phone's same
        # tap): what it asked for is so; said, not refused.
        flash(words.game_deleted_already(), "message" if request.method == "POST" else "error")
        return redirect(sheet_url(evening))
    form = ActionForm(data={"revision": game.revision})
    sheet = services.sheet(evening)
    row = row_of(sheet, game)
    if form.validate_on_submit():
        try:
            services.delete_game(game, sent_revision(form))
        except services.Refused as err:
            flash(err.problems[0][1], "error")
        return redirect(sheet_url(evening))
    after = services.without(evening, game)
    moved = deletion_note(sheet.ledger, after, row.entry.number) if after else None
    return render_template("delete.html", group=evening.group, evening=evening, form=form,
                           row=row, sheet=sheet, moved=moved)


@bp.post("/rueckgaengig/<int:event_id>")
def undo(token: str, number: int, event_id: int) -> Response:
    """Take the last change back."""
    evening = evening_or_404(token, number)
    event_or_404(evening, event_id)
    if ActionForm().validate_on_submit():
        try:
            services.undo(evening, event_id)
        except services.Refused as err:
            if services.undone_already(evening, event_id):
                flash(words.undone())  # sent again: it was taken back, as asked
            else:
                flash(err.problems[0][1], "error")
        else:
            flash(words.undone())
    return redirect(sheet_url(evening))
