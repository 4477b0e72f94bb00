"""A misspelt option is named, with what was probably meant (issue 38, item 17): ``simulate --rouns 5`` used
to answer "the following arguments are required: --rounds/--hands", which does not say what was wrong."""

from __future__ import annotations

import sys

import pytest

from tests import cli as station_cli


def _cli(*args: str) -> tuple[int, str, str]:
    done = station_cli.run([sys.executable, "-m", "dealer_station", *args], capture_output=True, text=True,
                           timeout=60)
    return done.returncode, done.stdout, done.stderr


@pytest.mark.parametrize(("args", "line"), [
    (("simulate", "--rouns", "5"), "dealer-station simulate: error: unknown option --rouns (did you mean --rounds?)"),
    (("simulate", "--rouns=5"), "dealer-station simulate: error: unknown option --rouns (did you mean --rounds?)"),
    (("recall", "--lst", "3"), "dealer-station recall: error: unknown option --lst (did you mean --last?)"),
    (("journal", "verify", "--jornal", "x"),
     "dealer-station journal verify: error: unknown option --jornal (did you mean --journal?)"),
    (("settle", "--frobnicate", "x.json"), "dealer-station settle: error: unknown option --frobnicate"),
])
def test_a_misspelt_option_is_named_in_one_line(args: tuple[str, ...], line: str) -> None:
    code, out, err = _cli(*args)
    assert code == 2 and out == ""
    assert err.splitlines() == [line]


def test_an_unambiguous_abbreviation_still_works(tmp_path: object) -> None:
    """argparse takes a unique prefix (``--la`` for ``--last``): it is not a misspelling."""
    code, _, err = _cli("recall", "--la", "3", "--journal", "nosuch.sqlite")
    assert code == 2 and err.splitlines() == ["dealer-station recall: error: journal: no journal at nosuch.sqlite"]
