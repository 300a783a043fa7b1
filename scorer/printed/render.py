"""Printed sheets outside the request: rendered by a process of their own, kept on disk under
the evening's version.

A PDF of a long evening takes seconds to lay out (WeasyPrint, some 8 ms a game), and a web
worker that renders it answers nobody else meanwhile: two PDFs stalled another phone's live
check for 12–18 s (issue 26). So no request renders. A request looks for the PDF of exactly
what it would print (``Job.name``: the evening, its fold key, title, date, money and the
renderer's own files, hashed) in the folder (``DOKO_PDF_FOLDER``, by default
``instance/zettel``) and sends it; else it hands the sheet's context (plain data) to the
render process and answers at once that the sheet is being made (``render``). An unchanged
evening is thus rendered once, whoever asks and however often.

The render process (one per web worker, started with ``spawn`` so that it shares nothing
with the worker, and niced) renders one sheet at a time; on the machine at most one renders
at all (a lock file in the folder), so a crowd of PDFs leaves the web workers their core. A
marker file (``.pending``) tells every worker that a sheet is under way, so that polling
phones on other workers do not start it again; a marker older than STALE_SECONDS (its render
process died) is taken over. The PDF is written to a temporary file and renamed, so a
reader never sees half of one; older versions of the same sheet are removed once the new one
is there.

A worker that answers in threads (``wsgi.multithread``) may wait a moment for a sheet in its
own thread (``wait``): the other threads go on answering the table. A single-threaded worker
never waits.

The pictures of a shared result (``Job.extension`` "png", scorer.printed.picture) are made and
kept the same way.
"""

from __future__ import annotations

import fcntl
import gc
import hashlib
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scorer.words.i18n import SOURCE, speaking
from scorer.words.sheet import not_rendered

log = logging.getLogger(__name__)

FOLDER = "zettel"
"""The folder in the app's instance folder that keeps the rendered sheets."""
STALE_SECONDS = 180.0
"""A sheet under way for longer than this is taken to have died with its process."""
NICE = 5
"""How much lower the render process's priority is than the web workers'."""
PARENT_CHECK = 1.0
"""Seconds between the render process's looks at whether its web worker is still there."""
KEEP = 400
"""Sheets kept in the folder at most; beyond that the longest unused go (a sheet is some
50–300 KB). Older versions of a sheet go as soon as its new one is there."""
_LOCK = ".render.lock"
_PACKAGE = Path(__file__).resolve().parent.parent
_SOURCES = (*sorted((_PACKAGE / "printed").glob("*.py")),
            *sorted((_PACKAGE / "words").glob("*.py")),
            *sorted((_PACKAGE.parent / "templates" / "pdf").iterdir()))
"""What the printed pages are made of: a change to any of them makes every sheet new."""


def _renderer_version() -> str:
    digest = hashlib.sha256()
    for path in _SOURCES:
        if path.is_file():
            digest.update(path.name.encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


RENDERER = _renderer_version()
"""The version of the renderer's own files (a new release prints every sheet anew)."""


@dataclass(frozen=True)
class Job:
    """One printed page set: what it shows (``subject``: "12-1", the first part of evening 12;
    "saison-3-2025"; "turnier-5-ergebnis") and the version of everything it shows."""

    subject: str
    version: str
    """A hash of everything the sheet shows (``version_of``)."""
    language: str = SOURCE
    """The language it is printed in; a German and an English copy are kept side by side."""
    extension: str = "pdf"
    """What it is: "pdf", or "png" for the picture of a shared result (scorer.printed.picture)."""

    @property
    def name(self) -> str:
        """The file's name in the folder: "12-1-<version>.pdf", "12-1.en-<version>.pdf"."""
        spoken = "" if self.language == SOURCE else f".{self.language}"
        return f"{self.subject}{spoken}-{self.version}.{self.extension}"

    @property
    def etag(self) -> str:
        """The sheet's version as an HTTP entity tag."""
        return f"{self.subject}-{self.version}"


def version_of(*parts: Any) -> str:
    """A short hash of ``parts`` (their repr) and the renderer's own version."""
    return hashlib.sha256(repr((RENDERER, parts)).encode()).hexdigest()[:24]


def folder_of(instance_path: str, configured: str | None) -> Path:
    """The folder of the kept sheets, made (private: the sheets name the players) if new."""
    folder = Path(configured) if configured else Path(instance_path) / FOLDER
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    return folder


def kept(folder: Path, job: Job) -> bytes | None:
    """The PDF of ``job`` if it is there (and now the most recently used)."""
    path = folder / job.name
    try:
        pdf = path.read_bytes()
        os.utime(path)
    except FileNotFoundError:
        return None
    return pdf


def failed(folder: Path, job: Job) -> bool:
    """Whether the last render of ``job`` failed (and forget that: the next asks anew)."""
    try:
        (folder / f"{job.name}.failed").unlink()
    except FileNotFoundError:
        return False
    return True


def render(folder: Path, job: Job, make: Callable[[dict[str, Any]], bytes],
           context: Callable[[], dict[str, Any]]) -> None:
    """See that ``job`` gets rendered: unless it is under way already (in any worker), mark
    it and hand ``context()`` to this worker's render process, which makes the PDF with
    ``make`` (a module-level function of ``scorer.printed``: it travels by name)."""
    pending = folder / f"{job.name}.pending"
    with _started_lock:
        running = _started.get(job.name)
        if running is not None and not running.done():
            return
        if not _claim(pending):
            return
        try:
            future = _pool().submit(_render, str(folder), job.name, make, context(),
                                    job.language)
        except BaseException:
            pending.unlink(missing_ok=True)
            raise
        _started[job.name] = future
    future.add_done_callback(lambda done: _finished(job.name, pending, done))


def wait(folder: Path, job: Job, seconds: float) -> bytes | None:
    """The PDF of ``job`` as soon as it is there, or None after ``seconds``."""
    deadline = time.monotonic() + seconds
    while True:
        pdf = kept(folder, job)
        if pdf is not None or time.monotonic() >= deadline:
            return pdf
        time.sleep(0.05)


def start(warm: Callable[[], None]) -> None:
    """Start this worker's render process now and let it ``warm`` up (load WeasyPrint, lay
    out a first page), so that the first sheet of the evening does not wait for it (a web
    worker as it starts)."""
    _pool().submit(warm).result()


def _claim(pending: Path) -> bool:
    """Mark a sheet as under way; False when another worker has (and its mark is fresh)."""
    try:
        os.close(os.open(pending, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
        return True
    except FileExistsError:
        pass
    try:
        if time.time() - pending.stat().st_mtime < STALE_SECONDS:
            return False
    except FileNotFoundError:
        pass  # finished meanwhile: rendering again finds it there
    pending.touch()  # taken over from a render that died
    return True


def _finished(name: str, pending: Path, future: Future[None]) -> None:
    with _started_lock:
        if _started.get(name) is future:
            del _started[name]
    error = future.exception()
    if error is not None:
        log.error("%s", not_rendered(name, error))
        (pending.parent / f"{name}.failed").write_text(repr(error), encoding="utf-8")
    pending.unlink(missing_ok=True)


_started: dict[str, Future[None]] = {}
_started_lock = threading.Lock()
_executor: ProcessPoolExecutor | None = None


def _pool() -> ProcessPoolExecutor:
    """This worker's render process (started when first needed, and again if it died)."""
    global _executor
    pool = _executor
    if pool is None or getattr(pool, "_broken", False):
        pool = _executor = ProcessPoolExecutor(
            max_workers=1, mp_context=multiprocessing.get_context("spawn"),
            initializer=_render_process_started)
    return pool


def _render_process_started() -> None:  # in the render process
    try:
        os.nice(NICE)
    except OSError:  # pragma: no cover - not allowed here: render at the same priority
        pass
    # The pool's queue never tells a waiting process that its worker is gone (it holds both
    # ends of the pipe): a worker killed by gunicorn would leave its render process behind.
    parent = os.getppid()
    threading.Thread(target=_exit_with, args=(parent,), daemon=True).start()


def _exit_with(parent: int) -> None:  # in the render process
    """End this process soon after ``parent`` has ended."""
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK)
    os._exit(0)


def _render(folder: str, name: str, make: Callable[[dict[str, Any]], bytes],
            context: dict[str, Any], language: str = SOURCE) -> None:  # in the render process
    """Render one sheet into ``folder``/``name`` in ``language``, one at a time on this
    machine; older versions of the same sheet go once it is there."""
    where = Path(folder)
    with open(where / _LOCK, "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        target = where / name
        if not target.exists():
            # No cyclic collection while WeasyPrint lays out (it made a long sheet 1.46x
            # slower, issue #40); the cycles it leaves are collected once the file is there.
            gc.disable()
            try:
                with speaking(language):
                    pdf = make(context)
            finally:
                gc.enable()
            temporary = where / f".{name}.{os.getpid()}.tmp"
            with open(os.open(temporary, os.O_CREAT | os.O_TRUNC | os.O_WRONLY, 0o600),
                      "wb") as out:
                out.write(pdf)
            os.replace(temporary, target)
    stem, extension = name.rsplit(".", 1)
    subject = stem.rsplit("-", 1)[0]
    for older in where.glob(f"{subject}-*.{extension}"):
        if (older.name != name
                and older.name.rsplit(".", 1)[0].rsplit("-", 1)[0] == subject):
            older.unlink(missing_ok=True)
    _keep_at_most(where, KEEP)
    gc.collect()


def _keep_at_most(folder: Path, count: int) -> None:
    """Remove the least recently used sheets beyond ``count``."""
    sheets = []
    for path in (*folder.glob("*.pdf"), *folder.glob("*.png")):
        try:
            sheets.append((path.stat().st_mtime, path))
        except FileNotFoundError:
            continue
    for _, path in sorted(sheets, reverse=True)[count:]:
        path.unlink(missing_ok=True)


__all__ = ["FOLDER", "Job", "RENDERER", "STALE_SECONDS", "failed", "folder_of", "kept",
           "render", "start", "version_of", "wait"]
