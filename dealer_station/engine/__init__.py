"""The round engine: typed journal events, the state they fold into, declared phases,
the rules of each game family, the device response table, and the table session that
journals every step before it acts. See ``docs/architecture.md``.

Names are imported lazily (PEP 562) so that game modules may register their own events
with ``engine.event_base`` without importing the session, which imports the games.
"""

from __future__ import annotations

from typing import Any

__all__ = ["RoundState", "SeatState", "Stage", "TableSession", "TableState", "evolve"]


def __getattr__(name: str) -> Any:
    if name == "TableSession":
        from .session import TableSession

        return TableSession
    if name == "Stage":
        from .phases import Stage

        return Stage
    if name in ("RoundState", "SeatState", "TableState", "evolve"):
        from . import state

        return getattr(state, name)
    raise AttributeError(name)
