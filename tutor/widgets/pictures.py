"""Static pictures for the lessons: a matplotlib chart of the card points, small engine tables.

These are not interactive, but they live with the widgets because they are lesson furniture.
The card-points chart is drawn by matplotlib (:func:`draw_points_chart`) when the notebooks are
written, and committed as ``notebooks/pictures/card-points.svg``; the lesson reads that file
(:func:`points_picture`), so its kernel does not load matplotlib. The SVG's text and axes take
the page's text colour (``currentColor``) and its background is transparent, so it reads in the
light and the dark theme; ``role="img"`` with a description for screen readers.
"""

from __future__ import annotations

import io
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..cards import DECK_36, Rank, Suit
from ..display import facts_html, trick_svg
from ..display.markup import HtmlStr, esc
from ..engine.record import state_of
from ..errors import RecordError
from ..games import make_game, spec
from ..games.tapp import CARDS, POINTS, TappGame, TappState, active_seats
from .replay import load_record

#: A colour no chart uses, replaced by ``currentColor`` after drawing.
_INK = "#010203"


#: Where the lesson keeps the drawn chart, relative to the notebooks folder.
POINTS_CHART = "pictures/card-points.svg"


def draw_points_chart() -> str:
    """Card points (SBS-3) drawn by matplotlib as SVG markup: points per rank, and the 120 split
    by rank. Deterministic (fixed hash salt, no date), so the committed file can be checked."""
    from matplotlib import rc_context
    from matplotlib.figure import Figure  # the SVG path only; no pyplot, no GUI backend

    ranks = list(DECK_36.ranks)
    labels = ["10" if r is Rank.TEN else r.letter for r in ranks]
    pts = [DECK_36.rank_points(r) for r in ranks]
    suits = len(DECK_36.suits)
    total = sum(pts) * suits
    rc: dict[str, Any] = {"text.color": _INK, "axes.labelcolor": _INK, "axes.edgecolor": _INK,
                          "xtick.color": _INK, "ytick.color": _INK, "font.size": 11,
                          "svg.fonttype": "none", "svg.hashsalt": "solo-tutor"}
    with rc_context(rc):  # type: ignore[arg-type]  # stubs list the keys as Literals
        fig = Figure(figsize=(8.4, 3.3), layout="constrained")
        fig.patch.set_alpha(0)
        left, right = fig.subplots(1, 2, width_ratios=[1.25, 1])
        bars = left.bar(labels, pts, color="#4c78a8")
        left.bar_label(bars, labels=[str(p) for p in pts], padding=2)
        left.set_title("Points of one card, by rank (SBS-3)")
        left.set_ylim(0, max(pts) * 1.25)
        left.set_ylabel("card points")
        left.patch.set_alpha(0)
        for side in ("top", "right"):
            left.spines[side].set_visible(False)
        shares = [(lab, p * suits) for lab, p in zip(labels, pts, strict=True) if p]
        zero = sum(1 for p in pts if not p) * suits
        colours = ["#4c78a8", "#72b7b2", "#f58518", "#e45756", "#b279a2"]
        right.pie([v for _, v in shares], colors=colours, startangle=90, counterclock=False,
                  labels=[f"{suits} × {lab}: {v}" for lab, v in shares],
                  wedgeprops={"width": 0.42, "edgecolor": "none"})
        right.text(0, 0, f"{total}\npoints", ha="center", va="center", fontsize=13)
        right.set_title(f"The {total} points of the pack")
        right.text(0, -1.45, f"{zero} cards (9 8 7 6) hold none", ha="center", fontsize=10)
        buf = io.StringIO()
        fig.savefig(buf, format="svg", transparent=True, metadata={"Date": None})
    svg = buf.getvalue()
    return svg[svg.index("<svg"):].replace(_INK, "currentColor")


def points_picture(path: str | os.PathLike[str] = POINTS_CHART) -> HtmlStr:
    """The card-points chart for the lesson page, with a description for screen readers.

    It is drawn once by matplotlib (:func:`draw_points_chart`, run by
    ``notebooks/make_lessons.py``) and read here from ``path``, so a lesson kernel does not load
    matplotlib (about half a second and 50 MiB per page). Without the file it is drawn now.
    """
    try:
        svg = Path(path).read_text(encoding="utf-8")
    except OSError:
        svg = draw_points_chart()
    pts = [(("10" if r is Rank.TEN else r.letter), DECK_36.rank_points(r))
           for r in DECK_36.ranks]
    desc = (f"Card points by rank: {', '.join(f'{lab} {p}' for lab, p in pts)}. The four aces "
            f"hold {4 * 11} points and the four tens {4 * 10}, "
            f"{sum(p for _, p in pts) * len(DECK_36.suits)} in all.")
    return HtmlStr(f'<figure class="st-root st-chart" role="img" aria-label="{esc(desc)}" '
                   f'style="margin:0;max-width:100%;overflow-x:auto">{svg}</figure>')


def worked_trick(record: Mapping[str, Any] | str | os.PathLike[str], k: int) -> HtmlStr:
    """Trick ``k`` (0..) of a recorded deal, drawn with its winner, the contract and the card
    points in it — every fact from the engine's replay of the record."""
    state = state_of(load_record(record))
    if not isinstance(state, TappState) or not 0 <= k < len(state.tricks):
        raise RecordError("REC-2", "a worked trick is a trick of a Tapp-family deal",
                          where="trick", what=repr(k))
    leader, cards, winner = state.tricks[k]
    seats = [leader]
    while len(seats) < len(cards):
        seats.append(state.next_active(seats[-1]))
    pres = spec(state.game.id).presentation
    labels = [pres.seat_name(s, state.active) for s in seats]
    trump = Suit(state.trump) if state.trump >= 0 else None
    facts = [("Contract", pres.contract_words(state.contract_id, trump)),
             ("Card points in the trick", str(sum(POINTS[c] for c in cards))),
             ("Won by", labels[seats.index(winner)])]
    drawing = trick_svg([CARDS[c] for c in cards], seats=seats, labels=labels, winner=winner)
    return HtmlStr(f'<div class="st-root st-worked-trick">{facts_html(facts)}{drawing}</div>')


def misere_both_ways(record: Mapping[str, Any] | str | os.PathLike[str]) -> HtmlStr:
    """One Misère deal settled under both values of Six-Bid Solo's option ``misere`` (SBS-V1),
    by the engine (a record of another game has no such option: REC-2)."""
    rec = dict(load_record(record))
    rows = []
    for value, words in (("no_tricks", "no tricks (the default)"),
                         ("no_card_points", "no card points")):
        rec["options"] = {**dict(rec.get("options") or {}), "misere": value}
        state = state_of(rec)
        assert isinstance(state, TappState) and state.bidder is not None
        b = state.bidder
        cells = [words, str(state.won_tricks[b]), str(state.won_points[b]),
                 "made" if state.made() else "lost", f"{state.chips()[b]:+d}"]
        rows.append("<tr>" + "".join(f"<td>{esc(c)}</td>" for c in cells) + "</tr>")
    head = "".join(f'<th scope="col">{esc(h)}</th>' for h in (
        "made when the bidder wins", "tricks won", "card points in them", "result",
        "bidder's chips (SBS-11)"))
    return HtmlStr('<table class="st-root st-misere-both"><caption>The same Misère deal under '
                   f"both rules (SBS-V1)</caption><thead><tr>{head}</tr></thead><tbody>"
                   f"{''.join(rows)}</tbody></table>")


def sitout_table(game: str = "six-bid-solo") -> HtmlStr:
    """Who is active for each dealer at 4 and 5 players, under each SBS-V2 option (the engine's
    :func:`~tutor.games.tapp.active_seats`; Frog seats the same way)."""
    head = "<tr><th scope=\"col\">table</th>" + "".join(
        f'<th scope="col">dealer {d}</th>' for d in range(5)) + "</tr>"
    rows = []
    for players, option in ((4, "hoyle"), (5, "hoyle"), (5, "next_dealer"),
                            (5, "second_next_dealer")):
        table = make_game(game, {"players": players, "five_player_sitout": option})
        assert isinstance(table, TappGame)  # every registered game is of the Tapp family
        opts = table.options
        cells = []
        for d in range(5):
            if d >= players:
                cells.append("<td></td>")
                continue
            act = active_seats(opts, d)
            out = [s for s in range(players) if s not in act]
            cells.append(f"<td>sit out: {esc(', '.join(map(str, out)))}</td>")
        name = f"{players} players" + (f", {option}" if players == 5 else "")
        rows.append(f'<tr><th scope="row">{esc(name)}</th>{"".join(cells)}</tr>')
    return HtmlStr('<table class="st-root st-sitout"><caption>Who sits out (SBS-V2), by the '
                   f"dealer's seat</caption><thead>{head}</thead><tbody>{''.join(rows)}"
                   "</tbody></table>")
