# ruff: noqa: E501 — markdown tables are written one row a line, however long
"""The source of the Auction Pitch lessons, 50 to 55:

- ``50-auction-pitch`` — 3 to 7 players each for themselves, the 52-card pack and its ranks, the
  deal of six in threes, and the cards never dealt — and why that matters;
- ``51-auction-pitch-points`` — High, Low, Jack and Game, the game points and why the 10
  matters, a single trump, the jack not dealt, a tie for Game;
- ``52-auction-pitch-bidding`` — one call each, the dealer's steal and the forced bid, the lowest
  bid, everyone passing, the pitcher and pitching: the first lead names trump; a bid decision
  graded by sampling;
- ``53-auction-pitch-play`` — following a trump lead, trumping while able to follow (and
  ``strict_follow``), who wins the trick;
- ``54-auction-pitch-scoring`` — scoring and the setback, scores below zero, Low's two readings,
  the match to the target, its two win checks and the smudge;
- ``55-auction-pitch-worked-deal`` — a four-player hand replayed from its record: a steal, a
  trump while able to follow, a caught jack, a Game won by a ten and a pitcher set back.

    python notebooks/make_auction_pitch_lessons.py   # rewrites notebooks/5N-auction-pitch*.ipynb

Written with the cell helpers and conventions of ``make_lessons.py``: thin notebooks — words,
and one line of code per widget or picture — committed without outputs or widget state. Lesson
50 defines the words all six lessons use before using them, and each section ends with one
"Rules:" line naming the ids of ``shared/rules/auction-pitch.md`` it rests on. The worked numbers
are data here (:data:`TABLE_ROWS`, :data:`GAME_EXAMPLE`, :data:`CALL_CHECKS`,
:data:`SCORING_CASES`, :data:`MATCH_CASES`, the worked deal's story) and
``tests/test_auction_pitch_lessons.py`` works each one out again with the engine.
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
GAME = "auction-pitch"
NAME = "Auction Pitch"

LESSONS = ("50-auction-pitch", "51-auction-pitch-points", "52-auction-pitch-bidding",
           "53-auction-pitch-play", "54-auction-pitch-scoring", "55-auction-pitch-worked-deal")
NEXT = {**dict(pairwise(LESSONS)), LESSONS[-1]: "14-play-against-the-engine"}
PREVIOUS = {b: a for a, b in pairwise(LESSONS)}


def quiz(kinds: list[str], *, title: str = "") -> Cell:
    """A quiz of Auction Pitch's question kinds (``tutor/games/auction_pitch/quiz.py``)."""
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


def minus(value: int) -> str:
    """A score with a true minus sign (U+2212) when it is below zero: ``−3``."""
    return f"−{-value}" if value < 0 else str(value)


def signed(value: int) -> str:
    """A score change: ``+3``, ``0``, ``−3``."""
    return f"+{value}" if value > 0 else minus(value)


# --- 50: the pack, the deal, the cards never dealt ------------------------------------------------
#: PI-2, PI-3 by table size: players -> (cards dealt, cards never dealt, the chance that one
#: given card you do not hold was dealt to another player, in whole per cent).
TABLE_ROWS: dict[int, tuple[int, int, int]] = {
    n: (6 * n, 52 - 6 * n, round(100 * 6 * (n - 1) / 46)) for n in range(3, 8)}


def table_rows() -> str:
    head = ("| players | dealt | never dealt | a card you lack is in another hand |\n"
            "|---|---|---|---|")
    return head + "\n" + "\n".join(f"| {n} | {d} | {u} | {p}% |"
                                   for n, (d, u, p) in TABLE_ROWS.items())


PACK: list[Cell] = [
    md(f"""
# {TITLES["50-auction-pitch"]}

**{NAME}** — also called Setback — is a game for 3 to 7 players, **each playing for themselves**.
A hand is short: one call each, six tricks, and four points to win. A whole game is several
hands, played to 7 points or more.

A few words first, used in all six lessons:

- the **dealer** deals the cards; the player on the dealer's left is the **eldest**, who speaks
  first and is dealt to first;
- a **trick** is one card from each player in turn; the first card is *led*, the others
  *follow*;
- a **bid** is a number from 1 to 4: the points a player promises to win in the hand;
- the **pitcher** is the player who made the last bid, and leads first — and the suit of the
  card the pitcher leads is **trump** for the hand: a trump beats every card of the other suits;
- the four points of a hand are **High** (the highest trump in play), **Low** (the lowest trump
  in play), **Jack** (the jack of trumps) and **Game** (the most **game points** in the tricks
  won: a 10 is worth 10, an ace 4, a king 3, a queen 2, a jack 1);
- a pitcher who wins fewer points than the bid is **set back**: the bid is taken off their
  score, which may go below zero;
- the **match** goes on hand after hand until a player reaches the target score, 7 unless
  agreed otherwise.

{rules("PI-1", "PI-2", "PI-3", "PI-4", "PI-5", "PI-7", "PI-10", "PI-11", "PI-12")}
"""),
    md(f"""
## The pack and its ranks

A full pack of 52 cards: four suits — clubs ♣, spades ♠, hearts ♥, diamonds ♦ — of thirteen
cards each, ranking from the top **A K Q J 10 9 8 7 6 5 4 3 2**: the ace is high, the two is
low, and the ten sits between the jack and the nine, as in most card games.

{rules("PI-1")}
"""),
    code('from tutor.cards import DECK_52\nfrom tutor.display import rank_ladder_svg\nrank_ladder_svg("S", deck=DECK_52)'),
    md(f"""
## The deal

The dealer deals six cards to each player, three at a time, clockwise, starting with the eldest:
three to each, then three more to each. The deal passes to the left after each hand, so the
eldest of one hand deals the next.

Six cards each — and **the rest of the pack is never dealt**. Those cards are put aside unseen;
nobody looks at them, and none of them counts in the hand.

{rules("PI-2", "PI-3")}
"""),
    cards("AS JS 5S KH 9D 2C"),
    md(f"""
## The cards never dealt — and why they matter

At a table of four only 24 of the 52 cards are dealt; 28 are never seen. So when you look at
your six cards, each card you do not hold is more likely out of play than in another hand:

{table_rows()}

That changes what a card is worth:

- **High** goes to the highest trump *in play*: if the ace of trumps was not dealt, the king is
  High — and nobody knows that until the hand is over. Only the ace is sure to be High.
- **Low** is the lowest trump *in play*: often a 3 or a 4, since the two may not be dealt.
- **Jack** can be won only if the jack of trumps was dealt at all. Without it nobody can win
  all four points — so a bid of 4 without the jack of trumps in your hand is a gamble.

{rules("PI-1", "PI-3", "PI-10")}

## Quiz — the pack and the deal

How many cards are never dealt, who is the eldest, and is your top trump sure to be High?

{rules("PI-1", "PI-3", "PI-4", "PI-10")}
"""),
    quiz(["deal"]),
]

# --- 51: High, Low, Jack and Game -------------------------------------------------------------------
#: The game points of PI-10 by rank (every suit alike), as the lesson states them.
GAME_POINTS: dict[str, int] = {"10": 10, "A": 4, "K": 3, "Q": 2, "J": 1}
#: Lesson 51's Game example: the cards each of two players took, and who scores Game (None: tie).
GAME_EXAMPLE: tuple[list[str], list[str], str | None] = (["AH", "KS", "QS", "JC"], ["TD"], None)


def game_count(texts: list[str]) -> int:
    """The lesson's own count of the game points in ``texts`` (card codes)."""
    return sum(GAME_POINTS.get("10" if t[0] == "T" else t[0], 0) for t in texts)


def game_sum(texts: list[str]) -> str:
    """``A♥ 4 + K♠ 3 = 7`` (the cards worth game points only)."""
    sym = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}
    parts = [f"{'10' if t[0] == 'T' else t[0]}{sym[t[1]]} {game_count([t])}"
             for t in texts if game_count([t])]
    return " + ".join(parts) + f" = {game_count(texts)}"


POINTS: list[Cell] = [
    md(f"""
# {TITLES["51-auction-pitch-points"]}

Each hand offers four points, one each. Three are won by taking particular trumps in your
tricks; the fourth by taking the most game points.

## High

**High** goes to the player who wins the highest trump in play. The highest trump always wins
the trick it is played to, so High goes to whoever held it. In play means dealt: when the ace of
trumps was not dealt, the highest trump dealt — the king, say — is High.

{rules("PI-10", "PI-3")}

## Low

**Low** goes to the player who *wins* the lowest trump in play — not to the one who played it.
Throw your two of trumps on a trick another player wins, and the point is theirs. (Some tables
play Low the other way: to the player the lowest trump was dealt to — lesson
[54](54-auction-pitch-scoring.ipynb).)

{rules("PI-10")}

## Jack

**Jack** goes to the player who wins the jack of trumps. If the jack of trumps was not dealt,
nobody scores Jack that hand — at most three points are won.

{rules("PI-10", "PI-3")}
"""),
    md(f"""
## Game, and why the 10 matters

**Game** goes to the player with the most game points in the tricks they won — counting the
cards of *every* suit, trumps or not:

| card | 10 | A | K | Q | J |
|---|---|---|---|---|---|
| game points | 10 | 4 | 3 | 2 | 1 |

Every other card is worth nothing. A single ten is worth as much as an ace, a king, a queen and
a jack together, so the tens decide Game: a ten taken by a trump — or thrown on a trick you
win — swings it.

A tie for the most game points gives **nobody** the point — and if nobody took a 10, an ace, a
king, a queen or a jack, everyone has 0: a tie again.

An example. The cards worth game points in your tricks: {game_sum(GAME_EXAMPLE[0])}. Another
player won a single trick, with a ten in it: {game_sum(GAME_EXAMPLE[1])}. A tie at
{game_count(GAME_EXAMPLE[0])}: nobody scores Game.

{rules("PI-10")}
"""),
    cards("TD AH KS QS JC"),
    md(f"""
## One trump, two points

A single trump in play is both the highest and the lowest trump: it scores High *and* Low — two
points — and three if it is the jack. Say you pitch and lead 2♠, and it is the only spade dealt:
High and Low are both yours.

And when the only trumps in play are A♥ and J♥, A♥ is High and J♥ is both Jack and Low: whoever
wins J♥ takes two points. The pitcher who leads A♥ draws J♥ at once — a trump lead must be
followed in trumps — and takes High, Low and Jack in one trick.

{rules("PI-10", "PI-8")}

## Quiz — who takes which point?

A finished hand, every trick shown: who takes High, Low, Jack or Game?

{rules("PI-10")}
"""),
    quiz(["points"]),
]

# --- 52: bidding, stealing and pitching --------------------------------------------------------------
#: PI-4b's checks (4 players, the dealer last): the calls before the dealer's, and the dealer's
#: legal calls under the default options.
CALL_CHECKS: list[tuple[list[str], list[str]]] = [
    (["1", "pass", "pass"], ["pass", "1", "2", "3", "4"]),
    (["2", "3", "pass"], ["pass", "3", "4"]),
    (["4", "pass", "pass"], ["pass"]),
    (["pass", "pass", "pass"], ["2", "3", "4"]),
]


def call_checks() -> str:
    head = "| the calls before the dealer's | the dealer may |\n|---|---|"
    return head + "\n" + "\n".join(
        f"| {', '.join(before)} | {', '.join(legal)} |" for before, legal in CALL_CHECKS)


BIDDING: list[Cell] = [
    md(f"""
# {TITLES["52-auction-pitch-bidding"]}

## One call each

Starting with the eldest and going clockwise, each player speaks **exactly once**, the dealer
last: pass, or bid 1, 2, 3 or 4 — the number of points you undertake to win. A bid must be
higher than the highest bid so far. There is no second round: at a table of five, five calls
make the whole auction.

{rules("PI-4", "PI-4b")}

## The dealer's steal and the forced bid

The dealer, speaking last, has two calls the others do not:

- **the steal**: after a bid, the dealer may take the bid *at the same number* — "steal at 2" —
  instead of bidding more, and becomes the pitcher. Not a bid of 4, though: a 4 cannot be
  stolen.
- **the forced bid**: when everyone else has passed, the dealer may not pass, and must bid at
  least 2.

For a table of four, the dealer's calls:

{call_checks()}

Tables vary, and the tutor has options for it: the dealer may steal a 4 too, or never steal;
the lowest bid may be 2 instead of 1; and when everyone passes, the cards may be thrown in and
dealt again by the same dealer, or the hand played without a pitcher — the eldest leads, and
nobody can be set back.

{rules("PI-4b", "PI-6")}
"""),
    md(f"""
## The pitcher, and pitching

The player who made the last bid is the **pitcher** — the dealer, after a steal. The pitcher
leads the first trick with any card, and **the suit of that card is trump** for the hand. So the
pitcher chooses trump by choosing the first card: that is pitching. (A bid of 4 is sometimes
made by pitching a card face up at once; it is still just the bid 4, and the pitcher may lead
any card.)

{rules("PI-5", "PI-7", "PI-4")}

## What is a hand worth?

Count the points your hand is likely to win with its best suit as trump — remembering lesson
[50](50-auction-pitch.ipynb): only six cards a player are dealt.

- An ace of trumps is a sure High; a king is High only if the ace was not dealt.
- A low trump is Low only if no lower one was dealt — and you still have to win its trick.
- The jack of trumps in your hand is a likely Jack; without it, the jack may not even be dealt.
- Game goes with the tricks: trump length wins tricks, and tricks gather tens.

A set back costs the whole bid, so bid what the hand is likely to make, not what it might.

{rules("PI-10", "PI-11")}

## Quiz — the calls

Which calls may you make? And who is the pitcher once everyone has spoken?

{rules("PI-4b", "PI-5", "PI-6")}
"""),
    quiz(["calls"]),
    md(f"""
## Quiz — what would you call?

A real auction, played by the bots up to your turn. The answer is worked out by sampling: the
cards you cannot see — the other hands and the cards never dealt — are placed at random many
times, and in each deal every call is played out by the bots to the end of the hand. You are
asked only when the best call is **clearly** best: ahead of every other call by a margin, in
eight separate batches of sampled deals, beyond what chance could explain.

{rules("PI-4b", "PI-11")}
"""),
    quiz(["bid"], title="what would you call?"),
]

# --- 53: play ----------------------------------------------------------------------------------------
PLAY: list[Cell] = [
    md(f"""
# {TITLES["53-auction-pitch-play"]}

## Following a trump lead

The pitcher leads the first trick, and that card's suit is trump — so the first trick is always
a trump lead. When trump is led, following means playing a trump: anyone holding a trump must
play one. A player with no trump may play any card.

{rules("PI-7", "PI-8")}

## Trumping while able to follow

When a plain suit is led, a player who holds that suit **may follow suit or play a trump** —
trumping is allowed even when you could follow. Only a card of a third suit is not allowed.
A player with none of the suit led may play any card, trump or not.

An example. Clubs are trump and K♠ is led; you hold 5♠ and A♥. You must play 5♠: A♥ is neither
the suit led nor a trump. Were hearts trump, you could play either — follow with 5♠, or trump
with A♥.

Some tables play **strict following** (the option `strict_follow`): follow suit whenever you
can, as in most trick games. Then only 5♠ is allowed, whatever trump is.

{rules("PI-8")}
"""),
    cards("KS 5S AH"),
    md(f"""
## Who wins the trick

The highest trump in the trick wins it; with no trump in it, the highest card of the suit led. A
card of another suit never wins. The winner leads the next trick, any card. Six tricks in all —
every card dealt is played.

{rules("PI-9")}

## Quiz — legal plays

Which cards may you play? Follow a trump lead in trumps; follow a plain lead *or trump*; with
none of the suit led, any card.

{rules("PI-7", "PI-8", "PI-9")}
"""),
    quiz(["legal-plays"]),
]

# --- 54: scoring, setback, the match --------------------------------------------------------------------
#: PI-11 worked: (the pitcher's bid, the points the pitcher won, the pitcher's score change).
SCORING_CASES: list[tuple[int, tuple[str, ...], int]] = [
    (2, ("High", "Low", "Game"), 3),
    (3, ("High", "Jack"), -3),
    (2, ("High", "Jack"), 2),
    (4, ("High", "Low", "Game"), -4),
]


def scoring_row(bid: int, won: tuple[str, ...], change: int) -> str:
    made = len(won) >= bid
    return (f"| {bid} | {', '.join(won)} — {len(won)} | "
            f"{'made' if made else 'set back'}: **{signed(change)}** |")


def scoring_table() -> str:
    head = "| bid | the pitcher won | score |\n|---|---|---|"
    return head + "\n" + "\n".join(scoring_row(*c) for c in SCORING_CASES)


#: PI-12 worked, a match to 7 at three players: (the win check, smudge_wins_game, the scores
#: before, the pitcher, the bid, who won High, Low, Jack, Game, the winner or None).
MATCH_CASES: list[tuple[str, bool, tuple[int, int, int], int, int,
                        tuple[int | None, int | None, int | None, int | None], int | None]] = [
    ("pitcher_hand", False, (5, 6, 2), 0, 2, (0, 1, None, 0), 0),
    ("pitcher_hand", False, (5, 6, 2), 0, 3, (0, 1, None, 0), None),
    ("pitcher_first_then_HLJG", False, (5, 6, 2), 0, 3, (0, 1, None, 0), 1),
    ("pitcher_hand", True, (1, 6, 2), 2, 2, (2, 2, 2, 2), 2),
]


def match_story(case: tuple[str, bool, tuple[int, int, int], int, int,
                            tuple[int | None, int | None, int | None, int | None],
                            int | None]) -> str:
    """One worked match case, in words."""
    check, smudge, before, pitcher, bid, awards, winner = case
    names = ("High", "Low", "Jack", "Game")
    won = {s: [n for n, a in zip(names, awards, strict=True) if a == s] for s in range(3)}
    scores = ", ".join(f"seat {s} {minus(v)}" for s, v in enumerate(before))
    took = "; ".join(f"seat {s} wins {', '.join(w)}" for s, w in won.items() if w)
    rule = {"pitcher_hand": "only the pitcher can win with a hand",
            "pitcher_first_then_HLJG": "the pitcher first, then High, Low, Jack, Game in turn"}[check]
    head = f"Scores {scores}; seat {pitcher} bids {bid}; {took}. With *{rule}*"
    if smudge:
        head += " and *a smudge wins*"
    end = "the match goes on." if winner is None else f"**seat {winner} wins**."
    return f"- {head}: {end}"


SCORING: list[Cell] = [
    md(f"""
# {TITLES["54-auction-pitch-scoring"]}

## The pitcher: made, or set back

Count the points the pitcher won. If they reach the bid, the pitcher scores **all** of them —
not just the bid. If they fall short, the pitcher is **set back**: the bid is taken off the
score, and the points won count for nothing. Scores may go below zero; the tutor writes them
with a minus sign, −3, and draws them boxed, so a negative score reads as one without colour.

Every other player simply scores the points they won. Nobody but the pitcher can lose points.

{scoring_table()}

A bid of 4 without the jack of trumps dealt is always set back: only three points are there to
win.

{rules("PI-11", "PI-10")}

## When nobody pitched

If everyone passes and the table plays on without a pitcher (the eldest leads), everyone scores
what they won and nobody can be set back.

{rules("PI-6")}

## Low, the other way

Some tables give Low to the player the lowest trump in play was **dealt to**, whoever wins the
trick it falls in (the option `low_point: dealt_holder`). With the default, Low goes to the
player who wins it — so a low trump is worth keeping out of other players' tricks.

{rules("PI-10")}
"""),
    md(f"""
## The match

Scores carry from hand to hand, the deal passing to the left. The match is won at the target —
7 by default; 10, 11, 15 and 21 are played too. Who wins is checked after each hand's scoring,
in one of two ways:

- **only the pitcher can win with a hand** (the default): a pitcher whose score reaches the
  target wins, bid made or not; a player reaching the target without pitching must wait;
- **the pitcher first, then High, Low, Jack and Game**: the pitcher's result counts first; if
  it does not reach the target, each point is credited to its winner in the order High, Low,
  Jack, Game, and the first player to reach the target wins.

And some tables play the **smudge**: a player who takes all four points in one hand wins the
match at once, whoever pitched.

Four hands of a match to 7 at three players:

{chr(10).join(match_story(c) for c in MATCH_CASES)}

{rules("PI-12", "PI-3", "PI-11")}

## Quiz — the hand's score

A finished hand: who took which point — what does it score for one player?

{rules("PI-11", "PI-6")}
"""),
    quiz(["hand-score"]),
    md(f"""
## Quiz — the match

The scores before a hand and the hand's result: who wins the match, if anyone?

{rules("PI-12")}
"""),
    quiz(["match"]),
]

# --- 55: the worked deal -----------------------------------------------------------------------------
#: The hand record the lesson replays (``notebooks/deals/``), and the seat it is seen from.
WORKED_DEAL = "deals/auction-pitch-steal-and-setback.json"
WORKED_SEAT = 2

WORKED: list[Cell] = [
    md(f"""
# {TITLES["55-auction-pitch-worked-deal"]}

A hand of {NAME} at four players, replayed from its hand record through the rules engine, step
by step: the deal, the auction, each trick, and the result.

You sit in the dealer's seat, **seat {WORKED_SEAT}**: you see your own cards and every card
played; the other hands stay face down, and the cards never dealt are never shown. Step with
**Next ▶** and watch for

- a steal by the dealer;
- a trump played to a plain-suit lead by a player who could have followed;
- a High that is not an ace, and a Low captured by another player;
- the jack of trumps caught from its holder;
- a ten deciding Game, and the pitcher set back.

{rules("PI-3", "PI-4b", "PI-7", "PI-8", "PI-10", "PI-11")}
"""),
    code(f"DealReplay({WORKED_DEAL!r}, seat={WORKED_SEAT})"),
    md(f"""
## What happened

Open this once you have stepped to the result: it gives the hand away.

<details>
<summary>What happened in this hand, trick by trick</summary>

1. **The auction.** The eldest, seat 3, bids 2; seats 0 and 1 pass. You, the dealer, hold J♣ 7♣
   4♣ and three small spades, and steal at 2: you are the pitcher.
2. **Trick 1.** You lead 7♣: clubs are trump. Seat 3 has no club and throws 4♦; seat 0 plays
   3♣ and seat 1 wins with 9♣ — and 3♣ turns out to be the lowest trump in play, so seat 1
   has captured Low already.
3. **Trick 2.** Seat 1 leads 9♠; you follow with 3♠, and seat 0 trumps with 10♣ — though it
   still held spades, as its leads of 7♠ and Q♠ show later. Trumping while able to follow is
   allowed, and it wins seat 0 ten game points.
4. **Tricks 3 to 5.** Seat 1 wins J♠ and Q♠ (trumping with 6♣), seat 0 wins K♥ Q♥ J♥.
5. **Trick 6.** Seat 1 leads K♣ — the highest club dealt, for the ace was not — and your J♣ must
   follow: seat 1 takes High, and Jack from you.
6. **The result.** Seat 1 took High, Low and Jack: +3. Seat 0 took Game with 16 game points
   against seat 1's 12 — its 10♣ made the difference: +1. You won no point on a bid of 2: set
   back, **−2**.

</details>

{rules("PI-4b", "PI-8", "PI-10", "PI-11")}

## Quiz — who takes which point?

More finished hands: who takes High, Low, Jack or Game?

{rules("PI-10")}
"""),
    quiz(["points"], title="the four points"),
]

LESSON_CELLS: dict[str, list[Cell]] = dict(zip(
    LESSONS, (PACK, POINTS, BIDDING, PLAY, SCORING, WORKED), strict=True))


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
