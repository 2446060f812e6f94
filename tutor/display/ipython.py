"""IPython formatters: a notebook shows the engine's objects as the display room draws them.

The engine knows nothing of its pictures (no ``_repr_svg_`` on :class:`~tutor.cards.Card`); the
display room tells IPython how to draw them instead, as the rich-display formatters of a
notebook, Voilà or an IPython shell:

- a :class:`~tutor.cards.Card` as its face (``image/svg+xml``, :func:`.cards.card_svg`);
- a :class:`~tutor.games.tapp.SeatView` as :func:`.table.view_html` draws it
  (``text/html``): a view holds only what its seat may know;
- a *finished* deal of every registered game whose deals the display draws (each game's
  ``state_class``, asked of the registry :data:`tutor.games.SPECS`: Six-Bid Solo's and Frog's
  states) in full (:func:`.table.deal_html`); a deal in progress keeps its text form, since
  drawing it would show every hidden card (a teacher may still call ``deal_html`` on purpose).

``import tutor`` registers them when it runs under IPython (the package's ``__init__``), so a
lesson needs no setup; :func:`register_formatters` does it for any other shell.
"""

from __future__ import annotations

from typing import Any

from ..cards import Card
from ..games import SPECS
from ..games.tapp import SeatView, TappState
from .cards import card_svg
from .markup import DisplayError
from .table import deal_html, view_html

SVG = "image/svg+xml"
HTML = "text/html"


def card_picture(card: Card) -> str:
    """A card's face, as ``image/svg+xml``."""
    return str(card_svg(card))


def view_picture(view: SeatView) -> str:
    """A seat's view, as ``text/html``."""
    return str(view_html(view))


def deal_picture(state: TappState) -> str | None:
    """A finished deal in full, as ``text/html``; None (the text form) for a deal in progress,
    whose drawing would show the hidden hands and the widow, or for a game the display cannot
    draw yet."""
    if not state.is_terminal():
        return None
    try:
        return str(deal_html(state))
    except DisplayError:
        return None


def state_types() -> tuple[type, ...]:
    """The state class of every registered game (the registry's ``GameSpec.game.state_class``)."""
    found = (getattr(s.game, "state_class", None) for s in SPECS)
    return tuple(t for t in found if isinstance(t, type))


#: (MIME type, engine type, the function that draws it)
FORMATTERS: tuple[tuple[str, type, Any], ...] = (
    (SVG, Card, card_picture),
    (HTML, SeatView, view_picture),
    *((HTML, t, deal_picture) for t in state_types()),
)


def register_formatters(ip: Any = None) -> bool:
    """Register the pictures with the IPython shell ``ip`` (by default the running one).

    Returns False, doing nothing, outside IPython (no shell running, or IPython not installed);
    registering twice replaces the same entries.
    """
    if ip is None:
        try:
            from IPython import get_ipython
        except ImportError:
            return False
        ip = get_ipython()
        if ip is None:
            return False
    formatters = ip.display_formatter.formatters
    for mime, kind, draw in FORMATTERS:
        formatters[mime].for_type(kind, draw)
    return True


__all__ = ["FORMATTERS", "card_picture", "deal_picture", "register_formatters", "state_types",
           "view_picture"]
