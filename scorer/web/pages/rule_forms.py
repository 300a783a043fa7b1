"""The house rules as a form: every option of RULES.md §8 as a field, built per request from a
rule set, the values other options rule out, and the core's refusals beside their options. The
Runde's Hausregeln, a new evening's rules and a tournament's rules all use it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any

from wtforms import (
    BooleanField,
    Field,
    RadioField,
    SelectField,
    SelectMultipleField,
)

from scorer.core.rules import (
    PRESETS,
    REQUIREMENTS,
    GameKind,
    HouseRules,
)
from scorer.web.pages.forms import Form, choices
from scorer.words.explain import (
    DECK_LABELS,
    VALUE_LABELS,
    deck_label,
    option_help,
    option_label,
    preset_label,
    value_label,
)
from scorer.words.problems import problem_text


def preset_choices() -> list[tuple[str, str]]:
    """Every preset as (id, label), in the language spoken now."""
    return [(name, preset_label(name)) for name in PRESETS]

_BOOL_OPTIONS = {f.name for f in dataclasses.fields(HouseRules) if f.type == "bool"}
_LIST_OPTIONS = {"extras", "game_kinds", "bock_triggers", "solo_kinds"}
OPTION_NAMES = [f.name for f in dataclasses.fields(HouseRules)]


def _option_field(name: str) -> Field:
    label = option_label(name)
    help_text = option_help(name)
    if name == "deck":
        return RadioField(label, choices=choices((deck, deck_label(deck)) for deck in DECK_LABELS),
                          description=help_text)
    if name in _BOOL_OPTIONS:
        return BooleanField(label, description=help_text)
    values = [(value, value_label(name, value)) for value in VALUE_LABELS[name]]
    if name == "game_kinds":
        optional = {GameKind.ARMUT.value, GameKind.HAMMELRENNEN.value, GameKind.SCHWARZE_SAU.value}
        values = [(k, v) for k, v in values if k in optional]
    if name in _LIST_OPTIONS:
        return SelectMultipleField(label, choices=choices(values), description=help_text,
                                   validate_choice=False)
    return SelectField(label, choices=choices(values), description=help_text,
                       validate_choice=False)


def options_form(rules: HouseRules, prefix: str = "", formdata: Any = None) -> Form:
    """Every option of RULES.md §8 as a field, filled with ``rules`` when not submitted.

    With a ``prefix`` the options are part of a bigger form, whose own token covers them.
    """

    class OptionsForm(Form):
        pass

    for name in OPTION_NAMES:
        setattr(OptionsForm, name, _option_field(name))
    data = {k: (str(v) if k == "deck" else v) for k, v in rules.to_dict().items()}
    kwargs: dict[str, Any] = {"data": data, "prefix": prefix}
    if prefix:
        kwargs["meta"] = {"csrf": False}
    if formdata is not None:
        kwargs["formdata"] = formdata
    return OptionsForm(**kwargs)


def options_from_form(form: Form) -> dict[str, Any]:
    """The submitted options as JSON values for ``rules_from_spec``."""
    out: dict[str, Any] = {}
    for name in OPTION_NAMES:
        value = form[name].data
        if name == "deck":
            value = int(value) if value in DECK_LABELS else value
        elif name == "bock_cap":
            value = int(value) if value in VALUE_LABELS[name] else value
        elif name in _LIST_OPTIONS:
            value = list(value or [])
        elif name in _BOOL_OPTIONS:
            value = bool(value)
        out[name] = value
    return out


@dataclasses.dataclass(frozen=True)
class Limit:
    """One option value that another option's value rules out (core.rules.REQUIREMENTS), as
    the form shows it: disabled with its reason, or, when it is chosen anyway (the page
    after a refusal, rules from before), left as it is with the reason as its problem."""

    option: str
    value: str
    """The field's value for it: a checkbox of a yes/no option is "y"."""
    needs: str
    allowed: tuple[str, ...]
    reason: str
    met: bool
    """Whether the other option, as the form holds it, allows it."""
    chosen: bool


def _shown_values(form: Form, name: str) -> frozenset[str]:
    """What an option field holds, as core.rules.option_values words it."""
    data = form[name].data
    if name in _BOOL_OPTIONS:
        return frozenset({"true" if data else "false"})
    if name in _LIST_OPTIONS:
        return frozenset(str(v) for v in data or ())
    return frozenset({str(data)})


def option_limits(form: Form) -> dict[str, list[Limit]]:
    """Per option field (its short name), the values other options rule out right now:
    what the rule forms disable and explain, and what static/js/rules.js keeps up to date
    as options change."""
    out: dict[str, list[Limit]] = {}
    for needed in REQUIREMENTS:
        met = bool(_shown_values(form, needed.needs) & needed.allowed)
        chosen = needed.value in _shown_values(form, needed.option)
        value = "y" if needed.option in _BOOL_OPTIONS else needed.value
        out.setdefault(needed.option, []).append(Limit(
            needed.option, value, needed.needs, tuple(sorted(needed.allowed)),
            problem_text(needed.message), met, chosen))
    return out


def option_places(form: Form) -> dict[str, tuple[str, str]]:
    """Where each rule option stands on its page (templates/_macros.html ``option``)."""
    return {name: (f"option-{form[name].name}", option_label(name)) for name in OPTION_NAMES}


def option_errors(problems: Iterable[tuple[str, str]]) -> dict[str, list[str]]:
    """InvalidRules problems (``rules.extras[0]``) keyed by option field name."""
    out: dict[str, list[str]] = {}
    for field, message in problems:
        name = field.removeprefix("rules.").split("[")[0].split(".")[0]
        out.setdefault(name if name in OPTION_NAMES else "", []).append(problem_text(message))
    return out
