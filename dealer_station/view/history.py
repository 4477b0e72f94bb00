"""The round's history strip: what happened so far in the round on the table, one short line per step, from
the journal's own records (what a supervisor standing behind the croupier wants at a glance on a big panel).

``RoundHistory`` follows the commits (``TableSession.add_listener``: every snapshot's ``records``) and keeps
the current round's steps; the screen says each ``Text`` in its language. Bets placed, deck and device
traffic and the station's own bookkeeping are left out: the strip is the round's story, not the journal.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..cards import card_face
from ..journal import JournalEvent
from .texts import Text, cause_text, label, position_text

MOST = 40
"""Steps kept per round (a round has far fewer; a long poker hand's actions beyond it drop off the front)."""


@dataclass(frozen=True)
class Step:
    """One step of the round: when (the journal's UTC time), and what, as a message key."""

    at: str
    text: Text


def step_of(record: JournalEvent, game: Any) -> Text | None:
    """A record as a step of the round's story, or None when it is not one."""
    p = record.payload
    kind = record.kind
    if kind == "round_opened":
        return Text("history:opened", {"number": p.get("number", "")})
    if kind == "no_more_bets":
        return Text("history:no_more_bets")
    if kind == "deal_started":
        return Text("history:dealt")
    if kind == "card_revealed":
        card = p.get("card")
        return Text("history:revealed", {"place": position_text(str(p.get("position", ""))),
                                         "card": card_face(card) if isinstance(card, int) else "?"})
    if kind in ("decision", "poker_action", "action_timeout"):
        return Text("history:decision", {"seat": p.get("seat", ""),
                                         "action": label(game, str(p.get("action", "")))})
    if kind == "hand_mucked":
        return Text("history:mucked", {"seat": p.get("seat", "")})
    if kind == "halted":
        return Text("history:halted", {"cause": cause_text(p.get("cause"))})
    if kind == "halt_cleared":
        return Text("history:resumed")
    if kind == "settled":
        return Text("history:settled")
    if kind == "seat_paid":
        return Text("history:paid", {"seat": p.get("seat", "")})
    if kind == "seat_paid_undone":
        return Text("history:unpaid", {"seat": p.get("seat", "")})
    if kind == "round_paid":  # (a poker hand's pots_awarded is journaled with its settlement, before the
        return Text("history:closed")  # croupier has pushed them: the round is closed at round_paid only)
    if kind == "round_voided":
        return Text("history:voided", {"cause": cause_text(p.get("cause"))})
    return None


class RoundHistory:
    """The steps of the round on the table, as its commits are journaled (thread-safe: commits come from the
    worker and the device pump, the screen reads on its own thread)."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self._lock = threading.Lock()
        self._round: str | None = None
        self._steps: list[Step] = []

    def seed(self, records: Iterable[JournalEvent]) -> None:
        """The round's records so far (a restart mid-round loses nothing)."""
        for record in records:
            self._add(record)

    def observe(self, snapshot: Any) -> None:
        """A session listener: each commit's records."""
        for record in getattr(snapshot, "records", ()):
            self._add(record)

    def _add(self, record: JournalEvent) -> None:
        if record.round_id is None:
            return
        text = step_of(record, self.game)
        with self._lock:
            if record.round_id != self._round:
                self._round, self._steps = record.round_id, []
            if text is not None:
                self._steps = [*self._steps, Step(record.at, text)][-MOST:]

    def steps(self, round_id: str | None) -> list[Step]:
        """The steps of ``round_id`` (the round on the table), oldest first; [] for another round."""
        with self._lock:
            return list(self._steps) if round_id is not None and round_id == self._round else []
