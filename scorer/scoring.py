"""One game: entered facts in, points and the breakdown a person reads out.

Pure: imports only the standard library. RULES.md §1–§6 is the contract; the comments name
the sections.

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

Impossible facts raise InvalidGame naming the field:

>>> try:
...     parse_game({"players": ["A", "B", "C", "D"], "re": ["A", "C"], "re_eyes": 250})
... except InvalidGame as err:
...     print(err.field, "-", err.message)
re_eyes - Augen müssen zwischen 0 und 240 liegen
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, NamedTuple

from scorer.rules import (
    Announcements,
    BockTrigger,
    Extra,
    ExtrasInSolo,
    GameKind,
    HouseRules,
    InvalidInput,
    SoloKind,
    SoloPoint,
    preset,
    rules_from_spec,
)


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


# The two parties as module constants: on Python 3.11 every `Party.RE` is a slow class
# attribute lookup (EnumType defines __getattr__), and scoring one game needs dozens.
_RE, _KONTRA = Party.RE, Party.KONTRA
_RANK = {level: i for i, level in enumerate(Level)}
# Value -> member tables: the common case of parsing without Enum.__call__ (a miss falls back to
# the Enum constructor, which then behaves exactly as before).
_PARTY_OF = {m.value: m for m in Party}
_LEVEL_OF = {m.value: m for m in Level}
# Absage rank 1..4 -> (label, what the opponents must stay under, against-point threshold)
_ABSAGE = {
    1: ("keine 90", 90, 120),
    2: ("keine 60", 60, 90),
    3: ("keine 30", 30, 60),
    4: ("schwarz", 0, 30),
}
_PARTY_NAME = {_RE: "Re", _KONTRA: "Kontra"}
EXTRA_LABEL = {
    Extra.DOPPELKOPF: "Doppelkopf",
    Extra.FUCHS_GEFANGEN: "Fuchs gefangen",
    Extra.KARLCHEN: "Karlchen",
    Extra.KARLCHEN_GEFANGEN: "Karlchen gefangen",
    Extra.FUCHS_LETZTER_STICH: "Fuchs im letzten Stich",
    Extra.HERZSTICH: "Herzstich",
}
_LAST_TRICK = (Extra.KARLCHEN, Extra.KARLCHEN_GEFANGEN, Extra.FUCHS_LETZTER_STICH)
_MAX_PER_GAME = {
    Extra.FUCHS_GEFANGEN: (2, "höchstens 2 Füchse können gefangen werden"),
    Extra.DOPPELKOPF: (6, "höchstens 6 Doppelkopf-Stiche in einem Spiel"),
    Extra.KARLCHEN: (1, "nur ein Karlchen kann den letzten Stich machen"),
    Extra.KARLCHEN_GEFANGEN: (2, "höchstens 2 Karlchen können gefangen werden"),
    Extra.FUCHS_LETZTER_STICH: (1, "nur ein Fuchs kann den letzten Stich machen"),
    Extra.HERZSTICH: (1, "es gibt höchstens einen Herzstich"),
}
_FIELDS = frozenset(
    {"rules", "players", "kind", "solo", "pflicht", "re", "re_eyes", "trickless", "announced",
     "doppelt", "extras", "eyes", "bock"}
)
_NO_PARTIES = (GameKind.HAMMELRENNEN, GameKind.REDEAL)
_KIND_OF = {m.value: m for m in GameKind}
_SOLO_OF = {m.value: m for m in SoloKind}
_EXTRA_OF = {m.value: m for m in Extra}
_NO_ANNOUNCEMENTS = (GameKind.HAMMELRENNEN, GameKind.SCHWARZE_SAU, GameKind.REDEAL)


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
        """JSON shape of CLI.md: only the keys that apply."""
        out: dict[str, Any] = {"label": self.label}
        if self.party is not None:
            out["party"] = self.party.value
        if self.points is not None:
            out["points"] = self.points
        if self.factor is not None:
            out["factor"] = self.factor
        return out


@dataclass(frozen=True, slots=True)
class GameFacts:
    """What the table entered for one game (CLI.md `score` input), shape-checked."""

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
    re_extras: Mapping[Extra, int] = field(default_factory=dict)
    """Sonderpunkte earned by Re, counts per extra."""
    kontra_extras: Mapping[Extra, int] = field(default_factory=dict)
    """Sonderpunkte earned by Kontra, counts per extra."""
    eyes: Mapping[str, int] | None = None
    """Augen per player, Hammelrennen only."""
    bock: int = 1
    """The Bock factor of this game."""

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
        return out


@dataclass(frozen=True, slots=True)
class GameScore:
    """The result of one game."""

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


def _is_int(value: Any) -> bool:
    return type(value) is int


def parse_game(data: Any, *, players: tuple[str, ...] | None = None) -> GameFacts:
    """Shape-check one game's JSON; ``players`` fills in a missing ``players`` field.

    Rule-dependent checks happen in :func:`validate_game`, which :func:`score_game` calls.
    """
    if not (type(data) is dict or isinstance(data, Mapping)):
        raise InvalidGame([("", "ein Spiel muss ein JSON-Objekt sein")])
    problems: list[tuple[str, str]] = []
    for key in data:
        if key not in _FIELDS:
            problems.append((str(key), "unbekanntes Feld"))

    raw_players = data.get("players", players)
    game_players: tuple[str, ...] = ()
    if raw_players is None:
        problems.append(("players", "fehlt: die vier Spieler dieses Spiels"))
    elif (not isinstance(raw_players, (list, tuple)) or len(raw_players) != 4
          or not all(isinstance(p, str) and p.strip() for p in raw_players)):
        problems.append(("players", "genau vier Spielernamen angeben"))
    elif len(set(raw_players)) != 4:
        problems.append(("players", "jeder Spieler darf nur einmal vorkommen"))
    else:
        game_players = tuple(raw_players)

    kind = GameKind.NORMAL
    if "kind" in data:
        try:
            kind = _KIND_OF.get(data["kind"]) or GameKind(data["kind"])
        except (ValueError, TypeError):
            problems.append(("kind", f"unbekannte Spielart {data['kind']!r}"))

    solo = None
    if data.get("solo") is not None:
        try:
            solo = _SOLO_OF.get(data["solo"]) or SoloKind(data["solo"])
        except (ValueError, TypeError):
            problems.append(("solo", f"unbekannte Soloart {data['solo']!r}"))

    pflicht = data.get("pflicht")
    if pflicht is not None and not isinstance(pflicht, bool):
        problems.append(("pflicht", "muss true oder false sein"))
        pflicht = None

    re: tuple[str, ...] = ()
    raw_re = data.get("re", [])
    if not isinstance(raw_re, (list, tuple)) or not all(isinstance(p, str) for p in raw_re):
        problems.append(("re", "eine Liste von Spielernamen angeben"))
    elif len(set(raw_re)) != len(raw_re):
        problems.append(("re", "jeder Re-Spieler darf nur einmal vorkommen"))
    elif game_players and not set(raw_re) <= set(game_players):
        unknown = ", ".join(sorted(set(raw_re) - set(game_players)))
        problems.append(("re", f"spielt in diesem Spiel nicht mit: {unknown}"))
    else:
        re = tuple(raw_re)

    re_eyes = data.get("re_eyes")
    if re_eyes is not None and (not _is_int(re_eyes) or not 0 <= re_eyes <= 240):
        problems.append(("re_eyes", "Augen müssen zwischen 0 und 240 liegen"))
        re_eyes = None

    trickless = None
    if data.get("trickless") is not None:
        try:
            trickless = _PARTY_OF.get(data["trickless"]) or Party(data["trickless"])
        except (ValueError, TypeError):
            problems.append(("trickless", "muss \"re\" oder \"kontra\" sein"))

    levels = {_RE: Level.NONE, _KONTRA: Level.NONE}
    announced = data.get("announced", {})
    if announced is None:
        announced = {}
    if not (type(announced) is dict or isinstance(announced, Mapping)):
        problems.append(("announced", "ein Objekt mit re und kontra angeben"))
        announced = {}
    for key, value in announced.items():
        try:
            party = _PARTY_OF.get(key) or Party(key)
        except (ValueError, TypeError):
            problems.append((f"announced.{key}", "nur re und kontra"))
            continue
        try:
            levels[party] = _LEVEL_OF.get(value) or Level(value)
        except (ValueError, TypeError):
            problems.append((f"announced.{key}", f"unbekannte Ansage {value!r}"))

    doppelt = {_RE: 0, _KONTRA: 0}
    raw_doppelt = data.get("doppelt", {})
    if raw_doppelt is None:
        raw_doppelt = {}
    if not (type(raw_doppelt) is dict or isinstance(raw_doppelt, Mapping)):
        problems.append(("doppelt", "ein Objekt mit re und kontra angeben"))
        raw_doppelt = {}
    for key, value in raw_doppelt.items():
        try:
            party = _PARTY_OF.get(key) or Party(key)
        except (ValueError, TypeError):
            problems.append((f"doppelt.{key}", "nur re und kontra"))
            continue
        if not _is_int(value) or value < 0:
            problems.append((f"doppelt.{key}", "muss eine Anzahl (0 oder mehr) sein"))
        else:
            doppelt[party] = value

    extras: dict[Party, dict[Extra, int]] = {_RE: {}, _KONTRA: {}}
    raw_extras = data.get("extras", {})
    if raw_extras is None:
        raw_extras = {}
    if not (type(raw_extras) is dict or isinstance(raw_extras, Mapping)):
        problems.append(("extras", "ein Objekt mit re und kontra angeben"))
        raw_extras = {}
    for key, counts in raw_extras.items():
        try:
            party = _PARTY_OF.get(key) or Party(key)
        except (ValueError, TypeError):
            problems.append((f"extras.{key}", "nur re und kontra"))
            continue
        if counts is None:
            continue
        if not (type(counts) is dict or isinstance(counts, Mapping)):
            problems.append((f"extras.{key}", "Anzahl je Sonderpunkt angeben"))
            continue
        for name, count in counts.items():
            where = f"extras.{key}.{name}"
            try:
                extra = _EXTRA_OF.get(name) or Extra(name)
            except (ValueError, TypeError):
                problems.append((where, "unbekannter Sonderpunkt"))
                continue
            if not _is_int(count) or count < 0:
                problems.append((where, "muss eine Anzahl (0 oder mehr) sein"))
            elif count:
                extras[party][extra] = count

    eyes = None
    raw_eyes = data.get("eyes")
    if raw_eyes is not None:
        if not (type(raw_eyes) is dict or isinstance(raw_eyes, Mapping)) or not all(
            isinstance(k, str) and _is_int(v) and 0 <= v <= 240 for k, v in raw_eyes.items()
        ):
            problems.append(("eyes", "Augen je Spieler (0 bis 240) angeben"))
        else:
            eyes = dict(raw_eyes)

    bock = data.get("bock", 1)
    if not _is_int(bock) or bock < 1 or bock & (bock - 1):
        problems.append(("bock", "Bock-Faktor muss 1, 2, 4, 8 … sein"))
        bock = 1

    if problems:
        raise InvalidGame(problems)
    return GameFacts(
        players=game_players,
        kind=kind,
        re=re,
        re_eyes=re_eyes,
        solo=solo,
        pflicht=pflicht,
        trickless=trickless,
        re_level=levels[_RE],
        kontra_level=levels[_KONTRA],
        re_doppelt=doppelt[_RE],
        kontra_doppelt=doppelt[_KONTRA],
        re_extras=extras[_RE],
        kontra_extras=extras[_KONTRA],
        eyes=eyes,
        bock=bock,
    )


# --------------------------------------------------------------------------- validation


def _re_count_problem(kind: GameKind, n: int) -> str | None:
    if kind in (GameKind.NORMAL, GameKind.ARMUT):
        return None if n == 2 else "genau zwei Re-Spieler angeben"
    if kind in (GameKind.SOLO, GameKind.STILLE_HOCHZEIT, GameKind.SCHWARZE_SAU):
        return None if n == 1 else "genau einen Solospieler angeben"
    if kind is GameKind.HOCHZEIT:
        return None if n in (1, 2) else "den Hochzeiter und ggf. seinen Partner angeben"
    return None if n == 0 else "in dieser Spielart gibt es keine Re-Partei"


def validate_game(facts: GameFacts, rules: HouseRules) -> None:
    """Raise InvalidGame with every problem of RULES.md §8 these facts have."""
    problems = list(_game_problems(facts, rules))
    if problems:
        raise InvalidGame(problems)


def _game_problems(f: GameFacts, rules: HouseRules) -> Any:
    kind = f.kind
    if len(f.players) != 4 or len(set(f.players)) != 4:
        yield "players", "genau vier verschiedene Spieler angeben"
    if not rules.allows(kind):
        yield "kind", f"die Spielart {kind.value} gibt es in diesen Regeln nicht"
        return
    if kind is GameKind.SOLO:
        if f.solo is None:
            yield "solo", "fehlt: welches Solo wurde gespielt?"
        elif f.solo not in rules.solo_kinds:
            yield "solo", f"das Solo {f.solo.value} gibt es in diesen Regeln nicht"
    elif f.solo is not None:
        yield "solo", "nur bei der Spielart solo"
    if f.pflicht is not None:
        if kind is not GameKind.SOLO:
            yield "pflicht", "nur ein angesagtes Solo kann Pflichtsolo sein"
        elif f.pflicht and not rules.pflichtsolo:
            yield "pflicht", "in diesen Regeln gibt es kein Pflichtsolo"
    problem = _re_count_problem(kind, len(f.re))
    if problem:
        yield "re", problem

    if kind is GameKind.HAMMELRENNEN:
        if f.eyes is None:
            yield "eyes", "fehlt: Augen jedes Spielers"
        elif set(f.eyes) != set(f.players):
            yield "eyes", "Augen für genau die vier Spieler angeben"
        elif sum(f.eyes.values()) != 240:
            yield "eyes", f"die Augen ergeben {sum(f.eyes.values())} statt 240"
    elif f.eyes is not None:
        yield "eyes", "nur beim Hammelrennen"
    if kind in _NO_PARTIES:
        if f.re_eyes is not None:
            yield "re_eyes", "in dieser Spielart gibt es keine Re-Augen"
        if f.trickless is not None:
            yield "trickless", "in dieser Spielart gibt es keine Parteien"
    elif f.re_eyes is None:
        yield "re_eyes", "fehlt: Augen der Re-Partei"
    elif f.trickless is not None:
        # Checked before the early return below, so a Schwarze Sau is covered too.
        eyes = f.re_eyes if f.trickless is _RE else 240 - f.re_eyes
        if eyes:
            yield "trickless", f"{_PARTY_NAME[f.trickless]} hat {eyes} Augen, also einen Stich"

    if kind in _NO_ANNOUNCEMENTS:
        for party, level, doppelt, extras in (
            ("re", f.re_level, f.re_doppelt, f.re_extras),
            ("kontra", f.kontra_level, f.kontra_doppelt, f.kontra_extras),
        ):
            if level is not Level.NONE:
                yield f"announced.{party}", "in dieser Spielart gibt es keine Ansagen"
            if doppelt:
                yield f"doppelt.{party}", "in dieser Spielart gibt es keine Ansagen"
            if extras:
                yield f"extras.{party}", "in dieser Spielart gibt es keine Sonderpunkte"
        return

    yield from _announcement_problems(f, rules)
    yield from _extras_problems(f, rules)


def _announcement_problems(f: GameFacts, rules: HouseRules) -> Any:
    sides = (("re", f.re_level, f.re_doppelt), ("kontra", f.kontra_level, f.kontra_doppelt))
    if rules.announcements is Announcements.DOPPELT:
        if f.kind in (GameKind.SOLO, GameKind.HOCHZEIT):
            limits = {"re": 1, "kontra": 1}
        else:
            n_re = len(f.re) if f.re else 2
            limits = {"re": n_re, "kontra": 4 - n_re}
        for party, level, doppelt in sides:
            if level is Level.ANSAGE:
                yield f"announced.{party}", "im Modus doppelt gibt es kein Re/Kontra, nur Doppelt"
            elif level is not Level.NONE and not doppelt:
                yield f"announced.{party}", "eine Absage braucht ein Doppelt derselben Partei"
            if doppelt > limits[party]:
                yield f"doppelt.{party}", f"höchstens {limits[party]}× Doppelt für diese Partei"
        return
    for party, level, doppelt in sides:
        if doppelt:
            yield f"doppelt.{party}", "Doppelt gibt es nur im Modus doppelt"
        if (f.kind is GameKind.SOLO and not rules.solo_absagen
                and _RANK[level] > _RANK[Level.ANSAGE]):
            yield f"announced.{party}", "im Solo sind nur Re und Kontra erlaubt, keine Absagen"


def _took_no_trick(f: GameFacts, rules: HouseRules, party: str) -> bool:
    """A party said to be trickless, or with 0 Augen in a 40-card deck (every trick there
    holds Augen)."""
    if f.trickless is not None and f.trickless.value == party:
        return True
    if rules.deck != 40 or f.re_eyes is None:
        return False
    return (f.re_eyes if party == "re" else 240 - f.re_eyes) == 0


def _extras_problems(f: GameFacts, rules: HouseRules) -> Any:
    if not f.re_extras and not f.kontra_extras:
        return
    for party, extras in (("re", f.re_extras), ("kontra", f.kontra_extras)):
        for extra in extras:
            if extra not in rules.extras:
                yield f"extras.{party}.{extra.value}", "dieser Sonderpunkt wird in diesen Regeln nicht gespielt"
        if extras and _took_no_trick(f, rules, party):
            yield f"extras.{party}", "eine Partei ohne Stich kann keine Sonderpunkte haben"
        if extras.get(Extra.KARLCHEN, 0) + extras.get(Extra.KARLCHEN_GEFANGEN, 0) > 2:
            yield (f"extras.{party}.karlchen_gefangen",
                   "es gibt nur zwei Kreuz Buben im letzten Stich")
    for extra, (limit, message) in _MAX_PER_GAME.items():
        re_n, ko_n = f.re_extras.get(extra, 0), f.kontra_extras.get(extra, 0)
        if re_n + ko_n > limit:
            yield f"extras.{'kontra' if ko_n else 're'}.{extra.value}", message
    re_last = any(f.re_extras.get(e) for e in _LAST_TRICK)
    ko_last = any(f.kontra_extras.get(e) for e in _LAST_TRICK)
    if re_last and ko_last:
        name = next(e for e in _LAST_TRICK if f.kontra_extras.get(e))
        yield (f"extras.kontra.{name.value}",
               "Sonderpunkte im letzten Stich kann nur die Partei haben, die ihn gemacht hat")
    for party, extras in (("re", f.re_extras), ("kontra", f.kontra_extras)):
        if extras.get(Extra.KARLCHEN) and extras.get(Extra.FUCHS_LETZTER_STICH):
            yield (f"extras.{party}.fuchs_letzter_stich",
                   "den letzten Stich gewinnt entweder Karlchen oder der Fuchs")


# --------------------------------------------------------------------------- scoring


def score_game(facts: GameFacts, rules: HouseRules) -> GameScore:
    """Validate and score one game (RULES.md §1–§6)."""
    validate_game(facts, rules)
    if facts.kind is GameKind.REDEAL:
        return GameScore(
            winner=None,
            points=dict.fromkeys(facts.players, 0),
            lines=(Line("neu gegeben"),),
            bock_reasons=(),
            value=0,
        )
    if facts.kind is GameKind.HAMMELRENNEN:
        return _hammelrennen(facts, rules)
    return _party_game(facts, rules)


def _hammelrennen(f: GameFacts, rules: HouseRules) -> GameScore:
    """Everyone alone; the winner gets 3, the others pay 1 each (RULES.md §5 Decision)."""
    assert f.eyes is not None
    eyes = f.eyes
    over = [p for p in f.players if eyes[p] > 120]
    if over:
        winner: str | None = over[0]
        why = f"{over[0]} hat mehr als 120 Augen"
    else:
        best = min(abs(eyes[p] - 60) for p in f.players)
        closest = [p for p in f.players if abs(eyes[p] - 60) == best]
        winner = closest[0] if len(closest) == 1 else None
        why = (f"{winner} kommt 60 Augen am nächsten" if winner
               else "Gleichstand am nächsten an 60: niemand gewinnt")
    lines = [Line(f"Hammelrennen: {why}")]
    if winner is None:
        points = dict.fromkeys(f.players, 0)
        value = 0
    else:
        lines.append(Line("gewonnen", points=1))
        value = 1
        points = {p: (3 if p == winner else -1) * f.bock for p in f.players}
    if f.bock > 1:
        lines.append(Line("Bock", factor=f.bock))
    reasons = (BockTrigger.ZERO_GAME,) if value == 0 else ()
    return GameScore(
        winner=winner,
        points=points,
        lines=tuple(lines),
        bock_reasons=tuple(r for r in reasons if r in rules.bock_triggers),
        value=value,
    )


def _meets(rank: int, opponent_eyes: int, opponent_schwarz: bool) -> bool:
    """Whether a party met its own Absage of ``rank`` (1 = keine 90 … 4 = schwarz)."""
    if rank == 4:
        return opponent_schwarz
    return opponent_eyes < _ABSAGE[rank][1]


def _extra_counts(f: GameFacts, rules: HouseRules, extra: Extra) -> bool:
    """Whether an entered extra counts in this game (RULES.md §4 for solos)."""
    if not f.scored_as_solo:
        return True
    mode = rules.extras_in_solo
    if mode is ExtrasInSolo.ALL:
        return True
    if mode is ExtrasInSolo.ALL_BUT_FUCHS:
        return extra not in (Extra.FUCHS_GEFANGEN, Extra.FUCHS_LETZTER_STICH)
    if mode is ExtrasInSolo.DOPPELKOPF:
        return extra is Extra.DOPPELKOPF
    if mode is ExtrasInSolo.TRUMPFSOLO:
        return _trumpfsolo_like(f)
    return False


def _trumpfsolo_like(f: GameFacts) -> bool:
    """A Karo solo, a Hochzeit without partner or a stille Hochzeit."""
    return f.kind in (GameKind.HOCHZEIT, GameKind.STILLE_HOCHZEIT) or f.solo is SoloKind.KARO


def _gegen_die_alten_applies(f: GameFacts, rules: HouseRules) -> bool:
    """Whether Kontra's win is one against the Kreuz Damen (RULES.md §2)."""
    if not rules.gegen_die_alten:
        return False
    if f.kind is GameKind.ARMUT:
        return rules.gegen_die_alten_after_armut
    if f.kind is GameKind.NORMAL or (f.kind is GameKind.HOCHZEIT and len(f.re) == 2):
        return True
    if f.kind in (GameKind.STILLE_HOCHZEIT, GameKind.HOCHZEIT):
        mode = rules.extras_in_solo
        return mode in (ExtrasInSolo.ALL, ExtrasInSolo.ALL_BUT_FUCHS, ExtrasInSolo.TRUMPFSOLO)
    return False


def _solo_point_applies(f: GameFacts, rules: HouseRules) -> bool:
    if rules.solo_point is SoloPoint.OFF:
        return False
    if f.kind in (GameKind.SOLO, GameKind.STILLE_HOCHZEIT):
        return True
    return (rules.solo_point is SoloPoint.SOLO_AND_HOCHZEIT
            and f.kind is GameKind.HOCHZEIT and len(f.re) == 1)


def _party_game(f: GameFacts, rules: HouseRules) -> GameScore:
    """Normal games, Hochzeit, Armut, solos and Schwarze Sau (RULES.md §1–§6)."""
    assert f.re_eyes is not None
    re_eyes = f.re_eyes
    ko_eyes = 240 - re_eyes
    eyes = {_RE: re_eyes, _KONTRA: ko_eyes}
    small_deck = rules.deck == 40
    re_schwarz = f.trickless is _RE or (small_deck and re_eyes == 0)
    ko_schwarz = f.trickless is _KONTRA or (small_deck and ko_eyes == 0)
    schwarz = {_RE: re_schwarz, _KONTRA: ko_schwarz}
    solo = f.scored_as_solo
    sau = f.kind is GameKind.SCHWARZE_SAU
    mode = rules.announcements

    # §3: who "made an Ansage", and the factor the announcements put on the value.
    re_rank, ko_rank = _RANK[f.re_level], _RANK[f.kontra_level]
    if mode is Announcements.DOPPELT:
        re_said, ko_said = f.re_doppelt > 0, f.kontra_doppelt > 0
        factor = 2 ** (f.re_doppelt + f.kontra_doppelt)
    else:
        re_said, ko_said = re_rank >= 1, ko_rank >= 1
        factor = 2 ** (re_said + ko_said) if mode is Announcements.DOUBLE else 1
    said = {_RE: re_said, _KONTRA: ko_said}
    re_abs, ko_abs = max(re_rank - 1, 0), max(ko_rank - 1, 0)
    absage = {_RE: re_abs, _KONTRA: ko_abs}

    # §1: who wins.
    winner: Party | None
    if not re_abs and not ko_abs:
        shift = rules.kontra_only_shift and ko_said and not re_said
        winner = _RE if re_eyes >= (120 if shift else 121) else _KONTRA
    elif re_abs and not ko_abs:
        winner = _RE if _meets(re_abs, ko_eyes, ko_schwarz) else _KONTRA
    elif ko_abs and not re_abs:
        winner = _KONTRA if _meets(ko_abs, re_eyes, re_schwarz) else _RE
    else:
        re_met = _meets(re_abs, ko_eyes, ko_schwarz)
        ko_met = _meets(ko_abs, re_eyes, re_schwarz)
        winner = _RE if re_met else _KONTRA if ko_met else None

    notes: list[Line] = []
    # §6: the 60er-Regel turns a silent walkover into a loss (never in solos).
    sixty = False
    if rules.sixty_rule and not solo and winner is not None:
        for party, other in ((_RE, _KONTRA), (_KONTRA, _RE)):
            if eyes[party] > 180 and not said[party]:
                winner, sixty = other, True
                notes.append(Line(f"60er-Regel: {_PARTY_NAME[party]} über 180 ohne Ansage, "
                                  f"{_PARTY_NAME[other]} gewinnt"))
                break

    # §2: value items, each credited to the party named on the line.
    items: list[Line] = []
    if winner is not None:
        loser = _KONTRA if winner is _RE else _RE
        items.append(Line("gewonnen", 1, party=winner))
        if not sixty:
            loser_eyes = eyes[loser]
            for threshold in (90, 60, 30):
                if loser_eyes < threshold:
                    items.append(Line(f"unter {threshold} gespielt", 1, party=winner))
            if schwarz[loser] and rules.schwarz_point:
                items.append(Line("schwarz gespielt", 1, party=winner))
        for announcer in (_RE, _KONTRA):
            for rank in range(1, absage[announcer] + 1):
                label = f"{_ABSAGE[rank][0]} abgesagt"
                if announcer is not winner:
                    label += f" ({_PARTY_NAME[announcer]})"
                items.append(Line(label, 1, party=winner))
        if mode is Announcements.PLUS2:
            if re_said:
                items.append(Line("Re angesagt", 2, party=winner))
            if ko_said:
                items.append(Line("Kontra angesagt", 2, party=winner))
        if rules.against_points and not sixty:
            items.extend(_against_points(winner, loser, eyes, absage))
        if solo and not sau and _solo_point_applies(f, rules):
            items.append(Line("Solo", 1, party=winner))
    else:
        notes.append(Line("niemand gewinnt: beide Absagen verfehlt"))
        for party, other in ((_RE, _KONTRA), (_KONTRA, _RE)):
            for threshold in (90, 60, 30):
                if eyes[other] < threshold:
                    items.append(Line(f"unter {threshold} gespielt", 1, party=party))
            if rules.against_points:
                items.extend(_against_points(party, other, eyes, absage))

    # Sonderpunkte per party, netted (TSR 7.2.3).
    extras: list[Line] = []
    ignored = False
    for party, entered in ((_RE, f.re_extras), (_KONTRA, f.kontra_extras)):
        for extra, count in entered.items():
            if _extra_counts(f, rules, extra):
                extras.append(Line(EXTRA_LABEL[extra], count, party=party))
            else:
                ignored = True
    if winner is _KONTRA and _gegen_die_alten_applies(f, rules):
        extras.append(Line("gegen die Alten", 1, party=_KONTRA))
    if ignored:
        notes.append(Line("Sonderpunkte zählen im Solo nicht"))

    def net(lines: list[Line]) -> int:
        total = 0
        for ln in lines:
            total += (ln.points or 0) if ln.party is _RE else -(ln.points or 0)
        return total

    extras_factor = factor if rules.extras_doubled else 1
    side = net(items) * factor + net(extras) * extras_factor
    factors: list[Line] = []
    if mode is Announcements.DOUBLE:
        if re_said:
            factors.append(Line("Re", factor=2))
        if ko_said:
            factors.append(Line("Kontra", factor=2))
    elif mode is Announcements.DOPPELT:
        for party, n in ((_RE, f.re_doppelt), (_KONTRA, f.kontra_doppelt)):
            if n:
                factors.append(Line(f"Doppelt {_PARTY_NAME[party]}", factor=2**n))
    if factor > 1 and extras and not rules.extras_doubled:
        notes.append(Line("Sonderpunkte werden nicht verdoppelt"))
    if sau:
        side *= 2
        factors.append(Line("Schwarze Sau", factor=2))
    if f.bock > 1:
        factors.append(Line("Bock", factor=f.bock))
    if solo:
        notes.append(Line("Solist zählt dreifach"))

    total = side * f.bock
    if solo:
        soloist = f.re[0]
        points = {p: 3 * total if p == soloist else -total for p in f.players}
    else:
        points = {p: total if p in f.re else -total for p in f.players}

    reasons = []
    for trigger in rules.bock_triggers:
        if trigger is BockTrigger.TIE_120:
            fired = re_eyes == 120
        elif trigger is BockTrigger.LOST_ANNOUNCEMENT:
            fired = (re_said and winner is not _RE) or (ko_said and winner is not _KONTRA)
        elif trigger is BockTrigger.ZERO_GAME:
            fired = side == 0
        elif trigger is BockTrigger.LOST_SOLO:
            fired = solo and winner is not _RE
        elif trigger is BockTrigger.SCHWARZ:
            fired = re_schwarz or ko_schwarz
        else:
            fired = bool(f.re_extras.get(Extra.HERZSTICH) or f.kontra_extras.get(Extra.HERZSTICH))
        if fired:
            reasons.append(trigger)

    return GameScore(
        winner=winner.value if winner is not None else None,
        points=points,
        lines=tuple(items + extras + factors + notes),
        bock_reasons=tuple(reasons),
        value=-side if winner is _KONTRA else side,
    )


def _against_points(
    party: Party, other: Party, eyes: Mapping[Party, int], absage: Mapping[Party, int]
) -> list[Line]:
    """+1 per Absage level of ``other`` that ``party`` reached the counter-mark against."""
    out = []
    for rank in range(1, absage[other] + 1):
        label, _, mark = _ABSAGE[rank]
        if eyes[party] >= mark:
            out.append(Line(f"{mark} gegen {label}", 1, party=party))
    return out


def score(data: Mapping[str, Any]) -> GameScore:
    """Parse and score a CLI.md `score` input, rules included."""
    if not (type(data) is dict or isinstance(data, Mapping)):
        raise InvalidGame([("", "ein Spiel muss ein JSON-Objekt sein")])
    if "rules" not in data:
        raise InvalidGame([("rules", "fehlt: nach welchen Regeln wird gezählt?")])
    rules = rules_from_spec(data["rules"])
    return score_game(parse_game(data), rules)


__all__ = [
    "GameFacts",
    "GameScore",
    "InvalidGame",
    "Level",
    "Line",
    "Party",
    "parse_game",
    "preset",
    "score",
    "score_game",
    "validate_game",
]
