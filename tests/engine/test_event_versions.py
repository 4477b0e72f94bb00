"""Journals written by earlier versions replay; a newer event version or an unknown kind is refused
in one line naming it, before anything is written."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest

from dealer_station.table import events as ev
from dealer_station.table.event_base import EventError, decode
from tests.journal._rounds import refused_on_restart


def test_round_paid_version_1_is_upcast_and_version_2_reads_as_written() -> None:
    old = decode("round_paid", {"house_net": "12.5"})  # version 1: no handle, no version key
    assert isinstance(old, ev.RoundPaid) and (old.house_net, old.handle) == (Decimal("12.5"), None)
    new = decode("round_paid", {"v": 2, "house_net": "-3", "handle": "40"})
    assert isinstance(new, ev.RoundPaid) and (new.house_net, new.handle) == (Decimal("-3"), Decimal("40"))


@pytest.mark.parametrize("kind, payload, problem", [
    ("round_paid", {"v": 3, "house_net": "1"}, "round_paid event version 3 is newer than this program reads (up to 2)"),
    ("round_paid", {"v": "2", "house_net": "1"}, "round_paid"),
    ("no_such_kind", {}, "no_such_kind"),
])
def test_an_event_this_program_cannot_read_is_refused_naming_it(kind: str, payload: dict[str, object],
                                                                problem: str) -> None:
    with pytest.raises(EventError, match=re.escape(problem)):
        decode(kind, payload)


def test_a_journal_with_a_newer_event_is_refused_in_one_line_and_left_as_it_is(tmp_path: Path) -> None:
    line, last = refused_on_restart(tmp_path / "newer.sqlite",
                                    [("round_paid", {"v": 3, "house_net": "1"}, "T1-000001")])
    assert f"journal record {last}: round_paid event version 3 is newer than this program reads (up to 2)" in line
