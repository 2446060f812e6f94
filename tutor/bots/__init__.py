"""A ladder of sparring partners, each seeded, each seeing only its seat's view.

- :class:`~tutor.bots.random_bot.RandomBot` — any legal action, in any registered game;
- :class:`~tutor.bots.rule_bot.RuleBot` — readable rules of thumb, each choice with a reason
  (a game's bidding and declaring from ``tutor/games/<game>/bots.py``: Six-Bid Solo, Frog,
  Crazy Solo, which also plays its own cards: it reads who the secret partner may be);
- :class:`~tutor.bots.pimc.PimcBot` — sampled worlds solved double-dummy (Perfect Information
  Monte Carlo), for a game with a double-dummy solver and ``tutor/games/<game>/pimc.py``
  (Six-Bid Solo and Frog, bidding through the bid advisor; Crazy Solo, searching the last tricks
  and playing out the earlier ones, weighing its calls by playouts; Sixty-Six, the strong bot:
  each world searched, the endgame exact).

Sixty-Six's rule and strong bots take every turn through the game's own ``act`` and remember
the tricks they saw (no single view shows them): keep one bot per seat for a deal, and give it
every view of its turns.

``make_bot(kind, seed)`` builds one by name; :mod:`tutor.bots.arena` plays them against each
other in duplicate.
"""

from __future__ import annotations

from typing import Any

from .base import Bot

KINDS = ("random", "rule", "pimc")


def make_bot(kind: str, seed: int | None = None, **options: Any) -> Bot:
    """A bot by name (``random``, ``rule``, ``pimc``), seeded."""
    if kind == "random":
        from .random_bot import RandomBot
        return RandomBot(seed)
    if kind == "rule":
        from .rule_bot import RuleBot
        return RuleBot(seed)
    if kind == "pimc":
        from .pimc import PimcBot  # imports the solver: loaded only when asked for
        return PimcBot(seed, **options)
    from ..errors import OptionError
    raise OptionError("REC-2", "unknown bot kind; one of " + ", ".join(KINDS), where="bot",
                      what=repr(kind))


__all__ = ["KINDS", "Bot", "make_bot"]
