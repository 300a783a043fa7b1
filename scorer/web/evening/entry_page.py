"""The game entry page as one typed value (:class:`EntryPage`), built by :func:`entry_page`
for a new game or an edit: everything templates/entry.html shows, which it reads as
``page``. Which fields belong to which kind of game comes from the core (GameKind)."""

from __future__ import annotations

from dataclasses import dataclass

from flask import g, request, url_for

from scorer import services
from scorer.core.evening import playing_order
from scorer.core.rules import Extra, GameKind, HouseRules, SoloKind
from scorer.core.scoring import NO_DULLE_SOLOS, extra_counts_in_solo
from scorer.store.models import Evening, Game
from scorer.web.evening.entry import row_of
from scorer.web.evening.forms import GameForm, entry_kinds
from scorer.web.pages.display import who_plays
from scorer.web.pages.numbers import parse_int
from scorer.words.explain import pflicht_decision, pflicht_help
from scorer.words.labels import forced_notice, owes_before


@dataclass(frozen=True)
class Conflict:
    """Another phone saved the game while this one edited it: both versions in words."""

    stored: str
    mine: str


@dataclass(frozen=True)
class Taken:
    """Another phone saved game ``number`` while this form for it was open (``theirs``: that
    game in words), or the sheet has fewer games by now (``theirs`` None): nothing was
    stored; this one would be game ``now``."""

    number: int
    now: int
    theirs: str | None
    mine: str


@dataclass(frozen=True)
class EntryPage:
    """What the entry page shows of a game being entered or corrected."""

    evening: Evening
    sheet: services.Sheet
    form: GameForm
    game: Game | None
    """The game corrected; None for a new one."""
    errors: dict[str, list[str]]
    """Messages by form field ("" and unknown fields: the whole form)."""
    general: list[str]
    """The messages that concern no field of the form."""
    number_now: int
    """The game's number on the sheet."""
    dealer: str
    bock: int
    forced: str | None
    """Who must play (or had to play) a Pflichtsolo in this game."""
    forced_id: int | str
    """The forced soloist's player id, "" for nobody (for static/js/entry.js)."""
    forced_why: str | None
    """Why the Pflichtsolo is forced now (a new game only)."""
    preselected: bool
    """The forced Pflichtsolo is ready on the form (a new game's first view)."""
    seats: list[tuple[int, str]]
    """The table (id, name) in seat order, where each name has its place every game."""
    who_text: str
    """Who plays, in the order of play, and who sits out."""
    who_order: str
    """The player ids in the order of play (static/js/entry.js words who plays alike)."""
    preview_url: str
    conflict: Conflict | None
    notice: str | None
    """A form stored before and sent changed: offered as a new game."""
    taken: Taken | None
    """The game this form was drawn for is on the sheet already: the table decides."""
    extras_in_solos: dict[str, str]
    """Per Sonderpunkt, the solos (and Hochzeiten) in which it counts (see below)."""
    pflicht_text: str | None
    """The sentence under "Pflicht oder Lust?"."""
    party_kinds: str
    """The form's kinds with Re and Kontra (GameKind.has_parties), for data-kinds."""
    announce_kinds: str
    """The form's kinds with announcements and Sonderpunkte."""
    caller_kinds: str
    """The kinds that name who called, or "" when the rules allow none."""

    @property
    def rules(self) -> HouseRules:
        """The evening's rules."""
        return self.sheet.rules


def entry_page(evening: Evening, sheet: services.Sheet, form: GameForm,
               errors: dict[str, list[str]], game: Game | None,
               conflict: Conflict | None = None, notice: str | None = None,
               taken: Taken | None = None) -> EntryPage:
    """The entry page of a new game (``game`` None) or of ``game``, with the form as it is
    and the messages beside the fields they concern."""
    known = {f.name for f in form} | {"eyes"} | {f"extras_{p}" for p in ("re", "kontra")}
    ledger = sheet.ledger
    if game is None:
        number_now = len(sheet.rows) + 1
        coming = ledger.next
        dealer, bock, table = coming.dealer, coming.bock, coming.seats
        forced = coming.forced_soloist
        preview_url = url_for("games.preview_new", token=g.link_token, number=evening.number)
    else:
        played = row_of(sheet, game).entry
        number_now, dealer, bock = played.number, played.dealer, played.bock
        forced, table = played.forced_soloist, played.seats
        preview_url = url_for("games.preview_edit", token=g.link_token, number=evening.number,
                              game_id=game.id)
    # Who plays is said in the order of play (RULES.md §7), as on the sheet; the chips keep
    # the seat order, where the table finds each name in the same place every game.
    in_play = sheet.table(playing_order(table, dealer))
    kinds = entry_kinds(sheet.rules)
    return EntryPage(
        evening=evening, sheet=sheet, form=form, game=game, errors=errors,
        general=[m for name, ms in errors.items() if name not in known for m in ms],
        number_now=number_now, dealer=dealer, bock=bock, forced=forced,
        forced_id=sheet.ids[forced] if forced is not None else "",
        forced_why=forced_notice(ledger) if game is None else None,
        preselected=forced is not None and game is None and request.method == "GET",
        seats=sheet.table(table), who_text=who_plays(in_play, form.players.data or []),
        who_order=" ".join(str(pid) for pid, _ in in_play), preview_url=preview_url,
        conflict=conflict, notice=notice, taken=taken, extras_in_solos=_extras_in_solos(sheet.rules),
        pflicht_text=_pflicht_text(form, sheet, number_now, forced),
        party_kinds=" ".join(k.value for k in kinds if k.has_parties),
        announce_kinds=" ".join(k.value for k in kinds if k.takes_announcements),
        caller_kinds=(" ".join(k.value for k in GameKind if k.names_caller)
                      if any(k.names_caller for k in kinds) else ""),
    )


def _extras_in_solos(rules: HouseRules) -> dict[str, str]:
    """Per Sonderpunkt of the rules: the games scored as a solo in which it counts (RULES.md
    §4, and no Dulle where the Herz 10 is no trump): the form's values of ``solo``, and
    ``stille_hochzeit`` and ``hochzeit`` (one without a partner). In any other the form
    hides its row and does not send it."""
    out = {}
    for extra in rules.extras:
        solos = [solo.value for solo in SoloKind
                 if extra_counts_in_solo(rules, extra, GameKind.SOLO, solo)
                 and not (extra is Extra.DULLE_GEFANGEN and solo in NO_DULLE_SOLOS)]
        solos += [kind.value for kind in (GameKind.STILLE_HOCHZEIT, GameKind.HOCHZEIT)
                  if extra_counts_in_solo(rules, extra, kind, None)]
        out[extra.value] = " ".join(solos)
    return out


def _pflicht_text(form: GameForm, sheet: services.Sheet, number: int,
                  forced: str | None) -> str | None:
    """The one sentence under "Pflicht oder Lust?": how this solo counts for the chosen
    soloist, or what the choice means while none is chosen (scorer.words.explain)."""
    rules = sheet.rules
    chosen = [sheet.names.get(parse_int(raw, low=1) or 0) for raw in form.re.data or []]
    if form.kind.data != "solo" or len(chosen) != 1 or chosen[0] is None:
        return pflicht_help(rules)
    soloist = chosen[0]
    choice = {"pflicht": True, "lust": False}.get(form.pflicht.data or "")
    return pflicht_decision(rules, soloist, choice,
                            owes=owes_before(sheet.ledger, number, soloist), forced=forced)
