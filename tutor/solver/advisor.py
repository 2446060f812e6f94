"""The bid advisor: what each contract still open is worth to the player to move in the auction.

How it works (Perfect Information Monte Carlo, as GIB and the Skat programs do):

1. **Worlds.** Deals of the two other hands and the widow, drawn by the shared
   :class:`~tutor.engine.sampler.Sampler` from the player's view, from one seed, *reading the
   calls* (:func:`tutor.engine.inference.read_calls`): deals in which another player's bid
   does not fit that player's hand by the (lenient) rules of thumb are set aside while enough
   others can be drawn — a player who bid Solo holds a Solo hand — and so are those in which a
   player who passed held a hand that clearly called for more (a pass is final, SBS-14). With
   no other call made, the deals are the sampler's uniform ones (``read_calls=False`` forces
   that).
2. **Rows.** The game's advisor adapter (``tutor/games/<game>/advisor.py``, found through
   :mod:`tutor.solver.games`) lists one row per contract still open to the player and, where
   the bidder names trump, one per trump — Six-Bid Solo's Solo with ♣ ♠ ♦, Heart Solo, Misère,
   Guarantee Solo and Call Solo with each suit, Spread Misère.
3. **Each world, each row.** The player bids the row's contract and the others pass (the
   advisor values *winning* the contract at this level; it does not model being outbid), the
   adapter makes the declaration, and the play is solved double-dummy (every hand seen,
   perfect play, :mod:`tutor.solver.search`). The game's solver adapter settles the result
   by the engine's rules into the bidder's chips; passing is worth 0.
   **The same worlds serve every row**, so differences between rows are not sampling noise.
   Only yes/no searches are asked ("does the bidder reach T?", ``search.reaches``, far cheaper
   than an exact value): a row that pays a tariff (Guarantee and Call Solo) is settled by one
   search at its target, a misère by "no trick at all?". A row that pays on the margin (Solo,
   Heart Solo) has its points *estimated without bias* by bracketing them between thresholds
   (61 among them: make or fail is exact) and one more search at a random threshold inside
   the bracket (see ``_Tests.estimate``); ``exact=True`` solves them exactly instead. Rows
   with the same play — same hands, leader and kernel question, as Solo, Heart Solo and
   Guarantee Solo with one trump — share their answers, and every answer is remembered with
   what it implies.
4. **Declarations by rule of thumb.** What the row does not fix is declared by the adapter's
   rule of thumb — Six-Bid Solo's Call Solo call and gift (call the highest trump lacking,
   give the cheapest card of a short side suit), the Frog bid's discard — then the play is
   solved. Such figures are a lower bound on a perfect declarer's, less the double-dummy
   optimism below.
5. **Adaptive stopping.** Worlds are solved in batches: a small first batch (a quick first
   estimate), doubling up to ``min_samples`` worlds, then growing by half of what is done.
   After each batch from ``min_samples`` on, a row is dropped when it is clearly out at 95%:
   its upper bound is below 0 (passing), or below the best row's lower bound, or — the test
   that does most of the work — the mean of its chips *minus the best row's chips, world by
   world* is below 0 with 95% confidence. The worlds are common to all rows, so that paired
   difference is free of the luck of the deal both rows share and separates two close Solos
   after far fewer worlds. The remaining worlds go to the rows still in contention; a dropped
   row keeps its figures from the worlds it had, marked ``dropped``, and is never the best row
   (:meth:`Advice.best`), even should those few worlds' figures end above the best row's.
6. **Executor.** Batches are cut into tasks of one world (``chunk``) and one trump's rows each
   and sent to any :class:`concurrent.futures.Executor` — a ``ProcessPoolExecutor`` on one
   machine (a one-world batch is already a task per trump, so it keeps the cores busy), or
   a Dask cluster through ``distributed.Client(...).get_executor()`` when a class's quiz bank
   is built on a cluster. Without one, everything runs in-process (best for small jobs).
   Results do not depend on the executor: chunks are collected in order. For a cluster::

       from distributed import Client          # pip install dask==2026.8.0 distributed==2026.8.0
       with Client("tcp://scheduler:8786") as client:
           table = advise(record, 400, seed=1, executor=client.get_executor())

   (the workers need this package installed; worlds travel as small :class:`Deal` objects).
7. **Progressive.** :func:`advise_iter` yields an :class:`Advice` after every batch: a first
   estimate from a few worlds quickly, then refinements (a widget shows ``fraction`` as a
   progress bar). :func:`outcome_figure` draws the distribution of outcomes per contract.

A caveat the learner should hear: double-dummy play is clairvoyant for *both* sides, so the
figures are a guide, not a promise (strategy fusion makes them somewhat optimistic for the side
that needs to guess).
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Generator, Mapping, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..engine import inference
from ..engine.record import state_of
from ..engine.sampler import Deal, Sampler
from ..errors import IllegalActionError, RecordError
from ..games import spec
from ..games.tapp import (
    AUCTION,
    PLAY,
    SUIT_LETTERS,
    SeatView,
    TappGame,
    TappState,
    shuffle_and_cut,
)
from . import search
from .games import adapter, advisor_adapter
from .stats import mean_interval, wilson

if TYPE_CHECKING:
    from matplotlib.figure import Figure



# --- rows ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Row:
    """A contract of the game and, where the bidder names one, its trump (-1: none). Its words
    and what its chips depend on come from the game's advisor adapter
    (:mod:`tutor.solver.games`); a row made without a game is Six-Bid Solo's (as the quiz
    bank's stored rows are)."""

    contract: int
    trump: int
    game: str = "six-bid-solo"

    @property
    def contract_id(self) -> str:
        return advisor_adapter(self.game).contract_id(self.contract)

    @property
    def label(self) -> str:
        return advisor_adapter(self.game).label(self.contract, self.trump)

    @property
    def trump_letter(self) -> str | None:
        return SUIT_LETTERS[self.trump] if self.trump >= 0 else None

    def target(self) -> int | None:
        """The one value the row's chips depend on (a tariff's target), or None: the margin."""
        return advisor_adapter(self.game).target(self.contract, self.trump)

    def needs_exact(self) -> bool:
        """Does the row pay on the margin (Solo and Heart Solo, SBS-10; Frog's contracts)? Its
        points are then estimated or solved, not just tested against a target."""
        return self.target() is None


def open_rows(view: SeatView) -> list[Row]:
    """Every contract still open to the player to move (its legal calls), with each trump."""
    return [Row(c, t, view.game) for c, t in advisor_adapter(view.game).rows(view)]


# --- one world ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Job:
    """What a worker needs to evaluate worlds: picklable, small."""

    game: str
    options: Mapping[str, Any]
    dealer: int
    calls: tuple[int, ...]  # the auction so far
    player: int
    seed: int = 0
    exact: bool = False  # exact values for rows paid on the margin (slower) instead of estimates


#: the thresholds a margin row's points are bracketed by (bins [0,41) [41,61) [61,81) ...
#: [101,121)): 61 makes a Solo or a Frog contract, 120 is every card point of the deck
BRACKETS = (41, 61, 81, 101)
ALL_POINTS = 120


class _Tests:
    """Yes/no questions "does the bidder reach T?" about one position, with what they imply:
    a yes at T answers every lower target, a no every higher one."""

    def __init__(self, state: TappState) -> None:
        self.state = state
        self.lo = 0  # known: value >= lo
        self.hi = ALL_POINTS + 1  # known: value < hi
        self.exact: int | None = None

    def reaches(self, target: int) -> bool:
        if target <= self.lo:
            return True
        if target >= self.hi:
            return False
        if self._ask(target):
            self.lo = target
            return True
        self.hi = target
        return False

    def _ask(self, target: int) -> bool:
        return search.reaches(self.state, target)

    def solve(self) -> int:
        if self.exact is None:
            self.exact = search.solve(self.state)
            self.lo, self.hi = self.exact, self.exact + 1
        return self.exact

    def estimate(self, salt: int) -> int:
        """An unbiased estimate of the points from a few yes/no searches.

        Find the value's bin among :data:`BRACKETS` — [0, 41), [41, 61), [61, 81), [81, 101),
        [101, 121); 61 is an edge, so make or fail is exact — then ask once more at a threshold
        T drawn uniformly inside the bin [lo, hi): the estimate lo + (hi − 1 − lo)·[value ≥ T]
        has expectation exactly the value (P(value ≥ T) = (value − lo)/(hi − 1 − lo)), with an
        error of at most half a bin. The bin and T depend only on the value and ``salt``, so
        the estimate is the same whatever else was asked of this play first (another row's
        answers only save searches).
        """
        lo, hi = 0, ALL_POINTS + 1
        while True:
            inside = [b for b in BRACKETS if lo < b < hi]
            if not inside:
                break
            b = 61 if 61 in inside else inside[len(inside) // 2]
            if self.reaches(b):
                lo = b
            else:
                hi = b
        t = random.Random(salt).randint(lo + 1, hi - 1)
        return hi - 1 if self.reaches(t) else lo

    def answer(self, target: int | None, exact: bool, salt: int) -> int:
        """The value as far as a row's chips need it: with ``target``, the target or one short
        of it (one yes/no search); on the margin (``None``), exact or estimated."""
        if target is None:
            return self.solve() if exact else self.estimate(salt)
        return target if self.reaches(target) else target - 1


def contract_value(state: TappState, salt: int, exact: bool = False) -> int:
    """The solver's value of a declared deal in the play, asking only what its contract pays
    for (the game's advisor adapter says what): Solo and Heart Solo points (estimated without
    bias, or exact), the target or one short for Guarantee and Call Solo, 0 or 1 (none / at
    least one trick or point) for the misères."""
    target = advisor_adapter(state.game.id).target(state.contract, state.trump)
    return _Tests(state).answer(target, exact, salt)


def _base_state(job: Job, deal: Deal) -> TappState:
    """The world's deal as dealt, the auction so far replayed."""
    game: TappGame[Any] = spec(job.game).make(job.options)  # type: ignore[assignment]
    base: TappState = game.state_class(game, job.dealer, list(deal.hands), deal.widow)
    for a in job.calls:
        base.apply_unchecked(a)
    return base


def evaluate_world(job: Job, deal: Deal, rows: Sequence[Row], salt: int = 0
                   ) -> list[tuple[int, int, bool]]:
    """(value, bidder's chips, made) for each row in one world: :func:`evaluate_rows` on the
    world's deal with the auction so far replayed."""
    return evaluate_rows(_base_state(job, deal), rows, job.exact, salt)


def evaluate_rows(base: TappState, rows: Sequence[Row], exact: bool = False, salt: int = 0
                  ) -> list[tuple[int, int, bool]]:
    """(value, bidder's chips, made) for each row, the player to move in ``base`` (a full deal
    in the auction) winning the row's contract.

    ``value`` is the bidder's points P for a row paid on the margin — exact when ``exact``,
    else the unbiased bracketed estimate of :meth:`_Tests.estimate` — and, for a fixed-tariff
    row, the target or one short of it (one yes/no search); for Six-Bid Solo's misères 0 when
    the bidder can avoid every trick (or card point, SBS-V1), else 1. The game's solver adapter
    settles it into chips. ``salt`` seeds the estimate's random threshold (the advisor passes
    the seed and the world's number).
    """
    game_id = base.game.id
    advisor = advisor_adapter(game_id)
    solver = adapter(game_id)
    tests: dict[tuple[Any, ...], _Tests] = {}  # one per play: hands, leader and question
    out = []
    for row in rows:
        state = advisor.declare(base, row.contract, row.trump)
        key = (tuple(state.hands), state.leader, solver.question(state))
        t = tests.get(key)
        if t is None:
            t = tests[key] = _Tests(state)
        bidder = state.bidder
        assert bidder is not None
        value = t.answer(advisor.target(row.contract, row.trump), exact, salt * 8 + row.trump + 1)
        chips, made = solver.settle(state, value)
        out.append((value, chips[bidder], made))
    return out


def _chunk_task(args: tuple[Job, tuple[tuple[int, Deal], ...], tuple[Row, ...]]
                ) -> list[list[tuple[int, int, bool]]]:
    job, deals, rows = args
    return [evaluate_world(job, d, rows, job.seed * 1_000_003 + i) for i, d in deals]


@dataclass
class RowResult:
    """The worlds solved so far for one row."""

    row: Row
    stake: int = 0  # fixed-tariff rows: what the bidder wins (or loses) in all
    values: list[int] = field(default_factory=list)
    chips: list[int] = field(default_factory=list)
    made: list[bool] = field(default_factory=list)
    dropped: bool = False
    drop_floor: float | None = None  # the bound it fell below when dropped
    #: when dropped for trailing the best row world by world: that row, and the 95% interval
    #: of the mean difference (this row's chips minus the best's) on the worlds both had
    drop_behind: Row | None = None
    drop_gap: tuple[float, float] | None = None

    @property
    def n(self) -> int:
        return len(self.chips)

    def expected(self) -> float:
        return statistics.fmean(self.chips) if self.chips else 0.0

    def interval(self) -> tuple[float, float]:
        """95% interval for the expected chips.

        Fixed-tariff contracts take two values, ±(tariff × opponents): their interval is the
        Wilson interval of P(make) mapped onto chips. Solo and Heart Solo use the normal
        interval of the mean (a single world gives an interval of ±infinity).
        """
        n = self.n
        if n == 0:
            return -math.inf, math.inf
        if not self.row.needs_exact():
            lo, hi = wilson(sum(self.made), n)
            return self.stake * (2 * lo - 1), self.stake * (2 * hi - 1)
        return mean_interval(self.chips)

    def as_dict(self) -> dict[str, Any]:
        lo, hi = self.interval()
        plo, phi = wilson(sum(self.made), self.n)
        points = None
        if self.row.needs_exact() and self.values:
            points = round(statistics.fmean(self.values), 2)
        return {
            "contract": self.row.contract_id,
            "trump": self.row.trump_letter,
            "label": self.row.label,
            "samples": self.n,
            "expected_chips": round(self.expected(), 2),
            "ci95": [_finite(lo), _finite(hi)],
            "p_make": round(sum(self.made) / self.n, 4) if self.n else None,
            "p_make_ci95": [round(plo, 4), round(phi, 4)],
            "mean_points": points,
            "dropped": self.dropped,
        }


def _finite(x: float) -> float | None:
    return None if math.isinf(x) else round(x, 2)


@dataclass
class Advice:
    """The advice so far; :func:`advise_iter` yields one after every batch."""

    seat: int
    seed: int
    samples: int
    rows: list[RowResult]
    worlds: int = 0  # worlds drawn and solved so far (for the rows still in)
    seconds: float = 0.0
    done: bool = False
    reading: str = ""  # what was read into the other players' calls (Reading.describe)
    game: str = "six-bid-solo"  # the game's id, as its rows'

    @property
    def fraction(self) -> float:
        """How far sampling has gone, 0..1 (a progress bar)."""
        return 1.0 if self.done else self.worlds / self.samples

    def best(self) -> RowResult | None:
        """The row with the highest expected chips among those still live. A dropped row keeps
        its figures from its few worlds; the best row, sampled on, may come to average less than
        those frozen figures (its later worlds poorer — likely as poor for the dropped row), yet
        the dropped row was found clearly worse at 95% and is never the best."""
        live = [r for r in self.rows if r.n and not r.dropped] or [r for r in self.rows if r.n]
        return max(live, key=RowResult.expected) if live else None

    def recommendation(self) -> str:
        best = self.best()
        if best is None or best.expected() <= 0:
            return "pass"
        return f"bid {best.row.label}"

    def method(self) -> str:
        """How the figures were made, in one line."""
        sampled = ("sampled from the player's view, preferring deals in which each other "
                   "player's bid fits that player's hand by the rules of thumb and no player who "
                   "passed held a hand that clearly called for more"
                   if inference.call_reading(self.game) is not None else
                   "sampled uniformly from the player's view (nothing is read into the calls)")
        return (f"double-dummy solves of worlds {sampled}; the same worlds for every row; "
                f"{advisor_adapter(self.game).declaration_note}chips by the engine's "
                "settlement, passing = 0")

    def as_dict(self) -> dict[str, Any]:
        best = self.best()
        return {
            "seat": self.seat,
            "seed": self.seed,
            "samples": self.samples,
            "worlds": self.worlds,
            "done": self.done,
            "seconds": round(self.seconds, 3),
            "rows": [r.as_dict() for r in self.rows],
            "best": ({"contract": best.row.contract_id, "trump": best.row.trump_letter}
                     if best is not None and best.expected() > 0 else None),
            "advice": self.recommendation(),
            "reading": self.reading,
            "method": self.method(),
        }


# --- driving ------------------------------------------------------------------------------------
def _view_of(record_or_view: Mapping[str, Any] | SeatView | TappState) -> SeatView:
    if isinstance(record_or_view, SeatView):
        advisor_adapter(record_or_view.game)  # REC-2 for a game the advisor does not know
        return record_or_view
    state = record_or_view if isinstance(record_or_view, TappState) \
        else state_of(record_or_view)
    advisor_adapter(state.game.id)
    if not isinstance(state, TappState):  # pragma: no cover - every adapter is a Tapp game's
        raise RecordError("REC-2", "the advisor's solver plays the Tapp family's games",
                          where="game", what=state.game.id)
    if state.phase != AUCTION:
        where = "declare" if state.phase == "declare" else (
            "play" if state.phase == PLAY else "calls")
        raise IllegalActionError("SBS-13", "the advisor needs a record stopped in the auction, "
                                 f"with a player to call; this one is in the {state.phase} "
                                 "phase", where=where)
    seat = state.to_move
    assert seat is not None
    return state.view(seat)


def _batches(samples: int, first: int, min_samples: int = 6) -> list[int]:
    """Batch sizes: a small first batch (a quick first estimate), doubling up to
    ``min_samples`` (where rows may first be dropped; small early batches let an anytime
    caller stop on a time budget), then growing by half of what is done — a check after every
    batch, and few batches (each waits for its slowest world)."""
    out: list[int] = []
    at = 0
    size = max(1, min(first, samples))
    step = max(1, min_samples)
    while at < samples:
        size = min(size, samples - at)
        if at >= min_samples and samples - at - size <= step // 2:  # no tiny last batch
            size = samples - at
        out.append(size)
        at += size
        size = min(2 * size, min_samples - at) if at < min_samples else max(step, at // 2)
    return out


def _row_groups(rows: Sequence[Row]) -> list[list[int]]:
    """The rows (by index) split for separate tasks: one group per trump, the rows without a
    trump (the misères) with the first. Rows of one trump share a play or at least the
    kernel's table context, so nothing is lost by solving other trumps elsewhere; on a pool,
    one deal's rows keep both cores busy (the first estimate comes from few deals)."""
    groups: dict[int, list[int]] = {}
    for i, row in enumerate(rows):
        groups.setdefault(row.trump, []).append(i)
    if -1 in groups and len(groups) > 1:
        no_trump = groups.pop(-1)
        first_key = min(groups)
        groups[first_key] = no_trump + groups[first_key]
    return [sorted(g) for _, g in sorted(groups.items())]


#: one task: some worlds (numbered), the rows to solve on them, and the future of the result
#: (None: to be run in this process)
_Task = tuple[tuple[tuple[int, Deal], ...], tuple[Row, ...], Future[Any] | None]


def _pieces(batch: list[tuple[int, Deal]], step: int) -> list[tuple[tuple[int, Deal], ...]]:
    return [tuple(batch[i: i + step]) for i in range(0, len(batch), step)]


def _send(executor: Executor, job: Job, batch: list[tuple[int, Deal]],
          live: Sequence[RowResult], step: int) -> list[_Task]:
    """Submit a batch: ``step`` worlds × the live rows of one trump per task
    (:func:`_row_groups`)."""
    groups = _row_groups([r.row for r in live])
    out: list[_Task] = []
    for piece in _pieces(batch, step):
        for g in groups:
            rows = tuple(live[i].row for i in g)
            out.append((piece, rows, executor.submit(_chunk_task, (job, piece, rows))))
    return out


def _collect(tasks: Sequence[_Task], job: Job) -> dict[tuple[int, Row], tuple[int, int, bool]]:
    """Every task's cells by (world, row), waiting for the futures in order (the cells do not
    depend on which task solved them: a world's value for a row depends only on the world,
    the row and the seed)."""
    cells: dict[tuple[int, Row], tuple[int, int, bool]] = {}
    for piece, rows, future in tasks:
        per_chunk = future.result() if future is not None else _chunk_task((job, piece, rows))
        for (w, _), per_world in zip(piece, per_chunk, strict=True):
            for row, cell in zip(rows, per_world, strict=True):
                cells[w, row] = cell
    return cells


def _cancel_dropped(tasks: list[_Task], results: Sequence[RowResult]) -> list[_Task]:
    """Cancel the tasks sent ahead whose rows have all been dropped since; keep the others
    (their dropped rows' cells are simply not read)."""
    live = {r.row for r in results if not r.dropped}
    keep: list[_Task] = []
    for task in tasks:
        if any(row in live for row in task[1]):
            keep.append(task)
        else:
            assert task[2] is not None
            task[2].cancel()
    return keep


def advise_iter(record_or_view: Mapping[str, Any] | SeatView | TappState, samples: int,
                seed: int, *, executor: Executor | None = None, first: int = 2,
                chunk: int | None = None, min_samples: int = 6, adaptive: bool = True,
                exact: bool = False, read_calls: bool = True) -> Generator[Advice, None, None]:
    """Yield the advice after every batch of worlds; the last one has ``done`` True.

    ``first`` worlds make the first estimate; batches double up to ``min_samples`` worlds,
    after which a row may be dropped (:func:`_drop_clearly_out`), then grow by half the worlds
    done (:func:`_batches`). With an ``executor``, each task is ``chunk``
    worlds (default 1) of the rows of one trump (:func:`_row_groups`), so both cores of a pool
    share even a one-deal batch, and the next batch is sent before this one is waited for (no
    worker idles while a batch's slowest world finishes; tasks a drop made useless, and all
    still queued when the caller stops, are cancelled); without one, a batch runs in-process.
    ``adaptive`` False solves every row on every world (the baseline of
    ``benchmarks/advisor.py``).
    ``exact`` solves Solo and Heart Solo points exactly instead of estimating them from a few
    yes/no searches (unbiased either way; exact is many times slower).
    ``read_calls`` False takes the sampler's uniform deals, reading nothing into the bids.
    """
    if type(samples) is not int or samples < 1:
        raise RecordError("REC-1", "samples must be a positive integer", where="samples",
                          what=repr(samples))
    if type(seed) is not int:
        raise RecordError("REC-1", "seed must be an integer", where="seed", what=repr(seed))
    t0 = time.perf_counter()
    view = _view_of(record_or_view)
    if view.to_move != view.seat or view.phase != AUCTION:
        raise IllegalActionError("SBS-13", "the advisor speaks for the player to call",
                                 where=f"seat {view.seat}")
    rows = open_rows(view)
    sampler = Sampler(view)
    reading = inference.read_calls(view, sampler, samples, seed, read=read_calls)
    deals = reading.deals
    calls = tuple(a for a in sampler.history.actions if a is not None)
    job = Job(view.game, dict(view.options), view.dealer, calls, view.seat, seed, exact)
    players = int(view.options.get("players", 3))
    advisor = advisor_adapter(view.game)
    results = [RowResult(r, stake=advisor.tariff(r.contract, r.trump) * (players - 1))
               for r in rows]
    advice = Advice(view.seat, seed, samples, results, reading=reading.describe(),
                    game=view.game)
    plan = _batches(samples, first, min_samples)
    starts = [sum(plan[:i]) for i in range(len(plan))]
    # with an executor, the next batch is sent before this one is waited for (for the rows
    # live now), so no worker idles while a batch's slowest world finishes; what a drop makes
    # useless is cancelled, and everything still queued when the caller stops
    ahead: list[_Task] = []
    try:
        for k, size in enumerate(plan):
            at = starts[k] + size
            batch = list(enumerate(deals))[starts[k]: at]
            live = [r for r in results if not r.dropped]
            if executor is None:
                step = chunk or len(batch)
                cells = _collect([(p, tuple(r.row for r in live), None) for p in
                                  _pieces(batch, step)], job)
            else:
                tasks = ahead or _send(executor, job, batch, live, chunk or 1)
                ahead = []
                if k + 1 < len(plan):
                    nxt = list(enumerate(deals))[at: at + plan[k + 1]]
                    ahead = _send(executor, job, nxt, live, chunk or 1)
                cells = _collect(tasks, job)
            for w, _ in batch:
                for r in live:
                    value, chips, ok = cells[w, r.row]
                    r.values.append(value)
                    r.chips.append(chips)
                    r.made.append(ok)
            advice.worlds = at
            if adaptive and at >= min_samples:
                _drop_clearly_out(results)
                ahead = _cancel_dropped(ahead, results)
            advice.seconds = time.perf_counter() - t0
            advice.done = at >= samples
            yield advice
    finally:
        for _, _, future in ahead:
            assert future is not None
            future.cancel()


def _paired_differences(r: RowResult, best: RowResult) -> list[float]:
    """This row's chips minus the best row's, world by world, for the paired rule.

    When every world so far shows the *same* difference (common with fixed tariffs: two
    contracts both made on each of six deals), the sample spread is zero and Student's t would
    call the gap certain, though the next world may well disagree (a contract made 6 times out
    of 6 may still fail a third of the time). In that case one more, imagined world is added
    in which this row does as well as it can and the best row as badly as it can — the
    conservative "one more observation" of the rule of three — so a gap is only called once
    the worlds themselves disagree, or after enough of them to outweigh that one."""
    diffs: list[float] = [a - b for a, b in zip(r.chips, best.chips, strict=True)]
    if len(diffs) >= 2 and max(diffs) == min(diffs):
        def extreme(x: RowResult) -> float:
            return float(x.stake) if x.stake else float(max(abs(c) for c in x.chips))
        diffs.append(extreme(r) + extreme(best))
    return diffs


def _drop_clearly_out(results: Sequence[RowResult], paired: bool = True) -> None:
    """Drop the rows clearly worse than another choice, at 95%:

    - below passing: the row's upper bound is below 0 — passing is always open and worth 0
      (SBS-17: a deal thrown in changes nothing);
    - below the best row: its upper bound is below the best row's lower bound;
    - (``paired``) behind the best row *world by world*: the 95% interval of the mean of
      (this row's chips − the best row's chips) over the same worlds lies below 0. Every row
      is solved on the same worlds, so this difference is free of the deal-to-deal swing both
      rows share (a strong hand makes Solo ♣ and Solo ♠ alike): it separates two close rows
      after far fewer worlds than their separate intervals do (common random numbers).

    The best row is never dropped, so the advice always has one row sampled to the end."""
    live = [r for r in results if not r.dropped and r.n]
    if len(live) < 2:
        return
    best = max(live, key=RowResult.expected)
    floor = max(best.interval()[0], 0.0)
    for r in live:
        if r is best:
            continue
        if r.interval()[1] < floor:
            r.dropped = True
            r.drop_floor = floor
        elif paired and r.n == best.n:  # rows still live share every world so far
            gap = mean_interval(_paired_differences(r, best))
            if gap[1] < 0:
                r.dropped = True
                r.drop_behind, r.drop_gap = best.row, gap


def advise_view(view: SeatView | Mapping[str, Any] | TappState, samples: int, seed: int,
                *, executor: Executor | None = None,
                progress: Callable[[Advice], None] | None = None, **kw: Any) -> Advice:
    """Run the advisor to the end; ``progress`` is called with every intermediate advice."""
    last: Advice | None = None
    for a in advise_iter(view, samples, seed, executor=executor, **kw):
        if progress is not None:
            progress(a)
        last = a
    assert last is not None
    return last


def advise(record: Mapping[str, Any], samples: int, seed: int, *,
           executor: Executor | None = None) -> dict[str, Any]:
    """``tutor.advise``: for a record stopped in the auction at the player to move, one row per
    contract (and trump) still open to that player — ``expected_chips``, ``p_make`` and 95%
    intervals — from ``samples`` sampled worlds, reproducible from ``seed``.

    Errors are :class:`~tutor.errors.TutorError`\\ s naming the rule and the place, like replay.
    """
    if not isinstance(record, Mapping):
        raise RecordError("REC-1", "a record is a JSON object", where="record")
    return advise_view(record, samples, seed, executor=executor).as_dict()


# --- a warm process pool ------------------------------------------------------------------------
_POOL: ProcessPoolExecutor | None = None


def _warm_worker(_: int) -> int:
    """Compile the solver in a worker (numba JIT) so the first table is not slow: a yes/no test
    and an exact value on a shuffled deal."""
    deck = shuffle_and_cut(random.Random(0))
    hands = tuple(sum(1 << c for c in deck[11 * i: 11 * i + 11]) for i in range(3))
    pos = search.Position((hands[0], hands[1], hands[2]), 0, (), 0, 0)
    search.reaches_points(pos, 50)
    search.max_points(pos)
    return 0


def process_pool(workers: int = 2) -> ProcessPoolExecutor:
    """A shared, warmed ``ProcessPoolExecutor`` for the advisor and the PIMC bot (the widget
    and the quiz-bank builder reuse it; it lives as long as the kernel)."""
    global _POOL
    if _POOL is None:
        _POOL = ProcessPoolExecutor(workers)
        list(_POOL.map(_warm_worker, range(2 * workers)))
    return _POOL


# --- the figure ---------------------------------------------------------------------------------
def outcome_figure(advice: Advice, *, width: float = 7.0) -> Figure:
    """The distribution of the bidder's chips per row, over the worlds solved (Agg-safe: builds a
    bare :class:`matplotlib.figure.Figure`, no pyplot, no display)."""
    from matplotlib.figure import Figure

    rows = [r for r in advice.rows if r.n]
    fig = Figure(figsize=(width, 0.45 * max(len(rows), 1) + 1.2))
    ax = fig.add_subplot(1, 1, 1)
    for i, r in enumerate(rows):
        counts: dict[int, int] = {}
        for c in r.chips:
            counts[c] = counts.get(c, 0) + 1
        xs = sorted(counts)
        sizes = [20 + 200 * counts[x] / r.n for x in xs]
        colours = ["#2a7d2a" if x > 0 else ("#888888" if x == 0 else "#b03030") for x in xs]
        ax.scatter(xs, [i] * len(xs), s=sizes, c=colours, alpha=0.6, linewidths=0)
        lo, hi = r.interval()
        m = r.expected()
        ax.plot([max(lo, min(xs)), min(hi, max(xs))], [i, i], color="black", linewidth=1)
        ax.plot([m], [i], marker="|", markersize=14, color="black")
    ax.axvline(0, color="#555555", linewidth=0.8, linestyle=":")
    ax.set_yticks(range(len(rows)))
    ax.set_yticklabels([f"{r.row.label} ({r.n})" for r in rows])
    ax.set_xlabel("the bidder's chips in each sampled world (passing: 0)")
    ax.set_title(f"Seat {advice.seat}: {advice.recommendation()}\n"
                 "dot size: share of worlds; bar: mean and 95% interval; (n): worlds solved",
                 fontsize=9)
    ax.invert_yaxis()
    fig.tight_layout()
    return fig


__all__ = ["Advice", "Job", "Row", "RowResult", "advise", "advise_iter", "advise_view",
           "contract_value", "evaluate_rows", "evaluate_world", "open_rows", "outcome_figure",
           "process_pool", "wilson"]

