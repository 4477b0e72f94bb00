"""What the two credential commands share (``supervisors`` at a table, ``pit users`` for
the pit page): a secret typed twice without echo, and the listing of who is enrolled."""

from __future__ import annotations

import getpass
import os
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any


def _has_terminal() -> bool:
    """Whether a terminal can take a hidden entry (``getpass`` reads ``/dev/tty``)."""
    try:
        fd = os.open("/dev/tty", os.O_RDWR | os.O_NOCTTY)
    except OSError:
        return False
    os.close(fd)
    return True


def read_twice(what: str, from_stdin: bool, field: str, option: str) -> str:
    """A PIN or password typed twice (hidden), or two lines of stdin with ``option``.

    With no terminal, ``getpass`` would warn and echo the secret: refused instead, in one
    line that names ``option``.
    """
    from ..supervisor import CredentialError

    if not from_stdin and not _has_terminal():
        raise CredentialError(f"no terminal to type the {what} without echo: give it on two lines of stdin "
                              f"with {option}", field)
    try:
        if from_stdin:
            first, second = sys.stdin.readline(), sys.stdin.readline()
            if not second:
                raise CredentialError(f"{option} needs the {what} on two lines", field)
            first, second = first.rstrip("\r\n"), second.rstrip("\r\n")
        else:
            first = getpass.getpass(f"{what}: ")
            second = getpass.getpass(f"{what} again: ")
    except EOFError:
        raise CredentialError(f"no {what} given", field) from None
    if first != second:
        raise CredentialError(f"the two {what}s differ", field)
    return first


def enrolment_lines(store: Any) -> Iterator[str]:
    """``name<TAB>role<TAB>state`` per enrolled person (never a hash)."""
    for entry in store.enrolments():
        if entry.locked_until is None:
            state = "active"
        else:
            until = datetime.fromtimestamp(entry.locked_until, UTC).isoformat(timespec="seconds")
            state = f"locked out until {until.replace('+00:00', 'Z')}"
        yield f"{entry.badge}\t{entry.role}\t{state}"
