"""One game: entered facts in, points and the breakdown a person reads out.

Pure: imports only the standard library. RULES.md §1–§6 and §9 are the contract; the
comments name the sections.

A normal DDV game: Re (Anna, Cem) makes 151 Augen after "Re, keine 90" and Kontra's
"Kontra": 1 gewonnen + unter 90 + Re 2 + Kontra 2 + keine 90 abgesagt = 7.

>>> facts = parse_game({"players": ["Anna", "Ben", "Cem", "Dora"], "re": ["Anna", "Cem"],
...                     "re_eyes": 151, "announced": {"re": "keine_90", "kontra": "ansage"}})
>>> result = score_game(facts, preset("ddv"))
>>> result.winner, result.points
('re', {'Anna': 7, 'Ben': -7, 'Cem': 7, 'Dora': -7})
>>> " · ".join(line.text() for line in result.lines)
'gewonnen +1 · unter 90 gespielt +1 · keine 90 abgesagt +1 · Re angesagt +2 · Kontra angesagt +2'

The kuss-rosa solo example: the soloist says Re and the opponents make 89 Augen.

>>> facts = parse_game({"players": ["A", "B", "C", "D"], "kind": "solo", "solo": "damen",
...                     "re": ["A"], "re_eyes": 151, "announced": {"re": "ansage"}})
>>> score_game(facts, preset("kuss-rosa")).points
{'A': 18, 'B': -6, 'C': -6, 'D': -6}

Bock added instead of multiplied (§9.2): a ×4 game (two levels) gives its winner 4 points.

>>> facts = parse_game({"players": ["A", "B", "C", "D"], "re": ["A", "C"], "re_eyes": 130,
...                     "bock": 4})
>>> result = score_game(facts, rules_from_spec({"preset": "bockrunde", "bock_effect": "add"}))
>>> result.points["A"], [line.text() for line in result.lines]
(5, ['gewonnen +1', 'Bock +4'])

Impossible facts raise InvalidGame naming the field:

>>> try:
...     parse_game({"players": ["A", "B", "C", "D"], "re": ["A", "C"], "re_eyes": 250})
... except InvalidGame as err:
...     print(err.field, "-", err.message)
re_eyes - Augen müssen zwischen 0 und 240 liegen
"""

from __future__ import annotations

import dataclasses
import functools
import re as regex
from collections.abc import Callable, Mapping
from enum import Enum
from types import MappingProxyType
from typing import Any, Generic, NamedTuple, TypeVar

from scorer.core.marked import N_
from scorer.core.rules import (
    MAX_BOCK,
    Announcements,
    BockEffect,
    BockTrigger,
    Extra,
    ExtrasInSolo,
    GameKind,
    HouseRules,
    InvalidInput,
    Said,
    SoloKind,
    SoloPoint,
    german_number,
    is_bock_factor,
    key_shown,
    preset,
    rules_from_spec,
    shown,
)

Problems = list[tuple[str, str]]


class InvalidGame(InvalidInput):
    """Entered facts that cannot have happened under the rules."""


class Party(str, Enum):
    """The two sides of a game; in a solo the soloist is Re."""

    RE = "re"
    """The Kreuz-Damen (or the soloist, the Hochzeiter, the Armut pair)."""
    KONTRA = "kontra"
    """Everybody else."""


class Level(str, Enum):
    """A party's highest announcement; each level implies all lower ones."""

    NONE = "none"
    """Nothing said."""
    ANSAGE = "ansage"
    """Re or Kontra."""
    KEINE_90 = "keine_90"
    """The opponents will not reach 90 Augen."""
    KEINE_60 = "keine_60"
    """... not 60."""
    KEINE_30 = "keine_30"
    """... not 30."""
    SCHWARZ = "schwarz"
    """The opponents will not take a trick."""


# The members the checks and the scoring of every game ask for, as module constants: on
# Python 3.11 every `Party.RE` or `GameKind.SOLO` is a slow class attribute lookup (EnumType
# defines __getattr__: about 0.2 µs, forty times a module constant's), and one game of an
# evening asked 29 of them, a fifth of the fold's time (issue 40).
_RE, _KONTRA = Party.RE, Party.KONTRA
_NORMAL, _HOCHZEIT, _ARMUT = GameKind.NORMAL, GameKind.HOCHZEIT, GameKind.ARMUT
_SOLO, _STILLE_HOCHZEIT, _SCHWARZE_SAU = GameKind.SOLO, GameKind.STILLE_HOCHZEIT, GameKind.SCHWARZE_SAU
_HAMMELRENNEN, _REDEAL, _RECORDED = GameKind.HAMMELRENNEN, GameKind.REDEAL, GameKind.RECORDED
_NO_LEVEL = Level.NONE
_DOUBLE, _DOPPELT, _PLUS2 = Announcements.DOUBLE, Announcements.DOPPELT, Announcements.PLUS2
_BOCK_MULTIPLIES = BockEffect.MULTIPLY
_NO_SOLO_POINT = SoloPoint.OFF
_KARLCHEN, _KARLCHEN_GEFANGEN = Extra.KARLCHEN, Extra.KARLCHEN_GEFANGEN
_DULLE_GEFANGEN, _FUCHS_LETZTER_STICH = Extra.DULLE_GEFANGEN, Extra.FUCHS_LETZTER_STICH
_OTHER = {_RE: _KONTRA, _KONTRA: _RE}
_RANK = {level: i for i, level in enumerate(Level)}
# Absage rank 1..4 -> (label, what the opponents must stay under, against-point threshold)
_ABSAGE = {
    1: (N_("keine 90"), 90, 120),
    2: (N_("keine 60"), 60, 90),
    3: (N_("keine 30"), 30, 60),
    4: (N_("schwarz"), 0, 30),
}
_PARTY_NAME = {_RE: "Re", _KONTRA: "Kontra"}
EXTRA_LABEL = {
    Extra.DOPPELKOPF: N_("Doppelkopf"),
    Extra.FUCHS_GEFANGEN: N_("Fuchs gefangen"),
    Extra.KARLCHEN: N_("Karlchen"),
    Extra.KARLCHEN_GEFANGEN: N_("Karlchen gefangen"),
    Extra.FUCHS_LETZTER_STICH: N_("Fuchs im letzten Stich"),
    Extra.HERZSTICH: N_("Herzstich"),
    Extra.DULLE_GEFANGEN: N_("Dulle gefangen"),
}
_LAST_TRICK = (Extra.KARLCHEN, Extra.KARLCHEN_GEFANGEN, Extra.FUCHS_LETZTER_STICH)
_LAST_TRICK_SET = frozenset(_LAST_TRICK)
_MAX_PER_GAME = {
    Extra.FUCHS_GEFANGEN: (2, N_("höchstens 2 Füchse können gefangen werden")),
    Extra.DOPPELKOPF: (6, N_("höchstens 6 Doppelkopf-Stiche in einem Spiel")),
    Extra.KARLCHEN: (1, N_("nur ein Karlchen kann den letzten Stich machen")),
    Extra.KARLCHEN_GEFANGEN: (2, N_("höchstens 2 Karlchen können gefangen werden")),
    Extra.FUCHS_LETZTER_STICH: (1, N_("nur ein Fuchs kann den letzten Stich machen")),
    Extra.HERZSTICH: (1, N_("es gibt höchstens einen Herzstich")),
    Extra.DULLE_GEFANGEN: (2, N_("es gibt nur zwei Dullen (Herz 10)")),
}
NO_DULLE_SOLOS = frozenset({SoloKind.DAMEN, SoloKind.BUBEN, SoloKind.DAMEN_BUBEN,
                            SoloKind.FLEISCHLOS})
"""§9.6: in these solos the Herz 10 is a plain card, so there is no Dulle to catch (the
entry form hides "Dulle gefangen" there)."""
_FIELDS = frozenset(
    {"rules", "players", "kind", "solo", "pflicht", "re", "re_eyes", "trickless", "announced",
     "doppelt", "extras", "eyes", "bock", "manual_bock", "note", "points", "dealer_stays",
     "caller"}
)
_NOT_RECORDED = ("re", "re_eyes", "announced", "extras", "solo", "pflicht", "trickless",
                 "doppelt", "eyes", "caller")
"""Facts a recorded game must not carry, whatever their value (RULES.md §10.1)."""
_ONLY_RECORDED = ("points", "dealer_stays")
MAX_NOTE = 200
"""The longest note (Unicode code points), RULES.md §10.1."""
MAX_RECORDED_POINTS = 1_000_000
"""The most points one player may get or pay in a recorded game: far beyond any game, and it
keeps the totals of an evening of MAX_ENTRIES games exact in JavaScript too."""
# Value -> member tables: parsing looks input up here and never hands it to an Enum
# constructor, whose error path would repr() a value of any size or depth.
_PARTY_OF = {m.value: m for m in Party}
_LEVEL_OF = {m.value: m for m in Level}
_KIND_OF = {m.value: m for m in GameKind}
_SOLO_OF = {m.value: m for m in SoloKind}
_EXTRA_OF = {m.value: m for m in Extra}
_UNKNOWN_TERM: dict[type[Enum], str] = {
    GameKind: N_("unbekannte Spielart %(value)s"), SoloKind: N_("unbekannte Soloart %(value)s"),
    Level: N_("unbekannte Ansage %(value)s"), Party: N_('muss "re" oder "kontra" sein')}
"""What parse_game says of a value its closed vocabulary does not have."""
_TERMS: dict[type[Enum], Mapping[str, Enum]] = {
    GameKind: _KIND_OF, SoloKind: _SOLO_OF, Level: _LEVEL_OF, Party: _PARTY_OF}
# Text that is no name: control characters (C0, DEL, C1), line and paragraph separators, and
# lone surrogates, which JSON can carry ("\ud800") but UTF-8 cannot encode.
_NOT_NAME_TEXT = regex.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")


class Line(NamedTuple):
    """One line of the breakdown: a value item (points), a factor, or a plain note."""

    label: str
    points: int | None = None
    factor: int | None = None
    party: Party | None = None

    def text(self) -> str:
        """The line as the sheet prints it: "gewonnen +1", "Re ×2"."""
        if self.points is not None:
            return f"{self.label} {self.points:+d}"
        if self.factor is not None:
            return f"{self.label} ×{self.factor}"
        return self.label

    def to_dict(self) -> dict[str, Any]:
        """JSON shape of CLI.md: only the keys that apply; a line with points names its party,
        null where it belongs to nobody (a Hammelrennen winner, a recorded game)."""
        out: dict[str, Any] = {"label": self.label}
        if self.party is not None:
            out["party"] = self.party.value
        if self.points is not None:
            out.setdefault("party", None)
            out["points"] = self.points
        if self.factor is not None:
            out["factor"] = self.factor
        return out


# Lines whose labels come from a closed vocabulary (never a player's name), with a count or a
# factor: built once per distinct line and shared (the counts are bounded by validation, the
# factors by MAX_BOCK).
_line: Callable[..., Line] = functools.cache(Line)


class GameFacts(NamedTuple):
    """What the table entered for one game (CLI.md `score` input), shape-checked.

    Immutable like every result of the core; a NamedTuple rather than a frozen dataclass
    because a fold builds one per game and a tuple is built several times faster.
    """

    players: tuple[str, ...]
    """The four players of this game."""
    kind: GameKind = GameKind.NORMAL
    """The game kind."""
    re: tuple[str, ...] = ()
    """The Re players: two, or one soloist."""
    re_eyes: int | None = None
    """Augen of Re, 0–240."""
    solo: SoloKind | None = None
    """The solo kind, with kind solo."""
    pflicht: bool | None = None
    """Pflicht (True) or Lust (False) for kind solo; None = decided by the evening."""
    trickless: Party | None = None
    """The party that took no trick, where Augen alone do not tell."""
    re_level: Level = Level.NONE
    """Re's highest announcement."""
    kontra_level: Level = Level.NONE
    """Kontra's highest announcement."""
    re_doppelt: int = 0
    """Doppelt said by Re players (doppelt mode)."""
    kontra_doppelt: int = 0
    """Doppelt said by Kontra players (doppelt mode)."""
    re_extras: Mapping[Extra, int] = MappingProxyType({})
    """Sonderpunkte earned by Re, counts per extra."""
    kontra_extras: Mapping[Extra, int] = MappingProxyType({})
    """Sonderpunkte earned by Kontra, counts per extra."""
    eyes: Mapping[str, int] | None = None
    """Augen per player, Hammelrennen only."""
    bock: int = 1
    """The Bock factor of this game."""
    manual_bock: bool = False
    """The table declared Bock after this game (RULES.md §9.5)."""
    note: str | None = None
    """Where the points come from or why (any kind, at most MAX_NOTE characters)."""
    recorded: Mapping[str, int] | None = None
    """A recorded game's points per player, as written (RULES.md §10.1)."""
    dealer_stays: bool = False
    """A recorded game after which the same dealer deals again."""
    caller: str | None = None
    """Who called the Hochzeit or had the Armut (one of ``re``; the other Re player is the
    partner, or took the cards). Optional, for the sheet's words: it changes no point."""

    @property
    def scored_as_solo(self) -> bool:
        """One player against three: solos, stille Hochzeit, lonely Hochzeit, Schwarze Sau."""
        return len(self.re) == 1

    def to_dict(self) -> dict[str, Any]:
        """The CLI.md input shape again (without rules)."""
        out: dict[str, Any] = {"players": list(self.players), "kind": self.kind.value}
        if self.solo is not None:
            out["solo"] = self.solo.value
        if self.pflicht is not None:
            out["pflicht"] = self.pflicht
        if self.re:
            out["re"] = list(self.re)
        if self.re_eyes is not None:
            out["re_eyes"] = self.re_eyes
        if self.trickless is not None:
            out["trickless"] = self.trickless.value
        announced = {p: lv.value for p, lv in (("re", self.re_level), ("kontra", self.kontra_level))
                     if lv is not Level.NONE}
        if announced:
            out["announced"] = announced
        doppelt = {p: n for p, n in (("re", self.re_doppelt), ("kontra", self.kontra_doppelt)) if n}
        if doppelt:
            out["doppelt"] = doppelt
        extras = {p: {e.value: n for e, n in ex.items() if n}
                  for p, ex in (("re", self.re_extras), ("kontra", self.kontra_extras))}
        extras = {p: ex for p, ex in extras.items() if ex}
        if extras:
            out["extras"] = extras
        if self.eyes is not None:
            out["eyes"] = dict(self.eyes)
        if self.bock != 1:
            out["bock"] = self.bock
        if self.manual_bock:
            out["manual_bock"] = True
        if self.note is not None:
            out["note"] = self.note
        if self.recorded is not None:
            out["points"] = dict(self.recorded)
        if self.dealer_stays:
            out["dealer_stays"] = True
        if self.caller is not None:
            out["caller"] = self.caller
        return out


PlayerKey = TypeVar("PlayerKey")
"""Whatever names a player where a game is entered: the app's player ids, the core's names."""
_Q = TypeVar("_Q")


@dataclasses.dataclass(frozen=True, slots=True)
class GameEntry(Generic[PlayerKey]):
    """One game as the table enters it, typed but not yet checked: what an entry form (or
    any other way in) hands to the services and the core, which take it as it is.
    :func:`parse_game` checks it in its place (once, in the evening's fold) and makes the
    :class:`GameFacts` that are scored.

    Not a GameFacts, because it is none yet: it may break any rule (250 Augen, a Re player
    who does not play), it may leave who plays to the rotation (``players`` None: a phone
    that kept the game offline cannot know them), it never carries Bock (the evening's),
    and it names players by whatever names them where it was entered: the app's
    player ids, the core's names (:meth:`keyed` turns one into the other).

    >>> entry = GameEntry(re=("Anna", "Cem"), re_eyes=151,
    ...                   announced={Party.RE: Level.KEINE_90, Party.KONTRA: Level.ANSAGE})
    >>> facts = parse_game(entry, players=("Anna", "Ben", "Cem", "Dora"))
    >>> score_game(facts, preset("ddv")).points["Anna"]
    7
    """

    kind: GameKind = GameKind.NORMAL
    """The game kind."""
    players: tuple[PlayerKey, ...] | None = None
    """The four who play; None: the four the rotation names at the game's place."""
    re: tuple[PlayerKey, ...] = ()
    """The Re players: two, or one soloist (none in a game without parties)."""
    re_eyes: int | None = None
    """Augen of Re."""
    solo: SoloKind | None = None
    """The solo kind, with kind solo."""
    pflicht: bool | None = None
    """Pflicht (True) or Lust (False) for kind solo; None = decided by the evening."""
    trickless: Party | None = None
    """The party that took no trick, where Augen alone do not tell."""
    announced: Mapping[Party, Level] = dataclasses.field(default_factory=dict)
    """Each party's highest announcement, where it made one."""
    doppelt: Mapping[Party, int] = dataclasses.field(default_factory=dict)
    """Doppelt said per party (doppelt mode)."""
    extras: Mapping[Party, Mapping[Extra, int]] = dataclasses.field(default_factory=dict)
    """Sonderpunkte per party, counts per extra."""
    eyes: Mapping[PlayerKey, int] | None = None
    """Augen per player, Hammelrennen only."""
    manual_bock: bool = False
    """The table declared Bock after this game (RULES.md §9.5)."""
    caller: PlayerKey | None = None
    """Who called the Hochzeit or had the Armut (one of ``re``)."""
    points: Mapping[PlayerKey, int] | None = None
    """A recorded game's points per player, as written (RULES.md §10.1)."""
    note: str | None = None
    """Where a recorded game's points come from or why."""
    dealer_stays: bool = False
    """A recorded game after which the same dealer deals again."""

    def keyed(self, key: Callable[[PlayerKey], _Q]) -> GameEntry[_Q]:
        """The same game with every player ``p`` given as ``key(p)``: the app's ids as the
        core's names (``names.__getitem__``), or names as ids."""
        def each(players: tuple[PlayerKey, ...]) -> tuple[_Q, ...]:
            return tuple(map(key, players))

        def per_player(values: Mapping[PlayerKey, int] | None) -> dict[_Q, int] | None:
            return None if values is None else {key(p): n for p, n in values.items()}

        return GameEntry(
            kind=self.kind, players=None if self.players is None else each(self.players),
            re=each(self.re), re_eyes=self.re_eyes, solo=self.solo, pflicht=self.pflicht,
            trickless=self.trickless, announced=self.announced, doppelt=self.doppelt,
            extras=self.extras, eyes=per_player(self.eyes), manual_bock=self.manual_bock,
            caller=None if self.caller is None else key(self.caller),
            points=per_player(self.points), note=self.note, dealer_stays=self.dealer_stays)

    def to_dict(self) -> dict[str, Any]:
        """The entry as JSON: CLI.md's game input, and with player ids the facts the app
        stores (``games.facts``, the history, backups). Only what was entered, in the order
        the app has always stored it; a JSON object's keys are text (``"17"``)."""
        out: dict[str, Any] = {"kind": self.kind.value}
        if self.points is not None:
            out["points"] = {str(p): n for p, n in self.points.items()}
        if self.players is not None:
            out["players"] = list(self.players)
        if self.solo is not None:
            out["solo"] = self.solo.value
        if self.pflicht is not None:
            out["pflicht"] = self.pflicht
        if self.eyes is not None:
            out["eyes"] = {str(p): n for p, n in self.eyes.items()}
        if self.caller is not None:
            out["caller"] = self.caller
        return {**out, **self._played(), **self._recorded()}

    def _played(self) -> dict[str, Any]:
        """The parties, their Augen and what they said and made."""
        out: dict[str, Any] = {}
        if self.re:
            out["re"] = list(self.re)
        if self.re_eyes is not None:
            out["re_eyes"] = self.re_eyes
        if self.trickless is not None:
            out["trickless"] = self.trickless.value
        if self.announced:
            out["announced"] = {p.value: level.value for p, level in self.announced.items()}
        if self.doppelt:
            out["doppelt"] = {p.value: n for p, n in self.doppelt.items()}
        if self.extras:
            out["extras"] = {p.value: {e.value: n for e, n in counts.items()}
                             for p, counts in self.extras.items()}
        return out

    def _recorded(self) -> dict[str, Any]:
        """Bock from the table, and a recorded game's note and dealer."""
        out: dict[str, Any] = {}
        if self.manual_bock:
            out["manual_bock"] = True
        if self.note is not None:
            out["note"] = self.note
        if self.dealer_stays:
            out["dealer_stays"] = True
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any],
                  key: Callable[[str], PlayerKey]) -> GameEntry[PlayerKey]:
        """An entry from JSON known to be well formed (:meth:`to_dict` read back: CLI.md
        game input with ``key=str``, stored facts with ``key=int``); ``key`` reads the keys
        of a JSON object of players (Augen, points), lists of players are taken as they
        are. JSON from anywhere else is for :func:`parse_game`: here a malformed value
        raises a KeyError, ValueError or TypeError, not InvalidGame.

        >>> GameEntry.from_dict({"re": [3, 1], "re_eyes": 151}, int).to_dict()
        {'kind': 'normal', 're': [3, 1], 're_eyes': 151}
        """
        def per_player(name: str) -> dict[PlayerKey, int] | None:
            values = data.get(name)
            return None if values is None else {key(p): n for p, n in values.items()}

        def per_party(name: str) -> dict[Party, Any]:
            return {Party(p): value for p, value in (data.get(name) or {}).items()}

        players, solo, trickless = data.get("players"), data.get("solo"), data.get("trickless")
        return cls(
            kind=GameKind(data.get("kind", "normal")),
            players=None if players is None else tuple(players), re=tuple(data.get("re", ())),
            re_eyes=data.get("re_eyes"), solo=None if solo is None else SoloKind(solo),
            pflicht=data.get("pflicht"), trickless=None if trickless is None else Party(trickless),
            announced={p: Level(level) for p, level in per_party("announced").items()},
            doppelt=per_party("doppelt"),
            extras={p: {Extra(e): n for e, n in counts.items()}
                    for p, counts in per_party("extras").items()},
            eyes=per_player("eyes"), manual_bock=bool(data.get("manual_bock")),
            caller=data.get("caller"), points=per_player("points"), note=data.get("note"),
            dealer_stays=bool(data.get("dealer_stays")))


class GameScore(NamedTuple):
    """The result of one game (immutable; a NamedTuple for the same reason as GameFacts)."""

    winner: str | None
    """"re", "kontra", None when nobody won; in a Hammelrennen the winner's name or None."""
    points: dict[str, int]
    """Points per player of the game, summing to 0."""
    lines: tuple[Line, ...]
    """The breakdown: value items, then factors."""
    bock_reasons: tuple[BockTrigger, ...]
    """The Bock triggers this game fires under its rules, in RULES.md §7 order."""
    value: int
    """The Grundwert: what one winning non-solo player gets before Bock."""

    def to_dict(self) -> dict[str, Any]:
        """The CLI.md `score` output."""
        return {
            "winner": self.winner,
            "points": dict(self.points),
            "lines": [line.to_dict() for line in self.lines],
            "bock_reasons": [r.value for r in self.bock_reasons],
            "value": self.value,
        }


# --------------------------------------------------------------------------- parsing
# One small reader per field or group of fields. Each returns the parsed value (or a harmless
# default) and appends (field, message) for whatever is wrong, so one call of parse_game
# reports every problem of an entry at once.

_T = TypeVar("_T")


def _is_mapping(value: Any) -> bool:
    return type(value) is dict or isinstance(value, Mapping)


def _is_count(value: Any) -> bool:
    """A non-negative int (a bool is no count)."""
    return type(value) is int and value >= 0


def name_problem(name: Any) -> str | None:
    """Why ``name`` cannot be a player's name, or None: it must be text with something
    visible in it, and without control characters or lone surrogates."""
    if not isinstance(name, str) or not name.strip():
        return N_("einen Namen angeben")
    if _NOT_NAME_TEXT.search(name):
        return Said(N_("%(name)s ist kein gültiger Name (Steuerzeichen oder ungültiger Text)"),
                    name=shown(name))
    return None


def _names(raw: Any) -> str | None:
    """All names of a list joined, or None when it is no list of strings."""
    if type(raw) not in (list, tuple) and not isinstance(raw, (list, tuple)):
        return None
    try:
        return "".join(raw)
    except TypeError:
        return None


def _parse_players(raw: Any, problems: Problems) -> tuple[str, ...]:
    if raw is None:
        problems.append(("players", N_("fehlt: die vier Spieler dieses Spiels")))
        return ()
    joined = _names(raw)
    if joined is None or len(raw) != 4 or not all(map(str.strip, raw)):
        problems.append(("players", N_("genau vier Spielernamen angeben")))
    elif _NOT_NAME_TEXT.search(joined):
        problems.append(("players", next(m for m in map(name_problem, raw) if m)))
    elif len(set(raw)) != 4:
        problems.append(("players", N_("jeder Spieler darf nur einmal vorkommen")))
    else:
        return tuple(raw)
    return ()


def _parse_choice(data: Mapping[str, Any], key: str, table: Mapping[str, _T], default: _T,
                  message: str, problems: Problems, *, null_is_absent: bool = True) -> _T:
    """A closed-vocabulary field: absent (or ``null``, if ``null_is_absent``) is ``default``."""
    if key not in data:
        return default
    value = data[key]
    if value is None and null_is_absent:
        return default
    member = table.get(value) if isinstance(value, str) else None
    if member is None:
        problems.append((key, Said(message, value=shown(value))))
        return default
    return member


def _parse_flag(data: Mapping[str, Any], key: str, problems: Problems) -> bool | None:
    value = data.get(key)
    if value is not None and not isinstance(value, bool):
        problems.append((key, N_("muss true oder false sein")))
        return None
    return value


def _parse_re(raw: Any, players: tuple[str, ...], problems: Problems) -> tuple[str, ...]:
    if _names(raw) is None:
        problems.append(("re", N_("eine Liste von Spielernamen angeben")))
        return ()
    names = set(raw)
    if len(names) != len(raw):
        problems.append(("re", N_("jeder Re-Spieler darf nur einmal vorkommen")))
    elif players and not names.issubset(players):
        unknown = ", ".join(sorted(shown(p) if name_problem(p) else p
                                   for p in names.difference(players)))
        problems.append(("re", Said(N_("spielt in diesem Spiel nicht mit: %(names)s"),
                                    names=unknown)))
    else:
        return tuple(raw)
    return ()


def _parse_caller(value: Any, re: tuple[str, ...], problems: Problems) -> str | None:
    """Who called the Hochzeit or had the Armut: absent (or null), or one of the Re players."""
    if value is None:
        return None
    if not isinstance(value, str) or name_problem(value):
        problems.append(("caller", N_("den Namen eines Re-Spielers angeben (wer die Hochzeit "
                                      "oder die Armut hatte)")))
    elif re and value not in re:
        problems.append(("caller", Said(N_("muss einer der Re-Spieler sein: %(name)s spielt "
                                           "nicht Re"), name=value)))
    else:
        return value
    return None


def _parse_re_eyes(value: Any, problems: Problems) -> int | None:
    if value is not None and (type(value) is not int or not 0 <= value <= 240):
        problems.append(("re_eyes", N_("Augen müssen zwischen 0 und 240 liegen")))
        return None
    return value


def _per_party(data: Mapping[str, Any], key: str, default: _T,
               parse: Callable[[str, Any, Problems], _T | None],
               problems: Problems) -> tuple[_T, _T]:
    """``{"re": …, "kontra": …}`` fields (announced, doppelt, extras): (Re's, Kontra's)."""
    raw = data.get(key)
    if raw is None:
        return default, default
    if not _is_mapping(raw):
        problems.append((key, N_("ein Objekt mit re und kontra angeben")))
        return default, default
    values = {_RE: default, _KONTRA: default}
    for name, value in raw.items():
        party = _PARTY_OF.get(name) if isinstance(name, str) else None
        if party is None:
            problems.append((f"{key}.{key_shown(name)}", N_("nur re und kontra")))
            continue
        parsed = parse(f"{key}.{name}", value, problems)
        if parsed is not None:
            values[party] = parsed
    return values[_RE], values[_KONTRA]


def _parse_level(where: str, value: Any, problems: Problems) -> Level | None:
    level = _LEVEL_OF.get(value) if isinstance(value, str) else None
    if level is None:
        problems.append((where, Said(_UNKNOWN_TERM[Level], value=shown(value))))
    return level


def _parse_doppelt(where: str, value: Any, problems: Problems) -> int | None:
    if not _is_count(value):
        problems.append((where, N_("muss eine Anzahl (0 oder mehr) sein")))
        return None
    return int(value)


def _parse_extra_counts(where: str, counts: Any, problems: Problems) -> dict[Extra, int] | None:
    if counts is None:
        return None
    if not _is_mapping(counts):
        problems.append((where, N_("Anzahl je Sonderpunkt angeben")))
        return None
    out: dict[Extra, int] = {}
    for name, count in counts.items():
        extra = _EXTRA_OF.get(name) if isinstance(name, str) else None
        if extra is None:
            problems.append((f"{where}.{key_shown(name)}", N_("unbekannter Sonderpunkt")))
        elif not _is_count(count):
            problems.append((f"{where}.{extra.value}", N_("muss eine Anzahl (0 oder mehr) sein")))
        elif count:
            out[extra] = count
    return out


def _parse_eyes(raw: Any, problems: Problems) -> dict[str, int] | None:
    if raw is None:
        return None
    if not _is_mapping(raw) or not all(
        isinstance(k, str) and type(v) is int and 0 <= v <= 240 for k, v in raw.items()
    ):
        problems.append(("eyes", N_("Augen je Spieler (0 bis 240) angeben")))
        return None
    return dict(raw)


def _parse_note(value: Any, problems: Problems) -> str | None:
    if value is not None and (not isinstance(value, str) or len(value) > MAX_NOTE
                              or _NOT_NAME_TEXT.search(value)):
        problems.append(("note", Said(N_("eine Notiz in einer Zeile mit höchstens %(max)s "
                                         "Zeichen angeben"), max=MAX_NOTE)))
        return None
    return value


def _parse_recorded(raw: Any, players: tuple[str, ...], problems: Problems) -> dict[str, int] | None:
    """A recorded game's ``points``: a whole number for each of the game's four players and
    nobody else, summing to 0 (RULES.md §10.1)."""
    if raw is None:
        problems.append(("points", N_("fehlt: die Punkte jedes Spielers")))
        return None
    if not _is_mapping(raw):
        problems.append(("points", N_("die Punkte je Spieler als Objekt angeben")))
        return None
    bad = [name for name, value in raw.items()
           if type(value) is not int or abs(value) > MAX_RECORDED_POINTS]
    if bad:
        problems.extend((f"points.{key_shown(name)}",
                         Said(N_("ganze Zahl bis %(max)s angeben"),
                              max=german_number(MAX_RECORDED_POINTS))) for name in bad[:4])
        return None
    if players:
        missing = [p for p in players if p not in raw]
        strangers = [key_shown(name) for name in raw if name not in players]
        if missing:
            problems.append(("points", Said(N_("fehlt für %(names)s"), names=", ".join(missing))))
        if strangers:
            problems.append(("points", Said(N_("spielt in diesem Spiel nicht mit: %(names)s"),
                                            names=", ".join(strangers))))
        if missing or strangers:
            return None
    total = sum(raw.values())
    if total:
        shown_total = f"{total:+d}".replace("-", "\u2212")  # the minus sign the sheet writes
        problems.append(("points", Said(N_("die Punkte müssen zusammen 0 ergeben, nicht "
                                           "%(total)s"), total=shown_total)))
        return None
    return {p: raw[p] for p in players} if players else dict(raw)


def _parse_bock(value: Any, problems: Problems) -> int:
    if not is_bock_factor(value):
        problems.append(("bock", Said(N_("Bock-Faktor muss 1, 2, 4, 8 … bis %(max)s sein"),
                                      max=german_number(MAX_BOCK))))
        return 1
    return int(value)


_NO_EXTRAS: Mapping[Extra, int] = GameFacts._field_defaults["re_extras"]


def parse_game(data: Any, *, players: tuple[str, ...] | None = None,
               bock: int | None = None) -> GameFacts:
    """Shape-check one game's JSON, or a typed :class:`GameEntry` (named by names);
    ``players`` fills in a missing ``players`` field, ``bock`` a missing ``bock`` field (the
    evening knows both; the game's input must not carry Bock). ``players`` are the caller's
    own names, taken as they are (the evening's seats, checked when the evening began).

    Rule-dependent checks happen in :func:`validate_game`, which :func:`score_game` calls.
    """
    if type(data) is GameEntry:
        return _parse_entry(data, players, bock)
    if not _is_mapping(data):
        raise InvalidGame([("", N_("ein Spiel muss ein JSON-Objekt sein"))])
    problems: Problems = [] if _FIELDS.issuperset(data) else [
        (key_shown(key), N_("unbekanntes Feld")) for key in data if key not in _FIELDS]
    if players is not None and "players" not in data:
        game_players = players
    else:
        game_players = _parse_players(data.get("players"), problems)
    kind = _parse_choice(data, "kind", _KIND_OF, _NORMAL, _UNKNOWN_TERM[GameKind],
                         problems, null_is_absent=False)
    # Most games leave out the fields read with "if ... in data": a reader's call costs more
    # than the look (the fold reads every game, issue 40).
    solo = (_parse_choice(data, "solo", _SOLO_OF, None, _UNKNOWN_TERM[SoloKind], problems)
            if "solo" in data else None)
    trickless = (_parse_choice(data, "trickless", _PARTY_OF, None, _UNKNOWN_TERM[Party],
                               problems) if "trickless" in data else None)
    pflicht = _parse_flag(data, "pflicht", problems) if "pflicht" in data else None
    manual_bock = _parse_flag(data, "manual_bock", problems) if "manual_bock" in data else None
    note = _parse_note(data["note"], problems) if "note" in data else None
    bock = _parse_bock(data.get("bock", 1 if bock is None else bock), problems)
    if kind is _RECORDED:
        return _recorded_facts(data, game_players, bock, bool(manual_bock), note, problems)
    if not data.keys().isdisjoint(_ONLY_RECORDED):
        problems.extend((key, N_("nur bei eingetragenen Punkten (kind recorded)"))
                        for key in _ONLY_RECORDED if key in data)
    re = _parse_re(data.get("re", []), game_players, problems)
    re_eyes = _parse_re_eyes(data.get("re_eyes"), problems)
    re_level, kontra_level = _per_party(data, "announced", _NO_LEVEL, _parse_level, problems)
    re_doppelt, kontra_doppelt = (_per_party(data, "doppelt", 0, _parse_doppelt, problems)
                                  if "doppelt" in data else (0, 0))
    re_extras, kontra_extras = _per_party(data, "extras", _NO_EXTRAS, _parse_extra_counts,
                                          problems)
    eyes = _parse_eyes(data["eyes"], problems) if "eyes" in data else None
    caller = _parse_caller(data["caller"], re, problems) if "caller" in data else None
    if problems:
        raise InvalidGame(problems)
    # positional, in field order (a keyword makes the call twice as slow): the hot path of
    # every fold; a played game records no points and keeps no dealer
    return GameFacts(game_players, kind, re, re_eyes, solo, pflicht, trickless, re_level,
                     kontra_level, re_doppelt, kontra_doppelt, re_extras, kontra_extras, eyes,
                     bock, bool(manual_bock), note, None, False, caller)


def _recorded_facts(data: Mapping[str, Any], players: tuple[str, ...], bock: int,
                    manual_bock: bool, note: str | None, problems: Problems) -> GameFacts:
    """The rest of a recorded game: its points and whether the dealer stays; the facts of a
    played game are refused whatever their value (RULES.md §10.1)."""
    problems.extend((key, N_("gibt es bei eingetragenen Punkten nicht"))
                    for key in _NOT_RECORDED if key in data)
    recorded = _parse_recorded(data.get("points"), players, problems)
    dealer_stays = _parse_flag(data, "dealer_stays", problems)
    if problems:
        raise InvalidGame(problems)
    return GameFacts(players, GameKind.RECORDED, bock=bock, manual_bock=manual_bock, note=note,
                     recorded=recorded, dealer_stays=bool(dealer_stays))


def _parse_entry(entry: GameEntry[Any], players: tuple[str, ...] | None,
                 bock: int | None) -> GameFacts:
    """parse_game of a typed entry: what its types do not already say is checked as in
    JSON, with the same words and in the same order."""
    problems: Problems = []
    if players is not None and entry.players is None:
        game_players = players
    else:
        game_players = _parse_players(entry.players, problems)
    note = _parse_note(entry.note, problems)
    game_bock = _parse_bock(1 if bock is None else bock, problems)
    if entry.kind is GameKind.RECORDED:
        return _recorded_entry(entry, game_players, game_bock, note, problems)
    problems.extend((key, N_("nur bei eingetragenen Punkten (kind recorded)")) for key, entered
                    in (("points", entry.points is not None),
                        ("dealer_stays", entry.dealer_stays)) if entered)
    re = _parse_re(entry.re, game_players, problems)
    re_eyes = _parse_re_eyes(entry.re_eyes, problems)
    doppelt = {p: _parse_doppelt(f"doppelt.{p.value}", n, problems) or 0
               for p, n in entry.doppelt.items()}
    extras = {p: _entry_extras(f"extras.{p.value}", counts, problems)
              for p, counts in entry.extras.items()}
    eyes = _parse_eyes(entry.eyes, problems)
    caller = _parse_caller(entry.caller, re, problems)
    if problems:
        raise InvalidGame(problems)
    announced = entry.announced
    return GameFacts(game_players, entry.kind, re, re_eyes, entry.solo, entry.pflicht,
                     entry.trickless, announced.get(_RE, Level.NONE),
                     announced.get(_KONTRA, Level.NONE), doppelt.get(_RE, 0),
                     doppelt.get(_KONTRA, 0), extras.get(_RE, _NO_EXTRAS),
                     extras.get(_KONTRA, _NO_EXTRAS), eyes, game_bock, entry.manual_bock, note,
                     caller=caller)


def _entry_extras(where: str, counts: Mapping[Extra, int],
                  problems: Problems) -> Mapping[Extra, int]:
    """One party's Sonderpunkte of a typed entry: counts, and only those that are not 0."""
    out: dict[Extra, int] = {}
    for extra, count in counts.items():
        if not _is_count(count):
            problems.append((f"{where}.{extra.value}", N_("muss eine Anzahl (0 oder mehr) sein")))
        elif count:
            out[extra] = count
    return out


def _recorded_entry(entry: GameEntry[Any], players: tuple[str, ...], bock: int,
                    note: str | None, problems: Problems) -> GameFacts:
    """The rest of a typed recorded game, as :func:`_recorded_facts` reads JSON."""
    entered = entry.to_dict()
    problems.extend((key, N_("gibt es bei eingetragenen Punkten nicht"))
                    for key in _NOT_RECORDED if key in entered)
    recorded = _parse_recorded(entry.points, players, problems)
    if problems:
        raise InvalidGame(problems)
    return GameFacts(players, GameKind.RECORDED, bock=bock, manual_bock=entry.manual_bock,
                     note=note, recorded=recorded, dealer_stays=entry.dealer_stays)


_Term = TypeVar("_Term", GameKind, SoloKind, Level, Party)


def read_term(vocabulary: type[_Term], text: str, field: str) -> _Term:
    """The member of one of a game's closed vocabularies (GameKind, SoloKind, Level, Party)
    that ``text`` names, read as :func:`parse_game` reads JSON: a form's text becomes a
    :class:`GameEntry`'s value here. InvalidGame naming ``field``, in parse_game's words,
    when there is no such member.

    >>> read_term(SoloKind, "damen", "solo")
    <SoloKind.DAMEN: 'damen'>
    >>> read_term(GameKind, "skat", "kind")
    Traceback (most recent call last):
    ...
    scorer.core.scoring.InvalidGame: kind: unbekannte Spielart 'skat'
    """
    member = _TERMS[vocabulary].get(text)
    if member is None:
        raise InvalidGame([(field, Said(_UNKNOWN_TERM[vocabulary], value=shown(text)))])
    assert isinstance(member, vocabulary)
    return member


# --------------------------------------------------------------------------- validation


def _re_count_problem(kind: GameKind, n: int) -> str | None:
    if kind in (_NORMAL, _ARMUT):
        return None if n == 2 else N_("genau zwei Re-Spieler angeben")
    if kind in (_SOLO, _STILLE_HOCHZEIT, _SCHWARZE_SAU):
        return None if n == 1 else N_("genau einen Solospieler angeben")
    if kind is _HOCHZEIT:
        return None if n in (1, 2) else N_("den Hochzeiter und ggf. seinen Partner angeben")
    return None if n == 0 else N_("in dieser Spielart gibt es keine Re-Partei")


def validate_game(facts: GameFacts, rules: HouseRules) -> None:
    """Raise InvalidGame with every problem of RULES.md §8 these facts have."""
    problems = _game_problems(facts, rules)
    if problems:
        raise InvalidGame(problems)


def _game_problems(f: GameFacts, rules: HouseRules) -> Problems:
    problems: Problems = []
    kind = f.kind
    if len(f.players) != 4 or len(set(f.players)) != 4:
        problems.append(("players", N_("genau vier verschiedene Spieler angeben")))
    if not rules.allows(kind):
        problems.append(("kind", Said(N_("die Spielart %(kind)s gibt es in diesen Regeln nicht"),
                                      kind=kind.value)))
        return problems
    _kind_problems(f, rules, problems)
    problem = _re_count_problem(kind, len(f.re))
    if problem:
        problems.append(("re", problem))
    if kind is _RECORDED:
        written = f.recorded
        if written is None or set(written) != set(f.players) or sum(written.values()) != 0:
            problems.append(("points", N_("je Spieler des Spiels eine ganze Zahl, zusammen 0")))
    elif f.recorded is not None or f.dealer_stays:
        problems.append(("points", N_("nur bei eingetragenen Punkten (kind recorded)")))
    if f.manual_bock and BockTrigger.MANUAL not in rules.bock_triggers:
        problems.append(("manual_bock", N_("Bock vom Tisch gibt es in diesen Regeln nicht "
                                           "(kein Bock-Grund manual)")))
    _eyes_problems(f, problems)
    if not kind.takes_announcements:
        _silent_game_problems(f, problems)
    else:
        _announcement_problems(f, rules, problems)
        if f.re_extras or f.kontra_extras:
            _extras_problems(f, rules, problems)
    return problems


def _kind_problems(f: GameFacts, rules: HouseRules, problems: Problems) -> None:
    """The solo kind and the Pflicht flag belong to announced solos."""
    if f.kind is _SOLO:
        if f.solo is None:
            problems.append(("solo", N_("fehlt: welches Solo wurde gespielt?")))
        elif f.solo not in rules.solo_kinds:
            problems.append(("solo", Said(N_("das Solo %(solo)s gibt es in diesen Regeln nicht"),
                                          solo=f.solo.value)))
    elif f.solo is not None:
        problems.append(("solo", N_("nur bei der Spielart solo")))
    if f.caller is not None and not f.kind.names_caller:
        problems.append(("caller", N_("nur bei einer Hochzeit oder Armut")))
    if f.pflicht is not None:
        if f.kind is not _SOLO:
            problems.append(("pflicht", N_("nur ein angesagtes Solo kann Pflichtsolo sein")))
        elif f.pflicht and not rules.pflichtsolo:
            problems.append(("pflicht", N_("in diesen Regeln gibt es kein Pflichtsolo")))


def _eyes_problems(f: GameFacts, problems: Problems) -> None:
    """Augen per player in a Hammelrennen, Re's Augen in every game with parties."""
    if f.kind is _HAMMELRENNEN:
        if f.eyes is None:
            problems.append(("eyes", N_("fehlt: Augen jedes Spielers")))
        elif set(f.eyes) != set(f.players):
            problems.append(("eyes", N_("Augen für genau die vier Spieler angeben")))
        elif sum(f.eyes.values()) != 240:
            problems.append(("eyes", Said(N_("die Augen ergeben %(sum)s statt 240"),
                                          sum=sum(f.eyes.values()))))
    elif f.eyes is not None:
        problems.append(("eyes", N_("nur beim Hammelrennen")))
    if not f.kind.has_parties:
        if f.re_eyes is not None:
            problems.append(("re_eyes", N_("in dieser Spielart gibt es keine Re-Augen")))
        if f.trickless is not None:
            problems.append(("trickless", N_("in dieser Spielart gibt es keine Parteien")))
    elif f.re_eyes is None:
        problems.append(("re_eyes", N_("fehlt: Augen der Re-Partei")))
    elif f.trickless is not None:
        eyes = f.re_eyes if f.trickless is _RE else 240 - f.re_eyes
        if eyes:
            problems.append(("trickless", Said(N_("%(party)s hat %(eyes)s Augen, also einen "
                                                  "Stich"), party=_PARTY_NAME[f.trickless],
                                               eyes=eyes)))


def _silent_game_problems(f: GameFacts, problems: Problems) -> None:
    """Hammelrennen, Schwarze Sau and redeal have no announcements and no extras (§5)."""
    for party, level, doppelt, extras in (
        ("re", f.re_level, f.re_doppelt, f.re_extras),
        ("kontra", f.kontra_level, f.kontra_doppelt, f.kontra_extras),
    ):
        if level is not _NO_LEVEL:
            problems.append((f"announced.{party}", N_("in dieser Spielart gibt es keine Ansagen")))
        if doppelt:
            problems.append((f"doppelt.{party}", N_("in dieser Spielart gibt es keine Ansagen")))
        if extras:
            problems.append((f"extras.{party}", N_("in dieser Spielart gibt es keine Sonderpunkte")))


def _announcement_problems(f: GameFacts, rules: HouseRules, problems: Problems) -> None:
    if rules.announcements is _DOPPELT:
        _doppelt_problems(f, problems)
        return
    if f.re_doppelt or f.kontra_doppelt:
        for party, doppelt in (("re", f.re_doppelt), ("kontra", f.kontra_doppelt)):
            if doppelt:
                problems.append((f"doppelt.{party}", N_("Doppelt gibt es nur im Modus doppelt")))
    if f.kind is _SOLO and not rules.solo_absagen:
        for party, level in (("re", f.re_level), ("kontra", f.kontra_level)):
            if _RANK[level] > _RANK[Level.ANSAGE]:
                problems.append((f"announced.{party}",
                                 N_("im Solo sind nur Re und Kontra erlaubt, keine Absagen")))


def _doppelt_problems(f: GameFacts, problems: Problems) -> None:
    """§3 `doppelt` mode: no Re/Kontra, an Absage needs a Doppelt, at most one per player
    (one per party where the parties are known from the start)."""
    if f.kind in (GameKind.SOLO, GameKind.HOCHZEIT):
        limits = {"re": 1, "kontra": 1}
    else:
        n_re = len(f.re) if f.re else 2
        limits = {"re": n_re, "kontra": 4 - n_re}
    for party, level, doppelt in (("re", f.re_level, f.re_doppelt),
                                  ("kontra", f.kontra_level, f.kontra_doppelt)):
        if level is Level.ANSAGE:
            problems.append((f"announced.{party}",
                             N_("im Modus doppelt gibt es kein Re/Kontra, nur Doppelt")))
        elif level is not Level.NONE and not doppelt:
            problems.append((f"announced.{party}",
                             N_("eine Absage braucht ein Doppelt derselben Partei")))
        if doppelt > limits[party]:
            problems.append((f"doppelt.{party}",
                             Said(N_("höchstens %(limit)s× Doppelt für diese Partei"),
                                  limit=limits[party])))


def _took_no_trick(f: GameFacts, rules: HouseRules, party: str) -> bool:
    """A party said to be trickless, or with 0 Augen in a 40-card deck (every trick there
    holds Augen)."""
    if f.trickless is not None and f.trickless.value == party:
        return True
    if rules.deck != 40 or f.re_eyes is None:
        return False
    return (f.re_eyes if party == "re" else 240 - f.re_eyes) == 0


def _extras_problems(f: GameFacts, rules: HouseRules, problems: Problems) -> None:
    """§8 and §9.6: extras the rules use, and only as many as the cards allow."""
    re_extras, ko_extras = f.re_extras, f.kontra_extras
    for party, extras in (("re", re_extras), ("kontra", ko_extras)):
        if not extras:
            continue
        if not rules.extras.issuperset(extras):
            problems.extend((f"extras.{party}.{extra.value}",
                             N_("dieser Sonderpunkt wird in diesen Regeln nicht gespielt"))
                            for extra in extras if extra not in rules.extras)
        if _took_no_trick(f, rules, party):
            problems.append((f"extras.{party}",
                             N_("eine Partei ohne Stich kann keine Sonderpunkte haben")))
        if extras.get(_KARLCHEN, 0) + extras.get(_KARLCHEN_GEFANGEN, 0) > 2:
            problems.append((f"extras.{party}.karlchen_gefangen",
                             N_("es gibt nur zwei Kreuz Buben im letzten Stich")))
        if extras.get(_DULLE_GEFANGEN) and f.solo in NO_DULLE_SOLOS:
            problems.append((f"extras.{party}.dulle_gefangen",
                             N_("in diesem Solo ist die Herz 10 kein Trumpf, also keine Dulle")))
    for extra, (limit, message) in _MAX_PER_GAME.items():
        if extra in re_extras or extra in ko_extras:
            re_n, ko_n = re_extras.get(extra, 0), ko_extras.get(extra, 0)
            if re_n + ko_n > limit:
                problems.append((f"extras.{'kontra' if ko_n else 're'}.{extra.value}", message))
    if (not _LAST_TRICK_SET.isdisjoint(re_extras) and not _LAST_TRICK_SET.isdisjoint(ko_extras)
            and any(re_extras.get(e) for e in _LAST_TRICK)
            and any(ko_extras.get(e) for e in _LAST_TRICK)):
        name = next(e for e in _LAST_TRICK if ko_extras.get(e))
        problems.append((f"extras.kontra.{name.value}",
                         N_("Sonderpunkte im letzten Stich kann nur die Partei haben, die ihn "
                            "gemacht hat")))
    if _KARLCHEN not in re_extras and _KARLCHEN not in ko_extras:
        return
    for party, extras in (("re", re_extras), ("kontra", ko_extras)):
        if extras.get(_KARLCHEN) and extras.get(_FUCHS_LETZTER_STICH):
            problems.append((f"extras.{party}.fuchs_letzter_stich",
                             N_("den letzten Stich gewinnt entweder Karlchen oder der Fuchs")))


# --------------------------------------------------------------------------- scoring


def score_game(facts: GameFacts, rules: HouseRules) -> GameScore:
    """Validate and score one game (RULES.md §1–§6, §9)."""
    validate_game(facts, rules)
    if facts.kind is _REDEAL:
        return GameScore(
            winner=None,
            points=dict.fromkeys(facts.players, 0),
            lines=(_NOTE[N_("neu gegeben")],),
            bock_reasons=_manual_reason(facts),
            value=0,
        )
    if facts.kind is _HAMMELRENNEN:
        return _hammelrennen(facts, rules)
    if facts.kind is _RECORDED:
        return _recorded(facts)
    return _party_game(facts, rules)


RECORDED_LABEL = N_("übernommen")
"""The breakdown of a recorded game without a note (RULES.md §10.1)."""


def _recorded(f: GameFacts) -> GameScore:
    """Points as written: no Bock, no winner; one line naming where they come from (§10.1)."""
    assert f.recorded is not None
    return GameScore(
        winner=None,
        points={p: f.recorded[p] for p in f.players},
        lines=(Line(f.note or RECORDED_LABEL, 0),),
        bock_reasons=_manual_reason(f),
        value=0,
    )


def _manual_reason(f: GameFacts) -> tuple[BockTrigger, ...]:
    """§9.5: a game of any kind may carry manual_bock (validation checked the trigger)."""
    return (BockTrigger.MANUAL,) if f.manual_bock else ()


def _bock_levels(bock: int) -> int:
    """k of a Bock factor 2^k."""
    return bock.bit_length() - 1


def _hammelrennen(f: GameFacts, rules: HouseRules) -> GameScore:
    """Everyone alone; the winner gets 3, the others pay 1 each (RULES.md §5 Decision)."""
    assert f.eyes is not None
    eyes = f.eyes
    over = [p for p in f.players if eyes[p] > 120]
    if over:
        winner: str | None = over[0]
        why = N_("%(name)s hat mehr als 120 Augen") % {"name": over[0]}
    else:
        best = min(abs(eyes[p] - 60) for p in f.players)
        closest = [p for p in f.players if abs(eyes[p] - 60) == best]
        winner = closest[0] if len(closest) == 1 else None
        why = (N_("%(name)s kommt 60 Augen am nächsten") % {"name": winner} if winner
               else N_("Gleichstand am nächsten an 60: niemand gewinnt"))
    lines = [Line(f"Hammelrennen: {why}")]
    if winner is None:
        points = dict.fromkeys(f.players, 0)
        value = 0
    else:
        lines.append(_line(N_("gewonnen"), 1))  # a player's win: no party
        value = 1
        each = value
        if f.bock > 1 and rules.bock_effect is BockEffect.ADD:
            # §9.2: (1 + 2k) x 3 for the winner, -(1 + 2k) for each other player.
            each += 2 * _bock_levels(f.bock)
            lines.append(_line(N_("Bock"), 2 * _bock_levels(f.bock)))
        elif f.bock > 1:
            each *= f.bock
        points = {p: (3 if p == winner else -1) * each for p in f.players}
    if f.bock > 1 and rules.bock_effect is BockEffect.MULTIPLY:
        lines.append(_line(N_("Bock"), None, f.bock))
    zero = BockTrigger.ZERO_GAME in rules.bock_triggers and value == 0
    reasons = ((BockTrigger.ZERO_GAME,) if zero else ()) + _manual_reason(f)
    return GameScore(winner=winner, points=points, lines=tuple(lines), bock_reasons=reasons,
                     value=value)


class _Table(NamedTuple):
    """What one party game's Augen and announcements say, before anybody is paid.

    Each per-party value is a dict keyed by Party.
    """

    eyes: dict[Party, int]
    """Augen per party."""
    schwarz: dict[Party, bool]
    """Whether a party took no trick."""
    said: dict[Party, bool]
    """Whether a party made an Ansage (or said Doppelt)."""
    absage: dict[Party, int]
    """A party's highest Absage, 0 (none) to 4 (schwarz)."""
    factor: int
    """The announcement factor of §3 (1 in plus2 mode)."""


def _read_table(f: GameFacts, rules: HouseRules) -> _Table:
    re_eyes = f.re_eyes
    assert re_eyes is not None
    small_deck = rules.deck == 40
    re_rank, ko_rank = _RANK[f.re_level], _RANK[f.kontra_level]
    mode = rules.announcements
    if mode is _DOPPELT:
        re_said, ko_said = f.re_doppelt > 0, f.kontra_doppelt > 0
        factor = 2 ** (f.re_doppelt + f.kontra_doppelt)
    else:
        re_said, ko_said = re_rank >= 1, ko_rank >= 1
        factor = 2 ** (re_said + ko_said) if mode is _DOUBLE else 1
    trickless = f.trickless
    return _Table(
        {_RE: re_eyes, _KONTRA: 240 - re_eyes},
        {_RE: trickless is _RE or (small_deck and re_eyes == 0),
         _KONTRA: trickless is _KONTRA or (small_deck and re_eyes == 240)},
        {_RE: re_said, _KONTRA: ko_said},
        {_RE: re_rank - 1 if re_rank > 1 else 0, _KONTRA: ko_rank - 1 if ko_rank > 1 else 0},
        factor,
    )


def _meets(rank: int, opponent_eyes: int, opponent_schwarz: bool) -> bool:
    """Whether a party met its own Absage of ``rank`` (1 = keine 90 … 4 = schwarz)."""
    if rank == 4:
        return opponent_schwarz
    return opponent_eyes < _ABSAGE[rank][1]


def _winner(t: _Table, rules: HouseRules) -> Party | None:
    """§1: who wins, None when both missed their Absagen."""
    re_abs, ko_abs = t.absage[_RE], t.absage[_KONTRA]
    if not re_abs and not ko_abs:
        shift = rules.kontra_only_shift and t.said[_KONTRA] and not t.said[_RE]
        return _RE if t.eyes[_RE] >= (120 if shift else 121) else _KONTRA
    re_met = re_abs and _meets(re_abs, t.eyes[_KONTRA], t.schwarz[_KONTRA])
    ko_met = ko_abs and _meets(ko_abs, t.eyes[_RE], t.schwarz[_RE])
    if re_abs and ko_abs:
        return _RE if re_met else _KONTRA if ko_met else None
    if re_abs:
        return _RE if re_met else _KONTRA
    return _KONTRA if ko_met else _RE


_WINNER = {_RE: _RE.value, _KONTRA: _KONTRA.value, None: None}
"""A party game's ``winner`` as GameScore gives it (a dict lookup is faster than ``value``)."""
_SIXTY_RULE = {_RE: N_("60er-Regel: Re über 180 ohne Ansage, Kontra gewinnt"),
               _KONTRA: N_("60er-Regel: Kontra über 180 ohne Ansage, Re gewinnt")}


def _sixty_rule(t: _Table) -> tuple[Party, Line] | None:
    """§6: a silent party over 180 Augen hands the game to the other: (new winner, note)."""
    for party in (_RE, _KONTRA):
        if t.eyes[party] > 180 and not t.said[party]:
            other = _OTHER[party]
            return other, Line(_SIXTY_RULE[party])
    return None


# The lines of the closed vocabulary, built once: a breakdown is a tuple of shared lines.
_WON = {p: Line(N_("gewonnen"), 1, party=p) for p in Party}
_UNDER = {p: tuple((mark, Line(f"unter {mark} gespielt", 1, party=p)) for mark in (90, 60, 30))
          for p in Party}
_SCHWARZ_LINE = {p: Line(N_("schwarz gespielt"), 1, party=p) for p in Party}
_ANGESAGT = {(announcer, p): Line(f"{_PARTY_NAME[announcer]} angesagt", 2, party=p)
             for announcer in Party for p in Party}
_ABSAGE_LINES = {
    (announcer, winner): tuple(
        Line(f"{_ABSAGE[rank][0]} abgesagt"
             + ("" if announcer is winner else f" ({_PARTY_NAME[announcer]})"), 1, party=winner)
        for rank in range(1, 5))
    for announcer in Party for winner in Party
}
_AGAINST = {p: tuple((mark, Line(f"{mark} gegen {label}", 1, party=p))
                     for label, _, mark in _ABSAGE.values())
            for p in Party}
_SOLO_LINE = {p: Line(N_("Solo"), 1, party=p) for p in Party}
_GEGEN_DIE_ALTEN = Line(N_("gegen die Alten"), 1, party=_KONTRA)
_ANNOUNCED_FACTOR = {p: Line(_PARTY_NAME[p], factor=2) for p in Party}
_NOTE = {text: Line(text) for text in (
    N_("niemand gewinnt: beide Absagen verfehlt"), N_("Sonderpunkte zählen im Solo nicht"),
    N_("Sonderpunkte werden nicht verdoppelt"), N_("Solist zählt dreifach"), N_("neu gegeben"))}
_SAU_FACTOR = Line(N_("Schwarze Sau"), factor=2)


def _under_lines(party: Party, loser_eyes: int) -> list[Line]:
    """unter 90 / 60 / 30 gespielt, credited to ``party``."""
    return [line for mark, line in _UNDER[party] if loser_eyes < mark]


def _against_points(party: Party, other: Party, t: _Table) -> list[Line]:
    """+1 per Absage level of ``other`` that ``party`` reached the counter-mark against."""
    eyes = t.eyes[party]
    return [line for mark, line in _AGAINST[party][:t.absage[other]] if eyes >= mark]


def _solo_point_applies(f: GameFacts, rules: HouseRules) -> bool:
    if rules.solo_point is _NO_SOLO_POINT or f.kind is _SCHWARZE_SAU:
        return False
    if f.kind in (_SOLO, _STILLE_HOCHZEIT):
        return True
    return (rules.solo_point is SoloPoint.SOLO_AND_HOCHZEIT
            and f.kind is _HOCHZEIT and len(f.re) == 1)


def _won_items(f: GameFacts, rules: HouseRules, t: _Table, winner: Party,
               sixty: bool) -> list[Line]:
    """§2: the game value items, each credited to the winner."""
    loser = _OTHER[winner]
    items = [_WON[winner]]
    if not sixty:  # §6 Decision: the "loser" has > 180, no under-90/60/30 or schwarz
        items += _under_lines(winner, t.eyes[loser])
        if t.schwarz[loser] and rules.schwarz_point:
            items.append(_SCHWARZ_LINE[winner])
    for announcer in (_RE, _KONTRA):
        items += _ABSAGE_LINES[announcer, winner][:t.absage[announcer]]
    if rules.announcements is _PLUS2:
        items += [_ANGESAGT[p, winner] for p in (_RE, _KONTRA) if t.said[p]]
    if rules.against_points and not sixty:
        items += _against_points(winner, loser, t)
    if f.scored_as_solo and _solo_point_applies(f, rules):
        items.append(_SOLO_LINE[winner])
    return items


def _nobody_wins_items(rules: HouseRules, t: _Table) -> list[Line]:
    """§2: each party collects its under-90/60/30 points and against-points."""
    items = []
    for party in (_RE, _KONTRA):
        items += _under_lines(party, t.eyes[_OTHER[party]])
        if rules.against_points:
            items += _against_points(party, _OTHER[party], t)
    return items


def extra_counts_in_solo(rules: HouseRules, extra: Extra, kind: GameKind,
                         solo: SoloKind | None) -> bool:
    """Whether ``extra`` counts in a game of ``kind`` (and ``solo``) scored as a solo
    (RULES.md §4: ``extras_in_solo``).

    >>> from scorer.core.rules import preset
    >>> extra_counts_in_solo(preset("ddv"), Extra.DOPPELKOPF, GameKind.SOLO, SoloKind.KARO)
    False
    """
    mode = rules.extras_in_solo
    if mode is ExtrasInSolo.ALL:
        return True
    if mode is ExtrasInSolo.ALL_BUT_FUCHS:
        return extra not in (Extra.FUCHS_GEFANGEN, Extra.FUCHS_LETZTER_STICH)
    if mode is ExtrasInSolo.DOPPELKOPF:
        return extra is Extra.DOPPELKOPF
    if mode is ExtrasInSolo.TRUMPFSOLO:
        return kind in (GameKind.HOCHZEIT, GameKind.STILLE_HOCHZEIT) or solo is SoloKind.KARO
    return False


def _gegen_die_alten_applies(f: GameFacts, rules: HouseRules) -> bool:
    """Whether Kontra's win is one against the Kreuz Damen (§2), or a soloist (§9.1)."""
    if not rules.gegen_die_alten:
        return False
    if f.kind is _ARMUT:
        return rules.gegen_die_alten_after_armut
    if not f.scored_as_solo:
        return True  # a normal game, a Hochzeit with partner
    if f.kind is _SCHWARZE_SAU:
        return False
    if rules.gegen_die_alten_in_solo:
        return True  # whatever extras_in_solo says
    if f.kind in (_STILLE_HOCHZEIT, _HOCHZEIT):
        mode = rules.extras_in_solo
        return mode in (ExtrasInSolo.ALL, ExtrasInSolo.ALL_BUT_FUCHS, ExtrasInSolo.TRUMPFSOLO)
    return False


def _extra_lines(f: GameFacts, rules: HouseRules, winner: Party | None) -> tuple[list[Line], bool]:
    """Sonderpunkte per party (TSR 7.2.3), and whether entered ones did not count."""
    lines = []
    ignored = False
    every_one_counts = not f.scored_as_solo  # else RULES.md §4 says which
    for party, entered in ((_RE, f.re_extras), (_KONTRA, f.kontra_extras)):
        for extra, count in entered.items():
            if every_one_counts or extra_counts_in_solo(rules, extra, f.kind, f.solo):
                lines.append(_line(EXTRA_LABEL[extra], count, None, party))
            else:
                ignored = True
    if winner is _KONTRA and _gegen_die_alten_applies(f, rules):
        lines.append(_GEGEN_DIE_ALTEN)
    return lines, ignored


def _net(lines: list[Line]) -> int:
    """Re's side of the credited lines: Re's points minus Kontra's."""
    total = 0
    for line in lines:
        points = line.points or 0
        total += points if line.party is _RE else -points
    return total


def _announcement_lines(f: GameFacts, rules: HouseRules, t: _Table) -> list[Line]:
    """§3: the factors Re/Kontra (double) or Doppelt put on the value."""
    if rules.announcements is _DOUBLE:
        return [_ANNOUNCED_FACTOR[p] for p in (_RE, _KONTRA) if t.said[p]]
    if rules.announcements is _DOPPELT:
        return [_line(f"Doppelt {_PARTY_NAME[p]}", None, 2**n)
                for p, n in ((_RE, f.re_doppelt), (_KONTRA, f.kontra_doppelt)) if n]
    return []


def _apply_bock(side: int, bock: int, winner: Party | None,
                rules: HouseRules) -> tuple[int, Line | None]:
    """Bock last (§3), as a factor, or under `bock_effect: add` as 2k points for the winner
    (§9.2; none when nobody won). Returns Re's side after Bock and the breakdown line."""
    if bock == 1:
        return side, None
    if rules.bock_effect is _BOCK_MULTIPLIES:
        return side * bock, _line(N_("Bock"), None, bock)
    if winner is None:
        return side, None
    points = 2 * _bock_levels(bock)
    return side + (points if winner is _RE else -points), _line(N_("Bock"), points, None, winner)


_FIRES: dict[BockTrigger, Callable[[GameFacts, _Table, Party | None, int], bool]] = {
    BockTrigger.TIE_120: lambda f, t, winner, side: t.eyes[_RE] == 120,
    BockTrigger.LOST_ANNOUNCEMENT: lambda f, t, winner, side: (
        (t.said[_RE] and winner is not _RE) or (t.said[_KONTRA] and winner is not _KONTRA)),
    BockTrigger.ZERO_GAME: lambda f, t, winner, side: side == 0,
    BockTrigger.LOST_SOLO: lambda f, t, winner, side: f.scored_as_solo and winner is not _RE,
    BockTrigger.SCHWARZ: lambda f, t, winner, side: t.schwarz[_RE] or t.schwarz[_KONTRA],
    BockTrigger.HERZSTICH: lambda f, t, winner, side: bool(
        f.re_extras.get(Extra.HERZSTICH) or f.kontra_extras.get(Extra.HERZSTICH)),
    BockTrigger.MANUAL: lambda f, t, winner, side: f.manual_bock,
}
"""§7: whether a trigger fires in a party game, given Re's side before Bock."""


def _party_game(f: GameFacts, rules: HouseRules) -> GameScore:
    """Normal games, Hochzeit, Armut, solos and Schwarze Sau (RULES.md §1–§6)."""
    t = _read_table(f, rules)
    solo = len(f.re) == 1
    winner = _winner(t, rules)
    notes: list[Line] = []
    sixty = None
    if rules.sixty_rule and not solo and winner is not None:
        sixty = _sixty_rule(t)  # never in solos (§6)
    if sixty is not None:
        winner, note = sixty
        notes.append(note)
    if winner is None:
        notes.append(_NOTE[N_("niemand gewinnt: beide Absagen verfehlt")])
        items = _nobody_wins_items(rules, t)
    else:
        items = _won_items(f, rules, t, winner, sixty is not None)
    extras, ignored = _extra_lines(f, rules, winner) if (
        f.re_extras or f.kontra_extras or winner is _KONTRA) else ([], False)
    if ignored:
        notes.append(_NOTE[N_("Sonderpunkte zählen im Solo nicht")])
    extras_factor = t.factor if rules.extras_doubled else 1
    side = _net(items) * t.factor + (_net(extras) * extras_factor if extras else 0)
    factors = _announcement_lines(f, rules, t) if t.factor > 1 else []
    if t.factor > 1 and extras and not rules.extras_doubled:
        notes.append(_NOTE[N_("Sonderpunkte werden nicht verdoppelt")])
    if f.kind is _SCHWARZE_SAU:
        side *= 2
        factors.append(_SAU_FACTOR)
    total, bock_line = _apply_bock(side, f.bock, winner, rules)
    if bock_line is not None:
        factors.append(bock_line)
    points = dict.fromkeys(f.players, -total)  # Kontra's, and then Re's
    if solo:
        notes.append(_NOTE[N_("Solist zählt dreifach")])
        points[f.re[0]] = 3 * total
    else:
        for player in f.re:
            points[player] = total
    return GameScore(
        _WINNER[winner],
        points,
        tuple(items + extras + factors + notes),
        # in RULES.md §7 order, which the rules keep their triggers in
        tuple(trigger for trigger in rules.bock_triggers
              if _FIRES[trigger](f, t, winner, side)) if rules.bock_triggers else (),
        -side if winner is _KONTRA else side,
    )


def zero_eyes_party(facts: GameFacts, rules: HouseRules) -> Party | None:
    """The party with 0 Augen when only the table can say whether it took a trick: with 48
    cards four nines make a 0-Augen trick (RULES.md, Terms); with 40 cards 0 Augen is always
    schwarz. None in every other game."""
    if rules.deck != 48 or not facts.kind.has_parties or facts.re_eyes is None:
        return None
    return {0: _RE, 240: _KONTRA}.get(facts.re_eyes)


def trickless_matters(facts: GameFacts, rules: HouseRules) -> bool:
    """Whether the answer to "did the party with 0 Augen take a trick?" changes the game:
    both answers are possible and score differently (winner, points, breakdown or Bock).

    The entry form asks only then, and refuses to guess: with 48 cards, a "schwarz" Absage
    met or missed, the schwarz point and the schwarz Bock trigger all hang on it.

    >>> from scorer.core.rules import preset
    >>> said_schwarz = parse_game({"players": ["A", "B", "C", "D"], "re": ["A", "B"],
    ...                            "re_eyes": 240, "announced": {"re": "schwarz"}})
    >>> trickless_matters(said_schwarz, preset("ddv"))
    True
    >>> plain = parse_game({"players": ["A", "B", "C", "D"], "re": ["A", "B"], "re_eyes": 240})
    >>> trickless_matters(plain, preset("grundregeln"))  # no schwarz point, nothing said
    False
    """
    party = zero_eyes_party(facts, rules)
    if party is None:
        return False
    try:
        with_tricks = score_game(facts._replace(trickless=None), rules)
        without = score_game(facts._replace(trickless=party), rules)
    except InvalidGame:
        return False  # one answer is impossible (a party without a trick has no extras)
    return with_tricks != without


def trick_question(entry: GameEntry[Any], rules: HouseRules) -> Party | None:
    """Whom the table must be asked whether they took a trick before the game can count:
    the party with 0 Augen, where only the table can say (:func:`zero_eyes_party`) and the
    answer changes the game (:func:`trickless_matters`). None when there is nothing to ask,
    also for an entry the core refuses anyway (its refusal says more). Asked of an entry
    that does not say yet; its ``trickless`` is not looked at.

    Who plays need not be known (a phone that kept the game offline leaves it to the
    rotation): Kontra then get stand-ins, since they only count as a party here.

    >>> said_schwarz = GameEntry(re=(1, 3), re_eyes=240, announced={Party.RE: Level.SCHWARZ})
    >>> trick_question(said_schwarz, preset("ddv")).value
    'kontra'
    >>> trick_question(GameEntry(re=(1, 3), re_eyes=240), preset("grundregeln")) is None
    True
    """
    if rules.deck != 48 or not entry.kind.has_parties or entry.re_eyes not in (0, 240):
        return None  # nothing to ask, before the game is read
    named = entry.keyed(str)
    players = named.players
    if players is None or len(players) != 4:
        players = named.re + tuple(f"?{k}" for k in range(4 - len(named.re)))
    try:
        facts = _parse_entry(dataclasses.replace(named, players=players, eyes=None), None, None)
    except InvalidGame:
        return None
    party = zero_eyes_party(facts, rules)
    return party if party is not None and trickless_matters(facts, rules) else None


def trickless_party(facts: GameFacts, rules: HouseRules) -> Party | None:
    """The party that took no trick (schwarz), as the game is scored: the one entered as
    trickless, or with 40 cards the one with 0 Augen. None when both took tricks, and in
    games without parties.

    >>> from scorer.core.rules import preset, rules_from_spec
    >>> zero = parse_game({"players": ["A", "B", "C", "D"], "re": ["A", "B"], "re_eyes": 240})
    >>> trickless_party(zero, preset("ddv")) is None  # 48 cards: four nines are a trick
    True
    >>> trickless_party(zero._replace(trickless=Party.KONTRA), preset("ddv")).value
    'kontra'
    >>> trickless_party(zero, rules_from_spec({"preset": "ddv", "deck": 40})).value
    'kontra'
    """
    if not facts.kind.has_parties or facts.re_eyes is None:
        return None
    return next((p for p in Party if _took_no_trick(facts, rules, p.value)), None)


def score(data: Mapping[str, Any]) -> GameScore:
    """Parse and score a CLI.md `score` input, rules included."""
    if not _is_mapping(data):
        raise InvalidGame([("", N_("ein Spiel muss ein JSON-Objekt sein"))])
    if "rules" not in data:
        raise InvalidGame([("rules", N_("fehlt: nach welchen Regeln wird gezählt?"))])
    rules = rules_from_spec(data["rules"])
    return score_game(parse_game(data), rules)


__all__ = [
    "EXTRA_LABEL",
    "GameEntry",
    "GameFacts",
    "GameScore",
    "InvalidGame",
    "Level",
    "MAX_NOTE",
    "RECORDED_LABEL",
    "Line",
    "NO_DULLE_SOLOS",
    "extra_counts_in_solo",
    "Party",
    "name_problem",
    "parse_game",
    "preset",
    "read_term",
    "score",
    "score_game",
    "trick_question",
    "trickless_matters",
    "trickless_party",
    "validate_game",
    "zero_eyes_party",
]
