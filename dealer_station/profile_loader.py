"""Loading table profiles: TOML files in ``config/`` (or ``$DEALER_STATION_CONFIG_DIR``)
validated into the models of ``config.py`` by the game each names, and round records'
table overrides laid over a profile.

The models say what a profile may hold; this module finds, reads and validates one, the
single place a table is validated (profiles and record overrides alike), so every problem
is the same one line: ``source: key.path: problem``.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import ValidationError

import dealer_station

from .chip_inventory import resolve_file
from .config import CONFIG_DIR_ENV, BankingTableConfig, TableConfig, first_problem
from .errors import ConfigError, DealerStationError, RecordError
from .game_registry import find, registered
from .table.terms import OPERATIONAL

TABLE_KEYS = ("table", "min_chip", "limits", "paytables")
"""Optional record keys that override the table profile (ROUND_RECORD.md)."""


def build_table(
    data: Mapping[str, Any],
    source: str | None = None,
    error: type[DealerStationError] = ConfigError,
) -> TableConfig:
    """Validate ``data`` into a ``TableConfig``, including the game's own requirements.

    The single place a table is validated (profiles and record overrides alike); the
    first problem is raised as one line: ``source: key.path: problem``.
    """
    prefix = f"{source}: " if source else ""
    name = data.get("game") if isinstance(data, Mapping) else None
    game = find(name)
    if game is None:
        known = ", ".join(sorted(registered()))
        problem = "missing required key" if name is None else f"unknown game {name!r} (known: {known})"
        raise error(problem, f"{prefix}game")
    try:
        table = game.config_model.model_validate(dict(data))
    except ValidationError as exc:
        problem, path = first_problem(exc)
        raise error(problem, f"{prefix}{path}" if path else source) from None
    try:
        game.check_table(table)
    except DealerStationError as exc:
        raise error(exc.problem, f"{prefix}{exc.field}" if exc.field else source) from None
    return table


def with_overrides(table: TableConfig, overrides: Mapping[str, Any]) -> TableConfig:
    """``table`` with a round record's ``min_chip``/``limits``/``paytables`` (a game's ``options``) laid over it.

    Limits merge per spot and pay tables per table name: a record giving only the Trips
    table keeps the profile's Blind table. Problems are ``RecordError``s naming the key.
    """
    if not overrides:
        return table
    data = table.model_dump(exclude_unset=True)
    for key, value in overrides.items():
        if key in ("limits", "paytables", "options"):
            if not isinstance(value, Mapping):
                raise RecordError("must be an object", key)
            data[key] = {**data.get(key, {}), **value}
        else:
            data[key] = value
    return build_table(data, error=RecordError)


def with_terms(profile: TableConfig, terms: Mapping[str, Any]) -> TableConfig:
    """The table a round opened under ``terms`` is settled by: those terms, with what runs the
    station (devices, journal, language, floor, shifts) from today's ``profile``."""
    running = profile.model_dump(mode="json", include=set(OPERATIONAL), exclude_unset=True)
    return build_table({**terms, **running}, "journaled terms")


def config_dir() -> Path:
    """``$DEALER_STATION_CONFIG_DIR``, else the profiles shipped inside the package.

    ``dealer_station/profiles`` is the repository's ``config/`` (a link), so a wheel
    installed with ``pip install .`` carries the same profiles as a checkout.
    """
    env = os.environ.get(CONFIG_DIR_ENV)
    if env:
        return Path(env)
    return Path(dealer_station.__file__).resolve().parent / "profiles"


def available_profiles() -> list[str]:
    directory = config_dir()
    return sorted(p.stem for p in directory.glob("*.toml")) if directory.is_dir() else []


def _is_path(name_or_path: str) -> bool:
    return name_or_path.endswith(".toml") or "/" in name_or_path or os.sep in name_or_path


def load_profile(name_or_path: str) -> TableConfig:
    """Load a table profile: a ``.toml`` path, or a profile name in ``config_dir()``."""
    if _is_path(name_or_path):
        path = Path(name_or_path)
        if not path.is_file():
            raise ConfigError("no such profile file", name_or_path)
        source = name_or_path
    else:
        path = config_dir() / f"{name_or_path}.toml"
        if not path.is_file():
            known = ", ".join(available_profiles()) or "none"
            raise ConfigError(f"unknown table profile {name_or_path!r} (available: {known})")
        source = _display(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"TOML syntax error: {exc}", source) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read profile: {exc}", source) from None
    return build_table(_programs_beside(resolve_file(data, path.parent), path.parent), source)


def _programs_beside(data: Any, folder: Path) -> Any:
    """A profile's raw data with ``devices.programs`` (default ``programs``) made absolute from the profile's
    ``folder``: its approved program images sit beside it, as its chip inventory does."""
    if not isinstance(data, dict):
        return data
    devices = data.get("devices", {})
    if not isinstance(devices, dict):
        return data
    name = devices.get("programs", "programs")
    if isinstance(name, str) and name and not Path(name).is_absolute():
        return {**data, "devices": {**devices, "programs": str(folder / name)}}
    return data


def _display(path: Path) -> str:
    """A path relative to the working directory when it is under it (shorter messages)."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def record_profile(record: Mapping[str, Any]) -> TableConfig:
    """The profile a record names in ``table``; problems are reported on that field."""
    name = record["table"]
    if not isinstance(name, str) or not name:
        raise RecordError("must be a profile name", "table")
    try:
        return load_profile(name)
    except ConfigError as exc:
        raise RecordError(str(exc), "table") from None


def table_for_record(record: Mapping[str, Any], table: TableConfig | None) -> BankingTableConfig:
    """The table in force for a banking record: its named profile (``table``), then its overrides."""
    if "table" in record:
        table = record_profile(record)
    if table is None:
        raise RecordError("names no table profile and none was given", "table")
    if table.game != record.get("game"):
        raise RecordError(f"record is for {record.get('game')!r} but the table profile is for {table.game!r}", "game")
    overrides = {key: record[key] for key in TABLE_KEYS[1:] if key in record}
    result = with_overrides(table, overrides)
    assert isinstance(result, BankingTableConfig)
    return result
