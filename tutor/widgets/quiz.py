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
from dataclasses import replace
from pathlib import Path
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]  # ships no type hints

from ..cards import Card
from ..display import feedback_html, pick_html, question_html, retry_html, score_html
from ..display.markup import CardLike, esc
from ..display.quiz import feedback_emphasis
from ..errors import TutorError
from ..games import spec
from ..quiz import DEFAULT_GAME, Feedback, Progress, Question, QuizError, Session, generate
from ..quiz import titles as kind_titles
from ..quiz.core import check_kinds
from ..quiz.difficulty import LEVELS, difficulty
from .common import Panel, button, dress_card, guarded, html, mark_card, notice_html
from .presenter import presenter_mode

#: How many seeds a contract-filtered quiz tries before it takes any contract.
_FILTER_TRIES = 400
#: How many seeds a quiz tries for a question of the learner's level before it takes any level.
_LEVEL_TRIES = 60
#: How many seeds a review tries for a question citing the rule due again.
_REVIEW_TRIES = 24
#: (game, kind, contract, players, level) that gave no question of that level in
#: :data:`_LEVEL_TRIES` seeds, in this kernel: later questions take any level at once rather
#: than search again (a kind may have one level only, e.g. any question at a big table)
_UNREACHED: set[tuple[str, str, str | None, int | None, int]] = set()


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
        self._session: Session | None = None
        self.rng = random.Random(seed)
        self.use(name if name is not None else default_learner())

    def use(self, name: str) -> None:
        """Switch to ``name``'s progress file (QUIZ-4 for a bad name or an unusable file)."""
        name = name.strip() if isinstance(name, str) else name
        if self.seed is None:
            progress: Progress | None = Progress.for_learner(self.root, name, durable=False)
        else:
            if not isinstance(name, str) or not name:
                raise QuizError("QUIZ-4", "a learner is named by a non-empty text",
                                where="learner", what=repr(name))
            progress = None
        self.name, self.progress, self._session = name, progress, None
        for notify in list(self._listeners):
            notify()

    @property
    def session(self) -> Session:
        """The page's quiz session with this learner, made on first use: knowing its kinds loads
        the game's question generators, which a page need not wait for before a first answer."""
        if self._session is None:
            self._session = (Session(progress=self.progress) if self.progress is not None
                             else Session(seed=self.seed))
        return self._session

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
        same = self.same  # the page's layouts and styles, shared: fewer models
        self.name = w.Text(value=self.learner.name, description="Your name",
                           continuous_update=False, layout=same.layout, style=same.field,
                           _dom_classes=("tutor-learner-name",))
        self.use = button("Keep my progress", cls="tutor-learner-use", shared=same,
                          tooltip="Save your quiz progress under this name")
        self.status = html("", "tutor-learner-status", shared=same)
        self.use.on_click(lambda _: self._use())
        self.name.observe(lambda _: self._use(), names="value")
        self.learner.listen(self._show)
        row = w.HBox([self.name, self.use], layout=same.wrap)
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
    question** — and after a wrong pick, a second try before the answer is shown.

    ``game`` is a record id (Six-Bid Solo by default; QUIZ-3 for a game the quiz does not know)
    and ``kinds`` default to all of that game's kinds. ``contract`` and ``players`` keep only
    questions about that contract / table size (a contract lesson asks about its contract at a
    table of three), drawn by trying seeds until the question's public facts match. ``learner``
    defaults to the page's :func:`page_learner`; its score counts every game's answers.

    The mastery loop, for every game:

    - **Try again.** A wrong pick gets the likely mistake behind it (:mod:`tutor.quiz.mistakes`,
      naming the rule, never the answer) and ``tries`` − 1 more tries; the answer and its
      explanation come after a right pick, the last try, or **Show the answer**. Only the first
      pick is scored.
    - **Levels.** *First steps* or *Harder* (:mod:`tutor.quiz.difficulty`): ``level`` picks one
      (by default first steps, harder at a table of more than three), and the learner may
      change it.
    - **Review.** A rule the learner's progress file says is due again (spaced repetition,
      :meth:`tutor.quiz.Progress.due_rules`) is asked again when one of this quiz's kinds cites
      it: every other question at most, marked "Review".
    - **Cards you click.** When the choices are cards, each choice is the card's face, a button
      (:func:`tutor.widgets.common.dress_card`).

    ``presenter`` (by default the page's :func:`tutor.widgets.presenter.presenter_mode`): the
    teacher reveals the answer with **Reveal the answer**, nothing is scored or saved.
    """

    css_class = "tutor-quiz"

    def __init__(self, kinds: Sequence[str] | None = None, *, game: str = DEFAULT_GAME,
                 title: str = "", contract: str | None = None, players: int | None = None,
                 learner: Learner | None = None, tries: int = 2, level: int | None = None,
                 presenter: bool | None = None, focus: Sequence[str] = ()) -> None:
        super().__init__()
        known = kind_titles(game)  # QUIZ-3 for a game the quiz does not know
        self.game = game
        self.kind_titles = known
        self.kinds = check_kinds(tuple(known) if kinds is None else kinds, tuple(known),
                                 "QuizWidget.kinds")
        if type(tries) is not int or tries < 1:
            raise QuizError("QUIZ-2", "tries is a whole number, 1 or more", where="QuizWidget",
                            what=repr(tries))
        self.tries = tries
        self.contract = contract
        self.players = players
        self.presenter = presenter_mode() if presenter is None else bool(presenter)
        self.learner = learner or (Learner(seed=0) if self.presenter else page_learner())
        self.title = title
        self.question: Question | None = None
        #: the final feedback, once the answer is shown (None while the learner may try again)
        self.feedback: Feedback | None = None
        #: the graded picks of the question on screen, first first
        self.attempts: list[Feedback] = []
        self.review: str | None = None  # the rule a review question was drawn for
        #: rules to practise: each question is drawn to cite the next of them, in turn
        self.focus = tuple(focus)
        self._count = 0
        self._rules_seen: set[str] = set()

        self.heading = html("", "tutor-quiz-title")
        self.score = html("", "tutor-quiz-score")
        self.exhibit = html("", "tutor-quiz-question")
        start = level if level in LEVELS else (2 if players is not None and players > 3 else 1)
        self.level = w.Dropdown(options=[(v, k) for k, v in LEVELS.items()], value=start,
                                description="Level of the next question",
                                style={"description_width": "auto"},
                                layout=w.Layout(width="auto"))
        self.level.add_class("tutor-quiz-level")
        self.single = w.ToggleButtons(options=[], value=None, style={"button_width": "auto"})
        self.single.add_class("tutor-quiz-choices")
        self.multi = w.Box([], layout=w.Layout(flex_flow="row wrap", display="flex"))
        self.multi.add_class("tutor-quiz-choices")
        #: the pick-one-or-more choices: checkboxes, or a card's face each (toggle buttons)
        self.boxes: list[w.Checkbox | w.ToggleButton] = []
        self.box_values: list[str] = []
        self._faces = False  # are the choices cards' faces?
        self._quiet = False
        self.pick = html("", "tutor-quiz-pick")
        self.check = button("Check answer", cls="tutor-quiz-check", style="primary",
                            disabled=True, tooltip="Check your answer")
        self.show = button("Show the answer", cls="tutor-quiz-show", disabled=True,
                           tooltip="Show the answer and why")
        self.reveal_button = button("Reveal the answer", cls="tutor-quiz-reveal",
                                    tooltip="Show the class the answer and why")
        self.reveal_button.layout.display = None if self.presenter else "none"
        self.show.layout.display = "none"
        self.next = button("Next question", cls="tutor-quiz-next", disabled=True,
                           tooltip="A new question")
        self.result = html("", "tutor-quiz-feedback")
        self.choices = w.Box([])
        self.check.on_click(lambda _: self.answer())
        self.show.on_click(lambda _: self.reveal())
        self.reveal_button.on_click(lambda _: self.reveal())
        self.next.on_click(lambda _: self.new_question())
        self.single.observe(lambda _: self._picked(), names="value")
        self.level.observe(lambda _: self._level_changed(), names="value")
        self.learner.listen(self._learner_changed)
        buttons = [self.check, self.show, self.reveal_button, self.next]
        # the level picker last: Tab reaches the question's choices first
        self.box.children = [self.heading, self.exhibit, self.choices, self.pick,
                             w.HBox(buttons, layout=w.Layout(flex_flow="row wrap")),
                             self.notice, self.result, self.score, self.level]
        if self.presenter:
            self.box.add_class("st-presenter")
        self._show_score()
        self.new_question()

    @property
    def _game_words(self) -> str:
        """The game in a question's heading (`` · Frog (game)``); none for Six-Bid Solo, the
        tutor's first game, whose headings read as they always did."""
        return "" if self.game == DEFAULT_GAME else f" · {spec(self.game).name}"

    @property
    def revealed(self) -> bool:
        """Is the answer of the question on screen shown?"""
        return self.feedback is not None

    # -- questions --
    def _fits(self, q: Question, level: int | None, rule: str | None = None) -> bool:
        return ((self.contract is None or q.context.get("contract") == self.contract)
                and (self.players is None or players_of(q) == self.players)
                and (level is None or difficulty(q) == level)
                and (rule is None or rule in q.rules))

    def _due(self) -> str | None:
        """The rule to practise now: the next of :attr:`focus`, else a rule due again that this
        quiz's kinds have cited, if any (every other question)."""
        if self.focus:
            return self.focus[self._count % len(self.focus)]
        progress = self.learner.progress
        if progress is None or self._count % 2 == 0 or self.presenter:
            return None
        due = [r for r in progress.due_rules(self.game) if r in self._rules_seen]
        return due[0] if due else None

    def _draw(self) -> Question:
        kind = self.kinds[self._count % len(self.kinds)]
        base = self.learner.next_seed()
        level = self.level.value
        self.review = None
        rule = self._due()
        if rule is not None:
            for i in range(_REVIEW_TRIES):  # any of the kinds may cite the rule
                k = self.kinds[(self._count + i) % len(self.kinds)]
                q = generate(k, (base * 104729 + i) & 0xFFFFFFFF, self.game)
                if self._fits(q, None, rule):
                    self.review = rule
                    return q
        first: Question | None = None
        wanted = (self.game, kind, self.contract, self.players, level)
        for i in range(_FILTER_TRIES):  # the generators pick tables and contracts at random
            q = generate(kind, base if i == 0 else (base * 7919 + i) & 0xFFFFFFFF, self.game)
            if self._fits(q, None):
                first = first or q
                if wanted in _UNREACHED or self._fits(q, level):
                    return q
                if i >= _LEVEL_TRIES:  # the level is a preference: a quiz too narrow goes on
                    _UNREACHED.add(wanted)
                    return q
        return first or generate(kind, base, self.game)

    @guarded
    def new_question(self) -> None:
        """Show a fresh question (the **Next question** button): refused while the question on
        screen has not been tried."""
        if self.question is not None and not self.attempts and not self.revealed:
            self.refuse("Answer this question first — then Next question.")
            return
        q = self._draw()
        self._rules_seen.update(q.rules)
        self._count += 1
        self.question, self.feedback, self.attempts = q, None, []
        with self.box.hold_sync():
            words = f"Question {self._count}" + (f" · {self.title}" if self.title else "") + \
                self._game_words + f" · {self.kind_titles[q.kind]}"
            review = (f'<p class="st-review-note">Review: {esc(self.review)}, a rule to '
                      "practise, asked again.</p>" if self.review else "")
            self.heading.value = (f'<p class="st-quiz-title"><strong>{esc(words)}</strong></p>'
                                  + review)
            self._show_choices(q)
            self.exhibit.value = self._exhibit(q)
            self.result.value = ""
            self.pick.value = self._pick_words([])
            self.check.disabled = not q.multi  # a pick-every-one answer may be empty
            self.show.disabled = True
            self.show.layout.display = "none"
            self.reveal_button.disabled = False
            self.next.disabled = not self.presenter
            self.clear_notice()
            self.audit()  # written before the state goes out: a test reads it after

    def _show_choices(self, q: Question) -> None:
        """The choices: a card's face each when they are cards (one or several to pick), else
        checkboxes (several) or a row of toggle buttons (one)."""
        self._quiet = True  # new options reset the pick: not a pick of the learner
        try:
            cards = [_card_of(v) for v in q.values]
            self._faces = all(c is not None for c in cards)
            self.boxes, self.box_values = [], []
            if self._faces or q.multi:
                for (label, value), card in zip(q.options(), cards, strict=True):
                    b: w.Checkbox | w.ToggleButton
                    if card is not None:
                        b = w.ToggleButton(value=False, layout=w.Layout(width="auto"))
                        dress_card(b, card, verb="pick")
                    else:  # a gap after each label, so a box is read with its own label
                        b = w.Checkbox(value=False, description=label, indent=False,
                                       layout=w.Layout(width="auto", margin="2px 14px 2px 0"))
                    b.add_class("tutor-quiz-option")
                    b.observe(lambda change, v=value: self._toggled(v, change), names="value")
                    self.boxes.append(b)
                    self.box_values.append(value)
                self.multi.children = self.boxes
                self.multi.remove_class("tutor-card-faces")
                if self._faces:
                    self.multi.add_class("tutor-card-faces")
                self.choices.children = [self.multi]
            else:
                self.single.options = q.options()
                self.single.value = None
                self.single.disabled = False
                self.choices.children = [self.single]
        finally:
            self._quiet = False

    def _exhibit(self, q: Question, **kw: Any) -> str:
        """The question's exhibit; a hand whose cards are the choices is shown once: as the
        cards' faces, the buttons."""
        whole_hand = self._faces and q.view is not None and \
            set(q.values) == {c.text for c in q.view.hand}
        graded = kw.get("feedback") is not None  # then the hand is drawn with its marks
        return question_html(q, own_hand=graded or not whole_hand, **kw)

    def _toggled(self, value: str, change: dict[str, object]) -> None:
        """A box or a card's face toggled: for a one-answer question, the other cards go off."""
        q = self.question
        if self._quiet or q is None:
            return
        if not q.multi and change.get("new") is True:
            self._quiet = True
            try:
                for b, v in zip(self.boxes, self.box_values, strict=True):
                    if v != value and b.value:
                        b.value = False
            finally:
                self._quiet = False
        self._picked()

    def _picks(self) -> list[str]:
        if self.question is None:
            return []
        if self.boxes:
            return [v for cb, v in zip(self.boxes, self.box_values, strict=True) if cb.value]
        return [self.single.value] if self.single.value is not None else []

    def _pick_words(self, picks: Sequence[str]) -> str:
        return pick_html(self.question, picks)

    def _name_faces(self) -> None:
        """A card face's name says whether it is picked (ToggleButtons have no pressed state
        for a screen reader)."""
        if not self._faces:
            return
        for b, v in zip(self.boxes, self.box_values, strict=True):
            card = _card_of(v)
            name = card.name + (", picked" if b.value else "") if card is not None else ""
            if b.description != name:
                b.description = name

    @guarded
    def _picked(self) -> None:
        q = self.question
        if q is None or self.revealed or self._quiet:
            return
        picks = self._picks()
        cards: dict[CardLike, str] = {v: "selected" for v in picks if _is_card(v)}
        with self.box.hold_sync():
            self.exhibit.value = self._exhibit(q, emphasis=cards or None)
            self.pick.value = self._pick_words(picks)
            self.check.disabled = not picks and not q.multi
            self._name_faces()
        self.clear_notice()

    # -- grading --
    @guarded
    def answer(self, value: str | Sequence[str] | None = None) -> Feedback | None:
        """Grade the current pick (or ``value``) in Python: the answer and why when it is right
        or the tries are used up, else the likely mistake and another try.

        Refused, changing nothing: no question, the answer already shown, nothing picked (a
        single choice), or a value that is not a choice (QUIZ-1/QUIZ-2 from
        :func:`tutor.quiz.grade`).
        """
        q = self.question
        if q is None:
            return None
        if self.revealed:
            self.refuse("Already answered — press Next question for a new one.")
            return None
        if value is None:
            picks = self._picks()
            if not q.multi and not picks:
                self.refuse("Pick an answer first.")
                return None
            value = picks if q.multi else picks[0]
        if self.presenter:  # the class's pick: graded, never scored or saved
            from ..quiz import grade as grade_only

            fb = grade_only(q, value)
        else:
            fb = self.learner.session.answer(q, value)  # QuizError → a notice, nothing changed
        self.attempts.append(fb)
        if fb.correct or len(self.attempts) >= self.tries:
            self._show_answer(fb)
            return fb
        with self.box.hold_sync():
            self.result.value = retry_html(fb, tries_left=self.tries - len(self.attempts))
            self._quiet = True
            try:
                for b, v in zip(self.boxes, self.box_values, strict=True):
                    if v in fb.your_values and not q.multi:
                        b.value = False
                        b.disabled = True  # that one was tried: the second try is another
                        if isinstance(b, w.ToggleButton):
                            mark_card(b, "tried")
                if not self.boxes:
                    self.single.value = None
            finally:
                self._quiet = False
            self._name_faces()
            self.exhibit.value = self._exhibit(q)
            self.pick.value = self._pick_words(self._picks())
            self.check.disabled = not q.multi
            self.show.disabled = False
            self.show.layout.display = None
            self.next.disabled = False
            self._show_score()
            self.clear_notice()
            self.audit()
        return fb

    @guarded
    def reveal(self) -> Feedback | None:
        """Show the answer and why without another try (**Show the answer**; in presenter mode
        **Reveal the answer**). Refused before a first try unless in presenter mode."""
        q = self.question
        if q is None or self.revealed:
            return None
        if not self.attempts and not self.presenter:
            self.refuse("Try the question first — then Show the answer.")
            return None
        from ..quiz import grade as grade_only

        right = sorted(q.key().answer)
        fb = grade_only(q, right if q.multi else right[0])
        if self.attempts:  # the learner's last pick stays the one shown as theirs
            last = self.attempts[-1]
            fb = replace(fb, correct=last.correct, your_answer=last.your_answer,
                         your_values=last.your_values, score=last.score, scored=False)
        else:
            fb = replace(fb, your_answer=(), your_values=())
        self._show_answer(fb)
        return fb

    def _show_answer(self, fb: Feedback) -> None:
        q = self.question
        assert q is not None
        self.feedback = fb
        with self.box.hold_sync():
            self.exhibit.value = self._exhibit(q, feedback=fb)
            self.result.value = feedback_html(fb)
            self._show_score()
            self.single.disabled = True
            marks = feedback_emphasis(fb)
            for b, v in zip(self.boxes, self.box_values, strict=True):
                b.disabled = True
                if isinstance(b, w.ToggleButton):
                    mark_card(b, marks.get(v, ""))
            self.check.disabled = True
            self.show.disabled = True
            self.show.layout.display = "none"
            self.reveal_button.disabled = True
            self.next.disabled = False
            self.clear_notice()
            self.audit()  # written before the state goes out: a test reads it after

    def _learner_changed(self) -> None:
        self._show_score()

    def _level_changed(self) -> None:
        """A new level: the next question is of it (the one on screen stays)."""
        self.clear_notice()

    def _show_score(self) -> None:
        if self.presenter:
            self.score.value = ('<p class="st-muted">Presenter mode: answers are not scored '
                                "or saved.</p>")
            return
        self.score.value = (f'<p class="st-muted">Session: '
                            f"{score_html(self.learner.session.score)}</p>"
                            + reset_html(self.learner))

    # -- hidden information --
    def secrets(self) -> list[str]:
        if self.question is None or self.revealed:
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


def _card_of(value: str) -> Card | None:
    """The card a choice value names (``"TH"``), or None for any other value."""
    if not _is_card(value):
        return None
    return Card.parse(value)


def _is_card(value: str) -> bool:
    try:
        from ..display.markup import as_card

        as_card(value)
    except TutorError:
        return False
    return True
