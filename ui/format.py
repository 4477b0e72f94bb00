"""Text for amounts, times and results: presentation only, no rule."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any

from dealer_station.money import format_money

from .i18n import translate


def money(amount: Any) -> str:
    return format_money(Decimal(str(amount)))


def signed(amount: Any) -> str:
    """``+125`` / ``-30`` / ``0``: a result seen from the table's side."""
    value = Decimal(str(amount))
    return f"+{money(value)}" if value > 0 else money(value)


def _local(iso: str | None, pattern: str) -> str:
    """A journal time (UTC, ISO 8601) in the table's local time; "-" for none, as given if unreadable."""
    if not iso:
        return "-"
    try:
        when = datetime.fromisoformat(iso.replace("Z", "+00:00"))
    except ValueError:
        return iso
    return when.astimezone().strftime(pattern)


def local_time(iso: str | None, seconds: bool = True) -> str:
    """The table's local clock time: ``14:03:12``."""
    return _local(iso, "%H:%M:%S" if seconds else "%H:%M")


def local_datetime(iso: str | None) -> str:
    return _local(iso, "%Y-%m-%d %H:%M:%S")


def net_words(net: Any) -> tuple[str, str]:
    """A spot's net from the session's settlement as (verb, amount): pay / collect / push."""
    value = Decimal(str(net))
    if value > 0:
        return translate("screen", "pay"), money(value)
    if value < 0:
        return translate("screen", "collect"), money(-value)
    return translate("screen", "push"), ""


def result_word(result: str) -> str:
    words = {"win": translate("result", "Win"), "lose": translate("result", "Lose"),
             "tie": translate("result", "Tie"), "fold": translate("result", "Fold")}
    return words.get(result, result)


def hand_word(category: str) -> str:
    """A hand category of the evaluator (``full_house``) in the screen's language."""
    words = {
        "royal_flush": translate("hand", "Royal flush"), "straight_flush": translate("hand", "Straight flush"),
        "four_of_a_kind": translate("hand", "Four of a kind"), "full_house": translate("hand", "Full house"),
        "flush": translate("hand", "Flush"), "straight": translate("hand", "Straight"),
        "three_of_a_kind": translate("hand", "Three of a kind"), "two_pair": translate("hand", "Two pair"),
        "one_pair": translate("hand", "One pair"), "high_card": translate("hand", "High card"),
    }
    return words.get(category, category.replace("_", " "))
