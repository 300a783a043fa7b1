"""What the pages that change an evening's entries (games, table changes, games sent later
by a phone) share: the way back to the sheet, the refusal on a closed evening, the form's
one-time key and the game entry form read into its typed entry."""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from typing import Any

from flask import abort, flash, g, redirect, request, url_for
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response

from scorer import services
from scorer.core.scoring import GameEntry
from scorer.store.models import Evening, Game
from scorer.web.evening.forms import GameForm, entry_from_form, game_form
from scorer.web.pages.club_access import ended_round
from scorer.web.pages.display import sentence
from scorer.web.pages.forms import with_form_errors
from scorer.web.pages.numbers import parse_int
from scorer.words import entry as words
from scorer.words import refusals


def sheet_url(evening: Evening) -> str:
    """The evening's sheet under the link of this request."""
    return url_for("evenings.show", token=g.link_token, number=evening.number)


def refuse_if_closed(evening: Evening) -> Response | None:
    """Back to the sheet with a word when the evening is closed; None when it is open."""
    if evening.closed:
        # A tournament table's link cannot open it again once its round ended: the sheet
        # says who can, and the refusal must not send the table to look for a way.
        ended = ended_round(evening.group) is not None
        flash(sentence(words.club_closed() if ended else refusals.closed()), "error")
        return redirect(sheet_url(evening))
    return None


def row_of(sheet: services.Sheet, game: Game) -> services.Row:
    """The sheet's row of a live game. Gone from the sheet although the game row was read
    as live (another phone deleted it between the two reads, which PostgreSQL allows):
    back to the sheet with a word instead of an error page."""
    row = next((r for r in sheet.rows if r.game.id == game.id), None)
    if row is None:
        flash(words.game_deleted_elsewhere(), "error")
        abort(redirect(sheet_url(sheet.evening)))
    return row


def entry_key(value: str | None) -> str:
    """The form's one-time key; a tampered or missing one becomes a fresh key."""
    try:
        return str(uuid.UUID(value or ""))
    except ValueError:
        return str(uuid.uuid4())


def wanted_number(sent: str | None) -> int | None:
    """The game a form was drawn for, to be stored as that game only (``sent``: its hidden
    ``game_number``); None when it is to be the next game whatever its number ("Meins als
    nächstes Spiel speichern" on the page of a taken number), or the form names none (a form
    drawn before forms carried it)."""
    if request.form.get("as_next") == "1":
        return None
    return parse_int(sent, low=1)


def read_game(sheet: services.Sheet, seats: Sequence[str], data: Mapping[str, Any] | None = None,
              formdata: MultiDict[str, str] | None = None,
              ) -> tuple[GameForm, GameEntry[int] | None, dict[str, list[str]]]:
    """The entry form of a game at the table ``seats`` as posted (this request's form over
    ``data``, or ``formdata``: the fields a phone kept offline), validated; the typed entry
    it makes (None: a choice names nothing the core knows), and its problems by field (the
    form's own and those of reading the entry). A typed game, its live preview and a game
    sent later are read alike, so the same fields store the same facts."""
    table = sheet.table(seats)
    form = game_form(sheet.rules, table, data)
    if formdata is not None:
        form.process(formdata=formdata)
    form.validate()
    entry, errors = entry_from_form(form, sheet.rules, sheet.names, [i for i, _ in table])
    return form, entry, with_form_errors(form, errors)
