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
``table_changes`` and ``restore`` (history, delete, Rückgängig, restore), and
``backup_check`` (a whole backup folded through the core before a restore writes it; named
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
from scorer.services.table_changes import (
    Seat,
    add_table_change,
    check_table_change,
    edit_table_change,
    preview_table_change,
)

__all__ = [
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
    "FoldKey",
    "Folded",
    "NumberTaken",
    "Refused",
    "Row",
    "Seat",
    "Sheet",
    "SheetState",
    "StoredEntry",
    "add_game",
    "add_player",
    "add_table_change",
    "backup_group",
    "check_table_change",
    "core_setup",
    "create_group",
    "current_table",
    "delete_game",
    "edit_game",
    "edit_table_change",
    "evening_setup",
    "eyes_player_id",
    "find_evening",
    "find_evening_by_link",
    "find_game",
    "find_group",
    "find_group_by_id",
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
    "kept_for_runde",
    "last_evening_players",
    "link_fingerprint",
    "live_entries",
    "money_problems",
    "number_of",
    "old_place",
    "preview",
    "preview_table_change",
    "rename_player",
    "renew_tokens",
    "restore_version",
    "retire_player",
    "rules_of",
    "sent_before",
    "set_closed",
    "set_house_rules",
    "set_settlement",
    "settlement",
    "sheet",
    "sheet_state",
    "sheets",
    "start_evening",
    "to_core",
    "undo",
    "without",
]

# The club evening (RULES.md §11.3): ``tournaments`` (links, settings, registrations),
# ``club_rounds`` (draw, swap, start, end, a table opened again) and ``club_results`` (the
# rounds and the ranking folded from the tables' evenings, and the check a ranking polls).
from scorer.services.club_results import (  # noqa: E402
    Results,
    RoundView,
    TableView,
    find_round,
    find_table,
    results,
)
from scorer.services.club_results import state as tournament_state  # noqa: E402
from scorer.services.club_rounds import (  # noqa: E402
    MAX_SEED,
    current_round,
    draw_round,
    drawable,
    end_round,
    reopen_table,
    round_complete,
    seated,
    stale_draw,
    start_round,
    swap_players,
    table_name,
)
from scorer.services.tournaments import (  # noqa: E402
    MAX_ROUNDS,
    RANKINGS,
    TOURNAMENT_NAME,
    come_back,
    create_tournament,
    find_tournament,
    leave,
    present,
    register,
    registration,
    rename_registration,
    set_tournament,
    started_rounds,
    tournament_of_table,
    tournaments_of,
)

__all__ += [
    "MAX_ROUNDS",
    "MAX_SEED",
    "RANKINGS",
    "Results",
    "RoundView",
    "TOURNAMENT_NAME",
    "TableView",
    "come_back",
    "create_tournament",
    "current_round",
    "draw_round",
    "drawable",
    "end_round",
    "find_round",
    "find_table",
    "find_tournament",
    "leave",
    "present",
    "register",
    "registration",
    "rename_registration",
    "reopen_table",
    "results",
    "round_complete",
    "seated",
    "set_tournament",
    "stale_draw",
    "start_round",
    "started_rounds",
    "swap_players",
    "table_name",
    "tournament_of_table",
    "tournament_state",
    "tournaments_of",
]
