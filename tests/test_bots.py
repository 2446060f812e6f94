"""Bots and the duplicate arena: mechanics only (seating, zero-sum, seeds, views, legality), in
Six-Bid Solo and in Frog.

No test here asserts that one bot beats another: that is `make arena`'s job, over enough deals.
"""

from __future__ import annotations

import pytest

from tutor.bots import make_bot
from tutor.bots.arena import (
    ARRANGEMENTS,
    deal_of,
    duplicate_deal,
    duplicate_match,
    mean_ci,
    play_out,
)
from tutor.bots.base import Bot
from tutor.bots.rule_bot import RuleBot, card_words
from tutor.engine.hand import spread_safe, uncovered
from tutor.engine.match import Match
from tutor.errors import IllegalActionError, OptionError, TutorError
from tutor.games.crazy_solo.rules import CrazySolo, CrazySoloView
from tutor.games.frog.hand import discard_choice, unguarded
from tutor.games.frog.hand import estimates as frog_estimates
from tutor.games.frog.rules import CHICO, FROG, GRAND, Frog
from tutor.games.frog.rules import DISCARD_BASE as FROG_DISCARD_BASE
from tutor.games.six_bid_solo.hand import call_card, estimates, give_card
from tutor.games.six_bid_solo.rules import GUARANTEE, MISERE, SOLO, SixBidSolo, SixBidSoloState
from tutor.games.tapp import SeatView, mask_of, parse_card
from tutor.state import Action


class Spy:
    """Wraps a bot and records what it was given."""

    def __init__(self, inner: Bot, seat: int, seen: list[object],
                 view_type: type[SeatView] = SeatView) -> None:
        self.inner = inner
        self.seat = seat
        self.seen = seen
        self.name = inner.name
        self.view_type = view_type

    def act(self, view: SeatView) -> tuple[Action, str]:
        self.seen.append(view)
        assert type(view) is self.view_type  # never the state
        assert view.seat == self.seat and view.to_move == self.seat
        return self.inner.act(view)


@pytest.mark.parametrize("kind", ["random", "rule"])
@pytest.mark.parametrize("options", [{}, {"call_solo_order": "trump_first", "solo_trump": "any"},
                                     {"players": 4}, {"players": 5, "misere": "no_card_points"}])
def test_bots_play_legal_actions_from_views_only(kind: str, options: dict[str, object]) -> None:
    game = SixBidSolo(options)
    for d in range(30):
        state = game.new_deal(d, dealer=d % game.players)
        seen: list[object] = []
        bots = {s: Spy(make_bot(kind, d * 10 + s), s, seen) for s in state.active}
        reasons: list[str] = []

        def note(seat: int, action: int, why: str, reasons: list[str] = reasons) -> None:
            reasons.append(why)

        chips = play_out(state, bots, note)  # checked apply
        assert state.is_terminal()
        assert sum(chips) == 0  # SBS-27
        assert all(isinstance(r, str) and r for r in reasons)
        assert len(seen) == len(state.history())


def test_rule_bot_reasons_are_readable() -> None:
    state = deal_of(3, 0)
    bots = {s: RuleBot(s) for s in state.active}
    said: list[str] = []
    play_out(state, bots, lambda seat, a, why: said.append(why))
    assert all(": " in r for r in said)


def test_bots_are_reproducible_from_seed() -> None:
    def run(seed: int) -> list[int]:
        state = deal_of(9, 4)
        bots = {s: make_bot("random", seed + s) for s in state.active}
        play_out(state, bots)
        return state.history()

    assert run(1) == run(1)
    assert run(1) != run(2)


def test_bot_out_of_turn_is_refused() -> None:
    state = SixBidSolo().new_deal(1)
    other = next(s for s in state.active if s != state.to_move)
    for kind in ("random", "rule"):
        with pytest.raises(IllegalActionError, match="SBS-5"):
            make_bot(kind, 1).act(state.view(other))


def test_unknown_bot_kind() -> None:
    with pytest.raises(OptionError):
        make_bot("oracle", 1)


def test_arrangements_rotate_each_seat_evenly() -> None:
    assert len(ARRANGEMENTS) == 6 == len(set(ARRANGEMENTS))
    for pos in range(3):
        assert sum(a[pos] == "A" for a in ARRANGEMENTS) == 3


def test_duplicate_deal_is_zero_sum_and_reproducible() -> None:
    r1 = duplicate_deal("rule", "random", 5, seed=3)
    r2 = duplicate_deal("rule", "random", 5, seed=3)
    assert r1 == r2
    mirrored = duplicate_deal("random", "rule", 5, seed=3)
    # the same deal with the kinds swapped: each seating is played by the same bots with the same
    # seeds as its mirror, so the first kind's chips are minus the other's (zero-sum, SBS-27)
    flip = {a: ARRANGEMENTS.index(tuple("B" if x == "A" else "A" for x in a))
            for a in ARRANGEMENTS}
    for k, arrangement in enumerate(ARRANGEMENTS):
        assert mirrored.chips_a[flip[arrangement]] == -r1.chips_a[k]
    assert mirrored.score == pytest.approx(-r1.score)


def test_every_seating_plays_the_same_cards() -> None:
    state = deal_of(8, 2)
    again = deal_of(8, 2)
    assert state.key() == again.key()
    assert deal_of(8, 3).key() != state.key()


def test_match_with_an_executor_equals_serial() -> None:
    from concurrent.futures import ThreadPoolExecutor

    serial = duplicate_match("rule", "random", 4, seed=2)
    with ThreadPoolExecutor(2) as pool:
        pooled = duplicate_match("rule", "random", 4, seed=2, executor=pool)
    assert serial.deals == pooled.deals
    assert serial.row().startswith("| rule vs random | 4 |")


def test_arena_refuses_other_table_sizes() -> None:
    with pytest.raises(TutorError, match="SBS-5"):
        duplicate_deal("rule", "random", 0, 1, {"players": 4})


def test_mean_ci() -> None:
    m, lo, hi = mean_ci([1.0, 2.0, 3.0, 4.0])
    assert m == 2.5 and lo < 2.5 < hi
    assert hi - lo == pytest.approx(2 * 3.182 * (1.2909944 / 2), rel=1e-4)


def _mask(texts: str) -> int:
    return mask_of([parse_card(t) for t in texts.split()])


def test_hand_rules_of_thumb() -> None:
    strong = _mask("AS TS KS QS JS 9S AC TC AD TD AH")
    est = {e.contract: e for e in estimates(strong)}
    assert est[SOLO].trump == 1 and est[SOLO].chips > 0
    assert est[GUARANTEE].chips == 40
    assert est[MISERE].chips == 0 and uncovered(strong)
    low = _mask("6S 7S 8S 6C 7C 8C 6D 7D 8D 6H 7H")
    assert not uncovered(low) and spread_safe(low)
    assert {e.contract: e for e in estimates(low)}[SOLO].chips == 0
    # Call Solo: call the highest trump missing, give a cheap card of a short side suit
    assert call_card(strong, 1) == parse_card("8S")
    twelve = strong | _mask("8S") | _mask("6H")
    assert give_card(twelve, parse_card("8S"), 1) == parse_card("6H")


def test_random_bot_covers_legal_actions() -> None:
    state: SixBidSoloState = SixBidSolo().new_deal(2)
    view = state.view(state.to_move or 0)
    bot = make_bot("random", 5)
    seen = {bot.act(view)[0] for _ in range(200)}
    assert seen == set(view.legal)


def test_a_deterministic_bot_against_itself_scores_exactly_zero() -> None:
    """Duplicate cancels the cards: identical play in all six seatings sums to zero (SBS-27)."""
    for i in range(5):
        assert duplicate_deal("rule", "rule", i, seed=4).score == 0


def test_duplicate_deal_records_the_contract_of_each_seating() -> None:
    """The contract played in each seating ("" when thrown in, exactly when nobody bid), so the
    arena can split the chips by contract and by who bid."""
    seen = set()
    for index in range(12):
        r = duplicate_deal("rule", "random", index, 5)
        assert len(r.contracts) == len(ARRANGEMENTS) == len(r.bidders)
        for who, contract in zip(r.bidders, r.contracts, strict=True):
            assert (who == "") == (contract == "")
            seen.add(contract)
    assert len(seen - {""}) >= 2


# --- Frog: every bot of the ladder that knows the game plays whole deals legally -----------------
FROG_OPTIONS = [{}, {"players": 4}, {"players": 5, "five_player_sitout": "next_dealer"},
                {"auction": "single_round", "chico_trump": "any", "grand_multiplier": 3}]


@pytest.mark.rule("FR-2", "SBS-23")
@pytest.mark.parametrize("kind", ["random", "rule"])
@pytest.mark.parametrize("options", FROG_OPTIONS)
def test_bots_play_whole_frog_deals_legally_from_views_only(kind: str,
                                                            options: dict[str, object]) -> None:
    """Checked apply all the way: the auction, the discard or Chico's trump, 33 cards; zero-sum
    (SBS-27, FR-4); a reason for every action."""
    game = Frog(options)
    contracts = set()
    for d in range(30):
        state = game.new_deal(d, dealer=d % game.players)
        seen: list[object] = []
        bots = {s: Spy(make_bot(kind, d * 10 + s), s, seen) for s in state.active}
        reasons: list[str] = []
        chips = play_out(state, bots, lambda seat, a, why, said=reasons: said.append(why))
        assert state.is_terminal() and sum(chips) == 0
        assert all(isinstance(r, str) and r for r in reasons)
        assert len(seen) == len(state.history())
        contracts.add(state.contract_id)
    assert {"frog", "chico", "grand"} <= contracts or kind == "rule"
    assert len(contracts - {None}) >= 2


def _frog_mask(texts: str) -> int:
    return mask_of([parse_card(t) for t in texts.split()])


@pytest.mark.rule("FR-1", "FR-5")
def test_frog_rule_bot_bids_by_its_count() -> None:
    """A strong ♥ hand is worth Grand (k = 4), a strong ♠ hand Chico, a middling ♥ hand only
    the Frog bid (its exchange), a weak hand nothing."""
    options: dict[str, object] = {}
    grand = {e.contract: e for e in frog_estimates(_frog_mask("AH TH KH QH JH 9H AS TS AD TD AC"),
                                                   options)}
    assert grand[GRAND].chips > grand[FROG].chips > 0
    chico = {e.contract: e for e in frog_estimates(_frog_mask("AS TS KS QS JS 9S AC TC AD 7H 6H"),
                                                   options)}
    assert chico[CHICO].trump == 1 and chico[CHICO].chips > 0 and chico[GRAND].chips == 0
    weak = frog_estimates(_frog_mask("9C 7C 9S 8S 6S 9H 8H 7H 9D 8D 6D"), options)
    assert all(e.chips == 0 for e in weak)
    middling = {e.contract: e for e in frog_estimates(
        _frog_mask("AH KH 9H 8H 7H AS 8S 7C 6C 8D 6D"), options)}  # ♥ counts 65
    assert middling[FROG].chips > 0 and middling[GRAND].chips == 0


@pytest.mark.rule("FR-2")
def test_frog_discard_keeps_trumps_and_aces_and_lays_away_unguarded_points() -> None:
    """Fourteen cards: the bare ten and the king with one small guard would fall, so they go
    first, the ten first (more points), each saying its points count for the bidder; then the
    lowest card of the shortest side suit; never a trump or an ace."""
    hand = _frog_mask("AH TH KH QH JH 9H 7H 6H TS KC 7C AD 9D 8D")
    assert unguarded(hand, parse_card("TS")) and unguarded(hand, parse_card("KC"))
    assert not unguarded(_frog_mask("AC KC 7S"), parse_card("KC"))  # the ten is all it lacks
    laid, reasons = [], []
    for _ in range(3):
        card, why = discard_choice(hand)
        laid.append(card)
        reasons.append(why)
        hand &= ~(1 << card)
    assert laid == [parse_card("TS"), parse_card("KC"), parse_card("7C")]
    assert reasons[0].startswith("discard T♠: unguarded") and "10 points count for me" in \
        reasons[0]
    assert reasons[1].startswith("discard K♣: unguarded")
    assert reasons[2].startswith("discard 7♣: the lowest card of my shortest side suit")
    # only trumps and aces left to lay away: an ace of a side suit before any trump
    card, why = discard_choice(_frog_mask("AH TH KH QH JH 9H 8H 7H 6H AS AC AD"))
    assert card in (parse_card("AS"), parse_card("AC"), parse_card("AD"))
    assert "only trumps and aces left" in why
    card, why = discard_choice(_frog_mask("AH TH KH QH JH 9H 8H 7H 6H"))
    assert card == parse_card("6H") and "only trumps left" in why


@pytest.mark.rule("FR-2")
def test_frog_rule_bot_discards_three_with_reasons_and_holds_eleven() -> None:
    for seed in range(20):
        state = Frog().new_deal(seed)
        state.apply(37)  # forehand bids Frog
        while state.phase == "auction":
            state.apply(36)
        bidder = state.bidder
        assert bidder is not None
        bot = make_bot("rule", seed)
        while state.phase == "declare":
            action, why = bot.act(state.view(bidder))
            card = action - FROG_DISCARD_BASE
            assert why.startswith(f"discard {card_words(card)}: ")
            hand = state.hands[bidder]
            if any(c // 9 != 2 and c % 9 for c in range(36) if hand >> c & 1):
                assert card // 9 != 2 and card % 9 != 0  # neither a trump nor an ace
            state.apply(action)
        assert state.phase == "play" and state.hands[bidder].bit_count() == 11


def test_arena_plays_frog_with_seats_rotated() -> None:
    """The duplicate arena runs any registered game: each seating plays the same Frog deal,
    the kinds swapped score exactly minus, and a bot against itself scores zero (FR-4)."""
    r1 = duplicate_deal("rule", "random", 5, seed=3, game="frog")
    assert r1 == duplicate_deal("rule", "random", 5, seed=3, game="frog")
    mirrored = duplicate_deal("random", "rule", 5, seed=3, game="frog")
    flip = {a: ARRANGEMENTS.index(tuple("B" if x == "A" else "A" for x in a))
            for a in ARRANGEMENTS}
    for k, arrangement in enumerate(ARRANGEMENTS):
        assert mirrored.chips_a[flip[arrangement]] == -r1.chips_a[k]
    assert all(duplicate_deal("rule", "rule", i, seed=4, game="frog").score == 0
               for i in range(3))
    assert deal_of(8, 2, game="frog").key() == deal_of(8, 2, game="frog").key()
    assert deal_of(8, 2, game="frog").key() != deal_of(8, 2).key()  # another game's deal
    match = duplicate_match("rule", "random", 3, seed=2, game="frog")
    assert match.row().startswith("| rule vs random | 3 |")


def test_a_frog_match_carries_chips_from_deal_to_deal() -> None:
    """SBS-26..28 with Frog's settlement: chips are conserved over the match."""
    bots = [make_bot("rule", 60 + s) for s in range(3)]
    match = Match(Frog(), rng=5, deals=4)
    balances = match.play([b.act for b in bots])
    assert sum(balances) == 3 * 500 and match.deals_played == 4


def test_a_bot_refuses_a_game_without_its_choices_by_name() -> None:
    """A game whose folder lacks a bot's module is refused with a typed error naming the game
    (REC-2); the PIMC bot's rule-bot hybrids play Frog's phases they hand over."""
    from tutor.bots.base import game_choices
    from tutor.bots.pimc import PimcBot

    with pytest.raises(TutorError, match=r"REC-2.*PIMC bot does not know frog"):
        game_choices("frog", "no_such_room", "PIMC", "PIMC")
    state = Frog().new_deal(4)
    hybrid = PimcBot(1, auction="rule", play="rule")
    play_out(state, {s: hybrid for s in state.active})
    assert state.is_terminal()


# --- Crazy Solo: the secret partner stays secret from every bot -----------------------------------
@pytest.mark.rule("CS-9")
@pytest.mark.parametrize("kind", ["random", "rule"])
@pytest.mark.parametrize("players", [3, 4, 8, 12])
def test_crazy_solo_bots_see_the_partner_only_as_their_seat_may(kind: str, players: int) -> None:
    """Each bot gets its seat's Crazy Solo view: before the called card is played it shows a
    partner only to the seat holding the card (CS-9), and the answer depends on nothing else —
    the same view, copied, gets the same action and reason."""
    import copy

    game = CrazySolo({"players": players})
    for d in range(8):
        state = game.new_deal(d, dealer=d % players)
        seen: list[object] = []
        bots = {s: Spy(make_bot(kind, d * 10 + s), s, seen, CrazySoloView) for s in state.active}
        while not state.is_terminal():
            seat = state.to_move
            assert seat is not None
            view = state.view(seat)
            assert isinstance(view, CrazySoloView)
            if state.called >= 0 and not state.revealed:
                holds = bool(state.hands[seat] >> state.called & 1)
                assert view.partner == (seat if holds else None)
                assert view.public()["partner"] is None
            action, why = bots[seat].act(view)
            if kind == "rule":
                assert RuleBot(d * 10 + seat).act(copy.deepcopy(view)) == (action, why)
            state.apply(action)
        assert sum(state.chips()) == 0 and len(seen) == len(state.history())
