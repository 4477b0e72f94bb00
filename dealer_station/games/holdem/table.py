"""The hold'em table profile model: what a poker-room table is configured with.

``HoldemTableConfig`` validates a profile (``config/holdem-*.toml``, chosen by
``game = "holdem"``) and builds the ``HandConfig`` each hand is played under, so a
profile and a record share one set of checks.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    model_validator,
)

from ...config import Money, TableConfig
from ...errors import ConfigError
from ...money import exact_decimal
from .structure import MAX_SEATS, HandConfig, RakeRule, Structure

FIXED_LIMIT_MIN_BUY_IN = 10
"""Fixed limit: the minimum buy-in is 10 big blinds (seed 002)."""


def _percent(value: Decimal) -> Decimal:
    if not 0 <= value <= 100:
        raise ValueError("must be between 0 and 100")
    return value


Percent = Annotated[Decimal, BeforeValidator(exact_decimal), AfterValidator(_percent)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class RakeConfig(_Strict):
    """Percent of each pot, an optional cap per hand, "no flop, no drop" (GAMES.md §4)."""

    percent: Percent = Decimal(0)
    cap: Money | None = None
    no_flop_no_drop: bool = True


class BuyIn(_Strict):
    """Chips a player may sit down with; fixed limit defaults the minimum to 10 big blinds."""

    min: Money | None = None
    max: Money | None = None


class HoldemTableConfig(TableConfig):
    """One poker-room table: structure, stakes, buy-in, rake, clock (and what every table has).

    ``min_chip`` (default 1) is the smallest chip for rake rounding and split pots.
    """

    game: Literal["holdem"] = "holdem"
    seats: int = Field(default=MAX_SEATS, ge=2, le=MAX_SEATS)
    structure: Structure
    blinds: tuple[Money, Money]
    bet_sizes: tuple[Money, Money] | None = None
    buy_in: BuyIn = BuyIn()
    rake: RakeConfig = RakeConfig()
    action_clock_seconds: int = Field(default=30, gt=0, le=600)
    """A seat that does not act in time is folded, or checked when checking is free."""

    @model_validator(mode="after")
    def _valid_hand_rules(self) -> HoldemTableConfig:
        try:
            self.hand_config()
        except ConfigError as exc:
            raise ValueError(str(exc)) from None
        return self

    @model_validator(mode="after")
    def _valid_buy_in(self) -> HoldemTableConfig:
        big_blind = self.blinds[1]
        if self.structure is Structure.FIXED_LIMIT:
            floor = big_blind * FIXED_LIMIT_MIN_BUY_IN
            if self.buy_in.min is not None and self.buy_in.min < floor:
                raise ValueError(f"buy_in.min: fixed limit needs at least {FIXED_LIMIT_MIN_BUY_IN} big blinds ({floor})")
        elif self.buy_in.min is None or self.buy_in.max is None:
            raise ValueError(f"buy_in: {self.structure.value} needs a min and a max")
        low, high = self.buy_in_min, self.buy_in.max
        if high is not None and low > high:
            raise ValueError(f"buy_in: min {low} is above max {high}")
        if low < big_blind:
            raise ValueError(f"buy_in.min: {low} is below the big blind {big_blind}")
        return self

    @property
    def buy_in_min(self) -> Decimal:
        if self.buy_in.min is not None:
            return self.buy_in.min
        return self.blinds[1] * FIXED_LIMIT_MIN_BUY_IN

    def hand_config(self) -> HandConfig:
        """The rules every hand at this table is played under."""
        rake = RakeRule(self.rake.percent, self.rake.cap, self.rake.no_flop_no_drop)
        return HandConfig(self.structure, self.blinds[0], self.blinds[1], self.bet_sizes, rake,
                          self.min_chip or Decimal(1))
