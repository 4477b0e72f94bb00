"""Fill and credit slips: numbered in one series per kind (``F000001``..., ``C000001``...), each
with a state, and the problems a shift's slips can show.

A fill brings chips from the cage to the table, a credit takes them back. A slip is
``requested`` (a supervisor), ``issued`` (the cage), then ``received`` (verified at the
table for a fill, confirmed by the cage for a credit) or ``refused``; it may be ``void``
before it is received. Only received slips count in a shift's figures.

**Numbers.** A slip number is its series letter and a whole number from 1, zero-padded to
six digits (``F000041``; ``F1000000`` after ``F999999``): one spelling per number, so
``F0000041`` is refused rather than taken for ``F000041``.

**Problems** (``slip_problems``), each ``(kind, series, slip)``:
- ``duplicate``: once per number used more than once in the shift, whatever the states
  (a voided slip used its number; received copies all count in the figures);
- ``gap``: once per number missing between the lowest and highest number of a series
  within the shift (a number used by a slip in any state is not missing);
- ``empty``: once per received slip with no chip (``{}``, or only zero counts).
They are listed by series (F, then C), then by number, then in that order of kinds.
"""

from __future__ import annotations

import enum
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from ..errors import RecordError
from ..record_fields import described
from .chips import ChipCount

MAX_GAPS = 100_000
"""Most missing numbers a shift's series may leave (each is one line of the answer): a shift
uses tens of slips; a record whose numbers leave more gaps than this is refused rather than
listing them all."""


class SlipKind(enum.StrEnum):
    FILL = "fill"
    CREDIT = "credit"

    @property
    def series(self) -> str:
        """The letter of its number series."""
        return "F" if self is SlipKind.FILL else "C"


class SlipState(enum.StrEnum):
    REQUESTED = "requested"
    ISSUED = "issued"
    RECEIVED = "received"
    REFUSED = "refused"
    VOID = "void"


class ProblemKind(enum.StrEnum):
    DUPLICATE = "duplicate"
    GAP = "gap"
    EMPTY = "empty"


_NUMBER = re.compile(r"([FC])([0-9]{6,12})")


def slip_text(series: str, number: int) -> str:
    """``F000041``: the one spelling of a slip number."""
    return f"{series}{number:06d}"


@dataclass(frozen=True)
class Slip:
    """One fill or credit slip of a shift."""

    kind: SlipKind
    number: int
    state: SlipState
    chips: ChipCount

    def __post_init__(self) -> None:
        if self.number < 1:
            raise ValueError(f"a slip number starts at 1, not {self.number}")

    @property
    def slip(self) -> str:
        return slip_text(self.kind.series, self.number)

    @property
    def counts(self) -> bool:
        """Whether it counts in the shift's figures (received)."""
        return self.state is SlipState.RECEIVED


@dataclass(frozen=True, order=True)
class SlipProblem:
    """One line of ``slip_problems``."""

    series: str
    number: int
    kind: ProblemKind

    @property
    def slip(self) -> str:
        return slip_text(self.series, self.number)


_KIND_ORDER = {kind: i for i, kind in enumerate(ProblemKind)}


def slip_problems(slips: Iterable[Slip]) -> list[SlipProblem]:
    """Every duplicate, gap and empty received slip among a shift's slips (module docstring).

    Raises ``RecordError`` when a series leaves more than ``MAX_GAPS`` gaps.
    """
    problems: list[SlipProblem] = []
    by_series: dict[str, list[Slip]] = {}
    for slip in slips:
        by_series.setdefault(slip.kind.series, []).append(slip)
    for series in ("F", "C"):
        group = by_series.get(series, [])
        used = Counter(slip.number for slip in group)
        problems += [SlipProblem(series, n, ProblemKind.DUPLICATE) for n, times in used.items() if times > 1]
        if used:
            low, high = min(used), max(used)
            missing = high - low + 1 - len(used)
            if missing > MAX_GAPS:
                raise RecordError(f"the {series} slips leave {missing} numbers unused between "
                                  f"{slip_text(series, low)} and {slip_text(series, high)}: more than {MAX_GAPS} "
                                  "gaps are refused rather than listed", _LIST[series])
            problems += [SlipProblem(series, n, ProblemKind.GAP) for n in range(low, high + 1) if n not in used]
        problems += [SlipProblem(series, s.number, ProblemKind.EMPTY) for s in group
                     if s.counts and not s.chips]
    series_order = {"F": 0, "C": 1}
    return sorted(problems, key=lambda p: (series_order[p.series], p.number, _KIND_ORDER[p.kind]))


_LIST = {"F": "fills", "C": "credits"}


def parse_slip_number(raw: object, kind: SlipKind, field: str) -> int:
    """``"F000041"`` -> 41 for a fill (a credit's number is in the C series), or a one-line refusal."""
    match = _NUMBER.fullmatch(raw) if isinstance(raw, str) else None
    example = slip_text(kind.series, 41)
    if match is None:
        raise RecordError(f"a slip number is {kind.series} and a number from 1, six digits at least "
                          f"(e.g. {example}), not {described(raw)}", field)
    series, digits = match.groups()
    if series != kind.series:
        raise RecordError(f"a {kind.value} slip's number is in the {kind.series} series (e.g. {example}), "
                          f"not {described(raw)}", field)
    number = int(digits)
    if number == 0:
        raise RecordError(f"slip numbers start at {slip_text(series, 1)}", field)
    if raw != slip_text(series, number):
        raise RecordError(f"write {slip_text(series, number)}, not {described(raw)}: a slip number has six "
                          "digits, more only when it needs them", field)
    return number
