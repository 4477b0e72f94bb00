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

from collections.abc import Collection, Mapping
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from ..errors import RuleError
from ..games.base import BankingGame
from ..money import ZERO, format_money, parse_money
from ..table import events as ev
from ..table.commands import BANKING_COMMANDS, Command, command_table
from ..table.phases import (
    DEALER_REVEAL,
    HANDS_REVEAL,
    PhaseGraph,
    Stage,
    banking_graph,
    reveal_phase,
)
from ..table.sensing import PayoutOverridden
from ..table.state import RoundState, TableState
from ..wire.roles import Role
from .deal import CROUPIER, STATION, DealFlow

if TYPE_CHECKING:
    from ..config import TableConfig
    from ..table.transaction import Transaction as Tx
    from .bet_sensing import BetSensing


class BankingFlow(DealFlow):
    """Rules of a banking round for one table (game + profile + which devices it has).

    A family's flow says which commands exist (``commands``, data in ``table/commands.py``)
    and implements each as a method taking the transaction first. The deck,
    the deal, the reveals and the device reports are ``DealFlow``'s.
    """

    commands: dict[str, Command] = command_table(BANKING_COMMANDS)
    game: BankingGame
    sensing: BetSensing | None = None
    """The table's bet sensing when it has a bet sensor (the session sets it): it locks the sensed stakes."""

    def __init__(self, game: BankingGame, table: TableConfig, roles: Collection[Role] = ()) -> None:
        super().__init__(table, roles)
        self.game = game
        self.graph: PhaseGraph = banking_graph(game.streets, lambda s: bool(game.reveals.get(s)), self.hand_deal)

    # ----------------------------------------------------------------- queries (pure)

    def rated_spots(self) -> tuple[str, ...]:
        """Placed spots with an edge of their own (UTH Ante, Trips; THB Ante, Bonus, Pool)."""
        return tuple(s for s in self.game.placeable_spots if s not in self.game.edge_free_spots)

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
        if phase == HANDS_REVEAL:  # hand deal: every seat's cards read at showdown, but a fold with nothing on them
            return [(pos, i) for pos, count in rnd.packets if pos.startswith("seat") and not self.done_at_fold(rnd, pos)
                    for i in range(count)]
        info = self.graph.phases.get(phase)
        if info is None or info.stage is not Stage.REVEAL:
            return []
        reveals = self.game.final_reveal if phase == DEALER_REVEAL else self.game.reveal_before(info.street or "")
        return self.game.reveal_targets(reveals, rnd, self.hand_deal)

    def done_at_fold(self, rnd: RoundState, position: str) -> bool:
        """A seat (``seatN``) that folded with nothing left on its cards (``BankingGame.done_at_fold``)."""
        seat = rnd.seats.get(int(position[4:])) if position[4:].isdigit() else None
        return seat is not None and self.game.done_at_fold(seat.bets, seat.actions)

    def record(self, rnd: RoundState) -> dict[str, Any]:
        """The round in the ROUND_RECORD.md exchange format, from the one store of each fact."""
        return self.game.build_record(self.table, rnd)

    # ----------------------------------------------------------------- croupier commands

    def open_round(self, tx: Tx) -> str:
        number = tx.state.rounds_started + 1
        round_id = f"{self.table.table_id}-{number:06d}"
        tx.emit(ev.RoundOpened(round_id, number, terms=tx.state.terms_digest), CROUPIER)
        self.request_deck(tx)
        return round_id

    def set_bets(self, tx: Tx, seat: object, bets: Mapping[str, Any], player: object = None) -> None:
        """Place or change every stake of ``seat``; ``player``: the seat of a player taking the spot over."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 1 <= seat <= self.table.seats:
            raise RuleError(f"seat {seat!r} is not a seat of this table (1..{self.table.seats})", "seat")
        if not isinstance(bets, Mapping):
            raise RuleError("bets must map spots to amounts", "bets")
        parsed = {spot: parse_money(v, f"bets.{spot}") for spot, v in bets.items() if v not in (None, "", 0, "0")}
        if parsed:
            parsed = self.game.validate_bets(seat, parsed, self.table, f"seat{seat}.bets")
            self.game.check_bets_open(tx, seat, parsed)
        if player is not None and player != seat:
            if not isinstance(player, int) or isinstance(player, bool) or player not in tx.round.seats:
                raise RuleError(f"seat {player!r} has no player betting this round", "player")
            self.game.check_takeover(self.table, seat, player,
                                     {s.seat: s.player for s in tx.round.seats.values() if s.seat != seat})
        else:
            player = None
        self.refuse_held_stake(tx, seat, bool(parsed))
        tx.emit(ev.BetsSet(seat, parsed, player), CROUPIER)

    def no_more_bets(self, tx: Tx) -> None:
        if self.sensing is not None:
            self.sensing.lock(tx)
        rnd = tx.round
        stakes = self.total_stakes(rnd)
        for seat, amount in stakes.items():  # a sensed stake at a held seat too
            self.refuse_held_stake(tx, seat, amount > 0)
        tx.emit(ev.NoMoreBets({str(s): v for s, v in stakes.items()}), CROUPIER)
        self.game.on_bets_locked(tx)
        self.start_deal(tx)

    def start_deal(self, tx: Tx) -> None:
        rnd = tx.round
        if self.has_shoe and not tx.state.deck_verified:
            return  # the deal starts when the deck verification arrives
        plan = self.game.deal_plan(sorted(rnd.seats), self.table.deal_mode)
        tx.emit(ev.DealStarted(tuple(plan), by_hand=not self.shoe_deals), STATION)
        self.deal_next_part(tx)
        # By hand, the croupier deals face down and confirms with ``deal_done``; the
        # cards become known as they are read or keyed at each reveal. From a reading
        # shoe each card is known as it is drawn and the round moves on once all are.

    def deal_done(self, tx: Tx) -> None:
        if self.reading_shoe:
            self.shoe_deal_done(tx)  # still in the deal: the plan is not complete
            return
        self.advance(tx, 0)

    def packets_done(self, tx: Tx) -> None:
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
        before = self.stakes(rnd, seat)
        after = self.game.apply_action(rnd.seats[seat].actions, street, action, f"seat{seat}.action")
        raised = sum(self.game.stakes(rnd.seats[seat].bets, after).values(), ZERO) > sum(before.values(), ZERO)
        self.refuse_held_stake(tx, seat, raised)  # a held seat may check or fold, never add a stake
        tx.emit(ev.Decision(seat, street, action), CROUPIER)
        if self.sensing is not None:
            self.sensing.check_decision(tx, seat, before, self.stakes(tx.round, seat))
        if not self.seats_to_act(tx.round, street):
            self.advance(tx, self.game.streets.index(street) + 1)

    def check_rest(self, tx: Tx) -> None:
        """Every seat still to act on this street checks (the players tapped the table): one command, each
        check journaled as the seat's own decision, then the round moves on."""
        rnd = tx.round
        street = rnd.phase
        waiting = self.seats_to_act(rnd)
        if not waiting or any("check" not in self.game.legal_actions(rnd.seats[s].actions, street) for s in waiting):
            raise RuleError("a seat still to act on this street cannot check", "seat")
        for seat in waiting:
            self.decide(tx, seat, "check")

    def reveal(self, tx: Tx) -> None:
        """The croupier turns over the cards of this reveal (tables without a reader)."""
        rnd = tx.round
        while (target := self.next_to_reveal(rnd)) is not None:
            pos, i = target
            tx.emit(ev.CardRevealed(pos, i, rnd.cards[pos][i]), CROUPIER)
        self.after_reveal(tx)

    def mark_paid(self, tx: Tx, seat: object) -> None:
        """The croupier paid ``seat``; with a bet sensor only when the chips on its spots are what is due."""
        self._check_payable(tx, seat)
        assert isinstance(seat, int)
        if self.sensing is not None:
            self.sensing.check_paid(tx, seat, self.stakes(tx.round, seat))
        self.pay_seat(tx, seat)

    def _check_payable(self, tx: Tx, seat: object) -> None:
        rnd = tx.round
        if not isinstance(seat, int) or seat not in rnd.seats:
            raise RuleError(f"seat {seat} has no hand this round", "seat")
        if rnd.seats[seat].paid:
            raise RuleError(f"seat {seat} is already paid", "seat")

    def pay_seat(self, tx: Tx, seat: int) -> None:
        """Journal ``seat`` paid (and the round when it was the last); not a croupier command: a
        supervisor's override of the bet sensor's payout check comes here too."""
        self._check_payable(tx, seat)
        rnd = tx.round
        net = next((s["net"] for s in (rnd.settlement or {}).get("seats", []) if s["seat"] == seat), "0")
        if self.sensing is not None:
            self.sensing.record_payout(tx, seat, self.stakes(rnd, seat))
        tx.emit(ev.SeatPaid(seat, Decimal(net)), CROUPIER)
        if all(s.paid for s in tx.round.seats.values()):
            self.finish(tx, CROUPIER)

    def undo_paid(self, tx: Tx, seat: object) -> None:
        """Take back the last seat marked paid (the round is still open: it closes with the last seat)."""
        order = tx.round.paid_order
        if not order or seat != order[-1]:
            raise RuleError(f"only the last seat marked paid (seat {order[-1] if order else '-'}) can be undone",
                            "seat")
        tx.emit(ev.SeatPaidUndone(order[-1]), CROUPIER)

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
            if self.reveal_targets(rnd, reveal_phase(street)) and not self.revealed_all(rnd, reveal_phase(street)):
                tx.emit(ev.PhaseChanged(reveal_phase(street)), STATION)
                return
            if self.seats_to_act(rnd, street):
                tx.emit(ev.PhaseChanged(street), STATION)
                return
        tx.emit(ev.PhaseChanged(DEALER_REVEAL), STATION)
        if self.next_to_reveal(tx.round) is None:
            self.after_reveal(tx)

    def after_reveal(self, tx: Tx) -> None:
        rnd = tx.round
        if self.next_to_reveal(rnd) is not None:
            return
        phase = rnd.phase
        self.game.on_reveal_complete(tx, phase)
        rnd = tx.round
        if rnd.halt is not None or rnd.finished:
            return  # e.g. a jackpot waiting for its verification: the round goes on after it
        if (phase == DEALER_REVEAL and self.hand_deal and self.reveal_targets(rnd, HANDS_REVEAL)
                and not self.revealed_all(rnd, HANDS_REVEAL)):  # e.g. THB: every Pool seat read at the flop
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
        """The round's settlement. Dealt by hand, a seat done at its fold was collected when it folded (its tile
        said "collect now") and its cards were never read: it is paid off at once, nothing to show for it."""
        rnd = tx.round
        record = self.record(rnd)
        settlement = self.game.settle(self.game.parse_record(record, self.table))
        tx.emit(ev.Settled(record, settlement), STATION)
        self.withhold_winnings(tx, settlement)
        if self.hand_deal and self.sensing is None:
            for seat in sorted(rnd.seats):
                if self.done_at_fold(tx.round, f"seat{seat}") and not tx.round.finished:
                    self.pay_seat(tx, seat)

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

    # ----------------------------------------------------------------- the bet sensor's supervisor actions

    def payout_problems(self, state: TableState) -> dict[int, list[str]]:
        """Per unpaid seat at the settlement, what the bet sensor sees wrong on its spots ({} without one)."""
        rnd = state.round
        if self.sensing is None or rnd is None or rnd.settlement is None or rnd.finished:
            return {}
        out = {}
        for seat, hand in sorted(rnd.seats.items()):
            if not hand.paid and (problems := self.sensing.payout_problems(rnd, seat, self.stakes(rnd, seat))):
                out[seat] = problems
        return out

    def accept_chip(self, tx: Tx, actor: str, reason: str, chip: object, denomination: object) -> None:
        """A chip the inventory does not know counts this round, at ``denomination``."""
        value = parse_money(denomination, "denomination")
        if value <= 0:
            raise RuleError("an accepted chip must count for more than 0", "denomination")
        if self.sensing is None:
            raise RuleError("this table has no bet sensor")
        self.sensing.accept(tx, actor, str(chip), value, reason)

    def override_payout(self, tx: Tx, actor: str, reason: str, seat: object) -> None:
        """Pay ``seat`` although the bet sensor says its chips are not what is due (journaled)."""
        problems = self.payout_problems(tx.state).get(seat, []) if isinstance(seat, int) else []
        if not problems:
            raise RuleError(f"seat {seat}: nothing to override (its chips are what is due, or it has no hand)", "seat")
        assert isinstance(seat, int)
        tx.emit(PayoutOverridden(seat, tuple(problems), reason), actor)
        self.pay_seat(tx, seat)

    def restore_stake(self, tx: Tx, actor: str, reason: str) -> None:
        """The locked stake is back on its spot (the sensor must agree): the round goes on."""
        if self.sensing is None:
            raise RuleError("this table has no bet sensor")
        self.sensing.restore(tx, actor, reason)
        self.resume_pending(tx)

    def resolve_clone(self, tx: Tx, actor: str, reason: str) -> None:
        """The cloned tags are off the layout (the sensor must agree): the round accepts stakes again."""
        if self.sensing is None:
            raise RuleError("this table has no bet sensor")
        self.sensing.resolve(tx, actor, reason)
        self.resume_pending(tx)

    def format_stakes(self, rnd: RoundState, seat: int) -> dict[str, str]:
        return {k: format_money(v) for k, v in self.stakes(rnd, seat).items()}
