"""The bid advisor: rows, statistics, reproducibility, adaptive stopping, executors, the figure.

Most mechanics run with a stand-in for the double-dummy solver (a seeded random playout — fast
and deterministic), so the tests check the advisor, not the solver; a few run the real solver
on a handful of worlds.
"""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from tutor.bots.pimc import chips_for
from tutor.engine.record import state_of
from tutor.engine.sampler import Sampler
from tutor.errors import IllegalActionError, RecordError, TutorError
from tutor.games.frog.advisor import ADVISOR, discard_by_rule_of_thumb
from tutor.games.frog.rules import CHICO, FROG, GRAND, Frog
from tutor.games.frog.solver import SOLVER as FROG_SOLVER
from tutor.games.six_bid_solo.rules import (
    CALL_SOLO,
    GUARANTEE,
    HEART_SOLO,
    MISERES,
    SOLO,
    SixBidSolo,
    SixBidSoloState,
    call_action,
)
from tutor.games.six_bid_solo.solver import SOLVER as SBS_SOLVER
from tutor.games.tapp import CALL_BASE, HEARTS, PASS, PLAY, POINTS, random_playout
from tutor.solver import search
from tutor.solver.advisor import (
    Advice,
    Job,
    Row,
    RowResult,
    _drop_clearly_out,
    _warm_worker,
    advise,
    advise_iter,
    advise_view,
    contract_value,
    evaluate_rows,
    evaluate_world,
    open_rows,
    outcome_figure,
)
from tutor.solver.stats import mean_interval, t975, wilson


def _final(state: SixBidSoloState) -> int:
    assert state.bidder is not None
    if state.contract in MISERES:
        if state.options.misere == "no_tricks":
            return state.won_tricks[state.bidder]
        return state.won_points[state.bidder]
    return state.bidder_points()


def _fake_solve(state: SixBidSoloState) -> int:
    """A stand-in for the solver: the value of one seeded random playout (deterministic)."""
    s = state.copy()
    random_playout(s, random.Random(hash((tuple(s.hands), s.trump, s.leader))))
    return _final(s)


@pytest.fixture
def fake_solver(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(search, "solve", _fake_solve)
    monkeypatch.setattr(search, "reaches", lambda st, target: _fake_solve(st) >= target)
    yield


def _record(seed: int = 3, calls: tuple[str, ...] = ()) -> dict[str, object]:
    state = SixBidSolo().new_deal(seed)
    for c in calls:
        state.apply(36 if c == "pass" else call_action(c))
    return state.record()


@pytest.mark.rule("SBS-14", "SBS-19", "SBS-V5")
def test_open_rows_follow_the_auction() -> None:
    state = SixBidSolo().new_deal(1)
    rows = open_rows(state.view(state.to_move or 0))
    # Solo ♣♠♦, Heart Solo, Misère, Guarantee ×4, Spread Misère, Call Solo ×4
    assert len(rows) == 3 + 1 + 1 + 4 + 1 + 4
    assert Row(SOLO, HEARTS) not in rows and Row(HEART_SOLO, HEARTS) in rows
    state.apply(call_action("guarantee-solo"))
    rows = open_rows(state.view(state.to_move or 0))
    assert {r.contract_id for r in rows} == {"spread-misere", "call-solo"}
    any_trump = SixBidSolo({"solo_trump": "any"}).new_deal(1)
    assert Row(SOLO, HEARTS) in open_rows(any_trump.view(any_trump.to_move or 0))


def test_advise_rows_and_fields(fake_solver: None) -> None:
    out = advise(_record(), 12, 5)
    assert out["seat"] == 1 and out["done"] and out["worlds"] == 12
    assert len(out["rows"]) == 14
    for row in out["rows"]:
        assert set(row) >= {"contract", "trump", "expected_chips", "p_make", "ci95",
                            "p_make_ci95", "samples"}
        lo, hi = row["ci95"]
        if lo is not None:
            assert lo <= row["expected_chips"] <= hi
        assert 0 <= row["p_make"] <= 1
        plo, phi = row["p_make_ci95"]
        assert plo <= row["p_make"] <= phi
    assert out["advice"] == "pass" or out["advice"].startswith("bid ")


def test_reproducible_from_seed(fake_solver: None) -> None:
    a = advise(_record(), 10, 7)
    b = advise(_record(), 10, 7)
    c = advise(_record(), 10, 8)
    for x in (a, b, c):
        del x["seconds"]
    assert a == b
    assert a != c


def test_same_worlds_for_every_row(fake_solver: None) -> None:
    """Solo ♠ and Guarantee ♠ are the same play (leader, trump, widow): one set of answers
    serves both; the estimate of Solo's points lies in the exact value's bracket."""
    state = SixBidSolo().new_deal(9)
    view = state.view(state.to_move or 0)
    sampler = Sampler(view)
    exact = Job(view.game, dict(view.options), view.dealer, (), view.seat, 1, True)
    quick = Job(view.game, dict(view.options), view.dealer, (), view.seat, 1, False)
    rows = [Row(SOLO, 1), Row(GUARANTEE, 1)]
    for i, deal in enumerate(sampler.deals(8, 2)):
        (p, _, _), (g, _, made) = evaluate_world(exact, deal, rows, i)
        assert made == (p >= 80) and g == (80 if made else 79)
        (q, _, q_made), _ = evaluate_world(quick, deal, rows, i)
        assert q_made == (p >= 61)  # SBS-10: make or fail is never estimated
        for b in (41, 61, 81, 101):
            assert (q >= b) == (p >= b)


def test_estimate_is_unbiased() -> None:
    """The bracketed estimate averages to the exact value (checked against a known value)."""
    from tutor.solver.advisor import _Tests

    class Known(_Tests):
        def __init__(self, value: int) -> None:
            self.value = value
            self.lo, self.hi, self.exact = 0, 121, None

        def _ask(self, target: int) -> bool:
            return self.value >= target

    for value in (0, 37, 60, 61, 75, 80, 100, 120):
        n = 4000
        mean = sum(Known(value).estimate(salt) for salt in range(n)) / n
        assert abs(mean - value) < 1.5, (value, mean)


def test_adaptive_stopping_drops_clearly_worse_rows(fake_solver: None) -> None:
    full = advise_view(_record(4), 40, 1, adaptive=False)
    assert all(r.n == 40 for r in full.rows)
    fast = advise_view(_record(4), 40, 1, first=4, min_samples=8)
    dropped = [r for r in fast.rows if r.dropped]
    assert dropped, "some contract should be clearly out on this hand"
    best = fast.best()
    assert best is not None and not best.dropped and best.n == 40
    assert any(r.n < 40 for r in dropped)  # fewer worlds spent on rows clearly out
    for r in dropped:  # clearly out: its upper bound fell below the best's lower bound, or 0
        assert r.drop_floor is not None and r.interval()[1] < r.drop_floor
        assert r.drop_floor >= 0.0
    # the worlds a row did get are the same worlds as in the full run (common worlds)
    for r_fast, r_full in zip(fast.rows, full.rows, strict=True):
        assert r_fast.chips == r_full.chips[: r_fast.n]


def test_progressive_estimates(fake_solver: None) -> None:
    seen = [(a.worlds, a.done, a.fraction) for a in advise_iter(_record(), 30, 3, first=2)]
    worlds = [w for w, _, _ in seen]
    assert worlds == sorted(worlds) and worlds[0] == 2 and worlds[-1] == 30
    assert seen[-1][1] and seen[-1][2] == 1.0
    assert not any(done for _, done, _ in seen[:-1])


def test_executor_gives_the_same_table(fake_solver: None) -> None:
    serial = advise(_record(), 16, 11)
    with ThreadPoolExecutor(2) as pool:
        pooled = advise(_record(), 16, 11, executor=pool)
    del serial["seconds"], pooled["seconds"]
    assert serial == pooled


class _LazyFuture(Future[Any]):
    """A future that runs its call only when its result is asked for (so a test sees which
    tasks the advisor waited for, and which it cancelled before they ran)."""

    def __init__(self, fn: Callable[..., Any], args: tuple[Any, ...]) -> None:
        super().__init__()
        self.fn, self.args = fn, args

    def result(self, timeout: float | None = None) -> Any:
        if not self.done():
            self.set_result(self.fn(*self.args))
        return super().result(timeout)


class _LazyExecutor(Executor):
    def __init__(self) -> None:
        self.futures: list[_LazyFuture] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> _LazyFuture:
        f = _LazyFuture(fn, args)
        self.futures.append(f)
        return f


def test_next_batch_is_sent_ahead_and_cancelled_when_useless(fake_solver: None) -> None:
    """With an executor the next batch goes out before this one is waited for; its tasks for
    rows dropped meanwhile, and everything still queued when the caller stops, are cancelled;
    the table is the serial one."""
    serial = advise(_record(), 16, 11)
    pool = _LazyExecutor()
    lazy = advise(_record(), 16, 11, executor=pool)
    del serial["seconds"], lazy["seconds"]
    assert serial == lazy
    assert any(f.cancelled() for f in pool.futures)  # rows dropped after 6 worlds
    assert all(f.done() for f in pool.futures)
    pool = _LazyExecutor()
    it = advise_iter(_record(), 16, 11, executor=pool)
    first = next(it)
    assert first.worlds == 2
    ahead = [f for f in pool.futures if not f.done()]
    assert ahead  # the second batch, already sent
    it.close()
    assert all(f.cancelled() for f in ahead)


def test_an_anytime_stop_cancels_the_batch_sent_ahead(fake_solver: None) -> None:
    """The anytime driver (tutor.play.anytime) closes the advisor when it stops (clear, or the
    budget), so the batch already sent to the pool does not run on in the background."""
    from tutor.play.anytime import advise_within

    pool = _LazyExecutor()
    state = state_of(_record())
    assert isinstance(state, SixBidSoloState) and state.to_move is not None
    steps = list(advise_within(state.view(state.to_move), 16, 11, budget=60.0,
                               clear=lambda advice: True, executor=pool))
    assert [s.stop for s in steps] == ["clear"]
    assert any(f.cancelled() for f in pool.futures)
    assert all(f.done() for f in pool.futures)


def test_a_pool_worker_warms_the_kernel() -> None:
    """The pool's warm-up asks the kernel a yes/no test and an exact value, no game needed."""
    assert _warm_worker(0) == 0


def test_process_pool_with_the_real_solver() -> None:
    """The real solver through a process pool equals the serial run (2 worlds, few rows)."""
    record = _record(6, ("guarantee-solo",))  # middlehand: Spread Misère and Call Solo rows
    serial = advise(record, 2, 1)
    with ProcessPoolExecutor(2) as pool:
        pooled = advise(record, 2, 1, executor=pool)
    del serial["seconds"], pooled["seconds"]
    assert serial == pooled
    assert {r["contract"] for r in serial["rows"]} == {"spread-misere", "call-solo"}


@pytest.mark.rule("SBS-10", "SBS-11", "SBS-27", "SBS-V1", "SBS-V2")
@pytest.mark.parametrize("options", [{}, {"players": 4}, {"players": 5},
                                     {"misere": "no_card_points"}])
def test_chips_from_a_value_match_the_engines_settlement(options: dict[str, object]) -> None:
    game = SixBidSolo(options)
    rng = random.Random(1)
    checked = 0
    for d in range(200):
        state = game.new_deal(rng, dealer=d % game.players)
        while state.phase not in (PLAY, "done"):
            state.apply(rng.choice(state.legal_actions()))
        if state.phase != PLAY:
            continue
        random_playout(state, rng)
        for seat in range(state.n):
            assert chips_for(state, seat, _final(state)) == state.chips()[seat]
        assert SBS_SOLVER.settle(state, _final(state)) == (state.chips(), state.made())
        checked += 1
    assert checked > 50


def test_real_solver_values_agree_with_rows() -> None:
    """On real solves: Guarantee ♣ is made exactly when Solo ♣'s points reach 80."""
    state = SixBidSolo().new_deal(21)
    view = state.view(state.to_move or 0)
    job = Job(view.game, dict(view.options), view.dealer, (), view.seat, 0, True)
    for deal in Sampler(view).deals(2, 4):
        (p, chips, _), (_, _, made) = evaluate_world(job, deal, [Row(SOLO, 0), Row(GUARANTEE, 0)])
        assert made == (p >= 80)
        assert chips == 2 * 2 * (p - 60)  # SBS-10: 2 × (P − 60) from each of two opponents


def test_errors_name_the_rule_and_place() -> None:
    state = SixBidSolo().new_deal(3)
    for a in (call_action("solo"), PASS, PASS):
        state.apply(a)
    with pytest.raises(IllegalActionError, match=r"declare: SBS-13"):
        advise(state.record(), 4, 1)
    with pytest.raises(RecordError, match="samples"):
        advise(_record(), 0, 1)
    with pytest.raises(RecordError, match="REC-1"):
        advise([], 4, 1)  # type: ignore[arg-type]
    bad = _record()
    bad["calls"] = ["solo", "solo"]
    with pytest.raises(TutorError, match=r"calls\[1\].*SBS-14"):
        advise(bad, 4, 1)


def test_student_t_intervals() -> None:
    """Few worlds get Student's t, not the normal 1.96: three agreeing-ish worlds stay wide;
    above 30 degrees of freedom t is the normal point; one world is no interval at all."""
    assert t975(1) == 12.706 and t975(2) == 4.303 and t975(31) == pytest.approx(1.96, abs=1e-3)
    lo, hi = mean_interval([10.0, 12.0, 14.0])
    assert lo == pytest.approx(12 - 4.303 * 2 / 3 ** 0.5) and hi == pytest.approx(24 - lo)
    assert mean_interval([5.0]) == (float("-inf"), float("inf"))


def test_wilson() -> None:
    lo, hi = wilson(5, 10)
    assert lo < 0.5 < hi
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_outcome_figure(fake_solver: None) -> None:
    import matplotlib
    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    adv = advise_view(_record(), 8, 2)
    fig = outcome_figure(adv)
    assert isinstance(fig, Figure)
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    assert buf.getvalue()[:4] == b"\x89PNG"
    labels = [t.get_text() for t in fig.axes[0].get_yticklabels()]
    assert any(label.startswith("Solo") for label in labels)


def test_dask_executor(fake_solver: None) -> None:
    """A local Dask cluster's executor gives the same table (skipped without distributed)."""
    distributed = pytest.importorskip("distributed")
    with distributed.Client(processes=False, n_workers=1, threads_per_worker=2,
                            dashboard_address=None) as client:
        pooled = advise(_record(), 8, 11, executor=client.get_executor())
    serial = advise(_record(), 8, 11)
    del serial["seconds"], pooled["seconds"]
    assert serial == pooled



def test_estimate_does_not_depend_on_what_was_asked_first() -> None:
    """The bin and the random threshold depend on the value and the salt only: answers known
    from another row of the same play (here Guarantee's 80) save searches, never change the
    estimate — so a row's figures do not depend on which other rows are still live."""
    from tutor.solver.advisor import _Tests

    class Known(_Tests):
        def __init__(self, value: int) -> None:
            self.value = value
            self.lo, self.hi, self.exact = 0, 121, None
            self.asked: list[int] = []

        def _ask(self, target: int) -> bool:
            self.asked.append(target)
            yes = self.value >= target
            if yes:
                self.lo = target
            else:
                self.hi = target
            return yes

    for value in (12, 55, 70, 79, 80, 95, 118):
        for salt in range(30):
            fresh = Known(value)
            told = Known(value)
            told.reaches(80)  # Guarantee ♣'s question first
            n_told = len(told.asked)
            assert fresh.estimate(salt) == told.estimate(salt)
            assert len(told.asked) - n_told <= len(fresh.asked)


def test_batches() -> None:
    """A small first batch, doubling to a check at ``min_samples``, then batches growing by
    half of what is done (the advisor panel's anytime budget relies on 1, 2, … at the start)."""
    from tutor.solver.advisor import _batches

    assert _batches(40, 2, 6) == [2, 4, 6, 6, 9, 13]
    assert _batches(16, 1, 6)[:3] == [1, 2, 3]
    assert _batches(400, 2, 8)[:5] == [2, 4, 2, 8, 8]
    for samples, first, least in [(40, 2, 8), (40, 1, 6), (12, 2, 8), (6, 6, 6), (1, 2, 8),
                                  (10, 2, 40), (30, 2, 8), (400, 2, 8), (9, 2, 8)]:
        sizes = _batches(samples, first, least)
        assert sum(sizes) == samples and min(sizes) >= 1
        assert sizes[0] == min(first, samples)
        totals = [sum(sizes[: i + 1]) for i in range(len(sizes))]
        assert least in totals or least >= samples or first > least


def test_row_groups_split_by_trump() -> None:
    from tutor.solver.advisor import _row_groups

    state = SixBidSolo().new_deal(1)
    rows = open_rows(state.view(state.to_move or 0))
    groups = _row_groups(rows)
    assert sorted(i for g in groups for i in g) == list(range(len(rows)))
    assert len(groups) == 4  # one per trump, the misères with the first
    for g in groups:
        trumps = {rows[i].trump for i in g if rows[i].contract not in MISERES}
        assert len(trumps) == 1


def _result(row: Row, chips: list[int]) -> RowResult:
    return RowResult(row, values=list(chips), chips=list(chips), made=[c > 0 for c in chips])


def test_paired_drop_separates_close_rows_on_common_worlds() -> None:
    """Two Solos that swing together deal by deal, one 6 to 10 chips behind on every deal:
    their own intervals overlap widely, but the paired difference shows the trailing one is
    out."""
    rng = random.Random(5)
    swing = [rng.choice((-120, -40, 40, 120, 200)) for _ in range(12)]
    best = _result(Row(SOLO, 0), [s + 8 + (i % 3 - 1) * 2 for i, s in enumerate(swing)])
    behind = _result(Row(SOLO, 1), swing)
    assert behind.interval()[1] > best.interval()[0]  # the marginal rule cannot tell them apart
    _drop_clearly_out([best, behind], paired=False)
    assert not behind.dropped
    _drop_clearly_out([best, behind])
    assert behind.dropped and behind.drop_behind == best.row and not best.dropped
    assert behind.drop_gap is not None and behind.drop_gap[1] < 0 < best.expected()


def test_paired_drop_needs_worlds_that_disagree() -> None:
    """Guarantee ♣ and Call Solo ♣ both made on each of 6 deals: the difference is the same on
    every deal, so its sample spread is zero — yet a Call Solo made 6 times out of 6 may still
    fail a third of the time. The paired rule does not call such a gap certain (it adds one
    imagined world where the trailing row does best); the same gap over many deals does."""
    guarantee = RowResult(Row(GUARANTEE, 0), stake=80, values=[80] * 6, chips=[80] * 6,
                          made=[True] * 6)
    call = RowResult(Row(CALL_SOLO, 0), stake=200, values=[120] * 6, chips=[200] * 6,
                     made=[True] * 6)
    _drop_clearly_out([call, guarantee])
    assert not guarantee.dropped and not call.dropped
    for r in (guarantee, call):
        r.values *= 5
        r.chips *= 5
        r.made *= 5
    _drop_clearly_out([call, guarantee])  # 30 deals without one disagreement
    assert guarantee.dropped and not call.dropped


def test_paired_drop_keeps_ties_and_noise() -> None:
    """A row equal to the best on every world (a tie), or ahead on some worlds and behind on
    others without a clear sign, is never dropped by the paired rule."""
    a = _result(Row(SOLO, 0), [40, 80, -40, 120, 40, 80, -40, 120])
    tie = _result(Row(SOLO, 1), list(a.chips))
    noisy = _result(Row(SOLO, 2), [48, 72, -32, 112, 48, 72, -48, 128])
    _drop_clearly_out([a, tie, noisy])
    assert not tie.dropped and not noisy.dropped


def test_the_best_row_is_never_a_dropped_one() -> None:
    """A row dropped early keeps its figures from its few worlds; the best row, sampled on, may
    later average less than those frozen figures (its later worlds were poor — and would likely
    have been as poor for the dropped row). The best row is still the live one: a row found
    clearly worse at 95% is never recommended, starred or named in the verdict."""
    best = _result(Row(SOLO, 0), [40, 48, 40, 48, 40, 48])
    out = _result(Row(SOLO, 1), [32, 41, 31, 40, 33, 39])
    _drop_clearly_out([best, out])
    assert out.dropped and not best.dropped
    best.chips += [-40] * 6  # poor later worlds, solved for the live row only
    best.values += [-40] * 6
    best.made += [False] * 6
    assert out.expected() > best.expected()
    advice = Advice(0, 1, 12, [out, best], worlds=12, done=True)
    assert advice.best() is best
    assert best.expected() > 0 and advice.recommendation() == f"bid {best.row.label}"


@pytest.mark.parametrize("seed", range(8))
def test_adaptive_stopping_keeps_the_eventual_best_row(fake_solver: None, seed: int) -> None:
    """On the test hands, the row best over all 40 worlds (when it beats passing) is never
    dropped by adaptive stopping, and the advice matches the full run's."""
    record = _record(20 + seed)
    full = advise_view(record, 40, seed, adaptive=False)
    fast = advise_view(record, 40, seed)
    means = [r.expected() for r in full.rows]
    top = max(range(len(means)), key=means.__getitem__)
    if means[top] > 0:
        assert not fast.rows[top].dropped
        assert fast.recommendation() == full.recommendation()
    for r_fast, r_full in zip(fast.rows, full.rows, strict=True):
        assert r_fast.chips == r_full.chips[: r_fast.n]  # the same worlds, the same figures


def test_pool_splits_rows_and_deals_yet_gives_the_same_table(fake_solver: None) -> None:
    """Tasks of one deal and one trump, or several deals, through a thread pool: the same
    table as in-process, batch by batch."""
    serial = [a.as_dict() for a in advise_iter(_record(), 20, 4, first=1)]
    for chunk in (None, 3):
        with ThreadPoolExecutor(2) as pool:
            pooled = [a.as_dict() for a in advise_iter(_record(), 20, 4, first=1,
                                                       executor=pool, chunk=chunk)]
        for x in serial + pooled:
            x.pop("seconds", None)
        assert serial == pooled


# --- Frog ---------------------------------------------------------------------------------------
@pytest.mark.rule("FR-2", "SBS-14")
def test_frog_rows_follow_the_auction() -> None:
    state = Frog().new_deal(4)
    rows = open_rows(state.view(state.to_move or 0))
    assert [r.label for r in rows] == ["Frog bid", "Chico ♣", "Chico ♠", "Chico ♦", "Grand"]
    assert {r.game for r in rows} == {"frog"} and all(r.needs_exact() for r in rows)
    assert [r.trump_letter for r in rows] == ["H", "C", "S", "D", "H"]
    state.apply(CALL_BASE + CHICO)
    assert [r.contract_id for r in open_rows(state.view(state.to_move or 0))] == ["grand"]
    any_suit = Frog({"chico_trump": "any"}).new_deal(4)
    assert "Chico ♥" in [r.label for r in open_rows(any_suit.view(any_suit.to_move or 0))]


@pytest.mark.rule("FR-2")
@pytest.mark.parametrize("seed", range(40))
def test_frog_discard_rule_of_thumb(seed: int) -> None:
    """Three cards of the hand; a trump only when no side card is left, a master (a card
    heading an unbroken run from its suit's ace) only when no other side card is; among the
    others the highest score (points + 6 a card the suit is short of four) goes."""
    rng = random.Random(seed)
    cards = rng.sample(range(36), 14 if seed % 4 else 5)
    hand = sum(1 << c for c in cards)
    out = discard_by_rule_of_thumb(hand)
    assert len(set(out)) == 3 and all(hand >> c & 1 for c in out)
    side = [c for c in cards if c // 9 != HEARTS]
    trumps_out = [c for c in out if c // 9 == HEARTS]
    assert len(trumps_out) == max(0, 3 - len(side))
    if trumps_out:  # the lowest trumps
        kept = [c for c in cards if c // 9 == HEARTS and c not in out]
        assert all(k < t for k in kept for t in trumps_out)

    def master(c: int) -> bool:
        return all(hand >> x & 1 for x in range(9 * (c // 9), c + 1))

    others = [c for c in side if not master(c)]
    assert sum(not master(c) for c in out if c // 9 != HEARTS) == min(3, len(others))

    def score(c: int) -> int:
        short = 4 - min(4, sum(x // 9 == c // 9 for x in cards))
        return POINTS[c] + 6 * short

    left = [c for c in others if c not in out]
    assert all(score(c) >= score(x) for c in out if c in others for x in left)


@pytest.mark.rule("FR-1", "FR-2", "FR-5")
@pytest.mark.parametrize("options", [{}, {"players": 4, "grand_multiplier": 3}])
def test_frog_rows_are_solved_and_settled_as_the_engine_would(options: dict[str, object]
                                                              ) -> None:
    """Each Frog row: the player bids, the others pass, the declaration is the row's (the
    discard by rule of thumb); the exact value is the solver's on that deal, the chips and
    ``made`` the adapter's settlement of it, and the estimate shares its bracket."""
    game = Frog(options)
    seen = set()
    for seed in range(6):
        state = game.new_deal(seed, dealer=seed % game.players)
        seat = state.to_move or 0
        rows = open_rows(state.view(seat))
        exact = evaluate_rows(state, rows, exact=True)
        quick = evaluate_rows(state, rows, exact=False, salt=seed)
        for row, (p, chips, made), (q, q_chips, q_made) in zip(rows, exact, quick, strict=True):
            declared = ADVISOR.declare(state, row.contract, row.trump)
            assert declared.phase == PLAY and declared.bidder == seat
            assert declared.trump == row.trump and declared.contract == row.contract
            if row.contract == FROG:
                hand = declared.hands[seat] | declared.discarded
                assert sorted(discard_by_rule_of_thumb(hand)) == [
                    c for c in range(36) if declared.discarded >> c & 1]
            assert p == search.solve(declared)
            assert chips == FROG_SOLVER.settle(declared, p).chips[seat] and made == (p >= 61)
            assert q_made == made and q_chips == FROG_SOLVER.settle(declared, q).chips[seat]
            for b in (41, 61, 81, 101):
                assert (q >= b) == (p >= b)
            seen.add(made)
    assert seen == {True, False}


@pytest.mark.rule("FR-1")
def test_contract_value_asks_frog_for_the_points() -> None:
    state = ADVISOR.declare(Frog().new_deal(8), GRAND, HEARTS)
    assert contract_value(state, 0, exact=True) == search.solve(state)


def test_advise_a_frog_record() -> None:
    state = Frog().new_deal(12)
    out = advise(state.record(), 6, 2)
    assert [r["label"] for r in out["rows"]] == ["Frog bid", "Chico ♣", "Chico ♠", "Chico ♦",
                                                 "Grand"]
    assert all(r["mean_points"] is not None for r in out["rows"])
    assert "the Frog bid's discard by rule of thumb" in out["method"]
    assert "sampled uniformly" in out["method"] and "Call Solo" not in out["method"]
    del out["seconds"]
    again = advise(state.record(), 6, 2)
    del again["seconds"]
    assert out == again


def test_the_command_line_advises_a_frog_record(tmp_path: Path) -> None:
    state = Frog().new_deal(13)
    state.apply(CALL_BASE + FROG)  # middlehand to call: Chico and Grand are open
    path = tmp_path / "frog.json"
    path.write_text(json.dumps(state.record()))
    out = subprocess.run([sys.executable, "-m", "tutor", "advise", str(path), "--samples", "4",
                          "--seed", "1"], capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout)
    want = advise(state.record(), 4, 1)
    del got["seconds"], want["seconds"]
    assert got == want and {r["contract"] for r in got["rows"]} == {"chico", "grand"}


def test_a_frog_record_out_of_the_auction_is_an_error() -> None:
    state = Frog().new_deal(3)
    for a in (CALL_BASE + GRAND, PASS, PASS):
        state.apply(a)
    with pytest.raises(IllegalActionError, match=r"play: SBS-13"):
        advise(state.record(), 4, 1)
