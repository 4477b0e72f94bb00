"""The deals each shuffler dealt, read from a journal file or from the floor (same rules).

A deal is what ``card_dealt`` reported after a round's ``deal_started``, in journal order: the
k-th card is dealt position k; only the cards ``deal_started`` planned (its packets), never a
later street, since whether a street is dealt depends on the cards (a poker hand that ends
before the flop would bias the flop's positions). It is attributed to the shuffler whose identity (serial number)
the last ``device_link`` of the shoe journaled. Only what is certain is kept: a deal is cut at
the first thing that could hide a card's position (a halt of the shoe, its link going down or
coming back, a restart, a card marked duplicate, unexpected or keyed), so every deal is a
prefix of the deck's order. A table dealt by hand has no deals.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from ..cards import DECK_SIZE
from ..errors import ConfigError
from ..journal import utc_now_text
from .shuffles import Deal

SHUFFLER = "shuffler"
UNKNOWN = "unknown"
"""The serial of a shoe whose identity the journal does not hold."""
AUDIT_KINDS = ("device_link", "station_started", "round_opened", "deck_requested", "deal_started", "card_dealt",
               "halted", "round_voided", "settled")
"""The only kinds the readers need (the floor query selects them alone)."""


@dataclass
class Shuffler:
    """One shoe, by serial number, and its deals in the order it dealt them."""

    serial: str
    model: str | None = None
    tables: set[str] = field(default_factory=set)
    deals: list[Deal] = field(default_factory=list)
    empty: int = 0
    """Deals that ended (or were cut) before their first card: nothing to test."""


class _Table:
    """The fold over one table's events: who the shoe is, and the deal being dealt."""

    def __init__(self, table_id: str, into: dict[str, Shuffler], since: str | None, until: str | None) -> None:
        self.table_id = table_id
        self.into = into
        self.since, self.until = since, until
        self.serial: str = UNKNOWN
        self.model: str | None = None
        self.open: dict[str, Any] | None = None  # round_id, cards, seq, at, cut

    def feed(self, seq: int, at: str, round_id: str | None, kind: str, payload: Mapping[str, Any]) -> None:
        open_ = self.open
        if kind == "card_dealt":
            if open_ is None or open_["cut"] or round_id != open_["round_id"]:
                return
            card = payload.get("card")
            if (payload.get("duplicate") or payload.get("unexpected") or payload.get("manual")
                    or not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < DECK_SIZE
                    or card in open_["cards"]):
                open_["cut"] = True
                return
            if len(open_["cards"]) >= open_["planned"]:  # a later street, dealt only if the hand went on
                open_["cut"] = True
                return
            if not open_["cards"]:
                open_["seq"], open_["at"] = seq, at
            open_["cards"].append(card)
        elif kind == "deal_started":
            self.close()
            if not payload.get("by_hand"):
                self.open = {"round_id": round_id, "cards": [], "seq": seq, "at": at, "started": at, "cut": False,
                             "serial": self.serial, "model": self.model, "planned": _planned(payload)}
        elif kind == "device_link":
            if payload.get("device") != SHUFFLER:
                return
            if open_ is not None:
                open_["cut"] = True
            identity = payload.get("identity")
            if payload.get("up") and isinstance(identity, dict):
                self.serial = str(identity.get("serial_number") or UNKNOWN)
                model = identity.get("model")
                self.model = str(model) if model is not None else None
        elif kind == "halted":
            if open_ is not None and payload.get("device") == SHUFFLER:
                open_["cut"] = True
        elif kind in ("settled", "round_voided", "round_opened", "deck_requested", "station_started"):
            self.close()

    def close(self) -> None:
        open_, self.open = self.open, None
        if open_ is None:
            return
        started = open_["started"]
        if (self.since is not None and started < self.since) or (self.until is not None and started >= self.until):
            return
        shoe = self.into.setdefault(open_["serial"], Shuffler(open_["serial"], open_["model"]))
        shoe.tables.add(self.table_id)
        if not open_["cards"]:
            shoe.empty += 1
            return
        shoe.deals.append(Deal(tuple(open_["cards"]), self.table_id, open_["round_id"], open_["seq"], open_["at"]))


def _planned(payload: Mapping[str, Any]) -> int:
    """The cards ``deal_started`` plans: whatever follows depends on play (poker's streets)."""
    try:
        return sum(int(count) for _, count in payload.get("packets") or ())
    except (TypeError, ValueError):
        return 0


def since_text(when: datetime | None) -> str | None:
    """A moment as the journal writes times (UTC, ``...Z``), which then compare as text."""
    return None if when is None else utc_now_text(when)


def fold(records: Iterable[tuple[str, int, str, str | None, str, Mapping[str, Any]]], *,
         since: datetime | None = None, until: datetime | None = None) -> dict[str, Shuffler]:
    """Shufflers by serial from ``(table_id, seq, at, round_id, kind, payload)`` in seq order per table;
    the deals started at or after ``since`` and before ``until``."""
    shoes: dict[str, Shuffler] = {}
    tables: dict[str, _Table] = {}
    after, before = since_text(since), since_text(until)
    for table_id, seq, at, round_id, kind, payload in records:
        table = tables.get(table_id)
        if table is None:
            table = tables[table_id] = _Table(table_id, shoes, after, before)
        table.feed(seq, at, round_id, kind, payload)
    for table in tables.values():
        table.close()
    for shoe in shoes.values():  # one shoe moved between tables: its deals in the order it dealt them
        shoe.deals.sort(key=lambda d: (d.at, d.table_id, d.seq))
    return shoes


def from_journal(path: str | Path, *, since: datetime | None = None,
                 until: datetime | None = None) -> dict[str, Shuffler]:
    """Every shuffler's deals in one journal file (opened read-only)."""
    from ..journal import Journal

    def records() -> Iterator[tuple[str, int, str, str | None, str, Mapping[str, Any]]]:
        with Journal.open_readonly(path) as journal:
            for e in journal.events(kinds=set(AUDIT_KINDS)):
                yield e.table_id, e.seq, e.at, e.round_id, e.kind, e.payload

    return fold(records(), since=since, until=until)


def from_floor(url: str, *, since: datetime | None = None) -> dict[str, Shuffler]:
    """Every shuffler's deals on the floor (the report role suffices), streamed table by table."""
    import json

    import psycopg

    from ..floor.db import FloorError, connect
    from ..floor.db import one_line as db_line

    def records() -> Iterator[tuple[str, int, str, str | None, str, Mapping[str, Any]]]:
        with connect(url) as conn, conn.cursor(name="audit_deals") as cur:
            cur.itersize = 20_000
            # Before ``since`` only the shoes' identities matter (times compare as text, as in fold).
            cur.execute("SELECT table_id, seq, at, round_id, kind, payload::text FROM floor.events "
                        "WHERE kind = ANY(%(kinds)s) AND (%(since)s::text IS NULL OR at >= %(since)s "
                        "OR kind = 'device_link') ORDER BY table_id, seq",
                        {"kinds": list(AUDIT_KINDS), "since": since_text(since)})
            for table_id, seq, at, round_id, kind, text in cur:
                payload = json.loads(text)
                yield table_id, seq, at, round_id, kind, payload if isinstance(payload, dict) else {}

    try:
        return fold(records(), since=since)
    except psycopg.errors.UndefinedTable:
        raise ConfigError("this database holds no floor (no floor.events): run `floor migrate` first",
                          "floor") from None
    except psycopg.Error as exc:
        raise FloorError(f"cannot read the floor: {db_line(exc)}", "floor") from None
