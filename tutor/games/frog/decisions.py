"""Frog in the decision quizzes (:mod:`tutor.quiz.decisions`) and the bid advisor's panel.

- **What would you bid?** (``bid-decision``, the generic kind): Frog's rows settle on the
  margin, k × (P − 60) with each opponent (FR-1, FR-5, SBS-27); the rules of thumb of
  :mod:`tutor.games.frog.hand` screen the hands (a hand they would bid, or one they would pass).
  Frog's advisor is fast — five rows, every one paid on the margin — so a clear question is
  found **live** in well under a second at the median (figures: ``docs/frog.md``, "Decision
  questions"); no bank is needed.
- **Which three to discard?** (``discard-decision``, Frog's own kind): a deal bid by the rule
  bots until one of them wins the Frog bid; the learner is that bidder, holding fourteen cards
  with the widow (FR-2), and picks the three to lay away. The engine knows the whole deal, so the
  pick is graded **exactly**: the bidder's P after it, solved double-dummy, against the best of
  every discard that matters (:mod:`tutor.games.frog.discard`: cards of one suit with the same
  points and no defender's card between them are interchangeable, so only one of each such set
  of discards is solved). Right when it is as good as the best; the feedback names a best
  discard — the one closest to the learner's — and what the learner's cost in points of P and in
  chips. A deal is asked only when the discard matters: at most half of the discards that
  matter are best.

The solver is imported on first use (making a discard question), never with this module: a
lesson page builds its widgets from the light modules (``tutor.widgets.engine``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

from ...cards import Card, card_label
from ...engine.hand import trump_estimate
from ...quiz.core import AnswerKey, Choice, Feedback, Question, QuizError, grade
from ...quiz.decision_basics import DecisionGame, DecisionQuestion
from ..tapp import (
    AUCTION,
    CALL_BASE,
    CARD_INDEX,
    CARDS,
    DECLARE,
    PASS,
    POINTS,
    TRUMP_BASE,
    SeatView,
    TappState,
    mask_cards,
    settle_each,
)
from .hand import discard_choice, estimates
from .presentation import FrogPresentation
from .rules import DISCARD_BASE, DISCARD_SIZE, FROG, GAME_ID, FrogOptions, multiplier

if TYPE_CHECKING:
    from .discard import Discard, DiscardAnalysis

#: Deals bid by the rule bots for one discard question (most end in no Frog bid).
DISCARD_DEALS = 400
WORDS = FrogPresentation()


class FrogDecisions(DecisionGame):
    """Frog's part in the decision quizzes and the advisor's panel."""

    game_id = GAME_ID
    settlement_words: ClassVar[tuple[str, tuple[str, ...]]] = (
        "Each opponent pays the bidder k × (P − 60) — k = 1 for the Frog bid, 2 for Chico, 4 "
        "(or 3) for Grand — negative when the bidder pays (FR-1, FR-5), with each opponent "
        "(SBS-27).", ("FR-1", "FR-5", "SBS-27"))
    kinds: ClassVar[tuple[str, ...]] = ("bid-decision", "discard-decision")
    own_titles: ClassVar[Mapping[str, str]] = {"discard-decision": "Which three to discard?"}
    bid_bank = False
    trump_rule = "FR-2"
    situations: ClassVar[tuple[tuple[str, str], ...]] = (
        ("Forehand, first to speak", ""),
        ("Middlehand, forehand passed", "pass"),
        ("Middlehand, forehand made the Frog bid", "frog"),
        ("Endhand, both passed", "pass pass"),
        ("Endhand, facing forehand's Frog bid", "frog pass"),
        ("Endhand, facing middlehand's Chico", "pass chico"),
    )

    def row_world(self, state: TappState, seat: int, contract: int, trump: int, value: int
                  ) -> tuple[int, bool, int]:
        """P = ``value``: each opponent pays k × (P − 60) (FR-1, FR-5); with 5 players under
        ``five_player_margin_exception`` a made contract collects from the two defenders only
        (FR-4). Made with P ≥ 61."""
        opts = state.game.options
        assert isinstance(opts, FrogOptions)
        amount = multiplier(opts, contract) * (value - 60)
        payers = [s for s in range(state.n) if s != seat]
        if state.n == 5 and opts.five_player_margin_exception and amount > 0:
            payers = [s for s in state.active if s != seat]
        return settle_each(state.n, seat, payers, amount)[seat], value >= 61, amount

    def side_sign(self, state: TappState, seat: int) -> int:
        """The value is the bidder's P (FR-1): the bidder wants it higher, the defenders lower."""
        return 1 if seat == state.bidder else -1

    def unit_of(self, state: TappState) -> str:
        return "points"

    def finish_declaration(self, state: TappState) -> None:
        """Chico's trump by the hand count, the Frog bid's discard by the rule bot's rule
        (:func:`tutor.games.frog.hand.discard_choice`)."""
        while state.phase == DECLARE:
            bidder = state.bidder
            assert bidder is not None
            hand = state.hands[bidder]
            if state.step == "trump":
                suits = [a - TRUMP_BASE for a in state.legal_actions()]
                state.apply(TRUMP_BASE + max(suits, key=lambda s: trump_estimate(hand, s)[1]))
            else:
                state.apply(DISCARD_BASE + discard_choice(hand)[0])

    def play_words(self, state: TappState, seat: int, unit: str
                   ) -> tuple[str, str, tuple[str, ...]]:
        goal = ("as many card points as you can" if seat == state.bidder
                else "the bidder as few card points as you can")
        return goal, "the bidder's final points P (FR-1)", ("FR-1",)

    def likes_bid(self, state: TappState, seat: int, open_contracts: set[int]) -> bool:
        """The rules of thumb of :mod:`tutor.games.frog.hand` would bid a contract still open
        (its count at its mark, with trumps enough)."""
        return any(e.chips > 0 and e.contract in open_contracts
                   for e in estimates(state.hands[seat], state.game.options_dict()))

    def first_look(self, view: SeatView) -> str:
        """The hand count of :mod:`tutor.games.frog.hand` for the contracts still open: the one
        worth the most chips from each opponent, or pass."""
        hand = 0
        for c in view.hand:
            hand |= 1 << CARD_INDEX[c]
        open_ = {a - CALL_BASE for a in view.legal if a != PASS}
        liked = [e for e in estimates(hand, view.options) if e.contract in open_ and e.chips > 0]
        if not liked:
            return "no contract still open reaches its bidding mark by the hand count: pass"
        best = max(liked, key=lambda e: e.chips)
        name = WORDS.contract_name(WORDS.contract_ids()[best.contract - 1])
        return f"bid {name} — {best.reason}"

    def own_generators(self) -> Mapping[str, Callable[[int, random.Random], DecisionQuestion]]:
        return {"discard-decision": discard_decision}

    def grade_own(self, question: Question, answer: object) -> Feedback:
        if question.kind != "discard-decision":
            return super().grade_own(question, answer)
        return grade_discard(question, answer)


#: Frog's part in the decision quizzes (read by ``decision_game``).
DECISIONS = FrogDecisions()


# --- which three to discard? ----------------------------------------------------------------------
def _words(discard: Discard) -> str:
    return " ".join(card_label(CARDS[c]) for c in discard)


def _points(discard: Discard) -> int:
    return sum(POINTS[c] for c in discard)


def _compared(analysis: DiscardAnalysis) -> str:
    n, total = len(analysis.candidates), analysis.total
    if n == total:
        return f"All {total} discards were compared."
    return (f"{n} discards were compared: all {total}, less those that differ only by "
            "interchangeable cards (one suit, the same points, no defender's card between "
            "them).")


def _frog_bid_by_the_bots(rng: random.Random) -> TappState | None:
    """A fresh deal bid by the rule bots; the position at the discard when one of them won the
    Frog bid, else None."""
    from ...bots.rule_bot import RuleBot

    game = DECISIONS.game()
    state: TappState = game.new_deal(rng, rng.randrange(game.players))
    bot = RuleBot(rng.randrange(1 << 30))
    while state.phase == AUCTION:
        seat = state.to_move
        assert seat is not None
        state.apply(bot.act(state.view(seat))[0])
    return state if state.phase == DECLARE and state.contract == FROG else None


def rule_of_thumb_discard(state: TappState) -> list[int]:
    """The rule bot's three cards (:func:`tutor.games.frog.hand.discard_choice`, one at a
    time): the first guess of the analysis."""
    bidder = state.bidder
    assert bidder is not None
    hand = state.hands[bidder]
    out = []
    for _ in range(DISCARD_SIZE):
        card = discard_choice(hand)[0]
        out.append(card)
        hand &= ~(1 << card)
    return out


def discard_decision(seed: int, rng: random.Random) -> DecisionQuestion:
    """Which three to discard? (see the module docstring)"""
    from .discard import analyse_discard  # the solver, on first use

    for attempt in range(DISCARD_DEALS):
        state = _frog_bid_by_the_bots(rng)
        if state is None:
            continue
        analysis = analyse_discard(state, rule_of_thumb_discard(state))
        if 2 * len(analysis.best) > len(analysis.candidates):
            continue  # most discards are as good: the choice hardly matters
        return _discard_question(seed, state, analysis, attempt)
    raise QuizError("QUIZ-3", f"no Frog bid won in {DISCARD_DEALS} deals bid by the rule bots",
                    where=f"frog/discard-decision#{seed}")


def _discard_question(seed: int, state: TappState, analysis: DiscardAnalysis,
                      attempt: int) -> DecisionQuestion:
    bidder = analysis.bidder
    view = state.view(bidder)
    hand = mask_cards(state.hands[bidder])
    widow = mask_cards(state.widow)
    best = min(analysis.best, key=lambda d: (-_points(d), d))  # most points laid away
    n_best = len(analysis.best)
    p = analysis.best_value
    ties = ("" if n_best == 1 else
            f" {n_best - 1} other discard{'s are' if n_best > 2 else ' is'} as good.")
    explanation = (
        f"Solved double-dummy — every hand seen, perfect play after the discard — the best "
        f"discard, {_words(best)} ({_points(best)} points laid away), leaves you P = {p}: your "
        f"tricks plus the discard (FR-1), so each opponent pays you 1 × ({p} − 60) = {p - 60:+d} "
        f"(FR-5).{ties} {_compared(analysis)} The discard is laid away face down after you "
        f"took the widow, before the first lead (FR-2).")
    rules = ("FR-2", "FR-1", "FR-5")
    facts = (("Contract", "Frog bid, trump ♥ (you took the widow)"),
             ("Widow taken in", " ".join(card_label(CARDS[c]) for c in widow)),
             ("Settlement", "each opponent pays you 1 × (P − 60); the discard counts for you"))
    context = {"contract": "frog", "trump": "H", "bidder": bidder, "dealer": state.dealer,
               "active": list(state.active), "seat": bidder,
               "widow": [CARDS[c].text for c in widow]}
    detail = {"analysis": analysis, "record": state.record(), "best_value": p,
              "best": [[CARDS[c].text for c in d] for d in analysis.best],
              "candidates": len(analysis.candidates), "total": analysis.total,
              "attempts": attempt + 1}
    return DecisionQuestion(
        kind="discard-decision", seed=seed, game=GAME_ID,
        prompt=(f"You are seat {bidder} and won the auction with the Frog bid; the widow is in "
                "your hand. Which three cards do you discard?"),
        choices=tuple(Choice(CARDS[c].text, card_label(CARDS[c])) for c in hand), multi=True,
        rules=rules, view=replace(view, legal=()), facts=facts, context=context,
        _key=AnswerKey(frozenset(CARDS[c].text for c in best), explanation, rules),
        _detail=detail)


def discard_of(question: Question, picked: tuple[str, ...]) -> list[int]:
    """The learner's picked card texts as card ints (exactly three: QUIZ-2, FR-2)."""
    if len(picked) != DISCARD_SIZE:
        raise QuizError("QUIZ-2", f"pick exactly {DISCARD_SIZE} cards to discard (FR-2)",
                        where=question.id, what=f"{len(picked)} picked")
    return [CARD_INDEX[Card.parse(v)] for v in picked]


def grade_discard(question: Question, answer: object) -> Feedback:
    """Right when the learner's discard is as good as the best, solved double-dummy; the
    explanation says what it leaves, what it cost in points of P and in chips, and names the
    best discard closest to it."""
    fb = grade(question, answer)  # QUIZ-1 / QUIZ-2: the shape and the values first
    mine = discard_of(question, fb.your_values)
    assert isinstance(question, DecisionQuestion)
    analysis: Any = question.detail()["analysis"]
    value = analysis.value(mine)
    cost = analysis.cost(mine)
    chips = analysis.chip_cost(mine)
    own = tuple(sorted(mine))
    near = own if analysis.is_best(mine) else min(
        analysis.best, key=lambda d: (-len(set(d) & set(own)), -_points(d), d))
    pts = _points(own)
    if cost == 0:
        said = (f"Your discard, {_words(own)} ({pts} points laid away), leaves you P = {value}: "
                "as good as the best.")
    else:
        said = (f"Your discard, {_words(own)} ({pts} points laid away), leaves you P = {value}: "
                f"it costs {cost} point{'s' if cost != 1 else ''} of P and {chips} chips "
                f"against the best discard closest to yours, {_words(near)} "
                f"(P = {analysis.best_value}).")
    key = question.key()
    order = question.values
    texts = {CARDS[c].text for c in near}
    return replace(fb, correct=cost == 0, explanation=f"{said} {key.explanation}",
                   correct_answer=tuple(question.label_of(v) for v in order if v in texts),
                   correct_values=tuple(v for v in order if v in texts))


__all__ = ["DECISIONS", "DISCARD_DEALS", "FrogDecisions", "discard_decision", "discard_of",
           "grade_discard", "rule_of_thumb_discard"]
