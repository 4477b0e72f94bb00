"""Where a table's fill and credit slips get their numbers: the ``SlipDesk`` port.

The floor numbers every slip in one series per kind per casino, with no gap and no reuse
(``floor/slips.allocate_slip``, over the station's floor connection: ``station.py`` wires it).
A station cut off from the floor may not issue a slip - the cage needs the number - so the
desk raises ``SlipDeskUnavailable`` and the command is refused with nothing journaled.
``issue`` is idempotent per request: asked twice for one request (a retry after a lost
answer), the floor answers the same number.

``InProcessDesk`` numbers slips itself, in memory: for demos and tests of a station with no
floor. It never stands for a live table's desk (its numbers are not the casino's).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol, runtime_checkable

from ..errors import DealerStationError
from .chips import ChipCount
from .slips import SlipKind


class SlipDeskUnavailable(DealerStationError):
    """The floor cannot be reached (or cannot number the slip now): no slip is issued."""


@runtime_checkable
class SlipDesk(Protocol):
    """The floor's slip numbers, as the table asks for them."""

    def issue(self, request: str, kind: SlipKind, chips: ChipCount) -> int:
        """The slip number of ``request`` in the casino's series of ``kind`` (the same number if asked again)."""
        ...


class InProcessDesk:
    """A desk of its own (see the module docstring): numbers from 1 per kind (after ``last``: the numbers a
    journal continued already used), the same for a request asked again; ``reachable = False`` makes it answer
    as a floor that cannot be reached."""

    def __init__(self, last: Mapping[SlipKind, int] | None = None) -> None:
        self.reachable = True
        self._numbers: dict[str, int] = {}
        self._last: dict[SlipKind, int] = dict(last or {})

    def issue(self, request: str, kind: SlipKind, chips: ChipCount) -> int:
        if not self.reachable:
            raise SlipDeskUnavailable("the floor cannot be reached: no slip can be issued")
        if request not in self._numbers:
            self._last[kind] = self._last.get(kind, 0) + 1
            self._numbers[request] = self._last[kind]
        return self._numbers[request]
