"""The round engine: the rules of each game family (banking, poker), the device response
table, the screen's view model, and the table session that journals every step before it
acts. The journal's vocabulary it speaks (events, state, phases) is ``dealer_station.table``.
See ``docs/architecture.md``.
"""

from __future__ import annotations

from .session import TableSession

__all__ = ["TableSession"]
