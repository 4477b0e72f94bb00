"""An in-process shoe that deals a known card order synchronously.

It answers the session's shoe commands by handing typed reports to the session's one
entry point (``session.report``) directly, with no thread and no wire: for state-machine
tests, screenshots and benchmarks that must not depend on timing. The protocol-speaking simulators are in
``simulators.shuffler`` / ``simulators.reader``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dealer_station.cards import parse_card
from dealer_station.wire import reports as rp

BURNS = ("2c", "2d", "2h")
"""Burn cards of a stacked hold'em deck (flop, turn, river)."""


def holdem_deck(holes: Mapping[int, Sequence[str]], board: Sequence[str], button: int,
                burns: Sequence[str] = BURNS) -> list[str]:
    """The shoe order that deals ``holes`` (seat -> two cards) and ``board`` with the button on ``button``.

    Hole packets go clockwise from the first seat left of the button; then each street:
    a burn card, then its board cards (for ``ScriptedShoe.load``: tests, scenes, screenshots).
    """
    seats = sorted(holes)
    after = [s for s in seats if s > button] + [s for s in seats if s <= button]
    order: list[str] = [c for s in after for c in holes[s]]
    for burn, cards in zip(burns, (board[:3], board[3:4], board[4:5]), strict=True):
        if cards:
            order += [burn, *cards]
    return order


class ScriptedShoe:
    """Deals cards in a fixed order, answering each command synchronously."""

    def __init__(self) -> None:
        self.session: Any = None
        self.deck: list[int] = list(range(52))
        self.pos = 0
        self.commands: list[tuple[object, ...]] = []
        self.verify_result: tuple[int, list[int], list[int], list[int]] = (52, [], [], [])
        self.jam_after: int | None = None
        self.hold = False  # when True, deal_packet only records the command

    def connect(self) -> None:
        """Report the link up with an identity, as a real shoe's driver does on connect (proved, on a table
        that asks its shoe to prove itself: as the simulated shoe does when its program is approved)."""
        proved = self.session.view().table.devices.authenticates("shuffler")
        self.session.report(rp.LinkUp(device="shuffler", identity=rp.DeviceIdentity(
            model="DS-SCRIPTED", serial_number="SCRIPTED-1", firmware="1.0.0", protocol_version=1,
            authenticated=proved)))

    def load(self, cards: list[str]) -> None:
        first = [parse_card(c) for c in cards]
        self.deck = first + [c for c in range(52) if c not in first]
        self.pos = 0

    def reset(self) -> None:
        self.commands.append(("reset",))

    def shuffle(self, seed: int | None = None) -> None:
        self.commands.append(("shuffle",))
        self.pos = 0

    def verify_deck(self) -> None:
        self.commands.append(("verify",))
        assert self.session is not None
        count, missing, extra, duplicates = self.verify_result
        self.session.report(rp.DeckVerified(device="shuffler", count=count, missing=missing, extra=extra,
                                            duplicates=duplicates))

    def deal_packet(self, position: str, count: int) -> None:
        self.commands.append(("deal", position, count))
        if self.hold:
            return
        assert self.session is not None
        for i in range(count):
            if self.jam_after is not None and self.pos >= self.jam_after:
                self.session.report(rp.DeviceFault(device="shuffler", code="jam", text="card jam in the feed"))
                return
            card = self.deck[self.pos]
            self.pos += 1
            self.session.report(rp.CardDispensed(device="shuffler", position=position, index=i, card=card))
        self.session.report(rp.PacketDone(device="shuffler", position=position, count=count))
