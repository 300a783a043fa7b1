"""The rules in the table's words: every option has a German label and one sentence, and the
summary and the difference to a preset say what RULES.md says."""

from __future__ import annotations

import dataclasses

import pytest

from scorer.core.rules import PRESETS, HouseRules, rules_from_spec
from scorer.words.explain import (
    OPTION_HELP,
    OPTION_LABELS,
    PRESET_LABELS,
    describe_rules,
    format_value,
    pflicht_decision,
    pflicht_help,
    summary,
)


def test_every_option_has_a_german_label_and_exactly_one_sentence_of_help():
    options = {f.name for f in dataclasses.fields(HouseRules)}
    assert set(OPTION_LABELS) == options
    assert set(OPTION_HELP) == options
    for name, text in OPTION_HELP.items():
        assert text.endswith("."), name
        assert text.count(". ") == 0, name  # one sentence


def test_every_preset_has_a_label():
    assert set(PRESET_LABELS) == set(PRESETS)


@pytest.mark.parametrize(("option", "value", "text"), [
    ("schwarz_point", True, "ja"),
    ("schwarz_point", False, "nein"),
    ("deck", 40, "40"),
    ("announcements", "double", "Re/Kontra verdoppeln"),
    ("extras", ["doppelkopf", "fuchs_gefangen"], "Doppelkopf, Fuchs gefangen"),
    ("bock_triggers", [], "keine"),
    ("dealer_after_solo", "stay_until_third", "bleibt, außer beim dritten Solo in Folge"),
    # RULES.md §9, each value in the table's words
    ("gegen_die_alten_in_solo", True, "ja"),
    ("bock_effect", "multiply", "verdoppelt"),
    ("bock_effect", "add", "2 Punkte je Stufe für den Gewinner"),
    ("bock_cap", 0, "ohne Grenze"),
    ("bock_cap", 8, "×8"),
    ("bock_cap", 1024, "×1024"),
    ("bock_stacking", "merge", "mit der laufenden zusammenführen"),
    ("bock_stacking", "restart", "neu beginnen"),
    ("bock_stacking", "ignore", "keine neue während offener Bockspiele"),
    ("bock_triggers", ["tie_120", "manual"], "120:120, Beschluss des Tisches"),
    ("extras", ["doppelkopf", "dulle_gefangen"], "Doppelkopf, Dulle gefangen"),
    ("bock_pause_forced", False, "nein"),
])
def test_option_values_read_in_german(option, value, text):
    assert format_value(option, value) == text


@pytest.mark.parametrize(("name", "phrases"), [
    ("ddv", ["48 Karten", "je 2 Punkte", "Hat nur Kontra angesagt, reichen Re 120 Augen.",
             "Das erste Solo ist das Pflichtsolo."]),
    ("grundregeln", ["Für schwarz gibt es keinen eigenen Punkt.", "nach den geplanten Spielen"]),
    ("voss", ["40 Karten", "60er-Regel", "Hammelrennen", "im Solo: nur Doppelkopf"]),
    ("orbital", ["Doppelt", "Kein Pflichtsolo."]),
    ("kuss-rosa", ["Ein Solo und eine stille Hochzeit bringen dem Gewinner einen Punkt extra.", "Soli: Damensolo, Bubensolo, Karo-Solo."]),
    ("bockrunde", ["Bock gibt es bei 120:120, verlorenem Re oder Kontra und einem 0-Punkte-Spiel; "
                   "eine neue Bockrunde kommt hinten dran",
                   "bleibt nach jedem angesagten Solo (nicht nach einer stillen Hochzeit)"]),
])
def test_the_summary_names_what_sets_a_preset_apart(name, phrases):
    text = " ".join(summary(PRESETS[name]))
    for phrase in phrases:
        assert phrase in text, phrase


def test_changed_options_are_described_against_the_closest_preset():
    rules = rules_from_spec({"preset": "bockrunde", "bock_stacking": "multiply", "deck": 40})
    label, changed = describe_rules(rules)
    assert label == "Bockrunde"
    assert changed == {"Kartenzahl": "40", "Mehrere Bockrunden": "überlappend multiplizieren"}
    assert describe_rules(PRESETS["voss"]) == ("Voss (Mai 2024)", {})


@pytest.mark.parametrize(("option", "words"), [
    pytest.param("gegen_die_alten_in_solo", ["Solisten", "gegen die Alten"], id="9.1"),
    pytest.param("bock_effect", ["verdoppelt", "2 Punkte"], id="9.2"),
    pytest.param("bock_cap", ["übersprungen", "weiter"], id="9.3"),
    pytest.param("bock_stacking", ["zusammengeführt", "ersetzt", "es gibt keine"], id="9.4"),
    pytest.param("bock_pause_forced", ["vorgeführte Pflichtsoli", "ohne Bock"], id="9.7"),
])
def test_each_further_option_is_explained_in_its_own_words(option, words):
    # Every value of RULES.md §9 is named in the one sentence of help a table reads.
    for word in words:
        assert word in OPTION_HELP[option], word


def test_every_new_stacking_mode_and_effect_has_a_german_value_label():
    from scorer.core.rules import BockEffect, BockStacking, BockTrigger, Extra
    from scorer.words.explain import VALUE_LABELS

    assert set(VALUE_LABELS["bock_stacking"]) == {m.value for m in BockStacking}
    assert set(VALUE_LABELS["bock_effect"]) == {m.value for m in BockEffect}
    assert set(VALUE_LABELS["bock_triggers"]) == {m.value for m in BockTrigger}
    assert set(VALUE_LABELS["extras"]) == {m.value for m in Extra}


@pytest.mark.parametrize(("spec", "phrase"), [
    pytest.param({"preset": "ddv", "gegen_die_alten_in_solo": True},
                 "Gegen die Alten zählt auch, wenn Kontra einen Solisten schlägt.", id="9.1"),
    pytest.param({"preset": "bockrunde", "bock_effect": "add"},
                 "der Gewinner bekommt je Bock-Stufe 2 Punkte dazu", id="9.2"),
    pytest.param({"preset": "bockrunde", "bock_stacking": "multiply", "bock_cap": 8},
                 "Bock höchstens ×8", id="9.3"),
    pytest.param({"preset": "bockrunde", "bock_stacking": "merge"},
                 "eine neue Bockrunde wird mit der laufenden zusammengeführt", id="9.4"),
    pytest.param({"preset": "bockrunde", "bock_triggers": ["manual"]},
                 "Bock gibt es bei einem Beschluss des Tisches", id="9.5"),
    pytest.param({"preset": "ddv", "extras": ["doppelkopf", "dulle_gefangen"]},
                 "Sonderpunkte: Doppelkopf, Dulle gefangen", id="9.6"),
    pytest.param({"preset": "bockrunde", "bock_pause_forced": True},
                 "Vorgeführte Pflichtsoli werden ohne Bock gespielt", id="9.7"),
])
def test_the_summary_says_when_a_further_option_is_on(spec, phrase):
    assert phrase in " ".join(summary(rules_from_spec(spec)))


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_no_preset_summary_mentions_a_further_option(name):
    # RULES.md §9: every further option is off in every preset.
    text = " ".join(summary(PRESETS[name]))
    for phrase in ("Solisten", "Bock-Stufe", "höchstens ×", "ohne Bock gespielt", "Dulle"):
        assert phrase not in text


def test_a_bock_cap_without_multiply_is_not_claimed_in_the_summary():
    # §9.3 "Only under multiply (no effect otherwise)".
    text = " ".join(summary(rules_from_spec({"preset": "bockrunde", "bock_cap": 8})))
    assert "höchstens ×" not in text


# --------------------------------------------------------------------------- Pflichtsolo (§7)


@pytest.mark.parametrize(("name", "planned", "sentence"), [
    # TSR 4.2.5: under `within` a forced Pflichtsolo is a planned game and moves the dealer.
    pytest.param("ddv", 8, "Geber nach einem Solo: bleibt nach einem Pflichtsolo; ein innerhalb "
                 "der geplanten Spiele vorgeführtes Pflichtsolo zählt als geplantes Spiel, "
                 "danach wechselt der Geber.", id="ddv-with-a-plan"),
    pytest.param("ddv", None, "Geber nach einem Solo: bleibt nach einem Pflichtsolo.",
                 id="ddv-without-a-plan-nothing-is-forced"),
    # grundregeln: "Nach einem Pflichtsolo rotiert der Geber nicht", forced or not.
    pytest.param("grundregeln", 6, "Geber nach einem Solo: bleibt nach einem Pflichtsolo.",
                 id="grundregeln-after"),
])
def test_the_dealer_sentence_says_when_a_forced_pflichtsolo_moves_the_dealer(name, planned,
                                                                           sentence):
    assert sentence in summary(PRESETS[name], planned)
    assert sentence.split(";")[0].rstrip(".") in " ".join(summary(PRESETS[name]))


@pytest.mark.parametrize("name", ["ddv", "grundregeln", "voss"])
def test_without_a_plan_the_summary_never_says_vorgefuehrt_nach_or_innerhalb(name):
    text = " ".join(summary(PRESETS[name], None))
    assert "vorgeführt nach" not in text and "innerhalb" not in text
    assert ("Der Abend hat keine geplanten Spiele: offene Pflichtsoli werden nur angezeigt, "
            "nicht vorgeführt.") in text


@pytest.mark.parametrize(("name", "sentence"), [
    ("ddv", "Offene Pflichtsoli werden innerhalb der geplanten Spiele (8) vorgeführt, sobald "
            "nur noch so viele Spiele übrig sind, wie Pflichtsoli offen sind."),
    ("grundregeln", "Offene Pflichtsoli werden nach den geplanten Spielen (8) vorgeführt, eins "
                    "nach dem anderen."),
    ("voss", "Offene Pflichtsoli werden nach den geplanten Spielen (8) vorgeführt, eins nach "
             "dem anderen."),
])
def test_with_a_plan_the_summary_says_when_open_pflichtsoli_are_forced(name, sentence):
    assert sentence in summary(PRESETS[name], 8)


def test_house_rules_without_an_evening_word_forcing_as_a_condition():
    text = " ".join(summary(PRESETS["voss"]))
    assert ("Hat der Abend geplante Spiele, werden offene Pflichtsoli nach den geplanten "
            "Spielen vorgeführt, eins nach dem anderen; ohne geplante Spiele werden sie nur "
            "angezeigt.") in text


DDV, VOSS, GRUNDREGELN = PRESETS["ddv"], PRESETS["voss"], PRESETS["grundregeln"]


@pytest.mark.parametrize(("rules", "choice", "owes", "forced", "sentence"), [
    # ddv (first_solo_is_pflicht): absent means Pflicht while the player owes one.
    pytest.param(DDV, None, True, None,
                 "Das erste Solo ist das Pflichtsolo: für Dora zählt es als Pflicht.",
                 id="ddv-first-solo"),
    pytest.param(DDV, None, True, "Dora",
                 "Das erste Solo ist das Pflichtsolo: für Dora zählt es als Pflicht.",
                 id="ddv-first-solo-forced"),
    pytest.param(DDV, False, True, None,
                 "Als Lustsolo eingetragen zählt es nicht als Pflicht, obwohl Dora das "
                 "Pflichtsolo noch offen hat: Doras Pflichtsolo bleibt offen.",
                 id="ddv-explicit-lust"),
    pytest.param(DDV, False, True, "Dora",
                 "Lust statt Pflicht: Dora ist mit dem Pflichtsolo dran, doch als Lustsolo "
                 "eingetragen bleibt Doras Pflichtsolo offen.", id="ddv-lust-when-forced"),
    pytest.param(DDV, None, False, None,
                 "Dora hat das Pflichtsolo schon gespielt: dieses Solo zählt als Lust.",
                 id="ddv-already-played"),
    # voss/grundregeln: absent means Pflicht only for the forced soloist, else Lust.
    pytest.param(VOSS, None, True, "Dora",
                 "Wie es sich ergibt: Dora ist mit dem Pflichtsolo dran, also zählt es als "
                 "Pflicht.", id="voss-forced"),
    pytest.param(VOSS, None, True, None,
                 "Wie es sich ergibt: Dora ist gerade nicht mit dem Pflichtsolo dran, also "
                 "zählt es als Lust, und das Pflichtsolo bleibt offen.", id="voss-not-forced"),
    pytest.param(GRUNDREGELN, None, True, "Ben",
                 "Wie es sich ergibt: Dora ist gerade nicht mit dem Pflichtsolo dran, also "
                 "zählt es als Lust, und das Pflichtsolo bleibt offen.",
                 id="grundregeln-somebody-else-forced"),
    pytest.param(GRUNDREGELN, True, True, None,
                 "Als Pflicht eingetragen: es ist das Pflichtsolo von Dora.",
                 id="grundregeln-explicit-pflicht"),
    pytest.param(GRUNDREGELN, False, True, None,
                 "Als Lustsolo eingetragen: das Pflichtsolo von Dora bleibt offen.",
                 id="grundregeln-explicit-lust"),
    # A Pflichtsolo by a player who owes none is rejected (§7): the sentence says so first.
    pytest.param(VOSS, True, False, None,
                 "Dora hat kein Pflichtsolo mehr offen: es lässt sich nur als Lust eintragen.",
                 id="voss-pflicht-but-none-owed"),
])
def test_every_pflicht_or_lust_decision_is_one_sentence_from_the_rules(rules, choice, owes,
                                                                      forced, sentence):
    said = pflicht_decision(rules, "Dora", choice, owes=owes, forced=forced)
    assert said == sentence
    assert said.endswith(".") and said.count(". ") == 0


def test_rules_without_pflichtsolo_explain_no_decision():
    assert pflicht_decision(PRESETS["bockrunde"], "Dora", None, owes=False, forced=None) is None
    assert pflicht_help(PRESETS["bockrunde"]) is None


@pytest.mark.parametrize(("rules", "sentence"), [
    (DDV, "Das erste Solo eines Spielers ist sein Pflichtsolo; als Lustsolo eingetragen bleibt "
          "das Pflichtsolo offen."),
    (VOSS, "„Wie es sich ergibt“ heißt: Pflicht nur für den, der gerade mit dem Pflichtsolo "
           "dran ist, sonst Lust."),
], ids=["ddv", "voss"])
def test_before_a_soloist_is_chosen_the_choice_itself_is_explained(rules, sentence):
    assert pflicht_help(rules) == sentence


def test_the_summary_says_how_a_hammelrennen_scores():
    """RULES.md §5: the player over 120 Augen, else closest to 60, wins; +3 against −1 each,
    a tie 0. A tester could not tell from "Außerdem: Hammelrennen." alone."""
    from scorer.core.rules import preset
    from scorer.words.explain import summary

    lines = summary(preset("voss"))
    assert any("Hammelrennen" in line and "über 120 Augen" in line and "60 Augen" in line
               and "+3" in line and "−1" in line and "Gleichstand zählt es 0" in line
               for line in lines)
    assert not any("über 120 Augen" in line for line in summary(preset("ddv")))


@pytest.mark.parametrize(("spec", "named", "not_named"), [
    # RULES.md §2: gegen die Alten is on in every preset; a tester found it in every
    # breakdown but nowhere in "Regeln dieses Abends".
    pytest.param("bockrunde", ["gegen die Alten", "ohne Stich (schwarz), gibt es einen Punkt"],
                 ["auch nach einer Armut"], id="bockrunde"),
    pytest.param({"preset": "bockrunde", "gegen_die_alten_after_armut": True},
                 ["gegen die Alten", "auch nach einer Armut"], [], id="after-armut"),
    pytest.param({"preset": "ddv", "gegen_die_alten": False}, [], ["gegen die Alten"],
                 id="off"),
    pytest.param("grundregeln", ["Für schwarz gibt es keinen eigenen Punkt."],
                 ["ohne Stich (schwarz)"], id="no-schwarz-point"),
])
def test_the_summary_names_the_extra_points_a_table_sees_in_its_breakdowns(
        spec, named, not_named):
    text = " ".join(summary(rules_from_spec(spec)))
    for phrase in named:
        assert phrase in text, phrase
    for phrase in not_named:
        assert phrase not in text, phrase
