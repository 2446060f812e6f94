"""The double-dummy solver against an independent brute-force minimax on small endings of
seeded deals — every contract, the misère options, 4 players, mid-trick positions — and its
own promises: analyse agrees with solve, reaches with solve, the state is never changed."""

from __future__ import annotations

import random

import pytest
from solver_cases import brute_force, brute_force_children, position, strong_bidder_deal

from tutor.errors import IllegalActionError
from tutor.games.six_bid_solo.rules import MISERES, SixBidSolo, SixBidSoloState
from tutor.solver import search

CONTRACT_IDS = range(1, 7)
OPTIONS = [{}, {"misere": "no_card_points"}, {"players": 4}, {"solo_trump": "any"},
           {"players": 5, "call_solo_order": "trump_first"}]


def _cases(n: int, lo: int, hi: int) -> list[tuple[int, int, int, dict[str, object]]]:
    rng = random.Random(2024)
    out = []
    for seed in range(n):
        contract = CONTRACT_IDS[seed % 6]
        out.append((seed, contract, rng.randint(lo, hi), OPTIONS[rng.randrange(len(OPTIONS))]))
    return out


def _maximises(s: SixBidSoloState) -> bool:
    return (s.to_move == s.bidder) != (s.contract in MISERES)


@pytest.mark.rule("SBS-12", "SBS-22", "SBS-23", "SBS-24", "SBS-V1")
@pytest.mark.parametrize(("seed", "contract", "left", "options"), _cases(60, 3, 9))
def test_solve_equals_brute_force(seed: int, contract: int, left: int,
                                  options: dict[str, object]) -> None:
    s = position(seed, contract, left, options)
    assert search.solve(s) == brute_force(s)


@pytest.mark.parametrize(("seed", "contract", "left", "options"), _cases(24, 4, 11))
def test_analyse_equals_brute_force_children(seed: int, contract: int, left: int,
                                             options: dict[str, object]) -> None:
    s = position(seed + 1000, contract, left, options)
    assert search.analyse(s) == brute_force_children(s)


@pytest.mark.parametrize("contract", CONTRACT_IDS)
def test_every_contract_mid_trick(contract: int) -> None:
    """Positions with one and with two cards in the trick, in every contract."""
    seen = set()
    for seed in range(40):
        s = position(seed, contract, 10 + seed % 3)
        seen.add(len(s.trick))
        assert search.solve(s) == brute_force(s)
    assert seen == {0, 1, 2}


@pytest.mark.parametrize(("seed", "contract", "left", "options"), _cases(30, 6, 15))
def test_analyse_best_card_is_solve_and_reaches_brackets_it(
        seed: int, contract: int, left: int, options: dict[str, object]) -> None:
    s = position(seed + 2000, contract, left, options)
    v = search.solve(s)
    values = search.analyse(s)
    assert set(values) == set(s.legal_actions())
    assert (max if _maximises(s) else min)(values.values()) == v
    assert search.reaches(s, v)
    assert not search.reaches(s, v + 1)
    assert search.reaches(s, v - 7)


@pytest.mark.rule("SBS-V1")
@pytest.mark.parametrize("seed", range(30))
def test_misere_queries(seed: int) -> None:
    """bidder_wins_no_trick / takes_no_card_points against brute force, with and without the
    no_card_points option, in Misère and Spread Misère."""
    contract = (3, 5)[seed % 2]
    for options in ({}, {"misere": "no_card_points"}):
        s = position(seed, contract, 5 + seed % 7, options)
        v = brute_force(s)
        if options:
            assert search.takes_no_card_points(s) == (v == 0)
        else:
            assert search.bidder_wins_no_trick(s) == (v == 0)


@pytest.mark.rule("SBS-V1")
def test_misere_queries_under_a_trump() -> None:
    """The yes/no misère queries use the state's trump: under a Solo they still match brute
    force on "the bidder takes no trick / no card point"."""
    checked = 0
    for seed in range(80):
        s = position(seed, 1, 12)
        assert s.bidder is not None
        if s.won_tricks[s.bidder] or s.won_points[s.bidder]:
            continue
        pos = search.position_of(s)
        assert pos.trump == s.trump >= 0
        # brute force over the remaining play: can the bidder lose every trick / point?
        assert search.bidder_wins_no_trick(s) == _can_avoid(s, tricks=True)
        assert search.takes_no_card_points(s) == _can_avoid(s, tricks=False)
        checked += 1
    assert checked >= 5


def _can_avoid(s: SixBidSoloState, tricks: bool) -> bool:
    assert s.bidder is not None
    got = s.won_tricks[s.bidder] if tricks else s.won_points[s.bidder]
    if got:
        return False
    if s.is_terminal():
        return True
    results = []
    for card in s.legal_actions():
        s.apply_unchecked(card)
        results.append(_can_avoid(s, tricks))
        s.undo()
    return any(results) if s.to_move == s.bidder else all(results)


def test_solve_never_changes_the_state() -> None:
    for seed in range(6):
        s = position(seed, 1 + seed % 6, 12 + seed)
        before = s.key()
        search.solve(s)
        search.analyse(s)
        search.reaches(s, 40)
        search.bidder_wins_no_trick(s)
        search.takes_no_card_points(s)
        assert s.key() == before


def test_full_deal_line_is_consistent() -> None:
    """On a full deal, every position along a line of best play has the value of its best
    child, and the line ends with that value: solve and analyse agree with the rules."""
    s = strong_bidder_deal(3)
    v = search.solve(s)
    rng = random.Random(3)
    while s.phase == "play":
        values = search.analyse(s)
        best = (max if _maximises(s) else min)(values.values())
        assert best == v
        s.apply(rng.choice([c for c, x in values.items() if x == best]))
        v = best
    assert s.bidder_points() == v


def test_position_values_count_what_is_left() -> None:
    s = position(7, 1, 9)
    pos = search.position_of(s)
    assert s.bidder is not None
    points = search.max_points(pos)
    assert search.solve(s) == s.bidder_points() + points
    assert search.reaches_points(pos, points)
    assert not search.reaches_points(pos, points + 1)
    m = position(7, 3, 9)
    mpos = search.position_of(m)
    assert m.bidder is not None
    assert search.solve(m) == m.won_tricks[m.bidder] + search.min_tricks(mpos)
    assert search.avoids_tricks(mpos) == (search.min_tricks(mpos) == 0)
    assert search.avoids_card_points(mpos) == (search.min_card_points(mpos) == 0)


@pytest.mark.rule("SBS-22", "SBS-25")
def test_not_in_the_play_is_an_error_naming_the_rule() -> None:
    s = SixBidSolo().new_deal(1)
    with pytest.raises(IllegalActionError) as e:
        search.solve(s)
    assert e.value.rule == "SBS-22"
    done = position(1, 1, 3)
    while done.phase == "play":
        done.apply(done.legal_actions()[0])
    with pytest.raises(IllegalActionError) as e:
        search.analyse(done)
    assert e.value.rule == "SBS-25"


def test_position_rejects_impossible_hands() -> None:
    with pytest.raises(IllegalActionError):
        search.Position(hands=(1, 1, 2), leader=0, trick=(), bidder=0, trump=0)
    with pytest.raises(IllegalActionError):
        search.Position(hands=(1, 2, 0), leader=0, trick=(), bidder=0, trump=0)
