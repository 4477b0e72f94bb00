"""The deck, the deal and the reveals: what every game family does with the shoe and the reader.

Both families (``banking``, ``poker``) start a round from a verified deck, deal packets
the shoe reports card by card, turn cards up at reveals (read by the reader, keyed, or
turned over), and answer device faults as HARDWARE.md says (``device_policy``). That is
one piece of code, here; a family's flow subclasses ``DealFlow`` and supplies what its
round does at each turn through the hooks at the top (``start_deal``, ``packets_done``,
``after_reveal``, ``resume_pending``, ``void``, ``reveal_targets``).

Packets are ``(position, count)``; a position may receive several packets in a round
(poker deals the board street by street), so the cards a packet still lacks are counted
against every packet for that position up to it.

Three ways a round is dealt: the shoe deals (a shuffler: packets asked for and reported
card by card), by hand with no device (each card is known only when it is revealed), or by
hand from a reading shoe, which reports each card as it is drawn, without a position: the
k-th draw goes to the k-th place of the plan in the table's draw order (``draw_sequence``),
journaled as the shuffler's cards are (``card_dealt``), so reveals, recall and audit do not
tell the two apart (docs/reading-shoe.md).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from datetime import datetime, timedelta
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from ..cards import card_str, cards_str, parse_card
from ..errors import RuleError
from ..money import parse_money
from ..table import events as ev
from ..table.phases import PhaseGraph, Stage
from ..table.state import RoundState, TableState
from ..wire.roles import ROLES, Role
from . import device_policy as policy
from .bank import TableBank
from .seating import SeatingRules

if TYPE_CHECKING:
    from ..config import TableConfig
    from ..games.base import Game
    from ..table.transaction import Transaction as Tx

STATION, CROUPIER = "station", "croupier"
MAX_DECK_REQUESTS = 3
DEALER_NAME_MAX = 48
SHOE_ACTOR = f"device:{policy.READING_SHOE}"
BURN = "burn"
EXTRA = "extra"
"""Where a draw that fits no place of the plan is journaled (it voids the round; no record shows it)."""


def is_hand(position: str) -> bool:
    """A player's or the dealer's hand (dealt around the table), as against the board or a burn."""
    return position.startswith("seat") or position == "dealer"


def draw_sequence(packets: Sequence[tuple[str, int]], order: str) -> list[str]:
    """The position of each card in the order it leaves a reading shoe.

    ``packets``: each hand's cards together (two at a time). ``round_robin``: each run of
    hands in the plan is dealt one card at a time around the table, as many times round as
    a hand has cards; the board and the burns come as their packets say.
    """
    out: list[str] = []
    run: list[tuple[str, int]] = []

    def flush() -> None:
        for turn in range(max((n for _p, n in run), default=0)):
            out.extend(pos for pos, n in run if n > turn)
        run.clear()

    for pos, count in packets:
        if order == "round_robin" and is_hand(pos):
            run.append((pos, count))
            continue
        flush()
        out.extend([pos] * count)
    flush()
    return out


def packet_due(rnd: RoundState) -> tuple[str, int, int]:
    """(position, cards in this packet, cards the position must hold once it is dealt)."""
    pos, count = rnd.packets[rnd.packet_index]
    due = sum(n for p, n in rnd.packets[: rnd.packet_index + 1] if p == pos)
    return pos, count, due


class DealFlow(TableBank, SeatingRules):
    """Deck, deal, reveals and device reports of one table (game + profile + its devices)."""

    graph: PhaseGraph
    game: Game

    def __init__(self, table: TableConfig, roles: Collection[Role]) -> None:
        self.table = table
        self.roles = frozenset(roles)
        """The devices the table has, by role (``wire.roles``): the flow decides by what each can do."""
        specs = [ROLES[role] for role in self.roles]
        self.has_shoe = any(s.commanded and s.deals for s in specs)
        """A shuffler the station asks for a verified deck and each packet."""
        self.has_reader = any(s.reads_reveals for s in specs)
        """A reader that reads the cards turned at a reveal."""
        self.reading_shoe = any(s.deals and not s.commanded for s in specs) and table.deal_mode == "hand"
        """Dealt by hand from a reading shoe: each card is known as it is drawn."""
        self.hand_deal = table.deal_mode == "hand" and not self.reading_shoe
        """Dealt by hand with nothing reading the deal: each card is known only once it is revealed."""
        self.shoe_deals = table.deal_mode == "shuffler"
        """The shuffler deals the packets (asked for one by one, reported card by card)."""
        self.draw_order = table.devices.draw_order

    # ----------------------------------------------------------------- the family's hooks

    def start_deal(self, tx: Tx) -> None:
        """The deck is verified while the round waits for it (stage ``LOCKED``): deal."""
        raise NotImplementedError

    def packets_done(self, tx: Tx) -> None:
        """Every packet asked for so far is dealt: the round moves on."""
        raise NotImplementedError

    def after_reveal(self, tx: Tx) -> None:
        """A card was turned up; when the reveal is complete the round moves on."""
        raise NotImplementedError

    def resume_pending(self, tx: Tx) -> None:
        """Take an automatic step the round is due (after recovery or a cleared halt)."""
        raise NotImplementedError

    def void(self, tx: Tx, cause: str, actor: str, reason: str = "") -> None:
        """Void the round: every stake returned."""
        raise NotImplementedError

    def reveal_targets(self, rnd: RoundState, phase: str) -> list[tuple[str, int]]:
        """(position, card index) turned up in ``phase``, in the order they are shown."""
        raise NotImplementedError

    def stakes(self, rnd: RoundState, seat: int) -> dict[str, Decimal]:
        """What ``seat`` has on the table in ``rnd`` (poker: its chips in the pots)."""
        raise NotImplementedError

    # ----------------------------------------------------------------- queries (pure)

    def stage(self, state: TableState) -> Stage:
        rnd = state.round
        if rnd is None:
            return Stage.IDLE
        return self.graph.phase(rnd.phase).stage

    def to_reveal(self, rnd: RoundState | None) -> list[tuple[str, int]]:
        """(position, index) of the cards the phase still turns over, in order (the flop's three together)."""
        if rnd is None or rnd.finished:
            return []
        return [(pos, i) for pos, i in self.reveal_targets(rnd, rnd.phase) if rnd.revealed.get(pos, 0) <= i]

    def next_to_reveal(self, rnd: RoundState | None) -> tuple[str, int] | None:
        pending = self.to_reveal(rnd)
        return pending[0] if pending else None

    def cards_due(self, rnd: RoundState | None) -> int:
        """Card reports the round awaits now from a device that sends them back to back: what the shoe was asked
        for and has not dealt, or the cards a reader reads at this reveal (the flop's three). The station's pump
        waits a moment for the rest of such a run so that it is one commit (``station.LINGER_S``)."""
        if rnd is None or rnd.finished or rnd.halt is not None:
            return 0
        if self.shoe_deals and rnd.asked and rnd.packet_index < len(rnd.packets):
            pos, _count, due = packet_due(rnd)
            return max(0, due - len(rnd.cards.get(pos, []))) + sum(n for _pos, n in rnd.asked[1:])
        if self.has_reader and self.graph.phase(rnd.phase).stage is Stage.REVEAL:
            return len(self.to_reveal(rnd))
        return 0

    def revealed_all(self, rnd: RoundState, phase: str) -> bool:
        return all(rnd.revealed.get(pos, 0) > i for pos, i in self.reveal_targets(rnd, phase))

    def cards_on_table(self, rnd: RoundState | None, position: str) -> list[int | None]:
        """The cards lying at ``position``: known ones as cards, hand-dealt unknown ones as None."""
        if rnd is None:
            return []
        known: list[int | None] = list(rnd.cards.get(position, []))
        if rnd.by_hand and not rnd.void and self.graph.phase(rnd.phase).stage is not Stage.DEALING:
            known += [None] * (rnd.packet_size(position) - len(known))
        return known

    def awaiting_key(self, rnd: RoundState | None) -> bool:
        """Whether the croupier may key a card in now (unreadable card, no read in time, or hand-deal reveal)."""
        if rnd is None or rnd.finished:
            return False
        if rnd.halt is not None:
            return rnd.halt.kind in ("unreadable", "no_read")
        return self.hand_deal and self.next_to_reveal(rnd) is not None

    def clock_due(self, state: TableState, now: datetime) -> bool:
        """Whether a time limit has run out at ``now``: a reading-shoe deal's, a reveal's wait for the reader
        (a family may add its own)."""
        return self.deal_overdue(state, now) or self.read_overdue(state, now)

    def on_clock(self, tx: Tx, now: datetime) -> None:
        """What a time limit that ran out does (``clock_due`` was True): a deal that stopped short is void; a
        reveal the reader never read halts for the croupier to pass the card again or key it."""
        if self.deal_overdue(tx.state, now):
            self.shoe_deal_done(tx, f"no card drawn for {self.table.devices.deal_timeout:g} s")
        elif self.read_overdue(tx.state, now):
            target = self.next_to_reveal(tx.round)
            assert target is not None
            pos, i = target
            tx.emit(ev.Halted("no_read", "no_read", f"no read for {self.table.devices.read_timeout:g} s at {pos} card "
                              f"{i + 1}: pass it again or key it", policy.READER, {"position": pos, "index": i}),
                    STATION)

    def read_overdue(self, state: TableState, now: datetime) -> bool:
        """A reveal at a table with a reader that has waited ``read_timeout`` seconds for the card due."""
        rnd = state.round
        if not self.has_reader or self.hand_deal or rnd is None or rnd.finished or rnd.halt is not None \
                or rnd.deal_clock is None or self.stage(state) is not Stage.REVEAL or self.next_to_reveal(rnd) is None:
            return False
        since = datetime.fromisoformat(rnd.deal_clock.replace("Z", "+00:00"))
        return now >= since + timedelta(seconds=self.table.devices.read_timeout)

    # ----------------------------------------------------------------- the deck and the deal

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

    def recheck_deck(self, tx: Tx) -> None:
        """The croupier found the missing card (or changed the deck) after a failed check: the shoe shuffles
        and checks it again; the round keeps its bets and goes on when the deck passes."""
        tx.emit(ev.HaltCleared(CROUPIER, "deck to be checked again"), CROUPIER)
        self.request_deck(tx)

    def request_packet(self, tx: Tx, *, again: bool = False) -> None:
        """Ask the shoe for what the current packet still lacks and, queued behind it, every later packet of
        the plan (one commit and one burst of the shoe's reports for the whole deal, not one each), or say the
        deal is done. Nothing when the shoe was asked for it already, unless ``again``: a reset shoe forgot its
        queue (a cleared jam, a link back)."""
        rnd = tx.round
        if rnd.packet_index < len(rnd.packets):
            if rnd.asked and not again:
                return  # asked ahead: the shoe deals it now
            pos, _count, due = packet_due(rnd)
            have = len(rnd.cards.get(pos, []))
            tx.emit(ev.PacketRequested(pos, due - have), STATION)
            for later, count in rnd.packets[rnd.packet_index + 1:]:
                tx.emit(ev.PacketRequested(later, count, ahead=True), STATION)
            tx.effect(policy.SHUFFLER, "packet")
        else:
            self.packets_done(tx)

    def in_deal(self, state: TableState) -> bool:
        """Whether the round in progress is being dealt (by the shoe or by hand)."""
        rnd = state.round
        return rnd is not None and not rnd.finished and self.stage(state) is Stage.DEALING

    def dealing(self, state: TableState) -> bool:
        """Whether the shoe (or the reading shoe) is dealing this round's cards right now."""
        return not self.hand_deal and self.in_deal(state)

    def deal_next_part(self, tx: Tx) -> None:
        """The plan's next part is journaled: ask the shoe for it, or wait for the reading shoe's draws
        (halted until its link is up, if it is down: the draws would be lost)."""
        if self.shoe_deals:
            self.request_packet(tx)
        elif self.reading_shoe and tx.round.halt is None and not tx.state.device(policy.READING_SHOE).connected:
            tx.emit(ev.Halted("link", "link_lost", "reading shoe not connected: deal once it is back",
                              policy.READING_SHOE, {"pending": "deal"}), STATION)

    # ----------------------------------------------------------------- the reading shoe's draws

    def next_draw(self, rnd: RoundState) -> str | None:
        """The position the reading shoe's next card goes to (None: the plan so far is dealt)."""
        done = len(rnd.dealt_cards())
        sequence = draw_sequence(rnd.packets, self.draw_order)
        return sequence[done] if done < len(sequence) else None

    def short_of(self, rnd: RoundState) -> str:
        """The first position of the plan still short of cards, as the void says it."""
        for pos in dict.fromkeys(p for p, _n in rnd.packets):
            have, want = len(rnd.cards.get(pos, [])), rnd.packet_size(pos)
            if have < want:
                return f"{pos}: {have} of {want} cards"
        return "every card dealt"

    def _drawing(self, state: TableState) -> bool:
        return self.reading_shoe and self.in_deal(state) and state.round is not None and state.round.halt is None \
            and self.next_draw(state.round) is not None

    def on_card_drawn(self, tx: Tx, card: int, burn: bool) -> None:
        """A card left the reading shoe: it goes to the place the plan expects next, or it is a misdeal."""
        state = tx.state
        rnd = state.round
        stage = self.stage(state)
        if not self.reading_shoe or rnd is None or rnd.finished or stage in (Stage.IDLE, Stage.BETTING,
                                                                             Stage.SETTLEMENT):
            tx.emit(ev.DeviceFault(policy.READING_SHOE, "extra_card",
                                   f"{card_str(card)} drawn with no deal in progress"), SHOE_ACTOR)
            return
        due = self.next_draw(rnd) if self._drawing(state) else None
        if card in rnd.dealt_cards():
            tx.emit(ev.CardDealt(EXTRA, 0, card, duplicate=True), SHOE_ACTOR)
            self.void(tx, "duplicate_card", STATION, reason=f"{card_str(card)} drawn twice")
            return
        if due is None or (burn and due != BURN):
            why = f"halted ({rnd.halt.cause})" if rnd.halt is not None else \
                "no card is due" if due is None else f"a burn card where {due} is due"
            tx.emit(ev.CardDealt(EXTRA, 0, card, unexpected=True), SHOE_ACTOR)
            self.void(tx, "extra_card", STATION, reason=f"{card_str(card)} drawn: {why}")
            return
        tx.emit(ev.CardDealt(due, len(rnd.cards.get(due, [])), card), SHOE_ACTOR)
        self._after_draw(tx)

    def _after_draw(self, tx: Tx) -> None:
        if self.next_draw(tx.round) is None:
            self.packets_done(tx)  # the plan's part is dealt: the round moves on by itself

    def on_draw_unreadable(self, tx: Tx, burn: bool, reason: str) -> None:
        """A card left the reading shoe unread: its place waits for the dealer to key it (manual entry)."""
        state = tx.state
        rnd = state.round
        if not self._drawing(state) or rnd is None:
            if rnd is not None and not rnd.finished and self.reading_shoe and self.stage(state) not in (
                    Stage.BETTING, Stage.SETTLEMENT):
                self.void(tx, "extra_card", STATION, reason=f"unreadable card drawn: "
                                                             f"{'halted' if rnd.halt else 'no card is due'}")
                return
            tx.emit(ev.DeviceFault(policy.READING_SHOE, "card_unreadable", f"unreadable card drawn: {reason}"),
                    SHOE_ACTOR)
            return
        pos = self.next_draw(rnd)
        assert pos is not None
        index = len(rnd.cards.get(pos, []))
        tx.emit(ev.Halted("unreadable", "card_unreadable", f"card unreadable at {pos} card {index + 1}: key it in",
                          policy.READING_SHOE, {"position": pos, "index": index, "burn": burn}), SHOE_ACTOR)

    def on_shoe_alarm(self, tx: Tx, severity: str, code: str, text: str) -> None:
        """An alarm halts the deal it interrupts (``device_policy``); a warning is journaled only."""
        said = " ".join(part for part in (code, text) if part) or severity
        if severity == "alarm":
            self.on_device_fault(tx, policy.READING_SHOE, "shoe_alarm", said)
        else:
            tx.emit(ev.DeviceFault(policy.READING_SHOE, "shoe_warning", said), SHOE_ACTOR)

    def key_draw(self, tx: Tx, card: int) -> None:
        """The dealer keys the card the reading shoe could not read: it takes its place (manual entry)."""
        rnd = tx.round
        assert rnd.halt is not None
        pos, index = rnd.halt.detail["position"], rnd.halt.detail["index"]
        if card in rnd.dealt_cards():
            raise RuleError(f"card {card_str(card)} is already in play this round", "card")
        tx.emit(ev.HaltCleared(CROUPIER, "card keyed"), CROUPIER)
        tx.emit(ev.CardDealt(pos, index, card, manual=True), CROUPIER)
        self._after_draw(tx)

    def shoe_deal_done(self, tx: Tx, cause: str = "the croupier says dealt") -> None:
        """The croupier says the reading-shoe deal is over (or it timed out) before the plan is: a misdeal."""
        rnd = tx.round
        if self.next_draw(rnd) is None:  # pragma: no cover - a complete deal has moved on by itself
            self.packets_done(tx)
            return
        self.void(tx, "missing_card", STATION, reason=f"{cause}: {self.short_of(rnd)}")

    def deal_overdue(self, state: TableState, now: datetime) -> bool:
        """A reading-shoe deal with no draw for ``deal_timeout`` seconds."""
        rnd = state.round
        if not self._drawing(state) or rnd is None or rnd.deal_clock is None:
            return False
        since = datetime.fromisoformat(rnd.deal_clock.replace("Z", "+00:00"))
        return now >= since + timedelta(seconds=self.table.devices.deal_timeout)

    # ----------------------------------------------------------------- reveals

    def key_card(self, tx: Tx, card: object) -> None:
        """Manual entry of a card: unreadable by the reader, or dealt by hand (journaled as manual).
        ``card``: its number (0-51) or its notation (``"Qh"``, ``"10♥"``)."""
        card = card if isinstance(card, int) and not isinstance(card, bool) and 0 <= card < 52 \
            else parse_card(card, "card")
        rnd = tx.round
        if rnd.halt is not None and rnd.halt.device == policy.READING_SHOE and rnd.halt.kind == "unreadable":
            self.key_draw(tx, card)
            return
        if self.stage(tx.state) is Stage.DEALING:
            raise RuleError("during the deal only a card the reading shoe could not read is keyed")
        if rnd.halt is not None:
            tx.emit(ev.HaltCleared(CROUPIER, "card keyed"), CROUPIER)
        self.reveal_read(tx, card, manual=True, actor=CROUPIER)

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

    # ----------------------------------------------------------------- the table, not the round

    def dealer_sign_in(self, tx: Tx, dealer: object) -> None:
        """The croupier's screen says who deals now (journaled, table-level: the pit's floor shows it)."""
        name = dealer.strip() if isinstance(dealer, str) else ""
        if not 1 <= len(name) <= DEALER_NAME_MAX or not name.isprintable():
            raise RuleError(f"must be 1-{DEALER_NAME_MAX} printable characters", "dealer")
        tx.emit(ev.DealerSignedIn(name), CROUPIER)

    def dealer_sign_out(self, tx: Tx) -> None:
        """The dealer signed in leaves the table."""
        current = tx.state.dealer
        if current is None:
            raise RuleError("no dealer is signed in", "dealer")
        tx.emit(ev.DealerSignedOut(current), CROUPIER)

    # ----------------------------------------------------------------- supervisor actions
    # One method per row of ``table.commands.SUPERVISOR_COMMANDS``: ``(tx, actor, reason, **args)``.
    # Each refuses before it emits: the session runs it once on a scratch state before asking for
    # the PIN, then for real after the supervisor's authentication is journaled.

    def void_round(self, tx: Tx, actor: str, reason: str) -> None:
        """A supervisor voids the round in progress: every stake is returned."""
        rnd = tx.round
        self.void(tx, rnd.halt.cause if rnd.halt is not None else "supervisor", actor, reason=reason)

    def verify_jackpot(self, tx: Tx, actor: str, reason: str) -> None:
        """A supervisor verified what the game held the round for (a jackpot hit): it is paid, the round goes on."""
        self.game.on_verify(tx, actor, reason)
        tx.emit(ev.HaltCleared(actor, reason), actor)
        self.resume_pending(tx)

    def resume(self, tx: Tx, actor: str, reason: str) -> None:
        """A supervisor releases a round the station halted after an internal failure."""
        tx.emit(ev.HaltCleared(actor, reason), actor)
        self.resume_pending(tx)

    def accept_device(self, tx: Tx, actor: str, reason: str, device: object) -> None:
        """A supervisor accepts the unit held refused as a swap on ``device``'s port: it stands there from now
        on (``device_accepted``); it still proves itself when it connects again (the station lets it)."""
        dev = tx.state.devices.get(device) if isinstance(device, str) else None
        if dev is None or not dev.swapped or dev.refused is None:
            raise RuleError(f"the {device} is not held refused as another unit on its port", "device")
        tx.emit(ev.DeviceAccepted(dev.name, str(dev.refused.get("model", "")), str(dev.refused.get("serial_number", "")),
                                  str((dev.unit or {}).get("serial_number", "")), reason), actor)

    def view_cards(self, tx: Tx, actor: str, reason: str) -> None:
        """A supervisor shows who they are to see every card of a round (a dispute): the authentication
        is the record; nothing else changes."""

    def adjust(self, tx: Tx, actor: str, reason: str, adjustments: Mapping[Any, Any],
               round_id: str | None = None) -> None:
        """Correct a settled round: pay (+) or collect (-) per seat, with why."""
        rnd = tx.state.round
        target = round_id or (rnd.round_id if rnd is not None else None)
        if target is None or rnd is None or target != rnd.round_id or rnd.settlement is None:
            raise RuleError("only the settled round on the table can be adjusted here", "round")
        if not adjustments:
            raise RuleError("give at least one seat and amount", "adjustments")
        parsed: dict[str, Decimal] = {}
        for seat, amount in adjustments.items():
            if not self.stakes(rnd, seat):  # had something on the table (poker: chips in the pots)
                raise RuleError(f"seat {seat} has no hand in round {target}", "seat")
            parsed[str(seat)] = parse_money(amount, f"adjustments.{seat}", allow_negative=True)
        self.check_adjustment(tx.state, rnd, {int(seat): v for seat, v in parsed.items()})
        tx.emit(ev.RoundAdjusted(target, parsed, reason, actor), actor)

    def accept_mismatch(self, tx: Tx, actor: str, reason: str) -> None:
        rnd = tx.round
        assert rnd.halt is not None
        detail = rnd.halt.detail
        tx.emit(ev.HaltCleared(actor, reason, dict(detail)), actor)
        tx.emit(ev.CardRevealed(detail["position"], detail["index"], detail["expected"], read=detail["read"],
                                accepted=True), actor)
        self.after_reveal(tx)

    def clear_fault(self, tx: Tx, actor: str, reason: str) -> None:
        if self.stage(tx.state) is Stage.DEALING and self.has_shoe and not self.hand_deal:
            tx.effect(policy.SHUFFLER, "reset")  # a jammed shoe refuses to move until reset
        tx.emit(ev.HaltCleared(actor, reason), actor)
        if self.dealing(tx.state) and self.has_shoe:
            self.request_packet(tx, again=True)  # the effect resets the shoe first: a jammed shoe waits for it

    def correct_card(self, tx: Tx, actor: str, reason: str, position: object, index: object, card: object) -> None:
        """A card recorded for a position is corrected before the settlement (a mis-keyed entry)."""
        value = parse_card(card, "card")
        rnd = tx.state.round
        if rnd is None or rnd.finished:
            raise RuleError("no round in progress (open betting first)")
        self.check_correction(rnd, str(position), index, value)
        assert isinstance(index, int)
        tx.emit(ev.CardCorrected(str(position), index, value, rnd.cards[str(position)][index], reason), actor)

    def correctable(self, rnd: RoundState | None) -> list[tuple[str, int]]:
        """(position, index) of the cards a supervisor may correct now: those the croupier keyed by hand
        (a card the shoe dealt, or the reader read, is what it is), before the settlement."""
        if rnd is None or rnd.finished or rnd.settlement is not None:
            return []
        return sorted(rnd.keyed)

    def check_adjustment(self, state: TableState, rnd: RoundState, adjustments: Mapping[int, Decimal]) -> None:
        """What a family forbids in a correction of a settled round (banking: nothing more)."""

    def check_correction(self, rnd: RoundState, position: str, index: object, card: int) -> None:
        cards = rnd.cards.get(position)
        if cards is None or not isinstance(index, int) or not 0 <= index < len(cards):
            if isinstance(index, int) and not isinstance(index, bool) and index >= 0:
                raise RuleError(f"{position} card {index + 1} is not keyed yet: nothing to correct", "position")
            raise RuleError(f"no card {index} at {position}", "position")
        if (position, index) not in rnd.keyed:
            source = "read by the reader" if rnd.by_hand else "dealt by the shoe"
            raise RuleError(f"{position} card {index + 1} was {source}: only a card keyed by hand is corrected "
                            "(a misdeal is voided)", "position")
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
        if stage is Stage.LOCKED and rnd.halt is None:
            self.start_deal(tx)

    def on_card_dispensed(self, tx: Tx, position: str, index: int, card: int) -> bool:
        """A card the shoe dealt; False when the round was not expecting one (not journaled)."""
        rnd = tx.state.round
        if rnd is None or not self.dealing(tx.state) or rnd.halt is not None or rnd.packet_index >= len(rnd.packets):
            return False
        pos, _count, due = packet_due(rnd)
        if card in rnd.dealt_cards():
            tx.emit(ev.CardDealt(position, index, card, duplicate=True), "device:shuffler")
            self.void(tx, "duplicate_card", STATION, reason=f"{card_str(card)} dealt twice")
            return True
        if position != pos or len(rnd.cards.get(pos, [])) >= due:
            tx.emit(ev.CardDealt(position, index, card, unexpected=True), "device:shuffler")
            self.void(tx, "extra_card", STATION, reason=f"unexpected card {card_str(card)} for {position}")
            return True
        tx.emit(ev.CardDealt(position, index, card), "device:shuffler")
        return True

    def on_packet_done(self, tx: Tx, position: str, count: int) -> bool:
        rnd = tx.state.round
        if rnd is None or not self.dealing(tx.state) or rnd.halt is not None or rnd.packet_index >= len(rnd.packets):
            return False
        pos, want, due = packet_due(rnd)
        have = len(rnd.cards.get(pos, []))
        if position != pos or have != due:
            got = have - (due - want)
            self.void(tx, "missing_card", STATION, reason=f"{pos}: {got} of {want} cards")
            return True
        tx.emit(ev.PacketDone(pos, want), STATION)
        self.request_packet(tx)
        return True

    def on_card_read(self, tx: Tx, card: int | None) -> bool:
        rnd = tx.state.round
        target = self.next_to_reveal(rnd)
        if rnd is not None and rnd.halt is not None and rnd.halt.kind == "no_read" and card is not None \
                and target is not None:  # passed over the reader again, and read this time
            tx.emit(ev.HaltCleared("device:reader", "card passed again and read"), "device:reader")
            rnd = tx.state.round
        if rnd is None or rnd.finished or target is None or rnd.halt is not None:
            return False
        if card is None:
            pos, i = target
            tx.emit(ev.Halted("unreadable", "card_unreadable", f"card unreadable at {pos} card {i + 1}: key it in",
                              "reader", {"position": pos, "index": i}), "device:reader")
            return True
        self.reveal_read(tx, card, manual=False, actor="device:reader")
        return True

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
        if rnd.halt is None and rule.halt == "link" and not rule.from_link and state.device(device).connected:
            # The unit says it lost power, on a link that is back already (its reconnect was heard first): no link
            # event is coming to decide a link halt, so it is decided now as the link's return decides it - a deal
            # cannot go on from where the unit was; anything else goes on, the fault on record.
            tx.emit(ev.DeviceFault(device, code, text), actor)
            if self.in_deal(state):
                self.void(tx, code, STATION, reason=f"{device} {text} mid-deal")
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
            if self.in_deal(state) and device == policy.SHUFFLER:
                # Part of a deal asked for at once may have reached the shoe before the loss: it drops its queue
                # first, then gets what is still due, whole.
                tx.effect(policy.SHUFFLER, "reset")
                self.request_packet(tx, again=True)
            self.resume_pending(tx)
        elif self.in_deal(state):
            # What the shoe dispensed (or the reading shoe read) before the loss is known, but its position in the
            # deal after a reconnect or power-cycle is not: the round cannot go on.
            self.void(tx, "link_lost", STATION, reason=f"{device} reconnected mid-deal")
        else:
            tx.emit(ev.HaltCleared(STATION, f"{device} link restored"), STATION)

    def on_device_refused(self, tx: Tx, device: str, model: str, serial_number: str, program_hash: str,
                          reason: str, detail: str) -> None:
        """A device failed authentication: journaled with who it said it was; a round that still needs
        it halts (``device_policy.needed_later``), and a round halted for its link says why it stays down."""
        tx.emit(ev.DeviceRefused(device, model, serial_number, program_hash, reason, detail), f"device:{device}")
        rnd = tx.state.round
        if rnd is None or rnd.finished:
            return
        halt = rnd.halt
        if halt is not None and not (halt.kind == "link" and halt.device == device):
            return  # halted for something else (a jam, a misdeal): that halt stands
        # Not needed any more: nothing to stop. Halted by its link loss (a swap power-cycles the port):
        # the halt now says why the link will not come back by itself.
        if halt is not None or policy.needed_later(device, self.stage(tx.state)):
            tx.emit(ev.Halted("link", policy.REFUSED, tx.state.device(device).refusal_line(), device),
                    f"device:{device}")

    def on_disk_space(self, tx: Tx, level: str, free: int, warn: int, halt: int) -> bool:
        """The disk watch saw the journal's disk cross a threshold (``disk_watch.py``): journaled, so the pit sees
        it through the floor. At ``halt`` no round opens (``open_round``'s guard, ``TableFacts.disk_full``); the
        round in progress plays to its end in the room the threshold keeps. False: the level is the one known."""
        if level == tx.state.disk:
            return False
        tx.emit(ev.DiskSpace(level, free, warn, halt), STATION)
        return True

    def on_status(self, tx: Tx, device: str, state_name: str) -> None:
        tx.emit(ev.DeviceStatus(device, state_name), f"device:{device}")
        if state_name == "door_open" and self.in_deal(tx.state):
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
        if self.dealing(tx.state):
            why = "deal interrupted by a station restart" if rnd.halt is None \
                else f"deal halted ({rnd.halt.cause}) when the station restarted"
            self.void(tx, "station_restart", STATION, reason=why)
            return
        self.resume_pending(tx)
