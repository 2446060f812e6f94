"""Six-Bid Solo must not change for its users: its seeded behaviour, pinned as fingerprints.

Every case of ``tests/fingerprint_cases.py`` (seeded deals, random legal play, the sampler's
worlds, the bots' moves and reasons, the advisor, the solver, the play table, the lessons' deals
and the quizzes) is recomputed and compared with ``tests/fingerprints.json``: SHA-256 digests of
its parts and a few readable spot values. A failure names the parts that moved and shows the
spots old and new. When a change is *meant* (a rule fixed, a bot improved), rewrite the file
with ``python tests/make_fingerprints.py [case ...]`` and say why in the commit; this test never
rewrites it.
"""

from __future__ import annotations

import pytest
from fingerprint_cases import CASES, DATA, digest, load, stored

STORED = load()


def test_every_case_is_stored() -> None:
    missing = sorted(set(CASES) - set(STORED))
    stale = sorted(set(STORED) - set(CASES))
    assert not missing and not stale, (
        f"{DATA.name}: cases not stored {missing}, stored cases that no longer exist {stale}; "
        "run python tests/make_fingerprints.py")


def test_digest_is_canonical_and_sensitive() -> None:
    a = {"hands": [["AS", "TS"], ["KS"]], "widow": ("QS",)}
    assert digest(a) == digest({"widow": ["QS"], "hands": [["AS", "TS"], ["KS"]]})
    assert digest(a) != digest({"hands": [["TS", "AS"], ["KS"]], "widow": ["QS"]})
    assert len(digest(a)) == 64


@pytest.mark.parametrize("name", sorted(CASES))
def test_fingerprint(name: str) -> None:
    want = STORED.get(name)
    if want is None:
        pytest.fail(f"{name}: not in {DATA.name}; run python tests/make_fingerprints.py {name}")
    got = stored(CASES[name]())
    moved = [f"  part {part!r} changed"
             for part in sorted(set(got["parts"]) | set(want["parts"]))
             if got["parts"].get(part) != want["parts"].get(part)]
    moved += [f"  spot {key!r}: was {want['spots'].get(key)!r}, now {got['spots'].get(key)!r}"
              for key in sorted(set(got["spots"]) | set(want["spots"]))
              if got["spots"].get(key) != want["spots"].get(key)]
    assert not moved, (
        f"{name}: Six-Bid Solo's seeded behaviour changed\n" + "\n".join(moved)
        + f"\nIf the change is meant, run python tests/make_fingerprints.py {name!r} and say "
        "why in the commit.")
