"""The read side: what the croupier's screen, the pit's table tile and the shift counter show.

Everything here reads a ``TableSnapshot`` (``engine/snapshot.py``, published by the kernel after
every commit) and the game's own definitions, and says it as message keys (``view.texts``) the
screen translates. The engine never imports this package (``tests/test_layering.py``).
"""
