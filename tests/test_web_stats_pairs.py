"""Who plays well with whom on the Statistik: the partner and head-to-head tables, and the
rating a Runde may opt in to (shown after enough games, hidden by a player who wishes)."""

from __future__ import annotations

import re
from html import unescape

from scorer.services.rating import MIN_GAMES, rate_games


def _rows(page: str, caption: str) -> list[list[str]]:
    table = page.split(f">{caption}</caption>", 1)[1].split("</table>", 1)[0]
    body = table.split("<tbody>", 1)[1]
    return [[unescape(re.sub(r"<[^>]+>", "", cell)).strip()
             for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)]
            for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)]


def test_the_statistik_shows_partners_and_head_to_head_by_hand(table, client):
    table.create_group()
    sheet = table.start_evening()
    table.play(sheet, ("Anna", "Cem"), 151)   # Anna, Cem +2; Ben, Dora −2
    table.play(sheet, ("Anna", "Ben"), 100)   # Cem, Dora +2; Anna, Ben −2
    page = client.get(f"/r/{table.token}/statistik").text
    assert _rows(page, "Als Partner") == [
        ["Anna & Ben", "1", "0", "−2,00"], ["Anna & Cem", "1", "1", "+2,00"],
        ["Ben & Dora", "1", "0", "−2,00"], ["Cem & Dora", "1", "1", "+2,00"]]
    # Anna against Dora twice: one win each, 0 points each; Ben against Cem twice: Cem won both.
    rows = _rows(page, "Gegeneinander")
    assert rows[:4] == [["Anna gegen Dora", "2", "1", "0,00"], ["Dora", "1", "0,00"],
                        ["Ben gegen Cem", "2", "0", "−2,00"], ["Cem", "2", "+2,00"]]
    assert "Spielstärke zeigen" in page and "<caption id=\"stats-rating\">" not in page


def test_the_rating_is_shown_after_enough_games_once_the_runde_opts_in(table, client, app):
    table.create_group()
    sheet = table.start_evening()
    for k in range(MIN_GAMES):
        table.play(sheet, ("Anna", "Cem") if k % 3 else ("Anna", "Ben"), 151 if k % 4 else 100)
    stats = f"/r/{table.token}/statistik"
    assert client.post(stats + "/wertung", data={"rating": "1"}).status_code == 302
    page = client.get(stats).text
    expected = rate_games(
        [(("Anna", "Cem"), ("Ben", "Dora"), 0 if k % 4 else 1) if k % 3 else
         (("Anna", "Ben"), ("Cem", "Dora"), 0 if k % 4 else 1) for k in range(MIN_GAMES)])
    rows = _rows(page, "Spielstärke")
    assert [r[0] for r in rows] == sorted(expected, key=lambda n: -expected[n].mu)
    anna = next(r for r in rows if r[0] == "Anna")
    assert anna[1] == f"{expected['Anna'].mu:.1f}".replace(".", ",")
    assert anna[3] == str(MIN_GAMES)
    assert "wie stark jemand spielt" in page
    # Anna hides hers: the others stay.
    client.post(f"/r/{table.token}/spieler/{table.player_id('Anna')}", data={"hide_rating": "1"})
    assert "Anna" not in [r[0] for r in _rows(client.get(stats).text, "Spielstärke")]
    # The read-only link sees it and cannot switch it off.
    from scorer import services

    with app.app_context():
        read = services.find_group(table.token).read_token
    assert client.post(f"/r/{read}/statistik/wertung", data={"rating": "0"}).status_code == 403
    seen = client.get(f"/r/{read}/statistik").text
    assert len(_rows(seen, "Spielstärke")) == 3 and "Spielstärke nicht mehr zeigen" not in seen


def test_too_few_games_show_no_rating(table, client):
    table.create_group()
    sheet = table.start_evening()
    table.play(sheet, ("Anna", "Cem"), 151)
    stats = f"/r/{table.token}/statistik"
    client.post(stats + "/wertung", data={"rating": "1"})
    page = client.get(stats).text
    assert "wie stark jemand spielt" in page and 'id="stats-rating"' not in page


def test_a_season_counts_only_its_own_evenings(table, client):
    table.create_group()
    first = table.start_evening(played_on="2024-11-20")
    table.play(first, ("Anna", "Cem"), 151)
    later = table.start_evening(played_on="2025-11-20")
    table.play(later, ("Anna", "Cem"), 151)
    table.play(later, ("Ben", "Dora"), 151)
    stats = f"/r/{table.token}/statistik"
    # 2025: Anna and Cem win as Re (+2), then lose as Kontra to Ben and Dora (−2); the
    # other way round for Ben and Dora.
    season = _rows(client.get(stats + "?saison=2025-01-01").text, "Als Partner")
    assert season == [["Anna & Cem", "2", "1", "0,00"], ["Ben & Dora", "2", "1", "0,00"]]
    # With 2024's win of Anna and Cem: +2, +2, −2 over three games, 4/3 ≈ +0,67 a game.
    everything = _rows(client.get(stats).text, "Als Partner")
    assert everything == [["Anna & Cem", "3", "2", "+0,67"], ["Ben & Dora", "3", "1", "−0,67"]]
