"""Reading the calls: which sampled deals fit what the other players bid and passed.

The sampler (:mod:`tutor.engine.sampler`) deals the unseen cards uniformly among the deals
consistent with a view, and reads nothing into the players' choices. Yet a call says something:
a player who bid Solo holds a hand worth bidding Solo on. The bid advisor and the PIMC bot
read that here, the same way for both, as a *preference*:

- **Who said what.** Every other active seat's highest bid (its last: each bid must be
  strictly higher than the one standing, SBS-14..16), and every other seat's pass with the
  contract standing when it passed — a player who passes is out for the deal (SBS-14), so a pass
  says the hand did not want any contract above that one. The viewer's own calls are not read.
- **What a call needs** (:func:`fits_call`), by the rules of thumb of :mod:`tutor.engine.hand`
  read leniently, so that a real caller's hand is rarely set aside. The bots bid by those
  rules (the rule bot from a count of 61 for Solo; the PIMC bot never from less than 55,
  :data:`tutor.bots.pimc.SCREEN_COUNT`):

  | call | the caller's hand fits when |
  |---|---|
  | Solo | its count with one of the Solo trumps (SBS-19, SBS-V5) is at least 55 |
  | Heart Solo | its count with ♥ trump is at least 55 |
  | Guarantee Solo | its count with some trump is at least the target less 15 (65; 59 with ♥) |
  | Call Solo | it expects at least 9½ tricks with some trump |
  | Misère | at most 2 cards it could not duck |
  | Spread Misère | at most 1 card it could not duck |

  Once the trump is named (the play), the bidder's count is taken with that trump.
- **What a pass rules out** (:func:`strong_above`): a hand that clearly calls for a contract
  above the one standing — a count of 75 or more for Solo or Heart Solo (14 over the rule
  bot's mark), the Guarantee target plus 10, a misère with no card it could not duck, a Spread
  Misère hand, 11 expected tricks for Call Solo. Weaker hands may pass for many reasons, so
  only these are set aside (about 6 random hands in 100 with no contract standing).
- **The preference** (:func:`read_calls`). Deals are drawn from the seed one by one; the first
  ``n`` that fit every caller are kept. If :data:`DRAWS_PER_DEAL` × ``n`` draws do not yield
  ``n`` (Call Solo hands are rare: fewer than 1 random hand in 1,000 expects 9½ tricks), the
  earliest draws that do not fit fill the rest, in draw order, and the reading says how many
  fit. With no other player's call to read, the first ``n`` draws are returned — exactly
  :meth:`Sampler.deals` — so the reading changes nothing there.

Everything depends on the seed alone, so the advisor's table and the bot's choices replay.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..games.six_bid_solo.rules import (
    CALL_SOLO,
    CONTRACT_NAMES,
    CONTRACTS,
    GUARANTEE,
    HEART_SOLO,
    MISERE,
    SOLO,
    SPREAD,
    solo_trumps,
)
from ..games.tapp import HEARTS, SeatView
from ..state import as_rng
from .hand import spread_safe, trump_estimate, uncovered
from .sampler import Deal, Sampler

#: the lowest count (points, :func:`~tutor.engine.hand.trump_estimate`) a Solo or Heart Solo
#: caller is read to hold; the PIMC bot's pre-screen passes every hand under it
SOLO_FLOOR = 55
#: how far under its target a Guarantee Solo caller's count may be (targets 80, 74 with ♥)
GUARANTEE_SLACK = 15
#: the fewest tricks a Call Solo caller is read to expect (the rule bot calls from 10½)
CALL_SOLO_TRICKS = 9.5
#: the most cards a Misère / Spread Misère caller could not duck
MISERE_UNCOVERED = 2
SPREAD_UNCOVERED = 1
#: a count this far over 61 is a hand that clearly calls for Solo or Heart Solo (a pass rules
#: it out); Guarantee Solo's target plus :data:`GUARANTEE_CLEAR`; Call Solo from 11 tricks
STRONG_SOLO = 75
GUARANTEE_CLEAR = 10
CALL_SOLO_CLEAR = 11.0
#: draws per deal wanted before the preference gives up and fills with deals that do not fit:
#: a draw and its check cost about 0.2 ms, so 40 deals cost at most about 0.1 s before the
#: first estimate (how often each call fits: docs/engine.md)
DRAWS_PER_DEAL = 8



def fits_call(hand: int, contract: int, trump: int | None = None,
              options: Mapping[str, Any] | None = None) -> bool:
    """Does ``hand`` (11 cards as dealt) fit a call of ``contract`` (see the module table)?

    ``trump`` is the trump once named (the play); ``None`` in the auction, where the best suit
    the contract allows is taken (SBS-18: no trump is named while bidding).
    """
    if contract == MISERE:
        return len(uncovered(hand)) <= MISERE_UNCOVERED
    if contract == SPREAD:
        return len(uncovered(hand)) <= SPREAD_UNCOVERED
    if contract == HEART_SOLO:
        suits: Sequence[int] = (HEARTS,)
    elif trump is not None and trump >= 0:
        suits = (trump,)
    elif contract == SOLO:
        suits = solo_trumps(options or {})
    else:
        suits = (0, 1, 2, 3)
    if contract == CALL_SOLO:
        return max(trump_estimate(hand, s)[0] for s in suits) >= CALL_SOLO_TRICKS
    if contract == GUARANTEE:
        return any(trump_estimate(hand, s)[1] >= (74 if s == HEARTS else 80) - GUARANTEE_SLACK
                   for s in suits)
    return max(trump_estimate(hand, s)[1] for s in suits) >= SOLO_FLOOR


def strong_above(hand: int, standing: int, options: Mapping[str, Any] | None = None) -> bool:
    """Does ``hand`` clearly call for a contract above ``standing`` (0: none; see the module
    docstring)? A player holding it would not have passed (SBS-14: a pass is final)."""
    if standing < SOLO and max(trump_estimate(hand, s)[1]
                               for s in solo_trumps(options or {})) >= STRONG_SOLO:
        return True
    if standing < HEART_SOLO and trump_estimate(hand, HEARTS)[1] >= STRONG_SOLO:
        return True
    if standing < MISERE and not uncovered(hand):
        return True
    if standing < GUARANTEE and any(
            trump_estimate(hand, s)[1] >= (74 if s == HEARTS else 80) + GUARANTEE_CLEAR
            for s in range(4)):
        return True
    if standing < SPREAD and spread_safe(hand):
        return True
    return standing < CALL_SOLO and max(
        trump_estimate(hand, s)[0] for s in range(4)) >= CALL_SOLO_CLEAR


def callers(view: SeatView) -> dict[int, int]:
    """Each other seat's highest bid, by seat (contracts 1..6); passes and the viewer left out."""
    out: dict[int, int] = {}
    for seat, token in view.calls:
        if seat != view.seat and token != "pass":
            out[seat] = CONTRACTS.index(token) + 1  # each bid outbids the last (SBS-14..16)
    return out


def passers(view: SeatView) -> dict[int, int]:
    """Each other seat that passed, with the contract standing when it did (0: none)."""
    out: dict[int, int] = {}
    high = 0
    for seat, token in view.calls:
        if token == "pass":
            if seat != view.seat:
                out[seat] = high
        else:
            high = CONTRACTS.index(token) + 1
    return out


@dataclass(frozen=True)
class Reading:
    """Deals read in the light of the calls: the deals, and how many of them fit."""

    deals: list[Deal]
    fitted: int  # how many of ``deals`` fit every caller (the rest filled up)
    drawn: int  # deals drawn to find them
    calls: tuple[tuple[int, int], ...]  # (seat, contract) of the bids read, in seat order
    passes: tuple[tuple[int, int], ...] = ()  # (seat, contract standing) of the passes read

    def describe(self) -> str:
        """One line for a table's footnote: what was read, and how well the deals fit; empty
        when no other player has called (every deal of the unseen cards is then as likely)."""
        if not self.calls and not self.passes:
            return ""
        def name(c: int) -> str:
            return CONTRACT_NAMES[CONTRACTS[c - 1]]

        said = ", ".join(
            [f"seat {s} bid {name(c)}" for s, c in self.calls]
            + [f"seat {s} passed " + (f"facing {name(c)}" if c else "with no bid standing")
               for s, c in self.passes])
        n = len(self.deals)
        fit = ("every deal sampled fits" if self.fitted == n else
               f"only {self.fitted} of the {n} deals sampled fit (the rest could not be found "
               f"in {self.drawn} draws)")
        return f"Calls read ({said}): {fit} those calls by the rules of thumb."


def read_calls(view: SeatView, sampler: Sampler, n: int, seed: int | random.Random | None,
               *, read: bool = True) -> Reading:
    """``n`` deals for ``view``, preferring those in which every other bidder's hand fits its
    bid (in the play, the bidder's with the trump named) and no other passer's hand clearly
    called for more. ``read=False`` reads nothing: exactly ``sampler.deals(n, seed)``."""
    rng = as_rng(seed)
    said = callers(view) if read else {}
    passed = passers(view) if read else {}
    trump = int(view.trump) if view.trump is not None else None
    checks = [(s, c, trump if s == view.bidder else None) for s, c in sorted(said.items())]
    quiet = sorted(passed.items())
    fit: list[Deal] = []
    misfit: list[Deal] = []
    drawn = 0
    limit = n if not (checks or quiet) else DRAWS_PER_DEAL * n
    while len(fit) < n and drawn < limit:
        d = sampler.sample_deal(rng)
        drawn += 1
        if all(fits_call(d.hands[s], c, t, view.options) for s, c, t in checks) and not any(
                strong_above(d.hands[s], c, view.options) for s, c in quiet):
            fit.append(d)
        elif len(misfit) < n:
            misfit.append(d)
    deals = fit + misfit[: n - len(fit)]
    return Reading(deals, len(fit), drawn, tuple(sorted(said.items())), tuple(quiet))


__all__ = ["DRAWS_PER_DEAL", "Reading", "callers", "fits_call", "passers", "read_calls",
           "strong_above"]
