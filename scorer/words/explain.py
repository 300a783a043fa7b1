"""The rules in the table's words: labels, one sentence per option, a rule summary.

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
from scorer.words.i18n import N_, _

PRESET_LABELS = {
    "ddv": N_("DDV-Turnierspielregeln"),
    "grundregeln": N_("Grundregeln"),
    "voss": N_("Voss (Mai 2024)"),
    "orbital": N_("Orbital Networks"),
    "kuss-rosa": N_("Kuss Rosa"),
    "bockrunde": N_("Bockrunde"),
}

KIND_LABELS = {
    GameKind.NORMAL: N_("Normalspiel"),
    GameKind.HOCHZEIT: N_("Hochzeit"),
    GameKind.ARMUT: N_("Armut"),
    GameKind.SOLO: N_("Solo"),
    GameKind.STILLE_HOCHZEIT: N_("Stille Hochzeit"),
    GameKind.HAMMELRENNEN: N_("Hammelrennen"),
    GameKind.SCHWARZE_SAU: N_("Schwarze Sau"),
    GameKind.REDEAL: N_("neu gegeben"),
    GameKind.RECORDED: N_("Punkte eingetragen"),
}

SOLO_LABELS: dict[SoloKind, str] = dict(SOLO_LABEL)

EXTRA_LABELS: dict[Extra, str] = dict(EXTRA_LABEL)

LEVEL_LABELS = {
    "none": "—",
    "ansage": "{party}",
    "keine_90": N_("keine 90"),
    "keine_60": N_("keine 60"),
    "keine_30": N_("keine 30"),
    "schwarz": N_("schwarz"),
}

TRIGGER_LABELS = {
    BockTrigger.TIE_120: "120:120",
    BockTrigger.LOST_ANNOUNCEMENT: N_("verlorenes Re/Kontra"),
    BockTrigger.ZERO_GAME: N_("0-Punkte-Spiel"),
    BockTrigger.LOST_SOLO: N_("verlorenes Solo"),
    BockTrigger.SCHWARZ: N_("schwarz"),
    BockTrigger.HERZSTICH: N_("Herzstich"),
    BockTrigger.MANUAL: N_("Beschluss des Tisches"),
}

TRIGGER_PHRASES = {
    BockTrigger.TIE_120: "120:120",
    BockTrigger.LOST_ANNOUNCEMENT: N_("verlorenem Re oder Kontra"),
    BockTrigger.ZERO_GAME: N_("einem 0-Punkte-Spiel"),
    BockTrigger.LOST_SOLO: N_("einem verlorenen Solo"),
    BockTrigger.SCHWARZ: N_("einer Partei ohne Stich (schwarz)"),
    BockTrigger.HERZSTICH: N_("einem Herzstich"),
    BockTrigger.MANUAL: N_("einem Beschluss des Tisches"),
}
"""What starts a Bock round, as it reads after "bei" in a sentence (TRIGGER_LABELS are the
values of a list: "Bock entsteht bei: verlorenes Re/Kontra")."""

STACKING_SENTENCES = {
    BockStacking.APPEND: N_("eine neue Bockrunde kommt hinten dran (mehrere Gründe in einem "
    "Spiel ergeben Doppelbock)"),
    BockStacking.MULTIPLY: N_("jeder Grund beginnt eine Bockrunde beim nächsten Spiel, "
    "überlappende Bockrunden multiplizieren sich"),
    BockStacking.MERGE: N_("eine neue Bockrunde wird mit der laufenden zusammengeführt"),
    BockStacking.RESTART: N_("eine neue Bockrunde ersetzt die offenen"),
    BockStacking.IGNORE: N_("solange Bockspiele offen sind, entsteht keine neue Bockrunde"),
}
"""How a new Bock round meets the open ones, as half a sentence (RULES.md §7, §9.4)."""

OPTION_LABELS = {
    "deck": N_("Kartenzahl"),
    "announcements": N_("Ansagen"),
    "extras_doubled": N_("Sonderpunkte verdoppeln"),
    "extras": N_("Sonderpunkte"),
    "gegen_die_alten": N_("Gegen die Alten"),
    "gegen_die_alten_after_armut": N_("Gegen die Alten nach Armut"),
    "gegen_die_alten_in_solo": N_("Gegen die Alten im Solo"),
    "extras_in_solo": N_("Sonderpunkte im Solo"),
    "solo_point": N_("Extrapunkt fürs Solo"),
    "schwarz_point": N_("Punkt für schwarz"),
    "solo_absagen": N_("Absagen im Solo"),
    "against_points": N_("Punkte gegen Absagen"),
    "kontra_only_shift": N_("120 reichen Re bei nur Kontra"),
    "sixty_rule": N_("60er-Regel"),
    "bock_triggers": N_("Bock entsteht bei"),
    "bock_stacking": N_("Mehrere Bockrunden"),
    "bock_effect": N_("Wirkung von Bock"),
    "bock_cap": N_("Höchster Bock-Faktor"),
    "bock_pause_forced": N_("Bockpause bei vorgeführten Pflichtsoli"),
    "bock_at_end": N_("Offene Bockspiele am Ende"),
    "dealer_after_solo": N_("Geber nach einem Solo"),
    "dealer_after_redeal": N_("Geber nach neu Geben"),
    "pflichtsolo": N_("Pflichtsolo"),
    "first_solo_is_pflicht": N_("Erstes Solo ist Pflicht"),
    "pflichtsolo_forced": N_("Pflichtsolo wird vorgeführt"),
    "game_kinds": N_("Weitere Spielarten"),
    "solo_kinds": N_("Erlaubte Soli"),
}

OPTION_HELP = {
    "deck": N_("Mit Neunen sind es 48 Karten und 12 Stiche, ohne Neunen 40 Karten und 10 Stiche."),
    "announcements": N_("Ob Re und Kontra je 2 Punkte bringen, den Wert verdoppeln, oder ob "
    "stattdessen jeder Spieler einmal „Doppelt“ sagen darf."),
    "extras_doubled": N_("Ob Re und Kontra auch die Sonderpunkte verdoppeln oder diese erst "
    "danach dazukommen."),
    "extras": N_("Welche Sonderpunkte am Tisch gezählt werden; jeder bringt der Partei, die ihn "
    "erzielt, einen Punkt."),
    "gegen_die_alten": N_("Gewinnt Kontra gegen die beiden Kreuz-Damen, gibt es einen "
    "Sonderpunkt extra."),
    "gegen_die_alten_after_armut": N_("Ob „gegen die Alten“ auch nach einer Armut zählt, "
    "obwohl dort nicht die Kreuz-Damen die Re-Partei bilden."),
    "gegen_die_alten_in_solo": N_("Ob Kontra auch dann den Sonderpunkt „gegen die Alten“ "
    "bekommt, wenn es einen Solisten schlägt (nicht bei der Schwarzen Sau), gleich welche "
    "Sonderpunkte sonst im Solo zählen."),
    "extras_in_solo": N_("Welche Sonderpunkte in einem Solo zählen; eingetragene, die nicht "
    "zählen, werden angezeigt, aber nicht gerechnet."),
    "solo_point": N_("Ob ein Solo dem Gewinner einen Punkt extra bringt, und ob auch eine "
    "Hochzeit ohne Partner als Solo zählt."),
    "schwarz_point": N_("Ob es einen Punkt gibt, wenn die Verlierer keinen Stich gemacht haben."),
    "solo_absagen": N_("Ob im angesagten Solo auch keine 90, 60, 30 und schwarz abgesagt "
    "werden dürfen oder nur Re und Kontra."),
    "against_points": N_("Ob der Gewinner je einen Punkt bekommt, wenn er gegen eine Absage "
    "120, 90, 60 oder 30 Augen erreicht."),
    "kontra_only_shift": N_("Hat nur Kontra angesagt, gewinnt Re schon mit 120 Augen "
    "(DDV 7.1.2)."),
    "sixty_rule": N_("Wer mehr als 180 Augen holt, ohne angesagt zu haben, verliert das "
    "Spiel an die Gegenpartei; gilt nicht im Solo."),
    "bock_triggers": N_("Welche Spiele eine Bockrunde auslösen, in der alle Punkte doppelt "
    "zählen."),
    "bock_stacking": N_("Was aus einer neuen Bockrunde wird, solange noch Bockspiele offen "
    "sind: sie kommt hinten dran (mehrere Gründe in einem Spiel ergeben Doppelbock), sie "
    "multipliziert sich mit den offenen, sie wird mit der laufenden zusammengeführt, sie "
    "ersetzt die offenen, oder es gibt keine."),
    "bock_effect": N_("Ob Bock die Punkte eines Spiels verdoppelt (Doppelbock vervierfacht) "
    "oder dem Gewinner je Bock-Stufe 2 Punkte dazugibt."),
    "bock_cap": N_("Bis zu welchem Faktor sich überlappende Bockrunden multiplizieren; ein "
    "Bockspiel, das schon so hoch steht, wird übersprungen und die Runde reicht ein Spiel "
    "weiter (0: ohne Grenze, nur beim Multiplizieren)."),
    "bock_pause_forced": N_("Ob vorgeführte Pflichtsoli ohne Bock gespielt werden; die "
    "Bockspiele warten bis danach."),
    "bock_at_end": N_("Was aus Bockspielen wird, die noch offen sind, wenn der Abend fertig ist: "
    "sie verfallen, sie werden noch gespielt, bevor der Abend fertig ist, oder sie gehen in "
    "den nächsten Abend der Runde mit."),
    "dealer_after_solo": N_("Ob nach einem angesagten Solo derselbe Geber noch einmal gibt."),
    "dealer_after_redeal": N_("Ob nach dem neu Geben derselbe Geber noch einmal gibt."),
    "pflichtsolo": N_("Ob jeder Spieler an einem Abend ein Pflichtsolo spielen muss."),
    "first_solo_is_pflicht": N_("Ob das erste angesagte Solo eines Spielers automatisch sein "
    "Pflichtsolo ist."),
    "pflichtsolo_forced": N_("Ob offene Pflichtsoli innerhalb der geplanten Spiele oder erst "
    "danach vorgeführt werden."),
    "game_kinds": N_("Welche Spielarten es neben Normalspiel, Hochzeit, Solo, stiller "
    "Hochzeit und neu Geben noch gibt."),
    "solo_kinds": N_("Welche Soli angesagt werden dürfen."),
}

VALUE_LABELS: dict[str, dict[str, str]] = {
    "announcements": {
        Announcements.PLUS2.value: N_("Re/Kontra je +2"),
        Announcements.DOUBLE.value: N_("Re/Kontra verdoppeln"),
        Announcements.DOPPELT.value: N_("Doppelt je Spieler"),
    },
    "extras_in_solo": {
        ExtrasInSolo.NONE.value: N_("keine"),
        ExtrasInSolo.ALL.value: N_("alle"),
        ExtrasInSolo.ALL_BUT_FUCHS.value: N_("alle außer Füchsen"),
        ExtrasInSolo.DOPPELKOPF.value: N_("nur Doppelkopf"),
        ExtrasInSolo.TRUMPFSOLO.value: N_("nur im Karo-Solo und bei Hochzeit ohne Partner"),
    },
    "solo_point": {
        SoloPoint.OFF.value: N_("nein"),
        SoloPoint.SOLO.value: N_("für Soli und stille Hochzeit"),
        SoloPoint.SOLO_AND_HOCHZEIT.value: N_("auch für Hochzeit ohne Partner"),
    },
    "bock_stacking": {s.value: label for s, label in STACKING_LABEL.items()},
    "bock_effect": {
        BockEffect.MULTIPLY.value: N_("verdoppelt"),
        BockEffect.ADD.value: N_("2 Punkte je Stufe für den Gewinner"),
    },
    "bock_at_end": {
        BockAtEnd.DROP.value: N_("verfallen"),
        BockAtEnd.PLAY_OUT.value: N_("werden noch gespielt"),
        BockAtEnd.CARRY.value: N_("gehen in den nächsten Abend mit"),
    },
    "bock_cap": {"0": N_("ohne Grenze"), **{str(2**k): f"×{2**k}" for k in range(1, 7)}},
    "dealer_after_solo": {
        DealerAfterSolo.ADVANCE.value: N_("gibt weiter"),
        DealerAfterSolo.STAY_PFLICHT.value: N_("bleibt nach einem Pflichtsolo"),
        DealerAfterSolo.STAY.value: N_("bleibt nach jedem angesagten Solo (nicht nach "
                                       "einer stillen Hochzeit)"),
        DealerAfterSolo.STAY_UNTIL_THIRD.value: N_("bleibt, außer beim dritten Solo in Folge"),
    },
    "dealer_after_redeal": {
        DealerAfterRedeal.STAY.value: N_("bleibt"),
        DealerAfterRedeal.ADVANCE.value: N_("gibt weiter"),
    },
    "pflichtsolo_forced": {
        PflichtsoloForced.WITHIN.value: N_("innerhalb der geplanten Spiele"),
        PflichtsoloForced.AFTER.value: N_("nach den geplanten Spielen"),
    },
    "extras": {e.value: label for e, label in EXTRA_LABELS.items()},
    "game_kinds": {k.value: label for k, label in KIND_LABELS.items()},
    "solo_kinds": {k.value: label for k, label in SOLO_LABELS.items()},
    "bock_triggers": {t.value: label for t, label in TRIGGER_LABELS.items()},
}


DECK_LABELS = {"48": N_("48 Karten (mit Neunen)"), "40": N_("40 Karten (ohne Neunen)")}
"""The two decks as the rule form offers them."""


def deck_label(deck: str) -> str:
    """A deck as the rule form offers it: "48 Karten (mit Neunen)"."""
    return _(DECK_LABELS[deck])


def format_value(option: str, value: object) -> str:
    """One option value in the language spoken now: "ja", "48", "Re/Kontra verdoppeln",
    "Doppelkopf, Fuchs …"."""
    if isinstance(value, bool):
        return _("ja") if value else _("nein")
    labels = VALUE_LABELS.get(option, {})
    if isinstance(value, list):
        return ", ".join(_(labels[str(v)]) if str(v) in labels else str(v)
                         for v in value) or _("keine")
    if option == "bock_cap" and str(value) not in labels:
        return f"×{value}"
    return _(labels[str(value)]) if str(value) in labels else str(value)


def preset_label(name: str) -> str:
    """A preset's name in the language spoken now: "DDV-Turnierspielregeln"."""
    return _(PRESET_LABELS[name])


def kind_label(kind: GameKind) -> str:
    """A game kind in the language spoken now: "Normalspiel"."""
    return _(KIND_LABELS[kind])


def solo_label(solo: SoloKind) -> str:
    """A solo in the language spoken now: "Damensolo"."""
    return _(SOLO_LABELS[solo])


def extra_label(extra: Extra) -> str:
    """A Sonderpunkt in the language spoken now: "Fuchs gefangen"."""
    return _(EXTRA_LABELS[extra])


def level_label(level: str) -> str:
    """An Absage (by its value) in the language spoken now: "keine 90"; "{party}" for a
    plain Ansage, "—" for none."""
    return _(LEVEL_LABELS[level]) if level in _SAID_LEVELS else LEVEL_LABELS[level]


_SAID_LEVELS = frozenset({"keine_90", "keine_60", "keine_30", "schwarz"})


def trigger_label(trigger: BockTrigger) -> str:
    """What starts a Bock round, as a list's value: "verlorenes Re/Kontra"."""
    return _(TRIGGER_LABELS[trigger])


def option_label(name: str) -> str:
    """A house-rule option's label in the language spoken now: "Kartenzahl"."""
    return _(OPTION_LABELS[name])


def option_help(name: str) -> str:
    """A house-rule option's help sentence in the language spoken now."""
    return _(OPTION_HELP[name])


def value_label(option: str, value: str) -> str:
    """One value of an option, by its stored value, in the language spoken now."""
    label = VALUE_LABELS[option][value]
    return label if option == "bock_cap" and value != "0" else _(label)


class _AnyPlan(Enum):
    ANY = "any"


ANY_PLAN = _AnyPlan.ANY
"""``summary``'s plan when there is no evening yet (house rules): forcing is worded as a
condition, since it depends on whether an evening plans its games (RULES.md §7)."""


def summary(rules: HouseRules, planned_games: int | None | _AnyPlan = ANY_PLAN) -> list[str]:
    """A few sentences describing the rules a table plays with, in the language spoken now.

    ``planned_games`` is the evening's plan (None: the evening plans none); left out, the
    sentences on forced Pflichtsoli hold for any evening.
    """
    mode = rules.announcements
    lines = [_("%(deck)s Karten, %(tricks)s Stiche.") % {"deck": rules.deck,
                                                         "tricks": rules.tricks}]
    if mode is Announcements.PLUS2:
        lines.append(_("Re und Kontra bringen je 2 Punkte; jede Absage 1 Punkt."))
    elif mode is Announcements.DOUBLE:
        lines.append(_("Re und Kontra verdoppeln den Spielwert samt Sonderpunkten; jede "
                       "Absage 1 Punkt.") if rules.extras_doubled else
                     _("Re und Kontra verdoppeln den Spielwert ohne Sonderpunkte; jede "
                       "Absage 1 Punkt."))
    else:
        lines.append(_("Statt Re/Kontra sagt jeder höchstens einmal „Doppelt“; jedes Doppelt "
                       "verdoppelt, Sonderpunkte nicht."))
    extras = format_value("extras", rules.to_dict()["extras"])
    lines.append(_("Sonderpunkte: %(extras)s; im Solo: %(in_solo)s.") % {
        "extras": extras, "in_solo": format_value("extras_in_solo", rules.extras_in_solo.value)})
    if rules.gegen_die_alten:
        # On in every preset, so nothing sets a preset apart by it; a table still reads it
        # in every breakdown, so the summary names it (a tester missed it).
        lines.append(_("Gewinnt Kontra gegen die Alten (die Partei mit beiden Kreuz-Damen), "
                       "gibt es einen Punkt extra, auch nach einer Armut.")
                     if rules.gegen_die_alten_after_armut else
                     _("Gewinnt Kontra gegen die Alten (die Partei mit beiden Kreuz-Damen), "
                       "gibt es einen Punkt extra."))
    if rules.solo_point is SoloPoint.SOLO:
        lines.append(_("Ein Solo und eine stille Hochzeit bringen dem Gewinner einen Punkt "
                       "extra."))
    elif rules.solo_point is SoloPoint.SOLO_AND_HOCHZEIT:
        lines.append(_("Ein Solo, eine stille Hochzeit und eine Hochzeit ohne Partner bringen "
                       "dem Gewinner einen Punkt extra."))
    if rules.schwarz_point:
        lines.append(_("Bleibt eine Partei ohne Stich (schwarz), gibt es einen Punkt extra."))
    else:
        lines.append(_("Für schwarz gibt es keinen eigenen Punkt."))
    if rules.against_points:
        lines.append(_("Wer gegen eine Absage 120/90/60/30 Augen holt, bekommt je einen "
                       "Punkt."))
    if rules.kontra_only_shift:
        lines.append(_("Hat nur Kontra angesagt, reichen Re 120 Augen."))
    if rules.sixty_rule:
        lines.append(_("60er-Regel: Wer ohne Ansage über 180 Augen holt, verliert das Spiel "
                       "(nicht im Solo)."))
    if rules.gegen_die_alten and rules.gegen_die_alten_in_solo:
        lines.append(_("Gegen die Alten zählt auch, wenn Kontra einen Solisten schlägt."))
    lines.extend(_bock_summary(rules))
    lines.append(_dealer_summary(rules, planned_games))
    lines.extend(_pflicht_summary(rules, planned_games))
    kinds = format_value("game_kinds", [k.value for k in sorted(rules.game_kinds, key=list(GameKind).index)])
    if rules.game_kinds:
        lines.append(_("Außerdem: %(kinds)s.") % {"kinds": kinds})
    if GameKind.HAMMELRENNEN in rules.game_kinds:
        lines.append(_("Im Hammelrennen spielt jeder für sich: es gewinnt, wer über 120 Augen "
                       "hat, sonst wer 60 Augen am nächsten kommt, mit +3 gegen je −1 der "
                       "anderen; bei Gleichstand zählt es 0."))
    lines.append(_("Soli: %(solos)s.") % {
        "solos": format_value('solo_kinds', [s.value for s in rules.solo_kinds])})
    return lines


def _dealer_summary(rules: HouseRules, planned: int | None | _AnyPlan) -> str:
    """The dealer after a solo; under `within` a forced Pflichtsolo moves him on (TSR 4.2.5)."""
    stays = format_value("dealer_after_solo", rules.dealer_after_solo.value)
    forcing = (rules.pflichtsolo and rules.pflichtsolo_forced is PflichtsoloForced.WITHIN
               and rules.dealer_after_solo is not DealerAfterSolo.ADVANCE)
    if forcing and planned is not None:
        return _("Geber nach einem Solo: %(stays)s; ein innerhalb der geplanten Spiele "
                 "vorgeführtes Pflichtsolo zählt als geplantes Spiel, danach wechselt der "
                 "Geber.") % {"stays": stays}
    return _("Geber nach einem Solo: %(stays)s.") % {"stays": stays}


def _pflicht_summary(rules: HouseRules, planned: int | None | _AnyPlan) -> list[str]:
    """Who owes a Pflichtsolo, which solo it is, and when open ones are forced (§7)."""
    if not rules.pflichtsolo:
        return [_("Kein Pflichtsolo.")]
    first = (_("Jeder spielt ein Pflichtsolo. Das erste Solo ist das Pflichtsolo.")
             if rules.first_solo_is_pflicht else
             _("Jeder spielt ein Pflichtsolo. Ob ein Solo Pflicht oder Lust ist, sagt der "
               "Eintrag; ohne Angabe ist es ein Pflichtsolo, wenn der Solist gerade mit seinem "
               "Pflichtsolo dran ist, sonst ein Lustsolo."))
    within = rules.pflichtsolo_forced is PflichtsoloForced.WITHIN
    if planned is None:
        forced = _("Der Abend hat keine geplanten Spiele: offene Pflichtsoli werden nur "
                   "angezeigt, nicht vorgeführt.")
    elif planned is ANY_PLAN:
        forced = (_("Hat der Abend geplante Spiele, werden offene Pflichtsoli innerhalb davon "
                    "vorgeführt, sobald nur noch so viele Spiele übrig sind, wie Pflichtsoli "
                    "offen sind; ohne geplante Spiele werden sie nur angezeigt.") if within else
                  _("Hat der Abend geplante Spiele, werden offene Pflichtsoli nach den "
                    "geplanten Spielen vorgeführt, eins nach dem anderen; ohne geplante Spiele "
                    "werden sie nur angezeigt."))
    else:
        forced = (_("Offene Pflichtsoli werden innerhalb der geplanten Spiele (%(planned)s) "
                    "vorgeführt, sobald nur noch so viele Spiele übrig sind, wie Pflichtsoli "
                    "offen sind.") if within else
                  _("Offene Pflichtsoli werden nach den geplanten Spielen (%(planned)s) "
                    "vorgeführt, eins nach dem anderen.")) % {"planned": planned}
    return [first, forced]


def pflicht_help(rules: HouseRules) -> str | None:
    """What "Pflicht oder Lust?" means under these rules before a soloist is chosen."""
    if not rules.pflichtsolo:
        return None
    if rules.first_solo_is_pflicht:
        return _("Das erste Solo eines Spielers ist sein Pflichtsolo; als Lustsolo "
                 "eingetragen bleibt das Pflichtsolo offen.")
    return _("„Wie es sich ergibt“ heißt: Pflicht nur für den, der gerade mit dem "
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
    who = {"soloist": soloist, "soloists": genitive(soloist)}
    if not owes:
        if choice:
            return _("%(soloist)s hat kein Pflichtsolo mehr offen: es lässt sich nur als Lust "
                     "eintragen.") % who
        return _("%(soloist)s hat das Pflichtsolo schon gespielt: dieses Solo zählt als "
                 "Lust.") % who
    if choice is None:
        if rules.first_solo_is_pflicht:
            return _("Das erste Solo ist das Pflichtsolo: für %(soloist)s zählt es als "
                     "Pflicht.") % who
        if forced == soloist:
            return _("Wie es sich ergibt: %(soloist)s ist mit dem Pflichtsolo dran, also zählt "
                     "es als Pflicht.") % who
        return _("Wie es sich ergibt: %(soloist)s ist gerade nicht mit dem Pflichtsolo dran, "
                 "also zählt es als Lust, und das Pflichtsolo bleibt offen.") % who
    if choice:
        return _("Als Pflicht eingetragen: es ist das Pflichtsolo von %(soloist)s.") % who
    if forced == soloist:
        return _("Lust statt Pflicht: %(soloist)s ist mit dem Pflichtsolo dran, doch als "
                 "Lustsolo eingetragen bleibt %(soloists)s Pflichtsolo offen.") % who
    if rules.first_solo_is_pflicht:
        return _("Als Lustsolo eingetragen zählt es nicht als Pflicht, obwohl %(soloist)s das "
                 "Pflichtsolo noch offen hat: %(soloists)s Pflichtsolo bleibt offen.") % who
    return _("Als Lustsolo eingetragen: das Pflichtsolo von %(soloist)s bleibt offen.") % who


def _bock_summary(rules: HouseRules) -> list[str]:
    """The sentences on Bock: when it comes, how rounds meet, what it does (§7, §9)."""
    if not rules.bock_triggers:
        return [_("Ohne Bockrunden.")]
    why = names([_(TRIGGER_PHRASES[t]) if t is not BockTrigger.TIE_120 else TRIGGER_PHRASES[t]
                 for t in rules.bock_triggers])
    how = _(STACKING_SENTENCES[rules.bock_stacking])
    # A Bock round counts only the games after which the dealer moves on (RULES.md §7): a
    # solo extends it only where the dealer stays after a solo.
    lines = [_("Bock gibt es bei %(why)s; %(how)s.") % {"why": why, "how": how},
             _("Eine Bockrunde dauert so viele Spiele, wie Spieler am Tisch sitzen; ein Spiel, "
               "nach dem derselbe Geber noch einmal gibt, zählt dabei nicht mit.")]
    if rules.bock_stacking is BockStacking.MULTIPLY and rules.bock_cap:
        lines.append(_("Bock höchstens ×%(cap)s; darüber reicht die Runde ein Spiel "
                       "weiter.") % {"cap": rules.bock_cap})
    if rules.bock_effect is BockEffect.ADD:
        lines.append(_("Bock verdoppelt nicht: der Gewinner bekommt je Bock-Stufe 2 Punkte "
                       "dazu."))
    if rules.bock_pause_forced:
        lines.append(_("Vorgeführte Pflichtsoli werden ohne Bock gespielt; die Bockspiele "
                       "warten."))
    lines.append(_(BOCK_AT_END_SENTENCES[rules.bock_at_end]))
    return lines


BOCK_AT_END_SENTENCES = {
    BockAtEnd.DROP: N_("Bockspiele, die am Ende des Abends noch offen sind, verfallen."),
    BockAtEnd.PLAY_OUT: N_("Bockspiele, die nach den geplanten Spielen noch offen sind, "
                           "werden noch gespielt, dann ist der Abend fertig."),
    BockAtEnd.CARRY: N_("Bockspiele, die am Ende des Abends noch offen sind, gehen in den "
                        "nächsten Abend der Runde mit."),
}
"""RULES.md §10.2 in one sentence each, for the rule summary."""


def describe_rules(rules: HouseRules) -> tuple[str, dict[str, str]]:
    """The closest preset's label and the options that differ from it, in the language
    spoken now."""
    name = closest_preset(rules)
    diff = differences(rules, PRESETS[name])
    return preset_label(name), {option_label(k): format_value(k, v) for k, v in diff.items()}


def deviation_text(rules: HouseRules) -> str | None:
    """The house rules in one line, as the sheet and the PDF both print them: "Abweichend
    von Bockrunde: Kartenzahl: 40 · Bock-Obergrenze: ×8"; None when the rules are a preset's
    own (an option merely listed in another order is no deviation)."""
    preset, changes = describe_rules(rules)
    if not changes:
        return None
    return _("Abweichend von %(preset)s: %(changes)s") % {
        "preset": preset, "changes": " · ".join(f"{k}: {v}" for k, v in changes.items())}


__all__ = [
    "ANY_PLAN",
    "BOCK_AT_END_SENTENCES",
    "DECK_LABELS",
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
    "VALUE_LABELS",
    "deck_label",
    "describe_rules",
    "deviation_text",
    "extra_label",
    "format_value",
    "kind_label",
    "level_label",
    "option_help",
    "option_label",
    "pflicht_decision",
    "pflicht_help",
    "preset_label",
    "solo_label",
    "summary",
    "trigger_label",
    "value_label",
]
