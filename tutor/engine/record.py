"""Hand records (``tutor-record/1``, see ``shared/hand-record.md``): load, validate, save, replay.

A record is replayed action by action through the same checked ``apply`` as live play, so it
either reaches a legal position or is rejected with a :class:`TutorError` naming the place and
the rule (``play[14]: 9H — SBS-23: must follow suit ♠``). Format rules:

- REC-1 not JSON, not an object, a required key missing, unknown ``format``;
- REC-2 unknown game, option key or value;   REC-3 unknown card text;   REC-4 a card twice;
- REC-5 wrong hand sizes or wrong empty seats;   REC-6 dealer out of range.

Hostile input stops at the door (:mod:`tutor.engine.jsonio`): a file is read at most 1 MiB far,
JSON is read strictly (a key twice is REC-1), and every record, from a file or a caller, is
first copied into plain JSON values within the limits — too deep, too long, a number of 5,000
digits or an object that is not JSON is REC-1 naming the limit, before any game sees it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from typing import Any

from ..errors import RecordError, TutorError
from ..games import make_game, spec
from ..state import GameState
from .jsonio import parse_json, plain, read_bounded, write_atomic

FORMAT = "tutor-record/1"
REQUIRED = ("format", "game", "dealer", "hands")
#: Sections another room keeps beside the deal, which replay reads past (a play problem's,
#: README "Play problems"; checked by tutor.problems.problem).
SECTIONS = frozenset({"problem"})


def parse(text: str | bytes) -> dict[str, Any]:
    """JSON text → a record object (REC-1 if it is not JSON or not an object, or breaks a limit
    of :mod:`~tutor.engine.jsonio`)."""
    data = parse_json(text, where="record")
    if not isinstance(data, dict):
        raise RecordError("REC-1", "a record is a JSON object", where="record")
    return data


def load(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Read a record file (not yet replayed: see :func:`state_of`); at most 1 MiB is read."""
    try:
        raw = read_bounded(path)
    except OSError as e:
        raise RecordError("REC-1", f"cannot read the file ({e.strerror})",
                          where=str(path)) from None
    return parse(raw)


def dumps(record: Mapping[str, Any]) -> str:
    """A record as JSON text, keys in the documented order, one hand per line."""
    lines = ["{"]
    items = [(k, record[k]) for k in ("format", "game", "options", "dealer", "hands", "widow",
                                      "turnup", "stock", "blind", "calls", "declare",
                                      "play") if k in record]
    for i, (k, v) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        if k == "hands":
            inner = ",\n            ".join(json.dumps(h, ensure_ascii=False) for h in v)
            lines.append(f'  "hands": [{inner}]{comma}')
        else:
            lines.append(f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def save(record: Mapping[str, Any], path: str | os.PathLike[str]) -> None:
    """Write a record atomically (a temporary file renamed over the target; REC-1 if the file
    cannot be written, and nothing is changed)."""
    clean = plain(record)
    state_of(clean)  # never write a record that does not replay
    try:
        write_atomic(path, dumps(clean))
    except OSError as e:
        raise RecordError("REC-1", f"cannot write the file ({e.strerror or e})",
                          where=str(path)) from None


def check_shape(record: object) -> Mapping[str, Any]:
    """REC-1 checks common to every game: an object with the required keys and our format."""
    if not isinstance(record, Mapping):
        raise RecordError("REC-1", "a record is a JSON object", where="record")
    for key in REQUIRED:
        if key not in record:
            raise RecordError("REC-1", "required key missing", where=key)
    if record["format"] != FORMAT:
        raise RecordError("REC-1", f"unknown format (expected {FORMAT})", where="format",
                          what=repr(record["format"]))
    return record


def state_of(record: object) -> GameState:
    """Validate and replay a record: the state it reaches (or a TutorError, never another)."""
    rec = check_shape(plain(record))
    options = rec.get("options", {})
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise RecordError("REC-1", "options must be an object", where="options")
    hands = rec["hands"]
    if "players" not in options and isinstance(hands, list) and spec(rec["game"]).game \
            .players_from_hands:
        options = {**options, "players": len(hands)}
    game = make_game(rec["game"], options)  # REC-2: the game, its option keys and values
    if "players" in options and isinstance(hands, list) and len(hands) != game.players:
        raise RecordError("REC-5", f"options.players is {options['players']} but hands lists "
                          f"{len(hands)} seats", where="hands")
    for key in rec:
        if key not in game.record_keys and key not in SECTIONS:
            raise RecordError("REC-1", f"unknown key for a {game.id} record", where=str(key))
    state = game.from_record_deal(rec)
    game.replay_record(state, rec)
    return state


def replay(record: object) -> dict[str, Any]:
    """The replay object of ``hand-record.md`` (what ``python -m tutor replay`` prints)."""
    state = state_of(record)
    return state.game.describe(state)


def record_of(state: GameState) -> dict[str, Any]:
    """The record of a state: the deal and every action so far."""
    return state.game.record_of(state)


__all__ = ["FORMAT", "TutorError", "dumps", "load", "parse", "record_of", "replay", "save",
           "state_of"]
