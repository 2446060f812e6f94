"""Random-play conformance, for every game and option set (OpenSpiel's RandomSimTest idea).

Thousands of seeded deals per option set are played with random legal actions; at every step
the test checks the invariants every game must keep, independent of its rules:

- legal actions are non-empty until the end, sorted and without repeats; every other action is
  rejected with a typed error and changes nothing;
- the checked ``apply`` and the unchecked fast path reach identical states;
- ``undo`` restores the identical state, step by step and all the way back to the deal;
- no seat's view holds a card it may not see (another hand, the widow, the stock);
- at the end: chips sum to zero (in a zero-sum game), the game's own end checks hold (the card
  points total 120 ...), the record round-trips through replay, and a fast playout, where the
  game has one, only ever plays legal cards.

Each game brings a class saying what the checks need to know of it (``RULES``). ``make soak``
runs 10⁵ deals per option set (SOLO_SOAK_DEALS); CI runs CONFORMANCE_DEALS.
"""

from __future__ import annotations

import itertools
import os
import random
from collections import Counter
from typing import Any, ClassVar

import pytest

from tutor.engine.record import record_of, replay, state_of
from tutor.errors import TutorError
from tutor.games import GAMES
from tutor.games.auction_pitch import rules as pitch
from tutor.games.crazy_solo.rules import N_ACTIONS as CS_ACTIONS
from tutor.games.frog.rules import N_ACTIONS as FROG_ACTIONS
from tutor.games.frog.rules import FrogOptions
from tutor.games.sixty_six import rules as sixty_six
from tutor.games.tapp import CARD_INDEX, N_ACTIONS, PASS, mask_cards, mask_points, random_playout

CONFORMANCE_DEALS = 2500


class SixBidSoloRules:
    """What the generic checks need to know of Six-Bid Solo (each game brings one of these)."""

    option_sets: ClassVar[list[dict[str, Any]]] = [
        {},
        {"players": 4},
        {"players": 5},
        {"players": 5, "five_player_sitout": "next_dealer"},
        {"players": 5, "five_player_sitout": "second_next_dealer", "solo_trump": "any"},
        {"misere": "no_card_points", "spread_expose": "after_opening_lead"},
        {"spread_expose": "after_both_defenders", "call_solo_order": "trump_first"},
        {"solo_trump": "any", "misere": "no_card_points"},
    ]
    contracts: ClassVar[set[str]] = {"solo", "heart-solo", "misere", "guarantee-solo",
                                     "spread-misere", "call-solo"}
    n_actions = N_ACTIONS

    @staticmethod
    def allowed_cards(state: Any, seat: int) -> set[int]:
        """Every card ``seat`` may see now: its hand, the cards played, the exposed Spread
        Misère hand, the called card, and the card given back to the bidder or receiver."""
        ok = set(mask_cards(state.hands[seat]))
        for _, cards, _ in state.tricks:
            ok |= set(cards)
        ok |= set(state.trick)
        if state.exposed and state.bidder is not None:
            ok |= set(mask_cards(state.hands[state.bidder]))
        if state.called >= 0:
            ok.add(state.called)
        if state.given >= 0 and seat in (state.bidder, state.call_holder):
            ok.add(state.given)
        return ok

    @staticmethod
    def seen_cards(state: Any, seat: int) -> set[int]:
        return {CARD_INDEX[c] for c in state.view(seat).visible_cards()}

    @staticmethod
    def finished_checks(state: Any) -> None:
        if state.bidder is not None:  # the card points total 120 (SBS-3), 11 tricks (SBS-25)
            assert sum(state.won_points) + mask_points(state.widow) == 120
            assert sum(state.won_tricks) == 11

    @staticmethod
    def fast_playout(state: Any, rng: random.Random) -> Any | None:
        """From the start of this deal's play, the unchecked random playout (None: no play)."""
        if state.bidder is None:
            return None
        start = state.copy()
        while start.phase == "done" or start.tricks or start.trick:
            start.undo()
        random_playout(start, rng)
        return start

    @staticmethod
    def policy(state: Any, rng: random.Random) -> int:
        """Random legal play; in the auction pass half the time, so every contract comes up."""
        legal = state.legal_actions()
        if state.phase == "auction" and len(legal) > 1 and rng.random() < 0.5:
            return PASS
        return int(rng.choice(legal))

    @staticmethod
    def contract(state: Any) -> str:
        return state.contract_id or "thrown-in"

    @classmethod
    def contracts_for(cls, options: dict[str, Any]) -> set[str]:
        """The contracts random play must reach under ``options``."""
        return cls.contracts

    #: the share of CONFORMANCE_DEALS each option set plays
    deals_share: ClassVar[float] = 1.0

    @staticmethod
    def new_deal(game: Any, rng: random.Random) -> Any:
        return game.new_deal(rng, dealer=rng.randrange(game.players))

    @staticmethod
    def view_checks(state: Any, seat: int) -> None:
        """Game-specific checks of what ``seat``'s view may hold (beyond the cards)."""


def _frog_option_sets() -> list[dict[str, Any]]:
    """Every distinct combination of Frog's options (the sit-out and the margin exception
    matter with 5 players only): 128 sets, for ``make soak``."""
    choices = FrogOptions.CHOICES
    out = []
    for players in (3, 4, 5):
        sitouts = choices["five_player_sitout"] if players == 5 else ("hoyle",)
        margins = choices["five_player_margin_exception"] if players == 5 else (False,)
        for sitout, margin, mult, chico, auction, pattern in itertools.product(
                sitouts, margins, choices["grand_multiplier"], choices["chico_trump"],
                choices["auction"], choices["deal_pattern"]):
            out.append({"players": players, "five_player_sitout": sitout,
                        "five_player_margin_exception": margin, "grand_multiplier": mult,
                        "chico_trump": chico, "auction": auction, "deal_pattern": pattern})
    return out


class FrogRules(SixBidSoloRules):
    """Frog: the widow is picked up by a Frog bidder, who alone sees it and the discard."""

    # a covering set: every value of every option, the 5-player ones in several pairings
    option_sets: ClassVar[list[dict[str, Any]]] = [
        {},
        {"players": 4, "auction": "single_round", "deal_pattern": "3-w-4-4"},
        {"players": 5, "five_player_margin_exception": True, "grand_multiplier": 3},
        {"players": 5, "five_player_sitout": "next_dealer", "chico_trump": "any",
         "auction": "single_round"},
        {"players": 5, "five_player_sitout": "second_next_dealer", "deal_pattern": "3-w-4-4",
         "five_player_margin_exception": True, "chico_trump": "any"},
        {"grand_multiplier": 3, "chico_trump": "any", "auction": "single_round"},
    ]
    soak_option_sets = _frog_option_sets()
    contracts: ClassVar[set[str]] = {"frog", "chico", "grand"}
    n_actions = FROG_ACTIONS

    @staticmethod
    def allowed_cards(state: Any, seat: int) -> set[int]:
        ok = set(mask_cards(state.hands[seat]))
        for _, cards, _ in state.tricks:
            ok |= set(cards)
        ok |= set(state.trick)
        if seat == state.bidder and state.contract_id == "frog":  # FR-2: the bidder took the
            ok |= set(mask_cards(state.widow | state.discarded))  # widow and laid three away
        return ok

    @staticmethod
    def finished_checks(state: Any) -> None:
        if state.bidder is not None:  # FR-1: tricks + the laid-away cards hold all 120 points
            laid = state.discarded if state.contract_id == "frog" else state.widow
            assert sum(state.won_points) + mask_points(laid) == 120
            assert sum(state.won_tricks) == 11 and laid.bit_count() == 3


def _sixty_six_option_sets() -> list[dict[str, Any]]:
    """Every combination of Sixty-Six's rule options (64), the view and match options
    alternating: for ``make soak``."""
    choices = sixty_six.SixtySixOptions.CHOICES
    keys = ["nine_exchange", "marriages_after_close", "close_first_lead", "phase2", "no_claim",
            "claim_by_marriage"]
    return [dict(zip(keys, values, strict=True)) | {"show_running_total": i % 2 == 1,
                                                     "target": (7, 10)[i // 2 % 2]}
            for i, values in enumerate(itertools.product(*(choices[k] for k in keys)))]


class SixtySixRules(SixBidSoloRules):
    """Sixty-Six: two hands, a turn-up and a stock, steps instead of an auction; the deal ends by
    a claim or at the last card, and one player scores game points (not zero-sum)."""

    # a covering set: every value of every option, each rule option off and on at least twice
    option_sets: ClassVar[list[dict[str, Any]]] = [
        {},
        {"nine_exchange": "anytime_hoyle", "marriages_after_close": True,
         "phase2": "follow_only", "show_running_total": True},
        {"close_first_lead": False, "no_claim": "carry_one_point", "claim_by_marriage": True,
         "target": 10},
        {"nine_exchange": "anytime_hoyle", "close_first_lead": False, "phase2": "follow_only",
         "claim_by_marriage": True},
        {"marriages_after_close": True, "no_claim": "carry_one_point",
         "show_running_total": True},
    ]
    soak_option_sets = _sixty_six_option_sets()
    #: every way a deal ends comes up: each rule that scores it (SS-13b..SS-15)
    contracts: ClassVar[set[str]] = set(sixty_six.ENDINGS)
    n_actions = sixty_six.N_ACTIONS

    @staticmethod
    def allowed_cards(state: Any, seat: int) -> set[int]:
        """Every card ``seat`` may have seen: its hand, every card played (it saw each fall),
        the turn-ups (dealt, and the 9 exchanged under the stock) and the other hand's known
        cards. Never the face-down stock or the other hand's unknown cards."""
        ok = set(sixty_six.mask_cards(state.hands[seat] | state.known[1 - seat]))
        for t in state.tricks:
            ok |= {t.lead, t.follow}
        if state.lead_card >= 0:
            ok.add(state.lead_card)
        ok.add(state.first_turnup)
        if state.turnup >= 0:
            ok.add(state.turnup)
        return ok

    @staticmethod
    def seen_cards(state: Any, seat: int) -> set[int]:
        return {sixty_six.CARD_INDEX[c] for c in state.view(seat).visible_cards()}

    @staticmethod
    def finished_checks(state: Any) -> None:
        """Every card in one place (hands, tricks, the stock and its turn-up), the tricks' card
        points, and exactly one scorer of 1..3 game points — or a point carried."""
        places = [state.hands[0], state.hands[1], 0]
        for t in state.tricks:
            places[2] |= (1 << t.lead) | (1 << t.follow)
        places.append(sum(1 << c for c in state.stock[state.drawn:]))
        if state.turnup >= 0:
            places.append(1 << state.turnup)
        assert sum(m.bit_count() for m in places) == 24
        assert sum(places) == sixty_six.ALL_CARDS
        assert sum(state.won_points) == sixty_six.mask_points(places[2]) <= 120
        assert sum(state.won_tricks) == len(state.tricks)
        assert sum(state.totals()) <= 120 + 10 + 40 + 3 * 20  # sources.md SS-14
        points = state.points
        if state.carried:
            assert points == (0, 0) and state.options.no_claim == "carry_one_point"
        else:
            assert sorted(points) in ([0, 1], [0, 2], [0, 3])

    @staticmethod
    def fast_playout(state: Any, rng: random.Random) -> Any | None:
        return None  # Sixty-Six has no unchecked playout of its own (yet)

    @staticmethod
    def policy(state: Any, rng: random.Random) -> int:
        """Random legal play that claims mostly when right (and sometimes wrongly) and closes
        now and then, so every ending comes up."""
        legal = state.legal_actions()
        if legal[0] == sixty_six.CLAIM:
            if rng.random() < (0.7 if state.total(state.to_move) >= 66 else 0.02):
                claims = [a for a in legal if a < sixty_six.CLOSE]
                return int(rng.choice(claims))
            legal = [a for a in legal if a >= sixty_six.CLOSE]
        if sixty_six.CLOSE in legal and len(legal) > 1 and rng.random() > 0.1:
            legal.remove(sixty_six.CLOSE)
        return int(rng.choice(legal))

    @staticmethod
    def contract(state: Any) -> str:
        return str(state.ending)

    @staticmethod
    def view_checks(state: Any, seat: int) -> None:
        """SS-17: no total in a view but the seat's own, and that only by option."""
        view = state.view(seat)
        own = state.total(seat) if state.options.show_running_total else None
        assert view.total == own and not any("total" in k for k in view.public())


class CrazySoloRules(SixBidSoloRules):
    """Crazy Solo at every table size 3..12: all cards dealt, no widow, n-card tricks, and the
    partner hidden in every view until the called card is played (CS-9)."""

    option_sets: ClassVar[list[dict[str, Any]]] = [
        {"players": 3}, {"players": 3, "three_handed_deck": 24, "blind_contract":
                         "alone_in_hearts", "plain_calls_allow_hearts": True},
        {"players": 4}, {"players": 5, "plain_calls_allow_hearts": True},
        {"players": 6, "all_pass": "next_dealer"},
        {"players": 7, "blind_contract": "alone_in_hearts"}, {"players": 8},
        {"players": 9, "plain_calls_allow_hearts": True, "all_pass": "next_dealer"},
        {"players": 10}, {"players": 11, "blind_contract": "alone_in_hearts"}, {"players": 12},
    ]
    soak_option_sets: ClassVar[list[dict[str, Any]]] = [
        {"players": n, "plain_calls_allow_hearts": h, "all_pass": a, "blind_contract": b,
         "three_handed_deck": d}
        for n in range(3, 13)
        for h, a, b, d in itertools.product((False, True), ("same_dealer", "next_dealer"),
                                            ("solo_in_hearts_with_call", "alone_in_hearts"),
                                            (36, 24) if n == 3 else (36,))]
    contracts: ClassVar[set[str]] = {"solo", "solo-in-hearts", "alone", "alone-in-hearts"}
    n_actions = CS_ACTIONS
    deals_share = 0.12

    @classmethod
    def contracts_for(cls, options: dict[str, Any]) -> set[str]:
        if options.get("players") == 3:  # CS-5: three players only go alone
            return {"alone", "alone-in-hearts"}
        return cls.contracts

    @staticmethod
    def new_deal(game: Any, rng: random.Random) -> Any:
        return game.new_deal(rng, dealer=rng.randrange(game.players), blind=rng.random() < 0.2)

    @staticmethod
    def policy(state: Any, rng: random.Random) -> int:
        """Random legal play; in the auction about one player in n bids, so every call wins
        sometimes at every table size."""
        legal = state.legal_actions()
        if state.phase == "auction" and len(legal) > 1 and rng.random() > 1.2 / state.n:
            return PASS
        return int(rng.choice(legal))

    @staticmethod
    def allowed_cards(state: Any, seat: int) -> set[int]:
        ok = set(mask_cards(state.hands[seat]))
        for _, cards, _ in state.tricks:
            ok |= set(cards)
        ok |= set(state.trick)
        if state.called >= 0:
            ok.add(state.called)
        return ok

    @staticmethod
    def view_checks(state: Any, seat: int) -> None:
        view = state.view(seat)
        if state.called < 0:
            assert view.partner is None
        elif state.revealed:
            assert view.partner == state.partner and view.public()["partner"] == state.partner
        else:  # CS-9: only the holder knows, from its own hand
            assert view.partner == (seat if seat == state.partner else None)
            assert view.public()["partner"] is None

    @staticmethod
    def finished_checks(state: Any) -> None:
        if state.bidder is None:  # thrown in (CS-6): nothing played
            assert not state.tricks and state.chips() == [0] * state.n
            return
        assert sum(state.won_points) == 120 and sum(state.won_tricks) == state.hand_size
        # CS-11, CS-12 recomputed here: the soloists' points, k, rounding, the gang's split
        soloists = {state.bidder, state.partner} - {None}
        p = sum(state.won_points[s] for s in soloists)
        raw = (3 if state.trump == 2 else 2) * (p - 60)
        p5 = (5 * ((abs(raw) + 2) // 5)) * (1 if raw > 0 else -1)
        gang = [(state.bidder + i) % state.n for i in range(1, state.n)
                if (state.bidder + i) % state.n not in soloists]
        want = [0] * state.n
        half = len(gang) if len(soloists) == 1 else (len(gang) + 1) // 2
        for i, s in enumerate(gang):
            to = state.bidder if i < half else state.partner
            want[s] -= p5
            want[to] += p5
        assert state.chips() == want


def _pitch_option_sets() -> list[dict[str, Any]]:
    """Every combination of the options that change an Auction Pitch hand (the match options
    change only the match): 360 sets, for ``make soak``."""
    choices = pitch.PitchOptions.CHOICES
    keys = ("players", "min_bid", "all_pass", "dealer_steal", "strict_follow", "low_point")
    return [dict(zip(keys, values, strict=True))
            for values in itertools.product(*(choices[k] for k in keys))]


class PitchRules(SixBidSoloRules):
    """Auction Pitch (PI-1..12): 3 to 7 seats all dealt 6 of 52 cards, one call each, points per
    player. A seat sees its own hand and the cards played; never another hand or an undealt
    card (PI-3)."""

    # a covering set: every player count and every value of every option
    option_sets: ClassVar[list[dict[str, Any]]] = [
        {},
        {"players": 3, "min_bid": 2, "dealer_steal": "none", "strict_follow": True},
        {"players": 5, "all_pass": "redeal_same_dealer", "dealer_steal": "including_4",
         "low_point": "dealt_holder", "target": 15},
        {"players": 6, "all_pass": "eldest_pitches_free", "strict_follow": True,
         "win_check": "pitcher_first_then_HLJG", "target": 11},
        {"players": 7, "min_bid": 2, "all_pass": "eldest_pitches_free",
         "low_point": "dealt_holder", "smudge_wins_game": True, "target": 21},
        {"players": 3, "all_pass": "redeal_same_dealer", "dealer_steal": "including_4",
         "target": 10},
    ]
    soak_option_sets = _pitch_option_sets()
    contracts: ClassVar[set[str]] = {"2", "3", "4"}  # a bid of 1 is illegal under min_bid 2
    n_actions = pitch.N_ACTIONS
    deals_share = 0.4  # hands are short: 1000 per option set keeps the six sets near 10 s

    @classmethod
    def contracts_for(cls, options: dict[str, Any]) -> set[str]:
        return cls.contracts if options.get("min_bid") == 2 else cls.contracts | {"1"}

    @staticmethod
    def allowed_cards(state: Any, seat: int) -> set[int]:
        ok = set(pitch.mask_cards(state.hands[seat]))
        for _, cards, _ in state.tricks:
            ok |= set(cards)
        return ok | set(state.trick)

    @staticmethod
    def seen_cards(state: Any, seat: int) -> set[int]:
        return {pitch.CARD_INDEX[c] for c in state.view(seat).visible_cards()}

    @staticmethod
    def view_checks(state: Any, seat: int) -> None:
        view = state.view(seat)  # PI-3: the public part never names a card not yet played
        assert view.public() == state.view((seat + 1) % state.n).public()

    @staticmethod
    def finished_checks(state: Any) -> None:
        n = state.n
        dealt = 0
        for h in state.dealt:
            dealt |= h
        assert dealt.bit_count() == 6 * n  # PI-3: 6 each, the rest never dealt
        outcome = state.outcome()
        if outcome.thrown_in:  # PI-6: nothing played, nothing scored
            assert not state.tricks and outcome.score_change == (0,) * n
            return
        played = 0
        for _, cards, _ in state.tricks:
            assert len(cards) == n
            played |= pitch.mask_of(cards)
        assert played == dealt and len(state.tricks) == 6  # PI-3, PI-9: every dealt card
        assert sum(outcome.game_points) == pitch.mask_game_points(dealt)  # PI-10
        awarded = [s for s in (outcome.high, outcome.low, outcome.jack, outcome.game)
                   if s is not None]
        assert sum(outcome.points_won) == len(awarded) >= 2  # High and Low always go
        for s in range(n):
            want = outcome.points_won[s]
            if s == outcome.pitcher and want < outcome.bid:
                want = -outcome.bid  # PI-11: set back
            assert outcome.score_change[s] == want

    @staticmethod
    def fast_playout(state: Any, rng: random.Random) -> Any | None:
        if state.thrown_in:
            return None
        start = state.copy()
        while start.phase == "done" or start.tricks or start.trick:
            start.undo()
        pitch.random_playout(start, rng)
        return start

    @staticmethod
    def policy(state: Any, rng: random.Random) -> int:
        """Random legal play; in the auction pass half the time when passing is legal."""
        legal = state.legal_actions()
        if state.phase == "auction" and pitch.PASS in legal and len(legal) > 1 \
                and rng.random() < 0.5:
            return pitch.PASS
        return int(rng.choice(legal))

    @staticmethod
    def contract(state: Any) -> str:
        return state.contract_id or ("thrown-in" if state.thrown_in else "no-pitcher")


RULES: dict[str, Any] = {"six-bid-solo": SixBidSoloRules, "frog": FrogRules,
                         "crazy-solo": CrazySoloRules, "sixty-six": SixtySixRules,
                         "auction-pitch": PitchRules}
assert set(RULES) == set(GAMES), "every game brings its conformance rules here"
CASES = [(g, o) for g in GAMES for o in RULES[g].option_sets]


def check_deal(game_id: str, options: dict[str, Any], seed: int, counts: Counter[str]) -> None:
    rules = RULES[game_id]
    rng = random.Random(seed)
    game = GAMES[game_id](options)  # type: ignore[call-arg]
    state = rules.new_deal(game, rng)
    start = state.copy()
    heavy = seed % 10 == 0  # every tenth deal: views, illegal probes and step undo at each step
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal and legal == sorted(set(legal)), (seed, legal)
        if heavy:
            for seat in range(game.players):
                assert rules.seen_cards(state, seat) <= rules.allowed_cards(state, seat)
                rules.view_checks(state, seat)
            before = state.key()
            for bad in rng.sample([a for a in range(rules.n_actions) if a not in legal], 3):
                with pytest.raises(TutorError):
                    state.apply(bad)
                assert state.key() == before
        action = rules.policy(state, rng)
        fast = state.copy()
        fast.apply_unchecked(action)
        before = state.key()
        state.apply(action)
        assert state.key() == fast.key()
        if heavy or rng.random() < 0.1:
            state.undo()
            assert state.key() == before
            state.apply(action)
    counts[rules.contract(state)] += 1
    chips = state.chips()
    assert len(chips) == game.players and (sum(chips) == 0 or not game.info.zero_sum)
    rules.finished_checks(state)
    if heavy or seed % 5 == 1:
        record = record_of(state)
        again = state_of(record)
        assert again.key() == state.key() and replay(record) == game.describe(state)
    if heavy:
        back = state.copy()
        while back.history():
            back.undo()
        assert back.key() == start.key()
    # the unchecked playout plays only legal cards: its record replays through checked apply
    played = rules.fast_playout(state, rng) if seed % 3 == 0 else None
    if played is not None:
        assert state_of(record_of(played)).key() == played.key()
        assert sum(played.chips()) == 0 or not game.info.zero_sum


@pytest.mark.parametrize(("game_id", "options"), CASES,
                         ids=[f"{g}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'default'}"
                              for g, o in CASES])
def test_random_play_conformance(game_id: str, options: dict[str, Any]) -> None:
    rules = RULES[game_id]
    deals = int(int(os.environ.get("CONFORMANCE_DEALS", CONFORMANCE_DEALS)) * rules.deals_share)
    counts: Counter[str] = Counter()
    for seed in range(deals):
        check_deal(game_id, options, seed, counts)
    # every contract came up, so every path above was exercised
    assert set(counts) >= rules.contracts_for(options), counts


SOAK_CASES = [(g, o) for g in GAMES
              for o in getattr(RULES[g], "soak_option_sets", RULES[g].option_sets)]


@pytest.mark.soak
@pytest.mark.parametrize(("game_id", "options"), SOAK_CASES)
def test_random_play_soak(game_id: str, options: dict[str, Any]) -> None:
    deals = int(os.environ.get("SOLO_SOAK_DEALS", 100_000))
    if game_id == "frog":  # 128 option sets: every combination, each with fewer deals
        deals = max(2000, deals // 25)
    elif game_id == "sixty-six":  # 64 option sets: every combination, each with fewer deals
        deals = max(2000, deals // 10)
    elif game_id == "auction-pitch":  # 360 option sets, likewise
        deals = max(1000, deals // 50)
    counts: Counter[str] = Counter()
    for seed in range(deals):
        check_deal(game_id, options, 10**6 + seed, counts)
