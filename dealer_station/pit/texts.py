"""The pit page's words: English message keys in one catalogue, so that a translation can follow.

The pit's pages speak English only (the croupier's screen translates, through ``ui.i18n`` and
``view.texts``; the pit had no language support of its own). Every sentence the page builds from the
floor's records - a round's timeline, a game's name, who acted, what an alarm means and what to do
about it - is a key of ``ENGLISH`` with its arguments, said by ``say``. A second language is a second
dict of the same keys in ``LANGUAGES``; a key missing from it falls back to English.

Values are escaped when said into HTML (``say`` returns ``Markup``), except those that already are
markup (a card drawn with its suit).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from markupsafe import Markup, escape

ENGLISH: dict[str, str] = {
    # games, in words (the floor keeps the registry's codes: uth, holdem_bonus, holdem)
    "game:uth": "Ultimate Texas Hold'em",
    "game:holdem_bonus": "Texas Hold'em Bonus",
    "game:holdem": "Hold'em (poker room)",
    # who acted: the journal's actors, named where the pit knows them
    "who:croupier": "the croupier",
    "who:dealer": "{dealer} (croupier)",
    "who:station": "the station",
    "who:device": "the {device} (device)",
    "who:supervisor": "supervisor with badge {badge}",
    "who:holder": "{name} (supervisor, badge {badge})",
    "who:pit_user": "{user} ({role})",
    # devices and places on the table
    "device:shuffler": "shoe",
    "device:reader": "reader",
    "device:reading_shoe": "reading shoe",
    "device:bet_sensor": "bet sensor",
    "pos:board": "the board",
    "pos:dealer": "the dealer",
    "pos:burn": "the burn",
    "pos:seat": "seat {seat}",
    # money moved per seat, and small phrases
    "seat_amount": "seat {seat} {amount}",
    "count_to": "{count} to {position}",
    "yes": "yes",
    "no": "no",
    "none": "none",
    # alarms as work items (``alarms``): what each means, what to do, where it stands
    "alarm:journal:title": "Table {table}: its journal no longer matches the floor's copy (from seq {seq})",
    "alarm:journal:means": "The station's journal stopped extending what the floor already holds: a record the floor "
                           "accepted was changed, removed or replaced at the station. Nothing the table journals after "
                           "seq {seq} reaches the floor, and its reports stop there.",
    "alarm:journal:todo": "Do not restart, repair or reinstall the station, and keep its journal as it is. Call "
                          "surveillance and a technician; an auditor compares the station's journal with the floor's "
                          "copy (the round's raw events).",
    "alarm:bounded:title": "Table {table}: more than 99 different alarms",
    "alarm:bounded:means": "This table raised more than 99 different alarms; every further one is counted on this one "
                           "row so that the floor is not flooded.",
    "alarm:bounded:todo": "Stop the table and call a technician and an auditor: a station that keeps sending records "
                          "the floor refuses is broken or tampered with.",
    "alarm:link:title": "Table {table}: the linked progressive refused a step of its round",
    "alarm:link:means": "The linked progressive's controller (the floor) refused what this table sent: its figures "
                        "were not the floor's (a station out of step with the link, or figures made up). The shared "
                        "meter did not move; the round played no Pool or waits for its award.",
    "alarm:link:todo": "Check the table's screen and its Pool bets; call a technician and an auditor before the table "
                       "plays the Pool again.",
    "alarm:login:title": "Station login {login} sent records of a table it is not for",
    "alarm:login:means": "A station login pinned to its own tables tried to send records of table {last}. Nothing was "
                         "written, but someone is using a station's login for a table it is not meant for.",
    "alarm:login:todo": "Call IT security: find the machine using this login, and give the login a new password.",
    "alarm:unreadable:title": "Table {table}: a record the floor cannot read (seq {seq})",
    "alarm:unreadable:means": "The floor holds this {kind} record but cannot read it, so its round is missing from "
                              "the reports (a station newer than the floor, or a damaged record).",
    "alarm:unreadable:todo": "Call a technician: bring the floor up to the station's version, or have the record "
                             "examined. The table's reports are short until then.",
    "alarm:shuffle:title": "Shuffler {serial} is not shuffling randomly",
    "alarm:shuffle:means": "This shuffler is not shuffling randomly: its shuffle audit fails ({tests}) over its last "
                           "{deals} deals, at {tables}. Players who notice could predict the cards.",
    "alarm:shuffle:todo": "Take it off the table and call a technician; deal from another shuffler meanwhile. Keep "
                          "its deals on the floor for the auditors.",
    "alarm:state:new": "New: nobody has acknowledged it yet.",
    "alarm:state:acknowledged": "Acknowledged by {who} at {at}.",
    "alarm:state:assigned": "Assigned to {assignee} by {who} at {at}.",
    "alarm:state:resolved": "Resolved by {who} at {at}.",
    "alarm:step:acknowledge": "{who} acknowledged it",
    "alarm:step:assign": "{who} assigned it to {assignee}",
    "alarm:step:resolve": "{who} resolved it",
    "alarm:reopened": "Seen again after it was resolved: open again.",
    # a round's progressive, fact by fact (``jackpot_view``)
    "meter:before": "The meter before the round",
    "meter:after": "The meter after the round",
    "meter:contributions": "Pool contributions: {count} stake(s), {stakes} in all, at {rate} each",
    "meter:aside": "besides: {overflow} to the overflow (above the cap), {reserve} to the reserve",
    "meter:award": "Seat {seat}'s {category}: {percent}% of {meter}, rounded down to the cent",
    "meter:held": "held for a supervisor's verification",
    "meter:from_overflow": "From the overflow, to raise the meter back to reset",
    "meter:from_reserve": "From the reserve, to raise the meter back to reset",
    "meter:seed": "Seeded by the house, to raise the meter back to reset",
    "meter:reversal": "Taken back (void): {what}",
    "meter:adds_up": "Adds up: {before} + {contributed} contributed − {awarded} awarded + {drawn} from the overflow "
                     "and reserve + {seeded} seeded = {after}, the meter the round's settlement says.",
    "meter:void_adds_up": "Adds up: the void took back every fact of the round; the meter is back at {after}.",
    "meter:does_not_add_up": "DOES NOT ADD UP: the journaled facts leave the meter at {after}; the round's "
                             "settlement says {recorded}.",
    "meter:link_before": "The shared meter of {link} at the round's first commit",
    "meter:commit": "Controller commit #{seq} ({op})",
    "meter:moved": "Other tables' play on the link moved the shared meter",
    "meter:link_after": "The shared meter as the controller left it after the round's last commit",
    "meter:link_adds_up": "Adds up: the round's settlement holds exactly its {commits} commit(s) at the controller: "
                          "contributions {contributed}, awards {awarded}.",
    "meter:link_differs": "DOES NOT ADD UP: the controller's {commits} commit(s) hold contributions {contributed} and "
                          "awards {awarded}; the round's settlement says contributions {settled_contributed}.",
    # a round's timeline: one sentence per event (``timeline.sentence``)
    "event:action_timeout": "Seat {seat}'s action clock ran out on the {street}: {action}.",
    "event:antenna_state:up": "The bet sensor's antenna at seat {seat}, {spot}, works again.",
    "event:antenna_state:down": "The bet sensor's antenna at seat {seat}, {spot}, stopped working (code {code}).",
    "event:bet_alarm": "Bet sensor alarm at seat {seat}, {spot}: {cause} after no more bets ({added} chip(s) added, "
                       "{removed} taken; the stake was {locked}, the sensor reads {sensed}).",
    "event:bets_sensed": "The bet sensor read the bets: {spots}.",
    "event:bets_set": "Seat {seat} bets {bets}.",
    "event:bets_set:player": "Seat {seat} ({player}) bets {bets}.",
    "event:card_corrected": "{position}, card {number}, corrected to {card} (was {was}).",
    "event:card_dealt": "The shoe dealt {card} to {position} (card {number}).",
    "event:card_dealt:manual": "{card} keyed for {position} (card {number}).",
    "event:card_dealt:duplicate": "The shoe dealt {card} to {position} (card {number}): a card already dealt from this deck.",
    "event:card_dealt:unexpected": "The shoe dealt {card} to {position} (card {number}), where no card was expected.",
    "event:card_revealed": "{card} shown at {position}, card {number}.",
    "event:card_revealed:read": "The reader read {card} at {position}, card {number}.",
    "event:card_revealed:misread": "The reader read {read} at {position}, card {number}; the card is {card}.",
    "event:card_revealed:manual": "{card} keyed at {position}, card {number}.",
    "event:card_revealed:accepted": "{card} at {position}, card {number}, accepted by a supervisor.",
    "event:clone_resolved": "The cloned tags were taken off the layout (chip {chips}); the round goes on: \u201c{reason}\u201d.",
    "event:chip_accepted": "Chip {chip} ({denomination}) accepted at seat {seat}, {spot}: \u201c{reason}\u201d.",
    "event:chips_added": "Seat {seat} adds {amount} in chips.",
    "event:deal_started": "Dealing from the shoe: {packets}.",
    "event:deal_started:by_hand": "Dealing by hand: {packets}.",
    "event:dealer_signed_in": "{dealer} signed in as the dealer.",
    "event:shift_opened": "Shift {shift} ({gaming_day}) opened by dealer {dealer} and supervisor {supervisor}: opener {opener}.",
    "event:shift_opened:checked": "Shift {shift} ({gaming_day}) opened by dealer {dealer} and supervisor {supervisor}: opener {opener}; against the last closer {discrepancy} ({discrepancy_class}).",
    "event:shift_closed": "Shift {shift} closed by dealer {dealer} and supervisor {supervisor}: closer {closer}.",
    "event:shift_closed:sensed": "Shift {shift} closed with the tray the antenna read, confirmed by dealer {dealer} and "
                                 "supervisor {supervisor}: closer {closer}.",
    "event:disk_space:warning": "The journal's disk is running low: {free} free (the warning is below {warn}; the table "
                                "halts below {halt}). Make room or archive before it halts.",
    "event:disk_space:halt": "DISK HALT: the journal's disk has {free} free (below {halt}): no round opens until there is "
                             "room; the round in progress finishes in the room kept for it.",
    "event:disk_space:ok": "The journal's disk has room again: {free} free.",
    "event:segment_archived": "Records {first_seq} to {last_seq} ({records} records, gaming day {gaming_day}) archived as "
                              "{file} (sha256 {sha256}), every one held by the floor: they leave the live journal file.",
    "event:tray_scanned": "The tray antenna read the tray after round {after_round}: {sensed}.",
    "event:tray_scanned:unread": "The tray antenna read the tray after round {after_round} with column(s) {unread} "
                                 "unread: {sensed}.",
    "event:tray_alarm": "TRAY ALARM: the tray is {difference} off what moved, since round {after_round} (held "
                        "until round {confirmed_by}); chips that moved: {moved}. A supervisor looks into it.",
    "event:tray_alarm_cleared": "Supervisor {supervisor} cleared the tray alarm of round {after_round}: \u201c{reason}\u201d.",
    "event:buy_in": "Seat {seat} buys in: {amount} ({kind}).",
    "event:card_in": "Seat {seat}: player {player} carded in ({source}).",
    "event:card_out": "Seat {seat}: player {player} carded out.",
    "event:player_paused": "Seat {seat}: player {player} paused (away from the table).",
    "event:player_resumed": "Seat {seat}: player {player} back at the table.",
    "event:player_held": "Seat {seat} held: player {player} is on the exclusion list (as of {list_as_of}); no new stake, a supervisor called.",
    "event:winnings_withheld": "Seat {seat} ({player}, held): {amount} withheld at the settlement, not paid; owed until a supervisor decides.",
    "event:withheld_decided": "{by} {outcome} the {amount} withheld from seat {seat} ({player}) in round {round_id}: \u201c{reason}\u201d.",
    "event:rating_terms": "{by} changed the rating terms from the next round: comp rate {comp_rate}, edges {theo} ({source}).",
    "event:buy_in:player": "Seat {seat} ({player}) buys in: {amount} ({kind}).",
    "event:slip_requested": "A {kind} requested by {by} ({request}): {chips}.",
    "event:slip_issued": "The floor numbered {request}: {kind} slip {slip}.",
    "event:slip_received": "{kind} slip {slip} received by dealer {dealer} and supervisor {supervisor}: {chips}.",
    "event:slip_refused": "{kind} slip {slip} refused by dealer {dealer} and supervisor {supervisor}: counted {chips_seen} ({reason}).",
    "event:slip_voided": "{kind} slip {slip} voided by {by}: \u201c{reason}\u201d.",
    "event:dealer_signed_out": "{dealer} signed out as the dealer.",
    "event:decision": "Seat {seat} {action} ({street}).",
    "event:decision_sensed": "The bet sensor read seat {seat}'s {spot}: {amount}.",
    "event:decision_sensed:keyed": "Seat {seat}'s {spot} keyed in: {amount}.",
    "event:deck_invalidated": "The deck is no longer verified: {reason}.",
    "event:deck_requested": "A verified deck was asked of the shoe (attempt {attempt}).",
    "event:deck_verified": "Deck verified: {count} cards, none missing, none twice.",
    "event:deck_verified:bad": "Deck check failed: {count} cards; missing {missing}; extra {extra}; twice {duplicates}.",
    "event:device_accepted": "The {device} {model} {serial_number} was accepted in place of unit {replaces}: \u201c{reason}\u201d.",
    "event:device_fault": "The {device} reported a fault: {text} ({code}).",
    "event:device_link:up": "The {device} connected: {model} {serial}, program {firmware}.",
    "event:device_link:up_authenticated": "The {device} connected and proved who it is: {model} {serial}, program {firmware}.",
    "event:device_link:down": "The {device} disconnected{reason}.",
    "event:device_refused": "The {device} was refused at connect: {model} {serial}, {reason} ({detail}).",
    "event:device_status": "The {device} is {state}.",
    "event:halt_cleared": "{by} cleared the halt: \u201c{reason}\u201d.",
    "event:halted": "The round halted: {text}.",
    "event:hand_mucked": "Seat {seat} mucks.",
    "event:hand_started": "The hand starts: the button at seat {button}, blinds {blinds}, {players} players.",
    "event:jackpot_award": "Jackpot: seat {seat}'s {category} wins {percent}% of the meter: {amount}.",
    "event:jackpot_award:held": "Jackpot: seat {seat}'s {category} wins {percent}% of the meter: {amount}, held for a "
                                "supervisor's verification.",
    "event:jackpot_contribution": "Seat {seat}'s Pool stake {stake} adds {to_meter} to the meter.",
    "event:jackpot_contribution:more": "Seat {seat}'s Pool stake {stake} adds {to_meter} to the meter, "
                                       "{to_overflow} to the overflow and {to_reserve} to the reserve.",
    "event:jackpot_installed": "Jackpot rules installed: rate {rate}, reset {reset}, cap {cap}, verification from {verify_at}.",
    "event:jackpot_installed:link": "Jackpot rules installed: rate {rate}, reset {reset}, cap {cap}, verification from "
                                    "{verify_at}, on the linked progressive {link}.",
    "event:jackpot_link_commit": "The linked progressive {link} committed step {seq} ({op}): {facts}; the shared meter "
                                 "is now {meter}.",
    "event:jackpot_overflow": "{amount} moved from the overflow to the meter.",
    "event:jackpot_reserve_draw": "{amount} moved from the reserve to the meter.",
    "event:jackpot_seed": "The house seeds {amount} to raise the meter back to its reset value.",
    "event:jackpot_reversal": "Taken back (the round is void): {what}",
    "event:jackpot_verified": "{by} verified seat {seat}'s jackpot of {amount}: \u201c{reason}\u201d.",
    "event:journal_created": "The journal of table {table_id} was created ({purpose}).",
    "event:no_more_bets": "No more bets. Stakes: {stakes}.",
    "event:packet_done": "The shoe delivered {count} card(s) for {position}.",
    "event:packet_requested": "The shoe was asked for {count} card(s) for {position}.",
    "event:payout_overridden": "Seat {seat}'s payout let through despite the bet sensor ({problems}): \u201c{reason}\u201d.",
    "event:payout_sensed": "The bet sensor read seat {seat}'s payout: {spots}.",
    "event:phase": "The round moves on: {phase}.",
    "event:player_left": "The player at seat {seat} leaves with {cashed_out}.",
    "event:player_sat_in": "Seat {seat} sits in.",
    "event:player_sat_out": "Seat {seat} sits out.",
    "event:player_seated": "A player sits down at seat {seat} with {buy_in}.",
    "event:poker_action": "Seat {seat} {action} ({street}).",
    "event:poker_action:to": "Seat {seat} {action} to {to} ({street}).",
    "event:pool_closed": "Pool closed ({reason}): Pool stakes returned: {returned}.",
    "event:pots_awarded": "Pots awarded, rake {rake}. Stacks now: {stacks}.",
    "event:read_rejected": "The reader's {card} at {position}, card {number}, was not taken: {reason}.",
    "event:round_adjusted": "{by} corrected round {round_id}: {adjustments} (\u201c{reason}\u201d).",
    "event:round_opened": "Round {number} opens ({round_id}).",
    "event:round_paid": "Every seat paid: the house's net {house_net} on a handle of {handle}.",
    "event:round_paid:rake": "Every seat paid: the house's net {house_net} (rake {rake}) on a handle of {handle}.",
    "event:round_voided": "{by} voided the round during {phase}: {cause} (\u201c{reason}\u201d). Stakes returned: {returned}.",
    "event:seat_paid:won": "Seat {seat} is paid {amount}.",
    "event:seat_paid:lost": "Seat {seat} loses {amount}.",
    "event:seat_paid:push": "Seat {seat} neither wins nor loses.",
    "event:seat_paid_undone": "Seat {seat}'s payment is taken back (a mistaken tap).",
    "event:sensor_held": "The bet sensor held {command} at seat {seat}: {spots}.",
    "event:settled": "The round is settled (the record and its settlement are above).",
    "event:stake_restored": "Seat {seat}'s {spot} stake restored: \u201c{reason}\u201d.",
    "event:station_started": "The station started (program checked: {files} files, digest {digest}).",
    "event:street_dealt": "The {street} is dealt: {packets}.",
    "event:supervisor_auth": "{who} signed in to {action}.",
    "event:supervisor_auth:refused": "A supervisor's sign-in to {action} was refused ({reason}).",
    "event:terms_installed": "The table's terms installed ({game}, digest {digest}).",
    "event:unknown": "{kind}: {fields}",
}

LANGUAGES: dict[str, Mapping[str, str]] = {"en": ENGLISH}
"""Every language the pit's page can speak (one today); a translation is another dict of the same keys."""


def say(key: str, lang: str = "en", **values: Any) -> Markup:
    """The sentence of ``key`` in ``lang`` (English where the language lacks it), its values escaped."""
    text = LANGUAGES.get(lang, ENGLISH).get(key) or ENGLISH[key]
    return Markup(escape(text)).format(**values)


def game_name(code: Any, lang: str = "en") -> str:
    """A game's name in words (``holdem_bonus`` -> "Texas Hold'em Bonus"); an unknown code in words too."""
    key = f"game:{code}"
    return str(say(key, lang).unescape()) if key in ENGLISH else str(code or "?").replace("_", " ")
