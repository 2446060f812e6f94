"""Issue 22's new parts in a real browser (Debian's chromium, Playwright, the session's Voilà
server): the keyboard alone, a 360 px phone, the dark theme — and presenter mode on a projector's
width.

- the guided first hand (lesson 05b): Start, the bid, the trump and the lead chosen with Tab and
  Enter — the lead from the cards' faces — each answered with its reasons;
- a contract lesson (06): "is this hand a Solo?" answered wrong, the likely mistake and a second
  try (the answer still not in the page), then the answer shown; the replay stepped with the
  keyboard to a "Why?" note;
- the cards you click: lesson 5's legal-plays quiz, a card's face toggled with Space; lesson 14's
  table, a card played with Enter on its face;
- presenter mode (``?presenter=1``): the replay stepped with → and ←, every hand open, the quiz's
  answer revealed by the teacher;
- the mastery view (lesson 0) after all that, per lesson and per rule.

Every page: nothing scrolls sideways at 360 px, no error, nothing from the internet, and the
hidden-information audit holds (no answer, no hidden card in the page before its time).
Screenshots go to build/screenshots/ (``judgment-*.png``).
"""

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
    plain,
    read_audit,
    screenshot,
    widget_state,
)
from playwright.sync_api import expect
from test_browser_frog import FEEDBACK, focused, luminance, no_sideways_scroll, tab_to

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("voila")]


def dark_phone(browser: Any, server: VoilaServer, name: str) -> Any:
    page = open_lesson(browser, server, name, theme="dark", width=360, height=740)
    assert page.evaluate("() => document.body.dataset.jpThemeLight") == "false"
    background = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
    assert luminance(background) < 0.3
    no_sideways_scroll(page, 360)
    return page


def audited(page: Any, audit_dir: Path, stage: str) -> None:
    """No panel's hidden cards or unrevealed answers in the page's widget state."""
    check_audit(page, audit_dir, page.evaluate(KERNEL_ID), stage)


def tab_to_text(page: Any, selector: str, text: str, limit: int = 160) -> None:
    """Tab until the focus is on an element of ``selector`` whose text or title has ``text``."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if focused(page, selector) and text in page.evaluate(
                "() => document.activeElement.innerText + ' ' + "
                "(document.activeElement.title || '')"):
            return
    pytest.fail(f"Tab never reached {selector} with {text!r}")


def test_guided_first_hand_by_keyboard_at_360px_dark(
        browser: Any, voila_server: VoilaServer, lesson_dirs: dict[str, Path]) -> None:
    page = dark_phone(browser, voila_server, "05b-first-hand.ipynb")
    try:
        guided = page.locator(".tutor-guided")
        tab_to(page, ".tutor-guided button.tutor-guided-next")
        page.keyboard.press("Enter")
        guided.get_by_text(re.compile("Your call. Count the hand first")).wait_for()
        audited(page, lesson_dirs["audit"], "the bid asked")  # the reasons wait for the pick
        tab_to_text(page, ".tutor-guided button.tutor-guided-choice", "bid Solo")
        page.keyboard.press("Enter")
        reply = guided.locator(".st-reply")
        reply.wait_for()
        assert "Right" in reply.inner_text() and "≈ 83" in reply.inner_text()
        tab_to(page, ".tutor-guided button.tutor-guided-next")
        page.keyboard.press("Enter")
        guided.get_by_text(re.compile("Name trump")).wait_for()
        tab_to_text(page, ".tutor-guided button.tutor-guided-choice", "trump ♠")
        page.keyboard.press("Enter")
        guided.locator(".st-reply.st-wrong").wait_for()
        assert "A♠ 10♠ K♠ Q♠ are all out against you" in reply.inner_text()
        assert "Play goes on with trump ♣" in guided.locator(".tutor-guided-story").inner_text()
        tab_to(page, ".tutor-guided button.tutor-guided-next")
        page.keyboard.press("Enter")
        guided.get_by_text(re.compile("Which card do you lead")).wait_for()
        faces = guided.locator("button.tutor-guided-choice.st-face-btn")
        faces.nth(10).wait_for()  # the new buttons' views are drawn after the question
        assert faces.count() == 11  # the whole hand, each card's face a button
        tab_to_text(page, ".tutor-guided button.st-face-btn", "ace of clubs")
        no_sideways_scroll(page, 360)
        screenshot(page, "judgment-05b-first-hand-lead-360px-dark")
        page.keyboard.press("Enter")
        guided.locator(".st-reply.st-right").wait_for()
        assert "draw trumps" in reply.inner_text()
        assert "Your decisions: 3 of 5" in guided.locator(".tutor-guided-step").inner_text()
        audited(page, lesson_dirs["audit"], "three decisions made")
        assert page.tutor_errors == [] and page.tutor_outside == []
    finally:
        close(page)


def test_contract_lesson_second_try_and_why_notes(
        browser: Any, voila_server: VoilaServer, lesson_dirs: dict[str, Path]) -> None:
    page = dark_phone(browser, voila_server, "06-solo.ipynb")
    try:
        kernel = page.evaluate(KERNEL_ID)
        hand = page.locator(".tutor-quiz").first
        assert "Is this hand a" in hand.locator(".tutor-quiz-title").inner_text()
        asking = [e for e in read_audit(lesson_dirs["audit"], kernel).values()
                  if e["panel"] == "QuizWidget" and e["secrets"]]
        explanation = next(e["secrets"][0] for e in asking if "hand count" in e["secrets"][0])
        wrong = "No —" if "yes, this hand is" in explanation else "Yes —"
        tab_to_text(page, ".tutor-quiz .widget-toggle-button", wrong)
        page.keyboard.press("Space")
        hand.get_by_text(re.compile(r"Your pick: (?!nothing)")).wait_for()
        tab_to(page, ".tutor-quiz button.tutor-quiz-check")
        page.keyboard.press("Enter")
        retry = hand.locator(".st-feedback.st-retry")
        retry.wait_for()
        text = retry.inner_text()
        assert "try again" in text and ("compare it with the mark" in text or "covered" in text)
        assert explanation not in plain(widget_state(page))  # the answer waits
        no_sideways_scroll(page, 360)
        screenshot(page, "judgment-06-second-try-360px-dark")
        tab_to(page, ".tutor-quiz button.tutor-quiz-show")
        page.keyboard.press("Enter")
        hand.locator(f"{FEEDBACK}:not(.st-retry)").wait_for()
        assert "hand count" in hand.locator(FEEDBACK).inner_text()
        # the replay: Next with the keyboard until a "Why?" note
        replay = page.locator(".tutor-replay")
        tab_to(page, ".tutor-replay button.tutor-replay-next")
        step = replay.locator(".tutor-replay-step")
        for _ in range(6):
            if replay.locator(".st-why-note").count():
                break
            before = step.inner_text()
            page.keyboard.press("Enter")
            expect(step).not_to_have_text(before)  # the kernel's next step has arrived
        replay.locator(".st-why-note").first.wait_for()
        note = replay.locator(".st-why-note").first.inner_text()
        assert note.startswith("Why ") and "?" in note
        audited(page, lesson_dirs["audit"], "a why note shown")
        no_sideways_scroll(page, 360)
        screenshot(page, "judgment-06-why-note-360px-dark")
        assert page.tutor_errors == [] and page.tutor_outside == []
    finally:
        close(page)


def test_cards_are_the_buttons_in_a_quiz_and_at_the_table(
        browser: Any, voila_server: VoilaServer, lesson_dirs: dict[str, Path]) -> None:
    page = dark_phone(browser, voila_server, "05-play.ipynb")
    try:
        q = page.locator(".tutor-quiz").first
        tab_to(page, ".tutor-quiz button.tutor-quiz-option.st-face-btn")
        name = page.evaluate("() => document.activeElement.innerText")
        assert re.fullmatch(r"(ace|ten|king|queen|jack|nine|eight|seven|six) of \w+", name)
        page.keyboard.press("Space")
        q.get_by_text(re.compile(r"Your pick: (?!nothing)")).wait_for()
        page.wait_for_function("() => document.activeElement.innerText.endsWith(', picked')")
        box = page.evaluate("() => { const r = document.activeElement.getBoundingClientRect();"
                            " return [r.width, r.height]; }")
        assert box[0] >= 40 and box[1] >= 56, box  # a card's face, big enough to hit
        no_sideways_scroll(page, 360)
        screenshot(page, "judgment-05-card-faces-360px-dark")
    finally:
        close(page)
    page = dark_phone(browser, voila_server, "14-play-against-the-engine.ipynb")
    try:
        table = page.locator(".tutor-table")
        tab_to(page, ".tutor-table button.tutor-load")  # the teacher's deal, stopped in trick 6
        page.keyboard.press("Enter")
        page.wait_for_function("""() => [...document.querySelectorAll(
            '.tutor-table button.tutor-card.st-face-btn')].some(b => !b.disabled)""")
        assert "Your cards are the buttons below" in table.inner_text()
        tab_to(page, ".tutor-table button.tutor-card.st-face-btn:not([disabled])")
        played = page.evaluate("() => document.activeElement.innerText")
        sizes = page.evaluate("""() => [...document.querySelectorAll(
            '.tutor-table button.tutor-card.st-face-btn')].filter(b => b.offsetParent)
            .map(b => [b.getBoundingClientRect().width, b.getBoundingClientRect().height])""")
        assert sizes and all(w >= 40 and h >= 56 for w, h in sizes), sizes  # faces, not slivers
        page.keyboard.press("Enter")
        # played: its face is gone from the row, and every face left is drawn (rank and suit)
        page.wait_for_function("""name => {
            const faces = [...document.querySelectorAll(
                '.tutor-table button.tutor-card.st-face-btn')].filter(b => b.offsetParent);
            return faces.length > 0 && faces.every(b => b.innerText !== name
                && getComputedStyle(b, '::before').content.includes('"'));
        }""", arg=played)
        audited(page, lesson_dirs["audit"], "a card played from its face")
        no_sideways_scroll(page, 360)
        screenshot(page, "judgment-14-table-card-faces-360px-dark")
        assert played and page.tutor_errors == [] and page.tutor_outside == []
    finally:
        close(page)


def test_presenter_mode_steps_with_the_keys_and_reveals(
        browser: Any, voila_server: VoilaServer, lesson_dirs: dict[str, Path]) -> None:
    page = open_lesson(browser, voila_server, "06-solo.ipynb?presenter=1&theme=dark",
                       width=1280, height=800)
    try:
        assert page.evaluate("() => document.body.classList.contains('st-presenter')")
        replay = page.locator(".tutor-replay")
        replay.scroll_into_view_if_needed()
        step = replay.locator(".tutor-replay-step")
        assert "every hand, open" in step.inner_text()
        page.evaluate("() => document.activeElement && document.activeElement.blur()")
        page.keyboard.press("ArrowRight")
        replay.get_by_text(re.compile(r"Step 2 of")).wait_for()
        page.keyboard.press("PageDown")
        replay.get_by_text(re.compile(r"Step 3 of")).wait_for()
        page.keyboard.press("ArrowLeft")
        replay.get_by_text(re.compile(r"Step 2 of")).wait_for()
        hands = replay.locator(".st-all-hands svg.st-hand")
        assert hands.count() == 4  # three hands open and the widow, face down
        audited(page, lesson_dirs["audit"], "presenter: the replay")
        screenshot(page, "judgment-06-presenter-dark")
        q = page.locator(".tutor-quiz").first
        assert "Presenter mode" in q.locator(".tutor-quiz-score").inner_text()
        tab_to(page, ".tutor-quiz button.tutor-quiz-reveal")
        page.keyboard.press("Enter")
        q.locator(FEEDBACK).wait_for()
        assert re.search(r"SBS-\d", q.locator(FEEDBACK).inner_text())
        assert page.tutor_errors == [] and page.tutor_outside == []
    finally:
        close(page)


def test_the_mastery_view_after_the_quizzes(
        browser: Any, voila_server: VoilaServer, lesson_dirs: dict[str, Path]) -> None:
    page = dark_phone(browser, voila_server, "00-welcome.ipynb")
    try:
        view = page.locator(".tutor-mastery")
        tab_to(page, ".tutor-mastery button.tutor-mastery-refresh")
        page.keyboard.press("Enter")
        lessons = view.locator("table.st-mastery").first
        lessons.wait_for()
        text = lessons.inner_text()
        assert "Card ranking" in text and "Solo" in text
        assert re.search(r"\d+ of \d+", text)  # the quizzes answered on the other pages
        if not view.locator("button.tutor-mastery-practise[disabled]").count():
            tab_to(page, ".tutor-mastery button.tutor-mastery-practise")
            page.keyboard.press("Enter")
            view.locator(".tutor-quiz .tutor-quiz-title").wait_for()
        no_sideways_scroll(page, 360)
        screenshot(page, "judgment-00-mastery-360px-dark")
        assert page.tutor_errors == [] and page.tutor_outside == []
    finally:
        close(page)
