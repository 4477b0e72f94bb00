"""At 800x480 every text the croupier acts on is at least 16 px, every text at least 4.5:1, and
the poker felt paints no text over another - in every phase of every scene (issue 19 item 6)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ui.scenes import SCENES, make_rig

from .legibility import window_legibility


@pytest.mark.parametrize("scene", list(SCENES))
def test_every_phase_is_legible_at_arms_length_on_the_smallest_panel(qapp, tmp_path: Path, scene: str) -> None:
    profile, play, options = SCENES[scene]
    rig = make_rig(profile, tmp_path, **options)
    found: list[str] = []
    try:
        for phase in play(rig):
            rig.render()
            found += [f"{scene}/{phase}: {p}" for p in window_legibility(rig.window)]
    finally:
        rig.close()
    assert not found, f"{len(found)} problems:\n" + "\n".join(found[:60])
