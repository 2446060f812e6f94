"""The Frog bid's discard solved exactly: every discard that matters, each valued double-dummy.

After the auction the Frog bidder takes the widow into hand and lays away three of the fourteen
cards face down; their points count for the bidder (FR-1, FR-2). With the whole deal known (a
quiz question's deal, or a world the advisor sampled) the discard is a choice among at most
C(14, 3) = 364 sets, each followed by a play the solver values exactly: the bidder's final P,
tricks plus discard (:mod:`tutor.games.frog.solver`).

**Interchangeable cards** (the pruning). Two cards of the bidder's hand are interchangeable
when they are of one suit, score the same card points (SBS-3), and no card of another hand
ranks between them (every card between them, if any, is the bidder's own). Swapping two such
cards throughout the deal changes nothing: against any card of another hand both compare the
same way (none lies between them), the bidder never plays two cards to one trick, they are
both trumps or both not, and laid away they add the same points. So discarding one or the other
gives the same value, and among the cards of one *class* (a maximal group of mutually
interchangeable cards) only *how many* go matters, not which: the canonical discard takes the
lowest-ranked cards of each class. With Frog's points (A 11, 10 10, K 4, Q 3, J 2, the rest 0)
the classes of two or more cards are runs of 9 8 7 6 of one suit with no defender's card among
them. :func:`canonical` maps any discard to its class representative, so the learner's own
choice is always valued exactly. (``tests/test_frog_discard.py`` checks, on sampled deals,
that the values of all 364 discards never differ within a class and that the pruned best
equals the unpruned best.)

:func:`analyse_discard` finds the best value with yes/no searches (one exact value, then
"does this discard beat it?" for each other candidate) and lists every discard reaching it;
a discard's own value is solved exactly when asked. The solver's transposition table, keyed by
relative ranks, carries over from one discard to the next (figures: ``docs/frog.md``, "The
discard decision").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from ...errors import IllegalActionError
from ...solver import search
from ...solver.games import adapter
from ..tapp import CARD_TEXT, DECLARE, POINTS, TappState, mask_cards
from .rules import DISCARD_BASE, DISCARD_SIZE, FROG, FrogState

#: A discard as a sorted tuple of card ints (0..35).
Discard = tuple[int, ...]


def interchangeable_classes(hand: int, others: int) -> list[tuple[int, ...]]:
    """The bidder's ``hand`` (a card mask) cut into classes of interchangeable cards, each class
    high to low, given ``others``, the mask of every card held by another hand (see the module
    docstring). Singletons included; the classes cover the hand."""
    classes: list[tuple[int, ...]] = []
    run: list[int] = []
    for c in sorted(mask_cards(hand)):  # by suit, then rank high to low (ace = 0)
        prev = run[-1] if run else -1
        joins = (run and c // 9 == prev // 9 and POINTS[c] == POINTS[prev]
                 and not any(others >> x & 1 for x in range(prev + 1, c)))
        if joins:
            run.append(c)
        else:
            if run:
                classes.append(tuple(run))
            run = [c]
    if run:
        classes.append(tuple(run))
    return classes


def canonical(discard: Iterable[int], classes: Sequence[tuple[int, ...]]) -> Discard:
    """The representative of ``discard``: as many cards from each class, the lowest-ranked of
    the class (the same value, see the module docstring)."""
    picked = set(discard)
    out: list[int] = []
    for cls in classes:
        k = sum(c in picked for c in cls)
        out.extend(cls[len(cls) - k:])
    return tuple(sorted(out))


def discard_candidates(hand: int, others: int, size: int = DISCARD_SIZE) -> list[Discard]:
    """Every discard of ``size`` cards from ``hand`` that matters: one per way of taking
    counts from the interchangeable classes (the canonical representatives), in a stable
    order."""
    classes = interchangeable_classes(hand, others)
    seen: dict[Discard, None] = {}
    for d in combinations(sorted(mask_cards(hand)), size):
        seen.setdefault(canonical(d, classes), None)
    return list(seen)


@dataclass(frozen=True)
class DiscardAnalysis:
    """The Frog bidder's discards that matter, against the best of them, double-dummy.

    ``best_value`` is the bidder's final P (FR-1: tricks plus the discard) with perfect play
    after the best discard; ``best`` every canonical discard (:func:`canonical`) that reaches
    it. :meth:`value` is any discard's own P, solved exactly when first asked (and kept);
    :meth:`chips` what the deal then pays the bidder in all (each opponent k × (P − 60), FR-1,
    FR-5, SBS-27). ``candidates`` are the canonical discards, ``classes`` the interchangeable
    classes they were pruned by, ``total`` the discards before pruning.
    """

    state: TappState  # at the discard (FR-2), every hand known
    bidder: int
    classes: tuple[tuple[int, ...], ...]
    candidates: tuple[Discard, ...]
    total: int
    best_value: int
    best: tuple[Discard, ...]
    _values: dict[Discard, int] = field(default_factory=dict, repr=False, compare=False)

    def canonical(self, discard: Iterable[int]) -> Discard:
        return canonical(discard, self.classes)

    def value(self, discard: Iterable[int]) -> int:
        """P after ``discard`` (any discard of the right size from the bidder's hand)."""
        d = self.canonical(discard)
        if d not in self.candidates:
            raise IllegalActionError("FR-2", f"the bidder lays away {len(self.candidates[0])} "
                                     "cards of the hand", where="discard",
                                     what=" ".join(CARD_TEXT[c] for c in sorted(discard)))
        if d not in self._values:
            self._values[d] = search.solve(after_discard(self.state, d))
        return self._values[d]

    def chips(self, discard: Iterable[int]) -> int:
        """The bidder's chips in all if the deal ends with P = :meth:`value` (FR-1, FR-5)."""
        d = self.canonical(discard)
        played = after_discard(self.state, d)
        return adapter(self.state.game.id).settle(played, self.value(d)).chips[self.bidder]

    def cost(self, discard: Iterable[int]) -> int:
        """Points of P ``discard`` gives away against the best (0 for a best discard)."""
        return self.best_value - self.value(discard)

    def chip_cost(self, discard: Iterable[int]) -> int:
        """Chips ``discard`` gives away against the best, for the bidder in all."""
        return self.chips(self.best[0]) - self.chips(discard)

    def is_best(self, discard: Iterable[int]) -> bool:
        return self.canonical(discard) in self.best


def _others(state: TappState, bidder: int) -> int:
    mask = 0
    for s in state.active:
        if s != bidder:
            mask |= state.hands[s]
    return mask


def discard_left(state: TappState) -> int:
    """How many cards the Frog bidder still lays away in ``state`` (FR-2 if none is due)."""
    if not isinstance(state, FrogState) or state.phase != DECLARE or state.step != "discard" \
            or state.contract != FROG:
        raise IllegalActionError("FR-2", "the discard comes after the Frog bid is won and the "
                                 "widow taken in, before the first lead", where="discard")
    return DISCARD_SIZE - state.discarded.bit_count()


def after_discard(state: TappState, discard: Iterable[int]) -> TappState:
    """A copy of ``state`` with ``discard`` laid away, standing at the first lead."""
    out = state.copy()
    for c in discard:
        out.apply_unchecked(DISCARD_BASE + c)
    return out


def analyse_discard(state: TappState, first: Iterable[int] = ()) -> DiscardAnalysis:
    """The Frog bidder's discards in ``state`` (at the discard, FR-2) against the best of them.

    The best is found by yes/no searches: ``first`` (a guess, e.g. the rule of thumb's; by
    default the first candidate) is solved exactly, then each other candidate is asked only
    "does it beat the best so far?" and solved exactly when it does; a second pass asks each
    candidate "does it reach the best?" to list every best discard. Each such test is one
    zero-window search, far cheaper than a value (figures: ``docs/frog.md``).
    """
    left = discard_left(state)
    state = state.copy()
    bidder = state.bidder
    assert bidder is not None
    hand = state.hands[bidder]
    others = _others(state, bidder)
    classes = tuple(interchangeable_classes(hand, others))
    candidates = tuple(discard_candidates(hand, others, left))
    guess = canonical(first, classes) if first else candidates[0]
    if guess not in candidates:
        raise IllegalActionError("FR-2", f"a discard is {left} cards of the bidder's hand",
                                 where="first", what=" ".join(CARD_TEXT[c] for c in guess))
    values = {guess: search.solve(after_discard(state, guess))}
    best = values[guess]
    for d in candidates:
        if d != guess and search.reaches(after_discard(state, d), best + 1):
            best = values[d] = search.solve(after_discard(state, d))
    tops = tuple(d for d in candidates if values.get(d) == best
                 or (d not in values and search.reaches(after_discard(state, d), best)))
    total = sum(1 for _ in combinations(range(hand.bit_count()), left))
    return DiscardAnalysis(state, bidder, classes, candidates, total, best, tops, values)


__all__ = ["Discard", "DiscardAnalysis", "after_discard", "analyse_discard", "canonical",
           "discard_candidates", "discard_left", "interchangeable_classes"]
