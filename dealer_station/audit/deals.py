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
READ_SLICE = 20_000
"""Records fetched at a time (``from_floor``'s cursor, ``read_floor``'s queries)."""


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


Record = tuple[str, int, str, str | None, str, Mapping[str, Any]]
"""``(table_id, seq, at, round_id, kind, payload)``, in seq order per table."""


class DealReader:
    """The deal fold, kept between reads: the pit's watch feeds it what each table added since its last
    read (``read_floor``), so the floor is read once, not at every audit."""

    def __init__(self, *, since: datetime | None = None, until: datetime | None = None) -> None:
        self.shoes: dict[str, Shuffler] = {}
        self._tables: dict[str, _Table] = {}
        self._seen: dict[str, int] = {}
        self._after, self._before = since_text(since), since_text(until)

    def feed(self, records: Iterable[Record]) -> None:
        tables, seen = self._tables, self._seen
        for table_id, seq, at, round_id, kind, payload in records:
            table = tables.get(table_id)
            if table is None:
                table = tables[table_id] = _Table(table_id, self.shoes, self._after, self._before)
            table.feed(seq, at, round_id, kind, payload)
            seen[table_id] = seq

    def seen(self, table_id: str) -> int:
        """The last seq read of the table (0 when none)."""
        return self._seen.get(table_id, 0)

    def read_up_to(self, table_id: str, seq: int) -> None:
        """The table was read up to ``seq`` (its later records were of kinds the audit does not read)."""
        self._seen[table_id] = max(self.seen(table_id), seq)

    def finish(self) -> dict[str, Shuffler]:
        """Every table's last deal closed: the shufflers, each one's deals in the order it dealt them."""
        for table in self._tables.values():
            table.close()
        for shoe in self.shoes.values():  # one shoe moved between tables: its deals in the order it dealt them
            shoe.deals.sort(key=_dealt_order)
        return self.shoes

    def window(self, since: datetime) -> dict[str, Shuffler]:
        """The shufflers over the deals whose first card came at or after ``since`` (older ones are forgotten,
        so the reader stays bounded); a deal still being dealt is not among them."""
        after = since_text(since)
        assert after is not None
        out: dict[str, Shuffler] = {}
        for serial, shoe in self.shoes.items():
            shoe.deals = sorted((d for d in shoe.deals if d.at >= after), key=_dealt_order)
            if shoe.deals:
                out[serial] = Shuffler(serial, shoe.model, {d.table_id for d in shoe.deals}, list(shoe.deals))
        return out


def _dealt_order(deal: Deal) -> tuple[str, str, int]:
    return deal.at, deal.table_id, deal.seq


def fold(records: Iterable[Record], *, since: datetime | None = None,
         until: datetime | None = None) -> dict[str, Shuffler]:
    """Shufflers by serial from ``(table_id, seq, at, round_id, kind, payload)`` in seq order per table;
    the deals started at or after ``since`` and before ``until``."""
    reader = DealReader(since=since, until=until)
    reader.feed(records)
    return reader.finish()


def from_journal(path: str | Path, *, since: datetime | None = None,
                 until: datetime | None = None) -> dict[str, Shuffler]:
    """Every shuffler's deals in one journal file (opened read-only; refused if its chain is broken)."""
    from ..journal import Journal

    def records() -> Iterator[tuple[str, int, str, str | None, str, Mapping[str, Any]]]:
        with Journal.open_checked(path) as journal:
            for e in journal.events(kinds=set(AUDIT_KINDS)):
                yield e.table_id, e.seq, e.at, e.round_id, e.kind, e.payload

    return fold(records(), since=since, until=until)


_FLOOR_RECORDS = ("SELECT table_id, seq, at, round_id, kind, payload::text FROM floor.events "
                  "WHERE kind = ANY(%(kinds)s) AND (%(since)s::text IS NULL OR at >= %(since)s "
                  "OR kind = 'device_link')")
"""The audit's kinds on the floor; before ``since`` only the shoes' identities matter (times compare as
text, as in fold)."""
_PERIOD_RECORDS = """
    WITH first AS (SELECT table_id, coalesce(min(opened_seq), 0) AS seq FROM floor.rounds
                   WHERE ended_at >= %(since)s OR ended_at IS NULL GROUP BY table_id)
    SELECT x.* FROM first f CROSS JOIN LATERAL (
        SELECT table_id, seq, at, round_id, kind, payload::text FROM floor.events
        WHERE table_id = f.table_id AND seq >= f.seq AND kind = ANY(%(kinds)s)
        UNION ALL
        SELECT table_id, seq, at, round_id, kind, payload::text FROM floor.events
        WHERE table_id = f.table_id AND seq < f.seq AND kind = 'device_link') x
    ORDER BY x.table_id, x.seq"""
"""The same from ``since`` on, read from each table's first round that ended at or after ``since`` (or is
still open: a deal started then is in such a round), found by ``floor.rounds``: a shift's report reads the
shift's records (by the primary key, the shoes' identities by ``events_live_marks``), not the floor's
history."""


def _records(rows: Iterable[tuple[str, int, str, str | None, str, str]]) -> Iterator[Record]:
    import json

    for table_id, seq, at, round_id, kind, text in rows:
        payload = json.loads(text)
        yield table_id, seq, at, round_id, kind, payload if isinstance(payload, dict) else {}


def floor_deals(conn: Any, *, since: datetime | None = None, until: datetime | None = None) -> dict[str, Shuffler]:
    """Every shuffler's deals on the floor over an open connection (the report role suffices), streamed
    table by table; those started at or after ``since`` and before ``until`` (the records after ``until``
    are read too: a deal started before it may end after it). Driver errors are the caller's to say."""

    def records() -> Iterator[Record]:
        with conn.transaction(), conn.cursor(name="audit_deals") as cur:
            cur.itersize = READ_SLICE
            query = f"{_FLOOR_RECORDS} ORDER BY table_id, seq" if since is None else _PERIOD_RECORDS
            cur.execute(query, {"kinds": list(AUDIT_KINDS), "since": since})  # None, or a period's start
            yield from _records(cur)

    return fold(records(), since=since, until=until)


def from_floor(url: str, *, since: datetime | None = None, until: datetime | None = None) -> dict[str, Shuffler]:
    """``floor_deals`` on the floor at ``url``, its failures in one line."""
    import psycopg

    from ..floor.db import FloorError, connect
    from ..floor.db import one_line as db_line

    try:
        with connect(url) as conn:
            return floor_deals(conn, since=since, until=until)
    except psycopg.errors.UndefinedTable:
        raise ConfigError("this database holds no floor (no floor.events): run `floor migrate` first",
                          "floor") from None
    except psycopg.Error as exc:
        raise FloorError(f"cannot read the floor: {db_line(exc)}", "floor") from None


def read_floor(conn: Any, reader: DealReader, since: datetime | None = None) -> int:
    """Feed ``reader`` what every table added on the floor since the reader last read it (from ``since``
    the first time); the records read. ``conn``: an open floor connection (the report role suffices)."""
    from ..floor.queries import stations

    read = 0
    for station in stations(conn):
        after = reader.seen(station.table_id)
        if after == 0 and since is not None and station.last_seq > 0:
            after, links = _first_read(conn, reader, station.table_id, station.last_seq, since)
            read += links
        while after < station.last_seq:  # in slices: a week of a table is a few hundred thousand records
            rows = conn.execute(
                f"{_FLOOR_RECORDS} AND table_id = %(table)s AND seq > %(after)s AND seq <= %(last)s "
                "ORDER BY seq LIMIT %(limit)s",
                {"kinds": list(AUDIT_KINDS), "since": since_text(since), "table": station.table_id, "after": after,
                 "last": station.last_seq, "limit": READ_SLICE}).fetchall()
            if not rows:
                break
            reader.feed(_records(rows))
            after = rows[-1][1]
            read += len(rows)
        reader.read_up_to(station.table_id, station.last_seq)
    return read


def _first_read(conn: Any, reader: DealReader, table_id: str, last_seq: int, since: datetime) -> tuple[int, int]:
    """A table read for the first time from ``since``: its shoes' identities before its first round that
    ended at or after ``since`` (or is open), by ``events_live_marks``; the seq before that round (where
    the reading goes on, or ``last_seq`` when no round is that recent) and the records read."""
    row = conn.execute("SELECT min(opened_seq) FROM floor.rounds WHERE table_id = %s AND (ended_at >= %s "
                       "OR ended_at IS NULL)", (table_id, since)).fetchone()
    first = int(row[0]) if row is not None and row[0] is not None else last_seq + 1
    links = conn.execute("SELECT table_id, seq, at, round_id, kind, payload::text FROM floor.events "
                         "WHERE table_id = %s AND kind = 'device_link' AND seq < %s ORDER BY seq",
                         (table_id, first)).fetchall()
    reader.feed(_records(links))
    reader.read_up_to(table_id, first - 1)
    return first - 1, len(links)
