"""Every sentence the rules can produce reads as German (issue 25, item 18).

tests/rule_sentences.py makes them all: every preset, every preset with one option changed to
each of its values, with and without a plan, every Pflicht-or-Lust decision. Read them with
``python -m tests.rule_sentences``. Here they are checked for what a reader trips over: a
leftover of a template or of the code, a doubled word, broken punctuation. The sentences
that were garbled are pinned below, as the rule text says them.
"""

from __future__ import annotations

import re

import pytest

from scorer.core.rules import PRESETS, rules_from_spec
from scorer.words.explain import pflicht_decision, summary
from tests.rule_sentences import sentences

EVERY = sorted(set(sentences()))

LEFTOVERS = [
    (re.compile(r"[{}\[\]<>%$\\|_]"), "a template or code character"),
    (re.compile(r"\b(None|True|False|nan)\b"), "a Python value"),
    (re.compile(r"(?<![„(])'|\"|`"), "a quote of the code"),
    (re.compile(r"\s{2,}|^\s|\s$"), "a blank too many"),
    (re.compile(r"\s[,.;:)]"), "a blank before punctuation"),
    (re.compile(r"[,.;:]{2,}|[,;:]\.|\(\s|\(\)"), "punctuation twice"),
    (re.compile(r"\b(\w+)\s+\1\b", re.IGNORECASE), "a doubled word"),
]
SENTENCE_KINDS = ("help", "summary", "pflicht_help", "pflicht_decision")
"""Where a whole sentence is said (the others are labels and values in a list)."""


def test_the_generator_reaches_every_preset_option_and_decision():
    kinds = {where.split()[0] for where, _ in EVERY}
    assert kinds == {"help", "value", "summary", "deviation", "pflicht_help", "pflicht_decision"}
    changed = {where.split()[2].split("=")[0] for where, _ in EVERY
               if where.startswith("summary") and "=" in where.split()[2]}
    assert len(changed) >= 24  # nearly every option (a few only ever take one value)


@pytest.mark.parametrize(("pattern", "what"), LEFTOVERS, ids=[w for _, w in LEFTOVERS])
def test_no_sentence_holds(pattern, what):
    found = sorted({text for _, text in EVERY if pattern.search(text)})
    assert not found, f"{what}: " + " | ".join(found[:5])


def test_every_sentence_starts_capitalised_and_ends_with_a_full_stop():
    wrong = sorted({text for where, text in EVERY if where.split()[0] in SENTENCE_KINDS
                    and not (re.match(r"[A-ZÄÖÜ0-9„]", text) and text.endswith("."))})
    assert not wrong, " | ".join(wrong[:5])


def test_brackets_and_quotes_are_closed():
    wrong = sorted({text for _, text in EVERY
                    if text.count("(") != text.count(")") or text.count("„") != text.count("“")})
    assert not wrong, " | ".join(wrong[:5])


@pytest.mark.parametrize(("spec", "sentence"), [
    # RULES.md §7: "absent means Pflicht for the forced soloist of a forced game, else Lust".
    pytest.param("grundregeln",
                 "Jeder spielt ein Pflichtsolo. Ob ein Solo Pflicht oder Lust ist, sagt der "
                 "Eintrag; ohne Angabe ist es ein Pflichtsolo, wenn der Solist gerade mit "
                 "seinem Pflichtsolo dran ist, sonst ein Lustsolo.",
                 id="pflicht-without-an-answer"),
    # §7 Bock: the triggers after "bei" (dative), the stacking as a clause.
    pytest.param("bockrunde",
                 "Bock gibt es bei 120:120, verlorenem Re oder Kontra und einem "
                 "0-Punkte-Spiel; eine neue Bockrunde kommt hinten dran (mehrere Gründe in "
                 "einem Spiel ergeben Doppelbock).", id="bock-triggers"),
    pytest.param({"preset": "ddv", "bock_triggers": ["lost_solo", "schwarz", "manual"],
                  "bock_stacking": "multiply"},
                 "Bock gibt es bei einem verlorenen Solo, einer Partei ohne Stich (schwarz) "
                 "und einem Beschluss des Tisches; jeder Grund beginnt eine Bockrunde beim "
                 "nächsten Spiel, überlappende Bockrunden multiplizieren sich.",
                 id="bock-multiply"),
    # §7: a Bock round counts the games after which the dealer advances, not "a solo".
    pytest.param("bockrunde",
                 "Eine Bockrunde dauert so viele Spiele, wie Spieler am Tisch sitzen; ein "
                 "Spiel, nach dem derselbe Geber noch einmal gibt, zählt dabei nicht mit.",
                 id="bock-length"),
    # §4: the solo point's two values say which games it covers.
    pytest.param("kuss-rosa",
                 "Ein Solo und eine stille Hochzeit bringen dem Gewinner einen Punkt extra.",
                 id="solo-point"),
    pytest.param("bockrunde",
                 "Ein Solo, eine stille Hochzeit und eine Hochzeit ohne Partner bringen dem "
                 "Gewinner einen Punkt extra.", id="solo-point-hochzeit"),
    # voss: "Wer über 180 Augen ohne Ansage macht, verliert".
    pytest.param("voss",
                 "60er-Regel: Wer ohne Ansage über 180 Augen holt, verliert das Spiel (nicht "
                 "im Solo).", id="sixty-rule"),
])
def test_the_sentences_that_were_garbled_now_read(spec, sentence):
    assert sentence in summary(rules_from_spec(spec))


def test_no_bock_sentence_claims_that_a_solo_extends_the_round():
    for name, rules in PRESETS.items():
        assert not any("Solo darin" in line for line in summary(rules)), name


@pytest.mark.parametrize(("rules", "forced", "sentence"), [
    pytest.param(PRESETS["ddv"], "Dora",
                 "Lust statt Pflicht: Dora ist mit dem Pflichtsolo dran, doch als Lustsolo "
                 "eingetragen bleibt Doras Pflichtsolo offen.", id="lust-when-forced"),
    pytest.param(PRESETS["ddv"], None,
                 "Als Lustsolo eingetragen zählt es nicht als Pflicht, obwohl Dora das "
                 "Pflichtsolo noch offen hat: Doras Pflichtsolo bleibt offen.",
                 id="lust-on-a-first-solo"),
])
def test_a_lust_solo_says_whose_pflichtsolo_stays_open(rules, forced, sentence):
    # "es bleibt offen" could be the solo just played.
    assert pflicht_decision(rules, "Dora", False, owes=True, forced=forced) == sentence
