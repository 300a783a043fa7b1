"""Bockzettel (doppelkopf-schreiber) exports, issue 28 §2: its own count reproduced flag by flag
from its rule text (scoringRules.ts, scoreCalculator.ts, bockResolver.ts, bockLevel.ts, as
IMPORT-FORMATS.md §4.1 sums them up), and its facts mapped onto ours. Every expected number is
worked out here by hand from that text, not taken from the importer."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scorer.core.rules import SoloKind, preset, rules_from_spec
from scorer.importers import ImportMode, ImportRefused, read_import
from scorer.words.explain import SOLO_LABELS, format_value

DATA = Path(__file__).resolve().parent / "data" / "import"
IDS = ["a", "b", "c", "d", "e"]
NAMES = {"a": "Anna", "b": "Ben", "c": "Cem", "d": "Dora", "e": "Emil"}
ALL_EXTRAS = rules_from_spec({"preset": "ddv", "extras": [
    "doppelkopf", "fuchs_gefangen", "karlchen", "karlchen_gefangen", "fuchs_letzter_stich",
    "dulle_gefangen"], "extras_in_solo": "all"})


def game(re: list[str], contra: list[str], winner: str = "re", flags: tuple[str, ...] = (),
         *, solo: bool = False, manual: bool = False, out: str | None = None,
         at: str = "2026-03-06T19:00:00.000Z", note: str | None = None) -> dict[str, Any]:
    return {"id": f"g{re}{contra}{flags}", "playedAt": at, "rePlayerIds": re,
            "contraPlayerIds": contra, "sittingOutPlayerId": out, "winner": winner,
            "flagCodes": list(flags), "note": note, "isSolo": solo,
            "triggersManualBock": manual}


def sheet_file(games: list[dict[str, Any]], players: int = 4, *, stacking: str | None = None,
               title: str | None = "Test") -> bytes:
    ids = IDS[:players]
    rounds = [{"index": k, "games": games[k * players:(k + 1) * players]}
              for k in range((len(games) + players - 1) // players)]
    return json.dumps({
        "app": "doppelkopf_schreiber", "formatVersion": 1, "kind": "sheet",
        "exportedAt": "2026-03-07T10:00:00.000Z", "exportedFromAppVersion": "0.3.1",
        "payload": {"players": [{"id": i, "playerName": NAMES[i]} for i in ids],
                    "sheets": [{"id": "s", "title": title,
                                "createdAt": "2026-03-06T18:00:00.000Z",
                                "updatedAt": "2026-03-06T22:00:00.000Z", "playerIds": ids,
                                "rounds": rounds, "dirty": False,
                                "stackingModeOverride": stacking, "groupId": None}],
                    "groups": [], "settings": None}}).encode()


def recorded(games: list[dict[str, Any]], players: int = 4, **kw: Any) -> list[dict[str, int]]:
    plan = read_import(sheet_file(games, players, **kw), "bockzettel-test.json")
    (evening,) = plan.evenings
    return [{p: v for p, v in g.points.items() if p in g.players} for g in evening.fold().games]


NORMAL = (["a", "b"], ["c", "d"])


def re_side(points: dict[str, int]) -> int:
    return points["Anna"]


# ------------------------------------------------------------------ its count, flag by flag


@pytest.mark.parametrize("flag, re_won, contra_won", [
    # (Re's points when Re wins, when Kontra wins): base Re 1, Kontra 2
    ((), 1, -2),
    (("reAnnounced",), 1 + 2, -(2 + 2)),          # 2 to the winner
    (("contraAnnounced",), 1 + 2, -(2 + 2)),
    (("reAnnouncedUnder90",), 2, -3),             # 1 to the winner
    (("contraAnnouncedSchwarz",), 2, -3),
    (("under90",), 2, -3),
    (("schwarz",), 2, -3),
    (("reKarlchen",), 1 + 1, -2 + 1),             # 1 to the Re side, win or lose
    (("reKarlchenGefangen",), 2, -1),
    (("reDulleGefangen",), 2, -1),
    (("reFuchsLetzterStich",), 2, -1),
    (("reFuchs1",), 2, -1),
    (("reDoppelkopf4",), 2, -1),
    (("contraKarlchen",), 1 - 1, -2 - 1),         # 1 to the Kontra side
    (("contraFuchs2",), 0, -3),
    (("contraDoppelkopf1",), 0, -3),
    (("contraDulleGefangen",), 0, -3),
    (("reWon",), 1, -2),                          # a base flag among the flags counts nothing
    (("contraWon", "reWon"), 1, -2),
    (("reFuchs1", "reFuchs1"), 2, -1),            # a flag twice counts once
    (("reFuchs1", "reFuchs2", "under90", "under60"), 1 + 2 + 2, -2 + 2 - 2),
], ids=lambda v: "-".join(v) if isinstance(v, tuple) else str(v))
def test_each_flag_counts_as_bockzettel_counts_it(flag: tuple[str, ...], re_won: int,
                                                  contra_won: int) -> None:
    (won,) = recorded([game(*NORMAL, "re", flag)])
    (lost,) = recorded([game(*NORMAL, "contra", flag)])
    assert won == {"Anna": re_won, "Ben": re_won, "Cem": -re_won, "Dora": -re_won}
    assert re_side(lost) == contra_won


def test_a_soloist_gets_three_times_and_each_opponent_once() -> None:
    # Re wins the solo with Re angesagt and unter 90: 1 + 2 + 1 = 4
    (points,) = recorded([game(["c"], ["a", "b", "d"], "re", ("reAnnounced", "under90"),
                               solo=True)])
    assert points == {"Cem": 12, "Anna": -4, "Ben": -4, "Dora": -4}
    # Kontra wins against the soloist: 2 → the soloist pays 6
    (points,) = recorded([game(["c"], ["a", "b", "d"], "contra", solo=True)])
    assert points == {"Cem": -6, "Anna": 2, "Ben": 2, "Dora": 2}


@pytest.mark.parametrize("stacking, levels", [
    # Games 1 and 2 are lost Re announcements: each opens a window of 4 from the next game.
    # Windows: games 2-5 and 3-6. sequential: single Bock while any is open (+2);
    # doppelbock: double (+4) while two are.
    ("sequential", [0, 1, 1, 1, 1, 1, 0]),
    ("doppelbock", [0, 1, 2, 2, 2, 1, 0]),
], ids=["sequential", "doppelbock"])
def test_bock_windows_give_the_winner_two_or_four(stacking: str, levels: list[int]) -> None:
    lost_re = game(*NORMAL, "contra", ("reAnnounced",))
    plain = game(*NORMAL, "re")
    points = recorded([lost_re, lost_re] + [plain] * 5, stacking=stacking)
    assert [re_side(p) for p in points[:2]] == [-4, -(4 + 2 * levels[1])]
    assert [re_side(p) for p in points[2:]] == [1 + 2 * level for level in levels[2:]]


def test_a_manual_bock_and_a_lost_kontra_announcement_open_windows() -> None:
    manual = game(*NORMAL, "re", manual=True)
    lost_kontra = game(*NORMAL, "re", ("contraAnnounced",))
    plain = game(*NORMAL, "re")
    points = recorded([manual, plain, plain, plain, plain, lost_kontra, plain])
    # manual after game 1 → games 2-5 single Bock; the lost Kontra game 6 → game 7
    assert [re_side(p) for p in points] == [1, 3, 3, 3, 3, 3, 3]


def test_five_players_sit_out_by_the_stored_player_and_open_windows_of_five() -> None:
    games = [game(["b", "c"], ["d", "e"], "contra", ("reAnnounced",), out="a")]
    games += [game(["a", "c"], ["d", "e"], "re", out="b"),
              game(["a", "b"], ["d", "e"], "re", out="c"),
              game(["a", "b"], ["c", "e"], "re", out="d"),
              game(["a", "b"], ["c", "d"], "re", out="e"),
              game(["b", "c"], ["d", "e"], "re", out="a"),
              game(["a", "c"], ["d", "e"], "re", out="b")]
    plan = read_import(sheet_file(games, 5), "b.json")
    (evening,) = plan.evenings
    ledger = evening.fold()
    assert evening.first_dealer == "Anna"  # the first player sits out first: the dealer
    assert [set(g.players) for g in ledger.games][:2] == [{"Ben", "Cem", "Dora", "Emil"},
                                                          {"Anna", "Cem", "Dora", "Emil"}]
    assert [g.dealer for g in ledger.games][:2] == ["Anna", "Ben"]
    # the window of five covers games 2 to 6
    assert [max(g.points.values()) for g in ledger.games] == [4, 3, 3, 3, 3, 3, 1]
    assert ledger.totals == dict(evening.source_totals)


def test_the_sample_backup_gives_the_totals_worked_out_by_hand() -> None:
    # Bogen 1 "Freitagsrunde", sequential (Re side first, Kontra side, net for Dora):
    # 1 Re 1+2+1+1=5 (Dora Kontra −5)  2 Kontra 2+2+1=5, lost Re opens games 3-6 (Dora +5)
    # 3 Bock: Re 1+2+1 − Kontra 1 = 3 (−3)  4 Dora's solo: 1+2+2+1+1+1 = 8 → 24
    # 5 Kontra 2+2+2+1 = 7, manual Bock opens games 6-9 (−7)  6 Re 1+2+3 = 6 (+6)
    # 7 Kontra beats Cem's solo: 2+2+2+4 = 10 (+10)  8 Re 1+2+2+2+1 = 8 (−8)
    # Totals: Anna −6, Ben 36, Cem −52, Dora 22.
    data = (DATA / "bockzettel-backup-2026-02-02.json").read_bytes()
    plan = read_import(data, "bockzettel-backup-2026-02-02.json")
    first = plan.evenings[0]
    assert dict(first.source_totals) == {"Anna": -6, "Ben": 36, "Cem": -52, "Dora": 22}
    assert [g.points["Dora"] for g in first.fold().games] == [-5, 5, -3, 24, -7, 6, 10, -8]
    assert first.title == "Freitagsrunde" and str(first.date) == "2025-10-03"
    assert [e.place for e in plan.evenings] == ["Bogen 1 „Freitagsrunde“",
                                                "Bogen 2 „Geburtstag Cem“", "Bogen 3"]
    assert [(s.name, str(s.start)) for s in plan.seasons] == [("Saison 2025/26", "2025-10-03")]
    # The season runs from its first evening on; „Geburtstag Cem“ (in no group, 2025-11-14)
    # falls into it by date (issue 36: a season of another app keeps its evenings; ours are
    # dates, RULES.md §11.1, so the preview says what that takes in).
    (taken,) = [w for w in plan.warnings if "umfasst so auch" in w]
    assert "Bogen 2 „Geburtstag Cem“" in taken and "Bogen 3" not in taken
    assert any("Turnier „Pokal“" in w for w in plan.warnings)
    assert any("Bogen 4 „leer“ hat keine Spiele" in w for w in plan.warnings)
    assert plan.players == ("Anna", "Ben", "Cem", "Dora", "Emil")  # Fritz played no sheet


def test_a_sheet_without_its_own_bock_mode_says_when_the_default_mattered() -> None:
    lost_re = game(*NORMAL, "contra", ("reAnnounced",))
    overlapping = [lost_re, lost_re, game(*NORMAL, "re")]
    plan = read_import(sheet_file(overlapping), "b.json")
    assert any("speichert keinen Bock-Modus" in n for n in plan.evenings[0].notes)
    plan = read_import(sheet_file(overlapping[:1] + [game(*NORMAL, "re")]), "b.json")
    assert not plan.evenings[0].notes  # one window: both modes count the same


def test_the_recorded_note_says_what_bockzettel_counted() -> None:
    plan = read_import(sheet_file([game(*NORMAL, "contra", ("reAnnounced", "contraFuchs1"),
                                        note="Hochzeit")]), "b.json")
    assert plan.evenings[0].entries[0]["note"] == (
        "Hochzeit; Kontra gewinnt, Re angesagt, Fuchs gefangen (Kontra)")


def test_two_players_of_one_name_are_told_apart() -> None:
    doc = json.loads(sheet_file([game(*NORMAL)]))
    doc["payload"]["players"][1]["playerName"] = "Anna"
    plan = read_import(json.dumps(doc).encode(), "b.json")
    assert plan.players == ("Anna", "Anna (2)", "Cem", "Dora")
    assert any("Zwei Spieler heißen „Anna“" in w for w in plan.warnings)


@pytest.mark.parametrize("legacy, name", [
    ({"nickname": "Nicki"}, "Nicki"),
    ({"firstName": "Anna", "lastName": "Berg"}, "Anna Berg"),
    ({"name": "Alt"}, "Alt"),
], ids=["nickname", "first-last", "name"])
def test_legacy_player_names_are_read_as_bockzettel_reads_them(legacy: dict[str, str],
                                                              name: str) -> None:
    doc = json.loads(sheet_file([game(*NORMAL)]))
    doc["payload"]["players"][0] = {"id": "a", **legacy}
    assert read_import(json.dumps(doc).encode(), "b.json").players[0] == name


# ------------------------------------------------------------------ refusals


def _refused(doc: dict[str, Any]) -> list[str]:
    with pytest.raises(ImportRefused) as err:
        read_import(json.dumps(doc).encode(), "bockzettel-x.json")
    return err.value.lines()


def _doc(games: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return json.loads(sheet_file(games or [game(*NORMAL)]))


def _game0(doc: dict[str, Any]) -> dict[str, Any]:
    return doc["payload"]["sheets"][0]["rounds"][0]["games"][0]


@pytest.mark.parametrize("damage, line", [
    (lambda d: _game0(d)["flagCodes"].append("reHerzstich"),
     "Datei „bockzettel-x.json“, Bogen 1 „Test“, Runde 1, Spiel 1: unbekanntes Flag "
     "„reHerzstich“"),
    (lambda d: _game0(d).update(playedAt="2026-13-45T99:00"),
     "Bogen 1 „Test“, Runde 1, Spiel 1: playedAt: „2026-13-45T99:00“ ist kein gültiges Datum"),
    (lambda d: d["payload"]["players"][2].update(playerName="  "),
     "Spieler „c“: Spieler ohne Namen"),
    (lambda d: _game0(d).update(winner="draw"),
     "Spiel 1: unbekannter Sieger „draw“ (re oder contra)"),
    (lambda d: _game0(d).update(isSolo=True),
     "Spiel 1: ein Solo ist 1 gegen 3, nicht 2 gegen 2"),
    (lambda d: _game0(d).update(rePlayerIds=["a", "x"]),
     "Spiel 1: Spieler-ID „x“ gehört nicht zu diesem Bogen"),
    (lambda d: _game0(d).update(rePlayerIds=["a", "c"]),
     "Spiel 1: ein Spieler steht in beiden Parteien oder doppelt"),
    (lambda d: _game0(d).pop("winner"), "Spiel 1: Feld winner fehlt oder ist kein Text"),
    (lambda d: d["payload"]["sheets"][0]["rounds"][0].update(index=3),
     "Runde 1: index 3 passt nicht zur Position der Runde (erwartet 0)"),
    (lambda d: d.update(formatVersion=2), "formatVersion: Version 2 wird nicht gelesen"),
    (lambda d: d["payload"]["groups"].append({"id": "g"}),
     "payload: eine Bogen-Datei (kind sheet) enthält genau einen Bogen"),
    (lambda d: d.update(kind="everything"), "kind: unbekannte Art „everything“"),
    (lambda d: d["payload"]["sheets"][0].update(stackingModeOverride="triple"),
     "Bogen 1 „Test“: unbekannter Bock-Modus „triple“"),
    (lambda d: d["payload"]["sheets"][0].update(playerIds=["a", "b", "c"]),
     "ein Bogen hat 4 oder 5 verschiedene Spieler, nicht 3"),
    (lambda d: d["payload"]["players"].pop(),
     "Spieler-ID „d“ fehlt in der Spielerliste"),
], ids=["unknown-flag", "bad-date", "no-name", "winner", "solo-shape", "stranger", "twice",
        "missing-winner", "round-index", "version", "kind-rules", "kind", "stacking",
        "three-players", "unknown-id"])
def test_a_broken_file_is_refused_naming_the_place(damage: Any, line: str) -> None:
    doc = _doc()
    damage(doc)
    lines = _refused(doc)
    assert any(line in got for got in lines), lines


def test_every_broken_game_is_named_up_to_twenty() -> None:
    doc = _doc([game(*NORMAL, "re", ("bogus",))] * 30)
    lines = _refused(doc)
    assert len(lines) == 21 and lines[-1].endswith("weitere Probleme nicht aufgeführt")


# ------------------------------------------------------------------ re-scored under our rules


def rescored(games: list[dict[str, Any]], rules: Any = ALL_EXTRAS, players: int = 4,
             **kw: Any) -> Any:
    plan = read_import(sheet_file(games, players, **kw), "b.json", mode=ImportMode.RESCORED,
                       rules=rules)
    (evening,) = plan.evenings
    return evening


@pytest.mark.parametrize("winner, flags, re_eyes, trickless", [
    # Bockzettel has no Augen: Re's are chosen to give exactly the winner and levels reached
    ("re", (), 121, None),
    ("contra", (), 119, None),
    ("re", ("under90",), 151, None),           # Kontra under 90: 89
    ("re", ("under90", "under60"), 181, None),
    ("re", ("under30",), 211, None),
    ("re", ("schwarz",), 240, "kontra"),       # Kontra took no trick
    ("contra", ("under90",), 89, None),
    ("contra", ("under60",), 59, None),
    ("contra", ("schwarz", "under30"), 0, "re"),
    ("re", ("reAnnounced", "reAnnouncedUnder60"), 181, None),  # the Absage needs under 60
    ("contra", ("reAnnounced", "reAnnouncedUnder90"), 119, None),  # Re said keine 90, lost
], ids=lambda v: "-".join(v) if isinstance(v, tuple) else str(v))
def test_the_augen_give_exactly_the_recorded_winner_and_levels(
        winner: str, flags: tuple[str, ...], re_eyes: int, trickless: str | None) -> None:
    evening = rescored([game(*NORMAL, winner, flags)])
    (facts,) = evening.entries
    assert facts["re_eyes"] == re_eyes
    assert facts.get("trickless") == trickless
    assert facts["note"].startswith(f"Augen gewählt: Re {re_eyes} (Bockzettel: ")
    (played,) = evening.fold().games
    assert played.winner == ("re" if winner == "re" else "kontra")


@pytest.mark.parametrize("flags, announced, extras", [
    (("reAnnounced",), {"re": "ansage"}, None),
    (("contraAnnounced", "contraAnnouncedUnder90"), {"kontra": "keine_90"}, None),
    (("reAnnouncedSchwarz",), {"re": "schwarz"}, None),
    (("reKarlchen",), None, {"re": {"karlchen": 1}}),
    (("contraKarlchenGefangen",), None, {"kontra": {"karlchen_gefangen": 1}}),
    (("reDulleGefangen",), None, {"re": {"dulle_gefangen": 1}}),
    (("contraFuchsLetzterStich",), None, {"kontra": {"fuchs_letzter_stich": 1}}),
    (("reFuchs1", "reFuchs2"), None, {"re": {"fuchs_gefangen": 2}}),
    (("contraDoppelkopf1", "contraDoppelkopf2", "contraDoppelkopf3"), None,
     {"kontra": {"doppelkopf": 3}}),
], ids=lambda v: "-".join(v) if isinstance(v, tuple) else "")
def test_each_flag_becomes_our_fact(flags: tuple[str, ...], announced: Any,
                                    extras: Any) -> None:
    winner = "re" if not any(f.startswith("contra") for f in flags) else "contra"
    (facts,) = rescored([game(*NORMAL, winner, flags)]).entries
    assert facts.get("announced") == announced
    assert facts.get("extras") == extras


def test_a_solo_is_a_karo_solo_of_the_single_re_player_and_manual_bock_stays() -> None:
    evening = rescored([game(["b"], ["a", "c", "d"], "re", solo=True, manual=True),
                        game(*NORMAL, "re")], rules=preset("ddv"))
    facts = evening.entries[0]
    assert (facts["kind"], facts["solo"], facts["re"], facts["manual_bock"]) == (
        "solo", "karo", ["Ben"], True)
    assert "manual" in [t.value for t in evening.rules.bock_triggers]
    assert evening.fold().games[1].bock == 2  # the table's Bock reaches the next game


@pytest.mark.parametrize("mode, stacking, cap", [
    ("sequential", "merge", 0), ("doppelbock", "multiply", 4)])
def test_the_sheets_bock_mode_becomes_bock_stacking(mode: str, stacking: str, cap: int) -> None:
    evening = rescored([game(*NORMAL, "re", manual=True)], rules=preset("bockrunde"),
                       stacking=mode)
    assert evening.rules.bock_stacking.value == stacking
    assert evening.rules.bock_cap == cap
    assert [t.value for t in evening.rules.bock_triggers] == [
        "tie_120", "lost_announcement", "zero_game", "manual"]


@pytest.mark.parametrize("mode, said", [
    ("sequential", "einfachen Bock, solange eine Bockrunde offen ist"),
    ("doppelbock", "Doppelbock, solange zwei Bockrunden zugleich offen sind")])
def test_the_sheets_bock_mode_is_said_in_the_words_the_rules_page_uses(mode: str,
                                                                       said: str) -> None:
    evening = rescored([game(*NORMAL, "re", manual=True)], rules=preset("bockrunde"),
                       stacking=mode)
    (note,) = [n for n in evening.notes if n.startswith("Neu gewertet")]
    # the value as the rules page and the settings form show it
    shown = format_value("bock_stacking", evening.rules.bock_stacking.value)
    assert f"„{shown}“" in note and said in note, note
    for internal in ("sequential", "doppelbock", "bock_stacking", "merge", "multiply"):
        assert internal not in note, note


def test_a_sheet_without_a_bock_mode_says_what_was_assumed_in_german() -> None:
    # Two lost Ansagen open overlapping windows: the two modes give other sums, so it is said.
    lost_re = game(*NORMAL, "contra", ("reAnnounced",))
    games = [lost_re, lost_re] + [game(*NORMAL, "re")] * 3
    (evening,) = read_import(sheet_file(games), "b.json").evenings
    (note,) = [n for n in evening.notes if "speichert keinen Bock-Modus" in n]
    assert "einfachen Bock, solange eine Bockrunde offen ist" in note, note
    assert "Doppelbock, solange zwei Bockrunden zugleich offen sind" in note, note
    assert "sequential" not in note and "doppelbock" not in note, note


@pytest.mark.parametrize("rules", [
    preset("ddv"),
    rules_from_spec({"preset": "ddv", "solo_kinds": ["damen", "buben"]}),
], ids=["karo", "no-karo"])
def test_a_rescored_solo_says_its_kind_was_assumed(rules: Any) -> None:
    evening = rescored([game(["b"], ["a", "c", "d"], "re", solo=True, note="Hand"),
                        game(*NORMAL, "re")], rules=rules)
    solo, normal = evening.entries
    label = SOLO_LABELS[SoloKind(solo["solo"])]
    assert f"Solo-Art nicht in der Datei: als {label} gewertet" in solo["note"], solo["note"]
    assert solo["note"].startswith("Augen gewählt: Re ") and "Hand" in solo["note"]
    assert "Solo-Art" not in normal["note"]


def test_a_solo_in_a_runde_whose_rules_allow_none_keeps_bockzettels_points() -> None:
    # Issue #36: rules with no solo kind at all were an IndexError (a 500) in _solo_kind.
    rules = rules_from_spec({"preset": "ddv", "solo_kinds": []})
    evening = rescored([game(["b"], ["a", "c", "d"], "re", solo=True, note="Hand"),
                        game(*NORMAL, "re")], rules=rules)
    solo, normal = evening.entries
    assert solo["kind"] == "recorded" and solo["note"].startswith("nicht neu gewertet (")
    assert "kein Solo" in solo["note"] and "Hand" in solo["note"], solo["note"]
    assert sum(solo["points"].values()) == 0 and solo["points"]["Ben"] > 0, solo["points"]
    assert normal["kind"] == "normal"
    assert any("Spiel 1" in n and "kein Solo" in n for n in evening.notes), evening.notes


def test_extras_our_rules_do_not_count_are_left_out_and_said() -> None:
    evening = rescored([game(*NORMAL, "re", ("reDulleGefangen", "reKarlchen"))],
                       rules=preset("ddv"))
    assert evening.entries[0]["extras"] == {"re": {"karlchen": 1}}
    assert any("Dulle gefangen (1×)" in n for n in evening.notes)


def test_a_game_our_rules_cannot_hold_keeps_bockzettels_points_and_says_why() -> None:
    # four foxes caught: Bockzettel counts them, our rules allow two in a game
    flags = ("reFuchs1", "reFuchs2", "contraFuchs1", "contraFuchs2")
    evening = rescored([game(*NORMAL, "re", flags)])
    (entry,) = evening.entries
    assert entry["kind"] == "recorded" and entry["points"]["Anna"] == 1
    assert entry["note"].startswith("nicht neu gewertet (")
    assert any("nicht darstellbar" in n for n in evening.notes)


def test_a_winner_our_rules_turn_round_is_said() -> None:
    # voss's 60er-Regel: Re over 180 without an Ansage loses
    evening = rescored([game(*NORMAL, "re", ("under90", "under60"))], rules=preset("voss"))
    assert any("gewinnt Kontra statt Re" in n for n in evening.notes)


def test_rescored_keeps_bockzettels_totals_for_the_comparison() -> None:
    games = [game(*NORMAL, "contra", ("reAnnounced",)), game(*NORMAL, "re", ("under90",))]
    evening = rescored(games, rules=preset("ddv"))
    # Bockzettel: Kontra 2 + 2 = 4; then Bock +2: Re 1 + 1 + 2 = 4
    assert dict(evening.source_totals) == {"Anna": 0, "Ben": 0, "Cem": 0, "Dora": 0}
    # ours (ddv): Kontra wins against Re's Ansage: 1 + 2 (Re) + 1 (gegen die Alten) = 4,
    # no Bock in ddv; then Re 151: 1 + 1 = 2
    assert evening.fold().totals == {"Anna": -2, "Ben": -2, "Cem": 2, "Dora": 2}
