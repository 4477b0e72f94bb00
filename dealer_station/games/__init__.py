"""Registry of the games the station runs: one module per game behind ``Game``.

The poker-room hold'em aid joins as one module too.
"""

from __future__ import annotations

from ..errors import RecordError
from .base import BankingGame, Game, Round, SeatHand
from .thb import TexasHoldemBonus
from .uth import UltimateTexasHoldem

GAMES: dict[str, Game] = {game.name: game for game in (UltimateTexasHoldem(), TexasHoldemBonus())}


def get_game(name: object) -> Game:
    """The game called ``name``, or a ``RecordError`` on field ``game`` listing the known ones."""
    game = GAMES.get(name) if isinstance(name, str) else None
    if game is None:
        raise RecordError(f"unknown game {name!r} (known: {', '.join(sorted(GAMES))})", "game")
    return game


__all__ = ["GAMES", "BankingGame", "Game", "Round", "SeatHand", "get_game"]
