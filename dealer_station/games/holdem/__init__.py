"""Poker-room Texas Hold'em (GAMES.md §4, seed 002): the rules engine and its records.

* ``structure``: the hand's rules (structure, blinds, bet sizes, rake) and bet limits;
* ``positions``: button and blinds, ``next_button`` (the moving button, docs/holdem.md);
* ``betting``: the betting state machine - ``start_hand``, ``legal``, ``apply``;
* ``pots``: main and side pots, uncalled chips;
* ``showdown``: winners, splits, odd chips, rake - ``settle_hand``;
* ``record``: ``holdem`` round records (ROUND_RECORD.md);
* ``players``: a seeded random player (simulation, tests, benchmarks);
* ``table``: the table profile model ``HoldemTableConfig``.
"""

from __future__ import annotations

from .betting import (
    Action,
    Hand,
    Move,
    Options,
    Player,
    Span,
    apply,
    legal,
    start_hand,
    timeout_action,
)
from .game import HoldemGame
from .positions import Positions, blind_positions, next_button
from .pots import Pot, pots
from .showdown import HandResult, PotResult, settle_hand
from .structure import HandConfig, RakeRule, Street, Structure

__all__ = [
    "Action",
    "Hand",
    "HandConfig",
    "HandResult",
    "HoldemGame",
    "Move",
    "Options",
    "Player",
    "Positions",
    "Pot",
    "PotResult",
    "RakeRule",
    "Span",
    "Street",
    "Structure",
    "apply",
    "blind_positions",
    "legal",
    "next_button",
    "pots",
    "settle_hand",
    "start_hand",
    "timeout_action",
]
