"""A real browser: Debian's chromium, driven by Playwright, against the session's Voilà server.

Every lesson loads (a screenshot of each goes to build/screenshots/), a legal-play quiz makes
the round trip to the kernel and back, a quiz is answered with the keyboard alone, a 360 px
viewport does not scroll sideways, the dark theme is dark — and the whole widget state the
page holds (read from its widget manager) and every kernel message it received hold no answer
before it is revealed and no card the learner's seat may not see.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import nbformat
import pytest
from conftest_lesson import (
    KERNEL_ID,
    LESSONS,
    NOTEBOOKS,
    FrameLog,
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

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("voila")]



def quiz(page: Any, n: int = 0) -> Any:
    return page.locator(".tutor-quiz").nth(n)


@pytest.mark.parametrize("name", LESSONS)
def test_lesson_loads(browser: Any, voila_server: VoilaServer, name: str) -> None:
    page = open_lesson(browser, voila_server, name)
    try:
        assert page.tutor_errors == [], page.tutor_errors
        assert page.tutor_outside == [], page.tutor_outside  # nothing from the internet
        text = page.inner_text("body")
        assert "Traceback" not in text and "Error" not in text
        assert page.locator(".tutor-widget").count() >= 1
        nb = nbformat.read(NOTEBOOKS / name, as_version=4)
        for cell in nb.cells:  # sources stripped: no line of code on the page
            if cell.cell_type == "code":
                for line in cell.source.splitlines():
                    assert len(line) < 13 or line not in text, line
        screenshot(page, f"{name.removesuffix('.ipynb')}-light")
    finally:
        close(page)


def test_the_tree_of_lessons(browser: Any, voila_server: VoilaServer) -> None:
    """`make lesson` opens on Voilà's list of the lessons: it loads offline and links them."""
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    outside: list[str] = []
    page.on("request", lambda r: outside.append(r.url) if "127.0.0.1" not in r.url else None)
    try:
        # the listing is drawn by the page's script from the contents API: the first page a
        # browser opens on a loaded 2-core machine may take over the default 30 s (as lessons do)
        page.goto(voila_server.url + "/", timeout=120_000)
        page.get_by_text("00-welcome.ipynb", exact=True).wait_for(timeout=120_000)
        for name in LESSONS:
            page.get_by_text(name, exact=True).wait_for()  # the listing may still be arriving
            assert page.get_by_text(name, exact=True).count() == 1, name
        for hidden in ("deals", "pictures", "make_lessons.py"):  # data and code stay out of view
            assert page.get_by_text(hidden, exact=True).count() == 0, hidden
        assert outside == []
        screenshot(page, "tree")
    finally:
        context.close()


def test_closing_the_page_frees_its_kernel(browser: Any, voila_server: VoilaServer) -> None:
    page = open_lesson(browser, voila_server, "12-settlement.ipynb")
    kernel = page.evaluate(KERNEL_ID)
    assert voila_server.kernel_pid(kernel) is not None
    page.close(run_before_unload=True)  # as a browser tab closes: the unload beacon runs
    page.context.close()
    deadline = time.monotonic() + 30
    while voila_server.kernel_pid(kernel) is not None and time.monotonic() < deadline:
        time.sleep(0.1)  # polling the process table
    assert voila_server.kernel_pid(kernel) is None


def test_legal_play_quiz_round_trip(browser: Any, voila_server: VoilaServer) -> None:
    page = open_lesson(browser, voila_server, "05-play.ipynb")
    try:
        q = quiz(page, 0)
        cards = q.locator("button.tutor-quiz-option")  # each card's face is the button
        assert cards.count() >= 1
        name = cards.nth(0).get_attribute("title") or ""
        cards.nth(0).click()
        q.get_by_text(re.compile(r"Your pick: (?!nothing)")).wait_for()
        label = q.locator(".tutor-quiz-pick").inner_text().removeprefix("Your pick: ").strip()
        q.locator("button.tutor-quiz-check").click()
        feedback = q.locator(".tutor-quiz-feedback .st-feedback")
        feedback.wait_for()
        if q.locator("button.tutor-quiz-show:not([disabled])").count():  # a second try: shown
            q.locator("button.tutor-quiz-show").click()
            q.locator(".tutor-quiz-feedback .st-feedback:not(.st-retry)").wait_for()
        words = feedback.inner_text()
        assert "SBS-23" in words and "Score:" in words and label in words, (name, words)
        assert re.search(r"Right!|Not quite", words)
        assert q.locator("button.tutor-quiz-option").nth(0).is_disabled()
        q.locator("button.tutor-quiz-next").click()  # and a new question arrives
        q.locator(".tutor-quiz-feedback .st-feedback").wait_for(state="detached")
        screenshot(page, "05-play-round-trip")
    finally:
        close(page)


def test_quiz_with_the_keyboard_alone(browser: Any, voila_server: VoilaServer) -> None:
    page = open_lesson(browser, voila_server, "01-card-ranking.ipynb")
    try:
        q = quiz(page)

        def focused(selector: str) -> bool:
            return bool(page.evaluate(
                "s => !!document.activeElement && document.activeElement.matches(s)", selector))

        def tab_to(selector: str, limit: int = 80) -> None:
            for _ in range(limit):
                page.keyboard.press("Tab")
                if focused(selector):
                    return
            pytest.fail(f"Tab never reached {selector}")

        tab_to(".tutor-quiz .widget-toggle-button")
        page.keyboard.press("Space")
        q.locator(".widget-toggle-button.mod-active").wait_for()
        q.get_by_text(re.compile(r"Your pick: (?!nothing)")).wait_for()
        page.wait_for_function(
            "() => !document.querySelector('.tutor-quiz button.tutor-quiz-check').disabled")
        tab_to(".tutor-quiz button.tutor-quiz-check")
        page.keyboard.press("Enter")
        feedback = q.locator(".tutor-quiz-feedback .st-feedback")
        feedback.wait_for()
        assert "SBS-2" in feedback.inner_text()
        tab_to(".tutor-quiz button.tutor-quiz-next")
        page.keyboard.press("Enter")
        feedback.wait_for(state="detached")
    finally:
        close(page)


def test_narrow_viewport(browser: Any, voila_server: VoilaServer) -> None:
    for name in ("05-play.ipynb", "06-solo.ipynb"):
        page = open_lesson(browser, voila_server, name, width=360, height=740)
        try:
            widths = page.evaluate("""() => Array.from(document.querySelectorAll(
                'html, body, #rendered_cells, .tutor-widget')).map(e => [e.scrollWidth,
                e.clientWidth])""")
            for scroll, client in widths:
                assert scroll <= max(client, 360) + 1, widths  # no sideways scrolling
            screenshot(page, f"{name.removesuffix('.ipynb')}-360px")
        finally:
            close(page)


def luminance(css: str) -> float:
    r, g, b = (int(x) / 255 for x in re.findall(r"\d+", css)[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_dark_theme(browser: Any, voila_server: VoilaServer) -> None:
    page = open_lesson(browser, voila_server, "06-solo.ipynb", theme="dark")
    try:
        assert page.evaluate("() => document.body.dataset.jpThemeLight") == "false"
        colours = page.evaluate("""() => {
            const face = document.querySelector('.tutor-replay svg.st-card .st-face');
            const text = document.querySelector('.tutor-replay .st-commentary p');
            return [getComputedStyle(document.body).backgroundColor,
                    getComputedStyle(face).fill, getComputedStyle(text).color];
        }""")
        background, face, text = (luminance(c) for c in colours)
        assert background < 0.3 and face < 0.3 and text > 0.6, colours
        screenshot(page, "06-solo-dark")
    finally:
        close(page)


@pytest.mark.parametrize("name", ["03-the-deal.ipynb", "04-the-auction.ipynb", "05-play.ipynb",
                                  "06-solo.ipynb", "10-spread-misere.ipynb",
                                  "21-frog-discard.ipynb", "23-frog-worked-deals.ipynb"])
def test_browser_holds_no_hidden_card_and_no_answer(browser: Any, voila_server: VoilaServer,
                                                    lesson_dirs: dict[str, Path],
                                                    name: str) -> None:
    frames = FrameLog()
    page = open_lesson(browser, voila_server, name, frames=frames)
    try:
        kernel = page.evaluate(KERNEL_ID)

        def check(stage: str) -> list[dict[str, Any]]:
            return check_audit(page, lesson_dirs["audit"], kernel, stage, frames=frames)

        check("loaded")
        # step the deal widgets on, then check again (each step changes what is hidden)
        for button_sel, label_sel in ((".tutor-replay-next", ".tutor-replay-step"),
                                      (".tutor-deal-next", ".tutor-deal-words")):
            button = page.locator(f"button{button_sel}").first
            if not button.count():
                continue
            label = page.locator(label_sel).first
            for _ in range(4):
                before = label.inner_text()
                button.click()
                expect(label).not_to_have_text(before)
        check("stepped")
        # answering reveals the explanation: the same detector now finds it (so it can fail)
        audit = read_audit(lesson_dirs["audit"], kernel)
        asking = {k: v for k, v in audit.items() if v["panel"] == "QuizWidget" and v["secrets"]}
        if asking:
            q = quiz(page, 0)
            q.locator(".widget-toggle-button, .tutor-quiz-option input").first.click()
            page.wait_for_function(
                "() => !document.querySelector('.tutor-quiz button.tutor-quiz-check').disabled")
            q.locator("button.tutor-quiz-check").click()
            # the answer is in: right (the explanation), or a wrong first try whose "Show the
            # answer" is enabled (the widgets arrive one by one: wait for both, not the first)
            page.wait_for_function("""() => {
              const q = document.querySelectorAll('.tutor-quiz')[0];
              const fb = q.querySelector('.tutor-quiz-feedback .st-feedback');
              if (!fb) return false;
              const show = q.querySelector('button.tutor-quiz-show');
              return !fb.classList.contains('st-retry') || (show !== null && !show.disabled);
            }""")
            if q.locator(".tutor-quiz-feedback .st-retry").count():  # a wrong first try
                q.locator("button.tutor-quiz-show").click()  # then the answer, shown
                q.locator(".tutor-quiz-feedback .st-feedback:not(.st-retry)").wait_for()
            after = read_audit(lesson_dirs["audit"], kernel)
            answered = [k for k in asking if not after[k]["secrets"]]
            assert len(answered) == 1
            assert asking[answered[0]]["secrets"][0] in plain(widget_state(page))
    finally:
        close(page)
