"""Pit report rows: rounds, handle, win, hold and par by table, game, shift, day and dealer.

Definitions (docs/floor.md says the same):
* rounds: rounds paid in the period (a round belongs to the time it ended); voids are
  counted apart, by cause; a voided round adds nothing to handle or win (stakes returned);
* handle: total staked, decision bets included (UTH's Play); win: the house's net result
  (``round_paid.house_net``; for poker the rake); hold % = win / handle x 100;
* theoretical win: sum over spots of (stakes on the spot x the par sheet's house edge for
  it); theoretical hold % = theoretical win / handle x 100;
* its 95% interval: theoretical win +/- 1.96 x sqrt(V), V = sum over spots of
  (variance per unit^2 x sum over seats of stake^2 + cross-seat covariance per unit^2 x
  (round total^2 - sum over seats of stake^2)) summed over rounds: seats of one round share
  the dealer's hand and the board, so their results are correlated and the par sheet
  measures by how much; ``in_band`` says whether the actual win lies inside;
* a gaming day starts at the first shift boundary (local time); a shift belongs to the
  gaming day it started in;
* a round's dealer: who was signed in at the table when it opened (``rounds.dealer``); a
  table's faults, supervisor actions and jackpot amounts name no dealer (their row's dealer is
  "all" when grouping by dealer).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Any

from ..errors import ConfigError, DealerStationError, one_line
from ..figures.measures import Tally
from ..money import ZERO, format_money
from ..shifts import shift_of
from .report_data import ReportData

GROUP_KEYS = ("table", "game", "day", "shift", "dealer")
ALL = "all"
NO_DEALER = "(no dealer signed in)"
"""The dealer of a row whose rounds opened with nobody signed in at the table (``rounds.dealer`` NULL)."""
SENSOR = "Bet sensor"
"""The section of the bet sensor's columns (docs/bet-sensing.md): shown when a row's rounds were sensed."""
Z95 = Decimal("1.96")
CENT = Decimal("0.01")
Progress = Callable[[str], None]


def parse_group(text: str) -> tuple[str, ...]:
    keys = tuple(k.strip() for k in text.split(",") if k.strip())
    for key in keys:
        if key not in GROUP_KEYS:
            raise ConfigError(f"unknown grouping {key!r} (known: {', '.join(GROUP_KEYS)})", "by")
    return keys


@dataclass
class ReportRow(Tally):
    """One row of a report: the measures (``measures.Tally``) of its rounds, their par, and the counts beside them."""

    table: str
    game: str
    day: str
    shift: str
    dealer: str = ALL
    theo_win: Decimal | None = ZERO
    variance: Decimal = ZERO
    voids_by_cause: dict[str, int] = field(default_factory=dict)
    faults_by: dict[str, int] = field(default_factory=dict)
    supervisor_actions: int = 0
    jackpot: dict[str, Decimal] = field(default_factory=dict)
    jackpot_hits: int = 0

    @property
    def faults(self) -> int:
        return sum(self.faults_by.values())

    @property
    def hold_pct(self) -> Decimal | None:
        return (self.win / self.handle * 100).quantize(CENT) if self.handle else None

    @property
    def theo_hold_pct(self) -> Decimal | None:
        if self.theo_win is None or not self.handle:
            return None
        return (self.theo_win / self.handle * 100).quantize(CENT)

    @property
    def band(self) -> tuple[Decimal, Decimal] | None:
        """95% interval of the win, from the par sheet, for this handle."""
        if self.theo_win is None:
            return None
        half = Z95 * self.variance.sqrt() if self.variance > 0 else ZERO
        return self.theo_win - half, self.theo_win + half

    @property
    def in_band(self) -> bool | None:
        band = self.band
        return None if band is None or not self.rounds else band[0] <= self.win <= band[1]

    def as_json(self) -> dict[str, Any]:
        return {c.key: c.value(self) for c in COLUMNS if c.key is not None}

    def cells(self, section: str | None = None) -> list[str]:
        """The row in the terminal and HTML table (``section``: in that section's table, ``section_columns``)."""
        return [c.cell(self) for c in section_columns(section)]

    def figures(self, section: str) -> list[tuple[str, str]]:
        """A section's own figures of this row, (heading, cell): the pit's table page lists them."""
        return [(c.header, c.cell(self)) for c in COLUMNS if c.section == section and c.header is not None]

    @property
    def sensed(self) -> bool:
        """Whether a bet sensor watched any of its rounds (its section lists only such rows)."""
        return self.sensed_rounds > 0


def _cents(value: Decimal | None) -> Decimal | None:
    return None if value is None else value.quantize(CENT)


def _text(value: Decimal | None) -> str | None:
    return None if value is None else format_money(value)


@dataclass(frozen=True)
class Column:
    """One column of a report: its JSON/CSV field (``key``), its heading in the terminal and HTML
    table (``header``), its JSON value and, where it is not that value as text, its table cell;
    ``section``: shown in that section's table (after the row's keys) rather than the main one."""

    key: str | None
    header: str | None
    value: Callable[[ReportRow], Any]
    text: Callable[[ReportRow], str] | None = None
    section: str | None = None

    def cell(self, row: ReportRow) -> str:
        if self.text is not None:
            return self.text(row)
        value = self.value(row)
        return "" if value is None else str(value)


def _band_json(row: ReportRow) -> list[str] | None:
    band = row.band
    return None if band is None else [format_money(band[0].quantize(CENT)), format_money(band[1].quantize(CENT))]


def _band_cell(row: ReportRow) -> str:
    band = row.band
    return "" if band is None else f"{band[0]:.0f}..{band[1]:.0f}"


COLUMNS: tuple[Column, ...] = (
    Column("table", "table", lambda r: r.table),
    Column("game", "game", lambda r: r.game),
    Column("day", "day", lambda r: r.day),
    Column("shift", "shift", lambda r: r.shift),
    Column(None, "dealer", lambda r: r.dealer),  # the table shows it with the keys, JSON and CSV last
    Column("rounds", "rounds", lambda r: r.rounds),
    Column("handle", "handle", lambda r: format_money(r.handle)),
    Column("win", "win", lambda r: format_money(r.win)),
    Column("hold_pct", "hold%", lambda r: _text(r.hold_pct)),
    Column("theo_win", None, lambda r: _text(_cents(r.theo_win))),
    Column("theo_hold_pct", "theo%", lambda r: _text(r.theo_hold_pct)),
    Column("win_band_95", "win 95% band", _band_json, _band_cell),
    Column("in_band", "in", lambda r: r.in_band, lambda r: {True: "yes", False: "NO", None: ""}[r.in_band]),
    Column("voids", "voids", lambda r: r.voids),
    Column("voids_by_cause", None, lambda r: dict(sorted(r.voids_by_cause.items()))),
    Column("faults", "faults", lambda r: r.faults),
    Column("faults_by_device_code", None, lambda r: dict(sorted(r.faults_by.items()))),
    Column("supervisor_actions", "sup", lambda r: r.supervisor_actions),
    Column(None, "jp hits", lambda r: r.jackpot_hits),  # the table shows it before rake, JSON after jackpot
    Column("rake", "rake", lambda r: format_money(r.rake)),
    Column("jackpot", None, lambda r: {k: format_money(v) for k, v in sorted(r.jackpot.items())}),
    Column("jackpot_hits", None, lambda r: r.jackpot_hits),
    Column("sensed_rounds", "sensed", lambda r: r.sensed_rounds, section=SENSOR),
    Column("past_posts", "past-post", lambda r: r.past_posts, section=SENSOR),
    Column("pinches", "pinch", lambda r: r.pinches, section=SENSOR),
    Column("overrides", "overridden", lambda r: r.overrides, section=SENSOR),
    Column("mispays", "mispays", lambda r: r.mispays, section=SENSOR),
    Column("mispaid", "mispaid", lambda r: format_money(r.mispaid), section=SENSOR),
    Column("losing_left", "losing left", lambda r: r.losing_left, section=SENSOR),
    Column("counterfeits", "counterfeit", lambda r: r.counterfeits, section=SENSOR),
    Column("dealer", None, lambda r: r.dealer),
)
"""A report's columns in order: the JSON/CSV fields are those with a key, the terminal and HTML
table's those with a header (a section's in its own table, shown when a row has its figures).
A new measure's column is one entry here (append it: CSV readers go by position)."""


def section_columns(section: str | None = None) -> tuple[Column, ...]:
    """The columns of the main table (None) or of a section's: the row's keys, then its own."""
    own = tuple(c for c in COLUMNS if c.header is not None and c.section == section)
    return own if section is None else (*(c for c in COLUMNS if c.header in GROUP_KEYS), *own)


ParLookup = Callable[[str, str | None], Any]
"""(game, canonical pay tables) -> a ``dealer_station.par.ParSheet`` or None."""


def build_rows(data: ReportData, by: Sequence[str], par: ParLookup) -> list[ReportRow]:
    """Rows grouped by ``by`` (always by game too), sorted by their keys."""
    shifts = data.period.shifts
    rows: dict[tuple[str, ...], ReportRow] = {}

    def row(table: str, game: str, bucket: datetime, dealer: str | None = None, dealt: bool = False) -> ReportRow:
        """The row of these keys; ``dealt``: a round's figure, whose ``dealer`` the row goes by (None: nobody
        signed in); the table's other figures (faults, supervisor actions, jackpot) name no dealer."""
        day, shift = shift_of(bucket, shifts)
        key = (table if "table" in by else ALL, game, day.isoformat() if "day" in by else ALL,
               shift if "shift" in by else ALL, (dealer or NO_DEALER) if dealt and "dealer" in by else ALL)
        if key not in rows:
            rows[key] = ReportRow(*key)
        return rows[key]

    for sums in data.rounds:
        r = row(sums.table_id, sums.game, sums.bucket, sums.dealer, True)
        r.add(sums)
        if sums.rounds:
            sheet = par(sums.game, sums.paytables)
            if sheet is None:
                r.theo_win = None
    for stake in data.stakes:
        r = row(stake.table_id, stake.game, stake.bucket, stake.dealer, True)
        sheet = par(stake.game, stake.paytables)
        if sheet is None or r.theo_win is None:
            r.theo_win = None
            continue
        figures = sheet.spots.get(stake.spot)
        if figures is None:
            if stake.spot not in sheet.included:
                r.theo_win = None
            continue
        r.theo_win += stake.total * figures.edge
        r.variance += (figures.variance * stake.squares
                       + figures.cross_covariance * (stake.total_squared - stake.squares))
    for void in data.voids:
        r = row(void.table_id, void.game, void.bucket, void.dealer, True)
        r.voids_by_cause[void.cause] = r.voids_by_cause.get(void.cause, 0) + void.count
    games = {**{r.table_id: r.game for r in data.rounds}, **data.table_games}  # a fault's table's game
    for fault in data.faults:
        r = row(fault.table_id, games.get(fault.table_id, "?"), fault.bucket)
        name = f"{fault.device}/{fault.code}"
        r.faults_by[name] = r.faults_by.get(name, 0) + fault.count
    for action in data.supervisor:
        local = action.at.astimezone(data.period.tz).replace(tzinfo=None)
        row(action.table_id, games.get(action.table_id, "?"), local).supervisor_actions += 1
    for j in data.jackpot:
        r = row(j.table_id, games.get(j.table_id, "?"), j.bucket)
        name = j.kind.removeprefix("jackpot_")
        r.jackpot[name] = r.jackpot.get(name, ZERO) + j.amount
        if j.kind == "jackpot_award":
            r.jackpot_hits += j.count
    for r in rows.values():
        if r.theo_win is not None and not r.rounds:
            r.theo_win = ZERO
    return [rows[k] for k in sorted(rows)]


@dataclass
class Report:
    """A whole pit report: the rows, the series the charts draw, and the lists."""

    data: ReportData
    by: tuple[str, ...]
    rows: list[ReportRow]
    series: list[ReportRow]  # by gaming day and shift, every table: hold over time
    per_table: list[ReportRow]  # by table: voids and faults per table
    par_notes: dict[str, str]
    table_shifts: list[dict[str, Any]] = field(default_factory=list)
    """By shift over the floor: each table-shift's bank figures (``bank_report.shift_lines``)."""

    @property
    def sensor_rows(self) -> list[ReportRow]:
        """The bet sensor's section: the rows it watched rounds of (and the totals, when several); none
        when no table of the report has a sensor."""
        rows = [r for r in self.rows if r.sensed]
        return [*rows, self.totals()] if len(rows) > 1 else rows

    def totals(self) -> ReportRow:
        total = ReportRow(ALL, ALL, ALL, ALL)
        for r in self.per_table:
            total.add(r)
            total.theo_win = None if total.theo_win is None or r.theo_win is None else total.theo_win + r.theo_win
            total.variance += r.variance
            for k, v in r.voids_by_cause.items():
                total.voids_by_cause[k] = total.voids_by_cause.get(k, 0) + v
            for k, v in r.faults_by.items():
                total.faults_by[k] = total.faults_by.get(k, 0) + v
            total.supervisor_actions += r.supervisor_actions
            total.jackpot_hits += r.jackpot_hits
            for k, amount in r.jackpot.items():
                total.jackpot[k] = total.jackpot.get(k, ZERO) + amount
        return total


def make_report(data: ReportData, by: Sequence[str], par: ParLookup) -> Report:
    notes: dict[str, str] = {}
    sheets: dict[tuple[str, str | None], Any] = {}

    def noted(game: str, paytables: str | None) -> Any:
        key = (game, paytables)
        if key not in sheets:  # one look-up per pay tables, not per bucket
            try:
                sheets[key] = par(game, paytables)
            except DealerStationError as exc:  # pay tables a record carries but no par sheet can use
                sheets[key] = None
                notes.setdefault(f"{game} (no par)", f"{game}: no par for pay tables {one_line(str(paytables), 80)}: {exc}")
            except (AttributeError, KeyError, TypeError, ValueError, ArithmeticError) as exc:
                sheets[key] = None
                notes.setdefault(f"{game} (no par)", f"{game}: no par for pay tables {one_line(str(paytables), 80)}: "
                                             f"{type(exc).__name__}")
            if sheets[key] is not None:
                notes.setdefault(game, sheets[key].summary())
        return sheets[key]

    return Report(data, tuple(by), build_rows(data, by, noted), build_rows(data, ("day", "shift"), noted),
                  build_rows(data, ("table",), noted), notes)
