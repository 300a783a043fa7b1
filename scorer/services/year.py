"""The Runde's year as its pages read it (RULES.md §11): its seasons with their rankings,
figures and records, and its Kasse; everything computed from the evenings' ledgers through
the core, kept between requests.

What is kept, and under what (scorer.store.fold_cache in a worker's memory, and the same
under the same keys in files for the workers that have not kept it yet,
scorer.store.kept_files):
- per evening, an ``EveningDigest``: the little the year needs of its ledger (totals, games
  per player, the payments into the Kasse; packed, the Statistik's figures, the records'
  extract and the rating's games), under the evening's fold key and the columns it reads
  (date, closed, money);
- per Runde, the ``Year`` built from the digests, under the year's key: the versions and
  times of the last write of all its evenings and of the Runde, its players (names, when
  they joined and retired), its settings in time with the ``runde_years`` version, which
  every change to the settings, the seasons and the Kasse raises, and today's date;
- on disk also, per season of a kept Year, what its pages add up over its evenings (the
  Bestenliste, the Statistik's figures, the ratings, the charts in each language), under
  the year's key (``Keeping``): in memory they are the Year's own.
A kept Year is found with four small queries (the Runde, its players, the evenings' keys,
the year's row), whatever the number of evenings; a page of 500 evenings draws from it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, TypeVar

import sqlalchemy as sa
from flask import has_app_context
from sqlalchemy import select

from scorer.core.dated import FROM_THE_START, Dated, in_force
from scorer.core.evening import collector_paused
from scorer.core.kasse import (
    AbsentPays,
    AbsentRule,
    Charge,
    Entry,
    Item,
    ItemKey,
    ItemKind,
    KasseState,
    MemberReport,
    evening_charges,
    item_charge,
    kasse_state,
    season_report,
    with_fee,
)
from scorer.core.records import Bestenliste, EveningRecords, bestenliste, evening_records
from scorer.core.seasons import (
    EARLIER,
    EveningResult,
    Method,
    RankingRule,
    Season,
    Standing,
    rank_under,
    ranks_after_each,
    season_of,
    season_rule,
)
from scorer.core.settlement import SettlementMode
from scorer.core.stats import RundeStats, combined, counts, evening_stats
from scorer.services.evenings import settlement
from scorer.services.folds import FoldKey, fold_key, instant, sheets
from scorer.services.rating import Match, Rating, rate_evenings
from scorer.store import fold_cache, kept_files
from scorer.store.extensions import db
from scorer.store.kept_files import Packed
from scorer.store.models import AbsentRule as AbsentRuleRow
from scorer.store.models import (
    Evening,
    Group,
    KasseEntry,
    KasseItem,
    KasseMark,
    Player,
    RundeYear,
)
from scorer.store.models import RankingRule as RankingRuleRow
from scorer.store.models import Season as SeasonRow
from scorer.words import formats
from scorer.words.charts import ranking_chart, season_chart
from scorer.words.i18n import language, per_language
from scorer.words.year import ALL_EVENINGS, all_evenings

T = TypeVar("T")

ALL = "alle"
"""The URL key of all evenings, over every season."""
BEFORE = "davor"
"""The URL key of the range before a Runde's first own season."""

PAYMENT = "payment"
"""The kind of a KasseItem that is money handed in, not a charge."""

KASSE_MODES = frozenset({SettlementMode.PAY_LEADER.value, SettlementMode.PAY_LOSSES.value})
"""The ways of settling that pay into the Kasse (RULES.md §11.2)."""


@dataclass(frozen=True)
class Settings:
    """How the Runde ranks a season and what absent members pay, as in force on one day
    (RULES.md §11.4): the settings page's current values, a season's rule."""

    method: Method = Method.POINTS
    min_games: int = 0
    absent_table_points: int = 0
    absent_pays: AbsentPays = AbsentPays.NOTHING
    absent_fixed_cents: int = 0
    version: int = 0
    """0: the Runde has no row yet (the defaults)."""
    rating: bool = False
    """The Statistik shows the players' ratings (services.rating)."""
    fee_cents: int = 0
    """A fixed fee per closed evening into the Kasse (issue 38), 0: none."""
    fee_everyone: bool = False
    """The fee is charged to every member, not only to those at the table."""
    fines: tuple[tuple[str, int], ...] = ()
    """The Runde's fines: text and cents."""

    @property
    def ranking_rule(self) -> RankingRule:
        """The §11.1 part, as the core reads it."""
        return RankingRule(self.method, self.min_games, self.absent_table_points)


@dataclass(frozen=True)
class Rules:
    """The Runde's settings in time (RULES.md §11.4), each from the day it applies on; the
    first from the beginning (``FROM_THE_START``)."""

    ranking: tuple[Dated[RankingRule], ...] = (Dated(FROM_THE_START, RankingRule()),)
    absent: tuple[Dated[AbsentRule], ...] = (Dated(FROM_THE_START, AbsentRule()),)
    version: int = 0
    """The ``runde_years`` version (0: no row yet)."""
    extras: Settings = field(default_factory=Settings)
    """What is not dated: the rating's opt-in, the Kasse's fee and fines (``runde_years``)."""

    def absent_on(self, date: dt.date) -> AbsentRule:
        """What an absent member pays for an evening of ``date``."""
        return in_force(self.absent, date)

    def ranking_of(self, season: Season) -> RankingRule:
        """How ``season`` is ranked: the rule in force on its start date."""
        return season_rule(self.ranking, season)

    def on(self, date: dt.date) -> Settings:
        """Both settings as in force on ``date``."""
        ranking, absent = in_force(self.ranking, date), self.absent_on(date)
        return replace(self.extras, method=ranking.method, min_games=ranking.min_games,
                       absent_table_points=ranking.absent_table_points,
                       absent_pays=absent.absent_pays,
                       absent_fixed_cents=absent.absent_fixed_cents, version=self.version)


def year_rules(group: Group) -> Rules:
    """The Runde's settings in time: its ``ranking_rules`` and ``absent_rules``; where it
    has none (a Runde restored from a backup written before them), the one setting of its
    ``runde_years`` row applies from the beginning, and without that row the defaults. One
    query (every page of the year reads them)."""
    ranking: list[Dated[RankingRule]] = []
    absent: list[Dated[AbsentRule]] = []
    base: Rules | None = None
    for (kind, day, method, games, points, pays, cents, version, rating, fee, fee_for,
         fines) in db.session.execute(_RULES_QUERY, {"group": group.id}):
        if kind == 0:
            extras = Settings(rating=bool(rating), fee_cents=fee or 0,
                              fee_everyone=fee_for == "members", fines=fines_of(fines or ""))
            base = Rules((Dated(FROM_THE_START, RankingRule(Method(method), games, points)),),
                         (Dated(FROM_THE_START, AbsentRule(AbsentPays(pays), cents)),), version,
                         extras)
        elif kind == 1:
            ranking.append(Dated(day, RankingRule(Method(method), games, points)))
        else:
            absent.append(Dated(day, AbsentRule(AbsentPays(pays), cents)))
    base = base or Rules()
    return Rules(tuple(sorted(ranking, key=_start)) or base.ranking,
                 tuple(sorted(absent, key=_start)) or base.absent, base.version, base.extras)


def _start(dated: Dated[Any]) -> dt.date:
    return dated.start


def _rules_query() -> Any:
    group: Any = sa.bindparam("group")
    ranking = RankingRuleRow.__table__.c
    absent = AbsentRuleRow.__table__.c
    year = RundeYear.__table__.c

    def none(kind: Any) -> Any:
        return sa.cast(sa.null(), kind)

    def extras() -> tuple[Any, ...]:
        return (none(sa.Boolean), none(sa.Integer), none(sa.String(16)), none(sa.Text))

    return sa.union_all(
        select(sa.literal_column("1", sa.Integer), ranking.valid_from, ranking.season_ranking,
               ranking.season_min_games, ranking.absent_table_points,
               none(sa.String(16)), none(sa.Integer), none(sa.Integer), *extras())
        .where(ranking.group_id == group),
        select(sa.literal_column("2", sa.Integer), absent.valid_from, none(sa.String(16)),
               none(sa.Integer), none(sa.Integer), absent.absent_pays,
               absent.absent_fixed_cents, none(sa.Integer), *extras())
        .where(absent.group_id == group),
        select(sa.literal_column("0", sa.Integer), none(sa.Date), year.season_ranking,
               year.season_min_games, year.absent_table_points, year.absent_pays,
               year.absent_fixed_cents, year.version, year.rating, year.kasse_fee_cents,
               year.kasse_fee_for, year.kasse_fines)
        .where(year.group_id == group))


_RULES_QUERY = _rules_query()


def settings_of(group: Group, today: dt.date | None = None) -> Settings:
    """The Runde's settings in force today."""
    return year_rules(group).on(today or dt.date.today())


def fines_of(text: str) -> tuple[tuple[str, int], ...]:
    """The Runde's fines as stored: one a line, text and cents apart by a tab."""
    out = []
    for line in text.splitlines():
        name, _, cents = line.rpartition("\t")
        if name and cents.isdigit():
            out.append((name, int(cents)))
    return tuple(out)


def own_seasons(group: Group) -> list[SeasonRow]:
    """The Runde's own seasons, by start date (none: calendar years)."""
    return list(db.session.scalars(select(SeasonRow).where(SeasonRow.group_id == group.id)
                                   .order_by(SeasonRow.start)))


def season_key(season: Season) -> str:
    """How a URL names a season: its start date, "davor" for the range before the first."""
    return BEFORE if season.name == EARLIER and season.start == dt.date.min \
        else season.start.isoformat()


# ------------------------------------------------------------------ one evening


@dataclass(frozen=True)
class EveningDetails:
    """What only some pages of the year read of one evening."""

    stats: RundeStats
    records: EveningRecords
    matches: tuple[Match, ...] = ()


@dataclass(frozen=True)
class EveningDigest:
    """What the year needs of one evening, from its ledger and settlement."""

    id: int
    number: int
    date: dt.date
    closed: bool
    games: int
    """Games on the sheet (redeals too, as the sheet numbers them)."""
    redeals: int
    """How many of them were thrown in and dealt again."""
    totals: Mapping[str, int]
    """Every player of the evening, in the ledger's order."""
    played: Mapping[str, int]
    """Games each player played (sitting out, away and redeals not counted)."""
    payments: Mapping[str, int] | None
    """Cents each player pays into the Kasse, when the evening is settled into it."""
    money: bool
    """Played for money (a price per point), whichever way it settles."""
    details: Packed[EveningDetails]
    """The Statistik's figures, the records' extract and the rating's games: packed, read
    back from a file only when a page adds them up (most pages of a kept year do not)."""

    @property
    def stats(self) -> RundeStats:
        """The evening's Statistik figures."""
        return self.details.value.stats

    @property
    def records(self) -> EveningRecords:
        """What the Bestenliste needs of the evening."""
        return self.details.value.records

    @property
    def matches(self) -> tuple[Match, ...]:
        """Every game with parties as the rating reads it: Re, Kontra, the winning party."""
        return self.details.value.matches

    @property
    def counts(self) -> bool:
        """An evening counts for seasons, records and the Kasse once a game is on it (a
        started evening without games ranks nobody and charges nobody)."""
        return self.games > 0

    def standings(self) -> list[tuple[str, int]]:
        """Every player by total, best first (ties in the ledger's order)."""
        return sorted(self.totals.items(), key=lambda t: -t[1])


def _digest(evening: Evening, sheet: Any) -> EveningDigest:
    ledger = sheet.ledger
    money = settlement(evening, ledger.totals)
    played: dict[str, int] = {p: 0 for p in ledger.players}
    for game in ledger.games:
        if counts(game):
            for p in game.players:
                played[p] += 1
    payments = ({p.player: p.cents for p in money.payments}
                if money is not None and evening.settlement_mode in KASSE_MODES else None)
    return EveningDigest(
        id=evening.id, number=evening.number, date=evening.played_on,
        closed=evening.closed_at is not None, games=len(ledger.games),
        redeals=sum(not counts(game) for game in ledger.games),
        totals=dict(ledger.totals), played=played, payments=payments,
        money=money is not None, details=Packed(EveningDetails(
            evening_stats(ledger, money),
            evening_records(evening.number, evening.played_on, ledger), _matches(ledger))))


def _matches(ledger: Any) -> tuple[Match, ...]:
    found: list[Match] = []
    for game in ledger.games:
        if not counts(game) or not game.facts.kind.has_parties:
            continue
        re = tuple(p for p in game.players if p in game.facts.re)
        kontra = tuple(p for p in game.players if p not in game.facts.re)
        winner = {"re": 0, "kontra": 1}.get(game.score.winner)
        found.append((re, kontra, winner))
    return tuple(found)


def _digest_key(evening: Evening, key: FoldKey) -> tuple[Any, ...]:
    return (key, evening.played_on, evening.closed_at is not None, evening.tenth_cents_per_point,
            evening.settlement_mode, evening.settlement_rounding)


def _digests(evenings: Sequence[Evening]) -> list[EveningDigest]:
    """Every evening's digest: kept ones as they are (in this worker, else on disk), the
    others from their sheets (whose folds are kept or loaded together)."""
    kept = fold_cache.cache()
    on_disk = kept_files.files()
    usable = fold_cache.committed_only(db.session())
    found: list[EveningDigest | None] = [None] * len(evenings)
    keys = []
    group = evenings[0].group if evenings else None
    for k, evening in enumerate(evenings):
        # The fold key as services.sheets reads it, from the rows loaded before any entry.
        keys.append(_digest_key(evening, fold_key(evening, group)))
        if usable:
            found[k] = digest = kept.get(("year-evening", evening.id), keys[k])
            if digest is None and on_disk is not None:
                # A worker's first look: what another worker (or this one before a
                # restart) computed at this very key.
                found[k] = digest = on_disk.get(f"year-evening-{evening.id}", keys[k])
                if digest is not None:
                    kept.put(("year-evening", evening.id), keys[k], digest,
                             max(1, digest.games // 10))
    missing = [k for k, d in enumerate(found) if d is None]
    if missing:
        folded = sheets([evenings[k] for k in missing])
        with collector_paused():
            for k, sheet in zip(missing, folded):
                found[k] = digest = _digest(evenings[k], sheet)
                if usable and fold_cache.committed_only(db.session()):
                    kept.put(("year-evening", evenings[k].id), keys[k], digest,
                             max(1, digest.games // 10))
                    if on_disk is not None:
                        on_disk.put(f"year-evening-{evenings[k].id}", keys[k], digest)
    return [d for d in found if d is not None]


# ------------------------------------------------------------------ members


@dataclass(frozen=True)
class Member:
    """A player of the Runde, and when they belonged to it."""

    id: int
    name: str
    since: dt.date
    """Added on this day: the day the player was added, or the first evening they played
    if that was earlier (evenings entered afterwards, or brought over)."""
    retired: dt.date | None
    """Retired on this day, "Mitglied bis" (a member on it still, not after)."""
    guest: bool = False
    """A guest: plays, but is no member on any day (never charged or scored as absent)."""

    def on(self, date: dt.date) -> bool:
        """A member on ``date``: no guest, added on or before it, not retired before it
        (§11.1)."""
        return (not self.guest and self.since <= date
                and (self.retired is None or self.retired >= date))


def _local_date(moment: dt.datetime) -> dt.date:
    """A stored moment as the date the server's clock (and the new-evening form) says."""
    return instant(moment).astimezone().date()


def member_since(player: Player) -> dt.date:
    """The day ``player`` was added to the Runde (set_member_since can move it back); a
    player who played an earlier evening is a member from that evening on (``_members``)."""
    return _local_date(player.created_at)


def member_until(player: Player) -> dt.date | None:
    """The last day ``player`` is a member ("Mitglied bis"), None while not retired."""
    return None if player.retired_at is None else _local_date(player.retired_at)


def _members(players: Iterable[Player], digests: Sequence[EveningDigest]) -> tuple[Member, ...]:
    first: dict[str, dt.date] = {}
    for digest in digests:
        for name in digest.totals:
            if name not in first or digest.date < first[name]:
                first[name] = digest.date
    out = []
    for player in players:
        since = member_since(player)
        if player.name in first:
            since = min(since, first[player.name])
        out.append(Member(player.id, player.name, since, member_until(player),
                          player.guest))
    return tuple(out)


# ------------------------------------------------------------------ a season


@dataclass
class Keeping:
    """Where and under what key a kept year's seasons keep what they add up on disk: a
    worker that has the year kept (in memory, or read back from its file) reads a season's
    records or figures back instead of adding up every evening again. ``key`` is the year's
    key (``year_of``): all that the year was computed from."""

    group: int
    key: Hashable
    on: bool = True
    """Off once the year turned out not to be kept (what it read was not all committed)."""


@dataclass(frozen=True)
class SeasonView:
    """One season (or all evenings) of the Runde: its evenings and what is computed over
    them, each once (a kept Year is shared by every request: read only)."""

    season: Season
    key: str
    """How a URL names it (``season_key``; ``ALL`` for all evenings)."""
    evenings: tuple[EveningDigest, ...]
    """The season's evenings in the order they were played (date, then number), empty
    ones (no game yet) included."""
    settings: Settings
    """The season's settings: the ranking rule it is ranked under (that in force on its
    start date; for all evenings, today's), and what absent members paid on its first day
    (each evening's charges follow the rule of its own date, ``rules``)."""
    members: tuple[Member, ...]
    marks: Mapping[tuple[Any, str], int] = field(default_factory=dict)
    """What was marked paid, by (evening number or ItemKey, player name)."""
    items: tuple[Charge, ...] = ()
    """The Kasse items of the season's dates (fines, drinks …) as charges (issue 38)."""
    applied: Mapping[tuple[Any, str], int] = field(default_factory=dict)
    """What netting paid of a charge beyond its mark (KasseState.applied, over the year)."""
    rules: Rules = field(default_factory=Rules)
    """The Runde's settings in time: each evening is charged under its date's rule."""
    kept_as: Keeping | None = None
    """Under what what is added up over the season is kept on disk too (None: nothing)."""

    @property
    def name(self) -> str:
        """As the pages write it."""
        return all_evenings() if self.key == ALL else self.season.name

    @cached_property
    def counted(self) -> tuple[EveningDigest, ...]:
        """The evenings that count for the ranking, the records and the Kasse."""
        return tuple(e for e in self.evenings if e.counts)

    @cached_property
    def results(self) -> tuple[EveningResult, ...]:
        """The counted evenings as the ranking reads them (members included)."""
        return tuple(EveningResult(e.number, e.date, e.totals, e.played,
                                   frozenset(m.name for m in self.members if m.on(e.date)))
                     for e in self.counted)

    @cached_property
    def ranking(self) -> list[Standing]:
        """The season's ranking under the Runde's method (RULES.md §11.1)."""
        return rank_under(self.results, self.settings.ranking_rule)

    def _kept(self, what: str, compute: Callable[[], T]) -> T:
        """``compute()``, or what a worker kept of it on disk for this season of this year
        (``kept_as``); computed without the cyclic collector (nothing cyclic in it)."""
        keeping = self.kept_as
        on_disk = (kept_files.files() if keeping is not None and keeping.on
                   and has_app_context() else None)
        if keeping is None or on_disk is None:
            with collector_paused():
                return compute()
        name = f"year-{keeping.group}-{self.key}-{what}"
        found: T | None = on_disk.get(name, keeping.key)
        if found is not None:
            return found
        with collector_paused():
            value = compute()
        if keeping.on:
            on_disk.put(name, keeping.key, value)
        return value

    @per_language
    def ranking_chart(self) -> str:
        """Who led when: each player's place after every evening (SVG); "" before the
        second evening, when there is no "when" yet (a column of dots says nothing)."""
        if len(self.results) < 2:
            return ""

        def chart() -> str:
            s = self.settings
            after = ranks_after_each(self.results, s.method, min_games=s.min_games,
                                     absent_table_points=s.absent_table_points)
            return ranking_chart([(formats.day(r.date), places)
                                  for r, places in zip(self.results, after)])

        return self._kept(f"ranking_chart-{language()}", chart)

    @cached_property
    def stats(self) -> RundeStats:
        """The Statistik over the season's evenings (every evening, as it always counted)."""
        return self._kept("stats", lambda: combined(e.stats for e in self.evenings))

    @cached_property
    def ratings(self) -> dict[str, Rating]:
        """Every player's rating over the season's games, in the order they were played
        (computed when a page asks: only a Runde that opted in does)."""
        return self._kept("ratings", lambda: rate_evenings([e.matches for e in self.evenings]))

    @per_language
    def season_chart(self) -> str:
        """Everybody's sum of evening totals after each evening (SVG)."""
        return self._kept(f"season_chart-{language()}", lambda: season_chart(
            [(formats.day(e.date), e.totals) for e in self.evenings]))

    @cached_property
    def records(self) -> Bestenliste:
        """The Bestenliste over the season's evenings."""
        return self._kept("records", lambda: bestenliste(e.records for e in self.counted))

    @cached_property
    def charges(self) -> tuple[Charge, ...]:
        """What the season's closed evenings settled into the Kasse charge (§11.2), each
        under the rule in force on its date (§11.4)."""
        s = self.settings
        out: list[Charge] = []
        for e in self.counted:
            if not e.closed or (e.payments is None and not s.fee_cents):
                continue
            absent = [m.name for m in self.members if m.on(e.date) and m.name not in e.totals]
            rule = self.rules.absent_on(e.date)
            shares = [] if e.payments is None else evening_charges(
                e.number, e.date, e.payments, e.totals, absent, rule.absent_pays,
                rule.absent_fixed_cents)
            out += with_fee(shares, e.number, e.date, e.totals, absent, s.fee_cents,
                            s.fee_everyone)
        return tuple(out) + self.items

    @cached_property
    def report(self) -> list[MemberReport]:
        """Per member: evenings, points, charges and what was paid of them (§11.2), for
        every player of the season and every member with a charge in it."""
        names = [s.player for s in self.ranking]
        names += [c.player for c in self.charges if c.player not in names]
        names = list(dict.fromkeys(names))
        own = {(c.key, c.player) for c in self.charges}
        paid = {k: self.marks.get(k, 0) + self.applied.get(k, 0) for k in own}
        return season_report(self.charges, [e.totals for e in self.counted], names,
                             {k: v for k, v in paid.items() if v})

    def standing(self, player: str) -> Standing | None:
        """One player's line of the ranking."""
        return next((s for s in self.ranking if s.player == player), None)


# ------------------------------------------------------------------ the year


@dataclass(frozen=True)
class KasseLine:
    """A deposit or an expense as stored."""

    id: int
    entry: Entry


@dataclass(frozen=True)
class Year:
    """The Runde's year: its seasons (those with evenings, newest first), all its evenings
    together, and the Kasse."""

    settings: Settings
    """The settings in force today."""
    own_seasons: tuple[Season, ...]
    members: tuple[Member, ...]
    seasons: tuple[SeasonView, ...]
    everything: SeasonView
    entries: tuple[KasseLine, ...]
    """Deposits and expenses not deleted, newest first."""
    handed: Mapping[str, int] = field(default_factory=dict)
    """What each member handed in as an amount ("Anna gibt 20 €"), in cents."""
    payments: tuple[tuple[int, dt.date, str, int], ...] = ()
    """The payments handed in, newest first: id, date, player, cents."""
    rules: Rules = field(default_factory=Rules)
    """The settings in time (§11.4)."""

    def season(self, key: str | None, today: dt.date | None = None) -> SeasonView | None:
        """The season a URL names (None: unknown); without a key the current one: the
        season of today if it has evenings, else the newest that has."""
        if key == ALL:
            return self.everything
        if key:
            return next((s for s in self.seasons if s.key == key), None)
        if not self.seasons:
            return None
        current = season_key(season_of(today or dt.date.today(), self.own_seasons))
        return next((s for s in self.seasons if s.key == current), self.seasons[0])

    @cached_property
    def kasse(self) -> KasseState:
        """The balance and what is owed, over every evening (§11.2)."""
        return kasse_state(self.everything.charges, self.everything.marks,
                           [line.entry for line in self.entries], self.handed)

    def member(self, player_id: int) -> Member | None:
        """A player of the Runde by id."""
        return next((m for m in self.members if m.id == player_id), None)


def year_of(group: Group) -> Year:
    """The Runde's year as the database holds it now: kept while nothing it reads changed."""
    rules = year_rules(group)
    today = dt.date.today()
    players = list(group.players)
    rows = db.session.execute(
        select(Evening.id, Evening.version, Evening.updated_at)
        .where(Evening.group_id == group.id).order_by(Evening.id)).all()
    # The evenings' rows as the database gives them back (the same way every time: no
    # need to make their times comparable across databases, as a fold key does).
    key = (tuple(map(tuple, rows)), group.version, group.updated_at, rules, today,
           tuple((p.id, p.name, p.created_at, p.retired_at, p.guest) for p in players))
    session = db.session()
    if not fold_cache.committed_only(session):
        return _year(group, rules, players, today)
    kept = fold_cache.cache()
    found = kept.get(("year", group.id), key)
    on_disk = kept_files.files() if found is None else None
    if found is None and on_disk is not None:
        # A worker's first look: the year another worker computed at this very key.
        found = on_disk.get(f"year-{group.id}", key)
        if found is not None:
            kept.put(("year", group.id), key, found, len(rows) + 1)
    if found is None:
        keeping = Keeping(group.id, key) if on_disk is not None else None
        found = _year(group, rules, players, today, keeping)
        if fold_cache.committed_only(session):
            if on_disk is not None:  # before another thread can add to it
                with collector_paused():
                    on_disk.put(f"year-{group.id}", key, found)
            kept.put(("year", group.id), key, found, len(rows) + 1)
        elif keeping is not None:
            keeping.on = False
    year: Year = found
    return year


def year_under(group: Group, rules: Rules) -> Year:
    """The Runde's year as it would be under other settings in time (a change's preview);
    never kept."""
    return _year(group, rules, list(group.players), dt.date.today())


def _year(group: Group, rules: Rules, players: Sequence[Player], today: dt.date,
          keeping: Keeping | None = None) -> Year:
    # Hundreds of evenings' digests and their seasons, nothing cyclic: the collector would
    # walk them again and again while they are made.
    with collector_paused():
        return _year_of(group, rules, players, today, keeping)


def _year_of(group: Group, rules: Rules, players: Sequence[Player], today: dt.date,
             keeping: Keeping | None) -> Year:
    evenings = sorted(group.evenings, key=lambda e: (e.played_on, e.number))
    digests = _digests(evenings)
    members = _members(players, digests)
    own = tuple(Season(s.name, s.start) for s in own_seasons(group))
    names = {p.id: p.name for p in players}
    numbers = {e.id: e.number for e in evenings}
    # Plain rows, not ORM objects: a long Runde has a mark per member and evening.
    marks: dict[tuple[Any, str], int] = {
        (numbers[evening_id], names[player_id]): cents
        for evening_id, player_id, cents in db.session.execute(
            select(KasseMark.evening_id, KasseMark.player_id, KasseMark.cents)
            .join(Evening).where(Evening.group_id == group.id))}
    entries = tuple(KasseLine(row.id, Entry(row.date, row.text, row.cents))
                    for row in db.session.scalars(
                        select(KasseEntry).where(KasseEntry.group_id == group.id,
                                                 KasseEntry.deleted_at.is_(None))
                        .order_by(KasseEntry.date.desc(), KasseEntry.id.desc())))
    rows = list(db.session.scalars(select(KasseItem).where(
        KasseItem.group_id == group.id, KasseItem.deleted_at.is_(None))
        .order_by(KasseItem.date.desc(), KasseItem.id.desc())))
    handed: dict[str, int] = {}
    payments = []
    items: list[Charge] = []
    for row in rows:
        name = names.get(row.player_id)
        if name is None:
            continue
        if row.kind == PAYMENT:
            handed[name] = handed.get(name, 0) + row.cents
            payments.append((row.id, row.date, name, row.cents))
            continue
        items.append(item_charge(Item(row.id, row.date, name, ItemKind(row.kind), row.text,
                                      row.cents, numbers.get(row.evening_id or 0))))
        if row.paid_cents:
            marks[(ItemKey(row.id), name)] = row.paid_cents
    items.reverse()
    by_season: dict[str, tuple[Season, list[EveningDigest]]] = {}
    for digest in digests:
        season = season_of(digest.date, own)
        by_season.setdefault(season_key(season), (season, []))[1].append(digest)

    def view(season: Season, key: str, of: Sequence[EveningDigest],
             applied: Mapping[tuple[Any, str], int],
             kept_as: Keeping | None = keeping) -> SeasonView:
        numbers_here = {e.number for e in of}
        here = tuple(c for c in items if key == ALL or season_key(season_of(c.date, own)) == key)
        keys_here = {c.key for c in here}
        # A season ranks under the rule in force on its first day (§11.4); all evenings
        # together under today's.
        settings = rules.on(today if key == ALL else season.start)
        return SeasonView(season, key, tuple(of), settings, members,
                          {k: v for k, v in marks.items()
                           if k[0] in numbers_here or k[0] in keys_here}, here, applied, rules,
                          kept_as)

    # Only for the charges before anything was netted: it keeps nothing on disk, where its
    # key would stand for the real "all evenings" below.
    first = view(Season(ALL_EVENINGS, dt.date.min), ALL, digests, {}, kept_as=None)
    state = kasse_state(first.charges, first.marks, [], handed)
    seasons = tuple(view(season, key, of, state.applied) for key, (season, of) in
                    sorted(by_season.items(), key=lambda item: item[1][0].start, reverse=True))
    everything = view(Season(ALL_EVENINGS, dt.date.min), ALL, digests, state.applied)
    return Year(rules.on(today), own, members, seasons, everything, entries, handed,
                tuple(payments), rules)


__all__ = [
    "ALL",
    "BEFORE",
    "KASSE_MODES",
    "PAYMENT",
    "EveningDigest",
    "KasseLine",
    "Member",
    "SeasonView",
    "Rules",
    "Settings",
    "Year",
    "member_until",
    "own_seasons",
    "year_rules",
    "fines_of",
    "season_key",
    "settings_of",
    "year_of",
    "year_under",
]
