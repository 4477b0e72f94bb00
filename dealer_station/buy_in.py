"""A buy-in: a player's cash (or signed marker) exchanged for chips at a seat.

One type for the table bank (the cash and markers go to the drop box: the shift's
recorded drop) and for cash compliance (a cash buy-in is a cash-in; a marker is credit,
not cash). Frozen and free of I/O, so the journal's projection, the record readers and
the compliance rules all build and share the same value.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from decimal import Decimal

from .errors import RecordError
from .record_fields import described, parse_text_amount, refuse_unknown_keys, require, require_object

MAX_SEAT = 99
PLAYER_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:/-]{0,63}")
"""A player's id as a casino's card or system writes it (``P-1001``): 1-64 ASCII letters,
digits and ``. _ : / -``, starting with a letter or digit."""


class BuyInKind(enum.StrEnum):
    CASH = "cash"
    MARKER = "marker"


@dataclass(frozen=True)
class BuyIn:
    """``amount`` of cash or marker at ``seat`` for chips from the tray; ``player`` None when anonymous."""

    seat: int
    kind: BuyInKind
    amount: Decimal
    player: str | None = None

    def __post_init__(self) -> None:
        if not 1 <= self.seat <= MAX_SEAT or self.amount <= 0:
            raise ValueError(f"a buy-in needs a seat 1-{MAX_SEAT} and a positive amount: {self!r}")
        if self.player is not None and not PLAYER_ID.fullmatch(self.player):
            raise ValueError(f"not a player id: {self.player!r}")

    @property
    def is_cash(self) -> bool:
        """Cash in the sense of the cash rules (a marker is credit)."""
        return self.kind is BuyInKind.CASH


BUY_IN_KEYS = ("seat", "kind", "amount", "player")


def parse_buy_in(raw: object, field: str) -> BuyIn:
    """``{"seat": 3, "kind": "cash", "amount": "500", "player": "P-1001"}`` (``player`` may be absent
    or null: anonymous), or a one-line refusal naming the key."""
    item = require_object(raw, field)
    refuse_unknown_keys(item, BUY_IN_KEYS, field)
    seat = require(item, "seat", field)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= MAX_SEAT:
        raise RecordError(f"a seat is a whole number from 1 to {MAX_SEAT}, not {described(seat)}", f"{field}.seat")
    kind = require(item, "kind", field)
    if kind not in tuple(BuyInKind):
        raise RecordError(f'must be "cash" or "marker", not {described(kind)}', f"{field}.kind")
    amount = parse_text_amount(require(item, "amount", field), f"{field}.amount")
    if amount == 0:
        raise RecordError("a buy-in of 0 is no buy-in", f"{field}.amount")
    player = item.get("player")
    if player is not None and (not isinstance(player, str) or not PLAYER_ID.fullmatch(player)):
        raise RecordError(f"a player id is 1-64 letters, digits or . _ : / - (or null when anonymous), "
                          f"not {described(player)}", f"{field}.player")
    return BuyIn(seat, BuyInKind(kind), amount, player)

