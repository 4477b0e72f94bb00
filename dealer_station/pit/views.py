"""How the pit's pages say things: the Jinja2 environment and its filters.

Templates are rendered on the server (``templates/``, autoescaped). Money is shown as the
floor holds it (exact decimal text); times in the pit's local time zone; cards with their
suit symbol. Nothing here computes a figure: the figures come from the floor's queries.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup, escape

from ..cards import card_str
from ..floor.report_data import parse_at
from ..money import format_cents, format_money
from .texts import game_name, say

SUIT_SYMBOLS = {"s": "\u2660", "h": "\u2665", "d": "\u2666", "c": "\u2663"}
RED_SUITS = frozenset("hd")


def _moment(value: Any) -> datetime | None:
    if value is None or value == "":
        return None
    if isinstance(value, datetime):
        return value if value.tzinfo is not None else value.replace(tzinfo=UTC)
    return parse_at(str(value))


def card_html(value: Any) -> Markup:
    """``As`` (or a card number 0..51) as ``A♠``, red for hearts and diamonds."""
    text = card_str(value) if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 52 else str(value)
    if len(text) != 2 or text[1] not in SUIT_SYMBOLS:
        return Markup('<span class="card">{}</span>').format(text)
    rank = "10" if text[0] == "T" else text[0]
    css = "card red" if text[1] in RED_SUITS else "card"
    return Markup('<span class="{}" title="{}">{}{}</span>').format(css, text, rank, SUIT_SYMBOLS[text[1]])


def cards_html(values: Any) -> Markup:
    return Markup(" ").join(card_html(v) for v in values or [])


def money(value: Any) -> str:
    if value is None or value == "":
        return ""
    return format_money(value if isinstance(value, Decimal) else Decimal(str(value)))


def picker(value: Any, end: bool = False) -> str:
    """A ``from``/``to`` value as a date picker (``datetime-local``) holds it: ``YYYY-MM-DDTHH:MM``. A
    date alone means the same moment (its start; for ``to``, the start of the next day)."""
    text = str(value or "").strip()
    try:
        if len(text) == 10:
            day = date.fromisoformat(text) + (timedelta(days=1) if end else timedelta(0))
            return f"{day.isoformat()}T00:00"
        return datetime.fromisoformat(text).strftime("%Y-%m-%dT%H:%M") if text else ""
    except (ValueError, OverflowError):  # not a date, or past the last one (9999-12-31): an empty picker
        return ""


def hit_state(hit: dict[str, Any], held: bool | None, finished: bool = True,
              who: Callable[[Any], Any] = str) -> tuple[str, str]:
    """What happened to a jackpot hit, in words, and its CSS class: verified by whom (``who`` names the
    journal's actor), paid automatically (an award below the table's verify_at is never held), waiting for a
    supervisor, or held and never verified (a finished round: a supervisor should look)."""
    if hit.get("verified_by"):
        return f"verified by {who(hit['verified_by'])}", "okay"
    if held is False:
        return "paid automatically (below the verification amount)", "okay"
    if held is None:
        return "no award record on the floor", "hint"
    return ("held: not verified", "no") if finished else ("waiting for a supervisor's verification", "warn")


def cents(value: Any) -> str:
    """A meter amount to the cent (finer only when it holds fractions of a cent), exact."""
    if value is None or value == "":
        return ""
    return format_cents(value if isinstance(value, Decimal) else Decimal(str(value)))


def signed(value: Any) -> str:
    """A change of a meter: "+1.00", "−50.27" (a minus sign, not a hyphen)."""
    amount = value if isinstance(value, Decimal) else Decimal(str(value))
    return ("+" if amount >= 0 else "−") + format_cents(abs(amount)) if amount else "0.00"


def words(name: Any) -> str:
    """``no_more_bets`` -> ``no more bets``."""
    return str(name or "").replace("_", " ")


def environment(tz: ZoneInfo, clock: Any) -> Environment:
    """The pages' Jinja2 environment, its times in ``tz``."""
    env = Environment(loader=PackageLoader("dealer_station.pit", "templates"),
                      autoescape=select_autoescape(["html"]), trim_blocks=True, lstrip_blocks=True)

    def local(value: Any, fmt: str = "%Y-%m-%d %H:%M:%S") -> str:
        moment = _moment(value)
        return "" if moment is None else moment.astimezone(tz).strftime(fmt)

    def ago(value: Any) -> str:
        moment = _moment(value)
        if moment is None:
            return "never"
        seconds = max(0, int(clock() - moment.timestamp()))
        if seconds < 90:
            return f"{seconds} s ago"
        if seconds < 5400:
            return f"{seconds // 60} min ago"
        return f"{seconds // 3600} h ago"

    env.filters.update(local=local, ago=ago, card=card_html, cards=cards_html, money=money, words=words,
                       esc=escape, picker=picker, cents=cents, signed=signed, game=game_name)
    env.globals["tz_name"] = tz.key
    env.globals["hit_state"] = hit_state
    env.globals["say"] = say
    return env
