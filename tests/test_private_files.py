"""The SQLite database and the instance folder hold every edit link and the secret key: only
their owner may read them (scorer/store/private.py), as only the owner reads a backup."""

from __future__ import annotations

import os
import shutil
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def usual_umask() -> Iterator[None]:
    """The umask of most systems: files come out 0644 and folders 0755 unless made private."""
    old = os.umask(0o022)
    yield
    os.umask(old)


def app_on(path: Path) -> object:
    from scorer.app import create_app

    return create_app({"TESTING": True, "SECRET_KEY": "test",
                       "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"})


def test_a_new_database_and_its_wal_files_are_readable_by_their_owner_only(tmp_path,
                                                                           usual_umask):
    from flask_migrate import upgrade

    from scorer.store.extensions import db

    path = tmp_path / "doko.sqlite3"
    app = app_on(path)
    with app.app_context():
        upgrade()  # writes through WAL: the -wal and -shm files exist while connected
        assert Path(f"{path}-wal").exists()
        assert {p.name: mode(p) for p in tmp_path.iterdir()} == {
            "doko.sqlite3": 0o600, "doko.sqlite3-wal": 0o600, "doko.sqlite3-shm": 0o600}
        db.engine.dispose()


def test_an_existing_world_readable_database_is_tightened_when_the_app_starts(
        tmp_path, usual_umask, migrated_sqlite):
    path = tmp_path / "doko.sqlite3"
    shutil.copyfile(migrated_sqlite, path)
    Path(f"{path}-wal").write_bytes(b"")
    for made in tmp_path.iterdir():
        made.chmod(0o644)
    app_on(path)
    assert mode(path) == 0o600
    assert mode(Path(f"{path}-wal")) == 0o600


def test_the_instance_folder_is_closed_to_others_when_the_app_starts(tmp_path):
    from scorer.app import ROOT

    instance = ROOT / "instance"
    instance.mkdir(exist_ok=True)
    instance.chmod(0o755)
    app = app_on(tmp_path / "doko.sqlite3")
    assert Path(app.instance_path) == instance
    assert mode(instance) == 0o700
