"""Alarms as work items (``/alarms``, every signed-in user): each alarm says what it means and what to do,
its statistics a click away, where it stands, and takes the next step (acknowledge, assign, resolve, each
with a note), journaled on the floor with who and when (``floor.work_alarm``, migration 0017).

The page reads the floor at each request (the steps just taken are there at once); the floor page lists the
open alarms from the live floor (``live.FloorLive.alarm_items``), told of each step by the floor's
notification. A step names an alarm the pit knows now (a posted key that is not one is refused), by the
signed-in user and role, never by what the form says.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from ..floor.alarm_work import MAX_ASSIGNEE, MAX_NOTE, STEPS, floor_alarms, steps_of, take_step
from .alarms import AlarmItem, collect, keys_of
from .page import Pit, pit_of
from .web import form_of, session_of

RESOLVED_SHOWN = 50


def read_items(pit: Pit) -> list[AlarmItem]:
    """Every alarm and its steps, read now (blocking: run it off the event loop)."""
    with pit.connection() as conn:
        raised = floor_alarms(conn)
        audits = pit.shuffles.latest()
        return collect(raised, audits, steps_of(conn, keys_of(raised, audits)))


def _step(pit: Pit, item: AlarmItem, step: str, note: str, assignee: str | None, user: str, role: str) -> int:
    with pit.connection() as conn:
        return take_step(conn, item.key, item.table_id, step, note, user, role, assignee)


def problem(step: str, note: str, assignee: str) -> str | None:
    """Why a step cannot be taken as posted (None: it can)."""
    if step not in STEPS:
        return f"a step is one of {', '.join(STEPS)}"
    if len(note) > MAX_NOTE:
        return f"a note is at most {MAX_NOTE} characters"
    if len(assignee) > MAX_ASSIGNEE:
        return f"a name is at most {MAX_ASSIGNEE} characters"
    if step == "assign" and not assignee.strip():
        return "say whom it is assigned to"
    if step == "resolve" and not note.strip():
        return "say in the note what was done: a resolved alarm needs one"
    return None


def _render(request: Request, items: list[AlarmItem], status: int = 200, **extra: Any) -> Response:
    pit = pit_of(request)
    table = request.query_params.get("table", "").strip()
    shown = [i for i in items if not table or table in i.tables]
    open_ = [i for i in shown if not i.resolved]
    done = [i for i in shown if i.resolved][:RESOLVED_SHOWN]
    context: dict[str, Any] = {"error": None, "failed": "", "posted": {}, **extra}
    return pit.render(request, "alarms.html", status=status, open_alarms=open_, resolved=done, table=table,
                      when=lambda at: local_time(pit, at), **context)


def local_time(pit: Pit, at: datetime) -> str:
    """A step's time as the pit tells time: its zone, a 24-hour clock, the day too when it is not today."""
    tz = pit.settings.tz
    local = at.astimezone(tz)
    today = datetime.fromtimestamp(pit.settings.clock(), tz).date()
    return local.strftime("%H:%M") if local.date() == today else local.strftime("%Y-%m-%d %H:%M")


async def alarms_page(request: Request) -> Response:
    session_of(request)
    return _render(request, await run_in_threadpool(read_items, pit_of(request)))


async def alarm_step(request: Request) -> Response:
    """Take a step on an alarm: by the signed-in user, on an alarm the pit knows now, with the form's token."""
    pit = pit_of(request)
    session = session_of(request)
    form = await form_of(request)
    if not pit.sessions.same(form.get("csrf"), pit.sessions.post_token(session)):
        return pit.render(request, "error.html", status=403, status_code=403,
                          detail="The form did not come from this page: no step was taken.")
    key, step = form.get("alarm", ""), form.get("step", "")
    note, assignee = form.get("note", "").strip(), form.get("assignee", "").strip()
    items = await run_in_threadpool(read_items, pit)
    item = next((i for i in items if i.key == key), None)
    why = ("no such alarm (it may have been cleared from the floor)" if item is None
           else "it is resolved already" if item.resolved else problem(step, note, assignee))
    if why is not None or item is None:
        return _render(request, items, status=400, error=why, failed=key, posted=form)
    await run_in_threadpool(_step, pit, item, step, note, assignee or None, session.user, session.role)
    target = f"/alarms?table={request.query_params['table']}" if request.query_params.get("table") else "/alarms"
    return RedirectResponse(f"{target}#{item.anchor}", status_code=303)


def item_json(item: AlarmItem) -> dict[str, Any]:
    return {"alarm": item.key, "kind": item.kind, "tables": list(item.tables), "state": item.state,
            "open": not item.resolved, "reopened": item.reopened, "assignee": item.assignee,
            "title": str(item.title().unescape()), "means": str(item.means().unescape()),
            "todo": str(item.todo().unescape()), "raised_at": item.raised_at.isoformat(),
            "last_seen_at": item.last_seen_at.isoformat(), "statistics": dict(item.stats),
            "steps": [{"step": s.step, "by": s.by_user, "role": s.by_role, "assignee": s.assignee, "note": s.note,
                       "at": s.at.isoformat()} for s in item.steps]}


async def alarms_json(request: Request) -> Response:
    session_of(request)
    items = await run_in_threadpool(read_items, pit_of(request))
    return JSONResponse({"alarms": [item_json(i) for i in items]})


ROUTES = [
    Route("/alarms", alarms_page, methods=["GET"]),
    Route("/alarms", alarm_step, methods=["POST"]),
    Route("/api/alarms", alarms_json, methods=["GET"]),
]
