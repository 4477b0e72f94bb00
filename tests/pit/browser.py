"""Debian's chromium, headless, driven by Playwright (never Playwright's own browser download)."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@contextmanager
def chromium(viewport: tuple[int, int] = (1280, 900), timezone: str | None = None) -> Iterator[Any]:
    """A fresh browser context (its own --user-data-dir: no cookies carried over); ``timezone``: the
    browser's own zone (a tablet set to another zone than the pit's)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p, tempfile.TemporaryDirectory(prefix="pit-chromium-") as profile:
        context = p.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, headless=True, args=ARGS,
            viewport={"width": viewport[0], "height": viewport[1]}, timezone_id=timezone)
        try:
            yield context
        finally:
            context.close()


def sign_in(page: Any, base: str, user: str, password: str, path: str = "/floor") -> None:
    page.goto(base + path)
    page.fill("input[name=user]", user)
    page.fill("input[name=password]", password)
    page.click("button[type=submit]")
    page.wait_for_load_state("domcontentloaded")
