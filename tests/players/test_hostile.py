"""Hostile rating and cash records, and hostile options: every one is refused in one line naming
what is wrong (and the line of a JSON Lines input), exit 2, nothing on stdout."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ._run import assert_refused, station

SESSION: dict[str, Any] = {
    "player": "P-1001", "table_id": "T1", "seat": 3, "game": "uth",
    "edges": {"ante": "0.02185", "trips": "0.034979"}, "comp_rate": "0.25",
    "start": "2026-12-05T10:00:00Z", "end": "2026-12-05T11:30:00Z", "pauses_s": 600, "table_rounds": 48,
    "rounds": [{"round_id": "T1-000101", "stakes": {"ante": "25", "blind": "25", "trips": "5"},
                "decisions": {"play": "100"}, "net": "-55"}],
}
CASH: dict[str, Any] = {"at": "2026-12-05T09:58:00-05:00", "table_id": "T1", "seat": 3, "player": "P-1001",
                        "kind": "cash_in", "amount": "3500"}
HUGE = "9" * 19
MISSING = object()


def changed(base: dict[str, Any], path: str, value: Any) -> str:
    """``base`` as JSON with the field at ``path`` (``rounds.0.stakes.ante``) set, or removed (MISSING)."""
    rec = json.loads(json.dumps(base))
    *parents, last = path.split(".")
    target: Any = rec
    for part in parents:
        target = target[int(part)] if isinstance(target, list) else target[part]
    key: Any = int(last) if isinstance(target, list) else last
    if value is MISSING:
        del target[key]
    else:
        target[key] = value
    return json.dumps(rec, default=str)


def raw(base: dict[str, Any], path: str, text: str) -> str:
    """``base`` with the field at ``path`` set to the JSON text ``text`` as it stands (25.5, NaN, 1e999)."""
    return changed(base, path, "@@").replace('"@@"', text)


RATING_ROWS: list[tuple[str, str, tuple[str, ...]]] = [
    ("not an object", "[1, 2]", ("must be a JSON object",)),
    ("a string", '"session"', ("must be a JSON object",)),
    ("unknown key", changed(SESSION, "tabel_id", "T1"), ("tabel_id", "unknown key")),
    ("duplicate key", json.dumps(SESSION)[:-1] + ', "seat": 4}', ("duplicate key",)),
    ("NaN constant", raw(SESSION, "comp_rate", "NaN"), ("malformed JSON",)),
    ("comp_rate float", raw(SESSION, "comp_rate", "0.25"), ("comp_rate", "JSON number")),
    ("comp_rate exponent", raw(SESSION, "comp_rate", "1e999"), ("comp_rate", "JSON number")),
    ("comp_rate NaN text", changed(SESSION, "comp_rate", "NaN"), ("comp_rate", "not a decimal amount")),
    ("comp_rate above 1", changed(SESSION, "comp_rate", "1.5"), ("comp_rate", "0 to 1")),
    ("comp_rate negative", changed(SESSION, "comp_rate", "-0.1"), ("comp_rate", "negative")),
    ("comp_rate missing", changed(SESSION, "comp_rate", MISSING), ("comp_rate", "missing")),
    ("player number", changed(SESSION, "player", 1001), ("player", "player id")),
    ("player spaces", changed(SESSION, "player", "P 1001"), ("player", "player id")),
    ("player too long", changed(SESSION, "player", "P" * 65), ("player", "player id")),
    ("player control char", changed(SESSION, "player", "P-1\n"), ("player", "player id")),
    ("table_id empty", changed(SESSION, "table_id", ""), ("table_id", "table id")),
    ("table_id slash", changed(SESSION, "table_id", "../T1"), ("table_id", "table id")),
    ("seat true", changed(SESSION, "seat", True), ("seat", "whole number")),
    ("seat text", changed(SESSION, "seat", "3"), ("seat", "whole number")),
    ("seat 3.0", raw(SESSION, "seat", "3.0"), ("seat", "whole number")),
    ("seat 0", changed(SESSION, "seat", 0), ("seat", "from 1")),
    ("seat 8 at UTH", changed(SESSION, "seat", 8), ("seat", "1 to 7")),
    ("seat huge", changed(SESSION, "seat", 10**30), ("seat",)),
    ("game unknown", changed(SESSION, "game", "baccarat"), ("game", "unknown game")),
    ("game number", changed(SESSION, "game", 7), ("game", "game name")),
    ("game poker", changed(SESSION, "game", "holdem"), ("game", "not a banking game")),
    ("edges list", changed(SESSION, "edges", ["ante"]), ("edges", "JSON object")),
    ("edge text", changed(SESSION, "edges.ante", "two percent"), ("edges.ante", "not a decimal amount")),
    ("edge float", raw(SESSION, "edges.ante", "0.02185"), ("edges.ante", "JSON number")),
    ("edge above 1", changed(SESSION, "edges.ante", "1.01"), ("edges.ante", "at most 1")),
    ("edge unknown spot", changed(SESSION, "edges.side", "0.1"), ("edges.side", "unknown spot")),
    ("edge on the blind", changed(SESSION, "edges.blind", "0.01"), ("edges.blind", "no edge of its own")),
    ("edge huge", changed(SESSION, "edges.ante", HUGE), ("edges.ante", "too large")),
    ("edge 11 places", changed(SESSION, "edges.ante", "0.02185000001"), ("edges.ante", "decimal places")),
    ("start naive", changed(SESSION, "start", "2026-12-05T10:00:00"), ("start", "UTC offset")),
    ("start words", changed(SESSION, "start", "yesterday"), ("start", "not a date and time")),
    ("start number", changed(SESSION, "start", 1764928800), ("start", "date and time")),
    ("start fraction", changed(SESSION, "start", "2026-12-05T10:00:00.5Z"), ("start", "whole seconds")),
    ("start year 1", changed(SESSION, "start", "0001-01-01T00:00:00+14:00"), ("start", "out of range")),
    ("start long", changed(SESSION, "start", "2026-12-05T10:00:00" + "0" * 100 + "Z"), ("start", "date and time")),
    ("end before start", changed(SESSION, "end", "2026-12-05T09:00:00Z"), ("end", "after start")),
    ("end equals start", changed(SESSION, "end", "2026-12-05T10:00:00Z"), ("end", "after start")),
    ("pauses longer", changed(SESSION, "pauses_s", 5400), ("pauses_s", "no time on game")),
    ("pauses negative", changed(SESSION, "pauses_s", -1), ("pauses_s", "from 0")),
    ("pauses text", changed(SESSION, "pauses_s", "600"), ("pauses_s", "whole number")),
    ("table_rounds fewer", changed(SESSION, "table_rounds", 0), ("table_rounds", "fewer")),
    ("table_rounds float", raw(SESSION, "table_rounds", "48.0"), ("table_rounds", "whole number")),
    ("rounds object", changed(SESSION, "rounds", {}), ("rounds", "list of rounds")),
    ("round a number", changed(SESSION, "rounds.0", 5), ("rounds[0]", "JSON object")),
    ("round unknown key", changed(SESSION, "rounds.0.bets", {}), ("rounds[0].bets", "unknown key")),
    ("stakes missing", changed(SESSION, "rounds.0.stakes", MISSING), ("rounds[0].stakes", "missing")),
    ("stake float", raw(SESSION, "rounds.0.stakes.ante", "25.5"), ("rounds[0].stakes.ante", "JSON number")),
    ("stake negative", changed(SESSION, "rounds.0.stakes.ante", "-25"), ("rounds[0].stakes.ante", "negative")),
    ("stake huge number", raw(SESSION, "rounds.0.stakes.ante", "1" + "0" * 40), ("rounds[0].stakes.ante", "too large")),
    ("stake Arabic digits", changed(SESSION, "rounds.0.stakes.ante", "٢٥"), ("rounds[0].stakes.ante", "decimal")),
    ("stake on play", changed(SESSION, "rounds.0.stakes.play", "50"), ("rounds[0].stakes.play", "decision bet")),
    ("stake unknown spot", changed(SESSION, "rounds.0.stakes.bonus", "5"), ("rounds[0].stakes.bonus", "unknown spot")),
    ("stake with no edge", changed(SESSION, "edges", {"ante": "0.02"}), ("rounds[0].stakes.trips", "no edge")),
    ("decision on ante", changed(SESSION, "rounds.0.decisions.ante", "5"), ("rounds[0].decisions.ante", "not a decision")),
    ("decision no stake", changed(SESSION, "rounds.0.stakes", {}), ("rounds[0].decisions.play", "no stake")),
    ("net missing", changed(SESSION, "rounds.0.net", MISSING), ("rounds[0].net", "missing")),
    ("net float", raw(SESSION, "rounds.0.net", "-55.0"), ("rounds[0].net", "JSON number")),
    ("voided text", changed(SESSION, "rounds.0.voided", "yes"), ("rounds[0].voided", "true or false")),
    ("skill_cost negative", changed(SESSION, "rounds.0.skill_cost", "-1"), ("rounds[0].skill_cost", "negative")),
    ("round_id object", changed(SESSION, "rounds.0.round_id", {}), ("rounds[0].round_id", "round id")),
    ("deep nesting", changed(SESSION, "edges", "@@").replace('"@@"', "[" * 40 + "]" * 40), ("nested deeper",)),
]

CASH_ROWS: list[tuple[str, str, tuple[str, ...]]] = [
    ("not an object", "[]", ("must be a JSON object",)),
    ("unknown key", changed(CASH, "currency", "USD"), ("currency", "unknown key")),
    ("at missing", changed(CASH, "at", MISSING), ("at", "missing")),
    ("at naive", changed(CASH, "at", "2026-12-05T09:58:00"), ("at", "UTC offset")),
    ("at words", changed(CASH, "at", "noon"), ("at", "not a date and time")),
    ("at year 9999", changed(CASH, "at", "9999-12-31T23:00:00-12:00"), ("at", "out of range")),
    ("at number", changed(CASH, "at", 0), ("at", "date and time")),
    ("kind buy_in", changed(CASH, "kind", "buy_in"), ("kind", "cash_in or cash_out")),
    ("kind list", changed(CASH, "kind", ["cash_in"]), ("kind", "cash_in or cash_out")),
    ("amount float", raw(CASH, "amount", "3500.5"), ("amount", "JSON number")),
    ("amount NaN constant", raw(CASH, "amount", "NaN"), ("malformed JSON",)),
    ("amount Infinity", raw(CASH, "amount", "Infinity"), ("malformed JSON",)),
    ("amount NaN text", changed(CASH, "amount", "NaN"), ("amount", "not a decimal amount")),
    ("amount zero", changed(CASH, "amount", "0"), ("amount", "more than 0")),
    ("amount negative", changed(CASH, "amount", "-3500"), ("amount", "negative")),
    ("amount huge", changed(CASH, "amount", HUGE), ("amount", "too large")),
    ("amount exponent text", changed(CASH, "amount", "3.5e3"), ("amount", "not a decimal amount")),
    ("amount 10 MB", changed(CASH, "amount", "9" * 10_000_000), ("amount", "not a decimal amount")),
    ("amount bool", changed(CASH, "amount", True), ("amount",)),
    ("seat 0", changed(CASH, "seat", 0), ("seat", "from 1 to 99")),
    ("seat 100", changed(CASH, "seat", 100), ("seat", "from 1 to 99")),
    ("seat null", changed(CASH, "seat", None), ("seat", "whole number")),
    ("table_id number", changed(CASH, "table_id", 1), ("table_id", "table id")),
    ("player empty", changed(CASH, "player", ""), ("player", "player id")),
    ("player object", changed(CASH, "player", {"id": 1}), ("player", "player id")),
    ("description of a known player", changed(CASH, "description", "red tie"), ("description", "anonymous")),
    ("description control", changed({k: v for k, v in CASH.items() if k != "player"}, "description", "red\x1btie"),
     ("description", "printable")),
    ("recorded_by spaces", changed(CASH, "recorded_by", "a b"), ("recorded_by", "an id")),
    ("key 10 MB", changed(CASH, "x" * 10_000_000, 1), ("unknown key",)),
]


@pytest.mark.parametrize(("text", "fragments"), [(t, f) for _, t, f in RATING_ROWS], ids=[r[0] for r in RATING_ROWS])
def test_rating_record_refused(tmp_path: Path, text: str, fragments: tuple[str, ...]) -> None:
    (path := tmp_path / "s.json").write_text(text, encoding="utf-8")
    assert_refused(station("rate", path), *fragments)
    if text.startswith("{"):  # the same record as line 2 of JSON Lines names its line
        (path := tmp_path / "s.jsonl").write_text(json.dumps(SESSION) + "\n" + text + "\n", encoding="utf-8")
        assert_refused(station("rate", path), "line 2", *fragments)


@pytest.mark.parametrize(("text", "fragments"), [(t, f) for _, t, f in CASH_ROWS], ids=[r[0] for r in CASH_ROWS])
def test_cash_record_refused(tmp_path: Path, text: str, fragments: tuple[str, ...]) -> None:
    (path := tmp_path / "c.jsonl").write_text(json.dumps(CASH) + "\n\n" + text + "\n", encoding="utf-8")
    assert_refused(station("compliance", path, "--jurisdiction", "us"), "line 3", *fragments)


@pytest.mark.parametrize("command", [["rate"], ["compliance", "--jurisdiction", "us"]])
@pytest.mark.parametrize(("content", "fragment"), [
    (b"", "no "), (b"\n \n", "no "), (b"\xff\xfe{}", "cannot read input"), (b'{"a": 1', "malformed JSON"),
    (b"[" * 5000 + b"]" * 5000, "nested deeper"), (b"1" * 5000, "malformed JSON"),
])
def test_files_refused(tmp_path: Path, command: list[str], content: bytes, fragment: str) -> None:
    (path := tmp_path / "in").write_bytes(content)
    assert_refused(station(command[0], path, *command[1:]), fragment)


@pytest.mark.parametrize("command", ["rate", "compliance"])
def test_missing_or_unreadable_file(tmp_path: Path, command: str) -> None:
    options = ["--jurisdiction", "us"] if command == "compliance" else []
    assert_refused(station(command, tmp_path / "nowhere.jsonl", *options), "cannot read input")
    assert_refused(station(command, tmp_path, *options), "cannot read input")


@pytest.mark.parametrize(("options", "fragment"), [
    (["--jurisdiction", "fr"], "invalid choice"),
    ([], "--jurisdiction"),
    (["--jurisdiction", "us", "--tz", "Mars/Olympus"], "unknown time zone"),
    (["--jurisdiction", "us", "--tz", "../../etc/passwd"], "unknown time zone"),
    (["--jurisdiction", "us", "--tz", ""], "unknown time zone"),
    (["--jurisdiction", "us", "--day-starts", "6:00"], "HH:MM"),
    (["--jurisdiction", "us", "--day-starts", "24:00"], "HH:MM"),
    (["--jurisdiction", "us", "--day-starts", "06:00:00"], "HH:MM"),
    (["--jurisdiction", "us", "--day-starts", "٠٦:٠٠"], "HH:MM"),
    (["--jurisdiction", "us", "--mtl-at", "-1"], "--mtl-at"),
    (["--jurisdiction", "us", "--mtl-at", "0"], "above 0"),
    (["--jurisdiction", "us", "--mtl-at", "NaN"], "not a decimal amount"),
    (["--jurisdiction", "us", "--mtl-at", "1e3"], "not a decimal amount"),
    (["--jurisdiction", "us", "--ctr-at", HUGE], "too large"),
    (["--jurisdiction", "uk", "--mtl-at", "3000"], "keeps no MTL"),
    (["--jurisdiction", "macau", "--ctr-at", "10000"], "keeps no CTR"),
])
def test_options_refused(tmp_path: Path, options: list[str], fragment: str) -> None:
    (path := tmp_path / "c.jsonl").write_text(json.dumps(CASH) + "\n")
    assert_refused(station("compliance", path, *options), fragment)
