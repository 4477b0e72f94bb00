"""A table's currency: its ISO 4217 code and how many decimals (minor units) its money has.

A chip is a whole number of the currency's smallest unit (a EUR chip may be 0.25, not
0.125; a JPY chip is a whole yen), and a shift's figures are shown to that unit ("0.00").
Codes are three capital letters; a code not in the exceptions below has 2 decimals, as
most currencies (EUR, USD, GBP, MOP, HKD, SGD ...) do.
"""

from __future__ import annotations

import re

DEFAULT_CURRENCY = "EUR"

_EXCEPTIONS: dict[str, int] = {
    **dict.fromkeys(("BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI", "VND", "VUV",
                     "XAF", "XOF", "XPF"), 0),
    **dict.fromkeys(("BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"), 3),
    **dict.fromkeys(("CLF", "UYW"), 4),
}
"""ISO 4217 currencies whose minor unit is not the cent."""

_CODE = re.compile(r"[A-Z]{3}")


def is_currency_code(text: object) -> bool:
    """Whether ``text`` is written as an ISO 4217 code (three ASCII capitals)."""
    return isinstance(text, str) and _CODE.fullmatch(text) is not None


def minor_units(code: str) -> int:
    """Decimals of the currency's smallest unit (EUR 2, JPY 0, KWD 3)."""
    return _EXCEPTIONS.get(code, 2)
