"""The context the players' figures are summed in: exact, and wide enough for any real floor.

An amount has at most 28 digits (``money``) and an edge or a rate at most 11, so a product
has at most 39 digits and a sum of a million of them 45: 120 digits never round. Anything
that would (a defect, not an input: inputs are bounded) raises instead of rounding silently,
as a one-line ``RecordError`` naming ``field``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from decimal import (
    Clamped,
    Context,
    DecimalException,
    DivisionByZero,
    Inexact,
    InvalidOperation,
    Overflow,
    localcontext,
)

from ..errors import RecordError

EXACT = Context(prec=120, Emax=10_000, Emin=-10_000,
                traps=[InvalidOperation, DivisionByZero, Overflow, Inexact, Clamped])


@contextmanager
def exact(field: str | None = None) -> Iterator[None]:
    """Compute in ``EXACT`` (usable as a decorator too)."""
    with localcontext(EXACT):
        try:
            yield
        except DecimalException as exc:
            raise RecordError(f"cannot be computed exactly ({type(exc).__name__})", field) from None
