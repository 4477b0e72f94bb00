"""The floor's roles: the owner (whoever migrates), stations that may only append, reports that read.

A station role holds exactly ``EXECUTE`` on ``floor.ingest`` (and its COPY path, ``floor.open_stage``
and ``floor.ingest_staged``: migration 0011), ``floor.tail`` and ``floor.hash_at`` (and a linked
progressive's ``floor.link_*``: migrations 0010, 0016): no table privilege at all (only INSERT into its
session's own stage), so it cannot UPDATE, DELETE or INSERT rows that skip the chain check. The
report role may SELECT the floor's tables, add a par sheet the floor does not hold yet
(``floor.put_par_sheet``: derived figures, never a record) and append a step taken on an alarm
(``floor.work_alarm``, migration 0017: acknowledged, assigned, resolved; never a change of the alarm), and
the compliance work of migration 0020 (``COMPLIANCE_FUNCTIONS``); the station role also reads the exclusion
list (``floor.exclusion_list()``).
Roles are created with LOGIN and no password: give them one (``ALTER ROLE ... PASSWORD``),
or map them to certificates or peer authentication in ``pg_hba.conf``. ``pin_station`` gives
a station its own login, a member of the station role, pinned to its table(s): a hash chain
has no secret, so a login shared by every station could extend another table's chain.

The table bank (migration 0019) adds two roles beside them: ``floor_cage`` (issues slips, confirms credits,
voids a slip with a second person) and ``floor_count`` (enters a table-shift's drop). Each may read the
floor and call only its own functions. A station asks slip numbers (``floor.allocate_slip``). The pit,
which signs in its own users and connects with the report role, may call the cage's and the count's
functions too, saying which of its users acts and in which pit role: the functions check that role, and
the floor's CHECKs hold that whoever requested a slip never issues, confirms or voids it.
"""

from __future__ import annotations

from typing import Any

import psycopg
from psycopg import sql

from .db import FloorError, connect, one_line
from .migrate import migrate

DEFAULT_STATION_ROLE = "floor_station"
DEFAULT_REPORT_ROLE = "floor_report"
CAGE_ROLE = "floor_cage"
COUNT_ROLE = "floor_count"
STATION_FUNCTIONS = (
    "floor.ingest(text, bigint, text, bigint[], text[], text[], text[], text[], text[], text[], text[])",
    "floor.tail(text)",
    "floor.hash_at(text, bigint)",
    # a linked progressive's controller (migrations 0010, 0016): a member joins, steps, verifies, reads
    "floor.link_join(text, text, jsonb)",
    "floor.link_step(text, text, text, text, jsonb, bigint)",
    "floor.link_durable(text, text)",
    "floor.link_verify(text, text, text, integer[], text)",
    "floor.link_status(text)",
    "floor.open_stage()",
    "floor.ingest_staged(text, bigint, text)",
    "floor.allocate_slip(text, text, text, text, jsonb, numeric, text)",  # the table bank's slips (0019)
    "floor.exclusion_list()",  # the casino's exclusion list, read by the stations (migration 0020)
)
CAGE_FUNCTIONS = (
    "floor.issue_slip(text, text, text)",
    "floor.confirm_credit(text, text, text)",
    "floor.void_slip(text, text, text, text, text)",
)
"""The cage's steps on a slip (migration 0019)."""
COUNT_FUNCTIONS = ("floor.enter_drop(text, integer, date, numeric, text, text, text)",)
"""The count team's drop (migration 0019)."""
INVESTIGATION_FUNCTIONS = (
    "floor.open_investigation(text, text, date, numeric, numeric, numeric)",
    "floor.close_investigation(bigint, text, text, text)",
)
"""The statistical report opens an investigation, a supervisor closes it (migration 0019)."""


PAR_FUNCTION = "floor.put_par_sheet(text, text, integer, integer, jsonb)"
"""What the report role may add to the floor: a par sheet not held yet (migration 0008; the pit computes them)."""
ALARM_WORK_FUNCTION = "floor.work_alarm(text, text, text, text, text, text, text)"
"""And a step on an alarm (migration 0017: the pit's alarms are work items)."""
COMPLIANCE_FUNCTIONS = (
    "floor.file_compliance(text, text, text, text)",
    "floor.record_cash_out(text, integer, text, text, numeric, text, text)",
    "floor.exclude(text, text, text)",
    "floor.unexclude(text, text, text)",
    "floor.exclusion_list()",
)
"""And the compliance role's work on the pit page (migration 0020): a finding filed as handled, the cage's
cash-out, a player added to or removed from the exclusion list; each appends (or closes) one journaled row."""


def _ensure_role(conn: psycopg.Connection[Any], name: str) -> bool:
    row = conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (name,)).fetchone()
    if row is not None:
        return False
    conn.execute(sql.SQL("CREATE ROLE {} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE").format(sql.Identifier(name)))
    return True


def init_roles(url: str, station_role: str = DEFAULT_STATION_ROLE, report_role: str = DEFAULT_REPORT_ROLE) -> list[str]:
    """Migrate, create the roles if missing and (re)apply their grants; returns what was created."""
    migrate(url)
    created = []
    with connect(url) as conn:
        try:
            with conn.transaction():
                for name in (station_role, report_role, CAGE_ROLE, COUNT_ROLE):
                    if _ensure_role(conn, name):
                        created.append(name)
                station, report = sql.Identifier(station_role), sql.Identifier(report_role)
                cage, count = sql.Identifier(CAGE_ROLE), sql.Identifier(COUNT_ROLE)
                conn.execute(sql.SQL("REVOKE ALL ON SCHEMA floor FROM PUBLIC"))
                conn.execute(sql.SQL("REVOKE ALL ON ALL TABLES IN SCHEMA floor FROM PUBLIC, {}, {}, {}, {}")
                             .format(station, report, cage, count))
                conn.execute(sql.SQL("GRANT USAGE ON SCHEMA floor TO {}, {}, {}, {}").format(station, report, cage, count))
                conn.execute(sql.SQL("GRANT SELECT ON ALL TABLES IN SCHEMA floor TO {}, {}").format(cage, count))
                for functions, role in ((CAGE_FUNCTIONS, cage), (COUNT_FUNCTIONS, count)):
                    for signature in functions:
                        conn.execute(sql.SQL("GRANT EXECUTE ON FUNCTION {} TO {}, {}").format(
                            sql.SQL(signature), role, report))
                for signature in STATION_FUNCTIONS:
                    conn.execute(sql.SQL("GRANT EXECUTE ON FUNCTION {} TO {}").format(sql.SQL(signature), station))
                conn.execute(sql.SQL("GRANT SELECT ON ALL TABLES IN SCHEMA floor TO {}").format(report))
                conn.execute(sql.SQL("GRANT EXECUTE ON FUNCTION floor.tail(text), floor.hash_at(text, bigint), "
                                     "floor.link_status(text), floor.link_commit_json(floor.jackpot_link_commits) TO {}").format(report))
                for signature in (PAR_FUNCTION, ALARM_WORK_FUNCTION, *INVESTIGATION_FUNCTIONS, *COMPLIANCE_FUNCTIONS):
                    conn.execute(sql.SQL("GRANT EXECUTE ON FUNCTION {} TO {}").format(sql.SQL(signature), report))
                conn.execute(sql.SQL("ALTER DEFAULT PRIVILEGES IN SCHEMA floor GRANT SELECT ON TABLES TO {}")
                             .format(report))
        except psycopg.Error as exc:
            raise FloorError(f"cannot set up roles: {one_line(exc)}", "floor") from None
    return created


def pin_station(url: str, login: str, table_ids: list[str], station_role: str = DEFAULT_STATION_ROLE) -> bool:
    """Create ``login`` (a member of the station role) if missing and pin it to ``table_ids``:
    it may then send only those tables. Returns whether the login was created."""
    if not table_ids:
        raise FloorError("give at least one table id to pin the login to", "table-id")
    with connect(url) as conn:
        try:
            with conn.transaction():
                exists = conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (login,)).fetchone() is not None
                if not exists:
                    conn.execute(sql.SQL("CREATE ROLE {} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE IN ROLE {}")
                                 .format(sql.Identifier(login), sql.Identifier(station_role)))
                for table_id in table_ids:
                    conn.execute("INSERT INTO floor.station_logins (role_name, table_id) VALUES (%s, %s) "
                                 "ON CONFLICT DO NOTHING", (login, table_id))
        except psycopg.Error as exc:
            raise FloorError(f"cannot pin the station login: {one_line(exc)}", "floor") from None
    return not exists
