"""Before a restore writes anything: every Runde and every evening of a backup through the
scoring core, folded exactly as the pages fold them (the services' helpers), so that the
database a restore leaves behind is one every page can show.

:func:`scorer.store.backup.read` has already checked the file against the tables (types, unique
values, references); this checks what only the game knows: rules, seats, the first dealer,
money, every game in its place, and the facts kept in the history; and what the pages
never store: names the name check refuses (scorer.core.names), two players of a Runde whose
names differ only in case, evenings not numbered 1, 2, 3 … as "Neuer Abend" numbers them,
revisions and versions that did not start at 1, a link fingerprint of another form than the
history's (``services.VIA_PATTERN``); and the Runde's year: season settings, own seasons,
the Kasse's entries, paid marks and history.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping
from typing import Any

from scorer import services
from scorer.core.dated import Dated, check_timeline
from scorer.core.evening import EveningSetup, fold
from scorer.core.kasse import MAX_CENTS, check_absent, check_entry
from scorer.core.names import PLAYER_NAME, RUNDE_NAME, InvalidName, NameField, clean_name, name_key
from scorer.core.rules import InvalidInput
from scorer.core.scoring import parse_game
from scorer.core.seasons import check_seasons, check_settings
from scorer.core.settlement import price_cents
from scorer.store.backup import INTEGER_RANGE
from scorer.words import backup as words
from scorer.words.i18n import _, pgettext
from scorer.words.year import rule_start

Rows = Mapping[str, list[dict[str, Any]]]
FACTS_BY_ACTION = {
    services.CREATE: (False, True),
    services.EDIT: (True, True),
    services.DELETE: (True, False),
    services.RESTORE: (False, True),
}
"""Which of (old_facts, new_facts) a history entry of each kind holds."""
_GAME = re.compile(r"games\[(\d+)\]\.?")


def problems(rows: Rows) -> list[str]:
    """One German line per problem, each saying where it is
    ("Runde „X“, Abend 2, Spiel 5, kind: …")."""
    out: list[str] = []
    groups = {g["id"]: g for g in rows["groups"]}
    out += _name_problems(rows["groups"], rows["players"])
    out += _number_problems(rows)
    out += _link_problems(rows["groups"])
    for group in rows["groups"]:
        out += _rules_problems(group)
    players = {p["id"]: p for p in rows["players"]}
    seats: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for seat in sorted(rows["evening_seats"], key=lambda s: s["position"]):
        seats[seat["evening_id"]].append(seat)
    games: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for game in sorted(rows["games"], key=lambda g: g["position"]):
        games[game["evening_id"]].append(game)
    events: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for event in sorted(rows["game_events"], key=lambda e: e["id"]):
        events[event["evening_id"]].append(event)
    for evening in sorted(rows["evenings"], key=lambda e: (e["group_id"], e["number"])):
        where = _("%(runde)s, Abend %(number)s") % {
            "runde": _runde(groups[evening["group_id"]]), "number": evening["number"]}
        out += [f"{where}, {p}" for p in _evening_problems(
            evening, seats[evening["id"]], games[evening["id"]], events[evening["id"]],
            players)]
    out += _year_problems(rows, groups, players)
    return out + tournament_problems(rows) + club_more_problems(rows)


KASSE_ACTIONS = {"paid", "unpaid", "added", "deleted", "restored"}
"""What a Kasse history entry can say (scorer.services.kasse)."""


def _year_problems(rows: Rows, groups: Mapping[int, dict[str, Any]],
                   players: Mapping[int, dict[str, Any]]) -> list[str]:
    """The Runde's year as the pages read it (scorer.services.year): settings the core
    takes, seasons it can tell apart, Kasse entries it accepts, and paid marks and history
    that stay within their Runde."""
    out: list[str] = []

    def runde(group_id: Any) -> str:
        return _runde(groups[group_id])  # a name that could turn the text around is not shown

    for row in rows["runde_years"]:
        where = _("%(runde)s, Saison und Kasse") % {"runde": runde(row["group_id"])}
        try:
            check_settings(row["season_ranking"], row["season_min_games"],
                           row["absent_table_points"])
        except InvalidInput as err:
            out += [f"{where}, {f}: {m}" for f, m in err.problems]
        cents = row["absent_fixed_cents"]
        try:
            check_absent(row["absent_pays"], cents)
        except InvalidInput as err:
            out += [f"{where}, {f}: {m}" for f, m in err.problems]
        if row["absent_pays"] != "fixed" and not 0 <= cents <= MAX_CENTS:
            out.append(_("%(place)s, absent_fixed_cents: zwischen 0 und 100.000 €")
                       % {"place": where})
    out += _settings_in_time_problems(rows, runde)
    seasons: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for season in rows["seasons"]:
        seasons[season["group_id"]].append(season)
    for group_id, own in sorted(seasons.items()):
        try:
            check_seasons([(s["name"], s["start"]) for s in own])
        except InvalidInput as err:
            out += [_("%(runde)s, Saisons: %(problem)s") % {"runde": runde(group_id), "problem": m}
                    for _field, m in err.problems]
    entries = {e["id"]: e for e in rows["kasse_entries"]}
    for entry in rows["kasse_entries"]:
        try:
            check_entry(entry["date"], entry["text"], entry["cents"])
        except InvalidInput as err:
            out += [_("%(runde)s, Kasse (id %(id)s), %(field)s: %(problem)s") % {
                "runde": runde(entry["group_id"]), "id": entry["id"], "field": f, "problem": m}
                for f, m in err.problems]
    evenings = {e["id"]: e for e in rows["evenings"]}
    for mark in rows["kasse_marks"]:
        group_id = evenings[mark["evening_id"]]["group_id"]
        where = _("%(runde)s, Abend %(number)s, bezahlt") % {
            "runde": runde(group_id), "number": evenings[mark["evening_id"]]["number"]}
        if players[mark["player_id"]]["group_id"] != group_id:
            out.append(_("%(place)s: %(name)s gehört nicht zu dieser Runde") % {
                "place": where, "name": players[mark["player_id"]]["name"]})
        if not 0 < mark["cents"] <= MAX_CENTS:
            out.append(_("%(place)s, cents: über 0 und höchstens 100.000 €") % {"place": where})
    for event in rows["kasse_events"]:
        out += [_("%(runde)s, Verlauf der Kasse (id %(id)s)%(problem)s") % {
                "runde": runde(event["group_id"]), "id": event["id"], "problem": p}
                for p in _kasse_event_problems(event, evenings, players, entries)]
    return out


def _settings_in_time_problems(rows: Rows, runde: Any) -> list[str]:
    """The settings in time (RULES.md §11.4) as scorer.services.year reads them: each
    setting one the core takes, and each Runde's history of a setting starting from the
    beginning (a file written before the history has none: its ``runde_years`` applies)."""
    out: list[str] = []
    timelines: dict[tuple[str, int], list[Dated[None]]] = defaultdict(list)
    for table, check in (("ranking_rules", lambda r: check_settings(
                              r["season_ranking"], r["season_min_games"],
                              r["absent_table_points"])),
                         ("absent_rules", lambda r: check_absent(r["absent_pays"],
                                                                 r["absent_fixed_cents"]))):
        for row in rows[table]:
            place = _("%(runde)s, Saison und Kasse") % {"runde": runde(row["group_id"])}
            where = f"{place}, {rule_start(row['valid_from'])}"
            try:
                check(row)
            except InvalidInput as err:
                out += [f"{where}, {f}: {m}" for f, m in err.problems]
            if table == "absent_rules" and row["absent_pays"] != "fixed" and not (
                    0 <= row["absent_fixed_cents"] <= MAX_CENTS):
                out.append(_("%(place)s, absent_fixed_cents: zwischen 0 und 100.000 €")
                           % {"place": where})
            timelines[(table, row["group_id"])].append(Dated(row["valid_from"], None))
    for (table, group_id), timeline in sorted(timelines.items()):
        try:
            check_timeline(timeline, "valid_from")
        except InvalidInput as err:
            out += [_("%(runde)s, Saison und Kasse") % {"runde": runde(group_id)}
                    + f", {table}.{f}: {m}" for f, m in err.problems]
    return out


def _kasse_event_problems(event: dict[str, Any], evenings: Mapping[int, dict[str, Any]],
                          players: Mapping[int, dict[str, Any]],
                          entries: Mapping[int, dict[str, Any]]) -> list[str]:
    group_id = event["group_id"]
    if event["action"] not in KASSE_ACTIONS:
        return [_(", action: unbekannte Änderung %(action)s") % {"action": repr(event["action"])}]
    out = []
    if event["action"] in ("paid", "unpaid"):
        if event["evening_id"] is None or event["player_id"] is None:
            return [_(": nennt keinen Abend und Spieler")]
        if evenings[event["evening_id"]]["group_id"] != group_id:
            out.append(_(", evening_id: ein Abend einer anderen Runde"))
        if players[event["player_id"]]["group_id"] != group_id:
            out.append(_(", player_id: ein Spieler einer anderen Runde"))
        if (event["action"] == "paid") != (event["new_cents"] is not None):
            out.append(_(", new_cents: fehlt") if event["action"] == "paid"
                       else _(", new_cents: gehört nicht dazu"))
    else:
        if event["entry_id"] is None:
            return [_(": nennt keinen Eintrag")]
        if entries[event["entry_id"]]["group_id"] != group_id:
            out.append(_(", entry_id: ein Eintrag einer anderen Runde"))
    return out


def _runde(group: dict[str, Any]) -> str:
    """How a problem line names a Runde: by its name, unless the name is itself refused (and
    could turn the terminal's text around)."""
    if _name_problem(group["name"], RUNDE_NAME) is None:
        return _("Runde „%(name)s“") % {"name": group["name"]}
    return _("Runde (id %(id)s)") % {"id": group["id"]}


def _name_problem(name: str, field: NameField) -> str | None:
    """Why the pages would not have stored ``name`` as it is, or None."""
    try:
        cleaned = clean_name(name, field)
    except InvalidName as err:
        return str(err)
    if cleaned != name:
        return _("%(label)s ist nicht so gespeichert, wie die Seiten Namen speichern "
                 "(Leerzeichen am Rand, Zeichen nicht zusammengesetzt)") % {"label": field.label}
    return None


def _name_problems(groups: list[dict[str, Any]], players: list[dict[str, Any]]) -> list[str]:
    out = [_("%(runde)s, name: %(problem)s") % {"runde": _runde(g), "problem": problem}
           for g in groups
           if (problem := _name_problem(g["name"], RUNDE_NAME)) is not None]
    named = {g["id"]: _runde(g) for g in groups}
    taken: dict[tuple[int, str], dict[str, Any]] = {}
    for player in sorted(players, key=lambda p: p["id"]):
        where = _("%(runde)s, Spieler (id %(id)s), name") % {
            "runde": named[player["group_id"]], "id": player["id"]}
        problem = _name_problem(player["name"], PLAYER_NAME)
        if problem is not None:
            out.append(f"{where}: {problem}")
            continue
        key = (player["group_id"], name_key(player["name"]))
        if key in taken:
            out.append(_("%(place)s: „%(name)s“ gibt es in dieser Runde schon "
                         "(„%(other)s“, id %(id)s)") % {
                "place": where, "name": player["name"], "other": taken[key]["name"],
                "id": taken[key]["id"]})
        taken.setdefault(key, player)
    return out


COUNTERS = (("groups", "version"), ("evenings", "revision"), ("evenings", "version"),
            ("games", "revision"), ("game_events", "revision"))
"""Columns that start at 1 and only ever count up."""
MAX_COUNT = INTEGER_RANGE[1]
"""A counter here could not count up once more."""


def _number_problems(rows: Rows) -> list[str]:
    out = []
    for table, column in COUNTERS:
        for row in rows[table]:
            if not 1 <= row[column] < MAX_COUNT:
                out.append(_("%(table)s (id %(id)s), %(column)s: %(value)s – zählt von 1 an "
                             "hoch und muss kleiner als %(most)s sein") % {
                    "table": table, "id": row["id"], "column": column, "value": row[column],
                    "most": MAX_COUNT})
    numbers: dict[int, list[int]] = defaultdict(list)
    for evening in rows["evenings"]:
        numbers[evening["group_id"]].append(evening["number"])
    for group in rows["groups"]:
        found = sorted(numbers[group["id"]])
        if found != list(range(1, len(found) + 1)):
            shown = ", ".join(map(str, found[:10])) + (" …" if len(found) > 10 else "")
            out.append(_("%(runde)s, Abende: nummeriert %(numbers)s – „Neuer Abend“ zählt "
                         "von 1 an ohne Lücke") % {"runde": _runde(group), "numbers": shown})
    for event in rows["game_events"]:
        via = event["via"]
        if via is not None and not services.VIA_PATTERN.fullmatch(via):
            out.append(_("game_events (id %(id)s), via: kein Fingerabdruck eines Links")
                       % {"id": event["id"]})
    return out


def _link_problems(groups: list[dict[str, Any]]) -> list[str]:
    out = []
    seen: set[str] = set()
    for group in groups:
        for key in ("edit_token", "read_token"):
            token = group[key]
            if not services.TOKEN_PATTERN.fullmatch(token):
                out.append(_("%(runde)s, %(key)s: kein gültiger Link") % {
                    "runde": _runde(group), "key": key})
            elif token in seen:
                out.append(_("%(runde)s, %(key)s: derselbe Link wie ein anderer") % {
                    "runde": _runde(group), "key": key})
            seen.add(token)
    return out


def _rules_problems(group: dict[str, Any]) -> list[str]:
    where = _runde(group)
    overrides = group["overrides"]
    if not isinstance(overrides, dict) or not isinstance(group["preset"], str):
        return [_("%(runde)s, overrides: muss ein JSON-Objekt mit Regel-Optionen sein")
                % {"runde": where}]
    if "preset" in overrides:
        return [_("%(runde)s, overrides.preset: das Regelwerk steht nicht bei den "
                  "Abweichungen") % {"runde": where}]
    try:
        services.rules_of(group["preset"], overrides)
    except InvalidInput as err:
        return [f"{where}, {f}: {m}" for f, m in err.problems]
    return []


def _evening_problems(evening: dict[str, Any], seats: list[dict[str, Any]],
                      games: list[dict[str, Any]], events: list[dict[str, Any]],
                      players: dict[int, dict[str, Any]]) -> list[str]:
    # Every player of the Runde, as the pages name them: table changes may seat any of them.
    names = {i: p["name"] for i, p in players.items() if p["group_id"] == evening["group_id"]}
    out = [_("Platz %(number)s: %(name)s gehört nicht zu dieser Runde") % {
        "number": s["position"] + 1, "name": players[s["player_id"]]["name"]} for s in seats
           if players[s["player_id"]]["group_id"] != evening["group_id"]]
    out += [f"{f}: {m}" for f, m in services.money_problems(
        price_cents(evening["tenth_cents_per_point"]), evening["settlement_mode"],
        evening["settlement_rounding"])]
    if not isinstance(evening["rules"], dict):
        return [*out, _("rules: muss ein JSON-Objekt mit Regel-Optionen sein")]
    try:
        setup = services.core_setup(evening["rules"],
                                    [players[s["player_id"]]["name"] for s in seats],
                                    players[evening["first_dealer_id"]]["name"],
                                    evening["planned_games"],
                                    evening.get("bock_queue_start"))
    except InvalidInput as err:
        return [*out, *(f"{f}: {m}" for f, m in err.problems)]
    live = [g for g in games if g["deleted_at"] is None]
    for game in games:
        out += [_("%(row)s (id %(id)s)%(problem)s") % {
                "row": _row_name(game), "id": game["id"], "problem": p}
                for p in _stranger_problems(game["facts"], names)]
    out += _fold_problems(setup, live, names)
    for game in games:
        if game["deleted_at"] is not None:
            deleted = (_("gelöschter Tischwechsel") if services.is_table_change(game["facts"])
                       else _("gelöschtes Spiel"))
            out += [_("%(row)s (id %(id)s)%(problem)s") % {
                    "row": deleted, "id": game["id"], "problem": p}
                    for p in _facts_problems(game["facts"], names, setup)]
    evening_games = {g["id"] for g in games}
    for event in events:
        place = _("Verlauf (id %(id)s)") % {"id": event["id"]}
        if event["game_id"] not in evening_games:
            out.append(_("%(place)s: gehört zu einem Spiel eines anderen Abends")
                       % {"place": place})
        if event.get("old_after_game_id") not in (None, *evening_games):
            out.append(_("%(place)s, old_after_game_id: gehört zu einem Spiel eines anderen "
                         "Abends") % {"place": place})
        holds = FACTS_BY_ACTION.get(event["action"])
        if holds is None:
            out.append(_("%(place)s, action: unbekannte Änderung %(action)s") % {
                "place": place, "action": repr(event["action"])})
            continue
        for key, held in zip(("old_facts", "new_facts"), holds):
            facts = event[key]
            if held != (facts is not None):
                out.append((_("%(place)s, %(key)s: fehlt") if held
                            else _("%(place)s, %(key)s: gehört nicht dazu"))
                           % {"place": place, "key": key})
            elif facts is not None:
                out += [f"{place}{_nested(key, p)}"
                        for p in _stranger_problems(facts, names)
                        + _facts_problems(facts, names, setup)]
    return out


def _nested(key: str, problem: str) -> str:
    # _facts_problems gives ": message" or ", field: message"; put the column in front.
    if problem.startswith(", "):
        return f", {key}.{problem[2:]}"
    return f", {key}{problem}"


def _fold_problems(setup: EveningSetup, live: list[dict[str, Any]],
                   names: dict[int, str]) -> list[str]:
    for game in live:
        if not isinstance(game["facts"], dict):
            number = live.index(game) + 1
            return [_("Spiel %(number)s: ein Spiel muss ein JSON-Objekt sein")
                    % {"number": number}]
    try:
        services.fold_facts(setup, [g["facts"] for g in live], names)
    except InvalidInput as err:
        return [_game_place(f, m, [g["facts"] for g in live]) for f, m in err.problems]
    except (TypeError, ValueError):
        return [_("die Spiele sind unlesbar")]
    return []


def _game_place(field: str, message: str, entries: list[Any]) -> str:
    match = _GAME.match(field)
    if match is None:
        return f"{field}: {message}"
    rest = field[match.end():]
    index = int(match.group(1))
    games = sum(1 for e in entries[:index] if not services.is_table_change(e))
    place = (words.table_change_place(games) if services.is_table_change(entries[index])
             else words.game_place(games + 1))
    return place + (f", {rest}" if rest else "") + f": {message}"


def _row_name(game: dict[str, Any]) -> str:
    return _("Tischwechsel") if services.is_table_change(game["facts"]) else _("Spiel")


def _stranger_problems(facts: Any, names: dict[int, str]) -> list[str]:
    """Player ids in stored facts that are no player of this Runde: the pages would show
    them as numbers (and a table change would seat a "player" called "17")."""
    if not isinstance(facts, dict):
        return []
    # A table change names players by id only; in a game, a name (from a hand-made file)
    # is left to the core, as the pages leave it (services.to_core).
    table = services.is_table_change(facts)
    ids: list[Any] = []
    for key in ("players", "re", "table"):
        if isinstance(facts.get(key), list):
            ids += facts[key]
    for key in ("dealer", "caller"):
        if facts.get(key) is not None:
            ids.append(facts[key])
    for key in ("eyes", "points"):
        if isinstance(facts.get(key), dict):
            ids += [i for i in map(services.eyes_player_id, facts[key]) if i is not None]
    strangers = sorted({str(i) for i in ids
                        if (type(i) is int and i not in names) or (table and type(i) is not int)})
    return [_(": nennt Spieler, die nicht zu dieser Runde gehören: %(ids)s") % {
        "ids": ", ".join(strangers)}] if strangers else []


def _facts_problems(facts: Any, names: dict[int, str], setup: EveningSetup) -> list[str]:
    """The problems of one entry's facts on their own (no place in an evening), each as
    ": message" or ", field: message". A table change is checked as the evening's first
    entry, by the core itself."""
    try:
        if services.is_table_change(facts):
            fold(setup, [services.to_core(facts, names)])
        else:
            parse_game(services.to_core(facts, names) if isinstance(facts, dict) else facts)
    except InvalidInput as err:
        return [f", {f}: {m}" if f else f": {m}" for f, m in err.problems]
    except (TypeError, ValueError):
        return [_(": die Spielangaben sind unlesbar")]
    return []



# --------------------------------------------------------------------------- tournaments


def tournament_problems(rows: Rows) -> list[str]:
    """What a tournament's pages need beyond the tables' own checks: links, name, rules and
    settings as the organiser's forms allow them, registrations, rounds numbered 1, 2 … with
    seatings of this tournament's players at tables of §11.3, and each table's Runde and
    evening where the round's state puts them."""
    out: list[str] = []
    by_tournament: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for player in rows["tournament_players"]:
        by_tournament[player["tournament_id"]].append(player)
    rounds: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for round_ in rows["tournament_rounds"]:
        rounds[round_["tournament_id"]].append(round_)
    tables: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for table in rows["tournament_tables"]:
        tables[table["round_id"]].append(table)
    context = (
        {g["id"]: g for g in rows["groups"]}, {e["id"]: e for e in rows["evenings"]},
        {r["id"]: r for r in rows["tournament_rounds"]})
    for tournament in rows["tournaments"]:
        where = _("Turnier „%(name)s“") % {"name": tournament["name"]}
        out += [f"{where}, {p}" for p in _tournament_problems(
            tournament, by_tournament[tournament["id"]], rounds[tournament["id"]], tables,
            context)]
    return out


def _tournament_problems(tournament: dict[str, Any], players: list[dict[str, Any]],
                         rounds: list[dict[str, Any]], tables: dict[int, list[dict[str, Any]]],
                         context: tuple[dict[int, Any], dict[int, Any], dict[int, Any]],
                         ) -> list[str]:
    from scorer.core.club import InvalidClub, table_sizes
    from scorer.core.names import PLAYER_NAME, InvalidName, clean_name
    from scorer.services.club_rounds import MAX_SEED
    from scorer.services.tournaments import TOURNAMENT_NAME, settings_problems

    groups, evenings, all_rounds = context
    out = [_("%(key)s: kein gültiger Link") % {"key": key} for key in ("edit_token", "read_token")
           if not services.TOKEN_PATTERN.fullmatch(tournament[key])]
    try:
        if clean_name(tournament["name"], TOURNAMENT_NAME) != tournament["name"]:
            out.append(_("name: so nicht gespeichert (Leerzeichen am Rand?)"))
    except InvalidName as err:
        out.append(f"name: {err}")
    rules = tournament["rules"]
    if not isinstance(rules, dict) or rules.get("preset") != tournament["preset"]:
        out.append(_("rules: muss die Regeln des Regelwerks preset enthalten"))
    else:
        try:
            services.rules_of(tournament["preset"], {k: v for k, v in rules.items()
                                                     if k != "preset"})
        except InvalidInput as err:
            out += [f"{f}: {m}" for f, m in err.problems]
    out += [f"{f}: {m}" for f, m in settings_problems(
        tournament["planned_games"], tournament["round_count"], tournament["ranking"],
        tournament["absent_table_points"])]
    registered: dict[int, str] = {}
    names: set[str] = set()
    for player in players:
        place = _("Spieler Nr. %(number)s") % {"number": player["number"]}
        try:
            name = clean_name(player["name"], PLAYER_NAME)
        except InvalidName as err:
            out.append(f"{place}: {err}")
            continue
        if name != player["name"] or name.casefold() in names:
            out.append(_("%(place)s: %(name)s so nicht oder doppelt angemeldet") % {
                "place": place, "name": player["name"]})
        if player["number"] < 1 or player["from_round"] < 1 or (
                player["left_after"] is not None and player["left_after"] < 0):
            out.append(pgettext("round", "%(place)s: Nummer und Runden zählen ab 1")
                       % {"place": place})
        names.add(name.casefold())
        registered[player["id"]] = name
    if out:
        return out
    ordered = sorted(rounds, key=lambda r: r["number"])
    if [r["number"] for r in ordered] != list(range(1, len(ordered) + 1)) or (
            len(ordered) > tournament["round_count"]):
        return [pgettext("round", "die Runden müssen 1, 2, … bis höchstens round_count heißen")]
    started_before = True
    for round_ in ordered:
        place = pgettext("round", "Runde %(number)s") % {"number": round_["number"]}
        seating = round_["seating"]
        started = round_["started_at"] is not None
        if not (isinstance(seating, list) and all(isinstance(t, list) for t in seating)):
            out.append(_("%(place)s, seating: muss eine Liste von Tischen sein")
                       % {"place": place})
            continue
        seated = [i for t in seating for i in t]
        if any(type(i) is not int or i not in registered for i in seated) or (
                len(set(seated)) != len(seated)):
            out.append(_("%(place)s, seating: nur angemeldete Spieler, jeder einmal")
                       % {"place": place})
            continue
        try:
            if sorted(len(t) for t in seating) != table_sizes(len(seated)):
                out.append(_("%(place)s, seating: Tische wie in RULES.md §11.3")
                           % {"place": place})
        except InvalidClub as err:
            out += [f"{place}, seating: {m}" for _field, m in err.problems]
        if not 0 <= round_["seed"] <= MAX_SEED or round_["repeats"] < 0:
            out.append(_("%(place)s: seed und repeats ab 0") % {"place": place})
        if (round_["ended_at"] is not None and not started) or (started and not started_before):
            out.append(pgettext("round", "%(place)s: begonnen und beendet nur in der "
                                "Reihenfolge der Runden") % {"place": place})
        started_before = started
        mine = sorted(tables[round_["id"]], key=lambda t: t["number"])
        if [t["number"] for t in mine] != list(range(1, len(seating) + 1)):
            out.append(_("%(place)s: ein Tisch je Tisch der Auslosung, 1, 2, …")
                       % {"place": place})
        for table in mine:
            group, evening = groups[table["group_id"]], evenings.get(table["evening_id"])
            if (table["tournament_id"] != tournament["id"]
                    or all_rounds[table["round_id"]]["tournament_id"] != tournament["id"]
                    or not group["tournament_table"]
                    or (evening is None) == started
                    or (evening is not None and evening["group_id"] != group["id"])):
                out.append(pgettext("group", "%(place)s, Tisch %(number)s: Runde und Abend des "
                                    "Tisches passen nicht zusammen") % {
                    "place": place, "number": table["number"]})
    return out


def club_more_problems(rows: Rows) -> list[str]:
    """A tournament's round clock as its form allows it, and each Vereinsmeisterschaft's
    links, name and ranking as its pages make them (issue 37)."""
    from scorer.core.club import (
        MAX_ROUND_MINUTES,
        SERIES_METHODS,
        InvalidClub,
        check_round_minutes,
    )
    from scorer.words import club_more as more

    out: list[str] = []
    for tournament in rows["tournaments"]:
        try:
            check_round_minutes(tournament.get("round_minutes"))
        except InvalidClub:
            out.append(_("Turnier „%(name)s“, round_minutes: %(problem)s") % {
                "name": tournament["name"], "problem": more.round_minutes_range(MAX_ROUND_MINUTES)})
    seen = {g[k] for g in rows["groups"] for k in ("edit_token", "read_token")}
    seen |= {t[k] for t in rows["tournaments"] for k in ("edit_token", "read_token")}
    for series in rows.get("club_series", []):
        where = _("Vereinsmeisterschaft (id %(id)s)") % {"id": series["id"]}
        for key in ("edit_token", "read_token"):
            if not services.TOKEN_PATTERN.fullmatch(series[key]) or series[key] in seen:
                out.append(_("%(place)s, %(key)s: kein gültiger Link") % {
                    "place": where, "key": key})
            seen.add(series[key])
        if _name_problem(series["name"], NameField(more.series_name_label(), 60)) is not None:
            out.append(_("%(place)s, name: so nicht gespeichert") % {"place": where})
        if series["ranking"] not in SERIES_METHODS:
            out.append(_("%(place)s, ranking: unbekannte Wertung %(value)s") % {
                "place": where, "value": repr(series["ranking"])})
    return out
