"""Crazy Solo, exact to ``shared/rules/crazy-solo.md`` (rules CS-1..14 and its options).

Crazy Solo is the Tapp family's game for a big table: the 36 cards of Six-Bid Solo (less some
zero-point cards, CS-2) all dealt among 3 to 12 players, no widow, one call each (CS-4), and a
partner chosen in secret by calling a card (CS-8). Its contracts, lowest first:

- ``solo``: the bidder names trump (♣ ♠ ♦, CS-7) and calls a card;
- ``solo-in-hearts``: ♥ trump, the bidder calls a card; the only call a later player may repeat;
- ``alone``: the bidder names trump and plays against everyone;
- ``alone-in-hearts``: ♥ trump, alone.

The bidder and the called card's holder (the partner) are the soloists, everyone else the gang.
Their card points P pay p = k × (P − 60), k = 3 with ♥ trump else 2, rounded to the nearest 5
(CS-11), between each gang member and the soloists (CS-12).

The state is the family's :class:`~tutor.games.tapp.TappState` with every seat active — the
speaking order starts at the leader, the dealer's left (CS-3) — and tricks of n cards. Actions
keep the family's numbers: cards 0..35, pass 36, contract k at 36 + k, trumps 43..46 and
calling card c at 48 + c (declining, 47, does not exist here: the call is compulsory).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ...cards import DECK_36, Card, Deck, Suit
from ...errors import IllegalActionError, NotationError, OptionError, RecordError, shown
from ...facts import ActionInfo, ActionTable, GameInfo
from ...state import Action, Game, GameState, as_rng, is_seat
from ..tapp import (
    AUCTION,
    CALL_BASE,
    CALLCARD_BASE,
    CARD_INDEX,
    CARD_TEXT,
    CARDS,
    DECLARE,
    DONE,
    HEARTS,
    N_CARDS,
    PASS,
    PLAY,
    POINTS,
    SUIT_LETTERS,
    SUIT_OF,
    SUIT_SYMBOLS,
    TRUMP_BASE,
    OptionSet,
    SeatView,
    TappGame,
    TappState,
    family_token,
    mask_cards,
    parse_call,
    parse_card,
    parse_declare,
    played_and_voids,
    shuffle_and_cut,
)

GAME_ID = "crazy-solo"
CONTRACTS: tuple[str, ...] = ("solo", "solo-in-hearts", "alone", "alone-in-hearts")
CONTRACT_NAMES = {"solo": "Solo", "solo-in-hearts": "Solo in hearts", "alone": "Alone",
                  "alone-in-hearts": "Alone in hearts"}
SOLO, SOLO_IN_HEARTS, ALONE, ALONE_IN_HEARTS = 1, 2, 3, 4
N_ACTIONS = CALLCARD_BASE + N_CARDS  # 84: the call-card range is the last one used
MIN_PLAYERS, MAX_PLAYERS = 3, 12

#: CS-2: the cards removed before the deal, by player count (3 players: the 36-card game).
REMOVED: Mapping[int, tuple[str, ...]] = {
    3: (), 4: (), 5: ("6S",), 6: (), 7: ("6S",), 8: ("6C", "6S", "6H", "6D"), 9: (),
    10: ("6C", "6S", "6H", "6D", "7S", "7C"), 11: ("6S", "6C", "6D"), 12: (),
}
#: CS-2, ``three_handed_deck=24``: all 6s, 7s and 8s go.
REMOVED_24 = tuple(r + s for r in "678" for s in "CSHD")
#: Match options (CS-13, CS-14): a record may carry them; a single deal does not use them.
MATCH_OPTIONS = ("blind_round", "starting_chips", "deals")


@dataclass(frozen=True)
class CrazySoloOptions(OptionSet):
    """The named deal options of ``crazy-solo.md`` (record key ``options``); defaults first."""

    GAME: ClassVar[str] = GAME_ID

    players: int = 4
    plain_calls_allow_hearts: bool = False
    all_pass: str = "same_dealer"
    blind_contract: str = "solo_in_hearts_with_call"
    three_handed_deck: int = 36

    CHOICES: ClassVar[dict[str, tuple[Any, ...]]] = {
        "players": tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1)),
        "plain_calls_allow_hearts": (False, True),
        "all_pass": ("same_dealer", "next_dealer"),
        "blind_contract": ("solo_in_hearts_with_call", "alone_in_hearts"),
        "three_handed_deck": (36, 24),
    }

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.three_handed_deck == 24 and self.players != 3:
            raise OptionError("REC-2", "three_handed_deck 24 is only for 3 players (CS-2)",
                              where="options.three_handed_deck", what="24")

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CrazySoloOptions:
        """A record's ``options``: the deal options, and the match options checked and set
        aside (``blind_round`` true/false, ``starting_chips`` and ``deals`` whole numbers)."""
        if not isinstance(data, Mapping):
            raise RecordError("REC-1", "options must be an object", where="options")
        deal = {k: v for k, v in data.items() if k not in MATCH_OPTIONS}
        for key in MATCH_OPTIONS:
            if key in data:
                check_match_option(key, data[key])
        return super().from_dict(deal)


def check_match_option(key: str, value: object) -> None:
    """CS-13, CS-14: ``blind_round`` is a boolean; ``starting_chips`` and ``deals`` are whole
    numbers above 0 (REC-2 otherwise)."""
    ok = (type(value) is bool if key == "blind_round"
          else type(value) is int and 0 < value <= 10**9)
    if not ok:
        shown = "true | false" if key == "blind_round" else "a whole number above 0"
        raise OptionError("REC-2", f"unknown value; {key} is {shown}", where=f"options.{key}",
                          what=repr(value))


def deck_for(options: CrazySoloOptions) -> Deck:
    """CS-2: the deck for this player count (and ``three_handed_deck``)."""
    gone = REMOVED_24 if options.three_handed_deck == 24 else REMOVED[options.players]
    if not gone:
        return DECK_36
    return DECK_36.without([Card.parse(t) for t in gone],
                           name=f"crazy-solo-{options.players}-{len(DECK_36) - len(gone)}")


def deck_mask(options: CrazySoloOptions) -> int:
    """The deck of :func:`deck_for` as a mask of the family's card ints."""
    return sum(1 << CARD_INDEX[c] for c in deck_for(options).cards)


def multiplier(trump: int) -> int:
    """CS-11: k = 3 with ♥ trump, 2 with ♣ ♠ ♦."""
    return 3 if trump == HEARTS else 2


def round_to_five(p: int) -> int:
    """CS-11: the nearest multiple of 5 by magnitude, sign kept (remainders 1–2 down, 3–4 up)."""
    sign = 1 if p > 0 else -1
    return sign * 5 * ((abs(p) + 2) // 5)


def payment(trump: int, points: int) -> int:
    """CS-11: p₅ for soloists holding ``points`` with ``trump``: what each gang member pays the
    soloists (negative: receives). 0 is a draw."""
    return round_to_five(multiplier(trump) * (points - 60))


def gang_split(players: int, bidder: int, partner: int | None) -> tuple[list[int], list[int]]:
    """CS-12: the gang members who settle with the bidder and those who settle with the partner.

    The gang is taken clockwise from the bidder's left; with a partner the first ⌈g/2⌉ settle
    with the bidder and the rest with the partner. Alone, or secretly alone, all settle with the
    bidder.
    """
    soloists = {bidder} if partner is None else {bidder, partner}
    gang = [(bidder + i) % players for i in range(1, players)
            if (bidder + i) % players not in soloists]
    if partner is None or partner == bidder:
        return gang, []
    half = (len(gang) + 1) // 2
    return gang[:half], gang[half:]


def settle(players: int, bidder: int, partner: int | None, amount: int) -> list[int]:
    """CS-12: one chip change per seat (summing to zero) when each gang member pays ``amount``
    to the soloist it settles with (receives it when negative)."""
    out = [0] * players
    with_bidder, with_partner = gang_split(players, bidder, partner)
    for s in with_bidder:
        out[s] -= amount
        out[bidder] += amount
    for s in with_partner:
        assert partner is not None
        out[s] -= amount
        out[partner] += amount
    return out


def legal_calls(players: int, high: int) -> list[int]:
    """CS-4, CS-5: the contracts open over the standing call ``high`` (0: none yet). A call must
    be higher, except that ``solo-in-hearts`` may repeat; three players only go alone."""
    levels = (ALONE, ALONE_IN_HEARTS) if players == 3 else CONTRACTS_LEVELS
    return [k for k in levels if k > high or k == high == SOLO_IN_HEARTS]


CONTRACTS_LEVELS = (SOLO, SOLO_IN_HEARTS, ALONE, ALONE_IN_HEARTS)


def crazy_token(action: Action) -> str | None:
    """An action as record text: ``TH``, ``pass``, ``solo-in-hearts``, ``S``, a called ``AH``;
    a number Crazy Solo leaves unused reads as the number."""
    if not _used(action):
        return str(action)
    return family_token(action, CONTRACTS)


def _used(action: Action) -> bool:
    return (0 <= action <= CALL_BASE + len(CONTRACTS) or TRUMP_BASE <= action < TRUMP_BASE + 4
            or CALLCARD_BASE <= action < N_ACTIONS)


def describe_crazy_action(action: Action) -> str:
    """Words for an action: ``bid Solo in hearts``, ``trump ♠``, ``call AH``, ``TH``."""
    if action >= CALLCARD_BASE:
        return "call " + CARD_TEXT[action - CALLCARD_BASE]
    if action >= TRUMP_BASE:
        return "trump " + SUIT_SYMBOLS[action - TRUMP_BASE]
    if action > CALL_BASE:
        return "bid " + CONTRACT_NAMES[CONTRACTS[action - CALL_BASE - 1]]
    return "pass" if action == PASS else CARD_TEXT[action]


def _action_info(action: Action) -> ActionInfo | None:
    if not _used(action):
        return None
    words, token = describe_crazy_action(action), crazy_token(action)
    if action < N_CARDS:
        return ActionInfo("card", words, token, CARDS[action])
    if action < TRUMP_BASE:
        return ActionInfo("call", words, token)
    if action < CALLCARD_BASE:
        return ActionInfo("trump", words, token, suit=Suit(action - TRUMP_BASE))
    return ActionInfo("call-card", words, token, CARDS[action - CALLCARD_BASE])


#: Crazy Solo's actions as data, numbers 0..83 with gaps (41, 42 and 47 are unused).
ACTIONS = ActionTable([_action_info(a) for a in range(N_ACTIONS)], rules={
    "calls": "CS-4", "declare.trump": "CS-7", "declare.call": "CS-7", "play": "REC-3"})


class CrazySoloState(TappState):
    """One deal of Crazy Solo: every seat dealt in, one call each, the called card's secret
    partner, tricks of n cards and the rounded payment."""

    __slots__ = ("deck", "blind", "partner", "hand_size")
    CONTRACTS = CONTRACTS
    CONTRACT_NAMES = CONTRACT_NAMES
    N_ACTIONS = N_ACTIONS
    PLAY_RULE = "CS-10"
    FOLLOW_RULE = "CS-10"
    OVER_RULE = "CS-10"
    THROWN_IN_RULE = "CS-6"
    ELEVEN_TRICKS_OF_THREE = False

    def __init__(self, game: CrazySolo, dealer: int, hands: list[int], widow: int = 0,
                 blind: bool = False) -> None:
        super().__init__(game, dealer, hands, 0)
        n = self.n
        self.deck: int = game.deck
        self.hand_size: int = game.hand_size
        self.blind = blind
        self.partner: int | None = None  # the called card's holder (the bidder when alone)
        self.passed = [False] * n
        self.spoken = [False] * n
        if blind and hands[self.active[0]] & HEART_MASK:
            self._blind_bidder()  # CS-14 (i): the leader is under, with no auction

    def _blind_bidder(self) -> None:
        three = self.n == 3
        alone = three or self.options.blind_contract == "alone_in_hearts"
        self.high = ALONE_IN_HEARTS if alone else SOLO_IN_HEARTS
        self.high_bidder = 0
        self._win_auction()

    @property
    def leader_seat(self) -> int:
        """The leader: the dealer's left, who speaks first and leads the first trick (CS-3)."""
        return self.active[0]

    @property
    def blind_under(self) -> bool:
        """A blind deal in which the leader held a heart: under, with no auction (CS-14 (i))."""
        return self.blind and bool(self.dealt[self.active[0]] & HEART_MASK)

    def token(self, action: Action) -> str | None:
        return crazy_token(action)

    def describe_action(self, action: Action) -> str:
        return describe_crazy_action(action)

    def key(self) -> tuple[Any, ...]:
        return (*super().key(), self.blind, self.partner)

    def copy(self) -> CrazySoloState:
        new = super().copy()
        new.deck = self.deck
        new.hand_size = self.hand_size
        new.blind = self.blind
        new.partner = self.partner
        return new

    def _snapshot(self) -> tuple[Any, ...]:
        return (super()._snapshot(), self.partner)

    def _restore(self, snap: tuple[Any, ...]) -> None:
        base, self.partner = snap
        super()._restore(base)

    @property
    def soloists(self) -> tuple[int, ...]:
        """The bidder and the partner (CS-9); the bidder alone when there is no other partner."""
        if self.bidder is None:
            return ()
        if self.partner is None or self.partner == self.bidder:
            return (self.bidder,)
        return (self.bidder, self.partner)

    @property
    def defenders(self) -> tuple[int, ...]:
        """The gang: every seat that is not a soloist (CS-9)."""
        solo = self.soloists
        return tuple(s for s in self.active if s not in solo)

    @property
    def revealed(self) -> bool:
        """Has the called card been played (CS-9: the partner is public from that moment)?"""
        if self.called < 0:
            return False
        bit = 1 << self.called
        return not any(h & bit for h in self.hands)

    def speakers(self, tokens: Sequence[str]) -> list[int]:
        """CS-4: one call each, from the leader clockwise."""
        return [self.active[i] for i in range(len(tokens))]

    # -- the auction (CS-4..6) --
    def legal_actions(self) -> list[Action]:
        if self._phase == AUCTION:
            return [PASS] + [CALL_BASE + k for k in legal_calls(self.n, self.high)]
        return super().legal_actions()

    def _check(self, action: Action) -> None:
        if self._phase == AUCTION and type(action) is int and CALL_BASE <= action < TRUMP_BASE:
            if action == PASS or action - CALL_BASE in legal_calls(self.n, self.high):
                return
            seat = self._to_move
            what = crazy_token(action) if action <= CALL_BASE + len(CONTRACTS) else str(action)
            if self.n == 3 and action - CALL_BASE in (SOLO, SOLO_IN_HEARTS):
                rule, detail = "CS-5", "three players only pass, go alone or alone in hearts"
            elif action > CALL_BASE + len(CONTRACTS):
                rule, detail = "CS-4", "a call is pass or a contract"
            else:
                standing = CONTRACT_NAMES[CONTRACTS[self.high - 1]]
                rule, detail = "CS-4", (f"a call must be higher than {standing} (only Solo in "
                                        "hearts may be repeated)")
            raise IllegalActionError(rule, detail, what=str(what), where=f"seat {seat}")
        if self._phase == AUCTION and type(action) is int and 0 <= action < N_ACTIONS:
            raise IllegalActionError("CS-4", "the auction is on: a call is pass or a contract",
                                     what=str(crazy_token(action)),
                                     where=f"seat {self._to_move}")
        super()._check(action)

    def _call(self, action: Action) -> None:
        pos = self._take_call(action)
        if pos < self.n - 1:
            self._to_move = self.active[pos + 1]
        elif self.high_bidder < 0:  # everyone passed: thrown in (CS-6)
            self._phase = DONE
            self._to_move = None
        else:  # CS-4a: the last non-pass call wins
            self._win_auction()

    # -- the declaration (CS-7, CS-8) --
    def _declaration_steps(self) -> list[str]:
        if self.contract in (SOLO_IN_HEARTS, ALONE_IN_HEARTS):
            self.trump = HEARTS
            return ["call"] if self.contract == SOLO_IN_HEARTS else []
        return ["trump", "call"] if self.contract == SOLO else ["trump"]

    def trump_choices(self) -> list[int]:
        """CS-7: ♣ ♠ ♦, or all four under ``plain_calls_allow_hearts``."""
        return [0, 1, 2, 3] if self.options.plain_calls_allow_hearts else [0, 1, 3]

    def _legal_declare(self) -> list[Action]:
        if self.step == "trump":
            return [TRUMP_BASE + s for s in self.trump_choices()]
        return [CALLCARD_BASE + c for c in mask_cards(self.deck)]

    def _declare_ok(self, action: Action) -> bool:
        if self.step == "trump":
            return TRUMP_BASE <= action < TRUMP_BASE + 4 and action - TRUMP_BASE in \
                self.trump_choices()
        card = action - CALLCARD_BASE
        return 0 <= card < N_CARDS and bool(self.deck >> card & 1)

    def _declare_error(self, action: Action) -> tuple[str, str]:
        if self.step == "trump":
            if TRUMP_BASE <= action < TRUMP_BASE + 4:
                return "CS-7", ("a plain call's trump is ♣, ♠ or ♦ (option "
                                "plain_calls_allow_hearts allows ♥)")
            return "CS-7", "name the trump suit now"
        if CALLCARD_BASE <= action < N_ACTIONS:
            return "CS-8", f"{CARD_TEXT[action - CALLCARD_BASE]} is not in this deal's deck (CS-2)"
        return "CS-7", "call a card now (the call is compulsory)"

    def _declare(self, action: Action) -> None:
        self._undo.append(self._snapshot())
        if self.step == "trump":
            self.trump = action - TRUMP_BASE
            if "call" in self.declare_steps:  # Solo: the call follows the trump (CS-7)
                self.step = "call"
                return
            self._start_play()
            return
        card = action - CALLCARD_BASE
        self.called = card
        bit = 1 << card
        self.partner = next(s for s in self.active if self.hands[s] & bit)  # CS-8
        self._start_play()

    def before_play_rule(self) -> tuple[str, str]:
        return "CS-7", "play starts after the auction and the declaration"

    # -- play (CS-10): tricks of n cards --
    def _play(self, card: int) -> None:
        seat: int = self._to_move  # type: ignore[assignment]
        self.hands[seat] &= ~(1 << card)
        trick = self.trick
        trick.append(card)
        if len(trick) < self.n:
            self._to_move = self._next[seat]
            return
        leader = self.leader
        winner = self.trick_winner(leader, trick)
        self.tricks.append((leader, tuple(trick), winner))
        self.won_tricks[winner] += 1
        mask = 0
        for c in trick:
            mask |= 1 << c
            self.won_points[winner] += POINTS[c]
        self.won_cards[winner] |= mask
        self.trick = []
        self.leader = winner
        if len(self.tricks) == self.hand_size:  # CS-10: all tricks are played
            self._phase = DONE
            self._to_move = None
        else:
            self._to_move = winner

    def trick_winner(self, leader: int, cards: Sequence[int]) -> int:
        """CS-10: the highest trump, else the highest card of the led suit, wins."""
        trump = self.trump
        best, bc = 0, cards[0]
        for i in range(1, len(cards)):
            c = cards[i]
            if SUIT_OF[c] == SUIT_OF[bc]:
                if c < bc:  # a lower index is a higher rank (SBS-2)
                    best, bc = i, c
            elif SUIT_OF[c] == trump:
                best, bc = i, c
        return self.active[(self.active.index(leader) + best) % self.n]

    def undo(self) -> Action:
        if not self._history:
            raise IllegalActionError("CS-3", "nothing to undo: the deal has just been dealt")
        action = self._history[-1]
        if action >= N_CARDS:
            self._history.pop()
            self._restore(self._undo.pop())
            return action
        self._history.pop()
        n = self.n
        if self.trick:
            self.trick.pop()
            seat = self._to_move
            assert seat is not None
            seat = self.active[(self.active.index(seat) - 1) % n]
        else:
            leader, cards, winner = self.tricks.pop()
            self.won_tricks[winner] -= 1
            mask = 0
            for c in cards:
                mask |= 1 << c
                self.won_points[winner] -= POINTS[c]
            self.won_cards[winner] &= ~mask
            self.trick = list(cards[:-1])
            self.leader = leader
            seat = self.active[(self.active.index(leader) + n - 1) % n]
            self._phase = PLAY
        self.hands[seat] |= 1 << action
        self._to_move = seat
        return action

    # -- settlement (CS-11, CS-12) --
    def bidder_points(self) -> int:
        """P of CS-11: the soloists' card points together."""
        return sum(self.won_points[s] for s in self.soloists)

    def soloist_tricks(self) -> int:
        return sum(self.won_tricks[s] for s in self.soloists)

    def payment(self) -> int:
        """p₅ of CS-11: what each gang member pays the soloists (negative: receives)."""
        return payment(self.trump, self.bidder_points())

    def made(self) -> bool:
        """Made when the gang pays: p₅ > 0 (a draw, p₅ = 0, is not made)."""
        return self.payment() > 0

    def chips(self) -> list[int]:
        """CS-12: each gang member settles |p₅| with the bidder or the partner; a throw-in or a
        draw moves nothing."""
        if self._phase != DONE or self.bidder is None:
            return [0] * self.n
        partner = None if self.partner == self.bidder else self.partner
        return settle(self.n, self.bidder, partner, self.payment())

    # -- views and records --
    def view(self, seat: int) -> CrazySoloView:
        return CrazySoloView.of(self, seat)

    def record(self) -> dict[str, Any]:
        rec = super().record()
        del rec["widow"]  # CS-2: every card is dealt
        if self.blind:
            rec = {**{k: rec[k] for k in ("format", "game", "options", "dealer", "hands")},
                   "blind": True, **{k: v for k, v in rec.items()
                                     if k not in ("format", "game", "options", "dealer",
                                                  "hands")}}
        if self.blind_under:
            del rec["calls"]
        return rec

    def describe(self) -> dict[str, Any]:
        out = super().describe()
        done = self._phase == DONE
        out["leader"] = self.active[0]
        out["called"] = CARD_TEXT[self.called] if self.called >= 0 else None
        out["partner"] = self.partner
        out["payment"] = self.payment() if done and self.bidder is not None else None
        if done and self.bidder is not None:
            out["bidder_tricks"] = self.soloist_tricks()
        return out

    def _record_declare(self, action: Action, declare: dict[str, Any]) -> None:
        step = "call" if action >= CALLCARD_BASE else "trump"
        declare[step] = crazy_token(action)

    # -- the next deal (CS-3a, CS-6, CS-14) --
    def next_dealer(self) -> int:
        """Who deals next (CS-3a), outside a blind round's bookkeeping: the same dealer after a
        throw-in under ``all_pass=same_dealer``, else the player on the dealer's left. A blind
        round's run (CS-14) is kept by :class:`BlindRound`."""
        if self._phase != DONE:
            raise IllegalActionError("CS-3a", "the deal is not over")
        if self.bidder is None and self.options.all_pass == "same_dealer":
            return self.dealer
        return (self.dealer + 1) % self.n


HEART_MASK = 0x1FF << (9 * HEARTS)


@dataclass(frozen=True)
class CrazySoloView(SeatView):
    """A Crazy Solo seat's view: the family's view, with the partner as this seat may know it
    (CS-9) and whether the deal is blind.

    ``partner`` is the partner's seat once the called card has been played; before that, this
    seat itself when it holds the called card (the partner, or the bidder secretly alone), else
    None — unknown. ``partner_revealed`` says which of the two it is.
    """

    partner: int | None
    partner_revealed: bool
    blind: bool
    deck_size: int

    @classmethod
    def of(cls, state: TappState, seat: int) -> CrazySoloView:
        assert isinstance(state, CrazySoloState)
        base = SeatView.of(state, seat)
        revealed = state.revealed
        partner: int | None = None
        if state.called >= 0:
            if revealed:
                partner = state.partner
            elif state.hands[seat] >> state.called & 1:
                partner = seat  # CS-9: the holder knows from its hand
        fields = {f: getattr(base, f) for f in base.__dataclass_fields__}
        return cls(**fields, partner=partner, partner_revealed=revealed, blind=state.blind,
                   deck_size=state.deck.bit_count())

    def public(self) -> dict[str, Any]:
        """What every seat knows: the family's public facts, the partner once revealed."""
        out = super().public()
        out["partner"] = self.partner if self.partner_revealed else None
        out["blind"] = self.blind
        return out

    def sides(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(the soloists, the gang) as far as this seat knows them (CS-9). The bidder is a
        soloist; the partner is known once revealed, to itself from its hand, and to anyone
        when only one seat may still hold the called card (:func:`possible_partners`). A seat
        that cannot hold it is in the gang, and so is every other seat once the partner is
        known, or when there is none (alone, or the bidder secretly alone). Seats in neither
        tuple may be the partner."""
        bidder = self.bidder
        if bidder is None:
            return (), ()
        others = [s for s in self.active if s != bidder]
        if self.contract in ("alone", "alone-in-hearts"):
            return (bidder,), tuple(others)
        if self.called is None:  # the declaration: the partner is not chosen yet
            return (bidder,), ()
        possible = possible_partners(self)
        if len(possible) == 1:
            partner = possible[0]
            if partner == bidder:
                return (bidder,), tuple(others)
            return (bidder, partner), tuple(s for s in others if s != partner)
        return (bidder,), tuple(s for s in others if s not in possible)

    @property
    def leader_held_heart(self) -> bool | None:
        """In a blind deal, did the leader's hand as dealt hold a heart? Every seat can tell
        (CS-14): with one the leader is under and nobody calls; without, there is an auction.
        None in a deal that is not blind."""
        if not self.blind:
            return None
        return not self.calls and self.phase != AUCTION


def possible_partners(view: CrazySoloView) -> tuple[int, ...]:
    """The seats that may be the bidder's partner by what ``view`` shows, in seat order — the
    answer to "who can the partner be now?".

    Once the called card is played the partner is public (CS-9): that seat alone (the bidder
    when it called its own card). Before that, the seat holding the called card knows it is the
    partner (or, for the bidder, that it plays secretly alone): that seat alone. Otherwise every
    seat but the viewer that may still hold the card: one with cards left that has not shown
    void in the card's suit (CS-10: it did not follow that suit, or, the suit being trump,
    neither followed nor trumped), nor is the leader of a blind deal with an auction when the
    card is a heart (CS-14: that leader held no heart). The bidder counts: it may have called
    its own card (CS-8). No card called (the auction, an alone contract, CS-8): no partner, ().
    """
    if view.called is None:
        return ()
    if view.partner is not None:
        return (view.partner,)
    suit = int(view.called.suit)
    _, voids = played_and_voids(view)
    out = []
    for s in sorted(view.active):
        if s == view.seat or not view.hand_sizes[s] or voids[s] >> suit & 1:
            continue
        if suit == HEARTS and view.leader_held_heart is False and s == view.active[0]:
            continue
        out.append(s)
    return tuple(out)


class CrazySolo(TappGame[CrazySoloState]):
    """Crazy Solo with its options fixed (``crazy-solo.md``)."""

    id = GAME_ID
    options_class = CrazySoloOptions
    state_class = CrazySoloState
    declare_keys = ("trump", "call")
    record_keys = Game.record_keys | {"blind"}  # CS-14: a blind deal
    players_from_hands = True  # crazy-solo.md: ``players`` defaults to the number of hands

    def __init__(self, options: OptionSet | Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        self.deck_cards: Deck = deck_for(self.options)
        self.deck: int = deck_mask(self.options)
        self.hand_size: int = len(self.deck_cards) // self.players

    def seating(self, dealer: int) -> tuple[tuple[int, ...], tuple[int, ...]]:  # type: ignore[override]
        """Every seat is dealt in, in speaking order from the leader (the dealer's left, CS-3)."""
        table = self._seating.get(dealer)
        if table is None:
            n = self.players
            active = tuple((dealer + 1 + i) % n for i in range(n))
            table = self._seating[dealer] = (active, tuple((s + 1) % n for s in range(n)))  # type: ignore[assignment]
        return table  # type: ignore[return-value]

    @property
    def info(self) -> GameInfo:
        """Crazy Solo's facts for this player count: the reduced deck (CS-2), all seats
        active, no widow, zero-sum chips (CS-12)."""
        steps = 1 if self.players == 3 else 2  # CS-5: three players only go alone
        return GameInfo(
            id=self.id, name="Crazy Solo", rules="CS", deck=self.deck_cards,
            players=self.players, min_players=MIN_PLAYERS, max_players=MAX_PLAYERS,
            active_players=self.players, hand_size=self.hand_size, tricks=self.hand_size,
            widow=0, num_distinct_actions=len(ACTIONS),
            max_game_length=self.players + steps + len(self.deck_cards),
            utility="zero-sum", score_unit="chips", action_kinds=ACTIONS.kinds)

    def action_info(self, action: Action) -> ActionInfo:
        return ACTIONS[action]

    # -- dealing (CS-2, CS-3) --
    def new_deal(self, rng: random.Random | int | None, dealer: int = 0,
                 blind: bool = False) -> CrazySoloState:
        """Shuffle, remove the cards of CS-2, deal one at a time from the dealer's left (CS-3);
        ``blind`` marks a deal of a blind round (CS-14)."""
        check_dealer(dealer, self.players)
        pack = [c for c in shuffle_and_cut(as_rng(rng)) if self.deck >> c & 1]
        return self.deal_from_deck(pack, dealer, blind=blind)

    def deal_from_deck(self, deck: Sequence[int], dealer: int,
                       blind: bool = False) -> CrazySoloState:
        """Deal ``deck`` (this deal's cards, shuffled) one card at a time, clockwise from the
        dealer's left (CS-3)."""
        n = self.players
        hands = [0] * n
        for i, c in enumerate(deck):
            hands[(dealer + 1 + i) % n] |= 1 << c
        return CrazySoloState(self, dealer, hands, 0, blind)

    def deal(self, dealer: int, hands: Sequence[Sequence[Card]],
             widow: Sequence[Card] = (), blind: bool = False) -> CrazySoloState:
        record: dict[str, Any] = {"dealer": dealer, "hands": [[c.text for c in h] for h in hands]}
        if blind:
            record["blind"] = True
        return self.from_record_deal(record)

    def from_record_deal(self, record: Mapping[str, Any]) -> CrazySoloState:
        n = self.players
        dealer = record.get("dealer")
        if type(dealer) is not int or not 0 <= dealer < n:
            raise RecordError("REC-6", f"dealer must be a seat 0..{n - 1}", where="dealer",
                              what=repr(dealer))
        hands_in = record.get("hands")
        if not isinstance(hands_in, list) or len(hands_in) != n:
            raise RecordError("REC-5", f"hands must list {n} seats (options.players)",
                              where="hands")
        widow = record.get("widow", [])
        if widow != []:
            raise RecordError("REC-5", "Crazy Solo has no widow: every card is dealt (CS-2)",
                              where="widow")
        blind = record.get("blind", False)
        if type(blind) is not bool:
            raise RecordError("REC-1", "blind is true or false (CS-14)", where="blind",
                              what=repr(blind))
        seen: dict[int, str] = {}
        hands = [0] * n
        for seat, hand in enumerate(hands_in):
            if not isinstance(hand, list):
                raise RecordError("REC-1", "a hand must be a list of cards", where=f"hands[{seat}]")
            for i, text in enumerate(hand):
                where = f"hands[{seat}][{i}]"
                c = self.parse_deal_card(text, where)
                if c in seen:
                    raise RecordError("REC-4", f"a card twice (also at {seen[c]})", where=where,
                                      what=CARD_TEXT[c])
                seen[c] = where
                hands[seat] |= 1 << c
            if len(hand) != self.hand_size:
                raise RecordError("REC-5", f"every seat holds {self.hand_size} cards with {n} "
                                  f"players (CS-2); seat {seat} has {len(hand)}",
                                  where=f"hands[{seat}]")
        return CrazySoloState(self, dealer, hands, 0, blind)

    def parse_deal_card(self, token: object, where: str) -> int:
        """Card text → card int, refusing a card CS-2 removes for this player count (REC-3)."""
        try:
            card = Card.parse(token)  # type: ignore[arg-type]
        except NotationError as e:
            raise RecordError("REC-3", "unknown card text", where=where, what=repr(token)) from e
        c = CARD_INDEX.get(card)
        if c is None:
            raise RecordError("REC-3", "not a card of the 36-card deck (CS-1)", where=where,
                              what=repr(token))
        if not self.deck >> c & 1:
            raise RecordError("REC-3", f"not in the deck for {self.players} players (CS-2)",
                              where=where, what=card.text)
        return c

    def parse_call(self, token: object, where: str = "") -> Action:
        try:
            return parse_call(token, where, CONTRACTS)
        except NotationError:
            raise NotationError("CS-4", "a call is pass or " + ", ".join(CONTRACTS),
                                where=where, what=repr(token)) from None

    def replay_record(self, state: GameState, record: Mapping[str, Any]) -> None:
        assert isinstance(state, CrazySoloState)
        calls = record.get("calls", [])
        if not isinstance(calls, list):
            raise RecordError("REC-1", "calls must be a list", where="calls")
        for i, token in enumerate(calls):
            where = f"calls[{i}]"
            if state.phase != AUCTION:
                if state.blind_under:
                    rule, detail = "CS-14", "the leader held a heart: a blind deal has no auction"
                elif state.bidder is None:
                    rule, detail = "CS-6", "everyone passed: the deal was thrown in"
                else:
                    rule, detail = "CS-4", f"every player has spoken once ({state.n} calls)"
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
            rule, detail = (("CS-6", "the deal was thrown in") if state.phase == DONE
                            else ("CS-4", "the auction is not over") if state.phase == AUCTION
                            else state.before_play_rule())
            raise IllegalActionError(rule, detail, where="play[0]", what=str(play[0]))
        for i, token in enumerate(play):
            where = f"play[{i}]"
            if state.phase == DONE:
                raise IllegalActionError("CS-10", "all tricks are played", where=where,
                                         what=str(token))
            state.apply_at(self._play_card(token, where), where)

    def _play_card(self, token: object, where: str) -> int:
        c = parse_card(token, where)
        if not self.deck >> c & 1:
            raise NotationError("REC-3", f"not in the deck for {self.players} players (CS-2)",
                                where=where, what=CARD_TEXT[c])
        return c

    def _replay_declare(self, state: CrazySoloState, declare: dict[str, Any]) -> None:
        """A record's ``declare``: ``trump`` then ``call`` whatever the key order (CS-7); for the
        in-hearts calls a written ``"trump": "H"`` is accepted."""
        left = dict(declare)
        if state.contract in (SOLO_IN_HEARTS, ALONE_IN_HEARTS) and left.get("trump") in (
                "H", "h", "♥"):
            del left["trump"]
        for step in ("trump", "call"):
            if state.phase == DECLARE and state.step == step and step in left:
                where = f"declare.{step}"
                value = left.pop(step)
                if step == "call" and value is None:
                    raise IllegalActionError("CS-7", "the call is compulsory: name a card",
                                             where=where, what="null")
                state.apply_at(_declare_action(step, value, where), where)
        for step, value in left.items():
            where = f"declare.{step}"
            if step not in self.declare_keys:
                raise RecordError("REC-1", "unknown declaration step", where=where,
                                  what=repr(step))
            if not state.contract:
                rule, detail = "CS-4", "there is no contract to declare"
            elif step == "trump" and state.contract in (SOLO_IN_HEARTS, ALONE_IN_HEARTS):
                rule, detail = "CS-7", "an in-hearts call has ♥ trump: nothing to name"
            elif step == "call" and state.contract in (ALONE, ALONE_IN_HEARTS):
                rule, detail = "CS-8", "an alone call has no partner: no card is called"
            elif step == "call" and state.step == "trump":
                rule, detail = "CS-7", "name trump before calling a card"
            else:
                rule, detail = "CS-7", f"the {step} is declared once"
            raise IllegalActionError(rule, detail, where=where, what=_shown(value))


def _declare_action(step: str, value: object, where: str) -> Action:
    try:
        return parse_declare(step, value, where)
    except NotationError as e:
        if e.rule == "SBS-19":
            raise NotationError("CS-7", "trump is a suit C S H D", where=where,
                                what=repr(value)) from None
        raise


def check_dealer(dealer: object, players: int) -> None:
    """REC-6: the dealer is a seat of the table (not ``True``, not a caller's odd object)."""
    if not is_seat(dealer, players):
        raise RecordError("REC-6", f"dealer must be a seat 0..{players - 1}", where="dealer",
                          what=shown(dealer))


def _shown(value: object) -> str:
    return value if isinstance(value, str) else repr(value)


__all__ = [
    "ACTIONS",
    "ALONE",
    "ALONE_IN_HEARTS",
    "CONTRACTS",
    "CONTRACT_NAMES",
    "SOLO",
    "SOLO_IN_HEARTS",
    "SUIT_LETTERS",
    "CrazySolo",
    "CrazySoloOptions",
    "CrazySoloState",
    "CrazySoloView",
    "check_match_option",
    "deck_for",
    "gang_split",
    "legal_calls",
    "multiplier",
    "payment",
    "possible_partners",
    "round_to_five",
    "settle",
]
