"""The club evening, the organiser's side: make a tournament (standalone or in a Runde),
register players, draw a round, swap two players, start and end rounds, open a table again
to correct it, print the seating plan and the Tischzettel. And a table's own page (its
Runde's page: ``groups.show`` hands a table's Runde over to ``table_page``).

Every change goes through ``scorer.services``; every number a page shows comes from the
tables' evenings folded by the core (``services.results``).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable

from flask import (
    Blueprint,
    abort,
    flash,
    g,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from werkzeug.wrappers import Response

from scorer import services
from scorer.core.rules import PRESETS, HouseRules, InvalidRules, rules_from_spec
from scorer.core.rules import preset as preset_rules
from scorer.store.models import (
    Group,
    Player,
    Tournament,
    TournamentPlayer,
    TournamentRound,
)
from scorer.web.club.following import live_attrs
from scorer.web.club.forms import (
    BOCK_TRIGGERS,
    DDV_LIST,
    DDV_LIST_GAMES,
    RUNDE_RULES,
    DrawForm,
    NewTournamentForm,
    PlayerActionForm,
    RegisterForm,
    RenameForm,
    SwapForm,
    TournamentForm,
)
from scorer.web.club.printouts import tournament_pdf
from scorer.web.evening.undo import not_mine
from scorer.web.pages.club_access import tournament_or_404
from scorer.web.pages.forms import ActionForm, choices, errors_by_field
from scorer.web.pages.lookup import group_or_404
from scorer.web.pages.numbers import MAX_INT, parse_int
from scorer.web.pages.qr import qr_svg
from scorer.web.pages.rule_forms import (
    DECK_LABELS,
    OPTION_NAMES,
    option_errors,
    options_form,
    options_from_form,
)
from scorer.web.server.hosts import public_url
from scorer.words import club_news as news
from scorer.words.club import pairs_again, progress_text, round_state, seat_list
from scorer.words.explain import PRESET_LABELS, summary
from scorer.words.files import seating_file, slips_file
from scorer.words.i18n import _

bp = Blueprint("club", __name__)


# --------------------------------------------------------------------------- new


@bp.route("/turnier/neu", methods=["GET", "POST"])
def new() -> str | Response | tuple[str, int]:
    """A tournament of its own, players typed in."""
    return _new(None)


@bp.route("/r/<token>/turnier/neu", methods=["GET", "POST"])
def new_in_runde(token: str) -> str | Response | tuple[str, int]:
    """A tournament of a Runde: its house rules offered, its players to tick."""
    return _new(group_or_404(token))


def _rule_choices(group: Group | None) -> list[tuple[str, str]]:
    out = [(DDV_LIST, news.ddv_list_choice(DDV_LIST_GAMES))]
    if group is not None:
        out.append((RUNDE_RULES, news.runde_rules_choice(group.name)))
    return out + [(name, _(PRESET_LABELS[name])) for name in PRESETS]


def _chosen_rules(choice: str, group: Group | None) -> tuple[str, HouseRules] | None:
    """(preset, HouseRules) of a rules choice; None for an unknown one."""
    if choice == DDV_LIST:
        return "ddv", preset_rules("ddv")
    if choice == RUNDE_RULES and group is not None:
        return group.preset, services.house_rules(group)
    if choice in PRESETS:
        return choice, preset_rules(choice)
    return None


def _with_bock(rules: HouseRules, choice: str) -> HouseRules:
    """The rules with the form's Bock choice ("" keeps theirs)."""
    if choice not in BOCK_TRIGGERS:
        return rules
    return dataclasses.replace(rules, bock_triggers=BOCK_TRIGGERS[choice])


def _new(group: Group | None) -> str | Response | tuple[str, int]:
    form = NewTournamentForm(data={"played_on": dt.date.today(),
                                   "rules": RUNDE_RULES if group is not None else DDV_LIST})
    form.rules.choices = choices(_rule_choices(group))
    errors: dict[str, list[str]] = {}
    if request.method == "POST" and form.validate_on_submit():
        chosen = _chosen_rules(form.rules.data or "", group)
        if chosen is None:
            errors["rules"] = [news.choose_rules()]
        elif form.rules.data == DDV_LIST and form.planned_games.data != DDV_LIST_GAMES:
            # Name the choice that plays this plan: the same rules without the list.
            message = news.ddv_list_games(DDV_LIST_GAMES, form.planned_games.data,
                                          _(PRESET_LABELS["ddv"]))
            errors["planned_games"] = [message]
        else:
            assert form.played_on.data is not None  # validated: InputRequired
            try:
                chosen = (chosen[0], _with_bock(chosen[1], form.bock.data or ""))
                tournament = services.create_tournament(
                    name=form.name.data or "", played_on=form.played_on.data,
                    preset=chosen[0], rules=chosen[1], planned_games=form.planned_games.data,
                    round_count=form.round_count.data, ranking=form.ranking.data or "",
                    absent_table_points=parse_int(form.absent_table_points.data), group=group)
            except InvalidRules as err:
                errors = {"bock": [m for said in option_errors(err.problems).values()
                                   for m in said]}
            except services.Refused as err:
                errors = errors_by_field(err.problems, lambda field: field)
            else:
                flash(news.created())
                return redirect(url_for("club.players", token=tournament.edit_token))
    status = 422 if request.method == "POST" else 200
    return render_template("club/new.html", form=form, errors=errors, group=group), status


# --------------------------------------------------------------------------- the organiser


@bp.get("/t/<token>/")
def show(token: str) -> str | Response:
    """The organiser's page: every round, each table's progress, what to do next. The
    ranking link is sent on to the ranking."""
    tournament = tournament_or_404(token)
    if not g.can_edit:
        return redirect(url_for("club_ranking.show", token=token))
    results = services.results(tournament)
    pending = services.current_round(tournament)
    if pending is not None and pending.started_at is not None:
        pending = None
    swap = SwapForm(formdata=None)
    stale: list[str] = []
    startable = False
    if pending is not None:
        seated = services.seated(pending)
        players = [(str(p.id), news.seated_choice(k, p.name))
                   for k, table in enumerate(seated, 1) for p in table]
        swap.one.choices = choices(players)
        swap.other.choices = choices(players)
        stale = services.stale_draw(pending)
        before = next((r for r in results.rounds if r.number == pending.number - 1), None)
        startable = before is None or before.ended or before.complete
    return render_template(
        "club/organiser.html", tournament=tournament, results=results, pending=pending,
        drawable=services.drawable(tournament), swap=swap, stale=stale, startable=startable,
        present=len(services.present(tournament, services.drawable(tournament) or 1)),
        action=ActionForm(formdata=None), draw_form=DrawForm(formdata=None),
        progress_text=progress_text, round_state=round_state, seat_list=seat_list,
        pairs_again=pairs_again,
        rules_summary=summary(rules_from_spec(tournament.rules), tournament.planned_games),
        preset_label=_(PRESET_LABELS[tournament.preset]),
        ranking_url=public_url("club_ranking.show", token=tournament.read_token),
        ranking_qr=qr_svg(public_url("club_ranking.show", token=tournament.read_token)),
        live=live_attrs(url_for("club.show", token=token)),
    )


def _back(token: str, anchor: str | None = None) -> Response:
    return redirect(url_for("club.show", token=token, _anchor=anchor))


def _refused(err: services.Refused) -> None:
    for _field, message in err.problems:
        flash(message[:1].upper() + message[1:], "error")


@bp.post("/t/<token>/auslosen")
def draw(token: str) -> Response:
    """Draw the next round, or draw a round not started yet again (with a new seed, or the
    seed typed in)."""
    tournament = tournament_or_404(token)
    form = DrawForm()
    if not form.validate_on_submit():
        for messages in form.errors.values():
            for message in messages:
                flash(str(message), "error")
        return _back(token)
    try:
        round_ = services.draw_round(tournament, form.seed.data)
    except services.Refused as err:
        _refused(err)
        return _back(token)
    flash(news.drawn(round_.number, round_.seed, round_.repeats))
    return _back(token, f"runde-{round_.number}")


def _round_or_404(tournament: Tournament, number: int) -> TournamentRound:
    found = services.find_round(tournament, number)
    if found is None:
        abort(404)
    return found


@bp.post("/t/<token>/runde/<int:number>/tauschen")
def swap(token: str, number: int) -> Response:
    """Exchange two players' seats before the round starts."""
    tournament = tournament_or_404(token)
    round_ = _round_or_404(tournament, number)
    form = SwapForm()
    if form.validate_on_submit():
        one, other = parse_int(form.one.data, low=1), parse_int(form.other.data, low=1)
        try:
            services.swap_players(round_, one or 0, other or 0)
        except services.Refused as err:
            _refused(err)
        else:
            names = {p.id: p.name for p in tournament.players}
            flash(news.swapped(names[one or 0], names[other or 0]))
    return _back(token, f"runde-{number}")


@bp.post("/t/<token>/runde/<int:number>/starten")
def start(token: str, number: int) -> Response:
    """Start a drawn round: every table gets its evening."""
    return _round_change(token, number, services.start_round, news.started(number))


@bp.post("/t/<token>/runde/<int:number>/beenden")
def end(token: str, number: int) -> Response:
    """End a round: every table's evening closes; its games so far count. Ticked
    "angefangene Spiele dürfen noch eingetragen werden": a table that has not played its
    plan still enters the game it started, then closes."""
    finish = request.form.get("angefangene") == "1"
    return _round_change(token, number,
                         lambda round_: services.end_round(round_, finish_started=finish),
                         news.ended_finishing(number) if finish else news.ended(number))


@bp.post("/t/<token>/runde/<int:number>/schliessen")
def close_finishing(token: str, number: int) -> Response:
    """Close the tables of an ended round that may still finish their started game."""
    return _round_change(token, number, services.close_finishing,
                         news.tables_closed(number))


@bp.post("/t/<token>/runde/<int:number>/fortsetzen")
def resume(token: str, number: int) -> Response:
    """Take back "Runde beenden": the tables it closed are open again."""
    return _round_change(token, number, services.resume_round, news.resumed(number))


def _round_change(token: str, number: int, change: Callable[[TournamentRound], None],
                  done: str) -> Response:
    """Start, end or resume round ``number`` (a form's post), saying ``done`` or why not;
    back to the round on the organiser's page."""
    round_ = _round_or_404(tournament_or_404(token), number)
    if ActionForm().validate_on_submit():
        try:
            change(round_)
        except services.Refused as err:
            _refused(err)
        else:
            flash(done)
    return _back(token, f"runde-{number}")


@bp.post("/t/<token>/runde/<int:number>/tisch/<int:table>/oeffnen")
def reopen(token: str, number: int, table: int) -> Response:
    """Open a table's evening again to correct it, and go to its sheet."""
    tournament = tournament_or_404(token)
    # Beyond an INTEGER column, PostgreSQL refuses the query itself (a 500): none such.
    found = (services.find_table(tournament, number, table)
             if number <= MAX_INT and table <= MAX_INT else None)
    if found is None:
        abort(404)
    if not ActionForm().validate_on_submit():
        return _back(token, f"runde-{number}")
    try:
        evening = services.reopen_table(found)
    except services.Refused as err:
        _refused(err)
        return _back(token, f"runde-{number}")
    not_mine(evening)
    flash(news.reopened(number, table))
    return redirect(url_for("evenings.show", token=found.group.edit_token, number=1))


@bp.get("/t/<token>/runde/<int:number>/sitzplan.pdf")
def seating_pdf(token: str, number: int) -> ResponseReturnValue:
    """The round's seating plan on one page: by name and by table."""
    tournament = tournament_or_404(token)
    round_ = _round_or_404(tournament, number)
    return tournament_pdf("seating", tournament, round_, seating_file(number))


@bp.get("/t/<token>/runde/<int:number>/tischzettel.pdf")
def slips_pdf(token: str, number: int) -> ResponseReturnValue:
    """One Tischzettel per table: players in seat order, first dealer, the QR code of the
    table's link."""
    tournament = tournament_or_404(token)
    round_ = _round_or_404(tournament, number)
    return tournament_pdf("slips", tournament, round_, slips_file(number))


# --------------------------------------------------------------------------- players


@bp.route("/t/<token>/anmeldung", methods=["GET", "POST"])
def players(token: str) -> str | Response | tuple[str, int]:
    """Who plays: start numbers, late arrivals, leavers; add many at once."""
    tournament = tournament_or_404(token)
    form = RegisterForm()
    runde_players = _runde_players(tournament)
    form.from_runde.choices = choices((str(p.id), p.name) for p in runde_players)
    if form.validate_on_submit():
        ticked = {str(p.id): p.name for p in runde_players}
        chosen = [ticked[i] for i in form.from_runde.data or [] if i in ticked]
        try:
            added = services.register(tournament, (form.names.data or "").splitlines(),
                                      ticked=chosen)
        except services.Refused as err:
            form.names.errors = [m for _, m in err.problems]
        else:
            later = services.started_rounds(tournament)
            flash(news.registered([p.number for p in added], later + 1 if later else None))
            return redirect(url_for("club.players", token=token, _anchor="anmelden"))
    status = 422 if request.method == "POST" else 200
    return render_template("club/players.html", tournament=tournament, form=form,
                           runde_players=runde_players, started=services.started_rounds(
                               tournament), action=PlayerActionForm(formdata=None)), status


def _runde_players(tournament: Tournament) -> list[Player]:
    """The Runde's active players not registered yet."""
    if tournament.group is None:
        return []
    taken = {p.name.casefold() for p in tournament.players}
    return [p for p in tournament.group.players if p.active and p.name.casefold() not in taken]


def _registration_or_404(tournament: Tournament, player_id: int) -> TournamentPlayer:
    found = services.registration(tournament, player_id)
    if found is None:
        abort(404)
    return found


@bp.post("/t/<token>/anmeldung/<int:player_id>")
def player_action(token: str, player_id: int) -> Response:
    """A player goes (``geht``) or comes back (``kommt``)."""
    tournament = tournament_or_404(token)
    player = _registration_or_404(tournament, player_id)
    form = PlayerActionForm()
    if form.validate_on_submit():
        name = player.name
        if form.action.data == "geht":
            services.leave(player)
            flash(news.signed_off(name) if services.registration(tournament, player_id)
                  is None else news.leaves(name))
        elif form.action.data == "kommt":
            services.come_back(player)
            flash(news.comes_back(name, player.from_round))
    return redirect(url_for("club.players", token=token))


@bp.route("/t/<token>/anmeldung/<int:player_id>/name", methods=["GET", "POST"])
def rename(token: str, player_id: int) -> str | Response | tuple[str, int]:
    """Correct a registered player's name (at their tables too)."""
    tournament = tournament_or_404(token)
    player = _registration_or_404(tournament, player_id)
    form = RenameForm(data={"name": player.name})
    if form.validate_on_submit():
        try:
            services.rename_registration(player, form.name.data or "")
        except services.Refused as err:
            form.name.errors = [m for _, m in err.problems]
        else:
            flash(news.renamed(player.name))
            return redirect(url_for("club.players", token=token))
    status = 422 if request.method == "POST" else 200
    return render_template("club/rename.html", tournament=tournament, player=player,
                           form=form), status


# --------------------------------------------------------------------------- settings


@bp.route("/t/<token>/einstellungen", methods=["GET", "POST"])
def settings(token: str) -> str | Response | tuple[str, int]:
    """Name, date, rounds, ranking; the rules and planned games until round 1 starts."""
    tournament = tournament_or_404(token)
    current = rules_from_spec(tournament.rules)
    form = TournamentForm(data={
        "name": tournament.name, "played_on": tournament.played_on,
        "rules": tournament.preset, "round_count": tournament.round_count,
        "planned_games": tournament.planned_games, "ranking": tournament.ranking,
        "absent_table_points": str(tournament.absent_table_points)})
    form.rules.label.text = news.rule_set_label()
    form.rules.choices = choices((name, _(PRESET_LABELS[name])) for name in PRESETS)
    posted = request.form if request.method == "POST" else None
    options = options_form(current, prefix="rules", formdata=posted)
    frozen = services.started_rounds(tournament) > 0
    errors: dict[str, list[str]] = {}
    if request.method == "POST" and form.validate_on_submit() and options.validate():
        preset = form.rules.data or ""
        planned: int | None
        try:
            if frozen:
                preset, rules = tournament.preset, current
                planned = tournament.planned_games
            else:
                planned = form.planned_games.data
                # Another preset starts over from its options, as the Runde's rules do.
                rules = (rules_from_spec({"preset": preset, **options_from_form(options)})
                         if preset == tournament.preset else preset_rules(preset))
            assert form.played_on.data is not None  # validated: InputRequired
            services.set_tournament(
                tournament, name=form.name.data or "", played_on=form.played_on.data,
                preset=preset, rules=rules, planned_games=planned,
                round_count=form.round_count.data, ranking=form.ranking.data or "",
                absent_table_points=parse_int(form.absent_table_points.data))
        except InvalidRules as err:
            errors = option_errors(err.problems)
        except services.Refused as err:
            errors = errors_by_field(err.problems, lambda field: field)
        else:
            flash(news.settings_saved())
            return redirect(url_for("club.show", token=token))
    status = 422 if request.method == "POST" else 200
    return render_template(
        "club/settings.html", tournament=tournament, form=form, options=options,
        errors=errors, frozen=frozen, deck_labels=DECK_LABELS,
        summary=summary(current, tournament.planned_games),
        rules_open=any(name in OPTION_NAMES for name in errors)), status


# --------------------------------------------------------------------------- a table


