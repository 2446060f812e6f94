"""Small building blocks of the display: string types that Jupyter renders, escaping, inputs.

Every drawing function of :mod:`tutor.display` returns an :class:`SvgStr` or an :class:`HtmlStr`:
a plain ``str`` (so it can be put in ``ipywidgets.HTML(value=...)``, written to a file or
compared in a test) that also carries ``_repr_svg_`` / ``_repr_html_``, so a notebook cell that
ends with ``card_svg("TH")`` shows the card. The idea is python-chess's ``chess.svg.SvgWrapper``.
Its ``text/plain`` form is short — ``<svg: ten of hearts>`` — so saved notebooks and nbval
comparisons do not hold the whole markup twice.

Display input errors are :class:`DisplayError` (a :class:`~tutor.errors.TutorError`) with these
rule ids, documented here the way the record module documents REC-n:

- DSP-1 not a card: a display function takes a :class:`~tutor.cards.Card` of any deck, a card
  text (``"TH"``, ``"10♥"``, ``"2S"``) or a card's index in a deck (by default the Tapp family's
  engine ints 0..35, the 36-card deck of SBS-1);
- DSP-2 an option value the function does not know (an emphasis, a seat, a size);
- DSP-3 not something this function can draw (e.g. ``deal_html`` given neither a state nor a
  record), or the lesson stylesheet is missing.
"""

from __future__ import annotations

import re
from html import escape, unescape
from typing import Any

from ..cards import DECK_36, Card, Deck
from ..errors import TutorError


class DisplayError(TutorError):
    """Input a display function cannot draw (DSP-1..3); nothing is drawn."""


_LABEL = re.compile(r'aria-label="([^"]*)"')


def _pretty(kind: str, markup: str) -> str:
    """A short text form for IPython's ``text/plain`` (what nbval compares): the label."""
    m = _LABEL.search(markup)
    label = unescape(m.group(1)) if m else f"{len(markup)} characters"
    return f"<{kind}: {label}>"


class SvgStr(str):
    """An SVG document as a ``str``; Jupyter shows it inline (HTML) or as an image (SVG)."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        # Inline HTML takes the page's CSS variables (dark theme); an <img> of the SVG would not.
        return str(self)

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text(_pretty("svg", self))


class HtmlStr(str):
    """An HTML fragment as a ``str``; Jupyter renders it."""

    __slots__ = ()

    def _repr_html_(self) -> str:
        return str(self)

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text(_pretty("html", self))


def esc(text: object) -> str:
    """Escape text for element content and double-quoted attribute values."""
    return escape(str(text), quote=True)


def num(x: float) -> str:
    """A coordinate with at most two decimals and no trailing zeros (keeps the SVG small)."""
    s = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if s == "-0" else s


CardLike = Card | str | int


def as_card(card: object, where: str = "card", deck: Deck | None = None) -> Card:
    """A :class:`Card` from a Card, a card text or an index into ``deck`` (DSP-1 otherwise).

    Any card of the 52 is drawn — Pitch's 2♠ as well as Sixty-Six's 24 cards — and an int is a
    position in ``deck.cards``: without ``deck`` the Tapp family's engine ints 0..35
    (:data:`tutor.cards.DECK_36`). With a ``deck``, a Card or a text outside it is DSP-1 too.
    """
    parsed: Card | None = None
    if isinstance(card, Card):
        parsed = card
    elif isinstance(card, bool):
        pass
    elif isinstance(card, int):
        cards = (deck or DECK_36).cards
        if 0 <= card < len(cards):
            return cards[card]
    elif isinstance(card, str):
        try:
            parsed = Card.parse(card)
        except TutorError:
            parsed = None
    if parsed is not None and (deck is None or parsed in deck):
        return parsed
    of = f"the {deck.name} deck ({len(deck)} cards)" if deck is not None else "any deck"
    top = len((deck or DECK_36).cards) - 1
    raise DisplayError("DSP-1", f"not a card of {of}: give a Card, a text like 'TH' or '2S', "
                       f"or an int 0..{top}", where=where, what=repr(card))
