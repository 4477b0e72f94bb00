"""``dealer-station pit``: the pit's web page over the floor; ``pit users add|remove|list``: who may sign in.

Users are kept in ``<state-dir>/users.json`` (``pit.users``), never in the floor database. A
password is typed twice without echo, or read as two lines from stdin with
``--password-stdin`` (scripts). Nothing creates a user implicitly.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import ConfigError, DealerStationError
from ..periods import zone
from ._args import whole_number
from ._credentials import enrolment_lines, read_twice
from ._floor_options import add_floor_option, floor_url

if TYPE_CHECKING:
    from ..pit.users import PitUsers


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "pit", help="the pit's web page: the live floor, reports and any round, behind a login",
        description="Serve the pit's web page over the floor (read with the report role only). "
                    "'pit users add|remove|list' manages who may sign in.")
    add_floor_option(parser)
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    parser.add_argument("--port", type=whole_number(1, 65535), default=8080, help="port (default 8080)")
    parser.add_argument("--state-dir", default=None, metavar="DIR",
                        help="the page's users and session key (default var/pit)")
    parser.add_argument("--tz", default="UTC", metavar="ZONE", help="the pit's local time zone (default UTC)")
    parser.add_argument("--shifts", default="06:00,14:00,22:00", metavar="HH:MM,...",
                        help="shift boundaries in local time (the floor tiles show this shift's results)")
    parser.add_argument("--par-rounds", type=whole_number(1, 10_000_000), default=None, metavar="N",
                        help="rounds simulated for a main game's par in reports (as report --par-rounds)")
    parser.add_argument("--stale-open", type=whole_number(5, 3600), default=30, metavar="S",
                        help="seconds without a word from a table with a round open before its tile is stale (default 30)")
    parser.add_argument("--stale-between", type=whole_number(5, 86400), default=300, metavar="S",
                        help="seconds without a word from a table between rounds before it is stale (default 300)")
    parser.add_argument("--shuffle-every", type=whole_number(10, 86400), default=300, metavar="S",
                        help="seconds between shuffle audits of every shuffler (default 300)")
    parser.add_argument("--shuffle-days", type=whole_number(1, 90), default=7, metavar="D",
                        help="days of deals the shuffle audit tests (default 7)")
    parser.add_argument("--cert", type=Path, default=None, metavar="FILE", help="TLS certificate (PEM): serve HTTPS")
    parser.add_argument("--key", type=Path, default=None, metavar="FILE", help="TLS private key (PEM)")
    parser.add_argument("--secure-cookies", action="store_true",
                        help="mark cookies Secure (behind a TLS proxy; implied by --cert)")
    parser.set_defaults(func=_serve)

    actions = parser.add_subparsers(dest="pit_command", metavar="users")
    users = actions.add_parser("users", help="who may sign in to the pit's page")
    user_actions = users.add_subparsers(dest="users_command", metavar="ACTION")
    user_actions.required = True

    def state(p: argparse.ArgumentParser) -> None:
        p.add_argument("--state-dir", default=None, metavar="DIR", help="the page's state folder (default var/pit)")

    add = user_actions.add_parser("add", help="add a user (password typed twice, hidden)")
    state(add)
    add.add_argument("--user", required=True, metavar="NAME")
    add.add_argument("--role", required=True, choices=("supervisor", "auditor", "cage", "count", "compliance"),
                     help="supervisor: floor, rounds, reports; auditor: also integrity and raw events; cage: issues "
                          "and confirms slips on the Bank page; count: enters the drops; compliance: also the MTL, "
                          "CTR dues, alerts and the exclusion list")
    add.add_argument("--badge", default=None, metavar="B",
                     help="the station badge this person holds: pages name supervisor:B after the user")
    add.add_argument("--replace", action="store_true", help="change the password and role of an existing user")
    add.add_argument("--password-stdin", action="store_true", help="read the password twice from stdin (two lines)")
    add.set_defaults(func=_add)
    remove = user_actions.add_parser("remove", help="remove a user (their sessions end at once)")
    state(remove)
    remove.add_argument("--user", required=True, metavar="NAME")
    remove.set_defaults(func=_remove)
    listing = user_actions.add_parser("list", help="users, roles and lockouts (never hashes)")
    state(listing)
    listing.set_defaults(func=_list)


def _users(args: argparse.Namespace) -> PitUsers:
    from ..pit.state import state_dir
    from ..pit.users import PitUsers, users_path

    return PitUsers(users_path(state_dir(args.state_dir)))


def _add(args: argparse.Namespace) -> int:
    from ..folders import check_folder
    from ..pit.state import DEFAULT_STATE_DIR

    check_folder(args.state_dir or DEFAULT_STATE_DIR, "state-dir")  # a missing folder: before the password is typed
    password = read_twice("password", args.password_stdin, "password", "--password-stdin")  # refused: no folder made
    store = _users(args)
    person = store.add(args.user, password, args.role, replace=args.replace, holds=args.badge)
    holds = f", badge {args.badge}" if args.badge else ""
    print(f"user {person.badge} ({person.role}{holds}) {'updated' if args.replace else 'added'} in {store.path}")
    return 0


def _remove(args: argparse.Namespace) -> int:
    store = _users(args)
    if not store.path.exists():
        raise DealerStationError(f"no users yet ({store.path} does not exist)", "user")
    store.remove(args.user)
    print(f"user {args.user} removed from {store.path}")
    return 0


def _list(args: argparse.Namespace) -> int:
    for line in enrolment_lines(_users(args)):
        print(line)
    return 0



def _serve(args: argparse.Namespace) -> int:
    from ..shifts import parse_shifts

    try:
        from ..pit.app import check_read_only
        from ..pit.page import PitSettings
        from ..pit.server import bind, is_loopback, serve
        from ..pit.state import state_dir
        from ..pit.users import PitUsers, users_path
    except ImportError as exc:
        raise ConfigError(f"the pit page needs its extra packages ({exc.name} missing): "
                          "pip install 'dealer-station[pit]'", "pit") from None
    url = floor_url(args) or ""
    if (args.cert is None) != (args.key is None):
        raise ConfigError("give both --cert and --key (or neither)", "cert")
    for path, name in ((args.cert, "cert"), (args.key, "key")):
        if path is not None and not path.is_file():
            raise ConfigError(f"no file {path}", name)
    check_read_only(url)  # before listening: a writing login or an old schema is refused in one line
    folder = state_dir(args.state_dir)
    settings = PitSettings(floor_url=url, state_dir=folder, tz=zone(args.tz), shifts=parse_shifts(args.shifts),
                           par_rounds=args.par_rounds, secure_cookies=args.secure_cookies or args.cert is not None,
                           stale_open=float(args.stale_open), stale_between=float(args.stale_between),
                           shuffle_every=float(args.shuffle_every), shuffle_window=args.shuffle_days * 86400.0)
    sock = bind(args.host, args.port)  # before anything is said: a busy port is the one line
    if not PitUsers(users_path(folder)).enrolments():
        print(f"pit: no user can sign in yet: add one with dealer-station pit users add --state-dir {folder} "
              "--user NAME --role supervisor", file=sys.stderr)
    if not is_loopback(args.host) and args.cert is None:
        print(f"pit: listening on {args.host} without TLS: passwords and sessions cross the network in clear "
              "unless a TLS proxy is in front (give --cert/--key, or --secure-cookies behind the proxy)", file=sys.stderr)
    scheme = "https" if args.cert else "http"
    host = f"[{args.host}]" if ":" in args.host else args.host  # an IPv6 address, as a URL writes it

    def serving() -> None:
        print(f"pit: serving {scheme}://{host}:{args.port}/ (Ctrl-C to stop)", file=sys.stderr, flush=True)

    serve(settings, sock, certfile=args.cert, keyfile=args.key, on_serving=serving)
    return 0
