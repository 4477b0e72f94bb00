"""``holdem`` in the games registry: what ``settle`` and the profile loader ask of it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ...config import TableConfig
from ..base import Game
from . import live
from . import record as records
from .structure import MAX_SEATS
from .table import HoldemTableConfig

if TYPE_CHECKING:
    pass


class HoldemGame(Game):
    """Poker-room Texas Hold'em: the seats play against each other (``betting``).

    Its records carry their own rules (structure, blinds, rake) and settle without a
    table profile; its profiles are ``HoldemTableConfig``.
    """

    name: ClassVar[str] = records.GAME
    family: ClassVar[str] = "poker"
    needs_profile: ClassVar[bool] = False
    max_seats: ClassVar[int] = MAX_SEATS
    config_model: ClassVar[type[TableConfig]] = HoldemTableConfig
    folds = live.POKER_FOLDS
    players = "dealer_station.play.autoplay:PokerPlayers"

    def parse_record(self, record: object, table: object = None) -> records.HoldemRecord:
        """Validate a record; ``table`` is not used (the record carries its rules)."""
        return records.parse_record(record)

    def settle(self, record: records.HoldemRecord) -> dict[str, Any]:
        return records.settle(record)

    def settle_record(self, record: object) -> dict[str, Any]:
        """Validate and settle one record (no table profile is involved)."""
        return records.settle(records.parse_record(record))
