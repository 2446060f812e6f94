"""Auction Pitch's worked-deal lesson (55) in a real browser: Debian's chromium, driven by
Playwright, against the session's Voilà server — one page, 360 px wide, dark theme.

(``tests/test_browser.py`` loads every lesson, these included, in the light theme, and
``tests/test_voila.py`` renders each over HTTP.) Here, on one page: nothing scrolls sideways; the
page holds neither the quiz's answer nor a card hidden from the replay's seat — another hand's
card, or one never dealt (the kernel's hidden-information audit lists both); the replay is
stepped with the keyboard to trick 2, where a player trumps a spade lead, and on to the result,
where the pitcher's setback is written with a true minus sign; the "who takes which point?"
question is answered with the keyboard alone and its feedback cites PI-10. Screenshots go to
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
    mentions,
    open_lesson,
    plain,
    read_audit,
    screenshot,
    subtree_state,
    widget_state,
)
from test_browser_frog import FEEDBACK, luminance, no_sideways_scroll, tab_to

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("voila")]

LESSON = "55-auction-pitch-worked-deal.ipynb"


def test_worked_deal_and_points_quiz_by_keyboard_at_360px_dark(
        browser: Any, voila_server: VoilaServer, lesson_dirs: dict[str, Path]) -> None:
    page = open_lesson(browser, voila_server, LESSON, theme="dark", width=360, height=740)
    try:
        kernel = page.evaluate(KERNEL_ID)
        assert page.evaluate("() => document.body.dataset.jpThemeLight") == "false"
        background = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
        assert luminance(background) < 0.3
        no_sideways_scroll(page, 360)

        def nothing_leaks(stage: str) -> None:
            state = widget_state(page)
            audit = read_audit(lesson_dirs["audit"], kernel)
            assert {e["panel"] for e in audit.values()} >= {"QuizWidget", "DealReplay"}
            held = plain(state)
            for entry in audit.values():
                seen = plain(subtree_state(state, entry["model_id"]))
                assert not mentions(seen, entry["hidden"]), (stage, entry["panel"])
                assert all(s not in held for s in entry["secrets"]), (stage, entry["panel"])
            replay = next(e for e in audit.values() if e["panel"] == "DealReplay")
            assert len(replay["hidden"]) >= 28  # at least the 28 cards never dealt

        nothing_leaks("loaded")
        assert page.locator("details").count() == 1 and not page.evaluate(
            "() => document.querySelector('details').open")
        screenshot(page, "55-auction-pitch-worked-deal-360px-dark")

        # the replay, with the keyboard: Next to trick 2, where seat 0 trumps a spade lead
        replay = page.locator(".tutor-replay")
        tab_to(page, ".tutor-replay button.tutor-replay-next")
        for _ in range(3):  # the deal, the auction, trick 1: then trick 2
            page.keyboard.press("Enter")
        replay.get_by_text(re.compile(r"Step 4 of 9: Trick 2")).wait_for()
        words = replay.locator(".tutor-replay-words").inner_text()
        assert "Seat 0 trumps with 10♣ — allowed whether or not it could follow ♠" in words
        assert "PI-8" in words and "PI-9" in words
        facts = " ".join(replay.locator("dd").all_inner_texts())
        assert "♣" in facts and "never shown" in facts  # trump named; the undealt cards unseen
        nothing_leaks("trick 2")
        no_sideways_scroll(page, 360)
        screenshot(page, "55-auction-pitch-trick-2-360px-dark")

        # on to the result: End, with the keyboard
        tab_to(page, ".tutor-replay button.tutor-replay-end")
        page.keyboard.press("Enter")
        replay.get_by_text(re.compile(r"Step 9 of 9: The result")).wait_for()
        words = replay.locator(".tutor-replay-words").inner_text()
        assert "set back by the bid: −2 (PI-11)" in words and "-2" not in words
        nothing_leaks("result")
        no_sideways_scroll(page, 360)
        screenshot(page, "55-auction-pitch-result-360px-dark")

        # the quiz: Tab to a choice, Space, Tab to Check, Enter
        q = page.locator(".tutor-quiz").first
        title = q.locator(".tutor-quiz-title").inner_text()
        assert "Auction Pitch" in title and "High, Low, Jack and Game" in title
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
        if "try again" in text:  # a wrong first pick: the hint first, then the answer
            assert "PI-10" in text and not re.search(r"PI-10: \w+ goes to", text)  # no answer
            tab_to(page, ".tutor-quiz button.tutor-quiz-show")
            page.keyboard.press("Enter")
            q.get_by_text(re.compile(r"PI-10: \w+ goes to")).first.wait_for()
            text = feedback.inner_text()
        assert re.search(r"PI-10: \w+ goes to", text) and re.search(r"Right!|Not quite", text)
        nothing_leaks("answered")
        no_sideways_scroll(page, 360)
        assert page.tutor_errors == [] and page.tutor_outside == [], page.tutor_errors
        screenshot(page, "55-auction-pitch-quiz-answered-360px-dark")
    finally:
        close(page)
