"""The history of an evening: every create, edit, delete and restore of a game or a table
change, with the facts before and after and the link it came through (or the file it was
imported from); a deleted or overwritten entry can be brought back from here."""

from __future__ import annotations

from flask import Blueprint, flash, g, redirect, render_template, url_for
from werkzeug.wrappers import Response

from scorer import services
from scorer.services import imports as importing
from scorer.store.models import GameEvent
from scorer.web.pages.club_access import organiser_fingerprint
from scorer.web.pages.display import facts_text
from scorer.web.pages.forms import ActionForm, sent_revision
from scorer.web.pages.keyed import keyed
from scorer.web.pages.lookup import evening_or_404, event_or_404
from scorer.words import sheet as sheet_words

bp = Blueprint("history", __name__, url_prefix="/r/<token>/abend/<int:number>/verlauf")


@bp.get("/")
def show(token: str, number: int) -> str:
    """Every change, newest first."""
    evening = evening_or_404(token, number)
    setup, names = services.evening_setup(evening)
    deck = setup.rules.deck
    here = {services.link_fingerprint(), services.legacy_fingerprint()} - {None}
    # A club table's corrections after its round are the Turnierleitung's: named so.
    organiser = organiser_fingerprint(evening.group) if evening.group.tournament_table else None
    numbers = services.numbers_now(evening)
    entries = []
    for event in services.history(evening):
        game = event.game
        table = services.is_table_change(game.facts)
        moved = (table and event.old_after is not None
                 and event.old_after != event.game_number)
        entries.append({
            "event": event,
            "title": _title(event, numbers[game.id], table, moved),
            "when": sheet_words.when(event.created_at),
            "table": table,
            "old": (facts_text(services.to_core(event.old_facts, names), deck)
                    if event.old_facts else None),
            "new": (facts_text(services.to_core(event.new_facts, names), deck)
                    if event.new_facts else None),
            "organiser": organiser is not None and event.via == organiser,
            "this_link": event.via is not None and event.via in here,
            "link": None if event.via is None else link_name(event.via),
            "origin": importing.origin(event.source) if event.source is not None else None,
            "can_undelete": event.action == services.DELETE and game.deleted_at is not None
            and event.revision == game.revision,
            "can_restore": event.action == services.EDIT and game.deleted_at is None
            and event.old_facts is not None and (
                event.old_facts != game.facts
                or (moved and services.old_place(event) != services.number_of(game))),
            "game": game,
        })
    # Every import creates its evenings whole: an entry imported is an evening imported.
    origin = next((e["origin"] for e in entries if e["origin"]), None)
    return render_template("history.html", group=evening.group, evening=evening,
                           entries=entries, action=ActionForm(formdata=None), origin=origin)


def link_name(via: str) -> str:
    """How the history names the link a change came through, for whoever may read it (a
    read-only link too): keyed once more, as older changes keep a plain hash of the edit link that anyone
    could check a guessed link against (``services.legacy_fingerprint``)."""
    return keyed("doko-zettel history link", via, 8)


def _title(event: GameEvent, now: int, table: bool, moved: bool) -> str:
    """"Spiel 4 geändert"; with the game's number now, and the one it had then where games
    deleted or brought back before it have moved it since: "Spiel 14 eingetragen (damals
    Spiel 15)", "Tischwechsel nach Spiel 4 geändert (damals nach Spiel 5, vorher nach
    Spiel 3)" (scorer.words.sheet)."""
    if not table:
        return sheet_words.game_title(event.action, now, event.game_number)
    return sheet_words.table_title(event.action, now, event.game_number,
                                   (event.old_after or 0) if moved else None)


@bp.post("/<int:event_id>/wiederherstellen")
def restore(token: str, number: int, event_id: int) -> Response:
    """Bring back a deleted game or the facts before an edit."""
    evening = evening_or_404(token, number)
    event_or_404(evening, event_id)
    form = ActionForm()
    if form.validate_on_submit():
        try:
            event = services.restore_version(evening, event_id, sent_revision(form))
        except services.Refused as err:
            flash(err.problems[0][1], "error")
        else:
            flash(sheet_words.restored(services.is_table_change(event.game.facts),
                                       event.game_number))
            return redirect(url_for("evenings.show", token=g.link_token, number=number))
    return redirect(url_for("history.show", token=g.link_token, number=number))
