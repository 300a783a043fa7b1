"""An evening's forms: a new evening, its money, a table change, and the game entry form
(built per request, because its fields depend on the evening's rules and seats; the core does
the real validation).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from flask_babel import lazy_gettext
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

from scorer.core.names import PLAYER_NAME
from scorer.core.rules import (
    Announcements,
    BockTrigger,
    Extra,
    GameKind,
    HouseRules,
    SoloKind,
)
from scorer.core.scoring import (
    GameEntry,
    InvalidGame,
    Level,
    Party,
    read_term,
    trick_question,
)
from scorer.services import MAX_CENTS_PER_POINT
from scorer.web.pages.forms import Form, PriceField, WholeNumberField, choices
from scorer.web.pages.numbers import parse_int
from scorer.words import entry as words
from scorer.words.explain import (
    EXTRA_LABELS,
    KIND_LABELS,
    SOLO_LABELS,
)
from scorer.words.i18n import _
from scorer.words.money import MODES, ROUNDINGS

# Labels, choices and messages are set when a class is defined, at import: lazy strings, said
# in the language of the page that shows them.
MODE_CHOICES = [(mode.value, lazy_gettext(label)) for mode, label in MODES.items()]
"""scorer.core.settlement.SettlementMode values with the words the table uses."""
ROUNDING_CHOICES = [(rounding.value, lazy_gettext(label))
                    for rounding, label in ROUNDINGS.items()]
"""scorer.core.settlement.Rounding values in words."""


def _cents_field() -> PriceField:
    return PriceField(lazy_gettext("Cent pro Punkt"), default=10, validators=[
        InputRequired(message=lazy_gettext("Betrag angeben (0 für ohne Geld)")),
        NumberRange(min=0, max=MAX_CENTS_PER_POINT,
                    message=lazy_gettext("zwischen 0 und %(most)d Cent",
                                         most=MAX_CENTS_PER_POINT))])


def _mode_field() -> SelectField:
    return SelectField(lazy_gettext("Abrechnung"), choices=choices(MODE_CHOICES), default="zero_sum")


def _rounding_field() -> SelectField:
    return SelectField(lazy_gettext("Rundung"), choices=choices(ROUNDING_CHOICES), default="cent")


class EveningForm(Form):
    """A new evening; the rule options come as a second, prefixed form."""

    played_on = DateField(lazy_gettext("Datum"),
                          validators=[InputRequired(message=lazy_gettext("Datum angeben"))])
    present = SelectMultipleField(lazy_gettext("Wer ist da?"), validate_choice=False)
    first_dealer = SelectField(lazy_gettext("Erster Geber"), validate_choice=False)
    planned_games = WholeNumberField(lazy_gettext("Geplante Spiele"), validators=[
        Optional(), NumberRange(min=1, max=200,
                                message=lazy_gettext("zwischen %(min)d und %(max)d"))])
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
    present = SelectMultipleField(lazy_gettext("Wer sitzt am Tisch?"), validate_choice=False)
    new_name = StringField(lazy_gettext("Neuer Spieler"),
                           render_kw={"maxlength": PLAYER_NAME.max_length})
    new_guest = BooleanField(lazy_gettext("der neue Spieler ist nur Gast (kein Mitglied der "
                                          "Runde)"))
    after = SelectField(lazy_gettext("Wann?"), validate_choice=False)
    dealer = SelectField(lazy_gettext("Wer gibt das nächste Spiel?"), validate_choice=False)


NEW_SEAT = "neu"
"""The seat key (``seat-neu``) and dealer value of a player added on the spot."""


PlayerKey = TypeVar("PlayerKey", int, str, int | str)
"""A player as a form names one: an id, or a new player's seat key."""


def seat_order(formdata: Mapping[str, Any], present: Sequence[str],
               player_ids: Sequence[PlayerKey]) -> list[PlayerKey]:
    """The ticked players sorted by their seat number (``seat-<id>``), then list order."""

    def key(item: tuple[int, PlayerKey]) -> tuple[int, int]:
        index, pid = item
        seat = parse_int(formdata.get(f"seat-{pid}", ""))
        return (99 if seat is None else seat), index

    ticked = [(k, pid) for k, pid in enumerate(player_ids) if str(pid) in present]
    return [pid for _k, pid in sorted(ticked, key=key)]


LEVELS = [level.value for level in Level]


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
            out.append((level, words.level_text(level)))
    return out


BOTH_TOOK_TRICKS = "none"
"""The answer "beide haben Stiche" to the schwarz question; "" is no answer yet."""
TRICK_ANSWERS = (BOTH_TOOK_TRICKS, Party.RE.value, Party.KONTRA.value)
"""The schwarz question answered: both took tricks, or the party that took none."""


def trickless_question(party: str) -> str:
    """The schwarz question's refusal when it is left open where it counts."""
    return words.trickless_question("Re" if party == "re" else "Kontra")


class GameForm(Form):
    """The fields every game has; extras and Hammelrennen Augen are added per rules."""

    entry_key = HiddenField()
    revision = HiddenField()
    # A new game's number on the sheet the form was drawn for: saved only as that game, so
    # that two phones with the same form open never store it twice (services.add_game).
    game_number = HiddenField()
    kind = RadioField(lazy_gettext("Spielart"), default="normal", validate_choice=False)
    solo = RadioField(lazy_gettext("Solo"), validate_choice=False)
    pflicht = RadioField(lazy_gettext("Pflicht oder Lust"), default="", validate_choice=False,
                         choices=choices([("", lazy_gettext("wie es sich ergibt")),
                                          ("pflicht", lazy_gettext("Pflichtsolo")),
                                          ("lust", lazy_gettext("Lustsolo"))]))
    players = SelectMultipleField(lazy_gettext("Wer spielt?"), validate_choice=False)
    re = SelectMultipleField("Re", validate_choice=False)
    re_eyes = WholeNumberField(lazy_gettext("Augen Re"), validators=[Optional()])
    # No default: where the answer changes the score the table must give it (TRICKLESS).
    trickless = RadioField(lazy_gettext("Schwarz?"), default="", validate_choice=False,
                           choices=choices([
                               (BOTH_TOOK_TRICKS, lazy_gettext("beide haben Stiche")),
                               ("re", lazy_gettext("Re hat keinen Stich")),
                               ("kontra", lazy_gettext("Kontra hat keinen Stich"))]))
    announced_re = RadioField(lazy_gettext("Ansagen Re"), default="none", validate_choice=False)
    announced_kontra = RadioField(lazy_gettext("Ansagen Kontra"), default="none",
                                  validate_choice=False)
    doppelt_re = WholeNumberField("Doppelt Re", default=0, validators=[Optional()])
    doppelt_kontra = WholeNumberField("Doppelt Kontra", default=0, validators=[Optional()])
    manual_bock = BooleanField(lazy_gettext("Bock (vom Tisch beschlossen)"))
    # Optional: a Hochzeit's or an Armut's Re pair, told apart (scoring.GameFacts.caller).
    caller = RadioField(lazy_gettext("Hochzeit oder Armut: wer hatte sie?"), default="",
                        validate_choice=False)


EXTRA_LABELS_BY_VALUE = {e.value: label for e, label in EXTRA_LABELS.items()}


def extra_field(party: str, extra: str) -> str:
    """Form field of one party's count of one extra; mirrors the core's field path."""
    return f"extras_{party}_{extra}"


def game_form(rules: HouseRules, seats: Sequence[tuple[int, str]],
              data: Mapping[str, Any] | None = None) -> GameForm:
    """The entry form for these rules and seats (id, name)."""
    eyes = tuple(seats) if GameKind.HAMMELRENNEN in rules.game_kinds else ()
    form = _entry_class(_extras(rules), eyes)(data=dict(data or {}))
    form.kind.choices = choices((k.value, _(KIND_LABELS[k])) for k in entry_kinds(rules))
    form.solo.choices = choices((s.value, _(SOLO_LABELS[s])) for s in rules.solo_kinds)
    form.players.choices = choices((str(pid), name) for pid, name in seats)
    form.re.choices = choices((str(pid), name) for pid, name in seats)
    form.caller.choices = choices((str(pid), name) for pid, name in seats)
    form.announced_re.choices = choices(level_choices("re", rules))
    form.announced_kontra.choices = choices(level_choices("kontra", rules))
    return form


def entry_kinds(rules: HouseRules) -> list[GameKind]:
    """The kinds of game the entry form offers: those the rules allow but a recorded game
    (RULES.md §10.1), which has its own page, "Punkte eintragen": its points are typed, not
    the facts of this form."""
    return [k for k in GameKind if rules.allows(k) and k is not GameKind.RECORDED]


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
                lazy_gettext(EXTRA_LABELS_BY_VALUE[extra]), default=0, validators=[Optional()]))
    for pid, name in eye_seats:
        setattr(Entry, f"eyes_{pid}", WholeNumberField(lazy_gettext("Augen %(name)s", name=name),
                                                       validators=[Optional()]))
    return Entry


def entry_from_form(form: GameForm, rules: HouseRules, seats: Mapping[int, str],
                    table: Sequence[int] | None = None,
                    ) -> tuple[GameEntry[int] | None, dict[str, list[str]]]:
    """The typed entry (players as ids) of a submitted entry form, and its problems by
    field; no entry where a choice names nothing the core knows (a kind, a solo, an
    Ansage: only a tampered form sends such), which the problems then say in its words.

    ``seats`` names every player the form may name (id -> name), ``table`` the ids at the
    table for this game (default: all of ``seats``); whether a named player sits there is
    the core's to say. Fields the chosen kind does not have are left out, so a hidden
    leftover never blocks saving. The core checks the rest when the game is saved.
    """
    reading = _Reading(form, rules, seats, list(seats if table is None else table))
    entry = reading.entry()
    if (entry is not None and form.trickless.data not in TRICK_ANSWERS
            and (party := trick_question(entry, rules)) is not None):
        reading.problem("trickless", trickless_question(party.value))
    return entry, reading.problems


_Term = TypeVar("_Term", GameKind, SoloKind, Level)


class _Reading:
    """One entry form read into a GameEntry, field by field, with the problems by field."""

    def __init__(self, form: GameForm, rules: HouseRules, seats: Mapping[int, str],
                 table: list[int]) -> None:
        self.form, self.rules, self.seats, self.table = form, rules, seats, table
        self.problems: dict[str, list[str]] = {}
        self.unknown = False
        """Whether a choice named nothing the core knows."""

    def problem(self, field: str, message: str) -> None:
        self.problems.setdefault(field, []).append(message)

    def entry(self) -> GameEntry[int] | None:
        # An unknown kind is read as a normal game, so that the other fields say what is
        # wrong with them too.
        kind = self.term(GameKind, self.form.kind.data or GameKind.NORMAL.value,
                         "kind") or GameKind.NORMAL
        players = self.players()
        entry = GameEntry(
            kind=kind, players=players, solo=self.solo(kind), pflicht=self.pflicht(kind),
            eyes=self.eyes(kind, players), caller=self.caller(kind), re=self.re(kind),
            re_eyes=self.form.re_eyes.data if kind.has_parties else None,
            trickless=self.trickless(kind), announced=self.announced(kind),
            doppelt=self.doppelt(kind), extras=self.extras(kind),
            manual_bock=self.manual_bock())
        return None if self.unknown else entry

    def term(self, vocabulary: type[_Term], text: str, field: str) -> _Term | None:
        """A choice as the core's term; None (and its problem) when it names none."""
        try:
            return read_term(vocabulary, text, field)
        except InvalidGame as err:
            for name, message in err.problems:
                self.problem(name, message)
            self.unknown = True
            return None

    def ids(self, field: SelectMultipleField) -> tuple[int, ...]:
        """The players ticked in ``field`` that the Runde has."""
        out: list[int] = []
        for raw in field.data or []:
            pid = parse_int(raw, low=1)
            if pid is None or pid not in self.seats:
                self.problem(field.name, words.unknown_player())
                continue
            out.append(pid)
        return tuple(out)

    def players(self) -> tuple[int, ...]:
        """A table of four plays; at a bigger one, who was ticked (maybe nobody: a phone
        that kept the game offline leaves who plays to the rotation)."""
        return tuple(self.table) if len(self.table) == 4 else self.ids(self.form.players)

    def solo(self, kind: GameKind) -> SoloKind | None:
        text = self.form.solo.data
        return self.term(SoloKind, text, "solo") if kind is GameKind.SOLO and text else None

    def pflicht(self, kind: GameKind) -> bool | None:
        chosen = self.form.pflicht.data
        if kind is GameKind.SOLO and self.rules.pflichtsolo and chosen in ("pflicht", "lust"):
            return chosen == "pflicht"
        return None

    def eyes(self, kind: GameKind, players: tuple[int, ...]) -> dict[int, int] | None:
        """A Hammelrennen's Augen per player. Nobody chosen (a phone that kept the game
        offline leaves who plays to the rotation): the Augen of whoever has some, for the
        core to match with the four. (A posted Hammelrennen the rules don't know goes on to
        the core, which refuses it.)"""
        if kind is not GameKind.HAMMELRENNEN or not self.rules.allows(kind):
            return None
        fields = {pid: self.form._fields.get(f"eyes_{pid}") for pid in self.table}
        typed = {pid: f.data for pid, f in fields.items() if f is not None and f.data is not None}
        playing = players or tuple(typed)
        for pid in playing:
            if pid not in typed:
                self.no_eyes(pid, fields.get(pid))
        return {pid: typed[pid] for pid in playing if pid in typed}

    def no_eyes(self, pid: int, field: Any) -> None:
        """A player of a Hammelrennen without Augen: not at the table, or none typed (a
        field whose text is no number says so itself)."""
        if field is None:
            self.problem("players", words.unknown_player())
        elif not field.errors:
            self.problem("eyes", words.eyes_missing(self.seats[pid]))

    def caller(self, kind: GameKind) -> int | None:
        if not kind.names_caller or not self.form.caller.data:
            return None
        caller = parse_int(self.form.caller.data, low=1)
        if caller in self.seats:
            return caller
        self.problem("caller", words.unknown_player())
        return None

    def re(self, kind: GameKind) -> tuple[int, ...]:
        return self.ids(self.form.re) if kind.has_parties else ()

    def trickless(self, kind: GameKind) -> Party | None:
        """The party without a trick, where the form asked (0 Augen, 48 cards) and the
        answer names the party with 0 Augen: a leftover answer is dropped."""
        eyes = self.form.re_eyes.data
        zero = None if eyes is None else {0: Party.RE, 240: Party.KONTRA}.get(eyes)
        if (kind.has_parties and self.rules.deck == 48 and zero is not None
                and self.form.trickless.data == zero.value):
            return zero
        return None

    def announced(self, kind: GameKind) -> dict[Party, Level]:
        if not kind.takes_announcements:
            return {}
        said = {party: self.term(Level, self.form[f"announced_{party.value}"].data or "none",
                                 f"announced_{party.value}") for party in Party}
        return {party: level for party, level in said.items() if level not in (None, Level.NONE)}

    def doppelt(self, kind: GameKind) -> dict[Party, int]:
        if not kind.takes_announcements or self.rules.announcements is not Announcements.DOPPELT:
            return {}
        said = {party: self.form[f"doppelt_{party.value}"].data for party in Party}
        return {party: n for party, n in said.items() if n}

    def extras(self, kind: GameKind) -> dict[Party, dict[Extra, int]]:
        if not kind.takes_announcements:
            return {}
        made = {party: self.counts(party) for party in Party}
        return {party: counts for party, counts in made.items() if counts}

    def counts(self, party: Party) -> dict[Extra, int]:
        """The Sonderpunkte one party made, of those the rules count (none of 0)."""
        fields = {e: self.form[extra_field(party.value, e.value)] for e in Extra
                  if e in self.rules.extras}
        return {e: field.data for e, field in fields.items() if field.data}

    def manual_bock(self) -> bool:
        return BockTrigger.MANUAL in self.rules.bock_triggers and bool(self.form.manual_bock.data)


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
