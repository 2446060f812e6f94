"""Sessions, scores and the per-learner progress file (atomic, restart-proof, corruption-safe,
counted by game and kind; files of the format before games are migrated)."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

from tutor.quiz import (
    FORMAT,
    FORMAT_1,
    KINDS,
    Progress,
    QuizError,
    Session,
    generate,
    progress_path,
)
from tutor.quiz.core import Question


def right(q: Question) -> str | list[str]:
    ans = q.key().answer
    return sorted(ans) if q.multi else next(iter(ans))


def wrong(q: Question) -> str | list[str]:
    ans = q.key().answer
    if q.multi:
        return sorted(ans ^ {q.values[0]})
    return next(v for v in q.values if v not in ans)


# --- sessions ------------------------------------------------------------------------------------
def test_a_seeded_session_is_reproducible_and_cycles_kinds() -> None:
    n = 2 * len(KINDS)
    a = [q.public() for q in Session(seed=5).questions(n)]
    b = [q.public() for q in Session(seed=5).questions(n)]
    assert a == b
    assert [p["kind"] for p in a] == list(KINDS) * 2
    c = [q.public() for q in Session(seed=6).questions(n)]
    assert a != c


def test_score_counts_first_answers_only() -> None:
    s = Session(seed=1)
    q1, q2, q3 = s.next("points"), s.next("trick-winner"), s.next("legal-plays")
    fb = s.answer(q1, right(q1))
    assert fb.correct and fb.scored and fb.score is not None
    assert (fb.score.answered, fb.score.correct, fb.score.streak) == (1, 1, 1)
    fb = s.answer(q2, wrong(q2))
    assert not fb.correct and fb.score is not None and fb.score.text == "1 of 2 right"
    assert fb.score.streak == 0
    retry = s.answer(q2, right(q2))  # graded, not scored
    assert retry.correct and not retry.scored
    assert retry.score is not None and retry.score.text == "1 of 2 right"
    fb = s.answer(q3, right(q3))
    assert fb.score is not None and fb.score.text == "2 of 3 right"
    assert dict((k, (n, c)) for k, n, c in fb.score.by_kind) == {
        "points": (1, 1), "trick-winner": (1, 0), "legal-plays": (1, 1)}
    assert "Score: 2 of 3 right." in fb.message


def test_a_bad_answer_leaves_the_score_alone() -> None:
    s = Session(seed=2)
    q = s.next("auction")
    with pytest.raises(QuizError):
        s.answer(q, 3)
    assert s.score.answered == 0
    assert s.answer(q, right(q)).scored


def test_session_kinds_are_checked() -> None:
    with pytest.raises(QuizError) as e:
        Session(kinds=["points", "poker"])
    assert e.value.rule == "QUIZ-3"
    with pytest.raises(QuizError):
        Session(kinds=[])


# --- progress -------------------------------------------------------------------------------------
def test_progress_survives_a_restart(tmp_path: Path) -> None:
    path = progress_path(tmp_path, "Ada L.")
    s = Session(progress=Progress(path, "Ada L."))
    qs = s.questions(4, ["legal-plays", "settlement"])
    for i, q in enumerate(qs):
        s.answer(q, right(q) if i % 2 == 0 else wrong(q))
    s.answer(qs[0], right(qs[0]))  # a retry is not recorded
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == FORMAT and data["learner"] == "Ada L."
    assert (data["answered"], data["correct"], data["issued"]) == (4, 2, 4)

    again = Progress(path, "Ada L.")  # a new kernel
    assert again.recovered is None
    assert (again.answered, again.correct) == (4, 2)
    assert again.kind_stats() == {"legal-plays": (2, 2), "settlement": (2, 0)}  # kinds alternate
    assert again.rule_stats()["SBS-23"][0] == 2
    assert [r[0] for r in again.data["recent"]] == [q.id for q in qs]
    # fresh questions after the restart, not the same ones again
    later = Session(progress=again).questions(4, ["legal-plays", "settlement"])
    assert {q.id for q in later}.isdisjoint({q.id for q in qs})


def test_two_learners_get_different_questions(tmp_path: Path) -> None:
    a = Session(progress=Progress.for_learner(tmp_path, "ada")).questions(5)
    b = Session(progress=Progress.for_learner(tmp_path, "bob")).questions(5)
    assert [q.seed for q in a] != [q.seed for q in b]


def test_progress_paths_are_safe_and_distinct(tmp_path: Path) -> None:
    p = progress_path(tmp_path, "../../etc/passwd")
    assert p.parent == tmp_path and p.name.endswith(".json") and "/" not in p.name
    assert progress_path(tmp_path, "Ada") != progress_path(tmp_path, "Bob")
    for bad in ("", "   ", "x" * 101, None, 7, "ada\ud800"):
        with pytest.raises(QuizError) as e:
            progress_path(tmp_path, bad)  # type: ignore[arg-type]
        assert e.value.rule == "QUIZ-4"


def leftovers(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if p.name.endswith(".tmp"))


def test_atomic_write_keeps_the_old_file_when_the_rename_fails(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "ada.json"
    prog = Progress(path, "ada")
    prog.record(Session(seed=0).answer(q := generate("points", 1), right(q)))
    before = path.read_bytes()

    def broken_replace(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(QuizError) as e:
        prog.record(Session(seed=0).answer(q, right(q)))
    assert e.value.rule == "QUIZ-4" and "No space left" in str(e.value)
    assert path.read_bytes() == before  # the old progress, whole
    assert leftovers(tmp_path) == []  # and no half-written temporary file


def test_atomic_write_survives_a_crash_while_writing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "ada.json"
    prog = Progress(path, "ada")
    prog.save()
    before = path.read_bytes()
    def crash(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt  # the kernel is interrupted mid-write

    monkeypatch.setattr(os, "fsync", crash)  # after the data, before the rename
    with pytest.raises(KeyboardInterrupt):
        prog.save()
    assert path.read_bytes() == before
    assert leftovers(tmp_path) == []
    assert json.loads(before)["format"] == FORMAT


@pytest.mark.parametrize("content", [
    b"{not json", b"", b"\xff\xfe", b"[1, 2]", b'{"format": "tutor-progress/9"}',
    b"[" * 1000 + b"]" * 1000,  # deeper than Python's own parser goes
    b'{"format": "tutor-progress/2", "format": "tutor-progress/2"}',  # a key twice
    json.dumps({"format": FORMAT_1, "learner": "ada", "salt": 1, "issued": 1, "answered": 1,
                "correct": 5, "kinds": {}, "rules": {}, "recent": []}).encode(),
    json.dumps({"format": FORMAT_1, "learner": "ada", "salt": 1, "issued": 1, "answered": 1,
                "correct": 1, "kinds": {"points": [1]}, "rules": {}, "recent": []}).encode(),
    json.dumps({"format": FORMAT, "learner": "ada", "salt": 1, "issued": 1, "answered": 1,
                "correct": 5, "games": {}, "recent": []}).encode(),
    json.dumps({"format": FORMAT, "learner": "ada", "salt": 1, "issued": 1, "answered": 1,
                "correct": 1, "games": {"frog": {"kinds": {"points": [1]}, "rules": {}}},
                "recent": []}).encode(),
    # format 1's layout under format 2's name: not migrated, it claims to be format 2
    json.dumps({"format": FORMAT, "learner": "ada", "salt": 1, "issued": 1, "answered": 1,
                "correct": 1, "kinds": {"points": [1, 1]}, "rules": {}, "recent": []}).encode(),
])
def test_a_corrupt_file_is_set_aside_and_progress_starts_afresh(tmp_path: Path,
                                                                content: bytes) -> None:
    path = tmp_path / "ada.json"
    path.write_bytes(content)
    prog = Progress(path, "ada")
    assert prog.recovered is not None and "QUIZ-5" in prog.recovered
    assert prog.answered == 0
    aside = tmp_path / "ada.json.corrupt"
    assert prog.set_aside == aside and aside.name in prog.recovered
    assert aside.read_bytes() == content  # nothing the learner had is destroyed
    prog.next_seed()
    assert Progress(path, "ada").recovered is None  # the fresh file is valid


def test_an_unreadable_path_is_QUIZ_4(tmp_path: Path) -> None:
    directory = tmp_path / "dir.json"
    directory.mkdir()
    with pytest.raises(QuizError) as e:
        Progress(directory, "ada")
    assert e.value.rule == "QUIZ-4"


def test_next_seed_is_persisted_before_use(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    seeds = [Progress(path, "ada").next_seed() for _ in range(3)]  # three "restarts"
    assert len(set(seeds)) == 3
    assert json.loads(path.read_text())["issued"] == 3


@pytest.mark.parametrize("durable", [True, False])
def test_durable_or_not_the_file_round_trips(tmp_path: Path, durable: bool,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    synced: list[int] = []
    real_fsync = os.fsync
    def counting_fsync(fd: int) -> None:
        synced.append(fd)
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", counting_fsync)
    prog = Progress.for_learner(tmp_path, "ada", durable=durable)
    q = generate("auction", 9)
    prog.record(Session(seed=0).answer(q, right(q)))
    assert bool(synced) == durable
    again = Progress.for_learner(tmp_path, "ada")
    assert (again.answered, again.correct) == (1, 1)


# --- progress by game, and files of the format before games --------------------------------------
#: A progress file written by the tutor before it had several games (format 1, commit ff11e39),
#: exactly as it wrote it: nine quiz answers and one play decision, three of them wrong.
OLD_FILE = (
    '{"format":"tutor-progress/1","learner":"Ada L.","salt":123456789,"issued":10,'
    '"answered":10,"correct":7,"kinds":{"legal-plays":[3,2],"settlement":[2,1],"points":[2,1],'
    '"auction":[2,2],"play-decision":[1,1]},"rules":{"SBS-23":[4,3],"SBS-10":[2,1],'
    '"SBS-12":[4,3],"SBS-27":[2,1],"SBS-3":[2,1],"SBS-16a":[2,2],"SBS-14":[2,2],"SBS-22":[1,1],'
    '"SBS-V2":[1,0],"SBS-24":[1,1]},"recent":[["legal-plays#169591500",true],'
    '["settlement#3349312437",true],["points#1261145268",false],["auction#2773241168",true],'
    '["legal-plays#2142166869",true],["settlement#1101641731",false],'
    '["points#2055874038",true],["auction#3057459458",true],["legal-plays#1553126533",false],'
    '["play-decision#3378860678",true]]}')


def test_an_old_file_is_migrated_with_every_count_and_saved_in_the_new_format(
        tmp_path: Path) -> None:
    path = progress_path(tmp_path, "Ada L.")
    path.write_text(OLD_FILE, encoding="utf-8")
    old = json.loads(OLD_FILE)
    prog = Progress(path, "Ada L.")
    assert prog.recovered is None and prog.migrated == FORMAT_1
    assert not path.with_name(path.name + ".corrupt").exists()  # never set aside
    # every count kept: the old kinds and rules are Six-Bid Solo's
    assert (prog.answered, prog.correct) == (10, 7)
    assert prog.games() == ("six-bid-solo",) and prog.game_stats() == (10, 7)
    assert prog.kind_stats() == {k: tuple(v) for k, v in old["kinds"].items()}
    assert prog.rule_stats() == {k: tuple(v) for k, v in old["rules"].items()}
    assert prog.kind_stats("frog") == {} and prog.game_stats("frog") == (0, 0)
    assert path.read_text(encoding="utf-8") == OLD_FILE  # reading writes nothing
    # the seeds go on where they stopped (the same salt and counter): fresh questions
    seed = prog.next_seed()
    digest = hashlib.sha256(b"123456789:10").digest()
    assert seed == int.from_bytes(digest[:4], "big")
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved == {
        "format": FORMAT, "learner": "Ada L.", "salt": 123456789, "issued": 11,
        "answered": 10, "correct": 7,
        "games": {"six-bid-solo": {"kinds": old["kinds"], "rules": old["rules"]}},
        "recent": old["recent"]}
    again = Progress(path, "Ada L.")
    assert again.migrated is None and again.recovered is None and again.data == prog.data
    # and it keeps counting
    q = generate("points", 4)
    Session(seed=0, progress=again).answer(q, right(q))
    assert again.kind_stats()["points"] == (3, 2) and again.answered == 11


def test_progress_is_kept_by_game_and_kind(tmp_path: Path) -> None:
    path = tmp_path / "ada.json"
    sbs = Session(progress=Progress(path, "ada"), seed=1)
    q = sbs.next("points")
    sbs.answer(q, right(q))
    frog = Session(progress=Progress(path, "ada"), game="frog")
    f1, f2 = frog.next("points"), frog.next("settlement")
    frog.answer(f1, wrong(f1))
    frog.answer(f2, right(f2))
    prog = Progress(path, "ada")
    assert (prog.answered, prog.correct) == (3, 2)
    assert prog.games() == ("six-bid-solo", "frog")
    assert prog.kind_stats() == {"points": (1, 1)}
    assert prog.kind_stats("frog") == {"points": (1, 0), "settlement": (1, 1)}
    assert prog.game_stats("frog") == (2, 1)
    assert any(r.startswith("FR-") for r in prog.rule_stats("frog"))
    assert all(r.startswith("SBS-") for r in prog.rule_stats())
    assert [r[0] for r in prog.data["recent"]] == [q.id, f1.id, f2.id]
    assert f1.id.startswith("frog/points#")


def test_a_file_from_a_newer_tutor_is_set_aside_as_today(tmp_path: Path) -> None:
    path = tmp_path / "ada.json"
    newer = json.dumps({"format": "tutor-progress/3", "learner": "ada", "salt": 1,
                        "issued": 1, "answered": 0, "correct": 0, "games": {}, "recent": []})
    path.write_text(newer, encoding="utf-8")
    prog = Progress(path, "ada")
    assert prog.recovered is not None and "QUIZ-5" in prog.recovered
    assert "newer tutor (tutor-progress/3)" in prog.recovered and prog.migrated is None
    assert (tmp_path / "ada.json.corrupt").read_text(encoding="utf-8") == newer


# --- hostile names and files (docs/hardening.md) -----------------------------------------------
def test_names_differing_by_case_or_normalisation_share_one_file(tmp_path: Path) -> None:
    nfc, nfd = "Jos\u00e9", "Jose\u0301"
    assert progress_path(tmp_path, nfc) == progress_path(tmp_path, nfd) \
        == progress_path(tmp_path, "JOS\u00c9") == progress_path(tmp_path, "jos\u00e9")
    assert progress_path(tmp_path, "Ada") == progress_path(tmp_path, "ada")
    prog = Progress.for_learner(tmp_path, "Ada")
    prog.record(Session(seed=0).answer(q := generate("points", 1), right(q)))
    assert Progress.for_learner(tmp_path, "ADA").answered == 1
    assert [p.name for p in tmp_path.iterdir()] == [progress_path(tmp_path, "ada").name]


def test_a_file_named_the_older_way_is_moved_not_lost(tmp_path: Path) -> None:
    from tutor.quiz.progress import legacy_path

    old = legacy_path(tmp_path, "Ada L.")
    assert old != progress_path(tmp_path, "Ada L.")
    Progress(old, "Ada L.").record(Session(seed=0).answer(q := generate("points", 1), right(q)))
    prog = Progress.for_learner(tmp_path, "Ada L.")
    assert prog.path == progress_path(tmp_path, "Ada L.") and prog.answered == 1
    assert not old.exists() and prog.recovered is None


def test_a_lone_surrogate_in_a_name_is_QUIZ_4(tmp_path: Path) -> None:
    with pytest.raises(QuizError, match=r"QUIZ-4.*surrogate") as e:
        Progress.for_learner(tmp_path, "ada\ud800")
    assert "\\ud800" in str(e.value) and list(tmp_path.iterdir()) == []


def test_a_file_too_large_is_read_bounded_and_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "ada.json"
    path.write_bytes(b" " * (1 << 20) + b"{}")
    prog = Progress(path, "ada")
    assert prog.recovered is not None and prog.set_aside == tmp_path / "ada.json.corrupt"
    assert prog.set_aside.stat().st_size == (1 << 20) + 2


def test_an_older_corrupt_file_is_never_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "ada.json"
    for i, junk in enumerate([b"first", b"second", b"third"]):
        path.write_bytes(junk)
        prog = Progress(path, "ada")
        assert prog.set_aside is not None and prog.set_aside.read_bytes() == junk
        want = "ada.json.corrupt" if i == 0 else f"ada.json.corrupt-{i + 1}"
        assert prog.set_aside.name == want
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "ada.json.corrupt", "ada.json.corrupt-2", "ada.json.corrupt-3"]


def test_a_killed_writers_temporary_files_are_cleared_at_the_next_write(tmp_path: Path) -> None:
    path = tmp_path / "ada.json"
    stale = tmp_path / ".ada.json.k1ll3d.tmp"
    live = tmp_path / ".ada.json.l1v3.tmp"  # another kernel writing right now: kept
    other = tmp_path / ".bob.json.k1ll3d.tmp"  # another learner's: not this write's business
    for f in (stale, live, other):
        f.write_text("half a fi")
    old = stale.stat().st_mtime - 3600
    os.utime(stale, (old, old))
    os.utime(other, (old, old))
    Progress(path, "ada").save()
    assert not stale.exists() and live.exists() and other.exists()
