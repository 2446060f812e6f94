"""How the worked deals of the contract lessons were made (run once; the records are the source).

For each contract: shuffle seeded deals until the bidder's hand suits the contract, script an
instructive auction and declaration, let the rule bots (:mod:`tutor.bots`) play the cards, and
keep the first deal whose result is the one the lesson wants to show. Every record is written
with :func:`tutor.engine.record.save`, which refuses a record that does not replay.

Frog's deals (``frog-*.json``, :data:`FROG_PLANS`) script the auction only: the rule bots also
make the declaration (the Frog bidder's discard, Chico's trump), by Frog's rules of thumb.

Crazy Solo's worked deal (``crazy-solo-*.json``, :data:`CRAZY_PLANS`) scripts the auction with a
take-over in hearts and the called card (the highest heart the bidder lacks); the rule bots play
the cards, each from its own view.

Sixty-Six's worked deal (``sixty-six-*.json``, :data:`SIXTY_SIX_PLANS`) is played by both seats
with :func:`sixty_six_move`, a few plain rules of thumb (claim at 66, exchange the 9, declare a
marriage, close with a lead of 40 and three trumps with the ace or ten, win a trick worth 10 or
more as cheaply as possible, else throw the cheapest card); the first seeded deal whose play
shows what the lesson wants is kept.

Auction Pitch's worked deal (``auction-pitch-*.json``, :data:`PITCH_PLANS`) is a seeded hand at
four players, called and played by the rule bot for every seat, each from its own hand and the
public play (``tutor.games.auction_pitch.pimc.rule_action``); the first seed whose hand shows
what the lesson wants is kept.

    python notebooks/deals/make_deals.py            # rewrites notebooks/deals/*.json
    python notebooks/deals/make_deals.py frog-bid   # only the named records

The lessons and the tests only read the JSON records; this script is not run by CI.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path

from tutor.bots import make_bot
from tutor.engine.record import save
from tutor.games.auction_pitch import rules as pi
from tutor.games.auction_pitch.pimc import rule_action
from tutor.games.auction_pitch.rules import AuctionPitch, PitchState
from tutor.games.crazy_solo.rules import SOLO_IN_HEARTS, CrazySolo, CrazySoloState
from tutor.games.frog.rules import FROG, Frog, FrogState
from tutor.games.six_bid_solo.rules import SixBidSolo, SixBidSoloState, parse_call
from tutor.games.sixty_six import rules as ss
from tutor.games.sixty_six.rules import SixtySix, SixtySixState
from tutor.games.tapp import (
    CALL_BASE,
    CALLCARD_BASE,
    DECLINE,
    GIVE_BASE,
    HEARTS,
    PASS,
    POINTS,
    SUIT_MASK,
    SUIT_OF,
    TRUMP_BASE,
    TappState,
    mask_cards,
    mask_points,
)

HERE = Path(__file__).resolve().parent


def length(hand: int, suit: int) -> int:
    return (hand & SUIT_MASK[suit]).bit_count()


def points(hand: int) -> int:
    return sum(POINTS[c] for c in mask_cards(hand))


def high(hand: int) -> int:
    """Aces and tens held."""
    return sum(1 for c in mask_cards(hand) if c % 9 in (0, 1))


def low_only(hand: int) -> bool:
    """No ace, ten or king outside a suit where the bidder also holds the low cards."""
    return high(hand) == 0 and sum(1 for c in mask_cards(hand) if c % 9 == 2) <= 1


def best_trump(hand: int, suits: tuple[int, ...]) -> int:
    return max(suits, key=lambda s: (length(hand, s), points(hand & SUIT_MASK[s])))


Fit = Callable[[int], bool]
Want = Callable[[SixBidSoloState], bool]


def made(state: SixBidSoloState) -> bool:
    return state.made()


def lost(state: SixBidSoloState) -> bool:
    return not state.made()


def pointless_tricks(state: SixBidSoloState) -> bool:
    """Lost by default (a trick won) but made under misère by points (SBS-V1)."""
    bidder = state.bidder
    assert bidder is not None
    return state.won_tricks[bidder] > 0 and state.won_points[bidder] == 0


PLANS: dict[str, tuple[list[str], int, Fit, Want]] = {
    # record name: (calls, bidder's position 0..2, does the hand suit it, the result wanted)
    "solo": (["solo", "pass", "pass"], 0,
             lambda h: length(h, best_trump(h, (0, 1, 3))) >= 5 and points(h) >= 40, made),
    "heart-solo": (["solo", "heart-solo", "pass", "pass"], 1,
                   lambda h: length(h, 2) >= 5 and points(h) >= 38, lost),
    "misere": (["pass", "solo", "misere", "pass"], 2, low_only, made),
    "misere-by-points": (["pass", "pass", "misere"], 2, low_only, pointless_tricks),
    "guarantee-solo": (["solo", "pass", "guarantee-solo", "pass"], 2,
                       lambda h: length(h, best_trump(h, (0, 1, 2, 3))) >= 6 and high(h) >= 4,
                       made),
    "spread-misere": (["pass", "pass", "spread-misere"], 2,
                      lambda h: low_only(h) and points(h) <= 6, lost),
    "call-solo": (["call-solo", "pass", "pass"], 0,
                  lambda h: high(h) >= 6 and length(h, best_trump(h, (0, 1, 2, 3))) >= 5, made),
}


def discard_decides(state: FrogState) -> bool:
    """A Frog bid made only thanks to the discard: two or more point cards laid away whose
    points lift P from under 61 in tricks to 61 or more (FR-1, FR-2)."""
    bidder = state.bidder
    assert bidder is not None
    laid = [c for c in mask_cards(state.discarded) if POINTS[c]]
    return len(laid) >= 2 and state.won_points[bidder] < 61 <= state.bidder_points()


def widow_counts(state: FrogState) -> bool:
    """Made, with a widow of at least 10 points counting for the bidder (FR-1)."""
    return state.made() and mask_points(state.widow) >= 10


def lost_by_margin(state: FrogState) -> bool:
    """Lost, the widow's points counted and still short of 61 (FR-1)."""
    return not state.made() and mask_points(state.widow) >= 10 and state.bidder_points() >= 40


def frog_hand(contract: int) -> Fit:
    """Trumps and points enough to bid ``contract``: ♥ for the Frog bid and Grand (FR-2)."""
    if contract == FROG:
        return lambda h: length(h, 2) >= 4 and points(h) >= 30
    if contract == 2:  # Chico: a long black or ♦ suit
        return lambda h: length(h, best_trump(h, (0, 1, 3))) >= 5 and points(h) >= 40
    return lambda h: length(h, 2) >= 5 and points(h) >= 40


FrogWant = Callable[[FrogState], bool]
FROG_PLANS: dict[str, tuple[list[str], int, Fit, FrogWant]] = {
    # record name: (calls, bidder's position 0..2, does the hand suit it, the result wanted)
    "frog-bid": (["frog", "pass", "pass"], 0, frog_hand(FROG), discard_decides),
    "frog-chico": (["pass", "chico", "pass"], 1, frog_hand(2), widow_counts),
    "frog-grand": (["pass", "pass", "grand"], 2, frog_hand(3), lost_by_margin),
}


# --- Crazy Solo ----------------------------------------------------------------------------------
CrazyWant = Callable[[CrazySoloState], bool]
CRAZY_PLANS: dict[str, tuple[int, list[int], Fit, CrazyWant]] = {
    # record name: (players, the positions that call Solo in hearts, the last one taking it
    # over; does the bidder's hand suit it, the result wanted)
    "crazy-solo-takeover": (
        5, [1, 3], lambda h: length(h, HEARTS) >= 3 and not h >> (9 * HEARTS) & 1,
        lambda s: (s.partner not in (None, s.bidder) and 2 <= _reveal_trick(s) < s.hand_size
                   and 65 <= s.bidder_points() <= 100
                   and s.payment() != 3 * (s.bidder_points() - 60)
                   and _void_before_reveal(s))),
}


def _void_before_reveal(state: CrazySoloState) -> bool:
    """Before the called card is played, two seats or more show they have no heart — each does
    not follow a heart lead, or neither follows nor trumps another lead — so the play rules them
    out as the partner (CS-10)."""
    out = set()
    for leader, cards, _ in state.tricks[:_reveal_trick(state) - 1]:
        led = SUIT_OF[cards[0]]
        for i, c in enumerate(cards):
            if SUIT_OF[c] != led and (led == HEARTS or SUIT_OF[c] != HEARTS):
                out.add((leader + i) % state.n)
    return len(out) >= 2


def _reveal_trick(state: CrazySoloState) -> int:
    """The trick (1..) in which the called card was played."""
    return next(k + 1 for k, (_, cards, _) in enumerate(state.tricks) if state.called in cards)


def make_crazy(name: str) -> dict[str, object]:
    """A Crazy Solo deal: Solo in hearts and its take-over, the highest heart the bidder lacks
    called (CS-4, CS-8), then played by the rule bots."""
    players, positions, fits, wanted = CRAZY_PLANS[name]
    game = CrazySolo({"players": players})
    for seed in range(1, 20000):
        state = game.new_deal(seed, dealer=players - 1)  # the leader is seat 0
        bidder = state.active[positions[-1]]
        if not fits(state.hands[bidder]) or length(state.hands[state.active[positions[0]]],
                                                   HEARTS) < 3:
            continue
        for pos in range(players):
            state.apply(CALL_BASE + SOLO_IN_HEARTS if pos in positions else PASS)
        assert state.bidder == bidder
        missing = [c for c in range(9 * HEARTS, 9 * HEARTS + 9) if not state.hands[bidder] >> c & 1]
        state.apply(CALLCARD_BASE + missing[0])
        play(state, seed)
        if wanted(state):
            print(f"{name}: seed {seed}, P={state.bidder_points()}, partner={state.partner}, "
                  f"reveal trick {_reveal_trick(state)}, chips={state.chips()}", file=sys.stderr)
            return state.record()
    raise SystemExit(f"no deal found for {name}")


def play(state: TappState, seed: int) -> None:
    bots = [make_bot("rule", seed + s) for s in range(state.n)]
    while not state.is_terminal():
        seat = state.to_move
        assert seat is not None
        action, _ = bots[seat].act(state.view(seat))
        state.apply(action)


def declare(state: SixBidSoloState) -> None:
    bidder = state.bidder
    assert bidder is not None
    while state.phase == "declare":
        hand = state.hands[bidder]
        if state.step == "trump":
            legal = [a - TRUMP_BASE for a in state.legal_actions()]
            state.apply(TRUMP_BASE + best_trump(hand, tuple(legal)))
        elif state.step == "call":  # call the best card missing in the longest suit
            trump = best_trump(hand, (0, 1, 2, 3))
            missing = [c for c in range(9 * trump, 9 * trump + 9) if not hand >> c & 1]
            state.apply(CALLCARD_BASE + missing[0] if missing else DECLINE)
        else:  # give back the lowest card outside trump
            legal = state.legal_actions()
            state.apply(max(legal, key=lambda a: ((a - GIVE_BASE) % 9, -POINTS[a - GIVE_BASE])))


def make(contract: str) -> dict[str, object]:
    if contract in FROG_PLANS:
        return make_frog(contract)
    if contract in CRAZY_PLANS:
        return make_crazy(contract)
    calls, position, fits, wanted = PLANS[contract]
    game = SixBidSolo()
    for seed in range(1, 20000):
        state = game.new_deal(seed, dealer=2)  # forehand is seat 0
        bidder = state.active[position]
        if not fits(state.hands[bidder]):
            continue
        for token in calls:
            state.apply(parse_call(token))
        if state.bidder != bidder:
            continue
        declare(state)
        play(state, seed)
        if wanted(state):
            print(f"{contract}: seed {seed}, P={state.bidder_points()}, "
                  f"tricks={state.won_tricks[bidder]}, chips={state.chips()}", file=sys.stderr)
            return state.record()
        print(f"{contract}: seed {seed} made={state.made()}, trying on", file=sys.stderr)
    raise SystemExit(f"no deal found for {contract}")


def make_frog(name: str) -> dict[str, object]:
    """A Frog deal: the scripted auction, then the rule bots declare and play (FR-2)."""
    calls, position, fits, wanted = FROG_PLANS[name]
    game = Frog()
    for seed in range(1, 20000):
        state = game.new_deal(seed, dealer=2)  # forehand is seat 0
        bidder = state.active[position]
        if not fits(state.hands[bidder]):
            continue
        for token in calls:
            state.apply(game.parse_call(token))
        if state.bidder != bidder:
            continue
        play(state, seed)
        if wanted(state):
            print(f"{name}: seed {seed}, P={state.bidder_points()}, chips={state.chips()}",
                  file=sys.stderr)
            return state.record()
        print(f"{name}: seed {seed} made={state.made()}, trying on", file=sys.stderr)
    raise SystemExit(f"no deal found for {name}")


# --- Sixty-Six -----------------------------------------------------------------------------------
def _beats(card: int, lead: int, trump: int) -> bool:
    """SS-7: does ``card``, following ``lead``, win the trick?"""
    if ss.SUIT_OF[card] == ss.SUIT_OF[lead]:
        return card < lead  # a lower index is a higher card
    return ss.SUIT_OF[card] == trump


def _spouse(card: int, hand: int) -> bool:
    """Is ``card`` a king or queen whose partner of the marriage is in ``hand``?"""
    place = card % 6
    if place == ss.KING:
        return bool(hand >> (card + 1) & 1)
    return place == ss.QUEEN and bool(hand >> (card - 1) & 1)


def _closing_time(state: SixtySixState, seat: int) -> bool:
    """40 or more already, and three trumps with the ace or the ten among them."""
    trumps = [c for c in ss.mask_cards(state.hands[seat]) if ss.SUIT_OF[c] == state.trump]
    return (state.total(seat) >= 40 and len(trumps) >= 3
            and any(c % 6 in (ss.ACE, ss.TEN) for c in trumps))


def sixty_six_move(state: SixtySixState) -> int:
    """The rules of thumb both seats of the worked deal play by (every action legal: it is
    picked from ``legal_actions``)."""
    legal = state.legal_actions()
    seat = state.to_move
    assert seat is not None
    hand, trump = state.hands[seat], state.trump
    if ss.CLAIM in legal and state.total(seat) >= 66:
        return ss.CLAIM
    if state.step == "draw":
        return ss.CLOSE if _closing_time(state, seat) else ss.DRAW
    if ss.EXCHANGE in legal:
        return ss.EXCHANGE
    if ss.CLOSE in legal and state.tricks and _closing_time(state, seat):
        return ss.CLOSE
    marriages = [a for a in legal if ss.MARRIAGE <= a < ss.CARD]
    if marriages:  # the trump marriage first, leading the king
        return max(marriages, key=lambda a: (ss.SUIT_OF[ss.marriage_cards(a)[0]] == trump, -a))
    cards = [a - ss.CARD for a in legal if a >= ss.CARD]

    def cheap(c: int) -> tuple[bool, bool, int, int]:
        return ss.SUIT_OF[c] == trump, _spouse(c, hand), ss.POINTS[c], -c

    if state.step == "lead":
        if state.strict:  # the strongest card: trumps, then points
            return ss.CARD + max(cards, key=lambda c: (ss.SUIT_OF[c] == trump, ss.POINTS[c], -c))
        return ss.CARD + min(cards, key=cheap)
    lead = state.lead_card
    winners = [c for c in cards if _beats(c, lead, trump)]
    if winners and (ss.POINTS[lead] >= 10 or state.strict):
        return ss.CARD + min(winners, key=lambda c: (ss.SUIT_OF[c] == trump, ss.POINTS[c]))
    return ss.CARD + min(cards, key=cheap)


SixtySixWant = Callable[[SixtySixState], bool]
SIXTY_SIX_PLANS: dict[str, tuple[int, SixtySixWant]] = {
    # record name: (dealer, the play wanted)
    "sixty-six-close-and-claim": (1, lambda s: (
        s.ending == "SS-14a" and s.history()[0] >= ss.MARRIAGE  # a marriage at the first lead
        and ss.EXCHANGE in s.history() and s.closed_by == s.exchanged[0]  # type: ignore[index]
        and sum(1 for a in s.history() if ss.MARRIAGE <= a < ss.CARD) == 2)),
}


def make_sixty_six(name: str) -> dict[str, object]:
    """A Sixty-Six deal: both seats play by :func:`sixty_six_move` to the end."""
    dealer, wanted = SIXTY_SIX_PLANS[name]
    game = SixtySix()
    for seed in range(1, 20000):
        state = game.new_deal(seed, dealer)
        while not state.is_terminal():
            state.apply(sixty_six_move(state))
        if wanted(state):
            print(f"{name}: seed {seed}, {state.ending}, game points {state.points}, totals "
                  f"{state.totals()}", file=sys.stderr)
            return state.record()
    raise SystemExit(f"no deal found for {name}")


# --- Auction Pitch --------------------------------------------------------------------------------
def _trumped_while_able(state: PitchState) -> bool:
    """Did a player trump a plain-suit lead while holding the suit led (PI-8)?"""
    walk = state.game.from_record_deal(state.record())
    for a in state.history():
        if walk.phase == "play" and walk.trick and walk.trump >= 0:
            led = pi.SUIT_OF[walk.trick[0]]
            seat = walk.to_move
            assert seat is not None
            if (led != walk.trump and pi.SUIT_OF[a] == walk.trump
                    and walk.hands[seat] & pi.SUIT_MASK[led]):
                return True
        walk.apply(a)
    return False


def _steal_setback(state: PitchState) -> bool:
    """The dealer steals (PI-4b), the ace of trumps is not dealt (High is a lower trump), the
    trump jack is caught from its holder, someone trumps while able to follow, and the pitcher
    is set back (PI-11)."""
    if state.thrown_in or state.bidder != state.dealer:
        return False
    calls = [t for _, t in state.calls()]
    if calls.count(str(state.high)) < 2:  # the dealer's bid equals an earlier one: a steal
        return False
    played = [c for _, cs, _ in state.tricks for c in cs]
    jack = 13 * state.trump + pi.JACK
    if 13 * state.trump in played or jack not in played:
        return False
    leader, cards, winner = next(t for t in state.tricks if jack in t[1])
    caught = (leader + cards.index(jack)) % state.n != winner
    return caught and state.outcome().made is False and _trumped_while_able(state)


PITCH_PLANS: dict[str, Callable[[PitchState], bool]] = {
    "auction-pitch-steal-and-setback": _steal_setback,
}


def make_pitch(name: str) -> dict[str, object]:
    """An Auction Pitch hand at four players: the rule bot calls and plays every seat."""
    wanted = PITCH_PLANS[name]
    game = AuctionPitch({"players": 4})
    for seed in range(20000):
        rng = random.Random(seed)
        state = game.new_deal(rng, rng.randrange(4))
        while not state.is_terminal():
            state.apply(rule_action(state))
        if wanted(state):
            print(f"{name}: seed {seed}, {state.outcome()}", file=sys.stderr)
            return state.record()
    raise SystemExit(f"no deal found for {name}")


def main(names: list[str]) -> None:
    for name in names or [*PLANS, *FROG_PLANS, *CRAZY_PLANS, *SIXTY_SIX_PLANS, *PITCH_PLANS]:
        if name in SIXTY_SIX_PLANS:
            record = make_sixty_six(name)
        elif name in PITCH_PLANS:
            record = make_pitch(name)
        else:
            record = make(name)
        save(record, HERE / f"{name}.json")


if __name__ == "__main__":
    main(sys.argv[1:])
