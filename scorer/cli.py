"""The `scorer` console script (CLI.md): JSON in, JSON with sorted keys out.

Exit 0 with the result on stdout; exit 2 with one line per problem on stderr and nothing on
stdout when the input is invalid. The CLI speaks German, the core's source text (its
messages are marked for the catalog). Scoring imports no web framework; only `sheet` loads the
PDF renderer, inside its own branch.
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
from collections.abc import Iterable
from typing import Any, TextIO

from scorer.core.json_text import json_text
from scorer.core.marked import N_
from scorer.core.rules import PRESETS, InvalidInput

MAX_INPUT_CHARS = 64 * 2**20
"""The longest input read: far above the biggest evening the core accepts (50,000 games are
about 5 MB), and small enough that nobody can make the CLI parse a gigabyte."""


class _TooLong(ValueError):
    pass


def _read(path: str, stdin: TextIO) -> Any:
    if path == "-":
        text = stdin.read(MAX_INPUT_CHARS + 1)
    else:
        with open(path, encoding="utf-8") as fh:
            text = fh.read(MAX_INPUT_CHARS + 1)
    if len(text) > MAX_INPUT_CHARS:
        raise _TooLong
    return json.loads(text)


def _problem_lines(err: InvalidInput) -> str:
    return "".join(f"{f}: {m}\n" if f else f"{m}\n" for f, m in err.problems)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="scorer", description="Doppelkopf scoring (Doko-Zettel)")
    sub = parser.add_subparsers(dest="command", required=True)
    for name, what in (("score", "score one game"), ("evening", "fold a whole evening")):
        p = sub.add_parser(name, help=what)
        p.add_argument("file", nargs="?", default="-", help="JSON input file, - for stdin")
    p = sub.add_parser("sheet", help="print an evening as a PDF score sheet")
    p.add_argument("file", nargs="?", default="-", help="evening JSON file, - for stdin")
    p.add_argument("-o", "--output", required=True, help="where to write the PDF")
    sub.add_parser("presets", help="every preset with its full option set")
    return parser


def main(argv: list[str] | None = None, stdin: TextIO | None = None,
         stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    """Run the CLI; returns the exit code."""
    args = _parser().parse_args(argv)
    # One input in, one acyclic result out: the cyclic garbage collector would only walk the
    # growing result again and again (a third of the time of a 10,000-game evening).
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _run(args, stdin or sys.stdin, stdout or sys.stdout, stderr or sys.stderr)
    finally:
        if collecting:
            gc.enable()


def _run(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    if args.command == "presets":
        stdout.write(json_text({name: rules.to_dict() for name, rules in PRESETS.items()}) + "\n")
        return 0
    try:
        data = _read(args.file, stdin)
    except OSError as err:
        stderr.write(N_("%(file)s: Datei nicht lesbar: %(error)s")
                     % {"file": args.file, "error": err.strerror} + "\n")
        return 2
    except _TooLong:
        stderr.write(N_("%(file)s: zu groß (höchstens %(max)s MB)")
                     % {"file": args.file, "max": MAX_INPUT_CHARS // 2**20} + "\n")
        return 2
    except (ValueError, UnicodeDecodeError) as err:
        stderr.write(N_("%(file)s: kein gültiges JSON: %(error)s")
                     % {"file": args.file, "error": err} + "\n")
        return 2
    except RecursionError:
        # json.loads gives up on nesting deeper than the recursion limit: still bad input.
        stderr.write(N_("%(file)s: kein gültiges JSON: zu tief verschachtelt")
                     % {"file": args.file} + "\n")
        return 2
    try:
        if args.command == "score":
            from scorer.core.scoring import score

            pieces: Iterable[str] = [json_text(score(data).to_dict())]
        elif args.command == "evening":
            from scorer.core.evening import evening

            pieces = evening(data).json_pieces()  # a long evening's text comes in pieces
        else:
            from scorer.core.evening import evening
            from scorer.printed.evening import write_sheet_pdf

            ledger = evening(data)
            try:
                write_sheet_pdf(ledger, args.output)
            except OSError as err:
                # Not invalid input, so not exit 2: the PDF could not be written.
                stderr.write(N_("%(file)s: PDF nicht schreibbar: %(error)s")
                             % {"file": args.output, "error": err.strerror} + "\n")
                return 1
            return 0
    except InvalidInput as err:
        stderr.write(_problem_lines(err))
        return 2
    for piece in pieces:
        stdout.write(piece)
    stdout.write("\n")
    return 0
