"""Punkte eintragen: a recorded game (RULES.md §10.1), whose points are taken as written — a
penalty the table decides ("Strafpunkte: falsch bedient") or a correction it agrees on.

One number field per player at the table; a player left empty is not in the game, so the
four who play are the four with a number (the rotation's four unless the table says
otherwise). The core checks the game in its place (four players, a sum of 0, the note's
length) and its words come back beside the field they concern. Editing a recorded game
opens this page too, with its points, note and "Geber bleibt".
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_babel import lazy_gettext
from werkzeug.wrappers import Response
from wtforms import BooleanField, HiddenField, StringField
from wtforms.validators import Optional

from scorer import services
from scorer.core.rules import GameKind
from scorer.core.scoring import MAX_NOTE, GameEntry
from scorer.store.models import Evening, Game
from scorer.web.evening.entry import (
    entry_key,
    refuse_if_closed,
    row_of,
    sheet_url,
    wanted_number,
)
from scorer.web.evening.entry_page import Taken
from scorer.web.pages.display import game_words, sentence
from scorer.web.pages.forms import Form
from scorer.web.pages.lookup import evening_or_404, game_or_404
from scorer.web.pages.numbers import parse_int
from scorer.words import entry as words
from scorer.words.labels import recorded_bock_sentence
from scorer.words.problems import problem_text

bp = Blueprint("recorded", __name__, url_prefix="/r/<token>/abend/<int:number>")


class RecordedForm(Form):
    """What the page has besides the points (those are one field per player: ``points_<id>``)."""

    note = StringField(lazy_gettext("Notiz (warum, woher)"), validators=[Optional()],
                       filters=[lambda text: " ".join(text.split()) if text else text])
    dealer_stays = BooleanField(lazy_gettext("Geber bleibt (der Geber gibt noch einmal)"))
    entry_key = HiddenField()
    revision = HiddenField()
    game_number = HiddenField()


def field(player_id: int) -> str:
    """The form field of a player's points."""
    return f"points_{player_id}"


def read_points(form: Mapping[str, str], seats: Sequence[tuple[int, str]],
                ) -> tuple[dict[str, int], dict[str, list[str]]]:
    """The points typed for each player at the table (name -> points; an empty field: not
    in the game) and what is wrong with a field, under its name."""
    points: dict[str, int] = {}
    errors: dict[str, list[str]] = {}
    for pid, name in seats:
        raw = (form.get(field(pid)) or "").strip().replace("−", "-").removeprefix("+")
        if not raw:
            continue
        value = parse_int(raw)
        if value is None:
            errors[field(pid)] = [words.points_not_whole(name)]
        else:
            points[name] = value
    return points, errors


def entry_of(points: Mapping[str, int], form: RecordedForm, rotation: Sequence[str],
             named: bool = False) -> GameEntry[str]:
    """The game's typed entry (names): the four with a number play; named where they are
    not the four the rotation gives, or where the game named its players before (``named``:
    an edit keeps the game's own four)."""
    players = None
    if named or set(points) != set(rotation):
        players = (*(p for p in rotation if p in points),
                   *(p for p in points if p not in rotation))
    note = " ".join((form.note.data or "").split())
    return GameEntry(kind=GameKind.RECORDED, points=dict(points), players=players,
                     note=note or None, dealer_stays=bool(form.dealer_stays.data))


def _errors(problems: Sequence[tuple[str, str]], seats: Sequence[tuple[int, str]],
            ) -> dict[str, list[str]]:
    """The core's problems under the page's fields: a player's points under the player's
    field where the problem names them (``points.Anna``), the rest at the top, each there a
    sentence of its own (capitalised, with its full stop)."""
    out: dict[str, list[str]] = {}
    ids = {player: pid for pid, player in seats}
    for name, said in problems:
        message = problem_text(said)  # the core's German, said in the reader's language
        head, _, player = name.partition(".")
        if head == "points" and player in ids:  # "points.Anna": her number is wrong
            out.setdefault(field(ids[player]), []).append(words.points_problem(player, message))
            continue
        key = {"note": "note", "dealer_stays": "dealer_stays"}.get(head, "points")
        if head == "players":
            # The core counts named players; here the players are the fields with a number.
            message = _players_message(seats, message)
        out.setdefault(key, []).append(sentence(message) if key == "points"
                                       else message[:1].upper() + message[1:])
    return out


def _players_message(seats: Sequence[tuple[int, str]], said: str) -> str:
    """The core counts named players; on this page the players are the fields with a
    number, so its message about them is said in those words."""
    typed = sum(1 for pid, _ in seats if (request.form.get(field(pid)) or "").strip())
    if typed < 4:
        return words.too_few_points(typed)
    if typed > 4:
        return words.too_many_points(typed)
    return said  # four, but the core refuses them (one is not at the table): its words


@bp.route("/punkte", methods=["GET", "POST"])
def new(token: str, number: int) -> str | Response | tuple[str, int]:
    """A recorded game as the next game."""
    evening = evening_or_404(token, number)
    if (closed := refuse_if_closed(evening)) is not None:
        return closed
    sheet = services.sheet(evening)
    seats = sheet.table(sheet.ledger.seats)
    rotation = sheet.ledger.next.players
    form = RecordedForm()
    if request.method == "GET":
        form.entry_key.data = str(uuid.uuid4())
        form.game_number.data = str(len(sheet.rows) + 1)
        return _page(evening, sheet, form, seats, {}, {}, None)
    points, errors = read_points(request.form, seats)
    if form.validate() and not errors:
        key = entry_key(form.entry_key.data)
        entry = entry_of(points, form, rotation).keyed(sheet.ids.__getitem__)
        try:
            event = services.add_game(evening, entry, key,
                                      number=wanted_number(form.game_number.data))
        except services.NumberTaken as err:
            # Another phone saved the game this form was drawn for: the table decides.
            sheet = services.sheet(evening)
            names, deck = sheet.names, sheet.rules.deck
            taken = Taken(number=err.number, now=err.now,
                          theirs=(game_words(err.game.facts, names, deck)
                                  if err.game is not None else None),
                          mine=game_words(entry, names, deck))
            form.game_number.data = str(err.now)
            return _page(evening, sheet, form, seats, request.form, {}, None, taken), 409
        except services.Refused as err:
            errors = _errors(err.problems, seats)
        else:
            if event is not None:
                return redirect(sheet_url(evening))
        if (sent := services.sent_before(evening, key, entry)) is not None:
            game, same = sent
            if same:  # a double tap, a reload: it was simply saved
                return redirect(sheet_url(evening))
            # Changed and sent again under the same key (back, corrected, Speichern): offered
            # as a new game with a fresh key, so nothing is lost and nothing stored twice.
            form.entry_key.data = str(uuid.uuid4())
            errors = {"points": [words.points_stored_before(services.number_of(game))]}
            return _page(evening, services.sheet(evening), form, seats, request.form, errors,
                         None), 409
    return _page(evening, services.sheet(evening), form, seats, request.form, errors, None), 422


@bp.route("/spiel/<int:game_id>/punkte", methods=["GET", "POST"])
def edit(token: str, number: int, game_id: int) -> str | Response | tuple[str, int]:
    """Correct a recorded game; everything after it is recomputed."""
    evening = evening_or_404(token, number)
    game = game_or_404(evening, game_id)
    if (closed := refuse_if_closed(evening)) is not None:
        return closed
    if game.deleted_at is not None:
        flash(words.game_deleted(), "error")
        return redirect(sheet_url(evening))
    if game.facts.get("kind") != "recorded":  # a game of cards is corrected on its own form
        return redirect(url_for("games.edit", token=token, number=number, game_id=game_id))
    sheet = services.sheet(evening)
    row = row_of(sheet, game)
    seats = sheet.table(row.entry.seats)
    stored = services.to_core(game.facts, sheet.names)
    form = RecordedForm()
    if request.method == "GET":
        form.note.data = stored.get("note", "")
        form.dealer_stays.data = bool(stored.get("dealer_stays"))
        form.revision.data = str(game.revision)
        typed = {field(pid): str(stored.get("points", {}).get(name, ""))
                 for pid, name in seats}
        return _page(evening, sheet, form, seats, typed, {}, game)
    points, errors = read_points(request.form, seats)
    if form.validate() and not errors:
        entry = entry_of(points, form, row.entry.players, named="players" in stored)
        try:
            services.edit_game(game, entry.keyed(sheet.ids.__getitem__),
                               parse_int(form.revision.data) or 0)
        except services.Refused as err:
            errors = _errors(err.problems, seats)
        else:
            return redirect(sheet_url(evening))
    return _page(evening, services.sheet(evening), form, seats, request.form, errors, game), 422


def _page(evening: Evening, sheet: services.Sheet, form: RecordedForm,
          seats: Sequence[tuple[int, str]], typed: Mapping[str, str],
          errors: dict[str, list[str]], game: Game | None, taken: Taken | None = None) -> str:
    for name, messages in form.errors.items():
        errors.setdefault(str(name), []).extend(str(m) for m in messages)
    ledger = sheet.ledger
    playing = ledger.next.players if game is None else ()
    # On a Bock game entered points count as written, and use the Bock game up (§10.1).
    bock = ledger.next.bock if game is None else row_of(sheet, game).entry.bock
    return render_template(
        "recorded.html", group=evening.group, evening=evening, form=form, game=game,
        seats=seats, typed=typed, errors=errors, field=field, playing=playing,
        bock_notice=recorded_bock_sentence(bock) if bock > 1 else None,
        number_now=(len(sheet.rows) + 1) if game is None else services.number_of(game),
        dealer=ledger.next.dealer if game is None else None, max_note=MAX_NOTE, taken=taken)


__all__ = ["RecordedForm", "bp", "entry_of", "field", "read_points"]
