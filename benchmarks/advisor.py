"""Bid-table timing: the advisor on a seeded set of hands, against baselines in the same run.

For each hand (dealt from the seed; the player to speak first, so all six contracts are open:
14 rows with the trumps) it times, interleaved hand by hand so that load hits every variant:

- **baseline**: serial, in-process, no stopping — every row solved on every one of N worlds;
- **before**: serial, adaptive as the advisor stopped before (a row dropped only when its own
  95% interval fell below the best row's or below 0; batches 2, 4, 8, 16, …; the first drops
  after 8 worlds) — reproduced here by swapping the two functions back in;
- **adaptive**: serial, the advisor's default (rows also dropped when they trail the best row
  world by world — a paired comparison —; a check after 6 worlds, then every batch);
- **pool**: adaptive, worlds and trumps spread over a warm 2-process ``ProcessPoolExecutor``
  (compiled before timing);
- **first** / **first_pool**: the time to the first :class:`Advice` a widget would show
  (``--first`` worlds); **first_pool_1**: the same from one world on the pool.

Wall time (``perf_counter``) and CPU time (this process's ``process_time``, plus the pool
workers' CPU read from ``/proc``) are both printed, with the load average: the machine is
shared, and under load the wall figures stretch while CPU stays put.

    python benchmarks/advisor.py --hands 10 --samples 40
    python benchmarks/advisor.py --games frog --frog-hands 20 --questions 20

Targets: the table ≤ 1.5 s at p90, the first estimate ≤ 300 ms, on 2 cores. Past runs'
figures: ``docs/advisor.md``.

**Frog** (``--games frog``, or both by default): on seeded Frog hands, the player to speak
first (rows Frog bid, Chico ♣ ♠ ♦, Grand), the time to the first estimate (one world, serial
and on the pool) and to the final advice — adaptive, serial and on the pool, ``--frog-samples``
worlds (the panel's 16 by default) — and through the panel's own anytime path
(:func:`tutor.play.anytime.advise_within` with the panel's budget, stopping once the best call
is clear), against the targets: first estimate ≤ 300 ms, final ≤ 2 s. Then Frog's decision
questions, ``--questions`` seeds each: a bid question found live, and a discard question (how
many discards are solved after the interchangeable cards are merged, the time to make the
question and to grade a pick), wall and CPU.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.games.frog.rules import Frog
from tutor.games.six_bid_solo.rules import SixBidSolo
from tutor.play.anytime import MIN_SAMPLES, advise_within, clear_after
from tutor.quiz.decisions import generate_decision, grade_decision
from tutor.solver import advisor
from tutor.solver.advisor import RowResult, advise_iter
from tutor.widgets.advisor_panel import BUDGET, LEAST, AdvisorPanel

VARIANTS = ("baseline", "before", "adaptive", "pool")


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


def _children_cpu(pool: ProcessPoolExecutor | None) -> float:
    """CPU seconds (user + system) used so far by the pool's worker processes (Linux)."""
    if pool is None:
        return 0.0
    total = 0
    for pid in list(getattr(pool, "_processes", {}) or {}):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime (clock ticks)
    return total / os.sysconf("SC_CLK_TCK")


def _old_batches(samples: int, first: int, min_samples: int = 8) -> list[int]:
    """The schedule before: a first batch, then doubling (drops checked from 8 worlds on)."""
    out: list[int] = []
    size = max(1, min(first, samples))
    left = samples
    while left > 0:
        size = min(size, left)
        out.append(size)
        left -= size
        size *= 2
    return out


@contextmanager
def _before() -> Iterator[None]:
    """The advisor's stopping as it was: marginal intervals only, doubling batches."""
    batches, drop = advisor._batches, advisor._drop_clearly_out

    def marginal(results: list[RowResult], paired: bool = True) -> None:
        drop(results, paired=False)

    advisor._batches = _old_batches
    advisor._drop_clearly_out = marginal  # type: ignore[assignment]
    try:
        yield
    finally:
        advisor._batches, advisor._drop_clearly_out = batches, drop


def _time(state: object, samples: int, seed: int, executor: ProcessPoolExecutor | None,
          adaptive: bool, first: int, min_samples: int = 6
          ) -> tuple[float, float, float, int]:
    """(wall, cpu, wall to the first estimate, row-worlds solved) of one table."""
    pool: Executor | None = executor
    c0 = time.process_time() + _children_cpu(executor)
    t0 = time.perf_counter()
    t_first = -1.0
    last = None
    for a in advise_iter(state, samples, seed, executor=pool,  # type: ignore[arg-type]
                         adaptive=adaptive, first=first, min_samples=min_samples):
        if t_first < 0:
            t_first = time.perf_counter() - t0
        last = a
    wall = time.perf_counter() - t0
    cpu = time.process_time() + _children_cpu(executor) - c0
    assert last is not None
    return wall, cpu, t_first, sum(r.n for r in last.rows)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=10)
    p.add_argument("--samples", type=int, default=40)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--first", type=int, default=2, help="worlds in the first batch")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--games", default="six-bid-solo,frog", help="comma-separated")
    p.add_argument("--frog-hands", type=int, default=10)
    p.add_argument("--frog-samples", type=int, default=16, help="the panel's default")
    p.add_argument("--questions", type=int, default=10, help="Frog decision questions per kind")
    args = p.parse_args(argv)
    games = args.games.split(",")
    if "six-bid-solo" in games:
        six_bid_solo(args)
    if "frog" in games:
        frog(args)
    return 0


def six_bid_solo(args: argparse.Namespace) -> None:
    """The Six-Bid Solo table: the variants against the baseline (the module docstring)."""
    game = SixBidSolo()
    hands = [game.new_deal(args.seed * 1000 + i, dealer=i % 3) for i in range(args.hands)]
    _warm()
    wall: dict[str, list[float]] = {v: [] for v in VARIANTS}
    cpu: dict[str, list[float]] = {v: [] for v in VARIANTS}
    first: dict[str, list[float]] = {"first": [], "first_pool": [], "first_pool_1": []}
    cells: dict[str, int] = dict.fromkeys(VARIANTS, 0)
    load0 = os.getloadavg()
    with ProcessPoolExecutor(args.workers) as pool:
        list(pool.map(_warm, range(args.workers * 2)))
        for i, state in enumerate(hands):
            seed = args.seed + i
            for v in VARIANTS:
                if v == "before":
                    with _before():
                        w, c, f, n = _time(state, args.samples, seed, None, True, args.first,
                                           min_samples=8)
                else:
                    w, c, f, n = _time(state, args.samples, seed, pool if v == "pool" else None,
                                       v != "baseline", args.first)
                wall[v].append(w)
                cpu[v].append(c)
                cells[v] += n
                if v == "adaptive":
                    first["first"].append(f)
                if v == "pool":
                    first["first_pool"].append(f)
            # the first estimate from a single world, its trumps shared by the pool's workers
            t0 = time.perf_counter()
            next(advise_iter(state, args.samples, seed, executor=pool, first=1))
            first["first_pool_1"].append(time.perf_counter() - t0)
            print(f"hand {i:2d}: " + ", ".join(f"{v} {wall[v][-1]:.2f} s" for v in VARIANTS)
                  + f"; first estimate {first['first'][-1] * 1000:.0f} ms serial, "
                  f"{first['first_pool'][-1] * 1000:.0f} ms pool, "
                  f"{first['first_pool_1'][-1] * 1000:.0f} ms pool from 1 world; load "
                  f"{os.getloadavg()[0]:.1f}", file=sys.stderr, flush=True)
    load1 = os.getloadavg()
    base90 = _pct(wall["baseline"], 0.9)
    print(f"Bid table, {args.hands} hands (seed {args.seed}), {args.samples} worlds, 14 rows "
          f"(6 contracts with trumps), {args.workers} workers; load average "
          f"{load0[0]:.1f} at the start, {load1[0]:.1f} (1 min) / {load1[1]:.1f} (5 min) "
          f"at the end")
    print("| variant | wall median | wall p90 | wall max | CPU median | CPU p90 | "
          "p90 wall vs baseline |")
    print("|---|---|---|---|---|---|---|")
    for v in VARIANTS:
        xs, cs = wall[v], cpu[v]
        print(f"| {v} | {statistics.median(xs) * 1000:.0f} ms | {_pct(xs, 0.9) * 1000:.0f} ms "
              f"| {max(xs) * 1000:.0f} ms | {statistics.median(cs) * 1000:.0f} ms | "
              f"{_pct(cs, 0.9) * 1000:.0f} ms | {base90 / max(_pct(xs, 0.9), 1e-9):.1f}× |")
    for name, xs in first.items():
        print(f"| {name} | {statistics.median(xs) * 1000:.0f} ms | {_pct(xs, 0.9) * 1000:.0f} ms "
              f"| {max(xs) * 1000:.0f} ms | | | |")
    print("row-worlds solved: " + ", ".join(
        f"{v} {cells[v]} ({cells[v] / max(cells['baseline'], 1):.0%})" for v in VARIANTS))
    print("targets: table p90 ≤ 1500 ms (pool), first estimate ≤ 300 ms")


def _row(name: str, xs: list[float], target: str = "", unit: float = 1000.0,
         fmt: str = "{:.0f} ms") -> str:
    return (f"| {name} | {fmt.format(statistics.median(xs) * unit)} | "
            f"{fmt.format(_pct(xs, 0.9) * unit)} | {fmt.format(max(xs) * unit)} | {target} |")


def _hand_text(state: Any) -> str:
    """The hand of the player to speak, as the panel's text box takes it."""
    return " ".join(c.text for c in state.view(state.to_move).hand)


def frog(args: argparse.Namespace) -> None:
    """Frog's advisor and decision questions (the module docstring)."""
    game = Frog()
    hands = [game.new_deal(args.seed * 1000 + i, dealer=i % 3) for i in range(args.frog_hands)]
    for _a in advise_iter(game.new_deal(12345), 2, 0, adaptive=False):
        pass  # compiled, and Frog's adapters loaded
    n = args.frog_samples
    times: dict[str, list[float]] = {k: [] for k in (
        "first", "first_pool_1", "final", "final_pool", "panel", "panel_pool", "widget_first",
        "widget_table", "widget")}
    AdvisorPanel(game="frog", hand=_hand_text(hands[0]), seed=0).advise()  # matplotlib loaded
    deals: list[int] = []
    load0 = os.getloadavg()
    with ProcessPoolExecutor(args.workers) as pool:
        list(pool.map(_warm, range(args.workers * 2)))
        for _a in advise_iter(game.new_deal(12345), 2, 0, executor=pool):
            pass
        for i, state in enumerate(hands):
            seed = args.seed + i
            view = state.view(state.to_move)  # type: ignore[arg-type]
            for key, ex in (("first", None), ("first_pool_1", pool)):
                t0 = time.perf_counter()
                next(advise_iter(view, n, seed, executor=ex, first=1))
                times[key].append(time.perf_counter() - t0)
            for key, ex in (("final", None), ("final_pool", pool)):
                t0 = time.perf_counter()
                for _a in advise_iter(view, n, seed, executor=ex, first=1):
                    pass
                times[key].append(time.perf_counter() - t0)
            for key, ex in (("panel", None), ("panel_pool", pool)):
                t0 = time.perf_counter()
                last = None
                for step in advise_within(view, n, seed, budget=BUDGET, first=1, least=LEAST,
                                          clear=clear_after(MIN_SAMPLES, view.legal),
                                          executor=ex, chunk=1 if ex is not None else 4,
                                          min_samples=MIN_SAMPLES):
                    last = step
                times[key].append(time.perf_counter() - t0)
                if key == "panel" and last is not None:
                    deals.append(last.advice.worlds)
            panel = AdvisorPanel(game="frog", hand=_hand_text(state), seed=seed)
            tables: list[float] = []
            panel.table.observe(lambda _c, at=tables: at.append(time.perf_counter()),
                                names="value")
            t0 = time.perf_counter()
            panel.advise()
            times["widget"].append(time.perf_counter() - t0)
            times["widget_first"].append(min(tables) - t0)
            times["widget_table"].append(max(tables) - t0)
            ms = {k: round(v[-1] * 1000) for k, v in times.items()}
            print(f"frog hand {i:2d}: first {ms['first']} ms, final {ms['final']} ms serial / "
                  f"{ms['final_pool']} ms pool, panel {ms['panel']} ms on {deals[-1]} deals",
                  file=sys.stderr, flush=True)
    load1 = os.getloadavg()
    print(f"\nFrog advisor, {args.frog_hands} hands (seed {args.seed}), forehand to speak (5 "
          f"rows: Frog bid, Chico ♣ ♠ ♦, Grand), {n} worlds, {args.workers} workers; load "
          f"average {load0[0]:.1f} at the start, {load1[0]:.1f} at the end")
    print("| Frog advisor | wall median | wall p90 | wall max | target |")
    print("|---|---|---|---|---|")
    names = {"first": "first estimate, serial (1 world)",
             "first_pool_1": "first estimate, pool (1 world)",
             "final": "final advice, adaptive, serial", "final_pool": "final advice, pool",
             "panel": "the panel's final table (anytime, clear stop), serial",
             "panel_pool": "the panel's final table, pool",
             "widget_first": "the widget (AdvisorPanel.advise): first table on screen",
             "widget_table": "the widget: final table on screen",
             "widget": "the widget: the chart drawn below it"}
    for key, name in names.items():
        first = key.startswith("first") or key == "widget_first"
        print(_row(name, times[key], "≤ 300 ms" if first else "≤ 2000 ms"))
    print(f"deals the panel's final table rests on: median {statistics.median(deals):.0f}, "
          f"min {min(deals)}, max {max(deals)} of {n}")
    frog_questions(args.questions)


def frog_questions(count: int) -> None:
    """Frog's decision questions: made (wall and CPU) and, for the discard, pruned and graded."""
    generate_decision("discard-decision", 10_000, game="frog")  # warm
    wall: dict[str, list[float]] = {"bid-decision": [], "discard-decision": []}
    cpu: dict[str, list[float]] = {"bid-decision": [], "discard-decision": []}
    grading: list[float] = []
    candidates: list[float] = []
    best: list[float] = []
    for seed in range(count):
        for kind in wall:
            t0, c0 = time.perf_counter(), time.process_time()
            q = generate_decision(kind, seed, game="frog")
            wall[kind].append(time.perf_counter() - t0)
            cpu[kind].append(time.process_time() - c0)
            if kind == "discard-decision":
                d = q.detail()
                candidates.append(d["candidates"])
                best.append(len(d["best"]))
                pick = list(q.values[seed % 5: seed % 5 + 3])  # a pick not made before
                t0 = time.perf_counter()
                grade_decision(q, pick)
                grading.append(time.perf_counter() - t0)
    print(f"\nFrog decision questions, seeds 0..{count - 1}")
    print("| Frog question | median | p90 | max | |")
    print("|---|---|---|---|---|")
    for kind in wall:
        print(_row(f"{kind} made (wall)", wall[kind]))
        print(_row(f"{kind} made (CPU)", cpu[kind]))
    print(_row("discard graded (a pick of the learner's: one exact solve)", grading))
    print(_row("discards solved after merging interchangeable cards (of 364)", candidates,
               unit=1.0, fmt="{:.0f}"))
    print(_row("best discards (canonical)", best, unit=1.0, fmt="{:.0f}"))


if __name__ == "__main__":
    sys.exit(main())
