"""Evenings: start one, the score sheet with its status panel, close and reopen."""

from __future__ import annotations

import datetime as dt

from flask import (
    Blueprint,
    abort,
    flash,
    g,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from werkzeug.wrappers import Response

from scorer import services
from scorer.core.evening import moves_on
from scorer.core.rules import GameKind, InvalidRules, rules_from_spec
from scorer.store.models import Group
from scorer.web.evening.finish import finish_row
from scorer.web.evening.forms import EveningForm, seat_order
from scorer.web.evening.sheet_money import sheet_extras
from scorer.web.evening.sheet_pdf import prepare_sheet
from scorer.web.evening.sheet_rows import RowLinks, sheet_rows
from scorer.web.evening.undo import undo_offer
from scorer.web.pages.club_access import ended_round
from scorer.web.pages.display import rules_words
from scorer.web.pages.forms import (
    ActionForm,
    choices,
    error_summary,
    errors_by_field,
    sent_revision,
    with_form_errors,
)
from scorer.web.pages.lookup import evening_or_404, game_or_404, group_or_404
from scorer.web.pages.numbers import parse_int
from scorer.web.pages.rule_forms import (
    OPTION_NAMES,
    option_errors,
    option_limits,
    option_places,
    options_form,
    options_from_form,
)
from scorer.web.pages.sharing import shared
from scorer.words import sheet as sheet_words
from scorer.words.explain import preset_label, summary
from scorer.words.labels import (
    bock_at_end_text,
    bock_queue_text,
    bock_summary,
    coming_words,
    forced_notice,
    games_text,
    plan_complete,
    plan_text,
    short_names,
)

bp = Blueprint("evenings", __name__, url_prefix="/r/<token>/abend")

MAX_SEATS = 7
"""A table seats four to seven (RULES.md §7)."""
SERVICE_FIELDS = {"seats": "present"}
"""Service fields that the form calls differently."""
GAMES_AHEAD = 6
"""How many games after the next one the sheet tells a phone that may go offline (who
deals and plays them, if the games before them move the dealer on): a cellar's worth."""


@bp.route("/neu", methods=["GET", "POST"])
def new(token: str) -> str | Response | tuple[str, int]:
    """Who is here, in which seat order, who deals first, which rules."""
    group = group_or_404(token)
    house = services.house_rules(group)
    active = [p for p in group.players if p.active]
    ids = [p.id for p in active]
    here = _likely_here(group, ids)
    form = EveningForm(data={"played_on": dt.date.today(),
                             "present": [str(i) for i in here]})
    form.first_dealer.choices = choices([("", sheet_words.first_dealer_default())] + [
        (str(p.id), p.name) for p in active])
    options = options_form(house, prefix="rules",
                           formdata=request.form if request.method == "POST" else None)
    errors: dict[str, list[str]] = {}
    if request.method == "POST" and form.validate_on_submit() and options.validate():
        seats = seat_order(request.form, form.present.data or [], ids)
        chosen = form.first_dealer.data or ""
        # Empty means "whoever sits in seat 1"; anything but a player's id is nobody at the
        # table, which the core refuses beside the field.
        dealer = (parse_int(chosen, low=1) or 0) if chosen else (seats[0] if seats else 0)
        # validated: InputRequired
        assert form.played_on.data is not None and form.cents_per_point.data is not None
        try:
            rules = rules_from_spec({"preset": group.preset, **options_from_form(options)})
            evening = services.start_evening(
                group, played_on=form.played_on.data, seat_ids=seats, first_dealer_id=dealer,
                preset=group.preset, rules=rules, planned_games=form.planned_games.data,
                cents_per_point=form.cents_per_point.data,
                settlement_mode=form.settlement_mode.data,
                settlement_rounding=form.settlement_rounding.data)
        except InvalidRules as err:
            errors = option_errors(err.problems)
        except services.Refused as err:
            errors = errors_by_field(err.problems, lambda field: SERVICE_FIELDS.get(field, field))
        else:
            flash(sheet_words.evening_begins(evening.number))
            return redirect(url_for("evenings.show", token=token, number=evening.number))
    status = 422 if request.method == "POST" else 200
    # Everything refused, at the top: the rules are far down the page (and folded).
    places = {"present": ("seats", sheet_words.who_is_here()), **option_places(options),
              **{f.short_name: (f.id, f.label.text) for f in form if f.short_name != "present"}}
    refused = with_form_errors(options, with_form_errors(form, {k: list(v) for k, v in errors.items()}))
    # The likely players first, in their last evening's order; the others after them.
    order = here + [i for i in ids if i not in here]
    seat_numbers = {pid: request.form.get(f"seat-{pid}", str(order.index(pid) + 1))
                    for pid in ids}
    return render_template(
        "evening_new.html", group=group, form=form, options=options, errors=errors,
        players=active, seat_numbers=seat_numbers, summary=summary(house),
        preset_label=preset_label(group.preset), limits=option_limits(options),
        problems=error_summary(refused, places),
        rules_open=any(name in OPTION_NAMES for name in refused),
    ), status


def _likely_here(group: Group, active: list[int]) -> list[int]:
    """Whom "Neuer Abend" ticks: the players of the Runde's last evening who are still
    active (the table at its end, should more than seven have come and gone), else every
    active player if they are seven at most; else nobody, and the table ticks."""
    everybody, table = services.last_evening_players(group)
    for candidates in (everybody, table, active):
        here = [pid for pid in candidates if pid in active]
        if 4 <= len(here) <= MAX_SEATS:
            return here
    return []


@bp.route("/<int:number>/")
def show(token: str, number: int) -> bytes:
    """The score sheet: totals, status panel, one row per game."""
    evening = evening_or_404(token, number)
    sheet = services.sheet(evening)
    editing = g.can_edit and not evening.closed
    # A tournament table whose round ended: only the organiser opens it again.
    reopens = g.can_edit and evening.closed and ended_round(evening.group) is None
    # A club table finishing its started game after its round: only that game (the
    # Turnierleitung still corrects).
    correcting = editing and not services.finishing_only(evening)
    undo = undo_offer(evening) if correcting else None
    ledger = sheet.ledger
    # What is shared and printed now, made before it is asked for: the picture first (it
    # is quick, and the render process makes one thing at a time).
    shares = shared(evening, sheet) if evening.closed else None
    if evening.closed:  # what is printed now: made before "Drucken / PDF" is tapped
        prepare_sheet(evening, sheet)
    short = short_names(ledger.players)
    rows = sheet_rows(sheet, RowLinks(token, number), correcting, short)
    rules = sheet.rules
    return rows.page(render_template(
        "sheet.html", group=evening.group, evening=evening, sheet=sheet, undo=undo,
        # For a phone that keeps games while offline (static/js/offline.js): the games
        # after the next one, and the kinds after which they are sure.
        coming=coming_words(ledger, GAMES_AHEAD) if editing else (),
        moves_on=" ".join(k.value for k in GameKind if moves_on(k, rules)),
        action=ActionForm(formdata=None, data={"revision": evening.revision}),
        bock_text=bock_queue_text(ledger.bock_queue),
        bock_lines=bock_summary(ledger, evening.closed),
        plan=plan_text(ledger), done=not evening.closed and plan_complete(ledger),
        bock_end=bock_at_end_text(ledger) if evening.closed or plan_complete(ledger) else None,
        forced_why=forced_notice(ledger), reopens=reopens,
        finishing=editing and not correcting,
        finish=None if evening.closed else finish_row(sheet),
        shared=shares,
        counted=(games_text(ledger.games, evening.planned_games)
                 if evening.closed and evening.planned_games is not None else None),
        rows=rows, short=short, rules_words=rules_words(sheet.rules, evening.planned_games),
        **sheet_extras(evening, sheet),
    ))


PANEL_HEADER = "X-Doko-Panel"
"""Sent by the sheet's script when it fetches only a row's breakdown (static/js/panels.js)."""


@bp.get("/<int:number>/spiel/<int:game_id>/rechnung")
def game(token: str, number: int, game_id: int) -> Response:
    """One game's breakdown: what an opened row of the sheet shows. The sheet fetches it
    when a row is opened (only the open rows cost anything); without JavaScript the row
    links here, and this is a page of its own."""
    evening = evening_or_404(token, number)
    entry = game_or_404(evening, game_id)
    sheet = services.sheet(evening)
    row = next((r for r in sheet.rows if r.game.id == entry.id), None)
    if row is None:
        abort(404)  # deleted: the sheet no longer has it
    words = sheet.words[row.entry.number]
    template = "_game_panel.html" if request.headers.get(PANEL_HEADER) == "1" else "game.html"
    response = make_response(render_template(
        template, group=evening.group, evening=evening, entry=row.entry, words=words,
        sheet_url=url_for("evenings.show", token=token, number=number)))
    response.vary.add(PANEL_HEADER)  # the same URL answers a fragment or a page
    return response


@bp.post("/<int:number>/schliessen")
def close(token: str, number: int) -> Response:
    """Close the evening: it becomes read-only and shows the final standings."""
    return _set_closed(token, number, True)


@bp.post("/<int:number>/oeffnen")
def reopen(token: str, number: int) -> Response:
    """Reopen a closed evening to correct it."""
    return _set_closed(token, number, False)


def _set_closed(token: str, number: int, closed: bool) -> Response:
    evening = evening_or_404(token, number)
    form = ActionForm()
    if form.validate_on_submit():
        try:
            services.set_closed(evening, closed, sent_revision(form))
        except services.Refused as err:
            flash(err.problems[0][1], "error")
        else:
            # What becomes of Bock games left open stands on the closed sheet itself.
            flash(sheet_words.evening_closed(closed))
    return redirect(url_for("evenings.show", token=token, number=number))
