"""The round controller: one table's state machine, fed by croupier, supervisor and devices.

Every accepted command or device report becomes a journal event *first*; only after the
journal has made it durable is it folded into the state (``table_state.apply``) and are
devices told to act. Recovery is therefore just a replay of the journal.

A command that does not fit the phase raises ``RuleError`` and changes nothing. The
controller is thread-safe: UI, CLI and device threads may call it concurrently.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from decimal import Decimal
from typing import Any, Protocol

import structlog

from . import __version__
from .cards import card_str, cards_str, parse_card
from .config import TableConfig
from .errors import DealerStationError, RuleError
from .games import get_game
from .games.base import Game
from .journal import Journal, JournalEvent
from .money import format_money, parse_money
from .table_state import (
    BETTING,
    DEALER_REVEAL,
    DEALING,
    HANDS_REVEAL,
    NO_MORE_BETS,
    PAID,
    SETTLEMENT,
    VOID,
    RoundState,
    TableState,
    apply,
    reveal_phase,
)

log = structlog.get_logger("dealer_station.controller")

STATION = "station"
CROUPIER = "croupier"

# Fault codes after which the round cannot go on without a supervisor clearing it
# (HARDWARE.md): the default outcome is a void.
DEAL_FAULTS = {"jam", "misfeed", "door_open", "internal_error"}
DECK_FAULTS = {"deck_count_wrong"}
LINK_FAULTS = {"link_lost", "crc_errors", "power_restored"}
MAX_DECK_REQUESTS = 3


class ShoeCommands(Protocol):
    """What the controller asks of a shuffler / dealing shoe (drivers.base.ShufflerABC)."""

    def reset(self) -> None: ...
    def shuffle(self, seed: int | None = None) -> None: ...
    def verify_deck(self) -> None: ...
    def deal_packet(self, position: str, count: int) -> None: ...


class Authenticator(Protocol):
    def authenticate(self, badge: str, pin: str) -> Any: ...


Listener = Callable[["Controller"], None]


class Controller:
    """Runs rounds of one table. See the module docstring for the contract."""

    def __init__(
        self,
        table: TableConfig,
        journal: Journal,
        *,
        shoe: ShoeCommands | None = None,
        has_reader: bool = False,
        credentials: Authenticator | None = None,
    ) -> None:
        self.table = table
        self.game: Game = get_game(table.game)
        self.journal = journal
        self.shoe = shoe
        self.has_reader = has_reader
        self.hand_deal = table.deal_mode == "hand"
        self.credentials = credentials
        self.state = TableState(table_id=table.table_id)
        self._lock = threading.RLock()
        self._changed = threading.Condition(self._lock)
        self._listeners: list[Listener] = []
        self._log = log.bind(table_id=table.table_id)
        self._deck_requests: dict[str, int] = {}  # round -> deck re-requests after shoe faults

    # ----------------------------------------------------------------- plumbing

    def add_listener(self, listener: Listener) -> None:
        """Called (on the caller's thread) after every state change."""
        self._listeners.append(listener)

    @property
    def round(self) -> RoundState | None:
        return self.state.round

    @property
    def phase(self) -> str:
        rnd = self.state.round
        return "closed" if rnd is None else rnd.phase

    def _emit(self, kind: str, payload: Mapping[str, Any], actor: str, round_id: str | None = None) -> JournalEvent:
        """Journal (durably) first, then fold into the state, then tell listeners."""
        if round_id is None and self.state.round is not None and not self.state.round.finished:
            round_id = self.state.round.round_id
        event = self.journal.append(kind, dict(payload), actor=actor, round_id=round_id)
        apply(self.state, event.kind, event.payload, event.at, event.seq)
        self._changed.notify_all()
        for listener in list(self._listeners):
            try:
                listener(self)
            except Exception:  # a broken view must never stop the table
                self._log.exception("listener_failed")
        return event

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

    def _open_round(self) -> RoundState:
        rnd = self.state.round
        if rnd is None or rnd.finished:
            raise RuleError("no round in progress (open betting first)")
        return rnd

    def _require_phase(self, *phases: str) -> RoundState:
        rnd = self._open_round()
        if rnd.halt is not None:
            raise RuleError(f"round halted: {rnd.halt.text or rnd.halt.cause}")
        if rnd.phase not in phases:
            raise RuleError(f"not allowed during {rnd.phase.replace('_', ' ')} (allowed during: "
                            f"{', '.join(p.replace('_', ' ') for p in phases)})")
        return rnd

    # ----------------------------------------------------------------- start-up

    def start(self, program: Mapping[str, Any] | None = None) -> None:
        """Rebuild state from the journal, journal start-up, and recover the open round."""
        from .integrity import program_digest

        with self._lock:
            for event in self.journal.events():
                apply(self.state, event.kind, event.payload, event.at, event.seq)
            info = dict(program) if program is not None else program_digest()
            info.setdefault("version", __version__)
            self._emit("station_started", info, STATION, round_id=None)
            self._recover()

    def _recover(self) -> None:
        rnd = self.state.round
        if rnd is None or rnd.finished:
            return
        self._log.info("recovering_round", round_id=rnd.round_id, phase=rnd.phase)
        if rnd.phase == DEALING and not self.hand_deal:
            # The shoe's position in the deal cannot be re-established after a restart.
            self._void("station_restart", STATION, reason="deal interrupted by a station restart")
        # Betting resumes with its journaled stakes once the shoe has verified a fresh
        # deck (``devices_ready``); decision, reveal and settlement phases resume exactly
        # where they were: every card of the round is in the journal. A command journals
        # its follow-on step (next phase, settlement, round paid) as separate events, so a
        # kill between them leaves that step to take now.
        self._complete_pending_step()

    def _complete_pending_step(self) -> None:
        rnd = self.state.round
        if rnd is None or rnd.finished or rnd.halt is not None:
            return
        if rnd.phase.endswith("_reveal") and self.next_to_reveal() is None:
            self._after_reveal()
        elif rnd.phase in self.game.streets and not self.seats_to_act():
            self._advance_streets(start=self.game.streets.index(rnd.phase) + 1)
        elif rnd.phase == SETTLEMENT and all(s.paid for s in rnd.seats.values()):
            self._emit("round_paid", {"house_net": self._house_net(rnd)}, STATION)

    def devices_ready(self) -> None:
        """Devices are open: ask for a verified deck if the open round still needs one."""
        with self._lock:
            rnd = self.state.round
            if rnd is not None and not rnd.finished and rnd.phase in (BETTING, NO_MORE_BETS):
                self._request_deck()

    # ----------------------------------------------------------------- croupier

    def open_round(self) -> str:
        """Open betting for a new round; asks the shoe for a shuffled, verified deck."""
        with self._lock:
            rnd = self.state.round
            if rnd is not None and not rnd.finished:
                raise RuleError(f"round {rnd.round_id} is still in progress ({rnd.phase.replace('_', ' ')})")
            number = self.state.rounds_started + 1
            round_id = f"{self.table.table_id}-{number:06d}"
            self._emit("round_opened", {"round_id": round_id, "number": number}, CROUPIER, round_id=round_id)
            self._log.info("round_opened", round_id=round_id)
            self._request_deck()
            return round_id

    def _request_deck(self) -> None:
        """Every round starts from a fresh deck: reset (clears a jam), shuffle, verify."""
        if self.shoe is not None and not self.state.deck_verified:
            self.shoe.reset()
            self.shoe.shuffle()
            self.shoe.verify_deck()

    def set_bets(self, seat: int, bets: Mapping[str, Any], actor: str = CROUPIER) -> None:
        """Place or change every stake of one seat (an empty mapping clears the seat)."""
        with self._lock:
            self._require_phase(BETTING)
            if not isinstance(seat, int) or not 1 <= seat <= self.table.seats:
                raise RuleError(f"seat {seat!r} is not a seat of this table (1..{self.table.seats})", "seat")
            parsed = {spot: parse_money(v, f"bets.{spot}") for spot, v in bets.items() if v not in (None, "", 0, "0")}
            if parsed:
                parsed = self.game.validate_bets(seat, parsed, self.table, f"seat{seat}.bets")
            self._emit("bets_set", {"seat": seat, "bets": {k: format_money(v) for k, v in parsed.items()}}, actor)

    def no_more_bets(self, actor: str = CROUPIER) -> None:
        """"Rien ne va plus": locks every stake, then starts the deal."""
        with self._lock:
            rnd = self._require_phase(BETTING)
            if not rnd.seats:
                raise RuleError("no seat has a bet")
            self._emit("no_more_bets", {"stakes": {str(s): format_money(v) for s, v in rnd.stakes().items()}}, actor)
            self._start_deal()

    def _start_deal(self) -> None:
        rnd = self._open_round()
        if self.shoe is not None and not self.state.deck_verified:
            return  # the deal starts when the deck verification arrives
        plan = self.game.deal_plan(sorted(rnd.seats), self.table.deal_mode)
        self._emit("deal_started", {"packets": [[pos, n] for pos, n in plan], "by_hand": self.hand_deal}, STATION)
        if not self.hand_deal:
            self._request_packet()
        # By hand, the croupier deals face down and confirms with ``deal_done``; the
        # cards become known as they are read or keyed at each reveal.

    def deal_done(self, actor: str = CROUPIER) -> None:
        """Hand deal: the croupier has dealt every seat, the dealer and the board."""
        with self._lock:
            self._require_phase(DEALING)
            if not self.hand_deal:
                raise RuleError("the shoe deals at this table: its cards are reported as they come out")
            self._emit("phase", {"phase": "dealt"}, actor)
            self._after_deal()

    def _request_packet(self) -> None:
        rnd = self._open_round()
        if rnd.packet_index < len(rnd.packets):
            pos, count = rnd.packets[rnd.packet_index]
            have = len(rnd.cards.get(pos, []))
            assert self.shoe is not None
            self.shoe.deal_packet(pos, count - have)
        else:
            self._after_deal()

    def _after_deal(self) -> None:
        self._advance_streets(start=0)

    def decide(self, seat: int, action: str, actor: str = CROUPIER) -> None:
        """Record one seat's decision on the current street (seats act in seat order)."""
        with self._lock:
            street = self.phase
            rnd = self._require_phase(*self.game.streets)
            waiting = self.seats_to_act(street)
            if seat not in rnd.seats:
                raise RuleError(f"seat {seat} has no hand this round", "seat")
            if not waiting or waiting[0] != seat:
                who = f"seat {waiting[0]} acts first" if waiting else "no seat acts now"
                raise RuleError(f"seat {seat} is out of turn: {who}", "seat")
            self.game.apply_action(rnd.seats[seat].actions, street, action, f"seat{seat}.action")
            self._emit("decision", {"seat": seat, "street": street, "action": action}, actor)
            if not self.seats_to_act(street):
                self._advance_streets(start=self.game.streets.index(street) + 1)

    def cards_on_table(self, position: str) -> list[int | None]:
        """The cards lying at ``position``: known ones as cards, hand-dealt unknown ones as None."""
        rnd = self.state.round
        if rnd is None:
            return []
        known: list[int | None] = list(rnd.cards.get(position, []))
        dealt_by_hand = self.hand_deal and rnd.phase not in (BETTING, NO_MORE_BETS, DEALING)
        if dealt_by_hand and not (rnd.finished and rnd.void):
            count = dict(rnd.packets).get(position, 0)
            known += [None] * (count - len(known))
        return known

    def seat_stakes(self, seat: int) -> dict[str, Decimal]:
        """Stake per spot of ``seat`` now, the Play bet included once made (for display)."""
        rnd = self.state.round
        if rnd is None or seat not in rnd.seats:
            return {}
        return self.game.stakes(rnd.seats[seat].bets, rnd.seats[seat].actions)

    def seats_to_act(self, street: str | None = None) -> list[int]:
        rnd = self.state.round
        street = street or self.phase
        if rnd is None or street not in self.game.streets:
            return []
        return [s for s in sorted(rnd.seats) if self.game.legal_actions(rnd.seats[s].actions, street)]

    def legal_actions(self, seat: int) -> list[str]:
        """Decisions open to ``seat`` right now (empty unless it is that seat's turn)."""
        with self._lock:
            rnd = self.state.round
            if rnd is None or rnd.halt is not None or rnd.phase not in self.game.streets:
                return []
            waiting = self.seats_to_act()
            if not waiting or waiting[0] != seat:
                return []
            return list(self.game.legal_actions(rnd.seats[seat].actions, rnd.phase))

    def _advance_streets(self, start: int) -> None:
        """Move to the next reveal or decision phase that has something to do."""
        streets = self.game.streets
        for index in range(start, len(streets)):
            street = streets[index]
            if self._reveal_targets(street) and not self._revealed_all(street):
                self._emit("phase", {"phase": reveal_phase(street)}, STATION)
                return
            if self.seats_to_act(street):
                self._emit("phase", {"phase": street}, STATION)
                return
        self._emit("phase", {"phase": DEALER_REVEAL}, STATION)

    def _reveal_targets(self, phase_or_street: str) -> list[tuple[str, int]]:
        """(position, card index) turned up in a reveal phase, in the order they are shown."""
        rnd = self._open_round()
        if phase_or_street == HANDS_REVEAL:  # hand deal: every seat's cards read at showdown
            return [(pos, i) for pos, count in rnd.packets if pos.startswith("seat") for i in range(count)]
        if phase_or_street == DEALER_REVEAL:
            reveals = list(self.game.final_reveal)
        else:
            reveals = self.game.reveal_before(phase_or_street.removesuffix("_reveal"))
        sizes = dict(rnd.packets)
        targets: list[tuple[str, int]] = []
        for pos, part in reveals:
            targets.extend((pos, i) for i in range(*part.indices(sizes.get(pos, 0))))
        return targets

    def _revealed_all(self, phase_or_street: str) -> bool:
        rnd = self._open_round()
        return all(rnd.revealed.get(pos, 0) > i for pos, i in self._reveal_targets(phase_or_street))

    def next_to_reveal(self) -> tuple[str, int] | None:
        rnd = self.state.round
        if rnd is None or not (rnd.phase.endswith("_reveal")):
            return None
        for pos, i in self._reveal_targets(rnd.phase):
            if rnd.revealed.get(pos, 0) <= i:
                return pos, i
        return None

    def reveal(self, actor: str = CROUPIER) -> None:
        """The croupier turns over the cards of this reveal (tables without a reader)."""
        with self._lock:
            rnd = self._open_round()
            if not rnd.phase.endswith("_reveal"):
                raise RuleError(f"nothing to reveal during {rnd.phase.replace('_', ' ')}")
            if rnd.halt is not None:
                raise RuleError(f"round halted: {rnd.halt.text or rnd.halt.cause}")
            if self.has_reader:
                raise RuleError("pass the cards over the reader (or key an unreadable card)")
            if self.hand_deal:
                raise RuleError("dealt by hand: key each card as it is turned over")
            while (target := self.next_to_reveal()) is not None:
                pos, i = target
                self._emit("card_revealed", {"position": pos, "index": i, "card": rnd.cards[pos][i]}, actor)
            self._after_reveal()

    def key_card(self, card: str | int, actor: str = CROUPIER) -> None:
        """Manual entry of a card the reader could not read (journaled as such)."""
        with self._lock:
            rnd = self._open_round()
            if not self.can_key_card():
                raise RuleError("keying a card is for a card the reader could not read, or a hand-dealt reveal")
            value = card if isinstance(card, int) else parse_card(card, "card")
            if rnd.halt is not None:
                self._emit("halt_cleared", {"by": actor, "reason": "card keyed"}, actor)
            self._reveal_read(value, manual=True, actor=actor)

    def available_commands(self) -> set[str]:
        """The croupier commands that fit the table right now (what a screen offers)."""
        with self._lock:
            rnd = self.state.round
            if rnd is None or rnd.finished:
                return {"open_round"}
            out: set[str] = set()
            halt = rnd.halt
            if halt is not None:
                if halt.kind in ("fault", "link", "deck"):
                    out.add("confirm_void")
            elif rnd.phase == BETTING:
                out.add("set_bets")
                if rnd.seats:
                    out.add("no_more_bets")
            elif rnd.phase == DEALING and self.hand_deal:
                out.add("deal_done")
            elif rnd.phase in self.game.streets:
                out.add("decide")
            elif rnd.phase.endswith("_reveal") and not self.has_reader and not self.hand_deal:
                out.add("reveal")
            elif rnd.phase == SETTLEMENT:
                out.add("mark_paid")
            if self.can_key_card():
                out.add("key_card")
            return out

    def can_key_card(self) -> bool:
        """Whether the croupier may key a card in now (unreadable card, or hand deal reveal)."""
        rnd = self.state.round
        if rnd is None or rnd.finished:
            return False
        if rnd.halt is not None:
            return rnd.halt.kind == "unreadable"
        return self.hand_deal and self.next_to_reveal() is not None

    def mark_paid(self, seat: int, actor: str = CROUPIER) -> None:
        """The croupier confirms a seat was paid (or collected). Never twice."""
        with self._lock:
            rnd = self._require_phase(SETTLEMENT)
            if seat not in rnd.seats:
                raise RuleError(f"seat {seat} has no hand this round", "seat")
            if rnd.seats[seat].paid:
                raise RuleError(f"seat {seat} is already paid", "seat")
            net = next((s["net"] for s in (rnd.settlement or {}).get("seats", []) if s["seat"] == seat), "0")
            self._emit("seat_paid", {"seat": seat, "net": net}, actor)
            if all(s.paid for s in rnd.seats.values()):
                self._emit("round_paid", {"house_net": self._house_net(rnd)}, actor)
                self._log.info("round_paid", round_id=rnd.round_id)

    def confirm_void(self, actor: str = CROUPIER) -> None:
        """Void a round that a fault has halted and that the rules void (stakes returned)."""
        with self._lock:
            rnd = self._open_round()
            if rnd.halt is None or rnd.halt.kind not in ("fault", "link", "deck"):
                raise RuleError("only a round halted by a device fault can be voided without a supervisor")
            self._void(rnd.halt.cause, actor)

    # ----------------------------------------------------------------- supervisor

    def _supervisor(self, badge: str, pin: str, action: str) -> str:
        if self.credentials is None:
            raise RuleError("no supervisor credentials are configured at this table")
        try:
            self.credentials.authenticate(badge, pin)
        except DealerStationError as exc:
            self._emit("supervisor_auth", {"badge": badge, "ok": False, "action": action, "reason": str(exc)},
                       f"supervisor:{badge}")
            self._log.warning("supervisor_denied", badge=badge, action=action, reason=str(exc))
            raise
        actor = f"supervisor:{badge}"
        self._emit("supervisor_auth", {"badge": badge, "ok": True, "action": action, "reason": "ok"}, actor)
        rnd = self.state.round
        self._log.info("supervisor_action", badge=badge, action=action, round_id=rnd.round_id if rnd else None)
        return actor

    def void(self, badge: str, pin: str, reason: str) -> None:
        """Supervisor void of the round in progress: every stake is returned."""
        with self._lock:
            rnd = self._open_round()
            if not reason.strip():
                raise RuleError("a void needs a reason", "reason")
            actor = self._supervisor(badge, pin, "void")
            cause = rnd.halt.cause if rnd.halt is not None else "supervisor"
            self._void(cause, actor, reason=reason)

    def accept_mismatch(self, badge: str, pin: str, reason: str) -> None:
        """Supervisor accepts a reader/shoe mismatch; the dealt card stands."""
        with self._lock:
            rnd = self._open_round()
            if rnd.halt is None or rnd.halt.kind != "mismatch":
                raise RuleError("there is no reader mismatch to accept")
            if not reason.strip():
                raise RuleError("accepting a mismatch needs a reason", "reason")
            actor = self._supervisor(badge, pin, "accept_mismatch")
            detail = rnd.halt.detail
            self._emit("halt_cleared", {"by": actor, "reason": reason, "accepted": detail}, actor)
            self._emit("card_revealed", {"position": detail["position"], "index": detail["index"],
                                         "card": detail["expected"], "read": detail["read"], "accepted": True}, actor)
            self._after_reveal()

    def clear_fault(self, badge: str, pin: str, reason: str) -> None:
        """Supervisor clears a deal fault before any card was exposed; the deal resumes."""
        with self._lock:
            rnd = self._open_round()
            if rnd.halt is None or rnd.halt.kind not in ("fault", "link"):
                raise RuleError("there is no device fault to clear")
            if rnd.exposed:
                raise RuleError("a card of this round was already exposed: the round must be voided")
            actor = self._supervisor(badge, pin, "clear_fault")
            self._emit("halt_cleared", {"by": actor, "reason": reason}, actor)
            if rnd.phase == DEALING and self.shoe is not None:
                self.shoe.reset()  # a jammed shoe refuses to move until reset
                self._request_packet()

    def correct_card(self, badge: str, pin: str, position: str, index: int, card: str) -> None:
        """Supervisor corrects a card recorded for a position (e.g. a mis-keyed entry)."""
        with self._lock:
            rnd = self._open_round()
            value = parse_card(card, "card")
            cards = rnd.cards.get(position)
            if cards is None or not 0 <= index < len(cards):
                raise RuleError(f"no card {index} at {position}", "position")
            if value in rnd.dealt_cards() and cards[index] != value:
                raise RuleError(f"card {card_str(value)} is already in play this round", "card")
            actor = self._supervisor(badge, pin, "correct_card")
            self._emit("card_corrected", {"position": position, "index": index, "card": value,
                                          "was": cards[index]}, actor)

    # ----------------------------------------------------------------- devices

    def on_deck_verified(self, count: int, missing: list[int], extra: list[int], duplicates: list[int]) -> None:
        with self._lock:
            ok = count == 52 and not missing and not extra and not duplicates
            self._emit("deck_verified", {"ok": ok, "count": count, "missing": missing, "extra": extra,
                                         "duplicates": duplicates}, "device:shuffler")
            rnd = self.state.round
            if not ok:
                self._log.warning("deck_bad", count=count, missing=cards_str(missing), extra=cards_str(extra))
                if rnd is not None and not rnd.finished and rnd.phase in (BETTING, NO_MORE_BETS):
                    self._emit("halted", {"kind": "deck", "cause": "deck_count_wrong", "device": "shuffler",
                                          "text": f"deck check failed: {count} cards, missing {cards_str(missing)}, "
                                                  f"extra {cards_str(extra)}, duplicates {cards_str(duplicates)}"},
                               "device:shuffler")
                return
            if rnd is not None and rnd.phase == NO_MORE_BETS and rnd.halt is None:
                self._start_deal()

    def on_card_dispensed(self, position: str, index: int, card: int) -> None:
        with self._lock:
            rnd = self.state.round
            if rnd is None or rnd.finished or rnd.phase != DEALING or rnd.halt is not None or self.hand_deal:
                self._log.warning("card_ignored", position=position, card=card_str(card),
                                  phase=self.phase)
                return
            pos, count = rnd.packets[rnd.packet_index]
            if card in rnd.dealt_cards():
                self._emit("card_dealt", {"position": position, "index": index, "card": card, "duplicate": True},
                           "device:shuffler")
                self._void("duplicate_card", STATION, reason=f"{card_str(card)} dealt twice")
                return
            if position != pos or len(rnd.cards.get(pos, [])) >= count:
                self._emit("card_dealt", {"position": position, "index": index, "card": card, "unexpected": True},
                           "device:shuffler")
                self._void("extra_card", STATION, reason=f"unexpected card {card_str(card)} for {position}")
                return
            self._emit("card_dealt", {"position": position, "index": index, "card": card}, "device:shuffler")

    def on_packet_done(self, position: str, count: int) -> None:
        with self._lock:
            rnd = self.state.round
            if rnd is None or rnd.finished or rnd.phase != DEALING or rnd.halt is not None:
                return
            pos, want = rnd.packets[rnd.packet_index]
            have = len(rnd.cards.get(pos, []))
            if position != pos or have != want:
                self._void("missing_card", STATION, reason=f"{pos}: {have} of {want} cards")
                return
            self._emit("packet_done", {"position": pos, "count": want}, STATION)
            self._request_packet()

    def on_card_read(self, card: int | None) -> None:
        with self._lock:
            rnd = self.state.round
            target = self.next_to_reveal()
            if rnd is None or rnd.finished or target is None or rnd.halt is not None:
                self._log.warning("read_ignored", card=None if card is None else card_str(card), phase=self.phase)
                return
            if card is None:
                pos, i = target
                self._emit("halted", {"kind": "unreadable", "cause": "card_unreadable", "device": "reader",
                                      "text": f"card unreadable at {pos} card {i + 1}: key it in",
                                      "detail": {"position": pos, "index": i}}, "device:reader")
                return
            self._reveal_read(card, manual=False, actor="device:reader")

    def _reveal_read(self, card: int, manual: bool, actor: str) -> None:
        rnd = self._open_round()
        target = self.next_to_reveal()
        if target is None:
            return
        pos, i = target
        known = rnd.cards.get(pos, [])
        if i >= len(known):  # dealt by hand: this read is how the station learns the card
            if card in rnd.dealt_cards():
                self._emit("read_rejected", {"position": pos, "index": i, "card": card,
                                             "reason": "already in play this round", "manual": manual}, actor)
                self._log.warning("read_rejected", round_id=rnd.round_id, position=pos, card=card_str(card))
                return
            self._emit("card_revealed", {"position": pos, "index": i, "card": card, "read": card, "manual": manual,
                                         "by_hand": True}, actor)
            self._after_reveal()
            return
        expected = known[i]
        if card != expected:
            self._emit("halted", {"kind": "mismatch", "cause": "reader_mismatch", "device": "reader",
                                  "text": f"misdeal alarm: read {card_str(card)} at {pos} card {i + 1}, "
                                          f"shoe dealt {card_str(expected)}",
                                  "detail": {"position": pos, "index": i, "read": card, "expected": expected,
                                             "manual": manual}}, actor)
            self._log.warning("reader_mismatch", round_id=rnd.round_id, position=pos, read=card_str(card),
                              expected=card_str(expected))
            return
        self._emit("card_revealed", {"position": pos, "index": i, "card": card, "read": card, "manual": manual},
                   actor)
        self._after_reveal()

    def _after_reveal(self) -> None:
        rnd = self._open_round()
        if self.next_to_reveal() is not None:
            return
        if rnd.phase == DEALER_REVEAL and self.hand_deal and self._reveal_targets(HANDS_REVEAL):
            self._emit("phase", {"phase": HANDS_REVEAL}, STATION)
            return
        if rnd.phase in (DEALER_REVEAL, HANDS_REVEAL):
            self._settle()
            return
        street = rnd.phase.removesuffix("_reveal")
        if self.seats_to_act(street):
            self._emit("phase", {"phase": street}, STATION)
        else:
            self._advance_streets(start=self.game.streets.index(street) + 1)

    def on_device_fault(self, device: str, code: str, text: str) -> None:
        with self._lock:
            rnd = self.state.round
            self._log.warning("device_fault", device=device, code=code, text=text,
                              round_id=rnd.round_id if rnd else None)
            if rnd is None or rnd.finished:
                self._emit("device_status", {"device": device, "state": f"fault:{code}"}, f"device:{device}")
                return
            if code == "card_unreadable" and device == "reader":
                self.on_card_read(None)
                return
            if code in DECK_FAULTS:
                self._void(code, STATION, reason=text)
                return
            if not self._fault_touches_round(device, rnd.phase):
                self._emit("device_fault", {"device": device, "code": code, "text": text}, f"device:{device}")
                if device == "shuffler" and rnd.phase in (BETTING, NO_MORE_BETS):
                    # Before the deal a shoe fault costs only the deck's verification.
                    self._emit("deck_invalidated", {"reason": code}, STATION)
                    self._request_deck_again(rnd)
                return
            kind = "link" if code in LINK_FAULTS else "fault"
            if rnd.halt is None:
                self._emit("halted", {"kind": kind, "cause": code, "device": device, "text": f"{device}: {text}"},
                           f"device:{device}")

    def _fault_touches_round(self, device: str, phase: str) -> bool:
        """Only the deal needs the shoe, only a reveal needs the reader (HARDWARE.md)."""
        if device == "shuffler":
            return phase == DEALING
        return phase.endswith("_reveal")

    def _request_deck_again(self, rnd: RoundState) -> None:
        """Reset, shuffle and verify again - a bounded number of times per round."""
        tries = self._deck_requests.get(rnd.round_id, 0)
        if tries >= MAX_DECK_REQUESTS or not self.state.device("shuffler").connected:
            return  # a shoe that keeps failing needs a person: void or fix it
        self._deck_requests = {rnd.round_id: tries + 1}
        self._request_deck()

    def on_link(self, device: str, up: bool, identity: Mapping[str, Any] | None = None, reason: str = "") -> None:
        with self._lock:
            self._emit("device_link", {"device": device, "up": up, "identity": dict(identity) if identity else None,
                                       "reason": reason}, f"device:{device}", round_id=None)
            rnd = self.state.round
            log_link = self._log.info if up else self._log.warning
            log_link("device_connected" if up else "device_link_lost", device=device, reason=reason or None,
                     identity=dict(identity) if identity else None,
                     round_id=rnd.round_id if rnd and not rnd.finished else None)
            if rnd is None or rnd.finished:
                return
            if device == "shuffler" and rnd.phase in (BETTING, NO_MORE_BETS):
                if not up and self.state.deck_verified:
                    self._emit("deck_invalidated", {"reason": "shuffler link lost"}, STATION)
                elif up and not self.state.deck_verified:
                    self._request_deck_again(rnd)
                return
            if not up:
                if rnd.halt is None and self._fault_touches_round(device, rnd.phase):
                    self._emit("halted", {"kind": "link", "cause": "link_lost", "device": device,
                                          "text": f"{device} link lost: {reason}"}, f"device:{device}")
                return
            if rnd.halt is not None and rnd.halt.kind == "link" and rnd.halt.device == device:
                if rnd.phase == DEALING:
                    # What the shoe dispensed before the loss is known, but its position in the
                    # deal after a reconnect or power-cycle is not: the round cannot go on.
                    self._void("link_lost", STATION, reason=f"{device} reconnected mid-deal")
                else:
                    self._emit("halt_cleared", {"by": STATION, "reason": f"{device} link restored"}, STATION)

    def on_status(self, device: str, state: str) -> None:
        with self._lock:
            if self.state.device(device).status == state:
                return  # heartbeats repeat the status; journal changes only
            self._emit("device_status", {"device": device, "state": state}, f"device:{device}", round_id=None)
            rnd = self.state.round
            if state == "door_open" and rnd is not None and not rnd.finished and rnd.phase == DEALING:
                self.on_device_fault(device, "door_open", "door open during the deal")

    # ----------------------------------------------------------------- settlement & void

    def round_record(self, rnd: RoundState) -> dict[str, Any]:
        """The round in the ROUND_RECORD.md exchange format (what recall and settle use)."""
        table = self.table
        record: dict[str, Any] = {
            "game": table.game,
            "min_chip": format_money(table.min_chip) if table.min_chip is not None else None,
            "limits": {k: {"min": format_money(v.min), "max": format_money(v.max)} for k, v in table.limits.items()},
            "paytables": {name: {cat: format_money(o) for cat, o in rows.items()}
                          for name, rows in table.paytables.items()},
            "dealer": cards_str(rnd.cards.get("dealer", [])),
            "board": cards_str(rnd.cards.get("board", [])),
            "seats": [
                {"seat": s.seat, "hole": cards_str(s.hole),
                 "bets": {k: format_money(v) for k, v in s.bets.items()}, "actions": list(s.actions)}
                for s in sorted(rnd.seats.values(), key=lambda s: s.seat)
            ],
        }
        if record["min_chip"] is None:
            del record["min_chip"]
        return record

    def _settle(self) -> None:
        rnd = self._open_round()
        record = self.round_record(rnd)
        settlement = self.game.settle(self.game.parse_record(record, self.table))
        self._emit("settled", {"record": record, "settlement": settlement}, STATION)
        self._log.info("round_settled", round_id=rnd.round_id, breakage=settlement.get("breakage"))

    @staticmethod
    def _house_net(rnd: RoundState) -> str:
        total = sum((Decimal(s["net"]) for s in (rnd.settlement or {}).get("seats", [])), Decimal(0))
        return format_money(-total)

    def _void(self, cause: str, actor: str, reason: str = "") -> None:
        rnd = self._open_round()
        record = self.round_record(rnd)
        self._emit("round_voided", {"cause": cause, "phase": rnd.phase, "by": actor, "reason": reason,
                                    "returned": {str(s): format_money(v) for s, v in rnd.stakes().items()},
                                    "record": record}, actor)
        self._log.warning("round_voided", round_id=rnd.round_id, cause=cause, by=actor, reason=reason)

    # ----------------------------------------------------------------- views

    def banner(self) -> str:
        """One line saying what happens next (for the croupier's screen and logs)."""
        rnd = self.state.round
        if rnd is None or rnd.phase == PAID:
            return "Open betting for the next round"
        if rnd.phase == VOID:
            return f"Round void ({rnd.void['cause'] if rnd.void else ''}): stakes returned. Open the next round"
        if rnd.halt is not None:
            return f"HALTED - {rnd.halt.text or rnd.halt.cause}"
        if rnd.phase == BETTING:
            return "Place your bets, then call No more bets"
        if rnd.phase == NO_MORE_BETS:
            return "No more bets - waiting for a verified deck"
        if rnd.phase == DEALING:
            if self.hand_deal:
                return "Deal by hand, face down: two to each seat, two to the dealer, five to the board; then Cards dealt"
            return "Dealing"
        if rnd.phase in self.game.streets:
            waiting = self.seats_to_act()
            return f"{rnd.phase.capitalize()} decision: seat {waiting[0]}" if waiting else rnd.phase
        if rnd.phase.endswith("_reveal"):
            target = self.next_to_reveal()
            what = {DEALER_REVEAL: "dealer's hand", HANDS_REVEAL: "players' hands"}.get(
                rnd.phase, rnd.phase.removesuffix("_reveal"))
            how = ("pass the cards over the reader" if self.has_reader
                   else "key each card" if self.hand_deal else "turn the cards over")
            return f"Reveal the {what}: {how}" + (f" ({target[0]} card {target[1] + 1})" if target else "")
        if rnd.phase == SETTLEMENT:
            unpaid = [s for s in sorted(rnd.seats, reverse=True) if not rnd.seats[s].paid]
            return f"Settle seat {unpaid[0]} (right to left)" if unpaid else "Settled"
        return rnd.phase
