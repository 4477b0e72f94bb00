"""``dealer-station supervisors add|remove|list``: enrol the people who may authorise.

The only way supervisor credentials come into being (nothing creates them implicitly).
The PIN is typed twice without echo (``getpass``), or read as two lines from stdin with
``--pin-stdin`` for scripts; it is stored only as a salted scrypt hash in
``credentials_path(journal)``. ``list`` shows badges, roles and lockouts, never hashes.
``add`` binds the file to the journal when there is one (``CredentialStore.bind``), and
refuses a file that belongs to another journal, or to one no longer at the path.
"""

from __future__ import annotations

import argparse
from typing import Any

from ..errors import DealerStationError
from ..supervisor import (
    SUPERVISOR_ROLES,
    CredentialError,
    CredentialStore,
    check_role,
    credentials_path,
    published,
    published_refusal,
)
from ._credentials import enrolment_lines, read_twice
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
    add.add_argument("--role", default="supervisor", metavar="ROLE",
                     help=f"one of {', '.join(SUPERVISOR_ROLES)} (default: supervisor)")
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


def _add(args: argparse.Namespace) -> int:
    from ..folders import check_folder
    from ..journal import Journal

    store = _store(args)  # refuses a bad journal path first; creates nothing
    check_folder(store.path.parent, "journal")  # a missing folder outside var/: before the PIN is typed
    check_role(args.role)  # before the PIN is typed
    pin = read_twice("PIN", args.pin_stdin, "pin", "--pin-stdin")
    journal = journal_path(args.journal)
    if journal.exists():  # the file becomes that journal's (refused if it is another's; a live one refuses
        with Journal.open_readonly(journal) as reader:  # a published credential)
            store.bind(reader)
    else:  # a file left by a journal that is gone is not enrolled into
        store.bind(None)
        if published(args.badge, pin):  # the journal to come is a live table's (a demo makes its own badge)
            raise CredentialError(published_refusal(args.badge, journal), "badge")
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
    for line in enrolment_lines(_store(args)):
        print(line)
    return 0
