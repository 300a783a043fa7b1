"""The message catalogs compiled where the app starts: every ``scorer/translations/*/LC_MESSAGES/
messages.po`` becomes the ``.mo`` file gettext reads (scorer.words.i18n), when that is missing or
older than its ``.po``. So a fresh clone's run command speaks every language without a build
step; ``pybabel compile -d scorer/translations`` does the same by hand (docs/development.md)."""

from __future__ import annotations

import logging
import os
from pathlib import Path

from scorer.words.i18n import CATALOGS, DOMAIN

log = logging.getLogger(__name__)


def compile_catalogs(folder: Path = CATALOGS) -> list[Path]:
    """Compile each catalog under ``folder`` whose ``.mo`` is missing or stale; the ``.mo``
    files written. A folder that cannot be written (an installed, read-only package) keeps
    what it has, with a warning."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    written = []
    for po in sorted(folder.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        mo = po.with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        with po.open("rb") as source:
            catalog = read_po(source, locale=po.parent.parent.name, domain=DOMAIN)
        temporary = mo.with_name(f".{mo.name}.{os.getpid()}.tmp")
        try:
            with temporary.open("wb") as out:
                write_mo(out, catalog)
            os.replace(temporary, mo)
        except OSError as err:
            temporary.unlink(missing_ok=True)
            log.warning("catalog %s not compiled: %s", po, err)
            continue
        written.append(mo)
    return written
