"""The shipped problems: one hand record per problem in ``tutor/problems/data/<game>/``.

:func:`index` lists them cheaply (id, level, title, contract — read from the JSON, nothing
replayed) for a lesson's list; :func:`load` reads and checks one in full
(:func:`tutor.problems.problem.read`). The records were written by the generator in batches
(:data:`SHIPPED`): the end positions by ``python -m tutor.problems.generate --seed 1 --count
56 --out tutor/problems/data/<game>``, the first-lead problems by ``… --seed 1 --count 24
--prefix sbs-lead --recipes opening``, the Call Solo defenders' by ``… --seed 1 --count 4
--prefix sbs-call --recipes call-defence``; the tests re-prove them
(``tests/test_problems.py``; every one under ``make soak``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ..engine.jsonio import parse_json, read_bounded
from ..errors import RecordError
from .goal import ProblemError
from .problem import SECTION, Problem, read

DATA = Path(__file__).resolve().parent / "data"
#: How each game's shipped problems were made, batch by batch: ``generate(game, **batch)``
#: (the ``recipes`` named as ``--recipes`` names them) writes each batch again, byte for byte
#: (checked under ``make soak``).
SHIPPED: dict[str, tuple[dict[str, int | str], ...]] = {"six-bid-solo": (
    {"seed": 1, "count": 56, "prefix": "sbs", "recipes": "end"},
    {"seed": 1, "count": 24, "prefix": "sbs-lead", "recipes": "opening"},
    {"seed": 1, "count": 4, "prefix": "sbs-call", "recipes": "call-defence"},
)}


@dataclass(frozen=True)
class Entry:
    """A shipped problem as a list shows it, before it is opened."""

    game: str
    id: str
    level: int
    title: str
    contract: str
    path: Path


def files(game: str = "six-bid-solo") -> list[Path]:
    """The game's problem records, in id order."""
    folder = DATA / game
    return sorted(folder.glob("*.json")) if folder.is_dir() else []


@cache
def index(game: str = "six-bid-solo") -> tuple[Entry, ...]:
    """Every shipped problem of ``game``, by level then id (read lightly: see the module
    docstring)."""
    out = []
    for path in files(game):
        try:
            data = parse_json(read_bounded(path), where=str(path))
            sec = data[SECTION]
            calls = [c for c in data.get("calls", []) if c != "pass"]
            out.append(Entry(game, str(sec["id"]), int(sec["level"]), str(sec["title"]),
                             str(calls[-1]) if calls else "", path))
        except (OSError, ValueError, KeyError, TypeError, IndexError) as e:
            raise RecordError("REC-1", f"a shipped problem does not read ({e})",
                              where=str(path)) from None
    return tuple(sorted(out, key=lambda e: (e.level, e.id)))


@cache
def load(game: str, pid: str) -> Problem:
    """The shipped problem ``pid`` of ``game``, read and checked (PRB-1 for an unknown id)."""
    for e in index(game):
        if e.id == pid:
            return read(parse_json(read_bounded(e.path), where=str(e.path)))
    raise ProblemError("PRB-1", f"no shipped {game} problem with this id", where="problem.id",
                       what=repr(pid))


__all__ = ["DATA", "SHIPPED", "Entry", "files", "index", "load"]
