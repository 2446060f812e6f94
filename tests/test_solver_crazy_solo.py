"""The exact search of the last tricks at any table size (``tutor/solver/endgame.py``) and the
playouts before it (``tutor/solver/rollout.py``), on Crazy Solo deals of 4, 5 and 8 players:
the search against a brute-force minimax written on the engine alone, its promises (the value
depends on the world's cards and sides only: not on what the table searched before, not on which
plain suit is which), and the playouts' legality and bounds."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.errors import IllegalActionError
from tutor.games.crazy_solo.rules import CrazySolo, CrazySoloState
from tutor.games.tapp import DONE, PASS, PLAY
from tutor.solver import endgame, rollout
from tutor.solver.endgame import Endgame


def crazy_position(seed: int, players: int, left: int) -> CrazySoloState:
    """A seeded Crazy Solo deal: a seeded contract by the leader, the others passing, a random
    declaration (trump, called card), then random cards until ``left`` cards remain in hands."""
    rng = random.Random(seed)
    s = CrazySolo({"players": players}).new_deal(rng, dealer=rng.randrange(players))
    s.apply(rng.choice(s.legal_actions()[1:]))
    while s.phase == "auction":
        s.apply(PASS)
    while s.phase == "declare":
        s.apply(rng.choice(s.legal_actions()))
    while sum(h.bit_count() for h in s.hands) > left:
        s.apply(rng.choice(s.legal_actions()))
    assert s.phase == PLAY
    return s


def brute_force(s: CrazySoloState, side: tuple[int, ...]) -> int:
    """Plain minimax over the engine's legal cards, no pruning, no table: ``side`` maximises the
    card points it ends the deal with (CS-10, CS-11), everyone else minimises them."""
    if s.phase == DONE:
        return sum(s.won_points[x] for x in side)
    values = []
    for c in s.legal_actions():
        s.apply_unchecked(c)
        values.append(brute_force(s, side))
        s.undo()
    return max(values) if s.to_move in side else min(values)


CASES = [(seed, players, left) for players, lefts in ((4, (5, 9, 13)), (5, (7, 11, 14)),
                                                      (8, (7, 13, 19)))
         for left in lefts for seed in range(4)]


@pytest.mark.rule("CS-9", "CS-10", "CS-11")
@pytest.mark.parametrize(("seed", "players", "left"), CASES)
def test_solve_equals_brute_force(seed: int, players: int, left: int) -> None:
    s = crazy_position(seed, players, left)
    assert endgame.solve(s, s.soloists) == brute_force(s, s.soloists)
    gang = s.defenders  # the other side's view of the same game: it maximises its own points
    assert endgame.solve(s, gang) == brute_force(s, gang)


@pytest.mark.parametrize(("seed", "players", "left"),
                         [(seed, p, left) for p, left in ((4, 9), (5, 9), (8, 11))
                          for seed in range(3)])
def test_analyse_equals_brute_force_children(seed: int, players: int, left: int) -> None:
    s = crazy_position(100 + seed, players, left)
    side = s.soloists
    want = {}
    for c in s.legal_actions():
        s.apply_unchecked(c)
        want[c] = brute_force(s, side)
        s.undo()
    assert endgame.analyse(s, side) == want
    assert endgame.solve(s, side) == (max if s.to_move in side else min)(want.values())


def test_the_search_changes_nothing_and_counts_nodes() -> None:
    s = crazy_position(7, 4, 14)
    before = s.key()
    ws = endgame.workspace()
    n0 = ws.nodes
    endgame.analyse(s, s.soloists)
    assert s.key() == before
    assert ws.nodes > n0


def _swap_suits(mask: int, a: int, b: int) -> int:
    """``mask`` with suits ``a`` and ``b`` exchanged rank for rank."""
    pa, pb = (mask >> (9 * a)) & 0x1FF, (mask >> (9 * b)) & 0x1FF
    mask &= ~((0x1FF << (9 * a)) | (0x1FF << (9 * b)))
    return mask | pb << (9 * a) | pa << (9 * b)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([4, 5, 6, 8]),
       tricks=st.integers(2, 3), suits=st.permutations([0, 1, 2, 3]))
def test_value_depends_on_the_world_only(seed: int, players: int, tricks: int,
                                         suits: list[int]) -> None:
    """The same world gives the same value whatever the table searched before (other worlds,
    the same world from another seat's side), and renaming the plain suits changes nothing."""
    s = crazy_position(seed, players, tricks * players)
    pos = endgame.position_of(s, s.soloists)
    fresh = endgame.value(pos, endgame.Workspace())
    ws = endgame.Workspace()
    for other in range(3):  # other worlds first, in the same table
        o = crazy_position(seed + other + 1, players, tricks * players)
        endgame.value(endgame.position_of(o, o.soloists), ws)
        endgame.value(endgame.position_of(o, o.defenders), ws)
    assert endgame.value(pos, ws) == fresh
    # rename the suits other than trump among themselves
    plain = [x for x in suits if x != pos.trump]
    order = sorted(plain)
    renamed = pos
    for a, b in zip(order, plain, strict=True):
        if a < b:
            renamed = Endgame(tuple(_swap_suits(h, a, b) for h in renamed.hands), renamed.leader,
                              tuple(_swap_card(c, a, b) for c in renamed.trick), renamed.trump,
                              renamed.side)
    assert endgame.value(renamed, endgame.Workspace()) == fresh


def _swap_card(c: int, a: int, b: int) -> int:
    s = c // 9
    return c + 9 * (b - a) if s == a else c + 9 * (a - b) if s == b else c


def test_both_sides_share_the_points() -> None:
    """What the soloists do not take, the gang takes: the two values of one position add up."""
    for seed in range(6):
        s = crazy_position(seed, 5, 15)
        pos = endgame.position_of(s, s.soloists)
        other = Endgame(pos.hands, pos.leader, pos.trick, pos.trump,
                        ((1 << len(pos.hands)) - 1) ^ pos.side)
        assert endgame.value(pos) + endgame.value(other) == pos.points_left()


def test_positions_are_checked() -> None:
    with pytest.raises(IllegalActionError, match="CS-1"):
        Endgame((0b11, 0b110, 0b11000, 0b1100000), 0, (), 0, 1)
    with pytest.raises(IllegalActionError, match="CS-10"):
        Endgame((0b11, 0b1100, 0b110000, 0b1000000), 0, (), 0, 1)
    Endgame((0b1, 0b1100, 0b110000, 0b11000000), 0, (1,), 0, 1)  # position 0 played
    with pytest.raises(IllegalActionError, match="CS-9"):
        Endgame((0b11, 0b1100, 0b110000, 0b11000000), 0, (), 0, 1 << 4)
    s = crazy_position(1, 4, 36)
    s2 = s.copy()
    while s2.phase != DONE:
        s2.apply(s2.legal_actions()[0])
    with pytest.raises(IllegalActionError, match="CS-10"):
        endgame.solve(s2, s2.soloists)


# --- playouts -----------------------------------------------------------------------------------
@pytest.mark.parametrize("policy", sorted(rollout.POLICIES))
@pytest.mark.parametrize("players", [4, 5, 8, 12])
def test_playouts_play_legal_cards_and_count_like_the_engine(policy: str, players: int) -> None:
    """A policy driven card by card through the engine's checked ``apply`` ends with the points
    its playout counts, from the first lead and mid-trick."""
    for seed in range(3):
        s = crazy_position(seed, players, players * (s_hand := 36 // players) - seed % 2)
        assert s_hand >= 3
        side = s.soloists
        start = endgame.position_of(s, side)
        counted = rollout.playout(start, random.Random(seed), policy)
        rng = random.Random(seed)
        base = sum(s.won_points[x] for x in side)
        while s.phase == PLAY:
            s.apply(rollout.choose(endgame.position_of(s, side), rng, policy))
        assert sum(s.won_points[x] for x in side) - base == counted


def test_playout_values_are_exact_in_the_last_trick_and_bounded_before() -> None:
    for seed in range(5):
        s = crazy_position(seed, 4, 4 - seed % 3)  # the last trick: every card forced
        pos = endgame.position_of(s, s.soloists)
        assert rollout.values_after(pos, random.Random(0)) == {
            c: float(v) for c, v in endgame.values_after(pos).items()}
        s = crazy_position(seed, 8, 24)
        pos = endgame.position_of(s, s.soloists)
        values = rollout.values_after(pos, random.Random(seed), playouts=3, policy="random")
        exact = endgame.values_after(pos)
        assert values.keys() == exact.keys()
        assert all(0 <= v <= pos.points_left() for v in values.values())
    with pytest.raises(IllegalActionError, match="CS-10"):
        rollout.playout(pos, random.Random(0), "clever")


def test_greedy_playouts_smear_only_on_a_sure_trick() -> None:
    """The greedy policy's first thoughts: a gang member with no spade and no trump smears its
    ace on a trick the gang surely wins, and throws its cheapest card when a soloist after it
    could still ruff."""
    sp, he, di = 9, 18, 27  # first card of ♠, ♥, ♦ (A 10 K Q J 9 8 7 6 = ranks 0..8)
    # position 0 (soloist) led 9♠, position 1 (gang) took it with A♠; position 2 to play
    hands = (1 << (sp + 7), 1 << 0, (1 << he) | (1 << (he + 2)), (1 << (sp + 8)) | (1 << 3))
    trick = (sp + 5, sp + 0)
    sure = Endgame(hands, 0, trick, 3, 0b0001)
    assert rollout.choose(sure, random.Random(0)) == he  # A♥ smeared
    ruff = Endgame((*hands[:3], (1 << (di + 8)) | (1 << 3)), 0, trick, 3, 0b1001)
    assert rollout.choose(ruff, random.Random(0)) == he + 2  # K♥: position 3 may ruff with 6♦
