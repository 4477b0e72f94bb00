"""The felt as the croupier's screen lays it out: seats, cards face up, stakes and the chip rows.

Read from a ``TableSnapshot`` (``engine/snapshot.py``) and the game's own definitions (its spots,
its ``stakes``); no rule of its own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from ..config import TableConfig
from ..engine.snapshot import TableSnapshot
from ..games.base import BankingGame
from ..money import ZERO, format_money
from ..table.phases import Stage
from ..table.state import RoundState

# --------------------------------------------------------------------------- the table


def seat_order(seats: int) -> list[int]:
    """Seats left to right on the croupier's screen, as the dealer sees the table.

    Seat 1 ("first base") is at the dealer's left, so at the screen's left; settlement
    (highest seat first) then runs right to left across the screen, as the dealer's hands do.
    """
    return list(range(1, seats + 1))


def face_up(snap: TableSnapshot, position: str) -> int:
    """How many of the cards at ``position`` the croupier's screen shows face up.

    Game protection: a player's hole cards stay face down on the screen from the deal on,
    until the reader (or the croupier's keying) shows them at a reveal, or the round
    reaches showdown (settlement). The dealer's and the board's follow their reveals.
    A supervisor sees every card with ``all_cards`` (disputes).
    """
    rnd = snap.round
    if rnd is None:
        return 0
    shown = rnd.revealed.get(position, 0)
    if position.startswith("seat") and rnd.void is None and \
            snap.phase_info.stage in (Stage.SETTLEMENT, Stage.FINISHED):
        return len(rnd.cards.get(position, []))
    return shown


def seats_in_round(snap: TableSnapshot) -> list[int]:
    """Seats that had a stake in the round on the table (what a supervisor's adjustment may name)."""
    if snap.round is None:
        return []
    return [seat for seat in range(1, snap.table.seats + 1) if snap.seat_stakes(seat)]


def all_cards(rnd: RoundState) -> dict[str, list[int]]:
    """Every card the station knows of the round, by position (the supervisor's dispute view)."""
    return {pos: list(cards) for pos, cards in rnd.cards.items() if cards}


def decision_stake(snap: TableSnapshot, seat: int, action: str) -> Decimal | None:
    """What ``action`` adds to the table for ``seat`` ("Play 4x - 40"); None when nothing.

    Read from the game's one definition of what a seat has on the table (``stakes``).
    """
    rnd = snap.round
    st = rnd.seats.get(seat) if rnd is not None else None
    if st is None:
        return None
    game = snap.game
    if not isinstance(game, BankingGame):
        return None
    before = sum(game.stakes(st.bets, st.actions).values(), ZERO)
    after = sum(game.stakes(st.bets, [*st.actions, action]).values(), ZERO)
    return after - before if after > before else None


# --------------------------------------------------------------------------- bets


@dataclass(frozen=True)
class ChipRow:
    """One row of chip buttons on the bet panel: the spot, its chips, what one press also places."""

    spot: str
    label: str
    chips: tuple[Decimal, ...]
    paired: tuple[str, ...] = ()
    fixed: Decimal | None = None
    """A spot with one fixed amount (THB's Pool): one tap places it, a second removes it."""
    matches: str | None = None
    """An optional spot always equal to another (THB's Bonus = Ante): one tap places it, a second removes it."""


DEFAULT_CHIPS = (Decimal(1), Decimal(5), Decimal(25), Decimal(100), Decimal(500), Decimal(1000))
ROW_CHIPS = 5
"""Chips on one row of the bet panel: the largest the spot takes, up to its maximum."""


def chip_set(table: TableConfig) -> tuple[Decimal, ...]:
    """The croupier's chips, smallest first (the profile's ``chips``, else a common set)."""
    return tuple(sorted(table.chips)) or DEFAULT_CHIPS


def chip_rows(game: BankingGame, table: TableConfig) -> list[ChipRow]:
    """The bet panel's rows, from the game's spots and the profile's chip set and limits."""
    chips = chip_set(table)
    limits = getattr(table, "limits", {})
    fixed_amounts = game.fixed_stakes(table)
    matched = game.matched_spots
    paired_to = {b: a for a, b in game.paired_spots.items()}
    rows: list[ChipRow] = []
    for spot in game.placeable_spots:
        if spot in paired_to:
            continue  # placed with its pair
        name = game.labels.get(spot, spot.capitalize())
        paired = tuple(b for a, b in game.paired_spots.items() if a == spot)
        if spot in fixed_amounts:
            rows.append(ChipRow(spot, name, (), paired, fixed_amounts[spot]))
            continue
        if spot in matched:
            rows.append(ChipRow(spot, name, (), paired, matches=matched[spot]))
            continue
        limit = limits.get(spot)
        if limit is None and paired_to:
            limit = limits.get(paired_to.get(spot, spot))
        usable = [c for c in chips if limit is None or (limit.min / 5 <= c <= limit.max)]
        rows.append(ChipRow(spot, name, tuple(usable[-ROW_CHIPS:] or chips[:ROW_CHIPS]), paired))
    return rows


def bets_after(current: Mapping[str, Decimal], row: ChipRow, chip: Decimal | None,
               rows: Sequence[ChipRow]) -> dict[str, Decimal]:
    """A seat's stakes after one press on ``row`` (``chip``: the chip pressed, None for a toggle).

    A chip adds to its spot and to the spots paired with it; a fixed or matching spot
    toggles; a matching spot follows the spot it matches. The game still checks the result.
    """
    bets = dict(current)
    if row.fixed is not None or row.matches is not None:
        if row.spot in bets:
            bets.pop(row.spot)
            for other in row.paired:
                bets.pop(other, None)
        else:
            amount = row.fixed if row.fixed is not None else bets.get(row.matches or "", ZERO)
            for spot in (row.spot, *row.paired):
                bets[spot] = amount
        return bets
    value = bets.get(row.spot, ZERO) + (chip or ZERO)
    for spot in (row.spot, *row.paired):
        bets[spot] = value
    for follower in rows:
        if follower.matches == row.spot and follower.spot in bets:
            bets[follower.spot] = value
    return bets


def bets_set(current: Mapping[str, Decimal], row: ChipRow, amount: Decimal,
             rows: Sequence[ChipRow]) -> dict[str, Decimal]:
    """A seat's stakes with ``row``'s spot set to ``amount`` (the keypad): its pairs and followers too."""
    bets = {spot: value for spot, value in current.items()}
    for spot in (row.spot, *row.paired):
        bets[spot] = amount
    for follower in rows:
        if follower.matches == row.spot and follower.spot in bets:
            bets[follower.spot] = amount
    return bets


def money_args(bets: Mapping[str, Decimal]) -> dict[str, str]:
    """Stakes as the session's ``set_bets`` takes them (exact decimal text)."""
    return {spot: format_money(v) for spot, v in bets.items()}
