"""The game behind the play table: one learner at a table of bots, with no user interface.

:class:`TableGame` plays any registered game (:mod:`tutor.games`; Six-Bid Solo by default): it
holds the engine state, the learner's seat and the bots, and moves the deal only through the
engine's checked ``apply`` and ``undo`` — every action, a widget's or a forged one, is checked
there again. The bots get only their seat's view (``state.view(seat)``), or for a game whose view
forgets what was played (Sixty-Six) what their seat has seen, worked out afresh at every move
(:meth:`TableGame.seen`); the levels a game offers come from :mod:`tutor.play.levels`. It keeps a
log of every action *as the learner may see it* (:mod:`tutor.play.log`, in the game's words) with
each bot's one-line reason — a reason that names a card the learner cannot see yet is held back
until the deal is over. It gives hints (a PIMC bot's choice *from the learner's own view*, never
from hidden cards; in the auction the advisor samples *anytime*, stopping when the call is clear or
before a batch would overrun :data:`HINT_BUDGET`, and says on how many deals), takes back the
learner's last call or card (:meth:`TableGame.undo`; never past a widow the learner has taken into
hand) and compares the new try with the old one on deals sampled from the learner's view, saves and
loads hand records, plays a short match with chips carried (SBS-26..28), and at the end reviews the
learner's play card by card, double-dummy (:func:`tutor.quiz.decisions.review_iter`). Hints,
comparisons and the review rest on the sampling bots, so only games they play have them. The widget
:class:`tutor.widgets.TableWidget` is its face in a notebook.

A game outside the Tapp family (Sixty-Six) plays through the same table on its own parts, found
in its folder by the room's name: its hints and comparisons are the strong bot's expected game
points over deals sampled from the learner's view (``pimc.expected_points``), its review values
each of the learner's actions exactly once every card's place is known (``solver.card_values``:
Sixty-Six once the stock is gone), its match is its own (``match.MATCH``: to 7 game points).
A take-back never crosses a draw from the stock (an action of kind ``draw``): it would show the
learner the drawn card before the learner may see it. The log words a card the learner's view no
longer shows (a trick turned face down, SS-17) as face down, and a bot's reason that holds a
number the learner must count alone (the opponent's total) waits until the deal is over.

Errors (besides the engine's rule errors): the table's TABLE-1..5 (:mod:`tutor.play.errors`).
"""

from __future__ import annotations

import json
import random
import re
import zlib
from collections.abc import Callable, Iterator, Mapping
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..bots.base import Bot
from ..bots.table_bot import TablePimc, margin_call, within_reach, worlds_for
from ..cards import Card
from ..display.adapter import DealNotes, deal_notes
from ..display.play_table import MatchStanding, ValuedLine
from ..engine import record as records
from ..engine.match import Match, match_class
from ..errors import IllegalActionError, TutorError
from ..games import SPECS, GameSpec, spec
from ..games.tapp import AUCTION, PASS, SeatView, TappGame, TappState
from ..state import Action, Game, GameState, View
from .anytime import MIN_SAMPLES, advise_within, clear_after
from .errors import TableError
from .levels import (
    PREFERRED,
    check_level,
    fallback_level,
    has_part,
    has_pimc,
    has_review,
    level_note,
    levels,
    make_table_bot,
    no_pimc,
    no_review,
)
from .log import Entry, action_text, action_words, card_words, names_any, turn_rule

if TYPE_CHECKING:  # the solver is loaded on first use
    from ..quiz.decisions import ReviewLine
    from ..solver.advisor import Advice

#: The game a table deals when it is told none.
DEFAULT_GAME = "six-bid-solo"
#: An auction hint: at most this many deals, within this many seconds (the target: ≤ 1 s at p95,
#: docs/table.md), and no stop as "clear" before MIN_SAMPLES deals.
HINT_BID_DEALS = 16
HINT_BUDGET = 0.7
#: Deals sampled from the learner's view for the seats' teaching aid (Crazy Solo: how often
#: each seat holds the called card, :meth:`TableGame.seat_notes`).
NOTE_WORLDS = 100


#: The kinds of action that give a player a card nobody has seen (Sixty-Six's draw from the
#: stock, SS-5): a take-back never reaches back past one.
DRAWING_KINDS = ("draw",)


def table_games() -> tuple[GameSpec, ...]:
    """The registered games the table deals, in the registry's order (:func:`deals_table`;
    each game's rules are loaded to tell)."""
    return tuple(s for s in SPECS if deals_table(s.id))


@cache
def deals_table(game_id: str) -> bool:
    """Does the table deal ``game_id``: does its display draw its table
    (``tutor/games/<game>/display.py``: the Tapp family's drawings, or the game's own) and does
    it deal every seat by default (Auction Pitch: not yet)?"""
    s = spec(game_id)
    if not has_part(s.id, "display"):
        return False
    game = s.make()
    if game.players != game.info.active_players:
        return False
    own = type(deal_notes(s.id)).table_view_html is not DealNotes.table_view_html
    return isinstance(game, TappGame) or own


def table_choices() -> tuple[GameSpec, ...]:
    """The games a table offers to switch to, by name, without loading any: the registered
    games whose folder holds the display's adapter (``display.py``). Picking one deals it only
    if it is one of :func:`table_games` (TABLE-2 otherwise); tests/test_registry.py checks
    the two lists agree."""
    return tuple(s for s in SPECS if has_part(s.id, "display"))


def active_seats(state: GameState) -> tuple[int, ...]:
    """The seats that play ``state``'s deal: the Tapp family's active seats (a fourth player
    may sit out, SBS-V2), else every seat."""
    if isinstance(state, TappState):
        return tuple(state.active)
    return tuple(range(state.game.players))


def game_part(game_id: str, file: str) -> Any:
    """The module ``file`` of the game's folder (``pimc``, ``solver``): a room's adapter,
    loaded by name (the table never imports a game's modules)."""
    return import_module(f"{spec(game_id).folder}.{file}")


@cache
def seen_finder(game_id: str) -> Callable[[GameState, int], Any] | None:
    """The game's ``sampling.seen_by(state, seat)`` — what a seat has seen of the deal, every
    view it was given taken together — for a game whose single view forgets (Sixty-Six: the
    tricks turn face down, SS-17); None for a game whose view holds all a seat has seen."""
    if not has_part(game_id, "sampling"):
        return None
    found: Callable[[GameState, int], Any] | None = getattr(
        game_part(game_id, "sampling"), "seen_by", None)
    return found


def names_number(text: str, numbers: tuple[str, ...]) -> bool:
    """Does ``text`` hold any of ``numbers`` as a whole number — ``45`` in ``I count 45.``,
    not the 4 of ``45``, the 0 of ``10♥`` nor the 0 of ``+0.75``?"""
    return any(re.search(rf"(?<![0-9.]){re.escape(n)}(?![0-9]|[.,][0-9])", text)
               for n in numbers)


class TableGame:
    """One learner at a table of bots: the deal, the log, undo, hints, match and review.

    ``game`` is a registered game's id (Six-Bid Solo by default) and ``options`` its options;
    ``seat`` is the learner's seat, ``bot`` the bots' level (``random``, ``rule``, ``pimc``: one
    the game offers, :mod:`tutor.play.levels`; by default the rules of thumb where the game has
    them), ``seed`` makes deals, bots and hints reproducible. ``hint_worlds`` is the number of
    deals a hint samples from the learner's view.
    """

    def __init__(self, *, game: str = DEFAULT_GAME, seat: int = 0, bot: str | None = None,
                 seed: int | None = None, options: Mapping[str, Any] | None = None,
                 hint_worlds: int = 10, first_dealer: int | None = None) -> None:
        self.spec: GameSpec = spec(game)
        self.game: Game = self._dealable(self.spec.make(dict(options or {})))
        self.rng = random.Random(seed)
        self.bot_kind = check_level(self.spec.id, bot) if bot is not None else \
            fallback_level(self.spec.id, PREFERRED)
        self.level_note = ""  # why the bots play another level than the one asked for
        self.hint_worlds = hint_worlds
        self._check_seat(seat, None)
        self.seat = seat
        n = self.game.players
        # seat 0 is forehand in the first deal unless told otherwise (SBS-5: after the dealer)
        self.dealer = (first_dealer if first_dealer is not None else n - 1) % n
        self.match: Match | None = None
        self.settled = False
        self._match_deal = False  # is the current deal the match's own?
        self.state: GameState = self.game.new_deal(self.rng, self.dealer)
        self._reset()

    # -- set-up --
    @staticmethod
    def _dealable(game: Game) -> Game:
        """``game`` if the table can deal it: every seat plays every deal (a record of a larger
        table can still be loaded, :meth:`load`), and the display draws its table
        (:func:`table_games`)."""
        if not deals_table(game.id):
            raise TableError("TABLE-2", f"the table does not deal {spec(game.id).name} yet: "
                             "the display draws no table for it", where="game", what=game.id)
        info = game.info
        if game.players != info.active_players:
            raise TableError("TABLE-2", f"the table deals for {info.active_players} players, "
                             f"every seat playing each deal (a record of {game.players} players "
                             "can still be loaded)", where="options.players",
                             what=str(game.players))
        return game

    def _check_seat(self, seat: object, state: GameState | None) -> None:
        n = state.game.players if state is not None else self.game.players
        if type(seat) is not int or not 0 <= seat < n:
            raise TableError("TABLE-2", f"the learner's seat is one of 0..{n - 1} (SBS-5)",
                             where="seat", what=repr(seat))
        if state is not None and seat not in active_seats(state):
            raise TableError("TABLE-2", f"seat {seat} sits out this deal (SBS-V2): choose an "
                             "active seat", where="seat", what=str(seat))

    def _reset(self) -> None:
        self.log: list[Entry] = []
        self._marks: list[int] = []  # history length before each learner action
        self._widow_at: tuple[int, int | None] = (-1, None)  # (actions read, widow_taken_at)
        self.tries: dict[tuple[int, ...], list[int]] = {}
        self._pending: tuple[tuple[int, ...], Action] | None = None
        self._compare_job: tuple[Any, Action, Action] | None = None
        self.comparison = ""
        self.settled = False
        self._review: list[ReviewLine] | None = None
        self._review_key: tuple[int, ...] | None = None
        self._base = len(self.state.history())  # actions before the learner sat down
        self._notes: tuple[View, dict[int, str]] | None = None
        self._view: tuple[GameState, tuple[Any, ...], View] | None = None
        self._valued: list[ValuedLine] | None = None
        self.make_bots()

    @property
    def game_id(self) -> str:
        """The id of the game on the table (``six-bid-solo``, ``frog``)."""
        return self.spec.id

    @property
    def family(self) -> bool:
        """Is the game on the table one of the Tapp family's (their hints sample deals for the
        double-dummy solver, their review is :func:`tutor.quiz.decisions.review_iter`)? Any
        other game brings its own parts: ``pimc.expected_points`` and ``solver.card_values``."""
        return isinstance(self.game, TappGame)

    @property
    def has_pimc(self) -> bool:
        """Hints: do the sampling bots play this game?"""
        return has_pimc(self.spec.id)

    @property
    def has_review(self) -> bool:
        """The review: do the sampling bots and the double-dummy solver both play this game
        (the Tapp family), or does the game's solver value a position's actions exactly
        (``solver.card_values(state)``: Sixty-Six once the stock is gone)? A game whose solver
        answers another question has none (Auction Pitch's paranoid search values one seat's
        score against all the others, not the game's own best play)."""
        if self.family:
            return has_review(self.spec.id)
        return has_part(self.spec.id, "solver") and callable(
            getattr(game_part(self.spec.id, "solver"), "card_values", None))

    @property
    def has_compare(self) -> bool:
        """The comparison of two tries on deals sampled from the learner's view."""
        return self.has_review if self.family else self.has_pimc

    def make_bots(self) -> None:
        """A fresh bot of the current level for every active seat but the learner's."""
        self.bots: dict[int, Bot] = {
            s: make_table_bot(self.bot_kind, self.rng.getrandbits(31), self.hint_worlds,
                              family=self.family)
            for s in active_seats(self.state) if s != self.seat}

    def set_bots(self, kind: str) -> None:
        """Bots of level ``kind`` from now on (TABLE-2 if none of that level plays this game)."""
        self.bot_kind = check_level(self.spec.id, kind)
        self.level_note = ""
        self.make_bots()

    def set_game(self, game: str, options: Mapping[str, Any] | None = None,
                 seat: int | None = None) -> None:
        """Sit down at another game (its default options unless told): any match ends and a
        new deal is dealt. The bots keep their level if they play that game too, else they
        play the game's own (:attr:`level_note` says so)."""
        new = spec(game)
        table = self._dealable(new.make(dict(options or {})))
        seat = self.seat if seat is None else seat
        if type(seat) is not int or not 0 <= seat < table.players:
            raise TableError("TABLE-2", f"the learner's seat is one of 0..{table.players - 1} "
                             "(SBS-5)", where="seat", what=repr(seat))
        wanted = self.bot_kind
        level = fallback_level(new.id, wanted)
        self.spec, self.game = new, table
        self.bot_kind = level
        self.match = None
        self._match_deal = False
        self.dealer %= table.players
        self.new_deal(seat)
        self.level_note = level_note(new.id, wanted, level)

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
                rule = deal_notes(self.spec.id).match_over_rule
                raise IllegalActionError(rule, "the match is over — won by " + ", ".join(
                    f"seat {s}" for s in top) + ": start a new match", where="match")
            state = self.match.next_deal()
            self._match_deal = True
        else:
            again = self.state.is_terminal() and deal_notes(self.spec.id).deals_again(self.state)
            if not again:  # SBS-9, PI-3: the deal passes left (PI-6: a throw-in dealt again)
                self.dealer = (self.dealer + 1) % self.game.players
            state = self.game.new_deal(self.rng, self.dealer)
        self._check_seat(seat, state)
        self.seat = seat
        self.state = state
        self._reset()

    def start_match(self, deals: int, seat: int | None = None, *,
                    blind_round: bool = False) -> None:
        """A short match: ``deals`` deals, chips carried, the dealer found by the cut (SBS-6,
        SBS-26..28) — the game's own match where it has one (Crazy Solo: chips from 150, bank
        loans, CS-13), opening with a blind round if asked (CS-14; TABLE-2 for a game whose
        match has none)."""
        kind = match_class(self.spec.id)
        extra: dict[str, Any] = {}
        if blind_round:
            if "blind_round" not in getattr(kind, "__dataclass_fields__", {}):
                raise TableError("TABLE-2", f"a match of {self.spec.name} has no blind round",
                                 where="match", what="blind_round")
            extra["blind_round"] = True
        self.match = kind(self.game, rng=self.rng.getrandbits(31), deals=deals, **extra)
        self._match_deal = False
        self.new_deal(seat)

    def match_words(self, deals: int) -> str:
        """A match of this game in a picker's words: ``a match of 4 deals`` (chips, SBS-28), or
        the game's own (``a match to 7``, SS-16)."""
        own = getattr(match_class(self.spec.id), "words", None)
        return own(self.game, deals) if own is not None else f"a match of {deals} deals"

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

        The record is validated and replayed by the engine (REC-n and rule errors change
        nothing); its game and options are the deal's. The table deals that game afterwards
        when it can (every seat playing), and keeps its bots' level when they play it (else
        the game's own level, :attr:`level_note`). A teacher's record may hold every hand: it
        stays here, server side.
        """
        state = records.state_of(record)
        seat = self.seat if seat is None else seat
        self._check_seat(seat, state)
        new = spec(state.game.id)
        wanted = self.bot_kind
        level = fallback_level(new.id, wanted)
        if state.game.players == state.game.info.active_players:
            self.game = state.game  # the record's game and options deal the next deals
        elif new.id != self.spec.id:
            self.game = self._dealable(new.make({}))  # the game's own table deals them
        self.spec = new
        self.bot_kind = level
        self.match = None
        self._match_deal = False
        self.seat = seat
        self.dealer = state.game.record_of(state)["dealer"]
        self.state = state
        self._reset()
        self.level_note = level_note(new.id, wanted, level)
        # the record's actions, as the learner would have seen them
        replay = state.game.from_record_deal(state.game.record_of(state))
        for i, a in enumerate(state.history()):
            s = replay.to_move
            assert s is not None
            replay.apply(a)
            self.log.append(Entry(i, s, a, action_text(replay, s, a, seat) + " (from the record)",
                                  "", s == seat, False))

    # -- whose turn --
    @property
    def view(self) -> View:
        """The learner's view now (kept while the deal stands still: a redraw reads it often,
        and a twelve-seat view takes a while to build)."""
        key = (self.seat, tuple(self.state.history()))
        kept = self._view
        if kept is None or kept[0] is not self.state or kept[1] != key:
            kept = self._view = (self.state, key, self.state.view(self.seat))
        return kept[2]

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
            raise IllegalActionError(deal_notes(self.spec.id).over_rule(state),
                                     "the deal is over", where=f"seat {self.seat}", what=what)
        if state.to_move != self.seat:
            rule, detail = turn_rule(state)
            raise IllegalActionError(rule, f"it is seat {state.to_move}'s turn, not yours "
                                     f"({detail})", where=f"seat {self.seat}", what=what)

    def seen(self, seat: int) -> Any:
        """What ``seat`` has seen of the deal — its view, or for a game whose single view
        forgets (Sixty-Six) every view it was given (:func:`seen_finder`): what a bot acts on
        and a hint samples from. Worked out here from that seat's views only, so a take-back
        leaves a bot nothing it could not have seen."""
        finder = seen_finder(self.spec.id)
        return finder(self.state, seat) if finder is not None else self.state.view(seat)

    def words(self, action: object) -> str:
        """An action of this game in the learner's words (``10♥``, ``bid Solo``; a game
        outside the Tapp family with its labels' cards as ``K♥``: ``lead K♥, showing Q♥``)."""
        text = action_words(self.game, action)
        return text if self.family else card_words(text, self.game.info.deck)

    # -- moving the deal --
    def act(self, action: object) -> Entry:
        """The learner's call, declaration step or card — checked by the engine first (a
        widget's event, or any value a browser may send)."""
        self._require_turn(self.words(action))
        state = self.state
        before = len(state.history())
        prefix = tuple(state.history())
        view_before = state.view(self.seat) if self.family else self.seen(self.seat)
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
            if old != action and self.has_compare:
                self._compare_job = (view_before, old, action)
            self._pending = None
        return entry

    def bot_step(self) -> Entry:
        """One bot action: the bot sees only what its seat has seen (:meth:`seen`); the engine
        checks what it answers."""
        state = self.state
        seat = state.to_move
        if seat is None or seat == self.seat:
            raise IllegalActionError(*turn_rule(state), where="bots",
                                     what="no bot is to move")
        bot = self.bots[seat]
        action, reason = bot.act(self.seen(seat))
        # a number the learner must count alone (Sixty-Six: the bot's total, SS-17) in the
        # reason keeps it back until the deal is over
        counted = bool(reason) and names_number(reason, deal_notes(self.spec.id).secrets(
            state, self.seat))
        step = len(state.history())
        state.apply(action)
        hidden = self.hidden_cards()
        # while some seat's side is a secret to the learner (Crazy Solo's partner, CS-9), a
        # bot's reason may give it away ("I hold the called card"): it waits too
        secret = bool(reason) and self.sides_hidden()
        entry = Entry(step, seat, action, action_text(state, seat, action, self.seat), reason,
                      False, secret or counted or names_any(reason, hidden), secret, counted)
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
        """Take back the learner's last call or card (and the bot actions after it).

        Never past the widow once the learner has taken it into hand (a Frog bidder, FR-2): the
        learner would bid again knowing it; never past a draw from the stock (Sixty-Six, SS-5):
        the learner has seen the drawn card (TABLE-1, :meth:`take_back_stop`)."""
        if not self._marks:
            raise TableError("TABLE-1", "nothing to take back: you have not acted yet in this "
                             "deal", where=f"seat {self.seat}")
        if self.match is not None and self.settled:
            raise TableError("TABLE-1", "this deal is settled in the match: it can no longer be "
                             "taken back (SBS-27)", where=f"seat {self.seat}")
        target = self._marks[-1]
        stop = self.take_back_stop()
        if stop is not None and target < stop[0]:
            raise TableError("TABLE-1", stop[1], where=f"seat {self.seat}",
                             what=self.words(self.state.history()[target]))
        self._marks.pop()
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

    def can_undo(self) -> bool:
        """Would :meth:`undo` take something back now? (a widget enables its button so)"""
        if not self._marks or (self.match is not None and self.settled):
            return False
        stop = self.take_back_stop()
        return stop is None or self._marks[-1] >= stop[0]

    def take_back_stop(self) -> tuple[int, str] | None:
        """How far back a take-back may reach — the number of actions it must leave made —
        and why, or None when nothing stops it: the widow the learner has taken into hand
        (FR-2) or the deal's last draw from the stock (SS-5), whichever came later."""
        stops = []
        widow = self.widow_taken_at()
        if widow is not None:
            stops.append((widow, "you have taken the widow into your hand: a take-back cannot "
                                 "reach back before it, or you would call again knowing it"))
        drawn = self.drawn_at()
        if drawn is not None:
            stops.append((drawn, "a take-back never crosses a draw from the stock: you have "
                                 "seen the card it gave you, and taking it back would let you "
                                 "play again knowing a card you may not see yet (SS-5)"))
        return max(stops) if stops else None

    def undo_note(self) -> str:
        """Why *Take back* is off although the learner has acted (a widget shows it beside the
        button), or ``""``."""
        if not self._marks or self.done:
            return ""
        if self.match is not None and self.settled:
            return ""
        stop = self.take_back_stop()
        if stop is None or self._marks[-1] >= stop[0]:
            return ""
        return "No take-back here: " + stop[1] + "."

    def drawn_at(self) -> int | None:
        """How many actions of the deal had been made just after its last draw from the stock
        (an action of a kind in :data:`DRAWING_KINDS`, by any seat), or None before the
        first."""
        history = self.state.history()
        for i in range(len(history) - 1, -1, -1):
            if self.game.action_info(history[i]).kind in DRAWING_KINDS:
                return i + 1
        return None

    def widow_taken_at(self) -> int | None:
        """How many actions of the deal had been made when the learner's hand first held a card
        of the widow (a Frog bidder takes it in, FR-2), or None if it never did. Read by
        replaying the deal's record here, server side; once found it stays (no take-back
        crosses it)."""
        length = len(self.state.history())
        read, found = self._widow_at
        if found is not None or read == length:
            return found
        record = self.record()
        widow = {Card.parse(t) for t in record.get("widow", [])}
        if not widow:  # a game without a widow (Crazy Solo, Sixty-Six)
            self._widow_at = (length, None)
            return None
        replay = self.state.game.from_record_deal(record)
        for i, a in enumerate(self.state.history()):
            replay.apply(a)
            if not widow.isdisjoint(replay.view(self.seat).hand):
                found = i + 1
                break
        self._widow_at = (length, found)
        return found

    # -- hints and comparisons (from the learner's view only) --
    def hint(self) -> tuple[Action, str]:
        """What a PIMC player would do in the learner's seat, and why — computed from the
        learner's view (deals sampled from it, each solved double-dummy). In the auction the
        advisor samples *anytime* (:meth:`bid_hint`)."""
        self._require_turn("hint")
        if not self.has_pimc:
            raise no_pimc(self.spec.id, "hints")
        view = self.view
        if not isinstance(view, SeatView):
            return self.points_hint(self.seen(self.seat))
        if self.hint_samples_bids(view):
            return self.bid_hint(view)
        bot = TablePimc(self.rng.getrandbits(31), worlds=self.hint_worlds)
        return bot.act(view)

    def action_values(self, view: Any) -> dict[Action, tuple[float, float | None]]:
        """The strong bot's expected score for the learner of each legal action of ``view`` —
        what the learner has seen (:meth:`seen`) — with its standard error where the game's
        part gives one, over :attr:`hint_worlds` deals sampled from it (a game outside the Tapp
        family): only from what the learner may know. The game's ``pimc`` part answers:
        ``expected_points(view, worlds, seed)`` (Sixty-Six), or ``bid_values`` in the auction
        and ``card_values`` in the play, each ``(mean, standard error)`` (Auction Pitch)."""
        part = game_part(self.spec.id, "pimc")
        seed = self.rng.getrandbits(31)
        own = getattr(part, "expected_points", None)
        if own is not None:
            points: dict[Action, float] = own(view, worlds=self.hint_worlds, seed=seed)
            return {a: (v, None) for a, v in points.items()}
        ask = part.bid_values if view.phase == AUCTION else part.card_values
        found: dict[Action, tuple[float, float]] = ask(view, worlds=self.hint_worlds, seed=seed)
        return {a: (m, se) for a, (m, se) in found.items()}

    def expected_points(self, view: Any, actions: list[Action] | None = None
                        ) -> dict[Action, float]:
        """The means of :meth:`action_values` (of ``actions`` only, when given)."""
        found = {a: m for a, (m, _) in self.action_values(view).items()}
        if actions is not None:
            return {a: found[a] for a in actions}
        return found

    def points_hint(self, view: Any) -> tuple[Action, str]:
        """The action with the most expected points for the learner (the strong bot's advice,
        :meth:`action_values`; among equals the rules of thumb's choice, where the game has
        them), with the next best for comparison and, where the game gives one, a 95%
        interval."""
        values = self.action_values(view)
        legal = list(view.legal)
        top = max(m for m, _ in values.values())
        tied = [a for a in legal if values[a][0] == top]
        best = tied[0]
        if len(tied) > 1 and "rule" in levels(self.spec.id):  # the rules of thumb break ties
            choice, _ = make_table_bot("rule", self.rng.getrandbits(31), self.hint_worlds,
                                       family=False).act(view)
            best = choice if choice in tied else best
        order = [best, *sorted((a for a in values if a != best),
                               key=lambda a: (-values[a][0], legal.index(a)))]
        unit = self.game.info.score_unit
        mean, se = values[best]
        spread = f" ± {1.96 * se:.2f}" if se is not None and se == se and se < 1e9 else ""
        others = "; ".join(f"{self.words(a)} {values[a][0]:+.2f}" for a in order[1:4])
        notes = deal_notes(self.spec.id)
        return best, (f"{self.words(best)}: {mean:+.2f}{spread} {unit} expected for you over "
                      f"{notes.hint_deals(view, self.hint_worlds)}, {notes.hint_how}"
                      + (f" (next: {others})" if others else ""))

    def hint_samples_bids(self, view: View) -> bool:
        """Does the hint in ``view``'s auction ask the bid advisor (a game with one, more than
        one call open, a contract within reach by the rules of thumb)? Else the hint is the
        sampling player's own move (:class:`TablePimc`), which passes a hopeless hand at once."""
        return (isinstance(view, SeatView) and view.phase == AUCTION and len(view.legal) > 1
                and has_part(self.spec.id, "advisor") and within_reach(view))

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

        margin = PimcBot(0).margin(view.game)  # the game's own (Frog bids from -40)
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
        return action, (f"{self.words(action)}: {on}, each solved double-dummy, "
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
        if not isinstance(view, SeatView):
            points = self.expected_points(view, [old, new])
            diff = points[new] - points[old]
            unit = self.game.info.score_unit
            # (no "as good": the word reads like a card's text, A♠, to the hidden-card check)
            verdict = (f"{abs(diff):.2f} {unit} {'better' if diff > 0 else 'worse'}" if diff
                       else "the same")
            self.comparison = (
                f"Compared on the same {self.hint_worlds} deals sampled from your view ("
                f"{deal_notes(self.spec.id).hint_how}): your first try {self.words(old)} averages "
                f"{points[old]:+.2f} {unit} for you, {self.words(new)} {points[new]:+.2f} — "
                f"{verdict}.")
            return self.comparison
        n = worlds_for(view, self.hint_worlds)
        from ..quiz.decisions import sampled_values

        values = sampled_values(view, [old, new], worlds=n, seed=self.rng.getrandbits(31))
        diff = values[new] - values[old]
        better = "better" if diff > 0 else "worse" if diff < 0 else "as good"
        self.comparison = (
            f"Compared on the same {n} deals sampled from your view (each solved "
            f"double-dummy): your first try {self.words(old)} averages {values[old]:+.1f} "
            f"chips for you, {self.words(new)} {values[new]:+.1f} — {abs(diff):.1f} chips "
            f"{better}.")
        return self.comparison

    # -- what the learner may see --
    def hidden_cards(self) -> set[Card]:
        """Cards the learner's seat must not see now: every card its view does not show. Once
        the deal is over the whole deal is shown, so only the cards the game never shows
        (Auction Pitch's undealt rest of the pack, PI-3; none in the other games) — but for
        those a bot's reason names in words: the reasons are read in full once the deal is
        over, and a name in a reason shows no card (which cards were dealt is public then)."""
        if not self.state.is_terminal():
            return set(self.game.info.deck.cards) - self.view.visible_cards()
        never = deal_notes(self.spec.id).never_shown(self.state)
        return {c for c in never if not any(names_any(e.reason, {c}) for e in self.log)}

    def sides_hidden(self) -> bool:
        """Is some seat's side still a secret to the learner (Crazy Solo's partner until the
        called card is played, CS-9)? The game's presentation says, from the learner's view."""
        return self.spec.presentation.sides_hidden(self.view)

    def seat_notes(self) -> dict[int, str]:
        """The teaching aid beside the seats, from the learner's view alone (the game's display
        adapter: Crazy Solo's share of :data:`NOTE_WORLDS` sampled deals in which each seat
        holds the called card). Worked out once per position; the sampling seed comes from the
        view itself, so the same view always shows the same figures."""
        view = self.view  # the same object while the deal stands still (kept by ``view``)
        if self._notes is not None and self._notes[0] is view:
            return self._notes[1]
        notes = deal_notes(self.spec.id).seat_notes(view, worlds=NOTE_WORLDS,
                                                    seed=view_seed(view)) \
            if isinstance(view, SeatView) else {}
        self._notes = (view, notes)
        return notes

    def fallen_tricks(self) -> list[tuple[int, tuple[Card, ...], int]]:
        """The tricks completed since the learner's last action: seen as they fall (SBS-25)."""
        view = self.view
        if not isinstance(view, SeatView):  # a view that keeps only its last trick (SS-17)
            return []
        last = self._marks[-1] if self._marks else self._base
        played = sum(1 for a in self.state.history()[:last] if self._is_card(a))
        return list(view.tricks[played // self.game.info.active_players:])

    def points_taken(self) -> dict[int, int]:
        """Card points in the tricks each active seat has won (a teaching aid: SBS-25 has
        tricks face down, so a player at a real table cannot count them). None for a game whose
        view keeps no past tricks: Sixty-Six hides the opponent's total even then (SS-17)."""
        view = self.view
        if not isinstance(view, SeatView):
            return {}
        deck = self.game.info.deck  # the game's card points (SBS-3)
        out = {s: 0 for s in view.active}
        for _, cards, winner in view.tricks:
            out[winner] += sum(deck.points(c) for c in cards)
        return out

    def shown_log(self) -> list[tuple[str, str]]:
        """The log as the learner may see it now: each action's text and its reason — a reason
        naming a card still hidden waits until the card is seen or the deal is over, and a line
        naming a card the view shows no more (a trick turned face down, SS-17) reads face down
        (the game's deal notes word it)."""
        done = self.done
        hidden = self.hidden_cards()
        secret = self.sides_hidden()
        notes = deal_notes(self.spec.id)
        view = self.view
        out = []
        for e in self.log:
            text = e.text
            if hidden and names_any(text, hidden):
                text = notes.face_down_text(view, e.seat, e.action, text)
            out.append((text, e.shown_reason(done or not (names_any(e.reason, hidden)
                                                          or (e.secret and secret)
                                                          or e.counted))))
        return out

    def withheld_reasons(self) -> list[str]:
        """The bots' reasons the learner may not read yet (they name a hidden card, could give
        a secret side away, or hold a number the learner must count alone): none may reach the
        page."""
        if self.done:
            return []
        hidden = self.hidden_cards()
        secret = self.sides_hidden()
        return [e.reason for e in self.log
                if e.reason and (names_any(e.reason, hidden) or (e.secret and secret)
                                 or e.counted)]

    def held_back(self) -> list[tuple[str, str]]:
        """The actions whose reasons were held back during the deal, with those reasons."""
        return [(e.text, e.reason) for e in self.log if e.held_back]

    def standing(self) -> MatchStanding | None:
        """The match as the table shows it (SBS-26..28), or None outside a match."""
        m = self.match
        if m is None:
            return None
        target = getattr(m, "target", None)  # a match to a score (SS-16), not of n deals
        preview = getattr(m, "preview", None)
        after = (tuple(preview(self.state)) if preview is not None and self.done
                 and self._match_deal and not self.settled else None)
        running = [b - sum(r.chips[s] for r in m.results) for s, b in enumerate(m.balances)]
        history = []
        for r in m.results:  # the balances after each settled deal
            running = [b + c for b, c in zip(running, r.chips, strict=True)]
            history.append(tuple(running))
        return MatchStanding(m.deals_played, m.deals, tuple(m.balances), self.settled,
                             type(m).bank_loans, getattr(type(m), "unit", "chips"), target,
                             after, tuple(history))

    # -- the end --
    def review(self, on_line: Callable[[ReviewLine], None] | None = None) -> list[ReviewLine]:
        """The learner's cards in the finished deal, each valued double-dummy (cached)."""
        if not self.done:
            raise TableError("TABLE-4", f"the review comes when all {self.game.info.tricks} "
                             f"tricks are played ({deal_notes(self.spec.id).played_out_rule})",
                             where="review")
        if not self.has_review or not self.family:
            raise no_review(self.spec.id, "reviews")
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

    def valued_review(self, on_line: Callable[[ValuedLine], None] | None = None
                      ) -> list[ValuedLine]:
        """The learner's actions in the finished deal valued exactly by the game's solver
        (``solver.card_values``: the game points each legal action wins with best play by
        both, every card's place known) — each position the solver values (Sixty-Six: once
        the stock is gone or closed; before that it raises and the action is left out), with
        its cost against the best and the actions tried and taken back there (cached)."""
        if not self.done:
            raise TableError("TABLE-4", "the review comes when the deal is over "
                             f"({deal_notes(self.spec.id).played_out_rule})", where="review")
        if self.family or not self.has_review:
            raise no_review(self.spec.id, "reviews")
        key = tuple(self.state.history())
        if self._valued is not None and self._review_key == key:
            return self._valued
        card_values = game_part(self.spec.id, "solver").card_values
        mine = {e.step for e in self.log if e.learner}
        players = len(active_seats(self.state))
        replay = self.state.game.from_record_deal(self.record())
        lines: list[ValuedLine] = []
        cards = 0
        for i, action in enumerate(key):
            if i in mine:
                try:
                    values: dict[Action, int] = card_values(replay)
                except TutorError:  # not a position the solver values (the stock still open)
                    values = {}
                if action in values:
                    top = max(values.values())
                    tried = self.tries.get(key[:i], [])
                    line = ValuedLine(
                        cards // players + 1, self.words(action),
                        tuple(self.words(a) for a, v in values.items() if v == top),
                        top - values[action],
                        tuple((self.words(t), top - values[t]) for t in tried if t in values))
                    lines.append(line)
                    if on_line is not None:
                        on_line(line)
            cards += self._is_card(action)
            replay.apply(action)
        self._valued, self._review_key = lines, key
        return lines

    def review_iter(self) -> Iterator[ReviewLine]:
        """The review line by line (a game the sampling bots and the solver play:
        :attr:`has_review`)."""
        if not self.has_review:
            raise no_review(self.spec.id, "reviews")
        from ..quiz.decisions import review_iter

        assert isinstance(self.state, TappState)  # the family's review (:attr:`family`)
        return review_iter(self.state, self.seat, self.tries)

    def learner_cards_played(self) -> int:
        return sum(1 for e in self.log if e.learner and self._is_card(e.action))

    def _is_card(self, action: Action) -> bool:
        """Is ``action`` a card played to a trick (not a call nor a declaration step)?"""
        return self.game.action_info(action).kind == "card"

    # -- records --
    def record(self) -> dict[str, Any]:
        """The deal so far as a hand record (every hand: it stays here, server side)."""
        return self.state.game.record_of(self.state)

    def save(self, path: str | Path) -> Path:
        """Save the deal so far as a hand record (atomic; checked to replay first)."""
        p = Path(path)
        records.save(self.record(), p)
        return p


@cache
def table_sizes(game_id: str) -> tuple[int, ...]:
    """The numbers of players the table deals ``game_id`` for, every seat playing each deal
    (Six-Bid Solo and Frog: 3 — a fourth or fifth player sits out, SBS-V2; Crazy Solo: 3 to
    12, CS-2)."""
    game_spec = spec(game_id)
    info = game_spec.make().info
    sizes = []
    for k in range(info.min_players, info.max_players + 1):
        try:
            game = game_spec.make({"players": k})
        except TutorError:  # a game without the option, or this size
            continue
        if game.players == game.info.active_players:
            sizes.append(k)
    return tuple(sizes) or (info.players,)


def view_seed(view: View) -> int:
    """A sampling seed made from what ``view``'s seat knows (its public facts and its hand):
    the same view, the same seed — nothing hidden goes into it."""
    text = json.dumps(view.public(), sort_keys=True) + " ".join(c.text for c in view.hand)
    return zlib.crc32(text.encode("utf-8"))


__all__ = ["DEFAULT_GAME", "DRAWING_KINDS", "HINT_BID_DEALS", "HINT_BUDGET", "NOTE_WORLDS",
           "TableError", "TableGame", "active_seats", "deals_table", "game_part", "names_number",
           "table_choices", "table_games", "table_sizes", "view_seed"]
