"""Colour checks the screen tests share: WCAG contrast, and how a colour looks to a deuteranope.

``deuteranopia`` is Machado, Oliveira and Fernandes (2009)'s simulation at full severity,
applied in linear RGB; ``delta_e`` is CIE76 in CIELAB (D65): about 2.3 is just noticeable,
above 20 two colours are told apart at a glance.
"""

from __future__ import annotations

import math

RGB = tuple[float, float, float]

MACHADO_DEUTERANOPIA = ((0.367322, 0.860646, -0.227968),
                        (0.280085, 0.672501, 0.047413),
                        (-0.011820, 0.042940, 0.968881))


def rgb(hex_colour: str) -> RGB:
    h = hex_colour.lstrip("#")
    return tuple(int(h[i:i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _gamma(c: float) -> float:
    c = min(1.0, max(0.0, c))
    return 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def luminance(colour: RGB) -> float:
    r, g, b = (_linear(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    """WCAG 2 contrast ratio (AA asks 4.5:1 for text)."""
    return contrast_of(luminance(a), luminance(b))


def contrast_of(a: float, b: float) -> float:
    """WCAG 2 contrast ratio of two relative luminances."""
    high, low = sorted((a, b), reverse=True)
    return (high + 0.05) / (low + 0.05)


def deuteranopia(colour: RGB) -> RGB:
    lin = [_linear(c) for c in colour]
    return tuple(_gamma(sum(m * v for m, v in zip(row, lin))) for row in MACHADO_DEUTERANOPIA)  # type: ignore


def lab(colour: RGB) -> RGB:
    r, g, b = (_linear(c) for c in colour)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e(a: RGB, b: RGB) -> float:
    return math.dist(lab(a), lab(b))
