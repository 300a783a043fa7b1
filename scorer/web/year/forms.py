"""The forms of the Runde's year: how seasons rank, own seasons, what absent members pay,
deposits and expenses. They check the shape of what is typed; the core checks the rest
(scorer.core.seasons, scorer.core.kasse) and names the field, which the pages show beside it.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from flask_babel import lazy_gettext
from wtforms import DateField, HiddenField, RadioField, StringField, TextAreaField
from wtforms.validators import InputRequired, Optional

from scorer.web.pages.forms import Form, WholeNumberField, choices
from scorer.words.kasse import ABSENT_LABELS, ITEM_KINDS
from scorer.words.year import METHOD_LABELS

DEPOSIT, EXPENSE = "deposit", "expense"
ITEM_LABELS = [(k.value, label) for k, label in ITEM_KINDS.items()]


FROM_DAY, FROM_START = "day", "start"
"""When a setting applies: from a day on, or from the beginning (every evening)."""


def _applies(label: Any) -> RadioField:
    return RadioField(
        label, validate_choice=False, default=FROM_DAY,
        choices=choices([(FROM_DAY, lazy_gettext("ab einem Tag (frühere Abende bleiben, wie "
                                                 "sie waren)")),
                         (FROM_START, lazy_gettext("von Anfang an, für alle Abende"))]))


def _valid_from(label: Any) -> DateField:
    return DateField(label, validators=[Optional()], default=dt.date.today)


class RankingForm(Form):
    """How the Runde's seasons rank (RULES.md §11.1)."""

    season_ranking = RadioField(
        lazy_gettext("Wertung"), validate_choice=False,
        choices=choices((m.value, lazy_gettext(label)) for m, label in METHOD_LABELS.items()))
    min_games = WholeNumberField(
        lazy_gettext("Mindestens so viele Spiele (nur beim Schnitt)"),
        validators=[InputRequired(message=lazy_gettext("eine Zahl angeben (0: keine Grenze)"))],
        render_kw={"inputmode": "numeric"})
    absent_table_points = WholeNumberField(
        lazy_gettext("Tischpunkte für einen Abend, an dem ein Mitglied fehlt"),
        validators=[InputRequired(message=lazy_gettext("eine Zahl angeben, etwa 0 oder -3"))])
    ranking_applies = _applies(lazy_gettext("Die Wertung gilt"))
    ranking_from = _valid_from(lazy_gettext("Wertung gilt ab"))
    confirm = HiddenField()
    """Set by the preview's "Ja, so übernehmen": the change may alter evenings played."""


class AbsentForm(Form):
    """What a member who was not at an evening's table pays into the Kasse (§11.2)."""

    absent_pays = RadioField(
        lazy_gettext("Wer an einem Kasse-Abend fehlt, zahlt"), validate_choice=False,
        choices=choices((m.value, lazy_gettext(label)) for m, label in ABSENT_LABELS.items()))
    absent_fixed = StringField(lazy_gettext("Fester Betrag in Euro"), render_kw={
        "inputmode": "decimal", "placeholder": lazy_gettext("z. B. 2,00")})
    absent_applies = _applies(lazy_gettext("Die Regel gilt"))
    absent_from = _valid_from(lazy_gettext("Regel gilt ab"))
    confirm = HiddenField()


class RuleBackForm(Form):
    """Apply a dated setting back to an earlier season (or the beginning)."""

    back_to = StringField()
    """The day to apply back from (ISO), a choice the page lists."""
    confirm = HiddenField()


class SeasonForm(Form):
    """A season of the Runde's own: a name and the day it starts."""

    name = StringField(lazy_gettext("Name"),
                       validators=[InputRequired(message=lazy_gettext("einen Namen angeben"))],
                       render_kw={"maxlength": 40,
                                  "placeholder": lazy_gettext("z. B. Saison 2026/27")})
    start = DateField(lazy_gettext("Beginnt am"),
                      validators=[InputRequired(message=lazy_gettext("ein Datum angeben"))])


class EntryForm(Form):
    """A deposit or an expense of the Kasse."""

    kind = RadioField(lazy_gettext("Art"), validate_choice=False, default=None,
                      choices=choices([(DEPOSIT, lazy_gettext("Einzahlung")),
                                       (EXPENSE, lazy_gettext("Ausgabe"))]))
    """No kind is chosen before (issue 37: it opened on "Ausgabe", a donation took an
    extra tap and invited a minus): one tap either way, refused until chosen."""
    date = DateField(lazy_gettext("Datum"),
                     validators=[InputRequired(message=lazy_gettext("ein Datum angeben"))])
    text = StringField(lazy_gettext("Wofür"), render_kw={
        "maxlength": 80, "placeholder": lazy_gettext("z. B. Jahresessen")})
    amount = StringField(lazy_gettext("Betrag in Euro"), render_kw={
        "inputmode": "decimal", "placeholder": lazy_gettext("z. B. 180,00")})
    entry_key = HiddenField()
    """The form's one-time key: sent twice, it stores one entry (services.kasse.form_key)."""


class HandForm(Form):
    """A member hands in an amount ("Anna gibt 20 €", issue 37). Its fields are named
    "gibt-…" (the Kasse page has other forms with a date and an amount)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("prefix", "gibt")
        super().__init__(*args, **kwargs)

    player = StringField(lazy_gettext("Wer gibt Geld?"))
    amount = StringField(lazy_gettext("Wie viel Euro?"), render_kw={
        "inputmode": "decimal", "placeholder": lazy_gettext("z. B. 20")})
    date = DateField(lazy_gettext("Datum"),
                     validators=[InputRequired(message=lazy_gettext("ein Datum angeben"))])

class ItemForm(Form):
    """A fine, drinks, a host's contribution charged to one member (issue 38). Its fields
    are named "posten-…"."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("prefix", "posten")
        super().__init__(*args, **kwargs)

    player = StringField(lazy_gettext("Wer?"))
    kind = RadioField(lazy_gettext("Was für ein Posten?"), validate_choice=False, default="fine",
                      choices=choices((k, lazy_gettext(label))
                                      for k, label in ITEM_LABELS))
    text = StringField(lazy_gettext("Grund"), render_kw={
        "maxlength": 80, "placeholder": lazy_gettext("z. B. zu spät")})
    amount = StringField(lazy_gettext("Betrag des Postens in Euro"), render_kw={
        "inputmode": "decimal", "placeholder": lazy_gettext("z. B. 1,00")})
    date = DateField(lazy_gettext("Datum"),
                     validators=[InputRequired(message=lazy_gettext("ein Datum angeben"))])

class FeeForm(Form):
    """The fixed fee per evening and the Runde's fines (issue 38)."""

    fee = StringField(lazy_gettext("Fester Betrag je Abend in Euro (0: keiner)"), render_kw={
        "inputmode": "decimal", "placeholder": lazy_gettext("z. B. 2,00")})
    fee_for = RadioField(lazy_gettext("Wer zahlt ihn?"), validate_choice=False,
                         default="present", choices=choices([
                             ("present", lazy_gettext("wer dabei war")),
                             ("members", lazy_gettext("jedes Mitglied, auch wer fehlt"))]))
    fines = TextAreaField(lazy_gettext("Strafen der Runde, eine je Zeile: Name und Betrag"),
                          render_kw={"rows": 4,
                                     "placeholder": lazy_gettext("vergeben 0,50\nzu spät 1,00")})
