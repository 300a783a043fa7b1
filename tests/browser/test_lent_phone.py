"""A lent phone keeps nothing that holds a Runde's link: not the pages (the service worker
keeps those only for a remembered Runde, test_offline.py), and not what it saw of an evening
in IndexedDB (``doko-zettel``/``seen``, static/js/store.js), which names the evening by its
address. Real Chromium against the real app server."""

from __future__ import annotations

import re
from typing import Any

import pytest

pytestmark = pytest.mark.browser

SEATS = ["Anna", "Ben", "Cem", "Dora"]

SEEN = """async () => {
  const db = await new Promise((ok, fail) => {
    const r = indexedDB.open("doko-zettel", 1);
    r.onupgradeneeded = () => { r.result.createObjectStore("waiting", {keyPath: "entry_key"})
      .createIndex("evening", "evening"); r.result.createObjectStore("seen", {keyPath: "evening"}); };
    r.onsuccess = () => ok(r.result); r.onerror = () => fail(r.error);
  });
  const all = await new Promise((ok, fail) => {
    const r = db.transaction("seen", "readonly").objectStore("seen").getAll();
    r.onsuccess = () => ok(r.result); r.onerror = () => fail(r.error);
  });
  db.close();
  return all;
}"""
"""Every record of the ``seen`` store (the same database and stores store.js opens)."""


def seen(page: Any) -> list[dict[str, Any]]:
    return page.evaluate(SEEN)


def settled(page: Any) -> None:
    """live.js has started (it writes or removes the record as it starts) and had time to."""
    page.wait_for_function("() => window.DokoLive && window.DokoLive.online() === true",
                           timeout=10_000)
    page.wait_for_timeout(500)


def token_of(url: str) -> str:
    return re.search(r"/r/([^/]+)/", url).group(1)


def test_a_sheet_opened_on_a_lent_phone_leaves_no_link_in_indexeddb(phone):
    lent = phone(checks=False)
    sheet = lent.set_up_evening(SEATS)
    lent.send_games([{"re": ["Anna", "Cem"], "re_eyes": 151}])
    settled(lent.page)
    lent.goto(sheet + "spiel/neu", "formular")
    settled(lent.page)
    assert token_of(sheet) not in str(seen(lent.page))
    assert seen(lent.page) == []


def test_a_record_an_earlier_visit_left_is_removed_by_the_next_one(phone):
    lent = phone(checks=False)
    sheet = lent.set_up_evening(SEATS)
    settled(lent.page)
    # What the phone kept before: the record an earlier version wrote on every visit.
    path = "/" + sheet.split("/", 3)[3]
    lent.page.evaluate("""(evening) => window.DokoStore.saw({evening: evening, runde: "1",
        version: "1.1", games: 0, confirmed: Date.now()})""", path)
    lent.page.wait_for_function("async () => (await window.DokoStore.seen(%r)) !== undefined"
                                % path)
    lent.goto(sheet, "zettel")
    settled(lent.page)
    assert seen(lent.page) == []


def test_a_phone_that_remembers_the_runde_still_keeps_what_it_saw(phone):
    own = phone(checks=False)
    sheet = own.set_up_evening(SEATS)
    own.goto(sheet.split("abend/")[0], "runde")
    own.tap_to(own.page.get_by_role("button", name="Auf diesem Gerät merken"), "gemerkt")
    own.goto(sheet, "zettel")
    settled(own.page)
    records = seen(own.page)
    assert [r["evening"] for r in records] == ["/" + sheet.split("/", 3)[3]]
