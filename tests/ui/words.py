"""What a croupier reading another language would still see in English on the screen (issue 39 item 6).

Every text the window shows (labels, buttons, and what the poker felt paints) is read word by word.
On a Chinese screen any run of two or more Latin letters is English unless it is a unit's model or
serial number, a currency code or a table id (what no language translates). On a French screen a
word is English when the English the screen is written in uses it and no French translation does
("Check", "jam", "unplugged"): the two vocabularies come from the translation files themselves.
"""

from __future__ import annotations

import functools
import re
import xml.etree.ElementTree as ET

from PySide6.QtWidgets import QAbstractButton, QDialog, QLabel, QWidget

from ui.i18n import FOLDER, LANGUAGES

LATIN = re.compile(r"[A-Za-z][A-Za-z'’]+")
WORD = re.compile(r"[^\W\d_]{3,}")
UNTRANSLATED = re.compile(r"^[A-Z0-9]+(-[A-Z0-9]+)+$|^[A-Z]{3}$|^T\d+$")
"""A model or serial number (``DS-SHOE-SIM``, ``SIM-IMPOSTOR``), a currency code (``EUR``), a table id."""


def shown_texts(window: QWidget) -> list[str]:
    """Every text on the window and the dialogs over it, as drawn."""
    texts: list[str] = []
    for top in [window, *(d for d in window.findChildren(QDialog) if d.isVisible())]:
        for kind in (QLabel, QAbstractButton):
            texts += [w.text() for w in top.findChildren(kind) if w.isVisibleTo(top) and w.text()]
        for widget in top.findChildren(QWidget):
            drawn = getattr(widget, "drawn", None)
            if isinstance(drawn, list) and widget.isVisibleTo(top):
                texts += [item.text for item in drawn]
    return texts


@functools.cache
def _vocabulary(code: str, side: str) -> frozenset[str]:
    """The words of the ``source`` or ``translation`` side of a language's translation file, lower case."""
    root = ET.parse(FOLDER / f"dealer_station_{code}.ts").getroot()
    words: set[str] = set()
    for message in root.iter("message"):
        text = message.findtext(side) or ""
        words.update(w.lower() for w in WORD.findall(re.sub(r"\{\w+\}", " ", text)))
    return frozenset(words)


def english_words(text: str, language: str) -> list[str]:
    """The English words in ``text`` as shown on a ``language`` screen."""
    if language.startswith("zh"):
        tokens = re.findall(r"[A-Za-z0-9][A-Za-z0-9'’-]*", text)
        return [t for t in tokens if LATIN.search(t) and not UNTRANSLATED.match(t) and len(t) > 1]
    english = _vocabulary(language, "source") - _vocabulary(language, "translation")
    kept = " ".join(t for t in text.split() if not UNTRANSLATED.match(t))
    return [w for w in WORD.findall(kept) if w.lower() in english]


def untranslated(window: QWidget, language: str) -> list[str]:
    """Each shown text that still has an English word on a ``language`` screen, with the words."""
    found = []
    for text in shown_texts(window):
        if text in LANGUAGES.values():
            continue  # each language is named in its own words (the language chooser)
        words = english_words(text, language)
        if words:
            found.append(f"{text!r}: {', '.join(words)}")
    return found
