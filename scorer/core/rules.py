"""House rules: every option of RULES.md §8 in one frozen, self-validating object.

Pure: imports only the standard library.

>>> ddv = preset("ddv")
>>> ddv.announcements, ddv.deck
(<Announcements.PLUS2: 'plus2'>, 48)
>>> rules_from_spec({"preset": "ddv", "deck": 40}).deck
40
>>> try:
...     rules_from_spec({"preset": "ddv", "extras_doubled": True})
... except InvalidRules as err:
...     print(err)
rules.extras_doubled: Sonderpunkte lassen sich nicht verdoppeln, wenn Re und Kontra je 2 Punkte bringen
"""

from __future__ import annotations

import dataclasses
import functools
import reprlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from scorer.core.marked import N_


class Said(str):
    """A message the core says with values in it: the German text itself (a ``str``, so
    every caller, the CLI and the tests read it as before), which also keeps the German
    ``message`` it was made from (marked with ``N_``) and its ``values``, so that the words
    package can say it in another language (scorer.words.problems).

    >>> said = Said("sitzt nicht am Tisch: %(names)s", names="Emil")
    >>> said, said.message, said.values
    ('sitzt nicht am Tisch: Emil', 'sitzt nicht am Tisch: %(names)s', {'names': 'Emil'})
    """

    message: str
    values: dict[str, Any]

    def __new__(cls, message: str, **values: Any) -> Said:
        said = super().__new__(cls, message % values if values else message)
        said.message = message
        said.values = values
        return said


class InvalidInput(ValueError):
    """Facts or options that cannot be: carries one (field, message) pair per problem.

    ``field`` is a dotted path into the input (``extras.kontra.fuchs_gefangen``), the message
    is German because the table reads it.
    """

    def __init__(self, problems: Iterable[tuple[str, str]]) -> None:
        self.problems: tuple[tuple[str, str], ...] = tuple(problems)
        if not self.problems:
            raise ValueError("InvalidInput needs at least one problem")
        super().__init__("; ".join(f"{f}: {m}" for f, m in self.problems))

    @property
    def field(self) -> str:
        """The field of the first problem."""
        return self.problems[0][0]

    @property
    def message(self) -> str:
        """The message of the first problem."""
        return self.problems[0][1]

    def prefixed(self, prefix: str) -> InvalidInput:
        """The same problems with ``prefix`` put before every field path."""
        return type(self)((f"{prefix}.{f}" if f else prefix, m) for f, m in self.problems)


class InvalidRules(InvalidInput):
    """An impossible or unknown rule option."""


MAX_BOCK = 2**30
"""The highest Bock factor anywhere: a game's `bock`, `bock_cap`, a factor in the queue.

No table plays ×2^30; the bound keeps every point total an exact 64-bit (and JavaScript)
number however the rules stack Bock, and keeps absurd input from turning into huge integers.
"""


def german_number(number: int) -> str:
    """An integer as a German table writes it: 1.073.741.824."""
    return f"{number:_}".replace("_", ".")


def is_bock_factor(value: Any, at_least: int = 1) -> bool:
    """A power of two from ``at_least`` to MAX_BOCK (bools are not numbers here)."""
    return (type(value) is int and at_least <= value <= MAX_BOCK
            and not value & (value - 1))


def shown(value: Any) -> str:
    """A short, safe rendering of a bad input value for a German message.

    Bounded in length and nesting (a 2,000-deep list or a megabyte string stays one short
    line) and escaped like repr() (a newline or a lone surrogate cannot break the output).

    >>> print(shown("bogus"), shown("Zeile\\n"), shown([[[["x"]]]]), shown("x" * 100))
    'bogus' 'Zeile\\n' [[[[...]]]] 'xxxxxxxxxxxx...xxxxxxxxxxxxx'
    """
    return _SHORT.repr(value)


def key_shown(key: Any) -> str:
    """An input key as part of a field path: as typed when it is short, printable text,
    else as :func:`shown` renders it (a field path must stay on its one line)."""
    if isinstance(key, str) and len(key) <= 40 and key.isprintable():
        return key
    return shown(key)


_SHORT = reprlib.Repr()
_SHORT.maxlevel = 3
_SHORT.maxstring = 30
_SHORT.maxother = 30


class Announcements(str, Enum):
    """How Re/Kontra (or Doppelt) change the game value (RULES.md §3)."""

    PLUS2 = "plus2"
    """Re and Kontra are worth +2 each (DDV)."""
    DOUBLE = "double"
    """Re and Kontra each double the value."""
    DOPPELT = "doppelt"
    """No Re/Kontra; any player may say Doppelt once, each doubles the value."""


class Extra(str, Enum):
    """Sonderpunkte, each +1 for the party that earns it."""

    DOPPELKOPF = "doppelkopf"
    """A trick of at least 40 Augen, per trick."""
    FUCHS_GEFANGEN = "fuchs_gefangen"
    """An opposing Karo As caught, per fox."""
    KARLCHEN = "karlchen"
    """Kreuz Bube wins the last trick."""
    KARLCHEN_GEFANGEN = "karlchen_gefangen"
    """An opposing Kreuz Bube lost in the last trick."""
    FUCHS_LETZTER_STICH = "fuchs_letzter_stich"
    """The last trick won with a Karo As."""
    HERZSTICH = "herzstich"
    """A trick of the four heart cards (40-card deck only)."""
    DULLE_GEFANGEN = "dulle_gefangen"
    """An opposing Herz 10 (Dulle) taken in a trick, per Dulle, where it is trump (§9.6)."""


class ExtrasInSolo(str, Enum):
    """Which Sonderpunkte count in a game scored as a solo (RULES.md §4)."""

    NONE = "none"
    """No extras in solos (DDV)."""
    ALL = "all"
    """Every extra counts."""
    ALL_BUT_FUCHS = "all_but_fuchs"
    """Everything but the fox extras: in a solo the Karo As is no fox."""
    DOPPELKOPF = "doppelkopf"
    """Only the 40-Augen trick counts."""
    TRUMPFSOLO = "trumpfsolo"
    """Extras only in a Karo solo, a Hochzeit without partner and a stille Hochzeit."""


class SoloPoint(str, Enum):
    """Whether a solo earns one extra value point for its winner."""

    OFF = "off"
    """No solo point."""
    SOLO = "solo"
    """Announced solos and the stille Hochzeit."""
    SOLO_AND_HOCHZEIT = "solo_and_hochzeit"
    """Also a Hochzeit without partner."""


class BockTrigger(str, Enum):
    """What starts a Bock round; the member order is the reporting order of RULES.md §7."""

    TIE_120 = "tie_120"
    """120:120."""
    LOST_ANNOUNCEMENT = "lost_announcement"
    """A party that made an Ansage did not win."""
    ZERO_GAME = "zero_game"
    """A scored game worth 0 before Bock."""
    LOST_SOLO = "lost_solo"
    """A game scored as a solo that the soloist did not win."""
    SCHWARZ = "schwarz"
    """A party took no trick."""
    HERZSTICH = "herzstich"
    """A Herzstich was made."""
    MANUAL = "manual"
    """The table declared Bock after this game (`manual_bock`, RULES.md §9.5)."""


class BockStacking(str, Enum):
    """How the Bock rounds of a game's k reasons meet the queue (RULES.md §7, §9.4)."""

    APPEND = "append"
    """One round of 2^k is appended to the end of the queue; rounds never overlap."""
    MULTIPLY = "multiply"
    """Each reason doubles the next round's games; overlapping rounds multiply."""
    MERGE = "merge"
    """The next round's games each take the larger of their factor and 2^k."""
    RESTART = "restart"
    """The queue is replaced by one round of 2^k."""
    IGNORE = "ignore"
    """Reasons start nothing while Bock games are queued; otherwise as append."""


STACKING_LABEL = {
    BockStacking.APPEND: N_("hinten anhängen"),
    BockStacking.MULTIPLY: N_("überlappend multiplizieren"),
    BockStacking.MERGE: N_("mit der laufenden zusammenführen"),
    BockStacking.RESTART: N_("neu beginnen"),
    BockStacking.IGNORE: N_("keine neue während offener Bockspiele"),
}
"""The values of ``bock_stacking`` as the table reads them: here, not in scorer.words, so
that an importer's note says them in the words of the rules page (importers import the core
only)."""


class BockEffect(str, Enum):
    """What a Bock factor does to a game (RULES.md §9.2)."""

    MULTIPLY = "multiply"
    """The game's points are multiplied by the factor."""
    ADD = "add"
    """The winner gets 2 points per Bock level (factor 2^k: 2k points) instead."""


class DealerAfterSolo(str, Enum):
    """Whether the dealer deals again after an announced solo (RULES.md §7)."""

    ADVANCE = "advance"
    """The dealer always moves on."""
    STAY_PFLICHT = "stay_pflicht"
    """The dealer stays after a Pflichtsolo."""
    STAY = "stay"
    """The dealer stays after every announced solo."""
    STAY_UNTIL_THIRD = "stay_until_third"
    """The dealer stays unless it is the third announced solo in a row."""


class DealerAfterRedeal(str, Enum):
    """Whether the dealer deals again after a redeal."""

    STAY = "stay"
    """The same dealer deals again."""
    ADVANCE = "advance"
    """The next seat deals."""


class PflichtsoloForced(str, Enum):
    """When open Pflichtsoli are forced (vorgeführt) in an evening with planned games."""

    WITHIN = "within"
    """As soon as open Pflichtsoli fill the planned games left (TSR 4.2.3)."""
    AFTER = "after"
    """Once the planned games are played, one after another."""


class BockAtEnd(str, Enum):
    """What becomes of Bock games still queued when an evening is complete (RULES.md §10.2)."""

    DROP = "drop"
    """They lapse: no number changes, the table is told at closing."""
    PLAY_OUT = "play_out"
    """The evening is complete only once they are played as well."""
    CARRY = "carry"
    """The queue at closing is the starting queue of the Runde's next evening."""


class GameKind(str, Enum):
    """What kind of game was played."""

    NORMAL = "normal"
    """The Kreuz-Damen play together."""
    HOCHZEIT = "hochzeit"
    """Announced Hochzeit: with partner (two Re players) or without (scored as a solo)."""
    ARMUT = "armut"
    """Armut: the poor player and the taker are Re."""
    SOLO = "solo"
    """An announced solo."""
    STILLE_HOCHZEIT = "stille_hochzeit"
    """Both Kreuz Damen, not announced: scored as a Karo solo."""
    HAMMELRENNEN = "hammelrennen"
    """Everybody alone (voss)."""
    SCHWARZE_SAU = "schwarze_sau"
    """The second Pik Dame's trick makes a soloist (voss)."""
    REDEAL = "redeal"
    """Thrown in and dealt again: no points."""
    RECORDED = "recorded"
    """Points taken as written (RULES.md §10.1): brought over from elsewhere, or a penalty."""

    # What a kind of game has (RULES.md §5, §10.1): asked by the core's checks and by the
    # entry form, which shows and reads only the fields a kind has. Kept on each member after
    # the first question: the checks of every game of a fold ask.

    @functools.cached_property
    def has_parties(self) -> bool:
        """Re plays against Kontra and Re's Augen decide: every kind but a Hammelrennen
        (everybody alone), a redeal and a recorded game (no cards are counted).

        >>> GameKind.SCHWARZE_SAU.has_parties, GameKind.HAMMELRENNEN.has_parties
        (True, False)
        """
        return self not in _PARTYLESS

    @functools.cached_property
    def takes_announcements(self) -> bool:
        """Re/Kontra, Absagen, Doppelt and Sonderpunkte belong to the game: every kind with
        parties but a Schwarze Sau, whose soloist is found only during play (§5).

        >>> GameKind.SOLO.takes_announcements, GameKind.SCHWARZE_SAU.takes_announcements
        (True, False)
        """
        return self not in _SILENT

    @functools.cached_property
    def names_caller(self) -> bool:
        """A player calls before the first trick and another Re player joins them (the
        Hochzeit's partner, who takes the Armut's cards): the entry may say who called.

        >>> [kind.value for kind in GameKind if kind.names_caller]
        ['hochzeit', 'armut']
        """
        return self in _CALLED


_PARTYLESS = frozenset({GameKind.HAMMELRENNEN, GameKind.REDEAL, GameKind.RECORDED})
_SILENT = _PARTYLESS | {GameKind.SCHWARZE_SAU}
_CALLED = frozenset({GameKind.HOCHZEIT, GameKind.ARMUT})


BASE_KINDS = frozenset(
    {GameKind.NORMAL, GameKind.HOCHZEIT, GameKind.SOLO, GameKind.STILLE_HOCHZEIT, GameKind.REDEAL,
     GameKind.RECORDED}
)
OPTIONAL_KINDS = frozenset({GameKind.ARMUT, GameKind.HAMMELRENNEN, GameKind.SCHWARZE_SAU})


class SoloKind(str, Enum):
    """The trump of an announced solo."""

    DAMEN = "damen"
    """Only Damen are trump."""
    BUBEN = "buben"
    """Only Buben are trump."""
    DAMEN_BUBEN = "damen_buben"
    """Damen and Buben are trump."""
    FLEISCHLOS = "fleischlos"
    """No trump at all."""
    KREUZ = "kreuz"
    """Farbsolo Kreuz."""
    PIK = "pik"
    """Farbsolo Pik."""
    HERZ = "herz"
    """Farbsolo Herz."""
    KARO = "karo"
    """Farbsolo Karo (Trumpfsolo)."""


SOLO_LABEL = {
    SoloKind.DAMEN: N_("Damensolo"),
    SoloKind.BUBEN: N_("Bubensolo"),
    SoloKind.DAMEN_BUBEN: N_("Damen-Buben-Solo"),
    SoloKind.FLEISCHLOS: N_("Fleischloser"),
    SoloKind.KREUZ: N_("Kreuz-Solo"),
    SoloKind.PIK: N_("Pik-Solo"),
    SoloKind.HERZ: N_("Herz-Solo"),
    SoloKind.KARO: N_("Karo-Solo"),
}
"""The solo kinds as the table reads them (kept here for the importers, as STACKING_LABEL)."""


@dataclass(frozen=True, slots=True)
class HouseRules:
    """The full option set of RULES.md §8; impossible combinations raise InvalidRules."""

    deck: int = 48
    """Cards in the deck: 48 (with nines) or 40."""
    announcements: Announcements = Announcements.PLUS2
    """How Re/Kontra or Doppelt count."""
    extras_doubled: bool = False
    """Whether Re/Kontra double the Sonderpunkte too (double mode only)."""
    extras: frozenset[Extra] = frozenset(
        {Extra.DOPPELKOPF, Extra.FUCHS_GEFANGEN, Extra.KARLCHEN}
    )
    """The Sonderpunkte this table plays with."""
    gegen_die_alten: bool = True
    """+1 for Kontra winning against the Kreuz Damen."""
    gegen_die_alten_after_armut: bool = False
    """Whether gegen die Alten also applies after an Armut."""
    gegen_die_alten_in_solo: bool = False
    """Whether gegen die Alten also counts when Kontra beats a soloist (RULES.md §9.1)."""
    extras_in_solo: ExtrasInSolo = ExtrasInSolo.NONE
    """Which extras count in games scored as a solo."""
    solo_point: SoloPoint = SoloPoint.OFF
    """An extra value point for solos."""
    schwarz_point: bool = True
    """+1 when the loser took no trick."""
    solo_absagen: bool = True
    """Whether Absagen are allowed in an announced solo."""
    against_points: bool = True
    """Points for reaching 120/90/60/30 against the opponents' Absagen."""
    kontra_only_shift: bool = True
    """If only Kontra announced, Re wins with 120."""
    sixty_rule: bool = False
    """More than 180 Augen without an Ansage lose the game (voss)."""
    bock_triggers: tuple[BockTrigger, ...] = ()
    """What starts a Bock round, in RULES.md §7 order."""
    bock_stacking: BockStacking = BockStacking.APPEND
    """How Bock rounds combine."""
    bock_effect: BockEffect = BockEffect.MULTIPLY
    """Whether Bock multiplies the points or adds 2 per level for the winner."""
    bock_cap: int = 0
    """Highest factor overlapping rounds multiply up to under `multiply` (0: no cap)."""
    bock_pause_forced: bool = False
    """Forced Pflichtsoli are played without Bock; the queue waits (RULES.md §9.7)."""
    bock_at_end: BockAtEnd = BockAtEnd.DROP
    """What becomes of Bock games still queued when the evening is complete (§10.2)."""
    dealer_after_solo: DealerAfterSolo = DealerAfterSolo.STAY_PFLICHT
    """Whether the dealer deals again after an announced solo."""
    dealer_after_redeal: DealerAfterRedeal = DealerAfterRedeal.STAY
    """Whether the dealer deals again after a redeal."""
    pflichtsolo: bool = True
    """Every player owes one Pflichtsolo per evening."""
    first_solo_is_pflicht: bool = False
    """A player's first announced solo is the Pflichtsolo."""
    pflichtsolo_forced: PflichtsoloForced = PflichtsoloForced.WITHIN
    """When open Pflichtsoli are forced."""
    game_kinds: frozenset[GameKind] = frozenset()
    """Game kinds besides normal, hochzeit, solo, stille_hochzeit and redeal."""
    solo_kinds: tuple[SoloKind, ...] = (
        SoloKind.DAMEN,
        SoloKind.BUBEN,
        SoloKind.FLEISCHLOS,
        SoloKind.KREUZ,
        SoloKind.PIK,
        SoloKind.HERZ,
        SoloKind.KARO,
    )
    """The solos this table allows."""

    def __post_init__(self) -> None:
        problems = list(_check(self))
        if problems:
            raise InvalidRules(problems)

    @property
    def tricks(self) -> int:
        """Tricks in one game: 12 with 48 cards, 10 with 40."""
        return self.deck // 4

    def allows(self, kind: GameKind) -> bool:
        """Whether a game of this kind can be entered under these rules."""
        return kind in BASE_KINDS or kind in self.game_kinds

    def to_dict(self) -> dict[str, Any]:
        """Every option as JSON-ready values; lists in a stable order."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if isinstance(value, Enum):
                value = value.value
            elif isinstance(value, frozenset):
                enum_type: Any = type(next(iter(value))) if value else ()
                order: list[Enum] = list(enum_type)
                value = [m.value for m in order if m in value]
            elif isinstance(value, tuple):
                value = [m.value for m in value]
            out[f.name] = value
        return out


@dataclass(frozen=True, slots=True)
class Requirement:
    """An option value that only some values of another option allow: a combination the
    rules refuse, and that a form should not offer (``allows``)."""

    option: str
    """The option whose value needs something ("extras")."""
    value: str
    """That value as the JSON of ``to_dict`` writes it, a bool as "true" ("herzstich")."""
    needs: str
    """The other option ("deck")."""
    allowed: frozenset[str]
    """The values of ``needs`` that allow it ({"40"}); a list option allows it when it
    holds one of them."""
    message: str
    """Why not, in German, as the table reads it beside the option."""

    def met(self, rules: HouseRules) -> bool:
        """Whether ``rules`` give ``needs`` a value that allows ``value``."""
        return bool(option_values(rules, self.needs) & self.allowed)


REQUIREMENTS = (
    Requirement("extras_doubled", "true", "announcements", frozenset({"double", "doppelt"}),
                N_("Sonderpunkte lassen sich nicht verdoppeln, wenn Re und Kontra je 2 Punkte "
                   "bringen")),
    Requirement("extras", "herzstich", "deck", frozenset({"40"}),
                N_("einen Herzstich gibt es nur mit 40 Karten")),
    Requirement("bock_triggers", "herzstich", "extras", frozenset({"herzstich"}),
                N_("Bock durch Herzstich braucht den Herzstich bei den Sonderpunkten")),
    Requirement("gegen_die_alten_after_armut", "true", "gegen_die_alten", frozenset({"true"}),
                N_("setzt „Gegen die Alten“ voraus")),
    Requirement("gegen_die_alten_after_armut", "true", "game_kinds", frozenset({"armut"}),
                N_("wirkt nur mit Armut bei den weiteren Spielarten")),
    Requirement("gegen_die_alten_in_solo", "true", "gegen_die_alten", frozenset({"true"}),
                N_("setzt „Gegen die Alten“ voraus")),
    Requirement("extras_in_solo", "doppelkopf", "extras", frozenset({"doppelkopf"}),
                N_("„nur Doppelkopf“ braucht den Doppelkopf bei den Sonderpunkten")),
    Requirement("first_solo_is_pflicht", "true", "pflichtsolo", frozenset({"true"}),
                N_("setzt das Pflichtsolo voraus")),
    Requirement("dealer_after_solo", "stay_pflicht", "pflichtsolo", frozenset({"true"}),
                N_("„bleibt nach einem Pflichtsolo“ setzt das Pflichtsolo voraus")),
)
"""Every combination of two options the rules refuse (RULES.md §8); ``_check`` refuses by
this table, and the rule forms disable what it does not allow."""


def option_values(rules: HouseRules, name: str) -> frozenset[str]:
    """An option's value as the strings of ``to_dict`` (every member of a list option; a
    bool as "true" or "false"), without writing out every other option as well."""
    value = getattr(rules, name)
    if isinstance(value, bool):
        return frozenset({"true" if value else "false"})
    if isinstance(value, Enum):
        return frozenset({value.value})
    if isinstance(value, (frozenset, tuple)):
        return frozenset(m.value for m in value)
    return frozenset({str(value)})


_BOCK_CAP_PROBLEM = Said(N_("muss 0 (keine Grenze) oder 2, 4, 8 … bis %(max)s sein"),
                         max=german_number(MAX_BOCK))


def _check(r: HouseRules) -> Iterable[tuple[str, str]]:
    """Yield (field, message) for every impossible combination."""
    if r.deck not in (40, 48):
        yield "rules.deck", N_("es gibt nur 40 oder 48 Karten")
    for needed in REQUIREMENTS:
        if needed.value in option_values(r, needed.option) and not needed.met(r):
            yield f"rules.{needed.option}", needed.message
    if len(set(r.bock_triggers)) != len(r.bock_triggers):
        yield "rules.bock_triggers", N_("jeder Bock-Grund darf nur einmal vorkommen")
    if r.bock_cap and not is_bock_factor(r.bock_cap, at_least=2):
        yield "rules.bock_cap", _BOCK_CAP_PROBLEM
    if not r.game_kinds <= OPTIONAL_KINDS:
        yield "rules.game_kinds", N_("nur armut, hammelrennen und schwarze_sau sind wählbar")
    if len(set(r.solo_kinds)) != len(r.solo_kinds):
        yield "rules.solo_kinds", N_("jede Soloart darf nur einmal vorkommen")


_FIELDS = {f.name: f for f in dataclasses.fields(HouseRules)}
_ENUM_OF: dict[str, type[Enum]] = {
    "announcements": Announcements,
    "extras_in_solo": ExtrasInSolo,
    "solo_point": SoloPoint,
    "bock_stacking": BockStacking,
    "bock_effect": BockEffect,
    "bock_at_end": BockAtEnd,
    "dealer_after_solo": DealerAfterSolo,
    "dealer_after_redeal": DealerAfterRedeal,
    "pflichtsolo_forced": PflichtsoloForced,
}
_SET_OF: dict[str, type[Enum]] = {
    "extras": Extra,
    "game_kinds": GameKind,
    "bock_triggers": BockTrigger,
    "solo_kinds": SoloKind,
}

_FOUR_EXTRAS = frozenset(
    {Extra.DOPPELKOPF, Extra.FUCHS_GEFANGEN, Extra.KARLCHEN, Extra.KARLCHEN_GEFANGEN}
)

PRESETS: dict[str, HouseRules] = {
    "ddv": HouseRules(first_solo_is_pflicht=True),
    "grundregeln": HouseRules(
        schwarz_point=False, pflichtsolo_forced=PflichtsoloForced.AFTER
    ),
    "voss": HouseRules(
        deck=40,
        announcements=Announcements.DOUBLE,
        extras_doubled=True,
        extras=_FOUR_EXTRAS | {Extra.FUCHS_LETZTER_STICH, Extra.HERZSTICH},
        extras_in_solo=ExtrasInSolo.DOPPELKOPF,
        against_points=False,
        kontra_only_shift=False,
        sixty_rule=True,
        dealer_after_solo=DealerAfterSolo.STAY_UNTIL_THIRD,
        pflichtsolo_forced=PflichtsoloForced.AFTER,
        game_kinds=frozenset({GameKind.ARMUT, GameKind.HAMMELRENNEN, GameKind.SCHWARZE_SAU}),
        solo_kinds=(
            SoloKind.DAMEN,
            SoloKind.BUBEN,
            SoloKind.DAMEN_BUBEN,
            SoloKind.KREUZ,
            SoloKind.PIK,
            SoloKind.HERZ,
            SoloKind.KARO,
        ),
    ),
    "orbital": HouseRules(
        deck=40,
        announcements=Announcements.DOPPELT,
        extras=_FOUR_EXTRAS,
        extras_in_solo=ExtrasInSolo.ALL_BUT_FUCHS,
        dealer_after_solo=DealerAfterSolo.ADVANCE,
        pflichtsolo=False,
        game_kinds=frozenset({GameKind.ARMUT}),
        solo_kinds=(
            SoloKind.DAMEN,
            SoloKind.BUBEN,
            SoloKind.DAMEN_BUBEN,
            SoloKind.FLEISCHLOS,
            SoloKind.KREUZ,
            SoloKind.PIK,
            SoloKind.HERZ,
            SoloKind.KARO,
        ),
    ),
    "kuss-rosa": HouseRules(
        deck=40,
        announcements=Announcements.DOUBLE,
        extras_doubled=True,
        extras=_FOUR_EXTRAS,
        extras_in_solo=ExtrasInSolo.TRUMPFSOLO,
        solo_point=SoloPoint.SOLO,
        solo_absagen=False,
        against_points=False,
        kontra_only_shift=False,
        dealer_after_solo=DealerAfterSolo.ADVANCE,
        pflichtsolo=False,
        game_kinds=frozenset({GameKind.ARMUT}),
        solo_kinds=(SoloKind.DAMEN, SoloKind.BUBEN, SoloKind.KARO),
    ),
    "bockrunde": HouseRules(
        announcements=Announcements.DOUBLE,
        extras_doubled=True,
        extras=_FOUR_EXTRAS,
        extras_in_solo=ExtrasInSolo.ALL,
        solo_point=SoloPoint.SOLO_AND_HOCHZEIT,
        against_points=False,
        bock_triggers=(BockTrigger.TIE_120, BockTrigger.LOST_ANNOUNCEMENT, BockTrigger.ZERO_GAME),
        dealer_after_solo=DealerAfterSolo.STAY,
        pflichtsolo=False,
        game_kinds=frozenset({GameKind.ARMUT}),
        solo_kinds=(
            SoloKind.KREUZ,
            SoloKind.PIK,
            SoloKind.HERZ,
            SoloKind.KARO,
            SoloKind.DAMEN,
            SoloKind.BUBEN,
            SoloKind.FLEISCHLOS,
        ),
    ),
}
"""The six presets of RULES.md §8, by id."""


def preset(name: str) -> HouseRules:
    """The preset called ``name``; InvalidRules for an unknown id."""
    try:
        return PRESETS[name]
    except (KeyError, TypeError):
        known = ", ".join(PRESETS)
        raise InvalidRules([("rules", Said(N_("unbekanntes Regelwerk %(name)s (bekannt: %(known)s)"),
                                          name=shown(name), known=known))]) from None


def _member(enum: type[Enum], value: Any, where: str) -> Any:
    """The member of ``enum`` whose value is the string ``value``, or InvalidRules.

    Looked up by hand: the Enum constructor's own error would repr() a value of any size.
    """
    for member in enum:
        if isinstance(value, str) and member.value == value:
            return member
    allowed = ", ".join(str(m.value) for m in enum)
    raise InvalidRules([(where, Said(N_("unbekannter Wert %(value)s (erlaubt: %(allowed)s)"),
                                      value=shown(value), allowed=allowed))])


def _coerce(name: str, value: Any) -> Any:
    """Turn one JSON option value into the HouseRules field type, or raise InvalidRules."""
    where = f"rules.{name}"
    kind = _FIELDS[name].type
    if name == "deck":
        if type(value) is not int:
            raise InvalidRules([(where, N_("muss 40 oder 48 sein"))])
        return value
    if name == "bock_cap":
        if type(value) is not int:
            raise InvalidRules([(where, _BOCK_CAP_PROBLEM)])
        return value
    if kind == "bool":
        if not isinstance(value, bool):
            raise InvalidRules([(where, N_("muss true oder false sein"))])
        return value
    if name in _ENUM_OF:
        return _member(_ENUM_OF[name], value, where)
    enum = _SET_OF[name]
    if value is None or value == "none":
        value = []
    if not isinstance(value, list):
        raise InvalidRules([(where, N_("muss eine Liste sein"))])
    members = [_member(enum, item, f"{where}[{i}]") for i, item in enumerate(value)]
    if name == "bock_triggers":
        # Reported in the order of RULES.md §7 whatever order the table typed them in.
        order = list(BockTrigger)
        return tuple(sorted(members, key=order.index))
    if name == "solo_kinds":
        return tuple(members)
    return frozenset(members)


def rules_from_spec(spec: Any) -> HouseRules:
    """Rules from a preset id or ``{"preset": id, option: value, ...}`` (CLI.md).

    >>> r = rules_from_spec({"preset": "bockrunde", "bock_stacking": "multiply"})
    >>> r.bock_stacking.value, r.deck
    ('multiply', 48)
    """
    if isinstance(spec, HouseRules):
        return spec
    if isinstance(spec, str):
        return preset(spec)
    if not isinstance(spec, Mapping):
        raise InvalidRules([("rules", N_("muss ein Regelwerk-Name oder ein Objekt mit 'preset' sein"))])
    if "preset" not in spec:
        raise InvalidRules([("rules.preset", N_("fehlt: von welchem Regelwerk wird abgewichen?"))])
    base = preset(spec["preset"])
    changes: dict[str, Any] = {}
    problems: list[tuple[str, str]] = []
    for name, value in spec.items():
        if name == "preset":
            continue
        if name not in _FIELDS:
            problems.append((f"rules.{key_shown(name)}", N_("unbekannte Regel-Option")))
            continue
        try:
            changes[name] = _coerce(name, value)
        except InvalidRules as err:
            problems.extend(err.problems)
    if problems:
        raise InvalidRules(problems)
    if "solo_kinds" in changes:
        # Which solos are allowed is a set: the order they were ticked in means nothing, so
        # they keep the preset's order (and an unchanged set is no change at all).
        changes["solo_kinds"] = in_order_of(base.solo_kinds, changes["solo_kinds"])
    return dataclasses.replace(base, **changes)


def in_order_of(model: Sequence[SoloKind], solos: Sequence[SoloKind]) -> tuple[SoloKind, ...]:
    """``solos`` in the order of ``model``, any others after them in the order of SoloKind.

    >>> in_order_of((SoloKind.KREUZ, SoloKind.DAMEN), (SoloKind.BUBEN, SoloKind.DAMEN, SoloKind.KREUZ))
    (<SoloKind.KREUZ: 'kreuz'>, <SoloKind.DAMEN: 'damen'>, <SoloKind.BUBEN: 'buben'>)
    """
    rank = {solo: k for k, solo in enumerate(model)}
    every = list(SoloKind)
    return tuple(sorted(solos, key=lambda s: (rank.get(s, len(rank)), every.index(s))))


def differences(rules: HouseRules, base: HouseRules) -> dict[str, Any]:
    """The options of ``rules`` that differ from ``base``, JSON-ready."""
    mine, theirs = rules.to_dict(), base.to_dict()
    return {k: v for k, v in mine.items() if _comparable(k, theirs[k]) != _comparable(k, v)}


def _comparable(option: str, value: Any) -> Any:
    """An option's value as it counts: the allowed solos are a set, whatever their order."""
    return frozenset(value) if option == "solo_kinds" else value


@functools.lru_cache(maxsize=256)
def closest_preset(rules: HouseRules) -> str:
    """The preset id from which ``rules`` differs in the fewest options (kept per rules: an
    evening's page asks on every request, and comparing with every preset is not free)."""
    return min(PRESETS, key=lambda name: len(differences(rules, PRESETS[name])))


__all__ = [
    "N_",
    "MAX_BOCK",
    "Announcements",
    "BockAtEnd",
    "BockEffect",
    "BockStacking",
    "BockTrigger",
    "DealerAfterRedeal",
    "DealerAfterSolo",
    "Extra",
    "ExtrasInSolo",
    "GameKind",
    "HouseRules",
    "InvalidInput",
    "InvalidRules",
    "PRESETS",
    "PflichtsoloForced",
    "REQUIREMENTS",
    "Requirement",
    "SOLO_LABEL",
    "STACKING_LABEL",
    "Said",
    "SoloKind",
    "SoloPoint",
    "closest_preset",
    "german_number",
    "is_bock_factor",
    "differences",
    "in_order_of",
    "preset",
    "key_shown",
    "option_values",
    "rules_from_spec",
    "shown",
]
