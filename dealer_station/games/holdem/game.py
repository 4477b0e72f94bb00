"""``holdem`` in the games registry: what ``settle`` and the profile loader ask of it."""

from __future__ import annotations

from typing import Any, ClassVar

from ...config import TableConfig
from ...errors import RuleError
from . import record as records
from .structure import MAX_SEATS
from .table import HoldemTableConfig


class HoldemGame:
    """Poker-room Texas Hold'em: its records carry their own rules and settle alone.

    Not a ``games.base.Game`` on this branch: those methods are per-seat decisions
    against the house, while here the seats play against each other (``betting``).
    ``family``, ``max_seats`` and ``config_model`` are what the reworked ``Game`` base
    asks of a game, ready for it.
    """

    name: ClassVar[str] = records.GAME
    family: ClassVar[str] = "poker"
    max_seats: ClassVar[int] = MAX_SEATS
    config_model: ClassVar[type[HoldemTableConfig]] = HoldemTableConfig

    def check_table(self, table: TableConfig) -> None:
        """A ``TableConfig`` cannot describe a poker-room table (``HoldemTableConfig`` does)."""
        raise RuleError(
            "a holdem table is described by HoldemTableConfig (dealer_station/games/holdem/table.py)", "game"
        )

    def parse_record(self, record: object, table: object = None) -> records.HoldemRecord:
        """Validate a record; ``table`` is not used (the record carries its rules)."""
        return records.parse_record(record)

    def settle(self, record: records.HoldemRecord) -> dict[str, Any]:
        return records.settle(record)

    def settle_record(self, record: object) -> dict[str, Any]:
        """Validate and settle one record (no table profile is involved)."""
        return records.settle(records.parse_record(record))
