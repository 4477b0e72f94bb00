"""Fill and credit slips on the floor: their numbers, and the cage's steps on them (migration 0019).

``allocate_slip`` gives a station's request the next number of its casino's series for the kind
(``F000001``, ``F000002``...; credits ``C...``): a counter row per (casino, kind) is incremented in
the same transaction that inserts the slip, so a number is used once and none is skipped, and the
same request asked twice (a lost answer, a retry) gets the same number. Asked of a floor with a
synchronous standby, the number is on the standby before the station hears it, so a failover
neither reuses nor skips one (docs/floor.md, "Slips").

The cage issues a slip (``issue_slip``) and confirms a credit's chips reached it
(``confirm_credit``: only then the credit counts); a slip not received yet may be voided
(``void_slip``) with a reason, by someone and a second person. Whoever requested a slip may do none
of these: the floor refuses it (its functions, and CHECKs on the table whatever writes the row).
"""

from __future__ import annotations

import json
from typing import Any

import psycopg
from psycopg import errors

from ..bank.chips import ChipCount
from ..bank.slips import SlipKind
from ..money import format_money
from .db import FloorError, floor_problem, one_line


class SlipRefused(FloorError):
    """The floor refused a step on a slip (who may not do it, a state it does not apply to): one line."""


_REFUSALS = (errors.RaiseException, errors.InsufficientPrivilege, errors.ObjectNotInPrerequisiteState,
             errors.InvalidParameterValue, errors.NoDataFound, errors.UniqueViolation, errors.CheckViolation)


def chips_json(chips: ChipCount) -> dict[str, int]:
    """A count as the bank's events write it: denomination text -> number of chips (``{"25": 40}``)."""
    return {format_money(denomination): number for denomination, number in chips}


def allocate_slip(conn: psycopg.Connection[Any], casino: str, kind: SlipKind, table_id: str, request: str,
                  chips: ChipCount, *, by: str | None = None) -> int:
    """The number of ``request``'s slip: the next of ``casino``'s series for ``kind``, or the one it already has.

    ``by`` (optional) names who requested it when the table's ``slip_requested`` has not reached the floor
    yet. Raises ``SlipRefused`` (the request already has a slip of other chips) or ``FloorError``.
    """
    row = _call(conn, f"allocate slip for {request}",
                "SELECT floor.allocate_slip(%s, %s, %s, %s, %s::jsonb, %s, %s)",
                (casino, kind.value, table_id, request, json.dumps(chips_json(chips)), chips.value, by))
    return int(row[0])


def issue_slip(conn: psycopg.Connection[Any], slip: str, by: str, role: str) -> None:
    """The cage issues ``slip`` (``F000041``)."""
    _call(conn, f"issue {slip}", "SELECT floor.issue_slip(%s, %s, %s)", (slip, by, role))


def confirm_credit(conn: psycopg.Connection[Any], slip: str, by: str, role: str) -> None:
    """The cage confirms that a credit's chips arrived: from now on it counts."""
    _call(conn, f"confirm {slip}", "SELECT floor.confirm_credit(%s, %s, %s)", (slip, by, role))


def void_slip(conn: psycopg.Connection[Any], slip: str, by: str, role: str, second: str, reason: str) -> None:
    """Void a slip not received yet: ``by`` and a ``second`` person, with a reason."""
    _call(conn, f"void {slip}", "SELECT floor.void_slip(%s, %s, %s, %s, %s)", (slip, by, role, second, reason))


def close_investigation(conn: psycopg.Connection[Any], investigation: int, by: str, role: str, finding: str) -> None:
    """A supervisor closes a statistical investigation with a written finding (migration 0019)."""
    _call(conn, f"close investigation {investigation}", "SELECT floor.close_investigation(%s, %s, %s, %s)",
          (investigation, by, role, finding))


def _call(conn: psycopg.Connection[Any], doing: str, query: str, params: tuple[Any, ...]) -> tuple[Any, ...]:
    try:
        with conn.transaction():
            conn.execute("SET TRANSACTION READ WRITE")  # the pit's connections are read-only by default
            row = conn.execute(query, params).fetchone()
    except _REFUSALS as exc:
        raise SlipRefused(f"{doing}: {one_line(exc)}", "slip") from None
    except psycopg.Error as exc:
        raise floor_problem(exc, doing) from None
    assert row is not None
    return tuple(row)
