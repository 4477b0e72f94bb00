"""The poker dealer's screen (poker-room hold'em): a table of seats, the board, the pots, the
legal actions with a touch bet entry, and the showdown's pushes and rake.

``model`` computes what the screen shows from the session (no Qt, no rule of its own),
``texts.phrase`` holds every word, and the widgets only draw the model and send commands.
"""
