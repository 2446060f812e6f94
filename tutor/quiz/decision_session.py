"""The light half of the decision quizzes: their kinds and titles, words for an action, the
clarity criterion of a bid question and the session — everything a page needs before the first
question is made, without the solver.

Importing :mod:`tutor.quiz.decisions` loads the double-dummy solver (numba and its compiled
kernels: a second or more, and tens of MiB in the kernel). A lesson page builds its widgets from
this module and loads the solver only on the learner's first click (``tutor.widgets.engine``);
:mod:`tutor.quiz.decisions` re-exports every name here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..rules.six_bid_solo import (
    CALL_BASE,
    CARDS,
    DECLINE,
    N_CARDS,
    PASS,
    SUIT_SYMBOLS,
    TRUMP_BASE,
    describe_action,
)
from ..state import Action
from .core import Feedback, Question, card_label
from .progress import Session

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


class DecisionSession(Session):
    """A run of decision questions with its score, recorded like the other quizzes.

    ``DecisionSession(seed=7)`` is reproducible; with ``progress`` each question's seed comes
    from the learner's file (fresh questions after a restart) and every first answer is counted
    there by kind and by rule id. Making a question loads the solver (on first use).
    """

    known = KINDS

    def make(self, kind: str, seed: int) -> Question:
        from .decisions import generate_decision  # the solver, on first use

        return generate_decision(kind, seed)

    def grade(self, question: Question, answer: object) -> Feedback:
        from .decisions import grade_decision

        return grade_decision(question, answer)


__all__ = ["KINDS", "TITLES", "DecisionSession", "action_words", "clear_call"]
