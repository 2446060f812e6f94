"""The table, the advisor and the decision quizzes in a real browser (Debian's chromium through
Playwright, against the session's Voilà server).

- A whole deal is played at the table by clicking the page's buttons, to the settlement and the
  review; after **every** action the page's whole widget state (read from its widget manager)
  is checked against the kernel's own account of what is hidden (``TUTOR_AUDIT_DIR``): no card
  of another seat, of the widow, nor a held-back reason.
- A bid-decision and a play-decision question make the round trip; before the answer, nothing
  of it is on the page.
- The advisor's progress bar moves and its chart appears.
- Frog is picked at the table: the learner bids the Frog, takes the widow and discards from the
  discard row (14 cards, fitting a 360 px screen), and plays the deal out, audited like the rest.

Screenshots (light, dark, 360 px) go to build/screenshots/.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from conftest_lesson import (
    KERNEL_ID,
    FrameLog,
    VoilaServer,
    check_audit,
    close,
    open_lesson,
    screenshot,
)

from tutor.quiz.progress import FORMAT, progress_path

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("voila")]

TABLE = "14-play-against-the-engine.ipynb"
DECISIONS = "15-decisions.ipynb"
#: The kernel has finished the learner's action: a learner button is enabled again, or the deal
#: is over and its review drawn.
SETTLED = """n => {
  const t = document.querySelector('.tutor-table');
  const log = t.querySelectorAll('.st-log li').length;
  const ready = Array.from(t.querySelectorAll('button.tutor-call:not([disabled]), '
    + 'button.tutor-trump:not([disabled]), button.tutor-card:not([disabled]), '
    + 'button.tutor-discard:not([disabled])'))
    .some(b => b.offsetParent !== null);
  const over = t.querySelector('.tutor-result').textContent.includes('The whole deal');
  return log > n && (ready || over);
}"""


#: The learner may act (a button is enabled) or the deal is over with its review drawn.
READY = """() => {
  const t = document.querySelector('.tutor-table');
  const ready = Array.from(t.querySelectorAll('button.tutor-call:not([disabled]), '
    + 'button.tutor-trump:not([disabled]), button.tutor-card:not([disabled]), '
    + 'button.tutor-discard:not([disabled])'))
    .some(b => b.offsetParent !== null);
  return ready || t.querySelector('.tutor-result').textContent.includes('The whole deal');
}"""


def new_deal(page: Any, table: Any) -> None:
    """Deal again and wait until the learner may act (the bots before the learner have moved)."""
    table.locator("button.tutor-new-deal").click()
    page.wait_for_function("""() => !document.querySelector('.tutor-table .tutor-result')
        .textContent.includes('The whole deal')""")
    page.wait_for_function(READY)


def assert_fits(page: Any, width: int) -> None:
    """No sideways scrolling, and every visible control of the lesson widgets within the
    viewport (a clipped input or button is as bad as a scroll bar)."""
    widths = page.evaluate("""() => Array.from(document.querySelectorAll(
        'html, body, #rendered_cells, .tutor-widget')).map(e => [e.scrollWidth,
        e.clientWidth])""")
    for scroll, client in widths:
        assert scroll <= max(client, width) + 1, widths
    outside = page.evaluate("""w => Array.from(document.querySelectorAll(
        '.tutor-widget input, .tutor-widget select, .tutor-widget button'))
        .filter(e => e.offsetParent !== null)
        .map(e => [e.className || e.tagName, e.getBoundingClientRect().right])
        .filter(([_, r]) => r > w + 1)""", width)
    assert not outside, outside


class Auditor:
    """Compares the page's widget state with the kernel's audit of what is hidden."""

    def __init__(self, page: Any, audit_dir: Path, frames: FrameLog | None = None) -> None:
        self.page = page
        self.audit_dir = audit_dir
        self.frames = frames
        self.kernel = page.evaluate(KERNEL_ID)
        self.checks = 0

    def check(self, stage: str, panel: str) -> list[dict[str, Any]]:
        """The page's state now against the kernel's audit (:func:`check_audit`)."""
        entries = check_audit(self.page, self.audit_dir, self.kernel, stage, panel, self.frames)
        self.checks += 1
        return entries


def learner_click(table: Any) -> str:
    """Click what a learner would: bid Solo when allowed, else pass; the first enabled trump;
    the first enabled card. Returns the label clicked, or "" when no button is enabled.

    It first waits until the learner may act or the deal is over (:data:`READY`). The widgets
    update one by one, so a button seen enabled a moment ago may be disabled by the time it is
    looked for again (the bots were still moving): then nothing is clicked and the caller looks
    at the table again."""
    table.page.wait_for_function(READY)
    for sel in ("button.tutor-call:not([disabled]):visible",
                "button.tutor-trump:not([disabled]):visible",
                "button.tutor-card:not([disabled]):visible"):
        buttons = table.locator(sel)
        if buttons.count():
            labels = [b.strip() for b in buttons.all_inner_texts()]
            i = labels.index("Solo") if "Solo" in labels else 0
            if sel.startswith("button.tutor-call") and "Solo" not in labels:
                i = labels.index("pass")
            buttons.nth(i).click()
            return labels[i]
    return ""


def test_a_whole_deal_at_the_table(browser: Any, voila_server: VoilaServer,
                                   lesson_dirs: dict[str, Path]) -> None:
    frames = FrameLog()
    page = open_lesson(browser, voila_server, TABLE, frames=frames)
    try:
        assert page.tutor_errors == [], page.tutor_errors
        auditor = Auditor(page, lesson_dirs["audit"], frames)
        table = page.locator(".tutor-table")
        page.wait_for_function(READY)
        auditor.check("loaded", "TableWidget")
        timings: list[float] = []
        shot = False
        for deal in range(6):
            while True:
                n = table.locator(".st-log li").count()
                label = learner_click(table)
                if label:
                    start = time.perf_counter()
                    page.wait_for_function(SETTLED, arg=n, timeout=120_000)
                    timings.append(time.perf_counter() - start)
                    auditor.check(f"deal {deal}, after {label}", "TableWidget")
                if "The whole deal" in table.locator(".tutor-result").inner_text():
                    break
                if not shot and table.locator(".st-fallen").count():
                    screenshot(page, "14-table-mid-deal")
                    shot = True
            result = table.locator(".tutor-result").inner_text()
            if "Settlement" in result:
                break
            new_deal(page, table)  # thrown in: deal again
        result = table.locator(".tutor-result").inner_text()
        assert "Settlement" in result and "card by card" in result and "SBS-27" in result
        assert re.search(r"\d+ of 11 cards were best", result)
        assert page.tutor_errors == [], page.tutor_errors
        assert auditor.checks >= 12
        screenshot(page, "14-table-end-light")
        print(f"browser round trips: max {max(timings):.2f} s over {len(timings)} actions")
    finally:
        close(page)


def test_table_hint_take_back_dark_and_narrow(browser: Any, voila_server: VoilaServer,
                                              lesson_dirs: dict[str, Path]) -> None:
    page = open_lesson(browser, voila_server, TABLE, theme="dark")
    try:
        auditor = Auditor(page, lesson_dirs["audit"])
        table = page.locator(".tutor-table")
        # to the play: pass, and deal again until a bot wins the auction
        for _ in range(10):
            page.wait_for_function(READY)
            if table.locator("button.tutor-card:not([disabled]):visible").count():
                break
            n = table.locator(".st-log li").count()
            if "The whole deal" in table.locator(".tutor-result").inner_text():
                new_deal(page, table)
                continue
            if learner_click(table):
                page.wait_for_function(SETTLED, arg=n)
        assert table.locator("button.tutor-card:not([disabled]):visible").count()
        table.locator("button.tutor-hint").click()
        table.locator(".tutor-hint-out").get_by_text("Hint:").wait_for(timeout=60_000)
        auditor.check("hint", "TableWidget")
        n = table.locator(".st-log li").count()
        table.locator("button.tutor-card:not([disabled]):visible").first.click()
        page.wait_for_function(SETTLED, arg=n)
        table.locator("button.tutor-undo").click()
        table.locator(".tutor-compare").get_by_text("Taken back").wait_for()
        page.wait_for_function(
            "n => document.querySelectorAll('.tutor-table .st-log li').length === n", arg=n)
        auditor.check("taken back", "TableWidget")
        # the teaching aid: past tricks and points, labelled
        table.get_by_text("Teaching aid: past tricks and points").click()
        table.locator(".tutor-aid").get_by_text("SBS-25").wait_for()
        assert page.evaluate("() => document.body.dataset.jpThemeLight") == "false"
        screenshot(page, "14-table-dark")
    finally:
        close(page)
    page = open_lesson(browser, voila_server, TABLE, width=360, height=740)
    try:
        assert_fits(page, 360)
        screenshot(page, "14-table-360px")
    finally:
        close(page)


def frog_record(folder: Path, seed: int) -> Path:
    """A Frog deal where seat 0 (forehand) has bid the Frog and both others passed: the bidder
    has taken the widow in and is to discard (FR-2)."""
    from tutor.engine.record import dumps
    from tutor.games import make_game

    state = make_game("frog").new_deal(seed, 2)
    for call in ("frog", "pass", "pass"):
        state.apply(next(a for a in state.legal_actions() if state.token(a) == call))
    path = folder / f"frog-{seed}.json"
    path.write_text(dumps(state.record()), encoding="utf-8")
    return path


def frog_to_the_discard(page: Any, auditor: Auditor, record: Path) -> Any:
    """Pick Frog at the table, then open a Frog record where the learner (seat 0) has won the
    auction with the Frog bid: the discard row is up. Returns the table."""
    table = page.locator(".tutor-table")
    table.locator(".tutor-game-pick select").select_option(label="Frog (game)")
    table.locator("button.tutor-call", has_text="Frog bid").wait_for()
    page.wait_for_function(READY)
    auditor.check("Frog picked", "TableWidget")
    with page.expect_file_chooser() as chooser:  # the learner opens a record from disk
        table.locator("button.tutor-upload").click()
    chooser.value.set_files(str(record))
    table.locator(".tutor-files").get_by_text("Frog (game)").wait_for()
    table.locator("button.tutor-discard:not([disabled]):visible").first.wait_for()
    auditor.check("Frog: the widow taken in", "TableWidget")
    return table


def frog_click(table: Any) -> str:
    """The learner's next Frog action: the first enabled discard, call (pass) or card."""
    table.page.wait_for_function(READY)
    for sel in ("button.tutor-discard:not([disabled]):visible",
                "button.tutor-call:not([disabled]):visible",
                "button.tutor-card:not([disabled]):visible"):
        buttons = table.locator(sel)
        if buttons.count():
            label = buttons.first.inner_text().strip()
            buttons.first.click()
            return label
    return ""


@pytest.mark.rule("FR-2")
def test_frog_at_the_table_light_dark_and_narrow(browser: Any, voila_server: VoilaServer,
                                                 lesson_dirs: dict[str, Path],
                                                 tmp_path: Path) -> None:
    """Frog picked at the table and a Frog record opened where the learner bid the Frog: the
    discard row's 14 cards on a desktop (light and dark) and a 360 px phone; the deal played to
    the settlement, audited after every action (nobody sees the widow, the defenders never see
    the discard)."""
    frames = FrameLog()
    page = open_lesson(browser, voila_server, TABLE, frames=frames)
    try:
        auditor = Auditor(page, lesson_dirs["audit"], frames)
        table = frog_to_the_discard(page, auditor, frog_record(tmp_path, 5))
        assert table.locator("button.tutor-discard:visible").count() == 14
        screenshot(page, "14-table-frog-discard-light")
        while "The whole deal" not in table.locator(".tutor-result").inner_text():
            n = table.locator(".st-log li").count()
            label = frog_click(table)
            if label:
                page.wait_for_function(SETTLED, arg=n, timeout=60_000)
                auditor.check(f"Frog, after {label}", "TableWidget")
        result = table.locator(".tutor-result").inner_text()
        assert "Settlement" in result and "Frog" in result
        assert page.tutor_errors == [], page.tutor_errors
        screenshot(page, "14-table-frog-end-light")
    finally:
        close(page)
    for theme, width in (("dark", 1100), (None, 360)):
        page = open_lesson(browser, voila_server, TABLE, theme=theme, width=width, height=740)
        try:
            auditor = Auditor(page, lesson_dirs["audit"])
            table = frog_to_the_discard(page, auditor, frog_record(tmp_path, 6))
            assert table.locator("button.tutor-discard:visible").count() == 14
            if width == 360:
                assert_fits(page, 360)
            screenshot(page, f"14-table-frog-discard-{theme or '360px'}")
        finally:
            close(page)


def learner_file(progress_dir: Path, name: str, salt: int) -> None:
    """A fresh progress file with a known salt: the learner's question seeds are then fixed."""
    path = progress_path(progress_dir, name)
    path.write_text(json.dumps({"format": FORMAT, "learner": name, "salt": salt, "issued": 0,
                                "answered": 0, "correct": 0, "games": {},
                                "recent": []}), encoding="utf-8")


def answer(page: Any, quiz: Any, auditor: Auditor) -> str:
    """Pick the first choice, check it, wait for the feedback; audit before the answer."""
    choices = quiz.locator(".tutor-quiz-choices button")
    choices.first.wait_for(timeout=180_000)
    before = auditor.check("asked", "DecisionQuiz")
    assert any(e["secrets"] for e in before), "an explanation is a secret until answered"
    choices.first.click()
    quiz.get_by_text(re.compile(r"Your pick: (?!nothing)")).wait_for()
    page.wait_for_function("q => !q.querySelector('button.tutor-quiz-check').disabled",
                           arg=quiz.element_handle())
    quiz.locator("button.tutor-quiz-check").click()
    feedback = quiz.locator(".tutor-quiz-feedback .st-feedback")
    feedback.wait_for()
    return str(feedback.inner_text())


def test_decision_quizzes_and_advisor(browser: Any, voila_server: VoilaServer,
                                      lesson_dirs: dict[str, Path]) -> None:
    name = f"decisions-{time.monotonic_ns()}"
    learner_file(lesson_dirs["progress"], name, salt=3)
    frames = FrameLog()
    page = open_lesson(browser, voila_server, DECISIONS, frames=frames)
    try:
        assert page.tutor_errors == [], page.tutor_errors
        auditor = Auditor(page, lesson_dirs["audit"], frames)
        # the learner's name picks the progress file (and so the question seeds)
        box = page.locator(".tutor-learner-name input")
        box.fill(name)
        box.press("Enter")
        page.locator(".tutor-learner").get_by_text(f"{name}:").wait_for()
        bid, play = page.locator(".tutor-decisions").nth(0), page.locator(".tutor-decisions").nth(1)

        # the page opened without the solver: nothing is asked before the learner's click
        assert play.locator(".tutor-quiz-choices button").count() == 0
        # a play decision: found on request (the engine warms up first), answered
        play.locator("button.tutor-quiz-next").click()
        words = answer(page, play, auditor)
        assert re.search(r"Right!|Not quite", words) and "SBS-23" in words
        play.locator(".tutor-decision-evidence").get_by_text("Where the cards were").wait_for()

        # a bid decision: found on request, answered, the advisor's table shown
        bid.locator("button.tutor-quiz-next").click()
        words = answer(page, bid, auditor)
        assert "SBS-14" in words and "advisor" in words
        bid.locator(".tutor-decision-evidence .st-advice").wait_for()
        bid.locator(".tutor-decision-evidence svg").first.wait_for()
        screenshot(page, "15-decisions-answered")

        # the advisor: the bar moves, the table fills in, the chart appears
        adv = page.locator(".tutor-advisor")
        bar = adv.locator(".tutor-advisor-progress")
        assert bar.count() == 0  # made on the first Advise, with the advice's outputs
        adv.locator("button.tutor-advisor-go").click()
        bar.wait_for()
        adv.locator(".tutor-advisor-table table").wait_for(timeout=60_000)
        first = adv.locator(".tutor-advisor-progress-text").inner_text()
        adv.locator(".tutor-advice-chart svg").wait_for(timeout=120_000)
        assert "mod-success" in (bar.locator(".progress-bar").get_attribute("class") or "") or \
            bar.locator(".progress-bar-success").count()
        done = adv.locator(".tutor-advisor-progress-text").inner_text()
        assert re.search(r"(\d+) of \1 deals solved|stopped: the best call is already clear|"
                         r"stopped at the [\d.]+-second budget", done), done
        assert "deals solved" in first
        assert "Verdict" in adv.locator(".tutor-advisor-verdict").inner_text()
        auditor.check("advised", "AdvisorPanel")
        # facing forehand's Solo: the deals read that bid, and the verdict says so
        adv.locator(".tutor-advisor-situation select").select_option(
            label="Middlehand, forehand bid Solo")
        adv.locator("button.tutor-advisor-go").click()
        adv.locator(".tutor-advisor-verdict").get_by_text(
            re.compile(r"Calls read \(seat \d bid Solo\)")).wait_for(timeout=120_000)
        assert page.tutor_errors == [], page.tutor_errors
        screenshot(page, "15-decisions-light")
    finally:
        close(page)
    for theme, width in (("dark", 1100), (None, 360)):
        page = open_lesson(browser, voila_server, DECISIONS, theme=theme, width=width)
        try:
            play = page.locator(".tutor-decisions").nth(1)
            play.locator("button.tutor-quiz-next").click()
            play.locator(".tutor-quiz-choices button").first.wait_for(timeout=120_000)
            if width == 360:
                assert_fits(page, 360)
            screenshot(page, f"15-decisions-{theme or '360px'}")
        finally:
            close(page)
