"""A round's timeline in sentences: each journal event said in words, and who did it, by name.

``sentence(kind, payload, names)`` says one event of the floor's copy of a journal in the page's
language (``texts``: English message keys in one catalogue): "The shoe dealt A♠ to seat 3 (card 1)."
rather than ``card_dealt card=12 index=0 position=seat3``. Cards are drawn with their suit, amounts
as the journal holds them (exact), seats and places as the croupier says them. An event of a kind
this page does not know (a newer station's) is still shown, its fields listed. The raw payloads stay
on the auditors' raw events page.

``Names.who(actor)`` names the journal's actors: ``supervisor:0412`` is the pit user who holds
badge 0412 where the pit knows it (``pit users add --badge``), ``croupier`` the dealer signed in at
the table when the round opened, ``device:shuffler`` the shoe.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from markupsafe import Markup

from ..money import format_money
from ..view.texts import cause_text
from .texts import ENGLISH, say
from .views import card_html, money, words

_PLAY = re.compile(r"^play(\d+)x$")


@dataclass(frozen=True)
class Names:
    """Who the journal's actors are, as far as the pit knows: badge -> the pit user holding it, and the
    dealer signed in when the round opened."""

    holders: Mapping[str, str] = field(default_factory=dict)
    dealer: str | None = None
    lang: str = "en"

    def who(self, actor: Any) -> Markup:
        text = str(actor or "")
        if text == "croupier":
            return say("who:dealer", self.lang, dealer=self.dealer) if self.dealer else say("who:croupier", self.lang)
        if text == "station":
            return say("who:station", self.lang)
        if text.startswith("device:"):
            return say("who:device", self.lang, device=device(text[len("device:"):], self.lang))
        if text.startswith("supervisor:"):
            badge = text[len("supervisor:"):]
            holder = self.holders.get(badge)
            return (say("who:holder", self.lang, name=holder, badge=badge) if holder
                    else say("who:supervisor", self.lang, badge=badge))
        return Markup.escape(text)


def device(name: Any, lang: str = "en") -> str:
    key = f"device:{name}"
    return str(say(key, lang).unescape()) if key in ENGLISH else words(name)


def position(value: Any, lang: str = "en") -> Markup:
    text = str(value or "")
    if text.startswith("seat") and text[4:].isdigit():
        return say("pos:seat", lang, seat=int(text[4:]))
    return say(f"pos:{text}", lang) if f"pos:{text}" in ENGLISH else Markup.escape(words(text))


def cause(value: Any) -> str:
    """What stopped a round, in the croupier's screen's words where it has them ("jam" -> "Shoe jam")."""
    said = cause_text(str(value))
    return said.english() if said.key != "cause:other" else words(value)


def _map(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _amount(value: Any) -> str:
    try:
        return money(value)
    except (InvalidOperation, ValueError, TypeError):
        return str(value)


def _cards(values: Any) -> Markup:
    items = values if isinstance(values, list) else []
    return Markup(" ").join(card_html(v) for v in items) if items else Markup("\u2013")


def _number(index: Any) -> Any:
    return index + 1 if isinstance(index, int) and not isinstance(index, bool) else index


def _per_seat(mapping: Any, lang: str) -> Markup:
    """``{"1": "6", "2": "31"}`` -> "seat 1 6, seat 2 31"."""
    if not isinstance(mapping, Mapping) or not mapping:
        return say("none", lang)
    return Markup(", ").join(say("seat_amount", lang, seat=seat, amount=_amount(amount))
                             for seat, amount in mapping.items())


def _bets(mapping: Any) -> str:
    if not isinstance(mapping, Mapping):
        return str(mapping)
    return ", ".join(f"{words(spot)} {_amount(amount)}" for spot, amount in mapping.items()) or "-"


def _packets(packets: Any, lang: str) -> Markup:
    if not isinstance(packets, list):
        return Markup.escape(str(packets))
    return Markup(", ").join(say("count_to", lang, count=p[1], position=position(p[0], lang))
                             for p in packets if isinstance(p, list) and len(p) == 2)


def _spots(spots: Any) -> str:
    """The bet sensor's spots: "seat 1 ante 5 (keyed), blind 5"."""
    if not isinstance(spots, list):
        return str(spots)
    out = []
    for s in spots:
        if not isinstance(s, Mapping):
            continue
        seat = f"seat {s['seat']} " if "seat" in s else ""
        what = f" ({words(s['kind'])})" if s.get("kind") else " (keyed)" if s.get("keyed") else ""
        out.append(f"{seat}{words(s.get('spot'))} {_amount(s.get('amount', ''))}{what}")
    return ", ".join(out) or "-"


def _action(action: Any) -> str:
    """A decision as a verb: ``play4x`` -> "plays 4x", ``fold`` -> "folds"."""
    text = str(action or "")
    played = _PLAY.match(text)
    if played:
        return f"plays {played.group(1)}x"
    verbs = {"fold": "folds", "check": "checks", "call": "calls", "bet": "bets", "raise": "raises",
             "all_in": "goes all in", "post": "posts"}
    return verbs.get(text, words(text))


def _fact(payload: Any, lang: str) -> Markup:
    """A jackpot fact inside another record (a reversal's, a link commit's), as its own sentence."""
    if not isinstance(payload, Mapping) or not isinstance(payload.get("kind"), str):
        return Markup.escape(str(payload))
    return sentence(payload["kind"], dict(payload), Names(lang=lang))


Said = tuple[str, dict[str, Any]]
Builder = Callable[[dict[str, Any], "Names"], Said]


def _card_dealt(p: dict[str, Any], n: Names) -> Said:
    values = {"card": card_html(p.get("card")), "position": position(p.get("position"), n.lang),
              "number": _number(p.get("index"))}
    variant = ("duplicate" if p.get("duplicate") else "unexpected" if p.get("unexpected")
               else "manual" if p.get("manual") else "")
    return ("event:card_dealt" + (f":{variant}" if variant else ""), values)


def _card_revealed(p: dict[str, Any], n: Names) -> Said:
    values = {"card": card_html(p.get("card")), "read": card_html(p.get("read")),
              "position": position(p.get("position"), n.lang), "number": _number(p.get("index"))}
    if p.get("accepted"):
        return "event:card_revealed:accepted", values
    if p.get("manual") or p.get("by_hand"):
        return "event:card_revealed:manual", values
    if "read" in p:
        return ("event:card_revealed:read" if p.get("read") == p.get("card") else "event:card_revealed:misread"), values
    return "event:card_revealed", values


def _deck_verified(p: dict[str, Any], n: Names) -> Said:
    values = {"count": p.get("count"), "missing": _cards(p.get("missing")), "extra": _cards(p.get("extra")),
              "duplicates": _cards(p.get("duplicates"))}
    return ("event:deck_verified" if p.get("ok") else "event:deck_verified:bad"), values


def _device_link(p: dict[str, Any], n: Names) -> Said:
    identity = _map(p.get("identity"))
    values = {"device": device(p.get("device"), n.lang), "model": identity.get("model", ""),
              "serial": identity.get("serial_number", ""), "firmware": identity.get("firmware", ""),
              "reason": f": {p['reason']}" if p.get("reason") else ""}
    if not p.get("up"):
        return "event:device_link:down", values
    return ("event:device_link:up_authenticated" if identity.get("authenticated") else "event:device_link:up"), values


def _seat_paid(p: dict[str, Any], n: Names) -> Said:
    try:
        net = Decimal(str(p.get("net")))
    except InvalidOperation:
        return "event:seat_paid:won", {"seat": p.get("seat"), "amount": str(p.get("net"))}
    key = "won" if net > 0 else "lost" if net < 0 else "push"
    return f"event:seat_paid:{key}", {"seat": p.get("seat"), "amount": _amount(abs(net))}


def _contribution(p: dict[str, Any], n: Names) -> Said:
    values = {"seat": p.get("seat"), **{k: _amount(p.get(k, "0")) for k in ("stake", "to_meter", "to_overflow", "to_reserve")}}
    more = any(Decimal(str(p.get(k) or 0)) != 0 for k in ("to_overflow", "to_reserve"))
    return ("event:jackpot_contribution:more" if more else "event:jackpot_contribution"), values


def _link_commit(p: dict[str, Any], n: Names) -> Said:
    after = _map(p.get("after"))
    facts = _list(p.get("facts"))
    return "event:jackpot_link_commit", {
        "link": p.get("link"), "seq": p.get("seq"), "op": p.get("op"),
        "facts": Markup(" ").join(_fact(f, n.lang) for f in facts) or say("none", n.lang),
        "meter": _amount(after.get("meter", ""))}


def _installed(p: dict[str, Any], n: Names) -> Said:
    values = {k: _amount(p[k]) if p.get(k) is not None else say("none", n.lang)
              for k in ("rate", "reset", "cap", "verify_at")}
    if p.get("rate") is not None:
        values["rate"] = str(p["rate"])
    return ("event:jackpot_installed:link" if p.get("link") else "event:jackpot_installed"), {**values, "link": p.get("link")}


def _round_paid(p: dict[str, Any], n: Names) -> Said:
    values = {k: _amount(p.get(k)) if p.get(k) is not None else "?" for k in ("house_net", "handle", "rake")}
    return ("event:round_paid:rake" if p.get("rake") is not None else "event:round_paid"), values


def _hand_started(p: dict[str, Any], n: Names) -> Said:
    rules = _map(p.get("rules"))
    blinds = _list(rules.get("blinds"))
    stacks = _map(p.get("stacks"))
    return "event:hand_started", {"button": p.get("button"), "blinds": "/".join(_amount(b) for b in blinds) or "-",
                                  "players": len(stacks)}


def _station_started(p: dict[str, Any], n: Names) -> Said:
    return "event:station_started", {"files": p.get("files", "?"), "digest": str(p.get("digest", ""))[:12]}


def _terms(p: dict[str, Any], n: Names) -> Said:
    terms = _map(p.get("terms"))
    from .texts import game_name

    return "event:terms_installed", {"game": game_name(terms.get("game"), n.lang), "digest": p.get("digest", "")}


def _plain(key: str, **shape: Callable[[Any, Names], Any]) -> Builder:
    """An event said by one key, each named field shaped (a field without a shape is shown as it is)."""

    def build(p: dict[str, Any], n: Names) -> Said:
        names = re.findall(r"{(\w+)}", ENGLISH[key])
        return key, {name: shape[name](p.get(name), n) if name in shape else p.get(name, "") for name in names}

    return build


def _money(value: Any, n: Names) -> str:
    return _amount(value)


def _bytes(value: Any) -> str:
    """Bytes as a person reads a disk's room: MB with one decimal (GB from 10 GB)."""
    if not isinstance(value, int) or isinstance(value, bool):
        return "?"
    return f"{value / 1e9:,.1f} GB" if value >= 10e9 else f"{value / 1e6:,.1f} MB"


def _words(value: Any, n: Names) -> str:
    return words(value)


def _who(value: Any, n: Names) -> Markup:
    return n.who(value)


def _device(value: Any, n: Names) -> str:
    return device(value, n.lang)


def _pos(value: Any, n: Names) -> Markup:
    return position(value, n.lang)


def _card(value: Any, n: Names) -> Markup:
    return card_html(value)


def _chips(value: Any, n: Names) -> str:
    """A tray's or a slip's count: ``40 x 25, 20 x 100 (2,500)``, largest chips first."""
    counts = _map(value)
    try:
        pairs = sorted(((Decimal(str(d)), int(c)) for d, c in counts.items()), reverse=True)
    except (ArithmeticError, ValueError, TypeError):
        return str(value)
    listed = ", ".join(f"{c} x {format_money(d)}" for d, c in pairs if c)
    return f"{listed or 'no chip'} ({format_money(sum((d * c for d, c in pairs), Decimal(0)))})"


def _moved(value: Any) -> str:
    """A tray alarm's chips that moved, signed: ``-3 x 25, -1 x 5``, largest chips first."""
    try:
        pairs = sorted(((Decimal(str(d)), int(c)) for d, c in _map(value).items()), reverse=True)
    except (ArithmeticError, ValueError, TypeError):
        return str(value)
    return ", ".join(f"{c:+d} x {format_money(d)}" for d, c in pairs if c) or "-"


def _shift_opened(p: dict[str, Any], n: Names) -> Said:
    key = "event:shift_opened" if p.get("previous_closer") is None else "event:shift_opened:checked"
    return key, {"shift": p.get("shift"), "gaming_day": p.get("gaming_day", ""), "dealer": p.get("dealer", ""),
                 "supervisor": p.get("supervisor", ""), "opener": _chips(p.get("opener"), n),
                 "discrepancy": _amount(p.get("discrepancy")), "discrepancy_class": words(p.get("discrepancy_class"))}


BUILDERS: dict[str, Builder] = {
    "action_timeout": _plain("event:action_timeout", action=lambda v, n: _action(v), street=_words),
    "antenna_state": lambda p, n: ("event:antenna_state:up" if p.get("up") else "event:antenna_state:down",
                                   {"seat": p.get("seat"), "spot": words(p.get("spot")), "code": p.get("code", "")}),
    "bet_alarm": _plain("event:bet_alarm", spot=_words, cause=_words, locked=_money, sensed=_money,
                        added=lambda v, n: len(v) if isinstance(v, list) else v,
                        removed=lambda v, n: len(v) if isinstance(v, list) else v),
    "bets_sensed": _plain("event:bets_sensed", spots=lambda v, n: _spots(v)),
    "bets_set": lambda p, n: ("event:bets_set:player" if p.get("player") else "event:bets_set",
                              {"seat": p.get("seat"), "bets": _bets(p.get("bets")), "player": p.get("player")}),
    "card_corrected": lambda p, n: ("event:card_corrected", {
        "position": position(p.get("position"), n.lang), "number": _number(p.get("index")),
        "card": card_html(p.get("card")), "was": card_html(p.get("was"))}),
    "card_in": _plain("event:card_in", source=_words),
    "card_out": _plain("event:card_out"),
    "disk_space": lambda p, n: (f"event:disk_space:{p.get('level') if p.get('level') in ('warning', 'halt') else 'ok'}",
                                {"free": _bytes(p.get("free_bytes")), "warn": _bytes(p.get("warn_bytes")),
                                 "halt": _bytes(p.get("halt_bytes"))}),
    "player_paused": _plain("event:player_paused"),
    "player_resumed": _plain("event:player_resumed"),
    "player_held": _plain("event:player_held", list_as_of=lambda v, n: v or "never received"),
    "segment_archived": _plain("event:segment_archived", sha256=lambda v, n: str(v or "")[:12] + "\u2026"),
    "winnings_withheld": _plain("event:winnings_withheld", amount=_money),
    "withheld_decided": _plain("event:withheld_decided", amount=_money, outcome=_words, by=_who),
    "rating_terms": _plain("event:rating_terms", by=_who, theo=lambda v, n: ", ".join(
        f"{spot} {edge}" for spot, edge in sorted((v or {}).items())) if isinstance(v, dict) else ""),
    "buy_in": lambda p, n: ("event:buy_in:player" if p.get("player") else "event:buy_in",
                            {"seat": p.get("seat"), "amount": _amount(p.get("amount")), "kind": words(p.get("kind")),
                             "player": p.get("player")}),
    "card_dealt": _card_dealt,
    "card_revealed": _card_revealed,
    "chip_accepted": _plain("event:chip_accepted", spot=_words, denomination=_money),
    "clone_resolved": _plain("event:clone_resolved", chips=lambda v, n: ", ".join(map(str, v or ()))),
    "chips_added": _plain("event:chips_added", amount=_money),
    "deal_started": lambda p, n: ("event:deal_started:by_hand" if p.get("by_hand") else "event:deal_started",
                                  {"packets": _packets(p.get("packets"), n.lang)}),
    "dealer_signed_in": _plain("event:dealer_signed_in"),
    "dealer_signed_out": _plain("event:dealer_signed_out"),
    "decision": _plain("event:decision", action=lambda v, n: _action(v), street=_words),
    "decision_sensed": lambda p, n: ("event:decision_sensed:keyed" if p.get("keyed") else "event:decision_sensed",
                                     {"seat": p.get("seat"), "spot": words(p.get("spot")),
                                      "amount": _amount(p.get("amount"))}),
    "deck_invalidated": _plain("event:deck_invalidated", reason=_words),
    "deck_requested": _plain("event:deck_requested"),
    "deck_verified": _deck_verified,
    "device_accepted": _plain("event:device_accepted", device=_device),
    "device_fault": _plain("event:device_fault", device=_device),
    "device_link": _device_link,
    "device_refused": lambda p, n: ("event:device_refused", {
        "device": device(p.get("device"), n.lang), "model": p.get("model", ""), "serial": p.get("serial_number", ""),
        "reason": words(p.get("reason")), "detail": p.get("detail", "")}),
    "device_status": _plain("event:device_status", device=_device, state=_words),
    "halt_cleared": _plain("event:halt_cleared", by=_who),
    "halted": _plain("event:halted"),
    "hand_mucked": _plain("event:hand_mucked"),
    "hand_started": _hand_started,
    "jackpot_award": lambda p, n: ("event:jackpot_award:held" if p.get("needs_verification") else "event:jackpot_award",
                                   {"seat": p.get("seat"), "category": words(p.get("category")),
                                    "percent": _amount(p.get("percent")), "amount": _amount(p.get("amount"))}),
    "jackpot_contribution": _contribution,
    "jackpot_installed": _installed,
    "jackpot_link_commit": _link_commit,
    "jackpot_overflow": _plain("event:jackpot_overflow", amount=_money),
    "jackpot_reserve_draw": _plain("event:jackpot_reserve_draw", amount=_money),
    "jackpot_seed": _plain("event:jackpot_seed", amount=_money),
    "jackpot_reversal": lambda p, n: ("event:jackpot_reversal", {"what": _fact(p.get("of"), n.lang)}),
    "jackpot_verified": _plain("event:jackpot_verified", by=_who, amount=_money),
    "journal_created": _plain("event:journal_created"),
    "no_more_bets": _plain("event:no_more_bets", stakes=lambda v, n: _per_seat(v, n.lang)),
    "packet_done": _plain("event:packet_done", position=_pos),
    "packet_requested": _plain("event:packet_requested", position=_pos),
    "payout_overridden": _plain("event:payout_overridden",
                                problems=lambda v, n: ", ".join(map(str, v)) if isinstance(v, list) else str(v)),
    "payout_sensed": _plain("event:payout_sensed", spots=lambda v, n: _spots(v)),
    "phase": _plain("event:phase", phase=_words),
    "player_left": _plain("event:player_left", cashed_out=_money),
    "player_sat_in": _plain("event:player_sat_in"),
    "player_sat_out": _plain("event:player_sat_out"),
    "player_seated": _plain("event:player_seated", buy_in=_money),
    "poker_action": lambda p, n: ("event:poker_action:to" if p.get("to") is not None else "event:poker_action",
                                  {"seat": p.get("seat"), "action": _action(p.get("action")),
                                   "street": words(p.get("street")), "to": _amount(p.get("to"))}),
    "pool_closed": _plain("event:pool_closed", returned=lambda v, n: _per_seat(v, n.lang)),
    "pots_awarded": _plain("event:pots_awarded", rake=_money, stacks=lambda v, n: _per_seat(v, n.lang)),
    "read_rejected": lambda p, n: ("event:read_rejected", {
        "card": card_html(p.get("card")), "position": position(p.get("position"), n.lang),
        "number": _number(p.get("index")), "reason": words(p.get("reason"))}),
    "round_adjusted": _plain("event:round_adjusted", by=_who, adjustments=lambda v, n: _per_seat(v, n.lang)),
    "round_opened": _plain("event:round_opened"),
    "round_paid": _round_paid,
    "round_voided": _plain("event:round_voided", by=_who, phase=_words, cause=lambda v, n: cause(v),
                           returned=lambda v, n: _per_seat(v, n.lang)),
    "seat_paid": _seat_paid,
    "seat_paid_undone": _plain("event:seat_paid_undone"),
    "sensor_held": _plain("event:sensor_held", command=_words, spots=lambda v, n: _spots(v)),
    "settled": _plain("event:settled"),
    "stake_restored": _plain("event:stake_restored", spot=_words),
    "shift_closed": lambda p, n: ("event:shift_closed:sensed" if p.get("sensed") else "event:shift_closed",
                                  _plain("event:shift_closed", closer=_chips)(p, n)[1]),
    "shift_opened": _shift_opened,
    "slip_issued": _plain("event:slip_issued", kind=_words),
    "slip_received": _plain("event:slip_received", kind=_words, chips=_chips),
    "slip_refused": _plain("event:slip_refused", kind=_words, chips_seen=_chips),
    "slip_requested": _plain("event:slip_requested", kind=_words, chips=_chips),
    "slip_voided": lambda p, n: ("event:slip_voided", {"kind": words(p.get("kind")), "slip": p.get("slip") or
                                                       p.get("request", ""), "by": p.get("by", ""),
                                                       "reason": p.get("reason", "")}),
    "station_started": _station_started,
    "street_dealt": lambda p, n: ("event:street_dealt", {"street": words(p.get("street")),
                                                         "packets": _packets(p.get("packets"), n.lang)}),
    "supervisor_auth": lambda p, n: (
        "event:supervisor_auth" if p.get("ok") else "event:supervisor_auth:refused",
        {"who": n.who(f"supervisor:{p.get('badge')}"), "action": words(p.get("action")), "reason": words(p.get("reason"))}),
    "terms_installed": _terms,
    "tray_alarm": _plain("event:tray_alarm", difference=_money, moved=lambda v, n: _moved(v)),
    "tray_alarm_cleared": _plain("event:tray_alarm_cleared"),
    "tray_scanned": lambda p, n: ("event:tray_scanned:unread" if p.get("unread") else "event:tray_scanned",
                                  {"after_round": p.get("after_round", ""), "sensed": _chips(p.get("sensed"), n),
                                   "unread": ", ".join(str(c) for c in p.get("unread") or ())}),
}
"""One builder per event kind the page says in a sentence: (message key, its values)."""


def _fields(payload: Mapping[str, Any]) -> str:
    return ", ".join(f"{words(k)} {v}" for k, v in payload.items() if not isinstance(v, (dict, list))) or "-"


def sentence(kind: str, payload: dict[str, Any], names: Names) -> Markup:
    """One event in a sentence; a kind without a builder (a newer station's), or a payload a builder cannot
    read, is said with its fields: never an error on the page."""
    builder = BUILDERS.get(kind)
    if builder is not None:
        try:
            key, values = builder(payload, names)
            return say(key, names.lang, **values)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            pass
    return say("event:unknown", names.lang, kind=words(kind), fields=_fields(payload))
