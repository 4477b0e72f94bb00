"""Engine tests reuse the session fixtures: a real journal file and the scripted shoe."""

from tests.session.conftest import credentials, make_session, table  # noqa: F401
