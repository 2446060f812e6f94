"""Bid-table timing: the advisor on a seeded set of hands, against a baseline in the same run.

For each hand (forehand to speak first, so all six contracts are open: 14 rows with the trumps)
it times:

- **baseline**: serial, in-process, un-adaptive — every row solved on every one of N worlds;
- **adaptive**: serial, dropping rows that are clearly out;
- **pool**: adaptive, worlds spread over a warm 2-process ``ProcessPoolExecutor``;
- **first estimate**: the time to the first :class:`Advice` the widget would show.

    python benchmarks/advisor.py --hands 20 --samples 40

Targets (issue 3): table ≤ 1.5 s at p90, first estimate ≤ 300 ms, on the 2-core machine.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.rules.six_bid_solo import SixBidSolo
from tutor.solver.advisor import advise_iter


def _warm(_: int = 0) -> int:
    """Compile the solver (numba JIT) before timing: a whole small table."""
    state = SixBidSolo().new_deal(12345)
    for _a in advise_iter(state, 2, 0, adaptive=False):
        pass
    return os.getpid()


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    k = min(len(xs) - 1, max(0, round(q * (len(xs) - 1))))
    return xs[k]


def _time(state: object, samples: int, seed: int, executor: Executor | None,
          adaptive: bool, first: int) -> tuple[float, float, int]:
    t0 = time.perf_counter()
    t_first = -1.0
    solved = 0
    last = None
    for a in advise_iter(state, samples, seed, executor=executor,  # type: ignore[arg-type]
                         adaptive=adaptive, first=first):
        if t_first < 0:
            t_first = time.perf_counter() - t0
        last = a
    assert last is not None
    solved = sum(r.n for r in last.rows)
    return time.perf_counter() - t0, t_first, solved


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=20)
    p.add_argument("--samples", type=int, default=40)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--first", type=int, default=2, help="worlds in the first batch")
    p.add_argument("--workers", type=int, default=2)
    args = p.parse_args(argv)
    game = SixBidSolo()
    hands = [game.new_deal(args.seed * 1000 + i, dealer=i % 3) for i in range(args.hands)]
    _warm()
    figures: dict[str, list[float]] = {"baseline": [], "adaptive": [], "pool": [], "first": [],
                                       "first_pool": []}
    cells: dict[str, int] = {"baseline": 0, "adaptive": 0}
    with ProcessPoolExecutor(args.workers) as pool:
        list(pool.map(_warm, range(args.workers * 2)))
        for i, state in enumerate(hands):
            seed = args.seed + i
            t, _, n = _time(state, args.samples, seed, None, False, args.first)
            figures["baseline"].append(t)
            cells["baseline"] += n
            t, f, n = _time(state, args.samples, seed, None, True, args.first)
            figures["adaptive"].append(t)
            figures["first"].append(f)
            cells["adaptive"] += n
            t, f, _ = _time(state, args.samples, seed, pool, True, args.first)
            figures["pool"].append(t)
            figures["first_pool"].append(f)
            print(f"hand {i:2d}: baseline {figures['baseline'][-1]:.2f} s, adaptive "
                  f"{figures['adaptive'][-1]:.2f} s, pool {t:.2f} s, first estimate "
                  f"{figures['first'][-1] * 1000:.0f} ms", file=sys.stderr, flush=True)
    base90 = _pct(figures["baseline"], 0.9)
    print(f"Bid table, {args.hands} hands, {args.samples} worlds, 14 rows (6 contracts with "
          f"trumps), 2 cores")
    print("| variant | median | p90 | max | p90 vs baseline |")
    print("|---|---|---|---|---|")
    for name in ("baseline", "adaptive", "pool", "first", "first_pool"):
        xs = figures[name]
        print(f"| {name} | {statistics.median(xs) * 1000:.0f} ms | {_pct(xs, 0.9) * 1000:.0f} ms "
              f"| {max(xs) * 1000:.0f} ms | {base90 / max(_pct(xs, 0.9), 1e-9):.1f}× |")
    print(f"row-worlds solved: baseline {cells['baseline']}, adaptive {cells['adaptive']} "
          f"({cells['adaptive'] / max(cells['baseline'], 1):.0%})")
    print("targets: table p90 ≤ 1500 ms (pool), first estimate ≤ 300 ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
