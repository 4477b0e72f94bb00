"""The banking round (each seat against the dealer): commands and device reports -> events.

Every method here decides: it reads the transaction's scratch state, refuses what the
rules refuse (``RuleError``, before anything is emitted), and emits the events that
follow, including every automatic step after them (next phase, settlement, round paid)
so that one command is one journal transaction. Device requests are emitted as events
(``deck_requested``, ``packet_requested``) and carried out by the session after the
commit, as effects. The game module supplies the rules of its own game: stakes, deal
plan, decisions, reveals, record and settlement.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from ..cards import card_str, cards_str
from ..errors import RuleError
from ..games.base import BankingGame
from ..money import ZERO, format_money, parse_money
from . import device_policy as policy
from . import events as ev
from .phases import (
    CROUPIER_COMMANDS,
    DEALER_REVEAL,
    DEALING,
    HANDS_REVEAL,
    NO_MORE_BETS,
    PhaseGraph,
    Stage,
    banking_graph,
    reveal_phase,
)
from .state import RoundState, TableState

if TYPE_CHECKING:
    from ..config import TableConfig
    from .session import Tx

STATION, CROUPIER = "station", "croupier"
MAX_DECK_REQUESTS = 3


class BankingFlow:
    """Rules of a banking round for one table (game + profile + which devices it has).

    A family's flow says which croupier commands exist (``commands``, data in
    ``phases``) and implements each as a method taking the transaction first.
    """

    commands = CROUPIER_COMMANDS

    def __init__(self, game: BankingGame, table: TableConfig, *, has_shoe: bool, has_reader: bool) -> None:
        self.game = game
        self.table = table
        self.has_shoe = has_shoe
        self.has_reader = has_reader
        self.hand_deal = table.deal_mode == "hand"
        self.graph: PhaseGraph = banking_graph(game.streets, lambda s: bool(game.reveals.get(s)), self.hand_deal)

    # ----------------------------------------------------------------- queries (pure)

    def stage(self, state: TableState) -> Stage:
        rnd = state.round
        if rnd is None:
            return Stage.IDLE
        return self.graph.phase(rnd.phase).stage

    def stakes(self, rnd: RoundState, seat: int) -> dict[str, Decimal]:
        """What ``seat`` has on the table per spot now (the game's one definition)."""
        st = rnd.seats.get(seat)
        return {} if st is None else self.game.stakes(st.bets, st.actions)

    def total_stakes(self, rnd: RoundState) -> dict[int, Decimal]:
        return {s: sum(self.stakes(rnd, s).values(), ZERO) for s in sorted(rnd.seats)}

    def seats_to_act(self, rnd: RoundState | None, street: str | None = None) -> list[int]:
        """Seats with a decision still to make on ``street`` (default: the current phase), in seat order."""
        if rnd is None:
            return []
        street = street or rnd.phase
        if street not in self.game.streets:
            return []
        return [s for s in sorted(rnd.seats) if self.game.legal_actions(rnd.seats[s].actions, street)]

    def legal_actions(self, rnd: RoundState | None, seat: int) -> list[str]:
        """Decisions open to ``seat`` right now (empty unless it is that seat's turn)."""
        if rnd is None or rnd.halt is not None or self.graph.phase(rnd.phase).stage is not Stage.DECISION:
            return []
        waiting = self.seats_to_act(rnd)
        if not waiting or waiting[0] != seat:
            return []
        return list(self.game.legal_actions(rnd.seats[seat].actions, rnd.phase))

    def reveal_targets(self, rnd: RoundState, phase: str) -> list[tuple[str, int]]:
        """(position, card index) turned up in a reveal phase, in the order they are shown."""
        if phase == HANDS_REVEAL:  # hand deal: every seat's cards read at showdown
            return [(pos, i) for pos, count in rnd.packets if pos.startswith("seat") for i in range(count)]
        info = self.graph.phases.get(phase)
        if info is None or info.stage is not Stage.REVEAL:
            return []
        reveals = self.game.final_reveal if phase == DEALER_REVEAL else self.game.reveal_before(info.street or "")
        return self.game.reveal_targets(reveals, rnd, self.hand_deal)

    def next_to_reveal(self, rnd: RoundState | None) -> tuple[str, int] | None:
        if rnd is None or rnd.finished:
            return None
        for pos, i in self.reveal_targets(rnd, rnd.phase):
            if rnd.revealed.get(pos, 0) <= i:
                return pos, i
        return None

    def cards_on_table(self, rnd: RoundState | None, position: str) -> list[int | None]:
        """The cards lying at ``position``: known ones as cards, hand-dealt unknown ones as None."""
        if rnd is None:
            return []
        known: list[int | None] = list(rnd.cards.get(position, []))
        if rnd.by_hand and not rnd.void and self.graph.phase(rnd.phase).stage is not Stage.DEALING:
            known += [None] * (rnd.packet_size(position) - len(known))
        return known

    def awaiting_key(self, rnd: RoundState | None) -> bool:
        """Whether the croupier may key a card in now (unreadable card, or hand-deal reveal)."""
        if rnd is None or rnd.finished:
            return False
        if rnd.halt is not None:
            return rnd.halt.kind == "unreadable"
        return self.hand_deal and self.next_to_reveal(rnd) is not None

    def record(self, rnd: RoundState) -> dict[str, Any]:
        """The round in the ROUND_RECORD.md exchange format, from the one store of each fact."""
        return self.game.build_record(self.table, rnd)

    # ----------------------------------------------------------------- croupier commands

    def open_round(self, tx: Tx) -> str:
        number = tx.state.rounds_started + 1
        round_id = f"{self.table.table_id}-{number:06d}"
        tx.emit(ev.RoundOpened(round_id, number), CROUPIER)
        self.request_deck(tx)
        return round_id

    def request_deck(self, tx: Tx, *, again: bool = False) -> None:
        """Every round starts from a fresh deck: reset (clears a jam), shuffle, verify.

        After a shoe fault before the deal the deck is asked for again, a bounded number
        of times per round: a shoe that keeps failing needs a person.
        """
        state = tx.state
        if not self.has_shoe or state.deck_verified:
            return
        if again and (state.deck_attempts >= MAX_DECK_REQUESTS or not state.device(policy.SHUFFLER).connected):
            return
        tx.emit(ev.DeckRequested(state.deck_attempts + 1), STATION)
        tx.effect(policy.SHUFFLER, "deck")

    def set_bets(self, tx: Tx, seat: object, bets: Mapping[str, Any], player: object = None) -> None:
        """Place or change every stake of ``seat``; ``player``: the seat of a player taking the spot over."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 1 <= seat <= self.table.seats:
            raise RuleError(f"seat {seat!r} is not a seat of this table (1..{self.table.seats})", "seat")
        if not isinstance(bets, Mapping):
            raise RuleError("bets must map spots to amounts", "bets")
        parsed = {spot: parse_money(v, f"bets.{spot}") for spot, v in bets.items() if v not in (None, "", 0, "0")}
        if parsed:
            parsed = self.game.validate_bets(seat, parsed, self.table, f"seat{seat}.bets")
        if player is not None and player != seat:
            if not isinstance(player, int) or isinstance(player, bool) or player not in tx.round.seats:
                raise RuleError(f"seat {player!r} has no player betting this round", "player")
            self.game.check_takeover(self.table, seat, player,
                                     {s.seat: s.player for s in tx.round.seats.values() if s.seat != seat})
        else:
            player = None
        tx.emit(ev.BetsSet(seat, parsed, player), CROUPIER)

    def no_more_bets(self, tx: Tx) -> None:
        rnd = tx.round
        tx.emit(ev.NoMoreBets({str(s): v for s, v in self.total_stakes(rnd).items()}), CROUPIER)
        self.game.on_bets_locked(tx)
        self.start_deal(tx)

    def start_deal(self, tx: Tx) -> None:
        rnd = tx.round
        if self.has_shoe and not tx.state.deck_verified:
            return  # the deal starts when the deck verification arrives
        plan = self.game.deal_plan(sorted(rnd.seats), self.table.deal_mode)
        tx.emit(ev.DealStarted(tuple(plan), by_hand=self.hand_deal), STATION)
        if not self.hand_deal:
            self.request_packet(tx)
        # By hand, the croupier deals face down and confirms with ``deal_done``; the
        # cards become known as they are read or keyed at each reveal.

    def request_packet(self, tx: Tx) -> None:
        """Ask the shoe for what the current packet still lacks, or end the deal."""
        rnd = tx.round
        if rnd.packet_index < len(rnd.packets):
            pos, count = rnd.packets[rnd.packet_index]
            have = len(rnd.cards.get(pos, []))
            tx.emit(ev.PacketRequested(pos, count - have), STATION)
            tx.effect(policy.SHUFFLER, "packet")
        else:
            self.advance(tx, 0)

    def deal_done(self, tx: Tx) -> None:
        self.advance(tx, 0)

    def decide(self, tx: Tx, seat: object, action: object) -> None:
        rnd = tx.round
        street = rnd.phase
        if not isinstance(seat, int) or seat not in rnd.seats:
            raise RuleError(f"seat {seat} has no hand this round", "seat")
        waiting = self.seats_to_act(rnd)
        if not waiting or waiting[0] != seat:
            who = f"seat {waiting[0]} acts first" if waiting else "no seat acts now"
            raise RuleError(f"seat {seat} is out of turn: {who}", "seat")
        if not isinstance(action, str):
            raise RuleError(f"not an action: {action!r}", "action")
        self.game.apply_action(rnd.seats[seat].actions, street, action, f"seat{seat}.action")
        tx.emit(ev.Decision(seat, street, action), CROUPIER)
        if not self.seats_to_act(tx.round, street):
            self.advance(tx, self.game.streets.index(street) + 1)

    def reveal(self, tx: Tx) -> None:
        """The croupier turns over the cards of this reveal (tables without a reader)."""
        rnd = tx.round
        while (target := self.next_to_reveal(rnd)) is not None:
            pos, i = target
            tx.emit(ev.CardRevealed(pos, i, rnd.cards[pos][i]), CROUPIER)
        self.after_reveal(tx)

    def key_card(self, tx: Tx, card: int) -> None:
        """Manual entry of a card: unreadable by the reader, or dealt by hand (journaled as manual)."""
        rnd = tx.round
        if rnd.halt is not None:
            tx.emit(ev.HaltCleared(CROUPIER, "card keyed"), CROUPIER)
        self.reveal_read(tx, card, manual=True, actor=CROUPIER)

    def mark_paid(self, tx: Tx, seat: object) -> None:
        rnd = tx.round
        if not isinstance(seat, int) or seat not in rnd.seats:
            raise RuleError(f"seat {seat} has no hand this round", "seat")
        if rnd.seats[seat].paid:
            raise RuleError(f"seat {seat} is already paid", "seat")
        net = next((s["net"] for s in (rnd.settlement or {}).get("seats", []) if s["seat"] == seat), "0")
        tx.emit(ev.SeatPaid(seat, Decimal(net)), CROUPIER)
        if all(s.paid for s in tx.round.seats.values()):
            self.finish(tx, CROUPIER)

    def finish(self, tx: Tx, actor: str) -> None:
        rnd = tx.round
        house = -sum((Decimal(s["net"]) for s in (rnd.settlement or {}).get("seats", [])), ZERO)
        handle = sum(self.total_stakes(rnd).values(), ZERO)
        tx.emit(ev.RoundPaid(house, handle), actor)

    # ----------------------------------------------------------------- the round moving on

    def advance(self, tx: Tx, start: int) -> None:
        """Move to the next reveal or decision phase that has something to do."""
        rnd = tx.round
        streets = self.game.streets
        for index in range(start, len(streets)):
            street = streets[index]
            if self.reveal_targets(rnd, reveal_phase(street)) and not self._revealed_all(rnd, reveal_phase(street)):
                tx.emit(ev.PhaseChanged(reveal_phase(street)), STATION)
                return
            if self.seats_to_act(rnd, street):
                tx.emit(ev.PhaseChanged(street), STATION)
                return
        tx.emit(ev.PhaseChanged(DEALER_REVEAL), STATION)
        if self.next_to_reveal(tx.round) is None:
            self.after_reveal(tx)

    def _revealed_all(self, rnd: RoundState, phase: str) -> bool:
        return all(rnd.revealed.get(pos, 0) > i for pos, i in self.reveal_targets(rnd, phase))

    def after_reveal(self, tx: Tx) -> None:
        rnd = tx.round
        if self.next_to_reveal(rnd) is not None:
            return
        phase = rnd.phase
        self.game.on_reveal_complete(tx, phase)
        rnd = tx.round
        if rnd.halt is not None or rnd.finished:
            return  # e.g. a jackpot waiting for its verification: the round goes on after it
        if phase == DEALER_REVEAL and self.hand_deal and self.reveal_targets(rnd, HANDS_REVEAL):
            tx.emit(ev.PhaseChanged(HANDS_REVEAL), STATION)
            return
        if phase in (DEALER_REVEAL, HANDS_REVEAL):
            self.settle(tx)
            return
        street = self.graph.phase(phase).street or ""
        if self.seats_to_act(rnd, street):
            tx.emit(ev.PhaseChanged(street), STATION)
        else:
            self.advance(tx, self.game.streets.index(street) + 1)

    def settle(self, tx: Tx) -> None:
        rnd = tx.round
        record = self.record(rnd)
        settlement = self.game.settle(self.game.parse_record(record, self.table))
        tx.emit(ev.Settled(record, settlement), STATION)

    def resume_pending(self, tx: Tx) -> None:
        """Take an automatic step the round is due (after recovery or a cleared halt).

        A command journals its follow-on steps in its own transaction, so this matters
        for journals of earlier versions (which journaled them one by one) and for a round
        released from a halt that stopped it between two steps.
        """
        rnd = tx.state.round
        if rnd is None or rnd.finished or rnd.halt is not None:
            return
        info = self.graph.phase(rnd.phase)
        if info.stage is Stage.REVEAL and self.next_to_reveal(rnd) is None:
            self.after_reveal(tx)
        elif info.stage is Stage.DECISION and not self.seats_to_act(rnd):
            self.advance(tx, self.game.streets.index(rnd.phase) + 1)
        elif info.stage is Stage.SETTLEMENT and rnd.seats and all(s.paid for s in rnd.seats.values()):
            self.finish(tx, STATION)

    # ----------------------------------------------------------------- void

    def void(self, tx: Tx, cause: str, actor: str, reason: str = "") -> None:
        """Void the round: every stake of every seat is returned (the game's stakes, Play included)."""
        rnd = tx.round
        returned = {str(s): v for s, v in self.total_stakes(rnd).items()}
        record = self.record(rnd)
        self.game.on_void(tx)
        tx.emit(ev.RoundVoided(cause, rnd.phase, actor, returned, reason, record), actor)

    # ----------------------------------------------------------------- supervisor decisions

    def accept_mismatch(self, tx: Tx, actor: str, reason: str) -> None:
        rnd = tx.round
        assert rnd.halt is not None
        detail = rnd.halt.detail
        tx.emit(ev.HaltCleared(actor, reason, dict(detail)), actor)
        tx.emit(ev.CardRevealed(detail["position"], detail["index"], detail["expected"], read=detail["read"],
                                accepted=True), actor)
        self.after_reveal(tx)

    def clear_fault(self, tx: Tx, actor: str, reason: str) -> None:
        tx.emit(ev.HaltCleared(actor, reason), actor)
        if tx.round.phase == DEALING and self.has_shoe and not self.hand_deal:
            self.request_packet(tx)  # the effect resets the shoe first: a jammed shoe waits for it

    def correct_card(self, tx: Tx, actor: str, position: str, index: int, card: int) -> None:
        tx.emit(ev.CardCorrected(position, index, card, tx.round.cards[position][index]), actor)

    def check_correction(self, rnd: RoundState, position: str, index: object, card: int) -> None:
        cards = rnd.cards.get(position)
        if cards is None or not isinstance(index, int) or not 0 <= index < len(cards):
            raise RuleError(f"no card {index} at {position}", "position")
        if card in rnd.dealt_cards() and cards[index] != card:
            raise RuleError(f"card {card_str(card)} is already in play this round", "card")

    # ----------------------------------------------------------------- device reports

    def on_deck_verified(self, tx: Tx, count: int, missing: list[int], extra: list[int], duplicates: list[int]) -> None:
        ok = count == 52 and not missing and not extra and not duplicates
        tx.emit(ev.DeckVerified(ok, count, tuple(missing), tuple(extra), tuple(duplicates)), "device:shuffler")
        rnd = tx.state.round
        if rnd is None or rnd.finished:
            return
        stage = self.stage(tx.state)
        if not ok:
            if stage in (Stage.BETTING, Stage.LOCKED) and rnd.halt is None:
                tx.emit(ev.Halted("deck", "deck_count_wrong",
                                  f"deck check failed: {count} cards, missing {' '.join(cards_str(missing)) or '-'}, "
                                  f"extra {' '.join(cards_str(extra)) or '-'}, "
                                  f"duplicates {' '.join(cards_str(duplicates)) or '-'}", "shuffler"),
                        "device:shuffler")
            return
        if rnd.phase == NO_MORE_BETS and rnd.halt is None:
            self.start_deal(tx)

    def on_card_dispensed(self, tx: Tx, position: str, index: int, card: int) -> bool:
        """A card the shoe dealt; False when the round was not expecting one (not journaled)."""
        rnd = tx.state.round
        if rnd is None or rnd.finished or rnd.phase != DEALING or rnd.halt is not None or self.hand_deal:
            return False
        pos, count = rnd.packets[rnd.packet_index]
        if card in rnd.dealt_cards():
            tx.emit(ev.CardDealt(position, index, card, duplicate=True), "device:shuffler")
            self.void(tx, "duplicate_card", STATION, reason=f"{card_str(card)} dealt twice")
            return True
        if position != pos or len(rnd.cards.get(pos, [])) >= count:
            tx.emit(ev.CardDealt(position, index, card, unexpected=True), "device:shuffler")
            self.void(tx, "extra_card", STATION, reason=f"unexpected card {card_str(card)} for {position}")
            return True
        tx.emit(ev.CardDealt(position, index, card), "device:shuffler")
        return True

    def on_packet_done(self, tx: Tx, position: str, count: int) -> bool:
        rnd = tx.state.round
        if rnd is None or rnd.finished or rnd.phase != DEALING or rnd.halt is not None or self.hand_deal:
            return False
        pos, want = rnd.packets[rnd.packet_index]
        have = len(rnd.cards.get(pos, []))
        if position != pos or have != want:
            self.void(tx, "missing_card", STATION, reason=f"{pos}: {have} of {want} cards")
            return True
        tx.emit(ev.PacketDone(pos, want), STATION)
        self.request_packet(tx)
        return True

    def on_card_read(self, tx: Tx, card: int | None) -> bool:
        rnd = tx.state.round
        target = self.next_to_reveal(rnd)
        if rnd is None or rnd.finished or target is None or rnd.halt is not None:
            return False
        if card is None:
            pos, i = target
            tx.emit(ev.Halted("unreadable", "card_unreadable", f"card unreadable at {pos} card {i + 1}: key it in",
                              "reader", {"position": pos, "index": i}), "device:reader")
            return True
        self.reveal_read(tx, card, manual=False, actor="device:reader")
        return True

    def reveal_read(self, tx: Tx, card: int, manual: bool, actor: str) -> None:
        rnd = tx.round
        target = self.next_to_reveal(rnd)
        if target is None:
            return
        pos, i = target
        known = rnd.cards.get(pos, [])
        if i >= len(known):  # dealt by hand: this read is how the station learns the card
            if card in rnd.dealt_cards():
                tx.emit(ev.ReadRejected(pos, i, card, "already in play this round", manual), actor)
                return
            tx.emit(ev.CardRevealed(pos, i, card, read=card, manual=manual, by_hand=True), actor)
            self.after_reveal(tx)
            return
        expected = known[i]
        if card != expected:
            tx.emit(ev.Halted("mismatch", "reader_mismatch",
                              f"misdeal alarm: read {card_str(card)} at {pos} card {i + 1}, "
                              f"shoe dealt {card_str(expected)}", "reader",
                              {"position": pos, "index": i, "read": card, "expected": expected, "manual": manual}),
                    actor)
            return
        tx.emit(ev.CardRevealed(pos, i, card, read=card, manual=manual), actor)
        self.after_reveal(tx)

    def on_device_fault(self, tx: Tx, device: str, code: str, text: str) -> None:
        """HARDWARE.md's response (``device_policy``) to a fault a device reported."""
        state = tx.state
        rnd = state.round
        actor = f"device:{device}"
        stage = self.stage(state)
        if rnd is None or rnd.finished or not policy.touches_round(device, stage, code):
            tx.emit(ev.DeviceFault(device, code, text), actor)
            if device == policy.SHUFFLER and stage in (Stage.BETTING, Stage.LOCKED) and rnd is not None:
                # Before the deal a shoe fault costs only the deck's verification.
                if state.deck_verified:
                    tx.emit(ev.DeckInvalidated(code), STATION)
                self.request_deck(tx, again=True)
            return
        if code == "card_unreadable" and device == policy.READER:
            self.on_card_read(tx, None)
            return
        rule = policy.rule_for(code)
        if rule.response is policy.Response.VOID:
            self.void(tx, code, STATION, reason=text)
            return
        if rnd.halt is None:
            tx.emit(ev.Halted(rule.halt or "fault", code, f"{device}: {text}", device), actor)

    def on_link(self, tx: Tx, device: str, up: bool, identity: Mapping[str, Any] | None, reason: str) -> None:
        tx.emit(ev.DeviceLink(device, up, dict(identity) if identity else None, reason), f"device:{device}")
        state = tx.state
        rnd = state.round
        if rnd is None or rnd.finished:
            return
        stage = self.stage(state)
        if device == policy.SHUFFLER and stage in (Stage.BETTING, Stage.LOCKED):
            if not up and state.deck_verified:
                tx.emit(ev.DeckInvalidated(f"{device} link lost"), STATION)
            elif up and not state.deck_verified:
                self.request_deck(tx, again=True)
            return
        if not up:
            if rnd.halt is None and policy.touches_round(device, stage, "link_lost"):
                tx.emit(ev.Halted("link", "link_lost", f"{device} link lost: {reason}", device), f"device:{device}")
            return
        halt = rnd.halt
        if halt is None or halt.kind != "link" or halt.device != device:
            return
        if halt.detail.get("pending"):
            # The request never reached the device (it was down when we asked): the
            # round's cards are all known, so the step is simply asked for again.
            tx.emit(ev.HaltCleared(STATION, f"{device} link restored: retrying {halt.detail['pending']}"), STATION)
            if rnd.phase == DEALING and device == policy.SHUFFLER:
                self.request_packet(tx)
            self.resume_pending(tx)
        elif rnd.phase == DEALING:
            # What the shoe dispensed before the loss is known, but its position in the
            # deal after a reconnect or power-cycle is not: the round cannot go on.
            self.void(tx, "link_lost", STATION, reason=f"{device} reconnected mid-deal")
        else:
            tx.emit(ev.HaltCleared(STATION, f"{device} link restored"), STATION)

    def on_status(self, tx: Tx, device: str, state_name: str) -> None:
        tx.emit(ev.DeviceStatus(device, state_name), f"device:{device}")
        rnd = tx.state.round
        if state_name == "door_open" and rnd is not None and not rnd.finished and rnd.phase == DEALING:
            self.on_device_fault(tx, device, "door_open", "door open during the deal")

    def on_effect_failed(self, tx: Tx, device: str, what: str, problem: str) -> None:
        """A device call failed after its request was journaled: the fault path, never an exception."""
        rnd = tx.state.round
        stage = self.stage(tx.state)
        if rnd is None or rnd.finished or stage in (Stage.IDLE, Stage.BETTING, Stage.LOCKED):
            # Before the deal: the deck is asked for again when the link returns.
            tx.emit(ev.DeviceFault(device, "link_lost", f"{what} request not delivered: {problem}"),
                    f"device:{device}")
            return
        if rnd.halt is None:
            tx.emit(ev.Halted("link", "link_lost", f"{device}: {what} request not delivered: {problem}", device,
                              {"pending": what}), STATION)

    # ----------------------------------------------------------------- recovery

    def recover(self, tx: Tx) -> None:
        """After a restart: void a shoe deal in progress (its position is lost), else resume."""
        rnd = tx.state.round
        if rnd is None or rnd.finished:
            return
        if rnd.phase == DEALING and not self.hand_deal and rnd.halt is None:
            self.void(tx, "station_restart", STATION, reason="deal interrupted by a station restart")
            return
        if rnd.phase == DEALING and not self.hand_deal and rnd.halt is not None:
            self.void(tx, "station_restart", STATION, reason=f"deal halted ({rnd.halt.cause}) when the station restarted")
            return
        self.resume_pending(tx)

    def format_stakes(self, rnd: RoundState, seat: int) -> dict[str, str]:
        return {k: format_money(v) for k, v in self.stakes(rnd, seat).items()}
