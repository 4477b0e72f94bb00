"""The keys enrolled for a table's devices, by serial number (issue 20 item 4).

Stored like the supervisors' credentials (``dealer_station.supervisor.CredentialStore``: one
JSON file beside the journal, ``<journal>.devices.json``, mode 0600, replaced atomically
under a file lock), never in a profile. Unlike a PIN the key is kept itself, not a hash: the
station must compute the device's HMAC to check its answer (``wire.auth``). A revoked serial
stays in the file, so its refusal names the reason. ``verifier`` is what a house-protocol
driver takes as its ``authenticator`` (``authenticator``: the same, read afresh at every
connect, so a revocation counts from the device's next connect). ``approved_programs`` reads
the profile's approved program images (``devices.approved``, ``devices.programs``).
"""

from __future__ import annotations

import hashlib
import os
import re
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from .errors import ConfigError
from .supervisor import CredentialError, CredentialStore
from .wire import auth
from .wire.codec import MAX_IDENTITY_TEXT, DecodeError, device_text

__all__ = ["DeviceKeys", "EnrolledDevice", "LiveVerifier", "approved_programs", "device_keys_path"]

MAX_PROGRAM_BYTES = 256 * 1024 * 1024
"""A program image larger than this is not read (a folder entry that is no firmware image)."""

_SERIAL = re.compile(r"[A-Za-z0-9_.-]{1,64}")


def device_keys_path(journal_path: str | os.PathLike[str]) -> Path:
    """Where the device keys of a journal live: ``<journal>.devices.json``."""
    path = Path(journal_path)
    if not path.name or path.name in (".", "..") or path.is_dir():
        raise CredentialError("must name a journal file, not a folder", str(journal_path))
    return path.with_name(path.name + ".devices.json")


@dataclass(frozen=True, slots=True)
class EnrolledDevice:
    serial_number: str
    model: str
    enrolled_at: float
    revoked_at: float | None


class DeviceKeys(CredentialStore):
    """Serial number -> model and key, with revocations; the file handling is the credentials'."""

    FILE_FORMAT = "dealer-station-device-keys"
    RECORDS_KEY = "devices"
    ID_FIELD, SECRET_FIELD = "serial", "key"

    def enrol(self, model: str, serial_number: str, key: bytes | None = None) -> bytes:
        """Enrol a unit (a fresh random key unless one is given); returns the key, to load into the device."""
        self._check_id(serial_number)
        try:
            device_text(model.encode("utf-8"), MAX_IDENTITY_TEXT, "model")
        except DecodeError as exc:
            raise CredentialError(str(exc), "model") from None
        if not model:
            raise CredentialError("model must not be empty", "model")
        key = key if key is not None else secrets.token_bytes(auth.KEY_BYTES)
        if len(key) != auth.KEY_BYTES:
            raise CredentialError(f"key must be {auth.KEY_BYTES} bytes ({2 * auth.KEY_BYTES} hex digits)", "key")
        if not self.path.parent.is_dir():
            raise CredentialError(f"no folder {self.path.parent} for the device key file", "journal")
        with self._updating() as records:
            if serial_number in records:
                state = "revoked" if records[serial_number].get("revoked_at") else "enrolled"
                raise CredentialError(f"serial {serial_number} is already {state}", "serial")
            records[serial_number] = {"model": model, "key": key.hex(), "enrolled_at": self._clock(),
                                      "revoked_at": None}
            self._save()
        return key

    def revoke(self, serial_number: str) -> None:
        with self._updating() as records:
            record = records.get(serial_number)
            if record is None:
                raise CredentialError(f"no serial {serial_number} enrolled", "serial")
            if record.get("revoked_at"):
                raise CredentialError(f"serial {serial_number} is already revoked", "serial")
            record["revoked_at"] = self._clock()
            self._save()

    def devices(self) -> list[EnrolledDevice]:
        """Every enrolled unit, revoked ones included, read fresh (never the keys)."""
        with self._lock:
            self._records = self._load()
            return [EnrolledDevice(serial, str(rec["model"]), float(rec["enrolled_at"]), rec.get("revoked_at"))
                    for serial, rec in sorted(self._records.items())]

    def verifier(self, approved: Mapping[str, Sequence[bytes]]) -> auth.Verifier:
        """The check a driver runs at connect: these keys, these revocations, ``approved`` program images per model."""
        with self._lock:
            self._records = self._load()
            keys = {serial: (str(rec["model"]), bytes.fromhex(rec["key"])) for serial, rec in self._records.items()}
            revoked = frozenset(serial for serial, rec in self._records.items() if rec.get("revoked_at"))
        return auth.Verifier(keys, {model: list(images) for model, images in approved.items()}, revoked)

    def authenticator(self, approved: Mapping[str, Sequence[bytes]]) -> LiveVerifier:
        """What the station gives its drivers: ``verifier`` read afresh at each device's connect."""
        return LiveVerifier(self, approved)

    def _check_id(self, badge: object) -> None:
        if not isinstance(badge, str) or not _SERIAL.fullmatch(badge):
            raise CredentialError("serial must be 1-64 letters, digits, '.', '_' or '-'", "serial")




class LiveVerifier:
    """``DeviceKeys.verifier`` at each check: an enrolment or revocation made while the station
    runs (``dealer-station devices``) counts from the device's next connect."""

    def __init__(self, keys: DeviceKeys, approved: Mapping[str, Sequence[bytes]]) -> None:
        self.keys = keys
        self.approved = approved

    def check(self, model: str, serial_number: str, nonce: bytes, seed: bytes, mac: bytes,
              program: bytes) -> tuple[str, str] | None:
        try:
            verifier = self.keys.verifier(self.approved)
        except CredentialError as exc:  # an unreadable key file proves nobody: refused, never a crash
            return "unknown_serial", f"{model} {serial_number}: device keys unreadable ({exc})"
        return verifier.check(model, serial_number, nonce, seed, mac, program)

    def key_id(self, serial_number: str) -> str:
        """The id of the key enrolled for ``serial_number`` now ("" when unreadable or none)."""
        try:
            return self.keys.verifier(self.approved).key_id(serial_number)
        except CredentialError:
            return ""


def approved_programs(approved: Mapping[str, Sequence[str]], folder: str | os.PathLike[str]) -> dict[str, list[bytes]]:
    """The approved program images per model: ``<folder>/<sha256>.bin`` for each digest listed.

    Read once at start; a missing, oversized or altered image is a ``ConfigError`` naming it
    (the station refuses to start rather than refuse every device later for a profile mistake).
    """
    images: dict[str, list[bytes]] = {}
    for model, digests in approved.items():
        for digest in digests:
            path = Path(folder) / f"{digest}.bin"
            where = f"devices.approved.{model}"
            try:
                if path.stat().st_size > MAX_PROGRAM_BYTES:
                    raise ConfigError(f"{path} is larger than {MAX_PROGRAM_BYTES} bytes: not a program image", where)
                image = path.read_bytes()
            except OSError as exc:
                raise ConfigError(f"no approved program image {path} ({exc.strerror or exc}): the images sit in "
                                  "devices.programs, a folder beside the profile unless it is absolute", where) from None
            if hashlib.sha256(image).hexdigest() != digest:
                raise ConfigError(f"{path} does not hash to {digest}: the image is not the approved one", where)
            images.setdefault(model, []).append(image)
    return images
