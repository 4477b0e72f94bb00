"""Logs never stop the table: a line that cannot be written is dropped, counted and reported later."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator

import pytest
import structlog

from dealer_station.logs import configure_logging


class FlakyStream(io.StringIO):
    """A stream that fails like a full disk while ``full`` is set."""

    full = False

    def write(self, text: str) -> int:
        if self.full:
            raise OSError(28, "No space left on device")
        return super().write(text)


@pytest.fixture
def restore_logging() -> Iterator[None]:
    yield
    structlog.reset_defaults()


def test_a_log_line_on_a_full_disk_is_dropped_counted_and_reported_when_writing_works_again(
        restore_logging: None) -> None:
    stream = FlakyStream()
    configure_logging("info", stream)
    log = structlog.get_logger("test").bind(table_id="T1")
    log.info("before", round_id="T1-000001")
    stream.full = True
    for n in range(3):
        log.warning("while_full", n=n)  # must not raise
    try:
        raise RuntimeError("boom")
    except RuntimeError:
        log.exception("dispatch_failed")  # the pump's own call, inside an except block
    stream.full = False
    log.info("after")
    lines = [json.loads(line) for line in stream.getvalue().splitlines()]
    assert [line["event"] for line in lines] == ["before", "log_lines_dropped", "after"]
    assert lines[0]["table_id"] == "T1" and lines[0]["round_id"] == "T1-000001"
    assert lines[1]["count"] == 4


def test_a_closed_stream_does_not_raise_either(restore_logging: None) -> None:
    stream = io.StringIO()
    configure_logging("info", stream)
    stream.close()
    structlog.get_logger("test").error("into_a_closed_stream")
