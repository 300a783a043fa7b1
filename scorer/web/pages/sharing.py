"""What a closed evening's result and a season's table share, for the pages that offer
"Ergebnis teilen" (the sheet, the Runde page) and for the pictures' routes (scorer.web.evening.
share): the words, the read-only addresses and the picture's render job, in the Runde's print
language. Only the read-only link is ever shared (see scorer.web.evening.share)."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from flask import url_for

from scorer import services
from scorer.core.seasons import Method
from scorer.printed import render
from scorer.printed.picture import render_picture_png, render_season_picture_png
from scorer.services.year import ALL, SeasonView, Year
from scorer.store.models import Evening, Group
from scorer.web.evening.sheet_pdf import download_names
from scorer.web.pages import printouts
from scorer.web.pages.printed_language import printing
from scorer.web.server.hosts import public_url
from scorer.web.year.season_pages import title
from scorer.words import formats
from scorer.words import share as share_words
from scorer.words.files import runde_file, season_part
from scorer.words.i18n import language
from scorer.words.year import figure_heading, figure_text


@dataclass(frozen=True)
class Shared:
    """What a closed sheet (or a season's table) shares and its link preview shows, in the
    Runde's print language."""

    title: str
    """"Stammtisch · Abend 12 · 28.11.2026"."""
    line: str
    """The standings in one line: "Anna +34 · Cem +10 · Ben −12 · Dora −32"."""
    text: str
    """The result as a message (scorer.words.share.text), without the link."""
    url: str
    """The sheet's read-only address."""
    picture: str
    """The picture's read-only address (absolute: a link preview's)."""
    picture_path: str
    """The same as the page's own script fetches it (on the page's host)."""
    file: str
    """The picture's file name when saved."""
    width: int = share_words.WIDTH
    height: int = share_words.HEIGHT


def result(evening: Evening, sheet: services.Sheet) -> share_words.Result:
    """What the picture and the text show of ``evening``."""
    ledger = sheet.ledger
    money = services.settlement(evening, ledger.totals)
    return share_words.Result(
        runde=evening.group.name, number=evening.number, played_on=evening.played_on,
        games=len(ledger.games), standings=tuple(sheet.standings()),
        balances=dict(money.balances) if money is not None else None,
        players=ledger.players, totals=tuple(g.totals for g in ledger.games),
        arrivals=ledger.arrivals)


def picture_job(evening: Evening, sheet: services.Sheet) -> render.Job:
    """The picture of ``evening`` under the version of everything it shows, in the language
    spoken now (the Runde's print language inside ``printing``)."""
    money = services.settlement(evening, sheet.ledger.totals)
    version = render.version_of("picture", sheet.key, evening.group.name, evening.number,
                                evening.played_on, money)
    return render.Job(f"{evening.id}-ergebnis", version, language(), "png")


def context(evening: Evening, sheet: services.Sheet) -> dict[str, Any]:
    """The picture's context for the render process (plain data)."""
    return asdict(result(evening, sheet))


def shared(evening: Evening, sheet: services.Sheet) -> Shared:
    """What "Ergebnis teilen" and the link preview of a closed evening say, and have its
    picture made now unless it is kept (speaks the Runde's print language)."""
    group = evening.group
    with printing(group):
        job = picture_job(evening, sheet)
        where = printouts.folder()
        if not (where / job.name).exists():
            render.render(where, job, render_picture_png, lambda: context(evening, sheet))
        said = result(evening, sheet)
        sheet_url = public_url("evenings.show", token=group.read_token, number=evening.number)
        names = download_names(evening, "png")
        return Shared(
            title=share_words.heading(said), line=share_words.standings_line(said),
            text=share_words.text(said), url=sheet_url,
            picture=public_url("share.picture", token=group.read_token, number=evening.number),
            picture_path=url_for("share.picture", token=group.read_token,
                                 number=evening.number),
            file=names[1])


def season_result(group: Group, year: Year, view: SeasonView) -> share_words.SeasonResult:
    """What a season's picture and text show (in the language spoken now)."""
    method = view.settings.method
    heading = figure_heading(method)
    standings = tuple(
        (s.rank, s.player, s.points,
         f"{heading} {figure_text(method, s.figure)}" if method is not Method.POINTS else None)
        for s in view.ranking)
    counted = view.counted
    return share_words.SeasonResult(
        runde=group.name, season=title(year, view), evenings=len(counted),
        as_of=counted[-1].date if counted else None, standings=standings,
        chart=tuple((formats.day(e.date), dict(e.totals)) for e in counted))


def season_job(group: Group, view: SeasonView,
                said: share_words.SeasonResult) -> render.Job:
    return render.Job(f"saison-{group.id}-{view.key}-ergebnis", render.version_of(
        "season picture", said), language(), "png")


def season_shared(group: Group, year: Year, view: SeasonView | None) -> Shared | None:
    """What "Ergebnis teilen" of the Runde page's season table says (None before anybody
    is ranked), and have its picture made now unless it is kept."""
    if view is None or not view.ranking:
        return None
    with printing(group):
        said = season_result(group, year, view)
        job = season_job(group, view, said)
        where = printouts.folder()
        if not (where / job.name).exists():
            render.render(where, job, render_season_picture_png, lambda: asdict(said))
        page = public_url("groups.show", token=group.read_token, saison=view.key)
        names = runde_file(group.name, season_part(None if view.key == ALL else view.key),
                           "png")
        return Shared(
            title=share_words.season_heading(said), line=share_words.season_line(said),
            text=share_words.season_text(said), url=page,
            picture=public_url("share.season_picture", token=group.read_token,
                               saison=view.key),
            picture_path=url_for("share.season_picture", token=group.read_token,
                                 saison=view.key),
            file=names[1])


__all__ = ["Shared", "context", "picture_job", "result", "season_job", "season_result",
           "season_shared", "shared"]
