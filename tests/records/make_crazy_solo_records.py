"""Writes Crazy Solo's golden records (``crazy-solo-*.json``) and their replay objects, and checks
each finished deal against ``read_by_hand`` of ``tests/test_rules_crazy_solo.py`` (the bidder,
the partner, every trick's winner, P, the rounded payment and the gang's split worked out again
from ``crazy-solo.md`` and the record's card text alone). Run from the repository root:
``python tests/records/make_crazy_solo_records.py``.

The deals: the rule file's example (stopped after the first trick), lesson 33's five-player
take-over, and seeded deals with scripted calls and declarations played out by random legal
cards — a Solo called on another's card at 12 players after three Solo in hearts take-overs, a
secretly alone bidder (6 players), Alone in hearts (4), the 24-card three-handed game, a blind
deal whose leader is under (7) and one whose leader held no heart (thrown in), a deal thrown in
(5), a plain Solo with ♥ trump under ``plain_calls_allow_hearts`` (10 players, 30 cards) and a
draw (p₅ = 0).
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from test_rules_crazy_solo import BASE, read_by_hand  # noqa: E402

import tutor  # noqa: E402
from tutor.engine.record import dumps, record_of, state_of  # noqa: E402
from tutor.games.crazy_solo.rules import CrazySolo  # noqa: E402

ROOT = HERE.parent.parent
Hands = list[list[str]]


def others_highest(trump: str) -> Callable[[Hands, int], str]:
    """The call: the highest card of ``trump`` the bidder lacks (someone else holds it)."""
    def pick(hands: Hands, bidder: int) -> str:
        held = {c for s, h in enumerate(hands) if s != bidder for c in h}
        return next(r + trump for r in "ATKQJ9876" if r + trump in held)
    return pick


def own_lowest(trump: str) -> Callable[[Hands, int], str]:
    """The call: the bidder's own lowest card of ``trump``, else its first card (secretly
    alone, CS-8)."""
    def pick(hands: Hands, bidder: int) -> str:
        return next((r + trump for r in "6789JQKTA" if r + trump in hands[bidder]),
                    hands[bidder][0])
    return pick


def played(options: dict[str, Any], seed: int, calls: list[str] | None,
           trump: str | None = None, call: Callable[[Hands, int], str] | None = None,
           blind: bool = False, stop: int | None = None) -> dict[str, Any]:
    """A seeded deal (dealer by the seed), ``calls`` from the leader, the declaration, then
    random legal cards to the end (or ``stop`` of them)."""
    game = CrazySolo(options)
    rng = random.Random(seed)
    state = game.new_deal(rng, rng.randrange(game.players), blind=blind)
    record = record_of(state)
    if calls is not None:
        record["calls"] = calls
    state = state_of(record)
    declare: dict[str, str] = {}
    if trump is not None:
        declare["trump"] = trump
    if call is not None:
        assert state.bidder is not None
        declare["call"] = call(record["hands"], state.bidder)
    if declare:
        record["declare"] = declare
        state = state_of(record)
    k = 0
    while not state.is_terminal() and (stop is None or k < stop):
        state.apply(rng.choice(state.legal_actions()))
        k += 1
    return record_of(state)


def first_seed(test: Callable[[int], bool]) -> int:
    return next(seed for seed in range(2000) if test(seed))


def leader_hearts(options: dict[str, Any], seed: int) -> bool:
    game = CrazySolo(options)
    rng = random.Random(seed)
    state = game.new_deal(rng, rng.randrange(game.players), blind=True)
    return bool(state.blind_under)


def make(name: str, record: dict[str, Any]) -> None:
    (HERE / f"{name}.json").write_text(dumps(record), encoding="utf-8")
    out = tutor.replay(record)
    (HERE / f"{name}.expected.json").write_text(
        json.dumps(out, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    if out["phase"] != "done":
        print(name, out["phase"], "to move", out["to_move"], "partner", out["partner"])
        return
    mine = read_by_hand(record)
    same = out["chips"] == mine["chips"] and out["payment"] == mine["payment"] and \
        [t["winner"] for t in out["tricks"]] == mine["winners"]
    print(name, "bidder", out["bidder"], out["contract"], out["trump"], "called", out["called"],
          "partner", out["partner"], "P", out["bidder_points"], "payment", out["payment"],
          "chips", out["chips"], "— the cards agree" if same else "— DIFFERS from the cards")
    if not same:
        raise SystemExit(1)


def main() -> None:
    make("crazy-solo-example", BASE)
    lesson = json.loads((ROOT / "notebooks" / "deals" / "crazy-solo-takeover.json")
                        .read_text(encoding="utf-8"))
    make("crazy-solo-five-players-takeover", lesson)
    twelve = ["solo", "solo-in-hearts", "pass", "solo-in-hearts", "pass", "pass",
              "solo-in-hearts", "pass", "pass", "pass", "pass", "pass"]
    make("crazy-solo-twelve-players-takeovers",
         played({"players": 12}, 12, twelve, call=others_highest("H")))
    six = ["pass", "solo", "pass", "pass", "pass", "pass"]
    make("crazy-solo-six-players-secretly-alone",
         played({"players": 6}, 6, six, trump="D", call=own_lowest("D")))
    make("crazy-solo-four-players-alone-in-hearts",
         played({"players": 4}, 4, ["pass", "alone-in-hearts", "pass", "pass"]))
    make("crazy-solo-three-handed-24-cards",
         played({"players": 3, "three_handed_deck": 24}, 3, ["alone", "pass", "pass"],
                trump="C"))
    seven = {"players": 7}
    under = first_seed(lambda s: leader_hearts(seven, s))
    make("crazy-solo-seven-players-blind-under",
         played(seven, under, None, call=others_highest("H"), blind=True))
    dry = first_seed(lambda s: not leader_hearts(seven, s))
    make("crazy-solo-seven-players-blind-no-heart-thrown-in",
         played(seven, dry, ["pass"] * 7, blind=True))
    make("crazy-solo-thrown-in", played({"players": 5}, 5, ["pass"] * 5))
    ten = {"players": 10, "plain_calls_allow_hearts": True}
    make("crazy-solo-ten-players-plain-solo-in-hearts",
         played(ten, 10, ["pass"] * 3 + ["solo"] + ["pass"] * 6, trump="H",
                call=others_highest("H")))
    four = ["solo", "pass", "pass", "pass"]

    def draw(seed: int) -> bool:
        out = tutor.replay(played({"players": 4}, seed, four, trump="S",
                                  call=others_highest("S")))
        return out["payment"] == 0 and out["bidder_points"] != 60
    make("crazy-solo-draw", played({"players": 4}, first_seed(draw), four, trump="S",
                                   call=others_highest("S")))


if __name__ == "__main__":
    main()
