"""A learner's progress in a small JSON file, and a quiz session with its score.

:class:`Progress` keeps, per learner, how many questions of each kind were answered and how
many were right, the same per rule id, the last answers, and a counter from which fresh
question seeds are drawn — so after a kernel restart the learner gets new questions, not the
same ones again. The file (format ``tutor-progress/1``)::

    {"format": "tutor-progress/1", "learner": "ada", "salt": 123456789, "issued": 12,
     "answered": 10, "correct": 7, "kinds": {"legal-plays": [4, 3], ...},
     "rules": {"SBS-23": [4, 3], ...}, "recent": [["legal-plays#99", true], ...]}

Writes are atomic: the JSON goes to a temporary file in the same directory, is flushed to disk,
and is renamed over the old file with ``os.replace`` — a crash leaves the old file or the new
one, never half a file.

A file that exists but is not valid progress (not JSON, wrong format, wrong types) does **not**
stop the learner: it is moved aside to ``<name>.corrupt`` (replacing an older one), progress
starts afresh, and :attr:`Progress.recovered` holds a QUIZ-5 message the widget can show. A file
that cannot be read or written at all (a directory, no permission) raises :class:`QuizError`
QUIZ-4. Two kernels writing the same learner's file at once: the last write wins.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from .core import Feedback, Question, QuizError, Score, check_kinds, grade
from .generators import KINDS, generate

FORMAT = "tutor-progress/1"
RECENT = 50  # answers remembered in ``recent``


def progress_path(root: str | os.PathLike[str], learner: str) -> Path:
    """The file for ``learner`` under ``root``: a safe name plus a short hash of the exact name
    (``Ada L.`` → ``ada-l-1b2c3d4e.json``), so two names never share a file."""
    _check_learner(learner)
    slug = re.sub(r"[^a-z0-9]+", "-", learner.lower()).strip("-")[:40] or "learner"
    digest = hashlib.sha256(learner.encode("utf-8")).hexdigest()[:8]
    return Path(root) / f"{slug}-{digest}.json"


def _check_learner(learner: object) -> None:
    if not isinstance(learner, str) or not learner.strip() or len(learner) > 100:
        raise QuizError("QUIZ-4", "a learner is named by a non-empty text of at most 100 "
                        "characters", where="learner", what=repr(learner))


def _fresh(learner: str) -> dict[str, Any]:
    return {"format": FORMAT, "learner": learner, "salt": random.SystemRandom().getrandbits(31),
            "issued": 0, "answered": 0, "correct": 0, "kinds": {}, "rules": {}, "recent": []}


def _valid(data: object) -> bool:
    """Is ``data`` a progress object this version can use?"""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return False
    for key in ("salt", "issued", "answered", "correct"):
        if type(data.get(key)) is not int or data[key] < 0:
            return False
    if not isinstance(data.get("learner"), str) or data["correct"] > data["answered"]:
        return False
    for table in ("kinds", "rules"):
        t = data.get(table)
        if not isinstance(t, dict):
            return False
        for k, v in t.items():
            if not (isinstance(k, str) and isinstance(v, list) and len(v) == 2
                    and all(type(x) is int and x >= 0 for x in v) and v[1] <= v[0]):
                return False
    recent = data.get("recent")
    return isinstance(recent, list) and all(
        isinstance(r, list) and len(r) == 2 and isinstance(r[0], str) and type(r[1]) is bool
        for r in recent)


class Progress:
    """One learner's progress, kept in the JSON file at ``path`` (created on first save).

    ``durable=True`` (the default) flushes each write to the disk (``fsync``) before the
    rename, so even a power cut leaves a whole file; it costs a few milliseconds per answer.
    ``durable=False`` keeps the atomic rename, which is enough to survive a kernel restart.
    """

    def __init__(self, path: str | os.PathLike[str], learner: str = "learner", *,
                 durable: bool = True) -> None:
        _check_learner(learner)
        self.path = Path(path)
        self.learner = learner
        self.durable = durable
        self.recovered: str | None = None
        self.data: dict[str, Any] = self._load()

    @classmethod
    def for_learner(cls, root: str | os.PathLike[str], learner: str, *,
                    durable: bool = True) -> Progress:
        """The progress of ``learner`` in directory ``root`` (see :func:`progress_path`)."""
        return cls(progress_path(root, learner), learner, durable=durable)

    def _load(self) -> dict[str, Any]:
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return _fresh(self.learner)
        except OSError as e:
            raise QuizError("QUIZ-4", f"cannot read the progress file ({e.strerror})",
                            where=str(self.path)) from None
        try:
            data = json.loads(raw)
        except (ValueError, UnicodeDecodeError):
            data = None
        if _valid(data):
            assert isinstance(data, dict)
            return data
        aside = self.path.with_name(self.path.name + ".corrupt")
        try:
            os.replace(self.path, aside)
        except OSError as e:
            raise QuizError("QUIZ-4", f"cannot set the unreadable progress file aside "
                            f"({e.strerror})", where=str(self.path)) from None
        self.recovered = str(QuizError(
            "QUIZ-5", f"the progress file was not valid progress; it was kept as {aside.name} "
            "and progress starts afresh", where=str(self.path)))
        return _fresh(self.learner)

    # -- figures --
    @property
    def answered(self) -> int:
        return int(self.data["answered"])

    @property
    def correct(self) -> int:
        return int(self.data["correct"])

    def kind_stats(self) -> dict[str, tuple[int, int]]:
        """``{kind: (answered, correct)}``."""
        return {k: (v[0], v[1]) for k, v in self.data["kinds"].items()}

    def rule_stats(self) -> dict[str, tuple[int, int]]:
        """``{rule id: (answered, correct)}`` — which rules the learner still trips on."""
        return {k: (v[0], v[1]) for k, v in self.data["rules"].items()}

    # -- changes (each saved at once) --
    def next_seed(self) -> int:
        """A fresh question seed for this learner (the counter is saved, so it survives a
        restart; the salt makes two learners' sequences differ)."""
        n = int(self.data["issued"])
        self.data["issued"] = n + 1
        self.save()
        digest = hashlib.sha256(f"{self.data['salt']}:{n}".encode()).digest()
        return int.from_bytes(digest[:4], "big")

    def record(self, feedback: Feedback) -> None:
        """Count one graded answer (kind, rule ids, right or wrong) and save."""
        d = self.data
        d["answered"] += 1
        d["correct"] += int(feedback.correct)
        for table, keys in (("kinds", [feedback.kind]), ("rules", list(feedback.rules))):
            for key in keys:
                cell = d[table].setdefault(key, [0, 0])
                cell[0] += 1
                cell[1] += int(feedback.correct)
        d["recent"] = [*d["recent"], [feedback.question_id, feedback.correct]][-RECENT:]
        self.save()

    def save(self) -> None:
        """Write the file atomically (temporary file in the same directory + ``os.replace``)."""
        target = self.path
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.",
                                       suffix=".tmp")
        except OSError as e:
            raise QuizError("QUIZ-4", f"cannot write the progress file ({e.strerror})",
                            where=str(target)) from None
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(self.data, f, ensure_ascii=False, separators=(",", ":"))
                f.flush()
                if self.durable:
                    os.fsync(f.fileno())
            os.replace(tmp, target)
        except OSError as e:
            Path(tmp).unlink(missing_ok=True)
            raise QuizError("QUIZ-4", f"cannot write the progress file ({e.strerror})",
                            where=str(target)) from None
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise


class Session:
    """A run of questions for one learner, with the session score.

    ``Session(seed=7)`` gives a reproducible run (tests, a teacher's projected lesson);
    ``Session(progress=Progress(...))`` draws each question's seed from the learner's file, so a
    learner gets fresh questions across kernel restarts, and records every first answer there.
    With neither, seeds come from the operating system.

    Only the first answer to a question counts towards the score (a retry is graded but
    ``Feedback.scored`` is False).
    """

    #: The kinds this session can make, and what it calls them in an error (QUIZ-3).
    known: tuple[str, ...] = KINDS

    def __init__(self, *, seed: int | None = None, progress: Progress | None = None,
                 kinds: Sequence[str] | None = None) -> None:
        self.kinds = check_kinds(self.known if kinds is None else kinds, self.known,
                                 f"{type(self).__name__}.kinds")
        self.progress = progress
        self._rng = random.Random(seed) if seed is not None else random.Random()
        self._answered: set[str] = set()
        self._issued = 0
        self._count = 0
        self._correct = 0
        self._streak = 0
        self._by_kind: dict[str, list[int]] = {}

    # the two steps a kind of session may change: how a question is made and how it is graded
    def make(self, kind: str, seed: int) -> Question:
        """The question of ``kind`` for ``seed`` (the same seed, the same question)."""
        return generate(kind, seed)

    def grade(self, question: Question, answer: object) -> Feedback:
        return grade(question, answer)

    def draw(self, kind: str | None = None) -> tuple[str, int]:
        """The next question's kind and seed — the session's kinds in turn; the seed from the
        progress file (fresh after a restart) or from the session's seed. :meth:`make` turns
        them into the question, here or in a worker thread (see the decision quiz widget)."""
        if kind is None:
            kind = self.kinds[self._issued % len(self.kinds)]
        seed = (self.progress.next_seed() if self.progress is not None
                else self._rng.getrandbits(32))
        self._issued += 1
        return kind, seed

    def next(self, kind: str | None = None) -> Question:
        """A new question of ``kind`` (by default the session's kinds in turn)."""
        return self.make(*self.draw(kind))

    def answer(self, question: Question, answer: object) -> Feedback:
        """Grade ``answer``; on a first answer, update the score (and the progress file)."""
        fb = self.grade(question, answer)
        first = question.id not in self._answered
        if first:
            self._answered.add(question.id)
            self._count += 1
            self._correct += int(fb.correct)
            self._streak = self._streak + 1 if fb.correct else 0
            cell = self._by_kind.setdefault(question.kind, [0, 0])
            cell[0] += 1
            cell[1] += int(fb.correct)
            if self.progress is not None:
                self.progress.record(fb)
        return replace(fb, score=self.score, scored=first)

    @property
    def score(self) -> Score:
        return Score(answered=self._count, correct=self._correct, streak=self._streak,
                     by_kind=tuple((k, v[0], v[1]) for k, v in self._by_kind.items()))

    def questions(self, n: int, kinds: Iterable[str] | None = None) -> list[Question]:
        """``n`` new questions, cycling through ``kinds`` (default: the session's)."""
        ks = tuple(kinds) if kinds is not None else self.kinds
        return [self.next(ks[i % len(ks)]) for i in range(n)]
