"""The import's forms: the upload, and the preview's choices, built per file (one select per
name the Runde does not know, one date per evening the file has none for)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from flask_babel import lazy_gettext
from flask_wtf.file import FileField, FileRequired
from wtforms import BooleanField, DateField, RadioField, SelectField
from wtforms.validators import Optional

from scorer.importers import ImportMode
from scorer.services.imports import Choices, Read, Target, offered_names
from scorer.web.pages.forms import Form, choices
from scorer.words import imports as words


class UploadForm(Form):
    """Choose the file."""

    file = FileField(lazy_gettext("Datei"),
                     validators=[FileRequired(lazy_gettext("Bitte eine Datei auswählen."))])


NEW = ""
"""A name's choice "add a new player" (a player's id otherwise)."""


def preview_form(target: Target, read: Read, formdata: Any = None) -> Form:
    """The preview's choices for this file and Runde: the mode (a file that can be
    re-scored), a player for each of the file's names the Runde does not know, a date for
    each evening without one, and for a backup whether its house rules come along."""
    plan = read.plan
    asked = offered_names(target, plan.players)
    said = words.preview_form_words()
    players = [(NEW, said["new"])] + [
        (str(i), name if active else words.retired(name))
        for i, name, active in target.players]

    class PreviewForm(Form):
        pass

    if plan.rescorable:
        PreviewForm.mode = RadioField(
            said["mode"], default=ImportMode.RECORDED.value,
            choices=choices((m.value, words.mode_choice(m.value)) for m in ImportMode))
    if plan.bock_unsaid:
        PreviewForm.bock = RadioField(
            said["bock"], default=SOURCE_BOCK[0],
            choices=choices((value, words.source_bock_choice(value)) for value in SOURCE_BOCK))
    for k, name in enumerate(plan.players):
        if name in asked:
            setattr(PreviewForm, f"player_{k}",
                    SelectField(name, choices=choices(players), default=NEW))
    for k, evening in enumerate(plan.evenings):
        if evening.date is None:
            setattr(PreviewForm, f"date_{k}",
                    DateField(words.date_of(evening.place), validators=[Optional()]))
    if read.backup is not None:
        PreviewForm.take_rules = BooleanField(said["take_rules"])
    return PreviewForm(formdata=formdata)


SOURCE_BOCK = ("sequential", "doppelbock")
"""Bockzettel's Bock modes, its default first (ImportPlan.bock_unsaid)."""


def sent_bock(formdata: Any) -> str | None:
    """The Bock mode of the file's app a preview form sent (None: none, or an unknown one):
    the file is read under it before the form for it is built."""
    value = formdata.get("bock") if formdata is not None else None
    return value if value in SOURCE_BOCK else None


def sent_mode(formdata: Any) -> ImportMode:
    """The mode a preview form sent (recorded when none or an unknown one): the file is read
    under it before the form for it is built."""
    value = formdata.get("mode") if formdata is not None else None
    try:
        return ImportMode(value)
    except ValueError:
        return ImportMode.RECORDED


def choices_of(form: Form, target: Target, names: Sequence[str]) -> Choices:
    """What the form chose; fields the form lacks keep the defaults. An id that is no
    player of the Runde is the field's error."""
    by_id = {str(i): name for i, name, _ in target.players}
    chosen: dict[str, str] = {}
    dates: dict[int, dt.date] = {}
    for field in form:
        if field.name.startswith("player_") and field.data and field.data != NEW:
            if field.data in by_id:
                chosen[names[int(field.name[7:])]] = by_id[field.data]
            else:
                field.errors = [*field.errors, words.preview_form_words()["unknown"]]
        elif field.name.startswith("date_") and isinstance(field.data, dt.date):
            dates[int(field.name[5:])] = field.data
    mode = getattr(form, "mode", None)
    return Choices(mode=ImportMode(mode.data) if mode is not None and mode.data
                   in {m.value for m in ImportMode} else ImportMode.RECORDED,
                   names=chosen, dates=dates,
                   take_rules=bool(getattr(getattr(form, "take_rules", None), "data", False)))
