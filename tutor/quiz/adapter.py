"""A game's part in the quiz: :class:`GameQuiz`, the adapter every game's ``quiz.py`` offers as
``QUIZ``.

The registry (:mod:`tutor.quiz.registry`) finds it in the game's folder and asks it for the
game's kinds of question, in order: ``kinds()`` gives ``{kind: (title, generator)}``, each
generator a pure function of a seed and a seeded ``random.Random`` whose questions carry the
game's record id. A game of the Tapp family subclasses :class:`~tutor.quiz.generators.TappQuiz`,
which adds the family's generic kinds (legal plays, the trick's winner, the auction ...) to the
game's own; a game outside the family (Sixty-Six) subclasses :class:`GameQuiz` directly and
brings only kinds of its own, written against its own rules and view.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar, NamedTuple

from ..games import spec
from ..games.presentation import Presentation
from ..state import Game
from .core import Question

#: A generator bound to its game: ``(seed, rng) -> Question``.
Generator = Callable[[int, random.Random], Question]


class CourseLesson(NamedTuple):
    """One lesson of a game's course map: its notebook's name, its title and the rule ids it
    teaches (the mastery view adds up their tallies, :mod:`tutor.quiz.mastery`)."""

    id: str
    title: str
    rules: tuple[str, ...]


class GameQuiz:
    """One game's part in the quiz: its kinds of question and its words. One instance per game
    (``QUIZ`` in the game's ``quiz.py``); it holds no state."""

    #: the game's record id
    game_id: ClassVar[str] = ""
    #: the lessons that teach the game, in order, with the rules each teaches
    course: ClassVar[tuple[CourseLesson, ...]] = ()

    def mistake(self, question: Question, picked: Sequence[str]) -> str:
        """The likely slip behind a wrong pick in one of the game's own kinds, naming the rule
        and never the answer (``""``: none known; :mod:`tutor.quiz.mistakes`)."""
        return ""

    def level(self, question: Question) -> int | None:
        """The level of one of the game's own questions, 1 (first steps) or 2 (harder), read
        from its public form; None: the generic reading of :mod:`tutor.quiz.difficulty`."""
        return None

    @property
    def presentation(self) -> Presentation:
        """The game's words (seat names, prompts, facts)."""
        return spec(self.game_id).presentation

    def game(self, options: Mapping[str, Any] | None = None) -> Game:
        """The game with ``options`` (the defaults when None)."""
        return spec(self.game_id).make(options)

    def kinds(self) -> dict[str, tuple[str, Generator]]:
        """Every kind of this game, in the order a session asks them: kind -> (title,
        generator); each generator's questions carry :attr:`game_id`."""
        return {kind: (title, tagged(make, self.game_id))
                for kind, (title, make) in self.own_kinds().items()}

    def own_kinds(self) -> dict[str, tuple[str, Generator]]:
        """The kinds only this game has: kind -> (title, generator)."""
        return {}


def tagged(make: Generator, game: str) -> Generator:
    """``make`` whose questions carry ``game``'s id."""
    def generate(seed: int, rng: random.Random) -> Question:
        q = make(seed, rng)
        return q if q.game == game else replace(q, game=game)

    generate.__name__ = make.__name__
    generate.__doc__ = make.__doc__
    return generate


__all__ = ["CourseLesson", "GameQuiz", "Generator", "tagged"]
