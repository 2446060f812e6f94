"""Sixty-Six's exact endgame (tutor/games/sixty_six/solver.py over tutor/solver/alphabeta.py),
held to a brute-force minimax written on the engine alone: every legal action tried, claims
included, no table, no pruning, no shortcut.

The positions come from seeded random play to the point where the stock is exhausted or closed,
under every option that changes the endgame (marriages after a close, claiming with a marriage,
follow-only, the carried point)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.errors import IllegalActionError
from tutor.games.sixty_six import solver
from tutor.games.sixty_six.rules import CLAIM, CLOSE, DRAW, SixtySix, SixtySixState
from tutor.solver.alphabeta import AlphaBeta

OPTION_SETS = [
    {},
    {"marriages_after_close": True, "claim_by_marriage": True},
    {"phase2": "follow_only", "no_claim": "carry_one_point"},
    {"claim_by_marriage": True, "no_claim": "carry_one_point"},
]


def brute(state: SixtySixState) -> int:
    """Seat 0's game points less seat 1's with best play by both: every legal action."""
    if state.is_terminal():
        assert state.points is not None
        return state.points[0] - state.points[1]
    maximise = state.to_move == 0
    values = []
    for a in state.legal_actions():
        state.apply_unchecked(a)
        values.append(brute(state))
        state.undo()
    return max(values) if maximise else min(values)


def for_mover(state: SixtySixState, value: int) -> int:
    return value if state.to_move == 0 else -value


def endgame(options: dict[str, object], seed: int, close: bool, extra: int = 0
            ) -> SixtySixState | None:
    """A seeded random deal played until the stock is closed (``close``) or exhausted, then
    ``extra`` more random actions (no claims): None if it ended first."""
    rng = random.Random(seed)
    state = SixtySix(options).new_deal(rng, dealer=seed % 2)
    while not state.is_terminal() and state.stock_open:
        legal = state.legal_actions()
        if close and CLOSE in legal and rng.random() < 0.25:
            state.apply(CLOSE)
        elif DRAW in legal:
            state.apply(DRAW)
        else:
            state.apply(rng.choice([a for a in legal if a > CLOSE]))
    for _ in range(extra):
        if state.is_terminal():
            break
        state.apply(rng.choice([a for a in state.legal_actions() if a > CLOSE]
                               or state.legal_actions()))
    return None if state.is_terminal() else state


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), options=st.sampled_from(OPTION_SETS), close=st.booleans(),
       extra=st.integers(2, 8))
def test_SS_13b_solve_matches_brute_force(seed: int, options: dict[str, object], close: bool,
                                          extra: int) -> None:
    state = endgame(options, seed, close, extra)
    if state is None:
        return
    key = state.key()
    assert solver.solve(state) == for_mover(state, brute(state))
    values = solver.card_values(state)
    assert set(values) == set(state.legal_actions())
    mover = state.to_move
    for a, v in values.items():
        state.apply_unchecked(a)
        after = brute(state)
        state.undo()
        assert v == (after if mover == 0 else -after)
    assert max(values.values()) == solver.solve(state)
    assert state.key() == key  # the search leaves the state as it found it


@pytest.mark.rule("SS-11", "SS-12", "SS-14")
@pytest.mark.parametrize("options", OPTION_SETS)
def test_SS_14_whole_endgames_match_brute_force(options: dict[str, object]) -> None:
    """From the first lead after the stock ran out or was closed, every seeded position."""
    checked = 0
    for seed in range(8):
        state = endgame(options, 1000 + seed, close=seed % 2 == 0, extra=2 * (seed % 3 > 0))
        if state is None:
            continue
        assert solver.solve(state) == for_mover(state, brute(state))
        checked += 1
    assert checked >= 5


@pytest.mark.rule("SS-13a")
def test_SS_13a_a_right_claim_is_taken_and_a_wrong_one_is_searched() -> None:
    """The search's shortcut — a player on lead at 66 claims — is exact (the brute force above
    tries every continuation, and here the claim is the best action); a wrong claim is a move
    like any other, worth what SS-13b/SS-14 give the other player."""
    claims = wrong = 0
    for seed in range(300):
        state = endgame({}, seed, close=seed % 3 == 0, extra=seed % 7)
        if state is None or state.step != "lead":
            continue
        seat = state.to_move
        assert seat is not None
        values = solver.card_values(state)
        if state.total(seat) >= 66:
            claims += 1
            assert values[CLAIM] == max(values.values()) == solver.solve(state)
        else:
            wrong += 1
            assert values[CLAIM] in (-2, -3) and values[CLAIM] <= max(values.values())
    assert claims >= 5 and wrong >= 5


@pytest.mark.rule("SS-10")
def test_SS_10_the_solver_refuses_an_open_stock() -> None:
    state = SixtySix().new_deal(4)
    with pytest.raises(IllegalActionError, match="SS-10"):
        solver.solve(state)
    with pytest.raises(IllegalActionError, match="SS-10"):
        solver.card_values(state)
    # a world the PIMC bot drew itself may be searched with the stock open
    rng = random.Random(4)
    while len(state.tricks) < 5 or state.step != "lead":
        legal = state.legal_actions()
        state.apply(DRAW if DRAW in legal else rng.choice([a for a in legal if a > CLOSE]))
    values = solver.world_values(state)
    assert max(values.values()) == solver.world_value(state)
    assert values[CLOSE] == _close_then_solve(state)


def _close_then_solve(state: SixtySixState) -> int:
    state.apply(CLOSE)
    v = solver.solve(state)  # the closer is still on lead: its own value
    state.undo()
    return v


def test_the_table_is_reused_and_can_be_cleared() -> None:
    state = endgame({}, 77, close=False)
    assert state is not None
    search = solver.searcher(state)
    search.clear()
    first = solver.solve(state)
    nodes = search.nodes
    assert solver.solve(state) == first and search.nodes == nodes + 1  # the table answers
    fresh: AlphaBeta[SixtySixState] = AlphaBeta(solver.RULES)
    assert for_mover(state, fresh.value(state)) == first
