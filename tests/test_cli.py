"""``python -m tutor solve`` and ``advise``: the same objects as ``tutor.solve``/``tutor.advise``,
one error line and exit 1 on a bad record, exit 2 on usage errors. (``replay``: test_records.py)
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from sbs import rec

import tutor


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tutor", *args], capture_output=True, text=True,
                          check=False)


@pytest.fixture
def write(tmp_path: Path):  # type: ignore[no-untyped-def]
    def _write(record: object) -> str:
        path = tmp_path / "record.json"
        path.write_text(json.dumps(record))
        return str(path)
    return _write


def test_solve_prints_tutor_solve(write) -> None:  # type: ignore[no-untyped-def]
    # BASE stops after trick 1 (AS 7S 6S) of a Solo in spades: 10 tricks to go, bidder to lead
    record = rec()
    out = run("solve", write(record))
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout)
    assert got == tutor.solve(record)
    assert set(got["cards"]) == set(tutor.replay(record)["legal"])
    assert got["value"] == max(got["cards"].values())  # the bidder to move takes the best card


def test_solve_errors(write) -> None:  # type: ignore[no-untyped-def]
    out = run("solve", write(rec(calls=["solo"], declare=None, play=[])))
    assert out.returncode == 1 and "SBS-22" in out.stderr and out.stderr.count("\n") == 1
    out = run("solve", write(rec(play=["AS", "AH"])))
    assert out.returncode == 1 and out.stderr == "play[1]: AH — SBS-23: must follow suit ♠\n"
    assert run("solve").returncode == 2


def test_advise_prints_tutor_advise(write) -> None:  # type: ignore[no-untyped-def]
    record = rec(calls=[], declare=None, play=[])
    out = run("advise", write(record), "--samples", "6", "--seed", "3")
    assert out.returncode == 0, out.stderr
    got, want = json.loads(out.stdout), tutor.advise(record, 6, 3)
    got.pop("seconds"), want.pop("seconds")  # how long it took: the only thing that may differ
    assert got == want and got["rows"]
    out = run("advise", write(rec()), "--samples", "6")
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert run("advise", write(record), "--samples", "0").returncode == 2
    assert run("advise", write(record), "--seed", "x").returncode == 2


def test_hostile_files_and_flags_give_one_line_and_the_limit(tmp_path: Path) -> None:
    """docs/hardening.md: nesting, size and number limits on a file; flags out of range exit 2
    naming the range; never a traceback."""
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 1000 + "]" * 1000)
    for command in ("replay", "solve", "advise"):
        out = run(command, str(deep))
        assert out.returncode == 1 and out.stderr.count("\n") == 1, out.stderr
        assert "REC-1: nested more than 20 levels" in out.stderr
    out = run("replay", "/dev/zero")
    assert out.returncode == 1 and "more than 1,048,576 bytes" in out.stderr
    record = tmp_path / "r.json"
    record.write_text(json.dumps(rec(calls=[], declare=None, play=[])))
    for flag, value, allowed in (("--samples", "1000000000000", "from 1 to 1,000"),
                                 ("--samples", "-3", "from 1 to 1,000"),
                                 ("--seed", "9" * 5000, "from 0 to 4,294,967,295"),
                                 ("--seed", "1e3", "from 0 to 4,294,967,295")):
        out = run("advise", str(record), flag, value)
        assert out.returncode == 2 and allowed in out.stderr and "Traceback" not in out.stderr
        assert len(out.stderr) < 400  # the 5,000 digits are not repeated


def test_solve_and_advise_refuse_a_crazy_solo_record_in_one_line(write) -> None:  # type: ignore[no-untyped-def]
    """The double-dummy solver and the bid advisor are for three hands: a Crazy Solo deal (up to
    twelve) is refused naming REC-2 and the game, not tried (its bots search in their own
    room, tutor/games/crazy_solo/pimc.py)."""
    record = json.loads((Path(__file__).resolve().parents[1] / "notebooks" / "deals"
                         / "crazy-solo-takeover.json").read_text(encoding="utf-8"))
    in_play = {**record, "play": record["play"][:7]}
    out = run("solve", write(in_play))
    assert (out.returncode, out.stdout) == (1, "")
    assert out.stderr == "game: crazy-solo — REC-2: the solver does not know crazy-solo yet\n"
    in_auction = {k: v for k, v in record.items() if k not in ("declare", "play")}
    in_auction["calls"] = record["calls"][:1]
    out = run("advise", write(in_auction))
    assert (out.returncode, out.stdout) == (1, "")
    assert out.stderr == "game: crazy-solo — REC-2: the advisor does not know crazy-solo yet\n"


def test_a_reader_that_stops_early_is_no_internal_error(write) -> None:  # type: ignore[no-untyped-def]
    """``python -m tutor replay deal.json | head -c 10``: the reader closes the pipe; the command
    ends quietly with the shells' code for it (128 + SIGPIPE), not an internal error."""
    import os

    path = write(rec())
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the tutor writes a byte
    try:
        out = subprocess.run([sys.executable, "-m", "tutor", "replay", path], stdout=write_end,
                             stderr=subprocess.PIPE, text=True, check=False)
    finally:
        os.close(write_end)
    assert (out.returncode, out.stderr) == (141, "")
