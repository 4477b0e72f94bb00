"""A cash transaction at a table: what cash compliance adds up (docs/players.md, "Cash compliance").

A buy-in with currency is a ``cash_in`` (a marker is credit, not cash, and is no cash
transaction); chips changed back for currency at the table are a ``cash_out``. The table
bank's buy-in maps onto it field for field: its time, table, seat, player and amount, kind
``cash_in`` when the buy-in's kind is ``cash``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Literal

CashKind = Literal["cash_in", "cash_out"]
CASH_KINDS: tuple[CashKind, ...] = ("cash_in", "cash_out")
DIRECTION: dict[CashKind, str] = {"cash_in": "in", "cash_out": "out"}
"""How a CTR names the direction a kind of transaction is summed in."""


@dataclass(frozen=True, slots=True)
class CashTransaction:
    """Currency that crossed the table, for or against chips.

    ``at`` is aware; ``player`` is None for an anonymous player, who may be described
    instead (``description``: "man, 40s, red tie"); ``recorded_by`` is who keyed it.
    ``amount`` is positive, in the jurisdiction's currency.
    """

    at: datetime
    table_id: str
    seat: int
    player: str | None
    kind: CashKind
    amount: Decimal
    recorded_by: str | None = None
    description: str | None = None
