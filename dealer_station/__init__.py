"""Dealer Station core: cards, hand evaluation, games, round engine, journal.

This package imports no Qt and no serial/USB library; device I/O lives in
``drivers``/``simulators`` and the touchscreen in ``ui``.
"""

__version__ = "0.1.0"
