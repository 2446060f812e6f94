"""Crazy Solo's worked-deal lesson (33) in a real browser: Debian's chromium, driven by
Playwright, against the session's Voilà server — one page, 360 px wide, dark theme.

(``tests/test_browser.py`` loads every lesson, these included, in the light theme, and
``tests/test_voila.py`` renders each over HTTP.) Here, on one page: nothing scrolls sideways;
the page holds neither the quiz's answer nor the partner's name before its time (the kernel's
hidden-information audit lists them); the replay is stepped with the keyboard to the called
card's trick, where the partner becomes public; the "who can the partner be?" question is
answered with the keyboard alone and its feedback cites CS-8 and CS-9. Screenshots go to
build/screenshots/."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from conftest_lesson import (
    KERNEL_ID,
    VoilaServer,
    close,
    open_lesson,
    plain,
    read_audit,
    screenshot,
    widget_state,
)
from test_browser_frog import FEEDBACK, luminance, no_sideways_scroll, tab_to

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("voila")]

LESSON = "33-crazy-solo-worked-deal.ipynb"


def test_worked_deal_and_partner_quiz_by_keyboard_at_360px_dark(
        browser: Any, voila_server: VoilaServer, lesson_dirs: dict[str, Path]) -> None:
    page = open_lesson(browser, voila_server, LESSON, theme="dark", width=360, height=740)
    try:
        kernel = page.evaluate(KERNEL_ID)
        assert page.evaluate("() => document.body.dataset.jpThemeLight") == "false"
        background = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
        assert luminance(background) < 0.3
        no_sideways_scroll(page, 360)
        audit = read_audit(lesson_dirs["audit"], kernel).values()
        secrets = [s for e in audit if e["panel"] in ("QuizWidget", "DealReplay")
                   for s in e["secrets"]]
        assert any(e["panel"] == "QuizWidget" and e["secrets"] for e in audit)
        held = plain(widget_state(page))
        assert all(s not in held for s in secrets)  # no answer and no partner on the page
        assert "seat 1 is the partner" not in held
        # nor in what the page shows: the lesson's own account of the deal waits, folded
        assert "seat 1 is the partner" not in page.locator("body").inner_text()
        assert page.locator("details").count() == 1 and not page.evaluate(
            "() => document.querySelector('details').open")
        screenshot(page, "33-crazy-solo-worked-deal-360px-dark")

        # the replay, with the keyboard: Next until the trick of the called card
        replay = page.locator(".tutor-replay")
        tab_to(page, ".tutor-replay button.tutor-replay-next")
        for _ in range(6):  # the deal, the calls, the call, tricks 1..3: then trick 4
            page.keyboard.press("Enter")
        replay.get_by_text(re.compile(r"Step 7 of 11: Trick 4")).wait_for()
        words = replay.locator(".tutor-replay-words").inner_text()
        assert "A♥ is the called card: seat 1 is the partner, public from this moment (CS-9)" \
            in words
        assert "seat 1" in replay.locator("dd").all_inner_texts()  # the Partner fact
        no_sideways_scroll(page, 360)
        screenshot(page, "33-crazy-solo-reveal-360px-dark")

        # the partner question: Tab to a seat's box, Space, Tab to Check, Enter
        q = page.locator(".tutor-quiz").first
        assert "Crazy Solo" in q.locator(".tutor-quiz-title").inner_text()
        tab_to(page, ".tutor-quiz .tutor-quiz-option input")
        page.keyboard.press("Space")
        q.get_by_text(re.compile(r"Your pick: (?!nothing)")).wait_for()
        tab_to(page, ".tutor-quiz button.tutor-quiz-check")
        page.keyboard.press("Enter")
        feedback = q.locator(FEEDBACK)
        feedback.wait_for()
        text = feedback.inner_text()
        assert "CS-8" in text and "CS-9" in text and re.search(r"Right!|Not quite", text)
        no_sideways_scroll(page, 360)
        assert page.tutor_errors == [] and page.tutor_outside == [], page.tutor_errors
        screenshot(page, "33-crazy-solo-quiz-answered-360px-dark")
    finally:
        close(page)
