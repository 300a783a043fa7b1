"""Who may do what in a tournament, by the link a page was opened with.

* The organiser's link (``Tournament.edit_token``) does everything: players, draw, rounds,
  corrections; it also holds every table's link.
* The ranking link (``Tournament.read_token``) may only look: the ranking, its check, the
  PDF and the CSV (READ_ONLY).
* A table's link is its Runde's edit token: the evening pages of that one table (enter,
  correct, Tisch ändern, Verlauf, PDF), nothing of the tournament, and none of the pages
  that change a Runde (TABLE_REFUSED). Once its round has ended the table cannot open its
  evening again: corrections after the round are the organiser's (``club.reopen``).
* A device that opened the organiser's page is the Turnierleitung's: what it changes at a
  table of an ended round (a correction, after "Tisch öffnen") goes through the table's
  link but is recorded under the organiser's (``g.via_token``), and the table's Verlauf says
  "von der Turnierleitung".

As for a Runde, a wrong link is the same German 404 as an unknown one.
"""

from __future__ import annotations

from flask import abort, g, render_template, request, session
from werkzeug.wrappers import Response

from scorer import services
from scorer.store.models import Group, Tournament
from scorer.words.answers import error_words, round_ended

READ_ONLY = frozenset({"club_ranking.show", "club_ranking.poll", "club_ranking.pdf",
                       "club_ranking.csv", "club.show"})
"""What the ranking link may open (``club.show`` sends it on to the ranking)."""

TABLE_REFUSED = frozenset({"evenings.new", "groups.add_player", "groups.edit_player",
                           "groups.rules", "groups.choose_preset", "groups.renew_links",
                           "groups.backup", "club.new_in_runde",
                           # Importing would bring evenings and players of its own.
                           "imports.upload", "imports.confirm",
                           # The Runde's year: a table has one evening and no Kasse.
                           "seasons.set_ranking", "seasons.add_season", "seasons.remove_season",
                           "seasons.rule_back", "seasons.rule_remove",
                           "kasse.paid", "kasse.unpaid", "kasse.add_entry",
                           "kasse.delete_entry", "kasse.undo", "kasse.absent"})
"""Pages of a Runde a table's link does not get: the table's players, rules and link come
from the tournament, its one evening is the round's, and it imports nothing and keeps no
seasons or Kasse of its own."""


def tournament_or_404(token: str) -> Tournament:
    """The tournament of this link; 403 when the ranking link tries more than looking."""
    tournament = services.find_tournament(token)
    if tournament is None:
        abort(404)
    g.link_token = token
    g.tournament = tournament
    g.can_edit = token == tournament.edit_token
    if not g.can_edit and request.endpoint not in READ_ONLY:
        refuse(*error_words("ranking_only"))
    if g.can_edit and tournament.id not in session.get(ORGANISER_OF, []):
        session[ORGANISER_OF] = [*session.get(ORGANISER_OF, [])[-(ORGANISER_KEPT - 1):],
                                 tournament.id]
    return tournament


ORGANISER_OF = "turnierleitung"
"""The session's list of the tournaments this device opened with the organiser's link."""
ORGANISER_KEPT = 20


def refuse(title: str, message: str) -> None:
    """A German 403 page with its own words."""
    abort(Response(render_template("error.html", title=title, message=message), 403,
                   mimetype="text/html"))


def admit_table(group: Group) -> None:
    """A table's Runde: refuse what its link may not do (see the module's docstring)."""
    endpoint = request.endpoint or ""
    if endpoint in TABLE_REFUSED:
        refuse(*error_words("tournament_table"))
    if endpoint == "evenings.reopen" and (ended := ended_round(group)) is not None:
        refuse(*round_ended(ended))
    if session.get(ORGANISER_OF) and g.can_edit:
        table = services.tournament_of_table(group)
        if (table is not None and table.round.ended_at is not None
                and table.round.tournament_id in session[ORGANISER_OF]):
            # The Turnierleitung corrects an ended round's table through its link.
            g.via_token = table.round.tournament.edit_token


def organiser_fingerprint(group: Group) -> str | None:
    """What the Turnierleitung's changes at this table are recorded under (None for a Runde
    that is no tournament table)."""
    table = services.tournament_of_table(group)
    return None if table is None else services.fingerprint_of(table.round.tournament.edit_token)


def ended_round(group: Group) -> int | None:
    """The number of the ended round ``group`` is a table of (its evening is then the
    organiser's to reopen, not the table's); None for any other Runde."""
    table = services.tournament_of_table(group)
    return table.round.number if table is not None and table.round.ended_at else None
