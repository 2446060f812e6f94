"""A bank of bid-decision questions, found offline and shipped with the package.

Making a *what would you bid?* question live (:func:`tutor.quiz.decisions.bid_decision`) means
dealing hands, screening them by the rules of thumb and running the bid advisor on candidates
until one has a **clear** best call (:func:`~tutor.quiz.decision_basics.clear_call`): too slow
for a widget to hide while the learner reads the feedback (figures: ``docs/lessons.md``). So
the questions are found once, offline, with the same criterion and *more* worlds per hand
(:data:`BANK_SAMPLES`, 40 — the bid table's sample size — against the live quiz's 16), and
stored in ``tutor/quiz/data/bid_bank.json``. The quiz then draws an entry by its seed and
rebuilds the question in milliseconds.

Building (reproducible from its seed; any :class:`concurrent.futures.Executor`)::

    python -m tutor.quiz.bank build --count 120 --seed 1 --samples 40 --workers 2
    python -m tutor.quiz.bank show              # the mix of answers, the build's figures

Each *candidate* ``i`` is found from ``random.Random("bid-bank:SEED:i")`` alone: a deal, the
auction played by rule-based bots to a random call (SBS-13..16a), the rules-of-thumb pre-screen
(the game's ``DecisionGame.likes_bid``: a hand they would bid for a *bid* candidate, one they
would pass for a *pass* candidate), then one advisor run with every row on every world
(``adaptive=False``, as live), looked at after :data:`EARLY_LOOK` worlds to give up on a hand
that cannot become clear (:func:`hopeless`). A candidate is kept when its best call is clear —
for a bid candidate, a clear *bid*. Candidates are sent to the executor (a process pool of 2
here, or a Dask cluster's ``Client.get_executor()`` for a class) a few ahead and taken back
**in index order**; the answers are capped at half the bank each way (bids, passes) and the
passes never run more than :data:`PASS_LEAD` ahead of the bids, so the bank depends on the
seed alone — never on which worker finished first — and any prefix of it is a mix. The file
is rewritten atomically (a temporary file, then ``os.replace``) after every entry kept, so a
build stopped early leaves a valid, smaller bank.

One entry holds everything needed to rebuild the position exactly and to explain the answer:

- ``record`` — the hand record (``tutor-record/1``, ``shared/hand-record.md``) stopped at the
  learner's call: the deal and the calls so far; ``seat`` — the learner's seat (to move);
- ``seed``, ``samples`` — the advisor's seed and worlds: rerunning the advisor on the record's
  view with them gives the same table (the tests do, for the cheapest entries);
- ``rows`` — the advisor's table: per row ``[contract, trump letter or null, values]``, the
  solver's value in every world (the bidder's points for Solo and Heart Solo, the target or one
  short for Guarantee and Call Solo, 0/1 for the misères — see
  :func:`tutor.solver.advisor.evaluate_world`). The chips are *not* stored: they are the
  engine's settlement of those values (SBS-10, SBS-11, SBS-27), recomputed on load;
- ``reading`` — the advisor's line on the other players' calls it read into the deals
  (:func:`tutor.engine.inference.read_calls`; empty when nobody else has called);
- ``answer`` — ``pass`` or a contract id; on load it must be the clear call of the rebuilt table
  (else QUIZ-6), so a bank whose numbers were edited cannot ask a question it cannot justify;
- ``candidate``, ``deals`` — the candidate's index and the deals dealt to find it.

Errors: the bank file not a bank (wrong ``format``/``version``, no ``entries``) or an entry whose
answer is not the clear call of its table: :class:`~tutor.quiz.core.QuizError` **QUIZ-6**; an
entry of the wrong shape: :class:`~tutor.errors.RecordError` REC-1; a record that does not
replay: the engine's own error (REC-n or the SBS rule it breaks). Every message names the
entry — ``bid bank entry 17: calls[1]: … — SBS-14: …``.

The answer stays server side: the bank is read by Python; a question's public form holds only
the learner's view and the choices, exactly as for a live question.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any

from ..errors import RecordError
from ..games.tapp import AUCTION, CALL_BASE, PASS, SUIT_LETTERS, SeatView, TappState
from ..solver.advisor import Advice, Row, RowResult, advise_iter, open_rows
from .bankfile import Bank, entry_record, field, save_bank
from .bankfile import load_bank as load_bank_file
from .bid_questions import DEALS, bid_question, screened_position
from .core import DEFAULT_GAME, QuizError
from .decision_basics import DecisionQuestion, clear_call, decision_game

FORMAT = "tutor-bid-bank"
VERSION = 1
#: The bank's game: the bid advisor knows only Six-Bid Solo yet.
GAME = DEFAULT_GAME
#: Worlds per bank entry (offline, so more than the live quiz's 16: the bid table's 40).
BANK_SAMPLES = 40
#: The bank shipped with the package.
BANK_PATH = Path(__file__).with_name("data") / "bid_bank.json"
#: Bid candidates per pass candidate: a clear *bid* is rarer than a clear pass (a strong hand
#: often has two close contracts), so more candidates look for one.
BID_CANDIDATES = 3
#: Passes kept at most this many ahead of the bids, so a build stopped early is still a mix.
PASS_LEAD = 6
#: The early look: after this many worlds a candidate that cannot become clear is given up.
EARLY_LOOK = 16
#: ... judged with every interval shrunk to this fraction of its width (see :func:`hopeless`).
EARLY_SHRINK = 0.5


# --- finding one candidate (runs in a worker) ---------------------------------------------------
def candidate_wants_bid(index: int) -> bool:
    """Candidates ``0..`` cycle ``pass, bid, bid, bid`` (:data:`BID_CANDIDATES` bids a pass)."""
    return index % (BID_CANDIDATES + 1) != 0


def call_token(state: TappState, action: int) -> str:
    """``pass`` or the contract id of a call in ``state``'s game."""
    return str(state.token(action))


def find_candidate(task: tuple[int, int, int]) -> tuple[dict[str, Any] | None, float]:
    """Candidate ``index`` of the build with ``seed`` at ``samples`` worlds: its bank entry
    (None when its best call is not clear) and the CPU seconds it took. A top-level function of
    plain arguments, so any executor can run it (the workers need this package installed)."""
    seed, index, samples = task
    t0 = time.process_time()
    rng = random.Random(f"bid-bank:{seed}:{index}")
    want_bid = candidate_wants_bid(index)
    game = decision_game(GAME).game()
    for deal in range(DEALS):
        screened = screened_position(rng, game, want_bid)  # the live quiz's pre-screen
        if screened is None:
            continue
        state, view, advice_seed = screened
        legal = list(view.legal)
        # every row on every world (as live), in two batches: a look after EARLY_LOOK worlds
        # gives up on a hand that cannot become clear (the worlds and their salts are fixed by
        # the seed, so the batches do not change the figures: the tests rerun it in one batch)
        advice = None
        for advice in advise_iter(view, samples, advice_seed, first=min(EARLY_LOOK, samples),
                                  min_samples=min(EARLY_LOOK, samples), adaptive=False):
            if not advice.done and hopeless(advice, legal, want_bid):
                return None, time.process_time() - t0
        assert advice is not None
        clear = clear_call(advice, legal)
        entry = None
        if clear is not None and not (want_bid and clear[0] == PASS):
            entry = {"candidate": index, "deals": deal + 1, "seat": view.seat,
                     "record": state.record(), "seed": advice_seed, "samples": samples,
                     "rows": [[r.row.contract_id, r.row.trump_letter, list(r.values)]
                              for r in advice.rows],
                     "reading": advice.reading,
                     "answer": call_token(state, clear[0])}
        return entry, time.process_time() - t0
    return None, time.process_time() - t0


def hopeless(advice: Advice, legal: Sequence[int], want_bid: bool) -> bool:
    """After the early look: would the best call still not be clear if every 95% interval
    shrank to half its width (40 worlds instead of 16 shrink it to about 0.6)? A lenient test —
    a hand it gives up on would almost never have become clear — that saves most of the
    advisor's time on the many hands with two close calls. For a bid candidate, also a best
    call of pass (its answer must be a bid)."""
    bounds: dict[int, tuple[float, float, float]] = {PASS: (0.0, 0.0, 0.0)}
    for r in advice.rows:
        a = CALL_BASE + r.row.contract
        if r.n and a in legal and (a not in bounds or r.expected() > bounds[a][0]):
            m = r.expected()
            lo, hi = r.interval()
            bounds[a] = (m, m - (m - lo) * EARLY_SHRINK, m + (hi - m) * EARLY_SHRINK)
    best = max(bounds, key=lambda a: bounds[a][0])
    if want_bid and best == PASS:
        return True
    return not all(bounds[a][2] < bounds[best][1] for a in bounds if a != best)


# --- building -----------------------------------------------------------------------------------
def build(count: int, seed: int, *, samples: int = BANK_SAMPLES,
          executor: Executor | None = None, ahead: int = 4, max_candidates: int = 100_000,
          out: Path | None = None, log: Callable[[str], None] | None = None
          ) -> dict[str, Any]:
    """Find ``count`` clear bid decisions (at most half of them each way, bids and passes) and
    return the bank; with ``out``, write it after every entry kept (atomically).

    Candidates go to ``executor`` (``ahead`` of them in flight; in-process without one) and come
    back in index order, so the result depends only on ``count``, ``seed`` and ``samples``.
    """
    t_wall, t_cpu = time.perf_counter(), time.process_time()
    load = os.getloadavg()[0]
    half = (count + 1) // 2  # each kind's cap: a mix of bids and passes, like the live quiz
    entries: list[dict[str, Any]] = []
    kinds = {"bid": 0, "pass": 0}
    worker_cpu = 0.0
    tried = 0
    pending: deque[tuple[int, Future[tuple[dict[str, Any] | None, float]] | None]] = deque()
    next_index = 0

    def full(want_bid: bool) -> bool:
        return kinds["bid" if want_bid else "pass"] >= half

    def bank() -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION,
                "build": {"count": count, "seed": seed, "samples": samples,
                          "candidates": tried, "worker_cpu_seconds": round(worker_cpu, 1),
                          "wall_seconds": round(time.perf_counter() - t_wall, 1),
                          "main_cpu_seconds": round(time.process_time() - t_cpu, 1),
                          "load_average": [round(load, 2), round(os.getloadavg()[0], 2)]},
                "entries": entries}

    while len(entries) < count and (pending or next_index < max_candidates):
        while len(pending) < ahead and next_index < max_candidates:
            i = next_index
            next_index += 1
            # a pass candidate once the passes are full would be turned away whatever it found:
            # skip it (deterministic, since the kinds are counted in index order)
            if full(candidate_wants_bid(i)):
                continue
            task = (seed, i, samples)
            if executor is None:
                done: Future[tuple[dict[str, Any] | None, float]] = Future()
                done.set_result(find_candidate(task))
                pending.append((i, done))
            else:
                pending.append((i, executor.submit(find_candidate, task)))
        if not pending:
            break
        i, fut = pending.popleft()
        assert fut is not None
        entry, cpu = fut.result()
        tried += 1
        worker_cpu += cpu
        if entry is None:
            continue
        kind = "pass" if entry["answer"] == "pass" else "bid"
        if kinds[kind] >= half or (kind == "pass" and kinds["pass"] >= kinds["bid"] + PASS_LEAD):
            continue  # that kind is full, or passes would run too far ahead of the bids
        kinds[kind] += 1
        entries.append(entry)
        if log is not None:
            log(f"entry {len(entries)}/{count}: candidate {i} -> {entry['answer']} "
                f"({kinds['bid']} bids, {kinds['pass']} passes; {tried} candidates, "
                f"{time.perf_counter() - t_wall:.0f} s)")
        if out is not None:
            save_bank(bank(), out)
    result = bank()
    if out is not None:
        save_bank(result, out)
    return result


# --- loading --------------------------------------------------------------------------------------
def load_bank(path: Path = BANK_PATH) -> Bank:
    """The bid bank at ``path`` (:func:`tutor.quiz.bankfile.load_bank`: read once per version of
    the file; QUIZ-6 when it is not a bank)."""
    return load_bank_file(path, FORMAT, VERSION, "bid bank")


def entry_position(entry: Mapping[str, Any], where: str) -> TappState:
    """Replay the entry's record through the engine's checked ``apply``: the position, with the
    entry's seat to call (SBS-13) — or the engine's error, placed in the entry. The record is a
    deal of the bank's game (:data:`GAME`, REC-1 otherwise)."""
    state, seat = entry_record(entry, where)
    if not isinstance(state, TappState) or state.game.id != GAME:
        raise RecordError("REC-1", f"a bank entry is a deal of {GAME} (the bid advisor knows "
                          "no other game yet)", where=f"{where}.record")
    if state.phase != AUCTION or state.to_move != seat:
        raise RecordError("REC-1", f"the record must stop in the auction with seat {seat} to "
                          "call (SBS-13)", where=f"{where}.record")
    return state


def entry_advice(entry: Mapping[str, Any], state: TappState, where: str) -> Advice:
    """The advisor's table of an entry, rebuilt: each row's solver values as stored, its chips
    and made/failed by the game's settlement (:meth:`~.decision_basics.DecisionGame.row_world`:
    SBS-10, SBS-11, SBS-27) — exactly what :func:`tutor.solver.advisor.evaluate_world` computed
    from the same values."""
    seed = field(entry, "seed", int, where)
    samples = field(entry, "samples", int, where)
    rows = field(entry, "rows", list, where)
    seat = state.to_move
    assert seat is not None
    rules = decision_game(state.game.id)
    players = state.n
    results: list[RowResult] = []
    for k, cell in enumerate(rows):
        at = f"{where}.rows[{k}]"
        ok = (isinstance(cell, list) and len(cell) == 3 and cell[0] in state.CONTRACTS
              and (cell[1] is None or cell[1] in SUIT_LETTERS) and isinstance(cell[2], list)
              and len(cell[2]) == samples
              and all(type(v) is int and 0 <= v <= 120 for v in cell[2]))
        if not ok:
            raise RecordError("REC-1", f"a row is [contract, trump, {samples} solver values]",
                              where=at, what=repr(cell)[:40])
        contract = state.CONTRACTS.index(cell[0]) + 1
        trump = SUIT_LETTERS.index(cell[1]) if cell[1] is not None else -1
        row = Row(contract, trump)
        worlds = [rules.row_world(state, seat, contract, trump, v) for v in cell[2]]
        # fixed-tariff rows: what the bidder wins or loses in all (the advisor's interval maps
        # P(make) onto it); Solo and Heart Solo pay on the margin and need none
        stake = 0 if row.needs_exact() else abs(worlds[0][2]) * (players - 1)
        r = RowResult(row, stake=stake)
        for value, (chips, made, _) in zip(cell[2], worlds, strict=True):
            r.values.append(value)
            r.chips.append(chips)
            r.made.append(made)
        results.append(r)
    # the rows must be the advisor's for this view: every contract still open, with each trump
    open_ = [(r.contract_id, r.trump_letter) for r in open_rows(state.view(seat))]
    if [(r.row.contract_id, r.row.trump_letter) for r in results] != open_:
        raise RecordError("REC-1", "the rows are not the advisor's rows for this position "
                          "(every contract still open, SBS-14, with each trump)",
                          where=f"{where}.rows")
    reading = entry.get("reading", "")
    if not isinstance(reading, str):
        raise RecordError("REC-1", "reading is the advisor's line on the calls it read",
                          where=f"{where}.reading", what=repr(reading)[:40])
    return Advice(seat, seed, samples, results, worlds=samples, done=True, reading=reading)


def entry_question(bank: Bank, index: int, seed: int) -> DecisionQuestion:
    """The bid question of entry ``index``, asked under ``seed`` — replayed, its table rebuilt
    and its stored answer checked against the clarity criterion (QUIZ-6 if they disagree)."""
    entry = bank.entries[index]
    where = f"bid bank entry {index}"
    state = entry_position(entry, where)
    seat = state.to_move
    assert seat is not None
    view: SeatView = state.view(seat)
    advice = entry_advice(entry, state, where)
    legal = list(view.legal)
    clear = clear_call(advice, legal)
    answer = field(entry, "answer", str, where)
    if clear is None or call_token(state, clear[0]) != answer:
        found = "no clear call" if clear is None else call_token(state, clear[0])
        raise QuizError("QUIZ-6", f"the stored answer is not the clear call of the stored "
                        f"advisor table ({found})", where=f"{where}.answer", what=answer)
    deals = entry.get("deals", 1)
    return bid_question(seed, state, view, advice, legal, clear,
                         deals - 1 if isinstance(deals, int) else 0,
                         extra={"bank_entry": index, "record": state.record()})


def bank_question(seed: int, rng: random.Random, *, path: Path | None = None
                  ) -> DecisionQuestion:
    """The bid question for ``seed``: the bank entry ``rng`` picks (``rng`` is seeded from the
    seed, :func:`tutor.quiz.core.from_seed`: the same seed, the same question)."""
    bank = load_bank(path or BANK_PATH)
    return entry_question(bank, rng.randrange(len(bank)), seed)


# --- the command --------------------------------------------------------------------------------
def summary(bank: Bank) -> str:
    """The mix of answers and the build's figures, in a few lines."""
    answers: dict[str, int] = {}
    for e in bank.entries:
        a = str(e.get("answer"))
        answers[a] = answers.get(a, 0) + 1
    calls = [len(e.get("record", {}).get("calls", [])) for e in bank.entries]
    lines = [f"{bank.path}: {len(bank)} entries",
             "answers: " + ", ".join(f"{k} {v}" for k, v in sorted(answers.items(),
                                                                     key=lambda kv: -kv[1])),
             "calls before the question: " + ", ".join(
                 f"{n}: {calls.count(n)}" for n in sorted(set(calls))),
             "build: " + json.dumps(dict(bank.build))]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tutor.quiz.bank",
                                description="Build or show the bid-decision question bank.")
    sub = p.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="find clear bid decisions and write the bank")
    b.add_argument("--count", type=int, default=120)
    b.add_argument("--seed", type=int, default=1)
    b.add_argument("--samples", type=int, default=BANK_SAMPLES)
    b.add_argument("--workers", type=int, default=2, help="processes (0: in-process)")
    b.add_argument("--out", type=Path, default=BANK_PATH)
    s = sub.add_parser("show", help="the mix of answers and the build's figures")
    s.add_argument("path", type=Path, nargs="?", default=BANK_PATH)
    a = p.parse_args(argv)
    if a.command == "show":
        print(summary(load_bank(a.path)))
        return 0

    def log(text: str) -> None:
        print(text, flush=True)

    if a.workers > 0:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(a.workers) as pool:
            build(a.count, a.seed, samples=a.samples, executor=pool, ahead=2 * a.workers,
                  out=a.out, log=log)
    else:
        build(a.count, a.seed, samples=a.samples, out=a.out, log=log)
    print(summary(load_bank(a.out)))
    return 0


__all__ = ["BANK_PATH", "BANK_SAMPLES", "FORMAT", "GAME", "VERSION", "Bank", "bank_question",
           "build", "entry_advice", "entry_position", "entry_question", "find_candidate",
           "load_bank", "main", "save_bank", "summary"]

if __name__ == "__main__":
    sys.exit(main())
