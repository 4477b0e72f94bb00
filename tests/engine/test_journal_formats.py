"""A station upgraded mid-shift reopens a journal of the oldest format the project released and finishes
its open round (issue 43, item 5). Format 2 (today's) is restarted mid-round by test_round_terms.py; this
is format 1: no creation record (the table id in meta only), and the events in their version-1 shapes
(``round_opened`` naming no terms, ``round_paid`` without the handle, no version keys)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from dealer_station.games import get_game
from dealer_station.journal import GENESIS_HASH, Journal, _record_hash, canonical_json
from dealer_station.profile_loader import load_profile
from dealer_station.table.phases import Stage
from tests.engine.test_round_terms import SHOES, _at, _finished, _play_until, _session

V1_DROPS = {"round_opened": ("v", "terms"), "round_paid": ("v", "handle")}
"""What version 1 of an event did not write (table/events.py's upcasters read it back)."""


def as_format_1(source: Path, target: Path) -> int:
    """``source`` rewritten as format 1 wrote it: its creation record and terms records gone, the events
    that had a version 1 in that shape, renumbered and hashed again into one chain; the last seq."""
    with Journal.open_readonly(source) as journal:
        table_id = journal.table_id
        records = [r for r in journal.events() if r.kind not in ("journal_created", "terms_installed")]
    conn = sqlite3.connect(target, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    conn.execute("CREATE TABLE events (seq INTEGER PRIMARY KEY, at TEXT NOT NULL, table_id TEXT NOT NULL, "
                 "round_id TEXT NULL, kind TEXT NOT NULL, actor TEXT NOT NULL, payload TEXT NOT NULL, "
                 "prev_hash TEXT NOT NULL, hash TEXT NOT NULL)")
    conn.execute("CREATE TABLE anchor (id INTEGER PRIMARY KEY CHECK (id = 1), last_seq INTEGER NOT NULL, "
                  "last_hash TEXT NOT NULL)")
    conn.executemany("INSERT INTO meta VALUES (?, ?)",
                     [("format", "dealer-station-journal"), ("version", "1"), ("table_id", table_id)])
    prev = GENESIS_HASH
    for seq, record in enumerate(records, 1):
        payload = {k: v for k, v in record.payload.items() if k not in V1_DROPS.get(record.kind, ())}
        text = canonical_json(payload)
        digest = _record_hash(seq, record.at, table_id, record.round_id, record.kind, record.actor, text, prev)
        conn.execute("INSERT INTO events VALUES (?,?,?,?,?,?,?,?,?)",
                     (seq, record.at, table_id, record.round_id, record.kind, record.actor, text, prev, digest))
        prev = digest
    conn.execute("INSERT INTO anchor VALUES (1, ?, ?)", (len(records), prev))
    conn.close()
    return len(records)


@pytest.mark.parametrize("profile, stop", [("uth-default", Stage.DECISION), ("thb-default", Stage.REVEAL)])
def test_a_format_1_journal_reopens_and_finishes_its_open_round(tmp_path: Path, profile: str, stop: Stage) -> None:
    table = load_profile(profile)
    played, old = tmp_path / "played.sqlite", tmp_path / "old.sqlite"
    first, journal = _session(table, played)
    _play_until(first, lambda s: _finished(s) and s.state.rounds_started == 1, seed=3)  # a whole round first
    first.execute("open_round")
    _play_until(first, _at(stop), seed=4)
    open_round = first.view().round
    assert open_round is not None and not open_round.finished
    journal.close()  # the station stops for its upgrade here
    last = as_format_1(played, old)
    with Journal.open_readonly(old) as reader:
        assert (reader.version, reader.purpose, reader.last_seq) == ("1", "live", last) and reader.verify().ok
        assert not [r for r in reader.events() if "v" in r.payload or "terms" in r.payload]

    second, journal = _session(table, old, SHOES[id(first)])  # the upgraded station on the old journal
    try:
        assert second.view().round is not None and second.view().round.round_id == open_round.round_id
        _play_until(second, _finished, seed=5)
        rnd = second.view().round
        assert rnd is not None and rnd.round_id == open_round.round_id and rnd.record is not None
        game = get_game(table.game)
        assert game.settle(game.parse_record(rnd.record, table)) == rnd.settlement
        assert journal.verify().ok and journal.version == "1"  # it stays format 1, its chain extended
        kinds = [r.kind for r in journal.events() if r.seq > last]
        assert "round_paid" in kinds and "station_started" in kinds
    finally:
        journal.close()
