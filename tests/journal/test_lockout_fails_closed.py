"""Lockouts fail closed (issue 18): a refused PIN that cannot be recorded still counts.

A refused attempt was counted only by rewriting the credential file; with the disk full
(the journal still appending into its WAL) nothing was counted: 7 wrong PINs, then the
right one voided the round. The full disk is the credential file's replacement failing
with ENOSPC, and only that write: everything else (the journal) goes on working.
"""

from __future__ import annotations

import errno
import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from dealer_station.supervisor import LOCKED_OUT, WRONG_PIN, AuthError, CredentialStore
from tests.session.conftest import credentials, make_session, table  # noqa: F401

BADGE, PIN = "0412", "2468"


class DiskFull:
    """``os.replace`` onto one file fails with ENOSPC while ``full`` is set (the disk has no room left)."""

    def __init__(self, target: Path) -> None:
        self.target, self.full, self.refused = Path(target), True, 0
        self._replace = os.replace

    def __call__(self, src: str | os.PathLike[str], dst: str | os.PathLike[str], **kw: object) -> None:
        if self.full and Path(dst) == self.target:
            self.refused += 1
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        self._replace(src, dst, **kw)  # type: ignore[arg-type]


@pytest.fixture
def disk_full(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[Path], DiskFull]]:
    def make(target: Path) -> DiskFull:
        full = DiskFull(target)
        monkeypatch.setattr(os, "replace", full)
        return full

    yield make


def reason(store: CredentialStore, pin: str) -> str:
    with pytest.raises(AuthError) as err:
        store.authenticate(BADGE, pin)
    assert str(err.value) == "badge or PIN not accepted"
    return err.value.reason


def test_unrecorded_refusals_still_lock_the_badge(tmp_path: Path, disk_full: Callable[[Path], DiskFull]) -> None:
    now = [1_800_000_000.0]
    store = CredentialStore(tmp_path / "credentials.json", clock=lambda: now[0])
    store.add(BADGE, PIN)
    full = disk_full(store.path)
    assert [reason(store, "1111") for _ in range(3)] == [WRONG_PIN] * 3
    assert reason(store, PIN) == LOCKED_OUT  # the right PIN, during the lockout nobody could write down
    assert full.refused == 4
    on_disk = json.loads(store.path.read_text())["supervisors"][BADGE]
    assert on_disk["locked_until"] is None and on_disk["failures"] == 0  # the file never heard of it
    assert store.enrolments()[0].locked_until == now[0] + 300  # the store did
    full.full = False
    assert reason(store, PIN) == LOCKED_OUT  # and the first write that works records it
    assert CredentialStore(store.path, clock=lambda: now[0]).enrolments()[0].locked_until == now[0] + 300
    now[0] += 301
    person = store.authenticate(BADGE, PIN)
    assert person.failed_attempts == 3  # the owner learns of the guesses made while the disk was full


def test_unrecorded_counts_add_to_the_files(tmp_path: Path, disk_full: Callable[[Path], DiskFull]) -> None:
    """Two failures on file, one in memory: the third locks (the stricter of the two is kept)."""
    store = CredentialStore(tmp_path / "credentials.json")
    store.add(BADGE, PIN)
    assert [reason(store, "1111") for _ in range(2)] == [WRONG_PIN] * 2
    disk_full(store.path)
    assert reason(store, "2222") == WRONG_PIN
    assert reason(store, PIN) == LOCKED_OUT


def test_a_badge_enrolled_anew_does_not_inherit_an_unrecorded_count(tmp_path: Path,
                                                                   disk_full: Callable[[Path], DiskFull]) -> None:
    store = CredentialStore(tmp_path / "credentials.json")
    store.add(BADGE, PIN)
    full = disk_full(store.path)
    for _ in range(3):
        reason(store, "1111")
    full.full = False
    CredentialStore(store.path).add(BADGE, "97531", replace=True)  # the supervisor's new PIN, from the CLI
    assert store.authenticate(BADGE, "97531").badge == BADGE


def test_seven_wrong_pins_on_a_full_disk_never_void_the_round(make_session, credentials, tmp_path: Path,  # noqa: F811
                                                             disk_full: Callable[[Path], DiskFull]) -> None:
    session, shoe = make_session()
    session.execute("open_round")
    session.execute("set_bets", 1, {"ante": "10", "blind": "10"})
    full = disk_full(credentials.path)
    for _ in range(7):
        with pytest.raises(AuthError):
            session.supervise("void", BADGE, "1357", "dispute")
    with pytest.raises(AuthError):
        session.supervise("void", BADGE, PIN, "dispute")
    assert full.refused == 8 and session.view().round is not None and not session.view().round.finished
    attempts = [(e.payload["ok"], e.payload["reason"]) for e in session.journal.events(kinds={"supervisor_auth"})]
    assert attempts == [(False, WRONG_PIN)] * 3 + [(False, LOCKED_OUT)] * 5  # the journal has the truth
    assert not list(session.journal.events(kinds={"round_voided"}))
    full.full = False
    with pytest.raises(AuthError):  # the lockout the full disk could not record holds when it has room again
        session.supervise("void", BADGE, PIN, "dispute")
    assert credentials.enrolments()[0].locked_until is not None
