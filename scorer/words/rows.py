"""The row model: one entry of an evening's sheet, as everything that shows it reads it.

The evening page (``scorer.web.evening.sheet_rows``), an opened row and the delete
confirmation, the entry form's live preview, the printed sheet (``scorer.printed.evening``) and
the CSV (``scorer.printed.tables``) read the fields of the same row, and none of them takes
words apart: where a reader needs parts put together ("Pflichtsolo (Kreuz-Solo) · Ben",
"Kontra gewinnt · gewonnen +1"), the row has the parts and the pattern is a function of them
in ``scorer.words.labels``, worded once.

A game's row (``RowWords``) is made when asked for and works out each of its words the first
time it is read. The evening page shows only a row's number, marker, Bock factor, value and
points: every sentence of every row of a long evening cost more than the rest of the page
(``scorer.web.evening.sheet_rows``), so those few are all a row's page view pays for. The
sentences that depend on the games around a game (who still owed a Pflichtsolo, solos in a
row, whether the same dealer really deals again) come from one walk through the evening,
made when the first of them is read.

Pure: imports only the standard library, the core and the words.

ddv, 4 planned games, four open Pflichtsoli: every game is forced. Ben is forced first and
plays a normal game instead; Cem is forced next and plays the Pflichtsolo.

>>> from scorer.core.evening import evening
>>> ledger = evening({"rules": "ddv", "seats": ["Anna", "Ben", "Cem", "Dora"],
...     "planned_games": 4, "games": [{"re": ["Anna", "Ben"], "re_eyes": 130},
...     {"kind": "solo", "solo": "damen", "re": ["Cem"], "re_eyes": 130}]})
>>> first, second = sheet_words(ledger)
>>> first.kind, first.notes
('Normalspiel', ('Ben war mit dem Pflichtsolo dran, gespielt wurde ein Normalspiel: Bens Pflichtsolo bleibt offen.',))
>>> second.marker, second.kind_text, second.winner
('P', 'Pflichtsolo (Damensolo)', 'Cem gewinnt')
>>> second.notes
('Cem war mit dem Pflichtsolo dran und hat es gespielt.', 'Das vorgeführte Pflichtsolo zählt als geplantes Spiel: der Geber wechselt.')
>>> second.kind, second.solo, second.who, second.head
('Pflichtsolo', 'Damensolo', 'Cem', 'Pflichtsolo (Damensolo) · Cem')
>>> second.result
'Cem gewinnt · gewonnen +1 · Solist zählt dreifach'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cached_property
from typing import NamedTuple

from scorer.core.evening import Ledger, LedgerGame, TableChange
from scorer.core.rules import GameKind, HouseRules
from scorer.core.scoring import trickless_party
from scorer.words.breakdown import line_text
from scorer.words.explain import pflicht_decision
from scorer.words.i18n import language
from scorer.words.labels import (
    PARTY_NAMES,
    announced_text,
    bock_factor,
    bock_reasons,
    breakdown_parts,
    breakdown_text,
    called_parts,
    called_words,
    dealer_sentence,
    detail_text,
    extras_text,
    forced_bock_sentence,
    forced_sentence,
    game_text,
    hammelrennen_kind,
    kind_head,
    kind_headline,
    kind_note,
    kind_who,
    kind_word,
    marker,
    note_sentence,
    parties_text,
    played_off_rotation,
    recorded_bock_sentence,
    result_text,
    rotation_sentence,
    said_text,
    says_pflicht_or_lust,
    solo_label,
    winner_first,
    winner_text,
)
from scorer.words.table_text import change_cell, change_lead, change_texts, seated_text

PLAYS = "play"
"""A player's cell in a game the player played."""
SITS_OUT = "out"
"""A player's cell in a game the player sat out at the table ("aus")."""
AWAY = "away"
"""A player's cell in a game the player was not at the table for (came later, or gone)."""

Cell = tuple[str, int, int]
"""A player's cell of a game: (PLAYS, SITS_OUT or AWAY, the game's points, the total after
it; 0 points away from the table, and a total of 0 for a player the evening never had).
Plain tuples: a view made of them is hashable, and a long evening has many."""

_NO_VALUE = (GameKind.REDEAL, GameKind.RECORDED)
"""A redeal has no value, nor has a recorded game: its points were written as they are."""


class RowWords:
    """One game's row: its numbers and its words, each worked out when first read.

    The few fields the evening page shows are set when the row is made (in slots: a long
    evening's page makes a thousand rows at once); every other field is worked out on first
    reading and kept (``functools.cached_property``). Read only: a row is shared by every
    request that reads its evening's fold.
    """

    __slots__ = (
        "__dict__",
        "_course",
        "_game",
        "_rules",
        "bock",
        "dealer",
        "marker",
        "number",
        "off_rotation",
        "value",
    )

    def __init__(self, game: LedgerGame, rules: HouseRules, course: _Course) -> None:
        self._game = game
        self._rules = rules
        self._course = course
        self.number: int = game.number
        """The game's number."""
        self.dealer: str = game.dealer
        """Who dealt."""
        self.marker: str = marker(game)
        """The kind column: "P", "S", "H", "NG" …; "" for a normal game."""
        self.bock: int = bock_factor(game)
        """The Bock factor the row shows (bock_factor: 1 for a redeal)."""
        self.off_rotation: bool = played_off_rotation(game)
        """Other players played than the rotation named (OFF_ROTATION)."""
        self.value: int | None = None if game.facts.kind in _NO_VALUE else game.score.value
        """The game's value before Bock; None for a redeal and a recorded game, which have
        none to show."""

    @property
    def game_kind(self) -> GameKind:
        """The kind of game, as the core knows it."""
        return self._game.facts.kind

    @property
    def bock_as_written(self) -> bool:
        """Points entered on a Bock game (RULES.md §10.1): the Bock game is used up, the
        points are not multiplied; the closed row says so (issue 37)."""
        return self.game_kind is GameKind.RECORDED and self.bock > 1

    @property
    def pflicht(self) -> bool:
        """A Pflichtsolo."""
        return self._game.pflicht

    @property
    def redeal(self) -> bool:
        """Dealt again: no points."""
        return self._game.facts.kind is GameKind.REDEAL

    def cells(self, players: Sequence[str]) -> tuple[Cell, ...]:
        """Per player of ``players`` (the sheet's columns): PLAYS, SITS_OUT or AWAY, with
        the game's points and the total after it."""
        game = self._game
        playing, seated, points, totals = game.players, game.seats, game.points, game.totals
        # A player of another evening (a Runde's CSV) is in neither.
        return tuple((PLAYS, points[p], totals[p]) if p in playing
                     else (SITS_OUT, points[p], totals[p]) if p in seated
                     else (AWAY, 0, totals.get(p, 0)) for p in players)

    # ------------------------------------------------------------------ the kind

    @cached_property
    def kind(self) -> str:
        """The kind in a word: "Pflichtsolo", "Lustsolo", "Solo", "Normalspiel", "neu
        gegeben"."""
        return kind_word(self._game, self._rules)

    @cached_property
    def solo(self) -> str:
        """Which solo: "Damensolo"; "" for any other game."""
        return solo_label(self._game)

    @cached_property
    def who(self) -> str:
        """Who the kind names: the soloist, who married alone, the Hammelrennen's winner;
        "" for the others."""
        return kind_who(self._game)

    @cached_property
    def pflicht_or_lust(self) -> bool:
        """The kind word says how a solo counts ("Pflichtsolo", "Lustsolo"), so the solo's
        label is said beside it."""
        return says_pflicht_or_lust(self._game, self._rules)

    @cached_property
    def detail(self) -> str:
        """Which solo and who played it alone: "Damensolo · Ben", "Ben", or ""."""
        return detail_text(self.solo, self.who)

    @cached_property
    def kind_text(self) -> str:
        """The kind as the row's headline says it: "Pflichtsolo (Damensolo)",
        "Normalspiel"."""
        return kind_headline(self.kind, self.solo)

    @cached_property
    def head(self) -> str:
        """The kind and who, once each, as the printed row's bold head: "Damensolo · Dora",
        "Pflichtsolo (Kreuz-Solo) · Ben", "Stille Hochzeit · Cem"."""
        return kind_head(self.kind, self.solo, self.who, self.pflicht_or_lust)

    @cached_property
    def kind_column(self) -> str:
        """The kind as the CSV's "Spielart" says it: the headline, and a Hammelrennen's
        Augen beside it."""
        if self.game_kind is GameKind.HAMMELRENNEN:
            return hammelrennen_kind(self.kind_text, self.parties)
        return self.kind_text

    # ------------------------------------------------------------------ the result

    @cached_property
    def winner(self) -> str:
        """"Re gewinnt", "Ben gewinnt", "niemand gewinnt", or "keine Punkte" after a
        redeal."""
        return winner_text(self._game)

    @cached_property
    def lines(self) -> tuple[str, ...]:
        """The core's lines one by one, as it gave them: "gewonnen +1", "Re ×2"."""
        return tuple(line_text(line) for line in self._game.score.lines)

    @cached_property
    def kind_note(self) -> str:
        """What the kind's own rule decided, where the breakdown opens with it: "Anna hat
        mehr als 120 Augen" (a Hammelrennen); else ""."""
        return kind_note(self._game)

    @cached_property
    def breakdown_parts(self) -> tuple[str, ...]:
        """The breakdown after the kind's note, part by part: the core's lines, or grouped
        by party ("Re: gewonnen +1", "Kontra: Fuchs gefangen +1"); none for a redeal."""
        return breakdown_parts(self._game)

    @cached_property
    def breakdown(self) -> str:
        """The whole breakdown: "gewonnen +1 · keine 90 +1"; "" for a redeal."""
        return breakdown_text(self.kind, self.kind_note, self.breakdown_parts)

    @cached_property
    def winner_first(self) -> bool:
        """A party won and the breakdown names no party: said after a head, the winner
        comes first."""
        return winner_first(self._game)

    @cached_property
    def bock_reasons(self) -> str:
        """"löst Bock aus: 120:120" when the game starts a Bock round, else ""."""
        return bock_reasons(self._game)

    @cached_property
    def result(self) -> str:
        """The result after a head that names the kind, as the printed row says it: "Kontra
        gewinnt · gewonnen +1 · Solist zählt dreifach · löst Bock aus: verlorenes Solo"."""
        return result_text(self.winner, self.kind_note, self.breakdown_parts,
                           self.winner_first, self.bock_reasons)

    # ------------------------------------------------------------------ who and what was said

    @cached_property
    def _called(self) -> tuple[str, str]:
        facts = self._game.facts
        return called_parts(facts.kind, facts.re, facts.caller)

    @property
    def caller(self) -> str:
        """Who called the Hochzeit or had the Armut, where the table said so; else ""."""
        return self._called[0]

    @property
    def partner(self) -> str:
        """Who joined them: the Hochzeit's partner, who took the Armut; else ""."""
        return self._called[1]

    @cached_property
    def called(self) -> str:
        """Who called and who joined: "Armut: Anna, mitgenommen von Ben"; else ""."""
        return called_words(self.game_kind, self.caller, self.partner)

    @cached_property
    def called_short(self) -> str:
        """The same after a head that names the kind: "Anna, mitgenommen von Ben"."""
        return called_words(self.game_kind, self.caller, self.partner, kind_said=False)

    @cached_property
    def parties(self) -> str:
        """Who played Re and Kontra with their Augen, and the schwarz answer where 0 Augen
        leave it open (parties_text); each player's Augen in a Hammelrennen."""
        return parties_text(self._game, self._rules)

    @cached_property
    def announced(self) -> str:
        """What was said, in words: "Re keine 90, Kontra" (announced_text)."""
        return announced_text(self._game.facts)

    @cached_property
    def said(self) -> str:
        """The same as a row says it: "angesagt: Re keine 90, Kontra"; else ""."""
        return said_text(self.announced)

    @cached_property
    def about(self) -> str:
        """Who called, who played with how many Augen and what was said, after a head that
        names the kind: what a table looks up when it argues about a game."""
        return game_text(self.called_short, self.parties, self.said)

    @cached_property
    def extras(self) -> str:
        """Sonderpunkte as entered: "Re: Fuchs gefangen · Kontra: Karlchen" (extras_text)."""
        return extras_text(self._game.facts)

    @cached_property
    def _sides(self) -> tuple[tuple[str, ...], tuple[str, ...], int | None]:
        facts = self._game.facts
        if not facts.re or facts.re_eyes is None:
            return (), (), None
        return facts.re, tuple(p for p in facts.players if p not in facts.re), facts.re_eyes

    @property
    def re(self) -> tuple[str, ...]:
        """Who played Re, in a game of two parties with Augen; else ()."""
        return self._sides[0]

    @property
    def kontra(self) -> tuple[str, ...]:
        """Who played Kontra, likewise."""
        return self._sides[1]

    @property
    def re_eyes(self) -> int | None:
        """Re's Augen; None without parties."""
        return self._sides[2]

    @property
    def kontra_eyes(self) -> int | None:
        """Kontra's Augen; None without parties."""
        eyes = self._sides[2]
        return None if eyes is None else 240 - eyes

    @cached_property
    def trickless(self) -> str:
        """The party that took no trick: "Re", "Kontra", or ""."""
        party = trickless_party(self._game.facts, self._rules)
        return PARTY_NAMES[party] if party is not None else ""

    # ------------------------------------------------------------------ the sentences

    @cached_property
    def forced_missed(self) -> bool:
        """A forced game in which something else than the forced player's Pflichtsolo was
        played (a redeal only postpones it and is not counted)."""
        game = self._game
        forced = game.forced_soloist
        return (forced is not None and not self.redeal
                and not (game.pflicht and game.facts.re[:1] == (forced,)))

    @cached_property
    def _first(self) -> str | None:
        """The forced Pflichtsolo's sentence, or how a solo's Pflicht/Lust question was
        decided for a soloist who still owed one."""
        game = self._game
        facts = game.facts
        first = forced_sentence(game)
        if (first is None and facts.kind is GameKind.SOLO and self._rules.pflichtsolo
                and self._course.step(self.number).owed):
            first = pflicht_decision(self._rules, facts.re[0], facts.pflicht, owes=True,
                                     forced=game.forced_soloist)
        return first

    @cached_property
    def notes(self) -> tuple[str, ...]:
        """One sentence each: the forced Pflichtsolo or the Pflicht/Lust decision, the
        dealer, the players, the game's note ("Notiz: …"; a recorded game's is its
        breakdown)."""
        game = self._game
        step = self._course.step(self.number)
        recorded = self.game_kind is GameKind.RECORDED
        return _present((
            self._first, forced_bock_sentence(game),
            recorded_bock_sentence(self.bock) if recorded and self.bock > 1 else None,
            dealer_sentence(game, self._rules, step.in_a_row, step.deals_again),
            rotation_sentence(game),
            # A recorded game's note is its breakdown already (RULES.md §10.1); any other
            # game's note (an imported game's "Augen gewählt: …") is one of its sentences.
            None if recorded else note_sentence(game.facts.note)))

    @cached_property
    def warnings(self) -> tuple[str, ...]:
        """The notes that say the game differs from what the sheet expected: the forced
        Pflichtsolo was not played, other players played (what the entry form warns of)."""
        game = self._game
        return _present((forced_sentence(game) if self.forced_missed else None,
                         rotation_sentence(game)))

    @cached_property
    def hints(self) -> tuple[str, ...]:
        """Every sentence of the row beside its breakdown: who called, why Bock, the notes
        (the CSV's "Hinweise")."""
        return _present((self.called, self.bock_reasons, *self.notes))


class ChangeWords(NamedTuple):
    """One table change's row: who came and went and who deals, worded once for the page,
    the PDF and the CSV."""

    after: int
    """The number of the game before it."""
    dealer: str
    """Who deals the next game."""
    seats: tuple[str, ...]
    """The table after it, in seat order."""
    text: str
    """"Fritz kommt dazu · Dora geht (Pflichtsolo offen, entfällt) · gibt: Ben"."""
    lead: str
    """What the row is, before its text: "Tischwechsel nach Spiel 3: "."""
    cell: str
    """As the CSV's "Spielart": "Tischwechsel: Fritz kommt dazu · gibt: Ben"."""
    seated: str
    """"Am Tisch ab Spiel 4: Anna, Ben, Cem, Fritz"."""

    @property
    def line(self) -> str:
        """The whole row in one line, as the PDF prints it: the lead, then the text."""
        return self.lead + self.text


class _Step(NamedTuple):
    """Where a game stands in the evening's run, as its sentences need it."""

    owed: bool
    """A solo whose soloist still owed a Pflichtsolo (seated, none played before)."""
    in_a_row: int
    """Announced solos in a row after which this dealer stayed, this game included."""
    deals_again: bool
    """The same dealer really deals the next game (a table change may seat another)."""


class _Course:
    """The evening's run of games, walked once when the first sentence needs it."""

    def __init__(self, ledger: Ledger) -> None:
        self._ledger = ledger
        self._steps: tuple[_Step, ...] | None = None

    def step(self, number: int) -> _Step:
        steps = self._steps
        if steps is None:
            steps = self._steps = self._walk()
        return steps[number - 1]

    def _walk(self) -> tuple[_Step, ...]:
        ledger = self._ledger
        done: set[str] = set()
        """Who has played a Pflichtsolo so far: they owe none any more (RULES.md §7)."""
        in_a_row = 0
        previous: LedgerGame | None = None
        out = []
        games = ledger.games
        next_dealers = [g.dealer for g in games[1:]] + [ledger.next.dealer]
        for game, next_dealer in zip(games, next_dealers):
            # The stay_until_third row goes on only while the same dealer deals again.
            if previous is None or not previous.dealer_stays or previous.dealer != game.dealer:
                in_a_row = 0
            solo = game.facts.kind is GameKind.SOLO
            if solo and game.dealer_stays:
                in_a_row += 1
            soloist = game.facts.re[0] if solo else ""
            out.append(_Step(owed=solo and soloist in game.seats and soloist not in done,
                             in_a_row=in_a_row,
                             deals_again=game.dealer_stays and next_dealer == game.dealer))
            if game.pflicht:
                done.add(game.facts.re[0])
            previous = game
        return tuple(out)


class SheetWords:
    """Every row of an evening's sheet, each made when first asked for and then kept, per
    language: the fold that keeps these words serves readers of every language, and a row's
    words are worked out in the language spoken when they are first read.

    ``words[number]`` (or ``game(number)``) is a game's row; ``entries()`` are all rows,
    games and table changes, in sheet order.
    """

    def __init__(self, ledger: Ledger) -> None:
        self._ledger = ledger
        self._rules = ledger.setup.rules
        self._course = _Course(ledger)
        self._games: dict[tuple[str, int], RowWords] = {}
        self._changes: dict[str, tuple[ChangeWords, ...]] = {}

    def game(self, number: int) -> RowWords:
        """Game ``number``'s row (from 1), in the language spoken now."""
        key = (language(), number)
        row = self._games.get(key)
        if row is None:
            row = RowWords(self._ledger.games[number - 1], self._rules, self._course)
            self._games[key] = row
        return row

    def __getitem__(self, number: int) -> RowWords:
        return self.game(number)

    def games(self) -> tuple[RowWords, ...]:
        """Every game's row, in order."""
        return tuple(self.game(n) for n in range(1, len(self._ledger.games) + 1))

    def changes(self) -> tuple[ChangeWords, ...]:
        """Every table change's row, in order, in the language spoken now."""
        spoken = language()
        changes = self._changes.get(spoken)
        if changes is None:
            changes = self._changes[spoken] = change_words(self._ledger)
        return changes

    def entries(self) -> tuple[RowWords | ChangeWords, ...]:
        """Games and table changes, in sheet order."""
        changes = iter(self.changes())
        return tuple(next(changes) if isinstance(e, TableChange) else self.game(e.number)
                     for e in self._ledger.entries)


def sheet_words(ledger: Ledger) -> tuple[RowWords, ...]:
    """The row of every game of the evening, in order."""
    return SheetWords(ledger).games()


def change_words(ledger: Ledger) -> tuple[ChangeWords, ...]:
    """The row of every table change of ``ledger``, in order."""
    return tuple(
        ChangeWords(after=change.after, dealer=change.dealer, seats=tuple(change.seats),
                    text=text, lead=change_lead(change.after), cell=change_cell(text),
                    seated=seated_text(change.after, change.seats))
        for change, text in zip(ledger.table_changes, change_texts(ledger)))


def _present(sentences: Iterable[str | None]) -> tuple[str, ...]:
    return tuple(s for s in sentences if s)


__all__ = [
    "AWAY",
    "PLAYS",
    "SITS_OUT",
    "Cell",
    "ChangeWords",
    "RowWords",
    "SheetWords",
    "change_words",
    "sheet_words",
]
