"""What the dark-scheme walk-through of issue 25 saw at 360 px: the chart follows the scheme
(no white panel in a dark page, no line drawn in black on the dark card), and a long Runde
name in the top bar ends in "…". Every page's contrast is checked in both schemes by
``Phone.check``; here the chart's own colours."""

from __future__ import annotations

import pytest

from scorer.core.evening import evening

pytestmark = pytest.mark.browser

SEVEN = ["Anna", "Ben", "Cem", "Dora", "Emil", "Fritz", "Gerd"]


def test_the_chart_is_drawn_on_the_dark_card_with_every_line_in_view(phone):
    table = phone(360, 740, scheme="dark")
    table.set_up_evening(SEVEN)
    games: list[dict[str, object]] = []
    for eyes in (151, 100, 130, 170, 90, 200, 121):  # every player plays at least once
        four = evening({"rules": "bockrunde", "seats": SEVEN, "games": games}).next.players
        games.append({"re": list(four[:2]), "re_eyes": eyes})
    table.send_games(games)
    page = table.page
    chart = page.locator("figure.chart svg").first
    chart.scroll_into_view_if_needed()
    card = page.evaluate("getComputedStyle(document.querySelector('.card')).backgroundColor")
    assert chart.evaluate("el => getComputedStyle(el).backgroundColor") == card
    strokes = chart.locator("polyline").evaluate_all(
        "lines => lines.map(l => getComputedStyle(l).stroke)")
    assert len(strokes) == 7 and "rgb(0, 0, 0)" not in strokes, strokes
    table.screenshot("zettel-dunkel")


def test_a_long_runde_name_in_the_top_bar_ends_in_an_ellipsis(phone):
    # Walk-through finding: "Vereinsabend Skatfreund" was cut off without "…".
    table = phone(360, 740, scheme="dark")
    table.set_up_evening(["Anna", "Ben", "Cem", "Dora"],
                         runde="Vereinsabend Skatfreunde Doko Dezember")
    crumb = table.page.locator(".topbar .crumb")
    style = crumb.evaluate("el => [getComputedStyle(el).textOverflow, el.scrollWidth > "
                           "el.clientWidth, getComputedStyle(el).display]")
    assert style == ["ellipsis", True, "block"]
    box = crumb.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 360
