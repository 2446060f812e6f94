"""The PIMC bot's Frog (tutor/games/frog/pimc.py): whole deals legally at 3, 4 and 5 players,
Chico's trump and the Frog bid's discard legal and explained, card choices for the bot's own
side, and nothing seen but the seat's view. Small seeded budgets throughout."""

from __future__ import annotations

import random

import pytest

from tutor.bots.arena import play_out
from tutor.bots.base import Bot
from tutor.bots.pimc import PimcBot, card_values, chips_for
from tutor.bots.table_bot import TablePimc
from tutor.engine.sampler import Sampler
from tutor.games.frog.advisor import discard_by_rule_of_thumb
from tutor.games.frog.bots import NEAR
from tutor.games.frog.hand import BID_FROM, estimates
from tutor.games.frog.pimc import (
    DISCARD_CANDIDATES,
    DiscardPlan,
    discard_candidates,
    discard_classes,
)
from tutor.games.frog.rules import CHICO, DISCARD_BASE, FROG, GRAND, Frog, FrogState
from tutor.games.tapp import (
    CALL_BASE,
    PASS,
    PLAY,
    SeatView,
    mask_cards,
    mask_points,
    parse_card,
)
from tutor.solver import search
from tutor.state import Action


def _mask(texts: str) -> int:
    return sum(1 << parse_card(t) for t in texts.split())


def small(seed: int) -> PimcBot:
    """A PIMC bot on a small budget: two worlds a card, four a bid or a discard."""
    return PimcBot(seed, worlds=2, max_worlds=2, bid_samples=4)


class ViewOnly:
    """Wraps a bot: checks it is handed its own seat's view, never the state."""

    def __init__(self, inner: Bot, seat: int, seen: list[SeatView]) -> None:
        self.inner, self.seat, self.seen = inner, seat, seen
        self.name = inner.name

    def act(self, view: SeatView) -> tuple[Action, str]:
        assert type(view) is SeatView
        assert view.seat == self.seat and view.to_move == self.seat
        self.seen.append(view)
        return self.inner.act(view)


def _declared(seed: int, contract: int, options: dict[str, object] | None = None) -> FrogState:
    """Forehand bids ``contract``, the others pass: the deal at its declaration (or first lead)."""
    game = Frog(options or {})
    state = game.new_deal(random.Random(seed), dealer=seed % game.players)
    state.apply(CALL_BASE + contract)
    while state.phase == "auction":
        state.apply(PASS)
    return state


# --- whole deals --------------------------------------------------------------------------------
@pytest.mark.rule("FR-2", "FR-4", "SBS-23", "SBS-27")
@pytest.mark.parametrize("options", [{}, {"players": 4},
                                     {"players": 5, "five_player_margin_exception": True}])
def test_frog_pimc_plays_whole_deals_legally(options: dict[str, object]) -> None:
    """Checked apply from the first call to the last card, each action with a reason; every
    contract, the discard included, comes up; chips are zero-sum."""
    game = Frog(options)
    contracts: set[int] = set()
    for d in range(4):
        state = game.new_deal(d, dealer=d % game.players)
        seen: list[SeatView] = []
        bots = {s: ViewOnly(small(d * 10 + s), s, seen) for s in state.active}
        reasons: list[str] = []
        chips = play_out(state, bots, lambda seat, a, why, said=reasons: said.append(why))
        assert state.is_terminal() and sum(chips) == 0
        assert all(reasons) and len(seen) == len(state.history())
        contracts.add(state.contract)
    for contract in (FROG, CHICO, GRAND):  # and each contract from its declaration on
        state = _declared(7 + contract, contract, options)
        bots = {s: ViewOnly(small(contract * 3 + s), s, []) for s in state.active}
        play_out(state, bots)
        assert state.is_terminal() and sum(state.chips()) == 0
        assert state.discarded.bit_count() == (3 if contract == FROG else 0)


def test_frog_pimc_replays_from_its_seed() -> None:
    def run(seed: int) -> list[int]:
        state = _declared(3, FROG)
        play_out(state, {s: small(seed + s) for s in state.active})
        return state.history()

    assert run(5) == run(5)


# --- the declaration ----------------------------------------------------------------------------
@pytest.mark.rule("FR-2")
def test_chico_trump_is_legal_and_explained() -> None:
    for seed in range(3):
        state = _declared(seed, CHICO, {"chico_trump": "any"} if seed == 2 else {})
        seat = state.to_move
        assert seat is not None and state.step == "trump"
        action, why = small(seed).act(state.view(seat))
        state.apply(action)  # checked: a suit Chico may name
        assert "Chico averages" in why and "sampled deals" in why and "FR-2" in why
        assert state.phase == PLAY


@pytest.mark.rule("FR-1", "FR-2")
def test_the_discard_is_legal_explained_and_follows_its_plan() -> None:
    """Three legal discards; the first names the cards and the points they bank, the other two
    follow the plan chosen then (the bidder again holds 11, FR-2)."""
    for seed in range(3):
        state = _declared(seed, FROG)
        bidder = state.bidder
        assert bidder is not None
        bot = small(seed)
        reasons = []
        while state.phase != PLAY:
            view = state.view(bidder)
            assert view.to_move == bidder and view.step == "discard"
            action, why = bot.act(view)
            state.apply(action)
            reasons.append(why)
        laid = state.discarded
        assert laid.bit_count() == 3 and state.hands[bidder].bit_count() == 11
        plans = [p for p in bot.memo.values() if isinstance(p, DiscardPlan)]
        assert plans and {c for c in plans[0].cards} == set(mask_cards(laid))
        assert f"its {mask_points(laid)} points count for me" in reasons[0]
        assert "sampled deals solved double-dummy" in reasons[0] and "FR-2" in reasons[0]
        assert len(set(reasons)) == 3  # each names its own card, with the plan's reason


def test_a_fresh_bot_finishes_a_discard_begun_by_another() -> None:
    """The table makes a new bot for every move: each finishes the discard from what is left."""
    state = _declared(4, FROG)
    bidder = state.bidder
    assert bidder is not None
    state.apply(DISCARD_BASE + discard_by_rule_of_thumb(state.hands[bidder])[0])
    for k in range(2):
        action, why = TablePimc(k).act(state.view(bidder))
        state.apply(action)
        assert why.startswith("discard ")
    assert state.phase == PLAY


def test_discard_classes_group_touching_cards_of_equal_points() -> None:
    """9♠ 8♠ touch (one class); 6♠ does not touch them while 7♠ is in play elsewhere, and does
    once 7♠ is laid away (out of play, FR-2); K♦ Q♦ touch but bank different points (SBS-3)."""
    hand = _mask("9S 8S 6S KD QD AH TH KH QH JH 9H 8H 7H 6C")

    def classes(laid: int = 0) -> set[tuple[int, ...]]:
        return {tuple(sorted(k)) for k in discard_classes(hand, laid)}

    nine_eight = tuple(sorted((parse_card("9S"), parse_card("8S"))))
    assert nine_eight in classes() and (parse_card("6S"),) in classes()
    assert (parse_card("KD"),) in classes() and (parse_card("QD"),) in classes()
    assert tuple(sorted((*nine_eight, parse_card("6S")))) in classes(_mask("7S"))
    assert sorted(c for k in classes() for c in k) == mask_cards(hand)


def test_discard_candidates_are_distinct_legal_and_start_with_the_rule_of_thumb() -> None:
    for seed in range(12):
        state = _declared(seed, FROG)
        bidder = state.bidder
        assert bidder is not None
        hand = state.hands[bidder]
        found = discard_candidates(hand)
        assert found[0] == tuple(discard_by_rule_of_thumb(hand))
        assert 1 <= len(found) <= DISCARD_CANDIDATES and len(set(found)) == len(found)
        classes = discard_classes(hand)
        where = {c: i for i, k in enumerate(classes) for c in k}
        shapes = set()
        for t in found:
            assert len(t) == 3 and all(hand >> c & 1 for c in t)
            shape = tuple(sorted(where[c] for c in t))
            assert shape not in shapes  # no two candidates alike but for equivalent cards
            shapes.add(shape)
        # one card laid away already: candidates complete the discard without it
        first = found[0][0]
        rest = discard_candidates(hand & ~(1 << first), 1 << first)
        assert all(len(t) == 2 and first not in t for t in rest)


def test_equivalent_discards_solve_alike() -> None:
    """The pruning's premise: laying away either of two touching cards of equal points gives
    the same P in every world (FR-1)."""
    checked = 0
    for seed in range(40):
        state = _declared(seed, FROG)
        bidder = state.bidder
        assert bidder is not None
        hand = state.hands[bidder]
        runs = [k for k in discard_classes(hand) if len(k) >= 2]
        if not runs:
            continue
        a, b = runs[0][:2]
        others = [c for c in discard_by_rule_of_thumb(hand) if c not in (a, b)][:2]
        values = []
        for card in (a, b):
            s = state.copy()
            for c in (card, *others):
                s.apply(DISCARD_BASE + c)
            values.append(search.solve(s))
        assert values[0] == values[1]
        checked += 1
        if checked == 3:
            break
    assert checked == 3


# --- the play -----------------------------------------------------------------------------------
def _late(seed: int, contract: int, cards: int, options: dict[str, object] | None = None
          ) -> FrogState:
    """``contract`` declared at random, then ``cards`` random cards."""
    state = _declared(seed, contract, options)
    rng = random.Random(seed)
    while state.phase != PLAY:
        state.apply(rng.choice(state.legal_actions()))
    for _ in range(cards):
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.rule("FR-1", "FR-5")
@pytest.mark.parametrize("contract", [FROG, CHICO, GRAND])
def test_frog_pimc_plays_for_its_own_side(contract: int) -> None:
    """With one sampled world, the card chosen is a best card of that world for the bot's seat:
    the bidder's chips up, a defender's (the bidder's loss) up."""
    checked = 0
    for seed in range(8):
        state = _late(seed, contract, 20 + seed % 3)
        seat = state.to_move
        if state.phase != PLAY or seat is None or len(state.legal_actions()) < 2:
            continue
        view = state.view(seat)
        card, why = PimcBot(seed, worlds=1, max_worlds=1).act(view)
        assert card in view.legal and "sampled" in why
        world = PimcBot(seed, worlds=1).draw_worlds(view, Sampler(view), 1)[0]
        values = search.analyse(world)
        assert card_values(world, exact=True) == values
        assert chips_for(world, seat, values[card]) == max(
            chips_for(world, seat, v) for v in values.values())
        checked += 1
    assert checked >= 3


@pytest.mark.rule("FR-1", "FR-4", "FR-5")
@pytest.mark.parametrize("options", [{}, {"players": 5, "five_player_margin_exception": True},
                                     {"grand_multiplier": 3}])
def test_chips_for_a_value_are_the_settlement(options: dict[str, object]) -> None:
    for seed in range(6):
        state = _late(seed, (FROG, CHICO, GRAND)[seed % 3], 0, options)
        rng = random.Random(seed)
        while state.phase != "done":
            state.apply(rng.choice(state.legal_actions()))
        for seat in range(state.n):
            assert chips_for(state, seat, state.bidder_points()) == state.chips()[seat]


def test_the_bot_sees_only_its_view() -> None:
    """Two deals alike from a seat's view but for the hidden cards: the same choice, the same
    reason — in the auction, the discard and the play."""
    cases: list[FrogState] = [Frog().new_deal(11), _declared(5, FROG), _late(6, CHICO, 7)]
    for i, state in enumerate(cases):
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        other = Sampler(view).sample(random.Random(99))
        assert other.view(seat) == view
        assert other.key() != state.key()
        assert small(i).act(view) == small(i).act(other.view(seat))


def test_hands_far_from_every_contract_pass_without_sampling() -> None:
    """The pre-screen: every open contract's count more than NEAR points short."""
    passed = 0
    for seed in range(60):
        state = Frog().new_deal(seed)
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        gap = min(BID_FROM[e.contract] - e.points for e in estimates(state.hands[seat], {}))
        if gap <= NEAR:
            continue
        action, why = small(seed).act(view)
        assert action == PASS and "not worth sampling" in why
        passed += 1
    assert passed >= 3


def test_a_bid_clears_the_games_own_margin_unless_the_bot_is_given_one() -> None:
    from tutor.games.frog.pimc import PIMC

    assert PimcBot(0).margin("frog") == PIMC.bid_margin < PimcBot(0).margin("six-bid-solo")
    assert PimcBot(0).bid_margin == PimcBot(0).margin("six-bid-solo") == -10.0
    assert PimcBot(0, bid_margin=5).margin("frog") == 5 == PimcBot(0, bid_margin=5).bid_margin
