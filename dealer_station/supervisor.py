"""Supervisor credentials: salted scrypt PIN hashes, lockout, every attempt reported.

Supervisor actions (void, accept a mismatch, clear a fault, correct a keyed card) need a
badge and PIN. A journal's credentials live in one JSON file beside it,
``credentials_path(journal)`` = ``<journal>.credentials.json``, enrolled only by
``dealer-station supervisors add``: nothing here creates credentials implicitly (a store
on a missing file is empty and accepts nobody). The file is replaced atomically (write,
fsync, rename); only ``scrypt(pin, salt)`` is stored, with failure counters and lockouts,
so restarting the station does not lift a lockout. Every change and every attempt
re-reads the file under an OS lock (``<file>.lock``), so two stores on one file (two
processes, or two objects) never overwrite each other's counters.

No enumeration: every refused attempt - unknown badge, wrong PIN, locked-out badge -
raises ``AuthError`` with the same text (``NOT_ACCEPTED``), after the same work (one
scrypt, one save), so neither the message nor its timing tells whether a badge exists
or how many tries are left. The true reason is in ``AuthError.reason`` for the journal
and the logs, which a supervisor or auditor reads, never the person at the keypad.
Attempts left are never shown; after a *successful* sign-in, ``Supervisor.failed_attempts``
says how many failed attempts were made on that badge since its last sign-in, so its
owner learns that someone tried it (the touchscreen may show it then).

A credential file belongs to exactly one journal: ``bind(journal)`` (the station does it
when it opens its journal; ``supervisors add`` when the journal exists) writes the
journal's table, purpose and record-1 hash into the file, and from then on a store bound
to another journal - a live table started where a deleted demo journal's file was left,
a simulation on the path of an archived live journal - is refused in one line, before any
PIN is tried. The built-in badges (``simulate``'s 9999, the demo's 0000) are marked
``builtin``, go only into a file bound to their own simulation or demo journal, and a
live journal refuses a file holding any.

Lockouts fail closed: a refused attempt whose count cannot be written (a full disk, a
read-only folder) is still refused, and the store keeps the count in memory and applies
it to what it reads from the file until a later write succeeds - so guessing on while the
disk is full locks the badge all the same. An attempt that cannot even take the file's
lock is refused without trying the PIN (``CredentialError``).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import re
import secrets
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

import structlog

from . import filelock
from .errors import DealerStationError
from .folders import make_folder
from .private_files import check_private

if TYPE_CHECKING:
    from .journal import Journal

log = structlog.get_logger(__name__)

__all__ = ["DEMO_BADGE", "DEMO_PIN", "ENROLMENT_COST", "PUBLISHED", "SIM_BADGE", "SIM_PIN", "SUPERVISOR_ROLES",
           "AuthError", "CredentialError", "CredentialStore", "Enrolment", "ScryptCost", "Supervisor",
           "check_role", "credentials_path", "enrolment_id", "journal_binding", "published", "published_refusal"]

FORMAT_NAME = "dealer-station-credentials"


@dataclass(frozen=True, slots=True)
class ScryptCost:
    """scrypt's work parameters; every record keeps the ones it was hashed with, so checking it needs no other."""

    n: int
    r: int
    p: int


ENROLMENT_COST = ScryptCost(2**14, 8, 1)
"""What every badge and pit user is enrolled with (about 80 ms of one core here)."""
_SALT_BYTES = 16
_KEY_BYTES = 32
_PIN = re.compile(r"[0-9]{4,12}")
_BADGE = re.compile(r"[A-Za-z0-9_.-]{1,32}")
_ROLE = re.compile(r"[a-z][a-z_]{0,31}")

DEMO_BADGE, DEMO_PIN = "0000", "1234"
"""The badge ``run --demo`` creates in its demo journal's credentials (the README prints it)."""
SIM_BADGE, SIM_PIN = "9999", "246810"
"""The badge ``simulate`` creates in its simulation journal's credentials (in the source)."""
PUBLISHED: tuple[tuple[str, str], ...] = ((DEMO_BADGE, DEMO_PIN), (SIM_BADGE, SIM_PIN))
"""Credentials anyone can read: a live journal never holds one (``supervisors add`` refuses it, a live
station refuses to start with one enrolled)."""
SUPERVISOR_ROLES: tuple[str, ...] = ("supervisor", "pit_boss", "shift_manager")
"""The roles a table's badge is enrolled with (journaled with every action it authorises)."""


def check_role(role: object) -> None:
    """Refuse a role that is not one of ``SUPERVISOR_ROLES`` (a typo would be journaled for years)."""
    if not isinstance(role, str) or not _ROLE.fullmatch(role):
        raise CredentialError("role must be a lower-case word", "role")
    if role not in SUPERVISOR_ROLES:
        raise CredentialError(f"unknown role {role!r}: one of {', '.join(SUPERVISOR_ROLES)}", "role")


def published(badge: str, pin: str) -> bool:
    """Whether ``badge`` with ``pin`` is a credential the README or the source publishes."""
    return (badge, pin) in PUBLISHED


def published_refusal(badge: str, where: object) -> str:
    """The one line refusing a published credential for ``where`` (never the PIN itself)."""
    return (f"badge {badge} with the PIN published for the demo and the simulation is not for {where}: "
            "a live table never uses it; choose another badge or PIN")


# Reasons reported to on_attempt and journaled (never the PIN itself).
OK, UNKNOWN_BADGE, WRONG_PIN, LOCKED_OUT = "ok", "unknown badge", "wrong PIN", "locked out"
NOT_ACCEPTED = "badge or PIN not accepted"
"""The one thing a refused person is told, whatever the reason."""


def credentials_path(journal_path: str | os.PathLike[str]) -> Path:
    """Where the supervisor credentials of a journal live: ``<journal>.credentials.json``."""
    path = Path(journal_path)
    if not path.name or path.name in (".", "..") or path.is_dir():
        raise CredentialError("must name a journal file, not a folder", str(journal_path))
    return path.with_name(path.name + ".credentials.json")


class CredentialError(DealerStationError):
    """A credential that cannot be stored (bad PIN format, duplicate badge, unreadable file)."""


class AuthError(DealerStationError):
    """A refused supervisor authentication: always ``NOT_ACCEPTED``; ``reason`` says why (for the journal)."""

    def __init__(self, problem: str = NOT_ACCEPTED, field: str | None = None, *, reason: str = WRONG_PIN,
                 key: str | None = "refuse_not_accepted", values: Mapping[str, str] | None = None) -> None:
        super().__init__(problem, field, key=key, values=values)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Supervisor:
    """An authenticated person: who acted, with which role, and how many failed tries preceded."""

    badge: str
    role: str
    failed_attempts: int = 0
    enrolment: str = ""
    """Which enrolment of the badge signed in (``enrolment_id``): a new PIN or re-enrolment is another."""

    @property
    def actor(self) -> str:
        """The journal's actor name for this person."""
        return f"supervisor:{self.badge}"


@dataclass(frozen=True, slots=True)
class Enrolment:
    """What ``supervisors list`` shows of a badge: never its hash or salt."""

    badge: str
    role: str
    locked_until: float | None
    enrolment: str = ""
    """This enrolment's id (``enrolment_id``): it changes with every ``add``, a new secret included."""


AttemptCallback = Callable[[str, bool, str], None]


BINDING_KEY = "journal"
_BINDING_FIELDS = ("table_id", "purpose", "created")


def journal_binding(journal: Journal) -> dict[str, Any]:
    """What a credential file names of the one journal it belongs to: table, purpose, record 1's hash."""
    return {"table_id": journal.table_id, "purpose": journal.purpose, "created": journal.created_hash}


def _describe(binding: dict[str, Any]) -> str:
    created = str(binding.get("created") or "")[:12]
    return f"table {binding.get('table_id')}, {binding.get('purpose')}, record 1 {created}"


def enrolment_id(record: dict[str, Any]) -> str:
    """One enrolment of a badge or user, told apart from any other: every ``add`` (a new secret, or a
    name removed and added again) draws a new random salt. Not secret, and reveals nothing of the hash."""
    return hashlib.sha256(b"dealer-station enrolment." + str(record.get("salt", "")).encode()).hexdigest()[:24]


def _scrypt(pin: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(pin.encode(), salt=salt, n=n, r=r, p=p, maxmem=64 * 1024 * 1024, dklen=_KEY_BYTES)


def journal_actor(badge: object) -> str:
    """``supervisor:<badge>`` for a well-formed badge; anything else is not echoed into the journal."""
    return f"supervisor:{badge}" if isinstance(badge, str) and _BADGE.fullmatch(badge) else "supervisor:(malformed)"


class CredentialStore:
    """Badges with salted PIN hashes in one JSON file; thread- and process-safe.

    ``clock`` returns wall-clock seconds (``time.time``) and is injectable for tests;
    wall clock rather than monotonic because lockouts are persisted across restarts.

    What a name and a secret look like, the file's format name and the refusal's text are
    class attributes and the ``_check_*`` methods: the pit's web page keeps its users
    (names, passwords, roles) in a subclass (``dealer_station.pit.users``), with this same
    hashing, lockout and file handling.
    """

    FILE_FORMAT = FORMAT_NAME
    COST: ClassVar[ScryptCost] = ENROLMENT_COST
    """The cost new enrolments (and the decoy for unknown badges) are hashed at; not configurable by a
    profile or the CLI. The test suite lowers it in-process (tests/conftest.py) to enrol ~700 badges."""
    RECORDS_KEY = "supervisors"
    NOT_ACCEPTED = NOT_ACCEPTED
    ID_FIELD, SECRET_FIELD = "badge", "pin"
    FOLDER_FIELD = "journal"
    """The option that names the file's folder, for a refusal."""

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        max_failures: int = 3,
        lockout_seconds: float = 300.0,
        clock: Callable[[], float] = time.time,
        on_attempt: AttemptCallback | None = None,
        journal: Journal | None = None,
    ) -> None:
        if max_failures < 1 or lockout_seconds < 0:
            raise ValueError("max_failures must be >= 1 and lockout_seconds >= 0")
        self.path = Path(path)
        self.max_failures = max_failures
        self.lockout_seconds = lockout_seconds
        self._clock = clock
        self._on_attempt = on_attempt
        self._journal = journal
        self._lock = threading.Lock()
        self._unsaved: dict[str, dict[str, Any]] = {}
        """Counters of attempts the file could not record (badge -> its record as it should be)."""
        self._bound: dict[str, Any] | None = None
        """The journal this store serves (``bind``): the file must belong to it."""
        self._bound_path: Path | None = None
        self._file_binding: dict[str, Any] | None = None
        """The journal the file says it belongs to, as last read."""
        self._records: dict[str, dict[str, Any]] = self._load()
        # Hash for unknown and locked-out badges: every refusal costs one scrypt.
        cost = self.COST
        self._decoy = {"salt": secrets.token_bytes(_SALT_BYTES).hex(), "n": cost.n, "r": cost.r, "p": cost.p,
                       "hash": "00" * _KEY_BYTES}

    # ----------------------------------------------------------------- storage

    def _load(self) -> dict[str, dict[str, Any]]:
        if not self.path.exists():
            self._file_binding = None
            return {}
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            if data.get("format") != self.FILE_FORMAT or not isinstance(data.get(self.RECORDS_KEY), dict):
                raise ValueError
            records: dict[str, dict[str, Any]] = data[self.RECORDS_KEY]
            binding = data.get(BINDING_KEY)
            if binding is not None and not (isinstance(binding, dict) and set(binding) == set(_BINDING_FIELDS)):
                raise ValueError
            self._overlay_unsaved(records)
        except (OSError, ValueError, AttributeError, TypeError):
            raise CredentialError(f"{self.path} is not a readable credential file") from None
        check_private(self.path, error=CredentialError)  # a secret others may read proves nothing
        self._file_binding = binding
        self._check_belongs(records)
        return records

    # ----------------------------------------------------------------- one journal

    def bind(self, journal: Journal | None) -> None:
        """Serve ``journal`` only (None: there is no journal at the path): refuse a file that belongs to
        another journal or, for a live one, holds a built-in badge; a file that belongs to none is claimed."""
        if journal is None:
            with self._lock:
                self._records = self._load()
                if self._file_binding is not None:
                    raise CredentialError(f"{self.path} belongs to the journal ({_describe(self._file_binding)}), "
                                          "which is no longer beside it: move the file away")
            return
        binding = journal_binding(journal)
        if binding["created"] is None:
            return  # an empty format-1 journal: nothing to tell it by yet
        with self._lock:
            self._bound, self._bound_path = binding, journal.path
        if not self.path.exists():
            return  # nobody enrolled: the first ``add`` writes the binding
        with self._updating() as records:  # refuses a file of another journal (``_check_belongs``)
            if binding["purpose"] == "live":
                self._refuse_published(records)
            if self._file_binding is None:
                self._save()  # claimed: from now on it is this journal's

    def _refuse_published(self, records: dict[str, dict[str, Any]]) -> None:
        """A live journal's file must hold no published credential (one scrypt per published badge present)."""
        for badge, pin in PUBLISHED:
            record = records.get(badge)
            if isinstance(record, dict) and self._matches(record, pin):
                raise CredentialError(f"{self.path} holds badge {badge} with its published PIN (the README's demo or "
                                      "the simulation's): a live table never uses it; remove it with "
                                      f"`dealer-station supervisors remove --badge {badge}` or give it a PIN of its own "
                                      "with `supervisors add --replace`")

    def _check_belongs(self, records: dict[str, dict[str, Any]]) -> None:
        """The file read must belong to the journal this store serves (when it serves one)."""
        bound = self._bound
        if bound is None:
            return
        found = self._file_binding
        if found is not None and found != bound:
            raise CredentialError(
                f"{self.path} belongs to another journal ({_describe(found)}), not to {self._bound_path} "
                f"({_describe(bound)}): move it away and enrol this table's supervisors with "
                "`dealer-station supervisors add`")
        if bound["purpose"] == "live":
            builtin = sorted(badge for badge, rec in records.items() if isinstance(rec, dict) and rec.get("builtin"))
            if builtin:
                raise CredentialError(
                    f"{self.path} holds the built-in badge {', '.join(builtin)} of a demo or simulation: a live table "
                    "never uses it; move the file away and enrol this table's supervisors with "
                    "`dealer-station supervisors add`")

    _COUNTERS = ("failures", "locked_until", "failed_since_success")

    def _overlay_unsaved(self, records: dict[str, dict[str, Any]]) -> None:
        """Apply the counts the file could not take: the stricter of the file's and memory's."""
        for badge, unsaved in self._unsaved.items():
            record = records.get(badge)
            if not isinstance(record, dict) or record.get("salt") != unsaved["salt"]:
                continue  # removed or enrolled anew since: its old count does not apply
            for key in self._COUNTERS:
                mine, theirs = unsaved.get(key), record.get(key)
                record[key] = mine if theirs is None else theirs if mine is None else max(mine, theirs)

    def _record_attempt(self, badge: str) -> bool:
        """Save the records after an attempt on ``badge``; if the file cannot take it, keep it in memory."""
        try:
            self._save()
        except OSError as exc:
            record = self._records.get(badge)
            if record is not None:
                self._unsaved[badge] = {"salt": record.get("salt"), **{k: record.get(k) for k in self._COUNTERS}}
            log.error("credential_attempt_unrecorded", path=str(self.path), error=exc.strerror or str(exc),
                      kept_in_memory=record is not None)
            return False
        self._unsaved.clear()  # every count this store kept is in the file now
        return True

    @contextmanager
    def _updating(self) -> Iterator[dict[str, dict[str, Any]]]:
        """The records, fresh from the file, under the thread lock and the file lock."""
        with self._lock:
            lock = self.path.with_name(self.path.name + ".lock")
            try:
                with filelock.locked(lock):
                    self._records = self._load()
                    yield self._records
            except OSError as exc:
                raise CredentialError(f"cannot update {self.path}: {exc.strerror or exc}") from None

    def _save(self) -> None:
        """Replace the file atomically: a crash leaves the old or the new version, never half."""
        content: dict[str, Any] = {"format": self.FILE_FORMAT, "version": 1, self.RECORDS_KEY: self._records}
        binding = self._file_binding or self._bound
        if binding is not None:
            content[BINDING_KEY] = binding
        text = json.dumps(content, indent=1, sort_keys=True)
        fd, tmp = tempfile.mkstemp(prefix=".credentials-", dir=self.path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
                fh.flush()
                os.fsync(fh.fileno())
            os.chmod(tmp, 0o600)
            os.replace(tmp, self.path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        dir_fd = os.open(self.path.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)

    # ----------------------------------------------------------------- management

    def _check_id(self, badge: object) -> None:
        if not isinstance(badge, str) or not _BADGE.fullmatch(badge):
            raise CredentialError("badge must be 1-32 letters, digits, '.', '_' or '-'", "badge")

    def _check_secret(self, pin: object) -> None:
        if not isinstance(pin, str) or not _PIN.fullmatch(pin):
            raise CredentialError("PIN must be 4 to 12 digits", "pin")

    def _check_role(self, role: object) -> None:
        check_role(role)

    @classmethod
    def _usable_secret(cls, pin: object) -> bool:
        """Whether an offered secret is even worth hashing (anything else is hashed as "")."""
        return isinstance(pin, str) and pin.isascii() and len(pin) <= 64

    def add(self, badge: str, pin: str, role: str = "supervisor", *, replace: bool = False,
            builtin: bool = False) -> Supervisor:
        """Enrol a badge with a new random salt; ``replace=True`` changes an existing PIN/role.

        ``builtin``: a badge whose PIN is in the source (simulation, demo), only for a store bound
        (``bind``) to a demo or simulation journal.
        """
        self._check_id(badge)
        self._check_secret(pin)
        self._check_role(role)
        if builtin and (self._bound is None or self._bound["purpose"] == "live"):
            raise CredentialError(f"a built-in badge goes only into the credentials of a demo or simulation journal, "
                                  f"not {self.path}", "journal")
        if not builtin and self._bound is not None and self._bound["purpose"] == "live" and published(badge, pin):
            raise CredentialError(published_refusal(badge, self._bound_path), "badge")
        make_folder(self.path.parent, self.FOLDER_FIELD)  # made under var/ only, else refused (folders.py)
        salt = secrets.token_bytes(_SALT_BYTES)
        cost = self.COST
        digest = _scrypt(pin, salt, cost.n, cost.r, cost.p)
        with self._updating() as records:
            if badge in records and not replace:
                raise CredentialError(f"{self.ID_FIELD} {badge} already exists", self.ID_FIELD)
            records[badge] = {
                "role": role, "salt": salt.hex(), "hash": digest.hex(),
                "n": cost.n, "r": cost.r, "p": cost.p, "failures": 0, "locked_until": None,
                "failed_since_success": 0,
            }
            if builtin:
                records[badge]["builtin"] = True
            self._save()
        return Supervisor(badge, role, enrolment=enrolment_id(records[badge]))

    def remove(self, badge: str) -> None:
        with self._updating() as records:
            if records.pop(badge, None) is None:
                raise CredentialError(f"no {self.ID_FIELD} {badge} enrolled", self.ID_FIELD)
            self._save()

    def badges(self) -> list[str]:
        return [entry.badge for entry in self.enrolments()]

    def enrolments(self) -> list[Enrolment]:
        """Every badge with its role and lockout, read fresh from the file (no lock: it is replaced atomically)."""
        with self._lock:
            self._records = self._load()
            now = self._clock()
            return [Enrolment(badge, str(rec.get("role", "")),
                              rec["locked_until"] if (rec.get("locked_until") or 0) > now else None,
                              enrolment_id(rec))
                    for badge, rec in sorted(self._records.items())]

    # ----------------------------------------------------------------- authentication

    def authenticate(self, badge: str, pin: str) -> Supervisor:
        """Return the supervisor, or raise ``AuthError`` (``NOT_ACCEPTED``); every attempt is reported."""
        if not self.path.exists():  # nobody enrolled: nothing to lock, nothing to write
            self._matches(self._decoy, pin)
            ok, reason, supervisor = False, UNKNOWN_BADGE, None
        else:
            with self._updating() as records:
                ok, reason, supervisor = self._check(records, badge, pin)
        self._report(badge, ok, reason)
        if supervisor is None:
            raise AuthError(self.NOT_ACCEPTED, reason=reason)
        return supervisor

    def _check(self, records: dict[str, dict[str, Any]], badge: str, pin: str) -> tuple[bool, str, Supervisor | None]:
        """One attempt against fresh records; every refusal costs one scrypt and one save."""
        now = self._clock()
        record = records.get(badge) if isinstance(badge, str) else None
        if record is None:
            self._matches(self._decoy, pin)
            self._record_attempt(badge)
            return False, UNKNOWN_BADGE, None
        locked_until = record.get("locked_until")
        if locked_until is not None and now < locked_until:
            self._matches(self._decoy, pin)  # the PIN is not even tried: no oracle while locked
            self._record_attempt(badge)
            return False, LOCKED_OUT, None
        if self._matches(record, pin):
            failed = int(record.get("failed_since_success", 0))
            if record["failures"] or locked_until is not None or failed:
                record.update(failures=0, locked_until=None, failed_since_success=0)
                self._unsaved.pop(badge, None)  # proven: if the file keeps old counts, they only make it stricter
                self._record_attempt(badge)
            return True, OK, Supervisor(badge, record["role"], failed, enrolment_id(record))
        record["failures"] += 1
        record["failed_since_success"] = int(record.get("failed_since_success", 0)) + 1
        if record["failures"] >= self.max_failures:
            record.update(failures=0, locked_until=now + self.lockout_seconds)
        self._record_attempt(badge)  # refused either way; unrecorded, the count stays in memory
        return False, WRONG_PIN, None

    @classmethod
    def _matches(cls, record: dict[str, Any], pin: str) -> bool:
        if not cls._usable_secret(pin):
            pin = ""  # still spend the scrypt time: no shortcut reveals anything
        actual = _scrypt(pin, bytes.fromhex(record["salt"]), record["n"], record["r"], record["p"])
        return hmac.compare_digest(actual, bytes.fromhex(record["hash"]))

    def _report(self, badge: str, ok: bool, reason: str) -> None:
        """Tell the session and journal the attempt and its true reason; outside the lock."""
        if self._journal is not None:
            self._journal.append("supervisor_auth", {"ok": ok, "reason": reason}, actor=journal_actor(badge))
        if self._on_attempt is not None:
            self._on_attempt(badge, ok, reason)
