"""Widgets: the lessons' interactive parts — the only package that imports ipywidgets.

Each widget composes the engine (:mod:`tutor.games`), the quizzes (:mod:`tutor.quiz`) and the
drawings (:mod:`tutor.display`); it holds no rules of its own. Display one in a notebook cell::

    from tutor.widgets import QuizWidget
    QuizWidget(["legal-plays", "trick-winner"])

- :class:`QuizWidget` — questions of some kinds, graded in Python, with feedback citing rule
  ids and the session score; :class:`LearnerBox` — whose progress file the page uses.
- :class:`DealReplay` — a hand record replayed step by step from one seat's view, with "why"
  notes; :class:`GuidedHand` — a first hand played with the learner deciding, each choice
  answered with its reasons; :class:`MasteryView` — mastery per lesson and per rule, and
  practice of the weak rules.
- :class:`AuctionExplorer` — make the calls of an auction and read who speaks next and why.
- :class:`CutForDealer`, :class:`DealStepper` — the cut for the first dealer, the deal packet
  by packet.
- :class:`TableWidget` (its game, without a UI: :class:`tutor.play.session.TableGame`) — play
  one seat of a deal against the bots; :class:`AdvisorPanel` — the bid advisor on a hand;
  :class:`DecisionQuiz` — *what would you bid?*, *which card?* and Frog's *which three to
  discard?* (both pick Six-Bid Solo or Frog). These load the solver on the learner's first
  click that needs it (:mod:`.engine`), not when the page opens.
- :func:`lesson_style` — the lesson stylesheet, displayed once at the top of a lesson.

Every widget re-checks every event in Python (the browser can forge any of them) and turns bad
input into a notice with its rule id, never a traceback; nothing the learner's seat may not see
— another hand, the widow, an answer — is put into widget state before it is revealed.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the names below are imported on first use: a lesson loads only its own
    from ..display.markup import HtmlStr
    from .advisor_panel import AdvisorPanel
    from .auction import AuctionExplorer
    from .common import Panel
    from .deal import CutForDealer, DealStepper
    from .decisions import DecisionQuiz
    from .guided import GuidedHand
    from .mastery import MasteryView
    from .quiz import Learner, LearnerBox, QuizWidget, page_learner
    from .replay import DealReplay
    from .table import TableWidget

_WHERE = {
    "AdvisorPanel": "advisor_panel", "AuctionExplorer": "auction", "CutForDealer": "deal",
    "DealReplay": "replay", "DealStepper": "deal", "DecisionQuiz": "decisions",
    "GuidedHand": "guided", "Learner": "quiz", "LearnerBox": "quiz", "MasteryView": "mastery",
    "Panel": "common", "QuizWidget": "quiz",
    "TableWidget": "table", "page_learner": "quiz",
}  # fmt: skip


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'tutor.widgets' has no attribute {name!r}")
    return getattr(import_module(f".{module}", __name__), name)


def lesson_style() -> HtmlStr:
    """The lesson stylesheet as a ``<style>`` element (display it once per page)."""
    from ..display import style_html

    return style_html()


__all__ = ["AdvisorPanel", "AuctionExplorer", "CutForDealer", "DealReplay", "DealStepper",
           "DecisionQuiz", "GuidedHand", "Learner", "LearnerBox", "MasteryView", "Panel",
           "QuizWidget", "TableWidget", "lesson_style", "page_learner"]
