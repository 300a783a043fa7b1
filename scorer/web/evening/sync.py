"""Games a phone kept while it had no connection, sent when it has one again.

static/js/offline.js keeps a game entered offline on the phone (IndexedDB) with the entry
form's fields, its one-time entry key and the number the game had on the phone's sheet.
When the server answers again it sends each waiting game here, in order, as JSON with the
CSRF token in a header (Flask-WTF's ``X-CSRFToken``; a fresh one from GET, since a phone
that was closed in between may have lost its session):

    {"entry_key": "<uuid>", "number": 7, "fields": [["re", "12"], ["re_eyes", "151"], …],
     "as_next": false}

The fields are the entry form's, read exactly as a game typed now is read (the entry form at
the table as it is now: ``entry.read_game``, into the same typed entry), and the core checks
them in place; no points are counted on the phone. Without a ``players`` field the four the
rotation names at that place play (a phone with a second game offline cannot know the
rotation). The answer,
by ``result`` (every answer to a well-formed request is a 200 or 201: a conflict is news
for the table, not an error of the page, and a phone's console stays quiet):

* ``stored`` (201): stored as game ``number``;
* ``already`` (200): this entry key stored this very game before (the connection broke
  after the server stored it): nothing more is stored;
* ``taken`` (200): game ``number`` is on the sheet by now (another phone was faster), or
  the sheet has fewer games than the phone thought: nothing is stored; ``theirs`` is the
  other version in words, ``mine`` this one, ``now`` the number it would get. Sent again
  with ``"as_next": true`` it is stored as the next game, whatever its number;
* ``refused`` (200): the game does not add up or the evening is closed: ``lines`` are the
  German messages, each naming its field.
"""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Mapping
from typing import Any

from flask import Blueprint, jsonify, request
from flask_wtf.csrf import generate_csrf
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response

from scorer import services
from scorer.core.scoring import GameEntry
from scorer.store.models import Game
from scorer.web.evening.entry import read_game
from scorer.web.evening.forms import GameForm, field_of
from scorer.web.pages.display import game_words
from scorer.web.pages.forms import errors_by_field
from scorer.web.pages.lookup import evening_or_404
from scorer.web.pages.numbers import MAX_INT
from scorer.words import entry as words

bp = Blueprint("sync", __name__, url_prefix="/r/<token>/abend/<int:number>")

MAX_FIELDS = 300
"""More fields than any entry form has: a bigger body is no game."""
MAX_VALUE = 200


@bp.get("/nachtragen")
def token(token: str, number: int) -> Response:
    """A CSRF token for this phone's session (and the session itself, if it had none)."""
    evening_or_404(token, number)
    return jsonify(csrf_token=generate_csrf())


@bp.post("/nachtragen")
def game(token: str, number: int) -> tuple[Response, int]:
    """Store one waiting game, or say why not (see the module's docstring)."""
    evening = evening_or_404(token, number)
    sent = _parse(_json_body())
    if sent is None:
        return jsonify(result="invalid", lines=[words.not_a_waiting_game()]), 400
    key, wanted, pairs, as_next = sent
    sheet = services.sheet(evening)
    names = sheet.names
    # Read as the entry form reads a game typed now: at the table as it is now, where the
    # game lands (or nowhere).
    form, entry, errors = read_game(sheet, sheet.ledger.seats, formdata=MultiDict(pairs))
    entry = _players_left_open(entry)
    deck = sheet.rules.deck
    mine = game_words(entry, names, deck)
    taken: tuple[Response, int] | None = None
    if entry is not None and not errors:
        try:
            event = services.add_game(evening, entry, key, number=None if as_next else wanted)
        except services.NumberTaken as err:
            theirs = game_words(err.game.facts, names, deck) if err.game is not None else None
            taken = jsonify(result="taken", number=err.number, now=err.now, theirs=theirs,
                            mine=mine, lines=[m for _, m in err.problems]), 200
        except services.Refused as err:
            errors = errors_by_field(err.problems, field_of)
        else:
            if event is not None:
                return jsonify(result="stored", number=event.game_number), 201
    # Not stored: was it stored before, under its key (sent again after a lost answer, or
    # twice at once)? Asked only now, as the entry form does: on PostgreSQL the second of two
    # sends at once is checked as the next game while the first commits, and refused.
    if (before := services.sent_before(evening, key, entry)) is not None:
        return _sent_before(*before, mine)
    return taken or _refused(form, errors, mine)


def _json_body() -> Any:
    """The request's JSON; None when it is none, or nested deeper than Python reads (the
    decoder gives up with a RecursionError, which ``silent`` does not cover)."""
    try:
        return request.get_json(silent=True)
    except RecursionError:
        return None


def _parse(body: Any) -> tuple[str, int, list[tuple[str, str]], bool] | None:
    """(entry key, number, fields, as_next) from a JSON body, or None if it is none."""
    if not isinstance(body, dict):
        return None
    try:
        key = str(uuid.UUID(str(body.get("entry_key", ""))))
    except ValueError:
        return None
    wanted = body.get("number")
    fields = body.get("fields")
    if (type(wanted) is not int or not 1 <= wanted <= MAX_INT or not isinstance(fields, list)
            or len(fields) > MAX_FIELDS):
        return None
    pairs = []
    for pair in fields:
        if not (isinstance(pair, list) and len(pair) == 2
                and all(isinstance(p, str) and len(p) <= MAX_VALUE and "\x00" not in p
                        for p in pair)):
            return None
        pairs.append((pair[0], pair[1]))
    return key, wanted, pairs, body.get("as_next") is True


def _players_left_open(entry: GameEntry[int] | None) -> GameEntry[int] | None:
    """Nobody chose who plays at a table of more than four: the rotation decides where the
    game lands (an entry without players)."""
    if entry is None or entry.players:
        return entry
    return dataclasses.replace(entry, players=None)


def _sent_before(game: Game, same: bool, mine: str) -> tuple[Response, int]:
    """This entry key stored a game before: the same game again is fine, another is not."""
    if same:
        return jsonify(result="already", number=services.number_of(game)), 200
    line = words.other_game_under_key(services.number_of(game))
    return jsonify(result="refused", lines=[line], mine=mine), 200


def _refused(form: GameForm, errors: Mapping[str, list[str]],
             mine: str) -> tuple[Response, int]:
    lines = []
    for name, messages in errors.items():
        field = form._fields.get(name)
        label = field.label.text if field is not None else words.field_words(name)
        lines += [f"{label}: {m}" if name else m for m in messages]
    return jsonify(result="refused", lines=lines, mine=mine), 200
