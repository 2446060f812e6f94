"""A problem's goal, as a test on the bidder's final value.

The double-dummy solver counts one value per deal: the bidder's final card points P (Solo,
Heart Solo, Guarantee Solo, Call Solo, SBS-12; Frog's contracts, FR-1) or the bidder's tricks
(Misère, SBS-V1), as the game's solver adapter says (:mod:`tutor.solver.games`). Every goal a
problem sets is a threshold on that value, seen from the learner's seat:

- ``make`` — the learner is the bidder and makes the contract, as the game's own settlement
  says (SBS-10, SBS-11: 61 for Solo, 80 or 74 for Guarantee Solo, 120 for Call Solo, no trick
  in a misère);
- ``beat`` — the learner is a defender and the contract fails;
- ``at-least`` — the bidder ends with at least ``target`` (Solo pays on the margin, SBS-10:
  every point over 60 is worth chips);
- ``at-most`` — the bidder ends with at most ``target`` (a defender holding a Solo down).

A goal is a :class:`Goal`: the learner wants the value at least (``up``) or at most (not
``up``) its ``target``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from ..errors import RecordError
from ..games.tapp import TappState
from ..solver.games import Question, adapter

GoalKind = Literal["make", "beat", "at-least", "at-most"]
KINDS: tuple[GoalKind, ...] = ("make", "beat", "at-least", "at-most")


class ProblemError(RecordError):
    """A problem record that is malformed or inconsistent (the PRB rules of the README's
    "Problems" section, and the REC rules of the hand record it stands on)."""


@dataclass(frozen=True)
class Goal:
    """What the learner must reach: the bidder's final value at least (``up``) or at most
    ``target``, in the solver's ``unit`` (``points`` or ``tricks``)."""

    kind: GoalKind
    up: bool
    target: int
    unit: str

    def met(self, value: int) -> bool:
        """Does the bidder's final ``value`` reach the goal?"""
        return value >= self.target if self.up else value <= self.target

    def as_dict(self) -> dict[str, Any]:
        """The record's ``goal`` object: the kind, and the target where the kind has one."""
        if self.kind in ("make", "beat"):
            return {"kind": self.kind}
        return {"kind": self.kind, "target": self.target}


def made_threshold(state: TappState, question: Question) -> tuple[bool, int]:
    """How the game's settlement reads the bidder's final value: (``up``, ``t``) — made when
    the value is at least ``t`` (``up``) or at most ``t``. Read from the solver adapter's
    ``settle`` over every value the unit allows, so it is the game's rule, not a copy of it."""
    top = 11 if question.unit == "tricks" else 120
    made = [adapter(state.game.id).settle(state, v).made for v in range(top + 1)]
    if made[top] and not made[0]:
        return True, made.index(True)
    if made[0] and not made[top]:
        return False, made.index(False) - 1
    raise ProblemError("PRB-3", "this contract's result does not turn on one threshold",
                       where="problem.goal", what=str(state.contract_id))


def goal_of(state: TappState, seat: int, data: Mapping[str, Any],
            question: Question) -> Goal:
    """The :class:`Goal` of a record's ``goal`` object for the learner at ``seat`` in ``state``
    (a deal in the play). PRB-3 names what does not fit: an unknown kind, a target missing or
    out of range, ``make``/``at-least`` for a defender, ``beat``/``at-most`` for the bidder."""
    where = "problem.goal"
    if not isinstance(data, Mapping):
        raise ProblemError("PRB-1", "the goal is an object", where=where)
    kind = data.get("kind")
    if kind not in KINDS:
        raise ProblemError("PRB-3", "the goal's kind is one of " + ", ".join(KINDS),
                           where=f"{where}.kind", what=repr(kind))
    bidder = state.bidder
    is_bidder = seat == bidder
    if kind in ("make", "at-least") and not is_bidder:
        raise ProblemError("PRB-3", f"a goal '{kind}' is the bidder's; seat {seat} defends",
                           where=f"{where}.kind", what=kind)
    if kind in ("beat", "at-most") and is_bidder:
        raise ProblemError("PRB-3", f"a goal '{kind}' is a defender's; seat {seat} is the "
                           "bidder", where=f"{where}.kind", what=kind)
    unit = question.unit
    if kind in ("make", "beat"):
        if set(data) - {"kind"}:
            raise ProblemError("PRB-1", f"a goal '{kind}' has no other key", where=where)
        up, t = made_threshold(state, question)
        if kind == "beat":  # the contract fails: the other side of the threshold
            up, t = (not up), (t - 1 if up else t + 1)
        return Goal(kind, up, t, unit)
    target = data.get("target")
    top = 11 if unit == "tricks" else 120
    if type(target) is not int or not 0 <= target <= top:
        raise ProblemError("PRB-3", f"the target is a whole number 0..{top} ({unit})",
                           where=f"{where}.target", what=repr(target))
    if set(data) - {"kind", "target"}:
        raise ProblemError("PRB-1", "a goal holds only kind and target", where=where)
    if not question.bidder_max:  # a misère: only making or beating it is a goal
        raise ProblemError("PRB-3", f"'{kind}' is not a goal of a contract whose bidder "
                           f"wants fewer {unit}", where=f"{where}.kind", what=kind)
    return Goal(kind, kind == "at-least", target, unit)


def goal_words(goal: Goal, contract: str) -> str:
    """The goal in a learner's words: ``make your Solo: 61 card points or more``."""
    unit = "card points" if goal.unit == "points" else "tricks"
    if goal.kind == "make":
        if goal.unit == "tricks" and not goal.up and goal.target == 0:
            return f"make your {contract}: take no trick"
        if goal.up:
            return f"make your {contract}: {goal.target} {unit} or more (the widow included)"
        return f"make your {contract}: at most {goal.target} {unit}"
    if goal.kind == "beat":
        if goal.unit == "tricks" and goal.up and goal.target == 1:
            return f"beat the {contract}: make the bidder take a trick"
        if goal.up:
            return f"beat the {contract}: the bidder must end with {goal.target} {unit} or more"
        return (f"beat the {contract}: hold the bidder to {goal.target} {unit} or fewer "
                "(the widow included)")
    if goal.kind == "at-least":
        return f"take at least {goal.target} {unit} in your {contract} (the widow included)"
    return f"hold the bidder's {contract} to at most {goal.target} {unit} (the widow included)"


__all__ = ["KINDS", "Goal", "GoalKind", "ProblemError", "goal_of", "goal_words",
           "made_threshold"]
