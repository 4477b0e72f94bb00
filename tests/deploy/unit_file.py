"""A systemd unit file's assignments, read as the deploy tests need them (the guide's checks and the test that
runs the unit under systemd)."""

from __future__ import annotations


def unit_settings(text: str) -> dict[str, list[str]]:
    """key -> values in order (a key may repeat: Environment=), from every section of the unit."""
    out: dict[str, list[str]] = {}
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";", "[")):
            continue
        key, eq, value = line.partition("=")
        assert eq, f"not KEY=VALUE: {raw!r}"
        out.setdefault(key.strip(), []).append(value.strip())
    return out
