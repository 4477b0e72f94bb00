"""High-contrast look for a touchscreen read at arm's length (1280x800 up to 1920x1080).

One stylesheet, scaled by a single factor from the window height, so every widget grows
together instead of each module choosing its own sizes. Widgets opt into roles with the
``role`` dynamic property (``banner``, ``fault``, ``chip``, ``big``, ``locked`` ...).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QColor, QFont, QFontDatabase
from PySide6.QtWidgets import QApplication, QWidget

BASE_HEIGHT = 800
MIN_TOUCH = 48  # px: the smallest target a finger hits reliably

FELT = "#0b3d23"
PANEL = "#102418"
INK = "#ffffff"
MUTED = "#c8d6cc"
GOLD = "#ffd23f"
RED = "#d7141a"
GREEN = "#1fa34a"
LOCK = "#5a5a5a"
CARD_RED = QColor("#c8102e")
CARD_BLACK = QColor("#111111")

_FONT_DIRS = (Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts"))


def ensure_fonts() -> str:
    """Offscreen Qt may start with no font at all (text as boxes): load DejaVu if needed."""
    if not QFontDatabase.families():
        for folder in _FONT_DIRS:
            for path in sorted(folder.rglob("*.ttf")) if folder.exists() else []:
                QFontDatabase.addApplicationFont(str(path))
            if QFontDatabase.families():
                break
    families = QFontDatabase.families()
    return "DejaVu Sans" if "DejaVu Sans" in families else (families[0] if families else "")


def scale_for(height: int) -> float:
    """1.0 at 800 px high, 1.35 at 1080: fonts and targets follow the screen."""
    return max(1.0, height / BASE_HEIGHT)


def stylesheet(scale: float = 1.0) -> str:
    def px(value: float) -> int:
        return round(value * scale)

    return f"""
    QWidget {{ background: {FELT}; color: {INK}; font-size: {px(17)}px; }}
    QLabel {{ background: transparent; }}
    QLabel[role="title"] {{ font-size: {px(18)}px; font-weight: bold; color: {GOLD}; }}
    QLabel[role="muted"] {{ color: {MUTED}; font-size: {px(15)}px; }}
    QLabel[role="refusal"] {{ color: #ffffff; background: {RED}; font-weight: bold; padding: 4px 10px;
                              border-radius: 4px; }}
    QLabel[role="banner"] {{ background: #ffffff; color: #000000; font-size: {px(26)}px; font-weight: bold;
                             padding: {px(8)}px {px(14)}px; border-radius: 6px; }}
    QLabel[role="fault"] {{ background: {RED}; color: #ffffff; font-size: {px(26)}px; font-weight: bold;
                            padding: {px(8)}px {px(14)}px; border-radius: 6px; }}
    QLabel[role="void"] {{ background: #ff8c00; color: #000000; font-size: {px(26)}px; font-weight: bold;
                           padding: {px(8)}px {px(14)}px; border-radius: 6px; }}
    QFrame[role="seat"] {{ background: {PANEL}; border: 2px solid #2f6b47; border-radius: 8px; }}
    QFrame[role="seat"][active="true"] {{ border: 3px solid {GOLD}; }}
    QFrame[role="panel"] {{ background: {PANEL}; border: 1px solid #2f6b47; border-radius: 8px; }}
    QPushButton {{ min-height: {px(MIN_TOUCH)}px; min-width: {px(MIN_TOUCH)}px; background: #f2f2f2;
                   color: #000000; border: 2px solid #000000; border-radius: 8px; font-weight: bold;
                   font-size: {px(17)}px; padding: 0 {px(8)}px; }}
    QPushButton:pressed {{ background: {GOLD}; }}
    QPushButton:disabled {{ background: {LOCK}; color: #d0d0d0; border: 2px dashed #9a9a9a; }}
    QPushButton[role="chip"] {{ background: {GOLD}; border-radius: {px(24)}px; padding: 0;
                                min-width: {px(MIN_TOUCH)}px; max-width: {px(MIN_TOUCH)}px;
                                min-height: {px(MIN_TOUCH)}px; max-height: {px(MIN_TOUCH)}px; }}
    QPushButton[role="chip"]:disabled {{ background: {LOCK}; color: #d0d0d0; }}
    QPushButton[role="big"] {{ background: {RED}; color: #ffffff; font-size: {px(24)}px;
                               min-height: {px(64)}px; border: 3px solid #ffffff; }}
    QPushButton[role="big"]:disabled {{ background: {LOCK}; color: #d0d0d0; border: 3px dashed #9a9a9a; }}
    QPushButton[role="go"] {{ background: {GREEN}; color: #ffffff; border: 2px solid #ffffff; }}
    QPushButton[role="action"] {{ background: #ffffff; font-size: {px(19)}px; }}
    QFrame[role="locked"] {{ border: 3px dashed #9a9a9a; border-radius: 8px; }}
    QTableWidget {{ background: #ffffff; color: #000000; font-size: {px(15)}px; gridline-color: #888888; }}
    QHeaderView::section {{ background: {PANEL}; color: {INK}; font-weight: bold; }}
    QLineEdit {{ background: #ffffff; color: #000000; min-height: {px(MIN_TOUCH)}px; font-size: {px(20)}px; }}
    """


def apply(app: QApplication, height: int = BASE_HEIGHT) -> None:
    family = ensure_fonts()
    if family:
        app.setFont(QFont(family))
    app.setStyleSheet(stylesheet(scale_for(height)))


def set_role(widget: QWidget, role: str) -> None:
    """Change a widget's stylesheet role and make Qt re-read it."""
    if widget.property("role") == role:
        return
    widget.setProperty("role", role)
    widget.style().unpolish(widget)
    widget.style().polish(widget)


def set_flag(widget: QWidget, name: str, value: bool) -> None:
    text = "true" if value else "false"
    if widget.property(name) == text:
        return
    widget.setProperty(name, text)
    widget.style().unpolish(widget)
    widget.style().polish(widget)
