"""Hand evaluator against GAMES.md §1: hand-picked rulings, exhaustive five-card counts,
exact seven-card counts, agreement with treys, and hypothesis properties."""

from __future__ import annotations

import importlib.util
import random
from collections import Counter
from itertools import combinations
from math import comb
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_station.cards import RANKS, card_str, parse_cards, rank_of
from dealer_station.evaluator import (
    Category,
    HandValue,
    category_of,
    deciding_ranks,
    evaluate,
    strength,
    strength7,
)

ROOT = Path(__file__).resolve().parent.parent


def _load_enumerate7():
    spec = importlib.util.spec_from_file_location("enumerate7", ROOT / "benchmarks" / "enumerate7.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


enumerate7 = _load_enumerate7()
PUBLISHED = enumerate7.PUBLISHED  # GAMES.md §1 counts, the only hard-coded results here


def h(text: str) -> list[int]:
    return parse_cards(text.split(), "hand")


def s(text: str) -> int:
    return strength(h(text))


def cat(text: str) -> Category:
    return evaluate(h(text)).category


def r(ch: str) -> int:
    return RANKS.index(ch)


# --- hand-picked rulings -------------------------------------------------------------


def test_wheel_is_the_lowest_straight():
    wheel, six_high = s("Ah 2c 3d 4s 5h"), s("2c 3d 4s 5h 6c")
    assert category_of(wheel) == category_of(six_high) == Category.STRAIGHT
    assert wheel < six_high
    assert deciding_ranks(wheel)[0] == r("5")
    # ... yet still above any three of a kind, aces included
    assert wheel > s("Ah Ad Ac Ks Qh")
    # with a six as well, the six-high straight plays
    assert s("Ah 2c 3d 4s 5h 6c Kd") == six_high
    # ace-high is the top straight; K-A-2-3-4 is no straight
    assert s("Ah Kc Qd Js Th") > s("Kh Qd Js Th 9c")
    assert cat("Kh Ad 2c 3s 4h") == Category.HIGH_CARD


def test_royal_flush_is_its_own_category_in_five_and_seven():
    assert cat("As Ks Qs Js Ts") == Category.ROYAL_FLUSH
    assert cat("9s As 2d Ks Qs Js Ts") == Category.ROYAL_FLUSH
    assert s("As Ks Qs Js Ts") > s("Ks Qs Js Ts 9s") > s("Ac Ad Ah As Kd")
    # broadway in mixed suits is only a straight
    assert cat("As Kh Qs Js Ts") == Category.STRAIGHT


def test_steel_wheel_is_a_five_high_straight_flush():
    steel = s("As 2s 3s 4s 5s")
    assert category_of(steel) == Category.STRAIGHT_FLUSH
    assert deciding_ranks(steel)[0] == r("5")
    assert steel < s("2s 3s 4s 5s 6s")
    assert steel > s("Ac Ad Ah As Kd")
    assert s("As 2s 3s 4s 5s 6s Kd") == s("2h 3h 4h 5h 6h")
    assert s("As 2s 3s 4s 5s Ah Ad") == steel


def test_suits_never_rank():
    assert s("As Kd Qc 9h 7s") == s("Ah Kc Qd 9s 7c")
    assert s("As Ks Qs Js Ts") == s("Ah Kh Qh Jh Th")
    assert s("2c 5c 8c Jc Kc") == s("2s 5s 8s Js Ks")
    assert s("Ac Ad 7h 7s 2c Kd 4h") == s("Ah As 7c 7d 2h Kc 4s")


def test_kickers_decide_in_order_and_unplayed_cards_do_not():
    assert s("Ah Ad Kc Qs Jh") > s("Ah Ad Kc Qs Th")
    assert s("Ah Ad Kc Qs Jh") > s("Ah Ad Kc Js Th")
    board = "Kh Kd 9c 5s 2d"
    assert s(f"Ac 3h {board}") > s(f"Qc Jh {board}")
    # a sixth and seventh card beyond the best five never break a tie
    board = "Ah Kd Qc 9s 2d"
    assert s(f"Jc 3h {board}") == s(f"Jd 4s {board}")
    assert s(f"Jc 3h {board}") < s(f"Jd Ts {board}")
    # high card: all five compared
    assert s("Ah Qd 9c 7s 3h") > s("Ac Qh 9d 7h 2s")


def test_two_pair_with_a_third_pair_on_board_takes_the_best_kicker():
    board = "Kh Kd Qc Qs 2d"
    nines = s(f"9c 9h {board}")
    assert category_of(nines) == Category.TWO_PAIR
    assert deciding_ranks(nines)[:3] == [r("K"), r("Q"), r("9")]  # third pair's rank kicks
    assert nines > s(f"8c 8h {board}")
    assert nines < s(f"Ac 3h {board}")  # a single ace beats the third pair
    assert nines == s(f"9d 9s {board}")
    # third pair lower than a single: the single kicks
    assert deciding_ranks(s("3c 3h Kh Kd 7c 7s Qd"))[:3] == [r("K"), r("7"), r("Q")]
    # three pairs of which the player's is highest: top two pairs play
    assert deciding_ranks(s("Ac Ah Kh Kd 7c 7s 2d"))[:3] == [r("A"), r("K"), r("7")]


def test_trips_plus_trips_is_a_full_house_of_the_higher_over_the_lower():
    two_trips = s("Ah Ad Ac Kh Kd Kc 2s")
    assert category_of(two_trips) == Category.FULL_HOUSE
    assert two_trips == s("Ah Ad Ac Kh Kd")
    assert two_trips > s("Ah Ad Ac Qh Qd Qc Ks")
    # trips with two pairs: the higher pair fills
    assert s("7h 7d 7c Kh Kd 2c 2s") == s("7s 7d 7c Ks Kd")
    assert s("Qh Qd Qc Ah Ad Ac Ks") > s("Kh Kd Kc 7h 7d 7c As")


def test_quads_kicker_decides_and_board_quads_with_ace_tie():
    board = "9c 9d 9h 9s 2c"
    ace, king = s(f"Ah 3c {board}"), s(f"Kh Qc {board}")
    assert category_of(ace) == category_of(king) == Category.FOUR_OF_A_KIND
    assert ace > king
    assert deciding_ranks(ace)[:2] == [r("9"), r("A")]
    board = "9c 9d 9h 9s Ac"
    assert s(f"Kh Qc {board}") == s(f"2h 3d {board}")
    # quads with trips alongside: the kicker is the best other rank
    assert s("9c 9d 9h 9s Kh Kd Kc") == s("9c 9d 9h 9s Kh")


def test_flush_beats_straight_in_seven_cards():
    hand = "2h 5h 9h Jh Kh Tc Qd"  # 9-T-J-Q-K straight and a heart flush
    assert cat(hand) == Category.FLUSH
    assert s(hand) == s("2h 5h 9h Jh Kh")
    # six suited cards: the best five of that suit
    assert s("2h 5h 9h Jh Kh Ah 3c") == s("5h 9h Jh Kh Ah")
    # straight flush beats a higher flush card elsewhere
    assert cat("5h 6h 7h 8h 9h Ah Kh") == Category.STRAIGHT_FLUSH


def test_board_plays_is_a_tie():
    board = "Ah Kh Qd Jc Ts"
    assert s(f"2c 3d {board}") == s(f"4s 5s {board}")
    assert category_of(s(f"2c 3d {board}")) == Category.STRAIGHT
    board = "Ac Ad Ah Kd Ks"
    assert s(f"2c 3d {board}") == s(f"Qs Js {board}")


def test_categories_order_high_to_low_as_in_the_spec():
    ladder = [
        "As Ks Qs Js Ts", "9s 8s 7s 6s 5s", "7c 7d 7h 7s 2c", "7c 7d 7h 2s 2c",
        "2c 5c 8c Jc Kc", "5c 6d 7h 8s 9c", "7c 7d 7h Ks 2c", "7c 7d Kh Ks 2c",
        "7c 7d Ah Ks 2c", "Ac Qd 9h 7s 5c",
    ]
    values = [s(x) for x in ladder]
    assert values == sorted(values, reverse=True)
    assert [category_of(v) for v in values] == sorted(Category, reverse=True)


def test_category_labels_round_trip():
    for c in Category:
        assert Category.from_label(c.label) is c
    with pytest.raises(ValueError):
        Category.from_label("five_of_a_kind")


@pytest.mark.parametrize("n", [0, 8])
def test_evaluate_refuses_wrong_card_counts(n):
    with pytest.raises(ValueError):
        evaluate(list(range(n)))


# --- best five for display --------------------------------------------------------------


def _check_best5(cards: list[int]) -> HandValue:
    value = evaluate(cards)
    best = value.best5
    assert len(best) == min(5, len(cards))
    assert len(set(best)) == len(best)
    assert set(best) <= set(cards)
    assert strength(list(best)) == value.strength == strength(cards)
    assert evaluate(list(best)).strength == value.strength
    assert value.category == category_of(value.strength)
    return value


@pytest.mark.parametrize(
    ("hand", "shown"),
    [
        ("As 2d 3c 4h 5s Kd Kh", ["5s", "4h", "3c", "2d", "As"]),
        ("2h 5h 9h Jh Kh Ah 3c", ["Ah", "Kh", "Jh", "9h", "5h"]),
        ("Ah Ad Ac Kh Kd Kc 2s", None),
        ("9c 9h Kh Kd Qc Qs 2d", None),
        ("As Ks Qs Js Ts 9s 8s", ["As", "Ks", "Qs", "Js", "Ts"]),
        ("Ac Kd", ["Ac", "Kd"]),
        ("Kd Ac", ["Ac", "Kd"]),
        ("7h 7s", None),
        ("Ac Kd 7h 7s 2c", ["7h", "7s", "Ac", "Kd", "2c"]),
        ("2c 2d 2h", None),
    ],
)
def test_best5_hand_picked(hand, shown):
    value = _check_best5(h(hand))
    if shown is not None:
        assert value.best5_str() == shown
    if hand.startswith("Ah Ad Ac Kh"):
        assert {card_str(c)[0] for c in value.best5[:3]} == {"A"}
        assert {card_str(c)[0] for c in value.best5[3:]} == {"K"}
    if hand.startswith("9c 9h Kh"):
        assert [rank_of(c) for c in value.best5] == [r(x) for x in "KKQQ9"]


@given(st.lists(st.integers(0, 51), min_size=1, max_size=7, unique=True))
def test_best5_is_a_subset_with_the_same_strength(cards):
    _check_best5(cards)


def test_best5_on_many_random_two_five_and_seven_card_hands():
    rng = random.Random(5)
    for n in (2, 5, 7):
        for _ in range(3000):
            _check_best5(rng.sample(range(52), n))


# --- exhaustive five-card counts ---------------------------------------------------------


def test_all_five_card_hands_reproduce_published_counts():
    every = list(map(strength, combinations(range(52), 5)))
    assert len(every) == comb(52, 5)
    values = Counter(every)
    counts = Counter()
    for v, n in values.items():
        counts[category_of(v)] += n
    assert dict(counts) == PUBLISHED[5]
    # the same distinct hand classes, in the same order, as treys' five-card table:
    # one representative hand per strength of ours, ranked by treys
    treys = _treys()
    reps = dict(zip(every, combinations(range(52), 5)))
    ours = sorted(values)
    ev = treys.Evaluator()
    treys_ranks = [ev._five(_to_treys(reps[v])) for v in ours]
    assert len(set(treys_ranks)) == len(ours)
    assert treys_ranks == sorted(treys_ranks, reverse=True)
    table = ev.table
    assert len(ours) == len(set(table.flush_lookup.values()) | set(table.unsuited_lookup.values()))


# --- exact seven-card counts ---------------------------------------------------------------


@pytest.mark.parametrize("n", [5, pytest.param(7, marks=pytest.mark.slow(seconds=30))])  # 7: all 133,784,560 hands
def test_exact_enumeration_reproduces_published_counts(n):
    counts, stats = enumerate7.enumerate_counts(n)
    assert dict(counts) == PUBLISHED[n]
    assert stats["flush_hands"] == 4 * sum(comb(13, k) * comb(39, n - k) for k in range(5, n + 1))


# --- agreement with treys -------------------------------------------------------------------


def _treys():
    return pytest.importorskip("treys")


_TREYS_CARD: list[int] = []


def _to_treys(cards) -> list[int]:
    if not _TREYS_CARD:
        _TREYS_CARD.extend(_treys().Card.new(card_str(c)) for c in range(52))
    return [_TREYS_CARD[c] for c in cards]


def _treys_category(rank: int) -> Category:
    """Map a treys rank (1 best ... 7462 worst) to our category. treys folds royal into its
    straight-flush class in some versions; its rank 1 is the royal flush."""
    lt = _treys().lookup.LookupTable
    if rank == 1:
        return Category.ROYAL_FLUSH
    for bound, category in (
        (lt.MAX_STRAIGHT_FLUSH, Category.STRAIGHT_FLUSH),
        (lt.MAX_FOUR_OF_A_KIND, Category.FOUR_OF_A_KIND),
        (lt.MAX_FULL_HOUSE, Category.FULL_HOUSE),
        (lt.MAX_FLUSH, Category.FLUSH),
        (lt.MAX_STRAIGHT, Category.STRAIGHT),
        (lt.MAX_THREE_OF_A_KIND, Category.THREE_OF_A_KIND),
        (lt.MAX_TWO_PAIR, Category.TWO_PAIR),
        (lt.MAX_PAIR, Category.ONE_PAIR),
        (lt.MAX_HIGH_CARD, Category.HIGH_CARD),
    ):
        if rank <= bound:
            return category
    raise AssertionError(f"treys rank {rank} out of range")


def _treys_seven(hands) -> np.ndarray:
    ev = _treys().Evaluator()
    seven = ev._seven
    return np.fromiter((seven(_to_treys(x)) for x in hands), dtype=np.int64, count=len(hands))


def test_agrees_with_treys_on_category_and_order_of_100k_random_seven_card_hands():
    rng = random.Random(20240607)
    hands = [rng.sample(range(52), 7) for _ in range(100_000)]
    ours = np.fromiter(map(strength7, hands), dtype=np.int64, count=len(hands))
    theirs = _treys_seven(hands)

    # same category, hand by hand
    our_cat = ours >> 20
    their_cat = np.array([int(_treys_category(int(t))) for t in theirs])
    wrong = np.flatnonzero(our_cat != their_cat)
    assert wrong.size == 0, [(  # show the first disagreements in notation
        [card_str(c) for c in hands[i]], Category(int(our_cat[i])).label, _treys_category(int(theirs[i])).label)
        for i in wrong[:5]]
    assert len(set(our_cat.tolist())) >= 9  # the sample reaches all but (likely) royal

    # same total order, ties included: sort by ours, then every neighbouring pair must
    # compare the same way in treys (lower is better there). Transitivity covers all pairs.
    order = np.argsort(ours, kind="stable")
    d_ours = np.diff(ours[order])
    d_theirs = np.diff(theirs[order])
    assert np.array_equal(np.sign(d_ours), np.sign(-d_theirs))
    assert (d_ours == 0).sum() > 10_000  # many ties were actually compared
    assert (d_ours > 0).sum() > 3_000  # and many strict steps


def test_agrees_with_treys_on_showdowns_sharing_a_board():
    rng = random.Random(77)
    deals = [rng.sample(range(52), 9) for _ in range(30_000)]
    a = [d[:2] + d[4:] for d in deals]
    b = [d[2:4] + d[4:] for d in deals]
    ours = np.sign(np.fromiter(map(strength7, a), np.int64) - np.fromiter(map(strength7, b), np.int64))
    theirs = np.sign(_treys_seven(b) - _treys_seven(a))
    assert np.array_equal(ours, theirs)
    assert (ours == 0).sum() > 300  # board-plays ties really occur and agree


def test_best_of_seven_is_the_best_of_its_21_fives():
    rng = random.Random(3)
    for _ in range(5000):
        hand = rng.sample(range(52), 7)
        assert strength7(hand) == strength(hand) == max(map(strength, combinations(hand, 5)))


# --- hypothesis properties -------------------------------------------------------------------

hands = st.integers(1, 7).flatmap(lambda n: st.lists(st.integers(0, 51), min_size=n, max_size=n, unique=True))
sevens = st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True)


@given(hands, st.randoms(use_true_random=False))
def test_strength_ignores_card_order(cards, rnd):
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    assert strength(shuffled) == strength(cards)
    assert evaluate(shuffled).strength == evaluate(cards).strength


@given(hands, st.permutations(range(4)))
def test_strength_ignores_suit_relabelling(cards, perm):
    relabelled = [(c & ~3) | perm[c & 3] for c in cards]
    assert strength(relabelled) == strength(cards)
    assert evaluate(relabelled).category == evaluate(cards).category


@given(st.integers(1, 6).flatmap(
    lambda n: st.lists(st.integers(0, 51), min_size=n + 1, max_size=n + 1, unique=True)))
def test_adding_a_card_never_lowers_the_hand(cards):
    assert strength(cards) >= strength(cards[:-1])
    # best of more cards >= best of any subset of five
    for five in combinations(cards, min(5, len(cards))):
        assert strength(cards) >= strength(five)


@settings(max_examples=300)
@given(sevens)
def test_best5_of_seven_evaluates_to_the_same_strength(cards):
    value = evaluate(cards)
    assert evaluate(list(value.best5)).strength == value.strength
    assert strength7(cards) == value.strength


def test_a_fresh_build_of_the_tables_has_the_digest_a_cache_is_checked_against() -> None:
    from dealer_station.evaluator import TABLES_DIGEST, _build_tables, tables_digest

    assert tables_digest(_build_tables()) == TABLES_DIGEST


def test_an_altered_table_cache_is_rebuilt_never_believed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import marshal

    from dealer_station import evaluator

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert evaluator._load_tables() == evaluator._build_tables()  # built, then cached
    cache = evaluator._cache_file()
    by_ranks, by_flush, suits = marshal.loads(cache.read_bytes())
    royal = max(by_flush)
    forged = [royal if s >= 0 else s for s in by_flush]  # every flush a royal flush
    cache.write_bytes(marshal.dumps((by_ranks, forged, suits), 4))
    loaded = evaluator._load_tables()
    assert loaded[1] == by_flush != forged
    cache.write_bytes(b"not marshal data")
    assert evaluator._load_tables()[1] == by_flush
