"""Auction Pitch's *what would you call?* questions: found offline, shipped with the package.

**The answer is the Monte-Carlo bot's.** For the player to speak, each legal call is valued by
:func:`~.pimc.bid_values`: worlds sampled from the player's view (the other hands and the cards
never dealt, PI-3), and in each the call made and the rest of the hand bid and played by the
rules of thumb, scored as the player's score change (PI-11). A question is asked **only when
the best call is statistically clear**: the values are taken in :data:`BATCHES` independent
batches of :data:`WORLDS` worlds (each batch its own seed), and for every other call the best
call's lead — its batch means less the other call's, batch by batch — must average at least
:data:`MARGIN` points *plus two standard errors* of that average (:func:`clear_call`). Two
calls that do the same in every world (a bid of 1 that is always outbid plays like a pass)
are never clear of each other.

**Why a bank.** One position costs 8 × 32 sampled hands per call, about a third of a second of
CPU, and about half the positions are not clear: found live, a question would take a second or
more on a loaded machine and more for a bid than a pass. So the positions are found once,
offline, and stored in ``bid_bank.json`` beside this module; the quiz draws an entry by its
seed and rebuilds the question from its record in milliseconds.

Building (reproducible from its seed; two worker processes)::

    python -m tutor.games.auction_pitch.bid_bank build --count 80 --seed 1 --workers 2
    python -m tutor.games.auction_pitch.bid_bank show

Candidate ``i`` is found from ``random.Random("pitch-bid-bank:SEED:i")`` alone: a table of 3
to 7, a deal, the auction bid by the rule bot up to a random call, the batches' seed. The
candidates are taken back in index order and at most half the bank is passes (and the passes
never run more than :data:`PASS_LEAD` ahead of the bids), so the bank depends on its seed
alone, never on which worker finished first.

An entry holds ``record`` (the hand record stopped at the learner's call), ``seat``,
``seed`` (batch ``b`` samples with ``random.Random(f"pitch-bid:{seed}:{b}")``), ``batches``,
``worlds``, ``means`` (per call, each batch's mean score change: multiples of 1/32, exact in
JSON) and ``answer``. On load the answer must be the clear call of the stored means (else
QUIZ-6); the record must replay to the seat's call (else the engine's own error, placed in the
entry). The answer stays server side: a question's public form holds the seat's hand, the
calls and the choices.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
from collections import Counter, deque
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...errors import RecordError
from ...quiz.bankfile import Bank, entry_record, field, save_bank
from ...quiz.bankfile import load_bank as load_bank_file
from ...quiz.core import AnswerKey, Choice, Question, QuizError
from .pimc import bid_values, rule_action
from .presentation import PitchPresentation
from .rules import (
    AUCTION,
    CARDS,
    GAME_ID,
    HAND_SIZE,
    N_CARDS,
    AuctionPitch,
    PitchState,
    PitchView,
    call_token,
    mask_cards,
)

FORMAT = "tutor-pitch-bid-bank"
VERSION = 1
#: Independent batches of worlds, and worlds per batch.
BATCHES = 8
WORLDS = 32
#: The best call's lead over every other, in points of score change per hand, beyond two
#: standard errors.
MARGIN = 0.25
#: The bank shipped with the package.
BANK_PATH = Path(__file__).with_name("bid_bank.json")
#: Table sizes a candidate is dealt at (PI-2), four most often.
TABLES = (3, 4, 4, 4, 5, 5, 6, 7)
#: Passes kept at most this many ahead of the bids, so a build stopped early is still a mix.
PASS_LEAD = 4
_WORDS = PitchPresentation()


# --- the criterion --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Lead:
    """The best call's lead over one other call: the mean of the batch differences and its
    standard error."""

    call: str
    mean: float
    se: float

    @property
    def low(self) -> float:
        """The lead less two standard errors: clear when at least :data:`MARGIN`."""
        return self.mean - 2 * self.se


def leads(means: Mapping[str, Sequence[float]]) -> tuple[str, list[Lead]]:
    """The call with the best mean over the batches, and its lead over each other call."""
    overall = {c: statistics.fmean(v) for c, v in means.items()}
    best = max(overall, key=lambda c: overall[c])  # a tie is never clear: either will do
    out = []
    for call, values in means.items():
        if call == best:
            continue
        diffs = [a - b for a, b in zip(means[best], values, strict=True)]
        se = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.inf
        out.append(Lead(call, statistics.fmean(diffs), se))
    return best, out


def clear_call(means: Mapping[str, Sequence[float]], margin: float = MARGIN) -> str | None:
    """The best call when it leads every other by at least ``margin`` plus two standard
    errors over the batches, else None."""
    if len(means) < 2:
        return None
    best, others = leads(means)
    return best if all(lead.low >= margin for lead in others) else None


def batch_rng(seed: int, batch: int) -> random.Random:
    """The sampler's random stream of one batch of an entry."""
    return random.Random(f"pitch-bid:{seed}:{batch}")


def batch_means(view: PitchView, seed: int, batches: int = BATCHES, worlds: int = WORLDS
                ) -> dict[str, list[float]]:
    """Each legal call's mean score change in each batch (:func:`~.pimc.bid_values`)."""
    out: dict[str, list[float]] = {call_token(a): [] for a in view.legal}
    for b in range(batches):
        values = bid_values(view, worlds, batch_rng(seed, b))
        for a, (mean, _) in values.items():
            out[call_token(a)].append(mean)
    return out


# --- finding one candidate (runs in a worker) -----------------------------------------------------
def candidate_position(rng: random.Random) -> PitchState:
    """A table of 3 to 7, a deal, and the auction bid by the rule bot up to a random call."""
    game = AuctionPitch({"players": rng.choice(TABLES)})
    state = game.new_deal(rng, rng.randrange(game.players))
    for _ in range(rng.randrange(game.players)):
        state.apply(rule_action(state))
    return state


def find_candidate(task: tuple[int, int]) -> tuple[dict[str, Any] | None, float]:
    """Candidate ``index`` of the build with ``seed``: its entry (None when no call is clear)
    and the CPU seconds it took. A top-level function of plain arguments (any executor)."""
    seed, index = task
    t0 = time.process_time()
    rng = random.Random(f"pitch-bid-bank:{seed}:{index}")
    state = candidate_position(rng)
    seat = state.to_move
    assert seat is not None and state.phase == AUCTION
    view = state.view(seat)
    values_seed = rng.getrandbits(31)
    means = batch_means(view, values_seed)
    answer = clear_call(means)
    if answer is None:
        return None, time.process_time() - t0
    entry = {"candidate": index, "seat": seat, "record": state.record(), "seed": values_seed,
             "batches": BATCHES, "worlds": WORLDS, "means": means, "answer": answer}
    return entry, time.process_time() - t0


# --- building ------------------------------------------------------------------------------------
def build(count: int, seed: int, *, executor: Executor | None = None, ahead: int = 4,
          max_candidates: int = 20_000, out: Path | None = None,
          log: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Find ``count`` clear calls (at most half of them passes) and return the bank; with
    ``out``, write it after every entry kept (atomically). Candidates come back in index order,
    so the bank depends only on ``count`` and ``seed``."""
    t_wall, t_cpu = time.perf_counter(), time.process_time()
    load = os.getloadavg()[0]
    half = count // 2
    entries: list[dict[str, Any]] = []
    kinds = {"bid": 0, "pass": 0}
    worker_cpu = 0.0
    tried = 0
    pending: deque[tuple[int, Future[tuple[dict[str, Any] | None, float]]]] = deque()
    next_index = 0

    def bank() -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION,
                "build": {"count": count, "seed": seed, "batches": BATCHES, "worlds": WORLDS,
                          "margin": MARGIN, "candidates": tried,
                          "worker_cpu_seconds": round(worker_cpu, 1),
                          "wall_seconds": round(time.perf_counter() - t_wall, 1),
                          "main_cpu_seconds": round(time.process_time() - t_cpu, 1),
                          "load_average": [round(load, 2), round(os.getloadavg()[0], 2)]},
                "entries": entries}

    while len(entries) < count and (pending or next_index < max_candidates):
        while len(pending) < ahead and next_index < max_candidates:
            task = (seed, next_index)
            if executor is None:
                done: Future[tuple[dict[str, Any] | None, float]] = Future()
                done.set_result(find_candidate(task))
                pending.append((next_index, done))
            else:
                pending.append((next_index, executor.submit(find_candidate, task)))
            next_index += 1
        i, fut = pending.popleft()
        entry, cpu = fut.result()
        tried += 1
        worker_cpu += cpu
        if entry is None:
            continue
        kind = "pass" if entry["answer"] == "pass" else "bid"
        if kind == "pass" and (kinds["pass"] >= half
                               or kinds["pass"] >= kinds["bid"] + PASS_LEAD):
            continue
        kinds[kind] += 1
        entries.append(entry)
        if log is not None:
            log(f"entry {len(entries)}/{count}: candidate {i} -> {entry['answer']} "
                f"({kinds['bid']} bids, {kinds['pass']} passes; {tried} candidates, "
                f"{time.perf_counter() - t_wall:.0f} s)")
        if out is not None:
            save_bank(bank(), out)
    for _, fut in pending:
        fut.cancel()
    result = bank()
    if out is not None:
        save_bank(result, out)
    return result


# --- loading --------------------------------------------------------------------------------------
def load_bank(path: Path = BANK_PATH) -> Bank:
    """The Pitch bid bank at ``path`` (:func:`tutor.quiz.bankfile.load_bank`: read once per
    version of the file; QUIZ-6 when it is not a bank)."""
    return load_bank_file(path, FORMAT, VERSION, "Pitch bid bank")


def entry_position(entry: Mapping[str, Any], where: str) -> PitchState:
    """The entry's record replayed through the checked ``apply``: the position with the
    entry's seat to call (PI-4), or the engine's error placed in the entry."""
    state, seat = entry_record(entry, where)
    if not isinstance(state, PitchState) or state.game.id != GAME_ID:
        raise RecordError("REC-1", f"a bank entry is a deal of {GAME_ID}",
                          where=f"{where}.record")
    if state.phase != AUCTION or state.to_move != seat:
        raise RecordError("REC-1", f"the record must stop in the auction with seat {seat} to "
                          "call (PI-4)", where=f"{where}.record")
    return state


def checked_entry(entry: Mapping[str, Any], where: str
                  ) -> tuple[PitchState, dict[str, list[float]], str]:
    """The entry's position, its means and its answer — the answer being the clear call of
    the means, whose calls are the position's legal calls (else QUIZ-6)."""
    state = entry_position(entry, where)
    raw = field(entry, "means", dict, where)
    legal = [call_token(a) for a in state.legal_calls()]
    batches = field(entry, "batches", int, where)
    means: dict[str, list[float]] = {}
    for call in legal:
        values = raw.get(call)
        if not isinstance(values, list) or len(values) != batches or not all(
                isinstance(v, int | float) and not isinstance(v, bool) for v in values):
            raise QuizError("QUIZ-6", f"the means must give {batches} numbers for every legal "
                            f"call ({', '.join(legal)})", where=f"{where}.means",
                            what=repr(call))
        means[call] = [float(v) for v in values]
    if set(raw) != set(legal):
        raise QuizError("QUIZ-6", "the means name a call that is not legal here (PI-4b)",
                        where=f"{where}.means", what=", ".join(sorted(set(raw) - set(legal))))
    answer = field(entry, "answer", str, where)
    if clear_call(means) != answer:
        raise QuizError("QUIZ-6", "the stored answer is not the clear call of its means",
                        where=f"{where}.answer", what=answer)
    return state, means, answer


# --- the question ---------------------------------------------------------------------------------
def choice_label(state: PitchState, token: str) -> str:
    """``pass``, ``bid 2``; the dealer's bid at the highest bid so far: ``steal at 2``."""
    if token == "pass":
        return "pass"
    if state.to_move == state.dealer and int(token) == state.high:
        return f"steal at {token}"
    return f"bid {token}"


def bid_question(seed: int, rng: random.Random) -> Question:
    """What would you call? A banked position whose best call is clear (PI-4b, PI-11)."""
    bank = load_bank()
    index = rng.randrange(len(bank))
    where = f"Pitch bid bank entry {index}"
    state, means, answer = checked_entry(bank.entries[index], where)
    seat = state.to_move
    assert seat is not None
    n = state.n
    batches = len(next(iter(means.values())))
    worlds = field(bank.entries[index], "worlds", int, where)
    best, others = leads(means)
    overall = {c: statistics.fmean(v) for c, v in means.items()}
    legal = [call_token(a) for a in state.legal_calls()]
    ranked = sorted(legal, key=lambda c: -overall[c])
    values = ", ".join(f"{choice_label(state, c)} {_points(overall[c])}" for c in ranked)
    closest = min(others, key=lambda lead: lead.low)
    place = _WORDS.seat_name(seat, state.order)
    explanation = (
        f"Over {batches} × {worlds} deals sampled from what you see — the other hands and the "
        f"{N_CARDS - HAND_SIZE * n} cards never dealt placed at random — each call was made and "
        f"the rest of the hand bid and played by the rules of thumb. Your average score change: "
        f"{values}. {choice_label(state, best).capitalize()} is clearly best: its lead over "
        f"the closest call, {choice_label(state, closest.call)}, is {closest.mean:.2f} points "
        f"a hand with a standard error of {closest.se:.2f} over the {batches} batches — more "
        f"than {MARGIN} plus two standard errors. A pitcher short of the bid loses the whole "
        f"bid (PI-11); the calls open to you are PI-4b's.")
    rules = ("PI-4b", "PI-11")
    reasons = {c: f"averages {_points(overall[c])} points a hand" for c in legal}
    hand = mask_cards(state.hands[seat])
    calls = tuple(state.calls())
    high = state.high
    facts = (("Table", f"{n} players; seat {state.dealer} deals"),
             ("You are", f"seat {seat} ({place})"),
             ("Highest bid so far", str(high) if high else "none"),
             ("Never dealt", f"{N_CARDS - HAND_SIZE * n} cards (PI-3)"))
    return Question(
        kind="bid", seed=seed,
        prompt=(f"You are seat {seat} ({place}) at a table of {n}, with these cards. What do "
                "you call?"),
        choices=tuple(Choice(c, choice_label(state, c)) for c in legal), multi=False,
        rules=rules, cards=tuple(CARDS[c] for c in hand), calls=calls, active=state.order,
        facts=facts,
        context={"players": n, "seat": seat, "dealer": state.dealer, "entry": index,
                 "calls": [t for _, t in calls], "high": high},
        _key=AnswerKey(frozenset({answer}), explanation, rules, reasons))


def _points(value: float) -> str:
    """``+1.41``, ``−0.30`` (a true minus sign)."""
    text = f"{value:+.2f}"
    return text.replace("-", "−")


# --- the command line -----------------------------------------------------------------------------
def show(bank: Bank) -> str:
    """The bank's mix of answers and table sizes, and its build's figures."""
    answers = Counter(str(e.get("answer")) for e in bank.entries)
    tables = Counter(len(e["record"]["hands"]) for e in bank.entries)
    return (f"{len(bank)} entries: answers {dict(sorted(answers.items()))}; tables "
            f"{dict(sorted(tables.items()))}\nbuild: {json.dumps(dict(bank.build))}")


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutor.games.auction_pitch.bid_bank",
                                     description="Build or show Auction Pitch's bid bank.")
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="find clear bid decisions and write the bank")
    b.add_argument("--count", type=int, default=80)
    b.add_argument("--seed", type=int, default=1)
    b.add_argument("--workers", type=int, default=2)
    b.add_argument("--out", type=Path, default=BANK_PATH)
    sub.add_parser("show", help="the bank's mix and build figures")
    args = parser.parse_args(argv)
    if args.command == "show":
        print(show(load_bank()))
        return 0
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            build(args.count, args.seed, executor=pool, ahead=2 * args.workers, out=args.out,
                  log=print)
    else:
        build(args.count, args.seed, out=args.out, log=print)
    print(show(load_bank(args.out)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))


__all__ = ["BANK_PATH", "BATCHES", "MARGIN", "WORLDS", "Bank", "Lead", "batch_means",
           "batch_rng", "bid_question", "build", "checked_entry", "clear_call",
           "entry_position", "find_candidate", "leads", "load_bank", "save_bank"]
