"""Every rule id of the Six-Bid Solo rule file and of the record format has a test of its own.

A test carries its rule id in its name (``test_SBS_16a_...``, ``test_REC_3_...``). The list below
is checked against ``shared/rules/six-bid-solo.md`` wherever that file sits beside the checkout
(the session machines and CI), so a rule added there without a test fails here.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULES_FILE = ROOT.parent / "shared" / "rules" / "six-bid-solo.md"
SBS = [f"SBS-{i}" for i in range(1, 29)] + ["SBS-16a"] + [f"SBS-V{i}" for i in range(1, 7)]
REC = [f"REC-{i}" for i in range(1, 7)]


def test_rule_list_matches_the_rule_file() -> None:
    if not RULES_FILE.exists():  # a clone elsewhere: the list above is the record of the file
        return
    ids = set(re.findall(r"^- (SBS-V?\d+a?) ", RULES_FILE.read_text(encoding="utf-8"), re.M))
    assert ids == set(SBS)


def test_every_rule_id_has_a_test() -> None:
    names = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests").glob("test_*.py"))
    missing = [r for r in SBS + REC
               if not re.search(rf"def test_{r.replace('-', '_')}_", names)]
    assert missing == []
