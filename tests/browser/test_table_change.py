"""Players come and go on a 390 px phone (ddv): six at the table, Fritz (new to the Runde)
sits down after game 3, Anna leaves after game 7 with her Pflichtsolo open; then Fritz's
arrival is corrected to after game 2 from the change's own form. Everything the sheet shows
is checked against `scorer evening` on the same facts: totals, dealer, who played, who sat
out and who was not at the table, the table changes in their places, open Pflichtsoli.
The table changes are made by taps; of the games, the first and the first after each change.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest

from scorer.core.evening import evening

pytestmark = pytest.mark.browser

SEATS = ["Anna", "Ben", "Cem", "Dora", "Emil", "Gerd"]
"""Seat order on the new-evening page; Anna deals first."""
FRITZ_SEATS = ["Anna", "Ben", "Cem", "Fritz", "Dora", "Emil", "Gerd"]
"""Fritz sits down between Cem and Dora."""
WITHOUT_ANNA = ["Ben", "Cem", "Fritz", "Dora", "Emil", "Gerd"]

Game = Callable[[list[str]], dict[str, Any]]
GAMES: list[Game] = [
    lambda p: {"re": [p[0], p[2]], "re_eyes": 151},
    lambda p: {"re": [p[1], p[3]], "re_eyes": 100},
    lambda p: {"re": [p[0], p[1]], "re_eyes": 185, "announced": {"re": "keine_90"}},
    lambda p: {"re": [p[2], p[3]], "re_eyes": 121},
    # A Damensolo by the first player who is not Anna: his Pflichtsolo, Anna keeps hers.
    lambda p: {"kind": "solo", "solo": "damen",
               "re": [next(x for x in p if x != "Anna")], "re_eyes": 130},
    lambda p: {"re": [p[1], p[2]], "re_eyes": 140, "extras": {"re": {"fuchs_gefangen": 1}}},
    lambda p: {"re": [p[0], p[3]], "re_eyes": 90},
    lambda p: {"re": [p[0], p[1]], "re_eyes": 160},
    lambda p: {"re": [p[2], p[3]], "re_eyes": 110},
]
"""Each game given the four players the form offers (the core's next players)."""
TYPED = {1, 4, 8}
"""The games typed by taps: the first, and the first after each table change."""


def ledger(entries: list[dict[str, Any]]) -> Any:
    return evening({"rules": "ddv", "seats": SEATS, "games": entries})


def scorer_evening(entries: list[dict[str, Any]]) -> dict[str, Any]:
    """The `scorer evening` command's answer for these facts."""
    data = {"rules": "ddv", "seats": SEATS, "games": entries}
    done = subprocess.run([sys.executable, "-m", "scorer", "evening", "-"],
                          input=json.dumps(data), capture_output=True, text=True, timeout=60,
                          check=True)
    return json.loads(done.stdout)


def change_words(change: dict[str, Any], seen: set[str]) -> str:
    """How the sheet must word a change of the CLI's `table_changes` (the issue's wording)."""
    parts = [f"{p} kommt {'wieder' if p in seen else 'dazu'}" for p in change["joined"]]
    parts += [f"{p} geht (Pflichtsolo offen, entfällt)" if p in change["pflichtsolo_dropped"]
              else f"{p} geht" for p in change["left"]]
    return " · ".join([*parts, f"gibt: {change['dealer']}"])


def test_players_come_and_go_and_a_moved_arrival_adds_up_like_the_core(phone):
    table = phone(390, 844)
    page = table.page
    table.set_up_evening(SEATS, preset="ddv")
    entries: list[dict[str, Any]] = []

    for number, game in enumerate(GAMES, start=1):
        coming = ledger(entries).next
        facts = {**game(list(coming.players)), "players": list(coming.players)}
        # The game right after each change is typed (the form must offer the new table);
        # the others are sent through the same form unseen, with the players it ticks.
        if number in TYPED:
            table.enter_game(facts, number)
        else:
            table.send_games([facts])
        entries.append(facts)
        if number == 3:
            fritz = {"table": FRITZ_SEATS}
            change_table(table, new="Fritz", moves_up=3, name="fritz-kommt",
                         expected=ledger([*entries, fritz]))
            entries.append(fritz)
        if number == 7:
            anna = {"table": WITHOUT_ANNA}
            change_table(table, untick=["Anna"], name="anna-geht",
                         expected=ledger([*entries, anna]))
            entries.append(anna)
    check_sheet(table, scorer_evening(entries))
    assert "Anna geht (Pflichtsolo offen, entfällt)" in page.locator(".sheet").inner_text()

    # Fritz came after game 2, not 3: move his arrival from the change's own form.
    moved = entries[:2] + [entries[3], entries[2]] + entries[4:]
    fritz_row = page.locator("details.change").first
    table.tap(fritz_row.locator("summary"))
    table.tap_to(fritz_row.get_by_role("link", name="Tischwechsel ändern"), "fritz-aendern")
    assert page.get_by_label("Wann?").input_value() == "3"
    table.tap(page.get_by_label("Wann?"))
    page.get_by_label("Wann?").select_option("2")
    expected = ledger(moved).table_changes[0]
    page.locator("#table-preview").filter(has_text=f"gibt: {expected.dealer}").wait_for()
    table.tap_to(page.get_by_role("button", name="Speichern"), "zettel-fritz-nach-spiel-2")
    truth = scorer_evening(moved)
    assert [c["after"] for c in truth["table_changes"]] == [2, 7]
    check_sheet(table, truth)


def change_table(table: Any, *, expected: Any, name: str, untick: tuple[str, ...] | list[str] = (),
                 new: str | None = None, moves_up: int = 0) -> None:
    """Sheet -> "Tisch ändern" -> seats ticked, a new player typed and moved up -> the
    preview shows what the core says -> Speichern -> the sheet."""
    page = table.page
    table.tap_to(page.get_by_role("link", name="Tisch ändern"), name)
    for who in untick:
        table.tap(page.locator("label.seat__check").filter(has_text=who))
    if new:
        table.type_into(page.get_by_label("Neuer Spieler", exact=True), new)
        for _ in range(moves_up):
            table.tap(page.get_by_role("button", name="Neuer Spieler nach oben"))
    change = expected.table_changes[-1]
    # The script asks the server: the dealer §7 suggests and the row the sheet will show.
    page.locator("#table-preview").filter(has_text=f"gibt: {change.dealer}").wait_for()
    rule = page.get_by_label("Wer gibt das nächste Spiel?").locator("option[value='']")
    assert rule.inner_text() == f"nach der Regel: {change.dealer}"
    table.screenshot(f"{table.pages:02d}-{name}-vorschau")
    table.check(f"{name}-vorschau")
    table.tap_to(page.get_by_role("button", name="Speichern"), f"{name}-zettel")


SHEET_ROWS_JS = r"""
() => Array.from(document.querySelectorAll("details.game, details.change")).map((row) => {
  if (row.classList.contains("change")) {
    return {change: row.querySelector("summary").innerText.replace(/\s+/g, " ").trim()};
  }
  return {
    number: row.querySelector(".cell-no").innerText.trim(),
    dealer: row.querySelector(".cell-dealer .visually-hidden").textContent.replace(/^Geber /, ""),
    cells: Array.from(row.querySelectorAll("summary .cell-points")).map((cell) =>
      cell.classList.contains("cell-away") ? "" :
      cell.classList.contains("cell-out") ? "aus" : cell.querySelector("small").innerText.trim()),
  };
})
"""


def check_sheet(table: Any, truth: dict[str, Any]) -> None:
    """The sheet against the CLI's ledger: totals, each row, each change, the status."""
    page = table.page
    # Every player of the evening: the first seats, then newcomers as they came (the CLI
    # sorts its keys, so the order comes from its table changes).
    players = list(SEATS)
    for change in truth["table_changes"]:
        players += [p for p in change["joined"] if p not in players]
    assert sorted(players) == sorted(truth["totals"])
    assert table.totals() == truth["totals"]
    head = page.locator(".sheet__head .sheet__name .visually-hidden").all_text_contents()
    assert head == players
    shown = page.locator(".sheet__head .sheet__name [aria-hidden]").all_text_contents()
    assert [name.startswith(short) for name, short in zip(players, shown)] == [True] * len(players)

    rows = page.evaluate(SHEET_ROWS_JS)
    games = iter(truth["games"])
    changes = iter(truth["table_changes"])
    seats, seen, played = SEATS, set(SEATS), 0
    for row in rows:
        if "change" in row:
            change = next(changes)
            assert change["after"] == played
            assert row["change"] == (f"Tischwechsel nach Spiel {played}: "
                                     + change_words(change, seen))
            seats = change["seats"]
            seen |= set(change["joined"])
            continue
        game = next(games)
        played += 1
        # A game entered before the arrival was moved keeps its players: the number then
        # carries the "anders besetzt" mark after the digits.
        number = re.match(r"\d+", row["number"]).group()
        assert (number, row["dealer"]) == (str(game["number"]), game["dealer"])
        want = [("" if p not in seats else "aus" if p not in game["players"]
                 else f"{game['points'][p]:+d}".replace("-", "−").replace("+0", "0"))
                for p in players]
        assert row["cells"] == want, game["number"]
    assert next(games, None) is None and next(changes, None) is None

    status = page.locator(".status__list").inner_text()
    assert f"Geber\n{truth['next']['dealer']}" in status
    assert f"Pflichtsolo offen\n{', '.join(truth['pflichtsolo_open'])}" in status
    away = [p for p in players if p not in truth["next"]["seats"]]
    assert f"Nicht am Tisch\n{', '.join(away)}" in status
