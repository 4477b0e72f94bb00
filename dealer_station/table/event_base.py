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
            return (lambda t: [item_to(x) for x in t]), (lambda t: tuple([item_from(x) for x in t]))
        convs = [_converters(a) for a in args]
        froms = [c[1] for c in convs]
        return ((lambda t: [c[0](x) for c, x in zip(convs, t, strict=True)]),
                (lambda t: tuple([f(x) for f, x in zip(froms, t, strict=True)])))
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


_Decoder = Callable[[Mapping[str, Any]], Event]
_DECODERS: dict[str, _Decoder] = {}
_MISSING: Any = dataclasses.MISSING
_DECODE_ERRORS = (TypeError, ValueError, ArithmeticError)
"""What a field's conversion (or a class's own ``__init__``) raises on a value of the wrong shape."""
_Refusal = Callable[[Mapping[str, Any], Exception | None], EventError]


def decode(kind: str, payload: Mapping[str, Any]) -> Event:
    """The event a journaled ``kind`` + ``payload`` stands for, upcast to the current version.

    ``payload`` is neither changed nor kept (the journal's record still holds it)."""
    read = _DECODERS.get(kind)
    if read is None:
        read = _DECODERS[kind] = _decoder(event_class(kind))
    return read(payload)


def _decoder(cls: type[Event]) -> _Decoder:
    """How to read ``cls`` from a payload, worked out once per class: a restart reads 100,000s of them.

    The payload is copied only where something may write into it (the upcasters, a class's own
    ``from_payload``). Checks, in this order: the version (upcast when older), unknown fields, missing
    fields, then each value converted from its JSON form."""
    custom = getattr(cls, "from_payload", None)
    if custom is not None:
        return _custom_reader(cls, custom)
    fields = dataclasses.fields(cls)
    spec = _fields(cls)  # the same fields, in the same order
    names = frozenset(name for name, *_ in spec)
    required = frozenset(name for name, _to, _from, needed in spec if needed)
    plan = tuple((name, None if from_json is _identity else from_json, f.default, f.default_factory)
                 for (name, _to, from_json, _r), f in zip(spec, fields, strict=True))

    def refuse(data: Mapping[str, Any], problem: Exception | None = None) -> EventError:
        """The first of: unknown fields, a missing field, the ``problem`` a value raised."""
        unknown = set(data) - names
        if unknown:
            return EventError(f"{cls.kind} event has unknown field(s) {', '.join(sorted(unknown))}")
        missing = [name for name, *_ in plan if name in required and name not in data]
        if missing or problem is None:
            return EventError(f"{cls.kind} event lacks {missing[0]!r}")
        return EventError(f"{cls.kind} event is malformed: {problem}")

    slots = _slot_setters(cls, fields)
    if slots is None:
        return _init_reader(cls, plan, names, required, refuse)
    return _slot_reader(cls, plan, slots, names, required, refuse)


def _versioned(cls: type[Event], payload: Mapping[str, Any]) -> Mapping[str, Any]:
    """The payload at ``cls``'s version: a copy upcast step by step when it is older (or says a version)."""
    return _upcast(cls, cls.kind, dict(payload)) if VERSION_KEY in payload or cls.version > 1 else payload


def _custom_reader(cls: type[Event], custom: Callable[[dict[str, Any]], Event]) -> _Decoder:
    """A class that reads its own payload (``from_payload``) gets a copy it may keep or change."""

    def read(payload: Mapping[str, Any]) -> Event:
        data = dict(payload)
        if VERSION_KEY in data or cls.version > 1:
            data = _upcast(cls, cls.kind, data)
        try:
            return custom(data)
        except (DealerStationError, KeyError, *_DECODE_ERRORS) as exc:
            raise EventError(f"{cls.kind} event is malformed: {exc}") from None

    return read


def _init_reader(cls: type[Event], plan: tuple[tuple[str, Any, Any, Any], ...], names: frozenset[str],
                 required: frozenset[str], refuse: _Refusal) -> _Decoder:
    """A class not filled slot by slot (see ``_slot_setters``) is built by its own ``__init__``."""

    def read(payload: Mapping[str, Any]) -> Event:
        data = _versioned(cls, payload)
        if not (names.issuperset(data) and data.keys() >= required):
            raise refuse(data, None)
        try:
            return cls(**{name: data[name] if convert is None else convert(data[name])
                          for name, convert, _d, _f in plan if name in data})
        except _DECODE_ERRORS as exc:
            raise refuse(data, exc) from None

    return read


def _slot_reader(cls: type[Event], plan: tuple[tuple[str, Any, Any, Any], ...],
                 slots: tuple[Callable[[Any, Any], None], ...], names: frozenset[str], required: frozenset[str],
                 refuse: _Refusal) -> _Decoder:
    """The reader of a frozen slotted class, written out field by field as ``dataclasses`` writes an
    ``__init__``: one slot set per field (what the class's ``__init__`` does), without building keyword
    arguments or looping over fields. The refusals are ``_init_reader``'s, in its order: unknown fields
    are looked for first, a missing field (a ``KeyError``) and a bad value only when reading fails."""
    scope: dict[str, Any] = {"cls": cls, "new": object.__new__, "names": names, "refuse": refuse,
                             "versioned": _versioned, "errors": (KeyError, *_DECODE_ERRORS), "V": VERSION_KEY}
    lines = []
    for i, ((name, convert, default, factory), put) in enumerate(zip(plan, slots, strict=True)):
        scope[f"put{i}"], scope[f"convert{i}"], scope[f"default{i}"], scope[f"factory{i}"] = put, convert, default, factory
        value = f"data[{name!r}]" if convert is None else f"convert{i}(data[{name!r}])"
        if name in required:
            lines.append(f"put{i}(event, {value})")
        elif factory is not _MISSING:
            lines.append(f"put{i}(event, {value} if {name!r} in data else factory{i}())")
        elif convert is None:
            lines.append(f"put{i}(event, data.get({name!r}, default{i}))")
        else:
            lines.append(f"put{i}(event, {value} if {name!r} in data else default{i})")
    versioning = "versioned(cls, payload)" if cls.version > 1 else "versioned(cls, payload) if V in payload else payload"
    body = "\n        ".join(lines) or "pass"
    source = f"""def read(payload):
    data = {versioning}
    if not names.issuperset(data):
        raise refuse(data)
    event = new(cls)
    try:
        {body}
    except errors as exc:
        raise refuse(data, exc) from None
    return event
"""
    exec(source, scope)  # the source is written here, from the class's own field names
    read: _Decoder = scope["read"]
    return read


def _slot_setters(cls: type[Event], fields: tuple[dataclasses.Field[Any], ...]) -> tuple[Callable[[Any, Any], None], ...] | None:
    """The slot setters of a frozen slotted dataclass whose ``__init__`` (written by ``dataclasses``) only sets
    its fields; None for any other class (a ``__post_init__``, a field outside ``__init__``, no slots)."""
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or not params.init or hasattr(cls, "__post_init__"):
        return None
    if not all(f.init for f in fields):
        return None
    setters = []
    for f in fields:
        slot = next((klass.__dict__[f.name] for klass in cls.__mro__ if f.name in klass.__dict__), None)
        if not isinstance(slot, types.MemberDescriptorType):
            return None
        setters.append(slot.__set__)
    return tuple(setters)


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
