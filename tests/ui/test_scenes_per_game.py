"""Every registered game has scenes for the panel-size, legibility and screenshot runs, a new one
without an edit to ui/scenes.py: its family's round on its default profile."""

from __future__ import annotations

from pathlib import Path

import pytest

from dealer_station.game_registry import registered
from dealer_station.profile_loader import load_profile
from tests.test_game_registration import forget_three_card, install_three_card
from ui import scenes


def test_every_registered_game_has_a_scene_on_one_of_its_profiles() -> None:
    played = {load_profile(profile).game for profile, _, _ in scenes.SCENES.values()}
    assert set(registered()) <= played


def test_a_game_from_another_package_gets_its_familys_round(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install_three_card(tmp_path, monkeypatch)
    try:
        added = scenes._family_scenes()
    finally:
        forget_three_card()
    assert added == {"three_card": ("three_card-default", scenes.banking_round, {})}
