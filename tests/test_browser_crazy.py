"""Crazy Solo at the table in a real browser (Debian's chromium through Playwright, against the
session's Voilà server), driven with the keyboard alone: Tab to a control, Enter or a typed
letter.

The table (lesson 14) is switched to Crazy Solo and to eight players with the keyboard; a deal
where the learner has bid Solo is opened from a record (the learner names trump and calls a card
from the grid), then played out to the settlement. After every action the page's widget state is
checked against the kernel's account of what is hidden (``TUTOR_AUDIT_DIR``), and while the
called card is unplayed the page marks nobody as the partner (unless the play leaves one seat
that can hold it) and the partner's seat carries the same marks as the other unknown seats.
Screenshots at a desktop's width and at 360 px, light and dark, go to build/screenshots/.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from conftest_lesson import VoilaServer, close, open_lesson, screenshot
from playwright.sync_api import expect
from test_browser_table import READY, SETTLED, Auditor, assert_fits

from tutor.cards import Card, card_label
from tutor.engine.record import dumps
from tutor.games import make_game

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("voila")]

TABLE = "14-play-against-the-engine.ipynb"
PLAYERS = 8


def crazy_record(folder: Path, seed: int) -> tuple[Path, dict[str, Any]]:
    """An eight-player deal where seat 0, the leader, has bid Solo and everyone else passed:
    the learner at seat 0 names trump next (CS-4, CS-7)."""
    state = make_game("crazy-solo", {"players": PLAYERS}).new_deal(random.Random(seed), 7)
    for call in ["solo"] + ["pass"] * (PLAYERS - 1):
        state.apply(next(a for a in state.legal_actions() if state.token(a) == call))
    record = state.record()
    path = folder / f"crazy-{seed}.json"
    path.write_text(dumps(record), encoding="utf-8")
    return path, record


def called_card(record: dict[str, Any]) -> tuple[Card, int]:
    """The card the learner calls: the highest spade it lacks (♠ trump); and its holder."""
    hands = [[Card.parse(t) for t in h] for h in record["hands"]]
    for rank in "AKQJT987":
        card = Card.parse(rank + "S")
        for seat, hand in enumerate(hands):
            if card in hand and seat != 0:
                return card, seat
    raise AssertionError("seat 0 holds every spade")


def tab_to(page: Any, target: Any, limit: int = 250) -> None:
    """Press Tab until ``target`` (a locator) has the keyboard focus."""
    handle = target.element_handle()
    for _ in range(limit):
        if page.evaluate("e => document.activeElement === e", handle):
            return
        page.keyboard.press("Tab")
    pytest.fail(f"Tab never reached {target}")


def press(page: Any, target: Any, key: str = "Enter") -> None:
    tab_to(page, target)
    page.keyboard.press(key)


def pick(page: Any, select: Any, typed: str) -> None:
    """Choose an option of a drop-down by typing its first letters while it has the focus."""
    tab_to(page, select)
    page.keyboard.type(typed)


def open_record(page: Any, table: Any, path: Path) -> None:
    """Open a record from disk with the keyboard (Enter on *Open a record*)."""
    with page.expect_file_chooser() as chooser:
        press(page, table.locator("button.tutor-upload"))
    chooser.value.set_files(str(path))
    table.locator(".tutor-files").get_by_text("Crazy Solo").wait_for()
    table.locator("button.tutor-trump:not([disabled]):visible").first.wait_for()


def to_the_grid(page: Any, table: Any) -> None:
    """Name trump ♠ with the keyboard: the grid of cards to call comes up."""
    press(page, table.locator("button.tutor-trump", has_text="♠"))
    table.locator(".tutor-card-grid button.tutor-call-card:not([disabled])").first.wait_for()


def grid_button(table: Any, card: Card) -> Any:
    """The grid's button for ``card``: its rank in its suit's line."""
    line = table.locator(".tutor-card-grid .tutor-card-line").nth(int(card.suit))
    rank = "10" if card.rank.letter == "T" else card.rank.letter
    return line.get_by_role("button", name=rank, exact=True)


def assert_partner_unmarked(table: Any, partner: int) -> None:
    """Before the called card is played: nobody is marked as the partner (unless the play left
    one seat that can hold the card), and the partner's seat reads as unknown."""
    view = table.locator(".tutor-view")
    facts = view.locator(".st-facts").first.inner_text()
    if "the only seat that can still hold" in facts:
        return  # deduced from the play: the learner may know it
    assert view.locator(".st-badge-partner").count() == 0
    place = view.locator(f'.st-ring > .st-seat[aria-label^="seat {partner} ("]')
    assert "unknown" in (place.get_attribute("aria-label") or "")


def test_crazy_solo_at_eight_seats_with_the_keyboard(browser: Any, voila_server: VoilaServer,
                                                     lesson_dirs: dict[str, Path],
                                                     tmp_path: Path) -> None:
    page = open_lesson(browser, voila_server, TABLE)
    try:
        auditor = Auditor(page, lesson_dirs["audit"])
        table = page.locator(".tutor-table")
        page.wait_for_function(READY)
        # the game and the table's size, with the keyboard
        pick(page, table.locator(".tutor-game-pick select"), "Crazy")
        table.locator("button.tutor-call", has_text="Solo in hearts").wait_for()
        pick(page, table.locator(".tutor-players-pick select"), str(PLAYERS))
        table.locator(f".st-ring.st-seats-{PLAYERS}").wait_for()
        page.wait_for_function(READY)
        auditor.check("Crazy Solo, 8 seats", "TableWidget")
        screenshot(page, "14-table-crazy-8-auction-light")
        # a deal where the learner bid Solo: trump, then the called card from the grid
        path, record = crazy_record(tmp_path, 3)
        open_record(page, table, path)
        auditor.check("the record opened", "TableWidget")
        to_the_grid(page, table)
        grid = table.locator(".tutor-card-grid button.tutor-call-card:visible")
        expect(grid).to_have_count(32)  # CS-2: the four 6s are out at eight players
        screenshot(page, "14-table-crazy-8-call-light")
        page.set_viewport_size({"width": 360, "height": 740})
        assert_fits(page, 360)
        screenshot(page, "14-table-crazy-8-call-360px")
        page.set_viewport_size({"width": 1100, "height": 900})
        card, partner = called_card(record)
        n = table.locator(".st-log li").count()
        press(page, grid_button(table, card))
        page.wait_for_function(SETTLED, arg=n)
        auditor.check(f"called {card.text}", "TableWidget")
        # the play, card by card, with the keyboard
        shot = False
        label = card_label(card)
        while "The whole deal" not in table.locator(".tutor-result").inner_text():
            page.wait_for_function(READY)
            if "The whole deal" in table.locator(".tutor-result").inner_text():
                break
            log = table.locator(".tutor-log").inner_text()
            if f"play {label}" not in log:
                assert_partner_unmarked(table, partner)
                if not shot and table.locator(".st-seat-note").count():
                    screenshot(page, "14-table-crazy-8-play-light")
                    page.set_viewport_size({"width": 360, "height": 740})
                    assert_fits(page, 360)
                    screenshot(page, "14-table-crazy-8-play-360px")
                    page.set_viewport_size({"width": 1100, "height": 900})
                    shot = True
            n = table.locator(".st-log li").count()
            press(page, table.locator("button.tutor-card:not([disabled]):visible").first)
            page.wait_for_function(SETTLED, arg=n, timeout=60_000)
            auditor.check("a card played", "TableWidget")
        result = table.locator(".tutor-result").inner_text()
        assert "Settlement" in result and "CS-11" in result and "Soloists" in result
        assert f"held by seat {partner}, the partner (CS-8)" in result
        assert page.tutor_errors == [], page.tutor_errors
        screenshot(page, "14-table-crazy-8-end-light")
    finally:
        close(page)
    # dark: the grid and the table mid-play, on a desktop and on a phone
    page = open_lesson(browser, voila_server, TABLE, theme="dark")
    try:
        auditor = Auditor(page, lesson_dirs["audit"])
        table = page.locator(".tutor-table")
        page.wait_for_function(READY)
        path, record = crazy_record(tmp_path, 5)
        open_record(page, table, path)
        to_the_grid(page, table)
        screenshot(page, "14-table-crazy-8-call-dark")
        card, partner = called_card(record)
        n = table.locator(".st-log li").count()
        press(page, grid_button(table, card))
        page.wait_for_function(SETTLED, arg=n)
        auditor.check(f"dark: called {card.text}", "TableWidget")
        page.wait_for_function(READY)
        assert_partner_unmarked(table, partner)
        screenshot(page, "14-table-crazy-8-play-dark")
        page.set_viewport_size({"width": 360, "height": 740})
        assert_fits(page, 360)
        screenshot(page, "14-table-crazy-8-play-360px-dark")
        assert page.tutor_errors == [], page.tutor_errors
    finally:
        close(page)
