"""A game's words for the learner: seat names, contract names, the facts a table shows, how an
action reads in the log, and the prompt (with its rule id) for the player to move.

The display, the table and the quizzes get these words from a game's :class:`Presentation`
(``tutor.games.spec(game_id).presentation``), never by importing its rules. Everything here
reads a seat's view, so a presentation can only word what that seat may know.

:class:`GamePresentation` is generic in the game's view class (any :class:`tutor.state.View`);
:data:`Presentation` is it for any game's view, the type the registry and the generic rooms
use. :class:`TappPresentation` holds the words the Tapp family shares (forehand, middlehand,
endhand; bids, trump, tricks; its view is :class:`tutor.games.tapp.SeatView`); a game
subclasses it for its contracts and declaration. A game outside the family (Sixty-Six)
subclasses ``GamePresentation`` with its own view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from ..cards import Suit, card_label
from ..state import Action, View
from .tapp import (
    AUCTION,
    CALL_BASE,
    CARDS,
    DECLARE,
    N_CARDS,
    PASS,
    PLAY,
    SUIT_SYMBOLS,
    TRUMP_BASE,
    SeatView,
)

POSITIONS = ("forehand", "middlehand", "endhand")

#: the view class a game's words read (``SeatView`` in the Tapp family)
V = TypeVar("V", bound=View)



#: A deal's stage in a learner's words (the engine's phases: auction, declare, play, done).
STAGE_WORDS = {"auction": "the auction", "declare": "the declaration", "play": "the play",
               "done": "the deal is over"}

class GamePresentation(Generic[V]):
    """The words of one game, read off its view class ``V`` (a subclass per game; instances
    hold no state)."""

    #: the game's record id and its name for learners (a picker, a page title)
    game_id: ClassVar[str] = ""
    name: ClassVar[str] = ""
    #: one line saying what the game is, for a picker
    blurb: ClassVar[str] = ""
    #: contract id -> its name for learners, lowest first
    contract_names: ClassVar[Mapping[str, str]] = {}

    def contract_name(self, contract: str) -> str:
        """``Solo``, ``Heart Solo``; the id itself for an unknown one."""
        return self.contract_names.get(contract, contract)

    def call_words(self, token: str) -> str:
        """A call as words: ``pass``, or the contract's name."""
        return "pass" if token == "pass" else self.contract_name(token)

    def seat_name(self, seat: int, active: Sequence[int]) -> str:
        """The seat's part in this deal (``forehand``), or ``sits out``."""
        raise NotImplementedError

    def seat_label(self, seat: int, active: Sequence[int], dealer: int | None = None) -> str:
        """``seat 1 (forehand)``; ``seat 0 (endhand, dealer)``."""
        bits = [self.seat_name(seat, active)]
        if dealer is not None and seat == dealer:
            bits.append("dealer")
        return f"seat {seat} ({', '.join(bits)})"

    def seat_marks(self, view: V, seat: int) -> tuple[str, ...]:
        """Short marks the table shows on ``seat`` for ``view``'s seat, as far as that seat may
        know them (the Tapp family: the bidder; Crazy Solo adds the sides: partner, gang,
        unknown); none by default."""
        return ()

    def sides_hidden(self, view: V) -> bool:
        """Is some seat's side a secret to ``view``'s seat now (who plays with whom)? Not in a
        game whose sides are known once the auction ends (Crazy Solo's partner is, CS-9)."""
        return False

    def who(self, seat: int, view: V) -> str:
        """``You`` for the view's own seat, else the seat's label."""
        raise NotImplementedError

    def contract_words(self, contract: str | None, trump: Suit | None) -> str:
        """``Solo, trump ♠``; ``—`` before the auction ends."""
        raise NotImplementedError

    def turn_rule(self, phase: str) -> tuple[str, str]:
        """The rule that says whose turn it is in ``phase``, and its words."""
        raise NotImplementedError

    def prompt(self, view: V) -> tuple[str, str]:
        """What the view's seat is asked to do now, and the rule it rests on (``("", "")`` when
        it is not this seat's turn)."""
        raise NotImplementedError

    def action_text(self, view: V, seat: int, action: Action) -> str:
        """How ``seat``'s ``action`` reads in the log of ``view``'s seat; ``view`` is that seat's
        view *after* the action (so a card it may not see is never named)."""
        raise NotImplementedError

    def facts(self, view: V) -> list[tuple[str, str]]:
        """The facts a table shows the view's seat, as (label, words) rows."""
        raise NotImplementedError


#: Any game's words: what the registry holds (``GameSpec.presentation``) and the generic rooms
#: read, whatever the game's view class.
Presentation = GamePresentation[Any]


class TappPresentation(GamePresentation[SeatView]):
    """The Tapp family's words (Six-Bid Solo, Frog): three active hands, an auction of
    contracts, trump, eleven tricks (SBS-5, SBS-13, SBS-22..25)."""

    #: the rule a move out of turn breaks, whatever the phase (the bots' check)
    turn_order_rule: ClassVar[str] = "SBS-5"
    #: the rule each phase's turn order rests on (a game may name its own declaration rule)
    turn_rules: ClassVar[Mapping[str, tuple[str, str]]] = {
        AUCTION: ("SBS-16a", "the auction passes from player to player by rule"),
        DECLARE: ("SBS-19", "only the bidder declares"),
        PLAY: ("SBS-22", "play goes clockwise from the leader (the winner of the last trick, "
                         "SBS-25)"),
    }

    def seat_name(self, seat: int, active: Sequence[int]) -> str:
        """``forehand``, ``middlehand``, ``endhand`` (SBS-5), or ``sits out`` (SBS-V2)."""
        return POSITIONS[list(active).index(seat)] if seat in active else "sits out"

    def who(self, seat: int, view: SeatView) -> str:
        return "You" if seat == view.seat else self.seat_label(seat, view.active)

    def seat_marks(self, view: SeatView, seat: int) -> tuple[str, ...]:
        """The bidder, once there is one."""
        return ("bidder",) if seat == view.bidder else ()

    def contract_words(self, contract: str | None, trump: Suit | None) -> str:
        if contract is None:
            return "—"
        name = self.contract_name(contract)
        if trump is not None:
            return f"{name}, trump {trump.symbol}"
        return f"{name}, trump not yet named"

    def turn_rule(self, phase: str) -> tuple[str, str]:
        return self.turn_rules.get(phase, self.turn_rules[PLAY])

    def prompt(self, view: SeatView) -> tuple[str, str]:
        if view.to_move != view.seat:
            return "", ""
        if view.phase == AUCTION:
            return "Your call: pass or bid a higher contract", "SBS-14"
        if view.phase == DECLARE:
            return self.declare_prompt(view)
        if view.trick:
            return "Your card: follow suit if you can, else trump if you can", "SBS-23"
        return "Your lead: any card", "SBS-22"

    def declare_prompt(self, view: SeatView) -> tuple[str, str]:
        """The prompt for the bidder's declaration step (``view.step``)."""
        return "Name trump", "SBS-19"

    def action_text(self, view: SeatView, seat: int, action: Action) -> str:
        who = self.who(seat, view)
        if action == PASS:
            return f"{who}: pass"
        if CALL_BASE < action < TRUMP_BASE:
            contract = self.contract_ids()[action - CALL_BASE - 1]
            return f"{who}: bid {self.contract_name(contract)}"
        if TRUMP_BASE <= action < TRUMP_BASE + 4:
            return f"{who}: trump {SUIT_SYMBOLS[action - TRUMP_BASE]}"
        if action >= N_CARDS:
            return self.declare_text(view, seat, action, who)
        text = f"{who}: play {card_label(CARDS[action])}"
        if not view.trick and view.tricks and view.tricks[-1][1][-1] == CARDS[action]:
            n = len(view.tricks)
            winner = view.tricks[-1][2]
            text += f" — trick {n} to {'you' if winner == view.seat else f'seat {winner}'}"
        return text

    def declare_text(self, view: SeatView, seat: int, action: Action, who: str) -> str:
        """A declaration action other than naming trump, in the log (a game's own steps)."""
        raise NotImplementedError

    def contract_ids(self) -> tuple[str, ...]:
        """The game's contract ids, lowest first (``contract_names``' order)."""
        return tuple(self.contract_names)

    def facts(self, view: SeatView) -> list[tuple[str, str]]:
        me, active = view.seat, view.active
        rows = [("Game", self.name), ("Seat", self.seat_label(me, active, view.dealer)),
                ("Now", STAGE_WORDS.get(view.phase, view.phase))]
        if view.to_move is not None:
            rows.append(("To move", "you" if view.to_move == me
                         else self.seat_label(view.to_move, active)))
        if view.bidder is not None:
            rows.append(("Contract", self.contract_words(view.contract, view.trump)))
            rows.append(("Bidder", "you" if view.bidder == me
                         else self.seat_label(view.bidder, active)))
        if view.phase in ("play", "done"):
            rows.append(("Tricks won", ", ".join(f"seat {s}: {view.won_tricks[s]}"
                                                 for s in active)))
        return rows
