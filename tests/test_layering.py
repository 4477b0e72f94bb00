"""The layering rule, checked on the import graph of the source (function-level imports too).

- The core (``dealer_station``) imports no Qt, serial, USB, ``drivers``, ``simulators``
  or ``ui``; only the composition root may (the CLI, the station wiring and the play wing's
  tooling, and they only inside functions: importing any core module loads none of them).
- ``drivers`` never imports ``simulators`` or ``ui`` (``sim://`` arrives through an entry
  point); ``simulators`` never imports ``ui``.
"""

from __future__ import annotations

import ast
import functools
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DEVICE_OR_GUI = ("serial", "usb", "PySide6", "drivers", "simulators", "ui")
COMPOSITION_ROOT = ("dealer_station/cli/", "dealer_station/station.py", "dealer_station/play/")
RULES = {
    "dealer_station": DEVICE_OR_GUI,
    "dealer_station/play": ("PySide6", "ui"),  # the play wing drives sessions and devices, never the screen
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


# ---------------------------------------------------------------------------- inside the core

CORE = ROOT / "dealer_station"
INNER_RULES: dict[str, tuple[str, ...]] = {
    # the rules of the games: no engine, no journal, no floor, pit, CLI or screen
    "games": ("engine", "journal", "floor", "pit", "cli", "station", "play", "recall", "supervisor"),
    "jackpot": ("engine", "journal", "floor", "pit", "cli", "station", "play"),
    # the journal's vocabulary sits beneath both the games and the engine
    "table": ("engine", "games", "journal", "floor", "pit", "cli", "station", "play", "jackpot",
              "profile_loader", "game_registry"),
    # the profile models know no game (a game brings its own model)
    "config": ("games", "game_registry", "profile_loader", "engine", "table", "journal", "evaluator_tables",
               "evaluator"),
    # the round engine never reaches the drivers, the floor, the pit or the screen
    "engine": ("floor", "pit", "cli", "station", "play", "view"),
    # the read side reads snapshots: never the floor, the pit, the CLI, the station wiring or the play wing
    "view": ("floor", "pit", "cli", "station", "play"),
    # what rounds add up to (facts and measures) sits beneath the floor and the read side alike
    "figures": ("engine", "view", "floor", "pit", "cli", "station", "play"),
    "journal": ("engine", "games", "table", "floor", "pit", "cli"),
    # the table bank's rules and the buy-in are pure: what the station and the command line both feed
    "bank": ("engine", "games", "table", "journal", "floor", "pit", "cli", "station", "play",
             "jackpot", "profile_loader", "game_registry", "config"),
    "buy_in": ("bank", "engine", "games", "table", "journal", "floor", "pit", "cli", "station", "config"),
    # the player at the seat: pure domain the CLI, the station and the floor feed; it reads the games
    "players": ("engine", "journal", "floor", "pit", "cli", "station", "play", "bank"),
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def core_imports(path: Path) -> list[tuple[int, str]]:
    """(line, imported module) of every import of ``dealer_station`` code in the file, resolved
    (relative, function-level and ``TYPE_CHECKING`` imports included)."""
    name = module_name(path)
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = ".".join(package[: len(package) - node.level + 1])
                targets = [f"{base}.{node.module}"] if node.module else [f"{base}.{a.name}" for a in node.names]
            else:
                targets = [node.module or ""]
        elif isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        else:
            continue
        found.extend((node.lineno, t) for t in targets if t.startswith("dealer_station."))
    return found


def unit_of(module: str) -> str:
    """``dealer_station.X`` (a sub-package or a top-level module) of a module's name."""
    return module.split(".")[1] if module.count(".") >= 1 else module


@functools.cache  # read-only; parsed once per worker, not once per parametrised layer (~0.6 s each)
def core_graph() -> dict[str, dict[str, list[str]]]:
    graph: dict[str, dict[str, list[str]]] = {}
    for path in sorted(CORE.rglob("*.py")):
        source = unit_of(module_name(path))
        for line, target in core_imports(path):
            dest = unit_of(target)
            if dest != source:
                graph.setdefault(source, {}).setdefault(dest, []).append(f"{path.relative_to(ROOT)}:{line}")
    return graph


def cycles(graph: dict[str, dict[str, list[str]]]) -> list[list[str]]:
    """The strongly connected components with more than one unit (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph.get(v, {}):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(set(graph) | {w for ws in graph.values() for w in ws}):
        if v not in index:
            visit(v)
    return found


def test_the_core_package_graph_has_no_cycle() -> None:
    graph = core_graph()
    assert [(c, [(a, b, graph[a][b][:2]) for a in c for b in graph.get(a, {}) if b in c]) for c in cycles(graph)] == []


@pytest.mark.parametrize("unit", sorted(INNER_RULES))
def test_each_layer_of_the_core_imports_only_what_lies_beneath_it(unit: str) -> None:
    reached = core_graph().get(unit, {})
    assert {dest: where[:2] for dest, where in reached.items() if dest in INNER_RULES[unit]} == {}


COMPOSITION_SIDE = ("cli", "play", "__main__")
"""What wires the core together and drives it (the CLI, the play wing): nothing beneath imports it."""


def test_only_the_composition_side_imports_the_play_wing() -> None:
    graph = core_graph()
    assert {unit: reached["play"][:2] for unit, reached in graph.items()
            if "play" in reached and unit not in COMPOSITION_SIDE} == {}


def test_the_graph_check_sees_a_cycle_hidden_in_a_function(tmp_path: Path) -> None:
    graph = {"a": {"b": ["a.py:1"]}, "b": {"c": ["b.py:9 (in a function)"]}, "c": {"a": ["c.py:3"]}, "d": {"a": []}}
    assert cycles(graph) == [["a", "b", "c"]]
    sample = CORE / "games" / "base.py"
    assert any(target.startswith("dealer_station.table") for _, target in core_imports(sample))


# ---------------------------------------------------------------------------- modules, ports


def module_graph() -> dict[str, set[str]]:
    """Every core module -> the core modules it imports (``from pkg import mod`` is an arrow to ``mod``;
    function-level and ``TYPE_CHECKING`` imports included)."""
    modules = {module_name(path): path for path in CORE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                base = ".".join(package[: len(package) - node.level + 1]) + (f".{node.module}" if node.module else "") \
                    if node.level else (node.module or "")
                found.update(f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names)
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
        graph[name] = {t for t in found if t in modules and t != name}
    return graph


def test_no_module_of_the_core_is_in_an_import_circle() -> None:
    graph = {name: {dest: [] for dest in dests} for name, dests in module_graph().items()}
    assert cycles(graph) == []  # type: ignore[arg-type]


def test_the_module_check_sees_a_circle_through_from_package_import_module(tmp_path: Path) -> None:
    graph = {"p.a": {"p.b": []}, "p.b": {"p.a": []}, "p.c": {}}
    assert cycles(graph) == [["p.a", "p.b"]]
    assert "dealer_station.table.events" in module_graph()["dealer_station.table.folds"]


def _session_ports() -> set[str]:
    """What the screen, the pit and the play wing may use of a ``TableSession`` (``engine/session.py``): its ports,
    pinned in one place (``tests/engine/test_command_table.py``)."""
    from tests.engine.test_command_table import PORTS

    return set(PORTS)


def test_the_screen_the_pit_and_the_play_wing_use_the_session_only_through_its_ports() -> None:
    import re

    used: dict[str, set[str]] = {}
    for folder in ("ui", "dealer_station/pit", "dealer_station/play"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            if "TableSession" not in text:
                continue
            for name in re.findall(r"\b(?:self\.|rig\.|window\.|table\.)?_?session\.(\w+)", text):
                used.setdefault(name, set()).add(path.relative_to(ROOT).as_posix())
    assert {name: sorted(where) for name, where in used.items() if name not in _session_ports()} == {}
