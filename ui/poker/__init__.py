"""The poker table panel of the croupier's screen (poker-room hold'em): seats round the table,
the board, the pots, the legal actions with a touch bet entry, and the showdown's pushes and rake.

``model`` computes what the panel shows from the session (no Qt, no rule of its own),
``words`` says every word in the screen's language (Qt context ``poker``), ``table_view``
draws the table, ``actions`` is the column of what the croupier can press, and ``panel``
plugs them into the shell (``ui/panel.py``). The banner is ``PokerFlow.banner``.
"""
