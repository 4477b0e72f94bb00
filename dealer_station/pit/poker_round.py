"""A poker hand as the round page shows it: each player's bets by street, actions, hand and result.

A hold'em round's record holds the board, the button, the blinds and each seat's hole cards (those
shown); its events hold the rest: ``hand_started`` (stacks before the blinds, the rules),
``poker_action`` (who did what on which street), ``hand_mucked``, ``pots_awarded`` (stacks after).
The chips each action put in come from the station's own betting rules (``holdem.betting``:
``start_hand`` and ``apply``, replayed here action by action), so the page shows what the table
took, not a second reading of the rules; the hand's name is the evaluator's.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from ..cards import parse_cards
from ..evaluator import evaluate
from ..games.holdem.betting import Action, Move, start_hand
from ..games.holdem.betting import apply as apply_action
from ..games.holdem.pots import uncalled
from ..games.holdem.record import parse_config

STREETS = ("blinds", "preflop", "flop", "turn", "river")


def poker_players(record: dict[str, Any], events: Sequence[Any]) -> list[dict[str, Any]]:
    """Per seat dealt in: stack before and after, chips in by street, actions, the uncalled chips given
    back, the chips left in the pots, hole cards, hand, pots won."""
    started = next((e for e in events if e.kind == "hand_started"), None)
    if started is None:
        return []
    p = started.payload
    stacks = {int(seat): Decimal(str(chips)) for seat, chips in p["stacks"].items()}
    seats: dict[int, dict[str, Any]] = {
        s: {"seat": s, "before": stacks[s], "in": dict.fromkeys(STREETS, Decimal(0)), "actions": [], "after": None,
            "mucked": False, "folded": False, "won": Decimal(0), "hole": [], "hand": None, "best5": []}
        for s in sorted(stacks)}
    hand = start_hand(parse_config(p["rules"]), stacks, p["button"], posts=p.get("posts", []))
    for player in hand.players:
        seats[player.seat]["in"]["blinds"] = player.total
    for e in events:
        q = e.payload
        if e.kind in ("poker_action", "action_timeout") and q.get("seat") in seats:
            seat = seats[q["seat"]]
            before = next(x.total for x in hand.players if x.seat == q["seat"])
            to = Decimal(str(q["to"])) if q.get("to") is not None else None
            hand = apply_action(hand, Action(q["seat"], Move(q["action"]), to))
            put = next(x.total for x in hand.players if x.seat == q["seat"]) - before
            street = q.get("street", "preflop")
            seat["in"][street] = seat["in"].get(street, Decimal(0)) + put
            words = q["action"].replace("_", " ") + (f" to {to}" if to is not None else "")
            seat["actions"].append({"street": street, "what": words, "put": put,
                                    "timeout": e.kind == "action_timeout"})
            seat["folded"] = seat["folded"] or q["action"] == "fold"
        elif e.kind == "hand_mucked" and q.get("seat") in seats:
            seats[q["seat"]]["mucked"] = True
        elif e.kind == "pots_awarded":
            for s, chips in q.get("stacks", {}).items():
                if int(s) in seats:
                    seats[int(s)]["after"] = Decimal(str(chips))
    returned = uncalled(hand.players)  # the last bet no one called goes back: it was never in a pot
    if returned is not None and returned[0] in seats:
        seats[returned[0]]["returned"] = returned[1]
    board = record.get("board") or []
    for rs in record.get("seats") or []:
        shown = seats.get(rs.get("seat"))
        if shown is None or not rs.get("hole"):
            continue
        shown["hole"] = rs["hole"]
        cards = parse_cards([*rs["hole"], *board], "hole")
        if len(cards) >= 5 and not shown["folded"] and not shown["mucked"]:
            value = evaluate(cards)
            shown["hand"], shown["best5"] = value.category.name.lower(), value.best5_str()
    for pot in (record.get("settlement") or {}).get("pots", []):
        winners = [w for w in pot.get("winners", []) if w in seats]
        for w in winners:  # what each pot paid a winner is in the stacks; the page names the pots won
            seats[w].setdefault("pots", []).append(Decimal(str(pot["amount"])))
    nets = {s["seat"]: Decimal(str(s["net"])) for s in (record.get("settlement") or {}).get("seats", []) if "net" in s}
    for s, seat in seats.items():
        seat["total_in"] = sum(seat["in"].values(), Decimal(0)) - seat.get("returned", Decimal(0))
        seat["net"] = nets.get(s, seat["after"] - seat["before"] if seat["after"] is not None else None)
    return list(seats.values())
