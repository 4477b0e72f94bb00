"""What the croupier's screen shows, computed from the session: no Qt, no rule of its own.

The screen renders this and sends commands; it never decides what fits or what a seat
has at stake. Texts are message keys with arguments (``Text``) so the screen can show
them in the croupier's language; ``Text.english()`` is the catalogue's English, used by
logs, tests and the CLI. A game's own words (spots, actions, streets) travel as ``Label``
so the screen translates them in the game's context (seed 001 calls UTH's Trips "Bonus").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, time
from decimal import Decimal
from typing import TYPE_CHECKING, Any, ClassVar

from ..errors import DealerStationError
from ..games.base import BankingGame
from ..jackpot import PoolLink, meter_summary
from ..money import ZERO, format_cents, format_money
from ..shifts import DEFAULT_SHIFTS, local_shift_start
from ..table.phases import DEALER_REVEAL, HANDS_REVEAL, PAID, VOID, Stage
from ..table.sensing import RoundSensing, count_catches
from .bet_sensing import MISMATCH, SpotView

if TYPE_CHECKING:
    from ..config import TableConfig
    from ..games.holdem.betting import Options
    from ..table.state import RoundState, TableState
    from .session import TableSession

ENGLISH: dict[str, str] = {
    "open_betting": "Open betting for the next round",
    "round_void": "Round void ({cause}): stakes returned. Open the next round",
    "halted": "HALTED - {what}",
    "place_bets": "Place your bets, then call No more bets",
    "waiting_deck": "No more bets - waiting for a verified deck",
    "deal_by_hand": "Deal by hand, face down: two to each seat, two to the dealer, five to the board; then Cards dealt",
    "dealing": "Dealing",
    "deal_from_shoe": "Deal from the reading shoe, {order}: two to each seat, two to the dealer, five to the board",
    "draw:round_robin": "one card at a time around the table",
    "draw:packets": "two cards at a time",
    "decision": "{street} decision: seat {seat}",
    "reveal": "Reveal the {what}: {how}{target}",
    "reveal_target": " ({position} card {number})",
    "how_reader": "pass the cards over the reader",
    "how_key": "key each card",
    "how_turn": "turn the cards over",
    "what_dealer": "dealer's hand",
    "what_hands": "players' hands",
    "settle_seat": "Settle seat {seat} (right to left)",
    "settled": "Settled",
    "journal_unavailable": "STOPPED - {reason}",
    "call_supervisor": "Call a supervisor",
    "call_supervisor_jackpot": "Jackpot: call a supervisor to verify it",
    "wait_for_device": "Waiting for the {device} to reconnect; call a supervisor if it does not",
    "key_unreadable": "Key the card in from what you read on its face",
    # a linked progressive (GAMES.md §3): the Pool without its controller, a hit held anywhere on the link
    "pool_closed": "Pool closed: no link",
    "pool_pending": "Jackpot pending verification at table {table}: {amount}",
    # positions on the table
    "pos:board": "board",
    "pos:dealer": "dealer",
    "pos:burn": "burn",
    "pos:seat": "seat {seat}",
    # devices
    "device:shuffler": "shoe",
    "device:reader": "reader",
    "device:reading_shoe": "reading shoe",
    "device:bet_sensor": "bet sensor",
    "device:device": "device",
    # devices that must prove who they are (HARDWARE.md, authentication)
    "device_refused": "{device} {model} {serial} refused: {reason}. Call a supervisor",
    "device_refused_short": "refused: {reason}",
    "unauthenticated": "unauthenticated",
    "refusal:impostor": "wrong key",
    "refusal:rogue_firmware": "program not approved",
    "refusal:swap": "another unit on its port",
    "refusal:unknown_serial": "serial not enrolled",
    "refusal:revoked": "enrolment revoked",
    # what stopped a round (halt and void causes)
    "cause:jam": "Shoe jam",
    "cause:misfeed": "Shoe misfeed",
    "cause:door_open": "Shoe door open",
    "cause:internal_error": "Device error",
    "cause:shoe_alarm": "Reading shoe alarm",
    "cause:card_unreadable": "Card unreadable",
    "cause:deck_count_wrong": "Deck check failed",
    "cause:power_restored": "Device power cycled",
    "cause:link_lost": "Device link lost",
    "cause:crc_errors": "Device link errors",
    "cause:duplicate_card": "Card dealt twice",
    "cause:extra_card": "Unexpected card",
    "cause:missing_card": "Card missing",
    "cause:reader_mismatch": "Misdeal alarm: reader and shoe disagree",
    "cause:station_restart": "Station restarted mid-deal",
    "cause:jackpot_hit": "Jackpot hit: verification needed",
    "cause:pool_link_down": "Pool award waits for the progressive controller",
    "cause:dispatch_failed": "Station error",
    "cause:supervisor": "Supervisor decision",
    "cause:other": "Stopped",
    # supervisor actions: what each does, said before the PIN is asked
    "action:void": "Void the round: every stake returned",
    "action:clear_fault": "Clear the fault: no card exposed, the deal goes on",
    "action:accept_mismatch": "Accept the dealt card: the round goes on",
    "action:verify_jackpot": "Verify the jackpot: the hit is paid",
    "action:resume": "Resume the round",
    "action:view_cards": "Show every card of this round (dispute)",
    "action:accept_mismatch_card": "The card is {card} as dealt: go on",
    "choice:void": "Void the round",
    "choice:clear_fault": "Clear the fault: the deal goes on",
    "action:verify_jackpot_hand": "Jackpot: seat {seat}, {hand} {cards}, {percent}% of the meter = {amount}",
    # what a halt is about, said from its details (the journal's own text stays English)
    "halt:mismatch": "The shoe dealt {expected} as {place}; the reader read {read}",
    "halt:unreadable": "{place} could not be read: key it in from its face",
    "halt:link": "The {device} does not answer: {reason}",
    "halt:deck": "Deck check: {count} cards; missing {missing}; extra {extra}; twice {duplicates}",
    "halt:fault": "The {device} reports: {text}",
    "halt:internal": "The station could not carry out a step; the round waits for a supervisor",
    "place": "{position} card {number}",
    # reasons a supervisor picks (journaled in English; "other" is typed)
    "reason:jam_cleared": "Jam cleared, no card exposed",
    "reason:door_closed": "Door closed, no card exposed",
    "reason:device_replaced": "Device checked and restarted",
    "reason:misdeal": "Misdeal",
    "reason:card_exposed": "Card exposed during the deal",
    "reason:device_fault": "Device fault",
    "reason:dispute": "Player dispute",
    "reason:card_checked": "Card checked: the dealt card stands",
    "reason:hand_checked": "Hand checked against the cards on the table",
    "reason:checked_go_on": "Checked: the round can go on",
    "reason:protection": "Game protection review",
    # refusals, in the croupier's words
    "refuse_above_max": "{spot} {amount} is above the table maximum {limit}",
    "refuse_below_min": "{spot} {amount} is below the table minimum {limit}",
    "refuse_must_match": "{spot} must equal the {other} ({amount})",
    "refuse_fixed": "{spot} is always {amount} at this table",
    "refuse_pool_closed": "Pool closed: no link to the progressive controller",
    "refuse_needs": "Place the {spot} first",
    "refuse_not_accepted": "Badge or PIN not accepted",
    "refused": "Refused: {problem}",
    # supervisor corrections outside a halt
    "action:adjust": "Correct a settled round: pay or collect per seat",
    "action:correct_card": "Correct a card keyed wrong, before the settlement",
    "reason:wrong_payout": "Payout counted wrong at the table",
    "reason:card_miskeyed": "A card was keyed wrong",
    # the bet sensor (HARDWARE.md "Bet sensor"; engine/bet_sensing.py)
    "sensed:unknown_chip": "Seat {seat} {spot}: unknown chip {chip}: remove it, or a supervisor accepts it",
    "sensed:keyed": "{spot}: antenna down, key the stake",
    "sensed:held": "Seat {seat} {spot}: unknown chip: remove it, or a supervisor accepts it",
    **{f"mismatch:{kind}": text for kind, text in MISMATCH.items()},
    "cause:past_post": "Past-posting: chips added after no more bets",
    "cause:pinch": "Pinching: chips taken after no more bets",
    "halt:bet_alarm": "Seat {seat} {spot}: locked {locked}, the sensor sees {seen}. Put the locked chips back "
                      "to restore the stake, or void the round",
    "halt:bet_alarm_back": "Seat {seat} {spot}: the locked {locked} is back on the spot. Restore the stake, "
                           "or void the round",
    "action:restore_stake": "Restore the stake: the locked chips are back, the round goes on",
    "choice:restore_stake": "Restore the stake",
    "action:accept_chip": "Accept the unknown chip: it counts this round",
    "action:accept_chip_at": "Accept chip {chip} on seat {seat} {spot} at {amount}",
    "action:override_payout": "Pay the seat although the chips do not match",
    "action:override_payout_seat": "Seat {seat}: pay although {problems}",
    "reason:chip_returned": "Chips put back as locked",
    "reason:player_warned": "Player warned, stake as locked",
    "reason:sister_casino_chip": "Chip of a sister casino, checked",
    "reason:chip_checked": "Chip checked by the supervisor",
    "reason:payout_counted": "Payout counted by hand: it is right",
    "reason:antenna_misread": "Antenna misread the chips",
    # poker-room hold'em: the banner (``PokerFlow.banner``)
    "poker:seat_players": "Seat at least two players with chips, then deal the next hand",
    "poker:deal_next": "Deal the next hand",
    "poker:hand_over": "Hand over: deal the next hand",
    "poker:hand_void": "Hand void ({cause}): every chip put in goes back",
    "poker:shuffling": "Waiting for the shoe's verified deck",
    "poker:deal_holes": "Deal two cards to each seat from the button's left",
    "poker:deal_by_hand": "Deal two cards to each seat from the button's left, then Cards dealt",
    "poker:deal_street": "Deal the {street}: burn one, {count} to the board",
    "poker:deal_from_shoe": "Deal from the reading shoe, {order}: two cards to each seat from the button's left",
    "poker:read_street": "Deal the {street}: burn one, {count} to the board, then {how}",
    "poker:to_act": "{street}: seat {seat} to act ({options})",
    "poker:showdown_show": "Showdown: seat {seat} shows or mucks",
    "poker:showdown_read": "Showdown: read seat {seat}'s shown hand, or muck it",
    "poker:showdown_key": "Showdown: key seat {seat}'s shown cards, or muck them",
    "poker:push": "Push the pots to the winners, drop the rake, then Pots pushed",
    "poker:street:flop": "flop",
    "poker:street:turn": "turn",
    "poker:street:river": "river",
    "poker:title:preflop": "Pre-flop",
    "poker:title:flop": "Flop",
    "poker:title:turn": "Turn",
    "poker:title:river": "River",
    # poker: what the seat to act may do (``betting.legal``), in the banner
    "poker:opt_check": "check",
    "poker:opt_call": "call {amount}",
    "poker:opt_bet": "bet {low}..{high}",
    "poker:opt_bet_fixed": "bet {amount}",
    "poker:opt_raise": "raise to {low}..{high}",
    "poker:opt_raise_fixed": "raise to {amount}",
    "poker:opt_all_in": "all in {amount}",
    "poker:opt_list": "{first}, {second}",
    # poker: why no bet or raise is open (``betting.legal``'s ``no_raise``)
    "poker:no_raise_stack": "No raise: the stack only covers a call",
    "poker:no_raise_capped": "No raise: the betting is capped (a bet and three raises)",
    "poker:no_raise_no_opponent": "No raise: no opponent has chips left to call it",
    "poker:no_raise_not_reopened": "No raise: an all-in for less than a full raise does not reopen the betting",
    "poker:no_raise": "No raise: {why}",
    # poker: refusals in the croupier's words
    "poker:refuse_min_bet": "Seat {seat}: a bet to {amount} is below the minimum bet to {least}",
    "poker:refuse_min_raise": "Seat {seat}: a raise to {amount} is below the minimum raise to {least}",
    "poker:refuse_pot_limit": "Seat {seat}: {amount} is above the pot limit ({most} at most)",
    "poker:refuse_above_stack": "Seat {seat}: {amount} is more than the stack (all in is {everything})",
    "poker:refuse_fixed_limit": "Seat {seat}: at fixed limit the only amount is {least}",
    "poker:refuse_buy_in_min": "Buy-in {amount} is below the table minimum {limit}",
    "poker:refuse_buy_in_max": "Buy-in {amount} is above the table maximum {limit}",
}

REASONS: dict[str, tuple[str, ...]] = {
    "void": ("reason:misdeal", "reason:card_exposed", "reason:device_fault", "reason:dispute"),
    "clear_fault": ("reason:jam_cleared", "reason:door_closed", "reason:device_replaced"),
    "accept_mismatch": ("reason:card_checked",),
    "verify_jackpot": ("reason:hand_checked",),
    "resume": ("reason:checked_go_on", "reason:device_replaced"),
    "view_cards": ("reason:dispute", "reason:protection"),
    "adjust": ("reason:wrong_payout", "reason:card_miskeyed", "reason:dispute"),
    "restore_stake": ("reason:chip_returned", "reason:player_warned"),
    "accept_chip": ("reason:sister_casino_chip", "reason:chip_checked"),
    "override_payout": ("reason:payout_counted", "reason:antenna_misread"),
}
"""The reasons a supervisor picks from, per action (keys of ``ENGLISH``); any may be typed instead."""


@dataclass(frozen=True)
class Text:
    """A message key of ``ENGLISH`` with its arguments (``Text`` and ``Label`` args allowed)."""

    key: str
    args: Mapping[str, Any] = field(default_factory=dict)

    def english(self) -> str:
        return ENGLISH[self.key].format(**{k: v.english() if hasattr(v, "english") else v
                                           for k, v in self.args.items()})


@dataclass(frozen=True)
class Label:
    """One of a game's screen words (``game.labels``): translated in the game's context."""

    game: str
    key: str
    text: str

    def english(self) -> str:
        return self.text


def label(game: Any, key: str, default: str | None = None) -> Label:
    """The game's word for a spot, action or street (``street:flop``), as a ``Label``."""
    return Label(game.name, key, game.labels.get(key, default if default is not None else key.capitalize()))


def position_text(position: str) -> Text:
    """``seat3`` -> "seat 3", ``board`` -> "board" (translatable)."""
    if position.startswith("seat") and position[4:].isdigit():
        return Text("pos:seat", {"seat": int(position[4:])})
    return Text(f"pos:{position}") if f"pos:{position}" in ENGLISH else Text("refused", {"problem": position})


def device_text(device: str | None) -> Text:
    return Text(f"device:{device}") if f"device:{device}" in ENGLISH else Text("device:device")


def refusal_text(refusal: Mapping[str, Any]) -> Text:
    """Why a device was refused, in the croupier's words (``wire.auth.REASONS``)."""
    key = f"refusal:{refusal.get('reason')}"
    return Text(key) if key in ENGLISH else Text("refused", {"problem": str(refusal.get("reason", "?"))})


def device_note(session: TableSession, device: str) -> Text | None:
    """What the screen adds to a device's name: refused (and why), or "unauthenticated" for a device
    the profile lets skip the proof on a table whose other devices prove who they are. On a table
    that asks no device to (no approved programs), every device is so: the strip stays short and
    the pit tile says it per device."""
    dev = session.state.devices.get(device)
    if dev is None:
        return None
    if dev.held_refused:
        return Text("device_refused_short", {"reason": refusal_text(dev.refused or {})})
    if dev.unauthenticated and session.table.devices.authenticating:
        return Text("unauthenticated")
    return None


def linked(session: TableSession) -> bool:
    """The table's Pool feeds a linked progressive (its meter's rules name a link)."""
    return getattr(getattr(session.state.game_state, "rules", None), "link", None) is not None


def meters_shown(session: TableSession) -> dict[str, Any] | None:
    """The progressive's meters the screen shows: the table's own, or a linked table's shared meter
    as its controller last said (every member shows the same), None for a game without one."""
    meters = getattr(session.game, "meters", None)
    own: dict[str, Any] | None = meters(session.state) if callable(meters) else None
    link = session.service(PoolLink)
    status = link.status() if link is not None and own is not None and linked(session) else None
    return meter_summary(status.meter) if status is not None else own


def pool_note(session: TableSession) -> Text | None:
    """What a linked table's croupier must see of the link: "Pool closed: no link" while its controller
    cannot be reached (no Pool bet is taken, NJ 13:69E-1.39B), else a hit held for verification
    anywhere on the link (pending on every member). None for a table's own meter."""
    if not linked(session):
        return None
    link = session.service(PoolLink)
    if link is None or not link.available():
        return Text("pool_closed")
    status = link.status()
    if status is not None and status.pending:
        hit = status.pending[0]
        return Text("pool_pending", {"table": hit.table_id, "amount": format_cents(hit.amount)})
    return None


def cause_text(cause: str | None) -> Text:
    return Text(f"cause:{cause}") if f"cause:{cause}" in ENGLISH else Text("cause:other")


def banner(session: TableSession) -> Text:
    """One line saying what happens next (a family's flow may say its own: ``flow.banner``)."""
    if session.unavailable:
        return Text("journal_unavailable", {"reason": session.unavailable})
    rnd = session.round
    refused = session.refused_devices() if rnd is None or rnd.finished else []
    if refused:  # no round opens while a device is refused (``TableSession.open_round``)
        dev, refusal = refused[0], refused[0].refused or {}
        return Text("device_refused", {"device": device_text(dev.name), "model": refusal.get("model", ""),
                                       "serial": refusal.get("serial_number", ""), "reason": refusal_text(refusal)})
    own = getattr(session.flow, "banner", None)
    if callable(own):
        said: Text = own(session)
        return said
    rnd = session.round
    stage = session.flow.stage(session.state)
    if rnd is None or rnd.phase == PAID:
        return Text("open_betting")
    if rnd.phase == VOID:
        return Text("round_void", {"cause": rnd.void["cause"] if rnd.void else ""})
    if rnd.halt is not None:
        return Text("halted", {"what": rnd.halt.text or rnd.halt.cause})
    if stage is Stage.BETTING:
        return Text("place_bets")
    if stage is Stage.LOCKED:
        return Text("waiting_deck")
    if stage is Stage.DEALING:
        if session.reading_shoe:
            return Text("deal_from_shoe", {"order": Text(f"draw:{session.table.devices.draw_order}")})
        return Text("deal_by_hand") if session.hand_deal else Text("dealing")
    if stage is Stage.DECISION:
        waiting = session.seats_to_act()
        deciding = label(session.game, f"street:{rnd.phase}", rnd.phase.capitalize())
        return Text("decision", {"street": deciding, "seat": waiting[0]}) if waiting else Text("dealing")
    if stage is Stage.REVEAL:
        target = session.next_to_reveal()
        street = session.phase_info.street
        what: Any = {DEALER_REVEAL: Text("what_dealer"), HANDS_REVEAL: Text("what_hands")}.get(
            rnd.phase, label(session.game, f"street:{street}", street or "") if street else "")
        how = Text("how_reader") if session.has_reader else Text("how_key") if session.hand_deal else Text("how_turn")
        where: Any = Text("reveal_target", {"position": position_text(target[0]), "number": target[1] + 1}) \
            if target else ""
        return Text("reveal", {"what": what, "how": how, "target": where})
    if stage is Stage.SETTLEMENT:
        unpaid = [s for s in sorted(rnd.seats, reverse=True) if not rnd.seats[s].paid]
        return Text("settle_seat", {"seat": unpaid[0]}) if unpaid else Text("settled")
    return Text("dealing")


def instruction(session: TableSession) -> Text | None:
    """What the croupier should do about the halt holding the round (None: not halted)."""
    rnd = session.round
    if rnd is None or rnd.halt is None or rnd.finished:
        return None
    kind = session.offer().halt
    if kind is None:
        return None
    return Text(kind.instruction, {"device": device_text(rnd.halt.device)})


# --------------------------------------------------------------------------- the table


def seat_order(seats: int) -> list[int]:
    """Seats left to right on the croupier's screen, as the dealer sees the table.

    Seat 1 ("first base") is at the dealer's left, so at the screen's left; settlement
    (highest seat first) then runs right to left across the screen, as the dealer's hands do.
    """
    return list(range(1, seats + 1))


def face_up(session: TableSession, position: str) -> int:
    """How many of the cards at ``position`` the croupier's screen shows face up.

    Game protection: a player's hole cards stay face down on the screen from the deal on,
    until the reader (or the croupier's keying) shows them at a reveal, or the round
    reaches showdown (settlement). The dealer's and the board's follow their reveals.
    A supervisor sees every card with ``all_cards`` (disputes).
    """
    rnd = session.round
    if rnd is None:
        return 0
    shown = rnd.revealed.get(position, 0)
    if position.startswith("seat") and rnd.void is None and \
            session.phase_info.stage in (Stage.SETTLEMENT, Stage.FINISHED):
        return len(rnd.cards.get(position, []))
    return shown


def seats_in_round(session: TableSession) -> list[int]:
    """Seats that had a stake in the round on the table (what a supervisor's adjustment may name)."""
    if session.round is None:
        return []
    return [seat for seat in range(1, session.table.seats + 1) if session.seat_stakes(seat)]


def all_cards(rnd: RoundState) -> dict[str, list[int]]:
    """Every card the station knows of the round, by position (the supervisor's dispute view)."""
    return {pos: list(cards) for pos, cards in rnd.cards.items() if cards}


def decision_stake(session: TableSession, seat: int, action: str) -> Decimal | None:
    """What ``action`` adds to the table for ``seat`` ("Play 4x - 40"); None when nothing.

    Read from the game's one definition of what a seat has on the table (``stakes``).
    """
    rnd = session.round
    st = rnd.seats.get(seat) if rnd is not None else None
    if st is None:
        return None
    game = session.game
    if not isinstance(game, BankingGame):
        return None
    before = sum(game.stakes(st.bets, st.actions).values(), ZERO)
    after = sum(game.stakes(st.bets, [*st.actions, action]).values(), ZERO)
    return after - before if after > before else None


# --------------------------------------------------------------------------- bets


@dataclass(frozen=True)
class ChipRow:
    """One row of chip buttons on the bet panel: the spot, its chips, what one press also places."""

    spot: str
    label: str
    chips: tuple[Decimal, ...]
    paired: tuple[str, ...] = ()
    fixed: Decimal | None = None
    """A spot with one fixed amount (THB's Pool): one tap places it, a second removes it."""
    matches: str | None = None
    """An optional spot always equal to another (THB's Bonus = Ante): one tap places it, a second removes it."""


DEFAULT_CHIPS = (Decimal(1), Decimal(5), Decimal(25), Decimal(100), Decimal(500), Decimal(1000))
ROW_CHIPS = 5
"""Chips on one row of the bet panel: the largest the spot takes, up to its maximum."""


def chip_set(table: TableConfig) -> tuple[Decimal, ...]:
    """The croupier's chips, smallest first (the profile's ``chips``, else a common set)."""
    return tuple(sorted(table.chips)) or DEFAULT_CHIPS


def chip_rows(game: BankingGame, table: TableConfig) -> list[ChipRow]:
    """The bet panel's rows, from the game's spots and the profile's chip set and limits."""
    chips = chip_set(table)
    limits = getattr(table, "limits", {})
    fixed_amounts = game.fixed_stakes(table)
    matched = game.matched_spots
    paired_to = {b: a for a, b in game.paired_spots.items()}
    rows: list[ChipRow] = []
    for spot in game.placeable_spots:
        if spot in paired_to:
            continue  # placed with its pair
        name = game.labels.get(spot, spot.capitalize())
        paired = tuple(b for a, b in game.paired_spots.items() if a == spot)
        if spot in fixed_amounts:
            rows.append(ChipRow(spot, name, (), paired, fixed_amounts[spot]))
            continue
        if spot in matched:
            rows.append(ChipRow(spot, name, (), paired, matches=matched[spot]))
            continue
        limit = limits.get(spot)
        if limit is None and paired_to:
            limit = limits.get(paired_to.get(spot, spot))
        usable = [c for c in chips if limit is None or (limit.min / 5 <= c <= limit.max)]
        rows.append(ChipRow(spot, name, tuple(usable[-ROW_CHIPS:] or chips[:ROW_CHIPS]), paired))
    return rows


def bets_after(current: Mapping[str, Decimal], row: ChipRow, chip: Decimal | None,
               rows: Sequence[ChipRow]) -> dict[str, Decimal]:
    """A seat's stakes after one press on ``row`` (``chip``: the chip pressed, None for a toggle).

    A chip adds to its spot and to the spots paired with it; a fixed or matching spot
    toggles; a matching spot follows the spot it matches. The game still checks the result.
    """
    bets = dict(current)
    if row.fixed is not None or row.matches is not None:
        if row.spot in bets:
            bets.pop(row.spot)
            for other in row.paired:
                bets.pop(other, None)
        else:
            amount = row.fixed if row.fixed is not None else bets.get(row.matches or "", ZERO)
            for spot in (row.spot, *row.paired):
                bets[spot] = amount
        return bets
    value = bets.get(row.spot, ZERO) + (chip or ZERO)
    for spot in (row.spot, *row.paired):
        bets[spot] = value
    for follower in rows:
        if follower.matches == row.spot and follower.spot in bets:
            bets[follower.spot] = value
    return bets


def bets_set(current: Mapping[str, Decimal], row: ChipRow, amount: Decimal,
             rows: Sequence[ChipRow]) -> dict[str, Decimal]:
    """A seat's stakes with ``row``'s spot set to ``amount`` (the keypad): its pairs and followers too."""
    bets = {spot: value for spot, value in current.items()}
    for spot in (row.spot, *row.paired):
        bets[spot] = amount
    for follower in rows:
        if follower.matches == row.spot and follower.spot in bets:
            bets[follower.spot] = amount
    return bets


def money_args(bets: Mapping[str, Decimal]) -> dict[str, str]:
    """Stakes as the session's ``set_bets`` takes them (exact decimal text)."""
    return {spot: format_money(v) for spot, v in bets.items()}


# --------------------------------------------------------------------------- settlement


def chip_breakdown(amount: Decimal, chips: Sequence[Decimal]) -> tuple[list[tuple[Decimal, int]], Decimal]:
    """How to pay ``amount`` with the chip set: (chip, count) largest first, and what no chip makes."""
    left = abs(amount)
    out: list[tuple[Decimal, int]] = []
    for chip in sorted(chips, reverse=True):
        count = int(left // chip)
        if count:
            out.append((chip, count))
            left -= chip * count
    return out, left


@dataclass(frozen=True)
class SeatPayout:
    """One seat's settlement as a croupier carries it out: first collect, then pay spot by spot.

    ``collect`` and ``pay`` are (spot, amount) in the game's spot order, amounts positive;
    ``push`` the spots whose stake stays; ``jackpot`` a progressive award, paid apart from
    the rack (its stake is collected like any losing spot); ``net`` what the seat ends with.
    """

    seat: int
    collect: tuple[tuple[str, Decimal], ...]
    pay: tuple[tuple[str, Decimal], ...]
    push: tuple[str, ...]
    jackpot: Decimal | None
    net: Decimal

    @property
    def collected(self) -> Decimal:
        return sum((amount for _, amount in self.collect), ZERO)

    @property
    def paid(self) -> Decimal:
        """What the rack pays (the jackpot not included)."""
        return sum((amount for _, amount in self.pay), ZERO)


def seat_payout(settlement: Mapping[str, Any], seat: int) -> SeatPayout | None:
    """``seat``'s entry of a settlement as a ``SeatPayout`` (None: the seat is not in it).

    A Pool net is the award less the stake (``games/thb.py``): with an award the stake is
    collected and the award paid from the progressive, never broken into the rack's chips.
    """
    entry = next((e for e in settlement.get("seats", []) if e["seat"] == seat), None)
    if entry is None:
        return None
    awards = [Decimal(str(a["amount"])) for a in (settlement.get("jackpot") or {}).get("awards", [])
              if a.get("seat") == seat]
    award = sum(awards, ZERO) if awards else None
    collect: list[tuple[str, Decimal]] = []
    pay: list[tuple[str, Decimal]] = []
    push: list[str] = []
    for spot, text in entry.get("bets", {}).items():
        net = Decimal(str(text))
        if spot == "pool" and award is not None:
            stake = award - net
            if stake > 0:
                collect.append((spot, stake))
            continue
        if net < 0:
            collect.append((spot, -net))
        elif net > 0:
            pay.append((spot, net))
        else:
            push.append(spot)
    return SeatPayout(seat, tuple(collect), tuple(pay), tuple(push), award, Decimal(str(entry["net"])))


@dataclass(frozen=True)
class HeldAward:
    """A progressive hit held for a supervisor: who, which hand, its five cards, the share and amount."""

    seat: int
    category: str
    cards: tuple[int, ...]
    percent: Decimal
    amount: Decimal


def held_awards(rnd: RoundState | None) -> list[HeldAward]:
    """The round's progressive awards waiting for verification (a game keeps them: ``held()``)."""
    held = getattr(rnd.game_state, "held", None) if rnd is not None else None
    if not callable(held) or rnd is None:
        return []
    board = tuple(rnd.cards.get("board", [])[:3])
    return [HeldAward(a.seat, a.category, (*rnd.hole(a.seat)[:2], *board), a.percent, a.amount) for a in held()]


def settlement_order(rnd: RoundState) -> list[int]:
    """Seats in the order the croupier settles them: the settlement's own order (highest first)."""
    return [entry["seat"] for entry in (rnd.settlement or {}).get("seats", [])]


def house_result(rnd: RoundState) -> Decimal:
    """The table's result of a paid round: what the players lost minus what they were paid."""
    return -sum((Decimal(str(s["net"])) for s in (rnd.settlement or {}).get("seats", [])), ZERO)


# --------------------------------------------------------------------------- the bet sensor


@dataclass(frozen=True)
class SensedSeat:
    """A seat's stakes as the bet sensor proposes them while betting is open (its tile's view)."""

    spots: Mapping[str, SpotView]
    problem: Text | None = None
    """Why it cannot be locked in as it stands (an unknown chip, a limit), in the croupier's words."""
    unknown: tuple[tuple[str, str], ...] = ()
    """(spot, chip) of each chip the inventory does not know: the seat is held for a supervisor."""


def sensed_entry(session: TableSession) -> dict[int, SensedSeat]:
    """While betting is open at a table with a bet sensor, each seat's sensed stakes ({} otherwise)."""
    rnd = session.round
    if session.sensing is None or rnd is None or rnd.halt is not None or session.phase_info.stage is not Stage.BETTING:
        return {}
    out = {}
    for seat, view in session.sensed_bets().items():
        unknown = tuple((spot, chip) for spot, spot_view in view.spots.items() for chip in spot_view.unknown)
        problem = Text("sensed:held", {"seat": seat, "spot": label(session.game, unknown[0][0])}) if unknown else \
            refusal_of(view.refusal, session.game) if view.refusal else None  # the chip's id: in the refusal
        out[seat] = SensedSeat(view.spots, problem, unknown)
    return out


@dataclass(frozen=True)
class SensedSpot:
    """One spot of a seat at the settlement: what must lie there against what the sensor sees."""

    spot: str
    stake: Decimal
    due: Decimal
    seen: Decimal | None
    """None: the spot is keyed (its antenna down), the croupier's word."""
    problem: Text | None = None
    """What is wrong ("Play: short 100"), None when the chips are what is due or the spot is keyed."""

    @property
    def outcome(self) -> str:
        """``collect`` (nothing may stay), ``push`` (the stake stays) or ``pay`` (stake and pay)."""
        return "collect" if self.due == 0 else "push" if self.due == self.stake else "pay"


def mismatch_text(game: Any, spot: str, mismatch: tuple[str, Decimal] | None) -> Text | None:
    """A spot's ``SpotCheck.mismatch`` in the croupier's words (the engine's own wording, translated)."""
    if mismatch is None:
        return None
    return Text(f"mismatch:{mismatch[0]}", {"spot": label(game, spot), "amount": format_money(mismatch[1])})


def sensed_settlement(session: TableSession, seat: int) -> list[SensedSpot]:
    """``seat``'s spots at the settlement, due against seen ([] without a bet sensor, or once it is paid)."""
    rnd = session.round
    sensing = session.sensing
    if sensing is None or rnd is None or rnd.settlement is None or rnd.finished or seat not in rnd.seats \
            or rnd.seats[seat].paid:
        return []
    stakes = session.seat_stakes(seat)
    return [SensedSpot(check.spot, stakes.get(check.spot, ZERO), check.due, check.seen,
                       mismatch_text(session.game, check.spot, check.mismatch))
            for check in sensing.checks(rnd, seat, stakes)]


def payout_held(session: TableSession) -> dict[int, dict[str, Text]]:
    """Per unpaid seat whose chips are not what is due, what is wrong on which spot ("Paid" is held
    until it is right, or a supervisor overrides): the engine's ``payout_problems``, as message keys."""
    rnd = session.round
    if session.sensing is None or rnd is None or rnd.settlement is None or rnd.finished:
        return {}
    out = {}
    for seat in sorted(rnd.seats):
        wrong = {spot.spot: spot.problem for spot in sensed_settlement(session, seat) if spot.problem is not None}
        if wrong:
            out[seat] = wrong
    return out


def bet_alarm_text(session: TableSession) -> Text | None:
    """A bet alarm holding the round, from the sensor's view now: the seat, the spot, what was locked,
    what it sees there now - or that the locked stake is back (the supervisor may restore it)."""
    rnd = session.round
    sensing = session.sensing
    alarm = sensing.alarm_spot(rnd) if sensing is not None and rnd is not None and not rnd.finished else None
    if alarm is None:
        return None
    seat, spot, held, seen, back = alarm
    args = {"seat": seat, "spot": label(session.game, spot), "locked": format_money(held.amount),
            "seen": format_money(seen)}
    return Text("halt:bet_alarm_back" if back else "halt:bet_alarm", args)


def locked_stake(rnd: RoundState | None, seat: int, spot: str) -> Decimal | None:
    """The stake locked on ``seat``'s ``spot`` at "no more bets" (the journaled one), None if none."""
    sensed = rnd.sensed if rnd is not None else None
    if not isinstance(sensed, RoundSensing) or sensed.locked is None or (seat, spot) not in sensed.locked:
        return None
    return sensed.locked[(seat, spot)].amount


# --------------------------------------------------------------------------- refusals

def refusal_of(error: BaseException, game: Any) -> Text:
    """A refusal in the croupier's words, from the key and values it was raised with
    ("Ante 515 is above the table maximum 500"); one without a key is passed on as said."""
    if isinstance(error, DealerStationError) and error.key:
        values: dict[str, Any] = dict(error.values)
        for name in ("spot", "other"):
            if name in values:
                values[name] = label(game, values[name])
        return Text(error.key, values)
    if isinstance(error, DealerStationError):
        return Text("refused", {"problem": f"{error.field}: {error.problem}" if error.field else error.problem})
    return Text("refused", {"problem": str(error)})


# --------------------------------------------------------------------------- the shift


def _local_now() -> datetime:
    return datetime.now().astimezone()


ENDED = frozenset({"round_paid", "round_voided"})
SENSED = frozenset({"bet_alarm", "sensor_held", "payout_overridden"})
"""What the bet sensor caught, as journaled: the shift tally's sensor counters are counted from these."""


@dataclass
class ShiftTally:
    """The croupier's shift counters: rounds and the table's result, and at a table with a bet
    sensor what it caught - mispays (count and amount), losing bets left, past-posting and pinching
    alarms, counterfeit chips, supervisor overrides.

    A round counts in the shift in which it ended (as in the pit's reports), a catch in the shift
    in which it was journaled, with the station's local time and the profile's shift boundaries.
    ``seed`` counts what the journal already holds of the current shift (records of ``KINDS``), so a
    restart mid-shift loses nothing; ``observe`` is called after every committed step (a session
    listener), so every round that ends is counted once, however fast rounds go, and, given the
    journal, every catch since; all start afresh when the next shift begins. A mispay or a losing
    bet is counted once per round and spot, however often "Paid" was pressed on it; a counterfeit
    chip once per round and chip id (``table.sensing.count_catches``: the floor counts them the same way).
    """

    KINDS: ClassVar[frozenset[str]] = ENDED | SENSED

    shifts: Sequence[time] = DEFAULT_SHIFTS
    clock: Callable[[], datetime] = _local_now
    rounds: int = 0
    voided: int = 0
    result: Decimal = ZERO
    mispays: int = 0
    mispaid: Decimal = ZERO
    """The amounts the mispays caught were short or over by."""
    losing_left: int = 0
    past_posts: int = 0
    pinches: int = 0
    counterfeits: int = 0
    overrides: int = 0
    started: datetime | None = None
    read_to: int = 0
    """The journal's sequence number up to which catches were looked for."""
    _seen: set[str] = field(default_factory=set)
    _caught: set[tuple[Any, ...]] = field(default_factory=set)

    def roll(self) -> None:
        """Start afresh if a new shift has begun since the counters' own."""
        start = local_shift_start(self.clock(), self.shifts)
        if self.started != start:
            self.started, self.rounds, self.voided, self.result = start, 0, 0, ZERO
            self.mispays, self.mispaid, self.losing_left = 0, ZERO, 0
            self.past_posts = self.pinches = self.counterfeits = self.overrides = 0
            self._seen.clear()
            self._caught.clear()

    def seed(self, records: Iterable[Any]) -> None:
        """Count the journal's records of ``KINDS`` of the current shift (rounds ended, catches made)."""
        self.roll()
        assert self.started is not None
        since = self.started.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")
        for record in records:
            self.read_to = max(self.read_to, record.seq)
            if record.at < since:
                continue
            if record.kind in SENSED:
                self._catch(record)
            elif record.kind in ENDED and record.round_id and record.round_id not in self._seen:
                self._count(record.round_id, record.kind == "round_voided",
                            Decimal(str(record.payload.get("house_net", "0"))))

    def observe(self, state: TableState, journal: Any = None) -> None:
        """After a committed step: the round that ended, and (given the journal) the catches since."""
        self.roll()
        if journal is not None and state.last_seq > self.read_to:
            for record in journal.events(since_seq=self.read_to, kinds=set(SENSED)):
                self._catch(record)
            self.read_to = state.last_seq
        rnd = state.round
        if rnd is None or not rnd.finished or rnd.round_id in self._seen:
            return
        self._count(rnd.round_id, rnd.phase == VOID, house_result(rnd))

    def _count(self, round_id: str, voided: bool, result: Decimal) -> None:
        self._seen.add(round_id)
        self.rounds += 1
        if voided:
            self.voided += 1
        else:
            self.result += result

    def _catch(self, record: Any) -> None:
        self.read_to = max(self.read_to, record.seq)
        payload = record.payload
        if record.kind == "bet_alarm":
            if payload.get("cause") == "past_post":
                self.past_posts += 1
            elif payload.get("cause") == "pinch":
                self.pinches += 1
        elif record.kind == "payout_overridden":
            self.overrides += 1
        elif record.kind == "sensor_held":
            count_catches(self, self._caught, record.round_id, payload)


# --------------------------------------------------------------------------- poker


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
