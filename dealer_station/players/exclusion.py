"""The casino's exclusion list as a table sees it, and the copy a station keeps of it.

The floor keeps the list (``floor/exclusions.py``: ``fetch_exclusions(conn) -> ExclusionList``); a station
refuses an excluded player's card at card in (``engine/seating.py``). A station that cannot reach the floor
goes on with the last list it received, and says since when (``as_of``): the copy lives in the station's
``var/`` folder (``ExclusionCache``), written whole and atomically, read back at start. A copy that cannot be
read (a torn or hostile file) is refused in one line and never half-used.
"""

from __future__ import annotations

import json
import os
import tempfile
import threading
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from ..buy_in import PLAYER_ID
from ..errors import RecordError

MAX_LIST = 1_000_000
"""More entries than any casino's list: a file claiming more is refused."""


@dataclass(frozen=True, slots=True)
class ExclusionList:
    """Who may not play (player ids), as of when the floor said so (None: never received)."""

    players: frozenset[str]
    as_of: datetime | None

    def excludes(self, player: str) -> bool:
        return player in self.players

    def as_json(self) -> dict[str, Any]:
        return {"as_of": None if self.as_of is None else self.as_of.isoformat(), "players": sorted(self.players)}


NO_LIST = ExclusionList(frozenset(), None)


def parse_exclusions(raw: object) -> ExclusionList:
    """``{"as_of": "2026-12-05T10:00:00+00:00", "players": ["P-1001", ...]}``, or a one-line ``RecordError``."""
    if not isinstance(raw, dict) or set(raw) != {"as_of", "players"}:
        raise RecordError('an exclusion list is {"as_of": ..., "players": [...]}', "exclusions")
    as_of = raw["as_of"]
    when: datetime | None = None
    if as_of is not None:
        try:
            when = datetime.fromisoformat(as_of) if isinstance(as_of, str) and len(as_of) <= 40 else None
        except ValueError:
            when = None
        if when is None or when.tzinfo is None:
            raise RecordError("an ISO time with its UTC offset (or null)", "exclusions.as_of")
    players = raw["players"]
    if not isinstance(players, list) or len(players) > MAX_LIST:
        raise RecordError(f"a list of at most {MAX_LIST} player ids", "exclusions.players")
    for i, player in enumerate(players):
        if not isinstance(player, str) or not PLAYER_ID.fullmatch(player):
            raise RecordError("not a player id (1-64 letters, digits or . _ : / -)", f"exclusions.players[{i}]")
    return ExclusionList(frozenset(players), when)


def exclusions_path(journal: str | os.PathLike[str]) -> Path:
    """Where a station keeps its copy of the list: beside its journal (``var/`` by default), one per journal."""
    path = Path(journal)
    return path.with_name(f"{path.stem}.exclusions.json")


class ExclusionSource:
    """What a table asks at card in (a session service, ``Transaction.service``): the list in force."""

    def current(self) -> ExclusionList:
        return NO_LIST


class ExclusionCache(ExclusionSource):
    """The last list the station received, kept in ``path`` (under ``var/``) across restarts."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        self._list = self._load()

    def _load(self) -> ExclusionList:
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return NO_LIST
        try:
            raw = json.loads(text)
        except ValueError:
            raise RecordError(f"{self.path} is not JSON: fetch the list from the floor again", "exclusions") from None
        return parse_exclusions(raw)

    def current(self) -> ExclusionList:
        with self._lock:
            return self._list

    def update(self, received: ExclusionList) -> None:
        """A list from the floor: in force at once, and written whole before it is (atomically replaced)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".exclusions-")
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(received.as_json(), out)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, self.path)
        with self._lock:
            self._list = received

    def since(self) -> str:
        """Since when the list in force is, for the screen and the log ("never received" when none came)."""
        when = self.current().as_of
        return "never received" if when is None else when.isoformat(timespec="seconds")
