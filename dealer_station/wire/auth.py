"""Device authentication (HARDWARE.md, issue 20 item 4): both ends of the computation.

At connect the station sends a fresh random ``nonce`` and ``seed`` (AUTH_CHALLENGE); the
device answers (AUTH_RESPONSE) with

* ``mac``: HMAC-SHA256 under the key enrolled for its serial number, over a label, the
  nonce, the seed and its serial number - it holds that key, and the answer cannot be
  replayed to another challenge or copied to another serial;
* ``program``: HMAC-SHA256 keyed by the seed over its program image - as GSA's GAT asks a
  gaming device for a hash of its program over a verifier-chosen seed, so a device cannot
  answer from a stored digest; the station computes the same over the approved images.

Pure and shared: the simulators answer with ``respond`` and the station checks with
``expected_mac`` / ``program_hash``, so the two ends cannot drift apart.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

LABEL = b"dealer-station auth v1"
NONCE_BYTES = SEED_BYTES = 16
MAC_BYTES = PROGRAM_BYTES = 32
KEY_BYTES = 32

REASONS = ("unknown_serial", "revoked", "impostor", "rogue_firmware", "swap")
"""Why a device is refused: not enrolled, enrolment revoked, wrong key, unapproved program,
another unit on a port that had an authenticated one."""


def challenge() -> tuple[bytes, bytes]:
    """A fresh (nonce, seed) from the OS's CSPRNG."""
    return secrets.token_bytes(NONCE_BYTES), secrets.token_bytes(SEED_BYTES)


def expected_mac(key: bytes, nonce: bytes, seed: bytes, serial_number: str) -> bytes:
    return hmac.new(key, LABEL + nonce + seed + serial_number.encode("utf-8"), hashlib.sha256).digest()


def program_hash(seed: bytes, image: bytes) -> bytes:
    return hmac.new(seed, image, hashlib.sha256).digest()


def key_id(key: bytes) -> str:
    """Which key a unit proved itself with, safe to journal: 16 hex digits of a labelled SHA-256 of it. The
    station remembers it with the serial (a unit re-enrolled under its serial with a new key is another)."""
    return hashlib.sha256(b"dealer-station device key id\0" + key).hexdigest()[:16]


def respond(key: bytes, image: bytes, serial_number: str, nonce: bytes, seed: bytes) -> tuple[bytes, bytes]:
    """The device's answer: (mac, program)."""
    return expected_mac(key, nonce, seed, serial_number), program_hash(seed, image)


class Verifier:
    """The station's check of one AUTH_RESPONSE against enrolled keys and approved programs.

    ``keys``: serial number -> (model, key); ``revoked``: serial numbers refused whatever
    they answer; ``approved``: model -> program images the table accepts. Returns None for a
    device that proved itself, else (reason, detail) with reason one of ``REASONS``.
    """

    def __init__(self, keys: dict[str, tuple[str, bytes]], approved: dict[str, list[bytes]],
                 revoked: frozenset[str] = frozenset()) -> None:
        self.keys = keys
        self.approved = approved
        self.revoked = revoked

    def check(self, model: str, serial_number: str, nonce: bytes, seed: bytes, mac: bytes,
              program: bytes) -> tuple[str, str] | None:
        if serial_number in self.revoked:
            return "revoked", f"{model} {serial_number}: its enrolment was revoked"
        enrolled = self.keys.get(serial_number)
        if enrolled is None:
            return "unknown_serial", f"{model} {serial_number} is not enrolled"
        if enrolled[0] != model or not hmac.compare_digest(mac, expected_mac(enrolled[1], nonce, seed, serial_number)):
            return "impostor", f"{model} {serial_number} does not hold the key enrolled for that serial"
        if not any(hmac.compare_digest(program, program_hash(seed, image)) for image in self.approved.get(model, ())):
            return "rogue_firmware", f"{model} {serial_number} runs a program not approved for this table"
        return None

    def key_id(self, serial_number: str) -> str:
        """The id of the key enrolled for ``serial_number`` ("" when none is)."""
        enrolled = self.keys.get(serial_number)
        return key_id(enrolled[1]) if enrolled is not None else ""
