"""What a game tells the solver and the bid advisor, and where the solver finds it.

The kernel answers one kind of question on the Tapp family's deck: three hands in play order, a
trump, and one side maximising the units — card points or tricks — that some of the hands take.
A game says how its contracts put the play to the kernel in ``tutor/games/<game>/solver.py``
(its ``SOLVER``, a :class:`SolverAdapter`: the :class:`Question` a state in the play asks, and
the :class:`Settlement` a value comes to), and which contracts the advisor weighs in
``tutor/games/<game>/advisor.py`` (its ``ADVISOR``, an :class:`AdvisorAdapter`). :func:`adapter`
and :func:`advisor_adapter` load them by game id; a game without one is a
:class:`NoAdapterError` naming it.
"""

from __future__ import annotations

import importlib
from typing import Any, Literal, NamedTuple, Protocol

from ..errors import RecordError
from ..games import spec
from ..games.tapp import SeatView, TappState


class Question(NamedTuple):
    """How a state in the play is put to the kernel.

    ``trump`` is the suit the kernel plays with (0..3, -1 none); ``unit`` what the value counts;
    ``bidder_max`` True when the bidder maximises the bidder's own units, False when the bidder
    minimises them (a misère: the kernel then lets the bidder maximise the defenders' units);
    ``base`` what the bidder already has towards the value — units won in tricks, plus any cards
    laid away that count (a widow, a discard).
    """

    trump: int
    unit: Literal["points", "tricks"]
    bidder_max: bool
    base: int


class Settlement(NamedTuple):
    """What a value settles into: each seat's chips, and whether the contract is made."""

    chips: list[int]
    made: bool


class SolverAdapter(Protocol):
    """A game's contracts as kernel questions, and a value's settlement."""

    def question(self, state: TappState) -> Question:
        """The question of ``state``, a deal of this game in the play."""
        ...

    def settle(self, state: TappState, value: int) -> Settlement:
        """The settlement if the deal of ``state`` (its contract declared) ends with the
        bidder's ``value`` in the question's unit."""
        ...


class AdvisorAdapter(Protocol):
    """The rows of a game's bid advisor: contracts (with their trumps) and how each is declared,
    asked about and labelled. A row is a contract number (the call ``CALL_BASE + contract``)
    and a trump suit (-1: none)."""

    #: what the advisor's method line says of how this game's declaration is made, ending in
    #: "; " ("" when the rows say it all)
    declaration_note: str

    def rows(self, view: SeatView) -> list[tuple[int, int]]:
        """(contract, trump) for every contract still open to the player to move in ``view``
        (in the auction), with each trump the bidder could name."""
        ...

    def contract_id(self, contract: int) -> str:
        """The record id of ``contract``."""
        ...

    def label(self, contract: int, trump: int) -> str:
        """The row's words: ``Solo ♠``, ``Heart Solo``."""
        ...

    def target(self, contract: int, trump: int) -> int | None:
        """The one value the row's chips depend on — a fixed tariff's target, 1 for "anything
        at all" in a misère — or ``None`` when the row pays on the margin (the exact value)."""
        ...

    def tariff(self, contract: int, trump: int) -> int:
        """What each opponent pays on a fixed-tariff row (0 for a row paid on the margin)."""
        ...

    def declare(self, state: TappState, contract: int, trump: int) -> TappState:
        """A copy of ``state`` (in the auction) in which the player to move bids ``contract``,
        the others pass, and the bidder declares ``trump`` and the rest (by rule of thumb where
        the row does not say), standing at the first lead."""
        ...


class NoAdapterError(RecordError):
    """The solver or the advisor has no adapter for the record's game (REC-2)."""


def _load(game_id: str, room: str, name: str) -> Any:
    folder = spec(game_id).folder  # REC-2 for a game that is not registered
    module_name = f"{folder}.{room}"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as e:
        if e.name != module_name:
            raise
        raise NoAdapterError("REC-2", f"the {room} does not know {game_id} yet", where="game",
                             what=game_id) from None
    return getattr(module, name)


_SOLVERS: dict[str, SolverAdapter] = {}
_ADVISORS: dict[str, AdvisorAdapter] = {}


def adapter(game_id: str) -> SolverAdapter:
    """The solver adapter of ``game_id`` (``tutor/games/<game>/solver.py``, its ``SOLVER``)."""
    found = _SOLVERS.get(game_id)
    if found is None:
        found = _SOLVERS[game_id] = _load(game_id, "solver", "SOLVER")
    return found


def advisor_adapter(game_id: str) -> AdvisorAdapter:
    """The advisor adapter of ``game_id`` (``tutor/games/<game>/advisor.py``, its
    ``ADVISOR``)."""
    found = _ADVISORS.get(game_id)
    if found is None:
        found = _ADVISORS[game_id] = _load(game_id, "advisor", "ADVISOR")
    return found


__all__ = ["AdvisorAdapter", "NoAdapterError", "Question", "Settlement", "SolverAdapter",
           "adapter", "advisor_adapter"]
