"""Auction Pitch in the quiz, found by the quiz's registry (:mod:`tutor.quiz.registry`) as
``QUIZ``. Pitch is not a Tapp game (52 cards, 3 to 7 players each on their own, most of the
pack never dealt), so it takes none of the family's generic kinds; its own are

- ``deal`` — the cards never dealt at a table of n, the eldest, and whether a top trump is sure
  to be High when only 6 cards a player are dealt (PI-1..PI-4, PI-10);
- ``calls`` — pick every call open to the player to speak (PI-4b: the steal, the forced
  dealer, ``min_bid``), or name the pitcher after the auction (PI-5, PI-6);
- ``legal-plays`` — pick every card you may play: any card on lead (the first names trump),
  follow a trump lead in trumps, follow a plain lead *or trump* unless ``strict_follow``, any
  card when unable to follow (PI-7, PI-8);
- ``points`` — a finished hand, every trick shown: who takes High, Low, Jack or Game (PI-10);
- ``hand-score`` — a finished hand's awards: one player's score change, the pitcher set back
  when short of the bid (PI-6, PI-11);
- ``match`` — the scores before a hand and the hand's result: who, if anyone, wins the match by
  the win check, smudge included (PI-12);
- ``bid`` — what would you call? The answer is the Monte-Carlo bot's sampled values
  (:func:`~.pimc.bid_values`), asked only when the best call is statistically clear; the
  positions come from a bank found offline (:mod:`.bid_bank`).

Every answer is the engine's: deals dealt by ``new_deal``, called and played through the checked
``apply`` (the rule bot's choices from each seat's own view, a random card now and then),
``legal_actions`` (each call or card refused is tried and its rule quoted), the finished hand's
``outcome()`` and the match's :func:`~.match.win_check`. A question never shows a hidden card:
a position's exhibit is the asking seat's hand and what every seat has seen, a finished hand's
is its tricks — every dealt card is played (PI-3) — and a card never dealt is never named.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import Any, ClassVar

from ...cards import Card, card_label
from ...errors import IllegalActionError
from ...quiz.adapter import CourseLesson, GameQuiz, Generator
from ...quiz.core import AnswerKey, Choice, Question
from ...quiz.generators import number_choices
from .bid_bank import bid_question
from .hand import none_dealt
from .match import win_check
from .pimc import rule_action
from .presentation import PitchPresentation
from .rules import (
    BID_BASE,
    CARD_TEXT,
    CARDS,
    GAME_ID,
    GAME_POINTS,
    HAND_SIZE,
    JACK,
    N_CARDS,
    PASS,
    PLAY,
    POINT_NAMES,
    SUIT_MASK,
    SUIT_OF,
    SUIT_SYMBOLS,
    AuctionPitch,
    HandOutcome,
    PitchOptions,
    PitchState,
    call_token,
    mask_cards,
)

#: Table sizes a question is dealt at: every count of PI-2, four most often (the seed's best).
TABLES = (3, 4, 4, 4, 5, 5, 6, 7)
#: PI-10's game points in words: what the explanations count with.
GAME_POINT_RULE = "10 = 10, A = 4, K = 3, Q = 2, J = 1, in every suit"
#: A rule id as the explanations cite it.
RULE_ID = re.compile(r"PI-\d+b?")
_WORDS = PitchPresentation()


def _cited(text: str) -> tuple[str, ...]:
    """The rule ids ``text`` cites, in order, each once."""
    return tuple(dict.fromkeys(RULE_ID.findall(text)))


class PitchQuiz(GameQuiz):
    """Auction Pitch's kinds of question (no Tapp-family kinds: its deal, auction, play and
    scoring are its own), its course map and its words for a wrong pick."""

    game_id: ClassVar[str] = GAME_ID
    course: ClassVar[tuple[CourseLesson, ...]] = (
        CourseLesson("50-auction-pitch", "The pack, the deal and the cards never dealt",
                     ("PI-1", "PI-2", "PI-3")),
        CourseLesson("51-auction-pitch-points", "High, Low, Jack and Game", ("PI-10",)),
        CourseLesson("52-auction-pitch-bidding", "Bidding, stealing and pitching",
                     ("PI-4", "PI-4b", "PI-5", "PI-6", "PI-7")),
        CourseLesson("53-auction-pitch-play", "Playing: trumping while able to follow",
                     ("PI-7", "PI-8", "PI-9")),
        CourseLesson("54-auction-pitch-scoring", "Scoring, setback and the match",
                     ("PI-10", "PI-11", "PI-12")),
        CourseLesson("55-auction-pitch-worked-deal", "A worked deal",
                     ("PI-4b", "PI-8", "PI-10", "PI-11")),
    )

    def own_kinds(self) -> dict[str, tuple[str, Generator]]:
        return {"deal": ("The pack and the deal", deal_question),
                "calls": ("The calls", calls_question),
                "legal-plays": ("Legal plays", legal_plays),
                "points": ("High, Low, Jack and Game", points_question),
                "hand-score": ("The hand's score", hand_score),
                "match": ("The match: who wins?", match_question),
                "bid": ("What would you call?", bid_question)}

    def mistake(self, question: Question, picked: Sequence[str]) -> str:
        """The likely slip behind a wrong pick, naming the rule and never the answer."""
        find = _MISTAKES.get(question.kind)
        return find(question, picked) if find is not None else ""

    def level(self, question: Question) -> int | None:
        """First steps: the plain cases at a table of 3 or 4. Harder: a bigger table, or the
        case the kind is really about — trumping while able to follow, a steal or a forced
        dealer, Low or Game, a setback, the match."""
        ctx = question.context
        players = ctx.get("players")
        big = isinstance(players, int) and players > 4
        kind = question.kind
        if kind in ("match", "bid"):
            return 2
        if kind == "deal":
            return 2 if ctx.get("variant") == "high-sure" else 1
        if kind == "calls":
            return 2 if big or ctx.get("seat") == ctx.get("dealer") else 1
        if kind == "legal-plays":
            return 2 if big or ctx.get("situation") in ("follow-or-trump", "strict") else 1
        if kind == "points":
            return 2 if big or ctx.get("variant") in ("low", "game") else 1
        if kind == "hand-score":
            return 2 if big or ctx.get("made") is not True else 1
        return None


#: Auction Pitch's part in the quiz (the registry, :mod:`tutor.quiz.registry`, reads this name).
QUIZ = PitchQuiz()


# --- tables, deals and play -----------------------------------------------------------------------
def table(rng: random.Random, players: int | None = None, **options: Any) -> AuctionPitch:
    """A game at a table of ``players`` (else drawn from :data:`TABLES`) with ``options``."""
    n = players or rng.choice(TABLES)
    return AuctionPitch({"players": n, **options})


def new_hand(rng: random.Random, game: AuctionPitch) -> PitchState:
    """A fresh deal by a random dealer (PI-3)."""
    return game.new_deal(rng, rng.randrange(game.players))


def play_on(state: PitchState, rng: random.Random, *, wild: float = 0.15) -> list[PitchState]:
    """Call and play ``state`` to the end of the hand — the rule bot's choice for each seat from
    its own hand and the public play (:func:`~.pimc.rule_action`), a random legal action with
    chance ``wild`` — through the checked ``apply``; the state before every action (copies)."""
    before: list[PitchState] = []
    while not state.is_terminal():
        before.append(state.copy())
        legal = state.legal_actions()
        action = rng.choice(legal) if rng.random() < wild else rule_action(state)
        state.apply(action)
    return before


def finished(rng: random.Random, game: AuctionPitch, *, wild: float = 0.15) -> PitchState:
    """A hand played to its end that was not thrown in (PI-6's ``redeal_same_dealer``)."""
    while True:
        state = new_hand(rng, game)
        play_on(state, rng, wild=wild)
        if not state.thrown_in:
            return state


# --- words ----------------------------------------------------------------------------------------
def seat_words(state: PitchState, seat: int) -> str:
    """``seat 1 (eldest)``: the seat and its place in the auction (PI-4)."""
    return f"seat {seat} ({_WORDS.seat_name(seat, state.order)})"


def card_words(card: int) -> str:
    return card_label(CARDS[card])


def cards_words(cards: Sequence[int]) -> str:
    return " ".join(card_words(c) for c in cards) or "none"


def signed(value: int) -> str:
    """A score change as text: ``+2``, ``0``, ``−3`` (a true minus sign, U+2212: PI-11)."""
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


def minus(value: int) -> str:
    """A score as text: ``3``, ``0``, ``−3`` (U+2212)."""
    return f"−{-value}" if value < 0 else str(value)


def signed_choices(rng: random.Random, correct: int, wrongs: Sequence[int]) -> tuple[Choice, ...]:
    """Four score-change choices, their labels signed with a true minus sign (values stay the
    plain ``-3`` a grader reads)."""
    base = number_choices(rng, correct, wrongs, signed=True)
    return tuple(Choice(c.value, signed(int(c.value))) for c in base)


def option_words(options: PitchOptions) -> list[tuple[str, str]]:
    """The options that differ from the rule file's defaults, in words (for a question's
    facts)."""
    rows = []
    if options.min_bid != 1:
        rows.append(("Lowest bid", f"{options.min_bid} (option min_bid)"))
    if options.dealer_steal == "none":
        rows.append(("Dealer's steal", "not allowed (option dealer_steal: none)"))
    elif options.dealer_steal == "including_4":
        rows.append(("Dealer's steal", "allowed at any bid, 4 included (option dealer_steal: "
                                       "including_4)"))
    if options.all_pass == "redeal_same_dealer":
        rows.append(("If all pass", "thrown in, the same dealer deals again (option all_pass)"))
    elif options.all_pass == "eldest_pitches_free":
        rows.append(("If all pass", "the eldest leads, nobody can be set back (option "
                                    "all_pass)"))
    if options.strict_follow:
        rows.append(("Following", "must follow suit whenever able (option strict_follow)"))
    if options.low_point == "dealt_holder":
        rows.append(("Low", "to the player it was dealt to (option low_point: dealt_holder)"))
    return rows


def call_label(token: str) -> str:
    """``pass``, ``bid 2``."""
    return "pass" if token == "pass" else f"bid {token}"


def trick_line(state: PitchState, k: int) -> str:
    """``seat 1 K♠, seat 2 4♠, seat 3 9♠, seat 0 2♠ → won by seat 1``."""
    leader, cards, winner = state.tricks[k]
    n = state.n
    played = ", ".join(f"seat {(leader + i) % n} {card_words(c)}" for i, c in enumerate(cards))
    return f"{played} → won by seat {winner}"


def tricks_facts(state: PitchState) -> list[tuple[str, str]]:
    """Every trick of a finished hand, one row each (every dealt card is played: PI-3)."""
    return [(f"Trick {k + 1}", trick_line(state, k)) for k in range(len(state.tricks))]


def tricks_data(state: PitchState) -> list[dict[str, Any]]:
    return [{"leader": ld, "cards": [CARD_TEXT[c] for c in cs], "winner": w}
            for ld, cs, w in state.tricks]


def pitcher_words(state: PitchState) -> str:
    """``seat 2 (3rd), bid 3``; ``nobody: everyone passed (PI-6)``."""
    if state.bidder is None:
        return "nobody: everyone passed, the eldest led (option all_pass: eldest_pitches_free)"
    return f"{seat_words(state, state.bidder)}, bid {state.high}"


def _seat_choices(state: PitchState, *, nobody: str = "") -> tuple[Choice, ...]:
    """A choice per seat, and ``nobody`` (its label) when given."""
    seats = tuple(Choice(str(s), seat_words(state, s)) for s in range(state.n))
    return seats + ((Choice("nobody", nobody),) if nobody else ())


# --- the pack and the deal (PI-1..PI-4, PI-10) ----------------------------------------------------
def deal_question(seed: int, rng: random.Random) -> Question:
    """How many cards are never dealt; who is the eldest; is a top trump sure to be High?"""
    variant = rng.choice(("undealt", "eldest", "high-sure"))
    game = table(rng)
    n = game.players
    state = new_hand(rng, game)
    dealt = 0
    for hand in state.hands:
        dealt |= hand
    undealt = N_CARDS - dealt.bit_count()  # the engine's deal: the cards in no hand
    context: dict[str, Any] = {"variant": variant, "players": n, "dealer": state.dealer}
    facts = [("Table", f"{n} players, seats 0..{n - 1} clockwise; seat {state.dealer} deals")]
    if variant == "undealt":
        explanation = (f"PI-3: the dealer deals 6 cards to each player, three at a time — "
                       f"6 × {n} = {HAND_SIZE * n} cards. PI-1: the pack has 52, so "
                       f"52 − {HAND_SIZE * n} = {undealt} are never dealt: never shown, never "
                       "counted, and any of them may be the ace, the two or the jack of trumps.")
        rules = _cited(explanation)
        return Question(
            kind="deal", seed=seed,
            prompt=f"At a table of {n}, how many cards of the pack are never dealt?",
            choices=number_choices(rng, undealt, [52 - n * 6 - n, 52 - 5 * n, 6 * n, 52 - 3 * n,
                                                  undealt + 6, undealt - 6]),
            multi=False, rules=rules, facts=tuple(facts), context=context,
            _key=AnswerKey(frozenset({str(undealt)}), explanation, rules))
    if variant == "eldest":
        eldest = state.to_move  # the engine's first speaker
        assert eldest is not None
        explanation = (f"PI-3: the eldest is the dealer's left — clockwise the next seat, so "
                       f"with seat {state.dealer} dealing at a table of {n} it is seat {eldest}. "
                       "PI-4: the eldest speaks first and the dealer last.")
        rules = _cited(explanation)
        return Question(
            kind="deal", seed=seed,
            prompt=(f"Seat {state.dealer} deals at a table of {n}. Who is the eldest — the "
                    "first to speak?"),
            choices=tuple(Choice(str(s), f"seat {s}" + (" (dealer)" if s == state.dealer
                                                        else "")) for s in range(n)),
            multi=False, rules=rules, facts=tuple(facts), context=context,
            _key=AnswerKey(frozenset({str(eldest)}), explanation, rules))
    # high-sure: the seat's longest suit as trump; is its top card sure to be the highest trump?
    seat = rng.randrange(n)
    hand = state.hands[seat]
    suit = max(range(4), key=lambda s: ((hand & SUIT_MASK[s]).bit_count(), rng.random()))
    if rng.random() < 0.3 and not hand >> (13 * suit) & 1:  # now and then a hand with the ace
        suits = [s for s in range(4) if hand >> (13 * s) & 1]
        suit = suits[0] if suits else suit
    mine = hand & SUIT_MASK[suit]
    top = (mine & -mine).bit_length() - 1  # a lower index is a higher card (PI-1)
    above = [c for c in range(13 * suit, top)]  # the trumps ranking above my top one
    sure = not any(not hand >> c & 1 for c in above)  # every one of them mine: none left out
    sym = SUIT_SYMBOLS[suit]
    if sure:
        explanation = (f"PI-1: the ace ranks highest, and {card_words(top)} is the ace of {sym}: "
                       f"no trump ranks above it. PI-10: High goes to the winner of the highest "
                       f"trump in play, and the highest trump always wins its trick — so with "
                       f"{sym} trump, High is yours for certain.")
    else:
        k = len(above)
        safe = none_dealt(k, n)  # the chance none of them was dealt to another player
        often = (f"about {safe:.0%} of the time" if safe >= 0.01 else "almost never")
        explanation = (f"PI-1: {k} card{'s' if k != 1 else ''} of {sym} rank"
                       f"{'s' if k == 1 else ''} above {card_words(top)}, and you hold "
                       f"{'it' if k == 1 else 'none of them'}. PI-3: only 6 cards a player are "
                       f"dealt; of the 46 cards you cannot see, the other hands hold "
                       f"{HAND_SIZE * (n - 1)}, so {'that card' if k == 1 else 'each of them'} "
                       f"may be in another hand — or never dealt. PI-10: High is the highest "
                       f"trump in play: {card_words(top)} is High only if "
                       f"{'it was not' if k == 1 else 'none of them was'} dealt to another "
                       f"player ({often} at a table of {n}) — not certain.")
    rules = _cited(explanation)
    return Question(
        kind="deal", seed=seed,
        prompt=(f"You hold these six cards at a table of {n} and mean to pitch in {sym}. Is "
                f"your {card_words(top)} sure to be High — the highest trump in play?"),
        choices=(Choice("yes", "Yes — certain"), Choice("no", "No — not certain")),
        multi=False, rules=rules, cards=tuple(CARDS[c] for c in mask_cards(hand)),
        facts=tuple(facts), context={**context, "seat": seat, "trump": "CSHD"[suit],
                                     "top": CARD_TEXT[top]},
        _key=AnswerKey(frozenset({"yes" if sure else "no"}), explanation, rules))


# --- the calls (PI-4, PI-4b, PI-5, PI-6) ----------------------------------------------------------
def _call_options(rng: random.Random) -> dict[str, Any]:
    """The auction's options: the defaults most often, each variant now and then."""
    return {"dealer_steal": rng.choices(("below_4", "none", "including_4"), (6, 2, 2))[0],
            "min_bid": rng.choices((1, 2), (8, 2))[0],
            "all_pass": rng.choices(("dealer_forced_2", "redeal_same_dealer",
                                     "eldest_pitches_free"), (6, 2, 2))[0]}


def _random_calls(state: PitchState, rng: random.Random, stop: int) -> None:
    """``stop`` calls, mostly passes and low bids, the dealer stealing now and then."""
    for _ in range(stop):
        legal = state.legal_actions()
        bids = [a for a in legal if a != PASS]
        dealer = state.to_move == state.dealer
        steal = BID_BASE + state.high
        if dealer and steal in bids and state.high and rng.random() < 0.5:
            state.apply(steal)
        elif PASS in legal and (not bids or rng.random() < 0.55):
            state.apply(PASS)
        else:
            state.apply(bids[min(int(rng.expovariate(1.3)), len(bids) - 1)])


def _legal_call_words(state: PitchState) -> str:
    """PI-4b for the player to speak, in words."""
    h, m = state.high, state.options.min_bid
    dealer = state.to_move == state.dealer
    steal_rule = state.options.dealer_steal
    legal = [call_token(a) for a in state.legal_calls()]
    if not dealer:
        low = max(m, h + 1)
        why = (f"you are not the dealer: you may pass, or bid {low} to 4 — higher than the "
               f"highest bid so far ({h})" if h else
               f"you are not the dealer and nobody has bid: pass, or bid {m} to 4 (the lowest "
               f"bid is {m})")
        if low > 4:
            why = "you are not the dealer and 4 has been bid: only pass is left"
    elif h == 0:
        if state.options.all_pass == "dealer_forced_2":
            why = ("you are the dealer and everyone passed: you must bid 2, 3 or 4 — the dealer "
                   "may not pass (all_pass: dealer_forced_2)")
        else:
            why = (f"you are the dealer and everyone passed: pass, or bid {m} to 4 (option "
                   f"all_pass: {state.options.all_pass})")
    else:
        limit = {"below_4": 3, "including_4": 4, "none": 0}[steal_rule]
        if h <= limit:
            steal = (f"take the bid at {h} itself — the dealer's steal (dealer_steal: "
                     f"{steal_rule})")
        elif steal_rule == "none":
            steal = "no steal (dealer_steal: none)"
        else:
            steal = f"no steal of a 4 (dealer_steal: {steal_rule})"
        why = (f"you are the dealer and the highest bid is {h}: pass, {steal}, or bid higher "
               f"({', '.join(str(k) for k in range(h + 1, 5)) or 'nothing is higher than 4'})")
    return f"PI-4b: {why}. Legal: {', '.join(call_label(t) for t in legal)}."


def calls_question(seed: int, rng: random.Random) -> Question:
    """Pick every call open to the player to speak, or name the pitcher (PI-4b, PI-5, PI-6)."""
    variant = rng.choices(("legal", "pitcher"), (3, 2))[0]
    game = table(rng, **_call_options(rng))
    state = new_hand(rng, game)
    n = game.players
    options = game.options
    base_facts = [("Table", f"{n} players; seat {state.dealer} deals, seat {state.eldest} is "
                            "the eldest"), *option_words(options)]
    context: dict[str, Any] = {"variant": variant, "players": n, "dealer": state.dealer,
                               "min_bid": options.min_bid, "dealer_steal": options.dealer_steal,
                               "all_pass": options.all_pass}
    if variant == "legal":
        stop = n - 1 if rng.random() < 0.45 else rng.randrange(n)  # the dealer often
        _random_calls(state, rng, stop)
        seat = state.to_move
        assert seat is not None
        legal = {call_token(a) for a in state.legal_calls()}  # the engine's answer
        reasons: dict[str, str] = {}
        for token in ("pass", "1", "2", "3", "4"):
            trial = state.copy()
            action = PASS if token == "pass" else BID_BASE + int(token)
            try:
                trial.apply(action)
            except IllegalActionError as e:
                reasons[token] = f"not allowed — {e.rule}: {e.detail}."
            else:
                reasons[token] = "allowed too."
        explanation = _legal_call_words(state)
        rules = _cited(explanation)
        calls = tuple(state.calls())
        return Question(
            kind="calls", seed=seed,
            prompt=f"You are {seat_words(state, seat)}. Pick every call you may make now.",
            choices=tuple(Choice(t, call_label(t)) for t in ("pass", "1", "2", "3", "4")),
            multi=True, rules=rules, calls=calls, active=state.order,
            facts=(*base_facts, ("You are", seat_words(state, seat))),
            context={**context, "seat": seat, "calls": [t for _, t in calls]},
            _key=AnswerKey(frozenset(legal), explanation, rules, reasons))
    _random_calls(state, rng, n)
    calls = tuple(state.calls())
    if state.thrown_in:
        answer = "nobody"
        explanation = ("PI-6: everyone passed, and under all_pass: redeal_same_dealer the deal "
                       "is thrown in and the same dealer deals again: there is no pitcher.")
    elif state.bidder is None:
        answer = "nobody"
        explanation = (f"PI-6: everyone passed, and under all_pass: eldest_pitches_free the hand "
                       f"is played with no pitcher: the eldest, seat {state.eldest}, leads and "
                       "fixes trump, and nobody can be set back.")
    else:
        answer = str(state.bidder)  # the engine's pitcher
        last = max(i for i, (_, t) in enumerate(calls) if t != "pass")
        who, bid = calls[last]
        stole = who == state.dealer and any(t == bid for s, t in calls[:last])
        how = (f"the dealer, seat {who}, took the bid at {bid} — a steal (PI-4b) — and so "
               "becomes the pitcher" if stole else
               f"seat {who} made the last bid, {bid}")
        forced = (" Everyone else had passed, so the dealer had to bid (all_pass: "
                  "dealer_forced_2)." if all(t == "pass" for _, t in calls[:-1]) and
                  who == state.dealer and options.all_pass == "dealer_forced_2" else "")
        explanation = (f"PI-5: the pitcher is the player who made the last bid: {how}.{forced} "
                       "PI-7: the pitcher leads the first trick, and its suit is trump.")
    rules = _cited(explanation)
    return Question(
        kind="calls", seed=seed,
        prompt="The auction is over. Who is the pitcher?",
        choices=_seat_choices(state, nobody="nobody — no pitcher"), multi=False, rules=rules,
        calls=calls, active=state.order, facts=tuple(base_facts),
        context={**context, "calls": [t for _, t in calls]},
        _key=AnswerKey(frozenset({answer}), explanation, rules))


# --- legal plays (PI-7, PI-8, PI-9) ---------------------------------------------------------------
#: how often each situation is asked, the one the game is about most often
SITUATIONS = {"first-lead": 1, "lead": 1, "trump-led": 2, "follow-or-trump": 5, "follow": 2,
              "strict": 3, "any": 2}


def situation(state: PitchState) -> str:
    """What the player to move faces: a ``first-lead`` or a later ``lead``; a ``trump-led``
    trick it can follow; a plain lead it can follow holding a trump (``follow-or-trump``, or
    ``strict`` under ``strict_follow``) or no trump (``follow``); or ``any`` card."""
    if not state.trick:
        return "lead" if state.tricks else "first-lead"
    seat = state.to_move
    assert seat is not None
    hand = state.hands[seat]
    led = SUIT_OF[state.trick[0]]
    if not hand & SUIT_MASK[led]:
        return "any"
    if led == state.trump:
        return "trump-led"
    if not hand & SUIT_MASK[state.trump]:
        return "follow"
    return "strict" if state.options.strict_follow else "follow-or-trump"


def _play_positions(rng: random.Random) -> dict[str, list[PitchState]]:
    """Positions in play from seeded hands, by situation, until three situations turned up."""
    by: dict[str, list[PitchState]] = {}
    while len(by) < 3:
        game = table(rng, strict_follow=rng.random() < 0.3)
        for s in play_on(new_hand(rng, game), rng):
            if s.phase == PLAY and s.hands[s.to_move or 0].bit_count() >= 2:
                by.setdefault(situation(s), []).append(s)
    return by


def legal_plays(seed: int, rng: random.Random) -> Question:
    """Pick every card you may play now (PI-7, PI-8, PI-9)."""
    by = _play_positions(rng)
    kinds = sorted(by)
    kind = rng.choices(kinds, weights=[SITUATIONS[k] for k in kinds])[0]
    pos = rng.choice(by[kind])
    seat = pos.to_move
    assert seat is not None
    hand = mask_cards(pos.hands[seat])
    legal = set(pos.legal_actions())  # the engine's answer
    reasons: dict[str, str] = {}
    for c in hand:
        trial = pos.copy()
        try:
            trial.apply(c)
        except IllegalActionError as e:
            reasons[CARD_TEXT[c]] = f"not allowed — {e.rule}: {e.detail}."
        else:
            reasons[CARD_TEXT[c]] = "allowed too."
    trump = SUIT_SYMBOLS[pos.trump] if pos.trump >= 0 else ""
    if kind == "first-lead":
        explanation = ("PI-7: you are the pitcher and lead the first trick: any card of your "
                       "hand — its suit becomes trump for the hand. Choose it well: it names "
                       "trump.")
    elif kind == "lead":
        explanation = (f"PI-9: you won the last trick and lead the next: any card of your hand "
                       f"may be led (trump is {trump}); the duty to follow binds only the "
                       "players who follow (PI-8).")
    else:
        led = SUIT_OF[pos.trick[0]]
        led_sym = SUIT_SYMBOLS[led]
        start = f"PI-8: {card_words(pos.trick[0])} was led"
        if kind == "any":
            explanation = (f"{start} and you hold no {led_sym}: unable to follow, you may play "
                           "any card — a trump or not.")
        elif kind == "trump-led":
            explanation = (f"{start} — a trump — and you hold trumps: following means playing "
                           f"a trump, so you must play one of your {led_sym}.")
        elif kind == "follow":
            explanation = (f"{start} and you hold {led_sym} but no trump ({trump}): you must "
                           f"follow suit with one of your {led_sym}.")
        elif kind == "strict":
            explanation = (f"{start} and you hold {led_sym}. This table plays strict_follow: "
                           f"you must follow suit whenever able — one of your {led_sym}; "
                           f"trumping with a {trump} is not allowed while you can follow.")
        else:
            explanation = (f"{start} and you hold {led_sym}: you may follow suit with any "
                           f"{led_sym} or play a trump ({trump}) instead — trumping is "
                           "allowed even when you could follow. Only a card of a third suit "
                           "is not allowed.")
    rules = _cited(explanation)
    facts = [("You are", seat_words(pos, seat)),
             ("Pitcher", pitcher_words(pos)),
             ("Trump", f"{trump} (named by the first card led)" if trump else
              "not yet: the card you lead names it")]
    facts += [row for row in option_words(pos.options) if row[0] == "Following"]
    if pos.trick:
        facts.append(("Led", f"{card_words(pos.trick[0])} by seat {pos.leader}"))
    trick = tuple(((pos.leader + i) % pos.n, CARDS[c]) for i, c in enumerate(pos.trick))
    return Question(
        kind="legal-plays", seed=seed,
        prompt=(f"You are {seat_words(pos, seat)}, with these cards. Pick every card you may "
                "play now."),
        choices=tuple(Choice(CARD_TEXT[c], card_words(c)) for c in hand), multi=True,
        rules=rules, cards=tuple(CARDS[c] for c in hand), trick=trick, facts=tuple(facts),
        context={"players": pos.n, "seat": seat, "dealer": pos.dealer, "situation": kind,
                 "trump": "CSHD"[pos.trump] if pos.trump >= 0 else None,
                 "led": CARD_TEXT[pos.trick[0]] if pos.trick else None,
                 "strict_follow": pos.options.strict_follow,
                 "trick_number": len(pos.tricks) + 1},
        _key=AnswerKey(frozenset(CARD_TEXT[c] for c in legal), explanation, rules, reasons))


# --- High, Low, Jack and Game (PI-10) -------------------------------------------------------------
def point_cards(state: PitchState) -> tuple[list[int], int | None]:
    """The trumps in play, highest first (every dealt trump: every dealt card is played,
    PI-3), and the trump jack if it was dealt."""
    played = [c for _, cs, _ in state.tricks for c in cs]
    trumps = sorted(c for c in played if SUIT_OF[c] == state.trump)
    jack = 13 * state.trump + JACK
    return trumps, jack if jack in played else None


def winner_of(state: PitchState, card: int) -> tuple[int, int]:
    """The trick (from 0) ``card`` fell in and who won it."""
    for k, (_, cs, w) in enumerate(state.tricks):
        if card in cs:
            return k, w
    raise ValueError(card)


def player_of(state: PitchState, card: int) -> int:
    """The seat that played ``card`` (the seat it was dealt to)."""
    for leader, cs, _ in state.tricks:
        if card in cs:
            return (leader + cs.index(card)) % state.n
    raise ValueError(card)


def game_point_words(state: PitchState, o: HandOutcome) -> str:
    """Each player's game points, with where they came from."""
    parts = []
    for s in range(state.n):
        won = [c for _, cs, w in state.tricks if w == s for c in cs if GAME_POINTS[c]]
        if not o.game_points[s]:
            parts.append(f"seat {s} 0")
            continue
        items = " + ".join(f"{card_words(c)} {GAME_POINTS[c]}" for c in won)
        parts.append(f"seat {s} {o.game_points[s]} ({items})" if len(won) > 1 else
                     f"seat {s} {o.game_points[s]} ({card_words(won[0])})")
    return "; ".join(parts)


def award_words(state: PitchState, point: str) -> str:
    """Why ``point`` (``high``, ``low``, ``jack``, ``game``) went where it did, citing PI-10."""
    o = state.outcome()
    trumps, jack = point_cards(state)
    sym = SUIT_SYMBOLS[state.trump]
    single = len(trumps) == 1
    if point == "high":
        top = trumps[0]
        k, w = winner_of(state, top)
        extra = (" It is the only trump in play, so it is Low as well." if single else "")
        return (f"PI-10: High goes to the player who wins the highest trump in play — in play "
                f"means dealt, and every dealt card is played. The trumps played: "
                f"{cards_words(trumps)}; the highest, {card_words(top)}, fell in trick {k + 1} "
                f"and, the highest trump always winning its trick, seat {w} took it.{extra}")
    if point == "low":
        low = trumps[-1]
        k, w = winner_of(state, low)
        holder = player_of(state, low)
        head = (f"The trumps played: {cards_words(trumps)}; the lowest in play is "
                f"{card_words(low)}" + (" — the only trump, High and Low at once" if single
                                        else ""))
        if state.options.low_point == "dealt_holder":
            return (f"PI-10: Low goes, under the option low_point: dealt_holder, to the player "
                    f"the lowest trump in play was dealt to. {head}, dealt to seat {holder} — "
                    f"whoever won the trick it fell in (seat {w}).")
        caught = ("" if w == holder else
                  f" — not seat {holder}, who played it: Low goes to the trick's winner")
        return (f"PI-10: Low goes to the player who wins the lowest trump in play. {head}; it "
                f"fell in trick {k + 1}, won by seat {w}{caught}.")
    if point == "jack":
        if jack is None:
            return (f"PI-10: Jack goes to the player who wins the jack of trumps — and the jack "
                    f"of trumps ({sym}) was not dealt: no trick holds it, so nobody scores "
                    f"Jack this hand (PI-3: the undealt cards are out of play).")
        k, w = winner_of(state, jack)
        holder = player_of(state, jack)
        who = ("its holder" if w == holder else f"caught from seat {holder}, who played it")
        return (f"PI-10: Jack goes to the player who wins the jack of trumps. "
                f"{card_words(jack)} fell in trick {k + 1}, won by seat {w} ({who}).")
    counted = game_point_words(state, o)
    best = max(o.game_points)
    tied = [f"seat {s}" for s in range(state.n) if o.game_points[s] == best]
    if o.game is None:
        end = (f"{' and '.join(tied).capitalize()} tie for the most with {best}: a tie gives "
               "nobody the point." if best else
               "Nobody took a 10, an ace, a king, a queen or a jack: everyone has 0, a tie — "
               "nobody scores Game.")
    else:
        end = f"Seat {o.game} has the most, {best}: Game is seat {o.game}'s."
    return (f"PI-10: Game goes to the player with the most game points in the tricks won — "
            f"{GAME_POINT_RULE}, trumps or not: {counted}. {end}")


def _points_hand(rng: random.Random, point: str) -> PitchState:
    """A finished hand in which ``point`` is worth asking about: now and then its rare case
    (a tie for Game, a jack never dealt, a single trump, Low won from its player)."""
    rare = rng.random() < 0.45
    for _ in range(400):
        options: dict[str, Any] = {}
        if point == "low" and rng.random() < 0.3:
            options["low_point"] = "dealt_holder"
        state = finished(rng, table(rng, **options), wild=0.3)
        trumps, jack = point_cards(state)
        o = state.outcome()
        if not rare:
            return state
        if point == "high" and (len(trumps) == 1 or trumps[0] % 13):  # the ace not dealt
            return state
        if point == "low" and (len(trumps) == 1 or
                               winner_of(state, trumps[-1])[1] != player_of(state, trumps[-1])):
            return state
        if point == "jack" and (jack is None or winner_of(state, jack)[1] != player_of(state,
                                                                                        jack)):
            return state
        if point == "game" and o.game is None:
            return state
    return state


def points_question(seed: int, rng: random.Random) -> Question:
    """A finished hand, every trick shown: who takes High, Low, Jack or Game (PI-10)?"""
    point = rng.choice(POINT_NAMES)
    state = _points_hand(rng, point)
    o = state.outcome()
    seat = o.awards[point]  # the engine's award
    answer = "nobody" if seat is None else str(seat)
    explanation = award_words(state, point)
    rules = _cited(explanation)
    facts = [("Table", f"{state.n} players"), ("Pitcher", pitcher_words(state)),
             ("Trump", f"{SUIT_SYMBOLS[state.trump]} (the suit of the first card led)"),
             *[row for row in option_words(state.options) if row[0] == "Low"],
             *tricks_facts(state)]
    name = point.capitalize()
    return Question(
        kind="points", seed=seed,
        prompt=f"The hand is over; here is every trick. Who takes {name}?",
        choices=_seat_choices(state, nobody=f"nobody scores {name}"), multi=False, rules=rules,
        facts=tuple(facts),
        context={"variant": point, "players": state.n, "dealer": state.dealer,
                 "trump": "CSHD"[state.trump], "low_point": state.options.low_point,
                 "tricks": tricks_data(state)},
        _key=AnswerKey(frozenset({answer}), explanation, rules))


# --- the hand's score (PI-6, PI-11) ---------------------------------------------------------------
def awards_facts(state: PitchState, o: HandOutcome) -> list[tuple[str, str]]:
    """Who took High, Low, Jack and Game (public once the hand is over), without counting."""
    rows = []
    _, jack = point_cards(state)
    for point in POINT_NAMES:
        seat = o.awards[point]
        if point == "jack" and jack is None:
            rows.append(("Jack", f"nobody — the jack of trumps ({SUIT_SYMBOLS[state.trump]}) "
                                 "was not dealt"))
        elif point == "game" and seat is None:
            rows.append(("Game", "nobody — a tie for the most game points"))
        else:
            rows.append((point.capitalize(), f"seat {seat}"))
    return rows


def score_words(state: PitchState, seat: int) -> str:
    """PI-11 (or PI-6 without a pitcher) for one seat's score change."""
    o = state.outcome()
    won = [p.capitalize() for p in POINT_NAMES if o.awards[p] == seat]
    k = len(won)
    took = (f"won {', '.join(won)}: {k} point{'s' if k != 1 else ''}" if won else
            "won none of the four points")
    change = o.score_change[seat]
    if o.pitcher is None:
        return (f"PI-6: everyone passed and the hand was played without a pitcher: nobody can "
                f"be set back, and each player scores what it won. Seat {seat} {took}: "
                f"{signed(change)}.")
    bid = o.bid
    assert bid is not None
    if seat != o.pitcher:
        return (f"PI-11: seat {seat} is not the pitcher, so it scores the points it won, never "
                f"less: it {took} — {signed(change)}.")
    if o.made:
        return (f"PI-11: seat {seat} pitched at {bid} and {took} — at least the bid, so it "
                f"scores all the points it won, not only the bid: {signed(change)}.")
    return (f"PI-11: seat {seat} pitched at {bid} and {took} — short of the bid, so it is set "
            f"back: the bid is subtracted and the points it won count for nothing: "
            f"{signed(change)}. Scores may go below zero.")


def hand_score(seed: int, rng: random.Random) -> Question:
    """A finished hand's awards: what is one player's score change (PI-6, PI-11)?"""
    want = rng.choices(("set-back", "made", "other", "free"), (4, 3, 2, 1))[0]
    for _ in range(400):
        if want == "free":  # everyone passes: the eldest leads, nobody pitched (PI-6)
            state = new_hand(rng, table(rng, all_pass="eldest_pitches_free"))
            for _ in range(state.n):
                state.apply(PASS)
            play_on(state, rng, wild=0.25)
            break
        state = finished(rng, table(rng), wild=0.25)
        o = state.outcome()
        if want == "set-back" and o.made is False:
            break
        if want in ("made", "other") and o.made:
            break
    o = state.outcome()
    if o.pitcher is not None and want != "other":
        seat = o.pitcher
    else:
        seat = rng.choice([s for s in range(state.n) if s != o.pitcher])
    answer = o.score_change[seat]  # the engine's score change
    explanation = score_words(state, seat)
    rules = _cited(explanation)
    won = o.points_won[seat]
    bid = o.bid or 0
    wrongs = [won, -won, -answer, bid, -bid, won - bid, 0]
    facts = [("Table", f"{state.n} players"), ("Pitcher", pitcher_words(state)),
             ("Trump", SUIT_SYMBOLS[state.trump]), *awards_facts(state, o)]
    return Question(
        kind="hand-score", seed=seed,
        prompt=(f"The hand is over. What does it score for seat {seat}"
                + (" — the pitcher" if seat == o.pitcher else "") + "?"),
        choices=signed_choices(rng, answer, wrongs), multi=False, rules=rules,
        facts=tuple(facts),
        context={"players": state.n, "seat": seat, "pitcher": o.pitcher, "bid": o.bid,
                 "made": o.made, "awards": o.awards, "dealer": state.dealer},
        _key=AnswerKey(frozenset({str(answer)}), explanation, rules))


# --- the match (PI-12) ----------------------------------------------------------------------------
#: The match's cases a question is built around.
MATCH_CASES = ("pitcher-made", "pitcher-set-back", "other-past", "hljg", "smudge", "none")


def _match_scores(rng: random.Random, state: PitchState, case: str, target: int
                  ) -> list[int]:
    """Scores before the hand that make ``case`` come up with this hand's result."""
    o = state.outcome()
    n = state.n
    scores = [rng.randint(-3, max(0, target - 3)) for _ in range(n)]
    p = o.pitcher
    if p is not None and case in ("pitcher-made", "pitcher-set-back"):
        scores[p] = target - o.score_change[p] - rng.randint(0, 1)
    elif p is not None and case in ("other-past", "hljg"):
        others = [s for s in range(n) if s != p and o.points_won[s]]
        if others:
            s = rng.choice(others)
            scores[s] = target - o.points_won[s] + rng.randint(0, 1)
        scores[p] = min(scores[p], target - 1 - max(o.score_change[p], 0))
    if state.options.win_check != "pitcher_hand":
        # a player at the target would have won already: every credit counts under HLJG
        scores = [min(v, target - 1) for v in scores]
    return scores


def match_words(options: PitchOptions, before: Sequence[int], o: HandOutcome) -> str:
    """PI-12 worked for this hand: the scores after it and who wins, and why."""
    check = win_check(options, before, o)
    target = options.target
    after = ", ".join(f"seat {s} {minus(v)}" for s, v in enumerate(check.scores))
    parts = [f"PI-12: the target is {target}. The scores after this hand: {after}."]
    if options.smudge_wins_game:
        if o.smudge is not None:
            parts.append(f"Seat {o.smudge} won High, Low, Jack and Game in one hand — a smudge "
                         "— and under smudge_wins_game that wins the match at once, before any "
                         "other check.")
            return " ".join(parts)
        parts.append("Nobody won all four points (no smudge).")
    p = o.pitcher
    if p is not None and check.scores[p] >= target:
        how = "made the bid" if o.made else "was set back"
        parts.append(f"The pitcher, seat {p}, {how} and has {minus(check.scores[p])}, at least "
                     f"{target}: the pitcher wins, bid made or not.")
        return " ".join(parts)
    if options.win_check == "pitcher_hand":
        past = [s for s, v in enumerate(check.scores) if v >= target and s != p]
        if p is None:
            parts.append("Nobody pitched this hand, and under win_check: pitcher_hand a hand "
                         "without a pitcher has no winner.")
        else:
            parts.append(f"The pitcher, seat {p}, has {minus(check.scores[p])}, short of "
                         f"{target}; under win_check: pitcher_hand only the pitcher can win "
                         "with a hand.")
        if past:
            parts.append(f"{' and '.join(f'Seat {s}' for s in past)} "
                         f"{'is' if len(past) == 1 else 'are'} at or past {target} but did "
                         "not pitch: the match goes on.")
        else:
            parts.append("Nobody wins: the match goes on.")
        return " ".join(parts)
    if p is not None:
        parts.append(f"Under win_check: pitcher_first_then_HLJG the pitcher's result comes "
                     f"first: seat {p} has {minus(check.scores[p])}, short of {target}. Then "
                     "High, Low, Jack and Game are credited to the others in that order:")
    else:
        parts.append("Under win_check: pitcher_first_then_HLJG, with no pitcher, High, Low, "
                     "Jack and Game are credited in that order:")
    running = list(before)
    if p is not None:
        running[p] = check.scores[p]
    steps = []
    for point, seat in o.awards.items():
        if seat is None or seat == p:
            continue
        running[seat] += 1
        steps.append(f"{point.capitalize()} takes seat {seat} to {minus(running[seat])}")
        if running[seat] >= target:
            break
    parts.append("; ".join(steps) + "." if steps else "no point went to another player.")
    if check.winner is not None and check.how != "pitcher":
        parts.append(f"Seat {check.winner} reaches {target} first and wins.")
    else:
        parts.append("Nobody reaches the target: the match goes on.")
    return " ".join(parts)


def match_question(seed: int, rng: random.Random) -> Question:
    """The scores before a hand and the hand's result: who wins the match (PI-12)?"""
    case = rng.choice(MATCH_CASES)
    target = rng.choice((7, 7, 10, 11, 15, 21))
    win = "pitcher_first_then_HLJG" if case == "hljg" or rng.random() < 0.25 else "pitcher_hand"
    smudge = case == "smudge" or rng.random() < 0.2
    options = {"target": target, "win_check": win, "smudge_wins_game": smudge}
    for _ in range(600):
        state = finished(rng, table(rng, players=rng.choice((3, 3, 4, 4, 5)), **options),
                         wild=0.2)
        o = state.outcome()
        if case == "smudge" and o.smudge is None:
            continue
        if case == "pitcher-made" and not o.made:
            continue
        if case == "pitcher-set-back" and o.made is not False:
            continue
        break
    o = state.outcome()
    before = _match_scores(rng, state, case, target)
    game = state.game
    assert isinstance(game, AuctionPitch)
    check = win_check(game.options, before, o)  # the engine's win check
    answer = "nobody" if check.winner is None else str(check.winner)
    explanation = match_words(game.options, before, o)
    rules = _cited(explanation)
    p = o.pitcher
    bid = ("nobody pitched" if p is None else
           f"seat {p} pitched at {o.bid}: " + ("made" if o.made else "set back") + ", "
           + signed(o.score_change[p]))
    facts = [("Match", f"to {target}; win check: "
                       + ("only the pitcher can win with a hand (pitcher_hand)"
                          if win == "pitcher_hand" else
                          "the pitcher first, then High, Low, Jack, Game in that order "
                          "(pitcher_first_then_HLJG)")
                       + ("; a smudge wins at once (smudge_wins_game)" if smudge else "")),
             ("Scores before the hand", ", ".join(f"seat {s} {minus(v)}"
                                                   for s, v in enumerate(before))),
             ("This hand", bid), *awards_facts(state, o),
             ("Score changes", ", ".join(f"seat {s} {signed(v)}"
                                         for s, v in enumerate(o.score_change)))]
    return Question(
        kind="match", seed=seed,
        prompt="The hand is scored. Who wins the match with it — or does it go on?",
        choices=_seat_choices(state, nobody="nobody — the match goes on"), multi=False,
        rules=rules, facts=tuple(facts),
        context={"players": state.n, "case": case, "target": target, "win_check": win,
                 "smudge_wins_game": smudge, "before": before, "pitcher": o.pitcher,
                 "bid": o.bid,
                 "awards": o.awards, "score_change": list(o.score_change),
                 "points_won": list(o.points_won)},
        _key=AnswerKey(frozenset({answer}), explanation, rules))


# --- the likely mistake (the second try) ----------------------------------------------------------
def _deal_mistake(q: Question, picked: Sequence[str]) -> str:
    variant = q.context.get("variant")
    if variant == "undealt":
        return ("Count what is dealt first: 6 cards to each player, three at a time (PI-3); "
                "the rest of the 52 (PI-1) is never dealt.")
    if variant == "eldest":
        return ("The eldest sits on the dealer's left: the next seat clockwise, the seat "
                "numbers going up and round to 0 after the last (PI-3).")
    if picked and picked[0] == "yes":
        return ("A higher trump you do not hold may be in another hand: only the ace is sure "
                "to be the highest trump in play (PI-1, PI-10).")
    return ("Is any trump higher than that card? If none ranks above it, nothing can beat it "
            "to High (PI-1, PI-10).")


def _calls_mistake(q: Question, picked: Sequence[str]) -> str:
    ctx = q.context
    if ctx.get("variant") == "pitcher":
        if picked and picked[0] == "nobody":
            return ("Did anyone bid? If so, the last bid names the pitcher (PI-5); there is no "
                    "pitcher only when everyone passed (PI-6).")
        return ("The pitcher made the last bid of the auction — and when the dealer takes the "
                "bid at the same number (a steal), the dealer is the pitcher (PI-5, PI-4b).")
    key = q.key()
    wrong = [v for v in picked if v not in key.answer]
    missed = [v for v in key.answer if v not in picked]
    dealer = ctx.get("seat") == ctx.get("dealer")
    if "pass" in wrong:
        return ("Can the dealer pass when everyone else has passed? Not under the forced bid "
                "(PI-4b, all_pass: dealer_forced_2).")
    if "pass" in missed:
        return "Passing is allowed here (PI-4b)."
    if wrong and ctx.get("min_bid") == 2 and "1" in wrong:
        return "This table's lowest bid is 2 (option min_bid, PI-4b)."
    if wrong and dealer:
        return ("The dealer may take the bid at the highest bid so far — a steal — only as the "
                "option dealer_steal allows; otherwise a bid must be higher (PI-4b).")
    if wrong:
        return ("A player other than the dealer must bid higher than the highest bid so far: "
                "no bid at the same number (PI-4b).")
    if missed and dealer:
        return ("The dealer, speaking last, has one call more than the others: the steal, at "
                "the highest bid so far — when the option allows it (PI-4b).")
    return "Every bid above the highest so far is open, not only the next one up (PI-4b)."


def _legal_mistake(q: Question, picked: Sequence[str]) -> str:
    ctx = q.context
    sit = ctx.get("situation")
    key = q.key()
    wrong = [v for v in picked if v not in key.answer]
    missed = [v for v in key.answer if v not in picked]
    if sit in ("first-lead", "lead"):
        return ("You are on lead: the duty to follow binds only the players who follow — any "
                "card may be led (PI-7, PI-9).")
    trump = ctx.get("trump")
    led = ctx.get("led")
    parts = []
    if wrong and sit == "strict":
        parts.append("This table plays strict_follow: a trump is not allowed while you can "
                     "follow suit (PI-8).")
    elif wrong and sit == "trump-led":
        parts.append("Trump was led and you hold trumps: following means playing a trump "
                     "(PI-8).")
    elif wrong and led is not None:
        parts.append(f"You hold cards of the suit led ({Card.parse(led).suit.symbol}): follow "
                     "suit" + (" or trump" if sit == "follow-or-trump" else "")
                     + " — a card of another suit is not allowed (PI-8).")
    if missed and sit == "follow-or-trump" and trump is not None:
        parts.append("A trump is allowed even when you could follow suit (PI-8).")
    elif missed:
        parts.append("Some cards you may play were left out: there is no duty to play high — "
                     "any card that meets the duty is allowed (PI-8).")
    return " ".join(parts)


def _points_mistake(q: Question, picked: Sequence[str]) -> str:
    point = q.context.get("variant")
    if point == "high":
        return ("High is the highest trump in play — look at the trumps only; the highest "
                "always wins its trick (PI-10).")
    if point == "low":
        if q.context.get("low_point") == "dealt_holder":
            return ("Under low_point: dealt_holder, Low goes to the player the lowest trump was "
                    "dealt to — who played it, not who won the trick (PI-10).")
        return ("Low goes to the player who wins the trick the lowest trump falls in — not "
                "always the player who played it (PI-10).")
    if point == "jack":
        if picked and picked[0] == "nobody":
            return ("Look for the jack of trumps in the tricks: if it was played, someone won it "
                    "(PI-10).")
        return ("Jack goes to whoever wins the trick the jack of trumps falls in — and only if "
                "it was dealt (PI-10).")
    if picked and picked[0] == "nobody":
        return ("Count each player's game points again: only a tie for the most gives nobody "
                f"Game ({GAME_POINT_RULE}, PI-10).")
    return (f"Count the game points in each player's tricks — {GAME_POINT_RULE}, trumps or not; "
            "a tie for the most gives nobody the point (PI-10).")


def _score_mistake(q: Question, picked: Sequence[str]) -> str:
    ctx = q.context
    pick = int(picked[0]) if picked and picked[0].lstrip("-").isdigit() else None
    if ctx.get("pitcher") is None:
        return ("Nobody pitched: each player scores what it won and nobody is set back (PI-6).")
    if ctx.get("seat") != ctx.get("pitcher"):
        return ("Only the pitcher can be set back; every other player scores the points it won "
                "(PI-11).")
    if ctx.get("made"):
        return ("A pitcher who makes the bid scores all the points it won, not only the bid "
                "(PI-11).")
    if pick is not None and pick >= 0:
        return ("A pitcher short of the bid scores nothing for what it won: the bid is "
                "subtracted (PI-11).")
    return "A pitcher short of the bid loses the bid itself — no more, no less (PI-11)."


def _match_mistake(q: Question, picked: Sequence[str]) -> str:
    ctx = q.context
    awards = ctx.get("awards") or {}
    seats = set(awards.values())
    if ctx.get("smudge_wins_game") and len(seats) == 1 and None not in seats:
        return ("Look at who took the four points: a smudge — High, Low, Jack and Game in one "
                "hand — wins at once under smudge_wins_game, before any other check (PI-12).")
    if ctx.get("win_check") == "pitcher_hand":
        return ("Under win_check: pitcher_hand only the pitcher can win with a hand, bid made "
                "or not — another player past the target waits (PI-12).")
    return ("Under pitcher_first_then_HLJG the pitcher's result comes first, then High, Low, "
            "Jack and Game one at a time, in that order (PI-12).")


def _bid_mistake(q: Question, picked: Sequence[str]) -> str:
    return ("Weigh what each call wins on average over the deals your hand may meet: a pitcher "
            "short of the bid loses the whole bid (PI-11), and a player who does not pitch "
            "still scores the points it wins.")


_MISTAKES = {"deal": _deal_mistake, "calls": _calls_mistake, "legal-plays": _legal_mistake,
             "points": _points_mistake, "hand-score": _score_mistake, "match": _match_mistake,
             "bid": _bid_mistake}


__all__ = ["QUIZ", "SITUATIONS", "TABLES", "PitchQuiz", "award_words", "call_label",
           "finished", "new_hand", "play_on", "point_cards", "score_words", "seat_words",
           "signed", "situation", "table", "trick_line"]
