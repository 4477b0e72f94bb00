"""The play wing: simulation and demo tooling that drives a table the way a croupier would.

Scripted croupier and players (``autoplay``), the bet-sensing croupier (``sensed_play``),
whole simulated tables (``simulate``) and floors of them (``simulate_tables``), and the
table scripts the screen's scenes play (``table_scripts``: no Qt). It sits on the
composition side, with ``cli/`` and ``station.py``: it may use the station, the engine, the
floor and (inside functions) the simulators, while the rules (``games/``, ``table/``), the
engine and the rest of the core never import it (a game names its scripted players by
``module:factory``, ``Game.players``).
"""
