"""The one rule for a folder that is not there: made only under ``var/``, refused anywhere else.

Every default path of the station (journals, logs, the pit's state, pictures, a simulated floor)
lies under ``var/`` in the folder it runs in, which a fresh clone does not have yet: the station
makes folders there. A folder given anywhere else must exist already - a typo in ``--journal``
would otherwise start a fresh journal somewhere nobody looks - and is refused in one line
naming it, before anything is created.
"""

from __future__ import annotations

import os
from pathlib import Path

from .errors import ConfigError

WORK_FOLDER = "var"
"""The station's own folder (relative to where it runs): the one place it makes folders."""


def under_work_folder(folder: str | os.PathLike[str]) -> bool:
    """Whether ``folder`` is ``var/`` or lies inside it, as written (``..`` resolved, links not followed)."""
    home = os.path.abspath(WORK_FOLDER)
    path = os.path.abspath(folder)
    return path == home or path.startswith(home + os.sep)


def check_folder(folder: str | os.PathLike[str], field: str) -> Path:
    """Refuse (``ConfigError`` on ``field``) a folder that is missing outside ``var/``, or a path on the way
    that is a file; change nothing. Returns the folder."""
    path = Path(folder)
    probe = path
    while not probe.exists() and probe != probe.parent:
        probe = probe.parent
    if probe.exists() and not probe.is_dir():
        raise ConfigError(f"{probe} is not a folder", field)
    if not path.is_dir() and not under_work_folder(path):
        raise ConfigError(f"no folder {path}: create it first (the station makes folders only under "
                          f"{WORK_FOLDER}/)", field)
    return path


def make_folder(folder: str | os.PathLike[str], field: str, *, mode: int = 0o777) -> Path:
    """``check_folder``, then make it (and its parents) when missing: only ever under ``var/``."""
    path = check_folder(folder, field)
    try:
        path.mkdir(mode=mode, parents=True, exist_ok=True)
    except OSError as exc:
        raise ConfigError(f"cannot create the folder {path}: {exc.strerror or exc}", field) from None
    return path
