"""The double-dummy search kernel: an iterative alpha-beta on plain ints.

This module knows nothing of states, seats or records. A position is three hand masks in play
order (position 0, 1, 2 = forehand, middlehand, endhand; the player after position ``p`` is
``(p + 1) % 3``), the trick in progress and the trump suit. A card is an int 0..35 =
``suit * 9 + rank``, rank 0 the ace and 8 the six (SBS-2: a *lower* index is a *higher* card).

The question the kernel answers is always the same shape. Two masks over the positions say who
**maximises** (``maxmask``) and whose won tricks **count** (``cntmask``); the value is the units
(card points, or tricks) won by the counted positions from the start of the current trick on.

- Point contracts: the bidder maximises and counts — the bidder's card points.
- Misère: the bidder maximises the *defenders'* tricks (equivalently, minimises the bidder's own);
  the caller turns that back into the bidder's tricks.

``search`` is a fail-soft alpha-beta with window ``(alpha, beta)``: a result ``v <= alpha`` is an
upper bound of the true value, ``v >= beta`` a lower bound, anything between is exact. The
façade (:mod:`tutor.solver.search`) drives it with zero windows (``beta = alpha + 1``, a yes/no
question "does the maximiser reach ``beta``?"), and with a series of them closing in on the
value for exact values (:func:`value`).

Techniques (after Haglund and Hein's DDS and Kupferschmid and Helmert's Skat solver):

- **Transposition table at trick boundaries** holding a lower and an upper bound on the future
  units (so one entry serves every target), a best lead, and a generation stamp instead of a
  clear. Buckets of eight entries; a new position replaces a stale entry, else the one nearest
  the end of the deal (the cheapest to search again). Keys are *normalised*: every suit is
  reduced to relative ranks as in DDS (who holds the highest live card, the next, ...).
- **Payoff-similarity** (Furtak and Buro, 2011) for the point games. Relative ranks say who can
  win which trick but not what the tricks are worth, so each entry also keeps a *signature*:
  which of A 10 K Q J are still live in each suit. Positions with the same key and different
  signatures share a bucket, and every one of them bounds the position searched: its value
  differs by at most the points its cards gain or lose card for card (:func:`similar_gaps`).
  Such positions are everywhere — a defender who kept the king instead of the queen.
- **Runs: rank equivalence and point dominance.** Cards of one hand and suit with no other
  live card (in a hand or in the current trick) between them win and lose the same tricks.
  When only tricks count, one card of each run is searched (as in DDS). When points count,
  the zero-point cards of a run are the same; and where the side that wins the current trick
  cannot depend on the choice within the run (the last card of a trick, or no later card of
  it can take the trick for the other side), the run's highest-point card is at least as good
  as the others for that side and its lowest-point card for the other, so only that end is
  searched (:func:`_run_skip`).
- **Sure points** (the quick tricks of DDS, for card points): the side holding the top trumps
  surely takes them; the leader cashes its winners of each suit that nobody can ruff; and every
  trick so won takes at least the cheapest cards the others hold. These give a lower bound for
  one side and an upper bound for the other before any move is searched.
- **Move ordering** in the DDS manner: the table's best lead first, and the lead that last
  caused a cut-off at the same depth (a *killer*: sibling positions differ by a few cards)
  right after cashing an ace or a ten (:data:`KILLER_SCORE`); when following, win cheaply or
  smear points onto a trick partner surely wins, otherwise throw the cheapest card. A forced
  card (the only legal one) is not scored. The finer rules of :func:`order_score` came from
  measuring where the first move tried failed to cut off.
- **Endgames**: the last two tricks by a direct minimax (:func:`two_tricks`); the last three,
  once the table and the sure points have not settled them, by a flat alpha-beta of three
  nested loops over that trick's cards (:func:`three_tricks`), which stores its bound and best
  lead in the table like any searched node.

Everything is written on plain ints and flat int buffers so that the same function runs
compiled by numba (``@njit(cache=True)``; the search is iterative, with an explicit stack,
because numba cannot cache recursive functions safely) and, where numba is missing or
``SOLO_TUTOR_NO_NUMBA=1`` is set, as ordinary Python on lists — numpy scalars would make the
uncompiled path many times slower.

Where the time and the nodes go, and the ideas measured and left out: ``docs/solver.md``.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar, cast

F = TypeVar("F", bound=Callable[..., Any])

#: True when the kernel is compiled with numba; False runs the same code as plain Python.
COMPILED = False
if os.environ.get("SOLO_TUTOR_NO_NUMBA", "") in ("", "0"):
    try:
        import numba  # type: ignore[import-untyped, import-not-found, unused-ignore]
        import numpy as np

        COMPILED = True
    except ImportError:  # pragma: no cover - numba is an optional extra
        COMPILED = False


def jit(fn: F) -> F:
    """``numba.njit(cache=True)`` when numba is in use, else the function unchanged."""
    if COMPILED:
        return cast(F, numba.njit(cache=True, nogil=True)(fn))
    return fn


def jit_inline(fn: F) -> F:
    """:func:`jit`, inlined into its callers by numba: for the helpers of :func:`search` that
    take its buffers, whose every call would otherwise count references to each array, and
    for the small ones called for every card (a call with a dozen int arguments costs more
    than their work)."""
    if COMPILED:
        return cast(F, numba.njit(cache=True, nogil=True, inline="always")(fn))
    return fn


# --- tables on 9-bit suit patterns (bit r = rank r, rank 0 the ace) ---------------------------
def _table(values: Iterable[int]) -> Sequence[int]:
    """A lookup table: a numpy constant for numba (a big tuple compiles very slowly), a tuple
    for plain Python (numpy indexing is slow there)."""
    if COMPILED:
        return cast(Sequence[int], np.array(list(values), dtype=np.int64))
    return tuple(values)


RANK_POINTS = _table((11, 10, 4, 3, 2, 0, 0, 0, 0))  # SBS-3, by rank index within a suit
POINTS = _table(RANK_POINTS[c % 9] for c in range(36))
PTS9 = _table(sum(RANK_POINTS[r] for r in range(9) if m >> r & 1) for m in range(512))
# small divisions by lookup (numba's // and % keep Python's rounding for negative numbers,
# which costs branches in the hot loops; every argument here is a card 0..35 or a sum of
# positions under 16)
MOD3 = _table(x % 3 for x in range(16))
SUIT = _table(c // 9 for c in range(36))
RANK = _table(c % 9 for c in range(36))
POP9 = _table(bin(m).count("1") for m in range(512))
LOW9 = _table((m & -m).bit_length() - 1 if m else 9 for m in range(512))  # the highest card
HIGH9 = _table(m.bit_length() - 1 if m else -1 for m in range(512))  # the lowest card
# SEL9[m * 9 + k]: the rank of the k-th highest card of pattern m (-1 past the end)
SEL9 = _table(([r for r in range(9) if m >> r & 1] + [-1] * 9)[k]
              for m in range(512) for k in range(9))


def _compress(live: int, part: int, width: int) -> int:
    """``part`` (a subset of ``live``) re-written as if the cards not in ``live`` were gone."""
    out = 0
    k = 0
    for r in range(width):
        if live >> r & 1:
            if part >> r & 1:
                out |= 1 << k
            k += 1
    return out


# CHI[live5 * 32 + part5] and CLO[live4 * 16 + part4]: relative ranks of the top five ranks
# (A..J) and of the bottom four (9..6); a whole suit is CHI | CLO << POP9[live5].
CHI = _table(_compress(u, p & u, 5) for u in range(32) for p in range(32))
CLO = _table(_compress(u, p & u, 4) for u in range(16) for p in range(16))


def _top_points(live5: int) -> list[int]:
    """The points of the live cards among A 10 K Q J of a suit, highest first."""
    return [RANK_POINTS[r] for r in range(5) if live5 >> r & 1]


def _gap(was: int, now: int, sign: int) -> int:
    """How many points the cards of a suit lose (``sign`` 1) or gain (-1) from pattern ``was``
    to pattern ``now``, card for card in rank order (the zero-point cards fill the rest)."""
    a = (_top_points(was) + [0] * 5)[:5]
    b = (_top_points(now) + [0] * 5)[:5]
    return sum(max(0, sign * (x - y)) for x, y in zip(a, b, strict=True))


# GAP_DOWN / GAP_UP[was5 * 32 + now5]: see :func:`similar_gaps`
GAP_DOWN = _table(_gap(w, n, 1) for w in range(32) for n in range(32))
GAP_UP = _table(_gap(w, n, -1) for w in range(32) for n in range(32))

MODE_POINTS = 0  # each trick is worth its card points
MODE_TRICKS = 1  # each trick is worth 1

MAXPLY = 36  # plies from the root: at most 33 cards, plus the root
MV = 12  # move slots per ply
# a table entry is three ints: key1; key2 | lower bound << 48 | upper bound << 56; and
# generation << 32 | point signature << 12 | best lead << 6 | tricks left (bounds 0..120,
# NO_BOUND above; no lead: 63; the signature: see :func:`signature`). A bucket of TT_WAYS
# entries keeps each field together: the first keys of all its ways fill one cache line, so a
# probe that misses reads one line instead of three (field f of way j of the bucket starting
# at ``slot``: ``tt[slot * TT_FIELDS + f * TT_WAYS + j]``)
TT_FIELDS = 3
KEY2_MASK = (1 << 48) - 1
NO_BOUND = 127
NO_LEAD = 63
TT_WAYS = 8  # entries per bucket (a power of two): 15% fewer nodes than 2

# stack fields: the frame of ply ``p`` is stk[p * N_FIELDS:(p + 1) * N_FIELDS]
(F_ALPHA, F_BETA, F_BEST, F_GAIN, F_LEAD, F_TN, F_T0, F_T1, F_N, F_I, F_BM, F_TKEY1, F_TKEY2,
 F_SLOT, F_A0, F_B0, F_MODE, F_KILLER, F_SIM) = range(19)
N_FIELDS = 19
# numba indexes an array as Python does, a negative index counting from the end: a compare and
# an add at every access. An index masked with a positive constant is known not to be negative,
# and the check goes. The masks in the search's loop (these two, ``& 3`` on a position or a
# card count, ``& 15`` on a move's place or a rank) are wider than any value they meet, so
# they change nothing but the compiled code, which drops the check (figures: docs/solver.md).
STK_MASK = 1023  # frame offsets, below N_FIELDS * MAXPLY = 684
MVS_MASK = 511  # move-list offsets, below MAXPLY * MV = 432
assert N_FIELDS * MAXPLY <= STK_MASK + 1 and MAXPLY * MV <= MVS_MASK + 1

# statistics: nodes, table hits, sure-points cut-offs, table stores, then from S_CUT_AT a
# histogram of which move (0..11) gave each cut-off, 12 slots for each kind of node:
# a lead by the maximiser, a lead by the minimiser, second hand, third hand
S_NODES, S_TTHITS, S_QCUTS, S_STORES, S_QUASI = range(5)
S_CUT_AT = 5
N_STATS = S_CUT_AT + 4 * 12

INF = 1 << 20

# feature flags (the naive baseline turns them all off)
USE_TT = 1
USE_ORDER = 2
USE_EQUIV = 4
USE_QUICK = 8
USE_ENDGAME = 16
USE_QUASI = 32
USE_ENDGAME3 = 64
USE_SIMILAR = 128
ALL_FEATURES = (USE_TT | USE_ORDER | USE_EQUIV | USE_QUICK | USE_ENDGAME | USE_QUASI
                | USE_ENDGAME3 | USE_SIMILAR)


@jit
def popcount(x: int) -> int:
    """Cards in a 36-bit mask."""
    return (POP9[x & 511] + POP9[(x >> 9) & 511] + POP9[(x >> 18) & 511]
            + POP9[(x >> 27) & 511])


@jit
def mask_points(x: int) -> int:
    """Card points in a mask (SBS-3)."""
    return (PTS9[x & 511] + PTS9[(x >> 9) & 511] + PTS9[(x >> 18) & 511]
            + PTS9[(x >> 27) & 511])


@jit
def legal_mask(hand: int, tn: int, t0: int, trump: int) -> int:
    """SBS-23: follow suit; if void, trump if able; else anything."""
    if tn == 0:
        return hand
    led = SUIT[t0]
    m = hand & (511 << (9 * led))
    if m == 0 and trump >= 0:
        m = hand & (511 << (9 * trump))
    if m == 0:
        m = hand
    return m


@jit
def beats(c: int, w: int, trump: int) -> bool:
    """Does card ``c`` beat card ``w``, the card winning the trick so far (SBS-24)?"""
    cs = SUIT[c]
    ws = SUIT[w]
    if cs == ws:
        return c < w
    return cs == trump


@jit
def trick_winner(leader: int, a: int, b: int, c: int, trump: int) -> int:
    """The position winning the trick ``a b c`` led by ``leader`` (SBS-24)."""
    w = 0
    wc = a
    if beats(b, wc, trump):
        w = 1
        wc = b
    if beats(c, wc, trump):
        w = 2
    return MOD3[leader + w]


@jit_inline
def norm_hand(h: int, union: int, mode: int) -> int:
    """A hand with its ranks normalised for the table key (see the module docstring)."""
    out = 0
    for s in range(4):
        u = (union >> (9 * s)) & 511
        p = (h >> (9 * s)) & 511
        hi = CHI[(u & 31) * 32 + (p & 31)] if mode == MODE_TRICKS else p & 31
        shift = POP9[u & 31] if mode == MODE_TRICKS else 5
        lo = CLO[(u >> 5) * 16 + (p >> 5)]
        out |= (hi | (lo << shift)) << (9 * s)
    return out


@jit
def denorm_card(card: int, union: int, mode: int) -> int:
    """The real card of ``union`` at normalised place ``card`` (inverse of ``norm_hand``)."""
    s = SUIT[card]
    r = RANK[card]
    u = (union >> (9 * s)) & 511
    if mode == MODE_TRICKS:
        k = r
        rr = SEL9[u * 9 + k]
    elif r < 5:
        rr = r
    else:
        rr = SEL9[(u >> 5) * 9 + (r - 5)]
        if rr >= 0:
            rr += 5
    if rr < 0:
        return -1
    return s * 9 + rr


@jit
def signature(union: int) -> int:
    """Which of A 10 K Q J are still live in each suit: 5 bits a suit, 20 in all.

    With the table key of the relative ranks (who holds the k-th highest live card of each
    suit), the signature pins a position down: together they give every live card's points.
    """
    return ((union & 31) | ((union >> 9) & 31) << 5 | ((union >> 18) & 31) << 10
            | ((union >> 27) & 31) << 15)


@jit
def similar_gaps(was: int, now: int) -> tuple[int, int]:
    """Payoff-similarity (Furtak and Buro): two positions with the same relative ranks in every
    hand, whose live cards' points differ as their signatures ``was`` and ``now`` say.

    Mapping the k-th highest live card of a suit in one onto the k-th in the other maps every
    line of play onto a line with the same trick winners (SBS-23, SBS-24 look only at suits and
    ranks); only the points in each trick change. So the value of ``now`` is at least that of
    ``was`` less the points its cards lose card for card (``down``), and at most that value plus
    the points they gain (``up``): a bound stored for one position bounds the other.
    """
    down = 0
    up = 0
    for s in range(4):
        i = ((was >> (5 * s)) & 31) * 32 + ((now >> (5 * s)) & 31)
        down += GAP_DOWN[i]
        up += GAP_UP[i]
    return down, up


@jit
def _pick(h0: int, h1: int, h2: int, p: int) -> int:
    """Hand ``p`` of three (the helpers take hands as ints: an array argument costs a
    reference count at every call)."""
    return h0 if p == 0 else (h1 if p == 1 else h2)


@jit
def sure_points(h0: int, h1: int, h2: int, leader: int, trump: int, side: int, union: int
                ) -> int:
    """Card points the positions in ``side`` take whatever the others do (points mode).

    Two sources, the larger counts:

    - The side's trumps above every trump of the other side win whenever they are played; so
      do all of a hand's trumps but as many as the other side holds higher trumps to beat them
      with (:func:`_surviving_trumps`). Each wins a trick of its own (a hand plays one card a
      trick), so it takes a card of every other hand too: at least the cheapest. When the
      other side holds no trump at all, a hand holding one also takes every card above all of
      theirs in its suit (:func:`_master_cards`), whoever is on lead.
    - When the side is on lead, the leader cashes its winning trumps, then its winners of each
      other suit (:func:`_cashed`; SBS-23 forces a void player holding a trump to trump, so
      such a player would ruff); the trumps it has left that the followers' cannot all beat
      win later. Every follower gives up a card to every trick so won: at least its cheapest
      cards of the suit led, and at least its cheapest cards of any suit — a void follower's
      discards are cards too.

    What each source saves, and a variant that never counted more: ``docs/solver.md``.
    """
    # top trumps held by the side
    top = 0
    if trump >= 0:
        ut = (union >> (9 * trump)) & 511
        st = 0
        for p in range(3):
            if (side >> p) & 1:
                st |= (_pick(h0, h1, h2, p) >> (9 * trump)) & 511
        m = ut
        while m:
            r = LOW9[m]
            if (st >> r) & 1:
                top += RANK_POINTS[r]
                m &= m - 1
            else:
                break
        ot = ut & ~st  # the other side's trumps
        for p in range(3):
            if (side >> p) & 1:
                n, pts = _surviving_trumps((_pick(h0, h1, h2, p) >> (9 * trump)) & 511, ot)
                if n > 0:
                    pts += _others_give_up(h0, h1, h2, p, n)
                    if pts > top:
                        top = pts
        if ot == 0 and st != 0 and POP9[side & 7] == 1:
            # the other side holds no trump: see _master_cards
            p = 0 if side == 1 else (1 if side == 2 else 2)
            mine = _pick(h0, h1, h2, p)
            n, pts = _master_cards(mine, union & ~mine, trump)
            pts += _others_give_up(h0, h1, h2, p, n)
            if pts > top:
                top = pts
    if not (side >> leader) & 1:
        return top
    # the leader's quick tricks
    lh = _pick(h0, h1, h2, leader)
    p1 = MOD3[leader + 1]
    p2 = MOD3[leader + 2]
    f1 = _pick(h0, h1, h2, p1)
    f2 = _pick(h0, h1, h2, p2)
    q = 0
    kt = 0
    c1 = 0
    c2 = 0
    rounds = 0
    tr1 = 0
    tr2 = 0
    if trump >= 0:
        kt, pts, x1, x2 = _cash_suit(lh, f1, f2, trump, 0, 0)
        q += pts
        c1 += x1
        c2 += x2
        rounds += kt
        tr1 = POP9[(f1 >> (9 * trump)) & 511] - kt
        tr2 = POP9[(f2 >> (9 * trump)) & 511] - kt
    for s in range(4):
        if s != trump:
            k, pts, x1, x2 = _cash_suit(lh, f1, f2, s, tr1, tr2)
            q += pts
            c1 += x1
            c2 += x2
            rounds += k
    if trump >= 0:
        # the leader's trumps left after drawing: those the followers' trumps cannot all
        # beat win later tricks (the followers kept their highest)
        lt = (lh >> (9 * trump)) & 511
        for _ in range(kt):
            lt &= lt - 1
        if lt:
            ft = (_drop_low((f1 >> (9 * trump)) & 511, kt)
                  | _drop_low((f2 >> (9 * trump)) & 511, kt))
            n, pts = _surviving_trumps(lt, ft)
            q += pts
            rounds += n
    if rounds > 0:
        d1 = _cheapest_any(f1, rounds)
        d2 = _cheapest_any(f2, rounds)
        q += (d1 if d1 > c1 else c1) + (d2 if d2 > c2 else c2)
    return q if q > top else top


RANKMASK = _table(sum(1 << (9 * s + r) for s in range(4)) for r in range(9))  # a rank, all suits
ZEROMASK = RANKMASK[5] | RANKMASK[6] | RANKMASK[7] | RANKMASK[8]  # the 9s, 8s, 7s and 6s


@jit_inline
def _others_give_up(h0: int, h1: int, h2: int, p: int, n: int) -> int:
    """The points the two hands other than ``p`` give up, at the least, to ``n`` tricks that
    ``p`` wins: a card each a trick, the cheapest ones."""
    q = 0
    for o in range(3):
        if o != p:
            q += _cheapest_any(_pick(h0, h1, h2, o), n)
    return q


@jit
def _cheapest_any(hand: int, k: int) -> int:
    """Points of the ``k`` cheapest cards of ``hand``, whatever their suits."""
    k -= popcount(hand & ZEROMASK)  # the cards worth nothing go first
    q = 0
    r = 4  # then the jacks, queens, kings, tens and aces
    while k > 0 and r >= 0:
        n = popcount(hand & RANKMASK[r])
        t = n if n < k else k
        q += t * RANK_POINTS[r]
        k -= t
        r -= 1
    return q


@jit_inline
def _cash_suit(lh: int, f1: int, f2: int, s: int, tr1: int, tr2: int
               ) -> tuple[int, int, int, int]:
    """The rounds of suit ``s`` the leader wins in a row (:func:`_cashed`), the points of its
    cards in them, and the points of the cheapest cards of the suit each follower gives up."""
    k = _cashed(lh, f1, f2, s, tr1, tr2)
    if k == 0:
        return 0, 0, 0, 0
    ls = (lh >> (9 * s)) & 511
    pts = 0
    for i in range(k):
        pts += RANK_POINTS[SEL9[ls * 9 + i]]
    return k, pts, _cheapest(f1, s, k), _cheapest(f2, s, k)


@jit
def _cashed(lh: int, f1: int, f2: int, s: int, tr1: int, tr2: int) -> int:
    """How many rounds of suit ``s`` the leader (hand ``lh``) wins in a row, leading its
    highest card each time, whatever the followers (``f1``, ``f2``, holding ``tr1``, ``tr2``
    trumps) do.

    A round is the leader's while no follower can head its card: a follower that still holds
    cards of the suit holds none higher, and one void in it holds no trump to ruff with. A
    follower keeps its high card only while it has others to play: with ``n`` cards of the
    suit, the ``n``-th round forces out the last, so a singleton ten falls under the ace and
    the king is then a winner.
    """
    ls = (lh >> (9 * s)) & 511
    m1 = (f1 >> (9 * s)) & 511
    m2 = (f2 >> (9 * s)) & 511
    n1 = POP9[m1]
    n2 = POP9[m2]
    hi1 = LOW9[m1]  # the follower's highest card (9: none)
    hi2 = LOW9[m2]
    k = 0
    while ls:
        r = LOW9[ls]
        if (hi1 < r if n1 > k else tr1 > 0) or (hi2 < r if n2 > k else tr2 > 0):
            break
        k += 1
        ls &= ls - 1
    return k


@jit
def _surviving_trumps(mine: int, theirs: int) -> tuple[int, int]:
    """How many of the trumps ``mine`` (a 9-bit pattern) surely win their tricks against the
    other side's trumps ``theirs``, and the points they hold at the least.

    A trump wins the trick it is played in unless a higher trump falls on it (SBS-24), and each
    of the other side's trumps can fall on one trick only. Taking the highest trumps first, each
    is beaten while a higher trump of theirs is left for it; those left over surely win.
    """
    n = 0
    pts = 0
    used = 0
    m = mine
    while m:
        r = LOW9[m]  # the highest of mine left
        m &= m - 1
        if POP9[theirs & ((1 << r) - 1)] > used:
            used += 1
        else:
            n += 1
            pts += RANK_POINTS[r]
    return n, pts


@jit
def _drop_low(m: int, k: int) -> int:
    """Pattern ``m`` without its ``k`` lowest cards."""
    for _ in range(k):
        if m == 0:
            break
        m &= ~(1 << HIGH9[m])
    return m


@jit
def _master_cards(mine: int, theirs: int, trump: int) -> tuple[int, int]:
    """The tricks (and their points at the least) a hand holding trumps surely takes when the
    other hands hold none: every trump, and every card above all of theirs in its suit.

    Keeping one trump to the end, the hand never has to throw a master card away: void in the
    suit led, it must trump (SBS-23) and so wins the lead; on lead it cashes its masters before
    anything else; following, it plays the suit's master. A master played in its own suit and a
    trump in a trick with no other trump both win (SBS-24).
    """
    n = 0
    pts = 0
    for s in range(4):
        ms = (mine >> (9 * s)) & 511
        if s != trump:
            ts = (theirs >> (9 * s)) & 511
            if ts:
                ms &= (1 << LOW9[ts]) - 1  # above their highest card of the suit
        n += POP9[ms]
        pts += PTS9[ms]
    return n, pts


@jit
def _cheapest(hand: int, s: int, k: int) -> int:
    """Points of the ``k`` cheapest cards of suit ``s`` in ``hand`` (all of them if fewer)."""
    m = (hand >> (9 * s)) & 511
    n = POP9[m]
    if n <= k:
        return PTS9[m]
    # the cheapest cards are the lowest ranks: drop the n - k highest
    for _ in range(n - k):
        m &= m - 1
    return PTS9[m]


@jit
def _keeps(card: int, p: int, h0: int, h1: int, h2: int, maxmask: int, i_max: int,
           trump: int) -> bool:
    """Is ``card`` (position ``p``'s, with card points) worth keeping rather than smearing onto
    a trick its side surely takes? It is when no card of the other side's in its suit ranks
    above it while they still hold that suit and none of them can ruff it: it can take a
    later trick of the suit itself."""
    s = SUIT[card]
    r = RANK[card]
    if RANK_POINTS[r] == 0:
        return False
    opp = 0  # the other side's cards
    for q in range(3):
        if ((maxmask >> q) & 1) != i_max:
            hq = _pick(h0, h1, h2, q)
            if (s != trump and trump >= 0 and ((hq >> (9 * s)) & 511) == 0
                    and ((hq >> (9 * trump)) & 511) != 0):
                return False  # they could ruff it
            opp |= hq
    os_ = (opp >> (9 * s)) & 511
    return os_ != 0 and (os_ & ((1 << r) - 1)) == 0


#: where the killer lead goes among the scored leads: after cashing an ace or a ten (310,
#: 311), before the other winning leads (7 % fewer nodes than first of all)
KILLER_SCORE = 305


@jit
def _losing(val: int, r: int, suit_cards: int, mode: int) -> int:
    """The score of a card that loses the trick: the cheapest; in the point games, from the
    shortest suit (``suit_cards``: the player's cards of its suit, from bit 0)."""
    if mode == MODE_POINTS:
        return 200 - val * 20 - POP9[suit_cards & 511] * 9 - (8 - r)
    return 200 - val * 4 - (8 - r)


@jit_inline
def order_score(card: int, p: int, tn: int, t0: int, t1: int, leader: int, h0: int, h1: int,
                h2: int, trump: int,
                maxmask: int, cntmask: int, mode: int, live: int) -> int:
    """A move-ordering score: higher is searched first (DDS-style heuristics).

    - **Leading.** A lead the leader's side takes if both others play their strongest card
      cashes its points, highest first — a trump after the side suits; any other lead comes
      from the suit with the fewest cards out, a trump counting as about four more, the
      cheapest card first.
    - **Following**, when the side surely takes the trick: smear the most points, except a
      card that outranks every card the other side still holds in its suit
      (:func:`_keeps`), which takes a later trick of its own (last of the winners). The second
      hand counts the trick as its side's too when its partner, playing last, holds a card
      that takes it (a defender under the bidder's lead, the partner behind). Winning when the
      last player may still overtake: the cheapest winner. Losing: the cheapest card, from the
      shortest suit.
    - The keeping and the shortest suit apply to the point games only: with tricks as the
      unit (the misères) they made the search larger, not smaller.

    What each rule saves, and the rules measured and left out: ``docs/solver.md``.
    """
    s = SUIT[card]
    r = RANK[card]
    val = RANK_POINTS[r] if mode == MODE_POINTS else 8 - r
    i_max = (maxmask >> p) & 1
    if tn == 0:
        # leading: who takes the trick if both others play their strongest card?
        wpos = p
        wcard = card
        for k in (1, 2):
            o = MOD3[p + k]
            ho = _pick(h0, h1, h2, o)
            hs = (ho >> (9 * s)) & 511
            if hs:
                oc = 9 * s + LOW9[hs]
            elif trump >= 0 and ((ho >> (9 * trump)) & 511) != 0:
                oc = 9 * trump + LOW9[(ho >> (9 * trump)) & 511]
            else:
                continue
            if beats(oc, wcard, trump):
                wpos = o
                wcard = oc
        if ((cntmask >> wpos) & 1) == i_max:
            if s == trump:
                return 280 + val
            return 300 + val  # my side takes it: cash the points
        # a losing lead: from the suit with the fewest cards out (a trump counts as about four
        # more), the cheapest card first; with tricks as the unit, the cheapest card first
        out = POP9[(live >> (9 * s)) & 511] * (16 if mode == MODE_POINTS else 1)
        return 200 - out - val * 4 - (60 if s == trump else 0)
    # following: who wins so far?
    w = 0
    wc = t0
    if tn == 2 and beats(t1, wc, trump):
        w = 1
        wc = t1
    wpos = MOD3[leader + w]
    mine_wins = beats(card, wc, trump)
    if tn == 2:
        nw = p if mine_wins else wpos
        good = ((cntmask >> nw) & 1) == i_max
        if good:
            if mode == MODE_POINTS and _keeps(card, p, h0, h1, h2, maxmask, i_max, trump):
                return 300 + (8 - r)
            return 300 + val * 4 + (8 - r)
        return _losing(val, r, _pick(h0, h1, h2, p) >> (9 * s), mode)
    # second to play: the third player may still move
    q = MOD3[p + 1]
    qlegal = legal_mask(_pick(h0, h1, h2, q), 1, t0, trump)
    cur = card if mine_wins else wc
    nw = p if mine_wins else wpos
    good = ((cntmask >> nw) & 1) == i_max
    q_good = ((cntmask >> q) & 1) == i_max
    cs = SUIT[cur]
    q_beats = ((qlegal >> (9 * cs)) & ((1 << (RANK[cur])) - 1)) != 0
    if not q_beats and trump >= 0 and cs != trump and ((qlegal >> (9 * trump)) & 511) != 0:
        q_beats = True
    # the trick is my side's if we hold it and the last player cannot or will not take it,
    # or if the last player is my partner and can
    if (good and (not q_beats or q_good)) or (q_good and q_beats):
        if mode == MODE_POINTS and _keeps(card, p, h0, h1, h2, maxmask, i_max, trump):
            return 300 + (8 - r)
        return 300 + val * 4 + (8 - r)
    if mine_wins:
        return 250 - val * 4
    return _losing(val, r, _pick(h0, h1, h2, p) >> (9 * s), mode)


@jit
def search(hh: Any, leader: int, tn: int, t0: int, t1: int, trump: int, maxmask: int,
           cntmask: int, mode: int, alpha: int, beta: int, stk: Any, mvs: Any, tt: Any,
           ttmask: int, gen: int, stats: Any, features: int) -> int:
    """Fail-soft alpha-beta value of the position: units won by ``cntmask`` from the start of
    the current trick on, ``maxmask`` maximising. ``hh`` (3 hands) is restored on return.

    ``tn`` cards are in the current trick (``t0``, ``t1``, led by ``leader``). ``stk``
    (MAXPLY frames of N_FIELDS), ``mvs`` (MAXPLY × MV) and ``stats`` are scratch buffers; ``tt`` the
    table of ``(ttmask + 1) * TT_FIELDS`` ints, valid for one (trump, maxmask, cntmask, mode).
    """
    use_tt = (features & USE_TT) != 0
    use_order = (features & USE_ORDER) != 0
    use_equiv = (features & USE_EQUIV) != 0
    use_quick = (features & USE_QUICK) != 0 and mode == MODE_POINTS and maxmask == cntmask
    use_quasi = (features & USE_QUASI) != 0 and mode == MODE_POINTS
    # table keys by relative ranks with the points in a signature (see similar_gaps)
    use_sim = (features & USE_SIMILAR) != 0 and mode == MODE_POINTS
    kmode = MODE_TRICKS if use_sim else mode
    ply = 0
    o = 0  # where the stack frame of ``ply`` starts: ply * N_FIELDS
    stk[F_MODE] = kmode  # F_MODE and F_SIM are read from the root frame only
    stk[F_SIM] = 1 if use_sim else 0
    stk[F_ALPHA] = alpha
    stk[F_BETA] = beta
    stk[F_GAIN] = 0
    stk[F_LEAD] = leader
    stk[F_TN] = tn
    stk[F_T0] = t0
    stk[F_T1] = t1
    val = 0
    state = 0  # 0 enter a node, 1 try its next move, 2 return ``val`` to the parent
    while True:
        if state == 0:
            stats[S_NODES] += 1
            leader = stk[o + F_LEAD] & 3
            tn = stk[o + F_TN] & 3
            t0 = stk[o + F_T0]
            t1 = stk[o + F_T1]
            a = stk[o + F_ALPHA]
            b = stk[o + F_BETA]
            stk[o + F_BM] = -1
            union = hh[0] | hh[1] | hh[2]
            tt_best = -1
            state = 1
            if tn == 0:
                ncards = popcount(union)
                if ncards == 0:
                    val = 0
                    state = 2
                elif ncards == 3:  # the last trick plays itself
                    c0 = _low_card(hh[leader])
                    c1 = _low_card(hh[MOD3[leader + 1]])
                    c2 = _low_card(hh[MOD3[leader + 2]])
                    w = trick_winner(leader, c0, c1, c2, trump)
                    val = 0
                    if (cntmask >> w) & 1:
                        val = 1
                        if mode == MODE_POINTS:
                            val = POINTS[c0] + POINTS[c1] + POINTS[c2]
                    state = 2
                elif ncards == 6 and (features & USE_ENDGAME) != 0:
                    val = two_tricks(hh[0], hh[1], hh[2], leader, trump, maxmask, cntmask, mode)
                    state = 2
                else:
                    lo = 0
                    hi = mask_points(union) if mode == MODE_POINTS else ncards // 3
                    total = hi
                    if use_tt:
                        k1, k2, slot = _tt_key(hh[0], hh[1], hh[2], union, leader, kmode, ttmask)
                        stk[o + F_TKEY1] = k1
                        stk[o + F_TKEY2] = k2
                        stk[o + F_SLOT] = slot
                        sig = signature(union) if use_sim else 0
                        near = 1 << 20  # the best lead comes from the nearest position
                        for j in range(TT_WAYS):
                            e = slot * TT_FIELDS + j
                            if (tt[e] == k1 and (tt[e + TT_WAYS] & KEY2_MASK) == k2
                                    and (tt[e + 2 * TT_WAYS] >> 32) == gen):
                                stats[S_TTHITS] += 1
                                w = tt[e + TT_WAYS]
                                elo = (w >> 48) & 127
                                ehi = (w >> 56) & 127
                                esig = (tt[e + 2 * TT_WAYS] >> 12) & 0xFFFFF
                                down = 0
                                up = 0
                                if esig != sig:
                                    down, up = similar_gaps(esig, sig)
                                if elo - down > lo:
                                    lo = elo - down
                                if ehi + up < hi:
                                    hi = ehi + up
                                bm = (tt[e + 2 * TT_WAYS] >> 6) & 63
                                if bm != NO_LEAD and down + up < near:
                                    near = down + up
                                    tt_best = denorm_card(bm, union, kmode)
                                if not use_sim:
                                    break
                    if use_quick and lo < b and hi > a:
                        q = sure_points(hh[0], hh[1], hh[2], leader, trump, maxmask, union)
                        if q > lo:
                            lo = q
                        if lo < b:
                            q = total - sure_points(hh[0], hh[1], hh[2], leader, trump, 7 ^ maxmask,
                                                  union)
                            if q < hi:
                                hi = q
                        if lo >= b or hi <= a:
                            stats[S_QCUTS] += 1
                    if lo >= b:
                        val = lo
                        state = 2
                    elif hi <= a:
                        val = hi
                        state = 2
                    elif lo == hi:
                        val = lo
                        state = 2
                    else:  # narrow the window to what is known
                        if lo > a:
                            a = lo
                        if hi < b:
                            b = hi
                        stk[o + F_ALPHA] = a
                        stk[o + F_BETA] = b
                        if ncards == 9 and (features & USE_ENDGAME3) != 0:
                            # the last three tricks in flat loops; the table keeps the bound
                            val, bx = three_tricks(hh[0], hh[1], hh[2], leader, trump,
                                                   maxmask, cntmask, mode, a, b, use_equiv,
                                                   tt_best)
                            stk[o + F_BM] = bx
                            if use_tt:
                                stk[o + F_A0] = a
                                stk[o + F_B0] = b
                                _tt_store(hh, stk, tt, ply, val, gen, stats)
                            state = 2
            if state == 1:
                stk[o + F_A0] = a
                stk[o + F_B0] = b
                # ---- the moves, best first ----
                p = MOD3[leader + tn] & 3
                hand = hh[p]
                legal = legal_mask(hand, tn, t0, trump)
                live = union
                if tn >= 1:
                    live |= 1 << t0
                if tn == 2:
                    live |= 1 << t1
                n = 0
                base = (ply * MV) & MVS_MASK
                # a forced card needs no score
                scored = use_order and (legal & (legal - 1)) != 0
                for s in range(4):
                    chunk = (legal >> (9 * s)) & 511
                    while chunk:
                        r = LOW9[chunk] & 15
                        chunk &= chunk - 1
                        c = 9 * s + r
                        if use_equiv and _run_skip(c, hand, live, mode, p, tn, t0, t1, leader,
                                                   hh[MOD3[p + 1]], hh[MOD3[p + 2]], trump,
                                                   maxmask, cntmask):
                            continue  # another card of its run is as good (see _run_skip)
                        sc = 0
                        if scored:
                            if c == tt_best:
                                sc = 1 << 20
                            elif tn == 0 and c == stk[o + F_KILLER]:
                                sc = KILLER_SCORE
                            else:
                                sc = order_score(c, p, tn, t0, t1, leader, hh[0], hh[1],
                                                 hh[2], trump, maxmask, cntmask, mode, live)
                        i = n  # insertion by score, stable
                        while i > 0 and (mvs[base + i - 1] >> 8) < sc:
                            mvs[base + i] = mvs[base + i - 1]
                            i -= 1
                        mvs[base + i] = (sc << 8) | c
                        n += 1
                stk[o + F_N] = n
                stk[o + F_I] = 0
                stk[o + F_BEST] = -INF if (maxmask >> p) & 1 else INF
        elif state == 1:
            i = stk[o + F_I]
            if i < 0 or i >= stk[o + F_N]:
                # the node is finished (all moves tried, or a cut-off): its value is the best
                val = stk[o + F_BEST]
                if use_tt and stk[o + F_TN] == 0:
                    _tt_store(hh, stk, tt, ply, val, gen, stats)
                state = 2
                continue
            stk[o + F_I] = i + 1
            c = mvs[((ply * MV) & MVS_MASK) + i] & 255
            leader = stk[o + F_LEAD] & 3
            tn = stk[o + F_TN] & 3
            t0 = stk[o + F_T0]
            t1 = stk[o + F_T1]
            p = MOD3[leader + tn] & 3
            if use_quasi and i > 0:
                live = hh[0] | hh[1] | hh[2]
                if tn >= 1:
                    live |= 1 << t0
                if tn == 2:
                    live |= 1 << t1
                is_max = (maxmask >> p) & 1
                bound = _quasi_bound(mvs, ply * MV, i, c, hh[p], live, is_max,
                                     stk[o + F_ALPHA], stk[o + F_BETA])
                if bound >= 0:
                    # a twin card already searched bounds this one well enough
                    stats[S_QUASI] += 1
                    mvs[ply * MV + i] = (bound << 8) | c
                    best = stk[o + F_BEST]
                    if (is_max and bound > best) or (not is_max and bound < best):
                        stk[o + F_BEST] = bound
                    continue
            hh[p] &= ~(1 << c)
            nxt = ply + 1
            on = (nxt * N_FIELDS) & STK_MASK
            g = 0
            if tn < 2:
                stk[on + F_LEAD] = leader
                stk[on + F_TN] = tn + 1
                stk[on + F_T0] = c if tn == 0 else t0
                stk[on + F_T1] = c if tn == 1 else t1
            else:
                w = trick_winner(leader, t0, t1, c, trump)
                if (cntmask >> w) & 1:
                    g = 1
                    if mode == MODE_POINTS:
                        g = POINTS[t0] + POINTS[t1] + POINTS[c]
                stk[on + F_LEAD] = w
                stk[on + F_TN] = 0
                stk[on + F_T0] = -1
                stk[on + F_T1] = -1
            stk[on + F_GAIN] = g
            stk[on + F_ALPHA] = stk[o + F_ALPHA] - g
            stk[on + F_BETA] = stk[o + F_BETA] - g
            ply = nxt
            o = on
            state = 0
        else:
            if ply == 0:
                return val
            val += stk[o + F_GAIN]
            ply -= 1
            o = (o - N_FIELDS) & STK_MASK
            # take back the move tried at ``ply`` and fold the child's value into the node
            i = (stk[o + F_I] - 1) & 15
            c = mvs[((ply * MV) & MVS_MASK) + i] & 255
            mvs[((ply * MV) & MVS_MASK) + i] = (val << 8) | c  # the child's value, for its twins
            p = MOD3[(stk[o + F_LEAD] + stk[o + F_TN]) & 7] & 3
            hh[p] |= 1 << c
            best = stk[o + F_BEST]
            if (maxmask >> p) & 1:
                if val > best:
                    stk[o + F_BEST] = val
                    stk[o + F_BM] = c
                    if val >= stk[o + F_BETA]:
                        stk[o + F_I] = -1  # cut-off
                        stk[o + F_KILLER] = c
                        kind = stk[o + F_TN]
                        kind = 0 if kind == 0 else kind + 1
                        stats[S_CUT_AT + kind * 12 + (i if i < 11 else 11)] += 1
                    elif val > stk[o + F_ALPHA]:
                        stk[o + F_ALPHA] = val
            elif val < best:
                stk[o + F_BEST] = val
                stk[o + F_BM] = c
                if val <= stk[o + F_ALPHA]:
                    stk[o + F_I] = -1
                    stk[o + F_KILLER] = c
                    kind = stk[o + F_TN]
                    kind = 1 if kind == 0 else kind + 1
                    stats[S_CUT_AT + kind * 12 + (i if i < 11 else 11)] += 1
                elif val < stk[o + F_BETA]:
                    stk[o + F_BETA] = val
            state = 1


@jit_inline
def _run_skip(c: int, hand: int, live: int, mode: int, p: int, tn: int, t0: int, t1: int,
              leader: int, f1: int, f2: int, trump: int, maxmask: int, cntmask: int) -> bool:
    """May card ``c`` of ``hand`` (position ``p``) be left out of the search?

    A *run* is a set of cards of one hand and suit with no other live card (in a hand or in the
    trick) between them: they win and lose exactly the same tricks. When only tricks count,
    every card of a run is the same and only the top one is searched (DDS). When points count,
    zero-point cards of a run are the same; and where :func:`_dominant_end` shows one end of
    the run at least as good for the player as any other card of it, only that end is
    searched. ``f1`` and ``f2`` are the hands of the next two positions.
    """
    s = SUIT[c]
    r = RANK[c]
    liv = (live >> (9 * s)) & 511
    hs = (hand >> (9 * s)) & 511
    above = liv & ((1 << r) - 1)
    up = HIGH9[above] if above else -1  # the next live card above c
    up_same = up >= 0 and ((hs >> up) & 1) == 1
    if mode == MODE_TRICKS:
        return up_same
    below = liv & (510 << r) & 511
    dn_same = below != 0 and ((hs >> LOW9[below]) & 1) == 1  # the next live card below
    if not (up_same or dn_same):
        return False
    keep = _dominant_end(c, p, tn, t0, t1, leader, f1, f2, trump, maxmask, cntmask)
    if keep > 0:
        return up_same
    if keep < 0:
        return dn_same
    return up_same and up >= 5  # both worth nothing


@jit_inline
def _dominant_end(c: int, p: int, tn: int, t0: int, t1: int, leader: int, f1: int, f2: int,
                  trump: int, maxmask: int, cntmask: int) -> int:
    """Point dominance in a run of rank-equivalent cards (point games).

    Cards of one hand and suit with no other live card between them win and lose exactly the
    same tricks; swapping the two everywhere maps every line of play after one onto a line
    after the other. If the *side* that wins the current trick is the same whatever is played
    after ``c`` (the last card of a trick; or no later card of the trick can change the side),
    the only difference on every line is which trick gets the higher-point card: now the
    trick's winner, later some trick's winner. Playing the higher-point card now is then never
    worse for the side winning this trick, never better for the other, so only one end of the
    run needs searching. Returns 1 (keep the run's top card: most points), -1 (keep its bottom
    card), or 0 when the side is not fixed (search as usual).
    """
    if tn == 2:
        w = 0
        wc = t0
        if beats(t1, wc, trump):
            w = 1
            wc = t1
        wpos = p if beats(c, wc, trump) else MOD3[leader + w]
    elif tn == 1:
        wpos = p if beats(c, t0, trump) else leader
        cur = c if wpos == p else t0
        q = MOD3[p + 1]
        if ((cntmask >> q) & 1) != ((cntmask >> wpos) & 1):
            r = _beaters(f1, t0, cur, trump)
            if r == 1:
                return 0  # the last player may take the trick or not
            if r == 2:
                wpos = q  # the last player must take it
    else:
        side = (cntmask >> p) & 1
        s1 = (cntmask >> (MOD3[p + 1])) & 1
        s2 = (cntmask >> (MOD3[p + 2])) & 1
        # -1: a partner of the leader; else what _beaters says of that follower
        r1 = _beaters(f1, c, c, trump) if s1 != side else -1
        r2 = _beaters(f2, c, c, trump) if s2 != side else -1
        if r1 <= 0 and r2 <= 0:
            wpos = p  # no opponent of the leader can beat the lead (nor a partner's card above it)
        elif r1 == 2 and s2 == s1:
            wpos = MOD3[p + 1]  # the next player must beat it, and the last is their partner
        elif r1 == 0 and r2 == 2:
            wpos = MOD3[p + 2]  # the next cannot beat it, the last must
        else:
            return 0
    if ((cntmask >> wpos) & 1) == ((maxmask >> p) & 1):
        return 1
    return -1


@jit
def _beaters(hand: int, led: int, cur: int, trump: int) -> int:
    """Following the trick led by ``led``, can ``hand`` beat ``cur``: 0 with no legal card,
    1 with some, 2 with every legal card (it must take the trick from ``cur``)?"""
    legal = legal_mask(hand, 1, led, trump)
    cs = SUIT[cur]
    win = legal & (((1 << (RANK[cur])) - 1) << (9 * cs))
    if trump >= 0 and cs != trump:
        win |= legal & (511 << (9 * trump))
    if win == 0:
        return 0
    return 2 if win == legal else 1


@jit_inline
def _quasi_bound(mvs: Any, base: int, i: int, c: int, hand: int, live: int, is_max: int,
                 a: int, b: int) -> int:
    """Quasi-symmetry (Kupferschmid and Helmert): a card of the same hand and suit with no
    other player's live card between it and ``c`` wins and loses exactly the same tricks, so
    the two values differ by at most the difference of their points. If a twin already
    searched (its value stored in ``mvs``) keeps ``c`` on the wrong side of the window, return
    that bound for ``c``; else -1.
    """
    s = SUIT[c]
    r = RANK[c]
    pc = RANK_POINTS[r]
    for j in range(i):
        e: int = mvs[base + j]
        cj = e & 255
        if SUIT[cj] != s:
            continue
        rj = RANK[cj]
        lo = r if r < rj else rj
        hi = rj if r < rj else r
        between = ((1 << hi) - (1 << (lo + 1))) << (9 * s)
        if live & between & ~hand:
            continue
        d = pc - RANK_POINTS[rj]
        if d < 0:
            d = -d
        vj = e >> 8
        if is_max:
            if vj + d <= a:
                return vj + d
        elif vj - d >= b:
            return vj - d
    return -1


@jit
def two_tricks(h0: int, h1: int, h2: int, leader: int, trump: int, maxmask: int, cntmask: int,
               mode: int) -> int:
    """The exact value of the last two tricks (two cards in each hand, positions 0, 1, 2), by
    plain minimax.

    Most of the search happens a few tricks from the end; solving the last two tricks in one
    call instead of node by node saves a good share of the work. Positions are taken relative
    to the leader here (0 the leader, 1 the middle hand, 2 the end hand), and the legal cards
    of the two followers are worked out once per lead, so few branches depend on the cards
    (its timing: ``docs/solver.md``).
    """
    p1 = MOD3[leader + 1]
    p2 = MOD3[leader + 2]
    hl = _pick(h0, h1, h2, leader)
    hm = _pick(h0, h1, h2, p1)
    he = _pick(h0, h1, h2, p2)
    la = _low_card(hl)
    lb = _low_card(hl & (hl - 1))
    ma = _low_card(hm)
    mb = _low_card(hm & (hm - 1))
    ea = _low_card(he)
    eb = _low_card(he & (he - 1))
    lmax = (maxmask >> leader) & 1
    mmax = (maxmask >> p1) & 1
    emax = (maxmask >> p2) & 1
    c0 = (cntmask >> leader) & 1  # does the trick count when the leader takes it?
    c1 = (cntmask >> p1) & 1
    c2 = (cntmask >> p2) & 1
    tricks = mode == MODE_TRICKS
    total = 2  # the units in the two tricks
    if not tricks:
        total = (POINTS[la] + POINTS[lb] + POINTS[ma] + POINTS[mb] + POINTS[ea]
                 + POINTS[eb])
    sma = SUIT[ma]
    smb = SUIT[mb]
    sea = SUIT[ea]
    seb = SUIT[eb]
    best_l = -INF if lmax else INF
    for i in range(2):
        x = la if i == 0 else lb
        xr = lb if i == 0 else la
        led = SUIT[x]
        # SBS-23 for a two-card hand: a card of the suit led if it holds one, else a trump if
        # it holds one, else either
        ok_ma = sma == led or (smb != led and (sma == trump or smb != trump))
        ok_mb = smb == led or (sma != led and (smb == trump or sma != trump))
        ok_ea = sea == led or (seb != led and (sea == trump or seb != trump))
        ok_eb = seb == led or (sea != led and (seb == trump or sea != trump))
        best_m = -INF if mmax else INF
        for j in range(2):
            if not (ok_ma if j == 0 else ok_mb):
                continue
            y = ma if j == 0 else mb
            yr = mb if j == 0 else ma
            best_e = -INF if emax else INF
            for k in range(2):
                if not (ok_ea if k == 0 else ok_eb):
                    continue
                z = ea if k == 0 else eb
                zr = eb if k == 0 else ea
                w = trick_winner(0, x, y, z, trump)
                g = 1 if tricks else POINTS[x] + POINTS[y] + POINTS[z]
                # the last trick: the winner leads the card left
                if w == 0:
                    w2 = trick_winner(0, xr, yr, zr, trump)
                elif w == 1:
                    w2 = trick_winner(1, yr, zr, xr, trump)
                else:
                    w2 = trick_winner(2, zr, xr, yr, trump)
                cw = c0 if w == 0 else (c1 if w == 1 else c2)
                cw2 = c0 if w2 == 0 else (c1 if w2 == 1 else c2)
                v = cw * g + cw2 * (total - g)
                best_e = max(best_e, v) if emax else min(best_e, v)
            best_m = max(best_m, best_e) if mmax else min(best_m, best_e)
        best_l = max(best_l, best_m) if lmax else min(best_l, best_m)
    return best_l


@jit
def three_tricks(h0: int, h1: int, h2: int, leader: int, trump: int, maxmask: int,
                 cntmask: int, mode: int, alpha: int, beta: int, use_equiv: bool, first: int
                 ) -> tuple[int, int]:
    """Fail-soft alpha-beta value of the last three tricks (three cards in each hand), and the
    lead that gave it.

    About three quarters of the nodes of a full search lie three to five tricks from the end.
    This routine plays the first of the last three tricks in three flat loops (at most
    3 × 3 × 3 card combinations, rank equivalence as in :func:`search`) and hands the rest to
    :func:`two_tricks`' minimax: no stack frames, no table, no move ordering, no sure points —
    at this depth their bookkeeping costs more than the moves they save. The window and the
    fail-soft contract are those of :func:`search`; ``first`` (a card of the leader, or -1) is
    the lead tried first, the table's best lead. The last player tries the cards that do best
    in this trick first.
    """
    p1 = MOD3[leader + 1]
    p2 = MOD3[leader + 2]
    hl = _pick(h0, h1, h2, leader)
    hm = _pick(h0, h1, h2, p1)
    he = _pick(h0, h1, h2, p2)
    live = h0 | h1 | h2
    lmax = (maxmask >> leader) & 1
    mmax = (maxmask >> p1) & 1
    emax = (maxmask >> p2) & 1
    best_l = -INF if lmax else INF
    best_x = -1
    al = alpha
    bl = beta
    ml = hl
    if first >= 0 and not (hl >> first) & 1:
        first = -1
    if first >= 0:
        ml &= ~(1 << first)
    x = first
    while x >= 0 or ml:
        if x < 0:
            x = _low_card(ml)
            ml &= ~(1 << x)
            if use_equiv and _run_skip(x, hl, live, mode, leader, 0, -1, -1, leader, hm, he,
                                       trump, maxmask, cntmask):
                x = -1
                continue
        best_m = -INF if mmax else INF
        am = al
        bm = bl
        mm = legal_mask(hm, 1, x, trump)
        while mm:
            y = _low_card(mm)
            mm &= ~(1 << y)
            if use_equiv and _run_skip(y, hm, live, mode, p1, 1, x, -1, leader, he, hl, trump,
                                       maxmask, cntmask):
                continue
            best_e = -INF if emax else INF
            ae = am
            be = bm
            me = legal_mask(he, 1, x, trump)
            # the last player's cards, best in this trick first (by the trick's units)
            z0 = -1
            z1 = -1
            z2 = -1
            g0 = 0
            g1 = 0
            nz = 0
            while me:
                z = _low_card(me)
                me &= ~(1 << z)
                if use_equiv and _run_skip(z, he, live, mode, p2, 2, x, y, leader, hl, hm,
                                           trump, maxmask, cntmask):
                    continue
                w = trick_winner(leader, x, y, z, trump)
                g = 0
                if (cntmask >> w) & 1:
                    g = 1 if mode == MODE_TRICKS else POINTS[x] + POINTS[y] + POINTS[z]
                key = g if emax else -g
                if nz == 0:
                    z0 = z
                    g0 = key
                elif nz == 1:
                    if key > g0:
                        z1 = z0
                        g1 = g0
                        z0 = z
                        g0 = key
                    else:
                        z1 = z
                        g1 = key
                else:
                    if key > g0:
                        z2 = z1
                        z1 = z0
                        z0 = z
                        g1 = g0
                        g0 = key
                    elif key > g1:
                        z2 = z1
                        z1 = z
                        g1 = key
                    else:
                        z2 = z
                nz += 1
            for k in range(nz):
                z = z0 if k == 0 else (z1 if k == 1 else z2)
                w = trick_winner(leader, x, y, z, trump)
                v = 0
                if (cntmask >> w) & 1:
                    v = 1 if mode == MODE_TRICKS else POINTS[x] + POINTS[y] + POINTS[z]
                out = ~((1 << x) | (1 << y) | (1 << z))
                v += two_tricks(h0 & out, h1 & out, h2 & out, w, trump, maxmask, cntmask, mode)
                if emax:
                    if v > best_e:
                        best_e = v
                        if v >= be:
                            break
                        if v > ae:
                            ae = v
                elif v < best_e:
                    best_e = v
                    if v <= ae:
                        break
                    if v < be:
                        be = v
            v = best_e
            if mmax:
                if v > best_m:
                    best_m = v
                    if v >= bm:
                        break
                    if v > am:
                        am = v
            elif v < best_m:
                best_m = v
                if v <= am:
                    break
                if v < bm:
                    bm = v
        v = best_m
        cx = x
        x = -1
        if lmax:
            if v > best_l:
                best_l = v
                best_x = cx
                if v >= bl:
                    break
                if v > al:
                    al = v
        elif v < best_l:
            best_l = v
            best_x = cx
            if v <= al:
                break
            if v < bl:
                bl = v
    return best_l, best_x


def _low_card_py(h: int) -> int:
    """The first card of a mask in deck order (the only card of a one-card hand), or -1."""
    return (h & -h).bit_length() - 1


_low_card: Callable[[int], int] = _low_card_py
if COMPILED:
    # the processor's trailing-zero count: a loop over the suits with table lookups took a
    # third of the time of :func:`two_tricks`, which looks up six cards a call
    from numba.cpython.unsafe.numbers import trailing_zeros

    def _low_card_compiled(h: int) -> int:
        return trailing_zeros(h) if h else -1  # type: ignore[call-arg]

    _low_card = jit_inline(_low_card_compiled)


@jit_inline
def _tt_key(h0: int, h1: int, h2: int, union: int, leader: int, mode: int, ttmask: int
            ) -> tuple[int, int, int]:
    """The normalised key (two ints under 2**62) and the first slot of its bucket."""
    n0 = norm_hand(h0, union, mode)
    n1 = norm_hand(h1, union, mode)
    n2 = norm_hand(h2, union, mode)
    k1 = n0 | ((n1 & ((1 << 26) - 1)) << 36)
    k2 = (n1 >> 26) | (n2 << 10) | (leader << 46)
    # only low bits of products are used, so Python ints and wrapped int64 agree
    x = k1 ^ (k1 >> 29) ^ (k2 * 0x2545F491)
    slot = ((x * 0x9E3779B1) >> 20) & ttmask & ~(TT_WAYS - 1) & 0xFFFFFFFF
    return k1, k2, slot


@jit_inline
def _tt_store(hh: Any, stk: Any, tt: Any, ply: int, val: int, gen: int, stats: Any) -> None:
    """Fold a finished node's value into its table entry: a bound, or exact inside the window."""
    o = (ply * N_FIELDS) & STK_MASK
    a = stk[o + F_A0]
    b = stk[o + F_B0]
    slot = stk[o + F_SLOT]
    k1 = stk[o + F_TKEY1]
    k2 = stk[o + F_TKEY2]
    union = hh[0] | hh[1] | hh[2]
    tricks_left = popcount(union) // 3
    kmode = stk[F_MODE]
    # the points of the live cards, unless the key already holds them (see similar_gaps)
    sig = signature(union) if stk[F_SIM] else 0
    e = -1
    victim = slot * TT_FIELDS
    vdepth = 64
    for j in range(TT_WAYS):
        ej = slot * TT_FIELDS + j
        if (tt[ej + 2 * TT_WAYS] >> 32) != gen:
            if vdepth >= 0:
                victim = ej
                vdepth = -1  # a stale entry: the best place for a new one
            continue
        if (tt[ej] == k1 and (tt[ej + TT_WAYS] & KEY2_MASK) == k2
                and ((tt[ej + 2 * TT_WAYS] >> 12) & 0xFFFFF) == sig):
            e = ej
            break
        # else replace the position nearest the end of the deal (the cheapest to search
        # again); on a tie, the later way
        d = tt[ej + 2 * TT_WAYS] & 63
        if d <= vdepth:
            victim = ej
            vdepth = d
    if e < 0:
        e = victim
        tt[e] = k1
        tt[e + TT_WAYS] = k2 | (NO_BOUND << 56)
        tt[e + 2 * TT_WAYS] = (gen << 32) | (sig << 12) | (NO_LEAD << 6) | tricks_left
        stats[S_STORES] += 1
    w = tt[e + TT_WAYS]
    lo = (w >> 48) & 127
    hi = (w >> 56) & 127
    if a < val < b:
        lo = val
        hi = val
    elif val >= b:
        if val > lo:
            lo = val
    elif val < hi:
        hi = val
    tt[e + TT_WAYS] = k2 | (lo << 48) | (hi << 56)
    bm = stk[o + F_BM]
    if bm >= 0:
        nb = norm_hand(1 << bm, union, kmode)
        tt[e + 2 * TT_WAYS] = (gen << 32) | (sig << 12) | (_low_card(nb) << 6) | tricks_left


# --- the workspace and the drivers (plain Python around the kernel) ---------------------------
class Workspace:
    """Scratch buffers and the transposition table for one thread of searches.

    The table stays valid while the *context* (trump, maximiser, counted side, unit) is the
    same, even across deals: keys hold the whole position. A new context takes a new generation
    stamp instead of clearing the table. Buffers are numpy int64 arrays for the compiled kernel
    and plain lists for the uncompiled one (numpy scalars would slow plain Python down).
    """

    def __init__(self, tt_bits: int | None = None) -> None:
        if tt_bits is None:
            tt_bits = 18 if COMPILED else 17
        self.ttmask = (1 << tt_bits) - 1
        size = (self.ttmask + 1) * TT_FIELDS
        self.tt: Any
        self.stk: Any
        self.mvs: Any
        self.stats: Any
        self.hh: Any
        if COMPILED:
            buf = np.zeros(size + 8, np.int64)
            off = (-buf.ctypes.data % 64) // 8  # each bucket's keys in one cache line
            self.tt = buf[off:off + size]
            self.stk = np.zeros(N_FIELDS * MAXPLY, np.int64)
            self.mvs = np.zeros(MAXPLY * MV, np.int64)
            self.stats = np.zeros(N_STATS, np.int64)
            self.hh = np.zeros(3, np.int64)
        else:
            self.tt = [0] * size
            self.stk = [0] * (N_FIELDS * MAXPLY)
            self.mvs = [0] * (MAXPLY * MV)
            self.stats = [0] * N_STATS
            self.hh = [0, 0, 0]
        self.gen = 0
        self.context: tuple[int, ...] | None = None

    def use(self, trump: int, maxmask: int, cntmask: int, mode: int, features: int) -> None:
        """Start a new table generation if the context changed."""
        ctx = (trump, maxmask, cntmask, mode, features)
        if ctx != self.context:
            self.gen += 1
            self.context = ctx

    def clear(self) -> None:
        """Forget every table entry (a new generation)."""
        self.gen += 1

    @property
    def nodes(self) -> int:
        return int(self.stats[S_NODES])

    def reset_stats(self) -> None:
        for i in range(N_STATS):
            self.stats[i] = 0


def run(ws: Workspace, hands: tuple[int, int, int], leader: int, trick: tuple[int, ...],
        trump: int, maxmask: int, cntmask: int, mode: int, alpha: int, beta: int,
        features: int = ALL_FEATURES, keep_killers: bool = False) -> int:
    """One fail-soft search of the window ``(alpha, beta)`` (see :func:`search`).

    The killer leads start empty unless ``keep_killers`` (the later tests of one exact value,
    on the same position): left over from another position they are noise, and made the
    nodes of a search depend on what the workspace searched before.
    """
    ws.use(trump, maxmask, cntmask, mode, features)
    if not keep_killers:
        ws.stk[F_KILLER::N_FIELDS] = [-1] * MAXPLY
    hh = ws.hh
    hh[0], hh[1], hh[2] = hands
    tn = len(trick)
    t0 = trick[0] if tn >= 1 else -1
    t1 = trick[1] if tn >= 2 else -1
    return int(search(hh, leader, tn, t0, t1, trump, maxmask, cntmask, mode, alpha, beta,
                      ws.stk, ws.mvs, ws.tt, ws.ttmask, ws.gen, ws.stats, features))


def units_left(hands: tuple[int, int, int], trick: tuple[int, ...], mode: int) -> int:
    """The units still to be won, counting the trick in progress."""
    cards = hands[0] | hands[1] | hands[2]
    for c in trick:
        cards |= 1 << c
    if mode == MODE_POINTS:
        return int(mask_points(cards))
    return (int(popcount(cards)) + 2) // 3


def value(ws: Workspace, hands: tuple[int, int, int], leader: int, trick: tuple[int, ...],
          trump: int, maxmask: int, cntmask: int, mode: int, guess: int = -1,
          features: int = ALL_FEATURES, bisect: bool = True) -> int:
    """The exact value by zero-window searches ("does the maximiser reach ``beta``?") closing in
    on it from ``guess`` (default: half the units left).

    Each answer is a fail-soft bound that narrows the bracket ``[lower, upper]`` holding the
    value. Tests far from the value are cheap and tests next to it dear, and at least two of
    those are needed (``>= V`` yes, ``>= V + 1`` no); so the next test halves the bracket
    (``bisect``, the default) instead of stepping just past the bound learned
    (``bisect=False``: plain MTD(f), which kept stepping past the value and back). Every test
    is exact, so the value does not depend on the strategy or the guess.

    The strategies and guesses measured: ``docs/solver.md``.
    """
    lower = 0
    upper = units_left(hands, trick, mode)
    tested = False  # the first test starts with no killer leads, the later ones keep them
    g = guess if 0 <= guess <= upper else (upper + 1) // 2
    beta = g if g > lower else lower + 1
    while lower < upper:
        g = run(ws, hands, leader, trick, trump, maxmask, cntmask, mode, beta - 1, beta,
                features, keep_killers=tested)
        tested = True
        up = g >= beta  # the answer: yes, the maximiser reaches beta (g is a lower bound)
        if up:
            lower = g
        else:
            upper = g
        nxt = g + 1 if up else g  # plain MTD(f): just past the bound learned
        if bisect:
            nxt = (lower + upper + 1) // 2
        beta = min(max(nxt, lower + 1), upper)
    return lower
