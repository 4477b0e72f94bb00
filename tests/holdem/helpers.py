"""Small builders for hold'em tests: configs, hands, and actions written as text."""

from __future__ import annotations

from decimal import Decimal

from dealer_station.games.holdem import (
    Action,
    Hand,
    HandConfig,
    Move,
    RakeRule,
    Structure,
    apply,
    start_hand,
)

D = Decimal


def config(
    structure: str = "no_limit",
    blinds: tuple[str, str] = ("1", "2"),
    bet_sizes: tuple[str, str] | None = None,
    rake: tuple[str, str | None] | None = None,
    no_flop_no_drop: bool = True,
    min_chip: str = "1",
) -> HandConfig:
    kind = Structure(structure)
    if kind is Structure.FIXED_LIMIT and bet_sizes is None:
        bet_sizes = (blinds[1], str(2 * D(blinds[1])))
    rule = RakeRule() if rake is None else RakeRule(D(rake[0]), None if rake[1] is None else D(rake[1]), no_flop_no_drop)
    sizes = None if bet_sizes is None else (D(bet_sizes[0]), D(bet_sizes[1]))
    return HandConfig(kind, D(blinds[0]), D(blinds[1]), sizes, rule, D(min_chip))


def hand(stacks: dict[int, int | str], button: int, cfg: HandConfig | None = None, **kw: object) -> Hand:
    return start_hand(cfg or config(), {seat: D(str(chips)) for seat, chips in stacks.items()}, button, **kw)  # type: ignore[arg-type]


def action(text: str) -> Action:
    """``"6 raise 20"``, ``"2 all_in"``, ``"1 call"``."""
    seat, move, *to = text.split()
    return Action(int(seat), Move(move), D(to[0]) if to else None)


def play(h: Hand, *texts: str) -> Hand:
    for text in texts:
        h = apply(h, action(text))
    return h
