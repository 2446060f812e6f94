"""Display: pure functions that draw cards, hands, tricks, views and deals as SVG/HTML strings.

Nothing here imports ipywidgets or keeps state; every function returns a ``str`` subclass
(:class:`SvgStr` / :class:`HtmlStr`) that Jupyter renders through ``_repr_svg_`` /
``_repr_html_`` and that a widget puts into ``ipywidgets.HTML(value=...)``.

The API a lesson or a widget uses:

- ``card_svg(card, *, four_colour=False, face_down=False, width=64, emphasis="") -> SvgStr`` —
  one card of any deck (a Card, ``"TH"``/``"10♥"``/``"2S"`` or an engine int); ``role="img"``,
  ``aria-label="ten of hearts"``, ``<title>``; classes ``st-red``/``st-black``, ``st-pip``.
- ``card_back_svg(*, width=64)`` — a face-down card.
- ``hand_svg(cards, *, overlap=0.45, sort=True, emphasis={card: "selected"}, face_down=0,
  deck=None)`` — a hand as one ``role="group"`` SVG holding one ``role="img"`` SVG per card,
  sorted in the game's deck (``game.info.deck``).
- ``trick_svg(cards, *, seats=None, labels=None, winner=None, slots=3, per_row=None)`` — a
  trick in play order (up to 12 places), captioned by seat; ``winner`` only once the learner
  may know it.
- ``cards_html(cards, *, emphasis=None)`` — separate card SVGs in a wrapping row.
- ``view_html(view, *, emphasis=None, show_tricks=False)`` — a SeatView (never more), its
  seats around the table.
- ``deal_html(state_or_record)`` — a whole deal with all tricks and the settlement (Six-Bid
  Solo's and Frog's deals).
- ``ring_html(places, centre)``, ``ring_plan(n)`` — 2 to 12 seats around a table (:mod:`.ring`),
  legible on a desktop and at 360 px.
- ``rank_ladder_svg(suit, deck=DECK_36)``, ``points_table_html(deck=DECK_36, rule="SBS-3")``
  — lesson helpers (SBS-2, SBS-3; any deck).
- ``question_html(question, *, emphasis=None, feedback=None)``, ``feedback_html(feedback)``,
  ``score_html(score)``, ``rules_html(rules)`` — a quiz question's prompt and exhibit (never its
  choices or its answer; ``emphasis`` echoes the learner's picks) and the feedback after
  grading (``role="status"``, rule ids as badges); ``question_html(q, feedback=fb)`` redraws
  the exhibit after grading with right / wrong / missed marks (``feedback_emphasis(fb)``) and
  a trick's winner; see :mod:`tutor.quiz`.
- ``calls_html(calls, active, game=...)``, ``facts_html(rows)`` — an auction's calls,
  label/value lines.
- ``seat_label``, ``position_name``, ``contract_words`` — a game's words (``game=`` a record
  id, Six-Bid Solo's by default), read off its presentation.
- :mod:`.play_table` — the play table's status line, seat view, log, settlement and review of
  the learner's play (for :class:`tutor.widgets.TableWidget`).
- ``lesson_css()`` — the text of ``assets/lesson.css``; ``style_html()`` wraps it in ``<style>``
  (display it once per page).

Emphasis names: ``selected``, ``legal``, ``winner``, ``right``, ``wrong``, ``missed``, ``dim``.
Themes: colours are ``--st-*`` CSS variables falling back to JupyterLab's ``--jp-*`` theme
variables and then to light defaults, so a card alone follows JupyterLab/Voilà light and dark;
``assets/lesson.css`` adds layout, narrow screens and ``prefers-color-scheme`` outside Jupyter.
Text form (``text/plain``) of every drawing is short: ``<svg: ten of hearts>``.
Games: the display never imports a game's rules. It asks the registry for a game's words (its
presentation) and deck, and a game's own ``tutor/games/<game>/display.py`` for what its whole
deal adds (:mod:`.adapter`).
Notebooks: :func:`register_formatters` (:mod:`.ipython`) tells IPython to draw a ``Card``, a
``SeatView`` and, for a finished deal only, the state of every registered game with these
functions; ``import tutor`` calls it under IPython. The engine has no ``_repr_*`` hooks: it
never imports the display.
Bad input raises :class:`DisplayError` (DSP-1 not a card, DSP-2 bad option, DSP-3 wrong object).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the names below are imported on first use: a page loads only its drawings
    from .cards import (
        EMPHASES,
        PIP_COUNT,
        card_back_svg,
        card_svg,
        hand_svg,
        rank_ladder_svg,
        suit_colour_class,
        trick_svg,
    )
    from .ipython import register_formatters
    from .markup import DisplayError, HtmlStr, SvgStr, as_card
    from .quiz import (
        feedback_emphasis,
        feedback_html,
        lesson_css,
        pick_html,
        question_html,
        retry_html,
        rules_html,
        score_html,
        style_html,
    )
    from .ring import SeatPlace, ring_html, ring_plan
    from .table import (
        calls_html,
        cards_html,
        contract_words,
        deal_html,
        facts_html,
        points_table_html,
        position_name,
        seat_label,
        trick_seats,
        view_html,
    )

_WHERE = {
    "EMPHASES": "cards", "PIP_COUNT": "cards", "card_back_svg": "cards", "card_svg": "cards",
    "hand_svg": "cards", "rank_ladder_svg": "cards", "suit_colour_class": "cards",
    "trick_svg": "cards",
    "register_formatters": "ipython",
    "DisplayError": "markup", "HtmlStr": "markup", "SvgStr": "markup", "as_card": "markup",
    "feedback_emphasis": "quiz", "feedback_html": "quiz", "lesson_css": "quiz",
    "pick_html": "quiz", "question_html": "quiz", "retry_html": "quiz", "rules_html": "quiz",
    "score_html": "quiz", "style_html": "quiz",
    "SeatPlace": "ring", "ring_html": "ring", "ring_plan": "ring",
    "calls_html": "table", "cards_html": "table", "contract_words": "table",
    "deal_html": "table", "facts_html": "table", "points_table_html": "table",
    "position_name": "table", "seat_label": "table", "trick_seats": "table",
    "view_html": "table",
}  # fmt: skip


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f".{module}", __name__), name)


__all__ = [
    "EMPHASES",
    "PIP_COUNT",
    "DisplayError",
    "HtmlStr",
    "SeatPlace",
    "SvgStr",
    "as_card",
    "calls_html",
    "card_back_svg",
    "card_svg",
    "cards_html",
    "contract_words",
    "deal_html",
    "facts_html",
    "feedback_emphasis",
    "feedback_html",
    "hand_svg",
    "lesson_css",
    "pick_html",
    "points_table_html",
    "position_name",
    "question_html",
    "rank_ladder_svg",
    "register_formatters",
    "retry_html",
    "ring_html",
    "ring_plan",
    "rules_html",
    "score_html",
    "seat_label",
    "style_html",
    "suit_colour_class",
    "trick_seats",
    "trick_svg",
    "view_html",
]
