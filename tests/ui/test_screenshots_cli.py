"""``python -m ui.screenshots``: an option is never taken for the pictures' folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from ui.screenshots import PICTURES, main


def test_help_says_how_and_writes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: python -m ui.screenshots [FOLDER [PICTURE ...]]") and all(name in out for name in PICTURES)
    assert list(tmp_path.iterdir()) == []


def test_an_unknown_option_is_one_line_exit_2_and_no_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["--size", "800x480"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("unknown option '--size'; usage:") and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []
