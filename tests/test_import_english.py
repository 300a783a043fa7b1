"""The import in English (issue #35): a file's refusals, the preview and the upload page speak
the reader's language, the file's own names and the game's kept German words unchanged."""

from __future__ import annotations

from typing import Any

import pytest
from test_web_import import BACKUP, group, text, upload  # noqa: F401  (group: a fixture)

from scorer.importers import ImportRefused, read_import
from scorer.words.i18n import speaking


def refusal(data: bytes, name: str) -> list[str]:
    with pytest.raises(ImportRefused) as refused:
        read_import(data, name)
    return refused.value.lines()


def test_a_refused_file_is_told_in_the_language_spoken() -> None:
    with speaking("en"):
        assert refusal(b"  ", "abend.json") == ["File “abend.json”: the file is empty"]
    assert refusal(b"  ", "abend.json") == ["Datei „abend.json“: die Datei ist leer"]


def test_a_sheet_that_does_not_add_up_names_row_and_sum_in_english() -> None:
    data = b"Anna;Ben;Cem;Dora\n1;1;1;-6\n"
    with speaking("en"):
        lines = refusal(data, "zettel.csv")
    assert lines == ["File “zettel.csv”, row 2: the points add up to −3, not 0"]


@pytest.mark.db
def test_the_preview_reads_in_english(app: Any, group: Any) -> None:
    app.config["DOKO_LANGUAGES"] = ("de", "en")
    group.client.set_cookie("sprache", "en")
    page = upload(group, BACKUP)
    assert page.status_code == 200
    words = text(page.text)
    assert f"“{BACKUP}” (Bockzettel): 3 evenings, 19 games, 5 players" in words
    assert "Dora (not in the group)" in words and "Added as “Dora”" in words
    assert "Player As entered Rescored anna −6 " in words
    assert "Update preview" in words and "Vorschau" not in words
    form = group.client.get(f"/r/{group.token}/importieren/")
    assert "Bring evenings from another app" in text(form.text)
