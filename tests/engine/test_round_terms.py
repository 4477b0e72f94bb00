"""A round is settled by the terms it was opened under (issue 19): a station restarted with an
edited profile (same table id) finishes the open round by the journaled terms and says so; the
next round opens under the new terms, journaled first; the records carry the terms they were
played under, so they settle the same whatever the profile says later."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from dealer_station.config import TableConfig
from dealer_station.engine import TableSession
from dealer_station.engine.snapshot import TableSnapshot
from dealer_station.games import get_game
from dealer_station.journal import Journal
from dealer_station.play.autoplay import AutoCroupier
from dealer_station.profile_loader import build_table, load_profile
from dealer_station.table.phases import Stage
from dealer_station.table.terms import terms_digest, terms_of
from simulators.scripted_shoe import ScriptedShoe

PROGRAM = {"version": "test", "sha256": "0" * 64, "files": 0}


def _edited(profile: str) -> TableConfig:
    """The same table (same id) with terms that would pay very differently."""
    data: dict[str, Any] = load_profile(profile).model_dump(mode="json", exclude_unset=True)
    if data["game"] == "uth":
        data["paytables"]["trips"]["three_of_a_kind"] = "300"
        data["paytables"]["blind"]["straight"] = "100"
        data["limits"]["ante"]["max"] = "20"  # below what the open round's seats bet
    elif data["game"] == "holdem_bonus":
        data["options"]["pool_stake"] = "5"
        data["paytables"]["bonus"] = {k: "500" for k in data["paytables"]["bonus"]}
    else:
        data["rake"] = {**data.get("rake", {}), "percent": "50"}
    return build_table(data)


def _session(table: TableConfig, path: Path, shoe: ScriptedShoe | None = None) -> tuple[TableSession, Journal]:
    """A station on ``path``; ``shoe``: the physical shoe, which a station restart leaves where it was."""
    journal = Journal(path, table_id=table.table_id)
    shoe = shoe or ScriptedShoe()
    session = TableSession(table, journal, shoe=shoe)
    shoe.session = session
    session.start(PROGRAM)
    shoe.connect()
    SHOES[id(session)] = shoe
    return session, journal


SHOES: dict[int, ScriptedShoe] = {}
"""The scripted shoe of each session (the session keeps its shoe to itself)."""


def _play_until(session: TableSession, done: Callable[[TableSession], bool], seed: int, limit: int = 400) -> None:
    seats = [1, 2, 3] if session.view().game.family != "poker" else []
    croupier = AutoCroupier(session, rng=random.Random(seed), seats=seats)
    for _ in range(limit):
        if done(session.view()):
            return
        croupier.step()
    raise AssertionError(f"not reached in {limit} steps: {session.view().phase}")


def _finished(snap: TableSnapshot) -> bool:
    return snap.round is not None and snap.round.finished and snap.round.settlement is not None


def _at(stage: Stage) -> Callable[[TableSnapshot], bool]:
    return lambda s: s.round is not None and not s.round.finished and s.flow.stage(s.state) is stage


BANKING_STOPS = [Stage.BETTING, Stage.DECISION, Stage.REVEAL, Stage.SETTLEMENT]
"""Where the station dies (a shoe deal cut by a restart is voided by rule: tests/session)."""


@pytest.mark.parametrize("profile", ["uth-default", "thb-default"])
@pytest.mark.parametrize("stop", BANKING_STOPS, ids=lambda s: s.value)
def test_a_restart_with_an_edited_profile_finishes_the_round_by_its_opening_terms(
        tmp_path: Path, profile: str, stop: Stage) -> None:
    original, edited = load_profile(profile), _edited(profile)
    path = tmp_path / "journal.sqlite"
    first, journal = _session(original, path)

    def placed(s: TableSession) -> bool:  # betting, with every seat's bets down
        return _at(Stage.BETTING)(s) and s.round is not None and len(s.round.seats) == 3

    _play_until(first, placed if stop is Stage.BETTING else _at(stop), seed=7)
    round_id = first.view().round.round_id if first.view().round else ""
    journal.close()  # the station dies here: nothing more is journaled

    second, journal = _session(edited, path, SHOES[id(first)])
    try:
        assert second.view().kept_terms == terms_digest(terms_of(original)) != terms_digest(terms_of(edited))
        assert second.view().table == original and second.view().profile is edited
        _play_until(second, _finished, seed=8)
        rnd = second.view().round
        assert rnd is not None and rnd.round_id == round_id and rnd.settlement is not None and rnd.record is not None
        game = get_game(original.game)
        assert rnd.record["paytables"] == terms_of(original)["paytables"]
        assert rnd.record["limits"] == terms_of(original)["limits"]
        assert game.settle(game.parse_record(rnd.record, original)) == rnd.settlement
        if profile == "thb-default":
            assert rnd.record["pool_stake"] == terms_of(original)["options"]["pool_stake"]
        # The next round opens under the profile's terms, journaled before it.
        second.execute("open_round")
        assert second.view().kept_terms is None and second.view().table is edited
        kinds = [r.kind for r in journal.events()][-6:]
        assert "terms_installed" in kinds and kinds.index("terms_installed") < kinds.index("round_opened")
        assert second.view().round is not None and second.view().round.terms == terms_digest(terms_of(edited))
    finally:
        journal.close()


def test_an_unchanged_profile_installs_its_terms_once(tmp_path: Path) -> None:
    table = load_profile("uth-default")
    path = tmp_path / "journal.sqlite"
    for seed in (1, 2):
        session, journal = _session(table, path)
        _play_until(session, lambda s, n=seed: _finished(s) and s.state.rounds_started == n, seed=seed)
        journal.close()
    with Journal.open_readonly(path) as journal:
        installs = list(journal.events(kinds={"terms_installed"}))
        opened = [r.payload["terms"] for r in journal.events(kinds={"round_opened"})]
    assert len(installs) == 1 and opened == [installs[0].payload["digest"]] * 2


@pytest.mark.parametrize("street", ["preflop", "flop"])
def test_a_poker_hand_cut_by_a_restart_keeps_its_rake_and_structure(tmp_path: Path, street: str) -> None:
    original, edited = load_profile("holdem-nl-1-2"), _edited("holdem-nl-1-2")
    path = tmp_path / "journal.sqlite"
    first, journal = _session(original, path)
    for seat in range(1, 7):
        first.execute("seat_player", seat, "200", False)
    _play_until(first, lambda s: s.round is not None and not s.round.finished and s.phase == street, seed=3)
    cut = first.view().round.round_id if first.view().round else ""
    journal.close()
    second, journal = _session(edited, path, SHOES[id(first)])
    try:
        assert second.view().round is not None and second.view().round.round_id == cut and not second.view().round.finished, \
            second.view().round.void if second.view().round else None
        assert second.view().kept_terms == terms_digest(terms_of(original)) and second.view().table == original
        _play_until(second, _finished, seed=4)
        rnd = second.view().round
        assert rnd is not None and rnd.round_id == cut and rnd.record is not None and rnd.settlement is not None
        kept, new = terms_of(original)["rake"], terms_of(edited)["rake"]
        assert rnd.record["rake"]["percent"] == kept["percent"] != new["percent"]
        assert get_game("holdem").settle_record(rnd.record) == rnd.settlement
    finally:
        journal.close()
