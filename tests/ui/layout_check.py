"""What a croupier would see wrong on a panel: a widget outside the window (or outside the
widget that holds it), a text elided or clipped, a target smaller than a finger.

Texts are checked with their own font's metrics against the rectangle they are drawn in,
so a label that Qt would silently cut ("Recal", "ıpervisor: Void roun") fails here; a widget
that paints its own words says which it had to cut (``clipped_texts()``).
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QAbstractButton, QDialog, QLabel, QLineEdit, QWidget

from ui.theme import MIN_TOUCH
from ui.widgets import FitButton, fits


def _visible(widget: QWidget, top: QWidget) -> bool:
    return widget.isVisibleTo(top) and widget.width() > 0 and widget.height() > 0


def problems(top: QWidget, size: tuple[int, int]) -> list[str]:
    """Everything wrong with ``top`` (the main window or an overlay) on a ``size`` panel."""
    found: list[str] = []
    if (top.width(), top.height()) != size:
        found.append(f"{top.objectName()} is {top.width()}x{top.height()}, not the panel's {size[0]}x{size[1]}")
    frame = QRect(0, 0, top.width(), top.height())
    for widget in top.findChildren(QWidget):
        if isinstance(widget, QDialog) or not _visible(widget, top):
            continue
        if widget.window() is not top:
            continue
        name = widget.objectName() or type(widget).__name__
        where = QRect(widget.mapTo(top, QPoint(0, 0)), widget.size())
        if not frame.contains(where):
            found.append(f"{name} at {where.getRect()} lies outside the {frame.width()}x{frame.height()} window")
            continue
        parent = widget.parentWidget()
        if parent is not None and parent is not top and not QRect(0, 0, parent.width(), parent.height()).contains(
                QRect(widget.pos(), widget.size())):
            found.append(f"{name} is cut by its parent {parent.objectName() or type(parent).__name__}")
        if isinstance(widget, QLabel) and widget.text():
            fm = QFontMetrics(widget.font())
            if not fits(fm, widget.text(), widget.contentsRect(), widget.wordWrap()):
                found.append(f"label {name} clips {widget.text()!r} ({widget.contentsRect().width()}x"
                             f"{widget.contentsRect().height()} px, font {widget.font().pixelSize()} px)")
        elif isinstance(widget, QAbstractButton):
            if widget.height() < MIN_TOUCH or widget.width() < MIN_TOUCH:
                found.append(f"button {name} is {widget.width()}x{widget.height()}, under {MIN_TOUCH} px")
            if widget.text():
                rect = widget.text_rect() if isinstance(widget, FitButton) else widget.rect().adjusted(6, 2, -6, -2)
                if not fits(QFontMetrics(widget.font()), widget.text(), rect, False):  # a button never wraps
                    found.append(f"button {name} clips {widget.text()!r} ({rect.width()} px, "
                                 f"font {widget.font().pixelSize()} px)")
        elif isinstance(widget, QLineEdit) and widget.height() < MIN_TOUCH:
            found.append(f"field {name} is {widget.height()} px high, under {MIN_TOUCH} px")
        drawn = getattr(widget, "clipped_texts", None)  # a widget that draws its own words (the poker table)
        if callable(drawn):
            found += [f"{name} draws {text!r} cut" for text in drawn()]
    return found


def window_problems(window: QWidget, size: tuple[int, int]) -> list[str]:
    """The window and every dialog open over it."""
    found = problems(window, size)
    for dialog in window.findChildren(QDialog):
        if dialog.isVisible():
            found += [f"[{dialog.objectName()}] {p}" for p in problems(dialog, size)]
    return found
