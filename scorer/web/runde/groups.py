"""Start page and the Runde: players, house rules, the list of evenings."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable
from typing import Any

from flask import Blueprint, abort, flash, g, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from scorer import services
from scorer.core.payment import grouped_iban
from scorer.core.rules import PRESETS, InvalidRules
from scorer.store.models import Group
from scorer.web.pages import remembered
from scorer.web.pages.club_table import table_page
from scorer.web.pages.forms import ActionForm, error_summary, with_form_errors
from scorer.web.pages.lookup import group_or_404
from scorer.web.pages.numbers import parse_int
from scorer.web.pages.qr import qr_svg
from scorer.web.pages.rule_forms import (
    option_errors,
    option_limits,
    option_places,
    options_form,
    options_from_form,
)
from scorer.web.pages.sharing import season_shared
from scorer.web.runde.forms import (
    ForgetForm,
    GroupForm,
    MemberSinceForm,
    MemberUntilForm,
    PayDetailsForm,
    PlayerForm,
    PresetForm,
)
from scorer.web.server.hosts import public_url
from scorer.web.server.offered import offered
from scorer.web.year.season_pages import runde_season
from scorer.words import pay as pay_words
from scorer.words import runde as words
from scorer.words.explain import OPTION_HELP, OPTION_LABELS, PRESET_LABELS, format_value, summary
from scorer.words.i18n import _
from scorer.words.languages import NAMES

bp = Blueprint("groups", __name__)


@bp.before_app_request
def upgrade_old_session() -> None:
    """Sessions from before kept remembered links in clear; see scorer.web.remembered."""
    remembered.upgrade_old_session()


@bp.route("/", methods=["GET", "POST"])
def index() -> str | Response:
    """Start: the Runden this device remembers, and a form for a new one."""
    form = GroupForm()
    if form.validate_on_submit():
        assert form.name.data is not None  # validated: DataRequired
        try:
            group = services.create_group(form.name.data, form.preset.data)
        except services.Refused as err:
            for field, message in err.problems:
                form[field].errors = [*form[field].errors, message]
        else:
            flash(words.runde_created())
            return redirect(url_for("groups.show", token=group.edit_token))
    # Each remembered Runde with the evening it is playing, if any: one tap to its sheet.
    groups = [(token, group, services.running_evening(group))
              for token, group in remembered.remembered_groups()]
    return render_template("index.html", form=form, groups=groups,
                           forget=ForgetForm(formdata=None))


@bp.post("/r/<token>/merken")
def remember(token: str) -> Response:
    """Remember this Runde on this device, by the link it was opened with (a read-only link
    stays read-only)."""
    group = group_or_404(token)
    if not ActionForm().validate_on_submit():
        abort(400)
    remembered.remember(group, token)
    flash(words.remembered(group.name, token == group.read_token))
    return redirect(url_for("groups.show", token=token))


@bp.post("/vergessen")
def forget() -> Response:
    """Forget a remembered Runde on this device; its links keep working."""
    form = ForgetForm()
    if not form.validate_on_submit():
        abort(400)
    group_id = parse_int(form.runde.data, low=1)
    # Only a Runde this device remembered is named: the id comes from a form.
    if group_id is not None and remembered.forget(group_id):
        group = services.find_group_by_id(group_id)
        if group is not None:
            flash(words.forgotten(group.name))
    return redirect(url_for("groups.index"))


@bp.route("/r/<token>/")
def show(token: str) -> str:
    """The Runde: players, house rules in short, evenings with winner and totals."""
    group = group_or_404(token)
    if group.tournament_table:
        return table_page(group)
    return _group_page(group, PlayerForm(formdata=None))


def changed_options(group: Group) -> dict[str, str]:
    """The options the Runde changed on top of its preset, in German."""
    return {_(OPTION_LABELS[k]): format_value(k, v) for k, v in group.overrides.items()}


def _group_page(group: Group, add_form: PlayerForm) -> str:
    # The current season (or the one ?saison= names): its ranking and its evenings, newest
    # first, from the Runde's year as kept (scorer.web.year.seasons).
    season = runde_season(group)
    return render_template(
        "group.html", group=group, add_form=add_form, **season,
        season_share=season_shared(group, season["year"], season["view"]),
        action=ActionForm(formdata=None), preset_label=_(PRESET_LABELS[group.preset]),
        remembered_here=remembered.remembered_token(group) == g.link_token,
        changed=changed_options(group), summary=summary(services.house_rules(group)),
        qr_edit=qr_svg(public_url("groups.show", token=group.edit_token)),
        qr_read=qr_svg(public_url("groups.show", token=group.read_token)),
        tournaments=services.tournaments_of(group),
    )


@bp.post("/r/<token>/links")
def renew_links(token: str) -> Response:
    """New edit and read-only links; the old ones stop working."""
    group = group_or_404(token)
    if not ActionForm().validate_on_submit():
        abort(400)
    old_edit, old_read = group.edit_token, group.read_token
    services.renew_tokens(group)
    remembered.renewed(group, old_edit, old_read)
    flash(words.links_renewed())
    return redirect(url_for("groups.show", token=group.edit_token))


@bp.post("/r/<token>/sprache")
def print_language(token: str) -> Response:
    """The language the Runde's PDFs and CSV files are made in (its pages speak each
    reader's own)."""
    group = group_or_404(token)
    if not ActionForm().validate_on_submit():
        abort(400)
    try:
        services.set_print_language(group, request.form.get("sprache", ""), offered())
    except services.Refused as refused:
        for _field, message in refused.problems:
            flash(message, "error")
    else:
        flash(words.print_language_saved(NAMES[group.language]))
    return redirect(url_for("groups.show", token=token) + "#print-language-title")


@bp.get("/r/<token>/sicherung.json")
def backup(token: str) -> Response:
    """Everything of this Runde as one JSON file (the same format as `flask backup`)."""
    group = group_or_404(token)
    document = services.backup_group(group)
    stamp = dt.datetime.now(dt.UTC).strftime("%Y%m%d-%H%M%S")
    response = Response(json.dumps(document, ensure_ascii=False, indent=1),
                        mimetype="application/json")
    response.headers["Content-Disposition"] = f'attachment; filename="doko-zettel-{stamp}.json"'
    return response


@bp.post("/r/<token>/spieler")
def add_player(token: str) -> str | Response | tuple[str, int]:
    """Add a player to the Runde."""
    group = group_or_404(token)
    form = PlayerForm()
    if form.validate_on_submit():
        assert form.name.data is not None  # validated: DataRequired
        try:
            player = services.add_player(group, form.name.data, bool(form.guest.data))
        except services.Refused as err:
            form.name.errors = [m for _, m in err.problems]
        else:
            flash(words.player_added(player.name))
            # Back at the name field, the cursor in it (static/js/focus.js): the next name.
            return redirect(url_for("groups.show", token=token, _anchor=form.name.id))
    return _group_page(group, form), 422


def _stored(field: Any, change: Callable[..., None], *args: Any) -> bool:
    """Run a service's ``change``; a refusal goes under ``field`` (and nothing is stored)."""
    try:
        change(*args)
    except services.Refused as err:
        field.errors = [m for _, m in err.problems]
        return False
    return True


@bp.route("/r/<token>/spieler/<int:player_id>", methods=["GET", "POST"])
def edit_player(token: str, player_id: int) -> str | Response | tuple[str, int]:
    """Rename a player, set since when they belong to the Runde, or retire / bring back."""
    group = group_or_404(token)
    player = next((p for p in group.players if p.id == player_id), None)
    if player is None:
        title, message = words.no_such_player()
        return render_template("error.html", title=title, message=message), 404
    form = PlayerForm(data={"name": player.name})
    since = MemberSinceForm(data={"since": services.member_since(player)})
    pay = PayDetailsForm(formdata=None, data={
        "iban": grouped_iban(player.iban) if player.iban else "",
        "holder": player.account_holder or "", "paypal": player.paypal_me or ""})
    until = MemberUntilForm(data={"until": services.member_until(player) or dt.date.today()})
    action = ActionForm()
    back = redirect(url_for("groups.edit_player", token=token, player_id=player.id))
    if request.method == "POST" and "iban" in request.form:
        pay = PayDetailsForm()
        if pay.validate_on_submit():
            try:
                services.set_pay_details(player, pay.iban.data or "", pay.holder.data or "",
                                         pay.paypal.data or "")
            except services.Refused as err:
                for field, message in err.problems:
                    getattr(pay, field).errors = [*getattr(pay, field).errors, message]
            else:
                flash(pay_words.pay_details_saved(player.name))
                return back
    elif request.method == "POST" and "pay_forget" in request.form and action.validate_on_submit():
        services.remove_pay_details(player)
        flash(pay_words.pay_details_removed(player.name))
        return back
    elif request.method == "POST" and "treasurer" in request.form and action.validate_on_submit():
        keeper = player if request.form["treasurer"] == "1" else None
        services.set_treasurer(group, keeper)
        flash(pay_words.treasurer_set(keeper.name if keeper else None))
        return back
    elif (request.method == "POST" and "hide_rating" in request.form
          and action.validate_on_submit()):
        hidden = request.form["hide_rating"] == "1"
        services.set_hide_rating(player, hidden)
        flash(pay_words.rating_hidden(player.name, hidden))
        return back
    elif request.method == "POST" and "since" in request.form:
        if since.validate_on_submit() and _stored(
                since.since, services.set_member_since, player, since.since.data):
            assert since.since.data is not None  # validated: InputRequired
            flash(words.member_since(player.name, since.since.data))
            return redirect(url_for("groups.edit_player", token=token, player_id=player.id))
    elif request.method == "POST" and "until" in request.form:
        # Retiring with a day, or moving the day of one retired ("Mitglied bis").
        if until.validate_on_submit() and _stored(
                until.until, services.retire_player, player, True, until.until.data):
            assert until.until.data is not None  # validated: InputRequired
            flash(words.member_until(player.name, until.until.data))
            return redirect(url_for("groups.edit_player", token=token, player_id=player.id))
    elif request.method == "POST" and "guest" in request.form and action.validate_on_submit():
        services.set_guest(player, request.form["guest"] == "1")
        flash(words.guest(player.name, player.guest))
        return redirect(url_for("groups.edit_player", token=token, player_id=player.id))
    elif request.method == "POST" and "retire" in request.form and action.validate_on_submit():
        services.retire_player(player, request.form["retire"] == "1")
        flash(words.retired(player.name, player.retired_at is not None))
        return redirect(url_for("groups.show", token=token))
    elif (request.method == "POST" and "retire" not in request.form
          and form.validate_on_submit()
          and _stored(form.name, services.rename_player, player, form.name.data)):
        flash(words.renamed(player.name))
        return redirect(url_for("groups.show", token=token))
    status = 422 if request.method == "POST" else 200
    return render_template("player.html", group=group, player=player, form=form, since=since,
                           pay=pay, until=until, until_day=services.member_until(player),
                           action=ActionForm(formdata=None)), status


@bp.route("/r/<token>/regeln", methods=["GET", "POST"])
def rules(token: str) -> str | Response | tuple[str, int]:
    """House rules: the preset, every option with one sentence, and the summary."""
    group = group_or_404(token)
    current = services.house_rules(group)
    form = options_form(current, formdata=request.form if request.method == "POST" else None)
    errors: dict[str, list[str]] = {}
    if request.method == "POST" and form.validate_on_submit():
        try:
            services.set_house_rules(group, group.preset, options_from_form(form))
        except InvalidRules as err:
            errors = option_errors(err.problems)
        else:
            flash(words.house_rules_saved())
            return redirect(url_for("groups.rules", token=token))
    # A refusal is said at the top, each problem linked to its option: the options are
    # nine screens long on a phone.
    problems = error_summary(with_form_errors(form, dict(errors)), option_places(form))
    return render_template(
        "rules.html", group=group, form=form, errors=errors, problems=problems,
        limits=option_limits(form),
        preset_form=PresetForm(formdata=None, data={"preset": group.preset}),
        summary=summary(current), help=OPTION_HELP,
        preset_label=_(PRESET_LABELS[group.preset]), presets=PRESETS,
        changed=changed_options(group),
    ), 422 if problems else 200


@bp.post("/r/<token>/regeln/regelwerk")
def choose_preset(token: str) -> Response:
    """Start the house rules over from another preset."""
    group = group_or_404(token)
    form = PresetForm()
    if form.validate_on_submit():
        services.set_house_rules(group, form.preset.data, {})
        flash(words.preset_chosen(_(PRESET_LABELS[group.preset])))
    else:
        flash(words.choose_a_preset(), "error")
    return redirect(url_for("groups.rules", token=token))
