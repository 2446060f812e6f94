"""The kernel-side guard: no message from the page, forged or not, sends a traceback back to it.

A page talks to the kernel's widgets by *comm messages*: ``update`` sets synced traits,
``custom`` carries a click or a submit, ``request_state`` asks for the state again. ipywidgets
applies them as they come (``Widget._handle_msg``: ``set_state``, ``_handle_custom_msg``,
``send_state``): a value a trait refuses — a ``ToggleButtons`` index 99, -1 or ``"abc"``, a
Button's ``disabled`` set to ``"yes"`` — raises ``TraitError`` there, and ipywidgets shows the
traceback *on the page* (``showtraceback``), while the comm layer logs other failures (a forged
``comm_open``) on stderr, which the kernel forwards to the page too.

:func:`install` (run by every :class:`~tutor.widgets.common.Panel`) puts the guard in front:

- the kernel's ``comm_msg`` handler becomes :func:`receive`; a message for a widget goes through
  :func:`deliver`, which checks it *before* anything is set or echoed, then applies it:

  - PAGE-1 a trait the page may not set: only what ipywidgets' own controls set from the page
    (:data:`SETTABLE`: a selection's ``index``, a checkbox's or a text box's ``value``, an
    upload's ``value``), and nothing on a control that is disabled now;
  - PAGE-2 a value the control does not take (the trait's own validation, run first);
  - PAGE-3 a malformed message (not an object, an unknown method, buffers that do not match);

  a refused message changes nothing, the page is sent the control's true state again, and the
  panel that holds the control shows a notice naming the rule; whatever a handler raises while
  applying an accepted message is caught the same way (the handlers of the lesson widgets
  already turn a :class:`~tutor.errors.TutorError` into their own notice, :func:`guarded`);
- the comm layer's and the tutor's loggers write to the *kernel log* — the kernel's own stderr,
  which Voilà keeps in its server log — never to the page, with the detail (a traceback when
  there is one).
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import threading
import weakref
from collections.abc import Callable, Iterator, Mapping
from typing import Any, Protocol

import ipywidgets as w  # type: ignore[import-untyped]  # ships no type hints
from ipywidgets.widgets.widget import _instances, _put_buffers  # type: ignore[import-untyped]
from ipywidgets.widgets.widget_selection import (  # type: ignore[import-untyped]
    _MultipleSelection,
    _Selection,
)
from ipywidgets.widgets.widget_selectioncontainer import (  # type: ignore[import-untyped]
    _SelectionContainer,
)

from ..errors import TutorError, shown

log = logging.getLogger("tutor.widgets")


class PageError(TutorError):
    """A message from the page the guard refused (PAGE-1..3, see the module docstring)."""


# the refusals, in a learner's words (the kernel log adds the control, the trait and the value)
NOT_THE_PAGES = "the page may not change this control that way; nothing changed"
INACTIVE = "this control is not active now; nothing changed"
NOT_TAKEN = "that value is not one this control takes; nothing changed"


class Panel(Protocol):
    """What the guard needs of a lesson widget (:class:`tutor.widgets.common.Panel`)."""

    box: w.Box

    def refuse(self, text: str, rule: str = "") -> None: ...


#: What ipywidgets' own controls set from the page (their views call ``model.set`` on these
#: and nothing else), by widget class, most specific first. Any other trait — ``disabled``,
#: ``options``, ``description``, a layout's or a style's — is the kernel's alone.
SETTABLE: tuple[tuple[type | tuple[type, ...], frozenset[str]], ...] = (
    (w.FileUpload, frozenset({"value", "error"})),
    ((_Selection, _MultipleSelection), frozenset({"index"})),
    (_SelectionContainer, frozenset({"selected_index"})),
    ((w.Checkbox, w.ToggleButton, w.Text, w.Textarea, w.IntText, w.FloatText,
      w.BoundedIntText, w.BoundedFloatText, w.IntSlider, w.FloatSlider, w.FloatLogSlider,
      w.IntRangeSlider, w.FloatRangeSlider, w.ColorPicker, w.DatePicker),
     frozenset({"value"})),
)
#: Widgets whose page sends binary buffers with an update (an upload's file contents).
BUFFERED: tuple[type, ...] = (w.FileUpload,)

_panels: weakref.WeakSet[Panel] = weakref.WeakSet()
_installed = False
_lock = threading.Lock()
#: Messages refused since the kernel started (figures for tests and docs/hardening.md).
refused = 0


def settable(widget: w.Widget) -> frozenset[str]:
    """The traits the page may set on ``widget`` (:data:`SETTABLE`; none for the others)."""
    for kind, names in SETTABLE:
        if isinstance(widget, kind):
            return names
    return frozenset()


def watch(panel: Panel) -> None:
    """Know ``panel``, so a refusal for one of its controls shows in its notice line."""
    _panels.add(panel)


def owner(widget: w.Widget) -> Panel | None:
    """The panel whose widget tree holds ``widget`` now (None: no panel shows it)."""
    for panel in list(_panels):
        if panel.box.comm is not None and any(x is widget for x in subtree(panel.box)):
            return panel
    return None


# --- one message ------------------------------------------------------------------------------
def deliver(widget: w.Widget, msg: Mapping[str, Any]) -> PageError | None:
    """Check one comm message from the page for ``widget`` and apply it, or refuse it.

    Returns the refusal (None when the message was applied). Never raises: a refusal or a
    failure of a handler shows a notice in the widget's panel and goes to the kernel log.
    """
    global refused
    try:
        method, apply = _checked(widget, msg)
    except Exception as e:  # a PageError, or a check that itself failed on a strange message
        if not isinstance(e, PageError):
            log.error("checking a message for %s failed", type(widget).__name__, exc_info=True)
            e = PageError("PAGE-3", "a message the lesson cannot read; nothing changed",
                          where=type(widget).__name__)
        refused += 1
        _tell(widget, e, _sent_keys(msg))
        return e
    try:
        with _shell_events():
            apply()
    except Exception as e:  # a handler's own failure: the detail to the kernel log only
        refused += 1
        log.error("%s message for %s failed", method, type(widget).__name__, exc_info=True)
        err = e if isinstance(e, PageError) else PageError(
            "PAGE-2", "the lesson could not take this change; nothing changed",
            where=type(widget).__name__)
        _tell(widget, err, _sent_keys(msg), apology=not isinstance(e, PageError))
        return err
    return None


def _checked(widget: w.Widget, msg: Mapping[str, Any]) -> tuple[str, Callable[[], None]]:
    """The message's method and what applying it does — or the PageError refusing it."""
    name = type(widget).__name__
    try:
        data = msg["content"]["data"]
        buffers = list(msg.get("buffers") or [])
    except Exception:
        raise PageError("PAGE-3", "a message that is not a widget message",
                        where=name) from None
    if not isinstance(data, dict) or not isinstance(data.get("method"), str):
        raise PageError("PAGE-3", "a message without a method", where=name)
    method = data["method"]
    if method == "request_state":
        return method, widget.send_state
    if method == "custom":
        content = data.get("content")
        if not isinstance(content, dict):
            raise PageError("PAGE-3", "a custom message that is not an object", where=name)
        if getattr(widget, "disabled", False) is True:
            raise PageError("PAGE-1", INACTIVE, where=name)
        return method, lambda: widget._handle_custom_msg(content, buffers)
    if method != "update":
        raise PageError("PAGE-3", "an unknown method", where=name, what=shown(method))
    state = _checked_state(widget, data, buffers)
    return method, lambda: widget.set_state(state)


def _checked_state(widget: w.Widget, data: dict[str, Any], buffers: list[Any]
                   ) -> dict[str, Any]:
    """An update's state, each trait allowed and each value validated — nothing set yet."""
    name = type(widget).__name__
    state = data.get("state")
    if not isinstance(state, dict) or not state:
        raise PageError("PAGE-3", "an update without a state", where=name)
    allowed = settable(widget)
    for key in state:
        if key not in allowed:
            raise PageError("PAGE-1", NOT_THE_PAGES, where=f"{name}.{key}")
    if getattr(widget, "disabled", False) is True:
        raise PageError("PAGE-1", INACTIVE, where=name)
    paths = data.get("buffer_paths") or []
    if paths or buffers:
        if not isinstance(widget, BUFFERED) or not isinstance(paths, list) \
                or len(paths) != len(buffers):
            raise PageError("PAGE-3", "binary parts that do not match the update", where=name)
        state = dict(state)
        try:
            _put_buffers(state, paths, buffers)
        except Exception:
            raise PageError("PAGE-3", "binary parts that do not match the update",
                            where=name) from None
    for key, raw in state.items():
        trait = widget.traits()[key]
        from_json = widget.trait_metadata(key, "from_json", widget._trait_from_json)
        try:
            # the trait's own check and its cross-validation (an index within the options),
            # without setting anything: traitlets' ``_validate``, what ``set`` runs first
            trait._validate(widget, from_json(raw, widget))
        except Exception:
            raise PageError("PAGE-2", NOT_TAKEN, where=f"{name}.{key}",
                            what=shown(raw)) from None
    return state


def _sent_keys(msg: Mapping[str, Any]) -> list[str]:
    """The traits an update tried to set (none for a malformed message)."""
    try:
        state = msg["content"]["data"]["state"]
        return [k for k in state if isinstance(k, str)] if isinstance(state, dict) else []
    except Exception:
        return []


def _tell(widget: w.Widget, err: TutorError, keys: list[str], *, apology: bool = False
          ) -> None:
    """Log a refusal, send the page the true state of the traits it tried to set (so the page
    shows what the kernel holds), show the panel's notice."""
    log.warning("refused a message from the page: %s", err)
    synced = [k for k in keys if k in widget.keys]
    if synced:
        with contextlib.suppress(Exception):  # a closed widget has no comm to send on
            widget.send_state(synced)
    try:
        panel = owner(widget)
    except Exception:  # never let the telling fail the guard
        log.error("no panel found for a refusal", exc_info=True)
        return
    if panel is None:
        return
    if apology:
        panel.refuse("Something went wrong on our side; the lesson state is unchanged.")
    else:
        panel.refuse(err.detail, err.rule)


@contextlib.contextmanager
def _shell_events() -> Iterator[None]:
    """The shell's ``pre_execute``/``post_execute`` around a handler, as the comm layer does
    (a figure drawn by a handler is flushed at ``post_execute``)."""
    ipython = sys.modules.get("IPython")
    shell = getattr(ipython, "get_ipython", lambda: None)() if ipython else None
    if shell is not None:
        shell.events.trigger("pre_execute")
    try:
        yield
    finally:
        if shell is not None:
            shell.events.trigger("post_execute")


# --- the widget tree ---------------------------------------------------------------------------
def subtree(widget: w.Widget) -> Iterator[w.Widget]:
    """The widget and every widget it refers to (children, layout, style), each once (a closed
    one, which the page no longer has, is left out)."""
    seen: set[str] = set()
    stack: list[Any] = [widget]
    while stack:
        x = stack.pop()
        if isinstance(x, w.Widget):
            if x.comm is None or x.model_id in seen:
                continue
            seen.add(x.model_id)
            yield x
            for name in x.keys:
                stack.append(getattr(x, name, None))
        elif isinstance(x, list | tuple):
            stack.extend(x)


# --- the kernel --------------------------------------------------------------------------------
def receive(original: Callable[..., Any]) -> Callable[..., None]:
    """The kernel's ``comm_msg`` handler with the guard in front (``original``: the comm
    layer's own handler, for comms that are not widgets)."""

    def handle(stream: Any, ident: Any, msg: Any) -> None:
        try:
            comm_id = msg["content"]["comm_id"]
            widget = _instances.get(comm_id) if isinstance(comm_id, str) else None
        except Exception:
            log.warning("refused a comm message without a comm id")
            return
        if widget is not None:
            deliver(widget, msg)
            return
        try:
            original(stream, ident, msg)
        except Exception:
            log.error("comm message for %s failed", shown(comm_id), exc_info=True)

    handle.tutor_guard = True  # type: ignore[attr-defined]
    return handle


def install() -> None:
    """Route the loggers to the kernel log and put :func:`receive` in front of the kernel's
    comm messages (once per kernel; outside a kernel only the loggers)."""
    global _installed
    with _lock:
        if _installed:
            return
        _installed = True
    kernel = _kernel()
    handler = logging.StreamHandler(_kernel_stderr())
    handler.setFormatter(logging.Formatter("[%(name)s] %(levelname)s | %(message)s"))
    for name in ("tutor", "Comm", "ipykernel.comm", "traitlets"):
        logger = logging.getLogger(name)
        logger.addHandler(handler)
        # in a kernel, a handler further up may write to the forwarded stderr: stop here
        logger.propagate = kernel is None
    handlers = getattr(kernel, "shell_handlers", None)
    if isinstance(handlers, dict) and "comm_msg" in handlers \
            and not getattr(handlers["comm_msg"], "tutor_guard", False):
        handlers["comm_msg"] = receive(handlers["comm_msg"])


def _kernel() -> Any:
    ipython = sys.modules.get("IPython")
    shell = getattr(ipython, "get_ipython", lambda: None)() if ipython else None
    return getattr(shell, "kernel", None)


def _kernel_stderr() -> Any:
    """The kernel process's own stderr: ipykernel forwards ``sys.stderr`` — and descriptor 2
    — to the page, and keeps the real one as ``_original_stdstream_copy``."""
    fd = getattr(sys.stderr, "_original_stdstream_copy", None)
    if isinstance(fd, int):
        with contextlib.suppress(OSError):
            return os.fdopen(fd, "w", buffering=1, encoding="utf-8", errors="backslashreplace",
                             closefd=False)
    return sys.__stderr__


__all__ = ["BUFFERED", "SETTABLE", "PageError", "deliver", "install", "owner", "receive",
           "settable", "subtree", "watch"]
