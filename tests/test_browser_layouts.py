"""The table's seats in a real browser: 2 to 12 seats legible at 1280 px and at 360 px, light and
dark (Debian's chromium through Playwright, the page of ``tests/seat_layouts.py``).

Legible means here, for every layout: nothing scrolls sideways; no two seats (nor a seat and
the centre) overlap; every seat stays inside the page; no seat label is cut off, none is set
below 12 px, and each reads at WCAG AA contrast on its box — and so do the side marks and the
teaching aid's line under a seat (Crazy Solo's), at 11 px or more; every face-up card keeps a
readable size. On a desktop the seats ring the table (the learner's seat below all others, the
left column left of the centre, the right column right of it); on a phone they go two to a row.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest_lesson import SCREENSHOTS
from seat_layouts import COUNTS, page_html

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("voila")]

#: What the page holds, measured in the browser: per layout, each box of the ring (its place
#: in the grid from the inline style, its rectangle, its label's size, overflow and colours)
#: and the smallest face-up card.
MEASURE = """() => {
  const rgb = s => (s.match(/[\\d.]+/g) || []).slice(0, 4).map(Number);
  const bg = el => {  // the first opaque background up the tree
    for (let e = el; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c.length === 3 || c[3] > 0) return c.slice(0, 3);
    }
    return [255, 255, 255];
  };
  const rect = r => ({x: r.x, y: r.y, w: r.width, h: r.height});
  return {
    scroll: document.documentElement.scrollWidth,
    layouts: Array.from(document.querySelectorAll('[data-seats]')).map(sec => {
      const boxes = Array.from(sec.querySelectorAll('.st-ring > .st-place')).map(b => {
        const who = b.querySelector(':scope > .st-who');
        const small = Array.from(b.querySelectorAll('.st-badge, .st-seat-note')).map(e => ({
          cls: e.className, font: parseFloat(getComputedStyle(e).fontSize),
          ink: rgb(getComputedStyle(e).color).slice(0, 3), paper: bg(e),
          cut: e.getBoundingClientRect().right > b.getBoundingClientRect().right + 1,
        }));
        return {
          cls: b.className, box: rect(b.getBoundingClientRect()),
          col: b.style.getPropertyValue('--st-c'),
          font: who ? parseFloat(getComputedStyle(who).fontSize) : null,
          cut: who ? who.scrollWidth > who.clientWidth + 1 : false,
          ink: who ? rgb(getComputedStyle(who).color).slice(0, 3) : null,
          paper: who ? bg(who) : null,
          small,
        };
      });
      const faces = Array.from(sec.querySelectorAll('svg.st-card:not(.st-back)'))
        .map(c => c.getBoundingClientRect().width);
      const cols = getComputedStyle(sec.querySelector('.st-ring')).gridTemplateColumns
        .split(' ').length;
      return {n: Number(sec.dataset.seats), boxes, face: Math.min(...faces), cols};
    }),
  };
}"""


def luminance(c: list[float]) -> float:
    def ch(v: float) -> float:
        v /= 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    return 0.2126 * ch(c[0]) + 0.7152 * ch(c[1]) + 0.0722 * ch(c[2])


def contrast(a: list[float], b: list[float]) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def overlap(a: dict[str, float], b: dict[str, float]) -> float:
    w = min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"])
    h = min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"])
    return max(w, 0) * max(h, 0)


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("width", [1280, 360])
def test_two_to_twelve_seats_are_legible(browser: Any, width: int, theme: str) -> None:
    page = browser.new_page(viewport={"width": width, "height": 900})
    try:
        page.set_content(page_html(theme))
        m = page.evaluate(MEASURE)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"browser-seat-layouts-{width}-{theme}.png"),
                        full_page=True)
    finally:
        page.close()
    assert m["scroll"] <= width, "the page scrolls sideways"
    assert [lay["n"] for lay in m["layouts"]] == list(COUNTS)
    for lay in m["layouts"]:
        n, boxes = lay["n"], lay["boxes"]
        seats = [b for b in boxes if "st-seat" in b["cls"]]
        assert len(seats) == n and len(boxes) == n + 1  # the seats and the centre
        for i, a in enumerate(boxes):
            assert a["box"]["x"] >= 0 and a["box"]["x"] + a["box"]["w"] <= width + 0.5, (n, a)
            for b in boxes[i + 1:]:
                assert overlap(a["box"], b["box"]) < 1, (n, a["cls"], b["cls"])
        for s in seats:
            assert s["font"] >= 12 and not s["cut"], (n, s)
            assert contrast(s["ink"], s["paper"]) >= 4.5, (n, theme, s["ink"], s["paper"])
            for e in s["small"]:  # the side marks and the teaching aid's line (Crazy Solo)
                assert e["font"] >= 11 and not e["cut"], (n, e)
                assert contrast(e["ink"], e["paper"]) >= 4.5, (n, theme, e)
        marks = {c for s in seats for e in s["small"] for c in e["cls"].split()}
        if n >= 4:  # every mark drawn somewhere
            assert {"st-badge-unknown", "st-badge-gang", "st-seat-note"} <= marks, marks
        assert lay["face"] >= 28, (n, lay["face"])  # a face-up card stays readable
        bottom = next(b["box"] for b in seats if "st-bottom" in b["cls"])
        others = [b for b in seats if "st-bottom" not in b["cls"]]
        assert all(o["box"]["y"] + o["box"]["h"] <= bottom["y"] + 0.5 for o in others)
        if width >= 1000:  # the ring: left column, centre, right column
            centre = next(b["box"] for b in boxes if "st-centre" in b["cls"])
            cols = lay["cols"]
            assert cols == n - 1 - 2 * ((n - 1) // 3) + 2
            for o in others:
                mid = o["box"]["x"] + o["box"]["w"] / 2
                if o["col"] == "1":
                    assert mid < centre["x"], (n, o)
                elif o["col"] == str(cols):
                    assert mid > centre["x"] + centre["w"], (n, o)
        else:  # two seats to a row, in clockwise order
            assert lay["cols"] == 2
            widths = {round(o["box"]["w"]) for o in others}
            assert max(widths) <= width / 2, (n, widths)
