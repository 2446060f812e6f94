"""How the teacher's deals of the table lesson were made (run once; the records are the source).

A teacher hands out a deal by putting a hand record in this folder; the table lists it under
"Saved deals" and a learner replays it from where it stops, in the seat of their choice. Two are
here, found by shuffling seeded deals until the hand suits the exercise:

- ``solo-to-bid.json`` — just the deal (no call yet): forehand, seat 0, holds a Solo by the
  rules of thumb (:func:`tutor.engine.hand.estimates`). Bid it and play it.
- ``solo-mid-play.json`` — the same kind of deal, bid and declared by seat 0 and played by the
  rule bots to the start of trick 6: the learner takes over any seat from there.

    python notebooks/table-deals/make_table_deals.py     # rewrites the two records

Every record is written with :func:`tutor.engine.record.save`, which refuses one that does not
replay. The lesson and the tests only read the JSON records.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tutor.bots import make_bot
from tutor.engine.record import save
from tutor.games.six_bid_solo.hand import estimates
from tutor.games.six_bid_solo.rules import SOLO, SixBidSolo
from tutor.games.tapp import CALL_BASE, PASS, PLAY, TRUMP_BASE

HERE = Path(__file__).resolve().parent


def main() -> int:
    game = SixBidSolo()
    for seed in range(1000):
        state = game.new_deal(seed, 2)  # dealer 2: seat 0 is forehand
        solo = next(e for e in estimates(state.hands[0]) if e.contract == SOLO)
        if not 70 <= solo.points <= 80:  # a Solo, not a sure thing
            continue
        save(state.record(), HERE / "solo-to-bid.json")
        state.apply(CALL_BASE + SOLO)
        state.apply(PASS)
        state.apply(PASS)
        state.apply(TRUMP_BASE + solo.trump)
        bots = {s: make_bot("rule", seed + s) for s in state.active}
        while state.phase == PLAY and len(state.tricks) < 5:
            seat = state.to_move
            assert seat is not None
            state.apply(bots[seat].act(state.view(seat))[0])
        save(state.record(), HERE / "solo-mid-play.json")
        print(f"seed {seed}: Solo {solo.points} points by the rule of thumb")
        return 0
    return 1


if __name__ == "__main__":
    sys.exit(main())
