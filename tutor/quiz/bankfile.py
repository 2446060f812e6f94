"""A question bank's file: built offline, shipped as package data, read at question time.

Every bank (Six-Bid Solo's bid bank, Auction Pitch's) is one JSON object with a ``format``, a
``version``, the ``build`` figures and a non-empty list of ``entries``. This room writes it
atomically and reads it once per version of the file; what an entry holds, and how it is
checked against the engine, is the bank's own business.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..engine.record import state_of
from ..errors import RecordError, TutorError
from ..state import GameState
from .core import QuizError


@dataclass(frozen=True)
class Bank:
    """A loaded bank: its build figures and its entries (checked one by one when asked)."""

    path: str
    build: Mapping[str, Any]
    entries: Sequence[Mapping[str, Any]]

    def __len__(self) -> int:
        return len(self.entries)


def save_bank(bank: Mapping[str, Any], path: Path) -> None:
    """Write ``bank`` as compact JSON, atomically: a reader sees the old file or the new one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.stem}_", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(bank, f, separators=(",", ":"), ensure_ascii=False)
            f.write("\n")
        os.chmod(tmp, 0o644)  # package data: readable by all (mkstemp makes it 0600)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def load_bank(path: Path, fmt: str, version: int, name: str) -> Bank:
    """The bank at ``path``, read once and again only when the file changes (a bank rebuilt
    under a running kernel is picked up). QUIZ-6, naming the bank (``name``), when it is not
    one of format ``fmt`` and ``version``."""
    try:
        st = os.stat(path)
    except OSError as e:
        raise QuizError("QUIZ-6", f"cannot read the {name} ({e.strerror})",
                        where=str(path)) from None
    return _load(str(path), st.st_mtime_ns, st.st_size, fmt, version, name)


@lru_cache(maxsize=8)
def _load(where: str, mtime_ns: int, size: int, fmt: str, version: int, name: str) -> Bank:
    try:
        data = json.loads(Path(where).read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise QuizError("QUIZ-6", f"cannot read the {name} ({e.__class__.__name__})",
                        where=where) from None
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise QuizError("QUIZ-6", f"not a {name} (format {fmt!r} expected)", where=where)
    if data.get("version") != version:
        raise QuizError("QUIZ-6", f"{name} version {version} expected", where=where,
                        what=repr(data.get("version")))
    entries = data.get("entries")
    if not isinstance(entries, list) or not entries:
        raise QuizError("QUIZ-6", "a bid bank needs a non-empty list of entries", where=where)
    build = data.get("build")
    return Bank(where, build if isinstance(build, dict) else {}, entries)


def field(entry: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    """``entry[key]`` when it is a ``kind`` (a bool is no int); REC-1 naming the key if not."""
    value = entry.get(key) if isinstance(entry, Mapping) else None
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise RecordError("REC-1", f"required key missing or of the wrong type ({key})",
                          where=f"{where}.{key}", what=repr(value)[:40])
    return value


def entry_record(entry: object, where: str) -> tuple[GameState, int]:
    """A bank entry's ``record`` replayed through the engine's checked ``apply``, and its
    ``seat``: REC-1 for an entry that is not an object or lacks either; the engine's own error
    placed in the entry. The game's bank checks the rest (which game, whose call)."""
    if not isinstance(entry, Mapping):
        raise RecordError("REC-1", "a bank entry is a JSON object", where=where)
    record = field(entry, "record", dict, where)
    seat = field(entry, "seat", int, where)
    try:
        return state_of(record), seat
    except TutorError as e:
        raise e.at(f"{where}: {e.where}" if e.where else where) from None


__all__ = ["Bank", "entry_record", "field", "load_bank", "save_bank"]
