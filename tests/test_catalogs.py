"""The English catalog is complete (issue #35): every message the code and the templates hand
to gettext has an English translation in scorer/translations/en, none of them fuzzy, and the
catalog holds no message the code no longer says. Extraction is Babel's, as `pybabel extract`
does it with babel.cfg (docs/development.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

babel_extract = pytest.importorskip("babel.messages.extract")
from babel.messages.pofile import read_po  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
KEYWORDS = {"_": None, "N_": None, "gettext": None, "lazy_gettext": None, "ngettext": (1, 2),
            "pgettext": ((1, "c"), 2)}


def said() -> set[str]:
    """Every message id the package and the templates say."""
    found = set()
    for folder, method in (("scorer", ("**.py", "python")), ("templates", ("**.html", "jinja2"))):
        for _, _, message, _, context in babel_extract.extract_from_dir(
                str(ROOT / folder), [method], {"**.html": {"extensions": "jinja2.ext.i18n"}},
                keywords=KEYWORDS):
            found.add((context, message[0] if isinstance(message, tuple) else message))
    return found


def english() -> dict:
    with (ROOT / "scorer/translations/en/LC_MESSAGES/messages.po").open("rb") as f:
        return {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m
                for m in read_po(f) if m.id}


def test_every_message_said_has_an_english_translation_that_is_not_fuzzy() -> None:
    catalog = english()
    missing = sorted(text for key in said() if (m := catalog.get(key)) is None
                     or not (m.string if isinstance(m.string, str) else all(m.string))
                     for text in [key[1]])
    fuzzy = sorted(key[1] for key, m in catalog.items() if m.fuzzy)
    assert missing == [] and fuzzy == []


def test_the_catalog_holds_nothing_the_code_no_longer_says() -> None:
    assert sorted(k[1] for k in set(english()) - said()) == []
