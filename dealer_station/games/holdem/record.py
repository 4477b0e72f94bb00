"""``holdem`` round records (ROUND_RECORD.md, "Poker-room Texas Hold'em"): read, settle, write.

A record carries its own rules (structure, blinds, rake), so it settles without a table
profile. Reading it replays every action through ``betting.apply``: an illegal action is
refused with its index, its seat and the rule it breaks, e.g.
``actions[3] (seat 2): raise to 5 is below the minimum raise to 6``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from ...cards import Card, cards_str, ensure_distinct, parse_cards
from ...errors import ConfigError, RecordError, RuleError
from ...money import format_money, parse_money
from ..base import refuse_unknown_keys, require, require_object
from .betting import Action, Hand, Move, apply, start_hand
from .showdown import HandResult, settle_hand
from .structure import MAX_SEATS, HandConfig, RakeRule, Street, Structure, check_chips

GAME = "holdem"
RECORD_KEYS = ("game", "structure", "blinds", "bet_sizes", "button", "rake", "min_chip", "seats", "posts", "board",
               "actions")
SEAT_KEYS = ("seat", "stack", "hole")
RAKE_KEYS = ("percent", "cap", "no_flop_no_drop")
ACTION_KEYS = ("seat", "action", "to")


@dataclass(frozen=True, slots=True)
class HoldemRecord:
    """A validated record: its rules, seats, cards, actions, and the hand they played out."""

    config: HandConfig
    stacks: Mapping[int, Decimal]
    button: int
    posts: tuple[int, ...]
    """Seats that posted a big blind to be dealt in (a player joining a running table)."""
    holes: Mapping[int, tuple[Card, ...]]
    """Hole cards given in the record; a seat that folded or mucked may have none."""
    board: tuple[Card, ...]
    actions: tuple[Action, ...]
    hand: Hand
    """The hand once every action is applied (it is over)."""


# -- reading ---------------------------------------------------------------------------


def parse_record(record: object) -> HoldemRecord:
    """Validate a whole ``holdem`` record and replay its actions (``RecordError``/``RuleError``)."""
    record = require_object(record, None)
    refuse_unknown_keys(record, RECORD_KEYS, None)
    if require(record, "game") != GAME:
        raise RecordError(f"not a {GAME} record: {record['game']!r}", "game")
    config = parse_config(record)
    stacks, holes = _parse_seats(require(record, "seats"), config)
    button = require(record, "button")
    if isinstance(button, bool) or not isinstance(button, int) or button not in stacks:
        seats = ", ".join(str(s) for s in sorted(stacks))
        raise RecordError(f"must be the seat of a player in the hand ({seats}), not {button!r}", "button")
    board = tuple(parse_cards(require(record, "board"), "board"))
    if len(board) > 5:
        raise RecordError(f"at most 5 cards, got {len(board)}", "board")
    ensure_distinct([("board", board), *((f"seats[{i}].hole", h) for i, h in holes.values())])
    posts = _parse_posts(record.get("posts", []), stacks)
    actions = _parse_actions(require(record, "actions"), stacks)
    hand = replay(config, stacks, button, actions, posts)
    _check_board(hand, board)
    return HoldemRecord(config, stacks, button, posts, {s: h for s, (_, h) in holes.items()}, board, actions, hand)


def parse_config(record: Mapping[str, Any]) -> HandConfig:
    """The record's structure, blinds, bet sizes, rake and smallest chip."""
    structure = require(record, "structure")
    if structure not in {s.value for s in Structure}:
        known = ", ".join(s.value for s in Structure)
        raise RecordError(f"unknown structure {structure!r} (known: {known})", "structure")
    small, big = _money_pair(require(record, "blinds"), "blinds", "[small blind, big blind]")
    bet_sizes = _money_pair(record["bet_sizes"], "bet_sizes", "[small bet, big bet]") if "bet_sizes" in record else None
    min_chip = parse_money(record.get("min_chip", 1), "min_chip")
    try:
        return HandConfig(Structure(structure), small, big, bet_sizes, _parse_rake(record.get("rake")), min_chip)
    except ConfigError as exc:
        raise RecordError(exc.problem, exc.field) from None


def _money_pair(value: object, field: str, shape: str) -> tuple[Decimal, Decimal]:
    if not isinstance(value, list) or len(value) != 2:
        raise RecordError(f"must be a list of two amounts {shape}", field)
    return parse_money(value[0], f"{field}[0]"), parse_money(value[1], f"{field}[1]")


def _parse_rake(value: object) -> RakeRule:
    if value is None:
        return RakeRule()
    rake = require_object(value, "rake")
    refuse_unknown_keys(rake, RAKE_KEYS, "rake")
    percent = parse_money(require(rake, "percent", "rake"), "rake.percent")
    cap = parse_money(rake["cap"], "rake.cap") if "cap" in rake else None
    no_drop = rake.get("no_flop_no_drop", True)
    if not isinstance(no_drop, bool):
        raise RecordError(f"must be true or false, not {no_drop!r}", "rake.no_flop_no_drop")
    return RakeRule(percent, cap, no_drop)


def _parse_seats(
    value: object, config: HandConfig
) -> tuple[dict[int, Decimal], dict[int, tuple[int, tuple[Card, ...]]]]:
    """Stacks by seat, and the hole cards given by seat (with their entry's index)."""
    if not isinstance(value, list) or not 2 <= len(value) <= MAX_SEATS:
        raise RecordError(f"must be a list of 2 to {MAX_SEATS} seats", "seats")
    stacks: dict[int, Decimal] = {}
    holes: dict[int, tuple[int, tuple[Card, ...]]] = {}
    for i, entry in enumerate(value):
        field = f"seats[{i}]"
        entry = require_object(entry, field)
        refuse_unknown_keys(entry, SEAT_KEYS, field)
        seat = _seat_number(require(entry, "seat", field), f"{field}.seat")
        if seat in stacks:
            raise RecordError(f"seat {seat} appears twice", f"{field}.seat")
        stacks[seat] = parse_money(require(entry, "stack", field), f"{field}.stack")
        check_chips(stacks[seat], config.min_chip, f"{field}.stack", RecordError)
        if "hole" in entry:
            holes[seat] = (i, tuple(parse_cards(entry["hole"], f"{field}.hole", 2)))
    return stacks, holes


def _seat_number(value: object, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_SEATS:
        raise RecordError(f"must be a seat number 1 to {MAX_SEATS}, not {value!r}", field)
    return value


def _parse_posts(value: object, stacks: Mapping[int, Decimal]) -> tuple[int, ...]:
    """``posts`` (optional, docs/holdem.md): seats posting a big blind to be dealt in."""
    if not isinstance(value, list):
        raise RecordError("must be a list of seat numbers", "posts")
    seats = tuple(_seat_number(seat, f"posts[{i}]") for i, seat in enumerate(value))
    for i, seat in enumerate(seats):
        if seat not in stacks:
            raise RecordError(f"seat {seat} is not in the hand", f"posts[{i}]")
        if seat in seats[:i]:
            raise RecordError(f"seat {seat} posts twice", f"posts[{i}]")
    return seats


def _parse_actions(value: object, stacks: Mapping[int, Decimal]) -> tuple[Action, ...]:
    if not isinstance(value, list):
        raise RecordError("must be a list of actions", "actions")
    moves = {m.value: m for m in Move}
    actions = []
    for i, entry in enumerate(value):
        field = f"actions[{i}]"
        entry = require_object(entry, field)
        refuse_unknown_keys(entry, ACTION_KEYS, field)
        seat = _seat_number(require(entry, "seat", field), f"{field}.seat")
        if seat not in stacks:
            raise RecordError(f"seat {seat} is not in the hand", f"{field}.seat")
        name = require(entry, "action", field)
        if name not in moves:
            raise RecordError(f"unknown action {name!r} (actions: {', '.join(moves)})", f"{field}.action")
        to = parse_money(entry["to"], f"{field}.to") if "to" in entry else None
        actions.append(Action(seat, moves[name], to))
    return tuple(actions)


def replay(
    config: HandConfig, stacks: Mapping[int, Decimal], button: int, actions: Sequence[Action], posts: Sequence[int] = ()
) -> Hand:
    """Start the hand and apply ``actions``; the hand must end exactly with the last one."""
    hand = start_hand(config, stacks, button, posts=posts)
    for i, action in enumerate(actions):
        try:
            hand = apply(hand, action)
        except RuleError as exc:
            raise RuleError(exc.problem, f"actions[{i}] (seat {action.seat})") from None
    if not hand.over:
        raise RecordError(f"the record stops before the hand is over: seat {hand.seat_to_act} is to act", "actions")
    return hand


def _check_board(hand: Hand, board: Sequence[Card]) -> None:
    """``board`` holds the cards actually dealt: as many as the hand went through."""
    needed = hand.street.board_size
    if len(board) != needed:
        if hand.street is Street.SHOWDOWN:
            how = "the hand went to showdown"
        elif hand.street is Street.PREFLOP:
            how = "the hand ended before the flop"
        else:
            how = f"the hand ended on the {hand.street.label}"
        raise RecordError(f"needs {needed} cards ({how}), got {len(board)}", "board")


# -- settling ------------------------------------------------------------------------


def settle(record: HoldemRecord) -> dict[str, Any]:
    """The settlement as ROUND_RECORD.md prints it: seats' nets, the rake, the pots."""
    return settlement_json(settle_hand(record.hand, record.holes, record.board))


def settlement_json(result: HandResult) -> dict[str, Any]:
    return {
        "seats": [{"seat": seat, "net": format_money(net)} for seat, net in result.nets],
        "rake": format_money(result.rake),
        "pots": [
            {
                "amount": format_money(pot.amount),
                "eligible": list(pot.eligible),
                "winners": list(pot.winners),
                "rake": format_money(pot.rake),
            }
            for pot in result.pots
        ],
    }


# -- writing ---------------------------------------------------------------------------


def config_json(config: HandConfig) -> dict[str, Any]:
    """The record keys that carry ``config`` (the inverse of ``parse_config``)."""
    out: dict[str, Any] = {
        "structure": config.structure.value,
        "blinds": [format_money(config.small_blind), format_money(config.big_blind)],
    }
    if config.bet_sizes is not None:
        out["bet_sizes"] = [format_money(a) for a in config.bet_sizes]
    rule = config.rake
    if rule.percent or rule.cap is not None or not rule.no_flop_no_drop:
        rake: dict[str, Any] = {"percent": format_money(rule.percent)}
        if rule.cap is not None:
            rake["cap"] = format_money(rule.cap)
        if not rule.no_flop_no_drop:
            rake["no_flop_no_drop"] = False
        out["rake"] = rake
    if config.min_chip != 1:
        out["min_chip"] = format_money(config.min_chip)
    return out


def record_json(
    config: HandConfig,
    stacks: Mapping[int, Decimal],
    button: int,
    actions: Sequence[Action],
    board: Sequence[Card],
    holes: Mapping[int, Sequence[Card]],
    posts: Sequence[int] = (),
) -> dict[str, Any]:
    """A ``holdem`` record of a played hand, as ``parse_record`` reads it."""
    seats = []
    for seat in sorted(stacks):
        entry: dict[str, Any] = {"seat": seat, "stack": format_money(stacks[seat])}
        if seat in holes:
            entry["hole"] = cards_str(holes[seat])
        seats.append(entry)
    moves = []
    for action in actions:
        move: dict[str, Any] = {"seat": action.seat, "action": action.move.value}
        if action.to is not None:
            move["to"] = format_money(action.to)
        moves.append(move)
    out: dict[str, Any] = {"game": GAME, **config_json(config), "button": button, "seats": seats}
    if posts:
        out["posts"] = list(posts)
    out["board"] = cards_str(board)
    out["actions"] = moves
    return out
