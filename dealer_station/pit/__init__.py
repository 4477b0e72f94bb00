"""The pit's web page: the live floor, shift reports, any round and integrity, behind a login.

Built on the floor store (``dealer_station.floor``), which it reads with the report role only
and never writes. One job per module: ``app`` (the application and how it starts: the only
module that imports the pages), ``page`` (the ``Pit`` every page is given, and ``pit_of``), ``web``
(the gate every request passes: sign-in, security headers, same-origin posts), ``sessions``
(signed, expiring sessions and CSRF tokens), ``users`` (people and passwords, on the
station's credential store), ``state`` (the server's own folder and session key), ``live``
(every table's state now, kept current from the floor's notifications), ``chains`` (each
table's chain re-checked on the floor), ``views`` (templates and filters), the ``*_pages``
modules (one per page family) and ``server`` (uvicorn). ``docs/pit.md`` tells the rest.
"""
