"""``report --floor URL --by player``: each player's sessions across the floor's tables and days, theo
against actual, comps (``player_sessions``), and the player's totals; as text or JSON."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from ..money import ZERO, format_money
from .player_sessions import PlayerSession

BY_PLAYER = "player"


@dataclass(frozen=True)
class PlayerTotals:
    """What a player's sessions add up to (theo and comp over the sessions a table rated with its terms)."""

    player: str
    sessions: int
    rounds: int
    initial_wagered: Decimal
    theo: Decimal
    actual: Decimal
    comp: Decimal
    unrated: int

    def as_json(self) -> dict[str, Any]:
        return {"player": self.player, "sessions": self.sessions, "rounds": self.rounds,
                "initial_wagered": format_money(self.initial_wagered), "theo": _cents(self.theo),
                "actual": format_money(self.actual), "comp": _cents(self.comp), "unrated_sessions": self.unrated}


def _cents(amount: Decimal) -> str:
    return f"{amount:.2f}"


def in_period(sessions: Sequence[PlayerSession], start: datetime | None, end: datetime | None) -> list[PlayerSession]:
    """The sessions that overlap the period."""
    return [s for s in sessions if (start is None or s.end >= start) and (end is None or s.start < end)]


def totals(sessions: Sequence[PlayerSession]) -> list[PlayerTotals]:
    """Per player, by id. Theo and comp sum the rounded session figures (what each session was credited)."""
    out: dict[str, list[PlayerSession]] = {}
    for s in sessions:
        out.setdefault(s.player, []).append(s)
    rows = []
    for player in sorted(out):
        mine = out[player]
        rated = [s.rating for s in mine if s.rating is not None]
        termed = [s.rating for s in mine if s.rating is not None and s.terms]
        rows.append(PlayerTotals(player, len(mine), sum(r.rounds for r in rated),
                                 sum((r.initial_wagered for r in rated), ZERO), sum((r.theo for r in termed), ZERO),
                                 sum((r.actual for r in rated), ZERO), sum((r.comp for r in termed), ZERO),
                                 sum(1 for s in mine if s.rating is None or not s.terms)))
    return rows


def as_json(sessions: Sequence[PlayerSession]) -> str:
    return json.dumps({"players": [t.as_json() for t in totals(sessions)],
                       "sessions": [s.as_json() for s in sessions]}, indent=1) + "\n"


def as_text(sessions: Sequence[PlayerSession]) -> str:
    lines = ["Players: sessions across the floor (theo vs actual, comps)", ""]
    header = f"{'player':<16} {'table':<8} {'seat':>4} {'start':<17} {'rounds':>6} {'stakes':<7} {'avg bet':>9} " \
             f"{'theo':>9} {'actual':>10} {'comp':>8}"
    for t in totals(sessions):
        lines += [f"{t.player}: {t.sessions} session(s), {t.rounds} rounds, theo {_cents(t.theo)}, "
                  f"actual {format_money(t.actual)}, comp {_cents(t.comp)}"
                  + (f" ({t.unrated} session(s) without theo)" if t.unrated else ""), header]
        for s in sessions:
            if s.player != t.player:
                continue
            r, row = s.as_json(), f"{'':<16} {s.table_id:<8} {s.seat:>4} {s.start:%Y-%m-%d %H:%M} "
            lines.append(row + f"{r.get('rounds', 0):>6} {s.stakes:<7} {r.get('average_bet') or '-':>9} {r['theo'] or '-':>9} "
                               f"{r.get('actual', '-'):>10} {r['comp'] or '-':>8}"
                               + (f"  ({s.why})" if s.why else "") + ("  (open)" if not s.closed else ""))
        lines.append("")
    if len(lines) == 2:
        lines.append("No player sessions in the period.")
    return "\n".join(lines) + "\n"
