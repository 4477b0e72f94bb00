"""Text for amounts, spots and actions: presentation only, no rule."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from dealer_station.money import format_money


def money(amount: Any) -> str:
    return format_money(Decimal(str(amount)))


def spot_label(spot: str) -> str:
    return spot.capitalize()


def action_label(action: str) -> str:
    """``play4x`` -> ``Play 4x``, ``check`` -> ``Check``."""
    if action.startswith("play") and len(action) > 4:
        return f"Play {action[4:]}"
    return action.capitalize()


def net_words(net: Any) -> tuple[str, str]:
    """A spot's net from the controller's settlement as (verb, amount): pay / collect / push."""
    value = Decimal(str(net))
    if value > 0:
        return "pay", money(value)
    if value < 0:
        return "collect", money(-value)
    return "push", ""
