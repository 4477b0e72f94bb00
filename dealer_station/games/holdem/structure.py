"""The hand's rules as data: structure, blinds, bet sizes, rake, smallest chip (GAMES.md §4).

``HandConfig`` is everything one hand needs to know about its table; a record carries
it whole and a table profile (``table.HoldemTableConfig``) builds it. ``raise_limits``
is the one place the structures differ on how much a bet or raise may be.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import IntEnum, StrEnum

from ...errors import ConfigError, DealerStationError
from ...money import ZERO, format_money

MAX_BETS_PER_ROUND = 4
"""Fixed limit: one bet and three raises per betting round (pre-flop the big blind is the bet)."""

MAX_SEATS = 10


class Structure(StrEnum):
    FIXED_LIMIT = "fixed_limit"
    NO_LIMIT = "no_limit"
    POT_LIMIT = "pot_limit"


class Street(IntEnum):
    """Betting rounds in order; ``SHOWDOWN`` once no more betting can happen."""

    PREFLOP = 0
    FLOP = 1
    TURN = 2
    RIVER = 3
    SHOWDOWN = 4

    @property
    def board_size(self) -> int:
        """Board cards dealt by the time this street is played (5 at showdown)."""
        return (0, 3, 4, 5, 5)[self]

    @property
    def label(self) -> str:
        return ("pre-flop", "flop", "turn", "river", "showdown")[self]


@dataclass(frozen=True, slots=True)
class RakeRule:
    """Rake (GAMES.md §4): ``percent`` of each pot, one optional ``cap`` per hand."""

    percent: Decimal = ZERO
    cap: Decimal | None = None
    no_flop_no_drop: bool = True


@dataclass(frozen=True, slots=True)
class HandConfig:
    """One hand's rules. Invalid values raise a one-line ``ConfigError`` naming the field."""

    structure: Structure
    small_blind: Decimal
    big_blind: Decimal
    bet_sizes: tuple[Decimal, Decimal] | None = None
    """Fixed limit only: (small bet, big bet); the small bet is the big blind."""
    rake: RakeRule = RakeRule()
    min_chip: Decimal = Decimal(1)

    def __post_init__(self) -> None:
        if not isinstance(self.structure, Structure):
            known = ", ".join(s.value for s in Structure)
            raise ConfigError(f"unknown structure {self.structure!r} (known: {known})", "structure")
        if self.min_chip <= 0:
            raise ConfigError(f"must be > 0, not {format_money(self.min_chip)}", "min_chip")
        check_chips(self.small_blind, self.min_chip, "blinds[0]")
        check_chips(self.big_blind, self.min_chip, "blinds[1]")
        if self.small_blind > self.big_blind:
            raise ConfigError(
                f"small blind {format_money(self.small_blind)} is above the big blind {format_money(self.big_blind)}",
                "blinds",
            )
        self._check_bet_sizes()
        self._check_rake()

    def _check_bet_sizes(self) -> None:
        if self.structure is not Structure.FIXED_LIMIT:
            if self.bet_sizes is not None:
                raise ConfigError(f"only for fixed_limit, not {self.structure.value}", "bet_sizes")
            return
        if self.bet_sizes is None:
            raise ConfigError("required for fixed_limit: [small bet, big bet]", "bet_sizes")
        small, big = self.bet_sizes
        check_chips(small, self.min_chip, "bet_sizes[0]")
        check_chips(big, self.min_chip, "bet_sizes[1]")
        if small > big:
            raise ConfigError(f"small bet {format_money(small)} is above the big bet {format_money(big)}", "bet_sizes")
        if small != self.big_blind:
            raise ConfigError(
                f"the small bet {format_money(small)} must equal the big blind {format_money(self.big_blind)}"
                " (GAMES.md §4: the big blind is the lower limit)",
                "bet_sizes[0]",
            )

    def _check_rake(self) -> None:
        if not ZERO <= self.rake.percent <= 100:
            raise ConfigError(f"must be between 0 and 100, not {format_money(self.rake.percent)}", "rake.percent")
        if self.rake.cap is not None:
            if self.rake.cap < 0:
                raise ConfigError(f"must be >= 0, not {format_money(self.rake.cap)}", "rake.cap")
            if self.rake.cap % self.min_chip:
                raise ConfigError(
                    f"{format_money(self.rake.cap)} is not a multiple of the smallest chip {format_money(self.min_chip)}",
                    "rake.cap",
                )

    def bet_unit(self, street: Street) -> Decimal:
        """Smallest bet of ``street``: the fixed-limit bet size, else the big blind."""
        if self.bet_sizes is None:
            return self.big_blind
        return self.bet_sizes[0] if street <= Street.FLOP else self.bet_sizes[1]


def check_chips(amount: Decimal, min_chip: Decimal, field: str, error: type[DealerStationError] = ConfigError) -> None:
    """A chip amount: positive and a whole number of the smallest chip."""
    if amount <= 0:
        raise error(f"must be > 0, not {format_money(amount)}", field)
    if amount % min_chip:
        raise error(
            f"{format_money(amount)} is not a multiple of the smallest chip {format_money(min_chip)}", field
        )


def raise_limits(
    config: HandConfig, current_bet: Decimal, full_raise: Decimal, pot_after_call: Decimal
) -> tuple[Decimal, Decimal | None]:
    """(min, max) total a full bet or raise may make, before the player's stack is counted.

    The minimum is the current bet plus the last full bet or raise (GAMES.md §4: at least
    the big blind and at least the previous bet or raise); the maximum is none in no
    limit, the current bet plus the pot after the call in pot limit, and the minimum
    itself in fixed limit (``full_raise`` is then the street's bet size).
    """
    least = current_bet + full_raise
    if config.structure is Structure.NO_LIMIT:
        return least, None
    if config.structure is Structure.POT_LIMIT:
        return least, max(least, current_bet + pot_after_call)
    return least, least
