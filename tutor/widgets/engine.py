"""The engine on first use: the solver is loaded on the learner's first click that needs it.

The double-dummy solver is compiled by numba: importing it (with the advisor, the PIMC bot and
the decision analysis) takes a second or more and tens of MiB in the kernel. A lesson page must
open fast (the target: at most 1.3× the render time of a blank ipywidgets page,
``docs/lessons.md``), so the widgets import only light modules while the page is built. A widget
that will need the engine calls :func:`prewarm` when it is built: the engine then loads in a
background thread once the page's cells are done (:data:`IDLE_BEFORE_LOAD`), while the learner
reads the page, so the first click that needs it (a deal
with the sampling bots, a hint, *Advise*, *First question*) finds it ready (the target: that
click answers within 2 s on a fresh server). That click calls :func:`warm_up`, which waits for
the background load if it is still running — with a short "warming up the engine…" status — or
loads the engine itself where nothing prewarmed it.

The solver's compiled code is cached by numba (``cache=True``) beside its sources, or under
``$NUMBA_CACHE_DIR`` when that is set: ``make lesson`` and Binder's ``postBuild`` compile it before
the first lesson is served, since compiling it in a learner's kernel takes 10-16 s.

The advisor on a time budget is :mod:`tutor.play.anytime`.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
import time
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


_warming: threading.Thread | None = None
_ready = threading.Event()  # set once the modules are loaded and the first solves done
_lock = threading.Lock()


#: Seconds the kernel must have run no cell before the background load starts: the page's
#: cells run first, at full speed, and the engine loads while the learner reads.
IDLE_BEFORE_LOAD = 0.5
_cells = {"running": False, "ended": 0.0}
_now = threading.Event()  # set by the learner's click: load at once, cells or not


def _watch_cells() -> bool:
    """Follow the kernel's cells (IPython's events), so the load can wait until they are done;
    False outside IPython (a script, a test), where the load starts at once."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover — ipywidgets brings IPython
        return False
    shell = get_ipython()
    if shell is None:
        return False

    def started(*_: object) -> None:
        _cells["running"] = True

    def ended(*_: object) -> None:
        _cells["running"] = False
        _cells["ended"] = time.monotonic()

    shell.events.register("pre_run_cell", started)
    shell.events.register("post_run_cell", ended)
    _cells["running"], _cells["ended"] = True, time.monotonic()  # prewarm runs inside a cell
    return True


def _load(wait_for_idle: bool = False) -> None:
    """Import the engine's modules and solve once (numba loads its kernels on a first call) —
    after the kernel's cells are done, when ``wait_for_idle``."""
    while wait_for_idle and not _now.is_set() and (
            _cells["running"] or time.monotonic() - _cells["ended"] < IDLE_BEFORE_LOAD):
        _now.wait(0.05)  # a waiting thread holds no lock: the cells run at full speed
    try:
        for name in ENGINE_MODULES:
            import_module(name)
        _first_solves()
    except Exception:  # the learner's own click loads it again and shows what failed
        log.exception("loading the engine failed")
    finally:
        _ready.set()


def prewarm() -> None:
    """Start loading the engine in a background thread, once per kernel (a no-op when it is
    loaded or loading, or when ``$TUTOR_PREWARM`` is ``0``): called by the widgets that will need
    it, when they are built."""
    global _warming
    if os.environ.get("TUTOR_PREWARM", "1").strip() == "0":
        return
    with _lock:
        if _warming is not None or _ready.is_set():
            return
        _warming = threading.Thread(target=_load, args=(_watch_cells(),),
                                    name="tutor-prewarm", daemon=True)
        _warming.start()


def warm_up(show: Callable[[str], None] | None = None) -> bool:
    """Load the solver, the advisor, the PIMC bot and the decision analysis, once per kernel —
    or wait for :func:`prewarm`'s background load to finish.

    ``show`` is called with a short status text first when there is anything to wait for (a
    widget puts it on screen: ipywidgets sends a trait change at once, before the wait blocks).
    Returns True when it loaded or waited for them now.
    """
    if _ready.is_set() and engine_ready():
        return False
    with _lock:
        loading = _warming
    if show is not None:
        show(WARMING)
    if loading is not None:
        _now.set()  # a background load still waiting for the cells starts now
        loading.join()
    if not engine_ready():  # nothing prewarmed it, or the background load failed
        for name in ENGINE_MODULES:
            import_module(name)
        _first_solves()
        _ready.set()
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


__all__ = ["ENGINE_MODULES", "WARMING", "engine_ready", "preload", "prewarm", "warm_up"]
