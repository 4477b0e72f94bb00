"""An attacker edits the SQLite file directly; verify must name the first bad record."""

from __future__ import annotations

import json
import sqlite3
import tempfile
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer_station.journal import Journal, JournalError, canonical_json

from . import _tamper

FIRST, LAST = 2, 11  # the ten records build() appends; seq 1 is the creation record


def build(path: Path, n: int = 10) -> None:
    with Journal(path, table_id="T1") as j:
        for i in range(1, n + 1):
            j.append("bet", {"seat": i % 7, "amount": Decimal(i) / 4}, actor="croupier", round_id=f"R{i // 4}")


@pytest.fixture
def path(tmp_path: Path) -> Path:
    p = tmp_path / "journal.sqlite"
    build(p)
    return p


def check(path: Path, seq: int, reason: str) -> None:
    with Journal.open_readonly(path) as j:
        result = j.verify()
    assert not result.ok
    assert result.first_bad_seq == seq, result
    assert reason in result.reason


def test_intact(path: Path) -> None:
    with Journal.open_readonly(path) as j:
        result = j.verify()
    assert result.ok and result.checked == LAST and result.first_bad_seq is None


def test_edited_payload(path: Path) -> None:
    _tamper.set_field(path, 4, "payload", '{"amount":"100","seat":4}')
    check(path, 4, "hash mismatch")


def test_edited_payload_with_rehash_breaks_next_link(path: Path) -> None:
    from dealer_station.journal import _record_hash

    conn = _tamper.attacker(path)
    row = conn.execute("SELECT seq, at, table_id, round_id, kind, actor, prev_hash FROM events WHERE seq = 4").fetchone()
    payload = '{"amount":"100","seat":4}'
    seq, at, table_id, round_id, kind, actor, prev = row
    forged = _record_hash(seq, at, table_id, round_id, kind, actor, payload, prev)
    conn.execute("UPDATE events SET payload = ?, hash = ? WHERE seq = 4", (payload, forged))
    conn.close()
    check(path, 5, "chain broken")


def test_deleted_middle_record(path: Path) -> None:
    _tamper.delete(path, 5)
    check(path, 5, "missing")


def test_deleted_and_renumbered(path: Path) -> None:
    conn = _tamper.attacker(path)
    conn.execute("DELETE FROM events WHERE seq = 5")
    conn.execute("UPDATE events SET seq = seq - 1 WHERE seq > 5")
    conn.close()
    check(path, 5, "")


def test_deleted_last_record(path: Path) -> None:
    _tamper.delete(path, LAST)
    check(path, LAST, "truncated")


def test_truncated_tail(path: Path) -> None:
    conn = _tamper.attacker(path)
    conn.execute("DELETE FROM events WHERE seq > 6")
    conn.close()
    check(path, 7, "truncated")


def test_swapped_records(path: Path) -> None:
    _tamper.swap(path, 3, 7)
    check(path, 3, "")


def test_wrong_prev_hash(path: Path) -> None:
    _tamper.set_field(path, 6, "prev_hash", "f" * 64)
    check(path, 6, "chain broken")


def test_edited_kind_actor_time(path: Path) -> None:
    for seq, field, value in ((2, "kind", "void"), (3, "actor", "supervisor:1"), (8, "at", "2020-01-01T00:00:00.000Z")):
        p = path.with_name(f"{field}.sqlite")
        build(p)
        _tamper.set_field(p, seq, field, value)
        check(p, seq, "hash mismatch")


def test_anchor_deleted_or_moved(path: Path) -> None:
    conn = _tamper.attacker(path)
    conn.execute("UPDATE anchor SET last_seq = 13")
    conn.close()
    check(path, LAST + 1, "truncated")
    conn = _tamper.attacker(path)
    conn.execute("DELETE FROM anchor")
    conn.close()
    check(path, LAST + 1, "anchor missing")


def test_record_appended_behind_the_journals_back(path: Path) -> None:
    conn = _tamper.attacker(path)
    conn.execute("INSERT INTO events SELECT 12, at, table_id, round_id, kind, actor, payload, hash, hash "
                 "FROM events WHERE seq = 11")
    conn.close()
    check(path, LAST + 1, "")


def test_writer_refuses_to_append_onto_truncated_journal(path: Path) -> None:
    _tamper.delete(path, LAST)
    with Journal(path, table_id="T1") as j:
        with pytest.raises(JournalError, match="anchor"):
            j.append("bet", {}, actor="x")


def test_writer_restores_dropped_triggers(path: Path) -> None:
    _tamper.attacker(path).close()
    Journal(path, table_id="T1").close()
    with pytest.raises(sqlite3.DatabaseError):
        sqlite3.connect(path).execute("DELETE FROM events")


# ---------------------------------------------------------------- property

_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**12), 10**12), st.text(max_size=12),
    st.decimals(allow_nan=False, allow_infinity=False, places=2, min_value=-10**6, max_value=10**6),
)
_payloads = st.dictionaries(
    st.text(min_size=1, max_size=8),
    st.recursive(_scalars, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3), max_leaves=8),
    max_size=5,
)
_TAMPERS = ("payload", "kind", "actor", "at", "round_id", "prev_hash", "hash", "delete")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(payloads=st.lists(_payloads, min_size=1, max_size=12), data=st.data())
def test_property_any_single_tamper_is_named(payloads: list[dict], data: st.DataObject) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "j.sqlite"
        with Journal(path, table_id="T1") as j:
            for p in payloads:
                j.append("evt", p, actor="prop")
            assert j.verify().ok
            assert [e.payload for e in j.events(since_seq=1)] == [json.loads(canonical_json(p)) for p in payloads]
        seq = data.draw(st.integers(1, len(payloads) + 1), label="seq")  # the creation record too
        how = data.draw(st.sampled_from(_TAMPERS), label="how")
        if how == "delete":
            _tamper.delete(path, seq)
        else:
            current = sqlite3.connect(path).execute(f"SELECT {how} FROM events WHERE seq = ?", (seq,)).fetchone()[0]
            value = {"payload": '{"x":"1"}', "prev_hash": "1" * 64, "hash": "2" * 64}.get(how, "forged")
            if value == current:
                value += "!"
            _tamper.set_field(path, seq, how, value)
        with Journal.open_readonly(path) as j:
            result = j.verify()
        assert not result.ok and result.first_bad_seq == seq, (how, result)
