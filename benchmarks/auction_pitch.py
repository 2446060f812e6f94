"""Auction Pitch's engine speed: checked random hands/s and unchecked playouts/s at 3 and 7
players, against Six-Bid Solo's checked random deal measured in the same process.

Run ``python benchmarks/auction_pitch.py [--seconds S]``. It prints, from one process:

- checked random hands/s at 3 and at 7 players: a fresh seeded deal (PI-3: 6 cards each of a
  shuffled 52), then uniformly random legal actions through the checked ``apply`` — the n calls
  and all 6n cards — to the scoring (``chips()``, PI-10/PI-11);
- unchecked playouts/s at 3 and at 7 players: from positions at the first lead, ``copy()`` plus
  ``random_playout`` (the fast path Monte-Carlo bots will use) to the end of the hand, scored;
- the baseline, Six-Bid Solo's checked random full deal (``benchmarks/engine.py``'s
  ``checked_deals``, 3 players, 33 cards and its auction), and each Pitch figure's ratio to it.

Rates are per CPU second of this process, best of three rounds taken in turns (``rates``).
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable

from engine import checked_deals, pick, rates

from tutor.games.auction_pitch.rules import PLAY, AuctionPitch, PitchState, random_playout


def checked_hands(players: int, seed: int = 1) -> Callable[[], int]:
    """Random full hands through the checked ``apply``, scored at the end."""
    game = AuctionPitch({"players": players})
    rng = random.Random(seed)

    def batch() -> int:
        for _ in range(50):
            state = game.new_deal(rng, dealer=rng.randrange(players))
            rand = rng.random
            while not state.is_terminal():
                state.apply(pick(state.legal_actions(), rand))
            state.chips()
        return 50

    return batch


def starts_of_play(players: int, n: int = 200, seed: int = 2) -> list[PitchState]:
    """Hands at their first lead, reached by random calls."""
    game = AuctionPitch({"players": players})
    rng = random.Random(seed)
    out: list[PitchState] = []
    while len(out) < n:
        state = game.new_deal(rng, dealer=rng.randrange(players))
        while state.phase != PLAY:
            state.apply(rng.choice(state.legal_actions()))
        out.append(state)
    return out


def unchecked_playouts(players: int, seed: int = 3) -> Callable[[], int]:
    starts = starts_of_play(players)
    rng = random.Random(seed)

    def batch() -> int:
        for s in starts:
            played = s.copy()
            random_playout(played, rng)
            played.chips()
        return len(starts)

    return batch


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=6.0, help="CPU seconds per measurement")
    args = ap.parse_args()
    print("Auction Pitch engine benchmark (one process, one core, CPU time)")
    fns: dict[str, Callable[[], int]] = {"six-bid-solo": checked_deals()}
    for n in (3, 7):
        fns[f"checked {n}"] = checked_hands(n)
        fns[f"unchecked {n}"] = unchecked_playouts(n)
    r = rates(fns, args.seconds)
    base = r["six-bid-solo"]
    print(f"  Six-Bid Solo checked deals/s (baseline)   {base:10,.0f}")
    for n in (3, 7):
        for kind, words in (("checked", "checked random hands/s"),
                            ("unchecked", "unchecked playouts/s  ")):
            rate = r[f"{kind} {n}"]
            print(f"  Pitch, {n} players, {words}   {rate:10,.0f}   "
                  f"({rate / base:5.2f}× the baseline)")


if __name__ == "__main__":
    main()
