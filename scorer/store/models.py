"""The tables: a Runde (group) with players, its evenings and their games.

Models only hold data. Points are never stored: a game keeps the facts the table entered
(CLI.md `score` input, players referred to by their id) and every page folds the evening
through `scorer.core.evening` again. The conversions live in `scorer.services`.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import JSON, Date, DateTime, ForeignKey, LargeBinary, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from scorer.store.extensions import Model


def utcnow() -> dt.datetime:
    """The current time, timezone-aware (UTC)."""
    return dt.datetime.now(dt.UTC)


class Group(Model):
    """A Runde: the people who play together and their house rules."""

    __tablename__ = "groups"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    edit_token: Mapped[str] = mapped_column(String(64), unique=True)
    """The secret in every URL of this Runde; whoever has it may change everything."""
    read_token: Mapped[str] = mapped_column(String(64), unique=True)
    """A second secret, for read-only links: whoever has it sees the Runde's sheets, exports
    and statistics, and can change nothing."""
    preset: Mapped[str] = mapped_column(String(32))
    """The rule preset the house rules start from."""
    overrides: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    """Options changed on top of the preset (RULES.md §8 ids, JSON values)."""
    version: Mapped[int] = mapped_column(default=1)
    """Raised by every change that alters what all of the Runde's sheets show (a player's
    new name); with the evening's version it tells a watching phone to fetch again."""
    tournament_table: Mapped[bool] = mapped_column(default=False, server_default="0")
    """A Runde a tournament made for one table of one round (TournamentTable): that table's
    players and its one evening. Its link changes only that table's games; the pages that
    change a Runde (players, house rules, new evenings, links) are not offered for it."""
    language: Mapped[str] = mapped_column(String(8), default="de", server_default="de")
    """The language the Runde's PDFs and CSV files are printed in unless a person asks for
    another (scorer.words.i18n.LANGUAGES); each page speaks its reader's language."""
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[dt.datetime] = mapped_column(
        DateTime(timezone=True), default=utcnow, onupdate=utcnow
    )

    players: Mapped[list[Player]] = relationship(
        back_populates="group", order_by="Player.id"
    )
    evenings: Mapped[list[Evening]] = relationship(
        back_populates="group", order_by="Evening.number"
    )


class Player(Model):
    """A member of a Runde; retiring keeps every evening they played."""

    __tablename__ = "players"
    __table_args__ = (UniqueConstraint("group_id", "name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("groups.id"), index=True)
    name: Mapped[str] = mapped_column(String(40))
    retired_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True))
    """Retired: a member until this day ("Mitglied bis", RULES.md §11.1, §11.2), kept at
    noon UTC of the day chosen (the moment of retiring, for those retired before a day
    could be chosen)."""
    guest: Mapped[bool] = mapped_column(default=False, server_default="0")
    """A guest plays but is no member of the Runde: never charged or scored as absent."""
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    iban: Mapped[str | None] = mapped_column(String(34))
    """Personal: the IBAN the player is paid to (checked, electronic form), or NULL. Shown only
    on the Runde's pages (the GiroCodes of its settlements), never logged; the player's page
    removes it."""
    account_holder: Mapped[str | None] = mapped_column(String(70))
    """Personal: the name the account is held in, as the bank checks it; NULL: the player's
    name."""
    paypal_me: Mapped[str | None] = mapped_column(String(20))
    """Personal: the player's PayPal.me name, or NULL."""
    hide_rating: Mapped[bool] = mapped_column(default=False, server_default="0")
    """The player does not want their rating shown on the Statistik."""
    treasurer: Mapped[bool] = mapped_column(default=False, server_default="0")
    """The player keeps the Runde's Kasse (one at most, services.payees.set_treasurer):
    payments into the Kasse go to their IBAN or PayPal.me."""

    group: Mapped[Group] = relationship(back_populates="players")

    @property
    def active(self) -> bool:
        """Whether the player can be seated at a new evening."""
        return self.retired_at is None


class Evening(Model):
    """One evening at the table, with the full rule set frozen at its start."""

    __tablename__ = "evenings"
    __table_args__ = (UniqueConstraint("group_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("groups.id"), index=True)
    number: Mapped[int]
    """Running number within the Runde, used in URLs."""
    played_on: Mapped[dt.date]
    first_dealer_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)
    """{"preset": id, **HouseRules.to_dict()}: every option, so later changes never apply."""
    planned_games: Mapped[int | None]
    bock_queue_start: Mapped[list[int] | None] = mapped_column(JSON)
    """The Bock queue the evening starts from (RULES.md §10.2 carry), slot 0 first: what the
    Runde's previous evening by date left queued when it was closed; NULL = none."""
    tenth_cents_per_point: Mapped[int] = mapped_column(default=0)
    """The price of a point in tenths of a cent (5: "0,5 Cent pro Punkt"; 0: no money),
    exact as typed; scorer.core.settlement settles it in whole numbers."""
    settlement_mode: Mapped[str] = mapped_column(String(16), default="zero_sum")
    """scorer.core.settlement.SettlementMode value: zero_sum, pay_leader or pay_losses."""
    settlement_rounding: Mapped[str] = mapped_column(String(16), default="cent")
    """scorer.core.settlement.Rounding value: cent or ten_cents."""
    closed_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True))
    closed_after_change: Mapped[int | None]
    """The evening's last change (a GameEvent id) when it was last closed: closing ends the
    offer to take it back ("Rückgängig"), on every phone and once it is reopened too."""
    close_after: Mapped[int | None]
    """A club table whose round ended with its started games to finish: the number of the
    game after which the evening closes itself (scorer.services.club_rounds.end_round)."""
    revision: Mapped[int] = mapped_column(default=1)
    """The close/reopen and settlement forms are checked against this (optimistic lock)."""
    version: Mapped[int] = mapped_column(default=1)
    """Raised by every change that alters what the sheet shows (scorer.services.changes.touch):
    games, settlement, closing. Cheap to read: a watching phone polls it."""
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[dt.datetime] = mapped_column(
        DateTime(timezone=True), default=utcnow, onupdate=utcnow
    )

    group: Mapped[Group] = relationship(back_populates="evenings")
    first_dealer: Mapped[Player] = relationship()
    seats: Mapped[list[EveningSeat]] = relationship(
        back_populates="evening", order_by="EveningSeat.position", cascade="all, delete-orphan"
    )
    games: Mapped[list[Game]] = relationship(
        back_populates="evening", order_by="Game.position"
    )

    @property
    def closed(self) -> bool:
        """A closed evening is read-only until it is reopened."""
        return self.closed_at is not None


class EveningSeat(Model):
    """A player present at an evening, in clockwise seat order."""

    __tablename__ = "evening_seats"
    __table_args__ = (UniqueConstraint("evening_id", "player_id"),)

    evening_id: Mapped[int] = mapped_column(ForeignKey("evenings.id"), primary_key=True)
    position: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))

    evening: Mapped[Evening] = relationship(back_populates="seats")
    player: Mapped[Player] = relationship()


class Game(Model):
    """One entry of an evening as entered: a game's raw facts (never points), or a table
    change (RULES.md §7), whose facts are ``{"table": [player ids], "dealer": player id}``.

    The running number shown on the sheet is the place among the evening's games (table
    changes not counted) that are not deleted, ordered by ``position``. Positions change
    only when a table change is moved: the rows between shift by one, in the same order.
    """

    __tablename__ = "games"
    __table_args__ = (UniqueConstraint("evening_id", "position"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    evening_id: Mapped[int] = mapped_column(ForeignKey("evenings.id"), index=True)
    position: Mapped[int]
    facts: Mapped[dict[str, Any]] = mapped_column(JSON)
    """CLI.md `score` input without rules and bock; players as ids."""
    entry_key: Mapped[str] = mapped_column(String(36), unique=True)
    """The entry form's one-time key: a second submit of the same form stores nothing."""
    revision: Mapped[int] = mapped_column(default=1)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[dt.datetime] = mapped_column(
        DateTime(timezone=True), default=utcnow, onupdate=utcnow
    )
    deleted_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True))

    evening: Mapped[Evening] = relationship(back_populates="games")


class GameEvent(Model):
    """The history of an entry (a game or a table change): every create, edit, delete and
    restore with the facts."""

    __tablename__ = "game_events"

    id: Mapped[int] = mapped_column(primary_key=True)
    evening_id: Mapped[int] = mapped_column(ForeignKey("evenings.id"), index=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), index=True)
    game_number: Mapped[int]
    """The game's running number when this happened; for a table change, the number of
    games before it then ("after game n")."""
    action: Mapped[str] = mapped_column(String(10))
    """create, edit, delete or restore."""
    via: Mapped[str | None] = mapped_column(String(16))
    """Which link made the change: a short fingerprint of the edit token used."""
    import_id: Mapped[int | None] = mapped_column(ForeignKey("imports.id"))
    """The import that created the entry (its create event only; None: entered here)."""
    old_after: Mapped[int | None]
    """An edit of a table change: the games before it until then (``game_number`` is the
    place after the edit), as the history tells it."""
    old_after_game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id"))
    """An edit of a table change: the game it stood right after until then (None before
    game 1, and in events recorded before this was kept), so that Rückgängig and restore put
    a moved change back after that game, wherever games deleted since have moved it."""
    old_facts: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    new_facts: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    revision: Mapped[int]
    """The game's revision right after this event; undo needs it to still be current."""
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    game: Mapped[Game] = relationship(foreign_keys=[game_id])
    source: Mapped[Import | None] = relationship()


class RundeYear(Model):
    """The Runde's year (RULES.md §11): how its seasons rank, what absent members pay into
    the Kasse (the one setting a Runde had before its settings were kept in time: since then
    ``ranking_rules`` and ``absent_rules`` hold them, and these columns are read only for a
    Runde without them, restored from an older backup), and a version that every change to
    these, to its seasons or to the Kasse raises (a row of its own: the Runde's row is part of every evening's fold key, and a
    Kasse payment must not make 500 evenings fold again). No row: the defaults, version 0.
    """

    __tablename__ = "runde_years"

    group_id: Mapped[int] = mapped_column(ForeignKey("groups.id"), primary_key=True)
    season_ranking: Mapped[str] = mapped_column(String(16), default="points")
    """scorer.core.seasons.Method value: points, average, placement or table_points."""
    season_min_games: Mapped[int] = mapped_column(default=0)
    """Under ``average``: fewer games than this are listed without a rank."""
    absent_table_points: Mapped[int] = mapped_column(default=0)
    """Under ``table_points``: what a member absent from an evening gets for it."""
    absent_pays: Mapped[str] = mapped_column(String(16), default="nothing")
    """scorer.core.kasse.AbsentPays value: nothing, as_last or fixed."""
    absent_fixed_cents: Mapped[int] = mapped_column(default=0)
    """Under ``fixed``: what an absent member pays, in cents."""
    rating: Mapped[bool] = mapped_column(default=False, server_default="0")
    """The Statistik shows each player's rating (services.rating): the Runde opts in."""
    kasse_fee_cents: Mapped[int] = mapped_column(default=0, server_default="0")
    """A fixed fee per evening into the Kasse, in cents (0: none; issue 38)."""
    kasse_fee_for: Mapped[str] = mapped_column(String(16), default="present",
                                               server_default="present")
    """Who pays the fee: ``present`` (those at the table) or ``members`` (every member)."""
    kasse_fines: Mapped[str] = mapped_column(Text, default="", server_default="")
    """The Runde's fines, one a line: text, a tab, cents ("vergeben\t50")."""
    version: Mapped[int] = mapped_column(default=1)
    """Raised by every change of the above, of the seasons and of the Kasse: what the
    Runde's pages added up over all evenings is kept under it (services.year)."""


class RankingRule(Model):
    """How the Runde's seasons rank (RULES.md §11.1) from a day on (§11.4): a season is
    ranked under the setting in force on its start date. The first applies from the
    beginning (``valid_from`` 0001-01-01, scorer.core.dated.FROM_THE_START). A Runde with
    none reads the one setting of ``runde_years`` (a backup from before the history)."""

    __tablename__ = "ranking_rules"
    __table_args__ = (UniqueConstraint("group_id", "valid_from"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("groups.id"), index=True)
    valid_from: Mapped[dt.date]
    season_ranking: Mapped[str] = mapped_column(String(16))
    season_min_games: Mapped[int]
    absent_table_points: Mapped[int]
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class AbsentRule(Model):
    """What a member absent from an evening pays into the Kasse (RULES.md §11.2) from a day
    on (§11.4): the setting in force on an evening's date charges it. As RankingRule, the
    first applies from the beginning."""

    __tablename__ = "absent_rules"
    __table_args__ = (UniqueConstraint("group_id", "valid_from"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("groups.id"), index=True)
    valid_from: Mapped[dt.date]
    absent_pays: Mapped[str] = mapped_column(String(16))
    absent_fixed_cents: Mapped[int]
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Season(Model):
    """One of the Runde's own seasons: from ``start`` until the next one starts. Without
    any, the seasons are calendar years."""

    __tablename__ = "seasons"
    __table_args__ = (UniqueConstraint("group_id", "start"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("groups.id"), index=True)
    name: Mapped[str] = mapped_column(String(40))
    start: Mapped[dt.date]


class KasseEntry(Model):
    """A deposit (positive cents) or an expense (negative) of the Runde's Kasse. Deleting
    keeps the row (the history can bring it back)."""

    __tablename__ = "kasse_entries"

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("groups.id"), index=True)
    date: Mapped[dt.date]
    text: Mapped[str] = mapped_column(String(80))
    cents: Mapped[int]
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    deleted_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True))


class KasseMark(Model):
    """A charge of an evening marked paid: what was paid (the charge as it was then; an
    evening corrected since asks for the difference)."""

    __tablename__ = "kasse_marks"

    evening_id: Mapped[int] = mapped_column(ForeignKey("evenings.id"), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True)
    cents: Mapped[int]
    marked_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class KasseItem(Model):
    """Money one member hands in ("Anna gibt 20 €", kind ``payment``: applied to their oldest
    open charges, RULES.md §11.2 netting of issue 37), or a charge of one member beside the
    evenings' shares (issue 38: a fine, drinks, a host's contribution; kind
    scorer.core.kasse.ItemKind), owed until ``paid_cents`` says it was paid. Deleting keeps
    the row (the history can bring it back)."""

    __tablename__ = "kasse_items"

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("groups.id"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    evening_id: Mapped[int | None] = mapped_column(ForeignKey("evenings.id"))
    date: Mapped[dt.date]
    kind: Mapped[str] = mapped_column(String(16))
    text: Mapped[str] = mapped_column(String(80), default="")
    cents: Mapped[int]
    paid_cents: Mapped[int | None]
    """A charge: what was marked paid of it (None: nothing). A payment: None."""
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    deleted_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True))


class KasseEvent(Model):
    """The history of the Kasse: a charge marked paid or not paid, an entry added, deleted
    or brought back; with the amounts before and after and the link it came through."""

    __tablename__ = "kasse_events"

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("groups.id"), index=True)
    action: Mapped[str] = mapped_column(String(16))
    """paid, unpaid (a charge), added, deleted, restored (an entry)."""
    evening_id: Mapped[int | None] = mapped_column(ForeignKey("evenings.id"))
    player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    """A charge's evening and player."""
    entry_id: Mapped[int | None] = mapped_column(ForeignKey("kasse_entries.id"))
    item_id: Mapped[int | None]
    """A payment handed in or an item (issues 37, 38; kasse_items.id, no foreign key: a
    downgrade drops the column plainly): added, deleted, restored, or marked paid or not."""
    old_cents: Mapped[int | None]
    """A charge: the amount marked paid before (None: not marked)."""
    new_cents: Mapped[int | None]
    """A charge: the amount marked paid after (None: not marked)."""
    via: Mapped[str | None] = mapped_column(String(16))
    """Which link made the change: a short fingerprint of the edit token used."""
    form_key: Mapped[str | None] = mapped_column(String(36), unique=True, index=True)
    """The one-time key of the form that made the change, with what it sent (a UUID 5 of
    both, services.kasse.form_key): the same form sent again changes nothing more. None for
    changes made before keys, and for those a form makes along the way (an undo's)."""
    batch_id: Mapped[int | None]
    """The changes of one tap that made several ("alles bezahlt": every open charge of an
    evening or a member) share the id of its first change: the Verlauf shows them as one,
    and Rückgängig takes them back together. None for a change made alone."""
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Import(Model):
    """A file imported into a Runde (issue 28): from which app, under which name, when, and
    the SHA-256 of its bytes, by which the same file is recognised when it comes again."""

    __tablename__ = "imports"
    __table_args__ = (UniqueConstraint("group_id", "content_hash"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("groups.id"), index=True)
    content_hash: Mapped[str] = mapped_column(String(64))
    """SHA-256 of the file's bytes, hex."""
    file_name: Mapped[str] = mapped_column(String(200))
    source: Mapped[str] = mapped_column(String(32))
    """scorer.importers.SourceFormat value: bockzettel, qtdoppelkopf, jsdoppelkopf, table,
    doko-zettel-backup."""
    mode: Mapped[str] = mapped_column(String(16))
    """scorer.importers.ImportMode value: recorded or rescored."""
    evenings: Mapped[int]
    """How many evenings it added (those already in the Runde were skipped)."""
    games: Mapped[int]
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ImportUpload(Model):
    """A file uploaded for an import, kept between its preview and the import itself, so that
    the confirmation names it by its hash and the server reads the bytes it checked, never
    what a form sends. Kept for a while only (scorer.services.imports.UPLOAD_KEPT) and left
    out of backups: it is a passing copy, not the Runde's data."""

    __tablename__ = "import_uploads"
    __table_args__ = (UniqueConstraint("group_id", "content_hash"),
                      {"info": {"transient": True}})

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("groups.id"), index=True)
    content_hash: Mapped[str] = mapped_column(String(64))
    file_name: Mapped[str] = mapped_column(String(200))
    data: Mapped[bytes] = mapped_column(LargeBinary)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)




# --------------------------------------------------------------------------- tournaments

WHOLE_BACKUP_ONLY = {"whole_backup_only": True}
"""Table info of the tournament tables: a tournament spans many Runden (one per table and
round), so it is in the whole database's backup, never in one Runde's (scorer.store.backup)."""


class Tournament(Model):
    """A club evening (RULES.md §11.3): registered players seated at several tables per
    round, each table an evening of its own Runde, one ranking over the rounds."""

    __tablename__ = "tournaments"
    __table_args__ = {"info": WHOLE_BACKUP_ONLY}

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(60))
    played_on: Mapped[dt.date] = mapped_column(Date)
    group_id: Mapped[int | None] = mapped_column(ForeignKey("groups.id"), index=True)
    """The Runde it was made in (its players can be registered; its page lists it), if any."""
    edit_token: Mapped[str] = mapped_column(String(64), unique=True)
    """The organiser's secret: draw, players, rounds. Whoever has it runs the tournament."""
    read_token: Mapped[str] = mapped_column(String(64), unique=True)
    """The ranking link: sees the ranking, its PDF and CSV, and changes nothing."""
    preset: Mapped[str] = mapped_column(String(32))
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)
    """{"preset": id, **HouseRules.to_dict()}: every table's evening starts with these."""
    planned_games: Mapped[int]
    """Planned games of a table of four, a multiple of 4 (a 5 plays 5/4 of them)."""
    round_count: Mapped[int]
    """How many rounds the tournament plays."""
    ranking: Mapped[str] = mapped_column(String(16), default="table_points")
    """The figure of a round: "table_points" (RULES.md §11.1) or "points" (raw points)."""
    absent_table_points: Mapped[int] = mapped_column(default=0)
    """What a round a player misses gives (with raw points as the figure: 0)."""
    round_minutes: Mapped[int | None]
    """The round clock (DDV: a round ends after its time, started games are finished): the
    minutes a round lasts from its start; NULL: no clock."""
    version: Mapped[int] = mapped_column(default=1)
    """Raised by every change to the tournament itself (players, draw, rounds); with its
    tables' versions it tells a watching ranking to fetch again."""
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[dt.datetime] = mapped_column(
        DateTime(timezone=True), default=utcnow, onupdate=utcnow
    )

    group: Mapped[Group | None] = relationship()
    players: Mapped[list[TournamentPlayer]] = relationship(
        back_populates="tournament", order_by="TournamentPlayer.number",
        cascade="all, delete-orphan")
    rounds: Mapped[list[TournamentRound]] = relationship(
        back_populates="tournament", order_by="TournamentRound.number",
        cascade="all, delete-orphan")


class TournamentPlayer(Model):
    """A registration: a name and a start number, and which rounds the player is there for."""

    __tablename__ = "tournament_players"
    __table_args__ = (UniqueConstraint("tournament_id", "number"),
                      UniqueConstraint("tournament_id", "name"),
                      {"info": WHOLE_BACKUP_ONLY})

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id"), index=True)
    number: Mapped[int]
    """The start number, from 1."""
    name: Mapped[str] = mapped_column(String(40))
    """Unique within the tournament (whatever the case): the tables' players carry it."""
    from_round: Mapped[int] = mapped_column(default=1)
    """The first round drawn with the player (a late arrival joins from the next round)."""
    left_after: Mapped[int | None]
    """The last round the player played before leaving; NULL while they stay."""
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    tournament: Mapped[Tournament] = relationship(back_populates="players")


class TournamentRound(Model):
    """A round: drawn (seating from a seed), then started (every table gets its evening),
    then ended (the tables' evenings closed; their games so far count)."""

    __tablename__ = "tournament_rounds"
    __table_args__ = (UniqueConstraint("tournament_id", "number"), {"info": WHOLE_BACKUP_ONLY})

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id"), index=True)
    number: Mapped[int]
    seed: Mapped[int]
    """The draw's seed, shown: the same seed, players and earlier rounds give the same draw."""
    seating: Mapped[list[list[int]]] = mapped_column(JSON)
    """Each table's TournamentPlayer ids in seat order (seat 1 deals first)."""
    repeats: Mapped[int] = mapped_column(default=0)
    """Pairs of table-mates who met in an earlier round, each pair once
    (scorer.core.club.Draw.repeats; a draw before issue 37 counted their meetings)."""
    started_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True))
    ended_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True))

    tournament: Mapped[Tournament] = relationship(back_populates="rounds")
    tables: Mapped[list[TournamentTable]] = relationship(
        back_populates="round", order_by="TournamentTable.number",
        cascade="all, delete-orphan")


class TournamentTable(Model):
    """One table of one round: its Runde (made at the draw: the Tischzettel carries its link)
    and, once the round started, that Runde's evening."""

    __tablename__ = "tournament_tables"
    __table_args__ = (UniqueConstraint("round_id", "number"), {"info": WHOLE_BACKUP_ONLY})

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id"), index=True)
    """The round's tournament again: the ranking's check of versions is one join shorter."""
    round_id: Mapped[int] = mapped_column(ForeignKey("tournament_rounds.id"), index=True)
    number: Mapped[int]
    """1-based within the round."""
    group_id: Mapped[int] = mapped_column(ForeignKey("groups.id"), unique=True)
    evening_id: Mapped[int | None] = mapped_column(ForeignKey("evenings.id"), unique=True)

    round: Mapped[TournamentRound] = relationship(back_populates="tables")
    group: Mapped[Group] = relationship()
    evening: Mapped[Evening | None] = relationship()


class TournamentUpload(Model):
    """A tournament's backup uploaded to be restored, waiting by its hash between the preview
    and "Wiederherstellen" (scorer.services.tournament_backup). Kept for a while only and left
    out of backups: a passing copy."""

    __tablename__ = "tournament_uploads"
    __table_args__ = {"info": {"transient": True}}

    id: Mapped[int] = mapped_column(primary_key=True)
    content_hash: Mapped[str] = mapped_column(String(64), unique=True)
    file_name: Mapped[str] = mapped_column(String(200))
    data: Mapped[bytes] = mapped_column(LargeBinary)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ClubSeries(Model):
    """A club's annual ranking (Vereinsmeisterschaft) over the club evenings chosen for it,
    as a season is over a Runde's evenings (RULES.md §11.1, §11.3)."""

    __tablename__ = "club_series"
    __table_args__ = {"info": WHOLE_BACKUP_ONLY}

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(60))
    edit_token: Mapped[str] = mapped_column(String(64), unique=True)
    """Whoever has it chooses the club evenings."""
    read_token: Mapped[str] = mapped_column(String(64), unique=True)
    """The ranking for everyone: changes nothing."""
    ranking: Mapped[str] = mapped_column(String(16), default="sum")
    """"sum": the evenings' figures added up (§11.3); "placement": n + 1 − r per evening
    (§11.1)."""
    version: Mapped[int] = mapped_column(default=1)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    evenings: Mapped[list[ClubSeriesEvening]] = relationship(
        back_populates="series", cascade="all, delete-orphan",
        order_by="ClubSeriesEvening.id")


class ClubSeriesEvening(Model):
    """One club evening (tournament) counted in a Vereinsmeisterschaft."""

    __tablename__ = "club_series_evenings"
    __table_args__ = (UniqueConstraint("series_id", "tournament_id"),
                      {"info": WHOLE_BACKUP_ONLY})

    id: Mapped[int] = mapped_column(primary_key=True)
    series_id: Mapped[int] = mapped_column(ForeignKey("club_series.id"), index=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id"), index=True)

    series: Mapped[ClubSeries] = relationship(back_populates="evenings")
    tournament: Mapped[Tournament] = relationship()
