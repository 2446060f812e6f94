"""The play table driven from Python: whole deals against the bots, forged events, undo, hints,
records, a short match, and what the browser would receive after every action.

A forged event is what a browser can send: a click on a disabled button
(``_handle_custom_msg``, which ipywidgets obeys), a trait set to a value the learner's seat may
not use, a call for a hint out of turn. Each must change nothing — the engine state's ``key()``
is compared — and leave a notice naming the rule.
"""

from __future__ import annotations

import json
import math
import random
import re
from pathlib import Path
from typing import Any

import pytest
from conftest_lesson import forge, mentions, plain

from tutor.cards import DECK_36, Card, card_label
from tutor.engine.record import dumps, state_of
from tutor.errors import IllegalActionError, TutorError
from tutor.games.six_bid_solo.rules import SOLO, SixBidSolo, SixBidSoloState
from tutor.games.tapp import (
    CALL_BASE,
    CALLCARD_BASE,
    CARD_INDEX,
    CARDS,
    GIVE_BASE,
    PASS,
    PLAY,
    TRUMP_BASE,
    mask_cards,
)
from tutor.play.log import Entry, names_any
from tutor.play.session import TableError, TableGame
from tutor.widgets.common import state_text, subtree
from tutor.widgets.table import CallCardRow, TableWidget

pytestmark = pytest.mark.usefixtures("clean_widgets")


def forged_click(button: Any) -> None:
    button._handle_custom_msg({"event": "click"}, [])


def browser_text(tw: TableWidget) -> str:
    return plain(state_text(subtree(tw.box)))


def assert_nothing_hidden_shown(tw: TableWidget) -> None:
    """The widget state holds no card the learner's seat may not see, and no held-back text."""
    hidden = {c.text for c in tw.hidden_cards()}
    text = browser_text(tw)
    assert not mentions(text, hidden), (tw.table.state.phase, mentions(text, hidden))
    for secret in tw.secrets():
        assert secret not in text


def learner_choice(tw: TableWidget, rng: random.Random) -> int:
    legal = list(tw.table.view.legal)
    if tw.table.state.phase == "auction" and CALL_BASE + SOLO in legal and rng.random() < 0.7:
        return CALL_BASE + SOLO  # bid now and then, so the learner also declares
    return rng.choice(legal)


def click_for(tw: TableWidget, action: int) -> None:
    """Press the button that carries ``action`` (as the learner would): a called card is
    picked by rank and suit first."""
    info = tw.table.game.action_info(action)
    if info.kind == "call-card" and info.card is not None:
        row = tw.rows["call-card"]
        assert isinstance(row, CallCardRow)
        row.rank.value, row.suit.value = info.card.rank.letter, info.card.suit.letter
        row.call.click()
        return
    b = tw.button_for(action)
    assert not b.disabled and b.layout.display != "none", (action, b.description)
    b.click()


def play_out(tw: TableWidget, rng: random.Random, check_each: bool = True) -> int:
    actions = 0
    while not tw.table.done:
        assert tw.table.learner_to_move(), "the bots stop at the learner's turn"
        click_for(tw, learner_choice(tw, rng))
        assert tw.notice.value == "", tw.notice.value
        actions += 1
        if check_each:
            assert_nothing_hidden_shown(tw)
    return actions


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_a_whole_deal_to_the_settlement_and_review(seat: int) -> None:
    tw = TableWidget(seat=seat, bot="rule", seed=20 + seat)
    rng = random.Random(seat)
    bid = 0
    for _ in range(4):  # a few deals: some are thrown in, some bid by the learner
        play_out(tw, rng)
        state = tw.table.state
        assert state.is_terminal() and sum(state.chips()) == 0
        if state.bidder is not None:
            assert "Settlement" in tw.result.value and "SBS-27" in tw.result.value
            my_cards = sum(1 for e in tw.table.log if e.learner and e.action < 36)
            review = tw.table.review()
            assert len(review) == my_cards == 11
            assert all(line.cost >= 0 for line in review)
            assert all(line.card in line.analysis.values for line in review)
            assert "card by card" in tw.result.value and "The whole deal" in tw.result.value
            bid += 1
        else:
            assert "thrown in" in tw.result.value
        # every bot action is in the log with its reason
        bot_entries = [e for e in tw.table.log if not e.learner]
        assert bot_entries and all(e.reason for e in bot_entries)
        assert len(tw.table.log) == len(state.history())
        if bid >= 2:
            break
        tw.new_button.click()
        assert tw.notice.value == "" and not tw.table.done
        assert tw.result.value == ""  # the last deal's cards are gone from the page
    assert bid


def test_review_costs_agree_with_the_solver() -> None:
    from tutor.solver import search

    tw = TableWidget(seat=0, bot="rule", seed=5)
    rng = random.Random(3)
    while True:
        play_out(tw, rng, check_each=False)
        if tw.table.state.bidder is not None:
            break
        tw.new_button.click()
    state = tw.table.state
    review = tw.table.review()
    for line in (review[0], review[5], review[-1]):
        # rebuild the position from the record and check the analysis independently
        rec = state.record()
        rec["play"] = rec["play"][: line.index]
        pos = state_of(rec)
        assert isinstance(pos, SixBidSoloState) and pos.to_move == 0
        values = search.analyse(pos)
        assert dict(line.analysis.values) == values
        want_high = (pos.bidder == 0) != (pos.contract in (3, 5))
        best = max(values.values()) if want_high else min(values.values())
        assert line.cost == abs(best - values[line.card])


def test_only_legal_cards_are_enabled_and_only_own_cards_are_shown() -> None:
    tw = TableWidget(seat=1, bot="rule", seed=8)
    rng = random.Random(1)
    seen_play = False
    while not tw.table.done:
        view = tw.table.view
        if view.phase == PLAY:
            seen_play = True
            hand = {c.name for c in view.hand}  # each card's face is a button named for it
            row = tw.rows["card"]
            shown = {b.description for b in row.buttons if b.layout.display != "none"}
            assert shown == hand
            assert all("st-face-btn" in b._dom_classes for b in row.buttons
                       if b.layout.display != "none")
            enabled = {row.actions[i] for i, b in enumerate(row.buttons) if not b.disabled}
            assert enabled == (set(view.legal) if tw.table.learner_to_move() else set())
        click_for(tw, learner_choice(tw, rng))
    assert seen_play


def test_forged_events_change_nothing() -> None:
    tw = TableWidget(seat=0, bot="rule", seed=11)
    rng = random.Random(2)
    # reach the play after the first trick, the learner to move and an illegal card in hand
    for _ in range(80):
        t = tw.table
        if t.state.phase == PLAY and t.learner_to_move() and t.state.tricks \
                and len(t.view.legal) < len(t.view.hand):
            break
        if t.done:
            tw.new_button.click()
            continue
        click_for(tw, learner_choice(tw, rng))
    t = tw.table
    assert t.state.phase == PLAY and t.learner_to_move()
    key = t.state.key()
    log = len(t.log)

    # 1. a click on a disabled card button (an illegal card: SBS-23)
    cards = tw.rows["card"]
    i = next(i for i, b in enumerate(cards.buttons)
             if b.disabled and cards.actions[i] is not None)
    forged_click(cards.buttons[i])
    assert t.state.key() == key and len(t.log) == log and "SBS-23" in tw.notice.value
    # ... also when its label is forged to read like a legal card: labels are never trusted
    legal_label = tw.button_for(t.view.legal[0]).description
    cards.buttons[i].description = legal_label
    forged_click(cards.buttons[i])
    assert t.state.key() == key and "SBS-23" in tw.notice.value
    tw.refresh()
    # a click on a hidden, empty card button (the hand is one card short of the row)
    empty = next(i for i, b in enumerate(cards.buttons) if cards.actions[i] is None)
    assert cards.buttons[empty].layout.display == "none"
    forged_click(cards.buttons[empty])
    assert t.state.key() == key and "SBS-23" in tw.notice.value
    # the give row (Call Solo's, SBS-20) is not in sight: a press on it finds no action
    assert tw.rows["give"].box.layout.display == "none"
    tw.press(tw.rows["give"], 0)
    assert t.state.key() == key and "no action on this button" in tw.notice.value

    # 2. values the learner's seat may not send: another seat's card, junk, a call in the play
    other = mask_cards(t.state.hands[1])[0]
    tw.act(other)
    assert t.state.key() == key and "SBS-23" in tw.notice.value and "does not hold" in \
        tw.notice.value
    for junk in ("AS", 999, -1, None, 3.5):
        tw.act(junk)
        assert t.state.key() == key and "SBS-" in tw.notice.value
    forged_click(tw.rows["call"].buttons[0])  # a pass in the play phase
    assert t.state.key() == key and "SBS-22" in tw.notice.value
    forged_click(tw.rows["trump"].buttons[0])
    assert t.state.key() == key and "SBS-22" in tw.notice.value
    call_row = tw.rows["call-card"]
    assert isinstance(call_row, CallCardRow)
    forged_click(call_row.call)
    assert t.state.key() == key and "SBS-22" in tw.notice.value
    assert call_row.decline is not None
    forged_click(call_row.decline)
    assert t.state.key() == key and "SBS-22" in tw.notice.value
    assert len(t.log) == log

    # 3. a hint for the wrong seat, and out of turn
    with pytest.raises(IllegalActionError, match="SBS-5"):
        t.hint_for(1)
    assert t.state.key() == key
    tw.auto.value = False
    legal = t.view.legal[0]
    click_for(tw, legal)  # now a bot is to move (step mode)
    if t.bot_to_move():
        key2 = t.state.key()
        forged_click(tw.hint_button)  # disabled: not the learner's turn
        assert t.state.key() == key2 and "SBS-22" in tw.notice.value
        assert tw.hint_out.value == ""
        # a forged card click while a bot is to move
        forged_click(tw.rows["card"].buttons[0])
        assert t.state.key() == key2 and "SBS-22" in tw.notice.value
        tw.next_button.click()
        assert t.state.key() != key2 and tw.notice.value == ""


def test_the_bots_see_only_their_views() -> None:
    seen: list[Any] = []

    class Spy:
        name = "spy"

        def __init__(self, inner: Any) -> None:
            self.inner = inner

        def act(self, view: Any) -> tuple[int, str]:
            seen.append(view)
            return self.inner.act(view)  # type: ignore[no-any-return]

    t = TableGame(seat=0, bot="rule", seed=4)
    t.bots = {s: Spy(b) for s, b in t.bots.items()}
    while t.bot_to_move() or t.learner_to_move():
        if t.learner_to_move():
            t.act(t.view.legal[0])
        else:
            t.bot_step()
    from tutor.games.tapp import SeatView

    assert seen and all(isinstance(v, SeatView) for v in seen)
    assert all(v.to_move == v.seat for v in seen)


def test_a_reason_naming_a_hidden_card_is_held_back_until_the_end() -> None:
    class Leaky:
        name = "leaky"

        def __init__(self, inner: Any, secret: str) -> None:
            self.inner, self.secret = inner, secret

        def act(self, view: Any) -> tuple[int, str]:
            action, _ = self.inner.act(view)
            return action, f"I hold {self.secret}"

    tw = TableWidget(seat=0, bot="rule", seed=9, auto=False)
    t = tw.table
    for s, b in list(t.bots.items()):
        secret = CARDS[mask_cards(t.state.hands[s])[-1]].text
        t.bots[s] = Leaky(b, secret)
    rng = random.Random(0)
    while not t.done:
        if t.bot_to_move():
            tw.next_button.click()
        else:
            click_for(tw, learner_choice(tw, rng))
        assert_nothing_hidden_shown(tw)
    held = [e for e in t.log if e.held_back]
    assert held, "some reason named a card still hidden"
    assert all(e.reason in tw.result.value for e in held)  # shown once the deal is over


def test_take_back_restores_the_position_and_compares_the_tries() -> None:
    tw = TableWidget(seat=0, bot="rule", seed=13, hint_worlds=3)
    t = tw.table
    rng = random.Random(5)
    while not (t.state.phase == PLAY and t.learner_to_move() and len(t.view.legal) >= 2):
        if t.done:
            tw.new_button.click()
        else:
            click_for(tw, learner_choice(tw, rng))
    key, log = t.state.key(), [e.text for e in t.log]
    first, second = t.view.legal[0], t.view.legal[1]
    click_for(tw, first)
    assert t.state.key() != key
    tw.undo_button.click()
    assert t.state.key() == key and [e.text for e in t.log] == log
    assert "Taken back" in tw.compare_out.value
    click_for(tw, second)
    assert "Compared on the same 3 deals" in tw.compare_out.value
    assert t.tries[tuple(t.state.history()[: len(key[7])])] == [first]
    # play on to the end: the review lists the card tried first, with its double-dummy cost
    play_out(tw, rng, check_each=False)
    if t.state.bidder is not None:
        tried = [ln for ln in t.review() if ln.tries]
        assert tried and tried[0].tries == (first,)
        assert "taken back" in tw.result.value


def test_take_back_a_call_and_nothing_to_take_back() -> None:
    t = TableGame(seat=0, bot="rule", seed=1)
    with pytest.raises(TableError, match="TABLE-1"):
        t.undo()
    while not t.learner_to_move():
        t.bot_step()
    key = t.state.key()
    t.act(PASS)
    t.run_bots()
    t.undo()
    assert t.state.key() == key


def test_hint_is_from_the_learners_view_and_legal() -> None:
    # a late position from a record: the PIMC hint is quick there
    game = SixBidSolo()
    rng = random.Random(7)
    state = game.new_deal(rng, 2)
    state.apply(CALL_BASE + SOLO)
    state.apply(PASS)
    state.apply(PASS)
    state.apply(TRUMP_BASE + 1)
    while len(state.tricks) < 8:
        state.apply(rng.choice(state.legal_actions()))
    seat = state.to_move
    assert seat is not None
    tw = TableWidget(seat=0, bot="rule", seed=1, hint_worlds=4)
    tw._load(state.record(), "late")
    assert tw.table.learner_to_move() or tw.table.done
    if tw.table.done:
        return
    tw.hint_button.click()
    assert tw.notice.value == "" and "Hint:" in tw.hint_out.value
    assert_nothing_hidden_shown(tw)


@pytest.mark.rule("SBS-14")
def _strong_hand_table() -> TableWidget:
    """A table where the learner (seat 0, first to call after dealer 2) holds a strong spade
    hand — AS TS KS QS JS 9S AH TH AD TD AC — so the advisor has contracts worth weighing."""
    from tutor.cards import Card

    strong = [Card.parse(c) for c in ("AS", "TS", "KS", "QS", "JS", "9S", "AH", "TH", "AD", "TD",
                                      "AC")]
    rest = [c for c in CARDS if c not in strong]
    state = SixBidSolo().deal(2, [strong, rest[:11], rest[11:22]], rest[22:])
    tw = TableWidget(seat=0, bot="rule", seed=4)
    tw._load(state.record(), "strong")
    return tw


@pytest.mark.parametrize("budget", [0.0, math.inf])
def test_auction_hint_is_anytime(budget: float, monkeypatch: pytest.MonkeyPatch) -> None:
    """The auction hint samples until the call is clear or the time budget is spent (issue 5:
    a hint within 1 s), and says on how many deals it rests. Budget 0: the first batch only;
    no budget: every deal, or fewer once the best call is clear (tests never depend on time)."""
    from tutor.play import session

    monkeypatch.setattr(session, "HINT_BUDGET", budget)
    tw = _strong_hand_table()
    t = tw.table
    assert t.learner_to_move() and t.view.phase == "auction"
    before = t.state.key()
    tw.hint_button.click()
    words = plain(tw.hint_out.value)
    assert tw.notice.value == "" and "Hint:" in words and t.state.key() == before
    deals = int(re.search(r"in (\d+) deals sampled from your view", words).group(1))  # type: ignore[union-attr]
    if budget == 0.0:
        assert deals == 2 and "stopped at the 0-second budget" in words
    else:
        assert deals == session.HINT_BID_DEALS or "the best call was clear" in words
    action, _ = t.hint()
    assert action in t.view.legal  # a legal call (SBS-14)
    assert_nothing_hidden_shown(tw)


@pytest.mark.rule("SBS-17")
def test_auction_hint_stops_as_clear_only_for_the_call_it_gives(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The hint bids unless the best contract averages at or below the PIMC bot's margin (−10:
    double-dummy defenders are clairvoyant), while "clear" is judged against passing's 0. When
    every contract is clearly below 0 yet the best is above the margin, the hint bids: sampling
    must not stop there as "clear" (pass is the clear call) nor say the call it gives was clear."""
    from tutor.play import anytime, session
    from tutor.solver.advisor import Advice, Row, RowResult

    tw = _strong_hand_table()
    t = tw.table
    rows = []
    for k in range(1, 7):  # every contract valued; Solo the best at −5, each clearly below 0
        chips = [-4, -6] * 4 if k == SOLO else [-40, -60] * 4
        rows.append(RowResult(Row(k, 0), stake=10, values=list(chips), chips=list(chips),
                              made=[False] * 8))
    advice = Advice(0, 1, 16, rows, worlds=8)
    assert all(r.interval()[1] < 0 for r in rows)
    seen: list[bool] = []

    def fake(view: Any, samples: int, seed: int, **kw: Any) -> Any:
        seen.append(kw["clear"](advice))
        yield anytime.Step(advice, "clear" if seen[-1] else "budget")

    monkeypatch.setattr(session, "advise_within", fake)
    action, reason = t.hint()
    assert action == CALL_BASE + SOLO and seen == [False]
    assert "clear" not in reason


def test_save_and_load_a_deal(tmp_path: Path) -> None:
    tw = TableWidget(seat=0, bot="rule", seed=17, records_dir=tmp_path)
    rng = random.Random(9)
    for _ in range(5):
        click_for(tw, learner_choice(tw, rng)) if tw.table.learner_to_move() else None
        if tw.table.done:
            break
    record = tw.table.record()
    tw.save_name.value = "my deal"
    tw.save_button.click()
    assert tw.notice.value == "" and (tmp_path / "my deal.json").exists()
    assert "my deal.json" in tw.load_pick.options
    # the record file holds every hand; the widget state never shows it mid-deal
    assert_nothing_hidden_shown(tw)

    other = TableWidget(seat=0, bot="rule", seed=99, records_dir=tmp_path)
    other.load_pick.value = "my deal.json"
    other.load_button.click()
    assert other.notice.value == ""
    assert other.table.state.key() == state_of(record).key() or other.table.done
    assert_nothing_hidden_shown(other)

    # bad names and missing files are refused with TABLE-3, nothing written
    for bad in ("", "../escape", "a/b", "x" * 80):
        tw.save_name.value = bad
        tw.save_button.click()
        assert "TABLE-3" in tw.notice.value
    assert sorted(p.name for p in tmp_path.iterdir()) == ["my deal.json"]
    other.load_pick.options = ["../../etc/passwd"]
    other.load_pick.value = "../../etc/passwd"
    key = other.table.state.key()
    other.load_button.click()
    assert "TABLE-3" in other.notice.value and other.table.state.key() == key


def test_a_teachers_record_continues_mid_deal_for_any_seat(tmp_path: Path) -> None:
    rec = json.loads((Path(__file__).parent / "records" / "example-solo-first-trick.json")
                     .read_text(encoding="utf-8"))
    for seat in (0, 1, 2):
        tw = TableWidget(seat=seat, bot="rule", seed=3, records_dir=tmp_path)
        tw.seat_pick.value = seat
        (tmp_path / "teacher.json").write_text(dumps(rec), encoding="utf-8")
        tw._list_records()
        tw.load_pick.value = "teacher.json"
        tw.load_button.click()
        assert tw.notice.value == "", tw.notice.value
        assert tw.table.state.history()[: len(rec["calls"]) + 4] == \
            state_of(rec).history()[: len(rec["calls"]) + 4]
        assert "from the record" in tw.log_out.value
        assert_nothing_hidden_shown(tw)
        play_out(tw, random.Random(seat))


def test_upload_is_read_then_cleared_from_the_page() -> None:
    rec = json.loads((Path(__file__).parent / "records" / "complete-solo.json")
                     .read_text(encoding="utf-8"))
    rec["play"] = rec["play"][:4]
    tw = TableWidget(seat=2, bot="rule", seed=3)
    tw.seat_pick.value = 2
    content = dumps(rec).encode("utf-8")
    tw.upload.set_state({"value": [{"name": "deal.json", "type": "application/json",
                                    "size": len(content), "content": content,
                                    "last_modified": 0}]})
    assert tw.notice.value == "", tw.notice.value
    assert tw.upload.value == ()
    assert "Loaded deal.json" in tw.files_out.value
    assert_nothing_hidden_shown(tw)
    # a broken upload: a friendly REC-1 notice, nothing changed
    key = tw.table.state.key()
    tw.upload.set_state({"value": [{"name": "bad.json", "type": "application/json", "size": 3,
                                    "content": b"{x", "last_modified": 0}]})
    assert "REC-1" in tw.notice.value and tw.table.state.key() == key and tw.upload.value == ()


def test_a_short_match_carries_chips() -> None:
    tw = TableWidget(seat=0, bot="rule", seed=23, match_deals=2)
    tw.mode_pick.value = 2
    tw.new_button.click()
    t = tw.table
    assert t.match is not None and t.match.deals == 2
    rng = random.Random(4)
    total = [0, 0, 0]
    for deal in range(2):
        play_out(tw, rng, check_each=False)
        chips = t.state.chips()
        total = [a + b for a, b in zip(total, chips, strict=True)]
        assert "Match balances" in tw.result.value or t.state.bidder is None
        key = t.state.key()
        tw.new_button.click()
        if deal == 0:
            assert t.match.deals_played == 1 and tw.notice.value == ""
            assert t.match.balances == [500 + c for c in total]
        else:  # the last deal: settled, and the match is over (SBS-28)
            assert t.match.is_over() and "SBS-28" in tw.notice.value
            assert t.state.key() == key and t.settled
            assert tw.new_button.description == "New match"
    with pytest.raises(TableError, match="TABLE-1"):
        t.undo()  # a settled deal cannot be taken back
    tw.new_button.click()  # a new match
    assert t.match is not None and t.match.deals_played == 0 and tw.notice.value == ""


def test_an_unfinished_match_deal_cannot_be_skipped() -> None:
    t = TableGame(seat=0, bot="rule", seed=2)
    t.start_match(3)
    while not t.learner_to_move():
        t.bot_step()
    key = t.state.key()
    with pytest.raises(IllegalActionError, match="SBS-25"):
        t.new_deal()
    assert t.state.key() == key


def test_teaching_aid_shows_history_and_points_only_when_asked() -> None:
    tw = TableWidget(seat=0, bot="rule", seed=31)
    rng = random.Random(8)
    while not (tw.table.state.phase == PLAY and len(tw.table.state.tricks) >= 3):
        if tw.table.done:
            tw.new_button.click()
        else:
            click_for(tw, learner_choice(tw, rng))
    assert "Tricks played" not in tw.view_out.value and tw.aid_out.value == ""
    tw.aid.value = True
    assert "Tricks played" in tw.view_out.value
    assert "Teaching aid" in tw.aid_out.value and "SBS-25" in tw.aid_out.value
    taken = tw.table.points_taken()
    assert sum(taken.values()) == sum(DECK_36.points(c) for _, cs, _ in tw.table.view.tricks
                                      for c in cs)
    tw.aid.value = False
    assert "Tricks played" not in tw.view_out.value


def test_a_failing_bot_shows_a_friendly_notice() -> None:
    class Broken:
        name = "broken"

        def act(self, view: Any) -> tuple[int, str]:
            raise RuntimeError("internal detail")

    tw = TableWidget(seat=0, bot="rule", seed=1, auto=False)
    for s in tw.table.bots:
        tw.table.bots[s] = Broken()
    rng = random.Random(0)
    while tw.table.learner_to_move():
        click_for(tw, learner_choice(tw, rng))
    key = tw.table.state.key()
    forged_click(tw.next_button)
    assert "Something went wrong" in tw.notice.value
    assert "internal detail" not in browser_text(tw) and "Traceback" not in browser_text(tw)
    assert tw.table.state.key() == key


def test_call_solo_steps_through_the_widget() -> None:
    # find a deal where the learner (seat 0, forehand) may bid Call Solo at once
    tw = TableWidget(seat=0, bot="rule", seed=41)
    t = tw.table
    for _ in range(20):
        if t.learner_to_move() and t.state.phase == "auction" and not t.state.history():
            break
        tw.new_button.click()
    assert t.learner_to_move()
    tw.button_for(CALL_BASE + 6).click()  # Call Solo
    t.run_bots()
    tw.refresh()
    assert t.state.phase == "declare" and t.view.step == "call"
    row = tw.rows["call-card"]
    assert isinstance(row, CallCardRow)
    assert row.box.layout.display is None
    assert all(r.box.layout.display == "none" for k, r in tw.rows.items() if k != "call-card")
    # calling one's own card is refused by the engine (SBS-20)
    own = t.view.hand[0].text
    key = t.state.key()
    row.rank.value, row.suit.value = own[0], own[1]
    row.call.click()
    assert "SBS-20" in tw.notice.value and t.state.key() == key
    # call a card held by a defender (never named on the page before the call)
    target = next(c for c in range(36) if t.state.hands[1] >> c & 1)
    click_for(tw, CALLCARD_BASE + target)
    assert tw.notice.value == "" and t.state.call_holder == 1
    assert t.view.step == "give"
    give = next(a for a in t.view.legal)
    click_for(tw, give)
    assert t.view.step == "trump"
    click_for(tw, TRUMP_BASE + 2)
    assert t.state.phase == PLAY and t.state.trump == 2
    assert_nothing_hidden_shown(tw)
    texts = [e.text for e in t.log]
    assert any("hands it over" in x for x in texts) and any("give seat 1" in x for x in texts)


def test_a_defender_never_sees_the_gift_between_two_bots() -> None:
    """Forehand (a bot) plays Call Solo and calls a card middlehand (a bot) holds: the learner,
    endhand, sees the call and who handed it over, never the card given back (SBS-20)."""

    class Scripted:
        name = "scripted"

        def act(self, view: Any) -> tuple[int, str]:
            legal = list(view.legal)
            if view.phase == "auction":
                call = CALL_BASE + 6
                return (call, "I like my hand") if call in legal else (PASS, "pass")
            if view.step == "call":
                return CALLCARD_BASE + middle[0], "the card I lack"
            if view.step == "give":
                gift = max(legal)
                return gift, f"give {CARDS[gift - GIVE_BASE].text}: my cheapest card"
            return legal[0], "first legal"

    t = TableGame(seat=2, bot="rule", seed=5)
    middle = mask_cards(t.state.hands[1])
    t.bots = {0: Scripted(), 1: Scripted()}
    tw = TableWidget(seat=2, bot="rule", seed=5, auto=False)
    tw.table = t
    while t.state.phase != PLAY:
        if t.learner_to_move():
            t.act(PASS)
        else:
            tw.next_button.click()
        assert_nothing_hidden_shown(tw)
    assert t.state.call_holder == 1 and t.state.given >= 0
    gift = CARDS[t.state.given]
    assert gift in tw.hidden_cards()
    entry = next(e for e in t.log if e.action >= GIVE_BASE)
    assert "face down" in entry.text and not names_any(entry.text, {gift})
    assert entry.held_back and entry.reason not in browser_text(tw)
    assert any("seat 1 hands it over" in e.text for e in t.log)


def test_names_any_knows_every_form() -> None:
    th = CARDS[CARD_INDEX[next(c for c in CARDS if c.text == "TH")]]
    for text in ("TH", "T♥ is high", "the 10♥", "ten of hearts", "(TH)"):
        assert names_any(text, {th}), text
    for text in ("THE END", "WIDTH", "10♦", "ten of spades", "T♠"):
        assert not names_any(text, {th}), text


def test_bad_seats_and_levels_are_refused() -> None:
    with pytest.raises(TableError, match="TABLE-2"):
        TableGame(seat=3)
    with pytest.raises(TableError, match="TABLE-2"):
        TableGame(bot="genius")
    with pytest.raises(TableError, match="TABLE-2"):
        TableGame(options={"players": 4})
    tw = TableWidget(seat=0, seed=1)
    key = tw.table.state.key()
    tw.seat_pick.set_state({"index": 2})  # a different seat applies to the next deal only
    assert tw.table.state.key() == key and tw.table.seat == 0
    e = Entry(0, 0, 0, "", "", True, False)
    assert e.shown_reason(False) == ""
    with pytest.raises(TutorError):
        tw.table.load({"format": "nope"})
    assert tw.table.state.key() == key


# --- Frog at the table (any registered game: the session asks the registry) ----------------------
class Passer:
    """A bot that passes in the auction and plays its first legal action after."""

    name = "passer"

    def act(self, view: Any) -> tuple[int, str]:
        legal = list(view.legal)
        return (PASS if PASS in legal else legal[0]), "first legal"


def frog_discards(t: TableGame) -> set[Card]:
    """The Frog bidder's discard, read from the state (server side)."""
    return {CARDS[c] for c in mask_cards(t.state.discarded)}  # type: ignore[attr-defined]


def assert_frog_hides(t: TableGame) -> None:
    """What the learner's seat may see at a Frog table: never the widow, never the discard of
    a bidder who is not the learner (FR-2), not in the view, the log or a shown reason."""
    hidden = t.hidden_cards()
    if t.done:
        return
    view = t.view
    widow = {Card.parse(x) for x in t.record()["widow"]}
    laid = frog_discards(t)
    if view.bidder != t.seat:
        assert view.discarded is None and laid <= hidden
        assert widow <= hidden
    else:
        assert set(view.discarded or ()) == laid
    for text, reason in t.shown_log():
        assert not names_any(text, hidden), text
        assert not names_any(reason, hidden), reason


@pytest.mark.rule("FR-2")
@pytest.mark.parametrize(("seat", "bot"), [(0, "random"), (1, "random"), (2, "random"),
                                           (0, "rule"), (2, "rule")])
def test_a_whole_frog_deal_against_the_bots(seat: int, bot: str) -> None:
    """Whole Frog deals (options from frog.md too) against the random and the rule bots: every
    action through the engine, the log in Frog's words, the discard face down for the defenders
    (FR-2)."""
    t = TableGame(game="frog", seat=seat, bot=bot, seed=60 + seat,
                  options={"auction": "single_round"} if seat == 2 else None)
    assert t.game_id == "frog" and t.bot_kind == bot and t.game.id == "frog"
    rng = random.Random(seat)
    bidders: set[bool] = set()
    for _ in range(30):
        while not t.done:
            if t.learner_to_move():
                legal = list(t.view.legal)
                bid = [a for a in legal if t.game.action_info(a).token == "frog"]
                t.act(bid[0] if bid and rng.random() < 0.8 else rng.choice(legal))
            else:
                t.bot_step()
            assert_frog_hides(t)
        state = t.state
        assert sum(state.chips()) == 0 and len(t.log) == len(state.history())
        if state.bidder is not None:
            bidders.add(state.bidder == seat)
            texts = [e.text for e in t.log]
            if state.contract_id == "frog":
                discards = [e for e in t.log if t.game.action_info(e.action).kind == "discard"]
                assert len(discards) == 3
                for e in discards:
                    card = t.game.action_info(e.action).card
                    assert card is not None
                    # the bidder reads the card, the others a card face down
                    assert (card_label(card) in e.text) == (state.bidder == seat), e.text
            assert any("bid" in x for x in texts)
        if bidders == {True, False}:
            break
        t.new_deal()
    assert bidders == {True, False}, "the learner both bid and defended"


@pytest.mark.rule("FR-2")
def test_a_take_back_never_crosses_the_widow_pick_up() -> None:
    """The learner bids Frog, takes the widow into hand (FR-2) and discards: a discard can be
    taken back, the bid cannot — the learner would bid again knowing the widow."""
    for seed in range(40):
        t = TableGame(game="frog", seat=0, bot="random", seed=seed)
        frog = next((a for a in t.view.legal if t.game.action_info(a).token == "frog"), None)
        if t.learner_to_move() and frog is not None:
            break
    assert frog is not None
    t.bots = {s: Passer() for s in t.bots}
    assert t.widow_taken_at() is None
    t.act(frog)
    t.run_bots()
    assert t.state.phase == "declare" and t.state.bidder == 0
    widow = {Card.parse(x) for x in t.record()["widow"]}
    assert widow <= set(t.view.hand) and len(t.view.hand) == 14
    assert t.widow_taken_at() == 3  # after the three calls: the bid and two passes
    first = t.view.legal[0]
    t.act(first)
    key = t.state.key()
    assert t.undo() == first and len(t.view.hand) == 14
    t.act(t.view.legal[-1])
    assert t.can_undo()
    t.undo()
    before, log = t.state.key(), list(t.log)
    assert not t.can_undo() and t._marks  # the bid is there, behind the widow
    with pytest.raises(TableError, match="TABLE-1") as e:
        t.undo()
    assert "widow" in str(e.value)
    assert t.state.key() == before and t.log == log and t.state.key() != key
    # the discards still go on, and the deal plays out
    for _ in range(3):
        t.act(t.view.legal[0])
    t.run_bots()
    assert t.state.phase == PLAY and len(t.view.hand) == 11


def test_a_defenders_take_back_is_free() -> None:
    """The widow stays unseen by a defender: a take-back of a call is no peek (FR-2)."""
    t = TableGame(game="frog", seat=1, bot="random", seed=3)
    while not t.learner_to_move():
        t.bot_step()
    key = t.state.key()
    t.act(PASS)
    t.run_bots()
    assert t.widow_taken_at() is None
    t.undo()
    assert t.state.key() == key


@pytest.fixture
def frog_without_pimc(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Frog as a game whose folder has no sampling part (``pimc.py``), as Frog was before its
    PIMC bot came: what the table offers a game that lacks a level."""
    from tutor.play import levels as levels_module

    real = levels_module.find_spec
    monkeypatch.setattr(levels_module, "find_spec",
                        lambda name: None if name == "tutor.games.frog.pimc" else real(name))
    levels_module.levels.cache_clear()
    yield
    levels_module.levels.cache_clear()


def test_frog_has_every_level_now_with_hints_and_a_review() -> None:
    """Frog's folder holds bots.py and pimc.py: the table offers all three levels, the hint
    (the sampling player's advice) and, after the deal, the review."""
    from tutor.play.levels import levels

    assert levels("frog") == ("random", "rule", "pimc")
    t = TableGame(game="frog", seed=2, bot="pimc", hint_worlds=4)
    assert t.has_pimc and t.bot_kind == "pimc"
    while not t.learner_to_move():
        t.bot_step()
    hint = t.hint()
    assert hint and hint[0] in t.view.legal
    for _ in range(20):  # a deal someone bids and the learner plays out
        while not t.done:
            t.act(t.view.legal[0]) if t.learner_to_move() else t.bot_step()
        if t.state.bidder is not None:
            break
        t.new_deal()
    assert t.review()


def test_bot_levels_per_game_and_what_frog_lacks(frog_without_pimc: Any) -> None:
    """The levels are read off a game's folder (the rule bot's bots.py, the sampling bot's
    pimc.py): a game without the sampling part has no sampling bots, hints, comparison or
    review (Frog here, its pimc.py hidden by the fixture)."""
    from tutor.play.levels import levels

    assert levels("six-bid-solo") == ("random", "rule", "pimc")
    assert levels("frog") == ("random", "rule")
    with pytest.raises(TableError, match="TABLE-2") as e:
        TableGame(game="frog", bot="pimc")
    assert "sampling + solver (PIMC) bots do not play Frog" in str(e.value)
    assert "its bots play random cards or rules of thumb" in str(e.value)
    with pytest.raises(TableError, match="TABLE-2"):
        TableGame(game="frog", bot="genius")
    with pytest.raises(TutorError, match="REC-2"):
        TableGame(game="whist")  # not a registered game
    assert levels("auction-pitch")[0] == "random"  # the random bot plays every game
    t = TableGame(game="frog", seed=2)
    assert t.bot_kind == "rule" and not t.has_pimc
    with pytest.raises(TableError, match="TABLE-2"):
        t.set_bots("pimc")
    t.set_bots("random")
    assert t.bot_kind == "random"
    while not t.learner_to_move():
        t.bot_step()
    with pytest.raises(TableError, match="TABLE-5"):
        t.hint()
    t.act(t.view.legal[0])
    t.undo()
    t.act(t.view.legal[-1])
    assert t._compare_job is None and t.compare() == ""  # no sampling: no comparison
    while not t.done:
        t.act(t.view.legal[0]) if t.learner_to_move() else t.bot_step()
    with pytest.raises(TableError, match="TABLE-5"):
        t.review()


def test_set_game_keeps_a_level_the_bots_play(frog_without_pimc: Any) -> None:
    t = TableGame(seed=4)
    assert t.bot_kind == "rule" and t.game_id == "six-bid-solo"
    t.start_match(3)
    t.set_game("frog")
    assert t.game_id == "frog" and t.bot_kind == "rule" and t.match is None
    assert t.level_note == "" and t.state.game.id == "frog" and not t.log
    t.set_game("six-bid-solo")
    t.set_bots("pimc")
    t.set_game("frog")  # no sampling bots for Frog: the rules of thumb, and a note says so
    assert t.bot_kind == "rule" and "sampling + solver (PIMC) bots do not play Frog" in \
        t.level_note
    t.set_game("six-bid-solo", options={"solo_trump": "any"})
    assert t.bot_kind == "rule" and t.level_note == ""
    assert t.game.options_dict()["solo_trump"] == "any"
    key = t.state.key()
    with pytest.raises(TutorError, match="REC-2"):
        t.set_game("whist")  # not a registered game (every planned game is now)
    with pytest.raises(TableError, match="TABLE-2"):
        t.set_game("frog", options={"players": 4})
    assert t.state.key() == key and t.game_id == "six-bid-solo"


def test_frog_records_save_and_load_and_switch_the_game(tmp_path: Path,
                                                        frog_without_pimc: Any) -> None:
    """A Frog deal saved mid-deal loads back, at an SBS table too (it takes the record's game);
    the teacher's Six-Bid Solo deals still load at a Frog table."""
    from tutor.play.saved import load_saved, save_path

    t = TableGame(game="frog", seat=1, bot="random", seed=8,
                  options={"grand_multiplier": 3})
    for _ in range(12):
        t.act(t.view.legal[0]) if t.learner_to_move() else t.bot_step()
    path = t.save(save_path(tmp_path, "frog deal"))
    record = load_saved(tmp_path, path.name)
    assert record["game"] == "frog" and record["options"]["grand_multiplier"] == 3
    other = TableGame(seed=1)
    other.load(record, seat=1)
    assert other.game_id == "frog" and other.state.key() == state_of(record).key()
    assert other.game.options_dict()["grand_multiplier"] == 3
    assert all(e.text.endswith("(from the record)") for e in other.log)
    assert_frog_hides(other)
    other.new_deal()
    assert other.state.game.id == "frog"
    teacher = json.loads((Path(__file__).parent.parent / "notebooks" / "table-deals" /
                          "solo-mid-play.json").read_text(encoding="utf-8"))
    other.set_bots("random")
    other.load(teacher, seat=1)
    assert other.game_id == "six-bid-solo" and other.bot_kind == "random"
    assert isinstance(other.state, SixBidSoloState)


# --- the widget's rows of buttons, for any game ---------------------------------------------------
def labels(tw: TableWidget, kind: str) -> list[str]:
    return [b.description for b in tw.rows[kind].buttons]  # type: ignore[index]


def shown_rows(tw: TableWidget) -> list[str]:
    return [k for k, r in tw.rows.items() if r.box.layout.display != "none"]


def test_the_table_opens_with_the_rows_in_sight_only() -> None:
    """Every ipywidgets model is a message to the page: the table opens with the auction's
    calls, its one row in sight; a row is built when first in sight or asked for, out of sight
    and disabled until the table's redraw says otherwise, laid out in the rows' order, and
    kept; the review's progress bar comes with the first review."""
    tw = TableWidget(seed=1, auto=False)
    calls = tw.rows.made("call")
    assert calls is not None and [k for k, _ in tw.rows.built()] == ["call"]
    assert list(tw.actions_box.children) == [calls.box] and calls.box.layout.display is None
    models = list(subtree(tw.box))
    assert len(models) <= 50, len(models)  # 104 when every row was built at once (issue 22)
    # an output with nothing to show is made when it first has something
    for out in (tw.hint_out, tw.compare_out, tw.undo_out, tw.files_out, tw.aid_out):
        assert out.widget is None and out.value == ""
    assert not any("tutor-progress" in getattr(m, "_dom_classes", ()) for m in models)
    card = tw.rows["card"]
    trump = tw.rows["trump"]
    assert list(tw.actions_box.children) == [calls.box, trump.box, card.box]
    assert trump.box.layout.display == "none" and all(b.disabled for b in trump.buttons)
    assert tw.rows["trump"] is trump and tw.rows.made("give") is None
    with pytest.raises(KeyError):
        tw.rows["discard"]  # not a kind of Six-Bid Solo's actions
    tw.refresh()
    assert trump.box.layout.display == "none" and all(b.disabled for b in trump.buttons)
    # made in its place: the take-back's note after a take-back
    calls.buttons[0].click()  # pass
    tw.undo_button.click()
    assert "Taken back" in tw.compare_out.value and tw.notice.value == ""
    kids = [next(iter(k._dom_classes), "") for k in tw.box.children]
    assert kids.index("tutor-notice") < kids.index("tutor-compare") < kids.index("tutor-log") \
        < kids.index("tutor-records")
    assert tw.hint_out.widget is None and "tutor-hint-out" not in kids


def test_rows_follow_the_kinds_of_the_games_actions(frog_without_pimc: Any) -> None:
    """One row per kind of the game's actions, in the game's words; a Six-Bid Solo table has
    Call Solo's rows and no discard, a Frog table the discard and no Call Solo."""
    tw = TableWidget(seed=1, auto=False)
    assert list(tw.rows) == ["call", "trump", "call-card", "give", "card"]
    assert labels(tw, "call") == ["pass", "Solo", "Heart Solo", "Misère", "Guarantee Solo",
                                  "Spread Misère", "Call Solo"]
    assert labels(tw, "trump") == ["trump ♣", "trump ♠", "trump ♥", "trump ♦"]
    assert [tw.table.game.action_info(a).token for a in tw.rows["call"].actions] == [
        "pass", "solo", "heart-solo", "misere", "guarantee-solo", "spread-misere", "call-solo"]
    frog = TableWidget(game="frog", seed=1, auto=False)
    assert list(frog.rows) == ["call", "trump", "discard", "card"]
    assert labels(frog, "call") == ["pass", "Frog bid", "Chico", "Grand"]
    assert frog.bot_pick.options == (("random cards", "random"), ("rules of thumb", "rule"))
    assert frog.game_pick.options == (("Six-Bid Solo", "six-bid-solo"), ("Frog (game)", "frog"),
                                      ("Crazy Solo", "crazy-solo"), ("Sixty-Six", "sixty-six"),
                                      ("Auction Pitch", "auction-pitch"))
    assert frog.hint_button.disabled and "Frog" in frog.hint_button.tooltip


@pytest.mark.rule("FR-2")
@pytest.mark.parametrize("seat", [0, 1])
def test_a_whole_frog_deal_through_the_widget(seat: int, frog_without_pimc: Any) -> None:
    """Frog deals clicked through the page's buttons: the learner bids the Frog when it can and
    discards with the discard row (14 cards on it); nothing hidden reaches the page — the
    widow, the other hands, a defender's view of the discard (FR-2)."""
    tw = TableWidget(game="frog", seat=seat, seed=70 + seat)
    rng = random.Random(seat)
    discarded = False
    for _ in range(25):
        while not tw.table.done:
            t = tw.table
            assert t.learner_to_move()
            legal = list(t.view.legal)
            if t.view.step == "discard":
                assert shown_rows(tw) == ["discard"]
                row = tw.rows["discard"]
                visible = [b for b in row.buttons if b.layout.display != "none"]
                assert len(visible) == len(t.view.hand) and not any(b.disabled for b in visible)
                discarded = discarded or len(visible) == 14  # the widow taken in
            bid = [a for a in legal if t.game.action_info(a).token == "frog"]
            click_for(tw, bid[0] if bid else rng.choice(legal))
            assert tw.notice.value == "", tw.notice.value
            assert_nothing_hidden_shown(tw)
        assert sum(tw.table.state.chips()) == 0
        if tw.table.state.bidder is not None:
            assert "Settlement" in tw.result.value and "The whole deal" in tw.result.value
            if tw.table.learner_cards_played():
                assert "does not play Frog (game) yet" in tw.result.value
        if discarded:
            break
        tw.new_button.click()
    assert discarded


@pytest.mark.rule("FR-2")
def test_frog_forged_events_change_nothing(frog_without_pimc: Any) -> None:
    tw = TableWidget(game="frog", seat=0, seed=3, auto=False)
    t = tw.table
    for _ in range(40):  # a deal where the learner, forehand, may bid the Frog at once
        frog = next((a for a in t.view.legal if t.game.action_info(a).token == "frog"), None)
        if t.learner_to_move() and frog is not None:
            break
        tw.new_button.click()
    assert frog is not None
    t.bots = {s: Passer() for s in t.bots}
    click_for(tw, frog)
    while t.bot_to_move():
        tw.next_button.click()
    assert t.view.step == "discard"
    key = t.state.key()
    cat = tw.catalogue
    lead = cat.by_card[("card", t.view.hand[0])]  # a card led before the discard is done
    elsewhere = next(c for c in CARDS if c not in t.view.hand)
    for forged in (lead, cat.by_card[("discard", elsewhere)], None):
        tw.act(forged)
        assert t.state.key() == key and "FR-2" in tw.notice.value, (forged, tw.notice.value)
    for junk in ("AS", 999, -1, 3.5):  # not actions at all: the engine names its rule
        tw.act(junk)
        assert t.state.key() == key and re.search(r"(SBS|FR|REC)-\d", tw.notice.value)
    tw.press(tw.rows["card"], 0)  # the cards row is not in sight during the discard
    assert t.state.key() == key and "FR-2" in tw.notice.value
    forged_click(tw.rows["call"].buttons[1])
    assert t.state.key() == key and "FR-2" in tw.notice.value
    forged_click(tw.hint_button)
    assert t.state.key() == key and "TABLE-5" in tw.notice.value
    assert_nothing_hidden_shown(tw)
    # a discard taken back comes back; the bid cannot be taken back now (TABLE-1)
    click_for(tw, tw.rows["discard"].actions[0])  # type: ignore[arg-type]
    assert len(t.view.hand) == 13
    tw.undo_button.click()
    assert t.state.key() == key and "Taken back" in tw.compare_out.value
    assert "compared" not in tw.compare_out.value  # no solver for Frog: no comparison
    assert tw.undo_button.disabled  # the bid is behind the widow: forged, it is refused
    tw.undo_button.click()
    assert t.state.key() == key and "TABLE-1" in tw.notice.value


def test_the_game_picker_changes_the_table(frog_without_pimc: Any) -> None:
    tw = TableWidget(seed=5, bot="pimc", auto=False)
    sbs_rows = tw.rows
    assert tw.bot_pick.value == "pimc" and tw.level_out.value == ""
    tw.game_pick.value = "frog"
    assert tw.table.game_id == "frog" and tw.notice.value == ""
    assert tw.bot_pick.options == (("random cards", "random"), ("rules of thumb", "rule"))
    assert tw.bot_pick.value == "rule"
    assert "sampling + solver (PIMC) bots do not play Frog" in tw.level_out.value
    assert list(tw.rows) == ["call", "trump", "discard", "card"]
    assert [r.box for r in tw.rows.values()] == list(tw.actions_box.children)
    assert tw.table.state.game.id == "frog" and not tw.table.log
    tw.game_pick.value = "six-bid-solo"
    assert tw.rows is sbs_rows and tw.table.game_id == "six-bid-solo"
    assert tw.bot_pick.value == "rule" and len(tw.bot_pick.options) == 3
    assert tw.level_out.value == ""
    tw.bot_pick.value = "random"
    assert tw.table.bot_kind == "random" and tw.notice.value == ""
    # a forged index is refused by the kernel-side guard before the picker sees it
    key = tw.table.state.key()
    refusal = forge(tw.game_pick, {"index": 7})
    assert refusal is not None and refusal.rule == "PAGE-2" and "PAGE-2" in tw.notice.value
    assert tw.table.state.key() == key and tw.table.game_id == "six-bid-solo"


def test_a_frog_record_loads_into_the_widget(tmp_path: Path) -> None:
    tw = TableWidget(game="frog", seat=1, seed=9, records_dir=tmp_path)
    while not (tw.table.state.phase == PLAY and len(tw.table.state.tricks) >= 2):
        if tw.table.done:
            tw.new_button.click()
        else:
            click_for(tw, tw.table.view.legal[0])
    tw.save_name.value = "frog mid play"
    tw.save_button.click()
    assert tw.notice.value == "" and (tmp_path / "frog mid play.json").exists()
    sbs = TableWidget(seat=1, seed=2, records_dir=tmp_path)
    sbs.seat_pick.value = 1
    sbs.load_pick.value = "frog mid play.json"
    sbs.load_button.click()
    assert sbs.notice.value == "", sbs.notice.value
    assert sbs.table.game_id == "frog" and sbs.game_pick.value == "frog"
    assert list(sbs.rows) == ["call", "trump", "discard", "card"]
    assert "Frog (game)" in sbs.files_out.value and "from the record" in sbs.log_out.value
    assert_nothing_hidden_shown(sbs)
    play_out(sbs, random.Random(1))


@pytest.mark.parametrize("game", ["six-bid-solo", "frog", "crazy-solo", "auction-pitch",
                                  "sixty-six"])
def test_the_learners_cards_are_drawn_once(game: str) -> None:
    """When the learner's cards are buttons (each card's face a button) the seat at the table
    says so instead of drawing the hand a second time — in every game's table view; when they
    are not (the auction), the seat draws the hand."""
    tw = TableWidget(game=game, seed=8, bot="random", auto=True)
    as_buttons = drawn = 0
    for _ in range(200):
        t = tw.table
        if t.done:
            break
        view = t.view
        assert view.to_move == t.seat  # the bots play at once
        shown = tw.view_out.value
        hand_row = tw.rows.get("card")
        if hand_row is not None and hand_row.box.layout.display != "none":
            assert "st-own-buttons" in shown and 'aria-label="your hand' not in shown
            as_buttons += 1
        else:
            assert "st-own-buttons" not in shown and 'aria-label="your hand' in shown
            drawn += 1
        tw.act(view.legal[-1])
    assert as_buttons >= 3 and (drawn or game == "sixty-six")  # Sixty-Six has no auction
