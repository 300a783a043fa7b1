"""Helpers for the tests of the Runde's year through its pages: evenings on given dates
settled as asked, the settings forms, and the tables the pages show, read back."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

FIVE = ("Anna", "Ben", "Cem", "Dora", "Emil")

SEASON_2025 = [
    # Evening 1, 6 March: Anna and Ben win with 151 (ddv: 2 each). Emil not yet there.
    ("2025-03-06", ("Anna", "Ben", "Cem", "Dora"), [(("Anna", "Ben"), 151)]),
    # Evening 2, 13 March: Ben away. Cem and Dora win with 130 (1 each), then Cem and
    # Anna with 151 (2 each): Cem 3, Anna 1, Dora −1, Emil −3.
    ("2025-03-13", ("Anna", "Cem", "Dora", "Emil"), [(("Cem", "Dora"), 130),
                                                     (("Cem", "Anna"), 151)]),
]
"""Two evenings whose figures the tests work out from RULES.md §11 by hand."""


def evening_on(table: Any, day: str, seats: tuple[str, ...], mode: str = "pay_leader",
               cents: int = 10) -> str:
    """Start an evening on ``day`` through the new-evening form; its sheet URL."""
    data = table.evening_form(seats, cents=cents)
    data.update(played_on=day, settlement_mode=mode)
    response = table.client.post(f"/r/{table.token}/abend/neu", data=data)
    assert response.status_code == 302, response.text
    return response.location


def close(table: Any, sheet: str) -> None:
    """Abend abschließen, at the evening's current revision."""
    from scorer import services

    number = int(sheet.rstrip("/").split("/")[-1])
    with table.app.app_context():
        revision = services.find_evening(services.find_group(table.token), number).revision
    response = table.client.post(sheet + "schliessen", data={"revision": str(revision)})
    assert response.status_code == 302, response.text


def play_season(table: Any, evenings: list[Any] = SEASON_2025, mode: str = "pay_leader",
                closed: bool = True) -> list[str]:
    """The evenings played through the pages (each closed); their sheet URLs."""
    sheets = []
    for day, seats, games in evenings:
        sheet = evening_on(table, day, seats, mode)
        for re_players, eyes in games:
            table.play(sheet, re_players, eyes, players=seats)
        if closed:
            close(table, sheet)
        sheets.append(sheet)
    return sheets


def post_ok(table: Any, url: str, data: dict[str, Any]) -> str:
    """Post a form that must be accepted; the page it leads to (its flash shown)."""
    response = table.client.post(url, data=data)
    assert response.status_code == 302, response.text[:3000]
    page = table.client.get(response.location).text
    assert "flash--error" not in page, page[:3000]
    return page


def set_ranking(table: Any, method: str, min_games: int = 0, absent: int = 0,
                since: str = "start") -> None:
    """The Wertung from ``since`` on (an ISO day, or "start": for every season), confirmed
    where it re-ranks a season played (RULES.md §11.4)."""
    post_ok(table, f"/r/{table.token}/saisons/wertung", {
        "season_ranking": method, "min_games": str(min_games),
        "absent_table_points": str(absent), **_applies("ranking", since)})


def set_absent(table: Any, mode: str, amount: str = "", since: str = "start") -> None:
    """What absent members pay from ``since`` on, confirmed as set_ranking."""
    post_ok(table, f"/r/{table.token}/kasse/fehlende", {"absent_pays": mode,
                                                       "absent_fixed": amount,
                                                       **_applies("absent", since)})


def _applies(part: str, since: str) -> dict[str, str]:
    if since == "start":
        return {f"{part}_applies": "start", "confirm": "1"}
    return {f"{part}_applies": "day", f"{part}_from": since, "confirm": "1"}


def cells(row: str) -> list[str]:
    """The text of each cell of a table row, tags stripped."""
    return [unescape(re.sub(r"<[^>]+>", "", c)).strip()
            for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)]


def table_rows(page: str, css_class: str) -> list[list[str]]:
    """Every body row of the first table with ``css_class``."""
    found = re.search(rf'<table class="[^"]*\b{css_class}\b[^"]*">(.*?)</table>', page, re.S)
    assert found, f"no table .{css_class}"
    body = re.search(r"<tbody>(.*?)</tbody>", found.group(1), re.S)
    assert body
    return [cells(r) for r in re.findall(r"<tr[^>]*>(.*?)</tr>", body.group(1), re.S)]


def flash_of(page: str) -> str:
    found = re.findall(r'<p class="flash[^"]*"[^>]*>(.*?)</p>', page, re.S)
    return " ".join(unescape(f) for f in found)
