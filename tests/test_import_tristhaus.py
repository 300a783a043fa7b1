"""QtDoppelKopf ``.qdk`` and jsdoppelkopf logs, issue 28 §2: each event kind replayed
(playersSet → a table change of RULES.md §7, deal → a recorded game of its diffs times the Bock
factor, mandatorySoloTrigger → a noted Pflichtsolo round), Bock worked out by hand from the
apps' rule (IMPORT-FORMATS.md §4.2/4.3: an event raises the next N games by one level, capped
at 3 = ×8, overflow lengthening the round), and random valid logs whose totals are the log's
own sums."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.importers import ImportRefused, read_import
from tests.budget import examples

DATA = Path(__file__).resolve().parent / "data" / "import"
FOUR = ["Anna", "Ben", "Cem", "Dora"]


def table(names: list[str], dealer: str, scheme: list[int] | None = None,
          previous: str = "") -> dict[str, Any]:
    return {"kind": "playersSet", "playerNames": names, "dealerName": dealer,
            "sitOutScheme": scheme or [], "previousDealerName": previous}


def deal(changes: dict[str, int], events: int = 0, *, qt: bool = False,
         players: int = 4) -> dict[str, Any]:
    entry: dict[str, Any] = {"kind": "deal"}
    if qt:
        entry.update(players=players, numberOfEvents=events)
    else:
        entry["events"] = events
    entry["changes"] = [{"name": n, "diff": d} for n, d in changes.items()]
    return entry


TRIGGER = {"kind": "mandatorySoloTrigger"}


def qdk(log: list[dict[str, Any]]) -> bytes:
    return json.dumps({"dataVersion": "2", "data": log}).encode()


def read(log: list[dict[str, Any]], qt: bool) -> Any:
    data = qdk(log) if qt else json.dumps(log).encode()
    plan = read_import(data, "abend.qdk" if qt else "log.json")
    (evening,) = plan.evenings
    return evening


def factors(evening: Any) -> list[int]:
    """Each game's Bock factor, as its points over its diff (the diffs are ±1 here)."""
    return [max(abs(v) for v in e["points"].values()) for e in evening.entries
            if "table" not in e]


WIN = {"Anna": 1, "Ben": 1, "Cem": -1, "Dora": -1}


# ------------------------------------------------------------------ the sample files


def test_the_qdk_sample_gets_the_factors_worked_out_by_hand() -> None:
    # Deal 0 fires 3 events: games 1-4 reach level 3 (×8). Deal 1 fires 1: games 2-4 are full,
    # so its round is games 5-8 (×2). Deal 3 fires 2: games 5-8 to level 3. After deal 4 a
    # Pflichtsolo round of 4 is inserted (games 5-8, ×1), pushing the ×8 games to 9-12; deal
    # 5's event starts behind the round and the full games: 13-16 (×2). At six players deal 10
    # fires one event of 6: games 11, 12 are full, so 13-18 rise (13-16 ×4, 17-18 ×2).
    plan = read_import((DATA / "Doko 2025-12-05.qdk").read_bytes(), "Doko 2025-12-05.qdk")
    (evening,) = plan.evenings
    games = [e for e in evening.entries if "table" not in e]
    notes = [g.get("note", "") for g in games]
    assert [n.count("Pflichtsolorunde") for n in notes] == [0] * 5 + [1] * 4 + [0] * 11
    bock = [int(n.split("Bock ×")[1]) if "Bock ×" in n else 1 for n in notes]
    assert bock == [1, 8, 8, 8, 8, 1, 1, 1, 1, 8, 8, 8, 8, 4, 4, 4, 4, 2, 2, 1]
    assert evening.date is not None and str(evening.date) == "2025-12-05"
    assert plan.players == ("Anna", "Ben", "Cem", "Dora", "Emil", "Jürgen")


def test_jsdoppelkopf_lays_later_events_on_the_pflichtsolo_round() -> None:
    # Same log: the trigger inserts four ×1 games, and deal 5's event raises the next four
    # slots below the cap from game 6 on: 6, 7, 8 (the rest of the Pflichtsolo round) and,
    # past the full 9-12, game 13. Deal 10's event of 6 then: 13 → ×4, 14-18 → ×2.
    text = (DATA / "jsdoppelkopf-games.json").read_text(encoding="utf-8")
    plan = read_import(text.encode(), "jsdoppelkopf-games.json")
    first, second = plan.evenings
    notes = [g.get("note", "") for g in first.entries if "table" not in g]
    bock = [int(n.split("Bock ×")[1]) if "Bock ×" in n else 1 for n in notes]
    assert bock == [1, 8, 8, 8, 8, 1, 2, 2, 2, 8, 8, 8, 8, 4, 2, 2, 2, 2, 2, 1]
    assert (first.title, str(first.date)) == ("jsdoppelkopf RQWERTZ", "2025-12-04")
    assert (second.first_dealer, second.seats) == ("Ben", ("Anna", "Ben", "Cem", "Dora",
                                                            "Emil"))
    assert str(second.date) == "2025-12-12"  # canonical {"$numberLong": …} read too


def canonical(value: Any) -> Any:
    """A document as ``mongoexport --jsonFormat=canonical`` writes it: every number typed."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return {"$numberLong" if abs(value) >= 2**31 else "$numberInt": str(value)}
    if isinstance(value, list):
        return [canonical(v) for v in value]
    if isinstance(value, dict):
        return {k: canonical(v) for k, v in value.items()}
    return value


def test_mongoexports_canonical_format_reads_as_the_relaxed_one() -> None:
    text = (DATA / "jsdoppelkopf-games.json").read_text(encoding="utf-8")
    relaxed = read_import(text.encode(), "jsdoppelkopf-games.json")
    documents = [json.loads(line) for line in text.splitlines() if line.strip()]
    typed = [dict(canonical(d), _id={"$oid": f"65f0c0ffee{k:014d}"})
             for k, d in enumerate(documents)]
    assert '"$numberInt"' in json.dumps(typed)  # the deals' diffs and events are typed now
    lines = "\n".join(json.dumps(d) for d in typed).encode()
    plan = read_import(lines, "games.json")
    assert [e.entries for e in plan.evenings] == [e.entries for e in relaxed.evenings]
    assert [e.source_totals for e in plan.evenings] == [e.source_totals
                                                       for e in relaxed.evenings]
    assert [e.date for e in plan.evenings] == [e.date for e in relaxed.evenings]


# ------------------------------------------------------------------ per event kind


@pytest.mark.parametrize("qt", [True, False], ids=["qdk", "js"])
def test_players_set_seats_the_evening_and_later_ones_are_table_changes(qt: bool) -> None:
    six = FOUR + ["Emil", "Fritz"]
    log = [table(["X1", "X2", "X3", "X4"], "X1"), table(FOUR, "Cem"),
           deal(WIN, qt=qt), table(six, "Emil", [3], "Dora"),
           deal({"Anna": 1, "Cem": -1, "Dora": 1, "Fritz": -1}, qt=qt, players=6)]
    evening = read(log, qt)
    assert (evening.seats, evening.first_dealer) == (tuple(FOUR), "Cem")  # X1-X4 replaced
    assert evening.entries[1] == {"table": six, "dealer": "Emil"}
    # six at the table: the dealer (Emil) and offset 3 (Ben) sit out
    assert evening.entries[2]["players"] == ["Anna", "Cem", "Dora", "Fritz"]
    ledger = evening.fold()
    assert ledger.games[1].dealer == "Emil"
    assert ledger.totals == {"Anna": 2, "Ben": 1, "Cem": -2, "Dora": 0, "Emil": 0, "Fritz": -1}


@pytest.mark.parametrize("qt", [True, False], ids=["qdk", "js"])
def test_a_player_seated_who_never_played_and_left_is_no_player_of_the_evening(qt: bool) -> None:
    # Emil joins as the dealer of a table of five, sits the one deal out, and leaves: the
    # apps list four players; kept with 0 he made five (placement, table points).
    five = FOUR + ["Emil"]
    log = [table(FOUR, "Anna"), deal(WIN, qt=qt), table(five, "Emil", [], "Anna"),
           deal({"Anna": 1, "Ben": -1, "Cem": 1, "Dora": -1}, qt=qt, players=5),
           table(FOUR, "Cem", [], "Emil"), deal(WIN, qt=qt)]
    evening = read(log, qt)
    assert evening.fold().totals == {"Anna": 3, "Ben": 1, "Cem": -1, "Dora": -3}
    assert dict(evening.source_totals) == {"Anna": 3, "Ben": 1, "Cem": -1, "Dora": -3}
    assert evening.entries[1] == {"table": FOUR, "dealer": "Anna"}  # Emil's turn: Anna's
    assert any("„Emil“ saß am Tisch, spielte aber kein Spiel" in n for n in evening.notes)


@pytest.mark.parametrize("qt", [True, False], ids=["qdk", "js"])
def test_a_table_of_eight_comes_as_the_four_of_each_game(qt: bool) -> None:
    # Eight at the table, Anna deals; she and the next three (sitOutScheme 1, 2, 3) sit out:
    # Emil, Fritz, Gabi and Hans play game 1. Then Ben deals: Ben, Cem, Dora, Emil out.
    eight = FOUR + ["Emil", "Fritz", "Gabi", "Hans"]
    log = [table(eight, "Anna", [1, 2, 3]),
           deal({"Emil": 1, "Fritz": 1, "Gabi": -1, "Hans": -1}, qt=qt, players=8),
           deal({"Fritz": 2, "Gabi": -2, "Hans": 2, "Anna": -2}, qt=qt, players=8)]
    evening = read(log, qt)
    assert (evening.seats, evening.first_dealer) == (("Emil", "Fritz", "Gabi", "Hans"), "Emil")
    assert evening.entries[1] == {"table": ["Anna", "Fritz", "Gabi", "Hans"], "dealer": "Fritz"}
    assert evening.fold().totals == {"Emil": 1, "Fritz": 3, "Gabi": -3, "Hans": 1, "Anna": -2}
    assert any("Tisch mit 8 Spielern" in n for n in evening.notes)


@pytest.mark.parametrize("qt", [True, False], ids=["qdk", "js"])
def test_a_deal_is_a_recorded_game_of_its_diffs_times_the_bock_factor(qt: bool) -> None:
    log = [table(FOUR, "Anna"), deal(WIN, 1, qt=qt)] + [deal(WIN, qt=qt)] * 5
    evening = read(log, qt)
    assert factors(evening) == [1, 2, 2, 2, 2, 1]
    assert evening.entries[1] == {"kind": "recorded", "points": {
        "Anna": 2, "Ben": 2, "Cem": -2, "Dora": -2}, "note": "Bock ×2"}


@pytest.mark.parametrize("qt", [True, False], ids=["qdk", "js"])
def test_bock_is_capped_at_eight_and_the_overflow_lengthens_the_round(qt: bool) -> None:
    # 5 events at once: four raise games 1-4 to level 3 and spill over, the fifth round runs
    # on behind them: levels 3,3,3,3 then 2,1... counted: units 5·4 = 20 = 4·3 + 4·2
    log = [table(FOUR, "Anna"), deal(WIN, 5, qt=qt)] + [deal(WIN, qt=qt)] * 9
    assert factors(read(log, qt)) == [1, 8, 8, 8, 8, 4, 4, 4, 4, 1]


@pytest.mark.parametrize("qt, factors_after", [
    # Qt: the Pflichtsolo round (4 games) is played without Bock; the queued ×2 waits behind
    (True, [1, 1, 1, 1, 2, 2, 2, 2, 1]),
    # js: the round's four games are inserted before the queued ×2 as well
    (False, [1, 1, 1, 1, 2, 2, 2, 2, 1]),
], ids=["qdk", "js"])
def test_a_pflichtsolo_round_is_noted_and_pushes_bock_back(qt: bool,
                                                          factors_after: list[int]) -> None:
    log = [table(FOUR, "Anna"), deal(WIN, 1, qt=qt), TRIGGER] + [deal(WIN, qt=qt)] * 9
    evening = read(log, qt)
    assert factors(evening)[1:] == factors_after
    assert ["Pflichtsolorunde" in e.get("note", "") for e in evening.entries] == (
        [False] + [True] * 4 + [False] * 5)


def test_an_event_inside_the_pflichtsolo_round_waits_in_qt_but_not_in_js() -> None:
    def log(qt: bool) -> list[dict[str, Any]]:
        return [table(FOUR, "Anna"), deal(WIN, qt=qt), TRIGGER, deal(WIN, 1, qt=qt)] + [
            deal(WIN, qt=qt)] * 7
    # the event of the round's first game: Qt starts it behind the round (games 5-8),
    # js on the next four slots (the round's games 3-5 … and game 5)
    assert factors(read(log(True), True)) == [1, 1, 1, 1, 1, 2, 2, 2, 2]
    assert factors(read(log(False), False)) == [1, 1, 2, 2, 2, 2, 1, 1, 1]


def test_qt_completes_fewer_than_four_changes_as_the_app_does() -> None:
    log = [table(FOUR, "Anna"), deal({"Ben": 1, "Dora": 1}, qt=True),
           deal({"Anna": 3}, qt=True), deal({"Anna": 2, "Ben": 2, "Cem": 2}, qt=True)]
    entries = read(log, True).entries
    assert entries[0]["points"] == {"Ben": 1, "Dora": 1, "Anna": -1, "Cem": -1}
    assert entries[1]["points"] == {"Anna": 3, "Ben": -1, "Cem": -1, "Dora": -1}
    assert entries[2]["points"] == {"Anna": 2, "Ben": 2, "Cem": 2, "Dora": -6}


@pytest.mark.parametrize("names, scheme, dealer, out", [
    (["A", "B", "C", "D", "E"], [], "C", {"C"}),
    (["A", "B", "C", "D", "E", "F"], [2], "A", {"A", "C"}),
    (["A", "B", "C", "D", "E", "F", "G"], [1, 4], "F", {"F", "G", "C"}),
], ids=["five", "six", "seven"])
def test_the_sit_out_scheme_counts_from_the_dealer(names: list[str], scheme: list[int],
                                                   dealer: str, out: set[str]) -> None:
    four = [n for n in names if n not in out]
    log = [table(names, dealer, scheme), deal(dict(zip(four, [1, 1, -1, -1])))]
    evening = read(log, False)
    assert set(evening.entries[0].get("players", four)) == set(four)


# ------------------------------------------------------------------ refusals


def _refused(log: Any, qt: bool = True) -> list[str]:
    data = qdk(log) if qt else json.dumps(log).encode()
    with pytest.raises(ImportRefused) as err:
        read_import(data, "abend.qdk" if qt else "log.json")
    return err.value.lines()


@pytest.mark.parametrize("log, qt, words", [
    ([table(FOUR, "Anna"), deal({"Anna": 1, "Ben": 1, "Cem": -1, "Zoe": -1})], False,
     "Eintrag 2: „Zoe“ spielt in diesem Spiel nicht mit"),
    ([table(FOUR, "Anna"), TRIGGER], True, "Eintrag 2: eine Pflichtsolorunde vor dem ersten"),
    ([table(FOUR, "Anna"), deal(WIN, qt=True), TRIGGER, TRIGGER], True,
     "Eintrag 4: zweimal Pflichtsolorunde hintereinander"),
    ([table(FOUR, "Anna"), deal(WIN), TRIGGER, deal(WIN), TRIGGER], False,
     "Eintrag 5: eine Pflichtsolorunde, während schon eine läuft"),
    ([table(FOUR, "Anna"), {"kind": "undo"}], True, "Eintrag 2: unbekannte Art „undo“"),
    ([table(FOUR, "Zoe")], True, "Eintrag 1: der Geber „Zoe“ sitzt nicht am Tisch"),
    ([table(FOUR + ["E", "F"], "Anna", [])], True, "sitOutScheme braucht 1 verschiedene"),
    ([table(FOUR + list("EFGHI"), "Anna", [1, 2, 3, 4])], True, "4 bis 8 Spieler am Tisch"),
    ([table(FOUR, "Anna"), deal(WIN, qt=True, players=5)], True,
     "players ist 5, am Tisch sitzen aber 4"),
    ([table(FOUR, "Anna"), deal({"Anna": 3, "Ben": 1, "Cem": -2, "Dora": -2})], False,
     "genau zwei verschiedene Werte"),
    ([deal(WIN)], False, "das Protokoll beginnt nicht mit den Spielern"),
    ([table(FOUR, "Anna")], False, "das Protokoll enthält keine Spiele"),
    ([table(["Anna", "Anna", "Cem", "Dora"], "Anna")], True, "jeder Name darf nur einmal"),
    ([table(["Anna", "", "Cem", "Dora"], "Anna")], True, "Spieler 2: Spieler ohne Namen"),
    ([table(FOUR, "Anna"), deal(WIN, 100, qt=True)], True, "100 Bock-Ereignisse"),
    ([table(FOUR, "Anna"), deal({"Cem": -1, "Dora": 2}, qt=True)], True,
     "mit weniger als vier Einträgen müssen alle gleich sein"),
], ids=["stranger", "trigger-first", "trigger-twice", "js-trigger-running", "kind",
        "dealer", "scheme", "eight", "players-count", "two-values", "no-table", "no-games",
        "twice", "no-name", "events", "completion-unequal"])
def test_a_broken_log_is_refused_naming_the_entry(log: Any, qt: bool, words: str) -> None:
    lines = _refused(log, qt)
    assert any(words in line for line in lines), lines


@pytest.mark.parametrize("unbalanced, app", [
    ({**WIN, "Dora": 1}, {"Anna": 1, "Ben": 1, "Cem": -1, "Dora": 1}),   # a typo: +2
    ({"Cem": -1}, {"Cem": -1, "Anna": 0, "Ben": 0, "Dora": 0}),          # 1 // 3 = 0 each
], ids=["typo", "completion"])
def test_a_deal_the_app_saved_not_adding_up_is_a_game_of_0_with_the_apps_points_said(
        unbalanced: dict[str, int], app: dict[str, int]) -> None:
    # The whole evening was refused; the app counts the deal as saved: ours stores 0 each
    # (a game adds up, RULES.md §10.1), says what the app saved, and keeps its totals beside.
    evening = read([table(FOUR, "Anna"), deal(WIN, qt=True), deal(unbalanced, qt=True)], True)
    assert evening.fold().totals == WIN
    assert evening.entries[1]["points"] == dict.fromkeys(app, 0)
    assert "nicht 0): hier mit 0 Punkten übernommen" in evening.entries[1]["note"]
    assert dict(evening.source_totals) == {p: WIN[p] + app[p] for p in WIN}


def test_a_qdk_of_another_version_is_refused() -> None:
    data = json.dumps({"dataVersion": "1", "data": []}).encode()
    with pytest.raises(ImportRefused) as err:
        read_import(data, "alt.qdk")
    assert "QtDoppelKopf-Version „1“ wird nicht gelesen (nur 2)" in err.value.lines()[0]


# ------------------------------------------------------------------ random valid logs

POOL = ["Anna", "Ben", "Cem", "Dora", "Emil", "Fritz", "Gabi", "Hans", "Ines"]


@st.composite
def logs(draw: st.DrawFn, qt: bool, bock: bool = True) -> tuple[list[dict[str, Any]], int]:
    """A valid log, as the apps would write it, and the level units its events placed
    (N per event, N the players at the table)."""
    state: dict[str, Any] = {}
    out: list[dict[str, Any]] = []
    units = 0
    last_trigger: tuple[int, int] | None = None  # (deal index, N)
    deals = 0

    def seat() -> None:
        n = draw(st.integers(4, 8))  # QtDoppelKopf seats up to 8
        names = draw(st.permutations(POOL))[:n]
        dealer = draw(st.sampled_from(names))
        scheme = draw(st.lists(st.integers(1, n - 1), unique=True, min_size=max(0, n - 5),
                               max_size=max(0, n - 5)))
        previous = state["names"][state["dealer"]] if state else ""
        out.append(table(names, dealer, scheme, previous))
        state.update(names=names, dealer=names.index(dealer), scheme=set(scheme))

    def four() -> list[str]:
        names, d = state["names"], state["dealer"]
        n = len(names)
        off = state["scheme"] | ({0} if n > 4 else set())
        return [names[(d + k) % n] for k in range(n) if k not in off]

    def play(events: int, shape: str) -> None:
        nonlocal deals, units
        players = four()
        value = draw(st.integers(1, 6))
        if shape == "solo":
            diffs = [3 * value, -value, -value, -value]
        else:
            diffs = [value, value, -value, -value]
        diffs = draw(st.permutations(diffs))
        out.append(deal(dict(zip(players, diffs)), events, qt=qt, players=len(state["names"])))
        units += events * len(state["names"])
        deals += 1
        state["dealer"] = (state["dealer"] + 1) % len(state["names"])

    seat()
    for _ in range(draw(st.integers(1, 20))):
        step = draw(st.sampled_from(["deal"] * 6 + ["table", "trigger"]))
        recent = [e["kind"] for e in out[-len(state["names"]):]]
        running = "mandatorySoloTrigger" in recent or (
            last_trigger is not None and deals <= last_trigger[0] + last_trigger[1])
        if step == "table" and not running:
            seat()
        elif step == "trigger" and bock and deals and out[-1]["kind"] == "deal" \
                and not running:
            out.append(dict(TRIGGER))
            last_trigger = (deals - 1, len(state["names"]))
        else:
            play(draw(st.integers(0, 2)) if bock else 0,
                 draw(st.sampled_from(["normal", "solo"])))
    # enough quiet games at the end that every placed level lands on a game: a round may be
    # pushed past full games (a third of the units at most) and Pflichtsolo rounds
    triggers = sum(1 for e in out if e["kind"] == "mandatorySoloTrigger")
    for _ in range(units // 3 + 7 * triggers + 8):
        play(0, "normal")
    return out, units


def _log_factors(evening: Any, log: list[dict[str, Any]]) -> list[int]:
    """The factor of every game, as its points over the log's diffs (one factor per game)."""
    diffs = [{c["name"]: c["diff"] for c in e["changes"]} for e in log if e["kind"] == "deal"]
    games = [e for e in evening.entries if "table" not in e]
    out = []
    for game, diff in zip(games, diffs, strict=True):
        ratios = {game["points"][p] / d for p, d in diff.items()}
        assert len(ratios) == 1
        out.append(int(ratios.pop()))
    return out


@pytest.mark.parametrize("qt", [True, False], ids=["qdk", "js"])
@settings(max_examples=examples(25, 250))
@given(data=st.data())
def test_random_logs_without_bock_import_with_totals_equal_to_the_logs_sums(
        qt: bool, data: st.DataObject) -> None:
    log, _ = data.draw(logs(qt, bock=False))
    evening = read(log, qt)
    sums: dict[str, int] = {}
    for entry in log:
        for change in entry.get("changes", ()):
            sums[change["name"]] = sums.get(change["name"], 0) + change["diff"]
    totals = evening.fold().totals
    # the players of the log's deals, and those at the last table with 0: one seated who
    # never played and left is no player of the evening (the apps list them nowhere)
    last = [e for e in log if e["kind"] == "playersSet"][-1]["playerNames"]
    assert totals == {**dict.fromkeys((p for p in last if p not in sums), 0), **sums}
    assert dict(evening.source_totals) == totals


@pytest.mark.parametrize("qt", [True, False], ids=["qdk", "js"])
@settings(max_examples=examples(25, 250))
@given(data=st.data())
def test_random_logs_with_bock_place_every_level_and_fold_to_the_logs_totals(
        qt: bool, data: st.DataObject) -> None:
    log, units = data.draw(logs(qt))
    evening = read(log, qt)
    found = _log_factors(evening, log)
    assert set(found) <= {1, 2, 4, 8}
    # every event raised N games by one level each, none lost and none beyond ×8
    assert sum(int(math.log2(f)) for f in found) == units
    sums: dict[str, int] = {}
    games = iter(found)
    for entry in log:
        if entry["kind"] == "deal":
            factor = next(games)
            for change in entry["changes"]:
                sums[change["name"]] = sums.get(change["name"], 0) + change["diff"] * factor
    ledger = evening.fold()
    assert {p: v for p, v in ledger.totals.items() if p in sums} == sums
    assert dict(evening.source_totals) == ledger.totals
