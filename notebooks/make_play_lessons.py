
"""The source of the two lessons that put the engine's opinion in the learner's hands:

- ``14-play-against-the-engine`` — the play table (:class:`tutor.widgets.table.TableWidget`);
- ``15-decisions`` — the bid advisor (:class:`tutor.widgets.advisor_panel.AdvisorPanel`) and
  the decision quizzes (:class:`tutor.widgets.decisions.DecisionQuiz`).

    python notebooks/make_play_lessons.py      # rewrites notebooks/14-*.ipynb and 15-*.ipynb

Written with the same cell helpers and conventions as ``make_lessons.py`` (which writes lessons
00-13): thin notebooks — words, and one line of code per widget — committed without outputs or
widget state. Every explanation cites its rule id.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from glossary_terms import CRAZY, FROG, PITCH, SBS, SIXTY_SIX  # noqa: E402  (the sibling source)
from make_lessons import Cell, build, code, footer, md, rules, setup  # noqa: E402

#: The games each page speaks of, whose glossary words it links: the table deals all five, the
#: advisor values two.
GAMES = {"14-play-against-the-engine": (SBS, FROG, CRAZY, SIXTY_SIX, PITCH),
         "15-decisions": (SBS, FROG)}

PREVIOUS = {"14-play-against-the-engine": "13-variants",
            "15-decisions": "14-play-against-the-engine"}
NEXT = {"14-play-against-the-engine": "15-decisions", "15-decisions": "20-frog"}

PLAY: list[Cell] = [
    md(f"""
# Play against the engine

You have met every rule; now play. At the table below you hold one seat of a whole deal and the
bots hold the other two. You **bid** through the real auction, **declare** when you win it (the
trump; in Call Solo the call and the card given back), and **play** by clicking your cards —
each card of your hand is a button. Only the calls and cards the rules allow can be pressed, and
even so every click is checked again by the rules: follow suit, else trump, else any card.

{rules("SBS-13", "SBS-14", "SBS-15", "SBS-16", "SBS-16a", "SBS-19", "SBS-20", "SBS-23")}

## The game

The *Game* list above the table picks Six-Bid Solo, Frog (game) (lessons 20 … 23), Crazy Solo
(lessons 30 … 33), Sixty-Six (lessons 40 … 44) or Auction Pitch (lessons 50 … 55). When you win the Frog bid, the lowest contract of Frog (game), you pick up the
widow and lay three cards away before the first lead, one button a card.

**Crazy Solo** is for a big table: the *Players* list seats 3 to 12, everyone calls once, and the
bidder calls a card from the grid that appears — its holder is the secret partner. Until that
card is played each seat is marked as you may know it: *bidder*, *partner*, *gang* or *unknown*,
and beside each unknown seat the share of deals sampled from your view in which it holds the
called card. The bots' reasons wait while the partner is a secret. A match is played in chips
from 150, with a blind round first if you like.

**Auction Pitch** (lessons 50 … 55) seats 3 to 7 in the *Players* list, each player for
themselves: one call each from the eldest to the dealer, and the card the pitcher leads names
trump. Every card played stays face up beside the player who won it; the cards never dealt are
never shown, not even when the hand is over. The *Play* picker offers a match to 7, 10, 11, 15
or 21, with a score board under the table: a score below zero — a pitcher set back — is written
with a minus sign and drawn boxed.

**Sixty-Six** (lessons 40 … 44) is for two: you against one bot, the stock and its turn-up in
the middle. The buttons beside your cards are the actions the rules allow you now — draw, close
the stock, exchange the trump 9 for the turn-up, lead a king or queen showing its marriage,
claim 66 — and only those. Count your points in your head: the table shows neither total.
A take-back never goes back past a draw from the stock (you have seen the card it gave you). The
*Play* picker offers a match to 7, and the hint says which action is worth the most game points
over deals sampled from what you have seen.

{rules("FR-1", "FR-2", "CS-1", "CS-2", "CS-4", "CS-8", "CS-9", "CS-13", "CS-14", "SS-5", "SS-8", "SS-9", "SS-10", "SS-13a", "SS-16", "SS-17", "PI-2", "PI-3", "PI-4", "PI-7", "PI-11", "PI-12")}

## The bots

Pick their level before you start (the levels the game offers):

- *random cards* — any legal card (a punching bag);
- *rules of thumb* — the hand count and the play habits a good club player uses, each choice
  with its reason;
- *sampling + solver (PIMC)* — deals consistent with what the bot can see, each solved with every
  hand open ("double-dummy"), the best card on average. Strong, and slower.

Every bot action comes with its reason in one line under **What happened**. A reason that would
name a card you cannot see yet waits until that card is played or the deal is over.

{rules("SBS-23", "SBS-24")}

## Face down

At a real table the tricks are turned face down as they are won, and nobody may look back at
them. Counting the points in your head as the cards fall is allowed — it is the heart of the
game (lesson 2). So the table shows you the tricks that fell since your last card, and no
running count. The **teaching aid** switch shows every trick and the card points each seat has
taken — a help for learning, not allowed at a real table.

{rules("SBS-25")}
"""),
    code("""
TableWidget(records_dir="table-deals")
"""),
    md(f"""
## What the buttons do

- **Hint** — what the sampling player would do in your seat, and why. It looks only at what you
  can see: deals consistent with your hand and the play so far, each solved double-dummy. It
  never peeks at the hidden cards.
- **Take back** — undo your last call or card (and the bots' replies) and try another. When your
  new try differs, the two are compared on the same sampled deals: how many chips each is worth
  on average. The review at the end lists the cards you tried and took back, with their cost.
- **Bots play at once** — untick it to let the bots move one at a time with **Next bot move**
  and read each reason as it comes.
- **Play: a match** — a short match of several deals: the deal passes to the left, chips are
  carried from deal to deal and the match ends after the agreed number of deals or when a
  balance reaches 0.

{rules("SBS-9", "SBS-26", "SBS-27", "SBS-28")}

## At the end of a deal

The table settles the deal — the bidder's points P and the chips with each opponent — and
reviews your play **card by card**: for each card you played, the solver plays the rest of the
deal perfectly with every hand open and tells how many points (in a Misère: tricks) your card
gave away against the best one. A double-dummy review is hindsight — it knows where every card
was — so a card that "cost" points may still have been a sound guess. The whole deal is shown
then, widow included.

{rules("SBS-10", "SBS-11", "SBS-12", "SBS-27")}

## A deal from your teacher

A hand record holds one deal, from the cards dealt to the last card played. **Save deal** writes
the deal so far as a record; **Saved deals** lists the records in the folder, and **Load**
continues one from where it stops, in the seat you choose. A teacher can put a record there —
this folder holds two: *solo-to-bid*, a hand for a Solo, and *solo-mid-play*, the same kind of
deal stopped at trick 6. A record may hold every hand; the table keeps it to itself and shows
you only your seat's view.

{rules("SBS-10")}
"""),
]

DECISIONS: list[Cell] = [
    md(f"""
# Decisions and what they cost

Bidding is a bet: you name a contract before you see the widow or the other hands, and the
chips follow from the contract you win. This lesson puts the engine's opinion next to yours.

{rules("SBS-13", "SBS-18", "SBS-10", "SBS-11")}

## The bid advisor

The advisor answers "what is this hand worth?" the way strong card programs do. It deals the
cards you cannot see at random, many times, in every way consistent with your hand; solves each
deal with every hand open (double-dummy) for each contract you may still bid and each trump;
and settles each result by the rules. The table shows, per contract and trump, the chips you
would win on average and how often you would make it, each with a **95% interval** — the range
the true value lies in, given how many deals were sampled. More deals, narrower intervals.

Two cautions. The calls before you are read only roughly: a deal in which another player's bid
would not fit that player's hand by the rules of thumb (a Solo bid says the hand is strong), or
in which a player who passed held a hand that clearly called for more, is set aside, and the
verdict says so. And double-dummy play is clairvoyant for both sides, so the figures flatter
whoever must guess — a guide, not a promise.

**Either game.** The advisor and the bid questions below have a *Game* list: Six-Bid Solo or
Frog (game) (lessons 20 … 23). For Frog (game) the advisor values the Frog bid, Chico with each
trump it may name, and Grand, each paid k × (P − 60); in the Frog bid it first lays away three
cards by the rules of thumb, so its figures for that bid are a little below what a perfect
discard would give. The card questions are Six-Bid Solo's; the question of which three cards to
discard in the Frog bid is in lesson [21](21-frog-discard.ipynb).

Type a hand (or deal one), pick where you sit in the auction, and press **Advise**:

{rules("SBS-14", "SBS-19", "SBS-27", "FR-1", "FR-2", "FR-5")}
"""),
    code("""
AdvisorPanel(hand="AS TS KS JS 9S AH KH 7H KD QC 7C")
"""),
    md(f"""
## What would you bid here?

A real deal, the auction played by the bots up to your turn. Pick your call. The answer is the
advisor's — and you are only asked when its best call is **clear**: the best call's interval
lies entirely above every other call's. In the advisor's sums a pass counts as 0 chips, as if
the deal were thrown in; at a real table a player who passes still wins or pays as an opponent
of whoever bids, so "0" is the advisor's yardstick, not a promise. A bid must name a strictly
higher contract than the one standing, or pass.

{rules("SBS-14", "SBS-17", "SBS-27")}
"""),
    code("""
LearnerBox()
"""),
    code("""
DecisionQuiz(["bid-decision"], start=False)
"""),
    md(f"""
## Which card?

A position from a real deal, where the choice matters: the legal cards differ by at least 10
card points (a trick in a Misère) when the rest of the deal is played perfectly. Pick your card
— the cards are the buttons. It is graded by the solver, with every hand open: every card as
good as the best is right, and the feedback tells what your card cost. These positions are also
checked to be *findable*: the best card is best on average over deals consistent with what you
see, not only in the one lie of the cards.

{rules("SBS-23", "SBS-24", "SBS-12")}
"""),
    code("""
DecisionQuiz(["play-decision"], start=False)
"""),
]

LESSON_CELLS: dict[str, list[Cell]] = {
    "14-play-against-the-engine": PLAY, "15-decisions": DECISIONS}


def notebook(name: str) -> nbformat.NotebookNode:
    """The notebook of lesson ``name``: the setup cell (imports and the stylesheet), its cells
    and the footer links."""
    cells = LESSON_CELLS[name]
    return build(name, [setup(cells), *cells, footer(name, NEXT.get(name), PREVIOUS.get(name))],
                 games=GAMES[name])


def render(name: str) -> str:
    return nbformat.writes(notebook(name)) + "\n"


def main(argv: list[str]) -> int:
    for name in LESSON_CELLS:
        (HERE / f"{name}.ipynb").write_text(render(name), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
