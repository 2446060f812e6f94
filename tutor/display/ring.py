"""The seats of a table around it: 2 to 12 seats on a grid ring, legible on a desktop and a phone.

:func:`ring_plan` is the pure geometry: the learner's seat (or the seat drawn nearest the
reader) at the bottom across the whole width, the other seats clockwise from it — up the left
side, along the top, down the right side — and the centre of the table (the trick) between
them. :func:`ring_html` puts drawn seats (:class:`SeatPlace`) and a centre on that plan.

Each box carries its grid place as CSS custom properties (``--st-r`` row, ``--st-c`` column),
which ``assets/lesson.css`` reads on a wide box; in a narrow box (a phone, a narrow notebook
column: a container or media query) the same stylesheet ignores them and lays the seats out two
to a row, in clockwise order, then the centre, then the learner. Without the stylesheet the
boxes stack, in that same order, which is also the order a screen reader reads them.

>>> plan = ring_plan(4)
>>> plan.cols, plan.seats[0], plan.seats[1:]
(3, (3, '1 / -1'), ((2, '1'), (1, '2'), (2, '3')))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .markup import DisplayError, HtmlStr, esc

#: The seats a ring holds: a two-handed game to a twelve-seat table.
MIN_SEATS, MAX_SEATS = 2, 12


@dataclass(frozen=True)
class RingPlan:
    """Where ``n`` seats and the centre stand on a grid of ``cols`` columns and ``rows`` rows.

    ``seats[k]`` is the grid place ``(row, column)`` of the k-th seat clockwise from the seat at
    the bottom (k = 0); a column is CSS ``grid-column`` text (``"2"``, ``"1 / -1"``).
    ``centre`` is the centre's ``(row, column)``, its row also CSS text (``"2 / 4"``).
    """

    n: int
    cols: int
    rows: int
    seats: tuple[tuple[int, str], ...]
    centre: tuple[str, str]


def ring_plan(n: int) -> RingPlan:
    """The grid places of ``n`` seats (2..12) around a table, clockwise from the bottom seat.

    Of the ``n - 1`` other seats a third go up each side (``s = (n - 1) // 3``) and the rest
    along the top, so no row or column holds more than five and 12 seats fit a desktop's
    width: the top row has ``top = n - 1 - 2s`` seats between the two side columns. Corners stay
    empty, as at a real table. DSP-2 outside 2..12.
    """
    if isinstance(n, bool) or not isinstance(n, int) or not MIN_SEATS <= n <= MAX_SEATS:
        raise DisplayError("DSP-2", f"a table has {MIN_SEATS}..{MAX_SEATS} seats",
                           where="ring_plan", what=repr(n))
    others = n - 1
    side = others // 3
    top = others - 2 * side
    cols = top + 2
    middle = max(side, 1)  # the rows between the top row and the bottom seat
    bottom = middle + 2
    places: list[tuple[int, str]] = [(bottom, "1 / -1")]
    for k in range(1, others + 1):
        if k <= side:  # up the left side, nearest the bottom seat first
            places.append((side + 2 - k, "1"))
        elif k <= side + top:  # along the top, left to right
            places.append((1, str(2 + k - side - 1)))
        else:  # down the right side
            places.append((2 + k - side - top - 1, str(cols)))
    centre_cols = f"2 / {cols}" if side else "1 / -1"
    return RingPlan(n=n, cols=cols, rows=bottom, seats=tuple(places),
                    centre=(f"2 / {2 + middle}", centre_cols))


@dataclass(frozen=True)
class SeatPlace:
    """One seat as the ring draws it: its ``label`` (``seat 2 (middlehand, dealer)``), its
    ``body`` (HTML: card backs, a hand, a note), short ``marks`` shown as badges and read out
    (``to move``, ``bidder``), and whether it is ``out`` of this deal (drawn faded)."""

    seat: int
    label: str
    body: str = ""
    marks: tuple[str, ...] = ()
    out: bool = False


def _place(p: SeatPlace, row: int | str, col: str, extra: str) -> str:
    cls = "st-place st-seat" + extra + (" st-out" if p.out else "") + "".join(
        f" st-mark-{m.replace(' ', '-')}" for m in p.marks)
    badges = "".join(f' <span class="st-badge st-badge-{m.replace(" ", "-")}">{esc(m)}</span>'
                     for m in p.marks)
    spoken = p.label + "".join(f", {m}" for m in p.marks)
    return (f'<div class="{cls}" style="--st-r:{row};--st-c:{col}" role="group" '
            f'aria-label="{esc(spoken)}"><div class="st-who">{esc(p.label)}{badges}</div>'
            f"{p.body}</div>")


def ring_html(places: Sequence[SeatPlace], centre: str = "", *, label: str = "the table"
              ) -> HtmlStr:
    """``places`` around a table: ``places[0]`` at the bottom across the width (the learner),
    the others clockwise from it, and the ``centre`` HTML (the trick) in the middle.

    The places go into the page in that order — clockwise from the bottom seat's left, then the
    centre, then the bottom seat — so a narrow screen and a screen reader meet the other seats
    first and the learner's own hand last, next to the buttons below it.
    """
    plan = ring_plan(len(places))
    parts = [_place(p, plan.seats[k][0], plan.seats[k][1], "")
             for k, p in enumerate(places) if k]
    row, col = plan.centre
    parts.append(f'<div class="st-place st-centre" style="--st-r:{row};--st-c:{col}">'
                 f"{centre}</div>")
    bottom_row, bottom_col = plan.seats[0]
    parts.append(_place(places[0], bottom_row, bottom_col, " st-bottom"))
    return HtmlStr(f'<div class="st-ring-box"><div class="st-ring st-seats-{plan.n}" '
                   f'style="--st-cols:{plan.cols}" role="group" aria-label="{esc(label)}">'
                   f'{"".join(parts)}</div></div>')


__all__ = ["MAX_SEATS", "MIN_SEATS", "RingPlan", "SeatPlace", "ring_html", "ring_plan"]
