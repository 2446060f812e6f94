"""The bots' levels the table offers for each game, and the table's bot of a level.

The bots room climbs a ladder (random cards, rules of thumb, sampling + solver); the table
offers a game only the levels whose bots know that game. Hints, the comparison of two tries and
the review of the learner's play all rest on the double-dummy solver behind the sampling level,
so a game without that level has none of them yet (:func:`has_solver`).

When a game's bots learn a new level, add it to :data:`LEVELS`: nothing else here names a game.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..bots import KINDS, make_bot
from ..bots.base import Bot
from ..bots.table_bot import TablePimc
from ..games import spec
from .errors import TableError

#: Each level in a learner's words, weakest first.
LEVEL_WORDS: Mapping[str, str] = {
    "random": "random cards", "rule": "rules of thumb", "pimc": "sampling + solver (PIMC)"}
#: The levels whose bots play each game, weakest first (a game missing here has no bots yet).
LEVELS: Mapping[str, tuple[str, ...]] = {
    "six-bid-solo": ("random", "rule", "pimc"),
    "frog": ("random",),  # Frog's rule bot and its solver are still to come
}
#: The level a table starts with when the learner names none and the game has it.
PREFERRED = "rule"


def levels(game_id: str) -> tuple[str, ...]:
    """The levels of bots that play the registered game ``game_id`` (REC-2 if there is none)."""
    return LEVELS.get(spec(game_id).id, ())


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


def has_solver(game_id: str) -> bool:
    """Does the solver know ``game_id``? (hints, comparisons and the review need it)"""
    return "pimc" in levels(game_id)


def no_solver(game_id: str, what: str) -> TableError:
    """TABLE-5: ``what`` (``hints``) needs the solver, which does not know the game yet."""
    return TableError("TABLE-5", f"{what} need the double-dummy solver, which does not know "
                      f"{spec(game_id).name} yet", where=what)


def make_table_bot(level: str, seed: int, worlds: int) -> Bot:
    """The table's bot of ``level``: the sampling level sized for the table
    (:class:`~tutor.bots.table_bot.TablePimc`), the others the bots room's own."""
    if level == "pimc":
        return TablePimc(seed, worlds=worlds)
    return make_bot(level, seed)


def _offered(game_id: str) -> str:
    have = levels(game_id)
    if not have:
        return "no bot plays it yet"
    return "its bots play " + " or ".join(LEVEL_WORDS[k] for k in have)


__all__ = ["LEVELS", "LEVEL_WORDS", "PREFERRED", "check_level", "fallback_level", "has_solver",
           "level_note", "levels", "make_table_bot", "no_solver"]
