# ruff: noqa: E501 — markdown tables are written one row a line, however long
"""The source of the Sixty-Six lessons, 40 to 44:

- ``40-sixty-six`` — two players, the 24-card pack and its points, the deal, the turn-up and
  trump, the stock, playing a trick while the stock is open, and the draw;
- ``41-sixty-six-marriages`` — marriages (20, 40 in trumps, counting once a trick is won), the
  exchange of the 9 of trumps, and what each player knows of the other's hand;
- ``42-sixty-six-closing`` — closing the stock, the strict rules (follow, head, trump), the 10
  for the last trick;
- ``43-sixty-six-scoring`` — the total and counting it yourself, claiming 66, the game points
  1, 2 and 3, every ending after a close, the last card without a claim, the match to 7;
- ``44-sixty-six-worked-deal`` — a deal replayed from its hand record: a marriage at the first
  lead, the exchange, a close, the strict rules and a claim.

    python notebooks/make_sixty_six_lessons.py      # rewrites notebooks/4N-sixty-six*.ipynb

Written with the cell helpers and conventions of ``make_lessons.py``: thin notebooks — words,
and one line of code per widget or picture — committed without outputs or widget state. Lesson
40 defines the words all five lessons use before using them, and each section ends with one
"Rules:" line naming the ids of ``shared/rules/sixty-six.md`` it rests on. The worked numbers
are data here (:data:`SCORING_CASES`, :data:`CLOSE_CASES`, the worked deal's story) and
``tests/test_sixty_six_lessons.py`` works each one out again with the engine.
"""

from __future__ import annotations

import sys
from itertools import pairwise
from pathlib import Path

import nbformat

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from make_lessons import TITLES, Cell, build, code, footer, md, setup  # noqa: E402  (the sibling source)

#: the game's record id and its name for learners (``TITLES`` and the page titles start with it)
GAME = "sixty-six"
NAME = "Sixty-Six"

LESSONS = ("40-sixty-six", "41-sixty-six-marriages", "42-sixty-six-closing",
           "43-sixty-six-scoring", "44-sixty-six-worked-deal")
NEXT = dict(pairwise(LESSONS))
PREVIOUS = {b: a for a, b in NEXT.items()}
NEXT[LESSONS[-1]] = "14-play-against-the-engine"  # the table, where Sixty-Six is in the Game list


def quiz(kinds: list[str], *, title: str = "") -> Cell:
    """A quiz of Sixty-Six's question kinds (the quiz room's, ``tutor/games/sixty_six/quiz.py``)."""
    args = f"{kinds!r}, game={GAME!r}"
    if title:
        args += f", title={title!r}"
    return code(f"QuizWidget({args})")


def rules(*ids: str) -> str:
    """The one line of a section naming the rules it rests on."""
    return "*Rules: " + ", ".join(ids) + ".*"


def cards(texts: str) -> Cell:
    """Cards drawn by the display, side by side in the order given."""
    return code(f"from tutor.display import cards_html\n\ncards_html({texts.split()!r})")


# --- 40: the pack, the deal, the stock -------------------------------------------------------------
PACK: list[Cell] = [
    md(f"""
# {TITLES["40-sixty-six"]}

**{NAME}** is a game for two. Each deal is short — twelve tricks at most, usually fewer — and
the first player to reach 66 points says so and wins it. A whole game is a match of several
deals.

A few words first, used in all five lessons:

- the **dealer** deals the cards; the other player is the **non-dealer**;
- a **trick** is one card from each player: the first card is *led*, the other *follows*;
- after the deal one card is laid face up, the **turn-up**: its suit is **trump** for the deal,
  and a trump beats every card of the other suits;
- the cards not dealt lie face down across the turn-up: the **stock**, from which both players
  **draw** after every trick;
- a **marriage** is the king and queen of one suit, shown together for extra points;
- a player's **total** is the card points of the tricks they won plus their marriages — and
  nobody writes it down: you count your own in your head;
- to **claim** is to say "66!": the claim ends the deal at once, and the claim had better be
  right;
- to **close** is to turn the turn-up face down: no more drawing, and stricter rules for the
  rest of the deal;
- a deal is worth 1, 2 or 3 **game points** to its winner; the first to 7 game points wins the
  match.

{rules("SS-1", "SS-3", "SS-5", "SS-9", "SS-10", "SS-13", "SS-13a", "SS-13b", "SS-16")}
"""),
    md(f"""
## The 24-card pack and its points

Four suits — clubs ♣, spades ♠, hearts ♥, diamonds ♦ — of six cards each, ranking from the top
**A 10 K Q J 9**: the ten is above the king. The cards in the tricks you win count:

| card | A | 10 | K | Q | J | 9 |
|---|---|---|---|---|---|---|
| points | 11 | 10 | 4 | 3 | 2 | 0 |

30 a suit, **120** in the pack. Winning a trick with the 9 of a suit gets you nothing for that
card, but the trick counts as a trick won — that matters later (lessons
[41](41-sixty-six-marriages.ipynb) and [43](43-sixty-six-scoring.ipynb)).

{rules("SS-1")}
"""),
    code("""
from tutor.cards import DECK_24
from tutor.display import points_table_html, rank_ladder_svg
points_table_html(DECK_24, rule="SS-1")
"""),
    code('rank_ladder_svg("H", deck=DECK_24)'),
    md(f"""
## The deal

Who deals first is chosen any way you like; after that the deal alternates. The dealer gives
three cards to the non-dealer, three to themself, then three more each: six cards each. The
next card is the turn-up, and its suit is trump. The remaining eleven cards go face down across
the turn-up, as the stock, so that the turn-up still shows. The non-dealer leads the first
trick.

{rules("SS-2", "SS-3", "SS-4")}

## A trick while the stock is open

While there are cards in the stock, **any card may be played**: you need not follow suit, and
you need not trump. The trick goes to the highest trump in it; with no trump in it, to the
higher card of the suit led — a card of another suit never wins. The winner leads the next
trick.

So early in the deal you may throw a worthless 9 on your opponent's ace, or keep your trumps
and let a trick go: there is no duty to do anything else.

{rules("SS-7")}
"""),
    md(f"""
## The draw

After each trick, while the stock lasts, the winner of the trick takes the top card of the
stock, then the loser takes the next one: both hands are back to six. The turn-up is the last
card of the stock: after the sixth trick the winner draws the last face-down card and the loser
takes the turn-up. From then on the stock is **exhausted**, and the stricter rules of lesson
[42](42-sixty-six-closing.ipynb) apply.

At that moment after a trick the winner has two other choices instead of drawing — to close or
to claim (lessons [42](42-sixty-six-closing.ipynb) and [43](43-sixty-six-scoring.ipynb)). Before
leading, a player may also exchange a card with the turn-up or show a marriage (lesson
[41](41-sixty-six-marriages.ipynb)).

{rules("SS-5", "SS-6")}

## Quiz — card points

How many points in a trick, or in a handful of cards?

{rules("SS-1")}
"""),
    quiz(["points"]),
]

# --- 41: marriages and the exchange -------------------------------------------------------------
MARRIAGES: list[Cell] = [
    md(f"""
# {TITLES["41-sixty-six-marriages"]}

## Marriages

Hold the king and queen of one suit and you may declare a marriage when you lead, while the
stock is open: lead one of the two and show the other.

- A marriage is worth **20**, or **40** in trumps.
- It **counts** towards your total from the moment you have won a trick — *a* trick, even one
  worth no points. Declared before your first trick, it waits; if you never win a trick, it is
  lost.
- The non-dealer may declare one at the very first lead.
- One marriage per lead; the shown card stays in your hand, known to your opponent, until you
  play it, and it cannot make another marriage.
- A king or queen led as a plain card scores nothing extra.

An example. ♦ is trump, and you are the non-dealer with K♥ and Q♥. At the first lead you lead
K♥ and show Q♥: a marriage of 20, not counting yet. Your opponent plays 9♥, your king wins the
trick, and the marriage counts from then on: your total is 4 for the cards plus 20.

{rules("SS-9", "SS-13")}
"""),
    cards("KH QH"),
    md(f"""
## The exchange of the 9 of trumps

The 9 of trumps is the lowest trump — and it buys the turn-up. When you are on lead, have won at
least one trick, and the stock is still open, you may swap the 9 of trumps from your hand for
the turn-up, before you lead. Your opponent sees which card you took, and knows you hold it
until you play it. The exchange is never made after a trick at the moment of drawing — only
on lead (the option `nine_exchange: anytime_hoyle` also allows it while following).

The order of things when you are on lead: the exchange, then closing (lesson
[42](42-sixty-six-closing.ipynb)), then claiming (lesson [43](43-sixty-six-scoring.ipynb)), or
the lead — a card or a marriage.

{rules("SS-8", "SS-6")}

## What each player knows

Tricks lie face down once taken, and nobody says their total. But some cards in your opponent's
hand are known to you: a card shown with a marriage, and the turn-up your opponent took by the
exchange or with the last draw — until they are played. Every marriage declared is public, with
its suit and points, and so is the number of tricks each player has won.

{rules("SS-17")}

## Quiz — marriages

What do a player's marriages add to their total right now?

{rules("SS-9", "SS-13")}
"""),
    quiz(["marriage"]),
]

# --- 42: closing and the strict rules ------------------------------------------------------------
CLOSING: list[Cell] = [
    md(f"""
# {TITLES["42-sixty-six-closing"]}

## Closing the stock

The player on lead may close the stock, once per deal, while it is open:

- after winning a trick, instead of drawing — both hands then stay at five cards;
- or before leading — after drawing, or at the non-dealer's very first lead (option
  `close_first_lead`).

The turn-up is turned face down. From then on nobody draws, there is no exchange and no marriage
(unless the option `marriages_after_close`), and the cards left in the stock stay out of play.

Why close? To stop your opponent from drawing more trumps, and to play the rest of the deal
under the strict rules below, when you expect to reach 66 first. The price comes in lesson
[43](43-sixty-six-scoring.ipynb): a closer who falls short pays for it.

{rules("SS-10")}

## The strict rules

Once the stock is closed — or exhausted after the sixth trick — every card must obey three
rules, in this order:

1. **follow suit** if you can;
2. and among the cards of that suit, **beat the card led** if you can — you must *head* the
   trick;
3. with no card of the suit led, **play a trump** if you can — any trump.

Only with neither may you play any card. (Option `phase2: follow_only` keeps only the first
rule.)

An example: ♥ is trump and the stock is closed. K♠ is led; you hold 9♠ and A♥. You must play 9♠:
you cannot beat K♠ with a spade, but you must follow suit — the A♥ would have won the trick.

{rules("SS-11")}
"""),
    cards("KS 9S AH"),
    md(f"""
## 10 for the last trick

When the stock ran out and every card is played, the winner of the last trick scores **10**
more. Not after a close: a closed deal has no last-trick bonus.

{rules("SS-12")}

## Quiz — legal plays in both phases

Which cards may you play? Any card while the stock is open; the strict rules once it is closed
or exhausted.

{rules("SS-6", "SS-7", "SS-11")}
"""),
    quiz(["legal-plays"]),
    md(f"""
## Quiz — close now?

After a trick or on lead: close, or play on? The engine plays each position out in many deals —
your opponent's hand and the order of the stock drawn at random among those that fit what you
have seen — and counts the game points closing brings against playing on. A question is asked
only when one choice is clearly better, beyond twice the error of the sampling: closing must beat
every way of playing on by half a game point (in a sampled deal the engine sees your opponent's
cards, which flatters a close), playing on must beat closing by a quarter. Where both come to
the same — your sure tricks win either way — no question is asked. Your total is given here: the
question is the decision. What a close risks is the closer's alone: short of 66, your opponent
scores 2, or 3 if they had won no trick when you closed.

{rules("SS-10", "SS-11", "SS-14")}
"""),
    quiz(["close"]),
]

# --- 43: counting, claiming, game points, the match ------------------------------------------------
#: SS-13b's table worked: (who is right, the claimant's total, the opponent's total, has the
#: opponent won a trick, who scores, game points).
SCORING_CASES: list[tuple[bool, int, int, bool, str, int]] = [
    (True, 68, 33, True, "you", 1),
    (True, 70, 32, True, "you", 2),
    (True, 66, 0, False, "you", 3),
    (False, 64, 40, True, "your opponent", 2),
    (False, 61, 0, False, "your opponent", 3),
]


def scoring_row(right: bool, mine: int, theirs: int, trick: bool, who: str, points: int) -> str:
    """One row of the claim table: the claim, the opponent, who scores and why."""
    claim = f"you claim with {mine}: {'right' if right else 'wrong'}"
    opponent = (f"{theirs}, with a trick" if trick and theirs else
                "no trick" if not trick else f"{theirs}")
    return f"| {claim} | {opponent} | **{who} {points}** |"


def scoring_table() -> str:
    head = "| the claim | your opponent's total | game points |\n|---|---|---|"
    return head + "\n" + "\n".join(scoring_row(*c) for c in SCORING_CASES)


#: SS-14's endings after a close: (the ending, who scores, what).
CLOSE_CASES: list[tuple[str, str, str]] = [
    ("(a) the closer claims, right", "the closer",
     "1, 2 or 3 by the table above, at the claim"),
    ("(b) the closer claims, wrong", "the opponent",
     "2 — or 3 if the opponent had won no trick when the stock was closed"),
    ("(c) the opponent claims, right", "the opponent",
     "2 — or 3 if the opponent had won no trick when the stock was closed"),
    ("(d) the opponent claims, wrong", "the closer",
     "2 — or 3 if the closer has won no trick"),
    ("(e) the last card is played, no claim", "as (a) if the closer has 66, else as (b)",
     "judged after the last trick — no 10 for it"),
]


def close_table() -> str:
    head = "| after a close | who scores | game points |\n|---|---|---|"
    return head + "\n" + "\n".join(f"| {a} | {b} | {c} |" for a, b, c in CLOSE_CASES)


SCORING: list[Cell] = [
    md(f"""
# {TITLES["43-sixty-six-scoring"]}

## Your total, and counting it

Your total is the card points in the tricks you won, plus your marriages that count, plus 10
for the last trick when lesson [42](42-sixty-six-closing.ipynb) gives it. The game never shows
it: tricks lie face down, and your opponent's total is never shown at all. Counting your own is
the skill: add each trick's points as you take it, and a marriage once you have won a trick.

An example: you took A♠ with 10♠ (21), K♥ with 9♥ (4), and 10♣ with J♣ (12), and you declared
the ♣ marriage: 21 + 4 + 12 = 37 in cards, and 20 for the marriage: **57**. Not yet.

{rules("SS-13", "SS-17")}

## Claiming 66

When you believe your total is 66 or more, claim: say so when you are on lead — right after
winning a trick, or before you lead. The claim ends the deal at once; the totals are counted.
You may claim whatever your total: a claim can be wrong, and a wrong claim costs you.

In a deal nobody closed, a claim scores by this table:

- right, and your opponent has 33 or more: **1** game point;
- right, your opponent has less than 33 but has won a trick: **2**;
- right, your opponent has won no trick: **3**;
- wrong: your opponent scores **2**, or **3** if they have won no trick.

{scoring_table()}

{rules("SS-13a", "SS-13b")}
"""),
    md(f"""
## After a close

Closing is a promise to reach 66. The deal then ends in one of five ways:

{close_table()}

"Had won no trick when the stock was closed": a closer who shuts the stock on an opponent
without a trick risks 3 game points.

{rules("SS-14")}

## The last card without a claim

When nobody closed and nobody claimed, the deal is scored as soon as the last card is played:
the winner of the last trick — with the 10 for it — wins the deal, scored by the table above
against the other total (option `no_claim: carry_one_point`: only a total of 66 scores, and a
deal nobody reaches 66 in passes a game point on to the next).

{rules("SS-15", "SS-12")}

## The match

The deal alternates between the players, and each deal's game points add up. The first to
**7** game points wins the match (option `target`: 10).

{rules("SS-16", "SS-2")}

## Quiz — can you claim now?

A position from a deal in play: the tricks you won and the marriages you declared — count, then
claim or play on. The question never shows your total: that is the point.

{rules("SS-13", "SS-13a", "SS-9")}
"""),
    quiz(["claim"]),
    md(f"""
## Quiz — game points

The deal is over: who scores, and how many?

{rules("SS-12", "SS-13b", "SS-14", "SS-15")}
"""),
    quiz(["game-points"]),
]

# --- 44: the worked deal -------------------------------------------------------------------------
#: The hand record the lesson replays (``notebooks/deals/``), and the seat it is seen from.
WORKED_DEAL = "deals/sixty-six-close-and-claim.json"
WORKED_SEAT = 1

WORKED: list[Cell] = [
    md(f"""
# {TITLES["44-sixty-six-worked-deal"]}

A deal of {NAME} replayed from its hand record through the rules engine, step by step: the
deal, each trick with the draw after it, and the result.

You sit in the dealer's seat, **seat {WORKED_SEAT}**: you see your own cards; your opponent's
hand and the stock stay face down, except the cards everyone knows — a card shown with a
marriage, the turn-up. After every trick the commentary says your total, as you would count it
yourself. Step with **Next ▶** and watch for

- a marriage declared at the very first lead, and when it starts to count;
- the exchange of the 9 of trumps;
- the close, and why it came when it did;
- the strict rules forcing a card;
- the claim, and how many game points it brings.

{rules("SS-3", "SS-5", "SS-8", "SS-9", "SS-10", "SS-11", "SS-13a", "SS-14")}
"""),
    code(f"DealReplay({WORKED_DEAL!r}, seat={WORKED_SEAT})"),
    md(f"""
## What happened

Open this once you have stepped to the result: it gives the deal away.

<details>
<summary>What happened in this deal, trick by trick</summary>

1. **The deal.** You deal; J♦ is turned up, so ♦ is trump. Your opponent, seat 0, leads.
2. **A marriage at the first lead.** Seat 0 leads K♥ and shows Q♥: 20, waiting for a trick —
   and K♥ wins the trick at once over your 9♥, so the marriage counts.
3. **Your first trick.** Seat 0 wins tricks 2 and 3; in trick 4 your 10♠ beats J♠: 12 points,
   and you have won a trick.
4. **The exchange and your marriage.** Before leading trick 5 you give your 9♦ for the turn-up
   J♦, then lead K♣ and show Q♣: 20, counting at once. Seat 0 throws Q♥ on it: you have 39.
5. **The close.** You win trick 6 (9♣ and Q♠: 42 in all) and close instead of drawing: you hold
   A♦ K♦ J♦ and the stock has only its last card and the turn-up left. Both hands stay at five.
6. **The strict rules.** Your A♦ draws Q♦ (56). On your K♦ seat 0 must head the trick: its 10♦
   wins 14. Then seat 0 leads A♥; you have no heart and must trump — J♦ wins 13: **69**.
7. **The claim.** On lead with 69 you claim: right (lesson 43, ending (a)). Seat 0 has 46 — 33
   or more — so you score **1** game point.

</details>

{rules("SS-8", "SS-9", "SS-10", "SS-11", "SS-13a", "SS-13b", "SS-14")}

## Quiz — can you claim now?

More positions to count: claim, or play on?

{rules("SS-13", "SS-13a")}
"""),
    quiz(["claim"], title="counting to 66"),
    md(f"""
## Play it yourself

At the table of lesson [14](14-play-against-the-engine.ipynb) pick **{NAME}** in the *Game* list:
a match to 7 against the bots — draw, exchange, marry, close and claim with the buttons, and ask
for a hint when you are unsure.

{rules("SS-5", "SS-10", "SS-13a", "SS-16")}
"""),
]

LESSON_CELLS: dict[str, list[Cell]] = dict(zip(
    LESSONS, (PACK, MARRIAGES, CLOSING, SCORING, WORKED), strict=True))


def notebook(name: str) -> nbformat.NotebookNode:
    """The notebook of lesson ``name``: the setup cell (imports and the stylesheet), its cells
    and the footer links; the page title is the lesson's title, which names the game, and the
    glossary's words of the game are linked where they first appear."""
    cells = LESSON_CELLS[name]
    return build(name, [setup(cells), *cells, footer(name, NEXT.get(name), PREVIOUS.get(name))],
                 title=TITLES[name], games=(GAME,))


def render(name: str) -> str:
    return nbformat.writes(notebook(name)) + "\n"


def main(argv: list[str]) -> int:
    for name in LESSON_CELLS:
        (HERE / f"{name}.ipynb").write_text(render(name), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
