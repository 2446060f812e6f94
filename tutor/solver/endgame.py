"""Exact search of the last tricks at a table of any size: two sides, every hand seen.

The compiled kernel (:mod:`tutor.solver.kernel`) plays three hands. A bigger table — up to 12
players, every seat dealt in — needs a search that serves any number of hands.
In one sampled world every hand is known and so is the partner, so the play is a two-side
zero-sum game on card points: the **soloists** (the bidder and the partner) maximise the card
points they take, the **gang** minimises them. Which positions belong to which side is a mask
(:attr:`Endgame.side`); nothing here knows a game's contracts.

The search is a fail-soft alpha-beta on plain ints:

- a **position** is the hands as card masks in play order (position ``p`` plays after
  ``p - 1``, wrapping round), the leader of the trick in progress, its cards and the trump;
  the value is what the maximising side takes from here on, the cards of the trick in progress
  included;
- a **transposition table** at trick boundaries keeps a lower and an upper bound of the value
  (one entry serves every window) and the best lead;
- **equivalent cards**: zero-point cards of one hand and suit with no other live card between
  them win and lose the same tricks for the same points, so one of them is searched;
- **move ordering**: the table's best lead first, then masters before low cards; when following,
  smear points on a trick the own side is winning, win as cheaply as possible (with the most
  points when playing last) or else throw the cheapest card;
- the **last trick** is read off directly: every hand has one card.

Its cost grows with the cards left, like the product of the hands' choices: the caller decides
when a position is small enough (a game's PIMC part, ``tutor/games/<game>/pimc.py``); before
that it estimates by playouts (:mod:`tutor.solver.rollout`).

State-level queries take a Tapp-family state in the play and the seats of the maximising side:
:func:`solve` (that side's final card points), :func:`analyse` (the same after each legal card
of the player to move). Its measured cost by table size and cards left is in the bots' notes
that ``docs/README.md`` lists.
"""

from __future__ import annotations

import threading
from collections.abc import Collection
from dataclasses import dataclass

from ..errors import IllegalActionError
from ..games.tapp import DONE, PLAY, POINTS, SUIT_MASK, TappState

__all__ = [
    "Endgame",
    "Workspace",
    "analyse",
    "position_of",
    "solve",
    "value",
    "values_after",
    "workspace",
]

#: points of every 9-bit suit pattern (bit r = rank r, rank 0 the ace: A 10 K Q J 9 8 7 6)
_PTS9 = tuple(sum(POINTS[r] for r in range(9) if m >> r & 1) for m in range(512))
#: a 9-bit pattern of the zero-point ranks (9 8 7 6)
_ZERO_RANKS = 0b111100000


def points_of(mask: int) -> int:
    """Card points of a mask of the 36-card deck (SBS-3, CS-1)."""
    return (_PTS9[mask & 0x1FF] + _PTS9[(mask >> 9) & 0x1FF] + _PTS9[(mask >> 18) & 0x1FF]
            + _PTS9[(mask >> 27) & 0x1FF])


def trick_winner(cards: list[int] | tuple[int, ...], trump: int) -> int:
    """The index of the winning card of a complete trick (CS-10, SBS-24): the highest trump,
    else the highest card of the suit led (a lower card int is a higher card)."""
    best, bc = 0, cards[0]
    for i in range(1, len(cards)):
        c = cards[i]
        if c // 9 == bc // 9:
            if c < bc:
                best, bc = i, c
        elif c // 9 == trump:
            best, bc = i, c
    return best


@dataclass(frozen=True)
class Endgame:
    """A position in the play at a table of any size, reduced to what the search needs.

    ``hands`` are the hands as card masks in play order; ``leader`` the position that led the
    trick in progress and ``trick`` its cards in play order; ``trump`` a suit 0..3 or -1;
    ``side`` the positions of the maximising side as a bit mask (bit ``p`` for position ``p``).
    """

    hands: tuple[int, ...]
    leader: int
    trick: tuple[int, ...]
    trump: int
    side: int

    def __post_init__(self) -> None:
        n = len(self.hands)
        if n < 2 or not 0 <= self.leader < n or len(self.trick) >= n:
            raise IllegalActionError("CS-10", "no such leader or trick at this table",
                                     where="position")
        seen = 0
        for h in (*self.hands, *(1 << c for c in self.trick)):
            if seen & h:
                raise IllegalActionError("CS-1", "a card in two places", where="position")
            seen |= h
        to_move = self.to_move
        size = self.hands[to_move].bit_count()
        for i, h in enumerate(self.hands):
            # the players who already played to this trick hold one card fewer (CS-10)
            played = (i - self.leader) % n < len(self.trick)
            if h.bit_count() + played != size:
                raise IllegalActionError("CS-10", "hands of unequal length for this trick",
                                         where="position")
        if self.side >> n:
            raise IllegalActionError("CS-9", "a side names a position not at the table",
                                     where="position")

    @classmethod
    def of_play(cls, hands: tuple[int, ...], leader: int, trick: tuple[int, ...], trump: int,
                side: int) -> Endgame:
        """A position read off a state the engine keeps consistent: made without
        ``__init__``'s checks (a bot makes one for every world)."""
        pos = object.__new__(cls)
        pos.__dict__.update(hands=hands, leader=leader, trick=trick, trump=trump, side=side)
        return pos

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % len(self.hands)

    def cards_left(self) -> int:
        """Cards still in the hands."""
        return sum(h.bit_count() for h in self.hands)

    def points_left(self) -> int:
        """Card points still to be won: the hands' and the trick in progress'."""
        return sum(points_of(h) for h in self.hands) + sum(POINTS[c] for c in self.trick)


class Workspace:
    """One thread's transposition table and node count (the PIMC bot's work guard reads
    ``nodes``; ``clear`` empties the table, so a count depends only on what was searched since).
    The table is emptied whenever it outgrows :attr:`limit` entries (2**16 by default: some
    25 MB of Python tuples at most)."""

    def __init__(self, limit: int = 1 << 16) -> None:
        self.table: dict[tuple[int, ...], tuple[int, int, int]] = {}
        self.nodes = 0
        self.limit = limit

    def clear(self) -> None:
        self.table.clear()


_local = threading.local()


def workspace() -> Workspace:
    """This thread's workspace (made on first use)."""
    ws: Workspace | None = getattr(_local, "ws", None)
    if ws is None:
        ws = Workspace()
        _local.ws = ws
    return ws


class _Search:
    """One search: the table's fixed facts (size, trump, sides) and the recursive alpha-beta."""

    __slots__ = ("n", "trump", "maxing", "side", "ws", "table")

    def __init__(self, n: int, trump: int, side: int, ws: Workspace) -> None:
        self.n = n
        self.trump = trump
        self.side = side
        self.maxing = tuple(bool(side >> p & 1) for p in range(n))
        self.ws = ws
        if len(ws.table) > ws.limit:
            ws.clear()
        self.table = ws.table

    # -- a trick boundary: the table, the last trick --
    def lead(self, hands: list[int], leader: int, alpha: int, beta: int) -> int:
        """The maximising side's points from the start of a trick led by ``leader``."""
        self.ws.nodes += 1
        n = self.n
        first = hands[leader]
        if not first:
            return 0  # the deal is over
        if not first & (first - 1):  # one card each: the last trick, read off
            cards = [hands[(leader + i) % n].bit_length() - 1 for i in range(n)]
            win = (leader + trick_winner(cards, self.trump)) % n
            return sum(POINTS[c] for c in cards) if self.maxing[win] else 0
        total = 0
        for h in hands:
            total += points_of(h)
        if beta <= 0:
            return 0  # a lower bound: no side takes fewer than no points
        if alpha >= total:
            return total  # an upper bound: all that is left
        key = (self.trump, self.side, leader, *hands)
        entry = self.table.get(key)
        if entry is None:
            lo, hi, hint = 0, total, -1
        else:
            lo, hi, hint = entry
            if lo >= beta:
                return lo
            if hi <= alpha or lo == hi:
                return hi
        a = alpha if alpha > lo else lo
        b = beta if beta < hi else hi
        v, card = self.play(hands, leader, [], 0, a, b, hint)
        if v <= a:
            hi = v if v < hi else hi
        elif v >= b:
            lo = v if v > lo else lo
        else:
            lo = hi = v
        self.table[key] = (lo, hi, card)
        return v

    # -- one card of a trick --
    def play(self, hands: list[int], leader: int, trick: list[int], won: int, alpha: int,
             beta: int, hint: int) -> tuple[int, int]:
        """(the value, the best card) of the position with ``trick`` on the table; ``won`` is
        the points of the trick so far (counted when the trick is complete)."""
        n = self.n
        pos = (leader + len(trick)) % n
        hand = hands[pos]
        maxing = self.maxing[pos]
        moves = self.moves(hands, pos, leader, trick, hint)
        best_v = -1 if maxing else 1 << 30
        best_c = moves[0]
        last = len(trick) == n - 1
        for c in moves:
            hands[pos] = hand & ~(1 << c)
            trick.append(c)
            got = won + POINTS[c]
            if last:
                win = (leader + trick_winner(trick, self.trump)) % n
                gain = got if self.maxing[win] else 0
                v = gain + self.lead(hands, win, alpha - gain, beta - gain)
            else:
                v = self.play(hands, leader, trick, got, alpha, beta, -1)[0]
            trick.pop()
            hands[pos] = hand
            if maxing:
                if v > best_v:
                    best_v, best_c = v, c
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            elif v < best_v:
                best_v, best_c = v, c
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        return best_v, best_c

    def moves(self, hands: list[int], pos: int, leader: int, trick: list[int],
              hint: int) -> list[int]:
        """The legal cards worth searching (one of each run of equivalent zero-point cards), in
        the order most likely to cut off first."""
        hand = hands[pos]
        legal = hand
        trump = self.trump
        if trick:
            follow = hand & SUIT_MASK[trick[0] // 9]
            if follow:
                legal = follow
            elif trump >= 0 and hand & SUIT_MASK[trump]:
                legal = hand & SUIT_MASK[trump]
        live = 0
        for h in hands:
            live |= h
        for c in trick:
            live |= 1 << c
        others = live & ~hand
        cards: list[int] = []
        for s in range(4):
            part = (legal >> (9 * s)) & 0x1FF
            if not part:
                continue
            other = (others >> (9 * s)) & 0x1FF
            prev = -1  # the last zero-point card kept, while no other live card follows it
            for r in range(9):
                if part >> r & 1:
                    if r >= 5 and prev >= 0:
                        continue  # equivalent to the zero-point card just kept
                    cards.append(9 * s + r)
                    prev = r if r >= 5 else -1
                elif other >> r & 1:
                    prev = -1
        if len(cards) == 1:
            return cards
        if not trick:
            def lead_score(c: int) -> int:
                if c == hint:
                    return 1000
                s = c // 9
                higher = SUIT_MASK[s] & ((1 << c) - 1)
                if not others & higher:  # a master: cash it, points first
                    return 100 + POINTS[c]
                return -POINTS[c] - (c % 9 < 5) * 10
            cards.sort(key=lead_score, reverse=True)
            return cards
        n = self.n
        best_i = trick_winner(trick, trump)
        wc = trick[best_i]
        mine = self.maxing[(leader + best_i) % n] == self.maxing[pos]
        last = len(trick) == n - 1

        def follow_score(c: int) -> int:
            if mine:
                return POINTS[c]  # smear on the own side's trick
            beats = c < wc if c // 9 == wc // 9 else c // 9 == trump
            if beats:
                return 100 + (POINTS[c] if last else c % 9)  # win cheaply (richly if last)
            return -POINTS[c]  # throw the cheapest
        cards.sort(key=follow_score, reverse=True)
        return cards


# --- position-level queries -----------------------------------------------------------------
def value(pos: Endgame, ws: Workspace | None = None) -> int:
    """The points the maximising side takes from ``pos`` on under perfect play by both sides
    (the cards of the trick in progress included)."""
    search = _Search(len(pos.hands), pos.trump, pos.side, ws or workspace())
    hands = list(pos.hands)
    total = pos.points_left()
    if not pos.trick:
        return search.lead(hands, pos.leader, -1, total + 1)
    won = sum(POINTS[c] for c in pos.trick)
    return search.play(hands, pos.leader, list(pos.trick), won, -1, total + 1, -1)[0]


def values_after(pos: Endgame, ws: Workspace | None = None) -> dict[int, int]:
    """For each legal card of the player to move, the maximising side's points from ``pos`` on
    after that card (the card's trick included)."""
    ws = ws or workspace()
    search = _Search(len(pos.hands), pos.trump, pos.side, ws)
    n = len(pos.hands)
    p = pos.to_move
    hands = list(pos.hands)
    trick = list(pos.trick)
    won = sum(POINTS[c] for c in trick)
    total = pos.points_left()
    legal = _legal(pos.hands[p], trick, pos.trump)
    out: dict[int, int] = {}
    for c in legal:
        hands[p] = pos.hands[p] & ~(1 << c)
        trick.append(c)
        got = won + POINTS[c]
        if len(trick) == n:
            win = (pos.leader + trick_winner(trick, pos.trump)) % n
            gain = got if pos.side >> win & 1 else 0
            v = gain + (search.lead(hands, win, -1, total + 1) if hands[win] else 0)
        else:
            v = search.play(hands, pos.leader, trick, got, -1, total + 1, -1)[0]
        trick.pop()
        out[c] = v
    return out


def _legal(hand: int, trick: list[int], trump: int) -> list[int]:
    """The legal cards of ``hand`` on ``trick`` (CS-10): follow suit, else trump, else any."""
    legal = hand
    if trick:
        follow = hand & SUIT_MASK[trick[0] // 9]
        if follow:
            legal = follow
        elif trump >= 0 and hand & SUIT_MASK[trump]:
            legal = hand & SUIT_MASK[trump]
    return [c for c in range(36) if legal >> c & 1]


# --- state-level queries --------------------------------------------------------------------
def _check(state: TappState) -> None:
    if state.phase != PLAY:
        if state.phase == DONE:
            raise IllegalActionError("CS-10", "all tricks are played: nothing to solve",
                                     where="solve")
        raise IllegalActionError("CS-10", f"the search starts in the play; the deal is in the "
                                 f"{state.phase} phase", where="solve")


def position_of(state: TappState, side: Collection[int]) -> Endgame:
    """The search's view of a state in the play: the active hands in play order, the trick in
    progress, the state's trump, and ``side`` (seats) as the maximising side."""
    _check(state)
    act = state.active
    at = {s: i for i, s in enumerate(act)}
    mask = 0
    for s in side:
        mask |= 1 << at[s]
    return Endgame.of_play(tuple(state.hands[s] for s in act), at[state.leader],
                           tuple(state.trick), state.trump, mask)


def solve(state: TappState, side: Collection[int]) -> int:
    """The card points ``side`` (seats) ends the deal with under perfect play: those already won
    in tricks and those still to come."""
    base = sum(state.won_points[s] for s in side)
    return base + value(position_of(state, side))


def analyse(state: TappState, side: Collection[int]) -> dict[int, int]:
    """For each legal card (int) of the player to move, the card points ``side`` (seats) ends
    the deal with after that card, under perfect play."""
    base = sum(state.won_points[s] for s in side)
    return {c: base + v for c, v in values_after(position_of(state, side)).items()}
