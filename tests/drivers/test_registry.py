"""Registry: URLs and names choose the backend; bad ones are one-line ConfigErrors."""

from __future__ import annotations

import pytest

from dealer_station.errors import ConfigError
from drivers.events import CardDispensed, CardRead, LinkUp
from drivers.registry import BACKENDS, backend_class, open_reader, open_shuffler
from drivers.serial_shuffler import SerialShuffler
from drivers.usb_reader import UsbCardReader

from .conftest import wait_for


def test_backend_map() -> None:
    assert backend_class("shuffler", "serial") is SerialShuffler
    assert backend_class("reader", "usb") is UsbCardReader
    assert set(BACKENDS["reader"]) == {"serial", "usb"}


def test_url_parameters_reach_the_driver() -> None:
    drv = open_shuffler("serial:///dev/ttyUSB7?baudrate=9600&link_timeout=0.7", open=False)
    assert (drv.port, drv.baudrate, drv.link.link_timeout) == ("/dev/ttyUSB7", 9600, 0.7)
    reader = open_reader("usb://0x1d50:0x6018?max_retries=5", open=False)
    assert (reader.vid, reader.pid, reader.link.channel.max_retries) == (0x1D50, 0x6018, 5)


@pytest.mark.parametrize(
    ("url", "opener"),
    [("bogus:///x", open_shuffler), ("usb://0x1d50:0x6018", open_shuffler), ("usb://nope", open_reader),
     ("serial:///dev/x?baudrate=fast", open_shuffler), ("serial:///dev/x?colour=red", open_shuffler),
     ("sim://?fault=jam_after=x", open_shuffler), ("sim://bluetooth", open_reader)],
)
def test_bad_urls_are_config_errors(url: str, opener) -> None:
    with pytest.raises(ConfigError) as info:
        opener(url, open=False)
    assert "\n" not in str(info.value)


def test_sim_scheme_runs_real_driver_against_simulator() -> None:
    with open_shuffler("sim://?seed=4&link_timeout=0.5&fault=jam_after=9") as drv:
        assert drv.simulator.faults.jam_after == 9 and drv.simulator.url.startswith("serial://")
        drv.shuffle(1)
        drv.deal_packet("seat3", 1)
        assert wait_for(drv, CardDispensed).position == "seat3"
    assert drv.simulator.endpoint is None  # closing the driver stopped its simulator
    for variant in ("usb", "serial"):
        with open_reader(f"sim://{variant}?link_timeout=0.5") as reader:
            wait_for(reader, LinkUp)
            reader.simulator.present(33)
            assert wait_for(reader, CardRead).card == 33
