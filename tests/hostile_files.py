"""Hostile files of issue 36, made small: each proves a bound (a limit is crossed) without
the megabytes or gigabytes of the real attack. Shared by tests/test_import_hostile.py and
bench/hostile.py. Nothing here is read from disk; every file is made in memory."""

from __future__ import annotations

import json
import random
import struct
import zlib
from collections.abc import Callable, Iterable

MB = 1_000_000
SHEET_HEAD = (b'<?xml version="1.0" encoding="UTF-8"?>'
              b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
              b'<sheetData>')
SHEET_TAIL = b"</sheetData></worksheet>"
SHEET = (SHEET_HEAD + b'<row r="1"><c r="A1" t="inlineStr"><is><t>Anna</t></is></c>'
         b'<c r="B1" t="inlineStr"><is><t>Ben</t></is></c><c r="C1" t="inlineStr"><is><t>Cem'
         b'</t></is></c><c r="D1" t="inlineStr"><is><t>Dora</t></is></c></row>'
         b'<row r="2"><c r="A2"><v>1</v></c><c r="B2"><v>-1</v></c><c r="C2"><v>1</v></c>'
         b'<c r="D2"><v>-1</v></c></row>' + SHEET_TAIL)
PARTS = {
    "[Content_Types].xml": (
        b'<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org'
        b'/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.'
        b'openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType='
        b'"application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/'
        b'vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName='
        b'"/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-'
        b'officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.'
        b'xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.'
        b'sharedStrings+xml"/></Types>'),
    "_rels/.rels": (
        b'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.'
        b'openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://'
        b'schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target='
        b'"xl/workbook.xml"/></Relationships>'),
    "xl/workbook.xml": (
        b'<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.'
        b'org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/'
        b'officeDocument/2006/relationships"><sheets><sheet name="Abend" sheetId="1" r:id="rId1"'
        b'/></sheets></workbook>'),
    "xl/_rels/workbook.xml.rels": (
        b'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.'
        b'openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://'
        b'schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target='
        b'"worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.'
        b'org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>'
        b'</Relationships>'),
    "xl/worksheets/sheet1.xml": SHEET,
    "xl/sharedStrings.xml": (
        b'<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/'
        b'spreadsheetml/2006/main" count="0" uniqueCount="0"></sst>'),
}


def packed(pieces: Iterable[tuple[bytes, int]]) -> tuple[bytes, int, int]:
    """(raw deflate, CRC-32, size) of ``piece × times`` in turn; each piece is packed once
    and repeated (a full flush keeps the pieces independent), so a bomb of 100 MB costs its
    CRC, not its compression."""
    stream = zlib.compressobj(9, zlib.DEFLATED, -15)
    out, crc, size = [], 0, 0
    for piece, times in pieces:
        block = stream.compress(piece) + stream.flush(zlib.Z_FULL_FLUSH)
        out.append(block * times)
        for _ in range(times):
            crc = zlib.crc32(piece, crc)
        size += len(piece) * times
    out.append(stream.flush())
    return b"".join(out), crc, size


def archive(parts: dict[str, bytes | tuple[bytes, int, int]]) -> bytes:
    """A ZIP archive of ``parts``: bytes are packed here; a (deflate, crc, size) triple is
    taken as it is (a part bigger than anything this machine should hold)."""
    local, central = bytearray(), bytearray()
    for name, content in parts.items():
        raw, crc, size = content if isinstance(content, tuple) else packed([(content, 1)])
        encoded = name.encode()
        offset = len(local)
        local += struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, 0, 0, crc, len(raw), size,
                             len(encoded), 0) + encoded + raw
        central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, 8, 0, 0, crc,
                               len(raw), size, len(encoded), 0, 0, 0, 0, 0, offset) + encoded
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(parts), len(parts), len(central),
                      len(local), 0)
    return bytes(local + central + end)


def workbook(**replaced: bytes | tuple[bytes, int, int]) -> bytes:
    """A one-sheet workbook (Anna, Ben, Cem, Dora, one game) with parts replaced by key:
    ``sheet`` (xl/worksheets/sheet1.xml), ``shared`` (xl/sharedStrings.xml)."""
    names = {"sheet": "xl/worksheets/sheet1.xml", "shared": "xl/sharedStrings.xml"}
    parts: dict[str, bytes | tuple[bytes, int, int]] = dict(PARTS)
    for key, content in replaced.items():
        parts[names[key]] = content
    return archive(parts)


def billion_laughs() -> bytes:
    entities = b'<!ENTITY lol0 "lol">' + b"".join(
        b'<!ENTITY lol%d "%s">' % (k, b"".join(b"&lol%d;" % (k - 1) for _ in range(10)))
        for k in range(1, 10))
    return workbook(sheet=b'<?xml version="1.0"?><!DOCTYPE worksheet [' + entities + b"]>"
                    + SHEET.split(b"?>", 1)[1].replace(b"<t>Anna</t>", b"<t>&lol9;</t>"))


def external_entity() -> bytes:
    return workbook(sheet=b'<?xml version="1.0"?><!DOCTYPE worksheet [<!ENTITY x SYSTEM '
                    b'"file:///etc/passwd">]>'
                    + SHEET.split(b"?>", 1)[1].replace(b"<t>Anna</t>", b"<t>&x;</t>"))


def zip_bomb(megabytes: int = 100) -> bytes:
    """A sheet of ``megabytes`` MB of empty rows, packed about a thousandfold."""
    row = b"<row/>" * (MB // 6)
    return workbook(sheet=packed([(SHEET_HEAD, 1), (row, megabytes), (SHEET_TAIL, 1)]))


def packed_too_tightly(megabytes: int = 20) -> bytes:
    """Under the size limit, but packed far tighter than any sheet."""
    return zip_bomb(megabytes)


def _varied(size: int) -> bytes:
    """``size`` bytes of letters that repeat only every 16 KB: packed about thirtyfold, as
    loosely as a real sheet, so that the size limits are met before the ratio's."""
    block = bytes(random.Random(36).choices(b"abcdefghijklmnopqrstuvwxyz", k=16_384))
    return (block * (size // len(block) + 1))[:size]


def huge_shared_string(megabytes: int = 17) -> bytes:
    head = (b'<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.'
            b'org/spreadsheetml/2006/main" count="1" uniqueCount="1"><si><t>')
    return workbook(shared=packed([(head, 1), (_varied(MB), megabytes), (b"</t></si></sst>", 1)]))


def many_shared_strings(count: int = 300_000) -> bytes:
    head = (b'<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.'
            b'org/spreadsheetml/2006/main">')
    letters = _varied(16_000)
    items = b"".join(b"<si><t>%s</t></si>" % letters[k * 16:k * 16 + 8]
                     for k in range(1_000))
    return workbook(shared=packed([(head, 1), (items * 20, count // 20_000), (b"</sst>", 1)]))


def inline_string_bomb(megabytes: int = 100) -> bytes:
    """One cell whose inline string is ``megabytes`` MB long."""
    head = SHEET_HEAD + b'<row r="1"><c r="A1" t="inlineStr"><is><t>'
    return workbook(sheet=packed([(head, 1), (b"y" * MB, megabytes),
                                  (b"</t></is></c></row>" + SHEET_TAIL, 1)]))


def many_parts(count: int = 1_100) -> bytes:
    parts: dict[str, bytes | tuple[bytes, int, int]] = dict(PARTS)
    parts.update({f"xl/media/p{k}.bin": b"" for k in range(count)})
    return archive(parts)


def wide_csv(megabytes: int = 16) -> bytes:
    """200 filled columns: a club's whole list in every row."""
    head = ";".join(f"Spieler {k}" for k in range(200))
    row = ";".join(str(k % 7) for k in range(200))
    return (head + "\n" + (row + "\n") * (megabytes * MB // (len(row) + 1))).encode()


def long_number(digits: int = 5_001) -> bytes:
    return b'{"app": "doppelkopf-schreiber", "formatVersion": ' + b"9" * digits + b"}"


def qdk_of_many_bock_events(deals: int = 2_000, events: int = 1) -> bytes:
    """A valid QtDoppelKopf file whose every deal fires ``events`` Bock events (QtDoppelKopf's
    most is 9)."""
    names = ["Anna", "Ben", "Cem", "Dora"]
    data: list[dict[str, object]] = [{
        "kind": "playersSet", "playerNames": names, "dealerName": "Anna", "sitOutScheme": [],
        "previousDealerName": ""}]
    for k in range(deals):
        sign = 1 if k % 2 else -1
        data.append({"kind": "deal", "players": 4, "numberOfEvents": events, "changes": [
            {"name": n, "diff": sign * (1 if i < 2 else -1)} for i, n in enumerate(names)]})
    return json.dumps({"dataVersion": "2", "data": data}).encode()


HOSTILE: dict[str, tuple[str, Callable[[], bytes]]] = {
    "billion laughs (XLSX)": ("laughs.xlsx", billion_laughs),
    "external entity (XLSX)": ("entity.xlsx", external_entity),
    "zip bomb, 100 MB sheet": ("bomb.xlsx", zip_bomb),
    "sheet packed 1000-fold, 20 MB": ("tight.xlsx", packed_too_tightly),
    "one shared string of 17 MB": ("shared.xlsx", huge_shared_string),
    "300,000 shared strings": ("strings.xlsx", many_shared_strings),
    "inline string of 100 MB": ("inline.xlsx", inline_string_bomb),
    "1,100 parts in the archive": ("parts.xlsx", many_parts),
    "CSV of 200 columns, 16 MB": ("wide.csv", wide_csv),
    "JSON number of 5,001 digits": ("number.json", long_number),
    "QtDoppelKopf, 2,000 deals of a Bock event": ("bock.qdk", qdk_of_many_bock_events),
    "QtDoppelKopf, 2,000 deals of 9 Bock events": (
        "bock9.qdk", lambda: qdk_of_many_bock_events(events=9)),
}
"""Every hostile file by what it is: (file name, maker)."""
