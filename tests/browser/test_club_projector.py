"""The projector at the back of the room (issue 37), measured at 1920 × 1080 as Chromium
draws it: thirteen players at three tables in round 1. Names and figures half as large again
as the 30 px they had, each table's progress as its key figure, the figures right after the
names, zebra rows, the ranking link's code in view, all on one screen."""

from __future__ import annotations

import pytest

from .club_helpers import THIRTEEN, draw, new_tournament, start

pytestmark = pytest.mark.browser

MEASURE_JS = """
() => {
  const px = (el) => parseFloat(getComputedStyle(el).fontSize);
  const textBox = (el) => { const r = document.createRange(); r.selectNodeContents(el);
                            return r.getBoundingClientRect(); };
  const rows = [...document.querySelectorAll("tr[data-player]")];
  const names = rows.map(r => r.querySelector(".ranking__name"));
  const widest = names.reduce((a, b) => textBox(a).width >= textBox(b).width ? a : b);
  const after = widest.nextElementSibling;
  const qr = document.querySelector(".ranking__qr svg").getBoundingClientRect();
  const chips = [...document.querySelectorAll(".ranking__tables li")];
  return {
    name: px(names[0]), number: px(rows[0].querySelector("[data-figure]")),
    gap: textBox(after).left - textBox(widest).right,
    zebra: [getComputedStyle(rows[0]).backgroundColor, getComputedStyle(rows[1]).backgroundColor,
            getComputedStyle(rows[2]).backgroundColor],
    progress: chips.map(li => [li.querySelector("[aria-hidden]").innerText.trim(), px(li)]),
    qr: [qr.left, qr.top, qr.right, qr.bottom, qr.width],
    bottom: Math.max(...rows.map(r => r.getBoundingClientRect().bottom)),
    height: document.documentElement.scrollHeight,
  };
}
"""


def test_the_projector_is_read_from_ten_metres(phone):
    projector = phone(1920, 1080, name="beamer-13")
    projector.goto("/turnier/neu", "turnier-neu")
    home = new_tournament(projector, THIRTEEN, planned=12, rounds=3)
    draw(projector, home, 8)
    start(projector, home, 1)
    projector.goto(home + "rangliste", "rangliste-13")
    seen = projector.page.evaluate(MEASURE_JS)
    print(f"projector, 13 players: names {seen['name']:.1f} px, sums {seen['number']:.1f} px, "
          f"progress {seen['progress'][0][1]:.1f} px, name to figures {seen['gap']:.0f} px, "
          f"code {seen['qr'][4]:.0f} px, rows end at {seen['bottom']:.0f} px")
    # Half as large again as the 30 px the walk-through measured.
    assert seen["name"] >= 45 and seen["number"] >= 45, seen
    # The progress is the key figure, large: "Tisch 2: 0 von 12" (a five plays 15).
    assert [text for text, _size in seen["progress"]] == [
        "Tisch 1: 0 von 12", "Tisch 2: 0 von 12", "Tisch 3: 0 von 15"], seen["progress"]
    assert all(size >= 32 for _text, size in seen["progress"]), seen["progress"]
    # The longest name's figures follow it, not 700 px further on.
    assert 0 <= seen["gap"] <= seen["name"], seen
    # Zebra rows.
    assert seen["zebra"][0] != seen["zebra"][1] and seen["zebra"][0] == seen["zebra"][2]
    # The ranking link's code, in view and large enough for a phone across the room.
    left, top, right, bottom, width = seen["qr"]
    assert width >= 120 and 0 <= left and right <= 1920 and 0 <= top and bottom <= 1080
    # One screen.
    assert seen["bottom"] <= 1080 and seen["height"] <= 1080, seen
    # A screen reader still hears the whole sentence.
    said = projector.page.locator(".ranking__tables li .visually-hidden").all_inner_texts()
    assert said[2] == "Tisch 3: 0 von 15 Spielen gezählt", said
    projector.screenshot("beamer-13", full_page=False)
