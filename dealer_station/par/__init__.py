"""Par sheets: the theoretical figures of a game's pay tables, one provider per game.

A game declares its par sheet provider as a dotted name (the ``par_provider`` of its game
class, e.g. ``"dealer_station.par.uth:uth_par"``), or anything may ``register(game,
provider)`` one (a callable or a dotted name, imported on first use). ``par_sheet(game,
paytables)`` finds it, computes the sheet once per pay tables and caches it (in memory, and
on disk under ``$XDG_CACHE_HOME/dealer-station/par`` because a sheet simulates the rounds its
covariance of two seats comes from: ``montecarlo``, the one engine every game's simulation runs on).

A provider is a plain callable ``provider(paytables, *, seed, progress[, samples][, seats])
-> ParSheet``: ``samples`` (rounds simulated) and ``seats`` (seats a simulated round has: the
profile's) are passed only when the caller chose them, so the provider's defaults hold
otherwise.

A sheet gives, per *basis* spot (a stake a seat places; decision bets such as UTH's Play
are inside the spot they multiply), the house edge per unit staked, the variance of one
seat's result per unit^2 and the covariance between two seats of the same round per
unit^2 - what a pit report needs for its theoretical win and its 95% interval - plus the
rows a person reads (``tables``). A result that is not proportional to a stake has a basis
of its own: Texas Hold'em Bonus's Pool keeps its stake (spot ``pool``, edge 1) and pays a
share of the meter each stake was paid from (basis ``pool_meter``, in the round facts: per
Pool stake, that meter).
"""

from __future__ import annotations

import hashlib
import json
import os
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field, replace
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import structlog

from ..errors import ConfigError
from ..journal import canonical_json

log = structlog.get_logger("dealer_station.par")

Progress = Callable[[str], None]
POOL_METER = "pool_meter"
"""The basis of what Texas Hold'em Bonus's Pool pays: per Pool stake, the meter it was paid from."""
Z95 = 1.96
"""Two-sided 95% quantile of the normal distribution: a simulated edge's confidence interval."""


def decimal_of(value: float | Fraction, places: int = 10) -> Decimal:
    """A par figure as a Decimal rounded to ``places`` (a simulated float or an exact Fraction)."""
    if isinstance(value, float):
        return round(Decimal(value), places)
    return round(Decimal(value.numerator) / Decimal(value.denominator), places)


@dataclass(frozen=True)
class SpotPar:
    """Theoretical figures of one basis spot, per unit staked on it."""

    edge: Decimal  # house win per unit staked (positive: the house wins)
    variance: Decimal  # of one seat's result, per unit^2
    cross_covariance: Decimal  # between two seats of one round, per unit^2
    edge_ci95: Decimal = Decimal(0)  # half-width of the edge's 95% confidence interval (0: exact)
    exact: bool = False
    text: str | None = None  # how the summary states it (None: its edge; "": said with another spot)


@dataclass(frozen=True)
class ParTable:
    """Rows a person reads: a pay table's rows with their probability, or a figure list."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str = ""


@dataclass(frozen=True)
class ParSheet:
    game: str
    spots: dict[str, SpotPar]
    included: frozenset[str] = frozenset()  # placed spots whose result is inside another spot's figure
    tables: tuple[ParTable, ...] = ()
    method: str = ""
    elapsed_s: float = 0.0
    extra: dict[str, str] = field(default_factory=dict)

    def summary(self) -> str:
        parts = [f"{spot}: " + (f"edge {e.edge * 100:.4f}%" if e.text is None else e.text)
                 + (f" +/- {e.edge_ci95 * 100:.2f}" if e.edge_ci95 else " (exact)")
                 for spot, e in sorted(self.spots.items()) if e.text != ""]
        return f"{self.game}: " + ", ".join(parts)

    def as_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["included"] = sorted(self.included)
        plain: dict[str, Any] = json.loads(json.dumps(data, default=str))
        return plain

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ParSheet:
        spots = {k: SpotPar(Decimal(v["edge"]), Decimal(v["variance"]), Decimal(v["cross_covariance"]),
                            Decimal(v["edge_ci95"]), bool(v["exact"]), v.get("text"))
                 for k, v in data["spots"].items()}
        tables = tuple(ParTable(t["title"], tuple(t["columns"]), tuple(tuple(r) for r in t["rows"]), t.get("note", ""))
                       for t in data["tables"])
        return cls(data["game"], spots, frozenset(data["included"]), tables, data["method"], float(data["elapsed_s"]),
                   dict(data.get("extra", {})))


Provider = Callable[..., ParSheet]
"""``provider(paytables, *, seed, progress[, samples][, seats])`` -> ParSheet (see the module)."""

PROVIDERS: dict[str, Provider | str] = {}
"""Providers registered by game name: a callable, or a dotted name not imported yet."""
CACHE_VERSION = "3"  # 3: main games under optimal play (exact), no longer a scripted strategy's


def current(sheet: ParSheet) -> bool:
    """Whether ``sheet`` was computed by this version of the par sheets (``par_sheet`` marks it): a
    sheet kept elsewhere (the floor's ``floor.par_sheets``) from an older version is computed again
    (version 2's main games were a scripted strategy's, not optimal play's)."""
    return sheet.extra.get("par_version") == CACHE_VERSION


def register(game: str, provider: Provider | str) -> None:
    """A game's par sheet provider (one per game name): a callable, or a dotted name
    (``"package.module:function"``) imported when a sheet is first asked for."""
    PROVIDERS[game] = provider


def provider_of(game: str) -> Provider | None:
    """The par sheet provider of ``game``: registered, else declared by the game itself
    (``par_provider``); None when it has none. A dotted name that does not import is a
    ``ConfigError`` naming it."""
    entry = PROVIDERS.get(game)
    if entry is None:
        entry = _declared(game)
        if entry is None:
            return None
    if isinstance(entry, str):
        try:
            resolved = pkgutil.resolve_name(entry)
        except (ImportError, AttributeError, ValueError) as exc:
            raise ConfigError(f"par provider {entry!r} of game {game!r} does not import: {exc}", "par_provider") from None
        if not callable(resolved):
            raise ConfigError(f"par provider {entry!r} of game {game!r} is not callable", "par_provider")
        entry = resolved
    PROVIDERS[game] = entry
    return entry


def _declared(game: str) -> str | None:
    """The dotted name of the provider the game registry's ``game`` declares, if any."""
    from ..games import GAMES

    declared = getattr(GAMES.get(game), "par_provider", None)
    return declared if isinstance(declared, str) else None


def _cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "dealer-station" / "par"


_MEMORY: dict[str, ParSheet] = {}


def par_sheet(game: str, paytables: Mapping[str, Any] | str | None, *, samples: int | None = None, seed: int = 1,
              progress: Progress | None = None, cache: bool = True, seats: int | None = None) -> ParSheet | None:
    """The par sheet of ``game`` with ``paytables`` (a mapping or its canonical JSON), or None
    when the game has no provider or no pay tables. ``samples``: rounds simulated; ``seats``:
    seats a simulated round has (the table profile's); None: the provider's defaults."""
    if paytables is None:
        return None
    tables = json.loads(paytables) if isinstance(paytables, str) else paytables
    text = canonical_json(tables)
    chosen = f"|{samples}|{seed}" + ("" if seats is None else f"|seats {seats}")  # sheets cached before seats keep their key
    key = hashlib.sha256(f"{CACHE_VERSION}|{game}|{text}{chosen}".encode()).hexdigest()[:32]
    if key in _MEMORY:
        return _MEMORY[key]
    path = _cache_dir() / f"{game}-{key}.json"
    if cache and path.is_file():
        try:
            sheet = ParSheet.from_json(json.loads(path.read_text(encoding="utf-8")))
            _MEMORY[key] = sheet
            return sheet
        except (OSError, ValueError, KeyError, TypeError):
            log.warning("par_cache_unreadable", path=str(path))
    # Only a sheet to compute needs its provider: resolving it imports the games (their evaluators,
    # numpy), most of a command line report's start-up when the sheet is cached (a cached sheet was
    # computed by the game's provider, so a game without one never has one).
    provider = provider_of(game)
    if provider is None:
        return None
    kwargs: dict[str, Any] = {"seed": seed, "progress": progress}
    if samples is not None:
        kwargs["samples"] = samples
    if seats is not None:
        kwargs["seats"] = seats
    sheet = provider(tables, **kwargs)
    sheet = replace(sheet, extra={**sheet.extra, "par_version": CACHE_VERSION})
    _MEMORY[key] = sheet
    if cache:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(sheet.as_json()), encoding="utf-8")
        except OSError as exc:
            log.warning("par_cache_not_written", path=str(path), error=str(exc))
    return sheet
