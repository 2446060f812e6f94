"""Writes Sixty-Six's golden records (``sixty-six-*.json``) and their replay objects, and prints for
each the totals and game points worked out again from the record's text alone — a cross-check of
the engine against ``sixty-six.md``. Run from the repository root:
``python tests/records/make_sixty_six_records.py``.

The deals are the rule file's example and deals found by seeded random play (the same deals
``tests/test_rules_sixty_six.py`` uses for SS-14 and SS-15).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import tutor
from tutor.engine.record import dumps

HERE = Path(__file__).resolve().parent
POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0}  # SS-1, read off the card text


def record(dealer: int, hands: tuple[str, str], turnup: str, stock: str, play: str,
           options: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"format": "tutor-record/1", "game": "sixty-six", "options": options or {},
            "dealer": dealer, "hands": [hands[0].split(), hands[1].split()], "turnup": turnup,
            "stock": stock.split(), "play": play.split()}


RECORDS: dict[str, dict[str, Any]] = {
    # the rule file's example: seat 0 on lead with 59 (15 + 4 + the trump marriage's 40)
    "sixty-six-example": record(
        1, ("AS TS KD QD 9D JC", "KS QS AH TC 9H JH"), "AD", "JS TH 9C KC QH AC 9S KH TD QC JD",
        "AS KS draw exchange marriage:KD 9H draw"),
    # played out, 65 each: the last trick's winner scores 1 (SS-15, last_trick_wins) ...
    "sixty-six-played-out": record(
        1, ("QC AS TS QS JH 9D", "AC TC KC 9C KH KD"), "JS", "AD AH KS JC QD TD JD QH 9H 9S TH",
        "QC 9C draw QS KC draw AS JC draw KS KH draw AD QH draw TS TD draw QD KD AC JH JS TH "
        "9S JD TC 9H AH 9D"),
    # ... and under carry_one_point nobody reaches 66: one game point carried
    "sixty-six-carry-one-point": record(
        1, ("QC AS TS QS JH 9D", "AC TC KC 9C KH KD"), "JS", "AD AH KS JC QD TD JD QH 9H 9S TH",
        "QC 9C draw QS KC draw AS JC draw KS KH draw AD QH draw TS TD draw QD KD AC JH JS TH "
        "9S JD TC 9H AH 9D", {"no_claim": "carry_one_point"}),
    # seat 1 closes before drawing; seat 0 claims at 42: the closer scores 2 (SS-14 d)
    "sixty-six-closed-wrong-claim": record(
        1, ("AC QS 9S TH KH QD", "QC JC AH KD JD 9D"), "TS", "JH TC AD 9H KS JS KC TD AS QH 9C",
        "TH JD draw QD KD close QC AC JH AH TC 9S KH JC claim"),
    # claim_by_marriage: seat 0 shows K♦ Q♦ for 40 and claims at 55, wrongly: seat 1, with no
    # trick, scores 3 (SS-13a, SS-13b)
    "sixty-six-claim-by-marriage": record(
        1, ("AS TS KD QD 9D JC", "KS QS AH TC 9H JH"), "AD", "JS TH 9C KC QH AC 9S KH TD QC JD",
        "AS KS draw claim:marriage:D", {"claim_by_marriage": True}),
}


def count(out: dict[str, Any], seat: int) -> int:
    """A seat's total from the replayed tricks and marriages (SS-13), with SS-12's 10."""
    tricks = [t for t in out["tricks"] if t["winner"] == seat]
    total = sum(POINTS[c[0]] for t in tricks for c in t["cards"])
    if tricks:
        total += sum(m["points"] for m in out["marriages"] if m["seat"] == seat)
    if (out["phase"] == "done" and out["claim"] is None and out["closed_by"] is None
            and out["tricks"][-1]["winner"] == seat):
        total += 10
    return total


def main() -> None:
    for name, rec in RECORDS.items():
        (HERE / f"{name}.json").write_text(dumps(rec), encoding="utf-8")
        out = tutor.replay(rec)
        (HERE / f"{name}.expected.json").write_text(
            json.dumps(out, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        counted = [count(out, 0), count(out, 1)]
        assert counted == out["totals"], (name, counted, out["totals"])
        print(name, out["phase"], "totals", counted, "game points", out["game_points"],
              "claim", out["claim"], "carried", out["carried"])


if __name__ == "__main__":
    main()
