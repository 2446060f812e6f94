"""Decision quizzes as widgets: *what would you bid here?*, *which card?* and, in Frog, *which
three to discard?*

The questions come from :mod:`tutor.quiz.decisions` — real deals where the choice matters —
and are graded in Python: a call against the bid advisor, a card by the solver's double-dummy
analysis, a Frog discard by the solver's value of the deal after it against every discard that
matters. The browser receives the prompt and the learner's view
(:func:`tutor.display.question_html`, no answer in it) and the choices as buttons (a toggle
button per card for the discard, three to pick); only after **Check answer** does it receive
the feedback (:func:`tutor.display.feedback_html`, rule ids and the session score) and the
evidence: the advisor's table for a bid, for a card the value of every legal card, for a discard
the learner's and the best — and the whole deal, now that the answer is out.

A picker above the question offers every game the decision quizzes know that has one of the
kinds asked for (Six-Bid Solo, Frog; the games' names from their presentation); each game keeps
its own session and score on the page.

Progress is kept like the other quizzes: the page's :class:`~tutor.widgets.quiz.Learner` and
its progress file (by game and kind — ``bid-decision``, ``play-decision``,
``discard-decision`` — and by rule id).

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
from typing import TYPE_CHECKING, Any, cast

import ipywidgets as w  # type: ignore[import-untyped]  # ships no type hints

from ..cards import Card, card_label
from ..display import deal_html, feedback_html, pick_html, question_html, score_html
from ..display.markup import CardLike, esc
from ..display.quiz import feedback_emphasis
from ..games import spec
from ..games.tapp import CARD_INDEX, CARDS
from ..quiz.core import DEFAULT_GAME, Feedback, Question, QuizError, check_kinds
from ..quiz.decision_session import (
    DecisionSession,
    all_kinds,
    decision_games,
    decision_titles,
)
from .advisor_panel import WIDGET_CSS, advice_chart, advice_table
from .common import Panel, Shared, button, dress_card, guarded, html, mark_card
from .engine import prewarm, warm_up
from .quiz import Learner, page_learner, reset_html

if TYPE_CHECKING:  # the solver is loaded on the first question (tutor.widgets.engine)
    from ..quiz.decisions import DecisionQuestion

DECK = frozenset(CARDS)
#: The status line before the first question.
WAIT_FOR_FIRST = ('<p class="st-root st-muted">Press “First question”: finding a position takes '
                  "a few seconds.</p>")
#: How many cards a discard question asks for (FR-2: three).
DISCARD_PICKS = 3
#: The discard's card buttons: big enough to hit, fourteen in two rows of seven on a phone.
DECISION_CSS = WIDGET_CSS + """
<style>
.tutor-decisions .tutor-discard-picks { flex-wrap: wrap; gap: 0.25em; }
.tutor-decisions .st-card-btn { min-width: 3.2em; font-size: 1.05em; font-weight: 600; }
.tutor-decisions .st-red { color: var(--st-red) !important; }
.tutor-decisions .st-black { color: var(--st-black) !important; }
@media (max-width: 480px) {
  .tutor-decisions .st-card-btn { min-width: 2.6em; padding: 0 0.3em; }
}
</style>
"""


class QuestionArea:
    """A decision quiz's question widgets: the exhibit, the choices (a row of toggle buttons,
    or a card's face each), the pick in words, the feedback and the evidence."""

    def __init__(self, same: Shared) -> None:
        self.exhibit = html("", "tutor-quiz-question", shared=same)
        self.choices = w.ToggleButtons(options=[], value=None, style={"button_width": "auto"},
                                       _dom_classes=("tutor-quiz-choices",))
        #: a discard question's cards: one toggle button each, three to pick (the choices when
        #: they are cards' faces)
        self.picks = w.HBox([], layout=w.Layout(display="none", flex_flow="row wrap"),
                            _dom_classes=("tutor-discard-picks", "tutor-quiz-choices"))
        self.pick = html("", "tutor-quiz-pick", shared=same)
        self.result = html("", "tutor-quiz-feedback", shared=same)
        self.evidence = html("", "tutor-decision-evidence", shared=same)


class DecisionQuiz(Panel):
    """Decision questions of some ``kinds`` (``bid-decision``, ``play-decision``,
    ``discard-decision``; by default every kind the game offers), one at a time.

    ``game`` is the game first asked about (a picker offers every game with one of the kinds;
    QUIZ-3 when ``game`` has none of them). ``learner`` defaults to the page's learner (its
    progress file); ``seed`` makes the run reproducible without a file (tests, a projected
    lesson). ``start=False`` waits for the learner's first click; ``prefetch`` makes the next
    question in the background.
    """

    css_class = "tutor-decisions"

    def __init__(self, kinds: Sequence[str] | None = None, *, game: str = DEFAULT_GAME,
                 title: str = "", learner: Learner | None = None, seed: int | None = None,
                 start: bool = True, prefetch: bool = True) -> None:
        super().__init__()
        self.asked = None if kinds is None else check_kinds(kinds, all_kinds(),
                                                            "DecisionQuiz.kinds")
        self.games = tuple(g for g in decision_games() if self._kinds_in(g))
        self.game_id = game
        self.kinds = self._kinds_in(game)
        if not self.kinds:
            raise QuizError("QUIZ-3", "this game has none of the kinds asked for; games with "
                            "them: " + ", ".join(self.games), where="DecisionQuiz.game",
                            what=repr(game))
        self.seed = seed
        self.learner = learner if learner is not None else (
            Learner(seed=seed) if seed is not None else page_learner())
        self._sessions: dict[str, DecisionSession] = {}
        self.session = self._session()
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="tutor-decisions") \
            if prefetch else None
        self._ahead: Future[Question] | None = None
        self.question: DecisionQuestion | None = None
        self.feedback: Feedback | None = None
        self.fixed_title = title
        self.title = self._title()

        same = self.same  # the page's layouts and styles, shared: fewer models (Shared)
        self.game_pick = w.Dropdown(options=[(spec(g).name, g) for g in self.games],
                                    value=game, description="Game", style=same.picker,
                                    layout=same.layout if len(self.games) > 1 else w.Layout(
                                        width="auto", display="none"),
                                    _dom_classes=("tutor-decision-game",))
        # the quiz's stylesheet goes with its title: one model fewer
        self.heading = html(self._heading_html(), "tutor-quiz-title", shared=same)
        self.status = html("" if start else WAIT_FOR_FIRST, "tutor-decision-status",
                           shared=same)
        #: the question's exhibit, choices and answer: made with the first question
        self._question_area: QuestionArea | None = None
        self.pick_buttons: list[w.ToggleButton] = []
        self.pick_values: list[str] = []
        self.check = button("Check answer", cls="tutor-quiz-check", style="primary", shared=same,
                            disabled=True)
        self.next = button("Next question" if start else "First question",
                           cls="tutor-quiz-next", disabled=start, shared=same)
        self.score = html(self._score_html(), "tutor-quiz-score", shared=same)
        self._quiet = False
        self.check.on_click(lambda _b: self.answer())
        self.next.on_click(lambda _b: self.new_question())
        self.game_pick.observe(lambda _c: self.game_changed(), names="value")
        self.learner.listen(self._learner_changed)
        self.box.children = [self.game_pick, self.heading, self.status,
                             w.HBox([self.check, self.next], layout=same.wrap),
                             self.notice, self.score]
        if start:
            self.new_question()
        # else the page loads at once; the first question is found on request
        prewarm()  # the engine loads in the background while the learner reads

    def _heading_html(self) -> str:
        return f'{DECISION_CSS}<h3 class="st-quiz-title">{esc(self.title)}</h3>'

    # -- the question's widgets, made with the first question --
    @property
    def area(self) -> QuestionArea:
        """The question's exhibit, choices and answer (made on first use: the page opens
        without them, before the buttons and after the notice line)."""
        if self._question_area is None:
            area = self._question_area = QuestionArea(self.same)
            area.choices.observe(lambda _c: self._picked(), names="value")
            kids = list(self.box.children)
            at = kids.index(self.notice)
            kids[at + 1:at + 1] = [area.result, area.evidence]
            kids[at - 1:at - 1] = [area.exhibit, area.choices, area.picks, area.pick]
            self.box.children = kids
        return self._question_area

    @property
    def exhibit(self) -> w.HTML:
        return self.area.exhibit

    @property
    def choices(self) -> w.ToggleButtons:
        return self.area.choices

    @property
    def picks(self) -> w.HBox:
        return self.area.picks

    @property
    def pick(self) -> w.HTML:
        return self.area.pick

    @property
    def result(self) -> w.HTML:
        return self.area.result

    @property
    def evidence(self) -> w.HTML:
        return self.area.evidence

    def _kinds_in(self, game: str) -> tuple[str, ...]:
        """The kinds asked for that ``game`` offers (all it offers when none were asked)."""
        offered = decision_titles(game)
        return tuple(offered) if self.asked is None else tuple(
            k for k in self.asked if k in offered)

    def _title(self) -> str:
        titles = decision_titles(self.game_id)
        return self.fixed_title or " · ".join(titles[k] for k in self.kinds)

    def _wait_for_first(self) -> None:
        self.next.description = "First question"
        self.next.disabled = False
        self.status.value = WAIT_FOR_FIRST

    def _session(self) -> DecisionSession:
        """The session of the game now asked about (one per game on the page, kept while the
        learner goes back and forth)."""
        found = self._sessions.get(self.game_id)
        if found is not None:
            return found
        progress = self.learner.progress
        if progress is not None:
            made = DecisionSession(progress=progress, kinds=self.kinds, game=self.game_id)
        else:
            made = DecisionSession(seed=self.seed if self.seed is not None
                                   else self.learner.seed, kinds=self.kinds, game=self.game_id)
        self._sessions[self.game_id] = made
        return made

    def _learner_changed(self) -> None:
        self._sessions.clear()
        self.session = self._session()
        self._ahead = None  # drawn from the last learner's seeds
        self._show_score()

    @guarded
    def game_changed(self) -> None:
        """Ask about the game picked (a value the picker does not offer is refused, QUIZ-3): its
        session and score; the question on screen, answered or not, goes, and a new one of the
        new game comes at once when the learner had started."""
        value = self.game_pick.value
        if self._quiet or value == self.game_id:
            return
        if value not in self.games:
            self._quiet = True
            self.game_pick.value = self.game_id
            self._quiet = False
            raise QuizError("QUIZ-3", "not a game of this quiz", where="DecisionQuiz.game",
                            what=repr(value))
        started = self.question is not None
        self.game_id = value
        self.kinds = self._kinds_in(value)
        self.session = self._session()
        self._ahead = None  # made for the other game
        self.question, self.feedback = None, None
        self.title = self._title()
        with self.box.hold_sync():
            self.heading.value = self._heading_html()
            self.status.value = ""
            if self._question_area is not None:
                self._show_choices(None)
                for out in (self.exhibit, self.pick, self.result, self.evidence):
                    out.value = ""
            self.check.disabled = True
            self._show_score()
            self.clear_notice()
        if started:
            self.new_question()
        else:
            self._wait_for_first()
        self.audit()

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
        if self.feedback is not None and q.kind != "bid-decision":
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
            self._show_choices(q)
            self.exhibit.value = self._exhibit(q)
            self.pick.value = self._pick_words([])
            self.result.value = ""
            self.evidence.value = ""
            self.check.disabled = True
            self.clear_notice()
        self.audit()
        self._prefetch()

    def _say(self, text: str) -> None:
        self.status.value = (f'<p class="st-root st-muted" role="status" aria-live="polite">'
                             f"{esc(text)}</p>")

    def _show_choices(self, q: DecisionQuestion | None) -> None:
        """The question's choices: a card's face each when they are cards — the discard's three
        to pick, or the one card of a play — else one row of toggle buttons; none without a
        question."""
        self._quiet = True  # new options reset the pick: not the learner's pick
        try:
            faces = q is not None and all(_is_card_text(v) for v in q.values)
            self.choices.options = q.options() if q is not None and not faces else []
            self.choices.value = None
            self.choices.disabled = q is None
            self.choices.layout.display = "none" if faces else None
            self.pick_buttons, self.pick_values = [], []
            if q is not None and faces:
                for _label, value in q.options():
                    b = w.ToggleButton(value=False, layout=self.same.layout)
                    dress_card(b, Card.parse(value), verb="pick")
                    b.add_class("tutor-quiz-option")
                    b.observe(lambda change, v=value: self._toggled(v, change), names="value")
                    self.pick_buttons.append(b)
                    self.pick_values.append(value)
            self.picks.children = self.pick_buttons
            self.picks.layout.display = None if faces else "none"
        finally:
            self._quiet = False

    def _exhibit(self, q: DecisionQuestion, **kw: Any) -> str:
        """The question's exhibit; a hand whose cards are all the choices (the discard) is shown
        once: as the cards' faces, the buttons."""
        whole_hand = bool(self.pick_buttons) and q.view is not None and \
            set(q.values) == {c.text for c in q.view.hand}
        graded = kw.get("feedback") is not None  # then the hand is drawn with its marks
        return question_html(q, own_hand=graded or not whole_hand, **kw)

    def _toggled(self, value: str, change: dict[str, object]) -> None:
        """A card's face toggled: for a one-card answer, the other cards go off."""
        q = self.question
        if self._quiet or q is None:
            return
        if not q.multi and change.get("new") is True:
            self._quiet = True
            try:
                for b, v in zip(self.pick_buttons, self.pick_values, strict=True):
                    if v != value and b.value:
                        b.value = False
            finally:
                self._quiet = False
        for b, v in zip(self.pick_buttons, self.pick_values, strict=True):
            name = Card.parse(v).name + (", picked" if b.value else "")
            if b.description != name:
                b.description = name
        self._picked()

    def _picks(self) -> list[str]:
        """The learner's pick now: the one choice, or the cards toggled on."""
        q = self.question
        if q is not None and self.pick_buttons:
            return [v for b, v in zip(self.pick_buttons, self.pick_values, strict=True)
                    if b.value]
        return [] if self.choices.value is None else [self.choices.value]

    def _pick_words(self, picks: Sequence[str]) -> str:
        words = str(pick_html(self.question, picks))
        q = self.question
        if q is not None and q.multi and len(picks) != DISCARD_PICKS:
            words += (f'<p class="st-root st-muted">Pick {DISCARD_PICKS} cards '
                      f"({len(picks)} so far).</p>")
        return words

    def _ready_to_check(self, picks: Sequence[str]) -> bool:
        q = self.question
        return len(picks) == DISCARD_PICKS if q is not None and q.multi else bool(picks)

    @guarded
    def _picked(self) -> None:
        q = self.question
        if q is None or self.feedback is not None or self._quiet:
            return
        picks = self._picks()
        marks: dict[CardLike, str] = {}
        if q.kind != "bid-decision":
            marks = dict.fromkeys(picks, "selected")
        with self.box.hold_sync():
            self.exhibit.value = self._exhibit(q, emphasis=marks or None)
            self.pick.value = self._pick_words(picks)
            self.check.disabled = not self._ready_to_check(picks)
        self.clear_notice()

    # -- grading --
    @guarded
    def answer(self, value: str | Sequence[str] | None = None) -> Feedback | None:
        """Grade the pick (or ``value``: one choice, or the cards of a discard) in Python;
        refused, changing nothing, when there is no question, it is answered already, the pick
        is not complete (one choice, or three cards to discard), or a value is not a choice."""
        q = self.question
        if q is None:
            return None
        if self.feedback is not None:
            self.refuse("Already answered — press Next question for a new one.")
            return None
        if value is None:
            picks = self._picks()
            if not self._ready_to_check(picks):
                self.refuse(f"Pick {DISCARD_PICKS} cards to discard first." if q.multi
                            else "Pick an answer first.", "FR-2" if q.multi else "")
                return None
            value = picks if q.multi else picks[0]
        fb = self.session.answer(q, value)  # QuizError → a notice, nothing changed
        self.feedback = fb
        with self.box.hold_sync():
            self.exhibit.value = self._exhibit(q, feedback=fb)
            self.result.value = feedback_html(fb)
            self.evidence.value = self._evidence_html(q)
            self.choices.disabled = True
            marks = feedback_emphasis(fb)
            for b, v in zip(self.pick_buttons, self.pick_values, strict=True):
                b.disabled = True
                mark_card(b, marks.get(v, ""))
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
        if q.kind == "discard-decision":
            return self._discard_evidence(q)
        if "rows" in d:  # a declaration: every choice, valued on the same sampled deals
            rows = "".join(
                f"<tr><th scope=\"row\">{esc(r['choice'])}</th><td>{r['points']:.0f}</td>"
                f"<td>{r['made']} of {r['worlds']}</td><td>{r['chips']:+.0f}</td></tr>"
                for r in d["rows"])
            return ('<section class="st-root" aria-label="the solver’s values">'
                    '<h4 class="st-h">Each choice, on the same sampled deals solved '
                    "double-dummy</h4>"
                    '<table class="st-chips"><thead><tr><th>choice</th><th>P on average</th>'
                    "<th>made</th><th>your chips</th></tr></thead><tbody>" + rows
                    + "</tbody></table></section>")
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

    def _discard_evidence(self, q: DecisionQuestion) -> str:
        """The learner's discard against the best ones, each the bidder's P solved
        double-dummy and the chips it brings, and the whole deal."""
        d = q.detail()
        analysis = d["analysis"]
        fb = self.feedback
        assert fb is not None
        mine = [CARD_INDEX[Card.parse(v)] for v in fb.your_values]
        others = [b for b in analysis.best if b != analysis.canonical(mine)]
        shown = [("your discard", tuple(sorted(mine))),
                 *(("a best discard", b) for b in others[:5])]
        rows = "".join(
            f"<tr><th scope=\"row\">{esc(who)}</th>"
            f"<td>{esc(' '.join(card_label(CARDS[c]) for c in cards))}</td>"
            f"<td>{analysis.value(cards)}</td><td>{analysis.chips(cards):+d}</td></tr>"
            for who, cards in shown)
        more = len(others) - len(shown) + 1
        note = (f'<p class="st-muted">… and {more} more best discard{"s" if more > 1 else ""}.'
                "</p>" if more > 0 else "")
        return ('<section class="st-root" aria-label="the solver’s values">'
                '<h4 class="st-h">Your discard and the best, solved double-dummy</h4>'
                '<table class="st-chips"><thead><tr><th></th><th>cards laid away</th>'
                "<th>your points P</th><th>your chips</th></tr></thead><tbody>" + rows
                + f"</tbody></table>{note}"
                f'<p class="st-muted">{d["candidates"]} discards compared ({d["total"]} before '
                "merging interchangeable cards).</p>"
                '<h4 class="st-h">Where the cards were</h4>' + deal_html(d["record"], width=40)
                + "</section>")

    def _show_score(self) -> None:
        self.score.value = self._score_html()

    def _score_html(self) -> str:
        return (f'<p class="st-muted">Session: {score_html(self.session.score)}</p>'
                + reset_html(self.learner))


def _is_card_text(value: str) -> bool:
    """Is a choice value a card (``TH``)?"""
    try:
        Card.parse(value)
    except ValueError:
        return False
    return True


__all__ = ["DecisionQuiz"]
