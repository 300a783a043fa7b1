"""Issue 28, the import as a whole: every sample file of tests/data/import/ is read, detected by
its content, folds through the core, and "as recorded" ends each evening with exactly the
totals the source app showed; damaged files are refused in German, naming file and place, and
nothing a file holds ends in a traceback."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.core.rules import preset
from scorer.importers import (
    MAX_FILE_BYTES,
    ImportMode,
    ImportRefused,
    SourceFormat,
    detect_format,
    read_import,
)
from tests.budget import examples

DATA = Path(__file__).resolve().parent / "data" / "import"
SAMPLES = {
    "bockzettel-backup-2026-02-02.json": SourceFormat.BOCKZETTEL,
    "bockzettel-geburtstag-cem-2025-11-15.json": SourceFormat.BOCKZETTEL,
    "bockzettel-saison-2025-26-2026-01-10.json": SourceFormat.BOCKZETTEL,
    "Doko 2025-12-05.qdk": SourceFormat.QTDOPPELKOPF,
    "jsdoppelkopf-games.json": SourceFormat.JSDOPPELKOPF,
    "jsdoppelkopf-data.json": SourceFormat.JSDOPPELKOPF,
    "paper-points.csv": SourceFormat.TABLE,
    "abend-2025-10-10.csv": SourceFormat.TABLE,
    "minuspunkte-2025-11-21.csv": SourceFormat.TABLE,
}
ONE_SIDED = {"minuspunkte-2025-11-21.csv"}
"""Sheets of minus points only: made plus and minus, so their totals differ by design."""


def sample(name: str) -> bytes:
    return (DATA / name).read_bytes()


def refusal(data: bytes, name: str = "datei.json", **kw: Any) -> ImportRefused:
    with pytest.raises(ImportRefused) as err:
        read_import(data, name, **kw)
    return err.value


def test_every_sample_file_is_there() -> None:
    assert sorted(p.name for p in DATA.iterdir()) == sorted(SAMPLES)


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_the_format_is_told_by_the_content_not_the_name(name: str) -> None:
    assert detect_format(sample(name), "upload.bin") is SAMPLES[name]


@pytest.mark.parametrize("name", sorted(set(SAMPLES) - ONE_SIDED))
@pytest.mark.parametrize("rules", ["ddv", "bockrunde", "voss"])
def test_as_recorded_every_evening_folds_to_exactly_the_sources_totals(name: str,
                                                                        rules: str) -> None:
    plan = read_import(sample(name), name, rules=preset(rules))
    assert plan.evenings and plan.games
    for evening in plan.evenings:
        ledger = evening.fold()
        assert ledger.totals == dict(evening.source_totals), evening.place
        assert len(ledger.games) == evening.games
        assert all(g.facts.kind.value == "recorded" for g in ledger.games)


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_a_plan_names_every_player_of_its_evenings_and_places_every_entry(name: str) -> None:
    plan = read_import(sample(name), name)
    assert plan.source is SAMPLES[name]
    assert len(plan.content_hash) == 64
    for evening in plan.evenings:
        assert set(evening.fold().totals) <= set(plan.players)
        assert len(evening.entry_places) == len(evening.entries)


@pytest.mark.parametrize("name", [n for n, f in SAMPLES.items()
                                  if f is SourceFormat.BOCKZETTEL])
@pytest.mark.parametrize("rules", ["ddv", "bockrunde", "voss", "orbital", "kuss-rosa"])
def test_rescored_every_bockzettel_evening_folds_under_any_preset(name: str, rules: str) -> None:
    plan = read_import(sample(name), name, mode=ImportMode.RESCORED, rules=preset(rules))
    for evening in plan.evenings:
        ledger = evening.fold()
        assert sum(ledger.totals.values()) == 0
        assert set(ledger.totals) == set(evening.source_totals)


@pytest.mark.parametrize("name", [n for n, f in SAMPLES.items()
                                  if f is not SourceFormat.BOCKZETTEL])
def test_rescoring_a_file_of_points_only_is_refused_with_the_reason(name: str) -> None:
    err = refusal(sample(name), name, mode=ImportMode.RESCORED)
    assert "neu werten geht nur mit Bockzettel-Dateien" in err.lines()[0]


def test_the_same_bytes_give_the_same_hash_and_other_bytes_another() -> None:
    data = sample("abend-2025-10-10.csv")
    one = read_import(data, "a.csv").content_hash
    assert read_import(data, "b.csv").content_hash == one
    assert read_import(data.replace(b"7,-5", b"8,-6"), "a.csv").content_hash != one


# ------------------------------------------------------------------ refused as a whole


@pytest.mark.parametrize("data, name, words", [
    (b"", "leer.csv", "die Datei ist leer"),
    (b"\x00\x01\x02garbage" * 10, "bild.png", "keine Textdatei"),
    (b'{"hello": "world"}', "x.json", "JSON, aber kein bekanntes Format"),
    (b'{"hello": 1}', "spiel.qdk", "(der Name endet auf .qdk)"),
    (b"[]", "x.json", "kein bekanntes Format"),
    (b"Ein Brief an Oma\nLiebe Oma,\n", "brief.txt", "keine Kopfzeile mit mindestens vier"),
    (b"Anna;Ben;Cem;Dora\n1;1;-1;-1\n", "x.qdk", "enthält aber kein JSON"),
    (b'{"format": "doko-zettel-backup", "version": 1}', "s.json", "Sicherung von Doko-Zettel"),
    (b'{"app": "doppelkopf_schreiber", "formatVersion": 1, "kind": "sheet", "payl',
     "b.json", "abgeschnitten"),
    (b"PK\x03\x04 no zip at all", "tabelle.xlsx", "keine lesbare XLSX-Datei"),
], ids=["empty", "binary", "other-json", "qdk-name", "empty-list", "letter", "csv-as-qdk",
        "own-backup", "truncated-json", "broken-zip"])
def test_a_file_of_another_kind_is_refused_naming_the_file(data: bytes, name: str,
                                                          words: str) -> None:
    line = refusal(data, name).lines()[0]
    assert line.startswith(f"Datei „{name}“")
    assert words in line


def test_a_file_of_20_mb_or_more_is_refused_before_it_is_read() -> None:
    # Valid CSV all the way: only the size can refuse it, and it must not be parsed first.
    head = b"Anna;Ben;Cem;Dora\n"
    row = b"1;1;-1;-1\n"
    big = head + row * ((MAX_FILE_BYTES - len(head)) // len(row) + 1)
    assert len(big) >= MAX_FILE_BYTES
    assert "Dateien ab 20 MB" in refusal(big, "gross.csv").lines()[0]
    just_below = head + row * ((MAX_FILE_BYTES - len(head)) // len(row) - 1)
    assert len(just_below) < MAX_FILE_BYTES
    assert "zu viele Spiele" in refusal(just_below, "gross.csv").lines()[0]


def test_more_than_50000_games_are_refused_before_the_games_are_read() -> None:
    log = [{"kind": "playersSet", "playerNames": ["A", "B", "C", "D"], "dealerName": "A",
            "sitOutScheme": []}]
    log += [{"kind": "deal", "events": 0, "changes": "kaputt"}] * 50_001
    line = refusal(json.dumps(log).encode(), "log.json").lines()[0]
    assert "zu viele Spiele: 50.001 (höchstens 50.000 je Datei)" in line


# ------------------------------------------------------------------ damage


JSON_SAMPLES = [n for n in SAMPLES if n.endswith((".json", ".qdk"))]


@pytest.mark.parametrize("name", JSON_SAMPLES)
@settings(max_examples=examples(15, 120))
@given(data=st.data())
def test_a_truncated_json_file_is_refused_as_cut_off(name: str, data: st.DataObject) -> None:
    raw = sample(name)
    body = raw.rstrip()
    # A cut at a line's end leaves whole records of a one-record-per-line file (mongoexport's):
    # a shorter file, not a damaged one (issue #36 lists the same for a CSV's rows).
    ends = {i for i, b in enumerate(body) if b == ord("\n")}
    lines = ends | {i + 1 for i in ends}
    cut = data.draw(st.integers(1, len(body) - 1).filter(lambda c: c not in lines))
    err = refusal(raw[:cut], name)
    assert any("abgeschnitten" in line or "kein gültiges JSON" in line for line in err.lines())


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, path + (i,))
    return out


def _at(doc: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        doc = doc[step]
    return doc


REQUIRED = {
    # Bockzettel's own reader needs these (importParser.ts and the models' fromJson)
    SourceFormat.BOCKZETTEL: {"app", "formatVersion", "kind", "payload", "id", "playedAt",
                              "rePlayerIds", "contraPlayerIds", "winner", "flagCodes",
                              "index", "games", "createdAt", "updatedAt", "rounds",
                              "playerIds", "name", "type", "settings"},
    SourceFormat.QTDOPPELKOPF: {"dataVersion", "data", "kind", "playerNames", "dealerName",
                                "sitOutScheme", "previousDealerName", "players",
                                "numberOfEvents", "changes", "name", "diff"},
    SourceFormat.JSDOPPELKOPF: {"dataVersion", "creationDate", "data", "kind", "playerNames",
                                "dealerName", "sitOutScheme", "events", "changes", "name",
                                "diff"},
}


def _load(name: str) -> tuple[Any, bool]:
    text = sample(name).decode("utf-8")
    if name == "jsdoppelkopf-games.json":
        return [json.loads(line) for line in text.splitlines()], True
    return json.loads(text), False


def _dump(doc: Any, lines: bool) -> bytes:
    if lines:
        return "\n".join(json.dumps(d) for d in doc).encode()
    return json.dumps(doc).encode()


@pytest.mark.parametrize("name", JSON_SAMPLES)
@settings(max_examples=examples(20, 150))
@given(data=st.data())
def test_a_removed_required_field_is_refused_naming_its_place(name: str,
                                                             data: st.DataObject) -> None:
    doc, lines = _load(name)
    required = REQUIRED[SAMPLES[name]]
    if name == "bockzettel-backup-2026-02-02.json":
        required = required - {"name", "type"}  # only a season group needs them to start
    else:
        required = required - {"settings"}  # only a backup holds settings
    paths = [p for p in _paths(doc) if p and isinstance(p[-1], str) and p[-1] in required
             and not (p[-1] == "previousDealerName" and "jsdoppelkopf" in name)
             and not (p[-1] == "name" and SAMPLES[name] is SourceFormat.BOCKZETTEL
                      and "players" in p)]
    path = data.draw(st.sampled_from(paths))
    damaged = copy.deepcopy(doc)
    del _at(damaged, path[:-1])[path[-1]]
    err = refusal(_dump(damaged, lines), name)
    assert all(line.startswith(f"Datei „{name}“") for line in err.lines())


@pytest.mark.parametrize("name", [n for n in JSON_SAMPLES if SAMPLES[n] is not
                                  SourceFormat.BOCKZETTEL])
@settings(max_examples=examples(20, 150))
@given(data=st.data())
def test_a_changed_points_number_is_refused_or_said(name: str, data: st.DataObject) -> None:
    """A deal's diff changed: a deal the app could not have saved is refused; one it could
    (QtDoppelKopf keeps a deal that does not add up, issue 36) is a game of 0 each whose note
    says what the app saved, the file's totals off ours by what it does not add up to."""
    doc, lines = _load(name)
    paths = [p for p in _paths(doc) if p and p[-1] == "diff"]
    path = data.draw(st.sampled_from(paths))
    delta = data.draw(st.integers(-50, 50).filter(bool))
    damaged = copy.deepcopy(doc)
    _at(damaged, path[:-1])["diff"] += delta
    try:
        plan = read_import(_dump(damaged, lines), name)
    except ImportRefused as err:
        assert any("zwei verschiedene Werte" in line or "müssen alle gleich sein" in line
                   for line in err.lines())
        return
    said = [(evening, game) for evening in plan.evenings for game in evening.entries
            if "hier mit 0 Punkten übernommen" in game.get("note", "")]
    assert len(said) == 1
    evening, game = said[0]
    assert set(game["points"].values()) == {0}
    assert sum(evening.source_totals.values()) != 0 == sum(evening.fold().totals.values())


@pytest.mark.parametrize("name", [n for n in SAMPLES if n.endswith(".csv")])
@settings(max_examples=examples(20, 150))
@given(data=st.data())
def test_a_changed_number_in_a_sheet_is_refused(name: str, data: st.DataObject) -> None:
    encoding = "cp1252" if "minus" in name else "utf-8-sig"
    rows = [line.split(";" if ";" in line else ",")
            for line in sample(name).decode(encoding).splitlines()]
    cells = [(r, c) for r, row in enumerate(rows) for c, cell in enumerate(row)
             if c > 0 and r > 0 and cell.strip().lstrip("-").replace(",", "").isdigit()
             and not (name.startswith("paper") and c == len(row) - 1)]
    r, c = data.draw(st.sampled_from(cells))
    rows[r][c] = str(int(rows[r][c].replace(",0", "")) + data.draw(
        st.integers(-9, 9).filter(bool)))
    delimiter = ";" if ";" in sample(name).decode(encoding) else ","
    damaged = "\n".join(delimiter.join(row) for row in rows).encode(encoding)
    err = refusal(damaged, name)
    assert any("ergeben zusammen" in line or "(Summe)" in line or "Spieler" in line
               for line in err.lines()), err.lines()


_JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-10**20, 10**20) | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=3),
    max_leaves=6)


@pytest.mark.parametrize("name", JSON_SAMPLES)
@settings(max_examples=examples(40, 400))
@given(data=st.data())
def test_any_value_anywhere_gives_a_plan_or_a_german_refusal_never_a_traceback(
        name: str, data: st.DataObject) -> None:
    doc, lines = _load(name)
    path = data.draw(st.sampled_from([p for p in _paths(doc) if p]))
    damaged = copy.deepcopy(doc)
    _at(damaged, path[:-1])[path[-1]] = data.draw(_JSONISH)
    mode = data.draw(st.sampled_from([ImportMode.RECORDED, ImportMode.RESCORED]))
    if SAMPLES[name] is not SourceFormat.BOCKZETTEL:
        mode = ImportMode.RECORDED
    try:
        plan = read_import(_dump(damaged, lines), name, mode=mode)
    except ImportRefused as err:
        assert err.lines() and all(line.startswith(f"Datei „{name}“") for line in err.lines())
    else:
        for evening in plan.evenings:
            evening.fold()


@settings(max_examples=examples(60, 600))
@given(st.binary(max_size=300))
def test_random_bytes_give_a_plan_or_a_german_refusal(data: bytes) -> None:
    try:
        read_import(data, "zufall.csv")
    except ImportRefused as err:
        assert err.lines()[0].startswith("Datei „zufall.csv“")


def test_check_plan_names_the_files_place_of_an_entry_the_core_refuses() -> None:
    from scorer.importers import ImportPlan, PlannedEvening, check_plan

    evening = PlannedEvening(
        place="Tabellenblatt „Mai“", title=None, date=None, rules=preset("ddv"),
        seats=("Anna", "Ben", "Cem", "Dora"), first_dealer=None,
        entries=({"kind": "recorded", "points": {"Anna": 1, "Ben": -1, "Cem": 0, "Dora": 0}},
                 {"kind": "recorded", "points": {"Anna": 1, "Ben": -1, "Cem": 0}}),
        source_totals={}, entry_places=("Zeile 2", "Zeile 3"))
    plan = ImportPlan(source=SourceFormat.TABLE, file_name="mai.xlsx", content_hash="0" * 64,
                      mode=ImportMode.RECORDED, evenings=(evening,), players=())
    with pytest.raises(ImportRefused) as err:
        check_plan(plan)
    assert err.value.problems == (("Tabellenblatt „Mai“, Zeile 3", "points: fehlt für Dora"),)


def test_renaming_maps_every_place_a_name_stands_and_still_folds() -> None:
    from scorer.importers import rename_players

    name = "bockzettel-backup-2026-02-02.json"
    for mode in ImportMode:
        plan = read_import(sample(name), name, mode=mode)
        renamed = rename_players(plan, {"Anna": "Anna B.", "Emil": "Emil K."})
        assert renamed.players == ("Anna B.", "Ben", "Cem", "Dora", "Emil K.")
        for old, new in zip(plan.evenings, renamed.evenings):
            totals = old.fold().totals
            expected = {{"Anna": "Anna B.", "Emil": "Emil K."}.get(p, p): v
                        for p, v in totals.items()}
            assert new.fold().totals == expected
            assert set(new.source_totals) == set(expected)
    qdk = read_import(sample("Doko 2025-12-05.qdk"), "x.qdk")
    moved = rename_players(qdk, {"Emil": "Ede"})
    assert {"table": ["Anna", "Ben", "Cem", "Dora", "Ede", "Jürgen"], "dealer": "Ede"} in \
        moved.evenings[0].entries


def test_two_players_of_one_evening_cannot_become_one() -> None:
    from scorer.importers import rename_players

    plan = read_import(sample("abend-2025-10-10.csv"), "abend.csv")
    with pytest.raises(ImportRefused) as err:
        rename_players(plan, {"Ben": "Anna"})
    assert err.value.lines() == [
        "Datei „abend.csv“, Tabelle: zwei Spieler dieses Abends hießen dann Anna"]


def test_the_same_games_on_the_same_date_have_the_same_signature() -> None:
    from scorer.importers import game_signature

    one = read_import(sample("Doko 2025-12-05.qdk"), "Doko 2025-12-05.qdk").evenings[0]
    js = read_import(sample("jsdoppelkopf-games.json"), "g.json").evenings[0]
    again = read_import(sample("Doko 2025-12-05.qdk"), "kopie 2025-12-05.qdk").evenings[0]
    assert game_signature(one.date, one.fold()) == game_signature(again.date, again.fold())
    # the js log differs only where its Bock met the Pflichtsolo round
    assert game_signature(one.date, one.fold()) != game_signature(one.date, js.fold())
