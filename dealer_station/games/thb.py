"""Texas Hold'em Bonus with a progressive jackpot (GAMES.md §3, seed 004).

Spots: Ante (mandatory, within limits), Bonus (optional, equal to the Ante), Pool
(optional, exactly the table's fixed Pool stake); Flop, Turn and River are made by the
decisions. Decisions, one per street: pre-flop ``flop`` (2x Ante) or ``fold``; after the
flop ``turn`` (1x) or ``check`` - declining the Turn bet gives up the River bet, the hand
still plays; after the turn card, for a seat that bet the turn, ``river`` (1x) or ``check``.

Settlement, seat by seat from the highest seat down:

* against the dealer, no qualification: a win pays Flop, Turn and River 1:1 and the Ante
  1:1 only with a straight or better (else it pushes); a loss loses all four; a tie
  pushes them (GAMES.md Decision); a fold loses the Ante only;
* Bonus on the two hole cards, by a pay table keyed by hole-card rows (``BONUS_ROWS``),
  whatever else happens - folded or not;
* Pool on hole + flop, a share of the progressive meter (``dealer_station.jackpot``): the
  stake is always collected, so the Pool net is award - stake; a folded hand still wins.

Payouts at odds are rounded down to ``min_chip`` (breakage, as UTH); Pool awards are
rounded down to the cent by the meter's rules.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel, ConfigDict, ValidationError

from ..cards import Card, rank_of, suit_of
from ..config import BankingTableConfig, Money, TableConfig, first_problem
from ..errors import ConfigError, DealerStationError, RecordError, RuleError
from ..evaluator import ACE, Category, HandValue, category_of, evaluate, strength
from ..jackpot import (
    FACT_TYPES,
    Award,
    JackpotFact,
    JackpotInstalled,
    JackpotMeter,
    JackpotRules,
    JackpotVerified,
    LinkCommitted,
    LinkTerms,
    LinkUnavailable,
    PoolClosed,
    PoolHit,
    PoolLink,
    Reversal,
    installed,
    meter_summary,
    share_of,
)
from ..money import ZERO, exact_money, format_cents, format_money, parse_money
from ..profile_loader import TABLE_KEYS, table_for_record, with_overrides
from ..table.events import Halted, StationStarted
from ..table.folds import COMMON
from ..table.phases import BETTING
from .against_dealer import Payer, SeatSettlement, check_spot_takeover, holdem_deal_plan
from .base import (
    BankingGame,
    Packet,
    Reveal,
    Round,
    SeatHand,
    check_limit,
    check_seat_number,
    ensure_round_distinct,
    must_match,
    parse_record_cards,
    refuse_unknown_keys,
    require,
    require_bet,
    require_object,
)

if TYPE_CHECKING:
    from ..table.state import RoundState, TableState
    from ..table.transaction import Transaction

KING, JACK = ACE - 1, ACE - 3
STATION = "station"

BONUS_ROWS = (
    "aa_vs_dealer_aa",  # pair of aces and the dealer holds a pair of aces too
    "aa",               # pair of aces
    "ak_suited",
    "aq_aj_suited",
    "ak_offsuit",
    "kk_qq_jj",         # pair of kings, queens or jacks
    "aq_aj_offsuit",
    "pair_2_10",        # any pair 2 to 10: the optional row many casinos add
)
"""Every row a Bonus pay table may have, best first."""

STREET_ACTIONS: dict[str, tuple[str, ...]] = {
    "preflop": ("flop", "fold"),
    "flop": ("turn", "check"),
    "turn": ("river", "check"),
}
STREET_LABEL = {"preflop": "pre-flop", "flop": "flop", "turn": "turn"}
RAISE_MULTIPLE: dict[str, int] = {"flop": 2, "turn": 1, "river": 1}
"""The spots a decision makes (named as the action), each as a multiple of the Ante."""

PLACEABLE_SPOTS = ("ante", "bonus", "pool")
SETTLED_SPOTS = ("ante", "flop", "turn", "river", "bonus", "pool")
"""Order of the spots in a seat's settlement (ROUND_RECORD.md)."""
ANTE_PAYS_FROM = Category.STRAIGHT
RECORD_KEYS = ("game", *TABLE_KEYS, "pool_stake", "jackpot", "dealer", "board", "seats")
SEAT_KEYS = ("seat", "player", "hole", "bets", "actions")
JACKPOT_KEYS = ("meter", "rate", "reset", "cap", "overflow", "link", "awards")
"""A linked round's record adds ``link`` and the ``awards`` its controller committed (amounts
computed from the shared meter, which the record cannot recompute)."""
AWARD_KEYS = ("seat", "category", "percent", "amount")
FLOP = slice(0, 3)


class ThbTableOptions(BaseModel):
    """The ``[options]`` of a Texas Hold'em Bonus profile."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    pool_stake: Money
    """The one amount a Pool bet may be."""
    allow_spot_takeover: bool = True
    """A seated player may also play one vacant spot (GAMES.md §3 Decision)."""
    jackpot: JackpotRules


class ThbTableConfig(BankingTableConfig):
    """A Texas Hold'em Bonus table: the banking table plus the Pool and the jackpot meter."""

    options: ThbTableOptions


def table_options(table: TableConfig) -> ThbTableOptions:
    """The THB options of ``table`` (validated with the profile)."""
    if not isinstance(table, ThbTableConfig):
        raise RuleError(f"not a {TexasHoldemBonus.name} table: {table.game!r}", "game")
    return table.options


# -- hole cards and flop: the side bets ----------------------------------------------


def bonus_rows(hole: Sequence[Card], dealer: Sequence[Card]) -> tuple[str, ...]:
    """The Bonus rows ``hole`` makes (against ``dealer``), best first; () for none.

    The paid row is the first of these the table has: AA against a dealer AA falls back to
    the plain AA row on a table without the 1000:1 row.
    """
    first, second = hole
    high, low = sorted((rank_of(first), rank_of(second)), reverse=True)
    if high == low:
        if high == ACE:
            dealer_aces = all(rank_of(c) == ACE for c in dealer)
            return ("aa_vs_dealer_aa", "aa") if dealer_aces else ("aa",)
        return ("kk_qq_jj",) if high >= JACK else ("pair_2_10",)
    if high != ACE or low < JACK:
        return ()
    suited = suit_of(first) == suit_of(second)
    if low == KING:
        return ("ak_suited",) if suited else ("ak_offsuit",)
    return ("aq_aj_suited",) if suited else ("aq_aj_offsuit",)


def bonus_odds(paytable: Mapping[str, Decimal], hole: Sequence[Card], dealer: Sequence[Card]) -> Decimal | None:
    """What the Bonus pays to 1 on this table, or None when it loses."""
    for row in bonus_rows(hole, dealer):
        if row in paytable:
            return paytable[row]
    return None


def pool_category(hole: Sequence[Card], flop: Sequence[Card]) -> Category:
    """The Pool hand: the five cards of hole + flop."""
    return category_of(strength([*hole, *flop]))


# -- the seat's records and settlement -----------------------------------------------


@dataclass(frozen=True, slots=True)
class ThbSeat(SeatHand):
    """A seat of a THB round; ``player`` names who plays it when the record says so."""

    player: str | None = None


@dataclass(frozen=True, slots=True)
class ThbRound(Round):
    """A validated THB round, with the meter as the round found it."""

    jackpot: JackpotMeter | None = None
    """The meter as the round found it (None: no ``jackpot`` in the record)."""
    report_overflow: bool = False
    """The record gave a cap or an overflow, so the output carries ``overflow_after``."""
    link: str | None = None
    """A linked round: the link's name; its awards are ``linked_awards``, as committed."""
    linked_awards: tuple[Award, ...] = ()


def stake_amounts(bets: Mapping[str, Decimal], actions: Sequence[str]) -> dict[str, Decimal]:
    """Every stake on the seat's spots once ``actions`` were taken, settlement order."""
    made = {action: bets["ante"] * RAISE_MULTIPLE[action] for action in actions if action in RAISE_MULTIPLE}
    placed = {**bets, **made}
    return {spot: placed[spot] for spot in SETTLED_SPOTS if spot in placed}


def settle_seat(
    seat: SeatHand,
    board: Sequence[Card],
    dealer: HandValue,
    bonus_table: Mapping[str, Decimal],
    dealer_cards: Sequence[Card],
    pool_award: Decimal | None,
    payer: Payer,
) -> SeatSettlement:
    """Settle one seat (module docstring); ``pool_award`` is its award from the meter. A fold without its cards
    (dealt by hand, never read) has no hand and nothing left on one."""
    stakes = stake_amounts(seat.bets, seat.actions)
    nets: dict[str, Decimal] = {}
    player = seat.player if isinstance(seat, ThbSeat) else None
    if not seat.hole:
        return SeatSettlement(seat.seat, None, "fold", {"ante": -stakes["ante"]}, player)
    hand = evaluate([*seat.hole, *board])
    main = [spot for spot in ("ante", "flop", "turn", "river") if spot in stakes]
    if "fold" in seat.actions:
        result = "fold"
        nets["ante"] = -stakes["ante"]
    elif hand.strength > dealer.strength:
        result = "win"
        for spot in main:
            if spot == "ante" and hand.category < ANTE_PAYS_FROM:
                nets[spot] = ZERO
            else:
                nets[spot] = payer.pay(stakes[spot], Decimal(1))
    elif hand.strength < dealer.strength:
        result = "lose"
        nets.update({spot: -stakes[spot] for spot in main})
    else:
        result = "tie"
        nets.update(dict.fromkeys(main, ZERO))
    if "bonus" in stakes:
        odds = bonus_odds(bonus_table, seat.hole, dealer_cards)
        nets["bonus"] = -stakes["bonus"] if odds is None else payer.pay(stakes["bonus"], odds)
    if "pool" in stakes:
        nets["pool"] = (pool_award or ZERO) - stakes["pool"]
    return SeatSettlement(seat.seat, hand, result, nets, player)


def settlement_order(seats: Iterable[SeatHand]) -> list[SeatHand]:
    """Right to left as the dealer sees it: highest seat first."""
    return sorted(seats, key=lambda s: s.seat, reverse=True)


def pool_stakes(seats: Iterable[SeatHand]) -> list[tuple[int, Decimal]]:
    """(seat, Pool stake) of every seat with one, in settlement order: the contributions."""
    return [(s.seat, s.bets["pool"]) for s in settlement_order(seats) if "pool" in s.bets]


def pool_hits(seats: Iterable[SeatHand], flop: Sequence[Card], pool_table: Mapping[Category, Decimal]) -> list[PoolHit]:
    """The winning Pool hands at the flop reveal, in settlement order (folded seats too)."""
    hits: list[PoolHit] = []
    for seat in settlement_order(seats):
        if "pool" not in seat.bets:
            continue
        category = pool_category(seat.hole, flop)
        if category in pool_table:
            hits.append(PoolHit(seat.seat, category.label, pool_table[category], (*seat.hole, *flop)))
    return hits


@dataclass(frozen=True, slots=True)
class RoundJackpot:
    """A live round's part of the meter: the meter it found, the facts it journaled, who verified."""

    before: JackpotMeter
    facts: tuple[JackpotFact, ...] = ()
    verified: tuple[int, ...] = ()
    """Seats whose held award a supervisor has verified."""
    seqs: tuple[int, ...] = ()
    """A linked round: the controller's commits journaled for it (``LinkCommitted.seq``)."""
    pool_closed: bool = False
    """A linked round that plays no Pool (its stakes returned: ``PoolClosed``)."""

    def awards(self) -> list[Award]:
        """The round's awards still standing (a void's reversals take them back)."""
        undone = [f.of for f in self.facts if isinstance(f, Reversal)]
        return [f for f in self.facts if isinstance(f, Award) and f not in undone]

    def held(self) -> list[Award]:
        """Awards waiting for a supervisor's verification."""
        return [a for a in self.awards() if a.needs_verification and a.seat not in self.verified]

    def meter_at(self, award: Award) -> Decimal | None:
        """The meter ``award`` is a share of: the round's meter before, moved by the facts journaled before
        the award (its contributions, an earlier hit). None when the round's own facts do not make it (a
        linked round, whose controller counts other tables' play in between)."""
        meter = self.before
        for fact in self.facts:
            if fact is award:
                return meter.meter if award.amount == share_of(meter.meter, award.percent) else None
            meter = meter.apply(fact)
        return None


def _live_seats(rnd: RoundState) -> list[SeatHand]:
    return [SeatHand(s.seat, tuple(rnd.hole(s.seat)), s.bets, tuple(s.actions)) for s in rnd.seats.values()]



@dataclass(frozen=True, slots=True)
class LinkedMeter(JackpotMeter):
    """A linked table's view of the shared meter: as its controller last committed it for this
    table (``LinkCommitted.after``), and the rounds whose contribution may sit at the controller
    unacknowledged (``PoolClosed.sent``), to cancel there once the link is back."""

    unconfirmed: tuple[str, ...] = ()
    journaled: tuple[tuple[str, int], ...] = ()
    """(round, seq) of the controller's commits already journaled for an unconfirmed round: its
    cancellation journals the rest of what the controller held of it, never one of these again."""
    in_doubt: str | None = None
    """The round open in its betting when the station last started: an earlier run may have sent its
    contribution, so if it plays no Pool now it is cancelled at the controller all the same."""


THB_FOLDS = COMMON.extended()
"""The table's folds plus the jackpot meter's own events (``Game.folds``)."""


@THB_FOLDS.on(JackpotInstalled)
def _installed(state: TableState, event: JackpotInstalled, at: str) -> None:
    meter = state.game_state
    if event.rules.link is None:
        state.game_state = installed(meter, event.rules)
    elif isinstance(meter, LinkedMeter):
        state.game_state = replace(meter, rules=event.rules)
    else:  # the shared meter is the controller's: shown at reset until its first commit says otherwise
        state.game_state = LinkedMeter.fresh(event.rules)


@THB_FOLDS.on(LinkCommitted)
def _link_committed(state: TableState, event: LinkCommitted, at: str) -> None:
    mirror = state.game_state
    assert isinstance(mirror, LinkedMeter), "a link commit on a table that is not linked"
    rnd = state.round
    if rnd is not None and rnd.round_id == event.round_id and not rnd.finished:
        mine = rnd.game_state if isinstance(rnd.game_state, RoundJackpot) else RoundJackpot(mirror)
        rnd.game_state = replace(mine, facts=(*mine.facts, *event.facts), seqs=(*mine.seqs, event.seq))
    after = event.meter_after(mirror.rules)
    done = event.op == "cancel"
    unconfirmed = tuple(r for r in mirror.unconfirmed if not (done and r == event.round_id))
    journaled = tuple(j for j in mirror.journaled if not (done and j[0] == event.round_id))
    state.game_state = LinkedMeter(**{f: getattr(after, f) for f in _METER_FIELDS}, unconfirmed=unconfirmed,
                                   journaled=journaled, in_doubt=mirror.in_doubt)


_METER_FIELDS = ("rules", "meter", "overflow", "opening", "contributed", "awarded", "seeded", "hits", "reserve")


@THB_FOLDS.on(PoolClosed)
def _pool_closed(state: TableState, event: PoolClosed, at: str) -> None:
    """The round's Pool stakes are returned: its seats no longer have a Pool bet."""
    mirror = state.game_state
    assert isinstance(mirror, LinkedMeter), "the Pool closed on a table that is not linked"
    rnd = state.round
    if rnd is not None:
        for seat in event.returned:
            if seat in rnd.seats:
                rnd.seats[seat].bets.pop("pool", None)
        mine = rnd.game_state if isinstance(rnd.game_state, RoundJackpot) else RoundJackpot(mirror)
        rnd.game_state = replace(mine, pool_closed=True)
        if event.sent and rnd.round_id not in mirror.unconfirmed:
            state.game_state = replace(mirror, unconfirmed=(*mirror.unconfirmed, rnd.round_id),
                                       journaled=(*mirror.journaled, *((rnd.round_id, seq) for seq in mine.seqs)))


@THB_FOLDS.on(StationStarted)
def _restarted(state: TableState, event: StationStarted, at: str) -> None:
    """A linked round still in its betting at a restart may have had its contribution sent by the run that died."""
    mirror, rnd = state.game_state, state.round
    if isinstance(mirror, LinkedMeter) and rnd is not None and not rnd.finished and rnd.phase == BETTING:
        mine = rnd.game_state
        if not (isinstance(mine, RoundJackpot) and (mine.seqs or mine.pool_closed)):
            state.game_state = replace(mirror, in_doubt=rnd.round_id)


@THB_FOLDS.on(*FACT_TYPES)
def _meter_fact(state: TableState, event: Any, at: str) -> None:
    meter = state.game_state
    assert isinstance(meter, JackpotMeter), "a jackpot fact before the meter was installed"
    rnd = state.round
    if rnd is not None and not rnd.finished:  # a rules change's raise to reset belongs to no round
        mine = rnd.game_state if isinstance(rnd.game_state, RoundJackpot) else RoundJackpot(meter)
        rnd.game_state = replace(mine, facts=(*mine.facts, event))
    state.game_state = meter.apply(event)


@THB_FOLDS.on(JackpotVerified)
def _verified(state: TableState, event: JackpotVerified, at: str) -> None:
    rnd = state.round
    if rnd is not None and isinstance(rnd.game_state, RoundJackpot):
        rnd.game_state = replace(rnd.game_state, verified=(*rnd.game_state.verified, event.seat))


class TexasHoldemBonus(BankingGame):
    """Texas Hold'em Bonus against the dealer with a table progressive, 1 to 6 seats."""

    name = "holdem_bonus"
    config_model = ThbTableConfig
    spots = ("bonus", "pool", "ante", "flop", "turn", "river")  # the layout, GAMES.md §3
    placeable_spots = PLACEABLE_SPOTS
    street_actions = STREET_ACTIONS
    street_labels = STREET_LABEL
    incomplete_hint = "must end with a fold, a declined Turn bet or the River decision"
    fold_loses = ("ante",)
    matched_spots = {"bonus": "ante"}  # optional; when placed, always the Ante's amount
    labels = {"ante": "Ante", "bonus": "Bonus", "pool": "Pool", "flop": "Flop", "turn": "Turn", "river": "River",
              "fold": "Fold", "check": "Check", "street:preflop": "Pre-flop", "street:flop": "Flop",
              "street:turn": "Turn"}
    streets = ("preflop", "flop", "turn")
    reveals: ClassVar[Mapping[str, tuple[Reveal, ...]]] = {
        "preflop": (),  # players look at their own hole cards; the Bonus is known
        "flop": (("board", FLOP),),  # the Pool is known
        "turn": (("board", slice(3, 4)),),
    }
    final_reveal = (("board", slice(4, 5)), ("dealer", slice(0, 2)))
    max_seats = 6
    limit_spots = ("ante",)  # Bonus equals the Ante; the Pool stake is fixed by the table
    paytable_names = ("bonus", "pool")
    folds = THB_FOLDS
    players = "dealer_station.play.autoplay:ThbPlayer"
    par_provider = "dealer_station.par.thb:thb_par"

    def default_profile(self) -> str:
        return "thb-default"

    # -- table --------------------------------------------------------------------

    def check_table(self, table: TableConfig) -> None:
        super().check_table(table)
        assert isinstance(table, ThbTableConfig)
        for category, percent in table.paytable("pool").items():
            if not 0 < percent <= 100:
                raise RuleError("a Pool row is a percentage of the meter, above 0 and at most 100",
                                f"paytables.pool.{category.label}")
        table_options(table)

    def check_bets_open(self, tx: Transaction, seat: int, bets: Mapping[str, Decimal]) -> None:
        """A linked table takes no Pool bet while its controller cannot be reached (NJ 13:69E-1.39B)."""
        if "pool" in bets and not pool_open(tx.table, tx.service(PoolLink)):
            raise RuleError("Pool closed: no link to the progressive controller", f"seat{seat}.bets.pool",
                            key="refuse_pool_closed")

    def check_paytable_row(self, paytable: str, row: str, field: str) -> None:
        if paytable != "bonus":
            super().check_paytable_row(paytable, row, field)
        elif row not in BONUS_ROWS:
            raise RuleError(f"unknown Bonus row {row!r} (known: {', '.join(BONUS_ROWS)})", field)

    # -- bets ---------------------------------------------------------------------

    def stakes(self, bets: Mapping[str, Decimal], actions: Sequence[str]) -> dict[str, Decimal]:
        return stake_amounts(bets, actions)

    def fixed_stakes(self, table: TableConfig) -> dict[str, Decimal]:
        return {"pool": table_options(table).pool_stake}

    def validate_bets(
        self, seat: int, bets: Mapping[str, Any], table: TableConfig, field: str
    ) -> dict[str, Decimal]:
        check_seat_number(seat, table, field)
        bets = require_object(bets, field)
        for spot in bets:
            if spot in RAISE_MULTIPLE:
                raise RecordError(f"the {spot.title()} bet is made by a decision (actions), not placed", f"{field}.{spot}")
            if spot not in PLACEABLE_SPOTS:
                raise RecordError(f"unknown spot (spots: {', '.join(PLACEABLE_SPOTS)})", f"{field}.{spot}")
        assert isinstance(table, BankingTableConfig)
        stakes = {"ante": parse_money(require_bet(bets, "ante", field), f"{field}.ante")}
        check_limit(stakes["ante"], table.limits["ante"], f"{field}.ante")
        if "bonus" in bets:
            stakes["bonus"] = parse_money(bets["bonus"], f"{field}.bonus")
            if stakes["bonus"] != stakes["ante"]:
                raise must_match("bonus", "ante", stakes["ante"], field)
        if "pool" in bets:
            stakes["pool"] = parse_money(bets["pool"], f"{field}.pool")
            fixed = table_options(table).pool_stake
            if stakes["pool"] != fixed:
                raise RuleError(f"must be the table's Pool stake {format_money(fixed)}", f"{field}.pool",
                                key="refuse_fixed", values={"spot": "pool", "amount": format_money(fixed)})
        return stakes

    # -- deal ---------------------------------------------------------------------

    def deal_plan(self, seats: Sequence[int], deal_mode: str) -> list[Packet]:
        return holdem_deal_plan(seats, deal_mode)

    # -- decisions ----------------------------------------------------------------

    def decided(self, history: Sequence[str]) -> bool:
        """A fold, a declined Turn bet and the River decision each end a seat's decisions."""
        return "fold" in history or "check" in history or len(history) == len(STREET_ACTIONS)

    def refuse_after_decided(self, history: Sequence[str], action: str) -> str:
        if history[-1] == "check" and len(history) == 2:
            if action == "river":
                return "'river' without a Turn bet: declining the Turn bet gives up the River bet"
            return f"{action!r} after 'check': declining the Turn bet ends the seat's decisions"
        return super().refuse_after_decided(history, action)

    # -- records ------------------------------------------------------------------

    def parse_record(self, record: Mapping[str, Any], table: TableConfig | None) -> ThbRound:
        record = require_object(record, None)
        refuse_unknown_keys(record, RECORD_KEYS, None)
        if require(record, "game") != self.name:
            raise RecordError(f"not a {self.name} record: {record['game']!r}", "game")
        table = table_for_record(record, table)
        if "pool_stake" in record:  # the Pool stake the round was played under (ROUND_RECORD.md)
            overridden = with_overrides(table, {"options": {"pool_stake": record["pool_stake"]}})
            assert isinstance(overridden, ThbTableConfig)
            table = overridden
        options = table_options(table)
        dealer = parse_record_cards(record, "dealer", 2)
        board = parse_record_cards(record, "board", 5)
        seats = self.parse_seats(record, table, self._parse_seat)
        check_spot_takeover(
            [(s.seat, s.player) for s in seats], options.allow_spot_takeover,
            [f"seats[{i}].player" for i in range(len(seats))],
        )
        ensure_round_distinct(dealer, board, [(f"seats[{i}].hole", s.hole) for i, s in enumerate(seats)])
        meter, report_overflow, link = None, False, None
        linked_awards: tuple[Award, ...] = ()
        if "jackpot" in record:
            block = require_object(record["jackpot"], "jackpot")
            meter = self._parse_jackpot(block, options)
            report_overflow = "cap" in block or "overflow" in block
            if "link" in block:
                link = block["link"]
                if not isinstance(link, str) or not link:
                    raise RecordError(f"must be the link's name, not {link!r}", "jackpot.link")
                linked_awards = self._parse_linked_awards(block, seats)
            elif "awards" in block:
                raise RecordError("only a linked round's record gives its awards (with jackpot.link)", "jackpot.awards")
        else:
            staked = next((i for i, s in enumerate(seats) if "pool" in s.bets), None)
            if staked is not None:
                raise RecordError(f"missing: seats[{staked}] has a Pool stake, so the record needs the meter", "jackpot")
        return ThbRound(self.name, table, dealer, board, tuple(seats), meter, report_overflow, link, linked_awards)

    def _parse_seat(self, entry: object, field: str, table: TableConfig) -> ThbSeat:
        entry = require_object(entry, field)
        refuse_unknown_keys(entry, SEAT_KEYS, field)
        seat = check_seat_number(require(entry, "seat", field), table, f"{field}.seat")
        player = entry.get("player")
        if player is not None and (not isinstance(player, str) or not player.strip()):
            raise RecordError(f"must be a player's name, not {player!r}", f"{field}.player")
        bets = self.validate_bets(seat, require(entry, "bets", field), table, f"{field}.bets")
        actions = self.parse_actions(require(entry, "actions", field), f"{field}.actions")
        return ThbSeat(seat, self.record_hole(entry, bets, actions, field), bets, actions, player)

    @staticmethod
    def _parse_linked_awards(block: Mapping[str, Any], seats: Sequence[ThbSeat]) -> tuple[Award, ...]:
        """A linked round's awards as its controller committed them (seat, category, percent, amount)."""
        items = block.get("awards", [])
        if not isinstance(items, list):
            raise RecordError("must be a list of the awards the controller committed", "jackpot.awards")
        staked = {s.seat for s in seats if "pool" in s.bets}
        awards = []
        for i, item in enumerate(items):
            field = f"jackpot.awards[{i}]"
            item = require_object(item, field)
            refuse_unknown_keys(item, AWARD_KEYS, field)
            seat = require(item, "seat", field)
            if seat not in staked:
                raise RecordError(f"seat {seat!r} has no Pool stake in this round", f"{field}.seat")
            category = require(item, "category", field)
            if not isinstance(category, str):
                raise RecordError(f"must be a hand category, not {category!r}", f"{field}.category")
            awards.append(Award(seat, category, parse_money(require(item, "percent", field), f"{field}.percent"),
                                parse_money(require(item, "amount", field), f"{field}.amount")))
        return tuple(awards)

    @staticmethod
    def _parse_jackpot(block: Mapping[str, Any], options: ThbTableOptions) -> JackpotMeter:
        """The meter before the round: the record's values and rules, the table's verify_at."""
        refuse_unknown_keys(block, JACKPOT_KEYS, "jackpot")
        meter = parse_money(require(block, "meter", "jackpot"), "jackpot.meter")
        overflow = parse_money(block.get("overflow", "0"), "jackpot.overflow")
        given = {key: block[key] for key in ("rate", "reset", "cap") if key in block}
        for key in ("rate", "reset"):
            require(block, key, "jackpot")
        try:
            rules = JackpotRules.model_validate({**given, "verify_at": options.jackpot.verify_at})
        except ValidationError as exc:
            problem, path = first_problem(exc)
            raise RecordError(problem, f"jackpot.{path}" if path else "jackpot") from None
        try:
            return JackpotMeter.taken_up(rules, meter, overflow)
        except DealerStationError as exc:
            raise exc.at("jackpot") from None

    # -- settlement ---------------------------------------------------------------

    @exact_money()  # payouts exact in MONEY_CONTEXT: refused, never silently rounded
    def settle(self, round: Round) -> dict[str, Any]:
        if not isinstance(round, ThbRound):
            raise RecordError(f"not a {self.name} round (parse it with {self.name}.parse_record)")
        table = round.table
        dealer = evaluate([*round.dealer, *round.board])
        payer = Payer(table.min_chip or ZERO)
        in_order = settlement_order(round.seats)
        jackpot_facts: list[JackpotFact] = []
        awards: dict[int, Decimal] = {}
        if round.jackpot is not None:
            contributions = round.jackpot.contribute(pool_stakes(in_order))
            if round.link is None:
                hits = pool_hits(in_order, round.board[FLOP], table.paytable("pool"))
                paid: Sequence[JackpotFact] = round.jackpot.apply_all(contributions).award_all(hits)
            else:  # a linked round: its controller computed the awards from the shared meter
                paid = round.linked_awards
            jackpot_facts = [*contributions, *paid]
            awards = {f.seat: f.amount for f in paid if isinstance(f, Award)}
        bonus_table = table.paytables["bonus"]
        seats = [
            settle_seat(s, round.board, dealer, bonus_table, round.dealer, awards.get(s.seat), payer)
            for s in in_order
        ]
        out: dict[str, Any] = {
            "game": self.name,
            "dealer": {"best5": dealer.best5_str(), "category": dealer.category.label},
            "seats": [s.as_record() for s in seats],
        }
        if any(s.player is not None for s in seats):
            out["players"] = _player_totals(seats)
        out["breakage"] = format_money(payer.breakage)
        if round.jackpot is not None:
            out["jackpot"] = jackpot_block(round.jackpot, jackpot_facts, round.report_overflow)
            if round.link is not None:  # the shared meter is the controller's: no meter_after here
                out["jackpot"] = {"link": round.link, "contributions": out["jackpot"]["contributions"],
                                  "awards": out["jackpot"]["awards"]}
        return out


    # -- the live table: the meter's facts journaled with the steps that cause them --

    def start_events(self, state: TableState, table: TableConfig) -> list[Any]:
        """Install the meter on a new journal, or journal a change of its rules.

        A change never moves the meter down (only an award does, GAMES.md §3): a cap below
        the meter is refused, and a reset above it raises the meter to the new reset at once
        (overflow first, then the house's seed, journaled with the change). A round in
        progress keeps the rules it started with: the change waits until it is over.
        """
        rules = table_options(table).jackpot
        meter = state.game_state
        if not isinstance(meter, JackpotMeter):
            return [JackpotInstalled(rules)]
        rnd = state.round
        in_round = rnd is not None and not rnd.finished
        changed = meter.rules != rules
        if changed and in_round:
            assert rnd is not None
            raise ConfigError(f"round {rnd.round_id} is still open: finish or void it under the jackpot rules it "
                              "started with, then change them", "options.jackpot")
        if rules.link is not None:  # the shared meter's cap and reset are its controller's to keep
            return [JackpotInstalled(rules)] if changed else []
        if rules.cap is not None and meter.meter > rules.cap:
            raise ConfigError(f"cap {format_cents(rules.cap)} is below the meter {format_cents(meter.meter)}: the "
                              "meter only goes down by an award", "options.jackpot.cap")
        # Also on unchanged rules: a journal of an earlier version may hold a raised reset with no raise.
        raise_up = [] if in_round else installed(meter, rules).raise_to_reset()
        return [*([JackpotInstalled(rules)] if changed else []), *raise_up]

    def on_bets_locked(self, tx: Transaction) -> None:
        """At "no more bets": each Pool stake's contribution, highest seat first (a linked
        table's: committed by its controller, then journaled as it answered)."""
        meter = tx.state.game_state
        if isinstance(meter, LinkedMeter):
            self._contribute_linked(tx, meter)
            return
        for fact in meter.contribute(pool_stakes(_live_seats(tx.round))):
            tx.emit(fact, STATION)

    def _contribute_linked(self, tx: Transaction, mirror: LinkedMeter) -> None:
        """The link-down rule (docs/floor.md "Linked progressive"): a round whose contribution the
        controller did not acknowledge plays no Pool - its Pool stakes are returned (``PoolClosed``)
        and, if it was sent, it is cancelled at the controller once the link is back."""
        link = tx.service(PoolLink)
        name = mirror.rules.link or ""
        if link is not None and mirror.unconfirmed and link.available():
            self._cancel_unconfirmed(tx, link, mirror.unconfirmed, set(mirror.journaled))
        stakes = pool_stakes(_live_seats(tx.round))
        doubt = mirror.in_doubt == tx.round.round_id  # an earlier run may have sent this round's contribution
        returned = {seat: stake for seat, stake in stakes}
        if not stakes:
            if doubt:  # no Pool now: whatever the controller holds of it is cancelled there
                tx.emit(PoolClosed(name, "no Pool stake after a restart", {}, sent=True), STATION)
            return
        if link is None or not link.available():
            tx.emit(PoolClosed(name, "no link", returned, sent=doubt), STATION)
            return
        try:
            commit = link.contribute(tx.round.round_id, stakes)
        except DealerStationError as exc:  # unreachable, or refused (the controller holds other stakes for it, or
            # its figures are not the controller's): not acknowledged, so no Pool; cancelled there once it answers
            tx.emit(PoolClosed(name, exc.problem, returned, sent=True), STATION)
            return
        if commit is None:
            tx.emit(PoolClosed(name, "the controller had cancelled this round", returned), STATION)
            return
        tx.emit(commit.event(), STATION)

    @staticmethod
    def _cancel_unconfirmed(tx: Transaction, link: PoolLink, rounds: Sequence[str],
                            journaled: set[tuple[str, int]]) -> None:
        """Cancel at the controller what it may hold of rounds settled without the Pool; every commit
        it held of them is journaled (with the cancellation), so the journal still adds up."""
        for round_id in rounds:
            try:
                commits = link.cancel(round_id)
            except DealerStationError:  # unreachable again, or refused: the round stays unconfirmed, play goes on
                return
            for commit in commits:
                if (round_id, commit.seq) not in journaled:
                    tx.emit(commit.event(), STATION)

    def on_reveal_complete(self, tx: Transaction, phase: str) -> None:
        """At the flop reveal: every winning Pool hand is awarded from the meter, in order.

        An award at or above ``verify_at`` is locked at its amount and holds the table for
        a supervisor. Runs once per round (a round released from the hold does not award again).
        """
        rnd = tx.round
        mine = rnd.game_state
        if phase != "flop_reveal" or not isinstance(mine, RoundJackpot) or any(isinstance(f, Award) for f in mine.facts):
            return
        board = rnd.cards.get("board", [])[:3]
        table = tx.table
        assert isinstance(table, ThbTableConfig), "a THB round on a THB table"
        hits = pool_hits(_live_seats(rnd), board, table.paytable("pool"))
        if isinstance(tx.state.game_state, LinkedMeter):
            if mine.pool_closed or not hits:
                return
            link = tx.service(PoolLink)
            try:
                if link is None:
                    raise LinkUnavailable("no link to the progressive controller")
                commit = link.award(rnd.round_id, hits)
            except DealerStationError as exc:  # resumed by a supervisor once the link is back: awarded then
                tx.emit(Halted("internal", "pool_link_down",
                               f"Pool award waits for the progressive controller ({exc.problem}): resume once "
                               "the link is back"), STATION)
                return
            tx.emit(commit.event(), STATION)
        else:
            for fact in tx.state.game_state.award_all(hits):
                tx.emit(fact, STATION)
        held = tx.round.game_state.held()
        if held:
            text = ", ".join(f"seat {a.seat} {a.category.replace('_', ' ')} {format_cents(a.amount)}" for a in held)
            tx.emit(Halted("jackpot_verify", "jackpot_hit", f"JACKPOT {text}: supervisor verify",
                           detail={"seats": [a.seat for a in held], "amounts": [format_cents(a.amount) for a in held]}),
                    STATION)

    def on_verify(self, tx: Transaction, actor: str, reason: str) -> None:
        mine = tx.round.game_state
        held = mine.held() if isinstance(mine, RoundJackpot) else []
        if not held:
            raise RuleError("there is no jackpot waiting for verification")
        if isinstance(tx.state.game_state, LinkedMeter):  # the controller pays it: it must record the verification
            link = tx.service(PoolLink)
            try:
                if link is None:
                    raise LinkUnavailable("no link to the progressive controller")
                link.verify(tx.round.round_id, [a.seat for a in held], actor)
            except LinkUnavailable as exc:
                raise RuleError(f"the jackpot cannot be verified without its controller ({exc.problem}): "
                                "try again once the link is back") from None
        for award in held:
            tx.emit(JackpotVerified(award.seat, award.amount, actor, reason), actor)

    def on_void(self, tx: Transaction) -> None:
        """A void takes the round's contributions, awards and seeds back out of the meter."""
        mine = tx.round.game_state
        mirror = tx.state.game_state
        if isinstance(mirror, LinkedMeter):
            self._void_linked(tx, mirror, mine if isinstance(mine, RoundJackpot) else None)
            return
        if not isinstance(mine, RoundJackpot):
            return
        standing = [f for f in mine.facts if not isinstance(f, Reversal)]
        for fact in tx.state.game_state.reverse(standing):
            tx.emit(fact, STATION)

    @staticmethod
    def _void_linked(tx: Transaction, mirror: LinkedMeter, mine: RoundJackpot | None) -> None:
        """A linked round's void cancels it at the controller (what a crash kept from the journal
        too); without the link, the round waits in ``unconfirmed`` and is cancelled once it is back."""
        rnd = tx.round
        staked = {s.seat: s.bets["pool"] for s in rnd.seats.values() if "pool" in s.bets}
        if not staked and (mine is None or not mine.seqs) and mirror.in_doubt != rnd.round_id:
            return  # no Pool in this round: nothing at the controller
        link = tx.service(PoolLink)
        try:
            if link is None:
                raise LinkUnavailable("no link to the progressive controller")
            commits = link.cancel(rnd.round_id)
        except LinkUnavailable as exc:
            tx.emit(PoolClosed(mirror.rules.link or "", exc.problem, staked, sent=True), STATION)
            return
        seen = set(mine.seqs) if mine is not None else set()
        for commit in commits:
            if commit.seq not in seen:
                tx.emit(commit.event(), STATION)

    def check_takeover(self, table: TableConfig, seat: int, player: int, others: Mapping[int, int | None]) -> None:
        if not table_options(table).allow_spot_takeover:
            raise RuleError("this table does not allow playing a second spot", "player")
        if others.get(player) is not None:
            raise RuleError(f"seat {player} is itself played by seat {others[player]}", "player")
        if any(taker == player for taker in others.values()):
            raise RuleError(f"the player at seat {player} already plays a second spot", "player")

    def reveal_targets(self, reveals: Sequence[Reveal], rnd: RoundState, hand_deal: bool) -> list[tuple[str, int]]:
        """Dealt by hand, the Pool hands' hole cards are read at the flop: the Pool stands on them."""
        targets = super().reveal_targets(reveals, rnd, hand_deal)
        if hand_deal and tuple(reveals) == self.reveals["flop"]:
            for seat in sorted(rnd.seats):
                if "pool" in rnd.seats[seat].bets:
                    targets.extend((f"seat{seat}", i) for i in range(rnd.packet_size(f"seat{seat}")))
        return targets

    def build_record(self, table: TableConfig, rnd: RoundState) -> dict[str, Any]:
        """The round record with the meter as the round found it and who plays each spot."""
        record = super().build_record(table, rnd)
        record["pool_stake"] = format_money(table_options(table).pool_stake)
        takers = {s.seat: s.player for s in rnd.seats.values() if s.player is not None}
        for entry in record["seats"]:
            owner = takers.get(entry["seat"]) or (entry["seat"] if entry["seat"] in takers.values() else None)
            if owner is not None:
                entry["player"] = f"seat {owner}"
        mine = rnd.game_state
        if isinstance(mine, RoundJackpot):
            before, rules = mine.before, mine.before.rules
            block: dict[str, Any] = {"meter": format_money(before.meter), "rate": format_money(rules.rate),
                                     "reset": format_money(rules.reset), "overflow": format_money(before.overflow)}
            if rules.cap is not None:
                block["cap"] = format_money(rules.cap)
            if rules.link is not None:  # the awards its controller committed from the shared meter
                block["link"] = rules.link
                block["awards"] = [{"seat": a.seat, "category": a.category, "percent": format_money(a.percent),
                                    "amount": format_money(a.amount)} for a in mine.awards()]
            record["jackpot"] = block
        return record

    def meters(self, state: TableState) -> dict[str, Any] | None:
        """The regulators' meters now (for the screen and ``dealer-station jackpot``)."""
        meter = state.game_state
        return meter_summary(meter) if isinstance(meter, JackpotMeter) else None


def link_terms(table: TableConfig) -> LinkTerms:
    """What a linked table's Pool pays and costs, as its controller must agree (``jackpot.LinkTerms``)."""
    options = table_options(table)
    assert isinstance(table, ThbTableConfig), "a THB table's options come with a THB table"
    return LinkTerms(options.jackpot, options.pool_stake, table.currency,
                     {category.label: percent for category, percent in table.paytable("pool").items()})


def pool_open(table: TableConfig, link: PoolLink | None) -> bool:
    """Whether the table takes Pool bets now: always on its own meter; linked, only while its
    controller answers (NJ 13:69E-1.39B: the linked wager is unplayable without it)."""
    if table_options(table).jackpot.link is None:
        return True
    return link is not None and link.available()


def jackpot_block(before: JackpotMeter, facts: Sequence[JackpotFact], report_overflow: bool) -> dict[str, Any]:
    """The ``jackpot`` block of a settlement (ROUND_RECORD.md): the round's facts summed."""
    after = before.apply_all(facts)
    block: dict[str, Any] = {
        "meter_before": format_cents(before.meter),
        "contributions": format_cents(after.contributed - before.contributed),
        "awards": [
            {"seat": f.seat, "category": f.category, "amount": format_cents(f.amount)}
            for f in facts if isinstance(f, Award)
        ],
        "seeded": format_cents(after.seeded - before.seeded),
        "meter_after": format_cents(after.meter),
    }
    if report_overflow:
        block["overflow_after"] = format_cents(after.overflow)
    return block


def _player_totals(seats: Sequence[SeatSettlement]) -> list[dict[str, Any]]:
    """Net per named player over the spots they play (spot takeover), settlement order."""
    totals: dict[str, list[SeatSettlement]] = {}
    for s in seats:
        if s.player is not None:
            totals.setdefault(s.player, []).append(s)
    return [
        {"player": player, "seats": [s.seat for s in played], "net": format_money(sum((s.net for s in played), ZERO))}
        for player, played in totals.items()
    ]
