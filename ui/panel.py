"""How a game family's table plugs into the croupier's screen.

The shell (``ui/shell.py``) owns everything every table has: the window and its scaling,
the language, the status strip and banner, the halt panel, the refusal line, the device
and shift counters, the supervisor's PIN dialog and menu, the card picker and recall. A
family's *table panel* draws its own table and the commands only it knows, and is chosen
by the game's ``family`` from ``PANELS`` (an import path, so the shell never imports a
family it does not run).

A panel is a ``QWidget`` built as ``Panel(shell)`` with, besides itself (placed between
the banner and the halt panel, stretching):

- ``header``: a widget shown left of the banner (cards in the middle of the table), or None;
- ``action_bar``: a widget shown at the left of the footer (its own commands);
- ``render_state(session)``: called on the GUI thread after every state change;
- ``retranslate()``: the language changed - set every text again;
- ``rescale()``: the panel size changed - resize what is not a ``FitLabel``/``FitButton``;
- ``highlight(target)``: frame the card being keyed, ``(position, index)`` or None;
- optionally ``limits_sign()``: the text of the limits sign (default: the profile's spot limits);
- optionally ``command_label(command)``: a shell command in the family's words ("Deal next
  hand" for ``open_round`` at a poker table), or None for the shell's own.

The banner is ``view.banner.banner(snapshot)``; a family with a banner of its own
(``view.banner.FAMILY_BANNERS``) says its own. The meter box shows when the game has ``meters``.

Through ``shell`` (``Shell`` below) it sends commands on the worker and opens the
shell's dialogs. The shell itself shows these croupier commands when the session offers
them: ``SHELL_COMMANDS``; a panel shows any other command of its family.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Collection
from typing import Any, Protocol

from PySide6.QtWidgets import QWidget

from dealer_station.engine import TableSession
from dealer_station.engine.snapshot import TableSnapshot

PANELS: dict[str, str] = {
    "banking": "ui.banking_panel:BankingPanel",
    "poker": "ui.poker.panel:PokerPanel",
}
"""Game family -> ``module:Class`` of its table panel."""

SHELL_COMMANDS = ("open_round", "deal_done", "reveal", "key_card", "recheck_deck")
"""Croupier commands the shell's footer shows (when offered); the rest are the panel's."""


class Shell(Protocol):
    """What the shell offers a panel."""

    session: TableSession

    def submit(self, label: str, fn: Callable[..., Any], *args: Any) -> None:
        """Run a session command on the worker; a refusal shows in the refusal line."""

    def ask_supervisor(self, action: str, run: Callable[[str, str, str], Any] | None = None) -> None:
        """PIN dialog for ``action``; then ``run(badge, pin, reason)`` on the worker (default: the
        session's method of that name)."""

    def pick_card(self, title: str, on_card: Callable[[int], None], in_play: Collection[int] = (),
                  preselect: int | None = None) -> None:
        """The on-screen card picker."""


class TablePanel(Protocol):
    header: QWidget | None
    action_bar: QWidget

    def render_state(self, snap: TableSnapshot) -> None: ...

    def retranslate(self) -> None: ...

    def rescale(self) -> None: ...

    def highlight(self, target: tuple[str, int] | None) -> None: ...


def make_panel(family: str, shell: Shell) -> Any:
    """The table panel of ``family`` for this shell."""
    try:
        where = PANELS[family]
    except KeyError:
        raise LookupError(f"no table panel for the {family} family (known: {', '.join(PANELS)})") from None
    module, name = where.split(":")
    return getattr(importlib.import_module(module), name)(shell)
