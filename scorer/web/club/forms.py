"""The club evening's forms: the tournament and its settings, registering players, the draw
and a swap. The services check everything again; these read what was typed. Labels and
messages are German, translated when a page shows them (Flask-Babel's ``lazy_gettext``: a
form's fields are made when the module is imported, long before anyone reads them)."""

from __future__ import annotations

from typing import Any

from flask_babel import LazyString, lazy_gettext
from wtforms import (
    DateField,
    HiddenField,
    RadioField,
    SelectField,
    SelectMultipleField,
    StringField,
    TextAreaField,
)
from wtforms.validators import DataRequired, InputRequired, NumberRange, Optional

from scorer.core.names import PLAYER_NAME
from scorer.core.rules import BockTrigger
from scorer.core.seasons import Method
from scorer.services.tournaments import MAX_PLANNED, MAX_ROUNDS, TOURNAMENT_NAME
from scorer.web.pages.forms import Form, WholeNumberField, choices
from scorer.words.club import figure, ranking_choices
from scorer.words.club_news import bock_choices, rounds_label, runde_players_label

DDV_LIST = "ddv-liste"
"""The rules choice "DDV-Liste": the ddv preset, 24 planned games at a table of four (20
games and the four Pflichtsoli, forced within the plan)."""
DDV_LIST_GAMES = 24
RUNDE_RULES = "runde"
"""The rules choice "the Runde's house rules" (a tournament made in a Runde)."""
ABSENT_CHOICES = [(str(v), figure(v)) for v in range(3, -7, -1)]


class TournamentForm(Form):
    """A new tournament, and its settings later."""

    name = StringField(lazy_gettext(TOURNAMENT_NAME.label),
                       validators=[DataRequired(message=lazy_gettext("Name fehlt"))],
                       render_kw={"maxlength": TOURNAMENT_NAME.max_length})
    played_on = DateField(lazy_gettext("Datum"),
                          validators=[InputRequired(message=lazy_gettext("Datum angeben"))])
    rules = SelectField(lazy_gettext("Regeln"), validate_choice=False)
    round_count = WholeNumberField(LazyString(rounds_label), default=3, validators=[
        InputRequired(message=lazy_gettext("Anzahl der Runden angeben")),
        NumberRange(min=1, max=MAX_ROUNDS,
                    message=lazy_gettext("zwischen %(min)s und %(max)s"))])
    planned_games = WholeNumberField(lazy_gettext("Spiele je Runde am Vierertisch"),
                                     default=DDV_LIST_GAMES, validators=[
        InputRequired(message=lazy_gettext("Anzahl der Spiele angeben")),
        NumberRange(min=4, max=MAX_PLANNED,
                    message=lazy_gettext("zwischen %(min)s und %(max)s"))])
    ranking = RadioField(lazy_gettext("Wertung"), default=Method.TABLE_POINTS.value)
    absent_table_points = SelectField(lazy_gettext("Für eine verpasste Runde"), default="0",
                                      choices=choices(ABSENT_CHOICES))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Said when the form is made, in the page's language.
        self.ranking.choices = choices(ranking_choices())


BOCK_TRIGGERS: dict[str, tuple[BockTrigger, ...]] = {
    "ohne": (),
    "mit": (BockTrigger.TIE_120, BockTrigger.LOST_ANNOUNCEMENT, BockTrigger.ZERO_GAME),
}
"""The new tournament's Bock choice: no Bock, or the Bockrunde's reasons ("" keeps the
rules' own). The other Bock options are the rules' (Einstellungen, until round 1)."""


class NewTournamentForm(TournamentForm):
    """A new tournament: its settings, and Bock on the same page."""

    bock = RadioField(lazy_gettext("Bock"), default="", validate_choice=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.bock.choices = choices(bock_choices())


class RegisterForm(Form):
    """Register players: typed, one a line, and (in a Runde) ticked from its players."""

    names = TextAreaField(lazy_gettext("Namen, einer pro Zeile"), render_kw={"rows": 6})
    from_runde = SelectMultipleField(LazyString(runde_players_label), validate_choice=False)


class RenameForm(Form):
    """A registered player's name."""

    name = StringField(lazy_gettext("Name"),
                       validators=[DataRequired(message=lazy_gettext("Name fehlt"))],
                       render_kw={"maxlength": PLAYER_NAME.max_length})


class PlayerActionForm(Form):
    """Leave (``geht``) or come back (``kommt``)."""

    action = HiddenField()


class DrawForm(Form):
    """Draw a round; a seed given repeats an earlier draw."""

    seed = WholeNumberField(lazy_gettext("Startzahl (leer: zufällig)"), validators=[Optional()])


class SwapForm(Form):
    """Exchange two players' seats before the round starts."""

    one = SelectField(lazy_gettext("Spieler"), validate_choice=False)
    other = SelectField(lazy_gettext("tauscht mit"), validate_choice=False)
