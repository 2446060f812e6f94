"""A worked deal replayed step by step from a hand record, seen from one seat.

:class:`DealReplay` loads a ``tutor-record/1`` hand record of a Tapp-family game (Six-Bid Solo,
Frog), replays it through the engine's checked ``apply`` (a record that breaks a rule is refused
with its rule id), and lets the learner step: the deal, the auction, the declaration, each
trick, the result. Every step shows only the chosen seat's :class:`~tutor.games.tapp.SeatView`
(by default the bidder's) — other hands are card backs — and a commentary whose facts all come
from the engine (who won the trick, the points, whether the contract was made, the chips), each
step citing its rule ids. What lay face down (the widow, Frog's discard) is shown only at the
result, when it is counted.

A game outside the Tapp family (Sixty-Six: two players, a stock and a turn-up, draws after each
trick, an exchange, marriages, a close and a claim; Auction Pitch: 3 to 7 players each on their
own, one call each, the first lead naming trump) walks its deal itself: its lessons module's
``replay_steps`` gives every step — title, state, commentary, the trick's cards and winner, the
cards laid open at the result — and this widget shows each as the chosen seat sees it: the facts
of the game's presentation, the opponent's hand as backs (its publicly known cards face up), the
turn-up and the stock, the seat's own hand.

For the Tapp family, the deal, the auction and the tricks are worded here, in the game's words
(its presentation). The declaration, the running tally after a trick, the result and what is
turned up at the end are each game's own: :func:`replay_words` finds them in the game's folder,
``tutor/games/<game>/lessons.py``. A game whose deal, auction or play differ from Six-Bid Solo's
(Crazy Solo: every seat dealt in, one call each, a secret partner revealed by a card) words them
there too, and names the rule ids its tricks and chips rest on.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import Any, Protocol

import ipywidgets as w  # type: ignore[import-untyped]  # ships no type hints

from ..bots.explain import why_notes
from ..cards import Card, card_label
from ..display import (
    card_back_svg,
    card_svg,
    cards_html,
    facts_html,
    hand_svg,
    trick_svg,
    view_html,
)
from ..display.adapter import deal_notes, deck_of
from ..display.markup import esc
from ..display.table import contract_words, seat_label, trick_rows
from ..engine.record import state_of
from ..errors import RecordError
from ..games import spec
from ..games.presentation import Presentation
from ..games.tapp import (
    CALL_BASE,
    CARDS,
    N_CARDS,
    PASS,
    POINTS,
    SUIT_OF,
    SUIT_SYMBOLS,
    TRUMP_BASE,
    TappState,
    mask_cards,
)
from ..state import Action, GameState, View
from .common import Panel, button, guarded, html
from .presenter import presenter_mode

#: A step's commentary from a game's lessons module: its sentences and the rules they rest on.
Commentary = tuple[tuple[str, ...], tuple[str, ...]]


@dataclass(frozen=True)
class PlayRules:
    """The rule ids a trick step cites: following suit and trumping, the trick's winner, the
    next lead, card points, and the chips sentence of the result (Six-Bid Solo's by default,
    which Frog inherits)."""

    follow: str = "SBS-23"
    win: str = "SBS-24"
    next_lead: str = "SBS-25"
    points: str = "SBS-3"
    chips: str = "SBS-27"


def _tapp_deal(state: TappState) -> Commentary:
    """The deal step of a game of three active hands and a widow (SBS-5, SBS-8)."""
    info = state.game.info
    return ((f"Seat {state.dealer} deals. Forehand is seat {state.active[0]}, middlehand seat "
             f"{state.active[1]}, endhand seat {state.active[2]} (SBS-5).",
             f"Each active player holds {info.hand_size} cards and {info.widow} lie face down "
             "as the widow (SBS-8)."), ("SBS-5", "SBS-8"))


def _tapp_auction(state: TappState) -> tuple[str, str, tuple[str, ...]]:
    """The auction step's first and last sentences and its rules (SBS-13..18)."""
    return ("Forehand speaks first; each bid must name a strictly higher contract, and a player "
            "who passes is out (SBS-13, SBS-14).", _auction_end(spec(state.game.id).presentation,
                                                                 state),
            ("SBS-13", "SBS-14", "SBS-16a", "SBS-18"))


def _no_card_note(state: TappState, seat: int, card: int) -> tuple[str, tuple[str, ...]]:
    return "", ()


def _no_secrets(state: TappState, seat: int | None) -> list[str]:
    return []


@dataclass(frozen=True)
class ReplayWords:
    """A game's own part of the replay commentary, from ``tutor/games/<game>/lessons.py``.

    - ``declaration(state, actions, seat)``: the declaration step, ``state`` being the deal
      after the declaration's ``actions``; what ``seat`` may not see stays unnamed;
    - ``tally(state)``: one sentence after each trick (the bidder's points or tricks so far)
      and the rules it cites;
    - ``result(state)``: P, the target and the amount with each opponent (the replay adds the
      chips, SBS-27);
    - ``turned_up(state)``: the caption and the card mask laid face up at the result.

    Optional, Six-Bid Solo's words when a game's lessons module has none:

    - ``deal(state)`` (``replay_deal``): the deal step, from the state as dealt;
    - ``auction(state)`` (``replay_auction``): the auction step's first sentence, its last one
      (how it ended) and its rules, from the state after the calls;
    - ``card(state, seat, card)`` (``replay_card``): a sentence after ``seat`` played ``card``
      in a trick (``state`` just after it) and its rules, or ``("", ())``;
    - ``secrets(state, seat)`` (``replay_secrets``): texts ``seat``'s step at ``state`` may not
      show yet (the hidden-information audit of the page checks them);
    - ``rules`` (``PLAY_RULES``, a mapping of :class:`PlayRules`' fields): the rule ids of
      the tricks and the chips.
    """

    declaration: Callable[[TappState, Sequence[Action], int | None], Commentary]
    tally: Callable[[TappState], tuple[str, tuple[str, ...]]]
    result: Callable[[TappState], Commentary]
    turned_up: Callable[[TappState], tuple[str, int]]
    deal: Callable[[TappState], Commentary] = _tapp_deal
    auction: Callable[[TappState], tuple[str, str, tuple[str, ...]]] = _tapp_auction
    card: Callable[[TappState, int, int], tuple[str, tuple[str, ...]]] = _no_card_note
    secrets: Callable[[TappState, int | None], list[str]] = _no_secrets
    rules: PlayRules = PlayRules()


#: The optional parts of a game's lessons module: its name there -> the field of ReplayWords.
_OPTIONAL = {"replay_deal": "deal", "replay_auction": "auction", "replay_card": "card",
             "replay_secrets": "secrets", "PLAY_RULES": "rules"}


def replay_words(game: str) -> ReplayWords:
    """The replay commentary of ``game`` (a record id), from its folder's ``lessons.py``
    (REC-2 for an unknown game, or one whose lessons the replay does not know yet)."""
    return _replay_words(spec(game).id)


def _lessons(game: str) -> Any:
    """The game's ``tutor/games/<game>/lessons.py`` (REC-2 if it has none)."""
    found = spec(game)
    name = f"{found.folder}.lessons"
    try:
        return import_module(name)
    except ModuleNotFoundError as e:
        if e.name is None or not (name == e.name or name.startswith(e.name + ".")):
            raise  # the module is there but fails to import: a bug to see, not to hide
        raise RecordError("REC-2", f"the replay does not know {found.name} yet (no {name})",
                          where="game", what=game) from None


def game_steps(game: str) -> StepsOf:
    """``replay_steps`` of ``game``'s lessons module: how a game outside the Tapp family walks
    its deal (REC-2 for an unknown game, or one whose lessons have no ``replay_steps``)."""
    found = spec(game)
    steps = getattr(_lessons(found.id), "replay_steps", None)
    if not callable(steps):
        raise RecordError("REC-2", f"the replay does not know {found.name} yet "
                          f"({found.folder}.lessons has no replay_steps)", where="game",
                          what=game)
    out: StepsOf = steps
    return out


@cache
def _replay_words(game: str) -> ReplayWords:
    found = spec(game)
    name = f"{found.folder}.lessons"
    module = _lessons(game)
    parts = ("replay_declaration", "replay_tally", "replay_result", "replay_turned_up")
    missing = [p for p in parts if not callable(getattr(module, p, None))]
    if missing:
        raise RecordError("REC-2", f"the replay does not know {found.name} yet ({name} has no "
                          + ", ".join(missing) + ")", where="game", what=game)
    more: dict[str, Any] = {field: getattr(module, name) for name, field in _OPTIONAL.items()
                            if hasattr(module, name)}
    if "rules" in more:
        more["rules"] = PlayRules(**more["rules"])
    return ReplayWords(*(getattr(module, p) for p in parts), **more)


@dataclass(frozen=True)
class Step:
    """One step of a replay: a title, the state after it, the commentary and its rules.

    A Tapp-family step names the trick it completed by its index (``trick``); a step of another
    game carries the trick's cards itself (``played``: ``(seat, card)`` in play order, and its
    ``winner``) and the cards it lays face up (``shown``: ``(caption, cards)``)."""

    title: str
    state: GameState
    words: tuple[str, ...]
    rules: tuple[str, ...]
    trick: int = -1  # index of the trick this step completed, -1 for none
    result: bool = False
    played: tuple[tuple[int, Card], ...] = ()
    winner: int | None = None
    shown: tuple[tuple[str, tuple[Card, ...]], ...] = ()


class GameStep(Protocol):
    """A step as a game's ``replay_steps`` gives it (the fields of :class:`Step`)."""

    @property
    def title(self) -> str: ...

    @property
    def state(self) -> GameState: ...

    @property
    def words(self) -> tuple[str, ...]: ...

    @property
    def rules(self) -> tuple[str, ...]: ...

    @property
    def played(self) -> tuple[tuple[int, Card], ...]: ...

    @property
    def winner(self) -> int | None: ...

    @property
    def result(self) -> bool: ...

    @property
    def shown(self) -> tuple[tuple[str, tuple[Card, ...]], ...]: ...


#: ``replay_steps(dealt, actions, seat)`` of a game outside the Tapp family.
StepsOf = Callable[[GameState, Sequence[Action], int], Sequence[GameStep]]


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


def _label(card: int) -> str:
    return card_label(CARDS[card])


def _final(record: Mapping[str, Any]) -> GameState:
    """The record replayed to its end (RecordError/IllegalActionError if it is bad)."""
    return state_of(record)


def build_steps(record: Mapping[str, Any], seat: int | None = None) -> list[Step]:
    """Replay ``record`` and describe each step as ``seat`` may know it (``None``: as no seat
    does, so nothing laid face down is named; a game outside the Tapp family tells its steps to
    a seat, the first to lead by default) — RecordError/IllegalActionError if it is bad."""
    final = _final(record)
    if isinstance(final, TappState):
        return _steps(final, record, seat)
    return _game_steps(final, record, _first_seat(final, record) if seat is None else seat)


def _first_seat(final: GameState, record: Mapping[str, Any]) -> int:
    """The seat that acts first in the deal of ``record`` (the non-dealer in Sixty-Six)."""
    first = final.game.from_record_deal(record).to_move
    assert first is not None
    return first


def _game_steps(final: GameState, record: Mapping[str, Any], seat: int) -> list[Step]:
    """The steps of a game outside the Tapp family, from its lessons module's
    ``replay_steps``."""
    players = final.game.info.players
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise RecordError("REC-5", f"no seat {seat!r} at a table of {players}", where="seat")
    dealt = final.game.from_record_deal(record)
    return [Step(s.title, s.state, tuple(s.words), tuple(s.rules), result=s.result,
                 played=tuple(s.played), winner=s.winner, shown=tuple(s.shown))
            for s in game_steps(final.game.id)(dealt, final.history(), seat)]


def _steps(final: TappState, record: Mapping[str, Any], seat: int | None) -> list[Step]:
    game = final.game
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < final.n):
        raise RecordError("SBS-5", f"no seat {seat!r} at a table of {final.n}", where="seat")
    pres = spec(game.id).presentation
    own = replay_words(game.id)
    info = game.info
    state: TappState = game.from_record_deal(record)
    actions = final.history()
    steps = [Step("The deal", state.copy(), *own.deal(state))]
    i = 0
    calls: list[str] = []
    while i < len(actions) and CALL_BASE <= actions[i] < TRUMP_BASE:
        who = state.to_move
        assert who is not None
        a = actions[i]
        state.apply(a)
        word = "passes" if a == PASS else "bids " + _contract(pres, state, a - CALL_BASE)
        calls.append(f"{pres.seat_label(who, state.active).capitalize()} {word}.")
        i += 1
    if calls:
        first, last, auction_rules = own.auction(state)
        steps.append(Step("The auction", state.copy(), (first, *calls, last), auction_rules))
    start = i
    while i < len(actions) and actions[i] >= TRUMP_BASE:
        state.apply(actions[i])
        i += 1
    if state.bidder is not None:
        words, rules = own.declaration(state, actions[start:i], seat)
        steps.append(Step("The declaration", state.copy(), words, rules))
    places = len(state.active)  # one card from each active seat (SBS-22)
    while i + places <= len(actions) and state.phase == "play":
        leader = state.to_move
        assert leader is not None
        cards = actions[i:i + places]
        notes = []
        seat = leader
        for a in cards:
            state.apply(a)
            notes.append(own.card(state, seat, a))  # after the card: what it made public
            seat = state.next_active(seat)
        i += places
        steps.append(_trick_step(pres, own, state, len(state.tricks) - 1, leader, cards,
                                 last=info.tricks - 1, notes=notes))
    if state.phase == "done" and state.bidder is not None:
        words, rules = own.result(state)
        chips = state.chips()
        chips_rule = own.rules.chips
        words = (*words, "Chips: " + ", ".join(f"seat {s} {chips[s]:+d}" for s in range(state.n))
                 + f" — the changes add up to zero ({chips_rule}).")
        steps.append(Step("The result", state.copy(), words,
                          tuple(dict.fromkeys((*rules, chips_rule))), result=True))
    return steps


def _contract(pres: Presentation, state: TappState, k: int) -> str:
    """Contract number ``k`` (1..) of ``state``'s game in its words."""
    return pres.contract_name(state.CONTRACTS[k - 1])


def _auction_end(pres: Presentation, state: TappState) -> str:
    """How the auction ended (or that it goes on)."""
    if state.bidder is not None:
        who = pres.seat_label(state.bidder, state.active)
        name = _contract(pres, state, state.contract)
        if sum(state.passed) == len(state.active) - 1:
            return (f"Only {who} has not passed, so the auction ends: seat {state.bidder} is "
                    f"the bidder and must play {name} (SBS-16a, SBS-18).")
        # Frog's option auction: single_round — each active player speaks once
        return (f"Each active player has spoken once (option auction: single_round), so the "
                f"auction ends: {who} made the highest bid and must play {name} (SBS-18).")
    if state.phase == "done":
        return "All three passed: the cards are thrown in (SBS-17)."
    return "The auction goes on."


def _seats(state: TappState, leader: int) -> list[int]:
    seats = [leader]
    for _ in range(len(state.active) - 1):
        seats.append(state.next_active(seats[-1]))
    return seats


def _trick_step(pres: Presentation, own: ReplayWords, after: TappState, k: int, leader: int,
                cards: Sequence[Action], *, last: int,
                notes: Sequence[tuple[str, tuple[str, ...]]] = ()) -> Step:
    """Trick ``k`` (0..``last``) as it was played: who followed, trumped or could play any card
    (each followed by the game's note on that card, ``notes``), who won and why, then the
    game's tally."""
    trump = after.trump  # -1: no trump suit (Six-Bid Solo's misères)
    led = SUIT_OF[cards[0]]
    seat = leader
    rules = own.rules
    note = [text for text, _ in notes] or [""] * len(cards)
    note_rules = [r for _, rs in notes for r in rs]
    words = [f"{pres.seat_label(seat, after.active).capitalize()} leads {_label(cards[0])}."]
    if note[0]:
        words.append(note[0])
    for j, card in enumerate(cards[1:], 1):
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
        words.append(f"Seat {seat} {how} ({rules.follow}).")
        if note[j]:
            words.append(note[j])
    winner = after.tricks[k][2]
    trumps = [c for c in cards if SUIT_OF[c] == trump] if trump >= 0 else []
    win_card = cards[_seats(after, leader).index(winner)]
    if trumps and led != trump:
        why = f"{_label(win_card)} is the highest trump"
    elif trump < 0:
        why = (f"no trump in {_contract(pres, after, after.contract)}: "
               f"{_label(win_card)} is the highest {SUIT_SYMBOLS[led]}")
    else:
        why = f"{_label(win_card)} is the highest {SUIT_SYMBOLS[led]}"
    pts = sum(POINTS[c] for c in cards)
    words.append(f"{why}, so seat {winner} wins the trick ({rules.win}) with {pts} card point"
                 f"{'s' if pts != 1 else ''} in it ({rules.points}).")
    tally, tally_rules = own.tally(after)
    words.append(tally)
    if k < last:
        words.append(f"Seat {winner} leads next ({rules.next_lead}).")
    return Step(f"Trick {k + 1}", after.copy(), tuple(words),
                tuple(dict.fromkeys((rules.follow, rules.win, rules.next_lead, *tally_rules,
                                     *note_rules))),
                trick=k)


def step_of_action(steps: Sequence[Step], final: TappState) -> list[int]:
    """For each action of ``final``'s history, the index of the step that shows it: the
    auction's calls the auction step, the declaration the declaration step, a card its
    trick's step."""
    history = final.history()
    played = sum(len(cs) for _, cs, _ in final.tricks) + len(final.trick)
    n_before = len(history) - played  # the calls and the declaration
    calls = sum(1 for a in history[:n_before] if CALL_BASE <= a < TRUMP_BASE)
    titles = [st.title for st in steps]
    auction = titles.index("The auction") if "The auction" in titles else 0
    declaration = titles.index("The declaration") if "The declaration" in titles else auction
    tricks = {st.trick: i for i, st in enumerate(steps) if st.trick >= 0}
    places = len(final.active)
    out = []
    for i in range(len(history)):
        if i < calls:
            out.append(auction)
        elif i < n_before:
            out.append(declaration)
        else:
            out.append(tricks.get((i - n_before) // places, len(steps) - 1))
    return out


def mentions_card(text: str, card: Card) -> bool:
    """Does ``text`` name ``card`` — as ``10♥``, ``ten of hearts`` or ``TH``?"""
    return (card_label(card) in text or card.name in text
            or re.search(rf"\b{card.text}\b", text) is not None)


class DealReplay(Panel):
    """Step through a recorded deal from ``seat``'s view: a seat number, ``"bidder"`` (the
    default) or ``"defender"`` (the one after the bidder, clockwise).

    Buttons: **Start**, **Back**, **Next**, **End** (real buttons; Tab + Enter). A forged click on
    a disabled button is re-checked here and changes nothing.

    ``why`` (on by default): three to five "why" notes on the deal — why that bid, that trump,
    that call, that lead, that card — the rule bot's reasons where it would have done what was
    done (:func:`tutor.bots.explain.why_notes`), each shown at its step unless it names a card
    the seat cannot see yet there. ``presenter`` (by default the page's presenter mode): every
    hand open, large cards — for a class, where the teacher talks each step through; the widow
    still turned up only at the end.
    """

    css_class = "tutor-replay"

    def __init__(self, record: Mapping[str, Any] | str | os.PathLike[str], *,
                 seat: int | str = "bidder", title: str = "", why: bool = True,
                 presenter: bool | None = None) -> None:
        super().__init__()
        rec = load_record(record)
        last = _final(rec)
        self.tapp = isinstance(last, TappState)
        if not isinstance(last, TappState):  # a game of its own: no bidder, no defenders
            if seat in ("bidder", "defender"):
                seat = _first_seat(last, rec)
            if not isinstance(seat, int):
                raise RecordError("REC-5", f"no seat {seat!r}", where="seat")
            self.seat: int = seat
            self.steps = _game_steps(last, rec, seat)
            self.turned_up: Callable[[TappState], tuple[str, int]] = _nothing_turned_up
            self._secrets: Callable[[TappState, int | None], list[str]] = _no_secrets
            self.presenter = presenter_mode() if presenter is None else bool(presenter)
            self.notes: list[list[str]] = [[] for _ in self.steps]
            self._build(title)
            return
        if seat == "bidder":
            seat = last.bidder if last.bidder is not None else last.active[0]
        elif seat == "defender":  # the defender after the bidder, clockwise (SBS-22's leader)
            if last.bidder is None:
                raise RecordError("SBS-17", "a deal thrown in has no defenders", where="seat")
            seat = last.next_active(last.bidder)
        if not isinstance(seat, int) or not 0 <= seat < last.n:
            raise RecordError("SBS-5", f"no seat {seat!r} at a table of {last.n}", where="seat")
        self.seat = seat
        self.presenter = presenter_mode() if presenter is None else bool(presenter)
        self.steps = _steps(last, rec, seat)
        own = replay_words(last.game.id)
        #: each step's "why" notes (shown when they name no card hidden at that step)
        self.notes = [[] for _ in self.steps]
        if why:
            where = step_of_action(self.steps, last)
            # a game with a secret side (Crazy Solo's partner) gets notes only from the seat
            # watched and the bidder: another seat's reasons could tell its side
            secret_sides = own.secrets is not _no_secrets
            seats = {seat, last.bidder} if secret_sides and last.bidder is not None else None
            for i, note in why_notes(last, rec, seats=seats).items():
                self.notes[where[i]].append(note)
        self.turned_up = own.turned_up
        self._secrets = own.secrets
        self._build(title)

    def _build(self, title: str = "") -> None:
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
        if self.presenter:
            self.box.add_class("st-presenter")
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

    def shown_notes(self, index: int | None = None) -> list[str]:
        """The "why" notes of step ``index`` (by default the one on screen) this seat may read
        there: those that name no card hidden from it at that step."""
        i = self.index if index is None else index
        hidden = self._hidden_at(i)
        return [n for n in self.notes[i] if not any(mentions_card(n, c) for c in hidden)]

    def _show(self) -> None:
        step = self.steps[self.index]
        parts = self._tapp_parts(step) if self.tapp else self._game_parts(step)
        rules = "".join(f'<span class="st-rule">{esc(r)}</span>' for r in step.rules)
        notes = "".join(f'<p class="st-why-note">{esc(n)}</p>' for n in self.shown_notes())
        with self.box.hold_sync():
            seen = ("every hand, open" if self.presenter else f"seat {self.seat}'s cards")
            self.where.value = (f'<p class="st-step" aria-live="polite"><strong>Step '
                                f"{self.index + 1} of {len(self.steps)}: {esc(step.title)}"
                                f"</strong> — you see {seen}</p>")
            self.words.value = ('<div class="st-root st-commentary">'
                                + "".join(f"<p>{esc(x)}</p>" for x in step.words) + notes
                                + f'<p class="st-rules">Rules: {rules}</p></div>')
            self.table.value = '<div class="st-root">' + "".join(parts) + "</div>"
            self.first.disabled = self.back.disabled = self.index == 0
            self.forward.disabled = self.last.disabled = self.index == len(self.steps) - 1
            self.audit()  # written before the state goes out: a test reads it after

    def _tapp_parts(self, step: Step) -> list[str]:
        """A Tapp-family step: the trick it completed, the result's facts and what lay face
        down, and the seat's view."""
        state = step.state
        assert isinstance(state, TappState)
        game = state.game.id
        view = state.view(self.seat)
        parts = []
        if step.trick >= 0:
            leader, cards, winner = state.tricks[step.trick]
            seats = _seats(state, leader)
            if len(seats) > 3:  # a many-seat trick: short captions, in rows past six
                labels = ["you" if s == self.seat else f"seat {s}" for s in seats]
                drawn = trick_svg(cards, seats=seats, labels=labels, winner=winner,
                                  slots=len(seats), per_row=trick_rows(len(seats)))
            else:
                labels = [seat_label(s, state.active, game=game) for s in seats]
                drawn = trick_svg(cards, seats=seats, labels=labels, winner=winner)
            parts.append(f'<div class="st-replay-trick">{drawn}</div>')
        if step.result:
            bidder = state.bidder or 0
            parts.append(facts_html([
                ("Contract", contract_words(state.contract_id, view.trump, game=game)),
                ("Bidder", seat_label(bidder, state.active, game=game)),
                ("Bidder's tricks", str(state.won_tricks[bidder]))]))
            caption, mask = self.turned_up(state)
            if mask:
                parts.append(f'<p class="st-muted">{esc(caption)}</p>'
                             + cards_html(mask_cards(mask)))
        if self.presenter:
            parts.append(self._all_hands(state, step.result))
        else:
            parts.append(view_html(view, show_tricks=step.result))
        return parts

    def _game_parts(self, step: Step) -> list[str]:
        """A step of a game outside the Tapp family: the trick it completed, the cards it lays
        face up, and the seat's view (:func:`game_view_html`)."""
        state = step.state
        parts = []
        if step.played:
            seats = [s for s, _ in step.played]
            labels = ["you" if s == self.seat else f"seat {s}" for s in seats]
            drawn = trick_svg([c for _, c in step.played], seats=seats, labels=labels,
                              winner=step.winner, slots=len(seats))
            parts.append(f'<div class="st-replay-trick">{drawn}</div>')
        for caption, cards in step.shown:
            parts.append(f'<p class="st-muted">{esc(caption)}</p>' + cards_html(cards))
        parts.append(game_view_html(state.view(self.seat)))
        if self.presenter:
            parts.append(self._other_hands(state))
        return parts

    def _other_hands(self, state: GameState) -> str:
        """Presenter mode, a game of its own: every other seat's hand open, each as that
        seat's own view holds it — a stock, a turn-up's hidden side or an undealt card is in
        no hand, so it stays face down or unseen."""
        deck = state.game.info.deck
        seats = []
        for s_ in range(state.game.players):
            if s_ == self.seat:
                continue
            cards = list(state.view(s_).hand)
            label = f"seat {s_}"
            drawing = (hand_svg(cards, deck=deck, width=84, label=label) if cards
                       else '<p class="st-muted">no cards left</p>')
            seats.append(f'<div class="st-seat"><div class="st-who">{esc(label.capitalize())}'
                         f"</div>{drawing}</div>")
        return (f'<div class="st-root st-all-hands st-row" role="region" aria-label="every '
                f'other hand, open">{"".join(seats)}</div>')

    def secrets(self) -> list[str]:
        """What this step may not show yet (the game's: Crazy Solo's partner before the called
        card is played)."""
        state = self.steps[self.index].state
        return self._secrets(state, self.seat) if isinstance(state, TappState) else []

    def _all_hands(self, state: TappState, result: bool) -> str:
        """Presenter mode: every active seat's hand open, the trick so far, the widow face down
        until the result."""
        game = state.game.id
        deck = state.game.info.deck
        seats = []
        for s_ in state.active:
            label = seat_label(s_, state.active, game=game)
            cards = [CARDS[c] for c in mask_cards(state.hands[s_])]
            seats.append(f'<div class="st-seat"><div class="st-who">{esc(label.capitalize())}'
                         f"</div>{hand_svg(cards, deck=deck, width=84, label=label)}</div>")
        widow = mask_cards(state.widow)
        if widow:
            shown = ([CARDS[c] for c in widow] if result else [])
            drawing = (hand_svg(shown, deck=deck, width=64, label="the widow") if result else
                       hand_svg([], face_down=len(widow), width=64, label="the widow"))
            seats.append(f'<div class="st-seat"><div class="st-who">The widow</div>{drawing}'
                         "</div>")
        return (f'<div class="st-root st-all-hands st-row" role="region" aria-label="every '
                f'hand, open">{"".join(seats)}</div>')

    def _hidden_at(self, index: int) -> set[Card]:
        step = self.steps[index]
        state = step.state
        seen = state.view(self.seat).visible_cards()
        if not isinstance(state, TappState):  # a game of its own: what its steps showed
            seen |= {c for _, c in step.played}
            seen |= {c for _, cards in step.shown for c in cards}
            if self.presenter:  # every seat's own cards, open
                for s_ in range(state.game.players):
                    seen |= state.view(s_).visible_cards()
            return set(state.game.info.deck.cards) - seen
        if self.presenter:  # every hand open; the widow until the result
            return set() if step.result else {CARDS[c] for c in mask_cards(state.widow)}
        if step.result:
            seen |= {CARDS[c] for c in mask_cards(self.turned_up(state)[1])}
        return {CARDS[c] for c in range(N_CARDS)} - seen

    def hidden_cards(self) -> set[Card]:
        return self._hidden_at(self.index)


def _nothing_turned_up(state: TappState) -> tuple[str, int]:
    return "", 0


def game_view_html(view: View) -> str:
    """One seat's view of a two-player game with a stock (Sixty-Six), drawn from its facts (the
    game's presentation) and its cards: the opponent's hand as backs with its publicly known
    cards face up, the turn-up and the stock, the seat's own hand. Only what the view holds.
    A game of more seats (Auction Pitch) is drawn by its own table view (its deal notes'
    ``table_view_html``), from the view alone too."""
    pres = spec(view.game).presentation
    data = view.public()
    if len(data.get("hand_sizes") or []) > 2:  # a bigger table (Auction Pitch): the game's own
        drawn = deal_notes(view.game).table_view_html(view, {})
        if drawn is not None:
            return drawn
    deck = deck_of(view.game, data.get("options"))
    me = view.seat
    sizes = data.get("hand_sizes") or []
    known_all = data.get("known") or [[], []]
    parts: list[str] = [facts_html(pres.facts(view))]
    if len(sizes) == 2:
        other = 1 - me
        known = [Card.parse(t) for t in known_all[other]]
        backs = sizes[other] - len(known)
        body = (hand_svg([], face_down=backs, width=40, overlap=0.6,
                         label=f"seat {other}, face down") if backs else "")
        if known:
            words = " ".join(card_label(c) for c in known)
            body += (f'<p class="st-muted">Known to both: {esc(words)}</p>'
                     + cards_html(known, width=48))
        parts.append(_section_html(f"Your opponent, seat {other} — {sizes[other]} card"
                                   f"{'s' if sizes[other] != 1 else ''}", body))
    turnup = data.get("turnup")
    left = data.get("stock_left")
    if turnup is not None and isinstance(left, int):
        body = (f'<div class="st-row" style="display:flex;gap:8px;align-items:center">'
                f"{card_svg(turnup, width=48)}{card_back_svg(width=48)}"
                f"<span>the turn-up and {left} card{'s' if left != 1 else ''} face down</span>"
                "</div>")
        parts.append(_section_html("The stock", body))
    parts.append(_section_html("Your hand", hand_svg(view.hand, label="your hand", deck=deck)))
    return (f'<div class="st-root st-view" role="region" aria-label="{esc(f"seat {me}’s view")}">'
            + "".join(parts) + "</div>")


def _section_html(title: str, body: str) -> str:
    return (f'<section aria-label="{esc(title)}"><h4 class="st-h">{esc(title)}</h4>{body}'
            "</section>")


__all__ = ["Commentary", "DealReplay", "GameStep", "ReplayWords", "Step", "build_steps",
           "game_steps", "game_view_html", "load_record", "replay_words"]
