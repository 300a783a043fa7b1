"""The Runde's forms: a new Runde, a player added or renamed, the day a player came, the
preset the house rules start from, a Runde forgotten on this device."""

from __future__ import annotations

from flask_babel import lazy_gettext
from wtforms import (
    BooleanField,
    DateField,
    HiddenField,
    RadioField,
    SelectField,
    StringField,
)
from wtforms.validators import InputRequired

from scorer.core.names import PLAYER_NAME, RUNDE_NAME
from scorer.web.pages.forms import Form, choices, name_field
from scorer.web.pages.rule_forms import preset_choices


class GroupForm(Form):
    """Start page: a new Runde."""

    name = name_field(RUNDE_NAME)
    preset = SelectField(lazy_gettext("Regelwerk"), choices=lambda: choices(preset_choices()),
                         default="ddv")


class PlayerForm(Form):
    """Add or rename a player."""

    name = name_field(PLAYER_NAME)
    guest = BooleanField(lazy_gettext("nur als Gast (kein Mitglied der Runde)"))
    """Adding only: a guest plays, but is never charged or scored as an absent member."""


class MemberSinceForm(Form):
    """The day a player came to the Runde (for what absent members pay and score)."""

    since = DateField(lazy_gettext("Mitglied seit"),
                      validators=[InputRequired(message=lazy_gettext("ein Datum angeben"))])


class PayDetailsForm(Form):
    """How a player is paid: IBAN (with the account holder), PayPal.me name; each optional."""

    iban = StringField(lazy_gettext("IBAN"), render_kw={
        "autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false",
        "maxlength": 50})
    holder = StringField(lazy_gettext("Kontoinhaber"), render_kw={
        "autocomplete": "off", "maxlength": 70})
    paypal = StringField(lazy_gettext("PayPal.me-Name"), render_kw={
        "autocomplete": "off", "autocapitalize": "none", "spellcheck": "false",
        "maxlength": 60})


class MemberUntilForm(Form):
    """The last day a retiring player belongs to the Runde ("Mitglied bis")."""

    until = DateField(lazy_gettext("Mitglied bis"),
                      validators=[InputRequired(message=lazy_gettext("ein Datum angeben"))])


class ForgetForm(Form):
    """Start page: forget one remembered Runde on this device."""

    runde = HiddenField()


class PresetForm(Form):
    """House rules, step one: the preset to start from (resets the changed options)."""

    preset = RadioField(lazy_gettext("Regelwerk"), choices=lambda: choices(preset_choices()))
