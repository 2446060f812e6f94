"""The game behind the play table: one learner at a table of bots, with no user interface.

:class:`TableGame` holds the engine state, the learner's seat and the bots, and moves the deal only
through the engine's checked ``apply`` and ``undo``. The bots get only their seat's view
(``state.view(seat)``). It keeps a log of every action *as the learner may see it*
(:mod:`tutor.play.log`) with each bot's one-line reason — a reason that names a card the learner
cannot see yet is held back until the deal is over. It gives hints (a PIMC bot's choice *from the
learner's own view*, never from hidden cards; in the auction the advisor samples *anytime*,
stopping when the call is clear or before a batch would overrun :data:`HINT_BUDGET`, and says on
how many deals), takes back the learner's last call or card (:meth:`TableGame.undo`) and compares
the new try with the old one on deals sampled from the learner's view, saves and loads hand
records, plays a short match with chips carried (SBS-26..28), and at the end reviews the
learner's play card by card, double-dummy (:func:`tutor.quiz.decisions.review_iter`). The
widget :class:`tutor.widgets.TableWidget` is its face in a notebook.

Errors (besides the engine's SBS-n): TABLE-1 nothing to take back; TABLE-2 a seat that cannot be
the learner's; TABLE-3 a deal file name or folder that cannot be used (:mod:`tutor.play.saved`);
TABLE-4 the deal is over (no hint) or not over (no review).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..bots import KINDS as BOT_KINDS
from ..bots import make_bot
from ..bots.base import Bot
from ..bots.table_bot import TablePimc, margin_call, within_reach, worlds_for
from ..cards import Card
from ..display.play_table import MatchStanding
from ..engine import record as records
from ..engine.match import Match
from ..errors import IllegalActionError, TutorError
from ..games.six_bid_solo.rules import SixBidSolo, SixBidSoloState
from ..games.tapp import AUCTION, CARDS, N_CARDS, PASS, SeatView
from ..quiz.decision_session import action_words
from ..state import Action
from .anytime import MIN_SAMPLES, advise_within, clear_after
from .log import Entry, action_text, names_any, turn_rule

if TYPE_CHECKING:  # the solver is loaded on first use
    from ..quiz.decisions import ReviewLine
    from ..solver.advisor import Advice

DECK: frozenset[Card] = frozenset(CARDS)
#: An auction hint: at most this many deals, within this many seconds (the target: ≤ 1 s at p95,
#: docs/table.md), and no stop as "clear" before MIN_SAMPLES deals.
HINT_BID_DEALS = 16
HINT_BUDGET = 0.7


class TableError(TutorError):
    """A table input error (TABLE-1..4, see the module docstring)."""


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
            rule, detail = turn_rule(state)
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
            raise IllegalActionError(*turn_rule(state), where="bots",
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
            return found is not None and found[0] == margin_call(a, margin)

        steps = list(advise_within(view, HINT_BID_DEALS, self.rng.getrandbits(31),
                                   budget=HINT_BUDGET, first=2, clear=clear_for_hint))
        advice, stop = steps[-1].advice, steps[-1].stop
        why = {"clear": "the best call was clear, so it stopped there",
               "budget": f"stopped at the {HINT_BUDGET:g}-second budget"}.get(stop, "")
        on = f"in {advice.worlds} deals sampled from your view" + (f" ({why})" if why else "")
        best = advice.best()
        action = margin_call(advice, margin)
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
        deck = self.game.info.deck  # the game's card points (SBS-3)
        out = {s: 0 for s in view.active}
        for _, cards, winner in view.tricks:
            out[winner] += sum(deck.points(c) for c in cards)
        return out

    def shown_log(self) -> list[tuple[str, str]]:
        """The log as the learner may see it now: each action's text and its reason — a reason
        naming a card still hidden waits until the card is seen or the deal is over."""
        done = self.done
        hidden = self.hidden_cards()
        return [(e.text, e.shown_reason(done or not names_any(e.reason, hidden)))
                for e in self.log]

    def held_back(self) -> list[tuple[str, str]]:
        """The actions whose reasons were held back during the deal, with those reasons."""
        return [(e.text, e.reason) for e in self.log if e.held_back]

    def standing(self) -> MatchStanding | None:
        """The match as the table shows it (SBS-26..28), or None outside a match."""
        m = self.match
        if m is None:
            return None
        return MatchStanding(m.deals_played, m.deals, tuple(m.balances), self.settled)

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



__all__ = ["DECK", "HINT_BID_DEALS", "HINT_BUDGET", "TableError", "TableGame"]
