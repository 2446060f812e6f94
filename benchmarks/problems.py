"""Play problems: how fast the generator makes them, and how fast the defence that adapts
replies to a learner's card.

Run ``python benchmarks/problems.py [--count N] [--lead-count M] [--seed S] [--attempts A]
[--replies-only] [--lead-only] [--fresh K ...]``. It prints (CPU time of this process,
``time.process_time``):

- (unless ``--replies-only``) **problems per CPU-minute**, end positions and first-lead
  problems apart: the generator (``tutor.problems.generate``) from ``--seed`` until it has
  made ``--count`` problems with the shipped end recipes, then ``--lead-count`` with the
  opening recipes, each problem re-read from its record; the positions it examined to find
  them, and for the first lead why the others were given up;
- **the reply**: on every shipped problem (``--lead-only``: the first-lead ones), ``--attempts``
  attempts against the defence that adapts — the stated solution (the key card, then random
  cards), learners playing random legal cards, and on a first-lead problem one more learner
  per problem: the *guesser*, who plays the key card and then at each turn a random card
  sure over the defence's layouts (the learner the menu's widening is for) — timing each
  learner's card until the defence has played up to the learner's next turn (or the end).
  Measured twice: *warm*, as the lesson plays it (opening a problem searches its position
  first; that opening is timed too), and *cold* (no search before the first card). p50, p95
  and the worst, in ms, for all the problems and for the first-lead ones apart; once for each
  ``--fresh`` (the fresh layouts the defence draws at each later card of a first-lead
  problem to tell a guess; 0 is the defence before it widened its menu), with how many
  attempts widened it;
- the **baseline** in the same run: one double-dummy ``analyse`` of each problem's position on
  its original deal (every card seen, what the play table's review does per card), and the
  ratio of the warm reply's p95 to its p95.

Run it from the checkout's root with ``PYTHONPATH=.`` when another copy of ``tutor`` is
installed.
"""

from __future__ import annotations

import argparse
import random
import time

from tutor.problems import bank
from tutor.problems import generate as gen
from tutor.problems.defence import Attempt, search_for
from tutor.problems.problem import read
from tutor.problems.sampled import FRESH
from tutor.solver.search import analyse

GAME = "six-bid-solo"


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def generation(seed: int, count: int, recipes: str) -> None:
    tried = {"positions": 0}
    original = gen.make_problem

    def counted(*args: object, **kw: object) -> object:
        tried["positions"] += 1
        return original(*args, **kw)  # type: ignore[arg-type]

    gen.make_problem = counted  # type: ignore[assignment]
    gen.REJECTED.clear()
    t = time.process_time()
    made = [read(p.as_record()) for p in gen.generate(
        GAME, seed=seed, count=count, recipes=gen.RECIPE_SETS[recipes])]
    cpu = time.process_time() - t
    gen.make_problem = original
    levels = sorted(p.level for p in made)
    print(f"generator, {recipes} recipes: {len(made)} problems from seed {seed} in {cpu:.1f} s "
          f"CPU ({tried['positions']} positions examined) = "
          f"{60 * len(made) / cpu:.1f} problems per CPU-minute; levels {levels}")
    if gen.REJECTED:
        print("  given up: " + "; ".join(f"{why} {n}" for why, n in
                                         gen.REJECTED.most_common()))


def replies(attempts: int, warm: bool, fresh: int, lead_only: bool
            ) -> tuple[list[float], list[float], list[float], int]:
    """Reply times (all, and the first-lead problems'), opening times, and how many attempts
    widened the defence's menu."""
    times: list[float] = []
    lead: list[float] = []
    opens: list[float] = []
    widened = 0
    for entry in bank.index(GAME):
        p = bank.load(GAME, entry.id)
        if lead_only and p.sample is None:
            continue
        rng = random.Random(7)
        t = time.process_time()
        search = search_for(p)
        if warm:
            search.sure_cards(search.start.spot)
        opens.append(time.process_time() - t)
        guesser = attempts if p.sample is not None else -1
        for n in range(attempts + (p.sample is not None)):
            a = Attempt(p, search=search if warm or n else None, fresh=fresh)
            first = True
            while not a.done:
                if first and n in (0, guesser):
                    card = p.key[0]
                elif n == guesser:
                    card = rng.choice(search.sure_cards(a.spot) or a.legal())
                else:
                    card = rng.choice(a.legal())
                first = False
                t = time.process_time()
                a.play(card)
                dt = time.process_time() - t
                times.append(dt)
                if p.sample is not None:
                    lead.append(dt)
            widened += a.widenings > 0
    return times, lead, opens, widened


def _ms(xs: list[float]) -> str:
    ms = [1000 * x for x in xs]
    return (f"{len(ms)} cards: p50 {pct(ms, 0.5):.1f} ms, p95 {pct(ms, 0.95):.1f} ms, "
            f"worst {max(ms):.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=24)
    parser.add_argument("--lead-count", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--attempts", type=int, default=3)
    parser.add_argument("--replies-only", action="store_true",
                        help="skip the generator's figures")
    parser.add_argument("--lead-only", action="store_true",
                        help="time the replies on the first-lead problems only")
    parser.add_argument("--fresh", type=int, nargs="+", default=[FRESH],
                        help="fresh layouts per later card (0: the defence before widening)")
    args = parser.parse_args()
    analyse(bank.load(GAME, bank.index(GAME)[0].id).state)  # compile the kernel first
    if not args.replies_only:
        generation(args.seed, args.count, "end")
        generation(args.seed, args.lead_count, "opening")
    base = []
    for entry in bank.index(GAME):
        p = bank.load(GAME, entry.id)
        if args.lead_only and p.sample is None:
            continue
        t = time.process_time()
        analyse(p.state)
        base.append(time.process_time() - t)
    for fresh in args.fresh:
        for warm in (True, False):
            report(args.attempts, warm, fresh, args.lead_only, base)


def report(attempts: int, warm: bool, fresh: int, lead_only: bool, base: list[float]) -> None:
    """One line of reply figures (and, warm, the opening and the baseline)."""
    times, lead, opens, widened = replies(attempts, warm, fresh, lead_only)
    label = "warm (as the lesson plays)" if warm else "cold (no search before)"
    print(f"reply, {label}, {fresh} fresh layouts: {_ms(times)} on {len(opens)} problems; "
          f"{widened} attempts widened the menu")
    if lead:
        print(f"  the first-lead problems' alone: {_ms(lead)}")
    if warm:
        o = [1000 * x for x in opens]
        print(f"  opening a problem (its search warmed): p50 {pct(o, 0.5):.0f} ms, "
              f"p95 {pct(o, 0.95):.0f} ms, worst {max(o):.0f} ms")
        ms = [1000 * x for x in times]
        b = [1000 * x for x in base]
        print(f"  baseline, one double-dummy analyse of the position: p95 "
              f"{pct(b, 0.95):.1f} ms; reply p95 / baseline p95 = "
              f"{pct(ms, 0.95) / pct(b, 0.95):.1f}")


if __name__ == "__main__":
    main()
