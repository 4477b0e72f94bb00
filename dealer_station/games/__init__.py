"""Registry of the games the station runs: one module (or package) per game.

The banking games (each seat against the dealer) implement ``BankingGame``; poker-room
hold'em (``holdem``), where the seats play against each other, is ``HoldemGame``: its
records carry their own rules and settle without a table profile.
"""

from __future__ import annotations

from ..errors import RecordError
from .base import BankingGame, Game, Round, SeatHand
from .holdem import HoldemGame
from .thb import TexasHoldemBonus
from .uth import UltimateTexasHoldem

GAMES: dict[str, Game] = {game.name: game for game in (UltimateTexasHoldem(), TexasHoldemBonus(), HoldemGame())}


def get_game(name: object) -> Game:
    """The game called ``name``, or a ``RecordError`` on field ``game`` listing the known ones."""
    game = GAMES.get(name) if isinstance(name, str) else None
    if game is None:
        raise RecordError(f"unknown game {name!r} (known: {', '.join(sorted(GAMES))})", "game")
    return game


__all__ = ["GAMES", "BankingGame", "Game", "HoldemGame", "Round", "SeatHand", "get_game"]
