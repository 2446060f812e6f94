"""What every decision quiz shares, without the solver: the kinds and their titles, words for an
action, a call's value in the advisor's table, the clarity criterion of a bid question, the
question type that keeps its evidence server side, and a game's part in the decision quizzes
(:class:`DecisionGame`, found in ``tutor/games/<game>/decisions.py`` by :func:`decision_game`).

The modules above build on this one and on each other in one direction:
:mod:`.bid_questions` (a bid question from a position and the advisor's table) ->
:mod:`.bank` (bid questions found offline) -> :mod:`.decisions` (the live questions, grading,
the analysis of a played deal) -> :mod:`.decision_session` (the session a page uses).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar

from ..cards import card_label
from ..games import spec
from ..games.tapp import (
    CALL_BASE,
    CARDS,
    DECLINE,
    N_CARDS,
    PASS,
    SUIT_SYMBOLS,
    TRUMP_BASE,
    SeatView,
    TappGame,
    TappState,
)
from ..state import Action, Game
from .core import DEFAULT_GAME, Feedback, Question, QuizError, game_adapter, game_named, games_with

if TYPE_CHECKING:  # annotations only: the advisor's types come with the solver
    from ..solver.advisor import Advice, RowResult

#: The decision kinds every game may offer (Six-Bid Solo, the default game, offers both);
#: a game's own kinds and their titles come from its :class:`DecisionGame`.
KINDS: tuple[str, ...] = ("bid-decision", "play-decision")
TITLES: dict[str, str] = {"bid-decision": "What would you bid?", "play-decision": "Which card?"}


def action_words(action: Action, game: Game | None = None) -> str:
    """Words for a call, a declaration step or a card (``bid Solo``, ``trump ♠``, ``10♥``) of
    ``game`` (by default :data:`~tutor.quiz.core.DEFAULT_GAME`'s, with its default options):
    the game's own label of the action (:meth:`~tutor.state.Game.action_info`), a card by its
    spoken name."""
    if action < N_CARDS:
        return card_label(CARDS[action])
    if TRUMP_BASE <= action < DECLINE:
        return f"trump {SUIT_SYMBOLS[action - TRUMP_BASE]}"
    return (game or _default_game()).action_info(action).label


@cache
def _default_game() -> Game:
    return spec(DEFAULT_GAME).make()


def call_values(advice: Advice) -> dict[Action, float]:
    """A call's value in an advice: its best row's expected chips; pass is worth 0."""
    out: dict[Action, float] = {PASS: 0.0}
    for r in advice.rows:
        if r.n:
            a = CALL_BASE + r.row.contract
            out[a] = max(out.get(a, -1e9), r.expected())
    return out


def clear_call(advice: Advice, legal: Sequence[Action]) -> tuple[Action, RowResult | None] | None:
    """The best call when it is clear beyond the advisor's 95% intervals, else None.

    A call's value is its best row (pass is exactly 0, interval [0, 0]: SBS-17, a deal thrown in
    moves no chips); the best call's lower bound must lie above every other legal call's upper
    bound (SBS-14: the legal calls are pass and the contracts above the standing one).
    """
    best_rows: dict[Action, RowResult] = {}
    for r in advice.rows:
        a = CALL_BASE + r.row.contract
        if r.n and a in legal and (a not in best_rows or r.expected() > best_rows[a].expected()):
            best_rows[a] = r
    bounds: dict[Action, tuple[float, float, float]] = {PASS: (0.0, 0.0, 0.0)}
    for a, r in best_rows.items():
        lo, hi = r.interval()
        bounds[a] = (r.expected(), lo, hi)
    for a in legal:
        if a not in bounds:
            return None  # a legal call the advisor did not value: not clear
    best = max(bounds, key=lambda a: bounds[a][0])
    floor = bounds[best][1]
    if all(bounds[a][2] < floor for a in bounds if a != best):
        return best, best_rows.get(best)
    return None


class DecisionGame:
    """A game's part in the decision quizzes and the bid advisor's panel: its settlement of the
    advisor's rows, whose side wants the solver's value higher, the declaration steps a trial
    finishes by rule of thumb, the kinds it offers (its own ones made and graded here), the
    auction situations the panel names and the rules of thumb's first look at a hand, and its
    words. One instance per game (``DECISIONS`` in ``tutor/games/<game>/decisions.py``, found
    by :func:`decision_game`); it holds no state, and its module stays light (no solver at
    import: a lesson page builds its widgets without it)."""

    #: the game's record id
    game_id: ClassVar[str] = ""
    #: how chips are settled, for a bid question's explanation, and the rule ids it cites
    settlement_words: ClassVar[tuple[str, tuple[str, ...]]] = ("", ())
    #: the decision kinds the game offers, in the order a session asks them: the generic
    #: :data:`KINDS` it takes and its own (titled in :attr:`own_titles`)
    kinds: ClassVar[tuple[str, ...]] = ()
    #: the titles of the game's own kinds
    own_titles: ClassVar[Mapping[str, str]] = {}
    #: True when its bid questions come from the bank built offline (:mod:`.bank`), False when
    #: they are found live (:func:`tutor.quiz.decisions.bid_decision`)
    bid_bank: ClassVar[bool] = False
    #: the rule naming the bidder's trump, cited by the advisor's table
    trump_rule: ClassVar[str] = ""
    #: auction situations the advisor's panel offers by name: (label, the calls before the
    #: learner as tokens); the panel adds "Other: type the calls"
    situations: ClassVar[tuple[tuple[str, str], ...]] = ()

    def titles(self) -> dict[str, str]:
        """``{kind: title}`` of every kind the game offers, in order."""
        return {k: TITLES[k] if k in TITLES else self.own_titles[k] for k in self.kinds}

    def own_generators(self) -> Mapping[str, Callable[[int, random.Random], DecisionQuestion]]:
        """The generators of the game's own kinds: ``(seed, seeded rng) -> question``."""
        return {}

    def grade_own(self, question: Question, answer: object) -> Feedback:
        """Grade a question of one of the game's own kinds (QUIZ-1/QUIZ-2 for a bad answer)."""
        raise QuizError("QUIZ-3", "not a kind of this game's own", where=question.id,
                        what=repr(question.kind))

    def first_look(self, view: SeatView) -> str:
        """The rules of thumb's reading of the hand of ``view`` (in the auction), in words:
        the contract still open they would bid and why, or why they would pass."""
        raise NotImplementedError

    def game(self) -> TappGame[Any]:
        """The game with its default options."""
        game = spec(self.game_id).make()
        assert isinstance(game, TappGame)
        return game

    def row_world(self, state: TappState, seat: int, contract: int, trump: int, value: int
                  ) -> tuple[int, bool, int]:
        """One world of an advisor row for ``seat`` bidding ``contract`` with ``trump`` in
        ``state``'s auction, whose solver value is ``value``: ``seat``'s chips, made or not,
        and what each opponent pays (negative: the bidder pays)."""
        raise NotImplementedError

    def side_sign(self, state: TappState, seat: int) -> int:
        """+1 when ``seat`` wants the solver's value higher, -1 when lower."""
        raise NotImplementedError

    def unit_of(self, state: TappState) -> str:
        """``points`` or ``tricks``: what the solver's values count in this contract."""
        raise NotImplementedError

    def finish_declaration(self, state: TappState) -> None:
        """Take the declaration steps left by the rule of thumb."""
        raise NotImplementedError

    def play_words(self, state: TappState, seat: int, unit: str
                   ) -> tuple[str, str, tuple[str, ...]]:
        """For a play question: what ``seat`` wants, what the solver's values are, and the
        rule ids behind them."""
        raise NotImplementedError

    def likes_bid(self, state: TappState, seat: int, open_contracts: set[int]) -> bool:
        """The cheap first screen of a bid question: would the game's rule of thumb bid one of
        the contracts still open (numbers 1..)? (Six-Bid Solo: one it rates at 20 chips or
        more from each opponent.)"""
        raise NotImplementedError


def decision_game(game: object = DEFAULT_GAME) -> DecisionGame:
    """The decision quizzes' adapter of ``game``: ``DECISIONS`` of
    ``tutor/games/<game>/decisions.py`` (QUIZ-3 for an unknown game or one with none yet)."""
    return _decision_game(game_named(game))


@cache
def _decision_game(game: str) -> DecisionGame:
    return game_adapter(game, "decisions", "DECISIONS", DecisionGame,
                        "the decision quizzes do not know")


def decision_games() -> tuple[str, ...]:
    """The games the decision quizzes know, in the registry's order."""
    return games_with(decision_game)


def all_kinds() -> tuple[str, ...]:
    """Every decision kind some game offers (the generic ones first)."""
    out = list(KINDS)
    for g in decision_games():
        out.extend(k for k in decision_game(g).kinds if k not in out)
    return tuple(out)


def decision_titles(game: object = DEFAULT_GAME) -> dict[str, str]:
    """``{kind: title}`` of the kinds ``game`` offers, in order (QUIZ-3 as
    :func:`decision_game`)."""
    return decision_game(game).titles()


@dataclass(frozen=True)
class DecisionQuestion(Question):
    """A decision question: a :class:`~tutor.quiz.core.Question` with its evidence kept server
    side (the advisor's table, the solver's values), for the feedback after grading."""

    _detail: Mapping[str, Any] | None = field(default=None, repr=False, compare=False)

    def detail(self) -> Mapping[str, Any]:
        """The evidence behind the answer — server side only, like :meth:`key`."""
        if self._detail is None:
            raise QuizError("QUIZ-3", "this question has no evidence", where=self.id)
        return self._detail


__all__ = ["KINDS", "TITLES", "DecisionGame", "DecisionQuestion", "action_words", "all_kinds",
           "call_values", "clear_call", "decision_game", "decision_games", "decision_titles"]
