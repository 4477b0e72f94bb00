"""Every journal event kind is documented in docs/journal-events.md, with its version."""

from __future__ import annotations

import re
from pathlib import Path

import dealer_station.games  # noqa: F401 - the games register their own kinds
from dealer_station.table.event_base import known_kinds

DOC = Path(__file__).resolve().parents[2] / "docs" / "journal-events.md"


def _documented() -> dict[str, int]:
    rows = re.findall(r"^\| `([a-z_]+)` \| (\d+) \|", DOC.read_text(encoding="utf-8"), flags=re.M)
    return {kind: int(version) for kind, version in rows}


def test_every_registered_kind_is_documented_with_its_version() -> None:
    try:
        import dealer_station.engine.poker  # noqa: F401 - the poker family's kinds, when it is there
    except ImportError:
        pass
    registered = {kind: cls.version for kind, cls in known_kinds().items()}
    documented = {**_documented()}
    for extra in DOC.parent.glob("journal-events-*.md"):
        documented.update({k: int(v) for k, v in
                           re.findall(r"^\| `([a-z_]+)` \| (\d+) \|", extra.read_text(encoding="utf-8"), flags=re.M)})
    assert {k: documented.get(k) for k in registered} == registered
    assert set(documented) <= set(registered), "documented kinds nobody writes"
