"""The round engine: the rules of each game family (banking, poker), the device response
table, the kernel that journals every step before it acts, the device intake, and the table
session's ports; it publishes a snapshot after every commit for the read side
(``dealer_station.view``), which it never imports. The journal's vocabulary it speaks (events,
state, phases, commands) is ``dealer_station.table``. See ``docs/architecture.md``.
"""

from __future__ import annotations

from .session import TableSession

__all__ = ["TableSession"]
