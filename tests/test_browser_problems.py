"""The Problems lesson (16) in a real browser: Debian's chromium, driven by Playwright, against
the session's Voilà server — one page, 360 px wide, dark theme, the keyboard alone.

(``tests/test_browser.py`` loads every lesson, this one included, in the light theme.) Here:
nothing scrolls sideways; before the attempt ends the page holds neither the hint nor the
write-up (the kernel's hidden-information audit lists them) nor any unseen card's place; the
first problem is played to its end with Tab and Enter on the card buttons; the result and the
write-up appear and are stepped with the keyboard; the hint comes on Enter. Screenshots go to
build/screenshots/."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from conftest_lesson import (
    KERNEL_ID,
    NEWER_AUDIT,
    SCREENSHOTS,
    VoilaServer,
    audit_history,
    close,
    open_lesson,
    page_audit_seq,
    plain,
    read_audit,
    screenshot,
    widget_state,
)
from playwright.sync_api import expect
from test_browser_frog import focused, luminance, no_sideways_scroll, tab_to

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("voila")]

LESSON = "16-problems.ipynb"
CARD = ".tutor-problem .tutor-problem-card button:not([disabled]), " \
       ".tutor-problem button.tutor-problem-card:not([disabled])"


def test_a_problem_played_with_the_keyboard_at_360px_dark(
        browser: Any, voila_server: VoilaServer, lesson_dirs: dict[str, Path]) -> None:
    page = open_lesson(browser, voila_server, LESSON, theme="dark", width=360, height=740)
    try:
        kernel = page.evaluate(KERNEL_ID)
        assert page.evaluate("() => document.body.dataset.jpThemeLight") == "false"
        assert luminance(page.evaluate(
            "() => getComputedStyle(document.body).backgroundColor")) < 0.3
        widget = page.locator(".tutor-problem")
        # the page opens without the solver: the problem opens on the learner's first press
        widget.locator(".tutor-problem-head").get_by_text("open it to see").wait_for()
        assert not widget.locator(".tutor-problem-cards button").count()
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        widget.screenshot(path=str(SCREENSHOTS / "16-problems-unopened-360px-dark.png"))
        mid = next(e["model_id"] for e in read_audit(lesson_dirs["audit"], kernel).values()
                   if e["panel"] == "ProblemWidget")
        before = page_audit_seq(widget_state(page), mid)
        tab_to(page, ".tutor-problem button.tutor-problem-start")
        page.keyboard.press("Enter")
        widget.locator(".tutor-problem-head").get_by_text("Goal:").wait_for()
        expect(widget.locator("button.tutor-problem-start")).to_be_hidden()
        # the head shows before the kernel's audit of the opened problem reaches the page
        page.wait_for_function(NEWER_AUDIT, arg=[f"tutor-audit-{mid}-",
                                                 -1 if before is None else before])
        no_sideways_scroll(page, 360)
        state = widget_state(page)
        seq = page_audit_seq(state, mid)
        assert seq is not None
        opened = audit_history(lesson_dirs["audit"], kernel, mid)[seq]
        assert opened["secrets"] and opened["hidden"]
        held = plain(state)
        assert all(s not in held for s in opened["secrets"])  # no hint, no write-up
        assert "The key play" not in page.locator("body").inner_text()
        screenshot(page, "16-problems-360px-dark")

        # play every card with Tab + Enter until the attempt is over
        for _ in range(6):
            if widget.locator(".st-problem-result").count():
                break
            tab_to(page, CARD)
            label = page.evaluate("() => document.activeElement.innerText")
            page.keyboard.press("Enter")
            widget.locator(".tutor-problem-log").get_by_text(
                re.compile(re.escape(label.strip()) + r" \(you\)")).wait_for()
        result = widget.locator(".st-problem-result")
        result.wait_for()
        assert re.search(r"Goal (reached|missed)\.", result.inner_text())
        writeup = widget.locator(".tutor-problem-writeup")
        assert "You are seat" in writeup.inner_text()  # step 1: the goal
        no_sideways_scroll(page, 360)
        screenshot(page, "16-problems-played-360px-dark")

        # step through the write-up with the keyboard: the key play, then on
        tab_to(page, ".tutor-problem button.tutor-problem-forward")
        page.keyboard.press("Enter")
        widget.locator(".tutor-problem-step").get_by_text("Step 2 of").wait_for()
        assert "The key play" in writeup.inner_text()
        where = widget.locator(".tutor-problem-step")
        total = int(re.search(r"of (\d+)", where.inner_text()).group(1))  # type: ignore[union-attr]
        for n in range(3, total + 1):  # Enter on Next, each step waited for by its number
            assert focused(page, ".tutor-problem button.tutor-problem-forward")
            page.keyboard.press("Enter")
            where.get_by_text(f"Step {n} of {total}").wait_for()
        expect(widget.locator("button.tutor-problem-forward")).to_be_disabled()
        assert re.search(r"Card 1, ", writeup.inner_text())  # the cost of each card chosen
        # the hint, by keyboard
        tab_to(page, ".tutor-problem button.tutor-problem-hint")
        page.keyboard.press("Enter")
        hint = widget.locator(".tutor-problem-hint-text")
        hint.get_by_text("First idea").wait_for()
        no_sideways_scroll(page, 360)
        assert page.tutor_errors == [] and page.tutor_outside == [], page.tutor_errors
        screenshot(page, "16-problems-writeup-360px-dark")
    finally:
        close(page)
