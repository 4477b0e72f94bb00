"""A jackpot round reconciles on its page (issue 39, item 15): the meter before, every contribution, award,
draw and seed, and the meter after, each step adding up, to the meter the round's settlement says; a
linked round's commits as the controller made them; the game in words and who verified by name; and a
table's page shows the opening balance and the verdict the ``jackpot`` command prints (for a linked
table, ``jackpot --link``'s, from the controller as it is now).

The expected figures are read here from the floor's own rows (the journal's facts, the settlement, the
link commits), summed in the test, and from the command line: never from the page's code."""

from __future__ import annotations

import html
import json
import re
from decimal import Decimal
from pathlib import Path
from typing import Any

import psycopg
from starlette.applications import Starlette

from dealer_station.play.simulate import SIM_BADGE
from tests.pit.conftest import signed_in
from tests.pit.floorsim import DemoFloor
from tests.pit.test_pages import cli

STEP = re.compile(r'<tr class="step-(\w+)" data-change="([^"]*)" data-meter="([^"]*)">')


def steps(page: str) -> list[tuple[str, Decimal | None, Decimal]]:
    return [(kind, Decimal(change) if change else None, Decimal(meter)) for kind, change, meter in STEP.findall(page)]


def round_events(demo: DemoFloor, table_id: str, round_id: str) -> list[tuple[str, dict[str, Any]]]:
    with psycopg.connect(demo.floor.report_url) as conn:
        return [(kind, json.loads(payload)) for kind, payload in conn.execute(
            "SELECT kind, payload::text FROM floor.events WHERE table_id = %s AND round_id = %s ORDER BY seq",
            (table_id, round_id))]


def rounds_with(demo: DemoFloor, tables: list[str], kind: str) -> list[tuple[str, str]]:
    with psycopg.connect(demo.floor.report_url) as conn:
        return [tuple(r) for r in conn.execute(  # type: ignore[misc]
            "SELECT DISTINCT e.table_id, e.round_id FROM floor.events e JOIN floor.rounds r USING (table_id, round_id) "
            "WHERE e.table_id = ANY(%s) AND e.kind = %s AND r.ended_seq IS NOT NULL ORDER BY 1, 2", (tables, kind))]


def total(payloads: list[dict[str, Any]], key: str) -> Decimal:
    return sum((Decimal(p[key]) for p in payloads), Decimal(0))


def test_a_jackpot_round_adds_up_on_its_page_fact_by_fact(app: Starlette, demo: DemoFloor) -> None:
    sam = signed_in(app, "sam")
    hit_rounds = rounds_with(demo, demo.thb, "jackpot_award")
    assert hit_rounds, "the demo floor's THB table hit no Pool hand"
    for table_id, round_id in hit_rounds:
        events = round_events(demo, table_id, round_id)
        settled = next(p for k, p in events if k == "settled")
        before = Decimal(settled["record"]["jackpot"]["meter"])
        after = Decimal(settled["settlement"]["jackpot"]["meter_after"])
        of = {kind: [p for k, p in events if k == kind] for kind in
              ("jackpot_contribution", "jackpot_award", "jackpot_seed", "jackpot_overflow", "jackpot_reserve_draw")}
        page = sam.get(f"/rounds/{table_id}/{round_id}").text
        shown = steps(page)
        assert shown[0] == ("start", None, before) and shown[-1] == ("end", None, after), shown
        meter = before
        for kind, change, value in shown[1:-1]:  # each step: the meter before it plus what it moved
            assert change is not None and value == meter + change, (kind, change, value, meter)
            meter = value
        assert meter == after
        changes = [c for _, c, _ in shown[1:-1]]
        # every fact of the journal is there, with its amount: the contributions to the meter, each award,
        # each seed and draw, and nothing else
        assert sorted(changes) == sorted([total(of["jackpot_contribution"], "to_meter"),
                                          *(-Decimal(a["amount"]) for a in of["jackpot_award"]),
                                          *(Decimal(s["amount"]) for s in of["jackpot_seed"]),
                                          *(Decimal(d["amount"]) for d in of["jackpot_overflow"]),
                                          *(Decimal(d["amount"]) for d in of["jackpot_reserve_draw"])])
        verdict = html.unescape(page.split('id="meter-verdict"')[1].split("</p>")[0])
        assert page.split('id="meter-verdict"')[1].startswith(' class="okay"') and "Adds up" in verdict
        assert f"{before:.2f}" in verdict and f"{after:.2f}" in verdict
        title = html.unescape(page.split("<h1>")[1].split("</h1>")[0])
        assert "Texas Hold'em Bonus" in title and "holdem_bonus" not in title.lower()
        for award in of["jackpot_award"]:
            assert f'<td class="n">{Decimal(award["amount"]):.2f}</td>' in page  # paid to the player
        if any(a["needs_verification"] for a in of["jackpot_award"]):  # verified: by whom, by name and role
            assert f"verified by sam (supervisor, badge {SIM_BADGE})" in page


def test_a_linked_rounds_commits_add_up_to_the_controllers_meter(app: Starlette, demo: DemoFloor) -> None:
    sam = signed_in(app, "sam")
    hit_rounds = [r for r in rounds_with(demo, demo.linked, "jackpot_link_commit")
                  if any(k == "jackpot_link_commit" and p["op"] == "award" for k, p in round_events(demo, *r))]
    assert hit_rounds, "no linked round hit a Pool hand"
    for table_id, round_id in hit_rounds:
        events = round_events(demo, table_id, round_id)
        commits = [p for k, p in events if k == "jackpot_link_commit"]
        settled = next(p for k, p in events if k == "settled")["settlement"]["jackpot"]
        page = sam.get(f"/rounds/{table_id}/{round_id}").text
        shown = steps(page)
        assert shown[-1][2] == Decimal(commits[-1]["after"]["meter"])  # the controller's meter after the last commit
        facts = [f for c in commits for f in c["facts"]]
        awards = [-Decimal(f["amount"]) for f in facts if f["kind"] == "jackpot_award"]
        moved = [c for kind, c, _ in shown if kind == "fact"]
        assert all(a in moved for a in awards) and sum(a for a in awards) == -sum(
            Decimal(a["amount"]) for a in settled["awards"])
        contributed = sum((Decimal(f["to_meter"]) + Decimal(f.get("to_overflow", "0")) + Decimal(f.get("to_reserve", "0"))
                           for f in facts if f["kind"] == "jackpot_contribution"), Decimal(0))
        assert contributed == Decimal(settled["contributions"])
        verdict = html.unescape(page.split('id="meter-verdict"')[1].split("</p>")[0])
        assert "Adds up" in verdict and f"{len(commits)} commit" in verdict


def test_a_tables_progressive_shows_the_opening_and_the_commands_verdict(app: Starlette, demo: DemoFloor,
                                                                         par_cache: Path) -> None:
    sam = signed_in(app, "sam")
    own = json.loads(cli("jackpot", "--journal", str(demo.work / "thb" / f"{demo.thb[0]}.sqlite"), "--json",
                         cache=par_cache).stdout)
    page = html.unescape(sam.get(f"/tables/{demo.thb[0]}").text)
    verdict = page.split('id="jackpot-verdict"')[1].split("</p>")[0]
    assert own["reconciled"] and "reconciles" in verdict and "DOES NOT" not in verdict
    assert f"opening {own['opening']}" in page and f"meter <b>{own['meter']}</b>" in page
    for key in ("opening", "contributed", "seeded", "awarded", "meter", "overflow"):
        assert own[key] in verdict, key
    link = json.loads(cli("jackpot", "--floor", demo.floor.report_url, "--link", "bank-1", "--json",
                          *(a for t in demo.linked for a in ("--journal", str(demo.work / "linked" / f"{t}.sqlite"))),
                          cache=par_cache).stdout)
    assert link["reconciled"]
    tiles = {t["table_id"]: t for t in sam.get("/api/floor").json()["tiles"]}
    assert {tiles[t]["jackpot"] for t in demo.linked} == {link["meter"]}  # every member: the shared meter now
    for table_id in demo.linked:
        page = html.unescape(sam.get(f"/tables/{table_id}").text)
        shown = page.split('id="meter"')[1].split("</p>")[0]
        for key in ("meter", "overflow", "reserve", "opening", "contributed", "awarded", "seeded"):
            assert f"{key} {link[key]}" in shown or f"meter now <b>{link[key]}</b>" in shown, key
        mine = page.split('id="meter-mine"')[1].split("</p>")[0]
        theirs = link["tables"][table_id]
        assert f"contributed {theirs['contributed']}" in mine and f"{theirs['commits']} commit" in mine
        assert ">Reconciles:" in page.split('id="jackpot-verdict"')[1][:40]
        checks = page.split('id="jackpot-checks"')[1].split("</ul>")[0]
        assert checks.count(": yes") == 4 and "NO" not in checks


def test_a_voided_jackpot_round_shows_its_facts_taken_back(app: Starlette, demo: DemoFloor) -> None:
    sam = signed_in(app, "sam")
    with psycopg.connect(demo.floor.report_url) as conn:
        voided = [tuple(r) for r in conn.execute(
            "SELECT r.table_id, r.round_id FROM floor.rounds r WHERE r.table_id = ANY(%s) AND r.outcome = 'voided' "
            "AND EXISTS (SELECT 1 FROM floor.events e WHERE e.table_id = r.table_id AND e.round_id = r.round_id "
            "AND e.kind = 'jackpot_reversal')", (demo.thb,))]
    assert voided, "no voided THB round took its Pool contributions back"
    for table_id, round_id in voided:
        events = round_events(demo, table_id, round_id)
        page = sam.get(f"/rounds/{table_id}/{round_id}").text
        shown = steps(page)
        taken = sum((Decimal(p["of"].get("to_meter", "0")) for k, p in events if k == "jackpot_reversal"), Decimal(0))
        given = total([p for k, p in events if k == "jackpot_contribution"], "to_meter")
        assert taken == given > 0 and shown[0][2] == shown[-1][2]  # every contribution taken back: the meter as found
        assert sum(c for _, c, _ in shown if c is not None) == 0
        assert "Adds up: the void took back every fact" in html.unescape(page)
