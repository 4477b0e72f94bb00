"""The package built as a wheel carries its table profiles: installed (not editable) in a
folder of its own, away from the checkout, it runs a table on ``--config uth-default``."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow(seconds=30)  # builds and installs the wheel in a fresh venv

ROOT = Path(__file__).resolve().parent.parent


def test_a_wheel_installed_elsewhere_runs_a_table_from_its_packaged_profile(tmp_path: Path) -> None:
    source = tmp_path / "source"  # built from a copy: setuptools leaves build/ in the tree it builds
    shutil.copytree(ROOT, source, symlinks=True, ignore=shutil.ignore_patterns(
        ".git", ".venv", "var", "build", "*.egg-info", "__pycache__", ".pytest_cache", ".hypothesis", ".mypy_cache",
        ".ruff_cache"))
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                            "-w", str(tmp_path / "dist"), str(source)], capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stderr[-2000:]
    wheel = next((tmp_path / "dist").glob("dealer_station-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    assert {"dealer_station/profiles/uth-default.toml", "dealer_station/profiles/thb-default.toml"} <= set(names)
    # the floor's migrations and the pit page's templates and static files are package data too
    assert {"dealer_station/floor/migrations/0004_pit.sql", "dealer_station/pit/app.py",
            "dealer_station/pit/templates/floor.html", "dealer_station/pit/static/pit.js",
            "dealer_station/pit/static/pit.css"} <= set(names)
    site = tmp_path / "site"
    installed = subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(site),
                                str(wheel)], capture_output=True, text=True, timeout=300)
    assert installed.returncode == 0, installed.stderr[-2000:]
    work = tmp_path / "elsewhere"
    work.mkdir()
    env = {**os.environ, "PYTHONPATH": str(site), "QT_QPA_PLATFORM": "offscreen", "DEALER_STATION_LOG_LEVEL": "error"}
    env.pop("DEALER_STATION_CONFIG_DIR", None)
    where = subprocess.run([sys.executable, "-c", "import dealer_station; print(dealer_station.__file__)"],
                           capture_output=True, text=True, cwd=work, env=env, timeout=60)
    assert where.stdout.startswith(str(site)), where.stdout + where.stderr
    ran = subprocess.run([sys.executable, "-m", "dealer_station", "run", "--config", "uth-default", "--demo",
                          "--rounds", "1", "--step-ms", "5", "--journal", str(work / "demo.sqlite")],
                         capture_output=True, text=True, cwd=work, env=env, timeout=180)
    assert ran.returncode == 0, ran.stderr[-2000:]
    assert "1 round(s) finished" in ran.stdout
