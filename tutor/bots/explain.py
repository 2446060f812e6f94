"""Why a card was played: the rule bot's reasons, as "why" notes on a replayed deal.

A worked deal teaches more when it says *why* — why that trump, why that lead, why that card
was called. The rule bot (:class:`tutor.bots.rule_bot.RuleBot`) gives a reason for each of its
choices, read from the one seat's view it plays from. :func:`why_notes` replays a deal, asks the
rule bot at every step what it would do, and where it would do what was done, keeps its reason
as a note on that action — for the moments that teach the most, at most ``limit`` of them:

1. the bid that won the auction,
2. the declaration (trump, Call Solo's call and the card given back, Frog's discard …),
3. the opening lead,
4. then the cards of the tricks with the most points at stake, the bidder's first.

A forced action (the only legal one) teaches nothing and is never a note. A note reads like
"Why trump ♣? 5 trumps ♣ ≈ 4 tricks, side suits ≈ 1 …" with cards in the lessons' notation
(10♥ for the ten). The notes name only what the deciding seat could see; a replay shown from
another seat must still hold back a note that names a card that seat cannot see yet
(:mod:`tutor.widgets.replay` does).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from typing import Any

from ..games.tapp import AUCTION, DECLARE, PASS, PLAY, POINTS, TappState
from .rule_bot import RuleBot

#: How many notes a deal gets at most.
LIMIT = 5
_TEN = re.compile(r"\bT([♣♠♥♦])")


def note_words(reason: str, who: str = "") -> str:
    """``trump ♣: 5 trumps …`` -> ``Why trump ♣ (the bidder)? 5 trumps …`` (tens written
    10♣); ``who`` names the seat that decided."""
    head, _, why = reason.partition(": ")
    head += f" ({who})" if who else ""
    text = f"Why {head}? {why[:1].upper()}{why[1:]}" if why else f"Why {head}?"
    text = _TEN.sub(r"10\1", text)
    return text if text.endswith((".", "?", ")")) else text + "."


def why_notes(final: TappState, record: Mapping[str, Any], limit: int = LIMIT,
              seats: Collection[int] | None = None) -> dict[int, str]:
    """``{index of an action in the deal's history: its note}`` for at most ``limit`` actions
    (see the module docstring), replaying ``record`` (whose end is ``final``) from its deal;
    only the actions of ``seats`` when given."""
    state = final.game.from_record_deal(record)
    bot = RuleBot(0)
    history = final.history()
    reasons: dict[int, str] = {}
    kind: dict[int, str] = {}
    who: dict[int, int] = {}
    phase_of: list[str] = []
    for i, action in enumerate(history):
        seat = state.to_move
        if seat is None:
            break
        phase = state.phase
        phase_of.append(phase)
        view = state.view(seat)
        if len(view.legal) > 1 and (seats is None or seat in seats):
            choice, why = bot.act(view)
            if choice == action and not (phase == AUCTION and action == PASS):
                reasons[i] = why
                kind[i] = phase
                who[i] = seat
        state.apply(action)
    last_bid = max((i for i, p in enumerate(phase_of) if p == AUCTION and history[i] != PASS),
                   default=-1)
    picked: list[int] = [last_bid] if last_bid in reasons else []  # the bid that won
    picked += [i for i in reasons if kind[i] == DECLARE]
    plays = [i for i in range(len(history)) if i in reasons and kind[i] == PLAY]
    first_card = next((i for i, p in enumerate(phase_of) if p == PLAY), None)
    if first_card is not None and first_card in reasons:
        picked.append(first_card)
    places = len(final.active)

    def stake(i: int) -> tuple[int, int]:
        k = (i - (first_card or 0)) // places
        points = sum(POINTS[c] for c in final.tricks[k][1]) if k < len(final.tricks) else 0
        return (int(who[i] == final.bidder), points)

    for i in sorted(plays, key=stake, reverse=True):
        if len(picked) >= limit:
            break
        if i not in picked:
            picked.append(i)
    return {i: note_words(reasons[i], "the bidder" if who[i] == final.bidder
                          else f"seat {who[i]}") for i in sorted(picked[:limit])}


__all__ = ["LIMIT", "note_words", "why_notes"]
