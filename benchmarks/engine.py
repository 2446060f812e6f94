"""Engine speed: checked random full deals/s and unchecked playouts/s, against OpenSpiel.

Run ``make bench`` (or ``python benchmarks/engine.py [--seconds S]``). It prints, from one process:

- checked full deals/s: a fresh seeded deal (shuffle, cut, SBS-8 packets), then uniformly random
  legal actions through the checked ``apply`` — auction, declaration and all 33 cards — to the
  settlement (both engines are driven by the same policy, ``pick``). Deals thrown in (all three
  pass) are counted and reported;
- unchecked playouts/s: from positions at the start of play, ``copy()`` plus ``random_playout``
  (the unchecked fast path that Monte-Carlo bots use) to the end of the deal;
- when the optional ``open-spiel`` package is installed, OpenSpiel's ``oh_hell`` (3 players,
  ``num_tricks_fixed=11``: Six-Bid Solo's shape) random games/s driven from Python in the same
  run, and the ratio. Targets: checked ≥ 1.5× OpenSpiel; unchecked ≥ 30,000 deals/s on one core.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from tutor.games.six_bid_solo.rules import SixBidSolo, SixBidSoloState
from tutor.games.tapp import PLAY, random_playout


def rates(fns: dict[str, Callable[[], int]], seconds: float, rounds: int = 3) -> dict[str, float]:
    """Best-of-``rounds`` rate per CPU second of each ``fn`` (which returns the units it did).

    The functions take turns round by round, so a change in the machine's load falls on all of
    them alike; CPU time of this process (``time.process_time``) keeps other work out of the
    figures, and the best round drops warm-up and scheduling noise.
    """
    best = dict.fromkeys(fns, 0.0)
    for _ in range(rounds):
        for name, fn in fns.items():
            done = 0
            start = time.process_time()
            while time.process_time() - start < seconds / rounds:
                done += fn()
            best[name] = max(best[name], done / (time.process_time() - start))
    return best


def pick(actions: list[int], rand: Callable[[], float]) -> int:
    """The random policy both engines are driven with: one uniform legal action."""
    return actions[int(rand() * len(actions))]


def checked_deals(seed: int = 1) -> Callable[[], int]:
    game = SixBidSolo()
    rng = random.Random(seed)
    counters = {"deals": 0, "thrown_in": 0}

    def batch() -> int:
        for _ in range(50):
            state = game.new_deal(rng, dealer=rng.randrange(3))
            rand = rng.random
            while not state.is_terminal():
                state.apply(pick(state.legal_actions(), rand))
            if state.bidder is None:
                counters["thrown_in"] += 1
            counters["deals"] += 1
        return 50

    batch.counters = counters  # type: ignore[attr-defined]
    return batch


def starts_of_play(n: int, seed: int = 2) -> list[SixBidSoloState]:
    game = SixBidSolo()
    rng = random.Random(seed)
    out: list[SixBidSoloState] = []
    while len(out) < n:
        state = game.new_deal(rng)
        while state.phase not in (PLAY, "done"):
            state.apply(rng.choice(state.legal_actions()))
        if state.phase == PLAY:
            out.append(state)
    return out


def unchecked_playouts(seed: int = 3) -> Callable[[], int]:
    starts = starts_of_play(200)
    rng = random.Random(seed)

    def batch() -> int:
        for s in starts:
            random_playout(s.copy(), rng)
        return len(starts)

    return batch


def openspiel_games(seed: int = 4) -> Callable[[], int] | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("oh_hell", {"players": 3, "num_tricks_fixed": 11})
    rng = random.Random(seed)
    rand = rng.random

    def batch() -> int:
        for _ in range(50):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():  # the deal: one chance action per card
                    actions = [a for a, _ in state.chance_outcomes()]
                else:
                    actions = state.legal_actions()
                state.apply_action(pick(actions, rand))
        return 50

    return batch


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=6.0, help="CPU seconds per measurement")
    args = ap.parse_args()
    print("Six-Bid Solo engine benchmark (one process, one core, CPU time)")
    checked = checked_deals()
    fns: dict[str, Callable[[], int]] = {"checked": checked, "unchecked": unchecked_playouts()}
    spiel = openspiel_games()
    if spiel is not None:
        fns["openspiel"] = spiel
    r = rates(fns, args.seconds)
    c = checked.counters  # type: ignore[attr-defined]
    thrown = c["thrown_in"] / c["deals"]
    print(f"  checked random full deals/s     {r['checked']:10,.0f}   "
          f"({100 * (1 - thrown):.1f}% played out, {100 * thrown:.1f}% thrown in)")
    print(f"  unchecked playouts/s            {r['unchecked']:10,.0f}   "
          f"(target ≥ 30,000: {'met' if r['unchecked'] >= 30_000 else 'NOT met'})")
    if spiel is None:
        print("  OpenSpiel oh_hell               not installed (pip install open-spiel) — no ratio")
        return
    ratio = r["checked"] / r["openspiel"]
    print(f"  OpenSpiel oh_hell games/s       {r['openspiel']:10,.0f}   "
          "(3 players, num_tricks_fixed=11, random play from Python)")
    print(f"  checked deals / OpenSpiel       {ratio:10.2f}×  "
          f"(target ≥ 1.5×: {'met' if ratio >= 1.5 else 'NOT met'})")


if __name__ == "__main__":
    main()
