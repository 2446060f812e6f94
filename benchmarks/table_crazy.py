"""What a learner waits for at a Crazy Solo table of 4, 8 and 12 seats, through the widget.

    python benchmarks/table_crazy.py            # about a minute on 2 cores
    python benchmarks/table_crazy.py --quick    # a smoke run

Wall-clock times, each against a baseline measured in the same run:

- **learner's action** — a click on one of the learner's buttons through
  :class:`tutor.widgets.TableWidget`: the engine's check, every bot move up to the learner's next
  turn (the table's default level, the rule bot: ``PREFERRED`` of :mod:`tutor.play.levels`;
  the line printed names it), a redraw after each
  and the final redraw with the seats' teaching aid; baseline: the same at a Six-Bid Solo table
  with its rule bots. Budget: p95 ≤ 1 s.
- **seat notes** — the teaching aid beside the seats while the partner is a secret: the share of
  :data:`tutor.play.session.NOTE_WORLDS` deals sampled from the learner's view in which each
  unknown seat holds the called card (``TableGame.seat_notes``, uncached).
- **refresh** — one redraw of the widget from the learner's view (the notes cached).

The machine's load average is printed before and after.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.widgets.table import TableWidget


def pct(xs: Sequence[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, round(q * (len(s) - 1))))] if s else float("nan")


def line(name: str, xs: Sequence[float], budget: float | None = None,
         base: Sequence[float] | None = None) -> None:
    text = (f"{name:<40} n={len(xs):>4}  p50 {1000 * pct(xs, .5):7.1f} ms  "
            f"p95 {1000 * pct(xs, .95):7.1f} ms  max {1000 * max(xs, default=0):7.1f} ms")
    if base:
        text += f"  ×{pct(xs, .5) / max(pct(base, .5), 1e-9):.1f} baseline p50"
    if budget is not None:
        text += f"  [{'within' if pct(xs, .95) <= budget else 'OVER'} {1000 * budget:.0f} ms]"
    print(text, flush=True)


def timed(fn: Callable[[], object]) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def play(tw: TableWidget, deals: int, seed: int) -> tuple[list[float], list[float], list[float]]:
    """``deals`` deals clicked through ``tw`` by a learner who passes and then plays at random:
    the click times, the seat notes' times (worked out afresh) and the refresh times."""
    rng = random.Random(seed)
    clicks: list[float] = []
    notes: list[float] = []
    refresh: list[float] = []
    t = tw.table
    for _ in range(deals):
        while not t.done:
            if t.sides_hidden():
                t._notes = None  # uncached: the sampling itself
                notes.append(timed(t.seat_notes))
                refresh.append(timed(tw.refresh))
            legal = list(t.view.legal)  # the learner passes: the bots' contracts are played
            action = legal[0] if t.view.phase == "auction" else rng.choice(legal)
            clicks.append(timed(lambda a=action: tw.button_for(a).click()))  # type: ignore[misc]
        tw.new_button.click()
    return clicks, notes, refresh


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=10, help="deals at each table size")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--quick", action="store_true", help="1 deal at each size")
    a = p.parse_args(argv)
    deals = 1 if a.quick else a.deals
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores",
          flush=True)
    sbs = TableWidget(seat=0, bot="rule", seed=a.seed)
    base, _, _ = play(sbs, deals, a.seed)
    line("Six-Bid Solo: learner's action (baseline)", base)
    for n in (4, 8, 12):
        tw = TableWidget(game="crazy-solo", options={"players": n}, seat=0, seed=a.seed)
        clicks, notes, refresh = play(tw, deals, a.seed)
        print(f"Crazy Solo, {n} seats, bots: {tw.table.bot_kind}", flush=True)
        line("  learner's action (bots and redraws)", clicks, 1.0, base)
        line("  seat notes (sampled, uncached)", notes)
        line("  refresh", refresh)
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
