"""Quiz widgets: a question from :mod:`tutor.quiz`, answered with real buttons, graded in Python.

The browser receives the prompt and the exhibit (:func:`tutor.display.question_html` — no
answer in it), the choices as buttons or checkboxes, and, only after **Check answer**, the
feedback (:func:`tutor.display.feedback_html`: right or wrong, the correct answer, why with the
rule ids, the session score). The answer key stays in the Python ``Question``.

Keyboard: every control is a native ``<button>`` or checkbox — Tab to a choice, Space or Enter
to pick it, Tab to **Check answer**, Enter. ToggleButtons show their selected state only by
colour, so the pick is also echoed in words ("Your pick: 10♥", announced politely).

Progress: one :class:`Learner` per kernel (one per Voilà page) holds the quiz
:class:`~tutor.quiz.Session` and the learner's :class:`~tutor.quiz.Progress` file — under
``$TUTOR_PROGRESS_DIR`` or ``~/.solo-tutor/progress``, named after ``$JUPYTERHUB_USER``,
``$TUTOR_LEARNER`` or the name typed in a :class:`LearnerBox` — so a kernel restart keeps the
learner's record and gives fresh questions. When the learner's file could not be read and was
set aside (:attr:`~tutor.quiz.Progress.recovered`, QUIZ-5), every quiz and the name box say so
on the page — that progress starts afresh and where the old file is kept (:func:`reset_html`).
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Sequence
from pathlib import Path

import ipywidgets as w  # type: ignore[import-untyped]  # ships no type hints

from ..display import feedback_html, pick_html, question_html, score_html
from ..display.markup import CardLike, esc
from ..errors import TutorError
from ..games import spec
from ..quiz import DEFAULT_GAME, Feedback, Progress, Question, QuizError, Session, generate
from ..quiz import titles as kind_titles
from ..quiz.core import check_kinds
from .common import Panel, button, guarded, html, notice_html

#: How many seeds a contract-filtered quiz tries before it takes any contract.
_FILTER_TRIES = 400


def progress_dir() -> Path:
    """Where progress files live: ``$TUTOR_PROGRESS_DIR`` or ``~/.solo-tutor/progress``."""
    root = os.environ.get("TUTOR_PROGRESS_DIR")
    return Path(root) if root else Path.home() / ".solo-tutor" / "progress"


def default_learner() -> str:
    """The hub's user name, ``$TUTOR_LEARNER``, or ``learner``."""
    for var in ("JUPYTERHUB_USER", "TUTOR_LEARNER"):
        name = os.environ.get(var, "").strip()
        if name:
            return name
    return "learner"


class Learner:
    """Who is answering on this page: their progress file and the page's quiz session.

    ``Learner(seed=7)`` is a reproducible learner with no file (tests, a projected demo).
    Listeners (the quizzes of the page) are told when the name changes.
    """

    def __init__(self, name: str | None = None, *, root: str | os.PathLike[str] | None = None,
                 seed: int | None = None) -> None:
        self.root = Path(root) if root is not None else progress_dir()
        self.seed = seed
        self._listeners: list[Callable[[], None]] = []
        self.name = ""
        self.progress: Progress | None = None
        self.session = Session(seed=seed)
        self.rng = random.Random(seed)
        self.use(name if name is not None else default_learner())

    def use(self, name: str) -> None:
        """Switch to ``name``'s progress file (QUIZ-4 for a bad name or an unusable file)."""
        name = name.strip() if isinstance(name, str) else name
        if self.seed is None:
            progress = Progress.for_learner(self.root, name, durable=False)
            session = Session(progress=progress)
        else:
            if not isinstance(name, str) or not name:
                raise QuizError("QUIZ-4", "a learner is named by a non-empty text",
                                where="learner", what=repr(name))
            progress, session = None, Session(seed=self.seed)
        self.name, self.progress, self.session = name, progress, session
        for notify in list(self._listeners):
            notify()

    def listen(self, notify: Callable[[], None]) -> None:
        self._listeners.append(notify)

    def next_seed(self) -> int:
        """A question seed: from the progress file (fresh after a restart) or the page's rng."""
        if self.progress is not None:
            return self.progress.next_seed()
        return self.rng.getrandbits(32)

    def reset(self) -> str | None:
        """Words for the page when this learner's progress was reset (QUIZ-5), else None: why,
        and where the unreadable file is kept."""
        p = self.progress
        if p is None or p.recovered is None or p.set_aside is None:
            return None
        return (f"Your saved progress could not be read (the file {p.unreadable}), so it starts "
                f"afresh; the old file is kept as {p.set_aside}.")

    def summary(self) -> str:
        if self.progress is None:
            return f"{self.name}: practice mode (nothing saved)"
        p = self.progress
        return f"{self.name}: {p.correct} of {p.answered} right in all your quizzes"


def reset_html(learner: Learner) -> str:
    """The notice of a progress reset (:meth:`Learner.reset`), or nothing."""
    words = learner.reset()
    return notice_html(words, "QUIZ-5") if words else ""


_page_learner: Learner | None = None


def page_learner() -> Learner:
    """The learner of this kernel (one Voilà page = one kernel), made on first use."""
    global _page_learner
    if _page_learner is None:
        _page_learner = Learner()
    return _page_learner


class LearnerBox(Panel):
    """"Your name" — picks whose progress file the page's quizzes use."""

    css_class = "tutor-learner"

    def __init__(self, learner: Learner | None = None) -> None:
        super().__init__()
        self.learner = learner or page_learner()
        self.name = w.Text(value=self.learner.name, description="Your name",
                           continuous_update=False, layout=w.Layout(width="auto"))
        self.name.add_class("tutor-learner-name")
        self.use = button("Keep my progress", cls="tutor-learner-use",
                          tooltip="Save your quiz progress under this name")
        self.status = html("", "tutor-learner-status")
        self.use.on_click(lambda _: self._use())
        self.name.observe(lambda _: self._use(), names="value")
        self.learner.listen(self._show)
        row = w.HBox([self.name, self.use], layout=w.Layout(flex_flow="row wrap"))
        self.box.children = [row, self.status, self.notice]
        self._show()

    @guarded
    def _use(self) -> None:
        if self.name.value.strip() == self.learner.name:
            return
        self.learner.use(self.name.value)
        self.clear_notice()

    def _show(self) -> None:
        self.status.value = (f'<p class="st-muted" aria-live="polite">'
                             f"{esc(self.learner.summary())}</p>" + reset_html(self.learner))
        if self.name.value.strip() != self.learner.name:
            self.name.value = self.learner.name


class QuizWidget(Panel):
    """Questions of some ``kinds`` of ``game``, one at a time: pick, **Check answer**, **Next
    question**.

    ``game`` is a record id (Six-Bid Solo by default; QUIZ-3 for a game the quiz does not know)
    and ``kinds`` default to all of that game's kinds. ``contract`` and ``players`` keep only
    questions about that contract / table size (a contract lesson asks about its contract at a
    table of three), drawn by trying seeds until the question's public facts match. ``learner``
    defaults to the page's :func:`page_learner`; its score counts every game's answers.
    """

    css_class = "tutor-quiz"

    def __init__(self, kinds: Sequence[str] | None = None, *, game: str = DEFAULT_GAME,
                 title: str = "", contract: str | None = None, players: int | None = None,
                 learner: Learner | None = None) -> None:
        super().__init__()
        known = kind_titles(game)  # QUIZ-3 for a game the quiz does not know
        self.game = game
        self.kind_titles = known
        self.kinds = check_kinds(tuple(known) if kinds is None else kinds, tuple(known),
                                 "QuizWidget.kinds")
        self.contract = contract
        self.players = players
        self.learner = learner or page_learner()
        self.title = title
        self.question: Question | None = None
        self.feedback: Feedback | None = None
        self._count = 0

        self.heading = html("", "tutor-quiz-title")
        self.score = html("", "tutor-quiz-score")
        self.exhibit = html("", "tutor-quiz-question")
        self.single = w.ToggleButtons(options=[], value=None, style={"button_width": "auto"})
        self.single.add_class("tutor-quiz-choices")
        self.multi = w.Box([], layout=w.Layout(flex_flow="row wrap", display="flex"))
        self.multi.add_class("tutor-quiz-choices")
        self.boxes: list[w.Checkbox] = []
        self.box_values: list[str] = []
        self._quiet = False
        self.pick = html("", "tutor-quiz-pick")
        self.check = button("Check answer", cls="tutor-quiz-check", style="primary",
                            disabled=True, tooltip="Check your answer")
        self.next = button("Next question", cls="tutor-quiz-next", disabled=True,
                           tooltip="A new question")
        self.result = html("", "tutor-quiz-feedback")
        self.choices = w.Box([])
        self.check.on_click(lambda _: self.answer())
        self.next.on_click(lambda _: self.new_question())
        self.single.observe(lambda _: self._picked(), names="value")
        self.learner.listen(self._learner_changed)
        self.box.children = [self.heading, self.exhibit, self.choices, self.pick,
                             w.HBox([self.check, self.next], layout=w.Layout(
                                 flex_flow="row wrap")),
                             self.notice, self.result, self.score]
        self._show_score()
        self.new_question()

    @property
    def _game_words(self) -> str:
        """The game in a question's heading (`` · Frog (game)``); none for Six-Bid Solo, the
        tutor's first game, whose headings read as they always did."""
        return "" if self.game == DEFAULT_GAME else f" · {spec(self.game).name}"

    # -- questions --
    def _draw(self) -> Question:
        kind = self.kinds[self._count % len(self.kinds)]
        base = self.learner.next_seed()
        if self.contract is None and self.players is None:
            return generate(kind, base, self.game)
        for i in range(_FILTER_TRIES):  # the generators pick tables and contracts at random
            q = generate(kind, (base * 7919 + i) & 0xFFFFFFFF, self.game)
            if (self.contract is None or q.context.get("contract") == self.contract) and \
                    (self.players is None or players_of(q) == self.players):
                return q
        return generate(kind, base, self.game)

    @guarded
    def new_question(self) -> None:
        """Show a fresh question (the **Next question** button)."""
        if self.question is not None and self.feedback is None:
            self.refuse("Answer this question first — then Next question.")
            return
        q = self._draw()
        self._count += 1
        self.question, self.feedback = q, None
        with self.box.hold_sync():
            words = f"Question {self._count}" + (f" · {self.title}" if self.title else "") + \
                self._game_words + f" · {self.kind_titles[q.kind]}"
            self.heading.value = f'<p class="st-quiz-title"><strong>{esc(words)}</strong></p>'
            self.exhibit.value = question_html(q)
            self._quiet = True  # new options reset the pick: not a pick of the learner
            if q.multi:
                self.boxes, self.box_values = [], []
                for label, value in q.options():
                    # a gap after each label, so a box is read with its own label
                    cb = w.Checkbox(value=False, description=label, indent=False,
                                    layout=w.Layout(width="auto", margin="2px 14px 2px 0"))
                    cb.add_class("tutor-quiz-option")
                    cb.observe(lambda _: self._picked(), names="value")
                    self.boxes.append(cb)
                    self.box_values.append(value)
                self.multi.children = self.boxes
                self.choices.children = [self.multi]
            else:
                self.single.options = q.options()
                self.single.value = None
                self.single.disabled = False
                self.choices.children = [self.single]
            self._quiet = False
            self.result.value = ""
            self.pick.value = self._pick_words([])
            self.check.disabled = not q.multi  # a pick-every-one answer may be empty
            self.next.disabled = True
            self.clear_notice()
            self.audit()  # written before the state goes out: a test reads it after

    def _picks(self) -> list[str]:
        if self.question is None:
            return []
        if self.question.multi:
            return [v for cb, v in zip(self.boxes, self.box_values, strict=True) if cb.value]
        return [self.single.value] if self.single.value is not None else []

    def _pick_words(self, picks: Sequence[str]) -> str:
        return pick_html(self.question, picks)

    @guarded
    def _picked(self) -> None:
        q = self.question
        if q is None or self.feedback is not None or self._quiet:
            return
        picks = self._picks()
        cards: dict[CardLike, str] = {v: "selected" for v in picks if _is_card(v)}
        with self.box.hold_sync():
            self.exhibit.value = question_html(q, emphasis=cards or None)
            self.pick.value = self._pick_words(picks)
            self.check.disabled = not picks and not q.multi
        self.clear_notice()

    # -- grading --
    @guarded
    def answer(self, value: str | Sequence[str] | None = None) -> Feedback | None:
        """Grade the current pick (or ``value``) in Python and show the feedback.

        Refused, changing nothing: no question, already answered, nothing picked (a single
        choice), or a value that is not a choice (QUIZ-1/QUIZ-2 from :func:`tutor.quiz.grade`).
        """
        q = self.question
        if q is None:
            return None
        if self.feedback is not None:
            self.refuse("Already answered — press Next question for a new one.")
            return None
        if value is None:
            picks = self._picks()
            if not q.multi and not picks:
                self.refuse("Pick an answer first.")
                return None
            value = picks if q.multi else picks[0]
        fb = self.learner.session.answer(q, value)  # QuizError → a notice, nothing changed
        self.feedback = fb
        with self.box.hold_sync():
            self.exhibit.value = question_html(q, feedback=fb)
            self.result.value = feedback_html(fb)
            self._show_score()
            self.single.disabled = True
            for cb in self.boxes:
                cb.disabled = True
            self.check.disabled = True
            self.next.disabled = False
            self.clear_notice()
            self.audit()  # written before the state goes out: a test reads it after
        return fb

    def _learner_changed(self) -> None:
        self._show_score()

    def _show_score(self) -> None:
        self.score.value = (f'<p class="st-muted">Session: '
                            f"{score_html(self.learner.session.score)}</p>"
                            + reset_html(self.learner))

    # -- hidden information --
    def secrets(self) -> list[str]:
        if self.question is None or self.feedback is not None:
            return []
        key = self.question.key()
        # the explanation, and each choice's reason long enough to be telling on its own
        return [key.explanation, *(r for r in key.reasons.values() if len(r) >= 20)]


def players_of(question: Question) -> int:
    """The table size of a question: its public context, its seat view, else three."""
    players = question.context.get("players")
    if isinstance(players, int):
        return players
    if question.view is not None:
        return len(question.view.hand_sizes)
    return 3


def _is_card(value: str) -> bool:
    try:
        from ..display.markup import as_card

        as_card(value)
    except TutorError:
        return False
    return True
