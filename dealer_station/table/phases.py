"""Phases, transitions and halts, declared as data.

This module is the one place that says which phases a round of a game family passes
through, which transitions between them exist, and what each kind of halt allows; the
commands that fit a phase are declared beside it (``table/commands.py``). The session, the
screen, the demo player and ``simulate`` all ask these tables; nobody else tests phase names.

A banking round (each seat against the dealer: UTH, THB) runs
``betting -> no_more_bets -> dealing -> {street reveal, street decision}* ->
dealer_reveal [-> hands_reveal] -> settlement -> paid``; ``void`` is reachable from every
phase before settlement. The street part comes from the game's ``streets`` and
``reveals``: a street whose reveal shows nothing has no reveal phase.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum

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
    # the shoe's deck check failed before the deal: the card found (or the deck changed), it is checked again
    HaltKind("deck", croupier=frozenset({"recheck_deck"}), supervisor=frozenset({"void"}), instruction="deck_recheck"),
    # reader card differs from the dealt card: misdeal alarm, the supervisor decides
    HaltKind("mismatch", supervisor=frozenset({"void", "accept_mismatch"})),
    # the reader could not read a card: the dealer keys it
    HaltKind("unreadable", croupier=frozenset({"key_card"}), instruction="key_unreadable"),
    # the reader read nothing for the read timeout: the card is passed over it again, or keyed
    HaltKind("no_read", croupier=frozenset({"key_card"}), instruction="pass_or_key"),
    # a jackpot at or above verify_at waits for a supervisor's verification before it is paid
    HaltKind("jackpot_verify", supervisor=frozenset({"verify_jackpot", "void"}), instruction="call_supervisor_jackpot"),
    # the station itself failed to handle a report or a device call: nothing is lost, a person looks
    HaltKind("internal", supervisor=frozenset({"void", "resume"})),
    # a chip added to or taken from a locked spot (bet sensor): the stake is put back, or the round voided
    HaltKind("bet_alarm", supervisor=frozenset({"void", "restore_stake"})),
    # one chip id on more than one spot (bet sensor): a cloned tag; resolved once the clones are off, or voided
    HaltKind("clone", supervisor=frozenset({"void", "resolve_clone"})),
)}


def halt_kind(name: str) -> HaltKind:
    return HALT_KINDS.get(name) or HaltKind(name)
