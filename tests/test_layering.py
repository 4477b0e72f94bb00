"""The layering rule, checked on the import graph of the source (function-level imports too).

- The core (``dealer_station``) imports no Qt, serial, USB, ``drivers``, ``simulators``
  or ``ui``; only the composition root may (the CLI and the station wiring).
- ``drivers`` never imports ``simulators`` or ``ui`` (``sim://`` arrives through an entry
  point); ``simulators`` never imports ``ui``.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DEVICE_OR_GUI = ("serial", "usb", "PySide6", "drivers", "simulators", "ui")
COMPOSITION_ROOT = ("dealer_station/cli/", "dealer_station/station.py")
RULES = {
    "dealer_station": DEVICE_OR_GUI,
    "drivers": ("simulators", "ui", "PySide6"),
    "simulators": ("ui", "PySide6"),
}


def imported_roots(path: Path) -> list[tuple[int, str]]:
    """(line, top-level package) of every import in the file, wherever it stands."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name.split(".")[0]) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module.split(".")[0]))
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) in (
                "import_module", "__import__") and node.args and isinstance(node.args[0], ast.Constant) \
                and isinstance(node.args[0].value, str):
            found.append((node.lineno, node.args[0].value.split(".")[0]))
    return found


def violations() -> list[str]:
    out = []
    for package, forbidden in RULES.items():
        for path in sorted((ROOT / package).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if package == "dealer_station" and rel.startswith(COMPOSITION_ROOT):
                continue
            for line, name in imported_roots(path):
                if name in forbidden:
                    out.append(f"{rel}:{line} imports {name}")
    return out


def test_no_layer_imports_what_it_must_not() -> None:
    assert violations() == []


def test_the_check_sees_function_level_imports(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("def f():\n    import serial\n    from ui.app import x\n    importlib.import_module('usb.core')\n")
    assert [name for _, name in imported_roots(sample)] == ["serial", "ui", "usb"]


@pytest.mark.parametrize("package", ["dealer_station"])
def test_importing_every_core_module_pulls_in_no_device_or_gui_library(package: str) -> None:
    code = (
        f"import importlib, pkgutil, sys, {package}\n"
        f"for m in pkgutil.walk_packages({package}.__path__, '{package}.'):\n"
        "    if not m.name.endswith('__main__'):\n"
        "        importlib.import_module(m.name)\n"
        f"print(sorted({{k.split('.')[0] for k in sys.modules}} & set({DEVICE_OR_GUI!r})))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
