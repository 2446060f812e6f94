"""Typed errors of the tutor.

Every error is a :class:`TutorError`, itself a :class:`ValueError`, so a caller may catch one
family. Each message names the *place* (``play[14]``, ``seat 1``, ``options.players``), what was
there, and the *rule* by id (``SBS-23``, ``REC-3``), e.g.::

    play[14]: 9H — SBS-23: must follow suit ♠

Widgets turn these into friendly messages; the command line prints the message on one line.
A message never repeats a long value whole: ``where`` and ``what`` keep their first
:data:`SHOWN` characters and say how long the value was (:func:`shorten`), so a 10 MB token in
a record gives a one-line error, not a 10 MB one.
"""

from __future__ import annotations

import re

#: The most characters of a value (``where``, ``what``) an error message repeats.
SHOWN = 60
#: The most characters of an error's explanation (it may quote a value too).
SHOWN_DETAIL = 400


def shorten(text: str, limit: int = SHOWN, *, controls: bool = True) -> str:
    """``text`` as an error message shows it: whole if short, else its first ``limit``
    characters and its length (``'xxxx…' (10,000,002 characters)``). A lone surrogate, which
    no file or page can carry, is shown as its escape (``\\ud800``), and so is a control
    character (``\\x1b``: a terminal would obey it) unless ``controls`` is False."""
    if len(text) > limit:
        text = f"{text[:limit]}… ({len(text):,} characters)"
    if controls:
        text = _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)
    if not text.isascii():
        text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def shown(value: object) -> str:
    """``repr(value)`` for an error message, shortened — or the value's type when its own
    ``__repr__`` raises or recurses without end (a caller's hostile object)."""
    try:
        return shorten(repr(value))
    except Exception:
        try:
            return f"<a {type.__getattribute__(type(value), '__name__')}>"
        except Exception:
            return "<an object>"


class TutorError(ValueError):
    """Base of every error the tutor raises on bad input.

    ``rule`` is the rule id the input breaks, ``where`` the place it was found (may be empty),
    ``what`` the offending text, ``detail`` the explanation in words.
    """

    def __init__(self, rule: str, detail: str, *, where: str = "", what: str = "") -> None:
        self._keep(rule, shorten(detail, SHOWN_DETAIL, controls=False), shorten(where),
                   shorten(what))

    def _keep(self, rule: str, detail: str, where: str, what: str) -> None:
        """Set the fields as given (already shortened) and the message."""
        self.rule = rule
        self.detail = detail
        self.where = where
        self.what = what
        ValueError.__init__(self, self._message())

    def _message(self) -> str:
        head = ""
        if self.where and self.what:
            head = f"{self.where}: {self.what} — "
        elif self.where:
            head = f"{self.where}: "
        elif self.what:
            head = f"{self.what} — "
        return f"{head}{self.rule}: {self.detail}"

    def at(self, where: str) -> TutorError:
        """The same error, placed at ``where`` (e.g. ``play[14]``); the class is kept."""
        err = type(self).__new__(type(self))
        err._keep(self.rule, self.detail, shorten(where), self.what)
        return err

    def __reduce__(self) -> tuple[object, ...]:  # picklable across process pools
        return (_rebuild, (type(self), self.rule, self.detail, self.where, self.what))


def _rebuild(cls: type[TutorError], rule: str, detail: str, where: str, what: str) -> TutorError:
    err = cls.__new__(cls)
    err._keep(rule, detail, where, what)
    return err


class NotationError(TutorError):
    """Text that is not a card, suit, rank or action token (e.g. ``"XZ"`` for a card)."""


class IllegalActionError(TutorError):
    """A well-formed action that the rules forbid here (a revoke, a bid too low, ...)."""


class RecordError(TutorError):
    """A hand record that is malformed (REC-1..6) or breaks a rule while it is replayed."""


class OptionError(TutorError):
    """An unknown option key or value for a game."""
