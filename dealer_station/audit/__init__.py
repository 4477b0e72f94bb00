"""Audits over what the journals hold: that every shuffler shuffles (``shuffles``, read by ``deals``)."""
