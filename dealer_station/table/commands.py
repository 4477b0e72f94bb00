"""Every command a person gives a table, declared as data: who gives it, when it fits, what it needs.

One row per command: its name, who gives it (the croupier, or a supervisor with badge, PIN
and a reason), the stages it fits, a guard on the table with the refusal said when it fails,
whether only a halt of a kind that lists it allows it, and the handler (the game family's
flow method of that name) that decides its events. The session runs every row the same way
(``TableSession.execute`` / ``supervise``): refuse what does not fit, decide on a scratch
state, then (a supervisor) authenticate, then commit. A new supervisor action is one row here
and one flow method; a family lists its croupier rows (``BANKING_COMMANDS``, poker's in its
engine module) and shares ``SUPERVISOR_COMMANDS`` and ``TABLE_COMMANDS``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Literal, Protocol

from .event_base import CROUPIER, SUPERVISOR
from .phases import HaltKind, Stage, halt_kind

By = Literal["croupier", "supervisor"]


class TableFacts(Protocol):
    """What command guards may look at (the session provides it)."""

    @property
    def hand_deal(self) -> bool: ...

    @property
    def reading_shoe(self) -> bool: ...

    @property
    def has_reader(self) -> bool: ...

    @property
    def phase(self) -> str: ...

    def has_bets(self) -> bool: ...

    def has_paid_seat(self) -> bool: ...

    def awaiting_key(self) -> bool: ...

    def exposed(self) -> bool: ...

    def unknown_chips(self) -> list[tuple[int, str, str]]: ...

    def payout_problems(self) -> dict[int, list[str]]: ...

    def swapped_devices(self) -> list[str]: ...
    def device_refused(self) -> bool: ...

    def disk_full(self) -> bool: ...

    def deck_failed(self) -> bool: ...

    def all_may_check(self) -> bool: ...


Guard = Callable[[TableFacts], bool]

NO_REFUSED_DEVICE: Guard = lambda t: not t.device_refused() and not t.disk_full()  # noqa: E731 - shared by the families
REFUSED_DEVICE = "a device was refused: connect a unit that proves itself first"
"""No round opens while a device is held refused (HARDWARE.md, authentication), nor while the journal's disk
is at the disk watch's halt threshold (``disk_watch.py``): the offer leaves ``open_round`` out, so the screen
offers no betting, and ``TableSession`` names the unit, or the disk, and why."""


@dataclass(frozen=True, slots=True)
class Command:
    """One command: who gives it, when it fits, and the flow method that decides it."""

    name: str
    stages: frozenset[Stage]
    guard: Guard | None = None
    refusal: str = ""
    """Why it does not fit when the guard fails (one line for the croupier), or, for a supervisor
    action, what to do instead once the round is past it."""
    by: By = "croupier"
    needs_halt: bool = False
    """Only while a halt of a kind that lists this action holds the round."""
    reason: str = ""
    """A supervisor action: what the reason is asked for ("a void needs a reason"); every one asks."""
    anytime: bool = False
    """About the table, not the round: never part of a round's offer and not held by a halt (who deals, a
    dispute view, the bank); the session still refuses it outside its ``stages`` (saying ``refusal``)."""
    asks_reason: bool = True
    """A supervisor action the screen asks a reason for; a routine one (counting the tray, asking for a fill)
    is journaled with its own name as the reason when none is given."""
    handler: str = ""
    """The flow method that decides it (default: the command's name)."""

    @property
    def method(self) -> str:
        return self.handler or self.name

    @property
    def actor(self) -> str:
        return SUPERVISOR if self.by == "supervisor" else CROUPIER


DURING_ROUND = frozenset({Stage.BETTING, Stage.LOCKED, Stage.DEALING, Stage.DECISION, Stage.REVEAL})
EVERY_STAGE = frozenset(Stage)

DECK_COMMANDS: dict[str, Command] = {c.name: c for c in (
    Command("recheck_deck", frozenset({Stage.BETTING, Stage.LOCKED}), lambda t: t.deck_failed(),
            "the deck passed its check: there is nothing to check again"),
)}
"""The croupier's commands about the shoe's deck, at every table with a shoe: after a failed check, the missing
card found (or the deck changed), the shoe checks it again and the round keeps its bets."""

BANKING_COMMANDS: dict[str, Command] = {c.name: c for c in (
    Command("open_round", frozenset({Stage.IDLE, Stage.FINISHED}), NO_REFUSED_DEVICE, REFUSED_DEVICE),
    Command("set_bets", frozenset({Stage.BETTING})),
    Command("no_more_bets", frozenset({Stage.BETTING}), lambda t: t.has_bets(), "no seat has a bet"),
    Command("deal_done", frozenset({Stage.DEALING}), lambda t: t.hand_deal or t.reading_shoe,
            "the shoe deals at this table: its cards are reported as they come out"),
    Command("decide", frozenset({Stage.DECISION})),
    Command("check_rest", frozenset({Stage.DECISION}), lambda t: t.all_may_check(),
            "a seat still to act on this street cannot check"),
    Command("reveal", frozenset({Stage.REVEAL}), lambda t: not t.has_reader and not t.hand_deal,
            "pass the cards over the reader, or key each card dealt by hand"),
    Command("key_card", frozenset({Stage.DEALING, Stage.REVEAL}), lambda t: t.awaiting_key(),
            "keying a card is for a card the reader could not read, or a hand-dealt reveal"),
    Command("mark_paid", frozenset({Stage.SETTLEMENT})),
    Command("undo_paid", frozenset({Stage.SETTLEMENT}), lambda t: t.has_paid_seat(), "no seat is marked paid"),
)} | DECK_COMMANDS | {c.name: c for c in (
    Command("buy_in", frozenset({Stage.IDLE, Stage.FINISHED, Stage.BETTING}), anytime=True,
            refusal="a buy-in is taken between rounds or while bets are open"),
)}
"""The croupier's commands at a banking table (each seat against the dealer: UTH, THB)."""

TABLE_COMMANDS: dict[str, Command] = {c.name: c for c in (
    Command("dealer_sign_in", EVERY_STAGE, anytime=True),
    Command("dealer_sign_out", EVERY_STAGE, anytime=True),
    # the player at a seat (``engine/seating.py``): any time, a round in progress or not
    Command("card_in", EVERY_STAGE, anytime=True),
    Command("card_seat", EVERY_STAGE, anytime=True),  # a table-wide reader: the seat its next card is for
    Command("card_out", EVERY_STAGE, anytime=True),
    Command("pause_player", EVERY_STAGE, anytime=True),
    Command("resume_player", EVERY_STAGE, anytime=True),
    Command("hold_excluded", EVERY_STAGE, anytime=True),  # the station, after each exclusion list it receives
)}
"""The croupier's commands about the table rather than the round, at every table."""

SUPERVISOR_COMMANDS: dict[str, Command] = {c.name: c for c in (
    Command("void", DURING_ROUND, by="supervisor", reason="a void", handler="void_round",
            refusal="once the settlement is shown a round is corrected, not voided"),
    Command("accept_mismatch", DURING_ROUND, by="supervisor", needs_halt=True, reason="accepting a mismatch"),
    Command("clear_fault", DURING_ROUND, lambda t: not t.exposed(), by="supervisor", needs_halt=True,
            reason="clearing a fault", refusal="a card of this round was already exposed: the round must be voided"),
    Command("correct_card", DURING_ROUND, by="supervisor", reason="correcting a card",
            refusal="the round is settled: record a correction (adjust) instead"),
    Command("verify_jackpot", DURING_ROUND, by="supervisor", needs_halt=True, reason="verifying a jackpot"),
    Command("resume", DURING_ROUND, by="supervisor", needs_halt=True, reason="resuming"),
    Command("adjust", frozenset({Stage.SETTLEMENT, Stage.FINISHED}), by="supervisor", reason="an adjustment"),
    Command("accept_chip", frozenset({Stage.BETTING}), lambda t: bool(t.unknown_chips()), by="supervisor",
            reason="accepting a chip", refusal="no unknown chip is on the layout"),
    Command("restore_stake", DURING_ROUND, by="supervisor", needs_halt=True, reason="restoring a stake"),
    Command("resolve_clone", DURING_ROUND | {Stage.SETTLEMENT}, by="supervisor", needs_halt=True,
            reason="resolving a cloned chip"),
    Command("override_payout", frozenset({Stage.SETTLEMENT}), lambda t: bool(t.payout_problems()), by="supervisor",
            reason="overriding a payout", refusal="every seat's chips are what is due: press Paid"),
    Command("view_cards", EVERY_STAGE, by="supervisor", reason="view cards", anytime=True),
    Command("rating_terms", EVERY_STAGE, by="supervisor", reason="changing the rating terms", anytime=True,
            handler="set_rating_terms"),
    # winnings withheld from a held seat (its player excluded: ``engine/seating.py``)
    Command("release_withheld", EVERY_STAGE, by="supervisor", reason="releasing withheld winnings", anytime=True),
    Command("forfeit_withheld", EVERY_STAGE, by="supervisor", reason="forfeiting withheld winnings", anytime=True),
    Command("accept_device", EVERY_STAGE, lambda t: bool(t.swapped_devices()), by="supervisor",
            reason="accepting another unit", refusal="no device is held refused as another unit on its port"),
)}
"""The supervisor's actions at every table: each asks for a badge, a PIN and a reason, and is journaled."""


BETWEEN_ROUNDS = frozenset({Stage.IDLE, Stage.FINISHED})

BANK_COMMANDS: dict[str, Command] = {c.name: c for c in (
    Command("open_shift", BETWEEN_ROUNDS, by="supervisor", anytime=True, asks_reason=False, reason="opening a shift",
            refusal="a shift opens between rounds"),
    Command("close_shift", BETWEEN_ROUNDS, by="supervisor", anytime=True, asks_reason=False, reason="closing a shift",
            refusal="a shift closes between rounds: finish the round first"),
    Command("request_fill", EVERY_STAGE, by="supervisor", anytime=True, asks_reason=False, reason="a fill"),
    Command("request_credit", EVERY_STAGE, by="supervisor", anytime=True, asks_reason=False, reason="a credit"),
    Command("receive_slip", EVERY_STAGE, by="supervisor", anytime=True, asks_reason=False, reason="receiving a slip"),
    Command("void_slip", EVERY_STAGE, by="supervisor", anytime=True, reason="voiding a slip"),
    Command("clear_tray_alarm", EVERY_STAGE, by="supervisor", anytime=True, reason="clearing a tray alarm"),
)}
"""The table bank's supervisor actions, at every table with a ``[bank]`` (``engine/bank.py``): the tray's
opener and closer, fills and credits on the floor's numbered slips, a tray alarm looked into and cleared. A banking table's croupier also takes
buy-ins (``buy_in``, ``BANKING_COMMANDS``); a poker table's players buy chips at the cage, so its tray
moves only by the rake, the slips and the counts."""


def command_table(croupier: Mapping[str, Command]) -> dict[str, Command]:
    """A family's whole table: its croupier rows, then the table's, the supervisor's and the bank's shared rows."""
    return {**croupier, **TABLE_COMMANDS, **SUPERVISOR_COMMANDS, **BANK_COMMANDS}


@dataclass(frozen=True)
class Offer:
    """What fits the table right now: croupier commands, supervisor actions, and the halt."""

    croupier: frozenset[str] = frozenset()
    supervisor: frozenset[str] = frozenset()
    halt: HaltKind | None = None
    refusals: dict[str, str] = field(default_factory=dict)
    """For commands of this stage whose guard failed: why (shown when one is tried)."""


def offered(stage: Stage, halt: str | None, facts: TableFacts, commands: Mapping[str, Command]) -> Offer:
    """The commands and actions of ``commands`` the rules allow at ``stage`` under ``halt`` (None: running).

    Commands allowed at any time (``anytime``) are not part of a round's offer.
    """
    kind = halt_kind(halt) if halt is not None else None
    croupier: set[str] = set()
    supervisor: set[str] = set()
    refusals: dict[str, str] = {}
    for rule in commands.values():
        if rule.anytime:
            continue
        if rule.by == "croupier":
            if stage not in rule.stages:
                continue
            if kind is not None and rule.name not in kind.croupier:
                continue
            if kind is None and rule.guard is not None and not rule.guard(facts):
                refusals[rule.name] = rule.refusal
                continue
            croupier.add(rule.name)
            continue
        if stage not in rule.stages:
            if rule.refusal and stage in (Stage.SETTLEMENT, Stage.FINISHED):
                refusals[rule.name] = rule.refusal  # too late for it: say what to do instead
            continue
        if rule.needs_halt and (kind is None or rule.name not in kind.supervisor):
            continue
        if rule.guard is not None and not rule.guard(facts):
            refusals[rule.name] = rule.refusal
            continue
        supervisor.add(rule.name)
    return Offer(frozenset(croupier), frozenset(supervisor), kind, refusals)
