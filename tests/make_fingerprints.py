"""Rewrite ``tests/fingerprints.json`` from the code as it is now (the test never does).

    python tests/make_fingerprints.py            # every case
    python tests/make_fingerprints.py sampler    # only the named cases; the others are kept

It prints each case whose parts or spots changed. Rewrite only for a change that is meant, and
say why in the commit: the file is what keeps Six-Bid Solo the same for its users.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE)]  # this checkout's tutor, and the cases module

from fingerprint_cases import CASES, DATA, FORMAT, compute  # noqa: E402


def main(argv: Sequence[str]) -> int:
    unknown = [n for n in argv if n not in CASES]
    if unknown:
        print(f"unknown case(s) {unknown}; the cases are: {', '.join(sorted(CASES))}",
              file=sys.stderr)
        return 2
    old: dict[str, dict[str, object]] = {}
    if DATA.exists():
        old = json.loads(DATA.read_text(encoding="utf-8")).get("cases", {})
    new = compute(list(argv) or None)
    cases = {k: v for k, v in old.items() if k in CASES} if argv else {}
    cases.update(new)
    for name in sorted(new):
        if old.get(name) != new[name]:
            print(("changed: " if name in old else "new: ") + name)
    for name in sorted(set(old) - set(cases)):
        print(f"dropped: {name}")
    text = json.dumps({"format": FORMAT, "cases": dict(sorted(cases.items()))}, indent=1,
                      ensure_ascii=False, sort_keys=True)
    DATA.write_text(text + "\n", encoding="utf-8")
    print(f"wrote {DATA} ({len(cases)} cases)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
