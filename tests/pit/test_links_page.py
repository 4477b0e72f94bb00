"""The pit's linked progressives page (issue 22): each link's meter, members, pending hits and
latest awards in commit order, read from the floor (real PostgreSQL, the demo floor's)."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from starlette.applications import Starlette
from starlette.testclient import TestClient

from dealer_station.cards import parse_card
from dealer_station.floor.link import FloorLink
from dealer_station.games.thb import link_terms
from dealer_station.jackpot import PoolHit
from dealer_station.profile_loader import load_profile

from .conftest import DemoFloor, signed_in


def test_the_links_page_shows_each_link_and_the_hits_pending_on_it(app: Starlette, demo: DemoFloor) -> None:
    sam = signed_in(app, "sam")
    assert "bank-7" not in sam.get("/links").text
    terms = link_terms(load_profile("thb-linked"))
    terms = replace(terms, rules=terms.rules.model_copy(update={"link": "bank-7"}))
    one, two = (FloorLink(demo.floor.station_url, terms, tid) for tid in ("Q91", "Q92"))
    royal, straight = ([parse_card(c) for c in hand.split()] for hand in ("As Ks Qs Js Ts", "9d 8c Qs Js Ts"))
    try:
        for link in (one, two):
            link._join()
            link.contribute(f"{link.table_id}-000001", [(1, Decimal(1))])
        one.award("Q91-000001", [PoolHit(1, "royal_flush", Decimal(100), tuple(royal))])  # held: above verify_at
        two.award("Q92-000001", [PoolHit(1, "straight", Decimal(10), tuple(straight))])  # paid at once
    finally:
        one.stop()
        two.stop()
    page = sam.get("/links")
    assert page.status_code == 200
    html = page.text
    assert 'id="link-bank-7"' in html and "members Q91, Q92" in html
    pending = html.split('class="integrity pending"')[1].split("</table>")[0]
    assert 'data-table="Q91"' in pending and "royal flush" in pending and "Q92" not in pending
    data = sam.get("/api/links").json()["links"]
    bank = next(link for link in data if link["link"] == "bank-7")
    assert [(a["seq"], a["table_id"]) for a in bank["pending"]] == [(3, "Q91")]
    assert [(a["seq"], a["table_id"], a["category"]) for a in bank["recent"]] == [(4, "Q92", "straight")]
    assert bank["meter"] == "500.00" and bank["commits"] == 4 and bank["members"] == ["Q91", "Q92"]
    anonymous = TestClient(app, base_url="http://127.0.0.1").get("/api/links", follow_redirects=False)
    assert anonymous.status_code in (303, 401)  # signed-in users only
