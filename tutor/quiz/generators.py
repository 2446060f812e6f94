"""The generic question kinds of the Tapp family (Six-Bid Solo, Frog): one generator per kind,
each a pure function of a game's quiz, a seed and a seeded ``random.Random``.

Positions come from real deals played as players play them: the game's ``new_deal`` with a
seeded ``random.Random``, an auction won by the seat whose hand suits the contract best by the
game's hand count (:meth:`TappQuiz.bidder_for`), the declaration and every card by the rule bot
(:class:`tutor.bots.rule_bot.RuleBot`), each through the engine's checked ``apply``. Every
answer is the engine's (``legal_actions``, the winner it recorded for a
trick, ``to_move`` and ``bidder`` after the calls, ``chips()``, ``bidder_points()``, the deck's
rank order) — never a table written here. The explanations restate the rule in words and cite
its id; the numbers in them come from the engine too.

The kinds (:data:`GENERIC`): ``card-order`` (SBS-2), ``points`` (SBS-3 and the game's P rule),
``deal`` (SBS-5, SBS-8, SBS-V2), ``legal-plays`` (SBS-23, pick every legal card),
``trick-winner`` (SBS-24), ``auction`` (SBS-13..17, SBS-16a), ``settlement`` (the game's).
What differs between the games — which contracts a random deal is bid in, what P counts, how a
deal is settled, who leads first — a game says through its :class:`TappQuiz`, which lives in the
game's folder (``tutor/games/<game>/quiz.py``) with the kinds only that game has; the registry
(:mod:`tutor.quiz.registry`) puts them together.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cmp_to_key
from itertools import permutations
from typing import Any, ClassVar

from ..bots import make_bot
from ..cards import DECK_36, DECK_52, Card, Rank, Suit, card_label
from ..errors import IllegalActionError
from ..games import spec
from ..games.presentation import POSITIONS
from ..games.tapp import (
    AUCTION,
    CALL_BASE,
    CARDS,
    DECLARE,
    PASS,
    PLAY,
    POINTS,
    SUIT_MASK,
    SUIT_OF,
    TappGame,
    TappState,
    mask_cards,
    mask_points,
)
from .adapter import CourseLesson as CourseLesson  # the games' quiz modules import it here
from .adapter import GameQuiz, tagged
from .adapter import Generator as Generator  # the type the games' quiz modules import here
from .core import AnswerKey, Choice, Question


# --- a game's part in the generic kinds ---------------------------------------------------------
@dataclass(frozen=True)
class PTerms:
    """What the bidder's P counts besides the tricks, in a game's words (the ``points`` kind)."""

    cards: int  # the mask of the cards laid away that count (the widow, or Frog's discard)
    label: str  # their name in the facts: ``Widow``, ``Discard``
    key: str  # their key in the question's context: ``widow``, ``discard``
    explanation: str  # the P rule with its id and the figures: ``SBS-12: P is ... P = 75.``
    rules: tuple[str, ...]  # the rule ids of that sentence, first


@dataclass(frozen=True)
class SettlementTerms:
    """How a finished deal is settled, in a game's words (the ``settlement`` kind)."""

    core: str  # what each opponent pays and why, with the rule ids
    who: str  # who settles with whom (SBS-27, SBS-V2 ...)
    rules: tuple[str, ...]
    wrong_each: tuple[int, ...]  # typical slips in the amount per opponent


class TappQuiz(GameQuiz):
    """A Tapp-family game's part in the quiz: the game-specific choices and words the generic
    kinds ask for, and the game's own kinds. One instance per game (``QUIZ`` in the game's
    ``quiz.py``); it holds no state."""

    #: the generic kinds this game takes (:data:`GENERIC`), in the order a session asks them
    generic_kinds: ClassVar[tuple[str, ...]] = (
        "card-order", "points", "deal", "legal-plays", "trick-winner", "auction", "settlement")
    #: how often a randomly bid deal is in each contract (lowest first)
    contract_weights: ClassVar[tuple[int, ...]] = ()
    #: the contracts whose P (card points won, with what else counts) decides the deal
    point_contracts: ClassVar[tuple[int, ...]] = ()
    #: the rule ids the play kinds cite: following suit and trumping, the trick's winner, the
    #: next lead, the order of the cards in a suit (Six-Bid Solo's, which Frog inherits)
    follow_rule: ClassVar[str] = "SBS-23"
    win_rule: ClassVar[str] = "SBS-24"
    next_lead_rule: ClassVar[str] = "SBS-25"
    order_rule: ClassVar[str] = "SBS-2"
    def game(self, options: Mapping[str, Any] | None = None) -> TappGame[Any]:
        """The game with ``options`` (the defaults when None)."""
        found = spec(self.game_id)
        game = found.make(options) if options else found.game()
        assert isinstance(game, TappGame)
        return game

    def kinds(self) -> dict[str, tuple[str, Generator]]:
        """Every kind of this game, in order: kind -> (title, generator)."""
        out: dict[str, tuple[str, Generator]] = {}
        for kind in self.generic_kinds:
            title, make = GENERIC[kind]
            out[kind] = (title, tagged(_bound(make, self), self.game_id))
        return {**out, **super().kinds()}

    # -- choices a generic kind leaves to the game --
    def table_options(self, rng: random.Random, players: int) -> dict[str, Any]:
        """Options besides the seating for a table of ``players`` (drawn from ``rng``)."""
        return {}

    def pick_contract(self, rng: random.Random) -> int:
        """A contract for a randomly bid deal, by :attr:`contract_weights`."""
        w = self.contract_weights
        return rng.choices(range(1, len(w) + 1), weights=w)[0]

    def contract_phrase(self, contract: str) -> str:
        """The contract's name in a sentence (``in Solo``, ``in the Frog bid``)."""
        return self.presentation.contract_name(contract)

    # -- the positions of the play kinds --
    def play_deal(self, rng: random.Random) -> TappState:
        """A deal bid and declared, ready for the first lead, for the play kinds (legal plays,
        the trick's winner): by default :func:`bid_deal` at the game's default table."""
        return bid_deal(self, rng, self.game())

    def play_on(self, state: TappState, rng: random.Random) -> list[TappState]:
        """Play ``state`` to the end; the state before every card (copies). By default the rule
        bot's cards, as a club player would play them (:func:`bot_play_out`)."""
        return bot_play_out(state)

    def bidder_for(self, state: TappState, contract: int, rng: random.Random) -> int:
        """The active seat that bids ``contract`` (its number, 1..) in a deal made for a
        question: by default one drawn at random; a game with a hand count picks the hand it
        rates best for that contract."""
        return state.active[rng.randrange(len(state.active))]

    def play_context(self, state: TappState) -> dict[str, Any]:
        """Public facts of a play question besides the contract's (the table size ...)."""
        return {}

    def play_facts(self, state: TappState) -> list[tuple[str, str]]:
        """Facts a trick question shows before the contract (the table ...)."""
        return []

    # -- the game's words --
    def first_lead(self) -> tuple[str, str]:
        """Who leads the first trick, in words, and the rule id."""
        raise NotImplementedError

    def p_terms(self, state: TappState) -> PTerms:
        """What P counts in ``state``'s finished deal besides the bidder's tricks."""
        raise NotImplementedError

    def opponent_amount(self, state: TappState) -> int:
        """What each opponent pays the bidder in ``state``'s finished deal (negative: the
        bidder pays each)."""
        raise NotImplementedError

    def settlement_terms(self, state: TappState, amount: int, payers: Sequence[int],
                         opponents: Sequence[int]) -> SettlementTerms:
        """How ``state``'s finished deal is settled: ``amount`` with each of ``payers``."""
        raise NotImplementedError

    def settlement_facts(self, state: TappState) -> list[tuple[str, str]]:
        """The facts a settlement question shows besides the table, bidder, contract, tricks."""
        raise NotImplementedError

    def settlement_context(self, state: TappState) -> dict[str, Any]:
        """The game's settlement facts as data (options, P) for a question's context."""
        raise NotImplementedError


def _bound(make: Callable[[TappQuiz, int, random.Random], Question], quiz: TappQuiz
           ) -> Generator:
    """A generic kind's generator for ``quiz``'s game."""
    def generate(seed: int, rng: random.Random) -> Question:
        return make(quiz, seed, rng)

    generate.__name__ = make.__name__
    generate.__doc__ = make.__doc__
    return generate


# --- small helpers --------------------------------------------------------------------------------
def seat_text(quiz: TappQuiz, seat: int, active: Sequence[int], dealer: int | None = None) -> str:
    """``seat 1 (forehand)``, ``seat 3 (sits out, dealer)``."""
    return quiz.presentation.seat_label(seat, active, dealer)


def trump_of(state: TappState) -> int:
    """The trump suit in play, -1 for none (Six-Bid Solo's misères, SBS-24)."""
    return state.trump


def contract_text(quiz: TappQuiz, state: TappState) -> str:
    """``Solo, trump ♠``; ``Misère, no trump``."""
    trump = trump_of(state)
    return quiz.presentation.contract_words(state.contract_id,
                                            Suit(trump) if trump >= 0 else None)


def contract_context(state: TappState) -> dict[str, object]:
    """The public facts of a deal's contract as data: contract id, trump letter, bidder."""
    trump = trump_of(state)
    return {"contract": state.contract_id, "trump": "CSHD"[trump] if trump >= 0 else None,
            "bidder": state.bidder, "dealer": state.dealer, "active": list(state.active)}


def bid_deal(quiz: TappQuiz, rng: random.Random, game: TappGame[Any],
             contract: int | None = None) -> TappState:
    """A fresh deal whose auction the seat :meth:`TappQuiz.bidder_for` picks wins with
    ``contract``, declared by the rule bot, ready for the first lead — every call and step
    through the checked ``apply``."""
    state: TappState = game.new_deal(rng, rng.randrange(game.players))
    target = contract or quiz.pick_contract(rng)
    bidder = quiz.bidder_for(state, target, rng)
    bid = False
    while state.phase == AUCTION:
        if state.to_move == bidder and not bid:
            state.apply(CALL_BASE + target)
            bid = True
        else:
            state.apply(PASS)
    bot = make_bot("rule")
    while state.phase == DECLARE:
        state.apply(bot.act(state.view(bidder))[0])
    return state


def bot_play_out(state: TappState) -> list[TappState]:
    """The rule bot's cards to the end of the deal, each from its seat's view only; the state
    before every card (copies)."""
    bot = make_bot("rule")
    before: list[TappState] = []
    while state.phase == PLAY:
        before.append(state.copy())
        seat = state.to_move
        assert seat is not None
        state.apply(bot.act(state.view(seat))[0])
    return before


def play_out(state: TappState, rng: random.Random) -> list[TappState]:
    """Play random legal cards to the end; return the state before every card (copies)."""
    before: list[TappState] = []
    while state.phase == PLAY:
        before.append(state.copy())
        state.apply(rng.choice(state.legal_actions()))
    return before


def number_choices(rng: random.Random, correct: int, wrongs: Sequence[int], *, n: int = 4,
                   signed: bool = False, step: int = 1) -> tuple[Choice, ...]:
    """``n`` numeric choices: the right one, the typical mistakes first, then near misses."""
    pool: list[int] = []
    for w in wrongs:
        if w != correct and w not in pool and (signed or w >= 0):
            pool.append(w)
    pool = pool[: n - 1] if len(pool) <= n - 1 else rng.sample(pool, n - 1)
    near = [correct + d * step for d in (1, -1, 2, -2, 3, -3, 5, -5, 10, -10)]
    rng.shuffle(near)
    for w in near:
        if len(pool) >= n - 1:
            break
        if w != correct and w not in pool and (signed or w >= 0):
            pool.append(w)
    values = sorted([correct, *pool])
    return tuple(Choice(str(v), f"{v:+d}" if signed and v else str(v)) for v in values)


def _seat_choices(quiz: TappQuiz, seats: Sequence[int], active: Sequence[int],
                  dealer: int | None = None) -> tuple[Choice, ...]:
    return tuple(Choice(str(s), seat_text(quiz, s, active, dealer)) for s in seats)


# --- card order (SBS-2) ---------------------------------------------------------------------------
def _outranks(a: Card, b: Card) -> int:
    return -1 if DECK_36.beats(a, b) else (1 if DECK_36.beats(b, a) else 0)


def card_order(quiz: TappQuiz, seed: int, rng: random.Random) -> Question:
    """Which card of one suit ranks higher / highest / lowest, or which list is in order
    (SBS-2)."""
    suit = Suit(rng.randrange(4))
    ranks = list(DECK_36.ranks)
    variant = rng.choice(("higher", "highest", "lowest", "order"))
    k = 2 if variant == "higher" else rng.choice((3, 4))
    if rng.random() < 0.5:  # the trap of this game: the ten above the king
        others = [r for r in ranks if r not in (Rank.TEN, Rank.KING)]
        picked = [Rank.TEN, Rank.KING, *rng.sample(others, k - 2)]
    else:
        picked = rng.sample(ranks, k)
    rng.shuffle(picked)
    cards = [Card(r, suit) for r in picked]
    ordered = sorted(cards, key=cmp_to_key(_outranks))  # highest first, by the deck's order
    order_words = " ".join("10" if r is Rank.TEN else r.letter for r in DECK_36.ranks)
    rule = (f"SBS-2: in every suit, trump included, the order from the top is {order_words} — "
            f"the ten ranks above the king.")
    if variant == "order":
        return _put_in_order(seed, rng, ordered, rule)
    answer = ordered[-1] if variant == "lowest" else ordered[0]
    names = " or ".join(card_label(c) for c in cards) if k == 2 else None
    prompt = {
        "higher": f"Which card ranks higher: {names}?",
        "highest": "Which of these cards ranks highest?",
        "lowest": "Which of these cards ranks lowest?",
    }[variant]
    explanation = (
        f"{rule} Here, highest first: "
        f"{' '.join(card_label(c) for c in ordered)}, so {card_label(answer)} is "
        f"{'the lowest' if variant == 'lowest' else 'higher' if k == 2 else 'the highest'}.")
    return Question(
        kind="card-order", seed=seed, prompt=prompt,
        choices=tuple(Choice(c.text, card_label(c)) for c in cards), multi=False,
        rules=("SBS-2",), cards=tuple(cards), context={"variant": variant},
        _key=AnswerKey(frozenset({answer.text}), explanation, ("SBS-2",)))


def _put_in_order(seed: int, rng: random.Random, ordered: list[Card], rule: str) -> Question:
    """Which list runs from the highest card to the lowest? The wrong lists are the usual
    slips: the order of most other games (10 below the jack), lowest first, one swap."""
    # A K Q J 10 9 ...: the order the learner may bring along (the 52-card deck's, PI-1)
    slips = [sorted(ordered, key=DECK_52.strength, reverse=True), ordered[::-1]]
    i = rng.randrange(len(ordered) - 1)
    slips.append([*ordered[:i], ordered[i + 1], ordered[i], *ordered[i + 2:]])
    others = [list(p) for p in permutations(ordered)]
    rng.shuffle(others)
    slips += others  # then any other order, so there are always four distinct lists
    lists = [ordered]
    for s in slips:
        if s not in lists and len(lists) < 4:
            lists.append(s)
    rng.shuffle(lists)

    def value(cs: Sequence[Card]) -> str:
        return " ".join(c.text for c in cs)

    def label(cs: Sequence[Card]) -> str:
        return " ".join(card_label(c) for c in cs)

    explanation = f"{rule} Highest first: {label(ordered)}."
    return Question(
        kind="card-order", seed=seed,
        prompt="Which list puts these cards in order, from the highest to the lowest?",
        choices=tuple(Choice(value(cs), label(cs)) for cs in lists), multi=False,
        rules=("SBS-2",), cards=tuple(rng.sample(ordered, len(ordered))),
        context={"variant": "order"},
        _key=AnswerKey(frozenset({value(ordered)}), explanation, ("SBS-2",)))


# --- points (SBS-3 and the game's P) --------------------------------------------------------------
def _points_mistakes(cards: Sequence[int]) -> list[int]:
    """Typical miscounts: the ten as nothing, the king as ten, the ace as one."""
    total = sum(POINTS[c] for c in cards)
    tens = sum(1 for c in cards if CARDS[c].rank is Rank.TEN)
    kings = sum(1 for c in cards if CARDS[c].rank is Rank.KING)
    aces = sum(1 for c in cards if CARDS[c].rank is Rank.ACE)
    return [total - 10 * tens, total + 6 * kings, total - 10 * aces,
            total - 10 * tens + 6 * kings]


POINTS_RULE = ("SBS-3: A 11, 10 10, K 4, Q 3, J 2, and 9 8 7 6 nothing, whatever the suit.")


def points(quiz: TappQuiz, seed: int, rng: random.Random) -> Question:
    """Count card points: a trick, a handful of cards, or the bidder's P (SBS-3 and the game's
    P rule: SBS-12, FR-1)."""
    variant = rng.choice(("trick", "cards", "bidder"))
    game = quiz.game()
    if variant == "bidder":
        state = bid_deal(quiz, rng, game, rng.choice(quiz.point_contracts))
        quiz.play_on(state, rng)
        bidder = state.bidder
        assert bidder is not None and state.contract_id is not None
        won = mask_cards(state.won_cards[bidder])
        terms = quiz.p_terms(state)
        extra = mask_cards(terms.cards)
        in_tricks = state.won_points[bidder]
        extra_pts = mask_points(terms.cards)
        p = state.bidder_points()  # the engine's P
        phrase = quiz.contract_phrase(state.contract_id)
        explanation = f"{terms.explanation} {POINTS_RULE}"
        rules = (*terms.rules, "SBS-3")
        return Question(
            kind="points", seed=seed,
            prompt=(f"The deal is over. These are the cards in the tricks the bidder won in "
                    f"{phrase}. What is the bidder's P?"),
            choices=number_choices(rng, p, [in_tricks, extra_pts, p - extra_pts + 10,
                                            120 - p]),
            multi=False, rules=rules, cards=tuple(CARDS[c] for c in won),
            facts=(("Contract", contract_text(quiz, state)),
                   (terms.label, " ".join(card_label(CARDS[c]) for c in extra)),
                   ("Tricks won by the bidder", str(state.won_tricks[bidder]))),
            context={"variant": variant, **contract_context(state),
                     terms.key: [CARDS[c].text for c in extra]},
            _key=AnswerKey(frozenset({str(p)}), explanation, rules))
    if variant == "trick":
        state = bid_deal(quiz, rng, game)
        quiz.play_on(state, rng)
        _, cards, _ = rng.choice(state.tricks)
        shown = list(cards)
        prompt = "How many card points are in this trick?"
    else:
        shown = rng.sample(range(36), rng.randint(4, 7))
        prompt = "How many card points do these cards hold together?"
    total = sum(POINTS[c] for c in shown)  # the engine's point table (SBS-3)
    parts = " + ".join(f"{card_label(CARDS[c])} {POINTS[c]}" for c in shown)
    explanation = f"{POINTS_RULE} Here: {parts} = {total}."
    return Question(
        kind="points", seed=seed, prompt=prompt,
        choices=number_choices(rng, total, _points_mistakes(shown)), multi=False,
        rules=("SBS-3",), cards=tuple(CARDS[c] for c in shown), context={"variant": variant},
        _key=AnswerKey(frozenset({str(total)}), explanation, ("SBS-3",)))


# --- deal structure (SBS-5, SBS-8, SBS-V2) --------------------------------------------------------
SITOUT_WORDS = {
    "hoyle": "the player two seats to the dealer's right",
    "next_dealer": "the player on the dealer's left",
    "second_next_dealer": "the player two seats to the dealer's left",
}


def table_game(quiz: TappQuiz, rng: random.Random, players: int | None = None
               ) -> TappGame[Any]:
    """A game of 3, 4 or 5 players (``players``, else drawn), the sit-out rule drawn for 5
    (SBS-V2), and whatever else the game's quiz draws (:meth:`TappQuiz.table_options`)."""
    n = players or rng.choice((3, 3, 4, 5))
    opts: dict[str, object] = {"players": n}
    if n == 5:
        opts["five_player_sitout"] = rng.choice(tuple(SITOUT_WORDS))
    opts.update(quiz.table_options(rng, n))
    return quiz.game(opts)


def table_words(game: TappGame[Any], dealer: int) -> str:
    n = game.players
    text = f"{n} players, seats 0..{n - 1} clockwise; seat {dealer} deals"
    if n == 5:
        rule = game.options.five_player_sitout
        text += (f"; the second player to sit out is {SITOUT_WORDS[rule]}"
                 " (the table's sit-out rule)")
    return text


def _active_words(state: TappState) -> str:
    return ", ".join(f"{POSITIONS[i]} seat {s}" for i, s in enumerate(state.active))


def deal(quiz: TappQuiz, seed: int, rng: random.Random) -> Question:
    """Who is forehand / middlehand / endhand, who sits out, where a card of the pack goes."""
    variant = rng.choice(("position", "sitout", "packet", "count"))
    game = table_game(quiz, rng, rng.choice((4, 5)) if variant in ("sitout", "count") else None)
    dealer = rng.randrange(game.players)
    state = game.new_deal(rng, dealer)  # the engine decides who is active (SBS-5, SBS-V2)
    n = game.players
    seats = tuple(range(n))
    sitting = [s for s in seats if s not in state.active]
    v2 = ""
    if n == 4:
        v2 = " SBS-V2: with 4 players the dealer receives no cards."
    elif n == 5:
        v2 = (f" SBS-V2: with 5 players the dealer and "
              f"{SITOUT_WORDS[game.options.five_player_sitout]} receive no cards "
              f"(here seats {' and '.join(map(str, sitting))}).")
    rules = ("SBS-5", "SBS-V2") if n > 3 else ("SBS-5",)
    base = (f"SBS-5: the active players clockwise from the dealer's left are forehand, "
            f"middlehand and endhand; with 3 players endhand is the dealer.{v2} "
            f"Here: {_active_words(state)}.")
    facts = (("Table", table_words(game, dealer)),)
    context: dict[str, object] = {"variant": variant, "players": n, "dealer": dealer,
                                  "five_player_sitout": game.options.five_player_sitout}
    if variant == "position":
        pos = rng.randrange(3)
        answer = state.active[pos]
        return Question(
            kind="deal", seed=seed, prompt=f"Who is {POSITIONS[pos]} in this deal?",
            choices=tuple(Choice(str(s), f"seat {s}") for s in seats), multi=False,
            rules=rules, facts=facts, context={**context, "position": POSITIONS[pos]},
            _key=AnswerKey(frozenset({str(answer)}), base, rules))
    if variant == "sitout":
        return Question(
            kind="deal", seed=seed,
            prompt="Who receives no cards in this deal? Pick every such seat.",
            choices=tuple(Choice(str(s), f"seat {s}") for s in seats), multi=True,
            rules=("SBS-V2", "SBS-5"), facts=facts, context=context,
            _key=AnswerKey(frozenset(str(s) for s in sitting), base, ("SBS-V2", "SBS-5"),
                           {str(s): ("receives no cards too." if s in sitting else
                                     f"is {POSITIONS[state.active.index(s)]}, so receives "
                                     "cards.")
                            for s in seats}))
    if variant == "count":
        # a seat that sits out half the time: the SBS-V2 slip is to deal it cards anyway
        seat = rng.choice(sitting) if rng.random() < 0.5 else rng.choice(state.active)
        held = state.hands[seat].bit_count()  # the engine's deal
        why = ("it sits out this deal and receives no cards" if held == 0 else
               f"it is {POSITIONS[state.active.index(seat)]}, and each active player receives "
               f"4 + 3 + 4 = 11 cards, and 3 go to the widow")
        rules_c = ("SBS-V2", "SBS-8", "SBS-5")
        return Question(
            kind="deal", seed=seed, prompt=f"How many cards does seat {seat} receive?",
            choices=tuple(Choice(str(v), str(v)) for v in (0, 3, 9, 11, 12)), multi=False,
            rules=rules_c, facts=facts, context={**context, "seat": seat},
            _key=AnswerKey(frozenset({str(held)}), f"{base} Seat {seat}: {why} (SBS-8).",
                           rules_c))
    # packet: deal a pack in known order and see where the k-th card lands (SBS-8)
    k = rng.randrange(36)
    dealt = game.deal_from_deck(list(range(36)), dealer)
    if dealt.widow >> k & 1:
        where = "widow"
    else:
        holder = next(s for s in seats if dealt.hands[s] >> k & 1)
        where = POSITIONS[dealt.active.index(holder)]
    explanation = (
        "SBS-8: the dealer deals from the top, forehand first, clockwise: cards 1–12 go 4 "
        "each to forehand, middlehand, endhand; 13–21 go 3 each; 22–24 face down to the "
        f"widow; 25–36 go 4 each. Card {k + 1} goes to the {where}.")
    return Question(
        kind="deal", seed=seed,
        prompt=(f"After the cut, the dealer deals the pack from the top in packets "
                f"(4 each, 3 each, the widow, 4 each). Where does card number {k + 1} from "
                f"the top go?"),
        choices=tuple(Choice(w, w) for w in (*POSITIONS, "widow")), multi=False,
        rules=("SBS-8",), facts=facts, context={**context, "card_number": k + 1},
        _key=AnswerKey(frozenset({where}), explanation, ("SBS-8",)))


# --- legal plays (SBS-23) -------------------------------------------------------------------------
def _situation(state: TappState) -> str:
    """lead | follow | trump | discard: which branch of SBS-23 binds the player to move."""
    seat = state.to_move
    assert seat is not None
    if not state.trick:
        return "lead"
    hand = state.hands[seat]
    led = SUIT_OF[state.trick[0]]
    if hand & SUIT_MASK[led]:
        return "follow"
    trump = trump_of(state)
    if trump >= 0 and hand & SUIT_MASK[trump]:
        return "trump"
    return "discard"


def legal_plays(quiz: TappQuiz, seed: int, rng: random.Random) -> Question:
    """Pick every card the player to move may legally play (SBS-23; the game's
    :attr:`TappQuiz.follow_rule`)."""
    state = quiz.play_deal(rng)
    history = [s for s in quiz.play_on(state, rng) if s.hands[s.to_move or 0].bit_count() >= 3]
    by_kind: dict[str, list[TappState]] = {}
    for s in history:
        by_kind.setdefault(_situation(s), []).append(s)
    weights = {"follow": 4, "trump": 3, "discard": 2, "lead": 1}
    kinds = sorted(by_kind)
    kind = rng.choices(kinds, weights=[weights[k] for k in kinds])[0]
    pos = rng.choice(by_kind[kind])
    seat = pos.to_move
    assert seat is not None
    legal = set(pos.legal_actions())  # the engine's answer
    hand = mask_cards(pos.hands[seat])
    reasons: dict[str, str] = {}
    for c in hand:
        trial = pos.copy()
        try:
            trial.apply(c)
        except IllegalActionError as e:
            reasons[CARDS[c].text] = f"illegal — {e.rule}: {e.detail}."
        else:
            reasons[CARDS[c].text] = "legal too."
    trump = trump_of(pos)
    first = not pos.tricks
    follow, nxt = quiz.follow_rule, quiz.next_lead_rule
    rules: tuple[str, ...]
    if kind == "lead":
        lead_words, lead_rule = quiz.first_lead()
        rules = tuple(dict.fromkeys((lead_rule, follow) if first else (nxt, follow)))
        why = (lead_words if first else
               f"the winner of the last trick leads the next ({nxt})")
        explanation = (f"You lead this trick — {why} — and {follow} binds only the players who "
                       f"follow: every card in your hand is legal.")
    else:
        led = Suit(SUIT_OF[pos.trick[0]])
        rules = (follow,)
        if kind == "follow":
            n_led = (pos.hands[seat] & SUIT_MASK[led]).bit_count()
            held = f"{n_led} {led.noun}" if n_led != 1 else f"one {led.noun.removesuffix('s')}"
            explanation = (f"{follow}: {led.symbol} was led and you hold {held}: "
                           f"you must follow suit — with any of them, high or low (there is no "
                           f"obligation to head the trick).")
        elif kind == "trump":
            explanation = (f"{follow}: {led.symbol} was led and you have none, but you hold "
                           f"trumps ({Suit(trump).symbol}): you must play a trump — any trump "
                           f"(there is no obligation to over-trump).")
        else:
            no_trump = (f"there is no trump in this contract ({quiz.win_rule})" if trump < 0
                        else f"you hold no trump ({Suit(trump).symbol})")
            if trump < 0:
                rules = tuple(dict.fromkeys((follow, quiz.win_rule)))
            explanation = (f"{follow}: {led.symbol} was led, you have none, and {no_trump}: "
                           f"any card of your hand is legal.")
    view = replace(pos.view(seat), legal=())  # the legal list is the answer: never shown
    return Question(
        kind="legal-plays", seed=seed,
        prompt=f"You are seat {seat}. Pick every card you may legally play now.",
        choices=tuple(Choice(CARDS[c].text, card_label(CARDS[c])) for c in hand), multi=True,
        rules=rules, view=view, context={**contract_context(pos), **quiz.play_context(pos)},
        _key=AnswerKey(frozenset(CARDS[c].text for c in legal), explanation, rules, reasons))


# --- trick winner (SBS-24) ------------------------------------------------------------------------
def trick_winner(quiz: TappQuiz, seed: int, rng: random.Random) -> Question:
    """Who wins this trick? (SBS-24; SBS-2 inside a suit — the game's
    :attr:`TappQuiz.win_rule` and :attr:`TappQuiz.order_rule`)"""
    state = quiz.play_deal(rng)
    quiz.play_on(state, rng)
    trump = trump_of(state)

    def interest(t: tuple[int, tuple[int, ...], int]) -> int:
        _, cs, _ = t
        led = SUIT_OF[cs[0]]
        ruffed = trump >= 0 and led != trump and any(SUIT_OF[c] == trump for c in cs)
        ranks = {CARDS[c].rank for c in cs if SUIT_OF[c] == led}
        return 1 + 3 * ruffed + 3 * ({Rank.TEN, Rank.KING} <= ranks)

    tricks = state.tricks
    leader, cards, winner = rng.choices(tricks, weights=[interest(t) for t in tricks])[0]
    seats = [leader]
    while len(seats) < len(cards):  # one card from each active seat, clockwise
        seats.append(state.next_active(seats[-1]))
    led = Suit(SUIT_OF[cards[0]])
    best = cards[seats.index(winner)]
    trumps = [c for c in cards if SUIT_OF[c] == trump]
    order = " ".join("10" if r is Rank.TEN else r.letter for r in DECK_36.ranks)
    if trumps:
        how = (f"{Suit(trump).symbol} is trump and the trick holds "
               f"{'a trump' if len(trumps) == 1 else 'trumps'}: the highest trump, "
               f"{card_label(CARDS[best])}, wins")
    else:
        why_none = ("there is no trump in this contract" if trump < 0
                    else f"no trump ({Suit(trump).symbol}) was played")
        how = (f"{why_none}, so the highest card of the led suit {led.symbol} wins: "
               f"{card_label(CARDS[best])} (cards of another suit never win)")
    rules: tuple[str, ...] = tuple(dict.fromkeys((quiz.win_rule, quiz.order_rule)))
    explanation = (f"{quiz.win_rule}: {how}. {quiz.order_rule}: the order in a suit is "
                   f"{order}.")
    return Question(
        kind="trick-winner", seed=seed, prompt="Who wins this trick?",
        choices=tuple(Choice(str(s), f"seat {s} — {card_label(CARDS[c])}")
                      for s, c in zip(seats, cards, strict=True)),
        multi=False, rules=rules,
        trick=tuple((s, CARDS[c]) for s, c in zip(seats, cards, strict=True)),
        active=state.active, facts=(*quiz.play_facts(state),
                                    ("Contract", contract_text(quiz, state)),
                                    ("Led by", f"seat {leader}")),
        context={**contract_context(state), "leader": leader, **quiz.play_context(state)},
        _key=AnswerKey(frozenset({str(winner)}), explanation, rules))


# --- auction (SBS-13..17, SBS-16a) ----------------------------------------------------------------
def _random_auction(rng: random.Random, state: TappState) -> list[TappState]:
    """Random legal calls to the end of the auction; the states before each call (copies)."""
    before: list[TappState] = []
    while state.phase == AUCTION:
        before.append(state.copy())
        legal = state.legal_actions()
        bids = [a for a in legal if a != PASS]
        if not bids or rng.random() < 0.45:
            state.apply(PASS)
        else:  # mostly the next contract or two up, as players do
            state.apply(bids[min(int(rng.expovariate(0.9)), len(bids) - 1)])
    return before


def _calls_of(state: TappState) -> tuple[tuple[int, str], ...]:
    return state.view(state.active[0]).calls  # every seat's view carries every call


def auction(quiz: TappQuiz, seed: int, rng: random.Random) -> Question:
    """Who speaks next, which calls are legal, who wins the auction (SBS-13..17, SBS-16a)."""
    variant = rng.choice(("next", "calls", "winner"))
    game = quiz.game()
    words = quiz.presentation
    state: TappState = game.new_deal(rng, rng.randrange(3))
    before = _random_auction(rng, state)
    active = state.active
    choices = _seat_choices(quiz, active, active)
    if variant == "winner":
        calls = _calls_of(state)
        if state.bidder is None:
            answer = "none"
            explanation = ("SBS-17: all three passed, so nobody plays: the cards are thrown in "
                           "and the next dealer deals (SBS-16a, step (1)).")
            rules: tuple[str, ...] = ("SBS-17", "SBS-16a")
        else:
            answer = str(state.bidder)
            assert state.contract_id is not None
            name = words.contract_name(state.contract_id)
            explanation = (f"SBS-16a, step (2): seat {state.bidder} named {name} and is the only "
                           f"player who has not passed, so seat {state.bidder} is the bidder "
                           f"and must play {name} (SBS-18).")
            rules = ("SBS-16a", "SBS-18")
        return Question(
            kind="auction", seed=seed, prompt="The auction is over. Who is the bidder?",
            choices=(*choices, Choice("none", "nobody — the deal is thrown in")), multi=False,
            rules=rules, calls=calls, active=active,
            context={"variant": variant, "dealer": state.dealer},
            _key=AnswerKey(frozenset({answer}), explanation, rules))
    started = [s for s in before if s.history()] or before
    if variant == "calls":  # prefer a position with a bid standing
        standing = [s for s in started if s.high > 0]
        pos = rng.choice(standing or started)
        seat = pos.to_move
        assert seat is not None
        legal = {pos.token(a) for a in pos.legal_actions()}
        values = ["pass", *pos.CONTRACTS]
        reasons: dict[str, str] = {}
        for t in values:
            trial = pos.copy()
            try:
                trial.apply(game.parse_call(t))
            except IllegalActionError as e:
                reasons[t] = f"illegal — {e.rule}: {e.detail}."
            else:
                reasons[t] = "legal too."
        if pos.high:
            stand = words.contract_name(pos.CONTRACTS[pos.high - 1])
            explanation = (f"SBS-14: a bid must name a strictly higher contract than the one "
                           f"standing ({stand}); passing is always allowed (SBS-13).")
        else:
            explanation = ("SBS-13: nobody has bid yet, so any contract may be named, or pass "
                           "(SBS-14 asks only for a strictly higher contract than a standing "
                           "one).")
        rules = ("SBS-14", "SBS-13")
        return Question(
            kind="auction", seed=seed,
            prompt=(f"It is the turn of {seat_text(quiz, seat, active)}. Pick every call seat "
                    f"{seat} may make."),
            choices=tuple(Choice(t, words.call_words(t)) for t in values),
            multi=True, rules=rules, calls=_calls_of(pos), active=active,
            context={"variant": variant, "dealer": pos.dealer, "seat": seat},
            _key=AnswerKey(frozenset(t for t in values if t in legal), explanation, rules,
                           reasons))
    # next: who speaks next? The engine's to_move after the calls so far.
    pos = rng.choice(started)
    nxt = pos.to_move
    assert nxt is not None
    calls = _calls_of(pos)
    _, last = calls[-1]
    spoken = {s for s, _ in calls}
    if last != "pass" and nxt in spoken:
        clause = (f"step (3): after a bid, the other player still in who has already spoken "
                  f"answers it — seat {nxt}")
    elif last != "pass":
        clause = (f"step (3): after a bid, when no other player still in has spoken, the first "
                  f"of middlehand and endhand who has not spoken yet speaks — seat {nxt}")
    else:
        clause = (f"step (4): after a pass, the first of middlehand and endhand who has not "
                  f"spoken yet speaks — seat {nxt}")
    explanation = (f"SBS-16a, {clause}. A player who has passed is out of the auction for "
                   f"the rest of the deal (SBS-14).")
    rules = ("SBS-16a", "SBS-14")
    return Question(
        kind="auction", seed=seed, prompt="Who speaks next in this auction?",
        choices=choices, multi=False, rules=rules, calls=calls, active=active,
        context={"variant": "next", "dealer": pos.dealer},
        _key=AnswerKey(frozenset({str(nxt)}), explanation, rules))


# --- settlement (the game's rules; SBS-27, SBS-V2) ------------------------------------------------
def settlement(quiz: TappQuiz, seed: int, rng: random.Random) -> Question:
    """Chips for a finished deal: the bidder's total or one opponent's (the game's settlement
    rules: SBS-10/11/27/V2, FR-1/4/5)."""
    game = table_game(quiz, rng)
    state = bid_deal(quiz, rng, game)
    quiz.play_on(state, rng)
    bidder = state.bidder
    assert bidder is not None
    chips = state.chips()  # the engine's settlement
    amount = quiz.opponent_amount(state)
    n = game.players
    opponents = [s for s in range(n) if s != bidder]
    payers = [s for s in opponents if chips[s] != 0]
    variant = rng.choice(("bidder", "opponent"))
    terms = quiz.settlement_terms(state, amount, payers, opponents)
    facts = [("Table", table_words(game, state.dealer)),
             ("Bidder", seat_text(quiz, bidder, state.active)),
             ("Contract", contract_text(quiz, state)),
             ("Bidder's tricks", str(state.won_tricks[bidder])),
             *quiz.settlement_facts(state)]
    if variant == "bidder":
        answer = chips[bidder]
        total = (f"The bidder's total is {len(payers)} × {amount} = {answer}." if payers
                 else "Nothing changes hands.")
        explanation = f"{terms.core} {terms.who} {total}"
        wrongs = [w * len(payers or opponents) for w in terms.wrong_each] + [
            amount, amount * (n - 1), amount * 2, -answer]
        prompt = "How many chips does the bidder win in all (negative: lose)?"
    else:
        # an opponent: with 4-5 players prefer one who sat out — the classic slip
        out = [s for s in opponents if s not in state.active]
        seat = rng.choice(out) if out and rng.random() < 0.6 else rng.choice(opponents)
        answer = chips[seat]
        if answer == 0 and amount != 0:
            end = f"Seat {seat} sat out and pays nothing here: 0."
        else:
            end = (f"Seat {seat} {'pays' if answer < 0 else 'receives'} {abs(answer)}: "
                   f"{answer:+d}." if answer else "Nothing changes hands: 0.")
        explanation = f"{terms.core} {terms.who} {end}"
        wrongs = [-answer, 0, *(-w for w in terms.wrong_each), answer * 2]
        prompt = f"How many chips does seat {seat} win or lose in this deal?"
    rules_t = tuple(dict.fromkeys(terms.rules))
    context = {**contract_context(state), "variant": variant, "players": n,
               "five_player_sitout": game.options.five_player_sitout,
               "bidder_tricks": state.won_tricks[bidder],
               "bidder_card_points": state.won_points[bidder], **quiz.settlement_context(state)}
    if variant == "opponent":
        context["seat"] = seat
    return Question(
        kind="settlement", seed=seed, prompt=prompt,
        choices=number_choices(rng, answer, wrongs, signed=True, step=2), multi=False,
        rules=rules_t, facts=tuple(facts), active=state.active, context=context,
        _key=AnswerKey(frozenset({str(answer)}), explanation, rules_t))


# --- the generic kinds ----------------------------------------------------------------------------
#: Every generic kind: kind -> (title, generator taking the game's quiz first).
GENERIC: dict[str, tuple[str, Callable[[TappQuiz, int, random.Random], Question]]] = {
    "card-order": ("Card order", card_order),
    "points": ("Counting points", points),
    "deal": ("The deal", deal),
    "legal-plays": ("Legal plays", legal_plays),
    "trick-winner": ("Who wins the trick?", trick_winner),
    "auction": ("The auction", auction),
    "settlement": ("Settlement", settlement),
}
