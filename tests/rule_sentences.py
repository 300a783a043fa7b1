"""Every sentence ``scorer.words.explain`` can say, for every preset and every option value.

Run it to read them all once, as a German reader would (issue 25, item 18):

    .venv/bin/python -m tests.rule_sentences | sort -u | less

The tests (tests/test_rule_sentences.py) check the same sentences for leftovers a reader
trips over. Variations: each preset as it is, and each preset with one option changed to
each of its other values (a list option: each value added or taken away), as far as the
rules allow the combination; ``summary`` for house rules (no evening yet), for an evening
without a plan and for one with eight planned games; every Pflicht-or-Lust decision.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

from scorer.core.rules import PRESETS, HouseRules, InvalidRules, rules_from_spec
from scorer.words.explain import (
    OPTION_HELP,
    VALUE_LABELS,
    deviation_text,
    format_value,
    pflicht_decision,
    pflicht_help,
    summary,
)

SOLOIST = "Dora"
"""The soloist named in the Pflicht-or-Lust sentences."""


def _values(name: str, current: Any) -> Iterator[Any]:
    """The other values of one option, JSON-ready."""
    if isinstance(current, bool):
        yield not current
    elif name == "deck":
        yield 88 - current
    elif name == "bock_cap":
        yield from (v for v in (0, 2, 4, 8, 1024) if v != current)
    elif isinstance(current, list):
        for value in VALUE_LABELS[name]:
            yield [v for v in current if v != value] if value in current else [*current, value]
    else:
        yield from (v for v in VALUE_LABELS[name] if v != current)


def variations() -> Iterator[tuple[str, HouseRules]]:
    """(a name, the rules): every preset, and every preset with one option changed."""
    for preset, rules in PRESETS.items():
        yield preset, rules
        for field in dataclasses.fields(HouseRules):
            current = rules.to_dict()[field.name]
            for value in _values(field.name, current):
                try:
                    changed = rules_from_spec({"preset": preset, field.name: value})
                except InvalidRules:
                    continue  # a combination the rules refuse is never explained
                yield f"{preset} {field.name}={value}", changed


def sentences() -> Iterator[tuple[str, str]]:
    """(where, sentence) for everything the rules can produce."""
    for name, help_text in OPTION_HELP.items():
        yield f"help {name}", help_text
    for option, labels in VALUE_LABELS.items():
        for value in labels:
            yield f"value {option}={value}", format_value(option, value)
    for where, rules in variations():
        for plan in ("any", None, 8):
            lines = summary(rules) if plan == "any" else summary(rules, plan)
            for line in lines:
                yield f"summary {where} plan={plan}", line
        deviation = deviation_text(rules)
        if deviation:
            yield f"deviation {where}", deviation
        help_line = pflicht_help(rules)
        if help_line:
            yield f"pflicht_help {where}", help_line
        for choice in (None, True, False):
            for owes in (True, False):
                for forced in (None, SOLOIST, "Anna"):
                    line = pflicht_decision(rules, SOLOIST, choice, owes=owes, forced=forced)
                    if line:
                        yield (f"pflicht_decision {where} choice={choice} owes={owes} "
                               f"forced={forced}"), line



if __name__ == "__main__":
    for where, sentence in sentences():
        print(f"{sentence}\t[{where}]")
