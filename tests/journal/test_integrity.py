"""Program digest: stable, sensitive to every source change, never imports what it hashes."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

import dealer_station
from dealer_station.integrity import program_digest


@pytest.fixture
def pkg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "site"
    package = root / "fakepkg_ds"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("raise RuntimeError('must not be imported')\n")
    (package / "a.py").write_text("A = 1\n")
    (package / "sub" / "b.py").write_text("B = 2\n")
    (package / "notes.txt").write_text("ignored\n")
    monkeypatch.syspath_prepend(str(root))
    importlib.invalidate_caches()
    return package


def digest(pkg: Path) -> dict:
    return program_digest(("fakepkg_ds",))


def test_real_station() -> None:
    before = set(sys.modules)
    first, second = program_digest(), program_digest()
    imported = set(sys.modules) - before
    assert not {m for m in imported if m.split(".")[0] in {"ui", "drivers", "simulators", "PySide6", "serial", "usb"}}
    assert first == second
    assert first["version"] == dealer_station.__version__
    assert len(first["digest"]) == 64 and first["files"] >= 1
    assert "dealer_station" in first["packages"]


def test_stable_and_counts(pkg: Path) -> None:
    d = digest(pkg)
    assert d == digest(pkg)
    assert d["files"] == 3 and d["missing"] == []
    assert "fakepkg_ds" not in sys.modules  # located, not imported


@pytest.mark.parametrize("change", ["edit", "add", "remove", "rename"])
def test_any_change_changes_digest(pkg: Path, change: str) -> None:
    before = digest(pkg)
    if change == "edit":
        (pkg / "a.py").write_text("A = 2\n")
    elif change == "add":
        (pkg / "c.py").write_text("")
    elif change == "remove":
        (pkg / "sub" / "b.py").unlink()
    else:
        (pkg / "a.py").rename(pkg / "a2.py")
    after = digest(pkg)
    assert after["digest"] != before["digest"]
    assert after["packages"]["fakepkg_ds"]["digest"] != before["packages"]["fakepkg_ds"]["digest"]


def test_non_source_files_ignored(pkg: Path) -> None:
    before = digest(pkg)
    (pkg / "notes.txt").write_text("changed\n")
    (pkg / "__pycache__").mkdir()
    (pkg / "__pycache__" / "x.py").write_text("junk\n")
    assert digest(pkg) == before


def test_missing_package_reported() -> None:
    d = program_digest(("dealer_station", "no_such_package_xyz", "no_such.sub"))
    assert d["missing"] == ["no_such_package_xyz", "no_such.sub"]
    assert list(d["packages"]) == ["dealer_station"]
