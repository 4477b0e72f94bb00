"""A running table: the table session wired to real drivers, with one event pump.

Drivers deliver typed events on their own I/O threads; a single pump thread feeds them
to the session in arrival order, so the session never blocks a driver and the UI
never waits on a device. Drivers are imported lazily: ``dealer_station`` itself imports
no serial or USB library.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable, Mapping
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import structlog

from .config import TableConfig
from .disk_watch import DiskWatch
from .engine.session import TableSession
from .errors import ConfigError
from .journal import Journal, Purpose, ensure_folder
from .players.exclusion import ExclusionCache, ExclusionList, exclusions_path
from .wire import reports as rp
from .wire.roles import ROLES, Role

log = structlog.get_logger("dealer_station.station")

_STOP = object()
CLOCK_TICK = 0.5
"""Seconds without a device report after which the pump lets the round's clock act."""
EXCLUSIONS_EVERY = 30.0
"""Seconds between a station's asks for the floor's exclusion list (a listed player's seat is held within this)."""
MAX_BURST = 256
"""Reports handed to the session at once at most (one journal transaction for all of them)."""
LINGER_S = 0.002
"""How long the pump waits for the next card of a run the round awaits (a packet's cards, the flop's three over
the reader) before it commits what it has, so the run is one commit, not one each (group commit, as PostgreSQL's
``commit_delay``). Only while the round awaits more cards than the burst holds: a lone report, a status, the last
card of a reveal are never held back."""
LINGER_MAX_S = 0.010
"""The longest a burst is held back in all, however the cards keep coming."""


class FloorSlipDesk:
    """The table's ``bank.desk.SlipDesk`` on the floor: ``floor.slips.allocate_slip`` over the station's own
    connection to the floor (opened when first needed, opened again after it broke). A floor that cannot be
    reached, or that refuses the request, is ``SlipDeskUnavailable``: no slip is issued and the screen says so."""

    def __init__(self, url: str, casino: str, table_id: str) -> None:
        self.url, self.casino, self.table_id = url, casino, table_id
        self._conn: Any = None
        self._lock = threading.Lock()

    def issue(self, request: str, kind: Any, chips: Any) -> int:
        from importlib import import_module

        from .bank.desk import SlipDeskUnavailable
        from .errors import DealerStationError

        try:
            from .floor.db import connect

            allocate_slip = import_module("dealer_station.floor.slips").allocate_slip  # bank-floor's series
        except (ImportError, AttributeError) as exc:  # a floor package without the slip series: no number
            raise SlipDeskUnavailable(f"the floor's slip series is not installed ({exc})") from None
        with self._lock:
            try:
                if self._conn is None or self._conn.closed:
                    self._conn = connect(self.url, autocommit=True, connect_timeout=3)
                return int(allocate_slip(self._conn, self.casino, kind, self.table_id, request, chips))
            except DealerStationError as exc:
                self.close()
                raise SlipDeskUnavailable(exc.problem) from None
            except Exception as exc:  # the driver's own: a lost connection is an unreachable floor
                self.close()
                raise SlipDeskUnavailable(f"{type(exc).__name__}: {exc}"[:200]) from None

    def close(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            try:
                conn.close()
            except Exception:  # closing a broken connection must not hide why it broke
                log.warning("slip_desk_close_failed", table_id=self.table_id)


class Station:
    """TableSession + its devices (shoe, reader, reading shoe, bet sensor) for one table."""

    def __init__(
        self,
        table: TableConfig,
        *,
        journal_path: str | Path | None = None,
        drivers: Mapping[Role, Any] | None = None,
        credentials: Any = None,
        program: dict[str, Any] | None = None,
        purpose: Purpose = "live",
        floor_url: str | None = None,
        enrol_simulated: bool = False,
        link: Any = None,
        vouch_simulators: bool = True,
        slip_desk: Any = None,
        exclusions_every: float = EXCLUSIONS_EVERY,
    ) -> None:
        self.table = table
        self.journal_path = Path(journal_path or table.journal)
        self.drivers: dict[Role, Any] = dict(drivers or {})
        """The table's device drivers by role (``wire.roles``): those given, else the profile's ``[devices]``
        URLs opened through ``drivers.registry``. Every report they make reaches ``session.report``."""
        self.credentials = credentials
        self.program = program
        self.purpose: Purpose = purpose
        """What the journal is for (``live``, ``demo``, ``simulation``): a journal of another is refused."""
        self._events: queue.Queue[Any] = queue.Queue()
        self._pump: threading.Thread | None = None
        self.journal: Journal | None = None
        self.session: TableSession | None = None
        self.floor_url = floor_url if floor_url is not None else (
            table.floor.url if table.floor and purpose == "live" else None)
        """Where the journal is forwarded: ``floor_url`` when given; else the profile's floor, for a live
        journal only - a demo or simulation journal never reaches the casino's floor by default."""
        self.forwarder: Any = None  # dealer_station.floor.forwarder.Forwarder when the table names a floor
        self.enrol_simulated = enrol_simulated and purpose == "simulation"
        """``simulate``: its simulated units' keys go into the simulation journal's own devices file and
        their program images are approved, so they authenticate as enrolled, approved units would."""
        self.vouch_simulators = vouch_simulators and not self.enrol_simulated
        """A table that authenticates its devices checks its own in-process simulators (``sim://``) with their
        own keys, in memory, nothing written (a simulation enrols them in its journal's devices file instead):
        a simulated table proves its units as a live one would, and no simulated key reaches a live journal.
        Their programs must still be the profile's approved ones."""
        self.approved: dict[str, list[bytes]] = {}
        """Model -> approved program images (the profile's ``devices.approved``), read at start."""
        self.authenticator: Any = None
        """What the drivers check a device's answer with (``device_keys.LiveVerifier``), when the table authenticates."""
        self.link: Any = link
        """A linked progressive's member: its link to the controller (``floor.link.FloorLink`` over ``floor_url``,
        or the one given), handed to the session as a service."""
        self.desk: Any = slip_desk if slip_desk is not None else self.open_desk()
        """Where the table bank's slips get their numbers (``bank.desk.SlipDesk``): the floor's series
        (``FloorSlipDesk``) when the table has a [bank] and a floor; a demo's own numbers (``InProcessDesk``)
        with no floor; none for a live table cut off from any floor (its fills and credits are refused)."""
        self.exclusions_every = exclusions_every
        """A table with a floor asks it for the exclusion list this often (``watch_exclusions``)."""
        self._stopping = threading.Event()
        self._watcher: threading.Thread | None = None
        self.disk_watch: DiskWatch | None = None
        """The journal's disk against the profile's ``[disk]`` thresholds (``disk_watch.py``), from ``start``."""
        self._archiving: threading.Thread | None = None
        self._archived_day: date | None = None
        """The gaming day the last archiving pass ran in (one a day, at the first idle tick of the day)."""
        self.heartbeat: Callable[[], object] | None = None
        """Called by the event pump at each clock tick, after the session's (systemd's watchdog, ``sd_notify``):
        a pump that hangs stops calling it."""

    # -- life cycle -------------------------------------------------------------

    def start(self) -> TableSession:
        """Open the journal, recover the table, connect devices, start the pump."""
        from .device_keys import approved_programs, device_keys_path
        from .private_files import check_private

        devices = self.table.devices
        check_devices(self.table)  # before the journal: a device URL typo is refused with nothing written
        # Before the journal: a live table approving no program by oversight, a broken approved-program entry,
        # or a key file others may read, is refused with nothing written.
        if self.purpose == "live" and (refusal := devices.live_refusal()) is not None:
            raise ConfigError(refusal, "devices.approved")
        self.approved = approved_programs(devices.approved, devices.programs)
        if devices.authenticating or self.enrol_simulated:
            check_private(device_keys_path(self.journal_path))
        self.link = self.open_link()  # before the journal: a member whose rules differ is refused, nothing written
        self.journal = Journal(ensure_folder(self.journal_path), table_id=self.table.table_id, purpose=self.purpose,
                               game=self.table.game, archive=self.table.archive.folder)
        if hasattr(self.link, "journal_seq"):  # the controller checks a round against the journal it holds
            journal = self.journal
            self.link.journal_seq = lambda: journal.last_seq
        bind = getattr(self.credentials, "bind", None)
        if bind is not None:  # credentials of this journal only (a leftover demo's or simulation's is refused)
            try:
                bind(self.journal)
            except BaseException:
                self.journal.close()
                self.journal = None
                raise
        self.build_drivers()
        self.exclusions = ExclusionCache(exclusions_path(self.journal_path))
        """The last exclusion list the floor sent, kept beside the journal: card in refuses who is on it."""
        log.info("exclusion_list", since=self.exclusions.since(), players=len(self.exclusions.current().players))
        self.session = TableSession(self.table, self.journal, shoe=self.drivers.get(Role.SHUFFLER),
                                    roles=self.drivers.keys(), credentials=self.credentials,
                                    services=tuple(s for s in (self.link, self.desk, self.exclusions) if s is not None))
        self.session.start(self.program)
        self.disk_watch = DiskWatch.for_journal(self.journal_path, self.table.disk.warn_rounds,
                                                self.table.disk.halt_rounds, reusable=self.journal.reusable_bytes)
        self.watch_disk()  # before any device: a table that starts on a full disk opens no round
        self._expect_units()  # before any port opens: another unit than the journal's is a swap
        self.session.add_listener(self._units_accepted)
        if self.floor_url:  # ships the journal to the floor in the background; never blocks the table
            from .floor.forwarder import Forwarder

            self.forwarder = Forwarder(self.journal, self.floor_url, self.table.table_id).start()
            self.session.add_listener(lambda _session: self.forwarder.notify())
            self._watcher = threading.Thread(target=self.watch_exclusions, name="station-exclusions", daemon=True)
            self._watcher.start()
        self._pump = threading.Thread(target=self._run_pump, name="station-pump", daemon=True)
        self._pump.start()
        for role, device in self.drivers.items():
            device.on_event = self._events.put
            self._open_device(role, device)
        self.session.devices_ready()
        return self.session

    def build_drivers(self) -> None:
        """The profile's devices' drivers (not open yet), each asked to prove who it is when the table says so, with
        the journal's enrolled keys and ``approved`` (``dealer-station doctor`` builds them the same way)."""
        from .device_keys import DeviceKeys, device_keys_path

        devices = self.table.devices
        if devices.authenticating or self.enrol_simulated:
            self.authenticator = DeviceKeys(device_keys_path(self.journal_path)).authenticator(self.approved)
        for role in Role:
            urls = devices.urls(role.value)
            if role in self.drivers or not urls:
                continue
            if len(urls) == 1:
                self.drivers[role] = self.build_driver(role, urls[0])
            else:  # a role that may have several (``RoleSpec.several``): one driver entry, each member at its place
                from drivers.group import DeviceGroup

                self.drivers[role] = DeviceGroup(role.value, [(url, self.build_driver(role, url)) for url in urls])
        if self.enrol_simulated:
            self._enrol_simulators(DeviceKeys(device_keys_path(self.journal_path)))
        elif self.vouch_simulators:
            self._vouch_for_simulators()

    def open_link(self) -> Any:
        """The link to the controller of the progressive the table's profile names, joined (None: not linked).

        Without a floor the linked table plays on with its Pool closed (``games.thb.pool_open``).
        """
        if self.link is not None:
            return self.link
        from .jackpot import JackpotRules

        jackpot = getattr(getattr(self.table, "options", None), "jackpot", None)  # a game's meter rules, if any
        if not isinstance(jackpot, JackpotRules) or jackpot.link is None:
            return None
        if not self.floor_url:
            log.warning("link_without_floor", table_id=self.table.table_id, link=jackpot.link)
            return None
        from .floor.link import FloorLink
        from .games.thb import link_terms  # the one game with a Pool to link

        return FloorLink(self.floor_url, link_terms(self.table), self.table.table_id).start()

    def open_desk(self) -> Any:
        """The slip desk this table's bank uses (see ``desk``), or None."""
        bank = self.table.bank
        if bank is None:
            return None
        if self.floor_url:
            return FloorSlipDesk(self.floor_url, bank.casino, self.table.table_id)
        if self.purpose == "demo":
            from .bank.desk import InProcessDesk

            return InProcessDesk()
        return None

    def refresh_exclusions(self, fetch: Callable[[], ExclusionList]) -> list[int]:
        """Ask the floor for its exclusion list (``fetch``: ``floor.exclusions.fetch_exclusions`` over the floor's
        connection). Received: kept beside the journal and in force at once, and a seat whose player is now on
        it is held (returned). The floor out of reach: the last list stays in force, and the log says since when."""
        try:
            received = fetch()
        except Exception as exc:  # the floor is down or refuses: the table goes on with the last list
            log.warning("exclusion_list_stale", since=self.exclusions.since(), error=type(exc).__name__)
            return []
        self.exclusions.update(received)
        log.info("exclusion_list", since=self.exclusions.since(), players=len(received.players))
        if self.session is None:
            return []
        held: list[int] = self.session.execute("hold_excluded")
        return held

    def watch_exclusions(self) -> None:
        """Ask the floor for its exclusion list at start and every ``exclusions_every`` seconds until the station
        stops (``refresh_exclusions``: a seat whose player is newly listed is held at once)."""
        from .floor.exclusions import fetch_from

        url = self.floor_url
        assert url
        while not self._stopping.is_set():
            try:
                self.refresh_exclusions(lambda: fetch_from(url))
            except Exception:  # a table that cannot hold a seat now (its journal unwritable) holds it at the next ask
                log.exception("exclusion_hold_failed", table_id=self.table.table_id)
            self._stopping.wait(self.exclusions_every)

    def authenticates(self, role: str) -> bool:
        """Whether the device in ``role`` must prove who it is at connect (profile, or a simulation's units;
        ``wire.roles``: a role the table does not ask, the bet sensor, never is)."""
        return (self.authenticator is not None and ROLES[Role(role)].proves
                and role not in self.table.devices.allow_unauthenticated)

    def auth_options(self, role: str) -> dict[str, Any]:
        """The driver options that make the device in ``role`` prove who it is (none if it need not)."""
        return {"authenticator": self.authenticator} if self.authenticates(role) else {}

    def build_driver(self, role: Role, url: str) -> Any:
        """The driver of ``role`` at ``url`` (not open yet), asked to authenticate its device when the
        table says so; a dialect that cannot (a receive-only shoe) is one line naming the exception to add."""
        from drivers.registry import open_device

        try:
            return open_device(role, url, open=False, link_timeout=self.table.devices.link_timeout,
                               **self.auth_options(role))
        except ConfigError as exc:
            if self.authenticates(role) and "authenticator" in str(exc):
                raise ConfigError(f"the {role} at {url} cannot prove who it is: add \"{role}\" to "
                                  "devices.allow_unauthenticated to run it unauthenticated", "devices") from None
            raise

    def _open_device(self, role: str, device: Any) -> None:
        """Open a driver; one that must authenticate may be refused at start: that is reported
        (journaled, the table halted for it), not a station that fails to start."""
        if not self.authenticates(role):
            device.open()
            return
        from drivers.base import DeviceError

        device.open(wait=False)
        link = device.link
        deadline = time.monotonic() + link.link_timeout
        while time.monotonic() < deadline and not device.connected:
            if (link.last_refused or "").startswith("device refused"):
                return
            time.sleep(0.01)
        if not device.connected:
            device.close()
            not_up = getattr(device, "not_up", None)
            raise not_up() if not_up is not None else DeviceError(f"{role} did not answer within {link.link_timeout:g} s")

    def _enrol_simulators(self, keys: Any) -> None:
        """Enrol each simulated unit (its serial and key) and approve its program, before it connects."""
        enrolled = {d.serial_number for d in keys.devices()}
        for role, driver in self.drivers.items():
            sim = getattr(driver, "simulator", None)
            if sim is None or not self.authenticates(role) or not hasattr(sim, "key"):
                continue
            if sim.serial_number not in enrolled:
                keys.enrol(sim.model, sim.serial_number, sim.key)
            images = self.approved.setdefault(sim.model, [])
            if sim.program not in images:
                images.append(sim.program)

    def _remembers(self, role: Role) -> Any:
        """The dialect that must refuse another unit on ``role``'s port (None: no such check here): a device
        asked to prove itself, not one of the station's own simulators (their serials follow their seeds)."""
        driver = self.drivers.get(role)
        dialect = getattr(driver, "dialect", None)
        if driver is None or not callable(getattr(dialect, "expect", None)) or not self.authenticates(role):
            return None
        if getattr(driver, "simulator", None) is not None and (self.vouch_simulators or self.enrol_simulated):
            return None
        return dialect

    def _expect_units(self) -> None:
        """Tell each driver the unit the journal says stands on its port (a swap while the station was off is
        then refused as one while it runs: ``device_refused``, reason ``swap``, until a supervisor accepts it)."""
        assert self.session is not None
        state = self.session.view().state
        for role in self.drivers:
            unit = state.device(role.value).unit
            dialect = self._remembers(role)
            if dialect is not None and unit and unit.get("serial_number"):
                dialect.expect(str(unit["serial_number"]), str(unit.get("key_id") or ""))

    def _units_accepted(self, snapshot: Any) -> None:
        """A supervisor accepted the unit held refused on a port (``device_accepted``): its driver takes it."""
        for record in snapshot.records:
            if record.kind != "device_accepted":
                continue
            try:
                role = Role(record.payload["device"])
            except (KeyError, ValueError):
                continue
            dialect = self._remembers(role)
            if dialect is not None:
                dialect.expect(str(record.payload.get("serial_number", "")))

    def _vouch_for_simulators(self) -> None:
        """Each in-process simulator that must prove itself is checked with its own key (its driver's own
        verifier: no other port accepts it) against the profile's approved programs; nothing is written."""
        from .wire.auth import Verifier

        for role, driver in self.drivers.items():
            sim = getattr(driver, "simulator", None)
            dialect = getattr(driver, "dialect", None)
            if sim is None or not self.authenticates(role) or not hasattr(sim, "key") or dialect is None:
                continue
            dialect.authenticator = Verifier({sim.serial_number: (sim.model, sim.key)}, self.approved)

    @property
    def shoe(self) -> Any:
        """The shuffler's driver (None: the table has none)."""
        return self.drivers.get(Role.SHUFFLER)

    def simulator(self, device: str) -> Any:
        """The in-process simulator behind a ``sim://`` device (None for real hardware)."""
        return getattr(self.drivers.get(Role(device)), "simulator", None)

    def last_heard(self, device: str) -> float | None:
        """When the device last answered (heartbeat or any frame), wall-clock seconds."""
        return getattr(self.drivers.get(Role(device)), "last_heard", None)

    @property
    def present_card(self) -> Any:
        """``present(card)`` on the simulated reader (the dealer passing a card), or None."""
        sim = self.simulator("reader")
        return None if sim is None else sim.present

    def stop(self) -> None:
        self._stopping.set()
        if self._watcher is not None:
            self._watcher.join(timeout=5)
            self._watcher = None
        for device in self.drivers.values():
            try:
                device.close()
            except Exception:  # closing must go on for the rest
                log.exception("device_close_failed")
        if self._pump is not None:
            self._events.put(_STOP)
            self._pump.join(timeout=5)
            self._pump = None
        if self._archiving is not None:
            self._archiving.join(30.0)  # a pass in progress finishes its transaction before the journal closes
        if self.forwarder is not None:
            self.forwarder.wait_acknowledged(1.0)  # a short grace for the last records; the next start resumes
            self.forwarder.stop()
            self.forwarder = None
        if self.journal is not None:
            self.journal.close()
        stop_link = getattr(self.link, "stop", None)
        if callable(stop_link):
            stop_link()
        if isinstance(self.desk, FloorSlipDesk):
            self.desk.close()

    def __enter__(self) -> Station:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- pump ---------------------------------------------------------------------

    def _run_pump(self) -> None:
        next_tick = time.monotonic() + CLOCK_TICK
        while True:
            try:
                event = self._events.get(timeout=max(0.0, next_tick - time.monotonic()))
            except queue.Empty:
                event = None
            if time.monotonic() >= next_tick:
                self._tick()
                next_tick = time.monotonic() + CLOCK_TICK
            if event is None:
                continue
            burst = self._gather(event)
            stop = burst[-1] is _STOP
            reports = [e for e in burst if not isinstance(e, _Marker) and e is not _STOP]
            if reports and self.session is not None:
                self.session.report(*reports)  # never raises: a report the table cannot handle halts it visibly
            for marker in burst:
                if isinstance(marker, _Marker):
                    marker.done.set()
            if stop:
                return

    def _gather(self, first: Any) -> list[Any]:
        """``first`` and what arrived meanwhile (a packet's cards while the last commit was fsynced), and, while
        the round awaits more cards than that holds, what arrives within ``LINGER_S`` of the last: one burst."""
        burst = [first]
        deadline = time.monotonic() + LINGER_MAX_S
        while len(burst) < MAX_BURST and not (isinstance(burst[-1], _Marker) or burst[-1] is _STOP):
            try:
                burst.append(self._events.get_nowait())
                continue
            except queue.Empty:
                pass
            left = deadline - time.monotonic()
            if left <= 0 or not self._awaits_more(burst):
                break
            try:
                burst.append(self._events.get(timeout=min(LINGER_S, left)))
            except queue.Empty:
                break
        return burst

    def _awaits_more(self, burst: list[Any]) -> bool:
        """Whether the round awaits more of a run of reports than ``burst`` holds: the cards it is due (a shoe says
        it is dealing just before its first card: that status waits for them too), or the check of a deck the
        shoe said it is shuffling."""
        if self.session is None:
            return False
        statuses = {e.state for e in burst if isinstance(e, rp.DeviceStatus)}
        if "shuffling" in statuses and self.session.view().deck_due():
            return not any(isinstance(e, rp.DeckVerified) for e in burst)
        cards = sum(1 for e in burst if isinstance(e, rp.CardDispensed | rp.CardRead))
        return (cards > 0 or "dealing" in statuses) and cards < self.session.view().cards_due()

    def _tick(self) -> None:
        """Time passes with no report: a time limit of the round (poker's action clock) may act, the disk watch
        looks at the journal's disk, and a gaming day that closed is archived."""
        if self.session is None:
            return
        try:
            self.session.tick()
        except Exception:  # a clock that cannot act now acts on a later tick
            log.exception("clock_check_failed", table_id=self.table.table_id)
        self.watch_disk()
        self._archive_when_due()
        if self.heartbeat is not None:
            self.heartbeat()

    def watch_disk(self) -> None:
        """A threshold of the disk watch crossed: reported to the session, which journals it (never raises). The
        pump calls it at every clock tick."""
        if self.session is None or self.disk_watch is None:
            return
        report = self.disk_watch.check(self.session.view().state.disk)
        if report is not None:
            self.session.report(report)

    def _archive_when_due(self, now: datetime | None = None) -> threading.Thread | None:
        """Once a gaming day, between rounds, archive what the floor holds of the days before (``archive.py``) on
        a thread of its own: the table plays on meanwhile. A table with no floor never archives."""
        if self.session is None or self.forwarder is None or self.journal is None or self._archiving is not None \
                and self._archiving.is_alive():
            return None
        from .archive import day_of

        local = (now or datetime.now().astimezone())
        day = day_of(local.tzinfo or UTC, self.table.shifts[0])(local.astimezone(UTC).isoformat())
        rnd = self.session.view().round
        if day == self._archived_day or (rnd is not None and not rnd.finished):
            return None
        self._archived_day = day
        self._archiving = threading.Thread(target=self.archive, args=(day,), name="journal-archive", daemon=True)
        self._archiving.start()
        return self._archiving

    def archive(self, today: date) -> Any:
        """One archiving pass (``archive.archive_journal``) into the profile's archive folder, logged; a failure is
        logged and left for the next day (the journal keeps its records: nothing is lost)."""
        from .archive import archive_journal, day_of
        from .errors import DealerStationError
        from .folders import make_folder

        assert self.journal is not None and self.forwarder is not None
        forwarder, settings = self.forwarder, self.table.archive
        try:
            folder = make_folder(settings.folder, "archive.folder")
            return archive_journal(self.journal, folder, lambda: int(forwarder.status().acked_seq),
                                   day=day_of(datetime.now().astimezone().tzinfo or UTC, self.table.shifts[0]),
                                   today=today, keep_days=settings.keep_days, max_records=settings.max_records,
                                   ship=lambda: forwarder.wait_acknowledged(30.0))
        except DealerStationError as exc:
            log.error("journal_archive_failed", table_id=self.table.table_id, error=exc.problem)
        except Exception:  # the table plays on; the next day's pass tries again
            log.exception("journal_archive_failed", table_id=self.table.table_id)
        return None

    def drain(self, timeout: float = 5.0) -> bool:
        """Wait until every event received so far was handled (tests, headless runs)."""
        done = threading.Event()
        self._events.put(_Marker(done))
        return done.wait(timeout)


class _Marker:
    def __init__(self, done: threading.Event) -> None:
        self.done = done


def check_devices(table: TableConfig, source: str | None = None) -> None:
    """Refuse in one line a profile whose device URL no driver of its role takes (a misspelt scheme, a
    simulator twin of another name, a parameter the driver does not take: ``drivers.registry.check_url``), or
    whose ``several`` role's devices put one at a seat the table does not have or two at one place (a seat, or the
    table),
    naming the profile (``source``) and the key; what ``run``, ``simulate`` and ``Station.start`` check
    before anything is created."""
    from drivers.group import seat_of_url
    from drivers.registry import check_url

    prefix = f"{source}: " if source else ""
    for role in Role:
        urls = table.devices.urls(role.value)
        if len(urls) > 1 and not ROLES[role].several:
            raise ConfigError(f"a table has one {role.value}", f"{prefix}devices.{role.value}")
        places: dict[int | None, str] = {}
        for url in urls:
            try:
                check_url(role.value, url)
                seat = seat_of_url(url) if ROLES[role].several else None
            except ConfigError as exc:
                raise ConfigError(exc.problem, f"{prefix}devices.{role.value}") from None
            if seat is not None and seat > table.seats:
                raise ConfigError(f"{url}: seat {seat}, and the table has {table.seats} seats",
                                  f"{prefix}devices.{role.value}")
            if seat in places:
                where = "the table" if seat is None else f"seat {seat}"
                raise ConfigError(f"two devices at {where}: {places[seat]} and {url}", f"{prefix}devices.{role.value}")
            places[seat] = url
