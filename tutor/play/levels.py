"""The bots' levels the table offers for each game, and the table's bot of a level.

The bots room climbs a ladder (random cards, rules of thumb, sampling + solver); the random bot
plays any game, the others only a game whose folder holds its part of them (:data:`ADAPTERS`,
the bots room's convention: ``tutor/games/<game>/bots.py`` for the rules of thumb, ``pimc.py``
for the sampling bot). The table offers a game the levels whose bots play it. Hints, the
comparison of two tries and the review of the learner's play all rest on the sampling level's
part (the solver's values read as chips), so a game without it has none of them yet
(:func:`has_pimc`); the review and the comparison also need the game's solver adapter
(:func:`has_review`), the auction's hint the game's bid advisor (:func:`has_part`).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from importlib.util import find_spec

from ..bots import KINDS, make_bot
from ..bots.base import Bot
from ..bots.table_bot import TablePimc
from ..games import spec
from .errors import TableError

#: Each level in a learner's words, weakest first.
LEVEL_WORDS: Mapping[str, str] = {
    "random": "random cards", "rule": "rules of thumb", "pimc": "sampling + solver (PIMC)"}
#: The file of a game's folder that holds its part of a level (the random bot needs none).
ADAPTERS: Mapping[str, str] = {"rule": "bots", "pimc": "pimc"}
#: The level a table starts with when the learner names none and the game has it.
PREFERRED = "rule"


@cache
def levels(game_id: str) -> tuple[str, ...]:
    """The levels of bots that play the registered game ``game_id`` (REC-2 if there is none),
    weakest first. Read off the game's folder without importing the parts (the sampling bot's
    loads the solver)."""
    folder = spec(game_id).folder
    return tuple(k for k in KINDS
                 if k not in ADAPTERS or find_spec(f"{folder}.{ADAPTERS[k]}") is not None)


def check_level(game_id: str, level: object) -> str:
    """``level`` if its bots play ``game_id``; else TABLE-2, naming the levels the game has."""
    if level not in KINDS:
        raise TableError("TABLE-2", "the bots' level is one of " + ", ".join(KINDS),
                         where="bot", what=repr(level))
    assert isinstance(level, str)
    if level not in levels(game_id):
        raise TableError("TABLE-2", f"the {LEVEL_WORDS[level]} bots do not play "
                         f"{spec(game_id).name} yet; {_offered(game_id)}", where="bot",
                         what=level)
    return level


def fallback_level(game_id: str, wanted: str) -> str:
    """``wanted`` when the game has it, else :data:`PREFERRED`, else its weakest level (TABLE-2
    when no bot plays the game at all)."""
    have = levels(game_id)
    if wanted in have:
        return wanted
    if not have:
        raise TableError("TABLE-2", f"no bot plays {spec(game_id).name} yet", where="game",
                         what=game_id)
    return PREFERRED if PREFERRED in have else have[0]


def level_note(game_id: str, wanted: str, level: str) -> str:
    """Why the table plays ``level`` instead of the ``wanted`` one ("" when it is the one)."""
    if wanted == level:
        return ""
    name = spec(game_id).name
    return (f"The {LEVEL_WORDS.get(wanted, wanted)} bots do not play {name} yet: the bots play "
            f"{LEVEL_WORDS[level]}.")


def has_pimc(game_id: str) -> bool:
    """Do the sampling bots play ``game_id``? (hints, comparisons and the review rest on them)"""
    return "pimc" in levels(game_id)


def has_part(game_id: str, file: str) -> bool:
    """Does the game's folder hold the adapter ``file`` (``solver``, ``advisor``)? Read off
    the folder without importing it."""
    return find_spec(f"{spec(game_id).folder}.{file}") is not None


def has_review(game_id: str) -> bool:
    """The review of the learner's play and the comparison of two tries value cards with the
    double-dummy solver over deals from the sampling player: does the game have both parts?"""
    return has_pimc(game_id) and has_part(game_id, "solver")


def no_review(game_id: str, what: str) -> TableError:
    """TABLE-5: ``what`` (``reviews``) rests on the sampling player and the double-dummy
    solver, and one of them does not play the game yet."""
    if not has_pimc(game_id):
        return no_pimc(game_id, what)
    return TableError("TABLE-5", f"{what} need the double-dummy solver, which does not play "
                      f"{spec(game_id).name} yet", where=what)


def no_pimc(game_id: str, what: str) -> TableError:
    """TABLE-5: ``what`` (``hints``) rests on the sampling bots, which do not play the game."""
    return TableError("TABLE-5", f"{what} need the sampling player (sampling + solver), which "
                      f"does not play {spec(game_id).name} yet", where=what)


def make_table_bot(level: str, seed: int, worlds: int, *, family: bool = True) -> Bot:
    """The table's bot of ``level``: for the Tapp ``family`` the sampling level sized for the
    table (:class:`~tutor.bots.table_bot.TablePimc`); otherwise, and for the other levels, the
    bots room's own (a game outside the family brings its strong bot in its folder)."""
    if level == "pimc" and family:
        return TablePimc(seed, worlds=worlds)
    return make_bot(level, seed)


def _offered(game_id: str) -> str:
    have = levels(game_id)
    if not have:
        return "no bot plays it yet"
    return "its bots play " + " or ".join(LEVEL_WORDS[k] for k in have)


__all__ = ["ADAPTERS", "LEVEL_WORDS", "PREFERRED", "check_level", "fallback_level", "has_part",
           "has_pimc", "has_review", "level_note", "levels", "make_table_bot", "no_pimc",
           "no_review"]
