"""``dealer-station audit shuffles`` on journals ``simulate`` played: fair passes, weak and repeating shoes fail."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dealer_station.cli import main
from dealer_station.play.simulate import parse_faults

SERIAL = "SIM-SHUFFLER-T1-11"  # the shoe simulate --seed 11 plays with at table T1


def audit_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict]:  # type: ignore[type-arg]
    code = main(["audit", "shuffles", *args, "--format", "json"])
    return code, json.loads(capsys.readouterr().out)


def results_of(report: dict) -> dict[str, dict]:  # type: ignore[type-arg]
    [shoe] = report["shufflers"]
    return {t["test"]: t for t in shoe["tests"]}


def test_a_fair_shuffler_passes(audit_journals: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    code, report = audit_json(capsys, "--journal", str(audit_journals["fair"]))
    assert code == 0 and report["verdict"] == "insufficient"  # passes all it can test yet
    [shoe] = report["shufflers"]
    assert shoe["serial"] == SERIAL and shoe["model"] == "DS-SHOE-SIM" and shoe["deals"] == 34
    tests = results_of(report)
    for name in ("runs", "serial_correlation", "persistence", "repeats"):
        assert tests[name]["verdicts"] == {"95": "pass", "99": "pass"}, tests[name]
    assert tests["chi_squared"]["verdicts"]["99"] == "insufficient"  # 34 deals of the 260 it needs
    assert (tests["chi_squared"]["deals"], tests["chi_squared"]["needs"]) == (34, 260)
    assert shoe["verdict"] == "insufficient"


def test_weak_shuffle_fails_persistence(audit_journals: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    code, report = audit_json(capsys, "--journal", str(audit_journals["weak"]), "--device", SERIAL)
    assert code == 1 and report["verdict"] == "fail"
    persistence = results_of(report)["persistence"]
    assert persistence["verdicts"] == {"95": "fail", "99": "fail"} and persistence["kept_pct"] > 55
    assert persistence["p_value"] < 1e-4


def test_repeat_deck_fails_repeats_naming_the_rounds(audit_journals: dict[str, Path],
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    code, report = audit_json(capsys, "--journal", str(audit_journals["repeat"]))
    assert code == 1
    repeats = results_of(report)["repeats"]
    assert repeats["verdicts"]["99"] == "fail" and repeats["statistic"] >= 1
    first, again = repeats["repeated"][0]
    assert first.startswith("T1 T1-") and again.startswith("T1 T1-") and first < again


def test_the_table_format_and_the_integrity_report(audit_journals: dict[str, Path],
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", "shuffles", "--journal", str(audit_journals["weak"])]) == 1
    text = capsys.readouterr().out
    assert f"shuffler {SERIAL} (DS-SHOE-SIM), tables T1: 32 deals: FAIL at 99%" in text
    assert [line.split()[0] for line in text.splitlines()[4:]] == [
        "chi_squared", "runs", "serial_correlation", "persistence", "repeats"]
    assert main(["report", "--journal", str(audit_journals["weak"]), "--format", "json", "--quiet"]) == 0
    [alarm] = json.loads(capsys.readouterr().out)["alarms"]
    assert alarm["table"] == "T1" and f"shuffler {SERIAL} fails persistence" in alarm["reason"]
    assert main(["report", "--journal", str(audit_journals["fair"]), "--format", "json", "--quiet"]) == 0
    assert json.loads(capsys.readouterr().out)["alarms"] == []


@pytest.mark.parametrize(("args", "message"), [
    ([], "give --journal PATH or --floor URL"),
    (["--journal", "{fair}", "--floor", "postgresql://x@127.0.0.1:1/f"], "not both"),
    (["--journal", "{missing}"], "no journal at"),
    (["--journal", "{fair}", "--device", "SIM-OTHER"], f"no deals by shuffler 'SIM-OTHER' in .* \\(shufflers: {SERIAL}\\)"),
    (["--journal", "{fair}", "--since", "2999-01-01"], "no deals by a shoe in .* since 2999-01-01"),
    (["--journal", "{fair}", "--since", "yesterday"], "not a date"),
    (["--journal", "{fair}", "--level", "90"], "invalid choice"),
    (["--floor", "postgresql://nobody@127.0.0.1:1/floor"], "cannot connect to the floor"),
])
def test_bad_input_is_one_line_and_exit_2(audit_journals: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                          args: list[str], message: str) -> None:
    filled = [a.format(fair=audit_journals["fair"], missing=tmp_path / "none.sqlite") for a in args]
    try:
        code = main(["audit", "shuffles", *filled])
    except SystemExit as exc:  # argparse's own refusals
        code = int(exc.code or 0)
    captured = capsys.readouterr()
    assert code == 2 and captured.out == ""
    assert len(captured.err.strip().splitlines()) == 1
    import re

    assert re.search(message, captured.err), captured.err


def test_simulate_accepts_the_shuffle_faults() -> None:
    from dealer_station.errors import ConfigError
    from dealer_station.play.simulate import check_run
    from dealer_station.profile_loader import load_profile
    from simulators.faults import FaultPlan

    assert parse_faults("weak_shuffle:0.1,repeat_deck:0.02") == {"weak_shuffle": 0.1, "repeat_deck": 0.02}
    plan = FaultPlan.parse(["weak_shuffle=2", "repeat_deck=4"])  # as in sim://shuffler?fault=weak_shuffle=2
    assert (plan.weak_shuffle, plan.repeat_deck) == (2, 4)
    with pytest.raises(ConfigError, match="weak_shuffle is a fault of the shoe's shuffle: a table dealt by hand"):
        check_run(load_profile("uth-hand-deal"), rounds=1, seats=1, faults={"weak_shuffle": 0.5})


def test_the_floor_audit_equals_the_journal_audit(audit_journals: dict[str, Path], pg_server: object,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    from tests.floor.conftest import new_floor

    floor = new_floor(pg_server)  # type: ignore[arg-type]
    assert main(["floor", "forward", "--journal", str(audit_journals["weak"]), "--floor", floor.station_url,
                 "--until-acked"]) == 0
    capsys.readouterr()
    code, on_floor = audit_json(capsys, "--floor", floor.report_url)
    _, in_journal = audit_json(capsys, "--journal", str(audit_journals["weak"]))
    assert code == 1
    assert on_floor["shufflers"] == in_journal["shufflers"]
    from dealer_station.journal import Journal

    with Journal.open_readonly(audit_journals["weak"]) as journal:
        since = [e.at for e in journal.events(kinds={"deal_started"})][10]
    _, on_floor = audit_json(capsys, "--floor", floor.report_url, "--since", since)
    _, in_journal = audit_json(capsys, "--journal", str(audit_journals["weak"]), "--since", since)
    assert on_floor["shufflers"] == in_journal["shufflers"] and in_journal["shufflers"][0]["deals"] == 32 - 10
