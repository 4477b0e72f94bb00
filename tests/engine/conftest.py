"""Engine tests reuse the controller fixtures: a real journal file and the scripted shoe."""

from tests.controller.conftest import credentials, make_controller, table  # noqa: F401
