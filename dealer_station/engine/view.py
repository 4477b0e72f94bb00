"""What the croupier's screen shows, computed from the session: no Qt, no rule of its own.

The screen renders this and sends commands; it never decides what fits or what a seat
has at stake. Texts are message keys with arguments (``Text``) so the screen can show
them in the croupier's language; ``Text.english()`` is the catalogue's English, used by
logs, tests and the CLI.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from ..games.base import BankingGame
from .phases import DEALER_REVEAL, HANDS_REVEAL, Stage

if TYPE_CHECKING:
    from ..config import TableConfig
    from .session import TableSession

ENGLISH: dict[str, str] = {
    "open_betting": "Open betting for the next round",
    "round_void": "Round void ({cause}): stakes returned. Open the next round",
    "halted": "HALTED - {what}",
    "place_bets": "Place your bets, then call No more bets",
    "waiting_deck": "No more bets - waiting for a verified deck",
    "deal_by_hand": "Deal by hand, face down: two to each seat, two to the dealer, five to the board; then Cards dealt",
    "dealing": "Dealing",
    "decision": "{street} decision: seat {seat}",
    "reveal": "Reveal the {what}: {how}{target}",
    "reveal_target": " ({position} card {number})",
    "how_reader": "pass the cards over the reader",
    "how_key": "key each card",
    "how_turn": "turn the cards over",
    "what_dealer": "dealer's hand",
    "what_hands": "players' hands",
    "settle_seat": "Settle seat {seat} (right to left)",
    "settled": "Settled",
    "journal_unavailable": "STOPPED - {reason}",
    "call_supervisor": "Call a supervisor",
    "call_supervisor_jackpot": "Jackpot - call a supervisor to verify it",
    "wait_for_device": "Waiting for the {device} to reconnect; call a supervisor if it does not",
    "key_unreadable": "Key the card in from what you read on its face",
}


@dataclass(frozen=True)
class Text:
    """A message key of ``ENGLISH`` with its arguments (nested ``Text`` allowed)."""

    key: str
    args: Mapping[str, Any] = field(default_factory=dict)

    def english(self) -> str:
        return ENGLISH[self.key].format(**{k: v.english() if isinstance(v, Text) else v for k, v in self.args.items()})


def banner(session: TableSession) -> Text:
    """One line saying what happens next."""
    if session.unavailable:
        return Text("journal_unavailable", {"reason": session.unavailable})
    rnd = session.round
    stage = session.flow.stage(session.state)
    if rnd is None or rnd.phase == "paid":
        return Text("open_betting")
    if rnd.phase == "void":
        return Text("round_void", {"cause": rnd.void["cause"] if rnd.void else ""})
    if rnd.halt is not None:
        return Text("halted", {"what": rnd.halt.text or rnd.halt.cause})
    if stage is Stage.BETTING:
        return Text("place_bets")
    if stage is Stage.LOCKED:
        return Text("waiting_deck")
    if stage is Stage.DEALING:
        return Text("deal_by_hand") if session.hand_deal else Text("dealing")
    if stage is Stage.DECISION:
        waiting = session.seats_to_act()
        label = session.game.labels.get(f"street:{rnd.phase}", rnd.phase.capitalize())
        return Text("decision", {"street": label, "seat": waiting[0]}) if waiting else Text("dealing")
    if stage is Stage.REVEAL:
        target = session.next_to_reveal()
        what: Any = {DEALER_REVEAL: Text("what_dealer"), HANDS_REVEAL: Text("what_hands")}.get(
            rnd.phase, session.phase_info.street or "")
        how = Text("how_reader") if session.has_reader else Text("how_key") if session.hand_deal else Text("how_turn")
        where: Any = Text("reveal_target", {"position": target[0], "number": target[1] + 1}) if target else ""
        return Text("reveal", {"what": what, "how": how, "target": where})
    if stage is Stage.SETTLEMENT:
        unpaid = [s for s in sorted(rnd.seats, reverse=True) if not rnd.seats[s].paid]
        return Text("settle_seat", {"seat": unpaid[0]}) if unpaid else Text("settled")
    return Text("dealing")


def instruction(session: TableSession) -> Text | None:
    """What the croupier should do about the halt holding the round (None: not halted)."""
    rnd = session.round
    if rnd is None or rnd.halt is None or rnd.finished:
        return None
    kind = session.offer().halt
    if kind is None:
        return None
    return Text(kind.instruction, {"device": rnd.halt.device or "device"})


@dataclass(frozen=True)
class ChipRow:
    """One row of chip buttons on the bet panel: the spot, its chips, what one press also places."""

    spot: str
    label: str
    chips: tuple[Decimal, ...]
    paired: tuple[str, ...] = ()
    fixed: Decimal | None = None
    """A spot with one fixed amount (THB's Pool): one tap places it, a second removes it."""


DEFAULT_CHIPS = (Decimal(1), Decimal(5), Decimal(25), Decimal(100), Decimal(500), Decimal(1000))


def chip_rows(game: BankingGame, table: TableConfig) -> list[ChipRow]:
    """The bet panel's rows, from the game's spots and the profile's chip set and limits."""
    chips = tuple(sorted(table.chips)) or DEFAULT_CHIPS
    limits = getattr(table, "limits", {})
    fixed_amounts: Mapping[str, Decimal] = getattr(game, "fixed_stakes", lambda t: {})(table)
    paired_to = {b: a for a, b in game.paired_spots.items()}
    rows: list[ChipRow] = []
    for spot in game.placeable_spots:
        if spot in paired_to:
            continue  # placed with its pair
        label = game.labels.get(spot, spot.capitalize())
        paired = tuple(b for a, b in game.paired_spots.items() if a == spot)
        if spot in fixed_amounts:
            rows.append(ChipRow(spot, label, (), paired, fixed_amounts[spot]))
            continue
        limit = limits.get(spot)
        if limit is None and paired_to:
            limit = limits.get(paired_to.get(spot, spot))
        usable = [c for c in chips if limit is None or (limit.min / 5 <= c <= limit.max)]
        rows.append(ChipRow(spot, label, tuple(usable[:4] or chips[:4]), paired))
    return rows
