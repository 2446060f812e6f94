"""The play table: the learner plays one seat of a whole deal against the bots.

Two layers, so the game logic is testable without a browser:

- :class:`TableGame` — plain Python, no ipywidgets. It holds the engine state, the learner's seat
  and the bots, and moves the deal only through the engine's checked ``apply`` and ``undo``. The
  bots get only their seat's view (``state.view(seat)``). It keeps a log of every action *as the
  learner may see it* (a card given back face down stays face down, SBS-20) with each bot's
  one-line reason — a reason that names a card the learner cannot see yet is held back until the
  deal is over. It gives hints (a PIMC bot's choice *from the learner's own view*, never from
  hidden cards; in the auction the advisor samples *anytime*, stopping when the call is clear or
  before a batch would overrun :data:`HINT_BUDGET`, and says on how many deals), takes back
  the learner's last call or card (:meth:`TableGame.undo`) and compares
  the new try with the old one on deals sampled from the learner's view, saves and loads hand
  records, plays a short match with chips carried (SBS-26..28), and at the end reviews the
  learner's play card by card, double-dummy (:func:`tutor.quiz.decisions.review_iter`).
- :class:`TableWidget` — the ipywidgets face of a :class:`TableGame`. It holds **no rules**: the
  buttons it enables are the engine's legal actions for the learner's seat, and every click goes
  back through :meth:`TableGame.act`, which re-checks the turn and the action against the engine —
  a forged click on a disabled button or a value the rules forbid changes nothing and shows the
  rule in a friendly notice. What reaches the browser is the learner's :class:`SeatView` drawn by
  :func:`tutor.display.view_html`, the learner's own cards on the buttons, the public log and,
  once the deal is over, the whole deal and the review. The solver is loaded on the first
  action that needs it (a sampling bot's move, a hint, a comparison, the review) with a
  "warming up the engine" status (:mod:`tutor.widgets.engine`), not when the page opens.

SBS-25: tricks won are turned face down and a player may not look back at earlier tricks, so by
default the table shows only the tricks that fell since the learner's last action and no running
point count. The *teaching aid* switch shows every trick and the card points each seat has taken —
clearly labelled as not allowed at a real table.

Errors of this module (besides the engine's SBS-n): TABLE-1 nothing to take back; TABLE-2 a seat
that cannot be the learner's; TABLE-3 a deal file name or folder that cannot be used; TABLE-4 the
deal is over (no hint) or not over (no review).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as w  # type: ignore[import-untyped]  # ships no type hints

from ..bots import KINDS as BOT_KINDS
from ..bots import make_bot
from ..bots.base import Bot
from ..cards import Card, Suit
from ..display import (
    calls_html,
    contract_words,
    deal_html,
    facts_html,
    hand_svg,
    seat_label,
    style_html,
    trick_seats,
    trick_svg,
)
from ..display.markup import CardLike, esc
from ..engine import record as records
from ..engine.hand import estimates
from ..engine.match import Match
from ..errors import IllegalActionError, TutorError
from ..quiz.core import card_label
from ..quiz.decision_session import action_words
from ..rules.six_bid_solo import (
    AUCTION,
    CALL_BASE,
    CALL_SOLO,
    CALLCARD_BASE,
    CARD_INDEX,
    CARDS,
    CONTRACT_NAMES,
    CONTRACTS,
    DECLARE,
    DECLINE,
    GIVE_BASE,
    GUARANTEE,
    HEART_SOLO,
    HEARTS,
    MISERE,
    N_CARDS,
    PASS,
    PLAY,
    SOLO,
    SPREAD,
    SUIT_SYMBOLS,
    TRUMP_BASE,
    SeatView,
    SixBidSolo,
    SixBidSoloState,
    solo_trumps,
)
from ..state import Action
from .advisor_panel import MIN_SAMPLES, WIDGET_CSS
from .common import Panel, Shared, button, guarded, html
from .engine import advise_within, clear_after, warm_up

if TYPE_CHECKING:  # the solver is loaded on first use (tutor.widgets.engine)
    from ..quiz.decisions import ReviewLine
    from ..solver.advisor import Advice

DECK: frozenset[Card] = frozenset(CARDS)
#: An auction hint: at most this many deals, within this many seconds (issue 5: ≤ 1 s at p95),
#: and no stop as "clear" before MIN_SAMPLES deals.
HINT_BID_DEALS = 16
HINT_BUDGET = 0.7


def _margin_call(advice: Advice, margin: float) -> Action:
    """The PIMC bot's call on the advisor's figures: the best contract unless it averages at or
    below ``margin`` chips (double-dummy defenders are clairvoyant, so a bid a little below 0 is
    still worth it), else pass (SBS-14, SBS-17)."""
    best = advice.best()
    if best is None or best.expected() <= margin:
        return PASS
    return CALL_BASE + best.row.contract


class TableError(TutorError):
    """A table input error (TABLE-1..4, see the module docstring)."""


def turn_rule(phase: str) -> tuple[str, str]:
    """The rule that says whose turn it is, by phase: the auction (SBS-16a), the bidder's
    declaration (SBS-19, SBS-20), the play (SBS-22, SBS-25: the winner leads, then clockwise)."""
    if phase == AUCTION:
        return "SBS-16a", "the auction passes from player to player by rule"
    if phase == DECLARE:
        return "SBS-19", "only the bidder declares"
    return "SBS-22", "play goes clockwise from the leader (the winner of the last trick, SBS-25)"


# --- naming cards in text (to hold back a bot's reason that shows a hidden card) ------------------
def _card_patterns(card: Card) -> list[str]:
    idx = CARD_INDEX[card]
    text = CARDS[idx].text  # TH
    sym = card.suit.symbol
    rank = text[0]
    forms = [rf"(?<![0-9A-Za-z]){re.escape(text)}(?![0-9A-Za-z])",  # TH
             rf"(?<![0-9A-Za-z]){re.escape(rank)}{re.escape(sym)}",  # T♥ (the bots' words)
             rf"(?<![0-9A-Za-z]){re.escape(card_label(card))}",  # 10♥
             re.escape(card.name)]  # ten of hearts
    return forms


_PATTERNS: dict[Card, re.Pattern[str]] = {
    c: re.compile("|".join(_card_patterns(c)), re.IGNORECASE) for c in CARDS}


def names_any(text: str, cards: set[Card] | frozenset[Card]) -> bool:
    """Does ``text`` name any of ``cards`` (as ``TH``, ``T♥``, ``10♥`` or ``ten of hearts``)?"""
    return any(_PATTERNS[c].search(text) for c in cards)


# --- the log --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Entry:
    """One action of the deal, as the learner may see it."""

    step: int  # its index in the deal's history
    seat: int
    action: Action
    text: str  # what happened, in the learner's words (a face-down gift stays face down)
    reason: str  # the bot's one-line reason; "" for the learner's own actions and records
    learner: bool
    held_back: bool  # the reason names a card the learner cannot see yet: shown at the end

    def shown_reason(self, revealed: bool) -> str:
        """The reason, or a placeholder while it names a hidden card (``revealed`` False)."""
        if not self.reason:
            return ""
        if self.held_back and not revealed:
            return "(its reason names a card you cannot see yet: shown when the deal is over)"
        return self.reason


def action_text(state: SixBidSoloState, seat: int, action: Action, learner: int) -> str:
    """What ``seat``'s ``action`` looks like to ``learner``; ``state`` is the state *after* it."""
    who = "You" if seat == learner else seat_label(seat, state.active)
    if CALL_BASE <= action < TRUMP_BASE:
        if action == PASS:
            return f"{who}: pass"
        return f"{who}: bid {CONTRACT_NAMES[CONTRACTS[action - CALL_BASE - 1]]}"
    if TRUMP_BASE <= action < DECLINE:
        return f"{who}: trump {SUIT_SYMBOLS[action - TRUMP_BASE]}"
    if action == DECLINE:
        return f"{who}: call no card (SBS-20)"
    if CALLCARD_BASE <= action < GIVE_BASE:
        card = CARDS[action - CALLCARD_BASE]
        holder = state.call_holder
        where = ("it lay in the widow" if holder == -1 else
                 "you hand it over" if holder == learner else f"seat {holder} hands it over")
        return f"{who}: call {card_label(card)} — {where} (SBS-20)"
    if GIVE_BASE <= action < GIVE_BASE + N_CARDS:
        receiver = state.call_holder
        to = "you" if receiver == learner else f"seat {receiver}"
        if learner in (seat, receiver):
            return f"{who}: give {to} {card_label(CARDS[action - GIVE_BASE])} (SBS-20)"
        return f"{who}: give {to} a card, face down (SBS-20)"
    text = f"{who}: play {card_label(CARDS[action])}"
    if not state.trick and state.tricks and state.tricks[-1][1][2] == action:
        n = len(state.tricks)
        winner = state.tricks[-1][2]
        text += f" — trick {n} to {'you' if winner == learner else f'seat {winner}'}"
    return text


# --- the sampling bot, sized for a table ---------------------------------------------------------
def worlds_for(view: SeatView, most: int) -> int:
    """How many deals a PIMC move samples here: fewer while the hands are full.

    A double-dummy solve of a whole deal costs far more than one of its last tricks (with 11
    cards left, 0.1 s at the median and a second or more in the slowest tenth, against a few
    milliseconds with 7 left — ``benchmarks/table.py``), so the first tricks sample fewer deals
    and a move stays around a second on the 2-core machine.
    """
    left = len(view.hand)
    if left >= 11:
        return min(most, 3)
    if left == 10:
        return min(most, 5)
    if left == 9:
        return min(most, 8)
    return most


def within_reach(view: SeatView) -> bool:
    """Is any contract still open near its mark by the rules of thumb (:mod:`tutor.engine.hand`)?

    Solo and Heart Solo from 58 points (61 makes them, SBS-10), Guarantee Solo from 6 below its
    target, Misère with at most one card that could not duck, Call Solo from 9½ tricks. A hand
    with none of these is passed without sampling: the advisor would only confirm it, at the cost
    of a second or more.
    """
    hand = sum(1 << CARD_INDEX[c] for c in view.hand)
    trumps = solo_trumps(view.options)
    open_ = {a - CALL_BASE for a in view.legal if a != PASS}
    for e in estimates(hand, trumps):
        if e.contract not in open_:
            continue
        if e.chips > 0:
            return True
        if e.contract in (SOLO, HEART_SOLO) and e.points >= 58:
            return True
        if e.contract == GUARANTEE and e.points >= (74 if e.trump == HEARTS else 80) - 6:
            return True
        if e.contract in (MISERE, SPREAD) and e.tricks <= 1:
            return True
        if e.contract == CALL_SOLO and e.tricks >= 9.5:
            return True
    return False


#: Solver nodes after which a table move or hint samples no more deals (at least two are
#: solved): about 0.4 s of CPU on the 2-core machine, against the arena bot's 5 M (about 1 s) —
#: a learner waits for every bot move, and one slow deal's solve still comes on top.
TABLE_NODE_BUDGET = 2_000_000


class TablePimc:
    """The PIMC bot of :mod:`tutor.bots.pimc`, sized for a table: :func:`worlds_for` deals per
    card (fewer once :data:`TABLE_NODE_BUDGET` solver nodes are spent), two per trump choice,
    and in the auction the advisor on ``bid_samples`` deals — only for a hand with a contract
    :func:`within_reach` (else it passes at once). Seeded; it sees only its seat's view.

    ``bid_samples`` is the arena bot's 16 (it bid better than with 8 there; the table had 6
    before the solver's similarity table): a bot's bid then takes 0.23 s at p95 and 0.46 s at
    most (``benchmarks/table.py``), within the table's 1 s."""

    name = "pimc"

    def __init__(self, seed: int | None = None, worlds: int = 10, bid_samples: int = 16) -> None:
        self.rng = random.Random(seed)
        self.worlds = worlds
        self.bid_samples = bid_samples

    def act(self, view: SeatView) -> tuple[Action, str]:
        if view.phase == AUCTION and view.to_move == view.seat and not within_reach(view):
            return PASS, ("pass: by the hand count no contract still open is near its mark "
                          "(rules of thumb), so no deal is sampled")
        from ..bots.pimc import PimcBot  # the solver, on the first sampling move

        # naming trump solves every deal once per suit: two deals are enough to rank them
        worlds = 2 if view.phase == DECLARE else worlds_for(view, self.worlds)
        # the table's own sizing: no extra worlds past ``worlds`` and a tighter node guard than
        # the arena's, so a move (or a hint) stays within a second on the 2-core machine
        bot = PimcBot(self.rng.getrandbits(31), worlds=worlds, bid_samples=self.bid_samples,
                      max_worlds=worlds, budget=TABLE_NODE_BUDGET)
        return bot.act(view)


# --- the game behind the table --------------------------------------------------------------------
class TableGame:
    """One learner at a table of bots: the deal, the log, undo, hints, match and review.

    ``seat`` is the learner's seat, ``bot`` the bots' level (``random``, ``rule``, ``pimc``),
    ``seed`` makes deals, bots and hints reproducible. ``hint_worlds`` is the number of deals a
    hint samples from the learner's view.
    """

    def __init__(self, *, seat: int = 0, bot: str = "rule", seed: int | None = None,
                 options: Mapping[str, Any] | None = None, hint_worlds: int = 10,
                 first_dealer: int | None = None) -> None:
        self.game = SixBidSolo(dict(options or {}))
        if self.game.players != 3:
            raise TableError("TABLE-2", "the table deals for 3 players (a record of 4 or 5 "
                             "players can still be loaded)", where="options.players",
                             what=str(self.game.players))
        self.rng = random.Random(seed)
        if bot not in BOT_KINDS:
            raise TableError("TABLE-2", "the bots' level is one of " + ", ".join(BOT_KINDS),
                             where="bot", what=repr(bot))
        self.bot_kind = bot
        self.hint_worlds = hint_worlds
        self._check_seat(seat, None)
        self.seat = seat
        n = self.game.players
        # seat 0 is forehand in the first deal unless told otherwise (SBS-5: after the dealer)
        self.dealer = (first_dealer if first_dealer is not None else n - 1) % n
        self.match: Match | None = None
        self.settled = False
        self._match_deal = False  # is the current deal the match's own?
        self.state: SixBidSoloState = self.game.new_deal(self.rng, self.dealer)
        self._reset()

    # -- set-up --
    def _check_seat(self, seat: object, state: SixBidSoloState | None) -> None:
        n = state.n if state is not None else self.game.players
        if type(seat) is not int or not 0 <= seat < n:
            raise TableError("TABLE-2", f"the learner's seat is one of 0..{n - 1} (SBS-5)",
                             where="seat", what=repr(seat))
        if state is not None and seat not in state.active:
            raise TableError("TABLE-2", f"seat {seat} sits out this deal (SBS-V2): choose an "
                             "active seat", where="seat", what=str(seat))

    def _reset(self) -> None:
        self.log: list[Entry] = []
        self._marks: list[int] = []  # history length before each learner action
        self.tries: dict[tuple[int, ...], list[int]] = {}
        self._pending: tuple[tuple[int, ...], Action] | None = None
        self._compare_job: tuple[SeatView, Action, Action] | None = None
        self.comparison = ""
        self.settled = False
        self._review: list[ReviewLine] | None = None
        self._review_key: tuple[int, ...] | None = None
        self._base = len(self.state.history())  # actions before the learner sat down
        self.make_bots()

    def make_bots(self) -> None:
        """A fresh bot of the current level for every active seat but the learner's."""
        self.bots: dict[int, Bot] = {
            s: (TablePimc(self.rng.getrandbits(31), worlds=self.hint_worlds)
                if self.bot_kind == "pimc" else make_bot(self.bot_kind, self.rng.getrandbits(31)))
            for s in self.state.active if s != self.seat}

    def set_bots(self, kind: str) -> None:
        if kind not in BOT_KINDS:
            raise TableError("TABLE-2", "the bots' level is one of " + ", ".join(BOT_KINDS),
                             where="bot", what=repr(kind))
        self.bot_kind = kind
        self.make_bots()

    def new_deal(self, seat: int | None = None) -> None:
        """Shuffle and deal the next deal (SBS-7, SBS-8); in a match, settle the finished one
        first (SBS-27) — a deal in progress must be finished (SBS-25)."""
        seat = self.seat if seat is None else seat
        self._check_seat(seat, None)
        if self.match is not None:
            if self._match_deal and not self.settled:
                self.settle()  # SBS-25: only a finished deal is settled
            if self.match.is_over():
                top = self.match.winners()
                raise IllegalActionError("SBS-28", "the match is over — won by " + ", ".join(
                    f"seat {s}" for s in top) + ": start a new match", where="match")
            state = self.match.next_deal()
            assert isinstance(state, SixBidSoloState)
            self._match_deal = True
        else:
            self.dealer = (self.dealer + 1) % self.game.players  # SBS-9: the deal passes left
            state = self.game.new_deal(self.rng, self.dealer)
        self._check_seat(seat, state)
        self.seat = seat
        self.state = state
        self._reset()

    def start_match(self, deals: int, seat: int | None = None) -> None:
        """A short match: ``deals`` deals, chips carried, the dealer found by the cut (SBS-6,
        SBS-26..28)."""
        self.match = Match(self.game, rng=self.rng.getrandbits(31), deals=deals)
        self._match_deal = False
        self.new_deal(seat)

    def end_match(self) -> None:
        self.match = None

    def settle(self) -> list[int]:
        """Settle the finished deal in the match (SBS-27) and pass the deal (SBS-9)."""
        if self.match is None or not self._match_deal:
            return self.state.chips()
        if self.settled:
            raise IllegalActionError("SBS-27", "this deal is settled already")
        result = self.match.settle(self.state)  # SBS-25: only a finished deal
        self.settled = True
        return result.chips

    def load(self, record: Mapping[str, Any], seat: int | None = None) -> None:
        """Continue a hand record from where it stops, the learner at ``seat``.

        The record is validated and replayed by the engine (REC-n, SBS-n errors change
        nothing). A teacher's record may hold every hand: it stays here, server side.
        """
        state = records.state_of(record)
        if not isinstance(state, SixBidSoloState):  # pragma: no cover - one game so far
            raise TableError("TABLE-3", "the table plays Six-Bid Solo", where="game")
        seat = self.seat if seat is None else seat
        self._check_seat(seat, state)
        self.match = None
        self._match_deal = False
        self.seat = seat
        self.dealer = state.dealer
        self.state = state
        self._reset()
        # the record's actions, as the learner would have seen them
        replay = self.game.from_record_deal(state.record())
        assert isinstance(replay, SixBidSoloState)
        for i, a in enumerate(state.history()):
            s = replay.to_move
            assert s is not None
            replay.apply(a)
            self.log.append(Entry(i, s, a, action_text(replay, s, a, seat) + " (from the record)",
                                  "", s == seat, False))

    # -- whose turn --
    @property
    def view(self) -> SeatView:
        return self.state.view(self.seat)

    @property
    def done(self) -> bool:
        return self.state.is_terminal()

    def learner_to_move(self) -> bool:
        return self.state.to_move == self.seat

    def bot_to_move(self) -> bool:
        return self.state.to_move is not None and self.state.to_move != self.seat

    def _require_turn(self, what: str) -> None:
        state = self.state
        if state.is_terminal():
            raise IllegalActionError("SBS-25" if state.bidder is not None else "SBS-17",
                                     "the deal is over", where=f"seat {self.seat}", what=what)
        if state.to_move != self.seat:
            rule, detail = turn_rule(state.phase)
            raise IllegalActionError(rule, f"it is seat {state.to_move}'s turn, not yours "
                                     f"({detail})", where=f"seat {self.seat}", what=what)

    # -- moving the deal --
    def act(self, action: object) -> Entry:
        """The learner's call, declaration step or card — checked by the engine first."""
        what = action_words(action) if type(action) is int and 0 <= action < 120 \
            else repr(action)
        self._require_turn(what)
        state = self.state
        before = len(state.history())
        prefix = tuple(state.history())
        view_before = state.view(self.seat)
        state.apply(action)  # type: ignore[arg-type]  # the engine checks type and rule
        assert isinstance(action, int)
        self._marks.append(before)
        entry = Entry(before, self.seat, action, action_text(state, self.seat, action, self.seat),
                      "", True, False)
        self.log.append(entry)
        self.comparison = ""
        self._compare_job = None
        if self._pending is not None and self._pending[0] == prefix:
            old = self._pending[1]
            if old != action:
                self._compare_job = (view_before, old, action)
            self._pending = None
        return entry

    def bot_step(self) -> Entry:
        """One bot action: the bot sees only its view; the engine checks what it answers."""
        state = self.state
        seat = state.to_move
        if seat is None or seat == self.seat:
            raise IllegalActionError(*turn_rule(state.phase), where="bots",
                                     what="no bot is to move")
        bot = self.bots[seat]
        action, reason = bot.act(state.view(seat))
        step = len(state.history())
        state.apply(action)
        hidden = self.hidden_cards()
        entry = Entry(step, seat, action, action_text(state, seat, action, self.seat), reason,
                      False, names_any(reason, hidden))
        self.log.append(entry)
        return entry

    def run_bots(self, on_step: Callable[[Entry], None] | None = None,
                 limit: int = 64) -> list[Entry]:
        """Bot actions until the learner is to move or the deal is over (``on_step`` after
        each, so a widget can redraw between moves)."""
        out: list[Entry] = []
        while self.bot_to_move() and len(out) < limit:
            e = self.bot_step()
            out.append(e)
            if on_step is not None:
                on_step(e)
        return out

    def undo(self) -> Action:
        """Take back the learner's last call or card (and the bot actions after it)."""
        if not self._marks:
            raise TableError("TABLE-1", "nothing to take back: you have not acted yet in this "
                             "deal", where=f"seat {self.seat}")
        if self.match is not None and self.settled:
            raise TableError("TABLE-1", "this deal is settled in the match: it can no longer be "
                             "taken back (SBS-27)", where=f"seat {self.seat}")
        target = self._marks.pop()
        state = self.state
        history = state.history()
        taken = history[target]
        while len(state.history()) > target:
            state.undo()
        prefix = tuple(history[:target])
        self.tries.setdefault(prefix, []).append(taken)
        self._pending = (prefix, taken)
        self.log = [e for e in self.log if e.step < target]
        self.comparison = ""
        self._compare_job = None
        return taken

    # -- hints and comparisons (from the learner's view only) --
    def hint(self) -> tuple[Action, str]:
        """What a PIMC player would do in the learner's seat, and why — computed from the
        learner's view (deals sampled from it, each solved double-dummy). In the auction the
        advisor samples *anytime* (:meth:`bid_hint`)."""
        self._require_turn("hint")
        view = self.view
        if view.phase == AUCTION and len(view.legal) > 1 and within_reach(view):
            return self.bid_hint(view)
        bot = TablePimc(self.rng.getrandbits(31), worlds=self.hint_worlds)
        return bot.act(view)

    def bid_hint(self, view: SeatView) -> tuple[Action, str]:
        """A call from the advisor on up to :data:`HINT_BID_DEALS` deals sampled from the
        learner's view, stopping when the best call is clear (beyond every other call's 95%
        interval) or before a batch would overrun :data:`HINT_BUDGET` seconds — the reason says
        on how many deals it rests. The call follows the PIMC bot's rule: bid the best contract
        unless its average is at or below the bot's margin (double-dummy defenders are
        clairvoyant, so a bid that averages a little below 0 is still worth it), else pass
        (SBS-14, SBS-17)."""
        from ..bots.pimc import PimcBot
        from ..quiz.decision_session import clear_call

        margin = PimcBot(0).bid_margin
        clear = clear_after(MIN_SAMPLES, view.legal)

        def clear_for_hint(a: Advice) -> bool:
            # "clear" is judged against passing's 0, the hint's call against the margin: stop
            # only when both give the same call (all contracts clearly below 0 yet the best
            # above the margin: the hint bids, and more deals may still change that)
            if not clear(a):
                return False
            found = clear_call(a, list(view.legal))
            return found is not None and found[0] == _margin_call(a, margin)

        steps = list(advise_within(view, HINT_BID_DEALS, self.rng.getrandbits(31),
                                   budget=HINT_BUDGET, first=2, clear=clear_for_hint))
        advice, stop = steps[-1].advice, steps[-1].stop
        why = {"clear": "the best call was clear, so it stopped there",
               "budget": f"stopped at the {HINT_BUDGET:g}-second budget"}.get(stop, "")
        on = f"in {advice.worlds} deals sampled from your view" + (f" ({why})" if why else "")
        best = advice.best()
        action = _margin_call(advice, margin)
        if best is None or action == PASS:
            shown = f"{best.row.label} {best.expected():+.0f}" if best is not None else "none"
            return PASS, (f"pass: {on}, each solved double-dummy, no contract clears "
                          f"{margin:+g} chips (best: {shown})")
        p = sum(best.made) / best.n
        return action, (f"{action_words(action)}: {on}, each solved double-dummy, "
                        f"{best.row.label} averages {best.expected():+.0f} chips and makes "
                        f"{p:.0%} of the time")

    def hint_for(self, seat: object) -> tuple[Action, str]:
        """A hint for ``seat`` — refused unless it is the learner's own seat and turn."""
        if seat != self.seat:
            raise IllegalActionError("SBS-5", "hints are for your own seat only: another seat's "
                                     "cards are hidden from you", where=f"seat {self.seat}",
                                     what=f"seat {seat}")
        return self.hint()

    def compare(self) -> str:
        """After a take-back and a different try: both choices valued on the same deals
        sampled from the learner's view (computed once, on demand)."""
        if self._compare_job is None:
            return self.comparison
        view, old, new = self._compare_job
        self._compare_job = None
        n = worlds_for(view, self.hint_worlds)
        from ..quiz.decisions import sampled_values

        values = sampled_values(view, [old, new], worlds=n, seed=self.rng.getrandbits(31))
        diff = values[new] - values[old]
        better = "better" if diff > 0 else "worse" if diff < 0 else "as good"
        self.comparison = (
            f"Compared on the same {n} deals sampled from your view (each solved "
            f"double-dummy): your first try {action_words(old)} averages {values[old]:+.1f} "
            f"chips for you, {action_words(new)} {values[new]:+.1f} — {abs(diff):.1f} chips "
            f"{better}.")
        return self.comparison

    # -- what the learner may see --
    def hidden_cards(self) -> set[Card]:
        """Cards the learner's seat must not see now: every card its view does not show.
        Nothing once the deal is over (the whole deal is shown then)."""
        if self.state.is_terminal():
            return set()
        return set(DECK - self.view.visible_cards())

    def fallen_tricks(self) -> list[tuple[int, tuple[Card, ...], int]]:
        """The tricks completed since the learner's last action: seen as they fall (SBS-25)."""
        last = self._marks[-1] if self._marks else self._base
        played = sum(1 for a in self.state.history()[:last] if a < N_CARDS)  # cards only
        return list(self.view.tricks[played // 3:])

    def points_taken(self) -> dict[int, int]:
        """Card points in the tricks each active seat has won (a teaching aid: SBS-25 has
        tricks face down, so a player at a real table cannot count them)."""
        view = self.view
        out = {s: 0 for s in view.active}
        for _, cards, winner in view.tricks:
            out[winner] += sum(c.points for c in cards)
        return out

    # -- the end --
    def review(self, on_line: Callable[[ReviewLine], None] | None = None) -> list[ReviewLine]:
        """The learner's cards in the finished deal, each valued double-dummy (cached)."""
        if not self.done:
            raise TableError("TABLE-4", "the review comes when all 11 tricks are played "
                             "(SBS-25)", where="review")
        key = tuple(self.state.history())
        if self._review is not None and self._review_key == key:
            return self._review
        lines = []
        for line in self.review_iter():
            lines.append(line)
            if on_line is not None:
                on_line(line)
        self._review, self._review_key = lines, key
        return lines

    def review_iter(self) -> Iterator[ReviewLine]:
        from ..quiz.decisions import review_iter

        return review_iter(self.state, self.seat, self.tries)

    def learner_cards_played(self) -> int:
        return sum(1 for e in self.log if e.learner and e.action < N_CARDS)

    # -- records --
    def record(self) -> dict[str, Any]:
        return self.state.record()

    def save(self, path: str | Path) -> Path:
        """Save the deal so far as a hand record (atomic; checked to replay first)."""
        p = Path(path)
        records.save(self.record(), p)
        return p


# --- the widget -----------------------------------------------------------------------------------
_RANKS = (("A", "A"), ("10", "T"), ("K", "K"), ("Q", "Q"), ("J", "J"), ("9", "9"), ("8", "8"),
          ("7", "7"), ("6", "6"))
_SUITS = tuple((f"{s.symbol} {s.noun}", s.letter) for s in Suit)
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _.-]{0,59}$")

#: The table's styles, on top of assets/lesson.css and :data:`WIDGET_CSS`.
TABLE_CSS = WIDGET_CSS + """
<style>
.tutor-table .st-table-view .st-row > div:first-child { max-width: 30em; }
.tutor-table .st-card-btn button, .tutor-table button.st-card-btn { min-width: 3.2em;
  font-size: 1.05em; font-weight: 600; }
.tutor-table .st-red { color: var(--st-red) !important; }
.tutor-table .st-black { color: var(--st-black) !important; }
.tutor-table .st-log { max-height: 14em; overflow-y: auto; margin: 0.3em 0;
  padding-left: 2.4em; }
.tutor-table .st-log .st-reason { color: var(--st-muted); }
.tutor-table .st-aid { border-left: 3px solid var(--st-winner); padding-left: 0.5em; }
.tutor-table .st-status { font-weight: 600; }
.tutor-table .st-review td, .tutor-table .st-review th { border: 1px solid var(--st-card-edge);
  padding: 0.15em 0.5em; text-align: left; }
.tutor-table .st-review { border-collapse: collapse; margin: 0.4em 0; }
.tutor-table .st-cost { color: var(--st-wrong); font-weight: 600; }
.tutor-table .st-best { color: var(--st-right); font-weight: 600; }
.tutor-table .widget-hbox { flex-wrap: wrap; gap: 0.25em; }
</style>
"""


class TableWidget(Panel):
    """Play one seat of a deal against the bots (see the module docstring).

    ``records_dir`` is the folder where deals are saved and from which they are loaded (a
    teacher puts a record there; a learner picks it by name). ``match_deals`` offers a short
    match of that many deals as an option.
    """

    css_class = "tutor-table"

    def __init__(self, *, seat: int = 0, bot: str = "rule", seed: int | None = None,
                 records_dir: str | Path | None = None, match_deals: int = 4,
                 hint_worlds: int = 10, auto: bool = True, teaching_aid: bool = False,
                 options: Mapping[str, Any] | None = None) -> None:
        super().__init__()
        self.table = TableGame(seat=seat, bot=bot, seed=seed, options=options,
                               hint_worlds=hint_worlds)
        self.records_dir = Path(records_dir) if records_dir is not None else None
        self.match_deals = match_deals
        n = self.table.game.players

        same = Shared()  # one layout and one style for the buttons: fewer models to send
        # controls
        self.seat_pick = w.Dropdown(options=[(f"seat {s}", s) for s in range(n)], value=seat,
                                    description="Your seat", layout=w.Layout(width="auto"))
        self.bot_pick = w.Dropdown(options=[("random cards", "random"), ("rules of thumb", "rule"),
                                            ("sampling + solver (PIMC)", "pimc")], value=bot,
                                   description="Bots", layout=w.Layout(width="auto"))
        self.mode_pick = w.Dropdown(options=[("single deals", 0),
                                             (f"a match of {match_deals} deals", match_deals)],
                                    value=0, description="Play", layout=w.Layout(width="auto"))
        self.new_button = button("New deal", cls="tutor-new-deal", style="primary", shared=same)
        controls = w.HBox([self.seat_pick, self.bot_pick, self.mode_pick, self.new_button])
        controls.add_class("tutor-controls")

        self.status = html("", "tutor-status", shared=same)
        self.view_out = html("", "tutor-view", shared=same)
        self.aid_out = html("", "tutor-aid", shared=same)

        # the learner's actions: calls, trumps, Call Solo's call, cards
        self.call_buttons = [button("pass" if k == 0 else CONTRACT_NAMES[CONTRACTS[k - 1]],
                                    cls="tutor-call", shared=same) for k in range(7)]
        self.calls_box = w.HBox(self.call_buttons)
        self.calls_box.add_class("tutor-calls")
        self.trump_buttons = [button(f"trump {s.symbol}", cls="tutor-trump",
                                     tooltip=f"trump {s.noun}", shared=same) for s in Suit]
        for s, b in zip(Suit, self.trump_buttons, strict=True):
            b.add_class("st-red" if s.is_red else "st-black")
        self.trumps_box = w.HBox(self.trump_buttons)
        self.trumps_box.add_class("tutor-trumps")
        self.call_rank = w.Dropdown(options=list(_RANKS), value="A", description="Call",
                                    layout=w.Layout(width="9em"))
        self.call_suit = w.Dropdown(options=list(_SUITS), value="C",
                                    layout=w.Layout(width="9em"))
        self.call_button = button("Call this card", cls="tutor-call-card", shared=same)
        self.decline_button = button("Call no card", cls="tutor-decline", shared=same)
        self.callcard_box = w.HBox([self.call_rank, self.call_suit, self.call_button,
                                    self.decline_button])
        self.callcard_box.add_class("tutor-callcard")
        self.card_buttons = [button("", cls="tutor-card", shared=same, own_layout=True)
                             for _ in range(12)]  # each hidden alone when the hand shrinks
        for b in self.card_buttons:
            b.add_class("st-card-btn")
        self.cards_box = w.HBox(self.card_buttons)
        self.cards_box.add_class("tutor-cards")
        self._card_actions: list[Action | None] = [None] * 12
        self._call_actions: list[Action] = [PASS] + [CALL_BASE + k for k in range(1, 7)]

        # tools
        self.hint_button = button("Hint", cls="tutor-hint", shared=same,
                                  tooltip="what a sampling player would do here, and why")
        self.undo_button = button("Take back", cls="tutor-undo", shared=same,
                                  tooltip="take back your last call or card and try another")
        self.next_button = button("Next bot move", cls="tutor-next", shared=same,
                                  own_layout=True)
        self.auto = w.Checkbox(value=auto, description="Bots play at once", indent=False,
                               layout=w.Layout(width="auto"))
        self.aid = w.Checkbox(value=teaching_aid, indent=False, layout=w.Layout(width="auto"),
                              description="Teaching aid: past tricks and points")
        self.aid.add_class("tutor-aid-switch")
        aid_note = html('<span class="st-root st-muted">(not allowed at a real table, '
                        "SBS-25)</span>", "tutor-aid-note")
        tools = w.HBox([self.hint_button, self.undo_button, self.next_button, self.auto,
                        w.HBox([self.aid, aid_note])])
        tools.add_class("tutor-tools")
        self.hint_out = html("", "tutor-hint-out", shared=same)
        self.compare_out = html("", "tutor-compare", shared=same)
        self.log_out = html("", "tutor-log", shared=same)
        self.progress = w.FloatProgress(value=0.0, min=0.0, max=1.0, description="Analysing",
                                        layout=w.Layout(display="none", width="auto"))
        self.progress.add_class("tutor-progress")
        self.result = html("", "tutor-result", shared=same)

        # records
        self.save_name = w.Text(value="", placeholder="a name for this deal",
                                description="Deal name", layout=w.Layout(width="auto"))
        self.save_button = button("Save deal", cls="tutor-save", shared=same)
        self.load_pick = w.Dropdown(options=[], description="Saved deals",
                                    layout=w.Layout(width="auto"))
        self.load_button = button("Load", cls="tutor-load", shared=same)
        self.upload = w.FileUpload(accept=".json", multiple=False, description="Open a record")
        self.upload.add_class("tutor-upload")
        self.files_out = html("", "tutor-files", shared=same)
        files = w.HBox([self.save_name, self.save_button, self.load_pick, self.load_button,
                        self.upload])
        files.add_class("tutor-records")

        self.box.children = [
            html(str(style_html()) + TABLE_CSS, "tutor-style"), controls, self.status,
            self.view_out, self.calls_box, self.trumps_box, self.callcard_box,
            self.cards_box, tools, self.aid_out, self.notice, self.hint_out,
            self.compare_out, self.log_out, self.progress, self.result, files, self.files_out]

        # events: every handler is guarded (a friendly notice, never a traceback)
        self.new_button.on_click(lambda _b: self.new_deal())
        for i, b in enumerate(self.call_buttons):
            b.on_click(lambda _b, i=i: self.press_call(i))
        for i, b in enumerate(self.trump_buttons):
            b.on_click(lambda _b, i=i: self.press_trump(i))
        for i, b in enumerate(self.card_buttons):
            b.on_click(lambda _b, i=i: self.press_card(i))
        self.call_button.on_click(lambda _b: self.press_call_card())
        self.decline_button.on_click(lambda _b: self.act(DECLINE))
        self.hint_button.on_click(lambda _b: self.show_hint())
        self.undo_button.on_click(lambda _b: self.take_back())
        self.next_button.on_click(lambda _b: self.next_bot())
        self.aid.observe(lambda _c: self.refresh(), names="value")
        self.auto.observe(lambda _c: self.auto_changed(), names="value")
        self.bot_pick.observe(lambda _c: self.bots_changed(), names="value")
        self.save_button.on_click(lambda _b: self.save())
        self.load_button.on_click(lambda _b: self.load_saved())
        self.upload.observe(lambda _c: self.load_upload(), names="value")

        self._list_records()
        self.refresh()
        self._start()

    @guarded
    def _start(self) -> None:
        """The bots before the learner move at once (a failing bot: a notice, not a traceback)."""
        self._continue()

    # -- hidden information (tests and the browser audit read these) --
    def hidden_cards(self) -> set[Card]:
        return self.table.hidden_cards()

    def secrets(self) -> list[str]:
        """Bot reasons held back now: they name a card the learner cannot see yet."""
        if self.table.done:
            return []
        hidden = self.table.hidden_cards()
        return [e.reason for e in self.table.log if e.reason and names_any(e.reason, hidden)]

    # -- events --
    @guarded
    def new_deal(self) -> None:
        t = self.table
        seat = self.seat_pick.value
        deals = self.mode_pick.value
        try:
            if deals and (t.match is None or t.match.deals != deals or t.match.is_over()):
                t.start_match(deals, seat)
            else:
                if not deals:
                    t.end_match()
                t.new_deal(seat)
        finally:  # a refused deal (SBS-25, SBS-28) may still have settled the last one
            self.refresh()
        self.hint_out.value = ""
        self.compare_out.value = ""
        self.clear_notice()
        self.refresh()
        self._continue()

    @guarded
    def press_call(self, i: int) -> None:
        self.act(self._call_actions[i] if 0 <= i < len(self._call_actions) else None)

    @guarded
    def press_trump(self, i: int) -> None:
        self.act(TRUMP_BASE + i if 0 <= i < 4 else None)

    @guarded
    def press_card(self, i: int) -> None:
        action = self._card_actions[i] if 0 <= i < len(self._card_actions) else None
        if action is None:
            raise IllegalActionError("SBS-23", "there is no card on this button",
                                     where=f"seat {self.table.seat}")
        self.act(action)

    @guarded
    def press_call_card(self) -> None:
        text = f"{self.call_rank.value}{self.call_suit.value}"
        try:
            card = Card.parse(text)
        except TutorError:
            raise IllegalActionError("SBS-20", "call a card of the deck", what=text) from None
        self.act(CALLCARD_BASE + CARD_INDEX[card])

    @guarded
    def act(self, action: object) -> None:
        """The learner's action (a call, a declaration step or a card), re-checked by the
        engine; then the bots move (at once, or one per click of *Next bot move*)."""
        if action is None:
            raise IllegalActionError(*turn_rule(self.table.state.phase),
                                     where=f"seat {self.table.seat}", what="nothing")
        self.table.act(action)
        self.clear_notice()
        self.hint_out.value = ""
        self.refresh()
        if self.table._compare_job is not None:
            warm_up(lambda text: setattr(self.compare_out, "value", self._note(text)))
            self.compare_out.value = self._note("Comparing your two tries on sampled deals…")
            self.compare_out.value = self._note(self.table.compare())
        self._continue()

    @guarded
    def next_bot(self) -> None:
        if not self.table.bot_to_move():
            rule = turn_rule(self.table.state.phase)[0]
            raise IllegalActionError(rule, "no bot is to move now" if not self.table.done
                                     else "the deal is over", where="bots")
        if self.table.bot_kind == "pimc":
            self._warm()
        self.table.bot_step()
        self.clear_notice()
        self.refresh()
        self._finish_if_done()

    @guarded
    def take_back(self) -> None:
        taken = self.table.undo()
        self.clear_notice()
        self.result.value = ""
        self.hint_out.value = ""
        self.refresh()  # the position first, then the note about it
        self.compare_out.value = self._note(
            f"Taken back: {action_words(taken)}. Try another — the two will be compared on "
            "deals sampled from your view.")

    @guarded
    def show_hint(self) -> None:
        t = self.table
        if not t.learner_to_move():
            t._require_turn("hint")
        view = t.view
        if not (view.phase == AUCTION and not within_reach(view)):  # else: no deal is sampled
            warm_up(lambda text: setattr(self.hint_out, "value", self._note(text)))
            self.hint_out.value = self._note("Thinking: sampling deals from your view…")
        action, reason = t.hint()
        words = action_words(action)
        # the bots' reasons begin with the action itself ("pass: ..."): say it once
        said = reason if reason.lower().startswith(words.lower()) else f"{words}. {reason}"
        self.hint_out.value = self._note(
            f"Hint: {said}. (A sampling player's choice from what you can see: deals consistent "
            "with your view, each solved double-dummy.)")

    @guarded
    def auto_changed(self) -> None:
        self.refresh()
        self._continue()

    @guarded
    def bots_changed(self) -> None:
        self.table.set_bots(self.bot_pick.value)
        self.refresh()

    @guarded
    def save(self) -> None:
        name = self.save_name.value.strip()
        folder = self._folder()
        if not _NAME.match(name):
            raise TableError("TABLE-3", "a deal name is letters, digits, spaces, - _ . (up to "
                             "60)", where="Deal name", what=repr(name))
        path = folder / (name if name.endswith(".json") else name + ".json")
        self.table.save(path)
        self._list_records(select=path.name)
        self.clear_notice()
        self.files_out.value = self._note(f"Saved as {path.name}.")

    @guarded
    def load_saved(self) -> None:
        name = self.load_pick.value
        folder = self._folder()
        if not isinstance(name, str) or not name:
            raise TableError("TABLE-3", "pick a saved deal first", where="Saved deals")
        path = folder / name
        if path.parent != folder or not path.is_file():
            raise TableError("TABLE-3", "no such saved deal", where="Saved deals", what=name)
        self._load(records.load(path), name)

    @guarded
    def load_upload(self) -> None:
        files = self.upload.value
        if not files:
            return
        try:
            item = files[0]
            content = bytes(item["content"])
            name = str(item.get("name", "upload"))
        finally:
            self.upload.value = ()  # the record may hold every hand: keep it out of the page
        self._load(records.parse(content), name)

    def _load(self, record: Mapping[str, Any], name: str) -> None:
        self.table.load(record, self.seat_pick.value)
        self.mode_pick.value = 0
        self.clear_notice()
        self.hint_out.value = ""
        self.compare_out.value = ""
        self.result.value = ""
        self.files_out.value = self._note(f"Loaded {name}: you play seat {self.table.seat}.")
        self.refresh()
        self._continue()

    # -- moving the bots, finishing the deal --
    def _warm(self) -> None:
        """Load the solver on the first action that needs it (not when the page opens),
        saying so in the status line while it loads."""
        warm_up(lambda text: setattr(self.status, "value", self._note(text)))

    def _continue(self) -> None:
        if self.auto.value and self.table.bot_kind == "pimc" and self.table.bot_to_move():
            self._warm()  # the sampling bots solve deals
        if self.auto.value:
            self.table.run_bots(on_step=lambda _e: self.refresh())
        self.refresh()
        self._finish_if_done()

    def _finish_if_done(self) -> None:
        t = self.table
        if not t.done:
            return
        head = self._settlement_html()
        self.result.value = head
        if t.state.bidder is not None and t.learner_cards_played():
            self._warm()  # the review solves every position of the learner's
            self.progress.layout.display = None
            self.progress.value = 0.0
            total = t.learner_cards_played()
            done_lines: list[ReviewLine] = []

            def step(line: ReviewLine) -> None:
                done_lines.append(line)
                self.progress.value = len(done_lines) / total
                self.result.value = head + self._review_html(done_lines, total)

            lines = t.review(on_line=step)
            self.progress.layout.display = "none"
            self.result.value = head + self._review_html(lines, total)
        self.result.value += self._end_html()
        self.refresh()

    # -- drawing --
    @staticmethod
    def _note(text: str) -> str:
        return f'<div class="st-root st-note" role="status">{esc(text)}</div>'

    def _folder(self) -> Path:
        if self.records_dir is None:
            raise TableError("TABLE-3", "this table has no folder for deals (records_dir)",
                             where="records_dir")
        folder = self.records_dir.resolve()
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise TableError("TABLE-3", f"cannot use the deals folder ({e.strerror})",
                             where=str(folder)) from None
        return folder

    def _list_records(self, select: str | None = None) -> None:
        names: list[str] = []
        if self.records_dir is not None and self.records_dir.is_dir():
            names = sorted(p.name for p in self.records_dir.glob("*.json") if p.is_file())
        self.load_pick.options = names
        if select in names:
            self.load_pick.value = select
        elif names:
            self.load_pick.value = names[0]

    def refresh(self) -> None:
        """Redraw everything from the learner's view (never from the state)."""
        t = self.table
        view = t.view
        done = t.done
        mine = t.learner_to_move()
        legal = set(view.legal)
        with self.box.hold_sync():
            self.status.value = self._status_html(view)
            emphasis: dict[CardLike, str] = {}
            if mine and view.phase == PLAY:
                emphasis = {CARDS[a]: "legal" for a in legal if a < N_CARDS}
            self.view_out.value = self._view_html(view, emphasis)
            self.aid_out.value = self._aid_html() if self.aid.value else ""
            # calls
            in_auction = view.phase == AUCTION
            self.calls_box.layout.display = None if in_auction else "none"
            for b, a in zip(self.call_buttons, self._call_actions, strict=True):
                b.disabled = not (mine and a in legal)
            # trump
            trump_step = view.phase == DECLARE and view.step == "trump" and mine
            self.trumps_box.layout.display = None if trump_step else "none"
            for i, b in enumerate(self.trump_buttons):
                b.disabled = not (trump_step and TRUMP_BASE + i in legal)
            # Call Solo's call
            call_step = view.phase == DECLARE and view.step == "call" and mine
            self.callcard_box.layout.display = None if call_step else "none"
            self.call_button.disabled = not call_step
            self.decline_button.disabled = not (call_step and DECLINE in legal)
            # cards: the learner's own, legal ones enabled (play, or the gift of SBS-20)
            give_step = view.phase == DECLARE and view.step == "give" and mine
            hand = list(view.hand)
            show_cards = view.phase in (PLAY, DECLARE, AUCTION) and not done
            self.cards_box.layout.display = None if show_cards and (
                view.phase == PLAY or give_step) else "none"
            for i, b in enumerate(self.card_buttons):
                if i < len(hand):
                    card = hand[i]
                    c = CARD_INDEX[card]
                    action = GIVE_BASE + c if give_step else c
                    self._card_actions[i] = action
                    b.description = card_label(card)
                    b.tooltip = ("give " if give_step else "play ") + card.name
                    b.disabled = not (mine and action in legal)
                    b.layout.display = None
                    b.remove_class("st-red" if not card.suit.is_red else "st-black")
                    b.add_class("st-red" if card.suit.is_red else "st-black")
                else:
                    self._card_actions[i] = None
                    b.description = ""
                    b.tooltip = ""
                    b.disabled = True
                    b.layout.display = "none"
            # tools
            self.hint_button.disabled = not mine
            self.undo_button.disabled = not t._marks or (t.match is not None and t.settled)
            self.next_button.disabled = not t.bot_to_move()
            self.next_button.layout.display = "none" if self.auto.value else None
            self.log_out.value = self._log_html()
            if not done:  # the whole deal and the review only once the deal is over
                self.result.value = ""
            if t.match is not None:
                self.new_button.description = ("New match" if t.match.is_over() and t.settled
                                               else "Next deal")
            else:
                self.new_button.description = "New deal"
        self.audit()

    def _status_html(self, view: SeatView) -> str:
        t = self.table
        pos = seat_label(view.seat, view.active, view.dealer)
        if t.done:
            text = ("Everyone passed: the deal is thrown in (SBS-17)." if view.bidder is None
                    else "The deal is over — the settlement and the review are below.")
        elif t.learner_to_move():
            if view.phase == AUCTION:
                text = (f"Your call — you are {pos}. Only the calls the rules allow are enabled "
                        "(SBS-14: pass or a strictly higher contract).")
            elif view.step == "trump":
                text = "You won the auction: name trump (SBS-19)."
            elif view.step == "call":
                text = ("Call Solo: call one card you do not hold, or call none (SBS-20). "
                        "Its holder hands it over and you give a card back.")
            elif view.step == "give":
                text = (f"Give seat {view.call_holder} one of your cards, face down — any but "
                        "the called card (SBS-20).")
            else:
                text = ("Your turn: play a card. Only legal cards are enabled (SBS-23: follow "
                        "suit, else trump, else any card).")
        else:
            who = seat_label(view.to_move or 0, view.active)
            text = (f"{who} is to move — press “Next bot move”." if not self.auto.value
                    else f"{who} is to move…")
        match = ""
        if t.match is not None:
            m = t.match
            n = m.deals_played + (0 if t.settled else 1)
            bal = ", ".join(f"seat {s}: {b}" for s, b in enumerate(m.balances))
            match = (f'<div class="st-match">Match: deal {min(n, m.deals)} of {m.deals} · chips '
                     f"(SBS-26): {esc(bal)}</div>")
        return (f'<div class="st-root st-status" role="status" aria-live="polite">'
                f"{esc(text)}</div>{match}")

    def _view_html(self, view: SeatView, emphasis: Mapping[CardLike, str]) -> str:
        """The learner's seat at the table, composed from :mod:`tutor.display` drawings of the
        view alone: facts and the auction; the other seats (card backs), the trick in progress
        and the tricks just played; the exposed Spread Misère hand; the learner's hand."""
        if self.table.done:
            return ""  # the settlement, the review and the whole deal are drawn below
        active = view.active
        me = view.seat
        facts = [("You are", seat_label(me, active, view.dealer))]
        if view.bidder is not None:
            facts.append(("Contract", contract_words(view.contract, view.trump)))
            facts.append(("Bidder", "you" if view.bidder == me else seat_label(view.bidder,
                                                                              active)))
        if view.called is not None:
            held = ("the widow" if view.call_holder == -1 else
                    "you" if view.call_holder == me else f"seat {view.call_holder}")
            facts.append(("Called card", f"{card_label(view.called)} (from {held})"))
        if view.given is not None:
            facts.append(("Card given back", card_label(view.given)))
        if view.phase == PLAY:
            facts.append(("Tricks won", ", ".join(
                f"{'you' if s == me else f'seat {s}'}: {view.won_tricks[s]}" for s in active)))
        top = (f'<div class="st-row"><div>{facts_html(facts)}</div>'
               f'<div><h4 class="st-h">Auction</h4>{calls_html(view.calls, active)}</div></div>')
        seats = []
        for s in active:
            if s == me:
                continue
            n = view.hand_sizes[s]
            backs = hand_svg([], face_down=n, width=26, overlap=0.7, label=f"seat {s}") \
                if n else ""
            seats.append(f'<div class="st-seat"><div class="st-who">'
                         f"{esc(seat_label(s, active))} — {n} card{'s' if n != 1 else ''}"
                         f"</div>{backs}</div>")
        middle = list(seats)
        if view.phase == PLAY and view.trick_leader is not None:
            who = trick_seats(view.trick_leader, len(view.trick), active)
            middle.append('<div class="st-seat st-current"><div class="st-who">Trick in '
                          "progress</div>" + trick_svg(view.trick, seats=who, labels=[
                              "you" if s == me else f"seat {s}" for s in who], width=48)
                          + "</div>")
        if not self.aid.value:
            middle.extend(self._fallen())
        parts = [top, f'<div class="st-row st-table-middle">{"".join(middle)}</div>']
        if view.exposed is not None and view.bidder is not None and view.bidder != me:
            parts.append(f'<div class="st-seat"><div class="st-who">Spread Misère: seat '
                         f"{view.bidder}'s hand, face up (SBS-21)</div>"
                         + hand_svg(view.exposed, width=40, label=f"seat {view.bidder}, exposed")
                         + "</div>")
        if self.aid.value and view.tricks:
            rows = []
            for i, (leader, cards, winner) in enumerate(view.tricks):
                who = trick_seats(leader, 3, active)
                rows.append(f'<div class="st-seat"><div class="st-who">Trick {i + 1}, won by '
                            f"{'you' if winner == me else f'seat {winner}'}</div>"
                            + trick_svg(cards, seats=who, winner=winner, width=34) + "</div>")
            parts.append('<section class="st-aid"><h4 class="st-h">Tricks played (teaching '
                         f'aid)</h4><div class="st-row">{"".join(rows)}</div></section>')
        parts.append('<h4 class="st-h">Your hand</h4>' + hand_svg(
            view.hand, width=56, emphasis=emphasis or None, label="your hand"))
        return (f'<div class="st-root st-view st-table-view" role="region" '
                f'aria-label="{esc(f"seat {me} at the table")}">{"".join(parts)}</div>')

    def _fallen(self) -> list[str]:
        """The tricks that fell since the learner's last action, as they were seen (SBS-25)."""
        tricks = self.table.fallen_tricks()
        view = self.table.view
        first = len(view.tricks) - len(tricks)
        items = []
        for k, (leader, cards, winner) in enumerate(tricks):
            who = trick_seats(leader, 3, view.active)
            items.append(f'<div class="st-seat st-fallen"><div class="st-who">Trick {first + k + 1}'
                         f" — won by {'you' if winner == view.seat else f'seat {winner}'} "
                         "(now face down, SBS-25)</div>"
                         + trick_svg(cards, seats=who, labels=[
                             "you" if s == view.seat else f"seat {s}" for s in who],
                             winner=winner, width=48) + "</div>")
        return items

    def _aid_html(self) -> str:
        taken = self.table.points_taken()
        rows = [(f"seat {s}" + (" (you)" if s == self.table.seat else ""), f"{p} points")
                for s, p in taken.items()]
        return ('<div class="st-root st-aid" role="note"><strong>Teaching aid</strong> — at a '
                "real table tricks are turned face down and nobody may look back or count "
                "(SBS-25). Card points taken in tricks so far (the widow not counted):"
                + facts_html(rows) + "</div>")

    def _log_html(self) -> str:
        t = self.table
        if not t.log:
            return ""
        done = t.done
        hidden = t.hidden_cards()
        items = []
        for e in t.log:
            # a reason naming a card still hidden waits; once the card is seen, it is shown
            reason = e.shown_reason(done or not names_any(e.reason, hidden))
            extra = f' <span class="st-reason">— {esc(reason)}</span>' if reason else ""
            items.append(f"<li>{esc(e.text)}{extra}</li>")
        return ('<section class="st-root" aria-label="what happened">'
                '<h4 class="st-h">What happened (each bot says why)</h4>'
                f'<ol class="st-log">{"".join(items)}</ol></section>')

    def _settlement_html(self) -> str:
        t = self.table
        state = t.state
        d = state.describe()
        if state.bidder is None:
            return ('<div class="st-root"><p>Everyone passed: the cards are thrown in and no '
                    "chips change (SBS-17).</p></div>")
        me = t.seat
        chips = d["chips"]
        made = "made" if d["made"] else "lost"
        name = CONTRACT_NAMES[CONTRACTS[state.contract - 1]]
        who = "You" if state.bidder == me else f"Seat {state.bidder}"
        facts = [("Contract", f"{name}{'' if state.trump < 0 else ' ' + SUIT_SYMBOLS[state.trump]}"
                  f" by {who.lower() if who == 'You' else who}"),
                 ("Result", f"{made} — P = {d['bidder_points']} points (SBS-12), "
                  f"{d['bidder_tricks']} tricks"),
                 ("Your chips", f"{chips[me]:+d} (SBS-10, SBS-11, SBS-27)")]
        if t.match is not None:
            m = t.match
            after = [b + (0 if t.settled else c) for b, c in zip(m.balances, chips, strict=True)]
            facts.append(("Match balances", ", ".join(f"seat {s}: {b}"
                                                     for s, b in enumerate(after))))
            if m.deals_played + (0 if t.settled else 1) >= m.deals or min(after) <= 0:
                top = max(after)
                winners = [s for s, b in enumerate(after) if b == top]
                facts.append(("Match", "over (SBS-28) — won by " + ", ".join(
                    "you" if s == me else f"seat {s}" for s in winners)))
        return ('<section class="st-root st-settlement" aria-label="settlement">'
                '<h4 class="st-h">Settlement</h4>' + facts_html(facts) + "</section>")

    def _review_html(self, lines: list[ReviewLine], total: int) -> str:
        if not lines:
            return ""
        unit = lines[0].analysis.unit
        rows = []
        for ln in lines:
            a = ln.analysis
            best = ", ".join(card_label(CARDS[c]) for c in a.best())  # each as good
            cost = ln.cost
            cls = "st-best" if cost == 0 else "st-cost"
            tried = ", ".join(f"{card_label(CARDS[c])} ({a.cost(c)})" for c in ln.tries)
            rows.append(f"<tr><td>{ln.trick}</td><td>{esc(card_label(CARDS[ln.card]))}</td>"
                        f"<td>{esc(best)}</td><td class=\"{cls}\">{cost}</td>"
                        f"<td>{a.chip_cost(ln.card)}</td><td>{esc(tried)}</td></tr>")
        lost = sum(ln.cost for ln in lines)
        best_n = sum(1 for ln in lines if ln.cost == 0)
        more = "" if len(lines) >= total else f" (analysing: {len(lines)} of {total})"
        return ('<section class="st-root st-review-box" aria-label="your play, card by card">'
                '<h4 class="st-h">Your play, card by card (double-dummy: every hand seen, '
                "perfect play after each card)</h4>"
                f"<p>{best_n} of {len(lines)} cards were best; together they gave away {lost} "
                f"{esc(unit)}{esc(more)}.</p>"
                '<div class="st-scroll"><table class="st-review"><thead><tr><th>trick</th>'
                f"<th>your card</th><th>best</th><th>cost ({esc(unit)})</th><th>cost (chips)</th>"
                "<th>tried and taken back (cost)</th></tr></thead><tbody>"
                + "".join(rows) + "</tbody></table></div></section>")

    def _end_html(self) -> str:
        t = self.table
        reasons = [e for e in t.log if e.held_back]
        extra = ""
        if reasons:
            items = "".join(f"<li>{esc(e.text)} — {esc(e.reason)}</li>" for e in reasons)
            extra = ('<section class="st-root"><h4 class="st-h">Reasons held back during the '
                     f"deal</h4><ul>{items}</ul></section>")
        return extra + ('<section class="st-root" aria-label="the whole deal">'
                        '<h4 class="st-h">The whole deal</h4>' + deal_html(t.state, width=40)
                        + "</section>")

    # -- for tests and notebooks --
    def widget_state_text(self) -> str:
        """Every synced trait of this widget tree as JSON — what a browser receives."""
        from .common import state_text, subtree

        return state_text(subtree(self.box))
