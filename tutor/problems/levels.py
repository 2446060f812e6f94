"""A problem's level, read from what the solver measured — never set by hand.

Three facts make a problem hard (:class:`~tutor.problems.problem.Facts`):

- **how rarely the guess is punished** (``tempting``): the share of layouts in which the most
  successful failing card still reaches the goal. A guess that works nine times in ten is a
  trap; one that fails half the time is seen through;
- **how many cards fail** (``failing`` of ``cards``): with one wrong card of four the learner
  must find the one, with three of four the one right card;
- **how deep the key play lies** (``depth``): the learner's decisions on the line at which a
  legal card loses — each is a chance to go wrong.

:func:`score` weighs them into 0..1 and :func:`level` cuts the score at :data:`CUTS`. The cuts
were set once, on the 56 problems the generator made from seed 1 (``docs/problems.md``): the
tertiles of their scores, a third of them a level. A shipped problem's stored level must equal
``level(facts)`` (the tests check it).
"""

from __future__ import annotations

from .problem import Facts

#: weights of (tempting, share of failing cards, depth) in the score
WEIGHTS = (0.5, 0.3, 0.2)
#: the score's cuts between levels 1 | 2 | 3
CUTS = (0.645, 0.755)
#: depth counts up to this many critical decisions
DEEPEST = 3


def score(facts: Facts) -> float:
    """0 (easy) .. 1 (hard), from the three facts of the module docstring."""
    wrong = facts.failing / max(1, facts.cards - 1)
    deep = min(facts.depth, DEEPEST) - 1
    w_t, w_f, w_d = WEIGHTS
    return round(w_t * facts.tempting + w_f * wrong + w_d * deep / (DEEPEST - 1), 4)


def level(facts: Facts) -> int:
    """1, 2 or 3 by :func:`score` and :data:`CUTS`."""
    s = score(facts)
    return 1 + sum(s >= c for c in CUTS)


NAMES = {1: "Level 1 — see the danger", 2: "Level 2 — count and guard",
         3: "Level 3 — the deep trap"}

__all__ = ["CUTS", "NAMES", "WEIGHTS", "level", "score"]
