"""Every CSV says what the sheet says, field by field (issue 25 #22).

An evening is played through the pages; then the sheet, with every row opened as a phone opens
it, is read back from its HTML and compared with the evening's CSV and the Runde's CSV, row by
row and field by field: number, dealer, Bock (a redeal in a Bock round shows none, and its
CSV cell is empty), value, each player's points ("aus" for sitting out, empty for not at the table), kind, winner, Re and
Kontra with their Augen, whether a party with 0 Augen was schwarz, what was said, the
breakdown and the notes; the totals row against the sheet's totals, the Runde's sum against the
Statistik. Nothing here is computed by the test: it only reads both and compares.
"""

from __future__ import annotations

import csv
import html
import io
import re
from typing import Any

from test_web_table_changes import change

SEATS = ("Anna", "Ben", "Cem", "Dora")


def _number(text: str) -> int:
    return int(text.replace("−", "-").replace("+", ""))


def _text(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", fragment)).strip()


def _cells(summary: str) -> list[tuple[str, str, str]]:
    """A row's player cells: ("play", points, total), ("out", "", total), ("away", "", "")."""
    out = []
    for piece in summary.split('<span class="cell-points')[1:]:
        if piece.startswith(" cell-away"):
            out.append(("away", "", ""))
            continue
        small, total = re.match(r"[^>]*><small>(.*?)</small>(.*?)</span>", piece).groups()
        if piece.startswith(" cell-out"):
            assert small == "aus"
            out.append(("out", "", total))
        else:
            out.append(("play", small, total))
    return out


def _panel(words: str) -> dict[str, Any]:
    """The opened breakdown: its paragraphs by what they say."""
    head = re.search(r"<p><strong>(.*?)</strong> · (.*?)(?: · Bock ×\d+)?</p>", words)
    found: dict[str, Any] = {"kind": _text(head.group(1)), "winner": _text(head.group(2)),
                             "parties": "", "announced": "", "breakdown": "", "notes": []}
    for attributes, body in re.findall(r"<p([^>]*)>(.*?)</p>", words, re.S)[1:]:
        text = _text(body)
        if 'class="breakdown"' in attributes:
            found["breakdown"] = text
        elif text.startswith("angesagt: "):
            found["announced"] = text.removeprefix("angesagt: ")
        elif re.match(r"Re .* \d+ : \d+ Kontra", text) or re.match(r"\w+ \d+ · ", text):
            found["parties"] = text
        else:  # the Bock reason and the notes, in their order
            found["notes"].append(text)
    return found


def sheet_entries(page: str) -> list[dict[str, Any]]:
    """The games and table changes of an opened sheet, in order, as the page shows them."""
    entries = []
    for match in re.finditer(r'<details class="(game|change)[^"]*" id="[^"]+"[^>]*>(.*?)'
                             r"</details>", page, re.S):
        kind, body = match.groups()
        if kind == "change":
            summary = re.search(r"<summary[^>]*>(.*?)</summary>", body, re.S).group(1)
            said = _text(summary)
            entries.append({"change": re.sub(r"^Tischwechsel nach Spiel \d+: ", "", said)})
            continue
        summary, rest = body.split("</summary>", 1)
        words = re.search(r"data-panel-body>(.*?)</div>", rest, re.S).group(1)
        entries.append({
            "number": int(re.search(r'<span class="cell-no">(\d+)', summary).group(1)),
            "bock": _text(re.search(r'<small class="cell-bock">(.*?)</small>', summary).group(1)),
            "dealer": re.search(r'class="visually-hidden">Geber (.*?)</span>', summary).group(1),
            "value": _text(re.search(r'<span class="cell-value num">(.*?)</span>',
                                     summary).group(1)),
            "cells": _cells(summary),
            **_panel(words),
        })
    return entries


def sheet_totals(page: str) -> dict[str, int]:
    """The totals strip: every player of the evening with their total."""
    return {html.unescape(name): _number(value) for name, value in re.findall(
        r'<span class="total__name">(.*?)</span>\s*<span class="total__value[^"]*">(.*?)</span>',
        page)}


def csv_records(data: bytes) -> list[dict[str, str]]:
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline=""), delimiter=";"))
    return [dict(zip(rows[0], row)) for row in rows[1:]]


def assert_agree(entry: dict[str, Any], record: dict[str, str], players: list[str]) -> None:
    """One sheet row and one CSV row say the same, field by field."""
    if "change" in entry:
        assert record["Nr"] == "" and record["Spielart"] == f"Tischwechsel: {entry['change']}"
        assert all(record[p] == "" for p in players)
        return
    assert int(record["Nr"]) == entry["number"]
    assert record["Geber"] == entry["dealer"]
    # The sheet shows a factor only above 1; the CSV has the number for every game that
    # scores, and none for a redeal (no points to multiply: the README's "none for a
    # redeal", issue 37).
    if entry["kind"].startswith("neu gegeben"):
        assert record["Bock"] == "" and not entry["bock"]
    else:
        assert int(record["Bock"]) == (_number(entry["bock"][1:]) if entry["bock"] else 1)
    assert record["Grundwert"] == (str(_number(entry["value"])) if entry["value"] else "")
    for player, (state, points, _) in zip(players, entry["cells"]):
        expected = {"play": str(_number(points)) if points else "", "out": "aus",
                    "away": ""}[state]
        assert record[player] == expected, (entry["number"], player)
    assert record["Spielart"].split(" (")[0] == entry["kind"].split(" (")[0]
    assert record["Gewinner"] == entry["winner"]
    assert record["Wertung"] == entry["breakdown"]
    assert record["Ansagen"] == entry["announced"]
    assert record["Hinweise"] == " · ".join(entry["notes"])
    parties, _, schwarz = entry["parties"].partition(" · ")
    if record["Re"]:
        assert parties == (f"Re {record['Re']} {record['Augen Re']} : {record['Augen Kontra']} "
                           f"Kontra {record['Kontra']}")
        # schwarz, or 0 Augen with a trick: the sheet says which, the CSV names who took none.
        if record["Ohne Stich"]:
            assert schwarz == f"{record['Ohne Stich']} schwarz (kein Stich)"
        else:
            assert "schwarz (keinen" not in schwarz
            zero = [party for party in ("Re", "Kontra") if record[f"Augen {party}"] == "0"]
            assert schwarz == (f"{zero[0]} nicht schwarz (Stich mit 0 Augen)" if zero else "")
    else:
        assert (record["Augen Re"], record["Kontra"], record["Ohne Stich"]) == ("", "", "")


def play_first_evening(table: Any) -> str:
    """bockrunde: a Bock round, a redeal in it, a newcomer, schwarz and 0 Augen with a trick,
    somebody sitting out, a solo."""
    sheet = table.start_evening(seats=SEATS)
    table.play(sheet, ("Anna", "Ben"), 150)
    table.play(sheet, ("Cem", "Dora"), 120, announced_re="ansage")  # 120:120, lost Re: Bock
    table.play(sheet, kind="redeal")
    change(table, sheet, (*SEATS, "Emil"), new="Emil")
    for game in ({"eyes": 240, "trickless": "kontra"}, {"eyes": 240, "trickless": "none"},
                 {"eyes": 95, "announced_kontra": "keine_90"}):
        playing = table.ledger(sheet).next.players
        table.play(sheet, (playing[0], playing[2]), players=tuple(playing), **game)
    playing = table.ledger(sheet).next.players
    table.play(sheet, (playing[1],), 170, players=tuple(playing), kind="solo", solo="damen",
               extras_re_fuchs_gefangen="1")
    return sheet


def test_the_evening_csv_agrees_with_the_sheet_field_by_field(table, client):
    table.create_group(name="Stammtisch", preset="bockrunde", players=SEATS)
    sheet = play_first_evening(table)
    page = table.opened(sheet)
    entries = sheet_entries(page)
    *records, last = csv_records(client.get(sheet + "spiele.csv").data)
    players = list(sheet_totals(page))
    assert players == [*SEATS, "Emil"]
    assert len(records) == len(entries) == 8
    # The page shows what the CSV must agree on: a redeal without Bock in a Bock round, a
    # newcomer not at the table before, somebody sitting out, schwarz and 0 Augen with a trick.
    assert [e.get("bock") for e in entries[1:3]] == ["", ""] and entries[4]["bock"] == "×4"
    assert entries[0]["cells"][4][0] == "away" and any(
        c[0] == "out" for e in entries[4:] for c in e["cells"])
    assert "schwarz (kein Stich)" in entries[4]["parties"]
    assert "nicht schwarz (Stich mit 0 Augen)" in entries[5]["parties"]
    for entry, record in zip(entries, records):
        assert_agree(entry, record, players)
    assert last["Spielart"] == "Endstand" and last["Nr"] == ""
    assert {p: _number(last[p]) for p in players} == sheet_totals(page)


def test_the_runde_csv_agrees_with_every_evening_s_sheet_and_the_statistik(table, client):
    url = table.create_group(name="Stammtisch", preset="bockrunde", players=SEATS)
    first = play_first_evening(table)
    second = table.start_evening(seats=("Ben", "Cem", "Dora", "Emil"))
    table.play(second, ("Cem", "Emil"), 200)
    table.play(second, ("Ben", "Dora"), 60, announced_re="ansage")
    records = csv_records(client.get(url + "spiele.csv").data)
    pages = [table.opened(first), table.opened(second)]
    players = [*SEATS, "Emil"]
    at = 0
    for number, page in enumerate(pages, start=1):
        entries = sheet_entries(page)
        for entry in entries:
            record = records[at]
            assert (record["Abend"], record["Datum"]) == (str(number), "2025-11-20")
            assert_agree(entry, record, list(sheet_totals(page)))
            # Anna was not at the second evening: her cells are empty there.
            if number == 2 and "cells" in entry:
                assert record["Anna"] == ""
            at += 1
        totals = records[at]
        assert totals["Spielart"] == "Endstand" and totals["Abend"] == str(number)
        assert {p: _number(v) for p, v in totals.items() if p in players and v} == (
            sheet_totals(page))
        at += 1
    final = records[at]
    assert final["Spielart"] == "Summe aller Abende" and at == len(records) - 1
    stats = client.get(url + "statistik").text
    points = {html.unescape(name): _number(value) for name, value in re.findall(
        r'<th scope="row">(.*?)</th>\s*<td class="num stats__points[^"]*">(.*?)</td>', stats)}
    assert {p: _number(final[p]) for p in players} == points
