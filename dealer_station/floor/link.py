"""A member table's link to its linked progressive's controller: the floor (migration 0010).

Each change of the shared meter is one PostgreSQL transaction: ``floor.link_begin`` locks the
link's row and returns its meter; this module computes the facts with ``dealer_station.jackpot``
(the one definition of the meter's arithmetic) from that meter, under the lock; and
``floor.link_commit`` stores them as the link's next ``seq``. Why Python computes and SQL
stores, not the reverse: the arithmetic already lives in ``jackpot.py`` for live play, replay
and round records, and a copy in PL/pgSQL would be a second set of meter rules to keep equal
forever; the price is one more round trip while the lock is held (docs/performance.md).

Every call is idempotent per (table, round, op): a retry (a station that crashed after the
controller committed and before it journaled) finds its first answer in ``link_begin``'s
``round`` and returns it. A call that cannot reach the floor raises ``LinkUnavailable``; a
watcher thread polls ``floor.link_status`` (the meter and the hits pending verification that
every member shows) and says when the link is back.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from typing import Any

import psycopg
import structlog

from ..errors import ConfigError, RuleError
from ..jackpot import (
    Award,
    Contribution,
    JackpotFact,
    JackpotMeter,
    JackpotRules,
    LinkCommit,
    LinkStatus,
    LinkUnavailable,
    PendingHit,
    PoolHit,
    PoolLink,
    Reversal,
    facts_from_payload,
    facts_payload,
    meter_from_state,
    meter_state,
)
from ..money import exact_money, format_money, parse_money
from .db import connect, floor_problem, one_line

log = structlog.get_logger("dealer_station.floor.link")

POLL = 1.0
"""Seconds between two looks at the link's status (its meter, pending hits; is it back?)."""
TIMEOUT = 2
"""Seconds to reach the floor or have a statement answered before the link counts as down."""
RETRIES = 3
"""Times a commit is computed again when another member committed between read and write."""


def _one(cursor: Any) -> Any:
    """The single value a ``SELECT floor.link_...(...)`` returns."""
    row = cursor.fetchone()
    if row is None:
        raise RuleError("the controller returned nothing", "link")
    return row[0]


def commit_from_json(data: Mapping[str, Any]) -> LinkCommit:
    return LinkCommit(str(data["link"]), int(data["seq"]), str(data["op"]), str(data["table_id"]),
                      str(data["round_id"]), facts_from_payload(data["facts"], "facts"), dict(data["after"]),
                      str(data.get("at", "")))


def stakes_request(stakes: Sequence[tuple[int, Decimal]]) -> list[list[Any]]:
    return [[seat, format_money(stake)] for seat, stake in stakes]


def hits_request(hits: Sequence[PoolHit]) -> list[list[Any]]:
    return [[hit.seat, hit.category, format_money(hit.percent)] for hit in hits]


def award_rows(before: JackpotMeter, facts: Sequence[JackpotFact]) -> list[dict[str, Any]]:
    """Per award of a commit, NJ 13:69E-1.39A's meters: in, display (the meter it hit), hits, wins,
    overflow and reserve once its raise to reset was made."""
    rows: list[dict[str, Any]] = []
    meter = before
    for i, fact in enumerate(facts):
        display = meter.meter
        meter = meter.apply(fact)
        if not isinstance(fact, Award):
            continue
        raise_after: list[JackpotFact] = []
        for later in facts[i + 1:]:  # its raise back to reset, up to the next hit
            if isinstance(later, Award):
                break
            raise_after.append(later)
        settled = meter.apply_all(raise_after)
        rows.append({"seat": fact.seat, "category": fact.category, "percent": format_money(fact.percent),
                     "amount": format_money(fact.amount), "needs_verification": fact.needs_verification,
                     "meter_in": format_money(meter.contributed), "display": format_money(display),
                     "hits": meter.hits, "wins": format_money(meter.awarded),
                     "overflow": format_money(settled.overflow), "reserve": format_money(settled.reserve)})
    return rows


def standing(commits: Sequence[LinkCommit]) -> list[JackpotFact]:
    """A round's facts at the controller that no cancel took back yet, in commit order."""
    return [f for c in commits if c.op != "cancel" for f in c.facts if not isinstance(f, Reversal)]


class FloorLink(PoolLink):
    """``PoolLink`` over the floor at ``url`` for table ``table_id`` playing ``rules`` (``rules.link``)."""

    def __init__(self, url: str, rules: JackpotRules, table_id: str, *, poll: float = POLL,
                 timeout: int = TIMEOUT) -> None:
        if rules.link is None:
            raise ConfigError("the table names no link ([options.jackpot] link)", "options.jackpot.link")
        self.url = url
        self.link = rules.link
        self.rules = rules
        self.table_id = table_id
        self.poll = poll
        self.timeout = timeout
        self._conn: psycopg.Connection[Any] | None = None
        self._lock = threading.Lock()
        self._up = False
        self._joined = False
        self._status: LinkStatus | None = None
        self._stop = threading.Event()
        self._watcher: threading.Thread | None = None
        self._log = log.bind(table_id=table_id, link=self.link)

    # -- life cycle -------------------------------------------------------------

    def start(self) -> FloorLink:
        """Join the link (a member whose rules differ is refused: one line) and watch it.

        An unreachable floor does not stop the table: the Pool stays closed until the
        watcher reaches it and joins.
        """
        try:
            self._join()
        except LinkUnavailable as exc:
            self._log.warning("link_down", reason=exc.problem)
        self._watcher = threading.Thread(target=self._watch, name=f"link-{self.table_id}", daemon=True)
        self._watcher.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._watcher is not None:
            self._watcher.join(timeout=5)
        with self._lock:
            self._drop()

    def _join(self) -> None:
        fresh = meter_state(JackpotMeter.fresh(self.rules))
        with exact_money():
            self._call(lambda conn: conn.execute(
                "SELECT floor.link_join(%s, %s, %s::jsonb, %s::jsonb)",
                (self.link, self.table_id, json.dumps(self.rules.meter_rules()), json.dumps(fresh))).fetchone(),
                "joining the link", transaction=False)
        self._joined = True

    def _watch(self) -> None:
        while not self._stop.wait(self.poll):
            try:
                if not self._joined:
                    self._join()
                    self._log.info("link_up")
                self.refresh()
            except LinkUnavailable:
                pass
            except Exception:  # a status that cannot be read now is read on a later look
                self._log.exception("link_status_failed")

    # -- the connection -----------------------------------------------------------

    def _connection(self) -> psycopg.Connection[Any]:
        if self._conn is None or self._conn.closed:
            try:
                conn = connect(self.url, connect_timeout=self.timeout, autocommit=True,
                               options=f"-c statement_timeout={self.timeout * 1000}")
            except Exception as exc:
                self._mark_down(str(exc))
                raise LinkUnavailable(f"no link to the progressive controller: {one_line(exc)}", "link") from None
            self._conn = conn
        return self._conn

    def _drop(self) -> None:
        if self._conn is not None:
            try:
                self._conn.close()
            except Exception:  # closing a broken connection must not hide why it broke
                pass
        self._conn = None

    def _mark_down(self, reason: str) -> None:
        if self._up:
            self._log.warning("link_down", reason=one_line(Exception(reason)))
        self._up = False

    def _call(self, work: Callable[[psycopg.Connection[Any]], Any], doing: str, *, transaction: bool = True) -> Any:
        """Run ``work`` on the link's connection (in one transaction); a lost floor is ``LinkUnavailable``,
        a refusal a one-line ``RuleError`` (or ``ConfigError`` for rules that differ)."""
        with self._lock:
            conn = self._connection()
            try:
                if transaction:
                    with conn.transaction():
                        result = work(conn)
                else:
                    result = work(conn)
            except psycopg.OperationalError as exc:
                if isinstance(exc, psycopg.errors.SerializationFailure):
                    raise
                self._drop()
                self._mark_down(str(exc))
                raise LinkUnavailable(f"lost the progressive controller: {one_line(exc)}", "link") from None
            except psycopg.errors.CheckViolation as exc:
                raise ConfigError(one_line(exc).removeprefix("ERROR:  "), "options.jackpot") from None
            except psycopg.Error as exc:
                raise RuleError(floor_problem(exc, doing).problem, "link") from None
            self._up = True
            return result

    # -- PoolLink ---------------------------------------------------------------

    def available(self) -> bool:
        return self._up and self._joined

    def status(self) -> LinkStatus | None:
        return self._status

    def refresh(self) -> LinkStatus | None:
        """Read the link's status now (the watcher does, every ``poll`` seconds)."""
        row = self._call(lambda conn: conn.execute("SELECT floor.link_status(%s)", (self.link,)).fetchone(),
                         "reading the link", transaction=False)
        data = row[0] if row else None
        if data is None:
            return None
        with exact_money():
            pending = tuple(PendingHit(p["table_id"], p["round_id"], int(p["seat"]), p["category"],
                                       parse_money(p["amount"], "pending.amount"), int(p["seq"]))
                            for p in data["pending"])
            self._status = LinkStatus(self.link, meter_from_state(self.rules, data["state"]), pending)
        return self._status

    def _commit(self, op: str, round_id: str, request: Any,
                compute: Callable[[JackpotMeter, list[LinkCommit]], list[JackpotFact] | None]) -> list[LinkCommit]:
        """One commit under the link's lock; returns the round's commits, this one last. ``compute``
        returns None when the round's commits already answer the request (a retry)."""
        for attempt in range(RETRIES):
            def work(conn: psycopg.Connection[Any]) -> list[LinkCommit]:
                begun = _one(conn.execute("SELECT floor.link_begin(%s, %s, %s)", (self.link, self.table_id, round_id)))
                commits = [commit_from_json(c) for c in begun["round"]]
                with exact_money():
                    meter = meter_from_state(self.rules, begun["state"])
                    facts = compute(meter, commits)
                    if facts is None:
                        return commits
                    after = meter.apply_all(facts)
                    row = conn.execute(
                        "SELECT floor.link_commit(%s, %s, %s, %s, %s, %s::jsonb, %s::jsonb, %s::jsonb, %s::jsonb)",
                        (self.link, self.table_id, round_id, op, begun["version"], json.dumps(request),
                         json.dumps(facts_payload(facts)), json.dumps(meter_state(after)),
                         json.dumps(award_rows(meter, facts))))
                row = _one(row)
                return [*commits, commit_from_json(row)]

            try:
                commits: list[LinkCommit] = self._call(work, f"{op} at the link")
                return commits
            except psycopg.errors.SerializationFailure:
                if attempt == RETRIES - 1:
                    raise RuleError(f"link {self.link} kept moving: try again", "link") from None
        raise AssertionError("unreachable")

    def contribute(self, round_id: str, stakes: Sequence[tuple[int, Decimal]]) -> LinkCommit | None:
        request = stakes_request(stakes)

        def compute(meter: JackpotMeter, commits: list[LinkCommit]) -> list[JackpotFact] | None:
            if any(c.op in ("contribute", "cancel") for c in commits):
                return None
            return list(meter.contribute(stakes))

        commits = self._commit("contribute", round_id, request, compute)
        if any(c.op == "cancel" for c in commits):
            return None
        done = next(c for c in commits if c.op == "contribute")
        sent = stakes_request([(f.seat, f.stake) for f in done.facts if isinstance(f, Contribution)])
        if sent != request:
            raise RuleError(f"round {round_id} already contributed other Pool stakes at the controller ({sent}): "
                            "void the round", "link")
        return done

    def award(self, round_id: str, hits: Sequence[PoolHit]) -> LinkCommit:
        request = hits_request(hits)

        def compute(meter: JackpotMeter, commits: list[LinkCommit]) -> list[JackpotFact] | None:
            if any(c.op in ("award", "cancel") for c in commits):
                return None
            contributed = {f.seat for c in commits if c.op == "contribute" for f in c.facts if isinstance(f, Contribution)}
            missing = [hit.seat for hit in hits if hit.seat not in contributed]
            if missing:
                raise RuleError(f"seat {missing[0]} of round {round_id} has no contribution at the controller: "
                                "no Pool award without it", "link")
            return list(meter.award_all(hits))

        commits = self._commit("award", round_id, request, compute)
        done = next((c for c in commits if c.op == "award"), None)
        if done is None:
            raise RuleError(f"round {round_id} was cancelled at the controller: no Pool award", "link")
        return done

    def cancel(self, round_id: str) -> list[LinkCommit]:
        def compute(meter: JackpotMeter, commits: list[LinkCommit]) -> list[JackpotFact] | None:
            if any(c.op == "cancel" for c in commits):
                return None
            reversals: list[JackpotFact] = [Reversal(f) for f in reversed(standing(commits))]  # type: ignore[arg-type]
            after = meter.apply_all(reversals)
            return [*reversals, *after.raise_to_reset()]

        return self._commit("cancel", round_id, [], compute)

    def verify(self, round_id: str, seats: Sequence[int], by: str) -> None:
        self._call(lambda conn: conn.execute("SELECT floor.link_verify(%s, %s, %s, %s, %s)",
                                             (self.link, self.table_id, round_id, list(seats), by)).fetchone(),
                   "verifying at the link", transaction=False)
        try:
            self.refresh()
        except LinkUnavailable:
            pass
