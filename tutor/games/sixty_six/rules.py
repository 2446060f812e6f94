"""Sixty-Six, exact to ``shared/rules/sixty-six.md`` (rules SS-1..SS-17 and its options).

Two players, 24 cards (A 10 K Q J 9), six each, a turn-up naming trump and an 11-card stock.
While the stock is open anyone may play any card, the trick's winner draws first, marriages
score 20 or 40, the 9 of trumps may be exchanged for the turn-up; the player on lead may close
the stock, and once it is closed or gone the strict rules apply. A player on lead may claim 66
at any time: right or wrong, the deal ends there and scores 1, 2 or 3 game points.

How the state is kept (fast enough for the endgame solver, which searches it):

- A card is an int 0..23, its index in :data:`DECK_24` — suit by suit (C S H D), each suit
  from the ace down (A T K Q J 9). ``card // 6`` is the suit; within a suit a *lower* index is a
  *higher* card. A hand is a 24-bit mask.
- An action is an int, numbered in the order a legal list is written (the rule file's
  "``legal`` order"): ``claim`` 0, ``claim:marriage:X`` 1..4 (C S H D), ``close`` 5, ``draw`` 6,
  ``exchange`` 7, ``marriage:KX``/``marriage:QX`` 8..15 (K♣ Q♣ K♠ Q♠ K♥ Q♥ K♦ Q♦), then the
  cards, card c at 16 + c. A legal list is therefore sorted by number.
- The deal moves through *steps* (SS-5): ``lead``, ``follow``, ``draw``, then done.
- ``apply`` checks and raises :class:`IllegalActionError` naming the rule; ``apply_unchecked``
  trusts its caller. ``undo`` restores the identical state: a card is taken back field by
  field, any other action from a snapshot taken before it.

Readings taken where the rule file is silent are listed, numbered, in ``docs/sixty-six.md``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from ...cards import DECK_24, Card, Rank, Suit, card_label
from ...errors import IllegalActionError, NotationError, RecordError, shown
from ...facts import ActionInfo, ActionTable, GameInfo
from ...state import Action, Game, GameState, as_rng, is_seat
from ..tapp import OptionSet

GAME_ID = "sixty-six"

# --- cards as ints ---------------------------------------------------------------------------
CARDS: tuple[Card, ...] = DECK_24.cards
N_CARDS = 24
CARD_INDEX: dict[Card, int] = {c: i for i, c in enumerate(CARDS)}
CARD_TEXT: tuple[str, ...] = tuple(c.text for c in CARDS)
POINTS: tuple[int, ...] = tuple(DECK_24.points(c) for c in CARDS)  # SS-1: 11 10 4 3 2 0
SUIT_OF: tuple[int, ...] = tuple(c // 6 for c in range(N_CARDS))
SUIT_MASK: tuple[int, ...] = tuple(0x3F << (6 * s) for s in range(4))
ALL_CARDS = (1 << N_CARDS) - 1
SUIT_LETTERS = "CSHD"
SUIT_SYMBOLS = "♣♠♥♦"
ACE, TEN, KING, QUEEN, JACK, NINE = range(6)  # a card's place within its suit
#: the kings' bits: ``hand & (hand >> 1) & KINGS`` marks each suit whose K and Q are both held
KINGS = sum(1 << (6 * s + KING) for s in range(4))
HAND_SIZE = 6
STOCK_SIZE = 11  # face down; the turn-up lies under it (SS-3)


def mask_cards(mask: int) -> list[int]:
    """The cards of a mask, in display order (suits C S H D, rank high to low)."""
    return [c for c in range(N_CARDS) if mask >> c & 1]


def mask_points(mask: int) -> int:
    return sum(POINTS[c] for c in range(N_CARDS) if mask >> c & 1)


def nine_of(trump: int) -> int:
    """The 9 of trumps, the card SS-8 exchanges."""
    return 6 * trump + NINE


# --- actions ----------------------------------------------------------------------------------
CLAIM = 0
CLAIM_MARRIAGE = 1  # + suit: claim:marriage:X (option claim_by_marriage)
CLOSE = 5
DRAW = 6
EXCHANGE = 7
MARRIAGE = 8  # + 2 × suit (+ 1 leading the queen): marriage:KX, marriage:QX
CARD = 16  # + card
N_ACTIONS = CARD + N_CARDS
# the actions playing the cards of a mask's low 12 bits (♣ ♠) and of its high 12 bits (♥ ♦)
_LOW_ACTIONS: tuple[tuple[int, ...], ...] = tuple(
    tuple(CARD + c for c in range(12) if m >> c & 1) for m in range(1 << 12))
_HIGH_ACTIONS: tuple[tuple[int, ...], ...] = tuple(
    tuple(CARD + 12 + c for c in range(12) if m >> c & 1) for m in range(1 << 12))


def card_actions(mask: int) -> list[Action]:
    """The actions playing each card of ``mask``, in card order (two table look-ups)."""
    return [*_LOW_ACTIONS[mask & 0xFFF], *_HIGH_ACTIONS[mask >> 12]]


def marriage_cards(action: Action) -> tuple[int, int]:
    """The card a marriage action leads and the card it shows (SS-9)."""
    suit, queen = divmod(action - MARRIAGE, 2)
    return 6 * suit + KING + queen, 6 * suit + QUEEN - queen


def _action_info(action: Action) -> ActionInfo:
    if action >= CARD:
        card = CARDS[action - CARD]
        return ActionInfo("card", card.text, card.text, card)
    if action >= MARRIAGE:
        led, shown = marriage_cards(action)
        return ActionInfo("marriage", f"lead {CARD_TEXT[led]}, showing {CARD_TEXT[shown]}: "
                          f"a marriage in {SUIT_SYMBOLS[SUIT_OF[led]]}",
                          f"marriage:{CARD_TEXT[led]}", CARDS[led])
    if action == EXCHANGE:
        return ActionInfo("exchange", "exchange the 9 of trumps for the turn-up", "exchange")
    if action == DRAW:
        return ActionInfo("draw", "draw from the stock", "draw")
    if action == CLOSE:
        return ActionInfo("close", "close the stock", "close")
    if action == CLAIM:
        return ActionInfo("claim", "claim 66", "claim")
    suit = Suit(action - CLAIM_MARRIAGE)
    return ActionInfo("claim", f"claim 66, showing the {suit.symbol} marriage",
                      f"claim:marriage:{suit.letter}", suit=suit)


#: Sixty-Six's 40 actions as data (:class:`tutor.facts.ActionInfo`); an unknown token in a
#: record's ``play`` is REC-3 (play holds cards and action tokens).
ACTIONS = ActionTable([_action_info(a) for a in range(N_ACTIONS)], rules={"play": "REC-3"})
#: The longest deal: 24 cards, 6 draws and one exchange (the 9, once exchanged, is the turn-up
#: and comes out only with the last draw). A close ends the draws and leaves cards unplayed; a
#: claim ends the deal before its last trick; a marriage is a lead, not an extra action.
MAX_GAME_LENGTH = 24 + 6 + 1

# --- steps (SS-5) -----------------------------------------------------------------------------
LEAD, FOLLOW, DRAW_STEP, DONE = 0, 1, 2, 3
STEP_NAMES: tuple[str | None, ...] = ("lead", "follow", "draw", None)
PLAY_PHASE, DONE_PHASE = "play", "done"


# --- options ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class SixtySixOptions(OptionSet):
    """The named options of ``sixty-six.md`` (record key ``options``); defaults first in each set.
    ``show_running_total`` and ``target`` are a view's and a match's: a record may hold them and
    they change nothing in its replay."""

    GAME: ClassVar[str] = GAME_ID

    players: int = 2
    nine_exchange: str = "on_lead"
    marriages_after_close: bool = False
    close_first_lead: bool = True
    phase2: str = "follow_head_trump"
    no_claim: str = "last_trick_wins"
    claim_by_marriage: bool = False
    show_running_total: bool = False
    target: int = 7

    CHOICES: ClassVar[dict[str, tuple[Any, ...]]] = {
        "players": (2,),
        "nine_exchange": ("on_lead", "anytime_hoyle"),
        "marriages_after_close": (False, True),
        "close_first_lead": (True, False),
        "phase2": ("follow_head_trump", "follow_only"),
        "no_claim": ("last_trick_wins", "carry_one_point"),
        "claim_by_marriage": (False, True),
        "show_running_total": (False, True),
        "target": (7, 10),
    }


# --- the deal ---------------------------------------------------------------------------------
_PERMUTATIONS = math.factorial(N_CARDS)
_PERMUTATION_BITS = _PERMUTATIONS.bit_length()


def shuffle(rng: random.Random) -> list[int]:
    """A uniformly shuffled pack (SS-2 names no cut: a uniform shuffle needs none). The 23
    swaps of a Fisher-Yates shuffle are the digits of one random number below 24!, drawn by
    rejection from ``getrandbits`` (faster than ``rng.shuffle``)."""
    while True:
        r = rng.getrandbits(_PERMUTATION_BITS)
        if r < _PERMUTATIONS:
            break
    pack = list(range(N_CARDS))
    for i in range(N_CARDS - 1, 0, -1):
        r, j = divmod(r, i + 1)
        pack[i], pack[j] = pack[j], pack[i]
    return pack


#: SS-3: three cards each, the non-dealer first, twice; then the turn-up; then the stock, whose
#: top card is the next card of the pack. Places in the shuffled pack d[0..23]:
NON_DEALER_PLACES = (0, 1, 2, 6, 7, 8)
DEALER_PLACES = (3, 4, 5, 9, 10, 11)
TURNUP_PLACE = 12
STOCK_PLACES = tuple(range(13, 24))


class Marriage(NamedTuple):
    """A declared marriage (SS-9): who, the suit, 20 or 40. It *counts* once ``seat`` has won a
    trick (:meth:`SixtySixState.counting`)."""

    seat: int
    suit: int
    points: int


class Trick(NamedTuple):
    """A completed trick: its leader, the card led, the card that followed, the winner."""

    leader: int
    lead: int
    follow: int
    winner: int


#: the endings of a deal, by the rule that scores it
ENDINGS = ("SS-13b", "SS-14a", "SS-14b", "SS-14c", "SS-14d", "SS-14e", "SS-15")


class SixtySixState(GameState):
    """One deal of Sixty-Six, from the dealt cards to the game points (SS-3..SS-15)."""

    __slots__ = (
        "game", "options", "dealer", "dealt", "first_turnup", "stock", "trump",
        "hands", "known", "drawn", "turnup", "exchanged",
        "_step", "_to_move", "leader", "lead_card", "tricks", "won_tricks", "won_points",
        "marriages", "marriage_points", "closed_by", "closed_at", "closed_opponent_tricks",
        "last_bonus", "claim", "points", "carried", "ending", "_history", "_undo",
        "_head", "_exchange_following",
    )

    def __init__(self, game: SixtySix, dealer: int, hands: Sequence[int], turnup: int,
                 stock: Sequence[int]) -> None:
        self.game: SixtySix = game
        self.options: SixtySixOptions = game.options
        # the options the card play asks at every step, as flags
        self._head = game.options.phase2 == "follow_head_trump"  # SS-11
        self._exchange_following = game.options.nine_exchange == "anytime_hoyle"  # SS-8
        self.dealer = dealer
        self.dealt: tuple[int, int] = (hands[0], hands[1])
        self.first_turnup = turnup  # as dealt (SS-3)
        self.stock: tuple[int, ...] = tuple(stock)  # face down, top first
        self.trump = SUIT_OF[turnup]
        self.hands: list[int] = [hands[0], hands[1]]
        #: each hand's publicly known cards: a shown marriage card, the turn-up taken (SS-17)
        self.known: list[int] = [0, 0]
        self.drawn = 0  # face-down cards drawn: 0, 2, ..., 10, then 11 (the stock is gone)
        self.turnup = turnup  # the card under the stock; -1 once the last draw took it
        self.exchanged: tuple[int, int] | None = None  # (seat, the turn-up it took), SS-8
        self._step = LEAD
        self._to_move: int = 1 - dealer  # SS-4: the non-dealer leads
        self.leader = 1 - dealer
        self.lead_card = -1  # the card led to the trick in progress
        self.tricks: list[Trick] = []
        self.won_tricks = [0, 0]
        self.won_points = [0, 0]  # card points in the tricks won
        self.marriages: list[Marriage] = []
        self.marriage_points = [0, 0]  # declared, counting or not
        self.closed_by = -1
        self.closed_at = -1  # tricks played when the stock was closed
        self.closed_opponent_tricks = -1  # the closer's opponent's tricks then (SS-14 b, c)
        self.last_bonus = -1  # the seat scoring 10 for the last trick (SS-12)
        self.claim: tuple[int, bool] | None = None  # (claimant, right)
        self.points: tuple[int, int] | None = None  # game points of this deal, once done
        self.carried: int | None = None  # game points passed to the next deal's winner
        self.ending: str | None = None  # the rule that scored the deal (ENDINGS)
        self._history: list[Action] = []
        self._undo: list[Any] = []

    # -- basic queries --
    @property
    def phase(self) -> str:
        return DONE_PHASE if self._step == DONE else PLAY_PHASE

    @property
    def step(self) -> str | None:
        """``lead``, ``follow`` or ``draw`` (SS-5); None once the deal is over."""
        return STEP_NAMES[self._step]

    @property
    def to_move(self) -> int | None:
        return None if self._step == DONE else self._to_move

    def is_terminal(self) -> bool:
        return self._step == DONE

    def history(self) -> list[Action]:
        return list(self._history)

    def token(self, action: Action) -> str:
        return ACTIONS[action].token  # type: ignore[return-value]  # every action has a token

    @property
    def non_dealer(self) -> int:
        return 1 - self.dealer

    @property
    def stock_open(self) -> bool:
        """Neither exhausted nor closed (SS-5, SS-10): draws, the exchange and marriages."""
        return self.closed_by < 0 and self.drawn < STOCK_SIZE

    @property
    def strict(self) -> bool:
        """The strict rules of SS-11 apply: the stock is exhausted or closed."""
        return self.closed_by >= 0 or self.drawn >= STOCK_SIZE

    @property
    def stock_left(self) -> int:
        """Face-down cards in the stock (11 at the deal; still counted after a close)."""
        return STOCK_SIZE - self.drawn

    @property
    def turnup_face_up(self) -> int:
        """The turn-up while it lies face up: not yet drawn, the stock not closed (SS-17)."""
        return self.turnup if self.closed_by < 0 else -1

    def counting(self, seat: int) -> bool:
        """Do ``seat``'s marriages count? From the end of its first won trick (SS-9)."""
        return self.won_tricks[seat] > 0

    def total(self, seat: int) -> int:
        """SS-13: card points won + the marriages that count + the last-trick 10 (SS-12)."""
        t = self.won_points[seat]
        if self.won_tricks[seat]:
            t += self.marriage_points[seat]
        if self.last_bonus == seat:
            t += 10
        return t

    def totals(self) -> list[int]:
        return [self.total(0), self.total(1)]

    def key(self) -> tuple[Any, ...]:
        return (self.dealer, self.dealt, self.first_turnup, self.stock, tuple(self.hands),
                tuple(self.known), self.drawn, self.turnup, self.exchanged, self._step,
                self._to_move, self.leader, self.lead_card, tuple(self.tricks),
                tuple(self.won_tricks), tuple(self.won_points), tuple(self.marriages),
                tuple(self.marriage_points), self.closed_by, self.closed_at,
                self.closed_opponent_tricks, self.last_bonus, self.claim, self.points,
                self.carried, self.ending, tuple(self._history))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SixtySixState) and self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def copy(self) -> SixtySixState:
        new = SixtySixState.__new__(SixtySixState)
        new.game = self.game
        new.options = self.options
        new._head = self._head
        new._exchange_following = self._exchange_following
        new.dealer = self.dealer
        new.dealt = self.dealt
        new.first_turnup = self.first_turnup
        new.stock = self.stock
        new.trump = self.trump
        new.hands = self.hands[:]
        new.known = self.known[:]
        new.drawn = self.drawn
        new.turnup = self.turnup
        new.exchanged = self.exchanged
        new._step = self._step
        new._to_move = self._to_move
        new.leader = self.leader
        new.lead_card = self.lead_card
        new.tricks = self.tricks[:]
        new.won_tricks = self.won_tricks[:]
        new.won_points = self.won_points[:]
        new.marriages = self.marriages[:]
        new.marriage_points = self.marriage_points[:]
        new.closed_by = self.closed_by
        new.closed_at = self.closed_at
        new.closed_opponent_tricks = self.closed_opponent_tricks
        new.last_bonus = self.last_bonus
        new.claim = self.claim
        new.points = self.points
        new.carried = self.carried
        new.ending = self.ending
        new._history = self._history[:]
        new._undo = self._undo[:]
        return new

    # -- legal actions (SS-5..SS-13a) --
    def legal_mask(self) -> int:
        """The cards the player to move may play now (SS-7, SS-11); 0 at a draw step."""
        step = self._step
        if step == LEAD:
            return self.hands[self._to_move]
        if step != FOLLOW:
            return 0
        hand = self.hands[self._to_move]
        if self.closed_by < 0 and self.drawn < STOCK_SIZE:
            return hand  # SS-7: no duty to follow while the stock is open
        lead = self.lead_card
        same = hand & SUIT_MASK[SUIT_OF[lead]]
        if same:
            if self._head:
                higher = same & ((1 << lead) - 1)  # a lower index is a higher card
                if higher:
                    return higher
            return same
        if self._head:
            trumps = hand & SUIT_MASK[self.trump]
            if trumps:
                return trumps
        return hand

    def _marriage_suits(self, seat: int) -> int:
        """The kings' bits of the suits whose K and Q ``seat`` holds, when a marriage may be
        declared at all (SS-9: the stock open, or ``marriages_after_close``)."""
        if not (self.stock_open or self.options.marriages_after_close):
            return 0
        hand = self.hands[seat]
        return hand & (hand >> 1) & KINGS

    def _may_exchange(self, seat: int) -> bool:
        """SS-8's conditions but the step: the 9 of trumps held, a trick won, the stock open
        (so the turn-up and at least one face-down card remain)."""
        return (self.closed_by < 0 and self.drawn < STOCK_SIZE and self.won_tricks[seat] > 0
                and bool(self.hands[seat] >> nine_of(self.trump) & 1))

    def legal_actions(self) -> list[Action]:
        step = self._step
        if step == FOLLOW:
            out = card_actions(self.legal_mask())
            if self._exchange_following and self._may_exchange(self._to_move):
                out.insert(0, EXCHANGE)
            return out
        if step == DRAW_STEP:
            return [CLAIM, CLOSE, DRAW]  # SS-5
        if step == DONE:
            return []
        seat = self._to_move
        out = [CLAIM]  # SS-13a: whatever the total
        pairs = self._marriage_suits(seat)
        if pairs and self.options.claim_by_marriage and self.won_tricks[seat]:
            out += [CLAIM_MARRIAGE + s for s in range(4) if pairs >> (6 * s + KING) & 1]
        if self.closed_by < 0 and self.drawn < STOCK_SIZE and (
                self.tricks or self.options.close_first_lead):
            out.append(CLOSE)  # SS-10
        if self._may_exchange(seat):
            out.append(EXCHANGE)  # SS-8
        for s in range(4):
            if pairs >> (6 * s + KING) & 1:
                out += (MARRIAGE + 2 * s, MARRIAGE + 2 * s + 1)  # SS-9
        out += card_actions(self.hands[seat])
        return out

    # -- checking an action --
    def _check(self, action: Action) -> None:
        """Raise IllegalActionError (with the rule) unless ``action`` is legal here."""
        rule_detail = self._illegal(action)
        if rule_detail is not None:
            rule, detail = rule_detail
            valid = type(action) is int and 0 <= action < N_ACTIONS
            seat = self.to_move
            raise IllegalActionError(rule, detail,
                                     what=self.token(action) if valid else repr(action),
                                     where=f"seat {seat}" if seat is not None else "")

    def _illegal(self, action: Action) -> tuple[str, str] | None:
        """Why ``action`` is illegal here (rule, words), or None when it is legal."""
        if type(action) is not int or not 0 <= action < N_ACTIONS:
            return "SS-5", "not an action of Sixty-Six"
        step = self._step
        if step == DONE:
            return self._over_rule()
        seat = self._to_move
        hand = self.hands[seat]
        if action >= CARD:
            card = action - CARD
            if step == DRAW_STEP:
                return "SS-5", "the trick's winner draws, closes or claims before the next lead"
            if not hand >> card & 1:
                return ("SS-6" if step == LEAD else "SS-7"), \
                    f"seat {seat} does not hold {card_label(CARDS[card])}"
            if step == FOLLOW and not self.legal_mask() >> card & 1:
                return self._strict_breach(card)
            return None
        if action >= MARRIAGE:
            led, shown = marriage_cards(action)
            suit = SUIT_SYMBOLS[SUIT_OF[led]]
            if step != LEAD:
                return "SS-9", ("a marriage is a lead: draw, close or claim first"
                                if step == DRAW_STEP else
                                "a marriage is declared only on lead, never while following")
            if not (hand >> led & 1 and hand >> shown & 1):
                return "SS-9", f"a marriage needs both K and Q of {suit} in hand"
            if not (self.stock_open or self.options.marriages_after_close):
                return "SS-9", ("no marriage once the stock is closed (option "
                                "marriages_after_close)" if self.closed_by >= 0 else
                                "no marriage once the stock is exhausted (option "
                                "marriages_after_close)")
            return None
        if action == EXCHANGE:
            return self._exchange_breach(seat, step)
        if action == DRAW:
            if step != DRAW_STEP:
                return "SS-5", ("no draw now: the stock is "
                                + ("closed" if self.closed_by >= 0 else "exhausted")
                                if not self.stock_open else
                                "the trick's winner draws right after the trick, before the "
                                "next lead")
            return None
        if action == CLOSE:
            if step == FOLLOW:
                return "SS-10", "only the player on lead closes, never while following"
            if self.closed_by >= 0:
                return "SS-10", f"one close per deal: seat {self.closed_by} closed the stock"
            if self.drawn >= STOCK_SIZE:
                return "SS-10", "the stock is exhausted: there is nothing to close"
            if step == LEAD and not self.tricks and not self.options.close_first_lead:
                return "SS-10", "not at the non-dealer's first lead (option close_first_lead)"
            return None
        if action == CLAIM:
            if step == FOLLOW:
                return "SS-13a", "never while following: claim when on lead"
            return None
        # claim:marriage:X (SS-13a, option claim_by_marriage)
        shown = action - CLAIM_MARRIAGE
        if not self.options.claim_by_marriage:
            return "SS-13a", "claiming by showing a marriage needs option claim_by_marriage"
        if step != LEAD:
            return "SS-13a", "claiming with a marriage is a lead action"
        if not self.won_tricks[seat]:
            return "SS-13a", "claiming with a marriage needs a trick won"
        if not self._marriage_suits(seat) >> (6 * shown + KING) & 1:
            if not (hand >> (6 * shown + KING) & 1 and hand >> (6 * shown + QUEEN) & 1):
                return "SS-13a", ("showing a marriage needs both K and Q of "
                                  f"{SUIT_SYMBOLS[shown]}")
            return "SS-13a", "only when a marriage may be declared (SS-9): the stock is " \
                             + ("closed" if self.closed_by >= 0 else "exhausted")
        return None

    def _over_rule(self) -> tuple[str, str]:
        if self.claim is not None:
            return "SS-13a", "the deal is over: a claim ends it at once"
        if self.closed_by >= 0:
            return "SS-14", "the deal is over: every card is played"
        return "SS-15", "the deal is over: every card is played"

    def _strict_breach(self, card: int) -> tuple[str, str]:
        """SS-11: why ``card`` (held) may not follow the card led."""
        hand = self.hands[self._to_move]
        lead = self.lead_card
        led = SUIT_OF[lead]
        same = hand & SUIT_MASK[led]
        if same and SUIT_OF[card] != led:
            return "SS-11", f"must follow suit {SUIT_SYMBOLS[led]}"
        if same:
            return "SS-11", (f"must head the trick: play a {SUIT_SYMBOLS[led]} higher than "
                             f"{card_label(CARDS[lead])}")
        return "SS-11", (f"void in {SUIT_SYMBOLS[led]}: must play a trump "
                         f"{SUIT_SYMBOLS[self.trump]}")

    def _exchange_breach(self, seat: int, step: int) -> tuple[str, str] | None:
        if step == DRAW_STEP:
            return "SS-8", "never at a draw step: draw first, then exchange at the lead"
        if step == FOLLOW and not self._exchange_following:
            return "SS-8", ("only on lead, before the lead card (option nine_exchange: "
                            "anytime_hoyle also allows it while following)")
        if self.closed_by >= 0:
            return "SS-8", "not once the stock is closed"
        if self.drawn >= STOCK_SIZE:
            return "SS-8", "the stock is exhausted: the turn-up is taken"
        nine = nine_of(self.trump)
        if not self.hands[seat] >> nine & 1:
            return "SS-8", f"seat {seat} does not hold the 9 of trumps, {card_label(CARDS[nine])}"
        if not self.won_tricks[seat]:
            return "SS-8", "only after winning a trick"
        return None

    # -- applying actions --
    def apply(self, action: Action) -> None:
        """Apply ``action`` after checking it (IllegalActionError naming the rule; the state is
        left unchanged)."""
        step = self._step
        if step < DRAW_STEP and type(action) is int and CARD <= action < N_ACTIONS \
                and self.legal_mask() >> (action - CARD) & 1:  # a legal card: the common case
            self._history.append(action)
            if step == LEAD:
                self._lead(action - CARD)
            else:
                self._follow(action - CARD)
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
        self._history.append(action)
        if action >= CARD:
            if self._step == LEAD:
                self._lead(action - CARD)
            else:
                self._follow(action - CARD)
            return
        self._undo.append(self._snapshot())
        if action >= MARRIAGE:
            self._declare_marriage(action)
        elif action == DRAW:
            self._draw()
        elif action == CLOSE:
            self._close()
        elif action == EXCHANGE:
            self._exchange()
        elif action == CLAIM:
            self._claim(self._to_move)
        else:
            self._claim_by_marriage(action - CLAIM_MARRIAGE)

    def _lead(self, card: int) -> None:
        seat = self._to_move
        bit = 1 << card
        known = self.known[seat]
        self._undo.append(known & bit)
        self.hands[seat] &= ~bit
        self.known[seat] = known & ~bit
        self.lead_card = card
        self.leader = seat
        self._step = FOLLOW
        self._to_move = 1 - seat

    def _follow(self, card: int) -> None:
        """The second card completes the trick (SS-7); then the draw step, the next lead, or
        the end of the deal."""
        seat = self._to_move
        bit = 1 << card
        known = self.known[seat]
        self._undo.append(known & bit)
        self.hands[seat] &= ~bit
        self.known[seat] = known & ~bit
        lead = self.lead_card
        leader = 1 - seat
        # SS-7: the highest trump wins; without one, the highest card of the suit led
        if SUIT_OF[card] == SUIT_OF[lead]:
            winner = seat if card < lead else leader
        else:
            winner = seat if SUIT_OF[card] == self.trump else leader
        self.tricks.append(Trick(leader, lead, card, winner))
        self.won_tricks[winner] += 1
        self.won_points[winner] += POINTS[lead] + POINTS[card]
        self.lead_card = -1
        self.leader = winner
        self._to_move = winner
        if self.closed_by < 0 and self.drawn < STOCK_SIZE:
            self._step = DRAW_STEP  # SS-5
        elif self.hands[0] | self.hands[1]:
            self._step = LEAD
        else:
            self._end(winner)

    def _snapshot(self) -> tuple[Any, ...]:
        # lists as tuples: a copy of this state shares the snapshot and must not see it change
        return (self._step, self._to_move, self.leader, self.lead_card, tuple(self.hands),
                tuple(self.known), self.drawn, self.turnup, self.exchanged, len(self.marriages),
                tuple(self.marriage_points), self.closed_by, self.closed_at,
                self.closed_opponent_tricks, self.claim, self.points, self.carried, self.ending)

    def _restore(self, snap: tuple[Any, ...]) -> None:
        (self._step, self._to_move, self.leader, self.lead_card, hands, known,
         self.drawn, self.turnup, self.exchanged, n_marriages, marriage_points,
         self.closed_by, self.closed_at, self.closed_opponent_tricks, self.claim, self.points,
         self.carried, self.ending) = snap
        self.hands = list(hands)
        self.known = list(known)
        self.marriage_points = list(marriage_points)
        del self.marriages[n_marriages:]

    def _draw(self) -> None:
        """SS-5: the winner takes the top card, then the loser the next; the turn-up is the last
        card, taken by the loser of the sixth trick (publicly known until played, SS-17)."""
        winner = self._to_move
        loser = 1 - winner
        i = self.drawn
        self.hands[winner] |= 1 << self.stock[i]
        if i + 1 < STOCK_SIZE:
            self.hands[loser] |= 1 << self.stock[i + 1]
            self.drawn = i + 2
        else:
            self.hands[loser] |= 1 << self.turnup
            self.known[loser] |= 1 << self.turnup
            self.turnup = -1
            self.drawn = STOCK_SIZE
        self._step = LEAD

    def _close(self) -> None:
        """SS-10: the turn-up is turned down; no more draws; strict rules from the next card."""
        seat = self._to_move
        self.closed_by = seat
        self.closed_at = len(self.tricks)
        self.closed_opponent_tricks = self.won_tricks[1 - seat]
        self._step = LEAD  # at a draw step: before drawing, hands stay at 5

    def _exchange(self) -> None:
        """SS-8: the 9 of trumps for the turn-up, which is known until played."""
        seat = self._to_move
        nine = nine_of(self.trump)
        taken = self.turnup
        self.hands[seat] ^= (1 << nine) | (1 << taken)
        self.known[seat] |= 1 << taken
        self.turnup = nine
        self.exchanged = (seat, taken)

    def _declare_marriage(self, action: Action) -> None:
        """SS-9: lead one card, show the other (known until played); 20, or 40 in trumps."""
        led, shown = marriage_cards(action)
        seat = self._to_move
        self._add_marriage(seat, SUIT_OF[led])
        self.known[seat] |= 1 << shown
        self._lead_declared(led)

    def _lead_declared(self, card: int) -> None:
        # a marriage's lead, undone with its snapshot (so no entry of its own)
        seat = self._to_move
        bit = 1 << card
        self.hands[seat] &= ~bit
        self.known[seat] &= ~bit
        self.lead_card = card
        self.leader = seat
        self._step = FOLLOW
        self._to_move = 1 - seat

    def _add_marriage(self, seat: int, suit: int) -> None:
        points = 40 if suit == self.trump else 20
        self.marriages.append(Marriage(seat, suit, points))
        self.marriage_points[seat] += points

    def _claim_by_marriage(self, suit: int) -> None:
        """SS-13a's option: show K and Q without leading, add the marriage, claim at once."""
        seat = self._to_move
        self._add_marriage(seat, suit)
        self.known[seat] |= (1 << (6 * suit + KING)) | (1 << (6 * suit + QUEEN))
        self._claim(seat)

    # -- the end of a deal: claims (SS-13a, SS-13b, SS-14) and the last card (SS-14e, SS-15) --
    def _table(self, opponent: int) -> int:
        """SS-13b's table, by the opponent's total and tricks: 1 if 33 or more, 2 if less
        with a trick, 3 with no trick."""
        if self.total(opponent) >= 33:
            return 1
        return 2 if self.won_tricks[opponent] else 3

    def _award(self, seat: int, points: int, ending: str) -> None:
        self.points = (points, 0) if seat == 0 else (0, points)
        self.carried = 0
        self.ending = ending
        self._step = DONE

    def _claim(self, claimant: int) -> None:
        other = 1 - claimant
        right = self.total(claimant) >= 66
        self.claim = (claimant, right)
        closer = self.closed_by
        if closer < 0:  # SS-13b, an uncut deal
            if right:
                self._award(claimant, self._table(other), "SS-13b")
            else:
                self._award(other, 2 if self.won_tricks[other] else 3, "SS-13b")
        elif claimant == closer:
            if right:  # (a)
                self._award(closer, self._table(other), "SS-14a")
            else:  # (b)
                self._award(other, 2 if self.closed_opponent_tricks else 3, "SS-14b")
        elif right:  # (c): the closer's opponent claims, right
            self._award(claimant, 2 if self.closed_opponent_tricks else 3, "SS-14c")
        else:  # (d)
            self._award(closer, 2 if self.won_tricks[closer] else 3, "SS-14d")

    def _end(self, last_winner: int) -> None:
        """The last card is played without a claim (SS-14e after a close, else SS-12, SS-15)."""
        closer = self.closed_by
        if closer >= 0:
            other = 1 - closer
            if self.total(closer) >= 66:  # (e) as (a), judged after the last trick
                self._award(closer, self._table(other), "SS-14e")
            else:  # (e) as (b)
                self._award(other, 2 if self.closed_opponent_tricks else 3, "SS-14e")
            return
        self.last_bonus = last_winner  # SS-12: the stock was exhausted
        if self.options.no_claim == "last_trick_wins":
            self._award(last_winner, self._table(1 - last_winner), "SS-15")
            return
        reached = [s for s in (0, 1) if self.total(s) >= 66]  # carry_one_point
        if not reached:
            self.points = (0, 0)
            self.carried = 1
            self.ending = "SS-15"
            self._step = DONE
            return
        scorer = reached[0] if len(reached) == 1 else last_winner
        self._award(scorer, self._table(1 - scorer), "SS-15")

    # -- undo --
    def undo(self) -> Action:
        """Take back the last action; the state is then identical to the one before it. (The
        engine undoes across a draw; a table must not, or the learner sees a card too soon.)"""
        if not self._history:
            raise IllegalActionError("SS-3", "nothing to undo: the deal has just been dealt")
        action = self._history.pop()
        entry = self._undo.pop()
        if action < CARD:
            self._restore(entry)
            return action
        card = action - CARD
        bit = 1 << card
        if self.lead_card == card:  # the card led to the trick in progress
            seat = self.leader
            self.lead_card = -1
            self._step = LEAD
        else:  # the card that completed the last trick
            leader, lead, _, winner = self.tricks.pop()
            self.won_tricks[winner] -= 1
            self.won_points[winner] -= POINTS[lead] + POINTS[card]
            seat = 1 - leader
            self.leader = leader
            self.lead_card = lead
            self._step = FOLLOW
            self.last_bonus = -1
            self.points = None
            self.carried = None
            self.ending = None
        self.hands[seat] |= bit
        self.known[seat] |= entry
        self._to_move = seat
        return action

    # -- results --
    def chips(self) -> list[int]:
        """The game points this deal scores, per seat (SS-13b..SS-15); [0, 0] before the end
        or when nobody scores (a point carried, ``no_claim: carry_one_point``)."""
        return list(self.points) if self.points is not None else [0, 0]

    # -- views and records --
    def view(self, seat: int) -> SixtySixView:
        return SixtySixView.of(self, seat)

    def record(self) -> dict[str, Any]:
        return {
            "format": "tutor-record/1",
            "game": GAME_ID,
            "options": self.game.options_dict(),
            "dealer": self.dealer,
            "hands": [[CARD_TEXT[c] for c in mask_cards(h)] for h in self.dealt],
            "turnup": CARD_TEXT[self.first_turnup],
            "stock": [CARD_TEXT[c] for c in self.stock],
            "play": [self.token(a) for a in self._history],
        }

    def describe(self) -> dict[str, Any]:
        """The replay object of ``hand-record.md`` with Sixty-Six's additions (the rule file's
        "Records and replay")."""
        done = self._step == DONE
        turnup = self.turnup_face_up
        return {
            "phase": self.phase,
            "to_move": self.to_move,
            "step": self.step,
            "legal": [self.token(a) for a in self.legal_actions()],
            "bidder": None,
            "contract": None,
            "trump": SUIT_LETTERS[self.trump],
            "tricks": [{"leader": t.leader, "cards": [CARD_TEXT[t.lead], CARD_TEXT[t.follow]],
                        "winner": t.winner} for t in self.tricks],
            "current_trick": ({"leader": self.leader, "cards": [CARD_TEXT[self.lead_card]]}
                              if self.lead_card >= 0 else None),
            "bidder_points": None,
            "bidder_tricks": None,
            "made": None,
            "chips": None,
            "turnup": CARD_TEXT[turnup] if turnup >= 0 else None,
            "stock_left": self.stock_left,
            "closed_by": self.closed_by if self.closed_by >= 0 else None,
            "closed_at_trick": self.closed_at if self.closed_by >= 0 else None,
            "marriages": [{"seat": m.seat, "suit": SUIT_LETTERS[m.suit], "points": m.points,
                           "counting": self.counting(m.seat)} for m in self.marriages],
            "totals": self.totals(),
            "tricks_won": self.won_tricks[:],
            "claim": ({"seat": self.claim[0], "right": self.claim[1]}
                      if self.claim is not None else None),
            "game_points": list(self.points) if done and self.points is not None else None,
            "carried": self.carried if done else None,
        }

    def __repr__(self) -> str:
        return (f"<SixtySixState dealer={self.dealer} step={self.step} to_move={self.to_move} "
                f"actions={len(self._history)}>")


# --- the seat view (SS-17) ------------------------------------------------------------------
class ViewMarriage(NamedTuple):
    """A declared marriage as every seat sees it: who, the suit, 20 or 40, counting yet."""

    seat: int
    suit: Suit
    points: int
    counting: bool


@dataclass(frozen=True)
class SixtySixView:
    """What one seat may know now (SS-17) — the only thing bots, quizzes and widgets get.

    Its own hand; the turn-up while it lies face up and the trump; the number of face-down stock
    cards; who closed; both players' tricks won (a count: tricks lie face down); every marriage
    (suit, points, counting or pending); each hand's publicly known cards (a shown marriage
    card, the turn-up taken by the exchange or drawn at the last draw) until played; the card
    led to the trick in progress, and the last trick completed (both saw its two cards fall)
    until the next one is complete. Never the stock's order, the opponent's unknown cards or
    the opponent's total; its own total only under ``show_running_total``.
    """

    game: str
    options: Mapping[str, Any]
    seat: int
    dealer: int
    phase: str
    step: str | None
    to_move: int | None
    hand: tuple[Card, ...]
    trump: Suit
    turnup: Card | None  # face up: not yet taken, the stock not closed
    stock_left: int
    closed_by: int | None
    closed_at_trick: int | None
    hand_sizes: tuple[int, int]
    tricks_won: tuple[int, int]
    marriages: tuple[ViewMarriage, ...]
    known: tuple[tuple[Card, ...], tuple[Card, ...]]  # each hand's publicly known cards
    exchanged: tuple[int, Card] | None  # (seat, the turn-up it took by the exchange)
    trick_leader: int | None
    trick: tuple[Card, ...]  # the card led, while the trick is in progress
    last_trick: tuple[int, tuple[Card, Card], int] | None  # (leader, cards, winner)
    total: int | None  # the seat's own total, only under show_running_total
    claim: tuple[int, bool] | None  # (claimant, right), once claimed
    game_points: tuple[int, int] | None  # once the deal is over
    carried: int | None
    ending: str | None  # the rule that scored the deal
    legal: tuple[Action, ...]

    @classmethod
    def of(cls, state: SixtySixState, seat: int) -> SixtySixView:
        if not is_seat(seat, 2):  # not True, not a caller's odd object (docs/hardening.md)
            raise IllegalActionError("SS-1", f"no seat {shown(seat)}: Sixty-Six has seats 0 "
                                     "and 1", where="view")
        turnup = state.turnup_face_up
        last = state.tricks[-1] if state.tricks else None
        done = state.is_terminal()
        return cls(
            game=GAME_ID,
            options=state.game.options_dict(),
            seat=seat,
            dealer=state.dealer,
            phase=state.phase,
            step=state.step,
            to_move=state.to_move,
            hand=tuple(CARDS[c] for c in mask_cards(state.hands[seat])),
            trump=Suit(state.trump),
            turnup=CARDS[turnup] if turnup >= 0 else None,
            stock_left=state.stock_left,
            closed_by=state.closed_by if state.closed_by >= 0 else None,
            closed_at_trick=state.closed_at if state.closed_by >= 0 else None,
            hand_sizes=(state.hands[0].bit_count(), state.hands[1].bit_count()),
            tricks_won=(state.won_tricks[0], state.won_tricks[1]),
            marriages=tuple(ViewMarriage(m.seat, Suit(m.suit), m.points,
                                         state.counting(m.seat)) for m in state.marriages),
            known=(tuple(CARDS[c] for c in mask_cards(state.known[0])),
                   tuple(CARDS[c] for c in mask_cards(state.known[1]))),
            exchanged=((state.exchanged[0], CARDS[state.exchanged[1]])
                       if state.exchanged is not None else None),
            trick_leader=state.leader if state.lead_card >= 0 else None,
            trick=(CARDS[state.lead_card],) if state.lead_card >= 0 else (),
            last_trick=((last.leader, (CARDS[last.lead], CARDS[last.follow]), last.winner)
                        if last is not None else None),
            total=state.total(seat) if state.options.show_running_total else None,
            claim=state.claim,
            game_points=state.points if done else None,
            carried=state.carried if done else None,
            ending=state.ending,
            legal=tuple(state.legal_actions()) if state.to_move == seat else (),
        )

    @property
    def opponent(self) -> int:
        return 1 - self.seat

    def visible_cards(self) -> set[Card]:
        """Every card this view shows (tests check none of them is hidden)."""
        cards = set(self.hand) | set(self.trick) | set(self.known[0]) | set(self.known[1])
        if self.turnup is not None:
            cards.add(self.turnup)
        if self.last_trick is not None:
            cards |= set(self.last_trick[1])
        if self.exchanged is not None:
            cards.add(self.exchanged[1])
        return cards

    def public(self) -> dict[str, Any]:
        """What both seats know now, JSON-ready: never a hand's unknown card, the stock or a
        total."""
        return {
            "game": self.game, "options": dict(self.options), "dealer": self.dealer,
            "phase": self.phase, "step": self.step, "to_move": self.to_move,
            "trump": self.trump.letter,
            "turnup": self.turnup.text if self.turnup is not None else None,
            "stock_left": self.stock_left, "closed_by": self.closed_by,
            "closed_at_trick": self.closed_at_trick, "hand_sizes": list(self.hand_sizes),
            "tricks_won": list(self.tricks_won),
            "marriages": [{"seat": m.seat, "suit": m.suit.letter, "points": m.points,
                           "counting": m.counting} for m in self.marriages],
            "known": [[c.text for c in k] for k in self.known],
            "exchanged": ({"seat": self.exchanged[0], "card": self.exchanged[1].text}
                          if self.exchanged is not None else None),
            "trick_leader": self.trick_leader, "trick": [c.text for c in self.trick],
            "last_trick": ({"leader": self.last_trick[0],
                            "cards": [c.text for c in self.last_trick[1]],
                            "winner": self.last_trick[2]} if self.last_trick else None),
            "claim": ({"seat": self.claim[0], "right": self.claim[1]}
                      if self.claim is not None else None),
            "game_points": list(self.game_points) if self.game_points is not None else None,
            "carried": self.carried, "ending": self.ending,
        }


# --- the game ---------------------------------------------------------------------------------
class SixtySix(Game):
    """Sixty-Six with its options fixed (``sixty-six.md``)."""

    id = GAME_ID
    players = 2
    state_class = SixtySixState
    record_keys = frozenset({"format", "game", "options", "dealer", "hands", "turnup", "stock",
                             "play"})

    def __init__(self, options: SixtySixOptions | Mapping[str, Any] | None = None) -> None:
        if options is None:
            options = SixtySixOptions()
        elif not isinstance(options, SixtySixOptions):
            options = SixtySixOptions.from_dict(options)
        self.options: SixtySixOptions = options
        self._info = GameInfo(
            id=GAME_ID, name="Sixty-Six", rules="SS", deck=DECK_24, players=2, min_players=2,
            max_players=2, active_players=2, hand_size=HAND_SIZE, tricks=12,
            stock=STOCK_SIZE + 1,  # SS-3: the face-down stock and the turn-up under it
            num_distinct_actions=N_ACTIONS, max_game_length=MAX_GAME_LENGTH,
            utility="general-sum", score_unit="game points",  # SS-13b: one player scores
            action_kinds=ACTIONS.kinds)

    def __repr__(self) -> str:
        return f"SixtySix({self.options_dict()!r})"

    @property
    def info(self) -> GameInfo:
        """Sixty-Six's facts: 24 cards, two players of six cards, the stock and its turn-up,
        12 tricks played out, game points won by one player (SS-1, SS-3, SS-13b)."""
        return self._info

    def action_info(self, action: Action) -> ActionInfo:
        """What ``action`` is: kind, words, token, card (:data:`ACTIONS`)."""
        return ACTIONS[action]

    def options_dict(self) -> dict[str, Any]:
        return self.options.as_dict()

    # -- dealing (SS-2, SS-3) --
    def new_deal(self, rng: random.Random | int | None, dealer: int = 0) -> SixtySixState:
        """Shuffle and deal (SS-3): three each, the non-dealer first, twice; the turn-up; the
        stock."""
        if not is_seat(dealer, 2):
            raise IllegalActionError("SS-2", "the dealer is seat 0 or seat 1", where="dealer",
                                     what=shown(dealer))
        return self.deal_from_pack(shuffle(as_rng(rng)), dealer)

    def deal_from_pack(self, pack: Sequence[int], dealer: int) -> SixtySixState:
        """Deal a shuffled pack d[0..23] by SS-3 (:data:`NON_DEALER_PLACES` and the rest)."""
        hands = [0, 0]
        for i in NON_DEALER_PLACES:
            hands[1 - dealer] |= 1 << pack[i]
        for i in DEALER_PLACES:
            hands[dealer] |= 1 << pack[i]
        return SixtySixState(self, dealer, hands, pack[TURNUP_PLACE],
                             [pack[i] for i in STOCK_PLACES])

    def deal(self, dealer: int, hands: Sequence[Sequence[Card]], turnup: Card,
             stock: Sequence[Card]) -> SixtySixState:
        """A state from given cards, checked like a record's deal (REC-3..REC-6)."""
        return self.from_record_deal({
            "dealer": dealer, "hands": [[c.text for c in h] for h in hands],
            "turnup": turnup.text, "stock": [c.text for c in stock]})

    # -- records --
    def from_record_deal(self, record: Mapping[str, Any]) -> SixtySixState:
        """The dealt state of a record's ``dealer``, ``hands``, ``turnup`` and ``stock``:
        6 + 6 + 1 + 11 = 24 distinct cards of the deck (REC-1, REC-3..REC-6)."""
        dealer = record.get("dealer")
        if type(dealer) is not int or dealer not in (0, 1):
            raise RecordError("REC-6", "dealer must be a seat 0..1", where="dealer",
                              what=repr(dealer))
        seen: dict[int, str] = {}

        def take(text: object, where: str) -> int:
            try:
                card = Card.parse(text)  # type: ignore[arg-type]
            except NotationError:
                raise RecordError("REC-3", "unknown card text", where=where,
                                  what=repr(text)) from None
            c = CARD_INDEX.get(card)
            if c is None:
                raise RecordError("REC-3", "not a card of the 24-card deck (SS-1)", where=where,
                                  what=repr(text))
            if c in seen:
                raise RecordError("REC-4", f"a card twice (also at {seen[c]})", where=where,
                                  what=card.text)
            seen[c] = where
            return c

        hands_in = record.get("hands")
        if not isinstance(hands_in, list) or len(hands_in) != 2:
            raise RecordError("REC-5", "hands must list 2 seats (SS-1)", where="hands")
        hands = [0, 0]
        for seat, hand in enumerate(hands_in):
            if not isinstance(hand, list):
                raise RecordError("REC-1", "a hand must be a list of cards",
                                  where=f"hands[{seat}]")
            for i, text in enumerate(hand):
                hands[seat] |= 1 << take(text, f"hands[{seat}][{i}]")
            if len(hand) != HAND_SIZE:
                raise RecordError("REC-5", f"each player is dealt 6 cards (SS-3); seat {seat} "
                                  f"has {len(hand)}", where=f"hands[{seat}]")
        if "turnup" not in record:
            raise RecordError("REC-1", "required key missing", where="turnup")
        turnup = take(record["turnup"], "turnup")
        if "stock" not in record:
            raise RecordError("REC-1", "required key missing", where="stock")
        stock_in = record["stock"]
        if not isinstance(stock_in, list):
            raise RecordError("REC-1", "stock must be a list of 11 cards, top first",
                              where="stock")
        stock = [take(text, f"stock[{i}]") for i, text in enumerate(stock_in)]
        if len(stock) != STOCK_SIZE:
            raise RecordError("REC-5", f"the stock holds 11 cards (SS-3); it has {len(stock)}",
                              where="stock")
        return SixtySixState(self, dealer, hands, turnup, stock)

    def replay_record(self, state: GameState, record: Mapping[str, Any]) -> None:
        """Apply a record's ``play`` (cards and action tokens) through checked apply."""
        assert isinstance(state, SixtySixState)
        play = record.get("play", [])
        if not isinstance(play, list):
            raise RecordError("REC-1", "play must be a list", where="play")
        for i, token in enumerate(play):
            where = f"play[{i}]"
            action = parse_play(token, where)
            if state.is_terminal():
                rule, detail = state._over_rule()
                raise IllegalActionError(rule, detail, where=where, what=str(token))
            state.apply_at(action, where)

    def record_of(self, state: GameState) -> dict[str, Any]:
        assert isinstance(state, SixtySixState)
        return state.record()

    def describe(self, state: GameState) -> dict[str, Any]:
        assert isinstance(state, SixtySixState)
        return state.describe()


def parse_play(token: object, where: str = "") -> Action:
    """A record's ``play`` token → an action: a card (``AS``, also ``A♠``, ``10s``) or ``draw``,
    ``close``, ``exchange``, ``claim``, ``marriage:KX``/``marriage:QX``, ``claim:marriage:X``.
    Anything else, or a card outside the 24-card deck, is REC-3."""
    if isinstance(token, str):
        action = _TOKENS.get(token)
        if action is None:
            action = _parse_spelling(token)
        if action is not None:
            return action
        try:
            Card.parse(token)
        except NotationError:
            pass
        else:
            raise NotationError("REC-3", "not a card of the 24-card deck (SS-1)", where=where,
                                what=repr(token))
    raise NotationError("REC-3", "not a card or an action of Sixty-Six (SS-5: draw, close, "
                        "exchange, marriage:KX, claim)", where=where, what=repr(token))


def _parse_spelling(token: str) -> Action | None:
    """A token in another spelling the card parser reads (``10♠``, ``marriage:K♦``,
    ``claim:marriage:♥``), or None."""
    try:
        if token.startswith("claim:marriage:"):
            return CLAIM_MARRIAGE + int(Suit.parse(token[len("claim:marriage:"):]))
        if token.startswith("marriage:"):
            card = Card.parse(token[len("marriage:"):])
            if card.rank not in (Rank.KING, Rank.QUEEN):
                return None
            return MARRIAGE + 2 * card.suit + (card.rank is Rank.QUEEN)
        c = CARD_INDEX.get(Card.parse(token))
    except NotationError:
        return None
    return None if c is None else CARD + c


_TOKENS: dict[str, Action] = {info.token: a for a, info in ACTIONS.items()
                              if info.token is not None}
