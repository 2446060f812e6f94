"""The search kernel itself: the plain-Python path and the numba-compiled path agree (values and
node counts, run in a subprocess with SOLO_TUTOR_NO_NUMBA=1), every pruning technique can be
switched off without changing a value, and the sure-points bounds are true bounds."""

from __future__ import annotations

import functools
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from solver_cases import brute_force, brute_force_children, position

from tutor.games.six_bid_solo.rules import MISERES, SixBidSoloState
from tutor.solver import kernel, search
from tutor.solver.kernel import (
    ALL_FEATURES,
    MODE_POINTS,
    MODE_TRICKS,
    USE_ENDGAME,
    USE_ENDGAME3,
    USE_EQUIV,
    USE_ORDER,
    USE_QUICK,
    USE_SIMILAR,
    USE_TT,
    Workspace,
)

TESTS = Path(__file__).parent

# (seed, contract, cards left, options): point contracts and misères, some mid-trick; the
# small ones are checked against brute force too, the bigger ones only path against path
CASES = [(s, 1 + s % 6, 9 + s % 5, {"misere": "no_card_points"} if s % 5 == 4 else {})
         for s in range(18)]
BIG_CASES = [(s, 1 + s % 6, 18 + s % 4, {"misere": "no_card_points"} if s % 5 == 4 else {})
             for s in range(100, 112)]


def _query(s: SixBidSoloState) -> tuple[tuple[int, int, int], int, tuple[int, ...], int, int,
                                        int, int]:
    """The kernel question for a state: hands, leader, trick, trump, maximiser, counted, mode."""
    pos = search.position_of(s)
    me = 1 << pos.bidder
    if s.contract in MISERES:
        mode = MODE_TRICKS if s.options.misere == "no_tricks" else MODE_POINTS
        return pos.hands, pos.leader, pos.trick, -1, me, 7 ^ me, mode
    return pos.hands, pos.leader, pos.trick, pos.trump, me, me, MODE_POINTS


def _run_cases(features: int, cases: list[tuple[int, int, int, dict[str, object]]] | None = None
               ) -> list[tuple[int, int]]:
    """(value, nodes) for every case, each on a fresh 2**14-slot table."""
    out = []
    for seed, contract, left, options in CASES + BIG_CASES if cases is None else cases:
        q = _query(position(seed, contract, left, options))
        ws = Workspace(tt_bits=14)
        v = kernel.value(ws, *q, features=features)
        out.append((v, ws.nodes))
    return out


PLAIN_SCRIPT = """
import json, sys
sys.path.insert(0, sys.argv[1])
import test_solver_kernel as t
from tutor.solver import kernel
assert not kernel.COMPILED
print(json.dumps(t._run_cases(kernel.ALL_FEATURES)))
"""


@pytest.fixture(scope="module")
def plain_results() -> list[tuple[int, int]]:
    env = dict(os.environ, SOLO_TUTOR_NO_NUMBA="1")
    done = subprocess.run([sys.executable, "-c", PLAIN_SCRIPT, str(TESTS)], env=env,
                          capture_output=True, text=True, timeout=600, check=True)
    return [tuple(x) for x in json.loads(done.stdout)]  # type: ignore[misc]


@functools.cache
def _expected(seed: int, contract: int, left: int, options: tuple[tuple[str, object], ...]
              ) -> int:
    """The kernel's value recomputed from an engine brute force (the same units)."""
    s = position(seed, contract, left, dict(options))
    v = brute_force(s)
    assert s.bidder is not None
    if s.contract in MISERES:  # the kernel counts the defenders' units still to come
        q = _query(s)
        total = kernel.units_left(q[0], q[2], q[6])
        base = (s.won_tricks if q[6] == MODE_TRICKS else s.won_points)[s.bidder]
        return total - (v - base)
    return v - s.bidder_points()  # the bidder's points still to come


def test_plain_python_path_matches_brute_force(plain_results: list[tuple[int, int]]) -> None:
    small = plain_results[:len(CASES)]
    assert [v for v, _ in small] == [_expected(s, c, n, tuple(o.items())) for s, c, n, o in CASES]


@pytest.mark.skipif(not kernel.COMPILED, reason="numba is not installed")
def test_compiled_and_plain_paths_agree_node_for_node(
        plain_results: list[tuple[int, int]]) -> None:
    """Same code, same tables, same hashing: the same values after the same number of nodes."""
    assert _run_cases(ALL_FEATURES) == plain_results


@pytest.mark.parametrize("features", [
    0, USE_TT, USE_ORDER, USE_EQUIV, USE_QUICK | USE_TT, USE_ENDGAME, USE_ENDGAME3,
    USE_ENDGAME3 | USE_EQUIV, ALL_FEATURES & ~USE_QUICK, ALL_FEATURES & ~USE_EQUIV,
    ALL_FEATURES & ~USE_ENDGAME3, USE_TT | USE_SIMILAR, ALL_FEATURES & ~USE_SIMILAR,
    ALL_FEATURES])
def test_every_technique_keeps_the_values(features: int) -> None:
    """Switching pruning techniques off changes the work, never a value."""
    for seed, contract, left, options in CASES[:10]:
        s = position(seed, contract, min(left, 11), options)
        q = _query(s)
        ws = Workspace(tt_bits=12)
        assert kernel.value(ws, *q, features=features) == _expected(
            seed, contract, min(left, 11), tuple(options.items()))


def test_sure_points_are_true_bounds() -> None:
    """At a trick's start, the sure points of either side never exceed what perfect play
    gives that side (SBS-23: a void player holding a trump must trump)."""
    checked = 0
    for seed in range(120):
        s = position(seed, 1 + 3 * (seed % 2), 9 + 3 * (seed % 4))  # Solo / Guarantee
        if s.trick:
            continue
        hands, leader, trick, trump, me, _, _ = _query(s)
        union = hands[0] | hands[1] | hands[2]
        total = kernel.units_left(hands, trick, MODE_POINTS)
        ws = Workspace(tt_bits=12)
        v = kernel.value(ws, hands, leader, trick, trump, me, me, MODE_POINTS)
        hh = ws.hh  # the container type the kernel is compiled for
        hh[0], hh[1], hh[2] = hands
        assert kernel.sure_points(*hh, leader, trump, me, union) <= v
        assert total - kernel.sure_points(*hh, leader, trump, 7 ^ me, union) >= v
        checked += 1
    assert checked >= 30


def _cards(*names: str) -> int:
    """A hand from card names such as ``"HA"`` (suits C S H D, ranks A T K Q J 9 8 7 6)."""
    return sum(1 << ("CSHD".index(n[0]) * 9 + "ATKQJ9876".index(n[1])) for n in names)


def _sure_and_value(hands: tuple[int, int, int], leader: int) -> tuple[int, int]:
    """The sure points of the bidder at position 0 (trump clubs) and the true value."""
    union = hands[0] | hands[1] | hands[2]
    ws = Workspace(tt_bits=12)
    hh = ws.hh  # the container type the kernel is compiled for
    hh[0], hh[1], hh[2] = hands
    sure = kernel.sure_points(*hh, leader, 0, 1, union)
    return sure, kernel.value(ws, hands, leader, (), 0, 1, 1, MODE_POINTS)


def test_sure_points_count_what_the_followers_must_give_up() -> None:
    """The leader's winners take a card from each follower per round: the singleton ten falls
    under the ace (SBS-23: it must follow suit), the king is then a winner, and a follower void in
    the suit led and holding no trump (SBS-23) discards point cards when it has nothing else."""
    hands = (_cards("HA", "HK", "D6"), _cards("HT", "SA", "ST"), _cards("SK", "SQ", "DA"))
    # ♥A and ♥K (15) take ♥T and ♠T from the middle hand, ♠Q and ♠K from the last (27)
    assert _sure_and_value(hands, 0) == (42, 42)


def test_sure_points_of_a_top_trump_off_lead() -> None:
    """A top trump wins the trick it is played in, so it takes a card of each other hand: the
    bidder's ♣A (trump clubs, SBS-23: the bidder void in spades must trump) takes at least the
    leader's cheapest card (♠T) and the other defender's (♣J)."""
    hands = (_cards("CA", "D6"), _cards("SA", "ST"), _cards("SK", "CJ"))
    sure, value = _sure_and_value(hands, 1)
    assert sure == 11 + 10 + 2 <= value


def test_sure_points_of_master_cards_when_the_others_hold_no_trump() -> None:
    """The bidder's one trump (♣7) and two aces, the defenders without a trump: keeping the
    trump, the bidder never has to throw an ace away (SBS-23: void, it must trump, and then it
    leads), so it takes three tricks whoever leads, and with them every card of this ending."""
    hands = (_cards("C7", "HA", "SA"), _cards("HK", "HT", "DA"), _cards("ST", "SK", "DT"))
    total = kernel.units_left(hands, (), MODE_POINTS)
    for leader in range(3):
        assert _sure_and_value(hands, leader) == (total, total)


def test_sure_points_of_trumps_the_other_side_cannot_all_beat() -> None:
    """The bidder's ♣K 7 6 against a defender's ♣A T (trump clubs): the two higher trumps can
    beat two of the three at most (SBS-24), so one trump, worth nothing at the least, surely
    takes a trick, and with it a card of each defender: at least ♦J and ♥K."""
    hands = (_cards("CK", "C7", "C6"), _cards("CA", "CT", "DJ"), _cards("HK", "HA", "HT"))
    sure, value = _sure_and_value(hands, 1)
    assert sure == 0 + 2 + 4 <= value


def test_sure_points_bound_random_endings() -> None:
    """Sure points never promise more than perfect play gives (SBS-23, SBS-24), on 400 random
    endings of two to five tricks: random cards, trump, leader and bidder, either side; the
    value is searched with the sure points switched off."""
    rng = random.Random(7)
    ws = Workspace(tt_bits=12)
    for _ in range(400):
        tricks = rng.randint(2, 5)
        cards = rng.sample(range(36), 3 * tricks)
        hands = tuple(sum(1 << c for c in cards[k::3]) for k in range(3))
        trump, leader, me = rng.randrange(4), rng.randrange(3), 1 << rng.randrange(3)
        union = hands[0] | hands[1] | hands[2]
        v = kernel.value(ws, hands, leader, (), trump, me, me, MODE_POINTS,
                         features=ALL_FEATURES & ~USE_QUICK)
        hh = ws.hh
        hh[0], hh[1], hh[2] = hands
        assert kernel.sure_points(*hh, leader, trump, me, union) <= v, (hands, leader, trump)
        total = kernel.units_left(hands, (), MODE_POINTS)
        assert total - kernel.sure_points(*hh, leader, trump, 7 ^ me, union) >= v


def test_table_survives_across_queries_and_contexts() -> None:
    """One workspace serves different targets, contexts and deals without stale answers."""
    ws = Workspace(tt_bits=10)  # a small table: many replacements
    for seed, contract, left, options in CASES:
        s = position(seed, contract, left, options)
        q = _query(s)
        assert kernel.value(ws, *q) == _expected(seed, contract, left, tuple(options.items()))


@pytest.mark.parametrize("guess", [-1, 0, 200])
def test_bisection_and_mtdf_keep_the_values(guess: int) -> None:
    """How the zero-window tests close in (halving the bracket, or plain MTD(f) stepping past
    each bound) and the first guess change the tests asked, never the value."""
    for seed, contract, left, options in CASES + BIG_CASES[:4]:
        q = _query(position(seed, contract, left, options))
        plain = kernel.value(Workspace(tt_bits=12), *q, bisect=False)
        assert kernel.value(Workspace(tt_bits=12), *q, guess=guess) == plain
        assert kernel.value(Workspace(tt_bits=12), *q, guess=guess, bisect=False) == plain


def test_one_bucket_table_keeps_the_values() -> None:
    """A table of a single bucket (TT_WAYS entries, constant replacement) stays exact."""
    for seed, contract, left, options in CASES[:8]:
        q = _query(position(seed, contract, left, options))
        ws = Workspace(tt_bits=kernel.TT_WAYS.bit_length() - 1)
        assert kernel.value(ws, *q) == _expected(seed, contract, left, tuple(options.items()))


def _ending(seed: int, cards: int) -> tuple[int, tuple[tuple[int, int, int], int,
                                                       tuple[int, ...], int, int, int, int]]:
    """A random ending at a trick's start with ``cards`` cards left, its contract (every one,
    and the misère counting card points for one seed in four) chosen by the seed: the exact
    value by the engine's brute force, and the kernel's question."""
    contract = 1 + seed % 6
    options: dict[str, object] = {"misere": "no_card_points"} if seed % 4 == 3 else {}
    s = position(seed, contract, cards, options)
    assert not s.trick
    return _expected(seed, contract, cards, tuple(options.items())), _query(s)


@pytest.mark.parametrize("seed", range(24))
def test_three_trick_endgame_is_fail_soft_alpha_beta(seed: int) -> None:
    """The flat three-trick routine against brute force on random last-three-trick endings of
    every contract: inside the window the exact value, outside it a true bound on the right
    side, whatever the window, the first lead tried and rank equivalence on or off."""
    exact, (hands, leader, _, trump, mx, cnt, mode) = _ending(300 + seed, 9)
    hh = Workspace(tt_bits=4).hh
    hh[0], hh[1], hh[2] = hands
    total = kernel.units_left(hands, (), mode)
    windows = [(-1, total + 1), (exact - 1, exact), (exact, exact + 1), (exact - 5, exact + 3),
               (exact + 2, exact + 9), (exact - 9, exact - 2)]
    firsts = [-1] + [c for c in range(36) if hands[leader] >> c & 1]
    for a, b in windows:
        for first in firsts:
            for equiv in (False, True):
                v, lead = kernel.three_tricks(*hh, leader, trump, mx, cnt, mode, a, b, equiv,
                                              first)
                assert hands[leader] >> lead & 1
                if v <= a:
                    assert exact <= v
                elif v >= b:
                    assert exact >= v
                else:
                    assert v == exact
    assert tuple(hh) == hands  # the hands are left as they were


@pytest.mark.parametrize("seed", range(24))
def test_two_trick_endgame_matches_brute_force(seed: int) -> None:
    """The two-trick minimax, which works out each follower's legal card itself (SBS-23:
    follow suit, else trump, else anything) and the tricks' winners (SBS-24), against the
    engine's brute force on random last-two-trick endings of every contract and unit, from
    each of the three positions on lead."""
    exact, (hands, leader, _, trump, mx, cnt, mode) = _ending(700 + seed, 6)
    assert kernel.two_tricks(*hands, leader, trump, mx, cnt, mode) == exact


def test_two_trick_endgame_matches_the_node_search_on_random_endings() -> None:
    """The two-trick minimax against the general node search (which takes its legal cards
    from :func:`legal_mask`, SBS-23) on 3000 random endings: any trump or none, any leader,
    either unit, any maximiser and counted side. Random endings put voids and trumps where
    dealt positions rarely do, so every follower's rule is met."""
    rng = random.Random(11)
    ws = Workspace(tt_bits=4)
    no_endgame = ALL_FEATURES & ~USE_ENDGAME & ~USE_QUICK
    for _ in range(3000):
        cards = rng.sample(range(36), 6)
        hands = ((1 << cards[0]) | (1 << cards[1]), (1 << cards[2]) | (1 << cards[3]),
                 (1 << cards[4]) | (1 << cards[5]))
        leader = rng.randrange(3)
        trump = rng.randrange(-1, 4)
        mode = rng.choice((MODE_POINTS, MODE_TRICKS))
        mx = rng.randrange(1, 7)
        cnt = mx if rng.random() < .5 else 7 ^ mx
        ws.clear()
        want = kernel.run(ws, hands, leader, (), trump, mx, cnt, mode, -1, 200,
                          features=no_endgame)
        assert kernel.two_tricks(*hands, leader, trump, mx, cnt, mode) == want, (hands, leader)


def test_lowest_card_of_a_mask() -> None:
    """The first card of a mask in deck order (suit by suit, the ace first), on the compiled
    path and the plain one alike; -1 for no card."""
    rng = random.Random(7)
    masks = [0, 1, 1 << 35, (1 << 9) | (1 << 30)] + [rng.getrandbits(36) for _ in range(200)]
    for m in masks:
        want = min((c for c in range(36) if m >> c & 1), default=-1)
        assert kernel._low_card(m) == want
        assert kernel._low_card_py(m) == want


# (seed, contract, cards left, options) for the run tests: every contract, mid-trick starts, and
# the misères under both options (tricks, or card points, SBS-V1)
RUN_CASES = [(500 + s, 1 + s % 6, 10 + s % 4, {"misere": "no_card_points"} if s % 6 in (2, 4)
              and s // 6 % 2 == 1 else {}) for s in range(60)]


@pytest.mark.parametrize("case", RUN_CASES, ids=lambda c: f"seed{c[0]}-c{c[1]}-{c[2]}")
def test_a_card_left_out_of_its_run_is_never_better(
        case: tuple[int, int, int, dict[str, object]]) -> None:
    """Rank equivalence and point dominance (``_run_skip``): every card the search leaves out
    has a card of its run (same hand and suit, no other live card between) that is searched
    and at least as good for the player to move, by brute force over the whole ending."""
    seed, contract, left, options = case
    s = position(seed, contract, left, options)
    hands, leader, trick, trump, mx, cnt, mode = _query(s)
    p = (leader + len(trick)) % 3
    live = hands[0] | hands[1] | hands[2]
    for c in trick:
        live |= 1 << c
    t0 = trick[0] if trick else -1
    t1 = trick[1] if len(trick) > 1 else -1
    legal = kernel.legal_mask(hands[p], len(trick), t0, trump)
    cards = [c for c in range(36) if legal >> c & 1]
    skipped = {c for c in cards if kernel._run_skip(
        c, hands[p], live, mode, p, len(trick), t0, t1, leader, hands[(p + 1) % 3],
        hands[(p + 2) % 3], trump, mx, cnt)}
    assert len(skipped) < len(cards)
    if not skipped:
        return
    values = brute_force_children(s)  # the bidder's final units after each card
    bidder_maximises = s.contract not in MISERES
    mover_maximises = bidder_maximises == (s.to_move == s.bidder)

    def at_least_as_good(a: int, b: int) -> bool:
        return values[a] >= values[b] if mover_maximises else values[a] <= values[b]

    def same_run(a: int, b: int) -> bool:
        lo, hi = min(a, b), max(a, b)
        between = ((1 << hi) - (1 << (lo + 1)))
        return a // 9 == b // 9 and not live & between & ~hands[p]

    for c in skipped:
        kept = [k for k in cards if k not in skipped and same_run(c, k)]
        assert any(at_least_as_good(k, c) for k in kept), (c, kept, values)


def test_point_dominance_keeps_the_values_against_brute_force() -> None:
    """The search with rank equivalence and point dominance alone (no table, no other
    pruning) gives the brute-force value on endings of every contract, some mid-trick."""
    for seed, contract, left, options in RUN_CASES:
        q = _query(position(seed, contract, left, options))
        ws = Workspace(tt_bits=4)
        assert kernel.value(ws, *q, features=USE_EQUIV) == _expected(
            seed, contract, left, tuple(options.items()))


def _relabel(hands: tuple[int, int, int], ranks: list[list[int]]) -> tuple[int, int, int]:
    """The same hands with the k-th highest live card of suit s moved to rank ranks[s][k]."""
    union = hands[0] | hands[1] | hands[2]
    out = [0, 0, 0]
    for s in range(4):
        live = [r for r in range(9) if union >> (9 * s + r) & 1]
        assert len(live) == len(ranks[s])
        for r, new in zip(live, sorted(ranks[s]), strict=True):
            for p in range(3):
                if hands[p] >> (9 * s + r) & 1:
                    out[p] |= 1 << (9 * s + new)
    return out[0], out[1], out[2]


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(2, 5), st.integers(-1, 3),
       st.integers(0, 2), st.integers(0, 2))
def test_similar_positions_bound_each_other(rng, tricks: int, trump: int, leader: int,
                                            bidder: int) -> None:
    """Payoff-similarity, the ground of USE_SIMILAR: two positions whose hands hold the same
    relative ranks differ in value by no more than ``similar_gaps`` says (SBS-3, SBS-23,
    SBS-24), whoever leads and whatever the trump. Values from the search without it."""
    deck = rng.sample(range(36), 3 * tricks)
    hands = (sum(1 << c for c in deck[:tricks]), sum(1 << c for c in deck[tricks:2 * tricks]),
             sum(1 << c for c in deck[2 * tricks:]))
    union = hands[0] | hands[1] | hands[2]
    ranks = [sorted(rng.sample(range(9), bin(union >> (9 * s) & 511).count("1")))
             for s in range(4)]
    other = _relabel(hands, ranks)
    me = 1 << bidder
    plain = ALL_FEATURES & ~USE_SIMILAR
    v = kernel.value(Workspace(tt_bits=12), hands, leader, (), trump, me, me, MODE_POINTS,
                     features=plain)
    w = kernel.value(Workspace(tt_bits=12), other, leader, (), trump, me, me, MODE_POINTS,
                     features=plain)
    down, up = kernel.similar_gaps(kernel.signature(union),
                                   kernel.signature(other[0] | other[1] | other[2]))
    assert v - down <= w <= v + up


def test_a_search_does_not_depend_on_what_the_workspace_searched_before() -> None:
    """The killer leads start empty in every standalone test and exact value, so the nodes of
    a search depend on its position alone (they once carried over from the last search)."""
    first = _query(position(*BIG_CASES[0][:3], BIG_CASES[0][3]))
    other = _query(position(*BIG_CASES[1][:3], BIG_CASES[1][3]))
    counts = []
    for before in (None, other):
        ws = Workspace(tt_bits=14)
        if before is not None:
            kernel.value(ws, *before)
        ws.clear()
        ws.reset_stats()
        v = kernel.value(ws, *first)
        exact_nodes = ws.nodes
        ws.clear()
        ws.reset_stats()
        kernel.run(ws, *first, v, v + 1)
        counts.append((exact_nodes, ws.nodes))
    assert counts[0] == counts[1]
