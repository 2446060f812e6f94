"""Writes Auction Pitch's golden records (``pitch-*.json``) and their replay objects, and checks
each finished hand against the scoring worked out again from the record's cards alone
(``score_by_hand`` of ``tests/test_rules_auction_pitch.py``: trick winners, High, Low, Jack,
Game and the score changes of PI-9..11 read with ``Card`` and ``DECK_52`` only). Run from the
repository root: ``python tests/records/make_pitch_records.py``.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from test_rules_auction_pitch import (  # noqa: E402  (the worked cases and the independent scorer)
    BASE,
    PI_03,
    PI_04,
    PI_05,
    PI_06,
    rec,
    score_by_hand,
)

import tutor  # noqa: E402
from tutor.engine.record import dumps, record_of  # noqa: E402
from tutor.games.auction_pitch.rules import AuctionPitch  # noqa: E402


def played(options: dict[str, Any], seed: int) -> dict[str, Any]:
    """A seeded hand played with random legal calls and cards to the end."""
    game = AuctionPitch(options)
    rng = random.Random(seed)
    state = game.new_deal(rng, rng.randrange(game.players))
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return record_of(state)


def make(name: str, record: dict[str, Any]) -> None:
    (HERE / f"{name}.json").write_text(dumps(record), encoding="utf-8")
    out = tutor.replay(record)
    (HERE / f"{name}.expected.json").write_text(
        json.dumps(out, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    if out["phase"] != "done" or not out["tricks"]:
        print(name, out["phase"], "to move", out["to_move"], "score", out["score_change"])
        return
    want = score_by_hand(record, out)
    same = all(out[k] == want[k] for k in ("awards", "game_points", "points_won",
                                            "score_change", "bidder", "contract"))
    print(name, "pitcher", out["bidder"], "bid", out["contract"], "awards", out["awards"],
          "game points", out["game_points"], "score", out["score_change"],
          "— the cards agree" if same else "— DIFFERS from the cards")


def main() -> None:
    make("pitch-example", BASE)
    make("pitch-PI-03-set-back", PI_03)
    make("pitch-PI-04-made", PI_04)
    make("pitch-PI-05-low-captured", PI_05)
    make("pitch-PI-05-low-dealt-holder",
         rec(PI_05, options={"players": 3, "low_point": "dealt_holder"}))
    make("pitch-PI-06-game-tie", PI_06)
    make("pitch-thrown-in", rec(options={"players": 3, "all_pass": "redeal_same_dealer"},
                                calls=["pass", "pass", "pass"], play=[]))
    make("pitch-eldest-pitches-free", rec(PI_03, options={
        "players": 3, "all_pass": "eldest_pitches_free"}, calls=["pass", "pass", "pass"]))
    make("pitch-seven-players", played({"players": 7, "strict_follow": True}, 7))
    make("pitch-five-players-min-bid-2", played({"players": 5, "min_bid": 2}, 5))


if __name__ == "__main__":
    main()
