"""The engine on first use: the solver is loaded on the learner's first click that needs it.

The double-dummy solver is compiled by numba: importing it (with the advisor, the PIMC bot and
the decision analysis) takes a second or more and tens of MiB in the kernel. A lesson page must
open fast (the target: at most 1.3× the render time and 1.5× the kernel memory of a blank
ipywidgets page, ``docs/lessons.md``), so the widgets import only light modules when the page
is built and call :func:`warm_up` on the learner's first click that needs the engine (a deal
with the sampling bots, a hint, *Advise*, *First question*) — which shows a short "warming up
the engine…" status while it loads.

The advisor on a time budget is :mod:`tutor.play.anytime`.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from importlib import import_module

log = logging.getLogger("tutor.widgets")

#: What "the engine" is for a page: the solver and everything built on it.
ENGINE_MODULES = ("tutor.solver.search", "tutor.solver.advisor", "tutor.bots.pimc",
                  "tutor.quiz.decisions")
WARMING = "Warming up the engine (loading the double-dummy solver, once per page)…"
#: The game of the position the warm-up solves (one the solver knows), and the calls that
#: reach its play: forehand's Solo, the others pass (SBS-16a).
WARM_GAME = "six-bid-solo"
WARM_CALLS = ("solo", "pass", "pass")


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

    from ..games import make_game
    from ..games.tapp import TappState
    from ..solver import search

    try:
        state = make_game(WARM_GAME).new_deal(random.Random(0), 2)
        assert isinstance(state, TappState)  # the solver's games are of the Tapp family
        for call in WARM_CALLS:
            state.apply(next(a for a in state.legal_actions() if state.token(a) == call))
        while state.phase != "play" or len(state.history()) < 31:  # a few tricks before the end
            state.apply(state.legal_actions()[0])
        search.reaches(state, search.solve(state))
    except Exception:  # a warm-up must never stop a lesson: the first real solve loads them
        log.exception("engine warm-up solve failed")


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


__all__ = ["ENGINE_MODULES", "WARMING", "engine_ready", "preload", "warm_up"]
