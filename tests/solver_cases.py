"""Shared builders for the solver tests (not a test module): seeded positions in the play of
Six-Bid Solo and Frog, and an independent brute-force minimax written on the engine alone (no
code of ``tutor.solver``)."""

from __future__ import annotations

import random
from typing import Any

from tutor.games.frog.rules import CONTRACTS as FROG_CONTRACTS
from tutor.games.frog.rules import Frog, FrogState
from tutor.games.six_bid_solo.rules import CONTRACTS, MISERES, SixBidSolo, SixBidSoloState
from tutor.games.tapp import CALL_BASE, DONE, PASS, TRUMP_BASE, TappState


def cards_left(s: TappState) -> int:
    return 33 - 3 * len(s.tricks) - len(s.trick)


def position(seed: int, contract: int, left: int, options: dict[str, Any] | None = None
             ) -> SixBidSoloState:
    """A seeded deal where a seeded player bids ``contract`` (1..6) and the others pass; the
    declaration is random, then random cards are played until ``left`` cards remain."""
    rng = random.Random(seed)
    game = SixBidSolo(options or {})
    s = game.new_deal(rng, dealer=rng.randrange(game.players))
    bid = CALL_BASE + contract
    calls = ([bid, PASS, PASS], [PASS, bid, PASS], [PASS, PASS, bid])[rng.randrange(3)]
    for a in calls:
        s.apply(a)
    while s.phase == "declare":
        s.apply(rng.choice(s.legal_actions()))
    while cards_left(s) > left:
        s.apply(rng.choice(s.legal_actions()))
    assert s.phase == "play" and s.contract_id == CONTRACTS[contract - 1]
    return s


def frog_position(seed: int, contract: int, left: int, options: dict[str, Any] | None = None
                  ) -> FrogState:
    """A seeded Frog deal where a seeded player bids ``contract`` (1 frog, 2 chico, 3 grand)
    and the others pass; the discard or Chico's trump is random, then random cards are played
    until ``left`` cards remain."""
    rng = random.Random(seed)
    game = Frog(options or {})
    s = game.new_deal(rng, dealer=rng.randrange(game.players))
    bid = CALL_BASE + contract
    calls = ([bid, PASS, PASS], [PASS, bid, PASS], [PASS, PASS, bid])[rng.randrange(3)]
    for a in calls:
        s.apply(a)
    while s.phase == "declare":
        s.apply(rng.choice(s.legal_actions()))
    while cards_left(s) > left:
        s.apply(rng.choice(s.legal_actions()))
    assert s.phase == "play" and s.contract_id == FROG_CONTRACTS[contract - 1]
    return s


def _misere(s: TappState) -> bool:
    return isinstance(s, SixBidSoloState) and s.contract in MISERES


def final_value(s: TappState) -> int:
    """The value of a finished deal, read off the engine (SBS-12, SBS-V1; Frog's FR-1)."""
    assert s.bidder is not None
    if _misere(s):
        if s.options.misere == "no_tricks":
            return s.won_tricks[s.bidder]
        return s.won_points[s.bidder]
    return s.bidder_points()


def brute_force(s: TappState) -> int:
    """Plain minimax over the engine's own legal moves, no pruning, no table: the bidder
    maximises (point contracts) or minimises (misères) ``final_value``."""
    if s.phase == DONE:
        return final_value(s)
    bidder_to_move = s.to_move == s.bidder
    maximise = bidder_to_move != _misere(s)
    best: int | None = None
    for card in s.legal_actions():
        s.apply_unchecked(card)
        v = brute_force(s)
        s.undo()
        if best is None or (v > best if maximise else v < best):
            best = v
    assert best is not None
    return best


def brute_force_children(s: TappState) -> dict[int, int]:
    out = {}
    for card in s.legal_actions():
        s.apply_unchecked(card)
        out[card] = brute_force(s)
        s.undo()
    return out


def strong_bidder_deal(seed: int) -> SixBidSoloState:
    """A full deal at its first lead: the active player with the most card points plus eight
    per card of the longest suit bids Solo in that suit (Heart Solo for hearts), the others
    pass. This is the deal set of ``benchmarks/solver.py``."""
    game = SixBidSolo()
    s = game.new_deal(seed, dealer=seed % 3)
    best = (-1, 0, 0)
    for pos, seat in enumerate(s.active):
        h = s.hands[seat]
        for t in range(4):
            score = sum((11, 10, 4, 3, 2, 0, 0, 0, 0)[c % 9] for c in range(36) if h >> c & 1)
            score += 8 * bin(h >> (9 * t) & 0x1FF).count("1")
            if score > best[0]:
                best = (score, pos, t)
    _, pos, trump = best
    bid = CALL_BASE + (2 if trump == 2 else 1)
    calls = ([bid, PASS, PASS], [PASS, bid, PASS], [PASS, PASS, bid])[pos]
    for a in calls:
        s.apply(a)
    if s.phase == "declare":
        s.apply(TRUMP_BASE + trump)
    assert s.phase == "play"
    return s
