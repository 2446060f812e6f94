"""Progress per problem, kept in the learner's own progress file beside the quiz answers.

The file is the quiz room's (:class:`tutor.quiz.progress.Progress`, format
``tutor-progress/2``); problems add one top-level key that format 2 leaves free and reads
past, so nothing is migrated and an older tutor keeps it as it is::

    "problems": {"six-bid-solo": {"sbs-07": {"tries": 3, "solved": 1, "first": false,
                                             "hints": 1, "fixed": 0}}}

- ``tries``: attempts against the adaptive defence; ``solved``: how many of them reached the
  goal; ``first``: whether the first one did (null until there is one);
- ``hints``: times the hint was shown; ``fixed``: replays against the original deal (they
  count for nothing: the original deal forgives a guess).

A ``problems`` value that is not of this shape (a hand-edited file) is not thrown away: it is
kept under ``problems-set-aside`` and the problems' progress starts afresh, with a PRB-8
message for the page; the quiz counts are untouched.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..quiz.progress import Progress
from .goal import ProblemError

KEY = "problems"
ASIDE = "problems-set-aside"
FIELDS = ("tries", "solved", "first", "hints", "fixed")


@dataclass(frozen=True)
class Mark:
    """One problem's progress (see the module docstring)."""

    tries: int = 0
    solved: int = 0
    first: bool | None = None
    hints: int = 0
    fixed: int = 0

    @property
    def word(self) -> str:
        """``solved first time``, ``solved``, ``tried``, ``new``."""
        if self.solved and self.first:
            return "solved first time"
        if self.solved:
            return "solved"
        return "tried" if self.tries or self.fixed else "new"


def _valid(value: object) -> bool:
    if not isinstance(value, dict):
        return False
    for game, table in value.items():
        if not isinstance(game, str) or not isinstance(table, dict):
            return False
        for pid, mark in table.items():
            if not isinstance(pid, str) or not isinstance(mark, dict) or set(mark) != set(FIELDS):
                return False
            for f in ("tries", "solved", "hints", "fixed"):
                if type(mark[f]) is not int or mark[f] < 0:
                    return False
            if mark["solved"] > mark["tries"] or mark["first"] not in (None, True, False):
                return False
    return True


class ProblemProgress:
    """The problems' part of one learner's :class:`Progress` (module docstring); every change
    is saved at once, with the rest of the file, by the file's own atomic write."""

    def __init__(self, progress: Progress) -> None:
        self.progress = progress
        self.recovered: str | None = None
        data = progress.data
        if KEY in data and not _valid(data[KEY]):
            data[ASIDE] = data.pop(KEY)
            self.recovered = str(ProblemError(
                "PRB-8", f"the problems' progress was not readable; it was kept as "
                f"'{ASIDE}' in the file and starts afresh", where=str(progress.path)))

    def _table(self, game: str) -> dict[str, dict[str, Any]]:
        section: dict[str, dict[str, dict[str, Any]]] = self.progress.data.setdefault(KEY, {})
        return section.setdefault(game, {})

    def mark(self, game: str, pid: str) -> Mark:
        """The progress on problem ``pid`` of ``game``."""
        got = self.progress.data.get(KEY, {}).get(game, {}).get(pid)
        return Mark(**got) if got else Mark()

    def marks(self, game: str) -> dict[str, Mark]:
        return {pid: Mark(**m) for pid, m in self.progress.data.get(KEY, {}).get(game, {})
                .items()}

    def _change(self, game: str, pid: str, **delta: Any) -> Mark:
        table = self._table(game)
        cell = table.setdefault(pid, {f: (None if f == "first" else 0) for f in FIELDS})
        for k, v in delta.items():
            if k == "first":
                if cell["first"] is None:
                    cell["first"] = v
            else:
                cell[k] += v
        self.progress.save()
        return Mark(**cell)

    def attempt(self, game: str, pid: str, *, met: bool, adaptive: bool) -> Mark:
        """Count a finished attempt (only the adaptive defence's count as tries)."""
        if not adaptive:
            return self._change(game, pid, fixed=1)
        return self._change(game, pid, tries=1, solved=int(met), first=met)

    def hint(self, game: str, pid: str) -> Mark:
        """Count a hint shown."""
        return self._change(game, pid, hints=1)

    def summary(self, game: str, ids: list[str]) -> tuple[int, int]:
        """(solved, of) over the problems ``ids``."""
        marks = self.marks(game)
        return sum(1 for i in ids if marks.get(i, Mark()).solved), len(ids)


__all__ = ["ASIDE", "KEY", "Mark", "ProblemProgress"]
