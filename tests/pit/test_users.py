"""``dealer-station pit users``: the only way a person gets into the pit page; hashes, never passwords."""

from __future__ import annotations

import io
import json
import stat
from pathlib import Path

import pytest

from dealer_station.cli import main
from dealer_station.pit.users import PitUsers, users_path
from dealer_station.supervisor import CredentialStore


def run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str,
        stdin: str = "") -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(["pit", "users", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_add_list_remove(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    state = "var/pit"  # made by the station (0700): a folder under var/
    secret = "a long pass phrase"
    code, out, _ = run(monkeypatch, capsys, "add", "--state-dir", state, "--user", "maria", "--role", "auditor",
                       "--password-stdin", stdin=f"{secret}\n{secret}\n")
    assert code == 0 and "user maria (auditor) added" in out
    path = users_path(state)
    text = path.read_text()
    assert secret not in text and json.loads(text)["users"]["maria"]["role"] == "auditor"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600 and stat.S_IMODE(Path(state).stat().st_mode) == 0o700
    assert PitUsers(path).authenticate("maria", secret).role == "auditor"
    code, out, _ = run(monkeypatch, capsys, "list", "--state-dir", state)
    assert code == 0 and out == "maria\tauditor\tactive\n"
    code, _, err = run(monkeypatch, capsys, "add", "--state-dir", state, "--user", "maria", "--role", "auditor",
                       "--password-stdin", stdin=f"{secret}\n{secret}\n")
    assert code == 2 and "user maria already exists" in err
    code, out, _ = run(monkeypatch, capsys, "remove", "--state-dir", state, "--user", "maria")
    assert code == 0 and PitUsers(path).enrolments() == []


@pytest.mark.parametrize(("stdin", "problem"), [
    ("short\nshort\n", "password must be 10 to 256 characters"),
    ("a long pass phrase\nanother pass phrase\n", "the two passwords differ"),
    ("only one line here\n", "needs the password on two lines"),
    ("          \n          \n", "not only spaces"),
])
def test_bad_passwords_are_refused_in_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str], stdin: str, problem: str) -> None:
    code, out, err = run(monkeypatch, capsys, "add", "--state-dir", str(tmp_path), "--user", "sam", "--role",
                         "supervisor", "--password-stdin", stdin=stdin)
    assert code == 2 and problem in err and len(err.strip().splitlines()) == 1 and out == ""
    assert not users_path(tmp_path).exists()  # nothing written


def test_no_user_exists_until_one_is_added(tmp_path: Path) -> None:
    store = PitUsers(users_path(tmp_path))
    assert store.enrolments() == []
    with pytest.raises(Exception, match="user name or password not accepted"):
        store.authenticate("admin", "admin")
    assert not users_path(tmp_path).exists()


def test_the_station_badges_keep_their_rules(tmp_path: Path) -> None:
    store = CredentialStore(tmp_path / "credentials.json")
    with pytest.raises(Exception, match="PIN must be 4 to 12 digits"):
        store.add("0412", "a long pass phrase")
    store.add("0412", "2468")
    assert json.loads((tmp_path / "credentials.json").read_text())["format"] == "dealer-station-credentials"
    with pytest.raises(Exception, match="badge or PIN not accepted"):
        store.authenticate("0412", "1111")
