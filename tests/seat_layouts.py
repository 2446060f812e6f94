"""Test layouts of the table's seats: 2 to 12 seats drawn as the table draws them.

Each layout is a made-up seat view — a 52-card deal to every seat but one sitting out, hand
sizes that differ, a trick in progress, long seat labels, Crazy Solo's side marks and a line of
teaching aid under the unknown seats — drawn by the display's own
functions (:func:`tutor.display.table.seat_places`, :func:`~tutor.display.table.trick_centre`,
:func:`tutor.display.ring.ring_html`) with the lesson stylesheet. ``tests/test_browser_layouts.py``
checks the page in Chromium; ``python tests/seat_layouts.py`` writes it to
``build/seat-layouts.html`` and screenshots it at 1280 px and 360 px, light and dark, into
``build/screenshots/seat-layouts-*.png`` (one picture per width and theme, one per layout, and
three of real views: a five-player Six-Bid Solo table, a Frog bidder at the table, a finished
Frog deal).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tutor.cards import DECK_52, Card
from tutor.display import hand_svg, style_html
from tutor.display.markup import HtmlStr, esc
from tutor.display.ring import ring_html
from tutor.display.table import seat_places, trick_centre

ROOT = Path(__file__).resolve().parents[1]
#: the seat counts shown, a two-handed game to a twelve-seat table
COUNTS = (2, 3, 4, 5, 6, 8, 10, 12)
WIDTHS = (1280, 360)
THEMES = ("light", "dark")


@dataclass(frozen=True)
class FakeView:
    """The fields of a seat view that the seats' drawing reads, made up for a table of any size
    (the real :class:`~tutor.games.tapp.SeatView` holds a Tapp game's three active seats)."""

    seat: int
    active: tuple[int, ...]
    dealer: int
    to_move: int | None
    bidder: int | None
    hand_sizes: tuple[int, ...]
    phase: str
    trick_leader: int | None
    trick: tuple[Card, ...]


class Words:
    """Seat names for a made-up table: ``seat 4 (3rd hand, dealer)``, ``seat 7 (sits out)``."""

    def seat_label(self, seat: int, active: Sequence[int], dealer: int | None = None) -> str:
        if seat in active:
            k = list(active).index(seat) + 1
            bits = [f"{k}{'st' if k == 1 else 'nd' if k == 2 else 'rd' if k == 3 else 'th'} hand"]
        else:
            bits = ["sits out"]
        if seat == dealer:
            bits.append("dealer")
        return f"seat {seat} ({', '.join(bits)})"

    def seat_marks(self, view: Any, seat: int) -> tuple[str, ...]:
        """The sides as a Crazy Solo table marks them: the bidder, and the others unknown or,
        every third seat in the calling order from the second, in the gang."""
        if seat == view.bidder:
            return ("bidder",)
        if seat not in view.active or seat == view.seat:
            return ()
        return ("gang",) if list(view.active).index(seat) % 3 == 1 else ("unknown",)


def notes_of(view: FakeView) -> dict[int, str]:
    """A teaching aid's line under each unknown seat (Crazy Solo's share of sampled deals)."""
    words = Words()
    return {s: f"holds A♥ in {(7 * s) % 40}% of sampled deals" for s in view.active
            if words.seat_marks(view, s) == ("unknown",)}


def layout(n: int, seed: int = 0) -> tuple[FakeView, list[Card]]:
    """A made-up view of seat 0 at a table of ``n``: with 5 or more seats one sits out; every
    active seat holds 13 cards or its share of 52, less the cards played to the trick."""
    rng = random.Random(seed * 100 + n)
    dealer = n - 1
    out = {n // 2} if n >= 5 else set()
    active = tuple((dealer + 1 + i) % n for i in range(n) if (dealer + 1 + i) % n not in out)
    share = min(13, 52 // len(active))
    deck = list(DECK_52.cards)
    rng.shuffle(deck)
    # everyone but the learner (seat 0, the last to play) has played a card to the trick
    trick = tuple(deck[:len(active) - 1])
    leader = active[1] if len(active) > 1 else active[0]
    sizes = tuple(0 if s in out else share - (1 if s != 0 else 0) - (s % 3 == 2) for s in range(n))
    hand = deck[len(trick):len(trick) + sizes[0]]
    view = FakeView(seat=0, active=active, dealer=dealer, to_move=0, bidder=active[-1],
                    hand_sizes=sizes, phase="play", trick_leader=leader, trick=trick)
    return view, hand


def layout_html(n: int) -> HtmlStr:
    """One layout: the table of ``n`` seats as the table's view draws it."""
    view, hand = layout(n)
    fake: Any = view  # duck-typed: seat_places and trick_centre read only these fields
    own = hand_svg(hand, width=56, label="your hand", deck=DECK_52)
    ring = ring_html(seat_places(fake, Words(), own, backs_width=26,  # type: ignore[arg-type]
                                 notes=notes_of(view)),
                     trick_centre(fake, width=48), label=f"a table of {n} seats")
    return HtmlStr(f'<section class="st-root st-view st-layout" data-seats="{n}" '
                   f'aria-label="{n} seats"><h3 class="st-h">{n} seats</h3>{ring}</section>')


def played_to(game: Any, seed: int, stop: Any) -> Any:
    """A seeded deal of ``game`` played at random (legal actions) until ``stop(state)``."""
    rng = random.Random(seed)
    state = game.new_deal(rng, rng.randrange(game.players))
    while not state.is_terminal() and not stop(state):
        state.apply(rng.choice(state.legal_actions()))
    return state


def real_views_html() -> str:
    """Real views beside the made-up ones: a five-player Six-Bid Solo table mid-trick, a Frog
    bidder's view after the discard (the table's drawing, with the discard), and a finished
    Frog deal drawn whole."""
    from tutor.display import deal_html, view_html
    from tutor.display.play_table import table_view_html
    from tutor.games import make_game

    def mid_trick(s: Any) -> bool:
        return s.phase == "play" and len(s.trick) == 2

    sbs = played_to(make_game("six-bid-solo", {"players": 5}), 4, mid_trick)
    frog = next(st for seed in range(200)
                if (st := played_to(make_game("frog"), seed, mid_trick)).contract_id == "frog")
    done = next(st for seed in range(200)
                if (st := played_to(make_game("frog"), seed, lambda s: False)).contract_id
                == "frog")
    seat = sbs.to_move
    bidder = frog.bidder
    parts = [("Six-Bid Solo, 5 players: view_html", view_html(sbs.view(seat))),
             ("Frog, the bidder at the table: table_view_html",
              table_view_html(frog.view(bidder), {}, fallen=[], teaching_aid=False)),
             ("A finished Frog deal: deal_html", deal_html(done, width=40))]
    return "".join(f'<section class="st-real" data-real="{i}"><h3 class="st-h">{esc(t)}</h3>'
                   f"{h}</section>" for i, (t, h) in enumerate(parts))


PAGE_CSS = """
body { margin: 8px; background: #ffffff; }
body.st-theme-dark { background: #1b1f24; }
.st-layout { margin-bottom: 1.5em; }
"""


def page_html(theme: str = "light", counts: Sequence[int] = COUNTS, real: bool = False) -> str:
    """The whole page: the lesson stylesheet, one layout per seat count and, with ``real``,
    the real views of :func:`real_views_html`."""
    cls = "st-theme-dark" if theme == "dark" else "st-theme-light"
    body = "".join(layout_html(n) for n in counts) + (real_views_html() if real else "")
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" '
            f'content="width=device-width, initial-scale=1"><title>Seat layouts</title>'
            f"{style_html()}<style>{PAGE_CSS}</style></head>"
            f'<body class="{esc(cls)}">{body}</body></html>')


def screenshots(out: Path = ROOT / "build" / "screenshots") -> list[Path]:
    """Render the page in Debian's chromium at each width and theme; save the pictures."""
    from conftest_lesson import CHROMIUM_FLAGS, chromium_path
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    (ROOT / "build").mkdir(exist_ok=True)
    saved = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(),
                                     args=["--headless", *CHROMIUM_FLAGS])
        try:
            for theme in THEMES:
                html = page_html(theme, real=True)
                (ROOT / "build" / f"seat-layouts-{theme}.html").write_text(html, "utf-8")
                for width in WIDTHS:
                    page = browser.new_page(viewport={"width": width, "height": 800})
                    page.set_content(html)
                    path = out / f"seat-layouts-{width}-{theme}.png"
                    page.screenshot(path=str(path), full_page=True)
                    saved.append(path)
                    for n in COUNTS:
                        one = out / f"seat-layouts-{width}-{theme}-{n}.png"
                        page.locator(f'[data-seats="{n}"]').screenshot(path=str(one))
                        saved.append(one)
                    for i in range(3):
                        one = out / f"seat-layouts-{width}-{theme}-real{i}.png"
                        page.locator(f'[data-real="{i}"]').screenshot(path=str(one))
                        saved.append(one)
                    page.close()
        finally:
            browser.close()
    return saved


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    for p in screenshots():
        print(p.relative_to(ROOT))
