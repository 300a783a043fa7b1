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
kept), ``entries`` (an evening's entries as rows, read), ``changes`` (the one way every
change to them goes: lock, checks, store, history, version, commit, the fold kept),
``evenings``, ``games``, ``table_changes`` and ``restore`` (history, delete, Rückgängig,
restore), ``year`` (the Runde's seasons, records and Kasse, read and kept),
``year_settings`` and ``kasse`` (their changes, the Kasse's with its history), the club
evening's ``tournaments``, ``club_rounds`` and ``club_results``, the import's ``imports``
and ``backup_import``, and ``backup_check`` and ``backup_restore`` (a whole backup checked
through the core, then written).

This module is the service layer's face for the web: callers write
``from scorer import services; services.add_game(...)``. Modules of the package import each
other by name, never another's underscore names.
"""

from __future__ import annotations

from scorer.services.changes import (
    VIA_PATTERN,
    fingerprint_of,
    finishing_only,
    legacy_fingerprint,
    link_fingerprint,
)
from scorer.services.club_results import (
    Results,
    RoundView,
    TableView,
    find_round,
    find_table,
    results,
)
from scorer.services.club_results import (
    state as tournament_state,
)
from scorer.services.club_results import (
    table_state as tournament_table_state,
)
from scorer.services.club_rounds import (
    MAX_SEED,
    close_finishing,
    current_round,
    draw_round,
    drawable,
    end_round,
    reopen_table,
    resume_round,
    round_complete,
    seated,
    stale_draw,
    start_round,
    swap_players,
    table_name,
)
from scorer.services.entries import (
    CREATE,
    DELETE,
    EDIT,
    RESTORE,
    find_game,
    game_by_entry_key,
    live_entries,
    number_of,
    numbers_now,
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
    running_evening,
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
    add_item,
    add_kasse_entry,
    delete_item,
    delete_kasse_entry,
    find_kasse_entry,
    find_kasse_event,
    find_kasse_item,
    hand_in,
    kasse_history,
    last_kasse_change,
    mark_item,
    mark_paid,
    mark_unpaid,
    restore_kasse_entry,
    settle_all,
    undo_kasse,
)
from scorer.services.payees import (
    PayLine,
    PayOffer,
    any_offer,
    pay_offer,
    remove_pay_details,
    set_hide_rating,
    set_pay_details,
    set_rating,
    set_treasurer,
    settlement_offers,
    treasurer_of,
)
from scorer.services.refusals import CLOSED, FULL, STALE, NumberTaken, Refused
from scorer.services.restore import (
    delete_game,
    history,
    last_change,
    old_place,
    restore_version,
    undo,
    undone_already,
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
    set_guest,
    set_house_rules,
    set_member_since,
    set_print_language,
)
from scorer.services.table_changes import (
    Seat,
    add_table_change,
    check_table_change,
    edit_table_change,
    preview_table_change,
)
from scorer.services.tournaments import (
    CLUB_METHODS,
    MAX_ROUNDS,
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
from scorer.services.year import (
    ALL,
    EveningDigest,
    Member,
    Rules,
    SeasonView,
    Settings,
    Year,
    member_since,
    member_until,
    own_seasons,
    season_key,
    settings_of,
    year_of,
    year_rules,
)
from scorer.services.year_settings import (
    ABSENT,
    PARTS,
    RANKING,
    MemberChange,
    RuleChange,
    SeasonChange,
    absent_setting,
    add_season,
    applied_back_to,
    find_season,
    ranking_setting,
    remove_season,
    removed,
    rule_change,
    set_absent_pays,
    set_kasse_fee,
    set_ranking,
    store_rules,
)
