"""Several tables side by side, each with its own journal and simulators, forwarding to one floor.

Each table runs ``dealer_station.play.simulate.simulate()`` unchanged in its own thread, with
its profile's ``[floor]`` pointed at the floor: its station forwards as it plays. A floor
that cannot take journals (unreachable, never initialised) is refused before any round. When
the tables have finished, one forwarder per journal drains what its station had not shipped,
all at once, and the run ends once the floor has acknowledged every event of every journal -
or says it could not.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..config import TableConfig
from ..errors import DealerStationError, Interrupted
from ..floor.forwarder import Forwarder, ForwarderStatus
from ..floor.ingest import check_takes_journals
from .players import Lobby
from .simulate import Summary, fitted_run, simulate

ACK_TIMEOUT = 60.0
PROGRESS_EVERY = 2.0  # seconds between "waiting for the floor" lines


@dataclass
class TableRun:
    table_id: str
    journal: Path
    summary: Summary | None = None
    error: str | None = None
    floor: ForwarderStatus | None = None
    acknowledged: bool = False


def table_ids(base: str, count: int) -> list[str]:
    """``T01``..``T12``: one id per table, in order."""
    width = max(2, len(str(count)))
    return [f"{base}{i:0{width}d}" for i in range(1, count + 1)]




def planned(profiles: Sequence[TableConfig], tables: int, journal_dir: Path) -> list[tuple[TableRun, TableConfig]]:
    """Each table's run (id, journal ``DIR/<id>.sqlite``) and the profile it plays: table
    ``i`` plays ``profiles[i % len(profiles)]`` under its own id."""
    base = profiles[0].table_id.rstrip("0123456789") or "T"
    return [(TableRun(tid, journal_dir / f"{tid}.sqlite"),
             profiles[i % len(profiles)].model_copy(update={"table_id": tid}))
            for i, tid in enumerate(table_ids(base, tables))]


def acknowledge(journal: Path, floor_url: str, table_id: str, timeout: float = ACK_TIMEOUT,
                progress: Callable[[str], None] | None = None) -> tuple[bool, ForwarderStatus]:
    """Forward what is left of ``journal`` and wait until the floor holds all of it."""
    return acknowledge_all([(journal, table_id)], floor_url, timeout, progress)[0]


def acknowledge_all(journals: Sequence[tuple[Path, str]], floor_url: str, timeout: float = ACK_TIMEOUT,
                    progress: Callable[[str], None] | None = None) -> list[tuple[bool, ForwarderStatus]]:
    """Forward what is left of every journal at once and wait, side by side, until the floor holds
    all of them: at most ``timeout`` s in all, less when every journal is acknowledged, refused or
    waiting on someone (a floor without its schema). A progress line every few seconds says who waits."""
    forwarders = [Forwarder(path, floor_url, table_id).start() for path, table_id in journals]
    try:
        started = time.monotonic()
        said = started
        while True:
            statuses = [f.status() for f in forwarders]
            waiting = [s for s in statuses if s.acked_seq < s.journal_seq and not s.refused and not s.unready]
            now = time.monotonic()
            if not waiting or now - started >= timeout:
                break
            if progress is not None and now - said >= PROGRESS_EVERY:
                said = now
                first = waiting[0]
                progress(f"waiting for the floor: {len(statuses) - len(waiting)}/{len(statuses)} journals done, "
                         f"{first.table_id} acknowledged up to seq {first.acked_seq} of {first.journal_seq}"
                         f"{f' ({first.last_error})' if first.last_error else ''}, {now - started:.0f} s "
                         f"of {timeout:g} s")
            time.sleep(0.05)
        return [(s.acked_seq >= s.journal_seq, s) for s in (f.status() for f in forwarders)]
    finally:
        for forwarder in forwarders:
            forwarder.request_stop()
        for forwarder in forwarders:
            forwarder.stop()


def simulate_tables(
    profiles: Sequence[TableConfig],
    *,
    tables: int,
    rounds: int,
    seed: int,
    seats: int | None,
    faults: Mapping[str, float] | None,
    journal_dir: Path,
    floor_url: str | None,
    ack_timeout: float = ACK_TIMEOUT,
    progress: Callable[[str], None] | None = None,
    shift_rounds: int | None = None,
    players: int = 0,
) -> list[TableRun]:
    """Play ``rounds`` rounds at each of ``tables`` tables at once; wait for the floor's acknowledgements.

    Table ``i`` plays ``profiles[i % len(profiles)]`` (a mixed floor), with the seats and
    faults its game allows (``simulate.fitted_run``). With ``players`` each table seats that many scripted
    identified players, who may move to another table of the same game when their time at one is up
    (``play/players.Lobby``).
    """
    if floor_url:
        check_takes_journals(floor_url)  # unreachable or never initialised: said now, not after the rounds
    journal_dir.mkdir(parents=True, exist_ok=True)
    plan = planned(profiles, tables, journal_dir)
    runs = [run for run, _ in plan]

    played = [0] * len(runs)  # rounds each table has finished (each thread counts its own)
    lobby = Lobby([table.game for _run, table in plan], seed) if players else None

    def play(index: int, run: TableRun) -> None:
        table = plan[index][1]
        table_seats, table_faults = fitted_run(table, seats, faults)

        def one_more(_station: object) -> None:
            played[index] += 1

        try:
            run.summary = simulate(table, rounds=rounds,
                                   seed=seed + 1000 * index, seats=table_seats, faults=table_faults,
                                   journal=run.journal, progress=None, floor_url=floor_url, on_round=one_more,
                                   shift_rounds=shift_rounds, players=players, lobby=lobby, index=index)
        except DealerStationError as exc:
            run.error = str(exc)
        except Exception as exc:  # one table failing must not hide the others' results
            run.error = f"{type(exc).__name__}: {exc}"

    threads = [threading.Thread(target=play, args=(i, run), name=f"table-{run.table_id}", daemon=True)
               for i, run in enumerate(runs)]
    for thread in threads:
        thread.start()
    started = time.monotonic()
    try:
        while alive := [t for t in threads if t.is_alive()]:
            alive[0].join(1.0)
            if progress is not None:
                done = sum(1 for run in runs if run.summary is not None or run.error is not None)
                progress(f"{sum(played)}/{tables * rounds} rounds, {done}/{tables} tables finished, "
                         f"{time.monotonic() - started:.0f} s")
    except KeyboardInterrupt:  # the tables' threads end with the process, as after a kill: every round so far is kept
        raise Interrupted(f"interrupted after {sum(played)} rounds at {tables} tables; journals in {journal_dir}") \
            from None
    if floor_url:
        kept = [run for run in runs if run.journal.exists()]
        acks = acknowledge_all([(run.journal, run.table_id) for run in kept], floor_url, ack_timeout, progress)
        for run, (acknowledged, status) in zip(kept, acks, strict=True):
            run.acknowledged, run.floor = acknowledged, status
    return runs
