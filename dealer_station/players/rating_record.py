"""The rating record (docs/players.md, "Rating record"): parsed JSON in, a ``RatedSession`` out.

Each field's JSON type and bounds are checked here (``fields``); the rules between fields (a
stake on a spot with no edge, pauses longer than the session) are ``rating.rate``'s, so a
live projection of the journal meets them too.
"""

from __future__ import annotations

from ..errors import RecordError
from . import fields
from .rating import RatedRound, RatedSession

GAME_NAMES = {"ultimate_texas_holdem": "uth", "texas_holdem_bonus": "holdem_bonus"}
"""Spelled-out game names a rating record may use for the registry's (``uth``, ``holdem_bonus``)."""

RATING_KEYS = ("player", "table_id", "seat", "game", "edges", "comp_rate", "start", "end", "pauses_s",
               "table_rounds", "rounds")
ROUND_KEYS = ("round_id", "stakes", "decisions", "net", "voided", "skill_cost")


def rating_session(record: object) -> RatedSession:
    """A rating record as a ``RatedSession`` (the session's rules are checked by ``rate``)."""
    rec = fields.json_object(record, None, "a rating record")
    fields.check_keys(rec, RATING_KEYS, RATING_KEYS[1:-3] + RATING_KEYS[-2:], None)
    game = rec["game"]
    if not isinstance(game, str):
        raise RecordError(f"must be a game name, not {fields.kind_of(game)}", "game")
    rounds = rec["rounds"]
    if not isinstance(rounds, list):
        raise RecordError(f"must be a list of rounds, not {fields.kind_of(rounds)}", "rounds")
    return RatedSession(
        player=fields.player_id(rec.get("player"), "player"),
        table_id=fields.table_id(rec["table_id"], "table_id"),
        seat=fields.whole(rec["seat"], "seat", 1),
        game=GAME_NAMES.get(game, game),
        edges=fields.amounts(rec["edges"], "edges", allow_negative=True),
        comp_rate=fields.amount(rec["comp_rate"], "comp_rate"),
        start=fields.moment(rec["start"], "start", whole_seconds=True),
        end=fields.moment(rec["end"], "end", whole_seconds=True),
        pauses_s=fields.whole(rec.get("pauses_s", 0), "pauses_s", 0),
        table_rounds=fields.whole(rec["table_rounds"], "table_rounds", 0),
        rounds=tuple(_round(r, f"rounds[{i}]") for i, r in enumerate(rounds)),
    )


def _round(value: object, field: str) -> RatedRound:
    rec = fields.json_object(value, field, "a round")
    fields.check_keys(rec, ROUND_KEYS, ("stakes", "net"), field)
    voided = rec.get("voided", False)
    if not isinstance(voided, bool):
        raise RecordError(f"must be true or false, not {fields.kind_of(voided)}", f"{field}.voided")
    round_id = rec.get("round_id")
    skill_cost = rec.get("skill_cost")
    return RatedRound(
        stakes=fields.amounts(rec["stakes"], f"{field}.stakes"),
        decisions=fields.amounts(rec.get("decisions", {}), f"{field}.decisions"),
        net=fields.amount(rec["net"], f"{field}.net", allow_negative=True),
        round_id=None if round_id is None else fields.named(round_id, f"{field}.round_id", fields.PLAYER_ID,
                                                            "a round id"),
        voided=voided,
        skill_cost=None if skill_cost is None else fields.amount(skill_cost, f"{field}.skill_cost"),
    )
