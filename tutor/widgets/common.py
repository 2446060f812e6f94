"""What every lesson widget shares: the panel shape, friendly errors, the hidden-card audit.

A lesson widget is a small Python object that *composes* ipywidgets — it is not an ipywidgets
subclass — so its game logic (an engine state, a quiz question with its answer key) stays in
plain Python attributes that are never synced to the browser. Only what the learner may see now
goes into a widget trait: HTML built by :mod:`tutor.display` from a seat's view, button labels,
feedback after an answer.

The browser can send any comm message: set any synced trait, "click" a disabled button
(ipywidgets' ``Button`` does not check ``disabled``). The kernel-side guard (:mod:`.guard`)
checks each message before ipywidgets applies it — only the traits a control's page sets, only
values the trait takes, nothing on a disabled control (PAGE-1..3) — and every handler here
re-checks the action in Python against its own state and the engine; a forged or stale event
changes nothing and shows a friendly notice that names the rule (``SBS-14: a bid must name a
strictly higher contract``) — never a traceback (:func:`guarded`).

A game's actions reach a widget as data (:class:`Catalogue`: each action's kind, words and
card, from ``game.action_info``), so its buttons are labelled and found without arithmetic on
action numbers.

Hidden information: each widget that shows part of a deal can say which cards its learner must
not see (:meth:`Panel.hidden_cards`) and which texts are not yet revealed (:meth:`Panel.secrets`,
e.g. a quiz explanation before the answer). Tests compare these with the widget state the
browser holds; with ``TUTOR_AUDIT_DIR`` set, every change is also written to
``<dir>/<kernel id>.jsonl`` so a browser test can check a page served by Voilà.
"""

from __future__ import annotations

import functools
import json
import logging
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

import ipywidgets as w  # type: ignore[import-untyped]  # ships no type hints

from ..cards import Card, card_label
from ..display.markup import esc
from ..errors import NotationError, TutorError
from ..facts import ActionInfo, ActionKind
from ..state import Action, Game
from . import guard
from .guard import subtree as subtree  # the widget tree: tests and the audit read it here

log = logging.getLogger("tutor.widgets")

#: Styles shared by the table, the advisor and the decision quizzes (on top of lesson.css).
WIDGET_CSS = """
<style>
.tutor-widget .st-scroll { overflow-x: auto; max-width: 100%; }  /* wide tables on a phone */
.tutor-widget .st-advice th, .tutor-widget .st-advice td { padding: 0.15em 0.5em; }
</style>
"""

P = ParamSpec("P")
R = TypeVar("R")


def html(value: str = "", *cls: str, shared: Shared | None = None) -> w.HTML:
    """An ``HTML`` widget with stable CSS classes (tests and the stylesheet find it by class);
    ``shared`` gives it a page's one layout and style (see :func:`button`)."""
    if shared is None:
        return w.HTML(value=value, _dom_classes=cls)
    return w.HTML(value=value, layout=shared.plain, style=shared.text, _dom_classes=cls)


def button(description: str, *, cls: str, tooltip: str = "", disabled: bool = False,
           style: str = "", shared: Shared | None = None, own_layout: bool = False,
           hidden: bool = False, classes: tuple[str, ...] = ()) -> w.Button:
    """A real ``<button>`` (Tab + Enter/Space work) with an accessible name = its label.

    ``shared`` gives it a page's one layout and one button style instead of a new pair:
    every ipywidgets model is a message to the browser and a view it builds, and a table with
    thirty buttons opens noticeably faster with sixty fewer (only for a button whose layout is
    never changed on its own; ``own_layout`` keeps a layout of its own, to be hidden alone, and
    ``hidden`` starts it hidden).
    Its CSS classes (``cls`` and ``classes``) go out with the button itself, not in a message
    after it."""
    layout = shared.layout if shared is not None and not own_layout and not hidden else \
        w.Layout(width="auto", display="none" if hidden else None)
    look = shared.look if shared is not None else w.ButtonStyle()
    return w.Button(description=description, tooltip=tooltip or description, disabled=disabled,
                    button_style=style, layout=layout, style=look,
                    _dom_classes=(cls, *classes))


#: The classes :func:`dress_card` puts on a button (so it can take them all off again).
_FACE_PREFIXES = ("st-r-", "st-s-", "st-mark-")


def dress_card(b: w.Button | w.ToggleButton, card: Card | None, *, verb: str = "",
               picked: bool = False) -> None:
    """Make button ``b`` the face of ``card`` (``None``: a plain, empty button again).

    The button's text becomes the card's spoken name — its name for screen readers ("ten of
    hearts", "…, picked" while a toggle is on) — and the lesson stylesheet draws the face over it
    from the classes set here (``st-face-btn``, ``st-r-10``, ``st-s-hearts``, ``st-red``), so
    the card itself is what the learner clicks, Tabs to and presses with Enter or Space. The
    tooltip says what pressing it does (``verb``: "play ten of hearts")."""
    kept = [c for c in b._dom_classes
            if not (c.startswith(_FACE_PREFIXES) or c in ("st-face-btn", "st-red", "st-black"))]
    with b.hold_sync():  # one message to the page, not one per class and text
        if card is None:
            b._dom_classes = tuple(kept)
            b.description = ""
            b.tooltip = ""
            return
        rank = card_label(card)[: -len(card.suit.symbol)]
        b._dom_classes = (*kept, "st-face-btn", f"st-r-{rank}", f"st-s-{card.suit.noun}",
                          "st-red" if card.suit.is_red else "st-black")
        b.description = card.name + (", picked" if picked else "")
        b.tooltip = f"{verb} {card.name}".strip()


def mark_card(b: w.Button | w.ToggleButton, mark: str) -> None:
    """Mark a card button after grading: ``right``, ``wrong``, ``missed``, ``tried`` (a first
    wrong pick, before the second try) or ``""`` for none."""
    b._dom_classes = (*(c for c in b._dom_classes if not c.startswith("st-mark-")),
                      *((f"st-mark-{mark}",) if mark else ()))


class Shared:
    """One model of each look that many controls of a page point at, each made on first use: a
    ``Layout(width="auto")`` and a ``ButtonStyle`` for buttons, a plain ``Layout`` and an
    ``HTMLStyle`` for HTML outputs and boxes, a wrapping row's layout, a panel's, and the style
    of a picker, a text field and a checkbox.

    Every ipywidgets model is a message from the kernel, one more for Voilà's server to handle
    and a view for the browser to build; a control that is never restyled or hidden on its own
    can share these (ipywidgets allows one layout or style model under many widgets). A control
    that is hidden alone keeps a layout of its own."""

    @cached_property
    def layout(self) -> w.Layout:
        return w.Layout(width="auto")

    @cached_property
    def look(self) -> w.ButtonStyle:
        return w.ButtonStyle()

    @cached_property
    def plain(self) -> w.Layout:
        """An HTML output's or a box's: no width of its own."""
        return w.Layout()

    @cached_property
    def text(self) -> w.widgets.widget_string.HTMLStyle:
        return w.widgets.widget_string.HTMLStyle()

    @cached_property
    def wrap(self) -> w.Layout:
        """A row of controls that wraps on a narrow screen."""
        return w.Layout(flex_flow="row wrap")

    @cached_property
    def panel(self) -> w.Layout:
        """A panel's box (:class:`Panel`)."""
        return w.Layout(width="100%", max_width="56rem")

    @cached_property
    def picker(self) -> w.widgets.widget_description.DescriptionStyle:
        """A dropdown's."""
        return w.widgets.widget_description.DescriptionStyle()

    @cached_property
    def field(self) -> w.widgets.widget_string.TextStyle:
        """A text field's."""
        return w.widgets.widget_string.TextStyle()

    @cached_property
    def tick(self) -> w.widgets.widget_bool.CheckboxStyle:
        """A checkbox's."""
        return w.widgets.widget_bool.CheckboxStyle()

    def alive(self) -> bool:
        """Are all the models made so far still open (a closed one cannot be shown again)?"""
        return all(x.comm is not None for x in vars(self).values() if isinstance(x, w.Widget))


_page_shared: Shared | None = None


def shared() -> Shared:
    """The page's (the kernel's) :class:`Shared` models, for every panel on it; made anew once
    one of them has been closed."""
    global _page_shared
    if _page_shared is None or not _page_shared.alive():
        _page_shared = Shared()
    return _page_shared


class Later:
    """A widget of a panel made when it is first needed, then kept and shown in its place
    among the panel's parts (:meth:`Panel.lay`): one model and one message less when the page
    opens for every widget that waits for the learner (a review's progress bar, a hint)."""

    def __init__(self, make: Callable[[], w.Widget]) -> None:
        self._make = make
        self.widget: w.Widget | None = None  # None until made
        self.panel: Panel | None = None  # set by Panel.lay

    def get(self) -> w.Widget:
        """The widget, made now if it is not yet (and shown in its place)."""
        if self.widget is None:
            self.widget = self._make()
            if self.panel is not None:
                self.panel.relay()
        return self.widget


class LaterHTML(Later):
    """An HTML output made when it first has something to show: its ``value`` reads ``""``
    until then, and setting ``""`` makes nothing."""

    def __init__(self, *cls: str, shared: Shared) -> None:
        super().__init__(lambda: html(self._first, *cls, shared=shared))
        self._first = ""

    @property
    def value(self) -> str:
        return "" if self.widget is None else str(self.widget.value)

    @value.setter
    def value(self, text: str) -> None:
        if self.widget is not None:
            self.widget.value = text
        elif text:
            self._first = text  # the widget goes to the page with it: one message
            self.get()


@dataclass(frozen=True)
class Catalogue:
    """Every action of one game as the game itself describes it (``game.action_info``): a
    widget's buttons are built from this, never from arithmetic on action numbers."""

    infos: Mapping[Action, ActionInfo]
    by_kind: Mapping[ActionKind, tuple[Action, ...]]  # in number order
    by_card: Mapping[tuple[ActionKind, Card], Action]  # a card kind's action for one card

    @classmethod
    def of(cls, game: Game) -> Catalogue:
        infos: dict[Action, ActionInfo] = {}
        for action in range(game.info.num_distinct_actions):
            try:
                infos[action] = game.action_info(action)
            except NotationError:  # a number this game leaves unused
                continue
        by_kind: dict[ActionKind, list[Action]] = {}
        for action, info in infos.items():
            by_kind.setdefault(info.kind, []).append(action)
        by_card = {(i.kind, i.card): a for a, i in infos.items() if i.card is not None}
        return cls(infos, {k: tuple(v) for k, v in by_kind.items()}, by_card)


def notice_html(text: str, rule: str = "") -> str:
    """A short friendly notice (``role="alert"``) — for input the widget refused."""
    badge = f' <span class="st-rule">{esc(rule)}</span>' if rule else ""
    return (f'<div class="st-root st-notice" role="alert">'
            f"<span aria-hidden=\"true\">⚠</span> {esc(text)}{badge}</div>")


def friendly(err: TutorError) -> tuple[str, str]:
    """A TutorError in a learner's words, and its rule id: ``("must follow suit ♠", "SBS-23")``."""
    what = f"{err.what}: " if err.what else ""
    return f"{what}{err.detail}", err.rule


class Panel:
    """The base of a lesson widget: a ``VBox`` plus a notice line for refused input.

    Subclasses build ``self.box`` children (or lay them out with :meth:`lay`, where a part
    may wait until it is first needed: :class:`Later`), call :meth:`refuse` for bad input and
    override :meth:`hidden_cards` / :meth:`secrets` when they show part of a deal or a hidden
    answer. ``self.same`` holds the page's shared layouts and styles (:class:`Shared`).
    """

    css_class = "tutor-panel"

    def __init__(self) -> None:
        guard.install()  # no message from the page sends a traceback back (:mod:`.guard`)
        #: the page's shared layouts and styles (:class:`Shared`), for the panel's controls
        self.same = shared()
        self.notice = html("", "tutor-notice", shared=self.same)
        self.box = w.VBox(layout=self.same.panel, _dom_classes=("tutor-widget", self.css_class))
        self._audit_seq = 0
        self._parts: list[w.Widget | Later] = []  # what the box shows (lay)
        guard.watch(self)

    # -- display: the panel shows as its box in JupyterLab, Voilà and nbclient --
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)

    def lay(self, parts: Sequence[w.Widget | Later]) -> None:
        """Show ``parts`` in the panel's box, in this order: a :class:`Later` part once it is
        made."""
        self._parts = list(parts)
        for part in self._parts:
            if isinstance(part, Later):
                part.panel = self
        self.relay()

    def relay(self) -> None:
        """Lay the parts out again (a :class:`Later` part was just made)."""
        kids = [p.widget if isinstance(p, Later) else p for p in self._parts]
        self.box.children = [k for k in kids if k is not None]

    # -- feedback for refused input --
    def refuse(self, text: str, rule: str = "") -> None:
        """Show why an action was refused; the state is already unchanged."""
        self.notice.value = notice_html(text, rule)

    def clear_notice(self) -> None:
        self.notice.value = ""

    # -- hidden information --
    def hidden_cards(self) -> set[Card]:
        """Cards the learner's seat must not see now (another hand, the widow, the stock)."""
        return set()

    def secrets(self) -> list[str]:
        """Texts not revealed yet (an answer's explanation); none may be in widget state."""
        return []

    def audit(self) -> None:
        """Write what is hidden now for a browser test (only when ``TUTOR_AUDIT_DIR`` is set)."""
        root = os.environ.get("TUTOR_AUDIT_DIR")
        if not root:
            return
        self._audit_seq += 1
        entry = {"model_id": self.box.model_id, "panel": type(self).__name__,
                 "seq": self._audit_seq, "hidden": sorted(c.text for c in self.hidden_cards()),
                 "secrets": self.secrets()}
        try:
            path = Path(root) / f"{_kernel_id()}.jsonl"
            with path.open("a", encoding="utf-8") as f:
                f.write(json.dumps(entry, ensure_ascii=False) + "\n")
        except OSError as e:  # an audit must never break a lesson
            log.warning("audit not written: %s", e)
            return
        # the page learns which audit its state answers to: the class goes out after every
        # change it covers, so a test compares a page caught mid-update with the right entries
        mark = f"{AUDIT_CLASS}{self.box.model_id}-"
        self.box._dom_classes = (*(c for c in self.box._dom_classes if not c.startswith(mark)),
                                 f"{mark}{self._audit_seq}")


#: with ``TUTOR_AUDIT_DIR`` set, a panel's box carries ``tutor-audit-<model id>-<seq>`` of its
#: last audit
AUDIT_CLASS = "tutor-audit-"


def _kernel_id() -> str:
    """The id of the kernel this runs in (``kernel-<id>.json``), or ``pid-<n>`` outside one."""
    try:
        from ipykernel.connect import get_connection_file

        name = Path(get_connection_file()).stem
        return name.removeprefix("kernel-")
    except Exception:  # not in a kernel (tests, scripts)
        return f"pid-{os.getpid()}"


def guarded(method: Callable[P, R]) -> Callable[P, R | None]:
    """Run a widget event handler so that no exception reaches the page.

    A :class:`TutorError` (bad input: a forged value, an illegal call) becomes a friendly
    notice with its rule id; anything else is logged and shown as a short apology. Either way
    the handler's own checks ran before any change, so nothing changed.
    """

    @functools.wraps(method)
    def run(*args: P.args, **kwargs: P.kwargs) -> R | None:
        panel = args[0]
        assert isinstance(panel, Panel)
        try:
            return method(*args, **kwargs)
        except TutorError as e:
            panel.refuse(*friendly(e))
        except Exception:  # never a traceback on a lesson page
            log.exception("widget handler failed")
            panel.refuse("Something went wrong on our side; the lesson state is unchanged.")
        return None

    return run


# --- reading widget state (tests, the benchmark and the audit use the same code) -----------------
def state_text(widgets: Iterable[w.Widget]) -> str:
    """Every synced trait of ``widgets`` as one JSON text — what a browser would receive."""
    states = {}
    for x in widgets:
        state, _, _ = w.widgets.widget._remove_buffers(x.get_state())
        states[x.model_id] = state
    return json.dumps(states, ensure_ascii=False, default=str)
