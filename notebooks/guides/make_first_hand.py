"""The guided first hand (lesson 05b): a Six-Bid Solo deal and the script that walks a beginner
through it. Run once; the two JSON files are the source the lesson reads.

    PYTHONPATH=. python notebooks/guides/make_first_hand.py   # rewrites first-hand*.json here

The deal: seeded deal 15 (dealer seat 2, so the learner at seat 0 is forehand), played out by
the rule bots (:mod:`tutor.bots.rule_bot`) from each seat's own view: forehand's count rates a
Solo in clubs at about 83 points, the others pass, clubs are trump, and the Solo is made with
P = 78. The learner makes five of forehand's decisions — the bid, the trump, the opening lead,
a card that must follow suit, a card that must trump — each the rule bot's choice in the record.

The guide (format ``tutor-guide/1``, read by :class:`tutor.widgets.guided.GuidedHand`): for each
stop, the index of the learner's action in the deal's history, the question, which choices are
offered (``legal``: the legal actions; ``hand``: every card in the hand, so a card the rules
forbid can be picked and is answered with the rule it breaks), the rules the stop teaches, why the
recorded choice is good, the other choices as good as it (``good``), and replies to the other
choices that deserve their own. The numbers
in the words are the hand count's (:func:`tutor.games.six_bid_solo.hand.estimates`);
``tests/test_guided.py`` works each of them out again.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from tutor.bots import make_bot
from tutor.engine.record import save
from tutor.games.six_bid_solo.rules import SixBidSolo

HERE = Path(__file__).resolve().parent
SEED, DEALER = 15, 2

GUIDE = {
    "format": "tutor-guide/1",
    "record": "first-hand-deal.json",
    "seat": 0,
    "intro": ("You sit at seat 0. Seat 2 deals, so you are forehand: the first to speak in the "
              "auction and the first to lead. You see your own eleven cards; the other two "
              "hands and the three cards of the widow lie face down."),
    "stops": [
        {"at": 0, "offer": "legal", "rules": ["SBS-13", "SBS-14", "SBS-10"],
         "ask": ("Your call. Count the hand first: clubs A K Q 8 7 — five clubs with the ace "
                 "on top — and diamonds A 10 K J. What do you bid?"),
         "why": ("Solo is right. The hand count: five clubs as trumps are about 4 tricks (one "
                 "off for the missing ten), and A♦ 10♦ K♦ on top of diamonds about 3 more — "
                 "7 tricks, ≈ 70 points, plus your share of the widow and 4 for what the count "
                 "leaves out: ≈ 83. Solo needs 61 and pays 2 × (P − 60) from each opponent."),
         "replies": {
             "pass": ("Passing throws the hand away: by the count it is worth ≈ 83 points, a "
                      "Solo that would win about 2 × 23 = 46 chips from each opponent."),
             "heart-solo": ("Heart Solo makes hearts trump, and you hold no heart at all: the "
                            "count is ≈ 53, below the 61 it needs."),
             "misere": ("A Misère must lose every trick, and this hand is full of winners: "
                        "A♣ and A♦ take a trick whatever the others hold."),
             "guarantee-solo": ("Guarantee Solo in clubs needs 80, and the count's ≈ 83 "
                                "leaves no room: the hand count bids it only from 84. Lost, it "
                                "costs 40 to each opponent."),
             "spread-misere": ("Spread Misère must lose every trick with your hand face up: "
                               "your aces would win tricks."),
             "call-solo": ("Call Solo must take all 120 points; by the count this hand takes "
                           "about 7 tricks, not 11."),
         }},
        {"at": 3, "offer": "legal", "rules": ["SBS-19"],
         "ask": ("Both others passed: you are the bidder and must play Solo. Name trump — ♣, ♠ "
                 "or ♦ (hearts are Heart Solo's)."),
         "why": ("Clubs. Trump the suit you hold most of, with its top: five clubs to the ace "
                 "make about 4 trump tricks, and your diamonds win their tricks as a side "
                 "suit."),
         "replies": {
             "S": ("Spades? You hold only J♠ 8♠, and A♠ 10♠ K♠ Q♠ are all out against you: "
                   "the defenders would draw your two trumps and win tricks with theirs."),
             "D": ("Diamonds? Four to the A 10 K J, with five more out, and your clubs, no "
                   "longer trump, could be trumped."),
         }},
        {"at": 4, "offer": "hand", "rules": ["SBS-22", "SBS-23"],
         "ask": ("Play begins: forehand leads the first trick. Which card do you lead? Every "
                 "card is allowed — the duty to follow binds only the players after you."),
         "why": ("A♣: draw trumps with the master trump. Each round of trumps takes the "
                 "defenders' clubs away, so later they cannot trump your diamonds."),
         "replies": {}},
        {"at": 20, "offer": "hand", "rules": ["SBS-23", "SBS-24"],
         "ask": ("Seat 2 won a trick and leads A♠. Which card do you play?"),
         "why": ("8♠. You must follow suit: spades were led and you hold J♠ 8♠, so one of them "
                 "it must be. A♠ wins this trick whatever you play, so keep the jack's 2 points "
                 "and play the 8."),
         "replies": {
             "JS": ("J♠ follows suit too, so it is allowed — but A♠ wins the trick anyway, and "
                    "the jack's 2 points go to the defenders with it."),
         }},
        {"at": 23, "offer": "hand", "rules": ["SBS-23", "SBS-24"],
         "ask": ("Seat 2 leads A♥ now — 11 points — and you hold no heart. Which card?"),
         "why": ("K♣. You cannot follow hearts, so you must trump, with any club. Which one? "
                 "6♣, 9♣ and 10♣ have fallen and A♣ was yours: only J♣ is still unseen, and "
                 "K♣ beats it — a sure winner, and the ace's 11 points are yours."),
         "good": ["QC"],
         "replies": {
             "QC": ("Q♣ — as good as K♣: it too is above the only club still unseen, J♣, so "
                    "it wins the trick for certain."),
             "8C": ("8♣ is a trump, so it is allowed — but J♣ is still unseen: if seat 1 holds "
                    "it, seat 1 overtrumps and takes the ace's 11 points. K♣ makes it certain."),
             "7C": ("7♣ is a trump, so it is allowed — but J♣ is still unseen: if seat 1 holds "
                    "it, seat 1 overtrumps and takes the ace's 11 points. K♣ makes it certain."),
         }},
    ],
    "outro": ("The Solo is made. The widow is turned up and counts for you (SBS-12); each "
              "defender pays you 2 × (P − 60) (SBS-10)."),
}


def make() -> dict[str, object]:
    """The deal played out by the rule bots from each seat's view, as a record."""
    game = SixBidSolo()
    state = game.new_deal(random.Random(SEED), DEALER)
    bot = make_bot("rule")
    while state.phase != "done":
        seat = state.to_move
        assert seat is not None
        state.apply(bot.act(state.view(seat))[0])
    return dict(state.record())


def main(argv: list[str]) -> int:
    save(make(), HERE / "first-hand-deal.json")
    (HERE / "first-hand.json").write_text(
        json.dumps(GUIDE, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
