"""Six-Bid Solo in the decision quizzes (:mod:`tutor.quiz.decisions`, :mod:`tutor.quiz.bank`)
and the bid advisor's panel: the settlement of one world of an advisor row (SBS-10, SBS-11,
SBS-27, SBS-V1, SBS-V2), which side wants the solver's value higher (the misères count tricks
the bidder wants to avoid), Call Solo's call and gift by rule of thumb, the words of a play
question, the auction situations the panel names (SBS-13..16a) and the first look at a hand by
the estimates of :mod:`tutor.games.six_bid_solo.hand`. Its bid questions come from the bank
built offline (:mod:`tutor.quiz.bank`: finding a clear one live takes about 10 s). Found by
:func:`tutor.quiz.decision_basics.decision_game` as ``DECISIONS``."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import ClassVar

from ...cards import card_label
from ...engine.hand import trump_estimate
from ...quiz.core import AnswerKey, Choice, Feedback, Question, QuizError, grade
from ...quiz.decision_basics import KINDS, DecisionGame, DecisionQuestion
from ..tapp import (
    CALL_BASE,
    CALLCARD_BASE,
    CARD_INDEX,
    CARDS,
    DECLARE,
    DECLINE,
    GIVE_BASE,
    PASS,
    POINTS,
    SUIT_SYMBOLS,
    TRUMP_BASE,
    SeatView,
    TappState,
)
from .hand import call_card, estimates, give_card, trump_for_call
from .rules import (
    CALL_SOLO,
    CONTRACT_NAMES,
    CONTRACTS,
    GAME_ID,
    MISERES,
    SOLO,
    Options,
    Outcome,
    SixBidSolo,
    made,
    opponent_amount,
    settle,
    solo_trumps,
)


def outcome_of(contract: int, trump: int, value: int, misere_rule: str) -> Outcome:
    """The settlement's view of one world of a row: the bidder's points P (SBS-12) in the point
    contracts; in the misères the value (0 none, 1 at least one) counts tricks, or card points
    under SBS-V1 — as the advisor reads its own values."""
    if contract in MISERES:
        tricks = value if misere_rule == "no_tricks" else 0
        return Outcome(contract, -1, 0, tricks, value - tricks)
    return Outcome(contract, trump, value, 0, 0)


class SixBidSoloDecisions(DecisionGame):
    """Six-Bid Solo's part in the decision quizzes."""

    game_id = GAME_ID
    settlement_words: ClassVar[tuple[str, tuple[str, ...]]] = (
        "Chips are settled by SBS-10 (Solo, Heart Solo: on the margin) and SBS-11 (the others: "
        "won or lost whole) with each opponent (SBS-27).", ("SBS-10", "SBS-11", "SBS-27"))
    kinds: ClassVar[tuple[str, ...]] = (*KINDS, "trump-decision", "call-decision")
    own_titles: ClassVar[Mapping[str, str]] = {
        "trump-decision": "Which trump?", "call-decision": "Which card to call?"}
    bid_bank = True
    trump_rule = "SBS-19"
    situations: ClassVar[tuple[tuple[str, str], ...]] = (
        ("Forehand, first to speak", ""),
        ("Middlehand, forehand passed", "pass"),
        ("Middlehand, forehand bid Solo", "solo"),
        ("Endhand, both passed", "pass pass"),
        ("Endhand, facing forehand's Solo", "solo pass"),
        ("Endhand, facing middlehand's Heart Solo", "pass heart-solo"),
    )

    def row_world(self, state: TappState, seat: int, contract: int, trump: int, value: int
                  ) -> tuple[int, bool, int]:
        opts = state.game.options
        assert isinstance(opts, Options)
        o = outcome_of(contract, trump, value, opts.misere)
        defenders = tuple(s for s in state.active if s != seat)
        return settle(opts, seat, defenders, o)[seat], made(opts, o), opponent_amount(opts, o)

    def side_sign(self, state: TappState, seat: int) -> int:
        """The value is the bidder's points P (SBS-12) in the point contracts and the bidder's
        tricks (or card points, SBS-V1) in the misères: the bidder wants more points and fewer
        misère tricks; the defenders want the opposite (SBS-5: they play together against the
        bidder)."""
        bidder_side = seat == state.bidder
        misere = state.contract in MISERES
        return 1 if bidder_side != misere else -1

    def unit_of(self, state: TappState) -> str:
        if state.contract in MISERES and state.options.misere == "no_tricks":
            return "tricks"
        return "points"

    def finish_declaration(self, state: TappState) -> None:
        """Trump by the rule of thumb's estimate, Call Solo's call and gift by its choice
        (:mod:`tutor.engine.hand`)."""
        while state.phase == DECLARE:
            bidder = state.bidder
            assert bidder is not None
            hand = state.hands[bidder]
            choices = ([a - TRUMP_BASE for a in state.legal_actions()] if state.step == "trump"
                       else [0, 1, 2, 3])  # Call Solo names any suit (SBS-20 c)
            trump = state.trump if state.trump >= 0 else max(
                choices, key=lambda s: trump_estimate(hand, s)[1])
            if state.step == "trump":
                state.apply(TRUMP_BASE + trump)
            elif state.step == "call":
                c = call_card(hand, trump)
                state.apply(DECLINE if c is None else CALLCARD_BASE + c)
            else:
                state.apply(GIVE_BASE + give_card(hand, state.called, trump))

    def play_words(self, state: TappState, seat: int, unit: str
                   ) -> tuple[str, str, tuple[str, ...]]:
        goal = {(True, False): "as many card points as you can",
                (True, True): "no trick",
                (False, False): "the bidder as few card points as you can",
                (False, True): "the bidder a trick"}[(seat == state.bidder,
                                                      state.contract in MISERES)]
        what = ("the bidder's final points P (SBS-12)" if unit == "points"
                else "the bidder's tricks")
        return goal, what, ("SBS-12",) if unit == "points" else ("SBS-V1",)

    def likes_bid(self, state: TappState, seat: int, open_contracts: set[int]) -> bool:
        """The hand estimates of :mod:`tutor.games.six_bid_solo.hand`."""
        return any(e.chips >= 20 and e.contract in open_contracts
                   for e in estimates(state.hands[seat]))


    def first_look(self, view: SeatView) -> str:
        """The hand estimates of :mod:`tutor.games.six_bid_solo.hand` for the contracts still
        open (SBS-14): the one worth the most chips, or pass."""
        hand = 0
        for c in view.hand:
            hand |= 1 << CARD_INDEX[c]
        open_ = {a - CALL_BASE for a in view.legal if a != PASS}
        liked = [e for e in estimates(hand, solo_trumps(view.options)) if e.contract in open_
                 and e.chips > 0]
        if not liked:
            return "no contract still open reaches its bidding mark by the hand count: pass"
        best = max(liked, key=lambda e: e.chips)
        return f"bid {CONTRACT_NAMES[CONTRACTS[best.contract - 1]]} — {best.reason}"


    def own_generators(self) -> Mapping[str, Callable[[int, random.Random], DecisionQuestion]]:
        return {"trump-decision": trump_decision, "call-decision": call_decision}

    def grade_own(self, question: Question, answer: object) -> Feedback:
        """A declaration: right when it is the solver's clear best; the feedback adds what the
        learner's own choice was worth on the same deals."""
        if question.kind not in ("trump-decision", "call-decision"):
            return super().grade_own(question, answer)
        fb = grade(question, answer)  # checks the shape and the value first
        picked = fb.your_values[0]
        mine = question.key().reasons.get(picked, "")
        return replace(fb, explanation=f"{question.key().explanation} Your choice: {mine}.")


#: Six-Bid Solo's part in the decision quizzes (read by ``decision_game``).
DECISIONS = SixBidSoloDecisions()


# --- which trump? which card to call? (the declaration, SBS-19, SBS-20) -------------------------
#: Deals sampled from the bidder's view to value each choice (the same deals for every choice).
DECLARE_WORLDS = 12
#: Hands tried for one question before giving up (QUIZ-3); each one is valued by the solver.
DECLARE_ATTEMPTS = 40


def _bid_to_declaration(rng: random.Random, contract: int, fits: Callable[[int], bool]
                        ) -> TappState | None:
    """A fresh deal whose forehand bids ``contract`` (the others pass), when forehand's hand
    ``fits``; None otherwise."""
    game = SixBidSolo()
    state: TappState = game.new_deal(rng, rng.randrange(3))
    if not fits(state.hands[state.active[0]]):
        return None
    state.apply(CALL_BASE + contract)
    while state.phase != DECLARE:
        state.apply(PASS)
    return state


def _values(state: TappState, choices: Sequence[int], seed: int
            ) -> tuple[dict[int, list[int]], dict[int, list[int]]]:
    """For each declaration action of ``choices``: the bidder's P and chips on each of
    :data:`DECLARE_WORLDS` deals sampled from the bidder's view, the rest of the declaration by
    the rule of thumb and the play solved double-dummy (the solver, loaded here)."""
    from ...bots.pimc import chips_for
    from ...engine.sampler import Sampler
    from ...solver import search

    bidder = state.bidder
    assert bidder is not None
    worlds = list(Sampler(state.view(bidder)).worlds(DECLARE_WORLDS, seed))
    points: dict[int, list[int]] = {a: [] for a in choices}
    chips: dict[int, list[int]] = {a: [] for a in choices}
    for world in worlds:
        for a in choices:
            trial = world.copy()
            trial.apply(a)
            DECISIONS.finish_declaration(trial)
            value = search.solve(trial)
            points[a].append(value)
            chips[a].append(chips_for(trial, bidder, value))
    return points, chips


def _clear_best(chips: Mapping[int, list[int]]) -> int | None:
    """The choice whose chips beat every other's on the same deals beyond chance: the 95%
    interval of the paired difference lies above zero. None when no choice is clear."""
    mean = {a: sum(v) / len(v) for a, v in chips.items()}
    best = max(mean, key=lambda a: mean[a])
    for a, values in chips.items():
        if a == best:
            continue
        diffs = [x - y for x, y in zip(chips[best], values, strict=True)]
        n = len(diffs)
        m = sum(diffs) / n
        sd = math.sqrt(sum((d - m) ** 2 for d in diffs) / (n - 1)) if n > 1 else 0.0
        if m - 1.96 * sd / math.sqrt(n) <= 0:
            return None
    return best


def _declare_question(kind: str, seed: int, state: TappState, choices: Sequence[int],
                      labels: Mapping[int, str], values: tuple[dict[int, list[int]],
                                                               dict[int, list[int]]],
                      best: int, prompt: str, lead: str, rules: tuple[str, ...],
                      attempt: int) -> DecisionQuestion:
    points, chips = values
    bidder = state.bidder
    assert bidder is not None
    n = len(next(iter(chips.values())))
    made = {a: sum(1 for p in points[a] if _made(state, a, p)) for a in choices}

    def line(a: int) -> str:
        return (f"{labels[a]}: P {sum(points[a]) / n:.0f} on average, made in {made[a]} of {n}, "
                f"{sum(chips[a]) / n:+.0f} chips")

    explanation = (f"{lead} The solver dealt the cards you cannot see {n} times, in ways that "
                   f"fit your hand, and played each deal out double-dummy after each choice: "
                   + "; ".join(line(a) for a in choices)
                   + f". {labels[best][:1].upper()}{labels[best][1:]} is best on the same deals, "
                   "clearly (the difference is "
                   "beyond the sampling's chance).")
    view = replace(state.view(bidder), legal=())
    reasons = {_value_of(state, a): line(a) for a in choices}
    detail = {"rows": [{"choice": labels[a], "points": sum(points[a]) / n, "made": made[a],
                        "worlds": n, "chips": sum(chips[a]) / n} for a in choices],
              "record": state.record(), "attempts": attempt + 1}
    return DecisionQuestion(
        kind=kind, seed=seed, prompt=prompt,
        choices=tuple(Choice(_value_of(state, a), labels[a]) for a in choices), multi=False,
        rules=rules, view=view, facts=(("Contract", CONTRACT_NAMES[state.contract_id or ""]),),
        context={"contract": state.contract_id, "seat": bidder, "dealer": state.dealer},
        _key=AnswerKey(frozenset({_value_of(state, best)}), explanation, rules, reasons),
        _detail=detail)


def _value_of(state: TappState, action: int) -> str:
    """A declaration's choice value: ``C`` for a trump, the card (``AS``) for a call,
    ``decline`` for calling none."""
    token = state.token(action)
    return "decline" if token is None else str(token)


def _made(state: TappState, action: int, p: int) -> bool:
    if state.contract == CALL_SOLO:
        return p == 120
    return p >= 61


def _call_solo_deal(rng: random.Random) -> TappState:
    """A deal whose forehand holds a Call Solo hand — seven trumps from the top but one of the
    ten, king and queen, and four aces and tens of the side suits (about ten tricks by the
    count: random deals almost never hold one) — bid Call Solo, the others passing."""
    trump = rng.randrange(4)
    gap = rng.choice((1, 2, 3))  # the ten, the king or the queen is missing
    hand = [trump * 9 + r for r in range(8) if r != gap]
    sides = [s * 9 + r for s in range(4) if s != trump for r in (0, 1)]  # aces and tens
    hand += rng.sample(sides, 4)
    # the quiz generators (and the bots under them) load only when a question is made: a page
    # that shows the advisor or a decision quiz opens without them
    from .quiz import deal_with_hand

    state = deal_with_hand(SixBidSolo(), rng, hand)
    state.apply(CALL_BASE + CALL_SOLO)
    while state.phase != DECLARE:
        state.apply(PASS)
    return state


def trump_decision(seed: int, rng: random.Random) -> DecisionQuestion:
    """Which trump? Forehand won the auction with Solo (a hand the count rates a Solo) and names
    trump among ♣ ♠ ♦ (SBS-19); graded by the solver on deals sampled from forehand's view."""
    def fits(hand: int) -> bool:
        return estimates(hand)[SOLO - 1].chips > 0

    for attempt in range(DECLARE_ATTEMPTS):
        state = _bid_to_declaration(rng, SOLO, fits)
        if state is None:
            continue
        choices = list(state.legal_actions())
        values = _values(state, choices, rng.getrandbits(31))
        best = _clear_best(values[1])
        if best is None:
            continue
        labels = {a: f"trump {SUIT_SYMBOLS[a - TRUMP_BASE]}" for a in choices}
        return _declare_question(
            "trump-decision", seed, state, choices, labels, values, best,
            f"You are seat {state.bidder}, forehand, and won the auction with Solo. Which "
            "trump do you name?",
            "SBS-19: the Solo bidder names trump among ♣ ♠ ♦; P counts the widow (SBS-12) and "
            "Solo pays 2 × (P − 60) with each opponent (SBS-10).",
            ("SBS-19", "SBS-12", "SBS-10"), attempt)
    raise QuizError("QUIZ-3", f"no clear trump found in {DECLARE_ATTEMPTS} hands",
                    where=f"trump-decision#{seed}")


def call_decision(seed: int, rng: random.Random) -> DecisionQuestion:
    """Which card to call? Forehand won the auction with Call Solo (a hand of about ten tricks
    by the count, :func:`_call_solo_deal`) and calls one card it lacks, or none (SBS-20 a); the
    card given back and the trump follow by the rule of thumb. Offered: the rule of thumb's
    call, the highest card missing in each other suit that counts, and calling none; graded by
    the solver."""
    for attempt in range(DECLARE_ATTEMPTS):
        state = _call_solo_deal(rng)
        bidder = state.bidder
        assert bidder is not None
        hand = state.hands[bidder]
        legal = set(state.legal_actions())
        trump = trump_for_call(hand, None)
        picks: list[int] = []
        own = call_card(hand, trump)
        if own is not None:
            picks.append(CALLCARD_BASE + own)
        for suit in range(4):  # the highest card still missing in each suit, if it counts
            for r in range(9):
                c = suit * 9 + r
                if not hand >> c & 1:
                    if POINTS[c] and CALLCARD_BASE + c not in picks:
                        picks.append(CALLCARD_BASE + c)
                    break
        picks = [*[a for a in picks if a in legal][:4], DECLINE]
        if len(picks) < 3:
            continue
        values = _values(state, picks, rng.getrandbits(31))
        best = _clear_best(values[1])
        if best is None:
            continue
        labels = {a: ("call no card" if a == DECLINE else
                      f"call {card_label(CARDS[a - CALLCARD_BASE])}") for a in picks}
        return _declare_question(
            "call-decision", seed, state, picks, labels, values, best,
            f"You are seat {bidder}, forehand, and won the auction with Call Solo. Which card "
            "do you call?",
            "SBS-20: the Call Solo bidder may call one card it lacks; its holder hands it over "
            "and the bidder gives back a card of its choice, face down (here the rule of "
            "thumb's: a low card of a short side suit), then names trump. Call Solo needs all "
            "120 points, the widow counting (SBS-12), and is paid 100, or 150 with ♥ trump, "
            "whole (SBS-11).",
            ("SBS-20", "SBS-12", "SBS-11"), attempt)
    raise QuizError("QUIZ-3", "no clear call found", where=f"call-decision#{seed}")
