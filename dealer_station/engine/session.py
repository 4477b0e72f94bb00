"""The table session: one table's commands, device reports and recovery, journal first.

A command runs as one transaction (``Tx``): the game family's rules read a scratch copy
of the state, refuse what they refuse before anything is written, and emit events; the
session then journals all of them at once (one SQLite transaction, durable before it
returns), folds them into the live state with the same ``evolve`` recovery uses, tells
the listeners, and only then carries out the device requests the events asked for
(effects). A device call that fails after its request was journaled does not raise to
the caller: it becomes the fault path (a halt the screen shows, retried when the link
returns). So a command either fails before anything is journaled or succeeds.

Supervisor actions take a badge and PIN and act as the authenticated person only; every
attempt is journaled. Croupier commands act as ``croupier``; nobody passes an actor in.

The session is thread-safe: the UI's worker, the device pump and tests may call it at once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any, Protocol, TypeVar, assert_never

import structlog

from .. import __version__
from ..cards import Card, parse_card
from ..config import TableConfig
from ..errors import DealerStationError, RuleError
from ..games import get_game
from ..games.base import BankingGame, Game
from ..journal import Draft, Journal, JournalError
from ..money import exact_money, parse_money
from ..profile_loader import with_terms
from ..table import events as ev
from ..table.event_base import EventError
from ..table.phases import CLOSED, Offer, Phase, Stage, offered
from ..table.sensing import PayoutOverridden
from ..table.state import DeviceState, RoundState, TableState
from ..table.terms import terms_digest, terms_of
from ..wire import reports as rp
from ..wire.reports import DeviceReport
from .banking import BankingFlow
from .bet_sensing import DEVICE as BET_SENSOR
from .bet_sensing import BetSensing, SeatView, SensorRefusal
from .device_policy import REFUSED, SHUFFLER, needed_later
from .flow import Flow

log = structlog.get_logger("dealer_station.session")

STATION = "station"
CROUPIER = "croupier"
DEALER_NAME_MAX = 48

T = TypeVar("T")


class ShoeCommands(Protocol):
    """What the session asks of a shuffler / dealing shoe (drivers.base.ShufflerABC)."""

    def reset(self) -> None: ...
    def shuffle(self, seed: int | None = None) -> None: ...
    def verify_deck(self) -> None: ...
    def deal_packet(self, position: str, count: int) -> None: ...


class Authenticator(Protocol):
    def authenticate(self, badge: str, pin: str) -> Any: ...


Listener = Callable[["TableSession"], None]


@dataclass(frozen=True, slots=True)
class Effect:
    """A device request to carry out once its transaction is journaled."""

    device: str
    what: str  # "deck" | "packet" | "reset"


class Tx:
    """One command's unit of work: events evolve a scratch copy of the state; all or nothing."""

    def __init__(self, session: TableSession) -> None:
        self._session = session
        self.state = session.state.clone()
        self.items: list[tuple[ev.Event, str, str | None]] = []
        self.effects: list[Effect] = []
        self._at = _now_text()

    @property
    def table(self) -> TableConfig:
        return self._session.table

    @property
    def round(self) -> RoundState:
        """The round in progress (a rule only asks when one is)."""
        rnd = self.state.round
        if rnd is None:
            raise RuleError("no round in progress (open betting first)")
        return rnd

    def emit(self, event: ev.Event, actor: str) -> None:
        """Add ``event`` to the transaction and apply it to the scratch state."""
        rnd = self.state.round
        named = getattr(event, "round_id", None)
        if isinstance(named, str):  # an event about a named round (opening it, correcting it)
            round_id: str | None = named
        elif event.table_level or rnd is None or rnd.finished:
            round_id = None
        else:
            round_id = rnd.round_id
        before = rnd.phase if rnd is not None else CLOSED
        if isinstance(event, ev.PhaseChanged):
            self._session.check_transition(before, event.phase)
        self._session.game.folds.evolve(self.state, event, self._at)
        after = self.state.round.phase if self.state.round is not None else CLOSED
        if after != before:  # every phase change, whichever event made it (opening, settling, voiding)
            self._session.check_transition(before, after)
        self.items.append((event, actor, round_id))

    def effect(self, device: str, what: str) -> None:
        self.effects.append(Effect(device, what))

    def service(self, kind: type[T]) -> T | None:
        return self._session.service(kind)


def _now_text() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def flow_for(game: Game, table: TableConfig, *, has_shoe: bool, has_reader: bool,
             has_reading_shoe: bool = False) -> Flow:
    """The rules engine of the game's family (``banking``: each seat against the dealer)."""
    if isinstance(game, BankingGame):
        return BankingFlow(game, table, has_shoe=has_shoe, has_reader=has_reader, has_reading_shoe=has_reading_shoe)
    if game.family == "poker":
        from importlib import import_module  # the player-vs-player family's engine

        flow: Flow = import_module("dealer_station.engine.poker").PokerFlow(
            game, table, has_shoe=has_shoe, has_reader=has_reader, has_reading_shoe=has_reading_shoe)
        return flow
    raise RuleError(f"no round engine for the {game.family} family of {game.name!r}", "game")


class TableSession:
    """Runs rounds of one table. See the module docstring for the contract."""

    def __init__(
        self,
        table: TableConfig,
        journal: Journal,
        *,
        shoe: ShoeCommands | None = None,
        has_reader: bool = False,
        credentials: Authenticator | None = None,
        has_reading_shoe: bool = False,
        services: tuple[object, ...] = (),
    ) -> None:
        self.profile = table
        """The table's profile as loaded now: the terms the next round opens under."""
        self.table = table
        """The table in force: the profile, or the terms the open round was opened under."""
        self.game: Game = get_game(table.game)
        self.journal = journal
        self.shoe = shoe
        self.has_reader = has_reader
        self.has_reading_shoe = has_reading_shoe
        self.credentials = credentials
        self.services = services
        """What the station gives the game beyond devices (THB: its ``jackpot.PoolLink``); the engine
        knows none of them: a game's hook asks ``tx.service(kind)``."""
        self.flow: Flow = flow_for(self.game, table, has_shoe=shoe is not None, has_reader=has_reader,
                                   has_reading_shoe=has_reading_shoe)
        self.state = TableState(table_id=table.table_id)
        self.unavailable: str | None = None
        """Set when the journal cannot be written: nothing may be played until it can."""
        self.kept_terms: str | None = None
        """Digest of the open round's own terms while they differ from the profile's (after a restart)."""
        self._lock = threading.RLock()
        self._changed = threading.Condition(self._lock)
        self._listeners: list[Listener] = []
        self._log = log.bind(table_id=table.table_id)
        self.sensing: BetSensing | None = None
        """The bet sensing of a table with a bet sensor (``engine/bet_sensing.py``), else None."""
        self._attach_sensing()

    # ----------------------------------------------------------------- plumbing

    def service(self, kind: type[T]) -> T | None:
        """The first service that is a ``kind`` (None: the station gave none)."""
        return next((s for s in self.services if isinstance(s, kind)), None)

    def add_listener(self, listener: Listener) -> None:
        """Called (on the caller's thread) after every committed transaction."""
        self._listeners.append(listener)

    def remove_listener(self, listener: Listener) -> None:
        """Stop calling ``listener`` (a closed screen must not be told, or kept alive, any longer)."""
        with suppress(ValueError):
            self._listeners.remove(listener)

    @property
    def round(self) -> RoundState | None:
        return self.state.round

    @property
    def phase(self) -> str:
        rnd = self.state.round
        return CLOSED if rnd is None else rnd.phase

    @property
    def hand_deal(self) -> bool:
        """Dealt by hand with nothing reading the deal: cards become known as they are revealed."""
        return self.flow.hand_deal

    @property
    def reading_shoe(self) -> bool:
        """Dealt by hand from a reading shoe: each card is known as it is drawn."""
        return self.flow.reading_shoe

    @property
    def phase_info(self) -> Phase:
        return self.flow.graph.phase(self.phase)

    def check_transition(self, source: str, target: str) -> None:
        if not self.flow.graph.allows(source, target):  # a rule bug: never journal it
            raise RuntimeError(f"no transition {source} -> {target} in the {self.game.name} phase graph")

    @contextmanager
    def held_still(self) -> Iterator[bool]:
        """Hold the state still while a view reads it, without ever waiting.

        Yields False when a command or device report is being applied right now: the
        view should look again shortly rather than block (a GUI thread must not wait).
        """
        got = self._lock.acquire(blocking=False)
        try:
            yield got
        finally:
            if got:
                self._lock.release()

    def wait_for(self, predicate: Callable[[TableState], bool], timeout: float) -> bool:
        """Block until ``predicate(state)`` holds (used by headless runs and tests)."""
        with self._changed:
            return self._changed.wait_for(lambda: predicate(self.state), timeout)

    def _commit(self, tx: Tx) -> None:
        """Journal every event of ``tx`` in one transaction, then apply, notify and act."""
        if tx.items:
            drafts = [Draft(e.kind, e.payload(), actor, round_id) for e, actor, round_id in tx.items]
            try:
                written = self.journal.append_many(drafts)
            except JournalError as exc:
                self._journal_failed(exc)
                raise
            for (event, _actor, _rid), record in zip(tx.items, written, strict=True):
                self.game.folds.evolve(self.state, event, record.at, record.seq)
                self._log_event(event, record.round_id)
            self._notify()
        self._run_effects(tx.effects)

    def _notify(self) -> None:
        """Wake waiters and tell the listeners (the screen) that the table changed."""
        self._changed.notify_all()
        for listener in list(self._listeners):
            try:
                listener(self)
            except Exception:  # a broken view must never stop the table
                self._log.exception("listener_failed")

    def _log_event(self, event: ev.Event, round_id: str | None) -> None:
        """The operational log's lines for the events a pit wants to see (JSON, with ids)."""
        if isinstance(event, ev.RoundOpened):
            self._log.info("round_opened", round_id=event.round_id)
        elif isinstance(event, ev.RoundPaid):
            self._log.info("round_paid", round_id=round_id)
        elif isinstance(event, ev.RoundVoided):
            self._log.warning("round_voided", round_id=round_id, cause=event.cause, by=event.by,
                              reason=event.reason or None)
        elif isinstance(event, ev.Settled):
            self._log.info("round_settled", round_id=round_id, breakage=event.settlement.get("breakage"))
        elif isinstance(event, ev.Halted):
            self._log.warning("round_halted", round_id=round_id, halt=event.halt, cause=event.cause,
                              device=event.device)

    def _journal_failed(self, exc: JournalError) -> None:
        self.unavailable = f"journal cannot be written ({exc}): call a supervisor"
        self._log.error("journal_write_failed", error=str(exc))
        for listener in list(self._listeners):
            try:
                listener(self)
            except Exception:
                self._log.exception("listener_failed")

    def _transact(self, decide: Callable[[Tx], T]) -> T:
        """Run ``decide`` on a scratch state and commit what it emitted (lock held by caller)."""
        if self.unavailable:
            raise RuleError(self.unavailable)
        tx = Tx(self)
        with exact_money():  # every amount a rule computes is exact, or refused
            result = decide(tx)
        self._commit(tx)
        return result

    def _run_effects(self, effects: list[Effect]) -> None:
        for effect in effects:
            try:
                self._carry_out(effect)
            except Exception as exc:
                problem = str(exc) or type(exc).__name__
                self._log.warning("device_request_failed", device=effect.device, request=effect.what, error=problem,
                                  round_id=self._round_id())
                failed = effect
                self._transact(lambda tx: self.flow.on_effect_failed(tx, failed.device, failed.what, problem))  # noqa: B023
                return

    def _carry_out(self, effect: Effect) -> None:
        shoe = self.shoe
        if effect.device != SHUFFLER or shoe is None:
            return
        if effect.what == "deck":
            shoe.reset()
            shoe.shuffle()
            shoe.verify_deck()
        elif effect.what == "reset":
            shoe.reset()
        elif effect.what == "packet":
            rnd = self.state.round
            if rnd is not None and rnd.requested is not None and rnd.halt is None and not rnd.finished:
                shoe.deal_packet(*rnd.requested)

    def _round_id(self) -> str | None:
        rnd = self.state.round
        return rnd.round_id if rnd is not None and not rnd.finished else None

    # ----------------------------------------------------------------- what fits now

    def has_bets(self) -> bool:
        rnd = self.state.round
        return bool(rnd and rnd.seats) or (self.sensing is not None and self.sensing.has_stakes(rnd))

    def unknown_chips(self) -> list[tuple[int, str, str]]:
        """(seat, spot, chip) of every chip on the layout the casino's inventory does not know."""
        return [] if self.sensing is None else self.sensing.unknown_chips(self.state.round)

    def payout_problems(self) -> dict[int, list[str]]:
        """Per unpaid seat at the settlement, what the bet sensor sees wrong on its spots ({} without one)."""
        rnd = self.state.round
        if self.sensing is None or rnd is None or rnd.settlement is None or rnd.finished:
            return {}
        out = {}
        for seat, hand in sorted(rnd.seats.items()):
            if not hand.paid and (problems := self.sensing.payout_problems(rnd, seat, self.flow.stakes(rnd, seat))):
                out[seat] = problems
        return out

    def sensed_bets(self) -> dict[int, SeatView]:
        """Per seat, each spot's stake as the bet sensor sees it now (the screen's bet entry); {} without one."""
        with self._lock:
            return {} if self.sensing is None else self.sensing.proposed(self.state.round)

    def has_paid_seat(self) -> bool:
        rnd = self.state.round
        return bool(rnd and rnd.paid_order)

    def awaiting_key(self) -> bool:
        return self.flow.awaiting_key(self.state.round)

    def exposed(self) -> bool:
        rnd = self.state.round
        return bool(rnd and rnd.exposed)

    def offer(self) -> Offer:
        """The croupier commands and supervisor actions that fit the table right now."""
        with self._lock:
            if self.unavailable:
                return Offer()
            rnd = self.state.round
            stage = self.flow.stage(self.state)
            return offered(stage, rnd.halt.kind if rnd is not None and rnd.halt is not None else None, self,
                           self.flow.commands)

    def available_commands(self) -> set[str]:
        """The croupier commands that fit the table right now (what a screen offers)."""
        return set(self.offer().croupier)

    def _require(self, command: str) -> None:
        """Refuse a croupier command that does not fit the phase (nothing journaled)."""
        if self.unavailable:
            raise RuleError(self.unavailable)
        rnd = self.state.round
        offer = self.offer()
        if command in offer.croupier:
            return
        if command in offer.refusals:
            raise RuleError(offer.refusals[command])
        if rnd is not None and rnd.halt is not None and not rnd.finished:
            raise RuleError(f"round halted: {rnd.halt.text or rnd.halt.cause}")
        if command == "open_round" and rnd is not None:
            raise RuleError(f"round {rnd.round_id} is still in progress ({rnd.phase.replace('_', ' ')})")
        if rnd is None or rnd.finished:
            raise RuleError("no round in progress (open betting first)")
        raise RuleError(f"{command.replace('_', ' ')} is not allowed during {rnd.phase.replace('_', ' ')}")

    # ----------------------------------------------------------------- start-up

    def start(self, program: Mapping[str, Any] | None = None) -> None:
        """Rebuild state from the journal, journal start-up, and recover the open round."""
        from ..integrity import program_digest

        with self._lock:
            for record in self.journal.events():
                try:
                    event = ev.decode(record.kind, record.payload)
                except EventError as exc:
                    raise JournalError(f"journal record {record.seq}: {exc.problem}") from None
                try:
                    self.game.folds.evolve(self.state, event, record.at, record.seq)
                except (KeyError, IndexError, ValueError, TypeError, AttributeError, AssertionError) as exc:
                    # a chain that verifies but does not tell one table's story (e.g. two writers interleaved)
                    self._log.error("journal_replay_failed", seq=record.seq, kind=record.kind, error=repr(exc))
                    raise JournalError(f"journal record {record.seq} ({record.kind}) cannot be replayed: the journal "
                                       "does not follow one table's rounds (see the log)") from None
            info = dict(program) if program is not None else program_digest()
            info.setdefault("version", __version__)
            rnd = self.state.round
            if rnd is not None and not rnd.finished:
                self._log.info("recovering_round", round_id=rnd.round_id, phase=rnd.phase)
                self._keep_round_terms(rnd)

            def started(tx: Tx) -> None:
                tx.emit(ev.StationStarted(info), STATION)
                for event in self.game.start_events(tx.state, self.table):
                    tx.emit(event, STATION)
                self.flow.recover(tx)

            self._transact(started)

    def _keep_round_terms(self, rnd: RoundState) -> None:
        """An open round finishes by the terms it was opened under, whatever the profile says now."""
        journaled = self.state.terms
        if rnd.terms is None or journaled is None or self.state.terms_digest != rnd.terms:
            return  # a round of a journal from before terms: the profile's, as it always was
        profile_terms = terms_digest(terms_of(self.profile))
        if profile_terms == rnd.terms:
            return
        self._run_under(with_terms(self.profile, journaled))
        self.kept_terms = rnd.terms
        self._log.warning("round_keeps_its_terms", round_id=rnd.round_id, terms=rnd.terms,
                          profile_terms=profile_terms)

    def _run_under(self, table: TableConfig) -> None:
        self.table = table
        self.flow = flow_for(self.game, table, has_shoe=self.shoe is not None, has_reader=self.has_reader,
                             has_reading_shoe=self.has_reading_shoe)
        self._attach_sensing()

    def _attach_sensing(self) -> None:
        """A banking table with a bet sensor: its sensing, which the flow consults at "no more bets"."""
        if self.table.devices.bet_sensor is None or not isinstance(self.flow, BankingFlow):
            return
        if self.sensing is None:
            assert isinstance(self.game, BankingGame)
            self.sensing = BetSensing(self.game, self.table, self.flow.stage)
        self.sensing.table = self.table
        self.sensing.stage_of = self.flow.stage
        self.flow.sensing = self.sensing

    def _open(self, tx: Tx) -> str:
        """Open the next round under the profile's terms, journaling them first when they are new
        (and what the game installs with them, e.g. THB's jackpot rules)."""
        terms = terms_of(self.table)
        digest = terms_digest(terms)
        if tx.state.terms_digest != digest:
            tx.emit(ev.TermsInstalled(terms, digest), STATION)
            for event in self.game.start_events(tx.state, self.table):
                tx.emit(event, STATION)
        round_id: str = self.flow.open_round(tx)
        return round_id

    def devices_ready(self) -> None:
        """Devices are open: ask for a verified deck if the open round still needs one."""
        with self._lock:
            rnd = self.state.round
            if rnd is not None and not rnd.finished and self.flow.stage(self.state) in (Stage.BETTING, Stage.LOCKED):
                self._transact(lambda tx: self.flow.request_deck(tx))

    # ----------------------------------------------------------------- croupier

    def execute(self, command: str, *args: Any, **kwargs: Any) -> Any:
        """Run a croupier command by name (journal first, all or nothing): the one way the
        screen, the scripted croupier and the tests drive a table.

        The command must fit now (``offer``); the family's flow method of that name decides
        the events (``open_round`` first settles which terms the round opens under).
        """
        if command == "open_round":
            return self.open_round(*args, **kwargs)
        with self._lock:
            self._require(command)
            handler = getattr(self.flow, command)
            try:
                return self._transact(lambda tx: handler(tx, *args, **kwargs))
            except SensorRefusal as held:  # what the bet sensor caught is journaled, then refused
                caught = held.event()
                self._transact(lambda tx: tx.emit(caught, CROUPIER))
                raise

    def check_clock(self, now: datetime | None = None) -> bool:
        """Let time act: when a time limit of the round has run out at ``now`` (default: the
        wall clock), the flow journals what it does (poker: the action clock folds or checks
        the seat to act). True when something was journaled. The station's pump calls it
        about twice a second; tests pass ``now``.
        """
        with self._lock:
            if self.unavailable:
                return False
            at = now or datetime.now(UTC)
            if not self.flow.clock_due(self.state, at):
                return False
            self._transact(lambda tx: self.flow.on_clock(tx, at))
            return True

    def open_round(self) -> str:
        """Open betting for a new round (the next round takes the profile's terms, journaled first)."""
        with self._lock:
            self._require("open_round")
            refused = self.refused_devices()
            if refused:
                raise RuleError(f"{refused[0].refusal_line()}: connect a unit that proves itself first",
                                refused[0].name)
            if self.table is not self.profile:  # the last round kept its own terms: the profile's from now on
                self._run_under(self.profile)
                self.kept_terms = None
            round_id: str = self._transact(self._open)
            return round_id

    # ----------------------------------------------------------------- supervisor

    def _supervise(self, action: str, badge: str, pin: str, act: Callable[[Tx, str], None],
                   check: Callable[[], None] | None = None) -> Any:
        """Check the action fits, authenticate, then act as that person - one transaction.

        Returns the authenticated person (``Supervisor``: its ``failed_attempts`` tell the
        badge's owner, after success only, that someone tried it).
        """
        if self.unavailable:
            raise RuleError(self.unavailable)
        offer = self.offer()
        if action not in offer.supervisor:
            raise RuleError(offer.refusals.get(action) or self._no_supervisor_action(action))
        if check is not None:
            check()
        person = self._authenticate(action, badge, pin)
        actor = getattr(person, "actor", f"supervisor:{badge}")
        who = getattr(person, "badge", badge)
        round_id = self.state.round.round_id if self.state.round is not None else None

        def decide(tx: Tx) -> None:
            tx.emit(ev.SupervisorAuth(True, "ok", badge=who, action=action), actor)
            act(tx, actor)

        self._transact(decide)
        self._log.info("supervisor_action", badge=who, action=action, round_id=round_id)
        return person

    def _authenticate(self, action: str, badge: str, pin: str) -> Any:
        """The person behind ``badge`` and ``pin``; a refusal is journaled with its true reason."""
        if self.credentials is None:
            raise RuleError("no supervisor credentials are configured at this table")
        try:
            return self.credentials.authenticate(badge, pin)
        except DealerStationError as exc:
            reason = str(getattr(exc, "reason", "") or exc.problem)
            self._transact(lambda tx: tx.emit(ev.SupervisorAuth(False, reason, badge=str(badge)[:32], action=action),
                                              f"supervisor:{str(badge)[:32]}"))
            self._log.warning("supervisor_denied", badge=str(badge)[:32], action=action, reason=reason,
                              round_id=self._round_id())
            raise

    def dealer_sign_in(self, dealer: str) -> None:
        """The croupier's screen says who deals now (journaled, table-level: the pit's floor shows it)."""
        name = dealer.strip() if isinstance(dealer, str) else ""
        if not 1 <= len(name) <= DEALER_NAME_MAX or not name.isprintable():
            raise RuleError(f"must be 1-{DEALER_NAME_MAX} printable characters", "dealer")
        with self._lock:
            self._transact(lambda tx: tx.emit(ev.DealerSignedIn(name), CROUPIER))

    def dealer_sign_out(self) -> None:
        """The dealer signed in leaves the table."""
        with self._lock:
            current = self.state.dealer
            if current is None:
                raise RuleError("no dealer is signed in", "dealer")
            self._transact(lambda tx: tx.emit(ev.DealerSignedOut(current), CROUPIER))

    def sign_in(self, badge: str, pin: str, purpose: str, reason: str) -> Any:
        """A supervisor shows who they are to see what the croupier may not (every card of a
        round in a dispute): authenticated and journaled like an action; changes nothing else."""
        with self._lock:
            self._reason(reason, purpose.replace("_", " "))()
            person = self._authenticate(purpose, badge, pin)
            who = getattr(person, "badge", badge)
            self._transact(lambda tx: tx.emit(ev.SupervisorAuth(True, "ok", badge=who, action=purpose),
                                              getattr(person, "actor", f"supervisor:{badge}")))
            self._log.info("supervisor_view", badge=who, purpose=purpose, reason=reason, round_id=self._round_id())
            return person

    def _no_supervisor_action(self, action: str) -> str:
        rnd = self.state.round
        if rnd is None or (rnd.finished and action != "adjust"):
            return "no round in progress"
        halt = rnd.halt
        what = {"accept_mismatch": "there is no reader mismatch to accept",
                "clear_fault": "there is no device fault to clear",
                "verify_jackpot": "there is no jackpot waiting for verification",
                "resume": "the round is not halted by a station failure",
                "adjust": "only a settled round can be adjusted"}.get(action)
        if what is not None and (halt is None or action == "adjust"):
            return what
        return f"{action.replace('_', ' ')} is not allowed now" + (f" (halted: {halt.cause})" if halt else "")

    @staticmethod
    def _reason(reason: object, what: str) -> Callable[[], None]:
        def check() -> None:
            if not isinstance(reason, str) or not reason.strip():
                raise RuleError(f"{what} needs a reason", "reason")
        return check

    def void(self, badge: str, pin: str, reason: str) -> Any:
        """Supervisor void of the round in progress: every stake is returned."""
        with self._lock:
            def act(tx: Tx, actor: str) -> None:
                rnd = tx.round
                cause = rnd.halt.cause if rnd.halt is not None else "supervisor"
                self.flow.void(tx, cause, actor, reason=reason)

            return self._supervise("void", badge, pin, act, self._reason(reason, "a void"))

    def accept_mismatch(self, badge: str, pin: str, reason: str) -> Any:
        """Supervisor accepts a reader/shoe mismatch; the dealt card stands."""
        with self._lock:
            return self._supervise("accept_mismatch", badge, pin,
                            lambda tx, actor: self.flow.accept_mismatch(tx, actor, reason),
                            self._reason(reason, "accepting a mismatch"))

    def clear_fault(self, badge: str, pin: str, reason: str) -> Any:
        """Supervisor clears a deal fault before any card was exposed; the deal resumes."""
        with self._lock:
            return self._supervise("clear_fault", badge, pin, lambda tx, actor: self._clear(tx, actor, reason),
                            self._reason(reason, "clearing a fault"))

    def _clear(self, tx: Tx, actor: str, reason: str) -> None:
        if self.flow.stage(tx.state) is Stage.DEALING and self.shoe is not None and not self.hand_deal:
            tx.effect(SHUFFLER, "reset")  # a jammed shoe refuses to move until reset
        self.flow.clear_fault(tx, actor, reason)

    def verify_jackpot(self, badge: str, pin: str, reason: str) -> Any:
        """Supervisor verifies a jackpot hit held for verification; the round goes on and pays it."""
        with self._lock:
            def act(tx: Tx, actor: str) -> None:
                self.game.on_verify(tx, actor, reason)
                tx.emit(ev.HaltCleared(actor, reason), actor)
                self.flow.resume_pending(tx)

            return self._supervise("verify_jackpot", badge, pin, act, self._reason(reason, "verifying a jackpot"))

    def resume(self, badge: str, pin: str, reason: str) -> Any:
        """Supervisor releases a round the station halted after an internal failure."""
        with self._lock:
            def act(tx: Tx, actor: str) -> None:
                tx.emit(ev.HaltCleared(actor, reason), actor)
                self.flow.resume_pending(tx)

            return self._supervise("resume", badge, pin, act, self._reason(reason, "resuming"))

    def accept_chip(self, badge: str, pin: str, chip: str, denomination: object, reason: str) -> Any:
        """Supervisor lets a chip the inventory does not know count this round, at ``denomination``."""
        with self._lock:
            value = parse_money(denomination, "denomination")

            def check() -> None:
                self._reason(reason, "accepting a chip")()
                if value <= 0:
                    raise RuleError("an accepted chip must count for more than 0", "denomination")

            def act(tx: Tx, actor: str) -> None:
                assert self.sensing is not None
                self.sensing.accept(tx, actor, chip, value, reason)

            return self._supervise("accept_chip", badge, pin, act, check)

    def override_payout(self, badge: str, pin: str, seat: int, reason: str) -> Any:
        """Supervisor pays ``seat`` although the bet sensor says its chips are not what is due (journaled)."""
        with self._lock:
            problems = self.payout_problems().get(seat, []) if isinstance(seat, int) else []

            def check() -> None:
                self._reason(reason, "overriding a payout")()
                if not problems:
                    raise RuleError(f"seat {seat}: nothing to override (its chips are what is due, or it has no hand)",
                                    "seat")

            def act(tx: Tx, actor: str) -> None:
                assert isinstance(self.flow, BankingFlow)
                tx.emit(PayoutOverridden(seat, tuple(problems), reason), actor)
                self.flow.pay_seat(tx, seat)

            return self._supervise("override_payout", badge, pin, act, check)

    def restore_stake(self, badge: str, pin: str, reason: str) -> Any:
        """Supervisor: the locked stake is back on its spot (the sensor must agree); the round goes on."""
        with self._lock:
            def act(tx: Tx, actor: str) -> None:
                assert self.sensing is not None
                self.sensing.restore(tx, actor, reason)
                self.flow.resume_pending(tx)

            return self._supervise("restore_stake", badge, pin, act, self._reason(reason, "restoring a stake"))

    def correct_card(self, badge: str, pin: str, position: str, index: int, card: str) -> Any:
        """Supervisor corrects a card recorded for a position (e.g. a mis-keyed entry) before settlement."""
        with self._lock:
            value = parse_card(card, "card")

            def check() -> None:
                self.flow.check_correction(self._round_or_refuse(), position, index, value)

            return self._supervise("correct_card", badge, pin,
                            lambda tx, actor: self.flow.correct_card(tx, actor, position, index, value), check)

    def adjust(self, badge: str, pin: str, adjustments: Mapping[int, Any], reason: str,
               round_id: str | None = None) -> Any:
        """Supervisor correction of a settled round: pay (+) or collect (-) per seat, with why."""
        with self._lock:
            rnd = self.state.round
            target = round_id or (rnd.round_id if rnd is not None else None)
            parsed: dict[str, Decimal] = {}

            def check() -> None:
                self._reason(reason, "an adjustment")()
                if target is None or rnd is None or target != rnd.round_id or rnd.settlement is None:
                    raise RuleError("only the settled round on the table can be adjusted here", "round")
                if not adjustments:
                    raise RuleError("give at least one seat and amount", "adjustments")
                for seat, amount in adjustments.items():
                    if not self.flow.stakes(rnd, seat):  # had something on the table (poker: chips in the pots)
                        raise RuleError(f"seat {seat} has no hand in round {target}", "seat")
                    parsed[str(seat)] = parse_money(amount, f"adjustments.{seat}", allow_negative=True)
                self.flow.check_adjustment(self.state, rnd, {int(seat): v for seat, v in parsed.items()})

            def act(tx: Tx, actor: str) -> None:
                assert target is not None
                tx.emit(ev.RoundAdjusted(target, parsed, reason, actor), actor)

            return self._supervise("adjust", badge, pin, act, check)

    def _round_or_refuse(self) -> RoundState:
        rnd = self.state.round
        if rnd is None or rnd.finished:
            raise RuleError("no round in progress (open betting first)")
        return rnd

    # ----------------------------------------------------------------- devices

    def report(self, report: DeviceReport) -> None:
        """The one entry point for what a device says, whatever its dialect (``wire.reports``).

        Each kind of report goes to the flow's handler below; mypy checks the match is
        exhaustive, so a new report kind cannot be forgotten here.
        """
        match report:
            case rp.CardDispensed():
                self.on_card_dispensed(report.position, report.index, report.card)
            case rp.PacketDone():
                self.on_packet_done(report.position, report.count)
            case rp.DeckVerified():
                self.on_deck_verified(report.count, list(report.missing), list(report.extra), list(report.duplicates))
            case rp.CardRead():
                self.on_card_read(report.card)
            case rp.DeviceFault():
                self.on_device_fault(report.device, report.code, report.text)
            case rp.LinkUp():
                self.on_link(report.device, True, identity=report.identity.model_dump())
            case rp.LinkDown():
                self.on_link(report.device, False, reason=report.reason)
            case rp.DeviceStatus():
                self.on_status(report.device, report.state)
            case rp.ShuffleDone():
                pass  # the shoe's STATUS(ready) that follows is what the flow acts on
            case rp.DeviceRefused():
                self.on_device_refused(report)
            case rp.CardDrawn():
                self._device("draw", lambda tx: self.flow.on_card_drawn(tx, report.card, report.burn),
                             card=report.card)
            case rp.Unreadable():
                self._log.warning("card_unreadable", device=report.device, reason=report.reason,
                                  round_id=self._round_id())
                self._device("draw", lambda tx: self.flow.on_draw_unreadable(tx, report.burn, report.reason))
            case rp.Alarm():
                self._log.warning("device_alarm", device=report.device, severity=report.severity, code=report.code,
                                  text=report.text, round_id=self._round_id())
                self._device("alarm", lambda tx: self.flow.on_shoe_alarm(tx, report.severity, report.code,
                                                                          report.text))
            case rp.ChipInventory() | rp.AntennaFault():
                self.on_bet_sensor(report)
            case _:
                assert_never(report)

    def _device(self, what: str, decide: Callable[[Tx], Any], **context: Any) -> None:
        with self._lock:
            if self.unavailable:
                self._log.warning("device_report_dropped", report=what, reason=self.unavailable)
                return
            tx = Tx(self)
            with exact_money():
                handled = decide(tx)
            if handled is False:
                self._log.warning(f"{what}_ignored", phase=self.phase, **context)
                return
            self._commit(tx)

    def on_bet_sensor(self, report: rp.ChipInventory | rp.AntennaFault) -> None:
        """An inventory round or an antenna fault: the bet sensing's (``engine/bet_sensing.py``); only
        what matters is journaled (an antenna's state, an alarm), the rest only refreshes the view."""
        sensing = self.sensing
        if sensing is None:
            self._log.warning("bet_sensor_report_not_used", report=type(report).__name__)
            return
        with self._lock:
            if self.unavailable:
                return
            tx = Tx(self)
            with exact_money():
                changed = sensing.on_report(tx, report)
            if tx.items:
                self._commit(tx)
            elif changed:
                self._notify()

    def on_deck_verified(self, count: int, missing: list[int], extra: list[int], duplicates: list[int]) -> None:
        self._device("deck_verified", lambda tx: self.flow.on_deck_verified(tx, count, missing, extra, duplicates))

    def on_card_dispensed(self, position: str, index: int, card: Card) -> None:
        self._device("card", lambda tx: self.flow.on_card_dispensed(tx, position, index, card),
                     position=position, card=card)

    def on_packet_done(self, position: str, count: int) -> None:
        self._device("packet_done", lambda tx: self.flow.on_packet_done(tx, position, count), position=position)

    def on_card_read(self, card: Card | None) -> None:
        self._device("read", lambda tx: self.flow.on_card_read(tx, card), card=card)

    def on_device_fault(self, device: str, code: str, text: str) -> None:
        self._log.warning("device_fault", device=device, code=code, text=text, round_id=self._round_id())
        self._device("fault", lambda tx: self.flow.on_device_fault(tx, device, code, text))

    def on_link(self, device: str, up: bool, identity: Mapping[str, Any] | None = None, reason: str = "") -> None:
        if device == BET_SENSOR and not up and self.sensing is not None:
            with self._lock:
                self.sensing.link_lost()
        log_link = self._log.info if up else self._log.warning
        log_link("device_connected" if up else "device_link_lost", device=device, reason=reason or None,
                 identity=dict(identity) if identity else None, round_id=self._round_id())
        self._device("link", lambda tx: self.flow.on_link(tx, device, up, identity, reason))

    def on_device_refused(self, report: rp.DeviceRefused) -> None:
        """A device failed authentication: journaled with who it said it was, what program it
        answered with and why; a round that still needs that device halts (``needed_later``)."""
        self._log.error("device_refused", device=report.device, model=report.model, serial=report.serial_number,
                        program_hash=report.program_hash, reason=report.reason, detail=report.detail,
                        round_id=self._round_id())
        self._device("device_refused", lambda tx: self._refuse_device(tx, report))

    def _refuse_device(self, tx: Tx, report: rp.DeviceRefused) -> None:
        device = report.device
        tx.emit(ev.DeviceRefused(device, report.model, report.serial_number, report.program_hash, report.reason,
                                 report.detail), f"device:{device}")
        rnd = tx.state.round
        if rnd is None or rnd.finished:
            return
        halt = rnd.halt
        if halt is not None and not (halt.kind == "link" and halt.device == device):
            return  # halted for something else (a jam, a misdeal): that halt stands
        # Not needed any more: nothing to stop. Halted by its link loss (a swap power-cycles the port):
        # the halt now says why the link will not come back by itself.
        if halt is not None or needed_later(device, self.flow.stage(tx.state)):
            tx.emit(ev.Halted("link", REFUSED, tx.state.device(device).refusal_line(), device), f"device:{device}")

    def refused_devices(self) -> list[DeviceState]:
        """The table's devices held refused now: no round opens while one is."""
        return [dev for _name, dev in sorted(self.state.devices.items()) if dev.held_refused]

    def on_status(self, device: str, state: str) -> None:
        with self._lock:
            if self.state.device(device).status == state:
                return  # heartbeats repeat the status; journal changes only
            self._device("status", lambda tx: self.flow.on_status(tx, device, state))

    def report_failure(self, what: str, exc: BaseException) -> None:
        """A device report could not be handled: halt the round visibly, keep the table alive.

        Called by the station's event pump; never raises.
        """
        problem = f"{type(exc).__name__}: {exc}"[:300]
        self._log.error("dispatch_failed", report=what, error=problem, round_id=self._round_id())
        if isinstance(exc, JournalError):
            self.unavailable = self.unavailable or f"journal cannot be written ({exc}): call a supervisor"
            return
        try:
            with self._lock:
                rnd = self.state.round
                if rnd is None or rnd.finished or rnd.halt is not None or self.unavailable:
                    return
                self._transact(lambda tx: tx.emit(
                    ev.Halted("internal", "dispatch_failed", f"station could not handle {what}: {problem}"), STATION))
        except Exception as again:
            self._log.error("halt_failed", error=str(again))

    # ----------------------------------------------------------------- views

    def legal_actions(self, seat: int) -> list[str]:
        with self._lock:
            return self.flow.legal_actions(self.state.round, seat)

    def seats_to_act(self, street: str | None = None) -> list[int]:
        return self.flow.seats_to_act(self.state.round, street)

    def next_to_reveal(self) -> tuple[str, int] | None:
        return self.flow.next_to_reveal(self.state.round)

    def cards_on_table(self, position: str) -> list[int | None]:
        return self.flow.cards_on_table(self.state.round, position)

    def seat_stakes(self, seat: int) -> dict[str, Decimal]:
        """Stake per spot of ``seat`` now, the decision bets included once made."""
        rnd = self.state.round
        return {} if rnd is None else self.flow.stakes(rnd, seat)

    def can_key_card(self) -> bool:
        return self.awaiting_key()

    def banner(self) -> str:
        """One line saying what happens next (the screen's banner, in English, and logs)."""
        from .view import banner

        return banner(self).english()
