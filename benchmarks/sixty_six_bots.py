"""Sixty-Six's exact endgame solver and its bots' move times, measured in one process.

Run ``python benchmarks/sixty_six_bots.py [--positions N] [--deals D] [--table T]``
(``--only table`` for the play table's part alone). CPU time (this process), so the machine's
other load shows less, except at the table; it prints:

- **solver**: ``solver.solve`` on N seeded endgame positions — the first lead after the stock
  ran out, positions after a close at a random draw step or lead, and a few cards later —
  the table cleared before each (a position's own cost): median, p99 and largest time, and
  nodes; then a plain minimax (every legal action, no table, no pruning: the brute force the
  tests hold the solver to) on the same positions as the baseline, and the ratio of the two
  medians (values checked equal);
- **bots**: every move of the random, rule and strong (``pimc``) bots over D seeded deals,
  each played twice with the strong bot at each seat (against the rule bot in even deals, the
  random bot in odd ones): p50, p95 and largest time a move, by bot, and how many moves; the
  strong bot's move should stay within a second at p95;
- **table**: T seeded deals at the play table (:class:`tutor.play.session.TableGame`) as a
  learner meets them: the strong bots (``pimc``) against a learner who follows every hint, the
  learner at seat 0 and seat 1 in turn. Each bot move as the table makes it — what the seat has
  seen worked out from the deal (``sampling.seen_by``), then the bot's answer — and each hint
  (``expected_points`` over the table's ``hint_worlds`` deals from what the learner has seen,
  ties to the rules of thumb): p50, p95 and largest, wall time (what the learner waits) and CPU
  time; the baseline is the rule bot's move at the same table, and ``seen_by`` alone. Target:
  p95 ≤ 1 s for a bot move and for a hint (docs/table.md).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.games.sixty_six import solver
from tutor.games.sixty_six.rules import CLOSE, DRAW, SixtySix, SixtySixState

INF = 1 << 30


def positions(n: int, seed: int = 66) -> list[SixtySixState]:
    """Endgame positions from seeded random play: a third at the first lead after the stock ran
    out, a third just after a close, a third a few cards into the strict play."""
    game = SixtySix()
    rng = random.Random(seed)
    out: list[SixtySixState] = []
    while len(out) < n:
        kind = len(out) % 3
        state = game.new_deal(rng, dealer=len(out) & 1)
        while not state.is_terminal() and state.stock_open:
            legal = state.legal_actions()
            if kind == 1 and CLOSE in legal and rng.random() < 0.25:
                state.apply(CLOSE)
            elif DRAW in legal:
                state.apply(DRAW)
            else:
                state.apply(rng.choice([a for a in legal if a > CLOSE]))
        for _ in range(rng.randint(2, 5) if kind == 2 else 0):
            if state.is_terminal():
                break
            state.apply(rng.choice([a for a in state.legal_actions() if a > CLOSE]))
        if not state.is_terminal():
            out.append(state)
    return out


def minimax(state: SixtySixState) -> int:
    if state.is_terminal():
        assert state.points is not None
        return state.points[0] - state.points[1]
    maximise = state.to_move == 0
    best = -INF if maximise else INF
    for a in state.legal_actions():
        state.apply_unchecked(a)
        v = minimax(state)
        state.undo()
        best = max(best, v) if maximise else min(best, v)
    return best


def timed(f: Callable[[], int]) -> tuple[float, int]:
    t0 = time.process_time()
    v = f()
    return time.process_time() - t0, v


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(p * (len(xs) - 1)))]


def bench_solver(n: int) -> None:
    states = positions(n)
    times: list[float] = []
    nodes: list[int] = []
    values: list[int] = []
    for state in states:
        search = solver.searcher(state)
        search.clear()
        n0 = search.nodes
        t, v = timed(lambda state=state: solver.solve(state))  # type: ignore[misc]
        times.append(t)
        nodes.append(search.nodes - n0)
        values.append(v)
    base: list[float] = []
    for state, v in zip(states, values, strict=True):
        t, b = timed(lambda state=state: minimax(state))  # type: ignore[misc]
        base.append(t)
        if (b if state.to_move == 0 else -b) != v:
            raise SystemExit(f"the solver and the minimax disagree on {state.record()}")
    ms = 1000.0
    print(f"solver: {n} endgame positions, the table cleared before each")
    print(f"  solve     median {statistics.median(times) * ms:.2f} ms, p99 "
          f"{pct(times, 0.99) * ms:.2f} ms, largest {max(times) * ms:.2f} ms; nodes median "
          f"{statistics.median(nodes):.0f}, largest {max(nodes)}")
    print(f"  minimax   median {statistics.median(base) * ms:.2f} ms, p99 "
          f"{pct(base, 0.99) * ms:.2f} ms (baseline: every action, no table, no pruning)")
    ratio = statistics.median(base) / statistics.median(times)
    print(f"  ratio     minimax / solve, medians: {ratio:.0f}x; same values on every position")


def bench_bots(deals: int) -> None:
    from tutor.bots import make_bot
    moves: dict[str, list[float]] = {"random": [], "rule": [], "strong": []}
    game = SixtySix()
    for i in range(deals):
        for strong_seat in (0, 1):
            state = game.new_deal(random.Random(7000 + i), dealer=i & 1)
            other = "rule" if i % 2 == 0 else "random"
            kinds = {strong_seat: "strong", 1 - strong_seat: other}
            bots = {s: make_bot("pimc" if k == "strong" else k, 100 * i + s)
                    for s, k in kinds.items()}
            while not state.is_terminal():
                seat = state.to_move
                assert seat is not None
                t0 = time.process_time()
                action, _ = bots[seat].act(state.view(seat))
                moves[kinds[seat]].append(time.process_time() - t0)
                state.apply(action)
    print(f"bots: every move over {deals} deals, each played twice (the strong bot at each seat; "
          "against the rule bot, then the random bot)")
    for kind, ts in moves.items():
        if ts:
            print(f"  {kind:7} {len(ts):5} moves: p50 {pct(ts, 0.5) * 1000:.1f} ms, p95 "
                  f"{pct(ts, 0.95) * 1000:.1f} ms, largest {max(ts) * 1000:.0f} ms")


def bench_table(deals: int) -> None:
    from tutor.games.sixty_six.sampling import seen_by
    from tutor.play.session import TableGame

    wall: dict[str, list[float]] = {"strong bot move": [], "hint": [], "rule bot move": [],
                                    "seen_by alone": []}
    cpu: dict[str, list[float]] = {k: [] for k in wall}

    def clock(what: str, f: Callable[[], object]) -> object:
        w0, c0 = time.perf_counter(), time.process_time()
        out = f()
        wall[what].append(time.perf_counter() - w0)
        cpu[what].append(time.process_time() - c0)
        return out

    for i in range(deals):
        for level in ("pimc", "rule"):
            t = TableGame(game="sixty-six", bot=level, seed=6600 + i, seat=i % 2)
            while not t.done:
                if t.bot_to_move():
                    state, seat = t.state, t.state.to_move
                    assert isinstance(state, SixtySixState) and seat is not None
                    clock("seen_by alone", lambda state=state, seat=seat:  # type: ignore[misc]
                          seen_by(state, seat))
                    clock("strong bot move" if level == "pimc" else "rule bot move", t.bot_step)
                elif level == "pimc":
                    action, _ = clock("hint", t.hint)  # type: ignore[misc]
                    t.act(action)
                else:  # the baseline's learner: the last legal action, no hint asked
                    t.act(t.view.legal[-1])
    print(f"table: {deals} deals at the play table, the strong bots against a learner who "
          "follows every hint; the rule bots against a learner playing the last legal action")
    for what, ts in wall.items():
        if ts:
            print(f"  {what:16} {len(ts):4} times: wall p50 {pct(ts, 0.5) * 1000:6.1f} ms, p95 "
                  f"{pct(ts, 0.95) * 1000:6.1f} ms, largest {max(ts) * 1000:6.0f} ms; CPU p50 "
                  f"{pct(cpu[what], 0.5) * 1000:6.1f} ms, p95 {pct(cpu[what], 0.95) * 1000:6.1f} "
                  f"ms, largest {max(cpu[what]) * 1000:6.0f} ms")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--positions", type=int, default=300)
    p.add_argument("--deals", type=int, default=10)
    p.add_argument("--table", type=int, default=10, help="deals at the play table")
    p.add_argument("--skip-bots", action="store_true")
    p.add_argument("--only", choices=["solver", "bots", "table"], nargs="*", default=[],
                   help="only these parts")
    args = p.parse_args()
    parts = set(args.only or ["solver", "bots", "table"])
    if args.skip_bots:
        parts -= {"bots", "table"}
    if os.name == "posix":
        print(f"load average before: {os.getloadavg()[0]:.1f}")
    if "solver" in parts:
        bench_solver(args.positions)
    if "bots" in parts:
        bench_bots(args.deals)
    if "table" in parts:
        bench_table(args.table)
    if os.name == "posix":
        print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
