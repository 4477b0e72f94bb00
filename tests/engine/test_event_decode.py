"""``decode`` reads each class with a reader built once (a frozen slotted event is filled slot by slot, not
through its ``__init__``): on every record of simulated journals (a banking table with the bet sensor and a
bank, THB with its jackpot, poker) and on payloads of older versions it gives the event that the plain way
gives - a copy of the payload upcast step by step, each value converted as its type hint says, then the
class's own ``__init__`` - and leaves the payload as it was; its refusals name the same problem first.
``Journal.records`` (what a restart folds) is the journal's records as ``events`` reads them."""

from __future__ import annotations

import copy
import sqlite3
import types
import typing
from collections.abc import Mapping
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

import dealer_station.games  # noqa: F401 - the games register their own kinds
from dealer_station.journal import Journal, JournalError
from dealer_station.play.simulate import simulate
from dealer_station.profile_loader import load_profile
from dealer_station.table import event_base
from dealer_station.table.event_base import Event, EventError, decode, event_class

SIMULATED = (("uth-rfid", {"misread": 0.2}), ("thb-default", None), ("holdem-nl-1-2", None))

OLD_VERSIONS: list[tuple[str, dict[str, Any]]] = [  # as version 1 of each class journaled them
    ("round_opened", {"round_id": "T1-000001", "number": 1}),
    ("round_opened", {"round_id": "T1-000002", "number": 2, "phase": "betting"}),
    ("round_paid", {"house_net": "12.50"}),
    ("card_corrected", {"position": "dealer", "index": 1, "card": 7, "was": 9}),
    ("round_adjusted", {"round_id": "T1-000001", "adjustments": {"3": "-5", "4": "12.5"}, "reason": "misread",
                        "by": "S1"}),
]


def _from_json(tp: Any, value: Any) -> Any:
    """A journaled value as the field's type hint reads it: amounts are decimal text, tuples are JSON arrays."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if value is None:
        return None
    if tp is Decimal:
        return Decimal(value)
    if origin in (typing.Union, types.UnionType):
        (inner,) = [a for a in args if a is not type(None)]
        return _from_json(inner, value)
    if origin in (dict, Mapping) and args[1] is Decimal:
        return {key: Decimal(amount) for key, amount in value.items()}
    if origin is tuple:
        items = [args[0]] * len(value) if args[-1] is Ellipsis else list(args)
        assert len(items) == len(value)
        return tuple(_from_json(item, x) for item, x in zip(items, value, strict=True))
    return value


def _the_plain_way(kind: str, payload: Mapping[str, Any]) -> Event:
    cls = event_class(kind)
    data = copy.deepcopy(dict(payload))
    version = data.pop("v", 1)
    while version < cls.version:
        data = event_base._UPCASTERS[(kind, version)](data)
        version += 1
    if hasattr(cls, "from_payload"):
        return cls.from_payload(data)  # type: ignore[attr-defined, no-any-return]
    hints = typing.get_type_hints(cls)
    return cls(**{name: _from_json(hints[name], value) for name, value in data.items()})


@pytest.fixture(scope="module")
def simulated(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    folder = tmp_path_factory.mktemp("simulated")
    paths = []
    for profile, faults in SIMULATED:
        path = folder / f"{profile}.sqlite"
        simulate(load_profile(profile), rounds=4, seed=3, journal=path, faults=faults, shift_rounds=2)
        paths.append(path)
    return paths


def test_every_simulated_record_and_every_old_version_decodes_as_the_plain_way_builds_it(
        simulated: list[Path]) -> None:
    records = list(OLD_VERSIONS)
    for path in simulated:
        with Journal.open_readonly(path) as journal:
            records.extend((e.kind, e.payload) for e in journal.events())
    kinds = {kind for kind, _ in records}
    assert len(kinds) >= 40, sorted(kinds)  # the three tables journal most kinds there are
    slotted = 0
    for kind, payload in records:
        before = copy.deepcopy(payload)
        event = decode(kind, payload)
        expected = _the_plain_way(kind, payload)
        assert type(event) is type(expected) and event == expected, (kind, payload)
        assert payload == before, kind
        slotted += not hasattr(event, "__dict__") and not hasattr(type(event), "from_payload")
    assert slotted > len(records) // 2  # most of them went through the slot-by-slot reader


def test_old_versions_read_with_what_their_upcasters_say() -> None:
    assert decode(*OLD_VERSIONS[0]).terms is None  # type: ignore[attr-defined]
    assert decode(*OLD_VERSIONS[3]).reason == ""  # type: ignore[attr-defined]
    adjusted = decode(*OLD_VERSIONS[4])
    assert adjusted.moves_chips is False and adjusted.adjustments == {  # type: ignore[attr-defined]
        "3": Decimal("-5"), "4": Decimal("12.5")}


@pytest.mark.parametrize("kind, payload, problem", [
    ("seat_paid", {"seat": 1, "net": "nothing", "bogus": 1, "other": 2},
     "seat_paid event has unknown field(s) bogus, other"),
    ("seat_paid", {"net": "nothing"}, "seat_paid event lacks 'seat'"),
    ("seat_paid", {"seat": 1, "net": "nothing"}, "seat_paid event is malformed"),
    ("seat_paid", {"v": 2, "seat": 1, "net": "1"}, "seat_paid event version 2 is newer than this program reads (up to 1)"),
    # a bad amount before a missing field: the missing field is named, as before the amount was read
    ("round_adjusted", {"v": 2, "round_id": "T1-000001", "adjustments": {"1": "lots"}, "by": "S1"},
     "round_adjusted event lacks 'reason'"),
    ("round_adjusted", {"v": 2, "round_id": "T1-000001", "adjustments": {"1": "lots"}, "by": "S1", "reason": "r"},
     "round_adjusted event is malformed"),
])
def test_refusals_name_unknown_fields_then_missing_ones_then_bad_values(kind: str, payload: dict[str, Any],
                                                                         problem: str) -> None:
    with pytest.raises(EventError) as refused:
        decode(kind, payload)
    assert refused.value.problem.startswith(problem)


def test_records_are_the_journals_records_and_an_unreadable_payload_is_named(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite"
    with Journal(path, table_id="T1", purpose="simulation") as writer:  # more than a page of records
        for n in range(1, 701):
            rid = f"T1-{n:06d}"
            writer.append_many([("round_opened", {"round_id": rid, "number": n}, "croupier", rid),
                                ("phase", {"phase": "dealing"}, "station", rid),
                                ("round_paid", {"v": 2, "house_net": f"-{n}.5"}, "station", rid)])
    with Journal.open_readonly(path) as journal:
        assert list(journal.records()) == [(e.seq, e.at, e.kind, e.payload) for e in journal.events()]
        assert [r[0] for r in journal.records(since_seq=1500)] == list(range(1501, journal.last_seq + 1))
    conn = sqlite3.connect(path)
    conn.execute("DROP TRIGGER events_no_update")
    conn.execute("UPDATE events SET payload = '{\"house_net\": ' WHERE seq = 1203")
    conn.commit()
    conn.close()
    with Journal.open_readonly(path) as journal:
        for read in (journal.records, journal.events):
            with pytest.raises(JournalError, match="^record 1203 has an unreadable payload"):
                list(read())
