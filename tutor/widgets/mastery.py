"""The mastery view: how well the learner knows each lesson and each rule, and practice of the
weak ones.

:class:`MasteryView` reads the page learner's progress file (the tallies by rule and the
spaced-repetition schedule, :mod:`tutor.quiz.mastery`) and draws, for one game, a table of its
lessons (a *Game* list picks Six-Bid Solo, Frog (game) or Crazy Solo) — answers, the share
right as a bar, and a level: *not tried yet*, *learning*, *getting
there*, *mastered* — and, folded below, the same per rule. **Practise my weak rules** opens a
quiz (:class:`~tutor.widgets.quiz.QuizWidget`) whose questions are drawn to cite the rules due
again and those still being learnt, in turn. **Refresh** reads the file again (quizzes on other
pages write to it).
"""

from __future__ import annotations

import ipywidgets as w  # type: ignore[import-untyped]  # ships no type hints

from ..display.markup import esc
from ..games import spec
from ..quiz import DEFAULT_GAME, kinds
from ..quiz import games as quiz_games
from ..quiz.mastery import Mastery, course, lesson_mastery, rule_mastery, weak_rules
from .common import Panel, button, guarded, html
from .quiz import Learner, QuizWidget, page_learner


def mastery_html(rows: list[Mastery], *, lessons: bool, caption: str) -> str:
    """A table of mastery rows (lessons link to their notebook)."""
    head = ("<tr><th scope=\"col\">" + ("lesson" if lessons else "rule") + "</th>"
            "<th scope=\"col\">right</th><th scope=\"col\">level</th></tr>")
    body = []
    for m in rows:
        name = (f'<a href="{esc(m.key)}.ipynb">{esc(m.title)}</a>' if lessons
                else esc(m.title))
        width = round(4 * m.share, 2)
        bar = (f'<span class="st-bar" style="width:{width}em" aria-hidden="true"></span> '
               if m.answered else "")
        right = f"{bar}{m.correct} of {m.answered}" if m.answered else "—"
        cls = "st-level st-level-" + m.level.replace(" ", "-")
        body.append(f'<tr><th scope="row">{name}</th><td>{right}</td>'
                    f'<td><span class="{esc(cls)}">{esc(m.level)}</span></td></tr>')
    return (f'<table class="st-root st-mastery"><caption>{esc(caption)}</caption>'
            f"<thead>{head}</thead><tbody>{''.join(body)}</tbody></table>")


class MasteryView(Panel):
    """Mastery per lesson and per rule of ``game`` for the page's learner, with practice of the
    weak rules (see the module docstring)."""

    css_class = "tutor-mastery"

    def __init__(self, game: str = DEFAULT_GAME, *, learner: Learner | None = None) -> None:
        super().__init__()
        self.game = spec(game).id
        kinds(self.game)  # QUIZ-3 for a game the quiz does not know
        self.learner = learner or page_learner()
        mapped = [g for g in quiz_games() if course(g)]  # the games with a course map
        self.game_pick = w.Dropdown(options=[(spec(g).name, g) for g in mapped],
                                    value=self.game if self.game in mapped else None,
                                    description="Game", layout=w.Layout(
                                        width="auto", display=None if len(mapped) > 1
                                        else "none"))
        self.game_pick.add_class("tutor-mastery-game")
        self.game_pick.observe(lambda _: self._game_changed(), names="value")
        self.summary = html("", "tutor-mastery-summary")
        self.lessons = html("", "tutor-mastery-lessons")
        self.rules = html("", "tutor-mastery-rules")
        self.refresh_button = button("Refresh", cls="tutor-mastery-refresh",
                                     tooltip="read your progress file again")
        self.practise = button("Practise my weak rules", cls="tutor-mastery-practise",
                               style="primary", tooltip="questions on the rules to practise")
        self.practice = w.Box([])
        self.refresh_button.on_click(lambda _: self.refresh())
        self.practise.on_click(lambda _: self.start_practice())
        self.learner.listen(self.refresh)
        self.box.children = [self.game_pick, self.summary, self.lessons, self.rules,
                             w.HBox([self.practise, self.refresh_button],
                                    layout=w.Layout(flex_flow="row wrap")),
                             self.notice, self.practice]
        self.quiz: QuizWidget | None = None
        self.refresh()

    @guarded
    def _game_changed(self) -> None:
        """Show the game picked (a value the picker does not offer changes nothing)."""
        value = self.game_pick.value
        if value is None or value == self.game or not course(str(value)):
            return
        self.game = str(value)
        self.practice.children = []
        self.quiz = None
        self.refresh()

    def weak(self) -> list[str]:
        """The rules to practise now (:func:`tutor.quiz.mastery.weak_rules`)."""
        return weak_rules(self.learner.progress, self.game)

    @guarded
    def refresh(self) -> None:
        """Read the progress file again and redraw."""
        progress = self.learner.progress
        if progress is not None:  # another page may have written answers since
            from ..quiz import Progress

            progress.data = Progress(progress.path, progress.learner, durable=False).data
        name = spec(self.game).name
        weak = self.weak()
        with self.box.hold_sync():
            if progress is None:
                self.summary.value = ('<p class="st-muted">Practice mode: nothing is saved, so '
                                      "there is no mastery to show.</p>")
            else:
                answered, correct = progress.game_stats(self.game)
                due = (f" Rules to practise now: {', '.join(weak)}." if weak else
                       " No rule to practise right now.")
                self.summary.value = (f'<p class="st-root" aria-live="polite">{esc(name)}: '
                                      f"{correct} of {answered} right in all.{esc(due)}</p>")
            rows = lesson_mastery(progress, self.game)
            self.lessons.value = mastery_html(rows, lessons=True,
                                              caption=f"{name}: your lessons") if rows else ""
            self.rules.value = (
                '<details class="st-root"><summary>Each rule</summary>'
                + mastery_html(rule_mastery(progress, self.game), lessons=False,
                               caption=f"{name}: each rule you were asked about") + "</details>")
            self.practise.disabled = progress is None or not weak
        self.clear_notice()
        self.audit()

    @guarded
    def start_practice(self) -> None:
        """A quiz on the weak rules (refused when there is none)."""
        weak = self.weak()
        if not weak:
            self.refuse("No rule to practise right now — answer a few quizzes first.")
            return
        self.quiz = QuizWidget(game=self.game, learner=self.learner, focus=weak,
                               title="Practice")
        self.practice.children = [self.quiz.box]
        self.clear_notice()


__all__ = ["MasteryView", "mastery_html"]
