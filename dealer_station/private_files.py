"""The one rule for every secret file the station reads: nobody but its owner may read it.

Supervisor credentials (``<journal>.credentials.json``), device keys (``<journal>.devices.json``),
the pit's users and its session key: each is written mode 0600, and a copy that the group or
others may read (or write) is refused rather than used - a key others could read proves nothing.
The refusal is one line saying how to put it right.
"""

from __future__ import annotations

import stat
from pathlib import Path

from .errors import ConfigError, DealerStationError

__all__ = ["check_private"]


def check_private(path: Path, field: str | None = None, *, error: type[DealerStationError] = ConfigError,
                  fix: str = "") -> None:
    """Refuse the secret file at ``path`` if its group or others have any access (absent: nothing to refuse).

    ``error``: the refusal's type (a credential store raises its own); ``fix``: another way out to name
    beside ``chmod 600`` (the pit's session key: "or delete it to get a new key")."""
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return
    except OSError as exc:
        raise error(f"cannot read {path}: {exc.strerror or exc}", field) from None
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise error(f"{path} may be read by others: chmod 600 it{f' ({fix})' if fix else ''}", field)
