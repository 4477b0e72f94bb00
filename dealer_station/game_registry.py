"""The games the station knows, by name: the built-in ones and any another package adds.

Like python-can's ``BACKENDS``: a name -> ``"module:Class"`` table for the games shipped
here, open to the ``dealer_station.games`` entry-point group for a game from another
package. A game is imported the first time any game is asked for, so the profile models
(``config``) and the loader know nothing of the games' modules: a game imports them, never
the other way round.

What the profile loader asks of a game is ``TableGame``; the rest (rules, records,
scripted players, par, scenes) is ``games.base.Game``, which every registered game is.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from importlib import import_module
from importlib.metadata import entry_points
from typing import Any, ClassVar, Protocol

from .config import TableConfig

ENTRY_POINT_GROUP = "dealer_station.games"
BUILTIN: dict[str, str] = {
    "uth": "dealer_station.games.uth:UltimateTexasHoldem",
    "holdem_bonus": "dealer_station.games.thb:TexasHoldemBonus",
    "holdem": "dealer_station.games.holdem:HoldemGame",
}
"""Name -> ``module:Class`` of the games this package ships."""


class TableGame(Protocol):
    """What validating a table profile needs of a game."""

    name: ClassVar[str]
    config_model: ClassVar[type[TableConfig]]

    def check_table(self, table: TableConfig) -> None: ...


_lock = threading.Lock()
_games: dict[str, TableGame] | None = None


def _load(spec: str) -> TableGame:
    game: TableGame = resolve(spec)()
    return game


def registered() -> Mapping[str, TableGame]:
    """Every game by name (imported once, built-in first; an entry point cannot replace one)."""
    global _games
    with _lock:
        if _games is None:
            found = {name: _load(spec) for name, spec in BUILTIN.items()}
            for point in entry_points(group=ENTRY_POINT_GROUP):
                if point.name not in found:
                    found[point.name] = point.load()()
            _games = found
        return _games


def resolve(spec: str) -> Any:
    """The object a ``module:attribute`` reference names (a game's players, its par provider)."""
    module, _, attr = spec.partition(":")
    return getattr(import_module(module), attr)


def find(name: object) -> TableGame | None:
    """The game called ``name`` (None when there is none, or ``name`` is not a string)."""
    return registered().get(name) if isinstance(name, str) else None
