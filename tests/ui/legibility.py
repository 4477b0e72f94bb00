"""What a croupier at arm's length cannot read, measured on what was painted (issue 19 item 6).

Every text is at least ``READ_PX`` unless marked ``minor`` (read at a glance, nothing acted on: the status
strip, a tile's stakes for reference); every text the croupier acts on (every button, and the labels marked
``acted``: the banner,
seat results and amounts, the settlement's lines, the dealer's qualification, the pots, and
the poker felt's stacks, bets, pushes and pots) is painted at ``ACTED_PX`` or more; every
text has a 4.5:1 contrast against what is behind it (WCAG AA), measured on the window's
pixels - the background is the crop's commonest colour, the ink its pixel furthest from it;
and no two texts the felt paints overlap.
"""

from __future__ import annotations

import functools
from collections import Counter

from PySide6.QtCore import QPoint, QRect, QRectF
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QAbstractButton, QDialog, QLabel, QWidget

from .colour import contrast_of, luminance

ACTED_PX = 16
READ_PX = 14
AA = 4.5
_CHANNEL = [QColor(v, v, v).redF() for v in range(256)]
"""An 8-bit channel as ``QColor.redF`` gives it (Qt's single-precision float, widened)."""


def _words(image: QImage, rect: QRect) -> list[int]:
    """The pixels in ``rect`` as ``0xffRRGGBB`` words, row by row, sliced from the image's bytes (a
    Python call per pixel, ``QImage.pixelColor``, took 4 s of a scene's 5). A grabbed window is
    opaque (``Format_RGB32``); another format is converted to it."""
    rect = rect.intersected(image.rect())
    if rect.isEmpty():
        return []
    if image.format() != QImage.Format.Format_RGB32:
        image = image.convertToFormat(QImage.Format.Format_RGB32)
    words = memoryview(image.constBits()).cast("B").cast("I")
    stride, left, width = image.bytesPerLine() // 4, rect.left(), rect.width()
    out: list[int] = []
    for y in range(rect.top(), rect.bottom() + 1):
        out += words[y * stride + left:y * stride + left + width]
    return out


def _colour(word: int) -> tuple[float, float, float]:
    """A pixel's red, green and blue in 0..1, exactly as ``QImage.pixelColor(...).redF()`` etc. give them."""
    return _CHANNEL[word >> 16 & 0xFF], _CHANNEL[word >> 8 & 0xFF], _CHANNEL[word & 0xFF]


@functools.cache
def _luminance(word: int) -> float:
    return luminance(_colour(word))


def painted_contrast(image: QImage, rect: QRect) -> float:
    """The contrast of the text painted in ``rect``: its ink against its background (the pixel whose
    contrast with the background is highest is the lightest or the darkest one)."""
    words = _words(image, rect)
    if not words:
        return 21.0
    background = _luminance(Counter(words).most_common(1)[0][0])
    shades = [_luminance(w) for w in set(words)]
    return max(contrast_of(background, min(shades)), contrast_of(background, max(shades)))


def _text_rect(widget: QWidget, top: QWidget) -> QRect:
    origin = widget.mapTo(top, QPoint(0, 0))
    inner = widget.contentsRect() if isinstance(widget, QLabel) else widget.rect().adjusted(4, 4, -4, -4)
    return inner.translated(origin)


def legibility_problems(top: QWidget) -> list[str]:
    """Texts too small to act on, texts under 4.5:1, painted texts on top of each other."""
    found: list[str] = []
    image = top.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    for widget in top.findChildren(QWidget):
        if isinstance(widget, QDialog) or widget.window() is not top or not widget.isVisibleTo(top):
            continue
        if widget.width() <= 0 or widget.height() <= 0:
            continue
        name = widget.objectName() or type(widget).__name__
        text = widget.text() if isinstance(widget, (QLabel, QAbstractButton)) else ""
        if text.strip():
            acted = isinstance(widget, QAbstractButton) or bool(widget.property("acted"))
            px = widget.font().pixelSize()
            if acted and px < ACTED_PX:
                found.append(f"{name} {text!r} is {px} px, under {ACTED_PX}")
            elif px < READ_PX and not widget.property("minor"):  # only what nothing is acted on may be smaller
                found.append(f"{name} {text!r} is {px} px, under {READ_PX}, and not marked read-at-a-glance")
            ratio = painted_contrast(image, _text_rect(widget, top))
            if ratio < AA:
                found.append(f"{name} {text!r} has contrast {ratio:.2f}:1, under {AA}:1")
        drawn = getattr(widget, "drawn", None)
        if isinstance(drawn, list) and drawn:
            found += _drawn_problems(widget, top, image, drawn)
    return found


def _drawn_problems(widget: QWidget, top: QWidget, image: QImage, drawn: list) -> list[str]:
    found = []
    origin = widget.mapTo(top, QPoint(0, 0))
    for item in drawn:
        if item.acted and item.px < ACTED_PX:
            found.append(f"felt {item.text!r} is {item.px} px, under {ACTED_PX}")
        ratio = painted_contrast(image, item.rect.toAlignedRect().translated(origin))
        if ratio < AA:
            found.append(f"felt {item.text!r} has contrast {ratio:.2f}:1, under {AA}:1")
    for i, a in enumerate(drawn):
        for b in drawn[i + 1:]:
            overlap: QRectF = a.rect.adjusted(1, 1, -1, -1).intersected(b.rect.adjusted(1, 1, -1, -1))
            if overlap.width() > 0 and overlap.height() > 0:
                found.append(f"felt {a.text!r} and {b.text!r} are painted over each other")
    return found


def window_legibility(window: QWidget) -> list[str]:
    found = legibility_problems(window)
    for dialog in window.findChildren(QDialog):
        if dialog.isVisible():
            found += [f"[{dialog.objectName()}] {p}" for p in legibility_problems(dialog)]
    return found
