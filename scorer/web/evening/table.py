"""Tisch ändern: players come, go or change seats during an evening (RULES.md §7 "Table
changes").

A change is an entry of the evening like a game: it stands "after game n", shows on the sheet
as a row between the games, and is edited (moved to another place too), deleted, undone and
restored from the history like a game. The dealer is the core's (§7) unless the table picks
one; the page asks the core for its suggestion by folding the evening with the change.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any

from flask import (
    Blueprint,
    abort,
    flash,
    g,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from werkzeug.wrappers import Response

from scorer import services
from scorer.store.models import Evening, Game
from scorer.web.evening.entry import entry_key, refuse_if_closed, sheet_url
from scorer.web.evening.forms import NEW_SEAT, TableForm, seat_order
from scorer.web.pages.forms import ActionForm, errors_by_field, sent_revision, with_form_errors
from scorer.web.pages.lookup import evening_or_404, table_change_or_404
from scorer.web.pages.numbers import parse_int
from scorer.words import entry as words
from scorer.words.table_text import change_texts

bp = Blueprint("table", __name__, url_prefix="/r/<token>/abend/<int:number>/tisch")

FIELDS = {"table": "present"}
"""Service and core fields that the form calls differently."""


@dataclass(frozen=True)
class Choice:
    """A chosen table change, as the form sent it."""

    seats: list[services.Seat]
    """Clockwise: player ids, and the new player's name if one is added."""
    dealer: services.Seat | None
    """Who deals next (None: as RULES.md §7 says)."""
    after: int | None
    """Games before the change (None: now, or where it stands)."""

    def facts(self) -> dict[str, Any]:
        """The change as stored, a new player named by name (``services.Seat``)."""
        if self.dealer is None:
            return {"table": list(self.seats)}
        return {"table": list(self.seats), "dealer": self.dealer}


@dataclass(frozen=True)
class SeatLine:
    """One player on the form: ticked or not, and the seat number."""

    id: int
    name: str
    checked: bool
    seat: str


@bp.route("/neu", methods=["GET", "POST"])
def new(token: str, number: int) -> str | Response | tuple[str, int]:
    """A table change now (or after an earlier game)."""
    evening = evening_or_404(token, number)
    if (closed := refuse_if_closed(evening)) is not None:
        return closed
    sheet = services.sheet(evening)
    form = TableForm(data={"entry_key": str(uuid.uuid4()), "after": str(len(sheet.rows))})
    errors: dict[str, list[str]] = {}
    notice = None
    if form.validate_on_submit():
        key = entry_key(form.entry_key.data)
        choice, errors = _choice(form, _listed(sheet, sheet.ledger.seats))
        sent = services.sent_before(evening, key, choice.facts())
        if sent is not None:
            _, same = sent
            if same:
                return redirect(sheet_url(evening))
            form.entry_key.data = str(uuid.uuid4())
            notice = words.table_change_stored_before()
        elif not errors:
            try:
                services.add_table_change(evening, choice.seats, choice.dealer,
                                          choice.after, key, bool(form.new_guest.data))
            except services.Refused as err:
                errors = _errors(err)
                sheet = services.sheet(evening)
            else:
                return redirect(sheet_url(evening))
    status = 409 if notice else 422 if request.method == "POST" else 200
    return _page(evening, sheet, form, errors, None, notice), status


@bp.route("/<int:game_id>/", methods=["GET", "POST"])
def edit(token: str, number: int, game_id: int) -> str | Response | tuple[str, int]:
    """Change a table change: its seats, its dealer or its place ("after game n")."""
    evening = evening_or_404(token, number)
    row = table_change_or_404(evening, game_id)
    if (closed := refuse_if_closed(evening)) is not None:
        return closed
    if row.deleted_at is not None:
        flash(words.table_change_deleted(), "error")
        return redirect(sheet_url(evening))
    sheet = services.sheet(evening)
    change = _change_row(sheet, row)
    form = TableForm(data={"revision": row.revision, "after": str(change.entry.after),
                           "dealer": str(row.facts.get("dealer", ""))})
    errors: dict[str, list[str]] = {}
    if form.validate_on_submit():
        choice, errors = _choice(form, _listed(sheet, change.entry.seats))
        if not errors:
            try:
                services.edit_table_change(row, choice.seats, choice.dealer,
                                           choice.after, sent_revision(form))
            except services.Refused as err:
                errors = _errors(err)
                sheet = services.sheet(evening)
            else:
                return redirect(sheet_url(evening))
    status = 422 if request.method == "POST" else 200
    return _page(evening, sheet, form, errors, row), status


@bp.route("/<int:game_id>/loeschen", methods=["GET", "POST"])
def delete(token: str, number: int, game_id: int) -> str | Response:
    """Ask, then delete a table change (softly: "Rückgängig" brings it back)."""
    evening = evening_or_404(token, number)
    row = table_change_or_404(evening, game_id)
    if (closed := refuse_if_closed(evening)) is not None:
        return closed
    if row.deleted_at is not None:
        flash(words.table_change_deleted_already(), "error")
        return redirect(sheet_url(evening))
    form = ActionForm(data={"revision": row.revision})
    if form.validate_on_submit():
        try:
            services.delete_game(row, sent_revision(form))
        except services.Refused as err:
            flash(err.problems[0][1], "error")
        return redirect(sheet_url(evening))
    sheet = services.sheet(evening)
    return render_template("table_delete.html", group=evening.group, evening=evening,
                           form=form, change=_change_row(sheet, row))


@bp.post("/vorschau")
def preview_new(token: str, number: int) -> Response:
    """Live preview of a new change: its row on the sheet and the dealer §7 suggests."""
    return _preview(evening_or_404(token, number), None)


@bp.post("/<int:game_id>/vorschau")
def preview_edit(token: str, number: int, game_id: int) -> Response:
    """Live preview of an edited change in its (new) place."""
    evening = evening_or_404(token, number)
    row = table_change_or_404(evening, game_id)
    return _preview(evening, row if row.deleted_at is None else None)


def _preview(evening: Evening, row: Game | None) -> Response:
    sheet = services.sheet(evening)
    seats = _change_row(sheet, row).entry.seats if row is not None else sheet.ledger.seats
    form = TableForm()
    form.validate()
    choice, errors = _choice(form, _listed(sheet, seats))
    outcome = _outcome(evening, choice, row) if not errors else None
    if outcome is None or outcome[2]:
        problems = outcome[2] if outcome else errors
        return jsonify(ok=False, messages=[m for ms in problems.values() for m in ms])
    text, suggested, _ = outcome
    return jsonify(ok=True, text=text, suggested=suggested)


# --------------------------------------------------------------------------- the form


def _listed(sheet: services.Sheet, seats: tuple[str, ...]) -> list[tuple[int, str]]:
    """Who the form offers: the table (in seat order), then the evening's other players,
    then the Runde's other active players."""
    active = {p.id for p in sheet.evening.group.players if p.active}
    ids = sheet.ids
    listed = [(ids[n], n) for n in seats]
    listed += [(ids[n], n) for n in sheet.ledger.players if n not in seats and ids[n] in active]
    known = {i for i, _ in listed}
    listed += [(p.id, p.name) for p in sheet.evening.group.players
               if p.active and p.id not in known]
    return listed


def _choice(form: TableForm, listed: list[tuple[int, str]],
            ) -> tuple[Choice, dict[str, list[str]]]:
    """The change as the form sent it, and what could not be read."""
    errors: dict[str, list[str]] = {}
    present = list(form.present.data or [])
    new_name = (form.new_name.data or "").strip()
    if new_name:
        present.append(NEW_SEAT)
    # Whatever was ticked goes to the service, which refuses a player it cannot seat (one
    # who retired, one of another Runde) rather than leaving them out unsaid.
    candidates: list[int | str] = [i for i, _ in listed]
    candidates += [i for i in (parse_int(raw, low=1) for raw in present)
                   if i is not None and i not in candidates]
    order = seat_order(request.form, present, [*candidates, NEW_SEAT])
    seats: list[services.Seat] = [new_name if k == NEW_SEAT else int(k) for k in order]
    raw_dealer = form.dealer.data or ""
    dealer: services.Seat | None = None
    if raw_dealer == NEW_SEAT:
        if new_name:
            dealer = new_name
        else:
            errors["dealer"] = [words.new_player_first()]
    elif raw_dealer:
        dealer = parse_int(raw_dealer, low=1)
        if dealer is None:
            errors["dealer"] = [words.unknown_player()]
    raw_after = form.after.data or ""
    after = parse_int(raw_after, low=0) if raw_after else None
    if raw_after and after is None:
        errors["after"] = [words.after_not_a_number()]
    return Choice(seats, dealer, after), errors


def _outcome(evening: Evening, choice: Choice, row: Game | None,
             ) -> tuple[str, str, dict[str, list[str]]]:
    """Fold the evening with the chosen change, checked as saving checks it (nothing is
    stored): the sheet's row text, the dealer RULES.md §7 suggests, and the problems."""
    try:
        ledger, change = services.check_table_change(evening, choice.seats, None,
                                                     choice.after, row)
        suggested = change.dealer
        if choice.dealer is not None:
            ledger, change = services.check_table_change(evening, choice.seats, choice.dealer,
                                                         choice.after, row)
    except services.Refused as err:
        return "", "", _errors(err)
    return change_texts(ledger)[ledger.table_changes.index(change)], suggested, {}


def _page(evening: Evening, sheet: services.Sheet, form: TableForm,
          errors: dict[str, list[str]], row: Game | None,
          notice: str | None = None) -> str:
    """The form: seats to tick and order, when, who deals; with what the sheet will say."""
    errors = with_form_errors(form, errors)
    change = _change_row(sheet, row) if row is not None else None
    # The table the form starts from: the change's own, or today's for a new one.
    table = change.entry.seats if change is not None else sheet.ledger.seats
    listed = _listed(sheet, table)
    if request.method == "POST":
        ticked = set(form.present.data or [])
        lines = [SeatLine(pid, name, str(pid) in ticked,
                          request.form.get(f"seat-{pid}", str(k + 1)))
                 for k, (pid, name) in enumerate(listed)]
        new_seat = request.form.get(f"seat-{NEW_SEAT}", str(len(lines) + 1))
        choice, unread = _choice(form, listed)
    else:
        lines = [SeatLine(pid, name, k < len(table), str(k + 1))
                 for k, (pid, name) in enumerate(listed)]
        new_seat = str(len(lines) + 1)
        choice = Choice([pid for pid, _ in listed[:len(table)]], _stored_dealer(change),
                        change.entry.after if change is not None else None)
        unread = {}
    text, suggested, _ = _outcome(evening, choice, row) if not unread else ("", "", {})
    games = len(sheet.rows)
    form.after.choices = [(str(k), words.after_label(k, games, row is None))
                          for k in range(games + 1)]
    form.dealer.choices = [("", words.dealer_by_rule(suggested))]
    form.dealer.choices += [(str(pid), name) for pid, name in listed]
    # Who plays in a tournament is the organiser's to say (services.table_changes): its
    # table's form offers no new player.
    club_table = evening.group.tournament_table
    if not club_table:
        form.dealer.choices += [(NEW_SEAT, words.the_new_player())]
    known = {"present", "new_name", "after", "dealer"}
    general = [m for name, ms in errors.items() if name not in known for m in ms]
    preview_url = (url_for("table.preview_edit", token=g.link_token, number=evening.number,
                           game_id=row.id) if row is not None
                   else url_for("table.preview_new", token=g.link_token, number=evening.number))
    return render_template(
        "table.html", group=evening.group, evening=evening, form=form, errors=errors,
        general=general, lines=lines, new_seat=new_seat, row=row, text=text,
        preview_url=preview_url, notice=notice, club_table=club_table)


def _stored_dealer(change: services.ChangeRow | None) -> int | None:
    if change is None:
        return None
    dealer = change.game.facts.get("dealer")
    return dealer if isinstance(dealer, int) else None


def _change_row(sheet: services.Sheet, row: Game | None) -> services.ChangeRow:
    """The sheet's entry of a live table change; gone meanwhile (deleted on another phone
    between two reads): back to the sheet with a word instead of an error page."""
    change = next((e for e in sheet.entries if isinstance(e, services.ChangeRow)
                   and row is not None and e.game.id == row.id), None)
    if change is None:
        flash(words.table_change_deleted_elsewhere(), "error")
        abort(redirect(sheet_url(sheet.evening)))
    return change


def _errors(err: services.Refused) -> dict[str, list[str]]:
    return errors_by_field(err.problems, lambda field: FIELDS.get(field, field))
