"""Phases, transitions, commands and halts, declared as data.

This module is the one place that says which phases a round of a game family passes
through, which transitions between them exist, which croupier commands and supervisor
actions fit a phase, and what each kind of halt allows. The session, the screen, the
demo player and ``simulate`` all ask it (``offered_commands``); nobody else tests phase
names.

A banking round (each seat against the dealer: UTH, THB) runs
``betting -> no_more_bets -> dealing -> {street reveal, street decision}* ->
dealer_reveal [-> hands_reveal] -> settlement -> paid``; ``void`` is reachable from every
phase before settlement. The street part comes from the game's ``streets`` and
``reveals``: a street whose reveal shows nothing has no reveal phase.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Protocol

CLOSED = "closed"
BETTING = "betting"
NO_MORE_BETS = "no_more_bets"
DEALING = "dealing"
DEALER_REVEAL = "dealer_reveal"  # the showdown reveal: the dealer's cards (and any board card left)
HANDS_REVEAL = "hands_reveal"  # hand deal only: players' cards read at showdown
SETTLEMENT = "settlement"
PAID = "paid"
VOID = "void"
REVEAL_SUFFIX = "_reveal"


class Stage(StrEnum):
    """What kind of step a phase is; views and players branch on this, never on names."""

    IDLE = "idle"
    BETTING = "betting"
    LOCKED = "locked"
    DEALING = "dealing"
    DECISION = "decision"
    REVEAL = "reveal"
    SETTLEMENT = "settlement"
    FINISHED = "finished"


@dataclass(frozen=True, slots=True)
class Phase:
    name: str
    stage: Stage
    street: str | None = None
    """The decision street a decision phase is, or the street a reveal phase opens."""

    @property
    def finished(self) -> bool:
        return self.stage is Stage.FINISHED

    @property
    def voidable(self) -> bool:
        """A void returns every stake; once the settlement is shown it is a correction instead."""
        return self.stage not in (Stage.IDLE, Stage.SETTLEMENT, Stage.FINISHED)


def reveal_phase(street: str) -> str:
    return f"{street}{REVEAL_SUFFIX}"


@dataclass(frozen=True)
class PhaseGraph:
    """The phases of one game's round and the transitions allowed between them."""

    phases: dict[str, Phase]
    transitions: frozenset[tuple[str, str]]

    def phase(self, name: str) -> Phase:
        try:
            return self.phases[name]
        except KeyError:
            raise KeyError(f"phase {name!r} is not a phase of this game") from None

    def allows(self, source: str, target: str) -> bool:
        return (source, target) in self.transitions

    def decision_phases(self) -> list[Phase]:
        return [p for p in self.phases.values() if p.stage is Stage.DECISION]


def banking_graph(streets: Iterable[str], reveals_before: Callable[[str], bool], hand_deal: bool) -> PhaseGraph:
    """The phase graph of a banking game with these decision ``streets``.

    ``reveals_before(street)`` says whether cards are turned up before that street's
    decisions. From the deal (and from every step after it) the round moves forward to
    the next step that has something to do, so every forward jump along the sequence is
    a transition; a step never goes back.
    """
    fixed = [Phase(CLOSED, Stage.IDLE), Phase(BETTING, Stage.BETTING), Phase(NO_MORE_BETS, Stage.LOCKED),
             Phase(DEALING, Stage.DEALING)]
    steps: list[Phase] = []
    for street in streets:
        if reveals_before(street):
            steps.append(Phase(reveal_phase(street), Stage.REVEAL, street))
        steps.append(Phase(street, Stage.DECISION, street))
    steps.append(Phase(DEALER_REVEAL, Stage.REVEAL))
    if hand_deal:
        steps.append(Phase(HANDS_REVEAL, Stage.REVEAL))
    steps.append(Phase(SETTLEMENT, Stage.SETTLEMENT))
    ends = [Phase(PAID, Stage.FINISHED), Phase(VOID, Stage.FINISHED)]
    phases = {p.name: p for p in (*fixed, *steps, *ends)}
    moves = {(CLOSED, BETTING), (PAID, BETTING), (VOID, BETTING), (BETTING, NO_MORE_BETS),
             (NO_MORE_BETS, DEALING), (SETTLEMENT, PAID)}
    after_deal = [DEALING, *(p.name for p in steps)]
    for i, source in enumerate(after_deal[:-1]):
        for target in after_deal[i + 1:]:
            moves.add((source, target))
    moves.discard((DEALING, SETTLEMENT))  # a dealt round is always revealed before it is settled
    for phase in phases.values():
        if phase.voidable:
            moves.add((phase.name, VOID))
    return PhaseGraph(phases, frozenset(moves))


# --------------------------------------------------------------------------- halts


@dataclass(frozen=True, slots=True)
class HaltKind:
    """What a halt of this kind lets the croupier and the supervisor do, and what to tell them."""

    name: str
    croupier: frozenset[str] = frozenset()
    supervisor: frozenset[str] = frozenset({"void"})
    instruction: str = "call_supervisor"
    """Message key for what the croupier should do now (``texts.py``)."""
    resumes_on_link: bool = False
    """The station clears it itself when the device's link comes back."""


HALT_KINDS: dict[str, HaltKind] = {h.name: h for h in (
    # jam / misfeed / door open / internal device error during the deal (HARDWARE.md)
    HaltKind("fault", supervisor=frozenset({"void", "clear_fault"})),
    # link lost / CRC errors / power-cycle while the round needs the device
    HaltKind("link", supervisor=frozenset({"void"}), instruction="wait_for_device", resumes_on_link=True),
    # the shoe's deck check failed before the deal
    HaltKind("deck", supervisor=frozenset({"void"})),
    # reader card differs from the dealt card: misdeal alarm, the supervisor decides
    HaltKind("mismatch", supervisor=frozenset({"void", "accept_mismatch"})),
    # the reader could not read a card: the dealer keys it
    HaltKind("unreadable", croupier=frozenset({"key_card"}), instruction="key_unreadable"),
    # a jackpot at or above verify_at waits for a supervisor's verification before it is paid
    HaltKind("jackpot_verify", supervisor=frozenset({"verify_jackpot", "void"}), instruction="call_supervisor_jackpot"),
    # the station itself failed to handle a report or a device call: nothing is lost, a person looks
    HaltKind("internal", supervisor=frozenset({"void", "resume"})),
    # a chip added to or taken from a locked spot (bet sensor): the stake is put back, or the round voided
    HaltKind("bet_alarm", supervisor=frozenset({"void", "restore_stake"})),
)}


def halt_kind(name: str) -> HaltKind:
    return HALT_KINDS.get(name) or HaltKind(name)


# --------------------------------------------------------------------------- commands


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


Guard = Callable[[TableFacts], bool]


@dataclass(frozen=True, slots=True)
class CommandRule:
    """A croupier command: the stages it fits and an optional guard on the table."""

    name: str
    stages: frozenset[Stage]
    guard: Guard | None = None
    refusal: str = ""
    """Why it does not fit when the guard fails (one line for the croupier)."""


@dataclass(frozen=True, slots=True)
class SupervisorRule:
    name: str
    stages: frozenset[Stage]
    needs_halt: bool = False
    """Only while a halt of a kind that lists this action holds the round."""
    guard: Guard | None = None
    refusal: str = ""


_DURING_ROUND = frozenset({Stage.BETTING, Stage.LOCKED, Stage.DEALING, Stage.DECISION, Stage.REVEAL})

CROUPIER_COMMANDS: dict[str, CommandRule] = {c.name: c for c in (
    CommandRule("open_round", frozenset({Stage.IDLE, Stage.FINISHED})),
    CommandRule("set_bets", frozenset({Stage.BETTING})),
    CommandRule("no_more_bets", frozenset({Stage.BETTING}), lambda t: t.has_bets(), "no seat has a bet"),
    CommandRule("deal_done", frozenset({Stage.DEALING}), lambda t: t.hand_deal or t.reading_shoe,
                "the shoe deals at this table: its cards are reported as they come out"),
    CommandRule("decide", frozenset({Stage.DECISION})),
    CommandRule("reveal", frozenset({Stage.REVEAL}), lambda t: not t.has_reader and not t.hand_deal,
                "pass the cards over the reader, or key each card dealt by hand"),
    CommandRule("key_card", frozenset({Stage.DEALING, Stage.REVEAL}), lambda t: t.awaiting_key(),
                "keying a card is for a card the reader could not read, or a hand-dealt reveal"),
    CommandRule("mark_paid", frozenset({Stage.SETTLEMENT})),
    CommandRule("undo_paid", frozenset({Stage.SETTLEMENT}), lambda t: t.has_paid_seat(), "no seat is marked paid"),
)}

SUPERVISOR_ACTIONS: dict[str, SupervisorRule] = {s.name: s for s in (
    SupervisorRule("void", _DURING_ROUND, refusal="once the settlement is shown a round is corrected, not voided"),
    SupervisorRule("accept_mismatch", _DURING_ROUND, needs_halt=True),
    SupervisorRule("clear_fault", _DURING_ROUND, needs_halt=True, guard=lambda t: not t.exposed(),
                   refusal="a card of this round was already exposed: the round must be voided"),
    SupervisorRule("correct_card", _DURING_ROUND,
                   refusal="the round is settled: record a correction (adjust) instead"),
    SupervisorRule("verify_jackpot", _DURING_ROUND, needs_halt=True),
    SupervisorRule("resume", _DURING_ROUND, needs_halt=True),
    SupervisorRule("adjust", frozenset({Stage.SETTLEMENT, Stage.FINISHED})),
    SupervisorRule("accept_chip", frozenset({Stage.BETTING}), guard=lambda t: bool(getattr(t, "unknown_chips", list)()),
                   refusal="no unknown chip is on the layout"),
    SupervisorRule("restore_stake", _DURING_ROUND, needs_halt=True),
    SupervisorRule("override_payout", frozenset({Stage.SETTLEMENT}),
                   guard=lambda t: bool(getattr(t, "payout_problems", dict)()),
                   refusal="every seat's chips are what is due: press Paid"),
)}


@dataclass(frozen=True)
class Offer:
    """What fits the table right now: croupier commands, supervisor actions, and the halt."""

    croupier: frozenset[str] = frozenset()
    supervisor: frozenset[str] = frozenset()
    halt: HaltKind | None = None
    refusals: dict[str, str] = field(default_factory=dict)
    """For commands of this stage whose guard failed: why (shown when one is tried)."""


def offered(stage: Stage, halt: str | None, facts: TableFacts,
            commands: Mapping[str, CommandRule] | None = None) -> Offer:
    """The commands and actions the rules allow at ``stage`` under ``halt`` (None: running).

    ``commands`` is the game family's croupier command table (default: the banking one).
    """
    kind = halt_kind(halt) if halt is not None else None
    croupier: set[str] = set()
    refusals: dict[str, str] = {}
    for rule in (CROUPIER_COMMANDS if commands is None else commands).values():
        if stage not in rule.stages:
            continue
        if kind is not None and rule.name not in kind.croupier:
            continue
        if kind is None and rule.guard is not None and not rule.guard(facts):
            refusals[rule.name] = rule.refusal
            continue
        croupier.add(rule.name)
    supervisor: set[str] = set()
    for srule in SUPERVISOR_ACTIONS.values():
        if stage not in srule.stages:
            if srule.refusal and stage in (Stage.SETTLEMENT, Stage.FINISHED):
                refusals[srule.name] = srule.refusal  # too late for it: say what to do instead
            continue
        if srule.needs_halt and (kind is None or srule.name not in kind.supervisor):
            continue
        if srule.guard is not None and not srule.guard(facts):
            refusals[srule.name] = srule.refusal
            continue
        supervisor.add(srule.name)
    return Offer(frozenset(croupier), frozenset(supervisor), kind, refusals)
