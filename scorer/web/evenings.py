"""Evenings: start one, the score sheet with its status panel, close and reopen."""

from __future__ import annotations

import datetime as dt

from flask import Blueprint, flash, redirect, render_template, request, session, url_for
from werkzeug.wrappers import Response

from scorer import services
from scorer.evening import describe_bock_queue
from scorer.explain import PRESET_LABELS, summary
from scorer.labels import forced_notice, plan_complete, plan_text
from scorer.rules import InvalidRules, rules_from_spec
from scorer.web import live, money
from scorer.web.forms import (
    DECK_LABELS,
    OPTION_NAMES,
    ActionForm,
    EveningForm,
    choices,
    option_errors,
    options_form,
    options_from_form,
    seat_order,
    sent_revision,
)
from scorer.web.lookup import evening_or_404, group_or_404
from scorer.web.numbers import parse_int

bp = Blueprint("evenings", __name__, url_prefix="/r/<token>/abend")

UNDO = "undo"
"""Session key: the last change to a game, offered once as "Rückgängig" on the sheet."""


@bp.route("/neu", methods=["GET", "POST"])
def new(token: str) -> str | Response:
    """Who is here, in which seat order, who deals first, which rules."""
    group = group_or_404(token)
    house = services.house_rules(group)
    active = [p for p in group.players if p.active]
    ids = [p.id for p in active]
    form = EveningForm(data={"played_on": dt.date.today(),
                             "present": [str(i) for i in ids[:4]]})
    form.first_dealer.choices = choices([("", "wer auf Platz 1 sitzt")] + [
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
            for field, message in err.problems:
                errors.setdefault({"seats": "present"}.get(field, field), []).append(message)
        else:
            flash(f"Abend {evening.number} beginnt. Gut Blatt!")
            return redirect(url_for("evenings.show", token=token, number=evening.number))
    status = 422 if request.method == "POST" else 200
    seat_numbers = {pid: request.form.get(f"seat-{pid}", str(k + 1))
                    for k, pid in enumerate(ids)}
    return render_template(
        "evening_new.html", group=group, form=form, options=options, errors=errors,
        players=active, seat_numbers=seat_numbers, summary=summary(house),
        preset_label=PRESET_LABELS[group.preset], deck_labels=DECK_LABELS,
        rules_open=any(name in OPTION_NAMES for name in errors),
    ), status


@bp.route("/<int:number>/")
def show(token: str, number: int) -> str:
    """The score sheet: totals, status panel, one row per game."""
    evening = evening_or_404(token, number)
    sheet = services.sheet(evening)
    # A phone that only watches for changes leaves the offer for the page it opens next.
    undo = None if live.is_live_fetch() else session.pop(UNDO, None)
    if undo is not None and undo.get("evening_id") != evening.id:
        undo = None
    ledger = sheet.ledger
    return render_template(
        "sheet.html", group=evening.group, evening=evening, sheet=sheet, undo=undo,
        action=ActionForm(formdata=None, data={"revision": evening.revision}),
        bock_text=describe_bock_queue(ledger.bock_queue),
        plan=plan_text(ledger), done=not evening.closed and plan_complete(ledger),
        forced_why=forced_notice(ledger),
        summary=summary(sheet.rules, evening.planned_games), **money.sheet_extras(evening, sheet),
    )


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
            flash("Abend abgeschlossen." if closed else "Abend wieder geöffnet.")
    return redirect(url_for("evenings.show", token=token, number=number))
