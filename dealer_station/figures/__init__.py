"""What a table's rounds add up to, defined once: the facts a journal's events yield per round
(``facts.py``) and the measures summed over them (``measures.py``).

The floor derives the same facts server-side on ingest (its SQL is the twin of ``facts.py``,
pinned equal by ``tests/floor/test_report.py``) and reports sum the same measures; the croupier's
shift counter (``view/shift.py``) and a report over one journal file use this Python directly.
"""
