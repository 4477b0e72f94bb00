"""The table bank on the pit page (``/bank``): open table-shifts, slips in flight (the cage issues them and
confirms a credit's chips arrived, or voids one with a second person), each shift's figures and variances
with their class (``floor.bank``: the bank's one formula), a shift's variance history
(``/bank/shift/TABLE/N``), the count team's drops (typed per table-shift, or the soft count's CSV) and the
statistical report's investigations (a supervisor closes one with a written finding).

Every step is the signed-in user's, in their pit role: the page refuses a step the role may not take, and
the floor refuses it again (its functions check the role; whoever requested a slip may not issue, confirm
or void it, held by the table's CHECKs). The floor knows people by badge, so a user who holds a station
badge acts under it (the same person who requested a slip at the table is recognised), others by name.
A void's second person signs on the same form with their own password.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from ..errors import DealerStationError, RecordError
from ..floor.bank import BankShift, SlipRow, bank_shift, bank_shifts, slips_in_flight
from ..floor.bank_report import Investigation, investigations
from ..floor.count import MAX_BYTES, DropLine, enter_drops, parse_drop_amount, parse_drop_csv, parse_shift_number
from ..floor.slips import close_investigation, confirm_credit, issue_slip, void_slip
from ..supervisor import AuthError
from .page import Pit, pit_of
from .sessions import Session
from .users import CAGE, COUNT, SUPERVISOR
from .web import form_of, session_of

DAYS_SHOWN = 3
"""Gaming days of counted and closed shifts the page shows by default (``?from=`` for earlier ones)."""
MAX_REASON = 2000
SLIP_ACTIONS = {"issue": (CAGE,), "confirm": (CAGE,), "void": (CAGE, SUPERVISOR)}


@dataclass(frozen=True)
class BankView:
    open_shifts: list[BankShift]
    shifts: list[BankShift]
    slips: list[SlipRow]
    investigations: list[Investigation]
    since: date

    @property
    def earlier(self) -> date:
        return self.since - timedelta(days=7)


def acting_as(pit: Pit, user: str) -> str:
    """Who the floor is told acts: the station badge the user holds, else the user's name."""
    return next((badge for badge, name in pit.users.badge_holders().items() if name == user), user)


def _read(pit: Pit, since: date) -> BankView:
    with pit.connection() as conn:
        everything = bank_shifts(conn, day_from=since)
        open_ = bank_shifts(conn, open_only=True)
        return BankView(open_, [s for s in everything if s.closed_at is not None], slips_in_flight(conn),
                        investigations(conn, open_only=True), since)


def _since(request: Request, pit: Pit) -> date:
    text = request.query_params.get("from", "")
    try:
        return date.fromisoformat(text) if text else _today(pit) - timedelta(days=DAYS_SHOWN - 1)
    except ValueError:
        raise HTTPException(400, "from is a gaming day, YYYY-MM-DD") from None


def _today(pit: Pit) -> date:
    return datetime.fromtimestamp(pit.settings.clock(), pit.settings.tz).date()


async def _render(request: Request, status: int = 200, **extra: Any) -> Response:
    pit = pit_of(request)
    session = session_of(request)
    view = await run_in_threadpool(_read, pit, _since(request, pit))
    context: dict[str, Any] = {"error": None, "done": request.query_params.get("done", ""), "posted": {}, **extra}
    return pit.render(request, "bank.html", status=status, view=view, role=session.role,
                      may=lambda action: session.role in SLIP_ACTIONS.get(action, ()), **context)


async def bank_page(request: Request) -> Response:
    return await _render(request)


async def _checked_form(request: Request, limit: int | None = None) -> tuple[Pit, Session, dict[str, str]] | Response:
    pit = pit_of(request)
    session = session_of(request)
    form = await (form_of(request) if limit is None else form_of(request, limit))
    if not pit.sessions.same(form.get("csrf"), pit.sessions.post_token(session)):
        return pit.render(request, "error.html", status=403, status_code=403,
                          detail="The form did not come from this page: nothing was done.")
    return pit, session, form


def _done(what: str) -> Response:
    return RedirectResponse(f"/bank?done={what}", status_code=303)


async def slip_step(request: Request) -> Response:
    """The cage issues or confirms a slip; the cage or a supervisor voids one with a second person."""
    checked = await _checked_form(request)
    if isinstance(checked, Response):
        return checked
    pit, session, form = checked
    slip, action = form.get("slip", "").strip(), form.get("action", "")
    if action not in SLIP_ACTIONS:
        return await _render(request, 400, error=f"a step on a slip is one of {', '.join(SLIP_ACTIONS)}")
    if session.role not in SLIP_ACTIONS[action]:
        return await _render(request, 403, error=f"the {session.role} role may not {action} a slip "
                                                 f"({' or '.join(SLIP_ACTIONS[action])} only)", failed=slip)
    by = acting_as(pit, session.user)
    try:
        if action == "void":
            second = _second_person(pit, session, form)
            reason = form.get("reason", "").strip()
            if not reason or len(reason) > MAX_REASON:
                raise RecordError(f"give the void's reason (at most {MAX_REASON} characters)", "reason")
            await run_in_threadpool(_with_conn, pit, void_slip, slip, by, session.role, second, reason)
        else:
            step = issue_slip if action == "issue" else confirm_credit
            await run_in_threadpool(_with_conn, pit, step, slip, by, session.role)
    except DealerStationError as exc:
        return await _render(request, 400, error=exc.problem, failed=slip, posted=form)
    return _done(f"{action}:{slip}")


def _second_person(pit: Pit, session: Session, form: dict[str, str]) -> str:
    """The void's witness, signed in on the form with their own password: not the user who voids."""
    name, password = form.get("second", "").strip(), form.get("second_password", "")
    if not name or name == session.user:
        raise RecordError("a second person, not you, signs the void with their password", "second")
    try:
        person = pit.users.authenticate(name, password)
    except AuthError as exc:
        raise RecordError(f"the second person: {exc.problem}", "second") from None
    if person.role not in (CAGE, SUPERVISOR):
        raise RecordError(f"the second person must be of the cage or a supervisor, not {person.role}", "second")
    return acting_as(pit, person.badge)


def _with_conn(pit: Pit, step: Any, *args: Any) -> Any:
    with pit.connection() as conn:
        return step(conn, *args)


async def drop_entry(request: Request) -> Response:
    """The count team enters one table-shift's drop."""
    checked = await _checked_form(request)
    if isinstance(checked, Response):
        return checked
    pit, session, form = checked
    key = f"{form.get('table', '')}/{form.get('shift', '')}"
    if session.role != COUNT:
        return await _render(request, 403, error="only the count team enters a drop", failed=key)
    try:
        line = DropLine(form.get("table", "").strip(), None, parse_shift_number(form.get("shift", ""), "shift"),
                        parse_drop_amount(form.get("amount", ""), "amount"))
        await run_in_threadpool(_with_conn, pit, enter_drops, [line], acting_as(pit, session.user), session.role,
                                "screen")
    except DealerStationError as exc:
        return await _render(request, 400, error=exc.problem, failed=key, posted=form)
    return _done(f"drop:{key}")


async def count_import(request: Request) -> Response:
    """The soft count's CSV (pasted, or read from a file by the page's script): every line or none."""
    checked = await _checked_form(request, limit=3 * MAX_BYTES + 4096)  # urlencoded: up to 3 bytes a byte
    if isinstance(checked, Response):
        return checked
    pit, session, form = checked
    if session.role != COUNT:
        return await _render(request, 403, error="only the count team imports the soft count", failed="csv")
    try:
        lines = parse_drop_csv(form.get("csv", "").encode("utf-8"))
        done = await run_in_threadpool(_with_conn, pit, enter_drops, lines, acting_as(pit, session.user),
                                       session.role, "csv")
    except DealerStationError as exc:
        return await _render(request, 400, error=f"the CSV was not imported, nothing written: {exc}", failed="csv")
    return _done(f"csv:{done}")


async def investigation_close(request: Request) -> Response:
    checked = await _checked_form(request)
    if isinstance(checked, Response):
        return checked
    pit, session, form = checked
    if session.role != SUPERVISOR:
        return await _render(request, 403, error="a supervisor closes an investigation", failed="investigation")
    try:
        number = int(form.get("investigation", ""))
    except ValueError:
        return await _render(request, 400, error="no such investigation", failed="investigation")
    finding = form.get("finding", "").strip()
    try:
        if not finding or len(finding) > 4000:
            raise RecordError("write the finding (at most 4000 characters)", "finding")
        await run_in_threadpool(_with_conn, pit, close_investigation, number, acting_as(pit, session.user),
                                session.role, finding)
    except DealerStationError as exc:
        return await _render(request, 400, error=exc.problem, failed=f"investigation:{number}", posted=form)
    return _done(f"investigation:{number}")


def _one_shift(pit: Pit, table_id: str, shift: int) -> BankShift | None:
    with pit.connection() as conn:
        return bank_shift(conn, table_id, shift)


async def shift_page(request: Request) -> Response:
    """One table-shift: its figures, and the variances after each of the count team's entries."""
    session_of(request)
    pit = pit_of(request)
    table_id = request.path_params["table_id"]
    try:
        number = int(request.path_params["shift"])
    except ValueError:
        raise HTTPException(404, "no such shift") from None
    shift = await run_in_threadpool(_one_shift, pit, table_id, number)
    if shift is None:
        raise HTTPException(404, f"the floor holds no shift {number} of table {table_id}")
    return pit.render(request, "bank_shift.html", shift=shift, history=shift.history())


ROUTES = [
    Route("/bank", bank_page, methods=["GET"]),
    Route("/bank/slip", slip_step, methods=["POST"]),
    Route("/bank/drop", drop_entry, methods=["POST"]),
    Route("/bank/count", count_import, methods=["POST"]),
    Route("/bank/investigation", investigation_close, methods=["POST"]),
    Route("/bank/shift/{table_id}/{shift}", shift_page, methods=["GET"]),
]
