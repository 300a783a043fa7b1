"""``flask --app scorer import FILE --runde LINK``: the import of the Runde page on the command
line. It prints the same preview in German; without ``--dry-run`` it then imports. A file or
a choice that is not imported exits with status 2 and one line per problem on stderr, and
nothing is written.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import click
from flask.cli import with_appcontext

from scorer import services
from scorer.importers import MAX_FILE_BYTES, ImportMode, ImportRefused
from scorer.services import imports as importing
from scorer.store.models import Group

_LINK = re.compile(r"/r/([A-Za-z0-9_-]{16,64})(?:/|$)")


class Problems(Exception):
    """What keeps the import from happening, one German line each."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__("; ".join(lines))
        self.lines = lines


@click.command("import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--runde", "link", required=True,
              help="Bearbeiten-Link der Runde (oder nur sein Schlüssel nach /r/)")
@click.option("--dry-run", is_flag=True, help="nur die Vorschau zeigen, nichts speichern")
@click.option("--map", "maps", multiple=True, metavar="NAME=NAME",
              help="einen Namen der Datei einem Spieler der Runde zuordnen, z. B. "
                   "\"Anna B.=Anna\" (ein neuer Name legt den Spieler so an); mehrmals möglich")
@click.option("--as", "mode", type=click.Choice([m.value for m in ImportMode]),
              default=ImportMode.RECORDED.value, show_default=True,
              help="Bockzettel: Punkte wie eingetragen oder neu gewertet nach den Hausregeln")
@click.option("--date", "date", type=click.DateTime(formats=["%Y-%m-%d", "%d.%m.%Y"]),
              default=None, help="Datum für Abende, zu denen die Datei keins nennt")
@click.option("--take-rules", is_flag=True,
              help="Doko-Zettel-Sicherung: auch ihre Hausregeln übernehmen")
@with_appcontext
def import_command(file: Path, link: str, dry_run: bool, maps: tuple[str, ...], mode: str,
                   date: dt.datetime | None, take_rules: bool) -> None:
    """Abende aus einer Datei (Bockzettel, QtDoppelKopf, jsdoppelkopf, Tabelle als CSV oder
    XLSX, Doko-Zettel-Sicherung) in eine Runde importieren."""
    try:
        group = _runde(link)
        with file.open("rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)  # the importers refuse 20 MB and more
        choices = importing.Choices(
            mode=ImportMode(mode), names=_mapping(maps), take_rules=take_rules,
            dates={-1: date.date()} if date is not None else {})
        target, read, other = importing.read_for(group, data, file.name, choices.mode)
        shown = importing.preview(target, read, choices, other)
        click.echo("\n".join(preview_lines(shown)))
        if shown.problems:
            raise Problems([_cli_words(field, message) for field, message in shown.problems])
        if dry_run:
            click.echo("Probelauf: nichts gespeichert.")
            return
        row = importing.store(group, shown)
    except ImportRefused as err:
        _fail(err.lines())
    except services.Refused as err:
        _fail([m for _, m in err.problems])
    except Problems as err:
        _fail(err.lines)
    click.echo(f"Importiert: {importing.count(row.evenings, 'Abend', 'Abende')}, "
               f"{importing.count(row.games, 'Spiel', 'Spiele')}.")


def _runde(link: str) -> Group:
    match = _LINK.search(link)
    token = match.group(1) if match else link.strip().strip("/")
    group = services.find_group(token)
    if group is None:
        raise Problems([f"--runde: keine Runde mit diesem Link ({_short(link)})"])
    if token != group.edit_token:
        raise Problems(["--runde: das ist der Lesen-Link; importieren geht nur mit dem "
                        "Bearbeiten-Link der Runde"])
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
            problems.append(f"--map: „{value}“ hat nicht die Form Name=Name (z. B. "
                            "\"Anna B.=Anna\")")
            continue
        out[name.strip()] = player.strip()
    if problems:
        raise Problems(problems)
    return out


def _cli_words(field: str, message: str) -> str:
    """A preview's problem as the command line says it: where the page has a field, the
    option that sets it."""
    if field.startswith("date_"):
        return f"{message} (--date JJJJ-MM-TT)"
    if field.startswith("player_"):
        return f"--map: {message}"
    return message


def _fail(lines: list[str]) -> None:
    for line in lines:
        click.echo(line, err=True)
    click.echo("Import abgebrochen: nichts gespeichert.", err=True)
    raise SystemExit(2)


def preview_lines(shown: importing.Preview) -> list[str]:
    """The preview in German lines, as the page shows it."""
    out = [shown.summary()]
    new = len(shown.new)
    if new < len(shown.evenings):
        out.append(f"{new} davon neu; die anderen sind schon in der Runde und werden "
                   "übersprungen.")
    out += [f"Hinweis: {line}" for line in shown.warnings]
    if shown.rescorable:
        out.append(f"Übernommen: {importing.MODE_LABELS[shown.choices.mode]} (--as "
                   f"{shown.choices.mode.value}); die Summen unten auf beide Arten.")
    out.append("Spieler:")
    for match in shown.names:
        if match.existing:
            where = "in der Runde"
            arrow = "=" if match.player.casefold() == match.name.casefold() else "→"
            out.append(f"  {match.name} {arrow} {match.player} ({where})")
        else:
            renamed = f" als „{match.player}“" if match.player != match.name else ""
            out.append(f"  {match.name}: wird neu angelegt{renamed}")
    modes = [shown.choices.mode] + [m for m in ImportMode
                                    if m is not shown.choices.mode and shown.rescorable]
    for e in shown.evenings:
        number = shown.number_of(e)
        when = (f"{number} · {e.date:%d.%m.%Y}" if number and e.date else
                f"am {e.date:%d.%m.%Y}" if e.date else "ohne Datum")
        changes = f", {importing.count(e.changes, 'Tischwechsel', 'Tischwechsel')}" \
            if e.changes else ""
        out.append(f"Abend {when} ({e.evening.place}): "
                   f"{importing.count(e.games, 'Spiel', 'Spiele')}{changes}, am Tisch "
                   f"{', '.join(e.evening.seats)}")
        if e.present is not None:
            out.append("  schon in der Runde" + (f" (Abend {e.present})" if e.present else "")
                       + ": gleiches Datum, gleiche Spiele – wird übersprungen")
        out += [f"  {note}" for note in e.evening.notes]
        width = max(len(p) for p in e.ledger.players)
        heads = [importing.MODE_LABELS[m] for m in modes]
        out.append(f"  {'Summen':<{width}}  " + "  ".join(heads))
        for player in e.ledger.players:
            cells = [f"{_signed(e.totals[m][player]):>{len(h)}}" for m, h in zip(modes, heads)]
            out.append(f"  {player:<{width}}  " + "  ".join(cells))
    if shown.seasons:
        out.append("Saisons: " + ", ".join(f"{s.name} ab {s.start:%d.%m.%Y}"
                                           for s in shown.seasons))
    return out


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"
