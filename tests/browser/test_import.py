"""Importieren on a 360 px phone: a Runde of four takes a Bockzettel sheet of five whose „Dora“
is the Runde's „Dorothea“. The phone chooses the file, reads the preview, maps the name,
imports, and opens the imported evening's sheet, whose totals are Bockzettel's own (worked
out from the file by the importer, which its own tests check by hand). Every page passes the
phone's checks: 44 px targets, contrast in both schemes, labels, no sideways scrolling."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from scorer.importers import read_import

pytestmark = pytest.mark.browser

FILE = Path(__file__).resolve().parents[1] / "data" / "import" / \
    "bockzettel-geburtstag-cem-2025-11-15.json"


def test_a_bockzettel_sheet_with_a_name_to_map_is_imported_on_a_phone(phone: Any) -> None:
    device = phone(360, 740)
    page = device.page
    device.goto("/", "start")
    device.type_into(page.get_by_label("Name der Runde"), "Geburtstagsrunde")
    device.tap_to(page.get_by_role("button", name="Runde anlegen"), "runde")
    for name in ("Anna", "Ben", "Cem", "Dorothea"):
        device.type_into(page.get_by_label("Name", exact=True), name)
        device.tap_to(page.get_by_role("button", name="Spieler hinzufügen"), f"spieler-{name}")

    device.tap_to(page.get_by_role("link", name="Importieren"), "importieren")
    page.get_by_label("Datei").set_input_files(str(FILE))
    device.tap_to(page.get_by_role("button", name="Vorschau zeigen"), "vorschau")
    preview = page.locator("main").inner_text()
    assert "(Bockzettel): 1 Abend, 7 Spiele, 5 Spieler" in preview
    assert "Abend 1 · 14.11.2025" in preview
    # Dora is no player of the Runde: she gets a choice; Emil, unknown too, stays new.
    page.get_by_label("Dora (nicht in der Runde)").select_option(label="Dorothea")
    device.tap_to(page.get_by_role("button", name="Vorschau aktualisieren"), "vorschau-dorothea")
    assert "Dorothea" in page.locator("table.stats").first.inner_text()
    device.screenshot("vorschau")
    device.tap_to(page.get_by_role("button", name="Importieren", exact=True), "runde-importiert")
    assert "Importiert aus" in page.locator(".flash").first.inner_text()

    device.tap_to(page.get_by_role("link", name="Abend 1 · 14.11.2025"), "zettel-importiert")
    expected = {{"Dora": "Dorothea"}.get(p, p): v for p, v in read_import(
        FILE.read_bytes(), FILE.name).evenings[0].source_totals.items()}
    assert device.totals() == expected
    assert page.locator(".sheet__row").count() >= 7
