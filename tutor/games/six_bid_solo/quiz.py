"""Six-Bid Solo in the quiz: what the generic kinds (:mod:`tutor.quiz.generators`) ask of the
game — its contracts' weights in a random deal, P with the widow (SBS-12), the settlement of
its six contracts (SBS-10, SBS-11, SBS-27, SBS-V1, SBS-V2) — found by the quiz's registry
(:mod:`tutor.quiz.registry`) as ``QUIZ``."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, ClassVar

from ...engine.hand import UNCOUNTED
from ...quiz.core import AnswerKey, Choice, Question
from ...quiz.generators import CourseLesson, Generator, PTerms, SettlementTerms, TappQuiz
from ..tapp import HEARTS, SUIT_SYMBOLS, TappState, mask_points
from .hand import Estimate, estimates
from .rules import (
    CALL_SOLO,
    CONTRACT_NAMES,
    CONTRACTS,
    GAME_ID,
    GUARANTEE,
    HEART_SOLO,
    MISERE,
    MISERES,
    SOLO,
    SPREAD,
    WIDOW_COUNTS,
    SixBidSolo,
    SixBidSoloState,
)


def _made_words(state: TappState) -> tuple[str, tuple[str, ...]]:
    """Why the contract was made or lost, in the rule's words, from the engine's figures."""
    bidder = state.bidder
    assert bidder is not None
    c = state.contract
    made = state.made()
    if c in MISERES:
        if state.options.misere == "no_card_points":
            got = f"card points {state.won_points[bidder]}"
            need = "no card point in the bidder's tricks"
        else:
            got = f"{state.won_tricks[bidder]} trick(s)"
            need = "no trick"
        return (f"the bidder needed {need} (SBS-V1) and won {got}: "
                f"{'made' if made else 'lost'}", ("SBS-V1",))
    p = state.bidder_points()
    if c == GUARANTEE:
        need = f"P ≥ {74 if state.trump == HEARTS else 80}"
    elif c == CALL_SOLO:
        need = "P = 120"
    else:
        need = "P ≥ 61"
    return (f"the bidder needed {need} and has P = {p} (SBS-12): "
            f"{'made' if made else 'lost'}", ("SBS-12",))


#: How the hand count reads a hand, in a learner's words (:mod:`tutor.engine.hand`).
COUNT_WORDS = {
    "points": ("The hand count: every trump is a trick, less one for each of the trump ace, ten "
               "and king you lack; in each side suit the top cards from the ace down (A; A-10; "
               "A-10-K), and half a trick for a guarded ten. About 10 points a trick, plus the "
               "widow's share of the points you cannot see, plus "
               f"{UNCOUNTED} for what the count leaves out."),
    "misere": ("The hand count for a misère: a card is covered when you hold enough lower cards "
               "of its suit to duck — its height above the 6 is at most one more than twice "
               "the lower cards you hold."),
}

#: The mark the hand count bids each contract from, in words.
MARKS = {
    SOLO: "Solo is bid from a count of 61 (it needs P ≥ 61)",
    HEART_SOLO: "Heart Solo is bid from a count of 61 with hearts as trump",
    MISERE: "Misère is bid only when every card is covered",
    GUARANTEE: "Guarantee Solo is bid from 4 points above its target (84 in ♣ ♠ ♦, 78 in ♥)",
    SPREAD: "Spread Misère is bid only when every card is covered with one to spare",
    CALL_SOLO: "Call Solo is bid only from 10½ tricks",
}


def _call_solo_shape(rng: random.Random) -> list[int]:
    """Eight or nine trumps from the top and side aces: a Call Solo by the count."""
    trump = rng.randrange(4)
    n = rng.choice((8, 9))
    cards = [trump * 9 + r for r in range(n)]
    sides = [s for s in range(4) if s != trump]
    rng.shuffle(sides)
    cards += [s * 9 for s in sides[: 11 - n]]  # each side suit's ace (rank 0)
    return cards


def _spread_shape(rng: random.Random) -> list[int]:
    """The 6, 7 and 8 of three suits and the 9 and 6-8 of two: every card covered with one to
    spare (Spread Misère by the count)."""
    suits = list(range(4))
    rng.shuffle(suits)
    cards = [s * 9 + r for s in suits[:3] for r in (6, 7, 8)]  # ranks 6 7 8 = the 8, 7, 6
    cards += [suits[0] * 9 + 5, suits[1] * 9 + 5]  # the 9s: three lower cards under each
    return cards


#: What a contract asks and pays, with its rule ids (the rules a hand-count question cites).
PAID = {
    SOLO: "Solo needs P ≥ 61, the widow counting for the bidder (SBS-12), and pays "
          "2 × (P − 60) (SBS-10).",
    HEART_SOLO: "Heart Solo needs P ≥ 61, the widow counting for the bidder (SBS-12), and "
                "pays 3 × (P − 60) (SBS-10).",
    MISERE: "Misère is made when the bidder wins no trick (SBS-V1) and pays 30 whole (SBS-11).",
    GUARANTEE: "Guarantee Solo needs 80, or 74 with ♥ trump, the widow counting (SBS-12), and "
               "pays 40 whole (SBS-11).",
    SPREAD: "Spread Misère is made when the bidder wins no trick (SBS-V1) and pays 60 whole "
            "(SBS-11).",
    CALL_SOLO: "Call Solo needs all 120 points, the widow counting (SBS-12), and pays 100, or "
               "150 with ♥ trump, whole (SBS-11).",
}

#: Hands of a contract's shape for the rare "yes" the deals seldom give.
SHAPES = {CALL_SOLO: _call_solo_shape, SPREAD: _spread_shape}


def deal_with_hand(game: SixBidSolo, rng: random.Random, hand: list[int]) -> TappState:
    """A deal whose forehand holds ``hand`` and whose other cards are shuffled (SBS-8's packets:
    a deck ordered so that forehand's places hold those cards)."""
    dealer = rng.randrange(3)
    rest = [c for c in range(36) if c not in hand]
    rng.shuffle(rest)
    mine = list(hand)
    rng.shuffle(mine)
    probe = game.deal_from_deck(list(range(36)), dealer)  # which places reach forehand
    places = sorted(i for i in range(36) if probe.hands[probe.active[0]] >> i & 1)
    deck: list[int] = []
    for i in range(36):
        deck.append(mine.pop() if i in places else rest.pop())
    return game.deal_from_deck(deck, dealer)


def hand_count(seed: int, rng: random.Random) -> Question:
    """Is this hand a Solo (or a Heart Solo, a Misère …) by the hand count? A seat's hand, first
    to speak, judged the way the rule bot bids (:func:`.hand.estimates`: the count in tricks and
    points, or the cards a misère could not duck, against each contract's mark). Half the
    questions' answer is yes where the deals allow it."""
    game = QUIZ.game()
    assert isinstance(game, SixBidSolo)
    contract = rng.randrange(1, len(CONTRACTS) + 1)
    want = rng.random() < 0.5
    found: tuple[TappState, Estimate] | None = None
    for _ in range(300):  # a deal whose answer is the one wanted, if one comes soon
        state: TappState = game.new_deal(rng, rng.randrange(3))
        seat = state.active[0]
        est = estimates(state.hands[seat])[contract - 1]
        found = (state, est)
        if (est.chips > 0) == want:
            break
    assert found is not None
    if (found[1].chips > 0) != want and want and contract in SHAPES:
        state = deal_with_hand(game, rng, SHAPES[contract](rng))  # a rare yes: a hand of its shape
        found = (state, estimates(state.hands[state.active[0]])[contract - 1])
    state, est = found
    seat = state.active[0]
    cid = CONTRACTS[contract - 1]
    name = CONTRACT_NAMES[cid]
    yes = est.chips > 0
    misere = contract in MISERES
    rules: tuple[str, ...] = (("SBS-V1", "SBS-11") if misere else
                              ("SBS-10", "SBS-12") if contract in (SOLO, HEART_SOLO) else
                              ("SBS-11", "SBS-12"))
    count = COUNT_WORDS["misere" if misere else "points"]
    trump = "" if misere or contract == HEART_SOLO else \
        f" (the count picks trump {SUIT_SYMBOLS[est.trump]})"
    explanation = (f"{count} Here{trump} — {est.reason}. {MARKS[contract]}: "
                   f"{'yes, this hand is' if yes else 'no, this hand is not'} a {name} by the "
                   "count. The count is a rule of thumb, not a promise: the advisor of lesson "
                   "15 samples the hidden cards to check it. " + PAID[contract])
    view = replace(state.view(seat), legal=())
    return Question(
        kind="hand-count", seed=seed,
        prompt=(f"You are forehand, first to speak. By the hand count, is this hand a {name}?"),
        choices=(Choice("yes", f"Yes — bid {name}"), Choice("no", f"No — not a {name}")),
        multi=False, rules=rules, view=view,
        context={"contract": cid, "seat": seat, "dealer": state.dealer,
                 "players": game.players},
        _key=AnswerKey(frozenset({"yes" if yes else "no"}), explanation, rules,
                       {"yes" if yes else "no": est.reason}))


class SixBidSoloQuiz(TappQuiz):
    """Six-Bid Solo's choices and words for the generic kinds, and its own kind: is this hand a
    Solo (a Heart Solo, a Misère …) by the hand count?"""

    game_id = GAME_ID
    #: Solo most often, Call Solo least (a random deal, lowest contract first)
    contract_weights: ClassVar[tuple[int, ...]] = (6, 4, 3, 3, 2, 1)
    point_contracts: ClassVar[tuple[int, ...]] = WIDOW_COUNTS  # SBS-12
    course: ClassVar[tuple[CourseLesson, ...]] = (
        CourseLesson("01-card-ranking", "Card ranking", ("SBS-1", "SBS-2", "SBS-4")),
        CourseLesson("02-card-points", "Card points", ("SBS-3", "SBS-12")),
        CourseLesson("03-the-deal", "The deal", ("SBS-5", "SBS-6", "SBS-8", "SBS-9")),
        CourseLesson("04-the-auction", "The auction",
                     ("SBS-13", "SBS-14", "SBS-16a", "SBS-17", "SBS-18")),
        CourseLesson("05-play", "Playing a trick", ("SBS-2", "SBS-22", "SBS-23", "SBS-24",
                                                    "SBS-25")),
        CourseLesson("06-solo", "Solo", ("SBS-10", "SBS-12", "SBS-19")),
        CourseLesson("07-heart-solo", "Heart Solo", ("SBS-10", "SBS-19")),
        CourseLesson("08-misere", "Misère", ("SBS-11", "SBS-V1")),
        CourseLesson("09-guarantee-solo", "Guarantee Solo", ("SBS-11", "SBS-12")),
        CourseLesson("10-spread-misere", "Spread Misère", ("SBS-11", "SBS-21", "SBS-V1")),
        CourseLesson("11-call-solo", "Call Solo", ("SBS-11", "SBS-20")),
        CourseLesson("12-settlement", "Settlement and the match",
                     ("SBS-10", "SBS-11", "SBS-27", "SBS-28")),
        CourseLesson("13-variants", "Variants", ("SBS-V1", "SBS-V2")),
    )

    def own_kinds(self) -> dict[str, tuple[str, Generator]]:
        return {"hand-count": ("Is this hand a …?", hand_count)}

    def mistake(self, question: Question, picked: Sequence[str]) -> str:
        """The hand count's slip: the count read against the wrong mark, or not made."""
        if question.kind != "hand-count":
            return ""
        cid = str(question.context.get("contract"))
        contract = CONTRACTS.index(cid) + 1 if cid in CONTRACTS else SOLO
        if contract in MISERES:
            return ("Go through each suit from the top: is every card covered by enough lower "
                    "cards to duck under the others' leads? " + MARKS[contract] + ".")
        return ("Make the count step by step — the trump tricks, then the side suits, then "
                f"about 10 points a trick with the widow's share and {UNCOUNTED} more — and "
                "compare it with the mark: " + MARKS[contract] + ".")

    def first_lead(self) -> tuple[str, str]:
        return "forehand leads the first trick (SBS-22)", "SBS-22"

    def bidder_for(self, state: TappState, contract: int, rng: random.Random) -> int:
        """The active seat whose hand the hand count (:func:`.hand.estimates`) rates best for
        ``contract``: the most points in a point contract, the fewest cards it could not duck
        in a misère."""
        def fit(seat: int) -> float:
            e = estimates(state.hands[seat])[contract - 1]
            return -e.tricks if contract in MISERES else e.points

        return max(state.active, key=fit)

    def p_terms(self, state: TappState) -> PTerms:
        """SBS-12: P is the bidder's tricks plus the widow in Solo, Heart Solo, Guarantee and
        Call Solo."""
        bidder = state.bidder
        assert bidder is not None and state.contract_id is not None
        in_tricks = state.won_points[bidder]
        widow_pts = mask_points(state.widow)
        name = self.presentation.contract_name(state.contract_id)
        return PTerms(
            state.widow, "Widow", "widow",
            f"SBS-12: P is the card points in the bidder's tricks ({in_tricks}) plus, in "
            f"{name}, the widow's card points ({widow_pts}): P = {state.bidder_points()}.",
            ("SBS-12",))

    def opponent_amount(self, state: TappState) -> int:
        assert isinstance(state, SixBidSoloState)
        return state.opponent_amount()

    def settlement_terms(self, state: TappState, amount: int, payers: Sequence[int],
                         opponents: Sequence[int]) -> SettlementTerms:
        """SBS-10 (Solo, Heart Solo: on the margin), SBS-11 (the others: won or lost whole),
        SBS-27 with each opponent, SBS-V2 for 4 and 5 players."""
        n = state.n
        c = state.contract
        assert state.contract_id is not None
        name = self.presentation.contract_name(state.contract_id)
        rules: list[str] = []
        if c in (SOLO, HEART_SOLO):
            k = 2 if c == SOLO else 3
            p = state.bidder_points()
            core = (f"SBS-10: {name} is paid on the margin, {k} × (P − 60) with P = {p} "
                    f"(SBS-12): {k} × ({p} − 60) = {amount} with each opponent"
                    + (" (negative: the bidder pays)" if amount < 0 else "") + ".")
            rules += ["SBS-10", "SBS-12"]
            wrong_each = ((5 - k) * (p - 60), p - 60, -amount)
        else:
            why, extra = _made_words(state)
            tariff = abs(amount)
            core = (f"SBS-11: {name} is won or lost whole, {tariff} with each opponent; {why}, "
                    f"so the bidder {'receives' if amount > 0 else 'pays'} {tariff} from each "
                    f"opponent." if amount > 0 else
                    f"SBS-11: {name} is won or lost whole, {tariff} with each opponent; {why}, "
                    f"so the bidder pays {tariff} to each opponent.")
            rules += ["SBS-11", *extra]
            wrong_each = (-amount, tariff // 2, tariff * 2)
        if n == 5 and c in (SOLO, HEART_SOLO) and amount > 0:
            who = (f"SBS-27: the bidder settles with each opponent — but SBS-V2: with 5 players "
                   f"a made {name} collects only from the two defenders (seats "
                   f"{' and '.join(map(str, payers))}); the two who sat out pay nothing.")
            rules += ["SBS-27", "SBS-V2"]
        elif n > 3:
            who = (f"SBS-27: the bidder settles with each opponent, and SBS-V2: with {n} players "
                   f"those who sat out settle like any opponent — {len(opponents)} opponents.")
            rules += ["SBS-27", "SBS-V2"]
        else:
            who = f"SBS-27: the bidder settles with each of the {len(opponents)} opponents."
            rules.append("SBS-27")
        return SettlementTerms(core, who, tuple(rules), wrong_each)

    def settlement_facts(self, state: TappState) -> list[tuple[str, str]]:
        bidder = state.bidder
        assert bidder is not None
        if state.contract in WIDOW_COUNTS:
            return [("Bidder's P (card points won, with the widow: SBS-12)",
                     str(state.bidder_points()))]
        return [("Card points in the bidder's tricks", str(state.won_points[bidder]))]

    def settlement_context(self, state: TappState) -> dict[str, Any]:
        return {"misere": state.options.misere,
                "bidder_points": (state.bidder_points() if state.contract in WIDOW_COUNTS
                                  else None)}


#: Six-Bid Solo's part in the quiz (the registry, :mod:`tutor.quiz.registry`, reads this name).
QUIZ = SixBidSoloQuiz()
