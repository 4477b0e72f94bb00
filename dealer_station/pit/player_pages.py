"""The player at the seat on the pit page: ``/players`` (every signed-in user: each player's sessions across
the floor's tables and days, theo against actual, comps) and ``/compliance`` (the compliance role: the MTL,
CTR dues and alerts the floor raised, each filed as handled with a note; the cage's cash-outs; the
exclusion list, added to and removed from, journaled on the floor).

Both read the floor at each request (what was just filed is there at once). Every write is one SECURITY
DEFINER function of migration 0020, by the signed-in user and role, never by what the form says; a posted
finding key that the floor does not raise now is refused. Logs name no player (the floor holds them).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import psycopg
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from ..buy_in import MAX_SEAT, PLAYER_ID
from ..errors import DealerStationError
from ..floor import compliance, exclusions, player_report
from ..floor.player_sessions import player_sessions
from ..money import parse_money
from .page import Pit, pit_of
from .users import COMPLIANCE
from .web import form_of, session_of

HANDLED_SHOWN = 50
DAYS_SHOWN = 31
"""The Compliance page lists the findings of the last month of gaming days, the Players page the sessions of
the last month (a player's page: all of theirs); the floor keeps the older ones."""
MAX_DESCRIPTION = 200
URGENT_FIRST = ("ctr", "structuring", "due_diligence", "identification", "mtl")
"""The page's order: what must be filed with a regulator first, the log last."""


def _players(pit: Pit, player: str | None) -> dict[str, Any]:
    since = None if player else datetime.fromtimestamp(pit.settings.clock(), UTC) - timedelta(days=DAYS_SHOWN)
    with pit.connection() as conn:
        sessions = player_sessions(conn, player, since)
    return {"totals": player_report.totals(sessions), "sessions": [(s, s.as_json()) for s in sessions]}


async def players_page(request: Request) -> Response:
    session_of(request)
    player = request.query_params.get("player", "").strip() or None
    if player is not None and not PLAYER_ID.fullmatch(player):
        raise HTTPException(400, "a player id is 1-64 letters, digits or . _ : / -")
    pit = pit_of(request)
    return pit.render(request, "players.html", player=player, **await run_in_threadpool(_players, pit, player))


def require_compliance(request: Request) -> Any:
    session = session_of(request)
    if session.role != COMPLIANCE:
        raise HTTPException(403, "this page is for the compliance role")
    return session


def _compliance(pit: Pit) -> dict[str, Any]:
    with pit.connection() as conn:
        jurisdiction = compliance.profile(conn).jurisdiction
        today = conn.execute("SELECT floor.gaming_day(now(), tz, day_start) FROM floor.compliance_profile").fetchone()
        found = compliance.findings(conn, since=today[0] - timedelta(days=DAYS_SHOWN) if today else None)
        listed = exclusions.listings(conn)
        unread = compliance.unread_buy_ins(conn)
        held = compliance.held_seats(conn)
    open_findings = [f for f in found if f.open]
    return {"jurisdiction": jurisdiction, "open_findings": open_findings,
            "open_by_kind": {kind: [f for f in open_findings if f.kind == kind] for kind in URGENT_FIRST
                             if kind in jurisdiction.keys},
            "handled": sorted((f for f in found if not f.open), key=lambda f: f.handled[-1].at, reverse=True)
            [:HANDLED_SHOWN], "listings": listed, "unread": unread,
            "held": held}


def _render(request: Request, data: dict[str, Any], status: int = 200, **extra: Any) -> Response:
    context: dict[str, Any] = {"error": None, "posted": {}, **extra}
    return pit_of(request).render(request, "compliance.html", status=status, **data, **context)


async def compliance_page(request: Request) -> Response:
    require_compliance(request)
    return _render(request, await run_in_threadpool(_compliance, pit_of(request)))


def _problem(action: str, form: dict[str, str], data: dict[str, Any]) -> str | None:
    """Why a posted action cannot be taken (None: it can)."""
    note, player = form.get("note", "").strip(), form.get("player", "").strip()
    if action == "handle":
        if form.get("finding", "") not in {f.key for f in data["open_findings"]}:
            return "no such open finding (it may have been filed as handled already)"
        if not note or len(note) > compliance.MAX_NOTE:
            return f"say in the note what was done (1-{compliance.MAX_NOTE} characters)"
    elif action in ("exclude", "unexclude"):
        if not PLAYER_ID.fullmatch(player):
            return "a player id is 1-64 letters, digits or . _ : / -"
        listed = {x.player for x in data["listings"] if x.listed}
        if action == "exclude" and player in listed:
            return "that player is on the list already"
        if action == "unexclude" and player not in listed:
            return "that player is not on the list"
        if not note or len(note) > exclusions.MAX_REASON:
            return f"give the reason (1-{exclusions.MAX_REASON} characters)"
    elif action == "cash_out":
        return _cash_out_problem(form)
    else:
        return "no such action"
    return None


def _cash_out_problem(form: dict[str, str]) -> str | None:
    table, seat, player = form.get("table", "").strip(), form.get("seat", "").strip(), form.get("player", "").strip()
    description = form.get("description", "").strip()
    if not 1 <= len(table) <= 64 or not table.isprintable():
        return "give the table"
    if not seat.isdigit() or not 1 <= int(seat) <= MAX_SEAT:
        return f"a seat is a whole number from 1 to {MAX_SEAT}"
    if player and not PLAYER_ID.fullmatch(player):
        return "a player id is 1-64 letters, digits or . _ : / -"
    if not player and not description:
        return "an anonymous player needs a description (e.g. man, 40s, red tie)"
    if len(description) > MAX_DESCRIPTION:
        return f"a description is at most {MAX_DESCRIPTION} characters"
    try:
        amount = parse_money(form.get("amount", "").strip(), "amount")
    except DealerStationError:
        return "an amount is a decimal number, like 3500 or 3500.50"
    if amount <= 0:
        return "a cash-out is above 0"
    return None


def _act(pit: Pit, action: str, form: dict[str, str], user: str, role: str) -> None:
    note, player = form.get("note", "").strip(), form.get("player", "").strip()
    with pit.connection() as conn:
        if action == "handle":
            compliance.file_handled(conn, form["finding"], note, user, role)
        elif action == "exclude":
            exclusions.exclude(conn, player, note, user)
        elif action == "unexclude":
            exclusions.unexclude(conn, player, note, user)
        else:
            compliance.record_cash_out(conn, form["table"].strip(), int(form["seat"]), player or None,
                                       form.get("description", "").strip() or None,
                                       parse_money(form["amount"].strip(), "amount"), user, role)


async def compliance_post(request: Request) -> Response:
    """File a finding as handled, list or unlist a player, or enter a cash-out: the signed-in compliance user."""
    pit = pit_of(request)
    session = require_compliance(request)
    form = await form_of(request)
    if not pit.sessions.same(form.get("csrf"), pit.sessions.post_token(session)):
        return pit.render(request, "error.html", status=403, status_code=403,
                          detail="The form did not come from this page: nothing was filed.")
    action = form.get("action", "")
    data = await run_in_threadpool(_compliance, pit)
    why = _problem(action, form, data)
    if why is None:
        try:
            await run_in_threadpool(_act, pit, action, form, session.user, session.role)
        except (psycopg.errors.UniqueViolation, psycopg.errors.NoDataFound, psycopg.errors.CheckViolation):
            why = "the floor refused it (changed meanwhile): look again"
    if why is not None:
        return _render(request, data, status=400, error=why, failed=action, posted=form)
    return RedirectResponse(f"/compliance#{action}", status_code=303)


ROUTES = [
    Route("/players", players_page, methods=["GET"]),
    Route("/compliance", compliance_page, methods=["GET"]),
    Route("/compliance", compliance_post, methods=["POST"]),
]
