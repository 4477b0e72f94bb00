"""Game recall: finished rounds rebuilt from the journal in the "Recalled rounds" format.

A recalled record is the round record (what ``settle`` reads) plus ``round_id``,
``table_id``, ``started_at``, ``ended_at``, ``settlement`` and ``void``. It is read only
from journaled events - the settlement that was journaled when the round was settled,
not a recomputation - so an auditor sees what the table paid.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from typing import Any

from .errors import RecordError
from .journal import Journal

END_KINDS = {"round_paid", "round_voided"}
RECALL_KEYS = ("round_id", "table_id", "started_at", "ended_at", "settlement", "void")
"""Keys a recalled round adds to the record; settle ignores them (ROUND_RECORD.md)."""


def finished_round_ids(journal: Journal, last: int | None = None) -> list[str]:
    """Round ids of finished (paid or voided) rounds, oldest first; the last ``last`` only."""
    ids: deque[str] = deque(maxlen=last)
    for event in journal.events(kinds=END_KINDS):
        if event.round_id is not None:
            ids.append(event.round_id)
    return list(ids)


def recall_round(journal: Journal, round_id: str) -> dict[str, Any]:
    """One finished round as a recalled record."""
    return recalled_from_events(journal.table_id, round_id, journal.events(round_id=round_id))


def recalled_from_events(table_id: str, round_id: str, events: Iterable[Any]) -> dict[str, Any]:
    """The recalled record of a round from its journaled events (anything with ``kind``,
    ``payload`` and ``at``): the journal's own, or the floor's copy of them."""
    started_at = ended_at = None
    record: dict[str, Any] | None = None
    settlement: dict[str, Any] | None = None
    void: dict[str, Any] | None = None
    for event in events:
        kind, payload = event.kind, event.payload
        if kind == "round_opened":
            started_at = event.at
        elif kind == "settled":
            record, settlement = payload["record"], payload["settlement"]
        elif kind == "round_voided":
            record = payload.get("record")
            void = {"cause": payload["cause"], "phase": payload["phase"], "by": payload["by"], "at": event.at,
                    "returned": payload.get("returned", {})}
            if payload.get("reason"):
                void["reason"] = payload["reason"]
            ended_at = event.at
            settlement = None
        elif kind == "round_paid":
            ended_at = event.at
    out: dict[str, Any] = dict(record or {})
    out.update({"round_id": round_id, "table_id": table_id, "started_at": started_at,
                "ended_at": ended_at, "settlement": settlement, "void": void})
    return out


def recall_last(journal: Journal, last: int = 10) -> list[dict[str, Any]]:
    """The last ``last`` finished rounds, oldest first."""
    return [recall_round(journal, rid) for rid in finished_round_ids(journal, last)]


def strip_recall_keys(record: Mapping[str, Any]) -> dict[str, Any]:
    """The plain round record inside a recalled one; a voided round has nothing to settle."""
    void = record.get("void")
    if void is not None:
        cause = void.get("cause") if isinstance(void, Mapping) else None
        detail = f" (cause: {cause})" if cause else ""
        raise RecordError(f"round was voided{detail}: every stake was returned, there is no settlement", "void")
    return {key: value for key, value in record.items() if key not in RECALL_KEYS}
