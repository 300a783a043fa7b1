"""The rules in the table's words: German labels, one sentence per option, a rule summary.

Pure: imports only the standard library. The web pages, the PDF and the help text use these
so that a table can see why a number is what it is (RULES.md asks to show every Decision).
"""

from __future__ import annotations

from enum import Enum

from scorer.core.rules import (
    PRESETS,
    SOLO_LABEL,
    STACKING_LABEL,
    Announcements,
    BockAtEnd,
    BockEffect,
    BockStacking,
    BockTrigger,
    DealerAfterRedeal,
    DealerAfterSolo,
    Extra,
    ExtrasInSolo,
    GameKind,
    HouseRules,
    PflichtsoloForced,
    SoloKind,
    SoloPoint,
    closest_preset,
    differences,
)
from scorer.core.scoring import EXTRA_LABEL
from scorer.words.german import genitive, names

PRESET_LABELS = {
    "ddv": "DDV-Turnierspielregeln",
    "grundregeln": "Grundregeln",
    "voss": "Voss (Mai 2024)",
    "orbital": "Orbital Networks",
    "kuss-rosa": "Kuss Rosa",
    "bockrunde": "Bockrunde",
}

KIND_LABELS = {
    GameKind.NORMAL: "Normalspiel",
    GameKind.HOCHZEIT: "Hochzeit",
    GameKind.ARMUT: "Armut",
    GameKind.SOLO: "Solo",
    GameKind.STILLE_HOCHZEIT: "Stille Hochzeit",
    GameKind.HAMMELRENNEN: "Hammelrennen",
    GameKind.SCHWARZE_SAU: "Schwarze Sau",
    GameKind.REDEAL: "neu gegeben",
    GameKind.RECORDED: "Punkte eingetragen",
}

SOLO_LABELS: dict[SoloKind, str] = dict(SOLO_LABEL)

EXTRA_LABELS: dict[Extra, str] = dict(EXTRA_LABEL)

LEVEL_LABELS = {
    "none": "—",
    "ansage": "{party}",
    "keine_90": "keine 90",
    "keine_60": "keine 60",
    "keine_30": "keine 30",
    "schwarz": "schwarz",
}

TRIGGER_LABELS = {
    BockTrigger.TIE_120: "120:120",
    BockTrigger.LOST_ANNOUNCEMENT: "verlorenes Re/Kontra",
    BockTrigger.ZERO_GAME: "0-Punkte-Spiel",
    BockTrigger.LOST_SOLO: "verlorenes Solo",
    BockTrigger.SCHWARZ: "schwarz",
    BockTrigger.HERZSTICH: "Herzstich",
    BockTrigger.MANUAL: "Beschluss des Tisches",
}

TRIGGER_PHRASES = {
    BockTrigger.TIE_120: "120:120",
    BockTrigger.LOST_ANNOUNCEMENT: "verlorenem Re oder Kontra",
    BockTrigger.ZERO_GAME: "einem 0-Punkte-Spiel",
    BockTrigger.LOST_SOLO: "einem verlorenen Solo",
    BockTrigger.SCHWARZ: "einer Partei ohne Stich (schwarz)",
    BockTrigger.HERZSTICH: "einem Herzstich",
    BockTrigger.MANUAL: "einem Beschluss des Tisches",
}
"""What starts a Bock round, as it reads after "bei" in a sentence (TRIGGER_LABELS are the
values of a list: "Bock entsteht bei: verlorenes Re/Kontra")."""

STACKING_SENTENCES = {
    BockStacking.APPEND: "eine neue Bockrunde kommt hinten dran (mehrere Gründe in einem "
    "Spiel ergeben Doppelbock)",
    BockStacking.MULTIPLY: "jeder Grund beginnt eine Bockrunde beim nächsten Spiel, "
    "überlappende Bockrunden multiplizieren sich",
    BockStacking.MERGE: "eine neue Bockrunde wird mit der laufenden zusammengeführt",
    BockStacking.RESTART: "eine neue Bockrunde ersetzt die offenen",
    BockStacking.IGNORE: "solange Bockspiele offen sind, entsteht keine neue Bockrunde",
}
"""How a new Bock round meets the open ones, as half a sentence (RULES.md §7, §9.4)."""

OPTION_LABELS = {
    "deck": "Kartenzahl",
    "announcements": "Ansagen",
    "extras_doubled": "Sonderpunkte verdoppeln",
    "extras": "Sonderpunkte",
    "gegen_die_alten": "Gegen die Alten",
    "gegen_die_alten_after_armut": "Gegen die Alten nach Armut",
    "gegen_die_alten_in_solo": "Gegen die Alten im Solo",
    "extras_in_solo": "Sonderpunkte im Solo",
    "solo_point": "Extrapunkt fürs Solo",
    "schwarz_point": "Punkt für schwarz",
    "solo_absagen": "Absagen im Solo",
    "against_points": "Punkte gegen Absagen",
    "kontra_only_shift": "120 reichen Re bei nur Kontra",
    "sixty_rule": "60er-Regel",
    "bock_triggers": "Bock entsteht bei",
    "bock_stacking": "Mehrere Bockrunden",
    "bock_effect": "Wirkung von Bock",
    "bock_cap": "Höchster Bock-Faktor",
    "bock_pause_forced": "Bockpause bei vorgeführten Pflichtsoli",
    "bock_at_end": "Offene Bockspiele am Ende",
    "dealer_after_solo": "Geber nach einem Solo",
    "dealer_after_redeal": "Geber nach neu Geben",
    "pflichtsolo": "Pflichtsolo",
    "first_solo_is_pflicht": "Erstes Solo ist Pflicht",
    "pflichtsolo_forced": "Pflichtsolo wird vorgeführt",
    "game_kinds": "Weitere Spielarten",
    "solo_kinds": "Erlaubte Soli",
}

OPTION_HELP = {
    "deck": "Mit Neunen sind es 48 Karten und 12 Stiche, ohne Neunen 40 Karten und 10 Stiche.",
    "announcements": "Ob Re und Kontra je 2 Punkte bringen, den Wert verdoppeln, oder ob "
    "stattdessen jeder Spieler einmal „Doppelt“ sagen darf.",
    "extras_doubled": "Ob Re und Kontra auch die Sonderpunkte verdoppeln oder diese erst "
    "danach dazukommen.",
    "extras": "Welche Sonderpunkte am Tisch gezählt werden; jeder bringt der Partei, die ihn "
    "erzielt, einen Punkt.",
    "gegen_die_alten": "Gewinnt Kontra gegen die beiden Kreuz-Damen, gibt es einen "
    "Sonderpunkt extra.",
    "gegen_die_alten_after_armut": "Ob „gegen die Alten“ auch nach einer Armut zählt, "
    "obwohl dort nicht die Kreuz-Damen die Re-Partei bilden.",
    "gegen_die_alten_in_solo": "Ob Kontra auch dann den Sonderpunkt „gegen die Alten“ "
    "bekommt, wenn es einen Solisten schlägt (nicht bei der Schwarzen Sau), gleich welche "
    "Sonderpunkte sonst im Solo zählen.",
    "extras_in_solo": "Welche Sonderpunkte in einem Solo zählen; eingetragene, die nicht "
    "zählen, werden angezeigt, aber nicht gerechnet.",
    "solo_point": "Ob ein Solo dem Gewinner einen Punkt extra bringt, und ob auch eine "
    "Hochzeit ohne Partner als Solo zählt.",
    "schwarz_point": "Ob es einen Punkt gibt, wenn die Verlierer keinen Stich gemacht haben.",
    "solo_absagen": "Ob im angesagten Solo auch keine 90, 60, 30 und schwarz abgesagt "
    "werden dürfen oder nur Re und Kontra.",
    "against_points": "Ob der Gewinner je einen Punkt bekommt, wenn er gegen eine Absage "
    "120, 90, 60 oder 30 Augen erreicht.",
    "kontra_only_shift": "Hat nur Kontra angesagt, gewinnt Re schon mit 120 Augen "
    "(DDV 7.1.2).",
    "sixty_rule": "Wer mehr als 180 Augen holt, ohne angesagt zu haben, verliert das "
    "Spiel an die Gegenpartei; gilt nicht im Solo.",
    "bock_triggers": "Welche Spiele eine Bockrunde auslösen, in der alle Punkte doppelt "
    "zählen.",
    "bock_stacking": "Was aus einer neuen Bockrunde wird, solange noch Bockspiele offen "
    "sind: sie kommt hinten dran (mehrere Gründe in einem Spiel ergeben Doppelbock), sie "
    "multipliziert sich mit den offenen, sie wird mit der laufenden zusammengeführt, sie "
    "ersetzt die offenen, oder es gibt keine.",
    "bock_effect": "Ob Bock die Punkte eines Spiels verdoppelt (Doppelbock vervierfacht) "
    "oder dem Gewinner je Bock-Stufe 2 Punkte dazugibt.",
    "bock_cap": "Bis zu welchem Faktor sich überlappende Bockrunden multiplizieren; ein "
    "Bockspiel, das schon so hoch steht, wird übersprungen und die Runde reicht ein Spiel "
    "weiter (0: ohne Grenze, nur beim Multiplizieren).",
    "bock_pause_forced": "Ob vorgeführte Pflichtsoli ohne Bock gespielt werden; die "
    "Bockspiele warten bis danach.",
    "bock_at_end": "Was aus Bockspielen wird, die noch offen sind, wenn der Abend fertig ist: "
    "sie verfallen, sie werden noch gespielt, bevor der Abend fertig ist, oder sie gehen in "
    "den nächsten Abend der Runde mit.",
    "dealer_after_solo": "Ob nach einem angesagten Solo derselbe Geber noch einmal gibt.",
    "dealer_after_redeal": "Ob nach dem neu Geben derselbe Geber noch einmal gibt.",
    "pflichtsolo": "Ob jeder Spieler an einem Abend ein Pflichtsolo spielen muss.",
    "first_solo_is_pflicht": "Ob das erste angesagte Solo eines Spielers automatisch sein "
    "Pflichtsolo ist.",
    "pflichtsolo_forced": "Ob offene Pflichtsoli innerhalb der geplanten Spiele oder erst "
    "danach vorgeführt werden.",
    "game_kinds": "Welche Spielarten es neben Normalspiel, Hochzeit, Solo, stiller "
    "Hochzeit und neu Geben noch gibt.",
    "solo_kinds": "Welche Soli angesagt werden dürfen.",
}

VALUE_LABELS: dict[str, dict[str, str]] = {
    "announcements": {
        Announcements.PLUS2.value: "Re/Kontra je +2",
        Announcements.DOUBLE.value: "Re/Kontra verdoppeln",
        Announcements.DOPPELT.value: "Doppelt je Spieler",
    },
    "extras_in_solo": {
        ExtrasInSolo.NONE.value: "keine",
        ExtrasInSolo.ALL.value: "alle",
        ExtrasInSolo.ALL_BUT_FUCHS.value: "alle außer Füchsen",
        ExtrasInSolo.DOPPELKOPF.value: "nur Doppelkopf",
        ExtrasInSolo.TRUMPFSOLO.value: "nur im Karo-Solo und bei Hochzeit ohne Partner",
    },
    "solo_point": {
        SoloPoint.OFF.value: "nein",
        SoloPoint.SOLO.value: "für Soli und stille Hochzeit",
        SoloPoint.SOLO_AND_HOCHZEIT.value: "auch für Hochzeit ohne Partner",
    },
    "bock_stacking": {s.value: label for s, label in STACKING_LABEL.items()},
    "bock_effect": {
        BockEffect.MULTIPLY.value: "verdoppelt",
        BockEffect.ADD.value: "2 Punkte je Stufe für den Gewinner",
    },
    "bock_at_end": {
        BockAtEnd.DROP.value: "verfallen",
        BockAtEnd.PLAY_OUT.value: "werden noch gespielt",
        BockAtEnd.CARRY.value: "gehen in den nächsten Abend mit",
    },
    "bock_cap": {"0": "ohne Grenze", **{str(2**k): f"×{2**k}" for k in range(1, 7)}},
    "dealer_after_solo": {
        DealerAfterSolo.ADVANCE.value: "gibt weiter",
        DealerAfterSolo.STAY_PFLICHT.value: "bleibt nach einem Pflichtsolo",
        DealerAfterSolo.STAY.value: "bleibt nach jedem angesagten Solo (nicht nach einer "
                                    "stillen Hochzeit)",
        DealerAfterSolo.STAY_UNTIL_THIRD.value: "bleibt, außer beim dritten Solo in Folge",
    },
    "dealer_after_redeal": {
        DealerAfterRedeal.STAY.value: "bleibt",
        DealerAfterRedeal.ADVANCE.value: "gibt weiter",
    },
    "pflichtsolo_forced": {
        PflichtsoloForced.WITHIN.value: "innerhalb der geplanten Spiele",
        PflichtsoloForced.AFTER.value: "nach den geplanten Spielen",
    },
    "extras": {e.value: label for e, label in EXTRA_LABELS.items()},
    "game_kinds": {k.value: label for k, label in KIND_LABELS.items()},
    "solo_kinds": {k.value: label for k, label in SOLO_LABELS.items()},
    "bock_triggers": {t.value: label for t, label in TRIGGER_LABELS.items()},
}


def format_value(option: str, value: object) -> str:
    """One option value in German: "ja", "48", "Re/Kontra verdoppeln", "Doppelkopf, Fuchs …"."""
    if isinstance(value, bool):
        return "ja" if value else "nein"
    labels = VALUE_LABELS.get(option, {})
    if isinstance(value, list):
        return ", ".join(labels.get(str(v), str(v)) for v in value) or "keine"
    if option == "bock_cap" and str(value) not in labels:
        return f"×{value}"
    return labels.get(str(value), str(value))


class _AnyPlan(Enum):
    ANY = "any"


ANY_PLAN = _AnyPlan.ANY
"""``summary``'s plan when there is no evening yet (house rules): forcing is worded as a
condition, since it depends on whether an evening plans its games (RULES.md §7)."""


def summary(rules: HouseRules, planned_games: int | None | _AnyPlan = ANY_PLAN) -> list[str]:
    """A few German sentences describing the rules a table plays with.

    ``planned_games`` is the evening's plan (None: the evening plans none); left out, the
    sentences on forced Pflichtsoli hold for any evening.
    """
    mode = rules.announcements
    lines = [f"{rules.deck} Karten, {rules.tricks} Stiche."]
    if mode is Announcements.PLUS2:
        lines.append("Re und Kontra bringen je 2 Punkte; jede Absage 1 Punkt.")
    elif mode is Announcements.DOUBLE:
        doubled = "samt Sonderpunkten" if rules.extras_doubled else "ohne Sonderpunkte"
        lines.append(f"Re und Kontra verdoppeln den Spielwert {doubled}; jede Absage 1 Punkt.")
    else:
        lines.append("Statt Re/Kontra sagt jeder höchstens einmal „Doppelt“; jedes Doppelt "
                     "verdoppelt, Sonderpunkte nicht.")
    extras = format_value("extras", rules.to_dict()["extras"])
    lines.append(f"Sonderpunkte: {extras}; im Solo: "
                 f"{format_value('extras_in_solo', rules.extras_in_solo.value)}.")
    if rules.gegen_die_alten:
        # On in every preset, so nothing sets a preset apart by it; a table still reads it
        # in every breakdown, so the summary names it (a tester missed it).
        after_armut = ", auch nach einer Armut" if rules.gegen_die_alten_after_armut else ""
        lines.append("Gewinnt Kontra gegen die Alten (die Partei mit beiden Kreuz-Damen), gibt "
                     f"es einen Punkt extra{after_armut}.")
    if rules.solo_point is SoloPoint.SOLO:
        lines.append("Ein Solo und eine stille Hochzeit bringen dem Gewinner einen Punkt "
                     "extra.")
    elif rules.solo_point is SoloPoint.SOLO_AND_HOCHZEIT:
        lines.append("Ein Solo, eine stille Hochzeit und eine Hochzeit ohne Partner bringen "
                     "dem Gewinner einen Punkt extra.")
    if rules.schwarz_point:
        lines.append("Bleibt eine Partei ohne Stich (schwarz), gibt es einen Punkt extra.")
    else:
        lines.append("Für schwarz gibt es keinen eigenen Punkt.")
    if rules.against_points:
        lines.append("Wer gegen eine Absage 120/90/60/30 Augen holt, bekommt je einen Punkt.")
    if rules.kontra_only_shift:
        lines.append("Hat nur Kontra angesagt, reichen Re 120 Augen.")
    if rules.sixty_rule:
        lines.append("60er-Regel: Wer ohne Ansage über 180 Augen holt, verliert das Spiel "
                     "(nicht im Solo).")
    if rules.gegen_die_alten and rules.gegen_die_alten_in_solo:
        lines.append("Gegen die Alten zählt auch, wenn Kontra einen Solisten schlägt.")
    lines.extend(_bock_summary(rules))
    lines.append(_dealer_summary(rules, planned_games))
    lines.extend(_pflicht_summary(rules, planned_games))
    kinds = format_value("game_kinds", [k.value for k in sorted(rules.game_kinds, key=list(GameKind).index)])
    if rules.game_kinds:
        lines.append(f"Außerdem: {kinds}.")
    if GameKind.HAMMELRENNEN in rules.game_kinds:
        lines.append("Im Hammelrennen spielt jeder für sich: es gewinnt, wer über 120 Augen "
                     "hat, sonst wer 60 Augen am nächsten kommt, mit +3 gegen je −1 der "
                     "anderen; bei Gleichstand zählt es 0.")
    lines.append(f"Soli: {format_value('solo_kinds', [s.value for s in rules.solo_kinds])}.")
    return lines


def _dealer_summary(rules: HouseRules, planned: int | None | _AnyPlan) -> str:
    """The dealer after a solo; under `within` a forced Pflichtsolo moves him on (TSR 4.2.5)."""
    stays = format_value("dealer_after_solo", rules.dealer_after_solo.value)
    text = f"Geber nach einem Solo: {stays}"
    forcing = (rules.pflichtsolo and rules.pflichtsolo_forced is PflichtsoloForced.WITHIN
               and rules.dealer_after_solo is not DealerAfterSolo.ADVANCE)
    if forcing and planned is not None:
        text += ("; ein innerhalb der geplanten Spiele vorgeführtes Pflichtsolo zählt als "
                 "geplantes Spiel, danach wechselt der Geber")
    return text + "."


def _pflicht_summary(rules: HouseRules, planned: int | None | _AnyPlan) -> list[str]:
    """Who owes a Pflichtsolo, which solo it is, and when open ones are forced (§7)."""
    if not rules.pflichtsolo:
        return ["Kein Pflichtsolo."]
    first = (" Das erste Solo ist das Pflichtsolo." if rules.first_solo_is_pflicht else
             " Ob ein Solo Pflicht oder Lust ist, sagt der Eintrag; ohne Angabe ist es ein "
             "Pflichtsolo, wenn der Solist gerade mit seinem Pflichtsolo dran ist, sonst ein "
             "Lustsolo.")
    within = rules.pflichtsolo_forced is PflichtsoloForced.WITHIN
    if planned is None:
        forced = ("Der Abend hat keine geplanten Spiele: offene Pflichtsoli werden nur "
                  "angezeigt, nicht vorgeführt.")
    elif planned is ANY_PLAN:
        forced = ("Hat der Abend geplante Spiele, werden offene Pflichtsoli innerhalb davon "
                  "vorgeführt, sobald nur noch so viele Spiele übrig sind, wie Pflichtsoli "
                  "offen sind" if within else
                  "Hat der Abend geplante Spiele, werden offene Pflichtsoli nach den "
                  "geplanten Spielen vorgeführt, eins nach dem anderen")
        forced += "; ohne geplante Spiele werden sie nur angezeigt."
    else:
        forced = (f"Offene Pflichtsoli werden innerhalb der geplanten Spiele ({planned}) "
                  "vorgeführt, sobald nur noch so viele Spiele übrig sind, wie Pflichtsoli "
                  "offen sind." if within else
                  f"Offene Pflichtsoli werden nach den geplanten Spielen ({planned}) "
                  "vorgeführt, eins nach dem anderen.")
    return [f"Jeder spielt ein Pflichtsolo.{first}", forced]


def pflicht_help(rules: HouseRules) -> str | None:
    """What "Pflicht oder Lust?" means under these rules before a soloist is chosen."""
    if not rules.pflichtsolo:
        return None
    if rules.first_solo_is_pflicht:
        return ("Das erste Solo eines Spielers ist sein Pflichtsolo; als Lustsolo "
                "eingetragen bleibt das Pflichtsolo offen.")
    return ("„Wie es sich ergibt“ heißt: Pflicht nur für den, der gerade mit dem "
            "Pflichtsolo dran ist, sonst Lust.")


def pflicht_decision(rules: HouseRules, soloist: str, choice: bool | None, *, owes: bool,
                     forced: str | None) -> str | None:
    """How a solo counts, in one sentence, from the rules (RULES.md §7 Pflichtsolo).

    ``choice`` is what the entry says (True Pflicht, False Lust, None "wie es sich
    ergibt"), ``owes`` whether the soloist still owes a Pflichtsolo, ``forced`` who is forced
    to play one in this game. None when the rules have no Pflichtsolo.
    """
    if not rules.pflichtsolo:
        return None
    if not owes:
        if choice:
            return (f"{soloist} hat kein Pflichtsolo mehr offen: es lässt sich nur als Lust "
                    "eintragen.")
        return f"{soloist} hat das Pflichtsolo schon gespielt: dieses Solo zählt als Lust."
    if choice is None:
        if rules.first_solo_is_pflicht:
            return f"Das erste Solo ist das Pflichtsolo: für {soloist} zählt es als Pflicht."
        if forced == soloist:
            return (f"Wie es sich ergibt: {soloist} ist mit dem Pflichtsolo dran, also zählt "
                    "es als Pflicht.")
        return (f"Wie es sich ergibt: {soloist} ist gerade nicht mit dem Pflichtsolo dran, "
                "also zählt es als Lust, und das Pflichtsolo bleibt offen.")
    if choice:
        return f"Als Pflicht eingetragen: es ist das Pflichtsolo von {soloist}."
    if forced == soloist:
        return (f"Lust statt Pflicht: {soloist} ist mit dem Pflichtsolo dran, doch als "
                f"Lustsolo eingetragen bleibt {genitive(soloist)} Pflichtsolo offen.")
    if rules.first_solo_is_pflicht:
        return (f"Als Lustsolo eingetragen zählt es nicht als Pflicht, obwohl {soloist} das "
                f"Pflichtsolo noch offen hat: {genitive(soloist)} Pflichtsolo bleibt offen.")
    return f"Als Lustsolo eingetragen: das Pflichtsolo von {soloist} bleibt offen."


def _bock_summary(rules: HouseRules) -> list[str]:
    """The sentences on Bock: when it comes, how rounds meet, what it does (§7, §9)."""
    if not rules.bock_triggers:
        return ["Ohne Bockrunden."]
    why = names([TRIGGER_PHRASES[t] for t in rules.bock_triggers])
    how = STACKING_SENTENCES[rules.bock_stacking]
    # A Bock round counts only the games after which the dealer moves on (RULES.md §7): a
    # solo extends it only where the dealer stays after a solo.
    lines = [f"Bock gibt es bei {why}; {how}.",
             "Eine Bockrunde dauert so viele Spiele, wie Spieler am Tisch sitzen; ein Spiel, "
             "nach dem derselbe Geber noch einmal gibt, zählt dabei nicht mit."]
    if rules.bock_stacking is BockStacking.MULTIPLY and rules.bock_cap:
        lines.append(f"Bock höchstens ×{rules.bock_cap}; darüber reicht die Runde ein Spiel "
                     "weiter.")
    if rules.bock_effect is BockEffect.ADD:
        lines.append("Bock verdoppelt nicht: der Gewinner bekommt je Bock-Stufe 2 Punkte dazu.")
    if rules.bock_pause_forced:
        lines.append("Vorgeführte Pflichtsoli werden ohne Bock gespielt; die Bockspiele warten.")
    lines.append(BOCK_AT_END_SENTENCES[rules.bock_at_end])
    return lines


BOCK_AT_END_SENTENCES = {
    BockAtEnd.DROP: "Bockspiele, die am Ende des Abends noch offen sind, verfallen.",
    BockAtEnd.PLAY_OUT: "Bockspiele, die nach den geplanten Spielen noch offen sind, werden "
    "noch gespielt, dann ist der Abend fertig.",
    BockAtEnd.CARRY: "Bockspiele, die am Ende des Abends noch offen sind, gehen in den "
    "nächsten Abend der Runde mit.",
}
"""RULES.md §10.2 in one sentence each, for the rule summary."""


def describe_rules(rules: HouseRules) -> tuple[str, dict[str, str]]:
    """The closest preset's label and the options that differ from it, in German."""
    name = closest_preset(rules)
    diff = differences(rules, PRESETS[name])
    return PRESET_LABELS[name], {OPTION_LABELS[k]: format_value(k, v) for k, v in diff.items()}


def deviation_text(rules: HouseRules) -> str | None:
    """The house rules in one line, as the sheet and the PDF both print them: "Abweichend
    von Bockrunde: Kartenzahl: 40 · Bock-Obergrenze: ×8"; None when the rules are a preset's
    own (an option merely listed in another order is no deviation)."""
    preset, changes = describe_rules(rules)
    if not changes:
        return None
    return f"Abweichend von {preset}: " + " · ".join(f"{k}: {v}" for k, v in changes.items())


__all__ = [
    "EXTRA_LABELS",
    "KIND_LABELS",
    "LEVEL_LABELS",
    "OPTION_HELP",
    "OPTION_LABELS",
    "PRESET_LABELS",
    "SOLO_LABELS",
    "STACKING_SENTENCES",
    "TRIGGER_LABELS",
    "TRIGGER_PHRASES",
    "ANY_PLAN",
    "VALUE_LABELS",
    "describe_rules",
    "deviation_text",
    "format_value",
    "pflicht_decision",
    "pflicht_help",
    "summary",
]
