"""The registry of question kinds, per game.

A game takes part in the quiz through ``tutor/games/<game>/quiz.py``, whose ``QUIZ`` (a
:class:`~tutor.quiz.adapter.GameQuiz`) lists the game's kinds: a Tapp-family game's
(:class:`~tutor.quiz.generators.TappQuiz`) names the generic kinds it takes, the choices and
words they ask of it, and the kinds only that game has; a game outside the family (Sixty-Six)
brings kinds of its own only. This module finds that adapter by the
game's folder (so no quiz module imports a game's rules) and lists its kinds in order; a game
without one is QUIZ-3 ("the quiz does not know ... yet"). ``generate(kind, seed, game)`` makes
a question; the same game, kind and seed always give the same question.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from .adapter import GameQuiz, Generator
from .core import DEFAULT_GAME, Question, from_seed, game_adapter, game_named, games_with


@dataclass(frozen=True)
class QuizKind:
    """One kind of question of one game."""

    game: str
    id: str
    title: str
    make: Generator  # (seed, seeded rng) -> Question


def game_quiz(game: object) -> GameQuiz:
    """The quiz adapter of ``game`` (a record id): ``QUIZ`` of ``tutor/games/<game>/quiz.py``.
    QUIZ-3 for an unknown game or one the quiz does not know yet."""
    return _game_quiz(game_named(game))


@cache
def _game_quiz(game: str) -> GameQuiz:
    return game_adapter(game, "quiz", "QUIZ", GameQuiz, "the quiz does not know", " quiz")


def games() -> tuple[str, ...]:
    """The games the quiz knows, in the registry's order."""
    return games_with(game_quiz)


def kinds(game: object = DEFAULT_GAME) -> dict[str, QuizKind]:
    """Every kind of ``game``, in the order a session asks them (QUIZ-3 for an unknown game)."""
    return dict(_kinds(game_quiz(game).game_id))


@cache
def _kinds(game: str) -> dict[str, QuizKind]:
    return {k: QuizKind(game, k, title, make)
            for k, (title, make) in game_quiz(game).kinds().items()}


def generators(game: object = DEFAULT_GAME) -> dict[str, Generator]:
    """``{kind: generator}`` of ``game``."""
    return {k: v.make for k, v in kinds(game).items()}


def titles(game: object = DEFAULT_GAME) -> dict[str, str]:
    """``{kind: title}`` of ``game``."""
    return {k: v.title for k, v in kinds(game).items()}


def generate(kind: str, seed: int, game: str = DEFAULT_GAME) -> Question:
    """The question of ``kind`` for ``seed`` in ``game``: the same seed always gives the same
    question (QUIZ-3: an unknown game or kind, or a seed that is not an int)."""
    return from_seed(generators(game), kind, seed, "generate", game_quiz(game).game_id)


#: The kinds, titles and generators of :data:`~tutor.quiz.core.DEFAULT_GAME` (Six-Bid Solo) —
#: ``GENERATORS``, ``KINDS`` and ``TITLES`` — are made on first use (:func:`__getattr__`): they
#: load that game's quiz, which a page about another game, or without a quiz, does not need.
if TYPE_CHECKING:
    GENERATORS: dict[str, Generator]
    KINDS: tuple[str, ...]
    TITLES: dict[str, str]


def __getattr__(name: str) -> Any:
    made: dict[str, Any] = {}
    if name == "GENERATORS":
        made[name] = generators()
    elif name == "KINDS":
        made[name] = tuple(generators())
    elif name == "TITLES":
        made[name] = titles()
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals().update(made)  # made once: the module holds it from now on
    return made[name]
