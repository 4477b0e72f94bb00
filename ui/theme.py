"""High-contrast look for a touchscreen read at arm's length, scaled to the panel.

The screen is designed for the smallest dealer display (800x480) and scaled by one factor,
``scale_for(width, height)``, so type, cards and touch targets grow together with the
panel and the whole screen always fits it (the same proportions, never wider or taller).
Touch targets never go below ``MIN_TOUCH`` px. Widgets opt into roles with the ``role``
dynamic property (``banner``, ``fault``, ``void``, ``chip``, ``big`` ...). A dashed border means one
thing: out of play now (a disabled button, the locked bet tray); nothing else is drawn dashed.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtGui import QColor, QFont, QFontDatabase
from PySide6.QtWidgets import QApplication, QWidget

DESIGN = (800, 480)
"""The panel the layout is designed for; larger panels scale it up."""
MIN_TOUCH = 64  # px: about 10 mm on a 10-inch panel (issue 12)

FELT = "#0b3d23"
PANEL = "#102418"
INK = "#ffffff"
MUTED = "#c8d6cc"
GOLD = "#ffd23f"
RED = "#d7141a"
AMBER = "#ff9f1c"
GREEN = "#157a3a"
"""Buttons that go on: white on it is 5.4:1 (WCAG AA 4.5:1; the brighter green was 3.3:1)."""
GREY = "#a8b8ae"
LOCK = "#4a4a4a"
LIGHT_GREEN = "#5fe08a"
"""A linked device's dot on the felt (the buttons' green is too dark for text on the felt)."""
PAY = "#5ec8ff"
COLLECT = "#ff9f1c"
PUSH = "#ffffff"
DONE = "#b8c4bc"
"""Settlement: pay (+, blue), collect (−, orange), push (=, white) and done (✓, grey) differ by
sign and symbol as well as colour; blue and orange stay apart under red-green colour blindness."""
SIGNS = {"pay": "+", "collect": "−", "push": "=", "done": "✓"}
"""The symbol before each settlement word (− is the minus sign, never a hyphen)."""
CARD_RED = QColor("#c8102e")
CARD_BLACK = QColor("#111111")
SPOT_COLOURS = ("#ffd23f", "#5ec8ff", "#ff8fd0", "#9cff7a", "#ffb35c", "#c9a6ff")
"""One colour per spot row of the bet panel, in the game's spot order (told apart at a glance)."""

_FONT_DIRS = (Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts"))
CJK_FAMILIES = {"zh_CN": "Noto Sans CJK SC", "zh_TW": "Noto Sans CJK TC"}
"""Debian's fonts-noto-cjk (installed by ``make fonts``): the glyphs of the Chinese screens."""


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


def has_cjk_font() -> bool:
    return any(family in QFontDatabase.families() for family in CJK_FAMILIES.values())


def app_font(language: str) -> QFont:
    """The screen's font: DejaVu Sans, then the CJK family of ``language`` for Chinese glyphs."""
    base = ensure_fonts()
    families = [f for f in (CJK_FAMILIES.get(language), base, *CJK_FAMILIES.values()) if f]
    font = QFont(families[0])
    font.setFamilies(list(dict.fromkeys(families)))
    return font


BIG = (1600, 900)
"""From this panel size on the screen shows more, not just bigger: a side column (``ui/side_panel.py``)."""
SIDE_SHARE = 0.26
"""The side column's share of a big panel's width; the table scales to the rest."""


def big_panel(width: int, height: int) -> bool:
    return width >= BIG[0] and height >= BIG[1]


def scale_for(width: int, height: int) -> float:
    """1.0 on an 800x480 panel; the largest factor at which the design fits ``width`` x ``height`` (on a big
    panel, the width left beside the side column)."""
    if big_panel(width, height):
        width = round(width * (1 - SIDE_SHARE))
    return max(0.5, min(width / DESIGN[0], height / DESIGN[1]))


@dataclass(frozen=True)
class Metrics:
    """Pixel sizes at one scale: every widget takes its sizes from here."""

    scale: float

    def px(self, value: float) -> int:
        return round(value * self.scale)

    @property
    def target(self) -> int:
        """Height (and least width) of anything a finger presses."""
        return max(MIN_TOUCH, self.px(MIN_TOUCH))

    @property
    def gap(self) -> int:
        """Space between two targets a finger must tell apart."""
        return max(8, self.px(8))

    @property
    def margin(self) -> int:
        return max(4, self.px(4))

    def font(self, base: float) -> int:
        """A font size in px (``base`` at 800x480), never below 11 px."""
        return max(11, self.px(base))

    @property
    def card_width(self) -> int:
        return self.px(30)


def stylesheet(m: Metrics) -> str:
    f = m.font
    t = m.target
    return f"""
    QWidget {{ background: {FELT}; color: {INK}; }}
    QLabel {{ background: transparent; }}
    QLabel[role="title"] {{ color: {GOLD}; }}
    QLabel[role="muted"] {{ color: {MUTED}; }}
    QLabel[role="strip"] {{ color: {INK}; }}
    QLabel[role="sign"] {{ color: #000000; background: {GOLD};
                           border-radius: 4px; padding: 0 {m.px(4)}px; }}
    QLabel[role="dot-ok"] {{ color: {LIGHT_GREEN}; }}
    QLabel[role="dot-idle"] {{ color: {GREY}; }}
    QLabel[role="dot-bad"] {{ color: #ff7b7f; }}
    QLabel[role="refusal"] {{ color: #ffffff; background: {RED};
                              padding: 0 {m.px(6)}px; border-radius: 4px; }}
    QLabel[role="quiet"] {{ background: transparent; }}
    QLabel[role="notice"] {{ color: #000000; background: {GOLD};
                             padding: 0 {m.px(6)}px; border-radius: 4px; }}
    QLabel[role="banner"] {{ background: #ffffff; color: #000000;
                             padding: 0 {m.px(8)}px; border-radius: 6px; }}
    QLabel[role="fault"] {{ background: {RED}; color: #ffffff;
                            padding: 0 {m.px(8)}px; border-radius: 6px; border: 3px solid #ffffff; }}
    QLabel[role="void"] {{ background: {AMBER}; color: #000000;
                           padding: 0 {m.px(8)}px; border-radius: 6px; border: 3px solid #000000; }}
    QLabel[role="meter"] {{ color: {GOLD}; }}
    QLabel[role="meter-title"] {{ color: {GOLD}; }}
    QLabel[role="stake"] {{ }}
    QLabel[role="keyed"] {{ color: #000000; background: {GOLD}; border-radius: 3px; }}
    QLabel[role="alert"] {{ color: #ffffff; background: {RED}; border-radius: 4px; padding: 0 {m.px(4)}px; }}
    QLabel[role="result"] {{ color: {GOLD}; }}
    QLabel[role="done"] {{ color: {DONE}; }}
    QLabel[role="pay"] {{ color: {PAY}; }}
    QLabel[role="collect"] {{ color: {COLLECT}; }}
    QLabel[role="push"] {{ color: {PUSH}; }}
    QLabel[role="jackpot"] {{ color: #000000; background: {GOLD}; border-radius: 4px; padding: 0 {m.px(4)}px; }}
    QLabel[role="halt-title"] {{ color: #ffffff; }}
    QLabel[role="halt-text"] {{ color: #ffffff; }}
    QFrame[role="seat"] {{ background: {PANEL}; border: 2px solid #2f6b47; border-radius: 8px; }}
    QFrame[role="seat"][active="true"] {{ border: 4px solid {GOLD}; }}
    QFrame[role="seat"][done="true"] {{ background: #0d2216; border: 2px solid #3c5a48; }}
    QFrame[role="panel"] {{ background: {PANEL}; border: 1px solid #2f6b47; border-radius: 8px; }}
    QFrame[role="locked"] {{ background: #1b1b1b; border: 3px dashed #9a9a9a; border-radius: 8px; }}
    QFrame[role="halt"] {{ background: #5c0b0e; border: 3px solid {RED}; border-radius: 8px; }}
    QFrame[role="meterbox"] {{ background: #000000; border: 2px solid {GOLD}; border-radius: 8px; }}
    QFrame[role="overlay"] {{ background: #071a10; border: 3px solid {GOLD}; border-radius: 10px; }}
    QPushButton {{ min-height: {t}px; max-height: {t}px; min-width: {t}px; background: #f2f2f2;
                   color: #000000; border: 2px solid #000000; border-radius: 8px;
                   padding: 0 {m.px(6)}px; }}
    QPushButton:pressed {{ background: {GOLD}; }}
    QPushButton:disabled {{ background: {LOCK}; color: #e6e6e6; border: 2px dashed #9a9a9a; }}
    QPushButton[role="chip"] {{ border-radius: {t // 2}px; padding: 0; border: 3px solid #000000;
                                min-width: {t}px; max-width: {t}px; }}
    QPushButton[role="chip"]:disabled {{ background: {LOCK}; color: #e6e6e6; border: 2px dashed #9a9a9a; }}
    QPushButton[role="chip"][ack="true"] {{ border: 3px solid #ffffff; }}
    QPushButton[role="toggle"] {{ border: 3px solid #000000; }}
    QPushButton[role="toggle"][on="true"] {{ border: 4px solid #ffffff; }}
    QPushButton[role="big"] {{ background: {RED}; color: #ffffff; border: 3px solid #ffffff; }}
    QPushButton[role="big"]:disabled {{ background: {LOCK}; color: #e6e6e6; border: 3px dashed #9a9a9a; }}
    QPushButton[role="go"] {{ background: {GREEN}; color: #ffffff; border: 2px solid #ffffff; }}
    QPushButton[role="go"]:disabled {{ background: {LOCK}; color: #e6e6e6; border: 2px dashed #9a9a9a; }}
    QPushButton[role="final"] {{ background: #000000; color: #ffffff; border: 5px double #ffffff; }}
    QPushButton[role="final"][armed="true"] {{ background: {GOLD}; color: #000000; border: 4px solid #000000; }}
    QPushButton[role="final"]:disabled {{ background: {LOCK}; color: #e6e6e6; border: 2px dashed #9a9a9a; }}
    QPushButton[role="undo"] {{ background: #ffffff; color: #000000; border: 3px solid {PAY}; }}
    QPushButton[role="training"] {{ background: #5b3b8c; color: #ffffff; border: 3px solid {GOLD}; }}
    QPushButton[role="action"] {{ background: #ffffff; }}
    QPushButton[role="supervisor"] {{ background: #2b2b6b; color: #ffffff; border: 2px solid #b8b8ff; }}
    QPushButton[role="supervisor"]:disabled {{ background: {LOCK}; color: #e6e6e6; border: 2px dashed #9a9a9a; }}
    QPushButton[role="danger"] {{ background: #7a0a0d; color: #ffffff; border: 3px solid #ffffff; }}
    QPushButton[role="key"] {{ }}
    QPushButton[role="size"] {{ padding: 0 2px; border: 3px solid #000000; min-width: {t - 10}px; }}
    QPushButton[role="size"][on="true"] {{ background: {GOLD}; }}
    QPushButton[role="key"][on="true"] {{ background: {GOLD}; border: 4px solid #000000; }}
    QPushButton[role="card-red"] {{ color: #c8102e; }}
    QPushButton[role="card-red"][on="true"] {{ background: {GOLD}; border: 4px solid #000000; }}
    QPushButton[role="card-black"] {{ color: #111111; }}
    QPushButton[role="card-black"][on="true"] {{ background: {GOLD}; border: 4px solid #000000; }}
    QPushButton[role="list"] {{ text-align: left; background: #ffffff; }}
    QPushButton[role="list"][on="true"] {{ background: {GOLD}; }}
    QPushButton[role="list"]:disabled {{ background: {LOCK}; color: #e6e6e6; border: 2px dashed #9a9a9a; }}
    QPushButton:disabled {{ border: 2px dashed #9a9a9a; }}
    QLineEdit {{ background: #ffffff; color: #000000; min-height: {t}px; max-height: {t}px; font-size: {f(18)}px;
                 border: 3px solid #888888; border-radius: 6px; }}
    QLineEdit:focus {{ border: 4px solid {GOLD}; }}
    QLineEdit[role="count"] {{ font-size: {f(26)}px; font-weight: bold; }}
    QTextBrowser {{ background: {PANEL}; color: {INK}; font-size: {f(16)}px; border: 1px solid #2f6b47; }}
    QListWidget {{ background: {PANEL}; color: {INK}; font-size: {f(16)}px; border: 1px solid #2f6b47; }}
    QListWidget::item {{ min-height: {t}px; border-bottom: 1px solid #2f6b47; }}
    QListWidget::item:selected {{ background: {GOLD}; color: #000000; }}
    QScrollBar:vertical {{ width: {m.px(18)}px; }}
    """


def apply(app: QApplication, language: str = "en") -> None:
    """The application font (with the language's CJK family) and the 800x480 look."""
    app.setFont(app_font(language))
    app.setStyleSheet(stylesheet(Metrics(1.0)))


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
