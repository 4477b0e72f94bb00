"""Table profiles: the shipped ones load; a bad one is refused in one line naming the key."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from dealer_station.config import CONFIG_DIR_ENV, stake_unit
from dealer_station.errors import ConfigError, RecordError
from dealer_station.evaluator import Category
from dealer_station.profile_loader import build_table, load_profile, with_overrides

CONFIG = Path(__file__).resolve().parent.parent / "config"
DEFAULT_TEXT = (CONFIG / "uth-default.toml").read_text()


@pytest.mark.parametrize("name", ["uth-default", "uth-hand-deal", "uth-alt-paytable"])
def test_shipped_profiles_load(name):
    table = load_profile(name)
    assert table.game == "uth"
    assert set(table.limits) == {"ante", "trips"} and set(table.paytables) == {"blind", "trips"}


def test_default_profile_values():
    table = load_profile("uth-default")
    assert table.seats == 7 and table.deal_mode == "shuffler" and table.min_chip == Decimal("0.5")
    assert table.limits["ante"].min == 5 and table.limits["ante"].max == 500
    assert table.paytable("blind")[Category.FLUSH] == Decimal("1.5")
    assert table.paytable("trips")[Category.THREE_OF_A_KIND] == 3
    assert table.devices.reader is not None and table.devices.reader.startswith("sim://")


def test_hand_deal_profile_has_no_reader():
    table = load_profile("uth-hand-deal")
    assert table.deal_mode == "hand" and table.devices.reader is None


def test_min_chip_defaults_to_smallest_stake_unit():
    assert load_profile("uth-alt-paytable").min_chip == Decimal(1)  # limits 10.., 5..
    assert stake_unit([Decimal("5"), Decimal("0.5")]) == Decimal("0.1")
    assert stake_unit([Decimal("25"), Decimal("500")]) == Decimal(1)
    assert stake_unit([Decimal("2.50")]) == Decimal("0.1")


def test_profile_by_path_and_config_dir_env(tmp_path, monkeypatch):
    (tmp_path / "mine.toml").write_text(DEFAULT_TEXT.replace('table_id = "T1"', 'table_id = "T9"'))
    assert load_profile(str(tmp_path / "mine.toml")).table_id == "T9"
    monkeypatch.setenv(CONFIG_DIR_ENV, str(tmp_path))
    assert load_profile("mine").table_id == "T9"
    with pytest.raises(ConfigError, match=r"unknown table profile 'uth-default' \(available: mine\)"):
        load_profile("uth-default")


def test_unknown_profile_lists_available():
    with pytest.raises(ConfigError, match=r"unknown table profile 'nope' \(available: .*uth-default"):
        load_profile("nope")


BAD_PROFILES = [
    ("missing-key", lambda t: t.replace("seats = 7\n", ""), "seats: missing required key"),
    ("misspelt-key", lambda t: t.replace("seats = 7", "seat = 7\nseats = 7"), "seat: unknown key"),
    ("misspelt-nested", lambda t: t.replace("link_timeout", "link_timout"), "devices.link_timout: unknown key"),
    ("float-odds", lambda t: t.replace('flush = "1.5"', "flush = 1.5"),
     'paytables.blind.flush: must be a decimal string such as "1.5" or an integer, not the float 1.5'),
    ("float-limit", lambda t: t.replace('min = "5"', "min = 5.0"), "limits.ante.min: must be a decimal string"),
    ("unknown-category", lambda t: t.replace('three_of_a_kind = "3"', 'trips = "3"'),
     "paytables.trips.trips: unknown hand category 'trips'"),
    ("negative-odds", lambda t: t.replace('straight = "4"', 'straight = "-4"'), "paytables.trips.straight: must be >= 0"),
    ("min-above-max", lambda t: t.replace('min = "5"', 'min = "600"'), "limits.ante: min 600 is above max 500"),
    ("zero-min", lambda t: t.replace('min = "5"', 'min = "0"'), "limits.ante.min: must be > 0"),
    ("bad-amount", lambda t: t.replace('min = "5"', 'min = "five"'), "limits.ante.min: not a decimal amount"),
    ("too-many-seats", lambda t: t.replace("seats = 7", "seats = 8"), "seats: uth seats 1 to 7 players, not 8"),
    ("zero-seats", lambda t: t.replace("seats = 7", "seats = 0"), "seats: Input should be greater than or equal to 1"),
    ("unknown-game", lambda t: t.replace('game = "uth"', 'game = "baccarat"'), "game: unknown game 'baccarat' (known:"),
    ("bad-deal-mode", lambda t: t.replace('deal_mode = "shuffler"', 'deal_mode = "robot"'), "deal_mode: Input should be"),
    ("missing-limit-spot", lambda t: t.replace('[limits.trips]\nmin = "1"\nmax = "100"\n', ""), "limits.trips: missing required key"),
    ("unknown-paytable", lambda t: t.replace("[paytables.trips]", "[paytables.bonus]"), "paytables.bonus: unknown key"),
    ("toml-syntax", lambda t: t.replace("seats = 7", "seats = = 7"), "TOML syntax error"),
    ("bad-shift", lambda t: t.replace("seats = 7", 'seats = 7\nshifts = "06:00,25:00"'),
     "shifts: shift boundaries must be HH:MM separated by commas, not '06:00,25:00'"),
    ("shift-number", lambda t: t.replace("seats = 7", "seats = 7\nshifts = 6"), "shifts: give the shift boundaries as"),
    # the table bank's [bank] (issue 40)
    ("bank-par-not-a-chip", lambda t: t.replace('"25" = 100', '"30" = 100'), "bank: par: '30' is not a denomination of chips"),
    ("bank-negative-par", lambda t: t.replace('"25" = 100', '"25" = -1'), "bank.par.25: Input should be greater"),
    ("bank-float-par", lambda t: t.replace('"25" = 100', '"25" = 1.5'), "bank.par.25: Input should be a valid integer"),
    ("bank-no-casino", lambda t: t.replace('casino = "MAIN"', ""), "bank.casino: missing required key"),
    ("bank-bad-casino", lambda t: t.replace('casino = "MAIN"', 'casino = "MAIN HALL"'), "bank.casino: String should"),
    ("bank-thresholds", lambda t: t.replace('regulator_at = "100"', 'regulator_at = "10"'),
     "bank: regulator_at 10 is below report_at 25"),
    ("bank-chip-twice", lambda t: t.replace('chips = ["0.5", "1",', 'chips = ["0.5", "1", "1",'),
     "bank: chips: a denomination is listed twice"),
    ("bank-unknown-key", lambda t: t.replace('casino = "MAIN"', 'casino = "MAIN"\ncasion = "X"'),
     "bank.casion: unknown key"),
    # the tray antenna (issue 40 item 5): its chips are the inventory's, its scans a shift's
    ("tray-no-inventory", lambda t: t.replace("link_timeout", 'tray = "sim://tray"\nlink_timeout'),
     "devices.tray needs a [chip_inventory]"),
    ("tray-confirm-zero", lambda t: t.replace('casino = "MAIN"', 'casino = "MAIN"\nconfirm_rounds = 0'),
     "bank.confirm_rounds: Input should be greater than or equal to 1"),
]


@pytest.mark.parametrize("name", ["uth-rfid", "thb-rfid"])
def test_the_rfid_profiles_have_a_tray_antenna_its_twin_takes(name):
    from dealer_station.station import check_devices

    table = load_profile(name)
    assert table.devices.tray is not None and table.devices.tray.startswith("sim://tray?")
    assert table.bank is not None and table.bank.confirm_rounds == 3 and table.chip_inventory is not None
    check_devices(table, name)  # the twin takes its URL's parameters
    bad = table.devices.model_copy(update={"tray": "sim://tray?fault=skim=2"})
    with pytest.raises(ConfigError, match=rf"^{name}: devices\.tray: unknown tray fault 'skim'"):
        check_devices(table.model_copy(update={"devices": bad}), name)


def test_shift_boundaries_from_the_profile(tmp_path):
    path = tmp_path / "shifts.toml"
    for line in ('shifts = "19:00, 07:00"', 'shifts = ["07:00", "19:00"]', "shifts = [07:00:00, 19:00:00]"):
        path.write_text(DEFAULT_TEXT.replace("seats = 7", f"seats = 7\n{line}"))
        assert [t.hour for t in load_profile(str(path)).shifts] == [7, 19], line
    assert [t.hour for t in load_profile("uth-default").shifts] == [6, 14, 22]  # the pit report's default


@pytest.mark.parametrize("edit,message", [b[1:] for b in BAD_PROFILES], ids=[b[0] for b in BAD_PROFILES])
def test_bad_profile_refused_naming_the_key(tmp_path, edit, message):
    path = tmp_path / "bad.toml"
    text = edit(DEFAULT_TEXT)
    assert text != DEFAULT_TEXT
    path.write_text(text)
    with pytest.raises(ConfigError) as info:
        load_profile(str(path))
    line = str(info.value)
    assert line.startswith(f"{path}: ") and message in line
    assert "\n" not in line


def test_record_overrides_apply():
    table = load_profile("uth-default")
    changed = with_overrides(table, {
        "min_chip": "1",
        "limits": {"trips": {"min": "2", "max": "50"}},
        "paytables": {"trips": {"straight": "5"}},
    })
    assert changed.min_chip == 1
    assert changed.limits["trips"].max == 50 and changed.limits["ante"].max == 500  # merged per spot
    assert changed.paytables["trips"] == {"straight": Decimal(5)}                   # replaced per table
    assert changed.paytables["blind"] == table.paytables["blind"]
    assert table.min_chip == Decimal("0.5")  # the profile itself is untouched


def test_override_problems_are_record_errors():
    table = load_profile("uth-default")
    with pytest.raises(RecordError, match=r"^limits\.ante: min 9 is above max 8$"):
        with_overrides(table, {"limits": {"ante": {"min": "9", "max": "8"}}})
    with pytest.raises(RecordError, match=r"^limits: must be an object"):
        with_overrides(table, {"limits": "none"})


def test_default_min_chip_follows_overridden_limits():
    table = load_profile("uth-alt-paytable")  # min_chip not set: derived from limits
    assert with_overrides(table, {"limits": {"ante": {"min": "0.5", "max": "10"}}}).min_chip == Decimal("0.1")


def test_each_game_owns_its_profile_model():
    """No catch-all ``options``: a game's extra settings are typed in its own model."""
    data = {"game": "uth", "seats": 3, "limits": {"ante": {"min": 5, "max": 50}, "trips": {"min": 1, "max": 5}},
            "paytables": {"blind": {}, "trips": {}}, "options": {"anything": True}}
    with pytest.raises(ConfigError, match="options: unknown key"):
        build_table(data)
    thb = load_profile("thb-default")
    assert type(thb).__name__ == "ThbTableConfig" and thb.options.pool_stake == Decimal(1)
