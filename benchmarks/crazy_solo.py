"""Crazy Solo's engine and sampler speed at 4, 8 and 12 players, against Six-Bid Solo measured
in the same process.

Run ``python benchmarks/crazy_solo.py [--seconds S] [--players 4,8,12]``. It prints, per table
size (CPU time of this process, best of three rounds, the workloads taking turns so a change in
the machine's load falls on all alike — :func:`engine.rates`):

- **checked deals/s**: a fresh seeded deal (shuffle, cut, the deck of CS-2, dealt one card at a
  time), then uniformly random legal actions through the checked ``apply`` — the one call each,
  the declaration and every card — to the settlement; deals everyone passes (thrown in, CS-6)
  are counted and reported;
- **playouts/s**: from positions at the first lead, ``copy()`` plus ``random_playout`` (the
  unchecked fast path of Monte-Carlo bots; for more than three hands its general loop);
- the ratio of each to Six-Bid Solo's in the same run (its checked deals and playouts, as in
  ``benchmarks/engine.py``);
- **sampler worlds/s** mid-deal (half the cards played), and at the first lead (the most
  unseen cards): the sampler built from the player to move's view once (its counting,
  ``init ms``), then worlds drawn from it — placements of the unseen cards (``placements/s``)
  and whole worlds rebuilt by the checked replay of the history (``worlds/s``).

Run it from the checkout's root with ``PYTHONPATH=.`` when another copy of ``tutor`` is
installed.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from engine import checked_deals, pick, rates, unchecked_playouts

from tutor.engine.sampler import Sampler
from tutor.games.crazy_solo.rules import CrazySolo, CrazySoloState
from tutor.games.tapp import PLAY, random_playout


def crazy_checked(players: int, seed: int = 1) -> Callable[[], int]:
    """Whole random deals through the checked ``apply``, fresh from the shuffle."""
    game = CrazySolo({"players": players})
    rng = random.Random(seed)
    counters = {"deals": 0, "thrown_in": 0}

    def batch() -> int:
        for _ in range(20):
            state = game.new_deal(rng, dealer=rng.randrange(players))
            rand = rng.random
            while not state.is_terminal():
                state.apply(pick(state.legal_actions(), rand))
            counters["thrown_in"] += state.bidder is None
            counters["deals"] += 1
        return 20

    batch.counters = counters  # type: ignore[attr-defined]
    return batch


def crazy_starts(players: int, n: int, seed: int = 2) -> list[CrazySoloState]:
    """``n`` positions at the first lead, from random calls and declarations."""
    game = CrazySolo({"players": players})
    rng = random.Random(seed)
    out: list[CrazySoloState] = []
    while len(out) < n:
        state = game.new_deal(rng, dealer=rng.randrange(players))
        while state.phase not in (PLAY, "done"):
            state.apply(rng.choice(state.legal_actions()))
        if state.phase == PLAY:
            out.append(state)
    return out


def crazy_playouts(players: int, seed: int = 3) -> Callable[[], int]:
    starts = crazy_starts(players, 100)
    rng = random.Random(seed)

    def batch() -> int:
        for s in starts:
            random_playout(s.copy(), rng)
        return len(starts)

    return batch


def into_play(players: int, n: int, played: float, seed: int = 4) -> list[CrazySoloState]:
    """``n`` positions with about ``played`` of the cards played (random legal actions): 0 at
    the first lead, 0.5 mid-deal."""
    out = []
    for state in crazy_starts(players, n, seed):
        rng = random.Random(seed + len(out))
        for _ in range(int(len(state.game.deck_cards) * played)):
            state.apply(rng.choice(state.legal_actions()))
        out.append(state)
    return out


def sampler_figures(players: int, played: float, positions: int = 10, worlds: int = 100
                    ) -> tuple[float, float, float]:
    """(median ms to build a sampler, placements/s, worlds/s) over positions with ``played`` of
    the cards played, CPU time."""
    builds, deal_rates, world_rates = [], [], []
    for i, state in enumerate(into_play(players, positions, played)):
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        start = time.process_time()
        sampler = Sampler(view)
        builds.append(time.process_time() - start)
        sampler.deals(worlds, i)  # the splits met are remembered from here on
        start = time.process_time()
        sampler.deals(worlds, 1000 + i)
        deal_rates.append(worlds / (time.process_time() - start))
        start = time.process_time()
        for _ in sampler.worlds(worlds, 2000 + i):
            pass
        world_rates.append(worlds / (time.process_time() - start))
    builds.sort()
    deal_rates.sort()
    world_rates.sort()
    mid = len(builds) // 2
    return 1000 * builds[mid], deal_rates[mid], world_rates[mid]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per measurement")
    ap.add_argument("--players", default="4,8,12", help="table sizes, comma separated")
    args = ap.parse_args()
    sizes = [int(p) for p in args.players.split(",")]
    print("Crazy Solo engine benchmark (one process, one core, CPU time)")
    fns: dict[str, Callable[[], int]] = {"sbs checked": checked_deals(),
                                         "sbs playouts": unchecked_playouts()}
    for n in sizes:
        fns[f"{n} checked"] = crazy_checked(n)
        fns[f"{n} playouts"] = crazy_playouts(n)
    r = rates(fns, args.seconds)
    sbs_c, sbs_p = r["sbs checked"], r["sbs playouts"]
    print(f"  Six-Bid Solo: checked deals/s {sbs_c:9,.0f}   playouts/s {sbs_p:9,.0f}")
    print(f"  {'players':>7}  {'checked deals/s':>15} {'vs SBS':>7} {'thrown in':>9}  "
          f"{'playouts/s':>10} {'vs SBS':>7}")
    for n in sizes:
        c = fns[f"{n} checked"].counters  # type: ignore[attr-defined]
        thrown = c["thrown_in"] / max(1, c["deals"])
        print(f"  {n:>7}  {r[f'{n} checked']:15,.0f} {r[f'{n} checked'] / sbs_c:6.2f}× "
              f"{100 * thrown:8.1f}%  {r[f'{n} playouts']:10,.0f} "
              f"{r[f'{n} playouts'] / sbs_p:6.2f}×")
    print("  sampler (median of 10 positions, 100 worlds each):")
    print(f"  {'players':>7}  {'when':>10}  {'init ms':>8} {'placements/s':>12} {'worlds/s':>9}")
    for n in sizes:
        for when, played in (("mid-deal", 0.5), ("first lead", 0.0)):
            build, deals, worlds = sampler_figures(n, played)
            print(f"  {n:>7}  {when:>10}  {build:8.1f} {deals:12,.0f} {worlds:9,.0f}")


if __name__ == "__main__":
    main()
