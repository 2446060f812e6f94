"""The 95% intervals every sampled figure is reported with: the advisor's rows, the PIMC bot's
card choices and the arena's chips per deal.

- :func:`mean_interval` — Student's t for the mean of a few numbers (sampled worlds, duplicate
  deals): with few samples the normal 1.96 would make a handful of agreeing worlds look
  certain; one sample gives ±infinity.
- :func:`wilson` — the Wilson interval for a proportion (how often a contract is made), which
  stays inside [0, 1] and is honest at 0 of n and n of n.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

#: the normal 97.5% point, used above 30 degrees of freedom and by the Wilson interval
Z95 = 1.959964

#: Student's t, 97.5% point, by degrees of freedom 1..30
T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
        2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
        2.060, 2.056, 2.052, 2.048, 2.045, 2.042)


def t975(df: int) -> float:
    """Student's t 97.5% point for ``df`` ≥ 1 degrees of freedom (the normal one above 30)."""
    return T975[df - 1] if df <= len(T975) else Z95


def mean_interval(xs: Sequence[float]) -> tuple[float, float]:
    """95% interval for the mean of ``xs`` (Student's t; fewer than two: ±infinity).

    >>> lo, hi = mean_interval([1.0, 2.0, 3.0])
    >>> round(lo, 2), round(hi, 2)
    (-0.48, 4.48)
    """
    n = len(xs)
    if n < 2:
        return -math.inf, math.inf
    half = t975(n - 1) * statistics.stdev(xs) / math.sqrt(n)
    m = statistics.fmean(xs)
    return m - half, m + half


def wilson(k: int, n: int) -> tuple[float, float]:
    """95% Wilson interval for a proportion ``k/n`` (no trials: the whole of [0, 1])."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)
