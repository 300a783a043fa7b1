"""The club evening's forms: the tournament and its settings, registering players, the draw
and a swap. The services check everything again; these read what was typed."""

from __future__ import annotations

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
from scorer.core.seasons import Method
from scorer.services.tournaments import MAX_PLANNED, MAX_ROUNDS, TOURNAMENT_NAME
from scorer.web.pages.forms import Form, WholeNumberField, choices
from scorer.words.club import RANKING_LABELS, figure

DDV_LIST = "ddv-liste"
"""The rules choice "DDV-Liste": the ddv preset, 24 planned games at a table of four (20
games and the four Pflichtsoli, forced within the plan)."""
DDV_LIST_GAMES = 24
RUNDE_RULES = "runde"
"""The rules choice "the Runde's house rules" (a tournament made in a Runde)."""
ABSENT_CHOICES = [(str(v), figure(v)) for v in range(3, -7, -1)]


class TournamentForm(Form):
    """A new tournament, and its settings later."""

    name = StringField(TOURNAMENT_NAME.label, validators=[DataRequired(message="Name fehlt")],
                       render_kw={"maxlength": TOURNAMENT_NAME.max_length})
    played_on = DateField("Datum", validators=[InputRequired(message="Datum angeben")])
    rules = SelectField("Regeln", validate_choice=False)
    round_count = WholeNumberField("Runden", default=3, validators=[
        InputRequired(message="Anzahl der Runden angeben"),
        NumberRange(min=1, max=MAX_ROUNDS, message=f"zwischen 1 und {MAX_ROUNDS}")])
    planned_games = WholeNumberField("Spiele je Runde am Vierertisch", default=DDV_LIST_GAMES,
                                     validators=[
        InputRequired(message="Anzahl der Spiele angeben"),
        NumberRange(min=4, max=MAX_PLANNED, message=f"zwischen 4 und {MAX_PLANNED}")])
    ranking = RadioField("Wertung", default=Method.TABLE_POINTS.value, choices=choices(
        (m.value, label) for m, label in RANKING_LABELS.items()))
    absent_table_points = SelectField("Für eine verpasste Runde", default="0",
                                      choices=choices(ABSENT_CHOICES))


class RegisterForm(Form):
    """Register players: typed, one a line, and (in a Runde) ticked from its players."""

    names = TextAreaField("Namen, einer pro Zeile", render_kw={"rows": 6})
    from_runde = SelectMultipleField("Aus der Runde", validate_choice=False)


class RenameForm(Form):
    """A registered player's name."""

    name = StringField("Name", validators=[DataRequired(message="Name fehlt")],
                       render_kw={"maxlength": PLAYER_NAME.max_length})


class PlayerActionForm(Form):
    """Leave (``geht``) or come back (``kommt``)."""

    action = HiddenField()


class DrawForm(Form):
    """Draw a round; a seed given repeats an earlier draw."""

    seed = WholeNumberField("Startzahl (leer: zufällig)", validators=[Optional()])


class SwapForm(Form):
    """Exchange two players' seats before the round starts."""

    one = SelectField("Spieler", validate_choice=False)
    other = SelectField("tauscht mit", validate_choice=False)
