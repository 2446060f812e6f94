"""Decision quizzes: the answers recomputed independently, nothing of them in the public form,
grading and progress like the other quizzes, and the widget driven from Python (forged events,
what the browser would receive before and after the answer).

Bid questions come from the pre-built bank (``tests/test_bank.py``); the live generator the
bank is built with is tested here too. It asks the advisor, which is the slow part: the tests
use a small sample size (``BID_SAMPLES``) — the clarity criterion is the same at any size.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest_lesson import forge, mentions, plain

from tutor.cards import Card
from tutor.engine.record import state_of
from tutor.errors import IllegalActionError
from tutor.games.six_bid_solo.rules import CONTRACTS, SixBidSolo, SixBidSoloState, parse_call
from tutor.games.tapp import CALL_BASE, CARDS, PASS, PLAY
from tutor.quiz import Progress, QuizError
from tutor.quiz import decisions as dq
from tutor.quiz.decision_session import DecisionSession
from tutor.solver import search
from tutor.solver.advisor import advise_view
from tutor.widgets.common import state_text, subtree
from tutor.widgets.decisions import DecisionQuiz
from tutor.widgets.quiz import Learner

SMALL = 8  # advisor worlds per bid question in these tests
PLAY_SEEDS = [0, 1, 2, 3]
BID_SEEDS = [1, 9]


@pytest.fixture(autouse=True)
def small_advisor(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dq, "BID_SAMPLES", SMALL)


def forged_click(button: Any) -> None:
    button._handle_custom_msg({"event": "click"}, [])


def public_text(q: dq.DecisionQuestion) -> str:
    return json.dumps(q.public(), ensure_ascii=False)


def position_of(q: dq.DecisionQuestion) -> SixBidSoloState:
    state = state_of(q.detail()["record"])
    assert isinstance(state, SixBidSoloState)
    return state


# --- play decisions ------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", PLAY_SEEDS)
def test_play_decision_answer_is_the_solvers_best(seed: int) -> None:
    q = dq.generate_decision("play-decision", seed)
    assert q.kind == "play-decision" and not q.multi
    pos = position_of(q)
    assert pos.phase == PLAY and q.view is not None and pos.to_move == q.view.seat
    # an independent double-dummy analysis of the same position
    values = search.analyse(pos)
    seat = pos.to_move
    assert seat is not None
    want_high = (seat == pos.bidder) != (pos.contract in (3, 5))
    best = max(values.values()) if want_high else min(values.values())
    assert q.key().answer == {CARDS[c].text for c, v in values.items() if v == best}
    assert set(q.values) == {CARDS[c].text for c in pos.legal_actions()}
    spread = max(values.values()) - min(values.values())
    assert spread >= (1 if pos.contract in (3, 5) else dq.PLAY_THRESHOLD)
    # the question shows the learner's view, which is the position's view without legal
    assert q.view.legal == () and q.view.hand == pos.view(seat).hand
    assert set(q.key().rules) >= {"SBS-23", "SBS-24"}


@pytest.mark.parametrize("seed", PLAY_SEEDS[:2])
def test_play_decision_public_form_holds_no_answer_and_no_hidden_card(seed: int) -> None:
    q = dq.generate_decision("play-decision", seed)
    text = public_text(q)
    pos = position_of(q)
    seat = q.view.seat if q.view else -1
    hidden = {c.text for c in CARDS} - {c.text for c in pos.view(seat).visible_cards()}
    assert not mentions(text, hidden)
    key = q.key()
    assert key.explanation not in text
    for reason in key.reasons.values():
        assert reason not in text
    assert "values" not in q.public() and "record" not in text


def test_play_decision_grading_tells_the_cost() -> None:
    q = dq.generate_decision("play-decision", 0)
    best = sorted(q.key().answer)[0]
    values = q.detail()["values"]
    worst = max(q.values, key=lambda v: abs(values[v] - values[best]))
    fb = dq.grade_decision(q, best)
    assert fb.correct and "best card" in fb.explanation
    fb = dq.grade_decision(q, worst)
    assert not fb.correct and "costs" in fb.explanation
    cost = abs(values[worst] - values[best])
    assert f"costs {cost} " in fb.explanation
    assert fb.correct_answer and all(r in fb.rules for r in ("SBS-23", "SBS-24"))
    with pytest.raises(QuizError, match="QUIZ-1"):
        dq.grade_decision(q, "XX")
    with pytest.raises(QuizError, match="QUIZ-2"):
        dq.grade_decision(q, [best])


def test_generation_is_reproducible_and_kinds_checked() -> None:
    a = dq.generate_decision("play-decision", 2)
    b = dq.generate_decision("play-decision", 2)
    assert a.public() == b.public() and a.key() == b.key()
    with pytest.raises(QuizError, match="QUIZ-3"):
        dq.generate_decision("nope", 1)
    with pytest.raises(QuizError, match="QUIZ-3"):
        dq.generate_decision("play-decision", "1")  # type: ignore[arg-type]


# --- bid decisions -------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", BID_SEEDS)
def test_bid_decision_is_clear_and_graded_against_the_advisor(seed: int) -> None:
    q = dq.generate_decision("bid-decision", seed, live=True)
    assert q.kind == "bid-decision" and q.view is not None
    advice = q.detail()["advice_obj"]
    assert advice.worlds == SMALL
    # the stored advice is the advisor's own: rerun it on the same view and seed
    game = SixBidSolo()
    probe = game.new_deal(0, q.view.dealer)
    for _, t in q.view.calls:
        probe.apply(parse_call(t))
    assert probe.to_move == q.view.seat
    legal = list(probe.legal_actions())
    assert set(q.values) == {"pass" if a == PASS else CONTRACTS[a - CALL_BASE - 1]
                             for a in legal}
    # the view the advisor saw (the learner's hand at that seat) gives the same numbers
    from dataclasses import replace

    view = replace(q.view, legal=tuple(legal))
    again = advise_view(view, SMALL, advice.seed, first=SMALL, adaptive=False)
    assert [r.chips for r in again.rows] == [r.chips for r in advice.rows]
    # the answer is the clear best call, beyond every other call's 95% interval
    clear = dq.clear_call(advice, legal)
    assert clear is not None
    best = clear[0]
    answer = "pass" if best == PASS else CONTRACTS[best - CALL_BASE - 1]
    assert q.key().answer == {answer}
    values = dq.call_values(advice)
    for a in legal:
        if a == best:
            continue
        top = max((r for r in advice.rows if CALL_BASE + r.row.contract == a and r.n),
                  key=lambda r: r.expected(), default=None)
        upper = 0.0 if a == PASS else (top.interval()[1] if top is not None else 0.0)
        floor = 0.0 if best == PASS else clear[1].interval()[0]  # type: ignore[union-attr]
        assert upper < floor or (best == PASS and a != PASS and values[a] < 0)
    # public form: no answer, no advice numbers
    text = public_text(q)
    assert q.key().explanation not in text and "expected_chips" not in text
    fb = dq.grade_decision(q, answer)
    assert fb.correct and "SBS-14" in fb.rules and "advisor" in fb.explanation
    wrong = next(v for v in q.values if v != answer)
    fb = dq.grade_decision(q, wrong)
    assert not fb.correct and "chips by the advisor" in fb.explanation


def test_clear_call_criterion() -> None:
    from tutor.solver.advisor import Advice, Row, RowResult

    def row(contract: int, trump: int, chips: list[int], made: list[bool]) -> RowResult:
        r = RowResult(Row(contract, trump), stake=0)
        r.chips, r.made, r.values = chips, made, chips
        return r

    solo = row(1, 1, [40, 42, 38, 44, 40, 41], [True] * 6)
    heart = row(2, 2, [-30, -20, -25, -35, -28, -22], [False] * 6)
    advice = Advice(0, 1, 6, [solo, heart], worlds=6, done=True)
    assert dq.clear_call(advice, [PASS, CALL_BASE + 1, CALL_BASE + 2]) == (CALL_BASE + 1, solo)
    # overlapping intervals: not clear
    close = row(2, 2, [30, 50, 35, 45, 38, 44], [True] * 6)
    advice = Advice(0, 1, 6, [solo, close], worlds=6, done=True)
    assert dq.clear_call(advice, [PASS, CALL_BASE + 1, CALL_BASE + 2]) is None
    # every contract loses, and clearly: pass
    advice = Advice(0, 1, 6, [heart], worlds=6, done=True)
    assert dq.clear_call(advice, [PASS, CALL_BASE + 2]) == (PASS, None)
    # a legal call the advisor did not value is never "clearly" worse
    assert dq.clear_call(advice, [PASS, CALL_BASE + 2, CALL_BASE + 3]) is None


# --- sessions and progress -----------------------------------------------------------------------
def test_session_records_progress_like_the_other_quizzes(tmp_path: Path) -> None:
    progress = Progress.for_learner(tmp_path, "ada", durable=False)
    session = DecisionSession(progress=progress, kinds=["play-decision"])
    q = session.next()
    fb = session.answer(q, sorted(q.key().answer)[0])
    assert fb.correct and fb.scored and fb.score is not None and fb.score.text == "1 of 1 right"
    again = session.answer(q, sorted(q.key().answer)[0])
    assert not again.scored and again.score == fb.score
    reread = Progress.for_learner(tmp_path, "ada")
    assert reread.kind_stats() == {"play-decision": (1, 1)}
    assert set(reread.rule_stats()) >= {"SBS-23", "SBS-24"}
    with pytest.raises(QuizError, match="QUIZ-3"):
        DecisionSession(kinds=["legal-plays"])


def test_sampled_values_read_only_the_view() -> None:
    """Two deals that agree on a seat's view give that seat the same sampled values."""
    game = SixBidSolo()
    rng = random.Random(4)
    state = game.new_deal(rng, 2)
    for a in (CALL_BASE + 1, PASS, PASS, 43 + 1):
        state.apply(a)
    for _ in range(10):
        state.apply(rng.choice(state.legal_actions()))
    seat = state.to_move
    assert seat is not None
    view = state.view(seat)
    from tutor.engine.sampler import Sampler

    other = next(iter(Sampler(view).worlds(1, 99)))  # another deal, the same view
    assert other.view(seat) == view and other.key() != state.key()
    legal = list(view.legal)
    a = dq.sampled_values(view, legal, worlds=3, seed=5)
    b = dq.sampled_values(other.view(seat), legal, worlds=3, seed=5)
    assert a == b and set(a) == set(legal)
    with pytest.raises(IllegalActionError):
        dq.analyse_play(game.new_deal(1, 0))  # the auction: SBS-22


# --- the widget ----------------------------------------------------------------------------------
def browser_text(quiz: DecisionQuiz) -> str:
    return plain(state_text(subtree(quiz.box)))


def choose(quiz: DecisionQuiz, value: str) -> None:
    """Pick as a learner would: a card's face (cards are the buttons), else a toggle."""
    if quiz.pick_buttons:
        for b, v in zip(quiz.pick_buttons, quiz.pick_values, strict=True):
            b.value = v == value
    else:
        quiz.choices.value = value


def assert_hidden_kept(quiz: DecisionQuiz) -> None:
    text = browser_text(quiz)
    hidden = {c.text for c in quiz.hidden_cards()}
    assert not mentions(text, hidden), mentions(text, hidden)
    for secret in quiz.secrets():
        assert secret not in text


@pytest.mark.usefixtures("clean_widgets")
@pytest.mark.parametrize("kind", ["play-decision", "bid-decision"])
def test_decision_widget_round_trip(kind: str, tmp_path: Path) -> None:
    learner = Learner("cy", root=tmp_path)
    learner.progress.data["salt"] = 7  # type: ignore[union-attr]  # reproducible seeds
    quiz = DecisionQuiz([kind], learner=learner, prefetch=False)
    q = quiz.question
    assert q is not None and quiz.check.disabled and quiz.result.value == ""
    assert_hidden_kept(quiz)
    before = (q.id, quiz.exhibit.value)
    # forged events: nothing picked, Next before answering, a value that is not a choice
    forged_click(quiz.check)
    assert quiz.feedback is None and "Pick an answer first" in quiz.notice.value
    forged_click(quiz.next)
    assert quiz.question is q and "Answer this question first" in quiz.notice.value
    refusal = forge(quiz.choices, {"index": 99})  # the guard refuses it: no TraitError
    assert refusal is not None and refusal.rule == "PAGE-2" and "PAGE-2" in quiz.notice.value
    quiz.answer("not-a-choice")
    assert quiz.feedback is None and "QUIZ-1" in quiz.notice.value
    assert (q.id, quiz.exhibit.value) == before and learner.progress is not None
    assert learner.progress.answered == 0
    assert_hidden_kept(quiz)
    # the right answer, through the buttons
    if kind == "play-decision":  # the choices are the cards' faces, named for screen readers
        assert [b.description for b in quiz.pick_buttons] == \
            [Card.parse(v).name for v in q.values]
    choose(quiz, sorted(q.key().answer)[0])
    assert "Your pick" in quiz.pick.value and not quiz.check.disabled
    quiz.check.click()
    fb = quiz.feedback
    assert fb is not None and fb.correct and "Right!" in quiz.result.value
    assert learner.progress.answered == 1 and learner.progress.kind_stats() == {kind: (1, 1)}
    if kind == "play-decision":
        assert "solved double-dummy" in quiz.evidence.value
        assert "Where the cards were" in quiz.evidence.value
        assert quiz.hidden_cards() == set()
    else:
        assert "bid advisor" in quiz.evidence.value and "<svg" in quiz.evidence.value
    forged_click(quiz.check)
    assert learner.progress.answered == 1 and "Already answered" in quiz.notice.value
    quiz.next.click()  # (a bid question comes from the bank: no advisor run)
    assert quiz.question is not None and quiz.question.id != q.id and quiz.feedback is None
    assert_hidden_kept(quiz)


@pytest.mark.usefixtures("clean_widgets")
def test_decision_widget_wrong_answer_shows_the_cost() -> None:
    quiz = DecisionQuiz(["play-decision"], seed=5, prefetch=False)
    q = quiz.question
    assert q is not None
    values = q.detail()["values"]
    best = sorted(q.key().answer)[0]
    wrong = next(v for v in q.values if v not in q.key().answer)
    choose(quiz, wrong)
    quiz.check.click()
    assert quiz.feedback is not None and not quiz.feedback.correct
    cost = abs(values[wrong] - values[best])
    assert f"costs {cost}" in plain(quiz.result.value)
    assert Card.parse(wrong).name in quiz.exhibit.value or wrong in quiz.exhibit.value
    with pytest.raises(QuizError, match="QUIZ-3"):
        DecisionQuiz(["legal-plays"], seed=1)


@pytest.mark.usefixtures("clean_widgets")
def test_prefetch_gives_the_same_questions_sooner() -> None:
    ahead = DecisionQuiz(["play-decision"], seed=8)
    plain_quiz = DecisionQuiz(["play-decision"], seed=8, prefetch=False)
    ids = [[], []]  # type: list[list[str]]
    for quiz, out in ((ahead, ids[0]), (plain_quiz, ids[1])):
        for _ in range(3):
            q = quiz.question
            assert q is not None
            out.append(q.id)
            if quiz is ahead:
                assert quiz._ahead is not None  # the next one is being made already
            quiz.answer(sorted(q.key().answer)[0])
            quiz.next.click()
            assert quiz.notice.value == ""
    assert ids[0] == ids[1]


@pytest.mark.usefixtures("clean_widgets")
def test_the_question_made_ahead_stays_in_python() -> None:
    """The pre-generated next question (a Future in Python) puts nothing in widget state: not
    its hand, its choices, nor its answer — before, during and after the current answer."""
    quiz = DecisionQuiz(["play-decision"], seed=11)
    q = quiz.question
    assert q is not None and quiz._ahead is not None
    nxt = quiz._ahead.result()  # made in the worker thread while the learner reads q
    assert quiz.ready() and nxt.id != q.id
    assert nxt.view is not None
    for stage in ("asked", "answered"):
        text = browser_text(quiz)
        assert nxt.id not in text, stage
        key = nxt.key()
        for secret in (key.explanation, *key.reasons.values()):
            assert secret not in text, (stage, secret)
        assert_hidden_kept(quiz)
        if stage == "asked":  # (once answered, q's whole deal is shown: every card is named)
            own = {c.text for c in nxt.view.hand} - {c.text for c in q.view.visible_cards()}
            assert not mentions(text, own), mentions(text, own)
            quiz.answer(sorted(q.key().answer)[0])
    # ready: the next question shows at once, with no "preparing" status
    said: list[str] = []
    quiz.status.observe(lambda c: said.append(str(c["new"])), names="value")
    quiz.next.click()
    assert quiz.question is not None and quiz.question.id == nxt.id
    assert not any("Preparing" in s for s in said), said


@pytest.mark.usefixtures("clean_widgets")
def test_preparing_status_only_when_not_ready() -> None:
    quiz = DecisionQuiz(["play-decision"], seed=12, prefetch=False, start=False)
    said: list[str] = []
    quiz.status.observe(lambda c: said.append(str(c["new"])), names="value")
    quiz.next.click()  # nothing made ahead: the learner is told why they wait
    assert quiz.question is not None and quiz.status.value == ""
    assert any("Preparing the next hand" in s for s in said), said


def test_the_decision_quizzes_know_six_bid_solo_and_frog() -> None:
    from tutor.quiz.decision_basics import decision_game, decision_games, decision_titles

    assert decision_game().game_id == "six-bid-solo"
    assert decision_games() == ("six-bid-solo", "frog")
    assert list(decision_titles("frog")) == ["bid-decision", "discard-decision"]
    assert DecisionSession(seed=1, game="frog").kinds == ("bid-decision", "discard-decision")
    for game in ("poker", None):
        with pytest.raises(QuizError) as e:
            DecisionSession(seed=1, game=game)  # type: ignore[arg-type]
        assert e.value.rule == "QUIZ-3"
    with pytest.raises(QuizError, match="QUIZ-3"):
        DecisionSession(seed=1, game="frog", kinds=["play-decision"])  # not Frog's yet


@pytest.mark.usefixtures("clean_widgets")
def test_lesson_15_opens_with_few_widget_models() -> None:
    """Every ipywidgets model is a message to the page: lesson 15's panels open without the
    widgets that wait for the learner's first click — the advisor's progress bar and outputs,
    a quiz's question, choices and feedback — and share their layouts and styles; each part is
    made, in its place, when first needed."""
    from ipywidgets.widgets.widget import _instances

    from tutor.widgets import AdvisorPanel, LearnerBox

    before = set(_instances)
    panel = AdvisorPanel(hand="AS TS KS JS 9S AH KH 7H KD QC 7C")
    LearnerBox(Learner(seed=1))
    quizzes = [DecisionQuiz([kind], start=False, seed=1) for kind in ("bid-decision",
                                                                      "play-decision")]
    made = len(set(_instances) - before)
    assert made <= 60, made  # 115 when every part was made with the page (issue 22)

    def classes(box: Any) -> list[str]:
        return [next(iter(c._dom_classes), type(c).__name__) for c in box.children]

    assert "tutor-advisor-progress" not in state_text(subtree(panel.box))
    assert panel.progress.value == 0.0  # made now, below the hand
    assert classes(panel.box)[-4:] == ["HBox", "tutor-advisor-verdict", "tutor-advisor-table",
                                       "tutor-advisor-chart"]
    quiz = quizzes[1]
    assert classes(quiz.box) == ["tutor-decision-game", "tutor-quiz-title",
                                 "tutor-decision-status", "HBox", "tutor-notice",
                                 "tutor-quiz-score"]
    assert quiz.next.description == "First question" and not quiz.next.disabled
    assert quiz.exhibit.value == ""  # made now, in its place
    assert classes(quiz.box) == [
        "tutor-decision-game", "tutor-quiz-title", "tutor-decision-status",
        "tutor-quiz-question", "tutor-quiz-choices", "tutor-discard-picks", "tutor-quiz-pick",
        "HBox", "tutor-notice", "tutor-quiz-feedback", "tutor-decision-evidence",
        "tutor-quiz-score"]


def test_lesson_widgets_build_without_the_solver(tmp_path: Path) -> None:
    """Lessons 14 and 15 build their widgets without importing the solver (numba): it is
    loaded on the learner's first click (tutor.widgets.engine.warm_up). Run in a fresh
    interpreter, since this test session has loaded the solver long ago."""
    code = """
import sys
from tutor.widgets import AdvisorPanel, DecisionQuiz, LearnerBox, TableWidget, lesson_style
import tutor.quiz
lesson_style()
TableWidget(seed=3)
AdvisorPanel(hand="AS TS KS JS 9S AH KH 7H KD QC 7C")
LearnerBox()
DecisionQuiz(["bid-decision"], start=False)
DecisionQuiz(["play-decision"], start=False)
heavy = sorted(m for m in sys.modules if m.startswith(("numba", "tutor.solver", "matplotlib",
                                                       "tutor.bots.pimc", "tutor.quiz.decisions")))
print(heavy)
from tutor.widgets.engine import engine_ready, warm_up
said = []
assert not engine_ready() and warm_up(said.append) and engine_ready() and said
assert not warm_up(said.append) and len(said) == 1
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=False, env={**os.environ, "TUTOR_PROGRESS_DIR": str(tmp_path),
                                           "TUTOR_PREWARM": "0"})
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]", out.stdout


def test_the_engine_loads_in_the_background_when_a_widget_needs_it(tmp_path: Path) -> None:
    """A widget that will need the solver starts loading it in a background thread when it is
    built (tutor.widgets.engine.prewarm); the learner's first click waits for that load instead
    of starting its own, and the main thread never imported the solver itself."""
    code = """
import sys, threading
from tutor.widgets import DecisionQuiz
from tutor.widgets import engine
DecisionQuiz(["play-decision"], start=False)
loading = engine._warming
assert loading is not None and loading.name == "tutor-prewarm"
said = []
waited = engine.warm_up(said.append)  # True (with the status) unless the load had finished
assert said == ([engine.WARMING] if waited else []) and engine.engine_ready()
assert not loading.is_alive() and not engine.warm_up(said.append) and len(said) == waited
engine.prewarm()
assert engine._warming is loading  # once per kernel
print("ok")
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=False, env={**os.environ, "TUTOR_PROGRESS_DIR": str(tmp_path)})
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok", out.stdout
