"""Quizzes generated from a seed and graded in Python — never in the browser.

The API a widget uses::

    from tutor.quiz import KINDS, TITLES, Session, Progress, generate, grade, QuizError

    session = Session(progress=Progress.for_learner("progress/", "ada"))  # or Session(seed=7)
    q = session.next("legal-plays")        # a Question; q.public() is all the browser may see
    q.prompt, q.choices, q.multi           # choices: (value, label) pairs; q.options() for
                                           # ipywidgets' (label, value) order
    q.view, q.cards, q.trick, q.calls, q.facts   # the exhibit (tutor.display.question_html)
    q.context                              # the same public facts as JSON-safe data
    fb = session.answer(q, ["9S", "KS"])   # multi: a list of values; else one value (a str)
    fb.correct, fb.correct_answer, fb.explanation, fb.rules, fb.score.text, fb.message
    # tutor.display.feedback_html(fb) draws it; Progress.recovered says if a file was reset

Choice values are strings: card texts (``"TH"``) for card choices — ``Card.parse(value)``
gives the card and its spoken name for a button's tooltip — seat numbers (``"2"``), numbers
(``"-42"``), call tokens (``"pass"``, ``"solo"``), positions (``"widow"``) or a card list
(``"TH KH QH"``). Grading and answering take about a millisecond (timings:
``docs/lessons.md``).

- Kinds per game (:mod:`.registry`): ``kinds(game)`` lists a game's kinds in order — the Tapp
  family's generic ones (card-order, points, deal, legal-plays, trick-winner, auction,
  settlement; :mod:`.generators`) and the game's own, from ``tutor/games/<game>/quiz.py``
  (Frog: discard, contracts). :data:`KINDS` and :data:`TITLES` are Six-Bid Solo's (the default
  game). ``generate(kind, seed, game)`` always gives the same question for the same seed;
  ``Session(game="frog")`` asks about Frog.
- The answer is computed by the engine when the question is made and kept in
  ``Question._key`` (server side); it is not in :meth:`Question.public` or in the exhibit.
- Every explanation cites its rule ids (``Feedback.rules``, and in the text).
- A bad answer raises :class:`QuizError` (QUIZ-1 not a choice, QUIZ-2 wrong shape), an unknown
  kind or game or a non-int seed QUIZ-3, a progress file that cannot be read or written QUIZ-4;
  a corrupt progress file is set aside and progress starts afresh (``Progress.recovered``,
  QUIZ-5). Progress is counted by game and kind; a file of the format before games
  (``tutor-progress/1``) is migrated, not set aside (``Progress.migrated``).

The decision quizzes (:mod:`.decisions`: *what would you bid?*, *which card?*) need the solver,
so their names are loaded on first use: ``DecisionQuestion``, ``DecisionSession``,
``generate_decision``, ``grade_decision``, ``analyse_play``, ``review_iter``,
``sampled_values``, ``clear_call``, ``DECISION_KINDS`` and ``DECISION_TITLES``
(``DecisionQuestion``, ``DecisionSession``, ``clear_call`` and the kinds and titles come without
the solver, from :mod:`.decision_basics` and :mod:`.decision_session`). ``import tutor.quiz``
stays light.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from ..cards import card_label
from .core import DEFAULT_GAME, AnswerKey, Choice, Feedback, Question, QuizError, Score, grade

if TYPE_CHECKING:
    from .decision_basics import KINDS as DECISION_KINDS
    from .decision_basics import TITLES as DECISION_TITLES
    from .decision_basics import DecisionQuestion, clear_call
    from .decision_session import DecisionSession
    from .decisions import (
        analyse_play,
        generate_decision,
        grade_decision,
        review_iter,
        sampled_values,
    )
    from .progress import FORMAT, FORMAT_1, Progress, Session, progress_path
    from .registry import (
        GENERATORS,
        KINDS,
        TITLES,
        QuizKind,
        game_quiz,
        games,
        generate,
        kinds,
        titles,
    )

#: Lazy names: (module, name there), imported on first use. The solver is imported only with
#: ``.decisions``; the default game's kinds load its quiz (:mod:`.registry`).
_LAZY = {
    "FORMAT": ("progress", "FORMAT"),
    "FORMAT_1": ("progress", "FORMAT_1"),
    "Progress": ("progress", "Progress"),
    "Session": ("progress", "Session"),
    "progress_path": ("progress", "progress_path"),
    "QuizKind": ("registry", "QuizKind"),
    "game_quiz": ("registry", "game_quiz"),
    "games": ("registry", "games"),
    "generate": ("registry", "generate"),
    "kinds": ("registry", "kinds"),
    "titles": ("registry", "titles"),
    "GENERATORS": ("registry", "GENERATORS"),
    "KINDS": ("registry", "KINDS"),
    "TITLES": ("registry", "TITLES"),
    "DECISION_KINDS": ("decision_basics", "KINDS"),
    "DECISION_TITLES": ("decision_basics", "TITLES"),
    "DecisionQuestion": ("decision_basics", "DecisionQuestion"),
    "clear_call": ("decision_basics", "clear_call"),
    "DecisionSession": ("decision_session", "DecisionSession"),
    "analyse_play": ("decisions", "analyse_play"),
    "generate_decision": ("decisions", "generate_decision"),
    "grade_decision": ("decisions", "grade_decision"),
    "review_iter": ("decisions", "review_iter"),
    "sampled_values": ("decisions", "sampled_values"),
}


def __getattr__(name: str) -> Any:
    where = _LAZY.get(name)
    if where is None:
        raise AttributeError(f"module 'tutor.quiz' has no attribute {name!r}")
    return getattr(import_module(f".{where[0]}", __name__), where[1])


__all__ = [
    "DECISION_KINDS", "DECISION_TITLES", "DEFAULT_GAME", "FORMAT", "FORMAT_1", "GENERATORS",
    "KINDS", "TITLES", "AnswerKey", "Choice", "DecisionQuestion", "DecisionSession", "Feedback",
    "Progress", "Question", "QuizError", "QuizKind", "Score", "Session", "analyse_play",
    "card_label", "clear_call", "game_quiz", "games", "generate", "generate_decision", "grade",
    "grade_decision", "kinds", "progress_path", "review_iter", "sampled_values", "titles",
]
