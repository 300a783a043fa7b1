"""The entry form in a careless hand (issue 25, items 7–15): the preview bar read in full,
errors that go once corrected, Sonderpunkte in view, one schwarz question that cannot be
read both ways, "Wer spielt" that folds again, a forced Pflichtsolo switched to another
kind, the Hammelrennen's fourth Augen, Armut and Hochzeit naming who called them, and who
plays in the order the table plays (RULES.md §7) on the form and on the sheet.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from scorer.core.evening import evening
from scorer.words.labels import breakdown

pytestmark = pytest.mark.browser

FOUR = ["Anna", "Ben", "Cem", "Dora"]
FIVE = ["Anna", "Ben", "Cem", "Dora", "Emil"]

CUT_JS = """() => Array.from(document.querySelectorAll('#preview *')).filter(el =>
  el.getClientRects().length && (el.scrollWidth > el.clientWidth + 0.5
                                 || el.scrollHeight > el.clientHeight + 0.5))
  .map(el => el.textContent.trim())"""
"""The texts in the preview bar that do not fit their box (an ellipsis, a clamp)."""


def re_chips(table: Any) -> Any:
    return table.group(re.compile(r"^Re:"))


def open_form(table: Any, number: int) -> Any:
    table.tap_to(table.page.get_by_role("link", name=f"Spiel {number} eintragen"),
                 f"spiel-{number}-neu")
    return table.page


# ------------------------------------------------------------------ item 7: the preview bar

@pytest.mark.parametrize("game", [
    {"re": ["Ben", "Cem"], "re_eyes": 190, "announced": {"re": "keine_90"},
     "extras": {"re": {"fuchs_gefangen": 1}}},
    # Points to both parties: the lines come grouped by party, "Re: gewonnen +1, unter 90
    # gespielt +1, …" (walk-through: the group ran out of the opened bar).
    {"re": ["Ben", "Cem"], "re_eyes": 170, "announced": {"re": "keine_90"},
     "extras": {"kontra": {"doppelkopf": 1}}},
], ids=["winner-only", "both-parties"])
def test_the_preview_bar_opens_to_show_the_whole_breakdown(phone, game):
    table = phone(360, 740)
    table.set_up_evening(FIVE)
    page = open_form(table, 1)
    table.fill_game(game)
    page.locator(".preview__lines").wait_for()
    page.evaluate("document.activeElement.blur()")
    expected = evening({"rules": "bockrunde", "seats": FIVE, "games": [game]})
    whole = breakdown(expected.games[0])
    assert page.locator(".preview__lines").text_content() == whole
    assert page.evaluate(CUT_JS), "the breakdown fits the bar: nothing to open"
    table.tap(page.locator("#preview"))
    page.wait_for_timeout(100)
    assert page.evaluate(CUT_JS) == []
    table.assert_seen(page.locator(".preview__lines"), "the whole breakdown")
    table.assert_seen(page.get_by_role("button", name="Speichern"), "Speichern")
    table.check("vorschau-offen")
    # A second tap folds it again.
    table.tap(page.locator("#preview"))
    page.wait_for_timeout(100)
    assert page.evaluate(CUT_JS)


# ------------------------------------------------------------------ item 8: errors go

def test_a_corrected_field_loses_its_error(phone):
    table = phone(360, 740)
    table.set_up_evening(FOUR)
    page = open_form(table, 1)
    table.fill_game({"re": ["Anna", "Cem"], "re_eyes": 250})
    with page.expect_navigation():
        page.get_by_role("button", name="Speichern").tap()
    table.console_errors = [e for e in table.console_errors if "422" not in e]
    error = page.locator("#re_eyes-error")
    assert error.is_visible()
    assert page.locator(".field--invalid").count() == 1
    table.type_into(page.get_by_label("Augen Re"), "151", replace=True)
    page.locator(".preview__points").wait_for()
    assert page.locator(".error:visible").count() == 0
    assert page.locator(".field--invalid").count() == 0
    assert page.locator(".flash--error:visible").count() == 0
    assert page.get_by_label("Augen Re").get_attribute("aria-invalid") is None
    # Wrong again: the error comes back where it belongs, in the bar, before saving.
    table.type_into(page.get_by_label("Augen Re"), "241", replace=True)
    page.locator(".preview__problem").filter(has_text="240").wait_for()
    table.type_into(page.get_by_label("Augen Re"), "151", replace=True)
    table.save(1)


# ------------------------------------------------------------------ item 9: Sonderpunkte

@pytest.mark.parametrize("size", [(360, 740), (390, 844)], ids=["360x740", "390x844"])
@pytest.mark.parametrize("extra", ["fuchs_gefangen", "doppelkopf"])
def test_a_fox_or_a_doppelkopf_is_in_view_and_two_taps_more_at_most(phone, size, extra,
                                                                     count_taps):
    labels = {"fuchs_gefangen": "Fuchs gefangen", "doppelkopf": "Doppelkopf"}
    table = phone(*size)
    table.set_up_evening(FIVE)
    table.taps = 0
    page = open_form(table, 1)
    for name in ("Ben", "Cem"):
        table.tap(table.chip(re_chips(table), name))
    page.keyboard.type("151")
    page.locator(".preview__points").wait_for()
    page.evaluate("document.activeElement.blur()")  # the keyboard goes
    for party in ("Re", "Kontra"):
        plus = page.get_by_role("button", name=f"{labels[extra]} {party} mehr", exact=True)
        table.assert_seen(plus, f"{labels[extra]} {party} +")
    assert page.evaluate("window.scrollY") == 0, "the page had to scroll"
    table.tap(page.get_by_role("button", name=f"{labels[extra]} Re mehr", exact=True))
    table.save(1)
    count_taps(f"{labels[extra]} (Re), {size[0]} px", table.taps)
    assert table.taps <= 4 + 2
    assert table.totals() == evening({"rules": "bockrunde", "seats": FIVE, "games": [
        {"re": ["Ben", "Cem"], "re_eyes": 151, "extras": {"re": {extra: 1}}}]}).totals


def shown_extras(page: Any) -> list[str]:
    """The Sonderpunkte the form shows now, by the names a screen reader gives their "+"."""
    return page.locator("fieldset.extras:visible button:visible").evaluate_all(
        "buttons => buttons.map(b => b.getAttribute('aria-label'))"
        ".filter(name => name.endsWith(' Re mehr')).map(name => name.slice(0, -8))")


@pytest.mark.parametrize(("preset", "solos"), [
    # DDV (extras_in_solo none): no Sonderpunkte in any solo, so none are offered.
    ("ddv", {"Damensolo": [], "Karo-Solo": []}),
    # Kuss-Rosa (trumpfsolo): in a Karo solo, not in a Damensolo.
    ("kuss-rosa", {"Damensolo": [], "Karo-Solo": ["Karlchen gefangen", "Karlchen",
                                                   "Fuchs gefangen", "Doppelkopf"]}),
    # Orbital (all but the fox): every other one in any solo.
    ("orbital", {"Damensolo": ["Karlchen gefangen", "Karlchen", "Doppelkopf"]}),
])
def test_a_solo_offers_only_the_sonderpunkte_that_count_in_it(phone, preset, solos):
    # Tester finding: under DDV the solo form showed the steppers while the preview said
    # they would not count.
    table = phone(360, 740)
    table.set_up_evening(FOUR, preset=preset)
    page = open_form(table, 1)
    normal = shown_extras(page)
    assert normal  # a normal game offers the rules' Sonderpunkte
    table.tap(table.chip(table.group("Spielart"), "Solo"))
    for solo, offered in solos.items():
        table.tap(table.chip(table.group("Welches Solo?"), solo))
        assert sorted(shown_extras(page)) == sorted(offered), solo
        assert page.locator("fieldset.extras").is_visible() == bool(offered)
    table.tap(table.chip(table.group("Spielart"), "Normalspiel"))
    assert shown_extras(page) == normal


def test_a_hochzeit_without_partner_is_a_solo_and_a_stored_count_is_kept(phone):
    table = phone(360, 740)
    table.set_up_evening(FOUR, preset="ddv")
    # A Damensolo saved with a Doppelkopf (an older form, or a file imported): it does not
    # count under the DDV, but it is what the table wrote.
    table.send_games([{"kind": "solo", "solo": "damen", "re": ["Ben"], "re_eyes": 130,
                       "extras": {"re": {"doppelkopf": 1}}}])
    page = open_form(table, 2)
    table.tap(table.chip(table.group("Spielart"), "Hochzeit"))
    table.tap(table.chip(re_chips(table), "Anna"))
    assert shown_extras(page) == []  # alone: scored as a solo, no Sonderpunkte count
    table.tap(table.chip(re_chips(table), "Cem"))
    assert sorted(shown_extras(page)) == ["Doppelkopf", "Fuchs gefangen", "Karlchen"]
    # Opened to be changed, the solo keeps its Doppelkopf row, and saving keeps the count.
    table.goto(table.page.url.split("spiel/")[0], "zettel")
    # The row's own page (its breakdown's address without "rechnung").
    edit = page.locator("#spiel-1 a[href$='rechnung']").first.evaluate("a => a.href")
    edit = edit.removesuffix("rechnung")
    table.goto(edit, "spiel-1-aendern")
    assert shown_extras(page) == ["Doppelkopf"]
    assert page.locator("#extras_re_doppelkopf").input_value() == "1"
    table.type_into(page.get_by_label("Augen Re"), "131", replace=True)
    table.tap_to(page.get_by_role("button", name="Speichern"), "gespeichert")
    table.goto(edit, "spiel-1-wieder")
    assert page.locator("#extras_re_doppelkopf").input_value() == "1"


# ------------------------------------------------------------------ item 10: schwarz

def test_the_schwarz_question_has_answers_that_say_what_happened(phone):
    table = phone(360, 740)
    table.set_up_evening(FOUR)
    page = open_form(table, 1)
    table.fill_game({"re": ["Anna", "Cem"], "re_eyes": 240})
    question = page.get_by_role("radiogroup", name=re.compile("Kontra hat 0 Augen"))
    question.wait_for()
    answers = question.locator("label.chip:visible").all_inner_texts()
    # Each answer says the outcome itself: no "Ja"/"Nein" to a question that could be read
    # as "Schwarz?" or as "trotzdem einen Stich?".
    assert len(answers) == 2
    assert not [a for a in answers if re.match(r"(?i)\s*(ja|nein)\b", a)], answers
    assert [a for a in answers if "Stich" in a and "schwarz" not in a.lower()], answers
    assert [a for a in answers if "schwarz" in a.lower()], answers
    table.check("schwarz-frage")
    table.tap(question.locator("label.chip:visible").filter(has_text=re.compile("schwarz", re.IGNORECASE)))
    table.save(1)
    assert table.totals() == evening({"rules": "bockrunde", "seats": FOUR, "games": [
        {"re": ["Anna", "Cem"], "re_eyes": 240, "trickless": "kontra"}]}).totals


# ------------------------------------------------------------------ item 11: Wer spielt

def test_wer_spielt_says_how_it_folds_again_once_opened(phone):
    table = phone(360, 740)
    table.set_up_evening(FIVE)
    page = open_form(table, 1)
    who = page.locator("details.who")
    summary = who.locator("summary")
    assert "ändern" in summary.inner_text()
    table.tap(summary)
    assert who.evaluate("el => el.open")
    # The line says how it closes, in view; tapping it closes it.
    fold = summary.get_by_text("zuklappen")
    assert fold.is_visible()
    table.assert_seen(fold, "zuklappen")
    table.check("wer-spielt-offen")
    table.tap(fold)
    assert not who.evaluate("el => el.open")
    assert summary.get_by_text("ändern").is_visible()


# ------------------------------------------------------------------ item 12: forced solo

def test_a_forced_pflichtsolo_switched_to_normalspiel_leaves_re_to_the_table(phone):
    # ddv, four planned games, four open Pflichtsoli: game 1 is forced (Ben, RULES.md §7).
    table = phone(360, 740)
    table.set_up_evening(FOUR, preset="ddv", planned=4)
    open_form(table, 1)
    re_boxes = re_chips(table).get_by_role("checkbox")
    checked = lambda: [b.evaluate("el => el.labels[0].innerText.trim()")  # noqa: E731
                       for b in re_boxes.all() if b.is_checked()]
    assert checked() == ["Ben"]
    table.tap(table.chip(table.group("Spielart"), "Normalspiel"))
    assert checked() == []
    # Back to Solo before anybody was tapped: the forced soloist again.
    table.tap(table.chip(table.group("Spielart"), "Solo"))
    assert checked() == ["Ben"]
    table.tap(table.chip(table.group("Spielart"), "Normalspiel"))
    table.fill_game({"re": ["Anna", "Cem"], "re_eyes": 151})
    table.save(1)
    assert table.totals() == evening({"rules": "ddv", "seats": FOUR, "planned_games": 4,
                                      "games": [{"re": ["Anna", "Cem"], "re_eyes": 151}]}).totals


# ------------------------------------------------------------------ item 14: Hammelrennen

def test_the_hammelrennen_fills_the_fourth_augen_with_what_is_left(phone):
    table = phone(360, 740)
    table.set_up_evening(FIVE, preset="voss")
    page = open_form(table, 1)
    table.tap(table.chip(table.group("Spielart"), "Hammelrennen"))
    playing = evening({"rules": "voss", "seats": FIVE, "games": []}).next.players
    augen = table.group("Augen jedes Spielers (zusammen 240)")
    fields = [augen.get_by_label(name, exact=True) for name in playing]
    for field, eyes in zip(fields[:3], ("60", "70", "50")):
        table.type_into(field, eyes)
    assert fields[3].input_value() == "60"
    # A correction of the others moves it along; typed into, it is the table's own.
    table.type_into(fields[0], "80", replace=True)
    assert fields[3].input_value() == "40"
    page.locator(".preview__points").wait_for()
    table.save(1)
    assert table.totals() == evening({"rules": "voss", "seats": FIVE, "games": [
        {"kind": "hammelrennen", "eyes": dict(zip(playing, (80, 70, 50, 40)))}]}).totals


# ------------------------------------------------------------------ item 15: who plays

def test_who_plays_reads_in_playing_order_on_the_form_and_on_the_sheet(phone):
    table = phone(360, 740)
    table.set_up_evening(FIVE)
    first = {"re": ["Ben", "Cem"], "re_eyes": 151}
    table.send_games([first])
    coming = evening({"rules": "bockrunde", "seats": FIVE, "games": [first]}).next
    assert coming.dealer == "Ben" and coming.players == ("Cem", "Dora", "Emil", "Anna")
    sheet_line = table.page.locator(".status__list div", has_text="Es spielen").locator("dd")
    assert sheet_line.inner_text() == "Cem, Dora, Emil, Anna"
    page = open_form(table, 2)
    assert page.locator("[data-who-text]").inner_text() == (
        "Es spielen Cem, Dora, Emil, Anna · Ben setzt aus")
    # Ticked otherwise, the line keeps the order of play (from the seat after Ben).
    table.tap(page.locator("details.who > summary"))
    players = table.group("Wer spielt? (vier)")
    table.tap(table.chip(players, "Anna"))
    table.tap(table.chip(players, "Ben"))
    assert page.locator("[data-who-text]").inner_text() == (
        "Es spielen Cem, Dora, Emil, Ben · Anna setzt aus")


# ------------------------------------------------------------------ item 13: Armut

def test_an_armut_says_who_was_poor_and_who_took_the_cards(phone):
    table = phone(360, 740)
    table.set_up_evening(FOUR)
    page = open_form(table, 1)
    table.tap(table.chip(table.group("Spielart"), "Armut"))
    for name in ("Anna", "Ben"):
        table.tap(table.chip(re_chips(table), name))
    question = table.group(re.compile(r"^Wer hatte die Armut\?"))
    # Offered among the two Re players only.
    assert question.locator("label.chip:visible").all_inner_texts() == ["Anna", "Ben"]
    table.check("armut")
    table.tap(table.chip(question, "Anna"))
    table.type_into(page.get_by_label("Augen Re"), "140")
    table.save(1)
    table.tap(page.locator("#spiel-1 > summary"))
    page.locator("#spiel-1").get_by_text("Armut: Anna, mitgenommen von Ben").wait_for()
    assert table.totals() == evening({"rules": "bockrunde", "seats": FOUR, "games": [
        {"kind": "armut", "re": ["Anna", "Ben"], "re_eyes": 140}]}).totals


def test_a_penalty_is_typed_with_the_sign_button_where_the_number_pad_has_no_minus(phone):
    # Walk-through finding: the points fields open the number pad, which has no minus key
    # on an iPhone; a penalty needs one.
    table = phone(360, 740)
    table.set_up_evening(FOUR)
    page = table.page
    table.tap_to(page.get_by_role("link", name="Punkte eintragen").first, "punkte")
    for name, value, negative in (("Anna", "3", True), ("Ben", "1", False),
                                  ("Cem", "1", False), ("Dora", "1", False)):
        field = page.get_by_label(re.compile(rf"^{name}\b"))
        table.type_into(field, value)
        if negative:
            sign = page.get_by_role("button", name=f"Vorzeichen umkehren: {name}")
            table.assert_seen(sign, f"± of {name}")
            table.tap(sign)
    assert page.get_by_label(re.compile(r"^Anna\b")).input_value() == "−3"
    table.check("punkte-mit-vorzeichen")
    table.tap_to(page.get_by_role("button", name="Speichern"), "gespeichert")
    assert table.totals() == {"Anna": -3, "Ben": 1, "Cem": 1, "Dora": 1}


def test_back_on_the_sheet_a_begun_game_is_named_beside_rueckgaengig(phone):
    # Walk-through finding: back from a half-entered game 2, the sheet offered only
    # "Spiel 1 gespeichert. Rückgängig" - which undoes game 1, not the begun game.
    table = phone(360, 740)
    table.set_up_evening(FOUR)
    page = table.page
    table.enter_game({"re": ["Anna", "Cem"], "re_eyes": 151}, 1)
    open_form(table, 2)
    table.fill_game({"re": ["Ben", "Dora"], "re_eyes": 170})
    page.wait_for_timeout(400)  # the draft is written a moment after the last tap
    page.go_back()
    table.arrived("zurueck-zum-zettel")
    waiting = page.locator("[data-draft-waiting]")
    waiting.wait_for()
    assert "Spiel 2 ist auf diesem Handy angefangen" in waiting.inner_text()
    assert "Spiel 1 gespeichert." in page.locator("form.undo").inner_text()
    table.tap_to(waiting.get_by_role("link", name="weiter eintragen"), "weiter")
    assert page.get_by_label("Augen Re").input_value() == "170"
    table.save(2)
    assert page.locator("[data-draft-waiting]").count() == 0
