"""The Problems lesson without a UI: pick a problem, play it, ask for the hint, read the
write-up — what :class:`tutor.widgets.problem.ProblemWidget` shows, kept testable.

A :class:`ProblemSession` holds the shipped problems' list (:mod:`tutor.problems.bank`), the
open problem and its :class:`~tutor.problems.defence.Attempt`, the mode (the defence that
adapts, or the original deal), and the learner's progress per problem
(:mod:`tutor.problems.progress`). Opening a problem warms its sure-line search — the first
card's reply then waits on nothing — and every card the learner plays is checked by the
engine (SBS-23) before anything changes.

Nothing of the answer is readable through the session before the attempt ends except on
purpose: :meth:`ProblemSession.hint` (counted in the progress), and :meth:`writeup` only once
the attempt is over.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..errors import IllegalActionError
from ..games.tapp import CARDS, N_CARDS, TappState
from ..quiz.progress import Progress
from .bank import Entry, index, load
from .goal import ProblemError
from .knowledge import Knowledge, Layout
from .problem import Problem, Step

if TYPE_CHECKING:  # the defence and the searches load the solver: with the first problem
    from .defence import Attempt, Cost, Played
    from .sure import SureSearch

DEFAULT_GAME = "six-bid-solo"


@dataclass(frozen=True)
class Result:
    """How an attempt ended: the bidder's final value, whether the goal was met, the mode."""

    value: int
    met: bool
    adaptive: bool


class ProblemSession:
    """One learner's Problems lesson (module docstring)."""

    def __init__(self, game: str = DEFAULT_GAME, *, progress: Progress | None = None) -> None:
        from .progress import ProblemProgress

        self.game = game
        self.entries: tuple[Entry, ...] = index(game)
        if not self.entries:
            raise ProblemError("PRB-1", f"no problems are shipped for {game}", where="game",
                               what=game)
        self.marks = ProblemProgress(progress) if progress is not None else None
        self.adaptive = True
        self.problem: Problem | None = None
        self.attempt: Attempt | None = None
        self.hint_shown = False
        self._searches: dict[str, SureSearch] = {}
        self.result: Result | None = None
        self.costs: list[Cost] = []

    # -- choosing ----------------------------------------------------------------------------
    def levels(self) -> list[int]:
        return sorted({e.level for e in self.entries})

    def entries_at(self, level: int | None) -> list[Entry]:
        """The problems of ``level`` (None: all)."""
        return [e for e in self.entries if level is None or e.level == level]

    def open(self, pid: str) -> Problem:
        """Open problem ``pid`` (PRB-1 for one not shipped) and start an attempt."""
        from .defence import search_for

        problem = load(self.game, pid)
        self.problem = problem
        search = self._searches.get(pid)
        if search is None:
            search = self._searches[pid] = search_for(problem)
            search.sure_cards(search.start.spot)  # warm: the replies wait on nothing
        self.restart()
        return problem

    def set_mode(self, adaptive: bool) -> None:
        """The defence that adapts (True) or the original deal (False); starts afresh."""
        self.adaptive = bool(adaptive)
        if self.problem is not None:
            self.restart()

    def restart(self) -> None:
        """A new attempt at the open problem (the hint stays shown once shown)."""
        from .defence import Attempt

        problem = self._need()
        self.attempt = Attempt(problem, adaptive=self.adaptive,
                               search=self._searches.get(problem.id))
        self.result = None
        self.costs = []

    def _need(self) -> Problem:
        if self.problem is None:
            raise ProblemError("PRB-1", "open a problem first", where="problem")
        return self.problem

    # -- playing -----------------------------------------------------------------------------
    @property
    def done(self) -> bool:
        return self.attempt is not None and self.attempt.done

    def legal(self) -> list[int]:
        return self.attempt.legal() if self.attempt is not None else []

    def world(self) -> TappState:
        """A deal consistent with what the learner has seen (draw only its learner's view)."""
        assert self.attempt is not None
        return self.attempt.world

    def play(self, card: object) -> list[Played]:
        """The learner plays ``card`` (an int 0..35): checked (SBS-23) before anything
        changes; the defence replies; at the end the attempt is scored and counted."""
        attempt = self.attempt
        if attempt is None:
            raise ProblemError("PRB-1", "open a problem first", where="problem")
        if type(card) is not int or not 0 <= card < N_CARDS:
            raise IllegalActionError("SBS-23", "not a card", where=f"seat {attempt.seat}",
                                     what=repr(card))
        if card not in attempt.legal():
            world = attempt.world.copy()
            world.apply(card)  # raises the engine's IllegalActionError with its rule
            raise IllegalActionError("SBS-22", "not the learner's turn",  # pragma: no cover
                                     where=f"seat {attempt.seat}")
        played = attempt.play(card)
        if attempt.done:
            from .defence import card_costs

            met = attempt.met()
            self.result = Result(attempt.value(), met, self.adaptive)
            self.costs = card_costs(attempt)
            if self.marks is not None:
                self.marks.attempt(self.game, self._need().id, met=met,
                                   adaptive=self.adaptive)
        return played

    # -- help and the write-up ---------------------------------------------------------------
    def hint(self) -> str:
        """The first idea of the open problem (counted once per problem opened)."""
        problem = self._need()
        if not self.hint_shown and self.marks is not None:
            self.marks.hint(self.game, problem.id)
        self.hint_shown = True
        return problem.hint

    def writeup(self) -> list[Step]:
        """The write-up's steps, the cost of each card chosen last — only once the attempt is
        over (PRB-7 before)."""
        problem = self._need()
        if not self.done:
            raise ProblemError("PRB-7", "the write-up opens when the attempt is over",
                               where="writeup")
        from .writeup import cost_words

        cost = cost_words(problem.state, problem.goal, self.costs)
        return [*problem.writeup, Step("cost", " ".join(cost))]

    def final_layout(self) -> tuple[Knowledge, Layout]:
        """Where the cards came to lie (after the attempt): the knowledge at the position and
        the layout."""
        assert self.attempt is not None and self.done
        return self.attempt.k0, self.attempt.final_layout()

    def hidden_cards(self) -> set[int]:
        """The cards the learner must not see now: every card not in the learner's hand and
        not played — until the attempt is over."""
        if self.attempt is None or self.done:
            return set()
        view = self.attempt.world.view(self.attempt.seat)
        seen = view.visible_cards()
        return {c for c in range(N_CARDS) if CARDS[c] not in seen}

    def mark_words(self, pid: str) -> str:
        if self.marks is None:
            return ""
        return self.marks.mark(self.game, pid).word

    def summary(self) -> str:
        ids = [e.id for e in self.entries]
        if self.marks is None:
            return f"{len(ids)} problems (practice mode: nothing saved)"
        solved, of = self.marks.summary(self.game, ids)
        return f"{solved} of {of} problems solved against the defence that adapts"


__all__ = ["DEFAULT_GAME", "ProblemSession", "Result"]
