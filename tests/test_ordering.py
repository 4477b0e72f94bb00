"""The suite's run order (``tests/ordering.py``): nothing lost or doubled, each module's long tests one
block spread over the first part of the run, the waiting short tests first, the background readers last."""

from __future__ import annotations

from dataclasses import dataclass

from tests.ordering import run_order


@dataclass(frozen=True)
class Item:
    """A test as the ordering sees it (not named Test*: pytest would try to collect it)."""

    module: str
    name: str
    long: bool = False
    last: bool = False
    early: bool = False
    seconds: float | None = None


def ordered(tests: list[Item], spread: float = 0.7) -> list[Item]:
    return run_order(tests, module=lambda t: t.module, long=lambda t: t.long, last=lambda t: t.last,
                     early=lambda t: t.early, spread=spread, seconds=lambda t: t.seconds)


def suite() -> list[Item]:
    tests = []
    for m in range(12):
        tests += [Item(f"m{m}", f"short{i}") for i in range(10)]
        if m % 3 == 0:
            tests += [Item(f"m{m}", f"long{i}", long=True) for i in range(3)]
    tests += [Item("ui", f"tap{i}", early=True) for i in range(5)]
    tests += [Item("m1", "reads-a-play", last=True), Item("m5", "reads-another", last=True)]
    return tests


def test_every_test_once_and_the_readers_of_plays_last_in_their_order() -> None:
    tests = suite()
    order = ordered(tests)
    assert sorted(order, key=tests.index) == tests
    assert [t.name for t in order[-2:]] == ["reads-a-play", "reads-another"]


def test_long_tests_spread_in_module_blocks_none_in_the_last_stretch() -> None:
    order = ordered(suite())
    positions = [i for i, t in enumerate(order) if t.long]
    blocks = [positions[i:i + 3] for i in range(0, len(positions), 3)]
    assert all(b == list(range(b[0], b[0] + 3)) and len({order[i].module for i in b}) == 1 for b in blocks)
    gaps = [later[0] - earlier[-1] for earlier, later in zip(blocks, blocks[1:], strict=False)]
    assert min(gaps) > 10  # spread, not all first
    assert positions[-1] < 0.8 * len(order)


def test_a_modules_short_tests_are_never_split_by_a_long_block() -> None:
    order = [t for t in ordered(suite()) if not t.long and not t.last]
    runs = [t.module for i, t in enumerate(order) if i == 0 or order[i - 1].module != t.module]
    assert len(runs) == len(set(runs))


def test_the_waiting_short_tests_come_first() -> None:
    order = [t for t in ordered(suite()) if not t.long]
    assert {t.module for t in order[:5]} == {"ui"}


def test_no_long_tests_is_the_short_ones_in_order() -> None:
    shorts = [Item("a", "1"), Item("a", "2"), Item("b", "1")]
    assert ordered(shorts) == shorts
    assert ordered([Item("a", "x", long=True)]) == [Item("a", "x", long=True)]


def test_the_costliest_blocks_start_first_the_rest_in_their_order() -> None:
    """A module whose long tests declare more seconds (in sum) than another's starts before it, wherever it
    was collected; blocks that declare nothing count ``DEFAULT_SECONDS`` a test and keep their order."""
    tests = suite()
    tests += [Item("late", "soak", long=True, seconds=60), Item("late", "short")]
    tests += [Item("later", f"kill{i}", long=True, seconds=20) for i in range(2)]
    order = ordered(tests)
    first = [t.module for i, t in enumerate(order) if t.long and (i == 0 or order[i - 1].module != t.module
                                                                   or not order[i - 1].long)]
    assert first == ["late", "later", "m0", "m3", "m6", "m9"]
    assert order.index(Item("late", "soak", long=True, seconds=60)) < 0.1 * len(order)
