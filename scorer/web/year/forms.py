"""The forms of the Runde's year: how seasons rank, own seasons, what absent members pay,
deposits and expenses. They check the shape of what is typed; the core checks the rest
(scorer.core.seasons, scorer.core.kasse) and names the field, which the pages show beside it.
"""

from __future__ import annotations

from wtforms import DateField, RadioField, StringField
from wtforms.validators import InputRequired

from scorer.core.kasse import ABSENT_LABELS
from scorer.core.seasons import METHOD_LABELS
from scorer.web.pages.forms import Form, WholeNumberField, choices

DEPOSIT, EXPENSE = "deposit", "expense"


class RankingForm(Form):
    """How the Runde's seasons rank (RULES.md §11.1)."""

    season_ranking = RadioField(
        "Wertung", validate_choice=False,
        choices=choices((m.value, label) for m, label in METHOD_LABELS.items()))
    min_games = WholeNumberField(
        "Mindestens so viele Spiele (nur beim Schnitt)",
        validators=[InputRequired(message="eine Zahl angeben (0: keine Grenze)")],
        render_kw={"inputmode": "numeric"})
    absent_table_points = WholeNumberField(
        "Tischpunkte für einen Abend, an dem ein Mitglied fehlt",
        validators=[InputRequired(message="eine Zahl angeben, etwa 0 oder -3")])


class AbsentForm(Form):
    """What a member who was not at an evening's table pays into the Kasse (§11.2)."""

    absent_pays = RadioField(
        "Wer an einem Kasse-Abend fehlt, zahlt", validate_choice=False,
        choices=choices((m.value, label) for m, label in ABSENT_LABELS.items()))
    absent_fixed = StringField("Fester Betrag in Euro", render_kw={"inputmode": "decimal",
                                                                   "placeholder": "z. B. 2,00"})


class SeasonForm(Form):
    """A season of the Runde's own: a name and the day it starts."""

    name = StringField("Name", validators=[InputRequired(message="einen Namen angeben")],
                       render_kw={"maxlength": 40, "placeholder": "z. B. Saison 2026/27"})
    start = DateField("Beginnt am", validators=[InputRequired(message="ein Datum angeben")])


class EntryForm(Form):
    """A deposit or an expense of the Kasse."""

    kind = RadioField("Art", validate_choice=False, default=EXPENSE,
                      choices=choices([(DEPOSIT, "Einzahlung"), (EXPENSE, "Ausgabe")]))
    date = DateField("Datum", validators=[InputRequired(message="ein Datum angeben")])
    text = StringField("Wofür", render_kw={"maxlength": 80, "placeholder": "z. B. Jahresessen"})
    amount = StringField("Betrag in Euro", render_kw={"inputmode": "decimal",
                                                      "placeholder": "z. B. 180,00"})
