"""This working tree against a previous git revision, in one process: same results, same speed?

    python benchmarks/compare.py                      # against HEAD~1: a few minutes on 2 cores
    python benchmarks/compare.py --base main --quick  # a smoke run, under a minute
    make compare BASE=main

The base revision's ``tutor/`` is extracted with ``git archive`` into a cache folder as the
package ``tutor_base`` (absolute ``tutor.`` imports and module names in strings are rewritten;
the package's own imports are relative) and imported beside this tree's ``tutor``. The same
workloads then run on both, alternately — base then new, new then base, repeat after repeat —
so a change in the machine's load falls on both alike:

- **engine**: seeded deals (shuffle, cut, SBS-8 packets); random legal play of whole deals
  through the checked ``apply`` and ``legal_actions``; the unchecked ``random_playout`` from the
  first lead;
- **solver**: exact double-dummy values of seeded deals at their first lead (``search.solve``,
  the table cleared before each);
- **advisor**: ``advise_iter`` on seeded auction hands — the first estimate and the final advice;
- **table bot**: ``TablePimc``'s move (the play table's PIMC bot) on fixed positions of the
  auction, the declaration and the play.

Each workload's results (deals, records, values, advice tables, moves and reasons) must be
identical on both sides and in every repeat. Times are CPU seconds of this process. For each
workload the ratio new/base is taken per repeat; the verdict reads the **median** of those
ratios: *slower* when it exceeds 1 + tolerance (5 %) **and** the lower quartile of the ratios is
above 1 as well, i.e. the new code lost in at least three repeats out of four — a slowdown
beyond the repeat-to-repeat noise, which the printed min–max range shows. Exit status 1 when
any results differ or any workload is slower; 2 when the base cannot be set up.

When the refactor moves a function or class, add its new place to :data:`ENTRY_POINTS`: each
side uses the first place that exists (a name defined once in the package is also found by
reading the sources). ``docs/benchmarks.md`` says how to read the output.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import importlib
import io
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BASE_NAME = "tutor_base"
TOLERANCE = 0.05

#: Where each entry point may live, relative to the package, first found wins ("module:name";
#: "" is the package itself). Add a new place here when the refactor moves one.
ENTRY_POINTS: dict[str, tuple[str, ...]] = {
    "SixBidSolo": (":SixBidSolo",),
    "record_of": (":record_of",),
    "random_playout": ("games.tapp:random_playout", "rules.six_bid_solo:random_playout"),
    "search_solve": ("solver.search:solve",),
    "workspace": ("solver.search:workspace",),
    "advise_iter": ("solver.advisor:advise_iter",),
    "TablePimc": ("bots.table_bot:TablePimc", "widgets.table:TablePimc"),
}


# --- the base revision as a second package ------------------------------------------------------
def git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, check=True, capture_output=True,
                          text=True).stdout.strip()


_IMPORT = re.compile(r"^(\s*(?:from|import)\s+)tutor(?=[.\s])", re.MULTILINE)
_STRING = re.compile(r"""(["'])tutor(?=\.[A-Za-z_])""")


def rewrite(source: str) -> tuple[str, int]:
    """``source`` with absolute imports of ``tutor`` and ``"tutor.x"`` module names pointing at
    the base package; and how many it rewrote."""
    source, n = _IMPORT.subn(lambda m: m.group(1) + BASE_NAME, source)
    source, k = _STRING.subn(lambda m: m.group(1) + BASE_NAME, source)
    return source, n + k


def extract_base(rev: str, cache: Path) -> tuple[Path, str, int]:
    """Extract ``tutor/`` at ``rev`` as ``<cache>/<sha>/tutor_base`` (kept: numba caches its
    compiled solver beside it, so the next run against the same revision starts warm).
    Returns the folder to put on ``sys.path``, the full commit id and the rewrites made."""
    sha = git("rev-parse", "--verify", f"{rev}^{{commit}}")
    home = cache / sha
    package = home / BASE_NAME
    marker = home / "rewrites"
    if marker.exists():
        return home, sha, int(marker.read_text())
    staging = Path(tempfile.mkdtemp(prefix=f"{sha[:12]}-", dir=cache))
    data = subprocess.run(["git", "archive", "--format=tar", sha, "tutor"], cwd=ROOT,
                          check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        tar.extractall(staging, filter="data")
    (staging / "tutor").rename(staging / BASE_NAME)
    rewrites = 0
    for path in (staging / BASE_NAME).rglob("*.py"):
        text, n = rewrite(path.read_text(encoding="utf-8"))
        if n:
            path.write_text(text, encoding="utf-8")
            rewrites += n
    (staging / "rewrites").write_text(str(rewrites))
    try:
        staging.rename(home)  # atomic: a half-extracted copy is never used
    except OSError:  # another run got there first
        shutil.rmtree(staging, ignore_errors=True)
    assert package.is_dir()
    return home, sha, rewrites


class SetupError(Exception):
    """The comparison cannot be set up (exit status 2): a revision, an entry point, an import."""


def loaded(name: str) -> list[str]:
    return sorted(m for m in sys.modules if m == name or m.startswith(name + "."))


# --- entry points -------------------------------------------------------------------------------
class Side:
    """One package (``tutor`` or ``tutor_base``) and the entry points found in it."""

    def __init__(self, label: str, package: ModuleType) -> None:
        self.label = label
        self.package = package
        self.places: dict[str, str] = {}
        self._found: dict[str, Any] = {}

    def __getattr__(self, key: str) -> Any:
        if key.startswith("_") or key not in ENTRY_POINTS:
            raise AttributeError(key)
        if key not in self._found:
            self._found[key] = self._find(key)
        return self._found[key]

    def _find(self, key: str) -> Any:
        name = self.package.__name__
        for place in ENTRY_POINTS[key]:
            module, _, attr = place.partition(":")
            target = f"{name}.{module}" if module else name
            try:
                mod = importlib.import_module(target)
            except ModuleNotFoundError as e:
                if e.name is None or not target.startswith(e.name):
                    raise  # a module that exists but misses a dependency: say so
                continue
            if hasattr(mod, attr):
                self.places[key] = place
                return getattr(mod, attr)
        attr = ENTRY_POINTS[key][0].partition(":")[2]
        root = Path(self.package.__file__ or "").parent
        pattern = re.compile(rf"^(?:def|class) {re.escape(attr)}\b", re.MULTILINE)
        hits = [p for p in sorted(root.rglob("*.py")) if pattern.search(p.read_text("utf-8"))]
        if len(hits) != 1:
            raise SetupError(f"{self.label}: {attr} is not at {', '.join(ENTRY_POINTS[key])} "
                             f"and is defined in {len(hits)} modules: add its place to "
                             "ENTRY_POINTS in benchmarks/compare.py")
        module = ".".join(hits[0].relative_to(root).with_suffix("").parts)
        self.places[key] = f"{module}:{attr} (found in the sources)"
        return getattr(importlib.import_module(f"{name}.{module}"), attr)


# --- driving a deal by record tokens ------------------------------------------------------------
def apply_token(state: Any, token: str | None) -> None:
    """Apply the legal action whose record token is ``token`` (checked)."""
    state.apply(state.legal_actions()[state.legal_tokens().index(token)])


def first_legal_by_token(state: Any, rng: random.Random) -> None:
    """A seeded random legal action, drawn in the order of the record tokens."""
    tokens = sorted((t is None, t or "") for t in state.legal_tokens())
    _, token = tokens[int(rng.random() * len(tokens))]
    apply_token(state, token or None)


CONTRACTS = ("solo", "heart-solo", "misere", "guarantee-solo", "spread-misere")


def bid_and_declare(side: Side, seed: int, contract: str, dealer: int = 2) -> Any:
    """A seeded deal with ``contract`` bid by forehand, the others passing, trump named for the
    bidder's longest suit (as the record spells its cards): the first lead."""
    state = side.SixBidSolo().new_deal(seed, dealer)
    apply_token(state, contract)
    while state.phase == "auction":
        apply_token(state, "pass")
    rng = random.Random(seed)
    while state.phase == "declare":
        tokens = [t for t in state.legal_tokens() if t is not None]
        if all(t in "CSHD" for t in tokens):  # the trump step: the longest suit
            hand = side.record_of(state)["hands"][state.to_move]
            apply_token(state, max(tokens, key=lambda s: (sum(c[-1] == s for c in hand), s)))
        else:
            first_legal_by_token(state, rng)
    return state


# --- workloads ----------------------------------------------------------------------------------
@dataclass
class Workload:
    """``prepare(side)`` builds the inputs (not timed); ``run(side, inputs)`` is timed and
    returns what both sides must agree on."""

    name: str
    prepare: Callable[[Side], Any]
    run: Callable[[Side, Any], Any]
    unit: str = ""
    count: int = 1
    times: dict[str, list[float]] = field(default_factory=lambda: {"base": [], "new": []})
    digests: dict[str, list[str]] = field(default_factory=lambda: {"base": [], "new": []})
    inputs: dict[str, Any] = field(default_factory=dict)
    first_result: dict[str, Any] = field(default_factory=dict)


def digest(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, default=str, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def engine_workloads(deals: int) -> list[Workload]:

    def new_deals(side: Side, _: Any) -> Any:
        game = side.SixBidSolo()
        states = [game.new_deal(seed, seed % 3) for seed in range(deals)]
        return [side.record_of(s)["hands"] for s in states[::97]]

    def checked_play(side: Side, _: Any) -> Any:
        game = side.SixBidSolo()
        rng = random.Random(1)
        done = []
        for _ in range(deals // 4):
            state = game.new_deal(rng, rng.randrange(3))
            rand = rng.random
            while not state.is_terminal():
                legal = state.legal_actions()
                state.apply(legal[int(rand() * len(legal))])
            done.append(state)
        return [[side.record_of(s)["play"], s.chips()] for s in done[::23]]

    def starts(side: Side) -> Any:
        return [bid_and_declare(side, seed, CONTRACTS[seed % 5]) for seed in range(40)]

    def playouts(side: Side, states: Any) -> Any:
        rng = random.Random(2)
        out = []
        for i in range(deals):
            state = states[i % len(states)].copy()
            side.random_playout(state, rng)
            if i % 97 == 0:
                out.append([side.record_of(state)["play"], state.chips()])
        return out

    return [Workload("engine: deals", lambda s: None, new_deals, "deals", deals),
            Workload("engine: checked random play", lambda s: None, checked_play, "deals",
                     deals // 4),
            Workload("engine: random_playout", starts, playouts, "playouts", deals)]


def solver_workload(n: int) -> Workload:
    def prepare(side: Side) -> Any:
        return [bid_and_declare(side, seed, CONTRACTS[seed % 5]) for seed in range(n)]

    def run(side: Side, states: Any) -> Any:
        values = []
        ws = side.workspace()
        for state in states:
            ws.clear()  # a cold table per deal: the same work whatever ran before
            values.append(int(side.search_solve(state)))
        return values

    return Workload("solver: exact values", prepare, run, "deals", n)


#: Auction hands for the advisor and the table bot: (seed, dealer, calls so far) — strong hands
#: first (the rule bot would bid them), then hands after a pass or a bid, then plain deals.
HANDS = ((2, 2, ()), (10, 2, ()), (15, 2, ()), (3, 1, ("pass", "solo")), (21, 0, ("solo",)),
         (5, 2, ()), (8, 1, ("pass",)), (20, 2, ()), (26, 0, ("pass", "pass")), (13, 2, ()),
         *((seed, seed % 3, ()) for seed in range(30, 40)))


def auction_state(side: Side, seed: int, dealer: int, calls: Sequence[str]) -> Any:
    state = side.SixBidSolo().new_deal(seed, dealer)
    for token in calls:
        apply_token(state, token)
    return state


def advisor_workloads(hands: int, samples: int) -> list[Workload]:
    def prepare(side: Side) -> Any:
        return [auction_state(side, *h) for h in HANDS[:hands]]

    def advice(a: Any) -> Any:
        return {k: v for k, v in a.as_dict().items() if k != "seconds"}

    def first(side: Side, states: Any) -> Any:
        out = []
        for i, state in enumerate(states):
            side.workspace().clear()
            it = side.advise_iter(state, samples, 100 + i)
            out.append(advice(next(it)))
            it.close()
        return out

    def final(side: Side, states: Any) -> Any:
        out = []
        for i, state in enumerate(states):
            side.workspace().clear()
            *_, last = side.advise_iter(state, samples, 100 + i)
            out.append(advice(last))
        return out

    return [Workload("advisor: first estimate", prepare, first, "hands", hands),
            Workload("advisor: final advice", prepare, final, "hands", hands)]


def table_workload(positions: int) -> Workload:
    def prepare(side: Side) -> Any:
        states = [auction_state(side, *h) for h in HANDS[:2]]  # (the advisor decides these)
        states.append(bid_and_declare(side, 4, "solo"))
        rng = random.Random(7)
        for seed in range(positions):
            state = bid_and_declare(side, 200 + seed, CONTRACTS[seed % 5], seed % 3)
            for _ in range((5 * seed) % 30):
                first_legal_by_token(state, rng)
            states.append(state)
        return states

    def run(side: Side, states: Any) -> Any:
        out = []
        for i, state in enumerate(states):
            side.workspace().clear()
            action, reason = side.TablePimc(500 + i).act(state.view(state.to_move))
            out.append([state.token(action), reason])
        return out

    return Workload("table bot: TablePimc moves", prepare, run, "moves", positions + 3)


# --- running and reading ------------------------------------------------------------------------
def timed(side: Side, w: Workload, inputs: Any) -> tuple[float, Any]:
    """CPU seconds of one run. Everything alive before it is frozen out of the garbage
    collector's sight, so its passes cost what this run allocates, not what else lives in the
    process (the other side's inputs, earlier results); cycles the run makes still cost."""
    gc.collect()
    gc.freeze()
    try:
        start = time.process_time()
        result = w.run(side, inputs)
        return time.process_time() - start, result
    finally:
        gc.unfreeze()


def quartiles(xs: Sequence[float]) -> tuple[float, float, float]:
    s = sorted(xs)
    if len(s) < 2:
        return s[0], s[0], s[0]
    q = statistics.quantiles(s, n=4, method="inclusive")
    return q[0], q[1], q[2]


def verdict(ratios: Sequence[float], tolerance: float) -> str:
    q1, median, _ = quartiles(ratios)
    if median > 1 + tolerance and q1 > 1.0:
        return "SLOWER"
    if median < 1 - tolerance and quartiles(ratios)[2] < 1.0:
        return "faster"
    return "ok"


def load_and_warm(home: Path, workloads: Sequence[Workload]) -> dict[str, Side]:
    """Import the base package from ``home``, prepare and run every workload on it once (imports,
    the solver's compile or cache load), check it imported nothing of this tree's ``tutor``;
    then the same for this tree's ``tutor``."""
    if loaded("tutor"):
        raise SetupError(f"tutor is imported already ({loaded('tutor')[:3]}): run this file "
                         "as a script")
    sys.path.insert(0, str(home))
    sides = {"base": Side("base", importlib.import_module(BASE_NAME))}
    for w in workloads:
        w.inputs["base"] = w.prepare(sides["base"])
        w.first_result["base"] = w.run(sides["base"], w.inputs["base"])
    if loaded("tutor"):
        raise SetupError(f"the base copy imported this tree's tutor: {loaded('tutor')[:5]}")
    sys.path.insert(0, str(ROOT))
    sides["new"] = Side("new", importlib.import_module("tutor"))
    if Path(sides["new"].package.__file__ or "").parent != ROOT / "tutor":
        raise SetupError(f"imported tutor from {sides['new'].package.__file__}, not "
                         f"{ROOT / 'tutor'}")
    for w in workloads:
        w.inputs["new"] = w.prepare(sides["new"])
        w.first_result["new"] = w.run(sides["new"], w.inputs["new"])
    return sides


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter,
                                epilog="See docs/benchmarks.md for how to read the output.")
    p.add_argument("--base", default="HEAD~1", metavar="REV",
                   help="the git revision to compare against (default HEAD~1)")
    p.add_argument("--quick", action="store_true", help="small workloads, 3 repeats")
    p.add_argument("--repeats", type=int, help="interleaved repeats (default 7; quick: 3)")
    p.add_argument("--tolerance", type=float, default=TOLERANCE,
                   help="allowed slowdown of the median ratio (default 0.05)")
    p.add_argument("--only", default="", help="comma-separated workload prefixes, e.g. "
                   "engine,solver")
    p.add_argument("--cache", type=Path,
                   default=Path(tempfile.gettempdir()) / "solo-tutor-compare",
                   help="where base revisions are extracted (kept between runs)")
    args = p.parse_args(argv)
    repeats = args.repeats or (3 if args.quick else 7)
    # sized for about 0.5 s a side per repeat (full) on the project machine; quick a third
    deals, solves, hands, samples, moves = ((8000, 32, 5, 8, 6) if args.quick
                                            else (24000, 96, 12, 16, 20))

    args.cache.mkdir(parents=True, exist_ok=True)
    try:
        home, sha, rewrites = extract_base(args.base, args.cache)
    except subprocess.CalledProcessError as e:
        print(f"cannot extract {args.base!r}: {e.stderr.strip() if e.stderr else e}",
              file=sys.stderr)
        return 2
    workloads = [*engine_workloads(deals), solver_workload(solves),
                 *advisor_workloads(hands, samples), table_workload(moves)]
    if args.only:
        prefixes = tuple(x.strip() for x in args.only.split(",") if x.strip())
        workloads = [w for w in workloads if w.name.startswith(prefixes)]
        if not workloads:
            print(f"--only {args.only}: no such workload", file=sys.stderr)
            return 2
    try:
        sides = load_and_warm(home, workloads)
    except SetupError as e:
        print(e, file=sys.stderr)
        return 2
    base, new = sides["base"], sides["new"]


    dirty = " + uncommitted changes" if git("status", "--porcelain", "--", "tutor") else ""
    print(f"base {args.base} = {sha[:12]} (as {BASE_NAME}: {rewrites} 'tutor.' references "
          f"rewritten) "
          f"against the working tree {git('rev-parse', '--short=12', 'HEAD')}{dirty}")
    moved = {k: (base.places[k], new.places[k]) for k in base.places
             if new.places.get(k) != base.places[k]}
    for k, (b, n) in moved.items():
        print(f"  {k}: base {b}, new {n}")
    print(f"{repeats} interleaved repeats, CPU seconds of this process; load average "
          f"{os.getloadavg()[0]:.1f}", flush=True)

    for r in range(repeats):
        order = ("base", "new") if r % 2 == 0 else ("new", "base")
        for w in workloads:
            for label in order:
                dt, result = timed(sides[label], w, w.inputs[label])
                w.times[label].append(dt)
                w.digests[label].append(digest(result))
        print(f"  repeat {r + 1}/{repeats} done", flush=True)

    print(f"\n{'workload':<30} {'n':>5} {'base s':>8} {'new s':>8} {'new/base':>9} "
          f"{'min-max':>13}  results   verdict (tolerance {args.tolerance:.0%})")
    failed = False
    for w in workloads:
        ratios = [n / b for n, b in zip(w.times["new"], w.times["base"], strict=True)]
        same = (len(set(w.digests["base"]) | set(w.digests["new"])
                    | {digest(w.first_result["base"]), digest(w.first_result["new"])}) == 1)
        v = verdict(ratios, args.tolerance)
        failed |= v == "SLOWER" or not same
        print(f"{w.name:<30} {w.count:>5} {statistics.median(w.times['base']):>8.3f} "
              f"{statistics.median(w.times['new']):>8.3f} {quartiles(ratios)[1]:>9.3f} "
              f"{min(ratios):>6.3f}-{max(ratios):<6.3f}  "
              f"{'same' if same else 'DIFFER':<9} {v}")
        if not same:
            show_difference(w)
    print(f"\nload average {os.getloadavg()[0]:.1f}; "
          + ("FAIL: results differ or a workload is slower beyond the noise" if failed
             else "OK: identical results, no workload slower beyond the tolerance"))
    return 1 if failed else 0


def show_difference(w: Workload) -> None:
    """The first item that differs between base and new (or between repeats)."""
    b, n = w.first_result["base"], w.first_result["new"]
    if isinstance(b, list) and isinstance(n, list):
        for i, (x, y) in enumerate(zip(b, n, strict=False)):
            if x != y:
                print(f"    item {i}: base {str(x)[:200]}\n    item {i}: new  {str(y)[:200]}")
                return
        if len(b) != len(n):
            print(f"    base has {len(b)} items, new {len(n)}")
            return
    if b == n:
        print("    base and new agree on the first run; a later repeat differed "
              "(a result that depends on what ran before)")
    else:
        print(f"    base {str(b)[:200]}\n    new  {str(n)[:200]}")


if __name__ == "__main__":
    sys.exit(main())
