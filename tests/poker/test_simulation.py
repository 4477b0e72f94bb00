"""A session of hands through the real drivers and simulators, faults included: every chip at
every journal position, every hand's record settling the same, the summary's figures."""

from __future__ import annotations

import json
import sys
from collections import Counter
from decimal import Decimal
from pathlib import Path

import pytest

from dealer_station.errors import ConfigError
from dealer_station.games import get_game
from dealer_station.games.holdem import live
from dealer_station.journal import Journal
from dealer_station.play.simulate import simulate
from dealer_station.profile_loader import load_profile
from dealer_station.recall import finished_round_ids, recall_round, strip_recall_keys
from dealer_station.table import events as ev
from dealer_station.table.folds import evolve
from dealer_station.table.state import TableState
from tests import background
from tests import cli as station_cli


@pytest.fixture(scope="module")
def nl_session() -> tuple[Path, dict]:
    """40 hands of no limit, 7 seats, with jams, duplicates, misreads, disconnects, disputes and absent
    players: played beside the suite (``tests/background.py``), it mostly waits on the action clock."""
    [play] = background.plays_of("nl_session")
    return play.journal, play.summary(timeout=600)


def test_chips_are_conserved_at_every_journal_position(nl_session) -> None:
    """Replay the simulated journal event by event; after each: stacks + pot + rake == in - out.

    The totals are also rebuilt from the raw payloads, apart from the fold that keeps them.
    """
    journal, summary = nl_session
    game = get_game("holdem")
    state = TableState("P1")
    bought = cashed = raked = Decimal(0)
    positions = 0
    with Journal.open_readonly(journal) as j:
        for record in j.events():
            event = ev.decode(record.kind, record.payload)
            evolve(state, event, record.at, record.seq, folds=game.folds)
            count = live.chip_count(state)
            assert count.conserved, (record.seq, record.kind, count)
            bought += Decimal(record.payload.get("buy_in", 0)) + Decimal(record.payload.get("amount", 0)) \
                if record.kind in ("player_seated", "chips_added") else 0
            cashed += Decimal(record.payload["cashed_out"]) if record.kind == "player_left" else 0
            raked += Decimal(record.payload["rake"]) if record.kind == "pots_awarded" else 0
            positions += 1
    assert (count.bought_in, count.cashed_out, count.rake) == (bought, cashed, raked)
    assert summary["conserved"] is True and summary["conservation_checked_at"] == positions
    assert summary["rake"] == str(raked) and summary["bought_in"] == str(bought)
    assert summary["cashed_out"] == str(cashed)
    assert sum(Decimal(v) for v in summary["stacks"].values()) + raked == bought - cashed


def test_the_session_plays_hands_with_side_pots_faults_and_timeouts(nl_session) -> None:
    journal, summary = nl_session
    voided = Counter(summary["voided"])
    assert summary["hands_completed"] + sum(voided.values()) == 40
    assert summary["hands_completed"] >= 25 and sum(voided.values()) >= 2
    assert summary["side_pot_hands"] >= summary["hands_completed"] // 2  # all-ins are common
    assert summary["timeouts"] >= 1  # the station's pump let the action clock act
    assert set(summary) >= {"hands_completed", "voided", "rake", "bought_in", "cashed_out", "stacks", "journal"}


def test_every_recalled_hand_settles_as_journaled_and_voids_return_what_was_put_in(nl_session) -> None:
    journal, _summary = nl_session
    game = get_game("holdem")
    with Journal.open_readonly(journal) as j:
        ids = finished_round_ids(j)
        hands = [recall_round(j, round_id) for round_id in ids]
        started = {e.round_id: e.payload for e in j.events(kinds={"hand_started"})}
    settled = [h for h in hands if h["void"] is None]
    assert len(settled) >= 25
    for hand in settled:
        assert game.settle_record(strip_recall_keys(hand)) == hand["settlement"]
    for hand in (h for h in hands if h["void"] is not None):
        put_in = {str(s["seat"]): Decimal(started[hand["round_id"]]["stacks"][str(s["seat"])]) for s in hand["seats"]}
        returned = {k: Decimal(v) for k, v in hand["void"]["returned"].items()}
        assert set(returned) <= set(put_in) and all(Decimal(0) < v <= put_in[k] for k, v in returned.items())


def test_fixed_limit_session_on_the_command_line_prints_its_summary(tmp_path: Path) -> None:
    out = station_cli.run([sys.executable, "-m", "dealer_station", "simulate", "--config", "holdem-fl-2-4",
                          "--hands", "12", "--seed", "4", "--seats", "9", "--journal", str(tmp_path / "fl.sqlite"),
                          "--faults", "jam:0.1", "--json"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    assert summary["hands_completed"] + sum(summary["voided"].values()) == 12
    assert summary["conserved"] is True and len(summary["stacks"]) == 9
    text = station_cli.run([sys.executable, "-m", "dealer_station", "simulate", "--config", "holdem-fl-2-4",
                           "--hands", "2", "--seed", "4", "--journal", str(tmp_path / "fl.sqlite")],
                          capture_output=True, text=True, timeout=120)
    assert text.returncode == 0 and "every chip accounted for" in text.stdout


def test_pot_limit_hand_dealt_session_reads_the_board(tmp_path: Path) -> None:
    journal = tmp_path / "pl.sqlite"
    summary = simulate(load_profile("holdem-pl-1-2"), rounds=10, seed=8, seats=5, journal=journal,
                       progress=None).as_json()
    assert summary["hands_completed"] == 10 and summary["conserved"]
    with Journal.open_readonly(journal) as j:
        reads = [e for e in j.events(kinds={"card_revealed"}) if e.payload["position"] == "board"]
    assert reads and all(e.payload.get("by_hand") for e in reads)


def test_runs_a_table_cannot_play_are_refused_in_one_line_before_anything_is_written(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="holdem_bonus"):
        simulate(load_profile("holdem-nl-1-2"), rounds=1, seed=1, faults={"pool_hit": 0.5},
                 journal=tmp_path / "x.sqlite", progress=None)
    for args, problem in ((["--config", "uth-default", "--faults", "absent:0.1"], "faults: absent players need an "
                           "action clock"), (["--config", "holdem-nl-1-2", "--seats", "1"], "seats: --seats must be 2")):
        out = station_cli.run([sys.executable, "-m", "dealer_station", "simulate", "--rounds", "1", *args,
                              "--journal", str(tmp_path / "no" / "j.sqlite")], capture_output=True, text=True,
                             timeout=60)
        assert out.returncode == 2 and problem in out.stderr and len(out.stderr.splitlines()) == 1
    assert not (tmp_path / "no").exists()


@pytest.mark.slow  # waits out the stall guard
@pytest.mark.background("refused-card")
def test_a_card_refused_over_and_over_is_a_stall_not_progress() -> None:
    """Hand dealt, misreads: a misread board card taken, the real one refused at the showdown
    again and again. Each refusal is journaled, but the hand does not move: the simulation's
    stall guard voids it instead of passing the card over the reader for ever.
    ``simulate --config holdem-pl-1-2 --seats 6 --seed 12 --faults misread:0.2``, played beside the suite."""
    play = background.play("refused-card")
    journal, summary = play.journal, play.summary(timeout=180)
    assert summary["hands_completed"] + sum(summary["voided"].values()) == 20 and summary["conserved"]
    with Journal.open_readonly(journal) as j:
        refused = Counter(e.round_id for e in j.events(kinds={"read_rejected"}))
        stalled = {e.round_id for e in j.events(kinds={"round_voided"}) if "no progress" in e.payload["reason"]}
    assert stalled and all(refused[rid] >= 2 for rid in stalled)  # the card kept coming back until the void
