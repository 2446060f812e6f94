# ruff: noqa: E501 — markdown tables are written one row a line, however long
"""The lesson notebooks' source: every cell of every lesson, written out with nbformat.

    python notebooks/make_lessons.py          # rewrites notebooks/NN-*.ipynb

The notebooks are committed without outputs or widget state; ``tests/test_notebooks.py``
checks they are exactly what this script writes. Edit the text here, run the script, commit
both. The notebooks stay thin: words, and one line of code per widget or picture — all logic
lives in :mod:`tutor` (engine, quiz, display, widgets). Every explanation cites its rule id
(``SBS-n`` in ``shared/rules/six-bid-solo.md``).
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from glossary_terms import (  # noqa: E402  (the sibling source)
    EVERY_GAME,
    GAMES,
    GLOSSARY,
    SBS,
    Term,
    entries,
    link_terms,
    names,
)

KERNEL = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}

WIDGETS = ("AdvisorPanel", "AuctionExplorer", "CutForDealer", "DealReplay", "DealStepper",
           "DecisionQuiz", "GuidedHand", "LearnerBox", "MasteryView", "QuizWidget",
           "TableWidget")


def setup(cells: list[Cell]) -> Cell:
    """The first cell: import the widgets the lesson uses and put the stylesheet on the page."""
    used = sorted(n for n in WIDGETS if any(k == "code" and n + "(" in src for k, src in cells))
    return code(f"from tutor.widgets import {', '.join([*used, 'lesson_style'])}\n\n"
                "lesson_style()")

Cell = tuple[str, str]  # ("md" | "code", source)


def md(text: str) -> Cell:
    return ("md", text.strip("\n"))


def code(text: str) -> Cell:
    return ("code", text.strip("\n"))


def rules(*ids: str) -> str:
    """The one line of a section naming the rules it rests on (no rule id stands elsewhere in a
    lesson's sentences)."""
    return "*Rules: " + ", ".join(ids) + ".*"


def quiz(kinds: list[str], contract: str | None = None, title: str = "",
         players: int | None = None) -> Cell:
    args = repr(kinds)
    if contract:
        args += f", contract={contract!r}"
    if players:
        args += f", players={players}"
    if title:
        args += f", title={title!r}"
    return code(f"QuizWidget({args})")


# --- the glossary: its words and their links live in glossary_terms.py ------------------------
#: The games whose words a page of this file links (Six-Bid Solo's, unless listed): the welcome
#: page speaks of every game. The glossary page itself links nothing.
PAGE_GAMES: dict[str, tuple[str, ...]] = {"00-welcome": EVERY_GAME, "glossary": ()}


NEXT = {
    "00-welcome": "01-card-ranking", "01-card-ranking": "02-card-points",
    "02-card-points": "03-the-deal", "03-the-deal": "04-the-auction",
    "04-the-auction": "05-play", "05-play": "05b-first-hand", "05b-first-hand": "06-solo",
    "06-solo": "07-heart-solo",
    "07-heart-solo": "08-misere", "08-misere": "09-guarantee-solo",
    "09-guarantee-solo": "10-spread-misere", "10-spread-misere": "11-call-solo",
    "11-call-solo": "12-settlement", "12-settlement": "13-variants",
    "13-variants": "14-play-against-the-engine",  # 14 and 15: notebooks/make_play_lessons.py
    "glossary": "01-card-ranking", "for-teachers": "00-welcome",
}  # fmt: skip


def footer(name: str, nxt: str | None = None, prev: str | None = None) -> Cell:
    """The links under a lesson: all lessons, the previous one (if given), the next one (by
    default from :data:`NEXT`), and the glossary."""
    nxt = nxt or NEXT.get(name)
    links = "[← All lessons](00-welcome.ipynb)"
    if prev:
        links += f" · [← Previous]({prev}.ipynb)"
    if nxt:
        links += f" · [Next: {TITLES[nxt]} →]({nxt}.ipynb)"
    if name != "glossary":
        links += " · [Glossary](glossary.ipynb)"
    return md(links)


TITLES = {
    "00-welcome": "Welcome", "01-card-ranking": "Card ranking", "02-card-points": "Card points",
    "03-the-deal": "The deal", "04-the-auction": "The auction", "05-play": "Playing a trick",
    "05b-first-hand": "Your first hand, guided",
    "06-solo": "Solo", "07-heart-solo": "Heart Solo", "08-misere": "Misère",
    "09-guarantee-solo": "Guarantee Solo", "10-spread-misere": "Spread Misère",
    "11-call-solo": "Call Solo", "12-settlement": "Settlement and the match",
    "13-variants": "Variants and where the sources disagree",
    "14-play-against-the-engine": "Play against the engine",
    "15-decisions": "Decisions and what they cost",
    "16-problems": "Problems",  # notebooks/make_problem_lessons.py
    "glossary": "Glossary", "for-teachers": "For teachers: a lesson for a class",
    # 20-23: notebooks/make_frog_lessons.py; each title names the game (its presentation name)
    "20-frog": "Frog (game) — the Frog bid, Chico and Grand",
    "21-frog-discard": "Frog (game) — the widow and the discard",
    "22-frog-settlement": "Frog (game) — settlement and the multipliers",
    "23-frog-worked-deals": "Frog (game) — worked deals",
    # 30-33: notebooks/make_crazy_solo_lessons.py; each title names the game
    "30-crazy-solo": "Crazy Solo — a big table: the deck, the leader and the calls",
    "31-crazy-solo-partner": "Crazy Solo — calling a card and finding the partner",
    "32-crazy-solo-payment": "Crazy Solo — payment, rounding, the blind round and three hands",
    "33-crazy-solo-worked-deal": "Crazy Solo — a worked deal",
    # 40-44: notebooks/make_sixty_six_lessons.py; each title names the game
    "40-sixty-six": "Sixty-Six — two players, the pack, the stock and the draw",
    "41-sixty-six-marriages": "Sixty-Six — marriages and the exchange of the 9",
    "42-sixty-six-closing": "Sixty-Six — closing the stock and the strict rules",
    "43-sixty-six-scoring": "Sixty-Six — counting to 66, claiming and game points",
    "44-sixty-six-worked-deal": "Sixty-Six — a worked deal",
    # 50-55: notebooks/make_auction_pitch_lessons.py; each title names the game
    "50-auction-pitch": "Auction Pitch — the pack, the deal and the cards never dealt",
    "51-auction-pitch-points": "Auction Pitch — High, Low, Jack and Game",
    "52-auction-pitch-bidding": "Auction Pitch — bidding, stealing and pitching",
    "53-auction-pitch-play": "Auction Pitch — playing: trumping while able to follow",
    "54-auction-pitch-scoring": "Auction Pitch — scoring, setback and the match",
    "55-auction-pitch-worked-deal": "Auction Pitch — a worked deal",
}  # fmt: skip

# --- the lessons ---------------------------------------------------------------------------------
WELCOME: list[Cell] = [
    md(f"""
# Solo Tutor — Six-Bid Solo, Frog (game), Crazy Solo, Sixty-Six and Auction Pitch

Six-Bid Solo is a card game for three active players with a 36-card pack. In each deal one
player — the **bidder** — wins the auction by naming the highest of six **contracts**, then
plays alone against the other two. Card points, tricks and chips decide the rest. The game's words are explained in the
[glossary](glossary.ipynb); every page links a word there where it first comes up.

**Frog (game)** is its cousin: the same pack, deal, auction and play, with three contracts of its
own — the **Frog bid**, Chico and Grand. "Frog" names both the game and its lowest bid, so these
pages always say *Frog (game)* for the game and *Frog bid* for the contract.

**Crazy Solo** takes the same 36 cards to a big table of 3 to 12 players: one call each, and the
highest caller picks a secret partner by naming a card.

**Sixty-Six** is a game for two with 24 cards: a stock to draw from, marriages, closing, and
claiming 66 before your opponent does.

**Auction Pitch** takes the full 52-card pack to 3 to 7 players, each for themselves: one bid
each, the first card led names trump, and four points — High, Low, Jack and Game — with the
pitcher set back when short.

These lessons walk through the games in order. Each one explains a part of the rules and names
the rule ids it rests on, from the rule books, in one line at the end of each section. Most end
with a short quiz: a wrong answer gets a hint and a second try before the answer is shown.
Buttons work with the keyboard alone: **Tab** to move, **Space** or **Enter** to press — the
cards you pick are buttons too.

Teaching a class? The page [for teachers](for-teachers.ipynb) shows how to project a lesson.

{rules("SBS-1", "SBS-28", "SBS-V1", "SBS-V6", "FR-1", "FR-5", "CS-1", "CS-14", "SS-1", "SS-17", "PI-1", "PI-12")}
"""),
    md("""
## The map of lessons — pick a game

### Six-Bid Solo

| # | Lesson | What you learn | Rules |
|---|---|---|---|
| 1 | [Card ranking](01-card-ranking.ipynb) | the 36 cards; the ten ranks above the king | SBS-1, SBS-2, SBS-4 |
| 2 | [Card points](02-card-points.ipynb) | A 11, 10 10, K 4, Q 3, J 2 — 120 in all | SBS-3 |
| 3 | [The deal](03-the-deal.ipynb) | the cut for first dealer, shuffle and cut, the 4-3-widow-4 packets | SBS-5 … SBS-9 |
| 4 | [The auction](04-the-auction.ipynb) | forehand, middlehand and endhand; the duel | SBS-13 … SBS-18 |
| 5 | [Playing a trick](05-play.ipynb) | follow suit, trump, who wins the trick | SBS-22 … SBS-25 |
| 5b | [Your first hand, guided](05b-first-hand.ipynb) | a whole deal where you decide: the bid, the trump, the key cards | SBS-10 … SBS-25 |
| 6 | [Solo](06-solo.ipynb) | the lowest contract: 61 points with trump ♣ ♠ or ♦ | SBS-10, SBS-12, SBS-19 |
| 7 | [Heart Solo](07-heart-solo.ipynb) | hearts are trump, paid three to the point | SBS-10, SBS-19 |
| 8 | [Misère](08-misere.ipynb) | win no trick at all | SBS-11, SBS-V1 |
| 9 | [Guarantee Solo](09-guarantee-solo.ipynb) | 74 with hearts, 80 otherwise, for a flat 40 | SBS-11, SBS-19 |
| 10 | [Spread Misère](10-spread-misere.ipynb) | misère with the hand face up | SBS-11, SBS-21 |
| 11 | [Call Solo](11-call-solo.ipynb) | all 120 points, after calling a card | SBS-11, SBS-20 |
| 12 | [Settlement and the match](12-settlement.ipynb) | chips, the end of the match | SBS-10 … SBS-12, SBS-26 … SBS-28 |
| 13 | [Variants](13-variants.ipynb) | misère by points, 4 and 5 players, where the sources disagree | SBS-V1 … SBS-V6 |

### Frog (game)

Lessons 1 to 5 hold for Frog (game) too: the cards, the points, the deal, the auction and play
are Six-Bid Solo's. Start there if the game is new to you, then:

| # | Lesson | What you learn | Rules |
|---|---|---|---|
| 20 | [Frog (game): the Frog bid, Chico and Grand](20-frog.ipynb) | the three contracts next to Six-Bid Solo's six; the auction with three bids | FR-1 … FR-5, SBS-13 … SBS-18 |
| 21 | [Frog (game): the widow and the discard](21-frog-discard.ipynb) | the Frog bid's pick-up, which three cards to lay away, and your discard graded by the solver | FR-1, FR-2 |
| 22 | [Frog (game): settlement](22-frog-settlement.ipynb) | k × (P − 60) with each opponent: 1, 2 and 4; tables of 4 and 5 | FR-1, FR-4, FR-5 |
| 23 | [Frog (game): worked deals](23-frog-worked-deals.ipynb) | a Frog bid and a Grand replayed trick by trick from their records | FR-1 … FR-5, SBS-23 … SBS-25 |

### Crazy Solo

The cards and their points are Six-Bid Solo's (lessons 1 and 2); everything else is new:

| # | Lesson | What you learn | Rules |
|---|---|---|---|
| 30 | [Crazy Solo: the deck, the leader and the calls](30-crazy-solo.ipynb) | 3 to 12 players, the deck by table size and the spit, one call each and the take-over | CS-1 … CS-6 |
| 31 | [Crazy Solo: calling a card and finding the partner](31-crazy-solo-partner.ipynb) | the called card, the secret partner, soloists and gang, reading the play | CS-7 … CS-10 |
| 32 | [Crazy Solo: payment, the blind round and three hands](32-crazy-solo-payment.ipynb) | k × (P − 60) rounded to 5, the draw at 61, who pays whom; the blind round; three-handed | CS-2, CS-5, CS-11 … CS-14 |
| 33 | [Crazy Solo: a worked deal](33-crazy-solo-worked-deal.ipynb) | a five-player deal replayed trick by trick, the partner revealed by its card | CS-3 … CS-12 |

### Sixty-Six

A game of its own for two players, with a pack of 24 cards:

| # | Lesson | What you learn | Rules |
|---|---|---|---|
| 40 | [Sixty-Six: the pack, the stock and the draw](40-sixty-six.ipynb) | A 10 K Q J 9 and their points, the turn-up and trump, any card while the stock is open, drawing after each trick | SS-1 … SS-7 |
| 41 | [Sixty-Six: marriages and the exchange](41-sixty-six-marriages.ipynb) | 20 and 40, counting once a trick is won; the 9 of trumps for the turn-up; what each player knows | SS-8, SS-9, SS-17 |
| 42 | [Sixty-Six: closing and the strict rules](42-sixty-six-closing.ipynb) | closing the stock; follow, head, trump; 10 for the last trick | SS-10 … SS-12 |
| 43 | [Sixty-Six: counting, claiming and game points](43-sixty-six-scoring.ipynb) | your hidden total, claiming 66, 1, 2 or 3 game points, the endings after a close, the match to 7 | SS-13 … SS-16 |
| 44 | [Sixty-Six: a worked deal](44-sixty-six-worked-deal.ipynb) | a deal replayed trick by trick: a marriage, the exchange, a close and a claim | SS-3 … SS-14 |

### Auction Pitch

A game of its own for 3 to 7 players, with the full pack of 52 cards:

| # | Lesson | What you learn | Rules |
|---|---|---|---|
| 50 | [Auction Pitch: the pack, the deal and the cards never dealt](50-auction-pitch.ipynb) | A K Q … 2, six cards each in threes, the rest of the pack never dealt — and why that matters | PI-1 … PI-3 |
| 51 | [Auction Pitch: High, Low, Jack and Game](51-auction-pitch-points.ipynb) | the four points, the game points and why the 10 matters, a single trump, a tie | PI-10 |
| 52 | [Auction Pitch: bidding, stealing and pitching](52-auction-pitch-bidding.ipynb) | one call each, the dealer's steal and forced bid, the pitcher, the first lead names trump; what would you call? | PI-4 … PI-7 |
| 53 | [Auction Pitch: trumping while able to follow](53-auction-pitch-play.ipynb) | a trump lead followed in trumps, follow or trump, strict following, who wins the trick | PI-7 … PI-9 |
| 54 | [Auction Pitch: scoring, setback and the match](54-auction-pitch-scoring.ipynb) | all points won or the bid set back, scores below zero, the match to 7 and its win checks, the smudge | PI-6, PI-10 … PI-12 |
| 55 | [Auction Pitch: a worked deal](55-auction-pitch-worked-deal.ipynb) | a hand replayed trick by trick: a steal, a caught jack, a ten for Game, a setback | PI-3 … PI-11 |

### Play and decide

| # | Lesson | What you learn | Rules |
|---|---|---|---|
| 14 | [Play against the engine](14-play-against-the-engine.ipynb) | a whole deal against the bots, in the game picked in the *Game* list | SBS-13 … SBS-27, FR-1 … FR-5, PI-2 … PI-12 |
| 15 | [Decisions and what they cost](15-decisions.ipynb) | the bid advisor; quizzes on bid and card decisions, checked by the solver — the *Game* list picks the game | SBS-10 … SBS-24, FR-1 … FR-5 |
| 16 | [Problems](16-problems.ipynb) | play problems made and proven by the solver, against a defence that adapts: the cards lie where they hurt a guess | SBS-12, SBS-22 … SBS-24 |

The [glossary](glossary.ipynb) explains the words; the page [for teachers](for-teachers.ipynb)
shows how to run a lesson for a class.

*Rules: the column on the right of each table.*
"""),
    md("""
## Your progress

Your answers are checked by the tutor, and your score for each rule is kept in a small file
under your name, so it survives closing the page. Type your name once here (any name — it only
picks the file):
"""),
    code("LearnerBox()"),
    md(f"""
How well you know each lesson and each rule, from your answers so far. A rule you missed comes
back in a later quiz (marked *Review*), and **Practise my weak rules** asks about those at once.

{rules("SBS-1", "SBS-28")}
"""),
    code("MasteryView()"),
    md("""
A first look at the cards, drawn by the tutor — a hand of eleven, as dealt to each player:
"""),
    code("""
from tutor.display import hand_svg

hand_svg(["AS", "TS", "KS", "QH", "JH", "9H", "AC", "8C", "7C", "TD", "6D"])
"""),
]

def glossary_entry(term: Term) -> Cell:
    """One entry of the glossary page: its games, what holds in all of them, what differs in
    each, and its rules."""
    games = "every game" if term.games == EVERY_GAME else names(term.games)
    parts = [f"### {term.heading}", f"*Games: {games}.*"]
    if term.definition:
        parts.append(term.definition)
    if term.details:
        parts.append("\n".join(f"- **{names(g)}:** {text}" for g, text in term.details))
    if term.rules:
        parts.append(rules(*term.rules))
    return md("\n\n".join(parts))


def glossary_index() -> str:
    """The entries of each game, as links down the page."""
    return "\n".join(
        f"- **{name}:** " + " · ".join(f"[{t.heading}](#{t.anchor})"
                                       for t in sorted(entries((game,)), key=a_to_z))
        for game, name in GAMES.items())


def a_to_z(term: Term) -> str:
    return term.heading.casefold()


GLOSSARY_PAGE: list[Cell] = [
    md(f"""
# Glossary

The words the lessons use, each with the games it belongs to and the rules it comes from. Every
lesson links a word here where it first comes up in that lesson, to its meaning in that lesson's
game. A word several games share says first what holds in all of them, then what differs in each
game.

## Words by game

{glossary_index()}

## Six-Bid Solo's seats at work

To see several of the words at work — the dealer, forehand, middlehand, endhand, the widow —
step through a deal of Six-Bid Solo:

{rules("SBS-5", "SBS-8")}
"""),
    code("DealStepper(seed=11, dealer=2)"),
    md("## The words, A to Z"),
    *[glossary_entry(t) for t in sorted(GLOSSARY, key=a_to_z)],
]

TEACHERS: list[Cell] = [
    md("""
# For teachers: a lesson for a class

Every lesson runs as a web page with no code on screen. Project it, and the tutor changes its
manner for a class when you add **`?presenter=1`** to the page's address:

- cards and text are drawn large;
- a worked deal shows **every hand open** (the widow still only at the end), so you can talk
  each step through;
- a quiz shows **no answer** until you press **Reveal the answer** — let the class call out
  its pick first; nothing is scored or saved in presenter mode;
- **the keyboard steps the worked deal**: → or Page Down for the next step, ← or Page Up for the
  one before (a presentation clicker sends these), without first clicking a button.

## On your own computer: `make lesson`

In a copy of the project, run `make lesson` (it installs what it needs the first time) and open
the address it prints, `http://localhost:8866`. The page lists the lessons; open one, then add
`?presenter=1` to its address, for instance
`http://localhost:8866/voila/render/06-solo.ipynb?presenter=1`. To have every page open in
presenter mode, start it with `TUTOR_PRESENTER=1 make lesson`.

## For a class with laptops: Binder

The project's `binder/` folder makes a Binder image: a class can open the lessons in their
browsers with nothing installed. Give the class the Binder link with `/voila/render/00-welcome.ipynb`
after it; each learner's page runs on its own, and a learner who types a name in lesson 0 keeps
a score per rule for the session. Project the same lesson yourself with `?presenter=1`.

## What the class sees

This is lesson 6's worked deal as presenter mode shows it, every hand open — step it with the
buttons, or with the arrow keys on a page opened with `?presenter=1`:
"""),
    code('DealReplay("deals/solo.json", presenter=True)'),
    md("""
## A lesson plan that works

1. Open the lesson in presenter mode and read the first section aloud; the *Rules:* line under
   each section names the rule book's ids, should a question come up.
2. Step the worked deal with the arrow keys; stop at each "Why" note and ask the class first.
3. Put the quiz up, let the class answer, then **Reveal the answer**.
4. Let everyone do the lesson's quiz on their own page: a wrong pick gets a hint and a second
   try, and lesson 0's *Your lessons* table shows each learner what to practise.

*Rules: SBS-1, SBS-28.*
"""),
]

CARD_RANKING: list[Cell] = [
    md(f"""
# Card ranking

The pack has 36 cards: four suits — clubs ♣, spades ♠, hearts ♥, diamonds ♦ — of nine ranks
each: A 10 K Q J 9 8 7 6.

In every suit, trump included, the order from highest to lowest is

> **A  10  K  Q  J  9  8  7  6**

The ten is the surprise: it ranks **above the king**, just below the ace. A ten beats a king, a
queen and a jack of its suit; only the ace beats it.

{rules("SBS-1", "SBS-2")}
"""),
    code("""
from tutor.display import rank_ladder_svg

rank_ladder_svg("H", points=False)
"""),
    md(f"""
Only cards of the same suit are compared by rank. Which card wins a trick is a matter of play
(lesson 5): a trump beats any card of another suit, and a card that neither follows suit nor
trumps never wins.

The suits have an order too — clubs, spades, hearts, diamonds, highest first — but it is used
**only** to break a tie when the players cut for the first deal (lesson 3). In play no suit
outranks another except trump.

In hand records each card is written with a card code: TH is the ten of hearts, 6D the six of
diamonds.

{rules("SBS-2", "SBS-4", "SBS-24")}
"""),
    md(f"""
## Quiz — which card is higher?

Pick the card, then **Check answer**.

{rules("SBS-2")}
"""),
    quiz(["card-order"]),
]

CARD_POINTS: list[Cell] = [
    md(f"""
# Card points

Each card is worth card points, whatever its suit:

| card | A | 10 | K | Q | J | 9 | 8 | 7 | 6 |
|---|---|---|---|---|---|---|---|---|---|
| points | 11 | 10 | 4 | 3 | 2 | 0 | 0 | 0 | 0 |

That makes **30 points a suit** and **120 in the pack**. A player needs more than half — 61 —
to make a Solo (lesson 6).

{rules("SBS-3")}
"""),
    md("""
The picture shows why aces and tens matter so much: the eight of them hold 84 of the 120
points, and the sixteen cards from 9 down to 6 hold none.
"""),
    code("""
from tutor.widgets.pictures import points_picture

points_picture()
"""),
    md(f"""
Counting points is the heart of the game: the bidder's **P** is the card points in the tricks
the bidder won, plus the widow's points in Solo, Heart Solo, Guarantee Solo and Call Solo.
Nobody may look back at the tricks already taken, so good players count in their heads as the
cards fall.

{rules("SBS-12", "SBS-25")}
"""),
    md(f"""
## Quiz — count the points

{rules("SBS-3", "SBS-12")}
"""),
    quiz(["points"]),
]

THE_DEAL: list[Cell] = [
    md(f"""
# The deal

Seats are numbered clockwise; dealing, bidding and play all go clockwise. In each deal three
players are **active**: after the dealer, clockwise, come **forehand**, **middlehand** and
**endhand**. With three players the dealer is endhand.

{rules("SBS-5")}

## Who deals first

Each player cuts a card; the **lowest** card deals. Ranks count as in play, and between two
cards of the same rank the suit decides — clubs highest, then spades, hearts, diamonds — so 6♦
is the lowest card of the pack. Press **Cut again**, or **Show a tie-break** to see two cards of
the same rank.

{rules("SBS-6", "SBS-2", "SBS-4")}
"""),
    code("CutForDealer(seed=4)"),
    md(f"""
## Shuffle, cut, and the packets

The dealer shuffles and offers the pack to the player on the dealer's **right** to cut.

The dealer deals clockwise from forehand, face down, in packets: **4 to each**, then **3 to
each**, then **3 face down to the middle — the widow** — then **4 to each**. Each active player
holds 11 cards; 3 × 11 + 3 = 36. You sit at forehand's seat: you see your own cards and nothing
else. Step through the deal with **Next ▶**.

{rules("SBS-7", "SBS-8")}
"""),
    code("DealStepper(seed=11, dealer=2)"),
    md(f"""
## After the deal

After each deal — even one thrown in — the deal passes to the left.

{rules("SBS-9")}
"""),
    md(f"""
## Quiz — the deal

{rules("SBS-5", "SBS-8")}
"""),
    quiz(["deal"], players=3),
]

THE_AUCTION: list[Cell] = [
    md(f"""
# The auction

After looking at their own cards the players bid for the right to play alone. A call is
**pass** or one of the six contracts, lowest first:

| # | contract | lesson |
|---|---|---|
| 1 | Solo | [6](06-solo.ipynb) |
| 2 | Heart Solo | [7](07-heart-solo.ipynb) |
| 3 | Misère | [8](08-misere.ipynb) |
| 4 | Guarantee Solo | [9](09-guarantee-solo.ipynb) |
| 5 | Spread Misère | [10](10-spread-misere.ipynb) |
| 6 | Call Solo | [11](11-call-solo.ipynb) |

The player who wins the auction is the **bidder** and plays the contract alone. The two other
active players are the **defenders**: they play together against the bidder. Everyone at the
table but the bidder — the defenders and, at a bigger table, anyone sitting out — is an
**opponent**: the bidder settles chips with each opponent after the deal (lesson 12).

{rules("SBS-13", "SBS-5", "SBS-27")}

## The duel

- Forehand speaks first.
- Forehand and middlehand compete first: the one to speak must name a **strictly higher**
  contract or pass — there is no "hold" at the same level. A player who passes is out for the
  rest of the deal. Endhand waits.
- Then endhand may bid higher than the contract standing, or pass; if endhand bids, endhand and
  the survivor of the first pair duel the same way.
- If forehand passes at once, middlehand and endhand duel; if the first two both pass, endhand
  may bid any contract or pass.
- If all three pass, the cards are thrown in.
- The bidder must play the contract won. Trump is never named in the auction.

{rules("SBS-13", "SBS-14", "SBS-15", "SBS-16", "SBS-17", "SBS-18")}

## The same, as a procedure

The rule book states the duel as four steps, applied after every call:

1. If all three have passed, the deal is thrown in.
2. If exactly one player has not passed and that player has bid, the auction ends: that player
   is the bidder, with the last contract named.
3. After a bid, the next to speak is the other player still in who has already spoken, if there
   is one; else the first of middlehand and endhand who has not yet spoken.
4. After a pass, the next to speak is the first of middlehand and endhand who has not yet
   spoken.

Every call is recorded, even a pass that is the only call left. Try it: make every call
yourself, for whoever is to speak, and read who speaks next and why. Calls that are not allowed
now are greyed out.
"""),
    code("AuctionExplorer(dealer=2)"),
    md(f"""
Try these from the rule book: *forehand Solo, middlehand Heart Solo, forehand pass, endhand
Misère, middlehand pass* — endhand plays Misère, and forehand cannot come back. Or three
passes: the deal is thrown in.

{rules("SBS-16a", "SBS-17")}
"""),
    md(f"""
## Quiz — the auction

{rules("SBS-14", "SBS-16a")}
"""),
    quiz(["auction"]),
]

PLAY: list[Cell] = [
    md(f"""
# Playing a trick

- Forehand leads to the first trick (in every contract but Spread Misère, where the first active
  player after the bidder leads). Play goes clockwise.
- Each player in turn plays one card and **must follow suit** — play a card of the suit led — if
  able. A player who cannot follow **must play a trump** if holding one. Only a player with
  neither may play any card. There is never a duty to play higher: no need to head the trick or
  to over-trump.
- The trick goes to the highest trump in it; if it has no trump, to the highest card of the
  suit led. In Misère and Spread Misère there is no trump.
- The winner leads to the next trick. All 11 tricks are always played — no claims, no
  concessions.

{rules("SBS-22", "SBS-23", "SBS-24", "SBS-25")}

## A worked trick

A trick from a real deal, a Solo with clubs as trump. Forehand leads J♦. Middlehand has no
diamond left and no trump either, so may play any card: 6♥. Endhand has no diamond either but
still holds a trump, so must trump: 10♣. The trick holds a trump, so the highest trump wins:
endhand takes the trick — 2 + 0 + 10 = 12 card points — and leads the next one.

{rules("SBS-23", "SBS-24", "SBS-25", "SBS-3")}
"""),
    code("""
from tutor.widgets.pictures import worked_trick

worked_trick("guides/first-hand-deal.json", 4)
"""),
    md(f"""
## Quiz — which cards may you play?

You see your hand and the trick so far. Pick **every** card you may play — your cards are the
buttons — then check.

{rules("SBS-23")}
"""),
    quiz(["legal-plays"]),
    md(f"""
## Quiz — who wins the trick?

{rules("SBS-24", "SBS-2")}
"""),
    quiz(["trick-winner"]),
]

FIRST_HAND: list[Cell] = [
    md(f"""
# Your first hand, guided

Time to play. Below is a whole deal of Six-Bid Solo in which **you** make forehand's decisions:
the bid, the trump, the opening lead, and two cards where the rules or good sense decide. Press
**Start ▶**; the others' cards are played for you, and at each of your decisions the tutor
stops and asks. Every choice gets an answer with its reasons — right or not — and then play goes
on as the lesson planned.

You will meet words you know from lessons 1 to 5: the bidder, the widow, trump, following suit.
The contract is Solo: the bidder must take 61 of the 120 card points, the widow counting for
the bidder, and is paid 2 chips a point above 60 by each opponent.

{rules("SBS-10", "SBS-12", "SBS-13", "SBS-19", "SBS-22", "SBS-23", "SBS-24")}
"""),
    code('GuidedHand("guides/first-hand.json")'),
    md(f"""
## What you used

The hand count — trumps and top cards, about ten points a trick — told you what to bid and
which suit to make trump. Following suit, else trumping, decided the cards the rules forced;
knowing which cards are still out decided the rest. Lesson 6 takes Solo further.

{rules("SBS-10", "SBS-23")}
"""),
]


def contract_lesson(cid: str, intro: str, table: str, notes: str, kinds: list[str],
                    seat: str = "", replay_note: str = "", judgment: str = "",
                    decision: str = "") -> list[Cell]:
    """A contract lesson: what the contract is, its table, notes, the hand-count question (is
    this hand a …?), a worked deal with "why" notes, the contract's quiz, and a declaration
    question graded by the solver where the contract has one."""
    name = TITLES[{v: k for k, v in CONTRACT_LESSON.items()}[cid]]
    replay = f'DealReplay("deals/{cid}.json"' + (f", seat={seat!r}" if seat else "") + ")"
    counted = cid in ("solo", "heart-solo", "guarantee-solo", "call-solo")
    widow = ("and the widow is turned up only at the end, when it is counted" if counted else
             "and the widow is turned up only at the end — in a misère it is never counted")
    cells = [
        md(f"# {name}\n\n{intro.strip()}"),
        md(table),
        md(notes),
        md(f"""
## Is this hand a {name}?

Before you bid, judge the hand. The hand count is a rule of thumb good players use, and the
tutor's rule-based bots bid by it: {judgment.strip()}

{rules("SBS-10", "SBS-11", "SBS-12")}
"""),
        quiz(["hand-count"], contract=cid, players=3),
        md(f"""
## A worked deal

A real deal, replayed from its hand record trick by trick. {replay_note or "You sit in the "
"bidder's seat: you see the bidder's cards; the other hands stay face down"}, {widow}. Under
some steps a **Why?** note gives the reason for a bid, a trump, a call or a card — the reasons a
club player would give. Step with **Next ▶**.

{rules("SBS-12", "SBS-22", "SBS-23", "SBS-24")}
"""),
        code(replay),
        md(f"""
## Quiz

Questions about deals played in this contract.

{rules("SBS-10", "SBS-11", "SBS-24")}
"""),
        quiz(kinds, contract=cid, players=3),
    ]
    if decision:
        cells += [md(decision), code(f'DecisionQuiz(["{_DECISION[cid]}"], start=False)')]
    return cells


CONTRACT_LESSON = {
    "06-solo": "solo", "07-heart-solo": "heart-solo", "08-misere": "misere",
    "09-guarantee-solo": "guarantee-solo", "10-spread-misere": "spread-misere",
    "11-call-solo": "call-solo",
}  # fmt: skip
_DECISION = {"solo": "trump-decision", "call-solo": "call-decision"}

SOLO = contract_lesson(
    "solo",
    f"""
Solo (Simple Solo) is the lowest contract: the bidder plays alone against the two defenders and
must take more than half the points.

{rules("SBS-10")}
""",
    f"""
| | Solo |
|---|---|
| trump | ♣, ♠ or ♦, named by the bidder after the auction |
| widow | unseen and out of play, but its points count for the bidder |
| target | P ≥ 61 of the 120 points (P = tricks + widow) |
| pay | 2 × (P − 60) with **each** opponent, either way; P = 60: nothing |

{rules("SBS-19", "SBS-12", "SBS-10")}
""",
    f"""
Hearts cannot be trump in a plain Solo: a player with hearts bids Heart Solo, one level higher
(an option allows hearts). A Solo with P = 74 collects 2 × 14 = 28 from each opponent — 56 in
all; with P = 50 the bidder pays 20 to each.

{rules("SBS-19", "SBS-V5", "SBS-10")}
""",
    ["settlement", "trick-winner", "points"],
    judgment="""
count each trump as a trick, less one for each of the trump ace, ten and king you lack; add the
top cards of the side suits from the ace down (A; A-10; A-10-K) and half a trick for a guarded
ten; then about ten points a trick, your share of the widow and 4 for what the count leaves
out. The bots bid Solo from a count of 61.
""",
    decision=f"""
## Which trump?

You won the auction with Solo; now name trump. Each choice here was played out by the solver on
the same sampled deals — every hand seen, from your hand's point of view — and only hands whose
best trump is clear are asked.

{rules("SBS-19", "SBS-10")}
""")

HEART_SOLO = contract_lesson(
    "heart-solo",
    f"""
Heart Solo is Solo with hearts as trump — one level higher in the auction and paid three chips
to the point instead of two.

{rules("SBS-10", "SBS-19")}
""",
    f"""
| | Heart Solo |
|---|---|
| trump | ♥, fixed — nothing to declare |
| widow | unseen and out of play, its points count for the bidder |
| target | P ≥ 61 |
| pay | 3 × (P − 60) with each opponent, either way; P = 60: nothing |

{rules("SBS-19", "SBS-12", "SBS-10")}
""",
    f"""
The multiplier follows the **contract**, not the suit: a Solo played in hearts under the option
that allows it still pays ×2. Heart Solo with 74: +42 from each of two opponents, +84 in all.

{rules("SBS-10", "SBS-V5")}
""",
    ["settlement", "legal-plays", "trick-winner"],
    judgment="""
the same count as Solo's with hearts as trump — each heart a trick, less the missing top hearts;
the side suits' top cards; about ten points a trick with your share of the widow. The bots bid
Heart Solo from 61.
""")

MISERE = contract_lesson(
    "misere",
    f"""
Misère turns the game around: the bidder must lose — win **no trick at all** — with no trump in
play.

{rules("SBS-V1", "SBS-19")}
""",
    f"""
| | Misère |
|---|---|
| trump | none |
| widow | out of play, never counted |
| target | the bidder wins no trick |
| tariff | 30 with each opponent: received when made, paid when lost |

{rules("SBS-19", "SBS-24", "SBS-12", "SBS-V1", "SBS-11")}
""",
    f"""
With no trump, a trick always goes to the highest card of the suit led. The bidder wants low
cards and, when unable to follow suit, discards the dangerous high ones. Under the option
*misère by points* the bidder may win tricks that hold no card points — see lesson 13.

{rules("SBS-24", "SBS-V1")}
""",
    ["trick-winner", "legal-plays", "settlement"],
    judgment="""
a card is *covered* when you hold enough lower cards of its suit to duck under the others'
leads — its height above the 6 (6 = 0, 7 = 1, … ace = 8) is at most one more than twice the
lower cards you hold. The bots bid Misère only when every card is covered.
""")

GUARANTEE = contract_lesson(
    "guarantee-solo",
    f"""
Guarantee Solo is a Solo with a guaranteed margin: the bidder promises a big score and is paid a
flat tariff.

{rules("SBS-11")}
""",
    f"""
| | Guarantee Solo |
|---|---|
| trump | any suit, named by the bidder after the auction |
| widow | counts for the bidder |
| target | P ≥ 74 with ♥ trump, P ≥ 80 with any other trump |
| tariff | 40 with each opponent: received when made, paid when lost |

{rules("SBS-19", "SBS-12", "SBS-11")}
""",
    f"""
Unlike Solo, the amount does not grow with the margin: 80 and 110 both collect 40 from each
opponent. Hearts lower the target to 74, as they raise Heart Solo's pay.

{rules("SBS-11", "SBS-10")}
""",
    ["settlement", "points"],
    judgment="""
Solo's count, for the best trump; the bots bid Guarantee Solo only 4 points above its target —
from 84 with ♣ ♠ or ♦ trump, from 78 with ♥ — as a lost one costs the whole tariff.
""")

SPREAD = contract_lesson(
    "spread-misere",
    f"""
Spread Misère is Misère with the bidder's hand laid **face up** for the defenders to see — much
harder, and paid double.

{rules("SBS-11", "SBS-21")}
""",
    f"""
| | Spread Misère |
|---|---|
| trump | none |
| widow | out of play, never counted |
| target | as Misère: the bidder wins no trick |
| tariff | 60 with each opponent: received when made, paid when lost |
| exposed | before the first trick, and it stays face up (an option changes when) |
| lead | the first active player after the bidder |

{rules("SBS-19", "SBS-12", "SBS-V1", "SBS-11", "SBS-21", "SBS-V3", "SBS-22")}
""",
    f"""
The defenders see every card the bidder holds and can plan together to force a trick on the
bidder. Here you watch from a **defender's** seat, so the bidder's exposed hand is part of your
view.

{rules("SBS-21")}
""",
    ["settlement", "trick-winner"],
    seat="defender", replay_note="You sit in a defender's seat: you see your own cards and "
    "the bidder's hand once it is laid face up before the first trick; the other defender's "
    "hand stays face down",
    judgment="""
Misère's count, stricter: the defenders see your hand and will find any weakness, so every card
must be covered with one to spare — its height above the 6 at most twice the lower cards you
hold.
""")

CALL_SOLO = contract_lesson(
    "call-solo",
    f"""
Call Solo is the top contract: the bidder must take **every** counting card — all 120 points —
and may first call for one missing card.

{rules("SBS-11", "SBS-20")}
""",
    f"""
| | Call Solo |
|---|---|
| call | the bidder names one card not in hand, or none |
| exchange | the defender holding it hands it over; the **bidder** chooses one of the bidder's own cards and gives it back face down; a card in the widow: nothing is exchanged |
| trump | then the bidder names trump, any suit (an option names trump first) |
| widow | counts for the bidder |
| target | P = 120 — a trick of 9s and lower may still be lost |
| tariff | 150 with each opponent if ♥ is trump, 100 otherwise: received when made, paid when lost |

{rules("SBS-20", "SBS-V6", "SBS-12", "SBS-11")}
""",
    f"""
Which card was given back is known only to the bidder and the defender who received it; the
other defender sees only that a card changed hands.

{rules("SBS-20")}
""",
    ["settlement", "points"],
    judgment="""
Solo's count for the best trump, in tricks: the bots bid Call Solo only from 10½ tricks — all
the points must come home.
""",
    decision=f"""
## Which card to call?

You won the auction with Call Solo; which card do you call? The choices — the rule of thumb's
(the highest card you lack in the suit you will make trump), the highest missing card of each
other suit that counts, and calling none — were each played out by the solver on the same
sampled deals; only hands whose best call is clear are asked.

{rules("SBS-20", "SBS-11")}
""")

SETTLEMENT: list[Cell] = [
    md(f"""
# Settlement and the match

Scores are kept in chips; everyone starts with the same number (500 by default). Balances may go
negative.

{rules("SBS-26")}

## Who pays whom

After each deal the bidder settles with **each opponent** — everyone else at the table, a player
who sat out included. The one exception: with **five** players, a Solo or Heart Solo that is
**made** collects only from the two defenders, while a lost one pays all four opponents. The
changes always add up to zero; a deal thrown in changes nothing.

| contract | amount with each opponent |
|---|---|
| Solo | 2 × (P − 60): received when positive, paid when negative |
| Heart Solo | 3 × (P − 60): received when positive, paid when negative |
| Misère | 30: received when made, paid when lost |
| Guarantee Solo | 40: received when made, paid when lost |
| Spread Misère | 60: received when made, paid when lost |
| Call Solo | 150 with ♥ trump, 100 otherwise: received when made, paid when lost |

P counts the card points in the bidder's tricks, plus the widow in Solo, Heart Solo, Guarantee
Solo and Call Solo — after the last trick.

{rules("SBS-27", "SBS-V2", "SBS-10", "SBS-11", "SBS-12")}

## The end of the match

The match ends after the settlement that brings any balance to 0 or below, or after an agreed
number of deals (12 by default, thrown-in deals included). The highest balance wins; equal
highest balances share the win.

{rules("SBS-28")}
"""),
    md(f"""
## Worked examples

Heart Solo with P = 74: each of the two opponents pays 3 × 14 = 42, the bidder gains 84. A Solo
with P = 55: the bidder pays 2 × 5 = 10 to each, −20 in all. A Misère lost at a table of four:
the bidder pays 30 to each of three opponents — the dealer, who sat out, too — −90 in all.

{rules("SBS-10", "SBS-11", "SBS-V2")}
"""),
    md(f"""
## Quiz — settle the deal

{rules("SBS-27")}
"""),
    quiz(["settlement"], players=3),
]

VARIANTS: list[Cell] = [
    md(f"""
# Variants and where the sources disagree

The rule book fixes a default for every point where the sources differ, and names the others as
options. A hand record says which options a deal was played with.

{rules("SBS-V1", "SBS-V6")}

## Misère by points

By default a Misère or Spread Misère bidder must win **no trick**. Under the option *misère by
points* the bidder may win tricks, as long as they hold **no card points** — a trick of 9s and
lower is harmless. Here is a Misère deal in which the bidder won a trick without card points,
scored both ways:

{rules("SBS-V1")}
"""),
    code("""
from tutor.widgets.pictures import misere_both_ways

misere_both_ways("deals/misere-by-points.json")
"""),
    md(f"""
## Four and five players

Only three players are active in a deal. With **4 players** the dealer receives no cards but
settles like any opponent. With **5**, the dealer and one more player sit out — which one, the
source leaves unclear, so the tutor offers three readings: *Hoyle's* (the player two seats to
the dealer's right, the default), *the next dealer* (the player on the dealer's left) and *the
dealer after next* (two seats to the dealer's left). A made Solo or Heart Solo with five players
collects only from the two defenders; a lost one pays all four opponents.

Here is a deal at a table of five (Hoyle's reading), seen from forehand's seat:

{rules("SBS-V2")}
"""),
    code("DealStepper(seed=5, dealer=0, players=5)"),
    code("""
from tutor.widgets.pictures import sitout_table

sitout_table()
"""),
    md(f"""
## Where the sources disagree

| point | the sources | the rule book's default | option |
|---|---|---|---|
| deal packets | 4-3-widow-4 (catsatcards); some pages give 33-card patterns | 4-3-widow-4 | — |
| the second bidder's choice | "accept" in a translation; "overbid or pass" elsewhere | strictly higher or pass | — |
| Solo trump | ♣ ♠ ♦ (catsatcards); any suit (pagat) | ♣ ♠ ♦ | any suit |
| Misère | no tricks; no card points (pagat's main rule) | no tricks | misère by points |
| Spread Misère exposed | before the first trick; after the opening lead (pagat); after both defenders played (Hoyle) | before the first trick | the other two |
| Call Solo | call then trump (catsatcards); trump then call (pagat) | call first | trump first |
| who sits out with 5 | the next dealer, or the one after; Foster's Hoyle: two to the dealer's right | Hoyle | the other two |
| Frog (game) | its own bids (the Frog bid, Chico, Grand) | a separate game, Frog (game): lessons [20 … 23](20-frog.ipynb) | — |

Doubling, pots and "progressive solo" appear in some old rule books; the tutor leaves them out.

{rules("SBS-8", "SBS-14", "SBS-19", "SBS-V5", "SBS-V1", "SBS-21", "SBS-V3", "SBS-20", "SBS-V6", "SBS-V2", "SBS-V4")}
"""),
    md(f"""
## Quiz — bigger tables

Deals and settlements at a table of five.

{rules("SBS-V2", "SBS-27")}
"""),
    quiz(["deal", "settlement"], players=5),
]

LESSON_CELLS: dict[str, list[Cell]] = {
    "00-welcome": WELCOME, "01-card-ranking": CARD_RANKING, "02-card-points": CARD_POINTS,
    "03-the-deal": THE_DEAL, "04-the-auction": THE_AUCTION, "05-play": PLAY,
    "05b-first-hand": FIRST_HAND,
    "06-solo": SOLO, "07-heart-solo": HEART_SOLO, "08-misere": MISERE,
    "09-guarantee-solo": GUARANTEE, "10-spread-misere": SPREAD, "11-call-solo": CALL_SOLO,
    "12-settlement": SETTLEMENT, "13-variants": VARIANTS,
    "glossary": GLOSSARY_PAGE, "for-teachers": TEACHERS,
}  # fmt: skip

def build(name: str, cells: list[Cell], title: str | None = None, *,
          games: tuple[str, ...] = ()) -> nbformat.NotebookNode:
    """A lesson notebook from its cells: stable cell ids (``NN-ii``), the kernel and the title
    (by default a Six-Bid Solo lesson's), no outputs — shared with every lesson generator.
    ``games``: the games the page teaches; each glossary word of theirs is linked where it
    first appears (:func:`glossary_terms.link_terms`)."""
    nb = nbformat.v4.new_notebook()
    nb.metadata = {"kernelspec": KERNEL, "language_info": {"name": "python"},
                   "title": title or f"Six-Bid Solo — {TITLES[name]}"}
    for i, (kind, source) in enumerate(link_terms(cells, games)):
        cid = f"{name[:2]}-{i:02d}"
        if kind == "md":
            nb.cells.append(nbformat.v4.new_markdown_cell(source, id=cid))
        else:
            nb.cells.append(nbformat.v4.new_code_cell(source, id=cid))
    nbformat.validate(nb)
    return nb


def notebook(name: str) -> nbformat.NotebookNode:
    """The notebook of lesson ``name``: setup cell, the lesson's cells, the footer links."""
    return build(name, [setup(LESSON_CELLS[name]), *LESSON_CELLS[name], footer(name)],
                 games=PAGE_GAMES.get(name, (SBS,)))


def render(name: str) -> str:
    return nbformat.writes(notebook(name)) + "\n"


def main(argv: list[str]) -> int:
    for name in LESSON_CELLS:
        (HERE / f"{name}.ipynb").write_text(render(name), encoding="utf-8")
    # the card-points chart, drawn once by matplotlib (lesson 2 reads the file: a light kernel)
    from tutor.widgets.pictures import POINTS_CHART, draw_points_chart

    chart = HERE / POINTS_CHART
    chart.parent.mkdir(exist_ok=True)
    chart.write_text(draw_points_chart(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
