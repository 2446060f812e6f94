# ruff: noqa: E501 — markdown tables are written one row a line, however long
"""The source of the Crazy Solo lessons, 30 to 33:

- ``30-crazy-solo`` — a big table: the deck by player count and the spit, the leader, one call
  each, the take-over in hearts, the throw-in;
- ``31-crazy-solo-partner`` — calling a card, being called, soloists and gang, who knows what,
  tricks of n cards, and reading the play to find the partner;
- ``32-crazy-solo-payment`` — k × (P − 60) rounded to the nearest 5 (the rule file's checks, the
  draw at 61), who pays whom, the chips, the blind round and three-handed play;
- ``33-crazy-solo-worked-deal`` — a five-player deal replayed from its hand record, the partner
  made public by its card.

    python notebooks/make_crazy_solo_lessons.py      # rewrites notebooks/3N-crazy-solo*.ipynb

Written with the cell helpers and conventions of ``make_lessons.py``: thin notebooks — words,
and one line of code per widget — committed without outputs or widget state. Terms are defined
before they are used (leader, bidder, partner, soloists, gang), and each section ends with one
"Rules:" line naming the ids of ``shared/rules/crazy-solo.md`` it rests on. The worked numbers
are data here (:data:`DECK_TABLE`, :data:`CHECK_ROWS`, :data:`SPLIT_CASES`, the worked deal's
story), worked out by the small arithmetic below, and ``tests/test_crazy_solo_lessons.py`` works
each one out again with the engine.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from make_lessons import TITLES, Cell, build, code, footer, md, setup  # noqa: E402  (the sibling source)

#: the game's record id and its name for learners (``TITLES`` and the page titles start with it)
GAME = "crazy-solo"
NAME = "Crazy Solo"

PREVIOUS = {"31-crazy-solo-partner": "30-crazy-solo",
            "32-crazy-solo-payment": "31-crazy-solo-partner",
            "33-crazy-solo-worked-deal": "32-crazy-solo-payment"}
NEXT = {"30-crazy-solo": "31-crazy-solo-partner",
        "31-crazy-solo-partner": "32-crazy-solo-payment",
        "32-crazy-solo-payment": "33-crazy-solo-worked-deal",
        "33-crazy-solo-worked-deal": "14-play-against-the-engine"}


def quiz(kinds: list[str], *, title: str = "") -> Cell:
    """A quiz of Crazy Solo's question kinds (the quiz room's, ``tutor/games/crazy_solo/quiz.py``)."""
    args = f"{kinds!r}, game={GAME!r}"
    if title:
        args += f", title={title!r}"
    return code(f"QuizWidget({args})")


def rules(*ids: str) -> str:
    """The one line of a section naming the rules it rests on."""
    return "*Rules: " + ", ".join(ids) + ".*"


# --- 30: a big table -----------------------------------------------------------------------------
#: CS-2 as the lesson states it: players -> (the cards taken out, in words; how many cards; each).
DECK_TABLE: dict[int, tuple[str, int, int]] = {
    3: ("none (option `three_handed_deck: 24`: all 6s, 7s and 8s — 24 cards, 8 each)", 36, 12),
    4: ("none", 36, 9),
    5: ("6♠", 35, 7),
    6: ("none", 36, 6),
    7: ("6♠", 35, 5),
    8: ("all four 6s", 32, 4),
    9: ("none", 36, 4),
    10: ("all four 6s, 7♠ and 7♣", 30, 3),
    11: ("6♠, 6♣ and 6♦", 33, 3),
    12: ("none", 36, 3),
}


def deck_table() -> str:
    head = "| players | taken out (the spit) | cards | each |\n|---|---|---|---|"
    return head + "\n" + "\n".join(f"| {n} | {gone} | {cards} | {each} |"
                                   for n, (gone, cards, each) in DECK_TABLE.items())


BIG_TABLE: list[Cell] = [
    md(f"""
# {TITLES["30-crazy-solo"]}

**{NAME}** is the game of the family for a big table: three to twelve people play with the 36
cards of Six-Bid Solo, and every one of them holds cards in every deal.

A few words first, used in all four lessons:

- the **leader** is the player on the dealer's left: the first to call and the first to lead;
- each player makes one **call**; the player with the highest call is the **bidder**;
- the bidder names a card — the **called card** — and whoever holds it becomes the bidder's
  secret **partner**;
- the bidder and the partner are the **soloists**; everybody else at the table is the **gang**.

The soloists want more than half of the 120 card points. After the last trick every gang member
pays them, or is paid by them, so much for each point above or below 60 (lesson
[32](32-crazy-solo-payment.ipynb)).

## The cards

The cards, their order in a suit and their points are Six-Bid Solo's: **A 10 K Q J 9 8 7 6**, the
ten above the king; the ace counts 11, the ten 10, the king 4, the queen 3, the jack 2, the rest
nothing — 120 points in the pack (lessons [1](01-card-ranking.ipynb) and
[2](02-card-points.ipynb)).

{rules("CS-1", "SBS-1", "SBS-2", "SBS-3")}
"""),
    md(f"""
## Every card is dealt: the deck by table size

All the cards are dealt, one at a time, so nothing lies face down. For the hands to come out
even, a few cards are taken out first — only cards worth no points, so the pack always holds 120
points:

{deck_table()}

**The spit.** At a real table nobody sorts the cards out before the deal. The dealer deals the
whole pack of 36 and "spits" the surplus cards face down into the middle — only once every player
has at least one card. After the deal, anyone holding a card that should have been taken out
shows it and draws a spit card, unseen, in its place; the spit cards nobody claims are turned up
to check they are the ones to remove. With 8 players, four cards go to the spit and the four 6s
come out. The tutor simply takes the cards out before dealing: the hands come out the same.

{rules("CS-2")}

## The leader

The dealer deals clockwise, starting on the left: that first player is the **leader**. The deal
passes to the left after each deal — except after a throw-in (below) — so the leader moves round
the table too.

{rules("CS-3", "CS-3a")}
"""),
    md(f"""
## One call each

Starting with the leader and going clockwise to the dealer, **every player calls exactly once**.
The calls, lowest first:

| call | trump | the bidder's side |
|---|---|---|
| pass | — | — |
| **Solo** | ♣, ♠ or ♦, named by the bidder | the bidder and a partner, chosen by calling a card |
| **Solo in hearts** | ♥ | the bidder and a partner, chosen by calling a card |
| **Alone** | ♣, ♠ or ♦, named by the bidder | the bidder alone against everyone |
| **Alone in hearts** | ♥ | the bidder alone against everyone |

A call must be **higher** than the highest call so far, or a pass. The **bidder** is the player
who made the last call that was not a pass. Which calls are open:

| standing | open calls |
|---|---|
| nothing yet | all five |
| Solo or Solo in hearts | pass, Solo in hearts, Alone, Alone in hearts |
| Alone | pass, Alone in hearts |
| Alone in hearts | pass |

{rules("CS-4", "CS-4a")}

## The take-over

One call may be repeated: **Solo in hearts** over a standing Solo in hearts, as often as players
like. The later caller takes the contract over and becomes the bidder. No other call may be made
twice.

- Four players, seat 0 deals, so seat 1 leads: seat 1 Solo in hearts, seat 2 pass, seat 3 Solo
  in hearts, seat 0 pass — **seat 3** is the bidder.
- Five players: Solo, Solo in hearts, pass, Solo in hearts, Alone — the dealer spoke last with
  the highest call and is the bidder.

Why take over? The sources guess: with an odd number of gang members, the odd one settles with
the bidder (lesson [32](32-crazy-solo-payment.ipynb)), so the bidder's seat is worth more.

{rules("CS-4", "CS-4a")}
"""),
    md(f"""
## Everybody passes; three players

If every player passes, the cards are thrown in and **the same dealer deals again**: the leader
stays the same (under the option `all_pass: next_dealer` the deal passes on instead).

Three players have only three calls: pass, Alone and Alone in hearts — one against two. Lesson
[32](32-crazy-solo-payment.ipynb) has the rest of three-handed play.

{rules("CS-6", "CS-5")}

## Quiz — the deck and the calls

How many cards each, what goes to the spit, who is the leader; which calls are open and who is
the bidder. Tables of 3 to 12.

{rules("CS-2", "CS-3", "CS-4", "CS-4a", "CS-5", "CS-6")}
"""),
    quiz(["deck", "calls"]),
]

# --- 31: the partner -----------------------------------------------------------------------------
PARTNER: list[Cell] = [
    md(f"""
# {TITLES["31-crazy-solo-partner"]}

Lesson [30](30-crazy-solo.ipynb) ended with a **bidder**. Now the bidder chooses a partner —
without saying who.

## After the calls: trump, then the called card

The bidder declares, in this order:

1. **Trump**, after Solo or Alone: ♣, ♠ or ♦. Hearts need the higher in-hearts calls (under the
   option `plain_calls_allow_hearts` a plain call may name ♥ too). After Solo in hearts or Alone
   in hearts, ♥ is trump and there is nothing to name.
2. **The called card**, after Solo or Solo in hearts: the bidder names any one card of this
   deal's pack. It must be named — there is no playing Solo without a call. Usually it is the
   highest trump the bidder lacks: "Hearts, and the ace." A card taken out for this table
   (lesson 30) cannot be called. After Alone or Alone in hearts no card is called.

{rules("CS-7")}

## Being called

Whoever holds the called card is the bidder's **partner** — and says nothing. The bidder may
even call a card of its own hand: then the bidder plays **secretly alone**, and the others
believe there is a partner somewhere. The bidder and the partner are the **soloists**; all the
other players are the **gang**, and they play together against the soloists.

{rules("CS-8", "CS-9")}

## Who knows what

| who | before the called card is played | once it is played |
|---|---|---|
| the partner | knows, from its own hand | everyone knows |
| the bidder | does not know who — unless it holds the card itself (secretly alone) | everyone knows |
| a gang member | knows only that it is not the partner itself | everyone knows |

The partner becomes public **at the moment the called card is played** — the players who play
after it in the same trick already know. Until then the card is hidden like any other. The
tutor keeps the secret the same way: no table, replay or hint names the partner earlier (only
the partner's own view knows).

{rules("CS-9")}
"""),
    md(f"""
## Tricks of many cards

The leader leads to the first trick. Every player plays one card, clockwise, so a trick has as
many cards as there are players — five at a table of five, twelve at twelve:

- follow suit if you can;
- if you cannot, play a trump if you hold one;
- otherwise play any card.

Nobody has to head the trick or over-trump. The highest trump wins the trick, or, with no trump
in it, the highest card of the suit led. The winner leads to the next trick, and every trick is
played.

{rules("CS-10")}

## Reading the play to find the partner

Because a player must follow suit if able, and trump if able, the cards played tell who holds
what:

- a player who does **not follow the called card's suit** holds none of that suit: it cannot be
  the partner;
- the called card is usually a trump — then a player who cannot follow a side suit and does
  **not trump** has no trump left: it cannot be the partner either.

An example: the bidder called A♥ with ♥ trump. In trick 2 hearts are led and seat 2 plays 6♦:
seat 2 has no hearts, so it is not the partner. In trick 3 spades are led and seat 1 plays 8♦ —
no spade, and no trump either: not the partner. Everyone else may still hold A♥, **the bidder
included**, unless you are the bidder — it may have called its own card. And nobody can rule
out a seat just because it played low or high: there is no duty to win a trick.

{rules("CS-8", "CS-10")}

## Quiz — who can the partner be?

A position from a deal in play, seen from one seat, with the tricks played so far. Tick every
seat that may still hold the called card.

{rules("CS-8", "CS-9", "CS-10")}
"""),
    quiz(["partner"]),
    md(f"""
## Quiz — playing a trick of many cards

Which cards may be played, and who wins the trick, at tables of 3 to 12.

{rules("CS-10", "CS-1")}
"""),
    quiz(["legal-plays", "trick-winner"], title="tricks"),
]

# --- 32: payment ---------------------------------------------------------------------------------
#: The rule file's checks of CS-11 (``crazy-solo.md``, "Checks"): (trump, the soloists' P).
CHECK_ROWS: list[tuple[str, int]] = [
    ("♠", 61), ("♥", 61), ("♣", 58), ("♥", 59), ("♠", 59), ("♥", 58), ("♥", 57), ("♠", 64),
    ("♥", 62), ("♥", 46)]


def k_of(trump: str) -> int:
    """CS-11 as the lesson states it: 3 with ♥ trump, 2 with ♣, ♠ or ♦."""
    return 3 if trump == "♥" else 2


def rounded(p: int) -> int:
    """The nearest multiple of 5 by size, sign kept (remainders 1–2 down, 3–4 up)."""
    size = abs(p) % 5
    near = abs(p) - size + (5 if size >= 3 else 0)
    return near if p >= 0 else -near


def minus(n: int) -> str:
    """``−5`` with a minus sign, as in the text."""
    return f"−{-n}" if n < 0 else str(n)


def signed(n: int) -> str:
    """A change of chips: ``+40``, ``−40``, ``0``."""
    return f"+{n}" if n > 0 else minus(n)


def check_row(trump: str, points: int) -> str:
    k = k_of(trump)
    p = k * (points - 60)
    p5 = rounded(p)
    what = ("a draw: no chips move" if p5 == 0 else
            f"each gang member pays the soloists {p5}" if p5 > 0 else
            f"the soloists pay each gang member {-p5}")
    return (f"| {trump} | {points} | {k} × ({points} − 60) = {minus(p)} | **{minus(p5)}** | "
            f"{what} |")


def check_table() -> str:
    head = "| trump | P | p | p₅ | so |\n|---|---|---|---|---|"
    return head + "\n" + "\n".join(check_row(t, p) for t, p in CHECK_ROWS)


#: The gang split, worked (sources.md §4.5): (players, trump, P, the partner: "called",
#: "own" for a bidder who called its own card, "alone" for an alone call).
SPLIT_CASES: list[tuple[int, str, int, str]] = [
    (7, "♥", 74, "called"), (7, "♥", 46, "called"), (5, "♠", 75, "called"),
    (6, "♦", 70, "own"), (4, "♥", 90, "alone")]


def split_row(players: int, trump: str, points: int, partner: str) -> str:
    """One worked settlement: what each gang member pays, the bidder's and the partner's
    totals, with the odd gang member settling with the bidder."""
    p5 = rounded(k_of(trump) * (points - 60))
    gang = players - (2 if partner == "called" else 1)
    with_bidder = (gang + 1) // 2 if partner == "called" else gang
    with_partner = gang - with_bidder
    deal = {"called": f"{players} players, {trump}, P = {points}",
            "own": f"{players} players, {trump}, P = {points}, own card called",
            "alone": (f"{players} players, Alone in hearts, P = {points}" if trump == "♥" else
                      f"{players} players, Alone, {trump}, P = {points}")}[partner]
    mate = f"{signed(p5 * with_partner)} ({with_partner} × {minus(p5)})" if partner == "called" \
        else "—"
    return (f"| {deal} | {signed(-p5)} | "
            f"{signed(p5 * with_bidder)} ({with_bidder} × {minus(p5)}) | {mate} |")


def split_table() -> str:
    head = "| the deal | each of the gang | the bidder | the partner |\n|---|---|---|---|"
    return head + "\n" + "\n".join(split_row(*c) for c in SPLIT_CASES)


PAYMENT: list[Cell] = [
    md(f"""
# {TITLES["32-crazy-solo-payment"]}

## The payment

After the last trick the soloists — the bidder and the partner, or the bidder alone — add up the
card points in their tricks: that is **P**. Then

> p = k × (P − 60), with **k = 2** when ♣, ♠ or ♦ is trump and **k = 3** when ♥ is trump,

and p is **rounded to the nearest multiple of 5**, by its size, keeping its sign: a remainder of
1 or 2 rounds down, 3 or 4 rounds up (p is a whole number, so there is never a tie). Call the
result **p₅**. Each gang member pays p₅ to the soloists when it is above 0, and receives it from
them when it is below. p₅ = 0 is a **draw**: no chips move.

{rules("CS-11", "CS-12")}

## The rule file's checks

{check_table()}

{rules("CS-11")}
"""),
    md(f"""
## The draw at 61

With ♣, ♠ or ♦ trump, P = 61 is a majority of the 120 points — yet p = 2 × (61 − 60) = 2, and 2
rounds to 0: **a draw**, nobody pays. The soloists need 62 to win anything (2 × 2 = 4, which
rounds up to 5). The same rounding is kind to them on the other side: at 59, −2 rounds to 0 too.
With ♥ trump every point counts three times, so 61 already brings 3, rounded up to 5.

{rules("CS-11")}

## Who pays whom: the gang split

Every gang member settles p₅ with the soloist side — but with whom exactly? Take the gang in
clockwise order, starting on the bidder's left. The first half settle with the **bidder**, the
rest with the **partner**. With an odd number of gang members, the first half is rounded up: the
**odd gang member settles with the bidder**. A bidder playing alone, or secretly alone, settles
with the whole gang.

{split_table()}

Five players with ♠ trump and P = 75: p = 2 × 15 = 30; of the three gang members two pay the
bidder and one pays the partner. The chips always add up to zero.

{rules("CS-12")}

## The chips

Everybody starts with 150 chips (the option `starting_chips`). A player who runs short borrows
from the bank: the balance goes below zero. There is no target score: play for an agreed number
of deals (the option `deals`), and the highest balance wins.

{rules("CS-13")}
"""),
    md(f"""
## The blind round

A variant, often played once an evening (the option `blind_round`). The leader may announce
"blind" before anyone looks at their cards. In a **blind deal** the leader's hand decides:

- the leader holds **at least one heart**: there is no auction. The leader is the bidder, ♥ is
  trump, and nobody may call over it — Solo in hearts with a called card (or Alone in hearts
  under the option `blind_contract: alone_in_hearts`, and always with three players). The deal
  then passes to the left as usual;
- the leader holds **no heart**: the deal is played with an ordinary auction, the leader
  calling first; then the same dealer deals again, so the same leader tries again — but after a
  third such deal in a row that leader is passed over and the deal passes to the left.

The round ends when every player has been the blind bidder or been passed over.

{rules("CS-14", "CS-3a")}

## Three hands

With three players the only calls are pass, Alone and Alone in hearts: one against two. All 36
cards are dealt, 12 each — or, with the option `three_handed_deck: 24`, the 6s, 7s and 8s come
out and each player holds 8. Payment is rounded to 5 exactly as at a bigger table.

{rules("CS-5", "CS-2", "CS-11")}

## Quiz — payment and rounding

p₅ from trump and P (the checks above among them), one seat's chips after a deal, and who
settles with the bidder.

{rules("CS-11", "CS-12")}
"""),
    quiz(["payment"]),
]

# --- 33: the worked deal -------------------------------------------------------------------------
#: The hand record the lesson replays (``notebooks/deals/``).
WORKED_DEAL = "deals/crazy-solo-takeover.json"

WORKED: list[Cell] = [
    md(f"""
# {TITLES["33-crazy-solo-worked-deal"]}

A real deal of {NAME} at a table of five, replayed from its hand record through the rules
engine, step by step: the deal, the calls, the called card, each trick and the payment.

You sit in the bidder's seat, **seat 3**: you see your own cards, and the other hands stay face
down. Like the bidder at a real table, you do not know who your partner is until the called card
is played. Step with **Next ▶**, and watch for

- who takes the contract over, and which card the bidder calls;
- trick by trick, which seats the play rules out as the partner;
- the card that makes the partner public;
- how P becomes the payment, and who pays whom.

{rules("CS-2", "CS-3", "CS-4", "CS-8", "CS-9", "CS-10", "CS-11", "CS-12")}
"""),
    code(f"DealReplay({WORKED_DEAL!r})"),
    md(f"""
## What happened

Open this once you have stepped to the result: it names the partner.

<details>
<summary>What happened in this deal, step by step</summary>

1. **The spit.** Five players: 6♠ comes out, 35 cards, 7 each.
2. **The take-over.** Seat 0, the leader, passes; seat 1 calls Solo in hearts; seat 2 passes;
   seat 3 calls Solo in hearts over it and becomes the bidder; the dealer, seat 4, passes.
3. **The called card.** Seat 3 lacks the ace of hearts and calls it. Seat 1 holds it: the player
   seat 3 took the contract from is now its secret partner — and only seat 1 knows.
4. **Reading the play.** In trick 2 spades are led and seat 2 plays a club: no spade and no
   trump, so no hearts — not the partner. In trick 3 seat 4 does the same on a club lead. After
   three tricks, from the bidder's seat, only seat 0 or seat 1 can hold A♥.
5. **The reveal.** In trick 4 seat 1 cannot follow diamonds and trumps with A♥: from that card
   on, everyone knows seat 1 is the partner. Two tricks later the gang plays on that knowledge:
   seat 0 throws A♦ onto the trick its gang-mate seat 2 is winning.
6. **The payment.** P = 45 (seat 3) + 22 (seat 1) = 67. ♥ is trump: p = 3 × 7 = 21, rounded
   down to **20**. The gang clockwise from the bidder's left is seats 4, 0 and 2: seats 4 and 0
   pay the bidder (+40), seat 2 pays the partner (+20) — the odd gang member went to the bidder.

</details>

{rules("CS-2", "CS-4", "CS-8", "CS-9", "CS-10", "CS-11", "CS-12")}

## Quiz — who can the partner be?

More positions like trick 3 above, at tables of 4 to 12.

{rules("CS-8", "CS-9", "CS-10")}
"""),
    quiz(["partner"], title="reading the play"),
    md(f"""
## Play it yourself

At the table of lesson [14](14-play-against-the-engine.ipynb) pick **{NAME}** in the *Game* list:
you call, declare and play a whole deal against the bots, the partner marked only when its card
is played.

{rules("CS-4", "CS-7", "CS-9", "CS-10", "CS-12")}
"""),
]

LESSON_CELLS: dict[str, list[Cell]] = {
    "30-crazy-solo": BIG_TABLE, "31-crazy-solo-partner": PARTNER,
    "32-crazy-solo-payment": PAYMENT, "33-crazy-solo-worked-deal": WORKED}


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
