"""The decision quizzes' session, with the names a page needs before the first question is
made — the kinds and titles, words for an action, the clarity criterion of a bid question —
all without the solver.

Importing :mod:`tutor.quiz.decisions` loads the double-dummy solver (numba and its compiled
kernels: a second or more, and tens of MiB in the kernel). A lesson page builds its widgets from
this module and loads the solver only on the learner's first click (``tutor.widgets.engine``):
:class:`DecisionSession` imports :mod:`tutor.quiz.decisions` when it makes or grades its first
question. The light names come from :mod:`tutor.quiz.decision_basics`, which
:mod:`tutor.quiz.decisions` builds on too.
"""

from __future__ import annotations

from .core import Feedback, Question
from .decision_basics import (
    KINDS,
    TITLES,
    action_words,
    all_kinds,
    clear_call,
    decision_game,
    decision_games,
    decision_titles,
)
from .progress import Session


class DecisionSession(Session):
    """A run of decision questions with its score, recorded like the other quizzes.

    ``DecisionSession(seed=7)`` is reproducible; with ``progress`` each question's seed comes
    from the learner's file (fresh questions after a restart) and every first answer is counted
    there by kind and by rule id. ``game`` is the game asked about (Six-Bid Solo by default;
    Frog too), ``kinds`` some of the kinds it offers. Making a question loads the solver (on
    first use).
    """

    def known(self, game: str) -> tuple[str, ...]:
        """The decision kinds ``game`` offers (its :class:`~.decision_basics.DecisionGame`;
        QUIZ-3 for a game the decision quizzes do not know)."""
        return decision_game(game).kinds

    def make(self, kind: str, seed: int) -> Question:
        from .decisions import generate_decision  # the solver, on first use

        return generate_decision(kind, seed, game=self.game)

    def grade(self, question: Question, answer: object) -> Feedback:
        from .decisions import grade_decision

        return grade_decision(question, answer)


__all__ = ["KINDS", "TITLES", "DecisionSession", "action_words", "all_kinds", "clear_call",
           "decision_games", "decision_titles"]
