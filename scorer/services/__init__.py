"""Between the ORM rows and the scoring core; the only place that commits.

Stored game facts name players by id, so that renaming a player never breaks an old
evening; the core works with names, so facts are translated on the way in and out. Every
change to the games is checked by folding the whole evening with it before it is stored:
what is in the database always folds.

An evening's entries are rows of ``games`` in ``position`` order: games, and table changes
(RULES.md §7), whose facts are ``{"table": [player ids], "dealer": player id}`` (dealer
optional). Both share revisions, history, delete, Rückgängig and restore; game numbers
count games only, and a table change comes "after game n".

One idea a module: ``refusals`` (what a refused change says), ``runden`` (links, players,
house rules), ``facts`` (stored facts and the core's input), ``folds`` (evenings folded and
kept), ``evenings``, ``entries`` (the rows and the one way every change goes), ``games``,
``table_changes`` and ``restore`` (history, delete, Rückgängig, restore), ``year`` (the
Runde's seasons, records and Kasse, read and kept), ``year_settings`` and ``kasse`` (their
changes, the Kasse's with its history), and ``backup_check`` (a whole backup folded through the core before a restore writes it; named
for the backup it checks, apart from ``restore``'s history). Callers use the
names exported here (``from scorer import services; services.add_game(...)``); names with
an underscore are the package's own.
"""

from __future__ import annotations

from scorer.services.entries import (
    CREATE,
    DELETE,
    EDIT,
    RESTORE,
    find_game,
    game_by_entry_key,
    link_fingerprint,
    live_entries,
    number_of,
    sent_before,
)
from scorer.services.evenings import (
    MAX_CENTS_PER_POINT,
    SheetState,
    current_table,
    find_evening,
    find_evening_by_link,
    frozen_rules,
    games_on_sheet,
    last_evening_players,
    money_problems,
    set_closed,
    set_settlement,
    settlement,
    sheet_state,
    start_evening,
)
from scorer.services.facts import (
    core_setup,
    evening_setup,
    eyes_player_id,
    fold_facts,
    from_core,
    is_table_change,
    to_core,
)
from scorer.services.folds import (
    ChangeRow,
    Folded,
    FoldKey,
    Row,
    Sheet,
    StoredEntry,
    fold_of,
    folds_of,
    kept_for_runde,
    sheet,
    sheets,
)
from scorer.services.games import add_game, edit_game, preview, without
from scorer.services.kasse import (
    HistoryLine,
    add_kasse_entry,
    delete_kasse_entry,
    find_kasse_entry,
    find_kasse_event,
    kasse_history,
    last_kasse_change,
    mark_paid,
    mark_unpaid,
    restore_kasse_entry,
    undo_kasse,
)
from scorer.services.refusals import CLOSED, FULL, STALE, NumberTaken, Refused
from scorer.services.restore import (
    delete_game,
    history,
    old_place,
    restore_version,
    undo,
)
from scorer.services.runden import (
    TOKEN_PATTERN,
    add_player,
    backup_group,
    create_group,
    find_group,
    find_group_by_id,
    house_rules,
    rename_player,
    renew_tokens,
    retire_player,
    rules_of,
    set_house_rules,
)
from scorer.services.year import (
    ALL,
    EveningDigest,
    Member,
    SeasonView,
    Settings,
    Year,
    own_seasons,
    season_key,
    settings_of,
    year_of,
)
from scorer.services.year_settings import (
    add_season,
    find_season,
    remove_season,
    set_absent_pays,
    set_ranking,
)
from scorer.services.table_changes import (
    Seat,
    add_table_change,
    check_table_change,
    edit_table_change,
    preview_table_change,
)

__all__ = [
    "ALL",
    "CLOSED",
    "CREATE",
    "DELETE",
    "EDIT",
    "FULL",
    "MAX_CENTS_PER_POINT",
    "RESTORE",
    "STALE",
    "TOKEN_PATTERN",
    "ChangeRow",
    "EveningDigest",
    "FoldKey",
    "Folded",
    "HistoryLine",
    "Member",
    "NumberTaken",
    "Refused",
    "Row",
    "Seat",
    "SeasonView",
    "Settings",
    "Sheet",
    "SheetState",
    "StoredEntry",
    "Year",
    "add_game",
    "add_kasse_entry",
    "add_player",
    "add_season",
    "add_table_change",
    "backup_group",
    "check_table_change",
    "core_setup",
    "create_group",
    "current_table",
    "delete_game",
    "delete_kasse_entry",
    "edit_game",
    "edit_table_change",
    "evening_setup",
    "eyes_player_id",
    "find_evening",
    "find_evening_by_link",
    "find_game",
    "find_kasse_entry",
    "find_kasse_event",
    "find_group",
    "find_group_by_id",
    "find_season",
    "fold_facts",
    "fold_of",
    "folds_of",
    "from_core",
    "frozen_rules",
    "game_by_entry_key",
    "games_on_sheet",
    "history",
    "house_rules",
    "is_table_change",
    "kasse_history",
    "kept_for_runde",
    "last_evening_players",
    "last_kasse_change",
    "link_fingerprint",
    "mark_paid",
    "mark_unpaid",
    "live_entries",
    "money_problems",
    "number_of",
    "old_place",
    "own_seasons",
    "preview",
    "preview_table_change",
    "remove_season",
    "rename_player",
    "renew_tokens",
    "restore_kasse_entry",
    "restore_version",
    "retire_player",
    "rules_of",
    "season_key",
    "sent_before",
    "set_absent_pays",
    "set_closed",
    "set_house_rules",
    "set_ranking",
    "set_settlement",
    "settings_of",
    "settlement",
    "sheet",
    "sheet_state",
    "sheets",
    "start_evening",
    "to_core",
    "undo",
    "undo_kasse",
    "without",
    "year_of",
]
