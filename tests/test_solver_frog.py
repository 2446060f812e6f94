"""Frog through the double-dummy solver (``tutor/games/frog/solver.py``): the Frog bid, Chico and
Grand against the brute-force minimax of ``solver_cases`` on small endings, lines of best play
played out by the engine, the discard's and the widow's points, settlement, and
``tutor.solve`` / ``python -m tutor solve`` on Frog records."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from solver_cases import brute_force, brute_force_children, frog_position

import tutor
from tutor.engine.record import record_of, state_of
from tutor.errors import RecordError
from tutor.games.frog.rules import CHICO, DISCARD_BASE, FROG, GRAND, Frog, FrogState
from tutor.games.frog.solver import SOLVER
from tutor.games.tapp import CALL_BASE, CARD_TEXT, HEARTS, PASS, mask_points
from tutor.solver import games, search
from tutor.solver.api import solve

CONTRACTS = (FROG, CHICO, GRAND)
OPTIONS = [{}, {"players": 4}, {"chico_trump": "any"}, {"auction": "single_round"},
           {"players": 5, "five_player_margin_exception": True, "grand_multiplier": 3}]


def _cases(n: int, lo: int, hi: int) -> list[tuple[int, int, int, dict[str, object]]]:
    rng = random.Random(17)
    return [(seed, CONTRACTS[seed % 3], rng.randint(lo, hi), OPTIONS[rng.randrange(len(OPTIONS))])
            for seed in range(n)]


@pytest.mark.rule("FR-1", "FR-2", "FR-3")
@pytest.mark.parametrize(("seed", "contract", "left", "options"), _cases(45, 3, 9))
def test_solve_equals_brute_force(seed: int, contract: int, left: int,
                                  options: dict[str, object]) -> None:
    s = frog_position(seed, contract, left, options)
    assert search.solve(s) == brute_force(s)


@pytest.mark.parametrize(("seed", "contract", "left", "options"), _cases(18, 4, 10))
def test_analyse_equals_brute_force_children(seed: int, contract: int, left: int,
                                             options: dict[str, object]) -> None:
    s = frog_position(seed + 500, contract, left, options)
    assert search.analyse(s) == brute_force_children(s)


@pytest.mark.parametrize("contract", CONTRACTS)
def test_every_contract_mid_trick_and_reaches(contract: int) -> None:
    """Positions with none, one and two cards in the trick; ``reaches`` brackets the value."""
    seen = set()
    for seed in range(30):
        s = frog_position(seed, contract, 9 + seed % 3)
        seen.add(len(s.trick))
        v = search.solve(s)
        assert v == brute_force(s)
        assert search.reaches(s, v) and not search.reaches(s, v + 1)
    assert seen == {0, 1, 2}


@pytest.mark.rule("FR-1", "FR-2")
def test_the_discard_and_the_widow_count_for_the_bidder_out_of_play() -> None:
    """At the first lead the bidder already has the discard's points (Frog) or the widow's
    (Chico, Grand), and those cards are in no hand the search plays."""
    for seed in range(12):
        for contract in CONTRACTS:
            s = frog_position(seed, contract, 33)
            q = search.question(s)
            laid_away = s.discarded if contract == FROG else s.widow
            assert q.base == mask_points(laid_away) and q.bidder_max and q.unit == "points"
            assert q.trump == (s.trump if contract == CHICO else HEARTS)
            pos = search.position_of(s)
            assert not (pos.hands[0] | pos.hands[1] | pos.hands[2]) & laid_away
            assert sum(h.bit_count() for h in pos.hands) == 33


@pytest.mark.rule("FR-1", "FR-4", "FR-5")
@pytest.mark.parametrize("options", OPTIONS)
def test_a_line_of_best_play_ends_with_the_value_and_its_chips(options: dict[str, object]
                                                                ) -> None:
    """From trick 4 on, the engine plays a line of best play (a best card by ``analyse`` at
    every turn): every position keeps the value, the deal ends with P equal to it, and the
    adapter's chips and ``made`` for that value are the engine's own settlement (made iff
    P ≥ 61)."""
    made = set()
    for seed in range(6):
        for contract in CONTRACTS:
            s = frog_position(seed * 7 + contract, contract, 24, options)
            v = search.solve(s)
            rng = random.Random(seed)
            while s.phase == "play":
                values = search.analyse(s)
                best = (max if s.to_move == s.bidder else min)(values.values())
                assert best == v
                s.apply(rng.choice([c for c, x in values.items() if x == best]))
            assert s.bidder_points() == v
            assert SOLVER.settle(s, v).chips == s.chips()
            assert SOLVER.settle(s, v).made == s.made() == (v >= 61)
            made.add(s.made())
    assert made == {True, False}


@pytest.mark.rule("FR-1", "FR-5")
def test_settlement_of_a_value_follows_the_contract() -> None:
    """k × (P − 60) with each opponent: the checks of frog.md (sources.md §3.3)."""
    s = frog_position(3, GRAND, 20)
    bidder = s.bidder
    assert bidder is not None
    assert SOLVER.settle(s, 80).chips[bidder] == 160
    assert SOLVER.settle(s, 57).chips[bidder] == -24
    assert SOLVER.settle(s, 60).chips == [0, 0, 0] and not SOLVER.settle(s, 60).made
    three = frog_position(3, GRAND, 20, {"grand_multiplier": 3})
    assert three.bidder is not None
    assert SOLVER.settle(three, 80).chips[three.bidder] == 120
    chico = frog_position(4, CHICO, 20)
    frog = frog_position(4, FROG, 20)
    assert chico.bidder is not None and frog.bidder is not None
    assert SOLVER.settle(chico, 80).chips[chico.bidder] == 80
    assert SOLVER.settle(frog, 40).chips[frog.bidder] == -40
    assert sum(SOLVER.settle(frog, 40).chips) == 0


# --- tutor.solve and the command line ----------------------------------------------------------
@pytest.mark.parametrize("contract", CONTRACTS)
def test_tutor_solve_on_a_frog_record(contract: int) -> None:
    for seed in range(3):
        record = record_of(frog_position(seed, contract, 6 + 2 * seed))
        s = state_of(record)
        out = solve(record)
        assert out["value"] == brute_force(s)
        assert out["cards"] == {CARD_TEXT[c]: v for c, v in brute_force_children(s).items()}
        assert list(out["cards"]) == [CARD_TEXT[c] for c in s.legal_actions()]
        assert out["unit"] == "points" and out["bidder_aims"] == "max"
        assert out["contract"] == ("frog", "chico", "grand")[contract - 1]
        assert out == tutor.solve(record)
        json.dumps(out)


@pytest.mark.rule("FR-2", "SBS-22")
def test_a_frog_record_in_the_discard_is_not_in_the_play() -> None:
    s = Frog().new_deal(5)
    for a in (CALL_BASE + FROG, PASS, PASS):
        s.apply(a)
    assert s.bidder is not None
    s.apply(DISCARD_BASE + min(c for c in range(36) if s.hands[s.bidder] >> c & 1))
    with pytest.raises(RecordError) as e:
        solve(record_of(s))
    assert e.value.rule == "SBS-22" and "declaration" in e.value.detail


def test_the_command_line_solves_a_frog_record(tmp_path: Path) -> None:
    record = record_of(frog_position(2, CHICO, 15))
    path = tmp_path / "frog.json"
    path.write_text(json.dumps(record))
    out = subprocess.run([sys.executable, "-m", "tutor", "solve", str(path)],
                         capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout)
    assert got == tutor.solve(record) and got["contract"] == "chico"
    assert got["value"] == min(got["cards"].values())  # the defender to move minimises
    assert isinstance(state_of(record), FrogState)


# --- finding a game's adapter ------------------------------------------------------------------
def test_a_game_without_an_adapter_is_a_typed_error(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(RecordError) as e:
        games.adapter("whist")  # not a game of the registry: its REC-2
    assert e.value.rule == "REC-2"
    monkeypatch.setattr(games, "spec", lambda game_id: SimpleNamespace(folder="tutor.solver"))
    monkeypatch.setattr(games, "_SOLVERS", {})
    with pytest.raises(games.NoAdapterError) as missing:
        games.adapter("pitch-like")
    assert missing.value.rule == "REC-2" and missing.value.where == "game"
    assert "the solver does not know pitch-like yet" in str(missing.value)
