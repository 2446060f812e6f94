"""The engine on first use, and the advisor on a time budget.

**First use.** The double-dummy solver is compiled by numba: importing it (with the advisor, the
PIMC bot and the decision analysis) takes a second or more and tens of MiB in the kernel. A lesson
page must open fast (the target: at most 1.3× the render time and 1.5× the kernel memory of a
blank ipywidgets page, ``docs/lessons.md``), so the widgets import only light modules when the
page is built and call :func:`warm_up` on the learner's first click that needs the engine (a
deal with the sampling bots, a hint, *Advise*, *First question*) — which shows a short "warming
up the engine…" status while it loads.

**Anytime advice.** The advisor (:func:`tutor.solver.advisor.advise_iter`) yields its advice
after every batch of sampled deals (batches double up to ``min_samples`` deals, then grow by half
of what is done: :func:`tutor.solver.advisor._batches`). :func:`advise_within` stops consuming
it when the answer is clear, when every deal is solved, or *before* a batch that would overrun a
wall-clock budget (its cost is forecast from the deals solved so far) — so a hint or the final
table comes in time, resting on fewer deals when deals are slow; the widgets say on how many.
"""

from __future__ import annotations

import logging
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING

from ..rules.six_bid_solo import SeatView

if TYPE_CHECKING:
    from ..solver.advisor import Advice

log = logging.getLogger("tutor.widgets")

#: What "the engine" is for a page: the solver and everything built on it.
ENGINE_MODULES = ("tutor.solver.search", "tutor.solver.advisor", "tutor.bots.pimc",
                  "tutor.quiz.decisions")
WARMING = "Warming up the engine (loading the double-dummy solver, once per page)…"


def engine_ready() -> bool:
    """Is the solver loaded in this kernel already?"""
    return all(m in sys.modules for m in ENGINE_MODULES)


def warm_up(show: Callable[[str], None] | None = None) -> bool:
    """Load the solver, the advisor, the PIMC bot and the decision analysis, once per kernel.

    ``show`` is called with a short status text first when there is anything to load (a widget
    puts it on screen: ipywidgets sends a trait change at once, before the import blocks).
    Returns True when it loaded them now.
    """
    if engine_ready():
        return False
    if show is not None:
        show(WARMING)
    for name in ENGINE_MODULES:
        import_module(name)
    _first_solves()
    return True


def _first_solves() -> None:
    """Solve one small position both ways the searches run (a value, a yes/no bound): numba
    loads a compiled kernel from its cache on its first call, about a second — paid here, under
    the warming-up status, and not out of the first hint's or the first table's time budget."""
    import random

    from ..rules.six_bid_solo import SixBidSolo, parse_call
    from ..solver import search

    try:
        state = SixBidSolo().new_deal(random.Random(0), 2)
        for call in ("solo", "pass", "pass"):  # forehand's Solo, the others pass (SBS-16a)
            state.apply(parse_call(call))
        while state.phase != "play" or len(state.history()) < 31:  # a few tricks before the end
            state.apply(state.legal_actions()[0])
        search.reaches(state, search.solve(state))
    except Exception:  # a warm-up must never stop a lesson: the first real solve loads them
        log.exception("engine warm-up solve failed")


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


def preload(module: str) -> None:
    """Import ``module`` in a background thread, if it is not loaded yet: the solver releases
    the GIL while it searches (numba ``nogil``), so e.g. matplotlib loads while the deals are
    solved, and the chart after the final table does not wait for it."""
    if module in sys.modules:
        return
    import threading

    def load() -> None:
        try:
            import_module(module)
        except Exception:  # the caller's own import will report it
            log.exception("preloading %s failed", module)

    threading.Thread(target=load, name=f"tutor-preload-{module}", daemon=True).start()


__all__ = ["ENGINE_MODULES", "WARMING", "Step", "advise_within", "clear_after", "engine_ready",
           "preload", "warm_up"]
