"""Decision quizzes as widgets: *what would you bid here?* and *which card?*

The questions come from :mod:`tutor.quiz.decisions` — real deals where the choice matters —
and are graded in Python: a call against the bid advisor, a card by the solver's double-dummy
analysis. The browser receives the prompt and the learner's view
(:func:`tutor.display.question_html`, no answer in it) and the choices as buttons; only after
**Check answer** does it receive the feedback (:func:`tutor.display.feedback_html`, rule ids
and the session score) and the evidence: the advisor's table for a bid, and for a card the value
of every legal card and the whole deal, now that the answer is out.

Progress is kept like the other quizzes: the page's :class:`~tutor.widgets.quiz.Learner` and
its progress file (kinds ``bid-decision`` and ``play-decision``, and the rule ids).

Finding a question takes a moment (the advisor samples and solves deals; a play position is
screened with the solver): the status line says so while it works, and with ``prefetch`` (the
default) the next question is made in a worker thread while the learner reads the feedback — the
same questions in the same order, only sooner. The solver keeps its tables per thread.
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor

import ipywidgets as w  # type: ignore[import-untyped]  # ships no type hints

from ..cards import Card
from ..display import deal_html, feedback_html, question_html, score_html
from ..display.markup import CardLike, esc
from ..quiz.core import Feedback, QuizError, card_label
from ..quiz.decisions import KINDS, TITLES, DecisionQuestion, DecisionSession, generate_decision
from ..rules.six_bid_solo import CARDS
from ..solver.advisor import Advice
from .advisor_panel import WIDGET_CSS, advice_chart, advice_table
from .common import Panel, button, guarded, html
from .quiz import Learner, page_learner

DECK = frozenset(CARDS)


class DecisionQuiz(Panel):
    """Decision questions of some ``kinds`` (``bid-decision``, ``play-decision``), one at a time.

    ``learner`` defaults to the page's learner (its progress file); ``seed`` makes the run
    reproducible without a file (tests, a projected lesson). ``start=False`` waits for the
    learner's first click; ``prefetch`` makes the next question in the background.
    """

    css_class = "tutor-decisions"

    def __init__(self, kinds: Sequence[str] = KINDS, *, title: str = "",
                 learner: Learner | None = None, seed: int | None = None,
                 start: bool = True, prefetch: bool = True) -> None:
        super().__init__()
        for k in kinds:
            if k not in KINDS:
                raise QuizError("QUIZ-3", "unknown decision kind; one of " + ", ".join(KINDS),
                                where="DecisionQuiz.kinds", what=repr(k))
        if not kinds:
            raise QuizError("QUIZ-3", "a quiz needs at least one kind", where="DecisionQuiz")
        self.kinds = tuple(kinds)
        self.seed = seed
        self.learner = learner if learner is not None else (
            Learner(seed=seed) if seed is not None else page_learner())
        self.session = self._session()
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="tutor-decisions") \
            if prefetch else None
        self._ahead: Future[DecisionQuestion] | None = None
        self.question: DecisionQuestion | None = None
        self.feedback: Feedback | None = None
        self.title = title or " · ".join(TITLES[k] for k in self.kinds)

        self.heading = html(f'<h3 class="st-quiz-title">{esc(self.title)}</h3>',
                            "tutor-quiz-title")
        self.status = html("", "tutor-decision-status")
        self.exhibit = html("", "tutor-quiz-question")
        self.choices = w.ToggleButtons(options=[], value=None, style={"button_width": "auto"})
        self.choices.add_class("tutor-quiz-choices")
        self.pick = html("", "tutor-quiz-pick")
        self.check = button("Check answer", cls="tutor-quiz-check", style="primary",
                            disabled=True)
        self.next = button("Next question", cls="tutor-quiz-next", disabled=True)
        self.result = html("", "tutor-quiz-feedback")
        self.evidence = html("", "tutor-decision-evidence")
        self.score = html("", "tutor-quiz-score")
        self._quiet = False
        self.check.on_click(lambda _b: self.answer())
        self.next.on_click(lambda _b: self.new_question())
        self.choices.observe(lambda _c: self._picked(), names="value")
        self.learner.listen(self._learner_changed)
        self.box.children = [html(WIDGET_CSS, "tutor-style"), self.heading, self.status,
                             self.exhibit, self.choices, self.pick,
                             w.HBox([self.check, self.next],
                                    layout=w.Layout(flex_flow="row wrap")),
                             self.notice, self.result, self.evidence, self.score]
        self._show_score()
        if start:
            self.new_question()
        else:  # the page loads at once; the first question is found on request
            self.next.description = "First question"
            self.next.disabled = False
            self.status.value = ('<p class="st-root st-muted">Press “First question”: finding '
                                 "a position takes a few seconds.</p>")

    def _session(self) -> DecisionSession:
        progress = self.learner.progress
        if progress is not None:
            return DecisionSession(progress=progress, kinds=self.kinds)
        return DecisionSession(seed=self.seed if self.seed is not None else self.learner.seed,
                               kinds=self.kinds)

    def _learner_changed(self) -> None:
        self.session = self._session()
        self._ahead = None  # drawn from the last learner's seeds
        self._show_score()

    def _fetch(self) -> DecisionQuestion:
        """The next question: the one made ahead, or one made now."""
        ahead, self._ahead = self._ahead, None
        if ahead is not None:
            return ahead.result()  # a QuizError raised there is raised here
        return self.session.next()

    def _prefetch(self) -> None:
        if self._pool is not None and self._ahead is None:
            self._ahead = self._pool.submit(generate_decision, *self.session.draw())

    # -- hidden information --
    def hidden_cards(self) -> set[Card]:
        q = self.question
        if q is None or q.view is None:
            return set()
        if self.feedback is not None and q.kind == "play-decision":
            return set()  # the whole deal is shown with the answer
        return set(DECK - q.view.visible_cards())

    def secrets(self) -> list[str]:
        q = self.question
        if q is None or self.feedback is not None:
            return []
        key = q.key()
        return [key.explanation, *key.reasons.values()]

    # -- questions --
    @guarded
    def new_question(self) -> None:
        if self.question is not None and self.feedback is None:
            self.refuse("Answer this question first — then Next question.")
            return
        with self.box.hold_sync():
            self.status.value = ('<p class="st-root st-muted" role="status" aria-live="polite">'
                                 "Finding a position where the choice matters (sampling and "
                                 "solving deals)…</p>")
            self.next.disabled = True
            self.check.disabled = True
        q = self._fetch()
        self.question, self.feedback = q, None
        with self.box.hold_sync():
            self.status.value = ""
            self.next.description = "Next question"
            self.exhibit.value = question_html(q)
            self._quiet = True  # new options reset the pick: not the learner's pick
            self.choices.options = q.options()
            self.choices.value = None
            self.choices.disabled = False
            self._quiet = False
            self.pick.value = self._pick_words(None)
            self.result.value = ""
            self.evidence.value = ""
            self.check.disabled = True
            self.clear_notice()
        self.audit()
        self._prefetch()

    def _pick_words(self, value: str | None) -> str:
        q = self.question
        words = q.label_of(value) if q is not None and value is not None else "nothing"
        return f'<p class="st-pick" aria-live="polite">Your pick: {esc(words)}</p>'

    @guarded
    def _picked(self) -> None:
        q = self.question
        if q is None or self.feedback is not None or self._quiet:
            return
        value = self.choices.value
        marks: dict[CardLike, str] = {}
        if value is not None and q.kind == "play-decision":
            marks = {value: "selected"}
        with self.box.hold_sync():
            self.exhibit.value = question_html(q, emphasis=marks or None)
            self.pick.value = self._pick_words(value)
            self.check.disabled = value is None
        self.clear_notice()

    # -- grading --
    @guarded
    def answer(self, value: str | None = None) -> Feedback | None:
        """Grade the pick (or ``value``) in Python; refused, changing nothing, when there is no
        question, it is answered already, nothing is picked, or the value is not a choice."""
        q = self.question
        if q is None:
            return None
        if self.feedback is not None:
            self.refuse("Already answered — press Next question for a new one.")
            return None
        if value is None:
            value = self.choices.value
            if value is None:
                self.refuse("Pick an answer first.")
                return None
        fb = self.session.answer(q, value)  # QuizError → a notice, nothing changed
        self.feedback = fb
        with self.box.hold_sync():
            self.exhibit.value = question_html(q, feedback=fb)
            self.result.value = feedback_html(fb)
            self.evidence.value = self._evidence_html(q)
            self.choices.disabled = True
            self.check.disabled = True
            self.next.disabled = False
            self._show_score()
            self.clear_notice()
        self.audit()
        return fb

    def _evidence_html(self, q: DecisionQuestion) -> str:
        d = q.detail()
        if q.kind == "bid-decision":
            advice = d["advice_obj"]
            assert isinstance(advice, Advice)
            return ('<section class="st-root" aria-label="the advisor’s table">'
                    '<h4 class="st-h">The bid advisor’s table</h4>' + advice_table(advice)
                    + advice_chart(advice) + "</section>")
        values = d["values"]
        unit = d["unit"]
        rows = "".join(f"<tr><th scope=\"row\">{esc(card_label(Card.parse(c)))}</th>"
                       f"<td>{v}</td><td>{d['chips'][c]:+d}</td></tr>"
                       for c, v in values.items())
        what = "bidder’s points P" if unit == "points" else "bidder’s tricks"
        return ('<section class="st-root" aria-label="the solver’s values">'
                '<h4 class="st-h">Every legal card, solved double-dummy</h4>'
                f'<table class="st-chips"><thead><tr><th>card</th><th>{esc(what)}</th>'
                "<th>your chips</th></tr></thead><tbody>" + rows + "</tbody></table>"
                '<h4 class="st-h">Where the cards were</h4>' + deal_html(d["record"], width=40)
                + "</section>")

    def _show_score(self) -> None:
        self.score.value = (f'<p class="st-muted">Session: {score_html(self.session.score)}'
                            "</p>")


__all__ = ["DecisionQuiz"]
