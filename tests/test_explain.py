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
