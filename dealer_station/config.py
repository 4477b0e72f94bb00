"""Table configuration: pydantic models for the TOML profiles in ``config/``.

Every model forbids unknown keys so a misspelt key is refused rather than silently
ignored. Money and pay-table odds are ``Decimal``; a TOML float such as ``1.5`` is
refused (naming its key) because a binary float cannot hold every decimal amount -
write ``"1.5"`` or an integer. Every problem surfaces as a one-line ``ConfigError``
(or ``RecordError`` for round-record overrides) naming the key path.

Game-specific requirements (how many seats, which limit spots and pay tables) are data
on each game (``dealer_station.games``), checked by ``build_table`` after the models.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import time
from decimal import Decimal
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, ValidationError, model_validator

from .chip_inventory import ChipInventoryConfig
from .errors import ConfigError
from .hand_category import Category
from .money import exact_decimal
from .shifts import DEFAULT_SHIFTS, parse_shifts
from .wire.roles import ROLES, Role

CONFIG_DIR_ENV = "DEALER_STATION_CONFIG_DIR"
TABLE_ID_PATTERN = r"[A-Za-z0-9_-]{1,32}"
"""What a table id may be (a profile's ``table_id``, a record's): it names files, URLs and floor rows."""


def _positive(amount: Decimal) -> Decimal:
    if amount <= 0:
        raise ValueError("must be > 0")
    return amount


def _non_negative(amount: Decimal) -> Decimal:
    if amount < 0:
        raise ValueError("must be >= 0")
    return amount


Money = Annotated[Decimal, BeforeValidator(exact_decimal), AfterValidator(_positive)]
Odds = Annotated[Decimal, BeforeValidator(exact_decimal), AfterValidator(_non_negative)]


def _optional(check: Any) -> Any:
    """``check`` for a value that may also be absent (``None``)."""
    return lambda value: None if value is None else check(value)


def _shift_boundaries(value: object) -> tuple[time, ...]:
    """``"06:00,14:00,22:00"`` or a list of ``"HH:MM"`` texts (or TOML local times)."""
    if isinstance(value, str):
        text = value
    elif isinstance(value, (list, tuple)) and all(isinstance(v, (str, time)) for v in value):
        text = ",".join(v.isoformat() if isinstance(v, time) else v for v in value)
    else:
        raise ValueError('give the shift boundaries as "06:00,14:00,22:00" or a list of "HH:MM"')
    try:
        return parse_shifts(text)
    except ConfigError as exc:
        raise ValueError(exc.problem) from None


def _empty_is_none(value: object) -> object:
    """TOML has no null: ``reader = ""`` says the table has no card reader."""
    return None if value == "" else value


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class SpotLimit(_Strict):
    """Minimum and maximum stake on one betting spot."""

    min: Money
    max: Money

    @model_validator(mode="after")
    def _min_not_above_max(self) -> SpotLimit:
        if self.min > self.max:
            raise ValueError(f"min {self.min} is above max {self.max}")
        return self


DeviceModel = Annotated[str, Field(pattern=r"^[!-~][ -~]{0,63}$")]
"""A device model as the device names itself (printable ASCII, at most 64 characters)."""
ProgramDigest = Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]
"""An approved program image's SHA-256, 64 lower-case hex digits."""


class DeviceConfig(_Strict):
    """Device URLs (``sim://`` for the simulators); ``""`` means the table has no such device."""

    shuffler: Annotated[str | None, BeforeValidator(_empty_is_none)] = "sim://shuffler"
    reader: Annotated[str | None, BeforeValidator(_empty_is_none)] = "sim://usb"
    bet_sensor: Annotated[str | None, BeforeValidator(_empty_is_none)] = None
    """The RFID bet sensor under the layout (``sim://betsensor``); None: bets are keyed."""
    player_card: Annotated[str | tuple[str, ...] | None, BeforeValidator(_empty_is_none)] = None
    """The player card reader (``hid:///dev/input/by-id/...-event-kbd?seat=3``, ``track2:///dev/ttyUSB3``,
    ``sim://track2``), or a list of them (a role ``wire.roles`` says may have several: one per seat, each URL
    naming its seat, and at most one at the table); None: players are keyed or anonymous (docs/players.md,
    "The player card")."""
    tray: Annotated[str | None, BeforeValidator(_empty_is_none)] = None
    """The RFID tray antenna under the chip tray (``sim://tray?columns=6``, ``rfidtray:///dev/ttyUSB4``): the tray
    sensed after every round and checked against what moved (docs/bank.md); None: the tray is counted only."""
    link_timeout: float = Field(default=2.0, gt=0, le=60, allow_inf_nan=False)  # seconds: finite, bounded
    reading_shoe: Annotated[str | None, BeforeValidator(_empty_is_none)] = None
    """A reading shoe the croupier deals from by hand (``sim://beetek``, ``beetek:///dev/ttyUSB0``):
    each card it reads is assigned to the position the deal plan expects next (docs/reading-shoe.md)."""
    draw_order: Literal["round_robin", "packets"] = "round_robin"
    """How cards leave the reading shoe: ``round_robin`` one card at a time around the table (seats,
    then the dealer) as many times as a hand has cards; ``packets`` each hand's cards together."""
    deal_timeout: float = Field(default=120.0, gt=0, le=3600, allow_inf_nan=False)
    """Seconds without a draw after which a reading-shoe deal that is not complete is a misdeal."""
    read_timeout: float = Field(default=20.0, gt=0, le=3600, allow_inf_nan=False)
    """Seconds a reveal waits for the reader to read the card due: then the round halts for the croupier to
    pass the card again or key it in (a reader that never reads must not strand the table)."""
    approved: dict[DeviceModel, tuple[ProgramDigest, ...]] = {}
    """Model -> the SHA-256 (hex) of each program image approved for it (HARDWARE.md, authentication).
    Non-empty: every device not in ``allow_unauthenticated`` must prove who it is at connect."""
    programs: str = Field(default="programs", min_length=1)
    """The folder of approved program images, ``<sha256>.bin`` each: the station hashes them over
    its own seed to check a device's answer (a digest alone cannot be checked that way)."""
    allow_unauthenticated: tuple[Role, ...] = ()
    """Devices that may run without proving who they are (a receive-only reading shoe cannot)."""
    approve_any: bool = False
    """A live table with no ``approved`` list runs only when its profile says ``approve_any = true``: it then
    accepts any program on its devices (shown so on the screen and the pit), rather than by oversight."""

    def urls(self, role: str) -> tuple[str, ...]:
        """The URLs of the table's devices in ``role`` (none, one, or a ``several`` role's list)."""
        found = getattr(self, role, None)
        return () if not found else (found,) if isinstance(found, str) else tuple(found)

    @model_validator(mode="after")
    def _several_distinct(self) -> DeviceConfig:
        for role in ROLES:
            urls = self.urls(role.value)
            if not isinstance(getattr(self, role.value, None), str | None) and not urls:
                raise ValueError(f"{role.value}: an empty list: say \"\" for no device")
            if len(set(urls)) != len(urls):
                raise ValueError(f"{role.value}: a device URL listed twice")
        return self

    @property
    def authenticating(self) -> bool:
        """Whether this table asks its devices to authenticate (it lists approved programs)."""
        return bool(self.approved)

    def authenticates(self, role: str) -> bool:
        """Whether the device in ``role`` must prove who it is at connect."""
        return self.authenticating and role not in self.allow_unauthenticated

    def live_refusal(self) -> str | None:
        """Why a live table may not start with these devices (None: it may): a device that can prove which
        program it runs, and no list of approved programs, nor ``approve_any = true`` said in so many words."""
        if self.approved or self.approve_any:
            return None
        proving = [role.value for role in ROLES if ROLES[role].proves and getattr(self, role.value, None)
                   and role not in self.allow_unauthenticated]
        if not proving:
            return None
        return (f"a live table lists the programs its devices may run ({', '.join(proving)}): add their models' "
                "SHA-256 under [devices.approved], or say approve_any = true to accept any program")

    @model_validator(mode="after")
    def _approve_any_or_a_list(self) -> DeviceConfig:
        if self.approve_any and self.approved:
            raise ValueError("approve_any = true and an approved list: say one or the other")
        return self

    @model_validator(mode="after")
    def _receive_only_allowed(self) -> DeviceConfig:
        if self.reading_shoe is not None and "reading_shoe" not in self.allow_unauthenticated:
            raise ValueError('a reading shoe is receive-only and cannot authenticate: allow it explicitly with '
                             'allow_unauthenticated = ["reading_shoe"]')
        return self


class BankConfig(_Strict):
    """The table bank (``[bank]``, docs/bank.md): the tray's chip set, its par per denomination (what a
    full tray holds: the simulated opener), where a variance's class changes, and the casino whose slip
    series the floor numbers this table's fills and credits in."""

    chips: tuple[Money, ...] = Field(min_length=1)
    par: dict[str, Annotated[int, Field(ge=0, le=1_000_000, strict=True)]] = Field(default_factory=dict)
    report_at: Money = Decimal(25)
    regulator_at: Money = Decimal(100)
    casino: Annotated[str, Field(pattern=f"^{TABLE_ID_PATTERN}$")]
    confirm_rounds: int = Field(default=3, ge=1, le=50)
    """With a tray antenna: how many scans in a row (one after each round) a difference between the sensed tray
    and what moved must hold before it is a tray alarm (a chip missed for one scan is not one)."""

    @model_validator(mode="after")
    def _consistent(self) -> BankConfig:
        if len(set(self.chips)) != len(self.chips):
            raise ValueError("chips: a denomination is listed twice")
        if self.regulator_at < self.report_at:
            raise ValueError(f"regulator_at {self.regulator_at} is below report_at {self.report_at}")
        for key in self.par:
            try:
                denomination = exact_decimal(key)
            except (ConfigError, ValueError, ArithmeticError):
                denomination = None
            if denomination not in self.chips:
                raise ValueError(f"par: {key!r} is not a denomination of chips")
        return self

    @property
    def chip_set(self) -> frozenset[Decimal]:
        return frozenset(self.chips)

    def par_counts(self) -> dict[Decimal, int]:
        """The par, denomination -> chips."""
        return {exact_decimal(k): n for k, n in self.par.items()}


class FloorConfig(_Strict):
    """The casino floor this table forwards its journal to (``[floor] url = "postgresql://..."``)."""

    url: str = Field(min_length=1)


class ArchiveConfig(_Strict):
    """Where the journal's closed segments go and when (``[archive]``, docs/journal-archive.md): a segment is
    archived once the floor has acknowledged it and its gaming day is ``keep_days`` old, and only then leaves
    the live file. A table with no floor never archives."""

    folder: str = "var/archive"
    keep_days: int = Field(default=7, ge=0, le=3660)
    """Closed gaming days kept in the live file (recall at the table without the archive)."""
    max_records: int = Field(default=200_000, ge=1_000, le=100_000_000)
    """Records a segment holds at most: a busy day is cut in several (always between rounds)."""


class DiskConfig(_Strict):
    """The disk watch's thresholds (``[disk]``, ``disk_watch.py``), in rounds of play left on the journal's disk
    at the doctor's estimate of a round's bytes (31 kB): under ``warn_rounds`` the croupier and the pit are
    told; under ``halt_rounds`` no round opens (the round in progress still finishes in that room)."""

    warn_rounds: int = Field(default=4_200, ge=2, le=100_000_000)
    """A week of a busy table (600 rounds a day): about 130 MB."""
    halt_rounds: int = Field(default=300, ge=1, le=100_000_000)
    """About 9 MB: SQLite's write-ahead log grows to about 4 MB before it is reused (1,000 pages), and what is
    left holds the round in progress, a restart's records and a hundred rounds more."""

    @model_validator(mode="after")
    def _ordered(self) -> DiskConfig:
        if self.halt_rounds >= self.warn_rounds:
            raise ValueError(f"halt_rounds {self.halt_rounds} must be below warn_rounds {self.warn_rounds}")
        return self


def _edge(value: Decimal) -> Decimal:
    if not Decimal(-1) <= value <= 1:
        raise ValueError(f"an edge is a share of the stake from -1 to 1, not {value}")
    return value


def _share(value: Decimal) -> Decimal:
    if not 0 <= value <= 1:
        raise ValueError(f"a comp rate is a share of theo from 0 to 1, not {value}")
    return value


Edge = Annotated[Decimal, BeforeValidator(exact_decimal), AfterValidator(_edge)]


class PlayersConfig(_Strict):
    """The player at the seat (docs/players.md): which cards are the casino's, when a session ends, and the
    rating terms (``theo``: house edge per unit staked per spot, with its ``theo_source``; ``comp_rate``).
    The rating terms in force are these until a supervisor journals others (``rating_terms``)."""

    card_prefix: str = Field(default="", pattern=r"^[0-9]{0,12}$")
    """The leading digits of the casino's player card numbers (its issuer prefix); "" takes any card."""
    absent_rounds: int = Field(default=3, ge=1, le=1000)
    """Rounds without a stake at a seat after which its session ends at the last round with a stake."""
    comp_rate: Annotated[Decimal, BeforeValidator(exact_decimal), AfterValidator(_share)] = Decimal(0)
    theo: dict[str, Edge] = {}
    theo_source: str = Field(default="", max_length=200)


class TableConfig(_Strict):
    """What every table has, whatever its game: identity, seats, devices, deal mode, journal.

    Each game subclasses it with its own rules (``BankingTableConfig`` for the banking
    games; poker's in its package); ``game`` in the profile chooses the model.
    """

    table_id: Annotated[str, Field(pattern=f"^{TABLE_ID_PATTERN}$")] = "T1"
    game: str
    seats: int = Field(ge=1)
    deal_mode: Literal["shuffler", "hand"] = "shuffler"
    min_chip: Annotated[Decimal | None, BeforeValidator(_optional(exact_decimal)), AfterValidator(_optional(_positive))] = None
    devices: DeviceConfig = DeviceConfig()
    currency: str = "EUR"
    journal: str = "var/journal.sqlite"
    locale: Literal["en", "fr", "zh_CN", "zh_TW"] = "en"
    """The croupier screen's language at start-up (switchable on screen)."""
    chips: tuple[Money, ...] = ()
    """The croupier's chip set, for chip rows and payout breakdowns (largest first when shown)."""
    floor: FloorConfig | None = None
    """The casino floor the journal is forwarded to (``--floor URL`` overrides it)."""
    shifts: Annotated[tuple[time, ...], BeforeValidator(_shift_boundaries)] = DEFAULT_SHIFTS
    """Where the casino's shifts start, in the station's local time: the croupier's shift counters."""
    chip_inventory: ChipInventoryConfig | None = None
    """The casino's RFID chips (``chip_inventory.py``): what a bet sensor's tag ids are worth."""
    bank: BankConfig | None = None
    """The table bank (shifts, buy-ins, fills and credits); None: this table keeps no bank."""
    players: PlayersConfig = PlayersConfig()
    """The player card, sessions and rating terms (docs/players.md)."""
    archive: ArchiveConfig = ArchiveConfig()
    """Where and when the journal's closed segments are archived off the live file."""
    disk: DiskConfig = DiskConfig()
    """The disk watch's thresholds."""

    @model_validator(mode="after")
    def _dealing_shoe_for_shuffler_deal(self) -> TableConfig:
        if self.deal_mode == "shuffler" and self.devices.shuffler is None:
            raise ValueError('deal_mode "shuffler" needs devices.shuffler (or deal_mode = "hand")')
        if self.devices.reading_shoe is not None and self.deal_mode != "hand":
            raise ValueError('a reading shoe is dealt from by hand: it needs deal_mode = "hand"')
        if self.devices.bet_sensor is not None and self.chip_inventory is None:
            raise ValueError("devices.bet_sensor needs a [chip_inventory]: what each chip id is worth")
        if self.devices.tray is not None and (self.chip_inventory is None or self.bank is None):
            raise ValueError("devices.tray needs a [chip_inventory] (what each chip id is worth) and a [bank] "
                             "(the shift its scans are checked in)")
        return self


class BankingTableConfig(TableConfig):
    """A game where every seat plays against the dealer (UTH, THB): limits and pay tables.

    ``min_chip`` defaults to the table's smallest stake unit: the finest decimal unit
    among the spot minimums, never coarser than 1 (min 5 -> 1, min 25 -> 1,
    min 0.5 -> 0.1, min 2.50 -> 0.1). Payouts are rounded down to a multiple of it.
    """

    limits: dict[str, SpotLimit]
    paytables: dict[str, dict[str, Odds]]
    """Pay tables by name; which rows each may have is the game's (``Game.check_table``)."""

    @model_validator(mode="after")
    def _default_min_chip(self) -> BankingTableConfig:
        if self.min_chip is None and self.limits:
            # Stored without marking the field as set, so a record overriding the
            # limits gets a min_chip derived from its own limits.
            self.__dict__["min_chip"] = stake_unit(limit.min for limit in self.limits.values())
        return self

    def paytable(self, name: str) -> dict[Category, Decimal]:
        """A pay table keyed by ``Category`` (rows absent from the table pay nothing)."""
        return {Category.from_label(label): odds for label, odds in self.paytables.get(name, {}).items()}


def stake_unit(amounts: Any) -> Decimal:
    """Finest decimal unit among ``amounts``, at most 1 (5 -> 1, 0.5 -> 0.1)."""
    exponent = 0
    for amount in amounts:
        exponent = min(exponent, int(amount.normalize().as_tuple().exponent))
    return Decimal(1).scaleb(exponent)


def _loc_path(loc: tuple[int | str, ...]) -> str:
    parts: list[str] = []
    for part in loc:
        if part == "[key]":
            continue
        if isinstance(part, int):
            parts.append(f"[{part}]")
        else:
            parts.append(f".{part}" if parts else str(part))
    return "".join(parts)


def _problem(error: Mapping[str, Any]) -> str:
    kind = error["type"]
    if kind == "missing":
        return "missing required key"
    if kind == "extra_forbidden":
        return "unknown key"
    message = str(error["msg"])
    if message.startswith("Value error, "):
        return message[len("Value error, "):]
    if kind not in ("literal_error",):
        message = f"{message}, got {error.get('input')!r}"
    return message


def first_problem(exc: ValidationError) -> tuple[str, str]:
    """(problem, key path) of a pydantic error's first problem, as the one-line errors say it."""
    first = exc.errors()[0]
    return _problem(first), _loc_path(first["loc"])
