"""The table's own input errors (besides the engine's rule errors, SBS-n, FR-n, REC-n).

- TABLE-1 nothing to take back (the learner has not acted, the deal is settled in a match, or
  the take-back would reach back past the widow the learner has taken into hand);
- TABLE-2 a seat, a player count or a bots' level the table cannot use for this game;
- TABLE-3 a deal file name or folder that cannot be used (:mod:`tutor.play.saved`);
- TABLE-4 the deal is over (no hint) or not over (no review);
- TABLE-5 a helper this game does not have yet (hints, comparisons and the review rest on the
  sampling bots, :mod:`tutor.play.levels`).
"""

from __future__ import annotations

from ..errors import TutorError


class TableError(TutorError):
    """A table input error (TABLE-1..5, see the module docstring)."""


__all__ = ["TableError"]
