"""The casino's chip inventory: which RFID tag id is which chip (denomination, chip set).

A profile with a bet sensor names it in ``[chip_inventory]``: inline ``chips`` (id -> {denomination,
chip_set}) and/or a CSV ``file`` (header ``id,denomination,chip_set``; a relative path is taken from
the profile's folder). It is validated with the profile: a file that cannot be read, a row that is
not a chip, a bad denomination, or an id listed twice (in the file or across file and inline) is a
one-line ``ConfigError`` at start, because a station that guesses what a chip is worth misreads a
bet. The loaded map is kept beside the model (not in it), so a profile dump names the file, not
thousands of chips.

``confirm_rounds`` is how many consecutive inventory rounds a change on a locked spot must hold
before the station acts (HARDWARE.md: one missed read is not an alarm).
"""

from __future__ import annotations

import csv
import re
from collections.abc import Mapping
from decimal import Decimal
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, PrivateAttr, model_validator

from .money import exact_decimal

CHIP_ID = r"^[0-9A-F]{16}$"
CSV_HEADER = ("id", "denomination", "chip_set")
MAX_FILE_BYTES = 64 * 1024 * 1024
_CHIP_SET = re.compile(r"[A-Za-z0-9_-]{0,32}")


def _denomination(value: object) -> Decimal:
    amount = exact_decimal(value)
    if amount <= 0:
        raise ValueError(f"denomination must be > 0, got {value!r}")
    return amount


Denomination = Annotated[Decimal, BeforeValidator(_denomination)]


class Chip(BaseModel):
    """One chip of the inventory."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    denomination: Denomination
    chip_set: str = Field(default="", pattern=r"^[A-Za-z0-9_-]{0,32}$")


def resolve_file(data: Any, folder: Path) -> Any:
    """A profile's raw data with ``chip_inventory.file`` made absolute from the profile's ``folder``."""
    if isinstance(data, Mapping) and isinstance(inv := data.get("chip_inventory"), Mapping):
        name = inv.get("file")
        if isinstance(name, str) and name and not Path(name).is_absolute():
            return {**data, "chip_inventory": {**inv, "file": str(folder / name)}}
    return data


_READ: dict[tuple[str, int, int, int, int], dict[str, Chip]] = {}
"""Files already read, by (path, inode, size, mtime, ctime): a profile is validated again whenever a round's
terms rebuild its table (``profile_loader.with_overrides``, at every settlement), and reading and
checking a few thousand rows each time cost a sensed table a tenth of a second of every round."""
_READ_KEPT = 8


def read_csv(path: Path) -> dict[str, Chip]:
    """The chips a CSV file lists; ``ValueError`` naming the file and line for anything wrong.
    The same unchanged file is read once (the result is shared: callers never change it)."""
    try:
        stat = path.stat()
        if stat.st_size > MAX_FILE_BYTES:
            raise ValueError(f"chip inventory file {path} is larger than {MAX_FILE_BYTES} bytes")
        key = (str(path), stat.st_ino, stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns)
        if (known := _READ.get(key)) is not None:
            return known
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ValueError(f"cannot read chip inventory file {path}: {getattr(exc, 'strerror', None) or exc}") from None
    chips = _parse_csv(path, text)
    if len(_READ) >= _READ_KEPT:
        _READ.pop(next(iter(_READ)))
    _READ[key] = chips
    return chips


def _parse_csv(path: Path, text: str) -> dict[str, Chip]:
    rows = csv.reader(text.splitlines())
    chips: dict[str, Chip] = {}
    lines: dict[str, int] = {}
    header = next(rows, None)
    if header is None or tuple(h.strip() for h in header) != CSV_HEADER:
        raise ValueError(f"{path} line 1: the header must be {','.join(CSV_HEADER)}")
    for number, row in enumerate(rows, start=2):
        if not row or all(not cell.strip() for cell in row):
            continue
        if len(row) != 3:
            raise ValueError(f"{path} line {number}: expected 3 fields (id,denomination,chip_set), got {len(row)}")
        chip_id, denomination, chip_set = (cell.strip() for cell in row)
        _check_id(chip_id, f"{path} line {number}")
        if chip_id in chips:
            raise ValueError(f"{path} line {number}: chip id {chip_id} is listed twice (line {lines[chip_id]})")
        try:
            amount = _denomination(denomination)
        except ValueError as exc:
            raise ValueError(f"{path} line {number}: {exc}") from None
        if not _CHIP_SET.fullmatch(chip_set):
            raise ValueError(f"{path} line {number}: chip set {chip_set!r} is not 1-32 letters, digits, - or _")
        chips[chip_id] = Chip.model_construct(denomination=amount, chip_set=chip_set)
        lines[chip_id] = number
    return chips


def _check_id(chip_id: str, where: str) -> None:
    if len(chip_id) != 16 or any(ch not in "0123456789ABCDEF" for ch in chip_id):
        raise ValueError(f"{where}: chip id {chip_id!r} is not 16 upper-case hex digits")


class ChipInventoryConfig(BaseModel):
    """``[chip_inventory]`` of a profile (see the module docstring)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    file: str | None = None
    chips: dict[str, Chip] = Field(default_factory=dict)
    confirm_rounds: int = Field(default=3, ge=2, le=50)
    _all: dict[str, Chip] = PrivateAttr(default_factory=dict)

    @model_validator(mode="after")
    def _load(self) -> ChipInventoryConfig:
        for chip_id in self.chips:
            _check_id(chip_id, "chips")
        loaded = read_csv(Path(self.file)) if self.file else {}
        for chip_id in self.chips:
            if chip_id in loaded:
                raise ValueError(f"chip id {chip_id} is in both chips and {self.file}")
        if not loaded and not self.chips:
            raise ValueError("the chip inventory lists no chip (give chips or a file)")
        self._all = {**loaded, **self.chips}
        return self

    def chip(self, chip_id: str) -> Chip | None:
        """The chip behind a tag id, or None: a chip this casino does not know (counterfeit or foreign)."""
        return self._all.get(chip_id)

    def by_denomination(self) -> dict[Decimal, list[str]]:
        """Every chip id by denomination, largest first (a simulated rack of real chips)."""
        out: dict[Decimal, list[str]] = {}
        for chip_id, chip in sorted(self._all.items()):
            out.setdefault(chip.denomination, []).append(chip_id)
        return dict(sorted(out.items(), reverse=True))

    def __len__(self) -> int:
        return len(self._all)
