"""Tamper-evident, append-only event journal: the station's source of truth.

One SQLite file per table (WAL, ``synchronous=FULL``): ``append`` returns only after
the event is committed to disk, so the station may act on it; a SIGKILL at any instant
leaves each event either fully committed or absent.

Every record carries ``hash = sha256(canonical JSON of its fields + prev_hash)``, the
first ``prev_hash`` being 64 zeros, and a one-row ``anchor`` table holds
``(last_seq, last_hash)`` updated in the same transaction as each append.

What ``verify`` detects:
  * an edited field or payload (hash mismatch at that seq),
  * a deleted record (seq gap, or chain break if the rest were renumbered),
  * reordered / swapped records (hash covers ``seq``),
  * a wrong ``prev_hash`` (chain broken at that seq),
  * a truncated tail or deleted last record (events end before the anchor).

Limits (a hash chain cannot do better on its own):
  * Someone who rewrites *every* hash from the edit onwards *and* the anchor produces a
    consistent file. Detecting that needs the last hash kept outside the file (printed
    by ``dealer-station journal verify`` for an auditor to note, or sent off-station).
  * Deleting the whole file, or replacing it by an older copy with its own anchor, is
    not detectable from the file alone - same remedy.
  * The UPDATE/DELETE triggers only stop accidents and casual edits; anyone who can write
    the file can drop them. ``verify`` does not rely on them.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any, NamedTuple

import structlog

from .errors import DealerStationError
from .money import format_money

__all__ = [
    "GENESIS_HASH",
    "Draft",
    "Journal",
    "JournalError",
    "JournalEvent",
    "JournalPayloadError",
    "VerifyResult",
    "canonical_json",
]

log = structlog.get_logger(__name__)

GENESIS_HASH = "0" * 64
FORMAT_NAME = "dealer-station-journal"
FORMAT_VERSION = "1"
APPLICATION_ID = 0x44534A31  # "DSJ1": lets `file`/sqlite tools recognise a journal
_SQLITE_MAGIC = b"SQLite format 3\x00"
_PAGE = 1000  # rows fetched per lock hold while iterating events

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    """CREATE TABLE IF NOT EXISTS events (
        seq INTEGER PRIMARY KEY,
        at TEXT NOT NULL,
        table_id TEXT NOT NULL,
        round_id TEXT NULL,
        kind TEXT NOT NULL,
        actor TEXT NOT NULL,
        payload TEXT NOT NULL,
        prev_hash TEXT NOT NULL,
        hash TEXT NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS events_round ON events(round_id) WHERE round_id IS NOT NULL",
    """CREATE TABLE IF NOT EXISTS anchor (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        last_seq INTEGER NOT NULL,
        last_hash TEXT NOT NULL)""",
)
_TRIGGERS = (
    """CREATE TRIGGER IF NOT EXISTS events_no_update BEFORE UPDATE ON events
       BEGIN SELECT RAISE(ABORT, 'journal is append-only: events cannot be updated'); END""",
    """CREATE TRIGGER IF NOT EXISTS events_no_delete BEFORE DELETE ON events
       BEGIN SELECT RAISE(ABORT, 'journal is append-only: events cannot be deleted'); END""",
    """CREATE TRIGGER IF NOT EXISTS anchor_no_delete BEFORE DELETE ON anchor
       BEGIN SELECT RAISE(ABORT, 'journal anchor cannot be deleted'); END""",
    """CREATE TRIGGER IF NOT EXISTS anchor_forward_only BEFORE UPDATE ON anchor
       WHEN NEW.last_seq <= OLD.last_seq
       BEGIN SELECT RAISE(ABORT, 'journal anchor only moves forward'); END""",
)


class JournalError(DealerStationError):
    """The journal cannot be opened or written (missing, not a journal, corrupt, closed)."""


class JournalPayloadError(JournalError, TypeError):
    """A payload value the audit trail refuses (a float, a non-finite amount, an object)."""


# --------------------------------------------------------------------------- canonical JSON


def _plain(value: Any, path: str) -> Any:
    """Return ``value`` as JSON-ready data; Decimal becomes its money text, floats are refused."""
    if value is None or isinstance(value, (str, bool, int)):
        return value
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise JournalPayloadError(f"not a finite amount: {value!r}", path)
        return format_money(value)
    if isinstance(value, float):
        # A binary float cannot hold most money amounts exactly; nothing inexact is journaled.
        raise JournalPayloadError(f"float {value!r} refused: use Decimal or a string", path)
    if isinstance(value, Mapping):
        out = {}
        for key, item in value.items():
            if not isinstance(key, str):
                raise JournalPayloadError(f"object keys must be strings, not {key!r}", path)
            out[key] = _plain(item, f"{path}.{key}")
        return out
    if isinstance(value, (list, tuple)):
        return [_plain(item, f"{path}[{i}]") for i, item in enumerate(value)]
    raise JournalPayloadError(f"cannot journal a {type(value).__name__}", path)


def canonical_json(value: Any) -> str:
    """The one JSON text of ``value`` that is hashed: sorted keys, no spaces, UTF-8 text."""
    return json.dumps(
        _plain(value, "payload"), sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    )


_encode_str = json.encoder.encode_basestring  # type: ignore[attr-defined]  # same as dumps(ensure_ascii=False)


def _record_hash(
    seq: int, at: str, table_id: str, round_id: str | None, kind: str, actor: str, payload_json: str, prev_hash: str
) -> str:
    """sha256 of canonical_json({actor, at, kind, payload, prev_hash, round_id, seq, table_id}).

    Built by hand from the stored payload text (already canonical) so that verifying
    100,000 records does not re-parse and re-dump every payload; a test pins the
    equivalence with ``canonical_json``.
    """
    text = (
        f'{{"actor":{_encode_str(actor)},"at":{_encode_str(at)},"kind":{_encode_str(kind)},'
        f'"payload":{payload_json},"prev_hash":{_encode_str(prev_hash)},'
        f'"round_id":{"null" if round_id is None else _encode_str(round_id)},'
        f'"seq":{int(seq)},"table_id":{_encode_str(table_id)}}}'
    )
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def utc_now_text(now: datetime | None = None) -> str:
    """UTC ISO-8601 with milliseconds and ``Z`` (e.g. ``2026-11-30T20:14:03.512Z``)."""
    moment = (now or datetime.now(UTC)).astimezone(UTC)
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")


# --------------------------------------------------------------------------- records


@dataclass(frozen=True, slots=True)
class JournalEvent:
    """One committed record. ``payload`` is the parsed canonical JSON: money stays strings."""

    seq: int
    at: str
    table_id: str
    round_id: str | None
    kind: str
    actor: str
    payload: dict[str, Any]
    prev_hash: str
    hash: str

    def as_dict(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "at": self.at,
            "table_id": self.table_id,
            "round_id": self.round_id,
            "kind": self.kind,
            "actor": self.actor,
            "payload": self.payload,
            "prev_hash": self.prev_hash,
            "hash": self.hash,
        }


class Draft(NamedTuple):
    """An event not yet appended, for ``Journal.append_many``."""

    kind: str
    payload: Mapping[str, Any]
    actor: str
    round_id: str | None = None


@dataclass(frozen=True, slots=True)
class VerifyResult:
    """Outcome of ``Journal.verify``: ``first_bad_seq`` is None exactly when ``ok``."""

    ok: bool
    checked: int
    first_bad_seq: int | None
    reason: str
    last_hash: str = GENESIS_HASH


_COLUMNS = "seq, at, table_id, round_id, kind, actor, payload, prev_hash, hash"


def _event_from_row(row: tuple[Any, ...]) -> JournalEvent:
    seq, at, table_id, round_id, kind, actor, payload, prev_hash, digest = row
    try:
        data = json.loads(payload)
    except (TypeError, ValueError):
        raise JournalError(f"record {seq} has an unreadable payload; run `dealer-station journal verify`") from None
    return JournalEvent(seq, at, table_id, round_id, kind, actor, data, prev_hash, digest)


def _check_text(value: object, name: str, *, optional: bool = False) -> None:
    if value is None and optional:
        return
    if not isinstance(value, str) or not value:
        raise JournalPayloadError(f"must be a non-empty string, not {value!r}", name)


# --------------------------------------------------------------------------- journal


class Journal:
    """Append-only hash-chained journal in one SQLite file; thread-safe.

    ``table_id`` is required to create a journal; with ``table_id=None`` the file must
    already be a journal and its table id is adopted (how auditors' tools open it).
    Opening a journal of another table raises ``JournalError``.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        table_id: str | None,
        clock: Callable[[], datetime] | None = None,
    ) -> None:
        self.path = Path(path)
        self._clock = clock or (lambda: datetime.now(UTC))
        self._lock = threading.Lock()
        self._conn: sqlite3.Connection | None = None
        self._tail_problem: str | None = None
        _precheck_file(self.path, create=table_id is not None)
        try:
            self._conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            self.table_id = self._open_schema(table_id)
            self._last_seq, self._last_hash = self._load_tail()
            self._data_version = self._conn.execute("PRAGMA data_version").fetchone()[0]
        except sqlite3.DatabaseError as exc:
            self._close_quietly()
            raise JournalError(f"{self.path} is not a readable journal: {exc}") from None
        except BaseException:
            self._close_quietly()
            raise
        log.debug("journal_opened", path=str(self.path), table_id=self.table_id, last_seq=self._last_seq)

    # ----------------------------------------------------------------- opening

    def _open_schema(self, table_id: str | None) -> str:
        conn = self._require()
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not tables:
            if table_id is None:
                raise JournalError(f"{self.path} is not a journal (empty database)")
            _check_text(table_id, "table_id")
            self._set_durability()
            conn.execute("BEGIN IMMEDIATE")
            try:
                for statement in (*_SCHEMA, *_TRIGGERS):
                    conn.execute(statement)
                conn.executemany(
                    "INSERT INTO meta(key, value) VALUES (?, ?)",
                    [("format", FORMAT_NAME), ("version", FORMAT_VERSION), ("table_id", table_id)],
                )
                conn.execute("INSERT INTO anchor(id, last_seq, last_hash) VALUES (1, 0, ?)", (GENESIS_HASH,))
                conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            return table_id
        meta = dict(conn.execute("SELECT key, value FROM meta")) if "meta" in tables else {}
        if meta.get("format") != FORMAT_NAME:
            raise JournalError(f"{self.path} is not a Dealer Station journal")
        if meta.get("version") != FORMAT_VERSION:
            raise JournalError(f"{self.path} is journal format {meta.get('version')}, expected {FORMAT_VERSION}")
        if "events" not in tables:
            raise JournalError(f"{self.path} has lost its events table")
        stored = meta.get("table_id", "")
        if table_id is not None and table_id != stored:
            raise JournalError(f"{self.path} is the journal of table {stored}, not {table_id}")
        self._set_durability()
        if table_id is not None:  # a writer puts back the guards an attacker may have dropped
            for statement in _TRIGGERS:
                conn.execute(statement)
        return stored

    def _set_durability(self) -> None:
        conn = self._require()
        mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            raise JournalError(f"{self.path}: cannot switch to WAL mode (got {mode})")
        conn.execute("PRAGMA synchronous = FULL")

    def _load_tail(self) -> tuple[int, str]:
        """Resume the chain from the last record; remember if it disagrees with the anchor."""
        conn = self._require()
        row = conn.execute("SELECT seq, hash FROM events ORDER BY seq DESC LIMIT 1").fetchone()
        last_seq, last_hash = (row[0], row[1]) if row else (0, GENESIS_HASH)
        try:
            anchor = conn.execute("SELECT last_seq, last_hash FROM anchor WHERE id = 1").fetchone()
        except sqlite3.OperationalError:
            anchor = None
        if anchor is None:
            self._tail_problem = "journal anchor is missing"
        elif tuple(anchor) != (last_seq, last_hash):
            self._tail_problem = f"journal ends at seq {last_seq} but its anchor says seq {anchor[0]}"
        if self._tail_problem:
            log.warning("journal_tail_suspect", path=str(self.path), problem=self._tail_problem)
        return last_seq, last_hash

    # ----------------------------------------------------------------- writing

    def append(
        self, kind: str, payload: Mapping[str, Any], *, actor: str, round_id: str | None = None
    ) -> JournalEvent:
        """Commit one event durably and return it; the caller acts only after this returns."""
        return self.append_many([Draft(kind, payload, actor, round_id)])[0]

    def append_many(self, items: Iterable[Draft | tuple[Any, ...]]) -> list[JournalEvent]:
        """Commit several events in one transaction: all of them or none."""
        drafts = [Draft(*item) for item in items]
        prepared = []
        for d in drafts:  # refuse bad input before touching the file
            _check_text(d.kind, "kind")
            _check_text(d.actor, "actor")
            _check_text(d.round_id, "round_id", optional=True)
            if not isinstance(d.payload, Mapping):
                raise JournalPayloadError(f"must be a mapping, not {type(d.payload).__name__}", "payload")
            prepared.append((d, canonical_json(d.payload)))
        if not prepared:
            return []
        with self._lock:
            conn = self._require()
            if self._tail_problem:
                raise JournalError(f"{self._tail_problem}; refusing to append (run `dealer-station journal verify`)")
            try:
                conn.execute("BEGIN IMMEDIATE")
                try:
                    self._resync_if_changed()
                    seq, prev = self._last_seq, self._last_hash
                    rows, events = [], []
                    at = utc_now_text(self._clock())
                    for d, payload_json in prepared:
                        seq += 1
                        digest = _record_hash(seq, at, self.table_id, d.round_id, d.kind, d.actor, payload_json, prev)
                        rows.append((seq, at, self.table_id, d.round_id, d.kind, d.actor, payload_json, prev, digest))
                        events.append(
                            JournalEvent(seq, at, self.table_id, d.round_id, d.kind, d.actor,
                                         json.loads(payload_json), prev, digest)
                        )
                        prev = digest
                    conn.executemany(f"INSERT INTO events({_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?)", rows)
                    conn.execute("UPDATE anchor SET last_seq = ?, last_hash = ? WHERE id = 1", (seq, prev))
                    conn.execute("COMMIT")
                except BaseException:
                    if conn.in_transaction:
                        conn.execute("ROLLBACK")
                    raise
            except sqlite3.Error as exc:
                raise JournalError(f"cannot write journal {self.path}: {exc}") from None
            self._last_seq, self._last_hash = seq, prev
            return events

    def _resync_if_changed(self) -> None:
        """Re-read the tail if another connection wrote (e.g. a second station process)."""
        conn = self._require()
        version = conn.execute("PRAGMA data_version").fetchone()[0]
        if version != self._data_version:
            self._last_seq, self._last_hash = self._load_tail()
            self._data_version = version
            if self._tail_problem:
                raise JournalError(self._tail_problem)

    # ----------------------------------------------------------------- reading

    @property
    def last_seq(self) -> int:
        return self._last_seq

    @property
    def last_hash(self) -> str:
        return self._last_hash

    def events(
        self, since_seq: int = 0, round_id: str | None = None, kinds: set[str] | None = None
    ) -> Iterator[JournalEvent]:
        """Events with ``seq > since_seq`` in order, optionally of one round and some kinds.

        Fetched page by page so appends may continue while a consumer iterates.
        """
        where, params = ["seq > ?"], []
        if round_id is not None:
            where.append("round_id = ?")
            params.append(round_id)
        if kinds is not None:
            if not kinds:
                return
            where.append(f"kind IN ({','.join('?' * len(kinds))})")
            params.extend(sorted(kinds))
        sql = f"SELECT {_COLUMNS} FROM events WHERE {' AND '.join(where)} ORDER BY seq LIMIT {_PAGE}"
        cursor = since_seq
        while True:
            with self._lock:
                try:
                    rows = self._require().execute(sql, (cursor, *params)).fetchall()
                except sqlite3.Error as exc:
                    raise JournalError(f"cannot read journal {self.path}: {exc}") from None
            for row in rows:
                yield _event_from_row(row)
            if len(rows) < _PAGE:
                return
            cursor = rows[-1][0]

    def verify(self) -> VerifyResult:
        """Recompute every hash and link, then check the tail against the anchor.

        Uses its own connection and one read transaction: a consistent snapshot, and
        appends on this journal are not blocked meanwhile.
        """
        self._require()
        try:
            conn = sqlite3.connect(self.path, isolation_level=None)
        except sqlite3.Error as exc:
            raise JournalError(f"cannot read journal {self.path}: {exc}") from None
        try:
            conn.execute("BEGIN")
            result = _verify_rows(conn)
            conn.execute("COMMIT")
        except sqlite3.Error as exc:
            raise JournalError(f"cannot read journal {self.path}: {exc}") from None
        finally:
            conn.close()
        return result

    # ----------------------------------------------------------------- lifetime

    def _require(self) -> sqlite3.Connection:
        if self._conn is None:
            raise JournalError(f"journal {self.path} is closed")
        return self._conn

    def _close_quietly(self) -> None:
        if self._conn is not None:
            try:
                self._conn.close()
            finally:
                self._conn = None

    def close(self) -> None:
        with self._lock:
            self._close_quietly()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Journal({str(self.path)!r}, table_id={self.table_id!r}, last_seq={self._last_seq})"


def _precheck_file(path: Path, *, create: bool) -> None:
    """Refuse a missing file (when reading) or a file that is plainly not SQLite, in one line."""
    if path.is_dir():
        raise JournalError(f"{path} is a directory, not a journal")
    if not path.exists():
        if not create:
            raise JournalError(f"no journal at {path}")
        if not path.parent.is_dir():
            raise JournalError(f"cannot create journal {path}: no directory {path.parent}")
        return
    try:
        with path.open("rb") as fh:
            head = fh.read(len(_SQLITE_MAGIC))
    except OSError as exc:
        raise JournalError(f"cannot read {path}: {exc.strerror}") from None
    if head and head != _SQLITE_MAGIC:
        raise JournalError(f"{path} is not a journal (not an SQLite file)")
    if not head and not create:
        raise JournalError(f"{path} is not a journal (empty file)")


def _verify_rows(conn: sqlite3.Connection) -> VerifyResult:
    """Walk the chain in ``conn``'s snapshot; the first problem found wins."""
    expected, prev, checked = 1, GENESIS_HASH, 0
    for seq, at, table_id, round_id, kind, actor, payload, prev_hash, digest in conn.execute(
        f"SELECT {_COLUMNS} FROM events ORDER BY seq"
    ):
        if seq != expected:
            what = "deleted" if seq > expected else "duplicated"
            return VerifyResult(False, checked, expected, f"record {expected} missing (record {what})", prev)
        if prev_hash != prev:
            return VerifyResult(False, checked, seq, f"prev_hash does not match record {seq - 1} (chain broken)", prev)
        try:
            actual = _record_hash(seq, at, table_id, round_id, kind, actor, payload, prev_hash)
        except (TypeError, ValueError):
            actual = None
        if actual != digest:
            return VerifyResult(False, checked, seq, "hash mismatch (record edited)", prev)
        prev, expected, checked = digest, expected + 1, checked + 1
    last_seq = expected - 1
    try:
        anchor = conn.execute("SELECT last_seq, last_hash FROM anchor WHERE id = 1").fetchone()
    except sqlite3.OperationalError:
        anchor = None
    if anchor is None:
        return VerifyResult(False, checked, last_seq + 1, "anchor missing (journal tampered)", prev)
    anchor_seq, anchor_hash = anchor
    if anchor_seq > last_seq:
        return VerifyResult(
            False, checked, last_seq + 1, f"records {last_seq + 1}..{anchor_seq} missing (journal truncated)", prev
        )
    if anchor_seq < last_seq:
        return VerifyResult(False, checked, anchor_seq + 1, "record after the anchor (appended outside the journal)", prev)
    if anchor_hash != prev:
        return VerifyResult(False, checked, last_seq, "last record does not match the anchor (record replaced)", prev)
    return VerifyResult(True, checked, None, "ok", prev)

