"""Frog's decision questions: *which three to discard?* graded exactly (every discard solved
double-dummy here, independently of the analysis), *what would you bid?* found live and clear
by the advisor's intervals, and both in the decision widget with its game picker."""

from __future__ import annotations

import json
from dataclasses import replace
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from conftest_lesson import mentions, plain

from tutor.cards import Card
from tutor.engine.record import state_of
from tutor.games.frog.discard import after_discard
from tutor.games.frog.rules import CONTRACTS, FrogState
from tutor.games.tapp import CALL_BASE, CARD_INDEX, CARDS, PASS, mask_cards
from tutor.quiz import Progress, QuizError
from tutor.quiz import decisions as dq
from tutor.quiz.decision_session import DecisionSession
from tutor.solver import search
from tutor.solver.advisor import advise_view
from tutor.widgets.common import state_text, subtree
from tutor.widgets.decisions import DecisionQuiz

SMALL = 8  # advisor worlds per bid question in these tests


@pytest.fixture(autouse=True)
def small_advisor(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dq, "BID_SAMPLES", SMALL)


def forged_click(button: Any) -> None:
    button._handle_custom_msg({"event": "click"}, [])


def at_the_discard(q: dq.DecisionQuestion) -> FrogState:
    """The question's deal replayed from its record, at the discard."""
    state = state_of(q.detail()["record"])
    assert isinstance(state, FrogState) and state.step == "discard"
    return state


def every_discard(state: FrogState) -> dict[tuple[int, ...], int]:
    """All 364 discards, each solved exactly on its own (no pruning)."""
    bidder = state.bidder
    assert bidder is not None
    hand = sorted(mask_cards(state.hands[bidder]))
    return {d: search.solve(after_discard(state, d)) for d in combinations(hand, 3)}


def texts(discard: tuple[int, ...]) -> list[str]:
    return [CARDS[c].text for c in discard]


# --- which three to discard? ---------------------------------------------------------------------
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_discard_question_is_graded_exactly(seed: int) -> None:
    q = dq.generate_decision("discard-decision", seed, game="frog")
    assert q.kind == "discard-decision" and q.game == "frog" and q.multi
    assert q.id == f"frog/discard-decision#{seed}"
    state = at_the_discard(q)
    bidder = state.bidder
    assert q.view is not None and q.view.seat == bidder and q.view.legal == ()
    assert len(q.view.hand) == 14 and set(q.values) == {c.text for c in q.view.hand}
    every = every_discard(state)
    top = max(every.values())
    best = [d for d, v in every.items() if v == top]
    assert 2 * len({q.detail()["analysis"].canonical(d) for d in best}) <= \
        q.detail()["candidates"]  # asked only when the discard matters
    # the key is a best discard; its value is the brute force's best
    key = q.key()
    assert tuple(sorted(CARD_INDEX[Card.parse(t)] for t in key.answer)) in best
    assert f"P = {top}" in key.explanation and "FR-2" in key.rules
    # the public form holds no answer
    text = json.dumps(q.public(), ensure_ascii=False)
    assert key.explanation not in text and "best" not in text
    # a best discard is right; the worst costs its points and twice as many chips (k = 1,
    # two opponents each paying P - 60)
    fb = dq.grade_decision(q, texts(best[-1]))
    assert fb.correct and "as good as the best" in fb.explanation
    worst = min(every, key=lambda d: every[d])
    cost = top - every[worst]
    fb = dq.grade_decision(q, texts(worst))
    assert not fb.correct and f"costs {cost} point" in fb.explanation
    assert f"and {2 * cost} chips" in fb.explanation and f"P = {every[worst]}" in fb.explanation
    named = tuple(sorted(CARD_INDEX[Card.parse(v)] for v in fb.correct_values))
    assert named in best and len(fb.correct_answer) == 3
    # any discard graded by its own value
    for d in list(every)[::37]:
        fb = dq.grade_decision(q, texts(d))
        assert fb.correct == (every[d] == top)
        assert f"leaves you P = {every[d]}" in fb.explanation


def test_discard_answers_of_the_wrong_shape() -> None:
    q = dq.generate_decision("discard-decision", 4, game="frog")
    hand = list(q.values)
    with pytest.raises(QuizError, match="QUIZ-2"):
        dq.grade_decision(q, hand[:2])
    with pytest.raises(QuizError, match="QUIZ-2"):
        dq.grade_decision(q, hand[:4])
    with pytest.raises(QuizError, match="QUIZ-2"):
        dq.grade_decision(q, hand[0])  # one value, not a list
    outside = next(c.text for c in CARDS if c.text not in hand)
    with pytest.raises(QuizError, match="QUIZ-1"):
        dq.grade_decision(q, [*hand[:2], outside])


def test_discard_questions_are_reproducible() -> None:
    a = dq.generate_decision("discard-decision", 7, game="frog")
    b = dq.generate_decision("discard-decision", 7, game="frog")
    assert a.public() == b.public() and a.key() == b.key()
    c = dq.generate_decision("discard-decision", 8, game="frog")
    assert c.public() != a.public()
    with pytest.raises(QuizError, match="QUIZ-3"):
        dq.generate_decision("discard-decision", 1)  # Frog's own kind, not Six-Bid Solo's


# --- what would you bid? (live) ------------------------------------------------------------------
@pytest.mark.parametrize("seed", [1, 3])
def test_frog_bid_decision_is_clear_and_the_advisors(seed: int) -> None:
    q = dq.generate_decision("bid-decision", seed, game="frog")
    assert q.game == "frog" and q.id == f"frog/bid-decision#{seed}" and q.view is not None
    advice = q.detail()["advice_obj"]
    assert advice.game == "frog" and advice.worlds == SMALL
    legal = [PASS] + [CALL_BASE + c for c in range(1, len(CONTRACTS) + 1)
                      if CONTRACTS[c - 1] in q.values]
    assert set(q.values) == {"pass", *(CONTRACTS[a - CALL_BASE - 1] for a in legal[1:])}
    view = replace(q.view, legal=tuple(legal))
    again = advise_view(view, SMALL, advice.seed, first=SMALL, adaptive=False)
    assert [r.chips for r in again.rows] == [r.chips for r in advice.rows]
    clear = dq.clear_call(again, legal)
    assert clear is not None
    answer = "pass" if clear[0] == PASS else CONTRACTS[clear[0] - CALL_BASE - 1]
    assert q.key().answer == {answer}
    fb = dq.grade_decision(q, answer)
    assert fb.correct and {"SBS-14", "FR-1", "FR-5"} <= set(fb.rules)
    labels = {c.label for c in q.choices}
    assert "Frog" not in labels and labels <= {"pass", "Frog bid", "Chico", "Grand"}


def test_frog_session_records_progress_by_game(tmp_path: Path) -> None:
    progress = Progress.for_learner(tmp_path, "eve", durable=False)
    session = DecisionSession(progress=progress, game="frog", kinds=["discard-decision"])
    q = session.next()
    fb = session.answer(q, sorted(q.key().answer))
    assert fb.correct and fb.game == "frog"
    reread = Progress.for_learner(tmp_path, "eve")
    assert reread.kind_stats("frog") == {"discard-decision": (1, 1)}
    assert reread.kind_stats() == {} and "FR-2" in reread.rule_stats("frog")


# --- the widget ----------------------------------------------------------------------------------
def browser_text(quiz: DecisionQuiz) -> str:
    return plain(state_text(subtree(quiz.box)))


def assert_hidden_kept(quiz: DecisionQuiz) -> None:
    text = browser_text(quiz)
    hidden = {c.text for c in quiz.hidden_cards()}
    assert not mentions(text, hidden), mentions(text, hidden)
    for secret in quiz.secrets():
        assert secret not in text


@pytest.mark.usefixtures("clean_widgets")
def test_discard_widget_round_trip() -> None:
    quiz = DecisionQuiz(["discard-decision"], game="frog", seed=2, prefetch=False)
    q = quiz.question
    assert q is not None and q.kind == "discard-decision"
    assert quiz.game_pick.layout.display == "none"  # only Frog has this kind
    assert len(quiz.pick_buttons) == 14 and quiz.choices.layout.display == "none"
    # each card's face is the button, named for screen readers
    assert [b.description for b in quiz.pick_buttons] == [Card.parse(v).name for v in q.values]
    assert_hidden_kept(quiz)
    # two cards: not yet; a forged click on Check is refused and changes nothing
    for b in quiz.pick_buttons[:2]:
        b.value = True
    assert quiz.check.disabled and "2 so far" in plain(quiz.pick.value)
    forged_click(quiz.check)
    assert quiz.feedback is None and "Pick 3 cards" in quiz.notice.value
    quiz.pick_buttons[0].value = False
    # the best discard, through the buttons
    for b, v in zip(quiz.pick_buttons, quiz.pick_values, strict=True):
        b.value = v in q.key().answer
    assert not quiz.check.disabled
    quiz.check.click()
    fb = quiz.feedback
    assert fb is not None and fb.correct and "Right!" in quiz.result.value
    assert all(b.disabled for b in quiz.pick_buttons)
    assert "Your discard and the best" in quiz.evidence.value
    assert "Where the cards were" in quiz.evidence.value and quiz.hidden_cards() == set()
    quiz.next.click()
    assert quiz.question is not None and quiz.question.id != q.id
    assert not any(b.value for b in quiz.pick_buttons)
    assert_hidden_kept(quiz)


@pytest.mark.usefixtures("clean_widgets")
def test_the_game_picker() -> None:
    quiz = DecisionQuiz(["bid-decision"], seed=5, prefetch=False, start=False)
    assert [v for _, v in quiz.game_pick.options] == ["six-bid-solo", "frog"]
    assert [n for n, _ in quiz.game_pick.options] == ["Six-Bid Solo", "Frog (game)"]
    assert quiz.game_pick.layout.display is None
    quiz.game_pick.value = "frog"  # before the first question: still waiting for the click
    assert quiz.question is None and quiz.next.description == "First question"
    quiz.next.click()
    assert quiz.question is not None and quiz.question.game == "frog"
    assert "Frog bid" in [c.label for c in quiz.question.choices]
    quiz.game_pick.value = "six-bid-solo"  # a question asked: one of the new game at once
    assert quiz.question is not None and quiz.question.game == "six-bid-solo"
    assert quiz.session.game == "six-bid-solo" and quiz.title == "What would you bid?"
    both = DecisionQuiz(game="frog", seed=1, prefetch=False, start=False)
    assert both.kinds == ("bid-decision", "discard-decision")
    assert both.title == "What would you bid? · Which three to discard?"
    only_sbs = DecisionQuiz(["play-decision"], seed=1, prefetch=False, start=False)
    assert only_sbs.games == ("six-bid-solo",) and only_sbs.game_pick.layout.display == "none"
    with pytest.raises(QuizError, match="QUIZ-3"):
        DecisionQuiz(["discard-decision"], seed=1, start=False)  # Six-Bid Solo has none
