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
KERNEL = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}

WIDGETS = ("AdvisorPanel", "AuctionExplorer", "CutForDealer", "DealReplay", "DealStepper",
           "DecisionQuiz", "LearnerBox", "QuizWidget", "TableWidget")


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


NEXT = {
    "00-welcome": "01-card-ranking", "01-card-ranking": "02-card-points",
    "02-card-points": "03-the-deal", "03-the-deal": "04-the-auction",
    "04-the-auction": "05-play", "05-play": "06-solo", "06-solo": "07-heart-solo",
    "07-heart-solo": "08-misere", "08-misere": "09-guarantee-solo",
    "09-guarantee-solo": "10-spread-misere", "10-spread-misere": "11-call-solo",
    "11-call-solo": "12-settlement", "12-settlement": "13-variants",
    "13-variants": "14-play-against-the-engine",  # 14 and 15: notebooks/make_play_lessons.py
}  # fmt: skip


def footer(name: str, nxt: str | None = None, prev: str | None = None) -> Cell:
    """The links under a lesson: all lessons, the previous one (if given), the next one (by
    default from :data:`NEXT`)."""
    nxt = nxt or NEXT.get(name)
    links = "[← All lessons](00-welcome.ipynb)"
    if prev:
        links += f" · [← Previous]({prev}.ipynb)"
    if nxt:
        links += f" · [Next: {TITLES[nxt]} →]({nxt}.ipynb)"
    return md(links)


TITLES = {
    "00-welcome": "Welcome", "01-card-ranking": "Card ranking", "02-card-points": "Card points",
    "03-the-deal": "The deal", "04-the-auction": "The auction", "05-play": "Playing a trick",
    "06-solo": "Solo", "07-heart-solo": "Heart Solo", "08-misere": "Misère",
    "09-guarantee-solo": "Guarantee Solo", "10-spread-misere": "Spread Misère",
    "11-call-solo": "Call Solo", "12-settlement": "Settlement and the match",
    "13-variants": "Variants and where the sources disagree",
    "14-play-against-the-engine": "Play against the engine",
    "15-decisions": "Decisions and what they cost",
    "16-problems": "Problems",  # notebooks/make_problem_lessons.py
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
}  # fmt: skip

# --- the lessons ---------------------------------------------------------------------------------
WELCOME: list[Cell] = [
    md("""
# Solo Tutor — Six-Bid Solo, Frog (game), Crazy Solo and Sixty-Six

Six-Bid Solo is a trick-taking game for three active players with a 36-card pack. In each deal
one player — the **bidder** — wins the auction by naming the highest of six **contracts**, then
plays alone against the other two. Card points, tricks and chips decide the rest.

**Frog (game)** is its cousin: the same pack, deal, auction and play, with three contracts of its
own — the **Frog bid**, Chico and Grand (FR-1 … FR-5). "Frog" names both the game and its lowest
bid, so these pages always say *Frog (game)* for the game and *Frog bid* for the contract.

**Crazy Solo** takes the same 36 cards to a big table of 3 to 12 players: one call each, and the
highest caller picks a secret partner by naming a card (CS-1 … CS-14).

**Sixty-Six** is a game for two with 24 cards: a stock to draw from, marriages, closing, and
claiming 66 before your opponent does (SS-1 … SS-17).

These lessons walk through the games in order. Each one explains a part of the rules, citing the
rule ids of the rule books (**SBS-1** … **SBS-28**, options **SBS-V1** … **SBS-V6**; for
Frog (game) **FR-1** … **FR-5**; for Crazy Solo **CS-1** … **CS-14**; for Sixty-Six **SS-1** … **SS-17**), and ends with a short quiz graded by the rules engine. Buttons
work with the keyboard alone: **Tab** to move, **Space** or **Enter** to press.
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
are Six-Bid Solo's (SBS-1 … SBS-25). Start there if the game is new to you, then:

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

### Play and decide

| # | Lesson | What you learn | Rules |
|---|---|---|---|
| 14 | [Play against the engine](14-play-against-the-engine.ipynb) | a whole deal against the bots, in the game picked in the *Game* list | SBS-13 … SBS-27, FR-1 … FR-5 |
| 15 | [Decisions and what they cost](15-decisions.ipynb) | the bid advisor; quizzes on bid and card decisions, checked by the solver — the *Game* list picks the game | SBS-10 … SBS-24, FR-1 … FR-5 |
| 16 | [Problems](16-problems.ipynb) | play problems made and proven by the solver, against a defence that adapts: the cards lie where they hurt a guess | SBS-12, SBS-22 … SBS-24 |
"""),
    md("""
## Your progress

Quiz answers are graded in Python, never in the browser. Your score for each kind of question
is kept in a small file under your name, so it survives closing the page. Type your name once
here (any name — it only picks the file):
"""),
    code("LearnerBox()"),
    md("""
A first look at the cards, drawn by the tutor — a hand of eleven, as dealt to each player
(SBS-8):
"""),
    code("""
from tutor.display import hand_svg

hand_svg(["AS", "TS", "KS", "QH", "JH", "9H", "AC", "8C", "7C", "TD", "6D"])
"""),
]

CARD_RANKING: list[Cell] = [
    md("""
# Card ranking

**SBS-1** The pack has 36 cards: four suits — clubs ♣, spades ♠, hearts ♥, diamonds ♦ — of nine
ranks each: A 10 K Q J 9 8 7 6.

**SBS-2** In every suit, trump included, the order from highest to lowest is

> **A  10  K  Q  J  9  8  7  6**

The ten is the surprise: it ranks **above the king**, just below the ace. A ten beats a king, a
queen and a jack of its suit; only the ace beats it.
"""),
    code("""
from tutor.display import rank_ladder_svg

rank_ladder_svg("H", points=False)
"""),
    md("""
Only cards of the same suit are compared by rank. Which suit wins a trick is a matter of play
(SBS-24, lesson 5): a trump beats any card of another suit, and a card that neither follows
suit nor trumps never wins.

**SBS-4** The suits have an order too — clubs, spades, hearts, diamonds, highest first — but it
is used **only** to break a tie when the players cut for the first deal (lesson 3). In play no
suit outranks another except trump.
"""),
    md("## Quiz — which card is higher?\n\nPick the answer, then **Check answer**. "
       "The feedback names the rule (SBS-2)."),
    quiz(["card-order"]),
]

CARD_POINTS: list[Cell] = [
    md("""
# Card points

**SBS-3** Each card is worth card points, whatever its suit:

| card | A | 10 | K | Q | J | 9 | 8 | 7 | 6 |
|---|---|---|---|---|---|---|---|---|---|
| points | 11 | 10 | 4 | 3 | 2 | 0 | 0 | 0 | 0 |

That makes **30 points a suit** and **120 in the pack**. A player needs more than half — 61 —
to make a Solo (lesson 6).
"""),
    md("""
The picture (drawn with matplotlib) shows why aces and tens matter so much: the eight of them
hold 84 of the 120 points, and the sixteen cards from 9 down to 6 hold none.
"""),
    code("""
from tutor.widgets.pictures import points_picture

points_picture()
"""),
    md("""
Counting points is the heart of the game: the bidder's **P** is the card points in the tricks
the bidder won, plus the widow's points in Solo, Heart Solo, Guarantee Solo and Call Solo
(SBS-12).
"""),
    md("## Quiz — count the points"),
    quiz(["points"]),
]

THE_DEAL: list[Cell] = [
    md("""
# The deal

**SBS-5** Seats are numbered clockwise; dealing, bidding and play all go clockwise. In each deal
three players are **active**: after the dealer, clockwise, come **forehand**, **middlehand** and
**endhand**. With three players the dealer is endhand.

## Who deals first

**SBS-6** Each player cuts a card; the **lowest** card deals. Ranks count as in play (SBS-2), and
between two cards of the same rank the suit decides by SBS-4 — clubs highest, then spades,
hearts, diamonds — so 6♦ is the lowest card of the pack. Press **Cut again**, or
**Show a tie-break** to see two cards of the same rank.
"""),
    code("CutForDealer(seed=4)"),
    md("""
## Shuffle, cut, and the packets

**SBS-7** The dealer shuffles and offers the pack to the player on the dealer's **right** to cut.

**SBS-8** The dealer deals clockwise from forehand, face down, in packets: **4 to each**, then
**3 to each**, then **3 face down to the middle — the widow** — then **4 to each**. Each active
player holds 11 cards; 3 × 11 + 3 = 36. You sit at forehand's seat: you see your own cards and
nothing else. Step through the deal with **Next ▶**.
"""),
    code("DealStepper(seed=11, dealer=2)"),
    md("""
**SBS-9** After each deal — even one thrown in — the deal passes to the left.
"""),
    md("## Quiz — the deal"),
    quiz(["deal"], players=3),
]

THE_AUCTION: list[Cell] = [
    md("""
# The auction

After looking at their own cards the players bid for the right to play alone (SBS-13). A call
is **pass** or one of the six contracts, lowest first:

| # | contract | lesson |
|---|---|---|
| 1 | Solo | [6](06-solo.ipynb) |
| 2 | Heart Solo | [7](07-heart-solo.ipynb) |
| 3 | Misère | [8](08-misere.ipynb) |
| 4 | Guarantee Solo | [9](09-guarantee-solo.ipynb) |
| 5 | Spread Misère | [10](10-spread-misere.ipynb) |
| 6 | Call Solo | [11](11-call-solo.ipynb) |

## The duel

- **SBS-13** Forehand speaks first.
- **SBS-14** Forehand and middlehand compete first: the one to speak must name a **strictly
  higher** contract or pass — there is no "hold" at the same level. A player who passes is out
  for the rest of the deal. Endhand waits.
- **SBS-15** Then endhand may bid higher than the contract standing, or pass; if endhand bids,
  endhand and the survivor of the first pair duel the same way.
- **SBS-16** If forehand passes at once, middlehand and endhand duel; if the first two both
  pass, endhand may bid any contract or pass.
- **SBS-17** If all three pass, the cards are thrown in.
- **SBS-18** The bidder must play the contract won. Trump is never named in the auction.

Try it: make every call yourself, for whoever is to speak, and read who speaks next and why
(SBS-16a states the whole procedure). Calls that are not allowed now are greyed out.
"""),
    code("AuctionExplorer(dealer=2)"),
    md("""
Try these from the rule book: *forehand Solo, middlehand Heart Solo, forehand pass, endhand
Misère, middlehand pass* — endhand plays Misère, and forehand cannot come back. Or three
passes: the deal is thrown in.
"""),
    md("## Quiz — the auction"),
    quiz(["auction"]),
]

PLAY: list[Cell] = [
    md("""
# Playing a trick

- **SBS-22** Forehand leads to the first trick (in every contract but Spread Misère, where the
  first active player after the bidder leads). Play goes clockwise.
- **SBS-23** Each player in turn plays one card and **must follow suit** — play a card of the
  suit led — if able. A player who cannot follow **must play a trump** if holding one. Only a
  player with neither may play any card. There is never a duty to play higher: no need to head
  the trick or to over-trump.
- **SBS-24** The trick goes to the highest trump in it; if it has no trump, to the highest card
  of the suit led. In Misère and Spread Misère there is no trump.
- **SBS-25** The winner leads to the next trick. All 11 tricks are always played — no claims,
  no concessions.

## Quiz — which cards may you play?

You see your hand and the trick so far. Tick **every** card you may play, then check. The
feedback explains each card by SBS-23.
"""),
    quiz(["legal-plays"]),
    md("## Quiz — who wins the trick?"),
    quiz(["trick-winner"]),
]


def contract_lesson(cid: str, intro: str, table: str, notes: str, kinds: list[str],
                    seat: str = "", replay_note: str = "") -> list[Cell]:
    replay = f'DealReplay("deals/{cid}.json"' + (f", seat={seat!r}" if seat else "") + ")"
    return [
        md(f"# {TITLES[{v: k for k, v in CONTRACT_LESSON.items()}[cid]]}\n\n{intro.strip()}"),
        md(table),
        md(notes),
        md("## A worked deal\n\nA real deal, replayed from its hand record trick by trick. "
           + (replay_note or "You sit in the bidder's seat: you see the bidder's cards; the "
              "other hands stay face down") + ", and the widow is turned up only at the end, "
           "when it is counted (SBS-12). Step with **Next ▶**."),
        code(replay),
        md("## Quiz\n\nQuestions about deals played in this contract."),
        quiz(kinds, contract=cid, players=3),
    ]


CONTRACT_LESSON = {
    "06-solo": "solo", "07-heart-solo": "heart-solo", "08-misere": "misere",
    "09-guarantee-solo": "guarantee-solo", "10-spread-misere": "spread-misere",
    "11-call-solo": "call-solo",
}  # fmt: skip

SOLO = contract_lesson(
    "solo",
    "Solo (Simple Solo) is the lowest contract: the bidder plays alone against the two others "
    "and must take more than half the points.",
    """
| | Solo |
|---|---|
| trump | ♣, ♠ or ♦, named by the bidder after the auction (SBS-19) |
| widow | unseen and out of play, but its points count for the bidder (SBS-12) |
| target | P ≥ 61 of the 120 points (P = tricks + widow, SBS-12) |
| tariff | 2 × (P − 60) with **each** opponent, either way; P = 60: nothing (SBS-10) |
""",
    """
Hearts cannot be trump in a plain Solo (SBS-19): a player with hearts bids Heart Solo, one
level higher. (Option SBS-V5 allows hearts.) A Solo with P = 74 collects 2 × 14 = 28 from each
opponent — 56 in all; with P = 50 the bidder pays 20 to each.
""",
    ["settlement", "trick-winner", "points"])

HEART_SOLO = contract_lesson(
    "heart-solo",
    "Heart Solo is Solo with hearts as trump — one level higher in the auction and paid three "
    "chips to the point instead of two.",
    """
| | Heart Solo |
|---|---|
| trump | ♥, fixed — nothing to declare (SBS-19) |
| widow | unseen and out of play, its points count for the bidder (SBS-12) |
| target | P ≥ 61 (SBS-12) |
| tariff | 3 × (P − 60) with each opponent, either way; P = 60: nothing (SBS-10) |
""",
    """
The multiplier follows the **contract**, not the suit: a Solo played in hearts under option
SBS-V5 still pays ×2 (SBS-10). Heart Solo with 74: +42 from each of two opponents, +84 in all.
""",
    ["settlement", "legal-plays", "trick-winner"])

MISERE = contract_lesson(
    "misere",
    "Misère turns the game around: the bidder must lose — win **no trick at all** — with no "
    "trump in play.",
    """
| | Misère |
|---|---|
| trump | none (SBS-19, SBS-24) |
| widow | out of play, never counted (SBS-12) |
| target | the bidder wins no trick (SBS-V1) |
| tariff | 30 with each opponent, won or lost whole (SBS-11) |
""",
    """
With no trump, a trick always goes to the highest card of the suit led (SBS-24). The bidder
wants low cards and, when unable to follow suit, discards the dangerous high ones. Under the
option *misère by points* (SBS-V1) the bidder may win tricks that hold no card points — see
lesson 13.
""",
    ["trick-winner", "legal-plays", "settlement"])

GUARANTEE = contract_lesson(
    "guarantee-solo",
    "Guarantee Solo is a Solo with a guaranteed margin: the bidder promises a big score and "
    "is paid a flat tariff.",
    """
| | Guarantee Solo |
|---|---|
| trump | any suit, named by the bidder after the auction (SBS-19) |
| widow | counts for the bidder (SBS-12) |
| target | P ≥ 74 with ♥ trump, P ≥ 80 with any other trump |
| tariff | 40 with each opponent, won or lost whole (SBS-11) |
""",
    """
Unlike Solo, the amount does not grow with the margin: 80 and 110 both collect 40 from each
opponent (SBS-11). Hearts lower the target to 74, as they raise Heart Solo's pay.
""",
    ["settlement", "points"])

SPREAD = contract_lesson(
    "spread-misere",
    "Spread Misère is Misère with the bidder's hand laid **face up** for the defenders to "
    "see — much harder, and paid double.",
    """
| | Spread Misère |
|---|---|
| trump | none (SBS-19) |
| widow | out of play, never counted (SBS-12) |
| target | as Misère: the bidder wins no trick (SBS-V1) |
| tariff | 60 with each opponent, won or lost whole (SBS-11) |
| exposed | before the first trick, and it stays face up (SBS-21; option SBS-V3) |
| lead | the first active player after the bidder (SBS-22) |
""",
    """
The defenders see every card the bidder holds and can plan together to force a trick on the
bidder. Here you watch from a **defender's** seat, so the bidder's exposed hand is part of your
view (SBS-21).
""",
    ["settlement", "trick-winner"],
    seat="defender", replay_note="You sit in a defender's seat: you see your own cards and "
    "the bidder's hand once it is laid face up before the first trick (SBS-21); the other "
    "defender's hand stays face down")

CALL_SOLO = contract_lesson(
    "call-solo",
    "Call Solo is the top contract: the bidder must take **every** counting card — all 120 "
    "points — and may first call for one missing card.",
    """
| | Call Solo |
|---|---|
| declare | (a) call one card not in hand, or decline; (b) its holder hands it over and gets any card back, face down; if it lies in the widow nothing is exchanged; (c) name trump, any suit (SBS-20; option SBS-V6) |
| widow | counts for the bidder (SBS-12) |
| target | P = 120 — a trick of 9s and lower may still be lost |
| tariff | 150 with each opponent if ♥ is trump, 100 otherwise, won or lost whole (SBS-11) |
""",
    """
Which card was given back is known only to the bidder and the defender who received it
(SBS-20); the other defender sees only that a card changed hands.
""",
    ["settlement", "points"])

SETTLEMENT: list[Cell] = [
    md("""
# Settlement and the match

**SBS-26** Scores are kept in chips; everyone starts with the same number (500 by default).
Balances may go negative.

**SBS-27** After each deal the bidder settles with **each opponent** — everyone else at the
table, including a player who sat out (SBS-V2). The changes always add up to zero; a deal
thrown in changes nothing.

| contract | amount with each opponent | rule |
|---|---|---|
| Solo | 2 × (P − 60), either way | SBS-10 |
| Heart Solo | 3 × (P − 60), either way | SBS-10 |
| Misère | 30 | SBS-11 |
| Guarantee Solo | 40 | SBS-11 |
| Spread Misère | 60 | SBS-11 |
| Call Solo | 150 with ♥ trump, 100 otherwise | SBS-11 |

**SBS-12** P counts the card points in the bidder's tricks, plus the widow in Solo, Heart Solo,
Guarantee Solo and Call Solo — after the last trick.

**SBS-28** The match ends after the settlement that brings any balance to 0 or below, or after an
agreed number of deals (12 by default, thrown-in deals included). The highest balance wins;
equal highest balances share the win.
"""),
    md("""
Worked example (SBS-10): Heart Solo with P = 74 — each of the two opponents pays 3 × 14 = 42, the
bidder gains 84. A Solo with P = 55: the bidder pays 2 × 5 = 10 to each, −20 in all.
"""),
    md("## Quiz — settle the deal"),
    quiz(["settlement"], players=3),
]

VARIANTS: list[Cell] = [
    md("""
# Variants and where the sources disagree

The rule book fixes a default for every point where the sources differ, and names the others as
options (SBS-V1 … SBS-V6). A hand record says which options a deal was played with.

## Misère by points (SBS-V1)

By default a Misère or Spread Misère bidder must win **no trick**. Under `misere:
no_card_points` the bidder may win tricks, as long as they hold **no card points** — a trick of
9s and lower is harmless. Here is a Misère deal in which the bidder won a trick without card
points, scored both ways by the engine:
"""),
    code("""
from tutor.widgets.pictures import misere_both_ways

misere_both_ways("deals/misere-by-points.json")
"""),
    md("""
## Four and five players (SBS-V2)

Only three players are active in a deal. With **4 players** the dealer receives no cards but
settles like any opponent. With **5**, the dealer and one more player sit out — which one, the
source leaves unclear, so it is the option `five_player_sitout`: `hoyle` (two seats to the
dealer's right), `next_dealer` or `second_next_dealer`. A made Solo or Heart Solo with five
players collects only from the two defenders; a lost one pays all four opponents.

Here is a deal at a table of five (option `hoyle`), seen from forehand's seat:
"""),
    code("DealStepper(seed=5, dealer=0, players=5)"),
    code("""
from tutor.widgets.pictures import sitout_table

sitout_table()
"""),
    md("""
## Where the sources disagree

| point | the sources | the rule book's default | option |
|---|---|---|---|
| deal packets | 4-3-widow-4 (catsatcards); some pages give 33-card patterns | 4-3-widow-4 (SBS-8) | — |
| the second bidder's choice | "accept" in a translation; "overbid or pass" elsewhere | strictly higher or pass (SBS-14) | — |
| Solo trump | ♣ ♠ ♦ (catsatcards); any suit (pagat) | ♣ ♠ ♦ (SBS-19) | SBS-V5 |
| Misère | no tricks; no card points (pagat's main rule) | no tricks | SBS-V1 |
| Spread Misère exposed | before the first trick; after the opening lead (pagat); after both defenders played (Hoyle) | before the first trick (SBS-21) | SBS-V3 |
| Call Solo | call then trump (catsatcards); trump then call (pagat) | call first (SBS-20) | SBS-V6 |
| who sits out with 5 | the next dealer, or the one after; Foster's Hoyle: two to the dealer's right | Hoyle | SBS-V2 |
| Frog (game) | its own bids (the Frog bid, Chico, Grand) | a separate game, Frog (game) (SBS-V4): lessons [20 … 23](20-frog.ipynb) | — |

Doubling, pots and "progressive solo" appear in some old rule books; the tutor leaves them out.
"""),
    md("## Quiz — bigger tables\n\nDeals and settlements at a table of five (SBS-V2)."),
    quiz(["deal", "settlement"], players=5),
]

LESSON_CELLS: dict[str, list[Cell]] = {
    "00-welcome": WELCOME, "01-card-ranking": CARD_RANKING, "02-card-points": CARD_POINTS,
    "03-the-deal": THE_DEAL, "04-the-auction": THE_AUCTION, "05-play": PLAY,
    "06-solo": SOLO, "07-heart-solo": HEART_SOLO, "08-misere": MISERE,
    "09-guarantee-solo": GUARANTEE, "10-spread-misere": SPREAD, "11-call-solo": CALL_SOLO,
    "12-settlement": SETTLEMENT, "13-variants": VARIANTS,
}  # fmt: skip


def build(name: str, cells: list[Cell], title: str | None = None) -> nbformat.NotebookNode:
    """A lesson notebook from its cells: stable cell ids (``NN-ii``), the kernel and the title
    (by default a Six-Bid Solo lesson's), no outputs — shared with ``make_play_lessons.py`` and
    ``make_frog_lessons.py``."""
    nb = nbformat.v4.new_notebook()
    nb.metadata = {"kernelspec": KERNEL, "language_info": {"name": "python"},
                   "title": title or f"Six-Bid Solo — {TITLES[name]}"}
    for i, (kind, source) in enumerate(cells):
        cid = f"{name[:2]}-{i:02d}"
        if kind == "md":
            nb.cells.append(nbformat.v4.new_markdown_cell(source, id=cid))
        else:
            nb.cells.append(nbformat.v4.new_code_cell(source, id=cid))
    nbformat.validate(nb)
    return nb


def notebook(name: str) -> nbformat.NotebookNode:
    """The notebook of lesson ``name``: setup cell, the lesson's cells, the footer links."""
    return build(name, [setup(LESSON_CELLS[name]), *LESSON_CELLS[name], footer(name)])


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
