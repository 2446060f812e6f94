"""Quiz questions and feedback as HTML, and the lesson stylesheet.

- :func:`question_html` draws a question's prompt and *exhibit* (its facts, a seat's view,
  cards, a trick without its winner, the calls of an auction). It never draws the choices —
  the widget makes those into buttons — and it cannot draw the answer: it reads only the
  public fields of :class:`~tutor.quiz.Question`, never ``Question.key()``. After grading,
  ``question_html(q, feedback=fb)`` redraws it with the picks marked and a trick's winner.
- :func:`feedback_html` draws the result of :func:`tutor.quiz.grade`: right or wrong, the
  learner's answer, the correct answer, the explanation and its rule ids, the score.
  ``role="status"`` so screen readers announce it.
- :func:`lesson_css` / :func:`style_html` return ``assets/lesson.css`` (put it on the page once).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from ..quiz import Feedback, Question, Score
from .adapter import deck_of
from .cards import hand_svg, trick_svg
from .markup import CardLike, DisplayError, HtmlStr, as_card, esc
from .table import calls_html, cards_html, facts_html, trick_rows, view_html

#: More cards than this are shown overlapped as a hand, fewer side by side.
_SPREAD_MAX = 8


def feedback_emphasis(feedback: Feedback) -> dict[CardLike, str]:
    """Marks for the cards of a graded card question: a right pick ``right``, a wrong pick
    ``wrong``, a card that should have been picked ``missed``. Non-card choices get none."""
    out: dict[CardLike, str] = {}
    yours, right = set(feedback.your_values), set(feedback.correct_values)
    for v in (*feedback.your_values, *feedback.correct_values):
        if not _is_card(v):
            continue
        out[v] = "right" if v in yours and v in right else "wrong" if v in yours else "missed"
    return out


def _is_card(value: str) -> bool:
    try:
        as_card(value)
    except DisplayError:
        return False
    return True


def pick_html(question: Question | None, picks: Sequence[str]) -> HtmlStr:
    """"Your pick: …" — the learner's current choice echoed in words (announced politely), by
    the choices' own labels; "nothing" until something is picked."""
    words = ", ".join(question.label_of(v) for v in picks) \
        if question is not None and picks else "nothing"
    return HtmlStr(f'<p class="st-pick" aria-live="polite">Your pick: {esc(words)}</p>')


def question_html(question: Question, *, four_colour: bool = False,
                  emphasis: Mapping[CardLike, str] | None = None,
                  feedback: Feedback | None = None, width: float = 64,
                  own_hand: bool = True) -> HtmlStr:
    """The prompt and the exhibit of ``question`` (no choices, no answer).

    ``emphasis`` marks cards of the exhibit — a widget echoes the learner's current picks
    with ``{"9S": "selected"}`` before the answer is sent. Once the answer is graded, pass its
    ``feedback`` instead: the picks are marked right / wrong / missed and a trick shows its
    winner. Before grading, nothing drawn here depends on the answer. ``own_hand=False``: the
    seat's hand is not drawn in the view (the widget shows it as the choices' card faces).
    """
    if not isinstance(question, Question):
        raise DisplayError("DSP-3", "question_html draws a tutor.quiz.Question",
                           where="question_html", what=type(question).__name__)
    q = question
    winner: int | None = None
    if feedback is not None:
        if not isinstance(feedback, Feedback) or feedback.question_id != q.id:
            raise DisplayError("DSP-3", "feedback of another question", where="question_html",
                               what=getattr(feedback, "question_id", type(feedback).__name__))
        emphasis = feedback_emphasis(feedback)
        if q.kind == "trick-winner" and feedback.correct_values:
            winner = int(feedback.correct_values[0])
    parts = [f'<p class="st-prompt">{esc(q.prompt)}</p>']
    if q.facts:
        parts.append(facts_html(q.facts))
    if q.calls or (q.kind == "auction" and q.active):
        game = q.view.game if q.view is not None else str(q.context.get("game", q.game))
        parts.append(calls_html(q.calls, q.active, game=game))
    if q.trick:
        seats = [s for s, _ in q.trick]
        parts.append(trick_svg([c for _, c in q.trick], seats=seats,
                               labels=[f"seat {s}" for s in seats], slots=len(q.trick),
                               per_row=trick_rows(len(q.trick)), winner=winner,
                               four_colour=four_colour, width=width))
    if q.cards:
        if len(q.cards) > _SPREAD_MAX:
            deck = deck_of(q.view.game, q.view.options) if q.view is not None else None
            parts.append(hand_svg(q.cards, four_colour=four_colour, width=width,
                                  emphasis=emphasis, label="cards", deck=deck))
        else:
            parts.append(cards_html(q.cards, four_colour=four_colour, width=width,
                                    emphasis=emphasis))
    if q.view is not None:
        # a question about what the play so far has shown (a void, a card gone) shows the
        # tricks played, a teaching aid as in the replay (its public context says so)
        parts.append(view_html(q.view, four_colour=four_colour, emphasis=emphasis, width=width,
                               show_tricks=bool(q.context.get("show_tricks")),
                               own_hand=own_hand))
    return HtmlStr(f'<div class="st-root st-question" role="group" '
                   f'aria-label="{esc("question: " + q.prompt)}">{"".join(parts)}</div>')


def rules_html(rules: Sequence[str]) -> str:
    """Rule ids as small badges: ``<span class="st-rule">SBS-23</span>``."""
    return "".join(f'<span class="st-rule">{esc(r)}</span>' for r in rules)


def score_html(score: Score) -> HtmlStr:
    """``7 of 9 right · streak 3``."""
    streak = f" · streak {score.streak}" if score.streak > 1 else ""
    return HtmlStr(f'<span class="st-score">{esc(score.text)}{streak}</span>')


def feedback_html(feedback: Feedback) -> HtmlStr:
    """Right or wrong, both answers, why (with rule ids) and the score."""
    if not isinstance(feedback, Feedback):
        raise DisplayError("DSP-3", "feedback_html draws a tutor.quiz.Feedback",
                           where="feedback_html", what=type(feedback).__name__)
    fb = feedback
    cls = "st-right" if fb.correct else "st-wrong"
    mark = "✓" if fb.correct else "✗"
    rows = [("Your answer", esc(", ".join(fb.your_answer) or "nothing")),
            ("Answer", esc(", ".join(fb.correct_answer) or "none"))]
    parts = [f'<p class="st-headline"><span aria-hidden="true">{mark}</span> '
             f"<strong>{esc(fb.headline)}</strong></p>",
             facts_html(rows),
             f'<p class="st-why">{esc(fb.explanation)}</p>',
             f'<p class="st-rules">Rules: {rules_html(fb.rules)}</p>']
    if fb.score is not None:
        note = "" if fb.scored else " (a second try is not scored)"
        parts.append(f'<p class="st-score-line">Score: {score_html(fb.score)}{esc(note)}</p>')
    return HtmlStr(f'<div class="st-root st-feedback {cls}" role="status" '
                   f'aria-live="polite">{"".join(parts)}</div>')


def retry_html(feedback: Feedback, *, tries_left: int = 1) -> HtmlStr:
    """A wrong pick before the answer is shown: "Not quite — try again", the likely mistake
    behind it (:attr:`~tutor.quiz.Feedback.mistake`), the rule ids and the score — never the
    answer or its explanation."""
    if not isinstance(feedback, Feedback):
        raise DisplayError("DSP-3", "retry_html draws a tutor.quiz.Feedback",
                           where="retry_html", what=type(feedback).__name__)
    fb = feedback
    more = "another try" if tries_left == 1 else f"{tries_left} more tries"
    parts = [f'<p class="st-headline"><span aria-hidden="true">↻</span> '
             f"<strong>Not quite — try again.</strong> You have {more}, or press "
             "<em>Show the answer</em>.</p>",
             facts_html([("Your answer", esc(", ".join(fb.your_answer) or "nothing"))])]
    if fb.mistake:
        parts.append(f'<p class="st-mistake">{esc(fb.mistake)}</p>')
    parts.append(f'<p class="st-rules">Rules: {rules_html(fb.rules)}</p>')
    if fb.score is not None:
        parts.append(f'<p class="st-score-line">Score: {score_html(fb.score)} (only the first '
                     "try is scored)</p>")
    return HtmlStr(f'<div class="st-root st-feedback st-retry" role="status" '
                   f'aria-live="polite">{"".join(parts)}</div>')


def _css_candidates() -> list[Path]:
    here = Path(__file__).resolve()
    cwd = Path.cwd()
    return [here.parents[2] / "assets" / "lesson.css", cwd / "assets" / "lesson.css",
            cwd.parent / "assets" / "lesson.css"]


def lesson_css(path: str | Path | None = None) -> str:
    """The text of the lesson stylesheet ``assets/lesson.css``.

    Looked for next to the package (a source checkout or an editable install), then in the
    working directory and its parent (a notebook in ``notebooks/``). DSP-3 if it is not found.
    """
    candidates = [Path(path)] if path is not None else _css_candidates()
    for p in candidates:
        try:
            return p.read_text(encoding="utf-8")
        except OSError:
            continue
    raise DisplayError("DSP-3", "the lesson stylesheet assets/lesson.css was not found",
                       where="lesson_css", what=", ".join(str(p) for p in candidates))


def style_html(path: str | Path | None = None) -> HtmlStr:
    """``<style>`` + :func:`lesson_css` — display it once at the top of a lesson."""
    return HtmlStr(f"<style>\n{lesson_css(path)}</style>")
