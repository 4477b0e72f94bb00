"""Scripted croupier and players: headless simulation, demo (attract) mode, benchmarks.

``AutoCroupier.step`` does the one next thing a croupier would do now, through the
session's public commands only (the same ones the touchscreen sends) and choosing among
what the session offers, so a simulated round exercises exactly the code paths a real
one does. The players of each game are a ``Player`` (the game declares them, ``Game.players``): how they bet
and decide; UTH's and THB's play optimally by default (``par.strategy``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import Any, Protocol

from ..engine.device_policy import REFUSED
from ..engine.session import TableSession
from ..errors import DealerStationError, RuleError
from ..evaluator import strength7
from ..game_registry import resolve
from ..games import GAMES
from ..games.holdem.live import SeatStatus, hand_of, table_of
from ..games.holdem.players import Style, style_for
from ..money import format_money
from ..par.strategy import check_strategy, decide
from ..table.phases import Stage

REPRESENT_AFTER = 3.0  # seconds without a read before the card is passed over the reader again


class Player(Protocol):
    """How the scripted players of one game bet and decide."""

    def bets(self, rng: random.Random, table: Any) -> dict[str, Decimal]: ...

    def decide(self, street: str, hole: Sequence[int], board: Sequence[int], legal: Sequence[str]) -> str: ...


class UthPlayer:
    """Ultimate Texas Hold'em: Ante = Blind of 1-5 table minimums, Trips half the time; decides by
    ``strategy`` (``par.strategy``: optimal, always_check, random)."""

    def __init__(self, trips_rate: float = 0.5, strategy: str = "optimal", seed: int = 0) -> None:
        self.trips_rate = trips_rate
        self.strategy = check_strategy(strategy)
        self.rng = random.Random(seed)  # the random strategy's own: betting draws from the croupier's

    def bets(self, rng: random.Random, table: Any) -> dict[str, Decimal]:
        limits = table.limits
        ante_min, ante_max = limits["ante"].min, limits["ante"].max
        ante = min(ante_min * rng.choice([1, 1, 2, 2, 3, 4, 5]), ante_max)
        bets = {"ante": ante, "blind": ante}
        if "trips" in limits and rng.random() < self.trips_rate:
            bets["trips"] = min(limits["trips"].max, max(limits["trips"].min, ante_min * rng.choice([1, 1, 2])))
        return bets

    def decide(self, street: str, hole: Sequence[int], board: Sequence[int], legal: Sequence[str]) -> str:
        return decide(self.strategy, "uth", street, hole, board, legal, self.rng)


class ThbPlayer:
    """Texas Hold'em Bonus: Ante of 1-5 minimums, Bonus half the time, the Pool three times in four;
    decides by ``strategy`` (``par.strategy``: optimal, always_check, random)."""

    def __init__(self, strategy: str = "optimal", seed: int = 0) -> None:
        self.strategy = check_strategy(strategy)
        self.rng = random.Random(seed)

    def bets(self, rng: random.Random, table: Any) -> dict[str, Decimal]:
        limit = table.limits["ante"]
        ante = min(limit.min * rng.choice([1, 1, 2, 2, 3, 4, 5]), limit.max)
        bets = {"ante": ante}
        if rng.random() < 0.5:
            bets["bonus"] = ante
        if rng.random() < 0.75:
            bets["pool"] = table.options.pool_stake
        return bets

    def decide(self, street: str, hole: Sequence[int], board: Sequence[int], legal: Sequence[str]) -> str:
        return decide(self.strategy, "holdem_bonus", street, hole, board, legal, self.rng)


class PokerPlayers:
    """Poker-room hold'em: a scripted player of a style per seat (``holdem.players.STYLES``).

    They buy in for the table's minimum to maximum, half of them posting a big blind to
    come in and half waiting for it; a broke player buys chips again or leaves; a player
    well up sometimes cashes out; now and then one sits out a few hands.
    """

    def style(self, seat: int) -> Style:
        return style_for(seat)

    def buy_in(self, table: Any, rng: random.Random) -> Decimal:
        low: Decimal = table.buy_in_min
        high: Decimal = table.buy_in.max or low * 10
        chip: Decimal = table.hand_config().min_chip
        steps = int((high - low) / chip)
        return low + chip * rng.randint(0, steps)

    def upkeep(self, session: TableSession, seats: Sequence[int], rng: random.Random) -> tuple[str, tuple[Any, ...]] | None:
        """The next seat command the table needs before a hand (None: ready to deal)."""
        table = table_of(session.view().state)
        playing = [p for p in table.players if p.status is not SeatStatus.OUT and p.stack > 0]
        for seat in seats:
            player = table.player(seat)
            if player is None:
                return "seat_player", (seat, format_money(self.buy_in(session.view().table, rng)), rng.random() < 0.5)
            if player.stack == 0:
                if rng.random() < 0.6:
                    return "add_chips", (seat, format_money(self.buy_in(session.view().table, rng)))
                return "leave", (seat,)
            if player.status is SeatStatus.OUT and rng.random() < 0.4:
                return "sit_in", (seat, rng.random() < 0.5)
            if player.stack > 3 * player.bought_in and rng.random() < 0.1:
                return "leave", (seat,)  # cashes out a winner
            if player.status is SeatStatus.PLAYING and len(playing) > 3 and rng.random() < 0.01:
                return "sit_out", (seat,)
        return None


def player_for(game: str) -> Player | PokerPlayers:
    """The scripted players the game declares (``Game.players``)."""
    found = GAMES.get(game)
    if found is None or not getattr(found, "players", None):
        raise DealerStationError(f"no scripted players for game {game!r}")
    made: Player | PokerPlayers = resolve(found.players)()
    return made


class AutoCroupier:
    """Plays a table through the session, one croupier action per ``step``."""

    def __init__(
        self,
        session: TableSession,
        *,
        rng: random.Random,
        seats: Sequence[int],
        present: Callable[[int], None] | None = None,
        player: Player | PokerPlayers | None = None,
        on_halt: Callable[[TableSession], bool] | None = None,
    ) -> None:
        self.session = session
        self.rng = rng
        self.seats = list(seats)
        self.present = present
        self.player = player or player_for(session.view().game.name)
        self.at_seat: dict[int, Player] = {}
        """Seats whose player is a scripted identified player of its own (``play/players.py``)."""
        self.on_halt = on_halt
        self._bets_placed: set[str] = set()
        self._presented: tuple[tuple[str, str, int], float] | None = None
        self._by_hand: tuple[str, dict[str, list[int]], list[int]] | None = None  # (round, dealt, rest of deck)

    def _hand_dealt(self) -> dict[str, list[int]]:
        """The cards this croupier dealt by hand this round (known to the station once shown).

        After a restart the station knows only the cards already shown; the rest are
        whatever lies face down - drawn here from the cards not yet seen.
        """
        rnd = self.session.view().round
        assert rnd is not None
        if self._by_hand is None or self._by_hand[0] != rnd.round_id:
            seen = set(rnd.dealt_cards())
            deck = [c for c in range(52) if c not in seen]
            self.rng.shuffle(deck)
            self._by_hand = (rnd.round_id, {}, deck)
        _round, dealt, deck = self._by_hand
        for pos, _count in rnd.packets:  # a poker board comes street by street: deal what is new
            if pos not in dealt or len(dealt[pos]) < rnd.packet_size(pos):
                have = dealt.setdefault(pos, list(rnd.cards.get(pos, [])))
                have += [deck.pop() for _ in range(rnd.packet_size(pos) - len(have))]
        return dealt

    def _card(self, position: str, index: int) -> int:
        rnd = self.session.view().round
        assert rnd is not None
        known = rnd.cards.get(position, [])
        if index < len(known):
            return known[index]
        return self._hand_dealt()[position][index]

    def _banker(self, seat: int | None = None) -> Player:
        """The banking player at ``seat``: its own scripted player when the run seats some (``--players``)."""
        own = self.at_seat.get(seat) if seat is not None else None
        if own is not None:
            return own
        assert not isinstance(self.player, PokerPlayers)
        return self.player

    def open_round(self) -> str:
        """Open the next round (poker: seat, top up and let players come and go first)."""
        if isinstance(self.player, PokerPlayers):
            while (command := self.player.upkeep(self.session, self.seats, self.rng)) is not None:
                self.session.execute(command[0], *command[1])
        round_id: str = self.session.execute("open_round")
        return round_id

    def step(self) -> bool:
        """Do the next croupier action; False when waiting for a device."""
        if isinstance(self.player, PokerPlayers):
            return self._poker_step(self.player)
        session = self.session
        rnd = session.view().round
        if rnd is None or rnd.finished:
            session.execute("open_round")
            return True
        if rnd.halt is not None:
            return self.on_halt(session) if self.on_halt is not None else False
        offer = session.offer().croupier
        stage = session.view().phase_info.stage
        if stage is Stage.BETTING:
            if rnd.round_id not in self._bets_placed:
                table = session.view().table
                with session.together():  # the croupier enters the table's bets: one commit
                    for seat in self.seats:
                        bets = self._banker(seat).bets(self.rng, table)
                        try:
                            session.execute("set_bets", seat, {spot: format_money(v) for spot, v in bets.items()})
                        except RuleError as exc:  # a linked Pool without its controller: no Pool bet
                            if exc.key != "refuse_pool_closed":
                                raise
                            bets.pop("pool")
                            session.execute("set_bets", seat, {spot: format_money(v) for spot, v in bets.items()})
                self._bets_placed = {rnd.round_id}
                return True
            session.execute("no_more_bets")
            return True
        if "deal_done" in offer:
            self._hand_dealt()  # the croupier deals from the table's own deck
            session.execute("deal_done")
            return True
        if stage is Stage.DECISION:
            waiting = session.view().seats_to_act()
            if not waiting:
                return False
            # The street's decisions, in turn, as the croupier taps them one after another: one commit (each
            # player decides from his own cards and the board, which no other decision of the street changes).
            decisions = [(seat, self.decision(seat)) for seat in waiting]
            with session.together():
                for seat, decision in decisions:
                    session.execute("decide", seat, decision)
            return True
        if stage is Stage.REVEAL:
            targets = session.view().to_reveal()
            if not targets:
                return False
            if session.view().has_reader and self.present is not None:
                key = (rnd.round_id, rnd.phase, 0)
                now = time.monotonic()
                # The dealer turns the street's cards over the reader together (the flop's three); passes those
                # still unread again only if no read came back for a while (as a dealer would): the reads of the
                # first pass may still be on their way.
                if self._presented is None or self._presented[0] != key or now - self._presented[1] > REPRESENT_AFTER:
                    self._presented = (key, now)
                    for pos, index in targets:
                        self.present(self._card(pos, index))
                return False  # the reads arrive from the reader's thread
            pos, index = targets[0]
            card = self._card(pos, index)
            if "key_card" in offer:
                session.execute("key_card", card)
            else:
                session.execute("reveal")
            return True
        if stage is Stage.SETTLEMENT:
            unpaid = [seat for seat in sorted(rnd.seats, reverse=True) if not rnd.seats[seat].paid]
            if unpaid:
                with session.together():  # the croupier pays the table right to left: one commit
                    for seat in unpaid:
                        session.execute("mark_paid", seat)
                return True
        return False

    def decision(self, seat: int) -> str:
        """What the player at ``seat`` decides now (a banking game's street), from its cards and the board."""
        session = self.session
        rnd = session.view().round
        assert rnd is not None
        hole = [self._card(f"seat{seat}", i) for i in range(rnd.packet_size(f"seat{seat}"))]
        board = rnd.cards.get("board", [])[:rnd.revealed.get("board", 0)]
        return self._banker(seat).decide(rnd.phase, hole, board, session.view().legal_actions(seat))

    def _poker_step(self, players: PokerPlayers) -> bool:
        """One croupier action at a poker table, chosen from what the session offers."""
        session = self.session
        rnd = session.view().round
        if rnd is not None and not rnd.finished and rnd.halt is not None:
            return self.on_halt(session) if self.on_halt is not None else False
        offer = session.offer().croupier
        if "open_round" in offer:
            command = players.upkeep(session, self.seats, self.rng)
            if command is not None:
                session.execute(command[0], *command[1])
            else:
                session.execute("open_round")
            return True
        assert rnd is not None
        if "deal_done" in offer:
            self._hand_dealt()  # the croupier deals from the table's own deck
            session.execute("deal_done")
            return True
        mine = hand_of(rnd)
        if "act" in offer and mine is not None and mine.hand.seat_to_act is not None:
            seat = mine.hand.seat_to_act
            hole = [self._card(f"seat{seat}", i) for i in range(rnd.packet_size(f"seat{seat}"))]
            board = rnd.cards.get("board", [])[:rnd.revealed.get("board", 0)]
            action = players.style(seat).choose(mine.hand, hole, board, self.rng)
            session.execute("act", seat, action.move.value, None if action.to is None else format_money(action.to))
            return True
        if "push_pots" in offer:
            session.execute("push_pots")
            return True
        target = session.view().next_to_reveal()
        if target is None or mine is None:
            return False
        pos, index = target
        if "muck" in offer and index == 0 and not rnd.revealed.get(pos):
            seat = int(pos.removeprefix("seat"))
            board = rnd.cards.get("board", [])
            shown = [strength7([*rnd.hole(s), *board]) for s in mine.seats
                     if rnd.revealed.get(f"seat{s}", 0) >= rnd.packet_size(f"seat{s}")]
            hole = [self._card(pos, i) for i in range(rnd.packet_size(pos))]
            if not players.style(seat).shows(hole, board, max(shown, default=None)):
                try:
                    session.execute("muck", seat)
                    return True
                except RuleError:
                    pass  # the last hand in a contested pot must show
        card = self._card(pos, index)
        if session.view().has_reader and self.present is not None:
            return self._pass_over_reader(rnd.round_id, pos, index, card)
        if "key_card" in offer:
            session.execute("key_card", card)
        elif "show" in offer:
            session.execute("show")
        else:
            return False
        return True

    def _pass_over_reader(self, round_id: str, pos: str, index: int, card: int) -> bool:
        """Pass a card once; again only if no read came back (as a dealer would)."""
        assert self.present is not None
        key = (round_id, pos, index)
        now = time.monotonic()
        if self._presented is None or self._presented[0] != key or now - self._presented[1] > REPRESENT_AFTER:
            self._presented = (key, now)
            self.present(card)
        return False  # the read arrives from the reader's thread


def void_on_halt(badge: str, pin: str) -> Callable[[TableSession], bool]:
    """Scripted pit response: key unreadable cards, wait out link losses, void the rest.

    Uses the supervisor credential of a demo or simulation journal (never a live one).
    Returns whether it acted (False: waiting for a device to come back).
    """

    def respond(session: TableSession) -> bool:
        offer = session.offer()
        rnd = session.view().round
        if rnd is None or rnd.halt is None or rnd.finished:
            return False  # a device report settled it meanwhile (voided, or the link came back)
        halt = rnd.halt
        if "key_card" in offer.croupier:
            pos, index = halt.detail["position"], halt.detail["index"]
            session.execute("key_card", rnd.cards[pos][index])
        elif offer.halt is not None and offer.halt.resumes_on_link and halt.cause != REFUSED:
            return False  # the session clears it (or voids the round) when the link returns (a refused unit's never does)
        elif "verify_jackpot" in offer.supervisor:
            session.supervise("verify_jackpot", badge, pin, "simulated verification: hand checked")
        elif "void" in offer.supervisor:
            session.supervise("void", badge, pin, f"simulated supervisor decision: {halt.cause}")
        else:
            raise DealerStationError(f"round halted ({halt.cause}) and no supervisor action fits")
        return True

    return respond
