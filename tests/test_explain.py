"""The rules in the table's words: every option has a German label and one sentence, and the
summary and the difference to a preset say what RULES.md says."""

from __future__ import annotations

import dataclasses

import pytest

from scorer.explain import (
    OPTION_HELP,
    OPTION_LABELS,
    PRESET_LABELS,
    describe_rules,
    format_value,
    summary,
)
from scorer.rules import PRESETS, HouseRules, rules_from_spec


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
    ("kuss-rosa", ["Ein Solo bringt dem Gewinner einen Punkt extra.", "Soli: Damensolo, Bubensolo, Karo-Solo."]),
    ("bockrunde", ["Bockrunden bei 120:120, verlorenes Re/Kontra, 0-Punkte-Spiel (hinten anhängen)",
                   "bleibt nach jedem Solo"]),
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
    pytest.param("bock_stacking", ["zusammenführen", "ersetzen", "gar nichts"], id="9.4"),
    pytest.param("bock_pause_forced", ["vorgeführte Pflichtsoli", "ohne Bock"], id="9.7"),
])
def test_each_further_option_is_explained_in_its_own_words(option, words):
    # Every value of RULES.md §9 is named in the one sentence of help a table reads.
    for word in words:
        assert word in OPTION_HELP[option], word


def test_every_new_stacking_mode_and_effect_has_a_german_value_label():
    from scorer.explain import VALUE_LABELS
    from scorer.rules import BockEffect, BockStacking, BockTrigger, Extra

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
                 "(mit der laufenden zusammenführen)", id="9.4"),
    pytest.param({"preset": "bockrunde", "bock_triggers": ["manual"]},
                 "Bockrunden bei Beschluss des Tisches", id="9.5"),
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
