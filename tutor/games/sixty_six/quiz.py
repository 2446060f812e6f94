"""Sixty-Six in the quiz, found by the quiz's registry (:mod:`tutor.quiz.registry`) as ``QUIZ``.
Sixty-Six is not a Tapp game, so it takes none of the family's generic kinds; its own are

- ``points`` — the card points of a trick or a handful of cards (SS-1);
- ``legal-plays`` — pick every card you may play: any card while the stock is open (SS-7), the
  strict rules once it is closed or gone — follow suit and head the trick, else trump (SS-11);
- ``marriage`` — what your marriages (or your opponent's) add to the total now: 20, 40 in
  trumps, counting only once their declarer has won a trick (SS-9);
- ``claim`` — "can you claim now?": the question shows the tricks you won and the marriages you
  declared, never a total — counting it is the skill (SS-13, SS-13a, SS-17);
- ``close`` — "close now?": close the stock or play on, graded by the engine's expected game
  points (``pimc.expected_points``) and asked only when one choice is clearly better
  (:func:`close_verdict`); the positions and the engine's numbers come from a bank found offline
  (``close_bank.json``, :func:`build_close_bank`) — an evaluation takes seconds (SS-10, SS-14);
- ``game-points`` — a finished deal: who scores 1, 2 or 3 game points, and why (SS-12..SS-15).

Every answer is the engine's: deals dealt by ``new_deal`` and played through the checked
``apply``; ``legal_actions`` (each card refused is tried and its rule quoted), the state's
``total``, the claim's own verdict and the deal's ``points``. Positions come from seeded play by
a small policy (:func:`play_on`): draw, exchange the 9 and declare a marriage when able, claim at
66, close now and then, and otherwise a random legal card (the close bank's deals, by the rules
of thumb: :func:`play_sensibly`) — never a hidden card in what a question shows: the exhibit is
read off the asking seat's view, and the tricks won (which lie face down, SS-17) only as the
cards the asking seat itself won and saw fall.

The close bank is built, reproducibly from its seed (figures: ``docs/lessons.md``), by::

    python -m tutor.games.sixty_six.quiz build-close-bank     # --count 40 --seed 1 --worlds 96
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import re
import statistics
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, ClassVar, NamedTuple

from ...cards import Card, Suit, card_label
from ...engine.record import state_of
from ...errors import IllegalActionError, RecordError, TutorError
from ...quiz.adapter import CourseLesson, GameQuiz, Generator
from ...quiz.core import AnswerKey, Choice, Question, QuizError
from ...quiz.generators import number_choices
from .bots import Count, decide
from .pimc import CLOSE_MARGIN, expected_points
from .presentation import SixtySixPresentation
from .rules import (
    CARD,
    CARDS,
    CLAIM,
    CLOSE,
    DRAW,
    ENDINGS,
    EXCHANGE,
    GAME_ID,
    MARRIAGE,
    POINTS,
    SUIT_OF,
    SixtySix,
    SixtySixState,
    SixtySixView,
    marriage_cards,
    parse_play,
)
from .sampling import seen_by

#: SS-1 in words: the card points every explanation counts with.
POINTS_RULE = "SS-1: A 11, 10 10, K 4, Q 3, J 2, 9 nothing — 120 in the pack"
#: A claim is right at this total (SS-13a).
TARGET = 66
_WORDS = SixtySixPresentation()


class SixtySixQuiz(GameQuiz):
    """Sixty-Six's kinds of question (no Tapp-family kinds: its deal, play and scoring are its
    own)."""

    game_id: ClassVar[str] = GAME_ID
    course: ClassVar[tuple[CourseLesson, ...]] = (
        CourseLesson("40-sixty-six", "The pack, the stock and the draw",
                     ("SS-1", "SS-2", "SS-3", "SS-4", "SS-5", "SS-6", "SS-7")),
        CourseLesson("41-sixty-six-marriages", "Marriages and the exchange of the 9",
                     ("SS-8", "SS-9", "SS-17")),
        CourseLesson("42-sixty-six-closing", "Closing and the strict rules",
                     ("SS-10", "SS-11", "SS-12")),
        CourseLesson("43-sixty-six-scoring", "Counting, claiming and game points",
                     ("SS-13", "SS-13a", "SS-13b", "SS-14", "SS-15", "SS-16")),
        CourseLesson("44-sixty-six-worked-deal", "A worked deal",
                     ("SS-8", "SS-9", "SS-10", "SS-11", "SS-13a", "SS-14")),
    )

    def own_kinds(self) -> dict[str, tuple[str, Generator]]:
        return {"points": ("Card points", points),
                "legal-plays": ("Legal plays", legal_plays),
                "marriage": ("Marriages", marriage),
                "claim": ("Can you claim now?", claim),
                "close": ("Close now?", close_now),
                "game-points": ("Game points", game_points)}


#: Sixty-Six's part in the quiz (the registry, :mod:`tutor.quiz.registry`, reads this name).
QUIZ = SixtySixQuiz()


# --- deals and play ------------------------------------------------------------------------------
def new_game() -> SixtySix:
    """Sixty-Six with the rule file's default options."""
    return SixtySix()


def deal(rng: random.Random) -> SixtySixState:
    """A fresh deal by a random dealer (SS-2, SS-3)."""
    return new_game().new_deal(rng, rng.randrange(2))


def choose(state: SixtySixState, rng: random.Random, *, claim_at: int = TARGET,
           close: float = 0.06, wrong_claim: float = 0.0) -> int:
    """The policy's action for the player to move: claim at ``claim_at`` (or, with chance
    ``wrong_claim``, a little short of it), draw, exchange the 9, declare a marriage, close with
    chance ``close``, else a random legal card. Legal by construction: it picks from
    ``legal_actions``."""
    legal = state.legal_actions()
    seat = state.to_move
    assert seat is not None
    if CLAIM in legal:
        total = state.total(seat)
        if total >= claim_at or (total >= claim_at - 12 and rng.random() < wrong_claim):
            return CLAIM
    if CLOSE in legal and state.tricks and rng.random() < close:
        return CLOSE
    if DRAW in legal:
        return DRAW
    if EXCHANGE in legal:
        return EXCHANGE
    marriages = [a for a in legal if MARRIAGE <= a < CARD]
    if marriages and rng.random() < 0.85:
        return rng.choice(marriages)
    return rng.choice([a for a in legal if a >= CARD])


def play_on(state: SixtySixState, rng: random.Random, **policy: Any) -> list[SixtySixState]:
    """Play ``state`` to the end of the deal by :func:`choose` (its keywords in ``policy``);
    the state before every action (copies)."""
    before: list[SixtySixState] = []
    while not state.is_terminal():
        before.append(state.copy())
        state.apply(choose(state, rng, **policy))
    return before


# --- words ---------------------------------------------------------------------------------------
def seats_of(state: SixtySixState) -> tuple[int, int]:
    """The two seats, the non-dealer first (SS-4)."""
    return (1 - state.dealer, state.dealer)


def seat_words(state: SixtySixState, seat: int, viewer: int | None = None) -> str:
    """``seat 1 (dealer)``; ``you (seat 1, dealer)`` for the asking seat."""
    role = _WORDS.seat_name(seat, seats_of(state))
    return f"you (seat {seat}, {role})" if seat == viewer else f"seat {seat} ({role})"


def cards_words(cards: Sequence[int]) -> str:
    return " ".join(card_label(CARDS[c]) for c in cards)


def points_sum(cards: Sequence[int]) -> str:
    """``A♠ 11 + K♠ 4 = 15``."""
    return " + ".join(f"{card_label(CARDS[c])} {POINTS[c]}" for c in cards) + \
        f" = {sum(POINTS[c] for c in cards)}"


def stock_words(view: SixtySixView) -> str:
    """The stock as the view shows it: open (face-down cards and the turn-up), closed, or
    exhausted (SS-3, SS-10, SS-17)."""
    if view.closed_by is not None:
        who = "you" if view.closed_by == view.seat else f"seat {view.closed_by}"
        return (f"closed by {who} after {view.closed_at_trick} trick"
                f"{'' if view.closed_at_trick == 1 else 's'}")
    if view.turnup is not None:
        one = view.stock_left == 1
        return (f"open: {view.stock_left} card{'' if one else 's'} face down, the turn-up "
                f"{card_label(view.turnup)} under {'it' if one else 'them'}")
    return "exhausted: every card drawn"


def stock_state(view: SixtySixView) -> str:
    """``open``, ``closed`` or ``exhausted``."""
    if view.closed_by is not None:
        return "closed"
    return "open" if view.turnup is not None else "exhausted"


def table_facts(state: SixtySixState, seat: int) -> list[tuple[str, str]]:
    """What the asking seat sees of the table: who it is, trump, the stock, tricks won — read
    off its view (SS-17)."""
    view = state.view(seat)
    return [("You are", seat_words(state, seat)),
            ("Trump", f"{view.trump.symbol} ({view.trump.noun})"),
            ("Stock", stock_words(view)),
            ("Tricks won", f"you {view.tricks_won[seat]}, your opponent "
                           f"{view.tricks_won[1 - seat]}")]


def base_context(state: SixtySixState, seat: int) -> dict[str, Any]:
    """The public facts of a position as data (JSON-safe; never a hidden card or a total)."""
    view = state.view(seat)
    return {"seat": seat, "dealer": state.dealer, "trump": view.trump.letter,
            "stock": stock_state(view), "stock_left": view.stock_left,
            "turnup": view.turnup.text if view.turnup is not None else None,
            "tricks_won": list(view.tricks_won)}


def won_by(state: SixtySixState, seat: int) -> list[tuple[int, int, int]]:
    """The tricks ``seat`` won, as (trick number from 1, led card, followed card)."""
    return [(k + 1, t.lead, t.follow) for k, t in enumerate(state.tricks) if t.winner == seat]


# --- card points (SS-1) ---------------------------------------------------------------------------
def _miscounts(cards: Sequence[int]) -> list[int]:
    """Typical slips: the ten as nothing, the king as ten, the nine as nine, the ace as one."""
    total = sum(POINTS[c] for c in cards)
    rank = [CARDS[c].rank.letter for c in cards]
    return [total - 10 * rank.count("T"), total + 6 * rank.count("K"),
            total + 9 * rank.count("9"), total - 10 * rank.count("A")]


def points(seed: int, rng: random.Random) -> Question:
    """How many card points in a trick, or in a handful of cards (SS-1)?"""
    variant = rng.choice(("trick", "cards"))
    if variant == "trick":
        state = deal(rng)
        play_on(state, rng, claim_at=200)
        trick = rng.choice(state.tricks)
        shown = [trick.lead, trick.follow]
        prompt = "How many card points are in this trick?"
    else:
        shown = rng.sample(range(24), rng.randint(3, 6))
        prompt = "How many card points do these cards hold together?"
    total = sum(POINTS[c] for c in shown)  # the engine's table (SS-1)
    rules = ("SS-1",)
    explanation = f"{POINTS_RULE}. Here: {points_sum(shown)}."
    return Question(
        kind="points", seed=seed, prompt=prompt,
        choices=number_choices(rng, total, _miscounts(shown)), multi=False, rules=rules,
        cards=tuple(CARDS[c] for c in shown), context={"variant": variant},
        _key=AnswerKey(frozenset({str(total)}), explanation, rules))


# --- legal plays (SS-6, SS-7, SS-11) --------------------------------------------------------------
def _situation(state: SixtySixState) -> str:
    """What the player to move faces: ``lead``, ``open`` (following while the stock is open),
    ``head``, ``follow`` (must follow, cannot beat), ``trump`` or ``any`` (strict rules)."""
    if state.step == "lead":
        return "lead"
    if state.stock_open:
        return "open"
    seat = state.to_move
    assert seat is not None
    hand = state.hands[seat]
    lead = state.lead_card
    same = [c for c in range(24) if hand >> c & 1 and SUIT_OF[c] == SUIT_OF[lead]]
    if same:
        return "head" if any(c < lead for c in same) else "follow"
    if any(hand >> c & 1 and SUIT_OF[c] == state.trump for c in range(24)):
        return "trump"
    return "any"


def legal_plays(seed: int, rng: random.Random) -> Question:
    """Pick every card you may play now: at a lead, following while the stock is open, or under
    the strict rules once it is closed or gone (SS-6, SS-7, SS-11)."""
    weights = {"lead": 1, "open": 3, "head": 3, "follow": 2, "trump": 2, "any": 1}
    by: dict[str, list[SixtySixState]] = {}
    while len(by) < 3:  # enough kinds of position to choose among
        state = deal(rng)
        for s in play_on(state, rng, close=0.12):
            if s.step in ("lead", "follow") and s.hands[s.to_move or 0].bit_count() >= 2:
                by.setdefault(_situation(s), []).append(s)
    kinds = sorted(by)
    kind = rng.choices(kinds, weights=[weights[k] for k in kinds])[0]
    pos = rng.choice(by[kind])
    seat = pos.to_move
    assert seat is not None
    view = pos.view(seat)
    hand = [c for c in range(24) if pos.hands[seat] >> c & 1]
    legal = {a - CARD for a in pos.legal_actions() if a >= CARD}  # the engine's answer
    reasons: dict[str, str] = {}
    for c in hand:
        trial = pos.copy()
        try:
            trial.apply(CARD + c)
        except IllegalActionError as e:
            reasons[CARDS[c].text] = f"illegal — {e.rule}: {e.detail}."
        else:
            reasons[CARDS[c].text] = "legal too."
    trump = Suit(pos.trump)
    rules: tuple[str, ...]
    if kind == "lead":
        rules = ("SS-6", "SS-7")
        explanation = ("SS-6: you are on lead: any card of your hand may be led (or a marriage "
                       "declared). SS-7 and the strict rules bind only the player who follows.")
    elif kind == "open":
        rules = ("SS-7",)
        explanation = (f"SS-7: the stock is still open ({stock_words(view)}), so there is no "
                       "duty to follow suit or to trump: every card of your hand is legal.")
    else:
        led = CARDS[pos.lead_card]
        why = ("the stock is exhausted" if view.closed_by is None else
               f"the stock is {stock_words(view)}")
        start = f"SS-11: {why}, so the strict rules apply. {card_label(led)} was led"
        rules = ("SS-11",)
        if kind == "head":
            higher = [c for c in hand if SUIT_OF[c] == SUIT_OF[pos.lead_card] and c < pos.lead_card]
            explanation = (f"{start} and you hold {led.suit.noun} higher than it "
                           f"({cards_words(higher)}): you must follow suit and head the trick "
                           "with one of them.")
        elif kind == "follow":
            explanation = (f"{start} and you hold {led.suit.noun}, none higher than it: you "
                           "must follow suit — with any of them.")
        elif kind == "trump":
            explanation = (f"{start} and you hold no {led.suit.noun}, but you hold trumps "
                           f"({trump.symbol}): you must play a trump — any trump.")
        else:
            explanation = (f"{start}, you hold no {led.suit.noun} and no trump "
                           f"({trump.symbol}): any card is legal.")
    facts = table_facts(pos, seat)
    trick: tuple[tuple[int, Card], ...] = ()
    if pos.step == "follow":
        trick = ((pos.leader, CARDS[pos.lead_card]),)
        facts.append(("Led", f"{card_label(CARDS[pos.lead_card])} by your opponent"))
    return Question(
        kind="legal-plays", seed=seed,
        prompt=f"You are {seat_words(pos, seat)}, with these cards. Pick every card you may "
               "legally play now.",
        choices=tuple(Choice(CARDS[c].text, card_label(CARDS[c])) for c in hand), multi=True,
        rules=rules, cards=tuple(CARDS[c] for c in hand), trick=trick, facts=tuple(facts),
        context={**base_context(pos, seat), "step": pos.step,
                 "led": CARDS[pos.lead_card].text if pos.lead_card >= 0 else None},
        _key=AnswerKey(frozenset(CARDS[c].text for c in legal), explanation, rules, reasons))


# --- marriages (SS-9) -----------------------------------------------------------------------------
def _marriage_positions(rng: random.Random) -> list[tuple[SixtySixState, int]]:
    """Positions of one deal after a marriage was declared, with the seat that declared one:
    right after the declaring lead, after its trick, and later."""
    while True:
        state = deal(rng)
        before = play_on(state, rng, claim_at=200)
        out = []
        for s in before[1:]:
            for seat in {m.seat for m in s.marriages}:
                out.append((s, seat))
        if out:
            return out


def marriage(seed: int, rng: random.Random) -> Question:
    """What do a player's marriages add to its total now? 20 each, 40 in trumps, once that
    player has won a trick (SS-9, SS-13)."""
    positions = _marriage_positions(rng)
    pending = [p for p in positions if not p[0].won_tricks[p[1]]]
    pos, who = rng.choice(pending) if pending and rng.random() < 0.4 else rng.choice(positions)
    # asked of the declarer, mostly; sometimes of the opponent, about the declarer's marriages
    viewer = who if rng.random() < 0.75 else 1 - who
    view = pos.view(viewer)
    mine = [m for m in view.marriages if m.seat == who]
    adds = pos.total(who) - pos.won_points[who] - (10 if pos.last_bonus == who else 0)
    declared = sum(m.points for m in mine)
    trump = view.trump
    you = who == viewer
    subject = "your" if you else "your opponent's"
    has = "you have" if you else "your opponent has"
    parts = " + ".join(f"{m.suit.symbol} {m.points}" + (" (trumps)" if m.suit is trump else "")
                       for m in mine)
    won = pos.won_tricks[who]
    if won:
        end = (f"{has.capitalize()} won {won} trick{'s' if won != 1 else ''}, so "
               f"{'they count' if len(mine) > 1 else 'it counts'}: {parts} = {adds}.")
    else:
        none = "none counts" if len(mine) > 1 else "it does not count"
        wins = "you win" if you else "they win"
        end = (f"{has.capitalize()} won no trick yet, so {none} yet: 0 now ({parts} = "
               f"{declared} the moment {wins} a trick; if they never do, it is lost).")
    explanation = (f"SS-9: a marriage — K and Q of one suit, one led and the other shown — is "
                   f"worth 20, or 40 in trumps ({trump.symbol} here). It counts towards the total "
                   f"from the moment its declarer has won a trick (a trick, whatever its points). "
                   f"{end} SS-13: the total is card points plus the marriages that count.")
    rules = ("SS-9", "SS-13")
    swapped = sum(60 - m.points for m in mine)  # 20 and 40 mixed up
    facts = table_facts(pos, viewer)
    facts.append(("Marriages declared", "; ".join(
        f"{'you' if m.seat == viewer else 'your opponent'}: K and Q of {m.suit.symbol}"
        for m in view.marriages)))
    trick: tuple[tuple[int, Card], ...] = ()
    if view.trick:
        trick = ((pos.leader, view.trick[0]),)
    return Question(
        kind="marriage", seed=seed,
        prompt=f"How many points do {subject} marriages add to {'your' if you else 'its'} total "
               "right now?",
        choices=number_choices(rng, adds, [declared, swapped, 0, adds + 20, 40, 20], step=20),
        multi=False, rules=rules, trick=trick, facts=tuple(facts),
        context={**base_context(pos, viewer), "declarer": who,
                 "marriages": [{"seat": m.seat, "suit": m.suit.letter} for m in
                               view.marriages]},
        _key=AnswerKey(frozenset({str(adds)}), explanation, rules))


# --- can you claim now? (SS-13, SS-13a) -----------------------------------------------------------
def _claim_positions(rng: random.Random, right: bool) -> list[SixtySixState]:
    """Positions where the player to move may claim (on lead, or just after winning a trick),
    has won a trick, and has a total close to 66 on the side asked: 66..80 for ``right``,
    52..65 otherwise."""
    low, high = (TARGET, 80) if right else (52, TARGET - 1)
    while True:
        state = deal(rng)
        found = [s for s in play_on(state, rng, claim_at=200)
                 if s.to_move is not None and CLAIM in s.legal_actions()
                 and s.won_tricks[s.to_move] and low <= s.total(s.to_move) <= high]
        if found:
            return found


def claim_stakes(state: SixtySixState, seat: int, right: bool) -> str:
    """What a right or wrong claim by ``seat`` scores here, by the rule for the case (SS-13b,
    SS-14): the table's 1, 2 or 3, or the 2 or 3 the claim's case gives — without a word of
    the opponent's hidden total."""
    closer = state.closed_by
    table = "1, 2 or 3 game points by your opponent's total and tricks"
    if closer < 0:
        return (f"you score {table} (SS-13b)." if right else
                "a wrong claim gives your opponent 2 game points, or 3 if they have won no "
                "trick (SS-13b).")
    at_close = state.closed_opponent_tricks
    if seat == closer:
        if right:
            return f"you closed, so it is SS-14 (a): you score {table}."
        return ("you closed, so a wrong claim is SS-14 (b): your opponent scores "
                f"{2 if at_close else 3} — they had {'' if at_close else 'not '}won a trick when "
                "you closed.")
    if right:
        return (f"your opponent closed, so it is SS-14 (c): you score {2 if at_close else 3} — you "
                f"had {'' if at_close else 'not '}won a trick when the stock was closed.")
    mine = state.won_tricks[closer]
    return ("your opponent closed, so a wrong claim is SS-14 (d): the closer scores "
            f"{2 if mine else 3}{'' if mine else ' — it has won no trick'}.")


def claim(seed: int, rng: random.Random) -> Question:
    """"Can you claim now?" — count your total from the tricks you won and the marriages you
    declared (the game never shows it, SS-17) and say whether it reaches 66 (SS-13, SS-13a)."""
    pos = rng.choice(_claim_positions(rng, rng.random() < 0.5))
    seat = pos.to_move
    assert seat is not None
    view = pos.view(seat)
    total = pos.total(seat)  # the engine's total
    trial = pos.copy()
    trial.apply(CLAIM)
    assert trial.claim is not None
    right = trial.claim[1]  # the claim's own verdict: the answer
    assert right == (total >= TARGET)
    tricks = won_by(pos, seat)
    cards = sum(POINTS[a] + POINTS[b] for _, a, b in tricks)
    mine = [m for m in view.marriages if m.seat == seat]
    counted = " ".join(f"trick {k}: {points_sum([a, b])};" for k, a, b in tricks)
    wed = (" Marriages (they count: you have won a trick, SS-9): " + " + ".join(
        f"{m.suit.symbol} {m.points}" for m in mine) + f" = {sum(m.points for m in mine)}."
        if mine else " No marriage declared.")
    sentence = (f"SS-13: your total is the card points of the tricks you won plus your "
                f"marriages that count. {counted} cards {cards} in all.{wed} Total "
                f"{total}")
    if right:
        explanation = (f"{sentence} ≥ 66: claim now — the claim is right and ends the deal at "
                       f"once (SS-13a); {claim_stakes(pos, seat, True)}")
    else:
        explanation = (f"{sentence} < 66: do not claim — a claim is judged at once (SS-13a); "
                       f"{claim_stakes(pos, seat, False)} Play on and count again.")
    explanation += f" {POINTS_RULE}."
    rules = tuple(dict.fromkeys(RULE_ID.findall(explanation)))  # as the explanation cites them
    facts = table_facts(pos, seat)
    facts.append(("Tricks you won", "; ".join(f"trick {k}: {cards_words([a, b])}"
                                              for k, a, b in tricks)))
    facts.append(("Marriages you declared", ", ".join(
        f"K and Q of {m.suit.symbol}" + (" (trumps)" if m.suit is view.trump else "")
        for m in mine) or "none"))
    step = ("you have just won a trick: draw, close or claim" if pos.step == "draw" else
            "you are on lead")
    return Question(
        kind="claim", seed=seed,
        prompt=(f"You are {seat_words(pos, seat)} and {step}. The game does not show your total: "
                "count it from the tricks you won and the marriages you declared. Can you claim "
                "66 now?"),
        choices=(Choice("yes", "Yes — claim: my total is 66 or more"),
                 Choice("no", "No — play on: my total is under 66")),
        multi=False, rules=rules, cards=tuple(CARDS[c] for _, a, b in tricks for c in (a, b)),
        facts=tuple(facts),
        context={**base_context(pos, seat), "step": pos.step,
                 "won": [[CARDS[a].text, CARDS[b].text] for _, a, b in tricks],
                 "marriages": [{"suit": m.suit.letter, "points": m.points} for m in mine]},
        _key=AnswerKey(frozenset({"yes" if right else "no"}), explanation, rules))


# --- close now? (SS-10, SS-14), graded by the engine's expected game points --------------------
#: "Close now?" is asked only when clear (:func:`close_verdict`): "play on" when closing is worse
#: than a plain way of playing on by at least MARGIN game points plus two standard errors;
#: "close" when closing is better than *every* way of playing on by the engine's own
#: CLOSE_MARGIN plus two standard errors — in a sampled world the closer sees the opponent's
#: hand and makes more of a close than a real closer does (pimc.py).
MARGIN = 0.25
#: worlds a banked position is evaluated in, and the look after EARLY_LOOK of them that drops a
#: candidate which cannot become clear (dropping never makes a question, so it is safe)
WORLDS = 96
EARLY_LOOK = 24
#: the bank of "close now?" questions, found offline (:func:`build_close_bank`)
CLOSE_BANK = Path(__file__).with_name("close_bank.json")
BANK_FORMAT = "sixty-six-close-bank/1"
#: the shipped bank's build: ``python -m tutor.games.sixty_six.quiz build-close-bank``
BANK_COUNT = 40
BANK_SEED = 1
CLOSE_ANSWERS = ("close", "play-on")


def close_spot(state: SixtySixState) -> bool:
    """A position the question asks: the player on lead after a trick (at the draw step, or at
    the lead step after drawing), the stock open so that it may close (SS-10), no exchange open
    and no claim that could be right (the total under 66, no claim by a marriage): the choice
    is to close or to play on."""
    seat = state.to_move
    if seat is None or not state.tricks or state.step == "follow":
        return False
    legal = state.legal_actions()
    return (CLOSE in legal and EXCHANGE not in legal and state.total(seat) < TARGET
            and not any(CLAIM < a < CLOSE for a in legal))


def plain_play(state: SixtySixState) -> int:
    """The rules of thumb's way of playing on (``bots.decide`` without the close): the draw at
    a draw step, their lead at a lead step. Fixed before any world is sampled, it is the fair
    yardstick for "play on": the engine's best play on is at least as good."""
    seat = state.to_move
    assert seat is not None
    legal = [a for a in state.legal_actions() if a != CLOSE]
    action = decide(Count.of(seen_by(state, seat)), legal)[0]
    assert action >= DRAW, "a close spot's total is under 66: no claim"
    return action


def world_points(state: SixtySixState, seed: int, worlds: int, start: int = 0
                 ) -> list[dict[int, int]]:
    """The game points of each legal action of the player to move in worlds ``start`` ..
    ``worlds - 1`` of the sequence ``random.Random(seed)`` draws — each the engine's
    :func:`~tutor.games.sixty_six.pimc.expected_points` over that one world, consistent with
    what the player has seen (:func:`seen_by`). Their mean over the first ``n`` worlds is
    ``expected_points(seen, n, seed)``, world for world the same sample."""
    seat = state.to_move
    assert seat is not None
    seen = seen_by(state, seat)
    rng = random.Random(seed)
    out: list[dict[int, int]] = []
    for w in range(worlds):
        one = expected_points(seen, 1, rng)
        if w >= start:
            out.append({a: int(v) for a, v in one.items()})
    return out


class PairStats(NamedTuple):
    """Closing less one other action over the worlds: the mean difference and its standard
    error (paired, world by world; 0 with a single world, which is then exact)."""

    other: int
    diff: float
    se: float

    @classmethod
    def of(cls, points: Sequence[Mapping[int, int]], other: int) -> PairStats:
        d = [p[CLOSE] - p[other] for p in points]
        se = statistics.stdev(d) / math.sqrt(len(d)) if len(d) > 1 else 0.0
        return cls(other, statistics.fmean(d), se)


class CloseVerdict(NamedTuple):
    """The engine's verdict on closing now (:func:`close_verdict`): the answer when clear (else
    None), closing's mean game points, the pair the answer rests on (``versus``), the plain way
    of playing on and the engine's best way of playing on with their means."""

    answer: str | None
    close: float
    versus: PairStats
    margin: float
    plain: int
    best: int
    means: Mapping[int, float]
    worlds: int

    @property
    def clear(self) -> bool:
        return self.answer is not None


def close_verdict(points: Sequence[Mapping[int, int]], plain: int) -> CloseVerdict:
    """Close or play on, from each world's game points of every legal action (claims aside: the
    total is under 66, a claim is wrong). "close" when closing beats every other action by
    :data:`CLOSE_MARGIN` plus two standard errors; "play-on" when the plain play beats
    closing by :data:`MARGIN` plus two standard errors; else None — not clear. The close test
    holds against every action, the play-on test against one fixed before any world was drawn:
    neither favours its answer by the luck of the sample (the best-looking lead would)."""
    others = sorted(a for a in points[0] if a >= DRAW and a != CLOSE)
    means = {a: statistics.fmean(p[a] for p in points) for a in (*others, CLOSE)}
    best = max(others, key=lambda a: (means[a], a == plain, -a))
    pairs = [PairStats.of(points, a) for a in others]
    hardest = min(pairs, key=lambda s: (s.diff - 2 * s.se, s.other))
    plain_pair = PairStats.of(points, plain)
    if hardest.diff - 2 * hardest.se >= CLOSE_MARGIN:
        answer, versus, margin = "close", hardest, CLOSE_MARGIN
    elif -plain_pair.diff - 2 * plain_pair.se >= MARGIN:
        answer, versus, margin = "play-on", plain_pair, MARGIN
    else:
        answer, versus = None, PairStats.of(points, best)
        margin = CLOSE_MARGIN if versus.diff > 0 else MARGIN
    return CloseVerdict(answer, means[CLOSE], versus, margin, plain, best, means, len(points))


def hopeless(points: Sequence[Mapping[int, int]], plain: int, wanted: set[str]) -> bool:
    """After :data:`EARLY_LOOK` worlds: can no wanted answer become clear, even with the
    differences two standard errors kinder than they look?"""
    others = [a for a in points[0] if a >= DRAW and a != CLOSE]
    if "close" in wanted and all(
            s.diff + 2 * s.se >= CLOSE_MARGIN for s in (PairStats.of(points, a) for a in others)):
        return False
    s = PairStats.of(points, plain)
    return not ("play-on" in wanted and -s.diff + 2 * s.se >= MARGIN)


#: a position is worth asking about when its seat counts REACH or more (two good tricks from 66)
#: with LATE face-down cards or fewer left: the close-or-not decisions the engine finds clear
REACH = 40
LATE = 5
#: the bank's deals are played by the rules of thumb, a random card this often (variety)
NOISE = 0.15


def worth_asking(state: SixtySixState) -> bool:
    """Late in the stock and near 66 (:data:`REACH`, :data:`LATE`): half the bank's candidates
    are such positions — where a close is worth weighing, and where the clear "close" answers
    are found."""
    seat = state.to_move
    assert seat is not None
    return state.total(seat) >= REACH and state.stock_left <= LATE


def play_sensibly(state: SixtySixState, rng: random.Random, noise: float = NOISE
                  ) -> list[SixtySixState]:
    """Play ``state`` to the end of the deal by the rules of thumb (``bots.decide``) for both
    seats, never closing, and with chance ``noise`` a random card at a lead or a follow; the
    state before every action (copies). Positions as a sensible player meets them."""
    before: list[SixtySixState] = []
    while not state.is_terminal():
        before.append(state.copy())
        legal = [a for a in state.legal_actions() if a != CLOSE]
        action = decide(Count.of_state(state), legal)[0]
        cards = [a for a in legal if a >= CARD]
        if cards and action >= MARRIAGE and rng.random() < noise:
            action = rng.choice(cards)
        state.apply(action)
    return before


@dataclass(frozen=True)
class BankEntry:
    """One banked "close now?" question: the hand record stopped at the position, the seat to
    move, the candidate it was found as, the seed of its worlds and each world's game points of
    every legal action (:func:`world_points`) — everything needed to rebuild the position and
    the verdict, and to rerun the engine."""

    record: Mapping[str, Any]
    seat: int
    candidate: int
    seed: int
    points: tuple[Mapping[int, int], ...]
    answer: str

    def state(self) -> SixtySixState:
        """The position, replayed through the rules engine."""
        state = state_of(self.record)
        assert isinstance(state, SixtySixState)
        return state

    def verdict(self, state: SixtySixState | None = None) -> CloseVerdict:
        return close_verdict(self.points, plain_play(state or self.state()))

    def as_json(self) -> dict[str, Any]:
        state = self.state()
        return {"record": dict(self.record), "seat": self.seat, "candidate": self.candidate,
                "seed": self.seed, "answer": self.answer,
                "points": {state.token(a): [p[a] for p in self.points]
                           for a in sorted(self.points[0])}}


def _shape_error(where: str, detail: str) -> RecordError:
    return RecordError("REC-1", detail, where=where)


def _entry(data: object, i: int) -> BankEntry:
    """A bank entry from JSON, checked: its shape (REC-1), its record (the engine's errors,
    placed in the entry), the position a close spot of the seat to move with the points of
    exactly its legal actions, and the stored answer the clear verdict of those points
    (QUIZ-6)."""
    where = f"close bank entry {i}"
    keys = {"record", "seat", "candidate", "seed", "answer", "points"}
    if not isinstance(data, dict) or set(data) != keys:
        raise _shape_error(where, "an entry holds exactly " + ", ".join(sorted(keys)))
    for key in ("seat", "candidate", "seed"):
        if type(data[key]) is not int or data[key] < 0:
            raise _shape_error(f"{where}.{key}", "a whole number, 0 or more")
    if data["answer"] not in CLOSE_ANSWERS:
        raise _shape_error(f"{where}.answer", "close or play-on")
    table = data["points"]
    if not (isinstance(table, dict) and table and all(
            isinstance(v, list) and len(v) >= 2 and all(type(x) is int for x in v)
            for v in table.values()) and len({len(v) for v in table.values()}) == 1):
        raise _shape_error(f"{where}.points", "per action token, the game points of each "
                           "world: lists of whole numbers, one length, two worlds or more")
    if not isinstance(data["record"], dict):
        raise _shape_error(f"{where}.record", "a hand record (a JSON object)")
    try:
        actions = {parse_play(t, f"{where}.points"): v for t, v in table.items()}
        state = state_of(data["record"])
    except TutorError as e:
        raise e.at(f"{where}: {e.where}" if e.where else where) from None
    if not isinstance(state, SixtySixState) or state.to_move != data["seat"] \
            or not close_spot(state):
        raise QuizError("QUIZ-6", "the record does not stop where the seat may close",
                        where=f"{where}.record")
    if set(actions) != set(state.legal_actions()):
        raise QuizError("QUIZ-6", "the points are not of exactly the legal actions",
                        where=f"{where}.points")
    n = len(next(iter(actions.values())))
    points = tuple({a: v[w] for a, v in actions.items()} for w in range(n))
    entry = BankEntry(data["record"], data["seat"], data["candidate"], data["seed"], points,
                      data["answer"])
    found = entry.verdict(state)
    if found.answer != entry.answer:
        raise QuizError("QUIZ-6", f"the answer is not the clear verdict of its points "
                        f"({found.answer or 'none'}: {found.versus.diff:+.2f} ± "
                        f"{2 * found.versus.se:.2f})", where=f"{where}.answer",
                        what=entry.answer)
    return entry


@cache
def load_close_bank(path: Path = CLOSE_BANK) -> tuple[BankEntry, ...]:
    """The banked questions (QUIZ-6 for a file that is not a bank or an entry whose answer its
    own numbers do not give; REC-1 for an entry of the wrong shape)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise QuizError("QUIZ-6", f"cannot read the close bank ({e.__class__.__name__})",
                        where=str(path)) from None
    if not isinstance(data, dict) or data.get("format") != BANK_FORMAT or not isinstance(
            data.get("entries"), list) or not data["entries"]:
        raise QuizError("QUIZ-6", f"not a close bank ({BANK_FORMAT})", where=str(path))
    return tuple(_entry(e, i) for i, e in enumerate(data["entries"]))


class Candidate(NamedTuple):
    """Candidate ``i`` of a bank's build: its position (None when its deal had no spot to ask)
    and the seed of its worlds."""

    state: SixtySixState | None
    seed: int


def close_candidate(seed: int, i: int, *, late_only: bool = False) -> Candidate:
    """Candidate ``i`` of a bank built from ``seed``: a deal played sensibly
    (:func:`play_sensibly`) from ``random.Random("sixty-six/close-bank:SEED:I")`` and one of its
    close spots — for an odd ``i``, or when ``late_only``, one worth asking about
    (:func:`worth_asking`)."""
    rng = random.Random(f"sixty-six/close-bank:{seed}:{i}")
    state = deal(rng)
    spots = [s for s in play_sensibly(state, rng) if close_spot(s)]
    if i % 2 or late_only:
        spots = [s for s in spots if worth_asking(s)]
    if not spots:
        return Candidate(None, 0)
    pos = rng.choice(spots)
    return Candidate(pos, rng.getrandbits(30))


def evaluate(state: SixtySixState, seed: int, wanted: set[str], worlds: int = WORLDS
             ) -> tuple[CloseVerdict | None, list[dict[int, int]]]:
    """The verdict on a candidate position over ``worlds`` worlds, or None when it was dropped
    after :data:`EARLY_LOOK` (:func:`hopeless` for the ``wanted`` answers); the points."""
    plain = plain_play(state)
    look = min(EARLY_LOOK, worlds)
    points = world_points(state, seed, look)
    if hopeless(points, plain, wanted):
        return None, points
    points += world_points(state, seed, worlds, start=look)
    return close_verdict(points, plain), points


def build_close_bank(count: int, seed: int, path: Path = CLOSE_BANK, *,
                     worlds: int = WORLDS) -> dict[str, Any]:
    """Find ``count`` clear questions, half each way (close, play on), candidates taken in
    index order — the bank depends on the arguments alone — and write them to ``path``,
    atomically after every entry kept (a build stopped early leaves a smaller valid bank).
    Once the "play on" half is full only positions worth asking about are tried: "close" is
    the rarer verdict. Returns the build's figures (also in the file, under ``build``)."""
    kept: list[BankEntry] = []
    quota = {"close": count - count // 2, "play-on": count // 2}
    build = {"seed": seed, "count": count, "worlds": worlds, "candidates": 0, "no_spot": 0,
             "dropped_early": 0, "unclear": 0, "over_quota": 0}
    i = 0
    while len(kept) < count:
        wanted = {a for a, n in quota.items() if sum(e.answer == a for e in kept) < n}
        cand = close_candidate(seed, i, late_only="play-on" not in wanted)
        i += 1
        build["candidates"] = i
        if cand.state is None:
            build["no_spot"] += 1
            continue
        found, points = evaluate(cand.state, cand.seed, wanted, worlds)
        if found is None:
            build["dropped_early"] += 1
            continue
        if found.answer is None:
            build["unclear"] += 1
            continue
        if found.answer not in wanted:
            build["over_quota"] += 1
            continue
        seat = cand.state.to_move
        assert seat is not None
        kept.append(BankEntry(cand.state.record(), seat, i - 1, cand.seed, tuple(points),
                              found.answer))
        print(f"candidate {i - 1}: {found.answer} {found.versus.diff:+.2f} ± "
              f"{2 * found.versus.se:.2f} ({len(kept)} of {count})", file=sys.stderr)
        _write_bank(path, build, kept)
    return build


def _write_bank(path: Path, build: Mapping[str, Any], kept: Sequence[BankEntry]) -> None:
    """The bank as JSON, an entry a line (readable diffs), written atomically."""
    head = json.dumps({"format": BANK_FORMAT, "build": dict(build)}, ensure_ascii=False)
    lines = [json.dumps(e.as_json(), ensure_ascii=False, separators=(",", ":")) for e in kept]
    text = head[:-1] + ',\n "entries": [\n  ' + ",\n  ".join(lines) + "\n ]\n}\n"
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def _play_words(action: int) -> str:
    """A way of playing on, in words: ``drawing``, ``leading K♠``, ``leading Q♥ and showing
    K♥``."""
    if action == DRAW:
        return "drawing"
    if MARRIAGE <= action < CARD:
        led, shown = marriage_cards(action)
        return f"leading {card_label(CARDS[led])} and showing {card_label(CARDS[shown])}"
    return f"leading {card_label(CARDS[action - CARD])}"


#: what closing does and risks, in the rule file's words (SS-10, SS-11, SS-12, SS-14)
CLOSE_RISK = (
    "What closing does (SS-10): nobody draws again, so you play on with the cards you hold; "
    "the strict rules apply from the next card (SS-11) and the last trick earns no 10 (SS-12). "
    "What it risks (SS-14): you must reach 66 — short of it your opponent scores 2, or 3 if "
    "they had won no trick when you closed, and the same if they claim rightly first; reach it "
    "and you score by your opponent's total and tricks, as for any claim.")


def close_explanation(v: CloseVerdict) -> str:
    """The verdict in words: the engine's means, the pair the answer rests on with its two
    standard errors and the margin, then what closing does and risks."""
    pair = v.versus
    head = (f"Over {v.worlds} deals the engine sampled — your opponent's hand and the stock's "
            f"order drawn among those that fit what you have seen, each played out by both "
            f"sides — closing now averages {v.close:+.2f} game points for you. ")
    if v.answer == "close":
        body = (f"The best way to play on, {_play_words(v.best)}, averages "
                f"{v.means[v.best]:+.2f}; closing is ahead of every way of playing on — by "
                f"{pair.diff:.2f} ± {2 * pair.se:.2f} (two standard errors) against "
                f"{_play_words(pair.other)} — more than the {v.margin} a close must win by "
                "here (in a sampled deal the closer sees your opponent's cards, which flatters "
                "a close). ")
    else:
        body = (f"Playing on by {_play_words(v.plain)} averages {v.means[v.plain]:+.2f}: "
                f"closing is worse by {-pair.diff:.2f} ± {2 * pair.se:.2f} (two standard "
                f"errors), more than the {v.margin} the quiz asks. ")
        if v.best != v.plain:
            body += (f"The engine's best way to play on, {_play_words(v.best)}, averages "
                     f"{v.means[v.best]:+.2f}. ")
    return head + body + CLOSE_RISK


def close_now(seed: int, rng: random.Random) -> Question:
    """"Close now?" — a position from the bank where the engine's expected game points make one
    choice clearly better (:func:`close_verdict`) (SS-10, SS-14). The exhibit is the seat's
    view: its hand, the table, its total and the tricks it saw fall — never a hidden card."""
    bank = load_close_bank()
    entry = bank[rng.randrange(len(bank))]
    pos = entry.state()
    verdict = entry.verdict(pos)
    assert verdict.answer == entry.answer  # checked on load
    seat = entry.seat
    view = pos.view(seat)
    explanation = close_explanation(verdict)
    rules = tuple(dict.fromkeys(RULE_ID.findall(explanation)))
    tricks = won_by(pos, seat)
    theirs = won_by(pos, 1 - seat)
    facts = table_facts(pos, seat)
    facts += [("Your total", f"{pos.total(seat)} — at the table you count it yourself (SS-13)"),
              ("Tricks you won", "; ".join(f"trick {k}: {cards_words([a, b])}"
                                           for k, a, b in tricks) or "none"),
              ("Tricks your opponent won", "; ".join(f"trick {k}: {cards_words([a, b])}"
                                                     for k, a, b in theirs) or "none"),
              ("Marriages", "; ".join(
                  f"{'you' if m.seat == seat else 'your opponent'}: {m.suit.symbol} {m.points}"
                  for m in view.marriages) or "none")]
    known = view.known[1 - seat]
    if known:
        facts.append(("Your opponent holds", " ".join(card_label(c) for c in known)))
    step = ("you have just won a trick and may draw or close" if pos.step == "draw" else
            "you are on lead, after drawing")
    stay = "draw" if pos.step == "draw" else "lead without closing"
    return Question(
        kind="close", seed=seed,
        prompt=(f"You are {seat_words(pos, seat)} and {step}. Close the stock now, or play on? "
                "(Asked only where the engine finds one choice clearly better.)"),
        choices=(Choice("close", "Close the stock now"),
                 Choice("play-on", f"Play on — {stay}")),
        multi=False, rules=rules, cards=view.hand, facts=tuple(facts),
        context={**base_context(pos, seat), "step": pos.step, "total": pos.total(seat)},
        _key=AnswerKey(frozenset({entry.answer}), explanation, rules))


# --- game points (SS-12..SS-15) -------------------------------------------------------------------
RULE_ID = re.compile(r"SS-\d+[ab]?")


def _table_words(opponent_total: int, opponent_tricks: int) -> str:
    """SS-13b's table for one case, in words."""
    if opponent_total >= 33:
        return f"the opponent has {opponent_total}, 33 or more: 1 game point"
    if opponent_tricks:
        return (f"the opponent has {opponent_total}, under 33, but has won a trick: 2 game "
                "points")
    return "the opponent has won no trick: 3 game points"


def ending_words(state: SixtySixState) -> str:
    """Why the deal scored what it did, rule by rule (the engine's ``ending``)."""
    assert state.points is not None and state.ending is not None
    scorer = 0 if state.points[0] else 1
    other = 1 - scorer
    totals = state.totals()
    closer = state.closed_by
    ending = state.ending
    if ending == "SS-13b":
        assert state.claim is not None
        claimant, right = state.claim
        if right:
            table = _table_words(totals[other], state.won_tricks[other])
            return (f"SS-13a, SS-13b: seat {claimant} claimed with {totals[claimant]}, 66 or "
                    f"more: right, in a deal nobody closed — {table}.")
        return (f"SS-13a, SS-13b: seat {claimant} claimed with only {totals[claimant]}: wrong, so "
                f"the opponent, seat {scorer}, scores "
                + ("2 (it has won a trick)." if state.won_tricks[scorer] else
                   "3 (it has won no trick)."))
    at_close = state.closed_opponent_tricks
    had = ("had won a trick when the stock was closed" if at_close else
           "had won no trick when the stock was closed")
    if ending == "SS-14a":
        return (f"SS-14 (a): seat {closer} closed, then claimed with {totals[closer]}: right — "
                f"scored by SS-13b's table at the claim: "
                f"{_table_words(totals[other], state.won_tricks[other])}.")
    if ending == "SS-14b":
        return (f"SS-14 (b): seat {closer} closed, then claimed with only {totals[closer]}: wrong "
                f"— the opponent, seat {scorer}, scores {max(state.points)}: it {had}.")
    if ending == "SS-14c":
        return (f"SS-14 (c): seat {closer} closed; the opponent, seat {scorer}, claimed with "
                f"{totals[scorer]}: right — it scores {max(state.points)}: it {had}.")
    if ending == "SS-14d":
        return (f"SS-14 (d): seat {closer} closed; the opponent claimed with only "
                f"{totals[1 - closer]}: wrong — the closer scores "
                + ("2 (it has won a trick)." if state.won_tricks[closer] else
                   "3 (it has won no trick)."))
    if ending == "SS-14e":
        if scorer == closer:
            return (f"SS-14 (e): seat {closer} closed and the last card was played without a "
                    f"claim; the closer has {totals[closer]}, 66 or more, so it is (a), judged "
                    f"after the last trick: {_table_words(totals[other], state.won_tricks[other])}"
                    ". No 10 for the last trick after a close (SS-12).")
        return (f"SS-14 (e): seat {closer} closed and the last card was played without a claim; "
                f"the closer has only {totals[closer]}, so it is (b): the opponent scores "
                f"{max(state.points)} — it {had}. No 10 for the last trick after a close "
                "(SS-12).")
    last = state.tricks[-1].winner
    return (f"SS-15: the last card was played without a claim and nobody closed: the winner of "
            f"the last trick, seat {last}, takes 10 for it (SS-12), making {totals[last]}, and "
            f"wins the deal (no_claim: last_trick_wins), scored by SS-13b's table: "
            f"{_table_words(totals[other], state.won_tricks[other])}.")


def _ending_facts(state: SixtySixState) -> list[tuple[str, str]]:
    """The finished deal's public facts: the close, the claim or the last trick, the totals
    (the deal is over: the umpire shows them) and the tricks."""
    rows = [("Trump", Suit(state.trump).symbol)]
    if state.closed_by >= 0:
        opp = 1 - state.closed_by
        rows.append(("Close", f"seat {state.closed_by} closed the stock after "
                              f"{state.closed_at} trick{'s' if state.closed_at != 1 else ''}; "
                              f"seat {opp} had then won {state.closed_opponent_tricks}"))
    else:
        rows.append(("Close", "nobody closed the stock"))
    if state.claim is not None:
        rows.append(("Claim", f"seat {state.claim[0]} claimed 66 after "
                              f"{len(state.tricks)} trick{'s' if len(state.tricks) != 1 else ''}"))
    else:
        last = state.tricks[-1].winner
        bonus = " (the stock ran out)" if state.last_bonus >= 0 else " (after a close)"
        rows.append(("Claim", f"none: every card was played; seat {last} won the last "
                              f"trick{bonus}"))
    totals = state.totals()
    for s in (0, 1):
        extra = " including 10 for the last trick" if state.last_bonus == s else ""
        rows.append((f"Seat {s}", f"total {totals[s]}{extra}; {state.won_tricks[s]} trick"
                                  f"{'s' if state.won_tricks[s] != 1 else ''} won"))
    return rows


def _finished(rng: random.Random) -> SixtySixState:
    """A deal played to its end, with the endings of SS-13b..SS-15 all coming up."""
    state = deal(rng)
    play_on(state, rng, close=rng.choice((0.0, 0.1, 0.3, 0.5)),
            wrong_claim=rng.choice((0.0, 0.2, 0.6)), claim_at=rng.choice((TARGET, TARGET, 200)))
    return state


def game_points(seed: int, rng: random.Random) -> Question:
    """The deal is over: who scores, and how many game points (SS-12..SS-15)?"""
    want = rng.choice(ENDINGS)
    while True:
        state = _finished(rng)
        if state.ending == want and state.points is not None and any(state.points):
            break
    assert state.points is not None and state.ending is not None
    scorer = 0 if state.points[0] else 1
    answer = f"{scorer}:{state.points[scorer]}"  # the engine's game points
    explanation = ending_words(state)
    rules = tuple(dict.fromkeys(RULE_ID.findall(explanation)))  # as the explanation cites them
    choices = tuple(Choice(f"{s}:{p}", f"seat {s} scores {p}") for s in (0, 1) for p in (1, 2, 3))
    return Question(
        kind="game-points", seed=seed,
        prompt="The deal is over. Who scores, and how many game points?",
        choices=choices, multi=False, rules=rules, facts=tuple(_ending_facts(state)),
        context={"dealer": state.dealer, "closed_by": state.closed_by if state.closed_by >= 0
                 else None,
                 "opponent_tricks_at_close": (state.closed_opponent_tricks
                                              if state.closed_by >= 0 else None),
                 "claim": state.claim[0] if state.claim is not None else None,
                 "totals": state.totals(), "tricks_won": state.won_tricks[:],
                 "last_trick": state.tricks[-1].winner,
                 "stock_ran_out": state.last_bonus >= 0},
        _key=AnswerKey(frozenset({answer}), explanation, rules))


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m tutor.games.sixty_six.quiz build-close-bank [--count N] [--seed S]
    [--worlds W] [--out PATH]``: (re)build the bank of "close now?" questions."""
    parser = argparse.ArgumentParser(prog="python -m tutor.games.sixty_six.quiz",
                                     description="Build the bank of 'close now?' questions.")
    sub = parser.add_subparsers(dest="command", required=True)
    build = sub.add_parser("build-close-bank", help="find clear positions, offline")
    build.add_argument("--count", type=int, default=BANK_COUNT)
    build.add_argument("--seed", type=int, default=BANK_SEED)
    build.add_argument("--worlds", type=int, default=WORLDS)
    build.add_argument("--out", type=Path, default=CLOSE_BANK)
    args = parser.parse_args(argv)
    start = time.process_time()
    figures = build_close_bank(args.count, args.seed, args.out, worlds=args.worlds)
    print(f"{args.out}: {figures} in {time.process_time() - start:.0f} s of CPU",
          file=sys.stderr)
    return 0


__all__ = ["CLOSE_BANK", "POINTS_RULE", "QUIZ", "BankEntry", "CloseVerdict", "SixtySixQuiz",
           "build_close_bank", "choose", "close_now", "close_verdict", "deal", "ending_words",
           "load_close_bank", "play_on", "seat_words", "stock_words", "won_by", "world_points"]


if __name__ == "__main__":
    sys.exit(main())
