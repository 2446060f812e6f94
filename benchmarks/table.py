"""Latencies a learner feels at the play table, the bid advisor and the decision quizzes.

    python benchmarks/table.py                 # a few minutes on 2 cores
    python benchmarks/table.py --quick         # a smoke run

Wall-clock times (what the learner waits for), each against a baseline measured in the same run:

- **bot move** — a PIMC bot's action at the table (:class:`tutor.bots.table_bot.TablePimc`, the
  table's own sizing of worlds), by phase; baseline: the rule bot's action on the *same* views.
  Budget: p95 ≤ 1 s.
- **hint** — the learner's hint in the play (deals sampled from the learner's view, each
  solved); baseline: one double-dummy ``analyse`` of the true position (what a hint that peeked
  at the hidden cards would cost). And in the auction (the advisor, for a hand within reach).
  Budget: p95 ≤ 1 s.
- **review** — the card-by-card analysis at the end of a deal (11 positions).
- **advisor** — :class:`tutor.widgets.advisor_panel.AdvisorPanel` (its default 16 deals, a
  first estimate after 1, *anytime* within its time budget), through the widget: the time until
  the rules-of-thumb first look is on the widget, until the first sampled table, until the
  final table, and until the chart below it — in-process and with a warm 2-process pool; and on
  how many deals the final table rests (it stops early when the best call is clear, or before a
  batch that would overrun the budget). Baseline: the final time over the first. Budgets: first
  estimate ≤ 300 ms, final table ≤ 2 s.
- **next question** — the decision quiz's wait on *Next question* when the learner took
  ``--reading`` seconds over the last one (the next question is made in the background
  meanwhile); against the time to make one.
- **decision questions** — generating a play-decision question, and a bid-decision question
  from the pre-built bank (:mod:`tutor.quiz.bank`) against one found live (``--live`` of them;
  the bank and live questions made in turn, CPU time beside wall time).
- **refresh** — redrawing the table widget from the learner's view.
- **Frog** (``--only frog``) — the same bot moves and hints in Frog: a rule-bot learner at seat 0
  among PIMC table bots (:class:`tutor.bots.table_bot.TablePimc`), by phase (the declaration is
  Chico's trump or the Frog bid's discard); the hints as the table makes them (the table bot
  from the learner's view; in the auction, for a hand within reach, the advisor within
  ``HINT_BUDGET`` as ``TableGame.bid_hint`` does). Budgets: p95 ≤ 1 s.

The machine's load average is printed before and after: the figures are only as quiet as the
machine (other work on the 2 cores shows up in every one of them alike).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.bots.base import Bot
from tutor.bots.rule_bot import RuleBot
from tutor.games.six_bid_solo.rules import SixBidSolo
from tutor.games.tapp import PLAY, SeatView
from tutor.play.session import TableGame
from tutor.quiz.bank import load_bank
from tutor.quiz.decisions import generate_decision
from tutor.solver import search
from tutor.solver.advisor import Advice, advise_iter
from tutor.widgets.advisor_panel import AdvisorPanel
from tutor.widgets.decisions import DecisionQuiz
from tutor.widgets.table import TableWidget


def pct(xs: Sequence[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, round(q * (len(s) - 1))))] if s else float("nan")


def line(name: str, xs: Sequence[float], budget: float | None = None,
         base: Sequence[float] | None = None) -> None:
    text = (f"{name:<34} n={len(xs):>4}  p50 {1000 * pct(xs, .5):8.1f} ms  "
            f"p95 {1000 * pct(xs, .95):8.1f} ms  max {1000 * max(xs, default=0):8.1f} ms")
    if base:
        text += f"  ×{pct(xs, .5) / max(pct(base, .5), 1e-9):,.0f} baseline p50"
    if budget is not None:
        ok = pct(xs, .95) <= budget
        text += f"  [{'within' if ok else 'OVER'} {1000 * budget:.0f} ms]"
    print(text, flush=True)


SLOW = 5.0  # seconds: anything slower is named as it happens (a solver outlier to look at)


def timed(fn: Callable[[], object], what: str = "", cpu: list[float] | None = None) -> float:
    """Wall-clock seconds of ``fn()`` (what the learner waits); its CPU seconds (every thread of
    the process: a figure other work on the machine barely moves) go to ``cpu``."""
    t, c = time.perf_counter(), time.process_time()
    fn()
    dt = time.perf_counter() - t
    if cpu is not None:
        cpu.append(time.process_time() - c)
    if dt > SLOW and what:
        print(f"  slow: {what} took {dt:.1f} s", flush=True)
    return dt


def timed_act(bot: Bot, view: SeatView, what: str) -> tuple[float, int]:
    """The wall-clock seconds of ``bot.act(view)``, and the action it chose."""
    out: list[tuple[int, str]] = []
    return timed(lambda: out.append(bot.act(view)), what), out[0][0]


def warm() -> None:
    """Compile the solver (numba) and load the advisor before any timing."""
    state = SixBidSolo().new_deal(12345, 2)
    for _ in advise_iter(state, 2, 0, adaptive=False):
        pass


def table_moves(deals: int, seed: int) -> None:
    pimc: dict[str, list[float]] = {"auction": [], "declare": [], "play": []}
    rule: list[float] = []
    hints: list[float] = []
    bid_hints: list[float] = []
    cpu: dict[str, list[float]] = {"bot move": [], "hint in the play": [],
                                   "hint in the auction": []}
    peek: list[float] = []
    # the baseline solves run in their own thread: the solver's tables are per thread, so they
    # do not warm the tables the hints and the review use
    other = ThreadPoolExecutor(1)
    reviews: list[float] = []
    refresh: list[float] = []
    t = TableGame(seat=0, bot="pimc", seed=seed, hint_worlds=10)
    learner = RuleBot(seed)
    widget = TableWidget(seat=0, bot="rule", seed=seed)
    played = 0
    while played < deals:
        if t.done:
            if t.state.bidder is not None:
                reviews.append(timed(t.review))
                played += 1
            t.new_deal()
            continue
        view = t.view
        if t.learner_to_move():
            if view.phase == PLAY:
                hints.append(timed(t.hint, f"hint, {len(view.hand)} cards: {t.record()}",
                                   cpu["hint in the play"]))
                state = t.state.copy()
                peek.append(other.submit(timed, lambda s=state: search.analyse(s)).result())
            elif view.phase == "auction":
                bid_hints.append(timed(t.hint, f"hint, auction: {t.record()}",
                                       cpu["hint in the auction"]))
            t.act(learner.act(view)[0])
            continue
        seat = t.state.to_move
        assert seat is not None
        bot_view = t.state.view(seat)
        rule.append(timed(lambda v=bot_view: RuleBot(1).act(v)))  # type: ignore[misc]
        phase = t.state.phase
        where = f"bot move, {phase}, {len(bot_view.hand)} cards: {t.record()}"
        pimc[phase].append(timed(t.bot_step, where, cpu["bot move"]))
    everything = [x for xs in pimc.values() for x in xs]
    line("bot move (PIMC), every phase", everything, 1.0, rule)
    for phase, xs in pimc.items():
        if xs:
            line(f"  bot move, {phase}", xs)
    line("bot move (rule bot, baseline)", rule)
    line("hint in the play (sampled)", hints, 1.0, peek)
    line("  one analyse of the true deal", peek)
    line("hint in the auction (advisor)", bid_hints, 1.0)
    other.shutdown()
    for what, xs in cpu.items():
        line(f"  CPU time: {what}", xs)
    line("review at the end of a deal", reviews)
    for _ in range(20):
        refresh.append(timed(widget.refresh))
    line("table widget refresh", refresh)


def frog_table(deals: int, seed: int) -> None:
    """Frog's bot moves and hints (see the module docstring), on ``deals`` deals bid."""
    from tutor.bots.pimc import PimcBot
    from tutor.bots.table_bot import TablePimc, margin_call, within_reach
    from tutor.games.frog.rules import Frog
    from tutor.play.anytime import MIN_SAMPLES, advise_within, clear_after
    from tutor.play.session import HINT_BID_DEALS, HINT_BUDGET
    from tutor.quiz.decision_basics import clear_call

    game = Frog()
    rng = random.Random(seed)
    learner_seat = 0
    learner = RuleBot(seed)
    pimc: dict[str, list[float]] = {"auction": [], "declare": [], "play": []}
    hints: dict[str, list[float]] = {"auction": [], "declare": [], "play": []}
    rule: list[float] = []
    margin = PimcBot(0).margin("frog")  # the PIMC bot's own, as a Frog table's hint should use it

    def bid_hint(view: SeatView) -> None:
        clear = clear_after(MIN_SAMPLES, view.legal)

        def clear_for_hint(a: Advice) -> bool:
            found = clear_call(a, list(view.legal)) if clear(a) else None
            return found is not None and found[0] == margin_call(a, margin)

        list(advise_within(view, HINT_BID_DEALS, rng.getrandbits(31), budget=HINT_BUDGET,
                           first=2, clear=clear_for_hint))

    played = 0
    dealer = 0
    while played < deals:
        state = game.new_deal(rng, dealer)
        dealer = (dealer + 1) % game.players
        bots = {s: TablePimc(rng.getrandbits(31)) for s in state.active if s != learner_seat}
        while not state.is_terminal():
            seat = state.to_move
            assert seat is not None
            view = state.view(seat)
            phase = state.phase
            where = f"{phase}, {len(view.hand)} cards: {state.record()}"
            if seat == learner_seat:
                if len(view.legal) > 1:
                    hint: Callable[[], object]
                    if phase == "auction" and within_reach(view):
                        hint = partial(bid_hint, view)
                    else:
                        hint = partial(TablePimc(rng.getrandbits(31)).act, view)
                    hints[phase].append(timed(hint, f"Frog hint, {where}"))
                state.apply(learner.act(view)[0])
                continue
            rule.append(timed(partial(RuleBot(1).act, view)))
            dt, action = timed_act(bots[seat], view, f"Frog bot move, {where}")
            pimc[phase].append(dt)
            state.apply(action)
        played += state.bidder is not None
    everything = [x for xs in pimc.values() for x in xs]
    line("Frog: bot move (PIMC), every phase", everything, 1.0, rule)
    for phase, xs in pimc.items():
        if xs:
            line(f"  Frog: bot move, {phase}", xs)
    line("  Frog: bot move (rule bot, baseline)", rule)
    line("Frog: hint, every phase", [x for xs in hints.values() for x in xs], 1.0)
    for phase, xs in hints.items():
        if xs:
            line(f"  Frog: hint, {phase}", xs)


def advisor(hands: int, seed: int) -> None:
    game = SixBidSolo()
    texts = []
    for i in range(hands):
        state = game.new_deal(seed + i, 2)
        texts.append(" ".join(c.text for c in state.view(0).hand))

    def run(executor: ProcessPoolExecutor | None
            ) -> tuple[list[float], list[float], list[float], list[float]]:
        looks, firsts, finals, charts = [], [], [], []
        for text in texts:
            panel = AdvisorPanel(hand=text, first=1, seed=seed, executor=executor)
            tables: list[tuple[float, str]] = []
            verdicts: list[tuple[float, str]] = []
            panel.table.observe(lambda c, st=tables: st.append((time.perf_counter(), c["new"])),
                                names="value")
            panel.verdict.observe(
                lambda c, st=verdicts: st.append((time.perf_counter(), c["new"])), names="value")
            start = time.perf_counter()
            panel.advise()
            end = time.perf_counter()
            looks.append(next(t for t, v in verdicts if "First look" in v) - start)
            firsts.append(next(t for t, v in tables if v) - start)
            finals.append(tables[-1][0] - start)  # the last table drawn: the final one
            charts.append(end - start)
            assert panel.advice is not None
            deals.append(panel.advice.worlds)
            stops.append(panel.stop)
            panel.box.close()
        return looks, firsts, finals, charts

    deals: list[int] = []
    stops: list[str] = []

    def rested() -> str:
        n = len(deals)
        text = (f"  the final tables rest on {min(deals)}-{max(deals)} deals (median "
                f"{sorted(deals)[n // 2]}); stopped: " + ", ".join(
                    f"{stops.count(k)} {k}" for k in ("done", "clear", "budget")))
        deals.clear()
        stops.clear()
        return text

    looks, firsts, finals, charts = run(None)
    line("advisor: rules-of-thumb first look", looks, 0.3)
    line("advisor: first sampled estimate", firsts, 0.3)
    line("advisor: final table (in-process)", finals, 2.0, firsts)
    line("advisor: chart drawn (in-process)", charts)
    print(rested(), flush=True)
    with ProcessPoolExecutor(2) as pool:
        list(pool.map(_warm_worker, range(2)))
        looks, firsts, finals, charts = run(pool)
    line("advisor: first sampled (2 processes)", firsts, 0.3)
    line("advisor: final table (2 processes)", finals, 2.0, firsts)
    print(rested(), flush=True)


def _warm_worker(_: int) -> int:
    warm()
    return os.getpid()


def questions(n: int, seed: int, live: int) -> None:
    """Making a question: a play decision (live), a bid decision from the bank (what the quiz
    does) and, ``live`` times, a bid decision found live (what it did before the bank). The bank
    and live bid questions are made in turn, so both see the same load; CPU time beside wall."""
    xs = [timed(lambda s=seed + i: generate_decision("play-decision", s))  # type: ignore[misc]
          for i in range(n)]
    line("play-decision question generated", xs)
    t = time.perf_counter()
    bank = load_bank()  # read once per process (the first bid question pays it)
    print(f"  bid bank: {len(bank)} entries, read in {1000 * (time.perf_counter() - t):.1f} ms",
          flush=True)
    per_round = 25  # bank questions per round: each is milliseconds
    bank_wall: list[float] = []
    bank_cpu: list[float] = []
    live_wall: list[float] = []
    live_cpu: list[float] = []

    def bid(s: int, found_live: bool) -> Callable[[], object]:
        return lambda: generate_decision("bid-decision", s, live=found_live)

    for r in range(max(n, live)):
        for i in range(per_round):
            bank_wall.append(timed(bid(seed + r * per_round + i, False), cpu=bank_cpu))
        if r < live:
            live_wall.append(timed(bid(seed + r, True), f"live bid question {seed + r}",
                                   cpu=live_cpu))
    line("bid-decision from the bank", bank_wall)
    line("bid-decision from the bank (CPU)", bank_cpu)
    if live_wall:
        line("bid-decision found live", live_wall)
        line("bid-decision found live (CPU)", live_cpu)
        print(f"  bank vs live, p50: ×{pct(live_wall, .5) / max(pct(bank_wall, .5), 1e-9):,.0f}"
              f" wall, ×{pct(live_cpu, .5) / max(pct(bank_cpu, .5), 1e-9):,.0f} CPU faster",
              flush=True)


def next_question(n: int, seed: int, reading: float) -> None:
    """The wait on *Next question* after ``reading`` seconds over each question (a learner
    thinking, then reading the feedback): the quiz makes the next one in the background."""
    for kind in ("play-decision", "bid-decision"):
        quiz = DecisionQuiz([kind], seed=seed)
        waits = []
        for _ in range(n):
            q = quiz.question
            assert q is not None
            time.sleep(reading)  # the learner reads; the worker thread makes the next question
            quiz.answer(sorted(q.key().answer)[0])
            waits.append(timed(quiz.new_question))
        quiz.box.close()
        line(f"{kind}: next question, {reading:g} s read", waits)


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=4, help="bid deals played at the table")
    p.add_argument("--hands", type=int, default=12, help="hands given to the advisor")
    p.add_argument("--frog-deals", type=int, default=12, help="Frog deals bid at the table")
    p.add_argument("--questions", type=int, default=8, help="decision questions per kind")
    p.add_argument("--live", type=int, default=3,
                   help="bid questions found live, against the bank (tens of seconds each)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--reading", type=float, default=20.0,
                   help="seconds a learner spends on a decision question (0: skip that part)")
    p.add_argument("--only", nargs="*", default=[],
                   choices=["table", "advisor", "questions", "next", "frog"],
                   help="only these parts")
    p.add_argument("--quick", action="store_true", help="1 deal, 3 hands, 2 questions")
    a = p.parse_args(argv)
    if a.quick:
        a.deals, a.hands, a.questions, a.live, a.frog_deals = 1, 3, 2, 1, 1
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores",
          flush=True)
    warm()
    parts = set(a.only or ["table", "advisor", "questions", "next", "frog"])
    if "table" in parts:
        table_moves(a.deals, a.seed)
    if "frog" in parts:
        frog_table(a.frog_deals, a.seed)
    if "advisor" in parts:
        advisor(a.hands, a.seed)
    if "questions" in parts:
        questions(a.questions, a.seed, a.live)
    if "next" in parts and a.reading > 0:
        next_question(max(2, a.questions // 2), a.seed, a.reading)
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
