"""Importers: other scorekeepers' files and paper sheets turned into evenings of ours.

One module per format — ``bockzettel`` (doppelkopf-schreiber JSON), ``tristhaus``
(QtDoppelKopf ``.qdk`` and jsdoppelkopf logs), ``table`` (CSV and spreadsheet rows) — and the
thin ``xlsx`` adapter that turns a workbook into rows. Each declares its
:class:`~scorer.importers.plan.FileFormat` (what it recognises, how it reads) and returns an
:class:`~scorer.importers.plan.ImportPlan` whose evenings are the core's own evening input;
:func:`read_import` asks the formats of ``detect.FORMATS`` in turn (our own backup among
them, recognised only to be sent to the backup restore) and checks that every evening folds.
Pure (only the standard library and the core), except ``xlsx``, which imports openpyxl when
it runs.
"""

from scorer.importers.detect import (
    Opened,
    detect_format,
    open_import,
    plan_import,
    read_import,
    too_big,
)
from scorer.importers.plan import (
    MAX_FILE_BYTES,
    MAX_GAMES,
    ImportMode,
    ImportPlan,
    ImportRefused,
    PlannedEvening,
    SourceFormat,
    check_plan,
    game_signature,
    rename_players,
)

__all__ = [
    "MAX_FILE_BYTES",
    "MAX_GAMES",
    "ImportMode",
    "ImportPlan",
    "ImportRefused",
    "Opened",
    "PlannedEvening",
    "SourceFormat",
    "check_plan",
    "detect_format",
    "game_signature",
    "open_import",
    "plan_import",
    "read_import",
    "rename_players",
    "too_big",
]
