"""Auction Pitch at the table in a real browser (Debian's chromium through Playwright, against the
session's Voilà server), driven with the keyboard alone: Tab to a control, Enter or typed letters.

The table (lesson 14) is switched to Auction Pitch with the keyboard, four seats; a match to 7 is
started and hands are played through the page — the learner pitches at 4 whenever it may (a bid
a random hand seldom makes) and plays its first legal card — until the score board holds a
negative score (a pitcher set back, PI-11), drawn with a minus sign and boxed. After every action
the page's widget state is checked against the kernel's account of what is hidden
(``TUTOR_AUDIT_DIR``: the other hands and the undealt cards, PI-3; reasons held back). The dark
theme opens the table on a hand in play. Screenshots at a desktop's width and at 360 px, light
and dark, go to build/screenshots/.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest_lesson import VoilaServer, close, open_lesson, screenshot
from test_browser_crazy import pick, press
from test_browser_table import Auditor, assert_fits

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("voila")]

TABLE = "14-play-against-the-engine.ipynb"
#: The learner may act (a call or a card is enabled) or the hand is over, its result drawn.
READY = """() => {
  const t = document.querySelector('.tutor-table');
  const ready = Array.from(t.querySelectorAll('button.tutor-call:not([disabled]), '
    + 'button.tutor-card:not([disabled])')).some(b => b.offsetParent !== null);
  return ready || t.querySelector('.tutor-result').textContent.includes('The whole deal');
}"""
#: The kernel has answered the learner's action: the log grew past ``n`` and the page is ready.
SETTLED = """n => {
  const t = document.querySelector('.tutor-table');
  return t.querySelectorAll('.st-log li').length > n && (READY)();
}""".replace("READY", READY)
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1100, "height": 900}


def over(table: Any) -> bool:
    return "The whole deal" in table.locator(".tutor-result").inner_text()


def enabled(table: Any, cls: str, text: str | None = None) -> Any:
    found = table.locator(f"button.{cls}:not([disabled]):visible")
    return found.filter(has_text=text) if text else found


def act(page: Any, table: Any, button: Any, auditor: Auditor, stage: str) -> None:
    """Press ``button`` with the keyboard, wait for the kernel and the bots; audit."""
    n = table.locator(".st-log li").count()
    press(page, button)
    page.wait_for_function(SETTLED, arg=n)
    auditor.check(stage, "TableWidget")


def both_widths(page: Any, name: str) -> None:
    """Screenshots at a desktop's width and at 360 px (which must fit: no sideways scroll)."""
    screenshot(page, name)
    page.set_viewport_size(PHONE)
    assert_fits(page, 360)
    screenshot(page, f"{name}-360px")
    page.set_viewport_size(DESKTOP)


def play_a_hand(page: Any, table: Any, auditor: Auditor, shots: str | None) -> None:
    """Pitch at 4 when the learner may, else pass; then play the first legal card each time.
    With ``shots``, screenshots once a trick is on the table."""
    while True:
        page.wait_for_function(READY)
        if over(table):
            return
        view = table.locator(".tutor-view").inner_text()
        assert "Undealt" in view and "never shown (PI-3)" in view
        if shots and table.locator(".st-ring .st-trick").count() and "Trump" in view:
            both_widths(page, shots)
            shots = None
        bid = enabled(table, "tutor-call", "bid 4")
        if bid.count():
            act(page, table, bid.first, auditor, "bid 4")
        elif enabled(table, "tutor-call").count():
            act(page, table, enabled(table, "tutor-call", "pass").first, auditor, "pass")
        else:
            act(page, table, enabled(table, "tutor-card").first, auditor, "a card")


def start_match(page: Any, table: Any, auditor: Auditor) -> None:
    """Auction Pitch at four seats, a match to 7, with the keyboard."""
    pick(page, table.locator(".tutor-game-pick select"), "Auct")
    table.locator("button.tutor-call", has_text="bid 4").wait_for()
    table.locator(".st-ring.st-seats-4").wait_for()
    page.wait_for_function(READY)
    auditor.check("Auction Pitch dealt", "TableWidget")
    pick(page, table.locator(".tutor-mode-pick select"), "a match to 7")
    press(page, table.locator("button.tutor-new-deal"))
    table.locator(".st-pitch-match").wait_for()
    page.wait_for_function(READY)
    auditor.check("the match begins", "TableWidget")


def test_auction_pitch_at_four_seats_with_the_keyboard(browser: Any, voila_server: VoilaServer,
                                                       lesson_dirs: dict[str, Any]) -> None:
    page = open_lesson(browser, voila_server, TABLE)
    try:
        auditor = Auditor(page, lesson_dirs["audit"])
        table = page.locator(".tutor-table")
        start_match(page, table, auditor)
        board = table.locator(".tutor-status .st-board")
        assert "Match to 7 (PI-12)" in table.locator(".tutor-status").inner_text()
        for hand in range(8):
            play_a_hand(page, table, auditor, "14-table-pitch-play-light" if hand == 0 else None)
            result = table.locator(".tutor-result").inner_text()
            assert "The hand’s result" in result and "High (PI-10)" in result
            assert "Game (PI-10)" in result and "game points" in result
            if board.locator(".st-neg").count():
                break
            press(page, table.locator("button.tutor-new-deal"))  # the next hand of the match
            page.wait_for_function("() => !document.querySelector('.tutor-table "
                                   ".tutor-result').textContent.includes('The whole deal')")
            page.wait_for_function(READY)
            auditor.check("the next hand", "TableWidget")
        else:
            pytest.fail("nobody was set back in eight hands")
        negative = board.locator(".st-neg").first
        assert negative.inner_text().startswith("−")  # U+2212, not a hyphen
        style = negative.evaluate("e => getComputedStyle(e).borderTopStyle")
        assert style == "solid"  # boxed: not told by colour alone
        assert "set back" in table.locator(".tutor-result").inner_text()
        assert table.locator(".tutor-result .st-neg").count()
        assert page.tutor_errors == [], page.tutor_errors
        both_widths(page, "14-table-pitch-setback-light")
    finally:
        close(page)
    page = open_lesson(browser, voila_server, TABLE, theme="dark")
    try:  # dark: the auction, then a trick on the table, on a desktop and on a phone
        auditor = Auditor(page, lesson_dirs["audit"])
        table = page.locator(".tutor-table")
        start_match(page, table, auditor)
        both_widths(page, "14-table-pitch-auction-dark")
        while not (table.locator(".st-ring .st-trick").count() or over(table)):
            bid = enabled(table, "tutor-call", "bid 4")
            target = bid.first if bid.count() else enabled(table, "tutor-call").first \
                if enabled(table, "tutor-call").count() else enabled(table, "tutor-card").first
            act(page, table, target, auditor, "dark: an action")
        both_widths(page, "14-table-pitch-play-dark")
        assert page.tutor_errors == [], page.tutor_errors
    finally:
        close(page)
