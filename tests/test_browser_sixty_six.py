"""Sixty-Six at the table in a real browser (Debian's chromium through Playwright, against the
session's Voilà server), driven with the keyboard alone: Tab to a control, Enter or typed
letters.

The table (lesson 14) is switched to Sixty-Six with the keyboard; the learner draws and plays,
closes the stock at the first chance once a card has been drawn (the take-back then stops at the
draw, and the page says why), and plays the deal out card by card to its result; in the dark
theme the learner claims 66 instead. After every action the page's widget state is checked
against the kernel's account of what is hidden (``TUTOR_AUDIT_DIR``: the opponent's cards, the
stock, the tricks turned face down, reasons held back), and the page never shows a total but the
learner's own. Screenshots at a desktop's width and at 360 px, light and dark, go to
build/screenshots/.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from conftest_lesson import VoilaServer, close, open_lesson, screenshot
from test_browser_crazy import pick, press
from test_browser_table import Auditor, assert_fits

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("voila")]

TABLE = "14-play-against-the-engine.ipynb"
#: the learner's buttons at a Sixty-Six table
BUTTONS = ("button.tutor-card, button.tutor-draw, button.tutor-close, button.tutor-claim, "
           "button.tutor-exchange, button.tutor-marriage")
#: The learner may act (one of its buttons is enabled) or the deal is over, its result drawn.
READY = """() => {
  const t = document.querySelector('.tutor-table');
  const sel = 'BUTTONS'.split(', ').map(s => s + ':not([disabled])').join(', ');
  const ready = Array.from(t.querySelectorAll(sel)).some(b => b.offsetParent !== null);
  return ready || t.querySelector('.tutor-result').textContent.includes('The whole deal');
}""".replace("BUTTONS", BUTTONS)
#: The kernel has answered the learner's action: the log grew past ``n`` and the page is ready.
SETTLED = """n => {
  const t = document.querySelector('.tutor-table');
  return t.querySelectorAll('.st-log li').length > n && (READY)();
}""".replace("READY", READY)



def over(table: Any) -> bool:
    return "The whole deal" in table.locator(".tutor-result").inner_text()


def act(page: Any, table: Any, button: Any, auditor: Auditor, stage: str) -> None:
    """Press ``button`` with the keyboard and wait for the kernel and the bots; audit."""
    n = table.locator(".st-log li").count()
    press(page, button)
    page.wait_for_function(SETTLED, arg=n)
    auditor.check(stage, "TableWidget")
    shown = table.locator(".tutor-view").inner_text() + table.locator(".tutor-log").inner_text()
    if not over(table):  # SS-17: no total but the learner's own (and that one not by default)
        assert not re.search(r"(?<!Your )total", shown, re.IGNORECASE), shown


def enabled(table: Any, cls: str) -> Any:
    return table.locator(f"button.{cls}:not([disabled]):visible")


def play_a_deal(page: Any, table: Any, auditor: Auditor, closing: bool, shots: str | None
                ) -> str:
    """Play the deal on the page: draw and play the first legal card; once a card has been
    drawn from the stock, close it (or claim 66 when ``closing`` is False) at the first chance.
    Returns the move made ("close", "claim" or ""). With ``shots``, screenshots once a trick
    has fallen (desktop and 360 px); after each of the learner's draws the page says why the
    take-back stops there (SS-5)."""
    move = ""
    while True:
        page.wait_for_function(READY)
        if over(table):
            return move
        drawn = "draw from the stock" in table.locator(".tutor-log").inner_text()
        if shots and table.locator(".st-fallen").count() and drawn:
            screenshot(page, f"{shots}-light")
            page.set_viewport_size({"width": 360, "height": 740})
            assert_fits(page, 360)
            screenshot(page, f"{shots}-360px")
            page.set_viewport_size({"width": 1100, "height": 900})
            shots = None
        special = enabled(table, "tutor-close" if closing else "tutor-claim")
        if drawn and not move and special.count():
            move = "close" if closing else "claim"
            act(page, table, special.first, auditor, move)
            continue
        draw = enabled(table, "tutor-draw")
        if draw.count():
            act(page, table, draw.first, auditor, "a draw")
            if not over(table):  # the learner's own draw cannot be taken back: the page says why
                note = table.locator(".tutor-undo-note").inner_text()
                assert "never crosses a draw from the stock" in note, note
                assert table.locator("button.tutor-undo").is_disabled()
            continue
        act(page, table, enabled(table, "tutor-card").first, auditor, "a card")


def test_sixty_six_with_the_keyboard(browser: Any, voila_server: VoilaServer,
                                     lesson_dirs: dict[str, Any]) -> None:
    page = open_lesson(browser, voila_server, TABLE)
    try:
        auditor = Auditor(page, lesson_dirs["audit"])
        table = page.locator(".tutor-table")
        pick(page, table.locator(".tutor-game-pick select"), "Sixt")
        table.locator(".st-stock").first.wait_for()
        page.wait_for_function(READY)
        auditor.check("Sixty-Six dealt", "TableWidget")
        assert "Stock — 11 cards" in table.locator(".tutor-view").inner_text()
        moves = set()
        for k in range(6):  # a deal the bots do not end first, with the learner's close
            move = play_a_deal(page, table, auditor, closing=True,
                               shots="14-table-sixty-six-play" if k == 0 else None)
            moves.add(move)
            result = table.locator(".tutor-result").inner_text()
            assert "The deal’s result" in result and "Game points" in result
            if move:
                break
            press(page, table.locator("button.tutor-new-deal"))
            page.wait_for_function("() => !document.querySelector('.tutor-table "
                                   ".tutor-result').textContent.includes('The whole deal')")
        assert "close" in moves
        log = table.locator(".tutor-log").inner_text()
        assert "close the stock" in log
        screenshot(page, "14-table-sixty-six-end-light")
        page.set_viewport_size({"width": 360, "height": 740})
        assert_fits(page, 360)
        screenshot(page, "14-table-sixty-six-end-360px")
        assert page.tutor_errors == [], page.tutor_errors
    finally:
        close(page)
    page = open_lesson(browser, voila_server, TABLE, theme="dark")
    try:
        auditor = Auditor(page, lesson_dirs["audit"])
        table = page.locator(".tutor-table")
        pick(page, table.locator(".tutor-game-pick select"), "Sixt")
        table.locator(".st-stock").first.wait_for()
        page.wait_for_function(READY)
        screenshot(page, "14-table-sixty-six-start-dark")
        page.set_viewport_size({"width": 360, "height": 740})
        assert_fits(page, 360)
        screenshot(page, "14-table-sixty-six-start-360px-dark")
        page.set_viewport_size({"width": 1100, "height": 900})
        for _ in range(6):  # a claim, this time
            if play_a_deal(page, table, auditor, closing=False, shots=None) == "claim":
                break
            press(page, table.locator("button.tutor-new-deal"))
            page.wait_for_function("() => !document.querySelector('.tutor-table "
                                   ".tutor-result').textContent.includes('The whole deal')")
        else:
            pytest.fail("the learner never had a claim to make")
        assert "claim 66" in table.locator(".tutor-log").inner_text()
        assert "SS-13a" in table.locator(".tutor-result").inner_text()
        screenshot(page, "14-table-sixty-six-claim-dark")
        assert page.tutor_errors == [], page.tutor_errors
    finally:
        close(page)
