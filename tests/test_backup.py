"""`flask --app scorer backup` and `restore`: where a backup is written and who may read it,
and what a restore refuses before it writes anything."""

from __future__ import annotations

import json
import stat
import subprocess
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_backup_goes_to_the_instance_backups_folder_readable_by_its_owner_only(
        app, runner, table, tmp_path, monkeypatch):
    table.create_group()
    monkeypatch.chdir(tmp_path)
    app.instance_path = str(tmp_path / "instance")
    first = runner.invoke(args=["backup"])
    second = runner.invoke(args=["backup"])  # the same second: a second file, not overwritten
    assert first.exit_code == second.exit_code == 0, first.output + second.output
    folder = tmp_path / "instance" / "backups"
    files = sorted(folder.glob("doko-zettel-backup-*.json"))
    assert len(files) == 2
    assert mode(folder) == 0o700
    for path in files:
        assert mode(path) == 0o600
        assert table.token in path.read_text(encoding="utf-8")
        assert str(path) in first.output + second.output
    assert not list(tmp_path.glob("*.json"))  # nothing in the current folder


def test_a_backup_to_a_given_path_is_readable_by_its_owner_only(app, runner, table, tmp_path):
    table.create_group()
    (tmp_path / "out").mkdir()
    target = tmp_path / "out" / "sicherung.json"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o644)
    result = runner.invoke(args=["backup", "-o", str(target)])
    assert result.exit_code == 0, result.output
    assert mode(target) == 0o600
    assert json.loads(target.read_text(encoding="utf-8"))["format"] == "doko-zettel-backup"
    assert [p.name for p in target.parent.iterdir()] == ["sicherung.json"]  # no temporary left


@pytest.mark.skipif(not (ROOT / ".git").exists(), reason="not a git checkout")
def test_backups_in_the_repository_are_ignored_by_git():
    for path in ("instance/backups/doko-zettel-backup-20260101-120000.json",
                 "doko-zettel-backup-20260101-120000.json"):
        checked = subprocess.run(["git", "check-ignore", "-q", path], cwd=ROOT)
        assert checked.returncode == 0, path
