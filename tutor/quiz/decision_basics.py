"""What every decision quiz shares, without the solver: the kinds and their titles, words for an
action, a call's value in the advisor's table, the clarity criterion of a bid question and the
question type that keeps its evidence server side.

The modules above build on this one and on each other in one direction:
:mod:`.bid_questions` (a bid question from a position and the advisor's table) ->
:mod:`.bank` (bid questions found offline) -> :mod:`.decisions` (the live questions, grading,
the analysis of a played deal) -> :mod:`.decision_session` (the session a page uses).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..cards import card_label
from ..games.six_bid_solo.rules import describe_action
from ..games.tapp import CALL_BASE, CARDS, DECLINE, N_CARDS, PASS, SUIT_SYMBOLS, TRUMP_BASE
from ..state import Action
from .core import Question, QuizError

if TYPE_CHECKING:  # annotations only: the advisor's types come with the solver
    from ..solver.advisor import Advice, RowResult

KINDS: tuple[str, ...] = ("bid-decision", "play-decision")
TITLES: dict[str, str] = {"bid-decision": "What would you bid?", "play-decision": "Which card?"}


def action_words(action: Action) -> str:
    """Words for a call, a declaration step or a card (``bid Solo``, ``trump ♠``, ``10♥``)."""
    if action < N_CARDS:
        return card_label(CARDS[action])
    if TRUMP_BASE <= action < DECLINE:
        return f"trump {SUIT_SYMBOLS[action - TRUMP_BASE]}"
    return describe_action(action)


def call_values(advice: Advice) -> dict[Action, float]:
    """A call's value in an advice: its best row's expected chips; pass is worth 0."""
    out: dict[Action, float] = {PASS: 0.0}
    for r in advice.rows:
        if r.n:
            a = CALL_BASE + r.row.contract
            out[a] = max(out.get(a, -1e9), r.expected())
    return out


def clear_call(advice: Advice, legal: Sequence[Action]) -> tuple[Action, RowResult | None] | None:
    """The best call when it is clear beyond the advisor's 95% intervals, else None.

    A call's value is its best row (pass is exactly 0, interval [0, 0]: SBS-17, a deal thrown in
    moves no chips); the best call's lower bound must lie above every other legal call's upper
    bound (SBS-14: the legal calls are pass and the contracts above the standing one).
    """
    best_rows: dict[Action, RowResult] = {}
    for r in advice.rows:
        a = CALL_BASE + r.row.contract
        if r.n and a in legal and (a not in best_rows or r.expected() > best_rows[a].expected()):
            best_rows[a] = r
    bounds: dict[Action, tuple[float, float, float]] = {PASS: (0.0, 0.0, 0.0)}
    for a, r in best_rows.items():
        lo, hi = r.interval()
        bounds[a] = (r.expected(), lo, hi)
    for a in legal:
        if a not in bounds:
            return None  # a legal call the advisor did not value: not clear
    best = max(bounds, key=lambda a: bounds[a][0])
    floor = bounds[best][1]
    if all(bounds[a][2] < floor for a in bounds if a != best):
        return best, best_rows.get(best)
    return None


@dataclass(frozen=True)
class DecisionQuestion(Question):
    """A decision question: a :class:`~tutor.quiz.core.Question` with its evidence kept server
    side (the advisor's table, the solver's values), for the feedback after grading."""

    _detail: Mapping[str, Any] | None = field(default=None, repr=False, compare=False)

    def detail(self) -> Mapping[str, Any]:
        """The evidence behind the answer — server side only, like :meth:`key`."""
        if self._detail is None:
            raise QuizError("QUIZ-3", "this question has no evidence", where=self.id)
        return self._detail


__all__ = ["KINDS", "TITLES", "DecisionQuestion", "action_words", "call_values", "clear_call"]
