"""Benchmark of the double-dummy solver (``make bench`` runs it; ``--help`` for options).

Deal set (fixed, seeded): deal ``seed`` for seed 0..N-1 is ``SixBidSolo().new_deal(seed,
dealer=seed % 3)``, stopped at its first lead with a *forced* contract, not a random auction:
the active player with the most card points plus 8 per card of the longest suit bids Solo in
that suit (Heart Solo for hearts) and the others pass — the strong hands a bidder really plays,
which are harder than random hands. Misère uses the same deals with the hand holding the
fewest card points as the Misère bidder.

Printed, each against figures measured in the same run:

1. exact solves of the full 11-trick deals (compiled): median / p90 / p99 / max ms and nodes
   (quantiles by nearest rank: p99 of 200 deals is the 198th fastest);
2. yes/no tests, each on a cold table (and, since every search starts with no killer leads,
   not helped by the exact solve just before), in two readings of "near the threshold":

   - the contract's threshold, as the target's anchor measured it (``notes/performance.md``:
     "declarer >= 61 - widow", about 40 ms a test on strong hands near it): the bid advisor's
     own questions — Solo's P >= 61 and Guarantee's P >= 74 (hearts) or 80 — on the deals whose
     P lies within 10 points of them, then within 5 and within 3 (P = card points won plus the
     widow, SBS-12);
   - the deal's own value, the hardest questions there are: "does the bidder reach V?" and
     "V + 1?", V the exact value (every near miss must be refuted in full);
3. Misère: "can the bidder lose every trick?" and the exact number of tricks;
4. the plain-Python path (``SOLO_TUTOR_NO_NUMBA=1``, a subprocess) on the first deals;
5. the speed-up over a naive baseline — plain alpha-beta, no table, no ordering, no pruning —
   on the same deals cut to their last six tricks (the naive search cannot finish whole deals),
   and over a table-only search (the notes' prototype level) on whole deals;
6. the first call's compile time in a fresh process with an empty numba cache, and the first
   call of a second process that starts warm from that cache;
7. with ``--against REV``: the kernel of git revision REV and this one, deal by deal in turn
   in this process (the fair before/after on a shared machine), exact values and yes/no tests;
8. Frog (``--frog-deals``): exact values of the full deals of the Frog bid, Chico and Grand, each
   bid by the strongest hand (points plus 8 per heart — per card of its longest other suit for
   Chico, which names it — the others passing; the Frog bid's discard by the advisor's rule of
   thumb), P counting the discard or the widow (FR-1); and (``--discard-deals``) that rule of
   thumb's loss against the best of the bidder's 364 discards, each solved exactly, beside two
   naive discards.
"""

from __future__ import annotations

import argparse
import importlib
import itertools
import json
import math
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.games.frog.advisor import discard_by_rule_of_thumb
from tutor.games.frog.rules import CHICO, DISCARD_BASE, FROG, GRAND, Frog, FrogState
from tutor.games.six_bid_solo.rules import MISERE, SixBidSolo, SixBidSoloState
from tutor.games.tapp import CALL_BASE, HEARTS, PASS, POINTS, TRUMP_BASE, TappState, mask_points
from tutor.solver import kernel, search
from tutor.solver.kernel import (
    ALL_FEATURES,
    MODE_POINTS,
    MODE_TRICKS,
    USE_TT,
    Workspace,
)

#: CPU time of this process: the machine may be shared, and waiting for a core is not the
#: solver's cost (``--wall`` switches to wall-clock time)
CLOCK = time.process_time

Query = tuple[tuple[int, int, int], int, tuple[int, ...], int, int, int, int]


def _bid(s: TappState, pos: int, contract: int) -> None:
    bid = CALL_BASE + contract
    for a in ([bid, PASS, PASS], [PASS, bid, PASS], [PASS, PASS, bid])[pos]:
        s.apply(a)


def solo_deal(seed: int) -> SixBidSoloState:
    """The strongest hand bids Solo (Heart Solo) in its longest suit (see the docstring)."""
    s = SixBidSolo().new_deal(seed, dealer=seed % 3)
    best = (-1, 0, 0)
    for pos, seat in enumerate(s.active):
        h = s.hands[seat]
        for t in range(4):
            score = mask_points(h) + 8 * bin(h >> (9 * t) & 0x1FF).count("1")
            if score > best[0]:
                best = (score, pos, t)
    _, pos, trump = best
    _bid(s, pos, 2 if trump == 2 else 1)
    if s.phase == "declare":
        s.apply(TRUMP_BASE + trump)
    return s


def misere_deal(seed: int) -> SixBidSoloState:
    s = SixBidSolo().new_deal(seed, dealer=seed % 3)
    pos = min(range(3), key=lambda p: mask_points(s.hands[s.active[p]]))
    _bid(s, pos, MISERE)
    return s


def query(s: TappState, features: int = ALL_FEATURES) -> Query:
    """The kernel question of a state: the bidder's points (or, in Misère, the defenders'
    tricks the bidder maximises), as the game's solver adapter asks it."""
    pos = search.position_of(s)
    q = search.question(s)
    me = 1 << pos.bidder
    mode = MODE_TRICKS if q.unit == "tricks" else MODE_POINTS
    return pos.hands, pos.leader, pos.trick, pos.trump, me, me if q.bidder_max else 7 ^ me, mode


def frog_bid(seed: int, contract: int) -> FrogState:
    """Frog deal ``seed`` won by its strongest hand with ``contract`` (see the docstring), in
    the Frog bid before the discard."""
    s = Frog().new_deal(seed, dealer=seed % 3)
    best = (-1, 0, HEARTS)
    for pos, seat in enumerate(s.active):
        h = s.hands[seat]
        suits = [HEARTS] if contract != CHICO else [0, 1, 3]
        for t in suits:
            score = mask_points(h) + 8 * bin(h >> (9 * t) & 0x1FF).count("1")
            if score > best[0]:
                best = (score, pos, t)
    _, pos, trump = best
    _bid(s, pos, contract)
    if contract == CHICO:
        s.apply(TRUMP_BASE + trump)
    return s


def frog_deal(seed: int, contract: int) -> FrogState:
    """The deal of :func:`frog_bid` at its first lead (the Frog bid's discard by rule of
    thumb)."""
    s = frog_bid(seed, contract)
    if contract == FROG:
        assert s.bidder is not None
        for c in discard_by_rule_of_thumb(s.hands[s.bidder]):
            s.apply(DISCARD_BASE + c)
    return s


def run_frog(n: int) -> dict[str, Any]:
    """Exact values of the Frog bid, Chico and Grand on deals 0..n-1 (P includes the discard or
    the widow)."""
    ws = workspace()
    r: dict[str, Any] = {}
    for contract, name in ((FROG, "frog"), (CHICO, "chico"), (GRAND, "grand")):
        ms_all, nodes_all, points = [], [], []
        for seed in range(n):
            s = frog_deal(seed, contract)
            ms, nodes, v = timed(exact(ws, query(s)), ws)
            ms_all.append(ms)
            nodes_all.append(nodes)
            points.append(v + search.question(s).base)
        r[name] = {"ms": ms_all, "nodes": nodes_all, "points": points}
    return r


def discard_losses(n: int) -> dict[str, list[int]]:
    """On Frog-bid deals 0..n-1: the best of the bidder's 364 discards (each solved exactly)
    less the value of the rule of thumb's, of laying away the three cheapest side cards, and of
    a random three."""
    rng = random.Random(0)
    out: dict[str, list[int]] = {"rule of thumb": [], "cheapest": [], "random": []}
    for seed in range(n):
        s = frog_bid(seed, FROG)
        assert s.bidder is not None
        hand = s.hands[s.bidder]
        cards = [c for c in range(36) if hand >> c & 1]
        values: dict[tuple[int, ...], int] = {}
        for chosen in itertools.combinations(cards, 3):
            c = s.copy()
            for card in chosen:
                c.apply_unchecked(DISCARD_BASE + card)
            values[chosen] = search.solve(c)
        best = max(values.values())
        cheapest = sorted(cards, key=lambda c: (c // 9 == HEARTS, POINTS[c], -c))[:3]
        picks = {"rule of thumb": discard_by_rule_of_thumb(hand), "cheapest": cheapest,
                 "random": rng.sample(cards, 3)}
        for name, pick in picks.items():
            out[name].append(best - values[tuple(sorted(pick))])
    return out


def cut_to(s: SixBidSoloState, tricks_left: int, seed: int) -> SixBidSoloState:
    """The deal after random legal cards down to ``tricks_left`` tricks at a trick's start."""
    rng = random.Random(seed)
    c = s.copy()
    while 11 - len(c.tricks) > tricks_left:
        c.apply(rng.choice(c.legal_actions()))
    return c


def workspace(module: ModuleType = kernel) -> Any:
    """A kernel workspace with its table already in memory: the first touch of each page of
    a fresh 48 MB table costs the operating system tens of milliseconds, once per process,
    which is not the search's time."""
    ws = module.Workspace()
    if module.COMPILED:  # the plain path's lists are written in full when made
        ws.tt[:] = 0
    return ws


def timed(fn: Callable[[], int], ws: Workspace) -> tuple[float, int, int]:
    ws.clear()
    ws.reset_stats()
    t = CLOCK()
    v = fn()
    return (CLOCK() - t) * 1000, ws.nodes, v


def exact(ws: Workspace, q: Query, features: int = ALL_FEATURES) -> Callable[[], int]:
    return lambda: kernel.value(ws, *q, features=features)


def test_at(ws: Workspace, q: Query, target: int) -> Callable[[], int]:
    return lambda: int(kernel.run(ws, *q, target - 1, target) >= target)


def pct(xs: Sequence[float], p: float) -> float:
    """The ``p`` quantile by nearest rank: the smallest value with at least ``p`` of the values
    at or below it (p99 of 200 deals is the 198th fastest; the slowest is printed as max)."""
    ys = sorted(xs)
    return ys[max(0, math.ceil(p * len(ys)) - 1)]


def line(name: str, ms: Sequence[float], nodes: Sequence[int] | None = None) -> str:
    out = (f"{name:<44} median {statistics.median(ms):8.2f}  mean {statistics.mean(ms):8.2f}"
           f"  p90 {pct(ms, .9):8.2f}  p99 {pct(ms, .99):8.2f}  max {max(ms):8.2f} ms")
    if nodes:
        out += f"  | median nodes {int(statistics.median(nodes)):,}"
    return out


def run_set(n: int, with_tests: bool = True) -> dict[str, Any]:
    """Exact solves, threshold tests and Misère on deals 0..n-1, on this process's backend."""
    ws = workspace()
    r: dict[str, Any] = {"exact": [], "exact_nodes": [], "values": [], "test": [],
                         "test_nodes": [], "contract_test": [], "contract_off": [],
                         "mis_test": [], "mis_exact": []}
    for seed in range(n):
        s = solo_deal(seed)
        q = query(s)
        ms, nodes, v = timed(exact(ws, q), ws)
        r["exact"].append(ms)
        r["exact_nodes"].append(nodes)
        r["values"].append(v)
        if with_tests:
            for target in (v, v + 1):
                ms, nodes, yes = timed(test_at(ws, q, target), ws)
                assert yes == (target == v)
                r["test"].append(ms)
                r["test_nodes"].append(nodes)
            # the advisor's questions: Solo's 61 and Guarantee's 74 (hearts) / 80, asked where
            # the deal's P (widow included, SBS-12) lies within 10 points of them
            widow = mask_points(s.widow)
            for need in (61, 74 if s.trump == 2 else 80):
                if abs(v + widow - need) <= 10:
                    ms, _, yes = timed(test_at(ws, q, need - widow), ws)
                    assert yes == (v + widow >= need)
                    r["contract_test"].append(ms)
                    r["contract_off"].append(abs(v + widow - need))
        m = query(misere_deal(seed))
        total = kernel.units_left(m[0], m[2], MODE_TRICKS)
        r["mis_test"].append(timed(test_at(ws, m, total), ws)[0])
        r["mis_exact"].append(timed(exact(ws, m), ws)[0])
    return r


PLAIN = """
import json, sys
sys.path.insert(0, sys.argv[1])
import solver as b
from tutor.solver import kernel
assert not kernel.COMPILED
print(json.dumps(b.run_set(int(sys.argv[2]), with_tests=sys.argv[3] == "1")))
"""

FIRST_CALL = """
import time
t0 = time.perf_counter()
from tutor.solver import search
from tutor.games.tapp import CALL_BASE, PASS, TRUMP_BASE
from tutor.games.six_bid_solo.rules import SixBidSolo
s = SixBidSolo().new_deal(1)
for a in (CALL_BASE + 1, PASS, PASS, TRUMP_BASE):
    s.apply(a)
while len(s.tricks) < 9:  # a two-trick ending: the time is the kernel's compile or load
    s.apply(s.legal_actions()[0])
t1 = time.perf_counter()
search.solve(s)
print(time.perf_counter() - t1, t1 - t0)
"""


def first_call_times() -> tuple[float, float, float]:
    """Seconds of the first solve in a fresh process with an empty cache, then again in a
    second process reading that cache; and the import time of the warm process."""
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        env.pop("SOLO_TUTOR_NO_NUMBA", None)
        out = []
        for _ in range(2):
            done = subprocess.run([sys.executable, "-c", FIRST_CALL], env=env, check=True,
                                  capture_output=True, text=True)
            out.append([float(x) for x in done.stdout.split()])
    return out[0][0], out[1][0], out[1][1]


def kernel_at(rev: str) -> ModuleType:
    """The kernel module as it was at git revision ``rev``, imported under its own name from a
    temporary directory (importable by name, so numba can cache it there)."""
    root = Path(__file__).resolve().parent.parent
    src = subprocess.run(["git", "show", f"{rev}:tutor/solver/kernel.py"], cwd=root,
                         check=True, capture_output=True, text=True).stdout
    where = Path(tempfile.mkdtemp(prefix="solver_kernel_"))
    name = "kernel_at_" + "".join(ch if ch.isalnum() else "_" for ch in rev)
    (where / f"{name}.py").write_text(src)
    sys.path.insert(0, str(where))
    return importlib.import_module(name)


def compare(n: int, old: ModuleType) -> dict[str, dict[str, list[float]]]:
    """Exact values and yes/no tests at V and V+1 on deals 0..n-1 by ``old`` and this kernel,
    in turn deal by deal (which goes first alternates), each on a cold table."""
    mods = {"before": old, "after": kernel}
    out: dict[str, dict[str, list[float]]] = {k: {"exact": [], "nodes": [], "test": []}
                                              for k in mods}
    spaces = {k: workspace(m) for k, m in mods.items()}
    for k, m in mods.items():
        m.value(spaces[k], *query(solo_deal(1)))  # compile or load first
    for seed in range(n):
        q = query(solo_deal(seed))
        values = {}
        for k in (("before", "after") if seed % 2 else ("after", "before")):
            m, ws = mods[k], spaces[k]
            ms, nodes, v = timed(lambda m=m, ws=ws, q=q: int(m.value(ws, *q)), ws)
            out[k]["exact"].append(ms)
            out[k]["nodes"].append(nodes)
            values[k] = v
            for target in (v, v + 1):
                out[k]["test"].append(timed(
                    lambda m=m, ws=ws, q=q, t=target: int(m.run(ws, *q, t - 1, t) >= t),
                    ws)[0])
        assert values["before"] == values["after"], f"deal {seed}: the kernels disagree"
    return out


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=200, help="deals in the set (default 200)")
    p.add_argument("--plain-deals", type=int, default=5,
                   help="deals for the plain-Python figures (default 5; slow)")
    p.add_argument("--baseline-deals", type=int, default=30,
                   help="deals for the naive baselines (default 30)")
    p.add_argument("--no-compile-check", action="store_true",
                   help="skip the fresh-process compile and warm-start measurement")
    p.add_argument("--against", metavar="REV",
                   help="also time the kernel of git revision REV against this one, in turn")
    p.add_argument("--wall", action="store_true",
                   help="time with the wall clock instead of this process's CPU time")
    p.add_argument("--frog-deals", type=int,
                   help="deals for the Frog figures (default: --deals; 0 skips them)")
    p.add_argument("--discard-deals", type=int, default=30,
                   help="Frog-bid deals on which every discard is solved (default 30; slow)")
    args = p.parse_args(argv)
    if args.wall:
        global CLOCK
        CLOCK = time.perf_counter

    print(f"Solver benchmark — backend: {'numba ' if kernel.COMPILED else 'plain Python'}"
          f"{'(compiled)' if kernel.COMPILED else ''}; {args.deals} seeded deals "
          "(forced contract: the strongest hand bids Solo in its longest suit); "
          f"{'wall-clock' if args.wall else 'CPU'} time, load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    if not kernel.COMPILED:
        print("numba is not installed or SOLO_TUTOR_NO_NUMBA is set: compiled figures are the "
              "plain path's")
    # warm up (compile or load from cache) before timing
    search.solve(solo_deal(1))

    r = run_set(args.deals)
    print(line("exact value, full deal", r["exact"], r["exact_nodes"]))
    for within in (10, 5, 3):
        near = [ms for ms, off in zip(r["contract_test"], r["contract_off"], strict=True)
                if off <= within]
        print(line(f"yes/no P >= 61 / 74|80, P within {within} ({len(near)})", near))
    print(line("yes/no at the deal's value (V and V+1)", r["test"], r["test_nodes"]))
    print(line("Misère: can the bidder lose every trick?", r["mis_test"]))
    print(line("Misère: exact number of tricks", r["mis_exact"]))

    frog_n = args.deals if args.frog_deals is None else args.frog_deals
    if frog_n:
        fr = run_frog(frog_n)
        print(f"Frog, {frog_n} seeded deals (the strongest hand bids; P counts the discard or "
              "the widow, FR-1):")
        for name, words in (("frog", "Frog bid"), ("chico", "Chico"), ("grand", "Grand")):
            d = fr[name]
            made = sum(p >= 61 for p in d["points"])
            print(line(f"  {words}: exact value, full deal", d["ms"], d["nodes"])
                  + f"  | mean P {statistics.fmean(d['points']):.1f}, made {made}/{frog_n}")
    if args.discard_deals:
        losses = discard_losses(args.discard_deals)
        print(f"Frog bid's discard against the best of the 364 (each solved exactly), "
              f"{args.discard_deals} deals: points of P lost")
        for name, xs in losses.items():
            print(f"  {name:<14} mean {statistics.fmean(xs):5.2f}  median "
                  f"{statistics.median(xs):4.1f}  p90 {pct(xs, .9):4.0f}  max {max(xs):3d}  "
                  f"best found {sum(x == 0 for x in xs)}/{len(xs)}")

    if args.plain_deals:
        env = dict(os.environ, SOLO_TUTOR_NO_NUMBA="1")
        bench_dir = str(Path(__file__).resolve().parent)
        done = subprocess.run([sys.executable, "-c", PLAIN, bench_dir, str(args.plain_deals),
                               "1"], env=env, check=True, capture_output=True, text=True)
        pr = json.loads(done.stdout)
        k = args.plain_deals
        assert pr["values"] == r["values"][:k], "plain and compiled values differ"
        print(f"plain Python, first {k} deals (same values as compiled):")
        print(line("  exact value, full deal", pr["exact"], pr["exact_nodes"]))
        print(line("  yes/no at V and V+1", pr["test"], pr["test_nodes"]))
        print(line("  Misère: lose every trick?", pr["mis_test"]))
        comp = statistics.median(r["exact"][:k])
        print(f"  compiled/plain on these deals: exact median {comp:.2f} ms vs "
              f"{statistics.median(pr['exact']):.2f} ms "
              f"(x{statistics.median(pr['exact']) / comp:.1f})")

    if args.baseline_deals:
        ws = workspace()
        k = min(args.baseline_deals, args.deals)
        q = query(cut_to(solo_deal(0), 6, 0))
        timed(exact(ws, q, 0), ws)  # load the naive specialisation before timing
        full_ms: list[float] = []
        naive_ms: list[float] = []
        for seed in range(k):
            q = query(cut_to(solo_deal(seed), 6, seed))
            ms_full, _, v_full = timed(exact(ws, q), ws)
            ms_naive, _, v_naive = timed(exact(ws, q, 0), ws)
            assert v_full == v_naive
            full_ms.append(ms_full)
            naive_ms.append(ms_naive)
        print(f"naive baseline (alpha-beta, no table, no ordering, no pruning), {k} deals cut "
              "to their last 6 tricks:")
        print(line("  naive", naive_ms))
        print(line("  this solver", full_ms))
        ratios = [a / b for a, b in zip(naive_ms, full_ms, strict=True)]
        print(f"  speed-up: total x{sum(naive_ms) / sum(full_ms):.1f}, median of per-deal "
              f"ratios x{statistics.median(ratios):.1f}")
        tt_ms: list[float] = []
        for seed in range(k):
            q = query(solo_deal(seed))
            tt_ms.append(timed(exact(ws, q, USE_TT), ws)[0])
        ours = r["exact"][:k]
        print(f"table-only baseline (the prototype level: table, no ordering), {k} whole deals:")
        print(line("  table only", tt_ms))
        print(f"  speed-up: total x{sum(tt_ms) / sum(ours):.1f}, median "
              f"x{statistics.median(tt_ms) / statistics.median(ours):.1f}")

    if args.against:
        c = compare(args.deals, kernel_at(args.against))
        print(f"before ({args.against}) and after, deal by deal in turn, {args.deals} deals, "
              f"load average {os.getloadavg()[0]:.1f}:")
        for k in ("before", "after"):
            print(line(f"  {k}: exact value, full deal", c[k]["exact"], c[k]["nodes"]))
            print(line(f"  {k}: yes/no at V and V+1", c[k]["test"]))
        a, b = c["after"], c["before"]
        print(f"  after/before CPU time: exact total {sum(a['exact']) / sum(b['exact']):.2f}, "
              f"median {statistics.median(a['exact']) / statistics.median(b['exact']):.2f}; "
              f"yes/no total {sum(a['test']) / sum(b['test']):.2f}")

    if kernel.COMPILED and not args.no_compile_check:
        cold, warm, imp = first_call_times()
        print(f"first solve in a fresh process, empty numba cache: {cold:.1f} s (compiling); "
              f"in a second process from that cache: {warm:.2f} s (loading the compiled "
              f"kernel; the import took {imp:.2f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
