"""Sixty-Six's engine speed: random full deals/s, checked and unchecked, against Six-Bid Solo's
random deal measured in the same process; and the search step the endgame solver will use.

Run ``python benchmarks/sixty_six.py [--seconds S]``. It prints, from one process (CPU time,
best of three rounds taken in turns, as ``benchmarks/engine.py`` measures):

- checked full deals/s: a fresh seeded deal (shuffle, SS-3), then uniformly random legal
  actions through ``legal_actions`` and the checked ``apply``, never claiming or closing, so
  every deal is played out: 24 cards and 6 draws (and an exchange when it comes up);
- unchecked full deals/s: the same through ``apply_unchecked``;
- Six-Bid Solo's checked random deals/s (``benchmarks/engine.py``'s workload: auction,
  declaration and 33 cards) as the baseline, and the ratio of the two checked figures;
- search nodes/s: from positions just after the stock ran out (12 cards left), a complete
  minimax over the card points (``legal_actions``, ``apply_unchecked``, ``undo`` at each node,
  no table, no pruning) — the raw step an exact endgame solver stands on — with its time per
  position (median and largest).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import checked_deals, pick, rates  # benchmarks/engine.py

from tutor.games.sixty_six.rules import (
    CARD,
    CLOSE,
    DRAW,
    SixtySix,
    SixtySixState,
)

BATCH = 50


def _play_on(actions: list[int], rand: Callable[[], float]) -> int:
    """The random policy: draw at a draw step, else a uniform legal action that neither claims
    nor closes (so every deal is played to its 12th trick)."""
    if actions[-1] == DRAW:
        return DRAW
    moves = [a for a in actions if a > CLOSE]  # claim 0, claim:marriage 1..4, close 5
    return pick(moves or actions, rand)


def sixty_six_deals(checked: bool, seed: int = 5) -> Callable[[], int]:
    game = SixtySix()
    rng = random.Random(seed)

    def batch() -> int:
        rand = rng.random
        for i in range(BATCH):
            state = game.new_deal(rng, dealer=i & 1)
            step = state.apply if checked else state.apply_unchecked
            while not state.is_terminal():
                step(_play_on(state.legal_actions(), rand))
        return BATCH

    return batch


def endgame_positions(n: int, seed: int = 6) -> list[SixtySixState]:
    """Positions at the first lead after the stock ran out (6 cards each, strict rules)."""
    game = SixtySix()
    rng = random.Random(seed)
    out: list[SixtySixState] = []
    while len(out) < n:
        state = game.new_deal(rng, dealer=len(out) & 1)
        while state.stock_left or state.step != "lead":
            state.apply_unchecked(_play_on(state.legal_actions(), rng.random))
        out.append(state)
    return out


def minimax(state: SixtySixState, counter: list[int]) -> int:
    """Seat 0's card points plus the last-trick 10, best for both sides (no pruning)."""
    counter[0] += 1
    if state.is_terminal():
        return state.won_points[0] + (10 if state.last_bonus == 0 else 0)
    maximise = state.to_move == 0
    best = -1 if maximise else 999
    for action in state.legal_actions():
        if action < CARD:  # claims: the solver's question, not the card play's
            continue
        state.apply_unchecked(action)
        value = minimax(state, counter)
        state.undo()
        if (value > best) if maximise else (value < best):
            best = value
    return best


def search_figures(positions: list[SixtySixState]) -> tuple[float, float, float, float]:
    """Nodes/s, mean nodes, median and largest milliseconds per position (CPU time)."""
    counter = [0]
    times = []
    for position in positions:
        start = time.process_time()
        minimax(position.copy(), counter)
        times.append(time.process_time() - start)
    total = sum(times)
    return (counter[0] / total, counter[0] / len(positions), 1000 * statistics.median(times),
            1000 * max(times))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=6.0, help="CPU seconds per measurement")
    ap.add_argument("--positions", type=int, default=30, help="endgame positions searched")
    args = ap.parse_args()
    print("Sixty-Six engine benchmark (one process, one core, CPU time)")
    fns: dict[str, Callable[[], int]] = {
        "checked": sixty_six_deals(True), "unchecked": sixty_six_deals(False),
        "six-bid-solo": checked_deals()}
    r = rates(fns, args.seconds)
    print(f"  checked random full deals/s      {r['checked']:10,.0f}   (24 cards, 6 draws each)")
    print(f"  unchecked random full deals/s    {r['unchecked']:10,.0f}")
    print(f"  Six-Bid Solo checked deals/s     {r['six-bid-solo']:10,.0f}   "
          "(benchmarks/engine.py's workload, the baseline)")
    print(f"  Sixty-Six / Six-Bid Solo         {r['checked'] / r['six-bid-solo']:10.2f}×  "
          "(checked deals)")
    nodes, mean, median, worst = search_figures(endgame_positions(args.positions))
    print(f"  endgame minimax nodes/s          {nodes:10,.0f}   (legal + apply_unchecked + undo)")
    print(f"  full minimax per position        {median:8.1f} ms median, {worst:.1f} ms max, "
          f"{mean:,.0f} nodes on average ({args.positions} positions, no pruning)")


if __name__ == "__main__":
    main()
