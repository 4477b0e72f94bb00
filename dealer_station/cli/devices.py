"""``dealer-station devices enrol|list|revoke``: the keys a table's devices prove themselves with;
``devices scan``: which serial port or USB device is which of the profile's devices, and its URL.

Keys sit beside the journal (``<journal>.devices.json``, like the supervisors' credentials),
never in a profile. ``enrol`` makes a fresh random key and prints it once, to load into the
unit, or takes the unit's key as 64 hex digits on stdin (``--key-stdin``); ``list`` never
shows keys; a revoked serial is refused at connect and cannot be enrolled again.
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import UTC, datetime
from typing import Any

from ..device_keys import DeviceKeys, device_keys_path
from ..devices_scan import Known, line, match
from ..errors import DealerStationError
from ._args import seconds
from .journal import ENV_JOURNAL, journal_path


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("devices", help="find a table's devices (scan); enrol, list or revoke their keys")
    actions = parser.add_subparsers(dest="devices_command", metavar="ACTION")
    actions.required = True

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("--journal", metavar="PATH", help=f"the table's journal (default: ${ENV_JOURNAL} or "
                                                          "var/journal.sqlite); the keys sit beside it")

    enrol = actions.add_parser("enrol", help="enrol a unit's serial number with a key")
    common(enrol)
    enrol.add_argument("--model", required=True, metavar="MODEL")
    enrol.add_argument("--serial", required=True, metavar="SERIAL")
    enrol.add_argument("--key-stdin", action="store_true", help="read the unit's key (64 hex digits) from stdin")
    enrol.set_defaults(func=_enrol)

    listing = actions.add_parser("list", help="enrolled units and revocations (never keys)")
    common(listing)
    listing.set_defaults(func=_list)

    revoke = actions.add_parser("revoke", help="refuse a unit from now on")
    common(revoke)
    revoke.add_argument("--serial", required=True, metavar="SERIAL")
    revoke.set_defaults(func=_revoke)

    scan = actions.add_parser("scan", help="every serial port and USB device: ids, serial number, the profile role "
                                           "and dialect it matches, the URL to put in the profile")
    scan.add_argument("--port", action="append", default=[], metavar="PATH",
                      help="also ask this port (a pty, a port pyserial's list misses); repeatable")
    scan.add_argument("--probe-timeout", type=seconds(10.0), default=0.5, metavar="SECONDS",
                      help="how long a port is given to answer the house protocol's IDENTIFY (default 0.5)")
    scan.add_argument("--no-probe", action="store_true",
                      help="open no port: list ids only (a port in use by a running station is not disturbed)")
    scan.add_argument("--json", action="store_true", help="one JSON document (for machines)")
    scan.set_defaults(func=_scan)


def _store(args: argparse.Namespace) -> DeviceKeys:
    return DeviceKeys(device_keys_path(journal_path(args.journal)))


def _enrol(args: argparse.Namespace) -> int:
    store = _store(args)
    key = None
    if args.key_stdin:
        text = sys.stdin.readline().strip()
        try:
            key = bytes.fromhex(text)
        except ValueError:
            raise DealerStationError("the key on stdin is not hex digits", "key") from None
    made = store.enrol(args.model, args.serial, key)
    print(f"serial {args.serial} ({args.model}) enrolled in {store.path}")
    if key is None:
        print(f"key (load it into the unit; it is not shown again): {made.hex()}")
    return 0


def _when(ts: float) -> str:
    return datetime.fromtimestamp(ts, UTC).strftime("%Y-%m-%d %H:%M:%S UTC")


def _list(args: argparse.Namespace) -> int:
    devices = _store(args).devices()
    if not devices:
        print("no devices enrolled")
    for d in devices:
        revoked = f"  revoked {_when(d.revoked_at)}" if d.revoked_at else ""
        print(f"{d.serial_number}  {d.model}  enrolled {_when(d.enrolled_at)}{revoked}")
    return 0


def _revoke(args: argparse.Namespace) -> int:
    store = _store(args)
    if not store.path.exists():
        raise DealerStationError(f"no devices enrolled ({store.path} does not exist)", "serial")
    store.revoke(args.serial)
    print(f"serial {args.serial} revoked in {store.path}")
    return 0


def known_devices() -> Known:
    """What the scan recognises: the drivers' USB ids and the models the simulators' twins say at IDENTIFY
    (a vendor's house-protocol unit is recognised once its twin is registered)."""
    from drivers.scan import known_usb_ids
    from simulators.registry import known_twins, roles, twin_class

    models: dict[str, str] = {}
    for role in roles():
        for name in known_twins(role):
            model = getattr(twin_class(role, name), "model", "")
            if model:
                models.setdefault(str(model), role)
    return Known(models=models, usb_ids=known_usb_ids())


def _scan(args: argparse.Namespace) -> int:
    from drivers import scan

    known = known_devices()
    backend = scan.default_usb_backend()
    ports = scan.serial_ports(args.port)
    usb, usb_problem = scan.usb_devices(backend)
    found = ports + usb
    if not args.no_probe:
        found = scan.probe(found, known, args.probe_timeout, backend)
    found = [match(item, known) for item in found]
    if args.json:
        print(json.dumps({"devices": [item.as_json() for item in found], "usb_problem": usb_problem or None},
                         indent=2))
        return 0
    for item in found:
        print(line(item))
    if not found:
        print("no serial port or USB device found")
    if usb_problem:
        print(f"warning: {usb_problem}")
    return 0
