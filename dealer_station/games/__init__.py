"""The games the station runs: one module (or package) per game.

The banking games (each seat against the dealer) implement ``BankingGame``; poker-room
hold'em (``holdem``), where the seats play against each other, is ``HoldemGame``: its
records carry their own rules and settle without a table profile. Which games exist is
``game_registry`` (the built-in ones and the ``dealer_station.games`` entry points);
importing this package registers the built-in games' journal events.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from ..errors import RecordError
from ..game_registry import registered
from .base import BankingGame, Game, Round, SeatHand
from .holdem import HoldemGame
from .thb import TexasHoldemBonus
from .uth import UltimateTexasHoldem


class _Games(Mapping[str, Game]):
    """The registry's games, each checked to be a ``Game`` (read when first asked for)."""

    def __getitem__(self, name: str) -> Game:
        game = registered()[name]
        if not isinstance(game, Game):
            raise TypeError(f"game {name!r} is registered as a {type(game).__name__}, not a Game")
        return game

    def __iter__(self) -> Iterator[str]:
        return iter(registered())

    def __len__(self) -> int:
        return len(registered())


GAMES: Mapping[str, Game] = _Games()


def get_game(name: object) -> Game:
    """The game called ``name``, or a ``RecordError`` on field ``game`` listing the known ones."""
    if not isinstance(name, str) or name not in GAMES:
        raise RecordError(f"unknown game {name!r} (known: {', '.join(sorted(GAMES))})", "game")
    return GAMES[name]


__all__ = ["GAMES", "BankingGame", "Game", "HoldemGame", "Round", "SeatHand", "TexasHoldemBonus",
           "UltimateTexasHoldem", "get_game"]
