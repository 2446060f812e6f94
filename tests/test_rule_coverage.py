"""Every rule id of each game's rule file and of the record format has a test of its own.

A test carries its rule id in its name (``test_SBS_16a_...``, ``test_REC_3_...``). The list below
is checked against ``shared/rules/six-bid-solo.md`` wherever that file sits beside the checkout
or a folder above it (the session machines, their worktrees and CI), so a rule added there
without a test fails here.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: ``shared/rules`` beside the checkout, or beside a folder above it (a git worktree such as
#: /work/wt/NAME has /work/shared); none found: the lists below are the record
RULES_DIR = next((p / "shared" / "rules" for p in ROOT.parents
                  if (p / "shared" / "rules" / "six-bid-solo.md").is_file()),
                 ROOT.parent / "shared" / "rules")
SBS = [f"SBS-{i}" for i in range(1, 29)] + ["SBS-16a"] + [f"SBS-V{i}" for i in range(1, 7)]
FR = [f"FR-{i}" for i in range(1, 6)]
CS = [f"CS-{i}" for i in range(1, 15)] + ["CS-3a", "CS-4a"]
SS = [f"SS-{i}" for i in range(1, 18)] + ["SS-13a", "SS-13b"]
PI = [f"PI-{i}" for i in range(1, 13)] + ["PI-4b"]
REC = [f"REC-{i}" for i in range(1, 7)]
#: each game's rule file and the ids it holds (the lists are the record of the files)
RULE_FILES = {"six-bid-solo.md": (r"SBS-V?\d+a?", SBS), "frog.md": (r"FR-\d+", FR),
              "crazy-solo.md": (r"CS-\d+a?", CS), "sixty-six.md": (r"SS-\d+[ab]?", SS),
              "auction-pitch.md": (r"PI-\d+b?", PI)}


def test_rule_lists_match_the_rule_files() -> None:
    for name, (pattern, listed) in RULE_FILES.items():
        path = RULES_DIR / name
        if not path.exists():  # a clone elsewhere: the lists above are the record of the files
            continue
        ids = set(re.findall(rf"^- ({pattern}) ", path.read_text(encoding="utf-8"), re.M))
        assert ids == set(listed), name


def test_every_rule_id_has_a_test() -> None:
    names = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests").glob("test_*.py"))
    missing = [r for r in SBS + FR + CS + SS + PI + REC
               if not re.search(rf"def test_{r.replace('-', '_')}_", names)]
    assert missing == []
