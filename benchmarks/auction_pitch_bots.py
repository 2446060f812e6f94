"""Auction Pitch's bots: the time a move takes, at 3 and at 7 players, measured in one process.

Run ``python benchmarks/auction_pitch_bots.py [--deals D]``. CPU time of this process (so the
machine's other load shows less). At each table size D seeded hands are played by the rule bot
at every seat; at every decision with more than one legal action (a call, or a card) the random
bot, the rule bot and the Monte-Carlo bot (``make_bot("pimc")``, 32 sampled worlds, the last two
tricks searched) each choose from the same view, and each choice is timed. It prints, per
table size and bot, the p50, p95 and largest time a move, the number of moves, and the ratio of
the p50 and p95 to the **baseline**: one Six-Bid Solo checked random deal
(``benchmarks/engine.py``'s ``checked_deals``), measured in the same process, so the ratios
travel between machines. Exit status 1 if the Monte-Carlo bot's p95 is above a second.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import checked_deals, rates

from tutor.bots import make_bot
from tutor.games.auction_pitch.rules import AuctionPitch

KINDS = ("random", "rule", "pimc")
LIMIT = 1.0  # seconds: the Monte-Carlo bot's move at p95 (issue 20)


def move_times(players: int, deals: int, seed: int = 20) -> dict[str, list[float]]:
    """CPU seconds of every move with a choice, by bot, over ``deals`` hands the rule bot plays
    at every seat (each bot choosing from the same views)."""
    game = AuctionPitch({"players": players})
    rng = random.Random(seed)
    out: dict[str, list[float]] = {k: [] for k in KINDS}
    bots = {k: make_bot(k, seed) for k in KINDS}
    for d in range(deals):
        state = game.new_deal(rng, dealer=d % players)
        while not state.is_terminal():
            seat = state.to_move
            assert seat is not None
            view = state.view(seat)
            action = None
            for kind, bot in bots.items():
                t0 = time.process_time()
                chosen, _ = bot.act(view)
                t = time.process_time() - t0
                if len(view.legal) > 1:
                    out[kind].append(t)
                if kind == "rule":
                    action = chosen
            assert action is not None
            state.apply(action)
    return out


def quantile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=8, help="hands per table size")
    args = ap.parse_args()
    print("Auction Pitch bot moves (one process, CPU time; moves with a choice)")
    base = 1 / rates({"six-bid-solo": checked_deals()}, 3.0)["six-bid-solo"]
    print(f"  baseline: one Six-Bid Solo checked random deal, {base * 1e3:.3f} ms")
    print("| players | bot | moves | p50 | p95 | largest | p50 / baseline | p95 / baseline |")
    print("|---|---|---|---|---|---|---|---|")
    ok = True
    for players in (3, 7):
        times = move_times(players, args.deals)
        for kind in KINDS:
            xs = times[kind]
            p50, p95 = statistics.median(xs), quantile(xs, 0.95)
            print(f"| {players} | {kind} | {len(xs)} | {p50 * 1e3:.2f} ms | {p95 * 1e3:.2f} ms | "
                  f"{max(xs) * 1e3:.2f} ms | {p50 / base:,.1f}× | {p95 / base:,.1f}× |")
            if kind == "pimc" and p95 > LIMIT:
                ok = False
                print(f"  the Monte-Carlo bot's p95 at {players} players is above {LIMIT} s")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
