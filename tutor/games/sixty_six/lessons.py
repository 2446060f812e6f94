"""What a worked-deal replay (:mod:`tutor.widgets.replay`) says about Sixty-Six, in its own words.

Sixty-Six is not a Tapp game: no auction, no declaration, two cards to a trick, a stock to draw
from after each trick, and steps of its own — the exchange, a marriage, the close, the claim. So
the replay asks this module for the whole walk through a deal, :func:`replay_steps`: the deal
(the turn-up and the stock, SS-3), one step per trick (what came before the lead, the lead —
a card or a marriage —, the card that followed and why it was allowed, who won and why, the
draw, close or claim after it), and the result (the game points and the rule that scored
them, SS-13b..SS-15).

Everything is told as the viewing seat may know it: the card the opponent draws is never named
(only the viewing seat's own draw is), nor the opponent's total before the deal is over (SS-17);
the viewing seat's own total is said after each trick — at the table a player keeps that count
in their head. Every sentence cites its rule id.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ...cards import Card, card_label
from ...errors import RecordError
from ...state import Action, GameState
from .quiz import RULE_ID, ending_words
from .rules import (
    CARD,
    CARDS,
    CLAIM,
    CLAIM_MARRIAGE,
    CLOSE,
    DRAW,
    EXCHANGE,
    MARRIAGE,
    POINTS,
    STOCK_SIZE,
    SUIT_OF,
    SUIT_SYMBOLS,
    SixtySixState,
    marriage_cards,
    mask_cards,
)


class ReplayStep(NamedTuple):
    """One step of a replay: its title, the state after it, the commentary and its rules, the
    cards of the trick it completed (``(seat, card)`` in play order) and the trick's winner,
    whether it is the result, and cards it lays face up (``(caption, cards)``)."""

    title: str
    state: GameState
    words: tuple[str, ...]
    rules: tuple[str, ...]
    played: tuple[tuple[int, Card], ...] = ()
    winner: int | None = None
    result: bool = False
    shown: tuple[tuple[str, tuple[Card, ...]], ...] = ()


def _ss(state: GameState) -> SixtySixState:
    if not isinstance(state, SixtySixState):
        raise RecordError("REC-2", "Sixty-Six's commentary reads Sixty-Six deals",
                          where="game", what=state.game.id)
    return state


def _card(c: int) -> str:
    return card_label(CARDS[c])


class _Teller:
    """The sentences of one replay, told to ``seat``."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def who(self, s: int) -> str:
        return "you" if s == self.seat else f"seat {s}"

    def subject(self, s: int) -> str:
        """``You`` or ``Seat 1``: :meth:`who` at the start of a sentence."""
        return "You" if s == self.seat else f"Seat {s}"

    def verb(self, s: int, verb: str) -> str:
        """``lead`` for you, ``leads`` for a seat."""
        if s == self.seat:
            return verb
        return verb + ("es" if verb.endswith(("sh", "ch", "s")) else "s")

    # -- one action, told before it is applied to ``state`` --
    def action(self, state: SixtySixState, action: Action) -> str:
        s = state.to_move
        assert s is not None
        if action == EXCHANGE:
            taken = state.turnup
            return (f"{self.subject(s)} {self.verb(s, 'exchange')} the 9 of trumps for the "
                    f"turn-up {_card(taken)}: {self.who(s)} "
                    f"{'have' if s == self.seat else 'has'} won a trick and the stock is open "
                    f"(SS-8). Both players know who holds {_card(taken)} until it is played "
                    "(SS-17).")
        if action == CLOSE:
            at_draw = state.step == "draw"
            how = ("won the trick and " + self.verb(s, "close") + " the stock instead of "
                   "drawing: both hands stay at five cards" if at_draw else
                   self.verb(s, "close") + " the stock before leading")
            return (f"{self.subject(s)} {how} (SS-10). No more drawing; from the next card the "
                    "strict rules apply — follow suit and head the trick if able, else trump "
                    "(SS-11) — and there is no 10 for the last trick (SS-12).")
        if action == DRAW:
            return self._draw(state, s)
        if MARRIAGE <= action < CARD:
            led_card, shown_card = marriage_cards(action)
            suit = SUIT_OF[led_card]
            points = 40 if suit == state.trump else 20
            trumps = " in trumps" if suit == state.trump else ""
            if state.won_tricks[s]:
                has = "have" if s == self.seat else "has"
                counts = f"it counts at once: {self.who(s)} {has} won a trick"
            else:
                counts = (f"it counts once {self.who(s)} {'win' if s == self.seat else 'wins'} a "
                          "trick — if never, it is lost")
            return (f"{self.subject(s)} {self.verb(s, 'lead')} {_card(led_card)} and "
                    f"{self.verb(s, 'show')} {_card(shown_card)}: a marriage{trumps}, {points} "
                    f"(SS-9); {counts}. {_card(shown_card)} stays known until played (SS-17).")
        if action >= CARD:
            card = action - CARD
            if state.step == "lead":
                return f"{self.subject(s)} {self.verb(s, 'lead')} {_card(card)}."
            return self._follow(state, s, card)
        raise RecordError("REC-3", "a claim is told with the result, not as a step",
                          where="play", what=state.token(action))

    def _draw(self, state: SixtySixState, s: int) -> str:
        other = 1 - s
        top = state.stock[state.drawn]
        last = state.drawn + 1 >= STOCK_SIZE
        nxt = state.turnup if last else state.stock[state.drawn + 1]
        mine = top if s == self.seat else nxt
        if last:
            text = (f"{self.subject(s)} won the trick and {self.verb(s, 'draw')} the last "
                    f"face-down card; {self.who(other)} {self.verb(other, 'take')} the turn-up "
                    f"{_card(state.turnup)} (SS-5) — now both know who holds it (SS-17).")
            if s == self.seat:
                text += f" You draw {_card(mine)}."
            text += (" The stock is exhausted: from the next card the strict rules apply "
                     "(SS-11).")
            return text
        left = STOCK_SIZE - state.drawn - 2
        text = (f"{self.subject(s)} won the trick and {self.verb(s, 'draw')} the top card of the "
                f"stock, then {self.who(other)} the next (SS-5). You draw {_card(mine)}; "
                f"{left} card{'s' if left != 1 else ''} left face down, and the turn-up.")
        return text

    def _follow(self, state: SixtySixState, s: int, card: int) -> str:
        lead = state.lead_card
        led = SUIT_OF[lead]
        plays = f"{self.subject(s)} {self.verb(s, 'play')} {_card(card)}"
        if state.stock_open:
            return (f"{plays}: while the stock is open any card may be played — no duty to "
                    "follow suit or to trump (SS-7).")
        hand = state.hands[s]
        if SUIT_OF[card] == led:
            why = ("following suit and heading the trick, as the strict rules ask when able"
                   if card < lead else
                   f"following suit — no {SUIT_SYMBOLS[led]} higher than {_card(lead)} in hand")
        elif SUIT_OF[card] == state.trump:
            why = f"no {SUIT_SYMBOLS[led]} in hand, so a trump, as the strict rules ask"
        elif any(hand >> c & 1 and SUIT_OF[c] == state.trump for c in range(24)):
            why = f"no {SUIT_SYMBOLS[led]} in hand: any card (option phase2: follow_only)"
        else:
            why = f"neither {SUIT_SYMBOLS[led]} nor trump in hand: any card"
        return f"{plays}: {why} (SS-11)."

    # -- after a trick --
    def trick(self, before: SixtySixState, after: SixtySixState) -> list[str]:
        t = after.tricks[-1]
        w = t.winner
        lead, follow = t.lead, t.follow
        suit = SUIT_SYMBOLS[SUIT_OF[lead]]
        if SUIT_OF[follow] == SUIT_OF[lead]:
            higher = lead if w == t.leader else follow
            why = f"{_card(higher)} is the higher {suit}"
        elif SUIT_OF[follow] == after.trump:
            why = f"{_card(follow)} trumps it"
        else:
            why = f"{_card(follow)} is neither {suit} nor trump"
        pts = POINTS[lead] + POINTS[follow]
        words = [f"{why}, so {self.who(w)} {self.verb(w, 'win')} the trick (SS-7), with {pts} "
                 f"card point{'s' if pts != 1 else ''} in it (SS-1)."]
        if not before.won_tricks[w]:
            mine = [m for m in after.marriages if m.seat == w]
            if mine:
                has = "have" if w == self.seat else "has"
                words.append(f"{self.subject(w)} {has} won a trick: "
                             + ", ".join(f"the {SUIT_SYMBOLS[m.suit]} marriage ({m.points})"
                                         for m in mine)
                             + " count" + ("s" if len(mine) == 1 else "") + " from now on (SS-9).")
        if after.is_terminal() and after.claim is None:
            if after.last_bonus >= 0:
                words.append(f"The last trick: {self.who(w)} {self.verb(w, 'score')} 10 more for "
                             "it, the stock having run out (SS-12).")
            else:
                words.append("The last trick — no 10 for it after a close (SS-12).")
        me = self.seat
        words.append(f"Your total now: {after.total(me)} — card points of your tricks plus your "
                     "marriages that count (SS-13). At the table nobody shows it: you keep count "
                     f"(SS-17). Tricks won: you {after.won_tricks[me]}, your opponent "
                     f"{after.won_tricks[1 - me]}.")
        return words

    # -- the end --
    def result(self, state: SixtySixState, claimant: int | None) -> list[str]:
        assert state.points is not None
        words: list[str] = []
        if claimant is not None:
            s = claimant
            total = state.totals()[s]
            right = state.claim is not None and state.claim[1]
            words.append(f"{self.subject(s)} {self.verb(s, 'claim')} 66 with a total of {total}: "
                         f"{'right' if right else 'wrong'} — a claim ends the deal at once "
                         "(SS-13a).")
        text = ending_words(state)
        words.append(text)
        totals = state.totals()
        words.append(f"The totals, shown now the deal is over: seat 0 {totals[0]}, seat 1 "
                     f"{totals[1]} (SS-13).")
        points = state.points
        scorer = 0 if points[0] else 1
        words.append(f"Game points: seat {scorer} +{points[scorer]}. The first to 7 game points "
                     "wins the match, the deal passing to the other player each time (SS-16, "
                     "SS-2).")
        return words


def cited(words: Sequence[str]) -> tuple[str, ...]:
    """The rule ids ``words`` cite, in order, each once: a step's rules are exactly these."""
    return tuple(dict.fromkeys(RULE_ID.findall(" ".join(words))))


def replay_steps(dealt: GameState, actions: Sequence[Action], seat: int) -> list[ReplayStep]:
    """The steps of a Sixty-Six deal dealt as ``dealt`` and played by ``actions``, told to
    ``seat``: the deal, each trick with what came before its lead and the draw (or close, or
    claim) after it, and the result."""
    state = _ss(dealt).copy()
    if seat not in (0, 1):
        raise RecordError("SS-1", f"no seat {seat!r}: Sixty-Six has seats 0 and 1",
                          where="seat")
    tell = _Teller(seat)
    nd = state.non_dealer
    role = "the non-dealer" if seat == nd else "the dealer"
    dealt_words = (
        f"Seat {state.dealer} deals — the deal alternates from one deal to the next (SS-2): "
        f"three cards to seat {nd}, the non-dealer, three to itself, then three each again — "
        "six each (SS-3).",
        f"The next card is turned face up: {_card(state.turnup)}, so "
        f"{SUIT_SYMBOLS[state.trump]} is trump. The other 11 cards lie face down across it: the "
        "stock (SS-3).",
        f"You are seat {seat}, {role}. Seat {nd} leads the first trick (SS-4).")
    steps = [ReplayStep("The deal", state.copy(), dealt_words, cited(dealt_words))]
    i = 0
    claimant: int | None = None
    while i < len(actions) and not state.is_terminal():
        before = state.copy()
        words: list[str] = []
        n = len(state.tricks)
        while i < len(actions) and len(state.tricks) == n:
            a = actions[i]
            if a == CLAIM or CLAIM_MARRIAGE <= a < CLOSE:
                break
            words.append(tell.action(state, a))
            state.apply(a)
            i += 1
        played: tuple[tuple[int, Card], ...] = ()
        winner = None
        if len(state.tricks) > n:
            t = state.tricks[-1]
            played = ((t.leader, CARDS[t.lead]), (1 - t.leader, CARDS[t.follow]))
            winner = t.winner
            words += tell.trick(before, state)
            if i < len(actions) and state.step == "draw" and actions[i] in (DRAW, CLOSE):
                words.append(tell.action(state, actions[i]))
                state.apply(actions[i])
                i += 1
        if words:
            title = f"Trick {n + 1}" if played else "Before the lead"
            steps.append(ReplayStep(title, state.copy(), tuple(words), cited(words), played,
                                    winner))
        if i < len(actions) and (actions[i] == CLAIM or CLAIM_MARRIAGE <= actions[i] < CLOSE):
            claimant = state.to_move
            state.apply(actions[i])
            i += 1
    if state.is_terminal():
        words = tell.result(state, claimant)
        shown: tuple[tuple[str, tuple[Card, ...]], ...] = ()
        if state.closed_by >= 0:
            out = [c for c in state.stock[state.drawn:]] + (
                [state.turnup] if state.turnup >= 0 else [])
            shown = (("The stock, out of play since the close (SS-10)",
                      tuple(CARDS[c] for c in out)),)
        left = [(s, mask_cards(state.hands[s])) for s in (0, 1) if state.hands[s]]
        if left:
            shown += tuple((f"Seat {s}'s cards left unplayed", tuple(CARDS[c] for c in cs))
                           for s, cs in left)
        steps.append(ReplayStep("The result", state.copy(), tuple(words), cited(words),
                                 result=True, shown=shown))
    return steps


__all__ = ["ReplayStep", "replay_steps"]
