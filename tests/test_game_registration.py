"""Every game the registry knows declares what the rest of the station asks of it: a
profile to run it, scripted players, a par sheet where it has a house edge, its words
and their translations in every screen language - so a new game that forgets one fails
here, not on a table."""

from __future__ import annotations

import sys
import textwrap
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from dealer_station import game_registry
from dealer_station.game_registry import resolve
from dealer_station.games import GAMES, BankingGame, Game
from dealer_station.play.autoplay import player_for
from dealer_station.profile_loader import available_profiles, load_profile

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = sorted((ROOT / "ui" / "i18n").glob("*.ts"))


def test_the_registry_holds_the_three_games_the_station_ships() -> None:
    assert sorted(GAMES) == ["holdem", "holdem_bonus", "uth"]
    assert all(isinstance(game, Game) for game in GAMES.values())


@pytest.mark.parametrize("name", sorted(game_registry.BUILTIN))
def test_every_game_has_a_profile_players_a_par_sheet_and_its_words(name: str) -> None:
    game = GAMES[name]
    profiles = [p for p in available_profiles() if load_profile(p).game == name]
    assert profiles, f"no profile in config/ runs {name}"
    assert player_for(name) is not None
    if isinstance(game, BankingGame):
        assert game.par_provider is not None and callable(resolve(game.par_provider))
        for spot in game.spots:
            assert spot in game.labels, f"{name}: spot {spot} has no word on the screen"
    else:
        assert game.par_provider is None  # a poker room's house takes the rake, not an edge


@pytest.mark.parametrize("ts", LANGUAGES, ids=lambda p: p.stem)
def test_every_game_word_is_translated_in_every_language(ts: Path) -> None:
    contexts = {c.findtext("name"): {m.findtext("source"): m.find("translation") for m in c.iter("message")}
                for c in ET.parse(ts).getroot().iter("context")}
    for game in GAMES.values():
        words = contexts.get(game.name, {})
        for english in game.labels.values():
            found = words.get(english)
            assert found is not None and (found.text or "").strip() and found.get("type") != "unfinished", \
                f"{ts.name}: {game.name} word {english!r} is not translated"


def install_three_card(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A real distribution on sys.path (dist-info with entry_points.txt), as pip would install one,
    naming a fourth banking game; the registry is read afresh (undo with ``forget_three_card``)."""
    package = tmp_path / "three_card"
    package.mkdir()
    (package / "__init__.py").write_text(textwrap.dedent("""
        from dealer_station.games.uth import UltimateTexasHoldem

        class ThreeCard(UltimateTexasHoldem):
            name = "three_card"
    """))
    info = tmp_path / "three_card-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: three-card\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[dealer_station.games]\nthree_card = three_card:ThreeCard\n"
                                           "uth = three_card:ThreeCard\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(game_registry, "_games", None)  # read the registry afresh with the new distribution


def forget_three_card() -> None:
    game_registry._games = None
    sys.modules.pop("three_card", None)


def test_a_game_from_another_package_joins_through_the_entry_point_group(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    install_three_card(tmp_path, monkeypatch)
    try:
        games = game_registry.registered()
        assert type(games["three_card"]).__name__ == "ThreeCard"
        assert type(games["uth"]).__name__ == "UltimateTexasHoldem"  # a plug-in never replaces a built-in game
    finally:
        forget_three_card()
