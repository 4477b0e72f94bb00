"""The poker screen's look: one stylesheet scaled from the room it has (an 800 px window = 1.0)."""

from __future__ import annotations


def scale_for(height: int, room: int | None = None) -> float:
    """1.0 for an 800 px high window, between 0.45 and 1.35; ``room``: the height the action
    column really has (inside a shell), which may ask for less."""
    scale = height / 800
    if room is not None:
        scale = min(scale, room / 560)
    return max(0.45, min(scale, 1.35))


def stylesheet(scale: float) -> str:
    """One look for the poker screen's widgets at ``scale``."""

    def px(value: float, least: int = 0) -> int:
        return max(least, round(value * scale))

    return f"""
    QWidget#pokerRoot {{ background: #0b3d23; }}
    QWidget {{ color: #ffffff; font-size: {px(17, 12)}px; }}
    QLabel {{ background: transparent; }}
    QLabel#banner {{ background: #ffffff; color: #000000; font-size: {px(24, 14)}px; font-weight: bold;
                     padding: {px(6, 3)}px {px(12, 6)}px; border-radius: 6px; }}
    QLabel#banner[alarm="true"] {{ background: #d7141a; color: #ffffff; }}
    QLabel#title, QLabel#heading {{ color: #ffd23f; font-weight: bold; }}
    QLabel#amount {{ background: #ffffff; color: #000000; font-size: {px(22, 14)}px; padding: 0 {px(8, 4)}px;
                     min-height: {px(40, 26)}px; border-radius: 4px; }}
    QLabel#message {{ background: #d7141a; color: #ffffff; font-weight: bold; padding: 2px 8px; }}
    QLabel#noRaise {{ color: #c8d6cc; font-size: {px(14, 11)}px; }}
    QPushButton {{ min-height: {px(46, 24)}px; min-width: {px(46, 24)}px; background: #f2f2f2; color: #000000;
                   border: 2px solid #000000; border-radius: 8px; font-weight: bold; font-size: {px(17, 12)}px;
                   padding: 0 {px(6, 3)}px; }}
    QPushButton:pressed {{ background: #ffd23f; }}
    QPushButton[role="go"] {{ background: #1fa34a; color: #ffffff; border: 2px solid #ffffff; }}
    QPushButton[role="danger"] {{ background: #d7141a; color: #ffffff; border: 2px solid #ffffff; }}
    QPushButton[role="size"] {{ background: #ffd23f; font-size: {px(14, 11)}px; padding: 0 2px; }}
    QCheckBox {{ font-size: {px(15, 11)}px; }}
    """
