"""The casino floor: every station's journal in PostgreSQL, checked as it arrives.

One module per job: ``db`` (connections and one-line errors), ``migrate`` (versioned SQL
migrations, shipped in ``migrations/``), ``roles`` (station / report roles and grants),
``ingest`` (the client side of ``floor.ingest``), ``forwarder`` (a station's background
shipper), ``verify`` (a journal file against the floor), ``facts`` (round facts from a
journal file, as the floor's trigger derives them), ``queries`` (what reports and the
pit's web page read), ``report`` (pit report rows and their renderings); the multi-table simulation that feeds it is ``dealer_station.play.simulate_tables``
(the multi-table demo).

The floor never trusts a station: ``floor.ingest`` (a ``SECURITY DEFINER`` function, the
station role's only privilege) recomputes every record's hash with PostgreSQL's
``sha256()`` over the canonical text ``dealer_station.journal`` hashes, and refuses, with
an alarm, any batch that does not extend what the floor holds.
"""
