"""Poker-room hold'em in the croupier's words: the banner, what the seat to act may do, why no raise is open."""

from __future__ import annotations

from ..engine.poker import BOARD_STREETS, SHOWDOWN, STREET_PHASES, PokerFlow
from ..engine.snapshot import TableSnapshot
from ..errors import RuleError
from ..games.holdem import live
from ..games.holdem.betting import Options
from ..games.holdem.structure import Street
from ..money import ZERO, format_money
from ..table.phases import DEALING, PAID, VOID, Stage
from .texts import Text, cause_text


def banner(snap: TableSnapshot) -> Text:
    """What happens next at a poker table, in one line for the croupier's screen."""
    flow = snap.flow
    assert isinstance(flow, PokerFlow)
    state = snap.state
    rnd = state.round
    if rnd is None or rnd.phase == PAID:
        try:
            live.deal_in(live.table_of(state))
        except RuleError:
            return Text("poker:seat_players")
        return Text("poker:deal_next" if rnd is None else "poker:hand_over")
    if rnd.phase == VOID:
        return Text("poker:hand_void", {"cause": cause_text((rnd.void or {}).get("cause"))})
    if rnd.halt is not None:
        return Text("halted", {"what": cause_text(rnd.halt.cause)})
    stage = flow.stage(state)
    street = flow.graph.phase(rnd.phase).street or ""
    if stage is Stage.LOCKED:
        return Text("poker:shuffling")
    if rnd.phase == DEALING:
        if flow.reading_shoe:
            return Text("poker:deal_from_shoe", {"order": Text(f"draw:{flow.draw_order}")})
        return Text("poker:deal_by_hand" if flow.hand_deal else "poker:deal_holes")
    if stage in (Stage.DEALING, Stage.REVEAL) and rnd.phase != SHOWDOWN:
        dealt = next(s for s in BOARD_STREETS if STREET_PHASES[s] == street)
        said = {"street": Text(f"poker:street:{street}"),
                "count": dealt.board_size - Street(dealt - 1).board_size}
        if stage is Stage.DEALING:
            return Text("poker:deal_street", said)
        return Text("poker:read_street", {**said, "how": Text("how_reader" if flow.has_reader else "how_key")})
    options = flow.options(rnd)
    if stage is Stage.DECISION and options is not None:
        return Text("poker:to_act", {"street": Text(f"poker:title:{street}"), "seat": options.seat,
                                     "options": options_text(options)})
    target = flow.next_to_reveal(rnd)
    if rnd.phase == SHOWDOWN and target is not None:
        how = "read" if flow.has_reader else "key" if flow.hand_deal else "show"
        return Text(f"poker:showdown_{how}", {"seat": int(target[0].removeprefix("seat"))})
    if stage is Stage.SETTLEMENT:
        return Text("poker:push")
    return Text("dealing")


_NO_RAISE: tuple[tuple[str, str], ...] = (
    ("the stack only covers a call", "poker:no_raise_stack"),
    ("the betting is capped", "poker:no_raise_capped"),
    ("no opponent has chips left to call a raise", "poker:no_raise_no_opponent"),
    ("the betting is not reopened", "poker:no_raise_not_reopened"),
)


def no_raise_text(why: str) -> Text:
    """Why the seat to act may not bet or raise (``Options.no_raise``), in the croupier's words."""
    key = next((k for start, k in _NO_RAISE if why.startswith(start)), None)
    return Text(key) if key is not None else Text("poker:no_raise", {"why": why})


def options_text(options: Options) -> Text:
    """What the seat to act may do, shortest first: "call 2, raise to 4..200" (folding goes unsaid)."""
    first = Text("poker:opt_check") if options.check else \
        Text("poker:opt_call", {"amount": format_money(options.call or ZERO)})
    span = options.bet_to or options.raise_to
    kind = "bet" if options.bet_to is not None else "raise"
    second: Text | None = None
    if span is not None and span.min_to == span.max_to:
        second = Text(f"poker:opt_{kind}_fixed", {"amount": format_money(span.min_to)})
    elif span is not None:
        second = Text(f"poker:opt_{kind}", {"low": format_money(span.min_to), "high": format_money(span.max_to)})
    elif options.all_in is not None and options.all_in != options.call:
        second = Text("poker:opt_all_in", {"amount": format_money(options.all_in)})
    return first if second is None else Text("poker:opt_list", {"first": first, "second": second})
