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

A position more than :data:`EXACT_TRICKS` tricks from the end — the first lead, made by the
:data:`OPENING_RECIPES` — is proven on a sample instead (:func:`make_sampled`,
:mod:`tutor.problems.sampled`).

``python -m tutor.problems.generate --seed 1 --count 48 --out DIR`` writes the records
(``--recipes opening`` for the first lead); ``benchmarks/problems.py`` prints problems made per
CPU-minute.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..bots.rule_bot import RuleBot
from ..engine.inference import call_reading
from ..engine.record import record_of
from ..engine.sampler import sampling_of
from ..games import make_game, spec
from ..games.tapp import CARD_TEXT, CARDS, N_CARDS, PLAY, SUIT_OF, TappState, mask_cards
from ..solver.games import NoAdapterError, adapter, advisor_adapter
from ..solver.search import analyse as dd_analyse
from ..solver.search import question
from .defence import Attempt
from .goal import Goal, goal_of
from .knowledge import Knowledge, Layout
from .levels import level
from .problem import Alternative, Facts, Problem, Sample, Step, dumps, read
from .proof import (
    Analysis,
    analyse,
    analyse_sampled,
    count_cards,
    equal_groups,
    play_out,
    sample_of,
)
from .sampled import SampleSearch, clopper_pearson, dealt_layout, draw_layouts
from .sure import Budget, Start, SureSearch
from .writeup import (
    alternative_step,
    contract_of,
    danger,
    goal_step,
    hint_words,
    key_step,
    line_step,
    opening_words,
    sampled_key_step,
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
#: the most tricks left at which a position is proven over every layout; earlier ones (the
#: first lead) are proven on a sample (:func:`make_sampled`)
EXACT_TRICKS = 5
#: layouts drawn for the quick screen of an early position, in stages
SCREEN_STAGES = (8, 24)
#: the least share of layouts in which an early problem's key card works (with every card
#: seen): the defence that adapts chooses among those (:func:`make_sampled`)
MIN_KEY = 0.75
#: layouts drawn for the defence of a problem proven on a sample (besides the deal's and
#: the alternatives')
DRAWN = 24
#: fresh layouts on which its cards are counted, in stages (the count stops once the key is
#: clearly ahead: after 200, 600 or 2000)
COUNT_STAGES = (200, 400, 1400)
#: the most spots the sample's search may visit for one position, and the most double-dummy
#: tests it may make
SAMPLE_BUDGET = 100_000
SAMPLE_DD_BUDGET = 20_000


@dataclass(frozen=True)
class Recipe:
    """A contract to aim at (a record id; None: the rule bots' auction), the tricks the
    problem leaves to play, and the learner's side (``bidder`` or ``defender``). ``strong``:
    the forehand's hand is drawn favouring one suit and high cards (:func:`strong_hand`), for
    a contract whose hands random deals almost never give (Call Solo)."""

    contract: str | None
    tricks_left: int
    side: str = "bidder"
    strong: bool = False


#: The recipes the shipped Six-Bid Solo end positions were made with, in turn.
RECIPES: tuple[Recipe, ...] = (
    Recipe(None, 4), Recipe("misere", 3), Recipe("guarantee-solo", 4),
    Recipe(None, 3, "defender"), Recipe("heart-solo", 5), Recipe("misere", 4),
    Recipe("spread-misere", 3), Recipe("solo", 5), Recipe("guarantee-solo", 3),
    Recipe(None, 4, "defender"), Recipe("heart-solo", 4), Recipe("solo", 3),
)
#: The recipes of the first-lead problems (the bidder's first card, nothing or a defender's
#: lead played), in turn. No misère: a double-dummy test of a misère eleven tricks from the
#: end takes up to a few hundred times longer than a Solo's (``docs/problems.md``).
OPENING_RECIPES: tuple[Recipe, ...] = (
    Recipe("solo", 11, strong=True), Recipe("call-solo", 11, strong=True),
    Recipe("heart-solo", 11, strong=True), Recipe(None, 11),
    Recipe("guarantee-solo", 11, strong=True), Recipe("solo", 11),
    Recipe("heart-solo", 11, strong=True), Recipe(None, 11),
)
#: The recipes of the Call Solo defenders' problems: beat it (a Call Solo still alive near the
#: end is rare — about one position in 600 gives a problem — but each costs little to try).
CALL_DEFENCE_RECIPES: tuple[Recipe, ...] = (
    Recipe("call-solo", 4, "defender", strong=True), Recipe("call-solo", 5, "defender",
                                                            strong=True),
    Recipe("call-solo", 3, "defender", strong=True),
)
#: the recipe sets by name (``--recipes``)
RECIPE_SETS: dict[str, tuple[Recipe, ...]] = {"end": RECIPES, "opening": OPENING_RECIPES,
                                              "call-defence": CALL_DEFENCE_RECIPES}


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
        if recipe.strong:
            state = _around(state, strong_hand(rng), rng)
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


def strong_hand(rng: random.Random) -> int:
    """Eleven cards drawn one by one, each card's weight its rank's place from the bottom (the
    ace 9, the six 1), three times that in one suit chosen at random: the hands of a strong
    contract come up far more often than in random deals (``docs/problems.md``)."""
    suit = rng.randrange(4)
    pool = list(range(N_CARDS))
    weights = [(3 if SUIT_OF[c] == suit else 1) * (9 - c % 9) for c in pool]
    hand = 0
    for _ in range(11):
        i = rng.choices(range(len(pool)), weights)[0]
        hand |= 1 << pool.pop(i)
        weights.pop(i)
    return hand


def _around(state: TappState, hand: int, rng: random.Random) -> TappState:
    """A deal like ``state`` (the same dealer) with ``hand`` for the forehand and the other
    cards dealt at random, checked as a record's deal is (REC-4)."""
    rest = [c for c in range(N_CARDS) if not hand >> c & 1]
    rng.shuffle(rest)
    hands: list[list[int]] = [[] for _ in state.hands]
    forehand = state.active[0]
    hands[forehand] = mask_cards(hand)
    for seat in state.active[1:]:
        hands[seat], rest = rest[:11], rest[11:]
    deal = state.game.deal(state.dealer, [[CARDS[c] for c in sorted(h)] for h in hands],
                           [CARDS[c] for c in sorted(rest)])
    assert isinstance(deal, TappState)
    return deal


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
    """The problem at ``state``'s position (the learner to move), or None (module docstring);
    a position more than :data:`EXACT_TRICKS` tricks from the end is proven on a sample
    (:func:`make_sampled`)."""
    seat = state.to_move
    if seat is None or state.bidder is None:
        return None
    if 11 - len(state.tricks) > EXACT_TRICKS:
        return make_sampled(state, pid, rng)
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
    every, bad = _layouts_for_hint(search, natural[0], k, a)
    return _write(state, pid, seat, goal, a, search, k, natural[:ALTERNATIVES], every, bad)


def make_sampled(state: TappState, pid: str, rng: random.Random,
                 budget: int = SAMPLE_BUDGET) -> Problem | None:
    """The problem at an early position (the first lead), proven on a sample
    (:mod:`tutor.problems.sampled`), or None. Only the bidder's seat: the sample's search lets
    the learner's line see the layout once the play has told it from the others, which is
    sound only when nobody on the learner's side is played by the defence.

    1. a quick screen on :data:`SCREEN_STAGES` layouts (8, then 24 more), with every card
       seen: the card that works most often (the *best*) works on the deal as dealt and in
       at least :data:`MIN_KEY` of them, and a natural-looking card (working on the deal as
       dealt, or in at least :data:`NATURAL` of them) fails more often;
    2. every card counted on fresh layouts (from ``seed + 1``, in the stages of
       :data:`COUNT_STAGES`: a position whose natural card fails hardly more often than the
       best is left early, and the count stops once the best is clearly ahead); the natural
       alternatives, at most :data:`ALTERNATIVES`, each shown in the first counted layout
       where it fails and the best works;
    3. the sure cards over the defence's layouts: the deal's, the alternatives', and
       :data:`DRAWN` drawn from ``seed`` among those where the best works; kept when the key
       works in clearly more counted layouts than any other card
       (:func:`tutor.problems.proof.sample_of`)."""
    seat = state.to_move
    if seat is None or seat != state.bidder:
        return _reject("not the bidder's turn")
    goal = goal_of(state, seat, {"kind": "make"}, question(state))
    k = Knowledge.of_view(state.view(seat))
    seed = rng.getrandbits(31)
    dealt = dealt_layout(state, k)
    probe = SampleSearch(Start.of(state, seat, goal, 0, menu=[dealt]))
    spot = probe.start.spot
    groups = equal_groups(probe, spot)
    if len(groups) < 2:
        return _reject("one choice")
    on_deal = {c: row[0] for c, row in count_cards(probe, spot, groups, [dealt]).items()}
    quick: dict[int, list[bool]] = {g[0]: [] for g in groups}
    for size in SCREEN_STAGES:  # the screen in stages: most positions fail the first
        for c, row in count_cards(probe, spot, groups, k.draws(rng, size)).items():
            quick[c] += row
        best, natural = _contest(quick, on_deal)
        if not on_deal[best] or sum(quick[best]) < MIN_KEY * len(quick[best]):
            return _reject("no card works in most layouts screened and on the deal")
        if not natural:
            return _reject("no natural card fails more often in the layouts screened")
    fresh = draw_layouts(k, seed + 1, sum(COUNT_STAGES))
    made: dict[int, list[bool]] = {g[0]: [] for g in groups}
    done = 0
    for size in COUNT_STAGES:  # counted in stages: most positions show no clear key early
        for c, row in count_cards(probe, spot, groups, fresh[done:done + size]).items():
            made[c] += row
        done += size
        best, natural = _contest(made, on_deal)
        if not on_deal[best] or sum(made[best]) < MIN_KEY * done:
            return _reject("no card works in most layouts counted and on the deal")
        if not natural or made[natural[0]].count(False) - made[best].count(False) < 2:
            return _reject("the key does not work in clearly more layouts")
        # a natural card is never a key (it fails in its layout, one of the defence's): once
        # the most successful is clearly worse than the best card, the count may stop
        if _clear(sum(made[best]), sum(made[natural[0]]), done):
            break
        last = sum(COUNT_STAGES)  # would the shares seen so far be clear at the last stage?
        if not _clear(round(sum(made[best]) * last / done),
                      round(sum(made[natural[0]]) * last / done), last):
            return _reject("the key does not work in clearly more layouts")
    else:
        return _reject("the key does not work in clearly more layouts")
    fresh = fresh[:done]
    natural = natural[:ALTERNATIVES]
    shown = [next(lay for lay, ok, b in zip(fresh, made[c], made[best], strict=True)
                  if not ok and b) for c in natural]
    try:
        a, search, skipped = analyse_sampled(
            state, seat, goal, seed=seed, drawn=DRAWN, counted=done,
                                    shown=shown, kept=best, budget=budget,
                                    dd_budget=SAMPLE_DD_BUDGET, made=made)
    except Budget:
        return _reject("the search's budget")
    if best not in a.sure:
        return _reject("the best card is not sure over the defence's layouts")
    menu = search.start.spot.knowledge.menu
    assert menu is not None
    sample = sample_of(a, seed, DRAWN, best, skipped, len(menu))
    if sample is None:
        return _reject("the key does not work in clearly more layouts")
    bad = [lay for lay, ok in zip(fresh, made[natural[0]], strict=True) if not ok]
    return _write(state, pid, seat, goal, a, search, k, natural, fresh, bad, sample)


def _clear(best: int, other: int, n: int) -> bool:
    """Is a share ``best`` of ``n`` clearly above ``other`` of ``n`` (the 95 % intervals
    apart)?"""
    return clopper_pearson(other, n)[1] < clopper_pearson(best, n)[0]


def _contest(made: dict[int, list[bool]], on_deal: dict[int, bool]) -> tuple[int, list[int]]:
    """The card that works in the most layouts (the first of them), and the natural-looking
    cards that fail in a layout where it works, those that fail least first: natural when
    they work on the deal as dealt or in at least :data:`NATURAL` of the layouts."""
    best = max(made, key=lambda c: sum(made[c]))
    n = len(made[best])
    natural = [c for c, row in made.items() if c != best
               and (on_deal[c] or sum(row) >= NATURAL * n)
               and any(not ok and b for ok, b in zip(row, made[best], strict=True))]
    natural.sort(key=lambda c: made[c].count(False))
    return best, natural


#: why early positions were given up (counted across calls, for the benchmark and the docs)
REJECTED: Counter[str] = Counter()


def _reject(why: str) -> Problem | None:
    """None, the reason counted in :data:`REJECTED`."""
    REJECTED[why] += 1
    return None


def _write(state: TappState, pid: str, seat: int, goal: Goal, a: Analysis,
           search: SureSearch, k: Knowledge, natural: Sequence[int],
           every: Sequence[Layout], bad: Sequence[Layout],
           sample: Sample | None = None) -> Problem | None:
    """The problem from its proof: the alternatives ``natural`` shown on their witnesses, the
    line, the facts and level, the hint (from the layouts counted, ``every``, and those where
    the first alternative fails, ``bad``) and the write-up; None if the line outgrows the
    search's budget."""
    bidder_max = search.bidder_max
    failing = [g for g in a.groups if g[0] not in a.sure]
    alts = []
    for c in natural:
        cc = a.counts[c]
        assert cc.witness is not None
        play, value = play_out(state, k, cc.witness, [c], bidder_max)
        alts.append(Alternative(c, cc.fails, cc.counted, cc.witness, play, value))
    # the line: the key play on, against the adaptive defence, the learner keeping sure
    problem0 = _bare(state, pid, seat, goal, a, alts, sample)
    if sample is not None:  # the line gets its own allowance
        search.budget = search.nodes + SAMPLE_BUDGET
        assert isinstance(search, SampleSearch)
        search.dd_budget = search.dd_calls + SAMPLE_DD_BUDGET
    try:
        line, depth = _line(problem0, search)
    except Budget:
        return None
    tempting = max(1 - a.counts[g[0]].fails / a.counted for g in failing)
    facts = Facts(a.layouts, a.counted, len(a.groups), len(failing), round(tempting, 4), depth,
                  search.nodes)
    lvl = level(facts)
    tricks_left = 11 - len(state.tricks)
    hint = hint_words(state, seat, goal, danger(state, k, bad, every), tricks_left)
    if sample is None:
        key = key_step(state, seat, a.sure, a.layouts, a.exhaustive, len(a.groups),
                       len(failing))
    else:
        key = sampled_key_step(state, seat, a.sure, sample, a.counted, len(a.groups),
                               len(failing))
    steps = [Step("goal", goal_step(state, seat, goal, tricks_left)), Step("key", key),
             Step("line", line_step(state, seat, line))]
    for alt in alts:
        steps.append(Step("alternative", alternative_step(
            state, seat, goal, k, alt.card, alt.fails, alt.counted, a.exhaustive, alt.layout,
            alt.play, alt.value, 0 if sample is None else 1)))
    title = (f"{contract_of(state)} — {tricks_left} tricks to go" if tricks_left <= EXACT_TRICKS
             else f"{contract_of(state)} — {opening_words(state)}")
    problem = Problem(problem0.record, state, pid, seat, goal, lvl, title, hint,
                      tuple(a.sure), tuple(line), tuple(alts), facts, tuple(steps), sample)
    return read(problem.as_record())  # written as it will be read: checked once more


def _bare(state: TappState, pid: str, seat: int, goal: Goal, a: Analysis,
          alts: Sequence[Alternative], sample: Sample | None = None) -> Problem:
    """A problem without its line, write-up and level yet (for playing the line)."""
    record = record_of(state)
    return Problem(record, state, pid, seat, goal, 1, "-", "-", tuple(a.sure), (), tuple(alts),
                   Facts(a.layouts, a.counted, len(a.groups), 0, 0.0, 1, 0), (), sample)


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
    parser.add_argument("--recipes", choices=sorted(RECIPE_SETS), default="end",
                        help="end positions (3 to 5 tricks left) or the first lead")
    parser.add_argument("--out", type=Path, default=None,
                        help="write one record per problem here (else print titles)")
    args = parser.parse_args(argv)
    for p in generate(args.game, args.seed, args.count, recipes=RECIPE_SETS[args.recipes],
                      prefix=args.prefix):
        print(f"{p.id} L{p.level} {p.title} — key {' '.join(CARD_TEXT[c] for c in p.key)}",
              flush=True)
        if args.out is not None:
            args.out.mkdir(parents=True, exist_ok=True)
            (args.out / f"{p.id}.json").write_text(dumps(p.as_record()), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
