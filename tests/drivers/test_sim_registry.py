"""The simulators' registry: role and name -> the twin the sim:// URLs and ``dealer-station sim`` start."""

from __future__ import annotations

import pytest

from dealer_station.errors import ConfigError
from simulators import registry
from simulators.beetek import BeetekSimulator
from simulators.betsensor import BetSensorSimulator
from simulators.reader import CardReaderSimulator
from simulators.shuffler import ShufflerSimulator

ROLES = ("shuffler", "reader", "reading_shoe", "bet_sensor")  # the device roles of HARDWARE.md


@pytest.mark.parametrize(("role", "default", "twin"), [
    ("shuffler", "shuffler", ShufflerSimulator), ("reader", "usb", CardReaderSimulator),
    ("reading_shoe", "beetek", BeetekSimulator), ("bet_sensor", "betsensor", BetSensorSimulator)])
def test_a_bare_sim_url_opens_the_first_twin_of_its_role(role: str, default: str, twin: type) -> None:
    assert registry.twin_for(role, "") == (default, twin)


@pytest.mark.parametrize("role", ROLES)
def test_every_twin_plays_the_role_it_is_registered_for(role: str) -> None:
    assert registry.known_twins(role)
    for name in registry.known_twins(role):
        assert registry.twin_class(role, name).kind == role  # type: ignore[attr-defined]


def test_an_unknown_twin_is_one_line_naming_the_known_ones() -> None:
    with pytest.raises(ConfigError) as info:
        registry.twin_for("reader", "bluetooth")
    assert str(info.value) == "unknown simulated reader 'bluetooth' (expected sim://usb or sim://serial)"


def test_the_cli_finds_a_twin_by_role_by_name_or_by_role_and_name(monkeypatch: pytest.MonkeyPatch) -> None:
    assert registry.find_twin("reader") == ("reader", "usb", CardReaderSimulator)
    assert registry.find_twin("betsensor") == ("bet_sensor", "betsensor", BetSensorSimulator)
    with pytest.raises(ConfigError, match=r"^unknown simulator 'bogus' \(known: .*beetek.*shuffler"):
        registry.find_twin("bogus")
    monkeypatch.setitem(registry.TWINS, "reading_shoe", {**registry.TWINS["reading_shoe"],
                                                         "serial": "simulators.beetek:BeetekSimulator"})
    with pytest.raises(ConfigError, match=r"several roles: say which \(reader.serial, reading_shoe.serial\)"):
        registry.find_twin("serial")
    assert registry.find_twin("reading_shoe.serial") == ("reading_shoe", "serial", BeetekSimulator)
