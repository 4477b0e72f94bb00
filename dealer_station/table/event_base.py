"""Typed journal events: one frozen class per kind, with a schema version.

The journal stores ``kind`` + a JSON payload; these classes are the only code that turns
one into the other, so the live table (which journals an event, then applies it) and
recovery (which reads it back, then applies it) share one description of every event.

Versioning, in the style of the eventsourcing library's upcasting: each class has a
``version``. A payload written by version 1 carries no version key; later versions write
``"v": N``. Reading a payload of an older version runs the class's upcasters (one per
step) before building the event, so old journals replay with the current code. A
payload of a newer version than the class, or a kind this program does not know, is
refused with a ``JournalError`` naming both - never half-understood.

Games register their own event classes (the jackpot meter's, poker's) with
``@register``; ``docs/journal-events.md`` lists every kind.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import Any, ClassVar, TypeVar, Union

from ..errors import DealerStationError
from ..money import format_money

__all__ = ["Event", "EventError", "decode", "encode", "event_class", "known_kinds", "register", "upcaster"]

VERSION_KEY = "v"

# Who writes an event: shown in docs/journal-events.md and checked there by a test.
CROUPIER, STATION, SUPERVISOR, DEVICE = "croupier", "station", "supervisor", "device"


class EventError(DealerStationError):
    """A journal payload that is not a valid event of its kind (or of a newer program)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Event:
    """Base of every journal event. Subclasses are frozen dataclasses registered by kind."""

    kind: ClassVar[str] = ""
    version: ClassVar[int] = 1
    writers: ClassVar[tuple[str, ...]] = (STATION,)
    """Who journals it (croupier, station, supervisor, device)."""
    table_level: ClassVar[bool] = False
    """True for events about the table, not the round in progress (no round id)."""

    def payload(self) -> dict[str, Any]:
        """The JSON-ready payload (money as decimal text)."""
        return encode(self)


E = TypeVar("E", bound=type[Event])

_REGISTRY: dict[str, type[Event]] = {}
_UPCASTERS: dict[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]] = {}
_FIELDS: dict[type[Event], tuple[tuple[str, Callable[[Any], Any], Callable[[Any], Any], bool], ...]] = {}


def register(cls: E) -> E:
    """Class decorator: make ``cls`` the event of kind ``cls.kind`` (once per kind)."""
    if not cls.kind:
        raise TypeError(f"{cls.__name__} has no kind")
    if cls.kind in _REGISTRY and _REGISTRY[cls.kind] is not cls:
        raise TypeError(f"event kind {cls.kind!r} registered twice ({_REGISTRY[cls.kind].__name__}, {cls.__name__})")
    _REGISTRY[cls.kind] = cls
    return cls


def upcaster(kind: str, from_version: int) -> Callable[[Callable[[dict[str, Any]], dict[str, Any]]],
                                                      Callable[[dict[str, Any]], dict[str, Any]]]:
    """Register the step that turns a ``kind`` payload of ``from_version`` into the next version."""

    def wrap(fn: Callable[[dict[str, Any]], dict[str, Any]]) -> Callable[[dict[str, Any]], dict[str, Any]]:
        _UPCASTERS[(kind, from_version)] = fn
        return fn

    return wrap


def event_class(kind: str) -> type[Event]:
    try:
        return _REGISTRY[kind]
    except KeyError:
        raise EventError(f"unknown journal event kind {kind!r} (written by a newer program?)") from None


def known_kinds() -> dict[str, type[Event]]:
    return dict(sorted(_REGISTRY.items()))


# --------------------------------------------------------------------------- codecs


def _identity(value: Any) -> Any:
    return value


def _converters(tp: Any) -> tuple[Callable[[Any], Any], Callable[[Any], Any]]:
    """(to JSON, from JSON) for a field type; JSON-native types pass through."""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if tp is Decimal:
        return format_money, lambda v: Decimal(str(v))
    if origin in (Union, types.UnionType) and type(None) in args:
        inner = next(a for a in args if a is not type(None))
        to_json, from_json = _converters(inner)
        return (lambda v: None if v is None else to_json(v)), (lambda v: None if v is None else from_json(v))
    if origin in (dict, Mapping, typing.Mapping) and len(args) == 2 and args[1] is Decimal:
        return ((lambda m: {str(k): format_money(v) for k, v in m.items()}),
                (lambda m: {str(k): Decimal(str(v)) for k, v in m.items()}))
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item_to, item_from = _converters(args[0])
            return (lambda t: [item_to(x) for x in t]), (lambda t: tuple(item_from(x) for x in t))
        convs = [_converters(a) for a in args]
        return ((lambda t: [c[0](x) for c, x in zip(convs, t, strict=True)]),
                (lambda t: tuple(c[1](x) for c, x in zip(convs, t, strict=True))))
    return _identity, _identity


def _fields(cls: type[Event]) -> tuple[tuple[str, Callable[[Any], Any], Callable[[Any], Any], bool], ...]:
    spec = _FIELDS.get(cls)
    if spec is None:
        hints = typing.get_type_hints(cls)
        out = []
        for f in dataclasses.fields(cls):
            to_json, from_json = _converters(hints[f.name])
            required = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
            out.append((f.name, to_json, from_json, required))
        spec = _FIELDS[cls] = tuple(out)
    return spec


def encode(event: Event) -> dict[str, Any]:
    """The payload journaled for ``event``; keys left at their default ``None`` are omitted."""
    custom = getattr(event, "to_payload", None)
    out: dict[str, Any] = custom() if custom is not None else {}
    if custom is None:
        for name, to_json, _from_json, required in _fields(type(event)):
            value = getattr(event, name)
            if value is None and not required:
                continue
            out[name] = to_json(value)
    if event.version > 1:
        out[VERSION_KEY] = event.version
    return out


@dataclasses.dataclass(frozen=True, slots=True)
class _Reader:
    """How to build one class from a payload, worked out once (replay reads 100,000s)."""

    names: frozenset[str]
    required: tuple[str, ...]
    convert: tuple[tuple[str, Callable[[Any], Any]], ...]  # only the fields that need it
    custom: Callable[[dict[str, Any]], Event] | None


_READERS: dict[type[Event], _Reader] = {}


def _reader(cls: type[Event]) -> _Reader:
    reader = _READERS.get(cls)
    if reader is None:
        fields = _fields(cls)
        reader = _READERS[cls] = _Reader(
            frozenset(name for name, *_ in fields),
            tuple(name for name, _t, _f, required in fields if required),
            tuple((name, from_json) for name, _t, from_json, _r in fields if from_json is not _identity),
            getattr(cls, "from_payload", None))
    return reader


def decode(kind: str, payload: Mapping[str, Any]) -> Event:
    """The event a journaled ``kind`` + ``payload`` stands for, upcast to the current version."""
    cls = event_class(kind)
    data = dict(payload)
    if VERSION_KEY in data or cls.version > 1:
        data = _upcast(cls, kind, data)
    reader = _reader(cls)
    if reader.custom is not None:
        try:
            return reader.custom(data)
        except (DealerStationError, TypeError, ValueError, ArithmeticError, KeyError) as exc:
            raise EventError(f"{kind} event is malformed: {exc}") from None
    if not reader.names.issuperset(data):
        unknown = set(data) - reader.names
        raise EventError(f"{kind} event has unknown field(s) {', '.join(sorted(unknown))}")
    for name in reader.required:
        if name not in data:
            raise EventError(f"{kind} event lacks {name!r}")
    try:
        for name, from_json in reader.convert:
            if name in data:
                data[name] = from_json(data[name])
        return cls(**data)
    except (TypeError, ValueError, ArithmeticError) as exc:
        raise EventError(f"{kind} event is malformed: {exc}") from None


def _upcast(cls: type[Event], kind: str, data: dict[str, Any]) -> dict[str, Any]:
    raw_version = data.pop(VERSION_KEY, 1)
    version = raw_version if isinstance(raw_version, int) and not isinstance(raw_version, bool) else -1
    if version < 1:
        raise EventError(f"{kind} event has an invalid version {raw_version!r}")
    if version > cls.version:
        raise EventError(f"{kind} event version {version} is newer than this program reads (up to {cls.version})")
    while version < cls.version:
        step = _UPCASTERS.get((kind, version))
        if step is None:  # pragma: no cover - a missing upcaster is a programming error caught by tests
            raise EventError(f"no upcaster for {kind} version {version}")
        data = step(data)
        version += 1
    return data
