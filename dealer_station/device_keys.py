"""The keys enrolled for a table's devices, by serial number (issue 20 item 4).

Stored like the supervisors' credentials (``dealer_station.supervisor.CredentialStore``: one
JSON file beside the journal, ``<journal>.devices.json``, mode 0600, replaced atomically
under a file lock), never in a profile. Unlike a PIN the key is kept itself, not a hash: the
station must compute the device's HMAC to check its answer (``wire.auth``). A revoked serial
stays in the file, so its refusal names the reason. ``verifier`` is what a house-protocol
driver takes as its ``authenticator``.
"""

from __future__ import annotations

import os
import re
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from .supervisor import CredentialError, CredentialStore
from .wire import auth
from .wire.codec import MAX_IDENTITY_TEXT, DecodeError, device_text

__all__ = ["DeviceKeys", "EnrolledDevice", "device_keys_path"]

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

    def _check_id(self, badge: object) -> None:
        if not isinstance(badge, str) or not _SERIAL.fullmatch(badge):
            raise CredentialError("serial must be 1-64 letters, digits, '.', '_' or '-'", "serial")


