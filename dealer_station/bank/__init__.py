"""The table bank: a table-shift's chips, slips, buy-ins and rounds, and every figure the pit
reads from them (PIT rules, docs/bank.md). Pure: no file, no journal, no clock.

- ``chips``: chip counts per denomination and how a record writes them;
- ``slips``: fill and credit slips, their numbers and states, and slip problems;
- ``book``: a shift's book (``ShiftBook``) and the rounds' moves;
- ``figures``: every figure, variance and class of a shift, in one function;
- ``record``: the bank record (the ``bank`` command's exchange format) and its answer;
- ``tray``: the sensed tray rule (an RFID tray antenna's scans -> tray alarms);
- ``statistical``: the statistical report (drop, win, win/drop %, the 95% band).
The buy-in (``dealer_station.buy_in``) is shared with the cash rules.
"""
