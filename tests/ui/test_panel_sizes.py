"""Every phase of every game fits every panel: 800x480 up to 1920x1080, nothing outside the
window, no text clipped, no target under 64 px (issue 12). French and Chinese are checked
at the smallest panel too, every scene, with no English word left on their screens. The scenes (``ui/scenes.py``) cover the banking games and the
poker table: seating, blinds, every street, bet entry on the keypad, side pots, a split
pot, a capped fixed-limit round, a halt, a void and the supervisor's corrections.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ui.scenes import SCENES, make_rig

from .layout_check import window_problems
from .words import untranslated

PANELS = [(800, 480), (1024, 768), (1280, 800), (1366, 768), (1920, 1080)]


@pytest.mark.parametrize("scene", list(SCENES))
def test_every_phase_fits_every_panel(qapp, tmp_path: Path, scene: str) -> None:
    profile, play, options = SCENES[scene]
    rig = make_rig(profile, tmp_path, **options)
    found: list[str] = []
    seen = []
    try:
        for n, phase in enumerate(play(rig)):
            seen.append(phase)
            # Up the panels, then down: the last panel of a phase is the first of the next, one
            # restyle of the whole window (~50 ms) saved a phase.
            for size in PANELS if n % 2 == 0 else PANELS[::-1]:
                rig.window.fit_panel(*size)
                rig.render()
                found += [f"{scene}/{phase} {size[0]}x{size[1]}: {p}" for p in window_problems(rig.window, size)]
    finally:
        rig.close()
    assert seen, "the scene showed nothing"
    assert not found, "\n".join(found[:40])


@pytest.mark.parametrize("language", ["fr", "zh_CN", "zh_TW"])
@pytest.mark.parametrize("scene", list(SCENES))
def test_every_scene_fits_the_smallest_panel_in_every_language_and_says_no_english(qapp, tmp_path: Path, scene: str,
                                                                                  language: str) -> None:
    """Every phase of every scene at 800x480 in French and Chinese (issue 39 items 6 and 7): nothing clipped
    or cut, and no English word left - every halt, refusal, fault and void included (``uth-faults``,
    ``uth-reading-shoe``, ``uth-halts``, ``uth-reader``, ``holdem-supervisor``)."""
    profile, play, options = SCENES[scene]
    rig = make_rig(profile, tmp_path, language=language, **options)
    found: list[str] = []
    try:
        for phase in play(rig):
            rig.render()
            found += [f"{scene}/{phase} {language}: {p}" for p in window_problems(rig.window, (800, 480))]
            found += [f"{scene}/{phase} {language}: English {p}" for p in untranslated(rig.window, language)]
    finally:
        rig.close()
    assert not found, "\n".join(dict.fromkeys(found[:60]))
