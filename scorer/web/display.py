"""How the pages word a ledger game: kind marker, winner, breakdown. No points are
computed here; everything shown comes from the core's LedgerGame and GameScore.
"""

from __future__ import annotations

from scorer.evening import LedgerGame
from scorer.explain import KIND_LABELS, SOLO_LABELS
from scorer.rules import GameKind

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
