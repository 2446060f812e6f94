"""The Tapp family's shared core: Six-Bid Solo and Frog (``shared/rules/six-bid-solo.md``,
``frog.md``) deal the same 36 cards to three active hands and a widow, run the same auction
and play the same 11 tricks; a game names its contracts, declaration and settlement.

How the state is kept (fast enough for search and bulk playouts):

- A card is an int 0..35, its index in :data:`DECK_36` — suit by suit (C S H D), each suit from
  the ace down (A T K Q J 9 8 7 6). So ``card // 9`` is the suit and, within a suit, a *lower*
  index is a *higher* card (SBS-2). A hand is a 36-bit int mask.
- An action is an int, one range per kind, the same numbers in every game of the family, so a
  number means one thing: cards 0..35 (play), calls 36.. (pass, then contract k at 36 + k),
  trumps 43..46 (C S H D), ``DECLINE`` 47, call-a-card 48..83, give-a-card 84..119 (Six-Bid
  Solo's Call Solo) and discard-a-card 120..155 (Frog).
- Seats are numbered clockwise 0..n-1 (SBS-5); ``active`` holds forehand, middlehand, endhand.

Every check raises :class:`IllegalActionError` with its rule id.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from ..cards import DECK_36, Card, Suit
from ..errors import IllegalActionError, NotationError, OptionError, RecordError, shown
from ..facts import ActionTable, GameInfo
from ..state import Action, Game, GameState, as_rng, is_seat

# --- cards as ints ---------------------------------------------------------------------------
CARDS: tuple[Card, ...] = DECK_36.cards
N_CARDS = 36
CARD_INDEX: dict[Card, int] = {c: i for i, c in enumerate(CARDS)}
CARD_TEXT: tuple[str, ...] = tuple(c.text for c in CARDS)
POINTS: tuple[int, ...] = tuple(DECK_36.points(c) for c in CARDS)  # SBS-3
SUIT_OF: tuple[int, ...] = tuple(i // 9 for i in range(N_CARDS))
SUIT_MASK: tuple[int, ...] = tuple(0x1FF << (9 * s) for s in range(4))
ALL_CARDS = (1 << N_CARDS) - 1
SUIT_LETTERS = "CSHD"
SUIT_SYMBOLS = "♣♠♥♦"
HEARTS = 2

# CARDS_OF[s][m] = the cards (ints, high to low) of suit s whose 9-bit pattern is m.
CARDS_OF: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(9 * s + r for r in range(9) if m >> r & 1) for m in range(512)) for s in range(4)
)


def mask_cards(mask: int) -> list[int]:
    """The cards of a mask, in display order (suits C S H D, rank high to low)."""
    out: list[int] = []
    for s in range(4):
        part = (mask >> (9 * s)) & 0x1FF
        if part:
            out.extend(CARDS_OF[s][part])
    return out


def shifted_actions(mask: int, base: int) -> list[int]:
    """``[base + c for c in mask_cards(mask)]`` from precomputed tables (declaration actions)."""
    table = _SHIFTED[base]
    out: list[int] = []
    for s in range(4):
        part = (mask >> (9 * s)) & 0x1FF
        if part:
            out += table[s][part]
    return out


def mask_of(cards: Sequence[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def mask_points(mask: int) -> int:
    return sum(POINTS[c] for c in mask_cards(mask))


# --- actions ----------------------------------------------------------------------------------
PASS = 36
CALL_BASE = 36  # CALL_BASE + k is contract k (1..)
TRUMP_BASE = 43
DECLINE = 47
CALLCARD_BASE = 48
GIVE_BASE = 84
DISCARD_BASE = 120
N_ACTIONS = 120  # Six-Bid Solo's actions; Frog adds the discards, 120..155
# _SHIFTED[base][s][m]: the actions base + card for the cards of suit s with 9-bit pattern m
_SHIFTED: dict[int, tuple[tuple[tuple[int, ...], ...], ...]] = {
    base: tuple(tuple(tuple(base + c for c in CARDS_OF[s][m]) for m in range(512))
                for s in range(4))
    for base in (CALLCARD_BASE, GIVE_BASE)
}

AUCTION, DECLARE, PLAY, DONE = "auction", "declare", "play", "done"


# --- options ----------------------------------------------------------------------------------
class OptionSet:
    """Named options as a frozen dataclass: ``CHOICES`` lists each key's values, default first.

    A subclass declares its fields (the record's ``options`` keys) and ``GAME`` (for messages);
    an unknown key or value is REC-2, a wrong type too (``"3"`` is not ``3``).
    """

    GAME: ClassVar[str] = ""  # the game id, for messages
    CHOICES: ClassVar[dict[str, tuple[Any, ...]]] = {}

    def __post_init__(self) -> None:
        for f in fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            choices = self.CHOICES[f.name]
            if value not in choices or type(value) is not type(choices[0]):
                shown = " | ".join(json.dumps(c) if isinstance(c, bool) else str(c)
                                   for c in choices)
                raise OptionError("REC-2", f"unknown value; {f.name} is one of {shown}",
                                  where=f"options.{f.name}", what=repr(value))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """Validate a record's ``options`` object: an unknown key or value is REC-2."""
        if not isinstance(data, Mapping):
            raise RecordError("REC-1", "options must be an object", where="options")
        for key in data:
            if key not in cls.CHOICES:
                raise OptionError("REC-2", f"unknown option key for {cls.GAME}",
                                  where=f"options.{key}", what=repr(key))
        return cls(**dict(data))

    def as_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}  # type: ignore[arg-type]


class Seating(Protocol):
    """What seating needs of a game's options (SBS-V2): the player count and the sit-out rule."""

    @property
    def players(self) -> int: ...

    @property
    def five_player_sitout(self) -> str: ...


def active_seats(options: Seating, dealer: int) -> tuple[int, int, int]:
    """Forehand, middlehand, endhand for this dealer (SBS-5, SBS-V2).

    3 players: the two on the dealer's left and the dealer. 4: the dealer sits out. 5: the dealer
    and one more sit out, by ``five_player_sitout``.
    """
    n = options.players
    if n in (3, 4):  # with 3 endhand is the dealer; with 4 the dealer sits out
        seats = [(dealer + i) % n for i in (1, 2, 3)]
    else:
        second = {"hoyle": 3, "next_dealer": 1, "second_next_dealer": 2}[options.five_player_sitout]
        seats = [(dealer + i) % n for i in range(1, 5) if i != second]
    return seats[0], seats[1], seats[2]


def deal_places(pattern: str = "4-3-w-4") -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """The places in a shuffled pack d[0..35] that reach forehand, middlehand and endhand, and
    the widow's places, for a packet pattern.

    ``4-3-w-4`` (SBS-8): a 4-packet each (d[0..11]), a 3-packet each (d[12..20]), the widow
    d[21..23], a 4-packet each (d[24..35]). ``3-w-4-4`` (Foster's Hoyle, Frog's ``deal_pattern``):
    a 3-packet each (d[0..8]), the widow d[9..11], then two rounds of 4-packets.
    """
    if pattern == "4-3-w-4":
        hands = tuple(tuple(range(4 * j, 4 * j + 4)) + tuple(range(12 + 3 * j, 15 + 3 * j))
                      + tuple(range(24 + 4 * j, 28 + 4 * j)) for j in range(3))
        return hands, (21, 22, 23)
    if pattern == "3-w-4-4":
        hands = tuple(tuple(range(3 * j, 3 * j + 3)) + tuple(range(12 + 4 * j, 16 + 4 * j))
                      + tuple(range(24 + 4 * j, 28 + 4 * j)) for j in range(3))
        return hands, (9, 10, 11)
    raise OptionError("REC-2", "unknown deal pattern", where="options.deal_pattern",
                      what=repr(pattern))


def settle_each(players: int, bidder: int, payers: Sequence[int], amount: int) -> list[int]:
    """The bidder receives ``amount`` from each payer (pays it when negative): one chip change
    per seat, summing to zero (SBS-27)."""
    out = [0] * players
    for s in payers:
        out[s] -= amount
        out[bidder] += amount
    return out


def shuffle_and_cut(rng: random.Random) -> list[int]:
    """SBS-7: the dealer shuffles, the player on the dealer's right cuts.

    The shuffle is an exactly uniform Fisher-Yates whose 35 swaps are the digits of one random
    number below 36! (drawn by rejection from ``getrandbits``): twice as fast as
    ``rng.shuffle``, which matters because bulk simulation deals millions of times. The cut
    moves a packet of 1..35 cards from the top to the bottom.
    """
    while True:  # one uniform number below 36!, read as the swaps of a Fisher-Yates shuffle
        r = rng.getrandbits(_PERMUTATION_BITS)
        if r < _PERMUTATIONS:
            break
    pack = list(range(N_CARDS))
    for i in range(N_CARDS - 1, 0, -1):
        r, j = divmod(r, i + 1)
        pack[i], pack[j] = pack[j], pack[i]
    cut = 1 + int(rng.random() * (N_CARDS - 1))
    return pack[cut:] + pack[:cut]


_PERMUTATIONS = math.factorial(N_CARDS)
_PERMUTATION_BITS = _PERMUTATIONS.bit_length()


# --- the game ---------------------------------------------------------------------------------
ST = TypeVar("ST", bound="TappState")


class TappGame(Game, Generic[ST]):
    """A Tapp-family game on the 36-card deck with three active hands and a widow (Six-Bid Solo,
    Frog): options, seating, the shuffle and the deal, and reading a record's deal and calls.

    A subclass names its options class, its state class and its declaration steps in records.
    """

    id: str
    options_class: ClassVar[type[Any]]
    state_class: type[ST]
    #: The declaration steps a record's ``declare`` object may name.
    declare_keys: ClassVar[tuple[str, ...]] = ()

    def __init__(self, options: OptionSet | Mapping[str, Any] | None = None) -> None:
        opts: Any = options
        if opts is None:
            opts = self.options_class()
        elif not isinstance(opts, self.options_class):
            opts = self.options_class.from_dict(opts)
        self.options: Any = opts
        self.players: int = opts.players
        self._seating: dict[int, tuple[tuple[int, int, int], tuple[int, ...]]] = {}
        pattern = getattr(opts, "deal_pattern", "4-3-w-4")
        self._places, self._widow_places = deal_places(pattern)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.options_dict()!r})"

    def options_dict(self) -> dict[str, Any]:
        return dict(self.options.as_dict())

    def seating(self, dealer: int) -> tuple[tuple[int, int, int], tuple[int, ...]]:
        """The active seats for ``dealer`` and each seat's next active seat (cached)."""
        table = self._seating.get(dealer)
        if table is None:
            active = active_seats(self.options, dealer)
            nxt = [-1] * self.players
            for i, a in enumerate(active):
                nxt[a] = active[(i + 1) % 3]
            table = self._seating[dealer] = (active, tuple(nxt))
        return table

    # -- dealing (SBS-7, SBS-8) --
    def new_deal(self, rng: random.Random | int | None, dealer: int = 0) -> ST:
        """Shuffle, have the player on the dealer's right cut (SBS-7), deal in packets (SBS-8).
        A dealer that is not a seat is REC-6, as in a record: the deal's own record must
        replay."""
        if not is_seat(dealer, self.players):
            raise RecordError("REC-6", f"dealer must be a seat 0..{self.players - 1}",
                              where="dealer", what=shown(dealer))
        return self.deal_from_deck(shuffle_and_cut(as_rng(rng)), dealer)

    def deal_from_deck(self, deck: Sequence[int], dealer: int) -> ST:
        """Deal a shuffled list d[0..35] in packets (SBS-8: 4 each, 3 each, widow 3, 4 each)."""
        hands = [0] * self.players
        for seat, places in zip(active_seats(self.options, dealer), self._places, strict=True):
            m = 0
            for i in places:
                m |= 1 << deck[i]
            hands[seat] = m
        widow = 0
        for i in self._widow_places:
            widow |= 1 << deck[i]
        return self.state_class(self, dealer, hands, widow)

    def deal(self, dealer: int, hands: Sequence[Sequence[Card]], widow: Sequence[Card]) -> ST:
        """A state from given cards, checked like a record's deal (REC-4, REC-5)."""
        return self.from_record_deal({
            "dealer": dealer,
            "hands": [[c.text for c in h] for h in hands],
            "widow": [c.text for c in widow],
        })

    # -- records --
    def from_record_deal(self, record: Mapping[str, Any]) -> ST:
        dealer = record.get("dealer")
        if type(dealer) is not int or not 0 <= dealer < self.players:
            raise RecordError("REC-6", f"dealer must be a seat 0..{self.players - 1}",
                              where="dealer", what=repr(dealer))
        hands_in = record.get("hands")
        if not isinstance(hands_in, list) or len(hands_in) != self.players:
            raise RecordError("REC-5", f"hands must list {self.players} seats (options.players)",
                              where="hands")
        active = active_seats(self.options, dealer)
        seen: dict[int, str] = {}
        hands = [0] * self.players

        def take(text: object, where: str) -> int:
            try:
                card = Card.parse(text)  # type: ignore[arg-type]
            except NotationError as e:
                raise RecordError("REC-3", "unknown card text", where=where,
                                  what=repr(text)) from e
            if card not in CARD_INDEX:
                raise RecordError("REC-3", "not a card of the 36-card deck (SBS-1)",
                                  where=where, what=repr(text))
            c = CARD_INDEX[card]
            if c in seen:
                raise RecordError("REC-4", f"a card twice (also at {seen[c]})", where=where,
                                  what=card.text)
            seen[c] = where
            return c

        for seat, hand in enumerate(hands_in):
            if not isinstance(hand, list):
                raise RecordError("REC-1", "a hand must be a list of cards", where=f"hands[{seat}]")
            for i, text in enumerate(hand):
                hands[seat] |= 1 << take(text, f"hands[{seat}][{i}]")
            want = 11 if seat in active else 0
            if len(hand) != want:
                why = ("sits out this deal (SBS-V2) and must be empty" if want == 0
                       else "is active and must hold 11 cards (SBS-8)")
                raise RecordError("REC-5", f"seat {seat} {why}; it has {len(hand)}",
                                  where=f"hands[{seat}]")
        widow_in = record.get("widow")
        if not isinstance(widow_in, list):
            raise RecordError("REC-1", "widow must be a list of 3 cards", where="widow")
        widow = 0
        for i, text in enumerate(widow_in):
            widow |= 1 << take(text, f"widow[{i}]")
        if len(widow_in) != 3:
            raise RecordError("REC-5", f"the widow holds 3 cards (SBS-8); it has {len(widow_in)}",
                              where="widow")
        return self.state_class(self, dealer, hands, widow)

    def parse_call(self, token: object, where: str = "") -> Action:
        """``"pass"`` or one of this game's contract ids → a call action (SBS-13)."""
        return parse_call(token, where, self.state_class.CONTRACTS)

    def replay_record(self, state: GameState, record: Mapping[str, Any]) -> None:
        assert isinstance(state, self.state_class)
        calls = record.get("calls", [])
        if not isinstance(calls, list):
            raise RecordError("REC-1", "calls must be a list", where="calls")
        for i, token in enumerate(calls):
            where = f"calls[{i}]"
            if state.phase != AUCTION:
                rule, detail = (("SBS-17", "all three passed: the deal was thrown in")
                                if state.bidder is None else ("SBS-18", "the auction is over"))
                raise IllegalActionError(rule, detail, where=where, what=str(token))
            state.apply_at(self.parse_call(token, where), where)
        declare = record.get("declare")
        if declare is None:
            declare = {}
        if not isinstance(declare, dict):
            raise RecordError("REC-1", "declare must be an object", where="declare")
        self._replay_declare(state, declare)
        play = record.get("play", [])
        if not isinstance(play, list):
            raise RecordError("REC-1", "play must be a list", where="play")
        if play and state.phase != PLAY:
            rule, detail = (("SBS-17", "the deal was thrown in") if state.phase == DONE
                            else state.before_play_rule())
            raise IllegalActionError(rule, detail, where="play[0]", what=str(play[0]))
        for i, token in enumerate(play):
            where = f"play[{i}]"
            if state.phase == DONE:
                raise IllegalActionError("SBS-25", "all 11 tricks are played", where=where,
                                         what=str(token))
            state.apply_at(parse_card(token, where), where)

    def _replay_declare(self, state: ST, declare: dict[str, Any]) -> None:
        """Apply a record's ``declare`` steps in the order the rules fix (hand-record.md)."""
        raise NotImplementedError

    def record_of(self, state: GameState) -> dict[str, Any]:
        assert isinstance(state, self.state_class)
        return state.record()

    def describe(self, state: GameState) -> dict[str, Any]:
        assert isinstance(state, self.state_class)
        return state.describe()


# --- parsing record tokens --------------------------------------------------------------------
def parse_call(token: object, where: str, contracts: Sequence[str]) -> Action:
    """``"pass"`` or a contract id (of ``contracts``, lowest first) → a call action (SBS-13)."""
    if token == "pass":
        return PASS
    if isinstance(token, str) and token in contracts:
        return CALL_BASE + list(contracts).index(token) + 1
    raise NotationError("SBS-13", "a call is pass or a contract id (" + ", ".join(contracts) + ")",
                        where=where, what=repr(token))


def family_token(action: Action, contracts: Sequence[str]) -> str | None:
    """An action as record text in the family's numbering: ``TH``, ``pass``, a contract id of
    ``contracts`` (lowest first), ``S``; ``None`` for declining a call; the card called, given
    or discarded."""
    if action < N_CARDS:
        return CARD_TEXT[action]
    if action == PASS:
        return "pass"
    if action < TRUMP_BASE:
        return contracts[action - CALL_BASE - 1]
    if action < DECLINE:
        return SUIT_LETTERS[action - TRUMP_BASE]
    if action == DECLINE:
        return None
    if action < GIVE_BASE:
        return CARD_TEXT[action - CALLCARD_BASE]
    if action < DISCARD_BASE:
        return CARD_TEXT[action - GIVE_BASE]
    return CARD_TEXT[action - DISCARD_BASE]


def parse_card(token: object, where: str = "") -> int:
    """Card text → card int (REC-3)."""
    try:
        card = Card.parse(token)  # type: ignore[arg-type]
    except NotationError as e:
        raise NotationError("REC-3", "unknown card text", where=where, what=repr(token)) from e
    if card not in CARD_INDEX:
        raise NotationError("REC-3", "not a card of the 36-card deck (SBS-1)", where=where,
                            what=repr(token))
    return CARD_INDEX[card]


def parse_declare(step: str, value: object, where: str = "") -> Action:
    """A declaration step's record value → an action."""
    if step == "trump":
        try:
            return TRUMP_BASE + int(Suit.parse(value))  # type: ignore[arg-type]
        except NotationError as e:
            raise NotationError("SBS-19", "trump is a suit C S H D", where=where,
                                what=repr(value)) from e
    if step == "call":
        if value is None:
            return DECLINE
        return CALLCARD_BASE + parse_card(value, where)
    if step == "give":
        return GIVE_BASE + parse_card(value, where)
    raise RecordError("REC-1", "unknown declaration step", where=where, what=repr(step))


# --- the state --------------------------------------------------------------------------------
Trick = tuple[int, tuple[int, ...], int]  # (leader, cards in play order, winner)


class TappState(GameState):
    """One deal of a Tapp-family game with three active hands on the 36-card deck: the deal,
    the auction (SBS-13..18), the play of 11 tricks (SBS-22..25), undo, views and records.

    A game's subclass names its contracts (``CONTRACTS``, lowest first; a call action is
    ``CALL_BASE + k`` for contract k = 1..) and adds its declaration (``_declaration_steps`` and
    the ``_declare*`` methods) and its settlement (``bidder_points``, ``made``, ``chips``).
    """

    CONTRACTS: ClassVar[tuple[str, ...]] = ()
    CONTRACT_NAMES: ClassVar[Mapping[str, str]] = {}
    N_ACTIONS: ClassVar[int] = N_ACTIONS
    #: The rule ids a game's error messages cite for the shared play: a card out of turn or
    #: before play starts, following and trumping, the end of the deal, a throw-in.
    PLAY_RULE: ClassVar[str] = "SBS-22"
    FOLLOW_RULE: ClassVar[str] = "SBS-23"
    OVER_RULE: ClassVar[str] = "SBS-25"
    THROWN_IN_RULE: ClassVar[str] = "SBS-17"
    #: Does the deal play 11 tricks of 3 cards (the fast loops' shape)?
    ELEVEN_TRICKS_OF_THREE: ClassVar[bool] = True

    __slots__ = (
        "game", "options", "n", "dealer", "active", "_next", "dealt", "widow", "hands",
        "_phase", "_to_move", "step", "_history", "_undo",
        "passed", "spoken", "high", "high_bidder",
        "bidder", "contract", "trump", "called", "call_holder", "given", "declare_steps",
        "leader", "trick", "tricks", "won_tricks", "won_points", "won_cards",
    )

    def __init__(self, game: TappGame[Any], dealer: int, hands: list[int], widow: int) -> None:
        self.game: Any = game
        self.options: Any = game.options
        self.n = game.players
        self.dealer = dealer
        # _next[seat] = the next active seat clockwise (SBS-22); -1 for a seat sitting out
        self.active, self._next = game.seating(dealer)
        self.dealt: tuple[int, ...] = tuple(hands)
        self.widow = widow
        self.hands: list[int] = list(hands)
        self._phase = AUCTION
        self._to_move: int | None = self.active[0]  # SBS-13: forehand speaks first
        self.step: str | None = None
        self._history: list[Action] = []
        self._undo: list[Any] = []
        # auction, indexed by position 0..2 (forehand, middlehand, endhand)
        self.passed = [False, False, False]
        self.spoken = [False, False, False]
        self.high = 0  # the standing contract (1..), 0 before any bid
        self.high_bidder = -1  # position of the standing bid
        # declaration
        self.bidder: int | None = None
        self.contract = 0
        self.trump = -1
        self.called = -1  # Call Solo: the called card, -1 none/declined
        self.call_holder: int | None = None  # who held it: a seat, or -1 for the widow
        self.given = -1  # the card the bidder gave back
        self.declare_steps: list[str] = []
        # play
        self.leader = -1
        self.trick: list[int] = []
        self.tricks: list[Trick] = []
        self.won_tricks = [0] * self.n
        self.won_points = [0] * self.n
        self.won_cards = [0] * self.n  # masks of the cards each seat won in tricks

    # -- basic queries --
    @property
    def phase(self) -> str:
        return self._phase

    @property
    def to_move(self) -> int | None:
        return self._to_move

    def is_terminal(self) -> bool:
        return self._phase == DONE

    def history(self) -> list[Action]:
        return list(self._history)

    def token(self, action: Action) -> str | None:
        """An action as record text (``TH``, ``pass``, ``solo``, ``S``)."""
        raise NotImplementedError

    def describe_action(self, action: Action) -> str:
        """Words for an action: ``bid Solo``, ``trump ♠``, ``TH``."""
        raise NotImplementedError

    def position(self, seat: int) -> int:
        """0, 1, 2 for forehand, middlehand, endhand; -1 for a seat sitting out."""
        return self.active.index(seat) if seat in self.active else -1

    def next_active(self, seat: int) -> int:
        """The next active seat clockwise (SBS-22: play goes clockwise among active players)."""
        return self._next[seat]

    @property
    def contract_id(self) -> str | None:
        return self.CONTRACTS[self.contract - 1] if self.contract else None

    @property
    def defenders(self) -> tuple[int, ...]:
        return tuple(s for s in self.active if s != self.bidder)

    @property
    def exposed(self) -> bool:
        """Is the bidder's hand face up now? Only Six-Bid Solo's Spread Misère exposes it."""
        return False

    def speakers(self, tokens: Sequence[str]) -> list[int]:
        """Who spoke each call of an auction, from the calls alone (SBS-16a)."""
        return _speakers(self.active, tokens)

    def key(self) -> tuple[Any, ...]:
        return (
            self.dealer, self.dealt, self.widow, tuple(self.hands), self._phase, self._to_move,
            self.step, tuple(self._history), tuple(self.passed), tuple(self.spoken), self.high,
            self.high_bidder, self.bidder, self.contract, self.trump, self.called,
            self.call_holder, self.given, tuple(self.declare_steps), self.leader,
            tuple(self.trick), tuple(self.tricks), tuple(self.won_tricks),
            tuple(self.won_points), tuple(self.won_cards),
        )

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.key() == other.key()  # type: ignore[attr-defined,unused-ignore]

    __hash__ = None  # type: ignore[assignment]  # mutable

    def copy(self) -> Self:
        new = type(self).__new__(type(self))
        new.game = self.game
        new.options = self.options
        new.n = self.n
        new.dealer = self.dealer
        new.active = self.active
        new._next = self._next
        new.dealt = self.dealt
        new.widow = self.widow
        new.hands = self.hands[:]
        new._phase = self._phase
        new._to_move = self._to_move
        new.step = self.step
        new._history = self._history[:]
        new._undo = self._undo[:]
        new.passed = self.passed[:]
        new.spoken = self.spoken[:]
        new.high = self.high
        new.high_bidder = self.high_bidder
        new.bidder = self.bidder
        new.contract = self.contract
        new.trump = self.trump
        new.called = self.called
        new.call_holder = self.call_holder
        new.given = self.given
        new.declare_steps = self.declare_steps[:]
        new.leader = self.leader
        new.trick = self.trick[:]
        new.tricks = self.tricks[:]
        new.won_tricks = self.won_tricks[:]
        new.won_points = self.won_points[:]
        new.won_cards = self.won_cards[:]
        return new

    # -- legal actions --
    def legal_actions(self) -> list[Action]:
        phase = self._phase
        if phase == PLAY:
            hand = self.hands[self._to_move]  # type: ignore[index]
            if self.trick:  # one suit is enough when following or trumping (SBS-23)
                led = SUIT_OF[self.trick[0]]
                part = (hand >> (9 * led)) & 0x1FF
                if part:
                    return list(CARDS_OF[led][part])
                trump = self.trump
                if trump >= 0:
                    part = (hand >> (9 * trump)) & 0x1FF
                    if part:
                        return list(CARDS_OF[trump][part])
            out: list[Action] = []
            for s in range(4):
                part = (hand >> (9 * s)) & 0x1FF
                if part:
                    out += CARDS_OF[s][part]
            return out
        if phase == AUCTION:
            return [PASS] + [CALL_BASE + k for k in range(self.high + 1, len(self.CONTRACTS) + 1)]
        if phase == DECLARE:
            return self._legal_declare()
        return []

    def legal_mask(self) -> int:
        """The legal cards of the player to move, as a mask (SBS-23)."""
        assert self._to_move is not None
        hand = self.hands[self._to_move]
        if not self.trick:
            return hand
        follow = hand & SUIT_MASK[SUIT_OF[self.trick[0]]]
        if follow:
            return follow
        if self.trump >= 0:
            trumps = hand & SUIT_MASK[self.trump]
            if trumps:
                return trumps
        return hand

    # -- applying actions --
    def apply(self, action: Action) -> None:
        """Apply ``action`` after checking it against the rules (raises IllegalActionError)."""
        if self._phase == PLAY and type(action) is int and 0 <= action < N_CARDS:
            # the common case, checked inline (SBS-23); any breach goes to _check for the message
            hand = self.hands[self._to_move]  # type: ignore[index]
            ok = hand >> action & 1
            if ok and self.trick:
                led = SUIT_OF[self.trick[0]]
                suit = SUIT_OF[action]
                if suit != led and (hand & SUIT_MASK[led] or (
                        self.trump >= 0 and suit != self.trump
                        and hand & SUIT_MASK[self.trump])):
                    ok = 0  # a revoke, or not trumping while able
            if ok:
                self._play(action)
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

    def _check(self, action: Action) -> None:
        seat = self._to_move

        def fail(rule: str, detail: str) -> IllegalActionError:
            valid = type(action) is int and 0 <= action < self.N_ACTIONS
            what = self.token(action) if valid else None
            shown = str(what) if what is not None else ("null" if action == DECLINE
                                                        else repr(action))
            return IllegalActionError(rule, detail, what=shown,
                                      where=f"seat {seat}" if seat is not None else "")

        if type(action) is not int or not 0 <= action < self.N_ACTIONS:
            raise fail("SBS-13", f"not an action of {self.game.id}")
        phase = self._phase
        if phase == DONE:
            raise fail(self.OVER_RULE if self.contract else self.THROWN_IN_RULE,
                       "the deal is over")
        if phase == AUCTION:
            if not CALL_BASE <= action <= CALL_BASE + len(self.CONTRACTS):
                raise fail("SBS-13", "the auction is on: a call is pass or a contract")
            if action != PASS and action - CALL_BASE <= self.high:
                standing = self.CONTRACT_NAMES[self.CONTRACTS[self.high - 1]]
                raise fail("SBS-14", f"a bid must name a strictly higher contract than {standing}")
            return
        if phase == DECLARE:
            if not self._declare_ok(action):
                raise fail(*self._declare_error(action))
            return
        # play (SBS-23)
        if action >= N_CARDS:
            raise fail(self.PLAY_RULE, "play has begun: play a card")
        assert seat is not None
        hand = self.hands[seat]
        rule = self.FOLLOW_RULE
        if not hand >> action & 1:
            raise fail(rule, f"seat {seat} does not hold {CARD_TEXT[action]}")
        if self.trick:
            led = SUIT_OF[self.trick[0]]
            if SUIT_OF[action] != led:
                if hand & SUIT_MASK[led]:
                    raise fail(rule, f"must follow suit {SUIT_SYMBOLS[led]}")
                if (self.trump >= 0 and SUIT_OF[action] != self.trump
                        and hand & SUIT_MASK[self.trump]):
                    raise fail(rule, f"void in {SUIT_SYMBOLS[led]}: must play a trump "
                               f"{SUIT_SYMBOLS[self.trump]}")

    def apply_unchecked(self, action: Action) -> None:
        phase = self._phase
        if phase == PLAY:
            self._play(action)
        elif phase == AUCTION:
            self._call(action)
        else:
            self._declare(action)
        self._history.append(action)

    def _snapshot(self) -> tuple[Any, ...]:
        return (self._phase, self._to_move, self.step, self.passed[:], self.spoken[:], self.high,
                self.high_bidder, self.bidder, self.contract, self.trump, self.called,
                self.call_holder, self.given, self.declare_steps[:], self.hands[:], self.leader)

    def _restore(self, snap: tuple[Any, ...]) -> None:
        (self._phase, self._to_move, self.step, self.passed, self.spoken, self.high,
         self.high_bidder, self.bidder, self.contract, self.trump, self.called,
         self.call_holder, self.given, self.declare_steps, self.hands, self.leader) = snap

    # -- the auction (SBS-13..18, SBS-16a) --
    def _take_call(self, action: Action) -> int:
        """Take the call of the player to move (SBS-13): an undo point, then a pass or the new
        highest bid. Returns the caller's position among the active players."""
        self._undo.append(self._snapshot())
        assert self._to_move is not None
        pos = self.active.index(self._to_move)
        self.spoken[pos] = True
        if action == PASS:
            self.passed[pos] = True
        else:
            self.high = action - CALL_BASE
            self.high_bidder = pos
        return pos

    def _call(self, action: Action) -> None:
        pos = self._take_call(action)
        passed = self.passed
        if passed[0] and passed[1] and passed[2]:  # (1) all passed: thrown in (SBS-17)
            self._phase = DONE
            self._to_move = None
            return
        if passed.count(False) == 1 and self.high_bidder >= 0 and not passed[self.high_bidder]:
            self._win_auction()  # (2)
            return
        nxt = -1
        if action != PASS:  # (3) the other not-passed player who has spoken
            for p in range(3):
                if p != pos and not passed[p] and self.spoken[p]:
                    nxt = p
                    break
        if nxt < 0:  # (3)/(4) the first of middlehand and endhand who has not spoken
            nxt = 1 if not self.spoken[1] else 2
        self._to_move = self.active[nxt]

    def _win_auction(self) -> None:
        self.bidder = self.active[self.high_bidder]
        self.contract = self.high
        steps = self._declaration_steps()
        self.declare_steps = steps
        if steps:
            self._phase = DECLARE
            self.step = steps[0]
            self._to_move = self.bidder
        else:
            self._start_play()

    def _declaration_steps(self) -> list[str]:
        """The bidder's declaration steps for the contract just won (fixing a fixed trump)."""
        raise NotImplementedError

    def _legal_declare(self) -> list[Action]:
        raise NotImplementedError

    def _declare_ok(self, action: Action) -> bool:
        """Is ``action`` one of ``_legal_declare()``? (checked without building the list)"""
        raise NotImplementedError

    def _declare_error(self, action: Action) -> tuple[str, str]:
        """The rule and the words for an illegal declaration action."""
        raise NotImplementedError

    def _declare(self, action: Action) -> None:
        raise NotImplementedError

    def before_play_rule(self) -> tuple[str, str]:
        """The rule a card breaks when it comes before the declaration is complete."""
        return "SBS-22", "play starts after the auction and the declaration"

    def discard_seen_by(self, seat: int) -> tuple[Card, ...] | None:
        """Cards the bidder laid away face down, as ``seat`` may see them (None: none or hidden).
        """
        return None

    def _first_leader(self) -> int:
        """FR-3, SBS-22: forehand leads the first trick."""
        return self.active[0]

    def _start_play(self) -> None:
        self._phase = PLAY
        self.step = None
        self.leader = self._first_leader()
        self._to_move = self.leader

    # -- play (SBS-22..25) --
    def _play(self, card: int) -> None:
        seat: int = self._to_move  # type: ignore[assignment]
        self.hands[seat] &= ~(1 << card)
        trick = self.trick
        trick.append(card)
        if len(trick) < 3:
            self._to_move = self._next[seat]
            return
        leader = self.leader
        c0, c1, c2 = trick
        winner = self.trick_winner(leader, trick)
        self.tricks.append((leader, (c0, c1, c2), winner))
        self.won_tricks[winner] += 1
        self.won_points[winner] += POINTS[c0] + POINTS[c1] + POINTS[c2]
        self.won_cards[winner] |= (1 << c0) | (1 << c1) | (1 << c2)
        self.trick = []
        self.leader = winner
        if len(self.tricks) == 11:  # SBS-25: all 11 tricks are played
            self._phase = DONE
            self._to_move = None
        else:
            self._to_move = winner

    def trick_winner(self, leader: int, cards: Sequence[int]) -> int:
        """SBS-24: the highest trump, else the highest card of the led suit, wins."""
        trump = self.trump  # -1 in Misère and Spread Misère: no trump suit
        best, bc = 0, cards[0]
        c = cards[1]
        if SUIT_OF[c] == SUIT_OF[bc]:
            if c < bc:  # a lower index is a higher rank (SBS-2)
                best, bc = 1, c
        elif SUIT_OF[c] == trump:
            best, bc = 1, c
        c = cards[2]
        if SUIT_OF[c] == SUIT_OF[bc]:
            if c < bc:
                best = 2
        elif SUIT_OF[c] == trump:
            best = 2
        nxt = self._next
        return leader if best == 0 else (nxt[leader] if best == 1 else nxt[nxt[leader]])

    # -- undo --
    def undo(self) -> Action:
        if not self._history:
            raise IllegalActionError("SBS-8", "nothing to undo: the deal has just been dealt")
        action = self._history.pop()
        if action >= N_CARDS:  # a call or a declaration step: restore the snapshot taken
            self._restore(self._undo.pop())
            return action
        # a card: mid-trick if a trick is in progress, else the card that completed the last
        if self.trick:
            self.trick.pop()
            seat = self._to_move
            assert seat is not None
            seat = self.active[(self.active.index(seat) + 2) % 3]  # the previous active seat
        else:
            leader, cards, winner = self.tricks.pop()
            self.won_tricks[winner] -= 1
            self.won_points[winner] -= POINTS[cards[0]] + POINTS[cards[1]] + POINTS[cards[2]]
            self.won_cards[winner] &= ~((1 << cards[0]) | (1 << cards[1]) | (1 << cards[2]))
            self.trick = list(cards[:2])
            self.leader = leader
            seat = self.active[(self.active.index(leader) + 2) % 3]
            self._phase = PLAY
        self.hands[seat] |= 1 << action
        self._to_move = seat
        return action

    # -- results: a game's own settlement --
    def bidder_points(self) -> int:
        """P: the card points that count for the bidder (a finished deal with a bidder)."""
        raise NotImplementedError

    def made(self) -> bool:
        """Did the bidder make the contract? (a finished deal with a bidder)"""
        raise NotImplementedError

    # -- views and records --
    def view(self, seat: int) -> SeatView:
        return SeatView.of(self, seat)

    def record(self) -> dict[str, Any]:
        calls: list[str | None] = []
        declare: dict[str, Any] = {}
        play: list[str | None] = []
        for a in self._history:
            if CALL_BASE <= a < TRUMP_BASE:
                calls.append(self.token(a))
            elif a < N_CARDS:
                play.append(CARD_TEXT[a])
            else:
                self._record_declare(a, declare)
        rec: dict[str, Any] = {
            "format": "tutor-record/1",
            "game": self.game.id,
            "options": self.game.options_dict(),
            "dealer": self.dealer,
            "hands": [[CARD_TEXT[c] for c in mask_cards(h)] for h in self.dealt],
            "widow": [CARD_TEXT[c] for c in mask_cards(self.widow)],
            "calls": calls,
        }
        if declare:
            rec["declare"] = declare
        rec["play"] = play
        return rec

    def describe(self) -> dict[str, Any]:
        """The replay object of ``shared/hand-record.md``."""
        done = self._phase == DONE
        tricks = [{"leader": ld, "cards": [CARD_TEXT[c] for c in cs], "winner": w}
                  for ld, cs, w in self.tricks]
        out: dict[str, Any] = {
            "phase": self._phase,
            "to_move": self._to_move,
            "step": self.step if self._phase == DECLARE else None,
            "legal": self.legal_tokens(),
            "bidder": self.bidder,
            "contract": self.contract_id,
            "trump": SUIT_LETTERS[self.trump] if self.trump >= 0 else None,
            "tricks": tricks,
            "current_trick": ({"leader": self.leader, "cards": [CARD_TEXT[c] for c in self.trick]}
                              if self._phase == PLAY and self.trick else None),
            "bidder_points": None,
            "bidder_tricks": None,
            "made": None,
            "chips": None,
        }
        if done:
            out["chips"] = self.chips()
            if self.bidder is not None:
                out["bidder_points"] = self.bidder_points()
                out["bidder_tricks"] = self.won_tricks[self.bidder]
                out["made"] = self.made()
        return out

    def __repr__(self) -> str:
        return (f"<{type(self).__name__} dealer={self.dealer} phase={self._phase} "
                f"to_move={self._to_move} actions={len(self._history)}>")


    def _record_declare(self, action: Action, declare: dict[str, Any]) -> None:
        """Write one declaration action into a record's ``declare`` object."""
        raise NotImplementedError


def family_info(game: TappGame[Any], name: str, rules: str, actions: ActionTable,
                max_game_length: int) -> GameInfo:
    """The facts every Tapp game shares (SBS-1, SBS-5, SBS-8, SBS-26, SBS-V2): 3 active players
    of 3..5 seats, 11 cards each from the 36-card deck and a widow of 3, zero-sum chips; the
    game's name, rule-id prefix, action table and longest game are its own."""
    return GameInfo(
        id=game.id, name=name, rules=rules, deck=DECK_36, players=game.players,
        min_players=3, max_players=5, active_players=3, hand_size=11, tricks=11, widow=3,
        num_distinct_actions=len(actions), max_game_length=max_game_length,
        utility="zero-sum", score_unit="chips", action_kinds=actions.kinds)


def open_contracts(legal: Sequence[Action]) -> list[int]:
    """The contract numbers among the ``legal`` actions of the auction: the calls still open
    (SBS-13), passing left out."""
    return [a - CALL_BASE for a in legal if a != PASS and CALL_BASE < a < TRUMP_BASE]


def bid_alone(state: TappState, contract: int) -> TappState:
    """A copy of ``state`` (in the auction) in which the player to move bids ``contract`` and
    every other player passes (SBS-16a): the bidder stands at the declaration, or at the first
    lead if it has none."""
    state = state.copy()
    state.apply_unchecked(CALL_BASE + contract)
    while state.phase == AUCTION:
        state.apply_unchecked(PASS)
    return state


# --- fast random playout (the unchecked path used by benchmarks and Monte-Carlo) --------------
def random_playout(state: TappState, rng: random.Random) -> None:
    """Play the rest of the deal with uniformly random legal cards, in place, unchecked.

    Same rules as ``legal_actions`` and ``_play`` (SBS-22..25), written as one tight loop over
    per-suit card lists because bots and benchmarks run it hundreds of thousands of times. The
    state ends exactly as if each card had gone through ``apply`` (history, undo, tricks).
    """
    if state._phase != PLAY:
        raise IllegalActionError("SBS-22", "a playout starts in the play phase")
    if not state.ELEVEN_TRICKS_OF_THREE:  # Crazy Solo's tables: the general loop
        _playout_any(state, rng)
        return
    rand = rng.random
    trump = state.trump  # -1 in the misère contracts
    history = state._history
    tricks = state.tricks
    won_tricks, won_points, won_cards = state.won_tricks, state.won_points, state.won_cards
    nxt = state._next
    # suits[seat][s]: the cards of suit s in seat's hand (any order: the pick is uniform)
    suits = [[list(CARDS_OF[s][(h >> (9 * s)) & 0x1FF]) for s in range(4)] for h in state.hands]
    seat: int = state._to_move  # type: ignore[assignment]
    leader = state.leader
    trick = state.trick
    led = SUIT_OF[trick[0]] if trick else -1
    while True:
        hs = suits[seat]
        pile: list[int] = hs[led] if led >= 0 else []
        if not pile and led >= 0 and trump >= 0:  # void in the led suit: trump if able (SBS-23)
            pile = hs[trump]
        if pile:
            card = pile.pop(int(rand() * len(pile)))
        else:  # leading, or holding neither: any card
            k = int(rand() * (len(hs[0]) + len(hs[1]) + len(hs[2]) + len(hs[3])))
            for pile in hs:
                if k < len(pile):
                    break
                k -= len(pile)
            card = pile.pop(k)
        trick.append(card)
        history.append(card)
        if len(trick) < 3:
            if led < 0:
                led = SUIT_OF[card]
            seat = nxt[seat]
            continue
        c0, c1, c2 = trick
        best, bc = 0, c0  # SBS-24, as in trick_winner
        if SUIT_OF[c1] == led:
            if c1 < bc:
                best, bc = 1, c1
        elif SUIT_OF[c1] == trump:
            best, bc = 1, c1
        if SUIT_OF[c2] == SUIT_OF[bc]:
            if c2 < bc:
                best = 2
        elif SUIT_OF[c2] == trump:
            best = 2
        winner = leader if best == 0 else (nxt[leader] if best == 1 else nxt[nxt[leader]])
        tricks.append((leader, (c0, c1, c2), winner))
        won_tricks[winner] += 1
        won_points[winner] += POINTS[c0] + POINTS[c1] + POINTS[c2]
        won_cards[winner] |= (1 << c0) | (1 << c1) | (1 << c2)
        trick = []
        led = -1
        leader = seat = winner
        if len(tricks) == 11:
            break
    state.hands = [0] * state.n  # every card is played
    state.trick = trick
    state.leader = leader
    state._phase = DONE
    state._to_move = None


def _playout_any(state: TappState, rng: random.Random) -> None:
    """``random_playout`` for any number of active hands: a uniformly random legal card each
    turn, through the state's own unchecked play."""
    rand = rng.random
    while state._phase == PLAY:
        legal = mask_cards(state.legal_mask())
        state.apply_unchecked(legal[int(rand() * len(legal))])


# --- per-seat views ---------------------------------------------------------------------------
@dataclass(frozen=True)
class SeatView:
    """What one seat may know at this moment — the only thing bots, quizzes and widgets get.

    It holds the seat's own hand, every call, the contract and trump, the cards played (tricks are
    shown as a teaching aid although SBS-25 has them turned face down), the Spread Misère hand
    once exposed (SBS-21, SBS-V3) and, in Call Solo, the called card and where it came from. The
    card the bidder gave back is known only to the bidder and the defender who received it. Never
    the widow, never another hand.
    """

    game: str
    options: Mapping[str, Any]
    seat: int
    dealer: int
    active: tuple[int, ...]  # the seats dealt in, in order of speaking
    phase: str
    to_move: int | None
    step: str | None
    hand: tuple[Card, ...]
    calls: tuple[tuple[int, str], ...]  # (seat, token) in the order spoken
    bidder: int | None
    contract: str | None
    trump: Suit | None
    called: Card | None
    call_holder: int | None  # the seat that handed the called card over; -1: it lay in the widow
    given: Card | None  # only for the bidder and the defender who received it
    exposed: tuple[Card, ...] | None  # the Spread Misère hand, once face up
    discarded: tuple[Card, ...] | None  # Frog: the bidder's discard, for the bidder only
    tricks: tuple[tuple[int, tuple[Card, ...], int], ...]  # (leader, cards, winner)
    trick_leader: int | None
    trick: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    won_tricks: tuple[int, ...]
    legal: tuple[Action, ...]  # this seat's legal actions when it is to move, else ()

    @classmethod
    def of(cls, state: TappState, seat: int) -> SeatView:
        if not is_seat(seat, state.n):
            raise IllegalActionError("SBS-5", f"no seat {shown(seat)} at a table of {state.n}",
                                     where="view")
        tokens = [state.token(a) or "" for a in state._history if CALL_BASE <= a < TRUMP_BASE]
        # who spoke each call follows from the rules (SBS-16a): replay it on the positions
        calls = list(zip(state.speakers(tokens), tokens, strict=True))
        knows_gift = seat == state.bidder or seat == state.call_holder
        exposed = None
        if state.exposed and state.bidder is not None:
            exposed = tuple(CARDS[c] for c in mask_cards(state.hands[state.bidder]))
        return cls(
            game=state.game.id,
            options=state.game.options_dict(),
            seat=seat,
            dealer=state.dealer,
            active=state.active,
            phase=state._phase,
            to_move=state._to_move,
            step=state.step,
            hand=tuple(CARDS[c] for c in mask_cards(state.hands[seat])),
            calls=tuple(calls),
            bidder=state.bidder,
            contract=state.contract_id,
            trump=Suit(state.trump) if state.trump >= 0 else None,
            called=CARDS[state.called] if state.called >= 0 else None,
            call_holder=state.call_holder,
            given=CARDS[state.given] if state.given >= 0 and knows_gift else None,
            exposed=exposed,
            discarded=state.discard_seen_by(seat),
            tricks=tuple((ld, tuple(CARDS[c] for c in cs), w) for ld, cs, w in state.tricks),
            trick_leader=state.leader if state._phase == PLAY else None,
            trick=tuple(CARDS[c] for c in state.trick),
            hand_sizes=tuple(h.bit_count() for h in state.hands),
            won_tricks=tuple(state.won_tricks),
            legal=tuple(state.legal_actions()) if state._to_move == seat else (),
        )

    def visible_cards(self) -> set[Card]:
        """Every card this view shows (tests check none of them is hidden)."""
        cards = set(self.hand) | set(self.trick)
        for _, cs, _ in self.tricks:
            cards |= set(cs)
        if self.exposed:
            cards |= set(self.exposed)
        if self.discarded:
            cards |= set(self.discarded)
        if self.called:
            cards.add(self.called)
        if self.given:
            cards.add(self.given)
        return cards

    def public(self) -> dict[str, Any]:
        """What every seat knows now, JSON-ready: the auction, the contract, the tricks, hand
        sizes, and an exposed hand; never a hand, the widow, a gift or a discard."""
        return {
            "game": self.game, "options": dict(self.options), "dealer": self.dealer,
            "active": list(self.active), "phase": self.phase, "to_move": self.to_move,
            "step": self.step, "calls": [[s, t] for s, t in self.calls],
            "bidder": self.bidder, "contract": self.contract,
            "trump": self.trump.letter if self.trump is not None else None,
            "called": self.called.text if self.called else None,
            "call_holder": self.call_holder,
            "exposed": [c.text for c in self.exposed] if self.exposed else None,
            "tricks": [{"leader": ld, "cards": [c.text for c in cs], "winner": w}
                       for ld, cs, w in self.tricks],
            "trick_leader": self.trick_leader, "trick": [c.text for c in self.trick],
            "hand_sizes": list(self.hand_sizes), "won_tricks": list(self.won_tricks),
        }

    def sides(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(the bidder's side, the other side) as far as this seat knows them: in the
        three-hand games the bidder alone against the other active seats; nobody before the
        auction ends. A game with a secret partner knows less (Crazy Solo's view)."""
        if self.bidder is None:
            return (), ()
        return (self.bidder,), tuple(s for s in self.active if s != self.bidder)

    def played_mask(self) -> int:
        m = mask_of([CARD_INDEX[c] for c in self.trick])
        for _, cs, _ in self.tricks:
            m |= mask_of([CARD_INDEX[c] for c in cs])
        return m


# --- what the play shows (SBS-22..24, CS-10) ------------------------------------------------
def cards_played(view: SeatView) -> list[Action]:
    """The cards of the tricks and of the trick in progress, in the order played."""
    out: list[Action] = []
    for _, cards, _ in view.tricks:
        out.extend(CARD_INDEX[c] for c in cards)
    out.extend(CARD_INDEX[c] for c in view.trick)
    return out


def played_and_voids(view: SeatView) -> tuple[dict[int, int], dict[int, int]]:
    """Per active seat: the mask of cards it played, and the mask of suits it has shown void
    in — it did not follow the led suit, and, holding no trump either, did not trump (SBS-23;
    Crazy Solo's CS-10). Play goes round the active seats in order, however many there are."""
    active = view.active
    n = len(active)
    trump = int(view.trump) if view.trump is not None else -1  # None: no trump (SBS-24)
    played = {s: 0 for s in active}
    void = {s: 0 for s in active}  # bit s = void in suit s
    tricks = [(ld, [CARD_INDEX[c] for c in cs]) for ld, cs, _ in view.tricks]
    if view.trick:
        assert view.trick_leader is not None
        tricks.append((view.trick_leader, [CARD_INDEX[c] for c in view.trick]))
    for leader, cards in tricks:
        seat = leader
        led = cards[0] // 9
        for i, c in enumerate(cards):
            played[seat] |= 1 << c
            if i and c // 9 != led:
                void[seat] |= 1 << led  # could not follow
                if trump >= 0 and c // 9 != trump:
                    void[seat] |= 1 << trump  # and could not trump
            seat = active[(active.index(seat) + 1) % n]
    return played, void


def _speakers(active: tuple[int, int, int], tokens: Sequence[str]) -> list[int]:
    """Who spoke each call of an auction (SBS-16a), from the calls alone."""
    passed = [False] * 3
    spoken = [False] * 3
    pos = 0
    out = []
    for t in tokens:
        out.append(active[pos])
        spoken[pos] = True
        if t == "pass":
            passed[pos] = True
        nxt = -1
        if t != "pass":
            nxt = next((p for p in range(3) if p != pos and not passed[p] and spoken[p]), -1)
        if nxt < 0:
            nxt = 1 if not spoken[1] else 2
        pos = nxt
    return out
