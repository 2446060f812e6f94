"""A bid-decision question from an auction position: the position the bots reach, the cheap
pre-screen that spends the advisor's time on hands worth asking about, and the question built
from a position whose best call is clear in the advisor's table.

The live quiz (:func:`tutor.quiz.decisions.bid_decision`) and the bank's builder
(:mod:`tutor.quiz.bank`) share these, so a banked question is the question the live quiz would
ask for the same position and table.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..bots.rule_bot import RuleBot
from ..games import spec
from ..games.tapp import AUCTION, CALL_BASE, PASS, SeatView, TappGame, TappState
from ..solver.advisor import Advice, RowResult
from ..state import Action
from .core import AnswerKey, Choice
from .decision_basics import DecisionQuestion, call_values, decision_game

#: Deals dealt for one bid question, most of them turned away by the cheap pre-screen.
DEALS = 3000


def _auction_position(rng: random.Random, game: TappGame[Any]) -> TappState | None:
    """A fresh deal with the auction played by rule-based bots up to a random call."""
    state: TappState = game.new_deal(rng, rng.randrange(game.players))
    bot = RuleBot(rng.randrange(1 << 30))
    stop = rng.choice((0, 0, 1, 1, 2, 3))
    for _ in range(stop):
        if state.phase != AUCTION:
            return None
        seat = state.to_move
        assert seat is not None
        state.apply(bot.act(state.view(seat))[0])
    return state if state.phase == AUCTION else None


def screened_position(rng: random.Random, game: TappGame[Any], want_bid: bool
                      ) -> tuple[TappState, SeatView, int] | None:
    """An auction position (:func:`_auction_position`) that passes the cheap first screen, so
    the advisor's time goes to hands worth asking about: the game's rules of thumb
    (:meth:`~tutor.quiz.decision_basics.DecisionGame.likes_bid`) rate a contract still open at
    20 chips or more from each opponent exactly when a bid is wanted. Returned with the view of
    the player to call and the advisor's seed for it; None when this deal is turned away. The
    live quiz and the bank builder (:mod:`tutor.quiz.bank`) screen alike, drawing the same
    numbers from ``rng``."""
    state = _auction_position(rng, game)
    if state is None:
        return None
    seat = state.to_move
    assert seat is not None
    view = state.view(seat)
    legal_contracts = {a - CALL_BASE for a in view.legal if a != PASS}
    likes = decision_game(game.id).likes_bid(state, seat, legal_contracts)
    if likes != want_bid:
        return None
    return state, view, rng.getrandbits(31)


def _call_label(state: TappState, action: Action) -> str:
    """``pass`` or the contract's name (the game's words)."""
    token = state.token(action)
    assert token is not None
    return spec(state.game.id).presentation.call_words(token)


def _row_words(r: RowResult) -> str:
    lo, hi = r.interval()
    span = (f"95% interval {lo:+.0f} to {hi:+.0f}" if lo > -1e9 and hi < 1e9
            else "interval not known yet")
    return (f"{r.row.label}: {r.expected():+.1f} chips ({span}), makes "
            f"{sum(r.made)}/{r.n}")


def bid_question(seed: int, state: TappState, view: SeatView, advice: Advice,
                  legal: list[Action], clear: tuple[Action, RowResult | None],
                 attempt: int, extra: Mapping[str, Any] | None = None) -> DecisionQuestion:
    """The question for a position whose best call is ``clear`` in ``advice`` (the live quiz
    and the bank make theirs alike): the choices, the answer and its explanation citing
    SBS-14 and the game's settlement rules (Six-Bid Solo: SBS-10, SBS-11, SBS-27); ``attempt``
    and ``extra`` go into its evidence."""
    best, row = clear
    words = spec(state.game.id).presentation
    settled, settle_rules = decision_game(state.game.id).settlement_words
    seat = view.seat
    values = call_values(advice)
    others = sorted((a for a in legal if a != best), key=lambda a: -values.get(a, 0.0))
    runner = others[0] if others else None
    if best == PASS:
        top = max((r for r in advice.rows if r.n), key=RowResult.expected, default=None)
        why = ("every contract still open loses chips on average: "
               + (_row_words(top) if top is not None else "no row")
               + " is the best of them, and its whole interval lies below 0 — pass (worth 0).")
    else:
        assert row is not None
        why = (f"{_call_label(state, best)} is clearly best: {_row_words(row)}. ")
        if runner is not None:
            why += (f"The next best call, {_call_label(state, runner)}, is worth "
                    f"{values.get(runner, 0.0):+.1f}"
                    + (" (pass is always 0)." if runner == PASS else "."))
    high = state.CONTRACTS[state.high - 1] if state.high else None
    facing = ("nobody has bid yet" if high is None else
              f"the standing bid is {words.contract_name(high)}")
    explanation = (f"The bid advisor solved {advice.worlds} deals sampled from your view "
                   f"double-dummy (seed {advice.seed}); {facing}, and a bid must name a strictly "
                   f"higher contract or pass (SBS-14). "
                   + (f"{advice.reading} " if advice.reading else "")
                   + f"{why} {settled}")
    rules = ("SBS-14", *settle_rules)
    shown = replace(view, legal=())
    choices = tuple(Choice(str(state.token(a)), _call_label(state, a)) for a in legal)
    reasons = {c.value: f"worth {values.get(a, 0.0):+.1f} chips by the advisor"
               for c, a in zip(choices, legal, strict=True)}
    answer = str(state.token(best))
    facts = (("Standing bid", "none" if high is None else words.contract_name(high)),)
    context = {"dealer": state.dealer, "active": list(state.active), "seat": seat,
               "high": high, "calls": [t for _, t in view.calls]}
    detail = {"advice": advice.as_dict(), "advice_obj": advice, "attempts": attempt + 1,
              **(extra or {})}
    return DecisionQuestion(
        kind="bid-decision", seed=seed, game=state.game.id,
        prompt=f"You are seat {seat}. What do you call?", choices=choices, multi=False,
        rules=rules, view=shown, facts=facts, context=context,
        _key=AnswerKey(frozenset({answer}), explanation, rules, reasons), _detail=detail)


__all__ = ["DEALS", "bid_question", "screened_position"]
