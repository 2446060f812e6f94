"""Sixty-Six at the play table: its drawings, whole deals through the widget, the take-back
that never crosses a draw from the stock, forged events, the bots' reasons, the match to 7, and
what the browser would receive.

Hidden information (SS-17): besides the hidden-card audit after every action (no card of the
opponent's hand or of the stock in any widget trait, and no card of a trick turned face down),
the *twin* test opens the same position of two deals that differ only where the learner cannot
see — the opponent's card in a trick now face down, the stock's order, and so the opponent's
total — and requires exactly the same widget state. A table that showed the opponent's total
makes the twins differ: the test can fail (:func:`test_a_leaky_total_makes_the_twins_differ`).
"""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from conftest_lesson import mentions, plain

from tutor.cards import DECK_24, Card, card_label
from tutor.display import card_svg, deal_html
from tutor.display.adapter import deal_notes
from tutor.display.play_table import table_status_html, table_view_html
from tutor.engine.record import dumps, state_of
from tutor.errors import IllegalActionError, OptionError
from tutor.games import spec
from tutor.games.sixty_six.match import SixtySixTableMatch
from tutor.games.sixty_six.rules import (
    CARD,
    SixtySix,
    SixtySixState,
    SixtySixView,
    parse_play,
)
from tutor.games.sixty_six.sampling import seen_by
from tutor.play.errors import TableError
from tutor.play.levels import has_pimc, levels
from tutor.play.log import names_any
from tutor.play.session import TableGame, names_number, table_games
from tutor.widgets.common import state_text, subtree
from tutor.widgets.table import LegalRow, TableWidget, readable

pytestmark = pytest.mark.usefixtures("clean_widgets")

GAME = "sixty-six"
WORDS = spec(GAME).presentation
NOTES = deal_notes(GAME)
SVG = "{http://www.w3.org/2000/svg}"
#: A deal for scripted play: seat 0 (the non-dealer, the learner) leads 9♠ and seat 1 wins it
#: with K♠; Q♠ lies fifth in the stock (the twin swaps the two).
DEAL: dict[str, Any] = {
    "format": "tutor-record/1", "game": GAME, "options": {}, "dealer": 1,
    "hands": [["9S", "AC", "TC", "KH", "JH", "9C"], ["KS", "AH", "TH", "QC", "JC", "9H"]],
    "turnup": "AD", "stock": ["JS", "TD", "QH", "KC", "QS", "AS", "TS", "KD", "QD", "JD", "9D"],
    "play": []}


def forged_click(button: Any) -> None:
    button._handle_custom_msg({"event": "click"}, [])


def browser_text(tw: TableWidget) -> str:
    return plain(state_text(subtree(tw.box)))


def sixty(**kw: Any) -> TableWidget:
    kw.setdefault("bot", "random")
    return TableWidget(game=GAME, **kw)


def assert_nothing_hidden_shown(tw: TableWidget) -> None:
    """No card the learner may not see now (the opponent's unknown cards, the stock, a trick
    turned face down), no held-back reason, and no total but the learner's own (SS-17)."""
    hidden = {c.text for c in tw.hidden_cards()}
    text = browser_text(tw)
    assert not mentions(text, hidden), mentions(text, hidden)
    for secret in tw.secrets():
        assert secret not in text
    if not tw.table.done:
        shown = " ".join(x.value for x in (tw.status, tw.view_out, tw.log_out, tw.hint_out,
                                           tw.compare_out, tw.result))
        for m in re.finditer(r"total", plain(shown), re.IGNORECASE):
            assert plain(shown)[max(0, m.start() - 5):m.start()] == "Your ", plain(shown)


class Script:
    """A bot that plays the first of its ``prefs`` (record tokens) that is legal, else the
    first legal action, with a fixed reason (or one its ``reason`` callable writes)."""

    name = "script"

    def __init__(self, prefs: list[str], reason: Any = "my move") -> None:
        self.prefs = [parse_play(t) for t in prefs]
        self.reason = reason

    def act(self, view: Any) -> tuple[int, str]:
        action = next((a for a in self.prefs if a in view.legal), view.legal[0])
        return action, self.reason(view) if callable(self.reason) else self.reason


class Quiet:
    """A random bot that draws whenever it may and claims only when nothing else is legal (the
    random bot claims a third of the time, ending most deals before the stock is gone)."""

    name = "quiet"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def act(self, view: Any) -> tuple[int, str]:
        legal = list(view.legal)
        draw = parse_play("draw")
        if draw in legal:
            return draw, "draw: always"
        rest = [a for a in legal if a not in (parse_play("claim"), parse_play("close"))]
        action = self.rng.choice(rest or legal)
        return action, f"{action}: a quiet random choice"


@pytest.fixture
def quiet_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table's bots are :class:`Quiet` ones."""
    import tutor.play.session as session

    monkeypatch.setattr(session, "make_table_bot", lambda _k, seed, _w, family=True:
                        Quiet(seed))


def loaded(record: dict[str, Any], seat: int, folder: Path, **kw: Any) -> TableWidget:
    """A fresh table (always the same seed) that opens ``record`` from its deals folder, the
    learner at ``seat`` — as a teacher's saved deal is opened."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "deal.json").write_text(dumps(record), encoding="utf-8")
    tw = sixty(seed=5, records_dir=folder, **kw)
    tw.seat_pick.value = seat
    tw.load_pick.value = "deal.json"
    tw.load_button.click()
    assert tw.notice.value == "", tw.notice.value
    assert tw.table.game_id == GAME and tw.table.seat == seat
    return tw


def play(tw: TableWidget, token: str) -> None:
    """The learner's action ``token`` pressed as a learner would (its button)."""
    action = parse_play(token)
    b = tw.button_for(action)
    assert not b.disabled and b.layout.display != "none", (token, b.description)
    b.click()
    assert tw.notice.value == "", tw.notice.value


def learner_choice(t: TableGame, rng: random.Random) -> int:
    """A learner who draws, closes now and then and claims rarely, so deals reach the strict
    rules, closes and claims."""
    legal = list(t.view.legal)
    kinds = {a: t.game.action_info(a).kind for a in legal}
    if "close" in kinds.values() and rng.random() < 0.08:
        return next(a for a in legal if kinds[a] == "close")
    if "claim" in kinds.values() and rng.random() < 0.04:
        return next(a for a in legal if kinds[a] == "claim")
    if "draw" in kinds.values():
        return next(a for a in legal if kinds[a] == "draw")
    rest = [a for a in legal if kinds[a] not in ("claim", "close")]
    return rng.choice(rest or legal)


def click_for(tw: TableWidget, action: int) -> None:
    b = tw.button_for(action)
    assert not b.disabled and b.layout.display != "none", (action, b.description)
    b.click()
    assert tw.notice.value == "", tw.notice.value


# --- the table seats Sixty-Six ------------------------------------------------------------------
def test_the_table_deals_sixty_six() -> None:
    assert [s.id for s in table_games()] == ["six-bid-solo", "frog", "crazy-solo", "sixty-six",
                                             "auction-pitch"]
    t = TableGame(game=GAME, seed=1)
    assert isinstance(t.state, SixtySixState) and t.game.players == 2 and not t.family
    assert t.state.dealer == 1 and t.learner_to_move()  # seat 0 leads the first deal (SS-4)
    t.new_deal()
    assert t.state.dealer == 0 and t.bot_to_move()  # the deal alternates (SS-2)
    with pytest.raises(TableError, match="TABLE-2"):
        TableGame(game=GAME, seat=2)
    tw = sixty(seed=2)
    assert tw.game_pick.value == GAME and tw.players_pick.layout.display == "none"
    assert [v for _, v in tw.seat_pick.options] == [0, 1]
    assert (("a match to 7", 4) in tw.mode_pick.options
            and ("a match of 4 deals", 4) not in tw.mode_pick.options)
    assert tw.aid_line.layout.display == "none"  # no past tricks, no points (SS-17)
    # rows for Sixty-Six's kinds of action, the moves around the stock on one line
    assert list(tw.rows) == ["draw", "exchange", "close", "claim", "marriage", "card"]
    for kind in tw.rows:  # a row is built when first in sight, or when asked for
        assert tw.rows[kind].kind == kind
    line = tw.actions_box.children[0]
    assert "tutor-moves" in line._dom_classes and len(line.children) == 4


def test_the_game_picker_switches_to_sixty_six_and_back() -> None:
    tw = TableWidget(seed=4, bot="random", auto=False)
    tw.game_pick.value = GAME
    assert tw.notice.value == "" and tw.table.game_id == GAME
    assert isinstance(tw.table.view, SixtySixView) and "Stock —" in tw.view_out.value
    assert tw.bot_pick.value == "random" or tw.bot_pick.value in ("rule", "pimc")
    tw.game_pick.value = "six-bid-solo"
    assert tw.notice.value == "" and tw.table.game_id == "six-bid-solo"
    assert list(tw.rows) == ["call", "trump", "call-card", "give", "card"]
    assert tw.aid_line.layout.display is None


# --- the drawings ---------------------------------------------------------------------------------
def parse(markup: str) -> ET.Element:
    return ET.fromstring(markup)


def imgs(root: ET.Element) -> list[ET.Element]:
    return [e for e in root.iter(SVG + "svg") if e.get("role") == "img"]


def card_of_label(label: str) -> Card:
    return next(c for c in DECK_24.cards if c.name == label.split(" (")[0])


def random_states(n: int, seed: int, options: dict[str, Any] | None = None
                  ) -> list[SixtySixState]:
    """States at every step of seeded deals played at random (claims rare)."""
    rng = random.Random(seed)
    game = SixtySix(options or {})
    out = []
    for _ in range(n):
        state = game.new_deal(rng, rng.randrange(2))
        for _ in range(rng.randrange(32)):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            state.apply(rng.choice([a for a in legal if a != 0 or rng.random() < 0.05]
                                   or legal))
        out.append(state)
    return out


@pytest.mark.rule("SS-1")
def test_the_24_card_faces_and_their_names() -> None:
    """Every card of the 24-card pack draws with its own accessible name, its rank's index
    (``10`` for the ten) and its suit's colour class, through the theme's variables."""
    names = set()
    for card in DECK_24.cards:
        root = parse(card_svg(card))
        assert root.get("role") == "img" and root.get("aria-label") == card.name
        assert root.find(SVG + "title") is not None and root.find(SVG + "title").text == card.name
        index = "10" if card.rank.letter == "T" else card.rank.letter
        assert index in [t.text for t in root.iter(SVG + "text")]
        assert ("st-red" if card.suit.is_red else "st-black") in root.get("class", "")
        assert "var(--st-card-face" in card_svg(card)  # follows light and dark themes
        names.add(card.name)
    assert len(names) == 24


@pytest.mark.rule("SS-3", "SS-17")
@pytest.mark.parametrize("running", [False, True])
def test_the_table_view_draws_only_what_the_seat_may_see(running: bool) -> None:
    for state in random_states(40, 7 + running, {"show_running_total": running}):
        if state.is_terminal():
            continue
        for seat in (0, 1):
            view = state.view(seat)
            html = table_view_html(view, {}, fallen=[], teaching_aid=False)
            root = parse(html)
            shown = [e.get("aria-label") or "" for e in imgs(root)]
            named = [card_of_label(x) for x in shown if x != "face-down card"]
            assert set(named) <= view.visible_cards()
            assert set(view.hand) <= set(named)
            opp = 1 - seat
            backs = shown.count("face-down card")
            stack = (min(view.stock_left, 3) + 1 if view.closed_by is not None
                     else min(view.stock_left, 3) if view.turnup is not None else 0)
            assert backs == view.hand_sizes[opp] - len(view.known[opp]) + stack
            assert set(view.known[opp]) <= set(named)  # a shown marriage card, a turn-up taken
            assert (view.turnup in named) == (view.turnup is not None)
            if view.last_trick is not None:
                assert set(view.last_trick[1]) <= set(named)
            text = plain(html)
            assert f"Stock — {view.stock_left} card" in text or "Stock — gone" in text
            assert str(state.total(opp)) not in re.findall(r"total\D{0,40}(\d+)", text)
            if running:
                assert f"Your total{view.total}" in text.replace("</dt><dd>", "") or \
                    f"{view.total} (SS-13)" in text
            else:
                assert "count it yourself" in text
            status = table_status_html(view, done=False, learner_to_move=view.to_move == seat,
                                       auto=True, match=None)
            prompt, rule = WORDS.prompt(view)
            assert (prompt in status and rule in status) if view.to_move == seat else \
                "is to move" in status


@pytest.mark.rule("SS-5", "SS-10", "SS-13a")
def test_a_whole_deal_draws_every_card_and_the_play() -> None:
    for state in random_states(30, 11):
        while not state.is_terminal():
            state.apply(random.Random(len(state.history())).choice(state.legal_actions()))
        html = deal_html(state)
        assert deal_html(state.record()) == html
        root = parse(html)
        named = {card_of_label(e.get("aria-label") or "") for e in imgs(root)}
        assert named == set(DECK_24.cards)  # the hands, the turn-up and the stock
        text = plain(html)
        assert text.count("Trick ") == len(state.tricks)
        assert text.count(" drew ") == state.history().count(parse_play("draw"))
        if state.closed_by >= 0:
            assert f"Seat {state.closed_by} closed the stock (SS-10)" in text
        if state.claim is not None:
            assert "(SS-13a)" in text
        assert f"Totals (SS-13)seat 0 {state.total(0)}, seat 1 {state.total(1)}" in \
            text.replace("</dt><dd>", "").replace("\n", "")


# --- whole deals through the widget --------------------------------------------------------------
@pytest.mark.rule("SS-5", "SS-17")
@pytest.mark.parametrize("seat", [0, 1])
def test_whole_deals_through_the_widget(seat: int, quiet_bots: None) -> None:
    tw = sixty(seat=seat, seed=30 + seat)
    t = tw.table
    rng = random.Random(seat)
    kinds = set()
    for _ in range(4):
        assert_nothing_hidden_shown(tw)
        while not t.done:
            assert t.learner_to_move(), "the bots stop at the learner's turn"
            action = learner_choice(t, rng)
            kinds.add(t.game.action_info(action).kind)
            click_for(tw, action)
            assert_nothing_hidden_shown(tw)
        state = t.state
        assert isinstance(state, SixtySixState) and state.is_terminal()
        result = plain(tw.result.value)
        assert "The deal’s result" in result and "The whole deal" in result
        assert state.ending is not None and state.ending in result
        assert len(t.log) == len(state.history())
        assert all(e.reason for e in t.log if not e.learner)
        tw.new_button.click()
        assert tw.notice.value == "" and not t.done and tw.result.value == ""
    assert {"card", "draw"} <= kinds


def test_the_log_turns_face_down_with_the_tricks(tmp_path: Path) -> None:
    """SS-17: a trick lies face up until the next one is complete; then the log no longer
    names its cards — who won it stays (tricks won are counted by both)."""
    tw = loaded(DEAL, 0, tmp_path)
    t = tw.table
    t.bots[1] = Script(["KS", "draw", "9H"])
    play(tw, "9S")
    log = [text for text, _ in t.shown_log()]
    assert log[:2] == ["You: play 9♠", "seat 1 (dealer): play K♠ — trick 1 to seat 1"]
    play(tw, "KH")  # trick 2 complete: trick 1 turns face down
    log = [text for text, _ in t.shown_log()]
    assert log[0] == "You: a card, now face down (SS-17)"
    assert log[1] == "seat 1 (dealer): a card, now face down (SS-17) — trick 1 to seat 1"
    assert log[2] == "seat 1 (dealer): draw from the stock, then the other player (SS-5)"
    assert log[3:] == ["seat 1 (dealer): play 9♥", "You: play K♥ — trick 2 to you"]
    assert not mentions(plain(tw.log_out.value), {"9S", "KS"})
    assert "trick 1 to seat 1" in plain(tw.log_out.value)


# --- the take-back never crosses a draw --------------------------------------------------------
@pytest.mark.rule("SS-5")
def test_a_take_back_never_crosses_a_draw(tmp_path: Path) -> None:
    tw = loaded(DEAL, 0, tmp_path)
    t = tw.table
    t.bots[1] = Script(["KS", "draw", "9H", "KC"])
    play(tw, "9S")  # seat 1 wins with K♠, draws, leads 9♥
    assert t.state.history() == [parse_play(x) for x in ["9S", "KS", "draw", "9H"]]
    assert not t.can_undo() and tw.undo_button.disabled
    why = plain(tw.undo_out.value)
    assert "never crosses a draw from the stock" in why and "SS-5" in why
    assert "never crosses a draw" in tw.undo_button.tooltip
    key = t.state.key()
    forged_click(tw.undo_button)
    assert t.state.key() == key and "TABLE-1" in tw.notice.value
    assert "never crosses a draw" in plain(tw.notice.value)
    with pytest.raises(TableError, match="TABLE-1"):
        t.undo()
    # after the draw the learner's own actions may be taken back: K♥ wins trick 2
    play(tw, "KH")
    assert t.learner_to_move() and t.state.step == "draw" and t.can_undo()
    assert tw.undo_out.value == "" and not tw.undo_button.disabled
    tw.undo_button.click()
    assert t.state.history()[-1] == parse_play("9H") and t.state.step == "follow"
    assert "Taken back: K♥" in plain(tw.compare_out.value)
    play(tw, "JH")  # another try: J♥ also beats 9♥
    play(tw, "draw")  # the learner's own draw: no take-back of it
    assert not t.can_undo() and "never crosses a draw" in plain(tw.undo_out.value)
    # closing ends the draws: from here every action of the learner's may be taken back
    play(tw, "close")
    assert t.can_undo()
    play(tw, "AC")  # seat 1 must follow suit (SS-11): K♣
    assert t.state.history()[-2:] == [parse_play("AC"), parse_play("KC")]
    assert t.learner_to_move() and t.can_undo()
    tw.undo_button.click()
    assert t.state.history()[-1] == parse_play("close")
    tw.undo_button.click()  # the close itself
    assert t.state.history()[-1] == parse_play("draw") and t.state.step == "lead"
    assert not t.can_undo() and tw.undo_button.disabled
    assert "never crosses a draw" in plain(tw.undo_out.value)
    assert_nothing_hidden_shown(tw)


# --- forged events --------------------------------------------------------------------------------
@pytest.mark.rule("SS-6", "SS-11")
def test_forged_events_change_nothing(tmp_path: Path) -> None:
    tw = loaded(DEAL, 0, tmp_path)
    t = tw.table
    t.bots[1] = Script(["KS", "draw", "9H", "KC", "QC", "JC"])
    play(tw, "9S")
    play(tw, "KH")
    play(tw, "draw")
    play(tw, "close")  # the strict rules: seat 1's clubs must follow A♣
    key, log = t.state.key(), len(t.log)
    # a click on a hidden, empty button of the moves' rows (no draw after a close)
    draws = tw.rows["draw"]
    assert isinstance(draws, LegalRow) and draws.actions[0] is None
    assert draws.buttons[0].layout.display == "none" and draws.buttons[0].description == ""
    forged_click(draws.buttons[0])
    assert t.state.key() == key and "no action on this button" in tw.notice.value
    # values the learner may not send: a card of seat 1's hand, a second close, junk
    for forged in (parse_play("QC"), parse_play("close"), parse_play("draw"),
                   parse_play("exchange"), "AS", 999, -1, None, 2.5, True):
        tw.act(forged)
        assert t.state.key() == key and "SS-" in tw.notice.value, (forged, tw.notice.value)
    assert len(t.log) == log
    # a hint without the strong bot (TABLE-5), or for the other seat (its cards are hidden)
    if not t.has_pimc:
        forged_click(tw.hint_button)
        assert t.state.key() == key and "TABLE-5" in tw.notice.value
    with pytest.raises(IllegalActionError):
        t.hint_for(1)
    # while seat 1 is to move (step mode) every learner button is refused
    tw.auto.value = False
    play(tw, "AC")
    assert t.bot_to_move()
    key = t.state.key()
    forged_click(tw.rows["card"].buttons[0])
    forged_click(tw.rows["claim"].buttons[0])
    assert t.state.key() == key and "SS-5" in tw.notice.value
    tw.next_button.click()
    assert t.state.history()[-1] == parse_play("KC") and tw.notice.value == ""
    assert_nothing_hidden_shown(tw)


def test_marriage_buttons_name_only_the_learners_own_cards(tmp_path: Path) -> None:
    """A marriage's button names its K and Q (the learner's own): it exists only while legal,
    so no label names a card the learner may not see."""
    record = {**DEAL, "hands": [["KH", "QH", "AC", "TC", "9S", "9C"],
                                ["KS", "AH", "TH", "QC", "JC", "9H"]],
              "stock": ["JS", "TD", "JH", "KC", "QS", "AS", "TS", "KD", "QD", "JD", "9D"]}
    tw = loaded(record, 0, tmp_path)
    row = tw.rows["marriage"]
    labels = [b.description for b in row.buttons if b.layout.display != "none"]
    assert labels == ["Lead K♥, showing Q♥: a marriage in ♥",
                      "Lead Q♥, showing K♥: a marriage in ♥"]
    assert tw.rows["claim"].buttons[0].description == "Claim 66"
    assert tw.rows["close"].buttons[0].description == "Close the stock"
    t = tw.table
    t.bots[1] = Script(["AH", "draw", "9H"])
    row.buttons[0].click()  # lead K♥ showing Q♥: seat 1 takes it with A♥
    assert tw.notice.value == ""
    assert t.state.history()[:2] == [parse_play("marriage:KH"), parse_play("AH")]
    facts = plain(tw.view_out.value)
    assert "you ♥ 20 (pending: no trick won yet)" in facts
    assert "Seat 1 has seen these of yours: Q♥: shown with a marriage, SS-9" in facts
    assert all(b.description == "" for b in row.buttons if b.layout.display == "none")
    assert readable("lead KH, showing QH", DECK_24) == "Lead K♥, showing Q♥"
    assert t.learner_to_move() and t.state.step == "follow"  # seat 1 drew and led 9♥
    play(tw, "QH")  # the shown queen: trick 2 complete, the marriage's trick face down
    log = [text for text, _ in t.shown_log()]
    assert log[0] == "You: a marriage of 20 in ♥ (SS-9); its cards now face down"
    assert log[-1] == "You: play Q♥ — trick 2 to you"
    assert "you ♥ 20" in plain(tw.view_out.value) and "pending" not in plain(tw.view_out.value)


# --- the bots' reasons ----------------------------------------------------------------------------
@pytest.mark.rule("SS-17")
def test_a_reason_holding_a_total_waits_for_the_deals_end(tmp_path: Path) -> None:
    tw = loaded(DEAL, 0, tmp_path)
    t = tw.table
    state = t.state
    assert isinstance(state, SixtySixState)
    t.bots[1] = Script(["KS", "draw", "9H"],
                       reason=lambda v: f"I count {state.total(1)} in my tricks")
    play(tw, "9S")
    held = [e for e in t.log if e.counted]
    assert held and all(e.held_back for e in held)
    assert "I count 4 in my tricks" in t.withheld_reasons()
    assert "I count 4" not in browser_text(tw)
    assert "a count you keep in your head" in plain(tw.log_out.value)
    assert names_number("I count 14 in", ("14",)) and not names_number("10♥ and 140", ("14",))
    assert not names_number("the 10♥", ("0",)) and not names_number("averages +0.75", ("0",))
    assert names_number("I count 21.", ("21",)) and names_number("(45, 3)", ("45",))
    t.bots[1] = Script(["claim"], reason="claim")
    while not t.done:
        click_for(tw, learner_choice(t, random.Random(3)))
    assert "I count 4 in my tricks" in plain(tw.result.value)  # shown once the deal is over


# --- the twins: hidden information is not in the widget -------------------------------------------
def twin(record: dict[str, Any]) -> dict[str, Any]:
    """The same deal with seat 1's K♠ and the stock's Q♠ swapped: every play stays legal with
    Q♠ for K♠, the learner's view at any later step is the same — only the face-down trick,
    the stock's order and the opponent's total differ."""
    hands = [list(h) for h in record["hands"]]
    stock = list(record["stock"])
    hands[1][hands[1].index("KS")] = "QS"
    stock[stock.index("QS")] = "KS"
    play = ["QS" if x == "KS" else x for x in record["play"]]
    return {**record, "hands": hands, "stock": stock, "play": play}


def normalised(tw: TableWidget) -> str:
    """The widget state as the browser receives it, with model ids numbered in the order they
    are met and class lists sorted (two widgets of one structure compare equal)."""
    states = json.loads(state_text(subtree(tw.box)))
    order: dict[str, str] = {}
    for mid in states:
        order.setdefault(mid, f"M{len(order)}")
    text = json.dumps([states[m] for m in states], sort_keys=True, ensure_ascii=False)
    text = re.sub(r"IPY_MODEL_([0-9a-f]+)", lambda m: order.get(m.group(1), "?"), text)
    data = json.loads(text)
    for state in data:
        if isinstance(state.get("_dom_classes"), list):
            state["_dom_classes"] = sorted(state["_dom_classes"])
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


TWIN_PLAY = ["9S", "KS", "draw", "9H", "KH"]  # trick 1 to seat 1, trick 2 to the learner


@pytest.mark.rule("SS-17")
def test_the_twins_give_the_same_widget_state(tmp_path: Path) -> None:
    real = {**DEAL, "play": TWIN_PLAY}
    other = twin(real)
    a, b = state_of(real), state_of(other)
    assert isinstance(a, SixtySixState) and isinstance(b, SixtySixState)
    assert a.view(0) == b.view(0) and a.total(1) != b.total(1) and a.stock != b.stock
    one = loaded(real, 0, tmp_path / "a")
    two = loaded(other, 0, tmp_path / "b")
    assert normalised(one) == normalised(two)
    # and on, live, with a scripted opponent: the same after each action
    for tw in (one, two):
        tw.table.bots[1] = Script(["QC", "JC", "AH", "TH", "draw"])
        play(tw, "draw")
        play(tw, "AC")
    assert normalised(one) == normalised(two)
    assert_nothing_hidden_shown(one)


def test_a_leaky_total_makes_the_twins_differ(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """The twin test can fail: a table that shows the opponent's total (here a presentation
    patched to add it) gives the twins different widget states."""
    real = {**DEAL, "play": TWIN_PLAY}
    facts = type(WORDS).facts
    told = {"total": 0}

    def leaky(self: Any, view: SixtySixView) -> list[tuple[str, str]]:
        return [*facts(self, view), ("Seat 1 total", str(told["total"]))]

    monkeypatch.setattr(type(WORDS), "facts", leaky)
    states = []
    for record, folder in ((real, "a"), (twin(real), "b")):
        state = state_of(record)
        assert isinstance(state, SixtySixState)
        told["total"] = state.total(1)
        states.append(normalised(loaded(record, 0, tmp_path / folder)))
    assert states[0] != states[1]


# --- the match to 7 ------------------------------------------------------------------------------
@pytest.mark.rule("SS-2", "SS-15", "SS-16")
def test_a_match_to_seven_against_the_bots() -> None:
    tw = sixty(seed=8)
    t = tw.table
    tw.mode_pick.value = 4
    tw.new_button.click()
    assert tw.notice.value == ""
    m = t.match
    assert isinstance(m, SixtySixTableMatch) and m.target == 7 and m.balances == [0, 0]
    rng = random.Random(2)
    dealers = []
    while True:
        dealers.append(t.state.dealer)  # type: ignore[attr-defined]
        status = plain(tw.status.value)
        assert "Match to 7 (SS-16)" in status and "game points" in status
        while not t.done:
            click_for(tw, learner_choice(t, rng))
        standing = t.standing()
        assert standing is not None and standing.after is not None
        result = plain(tw.result.value)
        assert "Match (SS-16)" in result and "the first to 7 wins" in result
        if max(standing.after) >= 7:
            assert "over (SS-16) — won by" in result
            break
        before = list(m.balances)
        tw.new_button.click()
        assert tw.notice.value == "" and list(m.balances) == list(standing.after)
        assert sum(m.balances) > sum(before) or m.carried > 0
    assert all(a != b for a, b in pairwise(dealers))  # SS-2
    assert tw.new_button.description == "Next deal"
    tw.new_button.click()  # settles the last deal: the match is over
    assert m.is_over() and m.winners() == [max((0, 1), key=lambda s: m.balances[s])]
    assert "SS-16" in tw.notice.value and "the match is over" in tw.notice.value
    assert tw.new_button.description == "New match"
    tw.new_button.click()
    assert tw.notice.value == "" and t.match is not m and t.match is not None
    assert t.match.balances == [0, 0]


def test_the_table_match_keeps_sixty_six_rules() -> None:
    game = SixtySix({"target": 10, "no_claim": "carry_one_point"})
    m = SixtySixTableMatch(game, rng=3)
    assert m.target == 10 and m.dealer in (0, 1) and SixtySixTableMatch.words(game, 4) == \
        "a match to 10"
    state = m.next_deal()
    with pytest.raises(IllegalActionError, match="SS-16"):
        m.next_deal()  # finish the deal in progress first
    while not state.is_terminal():
        state.apply(next(a for a in state.legal_actions() if a != 0))
    after = m.preview(state)
    result = m.settle(state)
    assert tuple(m.balances) == after and result.chips == [a for a in after]
    assert m.dealer != result.dealer
    with pytest.raises(OptionError, match="SS-2"):
        SixtySixTableMatch(SixtySix(), first_dealer=2)
    with pytest.raises(OptionError, match="SS-16"):
        SixtySixTableMatch(spec("frog").make(), rng=1)  # type: ignore[arg-type]


# --- records -------------------------------------------------------------------------------------
def test_save_and_load_a_sixty_six_deal(tmp_path: Path) -> None:
    tw = sixty(seed=12, records_dir=tmp_path)
    t = tw.table
    rng = random.Random(4)
    for _ in range(3):
        click_for(tw, learner_choice(t, rng))
        if t.done:
            break
    tw.save_name.value = "mine"
    tw.save_button.click()
    assert tw.notice.value == "" and (tmp_path / "mine.json").exists()
    saved = json.loads((tmp_path / "mine.json").read_text(encoding="utf-8"))
    assert saved["game"] == GAME and saved["play"] == t.record()["play"]
    other = sixty(seed=99, records_dir=tmp_path)
    other.load_pick.value = "mine.json"
    other.load_button.click()
    assert other.notice.value == "" and other.table.state == t.state
    assert "(from the record)" in plain(other.log_out.value)
    assert_nothing_hidden_shown(other)


def test_every_card_of_the_deal_is_in_the_notes_rules() -> None:
    """The table's words for Sixty-Six cite its rules: the match (SS-16), the end of a deal
    (the rule that scored it), and the review's scope."""
    assert NOTES.match_rule == "SS-16" and NOTES.match_over_rule == "SS-16"
    state = random_states(1, 3)[0]
    while not state.is_terminal():
        state.apply(state.legal_actions()[-1])
    assert NOTES.over_rule(state) == state.ending
    assert "stock" in NOTES.review_note
    assert names_any("AS and 10♥", {Card.parse("TH")})
    assert card_label(Card.parse("TH")) == "10♥"


# --- the review with the exact solver ----------------------------------------------------------
@pytest.mark.rule("SS-10", "SS-11")
def test_the_review_values_each_action_once_the_stock_is_gone(tmp_path: Path) -> None:
    """After a close every card's place is known to the solver: the review values each of the
    learner's actions from then on (``solver.card_values``), with the cost against the best and
    the tries taken back; the actions while the stock was open are left out, and it says so."""
    from tutor.games.sixty_six.solver import card_values

    tw = loaded(DEAL, 0, tmp_path)
    t = tw.table
    assert t.has_review
    t.bots[1] = Script(["KS", "draw", "9H", "KC", "QC", "JC", "AH", "TH", "JS", "AS", "TS"])
    play(tw, "9S")
    play(tw, "KH")
    play(tw, "draw")
    play(tw, "close")
    play(tw, "TC")  # a try, taken back: A♣ instead
    tw.undo_button.click()
    rng = random.Random(1)
    play(tw, "AC")
    while not t.done:
        click_for(tw, rng.choice([a for a in t.view.legal if a != parse_play("claim")]
                                 or list(t.view.legal)))
    lines = t.valued_review()
    history = t.state.history()
    close_at = history.index(parse_play("close"))
    mine = [e.step for e in t.log if e.learner and e.step > close_at]
    assert len(lines) == len(mine) >= 2
    replay = state_of({**DEAL, "play": [t.state.token(a) for a in history[:close_at + 1]]})
    assert isinstance(replay, SixtySixState)
    k = 0
    for i in range(close_at + 1, len(history)):
        if i in mine:
            values = card_values(replay)
            top = max(values.values())
            line = lines[k]
            assert line.action == t.words(history[i]) and line.cost == top - values[history[i]]
            assert set(line.best) == {t.words(a) for a, v in values.items() if v == top}
            assert line.trick == len(replay.tricks) + 1
            k += 1
        replay.apply(history[i])
    first = lines[0]
    assert first.action == "A♣" and [x for x, _ in first.tries] == ["10♣"]
    result = plain(tw.result.value)
    assert "Your play once the stock was gone" in result and "not valued here" in result
    assert all(line.action in result for line in lines)


def test_no_review_lines_when_the_stock_never_closed(tmp_path: Path) -> None:
    tw = loaded(DEAL, 0, tmp_path)
    t = tw.table
    t.bots[1] = Script(["KS", "claim"])
    play(tw, "9S")  # seat 1 wins and claims at once (wrong: 4)
    assert t.done and t.valued_review() == []
    result = plain(tw.result.value)
    assert "Seat 1 claimed 66 with 4 — wrong" in result and "You score 3" in result
    assert "not valued here" in result and "0 of 0" not in result


def test_view_html_draws_a_sixty_six_view_as_the_table_does() -> None:
    """A lesson may show a Sixty-Six view with the display's ``view_html``: the game's own
    table (its deal notes), the same drawing the play table shows."""
    from tutor.display import view_html

    for state in random_states(5, 21):
        view = state.view(0)
        assert view_html(view) == table_view_html(view, {}, fallen=[], teaching_aid=False)
    with pytest.raises(Exception, match="DSP-3"):
        view_html(random_states(1, 3)[0])  # type: ignore[arg-type]  # a state is no view


# --- the bots of the 66-engine room: rules of thumb and the strong bot ---------------------------
needs_strong = pytest.mark.skipif(not has_pimc(GAME), reason="the strong bot plays Sixty-Six "
                                  "once tutor/games/sixty_six/pimc.py is there")
needs_rules = pytest.mark.skipif("rule" not in levels(GAME), reason="the rule bot plays "
                                 "Sixty-Six once tutor/games/sixty_six/bots.py is there")


def unseen_twin(record: dict[str, Any]) -> dict[str, Any]:
    """The same deal with seat 1's Q♣ (unplayed in :data:`TWIN_PLAY`) and the stock's A♠ (not
    yet drawn) swapped: what the learner has seen is the same, card for card — only the
    opponent's hand and the stock's order differ."""
    hands = [list(h) for h in record["hands"]]
    stock = list(record["stock"])
    hands[1][hands[1].index("QC")] = "AS"
    stock[stock.index("AS")] = "QC"
    return {**record, "hands": hands, "stock": stock}


@needs_strong
@pytest.mark.rule("SS-17")
def test_a_hint_is_the_strong_bots_advice_from_what_the_learner_has_seen(
        tmp_path: Path) -> None:
    """The hint samples deals from what the learner has seen, never from the hidden cards: a
    twin deal that differs only in the opponent's unseen card and the stock's order gives the
    same hint, word for word; the hint is legal and names no total."""
    real = {**DEAL, "play": TWIN_PLAY}
    one = loaded(real, 0, tmp_path / "a")
    two = loaded(unseen_twin(real), 0, tmp_path / "b")
    for tw in (one, two):
        tw.hint_button.click()
        assert tw.notice.value == "", tw.notice.value
    assert one.hint_out.value == two.hint_out.value
    hint = plain(one.hint_out.value)
    assert "game points expected for you" in hint and "strong bot" in hint
    assert "total" not in hint.lower() and "count" not in hint.lower()
    action, reason = one.table.hint()
    assert action in one.table.view.legal and reason.startswith(one.table.words(action))
    assert_nothing_hidden_shown(one)


@needs_strong
def test_two_tries_are_compared_in_expected_game_points(tmp_path: Path) -> None:
    tw = loaded(DEAL, 0, tmp_path)
    t = tw.table
    t.bots[1] = Script(["KS", "draw", "9H", "KC", "QC", "JC"])
    for token in ("9S", "KH", "draw", "close", "AC"):
        play(tw, token)
    tw.undo_button.click()
    assert "compared on deals sampled from your view" in plain(tw.compare_out.value)
    play(tw, "TC")
    text = plain(tw.compare_out.value)
    assert "your first try A♣ averages" in text and "10♣" in text and "game points" in text


@needs_rules
@pytest.mark.parametrize("level", ["rule", "pimc"])
def test_the_bots_of_sixty_six_play_through_take_backs(level: str) -> None:
    """The rule bot and the strong bot play whole deals at the table, each acting on what its
    seat has seen (so a take-back leaves it nothing to forget); a reason holding a count waits
    for the deal's end; every step audited."""
    if level not in levels(GAME):
        pytest.skip(f"no {level} bot for Sixty-Six yet")
    tw = sixty(bot=level, seed=40)
    t = tw.table
    rng = random.Random(5)
    taken = 0
    for _ in range(2 if level == "rule" else 1):
        while not t.done:
            click_for(tw, learner_choice(t, rng))
            assert_nothing_hidden_shown(tw)
            if t.can_undo() and taken < 4 and rng.random() < 0.3:
                tw.undo_button.click()
                assert tw.notice.value == "", tw.notice.value
                taken += 1
        assert all(e.reason for e in t.log if not e.learner)
        # a reason for every action, its cards in the learner's words (Q♥, not QH)
        assert not [e.reason for e in t.log if re.search(r"\b[AKQJT9][SHDC]\b", e.reason)]
        assert "The deal’s result" in plain(tw.result.value)
        tw.new_button.click()
        assert tw.notice.value == ""
    assert taken


# --- the bots and the hint act on what their seat has seen -------------------------------------
class Spy:
    """A table bot that keeps what the table gives it (``seen``) and answers as ``bot`` does."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = getattr(bot, "name", "spy")
        self.seen: list[Any] = []

    def act(self, view: Any) -> tuple[int, str]:
        self.seen.append(view)
        answer: tuple[int, str] = self.bot.act(view)
        return answer


#: the learner (seat 0) has drawn after trick 2 and led A♣: seat 1's bot is to follow
BOT_PLAY = [*TWIN_PLAY, "draw", "AC"]


def learners_twin(record: dict[str, Any]) -> dict[str, Any]:
    """The same deal with the learner's 9♣ (never played in :data:`BOT_PLAY`) and the stock's
    Q♦ (not yet drawn) swapped: what seat 1 has seen is the same, card for card — only the
    learner's hand and the stock's order differ."""
    hands = [list(h) for h in record["hands"]]
    stock = list(record["stock"])
    hands[0][hands[0].index("9C")] = "QD"
    stock[stock.index("QD")] = "9C"
    return {**record, "hands": hands, "stock": stock}


@needs_rules
@pytest.mark.rule("SS-17")
def test_the_table_offers_the_rule_and_strong_bots_and_the_hint() -> None:
    """Sixty-Six's bots' levels are offered as for the other games (its folder holds
    ``bots.py`` and ``pimc.py``), the rules of thumb by default; the strong bot plays through
    the picker and the hint button is on at the learner's turn."""
    tw = sixty(seed=12, bot=None)
    t = tw.table
    assert [v for _, v in tw.bot_pick.options] == list(levels(GAME)) == ["random", "rule", "pimc"]
    assert t.bot_kind == "rule" and tw.bot_pick.value == "rule"
    assert t.has_pimc and t.has_compare and t.has_review
    tw.bot_pick.value = "pimc"
    assert tw.notice.value == "" and t.bot_kind == "pimc"
    assert {type(b).__name__ for b in t.bots.values()} == {"PimcBot"}
    assert t.learner_to_move() and not tw.hint_button.disabled
    assert "sampling player" in tw.hint_button.tooltip


@needs_strong
@pytest.mark.rule("SS-17")
@pytest.mark.parametrize("level", ["rule", "pimc"])
def test_a_bot_at_the_table_acts_on_what_its_seat_has_seen(level: str) -> None:
    """The table hands a bot what its seat has seen (``sampling.seen_by``) and nothing else: the
    same position of two deals that differ only in the learner's unseen card and the stock's
    order gives the bot the same input and the same action, reason word for word."""
    answers, given = [], []
    for record in ({**DEAL, "play": BOT_PLAY}, learners_twin({**DEAL, "play": BOT_PLAY})):
        t = TableGame(game=GAME, bot=level, seed=21)
        t.load(record, seat=0)
        spy = t.bots[1] = Spy(t.bots[1])
        assert t.bot_to_move()
        entry = t.bot_step()
        answers.append((entry.action, entry.reason))
        given.append(spy.seen[0])
        assert spy.seen[0] == seen_by(state_of(record), 1)  # type: ignore[arg-type]
    one, two = (state_of(r) for r in ({**DEAL, "play": BOT_PLAY},
                                      learners_twin({**DEAL, "play": BOT_PLAY})))
    assert isinstance(one, SixtySixState) and isinstance(two, SixtySixState)
    assert one.hands[0] != two.hands[0] and one.stock != two.stock  # the deals differ
    assert given[0] == given[1] and answers[0] == answers[1], answers
    assert answers[0][1] and not re.search(r"\b[AKQJT9][SHDC]\b", answers[0][1])


@needs_rules
@pytest.mark.rule("SS-17")
def test_after_a_take_back_the_bot_is_given_only_what_happened() -> None:
    """The bots keep no memory of a play taken back: after the learner's take-back and another
    try the table hands the bot what its seat has seen of the deal as it now stands, and the
    bot answers exactly as at a table where the first try never happened."""
    record = {**DEAL, "play": [*TWIN_PLAY, "draw", "close"]}
    t = TableGame(game=GAME, bot="rule", seed=23)
    t.load(record, seat=0)
    spy = t.bots[1] = Spy(t.bots[1])
    first, second = parse_play("TC"), parse_play("QH")
    t.act(first)
    t.run_bots()
    assert t.can_undo()
    assert t.undo() == first
    spy.seen.clear()
    t.act(second)
    t.run_bots()
    assert spy.seen, "the bot followed the second try"
    for seen in spy.seen:
        mine, _ = seen.played()  # the cards the learner (seat 0) has played, as seen
        assert not mine >> (first - CARD) & 1 and mine >> (second - CARD) & 1
    straight = TableGame(game=GAME, bot="rule", seed=23)
    straight.load(record, seat=0)
    other = straight.bots[1] = Spy(straight.bots[1])
    straight.act(second)
    straight.run_bots()
    assert t.state.history() == straight.state.history()
    assert [(e.action, e.reason) for e in t.log] == [(e.action, e.reason) for e in straight.log]
    assert spy.seen == other.seen


@needs_rules
@needs_strong
def test_the_hint_is_the_most_expected_points_ties_to_the_rules_of_thumb(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The hint is asked with what the learner has seen (``seen_by``), takes the action with the
    most expected game points, and among equals the rules of thumb's choice."""
    from tutor.bots import make_bot

    t = TableGame(game=GAME, bot="rule", seed=24)
    t.load({**DEAL, "play": [*TWIN_PLAY, "draw"]}, seat=0)
    assert t.learner_to_move() and t.state.step == "lead"
    seen = seen_by(t.state, 0)  # type: ignore[arg-type]
    legal = list(seen.legal)
    ruled, _ = make_bot("rule", 1).act(seen)
    asked: list[Any] = []

    def values(best: int | None) -> Any:
        def action_values(view: Any) -> dict[int, tuple[float, None]]:
            asked.append(view)
            return {a: (1.0 if a == best else 0.5, None) for a in view.legal}
        return action_values

    monkeypatch.setattr(t, "action_values", values(None))  # every action ties
    action, reason = t.hint()
    assert asked == [seen] and action == ruled
    assert reason.startswith(f"{t.words(ruled)}: +0.50 game points expected for you")
    other = next(a for a in reversed(legal) if a != ruled)
    monkeypatch.setattr(t, "action_values", values(other))  # one action is best
    action, reason = t.hint()
    assert action == other and reason.startswith(f"{t.words(other)}: +1.00 game points")
    runner = next(a for a in legal if a != other)  # equals follow in the legal order
    assert f"(next: {t.words(runner)} +0.50; " in reason


@needs_strong
@pytest.mark.rule("SS-17")
def test_hints_through_a_deal_name_no_total_and_no_hidden_card() -> None:
    """A learner who follows every hint plays whole deals against the rule bot: each hint is
    legal and says only the actions' expected game points and how many deals it sampled —
    no total (the learner counts its own, the opponent's is hidden) and no hidden card; once
    the stock is exhausted it says there is one deal left to consider."""
    worlds = 5
    hints = exhausted = 0
    for seed in range(33, 45):  # until a deal reaches the exhausted stock
        t = TableGame(game=GAME, bot="rule", seed=seed, hint_worlds=worlds)
        while not t.done:
            t.run_bots()
            if t.done:
                break
            action, reason = t.hint()
            assert action in t.view.legal
            assert not names_any(reason, t.hidden_cards()), reason
            rest = reason
            for a in sorted(t.view.legal, key=lambda a: -len(t.words(a))):
                rest = rest.replace(t.words(a), "")  # the actions' own words ("claim 66")
            rest = re.sub(r"[+-]\d+\.\d\d", "", rest)  # the expected game points
            view = t.view
            if view.stock_left == 0 and view.turnup is None and view.closed_by is None:
                assert "the one deal your view allows" in reason, reason  # every card's place
                assert re.findall(r"\d+", rest) == [], reason
                exhausted += 1
            else:
                assert re.findall(r"\d+", rest) == [str(worlds)], reason  # "over 5 deals"
            t.act(action)
            hints += 1
        assert t.state.is_terminal()
        if exhausted:
            break
    assert hints >= 3 and exhausted
