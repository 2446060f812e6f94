"""IPython formatters: a notebook shows the engine's objects as the display room draws them.

The engine knows nothing of its pictures (no ``_repr_svg_`` on :class:`~tutor.cards.Card`); the
display room tells IPython how to draw them instead, as the rich-display formatters of a
notebook, Voilà or an IPython shell:

- a :class:`~tutor.cards.Card` as its face (``image/svg+xml``, :func:`.cards.card_svg`);
- a :class:`~tutor.games.tapp.SeatView` as :func:`.table.view_html` draws it
  (``text/html``): a view holds only what its seat may know;
- a *finished* deal of every registered game in full (:func:`.table.deal_html`): one
  formatter for every :class:`~tutor.state.GameState`, which draws a state of a game the
  registry (:func:`tutor.games.spec`) holds; a deal in progress keeps its text form, since
  drawing it would show every hidden card (a teacher may still call ``deal_html`` on purpose).

``import tutor`` registers them when it runs under IPython (the package's ``__init__``), so a
lesson needs no setup; :func:`register_formatters` does it for any other shell. They are
registered by the types' names (IPython's deferred formatters) and draw with modules loaded on
first use, so registering them loads neither a game nor a drawing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import RecordError
from ..games import spec
from .markup import DisplayError

if TYPE_CHECKING:
    from ..cards import Card
    from ..games.tapp import SeatView
    from ..state import GameState

SVG = "image/svg+xml"
HTML = "text/html"


def card_picture(card: Card) -> str:
    """A card's face, as ``image/svg+xml``."""
    from .cards import card_svg

    return str(card_svg(card))


def view_picture(view: SeatView) -> str:
    """A seat's view, as ``text/html``."""
    from .table import view_html

    return str(view_html(view))


def deal_picture(state: GameState) -> str | None:
    """A finished deal in full, as ``text/html``; None (the text form) for a deal in progress,
    whose drawing would show the hidden hands and the widow, for a state that is not its
    registered game's (``GameSpec.game.state_class``), or for a game the display cannot draw
    yet."""
    try:
        state_class = getattr(spec(state.game.id).game, "state_class", None)
    except (AttributeError, RecordError):
        return None
    if not (isinstance(state_class, type) and isinstance(state, state_class)):
        return None
    if not state.is_terminal():
        return None
    from .table import deal_html

    try:
        return str(deal_html(state))
    except DisplayError:
        return None


#: (MIME type, the engine type's module and name, the function that draws it)
FORMATTERS: tuple[tuple[str, str, str, Any], ...] = (
    (SVG, "tutor.cards", "Card", card_picture),
    (HTML, "tutor.games.tapp", "SeatView", view_picture),
    (HTML, "tutor.state", "GameState", deal_picture),
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
    for mime, module, name, draw in FORMATTERS:
        formatters[mime].for_type_by_name(module, name, draw)
    return True


__all__ = ["FORMATTERS", "card_picture", "deal_picture", "register_formatters", "view_picture"]
