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

Finding a question takes a moment (the advisor samples and solves deals — several seconds for a
bid question; a play position is screened with the solver). The page opens without the solver:
it is loaded on the learner's first click (:func:`tutor.widgets.engine.warm_up`, with a "warming
up the engine…" status). With ``prefetch`` (the default) the next question is made in a worker
thread while the learner answers the current one — the same questions in the same order (each
from its seed, drawn in turn), only sooner — and "preparing the next hand…" shows only when it is
not ready yet. The question made ahead stays in a :class:`~concurrent.futures.Future` in Python:
nothing of it (its hand, its answer) is in widget state before it is asked. The solver keeps its
tables per thread.
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING, cast

import ipywidgets as w  # type: ignore[import-untyped]  # ships no type hints

from ..cards import Card, card_label
from ..display import deal_html, feedback_html, pick_html, question_html, score_html
from ..display.markup import CardLike, esc
from ..games.tapp import CARDS
from ..quiz.core import Feedback, Question, check_kinds
from ..quiz.decision_session import KINDS, TITLES, DecisionSession
from .advisor_panel import WIDGET_CSS, advice_chart, advice_table
from .common import Panel, Shared, button, guarded, html
from .engine import warm_up
from .quiz import Learner, page_learner

if TYPE_CHECKING:  # the solver is loaded on the first question (tutor.widgets.engine)
    from ..quiz.decisions import DecisionQuestion

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
        self.kinds = check_kinds(kinds, KINDS, "DecisionQuiz.kinds")
        self.seed = seed
        self.learner = learner if learner is not None else (
            Learner(seed=seed) if seed is not None else page_learner())
        self.session = self._session()
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="tutor-decisions") \
            if prefetch else None
        self._ahead: Future[Question] | None = None
        self.question: DecisionQuestion | None = None
        self.feedback: Feedback | None = None
        self.title = title or " · ".join(TITLES[k] for k in self.kinds)

        same = Shared()  # one layout and style for the outputs and buttons: fewer models
        self.heading = html(f'<h3 class="st-quiz-title">{esc(self.title)}</h3>',
                            "tutor-quiz-title", shared=same)
        self.status = html("", "tutor-decision-status", shared=same)
        self.exhibit = html("", "tutor-quiz-question", shared=same)
        self.choices = w.ToggleButtons(options=[], value=None, style={"button_width": "auto"})
        self.choices.add_class("tutor-quiz-choices")
        self.pick = html("", "tutor-quiz-pick", shared=same)
        self.check = button("Check answer", cls="tutor-quiz-check", style="primary", shared=same,
                            disabled=True)
        self.next = button("Next question", cls="tutor-quiz-next", disabled=True, shared=same)
        self.result = html("", "tutor-quiz-feedback", shared=same)
        self.evidence = html("", "tutor-decision-evidence", shared=same)
        self.score = html("", "tutor-quiz-score", shared=same)
        self._quiet = False
        self.check.on_click(lambda _b: self.answer())
        self.next.on_click(lambda _b: self.new_question())
        self.choices.observe(lambda _c: self._picked(), names="value")
        self.learner.listen(self._learner_changed)
        self.box.children = [html(WIDGET_CSS, "tutor-style", shared=same), self.heading,
                             self.status, self.exhibit, self.choices, self.pick,
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
        # a QuizError raised in the worker is raised here, by result()
        q = ahead.result() if ahead is not None else self.session.next()
        return cast("DecisionQuestion", q)

    def ready(self) -> bool:
        """Is the next question made already (no wait on *Next question*)?"""
        return self._ahead is not None and self._ahead.done()

    def _prefetch(self) -> None:
        """Make the next question in the worker thread: its kind and seed are drawn here, in
        turn, so the run is the same as without prefetching."""
        if self._pool is not None and self._ahead is None:
            self._ahead = self._pool.submit(self.session.make, *self.session.draw())

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
            self.next.disabled = True
            self.check.disabled = True
        try:  # the buttons come back whatever fails here: the learner may try again
            warm_up(self._say)  # the solver, on the first click only
            if not self.ready():  # a question made ahead shows at once, without a status
                self._say("Preparing the next hand: finding a position where the choice "
                          "matters (sampling and solving deals)…")
            q = self._fetch()
        except BaseException:  # a notice (guarded); the learner may try again
            self.status.value = ""
            self.next.disabled = False
            raise
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

    def _say(self, text: str) -> None:
        self.status.value = (f'<p class="st-root st-muted" role="status" aria-live="polite">'
                             f"{esc(text)}</p>")

    def _pick_words(self, value: str | None) -> str:
        return pick_html(self.question, [] if value is None else [value])

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
            from ..solver.advisor import Advice

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
