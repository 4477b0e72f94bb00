"""Text that always fits its place, and buttons a finger cannot press twice by accident.

``FitLabel`` and ``FitButton`` shrink their type (never below 11 px) until the whole text
fits the rectangle the layout gave them, so a longer translation or a bigger amount never
pushes the window past the panel or clips a word. A one-shot ``FitButton`` (Paid, No more
bets, Fold) counts a second press within ``DOUBLE_TAP_MS`` as the same press; a button a
croupier taps again and again on purpose (a chip: three taps is three chips) filters only a
contact's bounce (``BOUNCE_MS``) and flashes at every press it counts (``acknowledge``).
"""

from __future__ import annotations

import time

from PySide6.QtCore import QRect, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QFont, QFontMetrics, QHideEvent, QResizeEvent
from PySide6.QtWidgets import QApplication, QLabel, QPushButton, QSizePolicy, QWidget

from . import theme
from .i18n import translate

ACTED_PX = 16
"""The least size of a text the croupier acts on (every button, labels made with ``acted``):
about 3 mm of capital on a 7-10 inch panel at 800x480, read at arm's length (issue 19)."""
READ_PX = 14
"""The least size of any other text, unless it is ``minor``: read at a glance, nothing acted on (the status
strip, a card row's title, a tile's stakes for reference) may go down to ``MIN_PX`` (issue 39 item 12)."""
DOUBLE_TAP_MS = 300
"""A one-shot command's double-tap guard: a second press within it is the same press."""
BOUNCE_MS = 40
"""A repeatable button's bounce filter (a chip): a finger cannot tap twice within it on purpose."""
ACK_MS = 160
"""How long a counted press of a repeatable button shows its acknowledgement."""
ARM_MS = 3000
"""How long an irreversible button waits for its second tap (``GuardedButton``)."""
MIN_PX = 11
WRAP = Qt.TextFlag.TextWordWrap


def _metrics() -> theme.Metrics:
    return CURRENT[0]


CURRENT: list[theme.Metrics] = [theme.Metrics(1.0)]
"""The screen's metrics now (set by the main window when the panel size is known)."""


def set_metrics(metrics: theme.Metrics, root: QWidget | None = None) -> None:
    """Change the scale and re-fit every text under ``root``."""
    CURRENT[0] = metrics
    if root is not None:
        for widget in root.findChildren(QWidget):
            if isinstance(widget, (FitLabel, FitButton)):
                widget.refit()


def fitted_font(base: QFont, text: str, rect: QRect, start_px: int, bold: bool, wrap: bool,
                least: int = MIN_PX) -> QFont:
    """The largest font from ``start_px`` down to ``least`` in which ``text`` fits ``rect``."""
    font = QFont(base)
    font.setBold(bold)
    px = max(least, start_px)
    while True:
        font.setPixelSize(px)
        if px <= least or fits(QFontMetrics(font), text, rect, wrap):
            return font
        px -= 1


def fits(fm: QFontMetrics, text: str, rect: QRect, wrap: bool) -> bool:
    """Whether ``text`` in font ``fm`` fits ``rect`` whole (the check the layout test uses too)."""
    if not text:
        return True
    if wrap:
        needed = fm.boundingRect(QRect(0, 0, max(1, rect.width()), 100_000), int(WRAP), text)
        return needed.width() <= rect.width() and needed.height() <= rect.height()
    lines = text.split("\n")
    width = max(fm.horizontalAdvance(line) for line in lines) + 1  # a pixel for antialiasing
    return width <= rect.width() and fm.lineSpacing() * (len(lines) - 1) + fm.height() <= rect.height()


def two_lines(text: str, fm: QFontMetrics) -> str:
    """``text`` broken at the space that makes its two lines most even."""
    words = text.split(" ")
    if len(words) < 2 or len(words) == 2 and min(len(w) for w in words) <= 1:  # Chinese has no spaces: after the punctuation nearest the middle, else the middle
        if len(text) < 4:
            return text
        middle = len(text) // 2
        marks = [i + 1 for i, c in enumerate(text[:-1]) if c in "\uff1a\uff0c\u3001\uff1b:,"]
        cut = min(marks, key=lambda i: abs(i - middle)) if marks else middle
        return f"{text[:cut]}\n{text[cut:]}"
    splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    first, second = min(splits, key=lambda s: max(fm.horizontalAdvance(s[0]), fm.horizontalAdvance(s[1])))
    return f"{first}\n{second}"


class FitLabel(QLabel):
    """A label whose type shrinks to fit: ``base`` px at 800x480, scaled with the panel.

    ``lines``: how many lines it may wrap to (1: never wraps).
    """

    def __init__(self, text: str = "", base: float = 14, *, bold: bool = False, lines: int = 1,
                 role: str = "", parent: QWidget | None = None, acted: bool = False, minor: bool = False) -> None:
        super().__init__(text, parent)
        self.acted = acted
        """What the croupier acts on (a seat's result, an amount to pay): never under ``ACTED_PX``."""
        self.setProperty("acted", acted)
        self.minor = minor and not acted
        """Read at a glance, nothing acted on: may go under ``READ_PX`` (down to ``MIN_PX``)."""
        self.setProperty("minor", self.minor)
        self.least = ACTED_PX if acted else MIN_PX if self.minor else READ_PX
        """The least pixel size its text shrinks to."""
        self.base = max(base, self.least)
        self.bold = bold
        self.lines = lines
        self.setWordWrap(lines > 1)
        self.setIndent(0)  # a framed QLabel indents its text by half an "x" unless told not to
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        if role:
            theme.set_role(self, role)
        self._fitted: tuple[object, ...] | None = None
        self._wrapped: tuple[object, ...] | None = None
        self.refit()

    def start_px(self) -> int:
        return _metrics().font(self.base)

    def wrap_if_long(self, most: int = 2) -> None:
        """One line when the text fits one at its size, else up to ``most`` (no room kept for nothing). Measured
        again only when the text, the room or the size changed (a render sets every label: most are as they were)."""
        key = (self.text(), self.contentsRect().width(), self.start_px(), self.bold, most, QApplication.font().key())
        if key == self._wrapped:
            return
        self._wrapped = key
        font = QFont(QApplication.font())
        font.setPixelSize(self.start_px())
        font.setBold(self.bold)
        width = self.contentsRect().width()
        long = "\n" in self.text() or width > 0 and QFontMetrics(font).horizontalAdvance(self.text()) > width - 2
        self.set_lines(most if long else 1)

    def set_lines(self, lines: int) -> None:
        """How many lines the text may wrap to from now on."""
        if lines != self.lines:
            self.lines = lines
            self.setWordWrap(lines > 1)
            self._fitted = None
            self.updateGeometry()

    def hasHeightForWidth(self) -> bool:
        return False

    def _line_height(self, px: int) -> int:
        font = QFont(self.font())
        font.setPixelSize(px)
        font.setBold(self.bold)
        return QFontMetrics(font).lineSpacing()

    def _block_height(self, px: int) -> int:
        """The height of ``lines`` lines at ``px``: from three lines on, as Qt lays wrapped lines out (a pixel
        more a line than the font's line spacing says), so a third line is never cut."""
        if self.lines < 3:
            return self._line_height(px) * self.lines
        font = QFont(self.font())
        font.setPixelSize(px)
        font.setBold(self.bold)
        return QFontMetrics(font).boundingRect(QRect(0, 0, 100_000, 100_000), int(WRAP),
                                               "\n".join(["Xg"] * self.lines)).height() + self.lines

    def _frame(self) -> int:
        margins = self.contentsMargins()
        return margins.top() + margins.bottom()

    def sizeHint(self) -> QSize:
        font = QFont(self.font())
        font.setPixelSize(self.start_px())
        font.setBold(self.bold)
        fm = QFontMetrics(font)
        width = max((fm.horizontalAdvance(line) for line in self.text().split("\n")), default=0)
        margins = self.contentsMargins()
        return QSize(width + margins.left() + margins.right() + 2,
                     self._block_height(self.start_px()) + self._frame() + 2)

    def minimumSizeHint(self) -> QSize:
        return QSize(0, self._block_height(self.start_px()) + self._frame() + 2)

    def setText(self, text: str) -> None:
        if text == self.text():
            return
        super().setText(text)
        self.refit()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.refit()

    def refit(self) -> None:
        rect = self.contentsRect()
        base = QApplication.font()  # the language's families (set when the language changes)
        key = (self.text(), rect.width(), rect.height(), _metrics().scale, tuple(base.families()))
        if key == self._fitted:
            return
        self._fitted = key
        self.setFont(fitted_font(base, self.text(), rect, self.start_px(), self.bold, self.lines > 1, self.least))
        self.updateGeometry()


class FitButton(QPushButton):
    """A push button whose text shrinks to fit, and which ignores a double tap.

    Connect to ``tapped`` (not ``clicked``): it fires once per press, never twice within
    ``guard_ms`` on the same button: ``DOUBLE_TAP_MS`` for a one-shot command, ``BOUNCE_MS`` for a
    button pressed again and again on purpose (``repeat=True``: a chip), which also flashes at every
    press it counts. Keys of a keypad pass ``debounce=False``.
    """

    tapped = Signal()

    def __init__(self, text: str = "", base: float = 14, *, role: str = "", name: str = "",
                 parent: QWidget | None = None, lines: int = 1, debounce: bool = True,
                 pad: int | None = None, repeat: bool = False) -> None:
        super().__init__(text, parent)
        self.repeat = repeat
        """Pressed again and again on purpose (a chip): only a bounce is filtered, every press flashes."""
        self.guard_ms = BOUNCE_MS if repeat else DOUBLE_TAP_MS
        """Presses of this button closer together than this are one press."""
        self.acknowledged = 0
        """Presses counted (and flashed) so far (tests read it)."""
        self._ack_timer: QTimer | None = None
        self.pad = pad
        """Room kept each side of the text, px at 800x480 (a round chip's words may come nearer its rim)."""
        self.base = max(base, ACTED_PX)  # a button is always acted on
        self.lines = lines
        self.debounce = debounce
        """False for keys (a PIN may repeat a digit): every press counts."""
        if name:
            self.setObjectName(name)
        if role:
            theme.set_role(self, role)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self._last_tap = -1.0
        self._fitted: tuple[object, ...] | None = None
        self.full_text = text
        """The button's words (``text()`` may show them broken over two lines)."""
        self.clicked.connect(self._clicked)
        self.refit()

    def _clicked(self) -> None:
        now = time.monotonic()
        if self.debounce and now - self._last_tap < self.guard_ms / 1000:
            return  # the same finger again (or the contact bouncing): one press
        self._last_tap = now
        if self.repeat:
            self.acknowledge()
        self.tapped.emit()

    def acknowledge(self) -> None:
        """Show that this press counted: the button flashes (``ack``) for ``ACK_MS``."""
        self.acknowledged += 1
        theme.set_flag(self, "ack", True)
        if self._ack_timer is None:
            self._ack_timer = QTimer(self)
            self._ack_timer.setSingleShot(True)
            self._ack_timer.timeout.connect(lambda: theme.set_flag(self, "ack", False))
        self._ack_timer.start(ACK_MS)

    def text_rect(self) -> QRect:
        """Where the text may go: inside the border and padding."""
        pad = _metrics().px(6 if self.pad is None else self.pad) + 3
        return self.rect().adjusted(pad, 3, -pad, -3)

    def sizeHint(self) -> QSize:
        font = QFont(self.font())
        font.setPixelSize(_metrics().font(self.base))
        fm = QFontMetrics(font)
        width = max((fm.horizontalAdvance(line) for line in self.full_text.split("\n")), default=0)
        pad = _metrics().px(6) + 3
        return QSize(max(_metrics().target, width + 2 * pad + 4), _metrics().target)

    def minimumSizeHint(self) -> QSize:
        return QSize(_metrics().target, _metrics().target)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.refit()

    def setText(self, text: str) -> None:
        if text == self.full_text:
            return
        self.full_text = text
        super().setText(text)
        self._fitted = None
        self.refit()
        self.updateGeometry()

    def refit(self) -> None:
        """The largest font in which the text fits, on one line or (``lines`` 2) broken at a space."""
        rect = self.text_rect()
        base = QApplication.font()
        key = (self.full_text, rect.width(), rect.height(), _metrics().scale, tuple(base.families()))
        if key == self._fitted:
            return
        self._fitted = key
        start = _metrics().font(self.base)
        least = ACTED_PX
        font = fitted_font(base, self.full_text, rect, start, True, False, least)
        shown = self.full_text
        if self.lines > 1 and "\n" not in shown and not fits(QFontMetrics(font), shown, rect, False):
            shown = two_lines(shown, QFontMetrics(font))
            font = fitted_font(base, shown, rect, start, True, False, least)
        if shown != self.text():
            super().setText(shown)
        self.setFont(font)


class GuardedButton(FitButton):
    """A button for what cannot be taken back (Fold, Muck, All in, the last Paid, Pots pushed).

    Drawn unlike its neighbours (role ``final``: black, a double white border; dashed is only ever
    a button out of play). While ``guard``
    is on, the first tap only arms it - it turns gold and says "Tap again: Fold" - and the
    second tap, after a double tap's time and within ``ARM_MS``, fires ``tapped``. Left
    alone, or given other words (the seat or amount changed), it disarms.
    """

    def __init__(self, text: str = "", base: float = 14, *, role: str = "final", name: str = "",
                 parent: QWidget | None = None, lines: int = 2) -> None:
        self._own = text
        self.armed = False
        self.guard = True
        self.armed_text = ""
        """What the armed button says (default: "Tap again: <its words>")."""
        super().__init__(text, base, role=role, name=name, parent=parent, lines=lines)
        theme.set_flag(self, "armed", False)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.disarm)

    def setText(self, text: str) -> None:
        if text == self._own:
            return
        self._own = text
        self.disarm()
        super().setText(text)

    def _clicked(self) -> None:
        if not self.guard:
            super()._clicked()
            return
        now = time.monotonic()
        if now - self._last_tap < DOUBLE_TAP_MS / 1000:
            return  # a bounce of the first tap never confirms it
        self._last_tap = now
        if self.armed:
            self.disarm()
            self.tapped.emit()
            return
        self.armed = True
        theme.set_flag(self, "armed", True)
        FitButton.setText(self, self.armed_text or tap_again_text(self._own.replace("\n", " ")))
        self._timer.start(ARM_MS)

    def disarm(self) -> None:
        self._timer.stop()
        if self.armed:
            self.armed = False
            theme.set_flag(self, "armed", False)
            FitButton.setText(self, self._own)

    def hideEvent(self, event: QHideEvent) -> None:
        self.disarm()
        super().hideEvent(event)


def tap_again_text(words: str) -> str:
    return translate("screen", "Tap again: {action}").format(action=words)
