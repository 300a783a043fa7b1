"""How the pages word what only the pages show: entered facts for the history, and the live
preview's open question.
A sheet row's words (kind, winner, notes) come from scorer.words.labels, which the PDF shares; no
points are computed here.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any, NamedTuple

from scorer import services
from scorer.core.rules import Extra, GameKind, HouseRules, SoloKind
from scorer.core.scoring import GameEntry
from scorer.words import facts
from scorer.words.explain import (
    EXTRA_LABELS,
    KIND_LABELS,
    LEVEL_LABELS,
    SOLO_LABELS,
    describe_rules,
    deviation_text,
    summary,
)
from scorer.words.facts import ACTION_WORDS as ACTION_WORDS  # the history says them with _
from scorer.words.formats import signed
from scorer.words.i18n import _, language
from scorer.words.labels import called_text, names


class RulesWords(NamedTuple):
    """An evening's rules as its sheet words them (scorer.words.explain)."""

    preset: str
    """The closest preset's label."""
    deviation: str | None
    """What differs from it, in one line; None: nothing."""
    summary: tuple[str, ...]


def rules_words(rules: HouseRules, planned_games: int | None) -> RulesWords:
    """The sheet's words for these rules in the reader's language, worded once per worker
    and language: the same for every request, and writing out every option five times was a
    twentieth of a sheet."""
    return _rules_words(rules, planned_games, language())


@functools.lru_cache(maxsize=256)
def _rules_words(rules: HouseRules, planned_games: int | None, spoken: str) -> RulesWords:
    del spoken  # a key of the cache: the words are said in the language spoken now
    return RulesWords(describe_rules(rules)[0], deviation_text(rules),
                      tuple(summary(rules, planned_games)))


def facts_text(raw: dict[str, Any] | None, deck: int | None = None) -> str:
    """Entered facts (CLI.md shape, names) in one line, for the history and conflicts:
    "Normalspiel · Re Anna, Cem · 151 Augen · Re: keine 90 · Fuchs gefangen (Re) 1".

    With the ``deck`` known, a party with 0 Augen in a 48-card game says how the schwarz
    question was answered: "Kontra schwarz (kein Stich)", or "Kontra mit Stich (0 Augen)"
    (the form stores nothing for that answer; the core then counts a trick)."""
    if raw is None:
        return "—"
    if "table" in raw:
        return table_facts_text(raw)
    kind = GameKind(raw.get("kind", "normal"))
    parts = [_(KIND_LABELS[kind])]
    if raw.get("solo"):
        parts[0] = _(SOLO_LABELS[SoloKind(raw["solo"])])
        if raw.get("pflicht") is not None:
            parts[0] += facts.pflicht(bool(raw["pflicht"]))
    if raw.get("eyes"):
        parts.append(" · ".join(f"{p} {e}" for p, e in raw["eyes"].items()))
    if raw.get("re"):
        parts.append(facts.re_players(", ".join(raw["re"])))
    if called := called_text(kind, raw.get("re") or (), raw.get("caller")):
        parts.append(called)
    if raw.get("re_eyes") is not None:
        parts.append(facts.eyes(raw["re_eyes"]))
    for party, level in (raw.get("announced") or {}).items():
        if level == "ansage":
            parts.append(facts.announced(PARTY_WORDS[party]))  # not "Re: Re"
        elif level != "none":
            parts.append(f"{PARTY_WORDS[party]}: {_(LEVEL_LABELS[level])}")
    for party, count in (raw.get("doppelt") or {}).items():
        if count:
            parts.append(facts.doppelt(PARTY_WORDS[party], count))
    for party, extras in (raw.get("extras") or {}).items():
        for name, count in (extras or {}).items():
            if count:
                parts.append(f"{_(EXTRA_LABELS[Extra(name)])} ({PARTY_WORDS[party]}) {count}")
    zero = {0: "re", 240: "kontra"}.get(raw.get("re_eyes"))  # type: ignore[arg-type]
    if raw.get("trickless"):
        parts.append(facts.trickless(PARTY_WORDS[raw["trickless"]]))
    elif deck == 48 and zero is not None and kind.has_parties:
        parts.append(facts.zero_with_trick(PARTY_WORDS[zero]))
    if raw.get("points"):  # a recorded game (RULES.md §10.1): its points and its note
        parts.append(", ".join(f"{p} {signed(v) if v else '+0'}"
                               for p, v in raw["points"].items()))
    if raw.get("note"):
        parts.append(facts.note(raw["note"]))
    if raw.get("dealer_stays"):
        parts.append(facts.dealer_stays())
    if raw.get("manual_bock"):
        parts.append(facts.manual_bock())
    return " · ".join(parts)


def table_facts_text(raw: dict[str, Any]) -> str:
    """A table change as entered (names): "Am Tisch: Anna, Ben, Fritz, Dora · gibt: Fritz"."""
    return facts.table_facts([str(name) for name in raw["table"]], raw.get("dealer"))


PARTY_WORDS = {"re": "Re", "kontra": "Kontra"}

def sentence(message: str) -> str:
    """A message of the core ("einen Herzstich gibt es nur mit 40 Karten") as a sentence
    on its own: capitalised (after an opening quote) and with its full stop.

    >>> sentence("„bleibt nach einem Pflichtsolo“ setzt das Pflichtsolo voraus")
    '„Bleibt nach einem Pflichtsolo“ setzt das Pflichtsolo voraus.'
    """
    quote = len(message) - len(message.lstrip("„"))
    text = message[:quote] + message[quote:quote + 1].upper() + message[quote + 1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def who_plays(seats: list[tuple[int, str]], playing: list[str]) -> str:
    """The entry form's folded line on who plays, from the table (id, name) in the order of
    play (RULES.md §7: from the seat after the dealer) and the ticked ids: "Es spielen Cem,
    Dora, Emil, Anna · Ben setzt aus" (static/js/entry.js words it the same way when the
    ticks change)."""
    ticked = [name for pid, name in seats if str(pid) in playing]
    out = [name for pid, name in seats if str(pid) not in playing]
    return facts.who_plays_text(ticked, names(out) if out else "", len(out))


def open_question(messages: list[str]) -> str:
    """What the live preview still waits for, from the core's and the form's messages:
    "Noch offen: welches Solo wurde gespielt?" (the core's "fehlt: " is said once, by
    "Noch offen"). At most two, so the bar stays small."""
    asked = [m.removeprefix("fehlt: ") for m in messages[:2]]
    return facts.still_open(asked)


def game_words(game: GameEntry[int] | Mapping[str, Any] | None, names: Mapping[int, str],
           deck: int) -> str:
    """A game (a typed entry, or stored facts) in words (the history's wording), or "—" for
    none (a form that made no game); facts the core refuses may hold values
    display.facts_text has no word for."""
    if game is None:
        return "—"
    try:
        if isinstance(game, GameEntry):
            return facts_text(game.keyed(names.__getitem__).to_dict(), deck)
        return facts_text(services.to_core(game, names), deck)
    except (KeyError, ValueError, TypeError):
        return "—"
