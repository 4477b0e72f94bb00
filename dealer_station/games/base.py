"""The small interface every table game implements, and the record checks they share.

A game is one module holding one ``Game`` subclass. What can be data is data on the
class (spots, streets, reveals, table requirements); the rest is a handful of methods
used by both the live round engine (bets, deal plan, decisions) and ``settle``
(``parse_record`` then ``settle``), so the live path and the record path share one
set of rules.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from ..cards import Card, cards_str, ensure_distinct, parse_cards
from ..config import BankingTableConfig, SpotLimit, TableConfig
from ..errors import RecordError, RuleError
from ..evaluator import Category
from ..money import format_money
from ..record_fields import refuse_unknown_keys as refuse_unknown_keys  # the record checks the games share
from ..record_fields import require as require
from ..record_fields import require_object as require_object
from ..table.fold import Folds
from ..table.folds import COMMON

if TYPE_CHECKING:
    from ..table.state import RoundState, TableState
    from ..table.transaction import Transaction

Packet = tuple[str, int]
"""(position, card count): ``("board", 5)``, ``("seat3", 2)``, ``("dealer", 2)``."""

Reveal = tuple[str, slice]
"""(position, which of its cards): ``("board", slice(0, 3))`` is the flop."""

S = TypeVar("S", bound="SeatHand")


@dataclass(frozen=True, slots=True)
class SeatHand:
    """One occupied seat of a finished round: validated cards, bets and decisions."""

    seat: int
    hole: tuple[Card, ...]
    bets: Mapping[str, Decimal]
    actions: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Round:
    """A validated banking round record, with the table configuration that was in force."""

    game: str
    table: BankingTableConfig
    dealer: tuple[Card, ...]
    board: tuple[Card, ...]
    seats: tuple[SeatHand, ...]


class Game(ABC):
    """One table game, of either family: what every game says about itself.

    ``family`` picks the round engine that runs it (``banking``: each seat against the
    dealer; ``poker``: players against each other). ``config_model`` is the pydantic
    model of its table profiles; ``labels`` name its spots and actions for screens.
    """

    name: ClassVar[str]
    family: ClassVar[str]
    max_seats: ClassVar[int]
    config_model: ClassVar[type[TableConfig]]
    labels: ClassVar[Mapping[str, str]] = {}
    players: ClassVar[str]
    """``module:factory`` of the game's scripted players (``simulate``, the demo), resolved by ``autoplay``."""
    par_provider: ClassVar[str | None] = None
    """``module:function`` of the game's par sheet (``par.par_sheet``); None: the game has no house edge."""
    folds: ClassVar[Folds] = COMMON
    """How the table's state folds this game's journal: the common folds, extended by a game that journals more."""
    """Screen words for spots and actions (``ante`` -> ``Ante``); the UI translates them."""
    needs_profile: ClassVar[bool] = True
    """Whether a round record settles against a table profile (poker records carry their rules)."""

    def check_table(self, table: TableConfig) -> None:
        """Refuse a table configuration this game cannot run (``RuleError`` naming the key)."""
        if table.seats > self.max_seats:
            raise RuleError(f"{self.name} seats 1 to {self.max_seats} players, not {table.seats}", "seats")

    @abstractmethod
    def parse_record(self, record: Mapping[str, Any], table: TableConfig | None) -> Any:
        """Validate a whole round record (ROUND_RECORD.md) against ``table`` (None: the
        record carries its rules; see ``needs_profile``)."""

    @abstractmethod
    def settle(self, round: Any) -> dict[str, Any]:
        """The settlement of a validated round as the JSON-able dict of ROUND_RECORD.md."""

    def default_profile(self) -> str:
        """The table profile a record naming none is settled with."""
        return f"{self.name}-default"

    # -- the live table: what a game journals beyond its family's common events ------

    def start_events(self, state: TableState, table: TableConfig) -> list[Any]:
        """Events to journal when the station starts on ``state`` (a meter's installed rules)."""
        return []

    def on_verify(self, tx: Transaction, actor: str, reason: str) -> None:
        """A supervisor verified what the game held the round for (THB: a jackpot hit)."""
        raise RuleError("there is nothing to verify")


class BankingGame(Game):
    """A game where each seat plays against the dealer (UTH, THB).

    What can be data is data on the class (spots, streets, reveals, table requirements);
    the rest is a handful of methods used by the live round (bets, deal plan, decisions,
    stakes, reveals, record) and by ``settle`` (``parse_record`` then ``settle``), so the
    live path and the record path share one set of rules. A game with more to journal
    (a jackpot meter) overrides the hooks at the end.
    """

    family = "banking"
    config_model: ClassVar[type[TableConfig]] = BankingTableConfig
    spots: ClassVar[tuple[str, ...]]
    """Every betting spot a seat may end up with, in display order."""
    placeable_spots: ClassVar[tuple[str, ...]]
    """Spots the croupier places chips on at betting time (the rest come from decisions)."""
    paired_spots: ClassVar[Mapping[str, str]] = {}
    """A spot whose stake always equals another's (UTH: Blind = Ante): one chip press places both."""
    matched_spots: ClassVar[Mapping[str, str]] = {}
    """An optional spot that, when placed, equals another (THB: Bonus = Ante): a bet panel toggles it."""
    streets: ClassVar[tuple[str, ...]]
    """Decision streets, in order."""
    reveals: ClassVar[Mapping[str, tuple[Reveal, ...]]]
    """Cards turned face up before each street's decisions."""
    final_reveal: ClassVar[tuple[Reveal, ...]]
    """Cards turned face up at showdown."""
    limit_spots: ClassVar[tuple[str, ...]]
    """Keys a table's ``limits`` must have (and may only have)."""
    paytable_names: ClassVar[tuple[str, ...]]
    """Keys a table's ``paytables`` must have (and may only have)."""
    fold_loses: ClassVar[tuple[str, ...]] = ()
    """The spots a fold loses there and then (UTH: Ante and Blind); what else a folded seat staked (a side
    bet) is settled on its cards."""

    def done_at_fold(self, bets: Mapping[str, Decimal], actions: Sequence[str]) -> bool:
        """A folded seat with nothing left on its cards: all it staked is lost at the fold, so its hand never
        matters - collected at once, not read at a hand-dealt showdown, and its record may omit its hole."""
        return bool(self.fold_loses) and bool(actions) and actions[-1] == "fold" and set(bets) <= set(self.fold_loses)

    def record_hole(self, entry: Mapping[str, Any], bets: Mapping[str, Decimal], actions: Sequence[str],
                    field: str) -> tuple[Card, ...]:
        """A record seat's hole cards: two, or none for a seat done at its fold (dealt by hand, never read)."""
        if entry.get("hole") in (None, []) and self.done_at_fold(bets, actions):
            return ()
        return parse_record_cards(entry, "hole", 2, field)

    @property
    def decision_spots(self) -> tuple[str, ...]:
        """Spots only a decision fills (UTH Play; THB Flop, Turn, River): every spot not placed at betting time."""
        return tuple(spot for spot in self.spots if spot not in self.placeable_spots)

    @property
    def edge_free_spots(self) -> frozenset[str]:
        """Spots with no house edge of their own: the main game's edge is stated per unit of the spot
        the others follow (per Ante), so the decision bets and a spot paired to another (UTH Blind)
        carry none - a theo sums stake x edge over the other spots only."""
        return frozenset(self.decision_spots) | frozenset(self.paired_spots.values())

    def check_table(self, table: TableConfig) -> None:
        super().check_table(table)
        assert isinstance(table, BankingTableConfig)
        _exact_keys(table.limits, self.limit_spots, "limits")
        _exact_keys(table.paytables, self.paytable_names, "paytables")
        for name, rows in table.paytables.items():
            for row in rows:
                self.check_paytable_row(name, row, f"paytables.{name}.{row}")

    def reveal_before(self, street: str) -> list[Reveal]:
        """Which cards the dealer turns up before the decisions of ``street``."""
        if street not in self.reveals:
            raise RuleError(f"unknown street {street!r} (streets: {', '.join(self.streets)})")
        return list(self.reveals[street])

    def reveal_targets(self, reveals: Sequence[Reveal], rnd: RoundState, hand_deal: bool) -> list[tuple[str, int]]:
        """(position, card index) shown by ``reveals`` in round ``rnd``, in the order they are turned up."""
        packets = dict(rnd.packets)
        targets: list[tuple[str, int]] = []
        for pos, part in reveals:
            targets.extend((pos, i) for i in range(*part.indices(packets.get(pos, 0))))
        return targets

    def check_paytable_row(self, paytable: str, row: str, field: str) -> None:
        """Refuse a row ``paytable`` cannot have. Rows are hand categories unless a game
        keys a table otherwise (Texas Hold'em Bonus keys its Bonus table by hole cards)."""
        try:
            Category.from_label(row)
        except ValueError as exc:
            raise RuleError(str(exc), field) from None


    def stakes(self, bets: Mapping[str, Decimal], actions: Sequence[str]) -> dict[str, Decimal]:
        """Everything a seat has on the table per spot once ``actions`` were taken.

        The one place that says what is at stake: display, void returns, hold figures
        and settlement all use it. Games with decision bets (Play, Flop...) add them.
        """
        return dict(bets)

    def stakes_added(self, bets: Mapping[str, Decimal], actions: Sequence[str], street: str,
                     action: str) -> dict[str, Decimal]:
        """What ``action`` on ``street`` puts down, per spot (Play, Flop...): the chips a sensed spot must
        show before the decision is keyed. A ``RuleError`` if the action is not legal there."""
        before = self.stakes(bets, actions)
        after = self.stakes(bets, self.apply_action(actions, street, action, "action"))
        return {spot: amount - before.get(spot, Decimal(0)) for spot, amount in after.items()
                if amount > before.get(spot, Decimal(0))}

    def staked(self, seat: SeatHand) -> Decimal:
        """Everything ``seat`` put at risk in the round (for wagered / hold figures)."""
        return sum(self.stakes(seat.bets, seat.actions).values(), Decimal(0))

    def check_takeover(self, table: TableConfig, seat: int, player: int, others: Mapping[int, int | None]) -> None:
        """Refuse ``player``'s seat also playing spot ``seat`` (``others``: spot -> its taker)."""
        raise RuleError(f"{self.name} does not allow playing a second spot (seed 001)", "player")

    def fixed_stakes(self, table: TableConfig) -> dict[str, Decimal]:
        """Spots that take one amount set by the table (THB's Pool): a bet panel toggles them."""
        return {}

    def action_stake(self, bets: Mapping[str, Decimal], action: str) -> Decimal | None:
        """The amount a decision puts on the table (for "Play 4x - 40"); None for none."""
        return None

    @abstractmethod
    def validate_bets(
        self, seat: int, bets: Mapping[str, Any], table: TableConfig, field: str
    ) -> dict[str, Decimal]:
        """Check one seat's stakes at "no more bets"; return them as Decimals by spot."""

    @abstractmethod
    def deal_plan(self, seats: Sequence[int], deal_mode: str) -> list[Packet]:
        """Ordered packets to deal for the occupied ``seats`` in ``deal_mode``."""

    # -- decisions: one per street, in street order, until the seat has decided ----

    street_actions: ClassVar[Mapping[str, tuple[str, ...]]]
    """What a seat may do on each street."""
    street_labels: ClassVar[Mapping[str, str]]
    """Each street as the refusals name it ("pre-flop")."""
    incomplete_hint: ClassVar[str]
    """How a complete list of decisions ends, for the refusal of an incomplete one."""

    @abstractmethod
    def decided(self, history: Sequence[str]) -> bool:
        """Whether ``history`` ends the seat's decisions (a Play bet, a fold, ...)."""

    def refuse_after_decided(self, history: Sequence[str], action: str) -> str:
        """Why ``action`` cannot follow a finished ``history``."""
        return f"{action!r} after {history[-1]!r}: the seat has already decided"

    def _street_index(self, street: str) -> int:
        if street not in self.street_actions:
            raise RuleError(f"unknown street {street!r} (streets: {', '.join(self.streets)})")
        return self.streets.index(street)

    def legal_actions(self, history: Sequence[str], street: str) -> list[str]:
        """What a seat with decisions ``history`` may do on ``street`` ([] when done)."""
        index = self._street_index(street)
        if self.decided(history) or len(history) != index:
            return []
        return list(self.street_actions[street])

    def apply_action(self, history: Sequence[str], street: str, action: str, field: str) -> list[str]:
        """``history`` plus ``action``, or a ``RuleError`` naming ``field`` and the reason."""
        index = self._street_index(street)
        if self.decided(history):
            raise RuleError(self.refuse_after_decided(history, action), field)
        if len(history) < index:
            missing = self.street_labels[self.streets[len(history)]]
            raise RuleError(f"{action!r} out of order: the {missing} decision comes first", field)
        if len(history) > index:
            raise RuleError(f"{action!r} out of order: the seat already acted on the {self.street_labels[street]}",
                            field)
        allowed = self.street_actions[street]
        if action not in allowed:
            raise RuleError(
                f"{action!r} not allowed on the {self.street_labels[street]} (allowed: {', '.join(allowed)})", field)
        return [*history, action]

    def parse_actions(self, actions: object, field: str) -> tuple[str, ...]:
        """A record's complete list of decisions, checked street by street."""
        if not isinstance(actions, list):
            raise RecordError("must be a list of actions", field)
        history: list[str] = []
        for i, action in enumerate(actions):
            where = f"{field}[{i}]"
            if not isinstance(action, str):
                raise RecordError(f"must be an action name, not {action!r}", where)
            street = self.streets[min(i, len(self.streets) - 1)]
            history = self.apply_action(history, street, action, where)
        if not self.decided(history):
            street = self.streets[len(history)]
            raise RecordError(f"incomplete: {self.incomplete_hint} "
                              f"(next: {self.street_labels[street]}: {', '.join(self.street_actions[street])})", field)
        return tuple(history)

    def parse_seats(self, record: Mapping[str, Any], table: BankingTableConfig,
                    parse_seat: Callable[[object, str, BankingTableConfig], S]) -> list[S]:
        """A record's ``seats``: a non-empty list, at most the table's seats, each seat once."""
        entries = require(record, "seats")
        if not isinstance(entries, list) or not entries:
            raise RecordError("must be a non-empty list of seats", "seats")
        if len(entries) > table.seats:
            raise RuleError(f"{len(entries)} seats but the table has {table.seats}", "seats")
        seats: list[S] = []
        taken: dict[int, int] = {}
        for i, entry in enumerate(entries):
            seats.append(parse_seat(entry, f"seats[{i}]", table))
            number = seats[-1].seat
            if number in taken:
                raise RecordError(f"seat {number} appears twice (also seats[{taken[number]}])", f"seats[{i}].seat")
            taken[number] = i
        return seats

    def build_record(self, table: TableConfig, rnd: RoundState) -> dict[str, Any]:
        """The round in the ROUND_RECORD.md exchange format (what recall and settle read).

        It carries the limits and pay tables in force, so it settles the same years later.
        """
        assert isinstance(table, BankingTableConfig)
        record: dict[str, Any] = {"game": self.name}
        if table.min_chip is not None:
            record["min_chip"] = format_money(table.min_chip)
        record["limits"] = {k: {"min": format_money(v.min), "max": format_money(v.max)} for k, v in table.limits.items()}
        record["paytables"] = {name: {cat: format_money(o) for cat, o in rows.items()}
                               for name, rows in table.paytables.items()}
        record["dealer"] = cards_str(rnd.cards.get("dealer", []))
        record["board"] = cards_str(rnd.cards.get("board", []))
        record["seats"] = [
            {"seat": s.seat, **({} if not rnd.hole(s.seat) and self.done_at_fold(s.bets, s.actions) else
                                {"hole": cards_str(rnd.hole(s.seat))}),  # a fold dealt by hand and never read
             "bets": {k: format_money(v) for k, v in s.bets.items()}, "actions": list(s.actions)}
            for s in sorted(rnd.seats.values(), key=lambda s: s.seat)
        ]
        return record

    # -- hooks for games that journal more than the common round (the jackpot meter) --


    def check_bets_open(self, tx: Transaction, seat: int, bets: Mapping[str, Decimal]) -> None:
        """Refuse a spot closed right now (THB: the Pool of a linked table without its controller)."""

    def on_bets_locked(self, tx: Transaction) -> None:
        """At "no more bets", in the same transaction (THB: jackpot contributions)."""

    def on_reveal_complete(self, tx: Transaction, phase: str) -> None:
        """When a reveal phase is complete, in its transaction (THB: Pool awards at the flop)."""

    def on_void(self, tx: Transaction) -> None:
        """When the round is voided, in the void's transaction (THB: reverse contributions)."""


# -- helpers shared by the games' record parsers ------------------------------------


def _exact_keys(mapping: Mapping[str, Any], required: Iterable[str], field: str) -> None:
    required = tuple(required)
    for key in mapping:
        if key not in required:
            raise RuleError(f"unknown key (expected: {', '.join(required)})", f"{field}.{key}")
    for key in required:
        if key not in mapping:
            raise RuleError("missing required key", f"{field}.{key}")


def require_bet(bets: Mapping[str, Any], spot: str, field: str) -> Any:
    """The amount a seat put on ``spot`` (a refusal the croupier reads as "Place the Ante first")."""
    if spot not in bets:
        raise RecordError("missing required key", f"{field}.{spot}", key="refuse_needs", values={"spot": spot})
    return bets[spot]


def must_match(spot: str, other: str, amount: Decimal, field: str) -> RuleError:
    """The refusal of a spot whose stake must be another's (UTH's Blind, THB's Bonus)."""
    return RuleError(f"must equal {other} ({format_money(amount)})", f"{field}.{spot}", key="refuse_must_match",
                     values={"spot": spot, "other": other, "amount": format_money(amount)})


def parse_record_cards(record: Mapping[str, Any], key: str, count: int, field: str | None = None) -> tuple[Card, ...]:
    """Exactly ``count`` distinct cards under ``key`` (``field`` is the path of ``record``)."""
    where = f"{field}.{key}" if field else key
    return tuple(parse_cards(require(record, key, field), where, count))


def ensure_round_distinct(dealer: Sequence[Card], board: Sequence[Card], seats: Sequence[tuple[str, Sequence[Card]]]) -> None:
    """No card may appear twice anywhere in the round (dealer, board, every hole)."""
    ensure_distinct([("dealer", dealer), ("board", board), *seats])


def check_limit(amount: Decimal, limit: SpotLimit, field: str) -> None:
    said = {"spot": field.rsplit(".", 1)[-1], "amount": format_money(amount)}
    if amount < limit.min:
        raise RuleError(f"{format_money(amount)} below the table minimum {format_money(limit.min)}", field,
                        key="refuse_below_min", values={**said, "limit": format_money(limit.min)})
    if amount > limit.max:
        raise RuleError(f"{format_money(amount)} above the table maximum {format_money(limit.max)}", field,
                        key="refuse_above_max", values={**said, "limit": format_money(limit.max)})


def check_seat_number(seat: object, table: TableConfig, field: str) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise RecordError(f"must be a seat number 1 to {table.seats}, not {seat!r}", field)
    if not 1 <= seat <= table.seats:
        raise RuleError(f"seat {seat} is not at this table (seats 1 to {table.seats})", field)
    return seat
