"""A linked progressive's meters and their reconciliation, from the controller and from every
member's journal (``dealer-station jackpot --floor URL --link NAME``).

Three independent proofs that no money of the shared meter was lost or counted twice:

* **the floor adds up**: opening + contributed + seeded - awarded = meter + overflow + reserve;
* **the floor replays**: every commit's facts, folded in ``seq`` order from the opening meter
  with ``jackpot.py``'s own rules, give exactly the meter each commit stored - so every award
  was computed from the meter as the commits before it left it (the commit order is the award order);
* **every member's journal says the same**: the commits it journaled (``jackpot_link_commit``)
  are exactly the controller's commits of that table, fact for fact; its totals are the floor's.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any

from ..errors import DealerStationError
from ..jackpot import (
    HISTORY_SIZE,
    JackpotMeter,
    JackpotRules,
    LinkCommit,
    LinkCommitted,
    facts_payload,
    meter_from_state,
    meter_state,
    meter_summary,
    table_totals,
)
from ..money import exact_money, format_cents
from .db import reading
from .link import commit_from_json
from .migrate import require_version

LINK_SCHEMA = 10
"""The floor schema a linked progressive needs (migration 0010_jackpot_link)."""


def read_link(url: str, link: str) -> dict[str, Any]:
    """The link's row, members, commits (seq order) and awards, read in one snapshot."""
    with reading(url, f"reading link {link}") as conn:
        require_version(conn, LINK_SCHEMA, "a linked progressive")
        conn.rollback()  # the snapshot below starts after the version check
        return link_rows(conn, link)


def link_rows(conn: Any, link: str) -> dict[str, Any]:
    """``read_link`` on a connection of the caller's (the pit's, read only)."""
    with conn.transaction():
        conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
        row = conn.execute("SELECT rules, state, version, created_at FROM floor.jackpot_links WHERE link = %s",
                           (link,)).fetchone()
        if row is None:
            raise DealerStationError(f"the floor has no link {link!r} (no member has joined it)", "link")
        members = [r[0] for r in conn.execute(
            "SELECT table_id FROM floor.jackpot_link_members WHERE link = %s ORDER BY table_id", (link,))]
        commits = [r[0] for r in conn.execute(
            "SELECT floor.link_commit_json(c) FROM floor.jackpot_link_commits c WHERE c.link = %s ORDER BY c.seq",
            (link,))]
        awards = [dict(zip(("seq", "seat", "table_id", "round_id", "category", "percent", "amount",
                            "needs_verification", "verified_by", "cancelled_seq", "meter_in", "display", "hits",
                            "wins", "overflow", "reserve", "at"), r, strict=True)) for r in conn.execute(
            "SELECT a.seq, a.seat, a.table_id, a.round_id, a.category, a.percent, a.amount, a.needs_verification, "
            "a.verified_by, a.cancelled_seq, a.meter_in, a.display, a.hits, a.wins, a.overflow, a.reserve, "
            "to_char(c.committed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"') "
            "FROM floor.jackpot_link_awards a JOIN floor.jackpot_link_commits c USING (link, seq) "
            "WHERE a.link = %s ORDER BY a.seq, a.seat", (link,))]
    return {"rules": row[0], "state": row[1], "version": row[2], "created_at": row[3].isoformat(),
            "members": members, "commits": commits, "awards": awards}


def floor_journal_commits(conn: Any, table_id: str) -> list[LinkCommitted]:
    """The link commits a member's journal holds, as the floor holds its journal (no file needed: the
    pit reconciles a member with the controller from the floor alone). Reads the table's events."""
    return [LinkCommitted.from_payload(json.loads(r[0])) for r in conn.execute(
        "SELECT payload::text FROM floor.events WHERE table_id = %s AND kind = %s AND flagged IS NULL ORDER BY seq",
        (table_id, LinkCommitted.kind))]


def _rules(data: Mapping[str, Any], link: str) -> JackpotRules:
    """The meter's rules of the link's terms (0016 keeps the Pool's terms beside them)."""
    return JackpotRules.model_validate({**{k: v for k, v in data.items() if v is not None and k in JackpotRules.model_fields},
                                        "link": link})


def journal_commits(path: Path) -> tuple[str, list[LinkCommitted]]:
    """A member journal's table id and the link commits it journaled (read only; refused if its chain is broken)."""
    from ..journal import Journal

    if not path.exists():
        raise DealerStationError(f"no journal at {path}", "journal")
    with Journal.open_checked(path) as journal:
        table_id = journal.table_id or path.stem
        events = [LinkCommitted.from_payload(r.payload) for r in journal.events(kinds={LinkCommitted.kind})]
    return table_id, events


def _totals(rules: JackpotRules, facts: Iterable[Any]) -> dict[str, Any]:
    t = table_totals(rules, facts)
    return {"contributed": format_cents(t.contributed), "awarded": format_cents(t.awarded),
            "seeded": format_cents(t.seeded), "hits": t.hits}


def link_report(url: str, link: str, journals: Sequence[Path] = (), history: int = HISTORY_SIZE) -> dict[str, Any]:
    """Today's ``jackpot --json`` keys for the shared meter, plus the reserve, the commit order,
    per-table contributions and hits, the pending hits, and the three reconciliations."""
    data = read_link(url, link)
    return reconcile(data, link, [(*journal_commits(path)[::-1], str(path)) for path in journals], history)


def reconcile(data: dict[str, Any], link: str, journals: Sequence[tuple[list[LinkCommitted], str, str]],
              history: int = HISTORY_SIZE) -> dict[str, Any]:
    """``link_report`` from the link's rows (``read_link``/``link_rows``) and members' journals given as
    (their link commits, table id, where the journal is)."""
    with exact_money():
        rules = _rules(data["rules"], link)
        stored = meter_from_state(rules, data["state"])
        commits: list[LinkCommit] = [commit_from_json(c) for c in data["commits"]]
        replayed: JackpotMeter = JackpotMeter(rules, stored.opening, opening=stored.opening)
        replay_ok = True
        for commit in commits:
            replayed = replayed.apply_all(commit.facts)
            if meter_state(replayed) != dict(commit.after):
                replay_ok = False
        replay_ok = replay_ok and meter_state(replayed) == meter_state(stored)
        seqs_ok = [c.seq for c in commits] == list(range(1, len(commits) + 1)) and data["version"] == len(commits)
        per_table: dict[str, list[LinkCommit]] = {tid: [] for tid in data["members"]}
        for commit in commits:
            per_table.setdefault(commit.table_id, []).append(commit)
        tables = {tid: {**_totals(rules, (f for c in mine for f in c.facts)), "commits": len(mine)}
                  for tid, mine in per_table.items()}
        checked: dict[str, Any] = {}
        for events, table_id, where in journals:
            floor_side = {c.seq: facts_payload(c.facts) for c in per_table.get(table_id, [])}
            journal_side = {e.seq: facts_payload(e.facts) for e in events}
            twice = len(events) - len(journal_side)
            checked[table_id] = {
                "journal": where, **_totals(rules, (f for e in events for f in e.facts)),
                "commits": len(events),
                "missing": sorted(set(floor_side) - set(journal_side)),  # committed, never journaled
                "unknown": sorted(set(journal_side) - set(floor_side)),  # journaled, not the controller's
                "differ": sorted(s for s in set(floor_side) & set(journal_side) if floor_side[s] != journal_side[s]),
                "journaled_twice": twice,
            }
            entry = checked[table_id]
            entry["reconciled"] = (not entry["missing"] and not entry["unknown"] and not entry["differ"]
                                   and not twice and table_id in per_table)
        missing_journals = sorted(set(data["members"]) - set(checked))
    awards = data["awards"]
    hits = [{"round_id": a["round_id"], "table_id": a["table_id"], "seat": a["seat"], "hand": a["category"],
             "amount": format_cents(a["amount"]), "at": a["at"], "seq": a["seq"], "verified_by": a["verified_by"],
             "pending": a["needs_verification"] and a["verified_by"] is None and a["cancelled_seq"] is None,
             "meters": {"in": format_cents(a["meter_in"]), "display": format_cents(a["display"]), "hits": a["hits"],
                        "wins": format_cents(a["wins"]), "overflow": format_cents(a["overflow"]),
                        "reserve": format_cents(a["reserve"])}}
            for a in awards if a["cancelled_seq"] is None]
    summary = meter_summary(stored)
    summary["reserve"] = format_cents(stored.reserve)
    floor_ok = stored.conserved and replay_ok and seqs_ok
    journals_ok = all(c["reconciled"] for c in checked.values()) and not missing_journals
    installed = {"at": data["created_at"], **data["rules"]}
    return {
        **summary,
        "link": link,
        "reconciled": floor_ok and journals_ok,
        "installed": [installed],
        "history": list(reversed(hits))[:history],
        "order": [{"seq": c.seq, "table_id": c.table_id, "round_id": c.round_id, "op": c.op, "at": c.at}
                  for c in commits if c.op == "award"],
        "pending": [h for h in reversed(hits) if h["pending"]],
        "tables": tables,
        "floor": {"conserved": stored.conserved, "replayed": replay_ok, "commit_order": seqs_ok},
        "journals": checked,
        "journals_missing": missing_journals,
    }


def links_overview(conn: Any, recent: int = 10) -> list[dict[str, Any]]:
    """Every link on the floor for the pit: its shared meter, members, the hits pending verification
    and the last ``recent`` awards in commit order (newest first). Cheap: no commit is replayed."""
    out = []
    links = conn.execute("SELECT link, state, version FROM floor.jackpot_links ORDER BY link").fetchall()
    for link, state, version in links:
        members = [r[0] for r in conn.execute(
            "SELECT table_id FROM floor.jackpot_link_members WHERE link = %s ORDER BY table_id", (link,))]
        awards = [dict(zip(("seq", "table_id", "round_id", "seat", "category", "amount", "pending", "verified_by",
                            "at"), r, strict=True)) for r in conn.execute(
            "SELECT a.seq, a.table_id, a.round_id, a.seat, a.category, a.amount, "
            "a.needs_verification AND a.verified_by IS NULL, a.verified_by, c.committed_at "
            "FROM floor.jackpot_link_awards a JOIN floor.jackpot_link_commits c USING (link, seq) "
            "WHERE a.link = %s AND a.cancelled_seq IS NULL "
            "ORDER BY (a.needs_verification AND a.verified_by IS NULL) DESC, a.seq DESC, a.seat LIMIT %s",
            (link, recent + 100))]
        pending = [a for a in awards if a["pending"]]
        out.append({"link": link, "meter": format_cents(Decimal(state["meter"])),
                    "overflow": format_cents(Decimal(state["overflow"])),
                    "reserve": format_cents(Decimal(state.get("reserve", "0"))), "hits": state["hits"],
                    "commits": version, "members": members, "pending": pending,
                    "recent": [a for a in awards if not a["pending"]][:recent]})
    return out
