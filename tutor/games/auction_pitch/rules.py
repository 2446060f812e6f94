"""Auction Pitch (Setback), exact to ``shared/rules/auction-pitch.md`` (rules PI-1..12, PI-4b).

A full 52-card pack (PI-1), 3 to 7 players each on their own (PI-2), six cards each (PI-3); one
call each from the eldest to the dealer (PI-4, PI-4b); the pitcher leads and the suit of that
card is trump (PI-7); High, Low, Jack and Game are won in the tricks (PI-10) and the pitcher who
falls short is set back by the bid (PI-11). Scores are points per player, not zero-sum chips.

How the state is kept (fast enough for bulk playouts and search):

- A card is an int 0..51, its index in :data:`DECK_52` — suit by suit (C S H D), each suit from
  the ace down (A K Q J 10 9 ... 2). So ``card // 13`` is the suit and, within a suit, a *lower*
  index is a *higher* card (PI-1). A hand is a 52-bit int mask; the undealt cards are in none.
- An action is an int: cards 0..51 (play), ``PASS`` 52, a bid of k at ``BID_BASE + k`` (53..56).
- Seats are numbered clockwise; the eldest is the dealer's left, ``(dealer + 1) % n`` (PI-3).

Every check raises :class:`IllegalActionError` with its rule id and the seat or record place.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from ...cards import DECK_52, Card, Suit
from ...errors import IllegalActionError, NotationError, RecordError, shown
from ...facts import ActionInfo, ActionTable, GameInfo
from ...state import Action, Game, GameState, as_rng, is_seat
from ..tapp import OptionSet

GAME_ID = "auction-pitch"

# --- cards as ints ---------------------------------------------------------------------------
CARDS: tuple[Card, ...] = DECK_52.cards
N_CARDS = 52
CARD_INDEX: dict[Card, int] = {c: i for i, c in enumerate(CARDS)}
CARD_TEXT: tuple[str, ...] = tuple(c.text for c in CARDS)
SUIT_OF: tuple[int, ...] = tuple(i // 13 for i in range(N_CARDS))
SUIT_MASK: tuple[int, ...] = tuple(0x1FFF << (13 * s) for s in range(4))
#: PI-10's game points: 10 = 10, A = 4, K = 3, Q = 2, J = 1 (the deck's point table)
GAME_POINTS: tuple[int, ...] = tuple(DECK_52.points(c) for c in CARDS)
JACK = 3  # the jack's place in a suit: A K Q J
SUIT_LETTERS = "CSHD"
SUIT_SYMBOLS = "♣♠♥♦"
HAND_SIZE = 6  # PI-3
TRICKS = 6  # PI-9
POINT_NAMES = ("high", "low", "jack", "game")  # PI-10, in the order PI-12 credits them

# --- actions ----------------------------------------------------------------------------------
PASS = 52
BID_BASE = 52  # BID_BASE + k is a bid of k (1..4)
N_ACTIONS = 57
CALL_TOKENS = ("pass", "1", "2", "3", "4")  # PI-4: the call ids, action PASS + i

AUCTION, PLAY, DONE = "auction", "play", "done"


def mask_cards(mask: int) -> list[int]:
    """The cards of a mask in index order: suits C S H D, rank high to low (display order)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_of(cards: Sequence[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def mask_game_points(mask: int) -> int:
    """PI-10: the game points of the cards of ``mask``."""
    return sum(GAME_POINTS[c] for c in mask_cards(mask))


def call_token(action: Action) -> str:
    """``pass``, ``1`` .. ``4`` (PI-4)."""
    return CALL_TOKENS[action - PASS]


def token_of(action: Action) -> str:
    """An action as record text: a card ``KS``, or a call ``pass`` / ``2``."""
    return CARD_TEXT[action] if action < N_CARDS else call_token(action)


def parse_call(token: object, where: str = "") -> Action:
    """``"pass"``, ``"1"`` .. ``"4"`` (strings, PI-4) → a call action; else a NotationError."""
    if isinstance(token, str) and token in CALL_TOKENS:
        return PASS + CALL_TOKENS.index(token)
    raise NotationError("PI-4", "a call is one of the strings pass, 1, 2, 3, 4", where=where,
                        what=repr(token))


def parse_card(token: object, where: str = "") -> int:
    """Card text → card int (REC-3). Every card of the 52-card pack is a card of this game."""
    try:
        return CARD_INDEX[DECK_52.parse(token, where)]  # type: ignore[arg-type]
    except NotationError:
        raise NotationError("REC-3", "unknown card text (rank A K Q J T 9 8 7 6 5 4 3 2, "
                            "suit C S H D)", where=where, what=repr(token)) from None


# --- options ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class PitchOptions(OptionSet):
    """The named options of ``auction-pitch.md`` (record key ``options``); default first.

    ``win_check``, ``target`` and ``smudge_wins_game`` are match options: a record accepts them
    and they change only what the match makes of a hand (:mod:`.match`), never the hand.
    """

    GAME: ClassVar[str] = GAME_ID

    players: int = 4
    min_bid: int = 1
    all_pass: str = "dealer_forced_2"
    dealer_steal: str = "below_4"
    strict_follow: bool = False
    low_point: str = "captured"
    win_check: str = "pitcher_hand"
    target: int = 7
    smudge_wins_game: bool = False

    CHOICES: ClassVar[dict[str, tuple[Any, ...]]] = {
        "players": (4, 3, 5, 6, 7),
        "min_bid": (1, 2),
        "all_pass": ("dealer_forced_2", "redeal_same_dealer", "eldest_pitches_free"),
        "dealer_steal": ("below_4", "none", "including_4"),
        "strict_follow": (False, True),
        "low_point": ("captured", "dealt_holder"),
        "win_check": ("pitcher_hand", "pitcher_first_then_HLJG"),
        "target": (7, 10, 11, 15, 21),
        "smudge_wins_game": (False, True),
    }


STEAL_UP_TO = {"below_4": 3, "including_4": 4, "none": 0}  # PI-4b: the highest bid stolen


def legal_call_table(options: PitchOptions) -> dict[tuple[bool, int], tuple[Action, ...]]:
    """PI-4b as a table: (is the speaker the dealer, the highest bid so far h) → legal calls,
    ``pass`` first then bids lowest first."""
    m = options.min_bid
    table: dict[tuple[bool, int], tuple[Action, ...]] = {}
    for h in range(5):
        table[False, h] = (PASS, *(BID_BASE + k for k in range(max(m, h + 1), 5)))
        if h == 0:
            if options.all_pass == "dealer_forced_2":  # stick the dealer: no pass
                table[True, h] = (BID_BASE + 2, BID_BASE + 3, BID_BASE + 4)
            else:
                table[True, h] = (PASS, *(BID_BASE + k for k in range(m, 5)))
        else:
            steal = (BID_BASE + h,) if h <= STEAL_UP_TO[options.dealer_steal] else ()
            table[True, h] = (PASS, *steal, *(BID_BASE + k for k in range(h + 1, 5)))
    return table


# --- actions as data ----------------------------------------------------------------------------
def _action_info(action: Action) -> ActionInfo:
    if action < N_CARDS:
        return ActionInfo("card", CARD_TEXT[action], CARD_TEXT[action], CARDS[action])
    token = call_token(action)
    return ActionInfo("call", "pass" if action == PASS else f"bid {token}", token)


#: Pitch's actions as data (:class:`tutor.facts.ActionInfo`): cards 0..51, pass 52, bids 53..56.
ACTIONS = ActionTable([_action_info(a) for a in range(N_ACTIONS)],
                      rules={"calls": "PI-4", "play": "REC-3"})


# --- the outcome of a hand ----------------------------------------------------------------------
@dataclass(frozen=True)
class HandOutcome:
    """What one finished hand scores (PI-10, PI-11): who won each point, the game points, each
    seat's points won and score change. ``pitcher`` and ``bid`` are None when nobody pitched
    (PI-6); ``thrown_in`` when the deal was thrown in to be dealt again."""

    pitcher: int | None
    bid: int | None
    thrown_in: bool
    high: int | None
    low: int | None
    jack: int | None
    game: int | None
    game_points: tuple[int, ...]
    points_won: tuple[int, ...]
    score_change: tuple[int, ...]

    @property
    def awards(self) -> dict[str, int | None]:
        """``{"high", "low", "jack", "game"}``: the seat awarded each point, or None."""
        return {"high": self.high, "low": self.low, "jack": self.jack, "game": self.game}

    @property
    def bidder_points(self) -> int | None:
        """The points the pitcher won (None without a pitcher)."""
        return None if self.pitcher is None else self.points_won[self.pitcher]

    @property
    def made(self) -> bool | None:
        """PI-11: did the pitcher's points won reach the bid? (None without a pitcher)"""
        if self.pitcher is None or self.bid is None:
            return None
        return self.points_won[self.pitcher] >= self.bid

    @property
    def smudge(self) -> int | None:
        """The seat awarded all four points in this hand (PI-12's smudge), if any."""
        four = [s for s, p in enumerate(self.points_won) if p == 4]
        return four[0] if four else None


# --- the state --------------------------------------------------------------------------------
Trick = tuple[int, tuple[int, ...], int]  # (leader, cards in play order, winner)


class PitchState(GameState):
    """One hand of Auction Pitch: the deal, the auction of one call each, six tricks, undo,
    views, records and the scoring of PI-10/PI-11."""

    #: the bids as contract ids, lowest first (the presentation names them)
    CONTRACTS: ClassVar[tuple[str, ...]] = ("1", "2", "3", "4")

    __slots__ = (
        "game", "options", "n", "dealer", "_next", "dealt", "hands", "_phase", "_to_move",
        "_history", "_undo", "high", "pitcher", "trump", "leader", "trick", "tricks", "won",
    )

    def __init__(self, game: AuctionPitch, dealer: int, hands: Sequence[int]) -> None:
        self.game: AuctionPitch = game
        self.options: PitchOptions = game.options
        self.n = game.players
        self.dealer = dealer
        self._next = game._next  # _next[seat]: the seat on its left (clockwise)
        self.dealt: tuple[int, ...] = tuple(hands)
        self.hands: list[int] = list(hands)
        self._phase = AUCTION
        self._to_move: int | None = self._next[dealer]  # PI-4: the eldest speaks first
        self._history: list[Action] = []
        self._undo: list[tuple[int, int]] = []  # (high, pitcher) before each call
        self.high = 0  # the highest bid so far (PI-4b's h)
        self.pitcher = -1  # the seat of the last bid (PI-5), -1 while none
        self.trump = -1  # fixed by the first card led (PI-7)
        self.leader = -1
        self.trick: list[int] = []
        self.tricks: list[Trick] = []
        self.won = [0] * self.n  # masks of the cards each seat won in tricks

    # -- basic queries --
    @property
    def phase(self) -> str:
        return self._phase

    @property
    def to_move(self) -> int | None:
        return self._to_move

    @property
    def eldest(self) -> int:
        """The dealer's left: first to speak (PI-3, PI-4)."""
        return self._next[self.dealer]

    @property
    def order(self) -> tuple[int, ...]:
        """Every seat in speaking order, the eldest first and the dealer last (PI-4)."""
        return tuple((self.dealer + 1 + i) % self.n for i in range(self.n))

    @property
    def bidder(self) -> int | None:
        """The pitcher once the auction is over (PI-5); None before, or when nobody bid."""
        return self.pitcher if self.pitcher >= 0 and self._phase != AUCTION else None

    @property
    def contract_id(self) -> str | None:
        """The winning bid as its call id (``"2"``) once the auction is over, else None."""
        return str(self.high) if self.bidder is not None else None

    @property
    def thrown_in(self) -> bool:
        """Everyone passed under ``all_pass: redeal_same_dealer`` (PI-6)."""
        return self._phase == DONE and not self.tricks

    def is_terminal(self) -> bool:
        return self._phase == DONE

    def history(self) -> list[Action]:
        return list(self._history)

    def token(self, action: Action) -> str:
        """An action as record text (``KS``, ``pass``, ``2``)."""
        return token_of(action)

    def calls(self) -> list[tuple[int, str]]:
        """Every call so far as (seat, call id), in the order spoken (PI-4)."""
        order = self.order
        return [(order[i], call_token(a)) for i, a in enumerate(self._history[:self.n])
                if a >= PASS]

    def key(self) -> tuple[Any, ...]:
        return (self.dealer, self.dealt, tuple(self.hands), self._phase, self._to_move,
                tuple(self._history), self.high, self.pitcher, self.trump, self.leader,
                tuple(self.trick), tuple(self.tricks), tuple(self.won))

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def copy(self) -> Self:
        new = type(self).__new__(type(self))
        new.game = self.game
        new.options = self.options
        new.n = self.n
        new.dealer = self.dealer
        new._next = self._next
        new.dealt = self.dealt
        new.hands = self.hands[:]
        new._phase = self._phase
        new._to_move = self._to_move
        new._history = self._history[:]
        new._undo = self._undo[:]
        new.high = self.high
        new.pitcher = self.pitcher
        new.trump = self.trump
        new.leader = self.leader
        new.trick = self.trick[:]
        new.tricks = self.tricks[:]
        new.won = self.won[:]
        return new

    # -- legal actions --
    def legal_mask(self) -> int:
        """The cards the player to move may play, as a mask (PI-8)."""
        hand = self.hands[self._to_move]  # type: ignore[index]
        trick = self.trick
        if not trick:
            return hand  # a lead: any card (the first one names trump, PI-7)
        led = SUIT_OF[trick[0]]
        follow = hand & SUIT_MASK[led]
        if not follow:
            return hand  # unable to follow: any card
        if led == self.trump or self.options.strict_follow:
            return follow  # a trump lead is followed in trumps; strict_follow: always follow
        return follow | (hand & SUIT_MASK[self.trump])  # follow, or trump instead

    def legal_calls(self) -> tuple[Action, ...]:
        """PI-4b: the calls of the player to move in the auction."""
        return self.game._calls[self._to_move == self.dealer, self.high]

    def legal_actions(self) -> list[Action]:
        if self._phase == PLAY:
            return mask_cards(self.legal_mask())
        if self._phase == AUCTION:
            return list(self.legal_calls())
        return []

    # -- applying actions --
    def apply(self, action: Action) -> None:
        """Apply ``action`` after checking it against the rules (raises IllegalActionError)."""
        if self._phase == PLAY and type(action) is int and 0 <= action < N_CARDS \
                and self.legal_mask() >> action & 1:
            self._play(action)  # the common case, checked inline
            self._history.append(action)
            return
        self._check(action)
        self.apply_unchecked(action)

    def apply_at(self, action: Action, where: str) -> None:
        """``apply`` with errors placed at ``where`` (a record's ``play[14]``)."""
        try:
            self._check(action)
        except IllegalActionError as e:
            raise e.at(where) from None
        self.apply_unchecked(action)

    def apply_unchecked(self, action: Action) -> None:
        if self._phase == PLAY:
            self._play(action)
        else:
            self._call(action)
        self._history.append(action)

    def _check(self, action: Action) -> None:
        """Raise the IllegalActionError that ``action`` earns here, naming rule and seat."""
        seat = self._to_move
        phase = self._phase
        valid = type(action) is int and 0 <= action < N_ACTIONS

        def fail(rule: str, detail: str) -> IllegalActionError:
            return IllegalActionError(rule, detail, what=token_of(action) if valid else
                                      repr(action), where=f"seat {seat}" if seat is not None
                                      else "")

        if not valid:
            raise fail("PI-4" if phase == AUCTION else "PI-8",
                       f"not an action of {GAME_ID} (0..{N_ACTIONS - 1})")
        if phase == DONE:
            if self.thrown_in:
                raise fail("PI-6", "everyone passed: the deal is thrown in and the same dealer "
                                   "deals again")
            raise fail("PI-9", "the hand is over: all six tricks are played")
        if phase == AUCTION:
            if action < PASS:
                raise fail("PI-4", f"the auction is on: {self.n} calls, one per player, come "
                                   "before the first lead")
            if action not in self.legal_calls():
                raise fail("PI-4b", self._call_error(action))
            return
        if action >= PASS:
            raise fail("PI-4", "each player speaks exactly once: the auction is over")
        assert seat is not None
        hand = self.hands[seat]
        if not hand >> action & 1:
            if not self.trick and not self.tricks:
                who = "the pitcher" if self.pitcher >= 0 else "the eldest (nobody bid, PI-6)"
                raise fail("PI-7", f"{who}, seat {seat}, leads the first trick and does not "
                                   f"hold {CARD_TEXT[action]}")
            raise fail("PI-8", f"seat {seat} does not hold {CARD_TEXT[action]}")
        if self.legal_mask() >> action & 1:
            return
        led = SUIT_OF[self.trick[0]]
        led_sym, trump_sym = SUIT_SYMBOLS[led], SUIT_SYMBOLS[self.trump]
        if led == self.trump:
            raise fail("PI-8", f"trump {trump_sym} was led: follow with a trump")
        if self.options.strict_follow:
            raise fail("PI-8", f"must follow suit {led_sym} (strict_follow)")
        raise fail("PI-8", f"able to follow {led_sym}: play a {led_sym} or a trump {trump_sym}")

    def _call_error(self, action: Action) -> str:
        """Why a call is not among PI-4b's legal calls, in words."""
        h, m = self.high, self.options.min_bid
        bid = action - BID_BASE
        dealer = self._to_move == self.dealer
        if dealer and h == 0:  # only under dealer_forced_2 does the dealer lack a call here
            return "everyone passed: the dealer must bid at least 2 (all_pass: dealer_forced_2)"
        if bid < m:
            return f"the lowest bid is {m} (min_bid)"
        if dealer and bid == h:
            if self.options.dealer_steal == "none":
                return "the dealer may not steal (dealer_steal: none): bid more or pass"
            return "a bid of 4 cannot be stolen (dealer_steal: below_4): pass"
        return f"a bid must be higher than the highest bid so far ({h})"

    # -- the auction (PI-4, PI-4b, PI-5, PI-6) --
    def _call(self, action: Action) -> None:
        seat = self._to_move
        assert seat is not None
        self._undo.append((self.high, self.pitcher))
        if action != PASS:
            self.high = action - BID_BASE
            self.pitcher = seat  # PI-5: the last bid, a steal included
        if seat != self.dealer:
            self._to_move = self._next[seat]
            return
        if self.pitcher >= 0:  # PI-7: the pitcher leads
            self._start_play(self.pitcher)
        elif self.options.all_pass == "redeal_same_dealer":  # PI-6: thrown in
            self._phase = DONE
            self._to_move = None
        else:  # PI-6 eldest_pitches_free: played without a pitcher, the eldest leads
            self._start_play(self._next[self.dealer])

    def _start_play(self, leader: int) -> None:
        self._phase = PLAY
        self.leader = leader
        self._to_move = leader

    # -- play (PI-7..9) --
    def _play(self, card: int) -> None:
        seat: int = self._to_move  # type: ignore[assignment]
        self.hands[seat] &= ~(1 << card)
        trick = self.trick
        if not trick and not self.tricks:
            self.trump = SUIT_OF[card]  # PI-7: the first card led names trump
        trick.append(card)
        if len(trick) < self.n:
            self._to_move = self._next[seat]
            return
        leader = self.leader
        winner = (leader + trick_winner(trick, self.trump)) % self.n
        self.tricks.append((leader, tuple(trick), winner))
        self.won[winner] |= mask_of(trick)
        self.trick = []
        self.leader = winner
        if len(self.tricks) == TRICKS:  # PI-9: six tricks in all
            self._phase = DONE
            self._to_move = None
        else:
            self._to_move = winner

    # -- undo --
    def undo(self) -> Action:
        if not self._history:
            raise IllegalActionError("PI-3", "nothing to undo: the hand has just been dealt")
        action = self._history.pop()
        if action >= PASS:  # a call: its seat speaks again
            self.high, self.pitcher = self._undo.pop()
            self._phase = AUCTION
            self.leader = -1
            self._to_move = (self.dealer + 1 + len(self._history)) % self.n
            return action
        if self.trick:
            self.trick.pop()
            seat = (self.leader + len(self.trick)) % self.n
            if not self.trick and not self.tricks:
                self.trump = -1  # the first lead taken back: no trump yet
        else:  # the card that completed the last trick
            leader, cards, winner = self.tricks.pop()
            self.won[winner] &= ~mask_of(cards)
            self.trick = list(cards[:-1])
            self.leader = leader
            seat = (leader + self.n - 1) % self.n
            self._phase = PLAY
        self.hands[seat] |= 1 << action
        self._to_move = seat
        return action

    # -- scoring (PI-10, PI-11) --
    def outcome(self) -> HandOutcome:
        """The scoring of the finished hand (PI-10, PI-11)."""
        if self._phase != DONE:
            raise IllegalActionError("PI-10", "the hand is scored when all six tricks are played")
        n = self.n
        pitcher = self.pitcher if self.pitcher >= 0 else None
        bid = self.high if pitcher is not None else None
        if self.thrown_in:
            zeros = (0,) * n
            return HandOutcome(None, None, True, None, None, None, None, zeros, zeros, zeros)
        won = self.won
        trumps = mask_of(self._dealt_cards()) & SUIT_MASK[self.trump]  # PI-3: in play = dealt

        def winner_of(card: int) -> int:
            return next(s for s in range(n) if won[s] >> card & 1)

        high_card = (trumps & -trumps).bit_length() - 1  # a lower index is a higher card
        low_card = trumps.bit_length() - 1
        high = winner_of(high_card)
        if self.options.low_point == "dealt_holder":
            low = next(s for s in range(n) if self.dealt[s] >> low_card & 1)
        else:
            low = winner_of(low_card)
        jack_card = 13 * self.trump + JACK
        jack = winner_of(jack_card) if trumps >> jack_card & 1 else None
        game_points = tuple(mask_game_points(w) for w in won)
        top = max(game_points)
        game = game_points.index(top) if game_points.count(top) == 1 else None  # ties: nobody
        points = [0] * n
        for s in (high, low, jack, game):
            if s is not None:
                points[s] += 1
        change = points[:]
        if pitcher is not None and points[pitcher] < self.high:  # PI-11: set back
            change[pitcher] = -self.high
        return HandOutcome(pitcher, bid, False, high, low, jack, game, game_points,
                           tuple(points), tuple(change))

    def _dealt_cards(self) -> list[int]:
        m = 0
        for h in self.dealt:
            m |= h
        return mask_cards(m)

    def chips(self) -> list[int]:
        """The hand's score change per seat (PI-11: points, not zero-sum); zeros before the end
        or when the deal is thrown in."""
        if self._phase != DONE:
            return [0] * self.n
        return list(self.outcome().score_change)

    def bidder_points(self) -> int:
        """The points the pitcher won (a finished hand with a pitcher)."""
        points = self.outcome().bidder_points
        assert points is not None, "no pitcher in this hand"
        return points

    def made(self) -> bool:
        """PI-11: did the pitcher win at least the bid? (a finished hand with a pitcher)"""
        made = self.outcome().made
        assert made is not None, "no pitcher in this hand"
        return made

    # -- views and records --
    def view(self, seat: int) -> PitchView:
        return PitchView.of(self, seat)

    def record(self) -> dict[str, Any]:
        """The hand record (``hand-record.md``): the deal as dealt, the calls, the cards."""
        calls = [call_token(a) for a in self._history if a >= PASS]
        play = [CARD_TEXT[a] for a in self._history if a < PASS]
        return {
            "format": "tutor-record/1",
            "game": GAME_ID,
            "options": self.game.options_dict(),
            "dealer": self.dealer,
            "hands": [[CARD_TEXT[c] for c in mask_cards(h)] for h in self.dealt],
            "calls": calls,
            "play": play,
        }

    def describe(self) -> dict[str, Any]:
        """The replay object of ``hand-record.md`` with the additions of the rule file's
        "Records and replay": awards, game points, points won, score changes; chips null."""
        done = self._phase == DONE
        out: dict[str, Any] = {
            "phase": self._phase,
            "to_move": self._to_move,
            "step": None,
            "legal": [token_of(a) for a in self.legal_actions()],
            "bidder": self.bidder,
            "contract": self.contract_id,
            "trump": SUIT_LETTERS[self.trump] if self.trump >= 0 else None,
            "tricks": [{"leader": ld, "cards": [CARD_TEXT[c] for c in cs], "winner": w}
                       for ld, cs, w in self.tricks],
            "current_trick": ({"leader": self.leader, "cards": [CARD_TEXT[c] for c in self.trick]}
                              if self.trick else None),
            "bidder_points": None,
            "bidder_tricks": None,
            "made": None,
            "chips": None,  # Pitch scores are points, not zero-sum chips
            "awards": None,
            "game_points": None,
            "points_won": None,
            "score_change": None,
        }
        if done:
            o = self.outcome()
            out["awards"] = o.awards
            out["game_points"] = list(o.game_points)
            out["points_won"] = list(o.points_won)
            out["score_change"] = list(o.score_change)
            if o.pitcher is not None:
                out["bidder_points"] = o.bidder_points
                out["bidder_tricks"] = sum(1 for _, _, w in self.tricks if w == o.pitcher)
                out["made"] = o.made
        return out

    def __repr__(self) -> str:
        return (f"<{type(self).__name__} dealer={self.dealer} phase={self._phase} "
                f"to_move={self._to_move} actions={len(self._history)}>")


def trick_winner(cards: Sequence[int], trump: int) -> int:
    """PI-9: the place in ``cards`` (play order) of the highest trump, else of the highest card
    of the led suit."""
    best, bc = 0, cards[0]
    bs = SUIT_OF[bc]
    for i in range(1, len(cards)):
        c = cards[i]
        s = SUIT_OF[c]
        if s == bs:
            if c < bc:  # a lower index is a higher card (PI-1)
                best, bc = i, c
        elif s == trump:  # the first trump on a plain-suit lead
            best, bc, bs = i, c, s
    return best


# --- fast random playout (the unchecked path used by benchmarks and Monte-Carlo) --------------
def random_playout(state: PitchState, rng: random.Random) -> None:
    """Play the rest of the hand with uniformly random legal cards, in place, unchecked.

    The state ends exactly as if each card had gone through ``apply`` (history, undo, tricks).
    """
    if state._phase != PLAY:
        raise IllegalActionError("PI-7", "a playout starts in the play phase")
    rand = rng.random
    history = state._history
    while state._phase == PLAY:
        m = state.legal_mask()
        for _ in range(int(rand() * m.bit_count())):  # drop the k lowest cards, take the next
            m &= m - 1
        card = (m & -m).bit_length() - 1
        state._play(card)
        history.append(card)


# --- per-seat views ---------------------------------------------------------------------------
@dataclass(frozen=True)
class PitchView:
    """What one seat may know at this moment — the only thing bots, quizzes and widgets get.

    Its own hand, every call, the pitcher and bid, trump, the cards played (every card played is
    face up) and, once the hand is over, its scoring. Never another hand, never an undealt card
    (PI-3: the rest of the pack is never shown).
    """

    game: str
    options: Mapping[str, Any]
    seat: int
    dealer: int
    active: tuple[int, ...]  # every seat, in speaking order: the eldest first, the dealer last
    phase: str
    to_move: int | None
    hand: tuple[Card, ...]
    calls: tuple[tuple[int, str], ...]  # (seat, call id) in the order spoken
    bidder: int | None  # the pitcher (PI-5)
    contract: str | None  # the bid, "1".."4"
    trump: Suit | None
    tricks: tuple[tuple[int, tuple[Card, ...], int], ...]  # (leader, cards, winner)
    trick_leader: int | None
    trick: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    won_tricks: tuple[int, ...]
    legal: tuple[Action, ...]  # this seat's legal actions when it is to move, else ()
    outcome: HandOutcome | None  # the scoring, once the hand is over

    @classmethod
    def of(cls, state: PitchState, seat: int) -> PitchView:
        if not is_seat(seat, state.n):
            raise IllegalActionError("PI-2", f"no such seat at a table of {state.n}",
                                     where="view", what=shown(seat))
        seat = int(seat)
        won_tricks = [0] * state.n
        for _, _, w in state.tricks:
            won_tricks[w] += 1
        return cls(
            game=GAME_ID,
            options=state.game.options_dict(),
            seat=seat,
            dealer=state.dealer,
            active=state.order,
            phase=state._phase,
            to_move=state._to_move,
            hand=tuple(CARDS[c] for c in mask_cards(state.hands[seat])),
            calls=tuple(state.calls()),
            bidder=state.bidder,
            contract=state.contract_id,
            trump=Suit(state.trump) if state.trump >= 0 else None,
            tricks=tuple((ld, tuple(CARDS[c] for c in cs), w) for ld, cs, w in state.tricks),
            trick_leader=state.leader if state._phase == PLAY else None,
            trick=tuple(CARDS[c] for c in state.trick),
            hand_sizes=tuple(h.bit_count() for h in state.hands),
            won_tricks=tuple(won_tricks),
            legal=tuple(state.legal_actions()) if state._to_move == seat else (),
            outcome=state.outcome() if state._phase == DONE else None,
        )

    def visible_cards(self) -> set[Card]:
        """Every card this view shows: the seat's hand and the cards played."""
        cards = set(self.hand) | set(self.trick)
        for _, cs, _ in self.tricks:
            cards |= set(cs)
        return cards

    def public(self) -> dict[str, Any]:
        """What every seat knows now, JSON-ready: the calls, the pitcher and bid, trump, the
        tricks, hand sizes and, at the end, the scoring; never a hand."""
        o = self.outcome
        return {
            "game": self.game, "options": dict(self.options), "dealer": self.dealer,
            "active": list(self.active), "phase": self.phase, "to_move": self.to_move,
            "calls": [[s, t] for s, t in self.calls], "bidder": self.bidder,
            "contract": self.contract,
            "trump": self.trump.letter if self.trump is not None else None,
            "tricks": [{"leader": ld, "cards": [c.text for c in cs], "winner": w}
                       for ld, cs, w in self.tricks],
            "trick_leader": self.trick_leader, "trick": [c.text for c in self.trick],
            "hand_sizes": list(self.hand_sizes), "won_tricks": list(self.won_tricks),
            "awards": o.awards if o else None,
            "game_points": list(o.game_points) if o else None,
            "points_won": list(o.points_won) if o else None,
            "score_change": list(o.score_change) if o else None,
        }

    def played_mask(self) -> int:
        """The cards played so far, as a mask."""
        m = mask_of([CARD_INDEX[c] for c in self.trick])
        for _, cs, _ in self.tricks:
            m |= mask_of([CARD_INDEX[c] for c in cs])
        return m


# --- the game ---------------------------------------------------------------------------------
class AuctionPitch(Game):
    """Auction Pitch with its options fixed (``auction-pitch.md``)."""

    id = GAME_ID
    state_class = PitchState
    #: PI-3 and the rule file's "Records and replay": no ``widow`` (the undealt cards are never
    #: recorded) and no ``declare`` (trump is fixed by ``play[0]``)
    record_keys = frozenset({"format", "game", "options", "dealer", "hands", "calls", "play"})
    #: the rule file bolds no default for ``players``: a record that leaves it out has as many
    #: players as hands (a game made without a record has 4, the seed's "best with 4")
    players_from_hands = True

    def __init__(self, options: PitchOptions | Mapping[str, Any] | None = None) -> None:
        if options is None:
            options = PitchOptions()
        elif not isinstance(options, PitchOptions):
            options = PitchOptions.from_dict(options)
        self.options: PitchOptions = options
        self.players: int = options.players
        n = self.players
        self._next: tuple[int, ...] = tuple((s + 1) % n for s in range(n))
        self._calls = legal_call_table(options)
        self._info = GameInfo(
            id=GAME_ID, name="Auction Pitch", rules="PI", deck=DECK_52, players=n,
            min_players=3, max_players=7, active_players=n, hand_size=HAND_SIZE, tricks=TRICKS,
            num_distinct_actions=N_ACTIONS, max_game_length=n + TRICKS * n,  # PI-4, PI-9
            utility="general-sum", score_unit="points", action_kinds=ACTIONS.kinds)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.options_dict()!r})"

    @property
    def info(self) -> GameInfo:
        """Pitch's facts: the 52-card deck, 3..7 seats all dealt 6 cards, the rest undealt;
        n calls and 6n cards at most; points per player, not zero-sum (PI-1..4, PI-9, PI-11)."""
        return self._info

    def action_info(self, action: Action) -> ActionInfo:
        """What ``action`` is: a card (``KS``) or a call (``pass``, ``bid 2``)."""
        return ACTIONS[action]

    def options_dict(self) -> dict[str, Any]:
        return self.options.as_dict()

    # -- dealing (PI-3) --
    def new_deal(self, rng: random.Random | int | None, dealer: int = 0) -> PitchState:
        """Shuffle and deal 6 cards each in packets of three, clockwise from the eldest (PI-3);
        the rest of the pack stays undealt."""
        n = self.players
        if not is_seat(dealer, n):
            raise RecordError("REC-6", f"dealer must be a seat 0..{n - 1}", where="dealer",
                              what=shown(dealer))
        dealer = int(dealer)
        pack = as_rng(rng).sample(range(N_CARDS), HAND_SIZE * n)  # the top 6n of a shuffle
        hands = [0] * n
        for j in range(n):  # the j-th seat from the dealer's left: packets j and n + j
            seat = (dealer + 1 + j) % n
            first, second = 3 * j, 3 * (n + j)
            hands[seat] = mask_of(pack[first:first + 3]) | mask_of(pack[second:second + 3])
        return PitchState(self, dealer, hands)

    def deal(self, dealer: int, hands: Sequence[Sequence[Card]]) -> PitchState:
        """A state from given cards, checked like a record's deal (REC-3..6)."""
        return self.from_record_deal({"dealer": dealer,
                                      "hands": [[c.text for c in h] for h in hands]})

    # -- records --
    def from_record_deal(self, record: Mapping[str, Any]) -> PitchState:
        n = self.players
        dealer = record.get("dealer")
        if type(dealer) is not int or not 0 <= dealer < n:
            raise RecordError("REC-6", f"dealer must be a seat 0..{n - 1}", where="dealer",
                              what=shown(dealer))
        hands_in = record.get("hands")
        if not isinstance(hands_in, list) or len(hands_in) != n:
            raise RecordError("REC-5", f"hands must list {n} seats (options.players)",
                              where="hands")
        seen: dict[int, str] = {}
        hands = [0] * n
        for seat, hand in enumerate(hands_in):
            if not isinstance(hand, list):
                raise RecordError("REC-1", "a hand must be a list of cards", where=f"hands[{seat}]")
            for i, text in enumerate(hand):
                where = f"hands[{seat}][{i}]"
                try:
                    c = parse_card(text, where)
                except NotationError as e:
                    raise RecordError(e.rule, e.detail, where=where, what=e.what) from None
                if c in seen:
                    raise RecordError("REC-4", f"a card twice (also at {seen[c]})", where=where,
                                      what=CARD_TEXT[c])
                seen[c] = where
                hands[seat] |= 1 << c
            if len(hand) != HAND_SIZE:
                raise RecordError("REC-5", f"every seat is dealt 6 cards (PI-3); seat {seat} "
                                  f"has {len(hand)}", where=f"hands[{seat}]")
        return PitchState(self, dealer, hands)

    def replay_record(self, state: GameState, record: Mapping[str, Any]) -> None:
        """Apply a record's ``calls`` then ``play`` through checked apply, errors placed."""
        assert isinstance(state, PitchState)
        calls = record.get("calls", [])
        if not isinstance(calls, list):
            raise RecordError("REC-1", "calls must be a list", where="calls")
        for i, token in enumerate(calls):
            where = f"calls[{i}]"
            if state.phase != AUCTION:
                raise IllegalActionError("PI-4", f"each player speaks exactly once: the auction "
                                         f"has {state.n} calls", where=where, what=_shown(token))
            state.apply_at(parse_call(token, where), where)
        play = record.get("play", [])
        if not isinstance(play, list):
            raise RecordError("REC-1", "play must be a list", where="play")
        for i, token in enumerate(play):
            where = f"play[{i}]"
            if state.phase == AUCTION:
                raise IllegalActionError("PI-4", f"the auction is not over: {state.n} calls come "
                                         "before the first lead", where=where, what=_shown(token))
            if state.phase == DONE:
                rule, detail = (("PI-6", "everyone passed: the deal was thrown in")
                                if state.thrown_in else ("PI-9", "six tricks in all: the hand "
                                                         "is over"))
                raise IllegalActionError(rule, detail, where=where, what=_shown(token))
            state.apply_at(parse_card(token, where), where)

    def record_of(self, state: GameState) -> dict[str, Any]:
        assert isinstance(state, PitchState)
        return state.record()

    def describe(self, state: GameState) -> dict[str, Any]:
        assert isinstance(state, PitchState)
        return state.describe()


def _shown(value: object) -> str:
    return value if isinstance(value, str) else repr(value)
