"""A ddv evening with 8 planned games on a 360 px phone: the forced Pflichtsoli come with
Solo, the soloist and Pflicht already chosen, and cost fewer taps than a solo chosen by hand.

Worked out by hand (ddv, Anna, Ben, Cem, Dora, Anna deals first; RULES.md §7, TSR 4.2):
 1 Anna deals  Re Anna+Cem 130     Anna +1 Cem +1 Ben −1 Dora −1   8 left, 4 open: free
 2 Ben         Re Ben+Dora 130     back to 0 each                  7 left, 4 open: free
 3 Cem         Ben's Damensolo 130 (his first solo: the Pflichtsolo; the dealer stays and it
               does not count as a planned game) Ben +3, others −1  6 left, 3 open
 4 Cem         Re Anna+Cem 130                                      6 left, 3 open: free
 5 Dora        Re Ben+Dora 130                                      5 left, 3 open: free
 6 Anna        Re Anna+Cem 130                                      4 left, 3 open: free
 7 Ben         3 left, 3 open: forced; first owing after Ben: Cem. Cem's Damensolo 130, +3.
               A forced Pflichtsolo within the plan is a planned game: the dealer moves on.
 8 Cem         2 left, 2 open: Dora (first owing after Cem). Dora +3.
 9 Dora        1 left, 1 open: Anna. Anna +3.
 After game 9: 8 planned games counted, nobody owes a Pflichtsolo: the evening is done.
 Totals: Anna 1, Ben −1, Cem 1, Dora −1.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

SEATS = ["Anna", "Ben", "Cem", "Dora"]
FREE = {
    1: {"re": ["Anna", "Cem"], "re_eyes": 130},
    2: {"re": ["Ben", "Dora"], "re_eyes": 130},
    3: {"kind": "solo", "solo": "damen", "re": ["Ben"], "re_eyes": 130},
    4: {"re": ["Anna", "Cem"], "re_eyes": 130},
    5: {"re": ["Ben", "Dora"], "re_eyes": 130},
    6: {"re": ["Anna", "Cem"], "re_eyes": 130},
}
FORCED = {7: "Cem", 8: "Dora", 9: "Anna"}
TOTALS = {"Anna": 1, "Ben": -1, "Cem": 1, "Dora": -1}


def test_forced_pflichtsoli_come_preselected_and_take_fewer_taps_than_a_solo(phone, count_taps):
    table = phone(360, 740)
    page = table.page
    table.set_up_evening(SEATS, preset="ddv", planned=8)

    # The free games are sent through the entry form unseen; the solo chosen by hand is
    # typed, to count its taps.
    for number, game in FREE.items():
        if number == 3:
            solo_taps = table.enter_game(game, number)
            count_taps("(d) Damensolo chosen by hand (ddv)", solo_taps)
        else:
            table.send_games([game])
    assert "1 von 8" not in page.locator(".status").inner_text()

    for number, soloist in FORCED.items():
        status = page.locator(".status").inner_text()
        assert f"{soloist} muss eins spielen" in status
        table.taps = 0
        table.tap_to(page.get_by_role("link", name=f"Spiel {number} eintragen"),
                     f"spiel-{number}-pflichtsolo")
        # Ready: Solo, the soloist as Re, Pflicht; the rule's sentence says how it counts.
        assert page.locator("input[name=kind][value=solo]").is_checked()
        assert table.chip(table.group("Pflicht oder Lust?"), "Pflichtsolo").locator(
            "input").is_checked()
        re_group = table.group("Re: den Solisten antippen")
        assert [b.evaluate("el => el.labels[0].innerText.trim()")
                for b in re_group.get_by_role("checkbox").all() if b.is_checked()] == [soloist]
        assert (f"Als Pflicht eingetragen: es ist das Pflichtsolo von {soloist}."
                in page.locator("#pflicht-help").inner_text())
        # One tap on the solo; the Augen field takes the focus itself.
        table.tap(table.chip(table.group("Welches Solo?"), "Damensolo"))
        eyes = page.get_by_label("Augen Re")
        assert eyes.evaluate("el => el === document.activeElement")
        table.type_into(eyes, "130")
        table.save(number)
        count_taps("(e) forced Pflichtsolo, pre-selected", table.taps)
        assert table.taps < solo_taps
        page.locator(f"#spiel-{number} > summary").click()  # reading, not entering
        page.locator(f"#spiel-{number} .game__note").first.wait_for()
        row = page.locator(f"#spiel-{number}").text_content()
        assert f"{soloist} war mit dem Pflichtsolo dran und hat es gespielt." in row
        assert "Das vorgeführte Pflichtsolo zählt als geplantes Spiel: der Geber wechselt." in row
        page.locator(f"#spiel-{number} > summary").click()

    assert table.totals() == TOTALS
    status = page.locator(".status").inner_text()
    assert ("Der Abend ist fertig: alle 8 geplanten Spiele und alle Pflichtsoli sind gespielt."
            in status)
    assert "Weiterspielen: Spiel 10 eintragen" in status
    table.tap_to(page.locator(".status").get_by_role("button", name="Abend abschließen"),
                 "abgeschlossen")
    assert "Endstand" in page.locator("main").inner_text()
