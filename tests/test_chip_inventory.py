"""The casino's chip inventory (issue 21 item 2): loaded with the profile, or a one-line refusal at start."""

from __future__ import annotations

import sys
from decimal import Decimal
from pathlib import Path

import pytest

from dealer_station.errors import ConfigError
from dealer_station.profile_loader import load_profile
from tests import cli as station_cli

CONFIG = Path(__file__).resolve().parent.parent / "config"
RFID_TEXT = (CONFIG / "uth-rfid.toml").read_text()
GOOD_ROW = "E004000000000001,25,A"


def profile(tmp_path: Path, csv_text: str | None, inline: str = "") -> Path:
    text = RFID_TEXT.replace('file = "chips-sim.csv"', 'file = "chips.csv"' if csv_text is not None else "")
    if inline:
        text += inline
    if csv_text is not None:
        (tmp_path / "chips.csv").write_text(csv_text)
    path = tmp_path / "rfid.toml"
    path.write_text(text)
    return path


@pytest.mark.parametrize("name", ["uth-rfid", "thb-rfid"])
def test_shipped_rfid_profiles_load_their_inventory(name: str) -> None:
    table = load_profile(name)
    inv = table.chip_inventory
    assert table.devices.bet_sensor == "sim://betsensor" and inv is not None and inv.confirm_rounds == 3
    assert len(inv) == 1800
    chip = inv.chip("E004030000000007")
    assert chip is not None and chip.denomination == Decimal("25") and chip.chip_set == "A"
    assert inv.chip("E0040300FFFFFFFF") is None  # not this casino's chip
    assert table.model_dump(mode="json")["chip_inventory"]["chips"] == {}  # the file is named, not copied


def test_the_csv_path_is_taken_from_the_profile_folder_and_inline_chips_join_it(tmp_path: Path) -> None:
    inline = '\n[chip_inventory.chips]\nE0040000000000AA = { denomination = "2.5", chip_set = "B" }\n'
    table = load_profile(str(profile(tmp_path, f"id,denomination,chip_set\n{GOOD_ROW}\n", inline)))
    inv = table.chip_inventory
    assert inv is not None and len(inv) == 2
    assert inv.chip("E004000000000001").denomination == 25  # type: ignore[union-attr]
    assert inv.chip("E0040000000000AA").denomination == Decimal("2.5")  # type: ignore[union-attr]


@pytest.mark.parametrize(("csv_text", "message"), [
    (None, "cannot read chip inventory file"),
    (f"id,denomination,chip_set\n{GOOD_ROW}\nE004000000000001,5,A\n", "line 3: chip id E004000000000001 is listed twice (line 2)"),
    ("id,denomination,chip_set\nE004000000000001,ten,A\n", "line 2: not a decimal amount"),
    ("id,denomination,chip_set\nE004000000000001,0,A\n", "line 2: denomination must be > 0"),
    ("id,denomination,chip_set\nE004000000000001,1.5e3,A\n", "line 2: not a decimal amount"),
    ("id,denomination,chip_set\nE00400000001,5,A\n", "line 2: chip id 'E00400000001' is not 16 upper-case hex digits"),
    ("id,denomination,chip_set\nE004000000000001,5\n", "line 2: expected 3 fields"),
    ("chip,value\nE004000000000001,5\n", "line 1: the header must be id,denomination,chip_set"),
    ("id,denomination,chip_set\n", "lists no chip"),
])
def test_an_unreadable_or_ambiguous_inventory_is_refused_in_one_line(tmp_path: Path, csv_text: str | None,
                                                                     message: str) -> None:
    path = profile(tmp_path, csv_text)
    if csv_text is None:
        path.write_text(RFID_TEXT.replace('file = "chips-sim.csv"', 'file = "missing.csv"'))
    with pytest.raises(ConfigError) as info:
        load_profile(str(path))
    assert message in str(info.value) and "\n" not in str(info.value) and "chip_inventory" in str(info.value)


def test_an_id_both_inline_and_in_the_file_is_ambiguous(tmp_path: Path) -> None:
    inline = '\n[chip_inventory.chips]\nE004000000000001 = { denomination = "5" }\n'
    with pytest.raises(ConfigError, match="E004000000000001 is in both chips and"):
        load_profile(str(profile(tmp_path, f"id,denomination,chip_set\n{GOOD_ROW}\n", inline)))


def test_a_bet_sensor_without_an_inventory_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "p.toml"
    path.write_text(RFID_TEXT.split("[chip_inventory]")[0])
    with pytest.raises(ConfigError, match=r"devices.bet_sensor needs a \[chip_inventory\]"):
        load_profile(str(path))


def test_the_station_refuses_to_start_on_a_bad_inventory_exit_2_nothing_written(tmp_path: Path) -> None:
    path = profile(tmp_path, f"id,denomination,chip_set\n{GOOD_ROW}\n{GOOD_ROW}\n")
    journal = tmp_path / "j.sqlite"
    done = station_cli.run([sys.executable, "-m", "dealer_station", "simulate", "--config", str(path), "--rounds", "1",
                            "--journal", str(journal)], capture_output=True)
    assert done.returncode == 2, done.stderr
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "listed twice" in lines[0] and "Traceback" not in done.stderr
    assert not journal.exists()


def test_an_unchanged_file_is_read_once_an_edited_one_again(tmp_path: Path) -> None:
    """A round's terms rebuild the table at every settlement: the file is not parsed again each time,
    but an edited file (even of the same size) is read afresh, and a broken edit is still refused."""
    from dealer_station import chip_inventory

    path = profile(tmp_path, "id,denomination,chip_set\n" + GOOD_ROW + "\n")
    first = load_profile(str(path)).chip_inventory
    again = load_profile(str(path)).chip_inventory
    assert first is not None and again is not None
    assert chip_inventory.read_csv(tmp_path / "chips.csv") is chip_inventory.read_csv(tmp_path / "chips.csv")
    (tmp_path / "chips.csv").write_text("id,denomination,chip_set\n" + GOOD_ROW.replace(",25,", ",50,") + "\n")
    edited = load_profile(str(path)).chip_inventory
    assert edited is not None and edited.chip("E004000000000001").denomination == Decimal(50)
    (tmp_path / "chips.csv").write_text("id,denomination,chip_set\n" + GOOD_ROW.replace(",25,", ",xx,") + "\n")
    with pytest.raises(ConfigError, match="line 2"):
        load_profile(str(path))
