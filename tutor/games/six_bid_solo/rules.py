"""Six-Bid Solo, exact to ``shared/rules/six-bid-solo.md`` (rules SBS-1..28, options SBS-V1..V6).

The deal, the auction, the play, undo, views and records are the Tapp family's
(:mod:`tutor.games.tapp`); this module names the six contracts, their declaration (trump,
Call Solo's call and gift, SBS-19..21) and their settlement (SBS-10..12, SBS-27, SBS-V1, V2).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ...cards import Suit
from ...errors import IllegalActionError, RecordError
from ...facts import ActionInfo, ActionKind, ActionTable, GameInfo
from ...state import Action
from ..tapp import (
    ALL_CARDS,
    AUCTION,
    CALL_BASE,
    CALLCARD_BASE,
    CARD_TEXT,
    CARDS,
    DECLARE,
    DECLINE,
    DONE,
    GIVE_BASE,
    HEARTS,
    N_ACTIONS,
    N_CARDS,
    PASS,
    SUIT_SYMBOLS,
    TRUMP_BASE,
    OptionSet,
    TappGame,
    TappState,
    family_info,
    family_token,
    mask_points,
    parse_declare,
    settle_each,
    shifted_actions,
)
from ..tapp import (
    parse_call as tapp_parse_call,
)

GAME_ID = "six-bid-solo"

# --- contracts (SBS table, lowest first) ------------------------------------------------------

CONTRACTS: tuple[str, ...] = (
    "solo", "heart-solo", "misere", "guarantee-solo", "spread-misere", "call-solo",
)  # fmt: skip
CONTRACT_NAMES = {
    "solo": "Solo", "heart-solo": "Heart Solo", "misere": "Misère",
    "guarantee-solo": "Guarantee Solo", "spread-misere": "Spread Misère", "call-solo": "Call Solo",
}  # fmt: skip
SOLO, HEART_SOLO, MISERE, GUARANTEE, SPREAD, CALL_SOLO = range(1, 7)
MISERES = (MISERE, SPREAD)
WIDOW_COUNTS = (SOLO, HEART_SOLO, GUARANTEE, CALL_SOLO)  # SBS-12

def call_action(contract: str) -> Action:
    return CALL_BASE + CONTRACTS.index(contract) + 1


def solo_trumps(options: Mapping[str, Any]) -> tuple[int, ...]:
    """The suits a Solo may name, for options given as a record's mapping: ♣ ♠ ♦ (SBS-19), or
    every suit under ``solo_trump: any`` (SBS-V5)."""
    return (0, 1, 2, 3) if options.get("solo_trump") == "any" else (0, 1, 3)


@dataclass(frozen=True)
class Options(OptionSet):
    """The named options of SBS-V1..V6 (record key ``options``); defaults first in each set."""

    players: int = 3
    misere: str = "no_tricks"
    five_player_sitout: str = "hoyle"
    spread_expose: str = "before_first_trick"
    solo_trump: str = "no_hearts"
    call_solo_order: str = "call_first"

    CHOICES: ClassVar[dict[str, tuple[Any, ...]]] = {
        "players": (3, 4, 5),
        "misere": ("no_tricks", "no_card_points"),
        "five_player_sitout": ("hoyle", "next_dealer", "second_next_dealer"),
        "spread_expose": ("before_first_trick", "after_opening_lead", "after_both_defenders"),
        "solo_trump": ("no_hearts", "any"),
        "call_solo_order": ("call_first", "trump_first"),
    }


# --- settlement (SBS-10, SBS-11, SBS-12, SBS-27, SBS-V1, SBS-V2) --------------------------------
@dataclass(frozen=True)
class Outcome:
    """What a finished deal gives settlement: the contract, trump, P (SBS-12, widow included
    where it counts), and the bidder's tricks and card points in tricks (for the misères)."""

    contract: int
    trump: int
    points: int
    tricks: int
    trick_points: int


def made(options: Options, o: Outcome) -> bool:
    """Did the bidder make the contract? (SBS table; SBS-V1 for the misères)"""
    c = o.contract
    if c in MISERES:
        if options.misere == "no_card_points":  # SBS-V1: a trick of 9s and lower is allowed
            return o.trick_points == 0
        return o.tricks == 0
    if c in (SOLO, HEART_SOLO):
        return o.points >= 61
    if c == GUARANTEE:
        return o.points >= (74 if o.trump == HEARTS else 80)
    return o.points == 120  # Call Solo: every counting card; a pointless trick may be lost


def opponent_amount(options: Options, o: Outcome) -> int:
    """What each opponent pays the bidder; negative when the bidder pays each."""
    c = o.contract
    if c in (SOLO, HEART_SOLO):  # SBS-10: on the margin, k by contract (not by suit)
        return (2 if c == SOLO else 3) * (o.points - 60)
    tariff = {MISERE: 30, GUARANTEE: 40, SPREAD: 60}.get(c)
    if tariff is None:  # Call Solo
        tariff = 150 if o.trump == HEARTS else 100
    return tariff if made(options, o) else -tariff  # SBS-11: won or lost whole


def settle(options: Options, bidder: int, defenders: Sequence[int], o: Outcome) -> list[int]:
    """SBS-27: one chip change per seat, zero-sum — the bidder with each opponent.

    SBS-V2: with 5 players a *made* Solo or Heart Solo collects only from the two defenders;
    a lost one pays all four opponents; every other contract settles with everyone.
    """
    amount = opponent_amount(options, o)
    payers = [s for s in range(options.players) if s != bidder]
    if options.players == 5 and o.contract in (SOLO, HEART_SOLO) and amount > 0:
        payers = list(defenders)
    return settle_each(options.players, bidder, payers, amount)


class SixBidSolo(TappGame["SixBidSoloState"]):
    """Six-Bid Solo with its options fixed."""

    id = GAME_ID
    options_class = Options
    declare_keys = ("call", "give", "trump")

    def _replay_declare(self, state: SixBidSoloState, declare: dict[str, Any]) -> None:
        left = dict(declare)
        # Heart Solo's trump is fixed; a reader accepts {"trump": "H"} (hand-record.md).
        if state.contract == HEART_SOLO and left.get("trump") in ("H", "h", "♥"):
            del left["trump"]
        while state.phase == DECLARE and state.step in left:
            step = state.step
            assert step is not None
            where = f"declare.{step}"
            value = left.pop(step)
            state.apply_at(parse_declare(step, value, where), where)
        for step, value in left.items():
            where = f"declare.{step}"
            if step not in self.declare_keys:
                raise RecordError("REC-1", "unknown declaration step", where=where,
                                  what=repr(step))
            if state.contract in (0, None):
                rule, detail = "SBS-18", "there is no contract to declare"
            elif state.contract in (HEART_SOLO, MISERE, SPREAD):
                rule, detail = "SBS-19", f"{CONTRACT_NAMES[CONTRACTS[state.contract - 1]]} " \
                    "has nothing to declare"
            elif step == "give":
                rule, detail = "SBS-20", "nothing to give: no defender held the called card"
            elif state.phase == DECLARE:
                rule, detail = "SBS-20", f"given before its earlier step ({state.step})"
            else:
                rule, detail = "SBS-19", "not a step of this contract's declaration"
            raise IllegalActionError(rule, detail, where=where, what=str(value))

    # -- facts --
    @property
    def info(self) -> GameInfo:
        """Six-Bid Solo's facts (SBS-1, SBS-5, SBS-8, SBS-26, SBS-V2): 3 active players of 3..5
        seats, 11 cards each and a widow of 3, zero-sum chips."""
        return family_info(self, "Six-Bid Solo", "SBS", ACTIONS, MAX_GAME_LENGTH)

    def action_info(self, action: Action) -> ActionInfo:
        """What ``action`` is: kind, words (:func:`describe_action`), token, card."""
        return ACTIONS[action]


def parse_call(token: object, where: str = "") -> Action:
    """``"pass"`` or a Six-Bid Solo contract id → a call action (SBS-13)."""
    return tapp_parse_call(token, where, CONTRACTS)


def token_of(action: Action) -> str | None:
    """An action as record text: ``TH``, ``pass``, ``solo``, ``S``; ``None`` for declining."""
    return family_token(action, CONTRACTS)


def describe_action(action: Action) -> str:
    """Words for an action, for reasons and feedback: ``call TH``, ``trump ♠``, ``bid Solo``."""
    if action < N_CARDS:
        return CARD_TEXT[action]
    if action == PASS:
        return "pass"
    if action < TRUMP_BASE:
        return "bid " + CONTRACT_NAMES[CONTRACTS[action - CALL_BASE - 1]]
    if action < DECLINE:
        return "trump " + SUIT_SYMBOLS[action - TRUMP_BASE]
    if action == DECLINE:
        return "call no card"
    if action < GIVE_BASE:
        return "call " + CARD_TEXT[action - CALLCARD_BASE]
    return "give " + CARD_TEXT[action - GIVE_BASE]


def action_kind(action: Action) -> ActionKind:
    """The kind of an action (:data:`tutor.facts.ACTION_KINDS`), read from its range."""
    if action < N_CARDS:
        return "card"
    if action < TRUMP_BASE:
        return "call"
    if action < DECLINE:
        return "trump"
    return "call-card" if action < GIVE_BASE else "give"


def _action_info(action: Action) -> ActionInfo:
    """One action as data: words from :func:`describe_action`, token from :func:`token_of`."""
    kind = action_kind(action)
    base = {"card": 0, "call-card": CALLCARD_BASE, "give": GIVE_BASE}.get(kind)
    card = CARDS[action - base] if base is not None and action != DECLINE else None
    suit = Suit(action - TRUMP_BASE) if kind == "trump" else None
    return ActionInfo(kind, describe_action(action), token_of(action), card, suit)


#: Every action 0..119 as data (:class:`tutor.facts.ActionInfo`); an unknown record token
#: breaks the rule of its place.
ACTIONS = ActionTable([_action_info(a) for a in range(N_ACTIONS)], rules={
    "calls": "SBS-13", "declare.trump": "SBS-19", "declare.call": "REC-3",
    "declare.give": "REC-3", "play": "REC-3"})
#: The longest deal: 8 calls (six rising bids and the two passes that end the auction,
#: SBS-14..16a), 3 declaration steps (Call Solo's call, give and trump, SBS-20), 33 cards.
MAX_GAME_LENGTH = 8 + 3 + 33


class SixBidSoloState(TappState):
    """One deal of Six-Bid Solo, from the dealt cards to the settlement: its six contracts,
    their declaration (SBS-19..21) and settlement (SBS-10..12, SBS-27, SBS-V1, SBS-V2)."""

    __slots__ = ()
    CONTRACTS = CONTRACTS
    CONTRACT_NAMES = CONTRACT_NAMES
    N_ACTIONS = N_ACTIONS

    def token(self, action: Action) -> str | None:
        return token_of(action)

    def describe_action(self, action: Action) -> str:
        return describe_action(action)

    def _declaration_steps(self) -> list[str]:
        if self.contract in (SOLO, GUARANTEE):
            return ["trump"]
        if self.contract == HEART_SOLO:
            self.trump = HEARTS
        elif self.contract == CALL_SOLO:
            return (["call", "trump"] if self.options.call_solo_order == "call_first"
                    else ["trump", "call"])
        return []

    def _first_leader(self) -> int:
        if self.contract == SPREAD:  # SBS-22: the first active player after the bidder leads
            assert self.bidder is not None
            return self.next_active(self.bidder)
        return self.active[0]  # forehand leads

    def _record_declare(self, action: Action, declare: dict[str, Any]) -> None:
        step = "trump" if action < DECLINE else "call" if action < GIVE_BASE else "give"
        declare[step] = token_of(action)

    @property
    def exposed(self) -> bool:
        """Is the Spread Misère hand face up now (SBS-21, SBS-V3)?"""
        if self.contract != SPREAD or self._phase in (AUCTION, DECLARE):
            return False
        when = self.options.spread_expose
        played = 3 * len(self.tricks) + len(self.trick)
        if when == "before_first_trick":
            return True
        if when == "after_opening_lead":
            return played >= 1
        return played >= 2  # after_both_defenders: the bidder plays third to trick 1

    def _trump_choices(self) -> list[int]:
        if self.contract == SOLO and self.options.solo_trump == "no_hearts":
            return [0, 1, 3]  # SBS-19: ♣ ♠ ♦
        return [0, 1, 2, 3]

    def _legal_declare(self) -> list[Action]:
        assert self.bidder is not None
        if self.step == "trump":
            return [TRUMP_BASE + s for s in self._trump_choices()]
        if self.step == "call":  # declining, or any card not in the bidder's hand (SBS-20 a)
            return [DECLINE, *shifted_actions(~self.hands[self.bidder] & ALL_CARDS, CALLCARD_BASE)]
        # give: any of the bidder's 12 cards except the called one (SBS-20 b)
        return shifted_actions(self.hands[self.bidder] & ~(1 << self.called), GIVE_BASE)

    def _declare_ok(self, action: Action) -> bool:
        """Is ``action`` one of ``_legal_declare()``? (SBS-19, SBS-20), without building it."""
        step = self.step
        hand = self.hands[self.bidder]  # type: ignore[index]
        if step == "trump":
            return TRUMP_BASE <= action < DECLINE and action - TRUMP_BASE in self._trump_choices()
        if step == "call":
            return action == DECLINE or (CALLCARD_BASE <= action < GIVE_BASE
                                         and not hand >> (action - CALLCARD_BASE) & 1)
        card = action - GIVE_BASE
        return 0 <= card < N_CARDS and bool(hand >> card & 1) and card != self.called

    def _declare_error(self, action: Action) -> tuple[str, str]:
        step = self.step
        if step == "trump":
            if TRUMP_BASE <= action < DECLINE:
                if self.contract == SOLO:
                    return "SBS-19", "Solo's trump is ♣, ♠ or ♦ (option solo_trump: any allows ♥)"
                return "SBS-19", "not a trump choice here"
            return "SBS-19", "name the trump suit now"
        if step == "call":
            if CALLCARD_BASE <= action < GIVE_BASE:
                return "SBS-20", "the bidder may call only a card not in the bidder's hand"
            return "SBS-20", "call a card or decline (null) now"
        if GIVE_BASE <= action < N_ACTIONS:
            if action - GIVE_BASE == self.called:
                return "SBS-20", "the called card may not be given back"
            return "SBS-20", "the bidder gives one of the bidder's own cards"
        return "SBS-20", "give the defender one of the bidder's cards now"

    def _declare(self, action: Action) -> None:
        self._undo.append(self._snapshot())
        bidder = self.bidder
        assert bidder is not None
        step = self.step
        done_step = step
        if step == "trump":
            self.trump = action - TRUMP_BASE
        elif step == "call":
            if action == DECLINE:
                self.called = -1
                self.call_holder = None
            else:
                card = action - CALLCARD_BASE
                self.called = card
                bit = 1 << card
                holder = next((s for s in self.active if self.hands[s] & bit), -1)
                self.call_holder = holder
                if holder >= 0:
                    self.hands = self.hands[:]
                    self.hands[holder] &= ~bit
                    self.hands[bidder] |= bit
                    self.step = "give"  # (b) the bidder now gives a card back
                    return
        elif step == "give":
            card = action - GIVE_BASE
            receiver = self.call_holder
            assert receiver is not None and receiver >= 0
            self.given = card
            self.hands = self.hands[:]
            self.hands[bidder] &= ~(1 << card)
            self.hands[receiver] |= 1 << card
            done_step = "call"  # the give belongs to the call step of the order
        order = self.declare_steps
        i = order.index(done_step) + 1  # type: ignore[arg-type]
        if i < len(order):
            self.step = order[i]
        else:
            self._start_play()

    def bidder_points(self) -> int:
        """P of SBS-12: points in the bidder's tricks, plus the widow in contracts 1, 2, 4, 6."""
        assert self.bidder is not None
        p = self.won_points[self.bidder]
        if self.contract in WIDOW_COUNTS:
            p += mask_points(self.widow)
        return p

    def outcome(self) -> Outcome:
        """The facts settlement needs, read off a finished deal with a bidder."""
        assert self.bidder is not None
        return Outcome(self.contract, self.trump, self.bidder_points(),
                       self.won_tricks[self.bidder], self.won_points[self.bidder])

    def made(self) -> bool:
        """Did the bidder make the contract? (a finished deal with a bidder)"""
        return made(self.options, self.outcome())

    def opponent_amount(self) -> int:
        """What each opponent pays the bidder (negative: the bidder pays each)."""
        return opponent_amount(self.options, self.outcome())

    def chips(self) -> list[int]:
        """SBS-27: the bidder settles with each opponent; zero-sum; a throw-in changes nothing."""
        if self._phase != DONE or self.bidder is None:
            return [0] * self.n
        return settle(self.options, self.bidder, self.defenders, self.outcome())

SixBidSolo.state_class = SixBidSoloState  # type: ignore[misc]  # defined after the game
