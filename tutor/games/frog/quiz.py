"""Frog in the quiz: what the generic kinds (:mod:`tutor.quiz.generators`) ask of the game —
P with the discard or the widow (FR-1), settlement by k × (P − 60) (FR-1, FR-4, FR-5), the
first lead (FR-3) — and Frog's own kinds, found by the quiz's registry
(:mod:`tutor.quiz.registry`) as ``QUIZ``:

- ``discard`` — the Frog bid's widow and discard (FR-1, FR-2): how many cards the bidder holds
  after taking the widow, which cards may be laid away, and what the discard adds to P;
- ``contracts`` — which contract pays what: the multiplier k of each contract (FR-5, with the
  option ``grand_multiplier``), where the widow goes and what is trump (FR-1, FR-2).

Every answer is the engine's: a Frog deal dealt and bid through the checked ``apply``, the
bidder's hand and legal discards, ``bidder_points``, ``opponent_amount`` and the rules'
:func:`~tutor.games.frog.rules.multiplier`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, ClassVar

from ...cards import Suit, card_label
from ...quiz.core import AnswerKey, Choice, Question
from ...quiz.generators import (
    POINTS_RULE,
    CourseLesson,
    Generator,
    PTerms,
    SettlementTerms,
    TappQuiz,
    contract_context,
    contract_text,
    number_choices,
    play_out,
)
from ..tapp import (
    AUCTION,
    CALL_BASE,
    CARDS,
    DECLARE,
    PASS,
    PLAY,
    TRUMP_BASE,
    TappState,
    mask_cards,
)
from ..tapp import POINTS as CARD_POINTS
from .rules import CHICO, CONTRACTS, DISCARD_BASE, FROG, GAME_ID, GRAND, FrogState, multiplier


class FrogQuiz(TappQuiz):
    """Frog's choices and words for the generic kinds, and its own kinds."""

    game_id = GAME_ID
    #: the Frog bid most often, Grand least (a random deal, lowest contract first)
    contract_weights: ClassVar[tuple[int, ...]] = (3, 2, 1)
    point_contracts: ClassVar[tuple[int, ...]] = (FROG, CHICO, GRAND)  # FR-1: P decides all
    course: ClassVar[tuple[CourseLesson, ...]] = (
        CourseLesson("20-frog", "The Frog bid, Chico and Grand",
                     ("FR-1", "FR-2", "FR-3", "FR-5", "SBS-13", "SBS-14")),
        CourseLesson("21-frog-discard", "The widow and the discard", ("FR-1", "FR-2")),
        CourseLesson("22-frog-settlement", "Settlement and the multipliers",
                     ("FR-1", "FR-4", "FR-5", "SBS-27", "SBS-V2")),
        CourseLesson("23-frog-worked-deals", "Worked deals",
                     ("SBS-23", "SBS-24", "SBS-25")),
    )

    def own_kinds(self) -> dict[str, tuple[str, Generator]]:
        return {"discard": ("The Frog bid's discard", discard),
                "contracts": ("Which contract pays what", contracts)}

    def table_options(self, rng: random.Random, players: int) -> dict[str, Any]:
        """Grand's multiplier (4 or 3) and, for 5 players, the margin exception (FR-4)."""
        opts: dict[str, Any] = {"grand_multiplier": rng.choice((4, 3))}
        if players == 5:
            opts["five_player_margin_exception"] = rng.random() < 0.5
        return opts

    def contract_phrase(self, contract: str) -> str:
        name = self.presentation.contract_name(contract)
        return f"the {name}" if contract == "frog" else name

    def first_lead(self) -> tuple[str, str]:
        return "forehand leads the first trick (FR-3)", "FR-3"

    def p_terms(self, state: TappState) -> PTerms:
        """FR-1: P is the bidder's tricks plus the discard (Frog) or the widow (Chico, Grand)."""
        assert isinstance(state, FrogState) and state.bidder is not None
        in_tricks = state.won_points[state.bidder]
        p = state.bidder_points()
        phrase = self.contract_phrase(CONTRACTS[state.contract - 1])
        if state.contract == FROG:
            return PTerms(
                state.discarded, "Discard", "discard",
                f"FR-1: P is the card points in the bidder's tricks ({in_tricks}) plus, in "
                f"{phrase}, the card points of the three cards the bidder discarded after "
                f"taking the widow (FR-2) ({p - in_tricks}): P = {p}.", ("FR-1", "FR-2"))
        return PTerms(
            state.widow, "Widow", "widow",
            f"FR-1: P is the card points in the bidder's tricks ({in_tricks}) plus, in "
            f"{phrase}, the card points of the widow, unseen but counted for the bidder "
            f"({p - in_tricks}): P = {p}.", ("FR-1",))

    def opponent_amount(self, state: TappState) -> int:
        assert isinstance(state, FrogState)
        return state.opponent_amount()

    def settlement_terms(self, state: TappState, amount: int, payers: Sequence[int],
                         opponents: Sequence[int]) -> SettlementTerms:
        """FR-1 and FR-5: k × (P − 60) with each opponent; FR-4 and SBS-V2 for 5 players."""
        assert isinstance(state, FrogState) and state.bidder is not None
        n = state.n
        k = multiplier(state.options, state.contract)
        p = state.bidder_points()
        in_tricks = state.won_points[state.bidder]
        laid = "the discard" if state.contract == FROG else "the widow"
        name = self.contract_phrase(CONTRACTS[state.contract - 1])
        option = (f" (grand_multiplier = {k})" if state.contract == GRAND else "")
        core = (f"FR-5: {name} pays {k} × (P − 60){option} with each opponent; FR-1: P = "
                f"{in_tricks} in the bidder's tricks + {p - in_tricks} in {laid} = {p}, so "
                f"{k} × ({p} − 60) = {amount}"
                + (" (negative: the bidder pays)" if amount < 0 else "")
                + (" — nothing moves at P = 60" if p == 60 else "") + ".")
        rules = ["FR-5", "FR-1"]
        others = [m * (p - 60) for m in (1, 2, 4, 3) if m != k]
        wrong_each = (*others[:2], k * (in_tricks - 60), -amount)
        if n == 5 and state.options.five_player_margin_exception and amount > 0:
            who = (f"SBS-27: the bidder settles with each opponent — but under the option "
                   f"five_player_margin_exception, SBS-V2's exception applies to the Frog bid, "
                   f"Chico and Grand (FR-4): a made contract collects only from the two defenders "
                   f"(seats {' and '.join(map(str, payers))}); the two who sat out pay "
                   f"nothing.")
            rules += ["SBS-27", "FR-4", "SBS-V2"]
        elif n == 5:
            who = ("SBS-27: the bidder settles with each opponent, and FR-4: with 5 players "
                   "the Frog bid, Chico and Grand settle with all four opponents, those who "
                   "sat out too (SBS-V2's exception names only Solo and Heart Solo).")
            rules += ["SBS-27", "FR-4", "SBS-V2"]
        elif n == 4:
            who = ("SBS-27: the bidder settles with each opponent, and SBS-V2: with 4 players "
                   f"the dealer, who sat out, settles like any opponent — {len(opponents)} "
                   "opponents.")
            rules += ["SBS-27", "SBS-V2"]
        else:
            who = f"SBS-27: the bidder settles with each of the {len(opponents)} opponents."
            rules.append("SBS-27")
        return SettlementTerms(core, who, tuple(rules), tuple(wrong_each))

    def settlement_facts(self, state: TappState) -> list[tuple[str, str]]:
        assert isinstance(state, FrogState) and state.bidder is not None
        laid = "the discard" if state.contract == FROG else "the widow"
        facts = [("Card points in the bidder's tricks", str(state.won_points[state.bidder])),
                 (f"Card points in {laid} (they count for the bidder: FR-1)",
                  str(state.bidder_points() - state.won_points[state.bidder]))]
        opts = state.options
        words = [f"grand_multiplier = {opts.grand_multiplier}"]
        if state.n == 5:
            words.append("five_player_margin_exception = "
                         + ("true" if opts.five_player_margin_exception else "false"))
        return [*facts, ("Options", ", ".join(words))]

    def settlement_context(self, state: TappState) -> dict[str, Any]:
        opts = state.options
        return {"grand_multiplier": opts.grand_multiplier,
                "five_player_margin_exception": opts.five_player_margin_exception,
                "bidder_points": state.bidder_points()}


#: Frog's part in the quiz (the registry, :mod:`tutor.quiz.registry`, reads this name).
QUIZ = FrogQuiz()


# --- the Frog bid's discard (FR-1, FR-2) ---------------------------------------------------------
def _frog_bid(rng: random.Random) -> FrogState:
    """A Frog deal won with the Frog bid, stopped at the discard (the widow taken in)."""
    game = QUIZ.game()
    state = game.new_deal(rng, rng.randrange(game.players))
    assert isinstance(state, FrogState)
    bidder = state.active[rng.randrange(3)]
    while state.phase != DECLARE:
        state.apply(CALL_BASE + FROG if state.to_move == bidder else PASS)
    return state


def discard(seed: int, rng: random.Random) -> Question:
    """The Frog bid's widow and discard: the bidder's hand, the legal discards, their points."""
    variant = rng.choice(("hand", "which", "points"))
    state = _frog_bid(rng)
    bidder = state.bidder
    assert bidder is not None
    context: dict[str, Any] = {"variant": variant, **contract_context(state)}
    pickup = ("FR-2: after the auction the Frog bidder takes the three widow cards into hand "
              "and then discards any three cards face down, one at a time, to hold 11 again")
    if variant == "hand":
        held = state.hands[bidder].bit_count()  # the engine's hand after the pick-up
        explanation = f"{pickup}: 11 + 3 = {held} cards now."
        return Question(
            kind="discard", seed=seed,
            prompt=(f"Seat {bidder} has won the auction with the Frog bid. How many cards does "
                    "the bidder hold before the first card is discarded?"),
            choices=tuple(Choice(str(v), str(v)) for v in (3, 8, 11, 14)), multi=False,
            rules=("FR-2",), facts=(("Contract", contract_text(QUIZ, state)),),
            context=context,
            _key=AnswerKey(frozenset({str(held)}), explanation, ("FR-2",)))
    if variant == "which":
        hand = mask_cards(state.hands[bidder])
        legal = {a - DISCARD_BASE for a in state.legal_actions()}  # the engine's answer
        reasons = {CARDS[c].text: ("may be discarded too." if c in legal else
                                   "may not be discarded.") for c in hand}
        widow = [card_label(CARDS[c]) for c in mask_cards(state.widow)]
        explanation = (f"{pickup}. Any three: cards from the widow ({' '.join(widow)}) or not, "
                       "point cards and trumps allowed — so every card in the hand may go.")
        view = state.view(bidder)  # the legal list is the answer: never shown
        return Question(
            kind="discard", seed=seed,
            prompt=(f"You are seat {bidder} and won the Frog bid; the widow is in your hand. "
                    "Pick every card you may discard now."),
            choices=tuple(Choice(CARDS[c].text, card_label(CARDS[c])) for c in hand),
            multi=True, rules=("FR-2",), view=replace(view, legal=()),
            facts=(("Contract", contract_text(QUIZ, state)), ("Widow taken in", " ".join(widow))),
            context=context,
            _key=AnswerKey(frozenset(CARDS[c].text for c in hand if c in legal), explanation,
                           ("FR-2",), reasons))
    # points: the discard's points, read off the engine's P at the end
    while state.phase == DECLARE:
        state.apply(rng.choice(state.legal_actions()))
    laid = mask_cards(state.discarded)
    play_out(state, rng)
    extra = state.bidder_points() - state.won_points[bidder]  # what P counts besides tricks
    parts = " + ".join(f"{card_label(CARDS[c])} {CARD_POINTS[c]}" for c in laid)
    explanation = (f"FR-1: in the Frog bid P counts the bidder's tricks and the discard; FR-2: "
                   f"the discard is laid away face down after the bidder took the widow. "
                   f"{POINTS_RULE} Here: {parts} = {extra}.")
    rules = ("FR-1", "FR-2", "SBS-3")
    tens = sum(CARD_POINTS[c] == 10 for c in laid)
    return Question(
        kind="discard", seed=seed,
        prompt=("The Frog bidder discarded these three cards. How many card points do they add "
                "to the bidder's P at the end of the deal?"),
        choices=number_choices(rng, extra, [0, extra - 10 * tens,
                                            sum(CARD_POINTS[c] for c in mask_cards(state.widow))]),
        multi=False, rules=rules, cards=tuple(CARDS[c] for c in laid),
        facts=(("Contract", contract_text(QUIZ, state)),),
        context={**context, "discard": [CARDS[c].text for c in laid]},
        _key=AnswerKey(frozenset({str(extra)}), explanation, rules))


# --- which contract pays what (FR-1, FR-2, FR-5) ------------------------------------------------
_WIDOW_FATES = {
    "discard": "the bidder takes it into hand, then discards three cards that count for the "
               "bidder",
    "counts": "it stays unseen, out of play, and its points count for the bidder",
    "nobody": "it stays unseen and counts for nobody",
    "defenders": "its points count for the defenders",
}
_TRUMPS = {
    "hearts": "♥, always",
    "named-no-hearts": "♣, ♠ or ♦, named by the bidder after the auction",
    "named-any": "any suit, named by the bidder after the auction",
    "none": "no trump",
}


def contracts(seed: int, rng: random.Random) -> Question:
    """Which contract pays what: its multiplier (FR-5), its widow (FR-1, FR-2), its trump."""
    variant = rng.choice(("multiplier", "widow", "trump"))
    contract = rng.randrange(1, len(CONTRACTS) + 1)
    options: dict[str, Any] = {"grand_multiplier": rng.choice((4, 3)),
                               "chico_trump": rng.choice(("no_hearts", "any"))}
    name = QUIZ.contract_phrase(CONTRACTS[contract - 1])
    facts = (("Options", f"grand_multiplier = {options['grand_multiplier']}, "
                         f"chico_trump = {options['chico_trump']}"),)
    context = {"variant": variant, "contract": CONTRACTS[contract - 1], **options}
    if variant == "multiplier":
        k = multiplier(QUIZ.game(options).options, contract)  # the rules' multiplier
        explanation = (f"FR-5: each opponent pays the bidder k × (P − 60), and k follows the "
                       f"contract, not the suit — Frog bid 1, Chico 2, Grand "
                       f"{options['grand_multiplier']} (grand_multiplier). FR-1: negative when "
                       f"P < 60 (the bidder pays). Here: {name}, k = {k}.")
        rules: tuple[str, ...] = ("FR-5", "FR-1")
        return Question(
            kind="contracts", seed=seed,
            prompt=f"In {name}, each opponent pays the bidder k × (P − 60). What is k?",
            choices=tuple(Choice(str(v), str(v)) for v in (1, 2, 3, 4)), multi=False,
            rules=rules, facts=facts, context=context,
            _key=AnswerKey(frozenset({str(k)}), explanation, rules))
    if variant == "widow":
        # the engine's widow: is it in the bidder's hand at the discard, and what does P count?
        while True:  # a widow with points, so that where they go shows
            state = _won_with_open(rng, contract, options)
            if sum(CARD_POINTS[c] for c in mask_cards(state.widow)):
                break
        picked_up = state.phase == DECLARE and state.step == "discard"
        _random_rest(state, rng)
        bidder = state.bidder
        assert bidder is not None
        extra = state.bidder_points() - state.won_points[bidder]
        widow_pts = sum(CARD_POINTS[c] for c in mask_cards(state.widow))
        fate = ("discard" if picked_up else "counts" if extra == widow_pts and extra
                else "nobody" if extra == 0 else "defenders")
        explanation = (
            "FR-2: in the Frog bid the bidder takes the widow into hand and discards any three "
            "cards face down; FR-1: P counts the bidder's tricks plus the discard (Frog bid) or "
            f"the widow (Chico, Grand), which stays unseen. Here: {name} — "
            f"{_WIDOW_FATES[fate]}.")
        rules = ("FR-1", "FR-2")
        return Question(
            kind="contracts", seed=seed, prompt=f"In {name}, what happens to the widow?",
            choices=tuple(Choice(k, v) for k, v in _WIDOW_FATES.items()), multi=False,
            rules=rules, facts=facts, context=context,
            _key=AnswerKey(frozenset({fate}), explanation, rules))
    # trump: fixed by the contract, or named after the auction (the engine's legal steps)
    state = _won_with_open(rng, contract, options)
    if state.phase == DECLARE and state.step == "trump":
        suits = {a - TRUMP_BASE for a in state.legal_actions()}
        trump = "named-any" if len(suits) == 4 else "named-no-hearts"
    elif state.trump >= 0:
        trump = "hearts" if Suit(state.trump) is Suit.HEARTS else "none"
    else:
        trump = "none"
    explanation = (f"FR-2: Chico's trump is named by the bidder after the auction — ♣, ♠ or ♦, "
                   f"or any suit under chico_trump = any (here {options['chico_trump']}); the "
                   f"Frog bid and Grand play with ♥ trump and have no trump to name. Here: "
                   f"{name} — {_TRUMPS[trump]}.")
    rules = ("FR-2",)
    return Question(
        kind="contracts", seed=seed, prompt=f"In {name}, what is trump?",
        choices=tuple(Choice(k, v) for k, v in _TRUMPS.items()), multi=False, rules=rules,
        facts=facts, context=context, _key=AnswerKey(frozenset({trump}), explanation, rules))


def _won_with_open(rng: random.Random, contract: int, options: dict[str, Any]) -> FrogState:
    """A Frog deal whose auction ``contract`` wins, stopped before the declaration."""
    game = QUIZ.game(options)
    state = game.new_deal(rng, rng.randrange(game.players))
    assert isinstance(state, FrogState)
    bidder = state.active[rng.randrange(3)]
    while state.phase == AUCTION:
        state.apply(CALL_BASE + contract if state.to_move == bidder else PASS)
    return state


def _random_rest(state: TappState, rng: random.Random) -> None:
    """The declaration and the play to the end, at random through the checked ``apply``."""
    while state.phase in (DECLARE, PLAY):
        state.apply(rng.choice(state.legal_actions()))
