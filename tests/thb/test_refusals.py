"""Every bad Texas Hold'em Bonus record is refused in one line naming the field."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from dealer_station.errors import CardError, DealerStationError, RecordError, RuleError
from dealer_station.games import get_game
from dealer_station.profile_loader import load_profile
from tests.thb._records import CONFIG, TABLE, THB, record, seat


def _base() -> dict[str, Any]:
    return record("Kd 7c", "2s 7s 9s Js Qh",
                  {"seat": 2, "hole": ["As", "Ks"], "bets": {"ante": "10", "bonus": "10", "pool": "1"},
                   "actions": ["flop", "turn", "river"]},
                  {"seat": 4, "hole": ["4c", "5c"], "bets": {"ante": "10"}, "actions": ["fold"]},
                  jackpot={"meter": "25000.00", "rate": "0.25", "reset": "10000.00"})


def _set(path: str, value: Any):
    """Mutation setting ``path`` (dots; digits index lists) to ``value``; None deletes it."""
    def mutate(rec: dict[str, Any]) -> None:
        keys = [int(k) if k.isdigit() else k for k in path.split(".")]
        target: Any = rec
        for key in keys[:-1]:
            target = target[key]
        if value is None:
            del target[keys[-1]]
        else:
            target[keys[-1]] = value
    return mutate


def _seats(count: int):
    def mutate(rec: dict[str, Any]) -> None:
        deck = ["2c", "3c", "4d", "5d", "6h", "8h", "Tc", "Jc", "Qd", "Kc", "3h", "4h", "5h", "6d"]
        rec["seats"] = [seat(n, f"{deck[2 * n - 2]} {deck[2 * n - 1]}", "fold") for n in range(1, count + 1)]
    return mutate


REFUSALS = [
    # cards
    ("unknown-card", _set("seats.0.hole.1", "Xx"), CardError, "seats[0].hole[1]: unknown card 'Xx'"),
    ("card-twice-hole-board", _set("seats.1.hole.0", "2s"), CardError, "seats[1].hole[0]: card 2s used twice (also at board[0])"),
    ("card-twice-two-holes", _set("seats.1.hole.0", "As"), CardError,
     "seats[1].hole[0]: card As used twice (also at seats[0].hole[0])"),
    ("card-twice-dealer-board", _set("dealer.0", "Qh"), CardError, "board[4]: card Qh used twice (also at dealer[0])"),
    ("dealer-3-cards", _set("dealer", ["Kd", "7c", "3c"]), CardError, "dealer: needs 2 cards, got 3"),
    ("board-4-cards", _set("board", ["2s", "7s", "9s", "Js"]), CardError, "board: needs 5 cards, got 4"),
    ("hole-1-card", _set("seats.1.hole", ["4c"]), CardError, "seats[1].hole: needs 2 cards, got 1"),
    # bets
    ("ante-below-min", _set("seats.1.bets.ante", "4"), RuleError, "seats[1].bets.ante: 4 below the table minimum 5"),
    ("ante-above-max", _set("seats.1.bets.ante", "501"), RuleError, "seats[1].bets.ante: 501 above the table maximum 500"),
    ("missing-ante", _set("seats.1.bets.ante", None), RecordError, "seats[1].bets.ante: missing required key"),
    ("negative-ante", _set("seats.1.bets.ante", "-10"), RecordError, "seats[1].bets.ante: amount must not be negative"),
    ("float-ante", _set("seats.1.bets.ante", 10.0), RecordError, "seats[1].bets.ante: must be a decimal string"),
    ("bonus-not-ante", _set("seats.0.bets.bonus", "5"), RuleError, "seats[0].bets.bonus: must equal ante (10)"),
    ("bonus-zero", _set("seats.0.bets.bonus", "0"), RuleError, "seats[0].bets.bonus: must equal ante (10)"),
    ("pool-not-table-stake", _set("seats.0.bets.pool", "2"), RuleError,
     "seats[0].bets.pool: must be the table's Pool stake 1"),
    ("pool-below-table-stake", _set("seats.0.bets.pool", "0.5"), RuleError, "seats[0].bets.pool: must be the table's Pool stake 1"),
    ("flop-placed", _set("seats.0.bets.flop", "20"), RecordError, "seats[0].bets.flop: the Flop bet is made by a decision"),
    ("river-placed", _set("seats.0.bets.river", "10"), RecordError, "seats[0].bets.river: the River bet is made by a decision"),
    ("unknown-spot", _set("seats.0.bets.blind", "10"), RecordError, "seats[0].bets.blind: unknown spot (spots: ante, bonus, pool)"),
    ("bets-not-object", _set("seats.0.bets", ["10"]), RecordError, "seats[0].bets: must be a JSON object"),
    # seats
    ("seat-beyond-6", _set("seats.1.seat", 7), RuleError, "seats[1].seat: seat 7 is not at this table (seats 1 to 6)"),
    ("seat-zero", _set("seats.1.seat", 0), RuleError, "seats[1].seat: seat 0 is not at this table"),
    ("seat-not-int", _set("seats.1.seat", "4"), RecordError, "seats[1].seat: must be a seat number"),
    ("duplicate-seat", _set("seats.1.seat", 2), RecordError, "seats[1].seat: seat 2 appears twice (also seats[0])"),
    ("seven-seats", _seats(7), RuleError, "seats: 7 seats but the table has 6"),
    ("no-seats", _set("seats", []), RecordError, "seats: must be a non-empty list"),
    ("player-not-a-name", _set("seats.0.player", 5), RecordError, "seats[0].player: must be a player's name"),
    ("player-empty", _set("seats.0.player", " "), RecordError, "seats[0].player: must be a player's name"),
    # decisions
    ("river-without-turn", _set("seats.0.actions", ["flop", "check", "river"]), RuleError,
     "seats[0].actions[2]: 'river' without a Turn bet: declining the Turn bet gives up the River bet"),
    ("check-after-declined-turn", _set("seats.0.actions", ["flop", "check", "check"]), RuleError,
     "seats[0].actions[2]: 'check' after 'check': declining the Turn bet ends the seat's decisions"),
    ("action-after-fold", _set("seats.1.actions", ["fold", "flop"]), RuleError,
     "seats[1].actions[1]: 'flop' after 'fold': the seat has already decided"),
    ("action-after-river", _set("seats.0.actions", ["flop", "turn", "river", "check"]), RuleError,
     "seats[0].actions[3]: 'check' after 'river': the seat has already decided"),
    ("fold-after-flop", _set("seats.0.actions", ["flop", "fold"]), RuleError,
     "seats[0].actions[1]: 'fold' not allowed on the flop (allowed: turn, check)"),
    ("check-pre-flop", _set("seats.0.actions", ["check"]), RuleError,
     "seats[0].actions[0]: 'check' not allowed on the pre-flop (allowed: flop, fold)"),
    ("turn-pre-flop", _set("seats.0.actions", ["turn"]), RuleError, "seats[0].actions[0]: 'turn' not allowed on the pre-flop"),
    ("river-on-the-flop", _set("seats.0.actions", ["flop", "river"]), RuleError,
     "seats[0].actions[1]: 'river' not allowed on the flop (allowed: turn, check)"),
    ("unknown-action", _set("seats.0.actions", ["raise"]), RuleError, "seats[0].actions[0]: 'raise' not allowed on the pre-flop"),
    ("incomplete-after-flop", _set("seats.0.actions", ["flop"]), RecordError,
     "seats[0].actions: incomplete: must end with a fold, a declined Turn bet or the River decision (next: flop: turn, check)"),
    ("incomplete-after-turn", _set("seats.0.actions", ["flop", "turn"]), RecordError,
     "seats[0].actions: incomplete: must end with a fold, a declined Turn bet or the River decision (next: turn: river, check)"),
    ("no-actions", _set("seats.1.actions", []), RecordError,
     "seats[1].actions: incomplete: must end with a fold, a declined Turn bet or the River decision (next: pre-flop: flop, fold)"),
    ("actions-not-list", _set("seats.0.actions", "flop"), RecordError, "seats[0].actions: must be a list of actions"),
    ("action-not-text", _set("seats.0.actions", [2]), RecordError, "seats[0].actions[0]: must be an action name, not 2"),
    # jackpot
    ("pool-without-jackpot", _set("jackpot", None), RecordError,
     "jackpot: missing: seats[0] has a Pool stake, so the record needs the meter"),
    ("jackpot-unknown-key", _set("jackpot.meters", "1"), RecordError,
     "jackpot.meters: unknown key (allowed: meter, rate, reset, cap, overflow, link, awards)"),
    ("jackpot-missing-meter", _set("jackpot.meter", None), RecordError, "jackpot.meter: missing required key"),
    ("jackpot-missing-rate", _set("jackpot.rate", None), RecordError, "jackpot.rate: missing required key"),
    ("jackpot-missing-reset", _set("jackpot.reset", None), RecordError, "jackpot.reset: missing required key"),
    ("jackpot-rate-zero", _set("jackpot.rate", "0"), RecordError, "jackpot.rate: must be above 0 and at most 1"),
    ("jackpot-rate-above-one", _set("jackpot.rate", "25"), RecordError, "jackpot.rate: must be above 0 and at most 1"),
    ("jackpot-rate-float", _set("jackpot.rate", 0.25), RecordError, 'jackpot.rate: must be a decimal string such as "0.25"'),
    ("jackpot-reset-negative", _set("jackpot.reset", "-1"), RecordError, "jackpot.reset: must be >= 0"),
    ("jackpot-cap-below-reset", _set("jackpot.cap", "5000"), RecordError, "jackpot: cap 5000 is below reset 10000"),
    ("jackpot-meter-below-reset", _set("jackpot.meter", "9999"), RuleError, "jackpot.meter: 9999 is below the reset value 10000"),
    ("jackpot-meter-above-cap", _set("jackpot.cap", "20000"), RuleError, "jackpot.meter: 25000 is above the cap 20000"),
    ("jackpot-overflow-negative", _set("jackpot.overflow", "-1"), RecordError, "jackpot.overflow: amount must not be negative"),
    ("jackpot-meter-not-amount", _set("jackpot.meter", "lots"), RecordError, "jackpot.meter: not a decimal amount"),
    ("jackpot-not-object", _set("jackpot", "25000"), RecordError, "jackpot: must be a JSON object"),
    # record and table
    ("unknown-key", _set("dealer_cards", ["Kd"]), RecordError, "dealer_cards: unknown key"),
    ("unknown-seat-key", _set("seats.0.hole_cards", ["Kd"]), RecordError, "seats[0].hole_cards: unknown key"),
    ("missing-board", _set("board", None), RecordError, "board: missing required key"),
    ("other-game", _set("game", "uth"), RecordError, "game: not a holdem_bonus record: 'uth'"),
    ("uth-profile", _set("table", "uth-default"), RecordError,
     "game: record is for 'holdem_bonus' but the table profile is for 'uth'"),
    ("unknown-bonus-row", _set("paytables", {"bonus": {"ak": "25"}}), RecordError,
     "paytables.bonus.ak: unknown Bonus row 'ak' (known: aa_vs_dealer_aa, aa,"),
    ("negative-bonus-odds", _set("paytables", {"bonus": {"aa": "-30"}}), RecordError, "paytables.bonus.aa: must be >= 0"),
    ("unknown-pool-row", _set("paytables", {"pool": {"trips": "5"}}), RecordError,
     "paytables.pool.trips: unknown hand category 'trips'"),
    ("pool-percent-above-100", _set("paytables", {"pool": {"straight": "150"}}), RecordError,
     "paytables.pool.straight: a Pool row is a percentage of the meter, above 0 and at most 100"),
    ("pool-percent-zero", _set("paytables", {"pool": {"straight": "0"}}), RecordError, "paytables.pool.straight: a Pool row"),
    ("limit-for-bonus", _set("limits", {"bonus": {"min": "1", "max": "5"}}), RecordError,
     "limits.bonus: unknown key (expected: ante)"),
    ("float-min-chip", _set("min_chip", 0.5), RecordError, "min_chip: must be a decimal string"),
]


@pytest.mark.parametrize("mutate,error,message", [r[1:] for r in REFUSALS], ids=[r[0] for r in REFUSALS])
def test_refusals(mutate, error, message):
    rec = _base()
    THB.parse_record(copy.deepcopy(rec), TABLE)  # the unmutated record is fine
    mutate(rec)
    with pytest.raises(DealerStationError) as info:
        THB.parse_record(rec, TABLE)
    assert isinstance(info.value, error), info.value
    assert message in str(info.value)
    assert "\n" not in str(info.value)


def test_a_player_plays_at_most_two_spots():
    rec = _base()
    rec["seats"] = [seat(1, "2c 3c", "fold", player="P"), seat(3, "4d 5d", "fold", player="P"),
                    seat(5, "6h 8h", "fold", player="P")]
    with pytest.raises(RuleError, match=r"^seats\[2\]\.player: player 'P' already plays seats 1 and 3: "
                                        r"a player plays at most one vacant spot besides their own$"):
        THB.parse_record(rec, TABLE)
    rec["seats"][2]["player"] = "Q"
    assert [s.player for s in THB.parse_record(rec, TABLE).seats] == ["P", "P", "Q"]


def test_spot_takeover_off_refuses_a_second_spot(tmp_path):
    path = tmp_path / "thb-no-takeover.toml"
    path.write_text((CONFIG / "thb-default.toml").read_text().replace(
        "allow_spot_takeover = true", "allow_spot_takeover = false"))
    table = load_profile(str(path))
    rec = _base()
    rec["seats"][0]["player"] = rec["seats"][1]["player"] = "P"
    with pytest.raises(RuleError, match=r"^seats\[1\]\.player: player 'P' already plays seat 2: "
                                        r"this table does not allow spot takeover$"):
        THB.parse_record(rec, table)
    rec["seats"][1]["player"] = "Q"
    THB.parse_record(rec, table)


def test_uth_forbids_spot_takeover():
    uth = get_game("uth")
    rec = {"game": "uth", "dealer": ["Kd", "7c"], "board": ["2c", "7d", "9h", "Js", "Qs"],
           "seats": [{"seat": 1, "player": "P", "hole": ["As", "Ac"], "bets": {"ante": "10", "blind": "10"},
                      "actions": ["play4x"]}]}
    with pytest.raises(RecordError, match=r"^seats\[0\]\.player: unknown key"):
        uth.parse_record(rec, load_profile("uth-default"))
