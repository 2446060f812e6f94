"""Reading the calls (tutor.engine.inference, with Six-Bid Solo's reading in
tutor.games.six_bid_solo.sampling): which sampled deals fit the other players' calls.

A bid is read by the rules of thumb of tutor.engine.hand, leniently; a pass (final, SBS-14)
rules out only a hand clearly calling for more; the reading is a preference that falls back on
the sampler's uniform deals, and with no call to read it is exactly the sampler's draw
(SBS-13..16a for who spoke, SBS-18/19 for the trump).
"""

from __future__ import annotations

import pytest
from sbs import rec

from tutor.cards import Card
from tutor.engine import inference
from tutor.engine.inference import callers, passers, read_calls
from tutor.engine.record import state_of
from tutor.engine.sampler import Sampler, world_of
from tutor.games.six_bid_solo.rules import (
    CALL_SOLO,
    GUARANTEE,
    HEART_SOLO,
    MISERE,
    SOLO,
    SPREAD,
    SixBidSolo,
    SixBidSoloState,
    call_action,
)
from tutor.games.six_bid_solo.sampling import fits_call, strong_above
from tutor.games.tapp import CARD_INDEX, PASS, PLAY
from tutor.solver.advisor import advise_view


def _hand(text: str) -> int:
    return sum(1 << CARD_INDEX[Card.parse(t)] for t in text.split())


STRONG_CLUBS = _hand("AC TC KC QC JC 9C 8C AS 7S 7D 6D")  # 93 with ♣, 53 with ♥
STRONG_HEARTS = _hand("AH TH KH QH JH 9H AS TS AD 7C 6C")
LOW = _hand("7C 6C 8S 7S 6S 8H 7H 6H 8D 7D 6D")  # every card covered twice over
WEAK = _hand("9C 7C 9S 8S 6S 9H 8H 7H 9D 8D 6D")  # counts 18 with any trump


def test_fits_call_by_contract() -> None:
    """SBS-14: each call is read by the rules of thumb of its own contract (SBS-19 trumps)."""
    assert fits_call(STRONG_CLUBS, SOLO)
    assert not fits_call(STRONG_CLUBS, HEART_SOLO)  # Heart Solo: hearts are trump
    assert fits_call(STRONG_HEARTS, HEART_SOLO)
    # Solo may not name hearts (SBS-19) unless the option allows it (SBS-V5)
    hearts_only = _hand("AH TH KH QH JH 9H 8H 7C 6C 7S 6D")
    assert not fits_call(hearts_only, SOLO)
    assert fits_call(hearts_only, SOLO, options={"solo_trump": "any"})
    assert fits_call(STRONG_CLUBS, GUARANTEE)
    assert not fits_call(WEAK, SOLO) and not fits_call(WEAK, GUARANTEE)
    assert not fits_call(STRONG_CLUBS, CALL_SOLO)  # about 8 tricks, not 9½
    assert fits_call(_hand("AC TC KC QC JC 9C 8C AS TS KS AD"), CALL_SOLO)
    assert fits_call(LOW, MISERE) and fits_call(LOW, SPREAD)
    aces = _hand("AC TC KC QC JC 9C AS TS AD 7H 6H")  # five cards it could not duck
    assert not fits_call(aces, MISERE) and not fits_call(aces, SPREAD)
    two_high = _hand("AC 6C 8S 7S 6S 8H 7H 6H AD 7D 6D")  # two aces it could not duck
    assert fits_call(two_high, MISERE) and not fits_call(two_high, SPREAD)


def test_the_named_trump_is_the_one_read_in_the_play() -> None:
    """SBS-19: once trump is named, the bidder's hand is read with that trump only."""
    assert fits_call(STRONG_CLUBS, SOLO, trump=0)
    assert not fits_call(STRONG_CLUBS, SOLO, trump=3)


def _auction(calls: list[str], dealer: int = 2, seed: int = 11) -> SixBidSoloState:
    state = SixBidSolo().new_deal(seed, dealer=dealer)
    for c in calls:
        state.apply(call_action(c) if c != "pass" else PASS)
    return state


def test_callers_reads_each_other_seats_highest_bid_not_passes() -> None:
    """SBS-14..16a: each call outbids the last, so a seat's last bid is its highest; passes and
    the viewer's own bids are not read."""
    state = _auction(["solo", "heart-solo", "guarantee-solo"])  # seats 0, 1, 0
    assert state.to_move == 1
    assert callers(state.view(1)) == {0: GUARANTEE}
    state = _auction(["pass", "misere"])  # forehand passes at once (SBS-16)
    assert callers(state.view(state.to_move)) == {1: MISERE}
    assert callers(_auction([]).view(0)) == {}


def test_no_bid_to_read_gives_the_samplers_own_draw() -> None:
    """With nothing read the reading is the sampler's uniform deals, draw for draw."""
    state = _auction([])  # forehand speaks first: no call to read
    view = state.view(state.to_move)
    sampler = Sampler(view)
    got = read_calls(view, sampler, 12, 5)
    assert got.deals == sampler.deals(12, 5) and got.fitted == 12 and got.drawn == 12
    assert got.describe() == ""
    off = read_calls(_auction(["solo"]).view(1), Sampler(_auction(["solo"]).view(1)), 12, 5,
                     read=False)
    assert off.deals == Sampler(_auction(["solo"]).view(1)).deals(12, 5)


@pytest.mark.parametrize("calls", [["solo"], ["pass", "misere"], ["heart-solo"],
                                   ["solo", "guarantee-solo"], ["pass"], ["pass", "pass"],
                                   ["solo", "pass"]])
def test_read_deals_fit_every_call_and_the_view(calls: list[str]) -> None:
    """The deals that fit every other seat's bid, and in which no other seat that passed held
    a hand clearly calling for more (SBS-14: a pass is final), come first, the fill (if any)
    after; each is a world of the same view (SBS-8); the draw is reproducible from the seed."""
    state = _auction(calls)
    seat = state.to_move
    assert seat is not None
    view = state.view(seat)
    sampler = Sampler(view)
    got = read_calls(view, sampler, 20, 3)
    said, passed = callers(view), passers(view)
    assert (said or passed) and len(got.deals) == 20 and got.fitted >= 1
    for i, d in enumerate(got.deals):
        fits = all(fits_call(d.hands[s], c) for s, c in said.items()) and not any(
            strong_above(d.hands[s], c) for s, c in passed.items())
        assert fits == (i < got.fitted)
        assert world_of(sampler.history, d).view(seat) == view
    assert got.fitted == 20 or got.drawn == inference.DRAWS_PER_DEAL * 20
    again = read_calls(view, Sampler(view), 20, 3)
    assert again.deals == got.deals
    words = got.describe()
    assert ("every deal sampled fits" in words) == (got.fitted == 20)
    assert all(f"seat {s} passed" in words for s in passed)


def test_passers_and_what_a_pass_rules_out() -> None:
    """SBS-14..16: a pass is final, so it is read with the contract standing when it came."""
    state = _auction(["solo", "pass"])  # forehand Solo, middlehand passes facing it
    assert state.to_move == 2
    assert passers(state.view(2)) == {1: SOLO} and callers(state.view(2)) == {0: SOLO}
    assert passers(_auction(["pass", "pass"]).view(2)) == {0: 0, 1: 0}
    # a clearly strong hand would not pass first; facing Call Solo nothing is above
    strong = _hand("AC TC KC QC JC 9C 8C AS TS KS AD")
    assert strong_above(strong, 0) and not strong_above(strong, CALL_SOLO)
    assert not strong_above(WEAK & ~_hand("9C") | _hand("AC"), HEART_SOLO)
    assert strong_above(LOW, 0) and not strong_above(LOW, SPREAD)  # a Spread Misère hand


def test_a_bid_no_deal_fits_falls_back_on_the_samplers_deals(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A preference, not a filter: with too few fitting deals the rest are filled from the
    draws, and the reading says so."""
    state = _auction(["call-solo"])  # almost no hand expects 9½ tricks
    view = state.view(1)
    monkeypatch.setattr(inference, "DRAWS_PER_DEAL", 2)
    got = read_calls(view, Sampler(view), 10, 1)
    assert len(got.deals) == 10 and got.drawn == 20 and got.fitted < 10
    assert f"only {got.fitted} of the 10 deals sampled fit" in got.describe()
    assert "could not be found in 20 draws" in got.describe()
    assert "seat 0 bid Call Solo" in got.describe()


def test_the_advisor_reads_the_bids() -> None:
    """The advisor's worlds fit the other players' bids and its table says what it read."""
    state = _auction(["solo"], seed=5, dealer=0)  # forehand is seat 1
    assert state.to_move is not None
    view = state.view(state.to_move)
    read = advise_view(view, 8, 7, first=8, adaptive=False)
    plain = advise_view(view, 8, 7, first=8, adaptive=False, read_calls=False)
    assert read.reading.startswith("Calls read (seat 1 bid Solo)")
    assert plain.reading == "" and read.as_dict()["reading"] == read.reading
    # the same seed, other worlds: some row's values differ
    assert any(a.values != b.values for a, b in zip(read.rows, plain.rows, strict=True))


def test_a_defender_reads_the_bidders_hand_with_the_trump_named(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The PIMC bot's worlds in the play: the bidder's hand fits Solo with the named trump
    (given draws enough to find six such deals)."""
    from tutor.bots.pimc import PimcBot

    monkeypatch.setattr(inference, "DRAWS_PER_DEAL", 100)

    state = state_of(rec(play=[]))  # seat 0 bid Solo, trump spades (SBS-19)
    assert state.phase == PLAY
    view = state.view(1)
    bot = PimcBot(seed=3)
    worlds = bot.draw_worlds(view, Sampler(view), 6)
    assert len(worlds) == 6
    for w in worlds:
        assert fits_call(w.dealt[0], SOLO, trump=1)
    again = PimcBot(seed=3).draw_worlds(view, Sampler(view), 6)
    assert [w.dealt for w in again] == [w.dealt for w in worlds]  # the bot's seed alone
