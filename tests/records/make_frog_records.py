"""Writes Frog's golden records (``frog-*.json``) and their replay objects, and prints for each
finished deal P and the chips worked out again from the record's text alone — a cross-check of
the engine's settlement against ``frog.md``. Run from the repository root:
``python tests/records/make_frog_records.py``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import tutor
from tutor.engine.record import dumps, record_of
from tutor.games.frog.rules import Frog, FrogState

HERE = Path(__file__).resolve().parent
POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}  # SBS-3, read off the card text


def _played(options: dict[str, Any], calls: list[str], seed: int, stop: int | None) -> FrogState:
    """A seeded deal with these calls, then random legal actions (``stop`` of them, or all)."""
    game = Frog(options)
    rng = random.Random(seed)
    state = game.new_deal(rng, rng.randrange(game.players))
    for call in calls:
        state.apply(game.parse_call(call))
    n = 0
    while not state.is_terminal() and (stop is None or n < stop):
        state.apply(rng.choice(state.legal_actions()))
        n += 1
    return state


def first_made(options: dict[str, Any], calls: list[str]) -> int:
    """The first seed whose random play makes the contract."""
    return next(seed for seed in range(1000) if _played(options, calls, seed, None).made())


def make(name: str, options: dict[str, Any], calls: list[str], seed: int,
         stop: int | None = None) -> None:
    rec = record_of(_played(options, calls, seed, stop))
    (HERE / f"{name}.json").write_text(dumps(rec), encoding="utf-8")
    out = tutor.replay(rec)
    (HERE / f"{name}.expected.json").write_text(
        json.dumps(out, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    if out["phase"] != "done" or out["bidder"] is None:
        print(name, out["phase"], out["step"], out["to_move"], out["chips"])
        return
    bidder = out["bidder"]
    won = sum(POINTS.get(c[0], 0) for t in out["tricks"] if t["winner"] == bidder
              for c in t["cards"])
    laid = rec["declare"]["discard"] if out["contract"] == "frog" else rec["widow"]
    points = won + sum(POINTS.get(c[0], 0) for c in laid)
    k = {"frog": 1, "chico": 2, "grand": options.get("grand_multiplier", 4)}[out["contract"]]
    print(name, out["contract"], "P", points, "=", out["bidder_points"], "each", k * (points - 60),
          "chips", out["chips"], "made", out["made"])


def main() -> None:
    five = {"players": 5, "five_player_margin_exception": True}
    make("frog-complete-frog", {}, ["frog", "pass", "pass"],
         first_made({}, ["frog", "pass", "pass"]))
    make("frog-lost-frog", {}, ["frog", "pass", "pass"], 11)
    make("frog-complete-chico", {}, ["pass", "chico", "pass"], 12)
    make("frog-complete-grand", {}, ["pass", "pass", "grand"], 13)
    make("frog-grand-multiplier-3", {"grand_multiplier": 3}, ["grand", "pass", "pass"], 14)
    make("frog-four-players-chico-any", {"players": 4, "chico_trump": "any"},
         ["chico", "pass", "pass"], 15)
    make("frog-five-players-margin-exception", five, ["frog", "pass", "pass"],
         first_made(five, ["frog", "pass", "pass"]))
    make("frog-single-round", {"auction": "single_round"}, ["pass", "chico", "grand"], 17)
    make("frog-mid-discard", {}, ["frog", "pass", "pass"], 18, stop=2)
    make("frog-thrown-in", {}, ["pass", "pass", "pass"], 19)


if __name__ == "__main__":
    main()
