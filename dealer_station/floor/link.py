"""A member table's link to its linked progressive's controller: the floor (migrations 0010, 0016).

The floor computes the shared meter; a member only says what its round did. Each change is ONE
call, ``floor.link_step``, one statement and one transaction at the floor (then a wait for its WAL
flush, ``floor.link_durable``, with no lock held, before the answer is journaled): a contribution sends the
round's Pool stakes (with the contribution this table will journal, stake x rate), an award the
five Pool cards of each winning seat (with the category and percent this table found), a cancel
nothing. The floor checks them against the link's terms and its own evaluation of the hands,
computes the facts and the meter after from the row it locks for that statement only, stores them
as the link's next ``seq`` and answers with the round's commits. A figure of the member's that
differs from the floor's is refused and alarmed there (docs/floor.md "Linked progressive"). The
station journals the floor's answer, never a meter of its own: no lock is held while the network
or this process works.

Every call is idempotent per (table, round, op): a retry (a station that crashed after the
controller committed and before it journaled) gets the round's first answer back. A call that
cannot reach the floor raises ``LinkUnavailable``; a watcher thread polls ``floor.link_status``
(the meter and the hits pending verification that every member shows) and says when the link is back.
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
    LinkCommit,
    LinkStatus,
    LinkTerms,
    LinkUnavailable,
    PendingHit,
    PoolHit,
    PoolLink,
    facts_from_payload,
    meter_from_state,
)
from ..money import exact_money, format_money, parse_money
from .db import connect, floor_problem, one_line

log = structlog.get_logger("dealer_station.floor.link")

POLL = 1.0
"""Seconds between two looks at the link's status (its meter, pending hits; is it back?)."""
TIMEOUT = 2
"""Seconds to reach the floor or have a statement answered before the link counts as down."""


def commit_from_json(data: Mapping[str, Any]) -> LinkCommit:
    return LinkCommit(str(data["link"]), int(data["seq"]), str(data["op"]), str(data["table_id"]),
                      str(data["round_id"]), facts_from_payload(data["facts"], "facts"), dict(data["after"]),
                      str(data.get("at", "")))


def stakes_request(stakes: Sequence[tuple[int, Decimal]], rate: Decimal) -> dict[str, Any]:
    """A contribution as sent: each seat's Pool stake and the contribution this table will journal for it."""
    with exact_money():
        return {"stakes": [{"seat": seat, "stake": format_money(stake), "amount": format_money(stake * rate)}
                           for seat, stake in stakes]}


def hits_request(hits: Sequence[PoolHit]) -> dict[str, Any]:
    """An award as sent: each winning seat's five Pool cards, with the category and percent this table found."""
    return {"hits": [{"seat": hit.seat, "category": hit.category, "percent": format_money(hit.percent),
                      "cards": list(hit.cards)} for hit in hits]}


def _contributions(commit: LinkCommit) -> list[tuple[int, Decimal]]:
    return [(f.seat, f.stake) for f in commit.facts if isinstance(f, Contribution)]


class FloorLink(PoolLink):
    """``PoolLink`` over the floor at ``url`` for table ``table_id`` playing ``terms`` (``terms.rules.link``)."""

    def __init__(self, url: str, terms: LinkTerms, table_id: str, *, poll: float = POLL,
                 timeout: int = TIMEOUT) -> None:
        if terms.rules.link is None:
            raise ConfigError("the table names no link ([options.jackpot] link)", "options.jackpot.link")
        self.url = url
        self.link = terms.rules.link
        self.terms = terms
        self.rules = terms.rules
        self.table_id = table_id
        self.poll = poll
        self.timeout = timeout
        self.journal_seq: Callable[[], int] | None = None
        """The member journal's last seq (the station sets it): sent with each step, so the floor can check
        the round against its own copy of the journal once it holds the journal that far."""
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
        self._call(lambda conn: conn.execute("SELECT floor.link_join(%s, %s, %s::jsonb)",
                                             (self.link, self.table_id, json.dumps(self.terms.as_json()))).fetchone(),
                   "joining the link")
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

    def _call(self, work: Callable[[psycopg.Connection[Any]], Any], doing: str) -> Any:
        """Run ``work`` (one statement, autocommitted) on the link's connection; a lost floor is
        ``LinkUnavailable``, a refusal a one-line ``RuleError`` (or ``ConfigError`` for terms that differ)."""
        with self._lock:
            conn = self._connection()
            try:
                result = work(conn)
            except psycopg.OperationalError as exc:
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
                         "reading the link")
        data = row[0] if row else None
        if data is None:
            return None
        with exact_money():
            pending = tuple(PendingHit(p["table_id"], p["round_id"], int(p["seat"]), p["category"],
                                       parse_money(p["amount"], "pending.amount"), int(p["seq"]))
                            for p in data["pending"])
            self._status = LinkStatus(self.link, meter_from_state(self.rules, data["state"]), pending)
        return self._status

    def _step(self, op: str, round_id: str, request: Mapping[str, Any]) -> list[LinkCommit]:
        """One step at the controller (``floor.link_step``: one statement); the round's commits, in seq order.
        A refusal (the floor's figures are not this table's: alarmed there) is a one-line ``RuleError``."""
        seq = self.journal_seq() if self.journal_seq is not None else None

        def step(conn: psycopg.Connection[Any]) -> Any:
            row = conn.execute("SELECT floor.link_step(%s, %s, %s, %s, %s::jsonb, %s)",
                               (self.link, self.table_id, round_id, op, json.dumps(request), seq)).fetchone()
            answer = row[0] if row else None
            if isinstance(answer, Mapping) and answer.get("round"):
                conn.execute("SELECT floor.link_durable(%s, %s)", (self.link, self.table_id))  # durable: journal it
            return answer

        answer = self._call(step, f"{op} at the link")
        if not isinstance(answer, Mapping):
            raise RuleError("the controller returned nothing", "link")
        if answer.get("refused"):
            raise RuleError(str(answer["refused"]), "link")
        with exact_money():
            return [commit_from_json(c) for c in answer["round"]]

    def contribute(self, round_id: str, stakes: Sequence[tuple[int, Decimal]]) -> LinkCommit | None:
        commits = self._step("contribute", round_id, stakes_request(stakes, self.rules.rate))
        if any(c.op == "cancel" for c in commits):
            return None
        done = next(c for c in commits if c.op == "contribute")
        if _contributions(done) != list(stakes):
            raise RuleError(f"round {round_id} already contributed other Pool stakes at the controller "
                            f"({stakes_request(_contributions(done), self.rules.rate)['stakes']}): void the round", "link")
        self._check_contributions(done)
        return done

    def _check_contributions(self, done: LinkCommit) -> None:
        """The controller's contributions are the ones this table computes: each stake x rate, the reserve's share."""
        with exact_money():
            for fact in done.facts:
                if not isinstance(fact, Contribution):
                    continue
                share = fact.stake * self.rules.rate
                kept = share * self.rules.reserve_rate if self.rules.reserve_rate is not None else Decimal(0)
                if fact.amount != share or fact.to_reserve != kept:
                    raise RuleError(f"the controller's contribution for seat {fact.seat} ({format_money(fact.amount)}) "
                                    f"is not this table's ({format_money(share)}): not journaled", "link")

    def award(self, round_id: str, hits: Sequence[PoolHit]) -> LinkCommit:
        commits = self._step("award", round_id, hits_request(hits))
        done = next((c for c in commits if c.op == "award"), None)
        if done is None:
            raise RuleError(f"round {round_id} was cancelled at the controller: no Pool award", "link")
        paid = [(f.seat, f.category, f.percent) for f in done.facts if isinstance(f, Award)]
        if paid != [(h.seat, h.category, h.percent) for h in hits]:
            raise RuleError(f"round {round_id}'s awards at the controller ({paid}) are not this table's hits: "
                            "not journaled", "link")
        return done

    def cancel(self, round_id: str) -> list[LinkCommit]:
        return self._step("cancel", round_id, {})

    def verify(self, round_id: str, seats: Sequence[int], by: str) -> None:
        self._call(lambda conn: conn.execute("SELECT floor.link_verify(%s, %s, %s, %s, %s)",
                                             (self.link, self.table_id, round_id, list(seats), by)).fetchone(),
                   "verifying at the link")
        try:
            self.refresh()
        except LinkUnavailable:
            pass
