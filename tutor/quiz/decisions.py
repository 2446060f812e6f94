"""Decisions and what they cost: the bid-decision and play-decision quizzes, and the analysis of
a learner's play that the table shows after a deal.

Two kinds of question, generated from a seed like every other quiz (:mod:`.generators`):

- ``bid-decision`` — *what would you bid here?* A real deal, the auction played by rule-based
  bots up to the learner's turn (SBS-13..16a). Graded against the bid advisor
  (:mod:`tutor.solver.advisor`: sampled deals solved double-dummy, with a fixed seed). Only hands
  whose best call is **clear** are asked. The criterion, on the advisor's 95% intervals: a call's
  value is its best row (contract with its best trump; ``pass`` is exactly 0); the best call's
  lower bound must lie above the upper bound of every other legal call. So a question is never
  asked whose answer the advisor cannot tell apart from another at this sample size. A cheap
  pre-screen spends the advisor's time well: half the questions (by seed) come from hands the
  rules of thumb (:func:`tutor.engine.hand.estimates`) rate at 20 chips or more from each
  opponent and must have a clear *bid* as answer (a clear pass is taken after
  :data:`BID_WANTED_TRIES` such hands), half from hands they would not bid.
- ``play-decision`` — *which card?* A real deal played by rule-based bots to a position where
  the choice matters: the double-dummy values of the legal cards (:func:`analyse_play`, every
  hand seen) differ by at least :data:`PLAY_THRESHOLD` (10 card points; 1 trick in the misères).
  Graded by that analysis: every card as good as the best is right, and the feedback tells the
  cost of the learner's card and names the best. A position is kept only when the double-dummy
  best card is also the best on average over deals sampled from the learner's view (the
  *findable* screen, :func:`sampled_values`): the learner cannot see the other hands, so a
  card that is best only because of where the cards happen to lie would be a guess.

A play decision is made while the learner reads the feedback; a bid decision found live is
too slow to hide for Six-Bid Solo, so its bid questions come from a **bank** found offline with
the same criterion (:mod:`tutor.quiz.bank`, ``python -m tutor.quiz.bank build``):
:func:`generate_decision` picks an entry by the seed, replays its hand record through the engine
and rebuilds the advisor's table. ``generate_decision(kind, seed, live=True)`` still finds one
live (the bank's builder and the tests use it). Timings: ``docs/lessons.md``.

Other games take part through their :class:`~.decision_basics.DecisionGame`
(``tutor/games/<game>/decisions.py``): the kinds they offer, their own kinds' generators and
grading. Frog asks ``bid-decision`` — found live, as its advisor is fast (``docs/frog.md``) —
and its own ``discard-decision`` (in Frog's ``decisions.py``); ``generate_decision``
and the session take ``game=``.

Both give the same :class:`~tutor.quiz.core.Feedback`, rule citations and progress keeping as the
other quizzes (:class:`~tutor.quiz.decision_session.DecisionSession` records into
:class:`~tutor.quiz.progress.Progress`). The question's public form holds the learner's view and
the choices; the advisor's table and the solver's values are kept server side in
:meth:`DecisionQuestion.detail` and shown after grading. This module builds on
:mod:`.decision_basics`, :mod:`.bid_questions` and :mod:`.bank` (and re-exports their names a
caller needs); :mod:`.decision_session` builds on it.

The same analysis serves the play table (:mod:`tutor.widgets.table`): :func:`review_iter` walks
a finished deal and gives, for each card the learner played, the value of every legal card there
and what the learner's choice cost against the best; :func:`sampled_values` compares actions from
the learner's own view (never from hidden cards) when the learner takes a card back and tries
another.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from ..bots.pimc import chips_for
from ..bots.rule_bot import RuleBot
from ..cards import card_label
from ..engine.sampler import Sampler
from ..games.tapp import AUCTION, CARDS, DECLARE, N_CARDS, PASS, PLAY, SeatView, TappGame, TappState
from ..solver import search
from ..solver.advisor import advise_view
from ..state import Action
from .bank import bank_question
from .bid_questions import DEALS, bid_question, screened_position
from .core import (
    DEFAULT_GAME,
    AnswerKey,
    Choice,
    Feedback,
    Question,
    QuizError,
    from_seed,
    grade,
    question_id,
)
from .decision_basics import (
    KINDS,
    TITLES,
    DecisionQuestion,
    action_words,
    call_values,
    clear_call,
    decision_game,
)
from .generators import contract_context

#: Worlds the advisor solves for one bid question (modest: a widget waits for it).
BID_SAMPLES = 16
#: The least difference between the best and the worst legal card for a play question, in the
#: units of the contract: card points, or tricks in the misères (1 there).
PLAY_THRESHOLD = 10
#: Worlds sampled from the learner's view for the "findable" screen of a play question.
PLAY_SCREEN_WORLDS = 6
#: Positions tried for one question (the advisor or the solver run on each) before giving up
#: (QUIZ-3); a seed finds one far sooner.
ATTEMPTS = 60
#: Strong hands tried for a bid question before a clear pass is taken instead.
BID_WANTED_TRIES = 12


# --- the value of a position, from one seat's side ------------------------------------------------
def side_sign(state: TappState, seat: int) -> int:
    """+1 when ``seat`` wants the solver's value higher, -1 when lower (the game's reading:
    Six-Bid Solo's bidder wants more points P, SBS-12, and fewer misère tricks, SBS-V1; the
    defenders want the opposite)."""
    return decision_game(state.game.id).side_sign(state, seat)


def unit_of(state: TappState) -> str:
    """``points`` or ``tricks``: what the solver's values count in this contract."""
    return decision_game(state.game.id).unit_of(state)


@dataclass(frozen=True)
class PlayAnalysis:
    """Every legal card of the player to move, valued double-dummy (all hands seen).

    ``values[card]`` is the solver's value after that card with perfect play from there on
    (:func:`tutor.solver.search.analyse`); ``chips[card]`` what the deal would then pay this seat
    (SBS-10, SBS-11, SBS-27). ``sign`` is +1 when this seat wants the value higher.
    """

    seat: int
    values: Mapping[int, int]
    chips: Mapping[int, int]
    sign: int
    unit: str

    def best_value(self) -> int:
        return max(self.values.values()) if self.sign > 0 else min(self.values.values())

    def best(self) -> tuple[int, ...]:
        """The cards as good as the best (several when they tie)."""
        top = self.best_value()
        return tuple(c for c in self.values if self.values[c] == top)

    def cost(self, card: int) -> int:
        """What ``card`` gives away against the best card, in :attr:`unit` (0 for a best card)."""
        return self.sign * (self.best_value() - self.values[card])

    def chip_cost(self, card: int) -> int:
        return max(self.chips.values()) - self.chips[card]

    @property
    def spread(self) -> int:
        """Best against worst: how much the choice matters here."""
        return max(self.values.values()) - min(self.values.values())


def analyse_play(state: TappState) -> PlayAnalysis:
    """The :class:`PlayAnalysis` of the player to move (the play phase; SBS-22 otherwise)."""
    solved: Any = state  # the solver's and chips_for's signatures still name Six-Bid Solo's state
    values = search.analyse(solved)  # raises SBS-22 outside the play
    seat = state.to_move
    assert seat is not None
    chips = {c: chips_for(solved, seat, v) for c, v in values.items()}
    return PlayAnalysis(seat, values, chips, side_sign(state, seat), unit_of(state))


def cost_words(analysis: PlayAnalysis, card: int) -> str:
    """``Q♠ costs 14 points against the best, A♠ (-28 chips)`` — or that it is a best card."""
    best = analysis.best()
    names = " or ".join(card_label(CARDS[c]) for c in best)
    mine = card_label(CARDS[card])
    cost = analysis.cost(card)
    if cost == 0:
        others = [c for c in best if c != card]
        tie = f" (as good as {' or '.join(card_label(CARDS[c]) for c in others)})" if others \
            else ""
        return f"{mine} is a best card{tie}"
    unit = analysis.unit if cost != 1 else analysis.unit.rstrip("s")
    chips = analysis.chip_cost(card)
    money = f", {chips} chips" if chips else ""
    return f"{mine} costs {cost} {unit}{money} against the best, {names}"


@dataclass(frozen=True)
class ReviewLine:
    """One card the learner played in a finished deal, with the analysis of its position."""

    index: int  # the card's place in the play (0..32)
    trick: int  # 1..11
    card: int
    analysis: PlayAnalysis
    tries: tuple[int, ...] = ()  # cards tried here first and taken back (the table's undo)

    @property
    def cost(self) -> int:
        return self.analysis.cost(self.card)

    def words(self) -> str:
        text = f"Trick {self.trick}: {cost_words(self.analysis, self.card)}"
        if self.tries:
            tried = ", ".join(f"{card_label(CARDS[c])} (cost {self.analysis.cost(c)})"
                              for c in self.tries)
            text += f"; tried first and taken back: {tried}"
        return text + "."


def review_iter(state: TappState, seat: int,
                tries: Mapping[tuple[int, ...], Sequence[int]] | None = None
                ) -> Iterator[ReviewLine]:
    """For each card ``seat`` played in ``state``'s deal, the analysis of its position.

    The deal is rebuilt from its record and replayed through the checked ``apply``; ``tries``
    maps a history prefix (the actions before a position) to cards taken back there. One
    double-dummy analysis per line, so a widget can show progress between lines.
    """
    rec = state.record()
    replay = state.game.from_record_deal(rec)
    assert isinstance(replay, TappState)
    history = state.history()
    played = 0
    for i, action in enumerate(history):
        if replay.phase == PLAY and replay.to_move == seat and action < N_CARDS:
            tried = tuple((tries or {}).get(tuple(history[:i]), ()))
            legal = set(replay.legal_actions())
            yield ReviewLine(played, played // 3 + 1, action, analyse_play(replay),
                             tuple(c for c in tried if c in legal and c != action))
        if replay.phase == PLAY:
            played += 1
        replay.apply(action)


# --- comparing actions from a seat's own view (no hidden card is read) ----------------------------
def sampled_values(view: SeatView, actions: Sequence[Action], *, worlds: int = 10,
                   seed: int = 0) -> dict[Action, float]:
    """The average chips each of ``actions`` brings ``view.seat``, over deals sampled from the
    view (the same deals for every action, so the difference is not sampling noise).

    - Cards: each world solved double-dummy after the card (``analyse``).
    - Calls: the bid advisor on ``worlds`` deals; a call's value is its best row (pass = 0).
    - Declaration steps: the step, then the rest of the declaration by the rule of thumb (the
      game's, :meth:`~.decision_basics.DecisionGame.finish_declaration`), solved.
    """
    seat = view.seat
    if view.phase == AUCTION:
        advice = advise_view(view, worlds, seed, first=worlds, adaptive=False)
        values = call_values(advice)
        return {a: values.get(a, 0.0) for a in actions}
    totals = {a: 0.0 for a in actions}
    n = 0
    for world in Sampler(view).worlds(worlds, seed):
        n += 1
        if view.phase == PLAY:
            got = search.analyse(world)
            for a in actions:
                totals[a] += chips_for(world, seat, got[a])
            continue
        for a in actions:
            trial = world.copy()
            trial.apply(a)
            decision_game(trial.game.id).finish_declaration(trial)
            totals[a] += chips_for(trial, seat, search.solve(trial))
    return {a: t / max(n, 1) for a, t in totals.items()}


# --- the questions --------------------------------------------------------------------------------
def bid_decision(seed: int, rng: random.Random, *, samples: int | None = None,
                 game: str = DEFAULT_GAME) -> DecisionQuestion:
    """What would you bid here? (see the module docstring for the clarity criterion), in
    ``game`` (its rules of thumb screen the hands)."""
    samples = samples or BID_SAMPLES
    table = decision_game(game).game()
    # half the questions come from hands the rules of thumb would bid, and their answer is a
    # bid; half from hands they would pass (most clear hands are passes)
    want_bid = rng.random() < 0.5
    runs = 0  # advisor runs (the costly part; ATTEMPTS of them at most)
    for attempt in range(DEALS):
        if runs == ATTEMPTS:
            break
        if runs == BID_WANTED_TRIES:
            want_bid = False  # no clear bid among so many strong hands: take a clear pass
        screened = screened_position(rng, table, want_bid)
        if screened is None:
            continue
        state, view, advice_seed = screened
        runs += 1
        advice = advise_view(view, samples, advice_seed, first=samples, adaptive=False)
        legal = list(view.legal)
        clear = clear_call(advice, legal)
        if clear is None or (want_bid and clear[0] == PASS):
            continue
        return bid_question(seed, state, view, advice, legal, clear, attempt)
    raise QuizError("QUIZ-3", f"no clear bidding decision found in {runs} advised hands",
                    where=question_id(game, "bid-decision", seed))


def _played_position(rng: random.Random, game: TappGame[Any]) -> TappState | None:
    """A deal bid and played by rule-based bots to a random card of tricks 2..10."""
    state: TappState = game.new_deal(rng, rng.randrange(game.players))
    bots = {s: RuleBot(rng.randrange(1 << 30)) for s in state.active}
    while state.phase in (AUCTION, DECLARE):
        seat = state.to_move
        assert seat is not None
        state.apply(bots[seat].act(state.view(seat))[0])
    if state.phase != PLAY:
        return None  # thrown in (SBS-17)
    stop = rng.randrange(3, 30)  # cards played before the question: tricks 2..10
    while state.phase == PLAY and 3 * len(state.tricks) + len(state.trick) < stop:
        seat = state.to_move
        assert seat is not None
        state.apply(bots[seat].act(state.view(seat))[0])
    return state if state.phase == PLAY else None


def play_decision(seed: int, rng: random.Random, *, threshold: int | None = None,
                  screen_worlds: int | None = None) -> DecisionQuestion:
    """Which card? (see the module docstring for the screens)"""
    threshold = PLAY_THRESHOLD if threshold is None else threshold
    screen_worlds = PLAY_SCREEN_WORLDS if screen_worlds is None else screen_worlds
    game = decision_game(DEFAULT_GAME).game()
    for attempt in range(ATTEMPTS):
        state = _played_position(rng, game)
        if state is None or len(state.legal_actions()) < 2:
            continue
        analysis = analyse_play(state)
        need = 1 if analysis.unit == "tricks" else threshold
        if analysis.spread < need:
            continue
        seat = analysis.seat
        view = state.view(seat)
        if screen_worlds:
            est = sampled_values(view, list(analysis.values), worlds=screen_worlds,
                                 seed=rng.getrandbits(31))
            top = max(est.values())
            if not any(est[c] >= top - 1e-9 for c in analysis.best()):
                continue  # the best card is best only for this lie of the cards
        return _play_question(seed, state, view, analysis, attempt)
    raise QuizError("QUIZ-3", f"no play decision that matters found in {ATTEMPTS} deals",
                    where=f"play-decision#{seed}")


def _play_question(seed: int, state: TappState, view: SeatView, analysis: PlayAnalysis,
                   attempt: int) -> DecisionQuestion:
    seat = analysis.seat
    legal = list(analysis.values)
    best = analysis.best()
    role = "the bidder" if seat == state.bidder else "a defender"
    goal, what, value_rules = decision_game(state.game.id).play_words(state, seat, analysis.unit)
    values_words = ", ".join(f"{card_label(CARDS[c])} → {analysis.values[c]}" for c in legal)
    explanation = (f"Solved double-dummy — every hand seen, perfect play from here — each legal "
                   f"card leads to {what}: {values_words}. As {role} you want {goal}. Tricks "
                   f"go to the highest trump, else the highest card of the led suit (SBS-24), "
                   f"and each player must follow suit, else trump (SBS-23).")
    rules: tuple[str, ...] = ("SBS-23", "SBS-24", *value_rules)
    reasons = {CARDS[c].text: cost_words(analysis, c) for c in legal}
    shown = replace(view, legal=())
    facts = (("Your role", role),
             ("Trick", f"{len(state.tricks) + 1} of {state.game.info.tricks}"))
    context = {**contract_context(state), "seat": seat, "trick_number": len(state.tricks) + 1}
    detail = {"values": {CARDS[c].text: v for c, v in analysis.values.items()},
              "chips": {CARDS[c].text: v for c, v in analysis.chips.items()},
              "unit": analysis.unit, "record": state.record(), "attempts": attempt + 1}
    return DecisionQuestion(
        kind="play-decision", seed=seed, prompt=f"You are seat {seat}, {role}. Which card?",
        choices=tuple(Choice(CARDS[c].text, card_label(CARDS[c])) for c in legal), multi=False,
        rules=rules, view=shown, facts=facts, context=context,
        _key=AnswerKey(frozenset(CARDS[c].text for c in best), explanation, rules, reasons),
        _detail=detail)


def bank_bid_decision(seed: int, rng: random.Random) -> DecisionQuestion:
    """What would you bid here? — drawn from the pre-built bank (:mod:`.bank`): the entry
    ``rng`` picks, replayed and its advisor table rebuilt, in milliseconds."""
    return bank_question(seed, rng)


#: The generators the quizzes use: bid questions from the bank, play questions live.
GENERATORS: dict[str, Callable[[int, random.Random], DecisionQuestion]] = {
    "bid-decision": bank_bid_decision, "play-decision": play_decision}
#: Every question made live (the bank's builder and tests use the live bid generator).
LIVE_GENERATORS: dict[str, Callable[[int, random.Random], DecisionQuestion]] = {
    "bid-decision": bid_decision, "play-decision": play_decision}


def generators(game: str = DEFAULT_GAME, *, live: bool = False
               ) -> dict[str, Callable[[int, random.Random], DecisionQuestion]]:
    """``{kind: generator}`` of the decision kinds ``game`` offers: Six-Bid Solo's are
    :data:`GENERATORS` (:data:`LIVE_GENERATORS` with ``live``); another game's bid questions
    are found live unless the game keeps a bank, and its own kinds come from its
    :class:`~.decision_basics.DecisionGame` (QUIZ-3 for a game the decision quizzes do not
    know)."""
    adapter = decision_game(game)
    if game == DEFAULT_GAME:  # the bank's bid questions and the game's own kinds
        base = LIVE_GENERATORS if live else GENERATORS
        return {**base, **adapter.own_generators()}
    generic: dict[str, Callable[[int, random.Random], DecisionQuestion]] = {
        "bid-decision": partial(bid_decision, game=game), "play-decision": play_decision}
    own = adapter.own_generators()
    return {k: own[k] if k in own else generic[k] for k in adapter.kinds}


def generate_decision(kind: str, seed: int, *, live: bool = False,
                      game: str = DEFAULT_GAME) -> DecisionQuestion:
    """The decision question of ``kind`` for ``seed`` in ``game`` (the same seed, the same
    question).

    A Six-Bid Solo bid question comes from the bank (milliseconds); ``live=True`` finds one live
    instead (:func:`bid_decision`: tens of seconds, :data:`BID_SAMPLES` worlds per hand). A
    game without a bank finds its bid questions live (Frog: well under a second)."""
    return from_seed(generators(game, live=live), kind, seed, "generate_decision", game)


# --- grading --------------------------------------------------------------------------------------
def grade_decision(question: Question, answer: object) -> Feedback:
    """Grade a decision (QUIZ-1/QUIZ-2 for a bad answer, as :func:`~tutor.quiz.core.grade`).

    A play decision is right when the card is as good as the best (ties are all right); the
    explanation ends with what the learner's own card cost. A bid decision is right when it is
    the advisor's clear best call. A game's own kinds are graded by the game
    (:meth:`~.decision_basics.DecisionGame.grade_own`: Frog's discard, exactly).
    """
    adapter = decision_game(question.game)
    if question.kind in adapter.own_generators():
        return adapter.grade_own(question, answer)
    fb = grade(question, answer)  # checks the shape and the value first
    key = question.key()
    picked = fb.your_values[0]
    correct = picked in key.answer
    mine = key.reasons.get(picked, "")
    if question.kind == "play-decision":
        explanation = f"{mine[:1].upper()}{mine[1:]}. {key.explanation}"
    else:
        explanation = f"{key.explanation} Your call, {question.label_of(picked)}: {mine}."
    return replace(fb, correct=correct, explanation=explanation)


__all__ = [
    "ATTEMPTS", "BID_SAMPLES", "BID_WANTED_TRIES", "DEALS", "GENERATORS", "KINDS",
    "LIVE_GENERATORS", "PLAY_SCREEN_WORLDS", "PLAY_THRESHOLD", "TITLES", "DecisionQuestion",
    "PlayAnalysis", "ReviewLine", "action_words", "analyse_play", "bank_bid_decision",
    "bid_decision", "call_values", "clear_call", "cost_words", "generate_decision",
    "generators", "grade_decision", "play_decision", "review_iter", "sampled_values",
    "screened_position", "side_sign", "unit_of",
]
