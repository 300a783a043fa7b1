"""An evening's forms: a new evening, its money, a table change, and the game entry form
(built per request, because its fields depend on the evening's rules and seats; the core does
the real validation).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from wtforms import (
    BooleanField,
    DateField,
    HiddenField,
    RadioField,
    SelectField,
    SelectMultipleField,
    StringField,
)
from wtforms.validators import InputRequired, NumberRange, Optional

from scorer.words.explain import (
    EXTRA_LABELS,
    KIND_LABELS,
    SOLO_LABELS,
)
from scorer.core.names import PLAYER_NAME
from scorer.core.rules import (
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
)
from scorer.services import MAX_CENTS_PER_POINT
from scorer.web.pages.numbers import parse_int
from scorer.web.pages.forms import Form, PriceField, WholeNumberField, choices


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
