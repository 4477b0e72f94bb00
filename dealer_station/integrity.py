"""Program verification: a SHA-256 over the station's installed source files.

Gaming regulators require the station to prove which program is running; the
session journals ``program_digest()`` at start-up. Packages are located with
``importlib.util.find_spec`` and never imported (``ui`` would pull in Qt).

Each file contributes ``relative path + NUL + sha256(content)``, in sorted path order,
so editing, adding, removing or renaming any ``*.py`` file changes the digest, while
the install location (absolute path) does not.
"""

from __future__ import annotations

import hashlib
import importlib.util
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from . import __version__

DEFAULT_PACKAGES = ("dealer_station", "drivers", "simulators", "ui")


def _locate(name: str) -> list[Path] | None:
    """Directories (or the single file) of ``name`` without importing it; None if absent."""
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None
    if spec is None:
        return None
    if spec.submodule_search_locations:
        return [Path(p) for p in spec.submodule_search_locations]
    if spec.origin and spec.origin.endswith(".py"):
        return [Path(spec.origin)]
    return None


def _source_files(name: str, roots: Iterable[Path]) -> list[tuple[str, Path]]:
    """``(package-relative posix path, file)`` for every ``*.py`` file, sorted by path."""
    files: dict[str, Path] = {}
    for root in roots:
        if root.is_file():
            files[f"{name}.py"] = root
            continue
        for file in root.rglob("*.py"):
            if "__pycache__" in file.parts or not file.is_file():
                continue
            files[f"{name}/{file.relative_to(root).as_posix()}"] = file
    return sorted(files.items())


def program_digest(packages: Iterable[str] = DEFAULT_PACKAGES) -> dict[str, Any]:
    """Version, overall SHA-256, file count and per-package digests; absent packages listed as missing."""
    overall = hashlib.sha256()
    report: dict[str, Any] = {"version": __version__, "algorithm": "sha256"}
    per_package: dict[str, Any] = {}
    missing: list[str] = []
    total = 0
    for name in packages:
        roots = _locate(name)
        if roots is None:
            missing.append(name)
            continue
        package = hashlib.sha256()
        files = _source_files(name, roots)
        for rel, file in files:
            entry = rel.encode("utf-8", "surrogateescape") + b"\0" + hashlib.sha256(file.read_bytes()).digest()
            package.update(entry)
            overall.update(entry)
        per_package[name] = {"digest": package.hexdigest(), "files": len(files), "path": ";".join(map(str, roots))}
        total += len(files)
    report.update(digest=overall.hexdigest(), files=total, packages=per_package, missing=missing)
    return report
