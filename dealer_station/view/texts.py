"""The croupier's words: message keys with their English, and the texts built from them.

Everything the screen says travels as a ``Text`` (a key of ``ENGLISH`` with its arguments) or a
``Label`` (a game's own word, translated in the game's context: seed 001 calls UTH's Trips
"Bonus"), so the screen says it in the croupier's language (``ui.i18n``) and logs, tests and the
command line say it in English (``Text.english()``). This is the one message catalogue.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..engine.bet_sensing import MISMATCH
from ..errors import DealerStationError

ENGLISH: dict[str, str] = {
    "open_betting": "Open betting for the next round",
    "round_void": "Round void ({cause}): stakes returned. Open the next round",
    "halted": "HALTED - {what}",
    "place_bets": "Place your bets, then call No more bets",
    "waiting_deck": "No more bets - waiting for a verified deck",
    "deal_by_hand": "Deal by hand, face down: two to each seat, two to the dealer, five to the board; then Cards dealt",
    "dealing": "Dealing",
    "deal_from_shoe": "Reading shoe, {order}: 2 to each seat, 2 to the dealer, 5 to the board",
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
    # the disk watch (docs/journal-archive.md): the journal's disk getting full, then too full to open a round
    "disk_low": "Open betting for the next round. The journal's disk is getting full: tell a supervisor",
    "disk_full": "STOPPED - the journal's disk is nearly full: no round opens until a technician frees space",
    "call_supervisor": "Call a supervisor",
    "call_supervisor_jackpot": "Jackpot: call a supervisor to verify it",
    "wait_for_device": "Waiting for the {device} to reconnect; call a supervisor if it does not",
    "key_unreadable": "Key the card in from what you read on its face",
    "pass_or_key": "The reader read nothing: pass the card over it again, or key it",
    "halt:no_read": "{place} was not read in {seconds} s",
    # a linked progressive (GAMES.md §3): the Pool without its controller, a hit held anywhere on the link
    "pool_closed": "Pool closed: no link",
    "pool_pending": "Jackpot pending verification at table {table}: {amount}",
    # positions on the table
    "pos:board": "board",
    "pos:dealer": "dealer",
    "pos:burn": "burn",
    "pos:seat": "seat {seat}",
    # the table bank (docs/bank.md): the Bank panel's lines and its refusals
    "bank:none": "This table keeps no bank",
    "bank:no_shift_yet": "No shift open: count the tray and open one",
    "bank:shift_open": "Shift {shift} open ({day}): dealer {dealer}, supervisor {supervisor}",
    "bank:shift_closed": "Shift {shift} ({day}) closed: count the tray and open the next",
    "bank:discrepancy": "Opener differs from the last closer by {amount} ({class})",
    "class:ok": "ok",
    "class:note": "note",
    "class:report": "report to security",
    "class:regulator": "report to the regulator",
    "bank:no_bank": "This table keeps no bank",
    "bank:no_shift": "No shift is open: open one with its opener first",
    "bank:no_dealer": "Sign the dealer in first: the dealer and a supervisor count the chips",
    "bank:bad_count": "Not a count of this table's chips: {problem}",
    "bank:round_open:shift": "Round {round_id} is still open: a shift opens between rounds",
    "bank:round_open:close": "Round {round_id} is still open: a shift closes between rounds",
    "bank:shift_is_open": "Shift {shift} is open: close it first",
    "bank:slip_in_flight": "Slip {slip} is still in flight: receive it or void it first",
    "bank:bad_seat": "Choose a seat from 1 to {seats}",
    "bank:bad_kind": "A buy-in is cash or a marker",
    "bank:bad_amount": "Not a buy-in amount: {problem}",
    "bank:bad_player": "Not a player id",
    "bank:empty_slip": "A fill or a credit needs at least one chip",
    "bank:no_desk": "No floor numbers slips at this table: no fill or credit can be issued",
    "bank:floor_unreachable": "The floor cannot be reached: no slip issued. Try again when it is back",
    "bank:no_slip": "No slip {slip} in this shift",
    "bank:not_issued": "Slip {slip} is {state}: only an issued slip is received",
    "bank:not_in_flight": "Slip {slip} is {state}: only a slip in flight can be voided",
    "bank:slip_refused": "Slip {slip} refused: the chips counted are not the slip's. Nothing moved",
    "bank:own_slip": "Another supervisor must void it: whoever requested a slip may not void it",
    "action:open_shift": "Open the shift",
    "action:close_shift": "Close the shift",
    "action:request_fill": "Request a fill",
    "action:request_credit": "Request a credit",
    "action:receive_slip": "Receive a slip",
    "action:void_slip": "Void a slip",
    "action:clear_tray_alarm": "Clear the tray alarm",
    "reason:tray_chips_found": "The chips were found (counted again)",
    "reason:tray_reported": "Reported to security",
    "reason:tray_antenna_misread": "The antenna misread the tray",
    # the tray antenna (docs/bank.md, "The sensed tray at the table")
    "tray_alarm": "TRAY ALARM after round {round}: the tray is {amount} off ({moved}). Call a supervisor",
    "bank:no_tray_alarm": "There is no tray alarm to clear",
    "bank:no_tray_scan": "The tray antenna has not read the tray: count the closer by hand",
    "bank:tray_scan_partial": "The tray antenna's last scan is not whole (a column unread or an unknown chip): "
                              "count the closer by hand",
    "bank:closer_not_sensed": "The closer given is not the tray the antenna read: confirm the sensed one or count "
                              "by hand",
    "bank:bad_sensed": "Sensed is yes or no",
    "bank:no_closer": "Count the closer (or confirm the tray antenna's)",
    "reason:slip_wrong_chips": "Wrong chips on the slip",
    "reason:slip_not_needed": "Not needed any more",
    "when:buy_in": "A buy-in is taken between rounds or while bets are open",
    "when:open_shift": "A shift opens between rounds",
    "when:close_shift": "A shift closes between rounds: finish the round first",
    # devices
    "device:shuffler": "shoe",
    "device:reader": "reader",
    "device:reading_shoe": "reading shoe",
    "device:bet_sensor": "bet sensor",
    "device:tray": "tray antenna",
    "device:device": "device",
    # devices that must prove who they are (HARDWARE.md, authentication)
    "device_refused": "{device} {model} {serial} refused: {reason}. Do not deal; call a supervisor and a technician",
    "do_not_deal": "Do not deal; call a supervisor and a technician",
    "halt:refused": "The {device} {model} {serial} was refused: {reason}",
    "device_refused_short": "refused: {reason}",
    "unauthenticated": "unauthenticated",
    "any_program": "any program approved",
    "refusal:impostor": "wrong key",
    "refusal:rogue_firmware": "program not approved",
    "refusal:swap": "another unit on its port",
    "refusal:unknown_serial": "serial not enrolled",
    "refusal:revoked": "enrolment revoked",
    "action:accept_device": "Accept the unit now on its port: it replaces the one that stood there",
    "choice:accept_device": "Accept the unit",
    "reason:unit_checked": "Unit checked by the supervisor",
    # what stopped a round (halt and void causes)
    "cause:jam": "Shoe jam",
    "cause:misfeed": "Shoe misfeed",
    "cause:door_open": "Shoe door open",
    "cause:internal_error": "Device error",
    "cause:shoe_alarm": "Reading shoe alarm",
    "cause:card_unreadable": "Card unreadable",
    "cause:no_read": "No read from the reader",
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
    "cause:device_refused": "Device refused",
    "cause:shoe_warning": "Reading shoe warning",
    "cause:other": "Stopped",
    # what a device reports, by its fault code (its own text is journaled, never shown: it is the vendor's English)
    "fault:jam": "a card is jammed in the feed",
    "fault:misfeed": "a card did not feed",
    "fault:door_open": "its door is open",
    "fault:internal_error": "an internal error",
    "fault:card_unreadable": "a card it could not read",
    "fault:deck_count_wrong": "the deck count is wrong",
    "fault:power_restored": "it was switched off and on again",
    "fault:link_lost": "its link is lost",
    "fault:crc_errors": "too many transmission errors",
    "fault:shoe_alarm": "an alarm ({code})",
    "fault:other": "a fault",
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
    "action:verify_jackpot_figures": "Jackpot: seat {seat}, {hand} {cards}: meter at the hit {meter} \u00d7 {percent}% "
                                     "= {amount}",
    # what a halt is about, said from its details (the journal's own text stays English)
    "halt:mismatch": "The shoe dealt {expected} as {place}; the reader read {read}",
    "halt:unreadable": "{place} could not be read: key it in from its face",
    "halt:link": "The {device} does not answer: {reason}",
    "halt:deck": "Deck check: {count} cards; missing {missing}; extra {extra}; twice {duplicates}",
    "deck:short": "The deck is short: {cards} missing",
    "deck:twice": "{cards} twice in the deck",
    "deck:extra": "{cards} not of this deck",
    "deck:count": "The deck has {count} cards, not 52",
    "deck_recheck": "Find the missing card or change the deck, then Re-check the deck; the bets stay",
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
    "reason:shoe_jam": "Shoe jam",
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
    "refuse_foreign_card": "Seat {seat}: a card of another casino: refused",
    "refuse_card_no_seat": "A card was read at the table's reader: tap Players and choose the seat first",
    "refuse_bad_swipe": "Seat {seat}: the card was not read whole: swipe it again",
    "refuse_already_seated": "This player is already carded in at seat {seat}",
    "refuse_excluded": "Card refused: this player is on the exclusion list (list as of {since}); call a supervisor",
    "refuse_seat_taken": "Seat {seat} has a player carded in: card them out first",
    "refuse_no_player": "No player is carded in at seat {seat}",
    "refuse_seat_held": "Seat {seat} is held (its player is excluded): no stake is taken; call a supervisor",
    # winnings withheld from a held seat (docs/players.md "Exclusion")
    "withheld_call": "Winnings withheld at seat {seats} (player excluded): call a supervisor",
    "settle_seat_withheld": "Settle seat {seat}: collect, pay nothing: {amount} withheld (player excluded)",
    "refuse_nothing_withheld": "No winnings are withheld at that seat",
    "action:release_withheld": "Release the winnings withheld: pay them to the player",
    "action:forfeit_withheld": "Forfeit the winnings withheld: the player is not paid",
    "reason:listed_in_error": "Player listed in error",
    "reason:exclusion_confirmed": "Exclusion confirmed",
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
    "fix:over": "take {amount} back from {spot}",
    "fix:short": "add {amount} to {spot}",
    "fix:not_collected": "collect {spot} {amount}",
    "fix_seat": "Seat {seat}: {fixes}",
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
    "cause:cloned_chip": "Cloned chip: one chip id on more than one spot",
    "halt:clone": "Chip {chip} is seen on more than one spot (seats {seats}). Take the cloned tags off, then a "
                  "supervisor resolves it, or void the round",
    "halt:clone_gone": "Chip {chip} was seen on more than one spot (seats {seats}); each id lies on one spot now. "
                       "A supervisor resolves it, or voids the round",
    "action:resolve_clone": "Resolve the cloned chip: the clones are off the layout",
    "choice:resolve_clone": "Resolve the clone",
    "reason:clones_removed": "Cloned tags taken off the layout",
    "reason:chips_checked": "Every chip on the layout checked",
    # the round's history strip on a big panel (``view/history.py``)
    "history:opened": "Round {number} opened",
    "history:no_more_bets": "No more bets",
    "history:dealt": "Cards dealt",
    "history:revealed": "{place}: {card}",
    "history:decision": "Seat {seat}: {action}",
    "history:mucked": "Seat {seat} mucked",
    "history:halted": "Halted: {cause}",
    "history:resumed": "Going on",
    "history:settled": "Settled",
    "history:paid": "Seat {seat} paid",
    "history:unpaid": "Seat {seat} paid: undone",
    "history:closed": "Round closed",
    "history:voided": "Void: {cause}",
    "history:title": "This round",
    "limits:title": "Limits",
    "next:title": "Next",
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
    # a journaled phase (a void's ``phase``) in words, as recall shows it: ``phase_text``
    "phase:closed": "Table closed",
    "phase:betting": "Betting",
    "phase:no_more_bets": "No more bets",
    "phase:shuffle": "Shuffling",
    "phase:dealing": "Dealing",
    "phase:dealer_reveal": "Dealer's hand revealed",
    "phase:hands_reveal": "Players' hands revealed",
    "phase:showdown": "Showdown",
    "phase:settlement": "Settlement",
    "phase:paid": "Paid",
    "phase:void": "Void",
    "phase_of:reveal": "{street} revealed",
    "phase_of:decision": "{street} decision",
    "phase_of:deal": "Dealing the {street}",
    "phase_of:other": "{phase}",
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
    "void": ("reason:misdeal", "reason:card_exposed", "reason:device_fault", "reason:shoe_jam", "reason:dispute"),
    "clear_fault": ("reason:jam_cleared", "reason:door_closed", "reason:device_replaced"),
    "accept_mismatch": ("reason:card_checked",),
    "verify_jackpot": ("reason:hand_checked",),
    "resume": ("reason:checked_go_on", "reason:device_replaced"),
    "view_cards": ("reason:dispute", "reason:protection"),
    "adjust": ("reason:wrong_payout", "reason:card_miskeyed", "reason:dispute"),
    "correct_card": ("reason:card_miskeyed", "reason:dispute"),
    "restore_stake": ("reason:chip_returned", "reason:player_warned"),
    "accept_chip": ("reason:sister_casino_chip", "reason:chip_checked"),
    "override_payout": ("reason:payout_counted", "reason:antenna_misread"),
    "resolve_clone": ("reason:clones_removed", "reason:chips_checked"),
    "accept_device": ("reason:device_replaced", "reason:unit_checked"),
    "void_slip": ("reason:slip_wrong_chips", "reason:slip_not_needed"),
    "clear_tray_alarm": ("reason:tray_chips_found", "reason:tray_reported", "reason:tray_antenna_misread"),
    "release_withheld": ("reason:listed_in_error",),
    "forfeit_withheld": ("reason:exclusion_confirmed",),
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


def phase_text(game: Any, phase: str) -> Text:
    """A journaled phase id in the croupier's words: ``flop_reveal`` -> "Flop revealed", ``river`` -> "River
    decision", a poker hand's ``deal_turn`` -> "Dealing the turn" (an id no game has: as it is)."""
    if f"phase:{phase}" in ENGLISH:
        return Text(f"phase:{phase}")
    if phase.startswith("deal_") and f"poker:street:{phase[5:]}" in ENGLISH:
        return Text("phase_of:deal", {"street": Text(f"poker:street:{phase[5:]}")})
    street, reveal = (phase[:-len("_reveal")], True) if phase.endswith("_reveal") else (phase, False)
    if f"street:{street}" in game.labels:
        word: Text | Label = label(game, f"street:{street}")
    elif f"poker:title:{street}" in ENGLISH:
        word = Text(f"poker:title:{street}")
    else:
        return Text("phase_of:other", {"phase": phase})
    return Text("phase_of:reveal" if reveal else "phase_of:decision", {"street": word})

def fault_text(code: str | None, detail: str = "") -> Text:
    """What a device reported, by its fault code, in the croupier's words (a reading shoe's alarm keeps its
    own code, ``detail``'s first word); the device's own text stays in the journal."""
    if code == "shoe_alarm":
        return Text("fault:shoe_alarm", {"code": detail.split(" ", 1)[0] if detail else "-"})
    return Text(f"fault:{code}") if f"fault:{code}" in ENGLISH else Text("fault:other")


def cause_text(cause: str | None) -> Text:
    return Text(f"cause:{cause}") if f"cause:{cause}" in ENGLISH else Text("cause:other")


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
