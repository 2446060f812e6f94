"""Saved deals: the folder where the table saves hand records by name and lists them to load.

A teacher puts a record in the folder; a learner picks it by name. A name is letters, digits,
spaces, ``-``, ``_`` and ``.`` (up to 60), so it cannot leave the folder; a name picked to load
must be a file directly in it. Bad input is a :class:`~tutor.play.errors.TableError` TABLE-3
naming the place. The records themselves are read and written by :mod:`tutor.engine.record`
(validated, atomic).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ..engine import record as records
from .errors import TableError

_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _.-]{0,59}$")


def deals_folder(records_dir: Path | None) -> Path:
    """The folder for saved deals, made if it is missing (TABLE-3 when there is none or it
    cannot be used)."""
    if records_dir is None:
        raise TableError("TABLE-3", "this table has no folder for deals (records_dir)",
                         where="records_dir")
    folder = records_dir.resolve()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise TableError("TABLE-3", f"cannot use the deals folder ({e.strerror})",
                         where=str(folder)) from None
    return folder


def save_path(records_dir: Path | None, name: str) -> Path:
    """Where a deal named ``name`` is saved (``.json`` added when missing)."""
    folder = deals_folder(records_dir)
    if not _NAME.match(name):
        raise TableError("TABLE-3", "a deal name is letters, digits, spaces, - _ . (up to "
                         "60)", where="Deal name", what=repr(name))
    return folder / (name if name.endswith(".json") else name + ".json")


def saved_names(records_dir: Path | None) -> list[str]:
    """The saved deals' file names, sorted (none without a folder)."""
    if records_dir is not None and records_dir.is_dir():
        return sorted(p.name for p in records_dir.glob("*.json") if p.is_file())
    return []


def load_saved(records_dir: Path | None, name: object) -> dict[str, Any]:
    """The hand record saved as ``name`` in the folder (REC-1 if it is not one; the table
    replays it when it loads it)."""
    folder = deals_folder(records_dir)
    if not isinstance(name, str) or not name:
        raise TableError("TABLE-3", "pick a saved deal first", where="Saved deals")
    path = folder / name
    if path.parent != folder or not path.is_file():
        raise TableError("TABLE-3", "no such saved deal", where="Saved deals", what=name)
    return records.load(path)


__all__ = ["deals_folder", "load_saved", "save_path", "saved_names"]
