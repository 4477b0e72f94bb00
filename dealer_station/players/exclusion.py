"""The casino's exclusion list as a station receives it (docs/players.md, "Exclusion").

A player card on the list is refused at card in; a seat whose player is listed after card in is held.
``as_of`` is when the floor read the list out (None: never received): a station that cannot reach the
floor goes on with the last list it received and says since when.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True)
class ExclusionList:
    players: frozenset[str]
    as_of: datetime | None
