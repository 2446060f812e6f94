"""A learner's progress in a small JSON file, and a quiz session with its score.

:class:`Progress` keeps, per learner, how many questions were answered and how many were right —
in all, and per game by kind and by rule id — the last answers, and a counter from which fresh
question seeds are drawn, so after a kernel restart the learner gets new questions, not the
same ones again. The file (format ``tutor-progress/2``)::

    {"format": "tutor-progress/2", "learner": "ada", "salt": 123456789, "issued": 12,
     "answered": 10, "correct": 7,
     "games": {"six-bid-solo": {"kinds": {"legal-plays": [4, 3], ...},
                                "rules": {"SBS-23": [4, 3], ...}},
               "frog": {"kinds": {"settlement": [1, 0]}, "rules": {"FR-1": [1, 0], ...}}},
     "recent": [["legal-plays#99", true], ["frog/settlement#7", false], ...],
     "review": {"six-bid-solo": {"SBS-23": [0, 14], "SBS-3": [2, 20]}, ...}}

``review`` (optional; written from the first answer on, and kept as it is by a tutor that does
not know it) is the spaced-repetition schedule of each rule: a Leitner box (0 = just missed ..
:data:`TOP_BOX`) and the value of ``issued`` at which the rule is due to be asked again. A miss
puts a rule back in box 0, due after the first of :data:`GAPS` more questions; a right answer
moves it a box up and further away (:meth:`Progress.due_rules`, :mod:`tutor.quiz.mastery`).

A file of format ``tutor-progress/1`` (written before the tutor had several games: ``kinds`` and
``rules`` at the top, all of them Six-Bid Solo's) is read and **migrated**: its counts become the
``six-bid-solo`` game's, nothing is lost, :attr:`Progress.migrated` says so, and the next save
writes format 2.

Writes are atomic: the JSON goes to a temporary file in the same directory, is flushed to disk,
and is renamed over the old file with ``os.replace`` — a crash leaves the old file or the new
one, never half a file.

A file that exists but is not valid progress (not JSON, an unknown or newer format, wrong
types, larger than 1 MiB or nested too deep: the limits of :mod:`tutor.engine.jsonio`) does
**not** stop the learner: it is moved aside to ``<name>.corrupt`` (or ``<name>.corrupt-2``,
``-3``... when an older one is there: nothing is ever overwritten), progress starts afresh, and
:attr:`Progress.recovered` holds a QUIZ-5 message, :attr:`Progress.set_aside` the file kept —
the quiz widgets show both on the page. A file that cannot be read or written at all (a
directory, no permission) raises :class:`QuizError` QUIZ-4. Two kernels writing the same
learner's file at once: the last write wins. Temporary files a killed writer left are removed at
the next write.

A learner's name picks the file after Unicode normalisation (NFC) and case folding, so ``Ada``
and ``ada``, or ``José`` typed with a combining accent, are one learner. A file named the older
way (from the exact name) is moved to the new name when the learner is next seen.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..engine.jsonio import parse_json, read_bounded, write_atomic
from ..errors import RecordError
from .core import DEFAULT_GAME, Feedback, Question, QuizError, Score, check_kinds, grade
from .mistakes import likely_mistake
from .registry import generate
from .registry import kinds as kinds_of

FORMAT = "tutor-progress/2"
#: The format before progress was kept by game (read and migrated, never written).
FORMAT_1 = "tutor-progress/1"
RECENT = 50  # answers remembered in ``recent``
#: Questions until a rule is asked again, by its Leitner box: a rule just missed comes back after
#: two more questions, a rule answered right in a row four times after 32.
GAPS = (2, 4, 8, 16, 32)
TOP_BOX = len(GAPS) - 1
#: How many ``.corrupt`` files of one learner are kept side by side (then the last is reused).
ASIDE = 20


def learner_key(learner: str) -> str:
    """The name as it picks a file: Unicode's canonical caseless form (decomposed, case-folded),
    stored composed (NFC) — ``José``, ``JOSÉ`` typed with a combining accent and ``josé`` are
    one key."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFD", learner).casefold())


def progress_path(root: str | os.PathLike[str], learner: str) -> Path:
    """The file for ``learner`` under ``root``: a safe name plus a short hash of the learner's
    key (:func:`learner_key`; ``Ada L.`` → ``ada-l-<hash>.json``), so two names that differ
    by more than case or normalisation never share a file."""
    _check_learner(learner)
    return _path(root, learner_key(learner))


def legacy_path(root: str | os.PathLike[str], learner: str) -> Path:
    """Where a tutor before names were normalised kept ``learner``'s file (the hash of the exact
    name); :meth:`Progress.for_learner` moves it to :func:`progress_path`."""
    _check_learner(learner)
    return _path(root, learner)


def _path(root: str | os.PathLike[str], name: str) -> Path:
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:40] or "learner"
    digest = hashlib.sha256(name.encode("utf-8")).hexdigest()[:8]
    return Path(root) / f"{slug}-{digest}.json"


def _check_learner(learner: object) -> None:
    if not isinstance(learner, str) or not learner.strip() \
            or len(unicodedata.normalize("NFC", learner)) > 100:
        raise QuizError("QUIZ-4", "a learner is named by a non-empty text of at most 100 "
                        "characters", where="learner", what=repr(learner))
    try:
        learner.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: no file can hold it
        raise QuizError("QUIZ-4", "a learner's name must be text a file can hold (it has a "
                        "lone surrogate)", where="learner", what=repr(learner)) from None


def _fresh(learner: str) -> dict[str, Any]:
    return {"format": FORMAT, "learner": learner, "salt": random.SystemRandom().getrandbits(31),
            "issued": 0, "answered": 0, "correct": 0, "games": {}, "recent": []}


def _valid_counts(table: object) -> bool:
    """``{key: [answered, correct]}`` with 0 ≤ correct ≤ answered."""
    return isinstance(table, dict) and all(
        isinstance(k, str) and isinstance(v, list) and len(v) == 2
        and all(type(x) is int and x >= 0 for x in v) and v[1] <= v[0]
        for k, v in table.items())


def _valid_common(data: dict[str, Any]) -> bool:
    """The fields formats 1 and 2 share: learner, salt, counters, recent answers."""
    for key in ("salt", "issued", "answered", "correct"):
        if type(data.get(key)) is not int or data[key] < 0:
            return False
    if not isinstance(data.get("learner"), str) or data["correct"] > data["answered"]:
        return False
    recent = data.get("recent")
    return isinstance(recent, list) and all(
        isinstance(r, list) and len(r) == 2 and isinstance(r[0], str) and type(r[1]) is bool
        for r in recent)


def _valid_review(review: object) -> bool:
    """``{game: {rule: [box, due]}}`` with 0 ≤ box ≤ :data:`TOP_BOX` and due ≥ 0."""
    return isinstance(review, dict) and all(
        isinstance(g, str) and isinstance(t, dict) and all(
            isinstance(r, str) and isinstance(v, list) and len(v) == 2
            and all(type(x) is int and x >= 0 for x in v) and v[0] <= TOP_BOX
            for r, v in t.items())
        for g, t in review.items())


def _valid(data: object) -> bool:
    """Is ``data`` a progress object of format 2?"""
    if not isinstance(data, dict) or data.get("format") != FORMAT or not _valid_common(data):
        return False
    if "review" in data and not _valid_review(data["review"]):
        return False
    games = data.get("games")
    return isinstance(games, dict) and all(
        isinstance(g, str) and isinstance(t, dict) and set(t) == {"kinds", "rules"}
        and _valid_counts(t["kinds"]) and _valid_counts(t["rules"])
        for g, t in games.items())


def _valid_1(data: object) -> bool:
    """Is ``data`` a progress object of format 1 (kinds and rules at the top)?"""
    return (isinstance(data, dict) and data.get("format") == FORMAT_1 and _valid_common(data)
            and _valid_counts(data.get("kinds")) and _valid_counts(data.get("rules")))


def migrate_1(data: dict[str, Any]) -> dict[str, Any]:
    """Format 1 -> format 2: every count of the old file becomes :data:`DEFAULT_GAME`'s (the
    only game the tutor had); learner, salt, counters and recent answers are kept as they are
    (a question id without a game is that game's)."""
    out = {k: data[k] for k in ("learner", "salt", "issued", "answered", "correct")}
    games = {}
    if data["kinds"] or data["rules"]:
        games[DEFAULT_GAME] = {"kinds": data["kinds"], "rules": data["rules"]}
    return {"format": FORMAT, **out, "games": games, "recent": data["recent"]}


def _newer(data: object) -> str | None:
    """The format of a progress file written by a newer tutor, else None."""
    if isinstance(data, dict):
        m = re.fullmatch(r"tutor-progress/(\d+)", str(data.get("format")))
        if m and int(m.group(1)) > int(FORMAT.rsplit("/", 1)[1]):
            return m.group(0)
    return None


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
        #: where an unreadable file was kept when progress started afresh (None: it was not),
        #: and why it could not be read (``was not valid progress``, ``was written by a newer
        #: tutor (tutor-progress/3)``)
        self.set_aside: Path | None = None
        self.unreadable: str | None = None
        #: the format the file was migrated from when it was read (None: read as it is)
        self.migrated: str | None = None
        self.data: dict[str, Any] = self._load()

    @classmethod
    def for_learner(cls, root: str | os.PathLike[str], learner: str, *,
                    durable: bool = True) -> Progress:
        """The progress of ``learner`` in directory ``root`` (see :func:`progress_path`); a
        file kept under the older name (:func:`legacy_path`) is moved there first."""
        path = progress_path(root, learner)
        old = legacy_path(root, learner)
        if old != path and not path.exists() and old.exists():
            try:
                os.replace(old, path)
            except OSError:  # cannot move it: read it where it is
                path = old
        return cls(path, learner, durable=durable)

    def _load(self) -> dict[str, Any]:
        try:
            data = parse_json(read_bounded(self.path), where="progress")
        except FileNotFoundError:
            return _fresh(self.learner)
        except OSError as e:
            raise QuizError("QUIZ-4", f"cannot read the progress file ({e.strerror})",
                            where=str(self.path)) from None
        except RecordError:  # too large, too deep, not JSON: not progress
            data = None
        if _valid(data):
            assert isinstance(data, dict)
            return data
        if _valid_1(data):  # today's files before games: migrated, never set aside
            assert isinstance(data, dict)
            self.migrated = FORMAT_1
            return migrate_1(data)
        aside = self._aside()
        try:
            os.replace(self.path, aside)
        except OSError as e:
            raise QuizError("QUIZ-4", f"cannot set the unreadable progress file aside "
                            f"({e.strerror})", where=str(self.path)) from None
        newer = _newer(data)
        what = (f"was written by a newer tutor ({newer})" if newer
                else "was not valid progress")
        self.recovered = str(QuizError(
            "QUIZ-5", f"the progress file {what}; it was kept as {aside.name} "
            "and progress starts afresh", where=str(self.path)))
        self.set_aside, self.unreadable = aside, what
        return _fresh(self.learner)

    def _aside(self) -> Path:
        """A free name to keep an unreadable file under (never an older one's)."""
        names = [f"{self.path.name}.corrupt"] + [
            f"{self.path.name}.corrupt-{i}" for i in range(2, ASIDE + 1)]
        for name in names:
            if not self.path.with_name(name).exists():
                return self.path.with_name(name)
        return self.path.with_name(names[-1])

    # -- figures --
    @property
    def answered(self) -> int:
        return int(self.data["answered"])

    @property
    def correct(self) -> int:
        return int(self.data["correct"])

    def games(self) -> tuple[str, ...]:
        """The games with answers counted, in the order first answered."""
        return tuple(self.data["games"])

    def game_stats(self, game: str = DEFAULT_GAME) -> tuple[int, int]:
        """``(answered, correct)`` in ``game``."""
        cells = self.data["games"].get(game, {}).get("kinds", {}).values()
        return sum(v[0] for v in cells), sum(v[1] for v in cells)

    def kind_stats(self, game: str = DEFAULT_GAME) -> dict[str, tuple[int, int]]:
        """``{kind: (answered, correct)}`` in ``game``."""
        table = self.data["games"].get(game, {}).get("kinds", {})
        return {k: (v[0], v[1]) for k, v in table.items()}

    def rule_stats(self, game: str = DEFAULT_GAME) -> dict[str, tuple[int, int]]:
        """``{rule id: (answered, correct)}`` in ``game`` — which rules the learner still trips
        on."""
        table = self.data["games"].get(game, {}).get("rules", {})
        return {k: (v[0], v[1]) for k, v in table.items()}

    def schedule(self, game: str = DEFAULT_GAME) -> dict[str, tuple[int, int]]:
        """``{rule id: (Leitner box, due)}`` in ``game``: the spaced-repetition schedule."""
        table = self.data.get("review", {}).get(game, {})
        return {k: (v[0], v[1]) for k, v in table.items()}

    @property
    def clock(self) -> int:
        """How many questions this learner has been given: the schedule's clock."""
        return int(self.data["issued"])

    def due_rules(self, game: str = DEFAULT_GAME) -> list[str]:
        """The rules of ``game`` due to be asked again now, the weakest first (lowest box, then
        the longest overdue): spaced repetition of what the learner missed."""
        now = self.clock
        due = [(box, when, rule) for rule, (box, when) in self.schedule(game).items()
               if when <= now and box < TOP_BOX]
        return [rule for _, _, rule in sorted(due)]

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
        """Count one graded answer (game, kind, rule ids, right or wrong) and save."""
        d = self.data
        d["answered"] += 1
        d["correct"] += int(feedback.correct)
        game = d["games"].setdefault(feedback.game, {"kinds": {}, "rules": {}})
        for table, keys in (("kinds", [feedback.kind]), ("rules", list(feedback.rules))):
            for key in keys:
                cell = game[table].setdefault(key, [0, 0])
                cell[0] += 1
                cell[1] += int(feedback.correct)
        d["recent"] = [*d["recent"], [feedback.question_id, feedback.correct]][-RECENT:]
        review = d.setdefault("review", {}).setdefault(feedback.game, {})
        for rule in dict.fromkeys(feedback.rules):
            box = review.get(rule, [0, 0])[0]
            box = min(box + 1, TOP_BOX) if feedback.correct else 0
            review[rule] = [box, int(d["issued"]) + GAPS[box]]
        self.save()

    def save(self) -> None:
        """Write the file atomically (temporary file in the same directory + ``os.replace``;
        :func:`~tutor.engine.jsonio.write_atomic`)."""
        target = self.path
        text = json.dumps(self.data, ensure_ascii=False, separators=(",", ":"))
        if not text.isascii():
            try:
                text.encode("utf-8")
            except UnicodeEncodeError:  # a lone surrogate read from a file: JSON escapes it
                text = json.dumps(self.data, separators=(",", ":"))
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(target, text, durable=self.durable)
        except OSError as e:
            raise QuizError("QUIZ-4", f"cannot write the progress file ({e.strerror})",
                            where=str(target)) from None


class Session:
    """A run of questions for one learner, with the session score.

    ``Session(seed=7)`` gives a reproducible run (tests, a teacher's projected lesson);
    ``Session(progress=Progress(...))`` draws each question's seed from the learner's file, so a
    learner gets fresh questions across kernel restarts, and records every first answer there.
    With neither, seeds come from the operating system.

    Only the first answer to a question counts towards the score (a retry is graded but
    ``Feedback.scored`` is False). ``game`` is the record id of the game asked about
    (:data:`~tutor.quiz.core.DEFAULT_GAME` by default; QUIZ-3 for one the quiz does not know).
    """

    def __init__(self, *, seed: int | None = None, progress: Progress | None = None,
                 kinds: Sequence[str] | None = None, game: str = DEFAULT_GAME) -> None:
        self.game = game
        known = self.known(game)
        self.kinds = check_kinds(known if kinds is None else kinds, known,
                                 f"{type(self).__name__}.kinds")
        self.progress = progress
        self._rng = random.Random(seed) if seed is not None else random.Random()
        self._answered: set[str] = set()
        self._issued = 0
        self._count = 0
        self._correct = 0
        self._streak = 0
        self._by_kind: dict[str, list[int]] = {}

    # the steps a kind of session may change: its kinds, how a question is made and graded
    def known(self, game: str) -> tuple[str, ...]:
        """The kinds this session can make in ``game`` (QUIZ-3 for an unknown game)."""
        return tuple(kinds_of(game))

    def make(self, kind: str, seed: int) -> Question:
        """The question of ``kind`` for ``seed`` (the same seed, the same question)."""
        return generate(kind, seed, self.game)

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
        if not fb.correct and not fb.mistake:
            fb = replace(fb, mistake=likely_mistake(question, fb.your_values))
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
