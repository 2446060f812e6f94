"""The bid-decision bank (tutor.quiz.bank): it loads, every entry replays through the engine and
makes a well-formed question, the cheapest entries re-derived by the advisor from their stored
seed give the same table and answer (the bank is real), corrupt entries raise typed errors that
name the entry, questions by seed are deterministic, and grading works on bank questions.
"""

from __future__ import annotations

import copy
import json
import os
import random
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from conftest_lesson import mentions

from tutor.errors import IllegalActionError, RecordError, TutorError
from tutor.games.six_bid_solo.rules import CONTRACTS, parse_call
from tutor.games.tapp import CALL_BASE, CARDS, PASS
from tutor.quiz import QuizError
from tutor.quiz import bank as bk
from tutor.quiz import decisions as dq
from tutor.quiz.decision_session import DecisionSession
from tutor.solver.advisor import advise_view

BANK = bk.load_bank()


def token(action: int) -> str:
    return "pass" if action == PASS else CONTRACTS[action - CALL_BASE - 1]


def write_bank(tmp_path: Path, entries: list[dict[str, Any]], **top: Any) -> Path:
    path = tmp_path / "bank.json"
    data = {"format": bk.FORMAT, "version": bk.VERSION, "build": {}, "entries": entries, **top}
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_bank_loads_with_a_mix_of_answers() -> None:
    raw = json.loads(bk.BANK_PATH.read_text(encoding="utf-8"))
    assert raw["format"] == bk.FORMAT and raw["version"] == bk.VERSION
    assert len(BANK) >= 100  # see the build figures in raw["build"]
    answers = [e["answer"] for e in BANK.entries]
    bids = [a for a in answers if a != "pass"]
    assert answers.count("pass") >= len(BANK) // 4 and len(bids) >= len(BANK) // 4
    assert len(set(bids)) >= 2  # more than one contract among the bids
    assert all(e["samples"] >= 40 for e in BANK.entries)  # more worlds than the live 16
    assert bk.BANK_PATH.stat().st_size < 400_000  # compact: package data, not a data dump
    assert f"{len(BANK)} entries" in bk.summary(BANK)


def test_every_entry_replays_and_makes_a_well_formed_question() -> None:
    for i, entry in enumerate(BANK.entries):
        q = bk.entry_question(BANK, i, 1000 + i)
        where = f"entry {i}"
        pos = bk.entry_position(entry, where)
        seat = entry["seat"]
        assert q.kind == "bid-decision" and q.view is not None and q.view.seat == seat
        # the choices are exactly the legal calls there (SBS-14), the answer one of them
        legal = pos.legal_actions()
        assert set(q.values) == {token(a) for a in legal}, where
        assert q.key().answer == {entry["answer"]} and entry["answer"] in q.values, where
        assert {"SBS-14", "SBS-10", "SBS-11", "SBS-27"} <= set(q.key().rules)
        # the view is the learner's: own hand, the calls so far; nothing of the answer
        assert q.view.legal == () and q.view.hand == pos.view(seat).hand
        assert [t for _, t in q.view.calls] == entry["record"].get("calls", [])
        text = json.dumps(q.public(), ensure_ascii=False)
        hidden = {c.text for c in CARDS} - {c.text for c in q.view.visible_cards()}
        assert not mentions(text, hidden), where
        assert q.key().explanation not in text and "expected_chips" not in text
        assert "record" not in q.public() and "bank_entry" not in text
        # the evidence for the feedback: the advisor's table on every world of every row
        advice = q.detail()["advice_obj"]
        assert advice.worlds == entry["samples"] and advice.seed == entry["seed"]
        assert all(r.n == entry["samples"] for r in advice.rows)
        assert dq.clear_call(advice, list(legal)) is not None


def test_cheapest_entries_rederived_by_the_advisor() -> None:
    """The cheapest entry found again by the builder from the build's seed; the next rerun by
    the advisor on the rebuilt view with the stored seed (in one batch, not the builder's two):
    the same values in every world, the same chips and the same clear call — the bank holds the
    advisor's own tables."""
    by_cost = sorted(range(len(BANK)), key=lambda i: len(BANK.entries[i]["rows"]))
    cheapest = by_cost[:2]
    # and the cheapest entry where another player has called: its worlds read that call
    read = next(i for i in by_cost if BANK.entries[i]["reading"])
    assert BANK.entries[read]["reading"].startswith("Calls read")
    cheapest.append(read)
    # the cheapest entry found again from the build's seed and its candidate number alone:
    # the same deal, auction, advisor seed, table and answer
    first = BANK.entries[cheapest[0]]
    again_entry, _ = bk.find_candidate((BANK.build["seed"], first["candidate"],
                                        first["samples"]))
    assert again_entry == first
    for i in cheapest[1:]:
        entry = BANK.entries[i]
        pos = bk.entry_position(entry, f"entry {i}")
        view = pos.view(entry["seat"])
        again = advise_view(view, entry["samples"], entry["seed"], first=entry["samples"],
                            adaptive=False)
        assert [[r.row.contract_id, r.row.trump_letter, r.values] for r in again.rows] \
            == entry["rows"]
        assert again.reading == entry["reading"]
        stored = bk.entry_advice(entry, pos, f"entry {i}")
        assert [r.chips for r in again.rows] == [r.chips for r in stored.rows]
        assert [r.made for r in again.rows] == [r.made for r in stored.rows]
        assert [r.interval() for r in again.rows] == [r.interval() for r in stored.rows]
        assert again.as_dict()["rows"] == stored.as_dict()["rows"]
        clear = dq.clear_call(again, list(view.legal))
        assert clear is not None and token(clear[0]) == entry["answer"]


def test_questions_by_seed_are_deterministic_and_spread_over_the_bank() -> None:
    a = [dq.generate_decision("bid-decision", s) for s in range(40)]
    b = [dq.generate_decision("bid-decision", s) for s in range(40)]
    assert [q.public() for q in a] == [q.public() for q in b]
    assert [q.key() for q in a] == [q.key() for q in b]
    assert [q.id for q in a] == [f"bid-decision#{s}" for s in range(40)]
    assert len({q.detail()["bank_entry"] for q in a}) >= min(15, len(BANK) // 2)
    with pytest.raises(QuizError, match="QUIZ-3"):
        dq.generate_decision("bid-decision", "3")  # type: ignore[arg-type]


def test_grading_and_feedback_on_bank_questions(tmp_path: Path) -> None:
    q = dq.generate_decision("bid-decision", 5)
    answer = sorted(q.key().answer)[0]
    fb = dq.grade_decision(q, answer)
    assert fb.correct and "SBS-14" in fb.rules and "advisor" in fb.explanation
    assert f"solved {q.detail()['advice_obj'].worlds} deals" in fb.explanation
    wrong = next(v for v in q.values if v != answer)
    fb = dq.grade_decision(q, wrong)
    assert not fb.correct and "chips by the advisor" in fb.explanation
    assert fb.correct_answer == (q.label_of(answer),)
    with pytest.raises(QuizError, match="QUIZ-1"):
        dq.grade_decision(q, "grand")
    from tutor.quiz import Progress

    session = DecisionSession(progress=Progress.for_learner(tmp_path, "bo", durable=False),
                                 kinds=["bid-decision"])
    q2 = session.next()
    fb2 = session.answer(q2, sorted(q2.key().answer)[0])
    assert fb2.correct and fb2.score is not None and fb2.score.text == "1 of 1 right"


# --- corrupt banks ------------------------------------------------------------------------------
def corrupt(tmp_path: Path, change: Any) -> bk.Bank:
    entry = copy.deepcopy(dict(BANK.entries[0]))
    change(entry)
    return bk.load_bank(write_bank(tmp_path, [entry]))


def test_corrupt_entries_raise_typed_errors_naming_the_entry(tmp_path: Path) -> None:
    def bad_card(e: dict[str, Any]) -> None:
        e["record"]["hands"][0][0] = "XX"

    with pytest.raises(TutorError, match=r"bid bank entry 0: hands\[0\]\[0\].*REC-3"):
        bk.entry_question(corrupt(tmp_path, bad_card), 0, 1)

    def twice(e: dict[str, Any]) -> None:
        e["record"]["hands"][0][0] = e["record"]["hands"][1][0]

    with pytest.raises(RecordError, match=r"bid bank entry 0.*REC-4"):
        bk.entry_question(corrupt(tmp_path, twice), 0, 1)

    def no_seed(e: dict[str, Any]) -> None:
        del e["seed"]

    with pytest.raises(RecordError, match=r"bid bank entry 0\.seed.*REC-1"):
        bk.entry_question(corrupt(tmp_path, no_seed), 0, 1)

    def bad_value(e: dict[str, Any]) -> None:
        e["rows"][0][2][3] = 500

    with pytest.raises(RecordError, match=r"bid bank entry 0\.rows\[0\].*REC-1"):
        bk.entry_question(corrupt(tmp_path, bad_value), 0, 1)

    def row_missing(e: dict[str, Any]) -> None:
        del e["rows"][-1]

    with pytest.raises(RecordError, match=r"bid bank entry 0\.rows: REC-1"):
        bk.entry_question(corrupt(tmp_path, row_missing), 0, 1)

    def other_seat(e: dict[str, Any]) -> None:
        e["seat"] = (e["seat"] + 1) % 3

    with pytest.raises(RecordError, match=r"bid bank entry 0\.record.*SBS-13"):
        bk.entry_question(corrupt(tmp_path, other_seat), 0, 1)

    def other_answer(e: dict[str, Any]) -> None:
        e["answer"] = "spread" if e["answer"] != "spread" else "pass"

    with pytest.raises(QuizError, match=r"bid bank entry 0\.answer.*QUIZ-6"):
        bk.entry_question(corrupt(tmp_path, other_answer), 0, 1)

    def frog(e: dict[str, Any]) -> None:  # a Frog deal: the advisor knows no other game yet
        e["record"]["game"] = "frog"
        e["record"]["calls"], e["record"]["options"] = [], {}

    with pytest.raises(RecordError, match=r"bid bank entry 0\.record.*REC-1.*six-bid-solo"):
        bk.entry_question(corrupt(tmp_path, frog), 0, 1)


def test_an_illegal_call_in_an_entry_names_the_call(tmp_path: Path) -> None:
    """A call that breaks SBS-14 (not higher than the standing bid) in an entry's record."""
    i = next(i for i, e in enumerate(BANK.entries)
             if any(c != "pass" for c in e["record"].get("calls", [])))
    entry = copy.deepcopy(dict(BANK.entries[i]))
    calls = entry["record"]["calls"]
    k = next(k for k, c in enumerate(calls) if c != "pass")
    assert parse_call(calls[k]) >= CALL_BASE + 1
    entry["record"]["calls"] = [*calls[: k + 1], calls[k]]  # the same contract again
    path = write_bank(tmp_path, [entry])
    with pytest.raises(IllegalActionError, match=rf"bid bank entry 0: calls\[{k + 1}\]"):
        bk.entry_question(bk.load_bank(path), 0, 1)


def test_a_file_that_is_not_a_bank(tmp_path: Path) -> None:
    for data, what in (({"format": "x"}, "not a bid bank"),
                       ({"format": bk.FORMAT, "version": 99, "entries": [{}]}, "version"),
                       ({"format": bk.FORMAT, "version": bk.VERSION, "entries": []}, "entries")):
        path = tmp_path / f"b{len(what)}.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        with pytest.raises(QuizError, match=f"QUIZ-6: .*{what}"):
            bk.load_bank(path)
    with pytest.raises(QuizError, match="QUIZ-6"):
        bk.load_bank(tmp_path / "missing.json")
    with pytest.raises(QuizError, match="QUIZ-6"):
        bk.bank_question(1, random.Random(1), path=tmp_path / "missing.json")


# --- building -----------------------------------------------------------------------------------
def test_build_is_reproducible_whatever_the_executor(tmp_path: Path) -> None:
    """A tiny build (few worlds): the same seed gives the same bank in-process and on a pool,
    written atomically (no temporary file left, readable package data)."""
    out = tmp_path / "small.json"
    alone = bk.build(1, 3, samples=6, out=out)
    with ThreadPoolExecutor(2) as pool:
        pooled = bk.build(1, 3, samples=6, executor=pool, ahead=3)
    assert alone["entries"] == pooled["entries"] and len(alone["entries"]) == 1
    assert [p.name for p in tmp_path.iterdir()] == ["small.json"]
    assert oct(out.stat().st_mode & 0o777) == oct(0o644)
    small = bk.load_bank(out)
    q = bk.entry_question(small, 0, 1)
    assert q.key().answer == {alone["entries"][0]["answer"]}
    assert alone["build"]["seed"] == 3 and alone["build"]["candidates"] >= 1
    assert os.path.getsize(out) > 0


def test_the_bank_file_is_never_served_to_the_browser() -> None:
    """The answers live in the bank file: Voilà serves the notebooks folder only, and its file
    settings deny every .json there (assets/voila.json) — the bank is read by Python alone."""
    root = Path(__file__).resolve().parents[1]
    voila = json.loads((root / "assets" / "voila.json").read_text(encoding="utf-8"))
    cfg = voila["VoilaConfiguration"]
    name = "tutor/quiz/data/bid_bank.json"
    assert not any(re.fullmatch(p, name) for p in cfg["file_allowlist"])
    assert any(re.fullmatch(p, name) for p in cfg["file_denylist"])
    assert root / "notebooks" not in bk.BANK_PATH.parents
