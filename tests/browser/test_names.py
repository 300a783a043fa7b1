"""Names stay apart on a phone (issue 25, item 23): the sheet cut its column heads to "Mar…",
"Mar…" with five players at 360 px and seven at 390 px. Every name the sheet shows, as it
is drawn in Chromium: the heads and the dealers show a start of the name that no other
player's name at the table shares, never cut off; the totals strip shows the whole names.
"""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser

FIVE = ["Markus", "Martin", "Sabine", "Stefanie", "Annegret"]
SEVEN = [*FIVE, "Christoph", "Christian"]

# What a reader sees of each name, and whether the box it is in cuts it off (an ellipsis or
# a clipped second line): the text outside .visually-hidden, which only a screen reader reads.
NAMES_JS = r"""
() => {
  const shown = (el) => {
    let text = "";
    const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      if (!n.parentElement.closest(".visually-hidden")) text += n.data;
    }
    return text.trim();
  };
  const cut = (el) => el.scrollWidth > el.clientWidth + 0.5 || el.scrollHeight > el.clientHeight + 0.5;
  const box = (el) => ({shown: shown(el), cut: cut(el)});
  return {
    heads: Array.from(document.querySelectorAll(".sheet__head > span")).slice(3).map(box),
    totals: Array.from(document.querySelectorAll(".totals .total__name")).map(box),
    dealers: Array.from(document.querySelectorAll("details.game .cell-kind")).map((cell) => ({
      ...box(cell),
      shown: shown(cell.querySelector(".cell-dealer")),
      name: cell.querySelector(".cell-dealer .visually-hidden").textContent.replace(/^Geber /, ""),
    })),
  };
}
"""


def eight_games(seats: list[str]) -> list[dict[str, Any]]:
    """Normal games (who plays is the rotation's): every one of the first seats deals once."""
    return [{"re": [seats[(k + 1) % len(seats)], seats[(k + 2) % len(seats)]],
             "re_eyes": 100 + 10 * k} for k in range(8)]


@pytest.mark.parametrize(("seats", "width"), [(FIVE, 360), (SEVEN, 390), (SEVEN, 360)],
                         ids=["five-at-360", "seven-at-390", "seven-at-360"])
def test_every_name_on_the_sheet_tells_the_players_apart(phone, seats, width):
    table = phone(width, 740)
    table.set_up_evening(seats, preset="ddv", runde="Stammtisch")
    table.send_games(eight_games(seats))
    seen = table.page.evaluate(NAMES_JS)
    table.screenshot(f"names-{len(seats)}-at-{width}", full_page=False)

    heads = [h["shown"] for h in seen["heads"]]
    assert not [h for h in seen["heads"] if h["cut"]], f"a head is cut off: {seen['heads']}"
    assert len(set(h.casefold() for h in heads)) == len(seats), heads
    assert all(name.startswith(short) and len(short) >= 3 for name, short in zip(seats, heads))
    # The whole names stand on the totals strip, in the same order.
    assert [t["shown"] for t in seen["totals"]] == seats
    assert not [t for t in seen["totals"] if t["cut"]], seen["totals"]
    # The dealer under "Art" is called as his column is.
    assert not [d for d in seen["dealers"] if d["cut"]], seen["dealers"]
    assert [d["shown"] for d in seen["dealers"]] == [
        heads[seats.index(d["name"])] for d in seen["dealers"]]
    assert {d["name"] for d in seen["dealers"]} >= set(seats[:5])
