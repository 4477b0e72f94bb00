"""The round engine: typed journal events, the state they fold into, declared phases,
the rules of each game family, the device response table, and the table session that
journals every step before it acts. See ``docs/architecture.md``."""

from .phases import Stage
from .session import TableSession
from .state import RoundState, SeatState, TableState, evolve

__all__ = ["RoundState", "SeatState", "Stage", "TableSession", "TableState", "evolve"]
