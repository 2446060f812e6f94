"""Typed errors of the tutor.

Every error is a :class:`TutorError`, itself a :class:`ValueError`, so a caller may catch one
family. Each message names the *place* (``play[14]``, ``seat 1``, ``options.players``), what was
there, and the *rule* by id (``SBS-23``, ``REC-3``), e.g.::

    play[14]: 9H — SBS-23: must follow suit ♠

Widgets turn these into friendly messages; the command line prints the message on one line.
"""

from __future__ import annotations


class TutorError(ValueError):
    """Base of every error the tutor raises on bad input.

    ``rule`` is the rule id the input breaks, ``where`` the place it was found (may be empty),
    ``what`` the offending text, ``detail`` the explanation in words.
    """

    def __init__(self, rule: str, detail: str, *, where: str = "", what: str = "") -> None:
        self.rule = rule
        self.detail = detail
        self.where = where
        self.what = what
        super().__init__(self._message())

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
        TutorError.__init__(err, self.rule, self.detail, where=where, what=self.what)
        return err

    def __reduce__(self) -> tuple[object, ...]:  # picklable across process pools
        return (_rebuild, (type(self), self.rule, self.detail, self.where, self.what))


def _rebuild(cls: type[TutorError], rule: str, detail: str, where: str, what: str) -> TutorError:
    err = cls.__new__(cls)
    TutorError.__init__(err, rule, detail, where=where, what=what)
    return err


class NotationError(TutorError):
    """Text that is not a card, suit, rank or action token (e.g. ``"XZ"`` for a card)."""


class IllegalActionError(TutorError):
    """A well-formed action that the rules forbid here (a revoke, a bid too low, ...)."""


class RecordError(TutorError):
    """A hand record that is malformed (REC-1..6) or breaks a rule while it is replayed."""


class OptionError(TutorError):
    """An unknown option key or value for a game."""
