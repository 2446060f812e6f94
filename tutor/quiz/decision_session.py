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

from .core import DEFAULT_GAME, Feedback, Question, QuizError
from .decision_basics import KINDS, TITLES, action_words, clear_call
from .progress import Session


class DecisionSession(Session):
    """A run of decision questions with its score, recorded like the other quizzes.

    ``DecisionSession(seed=7)`` is reproducible; with ``progress`` each question's seed comes
    from the learner's file (fresh questions after a restart) and every first answer is counted
    there by kind and by rule id. Making a question loads the solver (on first use).
    """

    def known(self, game: str) -> tuple[str, ...]:
        """The decision kinds: Six-Bid Solo's only for now (the advisor and the solver know no
        other game yet; QUIZ-3 for another)."""
        if game != DEFAULT_GAME:
            raise QuizError("QUIZ-3", "the decision quizzes know only Six-Bid Solo yet",
                            where="DecisionSession.game", what=repr(game))
        return KINDS

    def make(self, kind: str, seed: int) -> Question:
        from .decisions import generate_decision  # the solver, on first use

        return generate_decision(kind, seed)

    def grade(self, question: Question, answer: object) -> Feedback:
        from .decisions import grade_decision

        return grade_decision(question, answer)


__all__ = ["KINDS", "TITLES", "DecisionSession", "action_words", "clear_call"]
