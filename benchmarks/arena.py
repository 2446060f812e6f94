"""The duplicate arena: the bot ladder, each rung against the one below (``make arena``).

Each deal is played six times with the two kinds rotated through the three seats (fourteen at
four, a rotation of halves at a bigger table, twice with the seats swapped in a two-player game:
see ``tutor/bots/arena.py``); the figure is the first kind's mean score per deal with a 95%
confidence interval. Deals are spread over a process pool (2 workers on the project's machine).

    python benchmarks/arena.py                      # the default ladder (Six-Bid Solo)
    python benchmarks/arena.py --game frog          # Frog's ladder (make arena-frog)
    python benchmarks/arena.py --match pimc:rule --deals 100 --seed 7
    python benchmarks/arena.py --match pimc:rule:60 --pimc-auction rule   # PIMC's play alone
    python benchmarks/arena.py --game frog --match rule:random:200       # any registered game
    python benchmarks/arena.py --game crazy-solo                # Crazy Solo's, 4 players
    python benchmarks/arena.py --game crazy-solo --players 8 --match pimc:rule:40
    python benchmarks/arena.py --game sixty-six     # Sixty-Six's ladder (make arena-66)
    python benchmarks/arena.py --game auction-pitch --players 7   # Pitch's (make arena-pitch)

Auction Pitch (general-sum, 3 to 7 players each on their own) is played in a field of B: once
with B at every seat, then once per seat with A there; the figure is A's score change per hand
less B's at the same seat (``tutor/bots/arena.py``, :func:`field_deal`).

Prints a markdown table (in Sixty-Six A's game points less B's, per deal); exit status 1 if a
rung's interval does not clear zero in favour of the stronger kind (so ``make arena`` fails
loudly when the ladder breaks).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.bots.arena import DealResult, MatchResult, duplicate_match
from tutor.games import make_game

#: each game's ladder when no --match is given: each rung against the one below, with enough
#: deals for the interval to clear zero (Frog's deals are cheaper and its chips swing more)
LADDERS = {"six-bid-solo": ["rule:random:300", "pimc:rule:120"],
           "frog": ["rule:random:100", "pimc:rule:200"],
           "crazy-solo": ["rule:random:100", "pimc:rule:150"],
           # Sixty-Six: game points per deal, A's less B's (docs/sixty-six-bots.md)
           "sixty-six": ["rule:random:100", "pimc:rule:200"],
           # Auction Pitch: points per hand, A's less B's at the same seat in a field of B
           # (docs/auction-pitch-bots.md)
           "auction-pitch": ["rule:random:200", "pimc:rule:200"]}
DEFAULT = LADDERS["six-bid-solo"]


def _warm(game: str) -> None:
    """Compile the solver in each worker before the clock matters (numba JIT); a game outside
    the Tapp family has no compiled solver: its strong bot makes one move instead."""
    from tutor.bots import make_bot
    from tutor.bots.arena import deal_of
    from tutor.games.six_bid_solo.rules import call_action
    from tutor.games.tapp import PASS, TRUMP_BASE, TappState
    from tutor.solver import search
    first = deal_of(0, 0, game=game)
    if not isinstance(first, TappState):
        seat = first.to_move
        assert seat is not None
        make_bot("pimc", 0).act(first.view(seat))
        return
    state = deal_of(0, 0)
    for a in (call_action("guarantee-solo"), PASS, PASS, TRUMP_BASE):  # trump ♣
        state.apply(a)
    search.solve(state)
    search.analyse(state)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--match", action="append",
                   help="A:B[:DEALS], e.g. pimc:rule:60 (repeatable); default: the ladder")
    p.add_argument("--deals", type=int, default=None, help="deals per match (overrides)")
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--game", default="six-bid-solo", help="the registered game to play")
    p.add_argument("--players", type=int, default=None,
                   help="players at the table (a game with a players option: Crazy Solo 3..12, "
                        "Auction Pitch 3..7; default the game's)")
    p.add_argument("--start", type=int, default=0, help="first deal number (to extend a run)")
    p.add_argument("--save", help="append each deal's scores as JSON lines to this file")
    p.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    p.add_argument("--pimc-worlds", type=int, default=8, help="worlds per PIMC card choice")
    p.add_argument("--pimc-max-worlds", type=int, default=16,
                   help="most worlds per PIMC card choice when the choice stays close")
    p.add_argument("--pimc-bid-samples", type=int, default=16, help="worlds per PIMC bid")
    p.add_argument("--pimc-bid-margin", type=float, default=None,
                   help="expected chips a PIMC bid must clear (default: the game's own)")
    p.add_argument("--pimc-auction", choices=("pimc", "rule"), default="pimc",
                   help="diagnostic hybrid: 'rule' lets the PIMC bot bid as the rule bot does")
    p.add_argument("--pimc-play", choices=("pimc", "rule"), default="pimc",
                   help="diagnostic hybrid: 'rule' lets the PIMC bot play as the rule bot does")
    args = p.parse_args(argv)
    load0 = os.getloadavg()
    wall0, cpu0 = time.perf_counter(), time.process_time()
    matches = args.match or LADDERS.get(args.game, DEFAULT)
    options = {} if args.players is None else {"players": args.players}
    info = make_game(args.game, options).info
    digits = 1 if info.zero_sum or info.players == 2 else 2  # Pitch: a fraction of a point
    rows: list[MatchResult] = []
    ok = True
    with ProcessPoolExecutor(args.workers) as pool:
        list(pool.map(_warm_task, [args.game] * args.workers))
        for spec in matches:
            a, b, *rest = spec.split(":")
            deals = args.deals or (int(rest[0]) if rest else 60)
            t0 = time.perf_counter()
            done: list[DealResult] = []

            def tick(r: DealResult, done: list[DealResult] = done, t0: float = t0,
                     deals: int = deals, a: str = a, b: str = b) -> None:
                done.append(r)
                if args.save:
                    with open(args.save, "a", encoding="utf-8") as f:
                        f.write(json.dumps({"a": a, "b": b, "seed": args.seed, "deal": r.index,
                                            "chips_a": r.chips_a, "bidders": r.bidders}) + "\n")
                if len(done) % 5 == 0 or len(done) == deals:
                    mean = sum(d.score for d in done) / len(done)
                    print(f"  {a} vs {b}: {len(done)}/{deals} deals, mean {mean:+.{digits}f}, "
                          f"{time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True)

            pimc = {"worlds": args.pimc_worlds, "bid_samples": args.pimc_bid_samples,
                    "max_worlds": args.pimc_max_worlds, "auction": args.pimc_auction,
                    "play": args.pimc_play}
            if args.pimc_bid_margin is not None:
                pimc["bid_margin"] = args.pimc_bid_margin
            result = duplicate_match(a, b, deals, args.seed, executor=pool, progress=tick,
                                     bot_options={"pimc": pimc}, start=args.start,
                                     game=args.game, options=options)
            rows.append(result)
            lo, _ = result.interval
            ok = ok and lo > 0
    # the workers have been joined: their CPU time is in RUSAGE_CHILDREN
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = time.process_time() - cpu0 + children.ru_utime + children.ru_stime
    unit = info.score_unit  # chips; Sixty-Six's game points; Pitch's points
    table = f" at {info.players} players" if "players" in options else ""
    print(f"| match (A vs B){table} | deals | A's {unit} per deal | 95% interval | verdict "
          "| time |")
    print("|---|---|---|---|---|---|")
    for r in rows:
        print(r.row(digits))
    for r in rows:
        bid = [x for d in r.deals for x in d.bidders]
        if not any(bid):  # a game without an auction (Sixty-Six)
            continue
        print(f"{r.a} vs {r.b}: bidder was A in {bid.count('A')}, B in {bid.count('B')}, "
              f"thrown in {bid.count('')} of {len(bid)} plays")
        split: dict[tuple[str, str], list[int]] = {}
        for d in r.deals:
            for chips, who, contract in zip(d.chips_a, d.bidders, d.contracts, strict=True):
                if who:
                    split.setdefault((who, contract), []).append(chips)
        print(f"   A's {unit} per play, by bidder and contract: " + "; ".join(
            f"{who} bids {c} {sum(v) / len(v):+.{max(0, digits - 1)}f} ({len(v)})"
            for (who, c), v in sorted(split.items())))
    print(f"wall {time.perf_counter() - wall0:.0f} s, CPU {cpu:.0f} s (this process and the "
          f"{args.workers} workers); load average {load0[0]:.1f} at the start, "
          f"{os.getloadavg()[0]:.1f} at the end")
    return 0 if ok else 1


def _warm_task(game: str) -> None:
    _warm(game)


if __name__ == "__main__":
    sys.exit(main())
