"""The advisor on a time budget: anytime advice for the table's auction hint and the advisor panel.

The advisor (:func:`tutor.solver.advisor.advise_iter`) yields its advice after every batch of
sampled deals (batches double up to ``min_samples`` deals, then grow by half of what is done:
:func:`tutor.solver.advisor._batches`). :func:`advise_within` stops consuming it when the answer is
clear, when every deal is solved, or *before* a batch that would overrun a wall-clock budget (its
cost is forecast from the deals solved so far) — so a hint or the final table comes in time,
resting on fewer deals when deals are slow; the table and the panel say on how many.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..games.tapp import SeatView

if TYPE_CHECKING:
    from ..solver.advisor import Advice

#: Deals solved before a row may be dropped as clearly out, or the advice stop as clear.
MIN_SAMPLES = 6


@dataclass(frozen=True)
class Step:
    """One estimate of :func:`advise_within`: the advice so far and why it is the last, if it
    is: ``""`` (more to come), ``"done"`` (every deal solved), ``"clear"`` (the answer is clear:
    more deals would only narrow intervals already apart) or ``"budget"`` (the next batch would
    overrun the time budget)."""

    advice: Advice
    stop: str = ""


def advise_within(view: SeatView, samples: int, seed: int, *, budget: float,
                  clear: Callable[[Advice], bool] | None = None, first: int = 1,
                  min_samples: int = 6, least: int = 1, chunk: int | None = None,
                  executor: Executor | None = None) -> Iterator[Step]:
    """The advisor's estimates after every batch, stopping by ``budget`` seconds (wall clock).

    A batch is computed only when the forecast (seconds per deal so far × the batch's deals)
    fits the budget left; ``clear(advice)`` True stops at once. Batches run regardless of the
    budget until ``least`` deals are solved (at least the first batch): an interval on one or two
    deals says next to nothing. Reproducible from ``seed`` up to where it stops.
    """
    from ..solver.advisor import advise_iter

    it = advise_iter(view, samples, seed, executor=executor, first=first, chunk=chunk,
                     min_samples=min_samples)
    sizes = _batch_sizes(samples, first, min_samples)
    t0 = time.perf_counter()
    last_batch = 0
    before = 0
    try:
        for k, advice in enumerate(it):
            last_batch, before = advice.worlds - before, advice.worlds
            if advice.done:
                yield Step(advice, "done")
                return
            if clear is not None and clear(advice):
                yield Step(advice, "clear")
                return
            spent = time.perf_counter() - t0
            per_deal = spent / max(advice.worlds, 1)
            if sizes is not None and k + 1 < len(sizes) and sum(sizes[:k + 1]) == advice.worlds:
                upcoming = sizes[k + 1]  # the advisor's own plan of batches
            else:  # a plan not known: at least as large as the last batch, as batches grow
                upcoming = min(max(last_batch, advice.worlds), samples - advice.worlds)
            if advice.worlds >= least and spent + per_deal * upcoming > budget:
                yield Step(advice, "budget")
                return
            yield Step(advice)
    finally:
        it.close()  # the advisor cancels the batch it sent ahead to a pool


def _batch_sizes(samples: int, first: int, min_samples: int) -> list[int] | None:
    """The advisor's batch sizes for these settings, to forecast the next batch's cost — or
    None when its (private) plan cannot be read; the forecast then assumes a growing batch."""
    from ..solver import advisor

    plan = getattr(advisor, "_batches", None)
    if plan is None:
        return None
    for args in ((samples, first, min_samples), (samples, first)):
        try:
            sizes = plan(*args)
        except TypeError:
            continue
        if isinstance(sizes, list) and all(isinstance(n, int) for n in sizes):
            return sizes
    return None


def clear_after(min_deals: int, legal: Sequence[int]) -> Callable[[Advice], bool]:
    """The stop test of the bid quiz: after ``min_deals`` deals, the best call clear beyond every
    other legal call's 95% interval (:func:`tutor.quiz.decision_session.clear_call`)."""
    from ..quiz.decision_session import clear_call

    return lambda a: a.worlds >= min_deals and clear_call(a, list(legal)) is not None


__all__ = ["MIN_SAMPLES", "Step", "advise_within", "clear_after"]
