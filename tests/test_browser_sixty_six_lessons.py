"""Sixty-Six's worked-deal lesson (44) in a real browser: Debian's chromium, driven by
Playwright, against the session's Voilà server — one page, 360 px wide, dark theme.

(``tests/test_browser.py`` loads every lesson, these included, in the light theme, and
``tests/test_voila.py`` renders each over HTTP.) Here, on one page: nothing scrolls sideways; the
page holds neither the quiz's answer nor a card hidden from the replay's seat (the kernel's
hidden-information audit lists both); the replay is stepped with the keyboard to the close,
where the turn-up goes face down; the "can you claim now?" question is answered with the
keyboard alone and its feedback counts the total with SS-13. Screenshots go to
build/screenshots/."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from conftest_lesson import (
    KERNEL_ID,
    VoilaServer,
    check_audit,
    close,
    open_lesson,
    screenshot,
)
from test_browser_frog import FEEDBACK, luminance, no_sideways_scroll, tab_to

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("voila")]

LESSON = "44-sixty-six-worked-deal.ipynb"


def test_worked_deal_and_claim_quiz_by_keyboard_at_360px_dark(
        browser: Any, voila_server: VoilaServer, lesson_dirs: dict[str, Path]) -> None:
    page = open_lesson(browser, voila_server, LESSON, theme="dark", width=360, height=740)
    try:
        kernel = page.evaluate(KERNEL_ID)
        assert page.evaluate("() => document.body.dataset.jpThemeLight") == "false"
        background = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
        assert luminance(background) < 0.3
        no_sideways_scroll(page, 360)

        def nothing_leaks(stage: str) -> None:
            audit = check_audit(page, lesson_dirs["audit"], kernel, stage)
            assert {e["panel"] for e in audit} >= {"QuizWidget", "DealReplay"}

        nothing_leaks("loaded")
        # the lesson's own account of the deal waits, folded
        assert page.locator("details").count() == 1 and not page.evaluate(
            "() => document.querySelector('details').open")
        screenshot(page, "44-sixty-six-worked-deal-360px-dark")

        # the replay, with the keyboard: Next to trick 6, where the winner closes the stock
        replay = page.locator(".tutor-replay")
        tab_to(page, ".tutor-replay button.tutor-replay-next")
        for _ in range(6):  # the deal, tricks 1..5: then trick 6
            page.keyboard.press("Enter")
        replay.get_by_text(re.compile(r"Step 7 of 11: Trick 6")).wait_for()
        words = replay.locator(".tutor-replay-words").inner_text()
        assert "You won the trick and close the stock instead of drawing" in words
        assert "SS-10" in words and "Your total now: 42" in words
        facts = " ".join(replay.locator("dd").all_inner_texts())
        assert "closed by you after 6 trick(s)" in facts  # the turn-up face down
        nothing_leaks("closed")
        no_sideways_scroll(page, 360)
        screenshot(page, "44-sixty-six-close-360px-dark")

        # the claim question: Tab to a choice, Space, Tab to Check, Enter
        q = page.locator(".tutor-quiz").first
        title = q.locator(".tutor-quiz-title").inner_text()
        assert "Sixty-Six" in title and "Can you claim now?" in title
        tab_to(page, ".tutor-quiz .widget-toggle-button")
        page.keyboard.press("Space")
        q.get_by_text(re.compile(r"Your pick: (?!nothing)")).wait_for()
        page.wait_for_function(
            "() => !document.querySelector('.tutor-quiz button.tutor-quiz-check').disabled")
        tab_to(page, ".tutor-quiz button.tutor-quiz-check")
        page.keyboard.press("Enter")
        feedback = q.locator(FEEDBACK)
        feedback.wait_for()
        text = feedback.inner_text()
        if "try again" in text:  # a wrong first pick: a second try first, then the answer
            assert "SS-13" in text and not re.search(r"Total \d+", text)  # no answer yet
            tab_to(page, ".tutor-quiz button.tutor-quiz-show")
            page.keyboard.press("Enter")
            q.get_by_text(re.compile(r"Total \d+")).first.wait_for()
            text = feedback.inner_text()
        assert "SS-13" in text and re.search(r"Total \d+", text)
        assert re.search(r"Right!|Not quite", text)
        no_sideways_scroll(page, 360)
        assert page.tutor_errors == [] and page.tutor_outside == [], page.tutor_errors
        screenshot(page, "44-sixty-six-quiz-answered-360px-dark")
    finally:
        close(page)
