"""A journal's archived segments: closed ranges of records, exported as files the live journal can forget.

A segment is the records ``first_seq..last_seq`` of one table's journal, exactly as stored (every column,
the payload as its hashed text), written as gzip'd JSON Lines beside a manifest saying what it is:
table, seq range, the ``prev_hash`` its first record links to, the hash of its last record, the gaming day
it holds and the sha256 of the compressed file. Both are written atomically (a temporary file, fsync,
rename, fsync of the folder) and the manifest last: a segment without its manifest does not exist, so a
crash while exporting leaves at worst a stray temporary file, never a half segment.

This module is the file format only; what the records must say (their hashes, the chain across segments
and on into the live file) is ``journal.py``'s, which reads segments through ``load_rows``.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import re
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

import orjson

from .errors import DealerStationError

__all__ = ["FORMAT", "Manifest", "SegmentError", "load_rows", "manifests", "write_segment"]

FORMAT = "dealer-station-segment"
VERSION = 1
COLUMNS = ("seq", "at", "table_id", "round_id", "kind", "actor", "payload", "prev_hash", "hash")
"""A row's fields, in the journal's column order (``journal._COLUMNS``)."""
_NAME = re.compile(r"^(?P<table>[A-Za-z0-9_-]{1,32})-(?P<first>[0-9]{12})-(?P<last>[0-9]{12})\.manifest\.json$")
_HEX64 = re.compile(r"^[0-9a-f]{64}$")

Row = tuple[Any, ...]


class SegmentError(DealerStationError):
    """An archived segment that is missing, unreadable or not what its manifest says (exit 2)."""


@dataclass(frozen=True, slots=True)
class Manifest:
    """What one archived segment holds (the ``.manifest.json`` beside its ``.jsonl.gz``)."""

    table_id: str
    first_seq: int
    last_seq: int
    first_prev_hash: str
    last_hash: str
    gaming_day: str
    records: int
    sha256: str
    rounds: tuple[str, ...] = ()
    """The round ids its records name, sorted: a reader of one round opens only the segments that hold it
    (``journal verify`` checks the list against the records)."""
    format: str = FORMAT
    version: int = VERSION

    @property
    def name(self) -> str:
        """The segment's file stem: table and seq range, zero-padded so names sort in chain order."""
        return f"{self.table_id}-{self.first_seq:012d}-{self.last_seq:012d}"

    @property
    def data_file(self) -> str:
        return f"{self.name}.jsonl.gz"

    @property
    def manifest_file(self) -> str:
        return f"{self.name}.manifest.json"

    def describe(self) -> str:
        return f"segment {self.name} (seq {self.first_seq}..{self.last_seq}, gaming day {self.gaming_day})"

    @classmethod
    def parse(cls, data: object, where: str) -> Manifest:
        """A manifest's JSON, refused in one line naming the file when it is not one."""
        if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
            raise SegmentError(f"{where} is not a segment manifest (format {FORMAT} version {VERSION})")
        try:
            manifest = cls(**{key: data[key] for key in cls.__dataclass_fields__})
        except (KeyError, TypeError):
            raise SegmentError(f"{where}: manifest incomplete") from None
        if not isinstance(manifest.rounds, list) or not all(isinstance(r, str) for r in manifest.rounds):
            raise SegmentError(f"{where}: manifest rounds are not a list of round ids")
        manifest = replace(manifest, rounds=tuple(manifest.rounds))
        ints = (manifest.first_seq, manifest.last_seq, manifest.records)
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in ints) or not (
                1 <= manifest.first_seq <= manifest.last_seq) or manifest.records != manifest.last_seq - manifest.first_seq + 1:
            raise SegmentError(f"{where}: manifest seq range is not consistent")
        if not all(isinstance(h, str) and _HEX64.match(h) for h in
                   (manifest.first_prev_hash, manifest.last_hash, manifest.sha256)):
            raise SegmentError(f"{where}: manifest hashes are not 64 hex digits")
        return manifest


def _sync_folder(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _write_atomically(path: Path, data: bytes) -> None:
    """``data`` at ``path`` whole or not at all, durable before this returns (tmp, fsync, rename, fsync dir)."""
    tmp = path.with_name(f".{path.name}.tmp")
    with open(tmp, "wb") as out:
        out.write(data)
        out.flush()
        os.fsync(out.fileno())
    os.replace(tmp, path)
    _sync_folder(path.parent)


def _line(row: Row) -> bytes:
    """One row as a JSON line: orjson (four times faster), or the standard library for text orjson refuses (a
    lone surrogate the journal's canonical JSON may hold, kept byte for byte with ``surrogatepass``)."""
    data = dict(zip(COLUMNS, row, strict=True))
    try:
        return orjson.dumps(data) + b"\n"
    except TypeError:
        return (json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8", "surrogatepass")


def _parse(line: bytes) -> Any:
    try:
        return orjson.loads(line)
    except orjson.JSONDecodeError:
        return json.loads(line.decode("utf-8", "surrogatepass"))


def _encode(rows: Sequence[Row]) -> bytes:
    text = b"".join(_line(row) for row in rows)
    return gzip.compress(text, compresslevel=6, mtime=0)  # mtime 0: the same rows always make the same file


def write_segment(folder: Path, rows: Sequence[Row], gaming_day: str) -> Manifest:
    """Export ``rows`` (consecutive records of one table, in order) as a segment in ``folder``; read it back
    and check it holds exactly those rows before returning its manifest (written last)."""
    if not rows:
        raise SegmentError("an empty segment is not exported")
    data = _encode(rows)
    manifest = Manifest(str(rows[0][2]), int(rows[0][0]), int(rows[-1][0]), str(rows[0][7]), str(rows[-1][8]),
                        gaming_day, len(rows), hashlib.sha256(data).hexdigest(), rounds_of(rows))
    try:
        _write_atomically(folder / manifest.data_file, data)
        if load_rows(folder, manifest) != [tuple(r) for r in rows]:  # what is on disk, not what was meant
            raise SegmentError(f"{manifest.describe()} reads back differently from the journal: not archived")
        text = json.dumps(asdict(manifest), sort_keys=True, indent=1) + "\n"
        _write_atomically(folder / manifest.manifest_file, text.encode())
    except OSError as exc:
        raise SegmentError(f"cannot write {manifest.describe()} in {folder}: {exc.strerror or exc}") from None
    return manifest


def rounds_of(rows: Iterable[Row]) -> tuple[str, ...]:
    """The distinct round ids of ``rows``, sorted."""
    return tuple(sorted({str(row[3]) for row in rows if row[3] is not None}))


def load_rows(folder: Path, manifest: Manifest) -> list[Row]:
    """The rows of a segment, refused in one line naming it when its file is missing, altered (its sha256
    differs from the manifest) or does not hold the manifest's range. Chain checks are the journal's."""
    path = folder / manifest.data_file
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise SegmentError(f"archive {manifest.describe()} is missing: no {path}") from None
    except OSError as exc:
        raise SegmentError(f"cannot read archive {manifest.describe()}: {exc.strerror or exc}") from None
    if hashlib.sha256(data).hexdigest() != manifest.sha256:
        raise SegmentError(f"archive {manifest.describe()} is altered: {path.name}'s sha256 differs from its manifest")
    try:
        rows = [_row(_parse(line)) for line in gzip.decompress(data).splitlines()]
    except (OSError, EOFError, zlib.error, UnicodeDecodeError, ValueError, TypeError, KeyError):
        raise SegmentError(f"archive {manifest.describe()} is unreadable (its file is not gzip'd JSON Lines of "
                           "journal rows)") from None
    seqs = [row[0] for row in rows]
    if seqs != list(range(manifest.first_seq, manifest.last_seq + 1)):
        raise SegmentError(f"archive {manifest.describe()} does not hold its seq range")
    return rows


def _row(data: Any) -> Row:
    if not isinstance(data, dict) or data.keys() != _KEYS:
        raise ValueError("not a journal row")
    return tuple(data[key] for key in COLUMNS)


_KEYS = frozenset(COLUMNS)


def manifests(folder: Path, table_id: str) -> list[Manifest]:
    """The manifests of ``table_id``'s segments in ``folder``, in seq order (a missing folder: one line)."""
    if not folder.is_dir():
        raise SegmentError(f"no archive folder {folder}")
    found = []
    for path in folder.iterdir():
        match = _NAME.match(path.name)
        if match is None or match["table"] != table_id:
            continue
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError, UnicodeDecodeError):
            raise SegmentError(f"archive manifest {path} is unreadable") from None
        manifest = Manifest.parse(data, str(path))
        if manifest.manifest_file != path.name or manifest.table_id != table_id:
            raise SegmentError(f"archive manifest {path} names another segment ({manifest.name})")
        found.append(manifest)
    return sorted(found, key=lambda m: m.first_seq)


def overlapping(found: Iterable[Manifest]) -> tuple[Manifest, Manifest] | None:
    """Two segments whose ranges overlap (an archive that is not one chain cut in pieces), or None."""
    ordered = sorted(found, key=lambda m: m.first_seq)
    for before, after in zip(ordered, ordered[1:], strict=False):
        if after.first_seq <= before.last_seq:
            return before, after
    return None
