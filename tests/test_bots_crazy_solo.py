"""Crazy Solo's bots: the random and rule bots play whole deals legally from views only at 3 to
12 players; the rule bot's call, trump, called card and cards, each with a reason that says how
it reads who the partner may be; the partner feeds the bidder's side, the gang does not feed a
soloist's trick; no reason names a partner the seat cannot know."""

from __future__ import annotations

import re

import pytest

from tutor.bots import make_bot
from tutor.bots.arena import play_out
from tutor.bots.base import Bot, Table
from tutor.bots.rule_bot import RuleBot
from tutor.cards import Card
from tutor.games.crazy_solo.bots import partner_reading
from tutor.games.crazy_solo.hand import call_card, estimates, my_tricks
from tutor.games.crazy_solo.rules import CrazySolo, CrazySoloState, CrazySoloView, possible_partners
from tutor.games.tapp import CALLCARD_BASE, CARD_INDEX, PLAY, TappState, mask_of, parse_card
from tutor.state import Action


def _mask(texts: str) -> int:
    return mask_of([parse_card(t) for t in texts.split()])


class Spy:
    """Wraps a bot and checks what it is given: a Crazy Solo view of its own seat, on its turn,
    that holds the partner only as this seat may know it (CS-9), and no state."""

    def __init__(self, inner: Bot, seat: int, state: CrazySoloState) -> None:
        self.inner, self.seat, self.state = inner, seat, state
        self.name = inner.name
        self.said: list[tuple[CrazySoloView, Action, str]] = []

    def act(self, view: CrazySoloView) -> tuple[Action, str]:  # type: ignore[override]
        assert type(view) is CrazySoloView
        assert view.seat == self.seat and view.to_move == self.seat
        assert not any(isinstance(getattr(view, f), TappState) for f in view.__dataclass_fields__)
        state = self.state
        holds = state.called >= 0 and bool(state.hands[self.seat] >> state.called & 1)
        if state.called >= 0 and not state.revealed:
            assert view.partner == (self.seat if holds else None)
        action, why = self.inner.act(view)
        self.said.append((view, action, why))
        return action, why


def _play(options: dict[str, object], kind: str, d: int, blind: bool = False
          ) -> tuple[CrazySoloState, list[tuple[CrazySoloView, Action, str]]]:
    game = CrazySolo(options)
    state = game.new_deal(d, dealer=d % game.players, blind=blind)
    spies = {s: Spy(make_bot(kind, d * 100 + s), s, state) for s in state.active}
    chips = play_out(state, spies)  # checked apply: an illegal action raises
    assert state.is_terminal() and sum(chips) == 0  # CS-12
    said = [x for s in spies.values() for x in s.said]
    assert len(said) == len(state.history())  # one bot answer per action, no other
    return state, said


OPTIONS = [{"players": n} for n in range(3, 13)] + [
    {"players": 3, "three_handed_deck": 24}, {"players": 5, "plain_calls_allow_hearts": True},
    {"players": 7, "all_pass": "next_dealer", "blind_contract": "alone_in_hearts"}]


@pytest.mark.rule("CS-4", "CS-7", "CS-10")
@pytest.mark.parametrize("kind", ["random", "rule"])
@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: "-".join(f"{v}" for v in o.values()))
def test_bots_play_whole_crazy_solo_deals_legally_from_views_only(kind: str,
                                                                  options: dict[str, object]
                                                                  ) -> None:
    contracts = set()
    for d in range(12):
        state, said = _play(options, kind, d, blind=d % 4 == 3)
        assert all(isinstance(why, str) and why for _, _, why in said)
        contracts.add(state.contract_id)
    if kind == "random":
        assert contracts - {None}  # somebody bid in 12 deals


def _claims(why: str) -> list[int]:
    """Seats a reason says are (or must be) the partner."""
    return [int(k) for k in re.findall(r"seat (\d+) (?:must be|is) (?:my|the bidder's) partner",
                                       why)]


@pytest.mark.rule("CS-9")
@pytest.mark.parametrize("players", [4, 5, 6, 8, 10, 12])
def test_rule_bot_reasons_read_the_partner_and_never_know_too_much(players: int) -> None:
    """Every card reason of a deal with a called card reads the partner; a reason that names the
    partner does so only once the view allows it (the card played, only one seat possible, or
    this seat holding it)."""
    read = named = 0
    for d in range(25):
        _, said = _play({"players": players}, "rule", d)
        for view, _, why in said:
            assert why and ": " in why
            if view.phase != PLAY or len(view.legal) == 1:
                continue
            if view.called is not None:
                assert any(w in why for w in ("partner", "alone", "the called")), why
                read += 1
            for k in _claims(why):
                possible = possible_partners(view)
                assert view.partner_revealed or possible == (k,), (why, possible)
                named += 1
            if "I hold the called" in why:
                assert CARD_INDEX[view.called] in [CARD_INDEX[c] for c in view.hand]  # type: ignore[index]
    assert read > 20 and named > 0


@pytest.mark.rule("CS-4", "CS-7", "CS-8")
def test_every_call_trump_and_called_card_has_its_reason() -> None:
    kinds = {"call": 0, "trump": 0, "called": 0}
    for players in (4, 6, 9, 12):
        for d in range(10):
            _, said = _play({"players": players}, "rule", d)
            for view, _, why in said:
                if len(view.legal) == 1:
                    continue
                if view.phase == "auction":
                    kinds["call"] += 1
                    assert why.startswith(("pass: ", "bid ")) and "points" in why
                elif view.step == "trump":
                    kinds["trump"] += 1
                    assert why.startswith("trump ") and "tricks" in why
                elif view.step == "call":
                    kinds["called"] += 1
                    assert why.startswith("call ") and "(CS-8" in why
    assert all(v > 3 for v in kinds.values()), kinds


# --- a deal built by hand: the call, the partner's smear, the gang's discard ---------------------
HANDS = [["AS", "QH", "JH", "9H", "8H", "AC", "KC", "7D", "6D"],   # the bidder: no A♥ T♥ K♥
         ["KS", "6S", "7H", "6H", "QC", "JC", "9C", "8D", "9D"],   # the gang
         ["7S", "8S", "TH", "KH", "TC", "8C", "7C", "6C", "AD"],   # the gang
         ["AH", "TS", "JS", "9S", "QS", "KD", "QD", "JD", "TD"]]   # holds A♥: the partner


def _built() -> CrazySoloState:
    game = CrazySolo({"players": 4})
    state = game.from_record_deal({"dealer": 3, "hands": HANDS})
    state.apply(game.parse_call("solo-in-hearts"))
    for _ in range(3):
        state.apply(game.parse_call("pass"))
    return state


@pytest.mark.rule("CS-8")
def test_rule_bot_calls_the_highest_trump_it_lacks() -> None:
    state = _built()
    action, why = RuleBot(1).act(state.view(0))
    assert action == CALLCARD_BASE + CARD_INDEX[Card.parse("AH")]
    assert why.startswith("call A♥: the highest trump I lack")
    assert call_card(_mask(" ".join(HANDS[0])), 2, state.deck) == CARD_INDEX[Card.parse("AH")]


@pytest.mark.rule("CS-8", "CS-12")
def test_a_hand_that_makes_it_alone_calls_its_own_card() -> None:
    """Secretly alone: the bidder settles with the whole gang (CS-12)."""
    hands = [["AH", "TH", "KH", "QH", "AS", "TS", "AC", "TC", "AD"],
             ["JH", "9H", "KS", "QS", "KC", "QC", "KD", "QD", "JD"],
             ["8H", "7H", "JS", "9S", "JC", "9C", "TD", "9D", "8D"],
             ["6H", "8S", "7S", "6S", "8C", "7C", "6C", "7D", "6D"]]
    game = CrazySolo({"players": 4})
    state = game.from_record_deal({"dealer": 3, "hands": hands})
    state.apply(game.parse_call("solo-in-hearts"))
    for _ in range(3):
        state.apply(game.parse_call("pass"))
    action, why = RuleBot(1).act(state.view(0))
    assert state.hands[0] >> (action - CALLCARD_BASE) & 1
    assert "my own card" in why and "secretly alone" in why
    state.apply(action)
    assert state.partner == 0
    assert "I hold the called" in partner_reading(state.view(0)) and \
        "secretly alone" in partner_reading(state.view(0))


@pytest.mark.rule("CS-9", "CS-10")
def test_the_partner_feeds_the_bidder_and_the_gang_does_not() -> None:
    """The bidder leads A♠. Seat 1 (gang) cannot beat it: K♠ stays home, 6♠ goes. Seat 2
    likewise. Seat 3 holds the called A♥ and plays last: it adds T♠, 10 points, to the
    bidder's trick, saying why."""
    state = _built()
    state.apply(CALLCARD_BASE + CARD_INDEX[Card.parse("AH")])
    assert state.phase == PLAY and state.partner == 3
    state.apply(CARD_INDEX[Card.parse("AS")])
    bot = RuleBot(1)
    action, why = bot.act(state.view(1))
    assert action == CARD_INDEX[Card.parse("6S")]
    assert "the bidder is winning against my side" in why and "feeding it nothing" in why
    assert "the bidder's partner may be seat 2 or 3" in why
    state.apply(action)
    action, why = bot.act(state.view(2))
    assert action == CARD_INDEX[Card.parse("7S")]
    state.apply(action)
    action, why = bot.act(state.view(3))
    assert action == CARD_INDEX[Card.parse("TS")]
    assert why == ("T♠: the bidder wins this trick for my side: add points; I hold the called "
                   "A♥: I play for the bidder (seat 0)")


def test_partner_reading_as_the_table_learns() -> None:
    """From the bidder: unknown, then a seat ruled out by a void, then the partner revealed."""
    state = _built()
    state.apply(CALLCARD_BASE + CARD_INDEX[Card.parse("AH")])
    v0 = state.view(0)
    assert partner_reading(v0) == ("my partner may be seat 1, 2 or 3: A♥ is unseen and none of "
                                   "them has shown void in ♥")
    assert partner_reading(v0, 2) == ("seat 2 may be my partner: it has not shown void in ♥ "
                                      "(one of 3 seats that may hold A♥, so more likely the gang)")
    # the bidder leads Q♥; seat 1 follows 7♥, seat 2 T♥, seat 3 A♥: revealed
    for t in ("QH", "7H", "TH", "AH"):
        state.apply(CARD_INDEX[Card.parse(t)])
    assert partner_reading(state.view(0)) == "seat 3 is my partner: it played the called A♥"
    assert partner_reading(state.view(1)) == ("seat 3 is the bidder's partner: it played the "
                                              "called A♥")
    assert possible_partners(state.view(1)) == (3,)


@pytest.mark.rule("CS-10")
def test_a_void_rules_a_seat_out_in_the_reading() -> None:
    """Seat 1 holds no heart: when the bidder leads one (♥ trump), seat 1 neither follows nor
    can trump, and everyone reads that it cannot hold the called A♥."""
    hands = [HANDS[0], ["KS", "6S", "7S", "QC", "JC", "9C", "8D", "9D", "8C"],
             ["8S", "TH", "KH", "7H", "6H", "TC", "7C", "6C", "AD"], HANDS[3]]
    game = CrazySolo({"players": 4})
    state = game.from_record_deal({"dealer": 3, "hands": hands})
    state.apply(game.parse_call("solo-in-hearts"))
    for _ in range(3):
        state.apply(game.parse_call("pass"))
    state.apply(CALLCARD_BASE + CARD_INDEX[Card.parse("AH")])
    state.apply(CARD_INDEX[Card.parse("8H")])
    state.apply(CARD_INDEX[Card.parse("6S")])
    v0, v2 = state.view(0), state.view(2)
    assert partner_reading(v0, 1) == "seat 1 is not my partner: it has shown void in ♥"
    assert possible_partners(v0) == (2, 3) and possible_partners(v2) == (0, 3)
    assert partner_reading(v2) == ("the bidder's partner may be seat 3, or seat 0 itself, "
                                   "secretly alone: A♥ is unseen and none of them has shown "
                                   "void in ♥")
    action, why = RuleBot(1).act(v2)  # T♥ and K♥ would win, but A♥ is out: not safe
    assert action == CARD_INDEX[Card.parse("6H")]
    assert why.startswith("6♥: the bidder is winning against my side and I cannot take it "
                          "safely") and why.endswith(partner_reading(v2))


def test_table_reads_any_number_of_seats_and_the_sides() -> None:
    """Who played each card of a trick goes round all the seats; the sides are the view's."""
    state = _built()
    state.apply(CALLCARD_BASE + CARD_INDEX[Card.parse("AH")])
    for t in ("AS", "6S", "7S"):
        state.apply(CARD_INDEX[Card.parse(t)])
    t3 = Table.of(state.view(3))
    assert t3.trick_seats == (0, 1, 2) and t3.seats == 4 and t3.last_to_play
    assert t3.soloists == (0, 3) and t3.defenders == (1, 2)
    assert [t3.side_of(s) for s in range(4)] == [1, -1, -1, 1]
    t1 = Table.of(state.view(1))
    assert t1.soloists == (0,) and t1.defenders == (1,)
    assert [t1.side_of(s) for s in range(4)] == [-1, 1, 0, 0]
    assert not t1.out >> CARD_INDEX[Card.parse("AS")] & 1


@pytest.mark.rule("CS-2")
def test_the_deal_deck_leaves_removed_cards_out() -> None:
    """At 8 players the four 6s are out of the deal (CS-2): not counted as trumps still out."""
    state = CrazySolo({"players": 8}).new_deal(3)
    t = Table.of(state.view(0))
    assert not t.out & _mask("6C 6S 6H 6D")
    assert t.out.bit_count() == 32 - 4


def test_hand_count_scales_with_the_table() -> None:
    """Trumps count from the ace down, lower ones half a trick only among the deal's top trumps
    (as many as there are tricks); side aces count at 4 players, half at 5 to 7, not from 8."""
    assert my_tricks(_mask("AH TH KH QH AS AC TC 6D 7D"), 2, 4, 9) == (4, 1 + 2)  # A♠; A-T♣
    assert my_tricks(_mask("AH KH 9H AS 6D 7D 8D"), 2, 5, 7) == (1 + 0.5 * 2, 0.5)
    assert my_tricks(_mask("AH KH QH 7H"), 2, 8, 4) == (1 + 0.5 * 2, 0.0)
    assert my_tricks(_mask("AH KH 7H"), 2, 12, 3) == (1.5, 0.0)
    assert my_tricks(_mask("AS KH 7H"), 2, 12, 3) == (0.5, 0.0)
    weak = estimates(_mask("7C 8S 9D 6H"), 8, 4, (0, 1, 3))
    assert all(e.chips == 0 for e in weak)
    strong = {e.contract: e for e in estimates(_mask("AH TH KH QH JH AS AC TC AD"), 4, 9,
                                               (0, 1, 3))}
    assert strong[4].chips > strong[2].chips > 0  # alone in hearts pays the whole gang


def test_rule_bot_reproducible_and_out_of_turn_refused() -> None:
    from tutor.errors import IllegalActionError

    def run() -> list[int]:
        state = CrazySolo({"players": 7}).new_deal(5)
        play_out(state, {s: RuleBot(s) for s in range(7)})
        return state.history()

    assert run() == run()
    state = CrazySolo({"players": 7}).new_deal(5)
    other = next(s for s in range(7) if s != state.to_move)
    with pytest.raises(IllegalActionError):
        RuleBot(1).act(state.view(other))


def test_rule_bot_beats_random_bots_at_big_tables() -> None:
    """Sanity, not the ladder: over 30 deals at 8 players with rule and random bots seated
    alternately, the rule bots end ahead (the duplicate arena measures it properly)."""
    total = 0
    game = CrazySolo({"players": 8})
    for d in range(30):
        state = game.new_deal(d, dealer=d % 8)
        bots = {s: make_bot("rule" if (s + d) % 2 == 0 else "random", s) for s in range(8)}
        chips = play_out(state, bots)
        total += sum(c for s, c in enumerate(chips) if (s + d) % 2 == 0)
    assert total > 0


def test_random_bot_covers_every_legal_call() -> None:
    state = CrazySolo({"players": 6}).new_deal(2)
    view = state.view(state.to_move or 0)
    bot = make_bot("random", 5)
    assert {bot.act(view)[0] for _ in range(200)} == set(view.legal)


@pytest.mark.rule("CS-9")
@pytest.mark.parametrize("seed", range(6))
def test_rule_and_random_bots_are_built_from_views_only(seed: int) -> None:
    """The twin test of ``tests/test_pimc_crazy_solo.py`` for the other two bots: the partner
    moved to another seat's hand, the same view — the same card and the same reason."""
    from test_pimc_crazy_solo import _same_view_other_partner

    s, t, seat = _same_view_other_partner(seed)
    assert s.partner != t.partner and s.view(seat) == t.view(seat)
    for kind in ("rule", "random"):
        assert make_bot(kind, seed).act(s.view(seat)) == make_bot(kind, seed).act(t.view(seat))
