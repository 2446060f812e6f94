"""Questions, answers kept in Python, grading and feedback.

A :class:`Question` carries what the learner may see — a prompt, the choices, and an
*exhibit* (a sanitised :class:`~tutor.games.tapp.SeatView`, some cards, a trick, the
calls of an auction, a few facts) — and, in a private field that is never part of its public
form, the answer key computed by the engine when the question was generated. A widget sends
only :meth:`Question.public` (or renders the exhibit with :func:`tutor.display.question_html`)
and hands the learner's pick back to :func:`grade`.

Errors (rule ids of this module, in the style of the record module's REC-n):

- QUIZ-1 an answer value that is not one of the question's choices;
- QUIZ-2 an answer of the wrong shape: one value (a ``str``) for a single-choice question, a
  collection of values for a pick-every-one question (``multi``);
- QUIZ-3 an unknown question kind or game (or a game the quiz does not know yet), or a seed that
  is not an int;
- QUIZ-4 a progress file that cannot be read or written (permissions, a directory, ...);
- QUIZ-5 a progress file that is not valid progress (it is set aside and progress starts afresh,
  see :mod:`tutor.quiz.progress`);
- QUIZ-6 a bid-question bank that cannot be read, is not a bank, or holds an entry whose stored
  answer is not the clear call of its own table (see :mod:`tutor.quiz.bank`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any, NamedTuple, TypeVar

from ..cards import Card, Suit
from ..errors import RecordError, TutorError
from ..games import SPECS, spec
from ..games.tapp import SeatView

Q = TypeVar("Q", bound="Question")

#: The game of a question or a progress count that names none: the tutor's first game. Its
#: question ids (``legal-plays#12``) and public forms stay as they were before the tutor had
#: several games; another game's id is ``frog/legal-plays#12``.
DEFAULT_GAME = "six-bid-solo"


class QuizError(TutorError):
    """A quiz input error (QUIZ-1..6): a bad answer, kind, seed or progress file."""


A = TypeVar("A")


def game_named(game: object) -> str:
    """``game`` if it names a game by its record id, else QUIZ-3."""
    if not isinstance(game, str):
        raise QuizError("QUIZ-3", "a game is named by its record id", where="game",
                        what=repr(game))
    return game


def game_adapter(game: str, file: str, attr: str, kind: type[A], unknown: str,
                 own: str = "") -> A:
    """``attr`` of ``tutor/games/<game>/<file>.py``: a quiz room's adapter, found by the game's
    folder so that no quiz module imports a game. QUIZ-3 for an unknown game, one without that
    file ("``unknown`` Frog (game) yet") or whose ``attr`` is not a ``kind`` of its own
    ("... is not Frog (game)'s``own``")."""
    try:
        found = spec(game)
    except RecordError:
        raise QuizError("QUIZ-3", "unknown game; one of " + ", ".join(s.id for s in SPECS),
                        where="game", what=repr(game)) from None
    name = f"{found.folder}.{file}"
    try:
        module = import_module(name)
    except ModuleNotFoundError as e:
        if e.name != name:
            raise
        raise QuizError("QUIZ-3", f"{unknown} {found.name} yet", where="game",
                        what=repr(game)) from None
    adapter = getattr(module, attr, None)
    if not isinstance(adapter, kind) or getattr(adapter, "game_id", None) != game:
        raise QuizError("QUIZ-3", f"{name}.{attr} is not {found.name}'s{own}", where="game",
                        what=repr(game))
    return adapter


def games_with(adapter: Callable[[str], object]) -> tuple[str, ...]:
    """The games, in the registry's order, whose ``adapter`` (a loader such as
    :func:`game_adapter`'s callers) does not fail with QUIZ-3."""
    out = []
    for s in SPECS:
        try:
            adapter(s.id)
        except QuizError:
            continue
        out.append(s.id)
    return tuple(out)


class Choice(NamedTuple):
    """One answer a learner may pick: ``value`` goes back to :func:`grade`, ``label`` is shown."""

    value: str
    label: str


@dataclass(frozen=True)
class AnswerKey:
    """The answer and its explanation — kept server-side, never sent to the browser."""

    answer: frozenset[str]
    explanation: str
    rules: tuple[str, ...]
    #: For pick-every-one questions: why each choice is right or wrong (the engine's words).
    reasons: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Question:
    """One generated question. Regenerate it exactly with ``generate(kind, seed)``.

    Exhibit fields (each may be empty; none holds the answer or a hidden card):

    - ``view`` — a seat's view with ``legal`` emptied (and ``to_move`` hidden when it is the
      answer);
    - ``cards`` — cards to look at, in the order to show them;
    - ``trick`` — ``(seat, card)`` pairs of a trick in play order, without its winner;
    - ``calls`` — ``(seat, call)`` pairs of an auction, and ``active`` (forehand, middlehand,
      endhand) to name the positions;
    - ``facts`` — ``(label, text)`` lines such as ``("Contract", "Solo, trump ♠")``;
    - ``context`` — the same public facts as data (``{"players": 5, "dealer": 2, "contract":
      "solo", "trump": "S", ...}``; JSON-safe), for widgets and for tests that recompute the
      answer independently. Never the answer.

    ``game`` is the record id of the question's game (:data:`DEFAULT_GAME` unless named).
    """

    kind: str
    seed: int
    prompt: str
    choices: tuple[Choice, ...]
    multi: bool
    rules: tuple[str, ...]
    view: SeatView | None = None
    cards: tuple[Card, ...] = ()
    trick: tuple[tuple[int, Card], ...] = ()
    calls: tuple[tuple[int, str], ...] = ()
    active: tuple[int, ...] = ()
    facts: tuple[tuple[str, str], ...] = ()
    context: Mapping[str, Any] = field(default_factory=dict)
    game: str = DEFAULT_GAME
    _key: AnswerKey | None = field(default=None, repr=False, compare=False)

    @property
    def id(self) -> str:
        """``legal-plays#1234`` (``frog/legal-plays#1234`` in another game than
        :data:`DEFAULT_GAME`): game, kind and seed, enough to regenerate the question."""
        return question_id(self.game, self.kind, self.seed)

    @property
    def values(self) -> tuple[str, ...]:
        return tuple(c.value for c in self.choices)

    def label_of(self, value: str) -> str:
        for c in self.choices:
            if c.value == value:
                return c.label
        raise QuizError("QUIZ-1", "not one of this question's choices", where=self.id,
                        what=repr(value))

    def options(self) -> list[tuple[str, str]]:
        """The choices as ``(label, value)`` pairs, the order ipywidgets' ``options`` takes."""
        return [(c.label, c.value) for c in self.choices]

    def public(self) -> dict[str, Any]:
        """A JSON-safe form with everything the learner may see and nothing else (no answer).
        ``game`` is there when it is not :data:`DEFAULT_GAME` (whose form is unchanged)."""
        out: dict[str, Any] = {
            "id": self.id, "kind": self.kind, "prompt": self.prompt, "multi": self.multi,
            "choices": [[c.value, c.label] for c in self.choices],
            "cards": [c.text for c in self.cards],
            "trick": [[s, c.text] for s, c in self.trick],
            "calls": [[s, t] for s, t in self.calls],
            "active": list(self.active),
            "facts": [[k, v] for k, v in self.facts],
            "context": dict(self.context),
        }
        if self.game != DEFAULT_GAME:
            out["game"] = self.game
        if self.view is not None:
            v = self.view
            out["view"] = {
                "seat": v.seat, "dealer": v.dealer, "active": list(v.active), "phase": v.phase,
                "to_move": v.to_move, "hand": [c.text for c in v.hand],
                "calls": [[s, t] for s, t in v.calls], "bidder": v.bidder,
                "contract": v.contract, "trump": v.trump.letter if v.trump else None,
                "trick": [c.text for c in v.trick], "trick_leader": v.trick_leader,
                "tricks": [[ld, [c.text for c in cs], w] for ld, cs, w in v.tricks],
                "hand_sizes": list(v.hand_sizes), "won_tricks": list(v.won_tricks),
                "exposed": [c.text for c in v.exposed] if v.exposed else None,
            }
            if v.discarded is not None:  # Frog's bidder sees the cards laid away (FR-2)
                out["view"]["discarded"] = [c.text for c in v.discarded]
        return out

    def key(self) -> AnswerKey:
        """The answer key (server side only: graders and tests)."""
        if self._key is None:
            raise QuizError("QUIZ-3", "this question has no answer key", where=self.id)
        return self._key


@dataclass(frozen=True)
class Feedback:
    """The result of grading one answer. Every explanation cites its rule ids (``rules``)."""

    question_id: str
    kind: str
    correct: bool
    your_answer: tuple[str, ...]  # labels of what the learner picked
    correct_answer: tuple[str, ...]  # labels of the right answer
    explanation: str
    rules: tuple[str, ...]
    #: The same two answers as choice values (for redrawing the exhibit with marks).
    your_values: tuple[str, ...] = ()
    correct_values: tuple[str, ...] = ()
    #: The session's score after this answer (set by :class:`tutor.quiz.Session`).
    score: Score | None = None
    #: False when the question had been answered before in this session (graded, not scored).
    scored: bool = True
    #: The question's game (progress is counted by game and kind).
    game: str = DEFAULT_GAME
    #: For a wrong pick: the slip that most likely led to it, naming the rule and never the
    #: answer (set by :class:`tutor.quiz.Session`, :mod:`tutor.quiz.mistakes`) — what a learner
    #: reads before trying again.
    mistake: str = ""

    @property
    def headline(self) -> str:
        """``Right!`` or ``Not quite — the answer is 10♥.``"""
        if self.correct:
            return "Right!"
        return "Not quite — the answer is " + (", ".join(self.correct_answer) or "none") + "."

    @property
    def message(self) -> str:
        """The whole feedback as plain text (headline, explanation, rule ids, score)."""
        text = f"{self.headline} {self.explanation} [{', '.join(self.rules)}]"
        if self.score is not None:
            text += f" Score: {self.score.text}."
        return text


@dataclass(frozen=True)
class Score:
    """A session's score: questions answered (first attempts) and how many were right."""

    answered: int = 0
    correct: int = 0
    streak: int = 0
    by_kind: tuple[tuple[str, int, int], ...] = ()  # (kind, answered, correct)

    @property
    def text(self) -> str:
        return f"{self.correct} of {self.answered} right"


def grade(question: Question, answer: object) -> Feedback:
    """Grade ``answer`` (a value, or a collection of values when ``question.multi``).

    Raises :class:`QuizError` QUIZ-2 for the wrong shape and QUIZ-1 for a value not among the
    choices; the answer key is not touched by a bad answer.
    """
    picked = _check_answer(question, answer)
    key = question.key()
    correct = picked == key.answer
    order = question.values
    yours = tuple(question.label_of(v) for v in order if v in picked)
    right = tuple(question.label_of(v) for v in order if v in key.answer)
    explanation = key.explanation
    if question.multi and not correct:
        notes = [f"{question.label_of(v)}: {key.reasons[v]}" for v in order
                 if (v in picked) != (v in key.answer) and v in key.reasons]
        if notes:
            explanation += " " + " ".join(notes)
    return Feedback(question_id=question.id, kind=question.kind, game=question.game,
                    correct=correct,
                    your_answer=yours, correct_answer=right, explanation=explanation,
                    rules=key.rules, your_values=tuple(v for v in order if v in picked),
                    correct_values=tuple(v for v in order if v in key.answer))


def _check_answer(question: Question, answer: object) -> frozenset[str]:
    where = question.id
    if question.multi:
        if isinstance(answer, str | bytes) or not isinstance(answer, Collection):
            raise QuizError("QUIZ-2", "pick every right choice: give a list of values",
                            where=where, what=repr(answer))
        values = list(answer)
    else:
        if not isinstance(answer, str):
            raise QuizError("QUIZ-2", "pick one choice: give one value (a str)", where=where,
                            what=repr(answer))
        values = [answer]
    allowed = set(question.values)
    for v in values:
        if not isinstance(v, str) or v not in allowed:
            raise QuizError("QUIZ-1", "not one of this question's choices", where=where,
                            what=repr(v))
    return frozenset(values)


def check_kinds(kinds: Sequence[str], known: Sequence[str], where: str) -> tuple[str, ...]:
    """``kinds`` as a tuple, each one of ``known`` and at least one (QUIZ-3) — the check every
    session and quiz widget makes on the kinds it is asked for."""
    for k in kinds:
        if k not in known:
            raise QuizError("QUIZ-3", "unknown question kind; one of " + ", ".join(known),
                            where=where, what=repr(k))
    if not kinds:
        raise QuizError("QUIZ-3", "at least one kind is needed", where=where)
    return tuple(kinds)


def question_id(game: str, kind: str, seed: int) -> str:
    """``legal-plays#12``, or ``frog/legal-plays#12`` for a game other than
    :data:`DEFAULT_GAME`."""
    return f"{kind}#{seed}" if game == DEFAULT_GAME else f"{game}/{kind}#{seed}"


def from_seed(generators: Mapping[str, Callable[[int, random.Random], Q]], kind: str,
              seed: int, where: str, game: str = DEFAULT_GAME) -> Q:
    """The question of ``kind`` for ``seed`` from its generator, seeded with ``"kind:seed"``
    (``"frog/kind:seed"`` in another game) — the same seed, the same question (QUIZ-3: an
    unknown kind or a seed that is not an int)."""
    gen = generators.get(kind) if isinstance(kind, str) else None
    if gen is None:
        raise QuizError("QUIZ-3", "unknown question kind; one of " + ", ".join(generators),
                        where=where, what=repr(kind))
    if type(seed) is not int:
        raise QuizError("QUIZ-3", "a question seed is an int", where=where, what=repr(seed))
    prefix = "" if game == DEFAULT_GAME else f"{game}/"
    return gen(seed, random.Random(f"{prefix}{kind}:{seed}"))


def suit_word(suit: Suit | int) -> str:
    """``♠ (spades)``."""
    s = Suit(suit)
    return f"{s.symbol} ({s.noun})"
