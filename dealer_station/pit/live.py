"""The floor now: every table's state, kept up to date from the floor as journals arrive.

A table's state is the station's own fold of its journal (``table.folds.evolve``) and its
progressive's ledger (``jackpot.JackpotLedger``), run here over the floor's copy of the
events: the tile shows what the table's screen shows, from the same code. On start each
table is folded from the events its state now depends on (``queries.state_events``: its
round since its last ``round_opened``, its devices since its last ``station_started``,
its progressive's facts); then one thread LISTENs on ``floor_changed`` (the floor notifies
on every accepted batch, alarm and layout change: migration 0004) and folds each table's
new events as they land. A missed notification costs at most ``poll`` seconds: every wake
also compares each table's ``last_seq`` with what was folded.

The table's result this shift is the pit report's own figure (``queries.report_data`` and
``report.build_rows`` by table, from the start of the current shift), recomputed for the
tables that changed, at most every ``results_every`` seconds.

A table is **stale** when the floor has not heard from it (``floor.stations.last_ingest``, the
floor's own clock) within ``stale_open`` seconds while a round is open, or ``stale_between``
seconds between rounds: its station, network or forwarder is down, whatever its last state
says. Staleness is looked at on every wake, so a silent table turns stale by itself. When the
floor itself cannot be read, ``status()`` says so (a readable sentence, ``outage.floor_trouble``)
and the thread reconnects by itself; the tiles keep the last state read.

Every alarm is read with the steps taken on it at each wake (``alarms.collect``: the floor's, and the
shuffle audit's, told by ``shuffle_watch.ShuffleWatch`` through ``set_audit_alarms``); a table with an
open one (not resolved since it was last seen) carries it on its tile and counts as alarmed, and the
floor page lists the open ones (``alarm_items``, ``alarms_version``).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from datetime import time as dtime
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

import psycopg
import structlog

from ..errors import DealerStationError
from ..errors import one_line as clipped
from ..floor.alarm_work import floor_alarms, steps_of
from ..floor.db import connect, one_line
from ..floor.queries import (
    FloorEvent,
    Placement,
    events_after,
    report_data,
    state_events,
    stations,
    table_layout,
)
from ..floor.report import ALL, ReportRow, build_rows
from ..floor.report_data import Period, parse_at
from ..games import GAMES  # noqa: F401  (registers every game's event kinds for decode)
from ..jackpot import JackpotLedger
from ..money import format_cents
from ..shifts import shift_start
from ..table.event_base import decode
from ..table.folds import evolve
from ..table.phases import CLOSED, PAID, VOID
from ..table.state import DeviceState, TableState
from .alarms import AlarmItem, collect, keys_of
from .jackpot_view import awards_held
from .outage import floor_trouble
from .shuffle_watch import ShuffleAudits

log = structlog.get_logger("dealer_station.pit.live")

UNASSIGNED = "Unassigned"
BETWEEN_ROUNDS = frozenset({PAID, VOID, CLOSED})
STALE_OPEN = 30.0
"""Seconds without a word from a table with a round open before it is stale (a round's events come every few seconds)."""
STALE_BETWEEN = 300.0
"""Seconds without a word from a table between rounds before it is stale (an idle table journals nothing)."""
RECONNECT_MAX = 2.0
"""The longest wait between two attempts to reach a floor that went away."""
PROBLEMS_KEPT = 5
Clock = Callable[[], float]


@dataclass(frozen=True, slots=True)
class DeviceTile:
    name: str
    connected: bool
    last_heard: datetime | None
    status: str | None
    faults: int  # this shift
    note: str | None = None
    """Refused at connect (which unit and why), or "unauthenticated" (up without proving who it is)."""

    @property
    def faulty(self) -> bool:
        return not self.connected or (self.status or "").startswith("fault")


def device_note(device: DeviceState, table: TableState | None = None) -> str | None:
    """The tile's word on who a device is: the screen's (``view.banner.device_note``), in English."""
    if device.held_refused:
        return device.refusal_line()
    if device.unauthenticated and table is not None and table.approve_any:
        return "any program approved"
    return "unauthenticated" if device.unauthenticated else None


@dataclass(frozen=True, slots=True)
class ShiftResult:
    """The table's figures since the start of the current shift (the pit report's, by table)."""

    rounds: int
    voids: int
    faults: int
    handle: Decimal
    win: Decimal
    hold_pct: Decimal | None

    @classmethod
    def of(cls, row: ReportRow | None) -> ShiftResult:
        if row is None:
            return cls(0, 0, 0, Decimal(0), Decimal(0), None)
        return cls(row.rounds, row.voids, row.faults, row.handle, row.win, row.hold_pct)


@dataclass(frozen=True, slots=True)
class Tile:
    """One table on the floor view."""

    table_id: str
    pit: str
    position: int
    game: str | None
    dealer: str | None  # who deals, when the station journals it (dealer_signed_in)
    phase: str
    round_id: str | None
    round_number: int | None
    halted: bool
    halt_text: str | None
    devices: tuple[DeviceTile, ...]
    result: ShiftResult
    jackpot: str | None  # the progressive's meter, to the cent (a linked one's: the shared meter now)
    alarms: int  # open alarms at the table (the shuffle audit's apart)
    last_seq: int
    last_event_at: datetime | None
    problems: tuple[str, ...]
    version: int
    heard_at: datetime | None = None  # when the floor last accepted a batch of this table (its clock)
    stale: bool = False  # not heard from within the stated time (``FloorLive.stale_open``/``stale_between``)
    stale_after: float = STALE_BETWEEN
    audit_alarms: tuple[str, ...] = ()  # a failing shuffler dealt here (``shuffle_watch``), not resolved: its title
    alarm_anchors: tuple[str, ...] = ()  # the open alarms' places on the alarms page
    link: str | None = None  # the linked progressive the table plays on
    disk: str = "ok"  # the station's journal disk as its disk watch last journaled it (ok, warning, halt)

    @property
    def between_rounds(self) -> bool:
        return self.phase in BETWEEN_ROUNDS

    @property
    def sort_key(self) -> tuple[int, str, int, str]:
        return (self.pit == UNASSIGNED, self.pit, self.position, self.table_id)


DISK_FULL = "journal disk nearly full: no round opens until a technician frees space"
"""What a table stopped by its disk watch says on its tile (``disk_space`` halt, docs/journal-archive.md)."""


@dataclass(frozen=True, slots=True)
class FloorSummary:
    """The floor bar: how many tables are open, halted, stale; the floor's win and hold this shift."""

    tables: int
    open: int  # heard from within the stated time and not halted
    halted: int
    stale: int  # not halted, not heard from within the stated time
    in_round: int
    alarmed: int
    rounds: int
    handle: Decimal
    win: Decimal
    hold_pct: Decimal | None

    @classmethod
    def of(cls, tiles: Sequence[Tile]) -> FloorSummary:
        halted = sum(1 for t in tiles if t.halted)
        stale = sum(1 for t in tiles if t.stale and not t.halted)
        total = ReportRow(ALL, ALL, ALL, ALL, handle=sum((t.result.handle for t in tiles), Decimal(0)),
                          win=sum((t.result.win for t in tiles), Decimal(0)))
        return cls(len(tiles), len(tiles) - halted - stale, halted, stale,
                   sum(1 for t in tiles if not t.between_rounds), sum(1 for t in tiles if t.alarms or t.audit_alarms),
                   sum(t.result.rounds for t in tiles), total.handle, total.win, total.hold_pct)


@dataclass
class _Table:
    table_id: str
    state: TableState
    ledger: JackpotLedger = field(default_factory=JackpotLedger)
    last_seq: int = 0
    last_event_at: str | None = None
    heard_at: datetime | None = None
    problems: list[str] = field(default_factory=list)
    held: dict[tuple[str | None, int], bool] = field(default_factory=dict)  # (round, seat) -> award needs verifying


@dataclass(frozen=True, slots=True)
class _Record:
    """What the jackpot ledger reads of an event (the payload parsed once)."""

    kind: str
    payload: dict[str, Any]
    at: str
    round_id: str | None


def fold(table: _Table, events: Iterable[FloorEvent]) -> None:
    """Apply events (in seq order) to a table's state and ledger; an event that cannot be read is
    noted on the tile, never fatal (a newer station's kind, a damaged payload)."""
    for e in events:
        try:
            payload = e.payload
            evolve(table.state, decode(e.kind, payload), e.at, e.seq)
            if e.kind in JackpotLedger.KINDS:
                table.ledger.feed(_Record(e.kind, payload, e.at, e.round_id))
                for seat, held in awards_held(e.kind, payload):
                    table.held[(e.round_id, seat)] = held
        except Exception as exc:  # a station's record, whatever is wrong with it, must not stop the floor view
            table.problems = [*table.problems, f"seq {e.seq} ({e.kind}) not read: {clipped(str(exc), 200)}"
                              ][-PROBLEMS_KEPT:]
        table.last_seq = e.seq
        table.last_event_at = e.at


class FloorLive:
    """Every table's state now; one thread keeps it current. Readers get immutable tiles."""

    def __init__(self, url: str, *, tz: ZoneInfo, shifts: Sequence[dtime], poll: float = 1.0,
                 results_every: float = 0.5, clock: Clock = time.time,
                 connect_kwargs: dict[str, Any] | None = None, stale_open: float = STALE_OPEN,
                 stale_between: float = STALE_BETWEEN) -> None:
        self.url = url
        self._kwargs = connect_kwargs or {}
        self.tz = tz
        self.shifts = tuple(shifts)
        self.poll = poll
        self.results_every = results_every
        self.stale_open = stale_open
        self.stale_between = stale_between
        self._clock = clock
        self._tables: dict[str, _Table] = {}
        self._tiles: dict[str, Tile] = {}
        self._layout: dict[str, Placement] = {}
        self._alarms: dict[str, int] = {}
        self._audit_alarms: dict[str, tuple[str, ...]] = {}  # the open shuffle alarms' titles by table
        self._audit_reasons: dict[str, tuple[str, ...]] = {}  # the last pass's reasons: which tiles to redraw
        self._anchors: dict[str, tuple[str, ...]] = {}
        self._audit_changed: set[str] = set()
        self._alarm_items: list[AlarmItem] = []
        self._links: dict[str, Decimal] = {}  # each linked progressive's shared meter, as its controller holds it
        self.alarms_version = 0
        self.shuffle_audits: Callable[[], ShuffleAudits | None] | None = None
        """Where the shuffle audit's latest pass is read (``ShuffleWatch.latest``; set by the pit)."""
        self._results: dict[str, ReportRow] = {}
        self._games: dict[str, str] = {}
        self._shift: datetime | None = None
        self._pending_results: set[str] = set()
        self._results_at = 0.0
        self._version = 0
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self.ready = threading.Event()
        self.error: str | None = None  # a readable sentence while the floor cannot be read
        self.down_since: datetime | None = None
        self.read_at: datetime | None = None  # when the floor was last read whole (the tiles are "as of" it)
        self.status_version = 0
        self._thread: threading.Thread | None = None

    # ------------------------------------------------------------------ readers

    @property
    def version(self) -> int:
        return self._version

    def tiles(self) -> list[Tile]:
        """Every table, by pit, position and table id."""
        with self._lock:
            return sorted(self._tiles.values(), key=lambda t: t.sort_key)

    def status(self) -> dict[str, Any]:
        """Whether the floor can be read now: what the page's badge and banner say."""
        return {"ok": self.error is None, "message": self.error, "ready": self.ready.is_set(),
                "since": self.down_since.isoformat() if self.down_since else None, "version": self.status_version}

    def now(self) -> float:
        """The pit's clock (seconds): what "ago" and staleness are counted by, on the server and in the page."""
        return self._clock()

    @property
    def down(self) -> bool:
        return self.error is not None

    def tile(self, table_id: str) -> Tile | None:
        return self._tiles.get(table_id)

    def summary(self) -> FloorSummary:
        return FloorSummary.of(self.tiles())

    def changed_since(self, version: int) -> tuple[int, list[Tile]]:
        """The tiles changed after ``version``, and the version they bring the reader to."""
        with self._lock:
            return self._version, sorted((t for t in self._tiles.values() if t.version > version),
                                         key=lambda t: t.sort_key)

    def jackpot_history(self, table_id: str) -> list[dict[str, Any]]:
        with self._lock:
            table = self._tables.get(table_id)
            return [] if table is None else table.ledger.hits(25)

    def jackpot_summary(self, table_id: str) -> dict[str, Any] | None:
        """The table's progressive (``JackpotLedger.summary``), each hit with whether it was held for
        verification (``held``: False is an award paid automatically, below the table's verify_at)."""
        with self._lock:
            table = self._tables.get(table_id)
            if table is None or (table.ledger.meter is None and not table.ledger.hits()):
                return None
            summary = table.ledger.summary() or {"history": table.ledger.hits(25)}
            for hit in summary["history"]:
                hit["held"] = table.held.get((hit["round_id"], hit["seat"]))
            return summary

    def jackpot_link(self, table_id: str) -> str | None:
        """The linked progressive the table plays on (its installed rules' ``link``), if any."""
        with self._lock:
            table = self._tables.get(table_id)
            meter = table.ledger.meter if table is not None else None
            return meter.rules.link if meter is not None else None

    def alarm_items(self) -> list[AlarmItem]:
        """Every alarm and the steps taken on it, the open ones first (as of the last wake)."""
        return list(self._alarm_items)

    def set_audit_alarms(self, by_table: Mapping[str, tuple[str, ...]]) -> None:
        """The shuffle audit's alarms by table (``shuffle_watch``, from its thread): the tiles that change
        are redrawn at the live floor's next refresh."""
        with self._lock:  # the tiles' words are the alarms' titles, which ``_read_alarms`` writes: only mark them
            before = self._audit_reasons
            after = dict(by_table)
            self._audit_changed |= {t for t in set(before) | set(after) if before.get(t) != after.get(t)}
            self._audit_reasons = after

    def shift_row(self, table_id: str) -> ReportRow | None:
        """The table's shift report row (its figures since the start of this shift)."""
        return self._results.get(table_id)

    # ------------------------------------------------------------------ the thread

    def start(self) -> FloorLive:
        self._thread = threading.Thread(target=self._run, name="pit-floor-live", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5.0)

    def _run(self) -> None:
        backoff = 0.5
        while not self._stop.is_set():
            try:
                with connect(self.url, autocommit=True, **self._kwargs) as listener, \
                        connect(self.url, autocommit=True, **self._kwargs) as conn:
                    listener.execute("LISTEN floor_changed")
                    self._refresh(conn, initial=not self.ready.is_set())
                    self.ready.set()
                    self._set_error(None)
                    backoff = 0.25
                    while not self._stop.is_set():
                        self._wait(listener)
                        self._refresh(conn)
            except (psycopg.Error, DealerStationError) as exc:
                if self.error is None:
                    log.warning("floor_unreachable", error=one_line(exc))
                self._set_error(floor_trouble(exc))
                self._stop.wait(backoff)
                backoff = min(backoff * 2, RECONNECT_MAX)
            except Exception as exc:  # a defect must not end the live view silently: say so, and go on
                log.exception("floor_live_failed", error=clipped(str(exc), 200))
                self._set_error("The live floor failed (the server's log says why).")
                self._stop.wait(backoff)
                backoff = min(backoff * 2, RECONNECT_MAX)

    def _set_error(self, error: str | None) -> None:
        if error == self.error:
            return
        if error is None:
            log.info("floor_reachable_again", down_since=self.down_since.isoformat() if self.down_since else None)
        self.down_since = None if error is None else (self.down_since or datetime.fromtimestamp(self._clock(), UTC))
        self.error = error
        self.status_version += 1

    def _wait(self, listener: psycopg.Connection[Any]) -> None:
        """Until a notification (then the rest already queued) or ``poll`` seconds."""
        got = list(listener.notifies(timeout=self.poll, stop_after=1))
        if got:
            list(listener.notifies(timeout=0.02))

    def _refresh(self, conn: psycopg.Connection[Any], initial: bool = False) -> None:
        """Fold every table whose floor tail moved; pick up layout, alarms and results."""
        heard = stations(conn)
        layout = table_layout(conn)
        changed: set[str] = set()
        if layout != self._layout:
            changed |= set(layout) ^ set(self._layout) | {t for t in layout if layout[t] != self._layout.get(t)}
            self._layout = layout
        with self._lock:
            changed |= self._audit_changed
            self._audit_changed = set()
        changed |= self._read_alarms(conn)
        changed |= self._read_links(conn)
        for station in heard:
            table = self._tables.get(station.table_id)
            if table is None:
                table = _Table(station.table_id, TableState(station.table_id))
                fold(table, state_events(conn, station.table_id))
                self._tables[station.table_id] = table
                changed.add(station.table_id)
            if station.last_ingest != table.heard_at:
                table.heard_at = station.last_ingest
                changed.add(station.table_id)
            while table.last_seq < station.last_seq:
                batch = events_after(conn, station.table_id, table.last_seq)
                if not batch:
                    break
                fold(table, batch)
                changed.add(station.table_id)
        self._pending_results |= {t for t in changed if t in self._tables}
        shift = shift_start(datetime.fromtimestamp(self._clock(), UTC), self.tz, self.shifts)
        if shift != self._shift:  # a new shift: every table's result starts again
            self._shift = shift
            self._pending_results |= set(self._tables)
        now = time.monotonic()
        if self._pending_results and (initial or now - self._results_at >= self.results_every):
            self._compute_results(conn, sorted(self._pending_results))
            changed |= self._pending_results
            self._pending_results = set()
            self._results_at = now
        changed |= self._turned_stale()
        if changed:
            self._publish(changed)
        self.read_at = datetime.fromtimestamp(self._clock(), UTC)

    def _read_alarms(self, conn: psycopg.Connection[Any]) -> set[str]:
        """Every alarm and its steps; the tables whose open alarms changed."""
        raised = floor_alarms(conn)
        audits = self.shuffle_audits() if self.shuffle_audits is not None else None
        items = collect(raised, audits, steps_of(conn, keys_of(raised, audits)))
        counts: dict[str, int] = {}
        titles: dict[str, tuple[str, ...]] = {}
        anchors: dict[str, tuple[str, ...]] = {}
        for item in items:
            if item.resolved:
                continue
            for table_id in item.tables:
                if item.kind == "shuffle":
                    titles[table_id] = (*titles.get(table_id, ()), str(item.title().unescape()))
                else:
                    counts[table_id] = counts.get(table_id, 0) + 1
                anchors[table_id] = (*anchors.get(table_id, ()), item.anchor)
        changed = {t for t in set(counts) | set(self._alarms) if counts.get(t) != self._alarms.get(t)}
        changed |= {t for t in set(titles) | set(self._audit_alarms) if titles.get(t) != self._audit_alarms.get(t)}
        changed |= {t for t in set(anchors) | set(self._anchors) if anchors.get(t) != self._anchors.get(t)}
        self._alarms, self._audit_alarms, self._anchors = counts, titles, anchors
        before = [(i.key, i.state, i.last_seen_at, len(i.steps)) for i in self._alarm_items]
        if [(i.key, i.state, i.last_seen_at, len(i.steps)) for i in items] != before:
            self._alarm_items = items
            self.alarms_version += 1
        return changed

    def _read_links(self, conn: psycopg.Connection[Any]) -> set[str]:
        """Each link's shared meter now (another member's play moves it: this table's tile shows it too);
        the linked tables whose link's meter moved."""
        links = {link: Decimal(meter) for link, meter in conn.execute(
            "SELECT link, state->>'meter' FROM floor.jackpot_links")}
        moved = {link for link in set(links) | set(self._links) if links.get(link) != self._links.get(link)}
        self._links = links
        return {t for t, table in self._tables.items() if table.ledger.meter is not None
                and table.ledger.meter.rules.link in moved} if moved else set()

    def _stale(self, table: _Table) -> bool:
        if table.heard_at is None:
            return True
        rnd = table.state.round
        limit = self.stale_between if rnd is None or rnd.phase in BETWEEN_ROUNDS else self.stale_open
        return self._clock() - table.heard_at.timestamp() > limit

    def _turned_stale(self) -> set[str]:
        """Tables whose staleness is no longer what their tile says (time passes with no event)."""
        return {t for t, table in self._tables.items()
                if t in self._tiles and self._tiles[t].stale != self._stale(table)}

    def _compute_results(self, conn: psycopg.Connection[Any], tables: list[str]) -> None:
        assert self._shift is not None
        period = Period(self._shift, None, self.tz, self.shifts)
        data = report_data(conn, period, tables, with_stakes=False)
        rows = {r.table: r for r in build_rows(data, ("table",), lambda game, paytables: None)}
        for table_id in tables:
            row = rows.get(table_id)
            if row is None:
                self._results.pop(table_id, None)
            else:
                self._results[table_id] = row
        self._games.update(data.table_games)

    def _publish(self, changed: set[str]) -> None:
        with self._lock:
            self._version += 1
            for table_id in changed:
                table = self._tables.get(table_id)
                if table is None:
                    continue
                try:
                    self._tiles[table_id] = self._tile(table, self._version)
                except Exception as exc:  # one table's tile must not hide the others'
                    table.problems = [*table.problems, f"tile not drawn: {clipped(str(exc), 200)}"][-PROBLEMS_KEPT:]
                    log.exception("tile_failed", table_id=table_id)

    # ------------------------------------------------------------------ tiles

    def _tile(self, table: _Table, version: int) -> Tile:
        state = table.state
        rnd = state.round
        place = self._layout.get(table.table_id)
        result = self._results.get(table.table_id)
        faults_by = result.faults_by if result is not None else {}
        devices = tuple(
            DeviceTile(d.name, d.connected, parse_at(d.last_seen) if d.last_seen else None, d.status,
                       sum(n for key, n in faults_by.items() if key.split("/", 1)[0] == d.name), device_note(d, state))
            for d in sorted(state.devices.values(), key=lambda d: d.name))
        halted = rnd is not None and not rnd.finished and rnd.halt is not None
        disk_full = state.disk == "halt" and (rnd is None or rnd.finished)  # no round opens (the screen says so)
        meter = table.ledger.meter
        link = meter.rules.link if meter is not None else None
        shared = self._links.get(link) if link is not None else None
        game = (rnd.record or {}).get("game") if rnd is not None and rnd.record else None
        return Tile(
            table_id=table.table_id,
            pit=place.pit if place else UNASSIGNED,
            position=place.position if place else 0,
            game=game or self._games.get(table.table_id) or (result.game if result is not None else None),
            dealer=state.dealer,
            phase=CLOSED if rnd is None else rnd.phase,
            round_id=rnd.round_id if rnd is not None else None,
            round_number=rnd.number if rnd is not None else None,
            halted=halted or disk_full,
            halt_text=(rnd.halt.text or rnd.halt.cause) if halted and rnd is not None and rnd.halt else
            DISK_FULL if disk_full else None,
            disk=state.disk,
            devices=devices,
            result=ShiftResult.of(result),
            jackpot=format_cents(shared if shared is not None else meter.meter) if meter is not None else None,
            link=link,
            alarms=self._alarms.get(table.table_id, 0),
            last_seq=table.last_seq,
            last_event_at=parse_at(table.last_event_at) if table.last_event_at else None,
            problems=tuple(table.problems),
            version=version,
            heard_at=table.heard_at,
            stale=self._stale(table),
            stale_after=self.stale_between if rnd is None or rnd.phase in BETWEEN_ROUNDS else self.stale_open,
            audit_alarms=self._audit_alarms.get(table.table_id, ()),
            alarm_anchors=self._anchors.get(table.table_id, ()),
        )

    @property
    def shift_started(self) -> datetime | None:
        return self._shift
