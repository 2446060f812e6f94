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
(``"TH KH QH"``). Grading and answering take about a millisecond (legal-plays generation, the
slowest, under 5 ms at p95 on the project machine).

- Kinds (:data:`KINDS`): card-order, points, deal, legal-plays, trick-winner, auction,
  settlement. ``generate(kind, seed)`` always gives the same question for the same seed.
- The answer is computed by the engine when the question is made and kept in
  ``Question._key`` (server side); it is not in :meth:`Question.public` or in the exhibit.
- Every explanation cites its rule ids (``Feedback.rules``, and in the text).
- A bad answer raises :class:`QuizError` (QUIZ-1 not a choice, QUIZ-2 wrong shape), an unknown
  kind or a non-int seed QUIZ-3, a progress file that cannot be read or written QUIZ-4; a corrupt
  progress file is set aside and progress starts afresh (``Progress.recovered``, QUIZ-5).
"""

from .core import AnswerKey, Choice, Feedback, Question, QuizError, Score, card_label, grade
from .generators import GENERATORS, KINDS, TITLES, generate
from .progress import FORMAT, Progress, Session, progress_path

__all__ = [
    "FORMAT", "GENERATORS", "KINDS", "TITLES", "AnswerKey", "Choice", "Feedback", "Progress",
    "Question", "QuizError", "Score", "Session", "card_label", "generate", "grade",
    "progress_path",
]
