"""Every word the poker table panel shows, in the screen's language (Qt context ``poker``).

Each text is a literal ``translate("poker", ...)`` call so ``pyside6-lupdate`` finds it
(``make translations``); amounts and seats are filled in after translation. The banner
and refusals are the engine's message keys (``dealer_station/view/texts.py``), said by ``ui.i18n.say``.
"""

from __future__ import annotations

from decimal import Decimal

from dealer_station.evaluator import Category, HandValue, deciding_ranks
from dealer_station.money import format_money

from ..i18n import translate
from .model import PotView

NBSP = "\u00a0"


def money(amount: Decimal) -> str:
    return format_money(amount)


def seat_word(seat: int) -> str:
    return translate("poker", "Seat {seat}").format(seat=seat)


def empty_word() -> str:
    return translate("poker", "empty")


def status_word(status: str) -> str:
    """A seat's status (``model.SeatView.status``)."""
    words = {
        "out": translate("poker", "sitting out"),
        "waiting": translate("poker", "waits for BB"),
        "posting": translate("poker", "posts BB"),
        "busted": translate("poker", "no chips"),
        "folded": translate("poker", "folded"),
        "mucked": translate("poker", "mucked"),
        "all_in": translate("poker", "ALL IN"),
    }
    return words.get(status, status)


def marker_word(marker: str) -> str:
    """The dealer button and the blinds on the felt."""
    words = {
        "button": translate("poker", "D"),
        "small_blind": translate("poker", "SB"),
        "big_blind": translate("poker", "BB"),
        "post": translate("poker", "POST"),
    }
    return words.get(marker, marker)


def structure_word(structure: str) -> str:
    words = {
        "no_limit": translate("poker", "No limit"),
        "pot_limit": translate("poker", "Pot limit"),
        "fixed_limit": translate("poker", "Fixed limit"),
    }
    return words.get(structure, structure)


def limits_sign(structure: str, stakes: str, buy_in: tuple[Decimal, Decimal | None], currency: str) -> str:
    """The sign on the table: "No limit 1/2 · buy-in 40-200 EUR"."""
    low, high = buy_in
    span = f"{money(low)}\u2013{money(high)}" if high is not None else f"{money(low)}+"
    return translate("poker", "{structure} {stakes} \u00b7 buy-in {buy_in} {currency}").format(
        structure=structure_word(structure), stakes=stakes, buy_in=span, currency=currency)


def clock_word(seconds: int) -> str:
    return translate("poker", "{seconds} s").format(seconds=seconds)


# -- the pots -------------------------------------------------------------------------


def pot_name(pot: PotView) -> str:
    """"Main pot: 150", "Side pot 1: 80": the colon keeps the number apart from the amount."""
    if pot.number == 0:
        return translate("poker", "Main pot: {amount}").format(amount=money(pot.amount))
    return translate("poker", "Side pot {number}: {amount}").format(number=pot.number, amount=money(pot.amount))


def seat_list(seats: tuple[int, ...]) -> str:
    """``1 2 4`` -> "1, 2, 4"; runs of three or more as "4–9" (an en dash, never a minus)."""
    parts: list[str] = []
    run: list[int] = []
    for seat in [*seats, -1]:
        if run and seat == run[-1] + 1:
            run.append(seat)
            continue
        if run:
            parts += [f"{run[0]}–{run[-1]}"] if len(run) >= 3 else [str(s) for s in run]
        run = [seat]
    return ("," + NBSP).join(parts)


def unbroken(text: str) -> str:
    """``text`` kept on one line where a long line wraps ("rake 1" never loses its amount)."""
    return text.replace(" ", NBSP)


def pot_line(pot: PotView) -> str:
    """A pot and who is in it: "Main pot: 150 · seats 1, 2, 4"."""
    return translate("poker", "{pot} · seats {seats}").format(pot=unbroken(pot_name(pot)), seats=seat_list(pot.eligible))


def push_line(pot: PotView) -> str:
    """What to push from a settled pot to whom, and its rake: "push seat 2: 11, seat 3: 10 · rake 1"."""
    shares = ", ".join(unbroken(translate("poker", "seat {seat}: {amount}").format(seat=seat, amount=money(chips)))
                       for seat, chips in pot.shares)
    line = translate("poker", "push {shares}").format(shares=shares)
    if pot.rake:
        line += " · " + unbroken(translate("poker", "rake {amount}").format(amount=money(pot.rake)))
    return line


def pots_summary(pots: tuple[PotView, ...]) -> str:
    """Many pots on the felt in one line: "8 pots: 730" (the column lists each)."""
    return translate("poker", "{count} pots: {amount}").format(
        count=len(pots), amount=money(sum((p.amount for p in pots), Decimal(0))))


def pot_push_line(pot: PotView) -> str:
    """A settled pot and where it goes, on one line: "Main pot: 150 → seat 1: 145 · rake 5"."""
    return f"{unbroken(pot_name(pot))} → {push_line(pot).split(' ', 1)[1] if pot.shares else ''}".rstrip(" →")




def rank_word(rank: int, plural: bool = False) -> str:
    """A card rank (0 = two ... 12 = ace) in words: "queen", "queens"."""
    singular = {
        0: translate("poker", "two"), 1: translate("poker", "three"), 2: translate("poker", "four"),
        3: translate("poker", "five"), 4: translate("poker", "six"), 5: translate("poker", "seven"),
        6: translate("poker", "eight"), 7: translate("poker", "nine"), 8: translate("poker", "ten"),
        9: translate("poker", "jack"), 10: translate("poker", "queen"), 11: translate("poker", "king"),
        12: translate("poker", "ace"),
    }
    plurals = {
        0: translate("poker", "twos"), 1: translate("poker", "threes"), 2: translate("poker", "fours"),
        3: translate("poker", "fives"), 4: translate("poker", "sixes"), 5: translate("poker", "sevens"),
        6: translate("poker", "eights"), 7: translate("poker", "nines"), 8: translate("poker", "tens"),
        9: translate("poker", "jacks"), 10: translate("poker", "queens"), 11: translate("poker", "kings"),
        12: translate("poker", "aces"),
    }
    return (plurals if plural else singular)[rank]


def hand_name(value: HandValue) -> str:
    """A shown hand as a croupier calls it: "three queens", "kings and sevens", "ace-high"."""
    ranks = deciding_ranks(value.strength)
    top, second = ranks[0], ranks[1]
    names = {
        Category.HIGH_CARD: translate("poker", "{rank}-high"),
        Category.ONE_PAIR: translate("poker", "pair of {ranks}"),
        Category.TWO_PAIR: translate("poker", "{ranks} and {seconds}"),
        Category.THREE_OF_A_KIND: translate("poker", "three {ranks}"),
        Category.STRAIGHT: translate("poker", "straight to the {rank}"),
        Category.FLUSH: translate("poker", "flush, {rank}-high"),
        Category.FULL_HOUSE: translate("poker", "{ranks} full of {seconds}"),
        Category.FOUR_OF_A_KIND: translate("poker", "four {ranks}"),
        Category.STRAIGHT_FLUSH: translate("poker", "straight flush to the {rank}"),
        Category.ROYAL_FLUSH: translate("poker", "royal flush"),
    }
    return names[value.category].format(rank=rank_word(top), ranks=rank_word(top, True),
                                         seconds=rank_word(second, True))


def shown_line(seat: int, cards: str, hand: str, wins: Decimal | None) -> str:
    """"Seat 1: A♠ A♦ pair of aces · +245" (what the seat shows, and what it is pushed)."""
    line = translate("poker", "Seat {seat}: {cards} {hand}").format(seat=seat, cards=cards, hand=hand)
    return line + (f" · +{money(wins)}" if wins else "")


def rake_line(rake: Decimal) -> str:
    return translate("poker", "Rake to drop: {amount}").format(amount=money(rake))


def uncalled_line(seat: int, chips: Decimal) -> str:
    return translate("poker", "Uncalled {amount} back to seat {seat}").format(amount=money(chips), seat=seat)


def returned_line(seat: int, chips: Decimal) -> str:
    """A void gives back every chip put in: "Seat 2 gets back 50"."""
    return translate("poker", "Seat {seat} gets back {amount}").format(seat=seat, amount=money(chips))


def in_front_line(amount: Decimal) -> str:
    return translate("poker", "Bets in front: {amount}").format(amount=money(amount))


# -- the croupier's buttons -----------------------------------------------------------------


def move_word(move: str, amount: Decimal | str | None = None) -> str:
    """A legal action's button ("Call 6", "Raise to 25"); ``amount`` as keyed, or exact."""
    said = money(amount) if isinstance(amount, Decimal) else amount or ""
    words = {
        "fold": translate("poker", "Fold"),
        "check": translate("poker", "Check"),
        "call": translate("poker", "Call {amount}"),
        "bet": translate("poker", "Bet {amount}"),
        "raise": translate("poker", "Raise to {amount}"),
        "all_in": translate("poker", "All in {amount}"),
    }
    return words.get(move, move).format(amount=said).strip()


def size_word(size: str) -> str:
    """A quick bet size's name (``sizing.QUICK_SIZES``); its amount goes on a second line."""
    words = {
        "min": translate("poker", "Min"),
        "half_pot": translate("poker", "1/2 pot"),
        "pot": translate("poker", "Pot"),
        "all_in": translate("poker", "All in"),
    }
    return words.get(size, size)


def command_word(command: str) -> str:
    """The poker croupier's commands (``engine.poker.POKER_COMMANDS``) and the panel's own."""
    words = {
        "open_round": translate("poker", "Deal next hand"),
        "show": translate("poker", "Show"),
        "muck": translate("poker", "Muck"),
        "push_pots": translate("poker", "Pots pushed"),
        "seat_player": translate("poker", "Seat player"),
        "add_chips": translate("poker", "Add chips"),
        "sit_out": translate("poker", "Sit out"),
        "sit_in": translate("poker", "Sit in"),
        "leave": translate("poker", "Cash out"),
        "post": translate("poker", "Post a big blind"),
        "keypad": translate("poker", "Keypad"),
    }
    return words.get(command, command)


def to_act_word(seat: int) -> str:
    return translate("poker", "Seat {seat} to act").format(seat=seat)


def choose_seat_word() -> str:
    return translate("poker", "Tap a seat to seat a player or change it")


def seat_heading(seat: int, what: str) -> str:
    return translate("poker", "Seat {seat}: {what}").format(seat=seat, what=what)


def entry_title(command: str, seat: int, low: Decimal, high: Decimal | None) -> str:
    """The keypad's title: what the amount is for and what it may be."""
    span = f"{money(low)}\u2013{money(high)}" if high is not None else f"{money(low)}+"
    titles = {
        "bet": translate("poker", "Seat {seat}: bet ({span})"),
        "raise": translate("poker", "Seat {seat}: raise to ({span})"),
        "seat_player": translate("poker", "Seat {seat}: buy-in ({span})"),
        "add_chips": translate("poker", "Seat {seat}: chips to add ({span})"),
    }
    return titles.get(command, command).format(seat=seat, span=span)
