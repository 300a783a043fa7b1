"""Flask-WTF forms. The game and rule forms are built per request, because their fields
depend on the evening's rules and seats; the core does the real validation.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    DateField,
    Field,
    HiddenField,
    IntegerField,
    RadioField,
    SelectField,
    SelectMultipleField,
    StringField,
)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import DataRequired, InputRequired, NumberRange, Optional, StopValidation

from scorer.words.explain import (
    EXTRA_LABELS,
    KIND_LABELS,
    OPTION_HELP,
    OPTION_LABELS,
    PRESET_LABELS,
    SOLO_LABELS,
    VALUE_LABELS,
)
from scorer.core.names import PLAYER_NAME, RUNDE_NAME, NameField, clean_name
from scorer.core.rules import (
    PRESETS,
    REQUIREMENTS,
    Announcements,
    BockTrigger,
    Extra,
    GameKind,
    HouseRules,
)
from scorer.core.scoring import (
    InvalidGame,
    Level,
    parse_game,
    trickless_matters,
    zero_eyes_party,
)
from scorer.core.settlement import (
    MODE_LABELS,
    ROUNDING_LABELS,
    InvalidSettlement,
    format_cents,
    parse_price,
)
from scorer.services import MAX_CENTS_PER_POINT
from scorer.web.numbers import parse_int


def choices(pairs: Iterable[tuple[str, str]]) -> list[SelectChoice]:
    """(value, label) pairs as WTForms choices; templates read ``.value`` and ``.label``."""
    return [SelectChoice(value, label) for value, label in pairs]


class Form(FlaskForm):
    """Base form: WTForms' own German messages."""

    class Meta:
        locales = ["de_DE", "de"]


# --------------------------------------------------------------------------- Runde

PRESET_CHOICES = [(name, PRESET_LABELS[name]) for name in PRESETS]
"""Every preset as (id, German label)."""


def _name_filter(field: NameField) -> Callable[[str | None], str | None]:
    """A typed name as it is stored (scorer.core.names); a refused one becomes the field's error,
    since WTForms turns a filter's ValueError into one. Blank stays blank for DataRequired."""

    def clean(value: str | None) -> str | None:
        if value is None or not value.strip():
            return value.strip() if value else value
        return clean_name(value, field)

    return clean


def _name_field(field: NameField) -> StringField:
    return StringField(field.label, validators=[DataRequired()], filters=[_name_filter(field)],
                       render_kw={"maxlength": field.max_length})


class GroupForm(Form):
    """Start page: a new Runde."""

    name = _name_field(RUNDE_NAME)
    preset = SelectField("Regelwerk", choices=choices(PRESET_CHOICES), default="ddv")


class PlayerForm(Form):
    """Add or rename a player."""

    name = _name_field(PLAYER_NAME)


class MemberSinceForm(Form):
    """The day a player came to the Runde (for what absent members pay and score)."""

    since = DateField("Mitglied seit", validators=[InputRequired(message="ein Datum angeben")])


class WholeNumberField(IntegerField):
    """An integer field that reads only the digits 0 to 9 (see scorer.web.numbers)."""

    def process_formdata(self, valuelist: list[Any]) -> None:
        if not valuelist:
            return
        self.data = parse_int(valuelist[0])
        if self.data is None:
            # Named: the entry form's bar shows the message away from its field.
            raise ValueError(f"{self.label.text}: eine ganze Zahl mit den Ziffern 0 bis 9 "
                             "angeben")

    def pre_validate(self, form: Any) -> None:
        # Something typed that is no number: said once, not also "zwischen 1 und 200". (A
        # blank field goes on to Optional, which lets it be.)
        if self.process_errors and self.raw_data and str(self.raw_data[0]).strip():
            raise StopValidation()


class PriceField(StringField):
    """Cents per point as a table types them, "0,5" or "0.5" as well as "10": exact to a
    tenth of a cent (scorer.core.settlement.parse_price), never rounded to another number.
    ``data`` is an int or a Decimal; a phone's keyboard for decimals comes with it."""

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
            raise ValueError(err.message) from None

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


class ForgetForm(Form):
    """Start page: forget one remembered Runde on this device."""

    runde = HiddenField()


def sent_revision(form: Form) -> int:
    """The revision a form was filled in against (-1 if missing: always stale)."""
    revision = parse_int(form.revision.data, low=0)
    return -1 if revision is None else revision


class PresetForm(Form):
    """House rules, step one: the preset to start from (resets the changed options)."""

    preset = RadioField("Regelwerk", choices=choices(PRESET_CHOICES))


# --------------------------------------------------------------------------- rule options

DECK_LABELS = {"48": "48 Karten (mit Neunen)", "40": "40 Karten (ohne Neunen)"}
_BOOL_OPTIONS = {f.name for f in dataclasses.fields(HouseRules) if f.type == "bool"}
_LIST_OPTIONS = {"extras", "game_kinds", "bock_triggers", "solo_kinds"}
OPTION_NAMES = [f.name for f in dataclasses.fields(HouseRules)]


def _option_field(name: str) -> Field:
    label = OPTION_LABELS[name]
    help_text = OPTION_HELP[name]
    if name == "deck":
        return RadioField(label, choices=choices(DECK_LABELS.items()), description=help_text)
    if name in _BOOL_OPTIONS:
        return BooleanField(label, description=help_text)
    values = list(VALUE_LABELS[name].items())
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
            needed.option, value, needed.needs, tuple(sorted(needed.allowed)), needed.message,
            met, chosen))
    return out


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


def option_places(form: Form) -> dict[str, tuple[str, str]]:
    """Where each rule option stands on its page (templates/_macros.html ``option``)."""
    return {name: (f"option-{form[name].name}", OPTION_LABELS[name]) for name in OPTION_NAMES}


def option_errors(problems: Iterable[tuple[str, str]]) -> dict[str, list[str]]:
    """InvalidRules problems (``rules.extras[0]``) keyed by option field name."""
    out: dict[str, list[str]] = {}
    for field, message in problems:
        name = field.removeprefix("rules.").split("[")[0].split(".")[0]
        out.setdefault(name if name in OPTION_NAMES else "", []).append(message)
    return out


# --------------------------------------------------------------------------- evening


MODE_CHOICES = [(mode.value, label) for mode, label in MODE_LABELS.items()]
"""scorer.core.settlement.SettlementMode values with the words the table uses."""
ROUNDING_CHOICES = [(rounding.value, label) for rounding, label in ROUNDING_LABELS.items()]
"""scorer.core.settlement.Rounding values in German."""


def _cents_field() -> PriceField:
    return PriceField("Cent pro Punkt", default=10, validators=[
        InputRequired(message="Betrag angeben (0 für ohne Geld)"),
        NumberRange(min=0, max=MAX_CENTS_PER_POINT,
                    message=f"zwischen 0 und {MAX_CENTS_PER_POINT} Cent")])


def _mode_field() -> SelectField:
    return SelectField("Abrechnung", choices=choices(MODE_CHOICES), default="zero_sum")


def _rounding_field() -> SelectField:
    return SelectField("Rundung", choices=choices(ROUNDING_CHOICES), default="cent")


class EveningForm(Form):
    """A new evening; the rule options come as a second, prefixed form."""

    played_on = DateField("Datum", validators=[InputRequired(message="Datum angeben")])
    present = SelectMultipleField("Wer ist da?", validate_choice=False)
    first_dealer = SelectField("Erster Geber", validate_choice=False)
    planned_games = WholeNumberField("Geplante Spiele", validators=[
        Optional(), NumberRange(min=1, max=200, message="zwischen 1 und 200")])
    cents_per_point = _cents_field()
    settlement_mode = _mode_field()
    settlement_rounding = _rounding_field()


class SettlementForm(Form):
    """What a point is worth this evening and how the evening settles."""

    revision = HiddenField()
    cents_per_point = _cents_field()
    settlement_mode = _mode_field()
    settlement_rounding = _rounding_field()


class TableForm(Form):
    """Tisch ändern: who sits where from now on, when, and who deals next. The seats come
    as ``present`` with ``seat-<id>`` numbers (as on the new-evening form), a player new to
    the Runde as ``new_name`` with ``seat-neu``."""

    entry_key = HiddenField()
    revision = HiddenField()
    present = SelectMultipleField("Wer sitzt am Tisch?", validate_choice=False)
    new_name = StringField("Neuer Spieler", render_kw={"maxlength": PLAYER_NAME.max_length})
    after = SelectField("Wann?", validate_choice=False)
    dealer = SelectField("Wer gibt das nächste Spiel?", validate_choice=False)


NEW_SEAT = "neu"
"""The seat key (``seat-neu``) and dealer value of a player added on the spot."""


def seat_order(formdata: Mapping[str, Any], present: Sequence[str],
               player_ids: Sequence[int | str]) -> list[int | str]:
    """The ticked players sorted by their seat number (``seat-<id>``), then list order."""

    def key(item: tuple[int, int | str]) -> tuple[int, int]:
        index, pid = item
        seat = parse_int(formdata.get(f"seat-{pid}", ""))
        return (99 if seat is None else seat), index

    ticked = [(k, pid) for k, pid in enumerate(player_ids) if str(pid) in present]
    return [pid for _, pid in sorted(ticked, key=key)]


# --------------------------------------------------------------------------- game entry

NO_PARTY_KINDS = {GameKind.HAMMELRENNEN.value, GameKind.REDEAL.value}
NO_ANNOUNCEMENT_KINDS = NO_PARTY_KINDS | {GameKind.SCHWARZE_SAU.value}
CALLED_KINDS = {GameKind.HOCHZEIT.value, GameKind.ARMUT.value}
"""The kinds whose caller the form may name (who had the Hochzeit, or the Armut)."""
LEVELS = [level.value for level in Level]
LEVEL_TEXT = {"none": "—", "keine_90": "keine 90", "keine_60": "keine 60",
              "keine_30": "keine 30", "schwarz": "schwarz"}


def level_choices(party: str, rules: HouseRules) -> list[tuple[str, str]]:
    """The announcement ladder of one party: —, Re/Kontra, keine 90 … schwarz."""
    name = "Re" if party == "re" else "Kontra"
    out = []
    for level in LEVELS:
        if level == "ansage":
            if rules.announcements is Announcements.DOPPELT:
                continue  # Doppelt has its own counter
            out.append((level, name))
        else:
            out.append((level, LEVEL_TEXT[level]))
    return out


BOTH_TOOK_TRICKS = "none"
"""The answer "beide haben Stiche" to the schwarz question; "" is no answer yet."""


def trickless_question(party: str) -> str:
    """The schwarz question's refusal when it is left open where it counts."""
    name = "Re" if party == "re" else "Kontra"
    return (f"bitte angeben, ob {name} einen Stich gemacht hat (0 Augen gehen auch mit "
            "einem Stich aus vier Neunen)")


class GameForm(Form):
    """The fields every game has; extras and Hammelrennen Augen are added per rules."""

    entry_key = HiddenField()
    revision = HiddenField()
    kind = RadioField("Spielart", default="normal", validate_choice=False)
    solo = RadioField("Solo", validate_choice=False)
    pflicht = RadioField("Pflicht oder Lust", default="", validate_choice=False, choices=choices([
        ("", "wie es sich ergibt"), ("pflicht", "Pflichtsolo"), ("lust", "Lustsolo")]))
    players = SelectMultipleField("Wer spielt?", validate_choice=False)
    re = SelectMultipleField("Re", validate_choice=False)
    re_eyes = WholeNumberField("Augen Re", validators=[Optional()])
    # No default: where the answer changes the score the table must give it (TRICKLESS).
    trickless = RadioField("Schwarz?", default="", validate_choice=False,
                           choices=choices([(BOTH_TOOK_TRICKS, "beide haben Stiche"),
                                            ("re", "Re hat keinen Stich"),
                                            ("kontra", "Kontra hat keinen Stich")]))
    announced_re = RadioField("Ansagen Re", default="none", validate_choice=False)
    announced_kontra = RadioField("Ansagen Kontra", default="none", validate_choice=False)
    doppelt_re = WholeNumberField("Doppelt Re", default=0, validators=[Optional()])
    doppelt_kontra = WholeNumberField("Doppelt Kontra", default=0, validators=[Optional()])
    manual_bock = BooleanField("Bock (vom Tisch beschlossen)")
    # Optional: a Hochzeit's or an Armut's Re pair, told apart (scoring.GameFacts.caller).
    caller = RadioField("Hochzeit oder Armut: wer hatte sie?", default="", validate_choice=False)


EXTRA_LABELS_BY_VALUE = {e.value: label for e, label in EXTRA_LABELS.items()}


def extra_field(party: str, extra: str) -> str:
    """Form field of one party's count of one extra; mirrors the core's field path."""
    return f"extras_{party}_{extra}"


def game_form(rules: HouseRules, seats: Sequence[tuple[int, str]],
              data: Mapping[str, Any] | None = None) -> GameForm:
    """The entry form for these rules and seats (id, name)."""
    eyes = tuple(seats) if GameKind.HAMMELRENNEN in rules.game_kinds else ()
    form = _entry_class(_extras(rules), eyes)(data=dict(data or {}))
    # A recorded game (RULES.md §10.1) has its own page, "Punkte eintragen": its points
    # are typed, not the facts of this form.
    kinds = [k for k in GameKind if rules.allows(k) and k is not GameKind.RECORDED]
    form.kind.choices = choices((k.value, KIND_LABELS[k]) for k in kinds)
    form.solo.choices = choices((s.value, SOLO_LABELS[s]) for s in rules.solo_kinds)
    form.players.choices = choices((str(pid), name) for pid, name in seats)
    form.re.choices = choices((str(pid), name) for pid, name in seats)
    form.caller.choices = choices((str(pid), name) for pid, name in seats)
    form.announced_re.choices = choices(level_choices("re", rules))
    form.announced_kontra.choices = choices(level_choices("kontra", rules))
    return form



def _extras(rules: HouseRules) -> tuple[str, ...]:
    """The extras the rules count, in the order the form shows them (``to_dict``'s, without
    writing out every other option as well: that was a tenth of a save)."""
    return tuple(e.value for e in Extra if e in rules.extras)


@functools.lru_cache(maxsize=512)
def _entry_class(extras: tuple[str, ...], eye_seats: tuple[tuple[int, str], ...]
                 ) -> type[GameForm]:
    """The entry form with a count field per party and extra, and an Augen field per seat
    (id, name) for a Hammelrennen: made once per kind of table, as making a form class
    costs more than filling one (it is a third of a save)."""

    class Entry(GameForm):
        pass

    for party in ("re", "kontra"):
        for extra in extras:
            setattr(Entry, extra_field(party, extra), WholeNumberField(
                EXTRA_LABELS_BY_VALUE[extra], default=0, validators=[Optional()]))
    for pid, name in eye_seats:
        setattr(Entry, f"eyes_{pid}", WholeNumberField(f"Augen {name}", validators=[Optional()]))
    return Entry


def facts_from_form(form: GameForm, rules: HouseRules, seats: Mapping[int, str],
                    table: Sequence[int] | None = None,
                    ) -> tuple[dict[str, Any], dict[str, list[str]]]:
    """Stored facts (players as ids) from a submitted entry form, and parse problems.

    ``seats`` names every player the form may name (id -> name), ``table`` the ids at the
    table for this game (default: all of ``seats``); whether a named player sits there is
    the core's to say. Fields that do not apply to the chosen kind are left out, so a
    hidden leftover never blocks saving. The core validates the rest.
    """
    problems: dict[str, list[str]] = {}
    seat_ids = list(seats if table is None else table)
    kind = form.kind.data or GameKind.NORMAL.value
    facts: dict[str, Any] = {"kind": kind}

    def ids(field: SelectMultipleField) -> list[int]:
        out = []
        for raw in field.data or []:
            pid = parse_int(raw, low=1)
            if pid not in seats:
                problems.setdefault(field.name, []).append("unbekannter Spieler")
                continue
            out.append(pid)
        return out

    if len(seat_ids) == 4:
        facts["players"] = list(seat_ids)
    else:
        facts["players"] = ids(form.players)
    if kind == GameKind.SOLO.value:
        facts["solo"] = form.solo.data or None
        if rules.pflichtsolo and form.pflicht.data in ("pflicht", "lust"):
            facts["pflicht"] = form.pflicht.data == "pflicht"
    if kind == GameKind.HAMMELRENNEN.value and rules.allows(GameKind.HAMMELRENNEN):
        # (a posted Hammelrennen the rules don't know goes on to the core, which refuses it)
        # Nobody chosen (a phone that kept the game offline leaves who plays to the
        # rotation): the Augen of whoever has some, for the core to match with the four.
        eye_fields = {pid: form._fields.get(f"eyes_{pid}") for pid in seat_ids}
        playing = facts["players"] or [pid for pid, field in eye_fields.items()
                                       if field is not None and field.data is not None]
        eyes = {}
        for pid in playing:
            field = eye_fields.get(pid)
            if field is None:
                problems.setdefault("players", []).append("unbekannter Spieler")
            elif field.data is None and not field.errors:
                problems.setdefault("eyes", []).append(f"Augen von {seats[pid]} fehlen")
            elif field.data is not None:
                eyes[str(pid)] = field.data
        facts["eyes"] = eyes
    if kind in CALLED_KINDS and form.caller.data:
        caller = parse_int(form.caller.data, low=1)
        if caller in seats:
            facts["caller"] = caller
        else:
            problems.setdefault("caller", []).append("unbekannter Spieler")
    if kind not in NO_PARTY_KINDS:
        facts["re"] = ids(form.re)
        if form.re_eyes.data is not None:
            facts["re_eyes"] = form.re_eyes.data
            zero_side = {0: "re", 240: "kontra"}.get(form.re_eyes.data)
            if rules.deck == 48 and zero_side and form.trickless.data == zero_side:
                facts["trickless"] = zero_side
    if kind not in NO_ANNOUNCEMENT_KINDS:
        announced = {p: form[f"announced_{p}"].data for p in ("re", "kontra")}
        announced = {p: v for p, v in announced.items() if v and v != "none"}
        if announced:
            facts["announced"] = announced
        if rules.announcements is Announcements.DOPPELT:
            doppelt = {p: form[f"doppelt_{p}"].data for p in ("re", "kontra")}
            doppelt = {p: n for p, n in doppelt.items() if n}
            if doppelt:
                facts["doppelt"] = doppelt
        extras: dict[str, dict[str, int]] = {}
        for party in ("re", "kontra"):
            counts = {e: form[extra_field(party, e)].data for e in _extras(rules)}
            counts = {e: n for e, n in counts.items() if n}
            if counts:
                extras[party] = counts
        if extras:
            facts["extras"] = extras
    if BockTrigger.MANUAL in rules.bock_triggers and form.manual_bock.data:
        facts["manual_bock"] = True
    if (form.trickless.data not in (BOTH_TOOK_TRICKS, "re", "kontra")
            and (party := _open_schwarz_question(facts, rules)) is not None):
        problems.setdefault("trickless", []).append(trickless_question(party))
    return facts, problems


def _open_schwarz_question(facts: Mapping[str, Any], rules: HouseRules) -> str | None:
    """The party with 0 Augen whose tricks decide the score (scoring.trickless_matters), or
    None when the answer changes nothing. Player ids stand in for names; a form that does
    not say who plays (sent from a phone offline) gets stand-ins for Kontra, who only count
    as a party here."""
    re = [str(pid) for pid in facts.get("re", [])]
    players = [str(pid) for pid in facts.get("players", [])]
    if len(players) != 4:
        players = re + [f"?{k}" for k in range(4 - len(re))]
    data = {k: v for k, v in facts.items() if k not in ("players", "re", "eyes")}
    try:
        game = parse_game({**data, "players": players, "re": re})
    except InvalidGame:
        return None
    party = zero_eyes_party(game, rules)
    return party.value if party is not None and trickless_matters(game, rules) else None


def form_data_from_facts(facts: Mapping[str, Any]) -> dict[str, Any]:
    """Stored facts -> the entry form's initial data (for editing a game)."""
    data: dict[str, Any] = {
        "kind": facts.get("kind", "normal"),
        "solo": facts.get("solo"),
        "players": [str(i) for i in facts.get("players", [])],
        "re": [str(i) for i in facts.get("re", [])],
        "re_eyes": facts.get("re_eyes"),
        # A stored game with 0 Augen and no trickless was answered "beide haben Stiche".
        "trickless": facts.get("trickless") or (
            BOTH_TOOK_TRICKS if facts.get("re_eyes") in (0, 240) else ""),
        "manual_bock": bool(facts.get("manual_bock")),
    }
    if "pflicht" in facts:
        data["pflicht"] = "pflicht" if facts["pflicht"] else "lust"
    if facts.get("caller") is not None:
        data["caller"] = str(facts["caller"])
    for party in ("re", "kontra"):
        data[f"announced_{party}"] = facts.get("announced", {}).get(party, "none")
        data[f"doppelt_{party}"] = facts.get("doppelt", {}).get(party, 0)
        for extra, n in facts.get("extras", {}).get(party, {}).items():
            data[extra_field(party, extra)] = n
    for pid, n in facts.get("eyes", {}).items():
        data[f"eyes_{pid}"] = n
    return data


def field_of(path: str) -> str:
    """The entry form field for a core field path: ``extras.re.fuchs_gefangen`` ->
    ``extras_re_fuchs_gefangen``; ``eyes.Anna`` -> ``eyes``."""
    if path.startswith("eyes"):
        return "eyes"
    return path.replace(".", "_")


def errors_by_field(problems: Iterable[tuple[str, str]],
                    field: Callable[[str], str]) -> dict[str, list[str]]:
    """Problems a service refused with ((its field, German message) pairs) as a page shows
    them: by ``field`` (a service field -> the form's field), "" for the whole form."""
    out: dict[str, list[str]] = {}
    for name, message in problems:
        out.setdefault(field(name) if name else "", []).append(message)
    return out


def with_form_errors(form: Form, errors: dict[str, list[str]]) -> dict[str, list[str]]:
    """``errors`` with the form's own (its fields' validators') added beside them. Not the
    CSRF token's: the app's CSRF protection refuses such a request before any view."""
    for name, messages in form.errors.items():
        if name != "csrf_token":
            errors.setdefault(name, []).extend(messages)
    return errors


__all__ = [
    "ActionForm",
    "EveningForm",
    "ForgetForm",
    "GameForm",
    "GroupForm",
    "PlayerForm",
    "PresetForm",
    "SettlementForm",
    "TableForm",
    "errors_by_field",
    "facts_from_form",
    "field_of",
    "form_data_from_facts",
    "game_form",
    "error_summary",
    "option_limits",
    "option_places",
    "options_form",
    "options_from_form",
    "seat_order",
    "sent_revision",
    "with_form_errors",
]
