"""The pit server's own folder: its users and its session key, nothing of the floor's.

``<state-dir>/users.json`` (``users.PitUsers``) and ``<state-dir>/session.key``: 32 random
bytes generated on the first start, written with mode 0600 and never printed; the
sessions and CSRF tokens are signed with it (``sessions.py``). A key file that others may
read, or that is not 32 bytes, is refused rather than used. The folder is created 0700.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from ..errors import ConfigError
from ..private_files import check_private

KEY_BYTES = 32
DEFAULT_STATE_DIR = "var/pit"


def state_dir(path: str | os.PathLike[str] | None) -> Path:
    """The folder (created 0700 if missing under var/, refused if missing elsewhere: ``folders.make_folder``)."""
    from ..folders import make_folder

    folder = make_folder(path or DEFAULT_STATE_DIR, "state-dir", mode=0o700)
    if not folder.is_dir():
        raise ConfigError(f"{folder} is not a folder", "state-dir")
    return folder


def session_key(folder: Path) -> bytes:
    """The session-signing key: read, or generated once (0600) when the folder has none."""
    path = folder / "session.key"
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return _read_key(path)
    except OSError as exc:
        raise ConfigError(f"cannot create {path}: {exc.strerror or exc}", "state-dir") from None
    key = secrets.token_bytes(KEY_BYTES)
    try:
        os.write(fd, key)
        os.fsync(fd)
    finally:
        os.close(fd)
    return key


def _read_key(path: Path) -> bytes:
    check_private(path, "state-dir", fix="or delete it to get a new key")
    try:
        key = path.read_bytes()
    except OSError as exc:
        raise ConfigError(f"cannot read {path}: {exc.strerror or exc}", "state-dir") from None
    if len(key) != KEY_BYTES:
        raise ConfigError(f"{path} is not a session key ({KEY_BYTES} bytes): delete it to get a new one",
                          "state-dir")
    return key
