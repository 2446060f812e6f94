"""Frog, exact to ``shared/rules/frog.md`` (rules FR-1..5 and its options).

Frog is Six-Bid Solo's deck, deal, auction, play and 4/5-player seating — those rules keep their
SBS ids — with three other contracts, lowest first:

- **Frog**: ♥ trump; the bidder takes the widow into hand and discards any three cards face down
  (FR-2); the discard's points count for the bidder (FR-1);
- **Chico**: trump ♣ ♠ ♦ named after the auction (any suit under ``chico_trump: any``); the
  widow stays unseen and counts for the bidder;
- **Grand**: ♥ trump; the widow as in Chico.

Each opponent pays the bidder k × (P − 60), k = 1, 2, 4 (3 under ``grand_multiplier: 3``);
negative means the bidder pays; P = 60 moves nothing (FR-1, FR-5).

Actions keep Six-Bid Solo's numbers where they mean the same (cards 0..35, pass 36, contract k
at 36 + k, trumps 43..46) and add one range: discarding card c is ``DISCARD_BASE + c``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ...cards import Card, Suit
from ...errors import IllegalActionError, RecordError
from ...facts import ActionInfo, ActionTable, GameInfo
from ...state import Action
from ..tapp import (
    CALL_BASE,
    CARD_TEXT,
    CARDS,
    DECLARE,
    DECLINE,
    N_CARDS,
    SUIT_SYMBOLS,
    TRUMP_BASE,
    OptionSet,
    TappGame,
    TappState,
    family_info,
    family_token,
    mask_cards,
    mask_points,
    parse_card,
    parse_declare,
    settle_each,
)

GAME_ID = "frog"
CONTRACTS: tuple[str, ...] = ("frog", "chico", "grand")
CONTRACT_NAMES = {"frog": "Frog", "chico": "Chico", "grand": "Grand"}
FROG, CHICO, GRAND = 1, 2, 3
HEARTS = 2
DISCARD_BASE = 120
N_ACTIONS = DISCARD_BASE + N_CARDS
DISCARD_SIZE = 3  # FR-2: three cards laid away


@dataclass(frozen=True)
class FrogOptions(OptionSet):
    """The named options of ``frog.md`` (record key ``options``); defaults first in each set."""

    GAME: ClassVar[str] = GAME_ID

    players: int = 3
    five_player_sitout: str = "hoyle"
    grand_multiplier: int = 4
    chico_trump: str = "no_hearts"
    auction: str = "duel"
    five_player_margin_exception: bool = False
    deal_pattern: str = "4-3-w-4"

    CHOICES: ClassVar[dict[str, tuple[Any, ...]]] = {
        "players": (3, 4, 5),
        "five_player_sitout": ("hoyle", "next_dealer", "second_next_dealer"),
        "grand_multiplier": (4, 3),
        "chico_trump": ("no_hearts", "any"),
        "auction": ("duel", "single_round"),
        "five_player_margin_exception": (False, True),
        "deal_pattern": ("4-3-w-4", "3-w-4-4"),
    }


def multiplier(options: FrogOptions, contract: int) -> int:
    """FR-5: chips per point follow the contract — Frog 1, Chico 2, Grand 4 (or 3)."""
    return (1, 2, options.grand_multiplier)[contract - 1]


def frog_token(action: Action) -> str | None:
    """An action as record text: ``TH``, ``pass``, ``chico``, ``S``, a discarded card ``AS``;
    a number Frog leaves unused reads as the number."""
    unused = (CALL_BASE + len(CONTRACTS) < action < TRUMP_BASE
              or DECLINE <= action < DISCARD_BASE)
    return str(action) if unused else family_token(action, CONTRACTS)


def describe_frog_action(action: Action) -> str:
    """Words for an action: ``bid Chico``, ``trump ♠``, ``discard AS``, ``TH``. The lowest
    contract reads ``bid the Frog bid``, so it is never taken for the game."""
    if action >= DISCARD_BASE:
        return "discard " + CARD_TEXT[action - DISCARD_BASE]
    if action == CALL_BASE + FROG:
        return "bid the Frog bid"
    if CALL_BASE < action < TRUMP_BASE:
        return "bid " + CONTRACT_NAMES[CONTRACTS[action - CALL_BASE - 1]]
    if TRUMP_BASE <= action < DECLINE:
        return "trump " + SUIT_SYMBOLS[action - TRUMP_BASE]
    return CARD_TEXT[action] if action < N_CARDS else "pass"


def _frog_action_info(action: Action) -> ActionInfo | None:
    """One of Frog's actions as data (words and token as above); ``None`` for a number Frog
    leaves unused (Six-Bid Solo's higher contracts, its call and give ranges)."""
    if CALL_BASE + len(CONTRACTS) < action < TRUMP_BASE or DECLINE <= action < DISCARD_BASE:
        return None
    words, token = describe_frog_action(action), frog_token(action)
    if action < N_CARDS:
        return ActionInfo("card", words, token, CARDS[action])
    if action < TRUMP_BASE:
        return ActionInfo("call", words, token)
    if action < DECLINE:
        return ActionInfo("trump", words, token, suit=Suit(action - TRUMP_BASE))
    return ActionInfo("discard", words, token, CARDS[action - DISCARD_BASE])


#: Frog's actions as data (:class:`tutor.facts.ActionInfo`), numbers 0..155 with gaps.
ACTIONS = ActionTable([_frog_action_info(a) for a in range(N_ACTIONS)], rules={
    "calls": "SBS-13", "declare.trump": "SBS-19", "declare.discard": "REC-3", "play": "REC-3"})
#: The longest deal is a Frog contract: 3 calls at most win it (Frog is the lowest bid, so no
#: one may have bid before or after it), 3 discards (FR-2) and 33 cards. Chico (4 calls and a
#: trump) and Grand (5 calls, nothing to declare) are shorter; so under either ``auction``.
MAX_GAME_LENGTH = 3 + DISCARD_SIZE + 33


class FrogState(TappState):
    """One deal of Frog: Six-Bid Solo's deal, auction and play with Frog's three contracts, the
    widow pick-up and discard, and settlement by the margin over 60."""

    __slots__ = ("discarded",)
    CONTRACTS = CONTRACTS
    CONTRACT_NAMES = CONTRACT_NAMES
    N_ACTIONS = N_ACTIONS

    def __init__(self, game: Frog, dealer: int, hands: list[int], widow: int) -> None:
        super().__init__(game, dealer, hands, widow)
        self.discarded = 0  # the mask of the cards the Frog bidder laid away

    def token(self, action: Action) -> str | None:
        return frog_token(action)

    def describe_action(self, action: Action) -> str:
        return describe_frog_action(action)

    def key(self) -> tuple[Any, ...]:
        return (*super().key(), self.discarded)

    def copy(self) -> FrogState:
        new = super().copy()
        new.discarded = self.discarded
        return new

    def _snapshot(self) -> tuple[Any, ...]:
        return (super()._snapshot(), self.discarded)

    def _restore(self, snap: tuple[Any, ...]) -> None:
        base, self.discarded = snap
        super()._restore(base)

    # -- the auction: the duel of SBS-13..18, or one round (option auction) --
    def _call(self, action: Action) -> None:
        if self.options.auction == "duel":
            super()._call(action)
            return
        # single_round: forehand, middlehand, endhand speak once each, every call recorded
        pos = self._take_call(action)
        if pos < 2:
            self._to_move = self.active[pos + 1]
        elif self.high_bidder < 0:  # all three passed: thrown in (SBS-17)
            self._phase = "done"
            self._to_move = None
        else:
            self._win_auction()

    def speakers(self, tokens: Sequence[str]) -> list[int]:
        if self.options.auction == "duel":
            return super().speakers(tokens)
        return [self.active[i] for i in range(len(tokens))]

    # -- the declaration (FR-2) --
    def _declaration_steps(self) -> list[str]:
        assert self.bidder is not None
        if self.contract == CHICO:
            return ["trump"]
        self.trump = HEARTS  # Frog and Grand: ♥ trump
        if self.contract == FROG:  # the bidder takes the widow into hand, then discards three
            self.hands = self.hands[:]
            self.hands[self.bidder] |= self.widow
            return ["discard"]
        return []

    def _trump_choices(self) -> list[int]:
        return [0, 1, 2, 3] if self.options.chico_trump == "any" else [0, 1, 3]

    def _legal_declare(self) -> list[Action]:
        if self.step == "trump":
            return [TRUMP_BASE + s for s in self._trump_choices()]
        return [DISCARD_BASE + c for c in mask_cards(self.hands[self.bidder])]  # type: ignore[index]

    def _declare_ok(self, action: Action) -> bool:
        if self.step == "trump":
            return TRUMP_BASE <= action < DECLINE and action - TRUMP_BASE in self._trump_choices()
        card = action - DISCARD_BASE
        return 0 <= card < N_CARDS and bool(self.hands[self.bidder] >> card & 1)  # type: ignore[index]

    def _declare_error(self, action: Action) -> tuple[str, str]:
        if self.step == "trump":
            if TRUMP_BASE <= action < DECLINE:
                return "FR-2", "Chico's trump is ♣, ♠ or ♦ (option chico_trump: any allows ♥)"
            return "FR-2", "name Chico's trump suit now"
        if DISCARD_BASE <= action < N_ACTIONS:
            return "FR-2", "the bidder discards one of the cards in hand (the widow taken in)"
        left = DISCARD_SIZE - self.discarded.bit_count()
        return "FR-2", f"the Frog bidder discards now: {left} more card(s), one at a time"

    def _declare(self, action: Action) -> None:
        self._undo.append(self._snapshot())
        bidder = self.bidder
        assert bidder is not None
        if self.step == "trump":
            self.trump = action - TRUMP_BASE
            self._start_play()
            return
        bit = 1 << (action - DISCARD_BASE)
        self.hands = self.hands[:]
        self.hands[bidder] &= ~bit
        self.discarded |= bit
        if self.discarded.bit_count() == DISCARD_SIZE:  # the bidder again holds 11 (FR-2)
            self._start_play()

    def before_play_rule(self) -> tuple[str, str]:
        if self.step == "discard":
            return "FR-2", "the discard comes before the first lead"
        return super().before_play_rule()

    def discard_seen_by(self, seat: int) -> tuple[Card, ...] | None:
        """Only the bidder knows the discard; the defenders learn its points at settlement."""
        if seat != self.bidder or not self.discarded:
            return None
        return tuple(CARDS[c] for c in mask_cards(self.discarded))

    def _record_declare(self, action: Action, declare: dict[str, Any]) -> None:
        if action >= DISCARD_BASE:
            declare.setdefault("discard", []).append(frog_token(action))
        else:
            declare["trump"] = frog_token(action)

    # -- settlement (FR-1, FR-4, FR-5, SBS-27, SBS-V2) --
    def bidder_points(self) -> int:
        """P of FR-1: the bidder's tricks plus the discard (Frog) or the widow (Chico, Grand)."""
        assert self.bidder is not None
        laid_away = self.discarded if self.contract == FROG else self.widow
        return self.won_points[self.bidder] + mask_points(laid_away)

    def made(self) -> bool:
        """FR-1: made with P ≥ 61; P = 60 is not made (and moves no chips)."""
        return self.bidder_points() >= 61

    def opponent_amount(self) -> int:
        """What each opponent pays the bidder: k × (P − 60), negative when the bidder pays."""
        return multiplier(self.options, self.contract) * (self.bidder_points() - 60)

    def chips(self) -> list[int]:
        """The bidder settles with every opponent (SBS-27, FR-4); a throw-in changes nothing.

        With 5 players all four opponents settle; option ``five_player_margin_exception``
        applies SBS-V2's exception: a made contract collects only from the two defenders.
        """
        if self._phase != "done" or self.bidder is None:
            return [0] * self.n
        amount = self.opponent_amount()
        payers = [s for s in range(self.n) if s != self.bidder]
        if self.n == 5 and self.options.five_player_margin_exception and amount > 0:
            payers = list(self.defenders)
        return settle_each(self.n, self.bidder, payers, amount)


class Frog(TappGame[FrogState]):
    """Frog with its options fixed (``frog.md``)."""

    id = GAME_ID
    options_class = FrogOptions
    state_class = FrogState
    declare_keys = ("discard", "trump")

    @property
    def info(self) -> GameInfo:
        """Frog's facts: Six-Bid Solo's deck, seats, deal and zero-sum chips, with Frog's actions
        (the discard among them, FR-2)."""
        return family_info(self, "Frog", "FR", ACTIONS, MAX_GAME_LENGTH)

    def action_info(self, action: Action) -> ActionInfo:
        """What ``action`` is: kind, words (:func:`describe_frog_action`), token, card."""
        return ACTIONS[action]

    def _replay_declare(self, state: FrogState, declare: dict[str, Any]) -> None:
        """A record's ``declare``: ``{"discard": [three cards]}`` for Frog, ``{"trump": "C"}`` for
        Chico, nothing for Grand (FR-2). Like Heart Solo's, a fixed ♥ may be written as
        ``{"trump": "H"}`` for Frog and Grand."""
        left = dict(declare)
        if state.contract in (FROG, GRAND) and left.get("trump") in ("H", "h", "♥"):
            del left["trump"]
        if state.phase == DECLARE and state.step == "trump" and "trump" in left:
            where = "declare.trump"
            state.apply_at(parse_declare("trump", left.pop("trump"), where), where)
        if state.phase == DECLARE and state.step == "discard" and "discard" in left:
            cards = left.pop("discard")
            if not isinstance(cards, list):
                raise RecordError("REC-1", "the discard is a list of three cards",
                                  where="declare.discard")
            for i, text in enumerate(cards):
                where = f"declare.discard[{i}]"
                if state.step != "discard":
                    raise IllegalActionError("FR-2", "the discard is three cards", where=where,
                                             what=str(text))
                state.apply_at(DISCARD_BASE + parse_card(text, where), where)
        for step, value in left.items():
            where = f"declare.{step}"
            if step not in self.declare_keys:
                raise RecordError("REC-1", "unknown declaration step", where=where,
                                  what=repr(step))
            if not state.contract:
                rule, detail = "SBS-18", "there is no contract to declare"
            elif step == "discard":
                rule, detail = "FR-2", "only a Frog bidder discards (after taking the widow)"
            elif state.contract == CHICO:
                rule, detail = "FR-2", "Chico's trump is named once"
            else:
                name = CONTRACT_NAMES[CONTRACTS[state.contract - 1]]
                rule, detail = "FR-2", f"{name}'s trump is ♥: nothing to name"
            raise IllegalActionError(rule, detail, where=where,
                                     what=_shown(value))


def _shown(value: object) -> str:
    return value if isinstance(value, str) else repr(value)
