"""A worked deal replayed step by step from a hand record, seen from one seat.

:class:`DealReplay` loads a ``tutor-record/1`` hand record, replays it through the engine's
checked ``apply`` (a record that breaks a rule is refused with its rule id), and lets the learner
step: the deal, the auction, the declaration, each trick, the result. Every step shows only the
chosen seat's :class:`~tutor.games.tapp.SeatView` (by default the bidder's) — other hands
are card backs — and a commentary whose facts all come from the engine (who won the trick, the
points, whether the contract was made, the chips), each sentence citing its rule id. The widow
is shown only at the result, when it is counted (SBS-12).

It replays Six-Bid Solo deals only: its commentary teaches that game's contracts and settlement
(which contracts count the widow, Guarantee Solo's targets, the misères, SBS-10..12), so it
imports Six-Bid Solo's rules; another game's replay needs its own commentary.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]  # ships no type hints

from ..cards import Card
from ..display import cards_html, facts_html, trick_svg, view_html
from ..display.markup import esc
from ..display.table import POSITIONS, contract_words, seat_label
from ..engine.record import state_of
from ..errors import RecordError
from ..games.six_bid_solo.rules import (
    CONTRACT_NAMES,
    CONTRACTS,
    GUARANTEE,
    HEART_SOLO,
    MISERES,
    SOLO,
    SPREAD,
    WIDOW_COUNTS,
    SixBidSoloState,
)
from ..games.tapp import (
    CALL_BASE,
    CALLCARD_BASE,
    CARDS,
    DECLINE,
    GIVE_BASE,
    HEARTS,
    N_CARDS,
    PASS,
    POINTS,
    SUIT_OF,
    SUIT_SYMBOLS,
    TRUMP_BASE,
    mask_cards,
    mask_points,
)
from .common import Panel, button, guarded, html


@dataclass(frozen=True)
class Step:
    """One step of a replay: a title, the state after it, the commentary (HTML) and its rules."""

    title: str
    state: SixBidSoloState
    words: tuple[str, ...]
    rules: tuple[str, ...]
    trick: int = -1  # index of the trick this step completed, -1 for none
    result: bool = False


def load_record(record: Mapping[str, Any] | str | os.PathLike[str]) -> Mapping[str, Any]:
    """A record object from a mapping or a JSON file path (REC-1 if unreadable)."""
    if isinstance(record, Mapping):
        return record
    path = Path(record)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise RecordError("REC-1", f"cannot read the record ({e.__class__.__name__})",
                          where=str(path)) from None
    if not isinstance(data, dict):
        raise RecordError("REC-1", "a record is a JSON object", where=str(path))
    return data


def _name(card: int) -> str:
    return CARDS[card].name


def _label(card: int) -> str:
    c = CARDS[card]
    return ("10" if c.rank.letter == "T" else c.rank.letter) + c.suit.symbol


def _pos(state: SixBidSoloState, seat: int) -> str:
    return f"seat {seat} ({POSITIONS[state.active.index(seat)]})"


def build_steps(record: Mapping[str, Any]) -> list[Step]:
    """Replay ``record`` and describe each step (RecordError/IllegalActionError if it is bad)."""
    final = state_of(record)
    if not isinstance(final, SixBidSoloState):
        raise RecordError("REC-2", "the replay lesson shows Six-Bid Solo deals", where="game")
    state = final.game.from_record_deal(record)
    assert isinstance(state, SixBidSoloState)
    actions = final.history()
    steps = [Step("The deal", state.copy(), (
        f"Seat {state.dealer} deals. Forehand is seat {state.active[0]}, middlehand seat "
        f"{state.active[1]}, endhand seat {state.active[2]} (SBS-5).",
        "Each active player holds 11 cards and 3 lie face down as the widow (SBS-8)."),
        ("SBS-5", "SBS-8"))]
    i = 0
    calls: list[str] = []
    while i < len(actions) and CALL_BASE <= actions[i] < TRUMP_BASE:
        seat = state.to_move
        assert seat is not None
        a = actions[i]
        state.apply(a)
        word = "passes" if a == PASS else "bids " + CONTRACT_NAMES[CONTRACTS[a - CALL_BASE - 1]]
        calls.append(f"{_pos(state, seat).capitalize()} {word}.")
        i += 1
    if calls:
        if state.bidder is not None:
            end = (f"Only {_pos(state, state.bidder)} has not passed, so the auction ends: "
                   f"seat {state.bidder} is the bidder and must play "
                   f"{CONTRACT_NAMES[CONTRACTS[state.contract - 1]]} (SBS-16a, SBS-18).")
        elif state.phase == "done":
            end = "All three passed: the cards are thrown in (SBS-17)."
        else:
            end = "The auction goes on."
        steps.append(Step("The auction", state.copy(), (
            "Forehand speaks first; each bid must name a strictly higher contract, and a "
            "player who passes is out (SBS-13, SBS-14).", *calls, end),
            ("SBS-13", "SBS-14", "SBS-16a", "SBS-18")))
    words: list[str] = []
    while i < len(actions) and actions[i] >= TRUMP_BASE:
        a = actions[i]
        if a < DECLINE:
            words.append(f"The bidder names trump {SUIT_SYMBOLS[a - TRUMP_BASE]} (SBS-19).")
        elif a == DECLINE:
            words.append("The bidder calls no card (SBS-20).")
        elif a < GIVE_BASE:
            words.append(f"The bidder calls the {_name(a - CALLCARD_BASE)} (SBS-20).")
        state.apply(a)
        if CALLCARD_BASE <= a < GIVE_BASE and state.call_holder is not None:
            words.append("It lay in the widow: nothing is exchanged (SBS-20)."
                         if state.call_holder == -1 else
                         f"Seat {state.call_holder} held it and hands it over; the bidder "
                         "gives that defender one card back, face down (SBS-20).")
        i += 1
    if state.bidder is not None:
        c = state.contract
        if c == HEART_SOLO:
            words.insert(0, "Heart Solo: hearts are trump, nothing to declare (SBS-19).")
        elif c in MISERES:
            words.insert(0, f"{CONTRACT_NAMES[CONTRACTS[c - 1]]}: no trump, nothing to declare "
                         "(SBS-19, SBS-24).")
            if c == SPREAD:
                words.append("The bidder's hand is laid face up for the defenders (SBS-21).")
        lead = state.to_move
        if state.phase == "play" and lead is not None:
            words.append(f"{_pos(state, lead).capitalize()} leads to the first trick (SBS-22).")
        steps.append(Step("The declaration", state.copy(), tuple(words),
                          ("SBS-19", "SBS-20", "SBS-21", "SBS-22")))
    while i + 3 <= len(actions) and state.phase == "play":
        leader = state.to_move
        assert leader is not None
        cards = actions[i:i + 3]
        for a in cards:
            state.apply(a)
        i += 3
        k = len(state.tricks) - 1
        steps.append(_trick_step(state, k, leader, cards))
    if state.phase == "done" and state.bidder is not None:
        steps.append(_result_step(state))
    return steps


def _trick_step(after: SixBidSoloState, k: int, leader: int, cards: list[int]) -> Step:
    trump = after.trump if after.contract not in MISERES else -1
    led = SUIT_OF[cards[0]]
    seat = leader
    words = [f"{_pos(after, seat).capitalize()} leads {_label(cards[0])}."]
    for card in cards[1:]:
        seat = after.next_active(seat)
        s = SUIT_OF[card]
        if s == led:
            how = f"follows suit with {_label(card)}"
        elif s == trump:
            how = f"has no {SUIT_SYMBOLS[led]} and must trump: {_label(card)}"
        else:
            void = (f"no trump {SUIT_SYMBOLS[led]}" if led == trump else
                    f"no {SUIT_SYMBOLS[led]} and no trump {SUIT_SYMBOLS[trump]}" if trump >= 0
                    else f"no {SUIT_SYMBOLS[led]}")
            how = f"has {void}, so may play any card: {_label(card)}"
        words.append(f"Seat {seat} {how} (SBS-23).")
    winner = after.tricks[k][2]
    trumps = [c for c in cards if SUIT_OF[c] == trump] if trump >= 0 else []
    win_card = cards[_seats(after, leader).index(winner)]
    if trumps and led != trump:
        why = f"{_label(win_card)} is the highest trump"
    elif trump < 0 and after.contract in MISERES:
        why = f"no trump in {CONTRACT_NAMES[CONTRACTS[after.contract - 1]]}: " \
              f"{_label(win_card)} is the highest {SUIT_SYMBOLS[led]}"
    else:
        why = f"{_label(win_card)} is the highest {SUIT_SYMBOLS[led]}"
    pts = sum(POINTS[c] for c in cards)
    words.append(f"{why}, so seat {winner} wins the trick (SBS-24) with {pts} card point"
                 f"{'s' if pts != 1 else ''} in it (SBS-3).")
    bidder = after.bidder
    assert bidder is not None
    if after.contract in MISERES:
        words.append(f"The bidder has won {after.won_tricks[bidder]} trick"
                     f"{'s' if after.won_tricks[bidder] != 1 else ''} so far.")
    else:
        words.append(f"The bidder's card points in tricks so far: {after.won_points[bidder]}.")
    if k < 10:
        words.append(f"Seat {winner} leads next (SBS-25).")
    return Step(f"Trick {k + 1}", after.copy(), tuple(words), ("SBS-23", "SBS-24", "SBS-25"),
                trick=k)


def _seats(state: SixBidSoloState, leader: int) -> list[int]:
    seats = [leader]
    for _ in range(2):
        seats.append(state.next_active(seats[-1]))
    return seats


def _result_step(state: SixBidSoloState) -> Step:
    bidder = state.bidder
    assert bidder is not None
    c = state.contract
    name = CONTRACT_NAMES[CONTRACTS[c - 1]]
    made = state.made()
    words: list[str] = []
    widow = mask_points(state.widow)
    if c in WIDOW_COUNTS:
        p = state.bidder_points()
        words.append(f"The widow is turned up: {widow} card points, which count for the bidder "
                     f"in {name}. P = {state.won_points[bidder]} in tricks + {widow} = {p} "
                     "(SBS-12).")
        need = ("P ≥ 61" if c in (SOLO, HEART_SOLO) else
                f"P ≥ {74 if state.trump == HEARTS else 80} (trump "
                f"{SUIT_SYMBOLS[state.trump]})" if c == GUARANTEE else "P = 120")
        words.append(f"{name} needs {need}: {'made' if made else 'lost'}.")
    else:
        words.append(f"In {name} the widow is out of play and never counts (SBS-12).")
        if state.options.misere == "no_card_points":
            words.append(f"Under misère by points the bidder may win tricks without card points "
                         f"(SBS-V1): the bidder's tricks hold {state.won_points[bidder]} card "
                         f"points — {'made' if made else 'lost'}.")
        else:
            words.append(f"The bidder must win no trick (SBS-V1) and won "
                         f"{state.won_tricks[bidder]}: {'made' if made else 'lost'}.")
    amount = state.opponent_amount()
    if c in (SOLO, HEART_SOLO):
        k = 2 if c == SOLO else 3
        words.append(f"{name} is paid on the margin: {k} × (P − 60) = {amount} with each "
                     "opponent (SBS-10).")
    else:
        words.append(f"{name} is won or lost whole: {abs(amount)} with each opponent (SBS-11).")
    chips = state.chips()
    words.append("Chips: " + ", ".join(f"seat {s} {chips[s]:+d}" for s in range(state.n))
                 + " — the changes add up to zero (SBS-27).")
    rules = ("SBS-12", "SBS-10" if c in (SOLO, HEART_SOLO) else "SBS-11", "SBS-27")
    return Step("The result", state.copy(), tuple(words), rules, result=True)


class DealReplay(Panel):
    """Step through a recorded deal from ``seat``'s view: a seat number, ``"bidder"`` (the
    default) or ``"defender"`` (the one after the bidder, clockwise).

    Buttons: **Start**, **Back**, **Next**, **End** (real buttons; Tab + Enter). A forged click on
    a disabled button is re-checked here and changes nothing.
    """

    css_class = "tutor-replay"

    def __init__(self, record: Mapping[str, Any] | str | os.PathLike[str], *,
                 seat: int | str = "bidder", title: str = "") -> None:
        super().__init__()
        rec = load_record(record)
        self.steps = build_steps(rec)
        last = self.steps[-1].state
        if seat == "bidder":
            seat = last.bidder if last.bidder is not None else last.active[0]
        elif seat == "defender":  # the defender after the bidder, clockwise (SBS-22's leader)
            if last.bidder is None:
                raise RecordError("SBS-17", "a deal thrown in has no defenders", where="seat")
            seat = last.next_active(last.bidder)
        if not isinstance(seat, int) or not 0 <= seat < last.n:
            raise RecordError("SBS-5", f"no seat {seat!r} at a table of {last.n}", where="seat")
        self.seat = seat
        self.index = 0
        self.title = html(f'<h3 class="st-replay-title">{esc(title)}</h3>' if title else "",
                          "tutor-replay-title")
        self.where = html("", "tutor-replay-step")
        self.words = html("", "tutor-replay-words")
        self.table = html("", "tutor-replay-table")
        self.first = button("« Start", cls="tutor-replay-start", tooltip="Back to the deal")
        self.back = button("◀ Back", cls="tutor-replay-back", tooltip="One step back")
        self.forward = button("Next ▶", cls="tutor-replay-next", style="primary",
                              tooltip="One step on")
        self.last = button("End »", cls="tutor-replay-end", tooltip="To the result")
        self.first.on_click(lambda _: self.go(0))
        self.back.on_click(lambda _: self.go(self.index - 1))
        self.forward.on_click(lambda _: self.go(self.index + 1))
        self.last.on_click(lambda _: self.go(len(self.steps) - 1))
        nav = w.HBox([self.first, self.back, self.forward, self.last],
                     layout=w.Layout(flex_flow="row wrap"))
        self.box.children = [self.title, self.where, nav, self.notice, self.words, self.table]
        self._show()

    @guarded
    def go(self, index: int) -> None:
        """Show step ``index``; outside 0..last it is refused (a forged click) and nothing moves."""
        if not isinstance(index, int) or not 0 <= index < len(self.steps):
            self.refuse("There is no step there: the replay runs from the deal to the result.")
            return
        self.index = index
        self.clear_notice()
        self._show()

    def _show(self) -> None:
        step = self.steps[self.index]
        state = step.state
        view = state.view(self.seat)
        parts = []
        if step.trick >= 0:
            leader, cards, winner = state.tricks[step.trick]
            seats = _seats(state, leader)
            parts.append(f'<div class="st-replay-trick">{trick_svg(cards, seats=seats, labels=[seat_label(s, state.active) for s in seats], winner=winner)}</div>')  # noqa: E501
        if step.result:
            parts.append(facts_html([
                ("Contract", contract_words(state.contract_id, view.trump)),
                ("Bidder", seat_label(state.bidder or 0, state.active)),
                ("Bidder's tricks", str(state.won_tricks[state.bidder or 0]))]))
            if step.state.widow:
                parts.append('<p class="st-muted">The widow, turned up at the end:</p>'
                             + cards_html(mask_cards(state.widow)))
        parts.append(view_html(view, show_tricks=step.result))
        rules = "".join(f'<span class="st-rule">{esc(r)}</span>' for r in step.rules)
        with self.box.hold_sync():
            self.where.value = (f'<p class="st-step" aria-live="polite"><strong>Step '
                                f"{self.index + 1} of {len(self.steps)}: {esc(step.title)}"
                                f"</strong> — you see seat {self.seat}'s cards</p>")
            self.words.value = ('<div class="st-root st-commentary">'
                                + "".join(f"<p>{esc(x)}</p>" for x in step.words)
                                + f'<p class="st-rules">Rules: {rules}</p></div>')
            self.table.value = '<div class="st-root">' + "".join(parts) + "</div>"
            self.first.disabled = self.back.disabled = self.index == 0
            self.forward.disabled = self.last.disabled = self.index == len(self.steps) - 1
            self.audit()  # written before the state goes out: a test reads it after

    def hidden_cards(self) -> set[Card]:
        step = self.steps[self.index]
        seen = step.state.view(self.seat).visible_cards()
        if step.result:
            seen |= {CARDS[c] for c in mask_cards(step.state.widow)}
        return {CARDS[c] for c in range(N_CARDS)} - seen


__all__ = ["DealReplay", "Step", "build_steps", "load_record"]
