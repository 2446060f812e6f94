"""Reading the calls: which sampled deals fit what the other players bid and passed.

The sampler (:mod:`tutor.engine.sampler`) deals the unseen cards uniformly among the deals
consistent with a view, and reads nothing into the players' choices. Yet a call says something:
a player who bid Solo holds a hand worth bidding Solo on. The bid advisor and the PIMC bot
read that here, the same way for both, as a *preference*:

- **Who said what.** Every other active seat's highest bid (its last: each bid must be
  strictly higher than the one standing, SBS-14..16), and every other seat's pass with the
  contract standing when it passed — a player who passes is out for the deal (SBS-14), so a pass
  says the hand did not want any contract above that one. The viewer's own calls are not read.
- **What a call needs, what a pass rules out** — the game's own rules of thumb, in its folder:
  ``fits_call(hand, contract, trump, options)`` and ``strong_above(hand, standing, options)`` of
  ``tutor/games/<game>/sampling.py`` (Six-Bid Solo's table is there). A game whose sampling
  module has neither reads nothing: its deals are the sampler's uniform draw.
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
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol, cast

from ..games import spec
from ..games.tapp import SeatView
from ..state import as_rng
from .sampler import Deal, Sampler, sampling_of

#: draws per deal wanted before the preference gives up and fills with deals that do not fit:
#: a draw and its check cost about 0.2 ms, so 40 deals cost at most about 0.1 s before the
#: first estimate (how often each call fits: docs/engine.md)
DRAWS_PER_DEAL = 8


class CallReading(Protocol):
    """A game's reading of its calls (its ``sampling`` module): contracts are numbered 1.. in
    the game's order, lowest first; ``hand`` is a mask of the 11 cards as dealt."""

    def fits_call(self, hand: int, contract: int, trump: int | None = None,
                  options: Mapping[str, Any] | None = None) -> bool: ...

    def strong_above(self, hand: int, standing: int,
                     options: Mapping[str, Any] | None = None) -> bool: ...


def call_reading(game_id: str) -> CallReading | None:
    """The game's reading of its calls, or ``None`` when it reads none."""
    module = sampling_of(game_id)
    if not (hasattr(module, "fits_call") and hasattr(module, "strong_above")):
        return None
    return cast(CallReading, module)


def _contracts(game_id: str) -> tuple[str, ...]:
    return tuple(spec(game_id).presentation.contract_names)


def callers(view: SeatView) -> dict[int, int]:
    """Each other seat's highest bid, by seat (contracts 1..); passes and the viewer left out."""
    contracts = _contracts(view.game)
    out: dict[int, int] = {}
    for seat, token in view.calls:
        if seat != view.seat and token != "pass":
            out[seat] = contracts.index(token) + 1  # each bid outbids the last (SBS-14..16)
    return out


def passers(view: SeatView) -> dict[int, int]:
    """Each other seat that passed, with the contract standing when it did (0: none)."""
    contracts = _contracts(view.game)
    out: dict[int, int] = {}
    high = 0
    for seat, token in view.calls:
        if token == "pass":
            if seat != view.seat:
                out[seat] = high
        else:
            high = contracts.index(token) + 1
    return out


@dataclass(frozen=True)
class Reading:
    """Deals read in the light of the calls: the deals, and how many of them fit."""

    deals: list[Deal]
    fitted: int  # how many of ``deals`` fit every caller (the rest filled up)
    drawn: int  # deals drawn to find them
    calls: tuple[tuple[int, int], ...]  # (seat, contract) of the bids read, in seat order
    passes: tuple[tuple[int, int], ...] = ()  # (seat, contract standing) of the passes read
    names: tuple[str, ...] = ()  # the game's contract names, lowest first (for the words)

    def describe(self) -> str:
        """One line for a table's footnote: what was read, and how well the deals fit; empty
        when no other player has called (every deal of the unseen cards is then as likely)."""
        if not self.calls and not self.passes:
            return ""

        def name(c: int) -> str:
            return self.names[c - 1]

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
    called for more. ``read=False`` reads nothing: exactly ``sampler.deals(n, seed)``; so does
    a game with no reading of its calls."""
    rng = as_rng(seed)
    reader = call_reading(view.game) if read else None
    said = callers(view) if reader else {}
    passed = passers(view) if reader else {}
    trump = int(view.trump) if view.trump is not None else None
    checks = [(s, c, trump if s == view.bidder else None) for s, c in sorted(said.items())]
    quiet = sorted(passed.items())
    fit: list[Deal] = []
    misfit: list[Deal] = []
    drawn = 0
    limit = n if not (checks or quiet) else DRAWS_PER_DEAL * n
    options = view.options

    def fits(d: Deal) -> bool:
        return reader is None or (
            all(reader.fits_call(d.hands[s], c, t, options) for s, c, t in checks)
            and not any(reader.strong_above(d.hands[s], c, options) for s, c in quiet))

    while len(fit) < n and drawn < limit:
        d = sampler.sample_deal(rng)
        drawn += 1
        if fits(d):
            fit.append(d)
        elif len(misfit) < n:
            misfit.append(d)
    deals = fit + misfit[: n - len(fit)]
    presentation = spec(view.game).presentation
    names = tuple(presentation.contract_name(c) for c in presentation.contract_names)
    return Reading(deals, len(fit), drawn, tuple(sorted(said.items())), tuple(quiet), names)


__all__ = ["DRAWS_PER_DEAL", "CallReading", "Reading", "call_reading", "callers", "passers",
           "read_calls"]
