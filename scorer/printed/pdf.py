"""The printer: WeasyPrint, the one Jinja environment of the printed pages, and the rule that a
PDF reads only the app's own files.

WeasyPrint is imported when the first PDF is made (``weasyprint``), never on import, so the
``scorer`` command and the web workers (which never render: ``scorer.printed.render``) do not
load it; Jinja comes with Flask.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit
from urllib.request import url2pathname

from jinja2 import Environment, FileSystemLoader

from scorer.words import i18n

TEMPLATES = Path(__file__).resolve().parent.parent.parent / "templates" / "pdf"
"""The PDF templates and their print stylesheets."""
OWN_FILES = (TEMPLATES, TEMPLATES.parent.parent / "static")
"""The only places the PDF renderer reads from: no other file, nothing from the network."""

FONT = "DejaVu Sans"
"""The printed pages' only font: fonts-dejavu-core, which Debian's fontconfig installs as its
first choice, so every machine that runs WeasyPrint has it, and the evening sheet's layout is
measured in it (sheet.css asks for nothing else)."""


@cache
def environment() -> Environment:
    """The Jinja environment of every printed page (``templates/pdf/``); its ``_``,
    ``gettext`` and ``ngettext`` speak the language of the job (scorer.words.i18n), as the
    web pages' do through Flask-Babel: ``{{ _("Endstand") }}``, with ``%(name)s`` for what is
    filled in (so a literal percent sign is written ``%%``)."""
    env = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=True,
                      trim_blocks=True, lstrip_blocks=True, extensions=["jinja2.ext.i18n"])
    env.install_gettext_callables(  # type: ignore[attr-defined]  # added by the extension
        i18n._, i18n.ngettext, newstyle=True, pgettext=i18n.pgettext)
    return env


def fill(template: str, context: Any) -> str:
    """A template of ``templates/pdf/`` filled in: an HTML document for WeasyPrint."""
    return environment().get_template(template).render(context)


def html_to_pdf(html: str, *, lean: bool = True) -> bytes:
    """An HTML document as PDF bytes; relative URLs resolve in the PDF templates' folder,
    and only the app's own files (OWN_FILES) are read. ``lean``: with the sheet's own
    user-agent stylesheet (``lean_document_class``); else with WeasyPrint's full one, which the
    club's seating plan and Tischzettel are laid out for."""
    document = lean_document_class() if lean else weasyprint().HTML
    pdf: bytes = document(string=html, base_url=str(TEMPLATES),
                          url_fetcher=own_files_fetcher()).write_pdf()
    return pdf


@cache
def lean_document_class() -> Any:
    """WeasyPrint's HTML with the sheet's own user-agent stylesheet (templates/pdf/ua.css)
    instead of the full HTML one, which cost a fifth of a long sheet's time. (Should a later
    WeasyPrint no longer ask ``_ua_stylesheets``, its own is used: slower, the same sheet.)"""
    library = weasyprint()
    sheet = library.CSS(filename=str(TEMPLATES / "ua.css"))
    html: Any = library.HTML  # WeasyPrint is loaded at run time and ships no types

    class SheetDocument(html):
        def _ua_stylesheets(self, forms: bool = False) -> list[Any]:
            return [sheet]

    return SheetDocument


@cache
def weasyprint() -> Any:
    """WeasyPrint, imported without the library search that took half its import time.

    It opens Pango, HarfBuzz and the rest by trying several names each. For a name without
    a dot cffi asks ``ctypes.util.find_library``, which on Linux runs ``ldconfig -p`` and,
    for every name that is not in the linker cache, gcc and ld as subprocesses: 0.2–0.3 s
    on a machine with a compiler. Every list also holds the library's file name
    (``libpango-1.0.so.0``), which the dynamic loader opens itself. So the search finds
    nothing while WeasyPrint is imported; only if that import fails (a system whose
    libraries go by other names) it is imported again the usual way.
    """
    import ctypes.util
    import importlib

    search = ctypes.util.find_library
    ctypes.util.find_library = lambda name: None
    try:
        return importlib.import_module("weasyprint")
    except OSError:
        pass  # (a module whose import fails is not kept: the next import starts afresh)
    finally:
        ctypes.util.find_library = search
    return importlib.import_module("weasyprint")


def own_file(url: str) -> bool:
    """Whether ``url`` is a file:// URL of a file inside OWN_FILES (after symlinks)."""
    parts = urlsplit(url)
    if parts.scheme != "file" or parts.netloc not in ("", "localhost"):
        return False
    path = Path(url2pathname(parts.path)).resolve()
    return any(path.is_relative_to(folder.resolve()) for folder in OWN_FILES)


def own_files_fetcher() -> Any:
    """WeasyPrint's fetcher, refusing all but our own files; a fresh one per document,
    since it keeps state between calls."""
    return _own_files_fetcher_class()(allowed_protocols=("file",), allow_redirects=False)


@cache
def _own_files_fetcher_class() -> Any:
    # WeasyPrint's default fetcher reads any file:// URL (/etc/passwd as an attachment
    # included) and any http:// one. Everything shown is escaped, but the renderer should
    # not be the one place where that stays true by luck.
    class OwnFilesOnly(weasyprint().urls.URLFetcher):  # type: ignore[misc]
        def fetch(self, url: str, headers: Any = None) -> Any:
            if not own_file(url):
                # WeasyPrint logs the refusal and renders without the resource.
                raise ValueError(f"not one of the app's own files: {url}")
            return super().fetch(url, headers)

    return OwnFilesOnly


__all__ = ["FONT", "OWN_FILES", "TEMPLATES", "environment", "fill", "html_to_pdf",
           "lean_document_class", "own_file", "own_files_fetcher", "weasyprint"]
