"""The rows of an evening's sheet as HTML, drawn once per worker for what they show.

A long evening's sheet was almost all template time (some 35 µs a row: 35 ms for a
1000-game evening on every request), while a save changes only the last row. Two things are
kept per worker:

* the HTML of a row per language and *view*: a tuple of what the row shows (numbers, words,
  links), read from the sheet's row model (``scorer.words.rows``, which the PDF, the CSV and
  the preview read too). A row of the model works out a field when it is read, and the view
  reads only the few the page shows: every sentence of every game cost more than the rest of
  a long evening's sheet. The macros in ``templates/_sheet_rows.html`` read nothing but the
  view, so a kept row can never show something else than what is asked for; a row whose
  numbers changed (an edit early in the evening moves every later total) is another view,
  drawn anew.
* per evening and page context (who is listed, the links, whether rows offer changes, the
  language), the views of the last sheet drawn, each with the ledger entry it came from. A
  fold that goes on from a kept one (``scorer.core.evening.resume``: a save) shares the
  earlier entries as the same objects, and an entry never changes, so a row whose entry is
  the very object drawn before needs no view built again. Anything else (a fold from
  scratch, a newcomer who gives every earlier game a new entry) builds the views again, and
  finds their HTML kept.

Nothing here depends on the database versions: the sheet it is given is the truth.
"""

from __future__ import annotations

from typing import NamedTuple

from flask import Flask, current_app, get_template_attribute, url_for
from markupsafe import Markup

from scorer.core.rules import GameKind
from scorer.services import ChangeRow, Row, Sheet
from scorer.words.i18n import language
from scorer.words.read_aloud import row_said
from scorer.words.rows import PLAYS, Cell, RowWords

KEPT_ROWS = 50_000
"""Rows kept per worker (a row is about 1.5 KB of HTML, so at most about 75 MB); when full,
all are dropped and drawn again as they are asked for."""
KEPT_SHEETS = 200
"""Sheets (evening and page context) whose views are kept per worker; dropped alike."""

ROW_PAGES = {
    "edit": "games.edit",
    "delete": "games.delete",
    "panel": "evenings.game",
    "table_edit": "table.edit",
    "table_delete": "table.delete",
}
"""The pages a row of the sheet links to."""
_PLACEHOLDER = 987654321


class GameView(NamedTuple):
    """Everything a game's row shows."""

    number: int
    off_rotation: bool
    bock: int
    marker: str
    dealer: str
    dealer_short: str
    value: int | None
    """The game's value before Bock; None after a redeal and for recorded points (no value
    to show)."""
    cells: tuple[Cell, ...]
    """Per player of the evening: ("play", points, total), ("out", 0, total) when sitting
    out, ("away", 0, total) when not at the table (scorer.words.rows)."""
    panel: str
    edit: str | None
    """None: the row offers no changes (read-only link, closed evening)."""
    delete: str | None
    bock_as_written: bool = False
    """Points entered on a Bock game: the "×2" is struck (they count as written)."""
    said: str = ""
    """The row as a screen reader says it (scorer.words.read_aloud.row_said)."""


class ChangeView(NamedTuple):
    """Everything a table change's row shows."""

    id: int
    lead: str
    """What the row is, for a screen reader: "Tischwechsel nach Spiel 3: "."""
    text: str
    seated: str
    edit: str | None
    delete: str | None


class RowLinks:
    """The links of every row of an evening's sheet, from url_for once per page instead of
    per row (two url_for calls per row were 29 % of a 60-game sheet's template time).

    Relative to the sheet (``spiel/7/rechnung``): every row's pages lie under it, and the
    token is not repeated four times in every row of a long evening."""

    def __init__(self, token: str, number: int) -> None:
        self.key = (token, number)
        sheet = url_for("evenings.show", token=token, number=number)
        self._parts = {}
        for name, endpoint in ROW_PAGES.items():
            url = url_for(endpoint, token=token, number=number, game_id=_PLACEHOLDER)
            if not url.startswith(sheet):
                raise ValueError(f"{endpoint} does not lie under the sheet {sheet}")
            # The id stands after the token, which may hold the placeholder's digits too.
            before, after = url.removeprefix(sheet).rsplit(str(_PLACEHOLDER), 1)
            self._parts[name] = (before, after)

    def __call__(self, page: str, game_id: int) -> str:
        before, after = self._parts[page]
        return f"{before}{game_id}{after}"


class Kept(NamedTuple):
    """What a worker keeps: HTML per view, and per sheet the rows drawn last."""

    html: dict[tuple[str, GameView | ChangeView], bytes]
    """By the language the row speaks and its view."""
    sheets: dict[tuple[object, ...], list[Drawn]]


class Drawn(NamedTuple):
    """One row as drawn: the ledger entry it came from (kept alive, so that its identity
    stays its own), the stored row's id, the view and its HTML."""

    entry: object
    game_id: int
    view: GameView | ChangeView
    html: bytes


ROWS_SLOT = Markup("\x00rows\x00")
"""The rows' place in the sheet's HTML (DrawnRows.page). No page holds a NUL otherwise:
requests carrying one are refused."""


class DrawnRows(NamedTuple):
    """The sheet's rows as UTF-8 HTML, and what the legend under them explains."""

    html: bytes
    off_rotation: bool
    """Some game was played by others than the rotation named (its mark needs a word)."""

    @property
    def slot(self) -> Markup:
        """Where the page's template puts the rows: ``page`` splices them in as bytes."""
        return ROWS_SLOT

    def page(self, html: str) -> bytes:
        """The rendered ``html`` as UTF-8 with the rows in their slot.

        A long evening's rows are most of its page, and their minus signs make a text of
        two bytes a character that every join copies and widens and that the response
        encodes once more; kept as UTF-8 and joined as bytes they are copied once.
        """
        head, slot, tail = html.partition(ROWS_SLOT)
        return b"".join([head.encode(), self.html if slot else b"", tail.encode()])


def init_app(app: Flask) -> None:
    """Give the app its kept rows (plain dicts: a lookup per row must stay cheap)."""
    app.extensions["doko_rows"] = Kept({}, {})


def sheet_rows(sheet: Sheet, links: RowLinks, editable: bool,
               short: dict[str, str]) -> DrawnRows:
    """Every row of ``sheet`` (games and table changes, in sheet order) as HTML."""
    kept: Kept = current_app.extensions["doko_rows"]
    players = sheet.ledger.players
    spoken = language()
    context = (sheet.evening.id, links.key, editable, players, tuple(short.items()), spoken)
    before = kept.sheets.get(context, [])
    drawn = []
    for k, row in enumerate(sheet.entries):
        old = before[k] if k < len(before) else None
        if (old is not None and old.entry is row.entry and old.game_id == row.game.id
                and isinstance(row, Row)):
            drawn.append(old)
            continue
        view: GameView | ChangeView = (_game_view(row, sheet.words[row.entry.number], players,
                                                  links, editable, short)
                                       if isinstance(row, Row)
                                       else _change_view(row, links, editable))
        drawn.append(Drawn(row.entry, row.game.id, view, _html(kept.html, spoken, view)))
    if len(kept.sheets) >= KEPT_SHEETS:
        kept.sheets.clear()
    kept.sheets[context] = drawn
    return DrawnRows(b"".join([d.html for d in drawn]),
                     any(isinstance(d.view, GameView) and d.view.off_rotation for d in drawn))


def _html(kept: dict[tuple[str, GameView | ChangeView], bytes], spoken: str,
          view: GameView | ChangeView) -> bytes:
    """The row's HTML as UTF-8 in the language ``spoken``: kept, or drawn by its macro and
    kept."""
    html = kept.get((spoken, view))
    if html is None:
        macro = "game_row" if isinstance(view, GameView) else "change_row"
        html = str(get_template_attribute("_sheet_rows.html", macro)(view)).encode()
        if len(kept) >= KEPT_ROWS:
            kept.clear()
        kept[(spoken, view)] = html
    return html


def _game_view(row: Row, words: RowWords, players: tuple[str, ...], links: RowLinks,
               editable: bool, short: dict[str, str]) -> GameView:
    # Only the fields the row shows, which the model has ready as it makes a row.
    game_id = row.game.id
    cells = words.cells(players)
    kind = "" if words.game_kind is GameKind.NORMAL else words.kind_text
    said = row_said(words.number, words.bock, kind, words.winner,
                    [(p, c[1]) for p, c in zip(players, cells) if c[0] == PLAYS])
    return GameView(
        number=words.number, off_rotation=words.off_rotation, bock=words.bock,
        marker=words.marker, dealer=words.dealer, dealer_short=short[words.dealer],
        value=words.value, cells=cells,
        panel=links("panel", game_id),
        edit=links("edit", game_id) if editable else None,
        delete=links("delete", game_id) if editable else None,
        bock_as_written=words.bock_as_written, said=said)


def _change_view(row: ChangeRow, links: RowLinks, editable: bool) -> ChangeView:
    game_id = row.game.id
    words = row.words
    return ChangeView(
        id=game_id, lead=words.lead, text=words.text, seated=words.seated,
        edit=links("table_edit", game_id) if editable else None,
        delete=links("table_delete", game_id) if editable else None)
