"""Builders for Texas Hold'em Bonus round records (ROUND_RECORD.md) used by the tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from dealer_station.games import get_game
from dealer_station.profile_loader import load_profile

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "config"
THB = get_game("holdem_bonus")
TABLE = load_profile(str(CONFIG / "thb-default.toml"))
METER = {"meter": "10000.00", "rate": "0.25", "reset": "10000.00"}


def record(dealer: str, board: str, *seats: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"game": "holdem_bonus", "dealer": dealer.split(), "board": board.split(), "seats": list(seats), **extra}


def seat(n: int, hole: str, actions: str, ante: str = "10", bonus: bool = False, pool: bool = False,
         player: str | None = None) -> dict[str, Any]:
    bets = {"ante": ante}
    if bonus:
        bets["bonus"] = ante
    if pool:
        bets["pool"] = "1"
    entry: dict[str, Any] = {"seat": n, "hole": hole.split(), "bets": bets, "actions": actions.split()}
    if player is not None:
        entry["player"] = player
    return entry


def settle(rec: dict[str, Any], table: Any = TABLE) -> dict[str, Any]:
    return THB.settle(THB.parse_record(rec, table))
