"""``flask --app scorer import FILE --runde LINK``: the import of the Runde page on the command
line. It prints the same preview in the language spoken now (German unless a caller sets
another); without ``--dry-run`` it then imports. A file or a choice that is not imported exits
with status 2 and one line per problem on stderr, and nothing is written.
"""

from __future__ import annotations

import datetime as dt
import os
import re
from pathlib import Path

import click
from flask.cli import with_appcontext

from scorer import services
from scorer.importers import MAX_FILE_BYTES, ImportMode, ImportRefused, too_big
from scorer.services import imports as importing
from scorer.store.models import Group
from scorer.words import formats
from scorer.words import imports as words

HELP = words.COMMAND_HELP

_LINK = re.compile(r"/r/([A-Za-z0-9_-]{16,64})(?:/|$)")


class Problems(Exception):
    """What keeps the import from happening, one German line each."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__("; ".join(lines))
        self.lines = lines


@click.command("import", help=HELP["command"])
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--runde", "link", required=True,
              help=HELP["runde"])
@click.option("--dry-run", is_flag=True, help=HELP["dry_run"])
@click.option("--map", "maps", multiple=True, metavar="NAME=NAME", help=HELP["map"])
@click.option("--as", "mode", type=click.Choice([m.value for m in ImportMode]),
              default=ImportMode.RECORDED.value, show_default=True,
              help=HELP["as"])
@click.option("--date", "date", type=click.DateTime(formats=["%Y-%m-%d", "%d.%m.%Y"]),
              default=None, help=HELP["date"])
@click.option("--take-rules", is_flag=True, help=HELP["take_rules"])
@click.option("--bock", "source_bock", type=click.Choice(["sequential", "doppelbock"]),
              default=None, help=HELP["bock"])
@with_appcontext
def import_command(file: Path, link: str, dry_run: bool, maps: tuple[str, ...], mode: str,
                   date: dt.datetime | None, take_rules: bool, source_bock: str | None) -> None:
    """Import evenings from a file into a Runde (the help: words.COMMAND_HELP)."""
    try:
        group = _runde(link)
        with file.open("rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            if size >= MAX_FILE_BYTES:  # say the file's size, not the 20 MB read of it
                refused = too_big(size)
                refused.file_name = file.name
                raise refused
            data = handle.read(MAX_FILE_BYTES + 1)  # the importers refuse 20 MB and more
        choices = importing.Choices(
            mode=ImportMode(mode), names=_mapping(maps), take_rules=take_rules,
            dates={-1: date.date()} if date is not None else {})
        target, read, other = importing.read_for(group, data, file.name, choices.mode,
                                                 source_bock)
        shown = importing.preview(target, read, choices, other)
        click.echo("\n".join(preview_lines(shown)))
        if shown.problems:
            raise Problems([_cli_words(field, message) for field, message in shown.problems])
        if dry_run:
            click.echo(words.dry_run_done())
            return
        row = importing.store(group, shown)
    except ImportRefused as err:
        _fail(err.lines())
    except services.Refused as err:
        _fail([m for _, m in err.problems])
    except Problems as err:
        _fail(err.lines)
    click.echo(words.command_imported(row.evenings, row.games))


def _runde(link: str) -> Group:
    match = _LINK.search(link)
    token = match.group(1) if match else link.strip().strip("/")
    group = services.find_group(token)
    if group is None:
        raise Problems([words.no_runde(_short(link))])
    if token != group.edit_token:
        raise Problems([words.read_link()])
    return group


def _short(link: str) -> str:
    """A link as a message may show it: its secret is not printed whole."""
    return link if len(link) < 12 else link[:8] + "…"


def _mapping(maps: tuple[str, ...]) -> dict[str, str]:
    out = {}
    problems = []
    for value in maps:
        name, sep, player = value.partition("=")
        if not sep or not name.strip() or not player.strip():
            problems.append(words.bad_map(value))
            continue
        out[name.strip()] = player.strip()
    if problems:
        raise Problems(problems)
    return out


def _cli_words(field: str, message: str) -> str:
    """A preview's problem as the command line says it: where the page has a field, the
    option that sets it."""
    if field.startswith("date_"):
        return words.date_option(message)
    if field.startswith("player_"):
        return f"--map: {message}"
    return message


def _fail(lines: list[str]) -> None:
    for line in lines:
        click.echo(line, err=True)
    click.echo(words.command_aborted(), err=True)
    raise SystemExit(2)


def _total(evening: importing.EveningPreview, column: ImportMode | str, player: str) -> str:
    """One cell of an evening's totals: stored under a mode, or as the file has it."""
    if column == importing.FILE:
        value = evening.evening.source_totals.get(player)
        return "" if value is None else formats.signed(value)
    assert isinstance(column, ImportMode)
    return formats.signed(evening.totals[column][player])


def preview_lines(shown: importing.Preview) -> list[str]:
    """The preview in lines of the language spoken now, as the page shows it."""
    out = [shown.summary()]
    new = len(shown.new)
    if new < len(shown.evenings):
        out.append(words.new_of(new))
    out += [words.remark(line) for line in shown.warnings]
    if shown.plan.bock_unsaid:
        out.append(words.remark(words.source_bock_cli()))
    if shown.rescorable:
        out.append(words.taken_as(shown.choices.mode.value))
    out.append(words.players_heading())
    for match in shown.names:
        if match.existing:
            arrow = "=" if match.player.casefold() == match.name.casefold() else "→"
            out.append(words.player_in_runde(match.name, arrow, match.player))
        else:
            out.append(words.player_added(match.name, match.player))
    columns = [shown.choices.mode] + [c for c in shown.columns if c != shown.choices.mode]
    for e in shown.evenings:
        out.append(words.evening_line(shown.number_of(e), e.date, e.evening.place, e.games,
                                      e.changes, list(e.evening.seats)))
        if e.present is not None:
            out.append(words.already_there(e.present))
        out += [f"  {note}" for note in e.evening.notes]
        width = max(len(p) for p in e.ledger.players)
        heads = [words.mode(c.value) if isinstance(c, ImportMode) and shown.rescorable
                 else words.totals_column() if isinstance(c, ImportMode)
                 else words.file_column() for c in columns]
        out.append(f"  {words.totals_heading():<{width}}  " + "  ".join(heads))
        for player in e.ledger.players:
            cells = [f"{_total(e, c, player):>{len(h)}}" for c, h in zip(columns, heads)]
            out.append(f"  {player:<{width}}  " + "  ".join(cells))
    if shown.seasons:
        out.append(words.seasons_line([(s.name, s.start) for s in shown.seasons]))
    return out
