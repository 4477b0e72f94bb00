"""The small interface every table game implements, and the record checks they share.

A game is one module holding one ``Game`` subclass. What can be data is data on the
class (spots, streets, reveals, table requirements); the rest is a handful of methods
used by both the live round controller (bets, deal plan, decisions) and ``settle``
(``parse_record`` then ``settle``), so the live path and the record path share one
set of rules.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, ClassVar

from ..cards import Card, ensure_distinct, parse_cards
from ..config import SpotLimit, TableConfig, load_profile, with_overrides
from ..errors import ConfigError, RecordError, RuleError
from ..evaluator import Category
from ..money import format_money

Packet = tuple[str, int]
"""(position, card count): ``("board", 5)``, ``("seat3", 2)``, ``("dealer", 2)``."""

Reveal = tuple[str, slice]
"""(position, which of its cards): ``("board", slice(0, 3))`` is the flop."""

TABLE_KEYS = ("table", "min_chip", "limits", "paytables")
"""Optional record keys that override the table profile (ROUND_RECORD.md)."""


@dataclass(frozen=True, slots=True)
class SeatHand:
    """One occupied seat of a finished round: validated cards, bets and decisions."""

    seat: int
    hole: tuple[Card, ...]
    bets: Mapping[str, Decimal]
    actions: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Round:
    """A validated round record, with the table configuration that was in force."""

    game: str
    table: TableConfig
    dealer: tuple[Card, ...]
    board: tuple[Card, ...]
    seats: tuple[SeatHand, ...]


class Game(ABC):
    """One casino game: its rules at bet time, deal time, decision time and settlement."""

    name: ClassVar[str]
    spots: ClassVar[tuple[str, ...]]
    """Every betting spot a seat may end up with, in display order."""
    streets: ClassVar[tuple[str, ...]]
    """Decision streets, in order."""
    reveals: ClassVar[Mapping[str, tuple[Reveal, ...]]]
    """Cards turned face up before each street's decisions."""
    final_reveal: ClassVar[tuple[Reveal, ...]]
    """Cards turned face up at showdown."""
    max_seats: ClassVar[int]
    limit_spots: ClassVar[tuple[str, ...]]
    """Keys a table's ``limits`` must have (and may only have)."""
    paytable_names: ClassVar[tuple[str, ...]]
    """Keys a table's ``paytables`` must have (and may only have)."""

    def reveal_before(self, street: str) -> list[Reveal]:
        """Which cards the dealer turns up before the decisions of ``street``."""
        if street not in self.reveals:
            raise RuleError(f"unknown street {street!r} (streets: {', '.join(self.streets)})")
        return list(self.reveals[street])

    def check_table(self, table: TableConfig) -> None:
        """Refuse a table configuration this game cannot run (``RuleError`` naming the key)."""
        if table.seats > self.max_seats:
            raise RuleError(f"{self.name} seats 1 to {self.max_seats} players, not {table.seats}", "seats")
        _exact_keys(table.limits, self.limit_spots, "limits")
        _exact_keys(table.paytables, self.paytable_names, "paytables")
        for name, rows in table.paytables.items():
            for row in rows:
                self.check_paytable_row(name, row, f"paytables.{name}.{row}")

    def check_paytable_row(self, paytable: str, row: str, field: str) -> None:
        """Refuse a row ``paytable`` cannot have. Rows are hand categories unless a game
        keys a table otherwise (Texas Hold'em Bonus keys its Bonus table by hole cards)."""
        try:
            Category.from_label(row)
        except ValueError as exc:
            raise RuleError(str(exc), field) from None

    def default_profile(self) -> str:
        """The table profile a record naming none is settled with."""
        return f"{self.name}-default"

    def stakes(self, bets: Mapping[str, Decimal], actions: Sequence[str]) -> dict[str, Decimal]:
        """Stake per spot once ``actions`` were taken (games with raise spots add them)."""
        return dict(bets)

    def staked(self, seat: SeatHand) -> Decimal:
        """Everything ``seat`` put at risk in the round (for wagered / hold figures)."""
        return sum(self.stakes(seat.bets, seat.actions).values(), Decimal(0))

    @abstractmethod
    def validate_bets(
        self, seat: int, bets: Mapping[str, Any], table: TableConfig, field: str
    ) -> dict[str, Decimal]:
        """Check one seat's stakes at "no more bets"; return them as Decimals by spot."""

    @abstractmethod
    def deal_plan(self, seats: Sequence[int], deal_mode: str) -> list[Packet]:
        """Ordered packets to deal for the occupied ``seats`` in ``deal_mode``."""

    @abstractmethod
    def legal_actions(self, history: Sequence[str], street: str) -> list[str]:
        """What a seat with decisions ``history`` may do on ``street`` ([] when done)."""

    @abstractmethod
    def apply_action(self, history: Sequence[str], street: str, action: str, field: str) -> list[str]:
        """``history`` plus ``action``, or a ``RuleError`` naming ``field`` and the reason."""

    @abstractmethod
    def parse_record(self, record: Mapping[str, Any], table: TableConfig) -> Round:
        """Validate a whole round record (ROUND_RECORD.md) against ``table``."""

    @abstractmethod
    def settle(self, round: Round) -> dict[str, Any]:
        """The settlement of a validated round as the JSON-able dict of ROUND_RECORD.md."""


# -- helpers shared by the games' record parsers ------------------------------------


def _exact_keys(mapping: Mapping[str, Any], required: Iterable[str], field: str) -> None:
    required = tuple(required)
    for key in mapping:
        if key not in required:
            raise RuleError(f"unknown key (expected: {', '.join(required)})", f"{field}.{key}")
    for key in required:
        if key not in mapping:
            raise RuleError("missing required key", f"{field}.{key}")


def refuse_unknown_keys(record: Mapping[str, Any], allowed: Iterable[str], field: str | None) -> None:
    """A misspelt key must not be silently ignored: name it and what is allowed."""
    allowed = tuple(allowed)
    for key in record:
        if key not in allowed:
            where = f"{field}.{key}" if field else str(key)
            raise RecordError(f"unknown key (allowed: {', '.join(allowed)})", where)


def require(record: Mapping[str, Any], key: str, field: str | None = None) -> Any:
    if key not in record:
        raise RecordError("missing required key", f"{field}.{key}" if field else key)
    return record[key]


def require_object(value: object, field: str | None) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise RecordError(f"must be a JSON object, not {type(value).__name__}", field)
    return value


def record_profile(record: Mapping[str, Any]) -> TableConfig:
    """The profile a record names in ``table``; problems are reported on that field."""
    name = record["table"]
    if not isinstance(name, str) or not name:
        raise RecordError("must be a profile name", "table")
    try:
        return load_profile(name)
    except ConfigError as exc:
        raise RecordError(str(exc), "table") from None


def table_for_record(record: Mapping[str, Any], table: TableConfig) -> TableConfig:
    """The table in force for a record: its named profile (``table``), then its overrides."""
    if "table" in record:
        table = record_profile(record)
    if table.game != record.get("game"):
        raise RecordError(f"record is for {record.get('game')!r} but the table profile is for {table.game!r}", "game")
    overrides = {key: record[key] for key in TABLE_KEYS[1:] if key in record}
    return with_overrides(table, overrides)


def parse_record_cards(record: Mapping[str, Any], key: str, count: int, field: str | None = None) -> tuple[Card, ...]:
    """Exactly ``count`` distinct cards under ``key`` (``field`` is the path of ``record``)."""
    where = f"{field}.{key}" if field else key
    return tuple(parse_cards(require(record, key, field), where, count))


def ensure_round_distinct(dealer: Sequence[Card], board: Sequence[Card], seats: Sequence[tuple[str, Sequence[Card]]]) -> None:
    """No card may appear twice anywhere in the round (dealer, board, every hole)."""
    ensure_distinct([("dealer", dealer), ("board", board), *seats])


def check_limit(amount: Decimal, limit: SpotLimit, field: str) -> None:
    if amount < limit.min:
        raise RuleError(f"{format_money(amount)} below the table minimum {format_money(limit.min)}", field)
    if amount > limit.max:
        raise RuleError(f"{format_money(amount)} above the table maximum {format_money(limit.max)}", field)


def check_seat_number(seat: object, table: TableConfig, field: str) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise RecordError(f"must be a seat number 1 to {table.seats}, not {seat!r}", field)
    if not 1 <= seat <= table.seats:
        raise RuleError(f"seat {seat} is not at this table (seats 1 to {table.seats})", field)
    return seat
