"""Six-Bid Solo in the decision quizzes (:mod:`tutor.quiz.decisions`, :mod:`tutor.quiz.bank`)
and the bid advisor's panel: the settlement of one world of an advisor row (SBS-10, SBS-11,
SBS-27, SBS-V1, SBS-V2), which side wants the solver's value higher (the misères count tricks
the bidder wants to avoid), Call Solo's call and gift by rule of thumb, the words of a play
question, the auction situations the panel names (SBS-13..16a) and the first look at a hand by
the estimates of :mod:`tutor.games.six_bid_solo.hand`. Its bid questions come from the bank
built offline (:mod:`tutor.quiz.bank`: finding a clear one live takes about 10 s). Found by
:func:`tutor.quiz.decision_basics.decision_game` as ``DECISIONS``."""

from __future__ import annotations

from typing import ClassVar

from ...engine.hand import trump_estimate
from ...quiz.decision_basics import KINDS, DecisionGame
from ..tapp import (
    CALL_BASE,
    CALLCARD_BASE,
    CARD_INDEX,
    DECLARE,
    DECLINE,
    GIVE_BASE,
    PASS,
    TRUMP_BASE,
    SeatView,
    TappState,
)
from .hand import call_card, estimates, give_card
from .rules import (
    CONTRACT_NAMES,
    CONTRACTS,
    GAME_ID,
    MISERES,
    Options,
    Outcome,
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
    kinds = KINDS
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


#: Six-Bid Solo's part in the decision quizzes (read by ``decision_game``).
DECISIONS = SixBidSoloDecisions()
