"""The table bank's rules (docs/bank.md): open and close a table-shift, take a buy-in, ask the floor for
a fill or a credit, receive, refuse or void a slip. Both families' flows have them (``DealFlow``).

Each command is a row of ``table.commands.BANK_COMMANDS`` and one method here; each refuses before
it emits, with a message key the screen says in the croupier's language. None moves money in a
round: the shift opens and closes between rounds, a buy-in is taken between rounds or while bets
are open, the slips at any time. Who counted is journaled: the signed-in dealer and the supervisor
who acted (badge and PIN, ``TableSession.supervise``).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from decimal import Decimal
from typing import Any

from ..bank.book import Thresholds
from ..bank.chips import ChipCount, count_payload, parse_chip_count
from ..bank.currency import minor_units
from ..bank.desk import SlipDesk, SlipDeskUnavailable
from ..bank.figures import classify
from ..bank.slips import SlipKind, SlipState
from ..buy_in import MAX_SEAT, PLAYER_ID, BuyInKind
from ..config import BankConfig, TableConfig
from ..errors import DealerStationError, RuleError
from ..money import exact_money, format_money, parse_money
from ..shifts import shift_of
from ..table import events as ev
from ..table.bank import ShiftState, SlipLine
from ..table.event_base import CROUPIER
from ..table.transaction import Transaction
from .tray import TrayRules


def thresholds(bank: BankConfig) -> Thresholds:
    """The profile's variance classes."""
    return Thresholds(bank.report_at, bank.regulator_at)


def badge_of(actor: str) -> str:
    """``supervisor:S1`` -> ``S1``."""
    return actor.split(":", 1)[1] if ":" in actor else actor


def _refuse(text: str, key: str, field: str | None = None, **values: object) -> RuleError:
    return RuleError(text, field, key=key, values={k: str(v) for k, v in values.items()})


class TableBank(TrayRules):
    """The bank's commands, mixed into the family's flow (``DealFlow``); the sensed tray's are ``TrayRules``."""

    table: TableConfig

    # ----------------------------------------------------------------- what the rules check

    def _bank(self) -> BankConfig:
        bank = self.table.bank
        if bank is None:
            raise _refuse("this table keeps no bank: its profile has no [bank]", "bank:no_bank")
        return bank

    def _open_shift(self, tx: Transaction) -> ShiftState:
        self._bank()
        shift = tx.state.bank.open_shift
        if shift is None:
            raise _refuse("no shift is open: open one with its opener first", "bank:no_shift")
        return shift

    def _dealer(self, tx: Transaction) -> str:
        dealer = tx.state.dealer
        if dealer is None:
            raise _refuse("sign the dealer in first: the dealer and a supervisor count the chips", "bank:no_dealer")
        return dealer

    def _count(self, raw: object, field: str) -> ChipCount:
        """Chips as keyed on the screen or given by a caller: denominations of the chip set, 0 to a million each."""
        bank = self._bank()
        if isinstance(raw, ChipCount):
            raw = count_payload(raw)
        try:
            count = parse_chip_count(raw, field, minor_units(self.table.currency), bank.chip_set)
        except DealerStationError as exc:
            raise _refuse(exc.problem, "bank:bad_count", exc.field or field, problem=exc.problem) from None
        return count

    def _between_rounds(self, tx: Transaction, what: str) -> None:
        if tx.state.round_open:
            rnd = tx.state.round
            assert rnd is not None
            raise _refuse(f"round {rnd.round_id} is still open: {what} between rounds", f"bank:round_open:{what}",
                          round_id=rnd.round_id)

    # ----------------------------------------------------------------- the shift

    def open_shift(self, tx: Transaction, actor: str, reason: str, opener: object,
                   gaming_day: str | None = None) -> int:
        """Open a table-shift with the ``opener`` the dealer and the supervisor counted; it is checked against
        the last closer (the discrepancy journaled and classed)."""
        bank = self._bank()
        if tx.state.bank.open_shift is not None:
            raise _refuse(f"shift {tx.state.bank.open_shift.number} is open: close it first", "bank:shift_is_open",
                          shift=tx.state.bank.open_shift.number)
        self._between_rounds(tx, "shift")
        dealer = self._dealer(tx)
        count = self._count(opener, "opener")
        previous = tx.state.bank.last_closer
        discrepancy = klass = None
        if previous is not None:
            with exact_money():
                discrepancy = count.value - previous.value
            klass = classify(discrepancy, thresholds(bank)).value
        last = tx.state.bank.shift
        number = 1 if last is None else last.number + 1
        day = gaming_day or shift_of(_local(tx.at), self.table.shifts)[0].isoformat()
        tx.emit(ev.ShiftOpened(number, day, count_payload(count),
                               None if previous is None else count_payload(previous), discrepancy, klass, dealer,
                               badge_of(actor)), actor)
        return number

    def close_shift(self, tx: Transaction, actor: str, reason: str, closer: object = None,
                    sensed: bool = False) -> None:
        """Close the shift with the ``closer`` the dealer and the supervisor counted (never while a round is
        open, nor while a slip is still in flight); ``sensed``: the closer is the tray antenna's last whole
        scan, which the dealer and the supervisor confirm (``closer`` then must be absent or the same)."""
        shift = self._open_shift(tx)
        self._between_rounds(tx, "close")
        dealer = self._dealer(tx)
        if sensed is True:
            try:
                count = self.sensed_closer()
            except RuleError as exc:
                raise _refuse(exc.problem, exc.key or "bank:no_tray_scan") from None
            if closer is not None and self._count(closer, "closer") != count:
                raise _refuse("the closer given is not the tray the antenna read: confirm the sensed one or count "
                              "by hand", "bank:closer_not_sensed", "closer")
        elif sensed is not False:
            raise _refuse(f"sensed is true or false, not {sensed!r}", "bank:bad_sensed", "sensed")
        elif closer is None:
            raise _refuse("count the closer (or confirm the tray antenna's)", "bank:no_closer", "closer")
        else:
            count = self._count(closer, "closer")
        flying = next((s for s in shift.slips if s.in_flight), None)
        if flying is not None:
            name = flying.slip or flying.request
            raise _refuse(f"slip {name} is still in flight: receive it or void it first", "bank:slip_in_flight",
                          slip=name)
        tx.emit(ev.ShiftClosed(shift.number, count_payload(count), dealer, badge_of(actor), sensed=sensed), actor)

    # ----------------------------------------------------------------- buy-ins

    def buy_in(self, tx: Transaction, seat: object, kind: object, amount: object, player: object = None) -> None:
        """A player's cash (or marker) for chips at ``seat``: journaled before the chips leave the tray."""
        shift = self._open_shift(tx)
        seats = min(self.table.seats, MAX_SEAT)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= seats:
            raise _refuse(f"{seat!r} is not a seat of this table (1..{seats})", "bank:bad_seat", "seat",
                          seats=seats)
        if kind not in tuple(BuyInKind):
            raise _refuse(f'a buy-in is "cash" or "marker", not {kind!r}', "bank:bad_kind", "kind")
        value = self._amount(amount, "amount")
        if player is not None and (not isinstance(player, str) or not PLAYER_ID.fullmatch(player)):
            raise _refuse("a player id is 1-64 letters, digits or . _ : / -", "bank:bad_player", "player")
        tx.emit(ev.BuyInTaken(shift.number, seat, str(kind), value, player), CROUPIER)

    def _amount(self, amount: object, field: str) -> Decimal:
        try:
            value = parse_money(amount, field)
        except DealerStationError as exc:
            raise _refuse(exc.problem, "bank:bad_amount", field, problem=exc.problem) from None
        places = minor_units(self.table.currency)
        if value <= 0 or -int(value.normalize().as_tuple().exponent) > places:
            raise _refuse(f"a buy-in is a positive amount to {places} decimals, not {format_money(value)}",
                          "bank:bad_amount", field, problem=format_money(value))
        return value

    # ----------------------------------------------------------------- fills and credits

    def request_fill(self, tx: Transaction, actor: str, reason: str, chips: object) -> str:
        """A supervisor asks the cage for chips: the floor numbers the slip at once (refused when it cannot)."""
        return self._request(tx, actor, SlipKind.FILL, chips)

    def request_credit(self, tx: Transaction, actor: str, reason: str, chips: object) -> str:
        """A supervisor sends chips to the cage: the floor numbers the slip at once (refused when it cannot)."""
        return self._request(tx, actor, SlipKind.CREDIT, chips)

    def _request(self, tx: Transaction, actor: str, kind: SlipKind, chips: object) -> str:
        shift = self._open_shift(tx)
        count = self._count(chips, "chips")
        if not count:
            raise _refuse(f"a {kind.value} needs at least one chip", "bank:empty_slip", "chips")
        desk = tx.service(SlipDesk)  # type: ignore[type-abstract]  # a runtime-checkable port
        if desk is None:
            raise _refuse("this table has no floor to number slips: no fill or credit can be issued",
                          "bank:no_desk")
        request = f"{self.table.table_id}-R{tx.state.bank.requests + 1}"
        number = 0
        if not tx.trial:  # a number taken is the casino's: never ask for one before the PIN is checked
            try:
                number = desk.issue(request, kind, count)
            except SlipDeskUnavailable as exc:
                raise _refuse(f"the floor cannot be reached: no slip issued ({exc.problem})",
                              "bank:floor_unreachable") from None
        tx.emit(ev.SlipRequested(shift.number, request, kind.value, count_payload(count), count.value,
                                 badge_of(actor)), actor)
        if tx.trial:
            return request
        line = SlipLine(request, kind, count, badge_of(actor), number=number)
        tx.emit(ev.SlipIssued(request, kind.value, line.slip or "", number), actor)
        return line.slip or ""

    def _slip(self, tx: Transaction, slip: object) -> SlipLine:
        shift = self._open_shift(tx)
        line = shift.slip_of(slip) if isinstance(slip, str) else None
        if line is None:
            raise _refuse(f"no slip {slip!r} in this shift", "bank:no_slip", "slip", slip=str(slip)[:32])
        return line

    def receive_slip(self, tx: Transaction, actor: str, reason: str, slip: object, chips: object) -> bool:
        """The dealer and the supervisor counted the slip's ``chips`` at the table: the slip's own are received;
        any other count refuses the slip (journaled ``slip_refused``). True when received."""
        line = self._slip(tx, slip)
        if line.state is not SlipState.ISSUED or line.slip is None:
            raise _refuse(f"slip {line.slip or line.request} is {line.state.value}: only an issued slip is received",
                          "bank:not_issued", "slip", slip=line.slip or line.request, state=line.state.value)
        dealer = self._dealer(tx)
        seen = self._count(chips, "chips")
        if seen != line.chips:
            why = (f"counted {format_money(seen.value)} ({_written(seen)}), "
                   f"the slip says {format_money(line.chips.value)} ({_written(line.chips)})")
            tx.emit(ev.SlipRefused(line.slip, line.kind.value, count_payload(seen), why, dealer, badge_of(actor)),
                    actor)
            return False
        tx.emit(ev.SlipReceived(line.slip, line.kind.value, count_payload(seen), seen.value, dealer,
                                badge_of(actor)), actor)
        return True

    def void_slip(self, tx: Transaction, actor: str, reason: str, slip: object) -> None:
        """Void a slip before it is received, with a reason, by a supervisor who did not request it."""
        line = self._slip(tx, slip)
        if not line.in_flight:
            raise _refuse(f"slip {line.slip or line.request} is {line.state.value}: only a slip in flight is voided",
                          "bank:not_in_flight", "slip", slip=line.slip or line.request, state=line.state.value)
        if badge_of(actor) == line.by:
            raise _refuse("the supervisor who requested a slip may not void it: another supervisor voids it",
                          "bank:own_slip", "badge")
        named: dict[str, Any] = {"slip": line.slip} if line.slip is not None else {"request": line.request}
        tx.emit(ev.SlipVoided(line.kind.value, reason.strip(), badge_of(actor), **named), actor)


def _written(count: ChipCount) -> str:
    return ", ".join(f"{n} x {format_money(d)}" for d, n in count) or "no chip"


def _local(at: str) -> datetime:
    return datetime.fromisoformat(at.replace("Z", "+00:00")).astimezone()


def chips_argument(counts: Mapping[Decimal, int]) -> dict[str, int]:
    """A count keyed by the screen (denomination -> chips) as the commands take it."""
    return {format_money(d): n for d, n in counts.items()}
