"""The core imports no Qt and no serial/USB library (the brief's layout rule)."""

from __future__ import annotations

import subprocess
import sys

FORBIDDEN = ("serial", "usb", "PySide6", "drivers", "simulators", "ui")


def test_importing_every_core_module_pulls_in_no_device_or_gui_library() -> None:
    code = (
        "import importlib, pkgutil, sys, dealer_station\n"
        "for m in pkgutil.walk_packages(dealer_station.__path__, 'dealer_station.'):\n"
        "    if not m.name.endswith('__main__'):\n"
        "        importlib.import_module(m.name)\n"
        f"print(sorted({{k.split('.')[0] for k in sys.modules}} & set({FORBIDDEN!r})))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
