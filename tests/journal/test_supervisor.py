"""Supervisor credentials: hashed PINs, lockout with an injected clock, every attempt journaled."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from dealer_station.errors import DealerStationError
from dealer_station.journal import Journal
from dealer_station.supervisor import ENROLMENT_COST, AuthError, CredentialError, CredentialStore
from tests.conftest import SUITE_COST


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def refused(store: CredentialStore, badge: str, pin: str) -> str:
    """The true reason of a refusal, after checking the person was told nothing more."""
    with pytest.raises(AuthError) as err:
        store.authenticate(badge, pin)
    assert str(err.value) == "badge or PIN not accepted"
    return err.value.reason


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def store(tmp_path: Path, clock: Clock) -> CredentialStore:
    s = CredentialStore(tmp_path / "credentials.json", clock=clock)
    s.add("0412", "73915", role="supervisor")
    return s


@pytest.mark.shipped_kdf
def test_pin_stored_only_as_salted_hash(tmp_path: Path, store: CredentialStore) -> None:
    store.add("0413", "73915")
    text = (tmp_path / "credentials.json").read_text()
    assert "73915" not in text
    records = json.loads(text)["supervisors"]
    assert records["0412"]["hash"] != records["0413"]["hash"]  # same PIN, different salt
    assert len(bytes.fromhex(records["0412"]["salt"])) == 16
    assert (records["0412"]["n"], records["0412"]["r"], records["0412"]["p"]) == (2**14, 8, 1)


def test_authenticate_ok_and_reasons(store: CredentialStore) -> None:
    sup = store.authenticate("0412", "73915")
    assert (sup.badge, sup.role, sup.actor) == ("0412", "supervisor", "supervisor:0412")
    with pytest.raises(AuthError) as err:
        store.authenticate("9999", "73915")
    assert err.value.reason == "unknown badge" and isinstance(err.value, DealerStationError)
    with pytest.raises(AuthError) as err:
        store.authenticate("0412", "00000")
    assert err.value.reason == "wrong PIN"


@pytest.mark.parametrize("pin", ["123", "1234567890123", "12a4", "", " 1234", "١٢٣٤", 1234])
def test_bad_pin_format_refused(store: CredentialStore, pin: object) -> None:
    with pytest.raises(CredentialError) as err:
        store.add("0500", pin)  # type: ignore[arg-type]
    assert "\n" not in str(err.value) and "PIN" in str(err.value)
    assert "0500" not in store.badges()


def test_duplicate_badge_refused_unless_replaced(store: CredentialStore) -> None:
    with pytest.raises(CredentialError, match="already exists"):
        store.add("0412", "1111")
    store.add("0412", "2222", replace=True)
    assert store.authenticate("0412", "2222").badge == "0412"


def test_lockout_after_three_failures_then_unlock(store: CredentialStore, clock: Clock) -> None:
    for _ in range(3):
        with pytest.raises(AuthError) as err:
            store.authenticate("0412", "0000")
        assert err.value.reason == "wrong PIN"
    with pytest.raises(AuthError) as err:
        store.authenticate("0412", "73915")  # even the right PIN is refused while locked
    assert err.value.reason == "locked out"
    clock.now += 299
    assert refused(store, "0412", "73915") == "locked out"
    clock.now += 2
    assert store.authenticate("0412", "73915").badge == "0412"


def test_success_resets_counter(store: CredentialStore) -> None:
    for _ in range(2):
        with pytest.raises(AuthError):
            store.authenticate("0412", "0000")
    store.authenticate("0412", "73915")
    for _ in range(2):
        assert refused(store, "0412", "0000") == "wrong PIN"
    store.authenticate("0412", "73915")


def test_lockout_survives_restart_and_is_configurable(tmp_path: Path, clock: Clock) -> None:
    path = tmp_path / "credentials.json"
    s = CredentialStore(path, clock=clock, max_failures=2, lockout_seconds=60)
    s.add("7", "123456")
    for _ in range(2):
        with pytest.raises(AuthError):
            s.authenticate("7", "654321")
    again = CredentialStore(path, clock=clock, max_failures=2, lockout_seconds=60)
    assert refused(again, "7", "123456") == "locked out"
    clock.now += 61
    again.authenticate("7", "123456")


def test_every_attempt_reported_and_journaled(tmp_path: Path, clock: Clock) -> None:
    seen: list[tuple[str, bool, str]] = []
    with Journal(tmp_path / "journal.sqlite", table_id="T1") as journal:
        s = CredentialStore(tmp_path / "c.json", clock=clock, journal=journal,
                            on_attempt=lambda b, ok, r: seen.append((b, ok, r)))
        s.add("0412", "73915")
        s.authenticate("0412", "73915")
        for badge, pin in (("0412", "1111"), ("nobody", "73915")):
            with pytest.raises(AuthError):
                s.authenticate(badge, pin)
        events = list(journal.events(kinds={"supervisor_auth"}))
        assert journal.verify().ok
    assert seen == [("0412", True, "ok"), ("0412", False, "wrong PIN"), ("nobody", False, "unknown badge")]
    assert [(e.actor, e.payload) for e in events] == [
        ("supervisor:0412", {"ok": True, "reason": "ok"}),
        ("supervisor:0412", {"ok": False, "reason": "wrong PIN"}),
        ("supervisor:nobody", {"ok": False, "reason": "unknown badge"}),
    ]
    rows = sqlite3.connect(tmp_path / "journal.sqlite").execute(
        "SELECT at, table_id, round_id, kind, actor, payload FROM events").fetchall()
    assert "73915" not in repr(rows) and "1111" not in repr(rows)  # (hashes are hex: not searched)


def test_unreadable_file_refused(tmp_path: Path) -> None:
    bad = tmp_path / "c.json"
    bad.write_text("{not json")
    with pytest.raises(CredentialError, match="not a readable credential file"):
        CredentialStore(bad)


# ---------------------------------------------------------------- issue 14


def test_refusals_do_not_tell_badges_apart(store: CredentialStore, clock: Clock) -> None:
    """Unknown badge, wrong PIN and locked out read the same; the reasons stay distinct."""
    assert refused(store, "9999", "73915") == "unknown badge"
    assert refused(store, "0412", "00000") == "wrong PIN"
    for _ in range(2):
        refused(store, "0412", "00000")
    assert refused(store, "0412", "73915") == "locked out"  # even the right PIN, and it is not tried


def test_two_stores_on_one_file_share_the_failure_count(tmp_path: Path, clock: Clock) -> None:
    path = tmp_path / "credentials.json"
    first = CredentialStore(path, clock=clock)
    first.add("0412", "73915")
    second = CredentialStore(path, clock=clock)  # e.g. a second process on the same table
    refused(first, "0412", "1111")
    refused(second, "0412", "2222")
    refused(first, "0412", "3333")  # the third failure overall, whichever store counted the others
    assert refused(second, "0412", "73915") == "locked out"
    assert refused(first, "0412", "73915") == "locked out"
    assert [e.locked_until for e in second.enrolments()] == [clock.now + 300]


def test_failed_attempts_told_only_after_a_successful_sign_in(store: CredentialStore) -> None:
    refused(store, "0412", "1111")
    refused(store, "0412", "2222")
    assert store.authenticate("0412", "73915").failed_attempts == 2
    assert store.authenticate("0412", "73915").failed_attempts == 0


def test_nothing_created_implicitly(tmp_path: Path) -> None:
    path = tmp_path / "t1.sqlite.credentials.json"
    store = CredentialStore(path)
    assert store.badges() == []
    assert refused(store, "0000", "1234") == "unknown badge"
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_credentials_path_sits_beside_the_journal(tmp_path: Path) -> None:
    from dealer_station.supervisor import credentials_path

    assert credentials_path(tmp_path / "var" / "t1.sqlite") == tmp_path / "var" / "t1.sqlite.credentials.json"
    assert credentials_path("journal") == Path("journal.credentials.json")


def test_malformed_badge_not_echoed_into_the_journal(tmp_path: Path) -> None:
    with Journal(tmp_path / "journal.sqlite", table_id="T1") as journal:
        s = CredentialStore(tmp_path / "c.json", journal=journal)
        s.add("0412", "73915")
        refused(s, "x" * 100_000 + "\n", "1234")
        (event,) = journal.events(kinds={"supervisor_auth"})
    assert (event.actor, event.payload) == ("supervisor:(malformed)", {"ok": False, "reason": "unknown badge"})


def test_a_record_is_checked_at_the_cost_it_was_hashed_with(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What lets the suite enrol cheaply and the station read any file: each record names its own cost."""
    path = tmp_path / "credentials.json"
    monkeypatch.setattr(CredentialStore, "COST", ENROLMENT_COST)
    CredentialStore(path).add("0412", "73915")
    monkeypatch.setattr(CredentialStore, "COST", SUITE_COST)
    later = CredentialStore(path)
    later.add("0413", "73916")
    assert later.authenticate("0412", "73915").badge == "0412" and later.authenticate("0413", "73916").badge == "0413"
    records = json.loads(path.read_text())["supervisors"]
    assert [(records[b]["n"], records[b]["r"], records[b]["p"]) for b in ("0412", "0413")] == [
        (ENROLMENT_COST.n, ENROLMENT_COST.r, ENROLMENT_COST.p), (SUITE_COST.n, SUITE_COST.r, SUITE_COST.p)]
    with pytest.raises(AuthError):
        later.authenticate("0412", "73916")
