"""A fourth device vendor from another distribution joins through entry points only.

As ``tests/test_game_registration.py`` installs a fourth game, this writes a small vendor
package on ``sys.path`` as pip would install it (a dist-info with ``entry_points.txt``): the
"Acme RS-1" reading shoe, receive-only, one ASCII line per card drawn. It is three files the
vendor writes (``METADATA`` is the distribution's name card, not the vendor's code):

- ``acme_rs1.py``: its dialect on ``ReceiveOnlyDialect`` (the parser only) and its role class;
- ``acme_rs1_twin.py``: its simulator twin (a ``StreamingTwin`` writing the lines to a pty);
- ``entry_points.txt``: ``reading_shoe.acme`` in ``dealer_station.backends`` (the driver) and in
  ``dealer_station.simulators`` (the twin).

Nothing in ``drivers/``, ``simulators/`` or the station is edited: a profile's URL with the
``acme`` scheme opens through ``drivers.registry``, ``sim://acme`` through the ``sim://``
backend and ``simulators.registry``, and a card drawn on the twin arrives as a typed
``CardDrawn`` over a real pseudo-terminal.
"""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from dealer_station.cards import RANKS, SUITS
from dealer_station.errors import ConfigError
from drivers.events import CardDrawn, LinkUp
from drivers.registry import BACKENDS, backend_class, known_backends, open_reading_shoe
from simulators import registry

from .conftest import wait_for

DIALECT = '''
"""The Acme RS-1 reading shoe: 19200 baud, one line per card drawn, "D:<rank><suit>"."""

from typing import ClassVar

from dealer_station.cards import parse_card
from dealer_station.wire.reports import CardDrawn
from drivers.base import ReadingShoeABC
from drivers.dialect import Feed, ReceiveOnlyDialect
from drivers.link import SerialLinkedDriver


class AcmeDialect(ReceiveOnlyDialect):
    name = "acme"
    model = "Acme RS-1"
    stat_names = ("cards", "garbage_bytes")

    def take(self, buf: bytes, out: Feed) -> bytes:
        *lines, tail = buf.split(b"\\n")
        for line in lines:
            text = line.strip().decode("ascii", "replace")
            if text.startswith("D:"):
                out.received.append(CardDrawn(device=self.device, card=parse_card(text[2:]), burn=False))
                out.heard = True
                self.stats["cards"] += 1
            else:
                self.stats["garbage_bytes"] += len(line)
        return tail


class AcmeShoe(SerialLinkedDriver, ReadingShoeABC):
    dialect_class = AcmeDialect
    default_baudrate: ClassVar[int] = 19200
'''

TWIN = '''
"""The Acme RS-1's twin: writes "D:<card>" lines to a real pty when the dealer draws."""

import queue

from simulators.streaming import StreamingTwin


class AcmeTwin(StreamingTwin):
    scheme = port_name = "acme"
    kind = "reading_shoe"
    baudrate = 19200

    def __init__(self, seed=None):
        super().__init__()
        self.serial_number = f"ACME-{seed or 0}"
        self.todo = queue.Queue()

    @classmethod
    def for_url(cls, name, params):
        return cls(seed=params.pop("seed", None))

    @classmethod
    def standalone(cls, seed, delay, faults):
        return cls(seed=seed)

    def draw(self, card):
        self.todo.put(card)

    def _run(self):
        while not self._stop.is_set():
            try:
                card = self.todo.get(timeout=0.01)
            except queue.Empty:
                continue
            self._pty.write_all(f"D:{card}\\n".encode("ascii"))
'''

ENTRY_POINTS = """\
[dealer_station.backends]
reading_shoe.acme = acme_rs1:AcmeShoe

[dealer_station.simulators]
reading_shoe.acme = acme_rs1_twin:AcmeTwin
"""


@pytest.fixture
def acme(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The vendor's distribution installed on sys.path; the files it needed are under the returned folder."""
    (tmp_path / "acme_rs1.py").write_text(textwrap.dedent(DIALECT))
    (tmp_path / "acme_rs1_twin.py").write_text(textwrap.dedent(TWIN))
    info = tmp_path / "acme_rs1-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: acme-rs1\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(ENTRY_POINTS)
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        yield tmp_path
    finally:
        for name in ("acme_rs1", "acme_rs1_twin"):
            sys.modules.pop(name, None)


def card_index(face: str) -> int:
    """A card's number as the station counts them (rank-major, suits in the order of ``cards.SUITS``)."""
    return RANKS.index(face[0]) * 4 + SUITS.index(face[1])


def test_the_vendor_is_three_files_of_its_own(acme: Path) -> None:
    written = sorted(p.relative_to(acme).as_posix() for p in acme.rglob("*") if p.is_file() and p.name != "METADATA")
    assert written == ["acme_rs1-1.0.dist-info/entry_points.txt", "acme_rs1.py", "acme_rs1_twin.py"]


def test_its_scheme_and_its_twin_are_registered_only_through_entry_points(acme: Path) -> None:
    assert "acme" not in registry.TWINS["reading_shoe"] and "acme" not in BACKENDS["reading_shoe"]
    assert {"acme", "beetek"} <= set(known_backends("reading_shoe"))
    assert registry.known_twins("reading_shoe") == ["beetek", "acme"]  # built-in first: a bare sim:// stays the Bee-Tek
    assert backend_class("reading_shoe", "acme").__name__ == "AcmeShoe"
    assert registry.twin_for("reading_shoe", "acme")[1].__name__ == "AcmeTwin"
    role, name, twin = registry.find_twin("acme")  # dealer-station sim acme
    assert (role, name, twin.__name__) == ("reading_shoe", "acme", "AcmeTwin")
    with pytest.raises(ConfigError, match=r"sim://beetek or sim://acme"):
        registry.twin_for("reading_shoe", "acmee")


def test_a_profile_url_with_its_scheme_reads_cards_from_its_twin_over_a_pty(acme: Path) -> None:
    name, twin = registry.twin_for("reading_shoe", "acme")
    sim = twin.for_url(name, {"seed": 7}).start()
    try:
        assert sim.url.startswith("acme:///")  # what a profile names: acme://<port>?serial_number=...
        shoe = open_reading_shoe(sim.url + "&link_timeout=1.0")
        try:
            up = wait_for(shoe, LinkUp)
            assert (up.identity.model, up.identity.serial_number, shoe.baudrate) == ("Acme RS-1", "ACME-7", 19200)
            for face in ("Qh", "2c", "As"):
                sim.draw(face)
                drawn = wait_for(shoe, CardDrawn)
                assert (drawn.card, drawn.burn) == (card_index(face), False)
        finally:
            shoe.close()
    finally:
        sim.stop()


def test_sim_acme_starts_its_twin_with_the_real_driver_on_it(acme: Path) -> None:
    shoe = open_reading_shoe("sim://acme?seed=3&link_timeout=1.0")
    try:
        assert wait_for(shoe, LinkUp).identity.serial_number == "ACME-3"
        shoe.simulator.draw("Td")
        assert wait_for(shoe, CardDrawn).card == card_index("Td")
    finally:
        shoe.close()
    assert shoe.simulator._thread is None  # closing the driver stopped its twin
