"""Six-Bid Solo in the quiz: what the generic kinds (:mod:`tutor.quiz.generators`) ask of the
game — its contracts' weights in a random deal, P with the widow (SBS-12), the settlement of
its six contracts (SBS-10, SBS-11, SBS-27, SBS-V1, SBS-V2) — found by the quiz's registry
(:mod:`tutor.quiz.registry`) as ``QUIZ``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from ...quiz.generators import PTerms, SettlementTerms, TappQuiz
from ..tapp import HEARTS, TappState, mask_points
from .rules import (
    CALL_SOLO,
    GAME_ID,
    GUARANTEE,
    HEART_SOLO,
    MISERES,
    SOLO,
    WIDOW_COUNTS,
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


class SixBidSoloQuiz(TappQuiz):
    """Six-Bid Solo's choices and words for the generic kinds (it has no kind of its own)."""

    game_id = GAME_ID
    #: Solo most often, Call Solo least (a random deal, lowest contract first)
    contract_weights: ClassVar[tuple[int, ...]] = (6, 4, 3, 3, 2, 1)
    point_contracts: ClassVar[tuple[int, ...]] = WIDOW_COUNTS  # SBS-12

    def first_lead(self) -> tuple[str, str]:
        return "forehand leads the first trick (SBS-22)", "SBS-22"

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
