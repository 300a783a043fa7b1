"""The words of a sheet row, field by field: kind, winner, breakdown, who called, and what the
table must know about the game. ``scorer.words.rows`` puts them together into the row model
that the evening page, the entry form's live preview, the delete confirmation, the CSV and the
PDF all read, so that they never disagree.

Pure: imports only the standard library and the core. Nothing here computes a point:
everything comes from the ledger the core folded.

The notes of a row say, in one sentence each, what the table could not see from the points:
what happened when somebody had to play a Pflichtsolo (RULES.md §7 "the ledger accepts
whatever game was actually played"), how a Pflicht/Lust question was decided, why the
dealer deals again or moves on, and whether other players played than the rotation named.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import NamedTuple

from scorer.core.evening import Ledger, LedgerGame, bock_runs, games_ahead
from scorer.core.rules import (
    BockAtEnd,
    BockTrigger,
    DealerAfterRedeal,
    DealerAfterSolo,
    GameKind,
    HouseRules,
    PflichtsoloForced,
)
from scorer.core.scoring import (
    GameFacts,
    Level,
    Line,
    Party,
    trickless_party,
    zero_eyes_party,
)
from scorer.words.breakdown import line_label, line_text
from scorer.words.explain import (
    EXTRA_LABELS,
    KIND_LABELS,
    LEVEL_LABELS,
    SOLO_LABELS,
    TRIGGER_LABELS,
)
from scorer.words.german import genitive, names
from scorer.words.i18n import N_, _, language, ngettext, pgettext
from scorer.words.short_names import short_names as prefixes
from scorer.words.spoken import Spoken

MARKERS = {
    GameKind.NORMAL: "",
    GameKind.HOCHZEIT: "H",
    GameKind.ARMUT: "A",
    GameKind.SOLO: "S",
    GameKind.STILLE_HOCHZEIT: "sH",
    GameKind.HAMMELRENNEN: "HR",
    GameKind.SCHWARZE_SAU: "SS",
    GameKind.REDEAL: "NG",
    GameKind.RECORDED: "E",
}
"""Short markers for the sheet's kind column; "P" marks a Pflichtsolo."""

LEGEND = (("S", N_("Solo")), ("P", N_("Pflichtsolo")), ("H", N_("Hochzeit")),
          ("sH", N_("Stille Hochzeit")), ("A", N_("Armut")), ("HR", N_("Hammelrennen")),
          ("SS", N_("Schwarze Sau")), ("NG", N_("neu gegeben")), ("E", N_("Punkte eingetragen")))
"""The kind markers and what they stand for, in the order the sheet's legend lists them
(German, marked; ``legend()`` says them)."""

OFF_ROTATION = N_("anders besetzt als laut Zettel")
"""What a row says when other players played than the rotation named (German, marked;
``off_rotation()`` says it)."""


@cache
def _marks(spoken: str) -> dict[str, str]:
    """The kind markers of ``spoken``: the letters stand for words of the language ("NG":
    neu gegeben, "R": redeal; "P": Pflichtsolo, "M": mandatory solo)."""
    return {"": "", "S": pgettext("marker", "S"), "P": pgettext("marker", "P"),
            "H": pgettext("marker", "H"), "sH": pgettext("marker", "sH"),
            "A": pgettext("marker", "A"), "HR": pgettext("marker", "HR"),
            "SS": pgettext("marker", "SS"), "NG": pgettext("marker", "NG"),
            "E": pgettext("marker", "E")}


def mark(letters: str) -> str:
    """A kind marker (MARKERS, "P") in the language spoken now."""
    return _marks(language())[letters]


def legend() -> tuple[tuple[str, str], ...]:
    """The kind markers and what they stand for, in the language spoken now."""
    return tuple((mark(letters), _(word)) for letters, word in LEGEND)


def off_rotation() -> str:
    """What a row says when other players played than the rotation named, in the language
    spoken now: "anders besetzt als laut Zettel"."""
    return _(OFF_ROTATION)


SPOKEN_LEGEND = Spoken(legend)
"""``legend()`` as a page reads it once the app has started (a template global): said in
each page's language."""
SPOKEN_OFF_ROTATION = Spoken(off_rotation)
"""``off_rotation()`` as a template global, said in each page's language."""
OFF_ROTATION_MARK = "*"
"""The mark after the number of such a row."""

_PLAYED = {
    GameKind.NORMAL: N_("ein Normalspiel"),
    GameKind.HOCHZEIT: N_("eine Hochzeit"),
    GameKind.ARMUT: N_("eine Armut"),
    GameKind.STILLE_HOCHZEIT: N_("eine stille Hochzeit"),
    GameKind.HAMMELRENNEN: N_("ein Hammelrennen"),
    GameKind.SCHWARZE_SAU: N_("eine Schwarze Sau"),
}
"""A kind with its article, as in "gespielt wurde ein Normalspiel"."""


def marker(game: LedgerGame) -> str:
    """The kind column: "P" for a Pflichtsolo, else the kind's marker."""
    return mark("P" if game.pflicht else MARKERS[game.facts.kind])


def kind_word(game: LedgerGame, rules: HouseRules) -> str:
    """The kind in a word. A solo is "Pflichtsolo" or "Lustsolo" where the rules have a
    Pflichtsolo, else just "Solo"."""
    facts = game.facts
    if facts.kind is GameKind.SOLO:
        if game.pflicht:
            return _("Pflichtsolo")
        return _("Lustsolo") if rules.pflichtsolo else _("Solo")
    if facts.kind is GameKind.HOCHZEIT and len(facts.re) == 1:
        return _("Hochzeit ohne Partner")
    return _(KIND_LABELS[facts.kind])


def solo_label(game: LedgerGame) -> str:
    """Which solo was played: "Damensolo"; "" for any other game, or a solo entered without
    its kind."""
    solo = game.facts.solo
    return _(SOLO_LABELS[solo]) if game.facts.kind is GameKind.SOLO and solo is not None else ""


def kind_who(game: LedgerGame) -> str:
    """Who the kind names: the soloist, who married alone (a Hochzeit without partner, a
    stille Hochzeit), who had the Schwarze Sau, the Hammelrennen's winner; "" for the others."""
    facts = game.facts
    kind = facts.kind
    if kind is GameKind.SOLO:
        return facts.re[0]
    if kind is GameKind.HOCHZEIT and len(facts.re) == 1:
        return facts.re[0]
    if kind in (GameKind.STILLE_HOCHZEIT, GameKind.SCHWARZE_SAU):
        return facts.re[0]
    if kind is GameKind.HAMMELRENNEN and game.score.winner:
        return game.score.winner
    return ""


def says_pflicht_or_lust(game: LedgerGame, rules: HouseRules) -> bool:
    """Whether the kind's word is "Pflichtsolo" or "Lustsolo" (kind_word): a solo under rules
    with a Pflichtsolo. Such a word is no solo's name, so the solo's own label is said
    beside it (kind_head)."""
    return game.facts.kind is GameKind.SOLO and (game.pflicht or rules.pflichtsolo)


def kind_detail(game: LedgerGame) -> str:
    """Which solo and who played alone: "Damensolo · Ben", "Ben", ""."""
    return detail_text(solo_label(game), kind_who(game))


def detail_text(solo: str, who: str) -> str:
    """Which solo and who played alone, from their parts: "Damensolo · Ben", "Ben", "".

    >>> detail_text("Damensolo", "Ben"), detail_text("", "Ben"), detail_text("", "")
    ('Damensolo · Ben', 'Ben', '')
    """
    return f"{solo} · {who}" if solo else who


def kind_text(game: LedgerGame, rules: HouseRules) -> str:
    """The kind as a headline: "Pflichtsolo (Damensolo)", "Hochzeit ohne Partner"."""
    return kind_headline(kind_word(game, rules), solo_label(game))


def kind_headline(kind: str, solo: str) -> str:
    """The kind word with the solo's label, as a headline says it.

    >>> kind_headline("Pflichtsolo", "Damensolo"), kind_headline("Hochzeit", "")
    ('Pflichtsolo (Damensolo)', 'Hochzeit')
    """
    return _("%(kind)s (%(solo)s)") % {"kind": kind, "solo": solo} if solo else kind


def kind_head(kind: str, solo: str, who: str, pflicht_or_lust: bool) -> str:
    """The kind and who, once each, as a printed row's bold head: a solo's label is its
    kind ("Damensolo · Dora", not "Solo Damensolo · Dora") unless the kind word says how the
    solo counts (says_pflicht_or_lust).

    >>> kind_head("Solo", "Damensolo", "Dora", False)
    'Damensolo · Dora'
    >>> kind_head("Pflichtsolo", "Kreuz-Solo", "Ben", True)
    'Pflichtsolo (Kreuz-Solo) · Ben'
    >>> kind_head("Stille Hochzeit", "", "Cem", False), kind_head("neu gegeben", "", "", False)
    ('Stille Hochzeit · Cem', 'neu gegeben')
    """
    if solo:
        if not pflicht_or_lust:
            return f"{solo} · {who}"
        return _("%(kind)s (%(solo)s)") % {"kind": kind, "solo": solo} + f" · {who}"
    return f"{kind} · {who}" if who else kind


def called_text(kind: GameKind, re: Sequence[str], caller: str | None) -> str:
    """Who called a Hochzeit with a partner or had the Armut, and who joined them, as the
    sheet, the PDF and the history say it; "" where the entry does not say.

    >>> called_text(GameKind.ARMUT, ("Ben", "Anna"), "Anna")
    'Armut: Anna, mitgenommen von Ben'
    >>> called_text(GameKind.HOCHZEIT, ("Anna", "Cem"), "Cem")
    'Hochzeit: Cem, Partner Anna'
    >>> called_text(GameKind.HOCHZEIT, ("Cem",), "Cem"), called_text(GameKind.ARMUT, ("A", "B"), None)
    ('', '')
    """
    return called_words(kind, *called_parts(kind, re, caller))


def called_parts(kind: GameKind, re: Sequence[str], caller: str | None) -> tuple[str, str]:
    """(who called the Hochzeit or had the Armut, who joined them); ("", "") where the entry
    does not say, for a Hochzeit without partner (its kind says so) and for other kinds."""
    others = [p for p in re if p != caller]
    if (kind not in (GameKind.ARMUT, GameKind.HOCHZEIT) or caller is None or caller not in re
            or len(others) != 1):
        return "", ""
    return caller, others[0]


def called_words(kind: GameKind, caller: str, partner: str, kind_said: bool = True) -> str:
    """Who called and who joined, from their parts (called_parts); with ``kind_said``
    False without the kind, for a row whose head names it already.

    >>> called_words(GameKind.ARMUT, "Anna", "Ben", kind_said=False)
    'Anna, mitgenommen von Ben'
    >>> called_words(GameKind.HOCHZEIT, "Cem", "Anna", kind_said=False)
    'Cem, Partner Anna'
    """
    if not caller:
        return ""
    who = {"caller": caller, "partner": partner}
    if kind is GameKind.ARMUT:
        return (_("Armut: %(caller)s, mitgenommen von %(partner)s") % who if kind_said
                else _("%(caller)s, mitgenommen von %(partner)s") % who)
    if kind is GameKind.HOCHZEIT:
        return (_("Hochzeit: %(caller)s, Partner %(partner)s") % who if kind_said
                else _("%(caller)s, Partner %(partner)s") % who)
    return ""


def parties_text(game: LedgerGame, rules: HouseRules) -> str:
    """Re and Kontra with their Augen, as the table argues about them: "Re Anna, Cem 151 :
    89 Kontra Ben, Dora"; where a party has 0 Augen, whether it is schwarz (schwarz_text).
    Each player's Augen in a Hammelrennen; "" after a redeal.

    >>> from scorer.core.evening import evening
    >>> ledger = evening({"rules": "ddv", "seats": ["Anna", "Ben", "Cem", "Dora"],
    ...     "games": [{"re": ["Anna", "Cem"], "re_eyes": 240, "trickless": "kontra"}]})
    >>> parties_text(ledger.games[0], ledger.setup.rules)
    'Re Anna, Cem 240 : 0 Kontra Ben, Dora · Kontra schwarz (kein Stich)'
    """
    facts = game.facts
    if facts.eyes is not None:
        return " · ".join(f"{p} {facts.eyes[p]}" for p in facts.players)
    if not facts.re or facts.re_eyes is None:
        return ""
    kontra = [p for p in facts.players if p not in facts.re]
    text = (f"Re {', '.join(facts.re)} {facts.re_eyes} : {240 - facts.re_eyes} "
            f"Kontra {', '.join(kontra)}")
    schwarz = schwarz_text(facts, rules)
    return f"{text} · {schwarz}" if schwarz else text


def schwarz_text(facts: GameFacts, rules: HouseRules) -> str:
    """The answer to the schwarz question where Augen alone do not give it: "Kontra schwarz
    (kein Stich)", or with 48 cards "Kontra nicht schwarz (Stich mit 0 Augen)" (four
    nines); "" when no party has 0 Augen."""
    party = trickless_party(facts, rules)
    if party is not None:
        return _("%(party)s schwarz (kein Stich)") % {"party": PARTY_NAMES[party]}
    zero = zero_eyes_party(facts, rules)
    if zero is not None:
        return _("%(party)s nicht schwarz (Stich mit 0 Augen)") % {"party": PARTY_NAMES[zero]}
    return ""


def announced_text(facts: GameFacts) -> str:
    """What was said, in words: "Re keine 90, Kontra", "Re 2× Doppelt"; "" for nothing."""
    out = []
    for party, level, doppelt in ((Party.RE, facts.re_level, facts.re_doppelt),
                                  (Party.KONTRA, facts.kontra_level, facts.kontra_doppelt)):
        name = PARTY_NAMES[party]
        if level is Level.ANSAGE:
            out.append(name)
        elif level is not Level.NONE:
            out.append(f"{name} {_(LEVEL_LABELS[level.value])}")
        if doppelt:
            out.append(_("%(party)s %(count)s× Doppelt") % {"party": name, "count": doppelt})
    return ", ".join(out)


def said_text(announced: str) -> str:
    """What was said, as a row says it after the parties: "angesagt: Re keine 90"; "" for
    nothing (announced_text)."""
    return _("angesagt: %(announced)s") % {"announced": announced} if announced else ""


def game_text(called: str, parties: str, said: str) -> str:
    """A game's words after a head that names its kind: who called (called_words without
    the kind), who played with how many Augen (parties_text), what was said (said_text).

    >>> game_text("Cem, Partner Anna", "Re Anna, Cem 151 : 89 Kontra Ben, Dora", "")
    'Cem, Partner Anna · Re Anna, Cem 151 : 89 Kontra Ben, Dora'
    """
    return " · ".join(filter(None, [called, parties, said]))


def hammelrennen_kind(kind: str, eyes: str) -> str:
    """A Hammelrennen's kind with everybody's Augen (parties_text), as one cell says it:
    "Hammelrennen (Anna 130 · Ben 50 · Cem 30 · Dora 30)"."""
    return f"{kind} ({eyes})"


def note_sentence(note: str | None) -> str:
    """A game's note among the row's sentences: "Notiz: Augen gewählt: 130"; "" for none."""
    return _("Notiz: %(note)s") % {"note": note} if note else ""


def extras_text(facts: GameFacts) -> str:
    """Sonderpunkte as entered: "Re: Fuchs gefangen, 2× Doppelkopf · Kontra: Karlchen"."""
    out = []
    for party, extras in ((Party.RE, facts.re_extras), (Party.KONTRA, facts.kontra_extras)):
        named = [f"{n}× {_(EXTRA_LABELS[e])}" if n > 1 else _(EXTRA_LABELS[e])
                 for e, n in extras.items() if n]
        if named:
            out.append(f"{PARTY_NAMES[party]}: {', '.join(named)}")
    return " · ".join(out)


def winner_text(game: LedgerGame) -> str:
    """Who won, in the table's words."""
    winner = game.score.winner
    facts = game.facts
    if facts.kind is GameKind.REDEAL:
        return _("keine Punkte")
    if facts.kind is GameKind.RECORDED:
        return _("Punkte wie eingetragen")
    if winner is None:
        return _("niemand gewinnt")
    if winner == "re":
        return (_("%(name)s gewinnt") % {"name": facts.re[0]} if facts.scored_as_solo
                else _("Re gewinnt"))
    if winner == "kontra":
        return _("Kontra gewinnt")
    return _("%(name)s gewinnt") % {"name": winner}


def breakdown(game: LedgerGame) -> str:
    """The core's lines as the sheet and the preview word them; "" for a redeal, which has
    nothing to add to its kind.

    When every point goes to the winner the lines are simply listed ("gewonnen +1 · keine 90
    abgesagt +1 · Bock ×2"). When points go to both parties, or nobody won, each party's
    points are grouped under its name, the winner's first, so that a caught fox is never
    read as the winner's: "Re: gewonnen +1 · Kontra: Fuchs gefangen +1 · Bock ×2".
    A Hammelrennen opens with what decided it, after its kind (kind_note).
    """
    return breakdown_text(_(KIND_LABELS[game.facts.kind]), kind_note(game),
                          breakdown_parts(game))


def breakdown_text(kind: str, note: str, parts: Sequence[str]) -> str:
    """The breakdown from its parts (breakdown_parts), after the kind's own ``note`` where
    there is one (kind_note).

    >>> breakdown_text("Hammelrennen", "Anna hat mehr als 120 Augen", ["gewonnen +1"])
    'Hammelrennen: Anna hat mehr als 120 Augen · gewonnen +1'
    """
    return " · ".join([f"{kind}: {note}", *parts] if note else parts)


def kind_note(game: LedgerGame) -> str:
    """What a kind's own rule decided, where the core's breakdown opens with it: who won a
    Hammelrennen and why (RULES.md §5: more than 120 Augen, or closest to 60); "" for any
    other game.

    >>> from scorer.core.evening import evening
    >>> ledger = evening({"rules": "voss", "seats": ["Anna", "Ben", "Cem", "Dora"], "games": [
    ...     {"kind": "hammelrennen", "eyes": {"Anna": 130, "Ben": 50, "Cem": 30, "Dora": 30}},
    ...     {"kind": "hammelrennen", "eyes": {"Anna": 70, "Ben": 50, "Cem": 60, "Dora": 60}}]})
    >>> [kind_note(game) for game in ledger.games]
    ['Anna hat mehr als 120 Augen', 'Gleichstand am nächsten an 60: niemand gewinnt']
    """
    facts = game.facts
    if facts.kind is not GameKind.HAMMELRENNEN or facts.eyes is None:
        return ""
    winner = game.score.winner
    if winner is None:
        return _("Gleichstand am nächsten an 60: niemand gewinnt")
    if facts.eyes[winner] > 120:  # the core's winner is the one over 120 where there is one
        return _("%(name)s hat mehr als 120 Augen") % {"name": winner}
    return _("%(name)s kommt 60 Augen am nächsten") % {"name": winner}


def breakdown_parts(game: LedgerGame) -> tuple[str, ...]:
    """The breakdown part by part, as breakdown joins them: the core's lines, or grouped
    under each party's name (by_party); a recorded game's note (or "übernommen", RULES.md
    §10.1); nothing for a redeal. Without a Hammelrennen's opening line (kind_note)."""
    kind = game.facts.kind
    if kind is GameKind.REDEAL:
        return ()
    if kind is GameKind.RECORDED:
        return (line_label(game.score.lines[0].label),)  # the note, or "übernommen"
    lines = game.score.lines[1:] if kind is GameKind.HAMMELRENNEN else game.score.lines
    if not by_party(game):
        return tuple(line_text(line) for line in lines)
    credited = _credited(game)
    winner = game.score.winner
    order = [Party.KONTRA, Party.RE] if winner == Party.KONTRA.value else [Party.RE, Party.KONTRA]
    groups = []
    for party in order:
        own = [line_text(line) for line in credited if line.party is party]
        if own:
            groups.append(f"{PARTY_NAMES[party]}: {', '.join(own)}")
    rest = [line_text(line) for line in lines if line not in credited]
    return (*groups, *rest)


def _credited(game: LedgerGame) -> list[Line]:
    return [line for line in game.score.lines
            if line.points is not None and line.party is not None]


def by_party(game: LedgerGame) -> bool:
    """Whether the breakdown groups the points under each party's name: points go to both
    parties, or nobody won (breakdown)."""
    winner = game.score.winner
    return not all(line.party == winner for line in _credited(game))  # Party is a str enum


def winner_first(game: LedgerGame) -> bool:
    """Whether a party won while the breakdown names no party: after a head like "Kreuz-Solo ·
    Cem:" a bare "gewonnen +1" reads as Cem's win when Kontra had won, so the winner is said
    before it (result_text)."""
    kind = game.facts.kind
    return (kind not in (GameKind.REDEAL, GameKind.RECORDED, GameKind.HAMMELRENNEN)
            and game.score.winner is not None and not by_party(game))


def result_text(winner: str, note: str, parts: Sequence[str], winner_first: bool,
                bock_reasons: str) -> str:
    """A game's result in one line, after a head that names its kind: who won where the
    breakdown does not say (winner_first), what the kind's rule decided (kind_note), the
    breakdown's parts, and why the game starts a Bock round; who won alone where there is no
    breakdown (a redeal: "keine Punkte").

    >>> result_text("Kontra gewinnt", "", ["gewonnen +1", "Solist zählt dreifach"], True, "")
    'Kontra gewinnt · gewonnen +1 · Solist zählt dreifach'
    >>> result_text("Anna gewinnt", "Anna hat mehr als 120 Augen", ["gewonnen +1"], False, "")
    'Anna hat mehr als 120 Augen · gewonnen +1'
    """
    said = [note, *parts] if note else list(parts)
    if not said:
        said = [winner]
    elif winner_first:
        said.insert(0, winner)
    if bock_reasons:
        said.append(bock_reasons)
    return " · ".join(said)


PARTY_NAMES = {Party.RE: "Re", Party.KONTRA: "Kontra"}
"""The parties in the table's words."""


def game_numbers(numbers: Sequence[int]) -> str:
    """Game numbers in a row: "3, 7" (German, as the sheet always wrote them) / "3 and 7"."""
    if len(numbers) < 2:
        return ", ".join(map(str, numbers))
    return pgettext("list of game numbers", "%(rest)s, %(last)s") % {
        "rest": ", ".join(map(str, numbers[:-1])), "last": numbers[-1]}


def bock_factor(game: LedgerGame) -> int:
    """The Bock factor a row shows: the game's, but 1 for a redeal, which has no points to
    multiply and uses up no Bock game (RULES.md §7: the dealer deals again)."""
    return 1 if game.facts.kind is GameKind.REDEAL else game.bock


def bock_reasons(game: LedgerGame) -> str:
    """Why this game starts a Bock round, or "": "löst Bock aus: 120:120, verlorenes
    Re/Kontra"."""
    reasons = game.score.bock_reasons
    if not reasons:
        return ""
    return _("löst Bock aus: %(reasons)s") % {
        "reasons": ", ".join(_(TRIGGER_LABELS[r]) if r is not BockTrigger.TIE_120
                             else TRIGGER_LABELS[r] for r in reasons)}


def bock_summary(ledger: Ledger, closed: bool = False) -> tuple[str, ...]:
    """The evening's Bock in a few words, for the sheet and the PDF alike: the Bock games
    played (scored games with a factor above 1, see bock_factor), where rounds were
    started, and what is still to come, or on a ``closed`` evening what was left open at
    its end (bock_at_end_text says what becomes of it). Empty when the rules have no Bock
    and none was played."""
    games = ledger.games
    played = sum(1 for g in games if bock_factor(g) > 1)
    triggered = [g.number for g in games if g.score.bock_reasons]
    brought = len(ledger.setup.bock_queue_start)
    if not (ledger.setup.rules.bock_triggers or played or brought):
        return ()
    out = [ngettext("%(num)d Bockspiel gespielt", "%(num)d Bockspiele gespielt", played)
           % {"num": played} if played else _("Keine Bockspiele gespielt")]
    if brought:
        out.append(ngettext("%(num)d Bockspiel aus dem letzten Abend mitgebracht",
                            "%(num)d Bockspiele aus dem letzten Abend mitgebracht", brought)
                   % {"num": brought})
    if triggered:
        out.append(ngettext("ausgelöst in Spiel %(numbers)s", "ausgelöst in Spiel %(numbers)s",
                            len(triggered)) % {"numbers": game_numbers(triggered)})
    if not ledger.bock_queue:
        out.append(_("Keine Bockspiele offen"))
    elif closed:
        out.append(_("Beim Ende offen: %(games)s") % {"games": _bock_runs(ledger.bock_queue)})
    else:
        out.append(bock_queue_text(ledger.bock_queue, capital=True))
    return tuple(out)


def bock_queue_text(queue: Sequence[int], capital: bool = False) -> str:
    """The coming Bock games in the language spoken now: "noch 3 Bockspiele ×2, danach 5 ×4"
    (``capital``: "Noch 3 …", as a sentence of its own starts); "keine Bockspiele" for none.

    >>> bock_queue_text((2, 2, 2, 4, 4, 4, 4, 4))
    'noch 3 Bockspiele ×2, danach 5 ×4'
    """
    if not queue:
        return _("keine Bockspiele")
    if capital:
        return _("Noch %(games)s") % {"games": _bock_runs(queue)}
    return _("noch %(games)s") % {"games": _bock_runs(queue)}


def _bock_runs(queue: Sequence[int]) -> str:
    """The Bock games of a queue by factor: "3 Bockspiele ×2, danach 5 ×4"."""
    (factor, count), *rest = bock_runs(queue)
    text = ngettext("%(num)d Bockspiel ×%(factor)s", "%(num)d Bockspiele ×%(factor)s",
                    count) % {"num": count, "factor": factor}
    for factor, count in rest:
        text += _(", danach %(count)s ×%(factor)s") % {"count": count, "factor": factor}
    return text


def short_names(players: Sequence[str]) -> dict[str, str]:
    """A short form of each name for narrow columns (the sheet's column heads, the dealer
    under "Art", the PDF's dealer): the shortest start that tells the players at the table
    apart, at least three letters (scorer.words.short_names), so never a mark of the
    legend (two letters at most) unless that is somebody's whole name: under "Art" a lone
    "A" would read as Armut.

    >>> short_names(["Anna", "Ben", "Alex", "Cem"])
    {'Anna': 'Anna', 'Ben': 'Ben', 'Alex': 'Alex', 'Cem': 'Cem'}
    >>> short_names(["Markus", "Martin", "Sabine"])
    {'Markus': 'Mark', 'Martin': 'Mart', 'Sabine': 'Sab'}
    """
    return prefixes(players)


def forced_sentence(game: LedgerGame) -> str | None:
    """What happened in a game for which a forced soloist was named (RULES.md §7), or None."""
    forced = game.forced_soloist
    if forced is None:
        return None
    facts = game.facts
    kind = facts.kind
    who = {"forced": forced, "forceds": genitive(forced)}
    if kind is GameKind.REDEAL:
        return _("Neu gegeben: %(forceds)s Pflichtsolo bleibt offen.") % who
    if kind is GameKind.RECORDED:
        return _("%(forced)s war mit dem Pflichtsolo dran, eingetragen wurden Punkte: "
                 "%(forceds)s Pflichtsolo bleibt offen.") % who
    if kind is not GameKind.SOLO:
        played = _(_PLAYED[kind])
        if kind is GameKind.HOCHZEIT and len(facts.re) == 1:
            played = _("eine Hochzeit ohne Partner")
        return _("%(forced)s war mit dem Pflichtsolo dran, gespielt wurde %(played)s: "
                 "%(forceds)s Pflichtsolo bleibt offen.") % {**who, "played": played}
    soloist = facts.re[0]
    if soloist == forced:
        if game.pflicht:
            return _("%(forced)s war mit dem Pflichtsolo dran und hat es gespielt.") % who
        return _("%(forced)s war mit dem Pflichtsolo dran, hat aber ein Lustsolo gespielt: "
                 "%(forceds)s Pflichtsolo bleibt offen.") % who
    if game.pflicht:
        return _("%(forced)s war mit dem Pflichtsolo dran, gespielt wurde das Pflichtsolo von "
                 "%(soloist)s: %(forceds)s Pflichtsolo bleibt offen.") % {
                     **who, "soloist": soloist}
    return _("%(forced)s war mit dem Pflichtsolo dran, gespielt wurde ein Lustsolo von "
             "%(soloist)s: %(forceds)s Pflichtsolo bleibt offen.") % {**who, "soloist": soloist}


def forced_bock_sentence(game: LedgerGame) -> str | None:
    """Why a game for which a forced soloist was named counts Bock (RULES.md §9.7: only
    ``bock_pause_forced`` keeps Bock away from it), or None: a table expects a forced
    Pflichtsolo outside the Bock round it interrupts."""
    bock = bock_factor(game)
    if game.forced_soloist is None or bock == 1:
        return None
    return _("Vorgeführt und trotzdem Bock ×%(bock)s: die Bockrunde läuft weiter (keine "
             "Bockpause bei vorgeführten Pflichtsoli).") % {"bock": bock}


def recorded_bock_sentence(bock: int) -> str:
    """What entered points do to a Bock game (RULES.md §10.1): they count as written, and
    the Bock game is played.

    >>> recorded_bock_sentence(2)
    'Auf einem Bockspiel (×2) eingetragen: die Punkte zählen wie geschrieben, nicht verdoppelt, und das Bockspiel ist damit gespielt.'
    """
    return _("Auf einem Bockspiel (×%(bock)s) eingetragen: die Punkte zählen wie geschrieben, "
             "nicht verdoppelt, und das Bockspiel ist damit gespielt.") % {"bock": bock}


def dealer_sentence(game: LedgerGame, rules: HouseRules, in_a_row: int,
                    deals_again: bool | None = None) -> str | None:
    """Why the dealer deals again or, unusually, moves on (RULES.md §7), or None when the
    dealer simply moves on. ``in_a_row`` counts the announced solos in a row after which
    this dealer stayed, this game included (stay_until_third). ``deals_again`` is whether
    the same dealer really deals the next game: a table change after the game may seat
    somebody else (None: as the rules say)."""
    kind = game.facts.kind
    dealer = game.dealer
    stays = game.dealer_stays if deals_again is None else deals_again
    if stays != game.dealer_stays:
        return None  # the table change after this game says who deals
    if kind is GameKind.REDEAL:
        if rules.dealer_after_redeal is DealerAfterRedeal.STAY and stays:
            return _("%(dealer)s gibt noch einmal.") % {"dealer": dealer}
        return None
    if kind is GameKind.RECORDED:
        return (_("%(dealer)s gibt noch einmal, wie eingetragen.") % {"dealer": dealer}
                if stays else None)
    mode = rules.dealer_after_solo
    if kind is not GameKind.SOLO:
        # Scored as a solo, yet a normal game for the dealer (RULES.md §7, TSR 4.4): said
        # where the rules keep the dealer after a solo, since the row reads like one.
        alone = kind is GameKind.STILLE_HOCHZEIT or (
            kind is GameKind.HOCHZEIT and len(game.facts.re) == 1)
        if alone and not stays and mode in (DealerAfterSolo.STAY,
                                            DealerAfterSolo.STAY_UNTIL_THIRD):
            return (_("Eine stille Hochzeit zählt für den Geber nicht als angesagtes Solo: der "
                      "Geber wechselt.") if kind is GameKind.STILLE_HOCHZEIT else
                    _("Eine Hochzeit ohne Partner zählt für den Geber nicht als angesagtes Solo: "
                      "der Geber wechselt."))
        return None
    if stays:
        if mode is DealerAfterSolo.STAY_UNTIL_THIRD:
            if in_a_row <= 1:
                return _("Nach dem Solo gibt %(dealer)s noch einmal (erst nach dem dritten Solo "
                         "in Folge wechselt der Geber).") % {"dealer": dealer}
            return _("Nach dem zweiten Solo in Folge gibt %(dealer)s noch einmal (nach dem "
                     "dritten wechselt der Geber).") % {"dealer": dealer}
        return (_("Nach dem Pflichtsolo gibt %(dealer)s noch einmal.") if game.pflicht else
                _("Nach dem Solo gibt %(dealer)s noch einmal.")) % {"dealer": dealer}
    if mode is DealerAfterSolo.ADVANCE:
        return None
    if (game.pflicht and game.forced_soloist is not None
            and rules.pflichtsolo_forced is PflichtsoloForced.WITHIN):
        if game.facts.re[0] == game.forced_soloist:
            return _("Das vorgeführte Pflichtsolo zählt als geplantes Spiel: der Geber "
                     "wechselt.")
        # RULES.md §7 counts any Pflichtsolo of a forced game as the forced one here.
        return _("Ein Pflichtsolo in einem vorgeführten Spiel zählt als geplantes Spiel: der "
                 "Geber wechselt.")
    if mode is DealerAfterSolo.STAY_UNTIL_THIRD:
        return _("Drittes Solo in Folge: der Geber wechselt.")
    if mode is DealerAfterSolo.STAY_PFLICHT:
        return _("Nach einem Lustsolo wechselt der Geber.")
    return None


def played_off_rotation(game: LedgerGame) -> bool:
    """Whether the entry named other players than the rotation (OFF_ROTATION)."""
    return set(game.players) != set(game.rotation_players)


def rotation_sentence(game: LedgerGame) -> str | None:
    """Who played instead of whom, when the entry named other players than the rotation."""
    if not played_off_rotation(game):
        return None
    expected = game.rotation_players
    came = [p for p in game.players if p not in expected]
    missed = [p for p in expected if p not in game.players]
    return ngettext("Anders besetzt als laut Zettel: %(came)s spielte statt %(missed)s.",
                    "Anders besetzt als laut Zettel: %(came)s spielten statt %(missed)s.",
                    len(came)) % {"came": names(came), "missed": names(missed)}


def owes_before(ledger: Ledger, number: int, player: str) -> bool:
    """Whether ``player`` still owed a Pflichtsolo when game ``number`` began (the next
    game's number asks about the coming game): seated, and none played before it."""
    games = ledger.games
    if number > len(games):
        return player in ledger.pflichtsolo_open
    game = games[number - 1]
    return (ledger.setup.rules.pflichtsolo and player in game.seats
            and not any(g.pflicht and g.facts.re[0] == player for g in games[:number - 1]))


def deletion_note(before: Ledger, after: Ledger, number: int) -> str | None:
    """What deleting game ``number`` does to the players of the games after it: each keeps
    the players entered for it, so where the rotation moves on they no longer match it.

    ``after`` is the evening folded without that game. None when no further game becomes
    anders besetzt.
    """
    moved = []
    for game in before.games[number:]:
        now = after.games[game.number - 2]
        was_off = set(game.players) != set(game.rotation_players)
        if not was_off and set(now.players) != set(now.rotation_players):
            moved.append(_("Spiel %(number)s (dann Spiel %(then)s)")
                         % {"number": game.number, "then": now.number})
    if not moved:
        return None
    return _("Nach dem Löschen anders besetzt als laut Zettel: %(games)s.") % {
        "games": names(moved)}


def plan_complete(ledger: Ledger) -> bool:
    """Whether the evening is done: every planned game counted, nobody forced to play a
    Pflichtsolo any more, and under ``play_out`` no Bock game left (RULES.md §10.2)."""
    return ledger.complete


def plan_text(ledger: Ledger) -> str | None:
    """Where the evening stands against its plan, or None without planned games."""
    planned = ledger.setup.planned_games
    if planned is None:
        return None
    if ledger.complete:
        done = []
        if planned:
            done.append(_("das geplante Spiel") if planned == 1
                        else _("alle %(planned)s geplanten Spiele") % {"planned": planned})
        if ledger.setup.rules.pflichtsolo:
            done.append(_("alle Pflichtsoli"))
        if ledger.setup.rules.bock_at_end is BockAtEnd.PLAY_OUT:
            done.append(_("alle Bockspiele"))
        if not done:
            return _("Der Abend ist fertig.")
        if len(done) == 1 and planned == 1:
            return _("Der Abend ist fertig: %(done)s ist gespielt.") % {"done": names(done)}
        return _("Der Abend ist fertig: %(done)s sind gespielt.") % {"done": names(done)}
    if ledger.plan_played:  # play_out: only Bock games are left
        left = len(ledger.bock_queue)
        return ngettext("Die geplanten Spiele sind gespielt; noch ein Bockspiel, dann ist "
                        "Schluss.",
                        "Die geplanten Spiele sind gespielt; noch %(num)d Bockspiele, dann ist "
                        "Schluss.", left) % {"num": left}
    if ledger.planned_played >= planned:
        return _("Die geplanten Spiele sind gespielt; jetzt die offenen Pflichtsoli.")
    extra = uncounted_text(ledger.games, planned)
    counted = {"played": ledger.planned_played, "planned": planned}
    if extra:
        return _("%(played)s von %(planned)s geplanten gezählt, dazu %(extra)s") % {
            **counted, "extra": extra}
    return _("%(played)s von %(planned)s geplanten gezählt") % counted


UNCOUNTED_WORDS = ("pflicht", "solo", "redeal", "recorded", "beyond")
"""Why a game does not count against the plan, in the order the sheet names them."""


def _uncounted(why: str, count: int) -> str:
    """``count`` games that do not count against the plan for one reason: "2 Pflichtsoli",
    "1 neu gegebenes Spiel" (all neuter in German: "das"/"die nicht mitzählen" fits every
    one)."""
    if why == "pflicht":
        return ngettext("%(num)d Pflichtsolo", "%(num)d Pflichtsoli", count) % {"num": count}
    if why == "solo":
        return ngettext("%(num)d Solo", "%(num)d Soli", count) % {"num": count}
    if why == "redeal":
        return ngettext("%(num)d neu gegebenes Spiel", "%(num)d neu gegebene Spiele",
                        count) % {"num": count}
    if why == "recorded":
        return ngettext("%(num)d übernommenes Spiel", "%(num)d übernommene Spiele",
                        count) % {"num": count}
    return ngettext("%(num)d Spiel über den Plan hinaus", "%(num)d Spiele über den Plan hinaus",
                    count) % {"num": count}


def counted_games(games: Sequence[LedgerGame], planned: int) -> tuple[int, dict[str, int]]:
    """How many of ``games`` count against ``planned`` games, and the others by why not
    (keys of ``UNCOUNTED_WORDS``). RULES.md §7: a game counts when the dealer advanced after
    it, so a Pflichtsolo the dealer stays for, a solo under ``stay`` or a redeal does not;
    §10.2: games after the plan are not planned games."""
    counted = 0
    others: dict[str, int] = {}
    for game in games:
        if not game.dealer_stays and counted < planned:
            counted += 1
            continue
        kind = game.facts.kind
        why = ("beyond" if not game.dealer_stays
               else "pflicht" if game.pflicht
               else "solo" if kind is GameKind.SOLO
               else "redeal" if kind is GameKind.REDEAL
               else "recorded")
        others[why] = others.get(why, 0) + 1
    return counted, others


def uncounted_text(games: Sequence[LedgerGame], planned: int) -> str | None:
    """The games on the sheet that do not count against the plan, and that they do not, so
    that a count of the sheet's rows and a count against the plan never seem to disagree;
    None when every game counts.

    ddv: the dealer stays after a Pflichtsolo the player chose (not forced) and after a
    redeal; neither is a planned game.

    >>> from scorer.core.evening import evening
    >>> ledger = evening({"rules": "ddv", "seats": ["A", "B", "C", "D"], "planned_games": 24,
    ...     "games": [{"re": ["A", "B"], "re_eyes": 130},
    ...               {"kind": "solo", "solo": "damen", "re": ["C"], "re_eyes": 130},
    ...               {"kind": "redeal"}]})
    >>> ledger.planned_played, uncounted_text(ledger.games, 24)
    (1, '1 Pflichtsolo und 1 neu gegebenes Spiel, die nicht mitzählen')
    """
    return _uncounted_words(counted_games(games, planned)[1])


def _uncounted_words(others: dict[str, int]) -> str | None:
    if not others:
        return None
    parts = [_uncounted(why, count) for why in UNCOUNTED_WORDS if (count := others.get(why, 0))]
    return ngettext("%(games)s, das nicht mitzählt", "%(games)s, die nicht mitzählen",
                    sum(others.values())) % {"games": names(parts)}


def games_text(games: Sequence[LedgerGame], planned: int) -> str:
    """An evening's games against its plan: "3 von 24 Spielen gezählt", and the games on
    its sheet that do not count (``uncounted_text``), so that the sheet's rows add up. The
    club pages and PDF say a table's progress in these words.

    >>> games_text((), 24)
    '0 von 24 Spielen gezählt'
    """
    counted, others = counted_games(games, planned)
    extra = _uncounted_words(others)
    text = ngettext("%(counted)s von %(num)d Spiel gezählt",
                    "%(counted)s von %(num)d Spielen gezählt", planned) % {
                        "counted": counted, "num": planned}
    return _("%(games)s, dazu %(extra)s") % {"games": text, "extra": extra} if extra else text


def bock_at_end_text(ledger: Ledger) -> str | None:
    """What becomes of the Bock games still queued when the evening ends (RULES.md §10.2),
    or None when none are queued: said at closing and on a closed evening's sheet and PDF."""
    left = len(ledger.bock_queue)
    if not left:
        return None
    mode = ledger.setup.rules.bock_at_end
    if mode is BockAtEnd.CARRY:
        return ngettext("Ein Bockspiel geht in den nächsten Abend der Runde mit.",
                        "%(num)d Bockspiele gehen in den nächsten Abend der Runde mit.",
                        left) % {"num": left}
    if mode is BockAtEnd.PLAY_OUT and not ledger.plan_played:
        return None  # they are played out once the plan is done
    return ngettext("Ein Bockspiel verfällt mit dem Ende des Abends.",
                    "%(num)d Bockspiele verfallen mit dem Ende des Abends.", left) % {"num": left}


def forced_notice(ledger: Ledger, later: int = 0, forced: str | None = None) -> str | None:
    """Why the next game is a forced Pflichtsolo, in a few words, or None when it is not:
    "noch 3 geplante Spiele, 3 Pflichtsoli offen". ``later``: for the game that many games
    after the next one, all moving the dealer on, whose forced soloist is ``forced``
    (games_ahead)."""
    if not later:
        forced = ledger.next.forced_soloist
    planned = ledger.setup.planned_games
    if forced is None or planned is None:
        return None
    left = planned - ledger.planned_played - later
    if left <= 0:
        return _("die geplanten Spiele sind gespielt")
    owed = len(ledger.pflichtsolo_open)
    games = ngettext("noch ein geplantes Spiel", "noch %(num)d geplante Spiele", left) % {
        "num": left}
    return ngettext("%(games)s, ein Pflichtsolo offen", "%(games)s, %(num)d Pflichtsoli offen",
                    owed) % {"games": games, "num": owed}


class ComingWords(NamedTuple):
    """A game after the next, as the sheet of a phone with waiting games shows it."""

    later: int
    """How many games after the next one (1: the game after it)."""
    dealer: str
    players: tuple[str, ...]
    """The four, in the order of play."""
    sitting_out: tuple[str, ...]
    bock: str
    """"noch 2 Bockspiele ×2", "" for none - if the games before start no Bock round."""
    forced: str | None
    """Who must play a Pflichtsolo in it, if anybody."""
    forced_why: str | None


def coming_words(ledger: Ledger, count: int) -> tuple[ComingWords, ...]:
    """The ``count`` games after the next one, as they will be if every game before each
    moves the dealer on (core.evening.games_ahead): what a phone offline shows for the game
    after the games waiting on it.

    >>> from scorer.core.evening import evening
    >>> later = coming_words(evening({"rules": "bockrunde", "seats": ["A", "B", "C", "D", "E"],
    ...     "games": [{"re": ["B", "C"], "re_eyes": 120}]}), 2)
    >>> [(c.dealer, c.players, c.sitting_out, c.bock) for c in later]
    [('C', ('D', 'E', 'A', 'B'), ('C',), 'noch 4 Bockspiele ×2'), ('D', ('E', 'A', 'B', 'C'), ('D',), 'noch 3 Bockspiele ×2')]
    """
    out = []
    for later, ahead in enumerate(games_ahead(ledger, count + 1)[1:], start=1):
        game = ahead.game
        out.append(ComingWords(
            later=later, dealer=game.dealer, players=game.players,
            sitting_out=tuple(s for s in game.seats if s not in game.players),
            bock=bock_queue_text(ahead.bock_queue) if ahead.bock_queue else "",
            forced=game.forced_soloist,
            forced_why=forced_notice(ledger, later, game.forced_soloist)))
    return tuple(out)


__all__ = [
    "LEGEND",
    "MARKERS",
    "OFF_ROTATION",
    "OFF_ROTATION_MARK",
    "PARTY_NAMES",
    "SPOKEN_LEGEND",
    "SPOKEN_OFF_ROTATION",
    "ComingWords",
    "announced_text",
    "bock_at_end_text",
    "bock_factor",
    "bock_queue_text",
    "bock_reasons",
    "bock_summary",
    "breakdown",
    "breakdown_parts",
    "breakdown_text",
    "by_party",
    "called_parts",
    "called_text",
    "called_words",
    "coming_words",
    "dealer_sentence",
    "deletion_note",
    "detail_text",
    "extras_text",
    "forced_bock_sentence",
    "forced_notice",
    "forced_sentence",
    "game_text",
    "genitive",
    "hammelrennen_kind",
    "kind_detail",
    "kind_head",
    "kind_headline",
    "kind_note",
    "kind_text",
    "kind_who",
    "kind_word",
    "legend",
    "marker",
    "names",
    "note_sentence",
    "off_rotation",
    "owes_before",
    "parties_text",
    "plan_complete",
    "plan_text",
    "played_off_rotation",
    "recorded_bock_sentence",
    "result_text",
    "rotation_sentence",
    "said_text",
    "says_pflicht_or_lust",
    "schwarz_text",
    "short_names",
    "solo_label",
    "winner_first",
    "winner_text",
]
