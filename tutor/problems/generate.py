"""Making problems by search: deal, play to a position, keep the positions that punish a guess.

A *recipe* says which contract to aim at and how many tricks the problem leaves to play. For
each deal (from one seeded :class:`random.Random`, so a seed always gives the same problems):

1. **the deal and the auction** — with a contract asked for, a deal is kept only when the
   forehand's hand fits that call by the game's own reading of calls (its ``sampling.py``,
   :func:`tutor.engine.inference.call_reading`), the forehand bids it and the others pass, and
   the bidder declares as the advisor does (its ``advisor.py``); without one, the rule bots
   hold the auction;
2. **the play to the position** — the rule bots play every seat until the problem's trick, and
   stop at the bidder's first turn in it;
3. **a quick screen** — on :data:`SCREEN` layouts drawn uniformly, the bidder's value after
   each legal card with every card seen picks the goal: *make the contract* when some card
   makes it in every layout drawn and a card that makes it on the real deal fails in one;
   else, in a contract paid on the margin (Solo, Heart Solo: SBS-10), *take at least T* for
   the largest T some card reaches in every layout drawn;
4. **the proof** (:func:`tutor.problems.proof.analyse`) — every layout counted (or a sample
   beyond :data:`~tutor.problems.proof.ENUMERATE`), the cards failing in none searched for a
   sure line. A position is kept when some card is sure and a *natural-looking* alternative
   fails: one that reaches the goal on the real deal (the guess that would have worked) or in
   most layouts;
5. **the write-up, the hint and the level** from what the solver measured.

``python -m tutor.problems.generate --seed 1 --count 48 --out DIR`` writes the records;
``benchmarks/problems.py`` prints problems made per CPU-minute.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..bots.rule_bot import RuleBot
from ..engine.inference import call_reading
from ..engine.record import record_of
from ..engine.sampler import sampling_of
from ..games import make_game, spec
from ..games.tapp import CARD_TEXT, PLAY, TappState
from ..solver.games import NoAdapterError, adapter, advisor_adapter
from ..solver.search import analyse as dd_analyse
from ..solver.search import question
from .defence import Attempt
from .goal import Goal, goal_of
from .levels import level
from .problem import Alternative, Facts, Problem, Step, dumps, read
from .proof import Analysis, analyse, play_out
from .sure import Budget, Start, SureSearch
from .writeup import (
    alternative_step,
    contract_of,
    danger,
    goal_step,
    hint_words,
    key_step,
    line_step,
)

#: layouts drawn for the quick screen of a position
SCREEN = 48
#: the most spots the sure-line search may visit for one position before it is given up
BUDGET = 60_000
#: a failing card is natural-looking when it reaches the goal in at least this share of the
#: layouts (or on the real deal)
NATURAL = 0.5
#: the most alternatives a write-up shows
ALTERNATIVES = 3


@dataclass(frozen=True)
class Recipe:
    """A contract to aim at (a record id; None: the rule bots' auction), the tricks the
    problem leaves to play, and the learner's side (``bidder`` or ``defender``)."""

    contract: str | None
    tricks_left: int
    side: str = "bidder"


#: The recipes the shipped Six-Bid Solo problems were made with, in turn.
RECIPES: tuple[Recipe, ...] = (
    Recipe(None, 4), Recipe("misere", 3), Recipe("guarantee-solo", 4),
    Recipe(None, 3, "defender"), Recipe("heart-solo", 5), Recipe("misere", 4),
    Recipe("spread-misere", 3), Recipe("solo", 5), Recipe("guarantee-solo", 3),
    Recipe(None, 4, "defender"), Recipe("heart-solo", 4), Recipe("solo", 3),
)


def position(game_id: str, rng: random.Random, recipe: Recipe,
             tries: int = 400) -> TappState | None:
    """A deal played to a problem's position by ``recipe`` (module docstring, steps 1 and 2),
    or None if ``tries`` deals gave none."""
    game = make_game(game_id, {})
    bots = [RuleBot(seed=rng.getrandbits(32)) for _ in range(game.players)]
    reading = call_reading(game_id)
    for _ in range(tries):
        state = game.new_deal(rng, dealer=rng.randrange(game.players))
        assert isinstance(state, TappState)
        if recipe.contract is not None:
            k = list(spec(game_id).presentation.contract_names).index(recipe.contract) + 1
            forehand = state.active[0]
            hand = state.hands[forehand]
            if reading is None or not reading.fits_call(hand, k, None, state.options.as_dict()):
                continue
            view = state.view(forehand)
            rows = [t for c, t in advisor_adapter(game_id).rows(view) if c == k and (
                t < 0 or reading.fits_call(hand, k, t, state.options.as_dict()))]
            if not rows:
                continue
            state = advisor_adapter(game_id).declare(state, k, rng.choice(rows))
        else:
            while state.phase not in (PLAY, "done"):
                seat = state.to_move
                assert seat is not None
                state.apply(bots[seat].act(state.view(seat))[0])
        if state.phase != PLAY:
            continue
        done = 11 - recipe.tricks_left
        while state.phase == PLAY and (len(state.tricks) < done
                                       or (state.to_move == state.bidder)
                                       != (recipe.side == "bidder")):
            seat = state.to_move
            assert seat is not None
            state.apply(bots[seat].act(state.view(seat))[0])
        if state.phase == PLAY and len(state.tricks) == done:
            return state
    return None


def pays_on_margin(state: TappState, value: int) -> bool:
    """Does one more point change the chips here (Solo, Heart Solo: SBS-10)?"""
    settle = adapter(state.game.id).settle
    return settle(state, value).chips != settle(state, value - 1).chips


def choose_goal(state: TappState, seat: int, rng: random.Random) -> Goal | None:
    """The goal of step 3 of the module docstring, or None when the screen finds no
    problem here."""
    q = question(state)
    bidder = seat == state.bidder
    make = goal_of(state, seat, {"kind": "make" if bidder else "beat"}, q)
    search = SureSearch(Start.of(state, seat, make, rng.getrandbits(32)), budget=BUDGET)
    spot = search.start.spot
    k = spot.knowledge
    cards = search.learner_cards(spot)
    if len(cards) < 2:
        return None
    layouts = [k.draw(rng) for _ in range(SCREEN)]
    real = dd_analyse(state)
    values = {}
    for c in cards:
        child = search.play(spot, seat, c)
        assert child is not None
        values[c] = [search.dd_value(child, lay) for lay in layouts]

    def works(goal: Goal) -> bool:
        sure = [c for c in cards if all(goal.met(v) for v in values[c])]
        natural = [c for c in cards if c not in sure and goal.met(real[c])]
        return bool(sure and natural)

    if works(make):
        return make
    if not q.bidder_max:
        return None
    if bidder:  # the most the bidder can be sure of, if more than making it
        best = max(min(v) for v in values.values())
        if best <= make.target or not pays_on_margin(state, best):
            return None
        goal = goal_of(state, seat, {"kind": "at-least", "target": best}, q)
    else:  # the least a defender can hold the bidder to, if the contract is made anyway
        best = min(max(v) for v in values.values())
        if best <= make.target or not pays_on_margin(state, best + 1):
            return None
        goal = goal_of(state, seat, {"kind": "at-most", "target": best}, q)
    return goal if works(goal) else None


def make_problem(state: TappState, pid: str, rng: random.Random,
                 budget: int = BUDGET) -> Problem | None:
    """The problem at ``state``'s position (the bidder to move), or None (module docstring)."""
    seat = state.to_move
    if seat is None or state.bidder is None:
        return None
    goal = choose_goal(state, seat, rng)
    if goal is None:
        return None
    try:
        a, search = analyse(state, seat, goal, seed=0, budget=budget)  # re-drawn by a re-proof
    except Budget:
        return None
    if not a.sure:
        return None
    real = dd_analyse(state)
    k = search.start.spot.knowledge
    failing = [g for g in a.groups if g[0] not in a.sure]
    if not failing:
        return None
    natural = [g[0] for g in failing if a.counts[g[0]].fails and (
        goal.met(real[g[0]]) or 1 - a.counts[g[0]].fails / a.counted >= NATURAL)]
    if not natural:
        return None
    natural.sort(key=lambda c: a.counts[c].fails)
    bidder_max = search.bidder_max
    alts = []
    for c in natural[:ALTERNATIVES]:
        cc = a.counts[c]
        assert cc.witness is not None
        play, value = play_out(state, k, cc.witness, [c], bidder_max)
        alts.append(Alternative(c, cc.fails, cc.counted, cc.witness, play, value))
    # the line: the key play on, against the adaptive defence, the learner keeping sure
    problem0 = _bare(state, pid, seat, goal, a, alts)
    try:
        line, depth = _line(problem0, search)
    except Budget:
        return None
    tempting = max(1 - a.counts[g[0]].fails / a.counted for g in failing)
    facts = Facts(a.layouts, a.counted, len(a.groups), len(failing), round(tempting, 4), depth,
                  search.nodes)
    lvl = level(facts)
    tricks_left = 11 - len(state.tricks)
    every, bad = _layouts_for_hint(search, alts[0].card, k, a)
    hint = hint_words(state, seat, goal, danger(state, k, bad, every), tricks_left)
    steps = [Step("goal", goal_step(state, seat, goal, tricks_left)),
             Step("key", key_step(state, seat, a.sure, a.layouts, a.exhaustive, len(a.groups),
                                  len(failing))),
             Step("line", line_step(state, seat, line))]
    for alt in alts:
        steps.append(Step("alternative", alternative_step(
            state, seat, goal, k, alt.card, alt.fails, alt.counted, a.exhaustive, alt.layout,
            alt.play, alt.value)))
    title = f"{contract_of(state)} — {tricks_left} tricks to go"
    problem = Problem(problem0.record, state, pid, seat, goal, lvl, title, hint,
                      tuple(a.sure), tuple(line), tuple(alts), facts, tuple(steps))
    return read(problem.as_record())  # written as it will be read: checked once more


def _bare(state: TappState, pid: str, seat: int, goal: Goal, a: Analysis,
          alts: Sequence[Alternative]) -> Problem:
    """A problem without its line, write-up and level yet (for playing the line)."""
    record = record_of(state)
    return Problem(record, state, pid, seat, goal, 1, "-", "-", tuple(a.sure), (), tuple(alts),
                   Facts(a.layouts, a.counted, len(a.groups), 0, 0.0, 1, 0), ())


def _line(problem: Problem, search: SureSearch) -> tuple[list[int], int]:
    """The key play on against the adaptive defence, the learner playing the first sure card
    at each turn (the first key card at the first); and the learner's decisions on it at which
    some legal card is not sure."""
    attempt = Attempt(problem, search=search)
    depth = 0
    first = True
    while not attempt.done:
        spot = attempt.spot
        reps = search.learner_cards(spot)
        sure = []
        for c in reps:
            child = search.play(spot, attempt.seat, c)
            assert child is not None
            if search.sure(child):
                sure.append(c)
        if len(sure) < len(reps):
            depth += 1
        card = problem.key[0] if first else sure[0]
        first = False
        attempt.play(card)
    return [p.card for p in attempt.played], max(depth, 1)


def _layouts_for_hint(search: SureSearch, card: int, k: object,
                      a: Analysis) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    """The layouts counted and those in which ``card`` fails (for the hint's danger)."""
    from .proof import layouts_to_count

    spot = search.start.spot
    layouts, _, _ = layouts_to_count(spot.knowledge, 0, sample=200)
    child = search.play(spot, search.seat, card)
    assert child is not None
    bad = [lay for lay in layouts if not search.dd_met(child, lay)]
    return layouts, bad


def require(game_id: str) -> None:
    """REC-2 naming the game unless it has what the search stands on: a solver adapter for the
    double-dummy kernel (``SOLVER`` in its ``solver.py``) and a sampling adapter (its
    ``sampling.py``). A game whose ``solver.py`` holds another kind of solver (Sixty-Six's) is
    refused the same way."""
    try:
        adapter(game_id)
    except AttributeError:
        raise NoAdapterError("REC-2", "play problems need the double-dummy kernel's solver "
                             "adapter (SOLVER in the game's solver.py)", where="game",
                             what=game_id) from None
    sampling_of(game_id)


def generate(game_id: str = "six-bid-solo", seed: int = 1, count: int = 10,
             recipes: Sequence[Recipe] = RECIPES, prefix: str = "p",
             budget: int = BUDGET, tries: int = 60) -> Iterator[Problem]:
    """``count`` problems from ``seed`` (the same seed, the same problems), the recipes in
    turn; each recipe gets ``tries`` positions before the next takes over. A game without a
    solver adapter or a sampling adapter (its ``solver.py``, ``sampling.py``) is refused with
    REC-2 naming it: the sure-line search stands on both."""
    require(game_id)
    rng = random.Random(seed)
    made = 0
    turn = 0
    while made < count:
        recipe = recipes[turn % len(recipes)]
        turn += 1
        for _ in range(tries):
            state = position(game_id, rng, recipe)
            if state is None:
                break
            problem = make_problem(state, f"{prefix}-{made + 1:02d}", rng, budget)
            if problem is not None:
                made += 1
                yield problem
                break


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutor.problems.generate",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="six-bid-solo")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=10)
    parser.add_argument("--prefix", default="sbs")
    parser.add_argument("--out", type=Path, default=None,
                        help="write one record per problem here (else print titles)")
    args = parser.parse_args(argv)
    for p in generate(args.game, args.seed, args.count, prefix=args.prefix):
        print(f"{p.id} L{p.level} {p.title} — key {' '.join(CARD_TEXT[c] for c in p.key)}",
              flush=True)
        if args.out is not None:
            args.out.mkdir(parents=True, exist_ok=True)
            (args.out / f"{p.id}.json").write_text(dumps(p.as_record()), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
