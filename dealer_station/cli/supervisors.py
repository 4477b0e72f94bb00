"""``dealer-station supervisors add|remove|list``: enrol the people who may authorise.

The only way supervisor credentials come into being (nothing creates them implicitly).
The PIN is typed twice without echo (``getpass``), or read as two lines from stdin with
``--pin-stdin`` for scripts; it is stored only as a salted scrypt hash in
``credentials_path(journal)``. ``list`` shows badges, roles and lockouts, never hashes.
"""

from __future__ import annotations

import argparse
import getpass
import sys
from datetime import UTC, datetime
from typing import Any

from ..errors import DealerStationError
from ..supervisor import CredentialError, CredentialStore, credentials_path
from .journal import ENV_JOURNAL, journal_path


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("supervisors", help="enrol, remove or list supervisor badges of a journal")
    actions = parser.add_subparsers(dest="supervisors_command", metavar="ACTION")
    actions.required = True

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("--journal", metavar="PATH", help=f"the table's journal (default: ${ENV_JOURNAL} or "
                                                          "var/journal.sqlite); credentials sit beside it")

    add = actions.add_parser("add", help="enrol a badge (PIN typed twice, hidden)")
    common(add)
    add.add_argument("--badge", required=True, metavar="B")
    add.add_argument("--role", default="supervisor", metavar="ROLE", help="role word (default: supervisor)")
    add.add_argument("--replace", action="store_true", help="change the PIN and role of an enrolled badge")
    add.add_argument("--pin-stdin", action="store_true", help="read the PIN twice from stdin (two lines)")
    add.set_defaults(func=_add)

    remove = actions.add_parser("remove", help="withdraw a badge")
    common(remove)
    remove.add_argument("--badge", required=True, metavar="B")
    remove.set_defaults(func=_remove)

    listing = actions.add_parser("list", help="badges, roles and lockouts (never hashes)")
    common(listing)
    listing.set_defaults(func=_list)


def _store(args: argparse.Namespace) -> CredentialStore:
    return CredentialStore(credentials_path(journal_path(args.journal)))


def _read_pin_twice(from_stdin: bool) -> str:
    try:
        if from_stdin:
            first, second = sys.stdin.readline(), sys.stdin.readline()
            if not second:
                raise CredentialError("--pin-stdin needs the PIN on two lines", "pin")
            first, second = first.rstrip("\r\n"), second.rstrip("\r\n")
        else:
            first = getpass.getpass("PIN: ")
            second = getpass.getpass("PIN again: ")
    except EOFError:
        raise CredentialError("no PIN given", "pin") from None
    if first != second:
        raise CredentialError("the two PINs differ", "pin")
    return first


def _add(args: argparse.Namespace) -> int:
    store = _store(args)
    pin = _read_pin_twice(args.pin_stdin)
    supervisor = store.add(args.badge, pin, args.role, replace=args.replace)
    print(f"badge {supervisor.badge} ({supervisor.role}) enrolled in {store.path}")
    return 0


def _remove(args: argparse.Namespace) -> int:
    store = _store(args)
    if not store.path.exists():
        raise DealerStationError(f"no supervisors enrolled ({store.path} does not exist)", "badge")
    store.remove(args.badge)
    print(f"badge {args.badge} removed from {store.path}")
    return 0


def _list(args: argparse.Namespace) -> int:
    store = _store(args)
    for entry in store.enrolments():
        if entry.locked_until is None:
            state = "active"
        else:
            until = datetime.fromtimestamp(entry.locked_until, UTC).isoformat(timespec="seconds")
            state = f"locked out until {until.replace('+00:00', 'Z')}"
        print(f"{entry.badge}\t{entry.role}\t{state}")
    return 0
