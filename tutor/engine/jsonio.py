"""The tutor's small JSON documents in and out — hand records and progress files — with limits.

Whatever a file or a caller hands the tutor, the answer is a typed error (REC-1, naming the
limit), never a traceback, a hang or a silent loss. Every game gets this for free: the record
layer (:mod:`tutor.engine.record`) and the progress file (:mod:`tutor.quiz.progress`) read,
check and write through here. The limits (``docs/hardening.md`` says why these numbers):

- :data:`MAX_BYTES` — a file is read at most this far (``/dev/zero`` is refused after 1 MiB, not
  read until memory runs out); a text, or a Python record's strings together, no longer;
- :data:`MAX_DEPTH` — arrays and objects nested at most this deep (a record needs 3);
- :data:`MAX_VALUES` — values in one document;
- :data:`MAX_DIGITS` — digits of a whole number (a 5,000-digit number is named as such).

JSON is read strictly: a key given twice in one object, ``NaN`` and ``Infinity`` are refused.
:func:`plain` copies a Python value into plain JSON types within the same limits, so a caller's
hostile object (an ``__eq__`` or ``__repr__`` that raises, a list nested 100,000 deep) is refused
at the door and the game code only ever sees plain data. :func:`write_atomic` writes a file
whole or not at all, and clears temporary files a killed writer left behind.
"""

from __future__ import annotations

import json
import math
import os
import re
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..errors import RecordError

#: The most bytes read from one file, and the most characters of one JSON text (1 MiB).
MAX_BYTES = 1 << 20
#: The deepest nesting of arrays and objects.
MAX_DEPTH = 20
#: The most values (objects, arrays, texts, numbers...) in one document.
MAX_VALUES = 100_000
#: The most digits of a whole number.
MAX_DIGITS = 20
#: A temporary file of a write older than this (seconds) was left by a killed writer.
STALE_SECONDS = 60.0

# a JSON string, closed or running to the end of the text (a text that is not JSON anyway)
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\Z)', re.S)
_BRACKET = re.compile(r"[\[\]{}]")


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Does ``text`` nest arrays and objects more than ``limit`` deep? Counted without
    parsing (brackets outside strings), and stopping at the first level too many."""
    depth = 0
    for m in _BRACKET.finditer(_STRING.sub('""', text)):
        if m.group() in "[{":
            depth += 1
            if depth > limit:
                return True
        else:
            depth -= 1
    return False


def read_bounded(path: str | os.PathLike[str], *, where: str = "") -> bytes:
    """The bytes of the file at ``path``, read at most :data:`MAX_BYTES` + 1 far.

    REC-1 if the file holds more; ``OSError`` if it cannot be read (the caller says which
    rule: REC-1 for a record, QUIZ-4 for a progress file). A path holding a NUL character
    cannot name a file: ``OSError`` too, not ``ValueError``.
    """
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except ValueError:  # "embedded null byte": no file has that name
        raise OSError(22, "a file name cannot hold a NUL character") from None
    if len(data) > MAX_BYTES:
        raise RecordError("REC-1", f"the file holds more than {MAX_BYTES:,} bytes, the most "
                          "the tutor reads", where=where or str(path))
    return data


def parse_json(text: str | bytes, *, where: str = "record") -> Any:
    """Strict, bounded JSON: the value of ``text`` (REC-1 naming the limit or the fault)."""
    if isinstance(text, bytes | bytearray):
        if len(text) > MAX_BYTES:
            raise RecordError("REC-1", f"{len(text):,} bytes; the most the tutor reads is "
                              f"{MAX_BYTES:,}", where=where)
        try:
            text = bytes(text).decode(json.detect_encoding(text))
        except (UnicodeDecodeError, LookupError):
            raise RecordError("REC-1", "not JSON (not UTF-8 text)", where=where) from None
    if len(text) > MAX_BYTES:
        raise RecordError("REC-1", f"{len(text):,} characters; the most the tutor reads is "
                          f"{MAX_BYTES:,}", where=where)
    if too_deep(text):
        raise RecordError("REC-1", f"nested more than {MAX_DEPTH} levels deep (the most the "
                          "tutor reads)", where=where)

    def whole(digits: str) -> int:
        count = len(digits.lstrip("-"))
        if count > MAX_DIGITS:
            raise RecordError("REC-1", f"a whole number of {count:,} digits; the most the "
                              f"tutor reads is {MAX_DIGITS}", where=where)
        return int(digits)

    def real(number: str) -> float:
        value = float(number)
        if not math.isfinite(value):
            raise RecordError("REC-1", "a number too large for JSON", where=where, what=number)
        return value

    def constant(name: str) -> float:
        raise RecordError("REC-1", f"not JSON ({name} is not a JSON number)", where=where)

    try:
        return json.loads(text, object_pairs_hook=_object, parse_int=whole, parse_float=real,
                          parse_constant=constant)
    except RecordError:
        raise
    except json.JSONDecodeError as e:
        raise RecordError("REC-1", f"not JSON ({e.msg} at line {e.lineno} column {e.colno})",
                          where=where) from None
    except (ValueError, RecursionError) as e:
        raise RecordError("REC-1", f"not JSON ({type(e).__name__})", where=where) from None


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise RecordError("REC-1", "a key given twice in one object", where=key)
        out[key] = value
    return out


# --- Python values ------------------------------------------------------------------------------
def plain(value: object, *, where: str = "record") -> Any:
    """A copy of ``value`` in plain JSON types — ``dict`` with text keys, ``list`` (from a list or
    a tuple), ``str``, ``int``, finite ``float``, ``bool``, ``None`` — within the limits above.

    REC-1 names the place (``hands[0][3]``) of anything else: another type, a number too long,
    nesting too deep, too many values, or an object whose own methods raise. The walk keeps its
    own stack, so no nesting can exhaust Python's.
    """
    try:
        return _plain(value, where)
    except RecordError:
        raise
    except Exception as e:  # a hostile object's method raised (or ran out of memory)
        raise RecordError("REC-1", f"not a JSON value (reading it raised {_kind(e)})",
                          where=where) from None


def _kind(x: object) -> str:
    try:
        return str(type.__getattribute__(type(x), "__name__"))
    except Exception:  # a class that hides its own name
        return "unknown"


_TOO_LONG = 10 ** MAX_DIGITS


def _digits(n: int) -> str:
    """How many digits ``n`` has, in words (estimated past what ``str`` may convert)."""
    if n.bit_length() < 10_000:
        return f"{len(str(abs(n))):,}"
    return f"about {int(n.bit_length() * math.log10(2)):,}"


def _place(parent: str, key: str | int, where: str) -> str:
    """A value's place: ``hands[0][3]``, ``options.players``; the root is ``where``."""
    if isinstance(key, int):
        return f"{parent or where}[{key}]"
    return f"{parent}.{key}" if parent else key


def _plain(root: object, where: str) -> Any:
    top: list[Any] = [None]
    count = chars = 0
    # (value, depth, its container's place, the container its copy goes into, its key there);
    # a place is spelled out only for an error or a container's children
    stack: list[tuple[object, int, str, Any, Any]] = [(root, 0, "", top, 0)]
    while stack:
        value, depth, parent, into, key = stack.pop()
        count += 1
        if count > MAX_VALUES:
            raise RecordError("REC-1", f"more than {MAX_VALUES:,} values, the most the tutor "
                              "reads", where=where)
        kind = type(value)
        copy: Any
        if kind is str or value is None or kind is bool:
            copy = value
            if kind is str:
                chars += len(value)  # type: ignore[arg-type]
        elif isinstance(value, str):
            copy = str.__str__(value)  # a plain str, whatever the subclass overrides
            chars += len(copy)
        elif isinstance(value, int):
            copy = int.__int__(value)
            if abs(copy) >= _TOO_LONG:
                raise RecordError("REC-1", f"a whole number of {_digits(copy)} digits; the "
                                  f"most the tutor reads is {MAX_DIGITS}",
                                  where=_name(into, top, parent, key, where))
        elif isinstance(value, float):
            copy = float.__float__(value)
            if not math.isfinite(copy):
                raise RecordError("REC-1", "not a JSON number (NaN or infinite)",
                                  where=_name(into, top, parent, key, where))
        elif isinstance(value, list | tuple | Mapping):
            here = _name(into, top, parent, key, where)
            if depth >= MAX_DEPTH:
                raise RecordError("REC-1", f"nested more than {MAX_DEPTH} levels deep (the "
                                  "most the tutor reads)", where=here)
            if isinstance(value, Mapping):
                inner = "" if into is top else here  # the root's keys are named bare
                copy = {}
                for k, v in list(value.items()):
                    if not isinstance(k, str):
                        raise RecordError("REC-1", f"a key that is not text (type {_kind(k)})",
                                          where=here)
                    k = str.__str__(k)
                    copy[k] = None
                    stack.append((v, depth + 1, inner, copy, k))
            else:
                items = list(value)
                copy = [None] * len(items)
                stack.extend((v, depth + 1, here, copy, i) for i, v in enumerate(items))
        else:
            raise RecordError("REC-1", f"not a JSON value (type {_kind(value)})",
                              where=_name(into, top, parent, key, where))
        if chars > MAX_BYTES:
            raise RecordError("REC-1", f"more than {MAX_BYTES:,} characters of text, the most "
                              "the tutor reads", where=where)
        into[key] = copy
    return top[0]


def _name(into: object, top: object, parent: str, key: str | int, where: str) -> str:
    return where if into is top else _place(parent, key, where)


# --- writing ------------------------------------------------------------------------------------
def write_atomic(target: str | os.PathLike[str], text: str, *, durable: bool = False) -> None:
    """Write ``text`` to ``target`` whole or not at all: a temporary file beside it
    (``.<name>.<random>.tmp``), flushed (and ``fsync``-ed when ``durable``), renamed over the
    target. Temporary files of the same target older than :data:`STALE_SECONDS` — left by a
    writer that was killed — are removed first; a younger one may be another writer's, live.
    ``OSError`` if the directory cannot be written (the caller names the rule).
    """
    path = Path(target)
    clear_stale(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            if durable:
                os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def clear_stale(target: Path, now: float | None = None) -> list[Path]:
    """Remove the temporary files a killed writer of ``target`` left (older than
    :data:`STALE_SECONDS`); the ones removed. Never raises: a file that cannot be removed now
    is tried again at the next write."""
    now = time.time() if now is None else now
    gone = []
    try:
        found = list(target.parent.glob(f".{glob_escape(target.name)}.*.tmp"))
    except OSError:
        return []
    for tmp in found:
        try:
            if now - tmp.lstat().st_mtime > STALE_SECONDS:
                tmp.unlink()
                gone.append(tmp)
        except OSError:
            continue
    return gone


def glob_escape(name: str) -> str:
    """``name`` with the glob characters ``* ? [`` matched literally."""
    return re.sub(r"([*?\[])", r"[\1]", name)


__all__ = ["MAX_BYTES", "MAX_DEPTH", "MAX_DIGITS", "MAX_VALUES", "STALE_SECONDS", "clear_stale",
           "parse_json", "plain", "read_bounded", "too_deep", "write_atomic"]
