"""The table session: one table's ports - commands in, device reports in, snapshots out.

Everything that changes a table goes through the kernel's commit path (``engine/kernel.py``:
lock; decide on a scratch state; journal; fold; publish; then device effects). The session
adds what a table needs around it: which commands fit (``table/commands.py``: one table of
croupier and supervisor commands, run the same way), who a supervisor is (badge and PIN,
every attempt journaled), which report goes where (``engine/intake.py``), the terms a round
runs under after a restart, and the devices' requests. Readers read ``view()``, a frozen
snapshot published after every commit (``engine/snapshot.py``), never the session's insides.

Croupier commands act as ``croupier``; supervisor actions as the authenticated person only;
nobody passes an actor in. The session is thread-safe: the screen's worker, the device pump
and tests may call it at once.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any, Protocol

from .. import __version__
from ..config import TableConfig
from ..errors import DealerStationError, RuleError
from ..games import get_game
from ..games.base import BankingGame, Game
from ..journal import Journal, JournalError, JournalEvent
from ..profile_loader import with_terms
from ..table import events as ev
from ..table.commands import Command, Offer
from ..table.event_base import EventError
from ..table.fold import RecordNotFolded
from ..table.state import RoundState, TableState
from ..table.terms import terms_digest, terms_of
from ..wire import reports as rp
from ..wire.roles import Role
from .banking import BankingFlow
from .bet_sensing import BetSensing, SensorRefusal
from .device_policy import SHUFFLER
from .flow import Flow
from .intake import intake_of
from .kernel import Kernel, Listener, bind_log
from .snapshot import SensedView, TableSnapshot
from .tx import Effect, Rules, Tx

STATION = "station"
CROUPIER = "croupier"


class ShoeCommands(Protocol):
    """What the session asks of a shuffler / dealing shoe (drivers.base.ShufflerABC)."""

    def reset(self) -> None: ...
    def shuffle(self, seed: int | None = None) -> None: ...
    def verify_deck(self) -> None: ...
    def deal_packet(self, position: str, count: int) -> None: ...


class Authenticator(Protocol):
    def authenticate(self, badge: str, pin: str) -> Any: ...


def flow_for(game: Game, table: TableConfig, roles: Collection[Role]) -> Flow:
    """The rules engine of the game's family (``banking``: each seat against the dealer)."""
    if isinstance(game, BankingGame):
        return BankingFlow(game, table, roles)
    if game.family == "poker":
        from importlib import import_module  # the player-vs-player family's engine

        flow: Flow = import_module("dealer_station.engine.poker").PokerFlow(game, table, roles)
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
        roles: Collection[Role] = (),
        credentials: Authenticator | None = None,
        services: tuple[object, ...] = (),
    ) -> None:
        """``roles``: the devices the station opened besides the ``shoe`` it gives (which is a shuffler)."""
        self.journal = journal
        self._profile = table
        self._game: Game = get_game(table.game)
        self._shoe = shoe
        self._roles = frozenset(roles) | ({Role.SHUFFLER} if shoe is not None else set())
        self._credentials = credentials
        self._services = services
        self._log = bind_log(table.table_id)
        self._kept_terms: str | None = None
        self._sensing: BetSensing | None = None
        self._flow = flow_for(self._game, table, self._roles)
        self._table = table
        self._attach_sensing()
        self._kernel: Kernel[TableSnapshot] = Kernel(
            journal, TableState(table_id=table.table_id), self._rules(), log=self._log, publish=self._snapshot,
            carry_out=self._carry_out, effect_failed=lambda tx, e, problem: self._flow.on_effect_failed(
                tx, e.device, e.what, problem))

    # ----------------------------------------------------------------- ports

    def view(self) -> TableSnapshot:
        """The table as of its last commit (frozen; a new one after every commit)."""
        return self._kernel.snapshot

    def offer(self) -> Offer:
        """The croupier commands and supervisor actions that fit the table right now."""
        return self._kernel.snapshot.offer

    def add_listener(self, listener: Listener) -> None:
        """``listener(snapshot)`` is called (on the committing thread) after every commit."""
        self._kernel.add_listener(listener)

    def remove_listener(self, listener: Listener) -> None:
        """Stop calling ``listener`` (a closed screen must not be told, or kept alive, any longer)."""
        self._kernel.remove_listener(listener)

    def wait_for(self, predicate: Callable[[TableState], bool], timeout: float) -> bool:
        """Block until ``predicate(state)`` holds (headless runs and tests)."""
        return self._kernel.wait_for(predicate, timeout)

    @contextmanager
    def together(self) -> Iterator[None]:
        """Commands that arrived together (the croupier's taps queued behind one commit, a scripted croupier's
        street): every command run inside is journaled in ONE journal transaction when the block ends (group
        commit: one fsync), then published and acted on. Each decides on the state the ones before it left
        and is refused on its own, as alone; nothing of any is acted on (no device, no listener) before all
        are durable, so a command's answer inside the block is not yet durable: act on it after the block."""
        with self._kernel.burst():
            yield

    def _now(self) -> TableSnapshot:
        """The table as the next command sees it: the published snapshot, or inside ``together()`` one of the
        state the commands before it left (not published until the block is durable)."""
        kernel = self._kernel
        return self._snapshot(kernel, ()) if kernel.in_burst else kernel.snapshot

    # ----------------------------------------------------------------- start-up

    def start(self, program: Mapping[str, Any] | None = None) -> None:
        """Rebuild state from the journal, journal start-up, and recover the open round."""
        from ..integrity import program_digest

        kernel = self._kernel
        with kernel.lock:
            state = kernel.state
            try:
                self._game.folds.rebuild(state, self.journal.records())
            except RecordNotFolded as exc:
                if isinstance(exc.cause, EventError):
                    raise JournalError(f"journal record {exc.seq}: {exc.cause.problem}") from None
                # a chain that verifies but does not tell one table's story (e.g. two writers interleaved)
                self._log.error("journal_replay_failed", seq=exc.seq, kind=exc.kind, error=repr(exc.cause))
                raise JournalError(f"journal record {exc.seq} ({exc.kind}) cannot be replayed: the journal "
                                   "does not follow one table's rounds (see the log)") from None
            info = dict(program) if program is not None else program_digest()
            info.setdefault("version", __version__)
            if self._table.devices.approve_any:
                info["approve_any"] = True  # the profile accepts any device program: the screen and the pit say so
            rnd = state.round
            if rnd is not None and not rnd.finished:
                self._log.info("recovering_round", round_id=rnd.round_id, phase=rnd.phase)
                self._keep_round_terms(rnd)

            def started(tx: Tx) -> None:
                tx.emit(ev.StationStarted(info), STATION)
                for event in self._game.start_events(tx.state, self._table):
                    tx.emit(event, STATION)
                self._flow.recover(tx)

            kernel.transact(started)

    def devices_ready(self) -> None:
        """Devices are open: ask for a verified deck if the open round still needs one."""
        from ..table.phases import Stage

        with self._kernel.lock:
            state = self._kernel.state
            rnd = state.round
            if rnd is not None and not rnd.finished and self._flow.stage(state) in (Stage.BETTING, Stage.LOCKED):
                self._kernel.transact(lambda tx: self._flow.request_deck(tx))

    # ----------------------------------------------------------------- commands

    def execute(self, command: str, *args: Any, **kwargs: Any) -> Any:
        """Run a croupier command by name (journal first, all or nothing): the one way the screen,
        the scripted croupier and the tests drive a table.

        The command must fit now (its row in the family's command table, ``offer()``); the flow's
        method of that name decides the events (``open_round`` first settles which terms the round
        opens under; ``dealer_sign_in`` / ``dealer_sign_out`` are about the table, not the round).
        """
        rule = self._flow.commands.get(command)
        if rule is not None and rule.by == "croupier" and rule.anytime:
            handler = getattr(self._flow, rule.method)
            with self._kernel.lock:
                self._in_stages(rule)
                return self._kernel.transact(lambda tx: handler(tx, *args, **kwargs))
        if command == "open_round":
            return self._open_round(*args, **kwargs)
        kernel = self._kernel
        with kernel.lock:
            self._require(command)  # an unknown command is refused here too: it is never offered
            assert rule is not None
            handler = getattr(self._flow, rule.method)
            try:
                return kernel.transact(lambda tx: handler(tx, *args, **kwargs))
            except SensorRefusal as held:  # what the bet sensor caught is journaled, then refused
                caught = held.event()
                kernel.transact(lambda tx: tx.emit(caught, CROUPIER))
                raise

    def supervise(self, action: str, badge: str, pin: str, reason: str, **args: Any) -> Any:
        """A supervisor's action by name: it must fit now, it needs a reason, and the flow's method
        must accept it (tried on a scratch state, so a refusal costs no PIN attempt); then the badge
        and PIN are checked (every attempt journaled) and the action runs as that person, in one
        transaction with its authentication.

        Returns the authenticated person (``Supervisor``: its ``failed_attempts`` tell the badge's
        owner, after success only, that someone tried it).
        """
        rule = self._rule(action, "supervisor")
        kernel = self._kernel
        with kernel.lock:
            if kernel.unavailable:
                raise RuleError(kernel.unavailable)
            if not rule.anytime:
                offer = self._now().offer
                if action not in offer.supervisor:
                    raise RuleError(offer.refusals.get(action) or self._no_supervisor_action(action))
            else:
                self._in_stages(rule)
            if not rule.asks_reason and isinstance(reason, str) and not reason.strip():
                reason = action
            if not isinstance(reason, str) or not reason.strip():
                raise RuleError(f"{rule.reason} needs a reason", "reason")
            handler = getattr(self._flow, rule.method)
            kernel.scratch(lambda tx: handler(tx, f"supervisor:{badge}", reason, **args))
            person = self._authenticate(action, badge, pin)
            actor = getattr(person, "actor", f"supervisor:{badge}")
            who = getattr(person, "badge", badge)
            round_id = kernel.round_id()

            def decide(tx: Tx) -> None:
                tx.emit(ev.SupervisorAuth(True, "ok", badge=who, action=action), actor)
                handler(tx, actor, reason, **args)

            kernel.transact(decide)
            self._log.info("supervisor_action", badge=who, action=action, round_id=round_id,
                           **({"reason": reason} if rule.anytime else {}))
            return person

    def tick(self, now: datetime | None = None) -> bool:
        """Let time act: when a time limit of the round has run out at ``now`` (default: the wall
        clock), the flow journals what it does (poker: the action clock folds or checks the seat to
        act). True when something was journaled. The station's pump calls it about twice a second;
        tests pass ``now``.
        """
        kernel = self._kernel
        with kernel.lock:
            if kernel.unavailable:
                return False
            at = now or datetime.now(UTC)
            if not self._flow.clock_due(kernel.state, at):
                return False
            kernel.transact(lambda tx: self._flow.on_clock(tx, at))
            return True

    def _in_stages(self, rule: Command) -> None:
        """A command about the table (``anytime``) is still refused outside its stages (a shift closes between
        rounds): with its own refusal, nothing journaled."""
        kernel = self._kernel
        if kernel.unavailable:
            raise RuleError(kernel.unavailable)
        if self._flow.stage(kernel.state) not in rule.stages:
            raise RuleError(rule.refusal or f"{rule.name.replace('_', ' ')} is not allowed now",
                            key=f"when:{rule.name}" if rule.refusal else None)

    def _rule(self, name: str, by: str) -> Command:
        rule = self._flow.commands.get(name)
        if rule is None or rule.by != by:
            what = "croupier command" if by == "croupier" else "supervisor action"
            raise RuleError(f"no {what} {name!r} at this table", "command")
        return rule

    def _require(self, command: str) -> None:
        """Refuse a croupier command that does not fit the phase (nothing journaled)."""
        kernel = self._kernel
        if kernel.unavailable:
            raise RuleError(kernel.unavailable)
        rnd = kernel.state.round
        offer = self._now().offer
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

    def _open_round(self) -> str:
        """Open betting for a new round (the next round takes the profile's terms, journaled first)."""
        kernel = self._kernel
        with kernel.lock:
            now = self._now()
            refused = now.refused_devices()  # named first: the offer's refusal cannot say which unit
            if refused and not kernel.unavailable:
                raise RuleError(f"{refused[0].refusal_line()}: connect a unit that proves itself first",
                                refused[0].name)
            if now.disk_full() and not kernel.unavailable:
                raise RuleError("the journal's disk is nearly full: no round opens until space is freed "
                                "(archive the journal: docs/journal-archive.md)", "disk", key="disk_full")
            self._require("open_round")
            if self._table is not self._profile:  # the last round kept its own terms: the profile's from now on
                self._run_under(self._profile)
                self._kept_terms = None
            round_id: str = kernel.transact(self._open)
            return round_id

    def _open(self, tx: Tx) -> str:
        """Open the next round under the profile's terms, journaling them first when they are new
        (and what the game installs with them, e.g. THB's jackpot rules)."""
        terms = terms_of(self._table)
        digest = terms_digest(terms)
        if tx.state.terms_digest != digest:
            tx.emit(ev.TermsInstalled(terms, digest), STATION)
            for event in self._game.start_events(tx.state, self._table):
                tx.emit(event, STATION)
        round_id: str = self._flow.open_round(tx)
        return round_id

    # ----------------------------------------------------------------- supervisors

    def _authenticate(self, action: str, badge: str, pin: str) -> Any:
        """The person behind ``badge`` and ``pin``; a refusal is journaled with its true reason."""
        if self._credentials is None:
            raise RuleError("no supervisor credentials are configured at this table")
        try:
            return self._credentials.authenticate(badge, pin)
        except DealerStationError as exc:
            reason = str(getattr(exc, "reason", "") or exc.problem)
            self._kernel.transact(lambda tx: tx.emit(
                ev.SupervisorAuth(False, reason, badge=str(badge)[:32], action=action), f"supervisor:{str(badge)[:32]}"))
            self._log.warning("supervisor_denied", badge=str(badge)[:32], action=action, reason=reason,
                              round_id=self._kernel.round_id())
            raise

    def _no_supervisor_action(self, action: str) -> str:
        rnd = self._kernel.state.round
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

    # ----------------------------------------------------------------- devices

    def report(self, *reports: rp.DeviceReport) -> None:
        """The one entry for what devices say, whatever their dialect (``wire.reports``): each report's
        type picks its handler (``engine/intake.py``), which runs in a transaction, journal first.
        Reports that arrived together (the station's pump hands over everything queued) are one
        burst: each decides on its own transaction and all are journaled in one.

        Never raises: a report the station cannot handle halts the round visibly (``internal``,
        a supervisor resumes or voids it) and the table goes on.
        """
        try:
            with self._kernel.burst():
                for report in reports:
                    try:
                        self._intake(report)
                    except JournalError:
                        raise
                    except Exception as exc:
                        self._report_failed(type(report).__name__, exc)
        except Exception as exc:  # the burst could not be journaled: the table stops, fails closed
            self._report_failed("a burst of reports", exc)

    def _intake(self, report: rp.DeviceReport) -> None:
        kernel = self._kernel
        if isinstance(report, rp.ChipInventory | rp.AntennaFault | rp.DuplicateTag):  # intake.SENSED
            self._sensed(report)
            return
        row = intake_of(report)
        if row.log is not None:
            level, event, fields = row.log
            getattr(self._log, level)(event, round_id=kernel.round_id(), **{f: _loggable(getattr(report, f))
                                                                            for f in fields})
        handle = row.handle
        if handle is None:
            return
        with kernel.lock:
            if kernel.unavailable:
                self._log.warning("device_report_dropped", report=row.what, reason=kernel.unavailable)
                return
            if isinstance(report, rp.DeviceStatus) and kernel.state.device(report.device).status == report.state:
                return  # heartbeats repeat the status; journal changes only
            if isinstance(report, rp.LinkDown) and report.device == Role.BET_SENSOR and self._sensing is not None:
                self._sensing.link_lost()
            tx = kernel.begin()
            from ..money import exact_money

            with exact_money():
                handled = handle(self._flow, tx, report)
            if handled is False:
                self._log.warning(f"{row.what}_ignored", phase=self.view().phase, **_context(report))
            else:
                kernel.commit(tx)
            if row.shown and not tx.items:
                kernel.changed()  # nothing journaled, but the screen has something to say

    def _sensed(self, report: rp.ChipInventory | rp.AntennaFault | rp.DuplicateTag) -> None:
        """An inventory round or an antenna fault: the bet sensing's (``engine/bet_sensing.py``); only
        what matters is journaled (an antenna's state, an alarm), the rest only refreshes the view."""
        sensing = self._sensing
        if sensing is None:
            self._log.warning("bet_sensor_report_not_used", report=type(report).__name__)
            return
        kernel = self._kernel
        with kernel.lock:
            if kernel.unavailable:
                return
            tx = kernel.begin()
            from ..money import exact_money

            with exact_money():
                sensing.on_report(tx, report)
            if tx.items:
                kernel.commit(tx)
            else:
                kernel.changed()  # what is seen changed (or the round counter moved): readers look again

    def _report_failed(self, what: str, exc: BaseException) -> None:
        """A device report could not be handled: halt the round visibly, keep the table alive."""
        problem = f"{type(exc).__name__}: {exc}"[:300]
        kernel = self._kernel
        self._log.error("dispatch_failed", report=what, error=problem, round_id=kernel.round_id())
        if isinstance(exc, JournalError):
            kernel.fail(exc)
            return
        try:
            with kernel.lock:
                rnd = kernel.state.round
                if rnd is None or rnd.finished or rnd.halt is not None or kernel.unavailable:
                    return
                kernel.transact(lambda tx: tx.emit(
                    ev.Halted("internal", "dispatch_failed", f"station could not handle {what}: {problem}"), STATION))
        except Exception as again:
            self._log.error("halt_failed", error=str(again))

    def _carry_out(self, effect: Effect) -> None:
        shoe = self._shoe
        if effect.device != SHUFFLER or shoe is None:
            return
        if effect.what == "deck":
            shoe.reset()
            shoe.shuffle()
            shoe.verify_deck()
        elif effect.what == "reset":
            shoe.reset()
        elif effect.what == "packet":
            rnd = self._kernel.state.round
            if rnd is None:
                return
            for sent, (position, count) in enumerate(rnd.asked):  # the whole deal, queued in the shoe in order
                now = self._kernel.state.round
                if now is None or now.halt is not None or now.finished:
                    return  # a shoe that answers at once (a test's) faulted or voided the round: ask no more
                try:
                    shoe.deal_packet(position, count)
                except Exception:
                    if not sent:
                        raise  # nothing reached the shoe: the request is pending, asked again when its link returns
                    # Part of the deal reached it before its link went: a loss mid-deal, which the driver's LinkDown
                    # halts and the link's return voids (cards may be out that the round will never know).
                    return

    # ----------------------------------------------------------------- terms and the read side

    def _rules(self) -> Rules:
        return Rules(self._table, self._game.folds, self._flow.graph, self._service)

    def _service(self, kind: type) -> object | None:
        return next((s for s in self._services if isinstance(s, kind)), None)

    def _keep_round_terms(self, rnd: RoundState) -> None:
        """An open round finishes by the terms it was opened under, whatever the profile says now."""
        state = self._kernel.state
        journaled = state.terms
        if rnd.terms is None or journaled is None or state.terms_digest != rnd.terms:
            return  # a round of a journal from before terms: the profile's, as it always was
        profile_terms = terms_digest(terms_of(self._profile))
        if profile_terms == rnd.terms:
            return
        self._run_under(with_terms(self._profile, journaled))
        self._kept_terms = rnd.terms
        self._log.warning("round_keeps_its_terms", round_id=rnd.round_id, terms=rnd.terms,
                          profile_terms=profile_terms)

    def _run_under(self, table: TableConfig) -> None:
        self._table = table
        self._flow = flow_for(self._game, table, self._roles)
        self._attach_sensing()
        self._kernel.rules = self._rules()
        self._kernel.changed()

    def _attach_sensing(self) -> None:
        """A banking table with a bet sensor: its sensing, which the flow consults at "no more bets"."""
        flow = self._flow
        if self._table.devices.bet_sensor is None or not isinstance(flow, BankingFlow):
            return
        if self._sensing is None:
            assert isinstance(self._game, BankingGame)
            self._sensing = BetSensing(self._game, self._table, flow.stage)
        self._sensing.table = self._table
        self._sensing.stage_of = flow.stage
        flow.sensing = self._sensing

    def _snapshot(self, kernel: Kernel[TableSnapshot], records: tuple[JournalEvent, ...]) -> TableSnapshot:
        """What the table looks like now (the kernel publishes it after every commit)."""
        state = kernel.state
        return TableSnapshot(state, self._table, self._profile, self._flow, unavailable=kernel.unavailable,
                             kept_terms=self._kept_terms, sensed=self._sensed_view(state), services=self._services,
                             records=records)

    def _sensed_view(self, state: TableState) -> SensedView | None:
        """What the bet sensor sees that the rules read, at the stages they read it."""
        sensing, flow = self._sensing, self._flow
        if sensing is None or not isinstance(flow, BankingFlow):
            return None
        from ..table.phases import Stage

        rnd = state.round
        stage = flow.stage(state)
        proposed = sensing.proposed(rnd) if stage in (Stage.BETTING, Stage.IDLE, Stage.FINISHED) else {}
        checks = {}
        if rnd is not None and rnd.settlement is not None and not rnd.finished:
            checks = {seat: sensing.checks(rnd, seat, flow.stakes(rnd, seat))
                      for seat, hand in sorted(rnd.seats.items()) if not hand.paid}
        alarm = sensing.alarm_spot(rnd) if rnd is not None and not rnd.finished else None
        antennas = set(sensing.tracks) | sensing.live
        return SensedView(sensing, {a: tuple(sensing.chips_on(a)) for a in antennas},
                          frozenset(a for a in antennas if sensing.sensed(a)), sensing.last_round,
                          proposed, checks, alarm, sensing.clones)


def _loggable(value: Any) -> Any:
    dump = getattr(value, "model_dump", None)
    return dump() if callable(dump) else value


def _context(report: Any) -> dict[str, Any]:
    """What an ignored report's log line names (a card, a position)."""
    return {k: getattr(report, k) for k in ("card", "position") if hasattr(report, k)}
