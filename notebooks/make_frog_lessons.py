# ruff: noqa: E501 — markdown tables are written one row a line, however long
"""The source of the Frog (game) lessons, 20 to 23:

- ``20-frog`` — the Frog bid, Chico and Grand, next to Six-Bid Solo's contracts, and the
  auction with three bids;
- ``21-frog-discard`` — the widow pick-up and the discard: what to throw and why;
- ``22-frog-settlement`` — k × (P − 60) with each opponent, at tables of 3, 4 and 5;
- ``23-frog-worked-deals`` — a Frog bid and a Grand replayed from their hand records.

    python notebooks/make_frog_lessons.py      # rewrites notebooks/2N-frog*.ipynb

Written with the cell helpers and conventions of ``make_lessons.py``: thin notebooks — words,
and one line of code per widget or picture — committed without outputs or widget state. Every
explanation cites its rule id (``FR-n`` in ``shared/rules/frog.md``, and the ``SBS-n`` rules
Frog inherits). The labels tell the game, *Frog (game)*, from its lowest contract, the *Frog
bid* — the names the game's presentation gives them. The worked numbers of the discard and the
settlement are data here (:data:`DISCARD_EXAMPLE`, :data:`SETTLEMENT_CASES`), and
``tests/test_frog_lessons.py`` works each one out again with the engine.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from make_lessons import TITLES, Cell, build, code, footer, md, setup  # noqa: E402  (the sibling source)

#: the game's record id; its name for learners (``TITLES`` and the page titles start with it)
GAME = "frog"
NAME = "Frog (game)"

PREVIOUS = {"21-frog-discard": "20-frog", "22-frog-settlement": "21-frog-discard",
            "23-frog-worked-deals": "22-frog-settlement"}
NEXT = {"20-frog": "21-frog-discard", "21-frog-discard": "22-frog-settlement",
        "22-frog-settlement": "23-frog-worked-deals",
        "23-frog-worked-deals": "14-play-against-the-engine"}


def quiz(kinds: list[str], *, players: int | None = None, title: str = "") -> Cell:
    """A quiz of Frog's question kinds (the quiz room's, ``tutor/games/frog/quiz.py``)."""
    args = f"{kinds!r}, game={GAME!r}"
    if players:
        args += f", players={players}"
    if title:
        args += f", title={title!r}"
    return code(f"QuizWidget({args})")


def cards(texts: str, selected: str = "") -> Cell:
    """A hand drawn by the display, the ``selected`` cards outlined."""
    marks = ", ".join(f'"{t}": "selected"' for t in selected.split())
    return code(f"from tutor.display import hand_svg\n\nhand_svg({texts.split()!r}"
                + (f", emphasis={{{marks}}}" if marks else "") + ")")


# --- 20: the three contracts ---------------------------------------------------------------------
CONTRACTS: list[Cell] = [
    md(f"""
# {TITLES["20-frog"]}

**Frog (game)** is Six-Bid Solo's cousin, played with the same pack, the same deal and the same auction,
but with three contracts of its own. One word, two meanings: at a real table "Frog" names the
game *and* its lowest bid. In this tutor the game is always **{NAME}** and the contract always
the **Frog bid**.

## What stays as in Six-Bid Solo

Everything but the contracts (the opening of Frog (game)'s rule book, `frog.md`):

- the 36 cards, their order and their points — A 11, 10 10, K 4, Q 3, J 2 (SBS-1 … SBS-4,
  lessons [1](01-card-ranking.ipynb) and [2](02-card-points.ipynb));
- the seats, the 4-3-widow-4 deal, and the deal passing to the left (SBS-5 … SBS-9,
  lesson [3](03-the-deal.ipynb));
- the auction's duel, each bid strictly higher than the one standing (SBS-13 … SBS-18,
  lesson [4](04-the-auction.ipynb));
- play: follow suit, else trump, else any card; the highest trump wins (SBS-22 … SBS-25,
  lesson [5](05-play.ipynb)) — and **forehand always leads the first trick** (FR-3);
- chips with every opponent, and the tables of 4 and 5 (SBS-27, SBS-V2, FR-4).
"""),
    md("""
## Three contracts, lowest first

| contract | trump | the widow | each opponent pays |
|---|---|---|---|
| **Frog bid** | ♥ | picked up, then 3 cards discarded face down; they count (FR-2) | **1**&nbsp;× (P&nbsp;−&nbsp;60) |
| **Chico** | ♣, ♠ or ♦, named after the auction (FR-2) | unseen, out of play; it counts | **2**&nbsp;× (P&nbsp;−&nbsp;60) |
| **Grand** | ♥ | unseen, out of play; it counts | **4**&nbsp;× (P&nbsp;−&nbsp;60) |

- **FR-1** P is the card points of the bidder's tricks plus the widow (Chico, Grand) or the
  discard (Frog bid). Every contract is **made with P ≥ 61** and paid on the margin: P − 60,
  times the contract's multiplier, with **each** opponent — negative when P < 60, and then the
  bidder pays. At P = 60 no chips move. No rounding. (Grand's 4 is 3 under the option
  `grand_multiplier: 3`.)
- **FR-5** The multiplier follows the contract, not the suit: a Chico played in hearts (under
  the option `chico_trump: any`) still pays 2 to the point.
"""),
    md("""
## Next to Six-Bid Solo's six contracts

| Six-Bid Solo | Frog (game) | what differs |
|---|---|---|
| Solo: ♣ ♠ ♦, the widow counts, 2 × (P − 60) (SBS-10, SBS-12, SBS-19) | **Chico** | nothing but the name and the place: Chico is the middle bid, not the lowest |
| Heart Solo: ♥, the widow counts, 3 × (P − 60) (SBS-10) | **Grand** | Grand pays **4** to the point (option `grand_multiplier: 3` gives Heart Solo's 3) |
| — | **Frog bid** | new: the only contract in which the bidder sees the widow — and uses it (lesson [21](21-frog-discard.ipynb)) |
| Misère, Spread Misère (SBS-11, SBS-V1) | — | no misères: all three contracts are won on card points |
| Guarantee Solo, Call Solo (SBS-11) | — | no flat tariffs: all three contracts are paid on the margin over 60 |

In Six-Bid Solo hearts lift a contract (Heart Solo is above Solo). In Frog (game) the lowest
bid and the highest both play with hearts: what puts Grand four levels of pay above the Frog bid
is the widow — the Frog bidder may pick it up and throw away the three worst cards, the Grand
bidder must play the hand as dealt.
"""),
    md("""
## The auction: three bids

The duel of Six-Bid Solo (SBS-13 … SBS-18): forehand speaks first, forehand and middlehand
compete, then endhand; each bid must name a **strictly higher** contract than the one standing,
or pass, and a pass is final (SBS-14). The calls are *pass*, *Frog bid*, *Chico* and *Grand*.
Nobody names trump in the auction: only a Chico bidder does, after it (FR-2). Try it — make
every call yourself:
"""),
    code('AuctionExplorer(game="frog", dealer=2)'),
    md("""
**Which bid?** Grand costs four times as much as the Frog bid when it fails, so it wants a
margin, not a hope. The tutor's rules-of-thumb bots count the card points a hand should take
(about 10 for each trick it expects to win, plus the widow's likely share) and bid the Frog bid
from a count of 61 (the pick-up and the discard add about 5 to it), Chico from 66 and Grand from
71 — with at least 3, 4 and 4 trumps. A rule of thumb, not a law: FR-1 only says what each bid
must make.

The sources disagree on a few points; each reading is an option of the game:
`chico_trump: any` lets Chico name hearts too (pagat), and `auction: single_round` lets each
player speak once, forehand first, each bid higher than the last (as one of the sources has
it).
"""),
    md("## Quiz — the contracts and the bid\n\nWhich contract pays what, where the widow goes, "
       "what is trump (FR-1, FR-2, FR-5), and who won the auction (SBS-13 … SBS-18)."),
    quiz(["contracts", "auction"]),
]

# --- 21: the widow and the discard ---------------------------------------------------------------
#: The worked discard of lesson 21: eleven cards dealt, the widow, the three cards the rules of
#: thumb lay away (``tutor.games.frog.hand.discard_choice``, one at a time) and what is left.
DISCARD_EXAMPLE = {
    "dealt": "AH KH QH 9H 7H TS AC 9C 6C KD 8D",
    "widow": "TH 7D QC",
    "discard": "TS 7D KD",
    "kept": "AH TH KH QH 9H 7H AC QC 9C 6C 8D",
}

DISCARD: list[Cell] = [
    md(f"""
# {TITLES["21-frog-discard"]}

Only the **Frog bid** lets the bidder use the widow — Chico and Grand leave it face down, its
points counted at the end (FR-1). The Frog bid is the lowest contract and pays least (1 × (P −
60)), and the widow is why a hand too weak for Chico or Grand may still make it.

## The pick-up and the discard, step by step

**FR-2** When the auction ends with the Frog bid:

1. The bidder takes the three widow cards into hand: **14 cards**.
2. The bidder lays away **any three cards** face down, one at a time — cards from the widow or
   from the hand, point cards and trumps allowed. The bidder holds 11 again.
3. Play begins: forehand leads (FR-3); hearts are trump.

**FR-1** The discard **counts for the bidder**: at the end its card points are added to the
bidder's tricks. A point card laid away is banked — no opponent can win it.

**Who sees what.** The defenders see only that three cards went face down; which ones, and their
points, they learn from P at the settlement. At the play table (lesson 14) a defender's log says
"discard a card, face down" three times; only the bidder's own view lists the discard.
"""),
    md("""
## What to throw, and why

Three ideas, in this order:

- **Bank loose points.** A ten or a king that cannot be kept back until the higher cards of its
  suit have gone — a bare ten, a king with one small card — will fall to an ace or a ten and
  give its points to the defenders. Laid away, its points are yours for sure (FR-1).
- **Keep trumps and aces.** Hearts are trump (FR-2): each one wins a trick or stops a
  defender's long suit. An ace wins its trick and takes the defenders' cards with it; laid away
  it is only 11 points, and a trick is lost.
- **Shorten a side suit.** With no card of a suit left, you trump it when it is led
  (SBS-23) — so the lowest cards of your shortest side suit go next: a **void** is worth more
  than a 9 or an 8.

## A worked discard

The bidder won the auction with the Frog bid holding these eleven cards:
"""),
    cards(DISCARD_EXAMPLE["dealt"]),
    md("The widow brings 10♥, 7♦ and Q♣ — fourteen cards. The three the tutor's rules of thumb "
       "lay away are outlined:"),
    cards(DISCARD_EXAMPLE["dealt"] + " " + DISCARD_EXAMPLE["widow"], DISCARD_EXAMPLE["discard"]),
    md("""
1. **10♠** — bare: the ace of spades is out, and with no small spade to play under it the ten
   would fall. Discarded, its 10 points are banked, and spades are now void: a spade lead is
   trumped (SBS-23).
2. **7♦** — the lowest card of the shortest side suit: three diamonds against four clubs. It
   came from the widow: widow cards may go straight back out (FR-2).
3. **K♦** — now a king with one small card, A♦ and 10♦ both out: it would fall. Banked: 4 more
   points.

The discard holds 10 + 0 + 4 = **14 points** that count for the bidder whatever happens (FR-1).
The hand keeps all six trumps (A 10 K Q 9 7 of hearts), the ace of clubs, one diamond and no
spade:
"""),
    cards(DISCARD_EXAMPLE["kept"]),
    md("""
Compare laying away the three diamonds instead (K♦ 8♦ 7♦): the diamonds are void, but the
discard banks only 4 points and the bare 10♠ stays in hand, where the ace of spades is likely
to catch it — at least 21 points to the defenders in one trick.

## Quiz — the discard

How many cards the bidder holds after the pick-up, which cards may be laid away, and what the
discard adds to P (FR-1, FR-2).
"""),
    quiz(["discard"]),
    md("""
## Which three? The solver grades your discard

A real deal won with the Frog bid: you hold your eleven cards and the widow. Pick the three
cards to lay away. The tutor then plays the deal out with every hand open ("double-dummy") after
your discard and after every other discard that could make a difference, and tells you what
yours cost against the best — in points of P and in chips (FR-1, FR-2). The rules of thumb
above are a good start, not the last word: the best discard keeps what the play needs, and only
the whole deal shows it. Double-dummy play knows where every card is, so "best" is hindsight.
"""),
    code('DecisionQuiz(["discard-decision"], game="frog", start=False)'),
]

# --- 22: settlement ------------------------------------------------------------------------------
#: The worked settlements of lesson 22: (contract, P, options, what the table says about the
#: deal). Each opponent pays k × (P − 60); the numbers in the lesson are computed from these
#: here and worked out again on real deals by the engine in ``tests/test_frog_lessons.py``.
SETTLEMENT_CASES: list[tuple[str, int, dict[str, object], str]] = [
    ("frog", 80, {}, ""),
    ("frog", 40, {}, ""),
    ("frog", 60, {}, "not made, nothing moves"),
    ("frog", 66, {}, "discard A♠ 10♠ 6♣ (21) + 45 in tricks"),
    ("chico", 80, {}, ""),
    ("grand", 80, {}, ""),
    ("grand", 80, {"grand_multiplier": 3}, "×3 (`grand_multiplier: 3`)"),
    ("grand", 57, {}, ""),
    ("grand", 57, {"grand_multiplier": 3}, "×3 (`grand_multiplier: 3`)"),
]
#: The same at tables of 4 and 5 (SBS-V2, FR-4).
BIG_TABLE_CASES: list[tuple[str, int, dict[str, object], str]] = [
    ("frog", 80, {"players": 4}, "4 players: the dealer settles too"),
    ("grand", 57, {"players": 5}, "5 players: a lost contract pays all four"),
    ("chico", 80, {"players": 5}, "5 players: a made one collects from all four (FR-4)"),
    ("chico", 80, {"players": 5, "five_player_margin_exception": True},
     "5 players, with the margin exception: only the two defenders pay"),
]
CONTRACT_WORDS = {"frog": "Frog bid", "chico": "Chico", "grand": "Grand"}


def multiplier_of(contract: str, options: dict[str, object]) -> int:
    """k of FR-5 as the lesson states it (1, 2, and ``grand_multiplier``, 4 by default)."""
    grand = options.get("grand_multiplier", 4)
    assert isinstance(grand, int)
    return {"frog": 1, "chico": 2, "grand": grand}[contract]


def payers_of(options: dict[str, object], each: int) -> int:
    """How many opponents settle (SBS-27, SBS-V2, FR-4) as the lesson states it."""
    players = options.get("players", 3)
    assert isinstance(players, int)
    if players == 5 and options.get("five_player_margin_exception") and each > 0:
        return 2
    return players - 1


def signed(n: int) -> str:
    """``+20``, ``−20`` (a minus sign, as in the text), ``0``."""
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def settlement_row(contract: str, points: int, options: dict[str, object], note: str) -> str:
    """One worked settlement as a table row: the deal, what each opponent pays, the total."""
    k = multiplier_of(contract, options)
    each = k * (points - 60)
    payers = payers_of(options, each)
    deal = f"{CONTRACT_WORDS[contract]}, P = {points}" + (f" — {note}" if note else "")
    paid = (f"{k} × ({points} − 60) = **{signed(each)}**"
            + (f": the bidder pays {-each}" if each < 0 else ""))
    return f"| {deal} | {paid} | {signed(each * payers)} ({payers} × {signed(each)}) |"


def settlement_table(cases: list[tuple[str, int, dict[str, object], str]]) -> str:
    head = "| the deal | each opponent | the bidder in all |\n|---|---|---|"
    return head + "\n" + "\n".join(settlement_row(*c) for c in cases)


SETTLEMENT: list[Cell] = [
    md(f"""
# {TITLES["22-frog-settlement"]}

After the last trick the bidder settles with **each opponent** (SBS-27). In Frog (game) every
contract is paid the same way — only the multiplier changes:

> each opponent pays the bidder **k × (P − 60)**

| contract | k (FR-5) |
|---|---|
| Frog bid | 1 |
| Chico | 2 |
| Grand | 4 — or 3 under the option `grand_multiplier: 3` |

- **FR-1** P = the card points of the bidder's tricks + the discard (Frog bid) or the widow
  (Chico, Grand). P ≥ 61 is made. Below 60 the amount is negative: the bidder pays each opponent.
  At exactly 60 nothing moves, and the contract is not made. No rounding: every point counts.
- **FR-5** k follows the contract, not the suit.
"""),
    md(f"""
## Worked numbers (sources.md §3.3), three players

{settlement_table(SETTLEMENT_CASES)}

The discard case: the Frog bidder's tricks hold only 45, but the three cards laid away (A♠ 10♠
6♣, 11 + 10 + 0) count too (FR-1): P = 66, made.

Why Grand wants a margin: three points short (P = 57) the Grand bidder loses 24; a Frog bid
three points short loses 6.
"""),
    md(f"""
## Four and five players

Only three players are active in a deal (SBS-V2): with **4 players** the dealer gets no cards
but settles like any opponent — three opponents. With **5 players** two sit out, and **FR-4**:
the Frog bid, Chico and Grand settle with **all four** opponents, made or lost. (In Six-Bid Solo
a made Solo or Heart Solo collects only from the two defenders: SBS-V2's exception names only
those two contracts. The option `five_player_margin_exception` — the margin exception —
applies it to the three contracts of Frog (game) too.)

{settlement_table(BIG_TABLE_CASES)}

The chips add up to zero in every case (SBS-27); the match and its end are as in Six-Bid Solo
(SBS-26, SBS-28, lesson [12](12-settlement.ipynb)).
"""),
    md("## Quiz — settle the deal\n\nThree players. The options in force are shown with each "
       "question (FR-1, FR-5)."),
    quiz(["settlement"], players=3),
    md("## Quiz — bigger tables\n\nFive players (FR-4, SBS-V2)."),
    quiz(["settlement"], players=5, title="five players"),
]

# --- 23: worked deals ---------------------------------------------------------------------------
#: The hand records the lesson replays (``notebooks/deals/``) and the contract of each.
WORKED_DEALS = [("deals/frog-bid.json", "frog"), ("deals/frog-grand.json", "grand")]

WORKED: list[Cell] = [
    md(f"""
# {TITLES["23-frog-worked-deals"]}

Real deals of Frog (game), replayed from their hand records (`tutor-record/1`) through the rules
engine, step by step: the deal (SBS-8), the auction (SBS-13 … SBS-18), the declaration (FR-2),
each trick (SBS-23 … SBS-25; forehand leads the first, FR-3) and the settlement (FR-1, FR-5,
SBS-27).

You sit in the bidder's seat and see the bidder's cards; the defenders' hands stay face down.
Step with **Next ▶**.

## The Frog bid, made by its discard

Forehand bids the Frog bid, picks up the widow — 10♣, 10♠ and K♦ — and lays away three cards
by the ideas of lesson [21](21-frog-discard.ipynb): the bare 10♠ is banked, the diamonds are
shortened. Only the bidder sees which cards go (FR-2).
"""),
    code(f"DealReplay({WORKED_DEALS[0][0]!r})"),
    md("""
**What to notice** (step to the result first). The bidder's tricks bring 48 card points — not enough. The discard, 10♠ Q♦
7♦, adds 13: P = 61, made by a single point, and each opponent pays 1 × (61 − 60) = 1 (FR-1,
FR-5). Kept in hand, the bare 10♠ would most likely have fallen to middlehand's A♠.

## Grand, three points short

Endhand bids Grand after two passes: hearts are trump and the widow stays face down, unseen
even by the bidder — but it counts for the bidder at the end (FR-1, FR-2).
"""),
    code(f"DealReplay({WORKED_DEALS[1][0]!r})"),
    md("""
**What to notice** (at the result). 47 card points in tricks and 10 in the widow: P = 57, lost. Grand pays four
to the point, so the bidder pays 4 × 3 = 12 to each opponent, 24 in all (FR-5) — the Grand 57
of lesson [22](22-frog-settlement.ipynb). The same three points short would have cost a Frog
bid 6.

## Quiz — play

Positions from deals of Frog (game) at a table of three: which cards may be played (SBS-23:
follow suit, else trump, else any card — in the Frog bid and Grand, trump is ♥), and who wins
the trick (SBS-24).
"""),
    quiz(["legal-plays", "trick-winner"], players=3),
    md(f"""
## Play it yourself

At the table of lesson [14](14-play-against-the-engine.ipynb) pick **{NAME}** in the *Game*
list: you bid, pick up and discard, and play a whole deal against the bots (FR-1 … FR-5).
"""),
]

LESSON_CELLS: dict[str, list[Cell]] = {
    "20-frog": CONTRACTS, "21-frog-discard": DISCARD, "22-frog-settlement": SETTLEMENT,
    "23-frog-worked-deals": WORKED}


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
