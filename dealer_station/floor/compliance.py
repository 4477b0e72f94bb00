"""Cash compliance across the floor (migration 0020): every table's cash, what it raises, the work done on it.

The floor keeps the rules of ``players/compliance.py`` in SQL views over what the stations forward (their
``buy_in`` records with kind cash) and the cage's cash-outs, so a finding is there the moment the batch that
caused it commits, whichever process is running. ``tests/floor/test_player_compliance.py`` pins the views
to ``ComplianceLedger`` on thousands of random transactions; the thresholds and gaming day come from the
same ``Jurisdiction`` profiles (``set_profile``). ``findings`` answers in the ``compliance`` command's shape
(docs/players.md), each finding under a key (``mtl:<tx>``, ``ctr:<player>:<day>:<in|out>``,
``structuring:<player>:<day>``, ...) that compliance work names when it files it as handled.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time
from decimal import Decimal
from typing import Any

from ..errors import ConfigError
from ..money import format_money
from ..periods import zone
from ..players.compliance import Jurisdiction

COMPLIANCE_SCHEMA = 20
"""The floor migration that keeps players, cash and compliance (0020_players)."""
MAX_NOTE = 2000


@dataclass(frozen=True)
class FloorProfile:
    """The floor's jurisdiction: its rules' thresholds and gaming day (a row of floor.compliance_profile)."""

    jurisdiction: Jurisdiction
    tz: str
    day_start: time


def set_profile(conn: Any, jurisdiction: Jurisdiction, tz: str | None = None, day_start: time | None = None) -> None:
    """Make ``jurisdiction`` (with the casino's zone and day start) the floor's profile (the owner's write)."""
    zone(tz or jurisdiction.tz)  # a zone Python knows: PostgreSQL's may not refuse it the same way
    j = jurisdiction
    with conn.transaction():
        conn.execute(
            "UPDATE floor.compliance_profile SET jurisdiction = %s, currency = %s, tz = %s, day_start = %s, "
            "mtl_at = %s, ctr_at = %s, structuring_share = %s, structuring_count = %s, due_diligence_at = %s, "
            "due_diligence_window = %s, identification_at = %s, set_at = now()",
            (j.name, j.currency, tz or j.tz, day_start or j.day_start, j.mtl_at, j.ctr_at, j.structuring_share,
             j.structuring_count, j.due_diligence_at, j.due_diligence_window, j.identification_at))


def profile(conn: Any) -> FloorProfile:
    """The floor's profile as a ``Jurisdiction`` (its thresholds as the floor holds them)."""
    row = conn.execute(
        "SELECT jurisdiction, currency, tz, day_start, mtl_at, ctr_at, structuring_share, structuring_count, "
        "due_diligence_at, due_diligence_window, identification_at FROM floor.compliance_profile").fetchone()
    if row is None:  # pragma: no cover - the migration inserts the row and nothing deletes it
        raise ConfigError("the floor has no compliance profile", "floor")
    name, currency, tz, day_start, mtl, ctr, share, count, dd, window, ident = row
    return FloorProfile(Jurisdiction(name, currency, tz, day_start, mtl_at=mtl, ctr_at=ctr, structuring_share=share,
                                     structuring_count=count, due_diligence_at=dd, due_diligence_window=window,
                                     identification_at=ident), tz, day_start)


@dataclass(frozen=True)
class Finding:
    """One finding the floor raised: its kind, key, the answer's object, and its filings (handled)."""

    kind: str
    key: str
    body: dict[str, Any]
    at: datetime
    handled: tuple[Filing, ...] = ()

    @property
    def open(self) -> bool:
        return not self.handled


@dataclass(frozen=True)
class Filing:
    note: str
    by_user: str
    by_role: str
    at: datetime


def _moment(at: datetime) -> str:
    return at.isoformat()


def _line(tx_id: str, at: datetime, table_id: str, seat: int, player: str | None, kind: str, amount: Decimal,
          day: date, description: str | None, recorded_by: str | None) -> dict[str, Any]:
    out: dict[str, Any] = {"at": _moment(at), "table_id": table_id, "seat": seat, "player": player, "kind": kind,
                           "amount": format_money(amount), "gaming_day": day.isoformat()}
    if description is not None:
        out["description"] = description
    if recorded_by is not None:
        out["recorded_by"] = recorded_by
    return out


LINE_COLUMNS = "id, at, table_id, seat, player, kind, amount, gaming_day, description, recorded_by"


def findings(conn: Any, since: date | None = None) -> list[Finding]:
    """Every finding of the floor's profile (of the gaming days from ``since`` on: the rules sum within a day,
    so a day's findings are the same read alone), each rule's in its answer's order (as
    ``ComplianceLedger.findings``), with the filings made on it."""
    p = profile(conn).jurisdiction
    start = None
    if since is not None:  # the instant that gaming day started (the floor's rule: floor.day_start_instant)
        start = conn.execute("SELECT floor.day_start_instant(%s, tz, day_start) FROM floor.compliance_profile",
                             (since,)).fetchone()[0]
    out: list[Finding] = []
    if p.mtl_at is not None:
        out += [Finding("mtl", f"mtl:{row[0]}", _line(*row), row[1]) for row in conn.execute(
            f"SELECT {LINE_COLUMNS} FROM floor.mtl_since(%s) ORDER BY ord", (start,))]
    if p.ctr_at is not None:
        out += [Finding("ctr", f"ctr:{player}:{day}:{direction}",
                        {"player": player, "gaming_day": day.isoformat(), "direction": direction,
                         "total": format_money(total), "at": _moment(at), "table_id": table_id, "seat": seat}, at)
                for player, day, direction, total, at, table_id, seat in conn.execute(
                    "SELECT player, gaming_day, direction, total, at, table_id, seat FROM floor.ctr_dues_since(%s) "
                    "ORDER BY ord", (start,))]
    if p.mtl_at is not None and p.structuring_share is not None:
        out += [Finding("structuring", f"structuring:{player}:{day}",
                        {"player": player, "gaming_day": day.isoformat(), "count": count}, last)
                for player, day, count, last in conn.execute(
                    "SELECT player, gaming_day, count, last_at FROM floor.structuring_since(%s) "
                    "ORDER BY gaming_day, player COLLATE \"C\"", (start,))]
    if p.due_diligence_at is not None:
        out += [Finding("due_diligence", f"due_diligence:{tx}",
                        {"player": player, "gaming_day": day.isoformat(), "at": _moment(at), "table_id": table_id,
                         "seat": seat, "window_from": _moment(since_at), "count": count, "total": format_money(total)},
                        at)
                for tx, player, day, at, table_id, seat, since_at, count, total in conn.execute(
                    "SELECT id, player, gaming_day, at, table_id, seat, window_from, count, total "
                    "FROM floor.due_diligence(%s) ORDER BY ord", (start,))]
    if p.identification_at is not None:
        out += [Finding("identification", f"identification:{row[0]}", _line(*row), row[1]) for row in conn.execute(
            f"SELECT {LINE_COLUMNS} FROM floor.identifications_since(%s) ORDER BY ord", (start,))]
    filed = filings(conn, [f.key for f in out])
    return [Finding(f.kind, f.key, f.body, f.at, tuple(filed.get(f.key, ()))) for f in out]


def answer(found: list[Finding], jurisdiction: Jurisdiction) -> dict[str, list[dict[str, Any]]]:
    """The ``compliance`` command's answer from the floor's findings (the lines' own keys only)."""
    keep = {"ctr": ("player", "gaming_day", "direction", "total", "at")}
    out: dict[str, list[dict[str, Any]]] = {key: [] for key in jurisdiction.keys}
    for f in found:
        body = f.body if f.kind not in keep else {k: f.body[k] for k in keep[f.kind]}
        out[f.kind].append(body)
    return out


def filings(conn: Any, keys: list[str]) -> dict[str, list[Filing]]:
    """The filings made on these findings, oldest first."""
    out: dict[str, list[Filing]] = {}
    if keys:
        for key, note, by_user, by_role, at in conn.execute(
                "SELECT finding, note, by_user, by_role, at FROM floor.compliance_work WHERE finding = ANY(%s) "
                "ORDER BY id", (keys,)):
            out.setdefault(key, []).append(Filing(note, by_user, by_role, at))
    return out


def file_handled(conn: Any, key: str, note: str, by_user: str, by_role: str) -> int:
    """File a finding as handled (``floor.file_compliance``); ``conn`` may be read-only by default."""
    with conn.transaction():
        conn.execute("SET TRANSACTION READ WRITE")
        row = conn.execute("SELECT floor.file_compliance(%s, %s, %s, %s)", (key, note, by_user, by_role)).fetchone()
    assert row is not None
    return int(row[0])


def record_cash_out(conn: Any, table_id: str, seat: int, player: str | None, description: str | None,
                    amount: Decimal, by_user: str, by_role: str) -> int:
    """The cage's cash-out (chips changed back for currency) at ``table_id`` seat ``seat``."""
    with conn.transaction():
        conn.execute("SET TRANSACTION READ WRITE")
        row = conn.execute("SELECT floor.record_cash_out(%s, %s, %s, %s, %s, %s, %s)",
                           (table_id, seat, player, description, amount, by_user, by_role)).fetchone()
    assert row is not None
    return int(row[0])


@dataclass(frozen=True)
class UnreadBuyIn:
    """A ``buy_in`` record the floor holds but the table bank's rule could not read (a derive error, 0019): why.
    Listed for the compliance role too: a cash-in never drops out of the MTL silently."""

    table_id: str
    seq: int
    at: datetime
    unreadable: str


def unread_buy_ins(conn: Any) -> list[UnreadBuyIn]:
    return [UnreadBuyIn(*row) for row in conn.execute(
        "SELECT d.table_id, d.seq, e.received_at, d.error FROM floor.derive_errors d JOIN floor.events e "
        "ON e.table_id = d.table_id AND e.seq = d.seq WHERE d.kind = 'buy_in' "
        "ORDER BY e.received_at DESC, d.table_id, d.seq LIMIT 200")]


@dataclass(frozen=True)
class HeldSeat:
    """A seat a station held for an excluded player (``player_held``), with no card out or new card in since."""

    table_id: str
    seat: int
    player: str
    at: datetime


def held_seats(conn: Any) -> list[HeldSeat]:
    return [HeldSeat(*row) for row in conn.execute(
        "SELECT h.table_id, h.seat, h.player, h.at FROM floor.player_events h WHERE h.kind = 'player_held' "
        "AND h.seat IS NOT NULL AND h.player IS NOT NULL AND NOT EXISTS (SELECT 1 FROM floor.player_events x "
        "WHERE x.table_id = h.table_id AND x.seat = h.seat AND x.seq > h.seq AND x.kind IN ('card_in', 'card_out')) "
        "ORDER BY h.at DESC LIMIT 200")]
