"""Table scripts: a session driven through rounds by name, as the croupier and the players would.

What the screen's scenes (``ui/scenes.py``), the screenshots and the screen's tests play on a
real session, with no Qt: a started session on the scripted in-process shoe of the session
tests, so the cards are always the same (``scripted_table``, its decks and its throwaway
supervisor ``BADGE``/``PIN``); bets, decisions, seating and poker actions by command
(``place_bets``, ``play_decisions``, ``seat_players``, ``poker_actions``, ``show_down``,
``stacked`` decks); and a table with a bet sensor's chips on the layout (``SensedLayout``).
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

from ..engine import TableSession
from ..games import BankingGame
from ..games.thb import ThbTableConfig
from ..journal import Journal
from ..profile_loader import load_profile
from ..supervisor import CredentialStore
from ..view.sensing import sensed_settlement
from ..wire import reports as rp
from ..wire.reports import AntennaFault, AntennaRead, ChipInventory
from ..wire.roles import Role
from .sensed_play import ChipRack

BADGE, PIN = "0000", "1234"  # a throwaway credential store in a temporary folder
PROGRAM = {"version": "scenes", "sha256": "0" * 64, "files": 0}


class Unhandled(rp.CardRead):
    """A report kind no handler knows: what a station that cannot handle a report does (an internal halt)."""


def scripted_identity(model: str, serial_number: str = "", authenticated: bool = False) -> rp.DeviceIdentity:
    """What a scripted device says it is when its link comes up (``authenticated``: it stands for a unit
    that proved itself, as the simulated shoe and reader do on a table that approves their programs)."""
    return rp.DeviceIdentity(model=model, serial_number=serial_number, firmware="", protocol_version=1,
                             authenticated=authenticated)

UTH_DECK = ["2c", "7d", "Jh", "Js", "Qs", "As", "Ac", "Kd", "Qh", "8d", "3h", "Kc", "7c", "9s", "9d",
            "Th", "4c", "5d", "6s", "Ad", "Kh", "2h", "3s"]
"""Board 2c 7d Jh Js Qs; seat 1 As Ac, seat 2 Kd Qh, ... (shoe order: board, seats, dealer)."""
THB_DECK = ["7h", "6h", "5h", "2c", "Jd", "9h", "8h", "As", "Ks", "Qd", "Qs", "4c", "4d", "Tc", "9c",
            "2s", "3s", "Qc", "3d"]
"""Board 7h 6h 5h 2c Jd; seat 1 9h 8h (a straight flush on the flop: a Pool hit held for
verification), seat 2 As Ks (Bonus 25:1), seats 3-6, dealer Qc 3d."""


@dataclass
class ScriptedTable:
    """A session on the scripted shoe (or dealt by hand), and the journals and folder it writes."""

    session: TableSession
    shoe: Any
    folder: Path
    journals: list[Journal] = field(default_factory=list)


def scripted_table(profile: str, folder: Path | None = None, *, deck: list[str] | None = None,
                   roles: tuple[Role, ...] = (), services: tuple[object, ...] = ()) -> ScriptedTable:
    """A started session of ``profile`` on the scripted shoe loaded with ``deck`` (a hand-deal profile:
    no shoe), with a throwaway credential store (``BADGE``/``PIN``) and journal in ``folder``, and ``services``
    (an exclusion list, say) besides its own."""
    from simulators.scripted_shoe import ScriptedShoe  # the same in-process shoe the session tests use

    folder = folder or Path(tempfile.mkdtemp(prefix="scenes-"))
    table = load_profile(profile)
    credentials = CredentialStore(folder / f"{table.table_id}-{profile}.credentials.json")
    if not credentials.badges():
        credentials.add(BADGE, PIN)
    journal = Journal(folder / f"{profile}-{len(list(folder.glob('*.sqlite')))}.sqlite", table_id=table.table_id)
    shoe = None
    if table.deal_mode == "shuffler":
        shoe = ScriptedShoe()
        shoe.load(deck or (THB_DECK if table.game == "holdem_bonus" else UTH_DECK))
    from ..bank.desk import InProcessDesk  # a scripted table numbers its own slips: it is never the casino's

    session = TableSession(table, journal, shoe=shoe, roles=roles, credentials=credentials,
                           services=(*services, *((InProcessDesk(),) if table.bank is not None else ())))
    if shoe is not None:
        shoe.session = session
    session.start(PROGRAM)
    if shoe is not None:
        shoe.connect()
    if Role.READER in roles:
        session.report(rp.LinkUp(device=Role.READER, identity=scripted_identity(
            "DS-SCRIPTED-READER", authenticated=session.view().table.devices.authenticates(Role.READER))))
    return ScriptedTable(session, shoe, folder, [journal])


def settled_seats(session: TableSession) -> list[dict[str, Any]]:
    """The settlement's seats of the round on the table (a scene asks only once it is settled)."""
    rnd = session.view().round
    assert rnd is not None and rnd.settlement is not None
    seats: list[dict[str, Any]] = rnd.settlement["seats"]
    return seats


def _bets(session: TableSession, seat: int, ante: str, extra: bool) -> dict[str, str]:
    table = session.view().table
    if session.view().game.name == "holdem_bonus":
        bets = {"ante": ante}
        if extra:
            assert isinstance(table, ThbTableConfig)
            bets.update(bonus=ante, pool=str(table.options.pool_stake))
        return bets
    bets = {"ante": ante, "blind": ante}
    if extra:
        bets["trips"] = "100"
    return bets


def place_bets(session: TableSession, seats: list[int], ante: str = "500") -> None:
    for seat in seats:
        session.execute("set_bets", seat, _bets(session, seat, ante, seat % 2 == 1 or session.view().game.name == "holdem_bonus"))


def play_decisions(session: TableSession, choose: Callable[[int, list[str]], str]) -> None:
    while session.view().seats_to_act():
        seat = session.view().seats_to_act()[0]
        session.execute("decide", seat, choose(seat, session.view().legal_actions(seat)))


# --------------------------------------------------------------------------- a table with a bet sensor


class SensedLayout:
    """The chips on the layout of a table with a bet sensor, real ids of its chip inventory, fed to
    the session as the sensor's driver delivers them (``ChipInventory`` rounds, ``AntennaFault``)."""

    def __init__(self, session: TableSession) -> None:
        snap = session.view()
        inventory = snap.table.chip_inventory
        game = snap.game
        assert inventory is not None and isinstance(game, BankingGame)
        self.session = session
        self.inventory = inventory
        self.rack = ChipRack(inventory)
        self.confirm = inventory.confirm_rounds
        self.antennas = [(seat, spot) for seat in range(1, snap.table.seats + 1) for spot in game.spots]
        self.chips: dict[tuple[int, str], list[str]] = {}
        self.down: set[tuple[int, str]] = set()
        self.number = 0

    def rack_value(self, chip: str) -> Decimal:
        known = self.inventory.chip(chip)
        return known.denomination if known is not None else Decimal(0)

    def place(self, seat: int, spot: str, amount: str | Decimal) -> None:
        self.chips.setdefault((seat, spot), []).extend(self.rack.make(Decimal(str(amount))))

    def put(self, seat: int, spot: str, chip: str) -> None:
        self.chips.setdefault((seat, spot), []).append(chip)

    def take(self, seat: int, spot: str, chips: Sequence[str] | None = None) -> list[str]:
        here = self.chips.get((seat, spot), [])
        taken = list(here) if chips is None else [c for c in here if c in chips]
        self.chips[(seat, spot)] = [c for c in here if c not in taken]
        return taken

    def make(self, seat: int, spot: str, amount: Decimal) -> None:
        """Exactly ``amount`` on the spot (the croupier's collecting and paying)."""
        self.take(seat, spot)
        if amount:
            self.place(seat, spot, amount)

    def scan(self, rounds: int | None = None) -> None:
        """Inventory rounds, enough by default for every change to count (``confirm_rounds``)."""
        for _ in range(self.confirm if rounds is None else rounds):
            self.number += 1
            reads = tuple(AntennaRead(seat=seat, spot=spot, chips=tuple(self.chips.get((seat, spot), ())))
                          for seat, spot in self.antennas if (seat, spot) not in self.down)
            self.session.report(ChipInventory(device="bet_sensor", round=self.number, antennas=reads))
            for seat, spot in sorted(self.down):
                self.session.report(AntennaFault(device="bet_sensor", round=self.number, seat=seat, spot=spot,
                                                 code="E1"))


COUNTERFEIT = "E0FF00000000C0DE"
"""A chip id the shipped inventory (config/chips-sim.csv) does not know."""


def pay(layout: SensedLayout, session: TableSession, seat: int) -> None:
    """Collect the losing spots and pay the winning ones of ``seat`` exactly."""
    for spot in sensed_settlement(session.view(), seat):
        if spot.seen != spot.due:
            layout.make(seat, spot.spot, spot.due)


# --------------------------------------------------------------------------- poker


def stacked(holes: Mapping[int, Sequence[str]], board: Sequence[str], button: int) -> list[str]:
    """The scripted shoe's order dealing ``holes`` from the seat left of ``button``, then burn + board."""
    from simulators.scripted_shoe import holdem_deck

    return holdem_deck(holes, board, button)


def seat_players(session: TableSession, stacks: Mapping[int, int]) -> None:
    for seat, chips in stacks.items():
        session.execute("seat_player", seat, str(chips))


def poker_actions(session: TableSession, actions: Sequence[tuple[object, ...]]) -> None:
    for seat, move, *to in actions:
        session.execute("act", seat, move, *to)


def show_down(session: TableSession) -> None:
    while session.view().phase == "showdown":
        session.execute("show")
