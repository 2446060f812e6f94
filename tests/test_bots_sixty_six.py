"""Sixty-Six's bots (tutor/games/sixty_six/bots.py and pimc.py on the generic bots): always legal
over many deals under every option set, each action with a reason, reproducible from a seed,
and seeing views only — a bot fed the same views in another world consistent with them makes
the same choices. The rule bot counts its own total from what it saw (the view hides it): its
claims are always right."""

from __future__ import annotations

import random
import re
import statistics

import pytest

from tutor.bots import make_bot
from tutor.bots.arena import duplicate_deal, play_out
from tutor.bots.base import Bot
from tutor.bots.table_bot import TablePimc
from tutor.errors import IllegalActionError
from tutor.games.sixty_six import solver
from tutor.games.sixty_six.pimc import expected_points, world_action_values
from tutor.games.sixty_six.rules import (
    CARD,
    CLAIM,
    CLOSE,
    DRAW,
    EXCHANGE,
    MARRIAGE,
    SixtySix,
    SixtySixState,
    SixtySixView,
)
from tutor.games.sixty_six.sampling import SixtySixSampler, seen_by
from tutor.play.levels import levels
from tutor.state import Action

OPTION_SETS = [
    {},
    {"nine_exchange": "anytime_hoyle", "claim_by_marriage": True},
    {"marriages_after_close": True, "phase2": "follow_only", "no_claim": "carry_one_point",
     "close_first_lead": False},
    {"show_running_total": True, "target": 10},
]


class Spy:
    """Wraps a bot: checks it is given its own seat's view at its turn, never the state, and
    records each view and answer."""

    def __init__(self, inner: Bot, seat: int, log: list[tuple[SixtySixView, Action, str]]
                 ) -> None:
        self.inner = inner
        self.seat = seat
        self.log = log
        self.name = inner.name

    def act(self, view: SixtySixView) -> tuple[Action, str]:
        assert type(view) is SixtySixView  # never the state
        assert view.seat == self.seat and view.to_move == self.seat
        action, why = self.inner.act(view)
        self.log.append((view, action, why))
        return action, why


def strong(seed: int) -> Bot:
    """The strong bot with two worlds a decision: the same code, cheap enough for tests."""
    return make_bot("pimc", seed, worlds=2)


def play(kinds: dict[int, str], options: dict[str, object], seed: int
         ) -> tuple[SixtySixState, list[tuple[SixtySixView, Action, str]]]:
    state = SixtySix(options).new_deal(random.Random(seed), dealer=seed % 2)
    log: list[tuple[SixtySixView, Action, str]] = []
    bots = {s: Spy(strong(seed * 10 + s) if k == "pimc" else make_bot(k, seed * 10 + s), s, log)
            for s, k in kinds.items()}
    play_out(state, bots)  # checked apply: an illegal action would raise
    assert state.is_terminal()
    return state, log


@pytest.mark.parametrize("options", OPTION_SETS)
def test_SS_5_random_and_rule_bots_play_legally_from_views(options: dict[str, object]) -> None:
    for d in range(12):
        state, log = play({0: "rule", 1: "random"} if d % 2 else {0: "random", 1: "rule"},
                          options, d)
        assert all(why and ": " in why for _, _, why in log)
        assert len(log) == len(state.history())
        state, log = play({0: "rule", 1: "rule"}, options, 100 + d)
        assert state.points is not None


@pytest.mark.parametrize("options", OPTION_SETS)
def test_SS_13_the_strong_bot_plays_legally_from_views(options: dict[str, object]) -> None:
    state, log = play({0: "pimc", 1: "rule"}, options, 7)
    assert all(why for _, _, why in log)
    state, log = play({0: "random", 1: "pimc"}, options, 8)
    assert state.points is not None


@pytest.mark.rule("SS-13", "SS-13a", "SS-17")
def test_SS_13a_the_rule_bot_counts_its_total_and_claims_rightly() -> None:
    """The view hides the totals (SS-17); the rule bot counts from what it saw and claims as
    soon as it has 66 — never wrongly, and its count in the reason is the real total."""
    claims = 0
    for d in range(40):
        state = SixtySix().new_deal(random.Random(d), dealer=d % 2)
        bots = {0: make_bot("rule", d), 1: make_bot("rule", d + 1)}
        while not state.is_terminal():
            seat = state.to_move
            assert seat is not None
            view = state.view(seat)
            assert view.total is None
            action, why = bots[seat].act(view)
            state.apply(action)
            if action == CLAIM:
                claims += 1
                assert state.claim == (seat, True)  # right: 66 or more
                assert why == f"claim: I count {state.total(seat)}, 66 or more (SS-13a)"
    assert claims >= 20


@pytest.mark.rule("SS-8", "SS-9", "SS-10")
def test_SS_10_rule_bot_reasons_for_closing_melding_and_exchanging() -> None:
    said: dict[str, list[str]] = {"close": [], "meld": [], "exchange": [], "draw": []}
    for d in range(60):
        _, log = play({0: "rule", 1: "rule"}, {}, 200 + d)
        for view, action, why in log:
            if action == CLOSE:
                said["close"].append(why)
                assert why.startswith("close: I count") and "sure tricks" in why
            elif MARRIAGE <= action < CARD:
                said["meld"].append(why)
                assert why.startswith("meld ") and "leading the queen" in why
                assert (action - MARRIAGE) % 2 == 1  # the queen led, the king shown
            elif action == EXCHANGE:
                said["exchange"].append(why)
                assert why.startswith("exchange: ")
            elif action == DRAW and CLOSE in view.legal:
                said["draw"].append(why)
    assert all(said.values()), {k: len(v) for k, v in said.items()}


def test_bots_are_reproducible_from_their_seeds() -> None:
    for kinds in ({0: "random", 1: "rule"}, {0: "pimc", 1: "random"}):
        a, _ = play(kinds, {}, 31)
        b, _ = play(kinds, {}, 31)
        assert a.history() == b.history()


@pytest.mark.rule("SS-17")
def test_SS_17_bots_see_views_only() -> None:
    """The same views, in another world consistent with them, give the same choices: a bot
    decides on what its seat was shown and its own seed, nothing else."""
    for kind in ("rule", "pimc"):
        state, log = play({0: kind, 1: "random"}, {}, 41)
        mine = [(v, a) for v, a, _ in log if v.seat == 0]
        cut = len(mine) // 2 + 1  # replay the bot's first turns in another world
        last_view = mine[cut - 1][0]
        # the state at the bot's turn, rebuilt; the seat's memory of it; another world
        replay = SixtySixState(state.game, state.dealer, list(state.dealt), state.first_turnup,
                               state.stock)
        for a in state.history():
            if replay.view(0) == last_view and replay.to_move == 0:
                break
            replay.apply(a)
        seen = seen_by(replay, 0)
        other = next(w for w in SixtySixSampler(seen).worlds(30, 5)
                     if w.hands[1] != replay.hands[1] or w.stock != replay.stock)
        fresh = Spy(strong(410) if kind == "pimc" else make_bot(kind, 410), 0, [])
        world = SixtySixState(other.game, other.dealer, list(other.dealt),
                              other.first_turnup, other.stock)
        turns = 0
        for a in other.history():
            if world.to_move == 0:
                view, action = mine[turns]
                assert world.view(0) == view
                assert fresh.act(view)[0] == action
                turns += 1
            world.apply(a)
        assert turns == cut - 1


@pytest.mark.rule("SS-13b")
def test_SS_13b_expected_points_over_sampled_worlds() -> None:
    """``expected_points``: every legal action of the seat, the mean over the worlds of each
    world's values; reproducible; exact once the stock is exhausted; only for the seat to move."""
    rng = random.Random(3)
    state = SixtySix().new_deal(rng, dealer=1)
    while len(state.tricks) < 2 or state.step != "lead":
        legal = state.legal_actions()
        state.apply(DRAW if DRAW in legal else rng.choice([a for a in legal if a > CLOSE]))
    seat = state.to_move
    assert seat is not None
    seen = seen_by(state, seat)
    values = expected_points(seen, worlds=3, seed=9)
    assert set(values) == set(state.legal_actions())
    assert values == expected_points(seen, worlds=3, seed=9)
    worlds = list(SixtySixSampler(seen).worlds(3, 9))
    closes = [solver.world_values(w)[CLOSE] for w in worlds]
    assert values[CLOSE] == pytest.approx(statistics.fmean(closes))  # closing is exact
    card = CARD + _a_card(state)
    assert values[card] == pytest.approx(statistics.fmean(world_action_values(w)[card]
                                                          for w in worlds))
    with pytest.raises(IllegalActionError, match="SS-5"):
        expected_points(seen_by(state, 1 - seat), worlds=2, seed=1)
    # once the stock is exhausted: one world, the exact values
    while state.stock_left or state.step != "lead":
        legal = state.legal_actions()
        state.apply(DRAW if DRAW in legal else rng.choice([a for a in legal if a > CLOSE]))
    seat = state.to_move
    assert seat is not None
    assert expected_points(seen_by(state, seat), worlds=5, seed=1) == \
        {a: float(v) for a, v in solver.card_values(state).items()}


def _a_card(state: SixtySixState) -> int:
    return next(a - CARD for a in state.legal_actions() if a >= CARD)


def test_SS_5_a_bot_out_of_turn_is_refused_with_the_game_rule() -> None:
    state = SixtySix().new_deal(2)
    other = 1 - (state.to_move or 0)
    for kind in ("random", "rule", "pimc"):
        with pytest.raises(IllegalActionError, match="SS-5"):
            make_bot(kind, 1).act(state.view(other))


def test_the_arena_plays_sixty_six_in_game_points() -> None:
    """Two plays of a deal, the seats swapped; a play's score is A's game points less B's."""
    result = duplicate_deal("rule", "random", 3, 5, game="sixty-six")
    assert len(result.chips_a) == 2 and result.bidders == ("", "")
    assert all(-3 <= c <= 3 for c in result.chips_a)
    assert duplicate_deal("rule", "random", 3, 5, game="sixty-six") == result
    same = duplicate_deal("rule", "rule", 3, 5, game="sixty-six")
    assert same.score == 0  # one kind on both sides: the two plays cancel


def test_the_table_bot_remembers_between_moves() -> None:
    """The play table's strong bot makes a PIMC bot each move; the memory of the tricks is
    its own, kept across moves (a whole deal played legally)."""
    assert levels("sixty-six") == ("random", "rule", "pimc")
    state = SixtySix().new_deal(6, dealer=0)
    bots = {0: TablePimc(1, worlds=2), 1: make_bot("rule", 2)}
    play_out(state, bots)
    assert state.is_terminal() and bots[0].memo


def test_a_hint_for_a_seat_without_a_bot_is_asked_with_what_it_saw() -> None:
    """The table's learner has no bot: a hint is asked with ``seen_by(state, seat)`` in place
    of the view, from any level."""
    rng = random.Random(12)
    state = SixtySix().new_deal(rng, dealer=0)
    while len(state.tricks) < 3 or state.step != "lead":
        legal = state.legal_actions()
        state.apply(DRAW if DRAW in legal else rng.choice([a for a in legal if a > CLOSE]))
    seat = state.to_move
    assert seat is not None
    seen = seen_by(state, seat)
    for bot in (TablePimc(3, worlds=2), make_bot("rule", 3), make_bot("random", 3)):
        action, why = bot.act(seen)
        assert action in state.legal_actions() and why
    with pytest.raises(IllegalActionError, match="SS-17"):
        make_bot("rule", 3).act(state.view(seat))  # a fresh bot cannot know the tricks


@pytest.mark.rule("SS-9")
def test_reasons_name_cards_in_the_learners_words() -> None:
    """A reason names its cards as the table shows them (``Q♥``, ``10♠``), the marriage's too,
    never as record tokens (``QH``): the table shows the reasons as they are."""
    from tutor.games.sixty_six.bots import action_text
    from tutor.games.sixty_six.rules import parse_play

    state = SixtySix().new_deal(random.Random(4), dealer=1)
    view = state.view(0)
    assert action_text(view, parse_play("marriage:KH")) == \
        "lead K♥, showing Q♥: a marriage in ♥"
    assert action_text(view, parse_play("TS")) == "10♠"
    assert action_text(view, parse_play("close")) == "close the stock"
    token = re.compile(r"\b[AKQJT9][SHDC]\b")
    for kind in ("rule", "pimc"):
        for seed in (2, 5):
            _, log = play({0: kind, 1: "random"}, {}, seed)
            reasons = [why for v, _, why in log if v.seat == 0]
            assert reasons and not [r for r in reasons if token.search(r)]
