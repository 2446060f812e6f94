"""The Frog (game) lessons (20 to 23) in a real browser: Debian's chromium, driven by Playwright,
against the session's Voilà server.

(``tests/test_browser.py`` loads every lesson, these included, in the light theme, audits the
discard lesson and the worked deals for hidden cards, and ``tests/test_voila.py`` renders each
over HTTP.) Here: a Frog quiz answered with the keyboard alone; the lessons with cards in the
dark theme; each Frog lesson on a 360 px screen, where no page, widget or text cell scrolls
sideways; and the discard question's fourteen card choices and fourteen-card hand on that
screen, holding no answer until it is revealed. Screenshots go to build/screenshots/."""

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

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("voila")]

FROG_LESSONS = ["20-frog.ipynb", "21-frog-discard.ipynb", "22-frog-settlement.ipynb",
                "23-frog-worked-deals.ipynb"]
#: the kernel has drawn a new question in the first quiz: its feedback is gone, Check is ready
#: for a pick (enabled for a pick-every-one question, which may be answered empty)
FEEDBACK = ".tutor-quiz-feedback .st-feedback"


def luminance(css: str) -> float:
    r, g, b = (int(x) / 255 for x in re.findall(r"\d+", css)[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def no_sideways_scroll(page: Any, width: int) -> None:
    """Nothing scrolls sideways: not the page, not a widget, and not a text cell (whose wide
    table would scroll inside it on a phone)."""
    widths = page.evaluate("""() => Array.from(document.querySelectorAll(
        'html, body, #rendered_cells, .tutor-widget, .jp-RenderedMarkdown')).map(e => [
        e.className.slice(0, 40), e.scrollWidth, e.clientWidth])""")
    for name, scroll, client in widths:
        room = client if "jp-RenderedMarkdown" in name else max(client, width)
        assert scroll <= room + 1, widths


def focused(page: Any, selector: str) -> bool:
    return bool(page.evaluate(
        "s => !!document.activeElement && document.activeElement.matches(s)", selector))


def tab_to(page: Any, selector: str, limit: int = 120) -> None:
    for _ in range(limit):
        page.keyboard.press("Tab")
        if focused(page, selector):
            return
    pytest.fail(f"Tab never reached {selector}")


def test_frog_quiz_with_the_keyboard_alone(browser: Any, voila_server: VoilaServer) -> None:
    """Lesson 22's settlement quiz: Tab to a choice, Space, Tab to Check, Enter — the feedback
    cites Frog's rules and names the game; Tab to Next, Enter — a new question."""
    page = open_lesson(browser, voila_server, "22-frog-settlement.ipynb")
    try:
        q = page.locator(".tutor-quiz").first
        assert "Frog (game)" in q.locator(".tutor-quiz-title").inner_text()
        tab_to(page, ".tutor-quiz .widget-toggle-button")
        page.keyboard.press("Space")
        q.locator(".widget-toggle-button.mod-active").wait_for()
        q.get_by_text(re.compile(r"Your pick: (?!nothing)")).wait_for()
        page.wait_for_function(
            "() => !document.querySelector('.tutor-quiz button.tutor-quiz-check').disabled")
        tab_to(page, ".tutor-quiz button.tutor-quiz-check")
        page.keyboard.press("Enter")
        feedback = q.locator(FEEDBACK)
        feedback.wait_for()
        words = feedback.inner_text()
        assert "FR-5" in words and "FR-1" in words and "Score:" in words
        assert re.search(r"Right!|Not quite", words)
        tab_to(page, ".tutor-quiz button.tutor-quiz-next")
        page.keyboard.press("Enter")
        feedback.wait_for(state="detached")
        assert page.tutor_errors == [], page.tutor_errors
    finally:
        close(page)


@pytest.mark.parametrize("name", ["21-frog-discard.ipynb", "23-frog-worked-deals.ipynb"])
def test_frog_lesson_dark(browser: Any, voila_server: VoilaServer, name: str) -> None:
    """The lessons with cards drawn (the worked discard, the replays, the quizzes' hands) in the
    dark theme: a dark page, dark card faces, light text."""
    page = open_lesson(browser, voila_server, name, theme="dark")
    try:
        assert page.evaluate("() => document.body.dataset.jpThemeLight") == "false"
        colours = page.evaluate("""() => {
            const face = document.querySelector('svg.st-card .st-face, .st-card .st-face');
            const text = document.querySelector('.jp-RenderedMarkdown p');
            return [getComputedStyle(document.body).backgroundColor,
                    face ? getComputedStyle(face).fill : null, getComputedStyle(text).color];
        }""")
        background, face, text = colours
        assert luminance(background) < 0.3 and luminance(text) > 0.6, colours
        if face is not None:  # a card on the page is drawn dark too
            assert luminance(face) < 0.3, colours
        assert page.tutor_errors == [], page.tutor_errors
        screenshot(page, f"{name.removesuffix('.ipynb')}-dark")
    finally:
        close(page)


@pytest.mark.parametrize("name", FROG_LESSONS)
def test_frog_lesson_on_a_360px_screen(browser: Any, voila_server: VoilaServer,
                                       name: str) -> None:
    page = open_lesson(browser, voila_server, name, width=360, height=740)
    try:
        no_sideways_scroll(page, 360)
        assert page.tutor_errors == [], page.tutor_errors
        screenshot(page, f"{name.removesuffix('.ipynb')}-360px")
    finally:
        close(page)


def test_the_discard_question_fits_360px_and_holds_no_answer(
        browser: Any, voila_server: VoilaServer, lesson_dirs: dict[str, Path]) -> None:
    """Lesson 21's quiz, on a 360 px screen, until it asks which of the bidder's fourteen cards
    may be discarded: the fourteen choices and the hand of fourteen lie inside the screen, and
    the page holds none of the answer's words until *Check answer*."""
    page = open_lesson(browser, voila_server, "21-frog-discard.ipynb", width=360, height=740)
    try:
        kernel = page.evaluate(KERNEL_ID)
        q = page.locator(".tutor-quiz").first
        options = q.locator(".tutor-quiz-option")
        for _ in range(30):  # the quiz asks its three questions of the discard at random
            if options.count() == 14:
                break
            q.locator(".widget-toggle-button").first.click()
            page.wait_for_function(
                "() => !document.querySelector('.tutor-quiz button.tutor-quiz-check').disabled")
            q.locator("button.tutor-quiz-check").click()
            q.locator(FEEDBACK).wait_for()
            q.locator("button.tutor-quiz-next").click()
            q.locator(FEEDBACK).wait_for(state="detached")
        else:
            pytest.fail("no question about which cards may be discarded in 30")
        assert options.count() == 14
        audit = [e for e in read_audit(lesson_dirs["audit"], kernel).values()
                 if e["panel"] == "QuizWidget"]
        assert audit and audit[0]["secrets"]
        held = plain(widget_state(page))
        for secret in audit[0]["secrets"]:
            assert secret not in held  # the answer's words stay in the kernel
        boxes = page.evaluate("""() => Array.from(document.querySelectorAll(
            '.tutor-quiz .tutor-quiz-option, .tutor-quiz svg')).map(e => {
              const r = e.getBoundingClientRect(); return [r.left, r.right]; })""")
        assert len(boxes) >= 15
        for left, right in boxes:
            assert left >= 0 and right <= 360 + 1, boxes
        no_sideways_scroll(page, 360)
        screenshot(page, "21-frog-discard-question-360px")
        q.locator("button.tutor-quiz-check").click()  # answered empty: graded, and explained
        feedback = q.locator(FEEDBACK)
        feedback.wait_for()
        assert "FR-2" in feedback.inner_text()
        if q.locator("button.tutor-quiz-show:not([disabled])").count():  # a wrong first try
            q.locator("button.tutor-quiz-show").click()  # (issue 22): then the answer, shown
            q.locator(f"{FEEDBACK}:not(.st-retry)").wait_for()
        assert audit[0]["secrets"][0] in plain(widget_state(page))
        no_sideways_scroll(page, 360)
        screenshot(page, "21-frog-discard-answered-360px")
    finally:
        close(page)


def test_the_discard_decision_on_a_360px_screen(browser: Any, voila_server: VoilaServer,
                                                lesson_dirs: dict[str, Path]) -> None:
    """Lesson 21's "which three?": the first question on request, a toggle button for each of
    the bidder's fourteen cards inside the 360 px screen, three picked, graded by the solver
    with Frog's rules cited — and nothing of the answer on the page before."""
    page = open_lesson(browser, voila_server, "21-frog-discard.ipynb", width=360, height=740)
    try:
        kernel = page.evaluate(KERNEL_ID)
        quiz = page.locator(".tutor-decisions")
        quiz.locator("button.tutor-quiz-next").click()  # "First question": the solver loads
        cards = quiz.locator(".tutor-discard-picks button")
        cards.nth(13).wait_for()
        assert cards.count() == 14
        for left, right in page.evaluate("""() => Array.from(document.querySelectorAll(
                '.tutor-decisions .tutor-discard-picks button')).map(e => {
                const r = e.getBoundingClientRect(); return [r.left, r.right]; })"""):
            assert left >= 0 and right <= 360 + 1
        audit = [e for e in read_audit(lesson_dirs["audit"], kernel).values()
                 if e["panel"] == "DecisionQuiz" and e["secrets"]]
        assert audit, "the question on screen wrote its answer's words to the audit"
        held = plain(widget_state(page))
        for entry in audit:
            for secret in entry["secrets"]:
                assert secret not in held
        no_sideways_scroll(page, 360)
        screenshot(page, "21-frog-discard-decision-360px")
        for i in (0, 1, 2):
            cards.nth(i).click()
        page.wait_for_function(
            "() => !document.querySelector('.tutor-decisions button.tutor-quiz-check').disabled")
        quiz.locator("button.tutor-quiz-check").click()
        feedback = quiz.locator(FEEDBACK)
        feedback.wait_for()
        assert "FR-" in feedback.inner_text()
        no_sideways_scroll(page, 360)
        assert page.tutor_errors == [], page.tutor_errors
        screenshot(page, "21-frog-discard-decision-answered-360px")
    finally:
        close(page)
