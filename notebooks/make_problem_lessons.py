"""The source of the Problems lesson, 16:

- ``16-problems`` — play problems made and proven by the solver, against a defence that adapts
  (:class:`tutor.widgets.problem.ProblemWidget`), with the hint, the write-up and the learner's
  progress per problem.

    python notebooks/make_problem_lessons.py      # rewrites notebooks/16-problems.ipynb

Written with the cell helpers and conventions of ``make_lessons.py``: a thin notebook — words,
and one line of code per widget — committed without outputs or widget state. Every explanation
cites its rule id.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from make_lessons import Cell, build, code, footer, md  # noqa: E402  (the sibling source)

NAME = "16-problems"
PREVIOUS = "15-decisions"
NEXT = "20-frog"

SETUP = code("""
from tutor.widgets import LearnerBox, lesson_style
from tutor.widgets.problem import ProblemWidget

lesson_style()
""")

PROBLEMS: list[Cell] = [
    md("""
# Problems — the cards lie where they hurt

A **problem** is a position from a real deal with a goal: make your contract, beat it, or take
at least so many card points. You see what a player at the table sees — your own hand, the
calls, the tricks played, the trick in progress — and nothing else. The other hands and the
widow are unseen (SBS-8). Some problems start at **the first lead**, right after the auction,
your first card the question; the others are a moment near the end of the play, a few tricks to
go, when counting what has fallen tells you a lot.

**Where the unseen cards may lie.** Every card you have not seen is in another hand or in the
widow. A *layout* is one way they could lie that fits everything you have seen: each hand holds
as many cards as it has left, and a player who did not follow a suit holds none of it — nor any
trump, if it did not trump either (SBS-23). Some problems have a hundred layouts, some twenty
thousand.

**The defence that adapts.** Book problems promise that "the cards are always where they hurt
you". Here that is literally so. The other seats do not hold fixed cards: each time one of them
plays, it may play any card that *some* layout consistent with what you have seen lets it hold
— and it picks one after which your line fails in some layout, if there is one. It commits to
nothing but the cards it plays; which cards were where is settled only when the last card falls.
It never cheats: every card it plays fits what you have seen, and the whole deal replays through
the rules engine at the end.

So a guess — a finesse, playing for a split — meets the layout that beats it. A **sure line** —
a card for every moment, chosen from what you have seen, that reaches the goal in *every*
layout against *every* defence — always wins. Every problem near the end has one, and the
solver proved it: it searched every card the defence could play at every turn, over all the
layouts at once (SBS-22 … SBS-24: the play; SBS-10 … SBS-12: what the goal counts).

**At the first lead** the unseen cards can lie in some 1.6 billion ways, too many to search
them all, so those problems are proven **on a sample**. The defence there chooses among a few
dozen layouts that fit your view — the deal's, one where each tempting card fails, and others
drawn at random among those where the key card works — and the solver proved that the key card
starts a line that wins against every one of them, whatever the defence plays. How good the key
card is in *all* the layouts is counted on hundreds more drawn at random and stated with 95 %
confidence in the write-up: "in at least 99.4 % of the layouts; the best other card in at most
97 %". The key is always clearly the better card, though not always a certain one.

*Rules: SBS-8, SBS-12, SBS-22, SBS-23, SBS-24.*
"""),
    md("""
## How to play a problem

1. Type your name and press **Keep my progress**: each problem's mark (*new*, *tried*,
   *solved*, *solved first time*) is kept with your quiz progress.
2. Pick a level and a problem. Read the goal: in Solo, Heart Solo and Guarantee Solo it is card
   points, the widow's included at the end though you cannot see it (SBS-12); in Misère and
   Spread Misère it is to take no trick at all (SBS-11, SBS-V1).
3. Click a card. Only legal cards are enabled — follow suit, else trump, else any (SBS-23) —
   and the defence answers at once. The tricks played so far are listed under the table, so
   you can count.
4. **Hint** gives the first idea, not the answer.
5. When the last card falls the **write-up** opens. Step through it: the goal; the **key play**
   and the line it starts; each **alternative that fails, shown on the layout where it fails**,
   every hand face up; and what each of your cards cost on the layout the cards came to lie in,
   in points (or tricks) and chips (SBS-10, SBS-11, SBS-27).

**Defence: Original deal** replays the same position against the cards as they were dealt, the
defence seeing every card. Try your guess there: it often works — the deal was kind. Then try
it again with **Defence: Adapts**, the defence that adapts.

Some problems put you in a defender's seat. Your partner's cards are unseen too, and the
defence that adapts plays them as well: a sure line there needs no help from your partner.

*Rules: SBS-10, SBS-11, SBS-12, SBS-23, SBS-27, SBS-V1.*
"""),
    code("LearnerBox()"),
    code("ProblemWidget(start=False)"),
    md("""
## How the problems were made

No problem here was set by hand. A generator deals, lets the rule-of-thumb bots bid and play to
a few tricks from the end (or stops at the bidder's first card), and keeps the position only if

- some card starts a sure line (proven by the search described above; at the first lead, over
  the defence's sample of layouts, the key card working in clearly more of all the layouts than
  any other card), and
- a *natural-looking* other card fails: one that would have worked on the cards as dealt, or in
  most layouts — the guess a good player is tempted by. Its failure is shown on one layout where,
  even with every card seen, the goal is out of reach after it.

The **level** comes from what the solver measured, not from anyone's opinion: how rarely the
tempting guess is punished (a guess that works nine times in ten is a real trap), how many of
your cards fail, and at how many of your turns on the line a wrong card loses. Level 1 shows the
danger plainly; level 3 hides it.

*Rules: SBS-22, SBS-23, SBS-24, SBS-25.*
"""),
]


def notebook() -> nbformat.NotebookNode:
    """The Problems lesson: the setup cell, its cells and the footer links."""
    return build(NAME, [SETUP, *PROBLEMS, footer(NAME, NEXT, PREVIOUS)],
                 title="Six-Bid Solo — Problems", games=("six-bid-solo",))


def render() -> str:
    return nbformat.writes(notebook()) + "\n"


def main(argv: list[str]) -> int:
    (HERE / f"{NAME}.ipynb").write_text(render(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
