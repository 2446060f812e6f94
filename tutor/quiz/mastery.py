"""How well a learner knows each rule and each lesson, from the tallies in the progress file.

A learner's :class:`~tutor.quiz.progress.Progress` keeps, per game, how many questions citing
each rule id were answered and how many right, and a spaced-repetition schedule (a Leitner box
per rule). This module turns those into a **mastery** per rule and per lesson — a level a learner
can read — and picks the rules to ask again:

- ``not tried yet`` — no answer counted;
- ``learning`` — just missed (box 0), or fewer than half right;
- ``getting there`` — some right answers in a row, or half right or better;
- ``mastered`` — three or more answers, at least three in four right, and right three times
  in a row (box 3 or more) where a schedule is kept.

A lesson's mastery adds up the tallies of the rules it teaches (its game's course map,
:attr:`tutor.quiz.generators.TappQuiz.course`). :func:`weak_rules` are the rules to practise
first: the rules due again in the schedule (:meth:`Progress.due_rules`), then those still
``learning``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .core import DEFAULT_GAME
from .generators import CourseLesson
from .progress import Progress
from .registry import game_quiz

LEVELS = ("not tried yet", "learning", "getting there", "mastered")


@dataclass(frozen=True)
class Mastery:
    """One rule's or one lesson's mastery: its tallies and the level they give."""

    key: str  # a rule id, or a lesson's notebook name
    title: str  # the rule id again, or the lesson's title
    answered: int
    correct: int
    box: int | None  # the Leitner box (a rule with a schedule), else None
    level: str
    rules: tuple[str, ...] = ()  # a lesson's rules

    @property
    def share(self) -> float:
        """The share answered right (0 before any answer)."""
        return self.correct / self.answered if self.answered else 0.0


def level_of(answered: int, correct: int, box: int | None = None) -> str:
    """The level of a tally (see the module docstring)."""
    if answered == 0:
        return LEVELS[0]
    share = correct / answered
    if box is not None:
        if box == 0:
            return LEVELS[1]
        if box >= 3 and answered >= 3 and share >= 0.75:
            return LEVELS[3]
        return LEVELS[2]
    if answered >= 3 and share >= 0.75:
        return LEVELS[3]
    return LEVELS[2] if share >= 0.5 else LEVELS[1]


def rule_mastery(progress: Progress | None, game: str = DEFAULT_GAME,
                 rules: Sequence[str] = ()) -> list[Mastery]:
    """The mastery of each rule of ``game`` — ``rules`` (by default every rule the course map
    teaches and every rule answered), in that order."""
    stats = progress.rule_stats(game) if progress is not None else {}
    boxes = progress.schedule(game) if progress is not None else {}
    wanted = list(dict.fromkeys([*(rules or course_rules(game)), *stats]))
    out = []
    for rule in wanted:
        answered, correct = stats.get(rule, (0, 0))
        box = boxes[rule][0] if rule in boxes else None
        out.append(Mastery(rule, rule, answered, correct, box, level_of(answered, correct, box)))
    return out


def lesson_mastery(progress: Progress | None, game: str = DEFAULT_GAME) -> list[Mastery]:
    """The mastery of each lesson of ``game``'s course map: the tallies of its rules added up."""
    stats = progress.rule_stats(game) if progress is not None else {}
    boxes = progress.schedule(game) if progress is not None else {}
    out = []
    for lesson in course(game):
        answered = sum(stats.get(r, (0, 0))[0] for r in lesson.rules)
        correct = sum(stats.get(r, (0, 0))[1] for r in lesson.rules)
        kept = [boxes[r][0] for r in lesson.rules if r in boxes]
        box = min(kept) if kept else None  # a lesson is as strong as its weakest rule
        out.append(Mastery(lesson.id, lesson.title, answered, correct, box,
                           level_of(answered, correct, box), lesson.rules))
    return out


def weak_rules(progress: Progress | None, game: str = DEFAULT_GAME) -> list[str]:
    """The rules to practise first: those due again in the schedule, then those still
    ``learning`` — each once, the weakest first."""
    if progress is None:
        return []
    learning = [m.key for m in sorted(rule_mastery(progress, game), key=lambda m: m.share)
                if m.level == LEVELS[1]]
    return list(dict.fromkeys([*progress.due_rules(game), *learning]))


def course(game: str = DEFAULT_GAME) -> tuple[CourseLesson, ...]:
    """The lessons of ``game``'s course map, in order (empty for a game without one)."""
    return game_quiz(game).course


def course_rules(game: str = DEFAULT_GAME) -> list[str]:
    """Every rule the course map of ``game`` teaches, in the order first taught."""
    return list(dict.fromkeys(r for lesson in course(game) for r in lesson.rules))

__all__ = ["LEVELS", "CourseLesson", "Mastery", "course", "course_rules", "lesson_mastery",
           "level_of", "rule_mastery", "weak_rules"]
