"""Bockzettel (doppelkopf-schreiber) JSON exports, ``formatVersion`` 1: kinds sheet, group and
backup. Every sheet with games becomes an evening; a group of type season becomes a season.

Read from the app's own type definitions and parsers (``exportTypes.ts``, ``importParser.ts``,
``gameSheet.ts``, ``game.ts``, ``player.ts``, ``sheetGroup.ts``, ``scoringRules.ts``,
``scoreCalculator.ts``, ``bockResolver.ts``, ``bockLevel.ts``); nothing of their code is used.

Bockzettel stores no points, only facts: the winning side, flags, solo, manual Bock. Its own
count (:func:`bockzettel_points`): the winning side's base flag (Re 1, Kontra 2), the Bock bonus
to the winner (single +2, double +4), every flag to its side, ``net = re − kontra``; Re players
get ``net``, Kontra players ``−net``, a soloist ``3·net``. Bock is not stored either: a game
whose Re (Kontra) announced and lost, or that triggers manual Bock, opens a window of one round
(4 or 5 games) from the next game; ``sequential`` gives single Bock while any window is open,
``doppelbock`` double Bock while two or more are.

Two ways (:class:`ImportMode`):

* *recorded*: each game a recorded game with the points Bockzettel gave it, so every evening
  ends with exactly the totals the group saw.
* *rescored*: the flags mapped onto our facts (announcements, Absagen, extras, the soloist,
  manual Bock) and scored under the Runde's rules. Bockzettel knows no Augen, only a winner
  and the levels reached (``under90`` …), so Re's Augen are chosen to give exactly that winner
  and those levels, and the game's note says so. The sheet's Bock mode becomes
  ``bock_stacking`` (``sequential`` → ``merge``; ``doppelbock`` → ``multiply`` capped at ×4).

Pure: imports only the standard library and the core.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from scorer.core.rules import (
    SOLO_LABEL,
    STACKING_LABEL,
    Announcements,
    BockStacking,
    BockTrigger,
    Extra,
    HouseRules,
    InvalidInput,
    SoloKind,
)
from scorer.core.scoring import parse_game, score_game
from scorer.core.seasons import Season
from scorer.importers.common import (
    Problems,
    check_game_count,
    distinct_names,
    local_date,
    note_of,
    parse_instant,
    player_name,
    quoted,
)
from scorer.importers.plan import (
    Content,
    FileFormat,
    ImportMode,
    ImportPlan,
    ImportRefused,
    PlannedEvening,
    SourceFormat,
    refuse,
)
from scorer.words.i18n import N_, _, pgettext

APP_TAG = "doppelkopf_schreiber"
FORMAT_VERSION = 1
KINDS = ("sheet", "group", "backup")


class Target(Enum):
    """Which side a flag's value goes to."""

    RE = "reSide"
    KONTRA = "contraSide"
    WINNER = "winner"


@dataclass(frozen=True, slots=True)
class Flag:
    """One entry of Bockzettel's flag catalogue, and what it is in our facts."""

    value: int
    """Points in Bockzettel's count."""
    target: Target
    """The side the points go to."""
    words: str
    """Our short German words for the flag, the source text of :attr:`said` (a recorded
    game's note lists them)."""
    party: str | None = None
    """The party the flag belongs to ("re", "kontra"), None for the levels reached."""
    level: str | None = None
    """The announcement level it stands for (``ansage``, ``keine_90`` …)."""
    extra: Extra | None = None
    """The Sonderpunkt it stands for."""
    reached: int = 0
    """For the levels reached: 1 under 90, 2 under 60, 3 under 30, 4 schwarz."""

    @property
    def said(self) -> str:
        """The words in the language spoken now: "Re: keine 90 abgesagt", "Dulle gefangen"."""
        party = "Re" if self.party == "re" else "Kontra"
        if self.level == "ansage":
            return _("%(party)s angesagt") % {"party": party}
        if self.level is not None:
            return _("%(party)s: %(bid)s abgesagt") % {"party": party,
                                                      "bid": _(_BID_WORDS[self.level])}
        return _(self.words)

    @property
    def label(self) -> str:
        """The words with the party: "Dulle gefangen (Kontra)"."""
        if self.extra is None or self.party is None:
            return self.said
        return _("%(words)s (%(party)s)") % {"words": self.said,
                                            "party": "Re" if self.party == "re" else "Kontra"}


_BID_WORDS = {"keine_90": N_("keine 90"), "keine_60": N_("keine 60"),
              "keine_30": N_("keine 30"), "schwarz": N_("schwarz")}
"""Each Absage a flag stands for, as a note says it."""


def _catalogue() -> dict[str, Flag]:
    flags: dict[str, Flag] = {}
    for prefix, party, side, word in (("re", "re", Target.RE, "Re"),
                                      ("contra", "kontra", Target.KONTRA, "Kontra")):
        flags[f"{prefix}Announced"] = Flag(2, Target.WINNER, f"{word} angesagt", party,
                                           level="ansage")
        for code, level in (("Under90", "keine_90"), ("Under60", "keine_60"),
                            ("Under30", "keine_30"), ("Schwarz", "schwarz")):
            flags[f"{prefix}Announced{code}"] = Flag(
                1, Target.WINNER, f"{word}: {_BID_WORDS[level]} abgesagt", party, level=level)
        for code, extra, said in (("Karlchen", Extra.KARLCHEN, N_("Karlchen")),
                                  ("KarlchenGefangen", Extra.KARLCHEN_GEFANGEN,
                                   N_("Karlchen gefangen")),
                                  ("DulleGefangen", Extra.DULLE_GEFANGEN, N_("Dulle gefangen")),
                                  ("FuchsLetzterStich", Extra.FUCHS_LETZTER_STICH,
                                   N_("Fuchs im letzten Stich")),
                                  ("Fuchs1", Extra.FUCHS_GEFANGEN, N_("Fuchs gefangen")),
                                  ("Fuchs2", Extra.FUCHS_GEFANGEN, N_("zweiter Fuchs gefangen")),
                                  ("Doppelkopf1", Extra.DOPPELKOPF, N_("Doppelkopf")),
                                  ("Doppelkopf2", Extra.DOPPELKOPF, N_("2. Doppelkopf")),
                                  ("Doppelkopf3", Extra.DOPPELKOPF, N_("3. Doppelkopf")),
                                  ("Doppelkopf4", Extra.DOPPELKOPF, N_("4. Doppelkopf"))):
            flags[f"{prefix}{code}"] = Flag(1, side, said, party, extra=extra)
    for reached, code in enumerate(("under90", "under60", "under30", "schwarz"), start=1):
        flags[code] = Flag(1, Target.WINNER, _LEVEL_WORDS[reached], reached=reached)
    return flags


_LEVEL_WORDS = {1: N_("unter 90"), 2: N_("unter 60"), 3: N_("unter 30"), 4: N_("schwarz")}
"""The levels a game reached, as a note says them."""

FLAGS: Mapping[str, Flag] = _catalogue()
"""Every flag code Bockzettel knows, besides the two base flags."""

BASE_FLAGS = frozenset({"reWon", "contraWon"})
"""Set by Bockzettel itself from the winner; ignored when found among a game's flags."""

_LEVELS = ("none", "ansage", "keine_90", "keine_60", "keine_30", "schwarz")
_LOSER_EYES = {0: 119, 1: 89, 2: 59, 3: 29, 4: 0}
"""The loser's Augen that reach exactly a level: none (the winner has 121), under 90 …"""


class StackingMode(str, Enum):
    """Bockzettel's Bock modes (``bockStackingMode.ts``)."""

    SEQUENTIAL = "sequential"
    """Single Bock while any window is open."""
    DOPPELBOCK = "doppelbock"
    """Double Bock while two or more windows are open."""


_MODE_WORDS = {
    StackingMode.SEQUENTIAL: N_("einfachen Bock, solange eine Bockrunde offen ist"),
    StackingMode.DOPPELBOCK: N_("Doppelbock, solange zwei Bockrunden zugleich offen sind"),
}
"""What each Bock mode gives, as a table would say it (its internal name means nothing
there)."""


# ------------------------------------------------------------------ the file as read


@dataclass(frozen=True, slots=True)
class Game:
    """One game of a sheet, shape-checked."""

    place: str
    re: tuple[str, ...]
    kontra: tuple[str, ...]
    sitting_out: str | None
    winner: str
    """"re" or "kontra" (the file says "contra")."""
    flags: tuple[str, ...]
    """Distinct known flag codes, in file order (base flags dropped)."""
    solo: bool
    manual_bock: bool
    note: str | None
    played_at: dt.datetime

    def is_trigger(self) -> bool:
        """Whether the game opens a Bock window (``bockResolver.ts``)."""
        return (self.manual_bock
                or ("reAnnounced" in self.flags and self.winner == "kontra")
                or ("contraAnnounced" in self.flags and self.winner == "re"))


@dataclass(frozen=True, slots=True)
class Sheet:
    """One GameSheet, shape-checked; player ids as in the file."""

    place: str
    title: str | None
    created_at: dt.datetime
    player_ids: tuple[str, ...]
    games: tuple[Game, ...]
    stacking: StackingMode | None
    group_id: str | None


def bock_levels(games: Sequence[Game], players: int, mode: StackingMode) -> list[int]:
    """Bockzettel's Bock level of each game: 0 none, 1 single, 2 double.

    Every trigger opens a window of one round (``players`` games) from the next game.

    >>> g = Game("", (), (), None, "kontra", ("reAnnounced",), False, False, None,
    ...          dt.datetime(2026, 1, 1))
    >>> quiet = dataclasses.replace(g, flags=())
    >>> bock_levels([g, g, quiet, quiet, quiet, quiet], 4, StackingMode.DOPPELBOCK)
    [0, 1, 2, 2, 2, 1]
    """
    levels = []
    remaining: list[int] = []
    for game in games:
        active = len(remaining)
        if mode is StackingMode.SEQUENTIAL:
            levels.append(1 if active else 0)
        else:
            levels.append(min(active, 2))
        remaining = [r - 1 for r in remaining if r > 1]
        if game.is_trigger():
            remaining.append(players)
    return levels


def bockzettel_points(game: Game, level: int) -> dict[str, int]:
    """The points Bockzettel gives each player of ``game`` at Bock ``level`` (0, 1, 2).

    >>> g = Game("", ("A", "B"), ("C", "D"), None, "kontra", ("reAnnounced", "under90"),
    ...          False, False, None, dt.datetime(2026, 1, 1))
    >>> bockzettel_points(g, 1)   # Kontra 2 + Re angesagt 2 + unter 90 1 + Bock 2 = 7
    {'A': -7, 'B': -7, 'C': 7, 'D': 7}
    """
    sides = {"re": 1 if game.winner == "re" else 0, "kontra": 2 if game.winner == "kontra" else 0}
    sides[game.winner] += 2 * level
    for code in game.flags:
        flag = FLAGS[code]
        side = {Target.RE: "re", Target.KONTRA: "kontra", Target.WINNER: game.winner}[flag.target]
        sides[side] += flag.value
    net = sides["re"] - sides["kontra"]
    points = {name: (3 * net if game.solo else net) for name in game.re}
    points.update({name: -net for name in game.kontra})
    return points


# ------------------------------------------------------------------ reading the envelope


def _object(raw: Any, place: str, what: str) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise refuse(place, _("%(what)s ist kein JSON-Objekt") % {"what": what})
    return raw


def _text(raw: Mapping[str, Any], key: str, place: str) -> str:
    value = raw.get(key)
    if not isinstance(value, str):
        raise refuse(place, _("Feld %(field)s fehlt oder ist kein Text") % {"field": key})
    return value


def _list(raw: Mapping[str, Any], key: str, place: str) -> list[Any]:
    value = raw.get(key)
    if not isinstance(value, list):
        raise refuse(place, _("Feld %(field)s fehlt oder ist keine Liste") % {"field": key})
    return value


def _objects(payload: Mapping[str, Any], key: str) -> list[dict[str, Any]]:
    """A payload list; like Bockzettel, a missing list is empty and non-objects are skipped."""
    value = payload.get(key)
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []


def _player_names(players: list[dict[str, Any]]) -> tuple[dict[str, str], list[str]]:
    """Player id → display name (``playerName``, legacy ``nickname``, first + last name,
    ``name``); two players of one name are told apart (and the warning says so)."""
    ids: list[str] = []
    names: list[str] = []
    for k, raw in enumerate(players, start=1):
        place = _("Spieler %(number)s") % {"number": k}
        pid = raw.get("id")
        if not isinstance(pid, str):
            raise refuse(place, _("Feld %(field)s fehlt oder ist kein Text") % {"field": "id"})
        if pid in ids:
            raise refuse(place, _("die Spieler-ID %(id)s kommt zweimal vor") % {"id": quoted(pid)})
        ids.append(pid)
        names.append(player_name(_display_name(raw),
                                 _("Spieler %(number)s") % {"number": quoted(pid)}))
    distinct = distinct_names(names)
    warnings = [_("Zwei Spieler heißen %(old)s; einer heißt hier %(new)s.")
                % {"old": quoted(old), "new": quoted(new)}
                for old, new in zip(names, distinct) if old != new]
    return dict(zip(ids, distinct)), warnings


def _display_name(raw: Mapping[str, Any]) -> Any:
    for key in ("playerName", "nickname"):
        if isinstance(raw.get(key), str):
            return raw[key]
    parts = [raw.get(k) for k in ("firstName", "lastName")]
    full = " ".join(p for p in parts if isinstance(p, str) and p)
    if full:
        return full
    return raw.get("name", "")


def _check_kind(kind: str, sheets: int, groups: int, settings: bool) -> None:
    """The per-kind rules of Bockzettel's parser."""
    if kind == "sheet" and (sheets != 1 or groups or settings):
        raise refuse("payload", _("eine Bogen-Datei (kind sheet) enthält genau einen Bogen, "
                                  "keine Gruppe und keine Einstellungen"))
    if kind == "group" and (groups != 1 or settings):
        raise refuse("payload", _("eine Gruppen-Datei (kind group) enthält genau eine Gruppe "
                                  "und keine Einstellungen"))
    if kind == "backup" and not settings:
        raise refuse("payload", _("eine Sicherung (kind backup) enthält die Einstellungen"))


def _stacking(raw: Any, place: str) -> StackingMode | None:
    if raw is None:
        return None
    try:
        return StackingMode(raw)
    except ValueError:
        raise refuse(place, _("unbekannter Bock-Modus %(mode)s") % {"mode": quoted(str(raw))}
                     ) from None


def _sheet(raw: Any, number: int, names: Mapping[str, str], problems: Problems) -> Sheet:
    title = raw.get("title") if isinstance(raw, dict) else None
    place = (_("Bogen %(number)s %(title)s") % {"number": number, "title": quoted(title)}
             if isinstance(title, str) and title else _("Bogen %(number)s") % {"number": number})
    raw = _object(raw, place, _("der Bogen"))
    _text(raw, "id", place)
    created = parse_instant(raw.get("createdAt"), place, "createdAt")
    parse_instant(raw.get("updatedAt"), place, "updatedAt")
    rounds = _list(raw, "rounds", place)
    ids = raw.get("playerIds")
    if ids is None and isinstance(raw.get("players"), list):  # the legacy shape
        ids = [p.get("id") for p in raw["players"] if isinstance(p, dict)]
    if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
        raise refuse(place, _("Feld playerIds fehlt oder ist keine Liste von IDs"))
    if len(ids) not in (4, 5) or len(set(ids)) != len(ids):
        raise refuse(place, _("ein Bogen hat 4 oder 5 verschiedene Spieler, nicht %(count)s")
                     % {"count": len(ids)})
    for pid in ids:
        if pid not in names:
            raise refuse(place, _("Spieler-ID %(id)s fehlt in der Spielerliste") % {"id": quoted(pid)})
    games: list[Game] = []
    for r, round_raw in enumerate(rounds, start=1):
        round_place = pgettext("round", "%(place)s, Runde %(number)s") % {"place": place,
                                                                         "number": r}
        round_raw = _object(round_raw, round_place, pgettext("round", "die Runde"))
        index = round_raw.get("index")
        if type(index) not in (int, float):
            raise refuse(round_place, _("Feld index fehlt oder ist keine Zahl"))
        if index != r - 1:
            raise refuse(round_place, _("index %(index)s passt nicht zur Position der Runde "
                                        "(erwartet %(expected)s)")
                         % {"index": index, "expected": r - 1})
        for g, game_raw in enumerate(_list(round_raw, "games", round_place), start=1):
            try:
                games.append(_game(game_raw, _("%(place)s, Spiel %(number)s")
                                   % {"place": round_place, "number": g}, tuple(ids)))
            except ImportRefused as err:
                for problem in err.problems:
                    problems.add(*problem)
    return Sheet(place=place, title=title if isinstance(title, str) and title.strip() else None,
                 created_at=created, player_ids=tuple(ids), games=tuple(games),
                 stacking=_stacking(raw.get("stackingModeOverride"), place),
                 group_id=raw.get("groupId") if isinstance(raw.get("groupId"), str) else None)


def _game(raw: Any, place: str, ids: tuple[str, ...]) -> Game:
    raw = _object(raw, place, _("das Spiel"))
    _text(raw, "id", place)
    played = parse_instant(raw.get("playedAt"), place, "playedAt")
    re = _list(raw, "rePlayerIds", place)
    kontra = _list(raw, "contraPlayerIds", place)
    winner = _text(raw, "winner", place)
    if winner not in ("re", "contra"):
        raise refuse(place, _("unbekannter Sieger %(winner)s (re oder contra)")
                     % {"winner": quoted(winner)})
    codes = _list(raw, "flagCodes", place)
    solo = raw.get("isSolo") is True
    if not all(isinstance(p, str) for p in re + kontra):
        raise refuse(place, _("die Parteien als Listen von Spieler-IDs angeben"))
    if (len(re), len(kontra)) != ((1, 3) if solo else (2, 2)):
        sides = {"re": len(re), "kontra": len(kontra)}
        raise refuse(place, (_("ein Solo ist 1 gegen 3, nicht %(re)s gegen %(kontra)s") if solo
                             else _("ein Spiel ohne Solo ist 2 gegen 2, nicht %(re)s gegen "
                                    "%(kontra)s")) % sides)
    four = re + kontra
    strangers = [p for p in four if p not in ids]
    if strangers:
        raise refuse(place, _("Spieler-ID %(id)s gehört nicht zu diesem Bogen")
                     % {"id": quoted(strangers[0])})
    if len(set(four)) != 4:
        raise refuse(place, _("ein Spieler steht in beiden Parteien oder doppelt"))
    out = raw.get("sittingOutPlayerId")
    if len(ids) == 5:
        missing = next(p for p in ids if p not in four)
        if out is not None and out != missing:
            raise refuse(place, _("aussetzen soll %(out)s, aber %(missing)s spielt nicht mit")
                         % {"out": quoted(str(out)), "missing": quoted(missing)})
        out = missing
    elif out is not None:
        raise refuse(place, _("bei 4 Spielern setzt niemand aus"))
    flags: list[str] = []
    for code in codes:
        if not isinstance(code, str) or (code not in FLAGS and code not in BASE_FLAGS):
            raise refuse(place, _("unbekanntes Flag %(flag)s") % {"flag": quoted(str(code))})
        if code in FLAGS and code not in flags:
            flags.append(code)
    note = raw.get("note")
    return Game(place=place, re=tuple(re), kontra=tuple(kontra), sitting_out=out,
                winner="re" if winner == "re" else "kontra", flags=tuple(flags), solo=solo,
                manual_bock=raw.get("triggersManualBock") is True,
                note=note if isinstance(note, str) else None, played_at=played)


# ------------------------------------------------------------------ one game, our way


def _recorded(game: Game, level: int, names: Mapping[str, str], five: bool) -> dict[str, Any]:
    """The game as a recorded game with Bockzettel's points; the note says how it came about."""
    points = bockzettel_points(game, level)
    entry: dict[str, Any] = {"kind": "recorded",
                             "points": {names[p]: v for p, v in points.items()}}
    if five:
        entry["players"] = [names[p] for p in game.re + game.kontra]
    party = {"party": "Re" if game.winner == "re" else "Kontra"}
    words = [(_("Solo %(party)s gewinnt") if game.solo else _("%(party)s gewinnt")) % party]
    words += [FLAGS[code].label for code in game.flags]
    if level:
        words.append(_("Doppelbock +4") if level == 2 else _("Bock +2"))
    if game.manual_bock:
        words.append(_("Bock ausgerufen"))
    note = note_of([game.note, ", ".join(words)])
    if note:
        entry["note"] = note
    return entry


def _solo_kind(rules: HouseRules) -> SoloKind:
    """Bockzettel does not store what solo was played: a Karo solo (a trump solo, in which
    every flag Bockzettel offers can happen) where the rules allow it (they allow some: a
    Runde without solos keeps Bockzettel's points, see _rescored)."""
    return SoloKind.KARO if SoloKind.KARO in rules.solo_kinds else rules.solo_kinds[0]


def _level(game: Game, party: str) -> int:
    return max((_LEVELS.index(FLAGS[c].level or "none") for c in game.flags
                if FLAGS[c].party == party and FLAGS[c].level), default=0)


def _rescored(game: Game, level: int, names: Mapping[str, str], rules: HouseRules,
              five: bool, dropped: dict[str, int]) -> tuple[dict[str, Any], str | None]:
    """The game as our facts, and a warning when our rules give it another winner.

    Re's Augen give exactly the recorded winner and the highest level reached; where the
    winner's own Absage asks for more than Bockzettel recorded, the Absage wins (the game is
    then worth that level too, and the note says so).
    """
    if game.solo and not rules.solo_kinds:
        return _kept(game, level, names, five, InvalidInput([("solo", _(
            "eure Regeln kennen kein Solo"))]))
    winner = game.winner
    loser = "kontra" if winner == "re" else "re"
    reached = max((FLAGS[c].reached for c in game.flags), default=0)
    levels = {"re": _level(game, "re"), "kontra": _level(game, "kontra")}
    needed = max(levels[winner] - 1, 0)  # keine_90 (2) needs under 90 (1) …
    shown_level = max(reached, needed)
    loser_eyes = _LOSER_EYES[shown_level]
    re_eyes = 240 - loser_eyes if winner == "re" else loser_eyes
    if winner == "kontra" and shown_level == 0:
        re_eyes = 119  # Kontra wins with 121 whoever announced what

    facts: dict[str, Any] = {"kind": "solo" if game.solo else "normal",
                             "re": [names[p] for p in game.re], "re_eyes": re_eyes}
    if five:
        facts["players"] = [names[p] for p in game.re + game.kontra]
    if game.solo:
        facts["solo"] = _solo_kind(rules).value
    if shown_level == 4:
        facts["trickless"] = loser
    doppelt = rules.announcements is Announcements.DOPPELT
    announced: dict[str, str] = {}
    said: dict[str, int] = {}
    for party, level in levels.items():
        if not level:
            continue
        if doppelt:
            said[party] = 1
            if level > 1:
                announced[party] = _LEVELS[level]
        else:
            announced[party] = _LEVELS[level]
    if announced:
        facts["announced"] = announced
    if said:
        facts["doppelt"] = said
    extras: dict[str, dict[str, int]] = {}
    for code in game.flags:
        flag = FLAGS[code]
        if flag.extra is None or flag.party is None:
            continue
        if flag.extra not in rules.extras:
            dropped[flag.said] = dropped.get(flag.said, 0) + 1
            continue
        party_extras = extras.setdefault(flag.party, {})
        party_extras[flag.extra.value] = party_extras.get(flag.extra.value, 0) + 1
    if extras:
        facts["extras"] = extras
    if game.manual_bock:
        facts["manual_bock"] = True
    side = "Re" if winner == "re" else "Kontra"
    why = _("Bockzettel: %(party)s gewinnt") % {"party": side}
    if reached:
        why = f"{why}, {_(_LEVEL_WORDS[reached])}"
    if shown_level > reached:
        why = _("%(why)s; die Absage verlangt %(level)s") % {
            "why": why, "level": _(_LEVEL_WORDS[shown_level])}
    chosen = _("Augen gewählt: Re %(eyes)s (%(why)s)") % {"eyes": re_eyes, "why": why}
    assumed = (_("Solo-Art nicht in der Datei: als %(solo)s gewertet")
               % {"solo": _(SOLO_LABEL[_solo_kind(rules)])} if game.solo else None)
    facts["note"] = note_of([chosen, assumed, game.note])

    players = tuple(facts.get("players", ()))
    try:
        parsed = parse_game({k: v for k, v in facts.items() if k != "note"},
                            players=players or tuple(names[p] for p in game.re + game.kontra))
        result = score_game(parsed, rules)
    except InvalidInput as err:
        return _kept(game, level, names, five, err)
    if result.winner != winner:
        other = {"re": "Re", "kontra": "Kontra", None: _("niemand")}[result.winner]
        return facts, (_("%(place)s: nach euren Regeln gewinnt %(other)s statt %(party)s")
                       % {"place": game.place, "other": other, "party": side})
    return facts, None


def _kept(game: Game, level: int, names: Mapping[str, str], five: bool,
          err: InvalidInput) -> tuple[dict[str, Any], str]:
    """A game our rules cannot hold: Bockzettel's points, and the warning that says why."""
    return _fallback(game, level, names, five, err), (
        _("%(place)s: nach euren Regeln nicht darstellbar (%(error)s); mit den "
          "Bockzettel-Punkten übernommen") % {"place": game.place, "error": err.message})


def _fallback(game: Game, level: int, names: Mapping[str, str], five: bool,
              err: InvalidInput) -> dict[str, Any]:
    entry = _recorded(game, level, names, five)
    entry["note"] = note_of([_("nicht neu gewertet (%(error)s)") % {"error": err.message},
                             entry.get("note")])
    return entry


def rescore_rules(base: HouseRules, mode: StackingMode, manual: bool) -> HouseRules:
    """The rules a re-scored sheet is folded with: the Runde's, with the sheet's Bock mode
    as ``bock_stacking`` and ``manual`` among the triggers when the sheet declared Bock."""
    triggers = set(base.bock_triggers) | ({BockTrigger.MANUAL} if manual else set())
    ordered = tuple(t for t in BockTrigger if t in triggers)
    if mode is StackingMode.SEQUENTIAL:
        return dataclasses.replace(base, bock_triggers=ordered, bock_stacking=BockStacking.MERGE)
    return dataclasses.replace(base, bock_triggers=ordered, bock_stacking=BockStacking.MULTIPLY,
                               bock_cap=4)


# ------------------------------------------------------------------ the whole file


def read_bockzettel(document: Any, *, file_name: str, content_hash: str, mode: ImportMode,
                    rules: HouseRules, source_bock: str | None = None) -> ImportPlan:
    """The plan of a parsed Bockzettel export (its JSON already loaded). ``source_bock``
    ("sequential" or "doppelbock"): the Bock mode Bockzettel was set to, for a file without
    its settings (a sheet or group export); else its default is assumed and said."""
    document = _object(document, "", _("die Datei"))
    if document.get("app") != APP_TAG:
        raise refuse("app", _("keine Bockzettel-Datei (app ist %(app)s)")
                     % {"app": quoted(str(document.get("app")))})
    if document.get("formatVersion") != FORMAT_VERSION or type(document.get("formatVersion")) \
            is bool:
        raise refuse("formatVersion", _("Version %(version)s wird nicht gelesen (nur Version 1)")
                     % {"version": str(document.get("formatVersion"))})
    kind = document.get("kind")
    if kind not in KINDS:
        raise refuse("kind", _("unbekannte Art %(kind)s (sheet, group oder backup)")
                     % {"kind": quoted(str(kind))})
    payload = _object(document.get("payload"), "payload", "payload")
    raw_sheets = _objects(payload, "sheets")
    groups = _objects(payload, "groups")
    settings = payload.get("settings") if isinstance(payload.get("settings"), dict) else None
    _check_kind(kind, len(raw_sheets), len(groups), settings is not None)
    check_game_count(_count_games(raw_sheets))

    names, warnings = _player_names(_objects(payload, "players"))
    problems = Problems()
    sheets = [_sheet(raw, k, names, problems) for k, raw in enumerate(raw_sheets, start=1)]
    problems.raise_if_any()

    default = StackingMode.SEQUENTIAL
    if settings is not None and settings.get("defaultStackingMode") == "doppelbock":
        default = StackingMode.DOPPELBOCK
    chosen = settings is None and source_bock in {m.value for m in StackingMode}
    if chosen:
        default = StackingMode(source_bock)
    unsaid = settings is None and any(
        sheet.stacking is None and _modes_differ(sheet) for sheet in sheets)
    evenings: list[PlannedEvening] = []
    used: list[str] = []
    for sheet in sheets:
        if not sheet.games:
            warnings.append(_("%(place)s hat keine Spiele und wird nicht übernommen.")
                            % {"place": sheet.place})
            continue
        evening = _evening(sheet, names, mode, rules, default,
                           guessed=settings is None and not chosen)
        evenings.append(evening)
        for name in evening.seats:
            if name not in used:
                used.append(name)
    seasons, group_warnings = _seasons(groups, sheets, evenings)
    return ImportPlan(source=SourceFormat.BOCKZETTEL, file_name=file_name,
                      content_hash=content_hash, mode=mode, evenings=tuple(evenings),
                      players=tuple(used), seasons=seasons,
                      warnings=tuple(warnings + group_warnings), rescorable=True,
                      bock_unsaid=unsaid)


def _modes_differ(sheet: Sheet) -> bool:
    """Whether the sheet's games get other Bock levels under the other Bock mode."""
    players = len(sheet.player_ids)
    return bock_levels(sheet.games, players, StackingMode.SEQUENTIAL) \
        != bock_levels(sheet.games, players, StackingMode.DOPPELBOCK)


def _count_games(sheets: list[Any]) -> int:
    count = 0
    for sheet in sheets:
        rounds = sheet.get("rounds") if isinstance(sheet, dict) else None
        for r in rounds if isinstance(rounds, list) else ():
            games = r.get("games") if isinstance(r, dict) else None
            count += len(games) if isinstance(games, list) else 0
    return count


def _evening(sheet: Sheet, names: Mapping[str, str], mode: ImportMode, rules: HouseRules,
             default: StackingMode, *, guessed: bool) -> PlannedEvening:
    stacking = sheet.stacking or default
    players = len(sheet.player_ids)
    five = players == 5
    levels = bock_levels(sheet.games, players, stacking)
    notes: list[str] = []
    if sheet.stacking is None and guessed:
        other = StackingMode.DOPPELBOCK if stacking is StackingMode.SEQUENTIAL \
            else StackingMode.SEQUENTIAL
        if bock_levels(sheet.games, players, other) != levels:
            notes.append(_("Der Bogen speichert keinen Bock-Modus; angenommen ist Bockzettels "
                           "Voreinstellung: %(mode)s. Gab Bockzettel stattdessen %(other)s, "
                           "zeigte es andere Summen.")
                         % {"mode": _(_MODE_WORDS[stacking]), "other": _(_MODE_WORDS[other])})
    totals = dict.fromkeys((names[p] for p in sheet.player_ids), 0)
    entries: list[dict[str, Any]] = []
    places: list[str] = []
    evening_rules = rules
    if mode is ImportMode.RESCORED:
        evening_rules = rescore_rules(rules, stacking,
                                      manual=any(g.manual_bock for g in sheet.games))
        said = {"mode": _(_MODE_WORDS[stacking]),
                "stacking": _(STACKING_LABEL[evening_rules.bock_stacking])}
        notes.append((_("Neu gewertet nach euren Regeln. Bockzettel gibt auf diesem Bogen "
                        "%(mode)s: hier heißt das bei mehreren Bockrunden „%(stacking)s“, "
                        "höchstens ×4.") if stacking is StackingMode.DOPPELBOCK
                      else _("Neu gewertet nach euren Regeln. Bockzettel gibt auf diesem Bogen "
                             "%(mode)s: hier heißt das bei mehreren Bockrunden „%(stacking)s“."))
                     % said)
    dropped: dict[str, int] = {}
    for game, level in zip(sheet.games, levels):
        for name, value in bockzettel_points(game, level).items():
            totals[names[name]] += value
        places.append(game.place.removeprefix(sheet.place + ", "))
        if mode is ImportMode.RECORDED:
            entries.append(_recorded(game, level, names, five))
            continue
        facts, warning = _rescored(game, level, names, evening_rules, five, dropped)
        entries.append(facts)
        if warning:
            notes.append(warning)
    if dropped:
        listed = ", ".join(f"{label} ({count}×)" for label, count in dropped.items())
        notes.append(_("Eure Regeln zählen diese Sonderpunkte nicht; sie sind weggelassen: "
                       "%(extras)s.") % {"extras": listed})
    first = sheet.games[0].played_at if sheet.games else sheet.created_at
    return PlannedEvening(
        place=sheet.place, title=sheet.title, date=local_date(first), rules=evening_rules,
        seats=tuple(names[p] for p in sheet.player_ids),
        # with five players the dealer sits out, and Bockzettel sits the first player out first
        first_dealer=names[sheet.player_ids[0]] if five else None,
        entries=tuple(entries), source_totals=totals, entry_places=tuple(places),
        notes=tuple(notes))


def _seasons(groups: list[dict[str, Any]], sheets: list[Sheet],
             evenings: list[PlannedEvening]) -> tuple[tuple[Season, ...], list[str]]:
    """Groups of type season become seasons starting at their first evening."""
    dates = {sheet.place: evening.date for sheet in sheets for evening in evenings
             if evening.place == sheet.place}
    seasons: list[Season] = []
    members: dict[Any, str] = {}
    warnings: list[str] = []
    for k, group in enumerate(groups, start=1):
        place = _("Gruppe %(number)s") % {"number": k}
        gid = _text(group, "id", place)
        name = _text(group, "name", place).strip() or _("Saison %(number)s") % {"number": k}
        kind = _text(group, "type", place)
        parse_instant(group.get("createdAt"), place, "createdAt")
        parse_instant(group.get("updatedAt"), place, "updatedAt")
        member_dates = [d for s in sheets if s.group_id == gid
                        for d in [dates.get(s.place)] if d is not None]
        if kind == "tournament":
            warnings.append(_("Das Turnier %(name)s wird nicht als Saison übernommen; seine "
                              "Abende kommen einzeln.") % {"name": quoted(name)})
            continue
        if not member_dates:
            warnings.append(_("Die Saison %(name)s hat keine Abende und wird nicht übernommen.")
                            % {"name": quoted(name)})
            continue
        start = min(member_dates)
        if any(s.start == start for s in seasons):
            warnings.append(_("Die Saison %(name)s begänne am selben Tag wie eine andere und "
                              "wird nicht übernommen.") % {"name": quoted(name)})
            continue
        seasons.append(Season(name[:40].strip(), start))
        members[start] = gid
    seasons.sort(key=lambda s: s.start)
    for k, season in enumerate(seasons):
        end = seasons[k + 1].start if k + 1 < len(seasons) else None
        strangers = [s.place for s in sheets for d in [dates.get(s.place)]
                     if d is not None and d >= season.start and (end is None or d < end)
                     and s.group_id != members[season.start]]
        if strangers:
            # Here a season is its dates (RULES.md §11.1): Bockzettel's is its sheets.
            warnings.append(_("Die Saison %(name)s gilt hier ab ihrem ersten Abend bis zur "
                              "nächsten Saison und umfasst so auch %(sheets)s, in Bockzettel "
                              "nicht in dieser Saison: deren Punkte zählen hier mit.")
                            % {"name": quoted(season.name), "sheets": ", ".join(strangers)})
    return tuple(seasons), warnings


def _is_bockzettel(value: Any) -> bool:
    return isinstance(value, dict) and value.get("app") == APP_TAG


FORMAT = FileFormat(SourceFormat.BOCKZETTEL, Content.JSON, _is_bockzettel, read_bockzettel,
                    rescorable=True)
"""A JSON object whose ``app`` is Bockzettel's, whatever its version (refused by name)."""


__all__ = [
    "APP_TAG",
    "FLAGS",
    "FORMAT",
    "FORMAT_VERSION",
    "StackingMode",
    "bock_levels",
    "bockzettel_points",
    "read_bockzettel",
    "rescore_rules",
]
