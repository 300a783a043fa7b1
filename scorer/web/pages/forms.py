"""The forms every area builds on: the base form (WTForms' own messages), the fields
for whole numbers and prices as a table types them, a button that changes something, and the
way a refusal reaches the field it concerns.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from decimal import Decimal
from typing import Any

from flask_babel import lazy_gettext
from flask_wtf import FlaskForm
from wtforms import (
    Field,
    HiddenField,
    IntegerField,
    StringField,
)
from wtforms.fields.choices import SelectChoice  # type: ignore[attr-defined]  # 3.3, not in stubs
from wtforms.validators import DataRequired, StopValidation
from wtforms.widgets import TextInput

from scorer.core.names import NameField, clean_name
from scorer.core.settlement import (
    InvalidSettlement,
    format_cents,
    parse_price,
)
from scorer.web.pages.numbers import parse_int
from scorer.words.problems import not_a_whole_number, problem_text, refusal_text


def choices(pairs: Iterable[tuple[str, str]]) -> list[SelectChoice]:
    """(value, label) pairs as WTForms choices; templates read ``.value`` and ``.label``."""
    return [SelectChoice(value, label) for value, label in pairs]


class Form(FlaskForm):
    """Base form: WTForms' own messages in the page's language (Flask-WTF asks Flask-Babel)."""


def name_filter(field: NameField) -> Callable[[str | None], str | None]:
    """A typed name as it is stored (scorer.core.names); a refused one becomes the field's error,
    since WTForms turns a filter's ValueError into one. Blank stays blank for DataRequired."""

    def clean(value: str | None) -> str | None:
        if value is None or not value.strip():
            return value.strip() if value else value
        try:
            return clean_name(value, field)
        except ValueError as err:
            raise ValueError(refusal_text(err)) from None

    return clean


def name_field(field: NameField) -> StringField:
    """A name's field, its label said in the page's language when the form is shown (the
    field is made once, where its form class is defined)."""
    return StringField(lazy_gettext(field.label), validators=[DataRequired()], filters=[name_filter(field)],
                       render_kw={"maxlength": field.max_length})


class WholeNumberField(IntegerField):
    """An integer field that reads only the digits 0 to 9 (see scorer.web.pages.numbers)."""

    def process_formdata(self, valuelist: list[Any]) -> None:
        if not valuelist:
            return
        self.data = parse_int(valuelist[0])
        if self.data is None:
            # Named: the entry form's bar shows the message away from its field.
            raise ValueError(not_a_whole_number(str(self.label.text)))

    def pre_validate(self, form: Any) -> None:
        # Something typed that is no number: said once, not also "zwischen 1 und 200". (A
        # blank field goes on to Optional, which lets it be.)
        if self.process_errors and self.raw_data and str(self.raw_data[0]).strip():
            raise StopValidation()


class PriceField(Field):
    """Cents per point as a table types them, "0,5" or "0.5" as well as "10": exact to a
    tenth of a cent (scorer.core.settlement.parse_price), never rounded to another number.
    ``data`` is an int or a Decimal; a phone's keyboard for decimals comes with it."""

    # A text input like StringField's, whose data is text; this one's is a price.
    widget = TextInput()
    data: int | Decimal | None

    def __init__(self, label: str, **kwargs: Any) -> None:
        kwargs.setdefault("render_kw", {"inputmode": "decimal", "autocomplete": "off"})
        super().__init__(label, **kwargs)

    def process_formdata(self, valuelist: list[Any]) -> None:
        if not valuelist or not str(valuelist[0]).strip():
            self.data = None  # InputRequired says what is missing
            return
        try:
            self.data = parse_price(str(valuelist[0]))
        except InvalidSettlement as err:
            self.data = None
            raise ValueError(problem_text(err.message)) from None

    def pre_validate(self, form: Any) -> None:
        if self.process_errors:
            raise StopValidation()  # what was typed is said once, not also as out of range

    def _value(self) -> str:
        if self.raw_data:
            return str(self.raw_data[0])
        return format_cents(self.data) if self.data is not None else ""


class ActionForm(Form):
    """A button that changes something: only the CSRF token (and a revision)."""

    revision = HiddenField()


def sent_revision(form: Form) -> int:
    """The revision a form was filled in against (-1 if missing: always stale)."""
    revision = parse_int(form.revision.data, low=0)
    return -1 if revision is None else revision


Problem = tuple[str | None, str, str]
"""A refusal as the top of a long form lists it: (the id of its field or None, the field's
label or "", the message)."""


def error_summary(errors: Mapping[str, Sequence[str]],
                  places: Mapping[str, tuple[str, str]]) -> list[Problem]:
    """Every message of ``errors`` (by field name, "" for the whole form) with the place
    ``places`` gives its field (anchor, label): what the page says first."""
    out: list[Problem] = []
    for name, messages in errors.items():
        anchor, label = places.get(name, (None, ""))
        # (Some fields name themselves in their message: the label is said once.)
        out.extend((anchor, label, message.removeprefix(f"{label}: ") if label else message)
                   for message in messages)
    return out


def errors_by_field(problems: Iterable[tuple[str, str]],
                    field: Callable[[str], str]) -> dict[str, list[str]]:
    """Problems a service refused with ((its field, message) pairs) as a page shows them, in
    the reader's language (scorer.words.problems): by ``field`` (a service field -> the
    form's field), "" for the whole form."""
    out: dict[str, list[str]] = {}
    for name, message in problems:
        out.setdefault(field(name) if name else "", []).append(problem_text(message))
    return out


def with_form_errors(form: Form, errors: dict[str, list[str]]) -> dict[str, list[str]]:
    """``errors`` with the form's own (its fields' validators') added beside them. Not the
    CSRF token's: the app's CSRF protection refuses such a request before any view."""
    for name, messages in form.errors.items():
        if name != "csrf_token":
            errors.setdefault(name, []).extend(messages)
    return errors
