"""How the pages word a ledger game: kind marker, winner, breakdown. No points are
computed here; everything shown comes from the core's LedgerGame and GameScore.
"""

from __future__ import annotations

from typing import Any

from scorer.evening import LedgerGame
from scorer.explain import EXTRA_LABELS, KIND_LABELS, LEVEL_LABELS, SOLO_LABELS
from scorer.rules import Extra, GameKind, SoloKind

MARKERS = {
    GameKind.NORMAL: "",
    GameKind.HOCHZEIT: "H",
    GameKind.ARMUT: "A",
    GameKind.SOLO: "S",
    GameKind.STILLE_HOCHZEIT: "sH",
    GameKind.HAMMELRENNEN: "HR",
    GameKind.SCHWARZE_SAU: "SS",
    GameKind.REDEAL: "NG",
}
"""Short markers for the sheet's kind column; "P" marks a Pflichtsolo."""

LEGEND = [("S", "Solo"), ("P", "Pflichtsolo"), ("H", "Hochzeit"), ("sH", "Stille Hochzeit"),
          ("A", "Armut"), ("HR", "Hammelrennen"), ("SS", "Schwarze Sau"),
          ("NG", "neu gegeben")]


def marker(entry: LedgerGame) -> str:
    """The kind column: "P" for a Pflichtsolo, else the kind's marker."""
    if entry.pflicht:
        return "P"
    return MARKERS[entry.facts.kind]


def kind_text(entry: LedgerGame) -> str:
    """The kind in words: "Pflichtsolo (Damensolo)", "Hochzeit ohne Partner", "Normalspiel"."""
    facts = entry.facts
    if facts.kind is GameKind.SOLO and facts.solo is not None:
        word = "Pflichtsolo" if entry.pflicht else "Lustsolo"
        return f"{word} ({SOLO_LABELS[facts.solo]})"
    if facts.kind is GameKind.HOCHZEIT and len(facts.re) == 1:
        return "Hochzeit ohne Partner"
    return KIND_LABELS[facts.kind]


def winner_text(entry: LedgerGame) -> str:
    """Who won, in the table's words."""
    winner = entry.score.winner
    facts = entry.facts
    if facts.kind is GameKind.REDEAL:
        return "neu gegeben, keine Punkte"
    if winner is None:
        return "niemand gewinnt"
    if winner == "re":
        return f"{facts.re[0]} gewinnt" if facts.scored_as_solo else "Re gewinnt"
    if winner == "kontra":
        return "Kontra gewinnt"
    return f"{winner} gewinnt"


def parties_text(entry: LedgerGame) -> str:
    """Re and Kontra with their Augen: "Re Anna, Cem 151 : 89 Kontra"."""
    facts = entry.facts
    if facts.eyes is not None:
        return " · ".join(f"{p} {facts.eyes[p]}" for p in facts.players)
    if not facts.re or facts.re_eyes is None:
        return ""
    kontra = [p for p in facts.players if p not in facts.re]
    return (f"Re {', '.join(facts.re)} {facts.re_eyes} : {240 - facts.re_eyes} "
            f"Kontra {', '.join(kontra)}")


def breakdown(entry: LedgerGame) -> str:
    """The core's lines joined as on the sheet: "gewonnen +1 · keine 90 +1 · Re ×2"."""
    return " · ".join(line.text() for line in entry.score.lines)


def facts_text(raw: dict[str, Any] | None) -> str:
    """Entered facts (CLI.md shape, names) in one line, for the history and conflicts:
    "Normalspiel · Re Anna, Cem · 151 Augen · Re: keine 90 · Fuchs gefangen (Re) 1"."""
    if raw is None:
        return "—"
    if "table" in raw:
        return table_facts_text(raw)
    kind = GameKind(raw.get("kind", "normal"))
    parts = [KIND_LABELS[kind]]
    if raw.get("solo"):
        parts[0] = SOLO_LABELS[SoloKind(raw["solo"])]
        if raw.get("pflicht") is not None:
            parts[0] += " (Pflicht)" if raw["pflicht"] else " (Lust)"
    if raw.get("eyes"):
        parts.append(" · ".join(f"{p} {e}" for p, e in raw["eyes"].items()))
    if raw.get("re"):
        parts.append("Re " + ", ".join(raw["re"]))
    if raw.get("re_eyes") is not None:
        parts.append(f"{raw['re_eyes']} Augen")
    for party, level in (raw.get("announced") or {}).items():
        if level != "none":
            word = PARTY_WORDS[party] if level == "ansage" else LEVEL_LABELS[level]
            parts.append(f"{PARTY_WORDS[party]}: {word}")
    for party, count in (raw.get("doppelt") or {}).items():
        if count:
            parts.append(f"Doppelt {PARTY_WORDS[party]} ×{count}")
    for party, extras in (raw.get("extras") or {}).items():
        for name, count in (extras or {}).items():
            if count:
                parts.append(f"{EXTRA_LABELS[Extra(name)]} ({PARTY_WORDS[party]}) {count}")
    if raw.get("trickless"):
        parts.append(f"{PARTY_WORDS[raw['trickless']]} ohne Stich")
    if raw.get("manual_bock"):
        parts.append("Bock vom Tisch beschlossen")
    return " · ".join(parts)


def table_facts_text(raw: dict[str, Any]) -> str:
    """A table change as entered (names): "Am Tisch: Anna, Ben, Fritz, Dora · gibt: Fritz"."""
    dealer = raw.get("dealer")
    return (f"Am Tisch: {', '.join(map(str, raw['table']))} · "
            + (f"gibt: {dealer}" if dealer is not None else "Geber nach der Regel"))


PARTY_WORDS = {"re": "Re", "kontra": "Kontra"}

ACTION_WORDS = {"create": "eingetragen", "edit": "geändert", "delete": "gelöscht",
                "restore": "wiederhergestellt"}
