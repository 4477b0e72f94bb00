"""Registry of the games the station runs: one module (or package) per game.

The house-banked games implement ``Game``; poker-room hold'em (``holdem``), where the
seats play against each other, is ``HoldemGame``: its records carry their own rules and
settle without a table profile. Texas Hold'em Bonus joins as one module.
"""

from __future__ import annotations

from ..errors import RecordError
from .base import Game, Round, SeatHand
from .holdem import HoldemGame
from .uth import UltimateTexasHoldem

GAMES: dict[str, Game | HoldemGame] = {game.name: game for game in (UltimateTexasHoldem(), HoldemGame())}


def get_any_game(name: object) -> Game | HoldemGame:
    """The game called ``name``, or a ``RecordError`` on field ``game`` listing the known ones."""
    game = GAMES.get(name) if isinstance(name, str) else None
    if game is None:
        raise RecordError(f"unknown game {name!r} (known: {', '.join(sorted(GAMES))})", "game")
    return game


def get_game(name: object) -> Game:
    """The house-banked game called ``name``, as the round controller runs it from a profile."""
    game = get_any_game(name)
    if not isinstance(game, Game):
        raise RecordError(f"{name} is not run from a table profile yet", "game")
    return game


__all__ = ["GAMES", "Game", "HoldemGame", "Round", "SeatHand", "get_any_game", "get_game"]
