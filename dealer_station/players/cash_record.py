"""The cash record (docs/players.md, "Cash record"): parsed JSON in, a ``CashTransaction`` out."""

from __future__ import annotations

from ..errors import RecordError
from . import fields
from .cash import CASH_KINDS, CashTransaction

MAX_SEAT = 99
"""A sanity bound on a cash record's seat (a rating record's is its game's seats)."""
CASH_KEYS = ("at", "table_id", "seat", "player", "kind", "amount", "recorded_by", "description")


def cash_transaction(record: object) -> CashTransaction:
    """A cash record as a ``CashTransaction``."""
    rec = fields.json_object(record, None, "a cash record")
    fields.check_keys(rec, CASH_KEYS, ("at", "table_id", "seat", "kind", "amount"), None)
    kind = rec["kind"]
    if kind not in CASH_KINDS:
        raise RecordError(f"must be {' or '.join(CASH_KINDS)}, not {fields.echo(kind)}", "kind")
    amount = fields.amount(rec["amount"], "amount")
    if amount == 0:
        raise RecordError("a cash transaction moves more than 0", "amount")
    player = fields.player_id(rec.get("player"), "player")
    description = rec.get("description")
    if description is not None:
        if player is not None:
            raise RecordError("describes an anonymous player: this one is identified", "description")
        description = fields.description(description, "description")
    recorded_by = rec.get("recorded_by")
    return CashTransaction(
        at=fields.moment(rec["at"], "at"),
        table_id=fields.table_id(rec["table_id"], "table_id"),
        seat=fields.whole(rec["seat"], "seat", 1, MAX_SEAT),
        player=player,
        kind=kind,
        amount=amount,
        recorded_by=None if recorded_by is None else fields.named(recorded_by, "recorded_by", fields.PLAYER_ID,
                                                                  "an id"),
        description=description,
    )
