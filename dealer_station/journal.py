"""Tamper-evident, append-only event journal: the station's source of truth.

One SQLite file per table (WAL, ``synchronous=FULL`` for a live table): ``append`` returns
only after the event is committed to disk, so the station may act on it; a SIGKILL at any
instant leaves each event either fully committed or absent. Demo and simulation journals
commit with ``synchronous=NORMAL`` (``DURABILITY``): a killed process still loses nothing,
only a power cut may take their last commits, and they play a hundred times faster. The format is described in
``docs/journal.md``; this docstring is its summary.

Every record carries ``hash = sha256(canonical JSON of its fields + prev_hash)``, the
first ``prev_hash`` being 64 zeros, and a one-row ``anchor`` table holds
``(last_seq, last_hash)`` updated in the same transaction as each append.

What a journal is (format 2): record 1, written in the transaction that creates the
file, is ``journal_created {format, version, table_id, purpose, game}`` - the table, the
purpose (``live``, ``demo`` or ``simulation``) and the game are inside the hash chain. The ``meta``
table repeats them for tools but is not trusted: ``verify`` checks it against record 1
and every record's ``table_id`` against the chain's, and readers take the table id and
purpose from the chain. A writer states the purpose it expects and is refused a journal
of another purpose (a live table never writes into a demo or simulation journal), and a
profile of another game is refused a journal created for one (``game`` is absent only in
journals created before it was recorded, or by a caller that named none: no check then).
Format-1 journals (no creation record, table id only in ``meta``) stay readable and
writable; they are ``live`` journals, their table id is checked against every record.

One writer per journal: opening for writing takes an exclusive ``flock`` on
``<journal>.lock`` (``dealer_station.filelock``) naming the holder, then one on the
journal file itself, which no second path can alias (a bind mount of the file, a
container volume); a second writer, in another process or the same one, is refused
with one line naming it, and the OS drops both when the holder dies, so ``kill -9``
never blocks a restart. A journal with more than one hard link is refused too (SQLite
keeps one ``-wal`` per name).

Reading (``Journal.open_readonly``) never changes the file or its directory: no WAL
conversion, no triggers, no lock; it works beside a live writer, on read-only storage
and on a DELETE-mode copy (see ``_reader_connection`` for how the SQLite file is opened).

Years of play (``docs/journal-archive.md``): closed gaming days the floor has acknowledged are exported as
checksummed segments (``segments.py``) and then trimmed from the live file by ``trim_archived``, record 1
always staying; a ``segment_archived`` record in the chain vouches for the gap they leave, and ``verify``
and ``events`` read across the archive folder and the live file end to end.

What ``verify`` detects:
  * an edited field or payload (hash mismatch at that seq),
  * a deleted record (seq gap, or chain break if the rest were renumbered),
  * reordered / swapped records (hash covers ``seq``),
  * a wrong ``prev_hash`` (chain broken at that seq),
  * a truncated tail or deleted last record (events end before the anchor),
  * an edited ``meta`` (table id, purpose or version disagreeing with the chain), a
    missing creation record, a record of another table.

Limits (a hash chain cannot do better on its own):
  * Someone who rewrites *every* hash from the edit onwards *and* the anchor produces a
    consistent file. Detecting that needs the last hash kept outside the file (printed
    by ``dealer-station journal verify`` for an auditor to note, or sent off-station).
  * Deleting the whole file, or replacing it by an older copy with its own anchor, is
    not detectable from the file alone - same remedy.
  * The UPDATE/DELETE triggers only stop accidents and casual edits; anyone who can write
    the file can drop them. ``verify`` does not rely on them. The writer lock is advisory:
    it keeps Dealer Station processes apart, not someone with ``sqlite3`` in hand.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
import urllib.parse
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import IO, Any, Literal, NamedTuple

import orjson
import structlog

from . import filelock, segments
from .errors import DealerStationError
from .folders import make_folder
from .money import format_money

__all__ = [
    "GENESIS_HASH",
    "GENESIS_KIND",
    "PURPOSES",
    "Draft",
    "Journal",
    "JournalBrokenError",
    "JournalError",
    "JournalEvent",
    "JournalPayloadError",
    "Purpose",
    "VerifyResult",
    "Gap",
    "SEGMENT_ARCHIVED",
    "canonical_json",
    "ensure_folder",
    "lock_path",
]

log = structlog.get_logger(__name__)

GENESIS_HASH = "0" * 64
FORMAT_NAME = "dealer-station-journal"
FORMAT_VERSION = "2"
READABLE_VERSIONS = ("1", "2")
APPLICATION_ID = 0x44534A31  # "DSJ1": lets `file`/sqlite tools recognise a journal
_SQLITE_MAGIC = b"SQLite format 3\x00"
_PAGE = 1000  # rows fetched per lock hold while iterating events

Purpose = Literal["live", "demo", "simulation"]
PURPOSES: tuple[Purpose, ...] = ("live", "demo", "simulation")
"""What a journal is for: a table's real play, a demo / training run, or a simulation."""
GENESIS_KIND = "journal_created"
GENESIS_ACTOR = "station"
LEGACY_PURPOSE: Purpose = "live"  # format-1 journals predate purposes: they are live tables
DURABILITY: dict[str, str] = {"live": "FULL", "demo": "NORMAL", "simulation": "NORMAL"}
"""SQLite's ``synchronous`` per purpose. Live money is fsynced at every commit (about 4 ms here);
a demo or a simulation is a replayable run, where WAL with NORMAL still survives a killed
process (the SIGKILL tests hold) and only an operating-system crash may lose its last commits."""

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
_NO_DELETE = """CREATE TRIGGER IF NOT EXISTS events_no_delete BEFORE DELETE ON events
       BEGIN SELECT RAISE(ABORT, 'journal is append-only: events cannot be deleted'); END"""
"""The guard ``Journal.trim_archived`` lifts inside its transaction, and puts back before it commits."""
_TRIGGERS = (
    """CREATE TRIGGER IF NOT EXISTS events_no_update BEFORE UPDATE ON events
       BEGIN SELECT RAISE(ABORT, 'journal is append-only: events cannot be updated'); END""",
    _NO_DELETE,
    """CREATE TRIGGER IF NOT EXISTS anchor_no_delete BEFORE DELETE ON anchor
       BEGIN SELECT RAISE(ABORT, 'journal anchor cannot be deleted'); END""",
    """CREATE TRIGGER IF NOT EXISTS anchor_forward_only BEFORE UPDATE ON anchor
       WHEN NEW.last_seq <= OLD.last_seq
       BEGIN SELECT RAISE(ABORT, 'journal anchor only moves forward'); END""",
)


class JournalError(DealerStationError):
    """The journal cannot be opened or written (missing, not a journal, corrupt, closed)."""


class JournalBrokenError(JournalError):
    """A journal whose hash chain does not verify: a reader takes no figure from it. Exit status 1,
    as ``journal verify`` says BROKEN (the command line was right; the file is not)."""

    exit_status = 1
    first_bad_seq: int | None = None
    reason: str = ""


class JournalPayloadError(JournalError, TypeError):
    """A payload value the audit trail refuses (a float, a non-finite amount, an object)."""


# --------------------------------------------------------------------------- canonical JSON


def _plain(value: Any, path: str) -> Any:
    """Return ``value`` as JSON-ready data; Decimal becomes its money text, floats are refused."""
    if value is None or isinstance(value, (str, bool)):
        return value
    if isinstance(value, int):
        if not _INT_MIN <= value <= _INT_MAX:  # the reader (orjson) holds 64 bits exactly, no more
            raise JournalPayloadError(f"integer {value} beyond 64 bits refused: write it as a decimal string", path)
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


_INT_MIN, _INT_MAX = -(2**63), 2**64 - 1
"""Integers a payload may hold: what the reader reads back exactly."""

_encode_str: Callable[[str], str] = json.encoder.encode_basestring  # same as dumps(ensure_ascii=False)


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
    """Outcome of ``Journal.verify``: ``first_bad_seq`` is None exactly when ``ok``.

    ``table_id`` and ``purpose`` are the chain's (record 1), never ``meta``'s.
    """

    ok: bool
    checked: int
    first_bad_seq: int | None
    reason: str
    last_hash: str = GENESIS_HASH
    table_id: str = ""
    purpose: str = ""
    archived: int = 0
    """Of ``checked``, the records read from archived segments (0: the live file holds the whole chain)."""


SEGMENT_ARCHIVED = "segment_archived"
"""The record a journal keeps of each segment it archived (its range, last hash and file's sha256): journaled
before the segment's records leave the live file, it is what vouches for the gap they leave."""


@dataclass(frozen=True, slots=True)
class Gap:
    """Records 2..``last_seq`` archived out of the live file; ``link`` is the hash the next record links to."""

    last_seq: int
    link: str


@dataclass(frozen=True, slots=True)
class Identity:
    """What a journal is, as its hash chain says: table, purpose, format version, game
    (None: not recorded at creation)."""

    table_id: str
    purpose: str
    version: str
    game: str | None = None


_COLUMNS = "seq, at, table_id, round_id, kind, actor, payload, prev_hash, hash"
_RECORD_COLUMNS = "seq, at, kind, payload"
"""What a rebuild folds of each record (``Journal.records``)."""


def _parse_payload(text: str) -> Any:
    """A stored payload's data, read with orjson: four times faster than the standard library
    (a restart replays every record). It holds integers of up to 64 bits exactly, and
    ``canonical_json`` journals no other (nor any float), so what is read is what was written."""
    return orjson.loads(text)


def _record_payload(seq: int, text: str) -> Any:
    """The parsed payload of record ``seq``; an unreadable one is refused naming the record."""
    try:
        return _parse_payload(text)
    except (TypeError, ValueError):
        raise JournalError(f"record {seq} has an unreadable payload; run `dealer-station journal verify`") from None


def _event_from_row(row: tuple[Any, ...]) -> JournalEvent:
    seq, at, table_id, round_id, kind, actor, payload, prev_hash, digest = row
    return JournalEvent(seq, at, table_id, round_id, kind, actor, _record_payload(seq, payload), prev_hash, digest)


def _parsed_page(rows: list[tuple[int, str, str, str]]) -> list[tuple[int, str, str, Any]]:
    """``(seq, at, kind, payload text)`` rows with their payloads parsed, a page in one pass (orjson, as
    ``_parse_payload``); an unreadable payload is refused naming its record."""
    loads = orjson.loads
    try:
        return [(seq, at, kind, loads(payload)) for seq, at, kind, payload in rows]
    except (TypeError, ValueError):
        for seq, _at, _kind, payload in rows:
            _record_payload(seq, payload)
        raise


def _check_text(value: object, name: str, *, optional: bool = False) -> None:
    if value is None and optional:
        return
    if not isinstance(value, str) or not value:
        raise JournalPayloadError(f"must be a non-empty string, not {value!r}", name)


def _genesis_payload(table_id: str, purpose: Purpose, game: str | None) -> dict[str, str]:
    payload = {"format": FORMAT_NAME, "version": FORMAT_VERSION, "table_id": table_id, "purpose": purpose}
    return payload if game is None else {**payload, "game": game}


def _genesis_identity(kind: str, round_id: str | None, payload_json: str) -> Identity | None:
    """The identity record 1 declares, or None if record 1 is not a valid creation record."""
    if kind != GENESIS_KIND or round_id is not None:
        return None
    try:
        payload = json.loads(payload_json)
    except (TypeError, ValueError):
        return None
    if not isinstance(payload, dict):
        return None
    table_id, purpose, version = payload.get("table_id"), payload.get("purpose"), payload.get("version")
    if payload.get("format") != FORMAT_NAME or not isinstance(table_id, str) or not table_id:
        return None
    if purpose not in PURPOSES or version != FORMAT_VERSION:
        return None
    game = payload.get("game")
    if game is not None and (not isinstance(game, str) or not game):
        return None
    return Identity(table_id, purpose, version, game)


def lock_path(journal_path: str | os.PathLike[str]) -> Path:
    """Where the writer lock of a journal lives: ``<journal>.lock`` beside the file itself
    (symbolic links resolved: every name of one journal finds the same lock)."""
    path = Path(os.path.realpath(journal_path))
    return path.with_name(path.name + ".lock")


# --------------------------------------------------------------------------- journal


class Journal:
    """Append-only hash-chained journal in one SQLite file; thread-safe.

    ``Journal(path, table_id=..., purpose=..., game=...)`` opens for writing: it creates
    the journal (with its creation record) or checks that the existing one is of that
    table, that purpose and that game, and holds the writer lock until ``close``. ``purpose=None`` states
    no expectation: a new journal is ``live`` and an existing one of any purpose is
    accepted - for callers that do not know yet; every writer should state it.

    ``Journal.open_readonly(path)`` (same as ``mode="r"``) reads an existing journal
    without changing anything; its ``table_id`` and ``purpose`` come from the chain.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        table_id: str | None = None,
        purpose: Purpose | None = None,
        game: str | None = None,
        mode: Literal["w", "r"] = "w",
        clock: Callable[[], datetime] | None = None,
        archive: str | os.PathLike[str] | None = None,
    ) -> None:
        self.path = Path(path)
        self._archive = Path(archive) if archive is not None else None
        self._clock = clock or (lambda: datetime.now(UTC))
        self._lock = threading.Lock()
        self._conn: sqlite3.Connection | None = None
        self._writer_lock: IO[str] | None = None
        self._file_lock: filelock.FileLock | None = None
        self._use: filelock.FileUse | None = None
        self._tail_problem: str | None = None
        if mode not in ("w", "r"):
            raise ValueError(f"mode must be 'w' or 'r', not {mode!r}")
        self.readonly = mode == "r"
        if not self.readonly:
            if table_id is None:
                raise JournalError("opening a journal for writing needs its table id (to read: Journal.open_readonly)")
            _check_text(table_id, "table_id")
        if purpose is not None and purpose not in PURPOSES:
            raise JournalError(f"unknown purpose {purpose!r} (purposes: {', '.join(PURPOSES)})", "purpose")
        _precheck_file(self.path, create=not self.readonly)
        if self.readonly:
            self._use = filelock.use_file(self.path)
        else:
            self._writer_lock, self._file_lock = _take_writer_lock(self.path)
        try:
            self._conn = _reader_connection(self.path) if self.readonly else _writer_connection(self.path)
            identity = self._open_schema(table_id, purpose, game)
            self.table_id, self.purpose, self.version = identity.table_id, identity.purpose, identity.version
            self.game = identity.game
            self._last_seq, self._last_hash = self._load_tail()
            self._data_version = self._conn.execute("PRAGMA data_version").fetchone()[0]
        except sqlite3.DatabaseError as exc:
            self._close_quietly()
            raise JournalError(f"{self.path} is not a readable journal: {_sqlite_problem(self.path, exc)}") from None
        except BaseException:
            self._close_quietly()
            raise
        log.debug("journal_opened", path=str(self.path), table_id=self.table_id, purpose=self.purpose,
                  readonly=self.readonly, last_seq=self._last_seq)

    @classmethod
    def open_readonly(
        cls, path: str | os.PathLike[str], *, table_id: str | None = None, purpose: Purpose | None = None,
        game: str | None = None, archive: str | os.PathLike[str] | None = None,
    ) -> Journal:
        """Open an existing journal for reading only (verify, show, recall, reports).

        With ``table_id`` / ``purpose`` / ``game``, a journal of another table, purpose or
        game is refused exactly as a writer would refuse it - a check that changes nothing.
        ``archive``: the folder of its archived segments (default: the one it last archived to).
        """
        return cls(path, table_id=table_id, purpose=purpose, game=game, mode="r", archive=archive)

    @classmethod
    def open_checked(
        cls, path: str | os.PathLike[str], *, table_id: str | None = None, purpose: Purpose | None = None,
        game: str | None = None, archive: str | os.PathLike[str] | None = None,
    ) -> Journal:
        """``open_readonly``, then ``check_chain``: how every reader that takes figures from a journal
        (jackpot, recall, par, the shuffle audit, a linked member's reconciliation) opens it."""
        journal = cls.open_readonly(path, table_id=table_id, purpose=purpose, game=game, archive=archive)
        try:
            journal.check_chain()
        except BaseException:
            journal.close()
            raise
        return journal

    # ----------------------------------------------------------------- opening

    def _open_schema(self, table_id: str | None, purpose: Purpose | None, game: str | None) -> Identity:
        conn = self._require()
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not tables:
            if self.readonly:
                raise JournalError(f"{self.path} is not a journal (empty database)")
            assert table_id is not None
            return self._create(table_id, purpose or LEGACY_PURPOSE, game)
        meta = dict(conn.execute("SELECT key, value FROM meta")) if "meta" in tables else {}
        if meta.get("format") != FORMAT_NAME:
            raise JournalError(f"{self.path} is not a Dealer Station journal")
        version = meta.get("version")
        if version not in READABLE_VERSIONS:
            raise JournalError(f"{self.path} is journal format {version}, expected one of {', '.join(READABLE_VERSIONS)}")
        if "events" not in tables:
            raise JournalError(f"{self.path} has lost its events table")
        identity = _chain_identity(conn, meta)
        if self.readonly:
            # An inconsistent journal is still read (verify must be able to name the
            # problem); readers take the table from the chain, never from meta alone.
            if identity is None:
                first = conn.execute("SELECT table_id FROM events ORDER BY seq LIMIT 1").fetchone()
                identity = Identity(first[0] if first else "", "unknown", str(version))
            self._expect(identity, table_id, purpose, game)
            return identity
        if identity is None:
            raise JournalError(f"{self.path} has lost or altered its creation record; run `dealer-station journal verify`")
        if meta.get("table_id") != identity.table_id or meta.get("purpose", LEGACY_PURPOSE) != identity.purpose:
            raise JournalError(f"{self.path}: meta disagrees with the hash chain (edited); "
                               "run `dealer-station journal verify`")
        self._expect(identity, table_id, purpose, game)
        self._set_durability(identity.purpose)  # only now that nothing refused it: a refusal changes nothing
        for statement in _TRIGGERS:  # a writer puts back the guards an attacker may have dropped
            conn.execute(statement)
        return identity

    def _expect(self, identity: Identity, table_id: str | None, purpose: Purpose | None, game: str | None) -> None:
        """Refuse a journal of another table, purpose or game than the caller stated."""
        if table_id is not None and table_id != identity.table_id:
            raise JournalError(f"{self.path} is the journal of table {identity.table_id}, not {table_id}")
        if purpose is not None and purpose != identity.purpose:
            raise JournalError(f"{self.path} is a {identity.purpose} journal, not a {purpose} one "
                               f"(table {identity.table_id}); use another journal file")
        if game is not None and identity.game is not None and game != identity.game:
            raise JournalError(f"{self.path} is the journal of a {identity.game} table ({identity.table_id}), "
                               f"not {game}; use another journal file")

    def _create(self, table_id: str, purpose: Purpose, game: str | None) -> Identity:
        """Schema, meta, anchor and the creation record (seq 1) in one transaction."""
        conn = self._require()
        self._set_durability(purpose)
        payload_json = canonical_json(_genesis_payload(table_id, purpose, game))
        at = utc_now_text(self._clock())
        digest = _record_hash(1, at, table_id, None, GENESIS_KIND, GENESIS_ACTOR, payload_json, GENESIS_HASH)
        conn.execute("BEGIN IMMEDIATE")
        try:
            for statement in (*_SCHEMA, *_TRIGGERS):
                conn.execute(statement)
            conn.executemany(
                "INSERT INTO meta(key, value) VALUES (?, ?)",
                [("format", FORMAT_NAME), ("version", FORMAT_VERSION), ("table_id", table_id), ("purpose", purpose)],
            )
            conn.execute(f"INSERT INTO events({_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?)",
                         (1, at, table_id, None, GENESIS_KIND, GENESIS_ACTOR, payload_json, GENESIS_HASH, digest))
            conn.execute("INSERT INTO anchor(id, last_seq, last_hash) VALUES (1, 1, ?)", (digest,))
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        log.info("journal_created", path=str(self.path), table_id=table_id, purpose=purpose, game=game)
        return Identity(table_id, purpose, FORMAT_VERSION, game)

    def _set_durability(self, purpose: str) -> None:
        conn = self._require()
        mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            raise JournalError(f"{self.path}: cannot switch to WAL mode (got {mode})")
        conn.execute(f"PRAGMA synchronous = {DURABILITY.get(purpose, 'FULL')}")

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
        if self._tail_problem and not self.readonly:
            log.warning("journal_tail_suspect", path=str(self.path), problem=self._tail_problem)
        return last_seq, last_hash

    # ----------------------------------------------------------------- writing

    def append(
        self, kind: str, payload: Mapping[str, Any], *, actor: str, round_id: str | None = None
    ) -> JournalEvent:
        """Commit one event durably and return it; the caller acts only after this returns."""
        return self.append_many([Draft(kind, payload, actor, round_id)])[0]

    def now(self) -> str:
        """The journal's time now (its clock, UTC, milliseconds): what a transaction stamps its events with."""
        return utc_now_text(self._clock())

    def append_many(self, items: Iterable[Draft | tuple[Any, ...]], at: str | None = None) -> list[JournalEvent]:
        """Commit several events in one transaction: all of them or none, stamped ``at`` (default: now).

        The table's kernel passes the time its transaction folded the events with, so the state it
        keeps is the one a replay of the file rebuilds."""
        if self.readonly:
            raise JournalError(f"journal {self.path} is open read-only")
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
                    if at is None:
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
        """Re-read the tail if the file changed under us (only a foreign tool can, with the lock held)."""
        conn = self._require()
        version = conn.execute("PRAGMA data_version").fetchone()[0]
        if version != self._data_version:
            self._last_seq, self._last_hash = self._load_tail()
            self._data_version = version
            if self._tail_problem:
                raise JournalError(self._tail_problem)

    def trim_archived(self, manifest: segments.Manifest, folder: Path) -> int:
        """Remove an archived segment's records from the live file: the one maintenance path past the
        append-only guard, and only for records that are already safe elsewhere. In one transaction it checks
        that the segment is the next one the live file holds (records ``live_from..last_seq``; record 1 always
        stays), that the journal has journaled its ``segment_archived`` record (range, last hash, the file's
        sha256) after it, and that the file in ``folder`` holds exactly the live rows; then it lifts the
        DELETE guard, deletes them, puts the guard back and notes ``folder`` in ``meta``. Any failure rolls the
        whole back: the records stay. Returns the records removed. Whether the floor has acknowledged them is
        the caller's check (``archive.archive_journal``)."""
        if self.readonly:
            raise JournalError(f"journal {self.path} is open read-only")
        try:
            archived = segments.load_rows(folder, manifest)
        except segments.SegmentError as exc:
            raise JournalError(exc.problem) from None
        start = self.live_from
        low = max(manifest.first_seq, 2)
        if manifest.first_seq > start or low != start:
            raise JournalError(f"{manifest.describe()} is not the next one the live file holds (it starts at {start})")
        with self._lock:
            conn = self._require()
            try:
                conn.execute("BEGIN IMMEDIATE")
                try:
                    vouched = any(
                        _vouches(payload, manifest) for (payload,) in conn.execute(
                            "SELECT payload FROM events WHERE kind = ? AND seq > ?", (SEGMENT_ARCHIVED, manifest.last_seq)))
                    if not vouched:
                        raise JournalError(f"{manifest.describe()} has no segment_archived record after it: "
                                           "journal it before trimming")
                    live = conn.execute(f"SELECT {_COLUMNS} FROM events WHERE seq BETWEEN ? AND ? ORDER BY seq",
                                        (low, manifest.last_seq)).fetchall()
                    if [tuple(r) for r in live] != [r for r in archived if r[0] >= low]:
                        raise JournalError(f"{manifest.describe()} differs from the live file's records: not trimmed")
                    conn.execute("DROP TRIGGER events_no_delete")
                    conn.execute("DELETE FROM events WHERE seq BETWEEN ? AND ?", (low, manifest.last_seq))
                    conn.execute(_NO_DELETE)
                    conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES ('archive', ?)",
                                 (str(folder.resolve()),))
                    conn.execute("COMMIT")
                except BaseException:
                    if conn.in_transaction:
                        conn.execute("ROLLBACK")
                    raise
            except sqlite3.Error as exc:
                raise JournalError(f"cannot trim journal {self.path}: {exc}") from None
            self._data_version = conn.execute("PRAGMA data_version").fetchone()[0]
        log.info("segment_trimmed", path=str(self.path), segment=manifest.name, records=len(live))
        return len(live)

    # ----------------------------------------------------------------- reading

    @property
    def last_seq(self) -> int:
        return self._last_seq

    @property
    def last_hash(self) -> str:
        return self._last_hash

    @property
    def created_hash(self) -> str | None:
        """The hash of record 1 (its creation record): what tells this journal from any other, even one of
        the same table and purpose made later at the same path (None for an empty format-1 journal)."""
        with self._lock:
            try:
                row = self._require().execute("SELECT hash FROM events WHERE seq = 1").fetchone()
            except sqlite3.Error as exc:
                raise JournalError(f"cannot read journal {self.path}: {exc}") from None
        return str(row[0]) if row else None

    def events(
        self, since_seq: int = 0, round_id: str | None = None, kinds: set[str] | None = None
    ) -> Iterator[JournalEvent]:
        """Events with ``seq > since_seq`` in order, optionally of one round and some kinds.

        Fetched page by page so appends may continue while a consumer iterates. Records archived out of the
        live file are read from their segments first (``archive_folder``), so every reader sees the whole chain.
        """
        live_from = self.live_from
        if live_from > 2 and since_seq + 1 < live_from:  # records archived out of the live file
            for row in self._archived_rows(since_seq, live_from - 1, round_id, kinds):
                yield _event_from_row(row)
            since_seq = live_from - 1
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
        for rows in self._pages(sql, since_seq, params):
            for row in rows:
                yield _event_from_row(row)

    def records(self, since_seq: int = 0) -> Iterator[tuple[int, str, str, Any]]:
        """``(seq, at, kind, payload)`` of every record after ``since_seq`` in order, the payload parsed:
        what a rebuild folds (``Folds.rebuild``), read without a ``JournalEvent`` per record, nor the
        columns it does not fold. Paged and read across the archive as ``events``."""
        live_from = self.live_from
        if live_from > 2 and since_seq + 1 < live_from:
            for row in self._archived_rows(since_seq, live_from - 1, None, None):
                yield row[0], row[1], row[4], _record_payload(row[0], row[6])
            since_seq = live_from - 1
        sql = f"SELECT {_RECORD_COLUMNS} FROM events WHERE seq > ? ORDER BY seq LIMIT {_PAGE}"
        for rows in self._pages(sql, since_seq, []):
            yield from _parsed_page(rows)

    def _pages(self, sql: str, since_seq: int, params: list[Any]) -> Iterator[list[Any]]:
        """The rows of ``sql`` (its first parameter: the seq to read after) a page at a time, the lock held
        only while a page is fetched."""
        cursor = since_seq
        while True:
            with self._lock:
                try:
                    rows = self._require().execute(sql, (cursor, *params)).fetchall()
                except sqlite3.Error as exc:
                    raise JournalError(f"cannot read journal {self.path}: {exc}") from None
            yield rows
            if len(rows) < _PAGE:
                return
            cursor = rows[-1][0]

    def stored_rows(self, since_seq: int, upto: int) -> Iterator[tuple[Any, ...]]:
        """The live file's records ``since_seq+1..upto`` exactly as stored (the payload as its hashed text):
        what a segment is exported from."""
        cursor = since_seq
        while cursor < upto:
            with self._lock:
                try:
                    rows = self._require().execute(
                        f"SELECT {_COLUMNS} FROM events WHERE seq > ? AND seq <= ? ORDER BY seq LIMIT {_PAGE}",
                        (cursor, upto)).fetchall()
                except sqlite3.Error as exc:
                    raise JournalError(f"cannot read journal {self.path}: {exc}") from None
            yield from (tuple(row) for row in rows)
            if len(rows) < _PAGE:
                return
            cursor = rows[-1][0]

    def reusable_bytes(self) -> int:
        """Bytes of the file's free pages (records trimmed to the archive): appends reuse them before the file
        grows, so the disk watch counts them as room (the file itself never shrinks)."""
        with self._lock:
            try:
                conn = self._require()
                pages = conn.execute("PRAGMA freelist_count").fetchone()[0]
                size = conn.execute("PRAGMA page_size").fetchone()[0]
            except sqlite3.Error as exc:
                raise JournalError(f"cannot read journal {self.path}: {exc}") from None
        return int(pages) * int(size)

    @property
    def live_from(self) -> int:
        """The first seq after record 1 the live file holds (2 until a segment is archived out of it)."""
        with self._lock:
            try:
                row = self._require().execute("SELECT min(seq) FROM events WHERE seq > 1").fetchone()
            except sqlite3.Error as exc:
                raise JournalError(f"cannot read journal {self.path}: {exc}") from None
        return int(row[0]) if row and row[0] is not None else self._last_seq + 1

    @property
    def archive_folder(self) -> Path | None:
        """Where its archived segments are: the folder given when opening, else the one it last archived to
        (``meta``: only where to look; every segment read there is checked against the chain)."""
        if self._archive is not None:
            return self._archive
        with self._lock:
            try:
                row = self._require().execute("SELECT value FROM meta WHERE key = 'archive'").fetchone()
            except sqlite3.Error:
                return None
        return Path(row[0]) if row else None

    def archived_segments(self) -> list[segments.Manifest]:
        """The archived segments of this journal's table in its archive folder (none when it has none)."""
        folder = self.archive_folder
        if folder is None or (not folder.is_dir() and self.live_from <= 2):
            return []
        try:
            return segments.manifests(folder, self.table_id)
        except segments.SegmentError as exc:
            raise JournalError(exc.problem) from None

    def _archived_rows(self, after: int, upto: int, round_id: str | None,
                         kinds: set[str] | None) -> Iterator[tuple[Any, ...]]:
        """Records ``after+1..upto`` from the archived segments, in order; a gap or a missing or altered
        segment is one line naming it (``JournalError``), never a short history."""
        folder = self.archive_folder
        if folder is None:
            raise JournalError(f"records 2..{upto} of {self.path} are archived and no archive folder is known "
                               "(give --archive-dir)")
        expected = after + 1
        try:
            for manifest in segments.manifests(folder, self.table_id):
                if manifest.last_seq < expected:
                    continue
                if manifest.first_seq > expected:
                    break
                if round_id is not None and round_id not in manifest.rounds:
                    expected = min(manifest.last_seq, upto) + 1  # none of its records is that round's
                    continue
                for row in segments.load_rows(folder, manifest):
                    if row[0] < expected:
                        continue
                    if row[0] > upto:
                        return
                    expected = row[0] + 1
                    if (round_id is None or row[3] == round_id) and (kinds is None or row[4] in kinds):
                        yield row
        except segments.SegmentError as exc:
            raise JournalError(exc.problem) from None
        if expected <= upto:
            raise JournalError(f"archive {folder} lacks records {expected}..{upto} of table {self.table_id} "
                               "(a segment missing)")

    def verify(self) -> VerifyResult:
        """Recompute every hash and link, check the tail against the anchor and meta against the chain; records
        archived out of the live file are checked in their segments, the chain end to end.

        Uses its own read-only connection and one read transaction: a consistent
        snapshot, and appends on this journal are not blocked meanwhile.
        """
        self._require()
        try:
            conn = _reader_connection(self.path)
        except sqlite3.Error as exc:
            raise JournalError(f"cannot read journal {self.path}: {_sqlite_problem(self.path, exc)}") from None
        try:
            conn.execute("BEGIN")
            result, gap, attested = _walk_live(conn)
            first = conn.execute("SELECT hash FROM events WHERE seq = 1").fetchone()
            conn.execute("COMMIT")
        except sqlite3.Error as exc:
            raise JournalError(f"cannot read journal {self.path}: {exc}") from None
        finally:
            conn.close()
        if not result.ok or gap is None:
            return result
        folder = self.archive_folder
        if folder is None:
            raise JournalError(f"records 2..{gap.last_seq} of {self.path} are archived and no archive folder is "
                               "known (give --archive-dir)")
        try:
            archived, problem = _verify_archive(folder, result.table_id, gap, str(first[0]), attested)
        except segments.SegmentError as exc:
            raise JournalError(exc.problem) from None
        if problem is not None:
            return VerifyResult(False, archived, 1, problem, result.last_hash, result.table_id, result.purpose,
                                archived)
        return VerifyResult(True, result.checked + gap.last_seq - 1, None, "ok", result.last_hash,  # record 1: in both
                            result.table_id, result.purpose, gap.last_seq - 1)

    def check_chain(self) -> VerifyResult:
        """``verify``, refusing a broken chain with ``JournalBrokenError`` naming the first bad seq.

        The whole chain, every time: the journal keeps no verified point a reader could start from
        that the person editing a record could not leave in place (an edit that leaves the hashes as
        they were shows only when that record's hash is recomputed). It costs 0.28 s per 100,000
        records (docs/performance-journal.md), less than reading them does."""
        result = self.verify()
        if not result.ok:
            error = JournalBrokenError(f"journal {self.path} is BROKEN at seq {result.first_bad_seq}: {result.reason}; "
                                       "nothing is read from it (see `dealer-station journal verify`)")
            error.first_bad_seq, error.reason = result.first_bad_seq, result.reason
            raise error
        return result

    # ----------------------------------------------------------------- lifetime

    def _require(self) -> sqlite3.Connection:
        if self._conn is None:
            raise JournalError(f"journal {self.path} is closed")
        return self._conn

    def _close_quietly(self) -> None:
        try:
            if self._conn is not None:
                self._conn.close()
        finally:
            self._conn = None
            if self._use is not None:  # only once the connection is closed (see filelock)
                self._use.end()
                self._use = None
            if self._file_lock is not None:
                self._file_lock.release()
                self._file_lock = None
            if self._writer_lock is not None:
                filelock.release(self._writer_lock)
                self._writer_lock = None

    def close(self) -> None:
        with self._lock:
            self._close_quietly()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        mode = "r" if self.readonly else "w"
        return (f"Journal({str(self.path)!r}, table_id={self.table_id!r}, purpose={self.purpose!r}, "
                f"mode={mode!r}, last_seq={self._last_seq})")


# --------------------------------------------------------------------------- files


def _precheck_file(path: Path, *, create: bool) -> None:
    """Refuse a missing file (when reading) or a file that is plainly not SQLite, in one line."""
    if path.is_dir() or not path.name:
        raise JournalError(f"{path} is a directory, not a journal")
    if not path.exists():
        if not create:
            raise JournalError(f"no journal at {path}")
        if not path.parent.is_dir():
            raise JournalError(f"cannot create journal {path}: no directory {path.parent}")
        if not os.access(path.parent, os.W_OK):
            raise JournalError(f"cannot create journal {path}: directory {path.parent} is not writable")
        return
    try:
        head = filelock.read_start(path, len(_SQLITE_MAGIC))
    except OSError as exc:
        raise JournalError(f"cannot read {path}: {exc.strerror}") from None
    if head and head != _SQLITE_MAGIC:
        raise JournalError(f"{path} is not a journal (not an SQLite file)")
    if not head and not create:
        raise JournalError(f"{path} is not a journal (empty file)")
    if create and not os.access(path, os.W_OK):
        raise JournalError(f"cannot write journal {path}: the file is read-only")


def ensure_folder(path: str | os.PathLike[str]) -> Path:
    """The folder a journal is to live in, made if missing under ``var/`` and refused in one line if missing
    anywhere else (``folders.make_folder``: a typo must not start a fresh journal elsewhere)."""
    journal = Path(path)
    if journal.is_dir() or not journal.name:
        raise JournalError(f"{journal} is a directory, not a journal")
    make_folder(journal.parent, "journal")
    return journal


def _take_writer_lock(path: Path) -> tuple[IO[str], filelock.FileLock]:
    """The journal's writer locks (its sidecar's, then its own), or a one-line refusal naming who holds it."""
    _refuse_hard_links(path, _links(path))
    try:
        held = filelock.hold_exclusive(lock_path(path))
    except filelock.LockHeld as holder:
        raise JournalError(f"{path} is open for writing by {holder}") from None
    except OSError as exc:
        raise JournalError(f"cannot lock journal {path} for writing: {exc.strerror or exc}") from None
    try:
        itself = filelock.hold_file(path)
    except filelock.LockHeld as holder:
        filelock.release(held)
        raise JournalError(f"{path} is open for writing by {holder} under another name of the same file "
                           "(a bind mount or another path to it)") from None
    except OSError as exc:
        filelock.release(held)
        raise JournalError(f"cannot open journal {path}: {exc.strerror or exc}") from None
    if itself.links > 1:
        itself.release()
        filelock.release(held)
        _refuse_hard_links(path, itself.links)
    return held, itself


def _links(path: Path) -> int:
    try:
        return os.stat(path).st_nlink
    except FileNotFoundError:
        return 1  # a new journal
    except OSError as exc:
        raise JournalError(f"cannot open journal {path}: {exc.strerror or exc}") from None


def _refuse_hard_links(path: Path, links: int) -> None:
    """A hard link is another name: SQLite would keep a second ``-wal`` beside it."""
    if links > 1:
        raise JournalError(f"{path} has {links} hard links: a journal is written under one name only "
                           "(remove the other links, or copy it)")


def _writer_connection(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path, isolation_level=None, check_same_thread=False)


def _storage_writable(path: Path) -> bool:
    return os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)


def _in_wal_mode(path: Path) -> bool:
    """The SQLite header's read/write versions (bytes 18, 19) are 2 in WAL mode."""
    try:
        header = filelock.read_start(path, 20)
    except OSError:
        return False
    return len(header) == 20 and header[18:20] == b"\x02\x02"


def _reader_connection(path: Path) -> sqlite3.Connection:
    """A connection that cannot change the journal, chosen for where the file is.

    * a ``-wal`` beside it (a writer is live, or one died): ``mode=ro``, reading the WAL;
    * read-only storage (file or directory not writable) with no ``-wal``: nothing can
      change the file, so ``immutable=1`` (``mode=ro`` could not even open a WAL file there);
    * a rollback-mode copy (DELETE): ``mode=ro`` - no file is created;
    * a cleanly closed WAL journal on writable storage: ``mode=ro`` would leave an empty
      ``-wal`` and a ``-shm`` behind, so the connection is read-write but ``query_only``:
      it cannot write, and SQLite removes the ``-wal``/``-shm`` it made when it closes
      (there being no WAL frames, that close writes nothing to the journal file).
    """
    uri = "file:" + urllib.parse.quote(str(path.resolve()))
    if Path(f"{path}-wal").exists():
        target = f"{uri}?mode=ro"
    elif not _storage_writable(path):
        target = f"{uri}?immutable=1"
    elif _in_wal_mode(path):
        conn = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA query_only = ON")
        return conn
    else:
        target = f"{uri}?mode=ro"
    return sqlite3.connect(target, uri=True, isolation_level=None, check_same_thread=False)


def _sqlite_problem(path: Path, exc: sqlite3.Error) -> str:
    """SQLite's complaint, with the way out when a WAL cannot be read on read-only storage."""
    if Path(f"{path}-wal").exists() and not Path(f"{path}-shm").exists() and not _storage_writable(path):
        return (f"{exc} (its -wal needs a -shm beside it to be read on read-only storage: "
                "copy the journal and its -wal to writable storage)")
    return str(exc)


def _chain_identity(conn: sqlite3.Connection, meta: Mapping[str, str]) -> Identity | None:
    """The table and purpose record 1 declares (format 2); for format 1, record 1's table id."""
    row = conn.execute("SELECT table_id, round_id, kind, payload FROM events WHERE seq = 1").fetchone()
    if meta.get("version") == "1":
        if row is not None and row[2] == GENESIS_KIND:
            return None  # a format-2 journal whose meta was set back to format 1
        return Identity(row[0] if row else meta.get("table_id", ""), LEGACY_PURPOSE, "1")
    if row is None:
        return None
    identity = _genesis_identity(row[2], row[1], row[3])
    return identity if identity is not None and identity.table_id == row[0] else None


def _verify_rows(conn: sqlite3.Connection) -> VerifyResult:
    """Walk the live file's chain in ``conn``'s snapshot (archived records not read); the first problem wins."""
    return _walk_live(conn)[0]


Attested = dict[tuple[int, int], tuple[str, str]]
"""(first seq, last seq) of an archived segment -> (its last hash, its file's sha256), as journaled."""


def _attestation(kind: str, payload: str, attested: Attested) -> None:
    """Note what a ``segment_archived`` record says (a malformed one vouches for nothing)."""
    if kind != SEGMENT_ARCHIVED:
        return
    try:
        data = json.loads(payload)
        attested[(int(data["first_seq"]), int(data["last_seq"]))] = (str(data["last_hash"]), str(data["sha256"]))
    except (TypeError, ValueError, KeyError):
        return


def _walk_live(conn: sqlite3.Connection) -> tuple[VerifyResult, Gap | None, Attested]:
    """The live chain's verdict, the gap archiving left after record 1 (None: none) and the segments its
    ``segment_archived`` records vouch for. The gap is accepted only when one of them says it archived
    exactly those records, ending on the hash the first record after it links to."""
    meta = _read_meta(conn)
    version = meta.get("version")
    table, purpose = meta.get("table_id", ""), meta.get("purpose", LEGACY_PURPOSE)
    expected, prev, checked = 1, GENESIS_HASH, 0
    gap: Gap | None = None
    attested: Attested = {}

    def broken(seq: int, reason: str) -> tuple[VerifyResult, Gap | None, Attested]:
        return VerifyResult(False, checked, seq, reason, prev, table, purpose), gap, attested

    for seq, at, table_id, round_id, kind, actor, payload, prev_hash, digest in conn.execute(
        f"SELECT {_COLUMNS} FROM events ORDER BY seq"
    ):
        if seq > expected == 2 and version != "1":  # archived records: vouched for below
            gap, prev, expected = Gap(seq - 1, prev_hash), prev_hash, seq
        if seq != expected:
            what = "deleted" if seq > expected else "duplicated"
            return broken(expected, f"record {expected} missing (record {what})")
        if prev_hash != prev:
            return broken(seq, f"prev_hash does not match record {seq - 1} (chain broken)")
        try:
            actual = _record_hash(seq, at, table_id, round_id, kind, actor, payload, prev_hash)
        except (TypeError, ValueError):
            actual = None
        if actual != digest:
            return broken(seq, "hash mismatch (record edited)")
        if seq == 1:
            problem = _check_creation(version, table_id, round_id, kind, payload, meta)
            if problem:
                return broken(1, problem)
            if version != "1":
                identity = _genesis_identity(kind, round_id, payload)
                assert identity is not None
                table, purpose = identity.table_id, identity.purpose
        if table_id != table:
            return broken(seq, f"record of table {table_id} in the journal of table {table} (record or meta edited)")
        _attestation(kind, payload, attested)
        prev, expected, checked = digest, expected + 1, checked + 1
    if version != "1" and checked == 0:
        return broken(1, "creation record missing (journal emptied)")
    if gap is not None and not any(last == gap.last_seq and link == gap.link for (_, last), (link, _) in attested.items()):
        return broken(2, f"records 2..{gap.last_seq} missing (deleted: no segment_archived record vouches for them)")
    last_seq = expected - 1
    try:
        anchor = conn.execute("SELECT last_seq, last_hash FROM anchor WHERE id = 1").fetchone()
    except sqlite3.OperationalError:
        anchor = None
    if anchor is None:
        return broken(last_seq + 1, "anchor missing (journal tampered)")
    anchor_seq, anchor_hash = anchor
    if anchor_seq > last_seq:
        return broken(last_seq + 1, f"records {last_seq + 1}..{anchor_seq} missing (journal truncated)")
    if anchor_seq < last_seq:
        return broken(anchor_seq + 1, "record after the anchor (appended outside the journal)")
    if anchor_hash != prev:
        return broken(last_seq, "last record does not match the anchor (record replaced)")
    return VerifyResult(True, checked, None, "ok", prev, table, purpose), gap, attested


def _verify_archive(folder: Path, table: str, gap: Gap, first_hash: str, attested: Attested) -> tuple[int, str | None]:
    """(records checked, problem or None) of the archived chain from record 1 to ``gap.last_seq``: every segment
    intact (its sha256), linked to the one before, vouched for by the journal's own ``segment_archived`` record
    when it has left the live file, starting with the live file's record 1 and ending on the hash the live
    chain goes on from. A missing or altered segment file is a ``SegmentError`` naming it."""
    found = segments.manifests(folder, table)
    overlap = segments.overlapping(found)
    if overlap:
        return 0, f"archive segments {overlap[0].name} and {overlap[1].name} overlap"
    expected, prev, checked = 1, GENESIS_HASH, 0
    at_gap: str | None = None
    for manifest in found:
        if manifest.first_seq > gap.last_seq:
            break
        if manifest.first_seq != expected or manifest.first_prev_hash != prev:
            return checked, f"archive lacks records {expected}..{manifest.first_seq - 1} before {manifest.name}"
        rows = segments.load_rows(folder, manifest)
        if segments.rounds_of(rows) != manifest.rounds:
            return checked, f"archive {manifest.describe()}: its manifest's rounds are not its records' (edited)"
        for row in rows:
            seq, at, table_id, round_id, kind, actor, payload, prev_hash, digest = row
            if prev_hash != prev or _record_hash(seq, at, table_id, round_id, kind, actor, payload, prev_hash) != digest:
                return checked, f"archive {manifest.describe()}: record {seq} does not verify (chain broken)"
            if table_id != table:
                return checked, f"archive {manifest.describe()}: record {seq} is of table {table_id}"
            if seq == 1 and digest != first_hash:
                return checked, f"archive {manifest.describe()} starts another journal (record 1 differs from the live file's)"
            _attestation(kind, payload, attested)
            if seq == gap.last_seq:
                at_gap = digest
            prev, expected, checked = digest, seq + 1, checked + 1
        if manifest.last_hash != prev:
            return checked, f"archive {manifest.describe()}: its manifest's last hash is not its last record's"
    if expected <= gap.last_seq:
        return checked, f"archive lacks records {expected}..{gap.last_seq} (a segment missing)"
    for manifest in found:
        if manifest.last_seq <= gap.last_seq and attested.get((manifest.first_seq, manifest.last_seq)) != (
                manifest.last_hash, manifest.sha256):
            return checked, f"archive {manifest.describe()} is not the segment the journal archived"
    if at_gap != gap.link:
        return checked, f"archive record {gap.last_seq} is not the one the live file goes on from"
    return checked, None


def _read_meta(conn: sqlite3.Connection) -> dict[str, str]:
    try:
        return dict(conn.execute("SELECT key, value FROM meta"))
    except sqlite3.OperationalError:
        return {}


def _check_creation(
    version: str | None, table_id: str, round_id: str | None, kind: str, payload: str, meta: Mapping[str, str]
) -> str | None:
    """What is wrong with record 1 and ``meta`` together, or None."""
    if version == "1":
        if kind == GENESIS_KIND:
            return "meta says format 1 but record 1 created a format-2 journal (meta edited)"
        return None
    identity = _genesis_identity(kind, round_id, payload)
    if identity is None or identity.table_id != table_id:
        return "record 1 is not a valid journal_created record (creation record replaced)"
    for key, chained in (("table_id", identity.table_id), ("purpose", identity.purpose),
                         ("version", identity.version)):
        if meta.get(key) != chained:
            return f"meta {key} {meta.get(key)!r} differs from the chain's {chained!r} (meta edited)"
    return None


def _vouches(payload: str, manifest: segments.Manifest) -> bool:
    """A ``segment_archived`` record's payload names exactly this segment (range, last hash, file sha256)."""
    try:
        data = json.loads(payload)
    except ValueError:
        return False
    return isinstance(data, dict) and (data.get("first_seq"), data.get("last_seq"), data.get("last_hash"),
                                       data.get("sha256")) == (manifest.first_seq, manifest.last_seq,
                                                               manifest.last_hash, manifest.sha256)
