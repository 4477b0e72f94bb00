"""The player at the seat: rated sessions and cash compliance (docs/players.md).

Pure domain, no I/O: ``rating`` computes a rated session's figures, ``cash`` names a cash
transaction at a table, ``compliance`` keeps the jurisdictions' thresholds and the ledger
that finds MTL lines, CTR dues, structuring, due diligence and identification, and
``records`` reads the two exchange formats (rating and cash records) into those types.
The command line (``rate``, ``compliance``) and the station's and floor's projections of
the journal feed the same types, so each figure has one definition.
"""
