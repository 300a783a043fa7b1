"""The club evening on paper: a round's seating plan on one A4 page (by name and by table),
one Tischzettel per table whose QR code opens that table's page, read back from real
WeasyPrint PDFs (pypdf; the QR code through poppler's pdftoppm and zxing-cpp where they are
installed)."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.club_helpers import NINE, Club
from tests.conftest import fetch_pdf


@pytest.fixture
def club(app: Any, client: Any) -> Club:
    return Club(app, client)


def pdf_pages(data: bytes) -> list[str]:
    from pypdf import PdfReader

    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def test_the_seating_plan_of_sixty_players_is_one_page_by_name_and_by_table(club):
    names = [f"Spieler {k:02d}" for k in range(1, 61)]
    club.create(names, rules="ddv-liste", planned=24)
    club.draw(seed=11)
    answer = fetch_pdf(club.client, club.home + "runde/1/sitzplan.pdf")
    assert answer.status_code == 200 and answer.mimetype == "application/pdf"
    pages = pdf_pages(answer.data)
    assert len(pages) == 1
    text = pages[0]
    assert "Nach Namen" in text and "Nach Tischen" in text and "Startzahl 11" in text
    seating = club.seating(1)
    assert len(seating) == 15
    for table, seats in enumerate(seating, 1):
        assert f"Tisch {table}" in text
        for seat, name in enumerate(seats, 1):
            # By name: "Spieler 07 Tisch 3 · Platz 2"
            assert re.search(rf"{name}\s+Tisch {table} · Platz {seat}\b", text), name


def test_the_by_name_list_keeps_tisch_and_seat_in_one_column_on_tables_over_nine(club):
    """With 60 players the tables run from 1 to 15: "Tisch 3 · 2" and "Tisch 12 · 2" start at the
    same place, so the list reads as columns and not as a ragged right edge."""
    from pypdf import PdfReader

    club.create([f"Spieler {k:02d}" for k in range(1, 61)], rules="ddv-liste", planned=24)
    club.draw(seed=11)
    page = PdfReader(io.BytesIO(
        fetch_pdf(club.client, club.home + "runde/1/sitzplan.pdf").data)).pages[0]
    pieces: list[tuple[str, float]] = []

    def visit(text: str, cm: Any, tm: Any, font: Any, size: Any) -> None:
        pieces.append((text.strip(), tm[4] * cm[0] + cm[4]))

    page.extract_text(visitor_text=visit)
    boxes = next(x for text, x in pieces if text == "Nach Tischen")
    starts = [round(x, 1) for text, x in pieces if text.startswith("Tisch") and x < boxes]
    assert len(starts) == 60
    columns = sorted(set(starts))
    assert len(columns) == 2, columns


def test_a_long_name_keeps_the_two_by_name_columns_in_line(club):
    """Tester's finding: "Maximilian-Alexander Schmidt" wrapped in one column and pushed its
    rows below those of the other. Each line of the left column and the line beside it in
    the right stand at one height, and every name reads whole."""
    from pypdf import PdfReader

    long = "Maximilian-Alexander Schmidt"
    names = [long] + [f"Spieler {k:02d}" for k in range(1, 40)]
    club.create(names, rules="ddv-liste", planned=24)
    club.draw(seed=11)
    page = PdfReader(io.BytesIO(
        fetch_pdf(club.client, club.home + "runde/1/sitzplan.pdf").data)).pages[0]
    pieces: list[tuple[str, float, float]] = []

    def visit(text: str, cm: Any, tm: Any, font: Any, size: Any) -> None:
        if text.strip():
            pieces.append((text.strip(), tm[4] * cm[0] + cm[4], tm[5] * cm[3] + cm[5]))

    page.extract_text(visitor_text=visit)
    assert long in " ".join(text for text, _, _ in pieces)
    boxes = next(x for text, x, _ in pieces if text == "Nach Tischen")
    wheres = [(round(x, 1), round(y, 1)) for text, x, y in pieces
              if text.startswith("Tisch") and x < boxes]
    assert len(wheres) == 40
    left, right = sorted({x for x, _ in wheres})
    heights = {x: sorted((y for x2, y in wheres if x2 == x), reverse=True)
               for x in (left, right)}
    assert len(heights[left]) == len(heights[right]) == 20
    assert heights[left] == heights[right]


def test_a_tischzettel_per_table_with_seats_first_dealer_and_the_tables_link(club, tmp_path):
    club.create(NINE)
    club.draw(seed=42)
    answer = fetch_pdf(club.client, club.home + "runde/1/tischzettel.pdf")
    assert answer.status_code == 200
    pages = pdf_pages(answer.data)
    seating = club.seating(1)
    assert len(pages) == len(seating) == 2
    from scorer import services

    with club.app.app_context():
        tournament = services.find_tournament(club.token)
        tokens = [services.find_table(tournament, 1, k).group.edit_token for k in (1, 2)]
    for page, seats, token in zip(pages, seating, tokens):
        number = seating.index(seats) + 1
        assert f"Tisch {number}" in page
        assert [n for n in re.findall(r"\w+", page) if n in seats] [:len(seats)] == list(seats)
        assert f"Es gibt zuerst: {seats[0]}" in page
        assert f"/r/{token}/" in page.replace("\n", "")
    codes = qr_codes(answer.data, tmp_path)
    assert [code.split("/r/")[1] for code in codes] == [f"{t}/" for t in tokens]
    # The code opens the table's page: its seats, the first dealer marked.
    page = club.app.test_client().get("/r/" + codes[0].split("/r/")[1]).text
    assert "Tisch 1" in page and "gibt zuerst" in page


def qr_codes(pdf: bytes, folder: Path) -> list[str]:
    """Each page's QR code, as a camera would read the printed page."""
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (poppler-utils) is not installed")
    zxingcpp = pytest.importorskip("zxingcpp")
    from PIL import Image

    (folder / "slips.pdf").write_bytes(pdf)
    subprocess.run(["pdftoppm", "-r", "100", "-png", str(folder / "slips.pdf"),
                    str(folder / "page")], check=True, timeout=60)
    out = []
    for picture in sorted(folder.glob("page*.png")):
        found = zxingcpp.read_barcode(Image.open(picture))
        assert found is not None, f"no QR code on {picture.name}"
        out.append(str(found.text))
    return out


def test_only_the_organiser_prints_the_seating(club, app):
    from scorer import services

    club.create(NINE)
    club.draw(seed=1)
    with app.app_context():
        read = services.find_tournament(club.token).read_token
    for path in ("runde/1/sitzplan.pdf", "runde/1/tischzettel.pdf"):
        assert app.test_client().get(f"/t/{read}/{path}").status_code == 403
    assert club.client.get(club.home + "runde/2/sitzplan.pdf").status_code == 404
